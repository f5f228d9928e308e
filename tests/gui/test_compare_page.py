"""The Compare page shows exactly what the core computes, for files, examples and every setting."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers.gui import change_settings, wait_settled
from helpers.texts import ZH_A, ZH_B
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QApplication

import simcompare
from simcompare import cli
from simcompare.core.defaults import default_k
from simcompare.core.explain.compare import compare_texts
from simcompare.gui.common.palette import MINUS
from simcompare.gui.compare.examples import EXAMPLES, TEACHING_HASHER
from simcompare.gui.compare.models import ValueRole
from simcompare.gui.compare.page import ComparePage


def shown_sums(page: ComparePage, side: str) -> list[float]:
    model = (page.table_a if side == "a" else page.table_b).model
    return [model.data(model.index(model.sum_row, c), ValueRole) for c in range(model.FIRST_BIT, model.columnCount())]


def shown_bits(page: ComparePage, side: str) -> str:
    model = (page.table_a if side == "a" else page.table_b).model
    return "".join(model.data(model.index(model.bit_row, c)) for c in range(model.FIRST_BIT, model.columnCount()))


def assert_every_view_shows(page: ComparePage, expected: simcompare.Comparison) -> None:
    """Token tables, bit grid, charts, hex and summary all show this comparison's numbers."""
    shown = page.comparison
    assert shown is not None
    assert shown.config.bits == expected.config.bits
    for side, mine, theirs in (("a", shown.a, expected.a), ("b", shown.b, expected.b)):
        fp, want = mine.fingerprint, theirs.fingerprint
        assert (fp.binary, fp.hex) == (want.binary, want.hex)
        assert shown_sums(page, side) == pytest.approx(list(want.sums))
        assert shown_bits(page, side) == want.binary
        table = page.table_a if side == "a" else page.table_b
        model = table.model
        assert model.columnCount() == model.FIRST_BIT + want.bits
        assert [model.data(model.index(r, 0)) for r in range(model.token_rows)] == [t.token for t in want.tokens]
        assert [model.data(model.index(r, 2), ValueRole) for r in range(model.token_rows)] == pytest.approx(
            [t.weight for t in want.tokens]
        )
    grid_rows = page.fingerprints.grid._rows
    assert [fp.binary for _, fp in grid_rows] == [expected.a.fingerprint.binary, expected.b.fingerprint.binary]
    assert page.fingerprints.hex_a.text() == expected.a.fingerprint.hex
    assert page.fingerprints.hex_b.text() == expected.b.fingerprint.hex
    assert page.fingerprints.chart_a.fingerprint.sums == expected.a.fingerprint.sums
    assert page.fingerprints.chart_b.fingerprint.sums == expected.b.fingerprint.sums
    assert page.summary.distance.text().startswith(f"{expected.distance} ")
    assert f"{expected.config.bits}" in page.summary.distance.text()
    assert page.summary.cosine.text() == f"{expected.yardsticks.cosine:.4f}"


def test_opening_two_files_shows_the_library_numbers(qtbot, page: ComparePage, two_files) -> None:
    a, b = two_files
    with qtbot.waitSignal(page.results_shown, timeout=30_000):
        assert page.load_files(str(a), str(b))
    wait_settled(qtbot, page)
    comparison = page.comparison
    fa, fb = simcompare.fingerprint(ZH_A), simcompare.fingerprint(ZH_B)
    assert comparison.a.fingerprint.binary == fa.binary and comparison.b.fingerprint.binary == fb.binary
    assert comparison.distance == simcompare.hamming(fa, fb)
    assert shown_sums(page, "a") == pytest.approx(list(fa.sums))
    assert shown_sums(page, "b") == pytest.approx(list(fb.sums))
    assert_every_view_shows(page, compare_texts(ZH_A, ZH_B))
    assert "utf-8" in page.pane_a.info.text()
    assert "gb18030" in page.pane_b.info.text()


def test_every_number_matches_compare_json(qtbot, page: ComparePage, two_files, capsys) -> None:
    a, b = two_files
    change_settings(page.settings, bits=32, weighting="tfidf")
    page.load_files(str(a), str(b))
    wait_settled(qtbot, page)
    assert cli.main(["compare", str(a), str(b), "--json", "--bits", "32", "--weighting", "tfidf"]) == 0
    data = json.loads(capsys.readouterr().out)
    shown = page.comparison
    assert data["settings"] == shown.config.describe() | {"k": shown.k}
    assert data["distance"] == shown.distance and data["near_duplicate"] == shown.near_duplicate
    assert data["differing_bits"] == list(shown.differing_bits)
    for key, side in (("a", "a"), ("b", "b")):
        assert data[key]["binary"] == shown_bits(page, side)
        assert data[key]["sums"] == pytest.approx(shown_sums(page, side))
    assert page.summary.cosine.text() == f"{data['yardsticks']['cosine']:.4f}"


@pytest.mark.parametrize(
    "change",
    [
        {"bits": 32},
        {"bits": 16, "hasher": "jenkins"},
        {"hasher": "sha1"},
        {"weighting": "tfidf"},
        {"weighting": "uniform", "top_k": 5},
        {"segmenter": "chars", "ngram": 2},
        {"stopwords": False},
        {"bits": 200, "hasher": "blake2b"},
    ],
    ids=lambda change: ",".join(f"{k}={v}" for k, v in change.items()),
)
def test_changing_a_setting_updates_every_view(qtbot, page: ComparePage, two_files, change) -> None:
    a, b = two_files
    page.load_files(str(a), str(b))
    wait_settled(qtbot, page)
    with qtbot.waitSignal(page.results_shown, timeout=30_000):
        change_settings(page.settings, **change)
    wait_settled(qtbot, page)
    config = page.settings.config()
    for key, value in change.items():
        if key == "top_k":
            assert config.top_k == value
        elif key != "hasher":
            assert str(getattr(config, key)) == str(value)
    assert page.settings.hasher_name() == change.get("hasher", "md5")
    assert_every_view_shows(page, compare_texts(ZH_A, ZH_B, config))


def test_a_new_width_resets_k_and_switches_from_a_hasher_too_narrow(qtbot, page: ComparePage) -> None:
    change_settings(page.settings, bits=32, hasher="jenkins")
    assert page.settings.hasher_name() == "jenkins"
    page.settings.bits.setEditText("64")  # typed by the user
    assert page.settings.bits_value == 64
    assert page.settings.hasher_name() == "md5"
    assert page.settings.k.value() == default_k(64)
    assert "jenkins" in page.settings.note.text()
    jenkins_row = page.settings.hasher.findData("jenkins")
    assert not page.settings._hasher_model.item(jenkins_row).isEnabled()
    page.settings.bits.setEditText("300")
    assert page.settings.hasher_name() == "blake2b"
    assert page.settings.k.maximum() == 299  # k < bits: k + 1 blocks of at least one bit


def test_six_bit_worked_example(qtbot, page: ComparePage) -> None:
    with qtbot.waitSignal(page.results_shown, timeout=30_000):
        page.load_example("six-bit")
    wait_settled(qtbot, page)
    fp = page.comparison.a.fingerprint
    assert fp.sums == (15, -7, -1, 3, 5, 15)
    assert fp.binary == "100111"
    assert shown_sums(page, "a") == [15, -7, -1, 3, 5, 15]
    assert shown_bits(page, "a") == "100111"
    model = page.table_a.model
    shown = [model.data(model.index(model.sum_row, c)) for c in range(model.FIRST_BIT, model.FIRST_BIT + 6)]
    assert shown == ["15", f"{MINUS}7", f"{MINUS}1", "3", "5", "15"]
    # The whole ±w matrix: token a (weight 5, code 100101) reads +5 −5 −5 +5 −5 +5.
    row = model.row_of("a")
    cells = [model.data(model.index(row, c)) for c in range(model.FIRST_BIT, model.FIRST_BIT + 6)]
    assert cells == ["+5", "−5", "−5", "+5", "−5", "+5"]
    assert model.data(model.index(row, model.CODE)) == "100101"  # the code column: the table's code for a
    assert [model.data(model.index(r, 1), ValueRole) for r in range(5)] == [5, 4, 3, 2, 1]
    assert page.settings.config().hash_function is TEACHING_HASHER
    # Text B: D weighs 6, and only bit 2 flips.
    assert page.comparison.differing_bits == (2,)
    assert "15, −7, −1, 3, 5, 15" in page.summary.info.text()
    assert "only bit 2 differs" in page.summary.info.text()


def test_the_six_bit_explanation_follows_the_bits_setting(qtbot, page: ComparePage) -> None:
    page.load_example("six-bit")
    wait_settled(qtbot, page)
    page.settings.bits.setEditText("4")
    qtbot.waitUntil(lambda: page.is_settled() and page.comparison.config.bits == 4, timeout=30_000)
    fp = page.comparison.a.fingerprint
    assert fp.sums == (15, -7, -1, 3)  # the table's codes cut to their first four bits
    info = page.summary.info.text()
    assert "15, −7, −1, 3 →" in info and "15, −7, −1, 3, 5, 15" not in info
    assert f"fingerprint {fp.binary}" in info


def test_a_fixed_lesson_disappears_when_its_settings_change(qtbot, page: ComparePage) -> None:
    page.load_example("en-edited")
    wait_settled(qtbot, page)
    assert "Three words changed" in page.summary.info.text()
    change_settings(page.settings, bits=8)
    qtbot.waitUntil(lambda: page.is_settled() and page.comparison.config.bits == 8, timeout=30_000)
    assert not page.summary.info.isVisibleTo(page)


@pytest.mark.parametrize(("text_a", "text_b"), [("", ""), ("", "hello world again and again"), ("the of", "")])
def test_texts_without_features_make_no_similarity_claim(qtbot, page: ComparePage, text_a, text_b) -> None:
    change_settings(page.settings, segmenter="words")
    page.pane_a.set_text(text_a, "A")
    page.pane_b.set_text(text_b, "B")
    page.recompute()
    qtbot.waitUntil(
        lambda: page.is_settled() and page.comparison is not None and page.pane_b.text() == text_b, timeout=30_000
    )
    assert page.comparison.similarity is None
    assert page.summary.distance.text() == "no features"
    assert page.summary.similarity.text() == "—"
    assert page.summary.jaccard.text() == "—" and page.summary.predicted.text() == "—"
    assert "%" not in page.summary.similarity.text()


@pytest.mark.parametrize("item", EXAMPLES, ids=lambda item: item.key)
def test_every_example_loads(qtbot, page: ComparePage, item) -> None:
    page.load_example(item.key)
    wait_settled(qtbot, page)
    text_a, text_b = item.texts()
    assert page.comparison == compare_texts(text_a, text_b, page.settings.config(), page.settings.decision())
    if item.key.endswith("identical") or item.key.endswith("reordered"):
        assert page.comparison.distance == 0
    if item.key.endswith("unrelated"):
        assert not page.comparison.near_duplicate


def test_leaving_the_teaching_example_restores_a_real_hasher(qtbot, page: ComparePage) -> None:
    page.load_example("six-bit")
    wait_settled(qtbot, page)
    page.load_example("en-edited")
    wait_settled(qtbot, page)
    assert page.settings.hasher_name() == "md5" and page.settings.bits_value == 64
    assert page.comparison.distance > 0


def test_typing_a_word_the_teaching_table_lacks_explains_the_failure(qtbot, page: ComparePage) -> None:
    page.load_example("six-bit")
    wait_settled(qtbot, page)
    with qtbot.waitSignal(page.computation_failed, timeout=30_000) as failure:
        page.pane_a.editor.appendPlainText("F")
    assert "'f'" in failure.args[0] and "table" in failure.args[0]
    assert "'f'" in page.summary.notices.text()


def test_a_dropped_file_loads(qtbot, page: ComparePage, two_files) -> None:
    a, _ = two_files
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(a))])
    viewport = page.pane_b.editor.viewport()
    args = (Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    # Drag events take an integer point, the drop a real one (the bindings of some releases accept both).
    enter, move = QDragEnterEvent(QPoint(10, 10), *args), QDragMoveEvent(QPoint(10, 10), *args)
    drop = QDropEvent(QPointF(10, 10), *args)
    QApplication.sendEvent(viewport, enter)
    QApplication.sendEvent(viewport, move)
    assert enter.isAccepted() and move.isAccepted()  # the pane offers to take the file
    with qtbot.waitSignal(page.pane_b.file_loaded) as loaded, qtbot.waitSignal(page.results_shown, timeout=30_000):
        QApplication.sendEvent(viewport, drop)
    assert loaded.args == [str(a)]
    assert drop.isAccepted()
    wait_settled(qtbot, page)
    assert page.pane_b.text() == ZH_A
    assert page.comparison.b.fingerprint == simcompare.fingerprint(ZH_A)


def test_gbk_and_html_files_load(qtbot, page: ComparePage, tmp_path: Path) -> None:
    gbk = tmp_path / "gbk.txt"
    gbk.write_bytes(ZH_B.encode("gbk"))
    html = tmp_path / "page.html"
    markup = (
        "<html><head><title>标题不算</title><style>p {color: red}</style></head>"
        f"<body><p>{ZH_A}</p><script>var secret = 1;</script></body></html>"
    )
    html.write_text(markup, encoding="utf-8")
    page.load_files(str(gbk), str(html))
    wait_settled(qtbot, page)
    assert page.pane_a.text() == ZH_B
    assert page.pane_a.document.encoding == "gb18030"
    assert "gb18030" in page.pane_a.info.text()
    assert page.pane_b.html_box.isChecked()
    assert "HTML" in page.pane_b.info.text()
    assert page.pane_b.editor.toPlainText() == markup  # the file as it is, shown as plain text
    tokens = {t.token for t in page.comparison.b.fingerprint.tokens}
    assert {"secret", "color", "标题"}.isdisjoint(tokens)
    assert page.comparison.b.fingerprint == simcompare.fingerprint(ZH_A)
    assert page.comparison.b.fingerprint == simcompare.fingerprint(markup, html=True)


@pytest.mark.parametrize("kind", ["binary", "missing", "folder"])
def test_an_unreadable_file_gives_a_message_and_keeps_both_panes(
    qtbot, page: ComparePage, two_files, tmp_path: Path, kind: str
) -> None:
    a, b = two_files
    page.load_files(str(a), str(b))
    wait_settled(qtbot, page)
    before = page.comparison
    bad = tmp_path / "bad.bin"
    if kind == "binary":
        bad.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))
    elif kind == "folder":
        bad.mkdir()
    with qtbot.waitSignal(page.pane_b.load_failed) as failed:
        assert not page.pane_b.load_file(str(bad))
    assert failed.args[0] == str(bad)
    assert "bad.bin" in failed.args[1]
    assert page.pane_b.error.isVisible() and page.pane_b.error.text() == failed.args[1]
    assert page.pane_b.text() == ZH_B and page.pane_a.text() == ZH_A
    assert page.pane_b.document is not None and page.pane_b.document.encoding == "gb18030"
    wait_settled(qtbot, page)
    assert page.comparison == before
    page.pane_b.editor.appendPlainText("更多")  # editing clears the message
    assert not page.pane_b.error.isVisible()


def test_swap_and_clear(qtbot, page: ComparePage, two_files) -> None:
    a, b = two_files
    page.load_files(str(a), str(b))
    wait_settled(qtbot, page)
    before = page.comparison
    page.swap()
    wait_settled(qtbot, page)
    assert page.pane_a.text() == ZH_B and page.pane_b.text() == ZH_A
    assert page.pane_a.document.encoding == "gb18030"
    assert page.comparison.a.fingerprint == before.b.fingerprint
    assert page.comparison.distance == before.distance
    page.clear()
    wait_settled(qtbot, page)
    assert page.pane_a.text() == "" and page.pane_b.text() == ""
    assert page.comparison.a.fingerprint.empty and page.comparison.b.fingerprint.empty
    assert not page.comparison.near_duplicate
    assert "Examples menu" in page.summary.info.text()  # a fresh start says what to do, without alarms
    assert not page.summary.notices.isVisibleTo(page)


def test_typing_recomputes_after_a_pause(qtbot, page: ComparePage) -> None:
    with qtbot.waitSignal(page.results_shown, timeout=30_000):
        qtbot.keyClicks(page.pane_a.editor, "hello world, hello")
        assert not page.is_settled()  # waiting for the pause: nothing computed per key
    wait_settled(qtbot, page)
    tokens = {t.token: t.count for t in page.comparison.a.fingerprint.tokens}
    assert tokens == {"hello": 2, "world": 1}
    assert page.comparison.a.few_features
    assert "only 2 distinct tokens" in page.summary.notices.text()
    assert "Text B has no features" in page.summary.notices.text()
    assert "nobody's near-duplicate" in page.summary.notices.text()
    assert "typed" in page.pane_a.info.text()


def test_a_loaded_file_keeps_its_exact_text_until_edited(qtbot, page: ComparePage, tmp_path: Path) -> None:
    crlf = tmp_path / "crlf.txt"
    crlf.write_bytes(b"first line\r\nsecond line\r\n")
    page.pane_a.load_file(str(crlf))
    assert page.pane_a.text() == "first line\r\nsecond line\r\n"
    page.pane_a.editor.appendPlainText("third")
    assert page.pane_a.text() == "first line\nsecond line\n\nthird"
    assert "edited" in page.pane_a.info.text()
    page.pane_a.editor.undo()  # back to the file as read: its exact text again, and no "edited"
    assert page.pane_a.text() == "first line\r\nsecond line\r\n"
    assert "edited" not in page.pane_a.info.text()
    assert page.pane_a.document is not None
    qtbot.keyClicks(page.pane_a.editor, "x")
    assert "edited" in page.pane_a.info.text()


def test_selecting_a_token_highlights_it_on_every_bit(qtbot, page: ComparePage, two_files) -> None:
    a, b = two_files
    page.load_files(str(a), str(b))
    wait_settled(qtbot, page)
    in_b = {t.token for t in page.comparison.b.fingerprint.tokens}
    row = next(r for r, t in enumerate(page.comparison.a.fingerprint.tokens) if t.token in in_b)
    token = page.table_a.model.token_at(row)
    with qtbot.waitSignal(page.table_a.token_selected) as selected:
        page.table_a.view.selectRow(row)
    assert selected.args == [token.token]
    assert page.fingerprints.chart_a.highlighted == token
    assert page.fingerprints.chart_b.highlighted.token == token.token  # the same word in B
    assert page.table_b.selected_token() == token.token
    only_a = next(r for r, t in enumerate(page.comparison.a.fingerprint.tokens) if t.token not in in_b)
    page.table_a.view.selectRow(only_a)
    assert page.fingerprints.chart_b.highlighted is None  # B lacks that word: nothing to show there
    assert page.table_b.selected_token() == ""
    page.table_a.view.clearSelection()
    assert page.fingerprints.chart_a.highlighted is None


def test_hovering_a_bit_explains_its_sum(qtbot, page: ComparePage) -> None:
    page.load_example("six-bit")
    wait_settled(qtbot, page)
    chart_tip = page.fingerprints.chart_a.tooltip_for(1)
    assert "−7" in chart_tip and "→ bit 0" in chart_tip
    assert "pushed up" in chart_tip and "pushed down" in chart_tip
    assert "e <span" in chart_tip  # e's code 111011 has bit 1 set: it pushes up
    grid_tip = page.fingerprints.grid.tooltip_for(2)
    assert "−1" in grid_tip and "+4" in grid_tip  # A's and B's sums of the differing bit
    chart = page.fingerprints.chart_a
    assert chart.bit_at(chart.width() - 12) == 5


def test_busy_indicator_and_timing(qtbot, main_window) -> None:
    page = main_window.compare_page
    with qtbot.waitSignal(page.busy_changed) as started:
        page.load_example("zh-edited")
    assert started.args == [True]
    assert main_window.busy_bar.isVisible()
    wait_settled(qtbot, page)
    assert not main_window.busy_bar.isVisible()
    assert "ms" in main_window.timing_label.text()


def test_differences_tab_shows_the_word_diff(qtbot, page: ComparePage) -> None:
    page.load_example("en-edited")
    wait_settled(qtbot, page)
    with qtbot.waitSignal(page.differences.diff_ready, timeout=30_000) as ready:
        page.show_results_tab(1)
    assert [page.pane_a.text()[s.a_start : s.a_end] for s in ready.args[0].changes] == [
        "plant beans",
        "Tuesdays",
        "hat",
    ]


def test_old_results_are_greyed_while_a_long_recompute_runs(qtbot, page: ComparePage) -> None:
    page.load_example("en-edited")
    wait_settled(qtbot, page)
    assert not page.results_greyed
    page._grey_timer.setInterval(0)  # grey at once rather than after GREY_AFTER_MS: no waiting on time
    big = " ".join(f"word{i % 5000} other{i % 777}" for i in range(100_000))
    page.pane_a.set_text(big, "big")
    qtbot.waitUntil(lambda: page.results_greyed, timeout=30_000)
    assert not page.results.isEnabled() and not page.summary.isEnabled()
    wait_settled(qtbot, page)
    assert not page.results_greyed and page.summary.isEnabled()
    assert page.comparison.a.features.counts["word1"] == 20


def test_close_fingerprints_of_different_texts_are_rejected_by_verification(qtbot, page: ComparePage) -> None:
    words = [f"word{i}" for i in range(40)]
    text_a = " ".join(words)
    text_b = " ".join(reversed(words))  # the same words, so the same weights: 0 bits apart
    change_settings(page.settings, segmenter="words")
    page.pane_a.set_text(text_a, "A")
    page.pane_b.set_text(text_b, "B")
    page.recompute()
    qtbot.waitUntil(lambda: page.is_settled() and page.comparison is not None and page.pane_b.text() == text_b)
    comparison = page.comparison
    assert comparison.distance == 0 and comparison.rejected_by_verification
    assert comparison.resemblance == compare_texts(text_a, text_b, comparison.config).resemblance < 0.45
    assert "not near-duplicates" in page.summary.verdict.text()
    assert f"word pairs {round(comparison.resemblance * 100)} %" in page.summary.verdict_caption.text()
    assert "apart, but only" in page.summary.notices.text() and "0 bit" in page.summary.notices.text()


def test_a_hidden_differences_tab_catches_up_when_shown(qtbot, page: ComparePage) -> None:
    """The word diff runs only for the tab on screen: edited while hidden, it shows the new texts when opened."""
    page.show_results_tab(0)
    page.pane_a.set_text("the cat sat on the mat")
    page.pane_b.set_text("the cat sat on the hat")
    page.recompute()
    wait_settled(qtbot, page)
    assert not page.differences.isVisible() and page.differences.diff is None  # nothing done while hidden
    with qtbot.waitSignal(page.differences.diff_ready, timeout=30_000) as ready:
        page.show_results_tab(1)
    assert [page.pane_b.text()[s.b_start : s.b_end] for s in ready.args[0].changes] == ["hat"]
    assert page.differences.view_b.toPlainText() == "the cat sat on the hat"

    page.show_results_tab(0)
    page.pane_b.set_text("a dog sat on the mat")
    page.recompute()
    wait_settled(qtbot, page)
    with qtbot.waitSignal(page.differences.diff_ready, timeout=30_000) as ready:
        page.show_results_tab(1)
    assert [page.pane_b.text()[s.b_start : s.b_end] for s in ready.args[0].changes] == ["a dog"]
    assert page.differences.view_b.toPlainText() == "a dog sat on the mat"


def test_the_open_differences_tab_follows_an_edit(qtbot, page: ComparePage) -> None:
    page.pane_a.set_text("one two three four")
    page.pane_b.set_text("one two three four")
    page.recompute()
    wait_settled(qtbot, page)
    with qtbot.waitSignal(page.differences.diff_ready, timeout=30_000):
        page.show_results_tab(1)
    with qtbot.waitSignal(page.differences.diff_ready, timeout=30_000) as ready:
        page.pane_b.set_text("one two five four")
        page.recompute()
    assert [page.pane_b.text()[s.b_start : s.b_end] for s in ready.args[0].changes] == ["five"]
    wait_settled(qtbot, page)  # the diff and the fingerprints run side by side: either may come first
    assert page.comparison is not None and page.comparison == compare_texts(
        "one two three four", "one two five four", page.settings.config()
    )


def test_the_first_comparison_waits_for_the_window_to_be_painted(qtbot, settings_file: Path) -> None:
    """Loading jieba must not hold up the window's first paint; what the user asks for still starts at once."""
    from PySide6.QtCore import QSettings

    from simcompare.gui.main_window import MainWindow

    window = MainWindow(QSettings(str(settings_file), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    page = window.compare_page
    QApplication.processEvents()  # a request scheduled at once would be submitted here
    assert page.comparison is None and not page.busy and not page.is_settled()
    with qtbot.waitSignal(page.results_shown, timeout=30_000):
        window.show()
    wait_settled(qtbot, page)
    assert page.comparison == compare_texts("", "", page.settings.config())


def test_a_request_before_the_first_paint_starts_at_once(qtbot, settings_file: Path) -> None:
    from PySide6.QtCore import QSettings

    from simcompare.gui.main_window import MainWindow

    window = MainWindow(QSettings(str(settings_file), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    page = window.compare_page
    with qtbot.waitSignal(page.results_shown, timeout=30_000):
        page.load_example("en-edited")
    wait_settled(qtbot, page)
    assert page.comparison == compare_texts(page.pane_a.text(), page.pane_b.text(), page.settings.config())


def test_the_steps_tab_catches_up_when_shown(qtbot, page: ComparePage) -> None:
    """While another tab is open the token tables, grid and charts wait; shown, they hold the newest result."""
    page.pane_a.set_text(ZH_A)
    page.pane_b.set_text(ZH_A)
    page.recompute()
    wait_settled(qtbot, page)
    with qtbot.waitSignal(page.differences.diff_ready, timeout=30_000):
        page.show_results_tab(1)
    with qtbot.waitSignal(page.results_shown, timeout=30_000):
        page.pane_b.set_text(ZH_B)
        page.recompute()
    wait_settled(qtbot, page)
    expected = compare_texts(ZH_A, ZH_B, page.settings.config())
    assert page.comparison == expected
    assert page.table_b.model.fingerprint != expected.b.fingerprint  # not filled while hidden
    page.show_results_tab(0)
    assert_every_view_shows(page, expected)


def test_exporting_a_chart_from_another_tab_exports_the_newest_result(qtbot, page: ComparePage) -> None:
    page.pane_a.set_text(ZH_A)
    page.pane_b.set_text(ZH_A)
    page.recompute()
    wait_settled(qtbot, page)
    page.show_results_tab(2)
    with qtbot.waitSignal(page.results_shown, timeout=30_000):
        page.pane_b.set_text(ZH_B)
        page.recompute()
    wait_settled(qtbot, page)
    chart = page.export_button.export_target("chart_b")
    assert chart.fingerprint.sums == compare_texts(ZH_A, ZH_B, page.settings.config()).b.fingerprint.sums


def test_new_texts_start_their_tables_at_the_heaviest_token(qtbot, main_window, tmp_path: Path) -> None:
    """A table scrolled down (by hand, or by Step by step) starts again at its first row when other texts come."""
    page = main_window.compare_page
    page.settings.restore_defaults()
    words = " ".join(f"word{n} " * (60 - n) for n in range(60))
    (tmp_path / "a.txt").write_text(words, encoding="utf-8")
    (tmp_path / "b.txt").write_text(words + " more", encoding="utf-8")
    main_window.resize(1024, 700)
    main_window.show()
    qtbot.waitExposed(main_window)
    with qtbot.waitSignal(page.results_shown, timeout=30_000):
        assert page.load_files(str(tmp_path / "a.txt"), str(tmp_path / "b.txt"))
    wait_settled(qtbot, page)
    bar = page.table_a.view.verticalScrollBar()
    assert bar.maximum() > 0, "the table holds too few rows to scroll: the test tests nothing"
    bar.setValue(bar.maximum())
    with qtbot.waitSignal(page.results_shown, timeout=30_000):
        assert page.load_files(str(tmp_path / "b.txt"), str(tmp_path / "a.txt"))
    wait_settled(qtbot, page)
    assert bar.value() == 0
