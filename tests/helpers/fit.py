"""Which texts of a page do not fit their widgets: what the 1024x700 layout test checks (and a developer can
call on any page). A text that is cut — elided by its widget or just clipped by a too-narrow one — is a
number or a word a reader cannot see, so the page must make room (or say it more briefly)."""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractButton, QCheckBox, QLabel, QWidget


def _needed_width(widget: QWidget) -> int:
    if isinstance(widget, QLabel):
        lines = widget.text().split("\n")
        return max(widget.fontMetrics().horizontalAdvance(line) for line in lines) + 2 * widget.margin()
    return widget.sizeHint().width()


def clipped_texts(root: QWidget) -> list[str]:
    """Visible labels and buttons under ``root`` whose text is wider than the widget shows.

    Word-wrapping labels are exempt (they use more lines, not more width), as are labels with no text.
    """
    found = []
    for widget in root.findChildren(QWidget):
        if not widget.isVisibleTo(root) or widget.width() <= 0:
            continue
        if isinstance(widget, QLabel):
            has_picture = widget.pixmap() is not None and not widget.pixmap().isNull()
            if widget.wordWrap() or not widget.text() or has_picture:
                continue
            available = widget.contentsRect().width()
        elif isinstance(widget, (QAbstractButton, QCheckBox)) and widget.text():
            available = widget.width()
        else:
            continue
        needed = _needed_width(widget)
        if needed > available + 1:
            found.append(f"{type(widget).__name__} {widget.text()!r}: needs {needed} px, has {available}")
    return found
