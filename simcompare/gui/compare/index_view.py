"""The Index view: why the block index finds every pair within k, and what it costs.

Top: the two fingerprints cut into the k+1 blocks the index uses (``BlockLayout.for_search``), each block
labelled with its differing bits, the blocks the two agree on lit. d ≤ k differing bits cannot touch all
k+1 blocks (the pigeonhole principle), so a pair within k always shares a block, and the index, which
sorts the fingerprints by each block, finds it there. Bottom: the arithmetic for n fingerprints.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt, Slot
from PySide6.QtGui import QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QHBoxLayout, QSizePolicy, QSpinBox, QVBoxLayout, QWidget

from simcompare.core.explain.compare import Comparison
from simcompare.core.explain.teaching import BlockPicture, blocks_of, index_arithmetic
from simcompare.core.search.index import SearchStats
from simcompare.gui.common.palette import DIFFERENT, GOOD, mix, number
from simcompare.gui.common.plain import plain_label

DEFAULT_EXPONENT = 34  # the seeds' example: 2^34 fingerprints


def _power(exponent: int) -> str:
    """2^e written as the seeds write it (2^-3 for fractions of one)."""
    return f"2^{exponent}"


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
    """The pigeonhole picture of the two texts on screen, and the index's arithmetic."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._comparison: Comparison | None = None
        self._picture: BlockPicture | None = None
        self.strip = BlocksStrip()
        self.why = plain_label()
        self.why.setWordWrap(True)
        self.exponent = QSpinBox()
        self.exponent.setRange(1, 40)
        self.exponent.setValue(DEFAULT_EXPONENT)
        self.exponent.setPrefix("n = 2^")
        self.exponent.setToolTip(self.tr("How many fingerprints the index holds"))
        self.exponent.valueChanged.connect(self._show_arithmetic)
        self.arithmetic = plain_label(selectable=True)
        self.arithmetic.setWordWrap(True)
        self.scan_line = plain_label(selectable=True)
        self.scan_line.setWordWrap(True)
        self.scan_line.hide()

        size_row = QHBoxLayout()
        size_row.addWidget(plain_label(self.tr("Fingerprints in the index:")))
        size_row.addWidget(self.exponent)
        size_row.addStretch(1)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 6, 0, 0)
        column.addWidget(self.strip)
        column.addWidget(self.why)
        column.addSpacing(8)
        column.addLayout(size_row)
        column.addWidget(self.arithmetic)
        column.addWidget(self.scan_line)
        column.addStretch(1)

    @property
    def picture(self) -> BlockPicture | None:
        return self._picture

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
            blocks = len(picture.bounds)
            if picture.guaranteed:
                reason = self.tr(
                    "{d} differing bits can touch at most {d} of the {blocks} blocks, so at least one block is the "
                    "same in both: here {shared}. The index sorts the fingerprints by each block, so it meets this "
                    "pair in that block's table and then checks its distance."
                )
            else:
                reason = self.tr(
                    "{d} differing bits are more than k = {k}: they may touch every block, and the index need not "
                    "meet this pair (shared blocks here: {shared}). It is not a near-duplicate anyway."
                )
            shared = ", ".join(
                self.tr("block {i} (bits {start}–{stop})").format(
                    i=i, start=picture.bounds[i][0], stop=picture.bounds[i][1] - 1
                )
                for i in picture.shared
            ) or self.tr("none")
            self.why.setText(
                self.tr("k = {k}: the {f} bits are cut into k + 1 = {blocks} blocks.").format(k=k, f=f, blocks=blocks)
                + " "
                + reason.format(d=picture.distance, blocks=blocks, shared=shared, k=k)
            )
        self._show_arithmetic()

    def show_scan(self, stats: SearchStats) -> None:
        """A scan's index as it ran: its layout and how many candidates it checked."""
        self.scan_line.setText(
            self.tr(
                "The last folder scan: {n} fingerprints of {f} bits, k = {k}: {blocks} blocks, {keys} tables; "
                "{candidates} candidate pairs checked of {possible} possible, {found} pairs within k."
            ).format(
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
