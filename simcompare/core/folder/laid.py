"""Which files of saved results' groups stay in them (``FolderSession.laid_out``), decided for all groups at once.

Saved results lay out groups as lists of file indices, the reference first. ``laid_out`` keeps a member when its
pair with the reference is near by the session's decision, neither file is empty or left out, the user did not
call them not duplicates, and the file (or another name of it) is not already in an earlier group; a group stays
when it keeps a file other than its reference (another name of the reference is not one).

Only "already in an earlier group" makes the groups depend on one another, and only where a file (by its
:meth:`~simcompare.core.folder.session.FolderSession.file_key`) is laid out in two groups, or twice in one: saved
results hold each file once. So every other group is decided in numpy, and those few one by one, in order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

__all__ = ["Layout", "kept_positions", "runs"]

IntArray = npt.NDArray[np.intp]
BoolArray = npt.NDArray[np.bool_]


@dataclass(frozen=True, slots=True)
class Layout:
    """Groups of file indices laid out one after another: ``files`` all of them, group after group; ``owner`` each
    position's group; ``starts`` and ``sizes`` each group's first position and length (a group may be empty)."""

    files: IntArray
    owner: IntArray
    starts: IntArray
    sizes: IntArray

    @classmethod
    def of(cls, groups: Sequence[Sequence[int]]) -> Layout:
        """The layout of ``groups`` (each a sequence of file indices, the reference first)."""
        sizes = np.fromiter(map(len, groups), dtype=np.intp, count=len(groups))
        files = np.fromiter((i for group in groups for i in group), dtype=np.intp, count=int(sizes.sum()))
        owner = np.repeat(np.arange(len(groups), dtype=np.intp), sizes)
        return cls(files, owner, np.cumsum(sizes) - sizes, sizes)

    def references(self) -> IntArray:
        """For each position, its group's reference (the group's first file)."""
        return self.files[self.starts[self.owner]]

    def firsts(self) -> BoolArray:
        """For each position, whether it is its group's first (the reference's)."""
        first = np.zeros(len(self.files), dtype=bool)
        first[self.starts[self.sizes > 0]] = True
        return first


def kept_positions(
    layout: Layout, near: BoolArray, out: BoolArray, keys: IntArray, refused: BoolArray, *, one_by_one: bool = False
) -> BoolArray:
    """For each position of ``layout``, whether its file stays in its group (the kept groups' references too).

    Args:
        layout: The groups as laid out.
        near: For each position, whether its file is near its group's reference by the session's decision.
        out: For each file, whether it is empty or left out (never in a group).
        keys: For each file, its file key (equal for two names of one file).
        refused: For each position, whether the user called its file and the reference not duplicates.
        one_by_one: Decide every group in order, one file at a time (what the numpy path stands for).
    """
    if one_by_one:
        return _kept_one_by_one(layout, range(len(layout.sizes)), near, out, keys, refused)
    first = layout.firsts()
    reference = layout.references()
    member = ~first & near & ~refused & ~out[layout.files] & ~out[reference]
    another_file = member & (keys[layout.files] != keys[reference])
    group_kept = np.bincount(layout.owner[another_file], minlength=len(layout.sizes)) > 0
    kept = (member | first) & group_kept[layout.owner]
    tangled = _tangled_groups(layout, keys)
    if len(tangled):
        in_tangled = np.isin(layout.owner, tangled)
        kept[in_tangled] = _kept_one_by_one(layout, tangled.tolist(), near, out, keys, refused)[in_tangled]
    return kept


def _tangled_groups(layout: Layout, keys: IntArray) -> IntArray:
    """The groups (ascending) that hold a file twice, or a file (by its key) another group holds too: whether they
    keep it depends on the groups before them."""
    files, owner = layout.files, layout.owner
    file_keys = keys[files]
    by_key = np.lexsort((owner, file_keys))
    same_key = file_keys[by_key][1:] == file_keys[by_key][:-1]
    other_group = same_key & (owner[by_key][1:] != owner[by_key][:-1])
    by_file = np.lexsort((owner, files))
    twice = (files[by_file][1:] == files[by_file][:-1]) & (owner[by_file][1:] == owner[by_file][:-1])
    return np.unique(
        np.concatenate([owner[by_key][1:][other_group], owner[by_key][:-1][other_group], owner[by_file][1:][twice]])
    )


def _kept_one_by_one(
    layout: Layout, groups: Sequence[int], near: BoolArray, out: BoolArray, keys: IntArray, refused: BoolArray
) -> BoolArray:
    """:func:`kept_positions` of ``groups`` (in order) as the straightforward loop decides them: a file placed in
    an earlier kept group (or its other name) joins no later one."""
    files = layout.files.tolist()
    key = keys.tolist()
    kept = np.zeros(len(files), dtype=bool)
    placed: set[int] = set()
    taken: set[int] = set()
    for group in groups:
        start, size = int(layout.starts[group]), int(layout.sizes[group])
        if not size:
            continue
        reference = files[start]
        if out[reference] or reference in placed or key[reference] in taken:
            continue
        found, inside = [start], {reference}
        for position in range(start + 1, start + size):
            index = files[position]
            if out[index] or index in placed or index in inside or key[index] in taken:
                continue
            if refused[position] or not near[position]:
                continue
            found.append(position)
            inside.add(index)
        if len(found) < 2 or len({key[i] for i in inside}) < 2:
            continue
        placed.update(inside)
        taken.update(key[i] for i in inside)
        kept[found] = True
    return kept


def runs(owner: IntArray) -> list[tuple[int, int, int]]:
    """The runs of equal items of ``owner`` (each group's kept positions, in order): each one's item, start and
    stop."""
    if not len(owner):
        return []
    bounds = np.flatnonzero(owner[1:] != owner[:-1]) + 1
    starts = np.append(0, bounds)
    return list(zip(owner[starts].tolist(), starts.tolist(), np.append(bounds, len(owner)).tolist(), strict=True))
