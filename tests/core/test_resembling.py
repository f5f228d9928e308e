"""The search by shingles (``core/search/resembling.py``): every pair of texts sharing a key, once, however the
pairs are made in pieces and whatever integer type the sketches hold."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from simcompare.core.search import resembling
from simcompare.core.search.resembling import KEYS, resembling_pairs


def sketches_with_copies(seed: int) -> list[np.ndarray]:
    """Texts, some of them near copies of others (most of their hashes shared), some sharing a boilerplate hash."""
    rng = np.random.default_rng(seed)
    texts = []
    for number in range(300):
        if number % 3 == 2:
            base = texts[int(rng.integers(0, number))]
            kept = base[rng.random(len(base)) < 0.8]
            hashes = np.union1d(kept, rng.integers(0, 2**32 - 3, 20, dtype=np.uint32))
        else:
            hashes = np.unique(rng.integers(0, 2**32 - 3, int(rng.integers(0, 200)), dtype=np.uint32))
        if number % 4 == 0:
            hashes = np.union1d(hashes, np.array([5], dtype=np.uint32))  # held by 75 texts: common, no key
        texts.append(hashes[:256].astype(np.uint32))
    return texts


def naive_sharing_pairs(sketches: list[np.ndarray], among: list[int]) -> set[tuple[int, int]]:
    held: dict[int, set[int]] = {}
    for i in among:
        for h in sketches[i][: KEYS * 4].tolist():
            held.setdefault(h, set()).add(i)
    common = {h for h, owners in held.items() if len(owners) > resembling.COMMON}
    keys = {i: [h for h in sketches[i][: KEYS * 4].tolist() if h not in common][:KEYS] for i in among}
    return {(a, b) for a, b in itertools.combinations(sorted(among), 2) if set(keys[a]) & set(keys[b])}


@pytest.mark.parametrize("piece", [1, 7, 1 << 20])
def test_every_pair_sharing_a_key_once_in_any_pieces(piece: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(resembling, "_PAIR_CHUNK", piece)
    sketches = sketches_with_copies(29)
    among = list(range(0, 300, 1)) if piece != 7 else list(range(0, 300, 2))
    hashes, owners = resembling._keys(sketches, np.asarray(among, dtype=np.intp), None)
    left, right = resembling._candidate_pairs(hashes, owners)
    pairs = list(zip(left.tolist(), right.tolist(), strict=True))
    assert pairs == sorted(set(pairs)) and set(pairs) == naive_sharing_pairs(sketches, among)
    assert left.dtype == np.intp and right.dtype == np.intp


def test_the_same_pairs_from_wider_integers() -> None:
    sketches = sketches_with_copies(3)
    wide = [s.astype(np.uint64) for s in sketches]
    a = resembling_pairs(sketches, range(300), 0.5)
    b = resembling_pairs(wide, range(300), 0.5)
    assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=True)) and len(a[0]) > 10
