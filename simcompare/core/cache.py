"""SQLite cache of per-file work, so a rescan of an unchanged folder segments nothing (DESIGN.md §3).

Two tables, keyed by path, size and mtime:
- ``features``: each file's kept tokens with their counts (and, for TextRank, their order), under a key of
  the settings that affect segmentation. A change of weighting, hasher or width re-uses them.
- ``fingerprints``: the finished fingerprint under a key of every setting, so an unchanged rescan with the
  same settings does no work at all.

A corrupt or foreign file is moved aside and rebuilt, with a warning; the cache never stops a scan.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
import threading
import time
import warnings
from collections.abc import Iterable, Mapping
from pathlib import Path

APPLICATION_ID = 0x53494D43  # "SIMC": marks the file as ours
SCHEMA_VERSION = 3


def default_cache_path() -> Path:
    """The cache file in the user's cache folder (XDG on Linux, Library/Caches on macOS, LOCALAPPDATA)."""
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA", Path.home() / "AppData" / "Local"))
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Caches"
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "simcompare" / "cache.sqlite3"


_OPEN_PATIENCE = 30.0  # seconds


class _Busy(Exception):
    """Another process held the cache longer than the busy timeout: not a reason to discard it."""


class CacheWarning(UserWarning):
    """The cache file had to be set aside or could not be used."""


_SCHEMA = """
CREATE TABLE IF NOT EXISTS features (
    path TEXT NOT NULL, key TEXT NOT NULL, size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL,
    counts TEXT NOT NULL, sequence TEXT, encoding TEXT NOT NULL, digest TEXT NOT NULL, shingles BLOB NOT NULL,
    PRIMARY KEY (path, key)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS fingerprints (
    path TEXT NOT NULL, key TEXT NOT NULL, size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL,
    value TEXT NOT NULL, empty INTEGER NOT NULL, encoding TEXT NOT NULL,
    PRIMARY KEY (path, key)
) WITHOUT ROWID;
"""


class Cache:
    """The per-file cache. Safe for two scans at once (WAL, busy timeout); one instance per thread."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path) if path is not None else default_cache_path()
        self._lock = threading.Lock()
        self._db = self._open()

    # -------------------------------------------------------------------------------- opening

    def _open(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            return self._connect_patiently()
        except _Busy as error:
            warnings.warn(f"the cache {self.path} is busy ({error}); working without it", CacheWarning, stacklevel=3)
            return sqlite3.connect(":memory:", check_same_thread=False, isolation_level=None)
        except sqlite3.DatabaseError as error:
            self._set_aside(str(error))
            return self._connect_patiently()

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
        try:
            db.execute("PRAGMA busy_timeout = 30000")
            db.execute("PRAGMA journal_mode = WAL")
            db.execute("PRAGMA synchronous = NORMAL")
            # One write transaction from the first look to the last table, so two scans opening a new
            # cache at once never see each other's half-made file.
            db.execute("BEGIN IMMEDIATE")
            app_id = db.execute("PRAGMA application_id").fetchone()[0]
            tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if tables and app_id != APPLICATION_ID:
                raise sqlite3.DatabaseError(f"not a simcompare cache (application id {app_id:#x})")
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if tables and version != SCHEMA_VERSION:
                # Our own cache from another version: its rows cannot be read, so start it afresh in place.
                for table in tables & {"features", "fingerprints"}:
                    db.execute(f"DROP TABLE {table}")
            db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    db.execute(statement)
            db.execute("COMMIT")
            db.execute("PRAGMA quick_check").fetchone()
        except sqlite3.OperationalError as error:
            db.close()
            if "locked" in str(error) or "busy" in str(error):
                raise _Busy(str(error)) from error
            raise
        except sqlite3.DatabaseError:
            db.close()
            raise
        return db

    def _set_aside(self, reason: str) -> None:
        aside = self.path.with_name(f"{self.path.name}.broken-{time.strftime('%Y%m%d-%H%M%S')}")
        for suffix in ("", "-wal", "-shm"):
            source = Path(str(self.path) + suffix)
            if source.exists():
                source.replace(Path(str(aside) + suffix))
        warnings.warn(
            f"the cache file {self.path} could not be used ({reason}); it was moved to {aside} and a new one started",
            CacheWarning,
            stacklevel=3,
        )

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def __enter__(self) -> Cache:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -------------------------------------------------------------------------------- reading

    def _query(self, sql: str, params: tuple) -> list[tuple]:
        try:
            with self._lock:
                return self._db.execute(sql, params).fetchall()
        except sqlite3.DatabaseError as error:
            warnings.warn(f"the cache could not be read ({error}); working without it", CacheWarning, stacklevel=3)
            return []

    def features_under(self, root: str, key: str) -> dict[str, tuple[int, int, str, str | None, str, str, bytes]]:
        """Cached features below ``root``: path → (size, mtime_ns, counts, sequence, encoding, digest, shingles)."""
        rows = self._query(
            "SELECT path, size, mtime_ns, counts, sequence, encoding, digest, shingles FROM features "
            "WHERE key = ? AND path >= ? AND path < ?",
            (key, root, root + "\U0010ffff"),
        )
        return {row[0]: row[1:] for row in rows}

    def fingerprints_under(self, root: str, key: str) -> dict[str, tuple[int, int, int, bool, str]]:
        """Cached fingerprints of files below ``root``: path → (size, mtime_ns, value, empty, encoding)."""
        rows = self._query(
            "SELECT path, size, mtime_ns, value, empty, encoding FROM fingerprints "
            "WHERE key = ? AND path >= ? AND path < ?",
            (key, root, root + "\U0010ffff"),
        )
        return {row[0]: (row[1], row[2], int(row[3], 16), bool(row[4]), row[5]) for row in rows}

    # -------------------------------------------------------------------------------- writing

    def store(
        self,
        key_features: str,
        key_fingerprint: str,
        rows: Iterable[
            tuple[str, int, int, Mapping[str, int] | None, tuple[str, ...] | None, str, int, bool, str, bytes]
        ],
    ) -> None:
        """Store finished files: (path, size, mtime_ns, counts or None, sequence, encoding, value, empty,
        digest, shingles).

        Rows whose counts are None (found in the cache already) update only the fingerprint table.
        """
        features, fingerprints = [], []
        for path, size, mtime_ns, counts, sequence, encoding, value, empty, digest, shingles in rows:
            if counts is not None:
                seq = json.dumps(sequence, ensure_ascii=False) if sequence is not None else None
                text = json.dumps(counts, ensure_ascii=False)
                features.append((path, key_features, size, mtime_ns, text, seq, encoding, digest, shingles))
            fingerprints.append((path, key_fingerprint, size, mtime_ns, format(value, "x"), int(empty), encoding))
        try:
            with self._lock:
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    self._db.executemany("INSERT OR REPLACE INTO features VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", features)
                    self._db.executemany(
                        "INSERT OR REPLACE INTO fingerprints VALUES (?, ?, ?, ?, ?, ?, ?)", fingerprints
                    )
                except BaseException:
                    self._db.execute("ROLLBACK")
                    raise
                self._db.execute("COMMIT")
        except sqlite3.DatabaseError as error:
            warnings.warn(f"the cache could not be written ({error}); results are not kept", CacheWarning, stacklevel=2)


def decode_counts(counts: str) -> dict[str, int]:
    return json.loads(counts)


def decode_sequence(sequence: str | None) -> tuple[str, ...] | None:
    return tuple(json.loads(sequence)) if sequence is not None else None
