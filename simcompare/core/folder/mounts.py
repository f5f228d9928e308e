"""Which mount a path is under, and where on its file system it is: one file system mounted twice (a bind
mount) has one device number, yet the system joins no hard link across its two mounts (EXDEV); and a folder
mounted again elsewhere is the same folder, even where another mount now hides it at its first place. Read from
Linux's ``/proc/self/mountinfo``; elsewhere nothing is known and the device number alone decides.

The table is a tree (each mount names the mount it sits on), not a list in mounting order: a moved mount keeps
its number and its line, so a mount may be listed before the one it sits on (Linux 6.8 lists them by number). A
path is followed from the root mount down, a folder at a time, into the mount on that folder (the topmost of a
stack); a mount no path leads to is hidden.
"""

from __future__ import annotations

import bisect
import os
import re
import select
from collections.abc import Iterator, Sequence
from typing import BinaryIO, NamedTuple

__all__ = ["Location", "MountTable", "MountWatch", "within"]

_MOUNTINFO = "/proc/self/mountinfo"
_ESCAPED = re.compile(rb"\\([0-7]{3})")
_MOST_BYTES = 16 << 20  # far beyond any real table (a line a mount; tens of thousands of mounts are a few MB)
_MOST_LAYERS = 8  # an overlay's upper layer on another overlay, and so on: followed this far


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


class _Mount(NamedTuple):
    number: int
    parent: int
    device: bytes
    root: bytes
    point: bytes
    upper: bytes  # an overlay's upper layer (where what is written into it goes), as it was named; b"" for others
    lower: tuple[bytes, ...] = ()  # an overlay's lower layers (what it shows beneath), as they were named


def _parsed(line: bytes) -> _Mount | None:
    fields = line.split(b" ")
    if len(fields) < 5 or not fields[0].isdigit() or not fields[1].isdigit():
        return None
    upper = b""
    lower: tuple[bytes, ...] = ()
    if b"-" in fields[5:]:
        rest = fields[fields.index(b"-", 5) + 1 :]
        if len(rest) >= 3 and rest[0] == b"overlay":
            # a comma inside a value is written "\," (and a space \040): split at the others
            for option in _UNESCAPED_COMMA.split(_unescape(rest[2])):
                name, _, value = option.partition(b"=")
                if name == b"upperdir":
                    upper = _BACKSLASHED.sub(rb"\1", value)
                elif name == b"lowerdir":  # layers joined by ":" ("\:" inside a name)
                    lower = tuple(_BACKSLASHED.sub(rb"\1", layer) for layer in _UNESCAPED_COLON.split(value) if layer)
    return _Mount(int(fields[0]), int(fields[1]), fields[2], _unescape(fields[3]), _unescape(fields[4]), upper, lower)


_UNESCAPED_COMMA = re.compile(rb"(?<!\\),")
_UNESCAPED_COLON = re.compile(rb"(?<!\\):")
_BACKSLASHED = re.compile(rb"\\(.)", re.DOTALL)


def _steps(path: bytes) -> Iterator[bytes]:
    """The folders from ``/`` down to the absolute ``path``: ``/a``, ``/a/b`` for ``/a/b`` (``/`` itself not)."""
    at = 0
    while (at := path.find(b"/", at + 1)) > 0:
        yield path[:at]
    if path.rstrip(b"/"):
        yield path.rstrip(b"/")


class MountTable:
    """The mounts of this process's view, read once; :meth:`mount_of` says which a path is under,
    :meth:`location` where it is on its file system and :meth:`places` where what is written there goes."""

    def __init__(self, text: bytes | None = None) -> None:
        if text is None:
            text = _read_table()
        mounts = [m for line in text.split(b"\n") if (m := _parsed(line)) is not None]  # a newline alone ends one
        numbers = {m.number for m in mounts}
        # the mount on each folder of each mount (the latest where the table lists two: a stack is a chain)
        self._on: dict[tuple[int, bytes], _Mount] = {}
        for mount in sorted(mounts, key=lambda m: m.number):
            self._on[(mount.parent, mount.point)] = mount
        tops = [m for m in mounts if m.point == b"/" and (m.parent not in numbers or m.parent == m.number)]
        self._tops: dict[int, _Mount] = {}  # each stack's top, found once (thousands stacked on one folder)
        self._root = self._topmost(max(tops, key=lambda m: m.number)) if tops else None
        self._mounts = sorted(mounts, key=lambda m: m.point)  # by point: the mounts below a folder are a range
        self._points = [m.point for m in self._mounts]
        # an overlay's layers as this view reaches them now (named through a link, or a relative name: as given)
        self._layers = {m.number: _reached(m) for m in mounts if m.upper or m.lower}
        self._regions: dict[tuple[str, ...], tuple[list[Location], list[Location]]] = {}
        self._devices: dict[bytes, list[_Mount]] | None = None  # the mounts of each file system, made when asked
        self._unplaced: dict[int, bool] = {}  # by overlay: whether a layer cannot be placed (layers_unplaced)

    @property
    def overlays(self) -> bool:
        """Whether an overlay is mounted (its layers named absolutely): then one file may be shown under two
        identities, in a layer and through the overlay."""
        return bool(self._layers)

    def overlay_of(self, path: str) -> int | None:
        """The id of the overlay ``path`` (its links followed) is under; None when it is under none."""
        mount = self._under(os.fsencode(os.path.realpath(path)))
        return mount.number if mount is not None and mount.number in self._layers else None

    def layers_unplaced(self, overlay: int) -> bool:
        """Whether the table cannot place a layer of this overlay: named relatively (to a folder it does not say), or
        its name leading to no folder now (renamed since it was mounted). What the overlay shows may then be any
        file of those layers."""
        found = self._unplaced.get(overlay)
        if found is None:
            mount = next((m for m in self._mounts if m.number == overlay), None)
            upper, lower = self._layers.get(overlay, (b"", ()))
            named = [layer for layer in (mount.upper, *mount.lower) if layer] if mount is not None else []
            reached = [layer for layer in (upper, *lower) if layer]
            found = len(reached) < len(named) or not all(os.path.isdir(layer) for layer in reached)
            self._unplaced[overlay] = found  # asked once a file an action takes away: found once a table
        return found

    @property
    def known(self) -> bool:
        """Whether the table holds anything (nothing on a system without ``/proc/self/mountinfo``)."""
        return self._root is not None

    def _topmost(self, mount: _Mount) -> _Mount:
        """The mount seen on ``mount``'s own folder: the last of those stacked on it."""
        known = self._tops.get(mount.number)
        if known is not None:
            return known
        stack = [mount]
        seen = {mount.number}
        while (above := self._on.get((mount.number, mount.point))) is not None and above.number not in seen:
            if above.number in self._tops:
                mount = self._tops[above.number]
                break
            seen.add(above.number)
            stack.append(above)
            mount = above
        for under in stack:
            self._tops[under.number] = mount
        return mount

    def _under(self, path: bytes) -> _Mount | None:
        """The mount the absolute ``path`` is under, followed from the root mount a folder at a time."""
        mount = self._root
        if mount is None:
            return None
        for folder in _steps(path):
            below = self._on.get((mount.number, folder))
            if below is not None:
                mount = self._topmost(below)
        return mount

    def mount_of(self, path: str) -> int | None:
        """The id of the mount ``path`` is under, its links followed (None when the table says nothing)."""
        mount = self._under(os.fsencode(os.path.realpath(path)))
        return None if mount is None else mount.number

    def location(self, path: str) -> Location | None:
        """Where the folder at ``path`` (its links followed) is on its file system (None when the table says
        nothing): the root of the mount it is under, and its path from that mount's point."""
        here = os.fsencode(os.path.realpath(path))
        mount = self._under(here)
        return None if mount is None else _location(mount, here)

    def places(self, path: str, *, shown: bool = False) -> list[Location]:
        """Where what is put into the folder at ``path`` goes: its :meth:`location`, and where it is written on an
        overlay (its upper layer's place, followed through overlays on overlays). With ``shown``, also the places
        whose files it shows: an overlay's lower layers (what is put there appears in it)."""
        return self._places(os.fsencode(os.path.realpath(path)), _MOST_LAYERS, shown)

    def _places(self, here: bytes, layers: int, shown: bool = False) -> list[Location]:
        mount = self._under(here)
        if mount is None:
            return []
        found = [_location(mount, here)]
        reached = self._layers.get(mount.number)
        if reached is not None and layers > 0:  # an overlay: its files are its upper layer's (and its lower's)
            upper, lower = reached
            rest = here[len(mount.point.rstrip(b"/")) :]
            for layer in (upper, *(lower if shown else ())):
                below = self._under(layer) if layer else None
                # only where this view reaches the layer on another file system (a container's own root is an
                # overlay whose upper layer is a path of the host's: not one of this view's folders)
                if below is not None and below.device != mount.device:
                    found += self._places(layer.rstrip(b"/") + rest, layers - 1, shown)
        return found

    def below(self, path: str, *, hidden: bool = False) -> list[tuple[str, list[Location]]]:
        """The mounts below the folder at ``path`` (its links followed; not the one on the folder itself): each
        one's point and :meth:`places` of its root. With ``hidden``, also those another mount now hides (what is
        put into them appears below ``path`` once the mount over them goes)."""
        folder = os.fsencode(os.path.realpath(path))
        prefix = folder.rstrip(b"/") + b"/"
        # the points that begin with the prefix, found by their order ("/" + 1 is "0")
        start = bisect.bisect_left(self._points, prefix)
        stop = bisect.bisect_left(self._points, prefix[:-1] + b"0", lo=start)
        found = []
        for mount in self._mounts[start:stop]:
            point = mount.point
            if point == folder:  # "/" itself, for the folder "/"
                continue
            seen = self._under(point) is mount
            if seen or hidden:
                places = self._places(point, _MOST_LAYERS, hidden) if seen else [_location(mount, point)]
                found.append((os.fsdecode(point), places))
        return found

    def regions(self, folders: Sequence[str]) -> tuple[list[Location], list[Location]]:
        """The :meth:`places` of ``folders``, and those of every mount below them, hidden ones too (asked once a
        file when an action checks each folder it puts a file into: found once a table)."""
        key = tuple(folders)
        found = self._regions.get(key)
        if found is None:
            places = [place for folder in folders for place in self.places(folder, shown=True)]
            inner = [place for folder in folders for _, more in self.below(folder, hidden=True) for place in more]
            found = self._regions[key] = (places, inner)
        return found

    def shown(self, location: Location) -> list[str]:
        """Where this view shows the folder at ``location``: through each mount of its file system whose root holds
        it (a bind mount of a folder above it shows it too), where no other mount hides it."""
        device, path = location
        found = []
        for mount in self._by_device().get(device, ()):
            if not within(location, (device, mount.root)):
                continue
            rest = path[len(mount.root.rstrip(b"/")) :]
            place = (mount.point.rstrip(b"/") + rest) or b"/"
            if self._under(place) is mount:
                found.append(os.fsdecode(place))
        return found

    def _by_device(self) -> dict[bytes, list[_Mount]]:
        if self._devices is None:
            self._devices = {}
            for mount in self._mounts:
                self._devices.setdefault(mount.device, []).append(mount)
        return self._devices

    def apart(self, paths: Sequence[str]) -> bool:
        """Whether ``paths`` are under more than one mount, as far as the table tells."""
        mounts = {self.mount_of(p) for p in paths}
        return None not in mounts and len(mounts) > 1


def _reached(mount: _Mount) -> tuple[bytes, tuple[bytes, ...]]:
    """An overlay's upper and lower layers as this view reaches them now (their links followed); a name that is
    not absolute (relative to a folder the table does not say) is left out."""

    def reached(layer: bytes) -> bytes:
        return os.fsencode(os.path.realpath(layer)) if layer.startswith(b"/") else b""

    return reached(mount.upper), tuple(found for layer in mount.lower if (found := reached(layer)))


def _location(mount: _Mount, here: bytes) -> Location:
    rest = here[len(mount.point.rstrip(b"/")) :] if mount.point != b"/" else here
    return mount.device, (mount.root.rstrip(b"/") + rest.rstrip(b"/")) or b"/"


class MountWatch:
    """Says whether the mounts changed since it was made (or last asked): Linux marks ``/proc/self/mountinfo`` as
    having a priority event at every mount and unmount. Elsewhere, or where it cannot be opened, never."""

    def __init__(self) -> None:
        self._file: BinaryIO | None = None
        self._poll: select.poll | None = None
        self._table: MountTable | None = None
        try:
            self._file = open(_MOUNTINFO, "rb")  # noqa: SIM115 - closed by close()
            poll = select.poll()
            poll.register(self._file.fileno(), select.POLLPRI | select.POLLERR)
            self._poll = poll
        except (OSError, AttributeError):  # no such file, no poll (Windows)
            self.close()

    def changed(self) -> bool:
        """Whether a mount was made or removed since the last time this was asked (or since the watch began)."""
        if self._poll is None:
            return False
        return bool(self._poll.poll(0))

    def current(self) -> MountTable | None:
        """The mount table as it is now once the mounts changed since the watch began (read again at each change);
        None while they have not."""
        if self.changed():
            self._table = MountTable()
        return self._table

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
        self._file = None
        self._poll = None

    def __enter__(self) -> MountWatch:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def _read_table() -> bytes:
    try:
        with open(_MOUNTINFO, "rb") as table:
            return table.read(_MOST_BYTES)
    except OSError:
        return b""
