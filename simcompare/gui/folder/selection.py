"""Which rows of the Folder page's groups are selected, and the filter the tree is seen through.

The tree shows the model itself while no filter is on, and the filter model only while one is (a proxy maps
every row it holds, costly on 100,000 members); :class:`GroupSelection` hides that switch from the page.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QItemSelectionModel, QModelIndex, QObject, Signal
from PySide6.QtWidgets import QHeaderView, QTreeView

from simcompare.core.search.groups import Group
from simcompare.gui.folder.group_filter import GroupFilterModel
from simcompare.gui.folder.models import BATCH, Column, GroupTreeModel

EXPAND_LIMIT = 500
"""Groups opened at once; expanding tens of thousands of rows costs real time."""


class GroupSelection(QObject):
    """The selected files and groups of ``tree``, which shows ``model`` directly or through ``proxy``.

    Signals:
        changed(): the selection changed, or the tree now shows another model.
    """

    changed = Signal()

    def __init__(self, tree: QTreeView, model: GroupTreeModel, proxy: GroupFilterModel, parent: QObject) -> None:
        super().__init__(parent)
        self.tree, self.model, self.proxy = tree, model, proxy
        tree.selectionModel().selectionChanged.connect(self.changed)

    def selected_files(self) -> list[int]:
        """File indices of the selected member rows, in view order, without repeats."""
        found: list[int] = []
        for index in self.tree.selectionModel().selectedRows(Column.NAME):
            file_index = self.model.file_index(self.to_source(index))
            if file_index is not None and file_index not in found:
                found.append(file_index)
        return found

    def selected_group_rows(self) -> list[int]:
        """Rows (in the model) of the groups with a selected row."""
        rows: list[int] = []
        for index in self.tree.selectionModel().selectedRows(Column.NAME):
            row = self.model.group_of(self.to_source(index))
            if row is not None and row not in rows:
                rows.append(row)
        return rows

    def to_source(self, index: QModelIndex) -> QModelIndex:
        return self.proxy.mapToSource(index) if self.tree.model() is self.proxy else index

    def to_view(self, index: QModelIndex) -> QModelIndex:
        return self.proxy.mapFromSource(index) if self.tree.model() is self.proxy else index

    def set_filter(self, text: str, marked_only: bool) -> None:
        """Filter by path and marks: the view goes through the proxy only while a filter is on."""
        self.proxy.set_filter_text(text)
        self.proxy.set_marked_only(marked_only)
        filtering = bool(text.strip()) or marked_only
        wanted = self.proxy if filtering else self.model
        if self.tree.model() is not wanted:
            if not filtering:
                self.model.load_to(BATCH - 1, only=True)  # the filter had every group loaded
            self.tree.setModel(wanted)
            self.tree.selectionModel().selectionChanged.connect(self.changed)
            self.expand()
        self.changed.emit()

    def visible_files(self) -> frozenset[int] | None:
        """The files whose rows a filter leaves visible; None while no filter is on (every row is visible)."""
        if self.tree.model() is not self.proxy:
            return None
        return self.proxy.visible_files()

    def filters_marks(self) -> bool:
        """The tree shows only marked files (so a change of marks must filter again)."""
        return self.tree.model() is self.proxy and self.proxy.marked_only

    def expand(self) -> None:
        """Open every group while there are few."""
        if len(self.model.groups) <= EXPAND_LIMIT:
            self.tree.expandAll()
            self.tree.header().resizeSections(QHeaderView.ResizeMode.ResizeToContents)
            self.tree.header().setSectionResizeMode(Column.NAME, QHeaderView.ResizeMode.Stretch)

    def select_files(self, file_indices: Sequence[int]) -> None:
        """Select the member rows of these files (for tests and keyboard users); the first is current."""
        selection = self.tree.selectionModel()
        selection.clearSelection()
        first = True
        for file_index in file_indices:
            index = self.to_view(self.model.member_index(file_index))
            if not index.isValid():
                continue
            flags = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
            if first:
                selection.setCurrentIndex(index, flags)
                first = False
            else:
                selection.select(index, flags)

    def group_of_file(self, file_index: int) -> tuple[int, Group] | None:
        """The row and group of a member file."""
        for row, group in enumerate(self.model.groups):
            if file_index in group.indices:
                return row, group
        return None

    def selected_pair(self) -> tuple[int, int] | None:
        """Two selected files, or a selected file and its group's reference (the reference: its nearest)."""
        files = self.selected_files()
        if len(files) == 2:
            return files[0], files[1]
        if len(files) == 1:
            found = self.group_of_file(files[0])
            if found is not None:
                group = found[1]
                if group.reference != files[0]:
                    return group.reference, files[0]
                return group.reference, group.members[1].index
        return None

    def sorted_groups(self) -> list[Group]:
        """The groups in the order the tree shows them."""
        rows = []
        view = self.tree.model()
        for r in range(view.rowCount()):
            row = self.model.group_of(self.to_source(view.index(r, 0)))
            if row is not None:
                rows.append(row)
        return [self.model.groups[row] for row in rows]
