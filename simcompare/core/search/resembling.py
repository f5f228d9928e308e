"""A second source of candidates: texts whose shingle sketches share their smallest rare hashes.

SimHash finds pairs whose fingerprints are within k bits. Short texts have few tokens, so their fingerprints
scatter: two reference pages resembling by 0.9 may be 13 or 18 bits apart. This index finds pairs by their
shingles alone (a prefix filter over the bottom-k sketches of ``simcompare.core.search.verify``):

- a text's **keys** are the first ``KEYS`` hashes of its sketch that are not common in the folder (held
  by more than ``COMMON`` texts: a shared header, footer or template line, which says nothing about
  whether two texts are copies);
- two texts sharing a key are candidates. Texts whose shingle sets resemble by J share on average about
  ``KEYS × J`` of the union's smallest hashes, and each such hash is among both texts' first hashes; so a
  pair at J = 0.5 is missed about once in (1 − J)^KEYS ≈ 10^5 (a little more where common hashes were
  skipped);
- the candidates are screened by the quick estimate (``verify.quick_resemblance``): what
  :func:`resembling_pairs` returns may resemble by the threshold; the caller measures the pairs whose
  estimate is near it exactly, as it does SimHash's candidates.

It relies only on what a sketch is: an array of distinct hashes, sorted ascending (smallest first), of
one hash function shared by every text, and on ``verify``'s ``resemblance``, ``quick_table`` and
``quick_resemblance``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from simcompare.core.search.boilerplate import common_in_table, held_in
from simcompare.core.search.verify import HASH_MAX, QUICK_MARGIN, Sketch, quick_resemblance, quick_table

__all__ = ["COMMON", "KEYS", "resembling_pairs"]

KEYS = 16
"""Hashes per text that make its keys (its sketch's smallest that are not common)."""

COMMON = 32
"""A hash held by more texts than this is common (boilerplate); it is no key."""

_CHUNK = 16_384  # candidates screened at once
_HEAD = KEYS * 4  # a text's first hashes, among which its keys are
_PAIR_CHUNK = 1 << 20  # pairs of texts sharing a key made at once, before their repeats are dropped
_ROWS = 1 << 14  # texts whose keys are taken at once

IntArray = npt.NDArray[np.intp]
Hashes = npt.NDArray[np.unsignedinteger[Any]]


def _keys(
    sketches: Sequence[Sketch], among: IntArray, quick: npt.NDArray[np.uint32] | None
) -> tuple[npt.NDArray[np.uint64], IntArray]:
    """Each text's keys that another text holds too, as (hash, text) rows, sorted by hash, then text."""
    if len(among) == 0:
        return np.zeros(0, dtype=np.uint64), np.zeros(0, dtype=np.intp)
    if quick is not None and quick.shape[1] >= _HEAD:  # the first hashes, padded: the pads are no hashes
        # the hashes held by more than COMMON texts' first hashes (counted a range of values at a time), then
        # each row's first KEYS others, a bounded number of rows at a time: the same keys, in the same order, as
        # the lists below give, in about the first hashes' memory (a count of every hash with its positions took
        # ten times: 2.5 GB at a million texts)
        common = common_in_table(quick[:, :_HEAD], among, COMMON)
        codes: list[npt.NDArray[np.uint64]] = []
        for start in range(0, len(among), _ROWS):
            rows = among[start : start + _ROWS]
            heads = quick[rows, :_HEAD]
            rare = (heads <= HASH_MAX) & ~held_in(heads, common)
            rare &= np.cumsum(rare, axis=1) <= KEYS
            owners = np.repeat(rows.astype(np.uint64), np.count_nonzero(rare, axis=1))
            codes.append(heads[rare].astype(np.uint64) << np.uint64(32) | owners)
        # by key, then by text (the texts are distinct and below 2**32): one array of 64-bit codes, sorted in place
        joined = np.concatenate(codes) if codes else np.zeros(0, dtype=np.uint64)
        del codes
        joined.sort()
        joined = joined[_shared_keys(joined)]  # only keys another text holds make pairs: most are one text's
        owners = (joined & np.uint64(0xFFFF_FFFF)).view(np.int64)  # below 2**32: the same number as a signed one
        joined >>= np.uint64(32)
        return joined, owners.astype(np.intp, copy=False)
    else:
        listed = [np.asarray(sketches[i][:_HEAD], dtype=np.uint64) for i in among.tolist()]
        hashes = np.concatenate(listed)
        owners = np.repeat(among, [len(h) for h in listed])
    order = np.argsort(hashes, kind="stable")
    hashes = hashes[order]
    owners = owners[order]
    del order
    # how many texts hold each hash among their first hashes: common ones are no keys
    starts = np.flatnonzero(np.concatenate(([True], hashes[1:] != hashes[:-1])))
    sizes = np.diff(np.append(starts, len(hashes)))
    rare = np.repeat(sizes <= COMMON, sizes)
    hashes, owners = hashes[rare], owners[rare]
    # each text's first KEYS rare hashes
    by_owner = np.lexsort((hashes, owners))
    owner_sorted = owners[by_owner]
    first = np.flatnonzero(np.concatenate(([True], owner_sorted[1:] != owner_sorted[:-1])))
    rank = np.arange(len(owner_sorted)) - np.repeat(first, np.diff(np.append(first, len(owner_sorted))))
    kept = np.sort(by_owner[rank < KEYS])
    return _shared(hashes[kept], owners[kept])


def _shared_keys(codes: npt.NDArray[np.uint64]) -> npt.NDArray[np.bool_]:
    """Which of the sorted (key << 32 | text) ``codes`` hold a key that a neighbour holds too, a piece at a time
    (the keys of all of them at once took two more arrays as large as the codes)."""
    shared = np.zeros(len(codes), dtype=bool)
    for start in range(0, max(0, len(codes) - 1), _PAIR_CHUNK):
        stop = min(start + _PAIR_CHUNK, len(codes) - 1)
        same = (codes[start:stop] >> np.uint64(32)) == (codes[start + 1 : stop + 1] >> np.uint64(32))
        shared[start:stop] |= same
        shared[start + 1 : stop + 1] |= same
    return shared


def _shared(hashes: Hashes, owners: npt.NDArray[np.integer[Any]]) -> tuple[Hashes, IntArray]:
    """The keys (sorted) that another text holds too: only they make pairs, and most keys are a single text's."""
    same = hashes[1:] == hashes[:-1]
    shared = np.zeros(len(hashes), dtype=bool)
    shared[1:] = same
    shared[:-1] |= same
    return hashes[shared], owners[shared].astype(np.intp, copy=False)


def _candidate_pairs(
    hashes: Hashes,
    owners: npt.NDArray[np.integer[Any]],
    keep: Callable[[IntArray, IntArray], npt.NDArray[np.bool_]] | None = None,
) -> tuple[IntArray, IntArray]:
    """Every pair of texts sharing a key (``left < right``, each pair once); with ``keep``, those it keeps (asked
    of each piece of pairs as they are made, so what it drops is never held: a million texts share keys in
    many more pairs than resemble)."""
    starts = np.flatnonzero(np.concatenate(([True], hashes[1:] != hashes[:-1]))) if len(hashes) else _none()
    sizes = np.diff(np.append(starts, len(hashes)))
    if not (sizes > 1).any():
        return _none(), _none()
    width = int(owners.max()) + 1
    found: list[npt.NDArray[np.int64]] = []
    for size in np.unique(sizes[sizes > 1]).tolist():
        a, b = np.triu_indices(size, 1)
        buckets = starts[sizes == size]
        step = max(1, _PAIR_CHUNK // len(a))  # buckets at a time: a bounded number of pairs in flight
        for first in range(0, len(buckets), step):
            blocks = owners[buckets[first : first + step, None] + np.arange(size)]  # one row per bucket
            lo, hi = blocks[:, a].ravel(), blocks[:, b].ravel()
            lo, hi = np.minimum(lo, hi), np.maximum(lo, hi)
            apart = lo != hi
            # near copies share most of their keys: each pair once per piece, then once in all
            piece = np.unique(lo[apart].astype(np.int64) * width + hi[apart])
            if keep is not None and len(piece):
                piece = piece[keep((piece // width).astype(np.intp), (piece % width).astype(np.intp))]
            found.append(piece)
    codes = np.unique(np.concatenate(found))
    return (codes // width).astype(np.intp), (codes % width).astype(np.intp)


def _none() -> IntArray:
    return np.zeros(0, dtype=np.intp)


def resembling_pairs(
    sketches: Sequence[Sketch],
    among: Sequence[int],
    min_resemblance: float,
    *,
    quick: npt.NDArray[np.uint32] | None = None,
    check: Callable[[int, int], None] | None = None,
) -> tuple[IntArray, IntArray, npt.NDArray[np.float64]]:
    """Pairs of the texts ``among`` (indices into ``sketches``) that may resemble by ``min_resemblance``:
    ``(left, right, estimate)`` with ``left < right``, sorted, each pair's quick estimate at most
    ``QUICK_MARGIN`` below the threshold.

    ``quick``: ``verify.quick_table`` of all ``sketches`` when the caller has it (else made for the texts
    involved). ``check(done, total)`` is called now and then (it may raise to stop).
    """
    chosen = np.asarray(sorted(set(among)), dtype=np.intp)
    hashes, owners = _keys(sketches, chosen, quick)
    if quick is None:  # the quick table of the texts chosen, row by row
        row = np.full(int(chosen.max()) + 1 if len(chosen) else 0, -1, dtype=np.intp)
        row[chosen] = np.arange(len(chosen))
        quick = quick_table([sketches[i] for i in chosen.tolist()])
    else:
        row = np.arange(len(quick), dtype=np.intp)
    table = quick
    least = min_resemblance - QUICK_MARGIN
    screened = 0

    def estimates(left: IntArray, right: IntArray) -> npt.NDArray[np.float64]:
        found = np.empty(len(left), dtype=np.float64)
        for start in range(0, len(left), _CHUNK):
            stop = start + _CHUNK
            found[start:stop] = quick_resemblance(table[row[left[start:stop]]], table[row[right[start:stop]]])
        return found

    def plausible(left: IntArray, right: IntArray) -> npt.NDArray[np.bool_]:
        nonlocal screened
        if check is not None:
            check(screened, 0)
        screened += len(left)
        return estimates(left, right) >= least

    left, right = _candidate_pairs(hashes, owners, plausible)
    del hashes, owners
    return left, right, estimates(left, right)
