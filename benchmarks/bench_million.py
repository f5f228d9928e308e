"""A million files on one machine: scan a folder of N generated documents, then open the saved results in the window.

    python benchmarks/bench_million.py                      # 1,000,000 files (about 4 GB) in a folder under /tmp
    python benchmarks/bench_million.py --files 100000       # a quicker run
    python benchmarks/bench_million.py --files 100000 --folder DIR --source DIR   # another checkout's code
    python benchmarks/bench_million.py --keep-results R.json   # keep the saved results
    python benchmarks/bench_million.py --results R.json        # only open saved results in the window

The files are variants of the shared corpora (``../shared/corpora``), about 4 KB each, written once and reused
when the folder already holds them (``--folder``; the default is under the temporary folder, named by N and
the seed; ``--jobs`` processes write them): an original is about 4 KB of lines drawn a few at a time from random
files of one corpus, with 30 % of their words (characters, in Chinese) replaced by random ones, so originals
are distinct texts of one language; about a third of the files are copies of
an earlier original with random edits (0.5 to 5 % of the words replaced, dropped or doubled), so groups of
near-duplicates form as they do in real folders. Everything is seeded (``--seed``): the same N and seed give
the same bytes on every machine. The corpora's lines are read once, by this process, and their digest is kept
with the folder: a folder written from other lines is written again (folders written before commit 6685e70 are
rewritten once; two writers reading a corpus still being unpacked had written half of a million files from
part of it).

Then, each in a process of its own, run with the code of ``--source`` (default: this checkout):

1. **scan**: ``scan`` with 2 workers and no cache, the session's groups at the default k with each group's reference
   chosen by the default rule, and the results saved as ``scan --save-results`` and the window save them (results this
   benchmark saved before commit 0189e33 kept the references as found, which reopening re-seats), and kept as their
   reading makes them, as those do (``results_cache``: then they open in seconds; ``kept``: the wait for it after the
   saving). Printed: wall time of each step (the index = the block-index search and the quick verification of its
   candidates; the groups = exact verification, grouping and the references), the group count, the groups against the
   generator's own truth (files made from one original are near-duplicates: how many of their pairs are in one group,
   and how many members were made from another original than their reference), and peak memory: the scanning process's
   own peak (ru_maxrss), and the peak of the whole process tree (the scanning process, the forkserver and the workers)
   as the sum of their proportional set sizes (PSS: pages shared between processes counted once) and of their resident
   sizes, sampled every 0.2 s.
2. **window**: the Folder page opening the saved results offscreen (``QT_QPA_PLATFORM=offscreen``) as the app
   runs it, with its collector (``GuiThreadCollector``: garbage collected on the window's thread only, never
   while a job runs; the 0.1 ms switch interval): time until the groups are on screen, then until every file
   was looked at on disk (changed or gone since: done after the groups are shown), the processor time of the
   process and of the window's thread until the groups are shown (the rest is the workers'), and the process's
   peak memory. Twice: the results as kept when they were saved (or last read), then as a file never read here
   (another machine's: an empty cache folder, so they are read as JSON); ``--only-kept`` skips the second.

Check the disk first: a million files take about 4 GB (``df -h /tmp``).
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import multiprocessing
import os
import random
import re
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from corpora import corpus_folder

MARKER = ".bench_million.json"
PER_FOLDER = 1000
TARGET_BYTES = 4000


# ------------------------------------------------------------------------------------------ the folder


def corpus_texts() -> dict[str, list[list[str]]]:
    """The non-blank lines of every file of each shared corpus (read as UTF-8), files under 1,000 bytes left out."""
    pools: dict[str, list[list[str]]] = {}
    for name in ("zh_docs", "en_copyright"):
        texts = []
        for path in sorted(corpus_folder(name).rglob("*")):
            if path.is_file():
                text = path.read_bytes().decode("utf-8", "replace")
                lines = [line for line in text.splitlines() if line.strip()]
                if len(text.encode("utf-8")) >= 1000 and lines:
                    texts.append(lines)
        pools[name] = texts
    return pools


def _tokens(line: str) -> list[str]:
    """A line's words, or its characters when it has few spaces (Chinese)."""
    return line.split(" ") if line.count(" ") > 3 else list(line)


def _joined(line: str, tokens: list[str]) -> str:
    return " ".join(tokens) if line.count(" ") > 3 else "".join(tokens)


def _random_token(token: str, rng: random.Random) -> str:
    if token and "\u4e00" <= token[0] <= "\u9fff":
        return chr(rng.randrange(0x4E00, 0x9FA6))
    return "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randrange(3, 10)))


def original(pools: dict[str, list[list[str]]], seed: int, number: int) -> str:
    """Original ``number``: about 4 KB of lines, a few at a time, from random files of one corpus (a run of one to
    three lines from each), with 30 % of their words (characters, in Chinese) replaced by random ones. Two
    originals share only the lines they happen to draw from the same place: a folder of distinct documents in
    one language, as a real folder is, and not hundreds of rewrites of each corpus file (version 2 cut every
    original from one corpus file, so that at a million files each file had about 300 close rewrites)."""
    rng = random.Random(f"{seed}/{number}")
    texts = pools["zh_docs" if rng.random() < 0.5 else "en_copyright"]
    lines: list[str] = []
    size = 0
    while size < TARGET_BYTES:
        source = texts[rng.randrange(len(texts))]
        at = rng.randrange(len(source))
        for line in source[at : at + rng.randint(1, 3)]:
            tokens = [_random_token(t, rng) if rng.random() < 0.3 else t for t in _tokens(line)]
            lines.append(_joined(line, tokens))
            size += len(lines[-1].encode("utf-8")) + 1
    return "\n".join(lines) + "\n"


def edited(text: str, rng: random.Random) -> str:
    """The text with 0.5 to 5 % of its words (characters, in Chinese) replaced, dropped or doubled."""
    lines = text.split("\n")
    words = [_tokens(line) for line in lines]
    total = sum(len(w) for w in words)
    for _ in range(max(1, int(total * rng.uniform(0.005, 0.05)))):
        line = words[rng.randrange(len(words))]
        if not line:
            continue
        at = rng.randrange(len(line))
        kind = rng.random()
        if kind < 0.4:
            line[at] = line[rng.randrange(len(line))]
        elif kind < 0.7:
            del line[at]
        else:
            line.insert(at, line[at])
    return "\n".join(_joined(lines[i], w) for i, w in enumerate(words))


def made_from(seed: int, number: int) -> tuple[int, random.Random]:
    """The original file ``number`` is made from: its own, or (a third of the time) an earlier one it is an edited
    copy of; with the generator that goes on to edit it. Files made from one original are near-duplicates by
    construction: the generator's own truth, which the benchmark measures the groups against."""
    rng = random.Random(f"{seed}:{number}")
    if number > 0 and rng.random() < 1 / 3:
        return rng.randrange(number), rng
    return number, rng


def document(pools: dict[str, list[list[str]]], seed: int, number: int) -> str:
    """File ``number``: an original, or (a third of the time) an edited copy of an earlier original."""
    source, rng = made_from(seed, number)
    if source != number:
        return edited(original(pools, seed, source), rng)
    return original(pools, seed, number)


_NUMBER = re.compile(r"f(\d+)\.txt$")


def against_truth(groups: list[list[str]], files: int, seed: int) -> dict[str, int]:
    """The groups (each a list of paths, the reference first) against the generator's truth (:func:`made_from`):
    of the pairs of files made from one original, how many are in one group; and how many members were made
    from another original than their reference (two originals share only the lines they happen to draw)."""
    origin = [made_from(seed, number)[0] for number in range(files)]
    group_of: dict[int, int] = {}
    strangers = 0
    for at, paths in enumerate(groups):
        numbers = [int(found.group(1)) for path in paths if (found := _NUMBER.search(path))]
        group_of.update((number, at) for number in numbers)
        strangers += sum(origin[n] != origin[numbers[0]] for n in numbers[1:]) if numbers else 0
    families: dict[int, list[int]] = {}
    for number, source in enumerate(origin):
        families.setdefault(source, []).append(number)
    pairs = together = 0
    for members in families.values():
        for a, b in itertools.combinations(members, 2):
            pairs += 1
            together += a in group_of and group_of.get(b) == group_of[a]
    return {"pairs": pairs, "together": together, "strangers": strangers}


def file_path(folder: Path, number: int) -> Path:
    return folder / f"d{number // PER_FOLDER:04d}" / f"f{number:07d}.txt"


_POOLS: dict[str, list[list[str]]] = {}


def _take_pools(pools: dict[str, list[list[str]]]) -> None:
    """A writing process's lines: the parent's, read once (each process reading the corpora could see another
    process still unpacking them)."""
    _POOLS.update(pools)


def pools_digest(pools: dict[str, list[list[str]]]) -> str:
    """What the files are written from, in short: a folder written from other lines is written again."""
    return hashlib.sha256(json.dumps(pools, ensure_ascii=False, sort_keys=True).encode("utf-8")).hexdigest()[:16]


def _write_part(job: tuple[str, int, int, int]) -> int:
    """Write files ``start`` up to ``stop`` (one subfolder) of the folder; run in a process of the pool."""
    folder, seed, start, stop = job
    for number in range(start, stop):
        path = file_path(Path(folder), number)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(document(_POOLS, seed, number), encoding="utf-8")
    return stop - start


def write_folder(folder: Path, files: int, seed: int, jobs: int) -> float:
    """The folder of ``files`` documents (written unless it holds them already, ``jobs`` processes writing
    a subfolder each at a time); seconds spent writing."""
    marker = folder / MARKER
    pools = corpus_texts()
    # the lines' digest: a folder written before it was recorded may hold files of a partly unpacked corpus
    wanted = {"files": files, "seed": seed, "version": 3, "pools": pools_digest(pools)}
    if marker.is_file() and json.loads(marker.read_text(encoding="utf-8")) == wanted:
        print(f"reusing {folder} ({files:,} files, seed {seed})", file=sys.stderr)
        return 0.0
    marker.unlink(missing_ok=True)  # a folder half rewritten is not reused
    started = time.perf_counter()
    parts = [(str(folder), seed, start, min(files, start + PER_FOLDER)) for start in range(0, files, PER_FOLDER)]
    written = 0
    with multiprocessing.get_context("spawn").Pool(max(1, jobs), _take_pools, (pools,)) as pool:
        for count in pool.imap_unordered(_write_part, parts):
            before, written = written, written + count
            if before // 50_000 != written // 50_000:
                print(f"  written {written:,} files", file=sys.stderr)
    marker.write_text(json.dumps(wanted), encoding="utf-8")
    return time.perf_counter() - started


# ---------------------------------------------------------------------------------- measuring memory


def _children() -> dict[int, list[int]]:
    below: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        below.setdefault(int(fields[1]), []).append(int(entry))
    return below


def _tree(pid: int) -> list[int]:
    below, found, stack = _children(), [], [pid]
    while stack:
        current = stack.pop()
        found.append(current)
        stack.extend(below.get(current, []))
    return found


def _memory_kb(pid: int) -> tuple[int, int]:
    """(PSS, RSS) of one process in KiB; zeros when it is gone."""
    pss = rss = 0
    try:
        with open(f"/proc/{pid}/smaps_rollup", encoding="ascii") as handle:
            for line in handle:
                if line.startswith("Pss:"):
                    pss = int(line.split()[1])
                elif line.startswith("Rss:"):
                    rss = int(line.split()[1])
    except OSError:
        pass
    return pss, rss


class TreePeak:
    """The peak of the summed PSS and RSS of a process and all its descendants, sampled in a thread."""

    def __init__(self, pid: int, every: float = 0.2) -> None:
        self.pid, self.every = pid, every
        self.pss = self.rss = self.processes = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            tree = _tree(self.pid)
            sizes = [_memory_kb(p) for p in tree]
            self.pss = max(self.pss, sum(s[0] for s in sizes))
            self.rss = max(self.rss, sum(s[1] for s in sizes))
            self.processes = max(self.processes, len(tree))

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()


# ------------------------------------------------------------------------------------- the two steps

SCAN = r"""
import json, resource, sys, time
from simcompare.core.defaults import default_k
from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder.scan import ScanOptions, scan
from simcompare.core.folder.session import FolderSession
try:
    from simcompare.core.formats.results import save_results
except ImportError:  # code from before results were written in pieces
    from simcompare.core.formats.results import results_text, write_results
    def save_results(path, session, groups, k):
        write_results(path, results_text(session, groups, k))

folder, saved = sys.argv[1], sys.argv[2]
figures = {}
started = time.perf_counter()
result = scan(folder, Config(), ScanOptions(workers=2))
figures["scan s"] = time.perf_counter() - started
figures["files"] = len(result.files)
figures["problems"] = len(result.problems)
k = default_k(result.config.bits)
session = FolderSession(result)
del result
started = time.perf_counter()
session.candidates(k)
figures["index s"] = time.perf_counter() - started
started = time.perf_counter()
groups = session.groups(k)
try:  # each group's reference by the default rule, as ``scan --save-results`` and the window save them
    from simcompare.core.folder.reprioritise import DEFAULT_REFERENCE_RULE, reprioritise
    from simcompare.core.folder.roots import with_reference_roots
    folders = with_reference_roots([], session.result.roots)
    groups = reprioritise(session, groups, DEFAULT_REFERENCE_RULE, k, reference_folders=folders).groups
except ImportError:  # code from before the default rule: references as found
    pass
figures["groups s"] = time.perf_counter() - started
figures["groups"] = len(groups)
figures["in groups"] = sum(len(g.members) for g in groups)
stats = session.search_statistics
figures["candidates"] = getattr(stats, "candidates", None)
figures["pairs"] = len(session.pairs(k))
started = time.perf_counter()
save_results(saved, session, groups, k)
figures["save s"] = time.perf_counter() - started
try:  # as ``scan --save-results``: large results kept as read, so that the window opens them in seconds
    from simcompare.core.formats import results_cache
except ImportError:  # --source: an older checkout
    pass
else:
    started = time.perf_counter()
    results_cache.wait()
    figures["kept s"] = time.perf_counter() - started
if len(sys.argv) > 3:  # each group's paths, the reference first, for the generator's truth
    paths = [record.path for record in session.result.files]
    with open(sys.argv[3], "w", encoding="utf-8") as out:
        json.dump([[paths[m.index] for m in g.members] for g in groups], out)
figures["parent peak MB"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps(figures))
"""

WINDOW = r"""
import json, os, resource, sys, tempfile, time
from pathlib import Path
os.environ["QT_QPA_PLATFORM"] = "offscreen"
from PySide6.QtCore import QEventLoop, QSettings, QTimer
from simcompare.gui.app import create_application
from simcompare.gui.folder.page import FolderPage

saved = sys.argv[1]
app = create_application("en")
try:  # as the app runs the window: collection on its thread only, between jobs (automatic collection in the
    # worker took 7.7 s of the processor's 33 at a million files)
    from simcompare.gui.common.workers import GuiThreadCollector
except ImportError:  # --source: an older checkout
    collector = None
else:
    collector = GuiThreadCollector(app)
figures = {"before MB": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}
with tempfile.TemporaryDirectory() as scratch:
    settings = QSettings(str(Path(scratch) / "s.ini"), QSettings.Format.IniFormat)
    page = FolderPage(settings=settings, cache_path=None)
    page.resize(1400, 900)
    page.show()
    loop = QEventLoop()
    page.regrouped.connect(lambda _k: loop.quit())
    page.jobs.load.failed.connect(lambda *_: loop.quit())
    started, process_cpu, window_cpu = time.perf_counter(), time.process_time(), time.thread_time()
    if hasattr(page, "saved_groups_shown"):  # the groups as saved on screen while they are decided
        page.saved_groups_shown.connect(lambda _k: figures.__setitem__("shown s", time.perf_counter() - started))
    page.open_results(saved)
    loop.exec()
    figures["open s"] = time.perf_counter() - started
    figures["process cpu s"] = time.process_time() - process_cpu
    figures["window cpu s"] = time.thread_time() - window_cpu
    if hasattr(page, "on_disk"):  # the files on disk are looked at once the groups are on screen
        looked = QEventLoop()
        page.on_disk.looked_at.connect(looked.quit)
        if page.jobs.check.busy:
            looked.exec()
        figures["looked s"] = time.perf_counter() - started
    figures["files"] = len(page.session.files) if page.session is not None else 0
    # the paths' own strings, which the memory target leaves out ("beyond the paths")
    paths = sum(sys.getsizeof(f.path) for f in page.session.files) if page.session is not None else 0
    figures["paths MB"] = paths / 1024**2
    figures["groups"] = len(page.groups)
    figures["peak MB"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    page.shutdown()
if collector is not None:
    collector.stop()
print(json.dumps(figures))
"""


def run_step(code: str, args: list[str], source: Path, extra: dict[str, str] | None = None) -> tuple[dict, TreePeak]:
    env = dict(os.environ, PYTHONPATH=str(source), **(extra or {}))
    child = subprocess.Popen(
        [sys.executable, "-c", code, *args], env=env, stdout=subprocess.PIPE, text=True, cwd=tempfile.gettempdir()
    )
    peak = TreePeak(child.pid)
    out, _ = child.communicate()
    peak.stop()
    if child.returncode != 0:
        raise SystemExit(f"the step failed (exit status {child.returncode})")
    return json.loads(out.strip().splitlines()[-1]), peak


def open_in_window(saved: str, source: Path, unkept: bool = False) -> int:
    """Step 2: the window opening ``saved``; prints its figures. The results as kept when they were saved or last
    read (``results_cache``, in the user's cache folder), or with ``unkept`` as a file never read here (another
    machine's, or one changed since): read as JSON, from an empty cache folder."""
    extra = {"QT_QPA_PLATFORM": "offscreen"}
    with tempfile.TemporaryDirectory() as empty:
        if unkept:
            extra |= {"XDG_CACHE_HOME": empty, "LOCALAPPDATA": empty}
        window, window_peak = run_step(WINDOW, [saved], source, extra)
    how = "never read here (read as JSON)" if unkept else "as kept when saved or last read"
    print(f"\n| window (offscreen), opening the saved results {how} | figure |\n|---|---|")
    if "shown s" in window:
        print(f"| time until the groups are on screen as saved (no action yet) | {window['shown s']:.1f} s |")
    print(f"| time until the groups are on screen, each member decided again | {window['open s']:.1f} s |")
    cpu = f"{window['process cpu s']:.1f} s, of which the window's thread {window['window cpu s']:.1f} s"
    print(f"| processor time until then (the process; the rest is the workers') | {cpu} |")
    if "looked s" in window:
        print(f"| time until every file was looked at on disk (changed or gone since) | {window['looked s']:.1f} s |")
    print(f"| files / groups shown | {window['files']:,} / {window['groups']:,} |")
    before = f"{window['before MB']:.0f} MB before opening"
    print(f"| peak memory (ru_maxrss; {before}) | {window['peak MB']:,.0f} MB |")
    print(f"| peak memory, PSS | {window_peak.pss / 1024:,.0f} MB |")
    if window["files"] and "paths MB" in window:
        beyond = (window["peak MB"] - window["before MB"] - window["paths MB"]) * 1024**2 / window["files"]
        held = f"{beyond / 1024:,.2f} KiB ({window['paths MB']:,.0f} MB of paths left out)"
        print(f"| peak memory a file beyond the paths (less the window before opening) | {held} |")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--files", type=int, default=1_000_000, help="how many files (default 1,000,000)")
    parser.add_argument("--seed", type=int, default=1, help="the generator's seed (default 1)")
    parser.add_argument("--folder", type=Path, help="where the files are written (reused when it holds them)")
    parser.add_argument("--source", type=Path, help="the checkout whose code scans (default: this one)")
    parser.add_argument("--no-window", action="store_true", help="skip opening the results in the window")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes writing the files")
    parser.add_argument("--keep-results", type=Path, help="save the results here (kept) instead of a scratch file")
    parser.add_argument("--results", type=Path, help="skip the scan: open these saved results in the window")
    parser.add_argument(
        "--only-kept", action="store_true", help="open the results as kept only (not also as a file never read here)"
    )
    args = parser.parse_args()
    if args.files < 1:
        parser.error(f"--files must be 1 or more, got {args.files}")
    folder = args.folder or Path(tempfile.gettempdir()) / f"simcompare-million-{args.files}-{args.seed}"
    source = (args.source or Path(__file__).resolve().parents[1]).resolve()
    if args.results is not None:
        open_in_window(str(args.results), source)
        return 0 if args.only_kept else open_in_window(str(args.results), source, unkept=True)
    writing = write_folder(folder, args.files, args.seed, args.jobs)
    machine = f"{os.cpu_count()} cores, {os.sysconf('SC_PAGE_SIZE') * os.sysconf('SC_PHYS_PAGES') / 1024**3:.0f} GB"
    print(f"\n{args.files:,} files in {folder} (seed {args.seed}); code from {source}; {machine}")
    if writing:
        print(f"writing the files: {writing:.0f} s")
    with tempfile.TemporaryDirectory() as scratch:
        saved = str(args.keep_results or Path(scratch) / "results.json")
        started = time.perf_counter()
        listed = Path(scratch) / "groups.json"
        scan_figures, scan_peak = run_step(SCAN, [str(folder), saved, str(listed)], source)
        wall = time.perf_counter() - started
        truth = against_truth(json.loads(listed.read_text(encoding="utf-8")), args.files, args.seed)
        size = Path(saved).stat().st_size
        print("\n| scan (2 workers, no cache) | figure |\n|---|---|")
        print(f"| wall time, process start to results saved | {wall:.1f} s |")
        for name in ("scan s", "index s", "groups s", "save s", "kept s"):
            if name in scan_figures:
                print(f"| {name[:-2]} | {scan_figures[name]:.1f} s |")
        print(f"| files / problems | {scan_figures['files']:,} / {scan_figures['problems']:,} |")
        print(f"| groups (files in them) | {scan_figures['groups']:,} ({scan_figures['in groups']:,}) |")
        print(f"| the index's candidate pairs | {scan_figures['candidates'] or 0:,} |")
        print(f"| pairs within k | {scan_figures['pairs']:,} |")
        share = truth["together"] / truth["pairs"] if truth["pairs"] else 1.0
        print(
            f"| files made from one original (the generator's truth): pairs in one group | {truth['together']:,} of "
            f"{truth['pairs']:,} ({share:.4f}) |"
        )
        print(f"| members made from another original than their group's reference | {truth['strangers']:,} |")
        print(f"| peak memory, scanning process (ru_maxrss) | {scan_figures['parent peak MB']:,.0f} MB |")
        tree = f"{scan_peak.pss / 1024:,.0f} MB ({scan_peak.rss / 1024:,.0f} MB)"
        print(f"| peak memory, process tree, PSS (RSS) | {tree} |")
        print(f"| saved results | {size / 1024**2:,.0f} MB |")
        if not args.no_window:
            open_in_window(saved, source)
            if not args.only_kept:
                open_in_window(saved, source, unkept=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
