"""The Folder page on a real corpus: does the window stay responsive while it scans, and how fast does Cancel land?

    python benchmarks/bench_folder_gui.py                 # zh_docs + en_copyright from ../shared/corpora
    python benchmarks/bench_folder_gui.py --folder DIR --cancel-after 2
    python benchmarks/bench_folder_gui.py --regroup 100000   # threshold changes on a synthetic result

A timer asks the event loop for a tick every 10 ms during the scan; the longest gap between ticks is how
long the window could not answer. One scan runs to the end; another is cancelled after --cancel-after
seconds, and the time from Cancel to the partial result being shown is measured. The cache is a fresh
temporary file, so both scans really segment.

With --regroup N, no folder is scanned: a synthetic result of N files (random fingerprints, a fifth of
them near copies with the same sketch but a few hashes) is shown, then the k slider is dragged through several
values in quick ticks; the longest event-loop gap from the first tick to the new groups on screen is the
window's worst pause while regrouping (grouping runs in the worker; the old groups stay until then).
Last, every other folder of the synthetic result is made a reference folder, so many groups take a new
reference (the groups are computed anew, with their references moved).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from corpora import corpus_folder
from PySide6.QtCore import (  # noqa: TID251 - measures the window
    QCoreApplication,
    QElapsedTimer,
    QEventLoop,
    QSettings,
    QTimer,
)

from simcompare.gui.app import create_application
from simcompare.gui.folder.page import FolderPage


class TickWatch:
    """Longest gap between 10 ms timer ticks: the window's worst unresponsive moment."""

    def __init__(self) -> None:
        self.clock = QElapsedTimer()
        self.timer = QTimer()
        self.timer.setInterval(10)
        self.timer.timeout.connect(self._tick)
        self.longest = 0
        self.ticks = 0

    def start(self) -> None:
        self.longest, self.ticks, self.when = 0, 0, 0.0
        self.began = time.perf_counter()
        self.clock.start()
        self.timer.start()

    def _tick(self) -> None:
        gap = self.clock.restart()
        if gap > self.longest:
            self.longest, self.when = gap, time.perf_counter() - self.began
        self.ticks += 1

    def stop(self) -> None:
        self.timer.stop()


def run(page: FolderPage, folder: Path, cancel_after: float | None) -> dict[str, float]:
    watch = TickWatch()
    loop = QEventLoop()
    page.scan_finished.connect(loop.quit)
    cancelled_at = 0.0
    if cancel_after is not None:

        def cancel() -> None:
            nonlocal cancelled_at
            cancelled_at = time.perf_counter()
            page.cancel_scan()

        QTimer.singleShot(int(cancel_after * 1000), cancel)
    page.set_folder(folder)
    started = time.perf_counter()
    watch.start()
    page.start_scan()
    loop.exec()
    ended = time.perf_counter()
    watch.stop()
    page.scan_finished.disconnect(loop.quit)
    result = page.result
    return {
        "seconds": ended - started,
        "files": len(result.files) if result else 0,
        "longest gap ms": watch.longest,
        "ticks": watch.ticks,
        "gap ended at s": watch.when,
        "cancel to result ms": (ended - cancelled_at) * 1000 if cancelled_at else float("nan"),
        "partial": bool(result and result.cancelled),
    }


def synthetic_result(n: int, seed: int = 1):
    """N files: random 64-bit fingerprints and sketches; every fifth a near copy of an earlier one."""
    import numpy as np

    from simcompare.core.fingerprint.simhash import Config
    from simcompare.core.folder.scan import FileRecord, ScanOptions, ScanResult

    rng = np.random.default_rng(seed)
    values = rng.integers(0, 2**63, n, dtype=np.uint64)
    files = []
    sketches: list[bytes] = []
    for i in range(n):
        if i % 5 == 4:
            source = int(rng.integers(0, i))
            flips = rng.choice(64, size=int(rng.integers(1, 5)), replace=False)
            value = int(values[source])
            for bit in flips:
                value ^= 1 << int(bit)
            hashes = np.frombuffer(sketches[source], dtype="<u4").copy()
            hashes[: len(hashes) // 10] = rng.integers(0, 2**31, len(hashes) // 10, dtype=np.uint32)
            sketch = np.unique(hashes).astype("<u4").tobytes()
        else:
            value = int(values[i])
            sketch = np.unique(rng.integers(0, 2**31, 60, dtype=np.uint32)).astype("<u4").tobytes()
        sketches.append(sketch)
        path = f"d{i // 1000:03d}/f{i:06d}.txt"
        files.append(FileRecord(path, 1000 + i % 997, 0, value, False, "utf-8", f"h{i}", sketch))
    return ScanResult("/nonexistent-synthetic", Config(), ScanOptions(), tuple(files), ())


def regroup_run(page: FolderPage, n: int) -> None:
    from simcompare.core.folder.session import FolderSession, NotDuplicates

    result = synthetic_result(n)
    session = FolderSession(result, not_duplicates=NotDuplicates(Path(tempfile.mkdtemp()) / "nd.json"))
    from simcompare.gui.folder.jobs import ScanOutcome

    loop = QEventLoop()
    page.regrouped.connect(loop.quit)
    started = time.perf_counter()
    page._show_outcome(ScanOutcome(result, session, None))
    loop.exec()
    print(f"Folder page regrouping a synthetic result of {n:,} files\n")
    print("| step | groups on screen after | longest event-loop gap meanwhile |")
    print("|---|---|---|")
    print(f"| first groups at k = {page.k_box.value()} | {time.perf_counter() - started:.2f} s | (not measured) |")
    for targets in ((3,), (4, 5, 6, 7, 8, 9, 10), (6,)):
        watch = TickWatch()
        watch.start()
        started = time.perf_counter()
        for k in targets:  # one tick per event-loop turn, as a drag delivers them
            page.k_slider.setValue(k)
            QCoreApplication.processEvents()
        while page.regrouping:
            loop.exec()
        watch.stop()
        label = f"k → {targets[0]}" if len(targets) == 1 else f"drag k {targets[0]}…{targets[-1]}"
        print(f"| {label} | {time.perf_counter() - started:.2f} s | {watch.longest} ms |")
    # every other folder (of 1,000 files each) made a reference folder: many groups take a new reference
    folders = [os.path.join(result.root, f"d{i:03d}") for i in range(0, (n + 999) // 1000, 2)]
    watch = TickWatch()
    watch.start()
    started = time.perf_counter()
    page.set_reference_folders(folders)
    while page.regrouping:
        loop.exec()
    watch.stop()
    label = f"{len(folders)} reference folders"
    print(f"| {label} | {time.perf_counter() - started:.2f} s | {watch.longest} ms |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--folder", type=Path)
    parser.add_argument("--cancel-after", type=float, default=2.0)
    parser.add_argument("--regroup", type=int, metavar="N", help="measure threshold changes on N synthetic files")
    args = parser.parse_args()
    if args.regroup:
        from simcompare.gui.common.workers import GuiThreadCollector

        app = create_application("en")
        collector = GuiThreadCollector(app)  # as the window runs: the collector only on the GUI thread
        with tempfile.TemporaryDirectory() as scratch:
            settings = QSettings(str(Path(scratch) / "s.ini"), QSettings.Format.IniFormat)
            page = FolderPage(settings=settings, cache_path=None)
            page.resize(1400, 900)
            page.show()
            regroup_run(page, args.regroup)
            page.shutdown()
        collector.stop()
        return 0
    folder = args.folder or corpus_folder("zh_docs").parent
    if args.folder is None:
        corpus_folder("en_copyright")
    create_application("en")
    with tempfile.TemporaryDirectory() as scratch:
        settings = QSettings(str(Path(scratch) / "s.ini"), QSettings.Format.IniFormat)
        rows = []
        pages = []
        for label, cancel_after, cache in (
            ("full scan, 2 workers", None, "a.sqlite3"),
            (f"cancelled after {args.cancel_after:g} s", args.cancel_after, "b.sqlite3"),
        ):
            page = FolderPage(settings=settings, cache_path=Path(scratch) / cache)
            page.resize(1400, 900)
            page.show()
            rows.append((label, run(page, folder, cancel_after)))
            page.shutdown()
            pages.append(page)  # kept: deleting a page is not what is measured
    print(f"Folder page scanning {folder}\n")
    print("| run | seconds | files | longest event-loop gap | cancel → partial result shown |")
    print("|---|---|---|---|---|")
    for label, r in rows:
        cancel = f"{r['cancel to result ms']:.0f} ms (partial: {r['partial']})" if r["partial"] else "–"
        pause = f"{r['longest gap ms']:.0f} ms (ending {r['gap ended at s']:.1f} s in)"
        print(f"| {label} | {r['seconds']:.1f} | {r['files']:,} | {pause} | {cancel} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
