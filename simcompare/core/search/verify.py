"""Verification: a second measure that must agree before two close fingerprints count as near-duplicates.

SimHash finds candidates: fingerprints within k bits. Among the millions of unrelated pairs of a large
folder, some land within k by chance or because they share a vocabulary (two Perl manual pages are 3 bits
apart yet share 14% of their words). So every candidate is checked by its *resemblance*: the Jaccard
similarity of the two texts' sets of **word shingles** — each pair of consecutive kept tokens (after stop
words are dropped). Shingles see word order, so texts that merely share a vocabulary score low, while
edited copies, reflowed or HTML-wrapped copies and reordered paragraphs keep most of their shingles.

A shingle is a 64-bit hash of its two tokens, of which a sketch keeps the top 32 bits (their order is the 64-bit
hashes' order, but for ties). A text keeps the ``SKETCH`` (256) smallest: its **sketch** (a bottom-k sketch, sorted
``uint32``, 1 KiB), which is what a scan stores, so memory per file is bounded whatever its length: for
texts of fewer distinct shingles the resemblance is exact, for longer ones it is the standard bottom-k
estimate (standard error about 0.03 at a resemblance of 0.4). Sketches of 1,024 hashes of 64 bits (8 KiB a
file, before) grouped the evaluation folders the same; a saved sketch of 64-bit hashes is read as the
sketch of 32-bit hashes the text has now (:func:`sketch_from_bytes` with ``legacy``). The threshold and the
default k were chosen together from evidence (``benchmarks/eval_groups.py``; docs/defaults.md has the tables).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from simcompare.core.defaults import (
    DEFAULT_BOILERPLATE_RESEMBLANCE,
    DEFAULT_CLOSE_SLACK,
    DEFAULT_MIN_OWN_RESEMBLANCE,
    DEFAULT_MIN_RESEMBLANCE,
    DEFAULT_MIN_SHINGLES,
    DEFAULT_SLACK_SHINGLES,
    DEFAULT_STRONG_RESEMBLANCE,
    default_k,
)
from simcompare.core.tokens.segment import token_ids

__all__ = [
    "DEFAULT_BOILERPLATE_RESEMBLANCE",
    "DEFAULT_CLOSE_SLACK",
    "DEFAULT_MIN_OWN_RESEMBLANCE",
    "DEFAULT_MIN_RESEMBLANCE",
    "DEFAULT_MIN_SHINGLES",
    "DEFAULT_SLACK_SHINGLES",
    "DEFAULT_STRONG_RESEMBLANCE",
    "HASH_MAX",
    "QUICK",
    "QUICK_MARGIN",
    "SHINGLES",
    "SIMHASH",
    "SKETCH",
    "SKETCH_WORDS",
    "Decision",
    "Sketch",
    "is_sketch",
    "joined_sketches",
    "not_as_written",
    "quick_resemblance",
    "quick_table",
    "resemblance",
    "resemblances",
    "shingles",
    "sketch_from_bytes",
    "sketch_of_ids",
    "sketch_to_bytes",
]

Sketch = npt.NDArray[np.uint32]
"""A text's sketch: the smallest ``SKETCH`` hashes of its shingles (32 bits each), sorted and distinct."""

SKETCH = 256
"""Most shingle hashes kept per text (1 KiB). 1,024 hashes of 64 bits (8 KiB) gave the same recall, false positives,
links and pairs together in ``benchmarks/eval_groups.py``; 128 lost some (docs/performance.md has the figures)."""

HASH_MAX = 0xFFFF_FFFD
"""The largest hash a sketch holds: the two values above it pad the quick tables (:func:`quick_table`)."""

SKETCH_WORDS = np.dtype("<u4")
"""How a sketch's hashes are stored as bytes (:func:`sketch_to_bytes`): little-endian 32-bit words."""

_EMPTY: Sketch = np.zeros(0, dtype=np.uint32)
_MIX = np.uint64(0x9E3779B97F4A7C15)
_TOP = np.uint64(32)


def shingles(sequence: Sequence[str]) -> Sketch:
    """The text's sketch: the hashes of its shingles (each two consecutive tokens), sorted, unique, the smallest
    ``SKETCH``.

    A text of one token has that token as its only shingle; a text of none has none. The hashes are
    fixed (blake2b of the UTF-8 bytes, then a fixed mix), so they agree across processes and machines.

    Raises:
        TypeError: ``sequence`` is not a sequence of strings (a str alone is one: its characters are tokens).
    """
    if not isinstance(sequence, Sequence) and not isinstance(sequence, list | tuple):
        raise TypeError(f"sequence must be a sequence of tokens (strings), got {type(sequence).__name__}")
    if isinstance(sequence, bytes | bytearray) or not all(isinstance(token, str) for token in sequence):
        raise TypeError("sequence must hold tokens (strings) only, such as ['上海', '北京']")
    return sketch_of_ids(token_ids(sequence))


def _top_half(hashes: npt.NDArray[np.uint64]) -> Sketch:
    """64-bit shingle hashes as a sketch: their top 32 bits (the order of the 64-bit hashes, but for ties),
    below the pads, sorted, distinct, the smallest ``SKETCH``."""
    top = np.minimum(hashes >> _TOP, np.uint64(HASH_MAX)).astype(np.uint32)
    return np.unique(top)[:SKETCH]


def sketch_of_ids(ids: bytes) -> Sketch:
    """The sketch (as :func:`shingles` makes it) of the tokens whose ``core.tokens.segment.token_ids`` these are."""
    if not ids:
        return _EMPTY
    hashes = np.frombuffer(ids, dtype=">u8").astype(np.uint64)
    if len(hashes) == 1:
        return _top_half(hashes)
    # Rotate the first token's hash so that (a, b) and (b, a) differ; multiply to spread the bits.
    first = hashes[:-1]
    rotated = (first << np.uint64(1)) | (first >> np.uint64(63))
    with np.errstate(over="ignore"):
        pairs = (rotated ^ hashes[1:]) * _MIX
    return _top_half(pairs)


def resemblance(a: Sketch, b: Sketch) -> float:
    """Jaccard similarity of two texts from their shingle sketches; two empty texts resemble each other fully.

    The smallest ``SKETCH`` hashes of the union are a uniform sample of it, and each sketch holds every
    hash of its text below its largest, so counting the sample's hashes found in both estimates the
    Jaccard similarity — exactly when neither text has more than ``SKETCH`` shingles.
    """
    if len(a) == 0 and len(b) == 0:
        return 1.0
    if len(a) == 0 or len(b) == 0:
        return 0.0
    # One sort of both sketches (each sorted and unique): a hash in both shows as two equal neighbours.
    # A fifth of the time of union1d and two isin calls, which regrouping a large folder spends per member.
    merged = np.concatenate((a, b))
    merged.sort()
    repeated = merged[1:] == merged[:-1]
    both = int(np.count_nonzero(repeated))
    union = len(merged) - both
    if union <= SKETCH:
        return both / union
    # the sample is the union's SKETCH smallest hashes: count the shared ones up to the SKETCH-th
    cutoff = merged[np.flatnonzero(np.concatenate(([True], ~repeated)))[SKETCH - 1]]
    return int(np.count_nonzero(repeated & (merged[1:] <= cutoff))) / SKETCH


QUICK = 64
"""Shingle hashes per text in the quick, vectorised estimate that screens candidates before the exact one."""

QUICK_MARGIN = 0.25
"""Candidates whose quick estimate is this far below the threshold are rejected without the exact measure.

The quick estimate is the bottom-64 one: its standard error is at most 0.0625, so a margin of four standard
errors lets a pair at the threshold through but for one time in about 30,000.
"""

_PAD_A = np.uint32(0xFFFF_FFFF)
_PAD_B = np.uint32(0xFFFF_FFFE)


def quick_table(sketches: Sequence[Sketch], width: int = QUICK) -> npt.NDArray[np.uint32]:
    """The first ``width`` hashes of each sketch as rows of one array (padded), for :func:`quick_resemblance`
    (``QUICK``) or :func:`resemblances` (``SKETCH``: the whole sketches)."""
    table = np.full((len(sketches), width), _PAD_A, dtype=np.uint32)
    for start in range(0, len(sketches), _TABLE_ROWS):  # a bounded number of rows at a time: the positions
        # of every hash at once took seven times the table (1.8 GB beside its 256 MB at a million texts)
        heads = [sketch[:width] for sketch in sketches[start : start + _TABLE_ROWS]]
        lengths = np.fromiter((len(head) for head in heads), dtype=np.intp, count=len(heads))
        if not lengths.any():
            continue
        rows = np.repeat(np.arange(start, start + len(heads)), lengths)
        columns = np.arange(len(rows)) - np.repeat(np.cumsum(lengths) - lengths, lengths)
        table[rows, columns] = np.concatenate(heads)
    return table


_TABLE_ROWS = 1 << 14


def packed_table(hashes: npt.NDArray[np.uint32], lengths: npt.NDArray[np.intp], width: int) -> npt.NDArray[np.uint32]:
    """:func:`quick_table` of whole sketches, none longer than ``width``, given as their hashes one after another
    (``hashes``) and each one's length: one array, no sketch made apart. The hashes fill each row's first cells,
    row after row, as a mask in the table's order does (a quarter of the time of each hash's row and column)."""
    table = np.full((len(lengths), width), _PAD_A, dtype=np.uint32)
    table[np.arange(width) < np.asarray(lengths)[:, None]] = hashes
    return table


def quick_resemblance(a: npt.NDArray[np.uint32], b: npt.NDArray[np.uint32]) -> npt.NDArray[np.float64]:
    """The bottom-``QUICK`` estimate of the resemblance for many pairs at once (rows of two quick tables).

    Merging two rows and keeping the first ``QUICK`` distinct hashes gives a uniform sample of the union; a
    hash present in both rows shows as two equal neighbours. Padding never counts: it sorts last and the two
    tables' pads differ (no hash reaches them: ``HASH_MAX``).
    """
    return _merged_resemblance(a, b, QUICK)


def resemblances(a: npt.NDArray[np.uint32], b: npt.NDArray[np.uint32]) -> npt.NDArray[np.float64]:
    """:func:`resemblance` for many pairs at once: rows of two tables of whole sketches (``quick_table(...,
    SKETCH)``); the same numbers, one vectorised pass."""
    return _merged_resemblance(a, b, SKETCH)


def _merged_resemblance(a: npt.NDArray[np.uint32], b: npt.NDArray[np.uint32], size: int) -> npt.NDArray[np.float64]:
    """The bottom-``size`` resemblance of the rows' pairs (each row sorted, distinct, padded). The pads sort after
    every hash (``HASH_MAX``), so they change no hash's rank, and none is counted."""
    merged = np.sort(np.concatenate([a, b], axis=1), axis=1)
    real = merged < _PAD_B
    repeat = np.zeros(merged.shape, dtype=bool)  # a hash in both rows: two equal neighbours
    repeat[:, 1:] = merged[:, 1:] == merged[:, :-1]
    # each hash's rank among the distinct ones, from 1 (32 bits: a fifth of the time of numpy's default 64)
    sample = (np.cumsum(~repeat, axis=1, dtype=np.int32) <= size) & real
    shared = np.count_nonzero(repeat & sample, axis=1)
    union = np.count_nonzero(~repeat & sample, axis=1)
    return np.divide(shared, union, out=np.ones(len(a)), where=union > 0)


def sketch_to_bytes(sketch: Sketch) -> bytes:
    """For the cache and saved results: the sketch as little-endian 32-bit words."""
    return sketch.astype("<u4", copy=False).tobytes()


def sketch_from_bytes(data: bytes | None, *, legacy: bool = False) -> Sketch:
    """The inverse of :func:`sketch_to_bytes`; missing or damaged data (not whole 4-byte words) gives none.

    With ``legacy``, ``data`` is a sketch of 64-bit hashes (8-byte words, as caches and results files held
    before): it becomes the sketch of 32-bit hashes the same text has now. Hashes that are not sorted,
    distinct and below the pads (a hand-edited or damaged results file) are made so, as every sketch is:
    :func:`resemblance` and :func:`quick_table` rely on it.
    """
    if legacy:
        if not data or len(data) % 8:
            return _EMPTY
        return _top_half(np.frombuffer(data, dtype="<u8").astype(np.uint64))
    if not data or len(data) % 4:
        return _EMPTY
    hashes = np.frombuffer(data, dtype="<u4")
    if hashes.dtype != np.uint32:  # a big-endian machine: the words in its own order
        hashes = hashes.astype(np.uint32)
    if len(hashes) > SKETCH or not _sorted_below_pads(hashes):
        hashes = np.unique(np.minimum(hashes, np.uint32(HASH_MAX)))[:SKETCH]
    return hashes


def _sorted_below_pads(hashes: Sketch) -> bool:
    return bool(np.all(hashes[1:] > hashes[:-1])) and (len(hashes) == 0 or int(hashes[-1]) <= HASH_MAX)


def is_sketch(data: bytes) -> bool:
    """True when ``data`` is a sketch as :func:`sketch_to_bytes` writes it (whole words, sorted, distinct, below
    the pads, at most ``SKETCH``): what :func:`sketch_from_bytes` reads without a copy."""
    if len(data) % 4 or len(data) > SKETCH * 4:
        return False
    return _sorted_below_pads(np.frombuffer(data, dtype="<u4"))


def not_as_written(blobs: Sequence[bytes]) -> npt.NDArray[np.intp]:
    """The positions of the stored sketches that are not as ``verify.sketch_to_bytes`` writes them (whole words,
    at most ``SKETCH``, sorted, distinct, below the pads): ``verify.is_sketch`` for many at once."""
    sizes = np.fromiter((len(blob) for blob in blobs), dtype=np.intp, count=len(blobs))
    bad = (sizes % 4 != 0) | (sizes > SKETCH * 4)
    good = np.flatnonzero(~bad)
    # a piece of the sketches at a time: all at once, their words and each word's owner took 3 GB at a million
    for start in range(0, len(good), _CHECKED_AT_ONCE):
        part = good[start : start + _CHECKED_AT_ONCE]
        words = np.frombuffer(b"".join(blobs[i] for i in part.tolist()), dtype=SKETCH_WORDS)
        bad[part[_out_of_rule(words, sizes[part] // 4)]] = True
    return np.flatnonzero(bad)


def joined_sketches(blobs: Sequence[bytes]) -> tuple[Sketch, npt.NDArray[np.intp], npt.NDArray[np.intp]]:
    """The stored sketches ``blobs`` (a few thousand) read at once: their hashes one after another, each one's
    length, and the positions of those not as ``verify.sketch_to_bytes`` writes them (:func:`not_as_written`;
    the hashes of one that is not whole words are not among them, its length 0)."""
    sizes = np.fromiter(map(len, blobs), dtype=np.intp, count=len(blobs))
    broken = (sizes % 4 != 0) | (sizes > SKETCH * 4)
    if broken.any():
        blobs = [b"" if no else blob for blob, no in zip(blobs, broken.tolist(), strict=True)]
        sizes[broken] = 0
    words = np.frombuffer(b"".join(blobs), dtype=SKETCH_WORDS)
    lengths = sizes // 4
    broken[_out_of_rule(words, lengths)] = True
    return words.astype(np.uint32, copy=False), lengths, np.flatnonzero(broken)


def _out_of_rule(words: npt.NDArray[np.uint32], lengths: npt.NDArray[np.intp]) -> npt.NDArray[np.intp]:
    """The sketches (by position) of ``words``, each sketch's ``lengths`` one after another, not sorted and
    distinct or with a hash above ``HASH_MAX``."""
    if not len(words):
        return np.zeros(0, dtype=np.intp)
    starts = np.cumsum(lengths) - lengths
    first = np.zeros(len(words), dtype=bool)
    first[starts[lengths > 0]] = True  # a sketch's first word follows another sketch's: not compared
    later = np.flatnonzero(words[1:] <= words[:-1]) + 1  # words not above the word before
    later = later[~first[later]]
    positions = np.concatenate([later, np.flatnonzero(words > HASH_MAX)])
    # the sketch holding each position: the last to start at or before it (an empty one holds nothing)
    return np.unique(np.searchsorted(starts, positions, side="right") - 1)


_CHECKED_AT_ONCE = 1 << 14


SIMHASH = "simhash"
"""Evidence: the fingerprints are within k and the texts resemble by the verification threshold."""

SHINGLES = "shingles"
"""Evidence: the texts resemble by the strong threshold, whatever their fingerprints' distance."""


@dataclass(frozen=True, slots=True)
class Decision:
    """When two texts are near-duplicates, on either evidence:

    - SimHash's: within ``k`` bits AND resembling by at least :meth:`needed` — ``min_resemblance`` at
      distance k, falling linearly to ``min_resemblance − close_slack`` at distance 0 (the closer the
      fingerprints, the less the word pairs need to say), the slack whole for texts of ``slack_shingles``
      distinct shingles or more and in proportion for shorter ones;
    - the shingles' alone: resembling by at least ``strong_resemblance`` (or ``min_resemblance`` when higher),
      whatever the distance — short texts have few tokens, so their fingerprints scatter more.

    Either way, a text of fewer than ``min_shingles`` distinct shingles is nobody's near-duplicate (identical
    texts are grouped apart from any verdict); and in a folder, where the texts' *own* resemblance (without the
    shingles many of the folder's texts hold: ``core.search.boilerplate``) is known, two texts owning less than
    ``min_own`` of it in common share little but boilerplate and need ``boilerplate`` as a whole. Verification off
    (``min_resemblance`` 0) is SimHash alone: within k, nothing else asked.

    A threshold, not a fingerprint setting: the same fingerprints answer every k, so a :class:`Config`
    never holds one. ``Decision.for_bits(bits)`` gives the defaults for a width.

    Attributes:
        k: Largest Hamming distance, 0 or more (below the width, see :meth:`for_bits`).
        min_resemblance: Smallest shingle Jaccard, 0 to 1 (0 turns verification off).
        strong_resemblance: Shingle Jaccard that is evidence enough alone, 0 to 1; None: SimHash's evidence only.
        min_shingles: Fewest distinct shingles of a text with a near-duplicate verdict, 0 or more.
        close_slack: How much less than ``min_resemblance`` fingerprints at distance 0 need, 0 to 1.
        min_own: Own resemblance (without the folder's boilerplate) below which a pair shares only boilerplate.
        boilerplate: Resemblance such a pair needs as a whole, 0 to 1.
        slack_shingles: Distinct shingles of the smaller text from which the close slack is whole, 1 or more.
    """

    k: int
    min_resemblance: float = DEFAULT_MIN_RESEMBLANCE
    strong_resemblance: float | None = DEFAULT_STRONG_RESEMBLANCE
    min_shingles: int = DEFAULT_MIN_SHINGLES
    close_slack: float = DEFAULT_CLOSE_SLACK
    min_own: float = DEFAULT_MIN_OWN_RESEMBLANCE
    boilerplate: float = DEFAULT_BOILERPLATE_RESEMBLANCE
    slack_shingles: int = DEFAULT_SLACK_SHINGLES

    def __post_init__(self) -> None:
        if isinstance(self.k, bool) or not isinstance(self.k, int) or self.k < 0:
            raise ValueError(f"k must be a whole number of 0 or more, got {self.k!r}")
        for name, value in (
            ("verification", self.min_resemblance),
            ("strong resemblance", self.strong_resemblance),
            ("close slack", self.close_slack),
            ("own resemblance", self.min_own),
            ("boilerplate", self.boilerplate),
        ):
            if value is None and name != "verification":
                continue
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0.0 <= value <= 1.0:
                raise ValueError(f"the {name} threshold must be a number from 0 to 1, got {value!r}")
        shingles = self.min_shingles
        if isinstance(shingles, bool) or not isinstance(shingles, int) or shingles < 0:
            raise ValueError(f"min_shingles must be a whole number of 0 or more, got {shingles!r}")
        whole = self.slack_shingles
        if isinstance(whole, bool) or not isinstance(whole, int) or whole < 1:
            raise ValueError(f"slack_shingles must be a whole number of 1 or more, got {whole!r}")

    def needed(self, distance: int, shingles: int | None = None) -> float:
        """The resemblance SimHash's evidence needs at ``distance`` (``min_resemblance`` at k and beyond) between
        texts the smaller of which has ``shingles`` distinct shingles (None: not known, the whole slack)."""
        if self.min_resemblance <= 0 or self.k == 0 or distance >= self.k:
            return float(self.min_resemblance)
        share = 1.0 if shingles is None else min(1.0, shingles / self.slack_shingles)
        return max(0.0, float(self.min_resemblance) - float(self.close_slack) * share * (self.k - distance) / self.k)

    def needed_many(
        self, distances: npt.NDArray[np.intp], shingles: npt.NDArray[np.intp] | None = None
    ) -> npt.NDArray[np.float64]:
        """:meth:`needed` for many distances (and sizes of the smaller text) at once."""
        if self.min_resemblance <= 0 or self.k == 0:
            return np.full(len(distances), float(self.min_resemblance))
        share = 1.0 if shingles is None else np.minimum(1.0, shingles / self.slack_shingles)
        slack = float(self.close_slack) * share * np.maximum(self.k - distances, 0) / self.k
        return np.maximum(0.0, float(self.min_resemblance) - slack)

    @property
    def strong(self) -> float | None:
        """The resemblance that is evidence alone (never below the verification threshold); None when
        verification is off or the shingles' evidence is not asked for."""
        if self.min_resemblance <= 0 or self.strong_resemblance is None:
            return None
        return max(float(self.strong_resemblance), float(self.min_resemblance))

    @classmethod
    def for_bits(cls, bits: int, k: int | None = None, min_resemblance: float = DEFAULT_MIN_RESEMBLANCE) -> Decision:
        """The decision for fingerprints of ``bits`` bits: k defaults to the width's (``default_k``).

        Raises:
            ValueError: k is not from 0 to bits − 1 (the index cuts the bits into k + 1 blocks), or the
                threshold is not from 0 to 1.
        """
        if k is None:
            k = default_k(bits)
        elif isinstance(k, bool) or not isinstance(k, int) or not 0 <= k < bits:
            raise ValueError(f"k must be a whole number between 0 and bits - 1 = {bits - 1}, got {k!r}")
        return cls(k, min_resemblance)

    def evidence(
        self, distance: int, resemblance: float, shingles: int | None = None, own: float | None = None
    ) -> str | None:
        """Which evidence makes a pair near-duplicates: ``SIMHASH``, ``SHINGLES`` or None (not near-duplicates).

        ``shingles`` is the smaller text's number of distinct shingles (its sketch's length); None: not known.
        ``own`` is the pair's resemblance without its folder's boilerplate (``boilerplate.own_resemblance``);
        None or NaN: not known, or nothing of their own (the whole resemblance decides).
        """
        if self.too_few_shingles(shingles):
            return None
        if self.only_boilerplate(resemblance, own):
            return None
        if distance <= self.k and resemblance >= self.needed(distance, shingles):
            return SIMHASH
        strong = self.strong
        if strong is not None and resemblance >= strong:
            return SHINGLES
        return None

    def too_few_shingles(self, shingles: int | None) -> bool:
        """True when a pair whose smaller text has ``shingles`` distinct shingles is too short to judge: nobody's
        near-duplicate, whatever the distance and the resemblance (never with verification off; None: not known,
        or identical texts)."""
        return self.min_resemblance > 0 and shingles is not None and shingles < self.min_shingles

    def near(self, distance: int, resemblance: float, shingles: int | None = None, own: float | None = None) -> bool:
        """The verdict for a pair whose fingerprints are ``distance`` apart (see :meth:`evidence`)."""
        return self.evidence(distance, resemblance, shingles, own) is not None

    def near_many(
        self,
        distances: npt.NDArray[np.intp],
        resemblances: npt.NDArray[np.float64],
        shingles: npt.NDArray[np.intp],
        own: npt.NDArray[np.float64],
    ) -> npt.NDArray[np.bool_]:
        """:meth:`near` of many pairs, each with its smaller text's number of shingles known; ``own`` NaN where it
        was not measured (as None is, NaN never decides)."""
        near = (distances <= self.k) & (resemblances >= self.needed_many(distances, shingles))
        if self.strong is not None:
            near |= resemblances >= self.strong
        if self.min_resemblance > 0:
            near &= shingles >= self.min_shingles
            near &= ~((own < self.min_own) & (resemblances < self.boilerplate))
        return near

    def asks_own(self, resemblance: float) -> bool:
        """Whether a pair resembling by this much needs its own resemblance known (else it decides nothing)."""
        return self.min_resemblance > 0 and resemblance < self.boilerplate

    def only_boilerplate(self, resemblance: float, own: float | None) -> bool:
        """The pair shares little but its folder's boilerplate: its own resemblance is below ``min_own`` and it
        resembles by less than ``boilerplate`` as a whole."""
        return own is not None and own == own and own < self.min_own and self.asks_own(resemblance)
