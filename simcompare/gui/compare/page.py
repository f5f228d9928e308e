"""The Compare page: two texts in, every step of SimHash out.

Layout: the two text panes on top, the settings at the side, the verdict strip under the panes and the
results below it in tabs: *Steps* (each text's ±w token table beside both fingerprints and the per-bit
sums) and *Differences* (the texts side by side, word diff highlighted).

Any change (typing, a file, an example, a setting) schedules a recompute: typing waits for a pause of
``TYPING_DELAY_MS``; the core then runs on the worker thread, and only the newest request's answer is shown.
The word diff starts with the request on a worker of its own. Only the tab on screen is filled at once:
the others catch up when they are shown, so a change costs what is visible.
"""

from __future__ import annotations

import contextlib
import os

from PySide6.QtCore import QByteArray, QItemSelection, QItemSelectionModel, QSettings, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QAction, QPaintEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QHBoxLayout,
    QMenu,
    QScrollArea,
    QSplitter,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from simcompare.core.explain.compare import Comparison
from simcompare.core.fingerprint.simhash import Config
from simcompare.core.search.verify import Decision
from simcompare.gui.common.diff_view import DifferencesView
from simcompare.gui.common.export import save_trace, save_widget
from simcompare.gui.common.messages import system_error_text
from simcompare.gui.common.palette import SELECTED, tint
from simcompare.gui.common.workers import BackgroundJob
from simcompare.gui.compare.compute import Comparer, CompareRequest, CompareResult
from simcompare.gui.compare.examples import Example, example, example_note
from simcompare.gui.compare.fingerprint_panel import FingerprintPanel
from simcompare.gui.compare.geometry_view import GeometryView
from simcompare.gui.compare.index_view import IndexView
from simcompare.gui.compare.settings_panel import SettingsPanel
from simcompare.gui.compare.steps import Step, StepGuide
from simcompare.gui.compare.summary import SummaryPanel
from simcompare.gui.compare.text_pane import TextPane
from simcompare.gui.compare.token_table import TokenTable

TYPING_DELAY_MS = 250
SETTINGS_DELAY_MS = 60
GREY_AFTER_MS = 300
_STATE_GROUP = "compare/layout"


class ComparePage(QWidget):
    """Two texts compared step by step.

    Signals:
        results_shown(Comparison): the newest comparison is in every view on screen (views of a tab that is
            not open catch up when it is shown; the word diff follows with ``differences.diff_ready``).
        computation_failed(str): the newest request failed (e.g. a token the teaching table lacks).
        busy_changed(bool): the worker started or finished the newest request.
        message(str): a line for the status bar.
    """

    results_shown = Signal(object)
    computation_failed = Signal(str)
    busy_changed = Signal(bool)
    message = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._comparison: Comparison | None = None
        self._last_seconds = 0.0
        self._diff_texts: tuple[str, str, str] | None = None
        # The Steps tab's views (token tables, bit grid, charts) are the costliest to fill: while another
        # tab is open they wait, and catch up when the Steps tab is shown (or exported from).
        self._steps_stale = False
        self._table_titles = ("", "")
        self._shown_bits = 0
        self._example: Example | None = None  # the example on screen, until a text is edited
        self._example_settings: tuple[Config, Decision] | None = None  # what the example was loaded with
        self._job = BackgroundJob(Comparer(), "simcompare-compare", self)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._pending_delay = 0
        # The first request loads jieba's dictionary on the worker, holding Python's lock for a while
        # (rjieba: about 0.15 s, jieba: a second): a page that has not been painted yet waits for its
        # first paint before starting one on its own, so the window appears first. What the user asks
        # for (a file, an example, a pair from the Folder page) starts at once.
        self._painted = False
        self._first_request_waiting = False
        # Old results are greyed only when a recompute takes a while: a quick one must not flicker.
        self._grey_timer = QTimer(self)
        self._grey_timer.setSingleShot(True)
        self._grey_timer.setInterval(GREY_AFTER_MS)

        # Inputs.
        self.pane_a = TextPane(self.tr("Text A"))
        self.pane_b = TextPane(self.tr("Text B"))
        self.swap_button = QToolButton()
        self.swap_button.setText("⇄")
        self.swap_button.setToolTip(self.tr("Swap texts A and B"))
        inputs = QWidget()
        inputs_row = QHBoxLayout(inputs)
        inputs_row.setContentsMargins(0, 0, 0, 0)
        inputs_row.addWidget(self.pane_a, 1)
        inputs_row.addWidget(self.swap_button, 0, Qt.AlignmentFlag.AlignVCenter)
        inputs_row.addWidget(self.pane_b, 1)

        # Results.
        self.summary = SummaryPanel()
        self.table_a = TokenTable(self.tr("Tokens of A"))
        self.table_b = TokenTable(self.tr("Tokens of B"))
        self.fingerprints = FingerprintPanel()
        self.differences = DifferencesView()

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
        self.results = QTabWidget()
        self.results.setDocumentMode(True)
        self.step_guide = StepGuide()
        steps_page = self._steps_page = QWidget()
        steps_column = QVBoxLayout(steps_page)
        steps_column.setContentsMargins(0, 4, 0, 0)
        steps_column.setSpacing(2)
        steps_column.addWidget(self.step_guide)
        steps_column.addWidget(self.steps_splitter, 1)
        self._lit: list[QWidget] = []  # widgets lit by the current step
        self.results.addTab(steps_page, self.tr("Steps"))
        self.results.addTab(self.differences, self.tr("Differences"))
        self.geometry = GeometryView()
        self.index_view = IndexView()
        self.results.addTab(self.geometry, self.tr("Geometry"))
        self.results.addTab(self.index_view, self.tr("Index"))
        self.export_button = QToolButton()
        self.export_button.setText(self.tr("Export"))
        self.export_button.setToolTip(self.tr("Save a view or chart as PNG or SVG, or the trace as CSV or JSON"))
        self.export_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        export_menu = QMenu(self.export_button)
        for key, text in (
            ("view", self.tr("This view as PNG or SVG…")),
            ("chart_a", self.tr("Sums chart of A…")),
            ("chart_b", self.tr("Sums chart of B…")),
            ("grid", self.tr("Bit grids…")),
            ("angle", self.tr("Distance against angle chart…")),
            ("table_a", self.tr("Token table of A…")),
            ("table_b", self.tr("Token table of B…")),
        ):
            export_menu.addAction(text).setData(key)
        export_menu.addSeparator()
        export_menu.addAction(self.tr("Trace as CSV or JSON…")).setData("trace")
        # One slot for the menu (no lambda holding the page in a reference cycle).
        export_menu.triggered.connect(self._on_export_action)
        self.export_button.setMenu(export_menu)
        self.results.setCornerWidget(self.export_button)

        results_box = QWidget()
        results_column = QVBoxLayout(results_box)
        results_column.setContentsMargins(0, 0, 0, 0)
        results_column.addWidget(self.summary)
        results_column.addWidget(self.results, 1)

        self.main_splitter = QSplitter(Qt.Orientation.Vertical)
        self.main_splitter.addWidget(inputs)
        self.main_splitter.addWidget(results_box)
        self.main_splitter.setStretchFactor(0, 1)
        self.main_splitter.setStretchFactor(1, 3)
        self.main_splitter.setChildrenCollapsible(False)

        # Settings at the side.
        self.settings = SettingsPanel()
        self.settings_area = QScrollArea()
        self.settings_area.setWidget(self.settings)
        self.settings_area.setWidgetResizable(True)
        self.settings_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.settings_area.setMinimumWidth(250)
        self.settings_area.setMaximumWidth(380)
        self.settings_area.setFrameShape(QScrollArea.Shape.NoFrame)

        self.side_splitter = QSplitter(Qt.Orientation.Horizontal)
        self.side_splitter.addWidget(self.main_splitter)
        self.side_splitter.addWidget(self.settings_area)
        self.side_splitter.setStretchFactor(0, 1)
        self.side_splitter.setStretchFactor(1, 0)
        self.side_splitter.setChildrenCollapsible(False)
        row = QHBoxLayout(self)
        row.setContentsMargins(6, 6, 6, 6)
        row.addWidget(self.side_splitter)

        self.main_splitter.setSizes([240, 620])
        self.side_splitter.setSizes([1100, 280])
        self.tables_splitter.setSizes([300, 300])

        # Wiring.
        self._timer.timeout.connect(self._on_timer)
        self._grey_timer.timeout.connect(self._grey_old_results)
        self._job.result_ready.connect(self._on_result)
        self._job.failed.connect(self._on_failed)
        self._job.busy_changed.connect(self.busy_changed)
        self._job.busy_changed.connect(self._on_busy_changed)
        for pane in (self.pane_a, self.pane_b):
            pane.edited.connect(self._on_text_edited)
            pane.file_loaded.connect(self._on_file_loaded)
            pane.load_failed.connect(self._on_load_failed)
        self.swap_button.clicked.connect(self.swap)
        self.settings.changed.connect(self._on_settings_changed)
        self.step_guide.step_changed.connect(self._show_step)
        self.results.currentChanged.connect(self._on_results_tab_changed)
        self.table_a.token_selected.connect(self._on_token_selected_a)
        self.table_b.token_selected.connect(self._on_token_selected_b)
        self._schedule_when_painted()

    # ------------------------------------------------------------------------------------- state

    @property
    def comparison(self) -> Comparison | None:
        """The comparison on screen."""
        return self._comparison

    @property
    def last_seconds(self) -> float:
        return self._last_seconds

    def is_settled(self) -> bool:
        """True when no recompute is pending or running: what is on screen matches the inputs."""
        return not self._first_request_waiting and not self._timer.isActive() and not self._job.busy

    @property
    def busy(self) -> bool:
        return self._job.busy

    def shutdown(self) -> None:
        """Stop the workers (before the window closes)."""
        self._timer.stop()
        self._job.shutdown()
        self.differences.shutdown()
        self.geometry.shutdown()

    # ----------------------------------------------------------------------------------- actions

    def schedule(self, delay_ms: int = TYPING_DELAY_MS) -> None:
        """Recompute after ``delay_ms``; typing restarts the wait, so a burst of keys recomputes once."""
        if self._timer.isActive() and self._pending_delay < delay_ms:
            return  # a sooner recompute is already on its way and will see this change too
        self._pending_delay = delay_ms
        self._timer.start(delay_ms)

    def _schedule_when_painted(self) -> None:
        """Recompute now if the page is on screen, else once it is first painted (see ``__init__``)."""
        if self._painted:
            self.schedule(0)
        else:
            self._first_request_waiting = True

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if not self._painted:
            self._painted = True
            if self._first_request_waiting:
                self.schedule(0)  # runs at the next turn of the event loop, after this paint

    def recompute(self) -> None:
        """Recompute at the next turn of the event loop."""
        self.schedule(0)

    def load_files(self, path_a: str | None, path_b: str | None) -> bool:
        """Open files into the panes; True when every one given could be read."""
        ok = True
        for pane, path in ((self.pane_a, path_a), (self.pane_b, path_b)):
            if path:
                ok = pane.load_file(os.fspath(path)) and ok
        self.schedule(0)
        return ok

    def load_example(self, key: str) -> None:
        """Put one of the Examples menu's presets in the panes (and its settings, for the teaching ones)."""
        item = example(key)
        text_a, text_b = item.texts()
        if item.config is not None:
            self.settings.set_config(item.config, item.k, emit=False)
        else:
            self.settings.leave_teaching_mode()
        title = item.translated_title()
        self.pane_a.set_text(text_a, self.tr("Example: {title} (A)").format(title=title))
        self.pane_b.set_text(text_b, self.tr("Example: {title} (B)").format(title=title))
        self._example, self._example_settings = item, (self.settings.config(), self.settings.decision())
        self.schedule(0)
        self.summary.set_info(example_note(item, None, settings_as_loaded=True))
        self.message.emit(title)

    @Slot()
    def swap(self) -> None:
        state_a, state_b = self.pane_a.state(), self.pane_b.state()
        self.pane_a.restore(state_b)
        self.pane_b.restore(state_a)
        self.schedule(0)

    def holds_typed_text(self) -> bool:
        """True when a pane holds text the user typed or pasted (not a file, not an example)."""
        return any(p.text().strip() and p.document is None and p.source is None for p in (self.pane_a, self.pane_b))

    @Slot()
    def clear(self) -> None:
        self._example = None
        self.pane_a.clear()
        self.pane_b.clear()
        self.schedule(0)

    def show_results_tab(self, index: int) -> None:
        self.results.setCurrentIndex(index)

    # ------------------------------------------------------------------------------- persistence

    def save_state(self, settings: QSettings) -> None:
        self.settings.save(settings)
        settings.beginGroup(_STATE_GROUP)
        settings.setValue("main", self.main_splitter.saveState())
        settings.setValue("side", self.side_splitter.saveState())
        settings.setValue("steps", self.steps_splitter.saveState())
        settings.setValue("tables", self.tables_splitter.saveState())
        settings.setValue("tab", self.results.currentIndex())
        settings.setValue("settings_visible", self.settings_area.isVisibleTo(self))
        settings.endGroup()

    def restore_state(self, settings: QSettings) -> None:
        self.settings.load(settings)
        settings.beginGroup(_STATE_GROUP)
        for key, splitter in (
            ("main", self.main_splitter),
            ("side", self.side_splitter),
            ("steps", self.steps_splitter),
            ("tables", self.tables_splitter),
        ):
            value = settings.value(key)
            if isinstance(value, QByteArray):
                splitter.restoreState(value)
        tab = settings.value("tab")
        if tab is not None:
            with contextlib.suppress(TypeError, ValueError):
                self.results.setCurrentIndex(int(tab))
        visible = settings.value("settings_visible")
        if visible is not None:
            self.settings_area.setVisible(str(visible).lower() not in ("false", "0"))
        settings.endGroup()
        self._schedule_when_painted()

    # ------------------------------------------------------------------------------------- slots

    @Slot()
    def _on_text_edited(self) -> None:
        self._example = None  # an example's lesson no longer applies to edited texts
        self.summary.set_info("")
        self.schedule(TYPING_DELAY_MS)

    @Slot(str)
    def _on_file_loaded(self, path: str) -> None:
        self._example = None
        self.message.emit(self.tr("Opened {path}").format(path=path))
        self.schedule(0)

    @Slot(str, str)
    def _on_load_failed(self, _path: str, message: str) -> None:
        self.message.emit(message)

    @Slot()
    def _on_settings_changed(self) -> None:
        self.schedule(SETTINGS_DELAY_MS)

    @Slot()
    def _on_timer(self) -> None:
        self._first_request_waiting = False  # this request reads the inputs as they are now
        request = CompareRequest(
            self.pane_a.text(),
            self.pane_b.text(),
            self.settings.config(),
            self.settings.decision(),
            html_a=self.pane_a.html(),
            html_b=self.pane_b.html(),
        )
        self._job.submit(request)
        # The word diff needs only the texts: it starts now, beside the fingerprints, not after them.
        texts = (request.text_a, request.text_b, str(request.config.segmenter))
        if texts != self._diff_texts:
            self._diff_texts = texts
            self.differences.set_texts(request.text_a, request.text_b, segmenter=request.config.segmenter)

    @Slot(int, object)
    def _on_result(self, _request_id: int, result: CompareResult) -> None:
        comparison = result.comparison
        self._comparison = comparison
        self._last_seconds = result.seconds
        self.summary.show_comparison(comparison)
        if self._example is not None:
            as_loaded = (comparison.config, comparison.decision) == self._example_settings
            self.summary.set_info(example_note(self._example, comparison, settings_as_loaded=as_loaded))
        request = result.request
        if not request.text_a.strip() and not request.text_b.strip():  # a fresh start: say what to do
            self.summary.notices.hide()
            self.summary.set_info(
                self.tr(
                    "Type or paste two texts above, open or drop two files, or choose an example from the Examples "
                    "menu (the six-bit example shows every step with numbers small enough to check by hand)."
                )
            )
        self.geometry.show_comparison(comparison)
        self.index_view.show_comparison(comparison)
        titles = []
        for pane, side, label in ((self.pane_a, comparison.a, "A"), (self.pane_b, comparison.b, "B")):
            total, distinct = len(side.features.sequence), len(side.features.counts)
            kept = len(side.fingerprint.tokens)
            if kept < distinct:  # Top-K (or a weight that rounds to 0) left some out: say how many are used
                pane.set_stats(
                    self.tr("%n token(s) · {kept} of {distinct} distinct kept", "", total).format(
                        kept=kept, distinct=distinct
                    )
                )
                title = self.tr("Tokens of {label}: {kept} of {distinct} distinct tokens kept, heaviest first")
            else:
                pane.set_stats(self.tr("%n token(s) · {distinct} distinct", "", total).format(distinct=distinct))
                title = self.tr("Tokens of {label}: {distinct} distinct, heaviest first")
            titles.append(title.format(label=label, kept=kept, distinct=distinct))
        self._table_titles = (titles[0], titles[1])
        self._steps_stale = True
        if self.results.currentWidget() is self._steps_page:
            self._show_steps()
        self.differences.set_titles(
            os.path.basename(self.pane_a.source or "") or self.tr("Text A"),
            os.path.basename(self.pane_b.source or "") or self.tr("Text B"),
        )
        self.results_shown.emit(comparison)

    def _show_steps(self) -> None:
        """Bring the Steps tab's views up to the comparison on screen, if they are behind it."""
        comparison = self._comparison
        if not self._steps_stale or comparison is None:
            return
        self._steps_stale = False
        self.table_a.set_fingerprint(comparison.a.fingerprint)
        self.table_b.set_fingerprint(comparison.b.fingerprint)
        self.fingerprints.show_comparison(comparison)
        self.step_guide.set_comparison(comparison)
        if self.step_guide.step is not None:
            self._show_step(int(self.step_guide.step))
        if comparison.config.bits != self._shown_bits:
            self._shown_bits = comparison.config.bits
            self._fit_tables()
        self.fingerprints.highlight_token(self.table_a.selected_token() or self.table_b.selected_token())
        self.table_a.set_title(self._table_titles[0])
        self.table_b.set_title(self._table_titles[1])

    @Slot(int)
    def _on_results_tab_changed(self, _index: int) -> None:
        if self.results.currentWidget() is self._steps_page:
            self._show_steps()

    def _fit_tables(self) -> None:
        """Give the token tables the room a small (taught) width needs to show its whole ±w matrix."""
        total = sum(self.steps_splitter.sizes())
        if total <= 0:
            return
        needed = max(self.table_a.needed_width(), self.table_b.needed_width())
        tables = min(needed, int(total * 0.62)) if self._shown_bits <= 16 else int(total * 0.5)
        self.steps_splitter.setSizes([tables, total - tables])

    # ------------------------------------------------------------------------------------ export

    def export_widget(self, widget: QWidget, path: str) -> bool:
        """Save a view or chart as PNG or SVG (by suffix); False (and a message) when it could not be written."""
        self._show_steps()  # a chart or table of the Steps tab may be saved while another tab is open
        try:
            save_widget(widget, path, "simcompare")
        except OSError as error:
            self.message.emit(self.tr("Could not save {path}: {reason}").format(path=path, reason=_reason(error)))
            return False
        self.message.emit(self.tr("Saved {path}").format(path=path))
        return True

    def export_trace(self, path: str) -> bool:
        """Save the comparison on screen as CSV or as ``compare --json`` writes it (by suffix)."""
        if self._comparison is None:
            return False
        try:
            save_trace(
                self._comparison,
                path,
                names=(self.pane_a.source or self.tr("Text A"), self.pane_b.source or self.tr("Text B")),
                documents=(self.pane_a.document, self.pane_b.document),
                texts=(self.pane_a.text(), self.pane_b.text()),
            )
        except OSError as error:
            self.message.emit(self.tr("Could not save {path}: {reason}").format(path=path, reason=_reason(error)))
            return False
        self.message.emit(self.tr("Saved {path}").format(path=path))
        return True

    def export_target(self, key: str) -> QWidget:
        """The widget an Export menu entry saves."""
        self._show_steps()
        targets = {
            "chart_a": self.fingerprints.chart_a,
            "chart_b": self.fingerprints.chart_b,
            "grid": self.fingerprints.grid,
            "angle": self.geometry.chart,
            "table_a": self.table_a.view,
            "table_b": self.table_b.view,
        }
        return targets.get(key) or self.results.currentWidget()

    @Slot(QAction)
    def _on_export_action(self, action: QAction) -> None:
        key = str(action.data())
        if key == "trace":
            self._ask_export_trace()
        else:
            self._ask_export_widget(self.export_target(key), action.text())

    def _ask_export_widget(self, widget: QWidget, title: str) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self, title.rstrip("…"), "simcompare.png", self.tr("PNG image (*.png);;SVG drawing (*.svg)")
        )
        if path:
            self.export_widget(widget, path)

    def _ask_export_trace(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self,
            self.tr("Export the trace"),
            "simcompare-trace.csv",
            self.tr("CSV table (*.csv);;JSON, as simcompare compare --json (*.json)"),
        )
        if path:
            self.export_trace(path)

    @Slot(int)
    def _show_step(self, step: int) -> None:
        """Light up what step ``step`` is about (−1: step mode left, nothing lit)."""
        for widget in self._lit:
            widget.setStyleSheet("")
        self._lit = []
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
            self._lit = [self.fingerprints.differing]
        elif step == Step.DISTANCE:
            self._lit = [self.summary.distance]
        for widget in self._lit:
            widget.setStyleSheet(f"background: {tint(SELECTED, widget, 0.3).name()};")

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
        cells = QItemSelection(model.index(top, left), model.index(bottom, right))
        table.view.selectionModel().select(cells, QItemSelectionModel.SelectionFlag.ClearAndSelect)
        table.view.scrollTo(model.index(top, 0))  # rows into view; the Token column stays in sight

    def lit_widgets(self) -> list[QWidget]:
        """The widgets the current step lights up (besides table cells)."""
        return list(self._lit)

    @property
    def results_greyed(self) -> bool:
        """The results on screen are for older inputs and a recompute is under way."""
        return not self.results.isEnabled()

    @Slot(bool)
    def _on_busy_changed(self, busy: bool) -> None:
        if busy:
            if not self._grey_timer.isActive() and not self.results_greyed:
                self._grey_timer.start()
        else:
            self._grey_timer.stop()
            if self.results_greyed:
                self.message.emit("")  # the "Computing…" line no longer holds
            self.results.setEnabled(True)
            self.summary.setEnabled(True)

    @Slot()
    def _grey_old_results(self) -> None:
        if self._job.busy:
            self.results.setEnabled(False)
            self.summary.setEnabled(False)
            self.message.emit(self.tr("Computing… the results shown are for the previous texts and settings"))

    @Slot(int, str)
    def _on_failed(self, _request_id: int, message: str) -> None:
        self.summary.notices.setText(self.tr("Could not compute the fingerprints: {reason}").format(reason=message))
        self.summary.notices.show()
        self.message.emit(message)
        self.computation_failed.emit(message)

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


def _reason(error: OSError) -> str:
    """Why a file could not be written, in the window's language where the system gave an error number."""
    return system_error_text(error.errno) or str(error)
