"""Acting on a folder's groups as a duplicate cleaner does: which members to mark, which one to keep.

dupeGuru and Czkawka taught users a vocabulary: mark everything but the reference, or mark by a rule
(keep the oldest, the largest, the one with the shortest path…), keep the files of "reference folders"
always (they are references and never marked). The rules live here, without Qt, so the window only asks
and shows. A rule never marks a group's kept file (nor another name of it), so it never marks every file of
a group; another name of a file (a hard link) is never marked by a rule, as removing it frees nothing.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import chain
from operator import attrgetter

import numpy as np
import numpy.typing as npt

from simcompare.core.compat import StrEnum
from simcompare.core.folder.scan import FileRecord
from simcompare.core.folder.session import FolderSession
from simcompare.core.search.groups import Group, Member, with_reference
from simcompare.core.search.verify import resemblance

__all__ = [
    "MarkRule",
    "apply_reference_folders",
    "inside",
    "marks_by_rule",
    "other_names_of_kept",
    "set_reference",
    "set_references",
    "whole_groups",
]


class MarkRule(StrEnum):
    """Which member of each group is kept; the others are marked (INSIDE_FOLDER marks those inside one)."""

    ALL_BUT_REFERENCE = "all-but-reference"
    ALL_BUT_OLDEST = "all-but-oldest"
    ALL_BUT_NEWEST = "all-but-newest"
    ALL_BUT_SMALLEST = "all-but-smallest"
    ALL_BUT_LARGEST = "all-but-largest"
    ALL_BUT_SHORTEST_PATH = "all-but-shortest-path"
    ALL_BUT_LONGEST_PATH = "all-but-longest-path"
    INSIDE_FOLDER = "inside-folder"


def within(folders: Iterable[str]) -> Callable[[str], bool]:
    """A test of whether an absolute path lies in one of ``folders`` (absolute; compared by path parts).

    The folders are normalised once, not once per path: a result's every member is tested against them.
    """
    bases = tuple(os.path.normcase(os.path.abspath(folder)).rstrip(os.sep) + os.sep for folder in folders)

    def test(path: str) -> bool:
        return os.path.normcase(os.path.abspath(path)).startswith(bases)

    return test


def inside(path: str, folders: Iterable[str]) -> bool:
    """True when the absolute ``path`` lies in one of ``folders`` (absolute; compared by path parts)."""
    return within(folders)(path)


Listed = tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]
"""Every member of some groups (any order) and, beside each, its group's position among them: two arrays."""


def _marked_at_once(session: FolderSession, groups: Sequence[Group], rule: MarkRule, listed: Listed | None) -> set[int]:
    """What a rule other than INSIDE_FOLDER marks in ``groups`` before the protected files are taken out: in each
    group the members that are not the kept file under any of its names, and each file by its first name only
    (another name frees nothing); every group at once (a million files' groups one at a time: a second and a half
    on the window's thread). ``listed``: as in :func:`marks_by_rule`."""
    files = session.files
    if listed is None:  # iterated in C (attrgetter, chain): a million files' members on the window's thread
        sizes = list(map(len, map(attrgetter("members"), groups)))
        every = chain.from_iterable(map(attrgetter("members"), groups))
        members = np.fromiter(map(attrgetter("index"), every), dtype=np.intp, count=sum(sizes))
        owner = np.repeat(np.arange(len(groups), dtype=np.intp), sizes)
    else:
        members, owner = listed
    keys = session.file_key_array()
    if rule is MarkRule.ALL_BUT_REFERENCE:
        kept_files: Iterable[int] = map(attrgetter("reference"), groups)
    else:
        kept_files = (_kept(group, files, rule) for group in groups)
    kept = keys[np.fromiter(kept_files, dtype=np.intp, count=len(groups))]
    first_name = keys[members] == members  # a file's first or only name is its own key
    chosen = members[(keys[members] != kept[owner]) & first_name]
    return set(chosen.tolist())


def _kept(group: Group, files: Sequence[FileRecord], rule: MarkRule) -> int:
    """The member a rule keeps (ties: the reference, then the group's order)."""
    if rule is MarkRule.ALL_BUT_REFERENCE:
        return group.reference
    order = {m.index: position for position, m in enumerate(group.members)}

    def key(measure: Callable[[FileRecord], int]) -> Callable[[int], tuple[int, int]]:
        return lambda i: (measure(files[i]), order[i])

    members = [m.index for m in group.members]
    if rule is MarkRule.ALL_BUT_OLDEST:
        return min(members, key=key(lambda f: f.mtime_ns))
    if rule is MarkRule.ALL_BUT_NEWEST:
        return min(members, key=key(lambda f: -f.mtime_ns))
    if rule is MarkRule.ALL_BUT_SMALLEST:
        return min(members, key=key(lambda f: f.size))
    if rule is MarkRule.ALL_BUT_LARGEST:
        return min(members, key=key(lambda f: -f.size))
    if rule is MarkRule.ALL_BUT_SHORTEST_PATH:
        return min(members, key=key(lambda f: len(f.path)))
    if rule is MarkRule.ALL_BUT_LONGEST_PATH:
        return min(members, key=key(lambda f: -len(f.path)))
    return group.reference


def marks_by_rule(
    session: FolderSession,
    groups: Iterable[Group],
    rule: MarkRule | str,
    *,
    folder: str = "",
    reference_folders: Sequence[str] = (),
    listed: Listed | None = None,
) -> set[int]:
    """The file indices a rule marks in ``groups``; ``listed``: their members and each one's group, when a front
    end listed them already (:data:`Listed`; the window lists them once for its groups).

    Files inside a reference folder are never marked. INSIDE_FOLDER marks the members inside ``folder``
    (absolute), except a group's reference when every member is inside it, so one copy is always left.

    Raises:
        ValueError: an unknown rule, or INSIDE_FOLDER without a folder.
    """
    try:
        rule = MarkRule(rule)
    except ValueError:
        raise ValueError(f"rule must be one of {', '.join(r.value for r in MarkRule)}, got {rule!r}") from None
    if rule is MarkRule.INSIDE_FOLDER and not folder:
        raise ValueError("the rule inside-folder needs the folder whose files are marked")
    groups = list(groups)
    protected = protected_members(session, groups, reference_folders)
    if rule is not MarkRule.INSIDE_FOLDER:
        return _marked_at_once(session, groups, rule, listed) - protected
    in_folder = within([folder])
    marked: set[int] = set()
    for group in groups:
        chosen = {m.index for m in group.members if in_folder(session.absolute(m.index))}
        if session.distinct_files(chosen) == session.distinct_files(group.indices):
            kept = session.file_key(group.reference)  # every file would go: the reference's stays
            chosen = {i for i in chosen if session.file_key(i) != kept}
        # another name of a file (a hard link) frees nothing and is never marked by a rule
        marked |= {i for i in chosen if session.hardlink_of(i) is None} - protected
    return marked


def other_names_of_kept(session: FolderSession, groups: Sequence[Group], chosen: Sequence[int]) -> dict[int, int]:
    """The chosen files that are another name of a member their group keeps (its reference, or a file not chosen),
    by device and inode, with that member. Through a bind mount both names are one directory entry, so trashing,
    moving or deleting either takes the kept file away too; a hard link's name frees nothing. Either way, never.
    A reference chosen too (a whole group, as asked) is not kept: its other names go with it."""
    taken = set(chosen)
    kept_of: dict[int, int] = {}
    for group in groups:
        kept = {session.file_key(m.index): m.index for m in group.members if m.index not in taken}
        if group.reference not in taken:  # named as the member kept before another name of it
            kept[session.file_key(group.reference)] = group.reference
        for m in group.members:
            if m.index in taken and m.index != group.reference:
                other = kept.get(session.file_key(m.index))
                if other is not None and other != m.index:
                    kept_of[m.index] = other
    return kept_of


def whole_groups(session: FolderSession, groups: Iterable[Group], chosen: Iterable[int]) -> list[int]:
    """The positions (from 1) of the groups of which every distinct file is in ``chosen``: acting on them
    would leave no copy, so a front end asks again. Files are counted by identity, not by name: two names of
    one file (a hard link, a bind mount) are one file, chosen when either name is."""
    chosen_files = session.distinct_files(chosen)
    return [
        number for number, group in enumerate(groups, start=1) if session.distinct_files(group.indices) <= chosen_files
    ]


def set_reference(
    session: FolderSession, group: Group, index: int, measured: Mapping[tuple[int, int], float] | None = None
) -> Group:
    """``group`` with member ``index`` as its reference, distances and ``verified`` measured to it.

    ``measured``: resemblances already measured, by ``(member, index)`` (the reference rule measures them to
    decide whether a member may lead); the others are measured here."""
    known = measured or {}

    def resemble(a: int, b: int) -> float:
        found = known.get((a, b))
        # what session.pair measures between two texts that are not identical (with_reference says identical)
        return resemblance(session.sketch(a), session.sketch(b)) if found is None else found

    # the session's fingerprints and identities as they are, made once (a list over every file made for each group
    # made reference folders quadratic: 32 s at 100,000 files; a dictionary of the members' read their records)
    return with_reference(group, index, session.fingerprints(), resemble=resemble, identical=session.identities())


def set_references(
    session: FolderSession,
    groups: Sequence[Group],
    indices: Sequence[int],
    measured: Mapping[tuple[int, int], float] | None = None,
) -> list[Group]:
    """Each of ``groups`` with its member ``indices[n]`` as its reference, as :func:`set_reference` makes it, for all
    the groups at once: every member's distance, identity and resemblance to its new reference in numpy (a
    re-prioritise moves the references of half a million files' groups). ``measured``: as in :func:`set_reference`.

    Raises:
        ValueError: an index that is not a member of its group.
    """
    moved = [n for n, (group, index) in enumerate(zip(groups, indices, strict=True)) if index != group.reference]
    old = [m for n in moved for m in groups[n].members]
    sizes = np.fromiter((len(groups[n].members) for n in moved), dtype=np.intp, count=len(moved))
    owner = np.repeat(np.arange(len(moved), dtype=np.intp), sizes)
    member = np.fromiter((m.index for m in old), dtype=np.intp, count=len(old))
    reference = np.fromiter((indices[n] for n in moved), dtype=np.intp, count=len(moved))[owner]
    head = member == reference
    found = np.zeros(len(moved), dtype=bool)
    found[owner[head]] = True
    if not found.all():
        n = moved[int(np.argmin(found))]
        raise ValueError(f"file {indices[n]} is not a member of this group (members: {list(groups[n].indices)})")
    same = session.identical_pairs(member, reference) & ~head
    distance = np.where(same | head, 0, session.distances(member, reference))
    apart = np.flatnonzero(~same & ~head)
    verified = np.ones(len(member), dtype=np.float64)
    verified[apart] = _resemblances(session, member[apart], reference[apart], measured or {})
    # each group's new reference first, then as with_reference sorts: nearest, identical first, by index
    order = np.lexsort((member, ~same, distance, ~head, owner))
    rows = zip(
        [old[n] for n in order.tolist()],
        head[order].tolist(),
        member[order].tolist(),
        distance[order].tolist(),
        verified[order].tolist(),
        same[order].tolist(),
        strict=True,
    )
    made = [
        Member(i, 0, 1.0, False, m.also_close) if first else Member(i, d, r, s, m.also_close, m.evidence)
        for m, first, i, d, r, s in rows
    ]
    out = list(groups)
    for n, start, size in zip(moved, (np.cumsum(sizes) - sizes).tolist(), sizes.tolist(), strict=True):
        out[n] = Group(indices[n], tuple(made[start : start + size]), groups[n].max_distance)
    return out


def _resemblances(
    session: FolderSession,
    left: npt.NDArray[np.intp],
    right: npt.NDArray[np.intp],
    measured: Mapping[tuple[int, int], float],
) -> npt.NDArray[np.float64]:
    """The resemblances of many pairs of files: those ``measured`` has (by ``(left, right)``), the others measured."""
    found = [measured.get(pair) for pair in zip(left.tolist(), right.tolist(), strict=True)]
    missing = [n for n, value in enumerate(found) if value is None]
    if missing:
        at = np.array(missing, dtype=np.intp)
        for n, value in zip(missing, session.resemblances(left[at], right[at]).tolist(), strict=True):
            found[n] = value
    return np.array(found, dtype=np.float64)


def protected_members(session: FolderSession, groups: Iterable[Group], reference_folders: Sequence[str]) -> set[int]:
    """The groups' members inside one of ``reference_folders``: the files no rule marks."""
    if not reference_folders:
        return set()
    in_reference = within(reference_folders)
    return {m.index for g in groups for m in g.members if in_reference(session.absolute(m.index))}


def apply_reference_folders(session: FolderSession, groups: Sequence[Group], folders: Sequence[str]) -> list[Group]:
    """Groups whose reference is a member inside a reference folder, where one has such a member."""
    if not folders:
        return list(groups)
    in_reference = within(folders)
    out = []
    for group in groups:
        if in_reference(session.absolute(group.reference)):
            out.append(group)
            continue
        chosen = next((m.index for m in group.members if in_reference(session.absolute(m.index))), None)
        out.append(group if chosen is None else set_reference(session, group, chosen))
    return out
