"""Step by step, on the ±w and sums steps: the tokens added one at a time, the sums built up as the core adds them."""

from __future__ import annotations

import pytest
from helpers.gui import change_settings, wait_settled

from simcompare.gui.compare.models import ValueRole
from simcompare.gui.compare.steps import Step
from simcompare.gui.main_window import MainWindow


def row_values(model, row: int) -> list[float]:
    return [model.data(model.index(row, model.FIRST_BIT + j), ValueRole) for j in range(model.bits)]


def test_adding_the_six_bit_examples_tokens_one_at_a_time(qtbot, main_window: MainWindow) -> None:
    main_window.example_actions["six-bit"].trigger()
    page = main_window.compare_page
    wait_settled(qtbot, page)
    guide = page.step_guide
    model_a, model_b = page.table_a.model, page.table_b.model
    guide.toggle.click()
    assert not guide.adding_row.isVisibleTo(page)  # only on the ±w and sums steps
    for _ in range(Step.SUMS):
        guide.next_button.click()
    assert guide.step is Step.SUMS and guide.adding_row.isVisibleTo(page)

    with qtbot.waitSignal(guide.tokens_added_changed) as added:
        guide.one_by_one.click()
    assert added.args == [0] and row_values(model_a, model_a.sum_row) == [0] * 6
    assert "none of the 5 tokens of A is added yet" in guide.sentence.text()
    # DESIGN.md §2's tokens heaviest first: a=5 100101, e=4 111011, c=3 100111, b=2 101011, d=1 101111.
    expected = [
        ([5, -5, -5, 5, -5, 5], [1, 0, 0, 1, 0, 1]),
        ([9, -1, -1, 1, -1, 9], [1, 0, 0, 1, 0, 1]),
        ([12, -4, -4, 4, 2, 12], [1, 0, 0, 1, 1, 1]),
        ([14, -6, -2, 2, 4, 14], [1, 0, 0, 1, 1, 1]),
        ([15, -7, -1, 3, 5, 15], [1, 0, 0, 1, 1, 1]),
    ]
    sentences = []
    for sums, bits in expected:
        guide.more_button.click()
        assert row_values(model_a, model_a.sum_row) == sums
        assert row_values(model_a, model_a.bit_row) == bits
        assert list(page.fingerprints.chart_a.shown_sums) == sums  # the chart's bars grow with them
        sentences.append(guide.sentence.text())
    assert list(page.comparison.a.fingerprint.sums) == expected[-1][0]  # all added: the fingerprint's own sums
    assert not guide.more_button.isEnabled()
    assert "1 of 5 tokens of A added; “a” adds +5, −5, −5, +5, −5, +5" in sentences[0]
    assert "V = 9, −1, −1, 1, −1, 9" in sentences[1] and "no bit flips" in sentences[1]
    assert "“c” adds +3, −3, −3, +3, +3, +3" in sentences[2] and "bit 4 flips to 1" in sentences[2]
    # Text B counts its own first tokens: d=6 101111 is its heaviest.
    guide.fewer_button.click()
    guide.fewer_button.click()
    guide.fewer_button.click()
    guide.fewer_button.click()
    assert row_values(model_a, model_a.sum_row) == expected[0][0]
    assert row_values(model_b, model_b.sum_row) == [6, -6, 6, 6, 6, 6]

    guide.previous_button.click()  # ±w: still adding
    assert guide.step is Step.SIGNED and guide.tokens_added == 1
    guide.previous_button.click()  # codes: every token counts again
    assert guide.tokens_added is None and not guide.adding_row.isVisibleTo(page)
    assert row_values(model_a, model_a.sum_row) == expected[-1][0]
    assert page.fingerprints.chart_b.shown_sums == page.comparison.b.fingerprint.sums


def test_play_adds_the_tokens_before_it_goes_on(qtbot, main_window: MainWindow) -> None:
    main_window.example_actions["six-bit"].trigger()
    page = main_window.compare_page
    wait_settled(qtbot, page)
    guide = page.step_guide
    guide.go_to(Step.SIGNED)
    guide.one_by_one.click()
    guide.play_button.click()
    guide.timer.setInterval(1)  # the pace is not what is tested: the order is
    seen: list[int] = []
    guide.tokens_added_changed.connect(seen.append)
    with qtbot.waitSignal(guide.step_changed, timeout=10_000) as moved:
        pass
    assert seen == [1, 2, 3, 4, 5]  # every token added, one at a time, before the next step
    assert moved.args == [Step.SUMS]
    with qtbot.waitSignal(guide.step_changed, timeout=10_000) as moved:
        pass
    assert moved.args == [Step.SIGNS] and seen[-1] == -1  # all were added: on to the signs, all counting
    guide.play_button.click()


def test_the_partial_sums_of_a_real_text(qtbot, main_window: MainWindow) -> None:
    """The Chinese edited example weighed by tf·idf (64 bits, real weights): after n tokens the sum row holds, for
    every bit, the n heaviest tokens' ±weights added up, and the bit row their signs."""
    main_window.example_actions["zh-edited"].trigger()
    page = main_window.compare_page
    change_settings(page.settings, weighting="tfidf")
    qtbot.waitUntil(lambda: page.is_settled() and page.comparison.config.weighting == "tfidf", timeout=30_000)
    guide, model = page.step_guide, page.table_a.model
    fp = page.comparison.a.fingerprint
    assert fp.bits == 64 and len(fp.tokens) > 20 and any(not float(t.weight).is_integer() for t in fp.tokens)
    guide.go_to(Step.SUMS)
    guide.one_by_one.click()
    for n in range(1, len(fp.tokens) + 1):
        guide.more_button.click()
        if n in (1, 2, 7, 20, len(fp.tokens)):
            codes = [fp.code_binary(t) for t in fp.tokens[:n]]
            by_hand = [
                sum(t.weight if code[j] == "1" else -t.weight for t, code in zip(fp.tokens[:n], codes, strict=True))
                for j in range(64)
            ]
            assert row_values(model, model.sum_row) == pytest.approx(by_hand, abs=1e-9)
            assert row_values(model, model.bit_row) == [int(v > 0) for v in row_values(model, model.sum_row)]
    assert tuple(row_values(model, model.sum_row)) == fp.sums  # all of them: the fingerprint's own sums
    assert "".join(str(b) for b in row_values(model, model.bit_row)) == fp.binary


def test_on_the_signed_step_only_the_added_tokens_are_lit(qtbot, main_window: MainWindow) -> None:
    """The ±w step lights its matrix; with tokens added one at a time the rows not added yet were lit too, so the
    selection's colour hid their greying: only the added rows are lit."""
    main_window.example_actions["six-bit"].trigger()
    page = main_window.compare_page
    wait_settled(qtbot, page)
    guide, view, model = page.step_guide, page.table_a.view, page.table_a.model

    def lit_rows() -> set[int]:
        return {index.row() for index in view.selectionModel().selectedIndexes()}

    guide.go_to(Step.SIGNED)
    assert lit_rows() == set(range(5))
    guide.one_by_one.click()
    assert lit_rows() == set()
    guide.more_button.click()
    guide.more_button.click()
    assert lit_rows() == {0, 1} and model.added == 2
    guide.fewer_button.click()
    assert lit_rows() == {0}
    guide.one_by_one.click()  # every token counts again: the whole matrix is lit
    assert lit_rows() == set(range(5))
