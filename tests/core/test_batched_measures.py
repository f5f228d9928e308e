"""Measures of many groups or pairs at once against the one-at-a-time functions they stand for, on small random
inputs: the same numbers and verdicts."""

from __future__ import annotations

import random

import numpy as np
import pytest

from simcompare.core.search.groups import max_internal_distance, max_internal_distances
from simcompare.core.search.verify import HASH_MAX, SKETCH, Decision, packed_table, quick_table


@pytest.mark.parametrize("bits", [8, 64, 65, 128])
def test_the_largest_distances_of_many_groups_are_each_ones(bits: int) -> None:
    rng = random.Random(bits)
    pool = [rng.getrandbits(bits) for _ in range(5)]  # few values: ties and copies
    values = [rng.choice(pool) if rng.random() < 0.5 else rng.getrandbits(bits) for _ in range(200)]
    groups = [rng.sample(range(200), rng.choice([0, 1, 2, 2, 3, 5, 32, 33, 40])) for _ in range(300)]
    expected = [max_internal_distance(values, g) for g in groups]
    assert max_internal_distances(values, groups) == expected
    if bits <= 64:  # as one array of words: the small groups measured together
        assert max_internal_distances(np.array(values, dtype=np.uint64), groups) == expected


@pytest.mark.parametrize("seed", range(10))
def test_the_verdicts_of_many_pairs_are_each_ones(seed: int) -> None:
    rng = np.random.default_rng(seed)
    count = 2_000
    distances = rng.integers(0, 20, count)
    similar = np.round(rng.random(count), 2)  # rounded: many at a threshold exactly
    shingles = rng.integers(0, 60, count)
    own = np.where(rng.random(count) < 0.5, np.nan, np.round(rng.random(count), 2))
    for decision in (
        Decision(12),
        Decision(12, 0.3, None),
        Decision(0, 0.5, 0.9),
        Decision(12, 0.0),
        Decision(5, 0.45, 0.8, min_shingles=20, min_own=0.5, boilerplate=0.7),
    ):
        expected = [
            decision.near(int(d), float(r), int(s), None if o != o else float(o))
            for d, r, s, o in zip(distances, similar, shingles, own, strict=True)
        ]
        assert decision.near_many(distances, similar, shingles, own).tolist() == expected


def test_a_packed_table_is_the_quick_table_of_the_whole_sketches() -> None:
    rng = np.random.default_rng(3)
    sketches = [
        np.unique(rng.integers(0, HASH_MAX + 1, int(size), dtype=np.uint32))[:SKETCH]
        for size in rng.choice([0, 1, 5, 256, 300], 50)
    ]
    width = max(1, max(len(s) for s in sketches))
    lengths = np.array([len(s) for s in sketches], dtype=np.intp)
    packed = packed_table(np.concatenate(sketches), lengths, width)
    assert np.array_equal(packed, quick_table(sketches, width))
