"""Near-duplicate groups on hand-made graphs, and against brute force."""

from __future__ import annotations

import itertools

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from simcompare.core.groups import Group, Member, build_groups, find_groups
from simcompare.core.index import NearPairs


def pairs_of(n: int, edges: list[tuple[int, int]], values: list[int], k: int = 3, bits: int = 64) -> NearPairs:
    """A NearPairs holding exactly the given edges (sorted), with their true distances."""
    edges = sorted((min(a, b), max(a, b)) for a, b in edges)
    return NearPairs(
        left=np.array([a for a, _ in edges], dtype=np.intp),
        right=np.array([b for _, b in edges], dtype=np.intp),
        distance=np.array([min(k, (values[a] ^ values[b]).bit_count()) for a, b in edges], dtype=np.intp),
        n=n,
        bits=bits,
        k=k,
        blocks=k + 1,
        keys=k + 1,
        candidates=len(edges),
    )


def brute_groups(values: list[int], k: int, empty: set[int] = frozenset()) -> list[set[int]]:
    """Connected components (size ≥ 2) of the graph of pairs within k, empty values excluded."""
    parent = list(range(len(values)))

    def find(x: int) -> int:
        while parent[x] != x:
            x = parent[x]
        return x

    for i, j in itertools.combinations(range(len(values)), 2):
        if i in empty or j in empty:
            continue
        if (values[i] ^ values[j]).bit_count() <= k:
            parent[find(i)] = find(j)
    comps: dict[int, set[int]] = {}
    for i in range(len(values)):
        comps.setdefault(find(i), set()).add(i)
    return sorted((c for c in comps.values() if len(c) > 1), key=lambda c: (-len(c), min(c)))


def as_sets(groups: list[Group]) -> list[set[int]]:
    return [{m.index for m in g.members} for g in groups]


# A chain A ~ B ~ C where A and C are too far apart: B is 3 bits from each, A–C is 6 bits.
A, B, C = 0b000000, 0b000111, 0b111111


def test_chain_is_one_group_with_middle_as_reference() -> None:
    values = [A, C, B]  # B deliberately not first
    groups, pairs = find_groups(values, k=3, bits=64, names=["a.txt", "c.txt", "b.txt"])
    assert {(i, j) for i, j, _ in pairs} == {(0, 2), (1, 2)}  # A≁C
    assert len(groups) == 1
    (group,) = groups
    assert group.reference == 2  # B: two neighbours
    assert group.members[0] == Member(2, 0)
    assert {m.index: m.distance for m in group.members} == {2: 0, 0: 3, 1: 3}
    assert group.max_distance == 6 > 3  # A–C, larger than k
    assert len(group) == 3


def test_reference_ties_broken_by_shortest_name_then_name() -> None:
    # Three identical values: every member has two neighbours.
    values = [5, 5, 5]
    pairs = pairs_of(3, [(0, 1), (0, 2), (1, 2)], values)
    (group,) = build_groups(values, pairs, names=["long/name.txt", "b.txt", "a.txt"])
    assert group.reference == 2  # "a.txt": as short as "b.txt", sorts first
    (group,) = build_groups(values, pairs, names=["zz", "b.txt", "a.txt"])
    assert group.reference == 0  # shortest wins over alphabetical
    # the degree counts before the name: a star around the long name
    values = [1, 1, 1, 1]
    pairs = pairs_of(4, [(0, 1), (0, 2), (0, 3)], values)
    (group,) = build_groups(values, pairs, names=["very/long/centre.txt", "a", "b", "c"])
    assert group.reference == 0


def test_members_sorted_by_distance_and_distances_exact() -> None:
    values = [0b0, 0b1, 0b11, 0b111, 0b1111]
    groups, _ = find_groups(values, k=1, bits=64, names=["p0", "p1", "p2", "p3", "p4"])
    (group,) = groups
    ref = values[group.reference]
    assert [m.distance for m in group.members] == sorted(m.distance for m in group.members)
    for member in group.members:
        assert member.distance == (values[member.index] ^ ref).bit_count()
    assert group.max_distance == 4
    assert group.members[0].index == group.reference


def test_empty_indices_never_join() -> None:
    values = [0, 0, 0, 0b1, 0xFF00]
    groups, _ = find_groups(values, k=3, bits=64, empty=[0, 1])
    assert as_sets(groups) == [{2, 3}]
    # an empty value that is the only link between two others does not bridge them
    values = [0b000, 0b111, 0b111000000]
    pairs = pairs_of(3, [(0, 1), (0, 2)], values, k=3)
    assert build_groups(values, pairs, empty=[0]) == []
    # everything empty: no groups at all
    groups, _ = find_groups([0, 0, 0], k=3, bits=64, empty=[0, 1, 2])
    assert groups == []


def test_not_duplicates_drop_their_edge_and_can_split() -> None:
    values = [A, B, C]
    groups, _ = find_groups(values, k=3, bits=64)
    assert as_sets(groups) == [{0, 1, 2}]
    # dropping B–C splits C off; the pair may be given in either order
    groups, _ = find_groups(values, k=3, bits=64, not_duplicates=[(2, 1)])
    assert as_sets(groups) == [{0, 1}]
    assert groups[0].max_distance == 3
    # dropping an edge inside a triangle keeps the group together
    values = [7, 7, 7]
    groups, _ = find_groups(values, k=3, bits=64, not_duplicates=[(0, 1)])
    assert as_sets(groups) == [{0, 1, 2}]
    assert groups[0].reference == 2  # the only member with two neighbours left
    # dropping every edge leaves nothing
    groups, _ = find_groups([1, 1], k=3, bits=64, not_duplicates=[(0, 1)])
    assert groups == []


def test_groups_sorted_largest_first_then_reference_name() -> None:
    values = [0x10, 0xF000, 0xF000, 0xF000_0000, 0xF000_0000, 0xF000_0000, 0x11]
    names = ["b2", "z1", "z2", "m1", "m2", "m3", "b1"]
    groups, _ = find_groups(values, k=2, bits=64, names=names)
    assert [len(g) for g in groups] == [3, 2, 2]
    assert as_sets(groups) == [{3, 4, 5}, {0, 6}, {1, 2}]  # equal sizes: reference "b1" before "z1"
    assert [names[g.reference] for g in groups] == ["m1", "b1", "z1"]


def test_no_pairs_no_groups() -> None:
    assert find_groups([0, 0xFF, 0xFF00, 0xFF0000], k=3, bits=64)[0] == []
    assert find_groups([], k=3, bits=64)[0] == []


def test_wide_fingerprints() -> None:
    base = (1 << 200) | (1 << 130) | 12345
    values = [base, base ^ (1 << 199), base ^ (1 << 199) ^ (1 << 3), (1 << 255) | 7]
    groups, _ = find_groups(values, k=1, bits=256)
    (group,) = groups
    assert {m.index for m in group.members} == {0, 1, 2}
    assert group.reference == 1
    assert group.max_distance == 2


@settings(max_examples=60, deadline=None)
@given(
    bits=st.sampled_from([8, 16, 64, 128]),
    k=st.integers(0, 4),
    data=st.data(),
)
def test_groups_match_brute_force(bits: int, k: int, data: st.DataObject) -> None:
    n = data.draw(st.integers(0, 14))
    # few distinct bits so that groups actually form
    base = data.draw(st.integers(0, (1 << bits) - 1))
    flips = st.lists(st.integers(0, min(bits, 10) - 1), max_size=5)
    values = [base ^ sum(1 << b for b in set(data.draw(flips))) for _ in range(n)]
    empty = set(data.draw(st.lists(st.integers(0, max(n - 1, 0)), max_size=2))) if n else set()
    names = [f"f{i:02d}" for i in range(n)]
    groups, _ = find_groups(values, k=k, bits=bits, names=names, empty=empty)
    expected = brute_groups(values, k, empty)
    assert sorted(map(sorted, as_sets(groups))) == sorted(map(sorted, expected))
    assert [len(g) for g in groups] == sorted((len(g) for g in groups), reverse=True)
    for group in groups:
        members = [m.index for m in group.members]
        assert not set(members) & empty
        ref = values[group.reference]
        assert group.members[0] == Member(group.reference, 0)
        for m in group.members:
            assert m.distance == (values[m.index] ^ ref).bit_count()
        assert group.max_distance == max(
            (values[i] ^ values[j]).bit_count() for i, j in itertools.combinations(members, 2)
        )

        # the reference has the most neighbours within the group
        def degree(i: int, members: list[int] = members) -> int:
            return sum(1 for j in members if j != i and (values[i] ^ values[j]).bit_count() <= k)

        assert degree(group.reference) == max(degree(i) for i in members)
