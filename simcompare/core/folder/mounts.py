"""Which mount a path is under, and where on its file system it is: one file system mounted twice (a bind
mount) has one device number, yet the system joins no hard link across its two mounts (EXDEV); and a folder
mounted again elsewhere is the same folder, even where another mount now hides it at its first place. Read from
Linux's ``/proc/self/mountinfo``; elsewhere nothing is known and the device number alone decides.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence

__all__ = ["Location", "MountTable", "within"]

_MOUNTINFO = "/proc/self/mountinfo"
_ESCAPED = re.compile(rb"\\([0-7]{3})")
_MOST_BYTES = 16 << 20  # far beyond any real table (a line a mount; tens of thousands of mounts are a few MB)


def _unescape(field: bytes) -> bytes:
    """A mountinfo path field as the path's bytes (a space, tab, newline or backslash are written ``\\NNN``)."""
    return _ESCAPED.sub(lambda m: bytes([int(m[1], 8) & 0xFF]), field)


Location = tuple[bytes, bytes]
"""Where a folder is on its file system: the file system's device (``major:minor``, as mountinfo writes it) and the
folder's path from that file system's own root, whatever mount it is reached through."""


def within(location: Location, region: Location) -> bool:
    """Whether the folder at ``location`` is the one at ``region`` or below it (one file system, the path within)."""
    device, path = location
    region_device, region_path = region
    return device == region_device and (path == region_path or path.startswith(region_path.rstrip(b"/") + b"/"))


class MountTable:
    """The mounts of this process's view, read once; :meth:`mount_of` says which a path is under and
    :meth:`location` where it is on its file system."""

    def __init__(self, text: bytes | None = None) -> None:
        if text is None:
            text = _read_table()
        mounts: list[tuple[bytes, int, Location]] = []
        for line in text.split(b"\n"):  # only a newline ends a line: a carriage return in a name is left as it is
            fields = line.split(b" ")
            if len(fields) < 5 or not fields[0].isdigit():
                continue
            mounts.append((_unescape(fields[4]), int(fields[0]), (fields[2], _unescape(fields[3]))))
        # a later mount on a point hides the earlier ones there, and every mount below it: a mount is seen when no
        # later one is on its point or a folder holding it (each mount's folders looked up: thousands of mounts
        # compared pairwise were seconds)
        last = {point: order for order, (point, _, _) in enumerate(mounts)}
        points: dict[bytes, int] = {}
        sources: dict[bytes, Location] = {}
        for order, (point, number, source) in enumerate(mounts):
            if all(last.get(folder, -1) <= order for folder in _folders_of(point)):
                points[point] = number
                sources[point] = source
        self._points = points
        self._sources = sources

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

    def location(self, path: str) -> Location | None:
        """Where the folder at ``path`` (its links followed) is on its file system (None when the table says
        nothing): the root of the mount it is under, and its path from that mount's point."""
        if not self._sources:
            return None
        here = os.fsencode(os.path.realpath(path))
        rest = b""
        while True:
            found = self._sources.get(here)
            if found is not None:
                device, root = found
                return device, (root.rstrip(b"/") + rest) or b"/"
            parent, name = os.path.split(here)
            if parent == here:
                return None
            rest = b"/" + name + rest
            here = parent

    def below(self, path: str) -> list[Location]:
        """The file system places of the mounts seen below the folder at ``path`` (its links followed), each the
        root of what is mounted there."""
        folder = os.fsencode(os.path.realpath(path))
        prefix = folder.rstrip(b"/") + b"/"
        return [place for point, place in self._sources.items() if point != folder and point.startswith(prefix)]

    def apart(self, paths: Sequence[str]) -> bool:
        """Whether ``paths`` are under more than one mount, as far as the table tells."""
        mounts = {self.mount_of(p) for p in paths}
        return None not in mounts and len(mounts) > 1


def _folders_of(point: bytes) -> list[bytes]:
    """``point`` and every folder holding it (``/a/b``: ``/a/b``, ``/a``, ``/``)."""
    found = [point]
    while point not in (b"/", b""):
        parent = os.path.dirname(point.rstrip(b"/")) or b"/"
        if parent == point:
            break
        found.append(parent)
        point = parent
    return found


def _read_table() -> bytes:
    try:
        with open(_MOUNTINFO, "rb") as table:
            return table.read(_MOST_BYTES)
    except OSError:
        return b""
