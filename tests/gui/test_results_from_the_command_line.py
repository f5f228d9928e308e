"""The window saves results byte for byte as `simcompare scan --save-results` does, and opens a command-line
scan's results as its own."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.gui import point_trash_at
from helpers.texts import EN_A, EN_B, OTHER, ZH_A, ZH_B, written
from PySide6.QtCore import QSettings
from test_folder_page import run_scan, wait_grouped

from simcompare.cli import main
from simcompare.gui.folder.page import FolderPage

TEXTS = {"zh_a.txt": ZH_A, "sub/zh_b.txt": ZH_B, "en_a.txt": EN_A, "en_b.md": EN_B, "other.txt": OTHER}


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return written(tmp_path / "docs", TEXTS)


@pytest.fixture
def page(qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    (tmp_path / "home").mkdir()
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "home" / ".local" / "share"))
    point_trash_at(monkeypatch, tmp_path / "home")
    widget = FolderPage(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat), cache_path=None)
    widget.workers = 1
    qtbot.addWidget(widget)
    yield widget
    widget.shutdown()


def test_the_window_and_the_command_line_save_the_same_file(qtbot, page: FolderPage, folder: Path, tmp_path) -> None:
    from_cli = tmp_path / "cli.json"
    assert main(["scan", str(folder), "--save-results", str(from_cli), "--no-cache", "--workers", "1"]) == 0
    run_scan(qtbot, page, folder)
    from_window = tmp_path / "window.json"
    page.ask_save_path = lambda title, start, pattern: str(from_window)
    page.save_results_action.trigger()
    assert from_window.read_bytes() == from_cli.read_bytes()


def test_the_window_opens_a_command_line_scan(qtbot, page: FolderPage, folder: Path, tmp_path: Path) -> None:
    saved = tmp_path / "R.json"
    assert main(["scan", str(folder), "--save-results", str(saved), "--no-cache", "--workers", "1"]) == 0
    with qtbot.waitSignal(page.scan_finished, timeout=30_000):
        assert page.open_results(saved)
    wait_grouped(qtbot, page)
    files = page.result.files
    assert page.folder() == str(folder)
    assert sorted(sorted(files[i].path for i in g.indices) for g in page.groups) == [
        ["en_a.txt", "en_b.md"],
        ["sub/zh_b.txt", "zh_a.txt"],
    ]
