"""A name that is not UTF-8 (``caf\\xe9.txt``) and one with ESC and BEL, followed through the window: the Folder
page shows them escaped, File → Save results, Export CSV and Export JSON write them so that each reads back
to its bytes (they raised UnicodeEncodeError, silently), the results reopen with every file found, and a
move to a folder is logged so that each path reads back to its bytes. The Compare page shows and exports
such a name too."""

from __future__ import annotations

import csv
import io
import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.gui import acted, change_settings, point_trash_at, wait_settled
from helpers.names import CONTROL_NAME, LATIN1_BYTES, latin1_name, make_file
from helpers.texts import EN_A, EN_B
from PySide6.QtCore import QModelIndex, QSettings, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from simcompare.core.formats.names import unescape_name
from simcompare.gui.folder.page import FolderPage
from simcompare.gui.main_window import MainWindow

NAMES = {b"plain.txt", LATIN1_BYTES, CONTROL_NAME.encode()}
SHOWN = {"plain.txt", "caf\\xe9.txt", "\\x1b[31mred\\x07.txt"}


@pytest.fixture
def odd_folder(tmp_path: Path) -> Path:
    """Three copies of one text (one group): a plain name, one that is not UTF-8, one with ESC and BEL."""
    root = tmp_path / "docs"
    root.mkdir()
    for name in ("plain.txt", latin1_name(), CONTROL_NAME):
        make_file(root / name, EN_A)
    return root


@pytest.fixture
def window(qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[MainWindow]:
    """The main window with its data, cache and trash in this test's folder; a warning fails the test."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    point_trash_at(monkeypatch, home)  # and XDG_DATA_HOME, where the action log goes
    window = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    wait_settled(qtbot, window.compare_page)
    change_settings(window.compare_page.settings, segmenter="words")  # the Folder page scans with these
    window.folder_page.workers = 1
    window.folder_page.warn = lambda title, text: pytest.fail(f"{title}: {text}")
    window.pages.setCurrentIndex(MainWindow.FOLDER)
    yield window


def _action(menu: QMenu, text: str) -> QAction:
    for action in menu.actions():
        if action.menu() is not None:
            try:
                return _action(action.menu(), text)
            except LookupError:
                continue
        if action.text() == text:
            return action
    raise LookupError(text)


def _file_menu(window: MainWindow) -> QMenu:
    return next(a.menu() for a in window.menuBar().actions() if a.text().replace("&", "") == "File")


def _scan(qtbot, page: FolderPage, folder: Path) -> None:
    page.set_folder(folder)
    with qtbot.waitSignal(page.scan_finished, timeout=60_000):
        assert page.start_scan()
    qtbot.waitUntil(lambda: not page.regrouping, timeout=60_000)


def _shown_members(page: FolderPage) -> set[str]:
    model = page.model
    shown = set()
    for row in range(model.rowCount(QModelIndex())):
        group = model.index(row, 0, QModelIndex())
        for member in range(model.rowCount(group)):
            shown.add(model.data(model.index(member, 0, group), Qt.ItemDataRole.DisplayRole))
    return shown


def _index_of(page: FolderPage, path: str) -> int:
    return next(i for i, f in enumerate(page.result.files) if f.path == path)


def test_saved_exported_and_reopened_from_the_file_menu(
    qtbot, window: MainWindow, odd_folder: Path, tmp_path: Path
) -> None:
    page = window.folder_page
    _scan(qtbot, page, odd_folder)
    assert _shown_members(page) == SHOWN
    menu = _file_menu(window)

    saved, exported_csv, exported_json = tmp_path / "results.json", tmp_path / "groups.csv", tmp_path / "groups.json"
    for entry, path in (("Save results…", saved), ("Export CSV…", exported_csv), ("Export JSON…", exported_json)):
        page.ask_save_path = lambda title, start, pattern, path=path: str(path)
        _action(menu, entry).trigger()
    for path in (saved, exported_csv, exported_json):  # valid UTF-8 without a raw control character
        text = path.read_bytes().decode("utf-8")
        assert "\x1b" not in text and "\x07" not in text, path.name
    results = json.loads(saved.read_bytes())
    assert {os.fsencode(path) for path in results["records"]["path"]} == NAMES
    groups = json.loads(exported_json.read_bytes())["groups"]
    assert {os.fsencode(m["path"]) for g in groups for m in g["members"]} == NAMES
    rows = list(csv.DictReader(io.StringIO(exported_csv.read_bytes().decode("utf-8"))))
    assert {os.fsencode(unescape_name(row["path"])) for row in rows} == NAMES
    assert {row["path"] for row in rows} == SHOWN  # what the window shows is what the CSV holds here

    # File → Open results…: every file is found again by its name (none "gone since"), shown as before
    page.ask_open_path = lambda title, start, pattern: str(saved)
    with qtbot.waitSignal(page.scan_finished, timeout=60_000):
        _action(menu, "Open results…").trigger()
    qtbot.waitUntil(lambda: not page.regrouping, timeout=60_000)
    assert _shown_members(page) == SHOWN


def test_a_move_to_a_folder_is_logged_with_the_names_bytes(
    qtbot, window: MainWindow, odd_folder: Path, tmp_path: Path
) -> None:
    page = window.folder_page
    _scan(qtbot, page, odd_folder)
    name = latin1_name()
    aside = tmp_path / "aside"
    asked: list[str] = []
    page.ask_folder = lambda title, start, pattern: str(aside)
    page.confirm = lambda title, text, details: asked.append(details) or True
    page.select_files([_index_of(page, name), _index_of(page, CONTROL_NAME)])
    acted(qtbot, page, _action(page.actions_menu, "Move to folder…").trigger)
    assert sorted(os.listdir(os.fsencode(aside))) == sorted([LATIN1_BYTES, CONTROL_NAME.encode()])
    # the confirmation lists the files as the window shows them
    assert asked and f"{odd_folder}/caf\\xe9.txt" in asked[0] and f"{odd_folder}/\\x1b[31mred\\x07.txt" in asked[0]
    text = page.log.path.read_bytes().decode("utf-8")
    assert "\x1b" not in text and "\x07" not in text
    lines = [line.split("\t") for line in text.splitlines()]
    assert all(fields[1:3] == ["move", "ok"] for fields in lines)
    logged = {(os.fsencode(unescape_name(f[3])), os.fsencode(unescape_name(f[4]))) for f in lines}
    assert logged == {
        (os.fsencode(odd_folder / name), os.fsencode(aside / name)),
        (os.fsencode(odd_folder / CONTROL_NAME), os.fsencode(aside / CONTROL_NAME)),
    }
    qtbot.waitUntil(lambda: not page.regrouping, timeout=60_000)
    assert _shown_members(page) == set()  # one file left: no group


def test_the_compare_page_shows_and_exports_the_name(
    qtbot, window: MainWindow, odd_folder: Path, tmp_path: Path
) -> None:
    page = window.compare_page
    path_a = odd_folder / latin1_name()
    path_b = make_file(tmp_path / "b.txt", EN_B)
    assert page.load_files(str(path_a), str(path_b))
    wait_settled(qtbot, page)
    assert page.pane_a.info.text().startswith("caf\\xe9.txt · ")
    trace = tmp_path / "trace.json"
    assert page.export_trace(str(trace))
    data = json.loads(trace.read_bytes().decode("utf-8"))
    assert os.fsencode(data["a"]["path"]) == os.fsencode(path_a)


def test_a_name_that_is_not_utf8_goes_to_the_trash_and_into_the_log(
    qtbot, window: MainWindow, odd_folder: Path, tmp_path: Path
) -> None:
    page = window.folder_page
    _scan(qtbot, page, odd_folder)
    name = latin1_name()
    page.confirm = lambda title, text, details: True
    page.select_files([_index_of(page, name)])
    acted(qtbot, page, _action(page.actions_menu, "Move to trash…").trigger)
    assert LATIN1_BYTES not in os.listdir(os.fsencode(odd_folder))
    trash = tmp_path / "home" / ".local" / "share" / "Trash" / "files"
    assert os.listdir(os.fsencode(trash)) == [LATIN1_BYTES]
    (fields,) = [line.split("\t") for line in page.log.path.read_bytes().decode("utf-8").splitlines()]
    assert fields[1:3] == ["trash", "ok"] and os.fsencode(unescape_name(fields[3])) == os.fsencode(odd_folder / name)


def test_the_empty_files_tab_shows_names_escaped(qtbot, window: MainWindow, tmp_path: Path) -> None:
    root = tmp_path / "empties"
    root.mkdir()
    make_file(root / latin1_name(), "")
    make_file(root / CONTROL_NAME, "")
    page = window.folder_page
    _scan(qtbot, page, root)
    assert sorted(page.empty_model.stringList()) == sorted(["caf\\xe9.txt", "\\x1b[31mred\\x07.txt"])
