"""Segmenting clean text into tokens and dropping what carries no meaning (DESIGN.md §2, step 3)."""

from __future__ import annotations

import importlib.util
import logging
import os
import re
import threading
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable
from functools import cache

from simcompare.core.compat import StrEnum
from simcompare.core.resources import resource


class Segmenter(StrEnum):
    """How clean text is cut into tokens."""

    JIEBA = "jieba"  # jieba precise mode, HMM on, for Chinese; words of other scripts whole (see JiebaSegmenter)
    WORDS = "words"  # runs of letters and digits: for Latin-script text
    CHARS = "chars"  # character n-grams within each run of letters: needs no dictionary


_jieba_lock = threading.Lock()
_jieba_tokenizer = None


def jieba_tokenizer():
    """jieba's default tokenizer, its dictionary loaded on first use (about half a second), quietly."""
    global _jieba_tokenizer
    with _jieba_lock:
        if _jieba_tokenizer is None:
            import jieba

            jieba.setLogLevel(logging.WARNING)
            jieba.dt.initialize()
            _jieba_tokenizer = jieba.dt
    return _jieba_tokenizer


# ----------------------------------------------------------------------------- the jieba segmenter
#
# jieba cuts Chinese well and everything else badly: it knows only ASCII letters, so "café" comes out as
# "caf" + "é" and "Müller" as "m" "ü" "ller". The jieba segmenter therefore gives jieba only what it cuts
# well, the runs of the Han characters its dictionary covers, and splits the rest with a Unicode-aware
# word rule. Long runs are cut into bounded pieces first, so the time is linear in the input whatever it
# holds (jieba's own cut of one long run of letters is quadratic).

HAN_PIECE = 1000  # a run of Han characters longer than this is cut every HAN_PIECE characters
WORD_PIECE = 100  # a word longer than this is cut every WORD_PIECE characters

# jieba's Han class (its re_han_default without the ASCII): what its dictionary and its HMM cut.
_HAN_RUNS = re.compile(f"([\u4e00-\u9fd5]{{1,{HAN_PIECE}}})")
# Scripts written without spaces between words, other than the Han above (more CJK ideographs, kana,
# bopomofo, Thai, Lao, Myanmar, Khmer): one token per character, as jieba has always cut them.
_UNSPACED = (
    "\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3100-\u312f\u31f0-\u31ff"
    "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003ffff"
)


@cache
def _word_rules() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The word rule for everything that is not a run of Han characters, as (plain text, text with c#/c++).

    A word is a run of letters and digits of any script (Python's ``\\w`` without ``_``), combining marks
    riding along inside it (Devanagari vowel signs, a decomposed accent); a number may end in ``.digits``
    and ``%`` as jieba keeps ``2.0`` and ``100%``; ``c++`` and ``c#``, the two words of jieba's dictionary
    made only of such characters, are words wherever they stand (``0c#`` is ``0`` + ``c#``, as in jieba);
    any other character that is not a space is a token alone. On ASCII text this gives exactly jieba's
    meaningful tokens. The second rule, slower, is used only on text holding ``#`` or ``++``.
    """
    marks = [c for c in range(0x300, 0x20000) if unicodedata.category(chr(c))[0] == "M"]
    marks += range(0xE0100, 0xE01F0)  # variation selectors supplement
    spans: list[list[int]] = []
    for c in marks:
        if spans and spans[-1][1] == c - 1:
            spans[-1][1] = c
        else:
            spans.append([c, c])
    mark_class = "".join(re.escape(chr(a)) + ("-" + re.escape(chr(b)) if b > a else "") for a, b in spans)
    # Marks are tried only where a run of letters stops, so ordinary text pays nothing for them.
    rule = "{c}|{w}+(?:[{m}]+{w}*)*(?:\\.\\d+)?%?|\\S"
    c_words = "[cC](?:\\+\\+|#)"
    letter = f"[^\\W_{_UNSPACED}]"
    plain = rule.format(c=c_words, w=letter, m=mark_class)
    careful = rule.format(c=c_words, w=f"(?:(?!{c_words}){letter})", m=mark_class)
    return re.compile(plain), re.compile(careful)


def _cut_long(words: list[str]) -> list[str]:
    """Words longer than WORD_PIECE characters cut into pieces of WORD_PIECE (the last one shorter)."""
    out: list[str] = []
    for word in words:
        if len(word) > WORD_PIECE:
            out.extend(word[i : i + WORD_PIECE] for i in range(0, len(word), WORD_PIECE))
        else:
            out.append(word)
    return out


class Engine(StrEnum):
    """Which implementation of jieba cuts the runs of Han characters; both give the same words."""

    RJIEBA = "rjieba"  # jieba-rs, about ten times faster
    PYTHON = "python"  # jieba itself


ENGINE_VARIABLE = "SIMCOMPARE_JIEBA_ENGINE"


def _chosen_engine() -> Engine:
    wanted = os.environ.get(ENGINE_VARIABLE, "").strip().lower()
    if wanted in ("", "auto"):
        return Engine.RJIEBA if importlib.util.find_spec("rjieba") is not None else Engine.PYTHON
    try:
        return Engine(wanted)
    except ValueError:
        raise ValueError(f"{ENGINE_VARIABLE} must be auto, rjieba or python, got {wanted!r}") from None


def _rjieba_cutter() -> Callable[[str], list[str]]:
    """rjieba's precise mode with HMM, made to compute with jieba's very numbers.

    On a run of Han characters jieba-rs does what jieba does: the same dictionary, the same DAG and route
    (ties to the longer word), the same HMM tables and Viterbi ties (benchmarks/compare_engines.py and
    tests/core/test_tokens.py check it). One difference is arithmetic: jieba's dictionary lists B超 twice
    and jieba adds both lines to its total frequency, jieba-rs only the last. Giving jieba-rs's B超 the sum
    of both lines makes the totals, and so every log probability, equal; no run of Han characters holds a B.
    """
    import rjieba

    cutter = rjieba.Jieba()
    cutter.add_word("B超", 6, None)
    cut = cutter.cut
    return lambda run: cut(run, True)


def _python_cutter() -> Callable[[str], list[str]]:
    tokenizer = jieba_tokenizer()
    # jieba's own cut of one block: for a run of Han characters jieba.lcut(run) is exactly this.
    cut_block = getattr(tokenizer, "_Tokenizer__cut_DAG", None)
    if cut_block is None:  # another jieba: its public cut, which is the same on a run of Han characters
        return lambda run: tokenizer.lcut(run, cut_all=False, HMM=True)
    return lambda run: list(cut_block(run))


class JiebaSegmenter:
    """The default segmenter: jieba's words on runs of Han characters, the word rule on the rest.

    A run's words never depend on what surrounds it, so the segmenter remembers the words of every run it
    has cut: real folders repeat a great deal (licences, boilerplate, set phrases), and a scan cuts each
    distinct run once.
    """

    LIMIT = 200_000  # runs remembered (some tens of MB) before the memory starts afresh

    def __init__(self, engine: Engine | str | None = None) -> None:
        self.engine = _chosen_engine() if engine is None else Engine(engine)
        self._cut_run = _rjieba_cutter() if self.engine is Engine.RJIEBA else _python_cutter()
        self._words_of: dict[str, list[str]] = {}
        plain, careful = _word_rules()
        self._plain_words, self._careful_words = plain.findall, careful.findall

    def forget(self) -> None:
        """Forget every run cut so far (for benchmarks that measure a first pass)."""
        self._words_of = {}

    def cut_han(self, run: str) -> list[str]:
        """jieba's words of one run of Han characters (at most HAN_PIECE of them)."""
        words = self._words_of.get(run)
        if words is None:
            words = self._cut_run(run)
            if len(self._words_of) > self.LIMIT:
                self._words_of.clear()
            self._words_of[run] = words
        return words

    def lcut(self, text: str) -> list[str]:
        """The tokens of a text in order; whitespace is not a token."""
        parts = _HAN_RUNS.split(text)  # other text, a Han run, other text, a Han run, …, other text
        words_of = self._words_of
        plain_words, careful_words = self._plain_words, self._careful_words
        out: list[str] = []
        for i, part in enumerate(parts):
            if not part:
                continue
            if i & 1:
                words = words_of.get(part)
                out.extend(self.cut_han(part) if words is None else words)
            else:
                words = careful_words(part) if "#" in part or "++" in part else plain_words(part)
                if len(part) > WORD_PIECE and max(map(len, words), default=0) > WORD_PIECE:
                    words = _cut_long(words)
                out.extend(words)
        return out


_jieba_segmenter: JiebaSegmenter | None = None


def jieba_segmenter() -> JiebaSegmenter:
    """The shared jieba segmenter (created, with its engine's dictionary, on first use)."""
    global _jieba_segmenter
    if _jieba_segmenter is None:
        segmenter = JiebaSegmenter()
        with _jieba_lock:
            if _jieba_segmenter is None:
                _jieba_segmenter = segmenter
    return _jieba_segmenter


jieba_blocks = jieba_segmenter  # the name this had when it cut jieba's own blocks


_WORD = re.compile(r"\w+")


def segment(text: str, segmenter: Segmenter | str = Segmenter.JIEBA, *, ngram: int = 2) -> list[str]:
    """Cut clean text into raw tokens, in order, punctuation and spaces included where the method keeps them."""
    segmenter = Segmenter(segmenter)
    if segmenter is Segmenter.JIEBA:
        return jieba_segmenter().lcut(text)
    if segmenter is Segmenter.WORDS:
        return _WORD.findall(text)
    if ngram < 1:
        raise ValueError(f"ngram must be 1 or more, got {ngram}")
    grams: list[str] = []
    for run in _WORD.findall(text):
        if len(run) <= ngram:
            grams.append(run)
        else:
            grams.extend(run[i : i + ngram] for i in range(len(run) - ngram + 1))
    return grams


def is_meaningless(token: str) -> bool:
    """True for a token made only of whitespace, punctuation, symbols or control characters."""
    return all(unicodedata.category(ch)[0] in "PSZC" for ch in token)


@cache
def stopwords() -> frozenset[str]:
    """The Chinese and English stop words of ``resources/stopwords``, normalised like the text."""
    words: set[str] = set()
    for name in ("zh.txt", "en.txt"):
        for line in resource("stopwords", name).read_text(encoding="utf-8").splitlines():
            line = line.strip()
            if line and not line.startswith("#"):
                words.add(unicodedata.normalize("NFKC", line).casefold())
    return frozenset(words)


class _DropCache:
    """Remembers, per token, whether it is dropped, so each distinct token is judged once per process."""

    _LIMIT = 2_000_000

    def __init__(self, drop_stopwords: bool) -> None:
        self._drop_stopwords = drop_stopwords
        self._verdicts: dict[str, bool] = {}

    def __call__(self, token: str) -> bool:
        verdict = self._verdicts.get(token)
        return self.judge(token) if verdict is None else verdict

    def judge(self, token: str) -> bool:
        """Decide for a token not seen before, and remember."""
        verdict = is_meaningless(token) or (self._drop_stopwords and token in stopwords())
        if len(self._verdicts) > self._LIMIT:
            self._verdicts.clear()
        self._verdicts[token] = verdict
        return verdict

    def keep(self, counts: dict[str, int]) -> dict[str, int]:
        """The counts of the tokens that are kept (the hot loop of every document, so no call per token)."""
        verdicts = self._verdicts
        kept = {}
        for token, n in counts.items():
            verdict = verdicts.get(token)
            if verdict is None:
                verdict = self.judge(token)
            if not verdict:
                kept[token] = n
        return kept


_DROPPERS = {True: _DropCache(True), False: _DropCache(False)}


def count_features(raw_tokens: Iterable[str], *, drop_stopwords: bool = True) -> dict[str, int]:
    """Count the tokens that carry meaning, in order of first appearance."""
    return _DROPPERS[bool(drop_stopwords)].keep(Counter(raw_tokens))


def features(
    text: str, segmenter: Segmenter | str = Segmenter.JIEBA, *, ngram: int = 2, drop_stopwords: bool = True
) -> list[str]:
    """The kept tokens of clean text in order (for diffs and edit distance)."""
    drop = _DROPPERS[bool(drop_stopwords)]
    return [t for t in segment(text, segmenter, ngram=ngram) if not drop(t)]
