"""Models of the Folder page: the groups as a tree (and, from problems_model, the problems as a table).

Both wrap the core's frozen results and compute cells on demand, so 100,000 members cost no more than
the rows on screen. A tree row's internal id says where it sits: 0 for a group row, ``g + 1`` for a
member of group ``g``. The marks (the files an action applies to) live in the cleaner's state
(:class:`~simcompare.core.folder.cleaner_state.CleanerState`), which the tree model reads and asks to change;
which files a rule marks is decided by the core (:mod:`simcompare.core.folder.cleaner`), never here.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from operator import attrgetter
from typing import Any

import numpy as np
from PySide6.QtCore import (
    QAbstractItemModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QFont, QPalette
from PySide6.QtWidgets import QApplication

from simcompare.core.fingerprint.bitwise import distance_similarity
from simcompare.core.folder.cleaner_state import CleanerState, FileState
from simcompare.core.folder.scan import FileRecord
from simcompare.core.formats.names import display_name
from simcompare.core.search.groups import Group, Member
from simcompare.gui.common.plain import plain_tooltip
from simcompare.gui.folder.cells import human_size as human_size  # their home before
from simcompare.gui.folder.cells import modified_text as modified_text
from simcompare.gui.folder.cells import qt_number as qt_number
from simcompare.gui.folder.problems_model import SORT_ROLE as SORT_ROLE  # the sort role of both models
from simcompare.gui.folder.problems_model import ProblemsModel as ProblemsModel  # its home before

REFERENCE_ROLE = Qt.ItemDataRole.UserRole + 3
MARKED_ROLE = Qt.ItemDataRole.UserRole + 4

Index = QModelIndex | QPersistentModelIndex

# Computed once: combining enum flags in Python costs more than the whole rest of flags().
_SELECTABLE = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
_CHECKABLE = _SELECTABLE | Qt.ItemFlag.ItemIsUserCheckable
BATCH = 500
"""Groups handed to the view at a time."""
MANY_GROUPS = 64
"""Beyond this many files whose mark changed, one signal for every group row rather than one per group."""


class Column(enum.IntEnum):
    NAME = 0
    FILES = 1
    SIZE = 2
    MODIFIED = 3
    DISTANCE = 4
    VERIFIED = 5
    IDENTICAL = 6


_COLUMNS = len(Column)


def _group_key(files: Sequence[FileRecord], group: Group, wasted: int, column: int) -> Any:
    if column == Column.NAME:
        return files[group.reference].path
    if column == Column.FILES:
        return len(group.members)
    if column == Column.SIZE:
        return wasted
    if column == Column.MODIFIED:
        return max(files[m.index].mtime_ns for m in group.members)
    if column == Column.DISTANCE:
        return group.max_distance
    if column == Column.VERIFIED:
        return min((m.verified for m in group.members[1:] if m.verified is not None), default=1.0)
    return sum(m.identical for m in group.members)


def _member_key(files: Sequence[FileRecord], member: Member, column: int) -> Any:
    record = files[member.index]
    if column == Column.SIZE:
        return (record.size, record.path)
    if column == Column.MODIFIED:
        return (record.mtime_ns, record.path)
    if column == Column.DISTANCE:
        return (member.distance, record.path)
    if column == Column.VERIFIED:
        return (member.verified if member.verified is not None else -1.0, record.path)
    if column == Column.IDENTICAL:
        return (int(member.identical), record.path)
    return (record.path, 0)


class GroupTreeModel(QAbstractItemModel):
    """Groups → members. Members can be marked for an action; marks survive a regroup.

    The marks, chosen references and file states are the cleaner's state's; the model shows them, and every
    change of marks made through it repaints the rows concerned and says so.

    Signals:
        marks_changed(): the set of marked files changed.
    """

    marks_changed = Signal()

    def __init__(self, parent: QObject | None = None, cleaner: CleanerState | None = None) -> None:
        super().__init__(parent)
        self._cleaner = cleaner if cleaner is not None else CleanerState()
        self._files: Sequence[FileRecord] = ()
        self._hardlink_of: Callable[[int], int | None] | None = None
        self._groups: list[Group] = []
        self._wasted: list[int] = []
        self._members_total = 0
        self._bits = 64
        self._protected: frozenset[int] = frozenset()
        self._sort: tuple[int, Qt.SortOrder] = (Column.SIZE, Qt.SortOrder.DescendingOrder)
        self._members_sorted: list[bool] = []
        self._rows: dict[int, int] | None = {}
        self._flat: tuple[list[int], list[int]] | None = None
        self._given: tuple[list[int], np.ndarray] | None = None
        self._sizes = np.zeros(0, dtype=np.int64)
        self.names: Sequence[str] | None = None
        """Each file's name as a row shows it, lowercase, when the worker made the list (None: not made)."""
        self._loaded = 0
        self._bold = QFont()
        self._bold.setBold(True)
        self.path_text: Callable[[str], str] = display_name
        """A file's path as shown (relative to its root, the root named, when a scan had several)."""

    # ------------------------------------------------------------------ data in
    def set_groups(
        self,
        files: Sequence[FileRecord],
        groups: Sequence[Group],
        bits: int,
        *,
        wasted: Sequence[int] | None = None,
        protected: Collection[int] = (),
        hardlink_of: Callable[[int], int | None] | None = None,
        members: Sequence[int] | None = None,
        names: Sequence[str] | None = None,
        member_set: frozenset[int] | None = None,
        references: frozenset[int] | None = None,
    ) -> None:
        """Show new groups; marks of files still in a group are kept (the cleaner's state drops the others).

        Args:
            files: The scan's files.
            groups: The groups to show.
            bits: The fingerprint width.
            wasted: Per group, the bytes that removing all but the reference frees.
            protected: Files in reference folders: never marked.
            hardlink_of: A file's first name when it is another name of it (``FolderSession.hardlink_of``).
            members: Every member file of ``groups``, group after group, when the worker listed them already.
            names: Each file's name as a row shows it, lowercase (what the filter matches), when known already.
            member_set: The members as a set, and ``references`` the groups' references, when a worker made them
                (None: the cleaner makes them when it first needs them; groups as saved, locked, never need them).
        """
        self.beginResetModel()
        self._files, self._groups, self._bits = files, list(groups), bits
        self._hardlink_of = hardlink_of
        given = members if type(members) is list else None if members is None else list(members)  # the worker's
        self._given = (given, np.arange(len(self._groups))) if given is not None else None
        self._sizes = np.fromiter(map(len, map(attrgetter("members"), self._groups)), np.int64, len(self._groups))
        self.names = names
        self._members_total = int(self._sizes.sum())  # a new reference or a sort keeps the members
        self._wasted = list(wasted) if wasted is not None else [0] * len(self._groups)
        self._protected = frozenset(protected)
        self._apply_sort()
        self._cleaner.show_groups(self._groups, self._protected, member_set, references)  # None: made when needed
        self._loaded = min(BATCH, len(self._groups))
        self.endResetModel()
        self.marks_changed.emit()

    # ------------------------------------------------------------------ sorting
    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Order the groups by ``column`` and the members within each group (the reference stays first).

        Sorting here, with each row's key computed once, keeps 100,000 rows fast (a proxy's ``lessThan`` in
        Python would hold the window for seconds).
        """
        if not 0 <= column < len(Column) or (column, order) == self._sort:
            return  # the same order again (a view shown this model anew asks): nothing moves
        self.layoutAboutToBeChanged.emit()
        kept = self.persistentIndexList()  # the rows a view holds on to (current, selected, expanded)
        groups = [self._groups[i.row()] if i.internalId() == 0 else None for i in kept]
        self._sort = (column, order)
        self._apply_sort()
        # Groups' persistent indices follow them, all at once (one by one, a row moved onto another's old place
        # would move again); members may have moved within their group.
        where = {id(g): r for r, g in enumerate(self._groups)}
        self.changePersistentIndexList(
            kept,
            [
                QModelIndex() if g is None else self.createIndex(where[id(g)], i.column(), 0)
                for i, g in zip(kept, groups, strict=True)
            ],
        )
        self.layoutChanged.emit()

    def _apply_sort(self) -> None:
        """Order the groups now; each group's members are ordered when the view first asks for them."""
        column, order = self._sort
        descending = order == Qt.SortOrder.DescendingOrder
        rows = list(range(len(self._groups)))
        keys = (
            self._wasted
            if column == Column.SIZE
            else [_group_key(self._files, self._groups[r], self._wasted[r], column) for r in rows]
        )
        rows.sort(key=keys.__getitem__, reverse=descending)
        if self._given is not None:  # where each group of the worker's list is now
            now = np.empty(len(rows), dtype=np.int64)
            now[rows] = np.arange(len(rows))
            self._given = (self._given[0], now[self._given[1]])
        self._groups = list(map(self._groups.__getitem__, rows))  # in C: a tenth of a second less at a million
        self._wasted = list(map(self._wasted.__getitem__, rows))
        self._members_sorted = [False] * len(self._groups)
        self._rows = None  # built when first needed: 100,000 entries cost the window a tenth of a second
        self._flat = None

    @property
    def _row_of(self) -> dict[int, int]:
        """Each member file's group row."""
        if self._rows is None:
            self._rows = {m.index: r for r, g in enumerate(self._groups) for m in g.members}
        return self._rows

    def _members(self, row: int) -> tuple[Member, ...]:
        """Group ``row``'s members in the current order (the reference first), sorted on first use."""
        group = self._groups[row]
        if not self._members_sorted[row]:
            column, order = self._sort
            head, rest = group.members[0], list(group.members[1:])
            rest.sort(key=lambda m: _member_key(self._files, m, column), reverse=order == Qt.SortOrder.DescendingOrder)
            group = self._groups[row] = Group(group.reference, (head, *rest), group.max_distance)
            self._members_sorted[row] = True
        return group.members

    def replace_groups(self, changed: Mapping[int, tuple[Group, int]]) -> None:
        """Show new references of many groups (row → group, wasted bytes; same members, same places) in one
        layout change; the rows a view holds (selected, current) follow their files."""
        self.layoutAboutToBeChanged.emit()
        kept = self.persistentIndexList()
        held = [self.file_index(i) for i in kept]
        for row, (group, wasted) in changed.items():
            self._groups[row], self._members_sorted[row], self._wasted[row] = group, False, wasted
        now = [i if f is None else self.member_index(f) for i, f in zip(kept, held, strict=True)]
        self.changePersistentIndexList(kept, [n.siblingAtColumn(i.column()) for i, n in zip(kept, now, strict=True)])
        self.layoutChanged.emit()

    @property
    def groups(self) -> list[Group]:
        return self._groups

    @property
    def files(self) -> Sequence[FileRecord]:
        return self._files

    @property
    def protected(self) -> frozenset[int]:
        return self._protected

    def wasted(self, row: int) -> int:
        return self._wasted[row]

    def totals(self) -> tuple[int, int]:
        """The files in groups and the bytes their removal would free, over every group.

        Kept rather than summed group by group: the summary asks on every progress signal of a regroup,
        while a worker holds the interpreter lock for most of the time.
        """
        return self._members_total, sum(self._wasted)

    # ------------------------------------------------------------------ marks
    @property
    def cleaner(self) -> CleanerState:
        """The cleaner's state whose marks, references and file states the model shows."""
        return self._cleaner

    def set_cleaner(self, cleaner: CleanerState) -> None:
        """Show ``cleaner``'s marks and file states from now on (a page taking over another's, before its groups)."""
        self.beginResetModel()
        self._cleaner = cleaner
        self.endResetModel()

    def marked_files(self) -> list[int]:
        """Indices (into the scan's files) of the marked members, in group order."""
        return self._cleaner.marked_in(self._groups)

    def marks(self) -> frozenset[int]:
        return self._cleaner.marks

    def set_marked(self, file_indices: Iterable[int], marked: bool = True) -> None:
        """Mark (or unmark) files besides the other marks, as one marking that can be undone."""
        self.show_marks(self._cleaner.mark(file_indices, marked))

    def show_marks(self, files: Collection[int] | None) -> None:
        """Repaint the check boxes of the groups holding ``files`` (only those: there may be 20,000).

        Called with what a change of the cleaner's marks returned (None: nothing changed). Past
        :data:`MANY_GROUPS` files, one signal for every group row (a view repaints all it shows) instead.
        """
        self.repaint(files or (), [Qt.ItemDataRole.CheckStateRole, MARKED_ROLE], 1)
        self.marks_changed.emit()

    def repaint(self, files: Collection[int], roles: Sequence[int] = (), columns: int = _COLUMNS) -> None:
        """Say that the member rows of ``files`` changed in ``roles`` (none: in all) in their first ``columns``
        (a file's state was found, say); past :data:`MANY_GROUPS` files, every group row at once (a view repaints
        all it shows)."""
        roles = list(roles)
        if len(files) > MANY_GROUPS:
            if self._loaded:
                self.dataChanged.emit(self.index(0, 0), self.index(self._loaded - 1, _COLUMNS - 1), roles)
            return
        for row in sorted({self._row_of[i] for i in files if i in self._row_of}):
            if row >= self._loaded:
                continue
            parent = self.index(row, 0)
            last = self.index(len(self._groups[row].members) - 1, columns - 1, parent)
            self.dataChanged.emit(self.index(0, 0, parent), last, roles)

    def member_name(self, file_index: int) -> str:
        """A member's name as its row shows it (what the filter matches)."""
        record = self._files[file_index]
        state = self._cleaner.state(file_index)
        if state is FileState.GONE:
            return self.tr("{0} (gone since)").format(self.path_text(record.path))
        if state is FileState.CHANGED:
            return self.tr("{0} (changed since)").format(self.path_text(record.path))
        return self.path_text(record.path)  # undecodable bytes as \xNN (Qt would drop them)

    def member_files(self, row: int) -> list[int]:  # the files of group ``row`` in the order of its rows
        return [m.index for m in self._members(row)]

    def flat_members(self) -> tuple[list[int], list[int]]:
        """Every member file of every group and, beside each, its group's row (members in any order).

        Kept until the groups change or are sorted: the filter reads it on every key.
        """
        if self._flat is None and self._given is not None:
            self._flat = (self._given[0], np.repeat(self._given[1], self._sizes).tolist())
        if self._flat is None:
            files = [m.index for g in self._groups for m in g.members]
            rows = [r for r, g in enumerate(self._groups) for _ in g.members]
            self._flat = (files, rows)
        return self._flat

    # ------------------------------------------------------------------ where
    def group_of(self, index: Index) -> int | None:
        """The group row of a group or member index."""
        if not index.isValid():
            return None
        ident = index.internalId()
        return index.row() if ident == 0 else ident - 1

    def file_index(self, index: Index) -> int | None:
        """The scan's file index of a member row (None for a group row)."""
        if not index.isValid() or index.internalId() == 0:
            return None
        return self._members(index.internalId() - 1)[index.row()].index

    def member_index(self, file_index: int) -> QModelIndex:
        """The model index of a file's member row (invalid when it is in no group)."""
        row = self._row_of.get(file_index)
        if row is None:
            return QModelIndex()
        self.load_to(row)
        position = next(p for p, m in enumerate(self._members(row)) if m.index == file_index)
        return self.index(position, 0, self.index(row, 0))

    # ------------------------------------------------------------------ structure
    def index(self, row: int, column: int, parent: Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        # Bounds checked here rather than by hasIndex(), which calls back into Python twice per row.
        if row < 0 or not 0 <= column < _COLUMNS:
            return QModelIndex()
        if not parent.isValid():
            return self.createIndex(row, column, 0) if row < self._loaded else QModelIndex()
        if parent.internalId() == 0 and parent.column() == 0 and row < len(self._groups[parent.row()].members):
            return self.createIndex(row, column, parent.row() + 1)
        return QModelIndex()

    def parent(self, index: Index = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008
        if not index.isValid() or index.internalId() == 0:
            return QModelIndex()
        return self.createIndex(index.internalId() - 1, 0, 0)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        if not parent.isValid():
            return self._loaded
        if parent.column() != 0 or parent.internalId() != 0:
            return 0
        return len(self._groups[parent.row()].members)

    # Groups reach the view a batch at a time (Qt's fetchMore): a view walks every row it is given on a
    # reset, and 20,000 groups at once would hold the window for a second.
    def canFetchMore(self, parent: Index) -> bool:
        return not parent.isValid() and self._loaded < len(self._groups)

    def fetchMore(self, parent: Index) -> None:
        if parent.isValid():
            return
        self.load_to(self._loaded + BATCH - 1)

    def load_to(self, row: int, *, only: bool = False) -> None:
        """Give the view every group up to ``row`` (e.g. to select a file in a group further down); with
        ``only``, those only (for a view about to show this model after a filter had every group loaded: a
        view walks each group it is given)."""
        last = min(row, len(self._groups) - 1)
        if last >= self._loaded:
            self.beginInsertRows(QModelIndex(), self._loaded, last)
            self._loaded = last + 1
            self.endInsertRows()
        elif only and last + 1 < self._loaded:
            self.beginRemoveRows(QModelIndex(), last + 1, self._loaded - 1)
            self._loaded = last + 1
            self.endRemoveRows()

    def load_all(self) -> None:
        self.load_to(len(self._groups) - 1)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return len(Column)

    def hasChildren(self, parent: Index = QModelIndex()) -> bool:  # noqa: B008
        return self.rowCount(parent) > 0

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        member_name = index.internalId() != 0 and index.column() == 0
        if member_name and self._cleaner.may_mark(self.file_index(index)):  # type: ignore[arg-type]
            return _CHECKABLE  # a group's reference and a file in a reference folder offer no box to tick
        return _SELECTABLE

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(Column):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return (
                self.tr("Group / file"),
                self.tr("Files"),
                self.tr("Size"),
                self.tr("Modified"),
                self.tr("Distance"),
                self.tr("Verified"),
                self.tr("Identical"),
            )[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return (
                self.tr("Groups, and the files in them; the group's reference comes first"),
                self.tr("How many files the group holds"),
                self.tr("A file's size; for a group, what removing every file but the reference frees"),
                self.tr("When the file was last changed"),
                self.tr("Differing fingerprint bits to the group's reference; for a group, the largest"),
                self.tr("How much of the text is shared with the reference (the check behind every group)"),
                self.tr("The cleaned text equals the reference's"),
            )[section]
        return None

    # ------------------------------------------------------------------ cells
    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        if index.internalId() == 0:
            return self._group_data(index.row(), index.column(), role)
        row = index.internalId() - 1
        self._members(row)
        return self._member_data(self._groups[row], index.row(), index.column(), role)

    def setData(self, index: Index, value: object, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.CheckStateRole or not index.isValid() or index.column() != Column.NAME:
            return False
        file_index = self.file_index(index)
        if file_index is None or not self._cleaner.may_mark(file_index):
            return False
        state = value.value if isinstance(value, Qt.CheckState) else int(value)  # type: ignore[call-overload]
        if self._cleaner.tick(file_index, state == Qt.CheckState.Checked.value) is None:
            return False
        self.dataChanged.emit(index, index, [Qt.ItemDataRole.CheckStateRole, MARKED_ROLE])
        self.marks_changed.emit()
        return True

    def _group_data(self, row: int, column: int, role: int) -> object:
        group = self._groups[row]
        if role == Qt.ItemDataRole.DisplayRole:
            if column == Column.NAME:
                return self.tr("Group {0}: {1}").format(row + 1, self.path_text(self._files[group.reference].path))
            if column == Column.FILES:
                return str(len(group.members))
            if column == Column.SIZE:
                return self.tr("{0} wasted").format(human_size(self._wasted[row]))
            if column == Column.DISTANCE:
                return self.tr("≤ {0}").format(group.max_distance)
            return None
        if role == SORT_ROLE:
            return qt_number(_group_key(self._files, group, self._wasted[row], column))
        if role == Qt.ItemDataRole.ToolTipRole:
            if column == Column.SIZE:
                return self.tr("Removing every file of the group but the reference frees this much")
            if column == Column.DISTANCE:
                return self.tr("Largest distance between any two members of the group")
            if column == Column.NAME:
                return self._files[group.reference].path
        if role == Qt.ItemDataRole.FontRole and column == Column.NAME:
            return self._bold
        if role == Qt.ItemDataRole.TextAlignmentRole and column != Column.NAME:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def _member_data(self, group: Group, row: int, column: int, role: int) -> object:
        member = group.members[row]
        record = self._files[member.index]
        is_reference = member.index == group.reference
        if role == Qt.ItemDataRole.DisplayRole:
            if column == Column.NAME:
                return self.member_name(member.index)
            if column == Column.SIZE:
                return human_size(record.size)
            if column == Column.MODIFIED:
                return modified_text(record.mtime_ns)
            if column == Column.DISTANCE:
                return self.tr("reference") if is_reference else str(member.distance)
            if column == Column.VERIFIED:
                if is_reference or member.verified is None:
                    return None
                return self.tr("{0:.0%} shared").format(member.verified)
            if column == Column.IDENTICAL:
                first = self._hardlink_of(member.index) if self._hardlink_of is not None else None
                if first is not None:  # one file under two names: never a copy, never waste
                    return self.tr("hard link of {0}").format(display_name(self._files[first].path))
                return self.tr("identical") if member.identical else None
            return None
        if role == SORT_ROLE:
            verified = 2.0 if is_reference else (member.verified if member.verified is not None else -1.0)
            return qt_number(
                (
                    record.path,
                    0,
                    record.size,
                    record.mtime_ns,
                    member.distance,
                    verified,
                    int(member.identical),
                )[column]
            )
        if role == REFERENCE_ROLE:
            return is_reference
        if role == MARKED_ROLE:
            return self._cleaner.is_marked(member.index)
        if role == Qt.ItemDataRole.CheckStateRole and column == Column.NAME and not is_reference:
            return Qt.CheckState.Checked if self._cleaner.is_marked(member.index) else Qt.CheckState.Unchecked
        if role == Qt.ItemDataRole.FontRole and is_reference and column in (Column.NAME, Column.DISTANCE):
            return self._bold
        if role == Qt.ItemDataRole.ForegroundRole and member.index in self._protected and column == Column.NAME:
            return QBrush(QApplication.palette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text))
        if role == Qt.ItemDataRole.ToolTipRole and column == Column.NAME:
            lines = [display_name(record.path)]
            if is_reference:
                lines.append(self.tr("The group's reference: distances are measured to it"))
            if member.index in self._protected:
                lines.append(self.tr("In a reference folder: always kept, never marked"))
            if member.also_close:
                names = ", ".join(display_name(self._files[i].path) for i in member.also_close[:5])
                more = len(member.also_close) - 5
                also = self.tr("Also close to: {0}").format(names)
                lines.append(also + (self.tr(" and %Ln more", "", more) if more > 0 else ""))
            return plain_tooltip("\n".join(lines))  # a file named <b>x</b>.txt is shown as those characters
        if role == Qt.ItemDataRole.ToolTipRole and column == Column.DISTANCE and not is_reference:
            bits = self.tr("{0} of {1} bits differ: {2:.1%} alike").format(
                member.distance, self._bits, distance_similarity(member.distance, self._bits)
            )
            if member.evidence == "shingles" and member.verified is not None:  # beyond k: shared word pairs alone
                return bits + "\n" + self.tr("Grouped on its shared word pairs alone (farther than k)")
            return bits
        if role == Qt.ItemDataRole.TextAlignmentRole and column != Column.NAME:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None
