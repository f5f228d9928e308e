"""The Folder page's Replace with hard link, Replace with symbolic link, Delete permanently, Copy to folder… and the
option Remove folders left empty, driven through the real menus on real files in tmp_path: each acts only on what
was scanned, the report names what stayed and why, and the list drops exactly the files that changed on disk."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from helpers.gui import acted, point_trash_at
from PySide6.QtCore import QSettings
from test_cleaner_acts_on_what_was_scanned import action, index_of, listed
from test_folder_page import EN, OTHER, ZH, run_scan, wait_grouped

from simcompare.core.folder.actions import ActionLog
from simcompare.gui.folder.models import human_size
from simcompare.gui.folder.page import FolderPage


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
    (root / "sub" / "deep").mkdir(parents=True)
    (root / "keep").mkdir()
    (root / "en_a.txt").write_text(EN, encoding="utf-8")  # the English group's reference (shortest path)
    (root / "sub" / "deep" / "en_copy.txt").write_text(EN, encoding="utf-8")  # identical
    (root / "en_b.txt").write_text(EN.replace("quiet", "silent"), encoding="utf-8")  # a near-duplicate
    (root / "zh_a.txt").write_text(ZH, encoding="utf-8")
    (root / "keep" / "zh_copy.txt").write_text(ZH, encoding="utf-8")
    (root / "keep" / ".hidden").write_text("a hidden file keeps its folder", encoding="utf-8")
    (root / "other.txt").write_text(OTHER, encoding="utf-8")
    return root


@pytest.fixture
def page(qtbot, tmp_path: Path, home: Path):
    """The Folder page; warnings and questions are collected (``page.warned``, ``page.asked``), answered Yes."""
    page = FolderPage(
        settings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat),
        cache_path=tmp_path / "cache" / "c.sqlite3",
    )
    page.workers = 1
    page.reprioritising.new_groups_rule = None  # each group keeps the file it was found around
    page.log = ActionLog(home / "actions.log")
    warned: list[tuple[str, str]] = []
    asked: list[tuple[str, str]] = []
    page.warned, page.asked = warned, asked  # type: ignore[attr-defined]
    page.warn = lambda title, text: warned.append((title, text))
    page.confirm = lambda title, text, details: asked.append((title, text)) or True
    qtbot.addWidget(page)
    page.resize(1024, 700)
    page.show()
    yield page
    page.shutdown()


COPIES = ["sub/deep/en_copy.txt", "en_b.txt", "keep/zh_copy.txt"]


def mark(page: FolderPage, paths: list[str]) -> None:
    page.model.set_marked([index_of(page, p) for p in paths])


def log_kinds(home: Path) -> list[list[str]]:
    return [line.split("\t")[1:3] for line in (home / "actions.log").read_text(encoding="utf-8").splitlines()]


def test_replace_with_hard_link_links_identical_copies_and_names_the_near_duplicate(
    qtbot, page: FolderPage, folder: Path, home: Path
) -> None:
    run_scan(qtbot, page, folder)
    assert set(COPIES) <= listed(page)
    mark(page, COPIES)
    acted(qtbot, page, action(page.actions_menu, "Replace with hard link").trigger)
    wait_grouped(qtbot, page)
    ((_, question),) = page.asked  # type: ignore[attr-defined]
    assert "3 file" in question and "1 of them differ" in question
    assert os.stat(folder / "sub" / "deep" / "en_copy.txt").st_ino == os.stat(folder / "en_a.txt").st_ino
    assert os.stat(folder / "keep" / "zh_copy.txt").st_ino == os.stat(folder / "zh_a.txt").st_ino
    assert "silent" in (folder / "en_b.txt").read_text(encoding="utf-8")
    ((title, text),) = page.warned  # type: ignore[attr-defined]
    assert title == "Replace with hard link"
    assert f"{folder / 'en_b.txt'}: its bytes differ from its reference's; a link would lose them" in text
    # the list drops exactly the two files replaced
    assert "en_b.txt" in listed(page) and not {"sub/deep/en_copy.txt", "keep/zh_copy.txt"} & listed(page)
    assert page.cleaner.removed == {"sub/deep/en_copy.txt": "linked", "keep/zh_copy.txt": "linked"}
    assert sorted(log_kinds(home)) == [["hardlink", "failed"], ["hardlink", "ok"], ["hardlink", "ok"]]


def test_replace_with_symbolic_link_from_the_context_menu(qtbot, page: FolderPage, folder: Path) -> None:
    run_scan(qtbot, page, folder)
    page.select_files([index_of(page, "keep/zh_copy.txt")])
    acted(qtbot, page, action(page.menus.context_menu(), "Replace with symbolic link").trigger)
    wait_grouped(qtbot, page)
    link = folder / "keep" / "zh_copy.txt"
    assert link.is_symlink() and os.readlink(link) == str(folder / "zh_a.txt")
    assert not page.warned and "keep/zh_copy.txt" not in listed(page)  # type: ignore[attr-defined]


def test_a_reference_its_copies_now_link_to_is_never_trashed_after(qtbot, page: FolderPage, folder: Path) -> None:
    """A copy replaced by a symbolic link to its reference; then another member made the reference and the old
    one marked and trashed: it stays, said why, and the link still leads to the words."""
    run_scan(qtbot, page, folder)
    page.select_files([index_of(page, "sub/deep/en_copy.txt")])
    acted(qtbot, page, action(page.menus.context_menu(), "Replace with symbolic link").trigger)
    wait_grouped(qtbot, page)
    assert (folder / "sub" / "deep" / "en_copy.txt").is_symlink()
    assert "sub/deep/en_copy.txt" in page.session.result.symlinks
    page.select_files([index_of(page, "en_b.txt")])
    page.marking.set_selected_as_reference()
    wait_grouped(qtbot, page)
    mark(page, ["en_a.txt"])
    done = acted(qtbot, page, action(page.actions_menu, "Move to trash…").trigger)
    (outcome,) = done.report.outcomes
    assert not outcome.ok and (folder / "en_a.txt").exists()
    assert (folder / "sub" / "deep" / "en_copy.txt").read_text(encoding="utf-8") == EN
    assert "a symbolic link in the scanned folder points at it" in page.warned[-1][1]  # type: ignore[attr-defined]


def test_delete_permanently_asks_twice_naming_count_and_size(qtbot, page: FolderPage, folder: Path) -> None:
    run_scan(qtbot, page, folder)
    mark(page, ["sub/deep/en_copy.txt", "keep/zh_copy.txt"])
    answers = iter([True, False])
    asked: list[str] = []
    page.confirm = lambda title, text, details: asked.append(text) or next(answers)
    action(page.actions_menu, "Delete permanently…").trigger()
    assert len(asked) == 2 and all("2 file" in text for text in asked)
    size = (folder / "en_a.txt").stat().st_size + (folder / "zh_a.txt").stat().st_size
    assert all(f"({human_size(size)})" in text for text in asked)
    assert "cannot be undone" in asked[1]
    assert (folder / "sub" / "deep" / "en_copy.txt").exists() and (folder / "keep" / "zh_copy.txt").exists()


def test_delete_permanently_removes_only_the_folders_it_emptied_when_asked(
    qtbot, page: FolderPage, folder: Path, home: Path
) -> None:
    run_scan(qtbot, page, folder)
    option = action(page.actions_menu, "Remove folders left empty")
    assert option.isCheckable() and not option.isChecked()
    option.trigger()
    assert page.preferences.settings.value("folder/remove_empty_folders") in (True, "true")
    mark(page, ["sub/deep/en_copy.txt", "keep/zh_copy.txt"])
    acted(qtbot, page, action(page.actions_menu, "Delete permanently…").trigger)
    wait_grouped(qtbot, page)
    assert not (folder / "sub").exists()  # sub/deep held only the deleted copy, sub only sub/deep
    assert sorted(os.listdir(folder / "keep")) == [".hidden"]  # a hidden file keeps its folder
    assert not page.warned and folder.is_dir()  # type: ignore[attr-defined]
    assert page.cleaner.removed == {"sub/deep/en_copy.txt": "deleted", "keep/zh_copy.txt": "deleted"}
    assert log_kinds(home).count(["remove-folder", "ok"]) == 2


def test_move_to_trash_follows_the_remove_empty_option(qtbot, page: FolderPage, folder: Path) -> None:
    run_scan(qtbot, page, folder)
    action(page.actions_menu, "Remove folders left empty").trigger()
    mark(page, ["sub/deep/en_copy.txt"])
    acted(qtbot, page, action(page.actions_menu, "Move to trash…").trigger)
    wait_grouped(qtbot, page)
    assert not (folder / "sub").exists() and (folder / "keep").is_dir()


def test_copy_to_folder_copies_keeps_the_files_and_the_list(
    qtbot, page: FolderPage, folder: Path, tmp_path: Path
) -> None:
    run_scan(qtbot, page, folder)
    before = listed(page)
    destination = tmp_path / "copies"
    page.ask_folder = lambda title, start, pattern: str(destination)
    mark(page, ["sub/deep/en_copy.txt", "keep/zh_copy.txt"])
    acted(qtbot, page, action(page.actions_menu, "Copy to folder…").trigger)
    assert (destination / "sub" / "deep" / "en_copy.txt").read_text(encoding="utf-8") == EN
    assert (destination / "keep" / "zh_copy.txt").read_text(encoding="utf-8") == ZH
    assert (folder / "sub" / "deep" / "en_copy.txt").exists() and listed(page) == before
    assert not page.warned and not page.cleaner.removed  # type: ignore[attr-defined]
    page.ask_folder = lambda title, start, pattern: str(folder / "sub")
    action(page.actions_menu, "Copy to folder…").trigger()
    assert page.warned == [("Copy to folder", "Choose a folder outside the scanned folder.")]  # type: ignore[attr-defined]


def test_the_actions_wait_for_a_result_and_a_choice(qtbot, page: FolderPage, folder: Path) -> None:
    names = ["Replace with hard link", "Replace with symbolic link", "Delete permanently…", "Copy to folder…"]
    assert not any(action(page.actions_menu, name).isEnabled() for name in names)
    run_scan(qtbot, page, folder)
    assert not any(action(page.actions_menu, name).isEnabled() for name in names)
    mark(page, ["en_b.txt"])
    page.menus.refresh()
    assert all(action(page.actions_menu, name).isEnabled() for name in names)


def test_delete_permanently_keeps_a_copy_edited_keeping_its_size_and_time(
    qtbot, page: FolderPage, folder: Path, home: Path
) -> None:
    """The scan's digest of each file's bytes goes with the plan: an edit that put the time back is kept."""
    run_scan(qtbot, page, folder)
    copy = folder / "sub" / "deep" / "en_copy.txt"
    before = os.stat(copy)
    edited = b"EDITED" + copy.read_bytes()[6:]
    copy.write_bytes(edited)
    os.utime(copy, ns=(before.st_atime_ns, before.st_mtime_ns))  # as touch -r or cp -p would
    mark(page, ["sub/deep/en_copy.txt", "keep/zh_copy.txt"])
    acted(qtbot, page, action(page.actions_menu, "Delete permanently…").trigger)
    wait_grouped(qtbot, page)
    assert copy.read_bytes() == edited
    assert not (folder / "keep" / "zh_copy.txt").exists()
    assert page.cleaner.removed == {"keep/zh_copy.txt": "deleted"}
    assert sorted(log_kinds(home)) == [["delete", "failed"], ["delete", "ok"]]
