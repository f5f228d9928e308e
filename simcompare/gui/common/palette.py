"""Colours and fonts shared by the views.

Positive and negative are blue and orange: the pair that stays apart for the common colour-vision
deficiencies. Colour is never the only signal: cells also carry a sign, differing bits a bold outline.
Tints are mixed with the palette's base colour, so they work on light and dark themes.
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QFont, QFontDatabase, QPalette
from PySide6.QtWidgets import QApplication, QWidget

POSITIVE = QColor("#1f6fb4")  # blue: a code bit of 1 adds the weight
NEGATIVE = QColor("#e0701a")  # orange: a code bit of 0 subtracts it
DIFFERENT = QColor("#c2185b")  # magenta: a bit where the two fingerprints differ
SELECTED = QColor("#2e7d32")  # green: the selected token's contribution
GOOD = QColor("#2e7d32")
BAD = QColor("#b23b3b")

MINUS = "\u2212"  # a real minus sign, as wide as the plus


def base_colour(widget: QWidget | None = None) -> QColor:
    palette = widget.palette() if widget is not None else QApplication.palette()
    return palette.color(QPalette.ColorRole.Base)


def text_colour(widget: QWidget | None = None) -> QColor:
    palette = widget.palette() if widget is not None else QApplication.palette()
    return palette.color(QPalette.ColorRole.Text)


def mix(colour: QColor, base: QColor, amount: float) -> QColor:
    """``amount`` of ``colour`` over ``base`` (0 gives base, 1 gives colour)."""
    return QColor(
        round(colour.red() * amount + base.red() * (1 - amount)),
        round(colour.green() * amount + base.green() * (1 - amount)),
        round(colour.blue() * amount + base.blue() * (1 - amount)),
    )


def tint(colour: QColor, widget: QWidget | None = None, amount: float = 0.22) -> QColor:
    """A light wash of ``colour`` over the palette's base, for cell backgrounds."""
    return mix(colour, base_colour(widget), amount)


def monospace_font() -> QFont:
    font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
    return font


def number(value: float, digits: int = 4) -> str:
    """A number as the views show it: whole numbers plainly, others to ``digits`` significant digits,
    with a real minus sign."""
    text = str(int(value)) if value == int(value) and abs(value) < 1e15 else f"{value:.{digits}g}"
    return text.replace("-", MINUS)


def full_number(value: float) -> str:
    """The whole value, for tooltips behind a shortened number: weights and sums are exact to 11 decimals."""
    text = f"{value:.11f}".rstrip("0").rstrip(".") if abs(value) < 1e15 else repr(value)
    return (text if text not in ("-0", "") else "0").replace("-", MINUS)


def signed(value: float, digits: int = 4) -> str:
    """Like :func:`number`, always with a sign (+5, −5)."""
    text = number(value, digits)
    return text if text.startswith(MINUS) else "+" + text


def short_number(value: float) -> str:
    """A number in at most four characters or so, for narrow cells (12, 3.5, 840, 1.2k, −15k)."""
    size = abs(value)
    if size >= 9999.5:
        text = f"{value / 1000:.0f}k"
    elif size >= 999.5:
        text = f"{value / 1000:.1f}k"
    elif size >= 99.5 or value == int(value):
        text = f"{value:.0f}"
    else:
        text = f"{value:.1f}"
    return text.replace("-", MINUS)
