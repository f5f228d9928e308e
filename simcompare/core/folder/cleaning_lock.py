"""One cleaner at a time on a folder: the lock the command line and the window take before acting on files.

Two cleaners at once could each find the other's kept copy still there and delete their own: a group would lose
every copy (two runs on the same results with other references lost 78 groups of 1,500). So each cleaner takes a
lock (``flock``) on every scanned folder, exclusive, and a shared one on each folder above it: cleaners of one
folder, or of a folder and one inside it, take turns; cleaners of folders beside each other do not wait. One folder
reached by two names (a bind mount) is locked once, and locks are taken in the order of the folders' identities
(device, inode), the same in every process, so two cleaners never wait on each other. The locks are the system's,
on the folders themselves, so they hold across users and programs (a window and a command line alike) and go
when the process does. The folders above a folder are those above its path and those above its place on its file
system, wherever the mount table shows them (``/mnt/b``, a bind mount of ``docs/b``, is inside ``docs``); a folder
also holds what is mounted below it (``mnt`` holding that ``mnt/b`` holds ``docs/b``) and an overlay its layers.
Where there is no ``flock`` (Windows) or a folder cannot be opened, nothing is locked.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator, Sequence

from simcompare.core.folder.mounts import MountTable

__all__ = ["FolderBusy", "cleaning_lock"]


class FolderBusy(Exception):
    """Another simcompare is cleaning ``folder`` (one of the folders, or a folder holding or inside one)."""

    def __init__(self, folder: str) -> None:
        super().__init__(f"another simcompare is cleaning {folder}")
        self.folder = folder


def _above(folder: str, table: MountTable) -> list[str]:
    """The folders above ``folder`` (a real path): by its path, and on its file system wherever this view shows them
    (a folder mounted again elsewhere, ``/mnt/b`` for ``docs/b``, is inside ``docs`` all the same)."""
    found = []
    above = folder
    while os.path.dirname(above) != above:
        above = os.path.dirname(above)
        found.append(above)
    location = table.location(folder)
    if location is not None:
        device, path = location
        while path.rstrip(b"/"):
            path = os.path.dirname(path.rstrip(b"/")) or b"/"
            found += table.shown((device, path))
    return found


_SPARE = 256
"""Descriptors left for the clean itself (the files it opens, its log, the trash's records) beside the locks."""


def _room_for(locks: int) -> None:
    """Raise the process's soft limit of open descriptors (up to its hard limit) so that ``locks`` more leave
    :data:`_SPARE` for the clean: a folder holding a thousand mounts held a descriptor each, and every file the clean
    then opened failed ("Too many open files"). Where the limit cannot be raised, what does not fit is not locked
    (as a folder that cannot be opened is not)."""
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        in_use = len(os.listdir("/proc/self/fd")) if os.path.isdir("/proc/self/fd") else 64
    except (ImportError, OSError, ValueError):
        return
    wanted = in_use + locks + _SPARE
    if soft != resource.RLIM_INFINITY and wanted > soft:
        with contextlib.suppress(OSError, ValueError):
            resource.setrlimit(
                resource.RLIMIT_NOFILE, (wanted if hard == resource.RLIM_INFINITY else min(wanted, hard), hard)
            )


@contextlib.contextmanager
def cleaning_lock(
    folders: Sequence[str], *, wait: bool = True, waiting: Callable[[str], None] | None = None
) -> Iterator[None]:
    """For the block, no other simcompare cleans these folders, one inside them or one holding them.

    Args:
        folders: The scanned folders.
        wait: When another simcompare holds one: wait for it (after ``waiting(folder)``), or, when False, raise
            :class:`FolderBusy` at once, holding nothing.
        waiting: Told the folder another simcompare holds, before waiting for it.

    Raises:
        FolderBusy: ``wait`` is False and another simcompare is cleaning one of them.
    """
    try:
        import fcntl
    except ImportError:
        yield
        return
    modes: dict[str, int] = {}
    table = MountTable()
    for folder in folders:
        real = os.path.realpath(folder)
        modes[real] = fcntl.LOCK_EX
        for above in _above(real, table):
            modes.setdefault(above, fcntl.LOCK_SH)
        # what it holds beyond its own folders: an overlay's layers, the folders mounted below it (a bind mount of
        # another folder: its place on its disk, through any name that shows it), and the folders above those
        places, inner = table.regions([real])
        for place in [*places, *inner]:
            for shown in table.shown(place):
                modes[shown] = fcntl.LOCK_EX
                for above in _above(shown, table):
                    modes.setdefault(above, fcntl.LOCK_SH)
    _room_for(len(modes))
    # one lock a folder, whatever its names (a bind mount, a link on the way): two descriptors of one folder
    # would wait on each other; the stronger mode wins
    opened: dict[tuple[int, int], tuple[int, int, str]] = {}  # (device, inode) → (descriptor, mode, a name)
    try:
        for folder, mode in modes.items():
            try:
                fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0))
            except OSError:
                continue
            info = os.fstat(fd)
            key = (info.st_dev, info.st_ino)
            if key in opened:
                os.close(fd)
                held_fd, held_mode, _ = opened[key]
                if mode == fcntl.LOCK_EX and held_mode != fcntl.LOCK_EX:
                    opened[key] = (held_fd, mode, folder)
                continue
            opened[key] = (fd, mode, folder)
        # in the order of the folders' identities, the same in every process whatever names it was given: two
        # cleaners never each hold what the other waits for
        for key in sorted(opened):
            fd, mode, folder = opened[key]
            try:
                fcntl.flock(fd, mode | fcntl.LOCK_NB)
            except BlockingIOError:
                if not wait:
                    raise FolderBusy(folder) from None
                if waiting is not None:
                    waiting(folder)
                fcntl.flock(fd, mode)
            except OSError:
                continue  # a file system without locks
        yield
    finally:
        for fd, _mode, _folder in opened.values():
            os.close(fd)
