"""The classroom fixes: the guide quotes the real defaults, plain labels, step mode's token choice, exports that
remember their folder, examples and Clear that ask, a language switch that keeps the lesson, the XOR row and
the SimHash-only verdict."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.gui import wait_settled
from PySide6.QtCore import Qt, QTranslator
from PySide6.QtWidgets import QTextBrowser

from simcompare.core import defaults
from simcompare.gui.app import WindowHost, build_window, install_translations
from simcompare.gui.common.i18n import current_language
from simcompare.gui.compare.examples import example
from simcompare.gui.compare.steps import Step
from simcompare.gui.main_window import MainWindow


def restore_catalogues(qapp, before: list[QTranslator]) -> None:
    """The catalogues as they were: English, or none at all (other tests read the untranslated sources)."""
    install_translations(qapp, "en")
    if not before:
        for translator in qapp.findChildren(QTranslator):
            qapp.removeTranslator(translator)
            translator.setParent(None)


def hosted_window(qtbot, qapp) -> tuple[MainWindow, WindowHost, list[QTranslator]]:  # type: ignore[no-untyped-def]
    """A window built as the app builds it, shown, with the host that builds it again on a change of language, and
    the catalogues installed before it (for ``restore_catalogues``)."""
    window = build_window(persist=False)
    qtbot.addWidget(window)
    host = WindowHost(window, persist=False)
    before = qapp.findChildren(QTranslator)
    window.show()
    return window, host, before


@pytest.fixture
def chinese(qapp) -> Iterator[None]:
    """The Chinese catalogues while the test runs; the catalogues as they were afterwards."""
    before = qapp.findChildren(QTranslator)
    install_translations(qapp, "zh_CN")
    assert current_language(qapp) == "zh_CN"
    yield
    restore_catalogues(qapp, before)


def guide_text(window: MainWindow) -> str:
    dialog = window.show_guide()
    text = dialog.findChild(QTextBrowser).toPlainText()
    dialog.close()
    return text


def assert_quotes_the_defaults(text: str) -> None:
    k = defaults.default_k(defaults.DEFAULT_BITS)
    assert f"k = {k}" in text
    assert f"{defaults.DEFAULT_BITS}" in text and defaults.DEFAULT_HASHER in text
    assert f" {defaults.DEFAULT_TOP_K} " in text
    assert f"{defaults.DEFAULT_MIN_RESEMBLANCE * 100:g} %" in text
    assert "{" not in text and "}" not in text  # every placeholder filled


def test_the_guide_quotes_the_real_defaults_in_english(qtbot, main_window: MainWindow) -> None:
    text = guide_text(main_window)
    assert_quotes_the_defaults(text)
    assert "word-pair check" in text
    assert "is 8" not in text


def test_the_guide_quotes_the_real_defaults_in_chinese(qtbot, chinese) -> None:
    window = MainWindow(persist=False)
    qtbot.addWidget(window)
    text = guide_text(window)
    assert_quotes_the_defaults(text)
    assert "词对核验" in text and "k = 8" not in text


def plain_labels(page) -> list[str]:
    page.load_example("six-bit")
    sources = [page.geometry_view.source.itemText(i) for i in range(page.geometry_view.source.count())]
    return [*sources, page.summary.info.text(), page.settings.weighting.itemData(1, Qt.ItemDataRole.ToolTipRole)]


def test_labels_speak_plainly_in_english(qtbot, page) -> None:
    labels = plain_labels(page)
    wait_settled(qtbot, page)
    assert "The articles' example: three hyperplanes" in labels
    assert any(text.startswith("The six-bit worked example:") for text in labels)
    assert any("English word gets the same median rarity" in text for text in labels)
    assert not [text for text in labels if "Seeds" in text or "DESIGN.md" in text]


def test_labels_speak_plainly_in_chinese(qtbot, chinese) -> None:
    window = MainWindow(persist=False)
    qtbot.addWidget(window)
    labels = plain_labels(window.compare_page)
    wait_settled(qtbot, window.compare_page)
    assert "论文中的示例：三个超平面" in labels
    assert any(text.startswith("六位演算示例") for text in labels)
    assert any("英文词都得到同一个中位稀有度" in text for text in labels)
    assert not [text for text in labels if "种子" in text or "DESIGN" in text]


def click_cell(qtbot, table, row: int, column: int) -> None:
    view = table.view
    index = table.model.index(row, column)
    view.scrollTo(index)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.visualRect(index).center())


def test_a_token_chosen_in_step_mode_shows_its_pull_on_every_bit(qtbot, page) -> None:
    page.load_example("six-bit")
    wait_settled(qtbot, page)
    page.step_guide.go_to(Step.SIGNED)
    assert page.fingerprints.chart_a.highlighted is None
    model = page.table_a.model
    row = model.row_of("c")
    click_cell(qtbot, page.table_a, row, model.FIRST_BIT + 2)
    for chart in (page.fingerprints.chart_a, page.fingerprints.chart_b):
        token = chart.highlighted
        assert token is not None and token.token == "c"
    assert page.table_a.selected_token() == "c"
    page.step_guide.next_button.click()  # the next step lights its own cells: a whole row is no token choice
    assert page.step_guide.step is Step.SUMS and page.table_a.selected_token() == ""


def export_action(page, key: str):
    return next(action for action in page.export_button.menu().actions() if action.data() == key)


def test_exports_start_in_the_last_export_folder(qtbot, page, tmp_path) -> None:
    wait_settled(qtbot, page)
    folder = tmp_path / "lesson"
    folder.mkdir()
    starts: list[str] = []

    def ask(_title: str, start: str, _pattern: str) -> str:
        starts.append(start)
        return str(folder / ("grid.png" if len(starts) == 1 else "trace.csv"))

    page.export_button.ask_save_path = ask
    with qtbot.waitSignal(page.message):
        export_action(page, "grid").trigger()
    assert (folder / "grid.png").stat().st_size > 0
    assert Path(starts[0]).parent != folder and Path(starts[0]).parent != Path.cwd()
    export_action(page, "trace").trigger()
    assert Path(starts[1]) == folder / "simcompare-trace.csv" and (folder / "trace.csv").is_file()
    # the next window starts there too: the folder is kept with the preferences
    page.window().close()
    again = MainWindow(page.export_button.settings)
    qtbot.addWidget(again)
    assert again.compare_page.export_button.start_folder() == str(folder)


def test_examples_and_clear_ask_before_replacing_typed_text(qtbot, main_window: MainWindow) -> None:
    page = main_window.compare_page
    questions: list[str] = []
    answer = [False]

    def ask(title: str, question: str) -> bool:
        questions.append(title)
        return answer[0]

    page.pane_a.ask = page.pane_b.ask = ask
    qtbot.keyClicks(page.pane_b.editor, "my own sentence")
    main_window.example_actions["en-edited"].trigger()
    main_window.clear_action.trigger()
    page.pane_b.clear_button.click()
    assert questions == ["Open an example", "Clear both texts", "Clear Text B"]
    assert page.pane_b.editor.toPlainText() == "my own sentence"  # every "No" kept it
    page.pane_a.clear_button.click()  # nothing typed in A: nothing to ask
    assert len(questions) == 3
    answer[0] = True
    main_window.example_actions["en-edited"].trigger()
    assert page.pane_b.source and page.pane_b.editor.toPlainText() != "my own sentence"
    main_window.clear_action.trigger()  # an example is no typed text: cleared without a question
    assert len(questions) == 4 and not page.pane_a.text() and not page.pane_b.text()
    qtbot.keyClicks(page.pane_a.editor, "typed again")
    page.pane_a.clear_button.click()
    assert questions[-1] == "Clear Text A" and not page.pane_a.text()


def test_a_language_switch_translates_the_captions_and_keeps_the_lesson(qtbot, qapp) -> None:
    window, host, before = hosted_window(qtbot, qapp)
    page = window.compare_page
    page.load_example("six-bit")
    wait_settled(qtbot, page)
    page.step_guide.go_to(Step.XOR)
    assert page.pane_a.info.text() == "Example: Six-bit worked example (table hasher) (A)"
    try:
        window.language_actions["zh_CN"].trigger()
        new = host.window
        qtbot.addWidget(new)
        assert new is not window
        page = new.compare_page
        wait_settled(qtbot, page)
        assert page.pane_a.info.text() == "示例：六位演算示例（查表哈希函数）（A）"
        assert page.pane_b.info.text() == "示例：六位演算示例（查表哈希函数）（B）"
        assert page.step_guide.step is Step.XOR and page.lit_widgets() == [
            page.fingerprints.popcount,
            page.fingerprints.differing,
        ]
        assert page.comparison.config.bits == 6 and page.comparison.a.fingerprint.binary == "100111"
        assert page.summary.info.text().startswith("六位演算示例")
    finally:
        restore_catalogues(qapp, before)


def xor_cell_colour(grid, j: int):
    per_line, cell = grid._geometry(grid.width())
    rect = grid._cell_rect(2, j, per_line, cell)  # row 2: under A and B
    return grid.grab().toImage().pixelColor(int(rect.left()) + 3, int(rect.top()) + 3)


def test_the_xor_row_has_a_one_where_the_fingerprints_differ(qtbot, page) -> None:
    page.load_example("six-bit")
    wait_settled(qtbot, page)
    grid, panel = page.fingerprints.grid, page.fingerprints
    assert grid.xor == "001000" and panel.popcount.text().endswith("= distance 1")
    assert xor_cell_colour(grid, 2) != xor_cell_colour(grid, 0)  # the one is marked as a differing bit
    page.load_example("en-edited")
    wait_settled(qtbot, page)
    comparison = page.comparison
    a, b = comparison.a.fingerprint.binary, comparison.b.fingerprint.binary
    assert grid.xor == "".join("1" if x != y else "0" for x, y in zip(a, b, strict=True))
    assert grid.xor.count("1") == comparison.distance > 0
    assert panel.popcount.text().endswith(f"= distance {comparison.distance}")
    assert f" {comparison.distance} one" in panel.popcount.text()


def test_step_by_step_lights_the_xor_row_and_its_count(qtbot, page) -> None:
    page.load_example("six-bit")
    wait_settled(qtbot, page)
    grid = page.fingerprints.grid
    page.step_guide.go_to(Step.FINGERPRINT)
    unlit = xor_cell_colour(grid, 0)
    assert not grid.xor_lit
    page.step_guide.next_button.click()
    assert page.step_guide.step is Step.XOR and grid.xor_lit and page.fingerprints.popcount in page.lit_widgets()
    assert xor_cell_colour(grid, 0) == unlit  # the cells keep their colours; the row's margin is tinted
    per_line, cell = grid._geometry(grid.width())
    rect = grid._cell_rect(2, 0, per_line, cell)
    image = grid.grab().toImage()
    assert image.pixelColor(2, int(rect.center().y())) != grid.palette().window().color()
    page.step_guide.next_button.click()
    assert not grid.xor_lit


def test_simhash_only_decides_by_the_distance_alone_and_says_so(qtbot, page) -> None:
    words = example("en-edited").texts()[0].split()
    page.pane_a.set_text(" ".join(words))
    page.pane_b.set_text(" ".join(reversed(words)))  # the same bag of words: distance 0, few word pairs shared
    wait_settled(qtbot, page)
    comparison = page.comparison
    assert comparison.distance <= comparison.k and comparison.rejected_by_verification
    assert page.summary.verdict.text() == "✘ not near-duplicates"
    assert "word pairs" in page.summary.verdict_caption.text()
    page.settings.simhash_only.click()
    qtbot.waitUntil(lambda: page.is_settled() and page.comparison.min_resemblance == 0, timeout=30_000)
    assert page.comparison.near_duplicate and page.summary.verdict.text() == "✔ near-duplicates"
    k = page.comparison.k
    assert page.summary.verdict_caption.text() == f"k = {k} · SimHash only"
    assert "word pairs are shared" not in page.summary.notices.text()
    page.settings.defaults_button.click()  # the defaults check word pairs again
    qtbot.waitUntil(lambda: page.is_settled() and page.comparison.min_resemblance > 0, timeout=30_000)
    assert not page.settings.simhash_only.isChecked() and not page.comparison.near_duplicate
