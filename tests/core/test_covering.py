"""The covering-mask index: exactly the pairs within k, each once, as the block index and brute force find them."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simcompare.core.search import covering
from simcompare.core.search import index as index_module
from simcompare.core.search.covering import (
    KEY_BITS,
    MAX_DIMENSION,
    CoveringScheme,
    choose_covering,
    join_covering,
)
from simcompare.core.search.index import Copies, NearPairs, choose_layout, find_near_pairs

FAST = settings(max_examples=100, deadline=None, database=None)


def brute_pairs(values: list[int], k: int) -> set[tuple[int, int, int]]:
    return {
        (i, j, (values[i] ^ values[j]).bit_count())
        for i, j in itertools.combinations(range(len(values)), 2)
        if (values[i] ^ values[j]).bit_count() <= k
    }


def schemes(bits: int, k: int) -> list[CoveringScheme]:
    """Every scheme of one part or two near-halves that fits ``bits`` and ``k``."""
    found = []
    if k + 1 <= min(bits, MAX_DIMENSION):
        found.append(CoveringScheme(bits, k, ((bits, k + 1),)))
    high = (bits + 1) // 2
    for first in range(0, k + 2):
        dims = (first, k + 1 - first)
        if bits >= 2 and dims[0] <= min(high, MAX_DIMENSION) and dims[1] <= min(bits - high, MAX_DIMENSION):
            found.append(CoveringScheme(bits, k, ((high, dims[0]), (bits - high, dims[1]))))
    return found


def covering_search(values: list[int], scheme: CoveringScheme, copies: str = "pairs") -> NearPairs:
    """The covering search with this scheme, through the same preparation find_near_pairs does."""
    words = index_module._as_words(values, scheme.bits)
    prepared = index_module._prepare(words)
    return index_module._search_covering(prepared, scheme.estimate(len(prepared.search)), Copies(copies))


@st.composite
def planted(draw: st.DrawFn) -> tuple[CoveringScheme, list[int]]:
    """A scheme, and random values plus neighbours at distance 0 to k + 1 (just outside, where off-by-ones show)."""
    bits = draw(st.sampled_from([2, 5, 8, 13, 16, 31, 32, 48, 64]))
    k = draw(st.integers(0, min(bits - 1, 12)))
    options = schemes(bits, k)
    if not options:
        k = 0
        options = schemes(bits, 0)
    scheme = draw(st.sampled_from(options))
    values = draw(st.lists(st.integers(0, (1 << bits) - 1), max_size=30))
    if values:
        for _ in range(draw(st.integers(0, 30))):
            centre = draw(st.sampled_from(values))
            flips = draw(st.lists(st.integers(0, bits - 1), max_size=scheme.k + 1, unique=True))
            values.append(centre ^ sum(1 << bit for bit in flips))
    return scheme, values


@FAST
@given(planted())
def test_covering_matches_brute_force(case: tuple[CoveringScheme, list[int]]) -> None:
    scheme, values = case
    result = covering_search(values, scheme)
    triples = list(result)
    assert set(triples) == brute_pairs(values, scheme.k)
    assert len(triples) == len(set(triples)) and triples == sorted(triples)
    assert result.method == "covering" and result.stats.method == "covering"
    assert (result.blocks, result.keys) == (len(scheme.parts), len(scheme.masks))
    assert len(result) <= result.candidates


@FAST
@given(planted())
def test_covering_first_copies_match_the_block_index(case: tuple[CoveringScheme, list[int]]) -> None:
    scheme, values = case
    ours = covering_search(values, scheme, copies="first")
    theirs = find_near_pairs(values, scheme.k, scheme.bits, blocks=scheme.k + 1, copies="first")
    assert list(ours) == list(theirs)


@pytest.mark.parametrize(("bits", "k"), [(10, 3), (12, 4), (9, 5), (16, 2)])
def test_every_set_of_k_differing_bits_is_avoided_by_some_mask(bits: int, k: int) -> None:
    # the covering property itself, exhaustively: whichever k bits two values differ on, one mask misses them all
    for scheme in schemes(bits, k):
        masks = scheme.masks
        for differing in itertools.combinations(range(bits), k):
            d = sum(1 << bit for bit in differing)
            assert any(not mask & d for mask in masks), (scheme, differing)


def test_masks_are_deterministic_and_even() -> None:
    scheme = CoveringScheme(64, 12, ((32, 6), (32, 7)))
    assert len(scheme.masks) == 63 + 127
    assert scheme.masks == CoveringScheme(64, 12, ((32, 6), (32, 7))).masks
    weights = [mask.bit_count() for mask in scheme.masks]
    assert min(weights) >= 12  # no narrow key: narrow keys bring most chance candidates
    assert all(mask < 1 << 32 for mask in scheme.masks[:63]) or all(mask >= 1 << 32 for mask in scheme.masks[:63])
    assert all(
        key.bit_count() == min(KEY_BITS, mask.bit_count())
        for key, mask in zip(scheme.key_masks, scheme.masks, strict=True)
    )
    assert all(key & mask == key for key, mask in zip(scheme.key_masks, scheme.masks, strict=True))


def test_long_runs_and_truncated_keys_stay_exact(monkeypatch: pytest.MonkeyPatch) -> None:
    # 300 values equal on every table's 16 key bits of the first masks: one long run per table, pairs tested in
    # small chunks, and pairs sharing only the key bits of a wider mask must not count as agreeing on it
    monkeypatch.setattr(covering, "_HIT_CHUNK", 7)
    rng = np.random.default_rng(5)
    scheme = CoveringScheme(64, 3, ((32, 2), (32, 2)))
    assert max(mask.bit_count() for mask in scheme.masks) > KEY_BITS
    base = int(rng.integers(0, 1 << 63))
    low_bits = [b for b in range(64) if not any(key >> b & 1 for key in scheme.key_masks[:3])]
    values = []
    for _ in range(300):
        flips = rng.choice(low_bits, int(rng.integers(0, 6)), replace=False)
        values.append(base ^ sum(1 << int(b) for b in flips))
    result = covering_search(values, scheme)
    assert set(result) == brute_pairs(values, 3)
    assert len(result) == len(set(result))


def test_runs_of_many_sizes_on_narrow_values() -> None:
    # 16-bit values, 600 of them: keys of 4 to 8 bits, runs from 1 to hundreds, short runs dropped as offsets grow
    rng = np.random.default_rng(7)
    values = rng.integers(0, 1 << 16, 600).tolist()
    for k in (2, 5, 7):
        for scheme in schemes(16, k):
            assert set(covering_search(values, scheme)) == brute_pairs(values, k), scheme


def test_join_reports_positions_once_and_counts_candidates() -> None:
    values = np.array([0b0000, 0b0001, 0b0011, 0b1111, 0b1110], dtype=np.uint64)
    scheme = CoveringScheme(4, 1, ((4, 2),))
    seen: list[tuple[int, int, int]] = []

    def add(a: np.ndarray, b: np.ndarray, distance: np.ndarray) -> None:
        seen.extend(zip(a.tolist(), b.tolist(), distance.tolist(), strict=True))

    tried = join_covering(values, scheme, add)
    assert sorted((min(a, b), max(a, b), d) for a, b, d in seen) == [(0, 1, 1), (1, 2, 1), (3, 4, 1)]
    assert tried >= 3


def test_find_near_pairs_uses_covering_when_the_model_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = np.random.default_rng(11)
    values = rng.integers(0, 1 << 64, 3000, dtype=np.uint64)
    values[1000:1100] = values[:100] ^ np.uint64(0b101)  # planted neighbours
    values[1100:1150] = values[:50]  # identical copies
    blocks = find_near_pairs(values, 12, blocks=13)
    assert find_near_pairs(values, 12).method == "blocks"  # 3,000 values: the block keys are cheaper
    monkeypatch.setattr(covering, "COVERING_COSTS", covering.CoveringCosts(0.0, 0.0, 0.0))
    chosen = find_near_pairs(values, 12)
    assert chosen.method == "covering"
    assert np.array_equal(chosen.left, blocks.left) and np.array_equal(chosen.right, blocks.right)
    assert np.array_equal(chosen.distance, blocks.distance)
    assert chosen.identical == 50
    # reuse at a smaller k: filtering, no new search, the statistics of the search that ran
    narrow = chosen.within(3)
    assert set(narrow) == {pair for pair in blocks if pair[2] <= 3}
    assert (narrow.method, narrow.keys, narrow.searched_k) == ("covering", chosen.keys, 12)
    with pytest.raises(ValueError, match="covering masks"):
        _ = chosen.layout
    # wider than one word: always the block keys
    assert find_near_pairs([1, 2, 3], 2, 128).method == "blocks"


def test_model_picks_covering_for_many_values_at_large_k() -> None:
    for n, k in [(300_000, 12), (1_000_000, 12), (1_000_000, 8)]:
        estimate = choose_covering(n, k, 64)
        assert estimate is not None
        assert estimate.seconds < choose_layout(n, k, 64).estimate(n).seconds
        assert estimate.scheme.parts in (((32, 6), (32, 7)), ((32, 7), (32, 6)), ((32, 4), (32, 5)), ((32, 5), (32, 4)))
    for n, k in [(1_000, 12), (1_000_000, 3)]:
        estimate = choose_covering(n, k, 64)
        assert estimate is not None and estimate.seconds > choose_layout(n, k, 64).estimate(n).seconds
    assert choose_covering(10, 20, 64) is None  # dimensions beyond MAX_DIMENSION in both halves


@pytest.mark.parametrize(
    ("bits", "k", "parts", "message"),
    [
        (65, 3, ((65, 4),), "between 1 and 64"),
        (64, 3, ((30, 2), (30, 2)), "sum to bits"),
        (64, 3, ((32, 2), (32, 1)), "k \\+ 1"),
        (64, 9, ((64, 10),), "min\\(width"),
        (4, 5, ((4, 6),), "min\\(width"),
    ],
)
def test_invalid_schemes_say_what_is_right(bits: int, k: int, parts: tuple[tuple[int, int], ...], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        CoveringScheme(bits, k, parts)


def test_near_pairs_checks_its_method() -> None:
    empty = np.empty(0, dtype=np.intp)
    with pytest.raises(ValueError, match="method must be"):
        NearPairs(empty, empty, empty, n=0, bits=64, k=12, blocks=2, keys=190, candidates=0, method="magic")
    pairs = NearPairs(empty, empty, empty, n=0, bits=64, k=12, blocks=2, keys=190, candidates=0, method="covering")
    assert pairs.stats.method == "covering"


# --- clustered values: near copies found again under many masks, and the cost model measuring them -----------


def clustered(rng: np.random.Generator, centres: int, per_centre: int, k: int, copies: int) -> list[int]:
    """Values in tight clusters (each centre with neighbours 0 to k + 1 bits away, as near copies of one text
    are) and exact copies: most pairs agree on most masks."""
    values = []
    for centre in rng.integers(0, 1 << 63, centres, dtype=np.uint64).tolist():
        values.append(centre)
        for _ in range(per_centre):
            flips = rng.choice(64, int(rng.integers(0, k + 2)), replace=False)
            values.append(centre ^ sum(1 << int(b) for b in flips))
    values.extend(values[:copies])
    return values


def naive_first_mask_is(xor: np.ndarray, masks: tuple[int, ...], number: int) -> np.ndarray:
    agree = [[(x & m) == 0 for m in masks] for x in xor.tolist()]
    return np.array([row[number] and not any(row[:number]) for row in agree], dtype=bool)


def test_the_first_agreeing_mask_is_found_by_table_look_ups_as_by_testing_every_mask() -> None:
    rng = np.random.default_rng(29)
    scheme = CoveringScheme(64, 12, ((32, 7), (32, 6)))  # 190 masks: three words of the tables
    masks = scheme.masks
    tables = covering._agree_tables(np.array(masks, dtype=np.uint64))
    # XORs of few bits agree on many masks (near copies); of many bits on few or none
    xor = np.array(
        [sum(1 << int(b) for b in rng.choice(64, int(rng.integers(0, 14)), replace=False)) for _ in range(400)],
        dtype=np.uint64,
    )
    for number in (0, 1, 63, 64, 100, 126, 127, 128, 150, 189):
        assert np.array_equal(covering._first_mask_is(xor, tables, number), naive_first_mask_is(xor, masks, number))


@pytest.mark.parametrize("parts", [((32, 7), (32, 6)), ((32, 6), (32, 7)), ((32, 4), (32, 4))])
def test_heavy_clusters_and_copies_stay_exact(
    parts: tuple[tuple[int, int], ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(covering, "_HIT_CHUNK", 97)  # found pairs looked up in many pieces
    rng = np.random.default_rng(len(parts[0]) + parts[0][1])
    k = sum(d for _, d in parts) - 1
    values = clustered(rng, centres=6, per_centre=60, k=k, copies=40)
    result = covering_search(values, CoveringScheme(64, k, parts))
    triples = list(result)
    assert set(triples) == brute_pairs(values, k) and len(triples) == len(set(triples))


def test_sampled_candidates_are_exact_on_all_the_values_and_close_on_a_sample() -> None:
    rng = np.random.default_rng(3)
    values = np.unique(np.array(clustered(rng, centres=40, per_centre=50, k=12, copies=0), dtype=np.uint64))
    scheme = CoveringScheme(64, 12, ((32, 7), (32, 6)))
    tried = join_covering(values, scheme, lambda *_: None)
    assert covering.sampled_pairs(values, scheme.key_masks, len(values)) == tried  # all values: the count itself
    # uniform random values would give a small fraction of it: clusters agree on most keys
    assert scheme.estimate(len(values)).candidates < tried / 10
    measured = covering.sampled_pairs(covering.sample_of(values, 1000), scheme.key_masks, len(values))
    assert tried / 2 < measured < tried * 2
    chosen = choose_covering(len(values), 12, 64, covering.sample_of(values, 1000))
    assert chosen is not None and chosen.candidates > scheme.estimate(len(values)).candidates * 5


@FAST
@given(planted(), st.integers(0, 10**6))
def test_the_measured_choice_stays_exact(case: tuple[CoveringScheme, list[int]], seed: int) -> None:
    # the cost model measures candidates from 1 value (every search here) and picks blocks or covering masks
    scheme, values = case
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(index_module, "MEASURE_FROM", 1)
        patch.setattr(covering, "SAMPLE", 1 + seed % 40)
        result = find_near_pairs(values, scheme.k, scheme.bits)
    triples = list(result)
    assert set(triples) == brute_pairs(values, scheme.k) and triples == sorted(triples)


@pytest.mark.parametrize("pieces", [1, 5, 1 << 20])
def test_the_pairs_of_a_key_are_handed_on_a_few_at_a_time(pieces: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # clustered values: runs of equal keys hold many pairs within k, handed on before the key's run is done
    monkeypatch.setattr(covering, "_PIECES", pieces)
    rng = np.random.default_rng(12)
    centres = rng.integers(0, 1 << 16, 12)
    values = np.unique(centres[rng.integers(0, 12, 500)] ^ (1 << rng.integers(0, 16, (500, 2))).sum(axis=1))
    handed: list[int] = []
    seen: set[tuple[int, int, int]] = set()

    def add(a: np.ndarray, b: np.ndarray, distance: np.ndarray) -> None:
        handed.append(len(a))
        for x, y, d in zip(a.tolist(), b.tolist(), distance.tolist(), strict=True):
            assert (min(x, y), max(x, y), d) not in seen  # each pair once
            seen.add((min(x, y), max(x, y), d))

    keys = 0
    for k in (2, 4):
        seen.clear()
        scheme = schemes(16, k)[0]
        keys += len(scheme.key_masks)
        join_covering(values.astype(np.uint64), scheme, add)
        assert seen == brute_pairs(values.tolist(), k) and len(seen) > 100
    # a piece at a time: handed on after each offset's pass, not once a key's runs are all done
    assert len(handed) > 2 * keys if pieces < 10 else len(handed) <= keys
