"""Counts agree with their nouns in the window (issue 26): Qt's plural forms where tr() takes the count,
in English and Chinese."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from helpers.gui import wait_settled
from PySide6.QtCore import QLocale, QTranslator

from simcompare.core.explain.compare import compare_texts
from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder.scan import FileRecord, ScanOptions, ScanResult
from simcompare.gui.app import install_translations
from simcompare.gui.common.i18n import LANGUAGE_PROPERTY, TRANSLATOR_NAME
from simcompare.gui.compare.page import ComparePage
from simcompare.gui.compare.steps import Step, step_sentence
from simcompare.gui.folder.progress import GroupsSummary


def _stats(qtbot, page: ComparePage, a: str, b: str) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    page.pane_a.set_text(a)
    page.pane_b.set_text(b)
    wait_settled(qtbot, page)
    return page.pane_a.stats.text(), page.pane_b.stats.text()


@pytest.fixture
def catalogues(qapp) -> Iterator[None]:  # type: ignore[no-untyped-def]
    """Lets a test install catalogues, and puts back whatever was installed before (often none: source texts)."""
    before = [t for t in qapp.findChildren(QTranslator) if t.objectName() == TRANSLATOR_NAME]
    language = qapp.property(LANGUAGE_PROPERTY)
    yield
    if before:
        install_translations(qapp, language)
        return
    for translator in qapp.findChildren(QTranslator):
        if translator.objectName() == TRANSLATOR_NAME:
            qapp.removeTranslator(translator)
            translator.setParent(None)
    qapp.setProperty(LANGUAGE_PROPERTY, language)


def test_one_token_and_many_tokens(qtbot, qapp, catalogues, page: ComparePage) -> None:  # type: ignore[no-untyped-def]
    install_translations(qapp, "en")
    one, many = _stats(qtbot, page, "river", "river mill bread")
    assert one.startswith("1 token · ") and many.startswith("3 tokens · "), (one, many)
    install_translations(qapp, "zh_CN")
    page.pane_a.set_text("river mill")  # new numbers, in the language now installed
    wait_settled(qtbot, page)
    assert page.pane_a.stats.text().startswith("2 个词元")


def test_the_step_sentences_say_one_token_and_one_differing_bit() -> None:
    config = Config(bits=3, hasher={"x": "100", "y": "101", "z": "011"}, segmenter="words")
    one = compare_texts("x", "y", config)
    assert one.distance == 1
    assert "cut into 1 token once" in step_sentence(Step.TOKENS, one)
    assert "the XOR has one 1, so the Hamming distance is 1 of 3 bits" in step_sentence(Step.DISTANCE, one)
    two = compare_texts("x x", "z", config)
    assert two.distance == 3
    assert "cut into 2 tokens (1 distinct)" in step_sentence(Step.TOKENS, two)
    assert "the XOR has 3 ones, so the Hamming distance is 3 of 3 bits" in step_sentence(Step.DISTANCE, two)
    # Stop words kept (the six-bit example: "a" is one): the sentence does not say they were dropped.
    kept = compare_texts(
        "a a b", "c", Config(bits=3, hasher={"a": "100", "b": "101", "c": "011"}, stopwords=False, segmenter="words")
    )
    sentence = step_sentence(Step.TOKENS, kept)
    assert "stop words are kept), A is cut into tokens: 3 in all, 2 distinct" in sentence
    assert "stop words and punctuation are dropped" not in sentence


def test_the_distance_histogram_counts_one_pair_and_many(qtbot, qapp, catalogues) -> None:  # type: ignore[no-untyped-def]
    from simcompare.core.search.histogram import DistanceHistogram
    from simcompare.gui.folder.histogram_view import DistanceHistogramView

    install_translations(qapp, "en")
    view = DistanceHistogramView()
    qtbot.addWidget(view)
    view.set_k(3)
    view.set_histogram(DistanceHistogram((0, 1, 0, 0, 0, 0, 0, 0, 0), 1, False))
    assert "(1 pair in all, log scale). 1 pair within k = 3." in view.toolTip(), view.toolTip()
    view.set_histogram(DistanceHistogram((0, 2, 1, 0, 5, 0, 0, 0, 0), 8, True))
    assert "(a random sample of 8 pairs, log scale). 3 pairs within k = 3." in view.toolTip(), view.toolTip()
    install_translations(qapp, "zh_CN")
    view.set_histogram(DistanceHistogram((0, 1, 0, 0, 0, 0, 0, 0, 0), 1, False))
    assert "全部 1 对" in view.toolTip() and "有 1 对在 k = 3 以内" in view.toolTip(), view.toolTip()


def test_an_empty_histogram_says_whether_a_scan_ran(qtbot, qapp, catalogues) -> None:  # type: ignore[no-untyped-def]
    from simcompare.core.search.histogram import DistanceHistogram
    from simcompare.gui.folder.histogram_view import DistanceHistogramView

    install_translations(qapp, "en")
    view = DistanceHistogramView()
    qtbot.addWidget(view)
    assert view.empty_text() == "No scan yet"
    view.set_histogram(DistanceHistogram((0,) * 65, 0, False))  # a scan of an empty folder, or of one file
    assert view.empty_text() == "No pairs: fewer than two files with text"


def test_parts_of_a_sentence_take_the_languages_comma(qapp, catalogues) -> None:  # type: ignore[no-untyped-def]
    from simcompare.gui.common.plain import join_clauses

    install_translations(qapp, "en")
    assert join_clauses("2 groups", "", "5 files in groups") == "2 groups, 5 files in groups"
    install_translations(qapp, "zh_CN")
    assert join_clauses("2 个组", "组内共 5 个文件") == "2 个组，组内共 5 个文件"


def test_the_six_bit_verdict_says_the_rule_that_decided_it(qtbot, qapp, catalogues, main_window) -> None:  # type: ignore[no-untyped-def]
    from dataclasses import replace

    install_translations(qapp, "en")
    page = main_window.compare_page
    main_window.example_actions["six-bit"].trigger()
    wait_settled(qtbot, page)
    page.settings.simhash_only.click()  # the lesson's SimHash only off: the word-pair check judges the pair
    wait_settled(qtbot, page)
    summary, six = page.summary, page.comparison
    assert six.distance == 1 and six.resemblance >= six.needed_resemblance and not six.near_duplicate
    notices = summary.notices.text()  # not "89 % shared (45 % needed): not a near-duplicate", which contradicts itself
    assert "Too few word pairs to judge: the shorter text has 8 distinct word pairs, at least 10 are needed" in notices
    assert "of the word pairs are shared" not in notices
    assert summary.verdict_caption.text() == "k = 1 · too few word pairs (8 < 10)"
    distance = step_sentence(Step.DISTANCE, six)  # Step by step's last sentence, and the handout's, say it too
    assert distance.endswith(
        "not near-duplicates at k = 1. Within k, but too few word pairs to judge: the shorter text "
        "has 8, at least 10 are needed."
    )
    summary.show_comparison(replace(six, fewest_shingles=1))
    assert "the shorter text has 1 distinct word pair, at least 10" in summary.notices.text()
    shared = replace(six, fewest_shingles=50, resemblance=0.2)  # enough word pairs, too few of them shared
    summary.show_comparison(shared)
    assert (
        "1 bit apart, but only 20 % of the word pairs are shared (at least 45 % are needed)" in summary.notices.text()
    )
    install_translations(qapp, "zh_CN")
    summary.show_comparison(six)
    assert "词对太少，无法判断：较短的文本只有 8 个不同的词对，至少需要 10 个" in summary.notices.text()
    assert summary.verdict_caption.text() == "k = 1 · 词对太少（8 < 10）"
    assert "词对太少，无法判断：较短的文本只有 8 个不同的词对" in step_sentence(Step.DISTANCE, six)
    assert "k = 1 时不是近似重复。距离在 k 以内" in step_sentence(Step.DISTANCE, six)  # no space after 。
    summary.show_comparison(shared)
    assert "相差 1 位，但只有 20 % 的词对相同（至少需要 45 %）" in summary.notices.text()


def test_the_index_view_says_one_differing_bit(qtbot, qapp, catalogues, page: ComparePage) -> None:  # type: ignore[no-untyped-def]
    """The Index view's sentence counts the differing bits with the language's plural: "1 differing bit can touch
    at most 1 of the 2 blocks", not "1 differing bits"."""
    install_translations(qapp, "en")
    page.load_example("six-bit")  # 100111 vs 101111 at k = 1: one bit apart, two blocks
    wait_settled(qtbot, page)
    assert "1 differing bit can touch at most 1 of the 2 blocks" in page.index_view.why.text()
    page.settings.k.setValue(0)  # one bit is more than k = 0
    qtbot.waitUntil(lambda: page.is_settled() and page.comparison.k == 0, timeout=30_000)
    assert "1 differing bit is more than k = 0: it may touch every block" in page.index_view.why.text()
    install_translations(qapp, "zh_CN")
    page.settings.k.setValue(1)
    qtbot.waitUntil(lambda: page.is_settled() and page.comparison.k == 1, timeout=30_000)
    assert "1 个不同的位最多只能落在 2 个块中的 1 个里" in page.index_view.why.text()


def test_counts_of_thousands_are_written_with_the_languages_separators(qapp, catalogues) -> None:  # type: ignore[no-untyped-def]
    """Qt's plural counts (``%Ln``) take the interface language's number format: "3,302 files", not "3302"."""
    files = tuple(FileRecord(f"{n}.txt", 1, 0, n, False, inode=n + 1) for n in range(1_234))
    result = ScanResult("/nowhere", Config(), ScanOptions(), files, ())
    summary = GroupsSummary(None, qapp)  # type: ignore[arg-type]  # the page is read only to show the groups
    QLocale.setDefault(QLocale.c())  # a system whose locale writes no separators (C, POSIX: CI's)
    install_translations(qapp, "en")
    said = summary.groups_text(result, 1_500, 3_002, 0, "")
    assert said.startswith("1,500 groups, 3,002 files in groups, of 1,234 scanned"), said
    install_translations(qapp, "zh_CN")
    said = summary.groups_text(result, 1_500, 3_002, 0, "")
    assert said.startswith("1,500 个组，组内共 3,002 个文件，共扫描 1,234 个"), said


def test_a_long_texts_step_sentences_write_thousands_with_separators() -> None:
    text = " ".join(f"word{n}x" for n in range(1_234))  # 1,234 distinct tokens, none a stop word
    comparison = compare_texts(text, text, Config())
    assert "cut into 1,234 tokens (1,234 distinct)" in step_sentence(Step.TOKENS, comparison)
