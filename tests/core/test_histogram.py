"""The distance histogram against a plain count over every pair."""

from __future__ import annotations

import itertools

import pytest
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


@pytest.mark.parametrize("bits", [64, 100])
def test_sampled_pairs_are_counted_a_piece_at_a_time_as_all_at_once(monkeypatch, bits: int) -> None:
    """The sampled pairs' distances are counted a piece of pairs at a time (bounded temporaries): the same counts
    as one piece of every pair, whatever the pieces' length."""
    monkeypatch.setattr(histogram, "EXACT_LIMIT", 10)
    monkeypatch.setattr(histogram, "SAMPLED_PAIRS", 5_000)
    values = [(n * 0x9E3779B97F4A7C15) % 2**bits for n in range(300)]
    monkeypatch.setattr(histogram, "_PAIRS_PER_STEP", 5_000)
    whole = distance_histogram(values, bits)
    assert sum(whole.counts) == 5_000 and len([c for c in whole.counts if c]) > 5
    for step in (1, 777, 4_999):
        monkeypatch.setattr(histogram, "_PAIRS_PER_STEP", step)
        assert distance_histogram(values, bits) == whole


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


@pytest.mark.parametrize("bits", [64, 128])
def test_a_sessions_histogram_counts_each_non_empty_file_once_from_its_fingerprints(tmp_path, bits: int) -> None:
    """The session's histogram is that of its non-empty files' fingerprints, a file under two names counted once."""
    import os

    from helpers.texts import EN_A, EN_B, OTHER, ZH_A

    from simcompare.core.fingerprint.simhash import Config
    from simcompare.core.folder.scan import ScanOptions, scan
    from simcompare.core.folder.session import FolderSession

    for n, text in enumerate([EN_A, EN_B, OTHER, ZH_A, EN_A + " more", "", "the a an"]):
        (tmp_path / f"t{n}.txt").write_text(text, encoding="utf-8")
    os.link(tmp_path / "t0.txt", tmp_path / "t0 again.txt")
    session = FolderSession(
        scan(tmp_path, Config(bits=bits, segmenter="words"), ScanOptions(workers=1, in_process=True))
    )
    counted = [f.value for i, f in enumerate(session.files) if not f.empty and session.hardlink_of(i) is None]
    assert len(counted) < len(session.files) - 1  # the fixture holds a second name and an empty text
    assert session.histogram() == distance_histogram(counted, bits)
    assert session.histogram().pairs == len(counted) * (len(counted) - 1) // 2
