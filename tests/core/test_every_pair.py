"""Every pair compared: the search the cost model picks for few fingerprints at a large k (3,302 texts at k = 32 of
64 bits took 5 s through 33 blocks of 2 bits, each pair a candidate eight times over; new user L6). Exactly the
pairs of the brute force, with copies, with a caller that keeps some, and in blocks of rows."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simcompare.core.search import index as index_module
from simcompare.core.search.index import EVERY_PAIR, Copies, find_near_pairs

FAST = settings(max_examples=120, deadline=None, database=None)


def brute(values: list[int], k: int) -> list[tuple[int, int, int]]:
    return [
        (i, j, (values[i] ^ values[j]).bit_count())
        for i, j in itertools.combinations(range(len(values)), 2)
        if (values[i] ^ values[j]).bit_count() <= k
    ]


@st.composite
def many_close(draw: st.DrawFn) -> tuple[int, int, list[int]]:
    """``(bits, k, values)`` at a large k for the width, copies and near neighbours among them."""
    bits = draw(st.sampled_from([8, 16, 32, 63, 64]))
    k = draw(st.integers(bits // 4, bits - 1))
    values = draw(st.lists(st.integers(0, (1 << bits) - 1), min_size=0, max_size=40))
    if values and draw(st.booleans()):
        values += [draw(st.sampled_from(values)) ^ (1 << draw(st.integers(0, bits - 1))) for _ in range(5)]
        values += draw(st.lists(st.sampled_from(values), max_size=5))  # copies
    return bits, k, values


@FAST
@given(many_close(), st.integers(1, 50), st.sampled_from(list(Copies)))
def test_every_pair_is_the_brute_force(case: tuple[int, int, list[int]], rows: int, copies: Copies) -> None:
    bits, k, values = case
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(index_module, "_EVERY_PAIR_BLOCK", rows)  # blocks of a row or a few: their edges tested
        prepared = index_module._prepare(index_module._as_words(values, bits))
        found = index_module._search_all(prepared, k, bits, Copies.PAIRS)
    assert found.method == EVERY_PAIR
    assert list(found) == brute(values, k)
    distinct = len(set(values))
    compared = distinct * (distinct - 1) // 2  # each pair of distinct values once; copies' pairs are added after
    assert found.candidates == compared if distinct == len(values) else found.candidates >= compared
    chosen = find_near_pairs(values, k, bits, copies=copies)  # whichever search the cost model picks: the same
    assert list(chosen) == list(find_near_pairs(values, k, bits, blocks=k + 1, copies=copies))


def test_few_fingerprints_at_a_large_k_compare_every_pair() -> None:
    rng = np.random.default_rng(7)
    values = rng.integers(0, 2**63, 2_000, dtype=np.uint64)
    found = find_near_pairs(values, 32, 64)
    assert found.method == EVERY_PAIR and found.blocks == 1 and found.keys == 1
    assert found.candidates == found.possible_pairs == 2_000 * 1_999 // 2  # each pair once
    assert list(found) == brute([int(v) for v in values], 32)
    assert find_near_pairs(values[:50], 32, 64).method == "blocks"  # either at once: the index, as taught
    with pytest.raises(ValueError, match="every pair"):
        _ = found.layout
    assert found.within(20).method == EVERY_PAIR and list(found.within(20)) == brute([int(v) for v in values], 20)
    assert find_near_pairs(values, 3, 64).method == "blocks"  # a small k: the index is cheaper


def test_copies_and_a_caller_that_keeps_some(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(index_module, "EVERY_PAIR_WORTH", 0.0)  # a few values: chosen whenever cheaper
    values = [0b1111, 0b1111, 0b0000, 0b1110, 0b0000, 0b1111]
    kept = find_near_pairs(values, 7, 8, keep=lambda a, b, d: d % 2 == 0)
    assert kept.method == EVERY_PAIR
    assert list(kept) == [p for p in brute(values, 7) if p[2] % 2 == 0]
    assert kept.dropped == tuple(np.bincount([p[2] for p in brute(values, 7) if p[2] % 2], minlength=8).tolist())
    first = find_near_pairs(values, 7, 8, copies=Copies.FIRST)
    assert first.method == EVERY_PAIR and first.copies is Copies.FIRST
    assert (0, 1, 0) in list(first) and (1, 5, 0) not in list(first)
