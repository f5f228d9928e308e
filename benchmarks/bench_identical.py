"""Identical and empty files: a folder of 20,000 copies of one text and 20,000 empty files, scanned and grouped.

Targets (issue "Groups you can act on"): time at most 2 × that of 20,000 distinct files, memory at most 1 GiB.
Each case runs in a fresh child process so that its peak memory (ru_maxrss of the process that scans and
groups; the scan's workers come from a fork server and are not counted) is its own.

    python benchmarks/bench_identical.py [--files 20000]
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _vocabulary(rng: random.Random, size: int = 20_000) -> list[str]:
    letters = "abcdefghijklmnopqrstuvwxyz"
    return ["".join(rng.choice(letters) for _ in range(rng.randint(3, 9))) for _ in range(size)]


def make_folder(root: Path, kind: str, count: int) -> None:
    rng = random.Random(7)
    words = _vocabulary(rng)
    shared = " ".join(rng.choice(words) for _ in range(120))
    for i in range(count):
        folder = root / f"d{i // 1000:03d}"
        folder.mkdir(exist_ok=True)
        if kind == "distinct":
            text = " ".join(rng.choice(words) for _ in range(120))
        elif kind == "identical":
            text = shared
        else:
            text = ""
        (folder / f"f{i:05d}.txt").write_text(text, encoding="utf-8")


def run_case(root: str) -> None:
    """In the child: scan and group, print seconds and peak memory as JSON."""
    from simcompare.core.defaults import default_k
    from simcompare.core.folder.scan import ScanOptions, scan
    from simcompare.core.folder.session import FolderSession

    started = time.perf_counter()
    result = scan(root, options=ScanOptions(workers=2))
    scanned = time.perf_counter()
    session = FolderSession(result)
    groups = session.groups(default_k(result.config.bits))
    done = time.perf_counter()
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(
        json.dumps(
            {
                "files": len(result.files),
                "groups": len(groups),
                "largest": max((len(g) for g in groups), default=0),
                "scan_s": scanned - started,
                "group_s": done - scanned,
                "peak_mib": own,
                "worker_peak_mib": children,
            }
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--files", type=int, default=20_000)
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        run_case(args.child)
        return
    print(
        f"| folder ({args.files:,} files) | files grouped | groups | scan | grouping | peak memory (window process) |"
    )
    print("|---|---|---|---|---|---|")
    figures = {}
    for kind in ("distinct", "identical", "empty"):
        with tempfile.TemporaryDirectory() as tmp:
            make_folder(Path(tmp), kind, args.files)
            out = subprocess.run(
                [sys.executable, __file__, "--child", tmp], capture_output=True, text=True, check=True
            ).stdout
        figures[kind] = f = json.loads(out)
        print(
            f"| {kind} | {f['files']:,} | {f['groups']} (largest {f['largest']:,}) | {f['scan_s']:.1f} s | "
            f"{f['group_s']:.2f} s | {f['peak_mib']:.0f} MiB |"
        )
    base = figures["distinct"]["scan_s"] + figures["distinct"]["group_s"]
    for kind in ("identical", "empty"):
        total = figures[kind]["scan_s"] + figures[kind]["group_s"]
        print(f"{kind}: {total / base:.2f} × the time of distinct files (target ≤ 2 ×)")


if __name__ == "__main__":
    main()
