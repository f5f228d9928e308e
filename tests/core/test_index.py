"""The pigeonhole block index (DESIGN.md §3): exactly the pairs within k, each once, at any width."""

from __future__ import annotations

import itertools
import math

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simcompare.core.search import index as index_module
from simcompare.core.search.index import (
    EVERY_PAIR,
    MAX_BITS,
    MAX_KEYS,
    BlockIndex,
    BlockLayout,
    Copies,
    NearPairs,
    choose_layout,
    every_pair_seconds,
    find_near_pairs,
)

FAST = settings(max_examples=150, deadline=None, database=None)
FEWER = settings(max_examples=60, deadline=None, database=None)

WIDTHS = [1, 6, 8, 32, 64, 65, 128, 200]
KS = [0, 1, 2, 3, 5]


def brute_pairs(values: list[int], k: int) -> set[tuple[int, int, int]]:
    """Every pair within k, by comparing all of them."""
    return {
        (i, j, (values[i] ^ values[j]).bit_count())
        for i, j in itertools.combinations(range(len(values)), 2)
        if (values[i] ^ values[j]).bit_count() <= k
    }


def brute_query(values: list[int], probe: int, k: int) -> list[tuple[int, int]]:
    """Matches of one probe, nearest first, ties by index, as BlockIndex.query promises."""
    found = [(i, (v ^ probe).bit_count()) for i, v in enumerate(values) if (v ^ probe).bit_count() <= k]
    return sorted(found, key=lambda match: (match[1], match[0]))


@st.composite
def planted(draw: st.DrawFn, *, max_k: int = 5) -> tuple[int, int, int | None, list[int]]:
    """``(bits, k, blocks, values)``: random fingerprints plus neighbours planted at distance 0 to k + 1.

    Distance ``k + 1`` neighbours sit just outside the threshold, where an off-by-one would show.
    """
    bits = draw(st.sampled_from(WIDTHS))
    k = draw(st.sampled_from([k for k in KS if k < bits and k <= max_k]))
    extra = draw(st.integers(0, 2))
    blocks = None if extra == 0 or k + extra > bits or math.comb(k + extra, k) > MAX_KEYS else k + extra
    values = draw(st.lists(st.integers(0, (1 << bits) - 1), max_size=25))
    if values:
        for _ in range(draw(st.integers(0, 25))):
            centre = draw(st.sampled_from(values))
            flips = draw(st.lists(st.integers(0, bits - 1), max_size=k + 1, unique=True))
            values.append(centre ^ sum(1 << bit for bit in flips))
    order = draw(st.permutations(range(len(values))))
    return bits, k, blocks, [values[i] for i in order]


def check_pairs(result: NearPairs, values: list[int], k: int) -> None:
    """The result is brute force's answer, in order, each pair once, with consistent statistics."""
    triples = list(result)
    assert set(triples) == brute_pairs(values, k)
    assert len(triples) == len(set(triples)) == len(result)
    assert triples == sorted(triples)
    assert all(i < j for i, j, _ in triples)
    assert result.n == len(values)
    assert result.possible_pairs == len(values) * (len(values) - 1) // 2
    assert len(result) <= result.candidates
    if result.method == EVERY_PAIR:  # one key: every pair of distinct values, each once
        distinct = len(set(values))
        assert (result.blocks, result.keys) == (1, 1) and result.candidates >= distinct * (distinct - 1) // 2
    else:
        assert result.keys == math.comb(result.blocks, k)


# ------------------------------------------------------------------------------------- exactness


@FAST
@given(planted())
def test_pairs_match_brute_force(case: tuple[int, int, int | None, list[int]]) -> None:
    bits, k, blocks, values = case
    result = find_near_pairs(values, k, bits, blocks=blocks)
    check_pairs(result, values, k)
    if blocks is None and result.method == EVERY_PAIR:  # cheaper than the cheapest layout, by the cost model
        distinct = len(set(values))
        assert every_pair_seconds(distinct) < choose_layout(distinct, k, bits).estimate(distinct).seconds
    elif blocks is None:  # the cost model's choice for the distinct values
        assert result.blocks == choose_layout(len(set(values)), k, bits).blocks
    else:
        assert result.blocks == blocks


@FAST
@given(planted())
def test_numpy_input_matches_python_ints(case: tuple[int, int, int | None, list[int]]) -> None:
    bits, k, blocks, values = case
    if bits > 64:
        values = [v & ((1 << 64) - 1) for v in values]  # a uint64 array holds the low word only
    array = np.array(values, dtype=np.uint64)
    assert list(find_near_pairs(array, k, bits, blocks=blocks)) == list(find_near_pairs(values, k, bits, blocks=blocks))


@FAST
@given(planted(), st.data())
def test_query_matches_brute_force(case: tuple[int, int, int | None, list[int]], data: st.DataObject) -> None:
    bits, k, blocks, values = case
    index = BlockIndex(values, k, bits, blocks=blocks)
    assert len(index) == len(values)
    query_k = data.draw(st.integers(0, k))
    probes = [data.draw(st.integers(0, (1 << bits) - 1))]
    if values:
        probes.append(data.draw(st.sampled_from(values)))
    for probe in probes:
        assert index.query(probe) == brute_query(values, probe, k)
        assert index.query(probe, k=query_k) == brute_query(values, probe, query_k)


@FAST
@given(planted())
def test_index_pairs_equal_streaming_search(case: tuple[int, int, int | None, list[int]]) -> None:
    bits, k, blocks, values = case
    assert list(BlockIndex(values, k, bits, blocks=blocks).pairs()) == list(
        find_near_pairs(values, k, bits, blocks=blocks)
    )


@pytest.mark.parametrize("blocks", [None, 5, 6])
def test_many_collisions_against_numpy_brute_force(blocks: int | None) -> None:
    # 16-bit values with k=3: keys of 4 bits or so, so runs are long and the offset loop goes deep
    rng = np.random.default_rng(7)
    values = rng.integers(0, 1 << 16, 3000, dtype=np.uint64)
    values[::50] = values[1::50]  # some identical pairs
    result = find_near_pairs(values, 3, 16, blocks=blocks)
    distance = np.bitwise_count(values[:, None] ^ values[None, :])
    left, right = np.nonzero(np.triu(distance <= 3, k=1))
    assert np.array_equal(result.left, left)
    assert np.array_equal(result.right, right)
    assert np.array_equal(result.distance, distance[left, right])


@pytest.mark.parametrize("bits", [64, 65, 512])
def test_identical_fingerprints_all_reported_once(bits: int) -> None:
    # identical values agree on every block, so each pair is a candidate under every key
    values = [7] * 5 + [1 << (bits - 1)] * 2
    for k in (0, 3):
        triples = list(find_near_pairs(values, k, bits))
        expected = [(i, j, 0) for i, j in itertools.combinations(range(5), 2)] + [(5, 6, 0)]
        assert triples == expected


def test_k_zero_reports_only_identical_values() -> None:
    assert list(find_near_pairs([3, 1, 3, 2, 1], k=0)) == [(0, 2, 0), (1, 4, 0)]


def test_worked_example_distance() -> None:
    # DESIGN.md §2: 100101 vs 101100 is distance 2
    assert list(find_near_pairs([0b100101, 0b101100], k=2, bits=6)) == [(0, 1, 2)]
    assert list(find_near_pairs([0b100101, 0b101100], k=1, bits=6)) == []


@pytest.mark.parametrize("bits", [64, 128])
def test_empty_and_single_value(bits: int) -> None:
    for values in ([], [5]):
        result = find_near_pairs(values, 3, bits)
        assert len(result) == 0
        assert list(result) == []
        assert result.n == len(values)
        assert result.possible_pairs == 0
        assert result.candidates == 0
        assert BlockIndex(values, 3, bits).query(5) == ([(0, 0)] if values else [])


def test_generator_and_signed_array_inputs() -> None:
    expected = [(0, 1, 1), (0, 2, 0), (1, 2, 1)]
    assert list(find_near_pairs(v for v in (4, 5, 4))) == expected
    assert list(find_near_pairs(np.array([4, 5, 4], dtype=np.int64))) == expected
    assert list(find_near_pairs(np.array([4, 5, 4], dtype=np.uint8), bits=8)) == expected


# ------------------------------------------------------------------------------------- robustness of the tricks


def test_exact_even_when_every_key_collides(monkeypatch: pytest.MonkeyPatch) -> None:
    # BlockIndex's tables: every value gets the same key, as if hashing wide keys collided everywhere;
    # the verification and the first-agreeing-key rule alone must still give each true pair once
    monkeypatch.setattr(index_module, "_combo_keys", lambda words, *_: np.zeros(len(words), dtype=np.uint64))
    rng = np.random.default_rng(3)
    values = [int(v) for v in rng.integers(0, 1 << 12, 300)]
    for k, blocks in ((2, None), (2, 5), (3, 4)):
        index = BlockIndex(values, k, 12, blocks=blocks)
        assert [index.query(v) for v in values[:20]] == [brute_query(values, v, k) for v in values[:20]]


@pytest.mark.parametrize("cap", [1, 5, 9])
def test_exact_when_keys_are_cut_short(monkeypatch: pytest.MonkeyPatch, cap: int) -> None:
    # keys ordered on only their leading bits (as past 48 bits) collide often: still exact, each pair once
    monkeypatch.setattr(index_module, "_KEY_CAP", cap)
    index_module._plan.cache_clear()
    try:
        rng = np.random.default_rng(cap)
        values = [int(v) for v in rng.integers(0, 1 << 20, 400)]
        values += [v ^ (1 << int(b)) for v, b in zip(values[:100], rng.integers(0, 20, 100), strict=True)]
        for k, blocks in ((2, None), (2, 5), (3, 6), (0, None)):
            check_pairs(find_near_pairs(values, k, 20, blocks=blocks), values, k)
    finally:
        index_module._plan.cache_clear()


@pytest.mark.parametrize("dense", [0, 10**9])
def test_dense_and_sparse_offsets_agree(monkeypatch: pytest.MonkeyPatch, dense: int) -> None:
    # 0: whole arrays compared at every offset; 10**9: only the positions with a partner
    monkeypatch.setattr(index_module, "_DENSE", dense)
    rng = np.random.default_rng(17)
    values = [int(v) for v in rng.integers(0, 1 << 12, 800)]
    for k, blocks in ((3, None), (3, 6), (1, 2)):
        check_pairs(find_near_pairs(values, k, 12, blocks=blocks), values, k)
    wide = [v << 70 | v for v in values[:300]]
    check_pairs(find_near_pairs(wide, 3, 82), wide, 3)


def test_small_chunks_and_unpacked_collector_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = np.random.default_rng(5)
    values = [int(v) for v in rng.integers(0, 1 << 10, 400)]
    expected = brute_pairs(values, 2)
    monkeypatch.setattr(index_module, "_CHUNK", 3)
    assert set(find_near_pairs(values, 2, 10)) == expected
    monkeypatch.setattr(index_module._PairCollector, "_PACK_BITS", 0)
    result = find_near_pairs(values, 2, 10)
    assert set(result) == expected
    assert list(result) == sorted(expected)


def test_wide_blocks_are_hashed_and_still_exact() -> None:
    # k=0 at 512 bits is one 512-bit block: far wider than a sortable key, so it is hashed
    rng = np.random.default_rng(11)
    base = [int.from_bytes(rng.bytes(64), "big") for _ in range(50)]
    values = base + base[:10] + [v ^ 1 for v in base[:10]]
    check_pairs(find_near_pairs(values, 0, 512), values, 0)
    check_pairs(find_near_pairs(values, 1, 512), values, 1)


def test_statistics_show_pruning() -> None:
    rng = np.random.default_rng(13)
    values = rng.integers(0, np.iinfo(np.uint64).max, 20_000, dtype=np.uint64, endpoint=True)
    result = find_near_pairs(values, 3)
    assert result.keys == 4
    assert 0 < result.candidates < result.possible_pairs / 1000
    # more blocks: more keys, far fewer chance candidates, same answer
    wider = find_near_pairs(values, 3, blocks=5)
    assert wider.keys == 10
    assert wider.candidates < result.candidates
    assert list(wider) == list(result)


# ------------------------------------------------------------------------------------- layout and results


@pytest.mark.parametrize(("bits", "blocks"), [(1, 1), (6, 4), (64, 4), (64, 5), (65, 4), (200, 6), (512, 1)])
def test_layout_blocks_are_contiguous_and_balanced(bits: int, blocks: int) -> None:
    layout = BlockLayout(bits, blocks - 1, blocks)
    bounds = layout.bounds
    assert bounds[0][0] == 0
    assert bounds[-1][1] == bits
    assert all(stop == start for (_, stop), (start, _) in itertools.pairwise(bounds))
    sizes = [stop - start for start, stop in bounds]
    assert max(sizes) - min(sizes) <= 1
    masks = layout._block_masks()
    union = 0
    for row in masks:
        block = sum(int(word) << (64 * w) for w, word in enumerate(row))
        assert union & block == 0
        union |= block
    assert union == (1 << bits) - 1


def test_layout_keys_are_combinations_of_agreeing_blocks() -> None:
    layout = BlockLayout(64, 3, 5)
    assert layout.agree == 2
    assert layout.keys == tuple(itertools.combinations(range(5), 2))
    assert BlockLayout.for_search(64, 3).blocks == 4


def ints(values: list[int]) -> npt.NDArray[np.intp]:
    return np.array(values, dtype=np.intp)


def test_near_pairs_is_read_only_and_checks_itself() -> None:
    result = find_near_pairs([1, 3, 1], k=1)
    with pytest.raises(ValueError, match="read-only"):
        result.left[0] = 2
    with pytest.raises(AttributeError):
        result.k = 2  # type: ignore[misc]
    assert "3 pairs" in repr(result)
    good = {"n": 3, "bits": 64, "k": 1, "blocks": 2, "keys": 2, "candidates": 5}
    assert len(NearPairs(left=ints([0]), right=ints([2]), distance=ints([1]), **good)) == 1
    with pytest.raises(ValueError, match="left < right"):
        NearPairs(left=ints([2]), right=ints([1]), distance=ints([0]), **good)
    with pytest.raises(ValueError, match="between 0 and k"):
        NearPairs(left=ints([0]), right=ints([1]), distance=ints([2]), **good)
    with pytest.raises(ValueError, match="sorted"):
        NearPairs(left=ints([1, 0]), right=ints([2, 1]), distance=ints([0, 0]), **good)
    with pytest.raises(ValueError, match="sorted"):
        NearPairs(left=ints([0, 0]), right=ints([1, 1]), distance=ints([0, 0]), **good)
    with pytest.raises(ValueError, match="one entry per pair"):
        NearPairs(left=ints([0]), right=ints([1, 2]), distance=ints([0]), **good)
    with pytest.raises(ValueError, match="blocks must be"):
        NearPairs(left=ints([0]), right=ints([1]), distance=ints([0]), **{**good, "blocks": 1})


# ------------------------------------------------------------------------------------- validation


@pytest.mark.parametrize(
    ("values", "k", "bits", "blocks", "message"),
    [
        ([1], 3, 0, None, r"bits must be between 1 and 512, got 0"),
        ([1], 3, 513, None, r"bits must be between 1 and 512, got 513"),
        ([1], 64, 64, None, r"k must be between 0 and bits - 1 = 63, got 64"),
        ([1], -1, 64, None, r"k must be between 0 and bits - 1 = 63, got -1"),
        ([1], 3, 64, 3, r"blocks must be between k \+ 1 = 4 .* and bits = 64, got 3"),
        ([1], 3, 64, 65, r"blocks must be between k \+ 1 = 4 .* and bits = 64, got 65"),
        ([1], 20, 64, 40, r"needs \d+ keys .* use fewer blocks"),
        ([1], 2.0, 64, None, r"k must be an integer, got 2.0"),
        ([1], 3, 64, True, r"blocks must be an integer, got True"),
        ([1, 256], 3, 8, None, r"value at index 1 is 256, which does not fit in bits=8"),
        ([1, 2**64], 3, 64, None, r"value at index 1 is 18446744073709551616, which does not fit in bits=64"),
        ([2**130], 3, 128, None, r"value at index 0 is \d+, which does not fit in bits=128"),
        ([1, -5], 3, 64, None, r"value at index 1 is -5; fingerprints are non-negative"),
        ([1, -5], 3, 100, None, r"value at index 1 is -5; fingerprints are non-negative"),
        ([1.5], 3, 64, None, r"value at index 0 is 1.5; fingerprints are non-negative integers"),
        (["7"], 3, 64, None, r"value at index 0 is '7'"),
        (np.array([3, -1]), 3, 64, None, r"value at index 1 is -1; fingerprints are non-negative"),
        (np.array([3, 4]), 1, 2, None, r"value at index 1 is 4, which does not fit in bits=2"),
        (np.array([1.0]), 0, 64, None, r"one-dimensional array of integers"),
        (np.zeros((2, 2), dtype=np.uint64), 0, 64, None, r"one-dimensional array of integers"),
    ],
)
def test_invalid_arguments_say_what_is_right(
    values: object, k: object, bits: int, blocks: object, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        find_near_pairs(values, k, bits, blocks=blocks)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=message):
        BlockIndex(values, k, bits, blocks=blocks)  # type: ignore[arg-type]


def test_query_validation() -> None:
    index = BlockIndex([1, 2, 3], k=2, bits=8)
    with pytest.raises(ValueError, match="k must be between 0 and the k=2 this index was built for, got 3"):
        index.query(1, k=3)
    with pytest.raises(ValueError, match=r"query value 256 is not a fingerprint of this index.*2\*\*8"):
        index.query(256)
    with pytest.raises(ValueError, match="query value -1"):
        index.query(-1)
    assert index.query(1, k=0) == [(0, 0)]


# ------------------------------------------------------------------------------------- the cost model

MODEL_WIDTHS = [8, 16, 32, 64, 128]


@st.composite
def model_case(draw: st.DrawFn) -> tuple[int, int, list[int], BlockLayout]:
    """``(bits, k, values, layout)``: planted neighbours, and the layout the model picks for some n."""
    bits = draw(st.sampled_from(MODEL_WIDTHS))
    k = draw(st.sampled_from([k for k in (0, 1, 2, 3, 5, 8) if k < bits]))
    values = draw(st.lists(st.integers(0, (1 << bits) - 1), min_size=1, max_size=30))
    for _ in range(draw(st.integers(0, 30))):
        flips = draw(st.lists(st.integers(0, bits - 1), max_size=k + 1, unique=True))
        values.append(draw(st.sampled_from(values)) ^ sum(1 << bit for bit in flips))
    # the model picks wider layouts for more values than a test can hold: force its pick for any n
    n = draw(st.integers(0, 10**12))
    return bits, k, values, choose_layout(n, k, bits)


@FEWER
@given(model_case())
def test_cost_model_layouts_match_brute_force(case: tuple[int, int, list[int], BlockLayout]) -> None:
    bits, k, values, layout = case
    result = find_near_pairs(values, k, bits, blocks=layout.blocks)
    check_pairs(result, values, k)
    assert result.layout == layout
    assert result.key_bits == layout.key_bits


def test_cost_model_prefers_more_blocks_for_more_values() -> None:
    # few values: the k + 1 pigeonhole layout; many: wider keys pay for more of them
    assert choose_layout(1_000, 8, 64).blocks == 9
    wide = choose_layout(1_000_000, 8, 64)
    assert wide.blocks > 9
    assert wide.estimate(1_000_000).seconds < BlockLayout(64, 8, 9).estimate(1_000_000).seconds
    assert wide.estimate(1_000_000).candidates < BlockLayout(64, 8, 9).estimate(1_000_000).candidates / 10
    assert [choose_layout(n, 3, 64).blocks for n in (0, 1, 10)] == [4, 4, 4]


@settings(max_examples=100, deadline=None, database=None)
@given(st.integers(0, 10**15), st.integers(1, MAX_BITS), st.data())
def test_cost_model_choice_is_a_valid_exact_layout(n: int, bits: int, data: st.DataObject) -> None:
    k = data.draw(st.integers(0, min(bits - 1, 40)) | st.integers(0, bits - 1))
    layout = choose_layout(n, k, bits)
    assert (layout.bits, layout.k) == (bits, k)
    assert k + 1 <= layout.blocks <= bits
    assert len(layout.keys) == math.comb(layout.blocks, k) <= MAX_KEYS
    estimate = layout.estimate(n)
    assert estimate.keys == len(layout.keys)
    assert estimate.seconds >= 0
    assert 0 <= estimate.candidates <= max(1, n * (n - 1) / 2 * len(layout.keys))
    # no layout the model could have taken is estimated cheaper
    smallest = BlockLayout(bits, k, k + 1).estimate(n)
    assert estimate.seconds <= smallest.seconds


def test_statistics_report_layout_and_candidates() -> None:
    rng = np.random.default_rng(21)
    values = rng.integers(0, np.iinfo(np.uint64).max, 30_000, dtype=np.uint64, endpoint=True)
    result = find_near_pairs(values, 8)
    layout = choose_layout(30_000, 8, 64)
    assert (result.blocks, result.keys, result.key_bits) == (layout.blocks, len(layout.keys), layout.key_bits)
    # 30,000 values: the candidates are measured on a sample; random values, so close to the uniform expectation
    assert result.estimated_candidates == pytest.approx(layout.estimate(30_000).candidates, rel=0.1)
    # and the actual chance candidates are close to both
    assert 0.8 < result.candidates / result.estimated_candidates < 1.2
    assert "keys of" in repr(result)


def test_estimate_grows_with_n_and_counts_chance_collisions() -> None:
    layout = BlockLayout(64, 3, 4)  # four 16-bit keys
    assert layout.key_bits == 16
    assert layout.estimate(0).candidates == 0
    assert layout.estimate(1001).candidates == pytest.approx(1001 * 1000 / 2 * 4 / 2**16)
    assert layout.estimate(10**6).seconds > layout.estimate(10**3).seconds


# ------------------------------------------------------------------------------------- identical values


@FEWER
@given(planted(max_k=3), st.integers(1, 4))
def test_first_copies_imply_exactly_brute_force(case: tuple[int, int, int | None, list[int]], repeat: int) -> None:
    bits, k, blocks, values = case
    values = values + values[: len(values) // repeat]  # copies, some of them of copies
    result = find_near_pairs(values, k, bits, blocks=blocks, copies="first")
    first = {v: values.index(v) for v in values}
    triples = list(result)
    assert triples == sorted(set(triples))
    assert result.copies is Copies.FIRST
    assert result.identical == len(values) - len(first)
    # every copy once, with its first position; other pairs only between first positions
    assert {(i, j) for i, j, d in triples if d == 0} == {(first[v], j) for j, v in enumerate(values) if first[v] != j}
    assert all(first[values[i]] == i for i, j, d in triples if d > 0)
    reported = {(i, j) for i, j, _ in triples} | {(j, i) for i, j, _ in triples}
    implied = {
        (i, j, (values[i] ^ values[j]).bit_count())
        for i, j in itertools.combinations(range(len(values)), 2)
        if values[i] == values[j] or (first[values[i]], first[values[j]]) in reported
    }
    assert implied == brute_pairs(values, k)


def test_many_identical_values_cost_no_search() -> None:
    values = np.full(2_000, 77, dtype=np.uint64)
    values[::10] = 78  # another value, two bits away
    result = find_near_pairs(values, 8)
    assert len(result) == 2_000 * 1_999 // 2
    assert result.identical == 2_000 - 2
    # the search compared 78 with 77 once per key they share; the copies' pairs were added unsearched
    searched = result.candidates - (len(result) - 1)
    assert 1 <= searched <= result.keys
    compact = find_near_pairs(values, 8, copies=Copies.FIRST)
    assert len(compact) == 1 + 1_998  # 78 ~ 77 at their first positions, then one pair per copy
    assert list(compact)[:3] == [(0, 1, 2), (0, 10, 0), (0, 20, 0)]
    assert (1, 2, 0) in set(compact)


def test_twenty_thousand_identical_values_stay_small() -> None:
    # the compact report is linear in the copies: no m² pairs, no m² work
    values = [2**63 + 5] * 20_000
    result = find_near_pairs(values, 8, copies="first")
    assert len(result) == 19_999
    assert result.left.max() == 0
    assert result.candidates == 19_999  # the copies, and no search among them


# ------------------------------------------------------------------------------------- a change of k


def test_within_filters_a_wider_search() -> None:
    rng = np.random.default_rng(8)
    values = [int(v) for v in rng.integers(0, 1 << 16, 600)]
    wide = find_near_pairs(values, 5, 16, blocks=6)  # a block layout (600 values at k = 5 compare every pair)
    for k in range(6):
        narrow = wide.within(k)
        assert list(narrow) == list(find_near_pairs(values, k, 16))
        assert narrow.k == k
        assert narrow.layout == wide.layout  # the search that ran
    assert wide.within(5) is wide
    with pytest.raises(ValueError, match="k must be between 0 and the k=5 these pairs were searched for, got 6"):
        wide.within(6)


def test_the_search_statistics_are_the_searchs_own() -> None:
    values = [0b0000, 0b0001, 0b0011, 0b1111, 0b0001]
    found = find_near_pairs(values, 1, 4)
    stats = found.stats
    assert (stats.n, stats.bits, stats.k, stats.blocks, stats.keys) == (5, 4, 1, found.blocks, found.keys)
    assert (stats.candidates, stats.key_bits, stats.identical) == (found.candidates, found.key_bits, 1)
    assert stats.estimated_candidates == found.estimated_candidates
    assert stats.found == len(found) == 5  # 0-1, 0-4, 1-2, 1-4 (identical), 2-4
    assert stats.possible_pairs == found.possible_pairs == 10
    assert stats == find_near_pairs(values, 1, 4).stats  # a value, compared by its fields
    assert found.within(0).stats.found == 1 and found.within(0).stats.blocks == found.blocks


# ------------------------------------------------------------------------------------- argument errors


@pytest.mark.parametrize(
    ("n", "k", "bits", "message"),
    [
        (-1, 3, 64, r"n must be a number of values, 0 or more, got -1"),
        (1.5, 3, 64, r"n must be an integer, got 1.5"),
        (10, 64, 64, r"k must be between 0 and bits - 1 = 63, got 64"),
        (10, 3, 0, r"bits must be between 1 and 512, got 0"),
        (10, "3", 64, r"k must be an integer, got '3'"),
    ],
)
def test_choose_layout_arguments(n: object, k: object, bits: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        choose_layout(n, k, bits)  # type: ignore[arg-type]


def test_copies_and_search_arguments() -> None:
    with pytest.raises(ValueError, match=r"copies must be one of 'pairs', 'first', got 'all'"):
        find_near_pairs([1, 2], 1, copies="all")
    with pytest.raises(ValueError, match=r"bits must be between 1 and 512, got 600"):
        find_near_pairs([1, 2], 1, bits=600)
    with pytest.raises(ValueError, match=r"copies must be one of"):
        find_near_pairs([1, 2], 1, copies=None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"value at index 0 is 256, which does not fit in bits=8"):
        find_near_pairs([256], 1, bits=8)
    with pytest.raises(ValueError, match=r"n must be a number of values"):
        BlockLayout(64, 3, 4).estimate(-5)
