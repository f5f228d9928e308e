"""The Folder page's table of the files that could not be read: path, reason, detail."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from simcompare.core.folder.scan import Problem
from simcompare.core.formats.names import display_name
from simcompare.gui.common.messages import reason_detail, reason_text
from simcompare.gui.common.plain import plain_tooltip

SORT_ROLE = Qt.ItemDataRole.UserRole + 1
"""The role both Folder page models answer with a cell's sort key."""
Index = QModelIndex | QPersistentModelIndex


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
                return display_name(problem.path)
            if index.column() == 1:
                return self.reason_text(problem.reason)
            return reason_detail(problem.reason, problem.errno)
        if role == Qt.ItemDataRole.ToolTipRole:
            return plain_tooltip(f"{display_name(problem.path)}\n{reason_detail(problem.reason, problem.errno)}")
        return None

    def reason_text(self, reason: str) -> str:
        """A reason code in words (the core keeps codes; the window translates them)."""
        return reason_text(reason)
