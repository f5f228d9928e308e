"""Labels that can only ever show plain text (DESIGN.md §4: document text is untrusted)."""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
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


def join_sentences(*sentences: str) -> str:
    """Sentences one after another: a space after an English one, none after a Chinese full stop (。)."""
    joined = ""
    for sentence in filter(None, sentences):
        joined += ("" if not joined or joined.endswith(("。", "！", "？", "：")) else " ") + sentence
    return joined


def join_clauses(*clauses: str) -> str:
    """Parts of one sentence in a row, with the interface language's comma: ", " in English, "，" in Chinese."""
    return QCoreApplication.translate("Clauses", ", ").join(filter(None, clauses))


def fit_wrapped(label: QLabel) -> None:
    """Give a word-wrapped label the height its lines take at its width (call it after ``setText``)."""
    kept = label.minimumHeight()
    if kept and label.text():
        label.setMinimumHeight(0)  # a label's height for a width is never below its least height: it could only grow
    needed = max(0, label.heightForWidth(label.width())) if label.text() else 0
    if needed != label.minimumHeight():
        label.setMinimumHeight(needed)


class _WrappedLines(QObject):
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if isinstance(watched, QLabel) and event.type() in (QEvent.Type.Resize, QEvent.Type.FontChange):
            fit_wrapped(watched)
        return False


def keep_wrapped_lines(label: QLabel) -> QLabel:
    """Keep a word-wrapped label as tall as its lines whenever its width or font changes.

    A layout inside a splitter does not ask a label how tall it is at its width, so a line that wraps at a
    larger size (View → Larger) would otherwise run into the widget below it or be cut.
    """
    label.installEventFilter(_WrappedLines(label))
    return label
