"""Hostile tests of the Folder page's filter at a million files (every member passing keeps groups whole, a longer
text narrows, the rows of files gone or changed put in place one by one) and of the tick boxes drawn disabled when
they cannot be ticked (a locked cleaner, a member in a reference folder), in the tree and the Dupes only list."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import test_folder_cleaner as shared
from helpers.gui import acted
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QAbstractItemView, QStyle, QStyleOptionViewItem
from test_folder_cleaner import index_of
from test_folder_many_files import GROUPS, _row_by_row, _shown
from test_folder_page import run_scan, wait_grouped

from simcompare.core.folder.cleaner_state import CleanerState, FileState
from simcompare.core.folder.scan import FileRecord
from simcompare.core.search.groups import Group, Member
from simcompare.gui.folder.dupes_view import DupeColumn
from simcompare.gui.folder.group_filter import GroupFilterModel, lowercase_names
from simcompare.gui.folder.models import Column, GroupTreeModel
from simcompare.gui.folder.page import FolderPage

cleaner, folder, home = shared.cleaner, shared.folder, shared.home  # the cleaner tests' fixtures

# ------------------------------------------------------------------------------------------ the filter

ODD = os.fsdecode(b"caf\xe9")
PIECES = [
    "Docs/",
    "notes",
    "ΟΔΟΣ",
    "İ",
    "ß",
    "Ü",
    ODD,
    "\\x",
    "\\xe9",
    "(",
    ")",
    " gone",
    "since",
    "changed ",
    "A",
    "a",
    "😀",
    "\x1b",
    "\t",
    ".TXT",
    " ",
]
KEYS = [*"aAeE(\\x) gonesichdtGS.ßİıΣσς😀é9", "\x1b", "\\x1b", "\\xe9", "(gone since)", "changed", "ΟΔΟΣ"]


def _record(i: int, name: str) -> FileRecord:
    return FileRecord(name, 100 + i % 7, i, (i * 0x9E3779B97F4A7C15) % 2**64, False, "utf-8", f"d{i}", bytes(80))


@st.composite
def _layouts(draw: st.DrawFn) -> tuple[tuple[FileRecord, ...], list[Group]]:
    n = draw(st.integers(2, 40))
    names = [
        "".join(draw(st.lists(st.sampled_from(PIECES), min_size=1, max_size=4))) + f"/{i}" for i in range(n)
    ]  # each path once: a file is one path
    files = tuple(_record(i, name) for i, name in enumerate(names))
    order = draw(st.permutations(range(n)))
    groups, at = [], 0
    while n - at >= 2:
        size = draw(st.integers(2, min(4, n - at)))
        indices = order[at : at + size]
        at += size
        groups.append(Group(indices[0], tuple(Member(f, j, 1.0 - j / 10, False) for j, f in enumerate(indices)), 3))
    if draw(st.booleans()) and len(groups) >= 2:  # one file in two groups (as crafted saved results may hold)
        extra = groups[0].members[-1].index
        last = groups[-1]
        groups[-1] = Group(last.reference, (*last.members, Member(extra, 9, 0.5, False)), 9)
    return files, groups


_STEPS = st.lists(
    st.one_of(
        st.tuples(st.just("key"), st.sampled_from(KEYS)),
        st.tuples(st.just("back"), st.integers(1, 3)),
        st.tuples(st.just("text"), st.sampled_from(["", " ", "   a  ", "zzzz", "/", "GONE", "(changed since)"])),
        st.tuples(st.just("marked"), st.booleans()),
        st.tuples(st.just("sort"), st.tuples(st.integers(0, len(Column) - 1), st.booleans())),
        st.tuples(st.just("states"), st.integers(0, 2**16)),
        st.tuples(st.just("regroup"), st.booleans()),
    ),
    max_size=25,
)


def _states(files: tuple[FileRecord, ...], seed: int) -> dict[int, FileState]:
    kinds = (None, FileState.GONE, FileState.CHANGED, FileState.TRASHED)
    chosen = {i: kinds[(seed >> (i % 16)) % 4 if seed % 3 else 0] for i in range(len(files))}
    return {i: kind for i, kind in chosen.items() if kind is not None}


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(layout=_layouts(), steps=_STEPS, worker=st.booleans(), marks=st.integers(0, 2**40))
def test_the_filter_shows_what_the_row_by_row_filter_shows_under_random_keys(
    qapp, layout, steps, worker: bool, marks: int
) -> None:
    """HOLDS: keys typed one by one (backspaces, spaces, case, non-ASCII, escapes, "(gone since)"), files gone or
    changed (their rows tested by the shown name), marked only, the model's sort, a file in two groups and new
    groups set: every step shows what the row-by-row filter shows."""
    files, groups = layout
    state = CleanerState()
    model = GroupTreeModel(cleaner=state)

    def set_groups(groups: list[Group]) -> None:
        members = [m.index for g in groups for m in g.members] if worker else None
        model.set_groups(files, groups, 64, members=members, names=lowercase_names(files) if worker else None)
        model.set_marked([m.index for g in groups for m in g.members[1:] if marks >> (m.index % 40) & 1])

    set_groups(groups)
    proxy = GroupFilterModel()
    proxy.setSourceModel(model)
    text, marked_only = "", False
    for kind, value in steps:
        if kind == "key":
            text += value
        elif kind == "back":
            text = text[:-value] if value < len(text) else ""
        elif kind == "text":
            text = value
        elif kind == "marked":
            marked_only = value
            proxy.set_marked_only(value)
        elif kind == "sort":
            column, descending = value
            proxy.sort(column, Qt.SortOrder.DescendingOrder if descending else Qt.SortOrder.AscendingOrder)
        elif kind == "states":
            state._states = _states(files, value)
            proxy.invalidate()  # as the page does when it learns of files gone or changed
        elif kind == "regroup":
            if value:  # the same files, other groups: every group but the first (its files now in none)
                groups = groups[1:] or groups
            set_groups(groups)
        proxy.set_filter_text(text)
        if not text.strip() and not marked_only:
            continue  # no filter: the tree shows the model itself (selection.py)
        assert _shown(proxy) == _row_by_row(model, text, marked_only), (text, marked_only)
        shown_files = {
            model.file_index(proxy.mapToSource(proxy.index(r, 0, proxy.index(g, 0))))
            for g in range(proxy.rowCount())
            for r in range(proxy.rowCount(proxy.index(g, 0)))
        }
        assert proxy.visible_files() == shown_files


def _big(worker: bool) -> tuple[GroupTreeModel, CleanerState, tuple[FileRecord, ...]]:
    folders = ("Docs", "notes", "Über", ODD)
    files = tuple(_record(i, f"{folders[i % 4]}/File{i:05d}{'.TXT' if i % 3 else '.md'}") for i in range(GROUPS * 3))
    groups = [
        Group(3 * g, tuple(Member(3 * g + j, j, 1.0 - j / 10, False) for j in range(3)), 2) for g in range(GROUPS)
    ]
    state = CleanerState()
    model = GroupTreeModel(cleaner=state)
    members = [m.index for g in groups for m in g.members] if worker else None
    model.set_groups(files, groups, 64, members=members, names=lowercase_names(files) if worker else None)
    return model, state, files


@pytest.mark.parametrize("gone", [999, 1000, 1001, 1002, 2600])
@pytest.mark.parametrize("texts", [["g", "go", "gone", "gon", "ne", "since", " (gone since) ", ""], ["(", "(g"]])
def test_around_a_thousand_rows_gone_the_filter_shows_what_the_row_by_row_filter_shows(
    qtbot, texts: list[str], gone: int
) -> None:
    """HOLDS: just below, at and above the thousand rows the filter inserts one by one (then one sort), the rows of
    files gone or changed are where the row-by-row filter puts them, the model sorted by another column."""
    model, state, files = _big(worker=True)
    state._states = {i: FileState.GONE for i in range(1, 3 * gone, 3)}
    state._states.update({i: FileState.CHANGED for i in range(2, len(files), 9)})
    model.sort(Column.NAME, Qt.SortOrder.DescendingOrder)
    proxy = GroupFilterModel()
    proxy.setSourceModel(model)
    for text in texts:
        proxy.set_filter_text(text)
        if text.strip():  # no filter: the tree shows the model itself (selection.py)
            assert _shown(proxy) == _row_by_row(model, text, False), text
    proxy.set_marked_only(True)
    model.set_marked(range(1, len(files), 3))
    proxy.invalidate()
    for text in ["gone", "file", ""]:
        proxy.set_filter_text(text)
        assert _shown(proxy) == _row_by_row(model, text, True), text


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    keys=st.lists(st.sampled_from([*"fileon.dsgc( 0\x08", "\\x", "über", "É"]), min_size=1, max_size=10),
    step=st.integers(1, 7),
    worker=st.booleans(),
)
def test_many_files_many_gone_under_random_keys(qapp, keys: list[str], step: int, worker: bool) -> None:
    """HOLDS: 3,900 files, every step-th gone or changed (more or fewer than a thousand), keys typed one by one
    with backspaces (\\x08): the row-by-row filter's answer at each."""
    model, state, files = _big(worker)
    state._states = {i: (FileState.GONE, FileState.CHANGED)[i % 2] for i in range(0, len(files), step)}
    proxy = GroupFilterModel()
    proxy.setSourceModel(model)
    text = ""
    for key in keys:
        text = text[:-1] if key == "\x08" else text + key
        proxy.set_filter_text(text)
        if not text.strip():
            continue  # no filter: the tree shows the model itself (selection.py)
        assert _shown(proxy) == _row_by_row(model, text, False), text


def test_every_member_passing_shows_every_group_whole_and_maps_back(qtbot) -> None:
    """HOLDS: a letter every name holds (every member passes: no set of members) shows every group with every
    member, selectable and mapped to the model's rows both ways."""
    model, state, files = _big(worker=True)
    state._states = {5: FileState.GONE}
    proxy = GroupFilterModel()
    proxy.setSourceModel(model)
    proxy.set_filter_text("/")
    assert proxy._files is None  # every member passes
    assert _shown(proxy) == _row_by_row(model, "/", False)
    assert proxy.visible_files() == frozenset(range(len(files)))
    for f in (0, 5, len(files) - 1):
        source = model.member_index(f)
        shown = proxy.mapFromSource(source)
        assert shown.isValid() and proxy.mapToSource(shown) == source
    proxy.set_filter_text("/ (gone")  # no row shows that
    assert proxy.visible_files() == frozenset() and _shown(proxy) == []
    proxy.set_filter_text("txt (gone")  # the gone file alone
    assert proxy.visible_files() == {5} and _shown(proxy) == _row_by_row(model, "txt (gone", False)


# ------------------------------------------------------------------------------------------ the tick boxes


def _drawn(view: QAbstractItemView, index: QModelIndex) -> tuple[bool, bool]:
    """Whether the view's delegate draws a cell with a box, and enabled."""
    option = QStyleOptionViewItem()
    option.state |= QStyle.StateFlag.State_Enabled
    view.itemDelegateForIndex(index).initStyleOption(option, index)
    box = bool(option.features & QStyleOptionViewItem.ViewItemFeature.HasCheckIndicator)
    return box, bool(option.state & QStyle.StateFlag.State_Enabled)


def _tree_cells(page: FolderPage) -> list[tuple[int, QModelIndex]]:
    view_model = page.tree.model()
    cells = []
    for g in range(view_model.rowCount()):
        group = view_model.index(g, 0)
        for r in range(view_model.rowCount(group)):
            cell = view_model.index(r, 0, group)
            cells.append((page.model.file_index(page.selection.to_source(cell)), cell))
    return cells


def _box_rect(view: QAbstractItemView, index: QModelIndex):
    option = QStyleOptionViewItem()
    option.rect = view.visualRect(index)
    option.state |= QStyle.StateFlag.State_Enabled
    view.itemDelegateForIndex(index).initStyleOption(option, index)
    style = view.style()
    return style.subElementRect(QStyle.SubElement.SE_ItemViewItemCheckIndicator, option, view)


def _check_tree(page: FolderPage) -> None:
    """Each member's box is drawn enabled exactly when the member may be ticked now; a reference shows none."""
    references = {g.reference for g in page.groups}
    for f, cell in _tree_cells(page):
        box, enabled = _drawn(page.tree, cell)
        assert box == (f not in references), page.result.files[f].path
        if box:
            assert enabled == page.cleaner.may_mark(f), (page.result.files[f].path, page.cleaner.locked)


def test_tree_boxes_drawn_disabled_exactly_when_they_cannot_be_ticked_and_clicks_never_tick_them(
    qtbot, cleaner: FolderPage, folder: Path
) -> None:
    """HOLDS: in the tree, a box is drawn disabled exactly when its member cannot be ticked (the cleaner locked, a
    member in a reference folder), and a click right on such a box ticks nothing."""
    run_scan(qtbot, cleaner, folder)
    cleaner.tree.expandAll()
    _check_tree(cleaner)
    cleaner.cleaner.set_locked(True)
    _check_tree(cleaner)
    member, cell = next((f, c) for f, c in _tree_cells(cleaner) if _drawn(cleaner.tree, c)[0])
    cleaner.tree.scrollTo(cell)
    qtbot.mouseClick(cleaner.tree.viewport(), Qt.MouseButton.LeftButton, pos=_box_rect(cleaner.tree, cell).center())
    assert member not in cleaner.model.marks()
    cleaner.cleaner.set_locked(False)
    _check_tree(cleaner)
    cell = dict(_tree_cells(cleaner))[member]
    qtbot.mouseClick(cleaner.tree.viewport(), Qt.MouseButton.LeftButton, pos=_box_rect(cleaner.tree, cell).center())
    assert member in cleaner.model.marks()  # the same click ticks it once it may be ticked
    cleaner.set_reference_folders([str(folder / "sub"), str(folder)])  # every file inside: none may be ticked
    wait_grouped(qtbot, cleaner)
    cleaner.tree.expandAll()
    _check_tree(cleaner)
    inside = [f for f, c in _tree_cells(cleaner) if _drawn(cleaner.tree, c)[0]]
    assert inside and not any(cleaner.cleaner.may_mark(f) for f in inside)
    for f in inside:
        cell = dict(_tree_cells(cleaner))[f]
        cleaner.tree.scrollTo(cell)
        qtbot.mouseClick(cleaner.tree.viewport(), Qt.MouseButton.LeftButton, pos=_box_rect(cleaner.tree, cell).center())
        assert f not in cleaner.model.marks()


def test_after_a_trash_action_boxes_are_enabled_and_tick_again(
    qtbot, cleaner: FolderPage, folder: Path, home: Path
) -> None:
    """HOLDS: while a real trash action runs the boxes are drawn disabled; after it ends each member that may be
    ticked is drawn enabled and a click ticks it."""
    run_scan(qtbot, cleaner, folder)
    cleaner.confirm = lambda title, text, details: True
    seen_locked: list[bool] = []

    def during(busy: bool) -> None:  # after the page's own slot (connected first): as the user sees the tree
        if busy:
            seen_locked.append(cleaner.cleaner.locked)
            cleaner.tree.expandAll()
            _check_tree(cleaner)

    cleaner.jobs.act.busy_changed.connect(during)
    cleaner.select_files([index_of(cleaner, "en_c.txt")])
    cleaner.tree.setFocus()
    acted(qtbot, cleaner, lambda: qtbot.keyClick(cleaner.tree, Qt.Key.Key_Delete))
    wait_grouped(qtbot, cleaner)
    assert not (folder / "en_c.txt").exists()
    assert seen_locked == [True] and not cleaner.cleaner.locked
    cleaner.tree.expandAll()
    _check_tree(cleaner)
    member, cell = next((f, c) for f, c in _tree_cells(cleaner) if cleaner.cleaner.may_mark(f))
    cleaner.tree.scrollTo(cell)
    qtbot.mouseClick(cleaner.tree.viewport(), Qt.MouseButton.LeftButton, pos=_box_rect(cleaner.tree, cell).center())
    assert member in cleaner.model.marks()


def test_FINDING_dupes_only_boxes_that_cannot_be_ticked_are_drawn_disabled(
    qtbot, cleaner: FolderPage, folder: Path
) -> None:
    """FINDING: the "Dupes only" list shows the same tick boxes as the tree, but kept drawing a box enabled when it
    could not be ticked (the cleaner locked while an action runs, a member in a reference folder): a click did
    nothing, as in the tree before tick_boxes.py."""
    run_scan(qtbot, cleaner, folder)
    cleaner.set_reference_folders([str(folder / "sub")])  # its files lead their groups: the others may be ticked
    wait_grouped(qtbot, cleaner)
    views = cleaner.views
    views.dupes_only_action.trigger()
    table, dupes = views.table, views.dupes
    assert table.isVisible() and dupes.rowCount()
    for locked in (False, True, False):
        cleaner.cleaner.set_locked(locked)
        for row in range(dupes.rowCount()):
            cell = dupes.index(row, DupeColumn.NAME)
            box, enabled = _drawn(table, cell)
            assert box
            assert enabled == cleaner.cleaner.may_mark(dupes.file_index(row)), (row, locked)
    cleaner.cleaner.set_locked(True)
    cell = dupes.index(0, DupeColumn.NAME)
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=_box_rect(table, cell).center())
    assert not cleaner.model.marks()
    cleaner.cleaner.set_locked(False)
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=_box_rect(table, cell).center())
    assert set(cleaner.model.marks()) == {dupes.file_index(0)}  # the same click ticks it once it may be ticked
    cleaner.set_reference_folders([str(folder)])  # every file inside: no row may be ticked
    wait_grouped(qtbot, cleaner)
    assert dupes.rowCount()
    for row in range(dupes.rowCount()):
        assert _drawn(table, dupes.index(row, DupeColumn.NAME)) == (True, False), row


def test_FINDING_after_a_page_takes_over_the_dupes_only_list_shows_and_ticks_the_same_marks(
    qtbot, cleaner: FolderPage, folder: Path, tmp_path: Path
) -> None:
    """FINDING: a page that takes over another's (a change of language rebuilds the window) hands its cleaner's
    state to the tree's model but not to the Dupes only list, which kept the new page's own empty state: the
    list showed no marks, a tick there marked nothing the tree or an action saw, and its boxes followed no lock."""
    from PySide6.QtCore import QSettings

    from simcompare.core.folder.actions import ActionLog

    run_scan(qtbot, cleaner, folder)
    cleaner.marking.mark_by_rule("all-but-reference")
    marks = cleaner.model.marks()
    assert marks
    fresh = FolderPage(
        settings=QSettings(str(tmp_path / "settings2.ini"), QSettings.Format.IniFormat),
        cache_path=tmp_path / "cache" / "c2.sqlite3",
    )
    qtbot.addWidget(fresh)
    fresh.reprioritising.new_groups_rule = None
    fresh.workers = 1
    fresh.log = ActionLog(tmp_path / "home" / "actions2.log")
    fresh.resize(1024, 700)
    fresh.show()
    try:
        fresh.take_over(cleaner)
        wait_grouped(qtbot, fresh)
        assert fresh.model.marks() == marks
        fresh.views.dupes_only_action.trigger()
        dupes, table = fresh.views.dupes, fresh.views.table
        assert dupes.rowCount() == sum(len(g.members) - 1 for g in fresh.groups)
        shown = {
            dupes.file_index(r)
            for r in range(dupes.rowCount())
            if dupes.index(r, DupeColumn.NAME).data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked
        }
        assert shown == marks  # the list shows the marks the tree shows
        unmarked = next(r for r in range(dupes.rowCount()) if dupes.file_index(r) in marks)
        cell = dupes.index(unmarked, DupeColumn.NAME)
        qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=_box_rect(table, cell).center())
        assert dupes.file_index(unmarked) not in fresh.model.marks()  # a tick there unmarks it for the page too
    finally:
        fresh.shutdown()


def test_FINDING_with_several_folders_a_gone_row_is_filtered_by_the_same_name_as_the_others(
    qtbot, tmp_path: Path
) -> None:
    """FINDING (fixed): with several folders scanned each row shows its path as ``[folder] path``; the filter
    tested a row gone or changed by that shown name (with "(gone since)") but every other row by its path under
    the common folder. So "a/x" found a file in folder a, but not the same file once it was gone; "[a]" found the
    gone files of a only. Now a gone row's name is read as every other row's, its state's words after it."""
    from simcompare.core.folder.roots import plan_roots
    from simcompare.gui.folder.roots_view import shown_path

    for name in ("a", "b"):
        (tmp_path / name).mkdir()
    plan = plan_roots([(tmp_path / "a", "normal"), (tmp_path / "b", "normal")])
    assert plan.several
    files = tuple(_record(i, f"{'ab'[i % 2]}/x{i}.txt") for i in range(8))
    groups = [Group(2 * g, (Member(2 * g, 0, 1.0, False), Member(2 * g + 1, 1, 0.9, False)), 1) for g in range(4)]
    state = CleanerState()
    model = GroupTreeModel(cleaner=state)
    model.path_text = lambda path: shown_path(plan, path)  # as roots_view.py sets it for several folders
    model.set_groups(files, groups, 64)
    state._states = {2: FileState.GONE}
    proxy = GroupFilterModel()
    proxy.setSourceModel(model)
    for text in ("x", "a/x", "[a] x"):  # x0 and x2 (gone) are in folder a: both rows pass, or neither
        proxy.set_filter_text(text)
        visible = proxy.visible_files()
        assert (0 in visible) == (2 in visible), (text, sorted(visible))
