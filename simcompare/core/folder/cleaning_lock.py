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
Each folder is also locked through a lock file named by its identity in ``/run/lock`` (or ``/tmp``), which every
user can open: a folder this user cannot open (a home of mode 0711 above a shared folder) is locked that way alone.
Where there is no ``flock`` (Windows), nothing is locked.
"""

from __future__ import annotations

import contextlib
import os
import stat
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


def _lock_folder() -> str | None:
    """Where every user can make and open lock files: a folder of root's that anyone may write to, each file its
    maker's alone (sticky), as ``/run/lock`` and ``/tmp`` are; None where there is none."""
    for folder in ("/run/lock", "/tmp"):
        try:
            info = os.lstat(folder)
        except OSError:
            continue
        if stat.S_ISDIR(info.st_mode) and info.st_uid == 0 and info.st_mode & 0o1777 == 0o1777:
            return folder
    return None


def _identity_file(key: tuple[int, int]) -> int | None:
    """A descriptor of the lock file of the folder of identity ``key``, made if missing, readable by every user: so
    a user who cannot open a folder (to lock it) still takes turns with one who can, both locking its file too.
    None where it cannot be had (no such folder, a file of another kind put there, a file another user made
    unreadable): the folder's own lock is then the only one."""
    where = _lock_folder()
    if where is None:
        return None
    name = os.path.join(where, f"simcompare-{key[0]}-{key[1]}.lock")
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    for _ in range(2):
        try:
            fd = os.open(name, flags)
        except FileNotFoundError:
            try:
                fd = os.open(name, flags | os.O_CREAT | os.O_EXCL, 0o644)
                os.fchmod(fd, 0o644)  # whatever this user's umask: every user opens it
            except FileExistsError:
                continue  # made meanwhile by another cleaner: open it
            except OSError:
                return None
        except OSError:
            return None
        if stat.S_ISREG(os.fstat(fd).st_mode):
            return fd
        os.close(fd)
        return None
    return None


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
    _room_for(2 * len(modes))
    # one lock a folder, whatever its names (a bind mount, a link on the way): two descriptors of one folder
    # would wait on each other; the stronger mode wins. A folder this user cannot open (a home of mode 0711 above a
    # shared folder) is known by its identity all the same, and locked through its lock file alone
    found: dict[tuple[int, int], tuple[int, str, int | None]] = {}  # identity → (mode, a name, its descriptor)
    held: list[int] = []  # every descriptor, closed at the end
    try:
        for folder, mode in modes.items():
            fd: int | None
            try:
                fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0))
                held.append(fd)
                info = os.fstat(fd)
            except OSError:
                fd = None
                try:
                    info = os.stat(folder)
                except OSError:
                    continue
                if not stat.S_ISDIR(info.st_mode):
                    continue
            key = (info.st_dev, info.st_ino)
            known = found.get(key)
            if known is not None:
                mode = fcntl.LOCK_EX if fcntl.LOCK_EX in (mode, known[0]) else mode
                fd = known[2] if known[2] is not None else fd
                folder = known[1] if mode == known[0] else folder
            found[key] = (mode, folder, fd)
        # in the order of the folders' identities (the folder, then its lock file), the same in every process
        # whatever names it was given: two cleaners never each hold what the other waits for
        for key in sorted(found):
            mode, folder, fd = found[key]
            locks = [fd] if fd is not None else []
            if (by_file := _identity_file(key)) is not None:
                held.append(by_file)
                locks.append(by_file)
            for lock in locks:
                try:
                    fcntl.flock(lock, mode | fcntl.LOCK_NB)
                except BlockingIOError:
                    if not wait:
                        raise FolderBusy(folder) from None
                    if waiting is not None:
                        waiting(folder)
                    fcntl.flock(lock, mode)
                except OSError:
                    continue  # a file system without locks
        yield
    finally:
        for fd in held:
            os.close(fd)
