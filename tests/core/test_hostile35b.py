"""Hostile round 35b on the core's cleaner. Each test failed before its fix."""

from __future__ import annotations

import errno
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
