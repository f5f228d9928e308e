"""Reading a file's bytes safely: only regular files, never a blocking open, never past the size limit.

A FIFO opened for reading blocks until a writer comes (forever, in a scan); ``/dev/zero`` never ends; a
file can be swapped for either between listing and reading. So the type is checked before opening, the
open never blocks (``O_NONBLOCK``), the opened descriptor is checked again, and reading stops one byte
past the limit whatever the size on record says.
"""

from __future__ import annotations

import errno
import os
import stat
from dataclasses import dataclass

from simcompare.core.errors import (
    InputError,
    MissingFileError,
    NotAFileError,
    NotRegularFileError,
    PermissionDeniedError,
    TooLargeError,
)

_CHUNK = 1 << 20
_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)  # a FIFO swapped in after the check opens at once instead of waiting
    | getattr(os, "O_NOCTTY", 0)  # a terminal device never becomes our controlling terminal
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)


@dataclass(frozen=True, slots=True)
class ReadFile:
    """A regular file's bytes and its status, taken from the open descriptor after reading."""

    data: bytes
    info: os.stat_result


def kind_of(mode: int) -> str:
    """What a non-regular file is, in words for a problem's detail."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def not_regular(mode: int) -> InputError:
    """The error for a path that is not a regular file."""
    if stat.S_ISDIR(mode):
        return NotAFileError("is a folder, not a file")
    kind = kind_of(mode)
    detail = "not a regular file" if kind == "not a regular file" else f"not a regular file: {kind}"
    return NotRegularFileError(detail)


def read_regular(path: str | os.PathLike[str], *, max_bytes: int | None, follow_symlinks: bool = True) -> ReadFile:
    """The bytes of a regular file, at most ``max_bytes``.

    Args:
        path: The file.
        max_bytes: The size limit; None reads any size.
        follow_symlinks: False refuses a symbolic link (a scan never follows one).

    Raises:
        InputError: a subclass with a ``code``: missing, permission, not_a_file, not_regular, too_large,
            or the plain one for other failures (its message says why).
    """
    try:
        before = os.stat(path, follow_symlinks=follow_symlinks)
        if not stat.S_ISREG(before.st_mode):
            if stat.S_ISLNK(before.st_mode):
                raise NotRegularFileError("is a symbolic link (links are not followed)")
            raise not_regular(before.st_mode)
        _check_size(before.st_size, max_bytes)
        flags = _FLAGS | (getattr(os, "O_NOFOLLOW", 0) if not follow_symlinks else 0)
        fd = os.open(path, flags)
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):  # swapped in between the check and the open
                raise not_regular(info.st_mode)
            _check_size(info.st_size, max_bytes)
            data = _read_at_most(fd, None if max_bytes is None else max_bytes + 1)
            info = os.fstat(fd)  # after reading, so that a change while reading shows
        finally:
            os.close(fd)
    except FileNotFoundError:
        raise MissingFileError("does not exist") from None
    except IsADirectoryError:
        raise NotAFileError("is a folder, not a file") from None
    except PermissionError:
        raise PermissionDeniedError("cannot be read: permission denied") from None
    except OSError as error:
        if error.errno == errno.ELOOP:
            detail = "is a symbolic link loop" if follow_symlinks else "is a symbolic link (links are not followed)"
            raise InputError(detail) from None
        if error.errno == errno.ENXIO:  # a socket, or a device with nothing behind it
            raise NotRegularFileError("not a regular file") from None
        raise InputError(f"cannot be read: {error.strerror or error}", errno=error.errno) from None
    if max_bytes is not None and len(data) > max_bytes:  # it grew, or its size on record lied
        raise TooLargeError(f"is over the limit of {max_bytes:,} bytes")
    return ReadFile(data, info)


def _check_size(size: int, max_bytes: int | None) -> None:
    if max_bytes is not None and size > max_bytes:
        raise TooLargeError(f"is {size:,} bytes, over the limit of {max_bytes:,}")


def _read_at_most(fd: int, limit: int | None) -> bytes:
    parts: list[bytes] = []
    total = 0
    while limit is None or total < limit:
        want = _CHUNK if limit is None else min(_CHUNK, limit - total)
        try:
            part = os.read(fd, want)
        except BlockingIOError:  # cannot happen for a regular file; never wait for one that would
            break
        if not part:
            break
        parts.append(part)
        total += len(part)
    return b"".join(parts)


def read_start(path: str | os.PathLike[str], count: int) -> bytes:
    """The first ``count`` bytes of a regular file (fewer when it is shorter), opened without waiting: a FIFO, a
    device or a folder at ``path`` is refused, whatever it was when last looked at.

    Raises:
        OSError: it cannot be opened or read.
        InputError: it is not a regular file (``not_regular``'s error).
    """
    fd = os.open(path, _FLAGS)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise not_regular(mode)
        return _read_at_most(fd, count)
    finally:
        os.close(fd)
