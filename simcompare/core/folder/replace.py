"""The cleaner's other actions: replace a copy with a hard or a symbolic link to its group's reference, delete
permanently, copy to a folder.

They keep the rules of :mod:`simcompare.core.folder.actions` (DESIGN.md §5): each file is reached under its
scanned folder without following links and compared with its record right before anything is done; what
changed is left alone and named; one file chosen by two names is acted on once; every action is logged in the
same log, one line per file, and returns an :class:`~simcompare.core.folder.actions.ActionReport` saying
exactly what happened to each file.

A replacement by a link never leaves a copy half replaced: the link is made under a temporary name in the
copy's folder, checked (a hard link must be the reference itself, whose identity is checked too), and renamed
over the copy, which is atomic; whatever fails before the rename removes the temporary name and leaves the copy
as it was. Only a copy whose bytes are the reference's, compared byte for byte right before, is replaced (a
near-duplicate's own words would be lost); a hard link is never tried across file systems, and a copy that
already is a hard link of its reference is reported as such, not linked again. The one moment left is between
the last check of the copy and the rename (microseconds): a program that rewrites the copy in place just then
loses that write.
"""

from __future__ import annotations

import contextlib
import errno
import os
import threading
import uuid
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from simcompare.core.compat import StrEnum
from simcompare.core.folder.actions import (
    ActionKind,
    ActionLog,
    ActionReport,
    Refused,
    _Act,
    _copy_into,
    _remove_source,
    _report,
    _run,
    _same,
    _target_folder,
    check_destination,
    tidy,
)
from simcompare.core.folder.safe_paths import Expected, Located, Skip, SkipReason, identity_of, locate
from simcompare.core.progress import NO_PROGRESS, Progress

__all__ = ["LinkKind", "Replacement", "copy_scanned", "delete_scanned", "link_scanned"]


class LinkKind(StrEnum):
    """What a copy is replaced with: a hard link (another name of the reference) or a symbolic link to it."""

    HARD = "hard"
    SYMBOLIC = "symbolic"


@dataclass(frozen=True, slots=True)
class Replacement:
    """A copy to replace with a link to ``reference``, both as scanned.

    ``reference_root`` is the scanned folder the reference is under ('' when it is the copy's).
    """

    copy: Expected
    reference: Expected
    reference_root: str = ""


# ------------------------------------------------------------------------------------------ links


def _temporary() -> str:
    return f".simcompare-{uuid.uuid4().hex[:16]}.part"


def _in_folder(found: Located) -> Callable[[str], str]:
    """What reaches a name beside ``found``: the bare name beside its folder's descriptor, else a path."""
    if found.folder_fd is not None:
        return lambda name: name
    folder = os.path.dirname(found.path)
    return lambda name: os.path.join(folder, name)


_READ = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
_CHUNK = 1 << 20


def _same_bytes(a: Located, b: Located) -> bool:
    """Whether the two files found hold the same bytes (read now, each checked to be the file found)."""
    if a.info.st_size != b.info.st_size:
        return False
    first = os.open(a.name, _READ, dir_fd=a.folder_fd)
    try:
        second = os.open(b.name, _READ, dir_fd=b.folder_fd)
        try:
            if not (_same(a, os.fstat(first)) and _same(b, os.fstat(second))):
                raise Refused(SkipReason.CHANGED, "it changed while it was being compared with its reference")
            while True:
                left, right = os.read(first, _CHUNK), os.read(second, _CHUNK)
                if left != right:
                    return False
                if not left:
                    return True
        finally:
            os.close(second)
    finally:
        os.close(first)


def _hard_link(reference: Located, name: str, found: Located) -> None:
    if os.link in os.supports_follow_symlinks:
        os.link(
            reference.name,
            name,
            src_dir_fd=reference.folder_fd,
            dst_dir_fd=found.folder_fd,
            follow_symlinks=False,
        )
    else:
        os.link(reference.name, name, src_dir_fd=reference.folder_fd, dst_dir_fd=found.folder_fd)


def _swap_in(found: Located, make: Callable[[str], None], check: Callable[[str], None]) -> None:
    """Make the replacement under a temporary name in the copy's folder (``make``), ``check`` it, check the
    copy is still the one found, then rename it over the copy; any failure removes the temporary name."""
    where = _in_folder(found)
    temporary = where(_temporary())
    fd = found.folder_fd
    made = False
    try:
        make(temporary)
        made = True
        check(temporary)
        if not _same(found, found.lstat()):
            raise Refused(SkipReason.CHANGED, "it changed while it was being replaced; it was left as it was")
        os.replace(temporary, found.name, src_dir_fd=fd, dst_dir_fd=fd)
        made = False
    finally:
        if made:
            with contextlib.suppress(OSError):
                os.unlink(temporary, dir_fd=fd)


def _link_one(root: str, by_path: dict[str, Replacement], how: LinkKind) -> _Act:
    def act(found: Located, rel: str) -> str:
        wanted = by_path[rel]
        reference_root = wanted.reference_root or root
        with locate(reference_root, wanted.reference) as reference:
            if isinstance(reference, Skip):
                detail = f"its reference {wanted.reference.path} was not used: {reference.detail}"
                raise Refused(SkipReason.REFERENCE_CHANGED, detail, reference.errno)
            if identity_of(reference.info) == identity_of(found.info):
                if os.path.abspath(reference.path) == os.path.abspath(found.path):
                    raise Refused(SkipReason.IS_REFERENCE, "it is its group's reference; it is kept as it is")
                raise Refused(SkipReason.ALREADY_LINKED, f"it already is a hard link of {reference.path}")
            if not _same_bytes(found, reference):
                detail = f"its bytes differ from those of {reference.path}; a link would lose them"
                raise Refused(SkipReason.NOT_IDENTICAL, detail)
            if how is LinkKind.HARD:
                if reference.info.st_dev != found.info.st_dev:
                    detail = f"it is on another file system than {reference.path}; a hard link cannot join them"
                    raise Refused(SkipReason.OTHER_DEVICE, detail, errno.EXDEV)

                def make(name: str) -> None:
                    _hard_link(reference, name, found)

                def check(name: str) -> None:
                    # the name linked must still be the reference found (it was not swapped since)
                    if not _same(reference, os.lstat(name, dir_fd=found.folder_fd)):
                        detail = f"its reference {reference.path} changed while the link was made"
                        raise Refused(SkipReason.REFERENCE_CHANGED, detail)

            else:
                target = os.path.abspath(reference.path)

                def make(name: str) -> None:
                    os.symlink(target, name, dir_fd=found.folder_fd)

                def check(name: str) -> None:
                    if not _same(reference, reference.lstat()):
                        detail = f"its reference {reference.path} changed while the link was made"
                        raise Refused(SkipReason.REFERENCE_CHANGED, detail)

            _swap_in(found, make, check)
            return reference.path

    return act


def link_scanned(
    root: str,
    replacements: Iterable[Replacement],
    how: LinkKind | str,
    *,
    log: ActionLog | None = None,
    progress: Progress = NO_PROGRESS,
    cancel: threading.Event | None = None,
) -> ActionReport:
    """Replace each copy with a hard or symbolic link to its reference, both checked first.

    An outcome's ``target`` is the reference's path. A copy left alone says why: it changed
    (``CHANGED``…), its reference changed or vanished (``REFERENCE_CHANGED``), it is the reference
    (``IS_REFERENCE``), it already is a hard link of it (``ALREADY_LINKED``), its bytes differ from the
    reference's (``NOT_IDENTICAL``: a near-duplicate is never replaced), or, for a hard link, it is on another
    file system (``OTHER_DEVICE``); a system error (a read-only folder) leaves it as it was too. ``progress``
    and ``cancel`` as for :func:`~simcompare.core.folder.actions.trash_scanned`.
    """
    how = LinkKind(how)
    wanted = list(replacements)
    by_path = {r.copy.path: r for r in wanted}
    kind = ActionKind.HARD_LINK if how is LinkKind.HARD else ActionKind.SYMBOLIC_LINK
    # a copy whose reference's identity is unknown is as unknown as itself: neither is replaced for good
    copies = [r.copy if r.reference.device or r.reference.inode else r.copy.path for r in wanted]
    act = _link_one(root, by_path, how)
    return _report(kind, _run(root, copies, act, for_good=True, progress=progress, cancel=cancel), log)


# ------------------------------------------------------------------------------------------ delete, copy


def _delete_one(found: Located, rel: str) -> str:
    _remove_source(found)  # checks the file is still the one found, right before
    return ""


def delete_scanned(
    root: str,
    files: Iterable[Expected],
    *,
    log: ActionLog | None = None,
    remove_empty: bool = False,
    keep: Iterable[str] = (),
    keeping: Mapping[str, Expected] | None = None,
    progress: Progress = NO_PROGRESS,
    cancel: threading.Event | None = None,
) -> ActionReport:
    """Delete scanned files permanently (no trash), each checked first; with ``remove_empty``, the folders
    they left empty are removed too (never ``root`` nor a folder of ``keep``). ``keeping``: by a file's path,
    its group's reference, which must still be there, unchanged, or the file is kept. ``progress`` and
    ``cancel`` as for :func:`~simcompare.core.folder.actions.trash_scanned`."""
    outcomes = _run(root, files, _delete_one, for_good=True, keeping=keeping, progress=progress, cancel=cancel)
    return _report(ActionKind.DELETE, outcomes, log, tidy(root, outcomes, remove_empty, keep))


def _free_bytes(fd: int | None, folder: str) -> int | None:
    try:
        info = os.fstatvfs(fd) if fd is not None else os.statvfs(folder)
    except (OSError, AttributeError):  # no statvfs (Windows): the copy itself says when the disk is full
        return None
    return info.f_bavail * info.f_frsize


def _copy_one(destination: str) -> _Act:
    def act(found: Located, rel: str) -> str:
        parts = rel.split("/")
        with _target_folder(destination, parts[:-1]) as (fd, folder):
            free = _free_bytes(fd, folder)
            if free is not None and free < found.info.st_size:
                needed = found.info.st_size
                raise OSError(
                    errno.ENOSPC,
                    f"not enough free space at the destination ({needed:,} bytes needed, {free:,} free)",
                )
            where = (lambda n: n) if fd is not None else (lambda n: os.path.join(folder, n))
            name = _copy_into(found, fd, where, parts[-1], remove_source=False)
            return os.path.join(folder, name)

    return act


def copy_scanned(
    root: str,
    files: Iterable[Expected],
    destination: str,
    *,
    log: ActionLog | None = None,
    scanned: Sequence[str] = (),
    progress: Progress = NO_PROGRESS,
    cancel: threading.Event | None = None,
) -> ActionReport:
    """Copy scanned files under ``destination``, keeping their paths relative to ``root``; each is checked
    first and never overwrites a file there (a taken name becomes ``name (2).txt``); the sources are untouched.
    ``scanned``: with several scanned folders, those folders (``root`` is then their common folder).

    Raises:
        ValueError: see :func:`~simcompare.core.folder.actions.check_destination`.
        OSError: the destination cannot be made.
    """
    check_destination(root, destination, scanned)
    os.makedirs(destination, exist_ok=True)
    outcomes = _run(root, files, _copy_one(destination), progress=progress, cancel=cancel)
    return _report(ActionKind.COPY, outcomes, log)
