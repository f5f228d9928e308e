"""The session's vectorised bookkeeping of files (other names, identities, representatives) against the
straightforward dictionaries and union-find it replaced, on small random folders full of ties."""

from __future__ import annotations

import random

import numpy as np
import pytest

from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder.scan import FileRecord, ScanOptions, ScanResult
from simcompare.core.folder.session import (
    FolderSession,
    _aliases,
    _aliases_one_by_one,
    _first_alike,
    _smallest_linked,
)


def _records(rng: random.Random, count: int) -> tuple[FileRecord, ...]:
    """Files with few digests, raw digests and inodes to share, some empty, some without digests or inode."""
    records = []
    for i in range(count):
        name = "/".join(rng.choice("ab") * rng.randint(1, 3) for _ in range(rng.randint(1, 2)))
        records.append(
            FileRecord(
                path=f"{name}{i}.txt" if rng.random() < 0.7 else f"{name}/{count - i}.md",
                size=rng.randint(0, 9),
                mtime_ns=0,
                value=rng.getrandbits(16),
                empty=rng.random() < 0.1,
                digest=rng.choice(["", "t1", "t2", "t3", f"t{i}", "#3"]),
                raw_digest=rng.choice(["", "r1", "r2", f"r{i}"]),
                device=rng.choice([1, 2]),
                inode=rng.choice([0, 0, 5, 6, 7, 100 + i]),
            )
        )
    return tuple(records)


def _identities_by_union_find(files: tuple[FileRecord, ...], alias: list[int | None]) -> list[int | str]:
    parent = list(range(len(files)))

    def find(i: int) -> int:
        while parent[i] != i:
            i = parent[i]
        return i

    def union(i: int, j: int) -> None:
        a, b = find(i), find(j)
        parent[max(a, b)] = min(a, b)

    by_text: dict[str, int] = {}
    by_bytes: dict[str, int] = {}
    for i, record in enumerate(files):
        if record.empty:
            continue
        if record.digest:
            union(i, by_text.setdefault(record.digest, i))
        if record.raw_digest:
            union(i, by_bytes.setdefault(record.raw_digest, i))
        first = alias[i]
        if first is not None and not files[first].empty:
            union(i, first)
    return [(f.digest or i) if f.empty else find(i) for i, f in enumerate(files)]


@pytest.mark.parametrize("seed", range(40))
def test_names_identities_and_representatives_are_the_dictionaries(seed: int) -> None:
    rng = random.Random(seed)
    files = _records(rng, rng.randint(0, 60))
    alias = _aliases_one_by_one(files)
    assert _aliases(files) == alias
    session = FolderSession(ScanResult("/nowhere", Config(), ScanOptions(), files, ()))
    identity = _identities_by_union_find(files, alias)
    assert [session.identity(i) for i in range(len(files))] == identity
    assert [session.hardlink_of(i) for i in range(len(files))] == alias
    assert [session.file_key(i) for i in range(len(files))] == [i if a is None else a for i, a in enumerate(alias)]
    best: dict[int | str, int] = {}
    for i, record in enumerate(files):
        held = best.get(identity[i])
        if record.empty:
            continue
        if held is None or (len(record.path), record.path) < (len(files[held].path), files[held].path):
            best[identity[i]] = i
    assert session._representatives == sorted(best.values())


def test_an_empty_file_whose_digest_reads_like_an_index_is_identical_to_no_text() -> None:
    """An empty document's identity is its text's digest, a text; a non-empty file's is a number: a crafted
    digest such as "#0" or "0" (identities were once the text "#root") matches no other file's identity."""
    files = (
        FileRecord(path="a.txt", size=5, mtime_ns=0, value=1, empty=False, digest="t", inode=1),
        FileRecord(path="b.txt", size=5, mtime_ns=0, value=1, empty=False, digest="t", inode=2),
        FileRecord(path="e.txt", size=0, mtime_ns=0, value=0, empty=True, digest="#0", inode=3),
        FileRecord(path="f.txt", size=0, mtime_ns=0, value=0, empty=True, digest="0", inode=4),
    )
    session = FolderSession(ScanResult("/nowhere", Config(), ScanOptions(), files, ()))
    assert session.identity(0) == session.identity(1)
    assert all(session.identity(i) != session.identity(0) for i in (2, 3))
    assert session.identity(2) != session.identity(3)


def test_numbers_beyond_64_bits_are_compared_as_they_are() -> None:
    files = tuple(FileRecord(f"{n}.txt", 1, 0, n, False, inode=inode) for n, inode in enumerate([-1, 2**64, -1, 3]))
    assert _aliases(files) == _aliases_one_by_one(files) == [None, None, 0, None]


@pytest.mark.parametrize("seed", range(20))
def test_the_smallest_linked_node_is_the_components_smallest(seed: int) -> None:
    rng = np.random.default_rng(seed)
    count = int(rng.integers(1, 80))
    links = rng.integers(0, count, size=(int(rng.integers(0, 2 * count)), 2))
    component = list(range(count))  # the straightforward way: relabel until nothing changes
    changed = True
    while changed:
        changed = False
        for a, b in links.tolist():
            low = min(component[a], component[b])
            for node in (a, b):
                if component[node] != low:
                    component[node], changed = low, True
    assert _smallest_linked(count, links[:, 0].astype(np.intp), links[:, 1].astype(np.intp)).tolist() == component


class _Colliding(str):
    """A digest whose hash is every other's: the keys must still be told apart by their text."""

    def __hash__(self) -> int:
        return 1


def test_keys_that_share_a_hash_are_told_apart() -> None:
    keys = [_Colliding(k) for k in ["a", "b", "a", "", "b", "c", "a"]]
    skipped = np.array([False, False, False, False, False, False, True])
    assert _first_alike(keys, skipped).tolist() == [0, 1, 0, 3, 1, 5, 6]


@pytest.mark.parametrize("seed", range(20))
def test_the_first_alike_key_is_the_dictionarys_whether_or_not_some_keys_share_a_hash(seed: int) -> None:
    """Every key is compared with the first of its hash at once; where two keys share a hash (some here do), the
    runs are told apart one by one: either way each position gets the first position of its key."""
    rng = random.Random(seed)
    keys = [rng.choice(["", "a", "b", "c", "d", f"k{i}"]) for i in range(rng.randint(0, 50))]
    if seed % 2:  # "a" and "b" share a hash (a string's hash is its text's: every "a" alike)
        keys = [_Colliding(k) if k in ("a", "b") else k for k in keys]
    skipped = np.array([rng.random() < 0.1 for _ in keys], dtype=bool)
    first: dict[str, int] = {}
    expected = [i if not k or skipped[i] else first.setdefault(str(k), i) for i, k in enumerate(keys)]
    assert _first_alike(keys, skipped).tolist() == expected


@pytest.mark.parametrize("seed", range(5))
def test_the_empty_paths_are_the_results_empty_files(seed: int) -> None:
    files = _records(random.Random(seed), 60)
    result = ScanResult("/nowhere", Config(), ScanOptions(), files, ())
    assert FolderSession(result).empty_paths() == result.empty == [f.path for f in files if f.empty] != []


def test_every_files_size_is_one_array_whatever_the_numbers() -> None:
    """The sizes a mark adds up: 64-bit numbers in one array; a hand-made record's size beyond 64 bits makes it an
    array of Python's numbers, added up as they are, not an error in the worker that groups."""
    small = tuple(FileRecord(f"{n}.txt", n * 10, 0, n, False, inode=n + 1) for n in range(4))
    session = FolderSession(ScanResult("/nowhere", Config(), ScanOptions(), small, ()))
    assert session.file_sizes().dtype == np.int64 and session.file_sizes().tolist() == [0, 10, 20, 30]
    assert session.file_sizes() is session.file_sizes()  # made once
    huge = (*small, FileRecord("big.txt", 2**70, 0, 9, False, inode=99))
    session = FolderSession(ScanResult("/nowhere", Config(), ScanOptions(), huge, ()))
    assert sum(session.file_sizes()[[1, 4]].tolist()) == 10 + 2**70


def test_a_records_numbers_are_one_array_made_once() -> None:
    """The numbers a re-prioritise compares (sizes, times, word counts), every file's by index, made once for the
    session's files and read-only; a hand-made record's number beyond 64 bits is an OverflowError (the rule then
    compares Python's numbers), and nothing is kept."""
    small = tuple(FileRecord(f"{n}.txt", n * 10, 7 - n, n, False, inode=n + 1, words=n % 2) for n in range(4))
    session = FolderSession(ScanResult("/nowhere", Config(), ScanOptions(), small, ()))
    assert not session.has_record_numbers("mtime_ns")
    assert session.record_numbers("mtime_ns").tolist() == [7, 6, 5, 4]
    assert session.record_numbers("words").tolist() == [0, 1, 0, 1]
    assert session.record_numbers("mtime_ns") is session.record_numbers("mtime_ns") and session.has_record_numbers(
        "mtime_ns"
    )
    with pytest.raises(ValueError, match="read-only"):
        session.record_numbers("words")[0] = 5
    assert session.record_numbers("size").tolist() == [0, 10, 20, 30]
    assert session.record_numbers("size") is session.file_sizes()  # one array of sizes, not two
    huge = (*small, FileRecord("new.txt", 1, 2**70, 9, False, inode=99))
    session = FolderSession(ScanResult("/nowhere", Config(), ScanOptions(), huge, ()))
    with pytest.raises(OverflowError):
        session.record_numbers("mtime_ns")
    assert not session.has_record_numbers("mtime_ns")
    huge = (*small, FileRecord("new.txt", 2**70, 2, 9, False, inode=99))  # a size beyond 64 bits
    session = FolderSession(ScanResult("/nowhere", Config(), ScanOptions(), huge, ()))
    assert session.file_sizes().tolist()[-1] == 2**70
    with pytest.raises(OverflowError):
        session.record_numbers("size")
    assert not session.has_record_numbers("size")
