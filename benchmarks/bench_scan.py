"""A folder scan of the real corpora: one worker, two workers, and a rescan with a warm cache.

    python benchmarks/bench_scan.py                 # zh_docs + en_copyright from ../shared/corpora
    python benchmarks/bench_scan.py --folder DIR
    python benchmarks/bench_scan.py --today c08cb0d # also `simcompare scan` by this code and by that commit's
    python benchmarks/bench_scan.py --today HEAD~2 --with-cache   # ... each run writing a fresh cache file
    python benchmarks/bench_scan.py --today 4d018a0 --warm        # ... rescans of a warm cache (each code its own):
                                                                  # reading the cache, the search and the groups

Each cold scan starts with an empty cache file; the warm rescan reuses the two-worker scan's cache.
Pool start-up (the forkserver loading jieba) is part of the two-worker time.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from corpora import corpus_folder
from revisions import unpack_revision

from simcompare.core.defaults import default_k
from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder.cache import Cache
from simcompare.core.folder.scan import ScanOptions, scan
from simcompare.core.folder.session import FolderSession
from simcompare.core.search.groups import find_groups


def timed_scan(folder: Path, workers: int, cache_path: Path, config: Config) -> tuple[float, object]:
    with Cache(cache_path) as cache:
        started = time.perf_counter()
        result = scan(folder, config, ScanOptions(workers=workers), cache=cache)
        return time.perf_counter() - started, result


def cli_scan_seconds(folder: Path, source: Path | None, cache: bool, warm: Path | None = None) -> float:
    """Wall time of `simcompare scan FOLDER --no-cache --workers 2` (or with a fresh cache file, or with the cache
    file ``warm``), by this code or by the code in ``source``."""
    env = dict(os.environ)
    if source is not None:
        env["PYTHONPATH"] = str(source)
    with tempfile.TemporaryDirectory() as scratch:
        caching = ["--cache", str(Path(scratch) / "cache.sqlite3")] if cache else ["--no-cache"]
        if warm is not None:
            caching = ["--cache", str(warm)]
        started = time.perf_counter()
        # Run from a neutral folder: `python -m` puts the working folder first on the path, so from the
        # repository both runs would import this code.
        subprocess.run(
            [sys.executable, "-m", "simcompare", "scan", str(folder), *caching, "--workers", "2", "--json"],
            env=env,
            check=True,
            stdout=subprocess.DEVNULL,
            cwd=tempfile.gettempdir(),
        )
        return time.perf_counter() - started


def compare_with(folder: Path, revision: str, repeat: int, cache: bool, warm: bool = False) -> None:
    """`simcompare scan` of the folder by this code and by the code of ``revision``, taking turns."""
    with tempfile.TemporaryDirectory() as scratch, tempfile.TemporaryDirectory() as caches:
        unpack_revision(revision, Path(scratch))
        theirs = ours = None
        if warm:  # each code fills its own cache once, untimed; the timed runs read it
            theirs, ours = Path(caches) / "theirs.sqlite3", Path(caches) / "ours.sqlite3"
            cli_scan_seconds(folder, Path(scratch), cache, theirs)
            cli_scan_seconds(folder, None, cache, ours)
        today = now = float("inf")
        for _ in range(repeat):
            today = min(today, cli_scan_seconds(folder, Path(scratch), cache, theirs))
            now = min(now, cli_scan_seconds(folder, None, cache, ours))
    caching = "a warm --cache" if warm else "a fresh --cache" if cache else "--no-cache"
    print(f"\n`simcompare scan {folder} {caching} --workers 2`, best of {repeat}, taking turns:\n")
    print("| code | seconds | × faster |")
    print("|---|---|---|")
    print(f"| {revision} (today) | {today:.2f} | 1.00 |")
    print(f"| this code | {now:.2f} | {today / now:.2f} |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--folder", type=Path, help="folder to scan (default: both corpora)")
    parser.add_argument("--today", metavar="REV", help="also time `simcompare scan` by the code of this git revision")
    parser.add_argument("--repeat", type=int, default=2, help="repetitions of the --today comparison")
    parser.add_argument("--with-cache", action="store_true", help="the --today scans write a fresh cache file")
    parser.add_argument("--warm", action="store_true", help="the --today scans rescan with a warm cache (their own)")
    args = parser.parse_args()
    folder = args.folder or corpus_folder("zh_docs").parent
    if args.folder is None:
        corpus_folder("en_copyright")
    config = Config()
    size = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 1e6
    with tempfile.TemporaryDirectory() as scratch:
        scratch_path = Path(scratch)
        one, result = timed_scan(folder, 1, scratch_path / "one.sqlite3", config)
        two, _ = timed_scan(folder, 2, scratch_path / "two.sqlite3", config)
        warm, again = timed_scan(folder, 2, scratch_path / "two.sqlite3", config)
        cached = again.stats.fingerprints_from_cache
        started = time.perf_counter()
        groups, pairs = find_groups(
            [f.value for f in result.files],
            default_k(config.bits),
            config.bits,
            empty=[i for i, f in enumerate(result.files) if f.empty],
        )
        grouping = time.perf_counter() - started
        session_seconds = float("inf")
        for _ in range(3):  # what a rescan adds to reading the cache: search, verification, shingles' index, groups
            began = time.perf_counter()
            FolderSession(again).groups(default_k(config.bits))
            session_seconds = min(session_seconds, time.perf_counter() - began)
    print(
        f"{len(result.files)} files ({size:.1f} MB) in {folder}, {len(result.problems)} problems, "
        f"{len(groups)} groups at k = {default_k(config.bits)}\n"
    )
    print("| scan | seconds | files/s | ratio |")
    print("|---|---|---|---|")
    n = len(result.files)
    print(f"| 1 worker, empty cache | {one:.2f} | {n / one:,.0f} | 1.00 |")
    print(f"| 2 workers, empty cache | {two:.2f} | {n / two:,.0f} | {one / two:.2f} × one worker |")
    print(
        f"| rescan, unchanged folder, warm cache ({cached} from cache) | {warm:.3f} | {n / warm:,.0f} | "
        f"{two / warm:.0f} × faster than the first scan |"
    )
    print(f"| grouping (index + components) | {grouping:.3f} | | {pairs.candidates:,} candidates verified |")
    print(
        f"| a folder's groups (FolderSession: search, verification, shingles' index, groups; best of 3) | "
        f"{session_seconds:.3f} | | |"
    )
    if args.today:
        compare_with(folder, args.today, args.repeat, args.with_cache, args.warm)
    return 0


if __name__ == "__main__":
    sys.exit(main())
