"""Word-level diffs mapped back to character offsets in the original texts."""

from __future__ import annotations

import difflib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simcompare.core.explain.diff import Tag, TextDiff, WordsCache, diff_texts, diff_words, words


def pieces(text: str, diff: TextDiff, side: str) -> list[tuple[str, str]]:
    """(tag, text) of every change on one side."""
    out = []
    for span in diff.changes:
        start, end = (span.a_start, span.a_end) if side == "a" else (span.b_start, span.b_end)
        out.append((str(span.tag), text[start:end]))
    return out


def test_chinese_is_compared_word_by_word() -> None:
    a = "今天天气很好，我们去公园散步吧。明天我们去上海看望朋友。"
    b = "今天天气不错，我们去公园散步吧。明天我们去北京看望朋友。"
    diff = diff_texts(a, b)
    assert pieces(a, diff, "a") == [("replace", "很好"), ("replace", "上海")]
    assert pieces(b, diff, "b") == [("replace", "不错"), ("replace", "北京")]
    assert 0.7 < diff.ratio < 1.0


def test_insertions_and_deletions_sit_between_words() -> None:
    a = "alpha beta gamma"
    b = "alpha gamma delta"
    diff = diff_texts(a, b, segmenter="words")
    deleted, inserted = diff.changes
    assert deleted.tag is Tag.DELETE and a[deleted.a_start : deleted.a_end] == "beta"
    assert deleted.b_start == deleted.b_end == len("alpha")
    assert inserted.tag is Tag.INSERT and b[inserted.b_start : inserted.b_end] == "delta"
    assert inserted.a_start == inserted.a_end == len(a)


def test_case_width_and_spacing_are_not_differences() -> None:
    diff = diff_texts("Hello  World\nagain", "hello world again")
    assert diff.changes == () and diff.ratio == 1.0
    full_width = diff_texts("ＡＢＣ 123", "abc 123", segmenter="words")
    assert full_width.changes == ()


def test_punctuation_is_a_difference() -> None:
    a, b = "Stop, then go.", "Stop then go!"
    diff = diff_texts(a, b, segmenter="words")
    assert pieces(a, diff, "a") == [("delete", ","), ("replace", ".")]
    assert pieces(b, diff, "b") == [("delete", ""), ("replace", "!")]


def test_offsets_point_into_the_raw_text() -> None:
    a = "  前言\r\n\t今天天气很好 😀 Café"
    found = words(a)
    assert [a[w.start : w.end] for w in found] == [w.text for w in found]
    assert all(not w.text.isspace() for w in found)
    assert words("Café", "words")[0].key == "café"


@pytest.mark.parametrize("segmenter", ["jieba", "words", "chars"])
def test_each_segmenter(segmenter: str) -> None:
    a, b = "我们去公园 walk", "我们去商场 walk"
    diff = diff_texts(a, b, segmenter=segmenter)
    changed_a = "".join(text for _, text in pieces(a, diff, "a"))
    changed_b = "".join(text for _, text in pieces(b, diff, "b"))
    assert "公" in changed_a or "公园" in changed_a
    assert "商" in changed_b and "walk" not in changed_b


def test_empty_texts() -> None:
    assert diff_texts("", "").spans == ()
    assert diff_texts("", "").ratio == 1.0
    only_b = diff_texts("", "new words", segmenter="words")
    assert [(s.tag, s.a_start, s.a_end) for s in only_b.spans] == [(Tag.INSERT, 0, 0)]
    assert only_b.map_a_to_b(0) == 0 and only_b.map_b_to_a(4) == 0


def test_mapping_offsets_follows_equal_runs() -> None:
    a = "one two three four five"
    b = "zero one two three extra four five"
    diff = diff_texts(a, b, segmenter="words")
    assert b[diff.map_a_to_b(a.index("three")) :].startswith("three")
    assert b[diff.map_a_to_b(a.index("five")) :].startswith("five")
    assert a[diff.map_b_to_a(b.index("four")) :].startswith("four")
    assert a[diff.map_b_to_a(b.index("extra")) :].startswith("four")  # an insertion maps to where it goes


_WORD = st.sampled_from(["甲", "乙", "丙", "alpha", "beta", "gamma", ",", "。"])


@settings(max_examples=200, deadline=None)
@given(st.lists(_WORD, max_size=30), st.lists(_WORD, max_size=30))
def test_spans_cover_both_texts_in_order(a_words: list[str], b_words: list[str]) -> None:
    a, b = " ".join(a_words), " ".join(b_words)
    diff = diff_words(words(a, "words"), words(b, "words"))
    a_next = b_next = 0
    for span in diff.spans:
        assert span.a_words[0] == a_next and span.b_words[0] == b_next
        a_next, b_next = span.a_words[1], span.b_words[1]
        if span.tag is Tag.EQUAL:
            assert [w.key for w in diff.a[slice(*span.a_words)]] == [w.key for w in diff.b[slice(*span.b_words)]]
        assert 0 <= span.a_start <= span.a_end <= len(a) and 0 <= span.b_start <= span.b_end <= len(b)
    assert (a_next, b_next) == (len(diff.a), len(diff.b))
    # Replaying the spans turns A's words into B's.
    rebuilt = []
    for span in diff.spans:
        rebuilt += [w.key for w in diff.b[slice(*span.b_words)]]
    assert rebuilt == [w.key for w in diff.b]
    for offset in range(len(a) + 1):
        assert 0 <= diff.map_a_to_b(offset) <= len(b)


def test_the_words_cache_diffs_as_diff_texts_does() -> None:
    cache = WordsCache()
    a, b = "今天天气很好，我们去公园散步。", "今天天气不错，我们去公园散步吧。"
    for segmenter in ("jieba", "words", "chars"):
        for _ in range(2):  # cut, then remembered
            assert cache.diff(a, b, segmenter=segmenter) == diff_texts(a, b, segmenter=segmenter)


def test_the_words_cache_cuts_only_the_changed_text(monkeypatch: pytest.MonkeyPatch) -> None:
    import simcompare.core.explain.diff as diff_module

    cache = WordsCache()
    a, b, edited = "the cat sat on the mat", "the cat sat on the hat", "a dog sat on the hat"
    cache.diff(a, b)
    expected = diff_texts(a, edited)
    cut: list[str] = []
    real = diff_module.words

    def counting(text, segmenter=diff_module.Segmenter.JIEBA):
        cut.append(text)
        return real(text, segmenter)

    monkeypatch.setattr(diff_module, "words", counting)
    assert cache.diff(a, edited) == expected
    assert cut == [edited]


def test_a_words_cache_too_small_for_two_texts_is_refused() -> None:
    with pytest.raises(ValueError, match="at least the two texts"):
        WordsCache(size=1)


# ------------------------------------------------------------------------- the patience matcher


def _rebuilt_and_checked(diff: TextDiff) -> list[str]:
    """B's words replayed from the spans, every equal span checked to be equal."""
    rebuilt: list[str] = []
    for span in diff.spans:
        if span.tag is Tag.EQUAL:
            assert [w.key for w in diff.a[slice(*span.a_words)]] == [w.key for w in diff.b[slice(*span.b_words)]]
        rebuilt += [w.key for w in diff.b[slice(*span.b_words)]]
    return rebuilt


def test_each_replaced_word_is_one_replacement_when_words_are_unique() -> None:
    a_words = [f"w{i}" for i in range(1_500)]  # 3,000 words in both: split at anchors first
    b_words = list(a_words)
    for i in (7, 150, 151, 1_499):
        b_words[i] = f"new{i}"
    diff = diff_words(words(" ".join(a_words), "words"), words(" ".join(b_words), "words"))
    changes = [(span.tag, span.a_words) for span in diff.changes]
    assert changes == [(Tag.REPLACE, (7, 8)), (Tag.REPLACE, (150, 152)), (Tag.REPLACE, (1_499, 1_500))]


def test_a_moved_paragraph_is_deleted_in_one_place_and_inserted_in_another() -> None:
    first, middle, last = (" ".join(f"{name}{i}" for i in range(400)) for name in ("p", "q", "r"))
    diff = diff_words(words(f"{first} {middle} {last}", "words"), words(f"{middle} {first} {last}", "words"))
    moved = sorted(
        (span.tag, span.a_words[1] - span.a_words[0] + span.b_words[1] - span.b_words[0]) for span in diff.changes
    )
    assert moved == [(Tag.DELETE, 400), (Tag.INSERT, 400)]
    assert diff.ratio == pytest.approx(2 * 800 / 2_400)
    assert _rebuilt_and_checked(diff) == [w.key for w in diff.b]


@settings(max_examples=100, deadline=None)
@given(st.lists(_WORD, max_size=60), st.lists(_WORD, max_size=60))
def test_short_texts_are_compared_exactly_as_difflib_compares_them(a_words: list[str], b_words: list[str]) -> None:
    diff = diff_words(words(" ".join(a_words), "words"), words(" ".join(b_words), "words"))
    matcher = difflib.SequenceMatcher(None, [w.key for w in diff.a], [w.key for w in diff.b], autojunk=False)
    assert [(str(s.tag), *s.a_words, *s.b_words) for s in diff.spans] == matcher.get_opcodes()


@settings(max_examples=200, deadline=None)
@given(st.lists(_WORD, max_size=40), st.lists(_WORD, max_size=40))
def test_the_patience_split_gives_a_valid_diff(monkeypatch_module, a_words: list[str], b_words: list[str]) -> None:
    """With every text counted as long, the anchors, the common ends and difflib's stretches still make a
    diff that covers both texts in order and turns A into B."""
    diff = diff_words(words(" ".join(a_words), "words"), words(" ".join(b_words), "words"))
    assert _rebuilt_and_checked(diff) == [w.key for w in diff.b]
    covered_a = [i for span in diff.spans for i in range(*span.a_words)]
    assert covered_a == list(range(len(diff.a)))
    if a_words == b_words:
        assert all(span.tag is Tag.EQUAL for span in diff.spans)


@pytest.fixture(scope="module")
def monkeypatch_module():
    import simcompare.core.explain.diff as diff_module

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(diff_module, "_SMALL_STRETCH", 0)
        yield


def test_a_long_stretch_without_anchors_ends_and_is_a_valid_diff() -> None:
    # 6,000 words of a three-word vocabulary on each side: no anchor anywhere.
    a_words = ["甲", "乙", "丙"] * 2_000
    b_words = ["乙", "甲", "丙"] * 2_000
    diff = diff_words(words(" ".join(a_words), "words"), words(" ".join(b_words), "words"))
    assert _rebuilt_and_checked(diff) == b_words and diff.ratio > 0


_KEY_LETTERS = ["a", "É", "\u0301", "\u1100", "\u1161", "ﬁ", "Ａ", "①", "ß", "中", "𝐀", "\u00a8", "·"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(alphabet=st.sampled_from(_KEY_LETTERS), min_size=1, max_size=4), max_size=12))
def test_keys_made_in_one_go_are_each_words_key(tokens: list[str]) -> None:
    """Combining marks, jamo, ligatures and full-width forms: nothing composes across the joins."""
    from simcompare.core.explain.diff import _key, _keys

    assert _keys(tokens) == [_key(token) for token in tokens]
