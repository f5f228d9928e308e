"""Models of the Folder page: the groups as a tree, the problems as a table.

Both wrap the core's frozen results and compute cells on demand, so 100,000 members cost no more than
the rows on screen. A tree row's internal id says where it sits: 0 for a group row, ``g + 1`` for a
member of group ``g``.
"""

from __future__ import annotations

import datetime as _dt
import enum
from collections.abc import Sequence

from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QFont

from simcompare.core.bitwise import distance_similarity
from simcompare.core.groups import Group
from simcompare.core.scan import FileRecord, Problem
from simcompare.gui.messages import reason_detail, reason_text

SORT_ROLE = Qt.ItemDataRole.UserRole + 1

Index = QModelIndex | QPersistentModelIndex


class Column(enum.IntEnum):
    NAME = 0
    FILES = 1
    SIZE = 2
    MODIFIED = 3
    DISTANCE = 4
    SIMILARITY = 5


def human_size(size: int) -> str:
    """Bytes as a short size (1.2 KB)."""
    value = float(size)
    for unit in ("B", "KB", "MB", "GB"):
        if value < 1024 or unit == "GB":
            return f"{int(value)} {unit}" if unit == "B" else f"{value:.1f} {unit}"
        value /= 1024
    return f"{size} B"


class GroupTreeModel(QAbstractItemModel):
    """Groups → members. Members can be checked (marked for an action); marks survive a regroup."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._files: Sequence[FileRecord] = ()
        self._groups: list[Group] = []
        self._bits = 64
        self._checked: set[int] = set()
        self._bold = QFont()
        self._bold.setBold(True)

    # ------------------------------------------------------------------ data in
    def set_groups(self, files: Sequence[FileRecord], groups: Sequence[Group], bits: int) -> None:
        """Show new groups; marks of files still in a group are kept."""
        self.beginResetModel()
        if files is not self._files:
            self._checked.clear()
        self._files, self._groups, self._bits = files, list(groups), bits
        members = {m.index for g in self._groups for m in g.members}
        self._checked &= members
        self.endResetModel()

    def clear(self) -> None:
        self.set_groups((), [], self._bits)

    @property
    def groups(self) -> list[Group]:
        return self._groups

    @property
    def files(self) -> Sequence[FileRecord]:
        return self._files

    def checked_files(self) -> list[int]:
        """Indices (into the scan's files) of the marked members, in group order."""
        return [m.index for g in self._groups for m in g.members if m.index in self._checked]

    def set_checked(self, file_indices: Sequence[int], checked: bool = True) -> None:
        for i in file_indices:
            if checked:
                self._checked.add(i)
            else:
                self._checked.discard(i)
        if self._groups:
            for row, group in enumerate(self._groups):
                if any(m.index in file_indices for m in group.members):
                    parent = self.index(row, 0)
                    last = self.index(len(group.members) - 1, 0, parent)
                    self.dataChanged.emit(self.index(0, 0, parent), last, [Qt.ItemDataRole.CheckStateRole])

    def file_index(self, index: Index) -> int | None:
        """The scan's file index of a member row (None for a group row)."""
        if not index.isValid() or index.internalId() == 0:
            return None
        return self._groups[index.internalId() - 1].members[index.row()].index

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
            flags |= Qt.ItemFlag.ItemIsUserCheckable
        return flags

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        if not 0 <= section < len(Column):
            return None
        return (
            self.tr("Group / file"),
            self.tr("Files"),
            self.tr("Size"),
            self.tr("Modified"),
            self.tr("Distance"),
            self.tr("Similarity"),
        )[section]

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
        if file_index is None:
            return False
        state = value.value if isinstance(value, Qt.CheckState) else int(value)  # type: ignore[arg-type]
        if state == Qt.CheckState.Checked.value:
            self._checked.add(file_index)
        else:
            self._checked.discard(file_index)
        self.dataChanged.emit(index, index, [Qt.ItemDataRole.CheckStateRole])
        return True

    def _group_data(self, row: int, column: int, role: int) -> object:
        group = self._groups[row]
        if role == Qt.ItemDataRole.DisplayRole:
            if column == Column.NAME:
                return self.tr("Group {0}: {1}").format(row + 1, self._files[group.reference].path)
            if column == Column.FILES:
                return str(len(group.members))
            if column == Column.DISTANCE:
                return self.tr("≤ {0}").format(group.max_distance)
            if column == Column.SIMILARITY:
                return f"≥ {self._similarity(group.max_distance):.1%}"
            return None
        if role == SORT_ROLE:
            return (row, len(group.members), 0, 0, group.max_distance, -group.max_distance)[column]
        if role == Qt.ItemDataRole.ToolTipRole and column in (Column.DISTANCE, Column.SIMILARITY):
            return self.tr("Largest distance between any two members of the group")
        if role == Qt.ItemDataRole.FontRole and column == Column.NAME:
            return self._bold
        return None

    def _member_data(self, group: Group, row: int, column: int, role: int) -> object:
        member = group.members[row]
        record = self._files[member.index]
        is_reference = member.index == group.reference
        if role == Qt.ItemDataRole.DisplayRole:
            if column == Column.NAME:
                return record.path
            if column == Column.SIZE:
                return human_size(record.size)
            if column == Column.MODIFIED:
                return _dt.datetime.fromtimestamp(record.mtime_ns / 1e9).strftime("%Y-%m-%d %H:%M")
            if column == Column.DISTANCE:
                return self.tr("reference") if is_reference else str(member.distance)
            if column == Column.SIMILARITY:
                return f"{self._similarity(member.distance):.1%}"
            return None
        if role == SORT_ROLE:
            name = ("0" if is_reference else "1") + record.path  # the reference stays on top
            return (name, 1, record.size, record.mtime_ns, member.distance, -member.distance)[column]
        if role == Qt.ItemDataRole.CheckStateRole and column == Column.NAME:
            return Qt.CheckState.Checked if member.index in self._checked else Qt.CheckState.Unchecked
        if role == Qt.ItemDataRole.FontRole and is_reference and column in (Column.NAME, Column.DISTANCE):
            return self._bold
        if role == Qt.ItemDataRole.ToolTipRole and column == Column.NAME:
            if is_reference:
                return self.tr("{0}\nThe group's reference: distances are measured to it").format(record.path)
            return record.path
        if role == Qt.ItemDataRole.TextAlignmentRole and column != Column.NAME:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def _similarity(self, distance: int) -> float:
        return distance_similarity(distance, self._bits)


class GroupFilterModel(QSortFilterProxyModel):
    """Sorts by the numbers behind the cells; the filter matches paths and keeps a matching member's group."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setSortRole(SORT_ROLE)
        self.setRecursiveFilteringEnabled(True)
        self.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.setFilterKeyColumn(Column.NAME)
        self._text = ""

    def set_filter_text(self, text: str) -> None:
        """Show only members whose path contains ``text`` (case-insensitive), with their groups."""
        self.beginFilterChange()
        self._text = text.strip().lower()
        self.endFilterChange()

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        pattern = self._text
        if not pattern:
            return True
        source = self.sourceModel()
        index = source.index(source_row, Column.NAME, source_parent)
        if not source_parent.isValid():  # a group row matches only through its members (recursive filter)
            return False
        return pattern in str(source.data(index)).lower()


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
