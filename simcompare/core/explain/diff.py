"""Word-level differences between two texts, mapped back to character offsets (the Differences view).

SimHash says *how far apart* two texts are; a reader also wants to see *where*. The texts are cut into
words (jieba by default, so Chinese is compared word by word rather than character by character),
compared the patience way (anchored on the words each text has once), and every run of equal or differing
words is reported as character offsets into the *original* texts, so a front end can highlight them in place.

Words are compared after NFKC normalisation and case folding, as the fingerprint sees them; whitespace
is not a word, so re-wrapping a paragraph is not a difference. Punctuation is kept: a changed comma is
a difference a reader wants to see. Offsets are Python string indices (code points).
"""

from __future__ import annotations

import bisect
import difflib
import re
import unicodedata
from collections import Counter, OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from simcompare.core.compat import StrEnum
from simcompare.core.text.cleaning import nfkc
from simcompare.core.tokens.segment import Segmenter, jieba_segmenter

_WORD_OR_MARK = re.compile(r"\w+|[^\w\s]")


class Tag(StrEnum):
    """What happened to a run of words between text A and text B."""

    EQUAL = "equal"
    REPLACE = "replace"  # words of A replaced by other words in B
    DELETE = "delete"  # words of A missing from B
    INSERT = "insert"  # words of B missing from A


class Word(NamedTuple):
    """One word of a text and where it stands (a named tuple: a 20 KB text has thousands, made afresh
    whenever it is edited, and a tuple is made in a third of a frozen dataclass's time).

    Attributes:
        text: The word as written.
        start: Offset of its first character in the text.
        end: Offset just past its last character.
        key: What is compared: the word NFKC-normalised and case-folded.
    """

    text: str
    start: int
    end: int
    key: str


@dataclass(frozen=True, slots=True)
class Span:
    """A run of words that is equal in both texts or differs between them.

    Character offsets are half-open ranges into each text. For an insertion, ``a_start == a_end`` is the
    place in A where B's words would go; for a deletion, likewise ``b_start == b_end`` in B. Word indices
    (``a_words``, ``b_words``) are half-open ranges into :attr:`TextDiff.a` and :attr:`TextDiff.b`.
    """

    tag: Tag
    a_start: int
    a_end: int
    b_start: int
    b_end: int
    a_words: tuple[int, int]
    b_words: tuple[int, int]


@dataclass(frozen=True, slots=True)
class TextDiff:
    """The word-level differences of two texts.

    Attributes:
        a: The words of text A.
        b: The words of text B.
        spans: Every run, equal or not, in text order; together they cover all words of both texts.
    """

    a: tuple[Word, ...]
    b: tuple[Word, ...]
    spans: tuple[Span, ...]

    @property
    def changes(self) -> tuple[Span, ...]:
        """Only the runs that differ, in text order (what next/previous difference steps through)."""
        return tuple(span for span in self.spans if span.tag is not Tag.EQUAL)

    @property
    def ratio(self) -> float:
        """Share of words in runs that match: 2·matched / (|A| + |B|); 1.0 for two texts without words."""
        total = len(self.a) + len(self.b)
        if not total:
            return 1.0
        matched = sum(span.a_words[1] - span.a_words[0] for span in self.spans if span.tag is Tag.EQUAL)
        return 2.0 * matched / total

    def map_a_to_b(self, offset: int) -> int:
        """The offset in B that corresponds to ``offset`` in A (for scrolling both texts together)."""
        return _map(offset, self.a, self.b, self.spans, from_a=True)

    def map_b_to_a(self, offset: int) -> int:
        """The offset in A that corresponds to ``offset`` in B."""
        return _map(offset, self.b, self.a, self.spans, from_a=False)


def words(text: str, segmenter: Segmenter | str = Segmenter.JIEBA) -> list[Word]:
    """The words of a raw text with their offsets; whitespace is left out.

    Args:
        text: The text as shown to the reader (not cleaned: offsets must point into it).
        segmenter: ``jieba`` (words of Chinese, Latin words whole), ``words`` (runs of letters and digits,
            and each punctuation mark) or ``chars`` (every character that is not whitespace).
    """
    segmenter = Segmenter(segmenter)
    tokens: list[str] = []
    starts: list[int] = []
    if segmenter is Segmenter.JIEBA:
        # The fingerprint's own segmenter (Chinese by jieba, other words whole); only spaces lie between
        # its tokens, so each one is found right where the previous one ended, past some whitespace.
        tokens = jieba_segmenter().lcut(text)
        end = 0
        for token in tokens:
            start = text.index(token, end)
            starts.append(start)
            end = start + len(token)
    elif segmenter is Segmenter.WORDS:
        for match in _WORD_OR_MARK.finditer(text):
            tokens.append(match.group())
            starts.append(match.start())
    else:
        starts = [i for i, ch in enumerate(text) if not ch.isspace()]
        tokens = [text[i] for i in starts]
    ends = list(map(int.__add__, starts, map(len, tokens)))
    return list(map(Word._make, zip(tokens, starts, ends, _keys(tokens), strict=True)))


def diff_words(a: Sequence[Word], b: Sequence[Word]) -> TextDiff:
    """Compare two word lists (from :func:`words`)."""
    number: dict[str, int] = {}  # each distinct key a small number: quicker to compare and count
    a_keys = [number.setdefault(w.key, len(number)) for w in a]
    b_keys = [number.setdefault(w.key, len(number)) for w in b]
    spans = []
    for tag, i1, i2, j1, j2 in _opcodes(_matching_blocks(a_keys, b_keys), len(a), len(b)):
        a_start, a_end = _extent(a, i1, i2)
        b_start, b_end = _extent(b, j1, j2)
        spans.append(Span(tag, a_start, a_end, b_start, b_end, (i1, i2), (j1, j2)))
    return TextDiff(tuple(a), tuple(b), tuple(spans))


# Up to this many words in both texts together the diff is difflib's own (a few milliseconds at most);
# longer texts are first split at anchors.
_SMALL_STRETCH = 2_000


def _matching_blocks(a: list[int], b: list[int]) -> list[tuple[int, int, int]]:
    """Runs of equal words ``(i, j, n)``, in order: difflib's for short texts, patience's for long ones.

    Long texts are compared as ``git diff --patience`` does: the equal words at the start and end of a
    stretch are matched; then the words that occur exactly once in each side's stretch are the anchors,
    and the longest chain of anchors in the same order on both sides (a longest increasing subsequence) is
    matched and splits the stretch into smaller ones, done alike; a stretch without anchors is difflib's.
    Time about n log n in the words, where difflib's grows with the product of a frequent word's
    occurrences: a 20 KB Chinese text against an edited copy takes a few milliseconds instead of 20. A
    moved paragraph shows as deleted in one place and inserted in another, which is what it is.
    """
    if len(a) + len(b) <= _SMALL_STRETCH:
        return _difflib_blocks(a, 0, len(a), b, 0, len(b), autojunk=False)
    blocks: list[tuple[int, int, int]] = []
    stack = [(0, len(a), 0, len(b))]
    while stack:
        alo, ahi, blo, bhi = stack.pop()
        start = alo
        while alo < ahi and blo < bhi and a[alo] == b[blo]:
            alo, blo = alo + 1, blo + 1
        if alo > start:
            blocks.append((start, blo - (alo - start), alo - start))
        end = ahi
        while alo < ahi and blo < bhi and a[ahi - 1] == b[bhi - 1]:
            ahi, bhi = ahi - 1, bhi - 1
        if ahi < end:
            blocks.append((ahi, bhi, end - ahi))
        if alo == ahi or blo == bhi:
            continue
        anchors = _anchors(a, alo, ahi, b, blo, bhi)
        if not anchors:  # difflib, with its "popular word" shortcut to bound the time on a long stretch
            long = (ahi - alo) + (bhi - blo) > _SMALL_STRETCH
            blocks += _difflib_blocks(a, alo, ahi, b, blo, bhi, autojunk=long)
            continue
        i, j = alo, blo
        for ai, bj in anchors:
            blocks.append((ai, bj, 1))
            stack.append((i, ai, j, bj))
            i, j = ai + 1, bj + 1
        stack.append((i, ahi, j, bhi))
    blocks.sort()
    merged: list[tuple[int, int, int]] = []
    for i, j, n in blocks:  # neighbours found apart (an anchor beside a common prefix) join into one run
        if merged and merged[-1][0] + merged[-1][2] == i and merged[-1][1] + merged[-1][2] == j:
            merged[-1] = (merged[-1][0], merged[-1][1], merged[-1][2] + n)
        else:
            merged.append((i, j, n))
    return merged


def _difflib_blocks(
    a: list[int], alo: int, ahi: int, b: list[int], blo: int, bhi: int, *, autojunk: bool
) -> list[tuple[int, int, int]]:
    matcher = difflib.SequenceMatcher(None, a[alo:ahi], b[blo:bhi], autojunk=autojunk)
    return [(alo + i, blo + j, n) for i, j, n in matcher.get_matching_blocks() if n]


def _anchors(a: list[int], alo: int, ahi: int, b: list[int], blo: int, bhi: int) -> list[tuple[int, int]]:
    """Pairs (i, j) of words unique in both stretches, the longest chain of them in the same order."""
    in_a, in_b = Counter(a[alo:ahi]), Counter(b[blo:bhi])
    where_in_a = {a[i]: i for i in range(alo, ahi) if in_a[a[i]] == 1}
    pairs = [(where_in_a[b[j]], j) for j in range(blo, bhi) if in_b[b[j]] == 1 and b[j] in where_in_a]
    pairs.sort()
    # Longest increasing run of j (patience sorting): tails[k] is the pair ending the best chain of k + 1.
    tails: list[int] = []
    tail_js: list[int] = []
    before: list[int] = [-1] * len(pairs)
    for index, (_, j) in enumerate(pairs):
        k = bisect.bisect_left(tail_js, j)
        before[index] = tails[k - 1] if k else -1
        if k == len(tails):
            tails.append(index)
            tail_js.append(j)
        else:
            tails[k] = index
            tail_js[k] = j
    chain: list[tuple[int, int]] = []
    index = tails[-1] if tails else -1
    while index >= 0:
        chain.append(pairs[index])
        index = before[index]
    chain.reverse()
    return chain


def _opcodes(blocks: list[tuple[int, int, int]], a_size: int, b_size: int) -> list[tuple[Tag, int, int, int, int]]:
    """Equal runs and what lies between them, as difflib's opcodes do it."""
    codes: list[tuple[Tag, int, int, int, int]] = []
    i = j = 0
    for ai, bj, n in [*blocks, (a_size, b_size, 0)]:
        if i < ai and j < bj:
            codes.append((Tag.REPLACE, i, ai, j, bj))
        elif i < ai:
            codes.append((Tag.DELETE, i, ai, j, bj))
        elif j < bj:
            codes.append((Tag.INSERT, i, ai, j, bj))
        i, j = ai + n, bj + n
        if n:
            codes.append((Tag.EQUAL, ai, i, bj, j))
    return codes


def diff_texts(text_a: str, text_b: str, *, segmenter: Segmenter | str = Segmenter.JIEBA) -> TextDiff:
    """The word-level differences between two raw texts, as offsets into each.

    Args:
        text_a: Text A as shown.
        text_b: Text B as shown.
        segmenter: How words are found (see :func:`words`).
    """
    return diff_words(words(text_a, segmenter), words(text_b, segmenter))


class WordsCache:
    """The words of the last few texts, so diffing again after one text changed cuts only that text.

    :meth:`diff` gives exactly :func:`diff_texts`. Not thread-safe: one thread owns it (the window's diff
    worker).
    """

    def __init__(self, size: int = 4) -> None:
        if size < 2:
            raise ValueError(f"a words cache must hold at least the two texts of a diff, got size={size}")
        self._size = size
        self._words: OrderedDict[tuple[str, Segmenter], tuple[Word, ...]] = OrderedDict()

    def words(self, text: str, segmenter: Segmenter | str = Segmenter.JIEBA) -> tuple[Word, ...]:
        """The same words as :func:`words`, remembered."""
        key = (text, Segmenter(segmenter))
        found = self._words.get(key)
        if found is None:
            found = self._words[key] = tuple(words(text, segmenter))
            while len(self._words) > self._size:
                self._words.popitem(last=False)
        self._words.move_to_end(key)
        return found

    def diff(self, text_a: str, text_b: str, *, segmenter: Segmenter | str = Segmenter.JIEBA) -> TextDiff:
        """The same TextDiff as :func:`diff_texts`."""
        return diff_words(self.words(text_a, segmenter), self.words(text_b, segmenter))


def _key(token: str) -> str:
    return unicodedata.normalize("NFKC", token).casefold()


def _keys(tokens: list[str]) -> list[str]:
    """Each token's ``_key``, normalised in one go (by the text's quick NFKC, which folds full-width forms with
    a table): no token holds a line break, none comes out of NFKC or case folding, and nothing composes
    across one, so the keys of the joined tokens split at the line breaks are the tokens' keys (checked by
    count, and each token is keyed alone should that ever fail)."""
    keys = nfkc("\n".join(tokens)).casefold().split("\n") if tokens else []
    return keys if len(keys) == len(tokens) else [_key(token) for token in tokens]


def _extent(found: Sequence[Word], first: int, last: int) -> tuple[int, int]:
    """Character range of words [first, last); an empty range sits just after the word before it."""
    if first < last:
        return found[first].start, found[last - 1].end
    at = found[first - 1].end if first > 0 else 0
    return at, at


def _map(offset: int, source: Sequence[Word], target: Sequence[Word], spans: Sequence[Span], *, from_a: bool) -> int:
    if not spans or not source:
        return 0
    # The word at or before the offset; an offset before the first word belongs to the first.
    starts = [w.start for w in source]
    index = max(0, bisect.bisect_right(starts, offset) - 1)
    for span in spans:
        first, last = span.a_words if from_a else span.b_words
        other_first = span.b_words[0] if from_a else span.a_words[0]
        if first <= index < last:
            if span.tag is Tag.EQUAL:
                return target[other_first + index - first].start
            if other_first < len(target):  # the other text's first word of the run, or the word after the gap
                return target[other_first].start
            return target[-1].end if target else 0
    return target[-1].end if target else 0
