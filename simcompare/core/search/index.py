"""Exact near-neighbour search over fingerprints: the pigeonhole block index with a cost model.

Cut the ``bits`` of a fingerprint into ``b`` contiguous blocks. Two fingerprints within Hamming
distance ``k`` differ in at most ``k`` blocks, so at least ``b - k`` blocks agree exactly. Keying
every value on each combination of ``b - k`` blocks (``C(b, k)`` keys, as in Manku, Jain and Das
Sarma's tables) therefore puts every close pair under at least one equal key; pairs that share no
key cannot be within ``k`` and are never looked at.

Which ``b``: the fewest keys (``b = k + 1``) have the narrowest keys, and two random values share a
``w``-bit key with chance ``2**-w``, so among ``n`` values each key brings about ``n² / 2**(w+1)``
chance candidates: quadratic in ``n``. More blocks make keys wider but need more of them.
:func:`choose_layout` weighs the two with constants measured on this machine (:data:`COSTS`) and
:func:`find_near_pairs` uses its choice unless told ``blocks``. At k = 8 on 64 bits that is 9
blocks for a thousand values and 11 blocks (165 keys of 16–18 bits) for a million.

Everything runs on numpy arrays. Identical values are collapsed first (one sort). Each key orders
the values by stable least-significant-digit passes over its blocks (counting sorts of 8-bit
digits, radix sorts of 16-bit ones, far cheaper here than comparison sorts), and keys ending in
the same blocks share those passes. Equal-key runs are then paired by offset (a loop over the
longest run length, not over runs) and verified with ``np.bitwise_count`` of the XOR. A pair that
shares several keys is kept only under the first key its two values agree on, decided from the two
values alone, so no set of seen pairs is ever built.

Block keys are unions of whole blocks, and at large ``k`` among many values even the best layout
leaves too many chance candidates (about 10^10 at k = 12 among a million 64-bit values). For
one-word fingerprints :func:`find_near_pairs` also asks :func:`~simcompare.core.search.covering.choose_covering`
what linear covering masks would cost (:mod:`simcompare.core.search.covering`) and searches with
them when they are cheaper; the pairs are the same either way, and :attr:`NearPairs.method` tells
which ran. :func:`choose_layout` and :class:`BlockIndex` stay with block layouts.

Real collections are not uniform random values: near copies, and texts on one subject, cluster, and agree
on far more keys than the uniform estimate expects (100,000 generated documents: 1.5 × 10^8 candidates
where the uniform model said 2.7 × 10^7; the block layout it then picked compared 1.2 × 10^9). From
:data:`MEASURE_FROM` distinct values, :func:`find_near_pairs` measures each choice's candidates on a fixed
sample of the values (:func:`~simcompare.core.search.covering.sampled_pairs`) and weighs those instead.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn

import numpy as np
import numpy.typing as npt

from simcompare.core.compat import StrEnum
from simcompare.core.fingerprint.bitwise import WORD, to_words, words_for
from simcompare.core.search.covering import CoveringEstimate, choose_covering, join_covering, sample_of, sampled_pairs

__all__ = [
    "COSTS",
    "EVERY_PAIR",
    "MAX_BITS",
    "MAX_KEYS",
    "BlockIndex",
    "BlockLayout",
    "Copies",
    "Costs",
    "LayoutEstimate",
    "NearPairs",
    "SearchStats",
    "choose_layout",
    "every_pair_seconds",
    "find_near_pairs",
]

MAX_BITS = 512
"""Widest fingerprint supported (blake2b's digest)."""

MAX_KEYS = 4096
"""Most block combinations one search may key on; past this the sorts alone would dominate."""

_CHUNK = 1 << 18  # candidate pairs verified at once: bounds temporaries, stays cache-friendly
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_SEED = 0x9E3779B97F4A7C15

IntArray = npt.NDArray[np.intp]
WordArray = npt.NDArray[np.uint64]
KeepPairs = Callable[[IntArray, IntArray, npt.NDArray[np.integer[Any]]], npt.NDArray[np.bool_]]
"""Which of the pairs (left, right, distance) found so far a search keeps (``find_near_pairs(keep=...)``)."""


def _check_int(name: str, value: object) -> int:
    # bool is an int subclass, but blocks=True is a mistake, not a request for one block
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise ValueError(f"{name} must be an integer, got {value!r}")
    return int(value)


@dataclass(frozen=True, slots=True)
class BlockLayout:
    """How fingerprint bits are cut into blocks, and which block combinations are keyed.

    Blocks are contiguous bit ranges counted from the left (bit 0 is the most significant bit, as in
    the fingerprint's written form); their sizes differ by at most one, the wider ones first.

    Attributes:
        bits: Fingerprint width, 1 to 512.
        k: Largest Hamming distance searched for, 0 to ``bits - 1``.
        blocks: Number of blocks, ``k + 1`` to ``bits``.
    """

    bits: int
    k: int
    blocks: int

    def __post_init__(self) -> None:
        bits = _check_int("bits", self.bits)
        k = _check_int("k", self.k)
        blocks = _check_int("blocks", self.blocks)
        if not 1 <= bits <= MAX_BITS:
            raise ValueError(f"bits must be between 1 and {MAX_BITS}, got {bits}")
        if not 0 <= k < bits:
            raise ValueError(f"k must be between 0 and bits - 1 = {bits - 1}, got {k}")
        if not k + 1 <= blocks <= bits:
            raise ValueError(
                f"blocks must be between k + 1 = {k + 1} (the pigeonhole minimum) and bits = {bits}, got {blocks}"
            )
        keys = math.comb(blocks, k)
        if keys > MAX_KEYS:
            raise ValueError(
                f"blocks={blocks} with k={k} needs {keys} keys (combinations of {blocks - k} blocks), "
                f"more than {MAX_KEYS}; use fewer blocks (blocks=k+1={k + 1} needs {k + 1})"
            )
        # normalise numpy integers so equality and hashing behave like plain ints
        object.__setattr__(self, "bits", bits)
        object.__setattr__(self, "k", k)
        object.__setattr__(self, "blocks", blocks)

    @classmethod
    def for_search(cls, bits: int, k: int, blocks: int | None = None) -> BlockLayout:
        """The layout ``find_near_pairs`` uses: ``blocks`` defaults to the pigeonhole minimum ``k + 1``."""
        if blocks is None:
            blocks = _check_int("k", k) + 1
        return cls(bits, k, blocks)

    @property
    def bounds(self) -> tuple[tuple[int, int], ...]:
        """``(start, stop)`` of each block in bit positions counted from the left."""
        size, wider = divmod(self.bits, self.blocks)
        edges = [0]
        for j in range(self.blocks):
            edges.append(edges[-1] + size + (j < wider))
        return tuple(itertools.pairwise(edges))

    @property
    def agree(self) -> int:
        """Blocks that must agree for a pair within ``k``: ``blocks - k``."""
        return self.blocks - self.k

    @property
    def keys(self) -> tuple[tuple[int, ...], ...]:
        """The block combinations keyed on, in lexicographic order."""
        return tuple(itertools.combinations(range(self.blocks), self.agree))

    @property
    def words(self) -> int:
        """64-bit words per fingerprint."""
        return words_for(self.bits)

    @property
    def key_bits(self) -> int:
        """Bits of the narrowest key (the fewest bits two values must share to be compared)."""
        return min(_plan(self).key_widths)

    def estimate(self, n: int) -> LayoutEstimate:
        """What searching ``n`` random values with this layout is expected to cost; see :func:`choose_layout`."""
        n = _check_int("n", n)
        if n < 0:
            raise ValueError(f"n must be a number of values, 0 or more, got {n}")
        plan = _plan(self)
        pairs = n * (n - 1) / 2
        candidates = pairs * sum(2.0**-width for width in plan.key_widths)
        c = COSTS
        seconds = (
            plan.passes8 * (c.call + n * c.pass8)
            + plan.passes16 * (c.call + n * c.pass16)
            + len(plan.key_widths) * (c.call + n * c.scan)
            + candidates * c.candidate
        )
        return LayoutEstimate(self, n, plan.passes8 + plan.passes16, self.key_bits, candidates, seconds)

    def _pieces(self, block: int) -> list[tuple[int, int, int]]:
        # a block as (word, shift, width) pieces of the little-endian word array, high bits first
        start, stop = self.bounds[block]
        lo, hi = self.bits - stop, self.bits - start  # integer bit positions, lo inclusive
        pieces = []
        for w in range(lo // WORD, (hi - 1) // WORD + 1):
            a, b = max(lo, w * WORD), min(hi, (w + 1) * WORD)
            pieces.append((w, a - w * WORD, b - a))
        return pieces[::-1]

    def _block_masks(self) -> WordArray:
        # (blocks, words) array: the bits of each block, per word
        masks = np.zeros((self.blocks, self.words), dtype=np.uint64)
        for j in range(self.blocks):
            for w, shift, width in self._pieces(j):
                masks[j, w] = ((1 << width) - 1) << shift
        return masks


class Copies(StrEnum):
    """How pairs of identical values are reported.

    ``PAIRS``: every pair, as the definition says (m equal values give m (m - 1) / 2 pairs).
    ``FIRST``: compactly: each value at its first position only, in its pairs with other values,
    and each later copy once, as ``(first, copy, 0)``; every other pair follows (two positions
    are within k iff their first positions are, or are the same). m equal values give m - 1
    pairs, so memory stays bounded however many copies there are.
    """

    PAIRS = "pairs"
    FIRST = "first"


@dataclass(frozen=True, slots=True)
class SearchStats:
    """What one block-index search did: its layout, the work it took and what it found (the Index view's figures).

    Attributes:
        n: Number of fingerprints searched.
        bits: Fingerprint width.
        k: Largest distance of the pairs.
        blocks: Number of blocks the fingerprints were cut into.
        keys: Number of block combinations keyed on: one sorted table each.
        candidates: Candidate pairs whose distance was computed (see :class:`NearPairs`).
        found: Pairs within ``k``.
        key_bits: Bits of the narrowest key (0 when not recorded).
        estimated_candidates: The cost model's expected chance candidates (see :class:`NearPairs`).
        identical: Values equal to an earlier value, collapsed before the search.
        method: ``"blocks"`` (pigeonhole block keys), ``"covering"`` (linear covering masks: then
            ``blocks`` counts the parts the bits were cut into and ``keys`` the masks) or ``"every pair"``
            (every pair of distinct values compared).
    """

    n: int
    bits: int
    k: int
    blocks: int
    keys: int
    candidates: int
    found: int
    key_bits: int = 0
    estimated_candidates: float = 0.0
    identical: int = 0
    method: str = "blocks"

    @property
    def possible_pairs(self) -> int:
        """``n (n - 1) / 2``: the pairs a brute-force search would compare."""
        return self.n * (self.n - 1) // 2


@dataclass(frozen=True, slots=True, eq=False)
class NearPairs:
    """All pairs within ``k``, with the statistics of the search that found them (also as :attr:`stats`).

    Iterating yields ``(i, j, distance)`` tuples of ints with ``i < j``, sorted by ``(i, j)``.

    Attributes:
        left: Index of the first value of each pair (read-only int array).
        right: Index of the second value, always greater than ``left``.
        distance: Hamming distance of each pair, 0 to ``k``.
        n: Number of fingerprints searched.
        bits: Fingerprint width.
        k: Largest distance searched for.
        blocks: Number of blocks the fingerprints were cut into.
        keys: Number of block combinations keyed on (one sort each).
        candidates: Candidate pairs whose distance was computed (pairs sharing a key), plus the
            pairs of identical copies added without a search; compare with ``possible_pairs`` to
            see how much of the brute-force work the index avoided.
        key_bits: Bits of the narrowest key: two values are compared only if they agree on at
            least this many bits (0 when not recorded).
        estimated_candidates: The cost model's expected chance candidates for random values of
            this many distinct fingerprints (:meth:`BlockLayout.estimate`); real fingerprints
            with many near neighbours have more.
        identical: Values equal to an earlier value: collapsed before the search, their pairs
            added afterwards.
        searched_k: The ``k`` the layout was searched for when these pairs were filtered from a
            wider search (:meth:`within`); ``None`` when it is ``k``.
        copies: How pairs of identical values are reported (:class:`Copies`).
        method: How candidates were found: ``"blocks"``, pigeonhole keys of whole blocks (then
            :attr:`layout` tells the layout), ``"covering"``, linear covering masks over
            ``blocks`` parts of the bits, ``keys`` masks (:mod:`simcompare.core.search.covering`),
            which the cost model picks for many values at large ``k``, or ``"every pair"``, every pair of
            distinct values compared (one part, one key), which it picks for few values at a large ``k``.
        dropped: With ``find_near_pairs(keep=...)``: how many pairs within ``k`` it dropped at each distance
            0 to ``k`` (counted in :attr:`stats`' pairs found); empty when none were dropped.
    """

    left: IntArray
    right: IntArray
    distance: IntArray
    n: int
    bits: int
    k: int
    blocks: int
    keys: int
    candidates: int
    key_bits: int = 0
    estimated_candidates: float = 0.0
    identical: int = 0
    searched_k: int | None = None
    copies: Copies = Copies.PAIRS
    method: str = "blocks"
    dropped: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        arrays = {}
        for name in ("left", "right", "distance"):
            array = np.asarray(getattr(self, name))
            if array.ndim != 1 or not (array.size == 0 or np.issubdtype(array.dtype, np.integer)):
                raise ValueError(f"{name} must be a one-dimensional integer array, got shape {array.shape}")
            # a read-only view: the result cannot be edited through its fields
            array = array.astype(np.intp, copy=False).view()
            array.flags.writeable = False
            arrays[name] = array
            object.__setattr__(self, name, array)
        left, right, distance = arrays["left"], arrays["right"], arrays["distance"]
        if not len(left) == len(right) == len(distance):
            raise ValueError(
                f"left, right and distance must have one entry per pair, got {len(left)}, {len(right)}, {len(distance)}"
            )
        if self.searched_k is not None and self.searched_k < self.k:
            raise ValueError(f"searched_k must be at least k = {self.k}, got {self.searched_k}")
        if self.method == "blocks":
            BlockLayout(self.bits, self.k if self.searched_k is None else self.searched_k, self.blocks)
        elif self.method not in ("covering", EVERY_PAIR) or not 1 <= self.blocks <= self.bits or self.keys < 1:
            raise ValueError(
                f"method must be 'blocks', 'covering' or {EVERY_PAIR!r} (with 1 to bits parts and at least one key), "
                f"got method={self.method!r}, blocks={self.blocks}, keys={self.keys}"
            )
        if self.n < 0 or self.candidates < len(left):
            raise ValueError(
                f"need n >= 0 and candidates >= pairs, got n={self.n}, candidates={self.candidates}, pairs={len(left)}"
            )
        if len(left):
            if left.min() < 0 or right.max() >= self.n or np.any(left >= right):
                raise ValueError(f"pairs must satisfy 0 <= left < right < n = {self.n}")
            if distance.min() < 0 or distance.max() > self.k:
                raise ValueError(f"distances must be between 0 and k = {self.k}")
            # boolean temporaries only: results can be large when many fingerprints coincide
            unordered = left[1:] < left[:-1]
            unordered |= (left[1:] == left[:-1]) & (right[1:] <= right[:-1])
            if unordered.any():
                raise ValueError("pairs must be unique and sorted by (left, right)")

    def __len__(self) -> int:
        return len(self.left)

    def __iter__(self) -> Iterator[tuple[int, int, int]]:
        return zip(self.left.tolist(), self.right.tolist(), self.distance.tolist(), strict=True)

    def __repr__(self) -> str:
        return (
            f"NearPairs({len(self)} pairs within k={self.k} among n={self.n} {self.bits}-bit values; "
            f"{self.blocks} blocks, {self.keys} keys of {self.key_bits}+ bits, {self.candidates} candidates)"
        )

    @property
    def layout(self) -> BlockLayout:
        """The block layout the search used.

        Raises:
            ValueError: The search used covering masks (``method == "covering"``), not blocks.
        """
        if self.method == EVERY_PAIR:
            raise ValueError("these pairs were found by comparing every pair, not with a block layout; see method")
        if self.method != "blocks":
            raise ValueError(
                f"these pairs were found with {self.keys} covering masks over {self.blocks} parts, not a block "
                "layout; see method, blocks and keys"
            )
        return BlockLayout(self.bits, self.k if self.searched_k is None else self.searched_k, self.blocks)

    def within(self, k: int) -> NearPairs:
        """The pairs within a smaller ``k``, by filtering distances: no new search.

        Every pair within ``k <= self.k`` is among these pairs, so the answer is exact. The search
        statistics stay those of the search that ran (its layout, keys and candidates).

        Raises:
            ValueError: ``k`` is above the ``k`` searched for; search again for that.
        """
        k = _check_int("k", k)
        if not 0 <= k <= self.k:
            raise ValueError(
                f"k must be between 0 and the k={self.k} these pairs were searched for, got {k}; "
                f"call find_near_pairs with k={k} to search that far"
            )
        if k == self.k:
            return self
        keep = self.distance <= k
        return dataclasses.replace(
            self,
            left=self.left[keep],
            right=self.right[keep],
            distance=self.distance[keep],
            k=k,
            searched_k=self.k if self.searched_k is None else self.searched_k,
            dropped=self.dropped[: k + 1],
        )

    @property
    def possible_pairs(self) -> int:
        """``n (n - 1) / 2``: the pairs a brute-force search would compare."""
        return self.n * (self.n - 1) // 2

    @property
    def stats(self) -> SearchStats:
        """The search's statistics alone, to keep without the pairs."""
        return SearchStats(
            n=self.n,
            bits=self.bits,
            k=self.k,
            blocks=self.blocks,
            keys=self.keys,
            candidates=self.candidates,
            found=len(self) + sum(self.dropped),
            key_bits=self.key_bits,
            estimated_candidates=self.estimated_candidates,
            identical=self.identical,
            method=self.method,
        )


@dataclass(frozen=True, slots=True)
class Costs:
    """The cost model's constants: seconds per unit of work, measured on one machine.

    Attributes:
        call: Fixed cost of one numpy pass (a radix pass or a key's scan), whatever n.
        pass8: Per value, one stable counting-sort pass on a digit of up to 8 bits, with the
            reordering of values and indices it implies.
        pass16: The same for a digit of 9 to 16 bits (a radix sort).
        scan: Per value and key, finding the runs of equal keys and the first offset pass.
        candidate: Per candidate pair: its XOR, popcount and comparison with k.
    """

    call: float
    pass8: float
    pass16: float
    scan: float
    candidate: float


COSTS = Costs(call=30e-6, pass8=10e-9, pass16=25e-9, scan=28e-9, candidate=7e-9)
"""Fitted by ``python benchmarks/bench_index.py --calibrate`` (2-core AMD EPYC VM, numpy 2.4), rounded.

The fit could not separate ``call`` and ``pass16`` from the others (it gave 0 for both): ``call``
is the time of a search of 2,000 values divided by its passes, ``pass16`` about twice ``pass8``
as measured for one radix pass. Only the ratios matter for the choice: halving or doubling any one
constant moves the choice by at most one block (checked for k = 2 to 16, 32 to 128 bits, n = 10
to 10 million).
"""


@dataclass(frozen=True, slots=True)
class LayoutEstimate:
    """The cost model's view of one layout for ``n`` random values.

    Attributes:
        layout: The layout estimated.
        n: Number of (distinct) values.
        passes: Radix passes over all values (keys ending in the same blocks share passes).
        key_bits: Bits of the narrowest key.
        candidates: Expected chance candidates: ``n (n - 1) / 2`` times the sum over keys of
            ``2 ** -key bits`` (two random values agree on a b-bit key with chance ``2 ** -b``).
        seconds: Estimated time with :data:`COSTS`.
    """

    layout: BlockLayout
    n: int
    passes: int
    key_bits: int
    candidates: float
    seconds: float

    @property
    def keys(self) -> int:
        """Number of keys (tables): one combination of blocks each."""
        return len(self.layout.keys)


def choose_layout(n: int, k: int, bits: int) -> BlockLayout:
    """The exact block layout the cost model expects to search ``n`` values fastest.

    Every layout with ``blocks`` from ``k + 1`` up (``C(blocks, k)`` keys, each a combination of
    ``blocks - k`` blocks, at most :data:`MAX_KEYS`) is exact; they differ in cost. The estimate
    (:meth:`BlockLayout.estimate`) is::

        passes8 × (call + n × pass8) + passes16 × (call + n × pass16)
          + keys × (call + n × scan) + chance candidates × candidate

    with chance candidates ``n (n - 1) / 2 × Σ_keys 2 ** -key bits`` for random values. More
    blocks mean wider keys (fewer chance candidates) but more keys and passes: few values favour
    ``k + 1`` blocks, many values more blocks (at k = 8 on 64 bits: 9 blocks for a thousand
    values, 11 for 300,000 and a million). Ties go to fewer blocks.

    Args:
        n: Number of values to search (distinct values, if identical ones are collapsed).
        k: Largest distance searched for, 0 to ``bits - 1``.
        bits: Fingerprint width, 1 to 512.

    Returns:
        The cheapest layout; ``layout.estimate(n)`` tells its expected cost.

    Raises:
        ValueError: An argument is out of range.
    """
    n = _check_int("n", n)
    if n < 0:
        raise ValueError(f"n must be a number of values, 0 or more, got {n}")
    return _choose(n, BlockLayout(bits, k, _check_int("k", k) + 1))


def _choose(n: int, smallest: BlockLayout) -> BlockLayout:
    best = smallest.estimate(n)
    bits, k = smallest.bits, smallest.k
    for blocks in range(k + 2, bits + 1):
        keys = math.comb(blocks, k)
        # keys (and with them passes) only grow with blocks: stop when their scans alone cost more
        if keys > MAX_KEYS or keys * (COSTS.call + n * COSTS.scan) > best.seconds:
            break
        estimate = BlockLayout(bits, k, blocks).estimate(n)
        if estimate.seconds < best.seconds:
            best = estimate
        elif k == 0:
            break  # one key of every bit whatever the blocks: more blocks only add passes
    return best.layout


def find_near_pairs(
    values: Iterable[int] | npt.NDArray[np.integer[Any]],
    k: int = 3,
    bits: int = 64,
    *,
    blocks: int | None = None,
    copies: Copies | str = Copies.PAIRS,
    keep: KeepPairs | None = None,
) -> NearPairs:
    """Find every pair of fingerprints within Hamming distance ``k``, exactly.

    Each pair ``(i, j)`` with ``i < j`` and ``popcount(values[i] ^ values[j]) <= k`` is reported
    once, identical fingerprints included.

    The block layout is chosen by a cost model from the number of distinct values, ``k`` and
    ``bits`` (:func:`choose_layout`) unless ``blocks`` is given; any layout is exact. Up to 64
    bits and with ``blocks`` not given, linear covering masks are used instead when their cost
    model expects them to be cheaper (many values at large ``k``: from about 100,000 values at
    k = 12; see :mod:`simcompare.core.search.covering`), with the same pairs. Identical
    values are collapsed first (one sort of n): the search runs on distinct values and copies
    are paired afterwards, so m equal values cost their m (m - 1) / 2 result pairs and no search
    work. Memory beyond the input is a few arrays of n per radix level (the levels are the passes
    of one key, at most a handful) plus the result, which for many identical values is the bulk:
    about 32 bytes a pair while it is built. ``copies="first"`` reports copies compactly instead
    (one pair per copy, see :class:`Copies`): then 20,000 equal values give 19,999 pairs.

    Args:
        values: Fingerprints: non-negative Python ints below ``2**bits`` (any iterable), or a numpy
            integer array (the fast path for ``bits <= 64``; a ``uint64`` array is used without copying).
        k: Largest distance reported, 0 to ``bits - 1``.
        bits: Fingerprint width, 1 to 512. Wider than 64 bits, values are split into 64-bit words.
        blocks: Number of blocks, ``k + 1`` to ``bits``; ``None`` lets the cost model choose.
        copies: ``"pairs"`` (every pair) or ``"first"`` (identical values compactly).
        keep: Called with pieces of the pairs found (``left``, ``right``: indices into ``values``;
            ``distance``), returns which of them to keep: the pairs it drops are never held, so a caller that
            can reject most pairs at once (a quick look at their texts) bounds the memory of a search with
            hundreds of millions of pairs within k. With repeated values it sees the pairs after the copies
            are paired (then all of them are held first).

    Returns:
        The pairs, sorted by ``(i, j)``, with the search's statistics (layout, keys, key bits,
        estimated and actual candidates).

    Raises:
        ValueError: An argument is out of range, or a value is not a non-negative integer that fits
            in ``bits`` bits.
    """
    smallest = BlockLayout.for_search(bits, k, blocks)  # checks the arguments before any work
    words = _as_words(values, smallest.bits)
    copies = _check_copies(copies)
    prepared = _prepare(words)
    if blocks is not None:
        return _search(prepared, smallest, copies, keep=keep)
    distinct = len(prepared.search)
    layout = _choose(distinct, smallest)
    if prepared.sorted:  # one word a value: covering masks may be cheaper (many values, large k)
        # Many values: the candidates of each choice are measured on a sample, not assumed uniform (near copies
        # and texts on one subject cluster, and agree on far more keys than random values do)
        sample = sample_of(prepared.search) if distinct >= MEASURE_FROM else None
        estimate = layout.estimate(distinct)
        if sample is not None:
            estimate = _measured(estimate, sampled_pairs(sample, _key_masks(layout), distinct))
        covering = choose_covering(distinct, smallest.k, smallest.bits, sample)
        best = min(estimate.seconds, covering.seconds if covering is not None else math.inf)
        if best > EVERY_PAIR_WORTH and every_pair_seconds(distinct) < best:
            return _search_all(prepared, smallest.k, smallest.bits, copies, keep)
        if covering is not None and covering.seconds < estimate.seconds:
            return _search_covering(prepared, covering, copies, keep)
        return _search(prepared, layout, copies, estimate.candidates, keep)
    return _search(prepared, layout, copies, keep=keep)


def every_pair_seconds(n: int) -> float:
    """What comparing every pair of ``n`` one-word values is expected to cost (:data:`COSTS`): a candidate each, a
    numpy pass each block of rows. Cheaper than any index for few values at a large k (3,302 texts at k = 32 of 64
    bits: an index of 33 blocks of 2 bits makes each pair a candidate eight times over)."""
    pairs = n * (n - 1) / 2
    return pairs * COSTS.candidate + (1 + pairs / _EVERY_PAIR_BLOCK) * COSTS.call


EVERY_PAIR_WORTH = 0.05
"""Seconds the cheapest index is expected to take before comparing every pair is considered instead: below, either
is at once, and the index (what the Index tab teaches, a folder's figures name) is kept."""

_EVERY_PAIR_BLOCK = 1 << 20
"""Pairs compared in one numpy pass at most when every pair is compared (about 40 MB of temporaries at most)."""


def _search_all(
    prepared: _Prepared, k: int, bits: int, copies: Copies = Copies.PAIRS, keep: KeepPairs | None = None
) -> NearPairs:
    """Every pair of the distinct one-word values compared: ``method="every pair"``."""
    found = _PairCollector(prepared.n, k, keep if prepared.inverse is None else None)
    values = prepared.search
    m = len(values)
    rows = max(1, _EVERY_PAIR_BLOCK // max(m, 1))
    candidates = 0
    for start in range(0, max(m - 1, 0), rows):
        stop = min(start + rows, m - 1)
        # row r (value start + r) against the values after it: column c is value start + 1 + c, taken where c >= r
        distance = np.bitwise_count(values[start:stop, None] ^ values[None, start + 1 :])
        within = np.triu(distance <= k)
        candidates += (stop - start) * (m - 1 - start) - (stop - start) * (stop - start - 1) // 2
        r, c = np.nonzero(within)
        _add_found(found, prepared.original, r + start, c + start + 1, distance[r, c].astype(np.intp))
    return _result(
        prepared,
        found,
        candidates,
        copies,
        keep,
        bits=bits,
        k=k,
        blocks=1,
        keys=1,
        key_bits=0,
        estimated_candidates=m * (m - 1) / 2,
        method=EVERY_PAIR,
    )


EVERY_PAIR = "every pair"
"""The method of a search that compared every pair (:func:`every_pair_seconds`)."""


MEASURE_FROM = 50_000
"""Distinct values from which :func:`find_near_pairs` measures candidates on a sample (below, the search costs
about what measuring would)."""


def _key_masks(layout: BlockLayout) -> tuple[int, ...]:
    """Each key's bits as one mask (a one-word layout)."""
    blocks = [int(m) for m in layout._block_masks()[:, 0]]
    return tuple(functools.reduce(lambda a, b: a | b, (blocks[j] for j in combo), 0) for combo in layout.keys)


def _measured(estimate: LayoutEstimate, candidates: float) -> LayoutEstimate:
    seconds = estimate.seconds + (candidates - estimate.candidates) * COSTS.candidate
    return dataclasses.replace(estimate, candidates=candidates, seconds=seconds)


def _check_copies(copies: object) -> Copies:
    if isinstance(copies, str) and copies in Copies._value2member_map_:
        return Copies(copies)
    choices = ", ".join(repr(c.value) for c in Copies)
    raise ValueError(f"copies must be one of {choices}, got {copies!r}")


def _search(
    prepared: _Prepared,
    layout: BlockLayout,
    copies: Copies = Copies.PAIRS,
    estimated: float | None = None,
    keep: KeepPairs | None = None,
) -> NearPairs:
    found = _PairCollector(prepared.n, layout.k, keep if prepared.inverse is None else None)
    candidates = _join(prepared, layout, found)
    return _result(
        prepared,
        found,
        candidates,
        copies,
        keep,
        bits=layout.bits,
        k=layout.k,
        blocks=layout.blocks,
        keys=len(layout.keys),
        key_bits=layout.key_bits,
        estimated_candidates=layout.estimate(len(prepared.search)).candidates if estimated is None else estimated,
    )


def _search_covering(
    prepared: _Prepared, estimate: CoveringEstimate, copies: Copies = Copies.PAIRS, keep: KeepPairs | None = None
) -> NearPairs:
    scheme = estimate.scheme
    found = _PairCollector(prepared.n, scheme.k, keep if prepared.inverse is None else None)
    candidates = join_covering(prepared.search, scheme, functools.partial(_add_found, found, prepared.original))
    return _result(
        prepared,
        found,
        candidates,
        copies,
        keep,
        bits=scheme.bits,
        k=scheme.k,
        blocks=len(scheme.parts),
        keys=len(scheme.masks),
        key_bits=scheme.key_bits,
        estimated_candidates=estimate.candidates,
        method="covering",
    )


def _add_found(
    found: _PairCollector, original: IntArray | None, a: IntArray, b: IntArray, distance: npt.NDArray[np.integer[Any]]
) -> None:
    """Pairs of search positions ``a``, ``b`` handed to ``found`` as indices of the values (``original``: where the
    search's values were sorted from), the smaller first."""
    if original is not None:
        a, b = original[a], original[b]
    found.add(np.minimum(a, b), np.maximum(a, b), distance)


def _result(
    prepared: _Prepared,
    found: _PairCollector,
    candidates: int,
    copies: Copies,
    keep: KeepPairs | None,
    *,
    k: int,
    **stats: Any,
) -> NearPairs:
    left, right, distance = found.sorted()
    if prepared.inverse is not None:
        expand = _expand if copies is Copies.PAIRS else _first_copies
        left, right, distance, added = expand((left, right, distance), prepared, k)
        candidates += added
        if keep is not None and len(left):  # the collector held them with their copies: kept now
            kept = np.asarray(keep(left, right, distance), dtype=bool)
            found.count_dropped(distance[~kept])
            left, right, distance = left[kept], right[kept], distance[kept]
    return NearPairs(
        left=left,
        right=right,
        distance=distance,
        n=prepared.n,
        k=k,
        candidates=candidates,
        identical=prepared.n - len(prepared.search),
        copies=copies,
        dropped=tuple(found.dropped.tolist()) if found.dropped.any() else (),
        **stats,
    )


class BlockIndex:
    """Fingerprints indexed for exact queries within ``k``.

    Holds one sorted table of ``len(values)`` 64-bit words per key (``C(blocks, k)`` keys; ``k + 1``
    by default), so it trades that memory for queries that touch only values sharing a key.

    Args:
        values: Fingerprints, as for :func:`find_near_pairs`.
        k: Largest distance queries may ask for.
        bits: Fingerprint width, 1 to 512.
        blocks: Number of blocks, ``k + 1`` (the default) to ``bits``.

    Raises:
        ValueError: As for :func:`find_near_pairs`.
    """

    def __init__(
        self,
        values: Iterable[int] | npt.NDArray[np.integer[Any]],
        k: int = 3,
        bits: int = 64,
        *,
        blocks: int | None = None,
    ) -> None:
        self._layout = BlockLayout.for_search(bits, k, blocks)
        self._words = _as_words(values, self._layout.bits)
        self._idx_bits = _index_bits(len(self._words))
        self._tables = [_sorted_table(self._words, self._layout, c, self._idx_bits) for c in self._layout.keys]

    def __len__(self) -> int:
        return len(self._words)

    @property
    def layout(self) -> BlockLayout:
        """Bits, k and blocks of this index."""
        return self._layout

    def query(self, value: int, k: int | None = None) -> list[tuple[int, int]]:
        """Indexed fingerprints within ``k`` of one fingerprint.

        Args:
            value: A fingerprint of the index's width.
            k: Largest distance, 0 to the ``k`` the index was built for (the default).

        Returns:
            ``(index, distance)`` for each match, nearest first, ties by index.

        Raises:
            ValueError: ``k`` exceeds the index's ``k``, or ``value`` does not fit in ``bits`` bits.
        """
        layout = self._layout
        if k is None:
            k = layout.k
        k = _check_int("k", k)
        if not 0 <= k <= layout.k:
            raise ValueError(
                f"k must be between 0 and the k={layout.k} this index was built for, got {k}; "
                f"build a BlockIndex with k={k} to search that far"
            )
        try:
            probe = _as_words([value], layout.bits)
        except ValueError:
            raise ValueError(
                f"query value {value!r} is not a fingerprint of this index: "
                f"it must be a non-negative integer below 2**{layout.bits}"
            ) from None
        masks = layout._block_masks()
        shift = np.uint64(self._idx_bits)
        low = np.uint64((1 << self._idx_bits) - 1)
        found: list[tuple[IntArray, npt.NDArray[np.integer[Any]]]] = []
        for combo, table in zip(layout.keys, self._tables, strict=True):
            start = _combo_keys(probe, layout, combo, self._idx_bits) << shift
            lo, hi = np.searchsorted(table, start[0], "left"), np.searchsorted(table, start[0] | low, "right")
            index = (table[lo:hi] & low).astype(np.intp)
            xor = self._words[index] ^ probe
            distance = _distance(xor)
            hit = distance <= k
            index, xor, distance = index[hit], xor[hit], distance[hit]
            keep = _first_key_is(xor, masks, combo)
            found.append((index[keep], distance[keep]))
        index = np.concatenate([f[0] for f in found])
        distance = np.concatenate([f[1] for f in found]).astype(np.intp)
        order = np.lexsort((index, distance))
        return list(zip(index[order].tolist(), distance[order].tolist(), strict=True))

    def pairs(self) -> NearPairs:
        """Every pair of indexed fingerprints within the index's ``k``, with this index's layout.

        See :func:`find_near_pairs`, which does the same without keeping tables.
        """
        return _search(_prepare(self._words), self._layout)


# --- shared machinery ---------------------------------------------------------------------------


def _index_bits(n: int) -> int:
    return max(1, (n - 1).bit_length())


def _as_words(values: Iterable[int] | npt.NDArray[Any], bits: int) -> WordArray:
    """Fingerprints as uint64: shape ``(n,)`` up to 64 bits, else ``(n, words)`` little-endian words."""
    if isinstance(values, np.ndarray) and values.dtype != object:
        return _array_words(values, bits)
    values = values if isinstance(values, Sequence) else list(values)
    # numpy would quietly truncate floats and parse strings, so check the types first (cheap: one pass)
    if not all(issubclass(t, (int, np.integer)) and not issubclass(t, bool) for t in set(map(type, values))):
        _raise_bad_value(values, bits)
    words: WordArray
    try:
        # up to 64 bits a flat array (the fast path); wider, the (n, words) layout every layer shares
        words = np.array(values, dtype=np.uint64).reshape(len(values)) if bits <= WORD else to_words(values, bits)
    except OverflowError:
        _raise_bad_value(values, bits)
    _check_fits(words, bits, values)
    return words


def _array_words(values: npt.NDArray[Any], bits: int) -> WordArray:
    if values.ndim != 1 or not (np.issubdtype(values.dtype, np.integer) or values.size == 0):
        raise ValueError(
            f"values must be a one-dimensional array of integers, got shape {values.shape} and dtype {values.dtype}"
        )
    if np.issubdtype(values.dtype, np.signedinteger) and values.size and values.min() < 0:
        i = int(np.flatnonzero(values < 0)[0])
        raise ValueError(f"value at index {i} is {values[i]}; fingerprints are non-negative integers")
    words = values.astype(np.uint64, copy=False)
    _check_fits(words, bits, values)
    if bits > WORD:
        wide = np.zeros((len(words), words_for(bits)), dtype=np.uint64)
        wide[:, 0] = words
        words = wide
    return words


def _check_fits(words: WordArray, bits: int, values: Any) -> None:
    top = words if words.ndim == 1 else words[:, -1]
    spare = bits - WORD * (words.shape[1] - 1 if words.ndim == 2 else 0)  # bits the top word may use
    if spare < WORD and top.size and (over := np.flatnonzero(top >> np.uint64(spare))).size:
        i = int(over[0])
        raise ValueError(
            f"value at index {i} is {int(values[i])}, which does not fit in bits={bits}; values must be below 2**{bits}"
        )


def _raise_bad_value(values: Sequence[Any], bits: int) -> NoReturn:
    for i, v in enumerate(values):
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)):
            raise ValueError(f"value at index {i} is {v!r}; fingerprints are non-negative integers")
        if v < 0:
            raise ValueError(f"value at index {i} is {int(v)}; fingerprints are non-negative integers")
        if v >= 1 << bits:
            raise ValueError(
                f"value at index {i} is {int(v)}, which does not fit in bits={bits}; "
                f"values must be between 0 and 2**{bits} - 1"
            )
    raise ValueError("values must be a flat sequence of non-negative integers")


def _mix(h: WordArray) -> WordArray:
    # splitmix64's finaliser, in place: wide keys are hashed down, and a collision only adds a candidate
    h ^= h >> np.uint64(30)
    h *= _MIX1
    h ^= h >> np.uint64(27)
    h *= _MIX2
    h ^= h >> np.uint64(31)
    return h


def _combo_keys(words: WordArray, layout: BlockLayout, combo: tuple[int, ...], idx_bits: int) -> WordArray:
    """The key of each value under one block combination, below ``2**(64 - idx_bits)``.

    The blocks' bits are concatenated when they fit, so equal keys mean equal blocks; wider keys
    are hashed, and the first-key test in the join rejects the rare collision.
    """
    key_bits = WORD - idx_bits
    pieces = [p for j in combo for p in layout._pieces(j)]
    key: WordArray | None = None
    exact = sum(width for _, _, width in pieces) <= key_bits
    for w, shift, width in pieces:
        column = words if words.ndim == 1 else words[:, w]
        piece = column >> np.uint64(shift)
        if width < WORD:
            piece &= np.uint64((1 << width) - 1)
        if key is None:
            key = piece if exact else _mix(piece ^ np.uint64(_SEED))
        elif exact:
            key <<= np.uint64(width)
            key |= piece
        else:
            key ^= piece
            key = _mix(key)
    assert key is not None  # every block has at least one bit
    if not exact:
        key >>= np.uint64(WORD - key_bits)
    return key


def _sorted_table(words: WordArray, layout: BlockLayout, combo: tuple[int, ...], idx_bits: int) -> WordArray:
    """``key << idx_bits | index`` for every value, sorted: equal keys form runs in index order."""
    table = _combo_keys(words, layout, combo, idx_bits)
    table <<= np.uint64(idx_bits)
    table |= np.arange(len(words), dtype=np.uint64)
    table.sort()
    return table


def _distance(xor: WordArray) -> npt.NDArray[np.integer[Any]]:
    counts = np.bitwise_count(xor)
    return counts if counts.ndim == 1 else counts.sum(axis=1, dtype=np.uint16)


def _first_key_is(xor: WordArray, masks: WordArray, combo: tuple[int, ...]) -> npt.NDArray[np.bool_]:
    """Whether ``combo`` is the first key (lexicographically) whose blocks all agree, per pair.

    The first combination of ``m`` blocks inside the set of agreeing blocks is its ``m`` lowest
    members, so the pair belongs to ``combo`` iff the blocks of ``combo`` agree and no other block
    below ``combo``'s last one does. Only the XOR of the pair is needed.
    """
    keep = np.ones(len(xor), dtype=bool)
    members = set(combo)
    for j in range(combo[-1] + 1):
        # the common one-word case skips the 2-D reduction
        differs = (xor & masks[j, 0]).astype(bool) if xor.ndim == 1 else np.any(xor & masks[j], axis=1)
        keep &= ~differs if j in members else differs
    return keep


# --- the self-join: stable radix passes shared between keys -------------------------------------
#
# Grouping values by a key needs an order in which equal keys are adjacent. numpy's comparison sort
# costs about 100 ns a value here, while a stable argsort of 8-bit digits is a counting sort (a few
# ns) and of 16-bit digits a radix sort (about 20 ns). So each key is ordered by least-significant-
# digit passes over its blocks, and keys that end in the same blocks share those passes: the keys
# form a trie of passes, walked depth first, one ordered copy of the values per level.

_KEY_CAP = 48
"""Key bits actually ordered on; wider keys use their leading 48 bits (chance collisions ~ n²/2**49)."""

_DENSE = 6
"""Offsets scan whole arrays while at least 1/_DENSE of the positions still have a partner that far."""

_Digit = tuple[tuple[int, int, int], ...]  # (word, shift, width) pieces, most significant first; ≤ 16 bits


@dataclass(eq=False)
class _Node:
    """A node of the pass trie: the keys complete here, and the next passes."""

    leaves: list[int]
    children: dict[_Digit, _Node]


@dataclass(frozen=True, eq=False)
class _Plan:
    root: _Node
    passes8: int  # passes on digits of at most 8 bits (counting sorts)
    passes16: int  # passes on digits of 9 to 16 bits (radix sorts)
    key_widths: tuple[int, ...]  # bits ordered on, per key
    run_masks: WordArray  # (keys, words): the bits ordered on, per key


def _block_digits(layout: BlockLayout, block: int) -> list[_Digit]:
    """A block's bits as digits of at most 16 bits, most significant first."""
    digits: list[_Digit] = []
    for w, shift, width in layout._pieces(block):
        while width > 16:
            width -= 16
            digits.append(((w, shift + width, 16),))
        digits.append(((w, shift, width),))
    return digits


def _width(digit: _Digit) -> int:
    return sum(width for _, _, width in digit)


@functools.lru_cache(maxsize=64)  # a choice estimates ~30 layouts; plans of 4,096 keys are ~1 MB
def _plan(layout: BlockLayout) -> _Plan:
    """The pass trie of a layout: per key, its digits least significant first (LSD radix order)."""
    root = _Node([], {})
    passes = [0, 0]
    widths = []
    used_digits = []
    blocks = [_block_digits(layout, j) for j in range(layout.blocks)]
    for number, combo in enumerate(layout.keys):
        used, total = [], 0
        for digit in (d for j in combo for d in blocks[j]):  # the leading digits up to the cap
            if total >= _KEY_CAP:
                break
            used.append(digit)
            total += _width(digit)
        # merge neighbouring narrow digits from the least significant end while they fit in 8 bits,
        # so tiny blocks do not make deep tries; merging from the end keeps shared tails shared
        merged: list[_Digit] = []
        for digit in reversed(used):
            if merged and _width(merged[-1]) + _width(digit) <= 8:
                merged[-1] = digit + merged[-1]
            else:
                merged.append(digit)
        node = root
        for digit in merged:
            child = node.children.get(digit)
            if child is None:
                child = node.children[digit] = _Node([], {})
                passes[_width(digit) > 8] += 1
            node = child
        node.leaves.append(number)
        widths.append(total)
        used_digits.append(used)
    masks = np.zeros((len(widths), layout.words), dtype=np.uint64)
    for number, used in enumerate(used_digits):
        for w, shift, width in (piece for digit in used for piece in digit):
            masks[number, w] |= np.uint64(((1 << width) - 1) << shift)
    return _Plan(root, passes[0], passes[1], tuple(widths), masks)


def _digit_values(words: WordArray, digit: _Digit) -> npt.NDArray[np.unsignedinteger[Any]]:
    value: WordArray | None = None
    for w, shift, width in digit:
        column = words if words.ndim == 1 else words[:, w]
        piece = column >> np.uint64(shift)
        piece &= np.uint64((1 << width) - 1)
        if value is None:
            value = piece
        else:
            value <<= np.uint64(width)
            value |= piece
    assert value is not None
    return value.astype(np.uint8 if _width(digit) <= 8 else np.uint16)


@dataclass(frozen=True, eq=False)
class _Prepared:
    """The values a search runs on: distinct, and (up to 64 bits) sorted.

    Sorted one-word values need no index carried through the radix passes: a value's position is
    found again by binary search, for the few pairs within k only.
    """

    search: WordArray  # distinct values; sorted when one word wide
    n: int  # values before collapsing copies
    original: IntArray | None  # search position -> original index, when no value repeats
    inverse: IntArray | None  # original index -> search position, when some values repeat
    first: IntArray | None = None  # search position -> first original index, when some values repeat

    @property
    def sorted(self) -> bool:
        return self.search.ndim == 1


def _prepare(words: WordArray) -> _Prepared:
    """Collapse identical values (one sort of n) and sort one-word values."""
    n = len(words)
    if words.ndim == 1:
        perm = np.argsort(words, kind="stable")
        ordered = words[perm]
        repeat = ordered[1:] == ordered[:-1]
        if not repeat.any():
            return _Prepared(ordered, n, perm, None)
        first = np.ones(n, dtype=bool)
        first[1:] = ~repeat
        inverse = np.empty(n, dtype=np.intp)
        inverse[perm] = np.cumsum(first) - 1
        return _Prepared(ordered[first], n, None, inverse, perm[first])  # stable: the first copy
    if n >= 2:
        folded = np.sort(_fold(words))  # equal values fold equally, so no repeat is missed
        if np.any(folded[1:] == folded[:-1]):
            distinct, first, inverse = np.unique(words, axis=0, return_index=True, return_inverse=True)
            inverse = inverse.reshape(-1).astype(np.intp)
            return _Prepared(np.ascontiguousarray(distinct), n, None, inverse, first.astype(np.intp))
    return _Prepared(words, n, None, None)


def _join(prepared: _Prepared, layout: BlockLayout, found: _PairCollector) -> int:
    """Add every pair within ``layout.k`` to ``found``; returns the candidate pairs verified."""
    words = prepared.search
    if len(words) < 2:
        return 0
    plan = _plan(layout)
    index = None if prepared.sorted else np.arange(len(words), dtype=np.intp)
    buffers = (np.empty(words.shape, dtype=np.uint64), np.empty(len(words), dtype=np.uint8))
    context = (layout.k, layout.keys, plan, layout._block_masks(), prepared, found, buffers)
    return _visit(plan.root, words, index, context)


def _visit(node: _Node, words: WordArray, index: IntArray | None, context: tuple[Any, ...]) -> int:
    k, keys, plan, masks, prepared, found, buffers = context
    tried = 0
    for number in node.leaves:
        join = _RunJoin(words, index, k, masks, keys[number], prepared, found)
        tried += join.run(plan.run_masks[number], buffers)
    for digit, child in node.children.items():
        order = np.argsort(_digit_values(words, digit), kind="stable")  # counting/radix sort
        tried += _visit(child, words[order], None if index is None else index[order], context)
    return tried


@dataclass(frozen=True, eq=False)
class _RunJoin:
    """The pairs within ``k`` that belong to one key, among values ordered so equal keys are adjacent."""

    ordered: WordArray
    index: IntArray | None  # search position of each ordered value, unless found by binary search
    k: int
    masks: WordArray
    combo: tuple[int, ...]
    prepared: _Prepared
    found: _PairCollector

    def run(self, run_mask: WordArray, buffers: tuple[WordArray, npt.NDArray[np.uint8]]) -> int:
        """Add the pairs; returns the number of candidate pairs (pairs sharing the key).

        Pairs are taken by offset: at offset ``d`` the candidates are the positions ``p`` whose run
        of equal keys reaches ``p + d``. While many positions qualify, whole arrays are compared
        (contiguous, vectorised, into preallocated buffers); once few do, only those positions
        are, in bounded chunks. The loop runs as many times as the longest run is long.
        """
        ordered = self.ordered
        n = len(ordered)
        diff = np.bitwise_xor(ordered[1:], ordered[:-1], out=buffers[0][: n - 1])
        diff &= run_mask[0] if ordered.ndim == 1 else run_mask
        same_next = np.zeros(n, dtype=bool)  # position p's key equals p + 1's; False at the end
        if ordered.ndim == 1:
            np.equal(diff, 0, out=same_next[:-1])
        else:
            np.logical_not(diff.any(axis=1), out=same_next[:-1])
        reach = same_next.copy()  # position p's run reaches p + offset
        tried = 0
        offset = 1
        active: IntArray | None = None
        while True:
            if active is None:
                m = n - offset
                live = reach[:m]
                count = int(np.count_nonzero(live)) if m > 0 else 0
                if count == 0:
                    break
                if count * _DENSE < m:
                    active = np.flatnonzero(live)
                    continue
                tried += count
                xor = np.bitwise_xor(ordered[:m], ordered[offset:], out=buffers[0][:m])
                distance = np.bitwise_count(xor, out=buffers[1][:m]) if xor.ndim == 1 else _distance(xor)
                hit = np.flatnonzero(distance <= self.k)
                hit = hit[live[hit]]  # few pairs are close: filter them, not the whole array
                if hit.size:
                    self._keep(hit, hit + offset, xor[hit], distance[hit])
                live[: m - 1] &= same_next[offset : n - 1]
            else:
                if not active.size:
                    break
                tried += active.size
                for start in range(0, active.size, _CHUNK):
                    here = active[start : start + _CHUNK]
                    there = here + offset
                    xor = ordered[here]
                    xor ^= ordered[there]
                    distance = _distance(xor)
                    hit = np.flatnonzero(distance <= self.k)
                    if hit.size:
                        self._keep(here[hit], there[hit], xor[hit], distance[hit])
                active = active[same_next[active + offset]]
            offset += 1
        return tried

    def _keep(self, here: IntArray, there: IntArray, xor: WordArray, distance: npt.NDArray[np.integer[Any]]) -> None:
        # pairs within k found under this key: kept only if it is their first agreeing key
        keep = _first_key_is(xor, self.masks, self.combo)
        here, there = here[keep], there[keep]
        prepared = self.prepared
        if self.index is None:  # sorted distinct values: find the positions again
            a = np.searchsorted(prepared.search, self.ordered[here])
            b = np.searchsorted(prepared.search, self.ordered[there])
        else:
            a, b = self.index[here], self.index[there]
        if prepared.original is not None:
            a, b = prepared.original[a], prepared.original[b]
        self.found.add(np.minimum(a, b), np.maximum(a, b), distance[keep])


# --- identical values ---------------------------------------------------------------------------


def _fold(words: WordArray) -> WordArray:
    # one 64-bit hash per wide value
    h = _mix(words[:, 0] ^ np.uint64(_SEED))
    for w in range(1, words.shape[1]):
        h ^= words[:, w]
        h = _mix(h)
    return h


def _first_copies(
    pairs: tuple[IntArray, IntArray, IntArray], prepared: _Prepared, k: int
) -> tuple[IntArray, IntArray, IntArray, int]:
    """Pairs between distinct values, each value at its first position, plus (first, copy, 0) per copy."""
    assert prepared.inverse is not None and prepared.first is not None
    first = prepared.first
    out = _PairCollector(prepared.n, k)
    a, b = first[pairs[0]], first[pairs[1]]
    out.add(np.minimum(a, b), np.maximum(a, b), pairs[2])
    copy = np.flatnonzero(first[prepared.inverse] != np.arange(prepared.n))
    out.add(first[prepared.inverse[copy]], copy, np.zeros(len(copy), dtype=np.intp))
    left, right, distance = out.sorted()
    return left, right, distance, len(copy)


def _expand(
    pairs: tuple[IntArray, IntArray, IntArray], prepared: _Prepared, k: int
) -> tuple[IntArray, IntArray, IntArray, int]:
    """Pairs between distinct values → pairs between the original positions, plus identical copies.

    The work and the memory are those of the output (in chunks of pairs), never a search among the
    copies: m equal values cost m (m - 1) / 2 result pairs and nothing more.

    Returns:
        ``left, right, distance`` sorted by ``(left, right)``, and the number of added pairs.
    """
    inverse = prepared.inverse
    assert inverse is not None
    n = len(inverse)
    members = np.argsort(inverse, kind="stable")  # positions grouped by value, ascending within
    counts = np.bincount(inverse)
    starts = np.zeros(len(counts) + 1, dtype=np.intp)
    np.cumsum(counts, out=starts[1:])
    out = _PairCollector(n, k)
    # copies of one value: every pair within a run of `members`, distance 0
    same_next = np.zeros(n, dtype=bool)
    np.equal(inverse[members[1:]], inverse[members[:-1]], out=same_next[:-1])
    active = np.flatnonzero(same_next)
    offset = 1
    while active.size:
        for start in range(0, active.size, _CHUNK):
            here = active[start : start + _CHUNK]
            out.add(members[here], members[here + offset], np.zeros(len(here), dtype=np.intp))
        active = active[same_next[active + offset]]
        offset += 1
    # pairs of distinct values: every copy of one with every copy of the other
    a, b, d = pairs
    sizes = counts[a] * counts[b]
    bounds = np.searchsorted(np.cumsum(sizes), np.arange(_CHUNK, int(sizes.sum()) + _CHUNK, _CHUNK), "right")
    first = 0
    for last in [*np.unique(bounds).tolist(), len(a)]:
        if last <= first:
            continue
        part = slice(first, last)
        rows = np.repeat(np.arange(first, last), sizes[part])
        within = np.arange(len(rows)) - np.repeat(np.cumsum(sizes[part]) - sizes[part], sizes[part])
        i = members[starts[a[rows]] + within // counts[b[rows]]]
        j = members[starts[b[rows]] + within % counts[b[rows]]]
        out.add(np.minimum(i, j), np.maximum(i, j), d[rows])
        first = last
    left, right, distance = out.sorted()
    return left, right, distance, len(left) - len(a)


class _PairCollector:
    """Accumulates pairs and hands them back sorted by ``(left, right)``.

    When ``left``, ``right`` and ``distance`` fit in 63 bits together (n up to 2**27 even at k=511),
    each pair is stored as one int64: a third of the memory, and one fast sort instead of a lexsort.
    """

    _PACK_BITS = 63  # a class attribute so tests can force the unpacked path

    _KEEP_BATCH = 1 << 20  # pairs found before ``keep`` is asked about them: few calls, bounded memory

    def __init__(self, n: int, k: int, keep: KeepPairs | None = None) -> None:
        self._keep = keep
        self._waiting: list[tuple[IntArray, IntArray, npt.NDArray[np.integer[Any]]]] = []
        self._waiting_pairs = 0
        self.dropped = np.zeros(k + 1, dtype=np.int64)  # pairs ``keep`` dropped, by distance
        self._distance_bits = max(1, k.bit_length())
        self._right_shift = self._distance_bits
        self._left_shift = self._distance_bits + _index_bits(n)
        self._packed = self._left_shift + _index_bits(n) <= self._PACK_BITS
        self._parts: list[tuple[npt.NDArray[np.integer[Any]], ...]] = []

    def add(self, left: IntArray, right: IntArray, distance: npt.NDArray[np.integer[Any]]) -> None:
        if self._keep is not None:  # only the pairs the caller keeps are held, asked about a batch at a time
            self._waiting.append((left, right, distance))
            self._waiting_pairs += len(left)
            if self._waiting_pairs >= self._KEEP_BATCH:
                self._ask()
            return
        self._hold(left, right, distance)

    def _ask(self) -> None:
        """Hold the waiting pairs that ``keep`` keeps."""
        assert self._keep is not None
        if not self._waiting_pairs:
            return
        left, right, distance = (np.concatenate([part[i] for part in self._waiting]) for i in range(3))
        self._waiting.clear()
        self._waiting_pairs = 0
        kept = np.asarray(self._keep(left, right, distance), dtype=bool)
        self.count_dropped(distance[~kept])
        self._hold(left[kept], right[kept], distance[kept])

    def count_dropped(self, distance: npt.NDArray[np.integer[Any]]) -> None:
        """Count pairs within k that ``keep`` dropped (at these distances) in :attr:`dropped`."""
        if len(distance):
            counts = np.bincount(np.asarray(distance, dtype=np.intp), minlength=len(self.dropped))
            self.dropped += counts[: len(self.dropped)]

    def _hold(self, left: IntArray, right: IntArray, distance: npt.NDArray[np.integer[Any]]) -> None:
        if self._packed:
            code = left.astype(np.int64, copy=False) << self._left_shift
            code |= right.astype(np.int64, copy=False) << self._right_shift
            code |= distance
            self._parts.append((code,))
        else:
            self._parts.append((left, right, distance.astype(np.intp)))

    def sorted(self) -> tuple[IntArray, IntArray, IntArray]:
        """The pairs so far as ``(left, right, distance)`` arrays, sorted by ``(left, right)``."""
        if self._keep is not None:
            self._ask()
        if not self._parts:
            empty = np.empty(0, dtype=np.intp)
            return empty, empty, empty
        if self._packed:
            code = np.concatenate([part[0] for part in self._parts])
            self._parts.clear()
            code.sort()
            distance = (code & ((1 << self._distance_bits) - 1)).astype(np.intp, copy=False)
            right = code >> self._right_shift
            right &= (1 << (self._left_shift - self._right_shift)) - 1
            code >>= self._left_shift
            return code.astype(np.intp, copy=False), right.astype(np.intp, copy=False), distance
        left, right, distance = (np.concatenate([part[i] for part in self._parts]) for i in range(3))
        self._parts.clear()
        order = np.lexsort((right, left))
        return left[order], right[order], distance[order]
