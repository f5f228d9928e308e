"""Hostile round 35b on the core's cleaner. Each test failed before its fix."""

from __future__ import annotations

import errno
import subprocess
import sys
import textwrap
from pathlib import Path

from helpers.texts import EN_A

from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder.actions import expected_of, trash_scanned
from simcompare.core.folder.scan import ScanOptions, scan


def test_a_trash_that_cannot_find_the_home_folder_is_not_called_a_swapped_folder(tmp_path: Path) -> None:
    """send2trash, with HOME naming a folder that does not exist (a service's /nonexistent), raises
    FileNotFoundError for the home folder: the file was put back and said to be "left where it was" because "a
    folder on its path was swapped", which nothing did."""
    root = tmp_path / "docs"
    root.mkdir()
    (root / "a.txt").write_text(EN_A, encoding="utf-8")
    result = scan(root, Config(segmenter="words"), ScanOptions(workers=1, in_process=True))
    home = tmp_path / "nonexistent"

    def trash(path: str) -> None:
        raise FileNotFoundError(errno.ENOENT, "No such file or directory", str(home).encode())

    report = trash_scanned(str(root), [expected_of(f) for f in result.files], trash)
    (outcome,) = report.outcomes
    assert not outcome.ok and (root / "a.txt").read_text(encoding="utf-8") == EN_A
    assert "swapped" not in outcome.error
    assert str(home) in outcome.error, outcome.error


def test_workers_killed_by_the_first_files_are_no_missing_main_guard(tmp_path: Path) -> None:
    """The first files each kill the worker reading them (out of memory, a parser's crash), three pools running:
    the scan raised "the worker processes stopped before reading any ... under if __name__ == '__main__':",
    blaming a guard that was there, instead of reporting those files as the worker's death as it did before.
    Run in a script of its own, guarded, whose forked workers read through a reader that dies on those files."""
    root = tmp_path / "docs"
    root.mkdir()
    for i in range(60):
        (root / f"{'a_kills' if i < 54 else 'z_fine'}{i:03}.txt").write_text(f"{EN_A} {i}", encoding="utf-8")
    script = tmp_path / "guarded.py"
    script.write_text(
        textwrap.dedent(
            f"""
            import multiprocessing, os
            import simcompare.core.folder.scan as scanning

            segment = scanning._segment_chunk

            def killing(chunk, job):
                if any("kills" in entry.rel for entry in chunk):
                    os._exit(9)
                return segment(chunk, job)

            if __name__ == "__main__":
                scanning._segment_chunk = killing
                scanning._pool_context = lambda: multiprocessing.get_context("fork")
                try:
                    result = scanning.scan({str(root)!r}, options=scanning.ScanOptions(workers=2, in_process=False))
                    print("scanned", len(result.files), sum("died" in p.detail for p in result.problems))
                except Exception as error:
                    print("refused:", error)
            """
        ),
        encoding="utf-8",
    )
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300, check=False)
    said = done.stdout.strip().splitlines()
    assert said and said[-1].startswith("scanned"), done.stdout + done.stderr
    assert int(said[-1].split()[2]) >= 54
