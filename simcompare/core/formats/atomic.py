"""Writing a whole file so that a failure never leaves half of it: every file simcompare writes goes here.

The data goes to a temporary file beside the target (same folder, so the same file system), is flushed
and synced to the disk, then replaces the target in one step (``os.replace``). On any failure — a full
disk, a missing folder, Ctrl-C — the temporary file is removed and the target is as it was. A new file
gets the permissions the user's umask gives; a replaced one keeps its own.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

__all__ = ["atomic_writer", "write_bytes", "write_text"]

_NAME_CHARS = 40  # of the target's name in the temporary one: long names stay under the system's limit


def _temporary(path: Path) -> tuple[int, Path]:
    """A new file beside ``path`` that nobody else has (created with O_EXCL), open for writing."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
    while True:
        temporary = path.with_name(f".{path.name[:_NAME_CHARS]}.{os.urandom(4).hex()}.tmp")
        try:
            return os.open(temporary, flags, 0o666), temporary
        except FileExistsError:
            continue


def write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` as the whole of ``path``, atomically.

    Raises:
        OSError: the folder is missing or cannot be written, the disk is full … (the target is unchanged).
    """
    with atomic_writer(path) as out:
        out.write(data)


@contextlib.contextmanager
def atomic_writer(path: str | os.PathLike[str]) -> Iterator[BinaryIO]:
    """A binary file to write the whole of ``path`` in pieces, atomically: the target is replaced when the block
    ends, and is as it was when the block raises (the pieces written are thrown away).

    Raises:
        OSError: as ``write_bytes``, on entering, writing or at the end of the block.
    """
    target = Path(path)
    try:
        handle, temporary = _temporary(target)
    except OSError as error:
        raise _naming(error, target) from None
    try:
        with os.fdopen(handle, "wb") as out:
            yield out
            out.flush()
            os.fsync(out.fileno())
        with contextlib.suppress(FileNotFoundError):
            mode = os.stat(target).st_mode
            if stat.S_ISREG(mode):
                os.chmod(temporary, stat.S_IMODE(mode))
        os.replace(temporary, target)
    except BaseException as error:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(error, OSError) and error.filename is not None and Path(error.filename) == temporary:
            raise _naming(error, target) from None
        raise
    _sync_folder(target.parent)


def _naming(error: OSError, target: Path) -> OSError:
    """The error with the file the caller asked for, not our temporary one, as the name it concerns."""
    return type(error)(error.errno, error.strerror, str(target))


def write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` as UTF-8, as is (no newline translation), as the whole of ``path``, atomically.

    Raises:
        UnicodeEncodeError: ``text`` holds a lone surrogate (format names with ``names`` first).
        OSError: as ``write_bytes``.
    """
    write_bytes(path, text.encode("utf-8"))


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable where the system allows it (POSIX); a refusal changes nothing written."""
    if os.name != "posix":
        return
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)
