"""Both fingerprints: the bit grids with their XOR and hex values, and the per-bit sums of each text as charts."""

from __future__ import annotations

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QGridLayout, QSizePolicy, QVBoxLayout, QWidget

from simcompare.core.explain.compare import Comparison
from simcompare.gui.common.plain import plain_label
from simcompare.gui.compare.bitgrid import BitGrid
from simcompare.gui.compare.charts import SumsChart
from simcompare.gui.compare.zoom import monospace

LISTED_BITS = 24  # differing bits listed by number; the grid marks them all


class FingerprintPanel(QWidget):
    """Bit grids (binary and hex, differing bits marked) above one sums chart per text."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.heading = plain_label(self.tr("Fingerprints"))
        bold = QFont(self.heading.font())
        bold.setBold(True)
        self.heading.setFont(bold)
        self.grid = BitGrid()
        self.hex_a = plain_label(selectable=True)
        self.hex_b = plain_label(selectable=True)
        self.popcount = plain_label()  # the XOR row's ones, counted: the distance
        self.popcount.setWordWrap(True)
        self.differing = plain_label()
        self.differing.setWordWrap(True)
        for label in (self.hex_a, self.hex_b):
            label.setFont(monospace())
            label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        hexes = QGridLayout()
        hexes.setContentsMargins(0, 0, 0, 0)
        hexes.setHorizontalSpacing(8)
        hexes.addWidget(plain_label(self.tr("hex A")), 0, 0)
        hexes.addWidget(self.hex_a, 0, 1)
        hexes.addWidget(plain_label(self.tr("hex B")), 1, 0)
        hexes.addWidget(self.hex_b, 1, 1)
        hexes.setColumnStretch(1, 1)

        self.chart_a = SumsChart(self.tr("A: per-bit sums"), hint=self.tr("bar up: bit 1, down: bit 0"))
        self.chart_b = SumsChart(self.tr("B: per-bit sums"))

        column = QVBoxLayout(self)
        column.setContentsMargins(4, 0, 0, 0)
        column.setSpacing(4)
        column.addWidget(self.heading)
        column.addWidget(self.grid)
        column.addWidget(self.popcount)
        column.addLayout(hexes)
        column.addWidget(self.differing)
        column.addWidget(self.chart_a, 1)
        column.addWidget(self.chart_b, 1)

    def clear(self) -> None:
        self.grid.set_fingerprints([], ())
        self.chart_a.set_fingerprint(None)
        self.chart_b.set_fingerprint(None)
        for label in (self.hex_a, self.hex_b, self.popcount, self.differing):
            label.setText("")

    def show_comparison(self, comparison: Comparison) -> None:
        a, b = comparison.a.fingerprint, comparison.b.fingerprint
        differing = frozenset(comparison.differing_bits)
        self.grid.set_fingerprints([("A", a), ("B", b)], differing)
        ones = len(differing)
        self.popcount.setText(self.tr("A ⊕ B (XOR): %Ln one(s) = distance %Ln", "", ones))
        self.hex_a.setText(a.hex)
        self.hex_b.setText(b.hex)
        if differing:
            shown = [str(j) for j in comparison.differing_bits[:LISTED_BITS]]
            if len(differing) > LISTED_BITS:
                shown.append("…")
            if len(differing) == 1:
                text = self.tr("1 bit differs (outlined): {bits}")
            else:
                text = self.tr("{n} bits differ (outlined): {bits}")
            self.differing.setText(text.format(n=len(differing), bits=", ".join(shown)))
        else:
            self.differing.setText(self.tr("No bit differs."))
        self.chart_a.set_fingerprint(a, differing)
        self.chart_b.set_fingerprint(b, differing)
        scale = max(self.chart_a.largest(), self.chart_b.largest())
        self.chart_a.set_scale(scale)
        self.chart_b.set_scale(scale)

    def highlight_token(self, token: str | None) -> None:
        """Show a token's ±weight on every bit of both charts (where the text has it)."""
        self.chart_a.set_highlight(token or None)
        self.chart_b.set_highlight(token or None)
