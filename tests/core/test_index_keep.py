"""``find_near_pairs(keep=...)``: a search that holds only the pairs its caller keeps gives exactly the pairs of a
full search that the caller keeps, whichever engine runs and whether values repeat; and a folder session that
drops pairs no threshold can accept gives the same groups and pairs as one that holds them all."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_covering import brute_pairs, covering_search, planted

from simcompare.core.search import index as index_module
from simcompare.core.search.covering import CoveringScheme
from simcompare.core.search.index import Copies, find_near_pairs


def _rule(seed: int):
    """A deterministic keep: by the pair's indices and distance (not by position in a batch)."""

    def keep(left: np.ndarray, right: np.ndarray, distance: np.ndarray) -> np.ndarray:
        return (left * 7 + right * 13 + distance + seed) % 3 != 0

    return keep


def _kept(pairs: set[tuple[int, int, int]], seed: int) -> set[tuple[int, int, int]]:
    return {(i, j, d) for i, j, d in pairs if (i * 7 + j * 13 + d + seed) % 3 != 0}


def _triples(found: index_module.NearPairs) -> set[tuple[int, int, int]]:
    return set(zip(found.left.tolist(), found.right.tolist(), found.distance.tolist(), strict=True))


@settings(max_examples=60, deadline=None)
@given(planted(), st.integers(0, 2), st.sampled_from([None, 2, 3]))
def test_kept_pairs_are_the_full_searchs_kept_pairs(
    case: tuple[CoveringScheme, list[int]], seed: int, blocks: int | None
) -> None:
    scheme, values = case
    k, bits = scheme.k, scheme.bits
    if blocks is not None and not k + 1 <= blocks + k <= bits:
        blocks = None
    found = find_near_pairs(values, k=k, bits=bits, blocks=None if blocks is None else k + blocks, keep=_rule(seed))
    assert _triples(found) == _kept(brute_pairs(values, k), seed)
    assert list(found.left) == sorted(found.left.tolist())  # still sorted by (left, right)


@settings(max_examples=40, deadline=None)
@given(planted(), st.integers(0, 2))
def test_the_covering_engine_keeps_the_same(case: tuple[CoveringScheme, list[int]], seed: int) -> None:
    scheme, values = case
    words = index_module._as_words(values, scheme.bits)
    prepared = index_module._prepare(words)
    full = _triples(covering_search(values, scheme))
    kept = index_module._search_covering(prepared, scheme.estimate(len(prepared.search)), Copies.PAIRS, _rule(seed))
    assert _triples(kept) == _kept(full, seed)


def test_pairs_are_asked_about_in_batches_and_the_rest_at_the_end(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(index_module._PairCollector, "_KEEP_BATCH", 50)
    rng = random.Random(3)
    values = []
    for _ in range(60):
        centre = rng.getrandbits(64)
        values += [centre ^ (1 << bit) for bit in rng.sample(range(64), 4)] + [centre]  # no value twice
    calls: list[int] = []

    def keep(left: np.ndarray, right: np.ndarray, distance: np.ndarray) -> np.ndarray:
        calls.append(len(left))
        return distance > 0

    found = find_near_pairs(values, k=3, blocks=6, keep=keep)  # 20 keys: pairs are found in many pieces
    full = find_near_pairs(values, k=3, blocks=6)
    assert _triples(found) == {t for t in _triples(full) if t[2] > 0}
    assert len(calls) > 1 and sum(calls) == len(full.left)


def test_a_session_drops_only_pairs_no_threshold_accepts(tmp_path: Path) -> None:
    from simcompare.core.fingerprint.simhash import Config
    from simcompare.core.folder.scan import ScanOptions, scan
    from simcompare.core.folder.session import FolderSession

    rng = random.Random(11)
    vocabulary = [f"w{n}" for n in range(40)]  # few words, a few of them frequent: unrelated texts within k
    root = tmp_path / "docs"
    root.mkdir()
    for number in range(120):
        words = rng.choices(vocabulary, weights=[1 / (n + 1) for n in range(40)], k=150)
        (root / f"{number}.txt").write_text(" ".join(words), encoding="utf-8")
        if number % 4 == 0:
            words[rng.randrange(150)] = "changed"
            (root / f"{number}-copy.txt").write_text(" ".join(words), encoding="utf-8")
    result = scan(root, Config(segmenter="words"), ScanOptions(workers=1, in_process=True))
    dropping = FolderSession(result)
    holding = FolderSession(result, min_resemblance=0.0)  # verification off: nothing dropped
    dropping.candidates(12)
    holding.candidates(12)
    assert len(dropping._estimated.left) < len(holding._estimated.left)  # the folder has pairs to drop
    assert dropping.search_statistics == holding.search_statistics  # every pair within k counted
    holding.min_resemblance = dropping.min_resemblance
    for k in (12, 8, 4):
        assert [g.indices for g in dropping.groups(k)] == [g.indices for g in holding.groups(k)]
        a, b = dropping.all_pairs(k), holding.all_pairs(k)
        assert a.left.tolist() == b.left.tolist() and a.right.tolist() == b.right.tolist()
    dropping.min_resemblance = 0.05  # a lower threshold: what was dropped is searched for again
    holding.min_resemblance = 0.05
    assert dropping.pairs(12).left.tolist() == holding.pairs(12).left.tolist()
    assert len(dropping._estimated.left) == len(holding._estimated.left)  # searched again, nothing dropped


def test_the_statistics_count_every_pair_within_k_the_kept_and_the_dropped() -> None:
    rng = random.Random(5)
    values = []
    for _ in range(40):
        centre = rng.getrandbits(64)
        values += [centre ^ (1 << bit) for bit in rng.sample(range(64), 3)] + [centre]
    for repeated in (values, values + values[:10]):  # each value once, and some values twice (copies paired)
        full = find_near_pairs(repeated, k=3, blocks=6)
        kept = find_near_pairs(repeated, k=3, blocks=6, keep=lambda a, b, d: d % 2 == 0)
        assert len(kept) < len(full)
        assert kept.stats.found == full.stats.found  # "pairs within k", as the Index view says
        assert kept.within(1).stats.found == full.within(1).stats.found
