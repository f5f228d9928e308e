"""The Geometry view: SimHash as random hyperplanes (Charikar), and the θ/π law measured on real pairs.

Left: a document as its weight vector d, the f hyperplanes as the tokens' ±1 columns r_j, and each bit as
the sign of d · r_j — for the articles' three-hyperplane and two-dimension examples, or for text A or B.
Under it, for the two texts: the angle θ between their weight vectors and f·θ/π beside the actual
distance. Right: many real pairs' distance against their angle, with the line f·θ/π (computed by
:func:`simcompare.core.explain.teaching.angle_law` on the worker thread; this view only draws).
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable
from dataclasses import dataclass, replace

from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, QSize, Qt, Signal, Slot
from PySide6.QtGui import QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QSizePolicy,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from simcompare.core.explain.compare import Comparison
from simcompare.core.explain.teaching import (
    AngleLaw,
    HyperplanePicture,
    angle,
    angle_law,
    example_pairs,
    geometry_preset,
    hyperplanes,
)
from simcompare.core.fingerprint.simhash import Config
from simcompare.gui.common.palette import DIFFERENT, NEGATIVE, POSITIVE, mix, number, signed, tint
from simcompare.gui.common.plain import plain_label
from simcompare.gui.common.workers import BackgroundJob

# A table of more coordinates or hyperplanes than this would not be read; the view says how many it shows.
MAX_ROWS = 40
MAX_PLANES = 16


@dataclass(frozen=True)
class LawRequest:
    """The settings to measure the θ/π law under."""

    config: Config


def law_config(config: Config) -> Config:
    """The settings for real texts: a teaching table knows only its own tokens, so md5 stands in for it."""
    if isinstance(config.hasher, str):
        return config
    return replace(config, hasher="md5")  # every other setting (HTML, folding, stop words…) as chosen


def run_law(request: LawRequest, cancel: threading.Event, progress: Callable[[int, int, str], None]) -> AngleLaw:
    return angle_law(
        example_pairs(), request.config, cancel=cancel, progress=lambda done, total: progress(done, total, "")
    )


class AngleLawChart(QWidget):
    """Distance (up) against θ in degrees (across), one dot per pair, and the line f·θ/π."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._law: AngleLaw | None = None
        self._mark: tuple[float, int] | None = None  # the two texts on screen
        self.setMinimumSize(240, 180)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def sizeHint(self) -> QSize:
        return QSize(360, 260)

    def set_law(self, law: AngleLaw | None) -> None:
        self._law = law
        self.update()

    @property
    def law(self) -> AngleLaw | None:
        return self._law

    def set_mark(self, theta: float | None, distance: int | None) -> None:
        self._mark = (theta, distance) if theta is not None and distance is not None else None
        self.update()

    def _plot(self) -> QRectF:
        return QRectF(44, 26, max(1, self.width() - 56), max(1, self.height() - 26 - 36))

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        palette = self.palette()
        base, text = palette.base().color(), palette.text().color()
        painter.fillRect(self.rect(), base)
        bold = painter.font()
        bold.setBold(True)
        painter.setFont(bold)
        painter.setPen(text)
        painter.drawText(
            QRectF(6, 2, self.width() - 12, 20), Qt.AlignmentFlag.AlignLeft, self.tr("Distance against angle")
        )
        painter.setFont(self.font())
        law = self._law
        plot = self._plot()
        if law is None:
            painter.setPen(palette.placeholderText().color())
            painter.drawText(plot, Qt.AlignmentFlag.AlignCenter, self.tr("Measuring the pairs…"))
            painter.end()
            return
        top_d = max(1, law.bits // 2 + 2, *(p.distance for p in law.points))
        right_deg = 90.0

        def at(theta: float, distance: float) -> QPointF:
            return QPointF(
                plot.left() + math.degrees(theta) / right_deg * plot.width(),
                plot.bottom() - distance / top_d * plot.height(),
            )

        axis = mix(text, base, 0.5)
        painter.setPen(QPen(axis, 1))
        painter.drawLine(plot.bottomLeft(), plot.bottomRight())
        painter.drawLine(plot.bottomLeft(), plot.topLeft())
        small = painter.font()
        small.setPointSizeF(max(6.5, small.pointSizeF() * 0.85))
        painter.setFont(small)
        for degrees in (0, 30, 60, 90):
            x = plot.left() + degrees / right_deg * plot.width()
            painter.drawText(QRectF(x - 20, plot.bottom() + 2, 40, 14), Qt.AlignmentFlag.AlignHCenter, f"{degrees}°")
        for fraction in (0, 0.5, 1):
            value = round(top_d * fraction)
            y = plot.bottom() - value / top_d * plot.height()
            painter.drawText(QRectF(0, y - 7, 40, 14), Qt.AlignmentFlag.AlignRight, str(value))
        painter.drawText(
            QRectF(plot.left(), plot.bottom() + 16, plot.width(), 16),
            Qt.AlignmentFlag.AlignHCenter,
            self.tr("θ between the weight vectors"),
        )
        # The law: f·θ/π.
        painter.setPen(QPen(DIFFERENT, 2, Qt.PenStyle.DashLine))
        painter.drawLine(at(0, 0), at(math.radians(right_deg), law.bits * 0.5))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(POSITIVE)
        for point in law.points:
            painter.drawEllipse(at(point.theta, point.distance), 3, 3)
        if self._mark is not None:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(NEGATIVE, 2))
            painter.drawEllipse(at(*self._mark), 6, 6)
        painter.setPen(DIFFERENT)
        painter.drawText(
            QRectF(plot.left() + 6, plot.top(), plot.width() - 6, 16),
            Qt.AlignmentFlag.AlignLeft,
            self.tr("dashed: f·θ/π · dots: {n} pairs · ring: A and B").format(n=len(law.points)),
        )
        painter.end()


class GeometryView(QWidget):
    """Hyperplanes, the angle between the two texts, and the θ/π law.

    Signals:
        law_ready(AngleLaw): the pairs were measured under the current settings.
    """

    law_ready = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._comparison: Comparison | None = None
        self._law_config: Config | None = None
        self._job = BackgroundJob(run_law, "simcompare-geometry", self, reports_progress=True)
        self._job.progress.connect(self._on_law_progress)
        self._job.result_ready.connect(self._on_law)
        self._job.failed.connect(self._on_law_failed)

        self.source = QComboBox()
        self.source.addItem(self.tr("The articles' example: three hyperplanes"), "three-hyperplanes")
        self.source.addItem(self.tr("Two dimensions"), "two-dimensions")
        self.source.addItem(self.tr("Text A"), "a")
        self.source.addItem(self.tr("Text B"), "b")
        self.source.currentIndexChanged.connect(self._show_picture)
        self.table = QTableWidget()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(True)
        self.table.installEventFilter(self)  # its columns follow its font (View → Larger)
        self.explanation = plain_label()
        self.explanation.setWordWrap(True)
        self.angle_line = plain_label(selectable=True)
        self.angle_line.setWordWrap(True)
        self.chart = AngleLawChart()
        self.law_line = plain_label()
        self.law_line.setWordWrap(True)

        left = QWidget()
        left_column = QVBoxLayout(left)
        left_column.setContentsMargins(0, 0, 0, 0)
        picker = QHBoxLayout()
        picker.addWidget(plain_label(self.tr("Show:")))
        picker.addWidget(self.source, 1)
        left_column.addLayout(picker)
        left_column.addWidget(self.table, 1)
        left_column.addWidget(self.explanation)
        left_column.addWidget(self.angle_line)
        right = QWidget()
        right_column = QVBoxLayout(right)
        right_column.setContentsMargins(0, 0, 0, 0)
        right_column.addWidget(self.chart, 1)
        right_column.addWidget(self.law_line)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(left)
        splitter.addWidget(right)
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 1)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 4, 0, 0)
        row.addWidget(splitter)
        self._show_picture()

    # ---------------------------------------------------------------------------------------- data

    def show_comparison(self, comparison: Comparison) -> None:
        """The two texts on screen: their pictures, their angle, and the law under their settings."""
        self._comparison = comparison
        theta = angle(comparison.a.features.weights, comparison.b.features.weights)
        if theta is None:
            self.angle_line.setText(self.tr("A text without features has no direction, so no angle."))
            self.chart.set_mark(None, None)
        else:
            f = comparison.config.bits
            self.angle_line.setText(
                self.tr(
                    "A and B: θ = {deg}° between their weight vectors, so f·θ/π = {predicted} bits are expected to "
                    "differ; {actual} do."
                ).format(
                    deg=number(math.degrees(theta), 3),
                    predicted=number(f * theta / math.pi, 3),
                    actual=comparison.distance,
                )
            )
            self.chart.set_mark(theta, comparison.distance)
        if self.source.currentData() in ("a", "b"):
            self._show_picture()
        wanted = law_config(comparison.config)
        if wanted != self._law_config and self.isVisible():
            self._measure(wanted)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.table and event.type() == QEvent.Type.FontChange:
            self.table.resizeColumnsToContents()  # "+1" and "−1" are never cut to "…" at a projector's size
        return super().eventFilter(watched, event)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self._comparison is not None:
            wanted = law_config(self._comparison.config)
            if wanted != self._law_config:
                self._measure(wanted)

    def shutdown(self) -> None:
        self._job.shutdown()

    @property
    def busy(self) -> bool:
        return self._job.busy

    def picture(self) -> HyperplanePicture | None:
        """The picture in the table."""
        key = self.source.currentData()
        if key in ("three-hyperplanes", "two-dimensions"):
            return geometry_preset(key).picture()
        if self._comparison is None:
            return None
        side = self._comparison.a if key == "a" else self._comparison.b
        return hyperplanes(side.fingerprint)

    def select_source(self, key: str) -> None:
        self.source.setCurrentIndex(self.source.findData(key))

    # ------------------------------------------------------------------------------------- drawing

    @Slot()
    def _show_picture(self) -> None:
        picture = self.picture()
        self.table.clear()
        if picture is None:
            self.table.setRowCount(0)
            self.table.setColumnCount(0)
            self.explanation.setText("")
            return
        rows = min(len(picture.tokens), MAX_ROWS)
        planes = min(len(picture.planes), MAX_PLANES)
        self.table.setColumnCount(1 + planes)
        self.table.setRowCount(rows + 2)
        self.table.setHorizontalHeaderLabels([self.tr("d (weight)")] + [f"r{j}" for j in range(planes)])
        self.table.setVerticalHeaderLabels([*picture.tokens[:rows], self.tr("d · r"), self.tr("bit")])
        base = self.palette().base().color()
        for i in range(rows):
            self._cell(i, 0, number(picture.vector[i]))
            for j in range(planes):
                sign = picture.planes[j][i]
                item = self._cell(i, 1 + j, "+1" if sign > 0 else "−1")
                item.setBackground(tint(POSITIVE if sign > 0 else NEGATIVE, self, 0.22))
        for j in range(planes):
            dot = self._cell(rows, 1 + j, signed(picture.dots[j]))
            dot.setToolTip(self.tr("Σ d_i × r{j}_i: the per-bit sum {j}").format(j=j))
            bit = self._cell(rows + 1, 1 + j, str(picture.bits[j]))
            for item in (dot, bit):
                item.setBackground(mix(POSITIVE if picture.bits[j] else NEGATIVE, base, 0.4))
        self.table.resizeColumnsToContents()
        shown = ""
        if rows < len(picture.tokens) or planes < len(picture.planes):
            shown = " " + self.tr(
                "Shown: the {rows} heaviest of {n} coordinates, the first {planes} of {f} hyperplanes."
            ).format(rows=rows, n=len(picture.tokens), planes=planes, f=len(picture.planes))
        self.explanation.setText(
            self.tr(
                "Each column r_j is a hyperplane's normal: every token's code bit j as ±1. Bit j is the side of "
                "hyperplane j the document d lies on: 1 when d · r_j > 0. Signature: {binary}."
            ).format(binary=picture.binary)
            + shown
        )

    def _cell(self, row: int, column: int, text: str) -> QTableWidgetItem:
        item = QTableWidgetItem(text)
        item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
        self.table.setItem(row, column, item)
        return item

    # ------------------------------------------------------------------------------------ the law

    def _measure(self, config: Config) -> None:
        self._law_config = config
        self.chart.set_law(None)
        self.law_line.setText(self.tr("Measuring {n} pairs of the bundled examples…").format(n=len(example_pairs())))
        self._job.submit(LawRequest(config))

    @Slot(int, object)
    def _on_law(self, _request: int, law: AngleLaw) -> None:
        self.chart.set_law(law)
        self.law_line.setText(
            self.tr(
                "{n} pairs of the bundled examples (a share of 0–100 % of the words replaced), {f} bits: on average "
                "the distance is f·θ/π {sign}{error} bits (mean |error| {abs_error}): a bit differs with probability "
                "θ/π."
            ).format(
                n=len(law.points),
                f=law.bits,
                sign="+" if law.mean_error >= 0 else "",
                error=number(law.mean_error, 2),
                abs_error=number(law.mean_absolute_error, 2),
            )
        )
        self.law_ready.emit(law)

    @Slot(int, int, str)
    def _on_law_progress(self, done: int, total: int, _stage: str) -> None:
        self.law_line.setText(
            self.tr("Measuring the pairs of the bundled examples: {done} of {total}…").format(done=done, total=total)
        )

    @Slot(int, str)
    def _on_law_failed(self, _request: int, message: str) -> None:
        self.law_line.setText(self.tr("Could not measure the pairs: {reason}").format(reason=message))
