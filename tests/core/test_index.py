"""The pigeonhole block index (DESIGN.md §3): exactly the pairs within k, each once, at any width."""

from __future__ import annotations

import itertools
import math

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simcompare.core import index as index_module
from simcompare.core.index import MAX_KEYS, BlockIndex, BlockLayout, NearPairs, find_near_pairs

FAST = settings(max_examples=150, deadline=None, database=None)

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
    assert result.keys == math.comb(result.blocks, k)


# ------------------------------------------------------------------------------------- exactness


@FAST
@given(planted())
def test_pairs_match_brute_force(case: tuple[int, int, int | None, list[int]]) -> None:
    bits, k, blocks, values = case
    result = find_near_pairs(values, k, bits, blocks=blocks)
    check_pairs(result, values, k)
    assert result.blocks == (blocks or k + 1)


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
    # every value gets the same key, as if hashing wide keys collided everywhere: the verification and
    # the first-agreeing-key rule alone must still give each true pair exactly once
    monkeypatch.setattr(index_module, "_combo_keys", lambda words, *_: np.zeros(len(words), dtype=np.uint64))
    rng = np.random.default_rng(3)
    values = [int(v) for v in rng.integers(0, 1 << 12, 300)]
    for k, blocks in ((2, None), (2, 5), (3, 4)):
        check_pairs(find_near_pairs(values, k, 12, blocks=blocks), values, k)


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
