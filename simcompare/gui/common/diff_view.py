"""The Differences view: two texts side by side, differing words highlighted, scrolled together.

A reusable widget: the Compare page shows its two panes' texts in it, and the Folder page can show any
selected pair with ``set_texts``. The word diff (``simcompare.core.explain.diff``) runs in a worker, and only
while the view is visible, so a hidden view costs nothing. Highlights are QTextCharFormats applied to
the read-only plain-text documents; the current difference gets a stronger, bold highlight.

Colour is not the only cue: deleted words are struck through, inserted words underlined, replaced
words underlined with dots (a dotted line on every platform: Qt draws its wave underline as dots on
some, and the legend must say what is on screen).
"""

from __future__ import annotations

import bisect
import re

from PySide6.QtCore import QPoint, QSignalBlocker, Qt, Signal, Slot
from PySide6.QtGui import QColor, QFont, QKeySequence, QShowEvent, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import (
    QHBoxLayout,
    QPlainTextEdit,
    QSplitter,
    QTextEdit,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from simcompare.core.explain.diff import Span, Tag, TextDiff
from simcompare.core.tokens.segment import Segmenter
from simcompare.gui.common.palette import DIFFERENT, GOOD, NEGATIVE, tint
from simcompare.gui.common.plain import plain_label
from simcompare.gui.common.workers import BackgroundJob
from simcompare.gui.compare.compute import Differ, DiffRequest

# The word diff of two 120,000-character Chinese texts takes about 25 ms (split at anchors first), but a
# long stretch without any word unique to it falls to difflib, whose time grows faster than the text.
# Beyond this many characters together the view says so instead of starting work that could run for minutes.
DIFF_LIMIT_CHARS = 200_000


def display_text(text: str) -> str:
    """The text as a QTextDocument holds it: CR LF becomes one line break (offsets must agree)."""
    return text.replace("\r\n", "\n")


_ASTRAL = re.compile("[\U00010000-\U0010ffff]")  # characters that take two UTF-16 code units


class _Positions:
    """Python string offsets to QTextDocument positions (which count UTF-16 code units)."""

    def __init__(self, text: str) -> None:
        self._table: list[int] | None = None
        if _ASTRAL.search(text):
            table, position = [0], 0
            for ch in text:
                position += 2 if ord(ch) > 0xFFFF else 1
                table.append(position)
            self._table = table

    def qt(self, offset: int) -> int:
        return offset if self._table is None else self._table[min(offset, len(self._table) - 1)]

    def python(self, position: int) -> int:
        if self._table is None:
            return position
        return max(0, bisect.bisect_right(self._table, position) - 1)


class DifferencesView(QWidget):
    """Texts A and B side by side with a word-level diff.

    Signals:
        diff_ready(TextDiff): a diff was computed and shown.
        current_changed(index): the current difference changed (−1 for none).
    """

    diff_ready = Signal(object)
    current_changed = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._texts = ("", "")
        self._segmenter = Segmenter.JIEBA
        self._dirty = False
        self._stopped = False
        self._diff: TextDiff | None = None
        self._changes: tuple[Span, ...] = ()
        self._current = -1
        self._syncing = False
        self._positions = (_Positions(""), _Positions(""))

        self._job = BackgroundJob(Differ(), "simcompare-diff", self)
        self._job.result_ready.connect(self._on_diff_ready)
        self._job.failed.connect(self._on_diff_failed)
        self._job.busy_changed.connect(self._on_busy_changed)

        self.previous_button = QToolButton()
        self.previous_button.setText(self.tr("▲ Previous"))
        self.previous_button.setToolTip(self.tr("Previous difference (Shift+F7)"))
        self.previous_button.setShortcut(QKeySequence("Shift+F7"))
        self.cancel_button = QToolButton()
        self.cancel_button.setText(self.tr("Stop"))
        self.cancel_button.setToolTip(self.tr("Stop comparing the words (the fingerprints are not affected)"))
        self.cancel_button.hide()
        self.cancel_button.clicked.connect(self.cancel)
        self.next_button = QToolButton()
        self.next_button.setText(self.tr("▼ Next"))
        self.next_button.setToolTip(self.tr("Next difference (F7)"))
        self.next_button.setShortcut(QKeySequence("F7"))
        self.status = plain_label()
        self.status.setWordWrap(True)  # the too-long notice is a sentence
        self.legend = plain_label(
            self.tr("struck through: only in A · underlined: only in B · dotted underline: replaced")
        )
        self.legend.setEnabled(False)
        self.legend.setWordWrap(True)  # long names and the legend wrap: at a projector's size they would widen the page

        self.title_a = plain_label()
        self.title_b = plain_label()
        for title in (self.title_a, self.title_b):
            font = QFont(title.font())
            font.setBold(True)
            title.setFont(font)
            title.setWordWrap(True)
        self.view_a = self._make_view()
        self.view_b = self._make_view()

        bar = QHBoxLayout()
        bar.setContentsMargins(0, 0, 0, 0)
        bar.addWidget(self.previous_button)
        bar.addWidget(self.next_button)
        bar.addWidget(self.status)
        bar.addWidget(self.cancel_button)
        bar.addStretch(1)
        bar.addWidget(self.legend)

        splitter = QSplitter(Qt.Orientation.Horizontal)
        for title, view in ((self.title_a, self.view_a), (self.title_b, self.view_b)):
            box = QWidget()
            column = QVBoxLayout(box)
            column.setContentsMargins(0, 0, 0, 0)
            column.setSpacing(2)
            column.addWidget(title)
            column.addWidget(view, 1)
            splitter.addWidget(box)
        column = QVBoxLayout(self)
        column.setContentsMargins(4, 4, 4, 4)
        column.addLayout(bar)
        column.addWidget(splitter, 1)

        self.previous_button.clicked.connect(self.previous_difference)
        self.next_button.clicked.connect(self.next_difference)
        self.view_a.verticalScrollBar().valueChanged.connect(self._on_scrolled_a)
        self.view_b.verticalScrollBar().valueChanged.connect(self._on_scrolled_b)
        self.set_titles(self.tr("Text A"), self.tr("Text B"))
        self._update_status()

    @staticmethod
    def _make_view() -> QPlainTextEdit:
        view = QPlainTextEdit()
        view.setReadOnly(True)
        view.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        view.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse | Qt.TextInteractionFlag.TextSelectableByKeyboard
        )
        return view

    # ------------------------------------------------------------------------------------- public

    def set_titles(self, a: str, b: str) -> None:
        """Headings above the texts (file names are shown as plain text)."""
        self.title_a.setText(a)
        self.title_b.setText(b)

    def set_texts(self, text_a: str, text_b: str, *, segmenter: Segmenter | str = Segmenter.JIEBA) -> None:
        """Show two texts. A hidden view only remembers them: they are put on screen and diffed in the
        background when the view is shown."""
        self._texts = (display_text(text_a), display_text(text_b))
        self._segmenter = Segmenter(segmenter)
        self._job.cancel()  # an answer for the old texts must not be painted on the new ones
        self._diff = None
        self._changes = ()
        self._current = -1
        self._dirty = True
        if self.isVisible():
            self._start()
        else:
            self._update_status()

    @property
    def diff(self) -> TextDiff | None:
        return self._diff

    @property
    def current(self) -> int:
        return self._current

    @property
    def busy(self) -> bool:
        return self._job.busy

    def shutdown(self) -> None:
        self._job.shutdown()

    @Slot()
    def next_difference(self) -> None:
        if self._changes:
            self.go_to(min(len(self._changes) - 1, self._current + 1))

    @Slot()
    def previous_difference(self) -> None:
        if self._changes:
            self.go_to(max(0, self._current - 1))

    def go_to(self, index: int) -> None:
        """Make difference ``index`` current: highlighted strongly and scrolled into view in both texts."""
        if not 0 <= index < len(self._changes):
            return
        self._current = index
        span = self._changes[index]
        self._syncing = True
        try:
            for view, positions, start, end in (
                (self.view_a, self._positions[0], span.a_start, span.a_end),
                (self.view_b, self._positions[1], span.b_start, span.b_end),
            ):
                caret = QTextCursor(view.document())
                caret.setPosition(positions.qt(start))
                view.setTextCursor(caret)
                view.centerCursor()
                cursor = QTextCursor(view.document())
                cursor.setPosition(positions.qt(start))
                cursor.setPosition(positions.qt(end), QTextCursor.MoveMode.KeepAnchor)
                selection = QTextEdit.ExtraSelection()
                selection.cursor = cursor
                fmt = QTextCharFormat()
                fmt.setBackground(tint(DIFFERENT, view, 0.45))
                fmt.setFontWeight(QFont.Weight.Bold)
                selection.format = fmt
                view.setExtraSelections([selection] if start != end else [])
        finally:
            self._syncing = False
        self._update_status()
        self.current_changed.emit(index)

    # ------------------------------------------------------------------------------------ computing

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._dirty:
            self._start()

    @property
    def too_long(self) -> bool:
        """The texts are too long to diff word by word here: the view says so instead."""
        return len(self._texts[0]) + len(self._texts[1]) > DIFF_LIMIT_CHARS

    @Slot()
    def cancel(self) -> None:
        """Stop waiting for the words' comparison (its answer is dropped); the texts stay on screen."""
        self._job.cancel()
        self._stopped = True
        self._update_status()

    def _start(self) -> None:
        self._dirty = False
        self._stopped = False
        if not self.too_long:  # first, so the worker runs while Qt lays the texts out (Qt lets go of Python's lock)
            self._job.submit(DiffRequest(self._texts[0], self._texts[1], self._segmenter))
        self.view_a.setPlainText(self._texts[0])
        self.view_b.setPlainText(self._texts[1])
        self._positions = (_Positions(self._texts[0]), _Positions(self._texts[1]))
        self._update_status()

    @Slot(int, object)
    def _on_diff_ready(self, _request: int, diff: TextDiff) -> None:
        self._diff = diff
        self._changes = diff.changes
        self._current = -1
        self._paint(diff)
        self._update_status()
        self.diff_ready.emit(diff)

    @Slot(bool)
    def _on_busy_changed(self, _busy: bool) -> None:
        self._update_status()

    @Slot(int, str)
    def _on_diff_failed(self, _request: int, message: str) -> None:
        self.status.setText(self.tr("Could not compare the words: {reason}").format(reason=message))

    def _paint(self, diff: TextDiff) -> None:
        """Apply the highlight formats to both documents in one edit block each."""
        formats = self._formats()
        for view, positions, side in ((self.view_a, self._positions[0], "a"), (self.view_b, self._positions[1], "b")):
            view.setExtraSelections([])
            document = view.document()
            cursor = QTextCursor(document)
            cursor.beginEditBlock()
            cursor.select(QTextCursor.SelectionType.Document)
            cursor.setCharFormat(QTextCharFormat())
            for span in self._changes:
                start, end = (span.a_start, span.a_end) if side == "a" else (span.b_start, span.b_end)
                if start == end:
                    continue
                cursor.setPosition(positions.qt(start))
                cursor.setPosition(positions.qt(end), QTextCursor.MoveMode.KeepAnchor)
                cursor.mergeCharFormat(formats[(span.tag, side)])
            cursor.endEditBlock()
            document.setModified(False)

    def _formats(self) -> dict[tuple[Tag, str], QTextCharFormat]:
        def make(colour: QColor, style: str) -> QTextCharFormat:
            fmt = QTextCharFormat()
            fmt.setBackground(tint(colour, self, 0.28))
            if style == "strike":
                fmt.setFontStrikeOut(True)
            elif style == "under":
                fmt.setFontUnderline(True)
            else:
                fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.DotLine)
                fmt.setUnderlineColor(colour.darker(130))
            return fmt

        replaced = make(QColor("#d4a017"), "dots")
        return {
            (Tag.REPLACE, "a"): replaced,
            (Tag.REPLACE, "b"): replaced,
            (Tag.DELETE, "a"): make(NEGATIVE, "strike"),
            (Tag.INSERT, "b"): make(GOOD, "under"),
        }

    def _update_status(self) -> None:
        self.cancel_button.setVisible(self._job.busy)
        if self._diff is None and self.too_long:
            self.status.setText(
                self.tr(
                    "Too long to mark the changed words here: {n} characters together, the limit is {limit}. "
                    "The fingerprints above are complete."
                ).format(n=f"{len(self._texts[0]) + len(self._texts[1]):,}", limit=f"{DIFF_LIMIT_CHARS:,}")
            )
        elif self._diff is None and self._stopped:
            self.status.setText(self.tr("Stopped: the changed words are not marked."))
        elif self._diff is None:
            self.status.setText(self.tr("Comparing words…") if (self._job.busy or self._dirty) else "")
        elif not self._changes:
            self.status.setText(self.tr("No differences in the words"))
        elif self._current < 0:
            self.status.setText(
                self.tr("1 difference")
                if len(self._changes) == 1
                else self.tr("{n} differences").format(n=len(self._changes))
            )
        else:
            self.status.setText(self.tr("Difference {i} of {n}").format(i=self._current + 1, n=len(self._changes)))
        has = bool(self._changes)
        self.previous_button.setEnabled(has and self._current > 0)
        self.next_button.setEnabled(has and self._current < len(self._changes) - 1)

    # ------------------------------------------------------------------------------------ scrolling

    @Slot(int)
    def _on_scrolled_a(self, _value: int) -> None:
        self._follow(self.view_a, self.view_b, from_a=True)

    @Slot(int)
    def _on_scrolled_b(self, _value: int) -> None:
        self._follow(self.view_b, self.view_a, from_a=False)

    def _follow(self, leader: QPlainTextEdit, follower: QPlainTextEdit, *, from_a: bool) -> None:
        """Scroll the other text so that the passage matching the leader's top line is at its top."""
        if self._syncing:
            return
        self._syncing = True
        try:
            top = leader.cursorForPosition(QPoint(0, 0)).position()
            source, target = (self._positions[0], self._positions[1]) if from_a else self._positions[::-1]
            if self._diff is not None:
                offset = source.python(top)
                mapped = self._diff.map_a_to_b(offset) if from_a else self._diff.map_b_to_a(offset)
                self._scroll_to(follower, target.qt(mapped))
            else:  # no diff yet: keep the same share of the way down
                bar, other = leader.verticalScrollBar(), follower.verticalScrollBar()
                if bar.maximum() > 0:
                    with QSignalBlocker(other):
                        other.setValue(round(bar.value() / bar.maximum() * other.maximum()))
        finally:
            self._syncing = False

    @staticmethod
    def _scroll_to(view: QPlainTextEdit, position: int) -> None:
        block = view.document().findBlock(position)
        if not block.isValid():
            return
        line = 0
        layout = block.layout()
        if layout is not None and layout.lineCount() > 0:
            line = layout.lineForTextPosition(position - block.position()).lineNumber()
            line = max(0, line)
        view.verticalScrollBar().setValue(block.firstLineNumber() + line)
