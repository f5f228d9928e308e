"""The Hyperplanes view: two documents in the plane they span, the hyperplanes as lines through the origin.

The lines that separate A and B are lit (exactly the bits where the fingerprints differ), the wedge of
angle θ between them is shaded. "One more hyperplane" adds a random one and "Play" adds them one by one,
while the counter shows the share of separating lines approaching θ/π. The numbers are
:mod:`simcompare.core.explain.planes`'; this view only draws them.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, QTimer, Slot
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPaintEvent, QPen
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from simcompare.core.explain.compare import Comparison
from simcompare.core.explain.planes import PlanePicture, fingerprints_picture, plane_preset
from simcompare.gui.common.palette import DIFFERENT, NEGATIVE, POSITIVE, mix, number
from simcompare.gui.common.plain import plain_label

# The animation stops after this many lines (the fingerprint's and random ones): by then the share is
# within a few per cent of θ/π.
MAX_LINES = 400
# Lines per second for each pace of the animation.
PACES = (2, 8, 30)
# Bit numbers printed beside the lit lines only while there are at most this many lines.
LABELLED_LINES = 24


class PlaneDrawing(QWidget):
    """The plane of A and B: the wedge θ, the lines, the two vectors."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._picture: PlanePicture | None = None
        self._names = ("A", "B")
        self.setMinimumSize(220, 220)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def sizeHint(self) -> QSize:
        return QSize(420, 420)

    def set_picture(self, picture: PlanePicture | None, names: tuple[str, str]) -> None:
        self._picture = picture
        self._names = names
        self.update()

    @property
    def picture(self) -> PlanePicture | None:
        return self._picture

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        palette = self.palette()
        base, text = palette.base().color(), palette.text().color()
        painter.fillRect(self.rect(), base)
        picture = self._picture
        if picture is None:
            painter.setPen(palette.placeholderText().color())
            painter.drawText(
                QRectF(self.rect()), Qt.AlignmentFlag.AlignCenter, self.tr("A text without features has no direction.")
            )
            painter.end()
            return
        centre = QPointF(self.width() / 2, self.height() / 2)
        radius = max(20.0, min(self.width(), self.height()) / 2 - 22)
        longest = max(math.hypot(*picture.a), math.hypot(*picture.b))
        scale = 0.8 * radius / longest

        def at(x: float, y: float) -> QPointF:
            return QPointF(centre.x() + x * scale, centre.y() - y * scale)

        # The wedge between A (along the x axis) and B.
        wedge = QPainterPath(centre)
        wedge_box = QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius)
        wedge.arcTo(wedge_box, 0.0, math.degrees(picture.theta))
        wedge.closeSubpath()
        painter.fillPath(wedge, mix(DIFFERENT, base, 0.2))
        painter.setPen(QPen(mix(text, base, 0.25), 1))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(centre, radius, radius)
        self._draw_lines(painter, picture, centre, radius, mix(text, base, 0.35))
        for (x, y), colour, name in ((picture.a, POSITIVE, self._names[0]), (picture.b, NEGATIVE, self._names[1])):
            self._arrow(painter, centre, at(x, y), colour, name)
        bold = painter.font()
        bold.setBold(True)
        painter.setFont(bold)
        painter.setPen(text)  # magenta is kept for the lit lines alone
        mid = picture.theta / 2
        label = QPointF(centre.x() + 0.35 * radius * math.cos(mid), centre.y() - 0.35 * radius * math.sin(mid))
        painter.drawText(QRectF(label.x() - 40, label.y() - 10, 80, 20), Qt.AlignmentFlag.AlignCenter, "θ")
        painter.end()

    def _draw_lines(
        self, painter: QPainter, picture: PlanePicture, centre: QPointF, radius: float, grey: QColor
    ) -> None:
        labelled = len(picture.lines) <= LABELLED_LINES
        for lit in (False, True):  # the lit lines on top
            for line in picture.lines:
                if line.separates != lit or line.normal == (0.0, 0.0):
                    continue
                dx, dy = math.cos(line.direction) * radius, math.sin(line.direction) * radius
                painter.setPen(QPen(DIFFERENT, 2.5) if lit else QPen(grey, 1))
                painter.drawLine(QPointF(centre.x() - dx, centre.y() + dy), QPointF(centre.x() + dx, centre.y() - dy))
                if lit and labelled and line.bit is not None:
                    end = QPointF(centre.x() + dx * 1.08, centre.y() - dy * 1.08)
                    painter.drawText(
                        QRectF(end.x() - 20, end.y() - 9, 40, 18), Qt.AlignmentFlag.AlignCenter, str(line.bit)
                    )

    @staticmethod
    def _arrow(painter: QPainter, start: QPointF, end: QPointF, colour: QColor, name: str) -> None:
        font = painter.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.3)
        painter.setFont(font)
        painter.setPen(QPen(colour, 3))
        painter.drawLine(start, end)
        angle = math.atan2(end.y() - start.y(), end.x() - start.x())
        for turn in (2.6, -2.6):
            painter.drawLine(end, QPointF(end.x() + 12 * math.cos(angle + turn), end.y() + 12 * math.sin(angle + turn)))
        painter.drawText(
            QRectF(end.x() + 16 * math.cos(angle) - 20, end.y() + 16 * math.sin(angle) - 12, 40, 24),
            Qt.AlignmentFlag.AlignCenter,
            name,
        )


class PlaneView(QWidget):
    """The drawing, its source, the buttons and the counter."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._comparison: Comparison | None = None
        self._full: PlanePicture | None = None  # every line the view can show: the f bits', then random ones
        self._shown = 0
        self.source = QComboBox()
        self.source.addItem(self.tr("Texts A and B"), "texts")
        self.source.addItem(self.tr("The articles' example: three hyperplanes"), "three-hyperplanes")
        self.source.addItem(self.tr("The articles' example: two dimensions"), "two-dimensions")
        self.source.currentIndexChanged.connect(self._reload)
        self.more_button = QPushButton(self.tr("One more hyperplane"))
        self.more_button.clicked.connect(self.one_more)
        self.play_button = QPushButton(self.tr("Play"))
        self.play_button.setCheckable(True)
        self.play_button.toggled.connect(self._play)
        self.pace = QComboBox()
        for per_second in PACES:
            self.pace.addItem(self.tr("{n} lines a second").format(n=per_second), per_second)
        self.pace.setCurrentIndex(1)
        self.pace.currentIndexChanged.connect(self._pace_changed)
        self.restart_button = QPushButton(self.tr("Only the fingerprint's"))
        self.restart_button.setToolTip(self.tr("Show the f hyperplanes of the fingerprint again, without random ones"))
        self.restart_button.clicked.connect(self._reload)
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.one_more)
        self.drawing = PlaneDrawing()
        self.counter = plain_label(selectable=True)
        self.counter.setWordWrap(True)
        self.explanation = plain_label()
        self.explanation.setWordWrap(True)

        side = QWidget()
        side_column = QVBoxLayout(side)
        side_column.setContentsMargins(0, 0, 0, 0)
        side_column.addWidget(plain_label(self.tr("Show:")))
        side_column.addWidget(self.source)
        buttons = QHBoxLayout()
        buttons.addWidget(self.more_button)
        buttons.addWidget(self.play_button)
        side_column.addLayout(buttons)
        pace = QHBoxLayout()
        pace.addWidget(self.pace, 1)
        pace.addWidget(self.restart_button, 1)
        side_column.addLayout(pace)
        side_column.addWidget(self.counter)
        side_column.addWidget(self.explanation)
        side_column.addStretch(1)
        side.setMaximumWidth(460)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 4, 0, 0)
        row.addWidget(self.drawing, 3)
        row.addWidget(side, 2)
        self._reload()

    # ---------------------------------------------------------------------------------------- data

    def show_comparison(self, comparison: Comparison) -> None:
        self._comparison = comparison
        if self.source.currentData() == "texts":
            self._reload()

    def select_source(self, key: str) -> None:
        self.source.setCurrentIndex(self.source.findData(key))

    @property
    def picture(self) -> PlanePicture | None:
        """What is drawn: the first lines of the full picture."""
        return self._full.first(self._shown) if self._full is not None else None

    def _base_picture(self) -> PlanePicture | None:
        key = self.source.currentData()
        if key != "texts":
            return plane_preset(key).picture()
        if self._comparison is None:
            return None
        return fingerprints_picture(self._comparison.a.fingerprint, self._comparison.b.fingerprint)

    @Slot()
    def _reload(self) -> None:
        self.play_button.setChecked(False)
        base = self._base_picture()
        self._full = base.with_random(max(0, MAX_LINES - base.bits)) if base is not None else None
        self._shown = base.bits if base is not None else 0
        self._refresh()

    # ------------------------------------------------------------------------------------ controls

    @Slot()
    def one_more(self) -> None:
        """Show one more line (the fingerprint's next, then random ones), up to MAX_LINES."""
        if self._full is None or self._shown >= len(self._full.lines):
            self.play_button.setChecked(False)
            return
        self._shown += 1
        self._refresh()

    @Slot(bool)
    def _play(self, playing: bool) -> None:
        self.play_button.setText(self.tr("Pause") if playing else self.tr("Play"))
        if not playing:
            self.timer.stop()
            return
        if self._full is None:
            self.play_button.setChecked(False)
            return
        if self._shown >= len(self._full.lines) or self._shown == self._full.bits:
            self._shown = 0  # from an empty plane: the fingerprint's lines one by one, then random ones
            self._refresh()
        self._pace_changed()
        self.timer.start()

    @Slot()
    def _pace_changed(self) -> None:
        self.timer.setInterval(round(1000 / self.pace.currentData()))

    # ------------------------------------------------------------------------------------- drawing

    def _names(self) -> tuple[str, str]:
        return ("A", "B") if self.source.currentData() == "texts" else ("d", "d′")

    def _refresh(self) -> None:
        picture = self.picture
        self.drawing.set_picture(picture, self._names())
        self.more_button.setEnabled(self._full is not None and self._shown < len(self._full.lines))
        if picture is None:
            self.counter.setText("")
            self.explanation.setText(self.tr("A text without features has no direction, so no picture."))
            return
        first, second = self._names()
        fingerprint_lines = min(len(picture.lines), picture.bits)
        self.counter.setText(
            self.tr(
                "{n} lines: {bits} of the fingerprint's {f} hyperplanes and {random} random ones. {s} separate "
                "{a} and {b}: {share} %. θ = {deg}°, so θ/π = {expected} %."
            ).format(
                n=len(picture.lines),
                bits=fingerprint_lines,
                f=picture.bits,
                random=len(picture.lines) - fingerprint_lines,
                s=picture.separating,
                a=first,
                b=second,
                share=number(100 * picture.share, 3),
                deg=number(math.degrees(picture.theta), 3),
                expected=number(100 * picture.expected_share, 3),
            )
        )
        differing = picture.differing
        self.explanation.setText(
            self.tr(
                "Each hyperplane of the fingerprint meets the plane of {a} and {b} in a line through the origin; "
                "bit j is the side of line j a document lies on. Lit: the lines that separate them; of the "
                "fingerprint's lines shown, bits {list} ({d}) — exactly the bits where the fingerprints differ. "
                "A random hyperplane separates them with "
                "probability θ/π, so f bits differ in about f·θ/π of them."
            ).format(a=first, b=second, list=", ".join(map(str, differing)) or "—", d=len(differing))
        )
