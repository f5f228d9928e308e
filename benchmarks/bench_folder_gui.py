"""The Folder page on a real corpus: does the window stay responsive while it scans, and how fast does Cancel land?

    python benchmarks/bench_folder_gui.py                 # the window with many files (100,000 synthetic)
    python benchmarks/bench_folder_gui.py --files 1000000
    python benchmarks/bench_folder_gui.py --cancel-after 2    # zh_docs + en_copyright from ../shared/corpora
    python benchmarks/bench_folder_gui.py --folder DIR --cancel-after 2
    python benchmarks/bench_folder_gui.py --regroup 100000   # threshold changes on a synthetic result
    python benchmarks/bench_folder_gui.py --results R.json    # the window's steps on saved results

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

By default (or with --files N), the window with many files: a synthetic result of N files (as for --regroup)
is saved and reopened as a user would; then keys typed in the filter box, a mark by rule, an invert and a
change of k, each measured as the longest stretch the window's thread was busy (the longest gap between
ticks of a 10 ms timer, from the action to its result on screen), and the process's memory: after the
session is made and grouped without a window (what the command line holds) and after the window shows it.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable
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


def rss_mb() -> tuple[float, float]:
    """The process's memory now and at its peak, in MB (Linux: /proc; elsewhere the peak twice)."""
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    try:
        with open("/proc/self/statm") as statm:
            now = int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:
        now = peak
    return now, peak


def command_line_memory(n: int) -> int:
    """What the command line holds for the same N files: the result, its session and its groups at the
    default k, without Qt (run as a child process by --files; prints its peak memory)."""
    from simcompare.core.defaults import DEFAULT_K64
    from simcompare.core.folder.session import session_of

    result = synthetic_result(n)
    session = session_of(result, keep_not_duplicates=False)
    groups = session.groups(DEFAULT_K64)
    now, peak = rss_mb()
    print(f"{now:.0f} {peak:.0f} {len(groups)}")
    return 0


def settle(until: Callable[[], bool], timeout_s: float = 600.0) -> None:
    """Run the event loop until ``until()`` holds, then 0.15 s longer so late repaints are counted (the loop
    sleeps between events: a loop of processEvents would take the interpreter from the worker)."""
    loop = QEventLoop()
    wake = QTimer()
    wake.setInterval(20)
    wake.timeout.connect(loop.quit)
    wake.start()
    deadline = time.perf_counter() + timeout_s
    while not until() and time.perf_counter() < deadline:
        loop.exec()
    quiet = time.perf_counter() + 0.15
    while time.perf_counter() < quiet:
        loop.exec()
    wake.stop()


CPU: list[float] = []
"""The window thread's processor time over each step measured, in ms: every stretch it was busy added up,
without other programs' share of the processors (a bound on the longest pause on an idle machine)."""


def _reprioritise_rule() -> object:
    from simcompare.core.folder.reprioritise import ReferenceRule

    return ReferenceRule.parse("shortest-path,oldest")


def measured(action: Callable[[], object], until: Callable[[], bool] = lambda: True) -> tuple[int, float]:
    """The window's longest busy stretch (ms) from ``action`` (run from the event loop) to its result
    (``until``), and the seconds until then; the window thread's processor time meanwhile goes to CPU."""
    watch = TickWatch()
    done: list[bool] = []
    watch.start()
    started, began = time.perf_counter(), time.thread_time()
    QTimer.singleShot(0, lambda: done.append(action() is not False))
    settle(lambda: bool(done) and until())
    watch.stop()
    CPU.append((time.thread_time() - began) * 1000)
    return watch.longest, time.perf_counter() - started - 0.15


class Rows:
    """The table's rows, each printed as soon as it is measured (a million files take a while)."""

    def append(self, row: tuple[str, ...]) -> None:
        print("| " + " | ".join(row) + " |", flush=True)


def made_up_groups(session: object, n: int) -> None:
    """Give ``session`` groups without its index: files 5g, 5g + 1 and 5g + 2 make group g (n / 5 groups), at
    every k, so that the window's part can be measured on a million files without the index's minutes."""
    from simcompare.core.search.groups import Group, Member

    groups = [
        Group(5 * g, tuple(Member(5 * g + j, j, 1.0 - j / 10, j == 1) for j in range(3)), 2) for g in range(n // 5)
    ]
    session.groups = lambda k, **_: list(groups)  # type: ignore[attr-defined]
    session.pairs = lambda k, **_: ()  # type: ignore[attr-defined]


def window_steps(page: FolderPage, rows: Rows) -> None:
    """Keys in the filter box, marks by rule, invert, undo, a re-prioritising and two changes of k, each a row."""
    from PySide6.QtCore import Qt  # noqa: TID251 - measures the window
    from PySide6.QtTest import QTest  # noqa: TID251

    keys = "f01"
    for i, key in enumerate(keys):
        pause, _ = measured(lambda key=key: QTest.keyClick(page.filter_edit, key))
        rows.append((f"key {i + 1} in the filter box ('{keys[: i + 1]}')", "", f"{pause} ms", f"{CPU[-1]:.0f} ms"))
    worst, cpu = 0, 0.0
    for _ in keys:
        pause, _ = measured(lambda: QTest.keyClick(page.filter_edit, Qt.Key.Key_Backspace))
        worst, cpu = max(worst, pause), max(cpu, CPU[-1])
    rows.append((f"{len(keys)} backspaces, the filter emptied (worst)", "", f"{worst} ms", f"{cpu:.0f} ms"))

    rule = _reprioritise_rule()
    for label, act, until in (
        ("mark by rule (all but the reference)", lambda: page.marking.mark_by_rule("all-but-reference"), None),
        ("invert the marks", page.marking.invert_marks, None),
        ("invert again", page.marking.invert_marks, None),
        ("undo", page.marking.undo_marking, None),
        (  # chosen in the worker: done when the answer is on screen
            "re-prioritise every group (shortest path, then oldest)",
            lambda: page.reprioritising.apply(rule),  # type: ignore[arg-type]
            lambda: not page.jobs.editing,
        ),
    ):
        pause, seconds = measured(act, until or (lambda: True))
        rows.append(
            (f"{label}: {len(page.cleaner.marks):,} marked", f"{seconds:.2f} s", f"{pause} ms", f"{CPU[-1]:.0f} ms")
        )

    for k in (6, 12):
        pause, seconds = measured(lambda k=k: page.k_slider.setValue(k), lambda: not page.regrouping)
        rows.append((f"k → {k} ({len(page.groups):,} groups)", f"{seconds:.2f} s", f"{pause} ms", f"{CPU[-1]:.0f} ms"))


def results_run(page: FolderPage, saved: Path) -> None:
    """Open saved results (e.g. ``bench_million.py --keep-results``) as a user would, then the window's steps."""
    print(f"The Folder window opening {saved} ({saved.stat().st_size / 2**20:,.0f} MB)\n")
    print("| step | done after | the window's longest pause | the window thread's processor time |")
    print("|---|---|---|---|", flush=True)
    rows = Rows()
    pause, seconds = measured(lambda: page.open_results(saved), lambda: page.shown is not None and not page.scanning)
    groups = f"{len(page.groups):,} groups of {len(page.session.files) if page.session else 0:,} files"
    rows.append(
        (f"open the saved results ({groups}, as saved)", f"{seconds:.2f} s", f"{pause} ms", f"{CPU[-1]:.0f} ms")
    )
    if getattr(page, "deciding", False):  # then each member decided again, before any mark or action
        pause, more = measured(lambda: None, lambda: not page.regrouping and not page.deciding)
        done = f"{seconds + more:.2f} s"
        rows.append(
            (f"… each member decided again ({len(page.groups):,} groups)", done, f"{pause} ms", f"{CPU[-1]:.0f} ms")
        )
    now, peak = rss_mb()
    print(f"memory: the window after opening them {now:.0f} MB (peak {peak:.0f} MB)", flush=True)
    window_steps(page, rows)


def many_files_run(page: FolderPage, n: int, scratch: Path, settings: QSettings, made_up: bool = False) -> None:
    import subprocess

    from simcompare.core.folder.session import FolderSession, NotDuplicates
    from simcompare.gui.folder.jobs import ScanOutcome

    if made_up:
        print("groups made up (--made-up-groups): the index is not run; the command line not measured")
    child = (
        None
        if made_up
        else subprocess.run(
            [sys.executable, __file__, "--command-line-memory", str(n)], capture_output=True, text=True, check=True
        )
    )
    if child is not None:
        cli_now, cli_peak, _ = child.stdout.split()
        print(f"memory: the command line's result, session and groups {cli_now} MB (peak {cli_peak} MB)", flush=True)
    built = time.perf_counter()
    result = synthetic_result(n)
    session = FolderSession(result, not_duplicates=NotDuplicates(scratch / "nd.json"))
    if made_up:
        made_up_groups(session, n)
    built = time.perf_counter() - built
    print(f"The Folder window with {n:,} synthetic files (built in {built:.1f} s)\n")
    print("| step | done after | the window's longest pause | the window thread's processor time |")
    print("|---|---|---|---|", flush=True)
    rows = Rows()
    pause, seconds = measured(
        lambda: page._show_outcome(ScanOutcome(result, session, None)), lambda: page.shown is not None
    )
    rows.append(
        (
            f"first groups at k = {page.k_box.value()} ({len(page.groups):,} groups)",
            f"{seconds:.2f} s",
            f"{pause} ms",
            f"{CPU[-1]:.0f} ms",
        )
    )
    window_now, window_peak = rss_mb()
    print(f"memory: the window after the first groups {window_now:.0f} MB (peak {window_peak:.0f} MB)", flush=True)

    window_steps(page, rows)

    if made_up:
        return
    saved = scratch / "results.json"
    page.save_results(saved)
    other = FolderPage(settings=settings, cache_path=None)
    other.resize(1400, 900)
    other.show()
    pause, seconds = measured(lambda: other.open_results(saved), lambda: other.shown is not None and not other.scanning)
    rows.append(
        (
            f"open the saved results ({saved.stat().st_size / 2**20:.0f} MB)",
            f"{seconds:.2f} s",
            f"{pause} ms",
            f"{CPU[-1]:.0f} ms",
        )
    )
    other.shutdown()


def on_a_page(run: Callable[[FolderPage, Path, QSettings], None]) -> int:
    """Run ``run`` on a Folder page of 1400 x 900 with its own settings, as the window runs it (the collector only
    on the GUI thread)."""
    from simcompare.gui.common.workers import GuiThreadCollector

    app = create_application("en")
    collector = GuiThreadCollector(app)
    with tempfile.TemporaryDirectory() as scratch:
        settings = QSettings(str(Path(scratch) / "s.ini"), QSettings.Format.IniFormat)
        page = FolderPage(settings=settings, cache_path=None)
        page.resize(1400, 900)
        page.show()
        run(page, Path(scratch), settings)
        page.shutdown()
    collector.stop()
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--folder", type=Path)
    parser.add_argument("--cancel-after", type=float, default=2.0)
    parser.add_argument("--regroup", type=int, metavar="N", help="measure threshold changes on N synthetic files")
    parser.add_argument("--files", type=int, default=100_000, metavar="N", help="the window with N synthetic files")
    parser.add_argument(
        "--made-up-groups", action="store_true", help="with --files: groups of three made up, without the index"
    )
    parser.add_argument("--results", type=Path, help="open these saved results instead of a synthetic result")
    parser.add_argument("--command-line-memory", type=int, metavar="N", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.command_line_memory:
        return command_line_memory(args.command_line_memory)
    if args.results is not None:
        return on_a_page(lambda page, scratch, settings: results_run(page, args.results))
    if args.folder is None and "--cancel-after" not in sys.argv:
        return on_a_page(
            lambda page, scratch, settings: many_files_run(page, args.files, scratch, settings, args.made_up_groups)
        )
    if args.regroup:
        return on_a_page(lambda page, scratch, settings: regroup_run(page, args.regroup))
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
