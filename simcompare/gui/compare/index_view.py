"""The Index view: why the block index finds every pair within k, and what it costs.

Top: the two fingerprints cut into the k+1 blocks the index uses (``BlockLayout.for_search``), each block
labelled with its differing bits, the blocks the two agree on lit. d ≤ k differing bits cannot touch all
k+1 blocks (the pigeonhole principle), so a pair within k always shares a block, and the index, which
sorts the fingerprints by each block, finds it there. Under it, the same pair cut into the layout a scan of
n fingerprints really uses (``choose_layout``: more, narrower blocks, each table keyed on a combination of
blocks − k of them, when its cost model expects that to be faster), and the two layouts side by side: tables,
key bits and the chance candidates each gives (``BlockLayout.estimate``). Bottom: Manku et al.'s arithmetic.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QRectF, QSize, Qt, Slot
from PySide6.QtGui import QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from simcompare.core.explain.compare import Comparison
from simcompare.core.explain.teaching import (
    BlockPicture,
    LayoutLesson,
    blocks_in,
    blocks_of,
    index_arithmetic,
    index_layouts,
)
from simcompare.core.search.index import EVERY_PAIR, SearchStats
from simcompare.gui.common.palette import DIFFERENT, GOOD, mix, number
from simcompare.gui.common.plain import plain_label

DEFAULT_EXPONENT = 34  # the seeds' example: 2^34 fingerprints


def _power(exponent: int) -> str:
    """2^e written as the articles write it (2^-3 for fractions of one)."""
    return f"2^{exponent}"


def count_text(value: float) -> str:
    """An expected count: whole and with separators below ten million, else as a × 10^e (3 digits)."""
    if value < 1:
        return number(value, 3)
    if value < 1e7:
        return f"{round(value):,}"
    exponent = math.floor(math.log10(value))
    mantissa = value / 10**exponent
    if round(mantissa, 2) >= 10:
        mantissa, exponent = mantissa / 10, exponent + 1
    return f"{mantissa:.3g} × 10^{exponent}"


def widths_text(widths: tuple[int, ...]) -> str:
    """Block widths as counts: "12 × 5 + 1 × 4"."""
    distinct = sorted(set(widths), reverse=True)
    return " + ".join(f"{widths.count(w)} × {w}" for w in distinct)


class BlocksStrip(QWidget):
    """Two rows of bits, cut into blocks; shared blocks lit green, differing bits magenta."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._rows: tuple[str, str] = ("", "")
        self._picture: BlockPicture | None = None
        self.setMinimumHeight(96)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def sizeHint(self) -> QSize:
        return QSize(600, 96)

    def set_blocks(self, a: str, b: str, picture: BlockPicture | None) -> None:
        self._rows = (a, b)
        self._picture = picture
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        palette = self.palette()
        base, text = palette.base().color(), palette.text().color()
        painter.fillRect(self.rect(), base)
        picture = self._picture
        if picture is None:
            painter.end()
            return
        bits = len(self._rows[0])
        left, gap = 22.0, 6.0
        blocks = len(picture.bounds)
        cell = min(28.0, max(2.0, (self.width() - left - 6 - gap * (blocks - 1)) / max(1, bits)))
        height = 22.0
        small = painter.font()
        small.setPointSizeF(max(6.5, small.pointSizeF() * 0.85))
        for index, (start, stop) in enumerate(picture.bounds):
            x0 = left + start * cell + index * gap
            width = (stop - start) * cell
            shared = picture.differing[index] == 0
            painter.fillRect(
                QRectF(x0 - 2, 2, width + 4, 2 * height + 8),
                mix(GOOD if shared else text, base, 0.25 if shared else 0.06),
            )
            for row, y in ((0, 6.0), (1, 6.0 + height)):
                for j in range(start, stop):
                    x = x0 + (j - start) * cell
                    differs = self._rows[0][j] != self._rows[1][j]
                    rect = QRectF(x, y, cell - (1 if cell > 4 else 0), height - 2)
                    if differs:
                        painter.fillRect(rect, mix(DIFFERENT, base, 0.45))
                    if cell >= 9:
                        painter.setPen(text)
                        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, self._rows[row][j])
            painter.setFont(small)
            painter.setPen(GOOD.darker(130) if shared else text)
            label = self.tr("shared") if shared else self.tr("{d} differing").format(d=picture.differing[index])
            painter.drawText(QRectF(x0, 2 * height + 10, width, 16), Qt.AlignmentFlag.AlignHCenter, label)
            painter.setFont(self.font())
        painter.setPen(QPen(text))
        painter.drawText(
            QRectF(0, 6, left - 4, height), Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, "A"
        )
        painter.drawText(
            QRectF(0, 6 + height, left - 4, height), Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, "B"
        )
        painter.end()


class IndexView(QWidget):
    """The pigeonhole picture of the two texts on screen, the scan's real layout beside it, and the arithmetic."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._comparison: Comparison | None = None
        self._picture: BlockPicture | None = None
        self._layouts: tuple[LayoutLesson, LayoutLesson] | None = None
        self.naive_caption = plain_label()
        self.strip = BlocksStrip()
        self.why = plain_label()
        self.why.setWordWrap(True)
        self.scan_caption = plain_label()
        self.scan_strip = BlocksStrip()
        self.scan_why = plain_label()
        self.scan_why.setWordWrap(True)
        self.exponent = QSpinBox()
        self.exponent.setRange(1, 40)
        self.exponent.setValue(DEFAULT_EXPONENT)
        self.exponent.setPrefix("n = 2^")
        self.exponent.setToolTip(self.tr("How many fingerprints the index holds"))
        self.exponent.valueChanged.connect(self._show_layouts)
        self.table = QTableWidget(0, 2)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.setSizeAdjustPolicy(QTableWidget.SizeAdjustPolicy.AdjustToContents)
        self.table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.arithmetic = plain_label(selectable=True)
        self.arithmetic.setWordWrap(True)
        self.manku = plain_label(selectable=True)
        self.manku.setWordWrap(True)
        self.scan_line = plain_label(selectable=True)
        self.scan_line.setWordWrap(True)
        self.scan_line.hide()

        size_row = QHBoxLayout()
        size_row.addWidget(plain_label(self.tr("Fingerprints in the index:")))
        size_row.addWidget(self.exponent)
        size_row.addStretch(1)
        contents = QWidget()
        column = QVBoxLayout(contents)
        column.setContentsMargins(0, 6, 4, 0)
        column.addLayout(size_row)
        for widget in (self.naive_caption, self.strip, self.why, self.scan_caption, self.scan_strip, self.scan_why):
            column.addWidget(widget)
        sums = QVBoxLayout()
        sums.addWidget(self.arithmetic)
        sums.addWidget(self.manku)
        column.addWidget(self.table)
        column.addLayout(sums)
        column.addWidget(self.scan_line)
        column.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(contents)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)

    @property
    def picture(self) -> BlockPicture | None:
        """The pair in the pigeonhole's k + 1 blocks."""
        return self._picture

    @property
    def layouts(self) -> tuple[LayoutLesson, LayoutLesson] | None:
        """The k + 1 blocks and the scan's layout for n = 2^(the spin box), as the table shows them."""
        return self._layouts

    def show_comparison(self, comparison: Comparison) -> None:
        self._comparison = comparison
        a, b = comparison.a.fingerprint, comparison.b.fingerprint
        f, k = comparison.config.bits, comparison.k
        if f < 2 or k >= f:
            self._picture = None
            self.strip.set_blocks(a.binary, b.binary, None)
            self.why.setText(self.tr("With k = {k} of {f} bits there is nothing for an index to cut.").format(k=k, f=f))
        else:
            picture = blocks_of(a.value, b.value, f, k)
            self._picture = picture
            self.strip.set_blocks(a.binary, b.binary, picture)
            self.why.setText(self._why_text(picture, k, f))
        self._show_layouts()

    def _why_text(self, picture: BlockPicture, k: int, f: int) -> str:
        blocks = len(picture.bounds)
        d = picture.distance
        if picture.guaranteed:
            reason = self.tr(
                "%Ln differing bit(s) can touch at most {d} of the {blocks} blocks, so at least one block is the "
                "same in both: here {shared}. The index sorts the fingerprints by each block, so it meets this "
                "pair in that block's table and then checks its distance.",
                "",
                d,
            )
        else:
            reason = self.tr(
                "%Ln differing bit(s) are more than k = {k}: they may touch every block, and the index need not "
                "meet this pair (shared blocks here: {shared}). It is not a near-duplicate anyway.",
                "",
                d,
            )
        shared = ", ".join(
            self.tr("block {i} (bits {start}–{stop})").format(
                i=i, start=picture.bounds[i][0], stop=picture.bounds[i][1] - 1
            )
            for i in picture.shared
        ) or self.tr("none")
        return (
            self.tr("k = {k}: the {f} bits are cut into k + 1 = {blocks} blocks.").format(k=k, f=f, blocks=blocks)
            + " "
            + reason.format(d=d, blocks=blocks, shared=shared, k=k)
        )

    def show_scan(self, stats: SearchStats) -> None:
        """A scan's index as it ran: its layout and how many candidates it checked."""
        if stats.method == EVERY_PAIR:
            text = self.tr(
                "The last folder scan: {n} fingerprints of {f} bits, k = {k}: every pair compared, no index (cheaper "
                "for this few fingerprints at this k, where blocks of a few bits make most pairs candidates many "
                "times over); {candidates} pairs checked of {possible} possible, {found} pairs within k."
            )
        elif stats.method == "covering":
            text = self.tr(
                "The last folder scan: {n} fingerprints of {f} bits, k = {k}: {keys} covering masks over {blocks} "
                "parts of the bits instead of blocks (cheaper for this many fingerprints at this k; exact all the "
                "same: a pair within k agrees on every bit of at least one mask); {candidates} candidate pairs "
                "checked of {possible} possible, {found} pairs within k."
            )
        else:
            text = self.tr(
                "The last folder scan: {n} fingerprints of {f} bits, k = {k}: {blocks} blocks, {keys} tables; "
                "{candidates} candidate pairs checked of {possible} possible, {found} pairs within k."
            )
        self.scan_line.setText(
            text.format(
                n=f"{stats.n:,}",
                f=stats.bits,
                k=stats.k,
                blocks=stats.blocks,
                keys=stats.keys,
                candidates=f"{stats.candidates:,}",
                possible=f"{stats.possible_pairs:,}",
                found=f"{stats.found:,}",
            )
        )
        self.scan_line.show()

    @Slot()
    def _show_layouts(self) -> None:
        comparison = self._comparison
        if comparison is None:
            return
        f, k = comparison.config.bits, comparison.k
        e = self.exponent.value()
        self.naive_caption.setText(self.tr("The pigeonhole: k + 1 blocks, one table per block"))
        if f < 2 or k >= f:
            self._layouts = None
            self.scan_caption.setText("")
            self.scan_strip.set_blocks("", "", None)
            self.scan_why.setText("")
            self.table.setRowCount(0)
            self.manku.setText("")
            self._show_arithmetic()
            return
        naive, scan = self._layouts = index_layouts(2**e, f, k)
        a, b = comparison.a.fingerprint, comparison.b.fingerprint
        picture = blocks_in(a.value, b.value, scan.layout)
        self.scan_caption.setText(
            self.tr(
                "What a scan of n = 2^{e} fingerprints uses: {blocks} blocks, each table keyed on {per_key} of them"
            ).format(e=e, blocks=scan.layout.blocks, per_key=scan.blocks_per_key)
        )
        self.scan_strip.set_blocks(a.binary, b.binary, picture)
        self.scan_why.setText(
            self.tr(
                "{agree} of the {blocks} blocks agree; a table's key is any {per_key} blocks, so {meeting} of its "
                "{tables} tables meet this pair. Within k = {k}, at least {per_key} blocks always agree."
            ).format(
                agree=len(picture.shared),
                blocks=scan.layout.blocks,
                per_key=scan.blocks_per_key,
                meeting=scan.tables_meeting(picture),
                tables=scan.tables,
                k=k,
            )
        )
        self._fill_table(naive, scan)
        self._show_arithmetic()
        self.manku.setText(
            self.tr(
                "Manku, Jain and Das Sarma (2007) cut the fingerprint into more blocks than k + 1 and key each table "
                "on several of them: more tables to sort and search, but wider keys, so far fewer chance "
                "candidates. For n = 2^{e}: {naive_tables} tables with keys of at least {naive_bits} bits meet about "
                "{naive} candidates per query; {scan_tables} tables with keys of at least {scan_bits} bits meet "
                "about {scan}. "
                "The scan weighs the two with its cost model and uses the cheaper layout."
            ).format(
                e=e,
                naive_tables=naive.tables,
                naive_bits=naive.key_bits,
                naive=count_text(naive.per_query),
                scan_tables=scan.tables,
                scan_bits=scan.key_bits,
                scan=count_text(scan.per_query),
            )
        )

    def _fill_table(self, naive: LayoutLesson, scan: LayoutLesson) -> None:
        rows = [
            (self.tr("Blocks (count × bits)"), lambda x: f"{x.layout.blocks}: {widths_text(x.block_bits)}"),
            (self.tr("Blocks in a key"), lambda x: str(x.blocks_per_key)),
            (self.tr("Tables: C(blocks, k)"), lambda x: f"{x.tables:,}"),
            (self.tr("Narrowest key"), lambda x: self.tr("{bits} bits").format(bits=x.key_bits)),
            (self.tr("Candidates per query"), lambda x: count_text(x.per_query)),
            (self.tr("Candidates in a whole scan"), lambda x: count_text(x.candidates)),
        ]
        self.table.setRowCount(len(rows))
        self.table.setHorizontalHeaderLabels([self.tr("k + 1 blocks"), self.tr("The scan's layout")])
        self.table.setVerticalHeaderLabels([name for name, _ in rows])
        for row, (_name, cell) in enumerate(rows):
            for column, lesson in enumerate((naive, scan)):
                item = QTableWidgetItem(cell(lesson))
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.table.setItem(row, column, item)
        self.table.setToolTip(
            self.tr(
                "Chance candidates for random fingerprints: two agree on a b-bit key with chance 2^−b, so a query "
                "meets (n − 1) × Σ 2^−(key bits) over the tables, a whole scan n(n − 1)/2 × Σ 2^−(key bits)."
            )
        )

    def _show_arithmetic(self) -> None:
        if self._comparison is None:
            return
        f, k = self._comparison.config.bits, self._comparison.k
        if k >= f:
            self.arithmetic.setText("")
            return
        sums = index_arithmetic(2 ** self.exponent.value(), f, k)
        widths = sorted(set(sums.block_bits), reverse=True)
        e = self.exponent.value()
        # Powers of two stay powers of two, as the seeds write them (2^34 / 2^16 = 2^18).
        per_table = ", ".join(f"2^{e} / 2^{b} = {_power(e - b)}" for b in widths)
        counts = [sums.block_bits.count(b) for b in widths]
        total = " + ".join(f"{c} × {_power(e - b)}" for c, b in zip(counts, widths, strict=True))
        self.arithmetic.setText(
            self.tr(
                "n = 2^{e} fingerprints, f = {f}, k = {k}: {blocks} blocks of {widths} bits, one sorted table per "
                "block. A query looks up its key in each table and meets about n / 2^(block bits) random "
                "fingerprints there: {per_table}; about {total} candidates per query instead of n."
            ).format(
                e=self.exponent.value(),
                f=f,
                k=k,
                blocks=sums.blocks,
                widths=" / ".join(str(b) for b in widths),
                per_table=per_table,
                total=f"{total} = {number(sums.candidates_per_query, 6)}",
            )
        )
