"""The cleaner's state: what the user decided about a folder's groups, and what became of its files.

One :class:`CleanerState` per window page owns the marks (the files an action applies to) with their undo and
redo, the chosen references, the reference folders, the files removed from the results by an action, and each
file's state compared with the disk. The window shows it and asks it to change; which files a rule marks is
decided by :mod:`simcompare.core.folder.cleaner`. No Qt here: tests drive it as the window does.

Files are named by their index into the session's files; an action that removes files renumbers them, and the
state follows by path (:meth:`CleanerState.forget`).

A re-prioritise (:meth:`CleanerState.choose_references`), *Make this the reference*
(:meth:`CleanerState.choose_reference`) and *Remove from results* (:meth:`CleanerState.leave_out`)
are steps of the same undo: an undo puts back the marks, the chosen references and the files left out together;
when references or left-out files come back, the marks are held until the groups are made again.

Every change of marks goes through :meth:`CleanerState._change`, the one place where a rule about marks
(which files may be marked, which changes are remembered for undo) is decided. A group's reference and a file
in a reference folder are never marked; every change the user makes (one tick included) can be undone and
redone. A change may be limited to some files (``within``: the rows a filter leaves visible): marks outside
them stay as they are.
"""

from __future__ import annotations

import operator
import os
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain, compress
from operator import attrgetter

import numpy as np

from simcompare.core.compat import StrEnum
from simcompare.core.folder.session import FolderSession
from simcompare.core.search.groups import Group

__all__ = ["UNDO_DEPTH", "CleanerState", "FileState"]

UNDO_DEPTH = 20
"""Markings that can be undone, newest first."""

_INDEX = attrgetter("index")
_REFERENCE = attrgetter("reference")


def _not_members(groups: Sequence[Group], chosen: Sequence[int]) -> list[int]:
    """The files ``chosen[n]`` that are not members of ``groups[n]``, sorted: every group at once, its members read
    in C and compared in numpy (a re-prioritise moves the references of 180,000 groups at a million files)."""
    sizes = np.fromiter(map(len, map(_MEMBERS, groups)), dtype=np.intp, count=len(groups))
    members = np.fromiter(
        map(_INDEX, chain.from_iterable(map(_MEMBERS, groups))), dtype=np.intp, count=int(sizes.sum())
    )
    leading = np.fromiter(chosen, dtype=np.intp, count=len(chosen))
    found = np.zeros(len(groups), dtype=bool)
    found[np.repeat(np.arange(len(groups)), sizes)[members == np.repeat(leading, sizes)]] = True
    return sorted(leading[~found].tolist())


_MEMBERS = attrgetter("members")


class FileState(StrEnum):
    """A file compared with the disk: since saved results were written, or after an action."""

    CHANGED = "changed"
    GONE = "gone"
    TRASHED = "trashed"
    MOVED = "moved"
    LINKED = "linked"  # replaced with a link to its group's reference
    DELETED = "deleted"  # deleted permanently


class CleanerState:
    """Marks with undo and redo, chosen references, reference folders, removed files and file states.

    A change of marks returns the files whose mark changed (the window repaints those only). Marks never hold a
    group's reference nor a file in a reference folder; marking (and undo) keeps only files of the groups on
    screen.

    Args:
        reference_folders: Folders whose files are always references and never marked.
        undo_depth: How many markings can be undone.
    """

    def __init__(self, reference_folders: Iterable[str] = (), *, undo_depth: int = UNDO_DEPTH) -> None:
        if undo_depth < 0:
            raise ValueError(f"undo_depth must be 0 or more, got {undo_depth}")
        self._undo_depth = undo_depth
        self._reference_folders: tuple[str, ...] = _unique(reference_folders)
        self._marks: frozenset[int] = frozenset()
        self._undo: list[_Step] = []
        self._redo: list[_Step] = []
        self._left_out: frozenset[int] = frozenset()
        self._held: frozenset[int] | None = None
        self._groups: Sequence[Group] = ()
        self._members: frozenset[int] | None = None
        self._references: frozenset[int] | None = None
        self._aliases: Mapping[int, int] = {}  # the session's other names of files (few): FolderSession.other_names
        self._names_of_references: tuple[frozenset[int] | None, frozenset[int]] = (None, frozenset())
        self._protected: frozenset[int] = frozenset()
        self._preferred: set[int] = set()
        self._states: dict[int, FileState] = {}
        self._removed: dict[str, FileState] = {}
        self._locked = False

    # ------------------------------------------------------------------ a new result
    def start(
        self,
        session: FolderSession | None = None,
        *,
        changed: Iterable[str] = (),
        gone: Iterable[str] = (),
        marked: Iterable[str] = (),
        references: Iterable[str] = (),
    ) -> None:
        """Begin anew for another result: no marks, undo, chosen references, states nor removed files.

        The reference folders stay (they are the user's preference). ``changed`` and ``gone`` (relative paths,
        from reopened results) name the files that changed or vanished since the results were saved;
        ``marked`` and ``references`` the files marked and made references then: the marks are held until the
        first groups are shown (:meth:`restore_marks`), the references are chosen for every k.
        """
        self._marks = frozenset()
        self._undo.clear()
        self._redo.clear()
        self._held = None
        self._groups, self._members, self._references, self._protected = (), None, None, frozenset()
        self._preferred = set()
        self._left_out = frozenset()
        self._removed = {}
        self._states = {}
        self._aliases = session.other_names() if session is not None else {}
        if session is not None:
            self.note_states(session, changed=changed, gone=gone)
            self._preferred = {i for p in references if (i := session.index_of(p)) is not None}
            held = frozenset(i for p in marked if (i := session.index_of(p)) is not None)
            self._held = held or None

    # ------------------------------------------------------------------ marks
    @property
    def marks(self) -> frozenset[int]:
        """The marked files (indices into the session's files)."""
        return self._marks

    def is_marked(self, index: int) -> bool:
        return index in self._marks

    def marked_in(self, groups: Iterable[Group]) -> list[int]:
        """The marked members of ``groups``, in the groups' order."""
        marks = self._marks
        return [m.index for g in groups for m in g.members if m.index in marks]

    @property
    def saved_marks(self) -> frozenset[int]:
        """The marks to save with the results: those shown, or those held aside while new groups are made."""
        return self._marks if self._held is None else self._held | self._marks

    def mark(self, files: Iterable[int], on: bool = True) -> set[int]:
        """Mark (or unmark) ``files`` besides the marks there are; undoable."""
        new = self._marks | self._markable(files) if on else self._marks - set(files)
        return self._change(new, undoable=True)

    def replace_marks(self, files: Iterable[int], within: Iterable[int] | None = None) -> set[int]:
        """Mark exactly ``files`` (those in the groups on screen, neither a reference nor in a reference
        folder); undoable. With ``within``, only those files change: ``files`` outside it are left out and the
        marks outside it stay."""
        if within is None:
            return self._change(self._markable(files), undoable=True)
        scope = frozenset(within)
        return self._change((self._marks - scope) | self._markable(i for i in files if i in scope), undoable=True)

    def add_marks(self, files: Iterable[int], within: Iterable[int] | None = None) -> set[int]:
        """Mark ``files`` (those of ``within`` only, when given) besides the marks there are; undoable."""
        if within is not None:
            scope = frozenset(within)
            files = [i for i in files if i in scope]
        return self.mark(files)

    def mark_all(self, within: Iterable[int] | None = None) -> set[int]:
        """Mark every member of the groups on screen (of ``within`` only) that may be marked; undoable."""
        return self.mark(self._member_set() if within is None else within)

    def invert(self, within: Iterable[int] | None = None) -> set[int]:
        """Mark every member of the groups on screen (of ``within`` only) that is not marked, and unmark the
        others; undoable."""
        if within is None:  # every member: each one not marked that may be, and none other (sets made in C alone)
            members = self._member_set()
            markable = (members - self._marks) - self._protected - self._reference_set() - self._reference_names()
            new = (self._marks - members) | markable
            return self._change(new, undoable=True)
        scope = frozenset(within)
        return self.replace_marks(scope - self._marks, within=scope)

    def clear_marks(self, within: Iterable[int] | None = None) -> set[int]:
        """Unmark every file (of ``within`` only); undoable."""
        if within is None:
            return self.replace_marks(())
        return self.mark(within, on=False)

    def tick(self, index: int, on: bool) -> set[int] | None:
        """One file's box ticked or cleared in the list; None when the file may not be marked (a group's
        reference, a file in a reference folder). Undoable, as every change of marks the user makes."""
        if self._locked or (on and not self._markable((index,))):
            return None
        return self._change(self._marks | {index} if on else self._marks - {index}, undoable=True)

    def may_mark(self, index: int) -> bool:
        """Whether a file of the groups on screen can be marked: not a reference, not in a reference folder."""
        return (
            not self._locked
            and index not in self._protected
            and index not in self._reference_set()
            and index not in self._reference_names()
        )

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> set[int] | None:
        """Put back the marks (and the chosen references, the files left out) as they were before the last
        change; None when there is nothing to undo. When references or left-out files come back, the marks are
        held (:attr:`holding`) until the groups are made again with them (:meth:`restore_marks`)."""
        if not self._undo or self._locked:
            return None
        self._redo.append(self._step())
        return self._go_to(self._undo.pop())

    def redo(self) -> set[int] | None:
        """Make again the change last undone; None when there is nothing to redo."""
        if not self._redo or self._locked:
            return None
        self._remember()
        return self._go_to(self._redo.pop())

    def _step(self) -> _Step:
        return _Step(self._marks, frozenset(self._preferred), self._left_out)

    def _go_to(self, step: _Step) -> set[int]:
        if step.preferred == self._preferred and step.left_out == self._left_out:
            return self._change(self._markable(step.marks), undoable=False)
        # other references or other files in the groups: the marks wait for the groups made with them
        self._preferred, self._left_out = set(step.preferred), step.left_out
        changed = set(self._marks)
        self._marks, self._held = frozenset(), step.marks
        return changed

    def _remember(self) -> None:
        self._undo.append(self._step())
        del self._undo[: -self._undo_depth or len(self._undo)]

    def _change(self, new: frozenset[int] | set[int], *, undoable: bool) -> set[int]:
        """Make ``new`` the marks; returns the files whose mark changed. A change that changes nothing is not
        remembered: Undo always undoes something the user can see."""
        new = frozenset(new)
        if undoable and self._locked:
            return set()
        changed = set(self._marks ^ new)
        if undoable and changed:
            self._remember()
            self._redo.clear()
        self._marks = new
        return changed

    def _markable(self, files: Iterable[int]) -> frozenset[int]:
        """The files that may be marked: members of the groups on screen, neither a group's reference (by any of its
        names) nor in a reference folder."""
        members = self._member_set()
        return (frozenset(files) & members) - self._protected - self._reference_set() - self._reference_names()

    def _reference_names(self) -> frozenset[int]:
        """The other names of the groups' references (a hard link, the same file through a bind mount): never marked,
        as no action takes one (it would take the kept file away, or free nothing). Found among the few files with
        another name, once for each set of references."""
        references = self._reference_set()
        made_for, names = self._names_of_references
        if made_for is not references:
            by_file: dict[int, list[int]] = {}
            for other, first in self._aliases.items():
                by_file.setdefault(first, [first]).append(other)
            names = frozenset(
                i
                for every in by_file.values()
                if not references.isdisjoint(every)
                for i in every
                if i not in references
            )
            self._names_of_references = (references, names)
        return names

    def _member_set(self) -> frozenset[int]:
        if self._members is None:  # made when first needed: 100,000 members cost a regroup real time
            self._members = frozenset(m.index for g in self._groups for m in g.members)
        return self._members

    def _reference_set(self) -> frozenset[int]:
        if self._references is None:
            self._references = frozenset(map(attrgetter("reference"), self._groups))  # in C: 187,311 groups
        return self._references

    @property
    def locked(self) -> bool:
        """While files are acted on or references chosen, the user's changes are refused: marks, ticks, undo
        and redo, references, files left out (the window shows them disabled; this holds whatever asks)."""
        return self._locked

    def set_locked(self, locked: bool) -> None:
        self._locked = locked

    # ------------------------------------------------------------------ the groups on screen
    def show_groups(
        self,
        groups: Sequence[Group],
        protected: Collection[int] = (),
        members: Iterable[int] | None = None,
        references: Iterable[int] | None = None,
    ) -> set[int]:
        """The groups on screen and their members in a reference folder: marks outside them are dropped.
        ``members``: every member of ``groups`` when listed already (a worker listed them: a million files' members
        gathered from the groups took 0.3 s on the window's thread); ``references``: their references, likewise
        (a frozenset is taken as it is: made in the worker, nothing of it is made on the window's thread).

        Returns the files whose mark changed. Not a marking: nothing is remembered for undo.
        """
        self._groups = groups
        self._references = frozenset(references) if references is not None else None
        self._members = frozenset(members) if members is not None else None
        self._protected = frozenset(protected)
        if not self._marks:
            return set()
        return self._change(self._markable(self._marks), undoable=False)

    @property
    def protected(self) -> frozenset[int]:
        """The members of the groups on screen inside a reference folder: never marked."""
        return self._protected

    def hold_marks(self) -> None:
        """Keep the marks aside (none are shown) until :meth:`restore_marks`, e.g. while new groups are made."""
        if self._held is None:
            self._held = self._marks
        self._marks = frozenset()

    @property
    def holding(self) -> bool:
        return self._held is not None

    def restore_marks(self) -> set[int]:
        """The marks kept aside, on the groups now on screen; returns the files whose mark changed."""
        held, self._held = self._held, None
        return self._change(self._markable(held or ()), undoable=False)

    # ------------------------------------------------------------------ references
    @property
    def preferred(self) -> frozenset[int]:
        """The files the user made their group's reference."""
        return frozenset(self._preferred)

    def choose_references(self, groups: Iterable[Group], chosen: Iterable[int]) -> set[int]:
        """Make the ``chosen`` files the references of ``groups`` (one per group, as a re-prioritise chooses
        them), as one change that can be undone and redone; a reference is not marked.

        Returns the files whose mark changed. Call before the groups on screen are replaced by the ones with
        their new references.
        """
        every = groups is self._groups  # the groups on screen themselves: the chosen are every reference there is
        groups, chosen = list(groups), list(chosen)
        if len(chosen) != len(groups):
            raise ValueError(f"{len(chosen)} references chosen for {len(groups)} groups")
        # only the groups whose reference moves are looked into: a re-prioritise of a million files' groups read
        # every member on the window's thread (0.2 s) when most kept theirs; they are found in C
        flags = list(map(operator.ne, map(_REFERENCE, groups), chosen))
        moved, leading = list(compress(groups, flags)), list(compress(chosen, flags))
        strays = _not_members(moved, leading)
        if strays:
            raise ValueError(f"files {strays} are not members of the groups given")
        picked = set(chosen)
        preferred = picked | self._preferred
        if self._preferred:  # an earlier choice in these groups gives way (few files: the user's own choices)
            members = {m.index for g in groups for m in g.members}
            preferred = picked | (self._preferred - members)
        new_marks = self._marks - picked
        if self._locked or (preferred == self._preferred and new_marks == self._marks):
            return set()
        self._remember()
        self._redo.clear()
        self._preferred = preferred
        if every:
            self._references = frozenset(chosen)
        else:
            references = set(self._reference_set())
            references.difference_update(map(_REFERENCE, moved))  # a group's own reference is no other's
            references.update(leading)
            self._references = frozenset(references)
        return self._change(new_marks, undoable=False)

    @property
    def left_out(self) -> frozenset[int]:
        """Files removed from the results by the user (not judged, untouched on disk): they join no group."""
        return self._left_out

    def leave_out(self, files: Iterable[int]) -> set[int]:
        """Remove ``files`` from the results as one change that can be undone; their marks go, and the others'
        are held until the groups are made without them. Returns the files whose mark changed."""
        new = self._left_out | frozenset(files)
        if self._locked or new == self._left_out:
            return set()
        self._remember()
        self._redo.clear()
        return self._go_to(_Step(self._marks - new, frozenset(self._preferred - new), new))

    def choose_reference(self, group: Group, index: int) -> set[int]:
        """Make member ``index`` its group's reference from now on (for every k); a reference is not marked.

        One change that can be undone and redone, as a re-prioritise of that group (*Make this the reference*).
        Returns the files whose mark changed (the new reference's, when it was marked). Call before the group
        on screen is replaced by the one with its new reference.
        """
        if index not in group.indices:
            raise ValueError(f"file {index} is not a member of the group of {group.reference}")
        return self.choose_references([group], [index])

    @property
    def reference_folders(self) -> tuple[str, ...]:
        return self._reference_folders

    def set_reference_folders(self, folders: Iterable[str]) -> tuple[str, ...]:
        """Keep ``folders`` (made absolute, each once, empty ones left out) as the reference folders."""
        self._reference_folders = _unique(folders)
        return self._reference_folders

    # ------------------------------------------------------------------ files and their states
    def note_states(self, session: FolderSession, *, changed: Iterable[str] = (), gone: Iterable[str] = ()) -> set[int]:
        """Say that the files ``changed`` and ``gone`` (relative paths; those no longer in ``session`` are passed
        over) changed or vanished since the results were saved, as :meth:`start` does; returns their indices."""
        noted = set()
        for paths, state in ((changed, FileState.CHANGED), (gone, FileState.GONE)):
            for path in paths:
                if (i := session.index_of(path)) is not None:
                    self._states[i] = state
                    noted.add(i)
        return noted

    def state(self, index: int) -> FileState | None:
        return self._states.get(index)

    @property
    def states(self) -> Mapping[int, FileState]:
        """Files of the results that changed or vanished since they were saved."""
        return self._states

    @property
    def removed(self) -> Mapping[str, FileState]:
        """Files an action removed from the results (relative path → trashed, moved, linked or deleted)."""
        return self._removed

    def forget(self, session: FolderSession, paths: Sequence[str], how: FileState) -> None:
        """Remove ``paths`` (relative) from ``session`` after an action and follow its new file numbers.

        Marks of the other files are kept aside until the next groups (:meth:`restore_marks`); chosen
        references and states follow their files; older markings can no longer be undone (the numbers they
        hold meant other files).
        """
        if not paths:
            return
        files = session.files
        gone = set(paths)
        keep_marks = {files[i].path for i in (self._held or frozenset()) | self._marks} - gone
        keep_preferred = {files[i].path for i in self._preferred} - gone
        keep_left_out = {files[i].path for i in self._left_out} - gone
        states = {files[i].path: s for i, s in self._states.items() if files[i].path not in gone}
        session.forget(paths)
        self._aliases = session.other_names()  # numbered anew
        index = session.index_of
        self._preferred = {i for p in keep_preferred if (i := index(p)) is not None}
        self._left_out = frozenset(i for p in keep_left_out if (i := index(p)) is not None)
        self._states = {i: s for p, s in states.items() if (i := index(p)) is not None}
        self._removed.update(dict.fromkeys(paths, how))
        self._undo.clear()
        self._redo.clear()
        self._marks = frozenset()
        self._held = frozenset(i for p in keep_marks if (i := index(p)) is not None)
        self._groups, self._members, self._references, self._protected = (), None, None, frozenset()


@dataclass(frozen=True, slots=True)
class _Step:
    """What an undo puts back: the marks, the chosen references and the files left out of the results."""

    marks: frozenset[int]
    preferred: frozenset[int]
    left_out: frozenset[int]


def _unique(folders: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(os.path.abspath(f) for f in folders if f))
