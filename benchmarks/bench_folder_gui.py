"""The Folder page on a real corpus: does the window stay responsive while it scans, and how fast does Cancel land?

    python benchmarks/bench_folder_gui.py                 # zh_docs + en_copyright from ../shared/corpora
    python benchmarks/bench_folder_gui.py --folder DIR --cancel-after 2

A timer asks the event loop for a tick every 10 ms during the scan; the longest gap between ticks is how
long the window could not answer. One scan runs to the end; another is cancelled after --cancel-after
seconds, and the time from Cancel to the partial result being shown is measured. The cache is a fresh
temporary file, so both scans really segment.
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
from PySide6.QtCore import QElapsedTimer, QEventLoop, QSettings, QTimer  # noqa: TID251 - measures the window

from simcompare.gui.app import create_application
from simcompare.gui.folder_page import FolderPage


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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--folder", type=Path)
    parser.add_argument("--cancel-after", type=float, default=2.0)
    args = parser.parse_args()
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
