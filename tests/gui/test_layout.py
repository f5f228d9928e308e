"""At 1024x700, in English and in Chinese, no text of the Compare page is cut: every label and button shows
its whole text, every chart its title, and the token tables' numbers fit their cells."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.fit import clipped_texts
from helpers.gui import change_settings, wait_settled
from PySide6.QtCore import QSettings, Qt

from simcompare.gui.app import install_translations, settle_layouts
from simcompare.gui.compare.models import TokenTableModel
from simcompare.gui.compare.page import ComparePage
from simcompare.gui.main_window import MainWindow


@pytest.fixture(params=["en", "zh_CN"])
def language(request, qapp) -> Iterator[str]:
    install_translations(qapp, request.param)
    yield request.param
    install_translations(qapp, "en")


def _set_up(page: ComparePage, state: str) -> None:
    if state == "tfidf":
        page.load_example("zh-edited")
        change_settings(page.settings, weighting="tfidf", bits=16)
    elif state == "six-bit":
        page.load_example("six-bit")
    else:  # one text without features, one too short
        change_settings(page.settings, segmenter="words")
        page.pane_a.set_text("", "A")
        page.pane_b.set_text("hello world", "B")
        page.recompute()


def _cut_cells(table) -> list[str]:
    """Cells of a token table whose text is wider than their column."""
    model, view = table.model, table.view
    metrics = view.fontMetrics()
    cut = []
    for row in range(model.rowCount()):
        for column in range(model.columnCount()):
            text = str(model.data(model.index(row, column)) or "")
            if column == TokenTableModel.TOKEN and row < model.token_rows:
                continue  # a long token may scroll or widen by hand; numbers and captions may not be cut
            if metrics.horizontalAdvance(text) + 6 > view.columnWidth(column):
                cut.append(f"row {row} column {column}: {text!r} in {view.columnWidth(column)} px")
    return cut


@pytest.mark.parametrize("state", ["tfidf", "six-bit", "no-features"])
def test_nothing_is_cut_at_1024x700(qtbot, language: str, state: str, tmp_path: Path) -> None:
    window = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.resize(1024, 700)
    window.show()
    page = window.compare_page
    wait_settled(qtbot, page)
    _set_up(page, state)
    qtbot.waitUntil(lambda: page.is_settled() and page.comparison is not None, timeout=30_000)
    settle_layouts()
    assert window.width() == 1024 and window.height() == 700
    assert clipped_texts(page) == []
    for chart in (page.fingerprints.chart_a, page.fingerprints.chart_b):
        assert chart.title_fits(), chart.shown_title()
    for table in (page.table_a, page.table_b):
        assert _cut_cells(table) == []
    for view in (page.geometry_view, page.index_view, page.differences):
        page.show_results_tab(page.results.indexOf(view))
        settle_layouts()
        assert clipped_texts(page) == [], view
    if language == "zh_CN":
        assert page.table_a.model.data(page.table_a.model.index(page.table_a.model.bit_row, 0)) == "位：V > 0"
    assert page.summary.distance.text() and Qt.TextFormat.PlainText == page.summary.distance.textFormat()
