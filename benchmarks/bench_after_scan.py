"""What the scanning process adds to its records after a scan: the search, the groups and saving, on saved results.

A million-file scan takes most of an hour before its search starts; its records can be read back from its saved
results in a minute (``bench_million.py --keep-results R.json``). This reads them (without looking at the files),
returns what reading them took to the system, resets the process's peak resident size (Linux:
``/proc/self/clear_refs``), then does what the scan does after scanning, as ``bench_million.py`` does it: the
session's candidates at the default k, its groups, its pairs, the results saved. Printed: each step's time and
CPU time, and the peak above the records (records read from JSON hold somewhat more than a scan's own).

    python benchmarks/bench_after_scan.py R.json
"""

from __future__ import annotations

import argparse
import ctypes
import gc
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def _memory() -> dict[str, int]:
    """The process's resident size now and at its peak, MB (Linux)."""
    found = {}
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith(("VmRSS", "VmHWM")):
                found[line.split(":")[0]] = int(line.split()[1]) // 1024
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("results", type=Path, help="saved results (bench_million.py --keep-results)")
    arguments = parser.parse_args()

    from simcompare.core.defaults import default_k
    from simcompare.core.folder.session import FolderSession
    from simcompare.core.formats.results import read_results, save_results

    started = time.perf_counter()
    result = read_results(arguments.results, check_files=False).result
    gc.collect()
    ctypes.CDLL("libc.so.6").malloc_trim(0)  # what parsing freed goes back to the system
    records = _memory()["VmRSS"]
    with open("/proc/self/clear_refs", "w", encoding="ascii") as clear:
        clear.write("5")  # the peak starts again from here
    print(f"{len(result.files):,} records read in {time.perf_counter() - started:.0f} s: {records:,} MB resident")
    print("\n| step (default k) | wall s | CPU s | resident after, MB | peak so far, MB |\n|---|---|---|---|---|")
    k = default_k(result.config.bits)
    session = FolderSession(result)
    del result
    groups: list[object] = []
    steps = {
        "candidates": lambda: session.candidates(k),
        "groups": lambda: groups.extend(session.groups(k)),
        "pairs": lambda: session.pairs(k),
        "save": lambda: save_results(Path(tempfile.mkdtemp()) / "results.json", session, groups, k),  # type: ignore[arg-type]
    }
    for name, step in steps.items():
        wall, cpu = time.perf_counter(), time.process_time()
        step()
        memory = _memory()
        print(
            f"| {name} | {time.perf_counter() - wall:.1f} | {time.process_time() - cpu:.1f} | "
            f"{memory['VmRSS']:,} | {memory['VmHWM']:,} |"
        )
    print(f"\n{len(groups):,} groups; peak above the records: {_memory()['VmHWM'] - records:,} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
