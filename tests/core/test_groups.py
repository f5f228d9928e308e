"""Near-duplicate groups on hand-made graphs, and against brute force."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simcompare.core.search.groups import (
    Group,
    GroupRule,
    Member,
    Pairs,
    _label_ranks,
    build_groups,
    find_groups,
    max_internal_distance,
)
from simcompare.core.search.verify import shingles


def close_pairs(values: list[int], k: int, edges: list[tuple[int, int]] | None = None) -> Pairs:
    """Pairs with their true distances: the given edges, or every pair within k; resemblance 1."""
    if edges is None:
        edges = [
            (i, j) for i, j in itertools.combinations(range(len(values)), 2) if (values[i] ^ values[j]).bit_count() <= k
        ]
    return Pairs.of((a, b, (values[a] ^ values[b]).bit_count(), 1.0) for a, b in edges)


def brute_components(values: list[int], k: int, empty: set[int] = frozenset()) -> list[set[int]]:
    """Connected components (size ≥ 2) of the graph of pairs within k, empty values excluded."""
    parent = list(range(len(values)))

    def find(x: int) -> int:
        while parent[x] != x:
            x = parent[x]
        return x

    for i, j in itertools.combinations(range(len(values)), 2):
        if i not in empty and j not in empty and (values[i] ^ values[j]).bit_count() <= k:
            parent[find(i)] = find(j)
    comps: dict[int, set[int]] = {}
    for i in range(len(values)):
        comps.setdefault(find(i), set()).add(i)
    return [c for c in comps.values() if len(c) > 1]


def as_sets(groups: list[Group]) -> list[set[int]]:
    return [{m.index for m in g.members} for g in groups]


# A chain A ~ B ~ C where A and C are too far apart: B is 3 bits from each, A–C is 6 bits.
A, B, C = 0b000000, 0b000111, 0b111111


def test_chain_of_three_is_one_group_around_the_middle() -> None:
    values = [A, C, B]  # B deliberately not first
    found = find_groups(values, k=3, bits=64, names=["a.txt", "c.txt", "b.txt"])
    assert {(i, j) for i, j, _ in found.pairs} == {(0, 2), (1, 2)}  # A≁C
    groups, pairs = found  # a tuple too
    assert (groups, pairs) == (found.groups, found.pairs)
    (group,) = groups
    assert group.reference == 2  # B: two close files
    assert group.members[0] == Member(2, 0, 1.0)
    assert {(m.index, m.distance) for m in group.members[1:]} == {(0, 3), (1, 3)}
    assert group.max_distance == 6  # A–C: at most 2k inside a reference-centred group


def test_long_chain_is_cut_so_that_every_member_is_close_to_its_reference() -> None:
    # P0 ~ P1 ~ P2 ~ P3 ~ P4, each step 3 bits, no skip within 3: components chain all five
    values = [0, 0b111, 0b111111, 0b111111111, 0b111111111111]
    names = [f"p{i}" for i in range(5)]
    groups, _ = find_groups(values, k=3, bits=64, names=names)
    assert [g.reference for g in groups] == [1, 3]  # most close files, then the shorter/smaller name
    assert as_sets(groups) == [{0, 1, 2}, {3, 4}]
    for group in groups:
        assert all(m.distance <= 3 for m in group.members)
    # the close pair split between the groups is not lost
    p2 = next(m for m in groups[0].members if m.index == 2)
    p3 = next(m for m in groups[1].members if m.index == 3)
    assert p2.also_close == (3,) and p3.also_close == (2,)
    (component,) = find_groups(values, k=3, bits=64, names=names, rule=GroupRule.COMPONENTS).groups
    assert {m.index for m in component.members} == set(range(5))
    assert component.max_distance == 12


def test_star_takes_its_centre_as_reference() -> None:
    centre = 0b1111_0000
    leaves = [centre ^ (0b11 << (2 * i)) for i in range(4)]  # 2 bits from the centre, 4 from each other
    values = [*leaves, centre]
    groups, _ = find_groups(values, k=2, bits=64, names=["a", "b", "c", "d", "very/long/centre"])
    (group,) = groups
    assert group.reference == 4
    assert [m.distance for m in group.members] == [0, 2, 2, 2, 2]


def test_identical_copies_join_their_representative_marked_identical() -> None:
    values = [0xAB, 0xAB, 0xAB, 0xAB ^ 0b1, 0xF0F0F0]
    names = ["deep/folder/copy.txt", "a.txt", "z.txt", "edited.txt", "other.txt"]
    identity = ["x", "x", "x", "y", "z"]
    pairs = close_pairs(values, 3, edges=[(1, 3)])  # only between representatives
    (group,) = build_groups(values, pairs, names=names, identical=identity)
    assert group.reference == 1  # the shortest name of the three copies
    members = {m.index: m for m in group.members}
    assert set(members) == {0, 1, 2, 3}
    assert members[0].identical and members[2].identical and not members[3].identical
    assert members[0].distance == 0 and members[0].verified == 1.0
    assert members[3].distance == 1


def test_identical_copies_alone_make_a_group() -> None:
    values = [5, 5, 99]
    (group,) = build_groups(values, Pairs.empty(), names=["b", "a", "c"], identical=["s", "s", "t"])
    assert group.reference == 1 and [m.identical for m in group.members] == [False, True]


def test_empty_files_never_group() -> None:
    values = [0, 0, 0, 7]
    groups, _ = find_groups(values, k=3, bits=64, empty=[0, 1, 2])
    assert groups == []
    assert build_groups(values, close_pairs(values, 3), empty=[0, 1, 2], identical=[1, 1, 1, 2]) == []


def test_not_duplicates_drop_their_pair_only() -> None:
    values = [0b0, 0b1, 0b11]
    groups, _ = find_groups(values, k=3, bits=64, not_duplicates=[(2, 1)])
    assert as_sets(groups) == [{0, 1, 2}]  # 0 still reaches both
    groups, _ = find_groups(values, k=3, bits=64, not_duplicates=[(0, 1), (0, 2)])
    assert as_sets(groups) == [{1, 2}]
    assert find_groups([1, 1], k=3, bits=64, not_duplicates=[(0, 1)]).groups == []


def test_verification_keeps_close_but_different_texts_apart() -> None:
    same = [
        "the",
        "quick",
        "brown",
        "fox",
        "jumps",
        "over",
        "the",
        "lazy",
        "dog",
        "near",
        "the",
        "river",
        "bank",
        "today",
    ]
    edited = [*same[:-1], "tomorrow"]
    shuffled = list(reversed(same))  # same words, other order: shares no word pair
    sketches = [shingles(same), shingles(edited), shingles(shuffled)]
    values = [0, 1, 3]  # all within 2 bits
    groups, _ = find_groups(values, k=2, bits=64, names=["a", "b", "c"], shingles=sketches)
    (group,) = groups
    assert {m.index for m in group.members} == {0, 1}
    assert group.members[1].verified == pytest.approx(12 / 14)
    # turned off, fingerprints alone decide
    groups, _ = find_groups(values, k=2, bits=64, names=["a", "b", "c"], shingles=sketches, min_resemblance=0)
    assert as_sets(groups) == [{0, 1, 2}]


def test_without_shingles_verified_is_unknown() -> None:
    (group,) = find_groups([0, 1], k=1, bits=64).groups
    assert group.members[1].verified is None


def test_components_measure_members_not_paired_with_their_reference() -> None:
    values = [0, 0b111, 0b111111, 0b111111111]  # a chain: p1 leads, p3 is 6 bits from it
    words = [["a", "b", "c"], ["a", "b", "c", "d"], ["a", "b", "c", "e"], ["a", "b", "x"]]
    sketches = [shingles(w) for w in words]
    groups, _ = find_groups(
        values, k=3, bits=64, names=["p0", "p1", "p2", "p3"], shingles=sketches, min_resemblance=0, rule="components"
    )
    (group,) = groups
    assert group.reference == 1
    far = next(m for m in group.members if m.index == 3)
    assert far.distance == 6
    assert far.verified == pytest.approx(1 / 4)  # {ab, bc, cd} and {ab, bx} share ab


def test_groups_sorted_largest_first_then_reference_name() -> None:
    values = [0x10, 0xF000, 0xF000, 0xF000_0000, 0xF000_0000, 0xF000_0000, 0x11]
    names = ["b2", "z1", "z2", "m1", "m2", "m3", "b1"]
    groups, _ = find_groups(values, k=2, bits=64, names=names)
    assert as_sets(groups) == [{3, 4, 5}, {0, 6}, {1, 2}]
    assert [names[g.reference] for g in groups] == ["m1", "b1", "z1"]


def test_wide_fingerprints() -> None:
    base = (1 << 200) | (1 << 130) | 12345
    values = [base, base ^ (1 << 199), base ^ (1 << 199) ^ (1 << 3), (1 << 255) | 7]
    (group,) = find_groups(values, k=1, bits=256).groups
    assert {m.index for m in group.members} == {0, 1, 2}
    assert group.reference == 1
    assert group.max_distance == 2
    assert max_internal_distance(values, [0, 3]) == (values[0] ^ values[3]).bit_count()


def test_pairs_check_their_lengths() -> None:
    with pytest.raises(ValueError, match="equally long"):
        Pairs(Pairs.empty().left, Pairs.of([(0, 1, 0, 1.0)]).right, Pairs.empty().distance, Pairs.empty().resemblance)


@settings(max_examples=80, deadline=None)
@given(bits=st.sampled_from([8, 16, 64, 128]), k=st.integers(0, 4), data=st.data())
def test_reference_groups_hold_their_promises(bits: int, k: int, data: st.DataObject) -> None:
    n = data.draw(st.integers(0, 14))
    base = data.draw(st.integers(0, (1 << bits) - 1))
    flips = st.lists(st.integers(0, min(bits, 10) - 1), max_size=5)
    values = [base ^ sum(1 << b for b in set(data.draw(flips))) for _ in range(n)]
    empty = set(data.draw(st.lists(st.integers(0, max(n - 1, 0)), max_size=2))) if n else set()
    names = [f"f{i:02d}" for i in range(n)]
    groups, _ = find_groups(values, k=k, bits=bits, names=names, empty=empty)
    seen: dict[int, int] = {}
    for number, group in enumerate(groups):
        assert len(group) >= 2 and group.members[0].index == group.reference
        for m in group.members:
            assert m.index not in empty and m.index not in seen  # a file in one group at most
            seen[m.index] = number
            assert m.distance == (values[m.index] ^ values[group.reference]).bit_count() <= k
        members = [m.index for m in group.members]
        assert group.max_distance == max(
            (values[i] ^ values[j]).bit_count() for i, j in itertools.combinations(members, 2)
        )
        assert group.max_distance <= 2 * k
    also = {m.index: set(m.also_close) for g in groups for m in g.members}
    for i, j in itertools.combinations(range(n), 2):
        if i in empty or j in empty or (values[i] ^ values[j]).bit_count() > k:
            continue
        # every close pair: one group, or listed as also close by a grouped one of them
        assert seen.get(i, -1) == seen.get(j, -2) or j in also.get(i, set()) or i in also.get(j, set())
    # the result does not depend on the input order
    order = list(range(n))
    random.Random(n).shuffle(order)
    shuffled, _ = find_groups(
        [values[i] for i in order],
        k=k,
        bits=bits,
        names=[names[i] for i in order],
        empty={order.index(e) for e in empty},
    )
    assert [[names[order[m.index]] for m in g.members] for g in shuffled] == [
        [names[m.index] for m in g.members] for g in groups
    ]
    # components are exactly the brute-force ones
    components, _ = find_groups(values, k=k, bits=bits, names=names, empty=empty, rule=GroupRule.COMPONENTS)
    assert sorted(map(sorted, as_sets(components))) == sorted(map(sorted, brute_components(values, k, empty)))


def test_a_file_left_alone_joins_a_close_files_group_when_it_resembles_its_reference() -> None:
    # L leads Y and Z; X's only listed pair is with Y (a value shared by many texts is paired through one)
    values = [0b0, 0b1, 0b10, 0b11]  # L, Y, Z, X: X is 2 bits from L
    names = ["l", "y", "z", "x"]
    pairs = close_pairs(values, 2, edges=[(0, 1), (0, 2), (1, 3)])

    def resemble(a: int, b: int) -> float:
        return 0.9

    alone = build_groups(values, pairs, names=names)
    assert as_sets(alone) == [{0, 1, 2}]
    (group,) = build_groups(values, pairs, names=names, resemble=resemble, k=2)
    assert {m.index for m in group.members} == {0, 1, 2, 3}
    x = next(m for m in group.members if m.index == 3)
    assert x.distance == 2 and x.verified == 0.9
    # not within k of the reference, or not resembling it: left alone
    assert as_sets(build_groups(values, pairs, names=names, resemble=resemble, k=1)) == [{0, 1, 2}]
    assert as_sets(build_groups(values, pairs, names=names, resemble=lambda a, b: 0.1, k=2)) == [{0, 1, 2}]


def test_many_texts_sharing_one_fingerprint_still_group_together() -> None:
    from simcompare.core.fingerprint.simhash import Config
    from simcompare.core.folder.scan import FileRecord, ScanOptions, ScanResult
    from simcompare.core.folder.session import SHARED_VALUE_LIMIT, FolderSession
    from simcompare.core.search.verify import sketch_to_bytes

    words = [f"w{i}" for i in range(200)]
    files = []
    for i in range(SHARED_VALUE_LIMIT * 3):
        text = list(words)
        text[i % 200] = f"edit{i}"
        files.append(
            FileRecord(f"f{i:03d}", 10, 0, 7 if i % 2 else 6, False, "utf-8", f"d{i}", sketch_to_bytes(shingles(text)))
        )
    session = FolderSession(ScanResult("/x", Config(), ScanOptions(), tuple(files), ()))
    (group,) = session.groups(2)
    assert len(group) == len(files)
    assert all(m.verified is not None and m.verified >= 0.45 for m in group.members)


def _rows(pairs: Pairs) -> list[tuple[int, int, int, float]]:
    return list(
        zip(pairs.left.tolist(), pairs.right.tolist(), pairs.distance.tolist(), pairs.resemblance.tolist(), strict=True)
    )


def _resembling(table: dict[tuple[int, int], float]) -> tuple[Pairs, Callable[[int, int], float]]:
    """Pairs with the given resemblances (distance 1 each), and the same figures as a ``resemble`` function."""
    pairs = Pairs.of((a, b, 1, r) for (a, b), r in table.items())

    def resemble(a: int, b: int) -> float:
        return table.get((a, b), table.get((b, a), 0.0))

    return pairs, resemble


def test_a_close_pair_split_across_two_groups_is_put_together() -> None:
    # R leads A, C, D, E, F (each 0.5 alike); B leads R2. A resembles B by 0.95: it moves to B's group, whose
    # reference it resembles more than its own (it is within k of B and verified)
    R, A, C, D, E, F, B, R2 = range(8)
    names = ["r", "a", "c", "d", "e", "f", "b", "r2"]
    table = {(R, x): 0.5 for x in (A, C, D, E, F)} | {(B, R2): 0.9, (A, B): 0.95}
    pairs, resemble = _resembling(table)
    values = [0, 1, 2, 4, 8, 16, 3, 7]  # all within 3 bits of each other
    leaders_only = build_groups(values, pairs, names=names)
    assert as_sets(leaders_only) == [{R, A, C, D, E, F}, {B, R2}]  # what the leaders alone do: A and B split
    groups = build_groups(values, pairs, names=names, resemble=resemble, k=3)
    assert as_sets(groups) == [{R, C, D, E, F}, {B, R2, A}]
    moved = next(m for m in groups[1].members if m.index == A)
    assert groups[1].reference == B and moved.verified == 0.95 and moved.distance == 1


def test_a_file_left_alone_because_its_partner_is_a_member_elsewhere_gets_a_group() -> None:
    # R leads A, C, D (0.5 alike); X resembles A by 0.95 but is 4 bits from R (k = 3): it cannot join R's group,
    # so A, which resembles X far more than R, leaves R's group for X's
    R, A, C, D, X = range(5)
    names = ["r", "a", "c", "d", "x"]
    pairs, resemble = _resembling({(R, A): 0.5, (R, C): 0.5, (R, D): 0.5, (A, X): 0.95})
    values = [0b0, 0b1, 0b10, 0b100, 0b111001]
    assert as_sets(build_groups(values, pairs, names=names)) == [{R, A, C, D}]  # before: X alone
    groups = build_groups(values, pairs, names=names, resemble=resemble, k=3)
    assert as_sets(groups) == [{R, C, D}, {X, A}]
    assert groups[1].reference == X and groups[1].members[1].verified == 0.95
    # a partner that resembles its own reference more stays: X is left alone, A lists it as also close
    pairs, resemble = _resembling({(R, A): 0.97, (R, C): 0.5, (R, D): 0.5, (A, X): 0.95})
    (group,) = build_groups(values, pairs, names=names, resemble=resemble, k=3)
    assert set(group.indices) == {R, A, C, D}
    assert next(m for m in group.members if m.index == A).also_close == (X,)


@settings(max_examples=80, deadline=None)
@given(data=st.data())
def test_close_pairs_stay_together_whenever_the_groups_allow_it(data: st.DataObject) -> None:
    n = data.draw(st.integers(2, 12))
    k = data.draw(st.integers(1, 4))
    values = [sum(1 << b for b in set(data.draw(st.lists(st.integers(0, 7), max_size=4)))) for _ in range(n)]
    names = [f"f{i:02d}" for i in range(n)]
    levels = st.sampled_from([0.2, 0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95])
    alike = {(i, j): data.draw(levels) for i, j in itertools.combinations(range(n), 2)}

    def resemble(a: int, b: int) -> float:
        return alike[min(a, b), max(a, b)]

    def fit(a: int, reference: int) -> float | None:
        close = (values[a] ^ values[reference]).bit_count() <= k and resemble(a, reference) >= 0.45
        return resemble(a, reference) if close else None

    rows = [(i, j, (values[i] ^ values[j]).bit_count(), r) for (i, j), r in alike.items()]
    pairs = Pairs.of(row for row in rows if row[2] <= k and row[3] >= 0.45)
    groups = build_groups(values, pairs, names=names, resemble=resemble, k=k)
    group_of = {m.index: number for number, g in enumerate(groups) for m in g.members}
    reference = {m.index: g.reference for g in groups for m in g.members}
    leads = {g.reference for g in groups}
    for g in groups:  # every member within k of its reference and verified
        for m in g.members[1:]:
            assert fit(m.index, g.reference) == m.verified
    for a, b, _, r in _rows(pairs):
        if group_of.get(a, -1 - a) == group_of.get(b, -1 - b):
            continue
        # split: neither file could move to the other's group resembling its reference more than its own
        for node, partner in ((a, b), (b, a)):
            if node in leads:
                continue
            there = reference.get(partner, partner)
            held = fit(node, reference[node]) or 0.0 if node in reference else 0.0
            offered = fit(node, there)
            assert offered is None or offered <= held, (a, b, r)
    # the result does not depend on the input order
    order = list(range(n))
    random.Random(n).shuffle(order)
    where = {old: new for new, old in enumerate(order)}
    shuffled = build_groups(
        [values[i] for i in order],
        Pairs.of((where[a], where[b], d, r) for a, b, d, r in _rows(pairs)),
        names=[names[i] for i in order],
        resemble=lambda a, b: resemble(order[a], order[b]),
        k=k,
    )
    assert [[names[order[m.index]] for m in g.members] for g in shuffled] == [
        [names[m.index] for m in g.members] for g in groups
    ]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(alphabet=st.sampled_from(["a", "b", "é", "\udc80", "中", "\x00", "/", "😀"]), max_size=5)))
def test_label_ranks_order_the_files_as_their_labels_do(names: list[str]) -> None:
    """The large sorts of the grouping order files by these numbers: the shorter name first, then the smaller by
    code point (lone surrogates and NUL included); equal names, equal numbers."""
    ranks = _label_ranks(names, len(names)).tolist()
    labels = [(len(name), name) for name in names]
    for a in range(len(names)):
        for b in range(len(names)):
            assert (ranks[a] < ranks[b]) == (labels[a] < labels[b])
    assert sorted(set(ranks)) == list(range(len(set(names))))
    assert _label_ranks(None, 3).tolist() == [0, 0, 0]
    among = np.arange(0, len(names), 2, dtype=np.intp)  # some files only: ordered among themselves, the others 0
    some = _label_ranks(names, len(names), among).tolist()
    assert all(some[i] == 0 for i in range(1, len(names), 2))
    for a in among.tolist():
        for b in among.tolist():
            assert (some[a] < some[b]) == (labels[a] < labels[b])
    assert _label_ranks(names, len(names), among[:0]).tolist() == [0] * len(names)
