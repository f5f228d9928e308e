"""The distance histogram against a plain count over every pair."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from simcompare.core.search import histogram
from simcompare.core.search.histogram import distance_histogram


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([6, 64, 100]).flatmap(lambda b: st.tuples(st.just(b), st.lists(st.integers(0, 2**b - 1)))))
def test_exact_histogram_counts_every_pair_once(case: tuple[int, list[int]]) -> None:
    bits, values = case
    result = distance_histogram(values, bits)
    expected = [0] * (bits + 1)
    for a, b in itertools.combinations(values, 2):
        expected[(a ^ b).bit_count()] += 1
    assert list(result.counts) == expected
    assert result.pairs == len(values) * (len(values) - 1) // 2
    assert not result.sampled
    assert result.within(bits) == result.pairs


def test_large_folders_are_sampled_reproducibly(monkeypatch) -> None:
    monkeypatch.setattr(histogram, "EXACT_LIMIT", 10)
    monkeypatch.setattr(histogram, "SAMPLED_PAIRS", 1000)
    values = [0] * 20 + [2**64 - 1] * 20
    first, second = distance_histogram(values, 64), distance_histogram(values, 64)
    assert first == second and first.sampled and first.pairs == 1000
    assert set(i for i, c in enumerate(first.counts) if c) <= {0, 64}
    assert first.counts[0] > 0 and first.counts[64] > 0


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from([6, 64, 100]).flatmap(
        lambda b: st.tuples(st.just(b), st.lists(st.integers(0, 2**b - 1), max_size=40), st.integers(1, 9))
    )
)
def test_exact_histogram_counts_every_pair_once_a_block_of_rows_at_a_time(case: tuple[int, list[int], int]) -> None:
    bits, values, step = case
    saved = histogram._ROWS_PER_STEP
    histogram._ROWS_PER_STEP = step  # blocks that end inside the values, and blocks of one row
    try:
        result = distance_histogram(values, bits)
    finally:
        histogram._ROWS_PER_STEP = saved
    expected = [0] * (bits + 1)
    for a, b in itertools.combinations(values, 2):
        expected[(a ^ b).bit_count()] += 1
    assert list(result.counts) == expected
