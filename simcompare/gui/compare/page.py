"""The Compare page: two texts in, every step of SimHash out.

Layout: the two text panes on top, the settings at the side, the verdict strip under the panes and the
results below it in tabs: *Steps* (each text's ±w token table beside both fingerprints and the per-bit
sums) and *Differences* (the texts side by side, word diff highlighted).

Any change (typing, a file, an example, a setting) schedules a recompute: typing waits for a pause of
``TYPING_DELAY_MS``; the core then runs on the worker thread, and only the newest request's answer is shown.
The word diff starts with the request on a worker of its own. Only the tab on screen is filled at once:
the others catch up when they are shown, so a change costs what is visible.

The page lays out and wires its parts: the scheduling and the worker are ``recompute.Recompute``, the
Steps tab is ``steps_tab.StepsTab`` (with step mode's highlights), the Export button and its menu are
``exports.ExportButton``, the toy example (Examples → Edit the toy example…) ``toy_mode.ToyLesson``.
"""

from __future__ import annotations

import contextlib
import os

from PySide6.QtCore import (
    QByteArray,
    QCoreApplication,
    QEvent,
    QObject,
    QSettings,
    QSize,
    Qt,
    QTimer,
    Signal,
    Slot,
)
from PySide6.QtGui import QPaintEvent
from PySide6.QtWidgets import QHBoxLayout, QScrollArea, QSplitter, QTabWidget, QToolButton, QVBoxLayout, QWidget

from simcompare.core.explain.compare import Comparison
from simcompare.core.fingerprint.simhash import Config
from simcompare.core.search.verify import Decision
from simcompare.gui.common.diff_view import DifferencesView
from simcompare.gui.compare.compute import CompareRequest, CompareResult
from simcompare.gui.compare.examples import Example, example, example_note
from simcompare.gui.compare.exports import ExportButton
from simcompare.gui.compare.geometry_view import GeometryView
from simcompare.gui.compare.handout import LessonExporter
from simcompare.gui.compare.index_view import IndexView
from simcompare.gui.compare.plane_view import PlaneView
from simcompare.gui.compare.recompute import Recompute
from simcompare.gui.compare.settings_panel import SettingsPanel
from simcompare.gui.compare.step_room import StepRoom
from simcompare.gui.compare.steps_tab import StepsTab
from simcompare.gui.compare.summary import SummaryPanel
from simcompare.gui.compare.text_pane import TextPane
from simcompare.gui.compare.toy_mode import ToyLesson
from simcompare.gui.compare.zoom import Zoom

TYPING_DELAY_MS = 250
SETTINGS_DELAY_MS = 60
GREY_AFTER_MS = 300
_STATE_GROUP = "compare/layout"
_SIDE_MIN_WIDTH = 200  # the settings panel at its narrowest (it scrolls sideways), whatever its contents


def example_caption(item: Example, side: str) -> str:
    """What a pane holding side ``side`` ("A" or "B") of an example says it holds, in the interface language."""
    if side == "A":
        text = QCoreApplication.translate("ComparePage", "Example: {title} (A)")
    else:
        text = QCoreApplication.translate("ComparePage", "Example: {title} (B)")
    return text.format(title=item.translated_title())


class SidePanelArea(QScrollArea):
    """A vertical scroll area as wide as its panel needs, up to its maximum width (which the zoom scales) and the
    room its splitter leaves beside the other side at its narrowest: past that it scrolls sideways rather than cut
    the panel's fields off. Install it as an event filter on its splitter, so it follows the splitter's width."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidgetResizable(True)
        self.setFrameShape(QScrollArea.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)

    def _room(self) -> int:
        splitter = self.parentWidget()
        if not isinstance(splitter, QSplitter):
            return self.maximumWidth()
        others = [splitter.widget(i) for i in range(splitter.count()) if splitter.widget(i) is not self]
        handles = splitter.handleWidth() * len(others)
        return splitter.width() - handles - sum(other.minimumSizeHint().width() for other in others)

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        panel = self.widget()
        if panel is None:
            return hint
        needed = panel.sizeHint().width() + self.verticalScrollBar().sizeHint().width()
        return QSize(max(_SIDE_MIN_WIDTH, min(needed, self.maximumWidth(), self._room())), hint.height())

    def sizeHint(self) -> QSize:
        return QSize(self.minimumSizeHint().width(), super().sizeHint().height())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        panel_grew = watched is self.widget() and event.type() == QEvent.Type.LayoutRequest  # a font, a language
        if panel_grew or (watched is self.parentWidget() and event.type() == QEvent.Type.Resize):
            self.updateGeometry()
        return super().eventFilter(watched, event)


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
        self.zoom = Zoom(parent=self)  # first: the page's widgets are built at the remembered size
        self._comparison: Comparison | None = None
        self._last_seconds = 0.0
        self._diff_texts: tuple[str, str, str] | None = None
        self._example: Example | None = None  # the example on screen, until a text is edited
        self._example_settings: tuple[Config, Decision] | None = None  # what the example was loaded with
        self._recompute = Recompute(self._request, self)
        # Old results are greyed only when a recompute takes a while: a quick one must not flicker.
        self._grey_timer = QTimer(self)
        self._grey_timer.setSingleShot(True)
        self._grey_timer.setInterval(GREY_AFTER_MS)

        inputs = self._build_inputs()
        results_box = self._build_results()
        self._build_sides(inputs, results_box)
        self.step_room = StepRoom(self.main_splitter, self.summary, (self.pane_a, self.pane_b))
        self.toy = ToyLesson((self.pane_a, self.pane_b), self.settings, lambda: self.may_replace_typed_text(True), self)
        self.main_splitter.setSizes([240, 620])
        self.side_splitter.setSizes([1100, 280])
        self.steps_tab.tables_splitter.setSizes([300, 300])
        self._connect()
        self._recompute.schedule_when_painted()

    def _build_inputs(self) -> QWidget:
        """The two text panes with the swap button between them."""
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
        return inputs

    def _build_results(self) -> QWidget:
        """The verdict strip above the results' tabs (Steps, Differences, Geometry, Hyperplanes, Index) and Export."""
        self.summary = SummaryPanel()
        self.differences = DifferencesView()
        self.steps_tab = StepsTab(self.summary.distance)
        # The Steps tab's views, as the page's own (tests, screenshots and the window reach them here).
        self.table_a, self.table_b = self.steps_tab.table_a, self.steps_tab.table_b
        self.fingerprints = self.steps_tab.fingerprints
        self.step_guide = self.steps_tab.step_guide
        self.results = QTabWidget()
        self.results.setDocumentMode(True)
        self.results.addTab(self.steps_tab, self.tr("Steps"))
        self.results.addTab(self.differences, self.tr("Differences"))
        self.geometry_view = GeometryView()
        self.index_view = IndexView()
        self.planes = PlaneView()
        self.results.addTab(self.geometry_view, self.tr("Geometry"))
        self.results.addTab(self.planes, self.tr("Hyperplanes"))
        self.results.addTab(self.index_view, self.tr("Index"))
        self.export_button = ExportButton((self.pane_a, self.pane_b), self.results, self.steps_tab, self.geometry_view)
        self.results.setCornerWidget(self.export_button)
        self.lesson = LessonExporter(self.export_button.ask_path, (self.pane_a, self.pane_b), self)

        results_box = QWidget()
        results_column = QVBoxLayout(results_box)
        results_column.setContentsMargins(0, 0, 0, 0)
        results_column.addWidget(self.summary)
        results_column.addWidget(self.results, 1)
        return results_box

    def _build_sides(self, inputs: QWidget, results_box: QWidget) -> None:
        """The inputs above the results, beside the settings."""
        self.main_splitter = QSplitter(Qt.Orientation.Vertical)
        self.main_splitter.addWidget(inputs)
        self.main_splitter.addWidget(results_box)
        self.main_splitter.setStretchFactor(0, 1)
        self.main_splitter.setStretchFactor(1, 3)
        self.main_splitter.setChildrenCollapsible(False)

        self.settings = SettingsPanel()
        self.settings_area = SidePanelArea()
        self.settings_area.setWidget(self.settings)
        self.zoom.scale_maximum_width(self.settings_area, 380)

        self.side_splitter = QSplitter(Qt.Orientation.Horizontal)
        self.side_splitter.addWidget(self.main_splitter)
        self.side_splitter.addWidget(self.settings_area)
        self.side_splitter.setStretchFactor(0, 1)
        self.side_splitter.setStretchFactor(1, 0)
        self.side_splitter.setChildrenCollapsible(False)
        self.side_splitter.installEventFilter(self.settings_area)  # its width follows the splitter's
        row = QHBoxLayout(self)
        row.setContentsMargins(6, 6, 6, 6)
        row.addWidget(self.side_splitter)

    def _connect(self) -> None:
        self._grey_timer.timeout.connect(self._grey_old_results)
        self._recompute.submitted.connect(self._on_submitted)
        self._recompute.result_ready.connect(self._on_result)
        self._recompute.failed.connect(self._on_failed)
        self._recompute.busy_changed.connect(self.busy_changed)
        self.busy_changed.connect(self._on_busy_changed)  # also when the window re-sends it after an error
        for pane in (self.pane_a, self.pane_b):
            pane.edited.connect(self._on_text_edited)
            pane.file_loaded.connect(self._on_file_loaded)
            pane.load_failed.connect(self._on_load_failed)
        self.swap_button.clicked.connect(self.swap)
        self.settings.changed.connect(self._on_settings_changed)
        self.results.currentChanged.connect(self._on_results_tab_changed)
        self.export_button.message.connect(self.message)
        self.lesson.message.connect(self.message)
        self.toy.changed.connect(self._on_toy_changed)
        self.toy.message.connect(self.message)
        self.step_guide.step_changed.connect(self.step_room.step_changed)

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
        return self._recompute.is_settled()

    @property
    def busy(self) -> bool:
        return self._recompute.busy

    def shutdown(self) -> None:
        """Stop the workers (before the window closes)."""
        self._recompute.shutdown()
        self.differences.shutdown()
        self.geometry_view.shutdown()

    # ----------------------------------------------------------------------------------- actions

    def schedule(self, delay_ms: int = TYPING_DELAY_MS) -> None:
        """Recompute after ``delay_ms``; typing restarts the wait, so a burst of keys recomputes once."""
        self._recompute.schedule(delay_ms)

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        self._recompute.page_painted()  # the first request waits for the window to appear

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
        self.toy.leave()
        text_a, text_b = item.texts()
        if item.config is not None:
            self.settings.show_lesson(item.config, item.k, simhash_only=item.simhash_only)
        else:
            self.settings.leave_lesson()  # the user's own settings back
        self.pane_a.set_text(text_a, example_caption(item, "A"))
        self.pane_b.set_text(text_b, example_caption(item, "B"))
        self._example, self._example_settings = item, (self.settings.config(), self.settings.decision())
        self.schedule(0)
        self.summary.set_info(example_note(item, None, settings_as_loaded=True))
        self.message.emit(item.translated_title())

    def take_over(self, old: ComparePage) -> None:
        """Stand in for ``old`` (a change of language): its settings, texts, example, tab and step, with every
        caption in this page's language."""
        self.settings.take_over(old.settings)
        for mine, theirs in ((self.pane_a, old.pane_a), (self.pane_b, old.pane_b)):
            mine.restore(theirs.state())  # says "edited", which forgets any example: set again below
        item = old._example
        if item is not None:
            self.pane_a.rename_source(example_caption(item, "A"))
            self.pane_b.rename_source(example_caption(item, "B"))
            self._example, self._example_settings = item, old._example_settings
            self.summary.set_info(example_note(item, None, settings_as_loaded=True))
        if old.toy.active is not None:
            self.toy.show(old.toy.active)
            self.settings.k.setValue(old.settings.decision().k)
        self.results.setCurrentIndex(old.results.currentIndex())
        if old.step_guide.step is not None:
            self.step_guide.go_to(int(old.step_guide.step))
        self.schedule(0)

    @Slot()
    def swap(self) -> None:
        if self.toy.swap():
            return
        state_a, state_b = self.pane_a.state(), self.pane_b.state()
        self.pane_a.restore(state_b)
        self.pane_b.restore(state_a)
        self.schedule(0)

    def holds_typed_text(self) -> bool:
        """True when a pane holds text the user typed or pasted (not a file, not an example)."""
        return self.pane_a.holds_typed_text() or self.pane_b.holds_typed_text()

    def may_replace_typed_text(self, by_example: bool) -> bool:
        """True when the texts may be replaced by an example (``by_example``) or cleared: nothing was typed,
        or the user said yes."""
        if not self.holds_typed_text():
            return True
        if by_example:
            return self.pane_a.ask(
                self.tr("Open an example"), self.tr("The example replaces the text you typed. Replace it?")
            )
        return self.pane_a.ask(self.tr("Clear both texts"), self.tr("Throw away the text you typed?"))

    @Slot()
    def clear(self) -> None:
        self._example = None
        self.settings.leave_lesson()  # texts of one's own follow: the user's settings back, as for the toy example
        self.pane_a.clear()
        self.pane_b.clear()
        self.schedule(0)

    def show_results_tab(self, index: int) -> None:
        self.results.setCurrentIndex(index)

    # ------------------------------------------------------------------------ parts, by their old names

    def export_widget(self, widget: QWidget, path: str) -> bool:
        """Save a view or chart as PNG or SVG (see ``ExportButton.export_widget``)."""
        return self.export_button.export_widget(widget, path)

    def export_trace(self, path: str) -> bool:
        """Save the comparison on screen as CSV or JSON (see ``ExportButton.export_trace``)."""
        return self.export_button.export_trace(path)

    def lit_widgets(self) -> list[QWidget]:
        """The widgets the current step lights up (besides table cells)."""
        return self.steps_tab.lit_widgets()

    # ------------------------------------------------------------------------------- persistence

    def save_state(self, settings: QSettings) -> None:
        self.settings.save(settings)
        settings.beginGroup(_STATE_GROUP)
        settings.setValue("main", self.step_room.user_state())  # step mode's heights are not the user's
        settings.setValue("side", self.side_splitter.saveState())
        settings.setValue("steps", self.steps_tab.steps_splitter.saveState())
        settings.setValue("tables", self.steps_tab.tables_splitter.saveState())
        settings.setValue("tab", self.results.currentIndex())
        settings.setValue("settings_visible", self.settings_area.isVisibleTo(self))
        settings.endGroup()

    def restore_state(self, settings: QSettings) -> None:
        self.settings.load(settings)
        settings.beginGroup(_STATE_GROUP)
        for key, splitter in (
            ("main", self.main_splitter),
            ("side", self.side_splitter),
            ("steps", self.steps_tab.steps_splitter),
            ("tables", self.steps_tab.tables_splitter),
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
        self._recompute.schedule_when_painted()

    # ------------------------------------------------------------------------------------- slots

    @Slot()
    def _on_text_edited(self) -> None:
        self.toy.leave()  # typed, cleared or opened: the toy example's numbers no longer apply
        self._example = None  # an example's lesson no longer applies to edited texts
        self.summary.set_info("")
        self.schedule(TYPING_DELAY_MS)

    @Slot()
    def _on_toy_changed(self) -> None:
        self._example = None
        self.schedule(0)
        if self.toy.active is not None:
            self.summary.set_info(
                self.tr(
                    "The toy example: the tokens, weights and codes typed in Examples → Edit the toy example…; every "
                    "number below is computed from them as it is for a text's weighted tokens."
                )
            )

    @Slot(str)
    def _on_file_loaded(self, path: str) -> None:
        self._example = None
        self.settings.leave_lesson()  # a file's words are not the teaching table's a–e: the user's settings back
        self.message.emit(self.tr("Opened {path}").format(path=path))
        self.schedule(0)

    @Slot(str, str)
    def _on_load_failed(self, _path: str, message: str) -> None:
        self.message.emit(message)

    @Slot()
    def _on_settings_changed(self) -> None:
        self.schedule(SETTINGS_DELAY_MS)

    def _request(self) -> CompareRequest:
        """The request the inputs make as they are now."""
        return CompareRequest(
            self.pane_a.text(),
            self.pane_b.text(),
            self.settings.config(),
            self.settings.decision(),
            html_a=self.pane_a.html(),
            html_b=self.pane_b.html(),
            toy=self.toy.active,
        )

    @Slot(object)
    def _on_submitted(self, request: CompareRequest) -> None:
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
        self.export_button.set_comparison(comparison)
        self.lesson.set_comparison(comparison)
        self.summary.show_comparison(comparison)
        if self._example is not None:
            as_loaded = (comparison.config, comparison.decision) == self._example_settings
            self.summary.set_info(example_note(self._example, comparison, settings_as_loaded=as_loaded))
        request = result.request
        if not request.text_a.strip() and not request.text_b.strip():  # a fresh start: say what to do
            self.summary.set_notices("")
            self.summary.set_info(
                self.tr(
                    "Type or paste two texts above, open or drop two files, or choose an example from the Examples "
                    "menu (the six-bit example shows every step with numbers small enough to check by hand)."
                )
            )
        self.geometry_view.show_comparison(comparison)
        self.planes.show_comparison(comparison)
        self.index_view.show_comparison(comparison)
        self.steps_tab.set_comparison(comparison, self._count_tokens(comparison))
        if self.results.currentWidget() is self.steps_tab:
            self.steps_tab.catch_up()
        self.differences.set_titles(
            os.path.basename(self.pane_a.source or "") or self.tr("Text A"),
            os.path.basename(self.pane_b.source or "") or self.tr("Text B"),
        )
        self.results_shown.emit(comparison)

    def _count_tokens(self, comparison: Comparison) -> tuple[str, str]:
        """Say under each pane how many tokens it has; returns the token tables' titles."""
        titles = []
        for pane, side, label in ((self.pane_a, comparison.a, "A"), (self.pane_b, comparison.b, "B")):
            total, count = len(side.features.sequence), len(side.features.counts)
            used = len(side.fingerprint.tokens)
            kept, distinct = f"{used:,}", f"{count:,}"  # as the %Ln count beside them: "1,234"
            if used < count:  # Top-K (or a weight that rounds to 0) left some out: say how many are used
                pane.set_stats(
                    self.tr("%Ln token(s) · {kept} of {distinct} distinct kept", "", total).format(
                        kept=kept, distinct=distinct
                    )
                )
                title = self.tr("Tokens of {label}: {kept} of {distinct} distinct tokens kept, heaviest first")
            else:
                pane.set_stats(self.tr("%Ln token(s) · {distinct} distinct", "", total).format(distinct=distinct))
                title = self.tr("Tokens of {label}: {distinct} distinct, heaviest first")
            titles.append(title.format(label=label, kept=kept, distinct=distinct))
        return titles[0], titles[1]

    @Slot(int)
    def _on_results_tab_changed(self, _index: int) -> None:
        if self.results.currentWidget() is self.steps_tab:
            self.steps_tab.catch_up()

    # ------------------------------------------------------------------------------- busy, failed

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
        if self._recompute.busy:
            self.results.setEnabled(False)
            self.summary.setEnabled(False)
            self.message.emit(self.tr("Computing… the results shown are for the previous texts and settings"))

    @Slot(int, str)
    def _on_failed(self, _request_id: int, message: str) -> None:
        self.summary.set_notices(
            self.tr("Could not compute the fingerprints: {reason}").format(reason=message), unfold=True
        )
        self.message.emit(message)
        self.computation_failed.emit(message)
