"""Memory per file: a scan and its session hold about 2 KB a file beyond the paths themselves (a million files on
one desktop), measured with tracemalloc on real files in a real scan."""

from __future__ import annotations

import gc
import random
import string
import sys
import tracemalloc
from pathlib import Path

from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder.scan import ScanOptions, scan
from simcompare.core.folder.session import FolderSession

FILES = 1000
WORDS = 700  # more distinct shingles than a sketch keeps, as most real documents have
BOUND = 2560  # measured: 2,030 bytes (Python 3.11); the bound leaves room for other versions' object sizes


def _write_folder(root: Path) -> None:
    rng = random.Random(29)
    vocabulary = ["".join(rng.choices(string.ascii_lowercase, k=7)) for _ in range(30_000)]
    for number in range(FILES):
        folder = root / f"d{number // 100:02d}"
        folder.mkdir(parents=True, exist_ok=True)
        words = rng.choices(vocabulary, k=WORDS)
        if number % 5 == 4:  # a near copy of the file before: groups form, as in real folders
            words = (folder / f"f{number - 1:05d}.txt").read_text(encoding="ascii").split()
            words[::200] = ["edited"] * len(words[::200])
        (folder / f"f{number:05d}.txt").write_text(" ".join(words), encoding="ascii")


def _held_per_file(root: Path) -> float:
    """Bytes held a file by the scan's result and the session after grouping, beyond the paths. Left out: the
    segmenter's bounded caches of tokens and of their hashes (in the workers, in a scan of many files), the
    names of the paths as pathlib interns them, and the fingerprinting code's one table of token codes."""
    config, options = Config(segmenter="words"), ScanOptions(workers=1, in_process=True)
    warm = root.parent / "warm"
    warm.mkdir()
    (warm / "a.txt").write_text("warm up the modules a scan imports", encoding="ascii")
    FolderSession(scan(warm, config, options)).groups(12)
    gc.collect()
    tracemalloc.start()
    try:
        result = scan(root, config, options)
        session = FolderSession(result)
        del result
        groups = session.groups(12)
        gc.collect()
        snapshot = tracemalloc.take_snapshot()
    finally:
        tracemalloc.stop()
    assert len(session.files) == FILES and len(groups) > FILES // 10, len(groups)
    held = snapshot.filter_traces(
        [
            tracemalloc.Filter(False, "*/simcompare/core/tokens/*"),
            tracemalloc.Filter(False, "*/simcompare/core/fingerprint/hashing.py"),
            tracemalloc.Filter(False, "*/pathlib.py"),
            tracemalloc.Filter(False, tracemalloc.__file__),
        ]
    )
    total = 0
    for stat in held.statistics("lineno"):
        one_table = stat.count == 1 and stat.size > 64 * FILES
        if not (one_table and "simcompare/core/fingerprint" in stat.traceback[0].filename.replace("\\", "/")):
            total += stat.size
    paths = sum(sys.getsizeof(f.path) for f in session.files)
    return (total - paths) / FILES


def test_a_scan_and_its_session_hold_about_2_kb_a_file_beyond_the_paths(tmp_path: Path) -> None:
    root = tmp_path / "docs"
    _write_folder(root)
    per_file = _held_per_file(root)
    # a sketch of 1,024 hashes of 64 bits alone took 8 KB a file, held twice (as bytes and decoded): 12.4 KB a
    # file in all; 256 hashes of 32 bits, read from the records' bytes without a copy: 1.6 KB
    assert per_file <= BOUND, f"{per_file:,.0f} bytes a file"


def test_sketches_are_read_from_the_records_and_given_whole_as_one_table() -> None:
    import numpy as np

    from simcompare.core.folder.scan import FileRecord, ScanResult
    from simcompare.core.search.verify import HASH_MAX, SKETCH, shingles, sketch_to_bytes

    good = sketch_to_bytes(shingles([f"w{i}" for i in range(400)]))
    messy = np.array([9, 3, 3, 1], dtype="<u4").tobytes()  # a hand-made record: not sorted, a hash twice
    files = tuple(
        FileRecord(name, 1, 0, value, False, "utf-8", name, sketch)
        for name, value, sketch in (("a.txt", 1, good), ("b.txt", 2, messy), ("c.txt", 3, b""))
    )
    session = FolderSession(ScanResult("/nowhere", Config(), ScanOptions(), files, ()))
    first = session.sketch(0)
    assert len(first) == SKETCH and not first.flags.owndata  # a view of the record's bytes, not a copy
    assert np.shares_memory(first, session.sketch(0)) or bytes(first) == good
    assert session.sketch(1).tolist() == [1, 3, 9] and session.sketch(1).tolist() == [1, 3, 9]
    table, lengths = session.sketch_table()
    assert table.shape == (3, SKETCH) and table.dtype == np.uint32 and lengths.tolist() == [SKETCH, 3, 0]
    assert np.array_equal(table[0], first) and table[1, :3].tolist() == [1, 3, 9]
    assert (table[1, 3:] == HASH_MAX + 2).all() and (table[2] == HASH_MAX + 2).all()


def test_sketches_checked_all_at_once_are_those_checked_one_at_a_time() -> None:
    import numpy as np

    from simcompare.core.folder.scan import FileRecord, ScanResult
    from simcompare.core.search.verify import SKETCH, shingles, sketch_to_bytes

    good = sketch_to_bytes(shingles([f"w{i}" for i in range(400)]))
    records = [
        good,
        np.array([9, 3, 3, 1], dtype="<u4").tobytes(),  # not sorted, a hash twice
        np.array([1, 2, 0xFFFF_FFFF], dtype="<u4").tobytes(),  # a pad's value
        good[:-2],  # not whole words
        good + good,  # longer than a sketch
        b"",
        sketch_to_bytes(shingles(["a", "b", "c"])),
    ]
    files = tuple(FileRecord(f"{n}.txt", 1, 0, n, False, "utf-8", f"d{n}", sketch) for n, sketch in enumerate(records))

    def session() -> FolderSession:
        return FolderSession(ScanResult("/nowhere", Config(), ScanOptions(), files, ()))

    one_at_a_time = [session().sketch(i).tolist() for i in range(len(files))]
    together = session()._sketches()
    assert [s.tolist() for s in together] == one_at_a_time
    assert len(one_at_a_time[4]) == SKETCH and one_at_a_time[1] == [1, 3, 9]


def _synthetic_session(root: Path, count: int) -> FolderSession:
    """``count`` made-up records of real shapes (paths, digests, sketches of 256 hashes), no files behind them."""
    import numpy as np

    from simcompare.core.folder.scan import FileRecord, ScanResult
    from simcompare.core.search.verify import sketch_to_bytes

    rng = np.random.default_rng(29)
    values = rng.integers(0, 2**63, size=count, dtype=np.uint64)
    files = tuple(
        FileRecord(
            f"d{i // 1000:03d}/f{i:06d}.txt",
            4000 + i,
            1_700_000_000_000_000_000 + i,
            int(values[i]),
            False,
            "utf-8",
            f"{i:064x}",
            sketch_to_bytes(np.unique(rng.integers(0, 2**32, size=256, dtype=np.uint32))),
            1,
            i + 1,
            f"{i + 7:064x}",
            700,
        )
        for i in range(count)
    )
    return FolderSession(ScanResult(str(root), Config(), ScanOptions(), files, ()))


def _saving_peak(session: FolderSession, saved: Path) -> int:
    from simcompare.core.formats.results import save_results

    session.boilerplate()  # counted by the search before any results are saved (not the saving's own memory)
    tracemalloc.start()
    try:
        save_results(saved, session, [], 12)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak


def test_saving_results_never_holds_the_whole_document(tmp_path: Path) -> None:
    """``save_results`` writes a few hundred records at a time: its peak does not grow with the number of files
    and is a small part of the file (the writer before built the whole text, and a dictionary a record, first:
    several times the file)."""
    from simcompare.core.formats.results import read_results

    small, large = _synthetic_session(tmp_path, 2_000), _synthetic_session(tmp_path, 16_000)
    small_peak = _saving_peak(small, tmp_path / "small.json")
    large_peak = _saving_peak(large, tmp_path / "large.json")
    size = (tmp_path / "large.json").stat().st_size
    assert size > 25_000_000 and large_peak < size / 5, f"peak {large_peak:,} bytes writing {size:,}"
    assert large_peak < 1.5 * small_peak, f"peak {large_peak:,} bytes for 16,000 files, {small_peak:,} for 2,000"
    assert read_results(tmp_path / "large.json", check_files=False).result.files == large.files
