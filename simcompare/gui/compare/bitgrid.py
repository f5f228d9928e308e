"""Both fingerprints as grids of bits, the differing bits marked by colour *and* shape.

A differing bit gets a magenta fill, a thick outline and a bold digit, so it stands out without colour
too. Under two fingerprints an XOR row (labelled ⊕) has a 1 exactly where they differ: its ones are the
Hamming distance. Long fingerprints wrap in groups of eight bits. Hovering a bit explains both sums.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QHelpEvent, QPainter, QPaintEvent, QPen, QResizeEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from simcompare.core.fingerprint.simhash import Fingerprint
from simcompare.gui.common.palette import DIFFERENT, SELECTED, mix, tint
from simcompare.gui.compare.explain import bit_tooltip, show_bit_tooltip
from simcompare.gui.compare.zoom import monospace

_LABEL = 26
_GROUP = 8
_GROUP_GAP = 6
_RULER = 13
_CHUNK_GAP = 8
_MIN_CELL = 14.0
XOR_LABEL = "⊕"


class BitGrid(QWidget):
    """The bits of fingerprints A and B, one row each, wrapped to the widget's width."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._rows: list[tuple[str, Fingerprint]] = []
        self._differing: frozenset[int] = frozenset()
        self._xor_lit = False
        self._font = monospace()
        self._bold = monospace()
        self._bold.setBold(True)
        # The height follows the width (see _fit_height); it is set as a fixed height rather than through
        # height-for-width, which would make a scroll area size its contents by preferred heights.
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMinimumWidth(_LABEL + 8 * 16)
        self.setMouseTracking(True)

    def changeEvent(self, event: QEvent) -> None:
        """View → Larger or Smaller: the bits' monospace type grows or shrinks with the window's font."""
        if event.type() == QEvent.Type.FontChange:
            self._font = monospace()
            self._bold = monospace()
            self._bold.setBold(True)
            self._fit_height()
            self.update()
        super().changeEvent(event)

    def set_fingerprints(self, rows: list[tuple[str, Fingerprint]], differing: frozenset[int] | set[int]) -> None:
        """Rows of (label, fingerprint), all of one width, and the bits where they differ (two rows get an
        XOR row under them)."""
        self._rows = list(rows)
        self._differing = frozenset(differing)
        self._fit_height()
        self.update()

    @property
    def xor(self) -> str:
        """The XOR row's bits ("" without two fingerprints): 1 where A and B differ."""
        if len(self._rows) != 2:
            return ""
        return "".join("1" if j in self._differing else "0" for j in range(self.bits))

    def light_xor(self, on: bool) -> None:
        """Tint the XOR row (Step by step's XOR step)."""
        self._xor_lit = on
        self.update()

    @property
    def xor_lit(self) -> bool:
        return self._xor_lit

    def _row_count(self) -> int:
        return len(self._rows) + (1 if len(self._rows) == 2 else 0)

    def _fit_height(self) -> None:
        """Keep exactly the height the wrapped rows need (layouts do not all honour height-for-width)."""
        height = self.heightForWidth(max(self.width(), self.minimumWidth()))
        if height != self.minimumHeight():
            self.setMinimumHeight(height)
            self.setMaximumHeight(height)
            self.updateGeometry()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_height()

    @property
    def bits(self) -> int:
        return self._rows[0][1].bits if self._rows else 0

    # -------------------------------------------------------------------------------------- layout

    def _geometry(self, width: int) -> tuple[int, float]:
        """(bits per line, cell size) for a width: as many groups of eight per line as fit cells of at
        least ``_MIN_CELL`` pixels, so 64 bits usually take two lines."""
        bits = self.bits
        if bits == 0:
            return 1, 20.0
        largest = 28.0 if bits <= 16 else 22.0
        room = max(1.0, width - _LABEL - 4)
        if bits <= _GROUP:
            return bits, max(_MIN_CELL, min(largest, room / bits))
        for groups in range(-(-bits // _GROUP), 0, -1):
            per_line = min(bits, groups * _GROUP)
            cell = (room - (groups - 1) * _GROUP_GAP) / per_line
            if cell >= _MIN_CELL:
                return per_line, min(largest, cell)
        return _GROUP, _MIN_CELL

    def _chunk_height(self, cell: float) -> float:
        return _RULER + self._row_count() * (cell + 2) + _CHUNK_GAP

    def heightForWidth(self, width: int) -> int:
        if not self._rows:
            return 2 * 22 + _RULER
        per_line, cell = self._geometry(width)
        lines = -(-self.bits // per_line)
        return int(lines * self._chunk_height(cell))

    def sizeHint(self) -> QSize:
        width = 520
        return QSize(width, self.heightForWidth(width))

    def minimumSizeHint(self) -> QSize:
        return QSize(_LABEL + _GROUP * 16, self.heightForWidth(self.width() or 520))

    def _cell_rect(self, row: int, j: int, per_line: int, cell: float) -> QRectF:
        line, column = divmod(j, per_line)
        x = _LABEL + column * cell + (column // _GROUP) * _GROUP_GAP
        y = line * self._chunk_height(cell) + _RULER + row * (cell + 2)
        return QRectF(x, y, cell, cell)

    def bit_at(self, x: float, y: float) -> int:
        """The bit under a point, or −1."""
        if not self._rows:
            return -1
        per_line, cell = self._geometry(self.width())
        for row in range(self._row_count()):
            for j in range(self.bits):
                if self._cell_rect(row, j, per_line, cell).contains(QPointF(x, y)):
                    return j
        return -1

    # ------------------------------------------------------------------------------------ painting

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        palette = self.palette()
        base = palette.base().color()
        text = palette.text().color()
        painter.fillRect(self.rect(), palette.window().color())
        if not self._rows:
            painter.end()
            return
        per_line, cell = self._geometry(self.width())
        one_fill = mix(text, base, 0.14)
        diff_fill = mix(DIFFERENT, base, 0.30)
        grid_pen = QPen(mix(text, base, 0.35), 1)
        diff_pen = QPen(DIFFERENT, 2.5)
        diff_pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        small = painter.font()
        small.setPointSizeF(max(6.5, small.pointSizeF() * 0.75))
        bits = self.bits
        lines = -(-bits // per_line)
        for line in range(lines):
            # The ruler: bit numbers at the start of each group of eight.
            painter.setFont(small)
            painter.setPen(mix(text, base, 0.6))
            for j in range(line * per_line, min(bits, (line + 1) * per_line)):
                if j % _GROUP == 0 or bits <= _GROUP:
                    rect = self._cell_rect(0, j, per_line, cell)
                    painter.drawText(
                        QRectF(rect.left(), rect.top() - _RULER, 40, _RULER - 1),
                        Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom,
                        str(j),
                    )
            rows = [(label, fp.binary) for label, fp in self._rows]
            if self.xor:
                rows.append((XOR_LABEL, self.xor))
            for row, (label, binary) in enumerate(rows):
                first = self._cell_rect(row, line * per_line, per_line, cell)
                is_xor = row == len(self._rows)
                if is_xor and self._xor_lit:
                    last = self._cell_rect(row, min(bits, (line + 1) * per_line) - 1, per_line, cell)
                    painter.fillRect(
                        QRectF(0, first.top() - 1, last.right() + 2, first.height() + 2), tint(SELECTED, self, 0.3)
                    )
                painter.setFont(self._bold)
                painter.setPen(text)
                painter.drawText(
                    QRectF(0, first.top(), _LABEL - 4, first.height()),
                    Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                    label,
                )
                for j in range(line * per_line, min(bits, (line + 1) * per_line)):
                    rect = self._cell_rect(row, j, per_line, cell).adjusted(1, 1, -1, -1)
                    differs = j in self._differing
                    fill = diff_fill if differs else (base if is_xor or binary[j] == "0" else one_fill)
                    painter.fillRect(rect, fill)
                    painter.setPen(diff_pen if differs else grid_pen)
                    painter.drawRect(rect.adjusted(0.5, 0.5, -0.5, -0.5) if differs else rect)
                    painter.setFont(self._bold if differs else self._font)
                    painter.setPen(text)
                    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, binary[j])
        painter.end()

    # --------------------------------------------------------------------------------------- hover

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            return show_bit_tooltip(self, event, self.bit_at(event.pos().x(), event.pos().y()))
        return super().event(event)

    def tooltip_for(self, j: int) -> str:
        return bit_tooltip(self._rows, j)
