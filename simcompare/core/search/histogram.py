"""How far apart the fingerprints of a folder are: the histogram of pair distances behind the threshold.

Exact over every pair for folders up to ``EXACT_LIMIT`` files; above that, estimated from a fixed number
of random pairs (seeded, so the same folder gives the same picture), and marked as sampled.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from simcompare.core.fingerprint.bitwise import to_words

EXACT_LIMIT = 20_000
SAMPLED_PAIRS = 5_000_000
_ROWS_PER_STEP = 256


@dataclass(frozen=True, slots=True)
class DistanceHistogram:
    """``counts[d]`` pairs at Hamming distance d, for d = 0 … bits.

    Attributes:
        counts: Pairs per distance (all pairs, or the sampled ones).
        pairs: How many pairs were counted.
        sampled: True when the pairs are a random sample of all pairs.
    """

    counts: tuple[int, ...]
    pairs: int
    sampled: bool

    def within(self, k: int) -> int:
        """Counted pairs at distance k or less."""
        return sum(self.counts[: k + 1])


def distance_histogram(
    values: Sequence[int] | npt.NDArray[np.uint64], bits: int, *, seed: int = 0
) -> DistanceHistogram:
    """The histogram of Hamming distances between the fingerprints (empty ones included if given)."""
    n = len(values)
    counts = np.zeros(bits + 1, dtype=np.int64)
    if n < 2:
        return DistanceHistogram(tuple(int(c) for c in counts), 0, False)
    table = to_words(values, bits)
    if n <= EXACT_LIMIT:
        # each step: a block of rows against the rows after the block (every pair once), then the pairs inside it
        for start in range(0, n - 1, _ROWS_PER_STEP):
            stop = min(start + _ROWS_PER_STEP, n)
            rows = table[start:stop]
            counts += _counted(rows, table[stop:], bits)
            inside = _distances(rows, rows)
            counts += np.bincount(inside[np.triu_indices(len(rows), 1)], minlength=bits + 1)[: bits + 1]
        return DistanceHistogram(tuple(int(c) for c in counts), n * (n - 1) // 2, False)
    rng = np.random.default_rng(seed)
    left = rng.integers(0, n, SAMPLED_PAIRS)
    right = rng.integers(0, n - 1, SAMPLED_PAIRS)
    right += right >= left  # a different file, uniformly
    for start in range(0, SAMPLED_PAIRS, _PAIRS_PER_STEP):  # a piece at a time: all at once, 200 MB of temporaries
        stop = start + _PAIRS_PER_STEP
        distance = np.bitwise_count(table[left[start:stop]] ^ table[right[start:stop]]).sum(axis=1)
        counts += np.bincount(distance, minlength=bits + 1)[: bits + 1]
    return DistanceHistogram(tuple(int(c) for c in counts), SAMPLED_PAIRS, True)


_PAIRS_PER_STEP = 1 << 19


def _distances(rows: np.ndarray, others: np.ndarray) -> np.ndarray:
    """The distance of each of ``rows`` to each of ``others`` (one table of words each), as a table."""
    counted = np.bitwise_count(rows[:, None, :] ^ others[None, :, :])
    return counted[:, :, 0] if rows.shape[1] == 1 else counted.sum(axis=2, dtype=np.intp)


def _counted(rows: np.ndarray, others: np.ndarray, bits: int) -> np.ndarray:
    """How many of the pairs of one of ``rows`` and one of ``others`` lie at each distance 0 … bits."""
    if len(rows) == 0 or len(others) == 0:
        return np.zeros(bits + 1, dtype=np.int64)
    return np.bincount(_distances(rows, others).ravel(), minlength=bits + 1)[: bits + 1]
