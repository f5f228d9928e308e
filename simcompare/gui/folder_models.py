"""Models of the Folder page: the groups as a tree, the problems as a table.

Both wrap the core's frozen results and compute cells on demand, so 100,000 members cost no more than
the rows on screen. A tree row's internal id says where it sits: 0 for a group row, ``g + 1`` for a
member of group ``g``. The marks (the files an action applies to) live in the tree model; which files
they are is decided by the core's rules (:mod:`simcompare.core.cleaner`), never here.
"""

from __future__ import annotations

import datetime as _dt
import enum
from collections.abc import Collection, Iterable, Mapping, Sequence

from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QFont, QPalette
from PySide6.QtWidgets import QApplication

from simcompare.core.groups import Group
from simcompare.core.scan import FileRecord, Problem
from simcompare.gui.messages import reason_detail, reason_text

SORT_ROLE = Qt.ItemDataRole.UserRole + 1
FILE_INDEX_ROLE = Qt.ItemDataRole.UserRole + 2
REFERENCE_ROLE = Qt.ItemDataRole.UserRole + 3
MARKED_ROLE = Qt.ItemDataRole.UserRole + 4

Index = QModelIndex | QPersistentModelIndex


class Column(enum.IntEnum):
    NAME = 0
    FILES = 1
    SIZE = 2
    MODIFIED = 3
    DISTANCE = 4
    VERIFIED = 5
    IDENTICAL = 6


class FileState(enum.StrEnum):
    """A file of reopened results compared with the disk now."""

    CHANGED = "changed"
    GONE = "gone"


def human_size(size: int) -> str:
    """Bytes as a short size (1.2 KB)."""
    value = float(size)
    for unit in ("B", "KB", "MB", "GB"):
        if value < 1024 or unit == "GB":
            return f"{int(value)} {unit}" if unit == "B" else f"{value:.1f} {unit}"
        value /= 1024
    return f"{size} B"


class GroupTreeModel(QAbstractItemModel):
    """Groups → members. Members can be marked for an action; marks survive a regroup.

    Signals:
        marks_changed(): the set of marked files changed.
    """

    marks_changed = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._files: Sequence[FileRecord] = ()
        self._groups: list[Group] = []
        self._wasted: list[int] = []
        self._bits = 64
        self._checked: set[int] = set()
        self._protected: frozenset[int] = frozenset()
        self._states: Mapping[int, FileState] = {}
        self._names: Mapping[int, str] = {}
        self._bold = QFont()
        self._bold.setBold(True)

    # ------------------------------------------------------------------ data in
    def set_groups(
        self,
        files: Sequence[FileRecord],
        groups: Sequence[Group],
        bits: int,
        *,
        wasted: Sequence[int] | None = None,
        protected: Collection[int] = (),
        states: Mapping[int, FileState] | None = None,
    ) -> None:
        """Show new groups; marks of files still in a group are kept (of the same files only).

        Args:
            files: The scan's files.
            groups: The groups to show.
            bits: The fingerprint width.
            wasted: Per group, the bytes that removing all but the reference frees.
            protected: Files in reference folders: never marked.
            states: Files changed or gone since reopened results were saved.
        """
        self.beginResetModel()
        if files is not self._files:
            self._checked.clear()
        self._files, self._groups, self._bits = files, list(groups), bits
        self._wasted = list(wasted) if wasted is not None else [0] * len(self._groups)
        self._protected = frozenset(protected)
        self._states = dict(states or {})
        members = {m.index for g in self._groups for m in g.members}
        self._checked &= members
        self._checked -= self._protected
        self.endResetModel()
        self.marks_changed.emit()

    def clear(self) -> None:
        self.set_groups((), [], self._bits)

    def replace_group(self, row: int, group: Group) -> None:
        """Show ``group`` in place of the group at ``row`` (a new reference: same members)."""
        self._groups[row] = group
        parent = self.index(row, 0)
        self.dataChanged.emit(self.index(row, 0), self.index(row, len(Column) - 1))
        if group.members:
            self.dataChanged.emit(self.index(0, 0, parent), self.index(len(group.members) - 1, len(Column) - 1, parent))

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

    def state(self, file_index: int) -> FileState | None:
        return self._states.get(file_index)

    # ------------------------------------------------------------------ marks
    def checked_files(self) -> list[int]:
        """Indices (into the scan's files) of the marked members, in group order."""
        return [m.index for g in self._groups for m in g.members if m.index in self._checked]

    def marks(self) -> frozenset[int]:
        return frozenset(self._checked)

    def set_marks(self, marks: Iterable[int]) -> None:
        """Mark exactly ``marks`` (files of reference folders and files in no group are left out)."""
        members = {m.index for g in self._groups for m in g.members}
        self._checked = (set(marks) & members) - self._protected
        self._all_changed()

    def set_checked(self, file_indices: Iterable[int], checked: bool = True) -> None:
        chosen = set(file_indices) - self._protected
        if checked:
            self._checked |= chosen
        else:
            self._checked -= chosen
        self._all_changed()

    def _all_changed(self) -> None:
        for row, group in enumerate(self._groups):
            parent = self.index(row, 0)
            last = self.index(len(group.members) - 1, 0, parent)
            self.dataChanged.emit(self.index(0, 0, parent), last, [Qt.ItemDataRole.CheckStateRole, MARKED_ROLE])
        self.marks_changed.emit()

    def marked_size(self) -> int:
        return sum(self._files[i].size for i in self._checked)

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
        return self._groups[index.internalId() - 1].members[index.row()].index

    def member_index(self, file_index: int) -> QModelIndex:
        """The model index of a file's member row (invalid when it is in no group)."""
        for row, group in enumerate(self._groups):
            for position, m in enumerate(group.members):
                if m.index == file_index:
                    return self.index(position, 0, self.index(row, 0))
        return QModelIndex()

    # ------------------------------------------------------------------ structure
    def index(self, row: int, column: int, parent: Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        if not self.hasIndex(row, column, parent):
            return QModelIndex()
        if not parent.isValid():
            return self.createIndex(row, column, 0)
        if parent.internalId() == 0:
            return self.createIndex(row, column, parent.row() + 1)
        return QModelIndex()

    def parent(self, index: Index = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008
        if not index.isValid() or index.internalId() == 0:
            return QModelIndex()
        return self.createIndex(index.internalId() - 1, 0, 0)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        if not parent.isValid():
            return len(self._groups)
        if parent.column() != 0 or parent.internalId() != 0:
            return 0
        return len(self._groups[parent.row()].members)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return len(Column)

    def hasChildren(self, parent: Index = QModelIndex()) -> bool:  # noqa: B008
        return self.rowCount(parent) > 0

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.internalId() != 0 and index.column() == Column.NAME:
            file_index = self.file_index(index)
            if file_index not in self._protected:
                flags |= Qt.ItemFlag.ItemIsUserCheckable
        return flags

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
        group = self._groups[index.internalId() - 1]
        return self._member_data(group, index.row(), index.column(), role)

    def setData(self, index: Index, value: object, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.CheckStateRole or not index.isValid() or index.column() != Column.NAME:
            return False
        file_index = self.file_index(index)
        if file_index is None or file_index in self._protected:
            return False
        state = value.value if isinstance(value, Qt.CheckState) else int(value)  # type: ignore[arg-type]
        if state == Qt.CheckState.Checked.value:
            self._checked.add(file_index)
        else:
            self._checked.discard(file_index)
        self.dataChanged.emit(index, index, [Qt.ItemDataRole.CheckStateRole, MARKED_ROLE])
        self.marks_changed.emit()
        return True

    def _group_data(self, row: int, column: int, role: int) -> object:
        group = self._groups[row]
        if role == Qt.ItemDataRole.DisplayRole:
            if column == Column.NAME:
                return self.tr("Group {0}: {1}").format(row + 1, self._files[group.reference].path)
            if column == Column.FILES:
                return str(len(group.members))
            if column == Column.SIZE:
                return self.tr("{0} wasted").format(human_size(self._wasted[row]))
            if column == Column.DISTANCE:
                return self.tr("≤ {0}").format(group.max_distance)
            return None
        if role == SORT_ROLE:
            verified = min((m.verified for m in group.members[1:] if m.verified is not None), default=1.0)
            identical = sum(m.identical for m in group.members)
            newest = max(self._files[m.index].mtime_ns for m in group.members)
            return (row, len(group.members), self._wasted[row], newest, group.max_distance, verified, identical)[column]
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
                state = self._states.get(member.index)
                if state is FileState.GONE:
                    return self.tr("{0} (gone since)").format(record.path)
                if state is FileState.CHANGED:
                    return self.tr("{0} (changed since)").format(record.path)
                return record.path
            if column == Column.SIZE:
                return human_size(record.size)
            if column == Column.MODIFIED:
                return _dt.datetime.fromtimestamp(record.mtime_ns / 1e9).strftime("%Y-%m-%d %H:%M")
            if column == Column.DISTANCE:
                return self.tr("reference") if is_reference else str(member.distance)
            if column == Column.VERIFIED:
                if is_reference or member.verified is None:
                    return None
                return self.tr("{0:.0%} shared").format(member.verified)
            if column == Column.IDENTICAL:
                return self.tr("identical") if member.identical else None
            return None
        if role == SORT_ROLE:
            verified = 2.0 if is_reference else (member.verified if member.verified is not None else -1.0)
            return (
                record.path,
                0,
                record.size,
                record.mtime_ns,
                member.distance,
                verified,
                int(member.identical),
            )[column]
        if role == FILE_INDEX_ROLE:
            return member.index
        if role == REFERENCE_ROLE:
            return is_reference
        if role == MARKED_ROLE:
            return member.index in self._checked
        if role == Qt.ItemDataRole.CheckStateRole and column == Column.NAME:
            return Qt.CheckState.Checked if member.index in self._checked else Qt.CheckState.Unchecked
        if role == Qt.ItemDataRole.FontRole and is_reference and column in (Column.NAME, Column.DISTANCE):
            return self._bold
        if role == Qt.ItemDataRole.ForegroundRole and member.index in self._protected and column == Column.NAME:
            return QBrush(QApplication.palette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text))
        if role == Qt.ItemDataRole.ToolTipRole and column == Column.NAME:
            lines = [record.path]
            if is_reference:
                lines.append(self.tr("The group's reference: distances are measured to it"))
            if member.index in self._protected:
                lines.append(self.tr("In a reference folder: always kept, never marked"))
            if member.also_close:
                names = ", ".join(self._files[i].path for i in member.also_close[:5])
                more = len(member.also_close) - 5
                also = self.tr("Also close to: {0}").format(names)
                lines.append(also + (self.tr(" and %n more", "", more) if more > 0 else ""))
            return "\n".join(lines)
        if role == Qt.ItemDataRole.ToolTipRole and column == Column.DISTANCE and not is_reference:
            return self.tr("{0} of {1} bits differ: {2:.1%} alike").format(
                member.distance, self._bits, 1.0 - member.distance / self._bits
            )
        if role == Qt.ItemDataRole.TextAlignmentRole and column != Column.NAME:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


class GroupFilterModel(QSortFilterProxyModel):
    """Sorts by the numbers behind the cells (a group's reference stays first); filters by path and marks."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setSortRole(SORT_ROLE)
        self.setRecursiveFilteringEnabled(True)
        self.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.setFilterKeyColumn(Column.NAME)
        self._text = ""
        self._marked_only = False

    def set_filter_text(self, text: str) -> None:
        """Show only members whose path contains ``text`` (case-insensitive), with their groups."""
        self.beginFilterChange()
        self._text = text.strip().lower()
        self.endFilterChange()

    def set_marked_only(self, on: bool) -> None:
        """Show only marked members, with their groups."""
        self.beginFilterChange()
        self._marked_only = bool(on)
        self.endFilterChange()

    @property
    def marked_only(self) -> bool:
        return self._marked_only

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        if not self._text and not self._marked_only:
            return True
        if not source_parent.isValid():  # a group row shows through its members (recursive filter)
            return False
        source = self.sourceModel()
        index = source.index(source_row, Column.NAME, source_parent)
        if self._marked_only and not source.data(index, MARKED_ROLE):
            return False
        return not self._text or self._text in str(source.data(index)).lower()

    def lessThan(self, left: Index, right: Index) -> bool:
        ascending = self.sortOrder() == Qt.SortOrder.AscendingOrder
        if left.parent().isValid():  # members: the reference stays on top whichever way
            if left.data(REFERENCE_ROLE):
                return ascending
            if right.data(REFERENCE_ROLE):
                return not ascending
        a, b = left.data(SORT_ROLE), right.data(SORT_ROLE)
        if a == b:
            return left.row() < right.row() if ascending else left.row() > right.row()
        return bool(a < b)


class ProblemsModel(QAbstractTableModel):
    """Files that could not be read: path, reason, detail."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._problems: Sequence[Problem] = ()

    def set_problems(self, problems: Sequence[Problem]) -> None:
        self.beginResetModel()
        self._problems = tuple(problems)
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._problems)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else 3

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole and 0 <= section < 3:
            return (self.tr("File"), self.tr("Reason"), self.tr("Detail"))[section]
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        problem = self._problems[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, SORT_ROLE):
            if index.column() == 0:
                return problem.path
            if index.column() == 1:
                return self.reason_text(problem.reason)
            return reason_detail(problem.reason, problem.detail)
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{problem.path}\n{reason_detail(problem.reason, problem.detail)}"
        return None

    def reason_text(self, reason: str) -> str:
        """A reason code in words (the core keeps codes; the window translates them)."""
        return reason_text(reason)
