"""SQLite cache of per-file work, so a rescan of an unchanged folder segments nothing (DESIGN.md §3).

Two tables, keyed by path and a settings key, each row stamped with the file's size, mtime, ctime and
inode (a same-size edit whose mtime was put back, as ``cp -p``, ``rsync -a`` and tar do, still changes the
ctime):
- ``features``: each file's kept tokens with their counts (and, for TextRank, their order), under
  ``Config.features_key()`` (the settings that affect segmentation). A change of weighting, hasher or width
  re-uses them.
- ``fingerprints``: the finished fingerprint under ``Config.fingerprint_key()`` (every setting), so an
  unchanged rescan with the same settings does no work at all. A hasher the key cannot name for certain (a
  callable) gets no fingerprint rows: another callable of the same name must never be served its bits.

Each row's payload is a frozen dataclass stored by field name, so a field added later only makes older rows
misses (rewritten on the next scan). Fingerprints are JSON. Features are packed (:func:`_packed`): their fields
as JSON, the counts as one array of 32-bit numbers and the tokens as one string, because decoding and
checking a JSON object of every token was most of a warm rescan's time; rows of the JSON kind, written before,
are still read and rewritten packed by the next scan. Paths are stored as bytes: a name need not be UTF-8.

The cache never touches what is not its own. The file carries its own SQLite ``application_id``; a path
that holds anything else (a user's file, a folder, a device, another program's database) is refused, and
only a regular file carrying the id, or a regular file where the app's own cache belongs (the default path,
not one a user named), is ever set aside as damaged, once, with one warning. A cache that cannot be created or
written (no home, a read-only folder or file, a full disk, another process holding it) is not a reason to
stop a scan: :func:`open_cache` warns in one line and the scan runs without one.
"""

from __future__ import annotations

import contextlib
import dataclasses
import errno
import json
import os
import sqlite3
import stat
import threading
import time
import uuid
import warnings
from collections.abc import Callable, Collection, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

from simcompare.core.errors import ErrorCode, InputError, SimcompareError
from simcompare.core.text.reading import read_start
from simcompare.core.userdirs import user_cache_folder

APPLICATION_ID = 0x53494D43  # "SIMC": marks the file as ours
SCHEMA_VERSION = 5  # 3 was the groups branch's column layout; 4 the JSON payloads; 5 the raw bytes' digest
# (packed features rows came without a new version: rows of the JSON kind are still read, and rewritten packed)
_HEADER = b"SQLite format 3\x00"
_APPLICATION_ID_OFFSET = 68  # where SQLite keeps the application id in its 100-byte header


def default_cache_path() -> Path:
    """The cache file in the user's cache folder (XDG on Linux, Library/Caches on macOS, LOCALAPPDATA).

    Raises:
        RuntimeError: no home folder is known.
    """
    return user_cache_folder() / "cache.sqlite3"


_OPEN_PATIENCE = 30.0  # seconds


class CacheWarning(UserWarning):
    """The cache file had to be set aside or could not be used; the message is one line."""


class NotACacheError(SimcompareError):
    """The named cache path holds something that is not a simcompare cache; it was left untouched."""

    code = ErrorCode.NOT_A_CACHE


class CacheUnavailableError(SimcompareError):
    """The cache cannot be created, opened or written here (the scan can go on without it)."""

    code = ErrorCode.CACHE_UNAVAILABLE


class _Busy(Exception):
    """Another process held the cache longer than the busy timeout: not a reason to discard it."""


# ------------------------------------------------------------------------------------------ rows


@dataclass(frozen=True, slots=True)
class FileStamp:
    """What must be unchanged for a cached row to be trusted."""

    size: int
    mtime_ns: int
    ctime_ns: int
    inode: int

    @classmethod
    def of(cls, info: os.stat_result) -> FileStamp:
        return cls(info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino)


def _check(ok: bool, what: str) -> None:
    if not ok:
        raise ValueError(f"bad cached value: {what}")


@dataclass(frozen=True, slots=True)
class CachedFeatures:
    """What segmentation made of one file: the kept tokens' counts, their order (TextRank), the codec, the
    cleaned text's digest, its sketch for verification (``simcompare.core.search.verify``, as bytes) and
    the digest of the file's raw bytes (files with the same bytes are identical whatever their format)."""

    counts: dict[str, int]
    sequence: tuple[str, ...] | None
    encoding: str
    digest: str
    sketch: bytes
    raw_digest: str

    def __post_init__(self) -> None:
        _check_fields(self)
        _check(isinstance(self.counts, dict), "counts")
        if self.sequence is not None:
            _check(isinstance(self.sequence, list | tuple), "sequence")
            object.__setattr__(self, "sequence", tuple(self.sequence))

    @property
    def words(self) -> int:
        """How many tokens the text kept: the sum of the counts."""
        return sum(self.counts.values())

    def unpacked(self) -> CachedFeatures:
        """These features (the same call on :class:`PackedFeatures` makes them)."""
        return self

    def check_tokens(self) -> None:
        """Every count and token of a stored payload checked, one by one. Only what is read back from a
        cache file needs it (a worker's own counts are right by construction, and checking each token cost
        a scan several per cent of its time)."""
        _check(all(isinstance(t, str) and type(c) is int and c > 0 for t, c in self.counts.items()), "a token count")
        if self.sequence is not None:
            _check(all(isinstance(t, str) for t in self.sequence), "a token of the sequence")


def _check_fields(features: CachedFeatures | PackedFeatures) -> None:
    """The fields but the tokens, as both kinds of features have them."""
    _check(isinstance(features.digest, str) and bool(features.digest), "digest")
    _check(isinstance(features.raw_digest, str) and bool(features.raw_digest), "raw_digest")
    if isinstance(features.sketch, str):  # stored as hex
        object.__setattr__(features, "sketch", bytes.fromhex(features.sketch))
    _check(isinstance(features.sketch, bytes) and len(features.sketch) % 4 == 0, "sketch")
    _check(isinstance(features.encoding, str), "encoding")


@dataclass(frozen=True, slots=True, eq=False)  # eq=False: an array's == is not a truth value
class PackedFeatures:
    """``CachedFeatures`` as a packed row of the cache holds them (see :func:`_packed`), checked but not yet
    made into a dict: a rescan of an unchanged file with its fingerprint cached needs only their fields and
    the number of words, and making a dict of every token was most of the cost of reading the cache.

    ``numbers`` are the counts (each above 0), ``tokens`` the tokens joined by NUL (as many as the counts)
    and ``sequence`` the sequence joined the same way (``steps`` tokens) or None. A token stored twice (never
    written so) has the sum of its counts, so the counts' dict and :attr:`words` always agree.
    """

    encoding: str
    digest: str
    sketch: bytes
    raw_digest: str
    numbers: np.ndarray
    tokens: str
    sequence: str | None
    steps: int

    def __post_init__(self) -> None:
        _check_fields(self)
        number = len(self.numbers)
        _check(not number or int(self.numbers.min()) > 0, "a token count")
        _check(_holds(self.tokens, number), "a token")
        if self.sequence is not None:
            _check(_holds(self.sequence, self.steps), "a token of the sequence")

    @property
    def words(self) -> int:
        """How many tokens the text kept: the sum of the counts."""
        return int(self.numbers.sum(dtype=np.int64))

    def unpacked(self) -> CachedFeatures:
        """The features with their counts' dict and their sequence, in the order they were stored."""
        tokens = self.tokens.split(_SEPARATOR) if len(self.numbers) else []
        numbers = self.numbers.tolist()
        counts = dict(zip(tokens, numbers, strict=True))
        if len(counts) != len(tokens):  # a token stored twice
            counts = {}
            for token, count in zip(tokens, numbers, strict=True):
                counts[token] = counts.get(token, 0) + count
        sequence = None
        if self.sequence is not None:
            sequence = tuple(self.sequence.split(_SEPARATOR)) if self.steps else ()
        return CachedFeatures(counts, sequence, self.encoding, self.digest, self.sketch, self.raw_digest)


@dataclass(frozen=True, slots=True)
class CachedFingerprint:
    """One file's finished fingerprint under one set of settings."""

    value: int
    empty: bool
    encoding: str

    def __post_init__(self) -> None:
        _check(type(self.value) is int and self.value >= 0, "value")
        _check(isinstance(self.empty, bool), "empty")
        _check(isinstance(self.encoding, str), "encoding")


@dataclass(frozen=True, slots=True)
class StoredFeatures:
    """``CachedFeatures`` already written as the cache stores them: a scan's workers write them, in parallel,
    and send one value (packed bytes, or JSON text) instead of a dict of every token, so the scanning process
    only has to insert it."""

    payload: bytes | str

    @classmethod
    def of(cls, features: CachedFeatures) -> StoredFeatures:
        return cls(_packed(features))


@dataclass(frozen=True, slots=True)
class CacheRow:
    """A finished file to store: its features (None when they came from the cache) and its fingerprint."""

    path: str
    stamp: FileStamp
    features: CachedFeatures | StoredFeatures | None
    fingerprint: CachedFingerprint


_Payload = TypeVar("_Payload", CachedFeatures, CachedFingerprint)
_Decoded = TypeVar("_Decoded")


# Fields stored under another name: the name rows were first written with (a rename must not make every
# row of an existing cache a miss). Sketches of 32-bit hashes are "sketch32": the rows of 64-bit ones, under
# "shingles", are then misses, worked out again and rewritten, never read as sketches of another kind.
_STORED_AS = {"sketch": "sketch32"}
_READ_AS = {stored: name for name, stored in _STORED_AS.items()}


def _to_json(payload: CachedFeatures | CachedFingerprint) -> str:
    fields = {_STORED_AS.get(f.name, f.name): getattr(payload, f.name) for f in dataclasses.fields(payload)}
    fields = {name: value.hex() if isinstance(value, bytes) else value for name, value in fields.items()}
    # The counts in their own order (the first appearance of each token, as a fresh scan has them): sorting
    # them doubled the time, and nothing read back depends on their order.
    return json.dumps(fields, ensure_ascii=False)


def _from_json(kind: type[_Payload], raw: Any) -> _Payload:
    """A payload from its stored JSON; ValueError/TypeError for anything else (a miss, rewritten later)."""
    if not isinstance(raw, bytes | str):
        raise TypeError("payload is not text")
    data = json.loads(raw)
    if not isinstance(data, dict):
        raise TypeError("payload is not an object")
    for stored, name in _READ_AS.items():
        if stored in data:
            data[name] = data.pop(stored)
    payload = kind(**data)
    if isinstance(payload, CachedFeatures):
        payload.check_tokens()
    return payload


# A packed features row: this mark (never the start of JSON text), the length of the header (4 bytes, little
# endian), the header (JSON: the fields but the counts and the sequence, and the sizes of what follows), the
# counts (4 bytes each, little endian), the tokens joined by NUL and, when there is one, the sequence joined
# by NUL (UTF-8).
_PACKED = b"\x00SCF1"
_SEPARATOR = "\x00"
_COUNT = np.dtype("<u4")
_HEADER_SIZE = 4


def _joined(tokens: Collection[str]) -> bytes | None:
    """The tokens as one string, or None when one of them holds the separator (or cannot be UTF-8)."""
    text = _SEPARATOR.join(tokens)
    if not _holds(text, len(tokens)):
        return None
    try:
        return text.encode()
    except UnicodeEncodeError:  # a lone surrogate
        return None


def _holds(joined: str, number: int) -> bool:
    """Whether ``joined`` holds ``number`` tokens (none: it is empty; one: it may be the empty token)."""
    return joined.count(_SEPARATOR) == number - 1 if number else not joined


def _packed(features: CachedFeatures) -> bytes | str:
    """Features as the cache stores them: packed, or JSON when they cannot be (a token holding NUL, a count
    past 32 bits: never seen, but read back the same either way)."""
    counts = features.counts
    tokens = _joined(counts)
    sequence = None if features.sequence is None else _joined(features.sequence)
    try:
        numbers = np.fromiter(counts.values(), dtype=np.int64, count=len(counts))
    except OverflowError:  # a count past 64 bits (a JSON row may hold one)
        return _to_json(features)
    if tokens is None or (features.sequence is not None and sequence is None) or not _fits(numbers):
        return _to_json(features)
    header = {
        _STORED_AS.get(f.name, f.name): getattr(features, f.name)
        for f in dataclasses.fields(features)
        if f.name not in ("counts", "sequence")
    }
    header = {name: value.hex() if isinstance(value, bytes) else value for name, value in header.items()}
    steps = None if features.sequence is None else len(features.sequence)
    header |= {"tokens": len(counts), "text": len(tokens), "sequence": steps}
    head = json.dumps(header, ensure_ascii=False).encode()
    size = len(head).to_bytes(_HEADER_SIZE, "little")
    return b"".join((_PACKED, size, head, numbers.astype(_COUNT).tobytes(), tokens, sequence or b""))


def _fits(numbers: np.ndarray) -> bool:
    """Whether every count can be stored packed: above 0 and within 32 bits."""
    return not numbers.size or (int(numbers.min()) > 0 and int(numbers.max()) <= np.iinfo(_COUNT).max)


def _unpacked(raw: bytes) -> PackedFeatures:
    """Features from a packed row, every part checked as :func:`_from_json` checks it; ValueError/TypeError for
    anything else (a miss, rewritten later)."""
    start = len(_PACKED) + _HEADER_SIZE
    _check(len(raw) >= start, "header size")
    head_end = start + int.from_bytes(raw[len(_PACKED) : start], "little")
    _check(head_end <= len(raw), "header size")
    header = json.loads(raw[start:head_end].decode())
    _check(isinstance(header, dict), "header")
    number, text, steps = header.pop("tokens", None), header.pop("text", None), header.pop("sequence", -1)
    _check(type(number) is int and number >= 0, "number of tokens")
    _check(type(text) is int and text >= 0, "size of the tokens")
    _check(steps is None or (type(steps) is int and steps >= 0), "length of the sequence")
    counts_end = head_end + number * _COUNT.itemsize
    text_end = counts_end + text
    _check(text_end <= len(raw) and (steps is not None or text_end == len(raw)), "sizes")
    for stored, name in _READ_AS.items():
        if stored in header:
            header[name] = header.pop(stored)
    return PackedFeatures(
        numbers=np.frombuffer(raw, dtype=_COUNT, count=number, offset=head_end).copy(),  # not the whole row kept
        tokens=raw[counts_end:text_end].decode(),
        sequence=None if steps is None else raw[text_end:].decode(),
        steps=steps or 0,
        **header,
    )


def _features_from(raw: Any) -> tuple[CachedFeatures | PackedFeatures, bool]:
    """Features from a stored row, packed or JSON, and whether it was JSON (to be rewritten packed)."""
    if isinstance(raw, bytes) and raw.startswith(_PACKED):
        return _unpacked(raw), False
    return _from_json(CachedFeatures, raw), True


# ------------------------------------------------------------------------------------------ the cache

_SCHEMA = """
CREATE TABLE IF NOT EXISTS features (
    path BLOB NOT NULL, key TEXT NOT NULL,
    size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL, ctime_ns INTEGER NOT NULL, inode INTEGER NOT NULL,
    payload TEXT NOT NULL,
    PRIMARY KEY (path, key)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS fingerprints (
    path BLOB NOT NULL, key TEXT NOT NULL,
    size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL, ctime_ns INTEGER NOT NULL, inode INTEGER NOT NULL,
    payload TEXT NOT NULL,
    PRIMARY KEY (path, key)
) WITHOUT ROWID;
"""


def is_own_cache_file(path: str | os.PathLike[str]) -> bool:
    """True when ``path`` is a regular file whose SQLite header carries simcompare's application id."""
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            return False
        header = read_start(path, 100)  # never a wait (a FIFO swapped in after the look)
    except (OSError, InputError):
        return False
    return (
        len(header) == 100
        and header.startswith(_HEADER)
        and int.from_bytes(header[_APPLICATION_ID_OFFSET : _APPLICATION_ID_OFFSET + 4], "big") == APPLICATION_ID
    )


def _disk_full(folder: Path | None) -> bool:
    """SQLite reports a write refused for want of space as a mere "disk I/O error": ask the file system."""
    if folder is None or not hasattr(os, "statvfs"):
        return False
    try:
        space = os.statvfs(folder)
    except OSError:
        return False
    return space.f_bavail * space.f_frsize < 64 * 1024


def _sqlite_trouble(error: BaseException, folder: Path | None = None) -> str:
    """A short, plain description of why SQLite or the file system refused."""
    name = getattr(error, "sqlite_errorname", "")
    text = str(error).lower()
    errno_ = getattr(error, "errno", None)
    if name == "SQLITE_FULL" or "disk is full" in text or errno_ == errno.ENOSPC:
        return "the disk is full"
    if (name.startswith("SQLITE_IOERR") or "i/o error" in text or isinstance(error, OSError)) and _disk_full(folder):
        return "the disk is full"
    if name.startswith("SQLITE_READONLY") or "readonly" in text or "read-only" in text or errno_ == errno.EROFS:
        return "it is read-only"
    if isinstance(error, PermissionError) or name.startswith("SQLITE_PERM") or name.startswith("SQLITE_CANTOPEN"):
        return "permission denied or the folder cannot be written"
    if isinstance(error, OSError):
        return error.strerror or str(error)
    return str(error)


def _is_busy(error: sqlite3.Error) -> bool:
    name = getattr(error, "sqlite_errorname", "")
    return name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in str(error) or "busy" in str(error)


def _is_corrupt(error: sqlite3.Error) -> bool:
    name = getattr(error, "sqlite_errorname", "")
    text = str(error)
    return name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")) or "malformed" in text or "not a database" in text


class Cache:
    """The per-file cache. Safe for two scans at once (WAL, busy timeout); one instance per thread.

    Raises (from the constructor):
        NotACacheError: ``path`` holds something that is not a simcompare cache (left untouched), or lies
            under a file.
        CacheUnavailableError: the cache cannot be created or opened here.
    """

    def __init__(
        self,
        path: str | os.PathLike[str] | None = None,
        *,
        own_folder: bool | None = None,
        warn: Callable[[str], None] | None = None,
    ) -> None:
        """Open (or create) the cache at ``path``, the default one for None.

        ``own_folder`` (default: when ``path`` is None) says the path is the app's own, not one a user named:
        a regular file there that is not a cache is our own cache damaged past recognition (a crash, a full
        disk), so it is moved aside and a new cache started, rather than worked around on every scan.
        ``warn`` takes each warning's line (the window shows them); without it they are CacheWarnings.
        """
        self._warn = warn or _warn
        self._own_folder = path is None if own_folder is None else own_folder
        if path is None:
            try:
                path = default_cache_path()
            except RuntimeError as error:
                raise CacheUnavailableError(str(error)) from None
        self.path = Path(path)
        self._lock = threading.Lock()
        self._outdated: set[str] = set()
        self._db = self._open()

    # -------------------------------------------------------------------------------- opening

    def _refuse(self, what: str) -> NotACacheError:
        return NotACacheError(f"{self.path} {what}; it is not a simcompare cache and was left untouched")

    def _open(self) -> sqlite3.Connection:
        try:
            info = os.stat(self.path)
        except FileNotFoundError:
            self._create()
        except NotADirectoryError:
            raise self._refuse("lies under a file, not a folder") from None
        except OSError as error:
            raise CacheUnavailableError(
                f"the cache {self.path} cannot be used: {_sqlite_trouble(error, self.path.parent)}"
            ) from None
        else:
            if not stat.S_ISREG(info.st_mode):
                kind = "is a folder" if stat.S_ISDIR(info.st_mode) else "is not a regular file"
                raise self._refuse(kind)
            if not os.access(self.path, os.R_OK):
                raise CacheUnavailableError(f"the cache {self.path} cannot be read: permission denied")
            if not is_own_cache_file(self.path):
                if not self._own_folder:
                    raise self._refuse("already holds other data")
                self._set_aside("it no longer reads as a simcompare cache")
                self._create()
        try:
            return self._connect_patiently()
        except _Busy as error:
            raise CacheUnavailableError(f"the cache {self.path} is busy ({error})") from None
        except sqlite3.DatabaseError as error:
            if not _is_corrupt(error):
                raise CacheUnavailableError(
                    f"the cache {self.path} cannot be used: {_sqlite_trouble(error, self.path.parent)}"
                ) from None
            self._set_aside(str(error))
            self._create()
            return self._connect_patiently()

    def _create(self) -> None:
        """Make a new cache file: built beside it under a temporary name, then linked into place.

        Linking never replaces anything, so a file that appears meanwhile (another scan's cache, or a
        user's file) is kept, and the cache file is never seen half made.
        """
        folder = self.path.parent
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except (FileExistsError, NotADirectoryError):
            raise self._refuse("lies under a file, not a folder") from None
        except OSError as error:
            raise CacheUnavailableError(
                f"the cache folder {folder} cannot be created: {_sqlite_trouble(error, self.path.parent)}"
            ) from None
        temporary = folder / f".simcompare-cache-{uuid.uuid4().hex[:16]}.new"  # never longer than a name can be
        try:
            db = sqlite3.connect(temporary, isolation_level=None)
            try:
                self._make_schema(db)
            finally:
                db.close()
            self._link_into_place(temporary)
        except (OSError, sqlite3.Error) as error:
            raise CacheUnavailableError(
                f"the cache {self.path} cannot be created: {_sqlite_trouble(error, self.path.parent)}"
            ) from None
        finally:
            for suffix in ("", "-journal"):
                with contextlib.suppress(OSError):
                    os.unlink(f"{temporary}{suffix}")

    def _link_into_place(self, temporary: Path) -> None:
        try:
            os.link(temporary, self.path)
        except FileExistsError:
            pass  # another scan made it first; it is checked like any existing file
        except OSError as error:
            if error.errno not in (errno.EPERM, errno.ENOSYS, errno.EOPNOTSUPP, errno.EXDEV):
                raise
            # A file system without hard links: rename, which on Windows never replaces a file, and
            # elsewhere only when nothing is there (a tiny race, lost only to another new cache).
            if os.name == "nt" or not os.path.lexists(self.path):
                os.rename(temporary, self.path)
        if not is_own_cache_file(self.path):
            raise self._refuse("already holds other data")

    @staticmethod
    def _make_schema(db: sqlite3.Connection) -> None:
        db.execute("BEGIN IMMEDIATE")
        db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        for table in ("features", "fingerprints"):
            db.execute(f"DROP TABLE IF EXISTS {table}")
        for statement in _SCHEMA.split(";"):
            if statement.strip():
                db.execute(statement)
        db.execute("COMMIT")

    def _connect_patiently(self) -> sqlite3.Connection:
        # SQLite answers "locked" at once, without waiting, while another connection switches a new
        # file to WAL; such a moment passes, so try again for a while before working without the cache.
        deadline = time.monotonic() + _OPEN_PATIENCE
        while True:
            try:
                return self._connect()
            except _Busy:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=30, check_same_thread=False, isolation_level=None)
        db.text_factory = bytes  # text is decoded row by row, so one undecodable value is one miss
        try:
            db.execute("PRAGMA busy_timeout = 30000")
            db.execute("PRAGMA journal_mode = WAL")
            db.execute("PRAGMA synchronous = NORMAL")
            app_id = db.execute("PRAGMA application_id").fetchone()[0]
            if app_id != APPLICATION_ID:  # replaced since it was checked
                raise self._refuse("already holds other data")
            if db.execute("PRAGMA user_version").fetchone()[0] != SCHEMA_VERSION:
                self._make_schema(db)  # an older simcompare's cache: ours, rebuilt in place
            db.execute("PRAGMA quick_check").fetchone()
        except sqlite3.Error as error:
            db.close()
            if _is_busy(error):
                raise _Busy(str(error)) from error
            raise
        except BaseException:
            db.close()
            raise
        return db

    def _set_aside(self, reason: str) -> None:
        """Move our own damaged cache file (and its journal files) aside; the caller checked it is ours (by
        its application id, or by its place in the app's own folder)."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = self.path.with_name(f"{self.path.name}.damaged-{stamp}")
        number = 1
        while aside.exists():
            number += 1
            aside = self.path.with_name(f"{self.path.name}.damaged-{stamp}-{number}")
        for suffix in ("", "-wal", "-shm"):
            source = Path(f"{self.path}{suffix}")
            if source.exists():
                source.replace(Path(f"{aside}{suffix}"))
        self._warn(f"the cache file {self.path} was damaged ({reason}); it was moved to {aside} and a new one started")

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def __enter__(self) -> Cache:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -------------------------------------------------------------------------------- reading

    def _rows_under(self, table: str, root: str, key: str) -> list[tuple]:
        low = os.fsencode(root)
        if not low.endswith(os.sep.encode()):
            low += os.sep.encode()
        high = low[:-1] + bytes([low[-1] + 1])
        try:
            with self._lock:
                return self._db.execute(
                    f"SELECT path, size, mtime_ns, ctime_ns, inode, payload FROM {table} "
                    "WHERE key = ? AND path >= ? AND path < ?",
                    (key, low, high),
                ).fetchall()
        except sqlite3.DatabaseError as error:
            self._warn(f"the cache could not be read ({_sqlite_trouble(error, self.path.parent)}); working without it")
            return []

    def _decoded(
        self, rows: list[tuple], decode: Callable[[Any], _Decoded], wanted: Collection[str] | None = None
    ) -> Iterator[tuple[str, FileStamp, _Decoded]]:
        for path, size, mtime_ns, ctime_ns, inode, payload in rows:
            try:
                if not isinstance(path, bytes):
                    raise TypeError("path is not bytes")
                name = os.fsdecode(path)
                if wanted is not None and name not in wanted:
                    continue  # decoding costs more than reading: only the rows asked for
                yield name, FileStamp(size, mtime_ns, ctime_ns, inode), decode(payload)
            except (ValueError, TypeError, RecursionError):  # RecursionError: JSON nested past the decoder's depth
                continue  # a damaged row is a miss; the file is worked out again and its row rewritten

    def features_under(
        self, root: str, key: str, paths: Collection[str] | None = None
    ) -> dict[str, tuple[FileStamp, CachedFeatures | PackedFeatures]]:
        """Cached features of files below ``root`` (an absolute path): path → (stamp, features).

        The paths whose rows were of the JSON kind written before rows were packed are then
        :meth:`outdated_features`: storing their features again (``CacheRow.features``) rewrites them packed.

        Args:
            paths: Only these files (absolute paths); None for all.
        """
        self._outdated = set()
        if paths is not None and not paths:
            return {}
        rows = self._rows_under("features", root, key)
        found: dict[str, tuple[FileStamp, CachedFeatures | PackedFeatures]] = {}
        for path, stamp, (features, outdated) in self._decoded(rows, _features_from, paths):
            found[path] = (stamp, features)
            if outdated:
                self._outdated.add(path)
        return found

    def outdated_features(self) -> frozenset[str]:
        """The paths of the last :meth:`features_under` whose rows are of the older JSON kind."""
        return frozenset(self._outdated)

    def fingerprints_under(self, root: str, key: str) -> dict[str, tuple[FileStamp, CachedFingerprint]]:
        """Cached fingerprints of files below ``root`` (an absolute path): path → (stamp, fingerprint)."""
        rows = self._rows_under("fingerprints", root, key)

        def decode(payload: Any) -> CachedFingerprint:
            return _from_json(CachedFingerprint, payload)

        return {path: (stamp, payload) for path, stamp, payload in self._decoded(rows, decode)}

    # -------------------------------------------------------------------------------- writing

    def store(self, key_features: str, key_fingerprint: str | None, rows: Iterable[CacheRow]) -> None:
        """Store finished files. Rows without features (found in the cache already) update only fingerprints.

        Args:
            key_features: ``Config.features_key()`` of the settings the rows were made with.
            key_fingerprint: ``Config.fingerprint_key()``; None stores no fingerprints (a hasher that
                cannot be named for certain).
            rows: The finished files.

        A failure to write is a warning, never an error: the results are only not kept.
        """
        features, fingerprints = [], []
        for row in rows:
            path = os.fsencode(row.path)
            stamp = (row.stamp.size, row.stamp.mtime_ns, row.stamp.ctime_ns, row.stamp.inode)
            if isinstance(row.features, StoredFeatures):
                features.append((path, key_features, *stamp, row.features.payload))
            elif row.features is not None:
                features.append((path, key_features, *stamp, _packed(row.features)))
            if key_fingerprint is not None:
                fingerprints.append((path, key_fingerprint, *stamp, _to_json(row.fingerprint)))
        try:
            with self._lock:
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    self._db.executemany("INSERT OR REPLACE INTO features VALUES (?, ?, ?, ?, ?, ?, ?)", features)
                    self._db.executemany(
                        "INSERT OR REPLACE INTO fingerprints VALUES (?, ?, ?, ?, ?, ?, ?)", fingerprints
                    )
                except BaseException:
                    self._db.execute("ROLLBACK")
                    raise
                self._db.execute("COMMIT")
        except sqlite3.Error as error:
            trouble = _sqlite_trouble(error, self.path.parent)
            self._warn(f"the cache {self.path} could not be written ({trouble}); results are not kept")


def _warn(message: str) -> None:
    warnings.warn(message, CacheWarning, stacklevel=3)


def open_cache(
    path: str | os.PathLike[str] | None = None,
    *,
    named: bool | None = None,
    warn: Callable[[str], None] | None = None,
) -> Cache | None:
    """The cache for a front end, or None (after a one-line CacheWarning) when it cannot be used.

    Args:
        path: The cache file; None for the default one in the user's cache folder.
        named: The user named ``path`` (default: when one is given). A named path that holds something
            else is an error the user must fix; the default location holding something else is a warning.
        warn: Takes each warning's line, here and from the cache (the window shows them); CacheWarnings without.

    Raises:
        NotACacheError: a named path holds something that is not a simcompare cache, or lies under a file.
    """
    if named is None:
        named = path is not None
    report = warn or _warn
    try:
        return Cache(path, own_folder=not named, warn=warn)
    except NotACacheError as error:
        if named:
            raise
        report(f"{error}; working without a cache")
    except CacheUnavailableError as error:
        report(f"{error}; working without a cache")
    return None
