"""The searches' temporaries stay near what they make: at a million texts each step's peak sat beside the records'
2.2 GB (the quick table's positions 1.8 GB, the shingles' key count 2.5 GB, the boilerplate's sort 2 GB). Each
step is checked for the same result when it works a piece at a time, and for its tracemalloc peak."""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from simcompare.core.search import boilerplate, resembling, verify
from simcompare.core.search.boilerplate import common_hashes
from simcompare.core.search.resembling import resembling_pairs
from simcompare.core.search.verify import HASH_MAX, QUICK, SKETCH, quick_table


def _sketches(seed: int, n: int, *, copies: int = 0, longest: int = SKETCH) -> list[np.ndarray]:
    """``n`` sketches of random hashes (sorted, distinct), some of them near copies of an earlier one, and a
    shared run of small hashes in a third of them (a footer the folder's texts share)."""
    rng = np.random.default_rng(seed)
    footer = rng.choice(5000, size=40, replace=False).astype(np.uint32)
    found: list[np.ndarray] = []
    for i in range(n):
        if copies and i >= copies and rng.random() < 0.3:
            base = found[int(rng.integers(0, i))]
            kept = base[rng.random(len(base)) < 0.9]
            extra = rng.integers(0, HASH_MAX, size=int(rng.integers(0, 20)), dtype=np.uint64)
            found.append(np.unique(np.concatenate([kept, extra.astype(np.uint32)]))[:SKETCH])
            continue
        size = int(rng.integers(0, longest + 1))
        hashes = rng.integers(0, HASH_MAX, size=size, dtype=np.uint64).astype(np.uint32)
        if i % 3 == 0:
            hashes = np.concatenate([hashes, footer])
        found.append(np.unique(hashes)[:SKETCH])
    return found


def _peak(make: Callable[[], Any], *, held: bool = False) -> tuple[Any, int]:
    """What ``make`` returns, and the most memory it took at once (``held``: still holds, with its result)."""
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        before = tracemalloc.get_traced_memory()[0]
        found = make()
        return found, tracemalloc.get_traced_memory()[0 if held else 1] - before
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("rows", [1, 3, 1 << 14])
def test_the_quick_table_is_the_same_made_a_few_rows_at_a_time(rows: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(verify, "_TABLE_ROWS", rows)
    sketches = _sketches(1, 40, longest=90)
    for width in (QUICK, SKETCH, 5):
        table = quick_table(sketches, width)
        assert table.shape == (40, width) and table.dtype == np.uint32
        for row, sketch in zip(table, sketches, strict=True):
            head = sketch[:width]
            assert row[: len(head)].tolist() == head.tolist()
            assert (row[len(head) :] > HASH_MAX).all()


def test_the_quick_table_takes_little_more_than_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(verify, "_TABLE_ROWS", 1024)  # a million texts are sixty of the usual pieces
    sketches = _sketches(2, 20_000, longest=300)
    table, peak = _peak(lambda: quick_table(sketches))
    assert peak < 1.5 * table.nbytes  # it took seven times the table, making every hash's position at once


def _naive_common(sketches: list[np.ndarray], limit: int) -> list[int]:
    hashes, counts = np.unique(np.concatenate(sketches), return_counts=True)
    return hashes[counts > limit].tolist()


@pytest.mark.parametrize(("seed", "per_pass", "texts"), [(0, 50, 7), (1, 1000, 3), (2, 1 << 25, 1 << 14), (3, 37, 1)])
def test_the_common_hashes_are_the_same_counted_a_range_at_a_time(
    seed: int, per_pass: int, texts: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(boilerplate, "_PASS", per_pass)
    monkeypatch.setattr(boilerplate, "_TEXTS", texts)
    sketches = _sketches(seed, 300, copies=10, longest=60)
    sketches += [np.array([0, 1, 2, HASH_MAX], dtype=np.uint32)] * 5  # the ends of the range, held often
    for limit in (0, 3, 5, 32):
        found = common_hashes(sketches, limit)
        assert found.dtype == np.uint32 and found.tolist() == _naive_common(sketches, limit)


def test_the_common_hashes_take_a_range_of_the_hashes_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    sketches = _sketches(4, 4000, copies=100)
    every = sum(len(sketch) for sketch in sketches) * 4
    monkeypatch.setattr(boilerplate, "_PASS", every // 4 // 8)  # eight ranges
    monkeypatch.setattr(boilerplate, "_TEXTS", 256)
    found, peak = _peak(lambda: common_hashes(sketches, 5))
    assert found.tolist() == _naive_common(sketches, 5) and len(found) > 10
    assert peak < every / 2  # sorted at once, the hashes took their whole size and a bool for each


@pytest.mark.parametrize("rows", [1, 5, 1 << 14])
def test_the_shingles_keys_are_the_same_taken_a_few_texts_at_a_time(rows: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(resembling, "_ROWS", rows)
    monkeypatch.setattr(resembling, "_PAIR_CHUNK", rows)  # the shared keys found a piece at a time too
    sketches = _sketches(5, 200, copies=20, longest=120)
    among = np.arange(0, 200, 2, dtype=np.intp)
    from_table = resembling._keys(sketches, among, quick_table(sketches))
    from_lists = resembling._keys(sketches, among, None)
    assert len(from_lists[0]) > 100
    assert np.array_equal(from_table[0], from_lists[0]) and np.array_equal(from_table[1], from_lists[1])


def test_the_shingles_search_holds_only_what_may_resemble(monkeypatch: pytest.MonkeyPatch) -> None:
    sketches = _sketches(6, 3000, copies=50, longest=300)
    quick = quick_table(sketches)
    asked: list[int] = []
    keep = resembling._candidate_pairs

    def counting(hashes: np.ndarray, owners: np.ndarray, screen: Any = None) -> tuple[np.ndarray, np.ndarray]:
        def screened(left: np.ndarray, right: np.ndarray) -> np.ndarray:
            asked.append(len(left))
            return screen(left, right)

        return keep(hashes, owners, screened)

    monkeypatch.setattr(resembling, "_candidate_pairs", counting)
    monkeypatch.setattr(resembling, "_PAIR_CHUNK", 64)
    left, right, estimate = resembling_pairs(sketches, range(3000), 0.5, quick=quick)
    monkeypatch.setattr(resembling, "_candidate_pairs", keep)
    all_left, all_right = keep(*resembling._keys(sketches, np.arange(3000, dtype=np.intp), quick))
    expected = verify.quick_resemblance(quick[all_left], quick[all_right])
    kept = expected >= 0.5 - verify.QUICK_MARGIN
    assert left.tolist() == all_left[kept].tolist() and right.tolist() == all_right[kept].tolist()
    assert estimate.tolist() == expected[kept].tolist() and 10 < len(left) < len(all_left)
    assert len(asked) > 1 and sum(asked) >= len(all_left)  # screened a piece at a time, as the pairs were made


def test_the_shingles_keys_take_about_the_first_hashes_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(resembling, "_ROWS", 1024)  # a million texts are sixty of the usual pieces
    sketches = _sketches(7, 20_000, copies=200, longest=300)
    quick = quick_table(sketches)
    heads = len(sketches) * 4 * QUICK
    (hashes, _owners), peak = _peak(lambda: resembling._keys(sketches, np.arange(20_000, dtype=np.intp), quick))
    assert len(hashes) > 1000 and (hashes[1:] >= hashes[:-1]).all()
    assert peak < 2 * heads  # a count of every hash with its positions took twelve times


def test_a_sessions_sketches_are_made_when_asked_for() -> None:
    from simcompare.core.fingerprint.simhash import Config
    from simcompare.core.folder.scan import FileRecord, ScanOptions, ScanResult
    from simcompare.core.folder.session import FolderSession
    from simcompare.core.search.verify import sketch_to_bytes

    sketches = _sketches(8, 2000, longest=300)
    blobs = [sketch_to_bytes(s) for s in sketches]
    blobs[7] = np.array([9, 3, 3, 1], dtype="<u4").tobytes()  # not as written: read fixed, [1, 3, 9]
    files = tuple(FileRecord(f"{n}.txt", 1, 0, n, False, "utf-8", f"d{n}", blob) for n, blob in enumerate(blobs))
    session = FolderSession(ScanResult("/nowhere", Config(), ScanOptions(), files, ()))
    every, held = _peak(session._sketches, held=True)
    assert held < 20_000  # no view of each file's bytes held: a list of them took 120 bytes a file
    expected = [session.sketch(i).tolist() for i in range(len(files))]
    assert expected[7] == [1, 3, 9] and len(every) == 2000
    assert [s.tolist() for s in every] == expected
    assert [every[i].tolist() for i in (0, 7, -1, -2000)] == [expected[i] for i in (0, 7, -1, -2000)]
    assert [s.tolist() for s in every[5:12:3]] == expected[5:12:3]
    with pytest.raises(IndexError):
        every[2000]
    some = every.among([7, 3, 1999])  # as the boilerplate count takes the representatives' sketches
    assert [s.tolist() for s in some] == [expected[i] for i in (7, 3, 1999)] and len(some) == 3
    assert some[-1].tolist() == expected[1999] and [s.tolist() for s in some[1:]] == [expected[3], expected[1999]]
    with pytest.raises(IndexError):
        some[3]


@pytest.mark.parametrize(("per_pass", "texts"), [(1 << 23, 1 << 14), (500, 7), (64, 1)])
def test_the_common_hashes_of_a_tables_rows_are_those_of_their_sketches(
    per_pass: int, texts: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    from simcompare.core.search.boilerplate import common_in_table

    monkeypatch.setattr(boilerplate, "_TABLE_PASS", per_pass)
    monkeypatch.setattr(boilerplate, "_TEXTS", texts)
    sketches = _sketches(9, 400, copies=40, longest=90)
    table = quick_table(sketches)
    rows = np.arange(1, 400, 3, dtype=np.intp)
    heads = [sketches[i][:QUICK] for i in rows.tolist()]
    for limit in (0, 2, 5, 32):
        found = common_in_table(table, rows, limit)
        assert found.dtype == np.uint32 and found.tolist() == _naive_common(heads, limit)
    assert len(common_in_table(table, rows, 2)) > 10


@pytest.mark.parametrize("at_once", [1, 3, 1 << 14])
def test_sketches_not_as_written_are_found_a_piece_at_a_time(at_once: int, monkeypatch: pytest.MonkeyPatch) -> None:
    from simcompare.core.search.verify import is_sketch, not_as_written, sketch_to_bytes

    monkeypatch.setattr(verify, "_CHECKED_AT_ONCE", at_once)
    rng = np.random.default_rng(10)
    blobs = [sketch_to_bytes(s) for s in _sketches(11, 60, longest=40)]
    blobs[3] = np.array([5, 9, 9], dtype="<u4").tobytes()  # a hash twice
    blobs[4] = np.array([9, 5], dtype="<u4").tobytes()  # not sorted
    blobs[5] = b""
    blobs[6] = np.array([7, HASH_MAX + 1], dtype="<u4").tobytes()  # a pad's value
    blobs[7] = blobs[8][:-1]  # not whole words
    blobs[9] = np.array([1], dtype="<u4").tobytes()  # below the last word of the sketch before: fine
    blobs[10] = np.array([HASH_MAX + 2], dtype="<u4").tobytes()  # one word, a pad
    blobs[59] = np.array([3, 2], dtype="<u4").tobytes()  # the last
    blobs += [sketch_to_bytes(np.unique(rng.integers(0, HASH_MAX, 300, dtype=np.uint64).astype(np.uint32)))[:-4] * 2]
    expected = [i for i, blob in enumerate(blobs) if not is_sketch(blob)]
    assert not_as_written(blobs).tolist() == expected and {3, 4, 6, 7, 10, 59} <= set(expected)
    assert 5 not in expected and 9 not in expected


def test_sketches_joined_at_once_are_the_words_written_and_say_which_are_not_as_written() -> None:
    from simcompare.core.search.verify import is_sketch, joined_sketches, not_as_written, sketch_to_bytes

    blobs = [sketch_to_bytes(s) for s in _sketches(12, 30, longest=40)]
    blobs[2] = np.array([5, 9, 9], dtype="<u4").tobytes()  # a hash twice
    blobs[4] = blobs[5][:-1]  # not whole words: the words after it are still read in place
    blobs[6] = b""
    blobs[7] = np.array([HASH_MAX + 2], dtype="<u4").tobytes()  # a pad's value
    blobs[29] = np.array([3, 2], dtype="<u4").tobytes()
    hashes, lengths, broken = joined_sketches(blobs)
    assert broken.tolist() == not_as_written(blobs).tolist() == [i for i, b in enumerate(blobs) if not is_sketch(b)]
    assert hashes.dtype == np.uint32 and lengths[4] == 0 and lengths[6] == 0
    starts = np.cumsum(lengths) - lengths
    for i, blob in enumerate(blobs):
        if i != 4:
            assert hashes[starts[i] : starts[i] + lengths[i]].tobytes() == blob
    assert [len(x) for x in joined_sketches([])] == [0, 0, 0]


def test_checking_the_sketches_takes_little_beside_them(monkeypatch: pytest.MonkeyPatch) -> None:
    from simcompare.core.search.verify import not_as_written, sketch_to_bytes

    monkeypatch.setattr(verify, "_CHECKED_AT_ONCE", 256)
    blobs = [sketch_to_bytes(s) for s in _sketches(12, 4000, longest=300)]
    found, peak = _peak(lambda: not_as_written(blobs))
    assert len(found) == 0 and peak < sum(len(b) for b in blobs) / 4  # all at once: three times the sketches


def test_a_sessions_distinct_values_are_the_same_in_numpy_and_in_python(monkeypatch: pytest.MonkeyPatch) -> None:
    from simcompare.core.fingerprint.simhash import Config
    from simcompare.core.folder.scan import FileRecord, ScanOptions, ScanResult
    from simcompare.core.folder.session import FolderSession
    from simcompare.core.search.verify import sketch_to_bytes

    rng = np.random.default_rng(13)
    values = rng.integers(0, 2**64 - 1, 300, dtype=np.uint64).tolist()
    values[10:40] = [values[5]] * 30  # thirty texts of one value (more than SHARED_VALUE_LIMIT)
    values[50], values[60], values[299] = values[7], values[7], 2**64 - 1
    files = tuple(
        FileRecord(f"f{i:03d}.txt", 10, 0, v, False, "utf-8", f"d{i}", sketch_to_bytes(np.array([i], np.uint32)))
        for i, v in enumerate(values)
    )
    session = FolderSession(ScanResult("/x", Config(), ScanOptions(), files, ()))
    distinct, holders = session._distinct_values()
    monkeypatch.setattr(FolderSession, "bits", property(lambda self: 128))  # the path of wider fingerprints
    python, python_holders = session._distinct_values()
    assert [int(v) for v in distinct] == [int(v) for v in python] == sorted(set(values))
    assert holders.first.tolist() == python_holders.first.tolist()
    assert holders.shared == python_holders.shared and sorted(len(g) for g in holders.shared.values()) == [3, 31]
    assert holders.alone().tolist() == python_holders.alone().tolist()


def test_a_session_keeps_no_quick_table_between_searches() -> None:
    from simcompare.core.fingerprint.simhash import Config
    from simcompare.core.folder.scan import FileRecord, ScanOptions, ScanResult
    from simcompare.core.folder.session import FolderSession
    from simcompare.core.search.verify import sketch_to_bytes

    sketches = _sketches(14, 400, copies=100, longest=300)
    rng = np.random.default_rng(14)
    base = rng.integers(0, 2**63, 400, dtype=np.uint64)
    files = tuple(
        FileRecord(
            f"f{i:03d}.txt", 10, 0, int(base[i % 40]) ^ (1 << (i % 7)), False, "utf-8", f"d{i}", sketch_to_bytes(s)
        )
        for i, s in enumerate(sketches)
    )
    session = FolderSession(ScanResult("/x", Config(), ScanOptions(), files, ()))
    first = session.candidates(6)
    assert session._quick is None  # 244 MB at a million texts, beside the groups and all after them
    again = session.candidates(12)  # a wider k searches again, with a quick table made again
    assert session._quick is None and len(again) >= len(first) > 0
