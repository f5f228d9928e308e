"""The Compare page's Steps tab: the step guide above each text's ±w token table beside both fingerprints.

Its views (token tables, bit grid, charts) are the costliest of the page to fill: while another tab is open
they wait, and catch up when the tab is shown (or exported from). In step mode the tab lights up what the
current step is about: table cells, or a widget (the cleaned text, the fingerprints, the XOR row and its count,
the distance).
A token chosen in one table is chosen in the other too and drawn on the charts.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QItemSelection, QItemSelectionModel, Qt, Slot
from PySide6.QtWidgets import QAbstractItemView, QScrollArea, QSplitter, QVBoxLayout, QWidget

from simcompare.core.explain.compare import Comparison
from simcompare.gui.common.palette import SELECTED, tint
from simcompare.gui.compare.fingerprint_panel import FingerprintPanel
from simcompare.gui.compare.steps import Step, StepGuide
from simcompare.gui.compare.token_table import TokenTable


class StepsTab(QWidget):
    """The step guide, the two token tables and the fingerprint panel, filled when they are on screen."""

    def __init__(self, distance: QWidget, parent: QWidget | None = None) -> None:
        """``distance`` is the verdict strip's distance, lit by the last step."""
        super().__init__(parent)
        self._distance = distance
        self._comparison: Comparison | None = None
        self._stale = False
        self._titles = ("", "")
        self._shown_bits = 0
        self._lit: list[QWidget] = []  # widgets lit by the current step

        self.table_a = TokenTable(self.tr("Tokens of A"))
        self.table_b = TokenTable(self.tr("Tokens of B"))
        self.fingerprints = FingerprintPanel()
        self.tables_splitter = QSplitter(Qt.Orientation.Vertical)
        self.tables_splitter.addWidget(self.table_a)
        self.tables_splitter.addWidget(self.table_b)
        self.steps_splitter = QSplitter(Qt.Orientation.Horizontal)
        self.fingerprints_area = QScrollArea()
        self.fingerprints_area.setWidget(self.fingerprints)
        self.fingerprints_area.setWidgetResizable(True)
        self.fingerprints_area.setFrameShape(QScrollArea.Shape.NoFrame)
        self.fingerprints_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.steps_splitter.addWidget(self.tables_splitter)
        self.steps_splitter.addWidget(self.fingerprints_area)
        self.steps_splitter.setStretchFactor(0, 5)
        self.steps_splitter.setStretchFactor(1, 4)
        self.step_guide = StepGuide()
        self.table_a.caption_row.addWidget(self.step_guide.adding_row)  # beside the ±w it changes
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 4, 0, 0)
        column.setSpacing(2)
        column.addWidget(self.step_guide)
        column.addWidget(self.steps_splitter, 1)

        self.step_guide.step_changed.connect(self._show_step)
        self.step_guide.tokens_added_changed.connect(self._on_tokens_added)
        self.table_a.token_selected.connect(self._on_token_selected_a)
        self.table_b.token_selected.connect(self._on_token_selected_b)

    def set_comparison(self, comparison: Comparison, titles: tuple[str, str]) -> None:
        """The comparison to show, with the token tables' titles; the views follow at :meth:`catch_up`."""
        self._comparison = comparison
        self._titles = titles
        self._stale = True

    def catch_up(self) -> None:
        """Bring the views up to the comparison on screen, if they are behind it."""
        comparison = self._comparison
        if not self._stale or comparison is None:
            return
        self._stale = False
        self.table_a.set_fingerprint(comparison.a.fingerprint)
        self.table_b.set_fingerprint(comparison.b.fingerprint)
        self.fingerprints.show_comparison(comparison)
        self.step_guide.set_comparison(comparison)
        self._on_tokens_added(-1 if self.step_guide.tokens_added is None else self.step_guide.tokens_added)
        if self.step_guide.step is not None:
            self._show_step(int(self.step_guide.step))
        if comparison.config.bits != self._shown_bits:
            self._shown_bits = comparison.config.bits
            self._fit_tables()
        self.fingerprints.highlight_token(self.table_a.selected_token() or self.table_b.selected_token())
        self.table_a.set_title(self._titles[0])
        self.table_b.set_title(self._titles[1])

    def changeEvent(self, event: QEvent) -> None:
        """View → Larger or Smaller: the token tables get the room their ±w matrix needs at the new size."""
        if event.type() == QEvent.Type.FontChange and self._shown_bits:
            self._fit_tables()
        super().changeEvent(event)

    def _fit_tables(self) -> None:
        """Give the token tables the room a small (taught) width needs to show its whole ±w matrix."""
        total = sum(self.steps_splitter.sizes())
        if total <= 0:
            return
        needed = max(self.table_a.needed_width(), self.table_b.needed_width())
        tables = min(needed, int(total * 0.62)) if self._shown_bits <= 16 else int(total * 0.5)
        self.steps_splitter.setSizes([tables, total - tables])

    # ------------------------------------------------------------------------------------ step mode

    @Slot(int)
    def _show_step(self, step: int) -> None:
        """Light up what step ``step`` is about (−1: step mode left, nothing lit)."""
        for widget in self._lit:
            widget.setStyleSheet("")
        self._lit = []
        self.fingerprints.grid.light_xor(step == Step.XOR)
        for table in (self.table_a, self.table_b):
            selection = table.view.selectionModel()
            selection.blockSignals(True)  # a step's highlight is not a token choice
            try:
                table.view.clearSelection()
                table.view.setSelectionBehavior(
                    QAbstractItemView.SelectionBehavior.SelectItems
                    if step >= 0
                    else QAbstractItemView.SelectionBehavior.SelectRows
                )
                self._select_step_cells(table, step)
            finally:
                selection.blockSignals(False)
            table.view.viewport().update()
        if step < 0:
            return
        if step == Step.CLEAN:
            self._lit = [self.step_guide.cleaned]
        elif step == Step.FINGERPRINT:
            self._lit = [self.fingerprints.hex_a, self.fingerprints.hex_b]
        elif step == Step.XOR:
            self._lit = [self.fingerprints.popcount, self.fingerprints.differing]
        elif step == Step.DISTANCE:
            self._lit = [self._distance]
        for widget in self._lit:
            widget.setStyleSheet(f"background: {tint(SELECTED, widget, 0.3).name()};")
            if self.fingerprints.isAncestorOf(widget):
                self.fingerprints_area.ensureWidgetVisible(widget, 4, 4)  # a lit line is never scrolled away

    @Slot(int)
    def _on_tokens_added(self, n: int) -> None:
        """Adding tokens one at a time: the tables count only the first ``n`` (−1: all of them)."""
        for table, chart in ((self.table_a, self.fingerprints.chart_a), (self.table_b, self.fingerprints.chart_b)):
            table.model.set_added(None if n < 0 else n)
            table.view.viewport().update()
            chart.set_partial(None if n < 0 else table.model.shown_sums())
        if self.step_guide.step is not None:  # the lit ±w rows are those added so far
            self._show_step(int(self.step_guide.step))

    @staticmethod
    def _select_step_cells(table: TokenTable, step: int) -> None:
        model = table.model
        if model.columnCount() == 0:
            return
        last_token = model.token_rows - 1
        last_column = model.columnCount() - 1
        ranges = {
            Step.TOKENS: (0, model.TOKEN, last_token, model.TOKEN),
            Step.WEIGHTS: (0, model.WEIGHT, last_token, model.WEIGHT),
            Step.CODES: (0, model.CODE, last_token, model.CODE),
            Step.SIGNED: (0, model.FIRST_BIT, last_token, last_column),
            Step.SUMS: (model.sum_row, model.FIRST_BIT, model.sum_row, last_column),
            Step.SIGNS: (model.bit_row, model.FIRST_BIT, model.bit_row, last_column),
        }
        if step not in ranges or (last_token < 0 and step < Step.SUMS):
            return
        top, left, bottom, right = ranges[Step(step)]
        if step == Step.SIGNED and model.added is not None:  # one at a time: only the added tokens' ±w is lit
            bottom = min(bottom, model.added - 1)
            if bottom < top:
                return
        cells = QItemSelection(model.index(top, left), model.index(bottom, right))
        table.view.selectionModel().select(cells, QItemSelectionModel.SelectionFlag.ClearAndSelect)
        table.view.scrollTo(model.index(top, 0))  # rows into view; the Token column stays in sight

    def lit_widgets(self) -> list[QWidget]:
        """The widgets the current step lights up (besides table cells)."""
        return list(self._lit)

    # ------------------------------------------------------------------------------ token choice

    @Slot(str)
    def _on_token_selected_a(self, token: str) -> None:
        self._follow_selection(token, self.table_b)

    @Slot(str)
    def _on_token_selected_b(self, token: str) -> None:
        self._follow_selection(token, self.table_a)

    def _follow_selection(self, token: str, other: TokenTable) -> None:
        if not token or not other.select_token(token, quiet=True):
            other.view.selectionModel().blockSignals(True)
            other.view.clearSelection()
            other.view.selectionModel().blockSignals(False)
        self.fingerprints.highlight_token(token or None)
