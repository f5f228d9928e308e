"""Normalising, rewritten for speed, still does exactly what the rules say: whitespace runs become one space,
line breaks between CJK characters go, NFKC is unicodedata's."""

from __future__ import annotations

import re
import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from simcompare.core.text import _BARE_LINE_BREAK, _CJK_LINE_BREAK, _WHITESPACE, nfkc


@settings(max_examples=300, deadline=None, database=None)
@given(st.lists(st.sampled_from(["a", "中", " ", "  ", "\t", "\n", "\r\n", "\u3000", "\u00a0", "\x0b"])))
def test_only_runs_that_are_not_one_space_are_replaced(parts):
    text = "".join(parts)
    assert _WHITESPACE.sub(" ", text) == re.sub(r"\s+", " ", text)


# The rules as they were first written: the quicker forms in simcompare.core.text must match them exactly.
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
    ["，", "１", "Ａ", "ｶ", "ﾞ", "\u00a0", "\u3000", "…", "ﬁ", "①", "㎏", "Å", "\u212b", "e\u0301", "\u0301", "가", "ᄀ"]
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
    import simcompare.core.text as text_module

    monkeypatch.setattr(text_module, "_NFKC_SLICE", 3)
    for text in ["你好，世界（１２３）！…", "ａe\u0301ｂ\ud800ｃ" * 3, "①②ﬁ" * 5]:
        assert nfkc(text) == unicodedata.normalize("NFKC", text)
