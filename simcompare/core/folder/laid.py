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

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import overload

import numpy as np
import numpy.typing as npt

from simcompare.core.search.groups import Laid

__all__ = ["Layout", "SavedGroups", "kept_positions", "run_sizes"]

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
        return cls.of_sizes(files, sizes)

    @classmethod
    def of_sizes(cls, files: IntArray, sizes: IntArray) -> Layout:
        """The layout of groups given as all their files, group after group, and each group's size."""
        owner = np.repeat(np.arange(len(sizes), dtype=np.intp), sizes)
        return cls(files, owner, np.cumsum(sizes) - sizes, sizes)

    def references(self) -> IntArray:
        """For each position, its group's reference (the group's first file)."""
        return self.files[self.starts[self.owner]]

    def firsts(self) -> BoolArray:
        """For each position, whether it is its group's first (the reference's)."""
        first = np.zeros(len(self.files), dtype=bool)
        first[self.starts[self.sizes > 0]] = True
        return first


class SavedGroups(Sequence[Laid]):
    """Saved results' groups (each a :class:`Laid`: its files, the reference first, and each one's also-close
    files), held as one array of every group's files and one of their sizes, with the also-close files of the
    groups that list any: a million files' groups as a tuple of numbers each were 45 MB (``Laid`` objects, their
    tuples and numbers), as arrays 5 MB. Reads as the sequence of ``Laid`` it stands for (each made when asked
    for), and equals any sequence of the same ``Laid``."""

    __slots__ = ("_also", "_files", "_sizes", "_starts")

    def __init__(self, files: IntArray, sizes: IntArray, also: Mapping[int, tuple[tuple[int, ...], ...]]) -> None:
        """``files``: every group's files, group after group; ``sizes``: each group's number of files; ``also``:
        for the groups whose files list also-close files, the tuple of each file's (as ``Laid.also_close``)."""
        if sizes.ndim != 1 or files.ndim != 1 or np.any(sizes < 0) or int(sizes.sum()) != len(files):
            raise ValueError(f"{len(files)} files do not make groups of {int(sizes.sum())} files")
        if any(not 0 <= group < len(sizes) for group in also):
            raise ValueError("also-close files given for a group that is not there")
        self._files, self._sizes = files.astype(np.intp, copy=False), sizes.astype(np.intp, copy=False)
        self._starts = np.cumsum(self._sizes) - self._sizes
        self._also = dict(also)

    @classmethod
    def of(cls, groups: Iterable[Laid]) -> SavedGroups:
        """``groups`` as saved groups (themselves when they are)."""
        if isinstance(groups, SavedGroups):
            return groups
        files: list[int] = []
        sizes: list[int] = []
        also: dict[int, tuple[tuple[int, ...], ...]] = {}
        for number, laid in enumerate(groups):
            files.extend(laid.files)
            sizes.append(len(laid.files))
            if any(laid.also_close):
                also[number] = laid.also_close
        return cls(np.array(files, dtype=np.intp), np.array(sizes, dtype=np.intp), also)

    def parts(self) -> tuple[IntArray, IntArray, Mapping[int, tuple[tuple[int, ...], ...]]]:
        """What it was made of: every group's files, each group's number of files, the also-close files."""
        return self._files, self._sizes, self._also

    def layout(self) -> Layout:
        """The groups' files as a :class:`Layout`."""
        return Layout.of_sizes(self._files, self._sizes)

    def files_of(self, group: int) -> tuple[int, ...]:
        """A group's files, the reference first."""
        start = int(self._starts[group])
        return tuple(self._files[start : start + int(self._sizes[group])].tolist())

    def also_close(self) -> Mapping[int, tuple[tuple[int, ...], ...]]:
        """For each group whose files list also-close files (by number), each file's, as ``Laid.also_close``."""
        return self._also

    def __len__(self) -> int:
        return len(self._sizes)

    @overload
    def __getitem__(self, index: int) -> Laid: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Laid, ...]: ...

    def __getitem__(self, index: int | slice) -> Laid | tuple[Laid, ...]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(len(self))))
        group = range(len(self))[index]  # raises IndexError as a tuple does
        files = self.files_of(group)
        return Laid(files, self._also.get(group, ((),) * len(files)))

    def __iter__(self) -> Iterator[Laid]:
        return (self[i] for i in range(len(self)))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, (str, bytes)):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # compared by what it holds, as a list is

    def __repr__(self) -> str:
        return f"SavedGroups({list(self)!r})"


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


def run_sizes(owner: IntArray) -> IntArray:
    """The lengths of the runs of equal items of ``owner`` (each group's kept positions, in order), one after the
    other: numbers, not a tuple a group (a million files' groups: 30 MB of tuples and numbers, at the window's
    peak)."""
    if not len(owner):
        return np.zeros(0, dtype=np.intp)
    bounds = np.flatnonzero(owner[1:] != owner[:-1]) + 1
    return np.diff(np.concatenate([[0], bounds, [len(owner)]])).astype(np.intp)
