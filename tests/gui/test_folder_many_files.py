"""The Folder page's groups with many rows: the filter and the marks give what they gave row by row.

The groups here are made up (no scan): 1,300 groups of three files, more than the batches the views are
given at a time, with names in mixed case, non-ASCII and undecodable bytes, and files gone or changed since.
"""

from __future__ import annotations

import os
import threading

import numpy as np
import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QTreeView

from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder.cleaner import MarkRule, marks_by_rule
from simcompare.core.folder.cleaner_state import CleanerState, FileState
from simcompare.core.folder.scan import FileRecord, ScanOptions, ScanResult
from simcompare.core.folder.session import FolderSession, NotDuplicates
from simcompare.core.formats.names import display_name
from simcompare.core.progress import NO_PROGRESS
from simcompare.core.search.groups import Group, Member
from simcompare.gui.folder.group_filter import GroupFilterModel, lowercase_names
from simcompare.gui.folder.jobs import RegroupRequest, regroup
from simcompare.gui.folder.models import BATCH, GroupTreeModel

GROUPS = 1300
ODD = os.fsdecode(b"caf\xe9")


def _name(i: int) -> str:
    folder = ("Docs", "notes", "Über", ODD)[i % 4]
    return f"{folder}/File{i:05d}{'.TXT' if i % 3 else '.md'}"


@pytest.fixture
def files() -> tuple[FileRecord, ...]:
    sketch = bytes(range(80))  # one text for all: every pair within k resembles
    return tuple(
        FileRecord(
            _name(i), 100 + i % 50, i, (i // 3) * 0x9E3779B97F4A7C15 % 2**64 ^ (i % 3), False, "utf-8", f"d{i}", sketch
        )
        for i in range(GROUPS * 3)
    )


@pytest.fixture
def groups() -> list[Group]:
    return [Group(3 * g, tuple(Member(3 * g + j, j, 1.0 - j / 10, False) for j in range(3)), 2) for g in range(GROUPS)]


def _model(qtbot, files, groups, cleaner: CleanerState | None = None, worker: bool = False) -> GroupTreeModel:
    model = GroupTreeModel(cleaner=cleaner)
    members = [m.index for g in groups for m in g.members] if worker else None
    model.set_groups(
        files,
        groups,
        64,
        wasted=[g.reference % 7 for g in groups],
        members=members,
        names=lowercase_names(files) if worker else None,
    )
    return model


def _shown(view) -> list[tuple[int, list[str]]]:
    """What a view shows, every batch fetched: each group's name and its member rows' names."""
    while view.canFetchMore(QModelIndex()):
        view.fetchMore(QModelIndex())
    found = []
    for g in range(view.rowCount()):
        group = view.index(g, 0)
        found.append((view.data(group), [view.index(r, 0, group).data() for r in range(view.rowCount(group))]))
    return found


def _row_by_row(model: GroupTreeModel, text: str, marked_only: bool) -> list[tuple[int, list[str]]]:
    """The filter as it was: each member row's shown name holds the text (case aside), with its group."""
    text = text.strip().lower()
    model.load_all()
    found = []
    for g in range(model.rowCount()):
        group = model.index(g, 0)
        members = []
        for r in range(model.rowCount(group)):
            index = model.index(r, 0, group)
            if marked_only and model.file_index(index) not in model.marks():
                continue
            if text in str(index.data()).lower():
                members.append(index.data())
        if members:
            found.append((group.data(), members))
    return found


@pytest.mark.parametrize("worker", [False, True])
@pytest.mark.parametrize(
    "texts", [["f"], ["über", "Über/file0"], ["\\xe9"], [".txt", "9.TXT", "9.tx"], ["gone"], ["zzz", ""]]
)
def test_the_filter_shows_what_the_row_by_row_filter_showed(qtbot, files, groups, texts, worker) -> None:
    cleaner = CleanerState()
    model = _model(qtbot, files, groups, cleaner, worker)
    cleaner._states = {7: FileState.GONE, 8: FileState.CHANGED}
    proxy = GroupFilterModel()
    proxy.setSourceModel(model)
    for text in texts:  # each key typed after the one before
        proxy.set_filter_text(text)
        assert _shown(proxy) == _row_by_row(model, text, False), text


@pytest.mark.parametrize("texts", [["f", "fi", "file0"], ["gone"], ["changed", "chan"], ["since"], ["9.md"]])
def test_the_filter_with_many_files_gone_or_changed_shows_what_the_row_by_row_filter_showed(
    qtbot, files, groups, texts
) -> None:
    """More rows gone or changed than the filter inserts one at a time (their rows say so after the name, which
    the filter reads): every key shows what the row-by-row filter shows."""
    cleaner = CleanerState()
    model = _model(qtbot, files, groups, cleaner, True)
    cleaner._states = {i: (FileState.GONE, FileState.CHANGED)[i % 2] for i in range(0, len(files), 2)}
    assert len(cleaner._states) > 1000  # more than group_filter inserts one at a time
    proxy = GroupFilterModel()
    proxy.setSourceModel(model)
    for text in texts:
        proxy.set_filter_text(text)
        assert _shown(proxy) == _row_by_row(model, text, False), text


def test_marked_only_and_a_text_together(qtbot, files, groups) -> None:
    cleaner = CleanerState()
    model = _model(qtbot, files, groups, cleaner)
    model.set_marked([g.members[1].index for g in groups[::5]] + [g.members[2].index for g in groups[::3]])
    proxy = GroupFilterModel()
    proxy.setSourceModel(model)
    proxy.set_marked_only(True)
    assert _shown(proxy) == _row_by_row(model, "", True)
    proxy.set_filter_text("docs")
    assert _shown(proxy) == _row_by_row(model, "docs", True)
    marked_docs = {i for i in model.marks() if "docs" in files[i].path.lower()}
    assert marked_docs and proxy.visible_files() == marked_docs


def _scrolled_to_the_end(qtbot, shown) -> int:
    """Scroll a tree showing ``shown`` down until no more groups come; how many it then has."""
    tree = QTreeView()
    qtbot.addWidget(tree)
    tree.setUniformRowHeights(True)
    tree.setModel(shown)
    tree.resize(400, 300)
    tree.show()
    assert BATCH <= shown.rowCount() < GROUPS  # a batch or two, not every group
    while shown.canFetchMore(QModelIndex()):  # the view fetches the next batch when scrolled to the bottom
        before = shown.rowCount()
        tree.scrollToBottom()
        qtbot.waitUntil(lambda before=before: shown.rowCount() > before, timeout=5000)
    return shown.rowCount()


def test_scrolling_down_shows_every_group(qtbot, files, groups) -> None:
    """Groups reach the tree a batch at a time; scrolled to the end, it has every group, filtered or not."""
    assert _scrolled_to_the_end(qtbot, _model(qtbot, files, groups)) == GROUPS
    model = _model(qtbot, files, groups)
    proxy = GroupFilterModel()
    proxy.setSourceModel(model)
    proxy.set_filter_text(".txt")  # two members of each group
    assert _scrolled_to_the_end(qtbot, proxy) == GROUPS
    assert _shown(proxy) == _row_by_row(model, ".txt", False)


def test_the_filter_follows_a_sort_and_keeps_the_selection(qtbot, files, groups) -> None:
    model = _model(qtbot, files, groups)
    proxy = GroupFilterModel()
    proxy.setSourceModel(model)
    proxy.set_filter_text("docs")
    tree = QTreeView()
    qtbot.addWidget(tree)
    tree.setModel(proxy)
    proxy.fetchMore(QModelIndex())
    chosen = proxy.index(3, 0)
    reference = chosen.data(Qt.ItemDataRole.ToolTipRole)
    tree.setCurrentIndex(chosen)
    proxy.sort(0, Qt.SortOrder.AscendingOrder)  # by name: the groups move
    assert tree.currentIndex().row() != 3
    assert tree.currentIndex().data(Qt.ItemDataRole.ToolTipRole) == reference
    assert _shown(proxy) == _row_by_row(model, "docs", False)


def _session(files) -> FolderSession:
    result = ScanResult("/nonexistent", Config(), ScanOptions(), files, ())
    return FolderSession(result, not_duplicates=NotDuplicates())


def test_marks_by_rule_and_invert_are_shown_on_every_row(qtbot, files, groups) -> None:
    """Many marks change at once (one repaint signal): every member row still shows its own mark."""
    session = _session(files)
    cleaner = CleanerState()
    model = _model(qtbot, files, groups, cleaner)
    model.load_all()
    chosen = marks_by_rule(session, groups, MarkRule.ALL_BUT_LARGEST)
    with qtbot.waitSignal(model.dataChanged):
        model.show_marks(cleaner.replace_marks(chosen))
    before = set(cleaner.marks)
    model.show_marks(cleaner.invert())
    members = {m.index for g in groups for m in g.members}
    references = {g.reference for g in groups}
    assert cleaner.marks == members - references - before
    for g in range(model.rowCount()):
        group = model.index(g, 0)
        for r in range(1, model.rowCount(group)):
            index = model.index(r, 0, group)
            state = Qt.CheckState.Checked if model.file_index(index) in cleaner.marks else Qt.CheckState.Unchecked
            assert index.data(Qt.ItemDataRole.CheckStateRole) == state


def test_the_worker_lists_the_members_and_names(qtbot, files) -> None:
    session = _session(files)
    done = regroup(RegroupRequest(session, 3), threading.Event(), NO_PROGRESS)
    assert len(done.groups) > 100
    assert done.members == [m.index for g in done.groups for m in g.members]
    assert done.names == [display_name(f.path).lower() for f in files]
    assert done.member_names == [done.names[i] for i in done.members]
    assert done.member_set == set(done.members) and done.references == {g.reference for g in done.groups}


@pytest.mark.parametrize("right", [True, False])
def test_the_members_names_the_worker_made_are_read_only_for_its_members(qtbot, files, groups, right) -> None:
    """The filter reads each member's name from the list the worker made for the members it listed, and only
    for those: names given for another list of members (here deliberately wrong) are not read."""
    model = _model(qtbot, files, groups, CleanerState(), worker=True)
    members = model.flat_members()[0]
    proxy = GroupFilterModel()
    proxy.setSourceModel(model)
    given = [model.names[i] for i in members] if right else ["zzz"] * len(members)
    proxy.know_member_names(members if right else list(members), given)
    for text in ("f", "fi", "über", "zzz"):
        proxy.set_filter_text(text)
        assert _shown(proxy) == _row_by_row(model, text, False), text
    assert (proxy._member_names[1] is given) == right  # read as given, not listed again


def test_typing_on_keeps_the_open_groups_open(qtbot, files, groups) -> None:
    """Each key refilters as a change of layout: a group still shown stays open and selected."""
    model = _model(qtbot, files, groups)
    proxy = GroupFilterModel()
    proxy.setSourceModel(model)
    tree = QTreeView()
    qtbot.addWidget(tree)
    tree.setModel(proxy)
    proxy.set_filter_text("file00")
    group = proxy.index(2, 0)
    reference = group.data(Qt.ItemDataRole.ToolTipRole)
    tree.expand(group)
    tree.setCurrentIndex(proxy.index(0, 0, group))
    member = tree.currentIndex().data()
    proxy.set_filter_text("file000")  # the same group still has a member shown
    assert tree.currentIndex().data() == member
    assert tree.currentIndex().parent().data(Qt.ItemDataRole.ToolTipRole) == reference
    assert tree.isExpanded(tree.currentIndex().parent())
    assert sum(tree.isExpanded(proxy.index(r, 0)) for r in range(proxy.rowCount())) == 1


def test_lowercase_names_are_the_rows_names_and_a_lowercase_name_is_not_copied() -> None:
    """Each name as its row shows it, lowercase; a name already lowercase is the record's own string (a million
    copies were 72 MB of the window's memory)."""
    names = ["docs/a.txt", "Docs/B.TXT", f"{ODD}/x.txt", "new\nline.txt", "über/ü.md"]
    files = [FileRecord(name, 1, 0, 0, False) for name in names]
    lowered = lowercase_names(files)
    assert lowered == [display_name(name).lower() for name in names]
    assert lowered[0] is files[0].path and lowered[4] is files[4].path
    assert lowered[1] == "docs/b.txt" and lowered[2] == "caf\\xe9/x.txt"
    assert lowercase_names(files[:1])[0] is files[0].path  # every name shown as it is


@pytest.mark.parametrize("worker", [False, True])
def test_the_members_as_arrays_follow_the_groups_rows_after_a_sort(qtbot, files, groups, worker: bool) -> None:
    """A mark by rule reads every member and its group's row as two arrays: each member sits in the row that
    shows it, after a sort as before, and the rule marks what it marks from the groups themselves."""
    model = _model(qtbot, files, groups, worker=worker)
    for column in (0, 2):
        model.sort(column, Qt.SortOrder.DescendingOrder)
        listed, listed_rows = model.flat_members()  # as the marking reads them (Marking.listed), as arrays
        members, rows = np.array(listed, dtype=np.intp), np.array(listed_rows, dtype=np.intp)
        assert sorted(zip(members.tolist(), rows.tolist(), strict=True)) == sorted(
            (m.index, r) for r, g in enumerate(model.groups) for m in g.members
        )
        session = FolderSession(ScanResult("/nowhere", Config(), ScanOptions(), files, ()))
        rule = MarkRule.ALL_BUT_REFERENCE
        listed = marks_by_rule(session, model.groups, rule, listed=(members, rows))
        assert listed == marks_by_rule(session, model.groups, rule) and len(listed) == 2 * GROUPS
