"""Word-level differences between two texts, mapped back to character offsets (the Differences view).

SimHash says *how far apart* two texts are; a reader also wants to see *where*. The texts are cut into
words (jieba by default, so Chinese is compared word by word rather than character by character),
compared with :mod:`difflib`, and every run of equal or differing words is reported as character
offsets into the *original* texts, so a front end can highlight them in place.

Words are compared after NFKC normalisation and case folding, as the fingerprint sees them; whitespace
is not a word, so re-wrapping a paragraph is not a difference. Punctuation is kept: a changed comma is
a difference a reader wants to see. Offsets are Python string indices (code points).
"""

from __future__ import annotations

import bisect
import difflib
import re
import unicodedata
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

from simcompare.core.compat import StrEnum
from simcompare.core.tokens import Segmenter, jieba_segmenter

# Beyond this many words in both texts together, difflib's "popular word" heuristic is switched on:
# without it a long text costs time quadratic in its most frequent words.
AUTOJUNK_ABOVE = 50_000

_WORD_OR_MARK = re.compile(r"\w+|[^\w\s]")


class Tag(StrEnum):
    """What happened to a run of words between text A and text B."""

    EQUAL = "equal"
    REPLACE = "replace"  # words of A replaced by other words in B
    DELETE = "delete"  # words of A missing from B
    INSERT = "insert"  # words of B missing from A


@dataclass(frozen=True, slots=True)
class Word:
    """One word of a text and where it stands.

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
    found: list[Word] = []
    if segmenter is Segmenter.JIEBA:
        # The fingerprint's own segmenter (Chinese by jieba, other words whole); only spaces lie between
        # its tokens, so each one is found right where the previous one ended, past some whitespace.
        end = 0
        for token in jieba_segmenter().lcut(text):
            start = text.index(token, end)
            end = start + len(token)
            found.append(Word(token, start, end, _key(token)))
    elif segmenter is Segmenter.WORDS:
        for match in _WORD_OR_MARK.finditer(text):
            found.append(Word(match.group(), match.start(), match.end(), _key(match.group())))
    else:
        for i, ch in enumerate(text):
            if not ch.isspace():
                found.append(Word(ch, i, i + 1, _key(ch)))
    return found


def diff_words(a: Sequence[Word], b: Sequence[Word]) -> TextDiff:
    """Compare two word lists (from :func:`words`)."""
    autojunk = len(a) + len(b) > AUTOJUNK_ABOVE
    matcher = difflib.SequenceMatcher(None, [w.key for w in a], [w.key for w in b], autojunk=autojunk)
    spans = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        a_start, a_end = _extent(a, i1, i2)
        b_start, b_end = _extent(b, j1, j2)
        spans.append(Span(Tag(tag), a_start, a_end, b_start, b_end, (i1, i2), (j1, j2)))
    return TextDiff(tuple(a), tuple(b), tuple(spans))


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
