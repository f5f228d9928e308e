"""Segmenting clean text into tokens and dropping what carries no meaning (DESIGN.md §2, step 3)."""

from __future__ import annotations

import hashlib
import importlib.util
import logging
import os
import re
import sys
import threading
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable
from functools import cache
from itertools import chain, filterfalse, repeat
from operator import itemgetter
from types import ModuleType
from typing import Generic, TypeVar

from simcompare.core.compat import StrEnum
from simcompare.core.resources import resource
from simcompare.core.tokens.jieba_cache import place_jieba_cache


class Segmenter(StrEnum):
    """How clean text is cut into tokens."""

    JIEBA = "jieba"  # jieba precise mode, HMM on, for Chinese; words of other scripts whole (see JiebaSegmenter)
    WORDS = "words"  # runs of letters and digits: for Latin-script text
    CHARS = "chars"  # character n-grams within each run of letters: needs no dictionary


_jieba_lock = threading.Lock()
_jieba_tokenizer = None


def import_jieba() -> ModuleType:
    """``import jieba``, without the ``pkg_resources`` it tries first (deprecated, and three quarters of the
    import's time: a tenth of a second in every process that needs jieba's HMM, each scan worker among them).

    jieba uses it only to open its own data files, and opens them by their path when it is missing, which it
    is made to be while jieba is imported (unless something imported it already).
    """
    if "jieba" in sys.modules:
        return sys.modules["jieba"]
    with _jieba_lock:
        hidden = "pkg_resources" not in sys.modules
        if hidden:
            sys.modules["pkg_resources"] = None  # type: ignore[assignment]  # makes `import pkg_resources` fail
        try:
            import jieba
        finally:
            if hidden and sys.modules.get("pkg_resources", False) is None:
                del sys.modules["pkg_resources"]
    return jieba


def jieba_tokenizer():
    """jieba's default tokenizer, its dictionary loaded on first use (about half a second), quietly."""
    global _jieba_tokenizer
    jieba = import_jieba()
    with _jieba_lock:
        if _jieba_tokenizer is None:
            jieba.setLogLevel(logging.WARNING)
            place_jieba_cache(jieba.dt)  # robust branch: jieba's cache in the user's cache folder
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
_HAN = "\\u4e00-\\u9fd5"
_HAN_SEARCH = re.compile(f"[{_HAN}]").search
# Scripts written without spaces between words, other than the Han above (more CJK ideographs, kana,
# bopomofo, Thai, Lao, Myanmar, Khmer): one token per character, as jieba has always cut them.
_UNSPACED = (
    "\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3100-\u312f\u31f0-\u31ff"
    "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003ffff"
)


@cache
def _word_rules() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """Pieces of text: runs of Han characters for jieba, and words by the rule for everything else.

    Two forms of one rule: for plain text, and (slower) for text holding ``#`` or ``++``.

    A word is a run of letters and digits of any script (Python's ``\\w`` without ``_``), combining marks
    of the Basic Multilingual Plane riding along inside it (Devanagari vowel signs, a decomposed accent);
    a number may end in ``.digits`` and ``%`` as jieba keeps ``2.0`` and ``100%``; ``c++`` and ``c#``, the
    two words of jieba's dictionary made only of such characters, are words wherever they stand (``0c#`` is
    ``0`` + ``c#``, as in jieba); any other character that is not a space is a token alone. On ASCII text
    this gives exactly jieba's meaningful tokens.
    """
    # Marks of the Basic Multilingual Plane only (every living script's): the regular expression engine
    # tests a class of them with a bitmap, but one reaching beyond it range by range, at twice the cost.
    marks = [c for c in range(0x300, 0x10000) if unicodedata.category(chr(c))[0] == "M"]
    spans: list[list[int]] = []
    for c in marks:
        if spans and spans[-1][1] == c - 1:
            spans[-1][1] = c
        else:
            spans.append([c, c])
    mark_class = "".join(re.escape(chr(a)) + ("-" + re.escape(chr(b)) if b > a else "") for a, b in spans)
    # Marks are tried only where a run of letters stops, so ordinary text pays nothing for them.
    # One pass finds the pieces in order: a run of Han characters (bounded), c++/c#, a word, a lone mark.
    rule = "[{h}]{{1,{n}}}|{c}|{w}+(?:[{m}]+{w}*)*(?:\\.\\d+)?%?|\\S"
    c_words = "[cC](?:\\+\\+|#)"
    letter = f"[^\\W_{_UNSPACED}]"
    plain = rule.format(h=_HAN, n=HAN_PIECE, c=c_words, w=letter, m=mark_class)
    careful = rule.format(h=_HAN, n=HAN_PIECE, c=c_words, w=f"(?:(?!{c_words}){letter})", m=mark_class)
    return re.compile(plain), re.compile(careful)


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


_rjieba_lock = threading.Lock()
_rjieba_prepared = False


def _rjieba_cutter() -> Callable[[str], list[str]]:
    """rjieba's precise mode with HMM, made to compute with jieba's very numbers.

    On a run of Han characters jieba-rs does what jieba does: the same dictionary, the same DAG and route
    (ties to the longer word), the same HMM tables and Viterbi (benchmarks/compare_engines.py and
    tests/core/test_tokens.py check it), but for how the HMM breaks an exact tie, which
    ``_with_jiebas_hmm_ties`` settles jieba's way. One difference is arithmetic: jieba's dictionary lists B超 twice
    and jieba adds both lines to its total frequency, jieba-rs only the last. Giving jieba-rs's B超 the sum
    of both lines makes the totals, and so every log probability, equal; no run of Han characters holds a B.

    The cutter is rjieba's own default one: importing rjieba builds it (0.2 s), and building a second
    would double the time to the first cut. The word is set once per process.
    """
    global _rjieba_prepared
    import rjieba

    with _rjieba_lock:
        if not _rjieba_prepared:
            rjieba.add_word("B超", 6, None)
            _rjieba_prepared = True
    cut, has_word = rjieba.cut, rjieba.has_word

    def cut_run(run: str) -> list[str]:
        if len(set(run)) == len(run):  # no character twice: see _with_jiebas_hmm_ties
            return cut(run, True)
        return _with_jiebas_hmm_ties(run, cut, has_word)

    return cut_run


def _with_jiebas_hmm_ties(
    run: str, cut: Callable[[str, bool], list[str]], has_word: Callable[[str], bool]
) -> list[str]:
    """jieba's words of a run, where its HMM might meet a tie.

    jieba cuts a run by the dictionary's best route and hands each stretch of single characters that is not
    itself a word to its HMM. Where a stretch holds one character twice (业园园园业), two labellings can have
    exactly the same probability (the same emissions and transitions in another order); jieba and jieba-rs
    break such ties differently. Without a repeated character no two labellings share their terms, so
    jieba-rs's HMM is used unless a stretch repeats a character: then the stretches go through jieba's own
    HMM (its ``finalseg``, which loads only the small HMM tables), on jieba-rs's route, which is jieba's.
    """
    route = cut(run, False)
    stretches: list[str] = []
    stretch = ""
    for word in route:
        if len(word) == 1:
            stretch += word
        elif stretch:
            stretches.append(stretch)
            stretch = ""
    if stretch:
        stretches.append(stretch)
    if all(len(set(s)) == len(s) or has_word(s) for s in stretches):
        return cut(run, True)
    import_jieba()
    from jieba import finalseg

    words: list[str] = []
    stretch = ""
    for word in [*route, ""]:  # "" ends the last stretch
        if len(word) == 1:
            stretch += word
            continue
        if len(stretch) == 1:
            words.append(stretch)
        elif stretch and not has_word(stretch):
            words += finalseg.cut(stretch)
        else:
            words += stretch  # a stretch that is a word stays as single characters, as in jieba
        stretch = ""
        if word:
            words.append(word)
    return words


def _python_cutter() -> Callable[[str], list[str]]:
    tokenizer = jieba_tokenizer()
    # jieba's own cut of one block: for a run of Han characters jieba.lcut(run) is exactly this.
    cut_block = getattr(tokenizer, "_Tokenizer__cut_DAG", None)
    if cut_block is None:  # another jieba: its public cut, which is the same on a run of Han characters
        return lambda run: tokenizer.lcut(run, cut_all=False, HMM=True)
    return lambda run: list(cut_block(run))


_Remembered = TypeVar("_Remembered")


class _Memory(Generic[_Remembered]):
    """What the segmenter remembers of each chunk, and how many characters its chunks hold.

    The table is a plain dict on purpose: ``set.difference`` looks a plain dict's keys up, but walks the
    whole of a dict subclass.
    """

    def __init__(self) -> None:
        self.table: dict[str, _Remembered] = {}
        self.chars = 0


class JiebaSegmenter:
    """The default segmenter: jieba's words on runs of Han characters, the word rule on the rest.

    No token holds whitespace and no rule looks across it, so a text's tokens are the tokens of its
    whitespace-separated chunks, one after another (``str.split`` finds the chunks at C speed, far quicker
    than any regular expression). The segmenter remembers each chunk's tokens (and, for each stop-word
    setting, the ones kept): real folders repeat a great deal (words, licences, boilerplate, set phrases),
    so a scan cuts and judges each distinct chunk once and puts a text together from remembered tuples.
    """

    # A memory starts afresh past this many chunks or characters (tens of MB; Chinese text can run long
    # between spaces, so the characters are counted as well).
    LIMIT = 200_000
    CHARS = 4_000_000

    def __init__(self, engine: Engine | str | None = None) -> None:
        self.engine = _chosen_engine() if engine is None else Engine(engine)
        self._cut_run = _rjieba_cutter() if self.engine is Engine.RJIEBA else _python_cutter()
        # Tuples, not lists: the garbage collector stops tracking a tuple of strings, so a large memory
        # does not make every collection slower.
        self._tokens_of: _Memory[tuple[str, ...]] = _Memory()
        self._kept_of: dict[bool, _Memory[tuple[str, ...]]] = {True: _Memory(), False: _Memory()}
        self._kept_and_ids_of: dict[bool, _Memory[tuple[tuple[str, ...], bytes]]] = {True: _Memory(), False: _Memory()}
        plain, careful = _word_rules()
        self._plain_pieces, self._careful_pieces = plain.findall, careful.findall

    def forget(self) -> None:
        """Forget every chunk cut so far (for benchmarks that measure a first pass)."""
        self._tokens_of = _Memory()
        self._kept_of = {True: _Memory(), False: _Memory()}
        self._kept_and_ids_of = {True: _Memory(), False: _Memory()}

    def cut_han(self, run: str) -> list[str]:
        """jieba's words of one run of Han characters (at most HAN_PIECE of them), nothing remembered."""
        return self._cut_run(run)

    def _pieces(self, text: str) -> list[str]:
        return (self._careful_pieces if "#" in text or "++" in text else self._plain_pieces)(text)

    def _cut_chunk(self, chunk: str) -> tuple[str, ...]:
        """The tokens of one chunk (text without whitespace): its pieces, a Han run's being jieba's words
        and a long word's its bounded pieces."""
        pieces = self._pieces(chunk)
        if len(chunk) <= WORD_PIECE and not _HAN_SEARCH(chunk):
            return tuple(pieces)  # the common case of Latin text: every piece is a token
        tokens: list[str] = []
        for piece in pieces:
            if "\u4e00" <= piece[0] <= "\u9fd5":
                tokens += self._cut_run(piece)
            elif len(piece) > WORD_PIECE:
                tokens += (piece[i : i + WORD_PIECE] for i in range(0, len(piece), WORD_PIECE))
            else:
                tokens.append(piece)
        return tuple(tokens)

    def _remembered(self, memory: _Memory[_Remembered], chunks: list[str]) -> tuple[dict[str, _Remembered], set[str]]:
        """The memory's table and the chunks it lacks (set operations find them at C speed). When they would
        not fit, the memory starts afresh with a new table: a thread still reading the old one (the window
        segments on more than one) keeps every chunk it was given."""
        table = memory.table
        missing = set(chunks).difference(table)
        if missing:
            size = sum(map(len, missing))
            if len(table) + len(missing) > self.LIMIT or memory.chars + size > self.CHARS:
                table = memory.table = {}
                memory.chars = 0
                missing = set(chunks)
                size = sum(map(len, missing))
            memory.chars += size
        return table, missing

    def lcut(self, text: str) -> list[str]:
        """The tokens of a text in order; whitespace is not a token."""
        chunks = text.split()
        tokens_of, missing = self._remembered(self._tokens_of, chunks)
        for chunk in missing:
            tokens_of[chunk] = self._cut_chunk(chunk)
        return list(chain.from_iterable(map(tokens_of.__getitem__, chunks)))

    def kept(self, text: str, *, drop_stopwords: bool = True) -> list[str]:
        """The tokens that carry meaning, in order: ``lcut`` without what ``count_features`` drops."""
        chunks = text.split()
        kept_of = self._kept_chunks(chunks, drop_stopwords)
        return list(chain.from_iterable(map(kept_of.__getitem__, chunks)))

    def kept_with_ids(self, text: str, *, drop_stopwords: bool = True) -> tuple[list[str], bytes]:
        """``kept`` and the kept tokens' ``token_ids``, each chunk's both remembered in one memory (one
        look-up a chunk, where English text has about a chunk a token)."""
        chunks = text.split()
        both_of, missing = self._remembered(self._kept_and_ids_of[bool(drop_stopwords)], chunks)
        if missing:
            new = list(missing)
            kept_of_new = self._cut_and_keep(new, drop_stopwords)  # not put in the memory of kept tokens too
            id_of = _known_ids(set(chain.from_iterable(kept_of_new))).__getitem__
            # A chunk of one token (most of them in English) needs no join.
            ids = [id_of(k[0]) if len(k) == 1 else b"".join(map(id_of, k)) for k in kept_of_new]
            both_of.update(zip(new, zip(kept_of_new, ids, strict=True), strict=True))
        both = list(map(both_of.__getitem__, chunks))
        return list(chain.from_iterable(map(_FIRST, both))), b"".join(map(_SECOND, both))

    def _kept_chunks(self, chunks: list[str], drop_stopwords: bool) -> dict[str, tuple[str, ...]]:
        """The memory of kept tokens, holding every one of ``chunks``."""
        kept_of, missing = self._remembered(self._kept_of[bool(drop_stopwords)], chunks)
        if missing:
            new = list(missing)
            kept_of.update(zip(new, self._cut_and_keep(new, drop_stopwords), strict=True))
        return kept_of

    def _cut_and_keep(self, chunks: list[str], drop_stopwords: bool) -> list[tuple[str, ...]]:
        """Each chunk's kept tokens, cut afresh."""
        is_dropped = _SEGMENTER_DROPS[bool(drop_stopwords)].test(chunks)
        return list(map(tuple, map(filterfalse, repeat(is_dropped), map(self._cut_chunk, chunks))))


_FIRST, _SECOND = itemgetter(0), itemgetter(1)

_TOKEN_IDS: dict[str, bytes] = {}
# A process remembers this many token identities, then starts afresh. 2^18, not 2^20: a scan's worker of 15,000
# generated files held 397 MB with 2^20 (here and in the codes' and the stop words' memories), 244 MB with 2^18,
# in the same time (a token hashed again costs a microsecond; docs/performance.md).
_TOKEN_IDS_LIMIT = 1 << 18


def token_ids(tokens: Iterable[str]) -> bytes:
    """Each token's fixed 64-bit identity, 8 big-endian bytes one after another: the first 8 bytes of the
    blake2b hash of its UTF-8, the same in every process and on every machine (verification's sketches are
    made of them). A new token is hashed once per process; the known ones are looked up at C speed."""
    tokens = tokens if isinstance(tokens, list | tuple) else list(tokens)
    return b"".join(map(_known_ids(set(tokens)).__getitem__, tokens))


def _known_ids(tokens: set[str]) -> dict[str, bytes]:
    """The memory of token identities, holding every one of ``tokens`` (a full memory is replaced, not
    emptied, so a thread still reading the old one finds what it was given)."""
    global _TOKEN_IDS
    known = _TOKEN_IDS
    missing = tokens.difference(known)
    if missing and len(known) + len(missing) > _TOKEN_IDS_LIMIT:
        known = _TOKEN_IDS = {}
        missing = tokens
    for token in missing:
        known[token] = hashlib.blake2b(token.encode("utf-8", "surrogatepass"), digest_size=8).digest()
    return known


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
    """Remembers which tokens are dropped, so each distinct token is judged once per process."""

    _LIMIT = 1 << 19  # tokens judged, then it starts afresh (twice the token identities' memory, _TOKEN_IDS_LIMIT)

    def __init__(self, drop_stopwords: bool) -> None:
        self._drop_stopwords = drop_stopwords
        # the tokens judged and those dropped, replaced together: a thread reads both from one look
        self._memory: tuple[set[str], set[str]] = (set(), set())

    def __call__(self, token: str) -> bool:
        judged, dropped = self._memory
        if token not in judged:
            judged, dropped = self._judge({token}, judged, dropped)
        return token in dropped

    def _judge(self, tokens: set[str], judged: set[str], dropped: set[str]) -> tuple[set[str], set[str]]:
        """Decide for tokens not seen before and remember them in ``judged`` and ``dropped`` (the memory as the
        caller read it), or, if the memory is full, in new sets that replace it: another thread may still be
        reading the old ones. Returns the sets the tokens were judged into, which the caller reads from."""
        if len(judged) + len(tokens) > self._LIMIT:
            judged, dropped = set(), set()
            self._memory = (judged, dropped)
        drop_stopwords = self._drop_stopwords
        for token in tokens:
            judged.add(token)
            if is_meaningless(token) or (drop_stopwords and token in stopwords()):
                dropped.add(token)
        return judged, dropped

    def keep(self, counts: dict[str, int]) -> dict[str, int]:
        """The counts with the dropped tokens taken out, in place (the hot loop of every document, so set
        operations at C speed rather than a call per token)."""
        judged, dropped = self._memory
        new = counts.keys() - judged
        if new:
            full = len(judged) + len(new) > self._LIMIT
            judged, dropped = self._judge(new | counts.keys() if full else new, judged, dropped)
        for token in counts.keys() & dropped:
            del counts[token]
        return counts


_DROPPERS = {True: _DropCache(True), False: _DropCache(False)}

_ASTRAL = re.compile("[\U00010000-\U0010ffff]")


@cache
def _meaningless_bmp_characters() -> frozenset[str]:
    """The characters of the Basic Multilingual Plane that are tokens without meaning (some 14,500 of them,
    private use and unassigned code points included; found in about a hundredth of a second)."""
    return frozenset(ch for ch in map(chr, range(0x10000)) if unicodedata.category(ch)[0] in "PSZC")


class _SegmenterDrops:
    """What the jieba segmenter drops, as one set, so a chunk's tokens are filtered by a lookup at C speed
    and no token needs judging first.

    Of the segmenter's tokens only a single character can be without meaning: every longer token holds a
    Han character, a letter, a digit or a combining mark (a word of the word rule is made of those but for
    one ``.`` and one closing ``%``, so of a long word's bounded pieces only a last one can lack them, and
    then it is that ``%`` alone; tests/core/test_tokens.py checks it against the rule). So the set is the
    stop words (when dropped) and the meaningless characters: those of the Basic Multilingual Plane from
    the start, the rarer ones beyond it (emoji) as the chunks bring them.
    """

    _LIMIT = 100_000  # meaningless characters beyond the BMP remembered before starting afresh

    def __init__(self, drop_stopwords: bool) -> None:
        self._drop_stopwords = drop_stopwords
        self._base: frozenset[str] | None = None
        self._dropped: set[str] = set()

    def test(self, chunks: Iterable[str]) -> Callable[[str], bool]:
        """A test ``token → dropped`` that is right for every token of ``chunks``."""
        if self._base is None:
            stop = stopwords() if self._drop_stopwords else frozenset()
            base = _meaningless_bmp_characters() | stop
            # the set first, then the base: a thread that finds the base set must find the set holding it (it
            # found the empty set of __init__, so its stop words and punctuation were kept)
            self._dropped = set(base)
            self._base = base
        dropped = self._dropped
        beyond = set(_ASTRAL.findall("".join(chunks)))
        new = set(filter(is_meaningless, beyond.difference(dropped)))
        if new:
            if len(dropped) - len(self._base) + len(new) > self._LIMIT:
                # A new set (one handed out keeps answering), holding all of these chunks' characters.
                dropped = self._dropped = set(self._base)
                new = set(filter(is_meaningless, beyond))
            dropped.update(new)
        return dropped.__contains__


_SEGMENTER_DROPS = {True: _SegmenterDrops(True), False: _SegmenterDrops(False)}


def count_features(raw_tokens: Iterable[str], *, drop_stopwords: bool = True) -> dict[str, int]:
    """Count the tokens that carry meaning, in order of first appearance."""
    return dict(_DROPPERS[bool(drop_stopwords)].keep(Counter(raw_tokens)))


def count_text_features(
    text: str, segmenter: Segmenter | str = Segmenter.JIEBA, *, ngram: int = 2, drop_stopwords: bool = True
) -> dict[str, int]:
    """``count_features(segment(text, …))`` without listing every token (what a fingerprint needs)."""
    if Segmenter(segmenter) is Segmenter.JIEBA:
        return dict(Counter(jieba_segmenter().kept(text, drop_stopwords=drop_stopwords)))
    return count_features(segment(text, segmenter, ngram=ngram), drop_stopwords=drop_stopwords)


def features_with_ids(
    text: str, segmenter: Segmenter | str = Segmenter.JIEBA, *, ngram: int = 2, drop_stopwords: bool = True
) -> tuple[list[str], bytes]:
    """``features`` and their ``token_ids``."""
    if Segmenter(segmenter) is Segmenter.JIEBA:
        return jieba_segmenter().kept_with_ids(text, drop_stopwords=drop_stopwords)
    kept = features(text, segmenter, ngram=ngram, drop_stopwords=drop_stopwords)
    return kept, token_ids(kept)


def features(
    text: str, segmenter: Segmenter | str = Segmenter.JIEBA, *, ngram: int = 2, drop_stopwords: bool = True
) -> list[str]:
    """The kept tokens of clean text in order (for diffs, edit distance and shingles)."""
    if Segmenter(segmenter) is Segmenter.JIEBA:
        return jieba_segmenter().kept(text, drop_stopwords=drop_stopwords)
    drop = _DROPPERS[bool(drop_stopwords)]
    return [t for t in segment(text, segmenter, ngram=ngram) if not drop(t)]
