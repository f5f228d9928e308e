"""The teaching pictures: hyperplanes, the θ/π law, pigeonhole blocks and the index arithmetic."""

from __future__ import annotations

import math
import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import simcompare
from simcompare.core.errors import Cancelled
from simcompare.core.explain.teaching import (
    angle,
    angle_law,
    blocks_of,
    example_pairs,
    geometry_preset,
    hyperplanes,
    index_arithmetic,
)
from simcompare.core.search.index import find_near_pairs


def test_the_seeds_three_hyperplane_example():
    """d = (1, 2, 0, 3, 0), hyperplanes from the codes 101/011/100/001/110 → signature 001."""
    picture = geometry_preset("three-hyperplanes").picture()
    assert picture.tokens == ("w1", "w2", "w3", "w4", "w5")
    assert picture.vector == (1, 2, 0, 3, 0)
    assert picture.planes == ((1, -1, 1, -1, 1), (-1, 1, -1, -1, 1), (1, 1, -1, 1, -1))
    for j, plane in enumerate(picture.planes):  # each bit is the sign of a dot product
        assert picture.dots[j] == sum(d * r for d, r in zip(picture.vector, plane, strict=True))
    assert picture.dots == (-4, -2, 6)
    assert picture.binary == "001"


def test_the_two_dimension_example():
    picture = geometry_preset("two-dimensions").picture()
    assert picture.vector == (3, 2, 4)
    assert picture.dots == (5, 3) and picture.binary == "11"


def test_a_texts_hyperplane_picture_is_its_trace():
    fp = simcompare.fingerprint("今天天气很好，我们去公园散步吧。明天我们去上海看望朋友。", simcompare.Config(bits=16))
    picture = hyperplanes(fp)
    assert picture.dots == fp.sums
    assert picture.binary == fp.binary
    for j, plane in enumerate(picture.planes):
        exact = sum(d * r for d, r in zip(picture.vector, plane, strict=True))
        assert exact == pytest.approx(fp.sums[j])


def test_angle_of_parallel_orthogonal_and_empty_vectors():
    assert angle({"a": 1, "b": 2}, {"a": 2, "b": 4}) == pytest.approx(0, abs=1e-7)
    assert angle({"a": 1}, {"b": 1}) == pytest.approx(math.pi / 2)
    assert angle({}, {"a": 1}) is None


def test_the_theta_over_pi_law_holds_on_the_bundled_pairs():
    config = simcompare.Config()
    law = angle_law(example_pairs(), config)
    assert len(law.points) == 80
    thetas = [p.theta for p in law.points]
    assert min(thetas) == 0 and max(thetas) > 1.2  # from copies to nearly unrelated texts
    # Each point is the core's own numbers.
    original, edited = example_pairs()[10]
    point = law.points[10]
    fa, fb = simcompare.fingerprint(original, config), simcompare.fingerprint(edited, config)
    assert point.distance == simcompare.hamming(fa, fb)
    assert point.predicted == pytest.approx(64 * point.theta / math.pi)
    # On average the distance is f·θ/π (Charikar): within a bit and a half over 80 pairs.
    assert abs(law.mean_error) < 1.5
    assert law.mean_absolute_error < 5


def test_angle_law_stops_when_cancelled():
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(Cancelled):
        angle_law(example_pairs(2), simcompare.Config(), cancel=cancel)


def test_the_seeds_index_arithmetic():
    """2^34 fingerprints, k = 3: 4 blocks of 16 bits → 2^18 candidates per block."""
    sums = index_arithmetic(2**34, 64, 3)
    assert sums.blocks == 4 and sums.block_bits == (16, 16, 16, 16)
    assert sums.candidates_per_table == (2**18,) * 4
    assert sums.candidates_per_query == 2**20


@settings(max_examples=100, deadline=None, database=None)
@given(bits=st.integers(2, 64), data=st.data())
def test_a_pair_within_k_always_shares_a_block(bits, data):
    k = data.draw(st.integers(0, bits - 1))
    a = data.draw(st.integers(0, 2**bits - 1))
    flips = data.draw(st.sets(st.integers(0, bits - 1), max_size=k))
    b = a
    for j in flips:
        b ^= 1 << (bits - 1 - j)
    picture = blocks_of(a, b, bits, k)
    assert len(picture.bounds) == k + 1
    assert sum(picture.differing) == picture.distance == len(flips)
    assert picture.guaranteed and picture.shared  # the pigeonhole principle
    # and the index itself finds the pair
    assert [(i, j) for i, j, _ in find_near_pairs([a, b], k, bits)] == [(0, 1)]
