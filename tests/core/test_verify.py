"""Verification's sketches: resemblance against the bottom-k estimate written with Python sets, and sketches
read back from bytes."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simcompare.core.search.verify import (
    HASH_MAX,
    SKETCH,
    Sketch,
    is_sketch,
    resemblance,
    shingles,
    sketch_from_bytes,
    sketch_to_bytes,
)
from simcompare.core.tokens.segment import token_ids


def bottom_k_by_sets(a: Sketch, b: Sketch) -> float:
    """The definition: the union's SKETCH smallest hashes, and the share of them found in both texts."""
    if len(a) == 0 and len(b) == 0:
        return 1.0
    left, right = set(a.tolist()), set(b.tolist())
    sample = sorted(left | right)[:SKETCH]
    if not sample:
        return 0.0
    return sum(1 for h in sample if h in left and h in right) / len(sample)


def sketch(rng: np.random.Generator, pool: np.ndarray, size: int, shared: int) -> Sketch:
    """A text's sketch: ``shared`` hashes from the pool (another text holds them too) and its own others."""
    own = rng.integers(0, HASH_MAX, size, dtype=np.uint32, endpoint=True)
    return np.unique(np.concatenate((pool[:shared], own)))[:SKETCH]


@settings(max_examples=200, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    size_a=st.integers(0, 1500),
    size_b=st.integers(0, 1500),
    shared=st.integers(0, 1500),
    narrow=st.booleans(),
)
def test_resemblance_is_the_bottom_k_estimate(seed: int, size_a: int, size_b: int, shared: int, narrow: bool) -> None:
    rng = np.random.default_rng(seed)
    # narrow: hashes from a small range, so the texts' own hashes collide too and the cut-off falls among them
    top = 3000 if narrow else 2**64 - 1
    pool = np.unique(rng.integers(0, top, 1500, dtype=np.uint64, endpoint=True))
    rng.shuffle(pool)
    a = np.unique(np.concatenate((pool[: min(shared, size_a)], rng.integers(0, top, size_a, dtype=np.uint64))))
    b = np.unique(np.concatenate((pool[: min(shared, size_b)], rng.integers(0, top, size_b, dtype=np.uint64))))
    a, b = a[:SKETCH], b[:SKETCH]
    assert resemblance(a, b) == bottom_k_by_sets(a, b)  # the same counts, so the same float
    assert resemblance(b, a) == resemblance(a, b)


def test_resemblance_at_the_edges() -> None:
    rng = np.random.default_rng(7)
    pool = rng.integers(0, HASH_MAX, 2000, dtype=np.uint32)
    full = sketch(rng, pool, 0, 2000)
    assert len(full) == SKETCH
    assert resemblance(full, full) == 1.0
    assert resemblance(full, np.zeros(0, dtype=np.uint32)) == 0.0
    assert resemblance(np.zeros(0, dtype=np.uint32), np.zeros(0, dtype=np.uint32)) == 1.0
    disjoint = sketch(rng, pool, SKETCH, 0)
    assert resemblance(full, disjoint) == bottom_k_by_sets(full, disjoint) < 1.0
    # texts of up to SKETCH shingles: exactly the Jaccard similarity of their shingle sets
    words = [f"w{i}" for i in range(200)]
    one, other = shingles(words), shingles([*words[:100], "x", *words[101:]])
    exact = len(set(one.tolist()) & set(other.tolist())) / len(set(one.tolist()) | set(other.tolist()))
    assert resemblance(one, other) == pytest.approx(exact) and 0.9 < exact < 1.0


def test_sketches_read_back_sorted_and_distinct() -> None:
    text = shingles([f"w{i % 97}" for i in range(2000)])
    assert np.array_equal(sketch_from_bytes(sketch_to_bytes(text)), text)
    # a damaged or hand-edited results file: unsorted, repeated, too many hashes
    messy = np.array([5, 3, 3, 9, 1], dtype="<u4").tobytes()
    assert sketch_from_bytes(messy).tolist() == [1, 3, 5, 9]
    assert not is_sketch(messy) and is_sketch(sketch_to_bytes(text))
    many = np.arange(3000, 0, -1, dtype="<u4").tobytes()
    assert sketch_from_bytes(many).tolist() == list(range(1, SKETCH + 1))
    assert len(sketch_from_bytes(b"\x01\x02\x03")) == 0 and len(sketch_from_bytes(None)) == 0
    # hashes at the quick tables' pads are brought below them
    padded = np.array([7, 0xFFFF_FFFF, 0xFFFF_FFFE], dtype="<u4").tobytes()
    assert sketch_from_bytes(padded).tolist() == [7, HASH_MAX]


def _sketch_of_64_bit_hashes(sequence: list[str]) -> np.ndarray:
    """The sketch as it was before sketches kept 32 bits: the 1,024 smallest 64-bit shingle hashes."""
    ids = np.frombuffer(token_ids(sequence), dtype=">u8").astype(np.uint64)
    rotated = (ids[:-1] << np.uint64(1)) | (ids[:-1] >> np.uint64(63))
    with np.errstate(over="ignore"):
        pairs = (rotated ^ ids[1:]) * np.uint64(0x9E3779B97F4A7C15)
    return np.unique(pairs)[:1024]


def test_a_sketch_of_64_bit_hashes_reads_as_the_sketch_the_text_has_now() -> None:
    # caches and results written before hold 1,024 hashes of 64 bits: read, they are today's sketch exactly
    for length in (2, 50, 300, 5000):
        sequence = [f"w{i * 7919 % 1009}" for i in range(length)]
        old = _sketch_of_64_bit_hashes(sequence).astype("<u8").tobytes()
        now = shingles(sequence)
        assert now.dtype == np.uint32 and len(now) == min(SKETCH, len(now))
        assert np.array_equal(sketch_from_bytes(old, legacy=True), now)
    assert len(sketch_from_bytes(b"\x01" * 12, legacy=True)) == 0  # not whole 8-byte words


def test_many_resemblances_at_once_are_the_same_numbers_as_one_at_a_time() -> None:
    from simcompare.core.search.verify import HASH_MAX, SKETCH, quick_table, resemblance, resemblances

    rng = np.random.default_rng(29)
    pool = np.unique(rng.integers(0, HASH_MAX + 1, 3000, dtype=np.uint32))
    pool = np.append(pool, np.uint32(HASH_MAX))  # the largest hash a sketch may hold, beside the pads
    firsts, seconds = [], []
    for _ in range(600):
        base = np.sort(rng.choice(pool, int(rng.integers(0, SKETCH + 1)), replace=False))
        kind = rng.integers(0, 4)
        if kind == 0:  # another text altogether
            other = np.sort(rng.choice(pool, int(rng.integers(0, SKETCH + 1)), replace=False))
        elif kind == 1:  # the same text
            other = base.copy()
        else:  # a near copy: some hashes dropped, some new ones
            kept = base[rng.random(len(base)) < rng.uniform(0.5, 1.0)]
            other = np.unique(np.concatenate([kept, rng.choice(pool, int(rng.integers(0, 40)))]))[:SKETCH]
        firsts.append(base.astype(np.uint32))
        seconds.append(other.astype(np.uint32))
    firsts += [np.zeros(0, dtype=np.uint32)] * 2
    seconds += [np.zeros(0, dtype=np.uint32), pool[:5].copy()]
    many = resemblances(quick_table(firsts, SKETCH), quick_table(seconds, SKETCH))
    one_by_one = [resemblance(a, b) for a, b in zip(firsts, seconds, strict=True)]
    assert many.tolist() == one_by_one  # equal floats, not close ones
    assert 0.0 in one_by_one and 1.0 in one_by_one and any(0.0 < r < 1.0 for r in one_by_one)
    assert resemblances(quick_table([], SKETCH), quick_table([], SKETCH)).shape == (0,)
