"""Walking a folder and fingerprinting every text file in it, in parallel, with progress and cancel.

Bad files never stop a scan: each is reported with the reason it could not be used.
"""

from __future__ import annotations

import fnmatch
import json
import multiprocessing
import os
import stat
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path

from simcompare.core.cache import Cache, decode_counts, decode_sequence
from simcompare.core.documents import DEFAULT_MAX_BYTES, document_from_bytes
from simcompare.core.errors import Cancelled, InputError
from simcompare.core.readers import DEFAULT_TIME_LIMIT, time_limit
from simcompare.core.simhash import Config, extract_features, fingerprint_value
from simcompare.core.verify import shingles, shingles_to_bytes
from simcompare.core.weights import Weighting, top_k, weigh

DEFAULT_SUFFIXES = (
    ".txt",
    ".md",
    ".rst",
    ".html",
    ".htm",
    ".csv",
    ".json",
    ".xml",
    ".log",
    ".pdf",
    ".docx",
    ".odt",
    ".epub",
    ".rtf",
)
DEFAULT_EXCLUDES = (".git", "node_modules", ".*", "__pycache__")

Progress = Callable[[int, int, str], None]


def NO_PROGRESS(done: int, total: int, stage: str) -> None:
    """The do-nothing progress callback."""


class Stage:
    """Names of the stages reported to a progress callback."""

    LISTING = "listing"
    READING = "reading"
    DONE = "done"


class Reason:
    """Why a file could not be used (the ``reason`` of a Problem)."""

    BINARY = "binary"
    UNDECODABLE = "undecodable"
    TOO_LARGE = "too_large"
    PERMISSION = "permission"
    VANISHED = "vanished"
    CHANGED = "changed"
    LINK = "unreadable_link"
    UNREADABLE = "unreadable"
    # Documents (PDF, DOCX, ODT, EPUB, RTF, Markdown): see core/readers.
    ENCRYPTED = "encrypted"
    NO_TEXT_LAYER = "no_text_layer"
    CORRUPT = "corrupt"
    INFLATE_LIMIT = "inflate_limit"
    TIMEOUT = "timeout"


@dataclass(frozen=True, slots=True)
class ScanOptions:
    """Which files a scan reads.

    Attributes:
        recursive: Go into sub-folders.
        suffixes: File endings to read (case-insensitive); empty reads every file.
        include: Globs; when given, a file's relative path or name must match one.
        exclude: Globs matched against every folder and file name on the way (hidden ones by default).
        min_bytes: Smaller files are passed over.
        max_bytes: Larger files are reported as too large (None: no limit).
        workers: Processes that segment; None is one per core.
        in_process: Segment in the calling process: None does so for one worker or a handful of files.
            A window passes False, so that jieba never competes with the window's thread for the GIL.
    """

    recursive: bool = True
    suffixes: tuple[str, ...] = DEFAULT_SUFFIXES
    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = DEFAULT_EXCLUDES
    min_bytes: int = 0
    max_bytes: int | None = DEFAULT_MAX_BYTES
    workers: int | None = None
    in_process: bool | None = None

    def __post_init__(self) -> None:
        if self.workers is not None and self.workers < 1:
            raise ValueError(f"workers must be 1 or more (or None for one per core), got {self.workers}")
        if self.max_bytes is not None and self.max_bytes < self.min_bytes:
            raise ValueError(f"max_bytes ({self.max_bytes}) must not be below min_bytes ({self.min_bytes})")
        object.__setattr__(
            self, "suffixes", tuple(s.lower() if s.startswith(".") else f".{s.lower()}" for s in self.suffixes)
        )


@dataclass(frozen=True, slots=True)
class FileRecord:
    """A file that was fingerprinted. ``path`` is relative to the scanned folder, with / separators.

    ``digest`` identifies its cleaned text (equal for identical texts); ``shingles`` is the sketch that
    verification compares (``simcompare.core.verify``), as bytes.
    """

    path: str
    size: int
    mtime_ns: int
    value: int
    empty: bool
    encoding: str = ""
    digest: str = ""
    shingles: bytes = b""


@dataclass(frozen=True, slots=True)
class Problem:
    """A file that could not be used, with a reason code and a short English detail."""

    path: str
    reason: str
    detail: str = ""


@dataclass(frozen=True, slots=True)
class ScanStats:
    listed: int = 0
    segmented: int = 0
    features_from_cache: int = 0
    fingerprints_from_cache: int = 0
    seconds: float = 0.0


@dataclass(frozen=True, slots=True)
class ScanResult:
    """What a scan found. ``cancelled`` marks a partial result."""

    root: str
    config: Config
    options: ScanOptions
    files: tuple[FileRecord, ...]
    problems: tuple[Problem, ...]
    cancelled: bool = False
    stats: ScanStats = field(default_factory=ScanStats)

    @property
    def empty(self) -> list[str]:
        """Files with no features (nothing left after cleaning and stop words)."""
        return [f.path for f in self.files if f.empty]


# ---------------------------------------------------------------------------------------- listing


@dataclass(frozen=True, slots=True)
class _Entry:
    path: str  # absolute
    rel: str
    size: int
    mtime_ns: int


def _excluded(name: str, patterns: tuple[str, ...]) -> bool:
    return any(fnmatch.fnmatchcase(name, p) for p in patterns)


def _wanted(rel: str, name: str, options: ScanOptions) -> bool:
    if options.suffixes and not name.lower().endswith(options.suffixes):
        return False
    if options.include:
        return any(fnmatch.fnmatch(rel, p) or fnmatch.fnmatch(name, p) for p in options.include)
    return True


def list_files(
    root: Path, options: ScanOptions, problems: list[Problem], check: Callable[[], None] = lambda: None
) -> list[_Entry]:
    """The files a scan reads, in a stable order; links are not followed, broken ones are reported."""
    entries: list[_Entry] = []

    def walk(folder: Path, rel_folder: str) -> Iterator[None]:
        try:
            with os.scandir(folder) as iterator:
                children = sorted(iterator, key=lambda e: e.name)
        except PermissionError:
            problems.append(Problem(rel_folder or ".", Reason.PERMISSION, "folder cannot be listed"))
            return
        except OSError as error:
            problems.append(Problem(rel_folder or ".", Reason.UNREADABLE, error.strerror or str(error)))
            return
        for child in children:
            yield None
            rel = f"{rel_folder}/{child.name}" if rel_folder else child.name
            if _excluded(child.name, options.exclude):
                continue
            try:
                if child.is_symlink():
                    # Not followed: a link must not make a file count twice or a loop run forever.
                    if _wanted(rel, child.name, options) and not os.path.exists(child.path):
                        problems.append(Problem(rel, Reason.LINK, "broken link or link loop (links are not followed)"))
                    continue
                info = child.stat(follow_symlinks=False)
            except OSError as error:
                problems.append(Problem(rel, Reason.UNREADABLE, error.strerror or str(error)))
                continue
            if stat.S_ISDIR(info.st_mode):
                if options.recursive:
                    yield from walk(Path(child.path), rel)
                continue
            if not stat.S_ISREG(info.st_mode) or not _wanted(rel, child.name, options):
                continue
            if info.st_size < options.min_bytes:
                continue
            if options.max_bytes is not None and info.st_size > options.max_bytes:
                problems.append(
                    Problem(rel, Reason.TOO_LARGE, f"{info.st_size:,} bytes, over the limit of {options.max_bytes:,}")
                )
                continue
            entries.append(_Entry(child.path, rel, info.st_size, info.st_mtime_ns))

    for count, _ in enumerate(walk(root, "")):
        if count % 256 == 0:
            check()
    return entries


# ------------------------------------------------------------------------------------ per file work

_INPUT_REASONS = {
    "binary": Reason.BINARY,
    "undecodable": Reason.UNDECODABLE,
    "too_large": Reason.TOO_LARGE,
    "permission": Reason.PERMISSION,
    "missing": Reason.VANISHED,
    "encrypted": Reason.ENCRYPTED,
    "no_text_layer": Reason.NO_TEXT_LAYER,
    "corrupt": Reason.CORRUPT,
    "inflate_limit": Reason.INFLATE_LIMIT,
    "timeout": Reason.TIMEOUT,
}

# (kind, rel, size, mtime_ns, counts, sequence, encoding, value, empty, digest, shingles)
# or ("problem", rel, reason, detail)
_Outcome = tuple


def _segment_one(
    entry: _Entry,
    config: Config,
    keep_sequence: bool,
    max_bytes: int | None = DEFAULT_MAX_BYTES,
    *,
    alarm: bool = False,
) -> _Outcome:
    try:
        with open(entry.path, "rb") as handle:
            data = handle.read()
            after = os.fstat(handle.fileno())
    except FileNotFoundError:
        return ("problem", entry.rel, Reason.VANISHED, "disappeared during the scan")
    except PermissionError:
        return ("problem", entry.rel, Reason.PERMISSION, "permission denied")
    except OSError as error:
        return ("problem", entry.rel, Reason.UNREADABLE, error.strerror or str(error))
    if after.st_size != entry.size or after.st_mtime_ns != entry.mtime_ns or len(data) != entry.size:
        return ("problem", entry.rel, Reason.CHANGED, "changed during the scan; scan again to include it")
    try:
        # Reading has a time limit (segmenting does not: a large text is slow, not stuck). The deadline is
        # checked everywhere; the alarm, which also stops a parser stuck in Python code, only in a worker.
        with time_limit(DEFAULT_TIME_LIMIT if alarm else None):
            document = document_from_bytes(data, path=entry.path, max_inflated=max_bytes)
    except InputError as error:
        return ("problem", entry.rel, _INPUT_REASONS.get(error.code, Reason.UNREADABLE), str(error))
    found = extract_features(document.text, config, html=document.html or None, keep_sequence=True)
    value = fingerprint_value(found.weights, config)
    sequence = found.sequence if keep_sequence else None
    sketch = shingles_to_bytes(shingles(found.sequence))
    return (
        "ok",
        entry.rel,
        entry.size,
        entry.mtime_ns,
        found.counts,
        sequence,
        document.encoding,
        value,
        not found.weights,
        found.digest,
        sketch,
    )


def _segment_chunk(
    chunk: list[_Entry], config: Config, keep_sequence: bool, max_bytes: int | None = DEFAULT_MAX_BYTES
) -> list[_Outcome]:
    """A chunk of files, in a worker process: each file is read under an alarm (see readers.time_limit), so
    a document whose parser loops is reported as a timeout and the worker goes on with the next file."""
    return [_segment_one(entry, config, keep_sequence, max_bytes, alarm=True) for entry in chunk]


def _warm_worker() -> None:
    from simcompare.core.tokens import jieba_tokenizer

    jieba_tokenizer()


def _pool_context() -> multiprocessing.context.BaseContext:
    # forkserver: workers fork from a clean single-threaded server (safe beside Qt's threads), which
    # loads jieba once so every worker starts with the dictionary in memory.
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["simcompare.core.warm"])
        return context
    return multiprocessing.get_context("spawn")


# ------------------------------------------------------------------------------------------- scan


def _keys(config: Config) -> tuple[str, str]:
    described = config.describe()
    keep_sequence = config.weighting is Weighting.TEXTRANK
    segmentation = {
        "segmenter": described["segmenter"],
        "ngram": described["ngram"],
        "stopwords": described["stopwords"],
        "html": described["html"],
        "fold_chinese": described["fold_chinese"],
        "sequence": keep_sequence,
        "v": 2,  # 2: documents (PDF, DOCX, …) and Markdown read by their formats
    }
    everything = {**described, **segmentation}
    everything.pop("k")
    return json.dumps(segmentation, sort_keys=True), json.dumps(everything, sort_keys=True)


class _Run:
    """State of one scan: progress, cancel and results."""

    def __init__(self, progress: Progress, cancel: threading.Event | None) -> None:
        self.progress = progress
        self.cancel = cancel or threading.Event()
        self.records: list[FileRecord] = []
        self.problems: list[Problem] = []
        self.to_store: list[tuple] = []

    def check(self) -> None:
        if self.cancel.is_set():
            raise Cancelled("the scan was cancelled")

    def report(self, done: int, total: int, stage: str) -> None:
        try:
            self.progress(done, total, stage)
        except Cancelled:
            self.cancel.set()
        self.check()

    def take(self, outcome: _Outcome, root: Path) -> None:
        if outcome[0] == "problem":
            _, rel, reason, detail = outcome
            self.problems.append(Problem(rel, reason, detail))
            return
        _, rel, size, mtime_ns, counts, sequence, encoding, value, empty, digest, sketch = outcome
        self.records.append(FileRecord(rel, size, mtime_ns, value, empty, encoding, digest, sketch))
        self.to_store.append(
            (str(root / rel), size, mtime_ns, counts, sequence, encoding, value, empty, digest, sketch)
        )


def _fingerprint_from_counts(counts: dict[str, int], sequence: tuple[str, ...] | None, config: Config) -> int:
    weights = top_k(weigh(counts, config.weighting, sequence=sequence or ()), config.top_k)
    return fingerprint_value(weights, config)


def scan(
    root: str | os.PathLike[str],
    config: Config | None = None,
    options: ScanOptions | None = None,
    *,
    cache: Cache | None = None,
    progress: Progress = NO_PROGRESS,
    cancel: threading.Event | None = None,
) -> ScanResult:
    """Fingerprint every wanted file below ``root``.

    Args:
        root: The folder.
        config: Fingerprint settings.
        options: Which files, and how many worker processes.
        cache: Where per-file work is kept between scans; None works without one.
        progress: Called with (done, total, stage); it may raise Cancelled to stop.
        cancel: Set it (from any thread) to stop at the next file; the partial result is returned.

    Returns:
        The result; ``cancelled`` is True when it stopped early. Files appear in path order.
    """
    started = time.perf_counter()
    config = config or Config()
    options = options or ScanOptions()
    root_path = Path(root).resolve()
    if not root_path.is_dir():
        raise InputError(f"{root} is not a folder")
    run = _Run(progress, cancel)
    stats = {"segmented": 0, "features": 0, "fingerprints": 0}
    listed = 0
    try:
        run.report(0, 0, Stage.LISTING)
        entries = list_files(root_path, options, run.problems, run.check)
        listed = len(entries)
        key_features, key_fingerprint = _keys(config)
        cached_fp = cache.fingerprints_under(str(root_path), key_fingerprint) if cache else {}
        cached_features = cache.features_under(str(root_path), key_features) if cache else {}
        total = len(entries)
        done = 0
        run.report(done, total, Stage.READING)
        todo: list[_Entry] = []
        for entry in entries:
            hit = cached_fp.get(entry.path)
            features = cached_features.get(entry.path)
            # The text's identity and shingles live with its features: without them, segment again.
            if features is None or features[:2] != (entry.size, entry.mtime_ns) or not features[5]:
                todo.append(entry)
                continue
            digest, sketch = features[5], features[6]
            if hit is not None and hit[:2] == (entry.size, entry.mtime_ns):
                record = FileRecord(entry.rel, entry.size, entry.mtime_ns, hit[2], hit[3], hit[4], digest, sketch)
                run.records.append(record)
                stats["fingerprints"] += 1
            else:
                counts, sequence = decode_counts(features[2]), decode_sequence(features[3])
                value = _fingerprint_from_counts(counts, sequence, config)
                run.records.append(
                    FileRecord(entry.rel, entry.size, entry.mtime_ns, value, not counts, features[4], digest, sketch)
                )
                run.to_store.append(
                    (entry.path, entry.size, entry.mtime_ns, None, None, features[4], value, not counts, "", b"")
                )
                stats["features"] += 1
            done += 1
            if done % 512 == 0:
                run.report(done, total, Stage.READING)
        run.report(done, total, Stage.READING)
        stats["segmented"] = len(todo)
        _segment_all(todo, config, options, run, root_path, done, total)
        run.report(total, total, Stage.DONE)
        cancelled = False
    except Cancelled:
        cancelled = True
    if cache is not None and run.to_store:
        cache.store(*_keys(config), run.to_store)
    records = tuple(sorted(run.records, key=lambda r: r.path))
    return ScanResult(
        root=str(root_path),
        config=config,
        options=options,
        files=records,
        problems=tuple(sorted(run.problems, key=lambda p: p.path)),
        cancelled=cancelled,
        stats=ScanStats(
            listed, stats["segmented"], stats["features"], stats["fingerprints"], time.perf_counter() - started
        ),
    )


def _chunks(entries: list[_Entry], size: int) -> Iterator[list[_Entry]]:
    for i in range(0, len(entries), size):
        yield entries[i : i + size]


def _segment_all(
    todo: list[_Entry], config: Config, options: ScanOptions, run: _Run, root: Path, done: int, total: int
) -> None:
    keep_sequence = config.weighting is Weighting.TEXTRANK
    workers = options.workers or os.cpu_count() or 1
    in_process = options.in_process
    if in_process is None:
        in_process = workers == 1 or len(todo) < 16
    if in_process or not todo:
        for entry in todo:
            run.take(_segment_one(entry, config, keep_sequence, options.max_bytes), root)
            done += 1
            run.report(done, total, Stage.READING)
        return
    # Small chunks keep IPC cheap yet let a cancel land within a fraction of a second.
    chunk_size = max(1, min(32, len(todo) // (workers * 8)))
    pool = ProcessPoolExecutor(workers, mp_context=_pool_context(), initializer=_warm_worker)
    chunks = iter(_chunks(todo, chunk_size))
    pending: set[Future] = set()
    try:
        for chunk in chunks:  # a bounded window of work in flight, so cancel has little to drop
            pending.add(pool.submit(_segment_chunk, chunk, config, keep_sequence, options.max_bytes))
            if len(pending) >= workers * 3:
                break
        while pending:
            finished, pending = wait(pending, timeout=0.2, return_when=FIRST_COMPLETED)
            for future in finished:
                outcomes = future.result()
                for outcome in outcomes:
                    run.take(outcome, root)
                done += len(outcomes)
                next_chunk = next(chunks, None)
                if next_chunk is not None:
                    pending.add(pool.submit(_segment_chunk, next_chunk, config, keep_sequence, options.max_bytes))
            run.report(done, total, Stage.READING)
    finally:
        pool.shutdown(wait=not run.cancel.is_set(), cancel_futures=True)
