"""The per-bit sums as a bar chart, painted with QPainter (no QtCharts: only PySide6-Essentials ships).

One chart shows one fingerprint's sums V[0] … V[f−1]: bars above the zero line (blue, bit 1) and below it
(orange, bit 0). Bits where the two fingerprints differ sit on a magenta band with a marker under the
axis. A selected token's ±weight on every bit is drawn as an outlined bar from zero, so a learner sees
how much of each sum it supplies. Hovering a bar explains its sum.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QHelpEvent, QMouseEvent, QPainter, QPaintEvent, QPen, QPolygonF
from PySide6.QtWidgets import QSizePolicy, QWidget

from simcompare.core.fingerprint.bitwise import bit_of
from simcompare.core.fingerprint.simhash import Fingerprint, TokenTrace
from simcompare.gui.common.palette import DIFFERENT, NEGATIVE, POSITIVE, SELECTED, mix, short_number
from simcompare.gui.compare.explain import bit_tooltip, show_bit_tooltip

_LEFT = 52  # room for the value axis
_RIGHT = 10
_TOP = 22  # room for the title
_BOTTOM = 26  # room for bit numbers and difference markers


@dataclass(frozen=True, slots=True)
class _Frame:
    """Where a chart's bars go: the plot, one bit's width, the value at the plot's edge, the zero line."""

    plot: QRectF
    step: float
    top: float
    zero_y: float
    half: float

    def y_of(self, value: float) -> float:
        return self.zero_y - value / self.top * self.half


class SumsChart(QWidget):
    """Bar chart of one fingerprint's per-bit sums; the bar under the pointer is highlighted."""

    def __init__(self, title: str, parent: QWidget | None = None, *, hint: str = "") -> None:
        super().__init__(parent)
        self._title = title
        self._hint = hint  # said after the title when there is room for it (never cut: left out instead)
        self._fp: Fingerprint | None = None
        self._differing: frozenset[int] = frozenset()
        self._partial: tuple[float, ...] | None = None  # the sums of the tokens added so far (one at a time)
        self._token: TokenTrace | None = None
        self._scale = 0.0
        self._hover = -1
        self.setMouseTracking(True)
        self.setMinimumSize(260, 96)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, False)

    # ---------------------------------------------------------------------------------------- data

    def shown_title(self) -> str:
        """The title as painted: with its hint when the chart is wide enough, else the title alone."""
        if self._hint:
            font = QFont(self.font())
            font.setBold(True)
            full = f"{self._title} ({self._hint})"
            if QFontMetrics(font).horizontalAdvance(full) <= self.width() - 12:
                return full
        return self._title

    def title_fits(self) -> bool:
        font = QFont(self.font())
        font.setBold(True)
        return QFontMetrics(font).horizontalAdvance(self.shown_title()) <= self.width() - 12

    def set_fingerprint(self, fp: Fingerprint | None, differing: frozenset[int] | set[int] = frozenset()) -> None:
        self._fp = fp
        self._differing = frozenset(differing)
        if self._token is not None and fp is not None and self._token not in fp.tokens:
            self._token = self._find(self._token.token)
        self.update()

    @property
    def fingerprint(self) -> Fingerprint | None:
        return self._fp

    def set_partial(self, sums: tuple[float, ...] | None) -> None:
        """Draw these sums (of the tokens added so far, from the core) instead of the fingerprint's; None draws
        the fingerprint's again. The scale stays the one shared with the other chart, so the bars grow."""
        self._partial = sums
        self.update()

    @property
    def shown_sums(self) -> tuple[float, ...]:
        """The sums the bars show."""
        if self._partial is not None:
            return self._partial
        return self._fp.sums if self._fp is not None else ()

    def set_scale(self, largest: float) -> None:
        """Share one scale between charts so their bars compare (0 scales to this chart's own data)."""
        self._scale = largest
        self.update()

    def largest(self) -> float:
        if self._fp is None or not self._fp.sums:
            return 0.0
        return max(abs(s) for s in (*self._fp.sums, *(self._partial or ())))

    def set_highlight(self, token: str | None) -> None:
        """Draw this token's ±weight on every bit (None clears it); a token this text lacks draws nothing."""
        self._token = self._find(token) if token is not None else None
        self.update()

    @property
    def highlighted(self) -> TokenTrace | None:
        return self._token

    def _find(self, token: str) -> TokenTrace | None:
        if self._fp is None:
            return None
        return next((t for t in self._fp.tokens if t.token == token), None)

    # -------------------------------------------------------------------------------------- layout

    def sizeHint(self) -> QSize:
        return QSize(520, 120)

    def _plot(self) -> QRectF:
        return QRectF(_LEFT, _TOP, max(1, self.width() - _LEFT - _RIGHT), max(1, self.height() - _TOP - _BOTTOM))

    def bit_at(self, x: float) -> int:
        """The bit under x, or −1."""
        if self._fp is None:
            return -1
        plot = self._plot()
        if not plot.left() <= x < plot.right():
            return -1
        return min(self._fp.bits - 1, int((x - plot.left()) / plot.width() * self._fp.bits))

    def _range(self) -> float:
        largest = max(self._scale, self.largest())
        if self._token is not None:
            largest = max(largest, self._token.weight)
        return largest or 1.0

    # ------------------------------------------------------------------------------------ painting

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        palette = self.palette()
        base = palette.base().color()
        text = palette.text().color()
        painter.fillRect(self.rect(), base)
        plot = self._plot()

        title_font = painter.font()
        title_font.setBold(True)
        painter.setFont(title_font)
        painter.setPen(text)
        painter.drawText(QRectF(6, 2, self.width() - 12, _TOP - 4), Qt.AlignmentFlag.AlignLeft, self.shown_title())
        painter.setFont(self.font())

        fp = self._fp
        if fp is None:
            return
        frame = _Frame(plot, plot.width() / fp.bits, self._range(), plot.center().y(), plot.height() / 2 - 2)

        # Differing-bit bands first, under everything.
        band = mix(DIFFERENT, base, 0.16)
        for j in self._differing:
            painter.fillRect(QRectF(plot.left() + j * frame.step, plot.top(), frame.step, plot.height()), band)
        self._paint_axis(painter, frame, base, text)
        self._paint_bars(painter, frame, fp)
        if self._token is not None:
            self._paint_token(painter, frame, self._token, fp.bits)

        # Zero line on top of the bars.
        painter.setPen(QPen(text, 1))
        painter.drawLine(QPointF(plot.left(), frame.zero_y), QPointF(plot.right(), frame.zero_y))
        self._paint_bit_marks(painter, frame, fp.bits, mix(text, base, 0.7))
        if fp.empty:  # last, on a box of its own, so no band or bar can hide it
            self._paint_empty_caption(painter, plot, base, text)
        painter.end()

    @staticmethod
    def _paint_axis(painter: QPainter, frame: _Frame, base: QColor, text: QColor) -> None:
        """The value axis with a few gridlines; leaves the painter on the (smaller) axis font."""
        plot = frame.plot
        grid = mix(text, base, 0.12)
        axis_font = painter.font()
        axis_font.setPointSizeF(max(6.5, axis_font.pointSizeF() * 0.8))
        painter.setFont(axis_font)
        for fraction in (-1.0, -0.5, 0.5, 1.0):
            y = frame.zero_y - fraction * frame.half
            painter.setPen(QPen(grid, 1, Qt.PenStyle.DotLine))
            painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
            painter.setPen(mix(text, base, 0.6))
            painter.drawText(
                QRectF(0, y - 8, _LEFT - 6, 16),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                short_number(fraction * frame.top),  # at most about five characters: never cut by the margin
            )

    def _paint_bars(self, painter: QPainter, frame: _Frame, fp: Fingerprint) -> None:
        step, zero_y = frame.step, frame.zero_y
        gap = 1.0 if step >= 4 else 0.0
        for j, value in enumerate(self.shown_sums):
            if value == 0:
                continue
            colour = POSITIVE if value > 0 else NEGATIVE
            if j == self._hover:
                colour = colour.darker(125)
            y = frame.y_of(value)
            rect = QRectF(frame.plot.left() + j * step + gap, min(y, zero_y), max(1.0, step - 2 * gap), abs(zero_y - y))
            painter.fillRect(rect, colour)

    @staticmethod
    def _paint_token(painter: QPainter, frame: _Frame, token: TokenTrace, bits: int) -> None:
        """The selected token's contribution: an outlined bar of ±weight from zero on every bit."""
        step, zero_y = frame.step, frame.zero_y
        pen = QPen(SELECTED, 2 if step >= 6 else 1)
        pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        painter.setPen(pen)
        painter.setBrush(QColor(SELECTED.red(), SELECTED.green(), SELECTED.blue(), 60))
        inset = step * 0.25 if step >= 6 else 0.0
        for j in range(bits):
            one = bit_of(token.code, bits, j)
            y = frame.y_of(token.weight if one else -token.weight)
            painter.drawRect(
                QRectF(
                    frame.plot.left() + j * step + inset, min(y, zero_y), max(1.0, step - 2 * inset), abs(zero_y - y)
                )
            )
        painter.setBrush(Qt.BrushStyle.NoBrush)

    def _paint_bit_marks(self, painter: QPainter, frame: _Frame, bits: int, colour: QColor) -> None:
        """Bit numbers, thinned to what fits, and triangles under differing bits."""
        plot, step = frame.plot, frame.step
        painter.setPen(colour)
        every = max(1, math.ceil(28 / step))
        every = next(n for n in (1, 2, 4, 8, 16, 32, 64, 128) if n >= every)
        for j in range(0, bits, every):
            x = plot.left() + (j + 0.5) * step
            painter.drawText(QRectF(x - 16, plot.bottom() + 1, 32, 12), Qt.AlignmentFlag.AlignHCenter, str(j))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(DIFFERENT)
        size = max(3.0, min(6.0, step / 2))
        for j in self._differing:
            x = plot.left() + (j + 0.5) * step
            y = plot.bottom() + 14
            painter.drawPolygon(
                QPolygonF([QPointF(x, y), QPointF(x - size, y + size + 2), QPointF(x + size, y + size + 2)])
            )

    def _paint_empty_caption(self, painter: QPainter, plot: QRectF, base: QColor, text: QColor) -> None:
        painter.setFont(self.font())
        caption = self.empty_caption()
        box = painter.fontMetrics().boundingRect(caption).adjusted(-6, -3, 6, 3)
        box.moveCenter(plot.center().toPoint())
        box.moveTop(int(plot.top()) + 4)
        painter.setPen(QPen(mix(text, base, 0.3), 1))
        painter.setBrush(base)
        painter.drawRect(box)
        painter.setPen(text)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, caption)

    def empty_caption(self) -> str:
        """What the chart of a text without features says."""
        return self.tr("No features: every sum is 0")

    # --------------------------------------------------------------------------------------- hover

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            return show_bit_tooltip(self, event, self.bit_at(event.pos().x()) if self._fp is not None else None)
        return super().event(event)

    def tooltip_for(self, j: int) -> str:
        """What hovering bit j shows: its sum and the tokens that push it up and down."""
        if self._fp is None:
            return ""
        return bit_tooltip([(self._title, self._fp)], j)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        j = self.bit_at(event.position().x())
        if j != self._hover:
            self._hover = j
            self.update()
        super().mouseMoveEvent(event)

    def leaveEvent(self, event: QEvent) -> None:
        if self._hover != -1:
            self._hover = -1
            self.update()
        super().leaveEvent(event)
