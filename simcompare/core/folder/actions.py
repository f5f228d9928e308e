"""What the cleaner does to files, and the log of it: move to the trash, move to a folder.

Every action acts only on what was scanned (DESIGN.md §5): each file is first reached under the scanned
folder without following links and compared with its record (``safe_paths.locate``); a file that changed,
vanished or became something else (a folder, a link, another file) is left alone and named with the reason.
One file chosen twice by two names (a hard link, a bind mount) is acted on once. A file is taken away (trashed,
moved, deleted) only from a private name: it is first renamed, in one step through its held-open folder, to a
short random name beside it and compared there (:func:`_detach`), so a file that took its name after the last
check (a save by rename, a swap), or a folder swapped on its path, is never the one acted on; it is put back.

Nothing here overwrites a file: a move to a folder keeps each file's path relative to the scanned folder
and, where that name is taken, picks a free one ("name (2).txt"); a move across file systems copies to a
temporary name first, so a failure (a full disk) leaves no partial copy and the source untouched.

An action returns an :class:`ActionReport`: exactly which files moved and which stayed and why. Every
action is appended to a log in the user's data folder, one line per file, so the user can always find
where a file went; a log that cannot be written is the report's own warning, never a reason to say that
files which moved stayed.
"""

from __future__ import annotations

import contextlib
import ctypes
import datetime as _dt
import errno
import itertools
import os
import stat
import sys
import threading
import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from simcompare.core.compat import StrEnum, resolved
from simcompare.core.errors import Cancelled
from simcompare.core.folder.empty_folders import remove_empty_folders
from simcompare.core.folder.mounts import MountTable, MountWatch, within
from simcompare.core.folder.private_places import default_data_path, home_trash, in_private_place
from simcompare.core.folder.safe_paths import (
    DIR_FD_WALK,
    READ_BYTES,
    Expected,
    Located,
    Skip,
    SkipReason,
    Walker,
    identity_of,
    locate,
    open_folder,
    path_problem,
    skip_detail,
)
from simcompare.core.folder.scan import FileRecord
from simcompare.core.formats.appending import append_text
from simcompare.core.formats.names import escape_name
from simcompare.core.progress import NO_PROGRESS, Progress, Stage

__all__ = [
    "ActionKind",
    "ActionLog",
    "ActionReport",
    "Outcome",
    "Refused",
    "expected_of",
    "free_name",
    "kept_references",
    "move_keeping_paths",
    "move_scanned",
    "pointed_at",
    "tidy",
    "trash_files",
    "trash_scanned",
]


class ActionKind(StrEnum):
    TRASH = "trash"
    MOVE = "move"
    HARD_LINK = "hardlink"  # replaced with a hard link to its group's reference
    SYMBOLIC_LINK = "symlink"  # replaced with a symbolic link to its group's reference
    DELETE = "delete"  # deleted permanently
    COPY = "copy"  # copied to a folder (the file itself untouched)
    REMOVE_FOLDER = "remove-folder"  # a folder left empty by the action, removed


@dataclass(frozen=True, slots=True)
class Outcome:
    """One file's fate: moved to ``target`` (empty for the trash), or left in place with ``error``.

    ``error`` is the system's English words (what the action log keeps); ``errno`` its number, which a
    window says in its own language. ``skipped`` is set when the file was left alone before anything was
    tried (it changed since the scan, vanished, is a folder or a link now…); ``path`` is the file's path
    relative to the scanned folder where the action knew one.
    """

    source: str
    target: str = ""
    error: str = ""
    errno: int | None = None
    skipped: SkipReason | None = None
    path: str = ""
    concerns: str = ""
    """Where the failure was, when not at the file itself (the trash folder that could not be used)."""
    kept_as: str = ""
    """The name the file was kept under beside ``source`` (``name (2).txt``), when it had been taken off its name
    for the action, the action failed, and another file had taken its name meanwhile ('' when it has its own)."""

    @property
    def ok(self) -> bool:
        return not self.error


@dataclass(frozen=True, slots=True)
class ActionReport:
    """What an action did: one outcome per file asked for, in order, and whether the log was written.

    ``log_error`` is empty when the log got its lines; otherwise it says why not (with ``log_errno``): the
    outcomes are still exactly what happened on disk.
    """

    kind: ActionKind
    outcomes: tuple[Outcome, ...]
    log_error: str = ""
    log_errno: int | None = None
    removed_folders: tuple[str, ...] = ()
    """The folders (relative paths) the action left empty and removed, when asked to."""

    @property
    def done(self) -> tuple[Outcome, ...]:
        """The files that moved (to the trash or the folder)."""
        return tuple(o for o in self.outcomes if o.ok)

    @property
    def stayed(self) -> tuple[Outcome, ...]:
        """The files that are where they were, each with its reason."""
        return tuple(o for o in self.outcomes if not o.ok)

    @property
    def moved_paths(self) -> tuple[str, ...]:
        """The relative paths of the files that moved."""
        return tuple(o.path for o in self.outcomes if o.ok)


def expected_of(record: FileRecord) -> Expected:
    """What an action requires of a scanned file: its path and identity at the scan."""
    return Expected(record.path, record.device, record.inode, record.size, record.mtime_ns, record.raw_digest)


def free_name(path: Path) -> Path:
    """``path`` if nothing is there, else the first free ``stem (n).suffix`` beside it."""
    if not os.path.lexists(path):
        return path
    n = 2
    while True:
        candidate = path.with_name(f"{path.stem} ({n}){path.suffix}")
        if not os.path.lexists(candidate):
            return candidate
        n += 1


def _reason(error: OSError) -> str:
    return error.strerror or str(error)


_NAME_MAX = 255  # bytes in one file name on the usual file systems


def _numbered(name: str, n: int) -> str:
    """``name`` for n < 2, else ``stem (n).suffix``, the stem shortened (by whole characters) so that the name
    still fits in ``_NAME_MAX`` bytes: a free name beside a long one must be a name the system takes."""
    if n < 2:
        return name
    stem, dot, suffix = name.rpartition(".")
    if not stem:  # no suffix, or a name like ".profile"
        stem, dot, suffix = name, "", ""
    tail = f" ({n}){dot}{suffix}"
    # a suffix too long to keep a character of the stem is no suffix: the name itself is numbered
    return _fitting(stem, tail) or _fitting(name, f" ({n})")


def _fitting(stem: str, tail: str, reserve: int = 0) -> str:
    """``stem + tail``, the stem shortened by whole characters until the name and ``reserve`` more bytes fit in
    ``_NAME_MAX`` bytes ('' when no stem is short enough)."""
    while stem and len(os.fsencode(stem + tail)) + reserve > _NAME_MAX:
        stem = stem[:-1]
    return stem + tail if stem else ""


# ------------------------------------------------------------------------------------------ running


_Act = Callable[[Located, str], str]  # (the file, its relative path) → where it went ('' for the trash)


class Refused(Exception):
    """Raised by an action on one file to leave it alone for a reason (a :class:`SkipReason`), before anything
    was changed on disk; or, with ``kept_as``, after the file, taken off its name for the action, was put back
    under another name (another file took its own meanwhile: see :attr:`Outcome.kept_as`)."""

    def __init__(self, reason: SkipReason, detail: str, number: int | None = None, kept_as: str = "") -> None:
        super().__init__(detail)
        self.reason = reason
        self.detail = detail
        self.errno = number
        self.kept_as = kept_as


def kept_references(
    files: Sequence[FileRecord], reference_of: Mapping[int, int], chosen: Iterable[int]
) -> dict[str, Expected]:
    """For :func:`trash_scanned`, :func:`move_scanned` and ``delete_scanned``'s ``keeping``: each chosen file's
    group's reference, by the file's path, where the reference itself is not chosen (a whole group chosen on
    purpose goes as asked)."""
    chosen = list(chosen)
    taken = set(chosen)
    return {
        files[i].path: expected_of(files[reference_of[i]])
        for i in chosen
        if i in reference_of and reference_of[i] != i and reference_of[i] not in taken
    }


def _not_keeping(
    root: str, kept: Expected, info: os.stat_result, path: str, overlays: _Overlays
) -> tuple[SkipReason, str] | None:
    """Why the file at ``path`` (``info``: its status) must stay for the copy that should stay (None when it may go):
    that copy is no longer the one scanned, or it is in the trash (a results file saved before scans passed the
    trash over may name one), or it is that very file under another name (a hard link, or a folder mounted twice,
    where both names are one entry and taking one away takes the other; or a file in a layer of an overlay and the
    same file shown through the overlay, whose identities differ)."""
    if in_private_place(os.path.join(root, kept.path)):
        detail = f"its group's reference {kept.path} is in the trash (or simcompare's own data); this copy is kept"
        return SkipReason.REFERENCE_CHANGED, detail
    key = identity_of(info)
    with locate(root, kept) as found:
        if isinstance(found, Skip):
            detail = (
                f"its group's reference {kept.path} is no longer the file scanned ({found.detail}); this copy is kept"
            )
            return SkipReason.REFERENCE_CHANGED, detail
        if identity_of(found.info) == key:
            twice = "(a hard link, or a folder mounted twice)"
            return SkipReason.IS_REFERENCE, f"it is the same file as {kept.path}, which its group keeps {twice}"
        if overlays.one_file(path, found.path, info, found.info):
            shown = "(an overlay shows one through the other's folder: taking one away may take both)"
            return SkipReason.IS_REFERENCE, f"it may be the same file as {kept.path}, which its group keeps {shown}"
    return None


def _same_inode(a: os.stat_result, b: os.stat_result) -> bool:
    """One inode number, size, modification and change time: one file seen through two devices."""
    return (a.st_ino, a.st_size, a.st_mtime_ns, a.st_ctime_ns) == (b.st_ino, b.st_size, b.st_mtime_ns, b.st_ctime_ns)


class _Overlays:
    """Whether two paths are one file shown twice by an overlay (one in a layer, the other through the overlay): by
    the mount table, read when first asked and again whenever the mounts changed since."""

    def __init__(self) -> None:
        self._watch: MountWatch | None = None
        self._table: MountTable | None = None

    def one_file(self, path: str, other: str, info: os.stat_result, other_info: os.stat_result) -> bool:
        if self._watch is None:
            self._watch = MountWatch()
            self._table = MountTable()
        table = self._watch.current() or self._table
        if table is None or not table.overlays:
            return False
        mine, theirs = table.overlay_of(path), table.overlay_of(other)
        if mine != theirs:  # one shown through an overlay, the other not (or through another)
            # where the table cannot place an overlay's layers (named relatively, renamed since), any file of them
            # may be what it shows: never taken away for it, nor it for them
            if any(overlay is not None and table.layers_unplaced(overlay) for overlay in (mine, theirs)):
                return True
            # an overlay shows a layer's file with that file's inode number and times, mostly (not with xino or
            # after a metadata copy-up): one more sign of one file
            if _same_inode(info, other_info):
                return True
        places = table.places(path, shown=True)
        return any(place in places for place in table.places(other, shown=True))

    def __enter__(self) -> _Overlays:
        return self

    def __exit__(self, *_: object) -> None:
        if self._watch is not None:
            self._watch.close()


def _run(
    root: str,
    items: Iterable[Expected | str],
    act: _Act,
    *,
    for_good: bool = False,
    keeping: Mapping[str, Expected] | None = None,
    pointed: Mapping[tuple[int, int], str] | None = None,
    progress: Progress = NO_PROGRESS,
    cancel: threading.Event | None = None,
) -> list[Outcome]:
    """Each file reached, checked, and acted on once; whatever fails is one file's outcome, never the batch's.

    ``for_good``: the action cannot be undone (delete, replace with a link): a file whose device and inode are
    unknown (0, results saved before they were recorded, or a results file written by hand) is left alone.
    ``keeping``: by a file's path, the copy that stays in its place (its group's reference), checked right
    before the file is acted on: when it vanished or changed since the scan, the file is left alone too, so
    that a group never loses its last copy through a reference that is no longer there; and when the file is
    that reference under another name (``IS_REFERENCE``), since through a folder mounted twice taking the name
    away takes the reference.
    ``pointed``: where the symbolic links the scan passed over lead (:func:`pointed_at`, looked at when the
    action starts), for an action that takes files away: a file one of them points at is left alone
    (``LINKED_TO``), since the link would then lead nowhere (a copy replaced by a link to its reference, and that
    reference trashed later, loses its words from the folder).
    ``progress(done, total, Stage.ACTING)`` is called between files; ``cancel`` (or a progress callback raising
    Cancelled) stops the action between two files, never inside one: the files not reached are reported as
    left alone (``CANCELLED``).
    """
    with _Overlays() as overlays:
        return _run_all(root, list(items), act, for_good, keeping, pointed, progress, cancel, overlays)


def _run_all(
    root: str,
    items: list[Expected | str],
    act: _Act,
    for_good: bool,
    keeping: Mapping[str, Expected] | None,
    pointed: Mapping[tuple[int, int], str] | None,
    progress: Progress,
    cancel: threading.Event | None,
    overlays: _Overlays,
) -> list[Outcome]:
    """:func:`_run`'s work, with the overlays it looks at."""
    outcomes: list[Outcome] = []
    done: dict[tuple[int, int], str] = {}  # identity → the path it was acted on by
    pointed = pointed or {}
    stopped = False
    for number, item in enumerate(items):
        source, rel = _named(root, item)
        try:
            progress(number, len(items), Stage.ACTING)
        except Cancelled:
            stopped = True
        if stopped or (cancel is not None and cancel.is_set()):
            stopped = True
            reason = SkipReason.CANCELLED
            outcomes.append(Outcome(source, "", skip_detail(reason), None, reason, rel))
            continue
        if for_good and (isinstance(item, str) or not (item.device or item.inode)):
            reason = SkipReason.UNKNOWN_IDENTITY
            outcomes.append(Outcome(source, "", skip_detail(reason), None, reason, rel))
            continue
        try:
            with locate(root, item) as found:
                if isinstance(found, Skip):
                    if (first := _gone_with(item, found, done)) is not None:  # one entry, two names: went with it
                        detail = f"the same file as {first} (a folder mounted twice), and went with it"
                        outcomes.append(Outcome(source, "", detail, None, SkipReason.SAME_FILE, rel))
                        continue
                    outcomes.append(Outcome(source, "", found.detail, found.errno, found.reason, rel))
                    continue
                key = identity_of(found.info)
                kept = keeping.get(rel) if keeping else None
                if kept is not None and (why := _not_keeping(root, kept, found.info, found.path, overlays)):
                    outcomes.append(Outcome(source, "", why[1], None, why[0], rel))
                    continue
                if key in pointed:
                    detail = (
                        f"the symbolic link {pointed[key]} points at it, and would lead nowhere (remove or change "
                        "the link first)"
                    )
                    outcomes.append(Outcome(source, "", detail, None, SkipReason.LINKED_TO, rel))
                    continue
                if key in done:
                    detail = f"the same file as {done[key]} (a hard link or a folder mounted twice), acted on once"
                    outcomes.append(Outcome(source, "", detail, None, SkipReason.SAME_FILE, rel))
                    continue
                target = act(found, rel)
                done[key] = rel
                outcomes.append(Outcome(found.path, target, path=rel))
        except Refused as refused:
            kept_as = refused.kept_as
            outcomes.append(Outcome(source, "", refused.detail, refused.errno, refused.reason, rel, kept_as=kept_as))
        except OSError as error:
            concerns, kept_as = (error.concerns, error.kept_as) if isinstance(error, _Failed) else ("", "")
            outcome = Outcome(source, "", _reason(error), error.errno, path=rel, concerns=concerns, kept_as=kept_as)
            outcomes.append(outcome)
        except Exception as error:  # never half an action: the next files are still tried and all reported
            outcomes.append(Outcome(source, "", f"{type(error).__name__}: {error}", path=rel))
    with contextlib.suppress(Cancelled):
        progress(len(items), len(items), Stage.ACTING)
    return outcomes


def _named(root: str, item: Expected | str) -> tuple[str, str]:
    """The file's path to show (a path out of rule as it was given, never joined into one that looks inside the
    folder) and its path relative to ``root``."""
    given = item if isinstance(item, str) else item.path
    rel = given if isinstance(given, str) else repr(given)
    return (rel if path_problem(rel) else os.path.join(root, *rel.split("/"))), rel


def not_reached(root: str, items: Iterable[Expected | str]) -> list[Outcome]:
    """Each file left alone because the action was stopped before it reached any (``CANCELLED``)."""
    reason = SkipReason.CANCELLED
    named = (_named(root, item) for item in items)
    return [Outcome(source, "", skip_detail(reason), None, reason, rel) for source, rel in named]


def _gone_with(item: str | Expected, found: Skip, done: Mapping[tuple[int, int], str]) -> str | None:
    """The path by which this action took the file, when ``item`` vanished because it was that very file under
    another name (a folder mounted twice: both names are one directory entry, and the entry is gone); else None."""
    if found.reason is not SkipReason.VANISHED or isinstance(item, str) or not (item.device or item.inode):
        return None
    return done.get((item.device, item.inode))


def pointed_at(root: str, links: Sequence[str], cancel: threading.Event | None = None) -> dict[tuple[int, int], str]:
    """The identity of each file the symbolic links ``links`` (relative to ``root``) lead to now, with the first
    link leading there; a link that leads nowhere, out of rule or no longer a link is passed over. Only looked at
    (``stat``): no link is followed to act on anything. Once ``cancel`` is set no more are looked at (200,000 links
    take seconds): what is found then is not all, and the action that asked acts on nothing."""
    found: dict[tuple[int, int], str] = {}
    with Walker(root) as walker:
        for number, rel in enumerate(links):
            if cancel is not None and number % _LINKS_BETWEEN_CANCELS == 0 and cancel.is_set():
                break
            if path_problem(rel):
                continue
            leads_to = walker.linked(rel)  # None: broken, a loop, no longer a link
            if leads_to is not None:
                found.setdefault(leads_to, rel)
    return found


_LINKS_BETWEEN_CANCELS = 256


def _report(
    kind: ActionKind, outcomes: list[Outcome], log: ActionLog | None, folders: Sequence[Outcome] = ()
) -> ActionReport:
    """The report of an action; ``folders`` are the folders it left empty and removed (logged too). The log
    says what was done and what was tried and refused; a file the action was stopped before (``CANCELLED``)
    was neither, and is only in the report."""
    removed = tuple(o.path for o in folders)
    if log is None:
        return ActionReport(kind, tuple(outcomes), removed_folders=removed)
    try:
        log.write(kind, [o for o in outcomes if o.skipped is not SkipReason.CANCELLED])
        log.write(ActionKind.REMOVE_FOLDER, folders)
    except OSError as error:
        return ActionReport(kind, tuple(outcomes), _reason(error), error.errno, removed)
    except Exception as error:  # an encoding or any other failure is the log's, not the files'
        return ActionReport(kind, tuple(outcomes), f"{type(error).__name__}: {error}", removed_folders=removed)
    return ActionReport(kind, tuple(outcomes), removed_folders=removed)


# ------------------------------------------------------------------------------------------ the trash


def _trash_one(trash: Callable[[str], None]) -> _Act:
    """Send the found file to the trash and nothing else, whatever happens to its path meanwhile.

    The trash takes a path, and a path is read again by the trash: a folder on it swapped after the last check
    would send another file. So the file is first taken off its name (:func:`_detach`: renamed to a private
    name in its own folder, through the folder's descriptor, and checked there), and the trash is given that
    private name: no other folder holds it, so a path that no longer leads to the scanned folder reaches
    nothing and nothing is trashed (the file is put back and left alone). Then the trash's record of the file
    gets its own name back (:func:`_named_in_trash`), so that restoring it from the trash gives it its name.
    Where the trash's record cannot be mended (macOS, Windows), the file, checked under its private name, is put
    back under its own and sent by its path at once: a folder swapped in that moment is the window left there.
    """

    def act(found: Located, rel: str) -> str:
        detached = _detach(found, "sent to the trash")
        fd = found.folder_fd
        if not _TRASH_KEEPS_RECORDS:  # a trash whose record cannot be mended: checked, then sent by its own name
            if kept_as := _kept_as(found, detached):
                taken = Refused(SkipReason.CHANGED, "another file took its name while it was being sent to the trash")
                raise _telling(taken, kept_as)
            now = os.lstat(found.path)
            if not _same(found, now) or not stat.S_ISREG(now.st_mode):
                raise OSError(errno.ESTALE, "the path no longer reaches the scanned file (a folder on it was swapped)")
            trash(found.path)
            return ""
        path = os.path.join(os.path.dirname(found.path), os.path.basename(detached))
        try:
            trash(path)
        except BaseException as error:
            if not _taken(detached, fd):  # the trash took it, or part of it, and then failed: its own words
                raise
            kept_as = _kept_as(found, detached)  # the trash did not take it: it goes back to its name
            _clear_in_trash(path)
            # the file's own path not found: a folder on it was swapped (another missing, such as a home folder
            # that does not exist, is the trash's own failure, named as such)
            if isinstance(error, FileNotFoundError) and error.filename in (None, path, os.fsencode(path)):
                swapped = "a folder on its path was swapped while it was sent to the trash"
                raise _failed(errno.ESTALE, f"{swapped}; {_left(kept_as)}", kept_as) from None
            if isinstance(error, OSError):
                raise _trash_error(error, path, kept_as) from None
            if kept_as and isinstance(error, Exception):
                raise _telling(error, kept_as) from error
            raise
        if _taken(detached, fd):  # the trash said yes but the file is still here: say it stayed
            kept_as = _kept_as(found, detached)
            _clear_in_trash(path)
            raise _failed(errno.EIO, f"the trash did not take it; {_left(kept_as)}", kept_as)
        with contextlib.suppress(Exception):  # the file is in the trash: mending its name there is a nicety
            _named_in_trash(path, found.path)
        return ""

    return act


# The freedesktop.org trash (Linux, the BSDs): its record of a file (``.trashinfo``) is a text file the trash
# keeps beside it, mended here to the file's own name. Elsewhere (macOS, Windows) the system keeps it.
_TRASH_KEEPS_RECORDS = os.name == "posix" and sys.platform != "darwin"


def _trash_error(error: OSError, path: str, kept_as: str) -> _Failed:
    """The trash's failure, naming the trash folder it concerns (a bare "Operation not permitted" says nothing of
    where): the folder the system named, and the trash folder it was on the way to. ``kept_as``: as
    :func:`_kept_as` said of the file put back."""
    reason = _reason(error)
    concerned = os.fsdecode(error.filename) if error.filename is not None else ""
    folders = _trash_folders(path)
    trash = next((f for f in folders if concerned and (f.startswith(concerned) or concerned.startswith(f))), "")
    if concerned and concerned != path:
        where = f"the trash folder {trash}" if trash else f"the trash folder ({folders[0]} or the .Trash of its disk)"
        message = f"{reason}: {concerned} ({where}); {_left(kept_as)}"
    else:
        message = f"{reason} (the trash folder: {folders[0]}, or the .Trash of its disk); {_left(kept_as)}"
    return _failed(error.errno, message, kept_as, trash or folders[0])


def _trash_folders(path: str) -> list[str]:
    """The folders a freedesktop.org trash of ``path`` can be in: the user's, then its disk's two."""
    folders = [home_trash()]
    here = os.path.realpath(os.path.dirname(path))
    while not os.path.ismount(here) and os.path.dirname(here) != here:
        here = os.path.dirname(here)
    if hasattr(os, "getuid"):
        uid = str(os.getuid())
        folders += [os.path.join(here, ".Trash", uid), os.path.join(here, f".Trash-{uid}")]
    return folders


def _private_entries(trashed: str) -> list[str]:
    """The names the trash may have given the private name ``trashed``: itself, then numbered as the
    freedesktop.org trash numbers a name it holds already (``.simcompare-… 1.part``)."""
    private = os.path.basename(trashed)
    stem, dot, suffix = private.rpartition(".")
    return [private] + [f"{stem} {n}{dot}{suffix}" for n in range(1, 10)]


def _clear_in_trash(trashed: str) -> None:
    """After the trash failed and the file is still in its folder (checked by the caller): remove whatever the
    trash left under the private name — its records, and a partial copy it made across disks before the disk
    filled — so that a failed action leaves nothing behind. Only names of ours: the private name is random."""
    for folder in _trash_folders(trashed):
        for entry in _private_entries(trashed):
            copy = os.path.join(folder, "files", entry)
            with contextlib.suppress(OSError):
                if stat.S_ISREG(os.lstat(copy).st_mode):
                    os.unlink(copy)
            with contextlib.suppress(OSError):
                os.unlink(os.path.join(folder, "info", entry + ".trashinfo"))


def _forget_in_trash(trashed: str) -> None:
    """Remove the record a trash wrote for the private name ``trashed`` before failing to move the file (the
    freedesktop.org trash writes the record first): a record of nothing. Only that record, and only while the
    trash holds no file of that name; the private name is random, so no other record has it."""
    private = os.path.basename(trashed)
    for folder in _trash_folders(trashed):
        if not os.path.lexists(os.path.join(folder, "files", private)):
            with contextlib.suppress(OSError):
                os.unlink(os.path.join(folder, "info", private + ".trashinfo"))


def _named_in_trash(trashed: str, original: str) -> str:
    """Give the file sent to the trash as ``trashed`` (its private name) its own name in the trash, and its
    record (the ``.trashinfo``) the path ``original``, so that restoring it puts it back where it was, as it
    was named. Returns the file's path in the trash ('' when no freedesktop.org trash holds it: another
    system's trash, or a trash given by the caller; it then keeps the private name).

    The trash may have numbered the private name (``.simcompare-… 1.part``: a first try wrote its record, failed
    to move the file across disks, and copied it under the next free name); that entry is mended too, and the
    record the first try left of nothing is removed."""
    private = os.path.basename(trashed)
    entries = _private_entries(trashed)
    for folder in _trash_folders(trashed):
        files, info = os.path.join(folder, "files"), os.path.join(folder, "info")
        for entry in entries:
            record = os.path.join(info, entry + ".trashinfo")
            try:
                with open(record, encoding="utf-8") as handle:
                    text = handle.read()
                if not os.path.lexists(os.path.join(files, entry)):
                    continue
            except (OSError, UnicodeDecodeError):
                continue
            if not any(line.startswith("Path=") and line.endswith(quote(private)) for line in text.splitlines()):
                continue  # another file's record (the names are random: never expected)
            where = _mend_in_trash(folder, entry, text, private, os.path.basename(original))
            _forget_in_trash(trashed)
            return where
    return ""


_RECORD = ".trashinfo"


def _mend_in_trash(folder: str, entry: str, text: str, private: str, name: str) -> str:
    """Rename the trash's ``entry`` (and its record, whose Path= ends with ``private``) to ``name``, or to the
    first free ``stem N.suffix``, shortened so that the record's name fits the system's limit; returns where the
    file is in the trash."""
    files, info = os.path.join(folder, "files"), os.path.join(folder, "info")
    old, new = quote(private), quote(os.fsencode(name))
    fixed = [
        line[: -len(old)] + new if line.startswith("Path=") and line.endswith(old) else line
        for line in text.splitlines()
    ]
    stem, dot, suffix = name.rpartition(".")
    stem, suffix = (stem, dot + suffix) if stem else (name, "")
    kept = os.path.join(files, entry)
    hint = (info, stem, suffix)
    first = max(2, _FREE_FROM.get(hint, 2))
    for n in itertools.chain((1,), range(first, first + _MOST_NUMBERS)):  # its own name first, as the trash
        number = "" if n == 1 else f" {n - 1}"
        # a "suffix" too long to keep (a long name whose only dot is near its start): the whole name shortened
        free = _fitting(stem, number + suffix, len(_RECORD)) or _fitting(name, number, len(_RECORD))
        if not free or free == entry:
            return kept
        try:
            out = os.open(os.path.join(info, free + _RECORD), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            continue
        except OSError:
            return kept
        try:
            written = os.write(out, data := ("\n".join(fixed) + "\n").encode("utf-8"))
            if written != len(data):
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        except OSError:  # a full disk: the trash's own record (of the private name) stays, whole
            with contextlib.suppress(OSError):
                os.unlink(os.path.join(info, free + _RECORD))
            return kept
        finally:
            os.close(out)
        try:
            _rename_noreplace(kept, None, os.path.join(files, free), None)
        except OSError as error:
            with contextlib.suppress(OSError):
                os.unlink(os.path.join(info, free + _RECORD))
            if isinstance(error, FileExistsError):
                continue
            return kept
        with contextlib.suppress(OSError):
            os.unlink(os.path.join(info, entry + _RECORD))
        if n > 1:  # only a name the trash held already; a few thousand remembered at most
            if len(_FREE_FROM) >= _MOST_HINTS:
                _FREE_FROM.clear()
            _FREE_FROM[hint] = n + 1
        return os.path.join(files, free)
    return kept


_MOST_NUMBERS = 1_000_000
"""How many names "name N" are tried for one file (as the trash numbers them, without a limit); each is one
failed create, so a trash holding thousands of files of one name ("copyright") takes milliseconds."""
_MOST_HINTS = 4_096
_FREE_FROM: dict[tuple[str, str, str], int] = {}
"""Where the last file of a name was numbered in a trash: the next one is tried from there, so a thousand files
of one name are not each tried against every number before theirs. Only a start: a taken name is skipped."""


def trash_scanned(
    root: str,
    files: Iterable[Expected],
    trash: Callable[[str], None],
    *,
    log: ActionLog | None = None,
    remove_empty: bool = False,
    keep: Iterable[str] = (),
    keeping: Mapping[str, Expected] | None = None,
    links: Sequence[str] = (),
    progress: Progress = NO_PROGRESS,
    cancel: threading.Event | None = None,
) -> ActionReport:
    """Send scanned files to the trash with ``trash(path)`` (send2trash in the window), each checked first.

    Args:
        root: The scanned folder.
        files: The files as scanned (:func:`expected_of` a record).
        trash: Moves one file (by its absolute path) to the trash.
        log: Where the action is written; None writes nothing.
        remove_empty: Also remove the folders the action left empty (never ``root`` nor a folder of ``keep``).
        keep: Absolute folders never removed (other scanned roots, reference folders).
        keeping: By a file's path, its group's reference, which must still be there (see :func:`_run`).
        links: The symbolic links the scan passed over: a file one points at stays (see :func:`_run`).
        progress: Told ``(done, total, Stage.ACTING)`` between files.
        cancel: Set to stop between two files; the files not reached stay (``CANCELLED``).
    """
    return _taking_away(
        ActionKind.TRASH,
        root,
        files,
        _trash_one(trash),
        log=log,
        remove_empty=remove_empty,
        keep=keep,
        keeping=keeping,
        links=links,
        progress=progress,
        cancel=cancel,
    )


def _taking_away(
    kind: ActionKind,
    root: str,
    files: Iterable[Expected],
    act: _Act,
    *,
    log: ActionLog | None,
    remove_empty: bool,
    keep: Iterable[str],
    keeping: Mapping[str, Expected] | None,
    links: Sequence[str],
    progress: Progress,
    cancel: threading.Event | None,
    for_good: bool = False,
) -> ActionReport:
    """An action that takes files away (trash, move, delete) and its report: where the scan's symbolic links lead
    is looked at once, when the action starts and only when there are files to act on, for the files
    (:func:`_run`) and then for the folders they emptied (:func:`tidy`)."""
    items = list(files)
    pointed = pointed_at(root, links, cancel) if items else {}
    outcomes = _run(
        root, items, act, for_good=for_good, keeping=keeping, pointed=pointed, progress=progress, cancel=cancel
    )
    return _report(kind, outcomes, log, tidy(root, outcomes, remove_empty, keep, pointed))


def tidy(
    root: str,
    outcomes: Sequence[Outcome],
    remove_empty: bool,
    keep: Iterable[str] = (),
    pointed: Mapping[tuple[int, int], str] | None = None,
) -> list[Outcome]:
    """The folders the files that left (``outcomes`` done) emptied, removed when ``remove_empty`` (as outcomes); a
    folder a symbolic link of the scan leads to (``pointed``: :func:`pointed_at`, when the action started) stays."""
    gone = [o.path for o in outcomes if o.ok]
    if not remove_empty or not gone:
        return []
    removed = remove_empty_folders(root, gone, keep, pointed or ())
    return [Outcome(os.path.join(root, *folder.split("/")), path=folder) for folder in removed]


def trash_files(paths: Iterable[str], trash: Callable[[str], None]) -> list[Outcome]:
    """Send absolute ``paths`` to the trash with ``trash(path)``; a folder or a link is never sent.

    Prefer :func:`trash_scanned`, which also checks that each file is the one scanned.
    """
    outcomes = []
    for path in paths:
        try:
            info = os.lstat(path)
            if stat.S_ISLNK(info.st_mode) or stat.S_ISDIR(info.st_mode) or not stat.S_ISREG(info.st_mode):
                kind = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file"
                outcomes.append(Outcome(path, "", f"is {kind}; only regular files are acted on", None))
                continue
            trash(path)
        except OSError as error:
            outcomes.append(Outcome(path, "", _reason(error), error.errno))
        except Exception as error:
            outcomes.append(Outcome(path, "", f"{type(error).__name__}: {error}"))
        else:
            outcomes.append(Outcome(path))
    return outcomes


# ------------------------------------------------------------------------------------------ moving


@dataclass(frozen=True, slots=True)
class Forbidden:
    """The folders no file may be put into, as :func:`check_destination` found them: by identity (device and inode;
    ``identity in forbidden``), and the scanned folders themselves, whose places on their file systems an action
    compares a destination folder with again when the mounts change while it runs."""

    folders: frozenset[tuple[int, int]] = frozenset()
    scanned: tuple[Path, ...] = ()
    destination: str = ""
    """The destination as checked: its links followed (it may not exist yet)."""

    def __contains__(self, identity: object) -> bool:
        return identity in self.folders


def check_destination(
    root: str,
    destination: str,
    scanned: Sequence[str] = (),
    *,
    look_inside: bool = True,
    cancel: threading.Event | None = None,
) -> Forbidden:
    """Refuse a destination files would move into the scanned folders through.

    ``root`` is the scanned folder, or with several folders their common folder, and ``scanned`` those
    folders: then a destination beside them inside the common folder (``~/dupes`` for ``~/a`` and ``~/b``) is
    fine. Never a destination inside a scanned folder, nor one holding one (a file's path below it could lead
    back into the scanned folder); folders are compared by path and by identity (device and inode), so a bind
    mount or a link to a scanned folder is the scanned folder. With ``look_inside`` every folder below the
    scanned ones is looked at too (seconds on a large tree; an action does it, a dialog may not): a bind mount
    of one of them (``/mnt/dupes`` = ``scanned/sub``) is inside the scanned folder, whatever its path says.

    Returns the folders no file may be put into (:class:`Forbidden`): the scanned folders, those below them (with
    ``look_inside``) and those holding them. An action compares each folder it puts a file into with them, right
    before (:func:`_target_folder`): a scanned folder mounted at the destination after this check is refused too.

    Raises:
        ValueError: the destination is the scanned folder, inside one, or holds one, or is reached through a
            symbolic link loop.
        Cancelled: ``cancel`` was set while the folders were looked at (a large or slow tree).
    """
    try:
        base = resolved(destination)
        common = resolved(root)
        folders = [resolved(folder) for folder in scanned] if len(scanned) > 1 else [common]
    except OSError as error:
        where = escape_name(str(error.filename))
        raise ValueError(f"choose another destination: {where} cannot be reached ({error.strerror})") from None
    if base == common:
        raise ValueError("choose a destination other than the scanned folder itself")
    inside = {key for folder in folders if (key := _identity(folder)) is not None}
    holding = {key for f in folders for folder in (f, *f.parents) if (key := _identity(folder)) is not None}
    for folder in folders:
        if base == folder or folder in base.parents:
            raise ValueError("choose a destination outside the scanned folder (files would move into it)")
        if base in folder.parents:
            raise ValueError("choose a destination that holds none of the scanned folders")
    if _identity(base) in holding:  # the same folder reached another way (a bind mount, a link)
        raise ValueError("choose a destination that is not the scanned folder nor one holding it")
    chain = {key for folder in (base, *base.parents) if (key := _identity(folder)) is not None}
    if chain & inside:
        raise ValueError("choose a destination outside the scanned folder (files would move into it)")
    if _mounted_again(MountTable(), base, folders):
        raise ValueError(
            "choose a destination outside the scanned folder (by the mount table it is a folder of the scanned "
            "one, or holds one, mounted again: files would move into it)"
        )
    if not look_inside:
        return Forbidden(frozenset(inside | holding), tuple(folders), str(base))
    found, below = _folder_below(folders, chain, cancel)
    if found:
        raise ValueError(
            f"choose a destination outside the scanned folder (it is {escape_name(found)}, inside it, reached "
            "another way: files would move into it)"
        )
    # files go to the destination's folders of their own paths (one look each, however large the destination is):
    # none of those may be a scanned folder mounted again
    scanned_folders = below.keys() | inside
    for folder_path in below.values():
        target = os.path.join(base, os.path.relpath(folder_path, common))
        try:
            info = os.lstat(target)
        except (OSError, ValueError):
            continue
        if stat.S_ISDIR(info.st_mode) and identity_of(info) in scanned_folders:
            raise ValueError(
                f"choose a destination outside the scanned folder (its folder {escape_name(target)} is a folder of "
                "the scanned one, reached another way: files would move into it)"
            )
    return Forbidden(frozenset(scanned_folders | holding), tuple(folders), str(base))


def _mounted_again(table: MountTable, base: Path, folders: Sequence[Path]) -> bool:
    """Whether, by the mount table, the destination ``base`` is a scanned folder's place on its file system (or
    below it, or holds it), or holds a mount of such a place, or lies in what is mounted below a scanned folder
    (seen there or hidden by another mount), or writes there (an overlay whose upper layer it is): a bind mount of a
    scanned folder even where another mount now hides that folder's first place, so no walk of the folders as
    seen finds it. Where no mount table is known (not Linux), False."""
    if not table.known:
        return False
    # what is mounted on a file below the destination holds no folder: nothing is put into it
    mounted = [place for point, places in table.below(str(base)) if os.path.isdir(point) for place in places]
    destination = [*table.places(str(base)), *mounted]
    places, inner = table.regions([str(folder) for folder in folders])
    return any(within(d, place) or within(place, d) for d in destination for place in places) or any(
        within(d, place) for d in destination for place in inner
    )


def _folder_below(
    folders: Sequence[Path], wanted: set[tuple[int, int]], cancel: threading.Event | None = None
) -> tuple[str, dict[tuple[int, int], str]]:
    """The first folder below ``folders`` whose identity is one of ``wanted`` ('' when none is), and the folders
    looked at (all of them when none is), by identity: every folder is looked at once, through no link, across
    mounts (a folder mounted twice is seen once, by its first path). ``cancel`` is looked at before each folder
    is listed (Cancelled)."""
    seen: dict[tuple[int, int], str] = {}
    if os.name == "nt":  # a folder listing gives no device and inode there (they read 0): nothing to compare
        return "", seen
    waiting = [str(folder) for folder in folders]
    while waiting:
        if cancel is not None and cancel.is_set():
            raise Cancelled("the destination check was stopped")
        here = waiting.pop()
        try:
            with _listing(here) as entries:
                for entry in entries:
                    path = os.path.join(here, entry.name)
                    try:
                        if not entry.is_dir(follow_symlinks=False):
                            continue
                        key = identity_of(_folder_status(entry, path))
                    except OSError:
                        continue
                    if key in wanted:
                        return path, seen
                    if key not in seen:
                        seen[key] = path
                        waiting.append(path)
        except OSError:  # not readable: nothing is moved into it through us either
            continue
    return "", seen


@contextlib.contextmanager
def _listing(folder: str) -> Iterator[Iterator[os.DirEntry[str]]]:
    """The entries of ``folder``; one whose path is longer than the system takes (PATH_MAX) is reached a folder at a
    time by descriptor, through no link, as the scan reaches it."""
    try:
        entries = os.scandir(folder)
    except OSError as error:
        if error.errno != errno.ENAMETOOLONG or not DIR_FD_WALK:
            raise
        fd = _open_long(folder)
        try:
            with os.scandir(fd) as by_descriptor:
                yield by_descriptor
        finally:
            os.close(fd)
        return
    with entries:
        yield entries


def _folder_status(entry: os.DirEntry[str], path: str) -> os.stat_result:
    """A listed folder's status; one whose path is longer than the system takes is looked at from its parent's
    descriptor."""
    try:
        return entry.stat(follow_symlinks=False)
    except OSError as error:
        if error.errno != errno.ENAMETOOLONG or not DIR_FD_WALK:
            raise
    fd = _open_long(os.path.dirname(path))
    try:
        return os.stat(entry.name, dir_fd=fd, follow_symlinks=False)
    finally:
        os.close(fd)


def _open_long(folder: str) -> int:
    """A descriptor of the absolute ``folder``, reached a folder at a time from ``/``, through no link."""
    fd = os.open("/", os.O_RDONLY | os.O_DIRECTORY | getattr(os, "O_CLOEXEC", 0))
    try:
        for part in (p for p in folder.split("/") if p):
            below = open_folder(part, fd)
            os.close(fd)
            fd = below
    except BaseException:
        os.close(fd)
        raise
    return fd


def _identity(folder: Path) -> tuple[int, int] | None:
    try:
        info = os.stat(folder)
    except OSError:
        return None  # not there (yet): made below a folder whose identity is checked instead
    return identity_of(info)


@contextlib.contextmanager
def _target_folder(target: Destination, parts: Sequence[str]) -> Iterator[tuple[int | None, str]]:
    """The folder a file goes to (``target``'s destination, held open since it was checked, plus ``parts``), made
    where missing, reached without links, each folder on the way none of the target's forbidden ones (a scanned
    folder mounted there since the destination was checked is refused, and the file stays where it is); once the
    target's watch saw the mounts change, each is also placed by the mount table as it is then (a folder made in a
    scanned one since the check, then mounted at the destination).

    Yields its descriptor (None without ``dir_fd``) and its path. When the block fails, the folders made for
    it are removed again (those still empty), so a failed move leaves nothing behind at the destination.
    """
    made: list[str] = []
    here = target.path
    forbidden, watch = target.forbidden, target.watch
    if target.held is not None:  # the destination as checked, held for the action (held_destination)
        fd: int | None = os.dup(target.held)
    else:
        fd = os.open(here, os.O_RDONLY | os.O_DIRECTORY | getattr(os, "O_CLOEXEC", 0)) if DIR_FD_WALK else None
    try:
        _refuse_forbidden(fd, here, forbidden, watch)
        for part in parts:
            here = os.path.join(here, part)
            try:
                os.mkdir(part if fd is not None else here, dir_fd=fd)
                made.append(here)
            except FileExistsError:
                pass
            try:
                if fd is not None:
                    below = open_folder(part, fd)
                    os.close(fd)
                    fd = below
                else:
                    info = os.lstat(here)
                    if stat.S_ISLNK(info.st_mode) or not stat.S_ISDIR(info.st_mode):
                        raise OSError(errno.ENOTDIR, os.strerror(errno.ENOTDIR))
            except OSError as error:
                raise OSError(error.errno, "a folder at the destination is a link or not a folder", here) from None
            _refuse_forbidden(fd, here, forbidden, watch)
        yield fd, here
    except BaseException:
        for folder in reversed(made):
            with contextlib.suppress(OSError):
                os.rmdir(folder)
        raise
    finally:
        if fd is not None:
            os.close(fd)


@contextlib.contextmanager
def held_destination(destination: str, forbidden: Forbidden) -> Iterator[int | None]:
    """The destination checked (``forbidden``'s) held open for the whole action, so that every file goes into that
    folder, whatever is renamed or linked at its path meanwhile (a link to a folder of the scanned one put in its
    place after the first file); None where folders are not reached by descriptor.

    Raises:
        ValueError: the path leads elsewhere now than when it was checked (a link put there since).
    """
    if not DIR_FD_WALK:
        yield None
        return
    fd = os.open(destination, os.O_RDONLY | os.O_DIRECTORY | getattr(os, "O_CLOEXEC", 0))
    try:
        try:
            now = str(resolved(destination))
            checked = os.stat(forbidden.destination) if forbidden.destination else None
        except OSError:
            now, checked = "", None
        if forbidden.destination and (
            now != forbidden.destination or checked is None or identity_of(checked) != identity_of(os.fstat(fd))
        ):
            raise ValueError(
                "choose the destination again: its path leads elsewhere than when it was checked (a folder or a link "
                "put there since)"
            )
        yield fd
    finally:
        os.close(fd)


@dataclass(frozen=True, slots=True)
class Destination:
    """Where a move or a copy puts its files: the path, the folders no file may go into (:class:`Forbidden`), the
    watch on the mounts since the check, and the destination held open for the action (None without descriptors)."""

    path: str
    forbidden: Forbidden
    watch: MountWatch
    held: int | None


@contextlib.contextmanager
def prepared_destination(
    root: str, destination: str, scanned: Sequence[str] = (), cancel: threading.Event | None = None
) -> Iterator[Destination | None]:
    """The destination checked (:func:`check_destination`), made, and held for the block; None when ``cancel``
    stopped the check (no file is reached then). The mounts are watched from before the check: a mount made after
    it is seen.

    Raises:
        ValueError: see :func:`check_destination` and :func:`held_destination`.
        OSError: the destination cannot be made.
    """
    with MountWatch() as watch:
        try:
            forbidden = check_destination(root, destination, scanned, cancel=cancel)
        except Cancelled:
            yield None
            return
        os.makedirs(destination, exist_ok=True)
        with held_destination(destination, forbidden) as held:
            yield Destination(destination, forbidden, watch, held)


def _refuse_forbidden(fd: int | None, here: str, forbidden: Forbidden | None, watch: MountWatch | None) -> None:
    """Refuse the file when the folder open as ``fd`` (or at ``here`` without one) is one of ``forbidden``, or, the
    mounts having changed since the check (``watch``), a scanned folder's place by the mount table now."""
    if forbidden is None:
        return
    table = watch.current() if watch is not None else None
    if identity_of(os.fstat(fd) if fd is not None else os.stat(here)) in forbidden or (
        table is not None and _mounted_again(table, Path(here), forbidden.scanned)
    ):
        raise Refused(
            SkipReason.UNREACHABLE,
            f"{escape_name(here)}, at the destination, is a scanned folder (or one by the mounts as they are now) "
            "mounted there since the destination was checked: nothing was put into it",
        )


def _lexists(name: str, fd: int | None) -> bool:
    try:
        os.lstat(name, dir_fd=fd)
    except FileNotFoundError:
        return False
    return True


def _place(make: Callable[[str], None], name: str, fd: int | None, where: Callable[[str], str]) -> str:
    """Give a new file a free name (``name``, else ``name (2)``…) with ``make(free)``, which must never
    replace a file (it raises FileExistsError when the name was taken meanwhile); returns the name used.
    ``where(name)`` is what reaches a name in the folder (the name itself beside a descriptor ``fd``)."""
    n = 1
    while True:
        candidate = _numbered(name, n)
        if not _lexists(where(candidate), fd):
            try:
                make(candidate)
                return candidate
            except FileExistsError:
                pass
        n += 1


_NO_HARD_LINKS = frozenset({errno.EPERM, errno.ENOSYS, errno.EOPNOTSUPP, errno.EMLINK})
_AT_FDCWD = -100
_RENAME_NOREPLACE = 1


def _load_renameat2() -> Callable[..., int] | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        call = ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError):  # a C library without it (glibc before 2.28, musl before 1.2.?)
        return None
    call.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    call.restype = ctypes.c_int
    return call


_renameat2 = _load_renameat2()


def _rename_noreplace(src: str, src_fd: int | None, dst: str, dst_fd: int | None) -> None:
    """Rename ``src`` to ``dst`` (each a bare name beside its folder's descriptor, or a path), never replacing a
    file: FileExistsError when ``dst`` is taken. One step where the system has it (``renameat2`` with
    ``RENAME_NOREPLACE``); else a hard link then the old name removed (never over a file either); on a file
    system without hard links, a rename to a name checked free just before (lost only to a file made under
    that very name in between)."""
    if _renameat2 is not None:
        done = _renameat2(
            _AT_FDCWD if src_fd is None else src_fd,
            os.fsencode(src),
            _AT_FDCWD if dst_fd is None else dst_fd,
            os.fsencode(dst),
            _RENAME_NOREPLACE,
        )
        if done == 0:
            return
        number = ctypes.get_errno()
        if number not in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):  # the file system has no such rename
            raise (
                OSError(number, os.strerror(number), dst)
                if number != errno.EEXIST
                else FileExistsError(number, os.strerror(number), dst)
            )
    try:
        if os.link in os.supports_follow_symlinks:
            os.link(src, dst, src_dir_fd=src_fd, dst_dir_fd=dst_fd, follow_symlinks=False)
        else:
            os.link(src, dst, src_dir_fd=src_fd, dst_dir_fd=dst_fd)
    except OSError as error:
        if isinstance(error, FileExistsError) or error.errno not in _NO_HARD_LINKS:
            raise
        if _taken(dst, dst_fd):
            raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), dst) from None
        os.rename(src, dst, src_dir_fd=src_fd, dst_dir_fd=dst_fd)
        return
    os.unlink(src, dir_fd=src_fd)


def _same(found: Located, now: os.stat_result) -> bool:
    return identity_of(now) == identity_of(found.info) and (now.st_size, now.st_mtime_ns) == (
        found.info.st_size,
        found.info.st_mtime_ns,
    )


def _temporary() -> str:
    """A private temporary name: short and fixed in length (never longer than a name can be, whatever the
    file's own name), random, so that no other program has it."""
    return f".simcompare-{uuid.uuid4().hex[:16]}.part"


def _in_folder(found: Located) -> Callable[[str], str]:
    """What reaches a name beside ``found``: the bare name beside its folder's descriptor, else a path."""
    if found.folder_fd is not None:
        return lambda name: name
    folder = os.path.dirname(found.path)
    return lambda name: os.path.join(folder, name)


def _taken(name: str, fd: int | None) -> bool:
    try:
        os.lstat(name, dir_fd=fd)
    except FileNotFoundError:
        return False
    return True


def _detach(found: Located, doing: str) -> str:
    """Rename the found file's name to a private temporary name in its folder (one step) and return that name,
    once the file under it is compared with the one found. Checking a name and then acting on it leaves a moment
    in which another file can take the name (a program saving by renaming over it, a swap); under the private
    name nothing can. When it is another file, it is put back and the action refused."""
    fd = found.folder_fd
    detached = _in_folder(found)(_temporary())
    os.rename(found.name, detached, src_dir_fd=fd, dst_dir_fd=fd)
    with _putting_back(found, detached):
        same = _same(found, os.lstat(detached, dir_fd=fd))
    if not same:
        where = _put_back(found, detached)
        kept = "" if where == os.path.basename(found.name) else f" (the other file is now named {where})"
        raise Refused(SkipReason.CHANGED, f"another file took its name while it was being {doing}; both kept{kept}")
    return detached


def _put_back(found: Located, temporary: str) -> str:
    """Give the file under ``temporary`` its name back, never replacing a file that took the name meanwhile
    (then it gets a free name beside it: ``name (2).txt``); returns the name it got."""
    fd = found.folder_fd
    where = _in_folder(found)
    n = 1
    while True:
        name = _numbered(os.path.basename(found.name), n)
        try:
            _rename_noreplace(temporary, fd, where(name), fd)
        except FileExistsError:
            n += 1
            continue
        return name


def _kept_as(found: Located, temporary: str) -> str:
    """Put the found file back from ``temporary`` after its action failed (:func:`_put_back`); returns the free
    name it was kept under when another file took its own name meanwhile, '' when it has its own name again."""
    name = _put_back(found, temporary)
    return "" if name == os.path.basename(found.name) else name


def _left(kept_as: str) -> str:
    """Where a file whose action failed is now, in the words of the reports: ``kept_as`` as :func:`_kept_as`
    returns it."""
    return f"it was kept as {kept_as}, beside the file that took its name" if kept_as else "it was left where it was"


class _Failed(OSError):
    """An action's failure on one file, with what a plain OSError cannot carry to its outcome: ``concerns`` (the
    trash folder it was going to) and ``kept_as`` (see :attr:`Outcome.kept_as`)."""

    concerns: str = ""
    kept_as: str = ""


def _failed(number: int | None, words: str, kept_as: str = "", concerns: str = "") -> _Failed:
    failed = _Failed(number, words)
    failed.kept_as, failed.concerns = kept_as, concerns
    return failed


def _telling(error: Exception, kept_as: str) -> Exception:
    """The failure ``error`` of a file kept under another name (``kept_as``, from :func:`_kept_as`): the same
    failure (its reason, its number) saying that name, and carrying it to the outcome."""
    if isinstance(error, Refused):
        return Refused(error.reason, f"{error.detail}; {_left(kept_as)}", error.errno, kept_as)
    if isinstance(error, OSError):
        concerns = error.concerns if isinstance(error, _Failed) else ""
        return _failed(error.errno, f"{_reason(error)}; {_left(kept_as)}", kept_as, concerns)
    return _failed(None, f"{type(error).__name__}: {error}; {_left(kept_as)}", kept_as)


@contextlib.contextmanager
def _putting_back(found: Located, temporary: str) -> Iterator[None]:
    """When the block fails, the found file is put back from ``temporary`` (:func:`_kept_as`) and the failure
    raised again, saying the name the file was kept under when another file took its own meanwhile. An interrupt
    (not an Exception) is raised as it is: it ends the whole action, with no outcome to say anything."""
    try:
        yield
    except BaseException as error:
        kept_as = _kept_as(found, temporary)
        if kept_as and isinstance(error, Exception):
            raise _telling(error, kept_as) from error
        raise


def _take_away(found: Located, doing: str) -> None:
    """Remove the found file's name, and only while it is the file found: the name is first taken from it
    (:func:`_detach`), so a file that took the name since the last check is never the one removed."""
    detached = _detach(found, doing)
    with _putting_back(found, detached):  # never a file left under a name nobody knows
        os.unlink(detached, dir_fd=found.folder_fd)


def _remove_ours(name: str, fd: int | None, ours: tuple[int, int]) -> None:
    """Remove a name this action made at the destination, only while it still is the file it made."""
    with contextlib.suppress(OSError):
        if identity_of(os.lstat(name, dir_fd=fd)) == ours:
            os.unlink(name, dir_fd=fd)


def _move_one(target: Destination) -> _Act:
    def act(found: Located, rel: str) -> str:
        parts = rel.split("/")
        with _target_folder(target, parts[:-1]) as (fd, folder):
            name = _move_into(found, fd, folder, parts[-1])
            return os.path.join(folder, name)

    return act


def _move_into(found: Located, fd: int | None, folder: str, name: str) -> str:
    """Move ``found`` into the open folder under a free name like ``name``; returns the name used.

    On one file system the file is first taken off its name (:func:`_detach`: a private name in its own
    folder, checked there) and renamed from that name, never over a file: a file that took its name meanwhile
    (a swap, a save by rename) is never the one moved, nor removed. Across file systems it is copied
    (:func:`_copy_into`)."""
    where = (lambda n: n) if fd is not None else (lambda n: os.path.join(folder, n))
    here = os.fstat(fd) if fd is not None else os.stat(folder)
    if here.st_dev != found.info.st_dev:
        return _copy_into(found, fd, where, name)
    detached = _detach(found, "moved")
    try:
        with _putting_back(found, detached):
            return _place(lambda n: _rename_noreplace(detached, found.folder_fd, where(n), fd), name, fd, where)
    except OSError as error:
        # one disk reached twice (a bind mount): a copy, as across disks, of the file back under its own name;
        # never of a file kept under another name (a _Failed saying it), nor by the name another file took
        if error.errno != errno.EXDEV or (isinstance(error, _Failed) and error.kept_as):
            raise
    return _copy_into(found, fd, where, name)


_CHUNK = 1 << 20


def _give_owner(out: int, info: os.stat_result) -> os.stat_result:
    """Give the new file ``out`` the owner and group of the file it copies (``info``), as ``mv`` does, where
    this user may (root may; a user may give a file of theirs one of their own groups); where not, the new file
    stays this user's, as any copy they make. Returns the new file's status after."""
    if hasattr(os, "fchown"):
        for owner, group in ((info.st_uid, info.st_gid), (-1, info.st_gid)):
            try:
                os.fchown(out, owner, group)
            except OSError:
                continue
            break
    return os.fstat(out)


def _mode_for(new: os.stat_result, info: os.stat_result) -> int:
    """The mode of a copy: the file's own, without set-user-ID and set-group-ID when the copy has another owner,
    nor set-group-ID when another group (as ``cp -p`` and ``mv`` do): another user's program never runs as the one
    who cleaned."""
    mode = stat.S_IMODE(info.st_mode)
    if getattr(new, "st_uid", info.st_uid) != info.st_uid:  # both, as cp does: the owner's group was theirs to use
        mode &= ~(stat.S_ISUID | stat.S_ISGID)
    if getattr(new, "st_gid", info.st_gid) != info.st_gid:
        mode &= ~stat.S_ISGID
    return mode


def _copy_into(
    found: Located, fd: int | None, where: Callable[[str], str], name: str, *, remove_source: bool = True
) -> str:
    """Across file systems: copy to a temporary name, give it a free name, then remove the source (unless
    ``remove_source`` is False: a copy), only while its name is still the file found (:func:`_take_away`).

    Whatever fails (a full disk, a source that changed) removes what was written at the destination and
    leaves the source as it was.
    """
    temporary = _temporary()
    placed = ""
    source = os.open(found.name, READ_BYTES, dir_fd=found.folder_fd)
    try:
        info = os.fstat(source)
        if not _same(found, info):
            raise OSError(errno.ESTALE, "the file changed while it was being moved; it was left where it was")
        flags_out = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
        out = os.open(where(temporary), flags_out | getattr(os, "O_CLOEXEC", 0), 0o600, dir_fd=fd)
        ours = identity_of(os.fstat(out))
        try:
            try:
                while chunk := os.read(source, _CHUNK):
                    view = memoryview(chunk)
                    while view:
                        view = view[os.write(out, view) :]
                if hasattr(os, "fchmod"):
                    os.fchmod(out, _mode_for(_give_owner(out, info), info))
                _copy_attributes(source, out, strict=remove_source)  # after the owner: a new owner drops capabilities
                if os.utime in os.supports_fd:
                    os.utime(out, ns=(info.st_atime_ns, info.st_mtime_ns))
                os.fsync(out)
            finally:
                os.close(out)
            if os.utime not in os.supports_fd:
                os.utime(where(temporary), ns=(info.st_atime_ns, info.st_mtime_ns), dir_fd=fd)
            # written to while it was read, the copy holds bytes the file never held at once; the change time
            # moves with any write, even one whose size and modification time were set back
            after = os.fstat(source)
            if not _same(found, after) or after.st_ctime_ns != info.st_ctime_ns:
                raise OSError(errno.ESTALE, "the file changed while it was being copied; it was left where it was")
            placed = _place(lambda n: _rename_noreplace(where(temporary), fd, where(n), fd), name, fd, where)
            if remove_source:
                after = os.fstat(source)
                if not _same(found, after) or after.st_ctime_ns != info.st_ctime_ns:
                    raise OSError(errno.ESTALE, "the file changed while it was being moved; it was left where it was")
                _take_away(found, "moved")
        except BaseException:
            if placed:
                _remove_ours(where(placed), fd, ours)
            raise
        finally:
            _remove_ours(where(temporary), fd, ours)
    finally:
        os.close(source)
    return placed


_THE_SYSTEMS = ("system.nfs4_acl", "system.nfs4acl", "system.richacl")
"""Attributes a file system lists of its own (an NFSv4 share's ACL, translated): copied where the destination takes
them, else passed over as ``mv`` does (the file's mode carries its permissions), never a reason to leave a file."""

_SKIPPED = ("security.selinux", "security.evm", "afs.", "trusted.SGI_", "xfsroot.", "user.Beagle.")
"""Attributes never copied, as GNU's ``/etc/xattr.conf`` says: the destination's own label (SELinux) and integrity
measure (EVM), a file system's own (AFS, XFS's), a desktop search's cache."""


def _not_the_files(name: str) -> bool:
    return name.startswith(_SKIPPED)


def _copy_attributes(source: int, out: int, *, strict: bool) -> None:
    """The file's extended attributes on its copy, as ``mv`` copies them: a file manager's tags and comments, where
    it was downloaded from, its ACL, its capabilities. ``strict`` (a move: the source goes): one the destination
    cannot hold leaves the file where it was (OSError), rather than lose it without a word; a copy passes it over.
    Those no file carries (:data:`_SKIPPED`: an SELinux label is the destination's own) are not copied, and a file
    system's own (:data:`_THE_SYSTEMS`) only where the destination takes them."""
    if not hasattr(os, "listxattr"):
        return
    try:
        names = os.listxattr(source)
    except OSError as error:
        if error.errno in (errno.ENOTSUP, errno.EOPNOTSUPP):  # the source's file system holds none
            return
        raise
    for name in names:
        if _not_the_files(name):
            continue
        try:
            value = os.getxattr(source, name)
        except OSError as error:
            if error.errno == errno.ENODATA:  # removed since it was listed: nothing to keep
                continue
            raise
        try:
            os.setxattr(out, name, value)
        except OSError as error:
            if not strict or name.startswith(_THE_SYSTEMS):
                continue
            lost = f"the destination cannot keep the file's extended attribute {name} ({_reason(error)})"
            raise OSError(error.errno, f"{lost}; it was left where it was") from None


def move_scanned(
    root: str,
    files: Iterable[Expected],
    destination: str,
    *,
    log: ActionLog | None = None,
    remove_empty: bool = False,
    keep: Iterable[str] = (),
    scanned: Sequence[str] = (),
    keeping: Mapping[str, Expected] | None = None,
    links: Sequence[str] = (),
    progress: Progress = NO_PROGRESS,
    cancel: threading.Event | None = None,
) -> ActionReport:
    """Move scanned files under ``destination``, keeping their paths relative to ``root``, each checked first;
    with ``remove_empty``, the folders they left empty are removed (as :func:`trash_scanned`). ``scanned``:
    with several scanned folders, those folders (``root`` is then their common folder). ``keeping``, ``links``,
    ``progress`` and ``cancel`` as for :func:`trash_scanned`.

    Raises:
        ValueError: see :func:`check_destination`.
    """
    with prepared_destination(root, destination, scanned, cancel) as target:
        if target is None:  # stopped while the folders were looked at: no file was reached
            return _report(ActionKind.MOVE, not_reached(root, files), log)
        return _taking_away(
            ActionKind.MOVE,
            root,
            files,
            _move_one(target),
            log=log,
            remove_empty=remove_empty,
            keep=keep,
            keeping=keeping,
            links=links,
            progress=progress,
            cancel=cancel,
        )


def move_keeping_paths(root: str, relative_paths: Iterable[str], destination: str) -> list[Outcome]:
    """Move files (paths relative to ``root``, / separated) under ``destination``, keeping those paths.

    Each path must be normalised and reach a regular file without a link on the way; prefer
    :func:`move_scanned`, which also checks that each file is the one scanned.

    Raises:
        ValueError: the destination is the scanned folder or inside it.
    """
    with prepared_destination(root, destination) as target:
        return [] if target is None else _run(root, relative_paths, _move_one(target))  # None: never, no cancel


# ------------------------------------------------------------------------------------------ the log


class ActionLog:
    """Appends one tab-separated line per file: time, action, result, source, target or reason.

    Each field is written as ``simcompare.core.formats.names.escape_name`` writes it (a backslash as
    ``\\\\``, a tab as ``\\t``, a byte that is not UTF-8 as ``\\xNN`` …); ``unescape_name`` reads it back.
    """

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path) if path is not None else default_data_path() / "actions.log"

    def write(self, kind: ActionKind | str, outcomes: Iterable[Outcome]) -> None:
        """Append the outcomes (raises OSError when the data folder cannot be written)."""
        when = _dt.datetime.now().astimezone().isoformat(timespec="seconds")
        lines = [
            "\t".join(
                _field(f)
                for f in (when, str(kind), "ok" if o.ok else "failed", o.source, o.target if o.ok else o.error)
            )
            for o in outcomes
        ]
        if not lines:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        append_text(self.path, "\n".join(lines) + "\n")  # never waiting, only ever a regular file


def _field(text: str) -> str:
    """One log field on one line, in UTF-8: a tab, newline or other control character in a file name (legal
    on Linux) and a byte that is not UTF-8 are written escaped, so ``unescape_name`` reads the field back."""
    return escape_name(text)
