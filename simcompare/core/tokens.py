"""Segmenting clean text into tokens and dropping what carries no meaning (DESIGN.md §2, step 3)."""

from __future__ import annotations

import logging
import re
import threading
import unicodedata
from collections import Counter
from collections.abc import Iterable
from functools import cache

from simcompare.core.compat import StrEnum
from simcompare.core.jieba_cache import place_jieba_cache
from simcompare.core.resources import resource


class Segmenter(StrEnum):
    """How clean text is cut into tokens."""

    JIEBA = "jieba"  # jieba precise mode, HMM on: Chinese words; Latin words and numbers kept whole
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
            place_jieba_cache(jieba.dt)  # robust branch: jieba's cache in the user's cache folder
            jieba.dt.initialize()
            _jieba_tokenizer = jieba.dt
    return _jieba_tokenizer


class JiebaBlocks:
    """jieba's precise mode (HMM on), block by block, remembering the words of every block it has cut.

    jieba cuts a text by first splitting it into blocks (runs of Han characters, Latin letters and digits,
    and the rest) and then cutting each block on its own, so the words of a block never depend on what
    surrounds it. Remembering them is exact, and real folders repeat a great deal (licences, boilerplate,
    set phrases), so a scan segments each distinct block once. Output equals ``jieba.lcut(text)``.
    """

    LIMIT = 200_000  # blocks remembered (some tens of MB) before the memory starts afresh

    def __init__(self) -> None:
        import jieba

        self._tokenizer = jieba_tokenizer()
        self._split_blocks = jieba.re_han_default.split
        self._is_han = jieba.re_han_default.match
        self._split_space = jieba.re_skip_default.split
        self._is_space = jieba.re_skip_default.match
        # jieba's own block cutter; without it (another jieba), fall back to cutting whole texts.
        self._cut_block = getattr(self._tokenizer, "_Tokenizer__cut_DAG", None)
        self._words: dict[str, list[str]] = {}

    def forget(self) -> None:
        self._words = {}

    def lcut(self, text: str) -> list[str]:
        if self._cut_block is None:
            return self._tokenizer.lcut(text, cut_all=False, HMM=True)
        words_of = self._words
        out: list[str] = []
        for block in self._split_blocks(text):
            if not block:
                continue
            words = words_of.get(block)
            if words is None:
                words = self._cut(block)
                if len(words_of) > self.LIMIT:
                    words_of.clear()
                words_of[block] = words
            out.extend(words)
        return out

    def _cut(self, block: str) -> list[str]:
        if self._is_han(block):
            return list(self._cut_block(block))
        words: list[str] = []
        for piece in self._split_space(block):
            if self._is_space(piece):
                words.append(piece)
            else:
                words.extend(piece)  # jieba yields the other characters one by one
        return words


_jieba_blocks: JiebaBlocks | None = None


def jieba_blocks() -> JiebaBlocks:
    """The shared block-remembering jieba cutter (created, with jieba's dictionary, on first use)."""
    global _jieba_blocks
    if _jieba_blocks is None:
        blocks = JiebaBlocks()
        with _jieba_lock:
            if _jieba_blocks is None:
                _jieba_blocks = blocks
    return _jieba_blocks


_WORD = re.compile(r"\w+")


def segment(text: str, segmenter: Segmenter | str = Segmenter.JIEBA, *, ngram: int = 2) -> list[str]:
    """Cut clean text into raw tokens, in order, punctuation and spaces included where the method keeps them."""
    segmenter = Segmenter(segmenter)
    if segmenter is Segmenter.JIEBA:
        return jieba_blocks().lcut(text)
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
