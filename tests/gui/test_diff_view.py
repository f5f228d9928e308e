"""The Differences view: word diff highlighted in place, next/previous, scrolling together."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCharFormat, QTextCursor

from simcompare.core.explain.diff import Tag
from simcompare.gui.common.diff_view import DifferencesView

A = "今天天气很好，我们去公园散步吧。\r\n明天我们去上海看望朋友，顺便参观博物馆。"
B = "今天天气不错，我们去公园散步吧。\r\n明天我们去北京看望朋友，顺便参观博物馆和美术馆。"


@pytest.fixture
def view(qtbot) -> Iterator[DifferencesView]:
    widget = DifferencesView()
    qtbot.addWidget(widget)
    widget.resize(900, 500)
    yield widget
    widget.shutdown()


def marked(view_widget) -> list[str]:
    """The text of each extra selection (the current difference's strong highlight)."""
    selections = view_widget.extraSelections()
    return [QTextCursor(selection.cursor).selectedText() for selection in selections]


def format_at(view_widget, position: int):
    cursor = QTextCursor(view_widget.document())
    cursor.setPosition(position + 1)  # the format of the character before the cursor
    return cursor.charFormat()


def test_hidden_view_computes_nothing_until_shown(qtbot, view: DifferencesView) -> None:
    view.set_texts(A, B)
    assert view.diff is None and not view.busy
    with qtbot.waitSignal(view.diff_ready, timeout=30_000) as ready:
        view.show()
    diff = ready.args[0]
    shown_a, shown_b = view.view_a.toPlainText(), view.view_b.toPlainText()
    assert shown_a == A.replace("\r\n", "\n")
    changes = [(s.tag, shown_a[s.a_start : s.a_end], shown_b[s.b_start : s.b_end]) for s in diff.changes]
    assert changes == [
        (Tag.REPLACE, "很好", "不错"),
        (Tag.REPLACE, "上海", "北京"),
        (Tag.INSERT, "", "和美术馆"),
    ]
    assert "3 differences" in view.status.text()
    # Highlights are char formats on the documents; equal words keep the default format.
    first = diff.changes[0]
    assert format_at(view.view_a, first.a_start).background().style() != Qt.BrushStyle.NoBrush
    assert format_at(view.view_b, first.b_start).underlineStyle() == QTextCharFormat.UnderlineStyle.DotLine
    assert "dotted underline: replaced" in view.legend.text()  # the legend names what is drawn
    assert format_at(view.view_a, 0).background().style() == Qt.BrushStyle.NoBrush
    inserted = diff.changes[2]
    assert format_at(view.view_b, inserted.b_start).fontUnderline()


def test_next_and_previous_step_through_the_differences(qtbot, view: DifferencesView) -> None:
    view.show()
    with qtbot.waitSignal(view.diff_ready, timeout=30_000):
        view.set_texts(A, B)
    assert not view.previous_button.isEnabled() and view.next_button.isEnabled()
    with qtbot.waitSignal(view.current_changed) as changed:
        view.next_button.click()
    assert changed.args == [0] and view.current == 0
    assert "1 of 3" in view.status.text()
    assert marked(view.view_a) == ["很好"] and marked(view.view_b) == ["不错"]
    view.next_difference()
    view.next_difference()
    assert view.current == 2 and not view.next_button.isEnabled()
    view.next_difference()  # already at the last one
    assert view.current == 2
    assert marked(view.view_a) == []  # an insertion has nothing to mark in A
    assert marked(view.view_b) == ["和美术馆"]
    view.previous_button.click()
    assert view.current == 1


def test_scrolling_one_text_scrolls_the_other(qtbot, view: DifferencesView) -> None:
    paragraphs = [f"第{i}段：今天天气很好，我们去公园散步吧。明天我们去上海看望朋友。" for i in range(200)]
    text_a = "\n".join(paragraphs)
    text_b = "\n".join(["插入的一段新内容。"] * 40 + paragraphs)  # B has 40 extra lines at the top
    view.show()
    with qtbot.waitSignal(view.diff_ready, timeout=30_000):
        view.set_texts(text_a, text_b)
    bar_a, bar_b = view.view_a.verticalScrollBar(), view.view_b.verticalScrollBar()
    bar_a.setValue(100)
    top_a = view.view_a.cursorForPosition(view.view_a.viewport().rect().topLeft()).block().text()
    top_b = view.view_b.cursorForPosition(view.view_b.viewport().rect().topLeft()).block().text()
    assert top_a == top_b  # the same paragraph at the top of both
    assert bar_b.value() > bar_a.value()
    bar_b.setValue(60)
    assert bar_a.value() == bar_b.value() - 40


def test_identical_texts_have_no_differences(qtbot, view: DifferencesView) -> None:
    view.show()
    with qtbot.waitSignal(view.diff_ready, timeout=30_000):
        view.set_texts("Same words here.", "same  words\nhere.")
    assert view.diff.changes == ()
    assert "No differences" in view.status.text()
    assert not view.next_button.isEnabled()


def test_characters_beyond_the_basic_plane_keep_highlights_aligned(qtbot, view: DifferencesView) -> None:
    view.show()
    with qtbot.waitSignal(view.diff_ready, timeout=30_000):
        view.set_texts("😀 emoji 𠀀 then alpha", "😀 emoji 𠀀 then beta")
    view.next_difference()
    assert marked(view.view_a) == ["alpha"] and marked(view.view_b) == ["beta"]


def test_texts_beyond_the_limit_are_shown_with_a_notice_and_not_diffed(qtbot, view: DifferencesView) -> None:
    from simcompare.gui.common.diff_view import DIFF_LIMIT_CHARS

    long_a = "word " * (DIFF_LIMIT_CHARS // 8)
    long_b = long_a + "more " * (DIFF_LIMIT_CHARS // 8)
    view.show()
    view.set_texts(long_a, long_b, segmenter="words")
    assert view.too_long
    assert not view.busy  # no work started that could run for minutes
    assert "Too long" in view.status.text() and f"{DIFF_LIMIT_CHARS:,}" in view.status.text()
    assert view.view_b.toPlainText() == long_b  # the texts are still there to read
    view.set_texts(A, B)  # short texts again: diffed as usual
    with qtbot.waitSignal(view.diff_ready, timeout=30_000):
        pass


def test_stop_drops_the_running_comparison(qtbot, view: DifferencesView) -> None:
    view.show()
    view.set_texts(A, B)
    assert view.busy and view.cancel_button.isVisibleTo(view)
    view.cancel()
    assert not view.busy and not view.cancel_button.isVisibleTo(view)
    assert view.diff is None and "Stopped" in view.status.text()
