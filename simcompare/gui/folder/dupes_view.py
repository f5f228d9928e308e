"""The Folder page's other views of its groups: *Dupes only*, *Delta values* and *Remove from results*.

- *Dupes only* shows the members without their references as one flat, sortable table (name, folder, size,
  words, distance, verified, reference), with the same check boxes as the tree: the marks are the cleaner's.
- *Delta values* shows each member's size (and, in the table, its words) as ± against its reference.
- *Remove from results* drops the selected files from this result without judging any pair: they join no group
  until undone (Mark → Undo), the files are untouched on disk and saved results no longer list them.

The groups stay the page's model's; this module only reads them.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QItemSelectionModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QPoint,
    Qt,
    Slot,
)
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
)

from simcompare.core.folder.cleaner_state import CleanerState
from simcompare.core.folder.scan import FileRecord
from simcompare.core.formats.names import display_name
from simcompare.core.search.groups import Group, Member
from simcompare.gui.common.plain import plain_tooltip
from simcompare.gui.folder.delta import signed_number, signed_size, size_delta_text
from simcompare.gui.folder.models import Column, human_size, qt_number
from simcompare.gui.folder.tick_boxes import TickBoxDelegate

if TYPE_CHECKING:
    from simcompare.gui.folder.page import FolderPage

Index = QModelIndex | QPersistentModelIndex


class DupeColumn(enum.IntEnum):
    NAME = 0
    FOLDER = 1
    SIZE = 2
    WORDS = 3
    DISTANCE = 4
    VERIFIED = 5
    REFERENCE = 6


class DupesModel(QAbstractTableModel):
    """Every member that is not its group's reference, one row each, sortable by any column."""

    def __init__(self, cleaner: CleanerState, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.cleaner = cleaner
        self.delta = False
        self._files: Sequence[FileRecord] = ()
        self._rows: list[tuple[Group, Member]] = []
        self._sort: tuple[int, Qt.SortOrder] = (DupeColumn.NAME, Qt.SortOrder.AscendingOrder)

    def set_groups(self, files: Sequence[FileRecord], groups: Sequence[Group]) -> None:
        self.beginResetModel()
        self._files = files
        self._rows = [(g, m) for g in groups for m in g.members[1:]]
        self._order()
        self.endResetModel()

    def set_cleaner(self, cleaner: CleanerState) -> None:
        """Show and tick ``cleaner``'s marks from now on (a page taking over another's, as the tree's model)."""
        self.beginResetModel()
        self.cleaner = cleaner
        self.endResetModel()

    def set_delta(self, on: bool) -> None:
        self.delta = on
        if self._rows:
            last = self.index(len(self._rows) - 1, DupeColumn.WORDS)
            self.dataChanged.emit(self.index(0, DupeColumn.SIZE), last)

    def file_index(self, row: int) -> int:
        return self._rows[row][1].index

    def row_of(self, file_index: int) -> int | None:
        return next((r for r, (_, m) in enumerate(self._rows) if m.index == file_index), None)

    def marks_changed(self) -> None:
        if self._rows:
            self.dataChanged.emit(
                self.index(0, 0), self.index(len(self._rows) - 1, 0), [Qt.ItemDataRole.CheckStateRole]
            )

    # ------------------------------------------------------------------ sorting
    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        if not 0 <= column < len(DupeColumn):
            return
        self.layoutAboutToBeChanged.emit()
        self._sort = (column, order)
        self._order()
        self.layoutChanged.emit()

    def _order(self) -> None:
        column, order = self._sort
        self._rows.sort(key=lambda row: self._key(row, column), reverse=order == Qt.SortOrder.DescendingOrder)

    def _key(self, row: tuple[Group, Member], column: int) -> Any:
        group, member = row
        record = self._files[member.index]
        reference = self._files[group.reference]
        value: Any = {
            DupeColumn.NAME: record.path.rsplit("/", 1)[-1],
            DupeColumn.FOLDER: record.path.rpartition("/")[0],
            DupeColumn.SIZE: record.size - reference.size if self.delta else record.size,
            DupeColumn.WORDS: record.words - reference.words if self.delta else record.words,
            DupeColumn.DISTANCE: member.distance,
            DupeColumn.VERIFIED: member.verified if member.verified is not None else -1.0,
            DupeColumn.REFERENCE: reference.path,
        }[DupeColumn(column)]
        return (value, record.path)

    # ------------------------------------------------------------------ cells
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(DupeColumn)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        if not 0 <= section < len(DupeColumn):
            return None
        return (
            self.tr("Name"),
            self.tr("Folder"),
            self.tr("Size"),
            self.tr("Words"),
            self.tr("Distance"),
            self.tr("Verified"),
            self.tr("Reference"),
        )[section]

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.column() == DupeColumn.NAME and self.cleaner.may_mark(self.file_index(index.row())):
            flags |= Qt.ItemFlag.ItemIsUserCheckable
        return flags

    def setData(self, index: Index, value: object, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.CheckStateRole or not index.isValid() or index.column() != DupeColumn.NAME:
            return False
        state = value.value if isinstance(value, Qt.CheckState) else int(value)  # type: ignore[call-overload]
        return self.cleaner.tick(self.file_index(index.row()), state == Qt.CheckState.Checked.value) is not None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        group, member = self._rows[index.row()]
        record = self._files[member.index]
        reference = self._files[group.reference]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(column, member, record, reference)
        if role == Qt.ItemDataRole.CheckStateRole and column == DupeColumn.NAME:
            return Qt.CheckState.Checked if self.cleaner.is_marked(member.index) else Qt.CheckState.Unchecked
        if role == Qt.ItemDataRole.ToolTipRole and column in (DupeColumn.NAME, DupeColumn.FOLDER, DupeColumn.REFERENCE):
            return plain_tooltip(display_name(reference.path if column == DupeColumn.REFERENCE else record.path))
        if role == Qt.ItemDataRole.UserRole:
            return qt_number(self._key(self._rows[index.row()], column)[0])
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (
            DupeColumn.SIZE,
            DupeColumn.WORDS,
            DupeColumn.DISTANCE,
            DupeColumn.VERIFIED,
        ):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def _text(self, column: int, member: Member, record: FileRecord, reference: FileRecord) -> str | None:
        if column == DupeColumn.NAME:
            return display_name(record.path.rsplit("/", 1)[-1])
        if column == DupeColumn.FOLDER:
            return display_name(record.path.rpartition("/")[0])
        if column == DupeColumn.SIZE:
            return signed_size(record.size - reference.size) if self.delta else human_size(record.size)
        if column == DupeColumn.WORDS:
            return signed_number(record.words - reference.words) if self.delta else f"{record.words:,}"
        if column == DupeColumn.DISTANCE:
            return str(member.distance)
        if column == DupeColumn.VERIFIED:
            return None if member.verified is None else self.tr("{0:.0%} shared").format(member.verified)
        return display_name(reference.path)


class DeltaDelegate(QStyledItemDelegate):
    """The tree's size cells: with Delta values on, a member's size and words against its group's reference
    (the model is left as it is; the view's index may be the filter's)."""

    def __init__(self, page: FolderPage) -> None:
        super().__init__(page.tree)
        self._page = page
        self.on = False

    def initStyleOption(self, option: QStyleOptionViewItem, index: Index) -> None:
        super().initStyleOption(option, index)
        if not self.on:
            return
        model = self._page.model
        if not isinstance(index, QModelIndex):  # a view paints with plain indices
            return
        source = self._page.selection.to_source(index)
        file_index, row = model.file_index(source), model.group_of(source)
        if file_index is None or row is None:
            return
        reference = model.groups[row].reference
        if file_index != reference:
            option.text = size_delta_text(model.files[file_index], model.files[reference])


class FolderViews(QObject):
    """The view toggles and *Remove from results*, their actions in the Duplicates menu and the context menu.

    Attributes:
        table: The *Dupes only* table (hidden until the view is chosen), beside the tree in the Groups tab.
        dupes: Its model.
    """

    def __init__(self, page: FolderPage) -> None:
        super().__init__(page)
        self._page = page
        self.dupes = DupesModel(page.cleaner, self)
        self.table = QTableView()
        self.table.setModel(self.dupes)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(DupeColumn.NAME, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().hide()
        self.table.setWordWrap(False)  # one line a file, long names shortened in the middle
        self.table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.table.verticalHeader().setDefaultSectionSize(self.table.fontMetrics().height() + 6)
        header = self.table.horizontalHeader()
        for column in (DupeColumn.NAME, DupeColumn.REFERENCE):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.table.customContextMenuRequested.connect(self._on_context_menu)
        self.table.doubleClicked.connect(lambda index: page.file_commands.open_index(self._tree_index(index)))
        self.table.hide()
        self.delta_delegate = DeltaDelegate(page)
        page.tree.setItemDelegateForColumn(Column.SIZE, self.delta_delegate)
        self.tick_boxes = TickBoxDelegate(page.tree)  # a box that cannot be ticked now is drawn disabled
        page.tree.setItemDelegateForColumn(Column.NAME, self.tick_boxes)
        self.table_tick_boxes = TickBoxDelegate(self.table)  # the same boxes in the Dupes only list
        self.table.setItemDelegateForColumn(DupeColumn.NAME, self.table_tick_boxes)

        self.dupes_only_action = self._toggle(self.tr("Dupes only"), self.show_dupes_only)
        self.dupes_only_action.setToolTip(self.tr("The files that are not references, as one list"))
        self.delta_action = self._toggle(self.tr("Delta values"), self.show_delta)
        self.delta_action.setToolTip(self.tr("Each file's size and words against its group's reference"))
        self.remove_action = QAction(self.tr("Remove from results"), page)
        self.remove_action.setToolTip(self.tr("Drop the selected files from this result; the files are not touched"))
        self.remove_action.triggered.connect(lambda _checked=False: self.remove_selected())
        menus = page.menus
        menus.actions_menu.addSeparator()
        menus.actions_menu.addActions([self.dupes_only_action, self.delta_action, self.remove_action])
        menus.context_extras.append(self.remove_action)
        page.model.modelReset.connect(self._on_groups)
        page.model.marks_changed.connect(self.dupes.marks_changed)
        self.table.selectionModel().selectionChanged.connect(lambda *_: menus.refresh())
        page.selection.other_view = self.selected_files

    def _toggle(self, text: str, slot: Any) -> QAction:
        action = QAction(text, self._page)
        action.setCheckable(True)
        action.toggled.connect(slot)
        return action

    @property
    def dupes_only(self) -> bool:
        return self.dupes_only_action.isChecked()

    @Slot(bool)
    def show_dupes_only(self, on: bool) -> None:
        if self.table.parentWidget() is None:  # placed beside the tree once the page is laid out
            tab = self._page.tree.parentWidget()
            layout = tab.layout() if tab is not None else None
            assert isinstance(layout, QVBoxLayout)  # the Groups tab: filter row, tree, buttons
            layout.insertWidget(layout.indexOf(self._page.tree) + 1, self.table, 1)
        self._on_groups()
        self.table.setVisible(on)
        self._page.tree.setVisible(not on)
        self._page.menus.refresh()

    @Slot(bool)
    def show_delta(self, on: bool) -> None:
        self.dupes.set_delta(on)
        self.delta_delegate.on = on
        self._page.tree.viewport().update()  # the tree's size cells, through their delegate

    def selected_files(self) -> list[int] | None:
        """The files selected in the table while it is shown (None: the tree's selection counts)."""
        if not self.dupes_only:
            return None
        rows = sorted({i.row() for i in self.table.selectionModel().selectedRows()})
        return [self.dupes.file_index(r) for r in rows]

    def select_files(self, files: Sequence[int]) -> None:
        """Select these files' rows in the table (for tests and keyboard users)."""
        selection = self.table.selectionModel()
        selection.clearSelection()
        for file_index in files:
            row = self.dupes.row_of(file_index)
            if row is not None:
                flags = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
                selection.select(self.dupes.index(row, 0), flags)

    def remove_selected(self) -> int:
        """Drop the selected files from the result (undoable; nothing on disk changes) and group again."""
        page = self._page
        files = page.selected_files()
        if page.session is None or not files or page.cleaner.locked:  # not while files are acted on
            return 0
        page.model.show_marks(page.cleaner.leave_out(files))
        page.progress.say(self.tr("%Ln files removed from the results (Undo brings them back)", "", len(files)))
        page.regroup()
        return len(files)

    def _tree_index(self, index: QModelIndex) -> QModelIndex:
        return self._page.model.member_index(self.dupes.file_index(index.row()))

    @Slot(QPoint)
    def _on_context_menu(self, position: QPoint) -> None:
        menu = self._page.menus.context_menu()
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        menu.popup(self.table.viewport().mapToGlobal(position))

    @Slot()
    def refresh(self) -> None:
        """Show the groups on screen again (after their references changed)."""
        self._on_groups()

    @Slot()
    def _on_groups(self) -> None:
        if self.dupes_only:
            self.dupes.set_groups(self._page.model.files, self._page.model.groups)
