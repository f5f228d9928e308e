"""Which mount a path is under: one file system mounted twice (a bind mount) has one device number, yet the
system joins no hard link across its two mounts (EXDEV). Read from Linux's ``/proc/self/mountinfo``; elsewhere
nothing is known and the device number alone decides.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence

__all__ = ["MountTable"]

_MOUNTINFO = "/proc/self/mountinfo"
_ESCAPED = re.compile(rb"\\([0-7]{3})")
_MOST_BYTES = 16 << 20  # far beyond any real table (a line a mount; tens of thousands of mounts are a few MB)


def _unescape(field: bytes) -> bytes:
    """A mountinfo path field as the path's bytes (a space, tab, newline or backslash are written ``\\NNN``)."""
    return _ESCAPED.sub(lambda m: bytes([int(m[1], 8) & 0xFF]), field)


class MountTable:
    """The mounts of this process's view, read once; :meth:`mount_of` says which a path is under."""

    def __init__(self, text: bytes | None = None) -> None:
        if text is None:
            text = _read_table()
        points: dict[bytes, int] = {}
        for line in text.split(b"\n"):  # only a newline ends a line: a carriage return in a name is left as it is
            fields = line.split(b" ")
            if len(fields) < 5 or not fields[0].isdigit():
                continue
            point = _unescape(fields[4])
            # a later mount on a point hides the earlier one there, and every mount below it
            below = point.rstrip(b"/") + b"/"
            for hidden in [p for p in points if p.startswith(below)]:
                del points[hidden]
            points[point] = int(fields[0])
        self._points = points

    @property
    def known(self) -> bool:
        """Whether the table holds anything (nothing on a system without ``/proc/self/mountinfo``)."""
        return bool(self._points)

    def mount_of(self, path: str) -> int | None:
        """The id of the mount ``path`` is under, its links followed (None when the table says nothing)."""
        if not self._points:
            return None
        here = os.fsencode(os.path.realpath(path))
        while True:
            found = self._points.get(here)
            if found is not None:
                return found
            parent = os.path.dirname(here)
            if parent == here:
                return None
            here = parent

    def apart(self, paths: Sequence[str]) -> bool:
        """Whether ``paths`` are under more than one mount, as far as the table tells."""
        mounts = {self.mount_of(p) for p in paths}
        return None not in mounts and len(mounts) > 1


def _read_table() -> bytes:
    try:
        with open(_MOUNTINFO, "rb") as table:
            return table.read(_MOST_BYTES)
    except OSError:
        return b""
