"""The Compare page's Export button: a view or chart as PNG or SVG, the trace as CSV or JSON.

The button sits at the corner of the results' tabs; its menu names what it saves, asks where, and says in
the status bar what was saved or why it could not be. Its file dialogs start in the folder of the last export
(``compare/last_export``; else the Folder page's last export folder, else the user's documents).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths, Signal, Slot
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QMenu, QTabWidget, QToolButton, QWidget

from simcompare.core.explain.compare import Comparison
from simcompare.gui.common.export import save_trace, save_widget
from simcompare.gui.common.messages import system_error_text
from simcompare.gui.compare.geometry_view import GeometryView
from simcompare.gui.compare.steps_tab import StepsTab
from simcompare.gui.compare.text_pane import TextPane

LAST_EXPORT_KEY = "compare/last_export"
FOLDER_LAST_EXPORT_KEY = "folder/last_export"  # the Folder page's, a start until this page has exported


class ExportButton(QToolButton):
    """Export, with its menu; saves the views it is given.

    Signals:
        message(str): a line for the status bar (what was saved, or why it could not be).
    """

    message = Signal(str)

    def __init__(
        self,
        panes: tuple[TextPane, TextPane],
        results: QTabWidget,
        steps: StepsTab,
        geometry: GeometryView,
        parent: QWidget | None = None,
    ) -> None:
        """``panes`` hold the texts compared (and name them in the trace); the rest are the views saved."""
        super().__init__(parent)
        self._comparison: Comparison | None = None
        self._panes = panes
        self._results = results
        self._steps = steps
        self._geometry = geometry
        self.settings: QSettings | None = None  # where the last export folder is kept (None: the application's)
        # The file dialog, as a function (title, start, filter) -> path ("" cancels); tests replace it.
        self.ask_save_path = lambda title, start, pattern: QFileDialog.getSaveFileName(self, title, start, pattern)[0]
        self.setText(self.tr("Export"))
        self.setToolTip(self.tr("Save a view or chart as PNG or SVG, or the trace as CSV or JSON"))
        self.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(self)
        for key, text in (
            ("view", self.tr("This view as PNG or SVG…")),
            ("chart_a", self.tr("Sums chart of A…")),
            ("chart_b", self.tr("Sums chart of B…")),
            ("grid", self.tr("Bit grids…")),
            ("angle", self.tr("Distance against angle chart…")),
            ("table_a", self.tr("Token table of A…")),
            ("table_b", self.tr("Token table of B…")),
        ):
            menu.addAction(text).setData(key)
        menu.addSeparator()
        menu.addAction(self.tr("Trace as CSV or JSON…")).setData("trace")
        # One slot for the menu (no lambda holding the button in a reference cycle).
        menu.triggered.connect(self._on_action)
        self.setMenu(menu)

    def set_comparison(self, comparison: Comparison) -> None:
        """The comparison on screen, which the trace saves."""
        self._comparison = comparison

    def export_widget(self, widget: QWidget, path: str) -> bool:
        """Save a view or chart as PNG or SVG (by suffix); False (and a message) when it could not be written."""
        self._steps.catch_up()  # a chart or table of the Steps tab may be saved while another tab is open
        try:
            save_widget(widget, path, "simcompare")
        except OSError as error:
            self.message.emit(self.tr("Could not save {path}: {reason}").format(path=path, reason=_reason(error)))
            return False
        self.message.emit(self.tr("Saved {path}").format(path=path))
        return True

    def export_trace(self, path: str) -> bool:
        """Save the comparison on screen as CSV or as ``compare --json`` writes it (by suffix)."""
        comparison = self._comparison
        if comparison is None:
            return False
        pane_a, pane_b = self._panes
        try:
            save_trace(
                comparison,
                path,
                names=(pane_a.source or self.tr("Text A"), pane_b.source or self.tr("Text B")),
                documents=(pane_a.document, pane_b.document),
                texts=(pane_a.text(), pane_b.text()),
            )
        except OSError as error:
            self.message.emit(self.tr("Could not save {path}: {reason}").format(path=path, reason=_reason(error)))
            return False
        self.message.emit(self.tr("Saved {path}").format(path=path))
        return True

    def export_target(self, key: str) -> QWidget:
        """The widget a menu entry saves."""
        self._steps.catch_up()
        fingerprints = self._steps.fingerprints
        targets = {
            "chart_a": fingerprints.chart_a,
            "chart_b": fingerprints.chart_b,
            "grid": fingerprints.grid,
            "angle": self._geometry.chart,
            "table_a": self._steps.table_a.view,
            "table_b": self._steps.table_b.view,
        }
        return targets.get(key) or self._results.currentWidget()

    @Slot(QAction)
    def _on_action(self, action: QAction) -> None:
        key = str(action.data())
        if key == "trace":
            self._ask_export_trace()
        else:
            self._ask_export_widget(self.export_target(key), action.text())

    def _settings(self) -> QSettings:
        return self.settings if self.settings is not None else QSettings()

    def start_folder(self) -> str:
        """Where the file dialog starts: the last export's folder, else the Folder page's, else the documents."""
        settings = self._settings()
        for key in (LAST_EXPORT_KEY, FOLDER_LAST_EXPORT_KEY):
            saved = str(settings.value(key, "") or "")
            if saved and Path(saved).is_dir():
                return saved
        return QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation) or str(Path.home())

    def ask_path(self, title: str, name: str, pattern: str) -> str:
        """Ask where to save (starting in the last export folder, which it then remembers); "" cancels."""
        path = self.ask_save_path(title, str(Path(self.start_folder()) / name), pattern)
        if path:
            self._settings().setValue(LAST_EXPORT_KEY, str(Path(path).parent))
        return path

    def _ask_export_widget(self, widget: QWidget, title: str) -> None:
        path = self.ask_path(title.rstrip("…"), "simcompare.png", self.tr("PNG image (*.png);;SVG drawing (*.svg)"))
        if path:
            self.export_widget(widget, path)

    def _ask_export_trace(self) -> None:
        path = self.ask_path(
            self.tr("Export the trace"),
            "simcompare-trace.csv",
            self.tr("CSV table (*.csv);;JSON, as simcompare compare --json (*.json)"),
        )
        if path:
            self.export_trace(path)


def _reason(error: OSError) -> str:
    """Why a file could not be written, in the window's language where the system gave an error number."""
    return system_error_text(error.errno) or str(error)
