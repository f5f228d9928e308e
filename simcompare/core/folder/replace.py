"""The cleaner's other actions: replace a copy with a hard or a symbolic link to its group's reference, delete
permanently, copy to a folder.

They keep the rules of :mod:`simcompare.core.folder.actions` (DESIGN.md §5): each file is reached under its
scanned folder without following links and compared with its record right before anything is done; what
changed is left alone and named; one file chosen by two names is acted on once; every action is logged in the
same log, one line per file, and returns an :class:`~simcompare.core.folder.actions.ActionReport` saying
exactly what happened to each file.

A replacement by a link never leaves a copy half replaced: the link is made under a temporary name in the
copy's folder and checked (a hard link must be the reference itself, whose identity is checked too); then the
copy is taken from its name (renamed to a private temporary name, one step, and compared there with the copy
found) and the link given the name, never over a file; whatever fails puts the copy back and removes the
temporary names. A delete takes the file from its name the same way before unlinking it. So a file that takes
the name between the last check and the act (a program saving by renaming over it, a swap) is never the one
replaced or deleted: it is put back and the file left alone. Only a copy whose bytes are the reference's,
compared byte for byte right before, is replaced (a near-duplicate's own words would be lost); a hard link is
never tried across file systems, and a copy that already is a hard link of its reference is reported as such,
not linked again. The one moment left is a program rewriting the copy in place (same name, same file) between
the last check and the act (microseconds): that write is lost. For that moment the name is free (a reader
then finds no file), where a rename over it kept it taken but could replace another file.
"""

from __future__ import annotations

import contextlib
import errno
import os
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from simcompare.core.compat import StrEnum
from simcompare.core.folder.actions import (
    ActionKind,
    ActionLog,
    ActionReport,
    Destination,
    Refused,
    _Act,
    _copy_into,
    _detach,
    _in_folder,
    _putting_back,
    _report,
    _run,
    _same,
    _take_away,
    _taken,
    _taking_away,
    _target_folder,
    _temporary,
    not_reached,
    prepared_destination,
)
from simcompare.core.folder.safe_paths import READ_BYTES, Expected, Located, Skip, SkipReason, identity_of, locate
from simcompare.core.folder.scan import raw_hasher
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


_CHUNK = 1 << 20


def _same_bytes(a: Located, b: Located) -> bool:
    """Whether the two files found hold the same bytes (read now, each checked to be the file found)."""
    if a.info.st_size != b.info.st_size:
        return False
    first = os.open(a.name, READ_BYTES, dir_fd=a.folder_fd)
    try:
        second = os.open(b.name, READ_BYTES, dir_fd=b.folder_fd)
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
    """Make the replacement under a temporary name in the copy's folder (``make``) and ``check`` it; then take
    the copy away from its name (:func:`_detach`: only the copy found, never a file that took the name since)
    and give the name to the replacement, never over a file; any failure puts the copy back and removes the
    temporary name."""
    where = _in_folder(found)
    temporary = where(_temporary())
    fd = found.folder_fd
    made = False
    try:
        make(temporary)
        made = True
        check(temporary)
        now = found.lstat()  # its change time too: a write whose size and modification time were set back
        if not _same(found, now) or now.st_ctime_ns != found.info.st_ctime_ns:
            raise Refused(SkipReason.CHANGED, "it changed while it was being replaced; it was left as it was")
        detached = _detach(found, "replaced")
        with _putting_back(found, detached):  # the name taken meanwhile: the copy stays, beside the newcomer
            _give_name(temporary, found.name, fd)
        with contextlib.suppress(OSError):
            os.unlink(detached, dir_fd=fd)
    finally:
        if made:  # the replacement's temporary name (an extra name once it has the copy's)
            with contextlib.suppress(OSError):
                os.unlink(temporary, dir_fd=fd)


def _give_name(temporary: str, name: str, fd: int | None) -> None:
    """Give the file under ``temporary`` the name ``name`` too, never replacing a file (a FileExistsError, a
    Refused when the name is taken); the temporary name stays (the caller removes it)."""
    try:
        if os.link in os.supports_follow_symlinks:
            os.link(temporary, name, src_dir_fd=fd, dst_dir_fd=fd, follow_symlinks=False)
        else:
            os.link(temporary, name, src_dir_fd=fd, dst_dir_fd=fd)
        return
    except FileExistsError:
        raise Refused(SkipReason.CHANGED, "another file took its name while it was being replaced") from None
    except OSError as error:
        if error.errno not in (errno.EPERM, errno.ENOSYS, errno.EOPNOTSUPP, errno.EMLINK):
            raise
    if _taken(name, fd):  # no hard links here: a rename to a name checked free just before
        raise Refused(SkipReason.CHANGED, "another file took its name while it was being replaced")
    os.rename(temporary, name, src_dir_fd=fd, dst_dir_fd=fd)


def _reference_as_compared(reference: Located) -> None:
    """Refuse when the reference changed since its bytes were compared with the copy's: its change time moves with
    any write, even one whose size and modification time were set back (looked at before a hard link is made,
    which moves it too)."""
    now = reference.lstat()
    if not _same(reference, now) or now.st_ctime_ns != reference.info.st_ctime_ns:
        detail = f"its reference {reference.path} changed since it was compared with it"
        raise Refused(SkipReason.REFERENCE_CHANGED, detail)


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
                    _reference_as_compared(reference)
                    try:
                        _hard_link(reference, name, found)
                    except OSError as error:
                        if error.errno != errno.EXDEV:
                            raise
                        detail = (
                            f"it is under another mount than {reference.path} (one file system mounted twice); "
                            "a hard link cannot join them"
                        )
                        raise Refused(SkipReason.OTHER_DEVICE, detail, errno.EXDEV) from None

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
                    _reference_as_compared(reference)

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


def _delete_one(found: Located, rel: str, last_look: Callable[[], str] = lambda: "") -> str:
    """Delete the found file and nothing else, whatever happens to its name meanwhile: its name is first taken
    from it (:func:`_detach`), so a file that took the name after the last check is never the one deleted."""
    now = found.lstat()  # its change time too: a write since its bytes were read, its size and time set back
    if not _same(found, now) or now.st_ctime_ns != found.info.st_ctime_ns:
        raise Refused(SkipReason.CHANGED, "it changed since it was checked; it was left as it was")
    if why := last_look():  # its reference, looked at again last of all
        raise Refused(SkipReason.REFERENCE_CHANGED, why)
    _take_away(found, "deleted")
    return ""


def _bytes_digest(found: Located) -> str:
    """The digest of the found file's bytes as the scan records it (``scan.raw_digest``: BLAKE2b of 128 bits),
    read in chunks through its folder's descriptor, the file checked to be the one found."""
    handle = os.open(found.name, READ_BYTES, dir_fd=found.folder_fd)
    try:
        if not _same(found, os.fstat(handle)):
            raise Refused(SkipReason.CHANGED, "it changed while it was being read; it was left as it was")
        digest = raw_hasher()
        while chunk := os.read(handle, _CHUNK):
            digest.update(chunk)
        return digest.hexdigest()
    finally:
        os.close(handle)


def _kept_bytes_changed(root: str, kept: Expected, read: dict[tuple[int, ...], str]) -> str:
    """Why the reference that stays in place of a file deleted for good no longer holds the bytes the scan read
    ('' when it does): an edit keeping its size and time leaves its identity as scanned, yet the words of the copy
    would then be nowhere. ``read``: the digests already read in this action, by the file's identity, size and
    times (its change time moves with any write, and no program can set it back)."""
    with locate(root, kept) as reference:
        if isinstance(reference, Skip):
            return f"its group's reference {kept.path} is no longer the file scanned ({reference.detail}); it was kept"
        info = reference.info
        key = (*identity_of(info), info.st_size, info.st_mtime_ns, info.st_ctime_ns)
        if key not in read:
            try:
                read[key] = _bytes_digest(reference)
            except Refused:
                return f"its group's reference {kept.path} changed while it was being read; it was kept"
        if read[key] != kept.digest:
            return (
                f"the bytes of its group's reference {kept.path} changed since the scan (its size and modification "
                "time did not); it was kept"
            )
    return ""


def _deleting(digests: Mapping[str, str] | None, root: str = "", keeping: Mapping[str, Expected] | None = None) -> _Act:
    """Delete a file, after comparing its bytes with the scan's digest of them (``digests``, by path): an edit
    that kept the size and the modification time (restored by ``touch -r``, ``cp -p``, an archive) is still an
    edit, and a permanent delete would lose it. A file without a digest is never deleted for good. Its group's
    reference that stays (``keeping``, under ``root``) is compared with the scan's digest of its bytes too, when
    one was recorded: a copy is deleted for good only while the reference still holds the words."""
    read: dict[tuple[int, ...], str] = {}

    def act(found: Located, rel: str) -> str:
        wanted = digests.get(rel, "") if digests else ""
        if not wanted:  # older or hand-written results: an edit keeping size and time could not be told
            raise Refused(
                SkipReason.UNKNOWN_IDENTITY,
                "no digest of its bytes was recorded (older or hand-written results), so an edit that kept its "
                "size and time could not be told; it was kept (trash or move it instead)",
            )
        if _bytes_digest(found) != wanted:
            raise Refused(
                SkipReason.CHANGED,
                "its bytes changed since the scan (its size and modification time did not); it was kept",
            )
        kept = keeping.get(rel) if keeping else None
        if kept is None or not kept.digest:
            return _delete_one(found, rel)
        if why := _kept_bytes_changed(root, kept, read):
            raise Refused(SkipReason.REFERENCE_CHANGED, why)
        return _delete_one(found, rel, lambda: _kept_bytes_changed(root, kept, read))

    return act


def delete_scanned(
    root: str,
    files: Iterable[Expected],
    *,
    log: ActionLog | None = None,
    remove_empty: bool = False,
    keep: Iterable[str] = (),
    keeping: Mapping[str, Expected] | None = None,
    digests: Mapping[str, str] | None = None,
    links: Sequence[str] = (),
    progress: Progress = NO_PROGRESS,
    cancel: threading.Event | None = None,
) -> ActionReport:
    """Delete scanned files permanently (no trash), each checked first; with ``remove_empty``, the folders
    they left empty are removed too (never ``root`` nor a folder of ``keep``). ``keeping``: by a file's path,
    its group's reference, which must still be there, unchanged, or the file is kept. ``digests``: by a file's
    path, the scan's digest of its bytes (``FileRecord.raw_digest``); a file whose bytes no longer match is
    kept, even with its size and modification time unchanged. ``links``, ``progress`` and ``cancel`` as for
    :func:`~simcompare.core.folder.actions.trash_scanned`."""
    files = list(files)
    if digests is None:  # the scan's digests as the files carry them: the window and the command line alike
        digests = {f.path: f.digest for f in files if isinstance(f, Expected) and f.digest}
    return _taking_away(
        ActionKind.DELETE,
        root,
        files,
        _deleting(digests, root, keeping),
        log=log,
        remove_empty=remove_empty,
        keep=keep,
        keeping=keeping,
        links=links,
        progress=progress,
        cancel=cancel,
        for_good=True,
    )


def _free_bytes(fd: int | None, folder: str) -> int | None:
    try:
        info = os.fstatvfs(fd) if fd is not None else os.statvfs(folder)
    except (OSError, AttributeError):  # no statvfs (Windows): the copy itself says when the disk is full
        return None
    return info.f_bavail * info.f_frsize


def _copy_one(target: Destination) -> _Act:
    def act(found: Located, rel: str) -> str:
        parts = rel.split("/")
        with _target_folder(target, parts[:-1]) as (fd, folder):
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
    with prepared_destination(root, destination, scanned, cancel) as target:
        if target is None:  # stopped while the folders were looked at: no file was reached
            return _report(ActionKind.COPY, not_reached(root, files), log)
        outcomes = _run(root, files, _copy_one(target), progress=progress, cancel=cancel)
    return _report(ActionKind.COPY, outcomes, log)
