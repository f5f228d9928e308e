"""Reaching a scanned file safely: its path checked, walked to without following links, its identity compared.

Saved results come from anywhere and a folder changes under a scan, so nothing the cleaner does trusts a
path as a string:

- :func:`path_problem` says what is wrong with a relative path (absolute, ``""``, ``.``, ``..``, an empty
  segment, a NUL, a separator the platform would read differently); results files are refused with it.
- :func:`locate` (one file) and :class:`Walker` (many, in path order) walk from the scanned root to the
  file one folder at a time, each opened with ``O_NOFOLLOW | O_DIRECTORY`` relative to the one before (an
  ``openat`` walk), so a folder swapped for a symbolic link on the way is never entered. Where the platform
  has no ``dir_fd`` (Windows), each step is ``lstat``-ed instead and a link or junction refuses the walk.
  The file at the end must be a regular file whose device, inode, size and modification time are those
  recorded at the scan; anything else is a :class:`Skip` with a reason, so the caller names the file and
  leaves it alone.

Every action (trash, move, and later copy, link or delete) goes through :func:`locate` first.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
from collections.abc import Iterator
from dataclasses import dataclass

from simcompare.core.compat import StrEnum

__all__ = [
    "DIR_FD_WALK",
    "READ_BYTES",
    "Expected",
    "Located",
    "Skip",
    "SkipReason",
    "Walker",
    "check_found",
    "identity_of",
    "locate",
    "open_folder",
    "path_problem",
    "plain_paths",
]

# An openat-style walk needs open() relative to a folder's descriptor and the two flags.
DIR_FD_WALK = (
    os.open in os.supports_dir_fd
    and os.stat in os.supports_dir_fd
    and hasattr(os, "O_NOFOLLOW")
    and hasattr(os, "O_DIRECTORY")
)
_DIR_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
READ_BYTES = (
    os.O_RDONLY
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)
"""How the cleaner opens a file to read its bytes: never through a link, never waiting (a FIFO that took the
name after the last check opens at once, and its identity then says it is another file)."""
_REPARSE_POINT = getattr(stat, "FILE_ATTRIBUTE_REPARSE_POINT", 0x400)
_FORBIDDEN_ON_WINDOWS = frozenset('\\:*?"<>|')
_WINDOWS_DEVICES = frozenset(
    {"CON", "PRN", "AUX", "NUL", *(f"COM{n}" for n in range(1, 10)), *(f"LPT{n}" for n in range(1, 10))}
)
MAX_PATH_CHARS = 32_767  # the longest path Windows takes; far beyond any real name elsewhere
MAX_DEPTH = 4_096  # folders deep; Linux's PATH_MAX (4096 bytes) allows at most about 2,048


_SEGMENT = r"(?!\.\.?(?:/|\Z))[^/\x00]+"  # not empty, not . or .., no / and no NUL
_PLAIN_PATH = re.compile(rf"{_SEGMENT}(?:/{_SEGMENT})*\Z" if os.name != "nt" else r"(?!)")
"""A path every rule below takes (POSIX rules; on Windows nothing is taken without the rules' closer look)."""


def path_problem(path: object) -> str:
    """What is wrong with ``path`` as a file's path relative to a scanned folder ('' when nothing is).

    A good path is a non-empty string, relative, with ``/`` between segments, normalised: no ``""``
    (``a//b``, a leading or trailing ``/``), ``.`` or ``..`` segment, no NUL; on Windows no ``\\`` or
    ``:`` either (there they are separators or a drive), nor a name Windows reads otherwise.
    """
    if type(path) is str and _PLAIN_PATH.match(path) and len(path) <= MAX_PATH_CHARS and path.count("/") < MAX_DEPTH:
        return ""  # the common case, at once (a million paths are checked when saved results are read)
    return _path_rules(path)


_IN_DOUBT = tuple(f"{before}{segment}{after}" for segment in ("", ".", "..") for before in "\n/" for after in "\n/")
"""Where a path has an empty, ``.`` or ``..`` segment, or is absolute or empty, its text holds one of these once the
paths are joined by new lines with one at each end."""

_EMPTY_SEGMENT = tuple(doubt for doubt in _IN_DOUBT if "." not in doubt)


def plain_paths(paths: list[str]) -> bool:
    """Every one of ``paths`` (text without NUL, none longer than ``MAX_PATH_CHARS``) is a path
    :func:`path_problem` takes: decided on the paths joined by new lines, a million at once instead of one at a
    time. False when in doubt (on Windows always; a name that holds a new line may give a false doubt): the caller
    then looks at each path alone."""
    if not paths:
        return True
    if os.name == "nt":
        return False
    joined = "\n" + "\n".join(paths) + "\n"
    # a ``.`` or ``..`` segment starts with a dot after a separator: without one, only the empty segments to look for
    dotted = "\n." in joined or "/." in joined
    if any(doubt in joined for doubt in (_IN_DOUBT if dotted else _EMPTY_SEGMENT)):
        return False
    longest = max(map(len, paths), default=0)  # a path of n characters has fewer than n / 2 separators
    return longest < 2 * MAX_DEPTH or all(path.count("/") < MAX_DEPTH for path in paths)


def _path_rules(path: object) -> str:
    """:func:`path_problem`, each rule in turn."""
    if not isinstance(path, str):
        return f"the path must be text, got {type(path).__name__}"
    if not path:
        return "the path is empty"
    if len(path) > MAX_PATH_CHARS:
        return f"the path is longer than {MAX_PATH_CHARS:,} characters"
    if "\x00" in path:
        return "the path holds a NUL character"
    if path.startswith("/") or os.path.isabs(path):
        return "the path is absolute; it must be relative to the scanned folder"
    segments = path.split("/")
    if len(segments) > MAX_DEPTH:
        return f"the path is more than {MAX_DEPTH:,} folders deep"
    for segment in segments:
        if segment == "":
            return "the path has an empty segment (a doubled, leading or trailing /)"
        if segment in (".", ".."):
            return f"the path has a '{segment}' segment; it must be normalised"
        if os.name == "nt":
            if any(ch in _FORBIDDEN_ON_WINDOWS for ch in segment):
                return "the path holds a character Windows reads as a separator, drive or pattern"
            if segment != segment.rstrip(" ."):
                return "a segment ends in a space or a dot, which Windows drops"
            if segment.split(".")[0].upper() in _WINDOWS_DEVICES:
                return f"'{segment}' names a device on Windows"
    return ""


@dataclass(frozen=True, slots=True)
class Expected:
    """What a file was when it was scanned: its path relative to the root, and its identity.

    ``device`` and ``inode`` of 0 mean unknown (results saved before they were recorded): then only the
    size and modification time are compared, and the file found is still required to be regular. ``digest``
    is the scan's digest of its bytes (``FileRecord.raw_digest``, "" when unknown): reading the bytes is
    costly, so only what cannot be undone (delete permanently) compares it.
    """

    path: str
    device: int
    inode: int
    size: int
    mtime_ns: int
    digest: str = ""


class SkipReason(StrEnum):
    """Why a file was left alone (the values are what logs and JSON show)."""

    BAD_PATH = "bad_path"  # not a normalised relative path
    VANISHED = "vanished"  # nothing at that path any more
    LINK_ON_PATH = "link_on_path"  # a folder on the way is a symbolic link (or a junction) now
    NOT_A_FOLDER = "not_a_folder"  # something on the way is no longer a folder
    FOLDER = "folder"  # the path names a folder: never acted on
    LINK = "link"  # the path names a symbolic link now
    NOT_REGULAR = "not_regular"  # a FIFO, socket or device
    CHANGED = "changed"  # a regular file, but not the one scanned (size, time, device or inode differ)
    SAME_FILE = "same_file"  # the same file as one already acted on in this action (a hard link, a bind mount)
    UNREACHABLE = "unreachable"  # the walk failed for another reason (permission, I/O): the detail says
    IS_REFERENCE = "is_reference"  # its group's reference (by any name): never linked to itself, never taken away
    REFERENCE_CHANGED = "reference_changed"  # the group's reference changed or vanished since the scan
    LINKED_TO = "linked_to"  # a symbolic link the scan passed over points at it: removed, the link would dangle
    ALREADY_LINKED = "already_linked"  # already a hard link of its group's reference: nothing to do
    OTHER_DEVICE = "other_device"  # on another file system than its reference: no hard link can join them
    NOT_IDENTICAL = "not_identical"  # its bytes differ from its reference's: a link would lose them
    UNKNOWN_IDENTITY = "unknown_identity"  # no device and inode recorded: never deleted or replaced for good
    CANCELLED = "cancelled"  # the action was stopped (Cancel) before it reached this file


_DETAILS = {
    SkipReason.VANISHED: "no such file (moved or deleted since the scan)",
    SkipReason.CANCELLED: "not reached: the action was stopped before this file",
    SkipReason.LINK_ON_PATH: "a folder on its path is now a symbolic link; links are not followed",
    SkipReason.NOT_A_FOLDER: "a folder on its path is no longer a folder",
    SkipReason.FOLDER: "is a folder; folders are never acted on",
    SkipReason.LINK: "is now a symbolic link; links are not followed",
    SkipReason.NOT_REGULAR: "is not a regular file",
    SkipReason.UNKNOWN_IDENTITY: (
        "its results hold no device and inode, so it cannot be told from another file of the same size and time; "
        "scan again before deleting or replacing it"
    ),
}


@dataclass(frozen=True, slots=True)
class Skip:
    """A file that was not touched, why, and the system's error number where one caused it."""

    path: str
    reason: SkipReason
    detail: str
    errno: int | None = None


def skip_detail(reason: SkipReason) -> str:
    """Why a file with ``reason`` was left alone, in the log's English words."""
    return _DETAILS.get(reason, str(reason))


def _skip(path: str, reason: SkipReason, detail: str = "", number: int | None = None) -> Skip:
    if number is None and reason is SkipReason.VANISHED:
        number = errno.ENOENT
    return Skip(path, reason, detail or _DETAILS.get(reason, str(reason)), number)


def identity_of(info: os.stat_result) -> tuple[int, int]:
    """A file's (device, inode): equal for every name of one file (hard links, bind mounts)."""
    return (info.st_dev, info.st_ino)


def _is_link(info: os.stat_result) -> bool:
    return stat.S_ISLNK(info.st_mode) or bool(getattr(info, "st_file_attributes", 0) & _REPARSE_POINT)


@dataclass(frozen=True, slots=True)
class Located:
    """A file reached by :func:`locate`: the open folder holding it and its name there.

    With an ``openat`` walk, ``folder_fd`` is the descriptor of its folder (closed when the ``with`` block of
    :func:`locate` ends) and ``name`` its bare name; without one, ``folder_fd`` is None and ``name`` the whole
    path. Either way ``os.lstat(located.name, dir_fd=located.folder_fd)`` and the like reach exactly it.
    ``path`` is the absolute path, for messages, logs and the trash (which takes a path).
    """

    path: str
    folder_fd: int | None
    name: str
    info: os.stat_result

    def lstat(self) -> os.stat_result:
        return os.lstat(self.name, dir_fd=self.folder_fd)


def _matches(info: os.stat_result, expected: Expected) -> str:
    """'' when ``info`` is the scanned file, else what differs."""
    if expected.inode and (info.st_dev, info.st_ino) != (expected.device, expected.inode):
        return "it is another file now (its device or inode differ from the scan's)"
    if info.st_size != expected.size:
        return f"its size changed since the scan ({expected.size:,} → {info.st_size:,} bytes)"
    if info.st_mtime_ns != expected.mtime_ns:
        return "it was modified since the scan"
    return ""


def check_found(found: Located | Skip, expected: Expected) -> Located | Skip:
    """``found`` unless it is a file other than ``expected`` (then a CHANGED skip)."""
    if isinstance(found, Skip):
        return found
    differs = _matches(found.info, expected)
    return _skip(expected.path, SkipReason.CHANGED, differs) if differs else found


@contextlib.contextmanager
def locate(root: str, expected: Expected | str) -> Iterator[Located | Skip]:
    """The regular file ``expected`` under ``root``, reached without following links, or why not.

    Args:
        root: The scanned folder (absolute).
        expected: The file as scanned; a bare relative path checks only that it is a regular file.

    Yields:
        :class:`Located` (its folder held open for the ``with`` block) or :class:`Skip`.
    """
    rel = expected if isinstance(expected, str) else expected.path
    problem = path_problem(rel)
    if problem:
        yield _skip(rel, SkipReason.BAD_PATH, problem)
        return
    parts = rel.split("/")
    if DIR_FD_WALK:
        with _walk_fds(root, rel, parts) as found:
            yield found if isinstance(expected, str) else check_found(found, expected)
    else:
        found = _walk_lstat(root, rel, parts)
        yield found if isinstance(expected, str) else check_found(found, expected)


def _error_skip(rel: str, error: OSError, *, last: bool) -> Skip:
    if error.errno == errno.ENOENT:
        return _skip(rel, SkipReason.VANISHED)
    if error.errno == errno.ELOOP:
        return _skip(rel, SkipReason.LINK if last else SkipReason.LINK_ON_PATH)
    if error.errno == errno.ENOTDIR:
        return _skip(rel, SkipReason.NOT_A_FOLDER)
    return _skip(rel, SkipReason.UNREACHABLE, error.strerror or str(error), error.errno)


def open_folder(name: str, dir_fd: int | None) -> int:
    """A folder's descriptor, never through a symbolic link as its last part (raises OSError: ELOOP, ENOTDIR)."""
    return os.open(name, _DIR_FLAGS, dir_fd=dir_fd)


@contextlib.contextmanager
def _walk_fds(root: str, rel: str, parts: list[str]) -> Iterator[Located | Skip]:
    try:
        # The root itself may be reached through links (the user chose it); below it, nothing is followed.
        fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY | getattr(os, "O_CLOEXEC", 0))
    except OSError as error:
        yield _root_skip(rel, error)
        return
    try:
        for part in parts[:-1]:
            try:
                below = open_folder(part, fd)
            except OSError as error:
                yield _error_skip(rel, _folder_error(part, fd, error), last=False)
                return
            os.close(fd)
            fd = below
        name = parts[-1]
        try:
            info = os.lstat(name, dir_fd=fd)
        except OSError as error:
            yield _error_skip(rel, error, last=True)
            return
        found = _final(rel, info)
        if found is not None:
            yield found
            return
        yield Located(os.path.join(root, *parts), fd, name, info)
    finally:
        os.close(fd)


# O_NOFOLLOW | O_DIRECTORY on a link: ENOTDIR on Linux, ELOOP on macOS, EMLINK or EFTYPE on the BSDs.
_MAYBE_LINK = frozenset({errno.ENOTDIR, errno.EMLINK, getattr(errno, "EFTYPE", errno.ENOTDIR)})


def _root_skip(rel: str, error: OSError) -> Skip:
    """Why a file cannot be reached when its scanned folder cannot be opened: a folder renamed or deleted since
    the scan took its files with it (they vanished, they did not change)."""
    if error.errno in (errno.ENOENT, errno.ENOTDIR):
        return _skip(rel, SkipReason.VANISHED, "the scanned folder is gone (moved or deleted since the scan)")
    return _skip(rel, SkipReason.UNREACHABLE, f"the scanned folder cannot be opened: {error.strerror}", error.errno)


def _folder_error(part: str, fd: int, error: OSError) -> OSError:
    """The error of opening ``part`` as a folder, ELOOP whenever ``part`` is a link whatever the platform said."""
    if error.errno in _MAYBE_LINK:
        with contextlib.suppress(OSError):
            if stat.S_ISLNK(os.lstat(part, dir_fd=fd).st_mode):
                return OSError(errno.ELOOP, os.strerror(errno.ELOOP))
    return error


def _final(rel: str, info: os.stat_result) -> Skip | None:
    if _is_link(info):
        return _skip(rel, SkipReason.LINK)
    if stat.S_ISDIR(info.st_mode):
        return _skip(rel, SkipReason.FOLDER)
    if not stat.S_ISREG(info.st_mode):
        return _skip(rel, SkipReason.NOT_REGULAR)
    return None


def _walk_lstat(root: str, rel: str, parts: list[str]) -> Located | Skip:
    """Without ``dir_fd``: each folder on the way ``lstat``-ed, a link or junction refusing the walk."""
    here = root
    for part in parts[:-1]:
        here = os.path.join(here, part)
        try:
            info = os.lstat(here)
        except OSError as error:
            return _error_skip(rel, error, last=False)
        if _is_link(info):
            return _skip(rel, SkipReason.LINK_ON_PATH)
        if not stat.S_ISDIR(info.st_mode):
            return _skip(rel, SkipReason.NOT_A_FOLDER)
    path = os.path.join(here, parts[-1])
    try:
        info = os.lstat(path)
    except OSError as error:
        return _error_skip(rel, error, last=True)
    found = _final(rel, info)
    return found if found is not None else Located(path, None, path, info)


class Walker:
    """Checks many files under one root as :func:`locate` does, keeping the folders of the previous file's
    path open, so files listed in path order cost one ``lstat`` each rather than a walk each (reopening saved
    results checks every file).

    Use it as a context manager; :meth:`check` answers the file's ``lstat`` or the :class:`Skip`.
    """

    def __init__(self, root: str) -> None:
        self.root = root
        self._root_fd: int | None = None
        self._root_error: OSError | None = None
        self._chain: list[tuple[str, int]] = []  # the open folders below the root: (name, descriptor)

    def __enter__(self) -> Walker:
        if DIR_FD_WALK:
            try:
                self._root_fd = os.open(self.root, os.O_RDONLY | os.O_DIRECTORY | getattr(os, "O_CLOEXEC", 0))
            except OSError as error:
                self._root_error = error
        return self

    def __exit__(self, *exc: object) -> None:
        self._close_from(0)
        if self._root_fd is not None:
            os.close(self._root_fd)
            self._root_fd = None

    def _close_from(self, depth: int) -> None:
        for _, fd in self._chain[depth:]:
            os.close(fd)
        del self._chain[depth:]

    def check(self, expected: Expected) -> os.stat_result | Skip:
        """The scanned file's ``lstat`` when it is still that regular file, else why not."""
        if not DIR_FD_WALK:
            with locate(self.root, expected) as found:
                return found if isinstance(found, Skip) else found.info
        rel = expected.path
        problem = path_problem(rel)
        if problem:
            return _skip(rel, SkipReason.BAD_PATH, problem)
        if self._root_fd is None:
            return _root_skip(rel, self._root_error or OSError(errno.EBADF, "not opened"))
        parts = rel.split("/")
        fd = self._folder(rel, parts[:-1])
        if isinstance(fd, Skip):
            return fd
        try:
            info = os.lstat(parts[-1], dir_fd=fd)
        except OSError as error:
            return _error_skip(rel, error, last=True)
        refused = _final(rel, info)
        if refused is not None:
            return refused
        differs = _matches(info, expected)
        return _skip(rel, SkipReason.CHANGED, differs) if differs else info

    def _folder(self, rel: str, folders: list[str]) -> int | Skip:
        """The open descriptor of the folder ``folders`` below the root (reached through no link), or why not."""
        assert self._root_fd is not None
        same = 0
        while same < min(len(folders), len(self._chain)) and self._chain[same][0] == folders[same]:
            same += 1
        self._close_from(same)
        fd = self._chain[-1][1] if self._chain else self._root_fd
        for part in folders[same:]:
            try:
                below = open_folder(part, fd)
            except OSError as error:
                return _error_skip(rel, _folder_error(part, fd, error), last=False)
            self._chain.append((part, below))
            fd = below
        return fd

    def linked(self, rel: str) -> tuple[int, int] | None:
        """The identity of the file the symbolic link ``rel`` leads to now (None when ``rel`` is no link, leads
        nowhere or cannot be reached). Only looked at: the link's folder is reached through no link, so a link
        whose own path is longer than the system takes (PATH_MAX) is looked at as any other."""
        if not DIR_FD_WALK:
            path = os.path.join(self.root, *rel.split("/"))
            try:
                return identity_of(os.stat(path)) if stat.S_ISLNK(os.lstat(path).st_mode) else None
            except (OSError, ValueError):
                return None
        if self._root_fd is None or path_problem(rel):
            return None
        parts = rel.split("/")
        fd = self._folder(rel, parts[:-1])
        if isinstance(fd, Skip):
            return None
        try:
            if not stat.S_ISLNK(os.lstat(parts[-1], dir_fd=fd).st_mode):
                return None
            return identity_of(os.stat(parts[-1], dir_fd=fd))
        except (OSError, ValueError):  # broken, a loop
            return None
