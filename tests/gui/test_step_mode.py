"""Step mode walks the ten steps of the six-bit example, each lit on screen and said with the core's numbers."""

from __future__ import annotations

from helpers.gui import wait_settled

from simcompare.gui.compare.page import ComparePage
from simcompare.gui.compare.steps import Step


def selected_columns(page: ComparePage, table) -> set[int]:
    return {index.column() for index in table.view.selectionModel().selectedIndexes()}


def selected_rows(page: ComparePage, table) -> set[int]:
    return {index.row() for index in table.view.selectionModel().selectedIndexes()}


def test_stepping_through_the_six_bit_example(qtbot, page: ComparePage) -> None:
    page.load_example("six-bit")
    wait_settled(qtbot, page)
    guide = page.step_guide
    model = page.table_a.model
    fp = page.comparison.a.fingerprint
    assert not guide.next_button.isVisibleTo(page)
    with qtbot.waitSignal(guide.step_changed) as changed:
        guide.toggle.click()
    assert changed.args == [Step.CLEAN]
    assert guide.cleaned.toPlainText() == "a a a a a b b c c c d e e e e"  # "A" → "a": normalisation shown
    assert page.lit_widgets() == [guide.cleaned]
    sentences = []
    expected_cells = {
        Step.TOKENS: ({model.TOKEN}, set(range(5))),
        Step.WEIGHTS: ({model.WEIGHT}, set(range(5))),
        Step.CODES: ({model.CODE}, set(range(5))),
        Step.SIGNED: (set(range(model.FIRST_BIT, model.FIRST_BIT + 6)), set(range(5))),
        Step.SUMS: (set(range(model.FIRST_BIT, model.FIRST_BIT + 6)), {model.sum_row}),
        Step.SIGNS: (set(range(model.FIRST_BIT, model.FIRST_BIT + 6)), {model.bit_row}),
    }
    for step in list(Step)[1:]:
        guide.next_button.click()
        assert guide.step is step
        sentences.append(guide.sentence.text())
        for table in (page.table_a, page.table_b):
            if step in expected_cells:
                assert (selected_columns(page, table), selected_rows(page, table)) == expected_cells[step]
            else:
                assert not table.view.selectionModel().selectedIndexes()
    assert not guide.next_button.isEnabled()
    text = dict(zip(list(Step)[1:], sentences, strict=True))
    assert "15 in all, 5 distinct" in text[Step.TOKENS] and "stop words are kept" in text[Step.TOKENS]
    assert "“a” the largest, 5" in text[Step.WEIGHTS]
    assert "“a” → 100101" in text[Step.CODES]
    assert "+5, −5, −5, +5, −5, +5" in text[Step.SIGNED]
    assert "V = 15, −7, −1, 3, 5, 15" in text[Step.SUMS] and fp.sums == (15, -7, -1, 3, 5, 15)
    assert "1, 0, 0, 1, 1, 1" in text[Step.SIGNS]
    assert "A = 100111 (hex 27), B = 101111 (hex 2f)" in text[Step.FINGERPRINT]
    assert "001000" in text[Step.XOR]
    assert "Hamming distance is 1 of 6 bits" in text[Step.DISTANCE]
    assert page.lit_widgets() == [page.summary.distance]
    guide.previous_button.click()
    assert guide.step is Step.XOR and page.lit_widgets() == [page.fingerprints.popcount, page.fingerprints.differing]
    assert page.fingerprints.grid.xor_lit
    guide.toggle.click()  # leaving step mode lights nothing and selects rows again
    assert guide.step is None and page.lit_widgets() == []
    assert not page.table_a.view.selectionModel().selectedIndexes()


def test_the_step_sentence_follows_new_numbers(qtbot, page: ComparePage) -> None:
    page.load_example("six-bit")
    wait_settled(qtbot, page)
    page.step_guide.go_to(Step.SUMS)
    page.settings.bits.setEditText("4")
    qtbot.waitUntil(lambda: page.is_settled() and page.comparison.config.bits == 4, timeout=30_000)
    assert "V = 15, −7, −1, 3." in page.step_guide.sentence.text()
    model = page.table_a.model
    assert {i.column() for i in page.table_a.view.selectionModel().selectedIndexes()} == set(
        range(model.FIRST_BIT, model.FIRST_BIT + 4)
    )
