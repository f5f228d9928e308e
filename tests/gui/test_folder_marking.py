"""Marking as dupeGuru and Czkawka users expect, driven through the real Mark menu, the tree's check boxes,
the keys and Save/Open results: a rule replaces the marks (its "Add to the marks" twin adds), a filter limits
marking to the visible rows, a reference is never marked, every change (one tick too) is undone and redone,
and the marks, chosen references and reference folders come back with reopened results."""

from __future__ import annotations

import json
from pathlib import Path

import test_folder_cleaner as shared
from PySide6.QtCore import QSettings, Qt
from test_folder_cleaner import en_group, index_of, marked_paths, menu_action
from test_folder_page import run_scan, wait_grouped

from simcompare.gui.folder.page import FolderPage

cleaner, folder, home = shared.cleaner, shared.folder, shared.home  # the cleaner tests' fixtures

ENGLISH = {"en_a.txt", "en_c.txt", "sub/en_b.md"}


def visible_paths(page: FolderPage) -> set[str]:
    view = page.tree.model()
    groups = [view.index(g, 0) for g in range(view.rowCount())]
    return {view.index(r, 0, group).data() for group in groups for r in range(view.rowCount(group))}


def test_a_rule_replaces_the_marks_and_add_to_the_marks_adds(qtbot, cleaner: FolderPage, folder: Path) -> None:
    run_scan(qtbot, cleaner, folder)
    assert cleaner.result.files[en_group(cleaner).reference].path == "en_a.txt"
    menu_action(cleaner.mark_menu, "Mark all but the reference").trigger()
    assert marked_paths(cleaner) & ENGLISH == {"en_c.txt", "sub/en_b.md"}
    menu_action(cleaner.mark_menu, "Mark all but the largest").trigger()  # keeps en_c.txt: it is unmarked
    assert marked_paths(cleaner) & ENGLISH == {"sub/en_b.md"}
    for group in cleaner.groups:  # never every copy of a group
        assert any(i not in cleaner.cleaner.marks for i in group.indices)
    menu_action(cleaner.mark_menu, "Clear the marks").trigger()
    menu_action(cleaner.mark_menu, "Mark all but the largest").trigger()
    menu_action(cleaner.menus.add_menu, "Mark all but the reference").trigger()  # Mark → Add to the marks
    assert marked_paths(cleaner) & ENGLISH == {"en_c.txt", "sub/en_b.md"}
    assert cleaner.menus.add_menu.title() == "Add to the marks"
    assert cleaner.menus.add_menu.menuAction() in cleaner.mark_menu.actions()


def test_with_a_filter_marking_touches_the_visible_rows_only(qtbot, cleaner: FolderPage, folder: Path) -> None:
    run_scan(qtbot, cleaner, folder)
    cleaner.select_files([index_of(cleaner, "sub/zh_b.txt")])
    menu_action(cleaner.mark_menu, "Mark the selected files").trigger()
    qtbot.keyClicks(cleaner.filter_edit, "en_")
    assert visible_paths(cleaner) == ENGLISH
    menu_action(cleaner.mark_menu, "Mark all but the reference").trigger()
    assert marked_paths(cleaner) == {"sub/zh_b.txt", "en_c.txt", "sub/en_b.md"}  # zh_b.txt kept, hidden
    menu_action(cleaner.mark_menu, "Clear the marks").trigger()
    assert marked_paths(cleaner) == {"sub/zh_b.txt"}
    menu_action(cleaner.mark_menu, "Mark all").trigger()
    assert marked_paths(cleaner) == {"sub/zh_b.txt", "en_c.txt", "sub/en_b.md"}
    menu_action(cleaner.mark_menu, "Invert the marks").trigger()
    assert marked_paths(cleaner) == {"sub/zh_b.txt"}
    cleaner.filter_edit.clear()
    menu_action(cleaner.mark_menu, "Invert the marks").trigger()  # no filter: every group
    assert marked_paths(cleaner) == {"en_c.txt", "sub/en_b.md"}


def test_a_references_box_cannot_be_ticked(qtbot, cleaner: FolderPage, folder: Path) -> None:
    run_scan(qtbot, cleaner, folder)
    model = cleaner.model
    reference = model.member_index(index_of(cleaner, "en_a.txt"))
    other = model.member_index(index_of(cleaner, "en_c.txt"))
    assert not model.flags(reference) & Qt.ItemFlag.ItemIsUserCheckable
    assert reference.data(Qt.ItemDataRole.CheckStateRole) is None  # no box at all
    assert model.flags(other) & Qt.ItemFlag.ItemIsUserCheckable
    assert not model.setData(reference, Qt.CheckState.Checked.value, Qt.ItemDataRole.CheckStateRole)
    assert not cleaner.cleaner.marks
    menu_action(cleaner.mark_menu, "Invert the marks").trigger()
    menu_action(cleaner.mark_menu, "Mark all").trigger()
    references = {g.reference for g in cleaner.groups}
    assert cleaner.cleaner.marks and not cleaner.cleaner.marks & references
    # a file made the reference loses its mark and its box
    cleaner.select_files([index_of(cleaner, "en_c.txt")])
    menu_action(cleaner.menus.context_menu(), "Make this the reference").trigger()
    assert "en_c.txt" not in marked_paths(cleaner)
    assert model.member_index(index_of(cleaner, "en_c.txt")).data(Qt.ItemDataRole.CheckStateRole) is None
    assert model.flags(model.member_index(index_of(cleaner, "en_a.txt"))) & Qt.ItemFlag.ItemIsUserCheckable


def test_untick_then_undo_gives_back_the_tick_and_redo_takes_it_again(qtbot, cleaner: FolderPage, folder: Path) -> None:
    run_scan(qtbot, cleaner, folder)
    menu_action(cleaner.mark_menu, "Mark all but the reference").trigger()
    before = marked_paths(cleaner)
    box = cleaner.model.member_index(index_of(cleaner, "en_c.txt"))
    assert cleaner.model.setData(box, Qt.CheckState.Unchecked.value, Qt.ItemDataRole.CheckStateRole)
    assert marked_paths(cleaner) == before - {"en_c.txt"}
    assert not cleaner.menus.redo_action.isEnabled()
    cleaner.tree.setFocus()
    qtbot.keyClick(cleaner.tree, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # Undo
    assert marked_paths(cleaner) == before  # the tick comes back, not "none marked"
    assert box.data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked
    assert cleaner.menus.redo_action.isEnabled()
    qtbot.keyClick(cleaner.tree, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)  # Redo
    assert marked_paths(cleaner) == before - {"en_c.txt"}
    menu_action(cleaner.mark_menu, "Undo the last marking").trigger()
    shift_ctrl = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    qtbot.keyClick(cleaner.tree, Qt.Key.Key_Z, shift_ctrl)  # Redo, the other key
    assert marked_paths(cleaner) == before - {"en_c.txt"}
    menu_action(cleaner.mark_menu, "Undo the last marking").trigger()
    menu_action(cleaner.mark_menu, "Undo the last marking").trigger()
    assert not marked_paths(cleaner) and cleaner.marks_label.text() == "none marked"
    menu_action(cleaner.mark_menu, "Redo the marking").trigger()
    assert marked_paths(cleaner) == before
    assert [a.toString() for a in cleaner.menus.redo_action.shortcuts()] == ["Ctrl+Shift+Z", "Ctrl+Y"]


def test_make_this_the_reference_is_undone_and_redone_as_one_step(qtbot, cleaner: FolderPage, folder: Path) -> None:
    run_scan(qtbot, cleaner, folder)
    menu_action(cleaner.mark_menu, "Mark all but the reference").trigger()
    before = marked_paths(cleaner)
    assert cleaner.result.files[en_group(cleaner).reference].path == "en_a.txt" and "en_c.txt" in before
    cleaner.select_files([index_of(cleaner, "en_c.txt")])
    menu_action(cleaner.menus.context_menu(), "Make this the reference").trigger()
    assert cleaner.result.files[en_group(cleaner).reference].path == "en_c.txt"
    assert marked_paths(cleaner) == before - {"en_c.txt"}
    with qtbot.waitSignal(cleaner.regrouped, timeout=30_000):  # the old reference comes back with the groups
        menu_action(cleaner.mark_menu, "Undo the last marking").trigger()
    assert cleaner.result.files[en_group(cleaner).reference].path == "en_a.txt"
    assert marked_paths(cleaner) == before  # en_c.txt marked again, as before the choice
    with qtbot.waitSignal(cleaner.regrouped, timeout=30_000):
        menu_action(cleaner.mark_menu, "Redo the marking").trigger()
    assert cleaner.result.files[en_group(cleaner).reference].path == "en_c.txt"
    assert marked_paths(cleaner) == before - {"en_c.txt"}
    with qtbot.waitSignal(cleaner.regrouped, timeout=30_000):
        menu_action(cleaner.mark_menu, "Undo the last marking").trigger()
    menu_action(cleaner.mark_menu, "Undo the last marking").trigger()  # then the marking before it
    assert not marked_paths(cleaner) and not cleaner.menus.undo_action.isEnabled()


def test_marks_references_and_reference_folders_come_back_with_the_results(
    qtbot, cleaner: FolderPage, folder: Path, tmp_path: Path
) -> None:
    run_scan(qtbot, cleaner, folder)
    cleaner.set_reference_folders([str(folder / "sub")])  # sub/zh_b.txt becomes its group's reference
    wait_grouped(qtbot, cleaner)
    cleaner.select_files([index_of(cleaner, "en_c.txt")])
    menu_action(cleaner.menus.context_menu(), "Make this the reference").trigger()
    menu_action(cleaner.mark_menu, "Mark all but the reference").trigger()
    assert marked_paths(cleaner) == {"en_a.txt", "zh_a.txt"}
    saved = tmp_path / "marked.json"
    cleaner.ask_save_path = lambda title, start, pattern: str(saved)
    cleaner.save_results_action.trigger()
    assert json.loads(saved.read_text(encoding="utf-8"))["cleaner"] == {
        "marked": ["en_a.txt", "zh_a.txt"],
        "references": ["en_c.txt"],
        "reference_folders": [str(folder / "sub")],
    }
    again = FolderPage(settings=QSettings(str(tmp_path / "again.ini"), QSettings.Format.IniFormat), cache_path=None)
    again.reprioritising.new_groups_rule = None  # each group keeps the file it was found around
    qtbot.addWidget(again)
    again.ask_open_path = lambda title, start, pattern: str(saved)
    try:
        assert again.reference_folders() == []
        with qtbot.waitSignal(again.scan_finished, timeout=30_000):
            again.open_results_action.trigger()
        wait_grouped(qtbot, again)
        assert again.reference_folders() == [str(folder / "sub")]
        assert again.result.files[en_group(again).reference].path == "en_c.txt"
        assert marked_paths(again) == {"en_a.txt", "zh_a.txt"}
        assert again.marks_label.text().startswith("2 marked")
        assert not again.cleaner.can_undo
        resaved = tmp_path / "again.json"
        again.save_results(resaved)
        assert resaved.read_bytes() == saved.read_bytes()
    finally:
        again.shutdown()
