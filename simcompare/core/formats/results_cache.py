"""Large saved results kept as read, in the user's cache folder, so reopening them takes seconds, not a quarter minute.

Reading a million files' saved results as JSON takes about 14 s on a desktop: 1.7 GB of text parsed, every column
checked, a million records made, 187,000 groups checked. What that reading makes of a file depends on its bytes
and on this code alone, so once a results file of at least :data:`WORTH_BYTES` is read, what was made of it is
kept here, as binary columns (:func:`keep`): the records, the groups as files, and the few other fields the
reading takes (checked again each time: they are small), with a CRC-32 of the columns. The next reading of that
file (:func:`take`) makes the same records from the columns in about 5 s, while two threads compute the SHA-256 of
the file's bytes and the CRC-32 of the kept columns; the kept columns are used only when that digest is the one
they were made from, the CRC the one written, by a simcompare whose code is the same (its own files' digest).
Anything else is a miss, and the file is read as JSON: other bytes (the file changed, however its times look),
another version, a kept file cut short or garbled, one that is not this user's own or that others may write, a
link, anything but a regular file. Results kept when saved are kept only when the reading's own column checks
read their records back unchanged.

Each kept file is named by the results file's place (device and inode), so saving the results again replaces
neither; only the :data:`KEPT` newest are kept (a million files' results: about 1.2 GB each), and nothing is
written when the disk would be left with less than twice that free. Keeping is a convenience: when it fails
(no cache folder, a full disk, a folder that cannot be written) the results were read all the same.

The kept files hold only what the JSON reading made, which a crafted results file can already say; an action
still checks each file's identity on disk right before it touches it.
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import hashlib
import json
import os
import shutil
import stat
import sys
import threading
import time
import zlib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import islice, repeat
from operator import attrgetter
from pathlib import Path
from typing import Any, BinaryIO

import numpy as np
import numpy.typing as npt

from simcompare._version import __version__
from simcompare.core.folder.laid import SavedGroups
from simcompare.core.folder.scan import FileRecord
from simcompare.core.userdirs import user_cache_folder

__all__ = ["KEPT", "WORTH_BYTES", "Hashing", "Opened", "ending", "keep", "take", "wait"]

WORTH_BYTES = 32 * 1024**2
"""Results files smaller than this are read as JSON every time (about 20,000 files: under half a second)."""
KEPT = 2
"""Kept results files at most: the newest ones (each about 1.2 KB a file)."""

_MAGIC = b"SIMCOPEN"
_START = len(_MAGIC) + 8  # the magic, then the payload's length; the payload; the header (JSON)
_VERSION = 1
_FOLDER = "opened-results"
_SUFFIX = ".opened"
_MAX_HEADER = 1 << 30
_RECORDS_AT_ONCE = 65_536
_SUMMED = 1 << 25  # bytes read at a time for the digest (its thread waits for the interpreter's lock after each)
_LEFT = 1 << 16  # white space after the parsed JSON that a digest takes in (more: a file written on since)
_STALE_SECONDS = 3_600.0  # a temporary file older than this was left by a process that stopped while writing

_INT_COLUMNS = (("size", "<i8"), ("mtime_ns", "<i8"), ("value", "<u8"), ("device", "<u8"), ("inode", "<u8"))
_TEXT_COLUMNS = ("path", "digest", "raw_digest")
_SHARED = ("size", "device", "words")  # as the JSON reading shares them (``results._shared``)
_ALSO = ("also_groups", "also_widths", "also_counts", "also_items")


@dataclass(frozen=True, slots=True)
class Opened:
    """What reading a results file made: ``rest``, the file's fields the reading takes besides ``records`` and
    ``groups`` (as parsed; checked again by whoever takes them), the records and the groups as files."""

    rest: dict[str, object]
    files: list[FileRecord]
    laid: SavedGroups


class Hashing:
    """A binary file read through, each byte read added to a SHA-256; a seek back to the start starts it again
    (``json_parts`` reads the whole file again when its parts do not parse)."""

    def __init__(self, handle: BinaryIO) -> None:
        self._handle = handle
        self._hash = hashlib.sha256()
        self._whole = True

    def read(self, size: int = -1) -> bytes:
        data = self._handle.read(size)
        self._hash.update(data)
        return data

    def seek(self, offset: int, whence: int = os.SEEK_SET) -> int:
        if offset == 0 and whence == os.SEEK_SET:
            self._hash, self._whole = hashlib.sha256(), True
        else:
            self._whole = False
        return self._handle.seek(offset, whence)

    def digest(self) -> str | None:
        """The SHA-256 of the file's bytes, all of which were read; None when something was left unread that is
        not a little white space (written on since: read no further) or the reading skipped some."""
        left = self._handle.read(_LEFT)
        if not self._whole or len(left) == _LEFT or left.strip(b" \t\r\n"):
            return None
        self._hash.update(left)
        return self._hash.hexdigest()


# ------------------------------------------------------------------------------------------ taking


def take(handle: BinaryIO, info: os.stat_result) -> Opened | None:
    """What an earlier reading made of the results file open in ``handle`` (``info``: its ``fstat``), when it
    is kept, whole, and was made from the bytes the file holds now by this code; else None (read it as JSON).
    Two threads check meanwhile that the results file's bytes are those it was made from (SHA-256) and that the
    kept file's are those written (CRC-32: a kept file garbled on the disk, or by a stray write, is a miss);
    ``handle`` is left at the file's start (where it must be). Whatever goes wrong is a miss."""
    if info.st_size < WORTH_BYTES:
        return None
    try:
        folder = _folder(make=False)
        if folder is None:
            return None
        path = folder / _name(info)
        with _open_own(path) as entry, _open_own(path) as again:  # again: read through for its checksum
            first, second = os.fstat(entry.fileno()), os.fstat(again.fileno())
            header = _header(entry, info) if (first.st_dev, first.st_ino) == (second.st_dev, second.st_ino) else None
            if header is None:
                return None
            payload = int(header["payload"])  # type: ignore[call-overload]
            digest: list[str] = []
            crc: list[int] = []
            checks = [
                threading.Thread(target=_digest_into, args=(handle, info.st_size, digest)),
                threading.Thread(target=_crc_into, args=(again, payload, crc)),
            ]
            for check in checks:
                check.start()
            try:
                opened = _columns(entry, header, payload)
            finally:
                for check in checks:
                    check.join()
                handle.seek(0)
    except Exception:  # not there, not ours, cut short, garbled, nested too deeply: read as JSON
        return None
    if digest != [header["source"]] or crc != [header["crc32"]]:
        return None
    return opened


def _digest_into(results: BinaryIO, size: int, found: list[str]) -> None:
    """The SHA-256 of the file open in ``results`` (read from where it is), appended to ``found`` when it holds
    ``size`` bytes (one grown since is not read on). Reading and hashing release the interpreter's lock, and the
    pieces are large, so this thread seldom waits for it; nothing on a read error."""
    digest, read = hashlib.sha256(), 0
    try:
        for piece in _pieces(results, size + 1):
            digest.update(piece)
            read += len(piece)
    except (OSError, ValueError):
        return
    if read == size:
        found.append(digest.hexdigest())


def _crc_into(entry: BinaryIO, payload: int, found: list[int]) -> None:
    """The CRC-32 of the ``payload`` bytes after the start of the kept file open in ``entry``, appended to
    ``found``; nothing on a read error or a file cut short."""
    crc, read = 0, 0
    try:
        entry.seek(_START)
        for piece in _pieces(entry, payload):
            crc = zlib.crc32(piece, crc)
            read += len(piece)
    except (OSError, ValueError):
        return
    if read == payload:
        found.append(crc)


def _pieces(handle: BinaryIO, most: int) -> Iterator[memoryview]:
    """The file's bytes from where it is, at most ``most``, a large piece at a time (one buffer, read into)."""
    view = memoryview(bytearray(_SUMMED))
    while most > 0:
        size = handle.readinto(view[: min(_SUMMED, most)])  # type: ignore[attr-defined]
        if not size:
            return
        yield view[:size]
        most -= size


def _name(info: os.stat_result) -> str:
    return f"{info.st_dev:x}-{info.st_ino:x}{_SUFFIX}"


def _folder(*, make: bool) -> Path | None:
    """The folder of kept files (made, with ``make``), when it is a folder of this user's that nobody else may
    write, not a link (a link there could lead the removal of old kept files elsewhere); else None."""
    folder = user_cache_folder() / _FOLDER
    if make:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    try:
        info = folder.lstat()
    except OSError:
        return None
    if not stat.S_ISDIR(info.st_mode) or info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return None
    if hasattr(os, "getuid") and info.st_uid != os.getuid():
        return None
    return folder


@contextlib.contextmanager
def _open_own(path: Path) -> Iterator[BinaryIO]:
    """The kept file at ``path``, when it is a regular file of this user's that nobody else may write (a link is
    not followed, a FIFO not waited for; the descriptor is closed whatever is refused)."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    descriptor = os.open(path, flags | getattr(os, "O_NONBLOCK", 0))
    try:
        own = os.fstat(descriptor)
        if not stat.S_ISREG(own.st_mode) or own.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
            raise ValueError("not a kept file")
        if hasattr(os, "getuid") and own.st_uid != os.getuid():
            raise ValueError("another user's file")
        entry = open(descriptor, "rb")  # noqa: SIM115 - closed below
    except BaseException:
        os.close(descriptor)
        raise
    with entry:
        yield entry


def _header(entry: BinaryIO, info: os.stat_result) -> dict[str, object] | None:
    """The kept file's header (after its payload), when it was written by this code for a file of this size."""
    start = entry.read(_START)
    if len(start) != _START or not start.startswith(_MAGIC):
        return None
    payload = int.from_bytes(start[len(_MAGIC) :], "little")
    size = os.fstat(entry.fileno()).st_size
    if not 0 <= size - _START - payload <= _MAX_HEADER:
        return None
    entry.seek(_START + payload)
    header = json.loads(entry.read())
    if not isinstance(header, dict) or header.get("version") != _VERSION or header.get("code") != _code():
        return None
    if header.get("size") != info.st_size or not isinstance(header.get("source"), str):
        return None
    if header.get("payload") != payload or type(header.get("crc32")) is not int:
        return None
    return header


def _columns(entry: BinaryIO, header: Mapping[str, object], payload: int) -> Opened:
    """The records and groups of the kept file (its header read); ValueError when it is not whole."""
    count = header["files"]
    rest = header["rest"]
    sections = header["sections"]
    if not isinstance(count, int) or not isinstance(rest, dict) or not isinstance(sections, dict):
        raise ValueError("a kept file's header out of rule")
    base, size = _START, _START + payload

    def raw(name: str) -> bytes:
        at, length = sections[name][:2]
        if type(at) is not int or type(length) is not int or min(at, length) < 0 or base + at + length > size:
            raise ValueError(f"a kept file's {name} out of place")
        entry.seek(base + at)
        data = entry.read(length)
        if len(data) != length:
            raise ValueError(f"a kept file's {name} cut short")
        return data

    def numbers(name: str, kind: str, length: int) -> npt.NDArray[Any]:
        array = np.frombuffer(raw(name), dtype=kind)
        if len(array) != length:
            raise ValueError(f"a kept file's {name} of another length")
        return array

    def texts(name: str, length: int) -> list[str]:
        made = raw(name).decode("utf-8", "surrogatepass").split("\0") if length else []
        if len(made) != length:
            raise ValueError(f"a kept file's {name} of another length")
        return made

    columns: dict[str, list[Any]] = {name: texts(name, count) for name in _TEXT_COLUMNS}
    for name, kind in (*_INT_COLUMNS, ("words", "<i8")):
        column = numbers(name, kind, count)
        columns[name] = _shared(column) if name in _SHARED else column.tolist()
    columns["empty"] = numbers("empty", "?", count).tolist()
    names = [sys.intern(name) for name in texts("encodings", int(sections["encodings"][2]))]
    chosen = numbers("encoding", "<u4", count)
    if count and int(chosen.max()) >= len(names):
        raise ValueError("a kept file's encodings out of range")
    columns["encoding"] = list(map(names.__getitem__, chosen.tolist()))
    columns["sketch"] = _sketches(entry, base, sections, numbers("sketch_lengths", "<i8", count), size)
    order = ("path", "size", "mtime_ns", "value", "empty", "encoding", "digest", "sketch", "device", "inode")
    rows = zip(*(columns[name] for name in (*order, "raw_digest", "words")), strict=True)
    files: list[FileRecord] = []
    while batch := list(islice(rows, _RECORDS_AT_ONCE)):
        files.extend(map(tuple.__new__, repeat(FileRecord), batch))
    laid = _laid(numbers, sections, count)
    return Opened(rest, files, laid)


def _shared(column: npt.NDArray[Any]) -> list[int]:
    """The numbers, equal ones as one object (a folder's few devices, its many files of one size: not 32 bytes a
    record), as the JSON reading holds them; a column of mostly distinct numbers each its own."""
    distinct, inverse = np.unique(column, return_inverse=True)
    if len(distinct) > len(column) // 2:
        return column.tolist()
    return list(map(distinct.tolist().__getitem__, inverse.tolist()))


def _sketches(
    entry: BinaryIO, base: int, sections: Mapping[str, Sequence[int]], lengths: npt.NDArray[Any], size: int
) -> list[bytes]:
    """Each file's sketch, a batch of files at a time read into one buffer and cut from it (never the whole block
    and its pieces at once; not mapped in memory, which is 0.3 s faster at a million sketches but ends the process
    when the file is cut short meanwhile)."""
    at, length = sections["sketches"][:2]
    if np.any(lengths < 0) or int(lengths.sum()) != length or base + at + length > size:
        raise ValueError("a kept file's sketches out of place")
    sketches: list[bytes] = []
    if not len(lengths):
        return sketches
    ends = np.cumsum(lengths)
    most = max(
        int(lengths[start : start + _RECORDS_AT_ONCE].sum()) for start in range(0, len(lengths), _RECORDS_AT_ONCE)
    )
    view = memoryview(bytearray(most))
    entry.seek(base + at)
    for start in range(0, len(lengths), _RECORDS_AT_ONCE):
        stop = min(start + _RECORDS_AT_ONCE, len(lengths))
        first = int(ends[start - 1]) if start else 0
        cuts = (ends[start:stop] - first).tolist()
        size_read = entry.readinto(view[: cuts[-1]])  # type: ignore[attr-defined]
        if size_read != cuts[-1]:
            raise ValueError("a kept file's sketches cut short")
        sketches.extend(map(bytes, map(view.__getitem__, map(slice, [0, *cuts[:-1]], cuts))))
    return sketches


_Numbers = Callable[[str, str, int], npt.NDArray[Any]]


def _laid(read: _Numbers, sections: Mapping[str, Sequence[int]], count: int) -> SavedGroups:
    """The saved groups as files, from their sections (each file a record's)."""
    sizes = read("group_sizes", "<i8", int(sections["group_sizes"][2]))
    files = read("group_files", "<i8", int(sections["group_files"][2]))
    if len(files) and not (int(files.min()) >= 0 and int(files.max()) < count):
        raise ValueError("a kept file's groups out of range")
    also_groups = read("also_groups", "<i8", int(sections["also_groups"][2])).tolist()
    widths = read("also_widths", "<i8", int(sections["also_widths"][2])).tolist()
    counts = read("also_counts", "<i8", int(sections["also_counts"][2])).tolist()
    items = read("also_items", "<i8", int(sections["also_items"][2])).tolist()
    if len(widths) != len(also_groups) or sum(widths) != len(counts) or sum(counts) != len(items):
        raise ValueError("a kept file's also-close files out of place")
    if items and not 0 <= min(items) <= max(items) < count:
        raise ValueError("a kept file's also-close files out of range")
    also: dict[int, tuple[tuple[int, ...], ...]] = {}
    lists, near = iter(counts), iter(items)
    for group, width in zip(also_groups, widths, strict=True):
        also[group] = tuple(tuple(islice(near, next(lists))) for _ in range(width))
    return SavedGroups(files.astype(np.intp), sizes.astype(np.intp), also)


# ------------------------------------------------------------------------------------------ keeping


def keep(info: os.stat_result, source: str, opened: Opened | Callable[[], Opened]) -> None:
    """Keep what reading the results file whose ``fstat`` is ``info`` and whose bytes' SHA-256 is ``source``
    made of it (or what ``opened()`` makes, on the keeping thread), when it is worth it and the disk has room;
    the oldest kept files beyond :data:`KEPT` go. Written on a thread of its own (a million files: about 5 s), so
    the reader goes on at once (:func:`wait` waits for it); nothing is raised: keeping is a convenience."""
    if info.st_size < WORTH_BYTES:
        return
    writer = threading.Thread(target=_keep, args=(info, source, opened), name="simcompare-keep-results", daemon=True)
    with _WRITERS_LOCK:
        _WRITERS.append(writer)
    writer.start()


def wait() -> None:
    """Wait until every kept file being written is written (or given up)."""
    with _WRITERS_LOCK:
        writers = list(_WRITERS)
    for writer in writers:
        writer.join()
    with _WRITERS_LOCK:
        _WRITERS[:] = [writer for writer in _WRITERS if writer.is_alive()]


_WRITERS: list[threading.Thread] = []
_WRITERS_LOCK = threading.Lock()
_ENDING = threading.Event()
"""Set when the process ends: a kept file being written is given up, its temporary file removed (a daemon thread
killed while writing left 1.2 GB behind)."""


@atexit.register
def _stop_writing() -> None:
    _ENDING.set()
    wait()


def ending() -> bool:
    """The process is ending: what is being made to keep is given up (long work asks between its batches)."""
    return _ENDING.is_set()


def _keep(info: os.stat_result, source: str, made: Opened | Callable[[], Opened]) -> None:
    with contextlib.suppress(Exception):  # whatever goes wrong, nothing is kept (the reading went on)
        opened = made if isinstance(made, Opened) else made()
        if _ENDING.is_set():
            return
        folder = _folder(make=True)
        if folder is None:
            return
        files = opened.files
        about = sum(len(record.sketch) + len(record.path) for record in files) + 128 * len(files)
        if shutil.disk_usage(folder).free < 2 * about:
            return
        _forget_old(folder, keep=KEPT - 1)
        header = {
            "version": _VERSION,
            "code": _code(),
            "size": info.st_size,
            "source": source,
            "files": len(files),
            "rest": opened.rest,
        }
        _write(folder / _name(info), _sections(opened), header)


_Section = tuple[str, bytes | Iterable[bytes], int]  # a name, its bytes (or its pieces, made as written), its items


def _sections(opened: Opened) -> Iterator[_Section]:
    """The kept file's sections in order, each made as it is written (a million files' columns made all at once
    before writing were 200 MB more); OverflowError when a number does not fit its column (nothing is kept)."""
    files = opened.files
    count = len(files)

    def values_of(name: str) -> list[Any]:
        return list(map(attrgetter(name), files))

    for name in _TEXT_COLUMNS:
        yield name, _texts_of(files, name), count
    for name, kind in (*_INT_COLUMNS, ("words", "<i8")):
        yield name, _packed(values_of(name), kind), count
    yield "empty", np.array(values_of("empty"), dtype=np.bool_).tobytes(), count
    encodings = values_of("encoding")
    names = list(dict.fromkeys(encodings))
    number_of = {name: n for n, name in enumerate(names)}
    yield "encodings", "\0".join(names).encode("utf-8", "surrogatepass"), len(names)
    yield "encoding", _packed(list(map(number_of.__getitem__, encodings)), "<u4"), count
    del encodings
    sketches: Sequence[bytes] = values_of("sketch")
    yield "sketch_lengths", _packed(list(map(len, sketches)), "<i8"), count
    yield "sketches", _joined(sketches), count
    del sketches
    group_files, group_sizes, also = opened.laid.parts()
    yield "group_files", _packed(group_files, "<i8"), len(group_files)
    yield "group_sizes", _packed(group_sizes, "<i8"), len(group_sizes)
    groups = sorted(also)
    widths = [len(also[group]) for group in groups]
    counts = [len(near) for group in groups for near in also[group]]
    items = [i for group in groups for near in also[group] for i in near]
    for name, column in zip(_ALSO, (groups, widths, counts, items), strict=True):
        yield name, _packed(column, "<i8"), len(column)


def _texts_of(files: Sequence[FileRecord], name: str) -> Iterator[bytes]:
    """The files' texts of field ``name``, separated by NUL (no text holds one), as UTF-8 a batch at a time (a
    million paths joined, then encoded: 130 MB more at the window's peak)."""
    for start in range(0, len(files), _RECORDS_AT_ONCE):
        batch = "\0".join(map(attrgetter(name), files[start : start + _RECORDS_AT_ONCE]))
        yield (("\0" if start else "") + batch).encode("utf-8", "surrogatepass")


def _packed(column: Sequence[int] | npt.NDArray[np.integer], kind: str) -> bytes:
    """The numbers as little-endian words of ``kind``; OverflowError when one does not fit."""
    return np.asarray(column, dtype=kind).tobytes()


def _write(path: Path, sections: Iterator[_Section], header: dict[str, object]) -> None:
    """The kept file: its start, the ``sections`` one after the other (the payload), then ``header`` with their
    places and CRC-32, written beside ``path`` (mode 0600), synced to the disk and put in its place: a failure or
    a crash leaves the kept file whole or absent. The process ending meanwhile stops the writing (:data:`_ENDING`)
    and the temporary file goes."""
    temporary = path.with_name(f".{path.name}.{os.urandom(4).hex()}.tmp")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    try:
        with open(os.open(temporary, flags, 0o600), "wb") as out:
            out.write(_MAGIC + bytes(8))  # the payload's length: written once it is known
            at, places, crc = 0, {}, 0
            for name, section, items in sections:
                start = at
                for data in [section] if isinstance(section, bytes) else section:
                    if _ENDING.is_set():
                        raise InterruptedError("the process ends")
                    crc = zlib.crc32(data, crc)
                    out.write(data)
                    at += len(data)
                places[name] = [start, at - start, items]
            header |= {"payload": at, "sections": places, "crc32": crc}
            out.write(json.dumps(header, ensure_ascii=True, allow_nan=False, separators=(",", ":")).encode("ascii"))
            out.seek(len(_MAGIC))
            out.write(at.to_bytes(8, "little"))
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _joined(pieces: Sequence[bytes]) -> Iterator[bytes]:
    """The pieces, a few thousand joined at a time (8 MB of sketches: 65,536 of them were 64 MB at the window's
    peak, when results read as JSON are kept beside the groups being made)."""
    for start in range(0, len(pieces), _JOINED):
        yield b"".join(pieces[start : start + _JOINED])


_JOINED = 8_192


def _forget_old(folder: Path, *, keep: int) -> None:
    """Remove all but the ``keep`` newest kept files, and temporary files left by a stopped writer."""
    kept: list[tuple[float, Path]] = []
    now = None
    for path in folder.iterdir():
        with contextlib.suppress(OSError):
            info = path.lstat()
            if not stat.S_ISREG(info.st_mode):
                continue
            if path.name.endswith(_SUFFIX) and not path.name.startswith("."):
                kept.append((info.st_mtime, path))
            elif path.name.endswith(".tmp") and path.name.startswith("."):
                now = now if now is not None else time.time()
                if now - info.st_mtime > _STALE_SECONDS:
                    path.unlink()
    kept.sort(reverse=True)
    for _, path in kept[keep:]:
        with contextlib.suppress(OSError):
            path.unlink()


@functools.lru_cache(maxsize=1)
def _code() -> str:
    """This simcompare's version and the digest of its core's source files (a kept file made by other code, whose
    checks may differ, is not used); the version alone where the sources are not files (a frozen app)."""
    digest = hashlib.sha256(__version__.encode())
    core = Path(__file__).resolve().parent.parent
    for path in sorted(core.rglob("*.py")):
        with contextlib.suppress(OSError):
            digest.update(path.relative_to(core).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()
