"""A folder's boilerplate: shingles that recur across many of its texts, and the resemblance without them.

A shared header, footer, license or release-announcement template makes two otherwise different texts resemble:
fourteen coreutils manual pages share a footer (half of their word pairs), pytest's release announcements share
their template and differ in the version and the contributors. A shingle held by more than ``COMMON_TEXTS`` texts
of the folder says little about whether two texts are copies, so two texts are also compared *without* those
shingles: their **own resemblance**.

The own resemblance alone cannot decide: a hundred versions of one document share every shingle with many texts,
so nothing of theirs is left and their own resemblance says nothing (NaN: the whole resemblance decides), and
two versions differing by a few edits share nothing of their own (the edits are their only rare shingles) yet
resemble as a whole by 0.9. So the rule (``verify.Decision``) asks more only of pairs that share little of
their own: below ``min_own`` (0.25) they must resemble by ``boilerplate`` (0.65) as a whole, the share of a
template that makes most of both texts, not half of them.

Document frequency is counted over the sketches the scan already holds (each text's smallest shingle hashes): a
hash is common when more than ``COMMON_TEXTS`` texts hold it in their sketch. Deterministic, and the
fingerprints never change: only the verdict between two texts of a folder does.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from simcompare.core.search.verify import HASH_MAX, SKETCH, Sketch

__all__ = ["COMMON_TEXTS", "common_hashes", "common_in_table", "held_in", "own_resemblance", "own_resemblances"]

COMMON_TEXTS = 32
"""A shingle hash held by more texts' sketches than this is the folder's boilerplate (as the shingles' index
leaves it out of its keys, ``resembling.COMMON``)."""

_NONE: npt.NDArray[np.uint32] = np.zeros(0, dtype=np.uint32)


def common_hashes(sketches: Sequence[Sketch], limit: int = COMMON_TEXTS) -> npt.NDArray[np.uint32]:
    """The hashes held by more than ``limit`` of ``sketches`` (one per distinct text), sorted.

    Raises:
        ValueError: ``limit`` is negative.
    """
    _check_limit(limit)
    if len(sketches) <= limit:  # no hash can be held by more texts than there are
        return _NONE
    total = sum(len(sketch) for sketch in sketches)
    if total == 0:
        return _NONE
    if total <= _PASS:  # one range: the hashes joined at once, no piece copied twice
        return _common_in(np.concatenate([np.asarray(sketch, dtype=np.uint32) for sketch in sketches]), limit)

    def pieces() -> Iterator[npt.NDArray[np.uint32]]:
        for start in range(0, len(sketches), _TEXTS):
            yield np.concatenate([np.asarray(sketch, dtype=np.uint32) for sketch in sketches[start : start + _TEXTS]])

    sample = np.concatenate([np.asarray(s, dtype=np.uint32) for s in sketches[:: max(1, len(sketches) // 256)]])
    return _counted(pieces, sample, total, limit, _PASS)


def common_in_table(
    table: npt.NDArray[np.uint32], rows: npt.NDArray[np.intp], limit: int = COMMON_TEXTS
) -> npt.NDArray[np.uint32]:
    """:func:`common_hashes` of the texts whose hashes are these ``rows`` of a padded table (distinct hashes a
    row, padded above ``HASH_MAX``: ``verify.quick_table``, or its first columns), without copying the rows at once.

    Raises:
        ValueError: ``limit`` is negative.
    """
    _check_limit(limit)
    if len(rows) <= limit:
        return _NONE
    total = len(rows) * table.shape[1]
    if total <= _TABLE_PASS:  # one range: the rows copied once, sorted in place, the pads (sorted last) cut off
        every = table[rows].ravel()
        every.sort()
        return _common_in(every[: np.searchsorted(every, np.uint32(HASH_MAX), side="right")], limit)

    def pieces() -> Iterator[npt.NDArray[np.uint32]]:
        for start in range(0, len(rows), _TEXTS):
            block = table[rows[start : start + _TEXTS]].ravel()
            yield block[block <= HASH_MAX]  # the pads are no hashes

    sample = table[rows[:: max(1, len(rows) // 256)]].ravel()
    return _counted(pieces, sample[sample <= HASH_MAX], total, limit, _TABLE_PASS)


def _check_limit(limit: object) -> None:
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
        raise ValueError(f"limit must be a whole number of 0 or more texts, got {limit!r}")


_PASS = 1 << 25
"""Hashes sorted at once: the folder's hashes are counted a range of values at a time (a million texts' sketches
hold 256 million hashes: sorted at once, 2 GB beside the records; a range at a time, about 256 MB)."""

_TABLE_PASS = 1 << 23
"""Hashes of a table's rows counted at once (taking a range's hashes from a table costs little: more, smaller
ranges; at a million texts, the shingles' index counts 64 million first hashes in 32 MB pieces)."""

_TEXTS = 1 << 14  # texts whose hashes are joined at once while a range's hashes are gathered


def _counted(
    pieces: Callable[[], Iterable[npt.NDArray[np.uint32]]],
    sample: npt.NDArray[np.uint32],
    total: int,
    limit: int,
    per_pass: int,
) -> npt.NDArray[np.uint32]:
    """The hashes held more than ``limit`` times among those ``pieces()`` gives (about ``total`` of them, of which
    ``sample`` is a sample), a range of values at a time: the ranges hold about ``per_pass`` hashes each, their
    bounds at the sample's quantiles (crowded values are split finer: sketches hold each text's smallest)."""
    passes = -(-total // per_pass)
    cuts: npt.NDArray[np.generic] = np.zeros(0, dtype=np.uint32)
    if passes > 1 and len(sample):
        cuts = np.quantile(sample, np.arange(1, passes) / passes, method="lower")
    bounds = [0, *sorted({int(cut) for cut in cuts.tolist() if cut > 0})]
    found = []
    for low, high in [*itertools.pairwise(bounds), (bounds[-1], None)]:
        parts = []
        for piece in pieces():
            inside = piece >= low
            if high is not None:
                inside &= piece < high
            parts.append(piece[inside])
        found.append(_common_in(np.concatenate(parts) if parts else _NONE.copy(), limit))
    return np.concatenate(found)


def _common_in(every: npt.NDArray[np.uint32], limit: int) -> npt.NDArray[np.uint32]:
    """The hashes held more than ``limit`` times in ``every`` (sorted in place), sorted, each once."""
    every.sort()
    if limit == 0:
        return np.unique(every)
    # sorted, a hash is held more than ``limit`` times where it equals the hash ``limit`` places on: one array of
    # bools beside the hashes (a run-length count held two 64-bit numbers a distinct hash: GBs at a million texts)
    return np.unique(every[limit:][every[limit:] == every[:-limit]])


def _cutoff(sketch: Sketch) -> int:
    """Every hash of the text up to this one is in its sketch (all of them when it holds fewer than SKETCH)."""
    return int(sketch[-1]) if len(sketch) >= SKETCH else HASH_MAX


def own_resemblance(a: Sketch, b: Sketch, common: npt.NDArray[np.uint32]) -> float:
    """The resemblance of two texts without the shingles in ``common`` (sorted); NaN when it says nothing that
    the resemblance does not: neither text holds a common shingle, or neither holds any other.

    Both sketches hold every hash of their text below their cutoff, so below the smaller cutoff the two are
    complete samples of the texts' shingles; the common hashes are set aside from both, and the Jaccard
    similarity of what remains is the estimate (exact for texts of up to ``SKETCH`` shingles).
    """
    cutoff = min(_cutoff(a), _cutoff(b))
    a = a[: np.searchsorted(a, cutoff, side="right")]
    b = b[: np.searchsorted(b, cutoff, side="right")]
    if len(common) == 0:
        return float("nan")
    own_a, own_b = a[~held_in(a, common)], b[~held_in(b, common)]
    if len(own_a) + len(own_b) == len(a) + len(b) or len(own_a) + len(own_b) == 0:
        return float("nan")  # no boilerplate in either text, or nothing but boilerplate
    a, b = own_a, own_b
    merged = np.concatenate((a, b))
    merged.sort()
    both = int(np.count_nonzero(merged[1:] == merged[:-1]))
    return both / (len(merged) - both)


def held_in(hashes: npt.NDArray[np.unsignedinteger[Any]], common: npt.NDArray[np.uint32]) -> npt.NDArray[np.bool_]:
    """Which of ``hashes`` (any shape) are in ``common`` (sorted)."""
    if len(common) == 0:
        return np.zeros(np.shape(hashes), dtype=bool)
    at = np.searchsorted(common, hashes)
    return common[np.minimum(at, len(common) - 1)] == hashes


def own_resemblances(
    a: npt.NDArray[np.uint32], b: npt.NDArray[np.uint32], common: npt.NDArray[np.uint32]
) -> npt.NDArray[np.float64]:
    """:func:`own_resemblance` for many pairs at once: rows of two tables of whole sketches, padded above
    ``HASH_MAX`` (``verify.quick_table(sketches, SKETCH)``); the same numbers, NaN where it gives NaN."""
    result = np.full(len(a), np.nan)
    if len(a) == 0 or len(common) == 0:
        return result
    full = SKETCH - 1
    cutoff_a = np.where(a[:, full] <= HASH_MAX, a[:, full], HASH_MAX) if a.shape[1] >= SKETCH else HASH_MAX
    cutoff_b = np.where(b[:, full] <= HASH_MAX, b[:, full], HASH_MAX) if b.shape[1] >= SKETCH else HASH_MAX
    cutoff = np.minimum(cutoff_a, cutoff_b).astype(np.uint32).reshape(-1, 1)
    in_a, in_b = a <= cutoff, b <= cutoff
    own_a, own_b = in_a & ~held_in(a, common), in_b & ~held_in(b, common)
    held = np.count_nonzero(in_a, axis=1) + np.count_nonzero(in_b, axis=1)
    owned = np.count_nonzero(own_a, axis=1) + np.count_nonzero(own_b, axis=1)
    merged = np.sort(np.concatenate([np.where(own_a, a, _PAD_A), np.where(own_b, b, _PAD_B)], axis=1), axis=1)
    both = np.count_nonzero((merged[:, 1:] == merged[:, :-1]) & (merged[:, 1:] <= HASH_MAX), axis=1)
    known = (owned > 0) & (owned < held)
    result[known] = both[known] / (owned[known] - both[known])
    return result


_PAD_A = np.uint32(0xFFFF_FFFF)
_PAD_B = np.uint32(0xFFFF_FFFE)
