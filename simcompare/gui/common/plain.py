"""Labels that can only ever show plain text (DESIGN.md §4: document text is untrusted)."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget


def plain_label(text: str = "", parent: QWidget | None = None, *, selectable: bool = False) -> QLabel:
    """A QLabel fixed to ``Qt.PlainText``: markup in ``text`` is shown as the characters it is."""
    label = QLabel(parent)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setText(text)
    if selectable:
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


def plain_tooltip(text: str) -> str:
    """Any text (a file name) as a tooltip that shows its characters literally, never rendered as markup.

    Qt renders a tooltip as rich text when it looks like rich text, so the text is escaped and wrapped.
    """
    return "<p style='white-space:pre-wrap'>" + html.escape(text, quote=False) + "</p>"
