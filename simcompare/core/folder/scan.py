"""Walking a folder and fingerprinting every text file in it, in parallel, with progress and cancel.

Bad files never stop a scan: each is reported with the reason it could not be used.
"""

from __future__ import annotations

import contextlib
import dataclasses
import errno
import fnmatch
import hashlib
import multiprocessing
import multiprocessing.connection
import multiprocessing.synchronize
import os
import signal
import stat
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple, cast

from simcompare.core import arguments
from simcompare.core.arguments import whole
from simcompare.core.errors import Cancelled, ErrorCode, InputError, SimcompareError
from simcompare.core.fingerprint.simhash import Config, extract_features, fingerprint_value
from simcompare.core.folder.cache import (
    Cache,
    CachedFeatures,
    CachedFingerprint,
    CacheRow,
    FileStamp,
    PackedFeatures,
    StoredFeatures,
)
from simcompare.core.folder.private_places import is_trash_folder, private_folders
from simcompare.core.folder.roots import RootPlan, RootRole, ScanRoot, not_a_folder, plan_roots, resolved_root
from simcompare.core.folder.safe_paths import DIR_FD_WALK, identity_of, open_folder
from simcompare.core.folder.skipped import HEAD_BYTES, Skipped, SkipReason, binary_kind
from simcompare.core.formats.appending import append_text
from simcompare.core.progress import NO_PROGRESS, Progress, Stage
from simcompare.core.search.verify import sketch_of_ids, sketch_to_bytes
from simcompare.core.text.documents import DEFAULT_MAX_BYTES, document_from_bytes
from simcompare.core.text.reading import kind_of, read_regular
from simcompare.core.tokens.weights import Weighting, top_k, weigh
from simcompare.core.userdirs import user_cache_folder

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


_EXAMPLES = {"suffixes": "('.txt', '.md')", "include": "('*.txt',)", "exclude": "('.*', 'build')"}
# More worker processes than this is no speed-up, only memory (each holds jieba's dictionary); Windows
# takes at most 61.
MAX_WORKERS = 61 if os.name == "nt" else 256


@dataclass(frozen=True, slots=True)
class ScanOptions:
    """Which files a scan reads.

    Attributes:
        recursive: Go into sub-folders.
        suffixes: File endings to read (case-insensitive); empty (the default) reads every file that holds
            text, told by its content: known binary types are passed over by their first bytes
            (``simcompare.core.folder.skipped``).
        include: Globs; when given, a file's relative path or name must match one.
        exclude: Globs matched against every folder and file name on the way (hidden ones by default).
        min_bytes: Smaller files are passed over.
        max_bytes: Larger files are reported as too large (None: no limit).
        workers: Processes that segment; None is one per core.
        in_process: Segment in the calling process: None does so for one worker or a handful of files.
            A window passes False, so that jieba never competes with the window's thread for the GIL.

    Raises:
        TypeError: a field of the wrong type; a single string for ``suffixes``, ``include`` or ``exclude``
            (``suffixes="txt"`` would be three endings, ".t", ".x", ".t": write ``(".txt",)``).
        ValueError: a number out of range (``workers`` 1 to MAX_WORKERS, sizes 0 or more).
    """

    recursive: bool = True
    suffixes: tuple[str, ...] = ()
    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = DEFAULT_EXCLUDES
    min_bytes: int = 0
    max_bytes: int | None = DEFAULT_MAX_BYTES
    workers: int | None = None
    in_process: bool | None = None

    def __post_init__(self) -> None:
        # A string is not taken for a sequence of endings: ScanOptions(suffixes="txt") read as ".t", ".x", ".t".
        for name in ("suffixes", "include", "exclude"):
            value = getattr(self, name)
            if isinstance(value, str | bytes) or not isinstance(value, tuple | list | frozenset | set):
                raise TypeError(f"{name} must be a tuple of strings such as {_EXAMPLES[name]}, got {value!r}")
            if not all(isinstance(item, str) for item in value):
                raise TypeError(f"{name} must hold strings only, such as {_EXAMPLES[name]}; got {value!r}")
            object.__setattr__(self, name, tuple(value))
        for name in ("recursive",):
            if not isinstance(getattr(self, name), bool):
                raise TypeError(f"{name} must be True or False, got {getattr(self, name)!r}")
        whole("min_bytes", self.min_bytes, 0)
        if self.max_bytes is not None:
            whole("max_bytes (or None for no limit)", self.max_bytes, 0)
        if self.workers is not None:
            whole("workers (or None for one per core)", self.workers, 1, MAX_WORKERS)
        if self.in_process is not None and not isinstance(self.in_process, bool):
            raise TypeError(f"in_process must be True, False or None, got {self.in_process!r}")
        if self.workers is not None and self.workers < 1:
            raise ValueError(f"workers must be 1 or more (or None for one per core), got {self.workers}")
        if self.max_bytes is not None and self.max_bytes < self.min_bytes:
            raise ValueError(f"max_bytes ({self.max_bytes}) must not be below min_bytes ({self.min_bytes})")
        object.__setattr__(
            self, "suffixes", tuple(s.lower() if s.startswith(".") else f".{s.lower()}" for s in self.suffixes)
        )


class FileRecord(NamedTuple):
    """A file that was fingerprinted. ``path`` is relative to the scanned folder, with / separators.

    ``digest`` identifies its cleaned text (equal for identical texts); ``sketch`` is what verification
    compares (``simcompare.core.search.verify``), as bytes. ``device`` and ``inode`` say which file it is
    (equal for two names of one file: a hard link, a bind mount; 0 when unknown) and ``raw_digest``
    identifies its raw bytes (equal for identical files, whatever their format; '' when unknown). With
    ``size`` and ``mtime_ns`` they are what an action compares before touching the file. ``words`` is how
    many tokens the text kept (after stop words): its length, which the re-prioritise rules compare (0 when
    unknown).
    """

    path: str
    size: int
    mtime_ns: int
    value: int
    empty: bool
    encoding: str = ""
    digest: str = ""
    sketch: bytes = b""
    device: int = 0
    inode: int = 0
    raw_digest: str = ""
    words: int = 0


@dataclass(frozen=True, slots=True)
class Problem:
    """A file that could not be used, with a reason (an :class:`ErrorCode`'s value) and a short English detail.

    ``errno`` is the operating system's error number behind an ``unreadable`` file (None otherwise), so a
    front end can say the error in its own words without reading the English detail.
    """

    path: str
    reason: str
    detail: str = ""
    errno: int | None = None


@dataclass(frozen=True, slots=True)
class ScanStats:
    listed: int = 0
    segmented: int = 0
    features_from_cache: int = 0
    fingerprints_from_cache: int = 0
    seconds: float = 0.0


@dataclass(frozen=True, slots=True)
class ScanResult:
    """What a scan found. ``cancelled`` marks a partial result.

    ``root`` is the scanned folder; with several folders (``roots``, each with its role) it is their common
    folder, and every path is relative to it (``simcompare.core.folder.roots``). ``skipped`` lists the files
    not read and why.
    """

    root: str
    config: Config
    options: ScanOptions
    files: tuple[FileRecord, ...]
    problems: tuple[Problem, ...]
    cancelled: bool = False
    stats: ScanStats = field(default_factory=ScanStats)
    roots: tuple[ScanRoot, ...] = ()
    skipped: tuple[Skipped, ...] = ()

    @property
    def plan(self) -> RootPlan:
        """The roots as a plan: which root a file belongs to, and how it is shown."""
        return RootPlan(self.root, self.roots)

    @property
    def empty(self) -> list[str]:
        """Files with no features (nothing left after cleaning and stop words)."""
        return [f.path for f in self.files if f.empty]

    @property
    def symlinks(self) -> tuple[str, ...]:
        """The symbolic links the scan passed over (paths as the files' are): an action that takes files away
        leaves alone a file one of them points at."""
        return tuple(s.path for s in self.skipped if s.reason is SkipReason.SYMLINK)


# ---------------------------------------------------------------------------------------- listing


@dataclass(frozen=True, slots=True)
class _Entry:
    path: str  # absolute
    rel: str
    stamp: FileStamp
    device: int = 0


def _excluded(name: str, patterns: tuple[str, ...]) -> bool:
    return any(fnmatch.fnmatchcase(name, p) for p in patterns)


def _wanted(rel: str, name: str, options: ScanOptions) -> bool:
    if options.suffixes and not name.lower().endswith(options.suffixes):
        return False
    if options.include:
        return any(fnmatch.fnmatch(rel, p) or fnmatch.fnmatch(name, p) for p in options.include)
    return True


class _Swapped(Exception):
    """A folder listed as a folder is now a link, or another folder, where the scan comes to enter it."""


_SCANDIR_FD = os.scandir in os.supports_fd and DIR_FD_WALK


@contextlib.contextmanager
def _open_listed(folder: Path, identity: tuple[int, int]) -> Iterator[Iterator[os.DirEntry[str]]]:
    """The entries of ``folder``, which must still be the folder of that (device, inode) and no link.

    Opened with O_NOFOLLOW and compared by identity before it is listed, so a folder swapped for a symbolic
    link (or another folder) between its listing in its parent and its own is never entered. The entries'
    ``stat`` goes through the same open folder. (Without descriptors — Windows — the folder is ``lstat``-ed
    first: a link or junction is refused, and its identity compared where the listing knew it.)
    """
    if _SCANDIR_FD:
        try:
            fd = open_folder(str(folder), None)
        except OSError as error:
            if error.errno in (errno.ELOOP, errno.ENOTDIR):
                raise _Swapped from None
            raise
        try:
            if identity_of(os.fstat(fd)) != identity:
                raise _Swapped
            with os.scandir(fd) as iterator:
                yield iterator
        finally:
            os.close(fd)
        return
    try:
        info = os.lstat(folder)
    except OSError as error:
        if error.errno in (errno.ELOOP, errno.ENOTDIR):
            raise _Swapped from None
        raise
    reparse = getattr(info, "st_file_attributes", 0) & getattr(stat, "FILE_ATTRIBUTE_REPARSE_POINT", 0x400)
    if stat.S_ISLNK(info.st_mode) or reparse or not stat.S_ISDIR(info.st_mode):
        raise _Swapped
    if identity[1] and identity_of(info) != identity:
        raise _Swapped
    with os.scandir(folder) as iterator:
        yield iterator


def list_files(
    root: Path,
    options: ScanOptions,
    problems: list[Problem],
    check: Callable[[], None] = lambda: None,
    *,
    prefix: str = "",
    stop: Mapping[tuple[int, int], bool] | None = None,
    skipped: list[Skipped] | None = None,
) -> list[_Entry]:
    """The files a scan reads, in a stable order; links are not followed, broken ones are reported.

    A wanted name that is a FIFO, socket or device is reported as ``not_regular``; it is never opened. A
    folder replaced by a link (or by another folder) between being seen and being listed is not entered
    and is reported as ``changed``. ``check`` is called before each folder is listed (it may raise to stop).

    Args:
        prefix: Put before every relative path (the root's path relative to the scan's common folder).
        stop: Folders not entered, by (device, inode): other roots, listed on their own; True for an
            excluded one (its name is then listed in ``skipped``).
        skipped: Where the files passed over are listed with the reason; None lists none.
    """
    entries: list[_Entry] = []
    # Folders still to list, as an explicit stack (not recursion: a tree thousands of folders deep must
    # not end in a RecursionError); each is listed sorted, and its sub-folders visited in order. Each
    # carries the identity it had when it was seen, checked again when it is entered.
    stack: list[tuple[Path, str, tuple[int, int]]] = [(root, prefix, identity_of(os.stat(root)))]
    passed = _Passed(stop or {}, skipped, private_folders())
    seen = 0
    while stack:
        check()
        folder, rel_folder, identity = stack.pop()
        below: list[tuple[Path, str, tuple[int, int]]] = []
        try:
            with _open_listed(folder, identity) as iterator:
                children = sorted(iterator, key=lambda e: e.name)
                for child in children:
                    seen += 1
                    if seen % 256 == 0:
                        check()
                    _list_child(child, folder, rel_folder, options, problems, entries, below, passed)
        except _Swapped:
            problems.append(
                Problem(
                    rel_folder or ".", ErrorCode.CHANGED, "folder replaced by a link or another folder; not entered"
                )
            )
            continue
        except PermissionError:
            problems.append(Problem(rel_folder or ".", ErrorCode.PERMISSION, "folder cannot be listed"))
            continue
        except FileNotFoundError:
            problems.append(Problem(rel_folder or ".", ErrorCode.VANISHED, "folder disappeared during the scan"))
            continue
        except OSError as error:
            problems.append(Problem(rel_folder or ".", ErrorCode.UNREADABLE, error.strerror or str(error), error.errno))
            continue
        stack.extend(reversed(below))
    return entries


@dataclass(frozen=True, slots=True)
class _Passed:
    """What a listing passes over: folders that are other roots, and where skipped files are listed."""

    stop: Mapping[tuple[int, int], bool]
    skipped: list[Skipped] | None
    private: frozenset[tuple[int, int]] = frozenset()  # the home's trash, simcompare's data (private_places)

    def add(self, rel: str, reason: SkipReason, detail: str = "") -> None:
        if self.skipped is not None:
            self.skipped.append(Skipped(rel, reason, detail))


def _is_link(child: os.DirEntry[str]) -> bool:
    try:
        return child.is_symlink()
    except OSError:  # gone since the listing, or unreadable: no link to remember
        return False


def _list_child(
    child: os.DirEntry[str],
    folder: Path,
    rel_folder: str,
    options: ScanOptions,
    problems: list[Problem],
    entries: list[_Entry],
    below: list[tuple[Path, str, tuple[int, int]]],
    passed: _Passed = _Passed({}, None),
) -> None:
    """One entry of a folder being listed: a file to read, a folder to enter later, or a problem."""
    rel = f"{rel_folder}/{child.name}" if rel_folder else child.name
    if _excluded(child.name, options.exclude):
        # a link of an excluded name (".latest") is listed as a link all the same: an action leaves alone what it
        # leads to (ScanResult.symlinks), whatever the link is called
        passed.add(rel, SkipReason.SYMLINK if _is_link(child) else SkipReason.EXCLUDED)
        return
    path = os.path.join(folder, child.name)
    try:
        if child.is_symlink():
            # Not followed: a link must not make a file count twice or a loop run forever. Listed whatever its
            # name, since an action leaves alone the file it points at (ScanResult.symlinks): "latest" leading to
            # a.txt in a scan of .txt files would lead nowhere once a.txt went
            passed.add(rel, SkipReason.SYMLINK)
            if _wanted(rel, child.name, options) and _leads_nowhere(path):  # reported of the chosen names only
                problems.append(
                    Problem(rel, ErrorCode.BROKEN_LINK, "broken link or link loop (links are not followed)")
                )
            return
        info = child.stat(follow_symlinks=False)
    except FileNotFoundError:
        problems.append(Problem(rel, ErrorCode.VANISHED, "disappeared during the scan"))
        return
    except OSError as error:
        problems.append(Problem(rel, ErrorCode.UNREADABLE, error.strerror or str(error), error.errno))
        return
    if stat.S_ISLNK(info.st_mode):  # became a link since the folder was read
        return
    if stat.S_ISDIR(info.st_mode):
        if identity_of(info) in passed.private or is_trash_folder(path, child.name):  # whatever the excludes
            passed.add(rel, SkipReason.EXCLUDED, "the trash, or simcompare's own data: never read")
            return
        excluded = passed.stop.get(identity_of(info))
        if excluded is not None:  # another root: listed on its own, or excluded
            if excluded:
                passed.add(rel, SkipReason.EXCLUDED, "an excluded folder")
            return
        if options.recursive:
            below.append((Path(path), rel, identity_of(info)))
        return
    if not _wanted(rel, child.name, options):
        passed.add(rel, SkipReason.TYPE_NOT_CHOSEN)
        return
    if not stat.S_ISREG(info.st_mode):
        problems.append(Problem(rel, ErrorCode.NOT_REGULAR, f"not a regular file: {kind_of(info.st_mode)}"))
        return
    if info.st_size < options.min_bytes:
        passed.add(rel, SkipReason.TOO_SMALL)
        return
    if options.max_bytes is not None and info.st_size > options.max_bytes:
        detail = f"{info.st_size:,} bytes, over the limit of {options.max_bytes:,}"
        problems.append(Problem(rel, ErrorCode.TOO_LARGE, detail))
        passed.add(rel, SkipReason.TOO_LARGE, detail)
        return
    entries.append(_Entry(path, rel, FileStamp.of(info), info.st_dev))


# ------------------------------------------------------------------------------------ per file work

# A scan's file was listed a moment ago: missing now means it vanished, a folder now is no regular file.
_LISTED_A_MOMENT_AGO = {ErrorCode.MISSING: ErrorCode.VANISHED, ErrorCode.NOT_A_FILE: ErrorCode.NOT_REGULAR}


def input_reason(code: ErrorCode) -> ErrorCode:
    """The reason a scan reports for an InputError's code: the code itself, but for a file gone or replaced."""
    return _LISTED_A_MOMENT_AGO.get(code, code)


INTERNAL_LOG_NAME = "internal-errors.log"


def raw_digest(data: bytes) -> str:
    """The digest of a file's raw bytes: equal for identical files whatever their format (BLAKE2b, 128 bits)."""
    hasher = raw_hasher()
    hasher.update(data)
    return hasher.hexdigest()


def raw_hasher() -> hashlib.blake2b:
    """What :func:`raw_digest` hashes with, for bytes read a piece at a time (a file checked before it goes)."""
    return hashlib.blake2b(digest_size=16)


@dataclass(frozen=True, slots=True)
class _Job:
    """What every file of one scan is read and segmented with (sent once per chunk to a worker)."""

    config: Config
    keep_sequence: bool
    max_bytes: int | None
    keep_counts: bool = True  # False when no cache will store them: a worker then writes none
    by_content: bool = False  # no file types chosen: a binary file is passed over, not reported


@dataclass(frozen=True, slots=True)
class _Segmented:
    """A file read and segmented: what the cache keeps and the result reports. Add fields here."""

    rel: str
    stamp: FileStamp
    device: int
    features: CachedFeatures  # without the counts and the sequence: those travel in ``stored``
    fingerprint: CachedFingerprint
    stored: StoredFeatures | None  # the whole features as the cache stores them; None when no cache keeps them
    words: int = 0  # the kept tokens, counted in the worker (the counts do not travel back)


_Outcome = _Segmented | Problem | Skipped


def _head(path: str) -> bytes | None:
    """A file's first bytes (None when it cannot be opened as a regular file: reading it says why)."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags | getattr(os, "O_BINARY", 0))
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        return os.read(fd, HEAD_BYTES)
    except OSError:
        return None
    finally:
        os.close(fd)


def internal_log_path() -> Path:
    """Where tracebacks of internal errors are written: a log file in the user's cache folder."""
    return user_cache_folder() / INTERNAL_LOG_NAME


def _log_internal(rel: str, error: BaseException) -> str:
    """Append the traceback to the log file; returns where it went, in words."""
    try:
        log = internal_log_path()
        log.parent.mkdir(parents=True, exist_ok=True)
        told = "".join(traceback.format_exception(type(error), error, error.__traceback__))
        append_text(log, f"--- {time.strftime('%Y-%m-%d %H:%M:%S')} while reading {rel}\n{told}")
        return f"traceback in {log}"
    except (OSError, RuntimeError) as log_error:
        return f"the traceback could not be written to a log file ({log_error})"


def _segment_one(entry: _Entry, job: _Job) -> _Outcome:
    """One file's outcome: whatever goes wrong becomes a Problem for this file, never the scan's end."""
    try:
        return _read_and_segment(entry, job)
    except Exception as error:  # a bug or an input no reader foresaw: reported, logged, the scan goes on
        where = _log_internal(entry.rel, error)
        return Problem(entry.rel, ErrorCode.INTERNAL, f"internal error: {type(error).__name__} ({where})")


def _read_and_segment(entry: _Entry, job: _Job) -> _Outcome:
    # A name that says text or document (notes.txt) and holds none is a problem, as when its type is chosen.
    by_content = job.by_content and not entry.rel.lower().endswith(DEFAULT_SUFFIXES)
    if by_content:
        head = _head(entry.path)
        kind = binary_kind(head) if head is not None else ""
        if kind:
            return Skipped(entry.rel, SkipReason.BINARY, kind)
    try:
        read = read_regular(entry.path, max_bytes=job.max_bytes, follow_symlinks=False)
    except InputError as error:
        if error.code == ErrorCode.MISSING:
            return Problem(entry.rel, ErrorCode.VANISHED, "disappeared during the scan")
        if error.code == ErrorCode.PERMISSION:
            return Problem(entry.rel, ErrorCode.PERMISSION, "permission denied")
        return Problem(entry.rel, input_reason(error.code), str(error), error.errno)
    moved = entry.device and read.info.st_dev != entry.device  # the same inode number on another disk
    if FileStamp.of(read.info) != entry.stamp or len(read.data) != entry.stamp.size or moved:
        return Problem(entry.rel, ErrorCode.CHANGED, "changed during the scan; scan again to include it")
    try:
        # Reading has a time limit (segmenting does not: a large text is slow, not stuck), in a worker and
        # in the scanning process alike: document_from_bytes arms it (readers.time_limit).
        document = document_from_bytes(read.data, path=entry.path, max_inflated=job.max_bytes)
        config = job.config
        # The order of the tokens is always kept: verification's sketch is made from it. HTML is
        # reduced to its text here, and markup past the HTML reader's element limit is refused here.
        found = extract_features(document.text, config, html=document.html or None, keep_sequence=True)
    except InputError as error:
        if by_content and error.code is ErrorCode.BINARY:
            return Skipped(entry.rel, SkipReason.BINARY, str(error))
        return Problem(entry.rel, input_reason(error.code), str(error), error.errno)
    value = fingerprint_value(found.weights, config)
    sequence = found.sequence if job.keep_sequence else None
    sketch = sketch_to_bytes(sketch_of_ids(found.token_ids))
    features = CachedFeatures({}, None, document.encoding, found.digest, sketch, raw_digest(read.data))
    stored = None
    if job.keep_counts:
        # Written here, in the worker: in the scanning process it would be done one file after another,
        # after the workers' last file (it took the scan of both corpora 0.4 s with a cache).
        stored = StoredFeatures.of(dataclasses.replace(features, counts=found.counts, sequence=sequence))
    return _Segmented(
        entry.rel,
        entry.stamp,
        read.info.st_dev,
        features,
        CachedFingerprint(value, not found.weights, document.encoding),
        stored,
        sum(found.counts.values()),
    )


def _segment_chunk(chunk: list[_Entry], job: _Job) -> list[_Outcome]:
    """A chunk of files, in a worker process: each file is read under the time limit (readers.time_limit),
    so a document whose parser loops is reported as a timeout and the worker goes on with the next file."""
    return [_segment_one(entry, job) for entry in chunk]


# ------------------------------------------------------------------------------------- the workers


def _start_worker(
    lifeline: multiprocessing.connection.Connection, started: multiprocessing.synchronize.Event | None = None
) -> None:
    """Runs first in every worker: outlive no scan, leave Ctrl-C to the scan, load jieba.

    ``lifeline`` is the reading end of a pipe whose only writing end the scanning process holds. When
    that process ends in any way (even SIGKILL) the pipe closes, the watchdog thread wakes and the worker
    exits: no worker is left behind holding hundreds of megabytes. This works alike on every platform,
    whatever the start method. ``started`` is set once the worker is ready: a pool broken before any was (a
    script without the ``__main__`` guard) is told from workers that died on the files they read.
    """
    if hasattr(signal, "SIGINT"):
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole group; the scan decides
    if hasattr(os, "setpgid"):
        with contextlib.suppress(OSError):
            os.setpgid(0, 0)  # out of the terminal's group: a Ctrl-C is the scan's to handle, not ours
    threading.Thread(target=_watch_lifeline, args=(lifeline,), name="lifeline", daemon=True).start()
    from simcompare.core.tokens.segment import jieba_segmenter

    jieba_segmenter()
    if started is not None:
        started.set()


def _watch_lifeline(lifeline: multiprocessing.connection.Connection) -> None:
    with contextlib.suppress(EOFError, OSError):
        lifeline.recv()  # nothing is ever sent: this returns only when the scanning process has gone
    os._exit(1)


@contextlib.contextmanager
def _children_deaf_to_ctrl_c() -> Iterator[None]:
    """Processes started in this block begin with SIGINT blocked (a signal mask survives fork and exec).

    A Ctrl-C reaches the terminal's whole process group, and the forkserver spends a second or two loading
    Python and jieba before it ignores SIGINT: a Ctrl-C then would kill it and end the scan in a traceback.
    The scan itself gets the Ctrl-C once the block ends (held, not lost) and decides what it means.
    """
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _pool_context() -> multiprocessing.context.BaseContext:
    # forkserver: workers fork from a clean single-threaded server (safe beside Qt's threads), which
    # loads jieba once so every worker starts with the dictionary in memory.
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["simcompare.core.folder.warm"])
        return context
    return multiprocessing.get_context("spawn")


# ------------------------------------------------------------------------------------------- scan


class _Run:
    """State of one scan: progress, cancel and results, and the finished files on their way to the cache."""

    # Finished files are stored this many at a time while the workers go on, not all after the last one:
    # the scan's end waits for less, a cancel lands sooner, and a scan cut short keeps more of its work.
    STORE_EVERY = 500

    def __init__(
        self,
        progress: Progress,
        cancel: threading.Event | None,
        cache: Cache | None = None,
        config: Config | None = None,
    ) -> None:
        self.progress = progress
        self.cancel = cancel or threading.Event()
        self.records: list[FileRecord] = []
        self.devices: dict[int, int] = {}
        self.problems: list[Problem] = []
        self.skipped: list[Skipped] = []
        self.cache = cache
        self.keys = (config.features_key(), config.fingerprint_key()) if cache is not None and config else None
        self.to_store: list[CacheRow] = []

    def keep(self, row: CacheRow) -> None:
        """Put a finished file on its way to the cache (when there is one)."""
        if self.keys is None:
            return
        self.to_store.append(row)
        if len(self.to_store) >= self.STORE_EVERY:
            self.store()

    def store(self) -> None:
        """Store the files kept so far."""
        if self.cache is not None and self.keys is not None and self.to_store:
            self.cache.store(*self.keys, self.to_store)
        self.to_store = []

    def check(self) -> None:
        if self.cancel.is_set():
            raise Cancelled("the scan was cancelled")

    def report(self, done: int, total: int, stage: Stage) -> None:
        try:
            self.progress(done, total, stage)
        except Cancelled:
            self.cancel.set()
        self.check()

    def take(self, outcome: _Outcome, root: Path) -> None:
        if isinstance(outcome, Problem):
            self.problems.append(outcome)
            return
        if isinstance(outcome, Skipped):
            self.skipped.append(outcome)
            return
        stamp, fp, found = outcome.stamp, outcome.fingerprint, outcome.features
        self.records.append(
            FileRecord(
                outcome.rel,
                stamp.size,
                stamp.mtime_ns,
                fp.value,
                fp.empty,
                sys.intern(fp.encoding),  # a few names for a million files: each unpickled anew otherwise
                found.digest,
                found.sketch,
                self.devices.setdefault(outcome.device, outcome.device),  # one number per disk, not per file
                stamp.inode,
                found.raw_digest,
                outcome.words,
            )
        )
        if outcome.stored is not None:  # None: no cache keeps this scan's work
            self.keep(CacheRow(str(root / outcome.rel), stamp, outcome.stored, fp))


def _fingerprint_from_counts(counts: dict[str, int], sequence: tuple[str, ...] | None, config: Config) -> int:
    weights = top_k(weigh(counts, config.weighting, sequence=sequence or ()), config.top_k)
    return fingerprint_value(weights, config)


def _list_roots(plan: RootPlan, options: ScanOptions, run: _Run) -> list[_Entry]:
    """Every root's files, each file once: a root inside another is listed on its own (its files are its own),
    an excluded one is not entered, and one folder given by two names is listed once."""
    if not plan.roots:
        return list_files(Path(plan.base), options, run.problems, run.check, skipped=run.skipped)
    identities: dict[str, tuple[int, int]] = {}
    for root in plan.roots:
        try:
            identities[root.path] = identity_of(os.stat(root.path))
        except OSError as error:
            rel = plan.relative(root) or "."
            run.problems.append(Problem(rel, ErrorCode.UNREADABLE, error.strerror or str(error), error.errno))
    stop = {identities[r.path]: not r.scanned for r in plan.roots if r.path in identities}
    entries: list[_Entry] = []
    listed: set[tuple[int, int]] = set()
    for root in sorted(plan.scanned(), key=lambda r: r.path):
        identity = identities.get(root.path)
        if identity is None or identity in listed:
            continue
        listed.add(identity)
        others = {key: excluded for key, excluded in stop.items() if key != identity}
        prefix = plan.relative(root)
        entries += list_files(
            Path(root.path), options, run.problems, run.check, prefix=prefix, stop=others, skipped=run.skipped
        )
    return entries


def _first_names(entries: list[_Entry]) -> tuple[list[_Entry], list[tuple[_Entry, str]]]:
    """The entries to read (each file once) and the other names of files among them (entry, first name)."""
    first: dict[tuple[int, int], str] = {}
    read: list[_Entry] = []
    others: list[tuple[_Entry, str]] = []
    for entry in sorted(entries, key=lambda e: e.rel):
        key = (entry.device, entry.stamp.inode)
        if entry.stamp.inode and entry.device and key in first:
            others.append((entry, first[key]))
            continue
        first[key] = entry.rel
        read.append(entry)
    return read, others


Roots = str | os.PathLike[str] | Sequence[ScanRoot | tuple[str | os.PathLike[str], RootRole | str]]


def _plan(root: Roots) -> RootPlan:
    if isinstance(root, list | tuple):
        return plan_roots(root)
    arguments.path("root", root)
    root_path = resolved_root(cast("str | os.PathLike[str]", root))
    if not root_path.is_dir():
        raise not_a_folder(cast("str | os.PathLike[str]", root))
    return RootPlan(str(root_path))


def scan(
    root: Roots,
    config: Config | None = None,
    options: ScanOptions | None = None,
    *,
    cache: Cache | None = None,
    progress: Progress = NO_PROGRESS,
    cancel: threading.Event | None = None,
) -> ScanResult:
    """Fingerprint every wanted file below ``root``.

    Args:
        root: The folder; or several, each a :class:`ScanRoot` or a (folder, role) pair
            (``simcompare.core.folder.roots``).
        config: Fingerprint settings.
        options: Which files, and how many worker processes.
        cache: Where per-file work is kept between scans; None works without one.
        progress: Called with (done, total, stage); it may raise Cancelled to stop.
        cancel: Set it (from any thread, or a signal handler) to stop at the next file; the partial
            result is returned and what was finished is cached.

    Returns:
        The result; ``cancelled`` is True when it stopped early. Files appear in path order.
    """
    started = time.perf_counter()
    if config is not None:
        arguments.require("config", config, Config, "a simcompare.Config (or None for the defaults)")
    if options is not None:
        arguments.require("options", options, ScanOptions, "a simcompare.ScanOptions (or None for the defaults)")
    if cache is not None:
        arguments.require("cache", cache, Cache, "a Cache (or None to work without one)")
    if not callable(progress):
        raise TypeError(f"progress must be a function of (done, total, stage), got {type(progress).__name__}")
    if cancel is not None and not callable(getattr(cancel, "is_set", None)):
        raise TypeError(f"cancel must be a threading.Event (or None), got {type(cancel).__name__}")
    config = config or Config()
    options = options or ScanOptions()
    plan = _plan(root)
    root_path = Path(plan.base)
    run = _Run(progress, cancel, cache, config)
    aliases: list[tuple[_Entry, str]] = []
    stats = {"segmented": 0, "features": 0, "fingerprints": 0}
    listed = 0
    try:
        run.report(0, 0, Stage.LISTING)
        entries = _list_roots(plan, options, run)
        listed = len(entries)
        entries, aliases = _first_names(entries)  # a file's other names (hard links) share its record
        key_features, key_fingerprint = config.features_key(), config.fingerprint_key()
        # No fingerprint key (a hasher that cannot be named for certain): features only, never fingerprints.
        cached_fp: dict[str, tuple[FileStamp, CachedFingerprint]] = {}
        cached_features: dict[str, tuple[FileStamp, CachedFeatures | PackedFeatures]] = {}
        outdated: set[str] = set()  # features in rows of the older JSON kind: stored again, packed
        for folder in [r.path for r in plan.scanned()] if plan.roots else [plan.base]:
            if cache and key_fingerprint:
                cached_fp.update(cache.fingerprints_under(folder, key_fingerprint))
            if cache:
                cached_features.update(cache.features_under(folder, key_features))
                outdated |= cache.outdated_features()
        total = len(entries)
        done = 0
        run.report(done, total, Stage.READING)
        todo: list[_Entry] = []
        for entry in entries:
            features = cached_features.get(entry.path)
            # The text's identity and sketch live with its features: without them, segment again.
            if features is None or features[0] != entry.stamp:
                todo.append(entry)
                continue
            found = features[1]
            hit = cached_fp.get(entry.path)
            # A packed row's tokens are made a dict (unpacked) only when its fingerprint must be made again.
            rewrite = found.unpacked() if entry.path in outdated else None
            if hit is not None and hit[0] == entry.stamp:
                fp = hit[1]
                stats["fingerprints"] += 1
                if rewrite is not None:
                    run.keep(CacheRow(entry.path, entry.stamp, rewrite, fp))
            else:
                tokens = found.unpacked()
                value = _fingerprint_from_counts(tokens.counts, tokens.sequence, config)
                fp = CachedFingerprint(value, not tokens.counts, found.encoding)
                run.keep(CacheRow(entry.path, entry.stamp, rewrite, fp))
                stats["features"] += 1
            run.records.append(
                FileRecord(
                    entry.rel,
                    entry.stamp.size,
                    entry.stamp.mtime_ns,
                    fp.value,
                    fp.empty,
                    fp.encoding,
                    found.digest,
                    found.sketch,
                    entry.device,
                    entry.stamp.inode,
                    found.raw_digest,
                    found.words,
                )
            )
            done += 1
            if done % 512 == 0:
                run.report(done, total, Stage.READING)
        run.report(done, total, Stage.READING)
        stats["segmented"] = len(todo)
        _segment_all(todo, config, options, run, root_path, done, total, keep_counts=cache is not None)
        run.report(total, total, Stage.DONE)
        cancelled = False
    except Cancelled:
        cancelled = True
    run.store()  # the rest; a cancelled scan's finished files too
    by_path = {r.path: r for r in run.records}
    for entry, first in aliases:
        record = by_path.get(first)
        if record is not None:  # a file that could not be read is not read by its other names either
            run.records.append(record._replace(path=entry.rel))
            run.skipped.append(Skipped(entry.rel, SkipReason.HARD_LINK, first))
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
        roots=plan.roots,
        skipped=tuple(sorted(run.skipped, key=lambda s: s.path)),
    )


def scan_file(
    path: str, rel: str, stamp: FileStamp, config: Config, *, max_bytes: int | None = DEFAULT_MAX_BYTES
) -> FileRecord | Problem:
    """One file read, segmented and fingerprinted exactly as a scan's worker does it (a parser stuck on a
    document is stopped by the time limit and reported): its record, or the problem that kept it out.

    For other engines that run the scan's per-file work elsewhere (Spark's executors).

    Args:
        path: The file's absolute path.
        rel: Its path as the result names it.
        stamp: Its size and times as listed; a file that changed since is reported, not read.
        config: Fingerprint settings.
        max_bytes: Larger files are reported as too large.
    """
    job = _Job(config, config.weighting is Weighting.TEXTRANK, max_bytes, keep_counts=False)
    run = _Run(NO_PROGRESS, None)
    run.take(_segment_one(_Entry(path, rel, stamp), job), Path("/"))
    return run.problems[0] if run.problems else run.records[0]


def _chunks(entries: list[_Entry], size: int) -> Iterator[list[_Entry]]:
    for i in range(0, len(entries), size):
        yield entries[i : i + size]


def _segment_all(
    todo: list[_Entry],
    config: Config,
    options: ScanOptions,
    run: _Run,
    root: Path,
    done: int,
    total: int,
    *,
    keep_counts: bool,
) -> None:
    job = _Job(config, config.weighting is Weighting.TEXTRANK, options.max_bytes, keep_counts, not options.suffixes)
    workers = options.workers or os.cpu_count() or 1
    in_process = options.in_process
    if in_process is None:
        in_process = workers == 1 or len(todo) < 16
    if in_process or not todo:
        for entry in todo:
            run.take(_segment_one(entry, job), root)
            done += 1
            run.report(done, total, Stage.READING)
        return
    # Small chunks keep IPC cheap yet let a cancel land within a fraction of a second.
    chunk_size = max(1, min(32, len(todo) // (workers * 8)))
    chunks = iter(_chunks(todo, chunk_size))
    before = done
    started = _pool_context().Event()  # set by the first worker ready
    for attempt in range(_POOL_STARTS):
        lost = _segment_in_pool(chunks, job, workers, run, root, done, total, started)
        if lost is None:
            return
        # not one file back from any pool, and no worker ever ready: they cannot start (workers killed by the files
        # they read are ready first, and those files are reported as the worker's death)
        if lost.done == before and attempt == _POOL_STARTS - 1 and not started.is_set():
            raise SimcompareError(_WORKERS_NEVER_STARTED)
        done = lost.done
        for entry in lost.entries:  # the chunks in flight when a worker died: reported, not retried
            run.problems.append(Problem(entry.rel, ErrorCode.INTERNAL, _WORKER_DIED))
        run.report(done, total, Stage.READING)  # a Ctrl-C that killed the worker lands here as a cancel
    for chunk in chunks:
        run.problems.extend(Problem(entry.rel, ErrorCode.INTERNAL, _WORKER_DIED) for entry in chunk)


_POOL_STARTS = 3  # a pool whose worker dies (killed, out of memory) is replaced this many times in all
_WORKERS_NEVER_STARTED = (
    "the worker processes that read the files could not start (BrokenProcessPool, each of "
    f"{_POOL_STARTS} tries); a script that calls scan must do so under if __name__ == '__main__': (each worker "
    "imports the script first), or read in its own process with ScanOptions(workers=1)"
)
_WORKER_DIED = "internal error: BrokenProcessPool (the worker process reading it died)"


@dataclass(frozen=True, slots=True)
class _Lost:
    """Files whose worker died, and how many files were done by then."""

    entries: list[_Entry]
    done: int


def _segment_in_pool(
    chunks: Iterator[list[_Entry]],
    job: _Job,
    workers: int,
    run: _Run,
    root: Path,
    done: int,
    total: int,
    started: multiprocessing.synchronize.Event | None = None,
) -> _Lost | None:
    """Segment the chunks in one pool of workers; None when all are done, _Lost when a worker died."""
    context = _pool_context()
    keep_alive, lifeline = context.Pipe(duplex=False)  # (reader, writer): workers get the reader only
    pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_start_worker, initargs=(keep_alive, started))
    pending: dict[Future, list[_Entry]] = {}

    def lost(*chunks_too: list[_Entry]) -> _Lost:
        """The files in flight (and ``chunks_too``) when the pool broke."""
        return _Lost([*(e for c in chunks_too for e in c), *(e for c in pending.values() for e in c)], done)

    try:
        with _children_deaf_to_ctrl_c():  # the forkserver, the resource tracker and the workers start here
            for chunk in chunks:  # a bounded window of work in flight, so cancel has little to drop
                try:
                    pending[pool.submit(_segment_chunk, chunk, job)] = chunk
                except BrokenProcessPool:  # a worker died already
                    return lost(chunk)
                if len(pending) >= workers * 3:
                    break
        stranded: list[list[_Entry]] = []  # taken for a pool that broke before it took them
        while pending:
            finished, _ = wait(pending, timeout=0.2, return_when=FIRST_COMPLETED)
            for future in finished:
                chunk = pending.pop(future)
                try:
                    outcomes = future.result()
                except BrokenProcessPool:
                    return lost(chunk, *stranded)
                for outcome in outcomes:
                    run.take(outcome, root)
                done += len(outcomes)
                next_chunk = None if stranded else next(chunks, None)
                if next_chunk is not None:
                    try:
                        pending[pool.submit(_segment_chunk, next_chunk, job)] = next_chunk
                    except BrokenProcessPool:  # a worker died since: the other finished chunks are still taken
                        stranded.append(next_chunk)
            if stranded:
                return lost(*stranded)
            run.report(done, total, Stage.READING)
    finally:
        keep_alive.close()
        if run.cancel.is_set() or pending:
            # Cancelled, or a worker died: the scan returns now, and the workers end the chunks they hold
            # and leave. They are not cut off through the lifeline: killed while sending a result, a worker
            # would leave the pool's reader waiting for the rest forever, and the interpreter, which joins
            # that reader when it exits, with it. The lifeline closes once the pool is shut.
            threading.Thread(target=_close_when_done, args=(pool, lifeline), name="pool-closer", daemon=True).start()
        else:
            pool.shutdown(wait=True)
            lifeline.close()
    return None


def _close_when_done(pool: ProcessPoolExecutor, lifeline: multiprocessing.connection.Connection) -> None:
    pool.shutdown(wait=True, cancel_futures=True)
    lifeline.close()


def _leads_nowhere(link: str) -> bool:
    """Whether the symbolic link ``link`` is broken or a loop; a link that cannot be looked at by its path (one
    longer than the system takes) is not called broken: it may lead somewhere, and an action looks at it again."""
    try:
        os.stat(link)
    except OSError as error:
        return error.errno in (errno.ENOENT, errno.ELOOP, errno.ENOTDIR)
    return False
