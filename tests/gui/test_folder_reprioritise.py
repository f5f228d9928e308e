"""Re-prioritise, Dupes only, Delta values, Remove from results and Not duplicates, driven through the Folder page's
real menus and the dialog's own buttons."""

from __future__ import annotations

import json
from pathlib import Path

import test_folder_cleaner as shared
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QStyle, QStyleOptionViewItem
from test_folder_cleaner import en_group, index_of, marked_paths, menu_action
from test_folder_page import run_scan, wait_grouped

from simcompare.core.folder.reprioritise import DEFAULT_REFERENCE_RULE, Criterion, ReferenceRule
from simcompare.gui.folder.dupes_view import DupeColumn
from simcompare.gui.folder.models import Column
from simcompare.gui.folder.page import FolderPage

cleaner, folder, home = shared.cleaner, shared.folder, shared.home  # the cleaner tests' fixtures


def reference_of(page: FolderPage, path: str) -> str:
    files = page.result.files
    return next(files[g.reference].path for g in page.groups if any(files[i].path == path for i in g.indices))


def press(qtbot, dialog, button: QDialogButtonBox.StandardButton) -> None:
    qtbot.mouseClick(dialog.buttons.button(button), Qt.MouseButton.LeftButton)


def test_the_default_rule_keeps_the_member_with_most_words(qtbot, cleaner: FolderPage, folder: Path) -> None:
    cleaner.reprioritising.new_groups_rule = DEFAULT_REFERENCE_RULE  # as a window starts
    run_scan(qtbot, cleaner, folder)
    words = {f.path: f.words for f in cleaner.result.files}
    assert words["en_c.txt"] > max(words["en_a.txt"], words["sub/en_b.md"])
    assert reference_of(cleaner, "en_a.txt") == "en_c.txt"  # the longer copy, not the central one
    group = en_group(cleaner)
    assert all(m.distance <= cleaner.k_box.value() for m in group.members)  # the promise holds


def test_reprioritise_through_the_mark_menu_and_undo(qtbot, cleaner: FolderPage, folder: Path) -> None:
    run_scan(qtbot, cleaner, folder)
    assert reference_of(cleaner, "en_c.txt") == "en_a.txt"  # found around the central file
    menu_action(cleaner.mark_menu, "Mark all but the reference").trigger()
    before = marked_paths(cleaner)
    assert {"en_c.txt", "sub/en_b.md"} <= before
    menu_action(cleaner.mark_menu, "Re-prioritise…").trigger()
    dialog = cleaner.reprioritising.dialog
    assert dialog is not None and dialog.isVisible()
    assert dialog.rule() == DEFAULT_REFERENCE_RULE
    dialog.criteria.setCurrentRow(1)  # not named as a copy out: words, newest, largest
    qtbot.mouseClick(dialog.remove_button, Qt.MouseButton.LeftButton)
    assert dialog.rule().criteria == (Criterion.WORDS, Criterion.NEWEST, Criterion.LARGEST)
    # newest out, largest up, shortest path added at the end, then moved to the top
    dialog.criteria.setCurrentRow(1)
    qtbot.mouseClick(dialog.remove_button, Qt.MouseButton.LeftButton)
    dialog.criteria.setCurrentRow(1)
    qtbot.mouseClick(dialog.up_button, Qt.MouseButton.LeftButton)
    dialog.add_menu.aboutToShow.emit()
    menu_action(dialog.add_menu, "Shortest path").trigger()
    assert not next(a for a in dialog.add_menu.actions() if a.text() == "Most words").isEnabled()
    assert dialog.rule().criteria == (Criterion.LARGEST, Criterion.WORDS, Criterion.SHORTEST_PATH)
    for _ in range(2):
        qtbot.mouseClick(dialog.up_button, Qt.MouseButton.LeftButton)
    assert dialog.rule().criteria == (Criterion.SHORTEST_PATH, Criterion.LARGEST, Criterion.WORDS)
    assert not dialog.up_button.isEnabled()
    dialog.criteria.setCurrentRow(0)
    qtbot.mouseClick(dialog.remove_button, Qt.MouseButton.LeftButton)
    with qtbot.waitSignal(cleaner.reprioritising.applied, timeout=30_000):  # chosen in the worker
        press(qtbot, dialog, QDialogButtonBox.StandardButton.Ok)
        assert cleaner.cleaner.locked and not cleaner.menus.undo_action.isEnabled()  # no edit meanwhile
        assert not cleaner.k_box.isEnabled() and not cleaner.menus.mark_reference_action.isEnabled()
    assert not cleaner.cleaner.locked and cleaner.k_box.isEnabled()
    assert cleaner.reprioritising.dialog is None or not dialog.isVisible()
    assert reference_of(cleaner, "en_a.txt") == "en_c.txt"  # the largest
    assert "en_c.txt" not in marked_paths(cleaner)  # a reference is never marked
    row = cleaner.model.member_index(index_of(cleaner, "en_c.txt"))
    assert cleaner.model.index(0, 0, row.parent()).data() == "en_c.txt"  # shown first, as the reference
    menu_action(cleaner.mark_menu, "Undo the last marking").trigger()  # one step: the old references come back
    wait_grouped(qtbot, cleaner)
    assert reference_of(cleaner, "en_c.txt") == "en_a.txt"
    assert marked_paths(cleaner) == before
    menu_action(cleaner.mark_menu, "Redo the marking").trigger()
    wait_grouped(qtbot, cleaner)
    assert reference_of(cleaner, "en_a.txt") == "en_c.txt" and "en_c.txt" not in marked_paths(cleaner)


def test_reprioritise_the_selected_groups_from_the_context_menu(qtbot, cleaner: FolderPage, folder: Path) -> None:
    run_scan(qtbot, cleaner, folder)
    zh_reference = reference_of(cleaner, "zh_a.txt")
    cleaner.select_files([index_of(cleaner, "en_c.txt")])
    menu_action(cleaner.menus.context_menu(), "Re-prioritise…").trigger()
    dialog = cleaner.reprioritising.dialog
    assert dialog.selected_groups.isChecked() and "(1)" in dialog.selected_groups.text()
    cleaner.ask_folder = lambda *_: str(folder / "sub")  # the folder criterion asks for its folder
    assert dialog.add(Criterion.FOLDER)
    dialog.criteria.setCurrentRow(dialog.criteria.count() - 1)
    for _ in range(dialog.criteria.count() - 1):
        qtbot.mouseClick(dialog.up_button, Qt.MouseButton.LeftButton)
    assert dialog.rule().criteria[0] is Criterion.FOLDER and dialog.rule().folder == str(folder / "sub")
    with qtbot.waitSignal(cleaner.reprioritising.applied, timeout=30_000) as applied:
        press(qtbot, dialog, QDialogButtonBox.StandardButton.Ok)
    assert applied.args == [1]
    assert reference_of(cleaner, "en_a.txt") == "sub/en_b.md"  # inside the folder
    assert reference_of(cleaner, "zh_a.txt") == zh_reference  # not selected: as it was


def test_the_formats_criterion_asks_for_endings_and_cancel_changes_nothing(
    qtbot, cleaner: FolderPage, folder: Path
) -> None:
    run_scan(qtbot, cleaner, folder)
    menu_action(cleaner.mark_menu, "Re-prioritise…").trigger()
    dialog = cleaner.reprioritising.dialog
    asked = []
    dialog._ask_text = lambda title, label, start: asked.append(start) or "md, txt"
    assert dialog.add(Criterion.FORMATS)
    assert dialog.rule().formats == (".md", ".txt") and asked
    assert dialog.criteria.item(dialog.criteria.count() - 1).text() == "Preferred formats: .md .txt"
    press(qtbot, dialog, QDialogButtonBox.StandardButton.Cancel)
    assert reference_of(cleaner, "en_c.txt") == "en_a.txt" and not cleaner.cleaner.can_undo


def test_dupes_only_delta_values_and_remove_from_results(
    qtbot, cleaner: FolderPage, folder: Path, tmp_path: Path
) -> None:
    run_scan(qtbot, cleaner, folder)
    views = cleaner.views
    menu_action(cleaner.actions_menu, "Dupes only").trigger()
    assert views.table.isVisible() and not cleaner.tree.isVisible()
    model = views.dupes
    references = {g.reference for g in cleaner.groups}
    listed = [model.file_index(r) for r in range(model.rowCount())]
    assert sorted(listed) == sorted(i for g in cleaner.groups for i in g.indices if i not in references)
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert headers == ["Name", "Folder", "Size", "Words", "Distance", "Verified", "Reference"]
    views.table.horizontalHeader().sectionClicked.emit(DupeColumn.WORDS)  # the header sorts
    words = [cleaner.result.files[model.file_index(r)].words for r in range(model.rowCount())]
    assert words == sorted(words) or words == sorted(words, reverse=True)
    row = model.row_of(index_of(cleaner, "en_c.txt"))
    assert model.index(row, DupeColumn.REFERENCE).data() == "en_a.txt"
    assert model.index(row, DupeColumn.FOLDER).data() == "" and model.index(row, DupeColumn.NAME).data() == "en_c.txt"
    # its check box is the cleaner's mark
    assert model.setData(model.index(row, 0), Qt.CheckState.Checked.value, Qt.ItemDataRole.CheckStateRole)
    assert "en_c.txt" in marked_paths(cleaner)
    # delta values: size and words against the reference, in the table and in the tree
    files = {f.path: f for f in cleaner.result.files}
    menu_action(cleaner.actions_menu, "Delta values").trigger()
    extra = files["en_c.txt"].words - files["en_a.txt"].words
    assert extra > 0 and model.index(row, DupeColumn.WORDS).data() == f"+{extra}"
    assert model.index(row, DupeColumn.SIZE).data().startswith("+")
    tree_cell = cleaner.model.member_index(index_of(cleaner, "en_c.txt")).siblingAtColumn(Column.SIZE)
    shown = QStyleOptionViewItem()
    views.delta_delegate.initStyleOption(shown, tree_cell)  # what the tree paints in the cell
    assert shown.text == f"+{files['en_c.txt'].size - files['en_a.txt'].size} B, +{extra} words"
    menu_action(cleaner.actions_menu, "Delta values").trigger()
    views.delta_delegate.initStyleOption(shown, tree_cell)
    assert shown.text == tree_cell.data() and not shown.text.startswith("+")
    # remove from results: the selected row's file leaves every group; the file stays on disk
    views.select_files([index_of(cleaner, "sub/en_b.md")])
    assert cleaner.selected_files() == [index_of(cleaner, "sub/en_b.md")]
    assert "Remove from results" in [a.text() for a in cleaner.menus.context_menu().actions()]
    menu_action(cleaner.actions_menu, "Remove from results").trigger()
    wait_grouped(qtbot, cleaner)
    gone = index_of(cleaner, "sub/en_b.md")
    assert all(gone not in g.indices for g in cleaner.groups) and (folder / "sub" / "en_b.md").is_file()
    assert gone not in [model.file_index(r) for r in range(model.rowCount())]
    cleaner.save_results(tmp_path / "R.json")
    saved = json.loads((tmp_path / "R.json").read_text(encoding="utf-8"))
    paths = saved["records"]["path"]
    assert "sub/en_b.md" not in paths and saved["files"] == len(paths)
    menu_action(cleaner.mark_menu, "Undo the last marking").trigger()
    wait_grouped(qtbot, cleaner)
    assert any(gone in g.indices for g in cleaner.groups) and "en_c.txt" in marked_paths(cleaner)
    menu_action(cleaner.actions_menu, "Dupes only").trigger()
    assert cleaner.tree.isVisible() and not views.table.isVisible()


def test_not_duplicates_takes_the_file_out_of_its_group_at_once(qtbot, cleaner: FolderPage, folder: Path) -> None:
    run_scan(qtbot, cleaner, folder)
    zh = next(g for g in cleaner.groups if index_of(cleaner, "zh_a.txt") in g.indices)
    assert len(zh) == 2
    other = next(i for i in zh.indices if i != zh.reference)
    cleaner.select_files([other])
    menu_action(cleaner.actions_menu, "Not duplicates").trigger()
    wait_grouped(qtbot, cleaner)
    assert all(other not in g.indices for g in cleaner.groups)  # a group left with one file disappears
    assert all(zh.reference not in g.indices for g in cleaner.groups)
    pairs = cleaner.file_commands.not_duplicates().pairs()
    assert len(pairs) == 1  # remembered, as before


def test_while_the_worker_chooses_the_page_takes_no_edit_and_the_answer_lands_in_one_step(
    qtbot, cleaner: FolderPage, folder: Path
) -> None:
    run_scan(qtbot, cleaner, folder)
    menu_action(cleaner.mark_menu, "Mark all but the reference").trigger()
    before = marked_paths(cleaner)
    en_b = index_of(cleaner, "sub/en_b.md")
    cleaner.select_files([index_of(cleaner, "en_c.txt")])
    layouts: list[object] = []
    cleaner.model.layoutChanged.connect(lambda *_: layouts.append(1))
    with qtbot.waitSignal(cleaner.reprioritising.applied, timeout=30_000) as applied:
        assert cleaner.reprioritising.apply(ReferenceRule((Criterion.LARGEST,)))
        # the answer waits for the event loop: everything below happens while the choice runs
        assert not cleaner.reprioritising.apply(ReferenceRule((Criterion.OLDEST,)))  # one at a time
        box = cleaner.model.member_index(en_b)
        assert not cleaner.model.setData(box, Qt.CheckState.Unchecked.value, Qt.ItemDataRole.CheckStateRole)
        cleaner.tree.setFocus()
        qtbot.keyClick(cleaner.tree, Qt.Key.Key_Space)  # would unmark the selected file
        qtbot.keyClick(cleaner.tree, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # would undo the marks
        assert marked_paths(cleaner) == before
        assert not cleaner.start_scan() and not cleaner.open_results(folder / "none.json")
        assert not cleaner.menus.set_reference_action.isEnabled() and not cleaner.trash_button.isEnabled()
        cleaner.tree.sortByColumn(Column.NAME, Qt.SortOrder.AscendingOrder)  # rows move: the answer follows groups
        cleaner.select_files([index_of(cleaner, "en_c.txt")])
    assert applied.args[0] >= 1 and layouts == [1, 1]  # the sort, then the answer: one step
    assert reference_of(cleaner, "en_a.txt") == "en_c.txt"
    assert cleaner.selected_files() == [index_of(cleaner, "en_c.txt")]  # the selection follows its file
    references = {cleaner.result.files[g.reference].path for g in cleaner.groups}
    assert "en_c.txt" in references and marked_paths(cleaner) == before - references  # a reference: no mark
    menu_action(cleaner.mark_menu, "Undo the last marking").trigger()
    wait_grouped(qtbot, cleaner)
    assert reference_of(cleaner, "en_c.txt") == "en_a.txt" and marked_paths(cleaner) == before


def _drawn_enabled(page: FolderPage, path: str) -> bool:
    """Whether the tree draws a member's name cell (its box with it) as enabled, through the view's own model."""
    source = page.model.member_index(index_of(page, path))
    cell = page.selection.to_view(source)
    shown = QStyleOptionViewItem()
    shown.state |= QStyle.StateFlag.State_Enabled  # as the view starts a cell's drawing: an enabled cell
    page.tree.itemDelegateForColumn(Column.NAME).initStyleOption(shown, cell)
    assert shown.features & QStyleOptionViewItem.ViewItemFeature.HasCheckIndicator  # a member shows its box
    return bool(shown.state & QStyle.StateFlag.State_Enabled)


def test_a_box_that_cannot_be_ticked_is_drawn_disabled(qtbot, cleaner: FolderPage, folder: Path) -> None:
    """While an action runs (the cleaner locked) every member's box is drawn disabled, and again enabled after; a
    member inside a reference folder, never markable, is always drawn so. Its row can still be selected."""
    run_scan(qtbot, cleaner, folder)
    member = next(cleaner.result.files[i].path for g in cleaner.groups for i in g.indices if i != g.reference)
    assert _drawn_enabled(cleaner, member)
    cleaner.cleaner.set_locked(True)
    assert not _drawn_enabled(cleaner, member)
    cleaner.cleaner.set_locked(False)
    assert _drawn_enabled(cleaner, member)
    cleaner.set_reference_folders([str(folder)])  # every file inside: no member may be marked
    wait_grouped(qtbot, cleaner)
    inside = next(cleaner.result.files[i].path for g in cleaner.groups for i in g.indices if i != g.reference)
    assert not _drawn_enabled(cleaner, inside)
    cell = cleaner.selection.to_view(cleaner.model.member_index(index_of(cleaner, inside)))
    cleaner.tree.scrollTo(cell)
    qtbot.mouseClick(cleaner.tree.viewport(), Qt.MouseButton.LeftButton, pos=cleaner.tree.visualRect(cell).center())
    assert cleaner.selected_files() == [index_of(cleaner, inside)]  # a click on its name still selects it
