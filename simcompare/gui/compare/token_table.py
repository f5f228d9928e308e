"""A token table: the ±w matrix of one text in a QTableView, with a caption."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QItemSelection, QObject, Signal, Slot
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QAbstractItemView, QHBoxLayout, QHeaderView, QTableView, QVBoxLayout, QWidget

from simcompare.core.fingerprint.simhash import Fingerprint
from simcompare.gui.common.plain import plain_label
from simcompare.gui.compare.models import TokenTableModel
from simcompare.gui.compare.zoom import monospace

FULL_CELL = 46  # width of a bit column showing ±weight
COMPACT_CELL = 30  # width of a bit column showing only the sign


class TokenTable(QWidget):
    """One text's token table.

    Signals:
        token_selected(token): a token row was selected (an empty string when the selection is cleared).
    """

    token_selected = Signal(str)

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = TokenTableModel(self)
        self.caption = plain_label(title)
        font = QFont(self.caption.font())
        font.setBold(True)
        self.caption.setFont(font)
        self.view = QTableView()
        self.view.setModel(self.model)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.view.setAlternatingRowColors(False)
        self.view.setWordWrap(False)
        self.view.setFont(monospace())
        self.view.verticalHeader().setDefaultSectionSize(self.view.fontMetrics().height() + 6)
        self.view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.view.horizontalHeader().setHighlightSections(False)
        self.view.setMinimumHeight(120)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(2)
        self.caption_row = QHBoxLayout()  # the caption, and room for controls beside it
        self.caption_row.setContentsMargins(0, 0, 0, 0)
        self.caption_row.addWidget(self.caption, 1)
        column.addLayout(self.caption_row)
        column.addWidget(self.view, 1)
        self.view.selectionModel().selectionChanged.connect(self._on_selection)
        self.view.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """A larger or smaller font (View → Larger): rows and columns follow it."""
        if watched is self.view and event.type() == QEvent.Type.FontChange:
            self.view.verticalHeader().setDefaultSectionSize(self.view.fontMetrics().height() + 6)
            self._size_columns()
        return super().eventFilter(watched, event)

    def set_title(self, title: str) -> None:
        self.caption.setText(title)

    def set_fingerprint(self, fp: Fingerprint | None) -> None:
        selected = self.selected_token()
        self.model.set_fingerprint(fp)
        self._size_columns()
        if not selected or not self.select_token(selected, quiet=True):
            self.view.scrollToTop()  # new texts start at their heaviest token, not where the last ones were scrolled

    def selected_token(self) -> str:
        """The token chosen: its selected row, or in step mode (cells, not rows, are selected) the one cell
        the user clicked in a token's row."""
        selection = self.view.selectionModel()
        rows = [index.row() for index in selection.selectedRows()]
        if not rows and self.view.selectionBehavior() == QAbstractItemView.SelectionBehavior.SelectItems:
            rows = [index.row() for index in selection.selectedIndexes()]
            rows = rows if len(rows) == 1 else []  # a step's lit column or row is no token choice
        if rows:
            token = self.model.token_at(rows[0])
            if token is not None:
                return token.token
        return ""

    def select_token(self, token: str, *, quiet: bool = False) -> bool:
        row = self.model.row_of(token)
        if row is None:
            return False
        if quiet:
            self.view.selectionModel().blockSignals(True)
        try:
            self.view.selectRow(row)
        finally:
            if quiet:
                self.view.selectionModel().blockSignals(False)
        self.view.scrollTo(self.model.index(row, 0))
        return True

    def needed_width(self) -> int:
        """Width that shows every column without scrolling."""
        header = self.view.horizontalHeader()
        return (
            header.length() + self.view.verticalHeader().width() + self.view.verticalScrollBar().sizeHint().width() + 4
        )

    def _size_columns(self) -> None:
        """Columns as wide as their widest number, so no number is ever cut ("−59.…")."""
        header = self.view.horizontalHeader()
        model = self.model
        if model.columnCount() == 0:
            return
        header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        metrics = self.view.fontMetrics()
        pad = 14

        def widest(texts) -> int:
            return max((metrics.horizontalAdvance(t) for t in texts), default=0) + pad

        # Distinct texts only: a long text's counts, weights and signs repeat by the thousand.
        header.resizeSection(TokenTableModel.TOKEN, max(90, min(200, metrics.horizontalAdvance("M" * 9))))
        header.resizeSection(
            TokenTableModel.COUNT,
            max(metrics.horizontalAdvance("00000") + 12, widest(model.distinct_texts(TokenTableModel.COUNT))),
        )
        header.resizeSection(
            TokenTableModel.WEIGHT,
            max(metrics.horizontalAdvance("0000.00") + 12, widest(model.distinct_texts(TokenTableModel.WEIGHT))),
        )
        header.resizeSection(
            TokenTableModel.CODE,
            widest(["0" * 16]) if model.compact else widest(model.distinct_texts(TokenTableModel.CODE)),
        )
        floor = COMPACT_CELL if model.compact else FULL_CELL
        bit_columns = range(TokenTableModel.FIRST_BIT, model.columnCount())
        # Every bit column shares one width (the matrix reads as a grid): the widest cell of any of them.
        summary_rows = (model.sum_row, model.bit_row)
        cells = {text for c in bit_columns for text in model.cell_texts(summary_rows, c)}
        if not model.compact:
            cells |= model.distinct_texts(TokenTableModel.FIRST_BIT)
        width = max(floor, widest(cells))
        header.setDefaultSectionSize(width)
        for column in bit_columns:
            header.resizeSection(column, width)
        header.setSectionResizeMode(TokenTableModel.TOKEN, QHeaderView.ResizeMode.Interactive)

    @Slot(QItemSelection, QItemSelection)
    def _on_selection(self, _selected: QItemSelection, _deselected: QItemSelection) -> None:
        self.token_selected.emit(self.selected_token())
