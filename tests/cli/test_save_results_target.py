"""`--save-results` replaces its file whole (written beside it, renamed over it): a FIFO, a device or a link to
/dev/stdout given as the file was replaced by a plain file (as root, /dev/null itself), and a symbolic link to
the results by a copy. Now anything but a regular file is refused before the scan, and a link is written
through."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
from helpers.cli import RunCli, run_subprocess
from helpers.texts import EN_A

SCAN = ("--no-cache", "--workers", "1")


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    root = tmp_path / "docs"
    root.mkdir()
    (root / "a.txt").write_text(EN_A, encoding="utf-8")
    (root / "b.txt").write_text(EN_A, encoding="utf-8")
    return root


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
def test_a_fifo_is_refused_and_stays_a_fifo(cli: RunCli, folder: Path, tmp_path: Path) -> None:
    fifo = tmp_path / "R.json"
    os.mkfifo(fifo)
    run = cli("scan", str(folder), *SCAN, "--save-results", str(fifo))
    assert run.returncode == 2, run.stdout + run.stderr
    assert "is not a regular file" in run.stderr
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


@pytest.mark.skipif(not hasattr(os, "mknod") or os.name != "posix", reason="device files are made on POSIX only")
def test_a_device_is_refused_and_stays_a_device(cli: RunCli, folder: Path, tmp_path: Path) -> None:
    null = tmp_path / "null"
    try:
        os.mknod(null, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    except PermissionError:
        pytest.skip("making a device file needs root")
    run = cli("scan", str(folder), *SCAN, "--save-results", str(null))
    assert run.returncode == 2 and "is not a regular file" in run.stderr
    assert stat.S_ISCHR(os.lstat(null).st_mode)


@pytest.mark.skipif(not os.path.exists("/proc/self/fd/1"), reason="no /proc here")
def test_a_link_to_standard_output_is_refused(folder: Path, tmp_path: Path) -> None:
    out = tmp_path / "stdout"
    out.symlink_to("/proc/self/fd/1")
    run = run_subprocess("scan", str(folder), *SCAN, "--save-results", str(out))  # its standard output: a pipe
    assert run.returncode == 2 and "is not a regular file" in run.stderr
    assert out.is_symlink()


def test_a_link_to_results_is_written_through_and_stays_a_link(cli: RunCli, folder: Path, tmp_path: Path) -> None:
    real = tmp_path / "kept" / "R.json"
    real.parent.mkdir()
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "R.json"
    link.symlink_to(real)
    run = cli("scan", str(folder), *SCAN, "--save-results", str(link))
    assert run.returncode == 0, run.stderr
    assert link.is_symlink() and real.read_text(encoding="utf-8").startswith("{")
    assert cli("scan", "--results", str(link)).returncode == 0


@pytest.mark.parametrize("same_file", [True, False])
def test_results_saved_again_keep_the_marks_and_references_they_held(
    cli: RunCli, folder: Path, tmp_path: Path, same_file: bool
) -> None:
    (folder / "c.txt").write_text(EN_A, encoding="utf-8")
    saved = tmp_path / "R.json"
    assert cli("scan", str(folder), *SCAN, "--save-results", str(saved)).returncode == 0
    results = json.loads(saved.read_text(encoding="utf-8"))
    decided = {"marked": ["b.txt"], "references": ["c.txt"], "reference_folders": [str(folder)]}
    results["cleaner"] = decided
    saved.write_text(json.dumps(results), encoding="utf-8")
    again = saved if same_file else tmp_path / "again.json"
    run = cli("scan", "--results", str(saved), "--save-results", str(again))
    assert run.returncode == 0, run.stderr
    assert json.loads(again.read_text(encoding="utf-8")).get("cleaner") == decided, "the window's decisions were lost"
