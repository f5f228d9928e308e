"""View → Larger / Smaller (Ctrl++ / Ctrl+−) and Normal size (Ctrl+0): projector mode, remembered.

The application's font is scaled from the size it started with (kept on the application, so a window built
again after a change of language starts from the same size), and every widget with a font of its own
(bold headings, monospace fingerprints) is scaled by the same ratio; the views paint with their widgets'
fonts, so they follow. The scale is kept in the preferences (``view/zoom``).
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QSettings, Qt, Signal, Slot
from PySide6.QtGui import QAction, QFont, QKeySequence
from PySide6.QtWidgets import QApplication, QWidget

from simcompare.gui.common.palette import monospace_font

SCALES = (0.85, 1.0, 1.15, 1.3, 1.5, 1.75, 2.0)
ZOOM_KEY = "view/zoom"
_BASE = "simcompare_base_point_size"


def _base_size(app: QApplication) -> float:
    """The application font's size before any zoom (remembered on the application the first time)."""
    saved = app.property(_BASE)
    if saved is None:
        saved = QApplication.font().pointSizeF()
        app.setProperty(_BASE, saved)
    return float(saved)


def monospace() -> QFont:
    """The system's monospace font at the window's scale (it is a fixed size of its own otherwise)."""
    font = monospace_font()
    app = QApplication.instance()
    base = app.property(_BASE) if isinstance(app, QApplication) else None
    if base:
        font.setPointSizeF(font.pointSizeF() * QApplication.font().pointSizeF() / float(base))
    return font


def _saved_scale(settings: QSettings) -> float:
    try:
        value = float(str(settings.value(ZOOM_KEY, 1.0)))
    except ValueError:
        return 1.0
    return value if value in SCALES else 1.0


class Zoom(QObject):
    """The three actions and the current scale.

    Signals:
        changed(float): the new scale.
    """

    changed = Signal(float)

    def __init__(self, settings: QSettings | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self._scale = 1.0
        self._widths: list[tuple[QWidget, int]] = []
        self.larger_action = QAction(self.tr("L&arger"), self)
        self.larger_action.setShortcuts([QKeySequence(QKeySequence.StandardKey.ZoomIn), QKeySequence("Ctrl+=")])
        self.larger_action.setToolTip(self.tr("Make everything larger, for a projector"))
        self.larger_action.triggered.connect(self.larger)
        self.smaller_action = QAction(self.tr("S&maller"), self)
        self.smaller_action.setShortcut(QKeySequence(QKeySequence.StandardKey.ZoomOut))
        self.smaller_action.triggered.connect(self.smaller)
        self.normal_action = QAction(self.tr("&Normal size"), self)
        self.normal_action.setShortcut(QKeySequence("Ctrl+0"))
        self.normal_action.triggered.connect(lambda: self.set_scale(1.0))
        self.set_scale(_saved_scale(self._settings()), remember=False)

    def _settings(self) -> QSettings:
        return self.settings if self.settings is not None else QSettings()

    @property
    def scale(self) -> float:
        return self._scale

    @Slot()
    def larger(self) -> None:
        index = SCALES.index(self._scale)
        self.set_scale(SCALES[min(len(SCALES) - 1, index + 1)])

    @Slot()
    def smaller(self) -> None:
        index = SCALES.index(self._scale)
        self.set_scale(SCALES[max(0, index - 1)])

    def set_scale(self, scale: float, *, remember: bool = True) -> None:
        """Scale everything to ``scale`` (one of SCALES) times the starting size."""
        if scale not in SCALES:
            raise ValueError(f"the scale must be one of {', '.join(map(str, SCALES))}, got {scale}")
        app = QApplication.instance()
        if not isinstance(app, QApplication):
            return
        base = _base_size(app)
        ratio = (base * scale) / QApplication.font().pointSizeF()
        self._scale = scale
        if remember:
            self._settings().setValue(ZOOM_KEY, scale)
        self.larger_action.setEnabled(scale < SCALES[-1])
        self.smaller_action.setEnabled(scale > SCALES[0])
        if abs(ratio - 1) > 1e-9:
            font = QFont(QApplication.font())
            font.setPointSizeF(base * scale)
            QApplication.setFont(font)
            for widget in QApplication.allWidgets():
                # A style sheet's widget takes its font from its parent again when polished: not scaled twice.
                if widget.testAttribute(Qt.WidgetAttribute.WA_SetFont) and not widget.styleSheet():
                    own = QFont(widget.font())
                    own.setPointSizeF(own.pointSizeF() * ratio)
                    widget.setFont(own)
        for widget, width in self._widths:
            widget.setMaximumWidth(round(width * scale))
        self.changed.emit(scale)

    def scale_maximum_width(self, widget: QWidget, width: int) -> None:
        """Keep ``widget`` at most ``width`` pixels wide times the scale (a side panel grows with its text)."""
        self._widths.append((widget, width))
        widget.setMaximumWidth(round(width * self._scale))
