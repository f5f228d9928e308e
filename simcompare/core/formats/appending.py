"""Appending lines to a log of ours (the action log, the internal log): never waiting to open, only ever a
regular file. A FIFO with no reader at a log's name fails at once (ENXIO) instead of hanging the run after its
work was done; a device, a FIFO with a reader or a socket is refused and nothing is written to it.
"""

from __future__ import annotations

import errno
import os
import stat

__all__ = ["append_text"]

_FLAGS = (
    os.O_WRONLY
    | os.O_APPEND
    | os.O_CREAT
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_CLOEXEC", 0)
)


def append_text(path: str | os.PathLike[str], text: str) -> None:
    """Append ``text`` (UTF-8, a byte that cannot be written as such written escaped) to the file ``path``,
    made when missing.

    Raises:
        OSError: the file cannot be opened or written, or is not a regular file (EINVAL).
    """
    fd = os.open(path, _FLAGS, 0o644)
    with open(fd, "a", encoding="utf-8", errors="backslashreplace") as out:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file; nothing was written to it", os.fspath(path))
        out.write(text)
