"""Small shims so the core runs on Python 3.10 as well as later versions."""

from __future__ import annotations

import enum
import errno
import os
import sys
from pathlib import Path

if sys.version_info >= (3, 11):
    StrEnum = enum.StrEnum
else:  # pragma: no cover - exercised on 3.10 only

    class StrEnum(str, enum.Enum):
        """A string-valued enum whose str() is its value, as enum.StrEnum gives on 3.11."""

        def __str__(self) -> str:
            return str(self.value)


def resolved(path: str | os.PathLike[str]) -> Path:
    """``path`` made absolute, its links followed (``Path.resolve()``), a path that goes through a symbolic link
    loop refused the same way on every version: Python 3.10–3.12 raise RuntimeError for it, 3.13 returns a path.

    Raises:
        OSError: ``ELOOP``, with the path given as its filename.
    """
    try:
        found = Path(path).resolve()
    except RuntimeError:
        raise OSError(errno.ELOOP, "a symbolic link loop", os.fspath(path)) from None
    try:
        os.stat(found)
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise OSError(errno.ELOOP, "a symbolic link loop", os.fspath(path)) from None
        # not there (yet), or not to be looked at: what is not there is made or refused by the caller
    except ValueError:  # a NUL in the name: the caller's own checks say so
        pass
    return found
