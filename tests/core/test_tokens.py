"""Segmenting (DESIGN.md §2 step 3): jieba by default, words and character n-grams; noise and stop words dropped."""

from __future__ import annotations

import hashlib
import re
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import simcompare
from simcompare.core.text.cleaning import clean
from simcompare.core.tokens.segment import (
    ENGINE_VARIABLE,
    HAN_PIECE,
    WORD_PIECE,
    Engine,
    JiebaSegmenter,
    count_features,
    count_text_features,
    features,
    is_meaningless,
    jieba_segmenter,
    segment,
    stopwords,
)

FAST = settings(max_examples=50, deadline=None, database=None)

MIXED = "我爱Python编程，也喜欢Machine Learning和深度学习！SimHash算法由Charikar提出……TensorFlow很好用。"


def _tokens(text: str, config: simcompare.Config | None = None) -> set[str]:
    return {t.token for t in simcompare.fingerprint(text, config).tokens}


def test_jieba_keeps_english_words_whole():
    raw = segment(clean(MIXED))
    for word in ("python", "machine", "learning", "simhash", "charikar", "tensorflow"):
        assert word in raw
    latin = {t for t in raw if re.search("[a-z]", t)}
    assert latin == {"python", "machine", "learning", "simhash", "charikar", "tensorflow"}


def test_jieba_segments_chinese_words():
    raw = segment(clean(MIXED))
    assert "编程" in raw
    assert "深度" in raw or "深度学习" in raw
    assert "".join(raw) == clean(MIXED).replace(" ", "")  # it cuts, never drops or repeats (spaces are no token)


def test_jieba_is_the_default():
    assert simcompare.Config().segmenter == simcompare.Segmenter.JIEBA
    assert _tokens(MIXED) == set(features(clean(MIXED)))


@pytest.mark.parametrize(
    ("token", "meaningless"),
    [
        (" ", True),
        ("\u3000", True),
        ("\t\n", True),
        ("，", True),
        ("。", True),
        ("……", True),
        ("——", True),
        ("!?", True),
        ("《》", True),
        ("😀", True),
        ("+", True),
        ("a", False),
        ("中", False),
        ("42", False),
        ("c++", False),
        ("a,", False),
    ],
)
def test_is_meaningless(token, meaningless):
    assert is_meaningless(token) is meaningless


def test_punctuation_and_whitespace_tokens_dropped():
    text = "  你好 ， 世界 ！！ hello ,  world ... 《书名》 “引号” 😀 "
    for config in (
        simcompare.Config(),
        simcompare.Config(segmenter="words"),
        simcompare.Config(segmenter="chars"),
        simcompare.Config(stopwords=False),
    ):
        kept = _tokens(text, config)
        assert kept
        for token in kept:
            assert token.strip() == token
            assert any(unicodedata.category(ch)[0] in "LN" for ch in token), token


@FAST
@given(st.lists(st.sampled_from(["apple", "pear", " ", "，", "。", "中文", "the", "的", "!!", "\u3000"]), max_size=30))
def test_count_features(raw):
    counts = count_features(raw)
    expected: dict[str, int] = {}
    for token in raw:
        if token in {"apple", "pear", "中文"}:
            expected[token] = expected.get(token, 0) + 1
    assert counts == expected
    assert list(counts) == list(expected)  # first appearance order
    kept = count_features(raw, drop_stopwords=False)
    assert {t: n for t, n in kept.items() if t not in {"the", "的"}} == expected
    assert kept.get("the", 0) == raw.count("the")
    assert kept.get("的", 0) == raw.count("的")


def test_stop_words_dropped_by_default():
    text = "我的书和他的书都在桌子上。The book and the pen are on the table."
    kept = _tokens(text)
    for word in ("的", "和", "the", "and", "are", "on"):
        assert word in stopwords()
        assert word not in kept
    assert {"书", "桌子", "book", "pen", "table"} <= kept


def test_stop_words_kept_when_turned_off():
    text = "我的书和他的书都在桌子上。The book and the pen are on the table."
    kept = _tokens(text, simcompare.Config(stopwords=False))
    assert {"的", "和", "the", "and", "书", "book"} <= kept


def test_stop_word_list_is_normalised():
    words = stopwords()
    assert "the" in words
    assert "的" in words
    assert all(w == unicodedata.normalize("NFKC", w).casefold() for w in words)
    assert not any(w.startswith("# ") for w in words)  # comment lines are not words


def test_capitalised_stop_word_dropped():
    assert _tokens("THE And OF apple", simcompare.Config(segmenter="words")) == {"apple"}


# ---------------------------------------------------------------------------------------- segmenters


def test_words_segmenter():
    text = clean("Hello, World! hello-world 42 SimHash_v2 don't")
    assert segment(text, "words") == ["hello", "world", "hello", "world", "42", "simhash_v2", "don", "t"]
    fp = simcompare.fingerprint("Hello, World! hello-world 42", simcompare.Config(segmenter="words"))
    assert {t.token: t.count for t in fp.tokens} == {"hello": 2, "world": 2, "42": 1}


@pytest.mark.parametrize(
    ("text", "ngram", "expected"),
    [
        ("中文分词", 2, ["中文", "文分", "分词"]),
        ("中文分词", 3, ["中文分", "文分词"]),
        ("中文分词", 1, ["中", "文", "分", "词"]),
        ("中文，分词", 2, ["中文", "分词"]),
        ("中文，分词", 3, ["中文", "分词"]),
        ("abcd", 3, ["abc", "bcd"]),
        ("中文分词 ab", 3, ["中文分", "文分词", "ab"]),
        ("", 2, []),
    ],
)
def test_chars_segmenter(text, ngram, expected):
    assert segment(text, "chars", ngram=ngram) == expected


@pytest.mark.parametrize("ngram", [2, 3])
def test_chars_segmenter_through_config(ngram):
    text = "自然语言处理，自然语言理解"
    fp = simcompare.fingerprint(text, simcompare.Config(segmenter="chars", ngram=ngram, stopwords=False))
    expected: dict[str, int] = {}
    for run in ("自然语言处理", "自然语言理解"):
        for i in range(len(run) - ngram + 1):
            expected[run[i : i + ngram]] = expected.get(run[i : i + ngram], 0) + 1
    assert {t.token: t.count for t in fp.tokens} == expected


@FAST
@given(text=st.text(alphabet="中文分词自然语言ab ，。", max_size=25), ngram=st.integers(1, 4))
def test_chars_ngrams_have_length_n(text, ngram):
    for gram in segment(text, "chars", ngram=ngram):
        assert 1 <= len(gram) <= ngram
        assert gram in text


def test_chars_rejects_bad_ngram():
    with pytest.raises(ValueError, match="ngram"):
        segment("abc", "chars", ngram=0)


def test_unknown_segmenter():
    with pytest.raises(ValueError):
        segment("abc", "spaces")


JIEBA_SAMPLES = [
    "今天天气很好，我们去公园散步吧。",
    "Hello world! 混合 English 和中文, version 2.0-beta #1 & 100% sure_ok.",
    "  多个   空格\r\n换行\t制表符  ",
    "北京大学生前来应聘。小明硕士毕业于中国科学院计算所，后在日本京都大学深造",
    "",
    "！！？？。。",
]


def _meaningful(tokens: list[str]) -> list[str]:
    return [t for t in tokens if not is_meaningless(t)]


@pytest.fixture(scope="module", params=list(Engine))
def engine_segmenter(request):
    if request.param is Engine.RJIEBA:
        pytest.importorskip("rjieba", reason="rjieba has no wheel here: the pure Python engine runs")
    return JiebaSegmenter(request.param)


@pytest.fixture(scope="module")
def both_engines():
    pytest.importorskip("rjieba", reason="rjieba has no wheel here: the pure Python engine runs")
    return JiebaSegmenter(Engine.RJIEBA), JiebaSegmenter(Engine.PYTHON)


@pytest.mark.parametrize("text", JIEBA_SAMPLES)
def test_jieba_segmenter_keeps_jiebas_meaningful_tokens(engine_segmenter, text):
    import jieba

    expected = _meaningful(jieba.lcut(text))
    assert _meaningful(engine_segmenter.lcut(text)) == expected
    assert _meaningful(engine_segmenter.lcut(text)) == expected  # again, from memory


def test_latin_words_whole():
    """Issue 12.4: jieba cut "café" into "caf" + "é"; words of every alphabet stay whole."""
    text = "Café au lait with Jürg Müller in São Paulo; Ærø, Straße, façade, niño, Ωμέγα λέξη, Москва слово"
    raw = segment(clean(text))
    for word in ("café", "jürg", "müller", "são", "paulo", "ærø", "strasse", "façade", "niño", "ωμέγα", "москва"):
        assert word in raw, word
    assert not {"caf", "é", "ü", "ã", "ç", "ñ"} & set(raw)
    assert {"café", "jürg", "müller", "são"} <= _tokens("Café … Jürg Müller … São Paulo")


def test_combining_marks_stay_inside_words():
    # Devanagari vowel signs and a decomposed accent are marks, not letters: they must not cut a word.
    assert segment("नमस्ते दुनिया cafe\u0301") == ["नमस्ते", "दुनिया", "cafe\u0301"]


def test_unspaced_scripts_one_character_each():
    # Written without spaces, these have no words a rule could find: one token per character, as jieba did.
    assert segment("ひらがな ภาษา") == ["ひ", "ら", "が", "な", "ภ", "า", "ษ", "า"]


def test_ascii_words_as_jieba_keeps_them():
    raw = segment("c++ and c# 2.0-beta 1.1.3 apt-get 100% sure_ok")
    assert _meaningful(raw) == ["c++", "and", "c#", "2.0", "beta", "1.1", "3", "apt", "get", "100%", "sure", "ok"]


def test_chinese_tokens_are_jiebas_of_each_run():
    import jieba

    text = "我爱Python编程，也喜欢Machine Learning和深度学习！北京大学生前来应聘"
    runs = re.findall("[\u4e00-\u9fd5]+", text)
    expected = [word for run in runs for word in jieba.lcut(run)]
    assert [t for t in segment(text) if re.match("[\u4e00-\u9fd5]", t)] == expected


def test_long_run_of_letters_cut_into_bounded_pieces():
    """Issue 10: a run of letters with no space took quadratic time in jieba (3.2 MB: 193 s)."""
    run = "abcdefghij" * 300_000  # 3 MB
    raw = segment(run + " tail")
    assert raw[-1] == "tail"
    pieces = raw[:-1]
    assert "".join(pieces) == run
    assert len(pieces) == len(run) // WORD_PIECE
    assert {len(p) for p in pieces} == {WORD_PIECE}


def test_long_chinese_line_cut_into_bounded_pieces(engine_segmenter):
    line = "我们今天在公园里散步天气很好" * 30_000  # 420,000 Han characters, no punctuation
    words = engine_segmenter.lcut(line)
    assert "".join(words) == line
    # Each piece of HAN_PIECE characters is cut on its own: no word crosses a multiple of HAN_PIECE.
    ends, at = set(), 0
    for word in words:
        at += len(word)
        ends.add(at)
    assert set(range(HAN_PIECE, len(line), HAN_PIECE)) <= ends
    assert max(map(len, words)) < 10


def test_engine_variable(monkeypatch):
    monkeypatch.setenv(ENGINE_VARIABLE, "python")
    assert JiebaSegmenter().engine is Engine.PYTHON
    monkeypatch.setenv(ENGINE_VARIABLE, "fortran")
    with pytest.raises(ValueError, match="auto, rjieba or python"):
        JiebaSegmenter()


# Han (including characters HMM must guess), ASCII, digits, jieba's block symbols, full-width forms.
HAN = list("我们的天气很好公园散步北京大学生前来应聘硕士毕业于中国科学院计算所是高兴来气算兴园国士院龘")
LATIN = list("abcxyzABC019")
FULL_WIDTH = ["，", "。", "！", "（", "）", "Ａ", "ｂ", "１", "％", "＃"]
MIXED_ALPHABET = [*HAN, *LATIN, *".-_+#&%", " ", "\n", "\t", *FULL_WIDTH, "é", "ß"]


@settings(max_examples=300, deadline=None, database=None)
@given(st.text(alphabet=st.sampled_from(MIXED_ALPHABET), max_size=80))
def test_engines_agree_on_mixed_text(both_engines, text):
    fast, pure = both_engines
    assert fast.lcut(text) == pure.lcut(text)
    assert fast.lcut(clean(text)) == pure.lcut(clean(text))


@settings(max_examples=300, deadline=None, database=None)
@given(st.text(alphabet=st.sampled_from(HAN), min_size=1, max_size=200))
def test_rjieba_cuts_han_runs_as_jieba(both_engines, run):
    import jieba

    fast, _ = both_engines
    assert fast.cut_han(run) == jieba.lcut(run)


CHUNK = st.one_of(
    st.text(alphabet=st.sampled_from(HAN), min_size=1, max_size=30),
    st.text(alphabet=st.sampled_from([*LATIN, *".-_+#&%", "Ｂ", "１", "％"]), min_size=1, max_size=15),
)


@settings(max_examples=300, deadline=None, database=None)
@given(st.lists(st.tuples(CHUNK, st.sampled_from([" ", "，", "。", "！"])), max_size=12))
def test_equal_to_jieba_lcut_where_chinese_and_latin_are_apart(engine_segmenter, chunks):
    """Where Han and Latin are separated (a space, punctuation), the meaningful tokens are jieba.lcut's.

    Where they touch ("来气a"), jieba's HMM sees the Han singles beside a Latin letter differently than
    alone; here a run of Han characters is always cut on its own, so its words never depend on a neighbour.
    """
    import jieba

    text = clean("".join(chunk + sep for chunk, sep in chunks))
    assert _meaningful(engine_segmenter.lcut(text)) == _meaningful(jieba.lcut(text))


@settings(max_examples=100, deadline=None, database=None)
@given(st.text(alphabet=st.sampled_from([*MIXED_ALPHABET, "c", "+", "#", "ü"]), max_size=120), st.integers(1, 3))
def test_counts_are_the_counted_tokens_in_order(text, repeat):

    segmenter = jieba_segmenter()
    text = (text + " ") * repeat + "x" * (WORD_PIECE * repeat + 7)  # repeated pieces, a word cut in pieces
    for drop in (True, False):  # the fingerprint's path, from remembered chunks, against counting the tokens
        expected = count_features(segmenter.lcut(text), drop_stopwords=drop)
        counts = count_text_features(text, drop_stopwords=drop)
        assert counts == expected
        assert list(counts) == list(expected)  # first appearance order


@pytest.fixture(scope="module")
def segmenter():
    return JiebaSegmenter()


# Stop words, emoji and a format character beyond the BMP (dropped), a letter and a Han character beyond it,
# a lone combining mark (kept), and the end of a long word cut into pieces (a lone "%" or "." piece).
KEPT_ALPHABET = [*MIXED_ALPHABET, "的", "the", "c++", "😀", "\U000e0001", "𝐀", "𠀀", "\u0301", "\U000f0000"]
KEPT_ALPHABET += ["x" * 99, "x" * 100, ".5", "%"]


@settings(max_examples=100, deadline=None, database=None)
@given(
    st.lists(st.lists(st.sampled_from(KEPT_ALPHABET), max_size=40).map("".join), max_size=4),
    st.booleans(),
    st.integers(1, 40),
)
def test_kept_tokens_are_the_tokens_not_dropped_whatever_the_memory_holds(segmenter, texts, drop_stopwords, limit):
    """``kept`` puts a text together from remembered pieces; a small memory starting afresh mid-way, or pieces
    judged under the other stop-word setting, must never change what comes out."""
    segmenter.forget()
    segmenter.LIMIT = limit
    segmenter.CHARS = 3 * limit
    most_chunks = most_chars = 0
    for text in [*texts, *texts]:  # the second time from memory
        raw = segmenter.lcut(text)
        expected = [t for t in raw if t in count_features(raw, drop_stopwords=drop_stopwords)]
        assert segmenter.kept(text, drop_stopwords=drop_stopwords) == expected
        assert features(text, drop_stopwords=drop_stopwords) == expected
        assert segmenter.kept(text, drop_stopwords=not drop_stopwords) == features(
            text, drop_stopwords=not drop_stopwords
        )
        kept, ids = segmenter.kept_with_ids(text, drop_stopwords=drop_stopwords)
        assert kept == expected
        # Bounded: past its limits a memory starts afresh, so it holds at most the limit or one text's chunks.
        memory, chunks = segmenter._kept_of[drop_stopwords], set(text.split())
        most_chunks, most_chars = max(most_chunks, len(chunks)), max(most_chars, sum(map(len, chunks)))
        assert memory.chars == sum(map(len, memory.table))  # what it counts is what it holds
        assert len(memory.table) <= max(limit, most_chunks) and memory.chars <= max(3 * limit, most_chars)
        assert ids == b"".join(hashlib.blake2b(t.encode(), digest_size=8).digest() for t in expected)


def _pieces_of_the_whole_text(segmenter: JiebaSegmenter, text: str) -> list[str]:
    """The segmenter's rule as first written: the word rule over the whole text, then each Han run cut by jieba
    and each long word into bounded pieces."""
    tokens: list[str] = []
    for piece in segmenter._pieces(text):
        if "\u4e00" <= piece[0] <= "\u9fd5":
            tokens += segmenter.cut_han(piece)
        elif len(piece) > WORD_PIECE:
            tokens += [piece[i : i + WORD_PIECE] for i in range(0, len(piece), WORD_PIECE)]
        else:
            tokens.append(piece)
    return tokens


WHITESPACE = [" ", "\n", "\t", "\r\n", "\u3000", "\xa0", "\x1c", "\u2028", "\x0b"]


@settings(max_examples=300, deadline=None, database=None)
@given(
    st.lists(
        st.one_of(
            st.sampled_from([*MIXED_ALPHABET, *WHITESPACE, "c++", "C#", "2.0%", "\u0301", "ก"]),
            st.integers(WORD_PIECE - 2, WORD_PIECE + 3).map(lambda n: "x" * n),
        ),
        max_size=60,
    ).map("".join)
)
def test_chunk_by_chunk_is_the_word_rule_over_the_whole_text(segmenter, text):
    """Cutting at whitespace first (what makes it quick) changes no token: no rule matches or looks across it."""
    segmenter.forget()
    expected = _pieces_of_the_whole_text(segmenter, text)
    assert segmenter.lcut(text) == expected
    assert segmenter.lcut(text) == expected  # from memory


@settings(max_examples=400, deadline=None, database=None)
@given(st.text(alphabet=st.sampled_from(list("园业圃苑人的")), min_size=2, max_size=14))
def test_hmm_ties_broken_as_jieba_breaks_them(both_engines, run):
    """Few characters, so stretches repeat them: where two HMM labellings tie, the words are still jieba's."""
    import jieba

    fast, _ = both_engines
    assert fast.cut_han(run) == jieba.lcut(run)


@pytest.mark.parametrize("run", ["业园园园业", "园园园业", "业业园园"])
def test_a_known_hmm_tie(both_engines, run):
    import jieba

    fast, _ = both_engines
    assert fast.cut_han(run) == jieba.lcut(run)


_IMPORT_JIEBA = """
import sys, warnings
warnings.simplefilter("ignore")
if sys.argv[1] == "before":
    import pkg_resources
from simcompare.core.tokens.segment import import_jieba, jieba_tokenizer
jieba = import_jieba()
from jieba import finalseg
print("pkg_resources" in sys.modules, sys.modules.get("pkg_resources") is not None)
print("/".join(jieba_tokenizer().lcut("我们是中国人民")), "/".join(finalseg.cut("园园业")))
"""


@pytest.mark.parametrize("pkg_resources", ["after", "before"])
def test_jieba_imported_without_pkg_resources_still_finds_its_files(pkg_resources, tmp_path):
    """jieba opens its dictionary and HMM tables by path when pkg_resources is kept from it; one imported
    before is left as it was."""
    import subprocess
    import sys

    import jieba

    done = subprocess.run(
        [sys.executable, "-c", _IMPORT_JIEBA, pkg_resources],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,  # jieba's way without pkg_resources joins the working folder to its own: no matter
    )
    imported, words = done.stdout.splitlines()
    assert imported == ("True True" if pkg_resources == "before" else "False False")
    assert words == "/".join(jieba.lcut("我们是中国人民")) + " " + "/".join(jieba.finalseg.cut("园园业"))
