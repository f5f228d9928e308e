"""Hostile round 35b on the command line's cleaner: the guard that leaves alone a file a symbolic link of the
scanned folders points at. Each test failed before its fix."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from helpers.cli import RunCli
from helpers.texts import EN_A

SCAN = ("--no-cache", "--workers", "1")
ACT = ("--reference-rule", "shortest-path", "--mark", "all-but-reference")


@pytest.fixture
def linked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy and its longer-named twin, which a link whose name no filter chooses ("latest") points at."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    root = tmp_path / "docs"
    root.mkdir()
    (root / "a.txt").write_text(EN_A, encoding="utf-8")
    (root / "target.txt").write_text(EN_A, encoding="utf-8")
    os.symlink("target.txt", root / "latest")
    return root


@pytest.mark.parametrize("chosen", [("--suffix", ".txt"), ("--include", "*.txt")])
def test_a_link_whose_name_is_not_chosen_still_keeps_its_file(
    cli: RunCli, linked: Path, tmp_path: Path, chosen: tuple[str, str]
) -> None:
    """A scan of .txt files passed over "latest" without listing it: moving target.txt left it leading nowhere."""
    run = cli("scan", str(linked), *chosen, *SCAN, *ACT, "--move-to", str(tmp_path / "away"), "--yes")
    assert (linked / "latest").read_text(encoding="utf-8") == EN_A, "the link leads nowhere"
    assert (linked / "target.txt").is_file()
    assert "symbolic link latest points at it" in run.stdout


def test_a_dry_run_says_a_file_a_link_points_at_would_be_left_alone(cli: RunCli, linked: Path) -> None:
    """The dry run promised "would trash target.txt"; --yes then left it alone for the link."""
    run = cli("scan", str(linked), *SCAN, *ACT, "--trash")
    assert "would trash" not in run.stdout
    assert "would leave alone  group 1  target.txt: the symbolic link latest points at it" in run.stdout
    assert "dry run: 0 files (0 bytes) would be trashed" in run.stdout
    assert (linked / "target.txt").is_file()
