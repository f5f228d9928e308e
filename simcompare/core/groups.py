"""Near-duplicate groups: connected components of the graph of pairs within k (DESIGN.md §3).

Closeness is not transitive (A~B and B~C does not make A~C), so each group names a reference member and
every member's distance to it, and the largest distance inside the group.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from simcompare.core.index import NearPairs, find_near_pairs

# Above this many members, the largest internal distance is found block by block to bound memory.
_BLOCK = 2048


@dataclass(frozen=True, slots=True)
class Member:
    """A group member: its index among the fingerprints and its distance to the group's reference."""

    index: int
    distance: int


@dataclass(frozen=True, slots=True)
class Group:
    """A near-duplicate group. ``members[0]`` is the reference (distance 0)."""

    reference: int
    members: tuple[Member, ...]
    max_distance: int

    def __len__(self) -> int:
        return len(self.members)


def _components(n: int, left: np.ndarray, right: np.ndarray) -> list[list[int]]:
    parent = list(range(n))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b in zip(left.tolist(), right.tolist(), strict=True):
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)
    members: dict[int, list[int]] = {}
    for node in sorted({int(x) for x in left.tolist()} | {int(x) for x in right.tolist()}):
        members.setdefault(find(node), []).append(node)
    return list(members.values())


def _max_internal_distance(values: Sequence[int], members: list[int]) -> int:
    """Largest Hamming distance between any two members (exact; numpy over 64-bit words)."""
    if len(members) < 2:
        return 0
    widest = max(int(values[i]).bit_length() for i in members)
    words = max(1, (widest + 63) // 64)
    mask = (1 << 64) - 1
    table = np.array([[(int(values[i]) >> (64 * w)) & mask for w in range(words)] for i in members], dtype=np.uint64)
    best = 0
    for start in range(0, len(members), _BLOCK):
        block = table[start : start + _BLOCK]
        distance = np.bitwise_count(block[:, None, :] ^ table[None, :, :]).sum(axis=2)
        best = max(best, int(distance.max()))
    return best


def build_groups(
    values: Sequence[int],
    pairs: NearPairs,
    *,
    names: Sequence[str] | None = None,
    empty: Collection[int] = (),
    not_duplicates: Iterable[tuple[int, int]] = (),
) -> list[Group]:
    """Groups from the pairs within k.

    Args:
        values: The fingerprints.
        pairs: The pairs within k among them.
        names: Paths, to choose the reference among members with as many neighbours (shortest, then first).
        empty: Indices of empty fingerprints: they never join a group.
        not_duplicates: Pairs the user said are not duplicates: their edge is dropped.

    Returns:
        Groups of two or more, largest first, then by their reference's name.
    """
    left, right = np.asarray(pairs.left), np.asarray(pairs.right)
    keep = np.ones(len(left), dtype=bool)
    if len(empty):
        empty_mask = np.zeros(len(values), dtype=bool)
        empty_mask[list(empty)] = True
        keep &= ~(empty_mask[left] | empty_mask[right])
    refused = {(min(a, b), max(a, b)) for a, b in not_duplicates}
    if refused:
        keep &= np.array(
            [(a, b) not in refused for a, b in zip(left.tolist(), right.tolist(), strict=True)], dtype=bool
        )
    left, right = left[keep], right[keep]
    degree = np.bincount(np.concatenate([left, right]), minlength=len(values)) if len(left) else None

    def label(i: int) -> tuple[int, str]:
        name = names[i] if names is not None else ""
        return (len(name), name)

    groups = []
    for component in _components(len(values), left, right):
        assert degree is not None
        reference = min(component, key=lambda i: (-int(degree[i]), *label(i), i))
        ref_value = int(values[reference])
        others = sorted(
            (Member(i, (int(values[i]) ^ ref_value).bit_count()) for i in component if i != reference),
            key=lambda m: (m.distance, label(m.index), m.index),
        )
        groups.append(Group(reference, (Member(reference, 0), *others), _max_internal_distance(values, component)))
    groups.sort(key=lambda g: (-len(g.members), label(g.reference)))
    return groups


def find_groups(
    values: Sequence[int],
    k: int,
    bits: int,
    *,
    names: Sequence[str] | None = None,
    empty: Collection[int] = (),
    not_duplicates: Iterable[tuple[int, int]] = (),
) -> tuple[list[Group], NearPairs]:
    """Pairs within k by the block index, then groups; returns both (the pairs carry index statistics)."""
    pairs = find_near_pairs(values, k=k, bits=bits)
    groups = build_groups(values, pairs, names=names, empty=empty, not_duplicates=not_duplicates)
    return groups, pairs
