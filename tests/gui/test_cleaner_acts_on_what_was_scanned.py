"""The Folder page's Move to trash and Move to folder act only on what was scanned, and the list tells the truth
afterwards: driven through the real menus, on real files in tmp_path, with the trash in a temporary HOME.

A file edited after the scan, replaced by a link or reached through a folder swapped for a link is left alone
and named; a hard link is never the only copy trashed by a rule; a results file naming a path outside its folder
is refused when opened; a log that cannot be written and a destination that fills up are each told as they are.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from helpers.gui import acted, point_trash_at
from helpers.mounts import small_tmpfs
from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu
from test_folder_page import EN, OTHER, ZH, run_scan, wait_grouped

from simcompare.core.folder.actions import ActionLog
from simcompare.gui.folder.models import Column
from simcompare.gui.folder.page import FolderPage
from simcompare.gui.main_window import MainWindow


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    point_trash_at(monkeypatch, home)
    return home


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    root = tmp_path / "docs"
    (root / "sub").mkdir(parents=True)
    (root / "en_a.txt").write_text(EN, encoding="utf-8")
    (root / "en_b.txt").write_text(EN.replace("quiet", "silent"), encoding="utf-8")
    (root / "sub" / "en_c.txt").write_text(EN.replace("bread", "cheese"), encoding="utf-8")
    (root / "zh_a.txt").write_text(ZH, encoding="utf-8")
    (root / "zh_b.txt").write_text(ZH.replace("三条", "四条"), encoding="utf-8")
    (root / "other.txt").write_text(OTHER, encoding="utf-8")
    return root


@pytest.fixture
def page(qtbot, tmp_path: Path, home: Path):
    """The Folder page; its warnings are collected (title, text) in ``page.warned``; every question is answered Yes."""
    page = FolderPage(
        settings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat),
        cache_path=tmp_path / "cache" / "c.sqlite3",
    )
    page.reprioritising.new_groups_rule = None  # each group keeps the file it was found around
    page.workers = 1
    page.log = ActionLog(home / "actions.log")
    warned: list[tuple[str, str]] = []
    page.warned = warned  # type: ignore[attr-defined]
    page.warn = lambda title, text: warned.append((title, text))
    page.confirm = lambda title, text, details: True
    qtbot.addWidget(page)
    page.resize(1024, 700)
    page.show()
    yield page
    page.shutdown()


def action(menu: QMenu, text: str) -> QAction:
    for entry in menu.actions():
        if entry.menu() is not None:
            try:
                return action(entry.menu(), text)
            except LookupError:
                continue
        if entry.text() == text:
            return entry
    raise LookupError(text)


def said(source: str, n: int) -> str:
    """A counted message in the words the window uses now (an English catalogue may be installed: "1 file")."""
    return QCoreApplication.translate("FileCommands", source, "", n)


def left(moved: int, stayed: int) -> str:
    """The start of the warning that names the files that stayed."""
    return f"{said('%Ln file(s) moved', moved)}. {said('%Ln file(s) were left where they were:', stayed)}\n"


def index_of(page: FolderPage, path: str) -> int:
    return next(i for i, f in enumerate(page.result.files) if f.path == path)


def listed(page: FolderPage) -> set[str]:
    """The relative paths of the files in the groups on screen."""
    files = page.result.files
    return {files[i].path for g in page.groups for i in g.indices}


def trashed(home: Path) -> list[str]:
    files = home / ".local" / "share" / "Trash" / "files"
    return sorted(p.name for p in files.iterdir()) if files.is_dir() else []


def trash(qtbot, page: FolderPage, paths: list[str]) -> None:
    page.model.set_marked([index_of(page, p) for p in paths])
    acted(qtbot, page, action(page.actions_menu, "Move to trash…").trigger)
    wait_grouped(qtbot, page)


def test_a_file_edited_after_the_scan_is_named_and_kept_the_others_trashed(
    qtbot, page: FolderPage, folder: Path, home: Path
) -> None:
    run_scan(qtbot, page, folder)
    assert {"en_b.txt", "sub/en_c.txt", "zh_b.txt"} <= listed(page)
    (folder / "en_b.txt").write_text(EN + " A paragraph written after the scan.", encoding="utf-8")
    trash(qtbot, page, ["en_b.txt", "sub/en_c.txt", "zh_b.txt"])
    assert trashed(home) == ["en_c.txt", "zh_b.txt"]
    assert (folder / "en_b.txt").read_text(encoding="utf-8").endswith("after the scan.")
    ((title, text),) = page.warned  # type: ignore[attr-defined]
    assert title == "Move to trash" and text.startswith(left(2, 1))
    assert f"{folder / 'en_b.txt'}: it changed since the scan" in text
    assert "en_c.txt" not in text and "zh_b.txt" not in text
    # the list shows what is on disk: the two trashed files are gone from it, the edited one is still there
    assert "en_b.txt" in listed(page) and not {"sub/en_c.txt", "zh_b.txt"} & listed(page)
    assert page.cleaner.removed == {"sub/en_c.txt": "trashed", "zh_b.txt": "trashed"}
    assert said("%Ln file(s) moved", 2) in page.summary_label.text()


@pytest.mark.parametrize("swap", ["file", "folder"])
def test_a_file_or_folder_replaced_by_a_link_to_outside_is_not_acted_on(
    qtbot, page: FolderPage, folder: Path, tmp_path: Path, home: Path, swap: str
) -> None:
    run_scan(qtbot, page, folder)
    outside = tmp_path / "outside"
    outside.mkdir()
    victim = outside / "en_c.txt"
    victim.write_text("someone's precious file", encoding="utf-8")
    if swap == "file":
        (folder / "sub" / "en_c.txt").unlink()
        (folder / "sub" / "en_c.txt").symlink_to(victim)
        reason = "it is a symbolic link now; links are not followed"
    else:
        (folder / "sub").rename(tmp_path / "sub-moved-away")
        (folder / "sub").symlink_to(outside, target_is_directory=True)
        reason = "a folder on its path is a symbolic link now; links are not followed"
    for command in ("Move to trash…", "Move to folder…"):
        page.warned.clear()  # type: ignore[attr-defined]
        page.ask_folder = lambda title, start, pattern: str(tmp_path / "aside")
        page.model.set_marked([index_of(page, "sub/en_c.txt")])
        acted(qtbot, page, action(page.actions_menu, command).trigger)
        wait_grouped(qtbot, page)
        assert victim.read_text(encoding="utf-8") == "someone's precious file" and victim.is_file()
        assert trashed(home) == [] and not any((tmp_path / "aside").rglob("*"))
        ((_, text),) = page.warned  # type: ignore[attr-defined]
        assert text == f"{left(0, 1)}{folder / 'sub' / 'en_c.txt'}: {reason}"
        assert "sub/en_c.txt" in listed(page)
    assert os.path.islink(folder / "sub" / "en_c.txt") or os.path.islink(folder / "sub")


@pytest.mark.parametrize("bad", ["../victim.txt", ""])
def test_results_naming_a_path_outside_the_folder_are_refused_when_opened(
    qtbot, tmp_path: Path, folder: Path, home: Path, bad: str
) -> None:
    (tmp_path / "victim.txt").write_text(EN, encoding="utf-8")
    scanner = FolderPage(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), cache_path=None)
    scanner.reprioritising.new_groups_rule = None  # each group keeps the file it was found around
    qtbot.addWidget(scanner)
    try:
        scanner.workers = 1
        run_scan(qtbot, scanner, folder)
        saved = tmp_path / "results.json"
        scanner.save_results(saved)
    finally:
        scanner.shutdown()
    data = json.loads(saved.read_text(encoding="utf-8"))
    data["records"]["path"][0] = bad
    saved.write_text(json.dumps(data), encoding="utf-8")

    window = MainWindow(QSettings(str(tmp_path / "w.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    page = window.folder_page
    warned: list[str] = []
    page.warn = lambda title, text: warned.append(text)
    page.confirm = lambda title, text, details: pytest.fail(f"nothing should be offered: {text}")
    page.ask_open_path = lambda title, start, pattern: str(saved)
    file_menu = next(a.menu() for a in window.menuBar().actions() if a.text().replace("&", "") == "File")
    with qtbot.waitSignal(page.jobs.load.failed, timeout=30_000):
        action(file_menu, "Open results…").trigger()
    message = page.progress_label.text()
    assert message.startswith("The results could not be opened:") and "records[0]" in message
    assert ("'..' segment" in message) if bad else ("the path is empty" in message)
    assert page.session is None and not page.groups
    assert not page.trash_button.isEnabled() and not action(page.actions_menu, "Move to trash…").isEnabled()
    assert not page.file_commands.move_to_trash() and not page.file_commands.move_to_folder()
    assert (tmp_path / "victim.txt").read_text(encoding="utf-8") == EN and folder.is_dir()
    assert trashed(home) == [] and not warned


def test_a_hard_link_is_never_the_only_copy_a_rule_trashes(qtbot, page: FolderPage, tmp_path: Path, home: Path) -> None:
    root = tmp_path / "linked"
    root.mkdir()
    (root / "a.txt").write_text(EN, encoding="utf-8")
    os.link(root / "a.txt", root / "b.txt")  # one file, two names
    (root / "c.txt").write_text(EN.replace("quiet", "silent"), encoding="utf-8")
    (root / "other.txt").write_text(OTHER, encoding="utf-8")
    run_scan(qtbot, page, root)
    assert listed(page) == {"a.txt", "b.txt", "c.txt"}
    asked: list[str] = []
    page.confirm = lambda title, text, details: asked.append(title) or True
    action(page.mark_menu, "Mark all but the reference").trigger()
    (group,) = page.groups
    assert page.result.files[group.reference].path == "a.txt"
    # b.txt is another name of the reference, not a copy: trashing it would free nothing and is never offered
    assert {page.result.files[i].path for i in page.model.marks()} == {"c.txt"}
    # and the tree says what b.txt is
    shown = {}
    model = page.model
    for r in range(model.rowCount()):
        parent = model.index(r, 0)
        for i in range(model.rowCount(parent)):
            shown[model.index(i, Column.NAME, parent).data()] = model.index(i, Column.IDENTICAL, parent).data()
    assert shown["b.txt"] == "hard link of a.txt" and shown["c.txt"] != "hard link of a.txt"
    # every distinct file is chosen when a.txt and c.txt are: the question "every copy?" is asked
    action(page.mark_menu, "Clear the marks").trigger()
    page.select_files([index_of(page, "a.txt"), index_of(page, "c.txt")])
    answers = iter([True, False])
    page.confirm = lambda title, text, details: asked.append(title) or next(answers)
    asked.clear()
    action(page.actions_menu, "Move to trash…").trigger()
    assert asked == ["Move to trash", "Move every copy?"] and trashed(home) == []
    # the rule's marks go: a copy of the text is always left in the folder
    page.confirm = lambda title, text, details: True
    action(page.mark_menu, "Mark all but the reference").trigger()
    acted(qtbot, page, action(page.actions_menu, "Move to trash…").trigger)
    wait_grouped(qtbot, page)
    left = [p for p in root.iterdir() if p.name != "other.txt"]
    assert left and all(p.read_text(encoding="utf-8") in (EN, EN.replace("quiet", "silent")) for p in left)
    assert not page.warned  # type: ignore[attr-defined]


def test_a_log_that_cannot_be_written_is_its_own_warning(
    qtbot, page: FolderPage, folder: Path, tmp_path: Path, home: Path
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the log's folder should be", encoding="utf-8")
    page.log = ActionLog(blocker / "actions.log")
    run_scan(qtbot, page, folder)
    trash(qtbot, page, ["en_b.txt", "zh_b.txt"])
    assert trashed(home) == ["en_b.txt", "zh_b.txt"]
    ((title, text),) = page.warned  # type: ignore[attr-defined]
    assert title == "Action log" and text.startswith("The action log could not be written: ")
    assert text.endswith(said("The list shows what was done: %Ln file(s) moved.", 2))
    assert "stay" not in text and "left where" not in text
    assert not {"en_b.txt", "zh_b.txt"} & listed(page)
    assert page.cleaner.removed == {"en_b.txt": "trashed", "zh_b.txt": "trashed"}


def test_a_move_to_a_full_destination_leaves_the_source_and_no_partial_copy(
    qtbot, page: FolderPage, tmp_path: Path
) -> None:
    root = tmp_path / "large"
    root.mkdir()
    (root / "a.txt").write_text(EN * 400, encoding="utf-8")  # about 200 KB each: more than the destination holds
    (root / "b.txt").write_text((EN * 400).replace("quiet", "silent", 1), encoding="utf-8")
    before = (root / "b.txt").read_bytes()
    run_scan(qtbot, page, root)
    assert listed(page) == {"a.txt", "b.txt"}
    full = tmp_path / "full"
    full.mkdir()
    with small_tmpfs(full, "64k"):
        page.ask_folder = lambda title, start, pattern: str(full)
        page.model.set_marked([index_of(page, "b.txt")])
        acted(qtbot, page, action(page.actions_menu, "Move to folder…").trigger)
        wait_grouped(qtbot, page)
        assert list(full.iterdir()) == []  # no partial copy, not even its temporary name
    assert (root / "b.txt").read_bytes() == before
    ((title, text),) = page.warned  # type: ignore[attr-defined]
    assert title == "Move to folder"
    assert text == f"{left(0, 1)}{root / 'b.txt'}: no space left on the device"
    assert listed(page) == {"a.txt", "b.txt"} and not page.cleaner.removed
