"""Exact near-pair search by linear covering masks: the index for large ``k`` among many values.

Pigeonhole keys (:mod:`simcompare.core.search.index`) need ``C(blocks, k)`` keys, each a union of
whole blocks; at k = 12 on 64 bits the best of them still leave about 10^10 chance candidates among
a million values. Masks cut across blocks do far better, and linear algebra makes them exact
(Pagh, "Locality-sensitive hashing without false negatives", SODA 2016, *CoveringLSH*):

Give each bit position ``i`` of a part of the fingerprint a vector ``m(i)`` in ``GF(2)^d`` and, for
every non-zero ``v``, key on the mask ``{i : <m(i), v> = 1}``. If two values differ on fewer than
``d`` positions of the part, the vectors of those positions span fewer than ``d`` dimensions, so
some ``v`` is orthogonal to all of them: that mask avoids every differing bit, and the two values
have equal keys under it. One part with ``d = k + 1`` would need ``2**13 - 1`` masks at k = 12, so
the bits are cut into parts as in multi-index hashing (Norouzi, Punjani and Fleet, 2012): with
dimensions ``d_p`` summing to ``k + 1``, a pair within ``k`` differs on fewer than ``d_p`` bits of
at least one part ``p`` (else it would differ on at least ``k + 1``). At k = 12 on 64 bits that is
two halves with d = 7 and 6: 127 + 63 = 190 masks of about 16 bits, and about 2 × 10^9 chance
candidates among a million values instead of 10^10.

The vectors are chosen greedily so the masks' sizes are even (a small mask is a narrow key, and
narrow keys bring most chance candidates). Keys use at most 16 bits of their mask, so each table
is one radix argsort of 16-bit keys; the mask's other bits only decide which key a found pair
belongs to. A pair sharing several keys is kept under the first mask it agrees on, decided from the
pair's XOR alone. Candidates are verified run by run: at offset ``o`` every value is compared with
the one ``o`` places later (XOR, popcount) over whole arrays, and runs too short for the offset
are dropped from the arrays once they are half of them.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = [
    "SAMPLE",
    "CoveringEstimate",
    "CoveringScheme",
    "choose_covering",
    "join_covering",
    "sample_of",
    "sampled_pairs",
]

KEY_BITS = 16
"""Mask bits a table keys on: one radix argsort of 16-bit keys."""

MAX_DIMENSION = 8
"""Largest ``d`` of a part: ``2**d - 1`` masks (255), and the greedy choice of vectors stays quick."""

_HIT_CHUNK = 1 << 16  # found pairs whose agreeing masks are looked up at once: bounds a (chunk, words) temporary

IntArray = npt.NDArray[np.intp]
WordArray = npt.NDArray[np.uint64]
AddPairs = Callable[[IntArray, IntArray, npt.NDArray[np.integer[Any]]], None]


@dataclass(frozen=True, slots=True)
class CoveringCosts:
    """Seconds per unit of work of the covering join, on the machine :data:`COVERING_COSTS` was measured on.

    Attributes:
        table: Fixed cost of one mask's table (building its key lookups, the offset loop's calls).
        value: Per value and mask: its key, the radix argsort and the reordering of the values.
        candidate: Per candidate pair: XOR, popcount and comparison with k, in whole-array passes.
    """

    table: float
    value: float
    candidate: float


COVERING_COSTS = CoveringCosts(table=2e-3, value=135e-9, candidate=9e-9)
"""In the units of the block index's :data:`~simcompare.core.search.index.COSTS`, so the two estimates compare.

Both searches were timed (CPU time) on the same random values, n = 30,000 to 1,000,000 and k = 3, 8
and 12 (2-core AMD EPYC VM, numpy 2.4, shared with other work), and these constants scaled so the
covering estimate stands to its measured time as the block estimate does to its own (the block
estimates run about 2.7 times the CPU time measured now). The choice then goes the way the
measurements went at every point: blocks at k = 3, and at k = 8 up to about 300,000 values and
at k = 12 up to about 50,000; covering masks beyond.
"""


@dataclass(frozen=True, slots=True)
class CoveringScheme:
    """Parts of the fingerprint and the dimension of each part's covering.

    Attributes:
        bits: Fingerprint width, 1 to 64.
        k: Largest distance searched for.
        parts: ``(width, dimension)`` of each part, from the most significant bit; the widths sum
            to ``bits`` and the dimensions to ``k + 1``. A part of dimension 0 is never keyed on.
    """

    bits: int
    k: int
    parts: tuple[tuple[int, int], ...]

    def __post_init__(self) -> None:
        if not 1 <= self.bits <= 64:
            raise ValueError(f"bits must be between 1 and 64 for a covering scheme, got {self.bits}")
        if sum(w for w, _ in self.parts) != self.bits or any(w < 1 for w, _ in self.parts):
            raise ValueError(f"part widths must be positive and sum to bits = {self.bits}, got {self.parts}")
        if sum(d for _, d in self.parts) != self.k + 1:
            raise ValueError(f"part dimensions must sum to k + 1 = {self.k + 1}, got {self.parts}")
        if any(not 0 <= d <= min(w, MAX_DIMENSION) for w, d in self.parts):
            raise ValueError(f"each dimension must be between 0 and min(width, {MAX_DIMENSION}), got {self.parts}")

    @property
    def masks(self) -> tuple[int, ...]:
        """The masks keyed on, as integers over the fingerprint's bits; every pair within k agrees on one."""
        return _masks(self)

    @property
    def key_masks(self) -> tuple[int, ...]:
        """Per mask, the at most :data:`KEY_BITS` of its bits its table is keyed on (its most significant)."""
        return tuple(_top_bits(mask, KEY_BITS) for mask in self.masks)

    @property
    def key_bits(self) -> int:
        """Bits of the narrowest key."""
        return min(key.bit_count() for key in self.key_masks)

    def estimate(self, n: int) -> CoveringEstimate:
        """Expected chance candidates and seconds for ``n`` random distinct values."""
        pairs = n * (n - 1) / 2
        candidates = pairs * sum(2.0 ** -key.bit_count() for key in self.key_masks)
        c = COVERING_COSTS
        tables = len(self.masks)
        seconds = tables * (c.table + n * c.value) + candidates * c.candidate
        return CoveringEstimate(self, n, candidates, seconds)


@dataclass(frozen=True, slots=True)
class CoveringEstimate:
    """The cost model's view of a covering scheme for ``n`` random values."""

    scheme: CoveringScheme
    n: int
    candidates: float
    seconds: float


def choose_covering(n: int, k: int, bits: int, sample: WordArray | None = None) -> CoveringEstimate | None:
    """The cheapest covering scheme for ``n`` values (one part, or two near-halves), or None if none fits.

    With ``sample`` (values drawn from the ``n``), each scheme's candidates are measured on it
    (:func:`sampled_pairs`) instead of assumed from uniform random values: real collections cluster.
    """
    options: list[CoveringScheme] = []
    if k + 1 <= min(bits, MAX_DIMENSION):
        options.append(CoveringScheme(bits, k, ((bits, k + 1),)))
    if bits >= 2:
        high = (bits + 1) // 2
        widths = (high, bits - high)
        for first in range(1, k + 1):
            dims = (first, k + 1 - first)
            if all(d <= min(w, MAX_DIMENSION) for w, d in zip(widths, dims, strict=True)):
                options.append(CoveringScheme(bits, k, tuple(zip(widths, dims, strict=True))))
    if not options:
        return None
    estimates = [scheme.estimate(n) for scheme in options]
    if sample is not None:
        estimates = [_measured(e, sampled_pairs(sample, e.scheme.key_masks, n)) for e in estimates]
    return min(estimates, key=lambda e: e.seconds)


def _measured(estimate: CoveringEstimate, candidates: float) -> CoveringEstimate:
    seconds = estimate.seconds + (candidates - estimate.candidates) * COVERING_COSTS.candidate
    return CoveringEstimate(estimate.scheme, estimate.n, candidates, seconds)


SAMPLE = 2048
"""Values a cost model measures candidates on (:func:`sampled_pairs`): tens of milliseconds for hundreds of keys."""

_SAMPLE_MASKS = 64  # keys sorted at once: bounds a (sample, masks) temporary to 2 MiB


def sample_of(values: WordArray, size: int | None = None) -> WordArray:
    """``size`` (default :data:`SAMPLE`) of the values, drawn at random but the same every time (a fixed seed: the
    same values give the same choice), or all of them when there are no more."""
    size = SAMPLE if size is None else size
    if len(values) <= size:
        return values
    chosen = np.random.default_rng(0x5EED).choice(len(values), size, replace=False)
    return values[np.sort(chosen)]


def sampled_pairs(sample: WordArray, masks: tuple[int, ...], n: int) -> float:
    """Pairs among ``n`` values that agree on the bits of some mask, counted once per mask, as measured on
    ``sample`` (one word a value): the pairs of the sample with equal masked bits, scaled by ``n (n - 1)`` over
    the sample's ``s (s - 1)``. The candidates a search keyed on ``masks`` compares, for the values as they
    are (clusters of near copies agree on most masks) rather than for uniform random ones; exact when the
    sample is all ``n`` values."""
    s = len(sample)
    if s < 2 or n < 2 or not masks:
        return 0.0
    every = np.array(masks, dtype=np.uint64)
    columns = np.arange(s, dtype=np.int64)[None, :]
    equal_pairs = 0
    for start in range(0, len(every), _SAMPLE_MASKS):
        keys = every[start : start + _SAMPLE_MASKS, None] & sample[None, :]  # a row of keys per mask
        keys.sort(axis=1)
        starts = np.ones(keys.shape, dtype=bool)  # where a run of equal keys starts
        np.not_equal(keys[:, 1:], keys[:, :-1], out=starts[:, 1:])
        first = np.maximum.accumulate(np.where(starts, columns, 0), axis=1)
        equal_pairs += int((columns - first).sum())  # each value pairs with the earlier ones of its run
    return equal_pairs * (n * (n - 1)) / (s * (s - 1))


# --- the masks ----------------------------------------------------------------------------------


@functools.lru_cache(maxsize=256)
def _columns(width: int, dimension: int) -> tuple[int, ...]:
    """``width`` vectors of ``GF(2)^dimension`` (as ints) whose codewords have even weights.

    Greedy: each next vector is the one that least raises ``sum over v of 2 ** -|mask v|``, the
    chance candidates the masks bring. Deterministic (ties to the smallest vector).
    """
    vectors = np.arange(1, 1 << dimension, dtype=np.int64)
    parity = (np.bitwise_count(vectors[:, None] & vectors[None, :]) & 1).astype(np.int64)  # [codeword, column]
    weights = np.zeros(len(vectors), dtype=np.int64)
    chosen = []
    for _ in range(width):
        cost = np.exp2(-(weights[:, None] + parity).astype(np.float64)).sum(axis=0)
        best = int(np.argmin(cost))
        chosen.append(int(vectors[best]))
        weights += parity[:, best]
    return tuple(chosen)


@functools.lru_cache(maxsize=64)
def _masks(scheme: CoveringScheme) -> tuple[int, ...]:
    masks = []
    stop = scheme.bits  # integer bit positions: the first part holds the most significant bits
    for width, dimension in scheme.parts:
        start = stop - width
        if dimension:
            columns = _columns(width, dimension)
            for v in range(1, 1 << dimension):
                # column j belongs to bit (stop - 1 - j): the part's bits from its most significant
                mask = sum(1 << (stop - 1 - j) for j, column in enumerate(columns) if (v & column).bit_count() & 1)
                if not mask:
                    raise AssertionError(f"empty covering mask for part {width}×{dimension}")  # pragma: no cover
                masks.append(mask)
        stop = start
    return tuple(masks)


def _top_bits(mask: int, count: int) -> int:
    while mask.bit_count() > count:
        mask &= mask - 1  # drop the lowest set bit
    return mask


# --- the join -----------------------------------------------------------------------------------


@functools.lru_cache(maxsize=1)
def _pext8() -> npt.NDArray[np.uint16]:
    """``[byte mask, byte value]``: the value's bits under the mask, packed to the low end."""
    values = np.arange(256, dtype=np.uint16)
    table = np.zeros((256, 256), dtype=np.uint16)
    for mask in range(256):
        shift = 0
        for bit in range(8):
            if mask >> bit & 1:
                table[mask] |= ((values >> bit) & 1) << shift
                shift += 1
    return table


def _key_lookups(key_mask: int, bits: int) -> list[tuple[int, npt.NDArray[np.uint16]]]:
    """Per 16-bit chunk of the value the mask touches: ``(chunk, table)``, the tables' outputs OR'd give the key."""
    pext = _pext8()
    lookups = []
    shift = 0
    for chunk in range((bits + 15) // 16):
        low, high = (key_mask >> (16 * chunk)) & 0xFF, (key_mask >> (16 * chunk + 8)) & 0xFF
        if not low and not high:
            continue
        index = np.arange(1 << 16, dtype=np.intp)
        table = pext[low][index & 0xFF] | (pext[high][index >> 8] << np.uint16(low.bit_count()))
        lookups.append((chunk, table << np.uint16(shift)))
        shift += low.bit_count() + high.bit_count()
    return lookups


def join_covering(values: WordArray, scheme: CoveringScheme, add: AddPairs) -> int:
    """Call ``add(a, b, distance)`` with every pair of positions within ``scheme.k``, each once.

    Args:
        values: Distinct fingerprints, one word each.
        scheme: The covering to key on.
        add: Receives positions into ``values`` (``a`` and ``b`` in either order) and distances.

    Returns:
        The number of candidate pairs verified.
    """
    n = len(values)
    if n < 2:
        return 0
    chunks = [(values >> np.uint64(16 * c)).astype(np.uint16) for c in range((scheme.bits + 15) // 16)]
    tables = _agree_tables(np.array(scheme.masks, dtype=np.uint64))
    buffers = _Buffers(n)
    tried = 0
    for number, key_mask in enumerate(scheme.key_masks):
        key: npt.NDArray[np.uint16] | None = None
        for chunk, table in _key_lookups(key_mask, scheme.bits):
            part = table[chunks[chunk]]
            key = part if key is None else np.bitwise_or(key, part, out=key)
        assert key is not None
        order = np.argsort(key, kind="stable")  # a radix sort for 16-bit keys
        sizes = np.bincount(key, minlength=1 << key_mask.bit_count())
        sizes = sizes[sizes > 0]
        tried += int((sizes * (sizes - 1) // 2).sum())

        def found(pieces: list[_Piece], number: int = number) -> None:
            # one look-up of the agreeing masks for many pieces at once: each call has its fixed cost
            a, b, distance, xor = (np.concatenate(column) for column in zip(*pieces, strict=True))
            keep = _first_mask_is(xor, tables, number)
            if keep.any():
                add(a[keep], b[keep], distance[keep])

        _run_pairs(values, order, sizes, scheme.k, buffers, found)
    return tried


_Piece = tuple[IntArray, IntArray, npt.NDArray[np.uint8], WordArray]

_PIECES = 1 << 20
"""Pairs within k gathered before they are handed on: a key of clustered texts (a million files of one language)
found tens of millions of pairs within k, 25 bytes each, held at once before."""


@dataclass(eq=False)
class _Buffers:
    """Scratch arrays for the offset passes, allocated once per search."""

    xor: WordArray
    count: npt.NDArray[np.uint8]
    close: npt.NDArray[np.bool_]

    def __init__(self, n: int) -> None:
        self.xor = np.empty(n, dtype=np.uint64)
        self.count = np.empty(n, dtype=np.uint8)
        self.close = np.empty(n, dtype=bool)


def _run_pairs(
    values: WordArray,
    order: IntArray,
    sizes: npt.NDArray[np.intp],
    k: int,
    buffers: _Buffers,
    found: Callable[[list[_Piece]], None],
) -> None:
    """Pairs within k inside runs of equal keys, handed to ``found`` as ``(a, b, distance, xor)`` pieces (positions
    into ``values``), about ``_PIECES`` pairs at a time.

    ``order`` lists the positions run after run; ``sizes`` gives the runs' lengths in that order.
    """
    pieces: list[_Piece] = []
    held = 0
    position = order
    ordered = values[order]
    length = len(order)  # the arrays' length, the work of one offset pass
    offset = 1
    while True:
        kept = sizes > offset  # runs with a pair `offset` places apart
        if not kept.any():
            break
        kept_length = int(sizes[kept].sum())
        if kept_length * 4 < length * 3:  # drop the short runs once they are a quarter of the arrays
            select = _select_runs(sizes, kept)
            position, ordered, sizes, length = position[select], ordered[select], sizes[kept], kept_length
        m = length - offset
        xor = np.bitwise_xor(ordered[:m], ordered[offset:], out=buffers.xor[:m])
        count = np.bitwise_count(xor, out=buffers.count[:m])
        close = np.less_equal(count, k, out=buffers.close[:m])
        hit = np.flatnonzero(close)
        if hit.size:
            ends = np.cumsum(sizes)
            hit = hit[hit + offset < ends[np.searchsorted(ends, hit, side="right")]]  # same run
            if hit.size:
                pieces.append((position[hit], position[hit + offset], count[hit].copy(), xor[hit].copy()))
                held += len(hit)
                if held >= _PIECES:
                    found(pieces)
                    pieces, held = [], 0
        offset += 1
    if pieces:
        found(pieces)


def _select_runs(sizes: npt.NDArray[np.intp], keep: npt.NDArray[np.bool_]) -> IntArray:
    """Positions, in arrays laid out run after run with these ``sizes``, of the runs ``keep`` selects."""
    starts = np.cumsum(sizes) - sizes
    kept_sizes = sizes[keep]
    # each kept run's positions: its start plus 0, 1, ...: offset the running index per run
    shift = np.repeat(starts[keep] - (np.cumsum(kept_sizes) - kept_sizes), kept_sizes)
    shift += np.arange(len(shift), dtype=np.intp)
    return shift


def _agree_tables(masks: WordArray) -> npt.NDArray[np.uint64]:
    """``[word, byte position, byte value]``: bit ``j % 64`` of word ``j // 64`` is set when a XOR holding that
    byte at that position (0: the least significant) leaves mask ``j`` alone (shares no bit with it there).

    A pair agrees on mask ``j`` exactly when all eight bytes of its XOR do, so the AND of eight look-ups gives
    64 masks' agreement at once.
    """
    count = len(masks)
    words = (count + 63) // 64
    shifts = (8 * np.arange(8, dtype=np.uint64))[:, None]
    mask_bytes = (masks[None, :] >> shifts) & np.uint64(0xFF)  # [position, mask]
    byte = np.arange(256, dtype=np.uint64)[None, :, None]
    agree = np.zeros((8, 256, words * 64), dtype=bool)
    agree[..., :count] = (byte & mask_bytes[:, None, :]) == 0
    packed = np.packbits(agree, axis=-1, bitorder="little").view("<u8")  # [position, byte, word]
    return np.ascontiguousarray(packed.transpose(2, 0, 1)).astype(np.uint64)


def _first_mask_is(xor: WordArray, tables: npt.NDArray[np.uint64], number: int) -> npt.NDArray[np.bool_]:
    """Whether mask ``number`` is the first mask both values agree on, per pair (from their XOR).

    Near copies agree on many masks and are found again under each: which of 64 masks a pair agrees on comes
    from eight table look-ups (:func:`_agree_tables`), a word of masks at a time from the first, and a pair
    is dropped at the first word holding an earlier mask it agrees on.
    """
    last, bit = divmod(number, 64)
    keep = np.zeros(len(xor), dtype=bool)
    this, up_to = np.uint64(1 << bit), np.uint64((1 << bit) | ((1 << bit) - 1))
    for start in range(0, len(xor), _HIT_CHUNK):
        part = np.ascontiguousarray(xor[start : start + _HIT_CHUNK], dtype="<u8")
        columns = part.view(np.uint8).reshape(-1, 8).T.copy()  # [byte position, pair]
        alive = np.arange(len(part))
        for word in range(last + 1):
            agree = np.take(tables[word, 0], columns[0])
            for position in range(1, 8):
                agree &= np.take(tables[word, position], columns[position])
            if word < last:
                still = agree == 0  # agrees on no mask of this word: undecided
                alive, columns = alive[still], columns[:, still]
            else:
                alive = alive[(agree & up_to) == this]
        keep[start + alive] = True
    return keep
