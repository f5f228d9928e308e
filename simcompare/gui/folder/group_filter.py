"""The filter over the Folder page's groups: by path and by marks, the tree model's sorting passed through."""

from __future__ import annotations

from PySide6.QtCore import QObject, QSortFilterProxyModel, Qt

from simcompare.gui.folder.models import MARKED_ROLE, SORT_ROLE, Column, GroupTreeModel, Index


class GroupFilterModel(QSortFilterProxyModel):
    """Filters by path and marks; sorting is passed on to :class:`GroupTreeModel` (the reference stays first)."""

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

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sorting is the source model's (keys computed once per row); the proxy keeps its order."""
        source = self.sourceModel()
        if isinstance(source, GroupTreeModel):
            source.sort(column, order)
