"""Tooltips that explain one bit's sum from the core's trace.

Token text comes from documents and is untrusted; tooltips go through Qt's rich-text guess, so every
piece of document text is escaped and the tooltip is built as explicit, escaped rich text.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QToolTip, QWidget

from simcompare.core.fingerprint.bitwise import bit_of
from simcompare.core.fingerprint.simhash import Fingerprint
from simcompare.gui.common.palette import full_number, signed

TOP_TOKENS = 5


def escape(text: str) -> str:
    """Document text made safe for a rich-text tooltip."""
    return html.escape(text, quote=False)


def bit_lines(fp: Fingerprint, j: int, label: str, *, top: int = TOP_TOKENS) -> list[str]:
    """Escaped HTML lines explaining bit ``j`` of one fingerprint: its sum, its bit, its heaviest tokens."""
    if fp.empty:
        return [
            "<b>"
            + escape(label)
            + "</b> "
            + QCoreApplication.translate("Explain", "has no features: every sum is 0, so every bit is 0.")
        ]
    total = fp.sums[j]
    lines = [
        "<b>"
        + escape(label)
        + "</b> "
        + QCoreApplication.translate("Explain", "bit {j}: sum {total} → bit {bit}").format(
            j=j, total=full_number(total) if total < 0 else "+" + full_number(total), bit=fp.bit(j)
        )
        + (" " + QCoreApplication.translate("Explain", "(a sum of 0 gives 0)") if total == 0 else "")
    ]
    up = [t for t in fp.tokens if bit_of(t.code, fp.bits, j)][:top]
    down = [t for t in fp.tokens if not bit_of(t.code, fp.bits, j)][:top]
    if up:
        lines.append(
            QCoreApplication.translate("Explain", "pushed up (code bit 1, adds its weight):")
            + " "
            + ", ".join(f"{escape(t.token)} <span style='color:#1f6fb4'>{signed(t.weight)}</span>" for t in up)
        )
    if down:
        lines.append(
            QCoreApplication.translate("Explain", "pushed down (code bit 0, subtracts it):")
            + " "
            + ", ".join(f"{escape(t.token)} <span style='color:#e0701a'>{signed(-t.weight)}</span>" for t in down)
        )
    shown = len(up) + len(down)
    if len(fp.tokens) > shown:
        lines.append(
            QCoreApplication.translate("Explain", "heaviest tokens shown; {n} tokens in all").format(
                n=f"{len(fp.tokens):,}"
            )
        )
    return lines


def bit_tooltip(sides: list[tuple[str, Fingerprint]], j: int) -> str:
    """The tooltip for bit ``j`` of one or more fingerprints."""
    blocks = ["<br>".join(bit_lines(fp, j, label)) for label, fp in sides]
    return "<qt>" + "<hr>".join(blocks) + "</qt>"


def token_bit_tooltip(token: str, weight: float, code_bit: int, j: int) -> str:
    """The tooltip of one ±w cell of the token table."""
    if code_bit:
        text = QCoreApplication.translate("Explain", "code bit {j} of “{token}” is 1: adds its weight {w} to sum {j}")
    else:
        text = QCoreApplication.translate(
            "Explain", "code bit {j} of “{token}” is 0: subtracts its weight {w} from sum {j}"
        )
    return "<qt>" + text.format(j=j, token=escape(token), w=full_number(weight)) + "</qt>"


def show_bit_tooltip(widget: QWidget, event: QHelpEvent, j: int | None) -> bool:
    """Answer a tooltip event over bit ``j`` of a widget with ``tooltip_for(j)``; None hides the tooltip.

    Returns True, as a widget's ``event()`` must for a tooltip event it handled.
    """
    if j is not None and j >= 0:
        QToolTip.showText(event.globalPos(), widget.tooltip_for(j), widget)  # type: ignore[attr-defined]
    else:
        QToolTip.hideText()
        event.ignore()
    return True
