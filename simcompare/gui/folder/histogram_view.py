"""The histogram of pair distances in a scanned folder, with the threshold k marked."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from simcompare.core.search.histogram import DistanceHistogram
from simcompare.gui.common.palette import NEGATIVE, POSITIVE, text_colour


class DistanceHistogramView(QWidget):
    """Bars of pairs per distance on a log scale; pairs within k are drawn in the near-duplicate colour."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._histogram: DistanceHistogram | None = None
        self._k = 0
        self.setMinimumHeight(110)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self._explain()

    def sizeHint(self) -> QSize:
        return QSize(480, 130)

    def set_histogram(self, histogram: DistanceHistogram | None) -> None:
        self._histogram = histogram
        self._explain()
        self.update()

    def set_k(self, k: int) -> None:
        self._k = k
        self._explain()
        self.update()

    def _explain(self) -> None:
        h = self._histogram
        if h is None or not h.pairs:
            self.setToolTip(self.tr("Distances between every two files appear here after a scan"))
            return
        kind = (
            self.tr("a random sample of %Ln pair(s)", "", h.pairs)
            if h.sampled
            else self.tr("all %Ln pair(s)", "", h.pairs)
        )
        self.setToolTip(
            self.tr("How many pairs of files lie at each distance ({0}, log scale).").format(kind)
            + " "
            + self.tr("%Ln pair(s) within k = {0}.", "", h.within(self._k)).format(self._k)
        )

    def pairs_label(self) -> str:
        """The count drawn beside the k marker: the status line shows the same number."""
        h = self._histogram
        if h is None or not h.pairs:
            return self.tr("k = {0}").format(self._k)
        within = h.within(self._k)
        if h.sampled:
            return self.tr("k = {0}: ≈ {1:.2%} of all pairs (sampled)").format(self._k, within / h.pairs)
        return self.tr("k = {0}: %Ln pair(s) within k", "", within).format(self._k)

    def empty_text(self) -> str:
        """What the chart says without bars: a scan of fewer than two texts has a histogram, of no pairs, and
        must not read as no scan at all."""
        if self._histogram is None:
            return self.tr("No scan yet")
        return self.tr("No pairs: fewer than two files with text")

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        ink = text_colour(self)
        h = self._histogram
        metrics = painter.fontMetrics()
        top_count = max(h.counts) if h is not None and h.pairs else 1
        decades = max(1, math.ceil(math.log10(top_count + 1)))
        axis_width = metrics.horizontalAdvance(f"{10**decades:,}") + 10
        # room above the top tick for the axis's title (a wide one, as in Chinese, would touch the tick's number)
        area = QRectF(self.rect()).adjusted(8 + axis_width, 26, -8, -18)
        painter.setPen(QPen(ink, 1))
        painter.drawLine(area.bottomLeft(), area.bottomRight())
        painter.drawLine(area.bottomLeft(), area.topLeft())
        if h is None or not h.pairs:
            painter.drawText(area, Qt.AlignmentFlag.AlignCenter, self.empty_text())
            return
        # y axis: pairs on a log scale, a tick per power of ten
        top = float(decades)
        for decade in range(decades + 1):
            y = area.bottom() - area.height() * math.log10(10**decade) / top if decade else area.bottom()
            painter.drawLine(QPointF(area.left() - 3, y), QPointF(area.left(), y))
            label = "0" if decade == 0 else f"{10**decade:,}"
            painter.drawText(
                QRectF(0, y - 8, area.left() - 5, 16),
                int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
                label,
            )
        painter.drawText(QRectF(0, 0, area.left() + 200, 16), Qt.AlignmentFlag.AlignLeft, self.tr("pairs (log)"))
        bins = len(h.counts)
        width = area.width() / bins
        for d, count in enumerate(h.counts):
            if not count:
                continue
            height = area.height() * math.log10(count + 1) / top
            colour = POSITIVE if d <= self._k else NEGATIVE
            painter.fillRect(
                QRectF(area.left() + d * width, area.bottom() - height, max(1.0, width - 1), height), colour
            )
        marker = area.left() + (self._k + 1) * width
        painter.setPen(QPen(ink, 2, Qt.PenStyle.DashLine))
        painter.drawLine(QPointF(marker, area.top()), QPointF(marker, area.bottom()))
        painter.setPen(QPen(ink, 1))
        label_box = QRectF(area.left(), area.bottom() + 2, area.width(), 14)
        painter.drawText(label_box, Qt.AlignmentFlag.AlignLeft, "0")
        painter.drawText(label_box, Qt.AlignmentFlag.AlignHCenter, self.tr("distance (bits)"))
        painter.drawText(label_box, Qt.AlignmentFlag.AlignRight, str(bins - 1))
        painter.drawText(
            QRectF(marker + 4, area.top() - 16, max(200.0, area.right() - marker), 14),
            Qt.AlignmentFlag.AlignLeft,
            self.pairs_label(),
        )
