"""Examples → Edit the toy example…: typed tokens, weights and codes, and every step of the page following them."""

from __future__ import annotations

import json
import os
from pathlib import Path

from helpers.gui import wait_settled
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction

from simcompare.core.explain.toy import WORKED_EXAMPLE, ToyError, load_toy, toy_json
from simcompare.core.fingerprint.hashing import HASHERS
from simcompare.gui.app import WindowHost, build_window, install_translations
from simcompare.gui.compare.models import ValueRole
from simcompare.gui.compare.steps import Step
from simcompare.gui.compare.toy_editor import CODE, TOKEN, USED, WEIGHT
from simcompare.gui.compare.toy_messages import toy_error_text
from simcompare.gui.main_window import MainWindow


def toy_action(window: MainWindow) -> QAction:
    """The menu item, found in the Examples menu as a user finds it."""
    examples = next(a.menu() for a in window.menuBar().actions() if a.menu() and "xamples" in a.text())
    return next(a for a in examples.actions() if a.text() == "Edit the toy example…")


def sums(model) -> list[float]:
    return [model.data(model.index(model.sum_row, model.FIRST_BIT + j), ValueRole) for j in range(model.bits)]


def open_toy(qtbot, window: MainWindow):
    toy_action(window).trigger()
    page = window.compare_page
    qtbot.waitUntil(lambda: page.is_settled() and page.comparison is not None and page.toy.active is not None)
    wait_settled(qtbot, page)
    return page, page.toy.editor


def wait_for(qtbot, page, condition) -> None:
    qtbot.waitUntil(lambda: page.is_settled() and page.comparison is not None and condition(page.comparison))


def test_the_toy_example_starts_as_the_six_bit_worked_example(qtbot, main_window: MainWindow) -> None:
    page, editor = open_toy(qtbot, main_window)
    assert editor.isVisible() and editor.toy() == WORKED_EXAMPLE
    a = page.comparison.a.fingerprint
    assert a.sums == (15, -7, -1, 3, 5, 15) and a.binary == "100111"  # DESIGN.md §2
    assert sums(page.table_a.model) == [15, -7, -1, 3, 5, 15]
    assert page.comparison.b.fingerprint.binary == "101111" and page.comparison.distance == 1
    assert page.pane_a.text() == "A B C D E" and page.pane_a.editor.isReadOnly()
    assert page.settings.bits_value == 6 and not page.settings.bits.isEnabled()
    # the teaching views follow: Step by step's sums, the hyperplane separating A and B is bit 2's
    page.step_guide.go_to(Step.SUMS)
    assert "V = 15, −7, −1, 3, 5, 15" in page.step_guide.sentence.text()
    picture = page.planes.picture
    assert picture is not None and [line.bit for line in picture.lines if line.separates] == [2]


def test_every_edit_recomputes_everything_downstream(qtbot, main_window: MainWindow) -> None:
    page, editor = open_toy(qtbot, main_window)
    table = editor.table_a.table
    table.item(3, WEIGHT).setText("6")  # D weighs 6 in A too: the two texts are one
    wait_for(qtbot, page, lambda c: c.distance == 0)
    assert page.comparison.a.fingerprint.sums == (20, -12, 4, 8, 10, 20)
    assert page.fingerprints.popcount.text().endswith("= distance 0")

    editor.table_a.add_button.click()  # a token whose code the hasher gives
    assert table.item(5, TOKEN).text() == "t1" and not editor.problem.isVisibleTo(editor)  # valid at once
    table.item(5, TOKEN).setText("cat")
    table.item(5, WEIGHT).setText("2.5")
    wait_for(qtbot, page, lambda c: len(c.a.fingerprint.tokens) == 6)
    md5 = format(HASHERS["md5"].code("cat", 6), "06b")
    assert table.item(5, USED).text() == md5 and table.item(5, USED).font().italic()
    expected = [s + (2.5 if bit == "1" else -2.5) for s, bit in zip((20, -12, 4, 8, 10, 20), md5, strict=True)]
    assert list(page.comparison.a.fingerprint.sums) == expected
    assert page.pane_a.text() == "A B C D E cat"

    editor.hasher.setCurrentIndex(editor.hasher.findData("sha1"))  # another hasher: another code for "cat"
    sha1 = format(HASHERS["sha1"].code("cat", 6), "06b")
    wait_for(qtbot, page, lambda c: c.a.fingerprint.code_binary(c.a.fingerprint.tokens[3]) == sha1)

    editor.table_a.remove_button.click()  # the selected row, "cat"
    wait_for(qtbot, page, lambda c: len(c.a.fingerprint.tokens) == 5)
    editor.bits.setValue(7)  # the typed codes no longer have f digits: named, and nothing applied
    assert "text A, row 1: the code of “A” must be 7 digits 0 or 1" in editor.problem.text()
    assert editor.problem.isVisibleTo(editor) and page.comparison.config.bits == 6
    editor.bits.setValue(6)
    assert not editor.problem.isVisibleTo(editor)


def test_a_mistake_is_named_and_the_page_keeps_the_last_valid_toy(qtbot, main_window: MainWindow) -> None:
    page, editor = open_toy(qtbot, main_window)
    table = editor.table_b.table
    for text, message in (
        ("10a011", "text B, row 2: the code of “B” must be 6 digits 0 or 1"),
        ("111111", "“B” has the code 101011 in text A and 111111 in text B"),
    ):
        table.item(1, CODE).setText(text)
        assert message in editor.problem.text()
        assert table.item(1, TOKEN).background().style() != Qt.BrushStyle.NoBrush  # the row is marked
        assert table.item(0, TOKEN).background().style() == Qt.BrushStyle.NoBrush
    table.item(1, CODE).setText("")  # empty: the code typed in A holds in B too
    assert not editor.problem.isVisibleTo(editor)
    assert table.item(1, TOKEN).background().style() == Qt.BrushStyle.NoBrush
    table.item(0, WEIGHT).setText("heavy")
    assert "text B, row 1: the weight of “A” must be a number, got 'heavy'" in editor.problem.text()
    table.item(0, WEIGHT).setText("5")
    wait_settled(qtbot, page)
    assert page.comparison.b.fingerprint.binary == "101111"


def test_saved_and_opened_as_json(qtbot, main_window: MainWindow, tmp_path: Path) -> None:
    page, editor = open_toy(qtbot, main_window)
    editor.table_a.table.item(0, WEIGHT).setText("45.11")
    wait_for(qtbot, page, lambda c: c.a.fingerprint.tokens[0].weight == 45.11)
    path = tmp_path / "toy.json"
    editor.ask_save_path = lambda title, start, pattern: str(path)
    editor.save_button.click()
    saved = load_toy(path.read_bytes())
    assert saved == editor.toy() and saved.a[0].weight == 45.11

    editor.worked_button.click()
    wait_for(qtbot, page, lambda c: c.a.fingerprint.sums == (15, -7, -1, 3, 5, 15))
    editor.ask_open_path = lambda title, start, pattern: str(path)
    editor.open_button.click()
    wait_for(qtbot, page, lambda c: c.a.fingerprint.tokens[0].weight == 45.11)
    assert editor.toy() == saved


def test_a_hostile_file_is_refused_with_its_reason_and_markup_stays_text(
    qtbot, main_window: MainWindow, tmp_path: Path
) -> None:
    page, editor = open_toy(qtbot, main_window)
    bad = tmp_path / "bad.json"
    data = json.loads(toy_json(WORKED_EXAMPLE))
    data["bits"] = 600
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert not editor.open_file(str(bad))
    assert editor.problem.text() == "bad.json was not opened: the width f must be a whole number from 1 to 64, got 600"
    assert editor.toy() == WORKED_EXAMPLE  # the tables are as they were
    bad.write_bytes(b"\x00" * 300_000)
    assert not editor.open_file(str(bad)) and "at most 256 KB" in editor.problem.text()
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)  # chosen in the dialog: opened without waiting for a writer, and refused
    assert not editor.open_file(str(fifo)) and "pipe.json was not opened" in editor.problem.text()
    assert not editor.open_file(str(tmp_path)) and editor.toy() == WORKED_EXAMPLE

    markup = tmp_path / "markup.json"
    data = json.loads(toy_json(WORKED_EXAMPLE))
    data["a"][0]["token"] = "<b>bold</b>"
    markup.write_text(json.dumps(data), encoding="utf-8")
    assert editor.open_file(str(markup))
    wait_for(qtbot, page, lambda c: c.a.fingerprint.tokens[0].token == "<b>bold</b>")
    assert editor.table_a.table.item(0, TOKEN).text() == "<b>bold</b>"
    assert page.pane_a.editor.toPlainText().startswith("<b>bold</b> B")
    assert page.table_a.model.data(page.table_a.model.index(0, 0)) == "<b>bold</b>"


def test_typed_text_is_never_replaced_without_asking(qtbot, main_window: MainWindow) -> None:
    page = main_window.compare_page
    page.pane_a.editor.setPlainText("my own words")
    questions = []
    page.pane_a.ask = lambda title, question: questions.append(question) or False
    toy_action(main_window).trigger()
    assert questions and page.toy.active is None and page.pane_a.text() == "my own words"
    page.pane_a.ask = lambda title, question: True
    toy_action(main_window).trigger()
    qtbot.waitUntil(lambda: page.toy.active is not None)
    assert page.pane_a.text() == "A B C D E"


def test_leaving_the_toy_gives_the_settings_back_and_swap_swaps_it(qtbot, main_window: MainWindow) -> None:
    page = main_window.compare_page
    before = page.settings.config()
    page, editor = open_toy(qtbot, main_window)
    page.swap_button.click()
    wait_for(qtbot, page, lambda c: c.a.fingerprint.binary == "101111")
    assert editor.toy() == WORKED_EXAMPLE.swapped() and page.toy.active == WORKED_EXAMPLE.swapped()
    page.pane_a.clear_button.click()
    wait_settled(qtbot, page)
    assert page.toy.active is None and page.settings.config() == before and page.settings.bits.isEnabled()
    assert not page.pane_b.editor.isReadOnly()
    editor.table_a.table.item(0, WEIGHT).setText("4")  # an edit in the editor puts the toy back (nothing typed)
    wait_for(qtbot, page, lambda c: c.config.bits == 6)
    assert page.toy.active is not None
    assert {t.token: t.weight for t in page.comparison.a.fingerprint.tokens}["A"] == 4


def test_a_language_switch_keeps_the_toy_example(qtbot, qapp) -> None:
    window = build_window(persist=False)
    qtbot.addWidget(window)
    host = WindowHost(window, persist=False)
    window.show()
    page, editor = open_toy(qtbot, window)
    before = page.settings.user_settings()
    editor.table_a.table.item(3, WEIGHT).setText("6")
    wait_for(qtbot, page, lambda c: c.distance == 0)
    page.settings.k.setValue(2)
    window.language_actions["zh_CN"].trigger()
    new = host.window
    qtbot.addWidget(new)
    page = new.compare_page
    wait_for(qtbot, page, lambda c: c.config.bits == 6)
    assert page.toy.active is not None and page.comparison.distance == 0 and page.comparison.k == 2
    assert page.pane_a.info.text() == "玩具示例（A）"
    assert page.toy.editor.toy() == page.toy.active  # the editor, opened again, holds it
    assert page.settings.user_settings() == before  # what comes back when the toy leaves
    new.close()


def test_every_problem_has_words_in_both_languages(qapp) -> None:
    """No toy problem falls back to the core's English: each has its sentence, translated for Chinese."""
    from simcompare.core.explain.toy import ToyProblem
    from simcompare.gui.compare import toy_messages

    assert set(toy_messages._WORDS) == set(ToyProblem)
    error = ToyError(ToyProblem.CODE, "English", side="B", row=2, token="x", bits=6, got="'1'")
    assert (
        toy_error_text(error)
        == "text B, row 2: the code of “x” must be 6 digits 0 or 1 (or empty for the hasher's), got '1'"
    )
    install_translations(qapp, "zh_CN")
    assert toy_error_text(error) == "文本 B 第 2 行：“x”的编码必须是 6 个 0 或 1（留空则用哈希函数的编码），实际是 '1'"


def test_step_by_step_and_the_handout_say_the_toy_was_typed(qtbot, main_window: MainWindow) -> None:
    from simcompare.gui.compare.handout import lesson_pages

    page, _editor = open_toy(qtbot, main_window)
    guide = page.step_guide
    sentences = {}
    for step in (Step.CLEAN, Step.TOKENS, Step.WEIGHTS, Step.CODES):
        guide.go_to(step)
        sentences[step] = guide.sentence.text()
    assert "a toy example is not cleaned" in sentences[Step.CLEAN]
    assert guide.cleaned.toPlainText() == "A B C D E"
    assert "A has 5 tokens, typed in the toy editor" in sentences[Step.TOKENS]
    assert "Weights (typed): each token has the weight typed for it, “A” the largest, 5." in sentences[Step.WEIGHTS]
    assert "“A” → 100101" in sentences[Step.CODES]
    assert not any("uniform" in text or "stop words" in text for text in sentences.values())
    pages = lesson_pages(page.comparison, ("A", "B"))
    assert "weighting typed (a toy example)" in pages[0]


def test_the_folder_page_never_scans_with_the_toys_table(qtbot, main_window: MainWindow) -> None:
    before = main_window.folder_page.config
    page, _editor = open_toy(qtbot, main_window)
    page.settings.k.setValue(2)  # a change of the panel's k while the toy is on the page
    page.settings.restore_defaults()
    assert page.comparison.config.bits == 6 and page.settings.k.value() == 1
    assert main_window.folder_page.config == before and main_window.folder_page.config.hasher == before.hasher


def test_opening_the_bundled_worked_example_reproduces_it(qtbot, main_window: MainWindow) -> None:
    from simcompare.core.resources import resource

    page, editor = open_toy(qtbot, main_window)
    editor.table_a.table.item(0, WEIGHT).setText("1")
    wait_for(qtbot, page, lambda c: c.a.fingerprint.sums != (15, -7, -1, 3, 5, 15))
    assert editor.open_file(str(resource("examples", "six-bit-toy.json")))
    wait_for(qtbot, page, lambda c: c.a.fingerprint.sums == (15, -7, -1, 3, 5, 15))
    assert page.comparison.a.fingerprint.binary == "100111" and page.comparison.b.fingerprint.binary == "101111"
    assert sums(page.table_a.model) == [15, -7, -1, 3, 5, 15]


def test_the_status_bar_says_the_toy_example_is_on_the_page(qtbot, main_window: MainWindow) -> None:
    main_window.example_actions["zh-unrelated"].trigger()
    wait_settled(qtbot, main_window.compare_page)
    assert main_window.statusBar().currentMessage() == "Chinese: unrelated"
    open_toy(qtbot, main_window)
    assert main_window.statusBar().currentMessage() == "Toy example"  # not the example it replaced
