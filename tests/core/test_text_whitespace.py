"""Normalising, rewritten for speed, still does exactly what the rules say: whitespace runs become one space,
line breaks between CJK characters go, NFKC is unicodedata's."""

from __future__ import annotations

import re
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simcompare.core.text.cleaning import _BARE_LINE_BREAK, _CJK_LINE_BREAK, _WHITESPACE, nfkc


@settings(max_examples=300, deadline=None, database=None)
@given(st.lists(st.sampled_from(["a", "中", " ", "  ", "\t", "\n", "\r\n", "\u3000", "\u00a0", "\x0b"])))
def test_only_runs_that_are_not_one_space_are_replaced(parts):
    text = "".join(parts)
    assert _WHITESPACE.sub(" ", text) == re.sub(r"\s+", " ", text)


# The rules as they were first written: the quicker forms in simcompare.core.text.cleaning must match them exactly.
_CJK = r"\u2e80-\u9fff\uf900-\ufaff\U00020000-\U0003ffff\u3000-\u303f\uff00-\uffef"
_CJK_LINE_BREAK_AS_WRITTEN = re.compile(rf"(?<=[{_CJK}])[ \t\u3000]*(?:\r\n|\r|\n)\s*(?=[{_CJK}])")
_BARE_LINE_BREAK_AS_WRITTEN = re.compile(r"(?<=\S)(?:\r\n|\r|\n)(?=\S)")
_PIECES = ["中", "文", "a", "é", " ", "  ", "\t", "\n", "\r", "\r\n", "\u3000", "\u00a0", "\x0b", "，", "ａ", "1"]


@settings(max_examples=500, deadline=None, database=None)
@given(st.lists(st.sampled_from(_PIECES)))
def test_cjk_line_break_rule_matches_the_rule_as_written(parts):
    text = "".join(parts)
    assert _CJK_LINE_BREAK.sub("", text) == _CJK_LINE_BREAK_AS_WRITTEN.sub("", text)


@settings(max_examples=500, deadline=None, database=None)
@given(st.lists(st.sampled_from([*_PIECES, "\x85", "\u2028", "\x0c", "\x1c", "\udcff", "\r\r\n", "\n\r"])))
def test_bare_line_break_rule_matches_the_rule_as_written(parts):
    text = "".join(parts)
    assert _BARE_LINE_BREAK.sub("", text) == _BARE_LINE_BREAK_AS_WRITTEN.sub("", text)
    assert (_BARE_LINE_BREAK.search(text) is None) == (_BARE_LINE_BREAK_AS_WRITTEN.search(text) is None)


@settings(max_examples=300, deadline=None, database=None)
@given(st.lists(st.sampled_from(_PIECES)))
def test_split_and_join_collapses_whitespace_as_the_substitution(parts):
    text = "".join(parts)
    assert " ".join(text.split()) == _WHITESPACE.sub(" ", text).strip()


_COMPATIBLE = st.sampled_from(
    [
        *["，", "１", "Ａ", "ｶ", "ﾞ", "\u00a0", "\u3000", "…", "ﬁ", "①", "㎏", "Å", "\u212b"],
        *["e\u0301", "\u0301", "가", "ᄀ", "ᅡ"],
        *["\n", "\r\n", "\u0327"],  # lines, each normalised alone where the text is not; a mark after the break
    ]
)


@settings(max_examples=500, deadline=None, database=None)
@given(st.lists(st.one_of(_COMPATIBLE, st.text(max_size=3), st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF))))
def test_nfkc_is_unicodedatas(parts):
    text = "".join(parts)
    assert nfkc(text) == unicodedata.normalize("NFKC", text)


def test_nfkc_of_full_width_chinese_punctuation():
    assert nfkc("你好，世界（１２３）！") == "你好,世界(123)!"


def test_nfkc_in_slices_is_unicodedatas(monkeypatch):
    """Long texts are folded a slice at a time; a slice edge inside a letter and its accent changes nothing."""
    import simcompare.core.text.cleaning as text_module

    monkeypatch.setattr(text_module, "_NFKC_SLICE", 3)
    for text in ["你好，世界（１２３）！…", "ａe\u0301ｂ\ud800ｃ" * 3, "①②ﬁ" * 5]:
        assert nfkc(text) == unicodedata.normalize("NFKC", text)


def _normalize_as_written(text: str) -> str:
    """normalize() before it learnt to skip the CJK rules on text without CJK characters."""
    from simcompare.core.text.cleaning import is_cjk_text

    text = _CJK_LINE_BREAK_AS_WRITTEN.sub("", unicodedata.normalize("NFKC", text)).casefold()
    if is_cjk_text(text):
        text = _BARE_LINE_BREAK_AS_WRITTEN.sub("", text)
    return re.sub(r"\s+", " ", text).strip()


@settings(max_examples=500, deadline=None, database=None)
@given(st.lists(st.sampled_from([*_PIECES, "’", "—", "Ⅻ", "ß", "\u2e80", "\u2fd5", "😀", "\ufffd", "\udcff", "A"])))
def test_normalize_follows_the_rules_as_written(parts):
    from simcompare.core.text.cleaning import normalize

    text = "".join(parts)
    assert normalize(text) == _normalize_as_written(text)


def test_may_hold_cjk_misses_no_cjk_character(monkeypatch):
    """Every character of the CJK class is seen by the byte test (the regular expression's look at the first
    characters turned off), wherever it stands after curly quotes, dashes and accents."""
    import simcompare.core.text.cleaning as text_module

    monkeypatch.setattr(text_module, "_CJK_SEARCH_FIRST", 0)
    cjk = re.compile(f"[{_CJK}]")
    ranges = [(0x2E80, 0xA000), (0xF900, 0xFB00), (0x3000, 0x3040), (0xFF00, 0xFFF0), (0x20000, 0x40000)]
    missed = [
        hex(code)
        for first, end in ranges
        for code in range(first, end)
        if cjk.match(chr(code)) and not text_module.may_hold_cjk(f"“é”—{chr(code)}’")
    ]
    assert missed == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("plain ascii", False),
        ("“Curly” quotes — dashes… and accents: café, Müller, ½, €5", False),
        ("A Kangxi radical ⼀ (U+2F00)", True),
        ("an ideograph late in a long text " * 100 + "中", True),
        ("full-width ａ", True),
    ],
)
def test_may_hold_cjk(text, expected):
    from simcompare.core.text.cleaning import may_hold_cjk

    assert may_hold_cjk(text) is expected
