"""Near-duplicate groups you can act on: reference-centred, verified, deterministic (DESIGN.md §3).

Closeness is not transitive: A~B and B~C does not make A~C, so the connected components of the pairs
within k chain unrelated files together. The default groups are therefore **reference-centred**
(leader clustering): files are taken in order of priority — the file resembling the most others first
(each close file counted by its resemblance), then the shorter path, then the path — and each file not
yet grouped becomes the reference of a new group that takes every ungrouped file close to it. So every
member is within k of its reference (two members are at most 2k apart), a file is in one group at most,
and the same input always gives the same groups.

Leaders alone split close pairs: a file taken by an early leader may resemble another group's file (or a
file left alone) far more than its own reference. So, with the resemblance at hand, the pairs are then
taken strongest first and a file that leads no others moves to its partner's group when it may join that
group's reference (within k and verified) and resembles it more than its own reference; a file alone takes
a partner that resembles it more than the partner's reference. Close pairs still split (the promise
allows no move) are kept: each member lists its other close files (``also_close``).

Identical texts are one node: the pairs are found and verified between one representative of each, and
the copies join their representative's group marked ``identical``. Empty documents never join a group.

Connected components stay available (``GroupRule.COMPONENTS``) for pipelines that want clusters.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from simcompare.core.compat import StrEnum
from simcompare.core.fingerprint.bitwise import to_words
from simcompare.core.search.index import NearPairs, find_near_pairs
from simcompare.core.search.verify import DEFAULT_MIN_RESEMBLANCE, SHINGLES, SIMHASH, Sketch, resemblance

__all__ = [
    "ALSO_CLOSE_LIMIT",
    "Group",
    "GroupRule",
    "Laid",
    "Member",
    "Pairs",
    "build_groups",
    "find_groups",
    "max_internal_distance",
    "max_internal_distances",
    "max_internal_distances_in_runs",
    "with_reference",
]

ALSO_CLOSE_LIMIT = 20
"""Most other close files listed per member (nearest first)."""

# Above this many distinct values, the largest internal distance is found block by block to bound memory.
_BLOCK = 1024


class GroupRule(StrEnum):
    """How pairs become groups."""

    REFERENCE = "reference"
    COMPONENTS = "components"


@dataclass(frozen=True, slots=True)
class Member:
    """A group member.

    Attributes:
        index: Its index among the files (fingerprints).
        distance: Hamming distance to the group's reference.
        verified: Resemblance to the reference (shingle Jaccard, 0 to 1); None where it was not measured.
        identical: Its cleaned text equals the reference's.
        also_close: Other files within k and verified that are not in this group (nearest first, at most
            ``ALSO_CLOSE_LIMIT``).
        evidence: What put it in the group: ``"simhash"`` (within k of its reference and verified; the
            reference and identical copies too) or ``"shingles"`` (farther than k, resembling its reference by
            the strong threshold).
    """

    index: int
    distance: int
    verified: float | None = None
    identical: bool = False
    also_close: tuple[int, ...] = ()
    evidence: str = SIMHASH


@dataclass(frozen=True, slots=True)
class Group:
    """A near-duplicate group. ``members[0]`` is the reference (distance 0)."""

    reference: int
    members: tuple[Member, ...]
    max_distance: int

    def __len__(self) -> int:
        return len(self.members)

    @property
    def indices(self) -> tuple[int, ...]:
        """The members' file indices, reference first."""
        return tuple([m.index for m in self.members])  # a list first: a fifth faster than from a generator


@dataclass(frozen=True, slots=True)
class Laid:
    """A group as saved results lay it out, not yet believed: its files (indices, the reference first) and each
    one's also-close files. ``FolderSession.laid_out`` decides every member again before it is shown."""

    files: tuple[int, ...]
    also_close: tuple[tuple[int, ...], ...]


IntArray = npt.NDArray[np.intp]


@dataclass(frozen=True, slots=True)
class Pairs:
    """Close pairs between files (``left < right``), with their distance and resemblance."""

    left: IntArray
    right: IntArray
    distance: IntArray
    resemblance: npt.NDArray[np.float64]

    def __post_init__(self) -> None:
        sizes = {len(self.left), len(self.right), len(self.distance), len(self.resemblance)}
        if len(sizes) != 1:
            raise ValueError(f"the pair arrays must be equally long, got lengths {sorted(sizes)}")

    def __len__(self) -> int:
        return len(self.left)

    @classmethod
    def empty(cls) -> Pairs:
        none = np.zeros(0, dtype=np.intp)
        return cls(none, none.copy(), none.copy(), np.zeros(0, dtype=np.float64))

    @classmethod
    def of(cls, rows: Iterable[tuple[int, int, int, float]]) -> Pairs:
        """From ``(i, j, distance, resemblance)`` rows (either order of i and j)."""
        listed = [(min(i, j), max(i, j), d, r) for i, j, d, r in rows]
        if not listed:
            return cls.empty()
        left, right, distance, similar = zip(*listed, strict=True)
        return cls(
            np.array(left, dtype=np.intp),
            np.array(right, dtype=np.intp),
            np.array(distance, dtype=np.intp),
            np.array(similar, dtype=np.float64),
        )

    def select(self, keep: npt.NDArray[np.bool_]) -> Pairs:
        """The pairs where ``keep`` is true."""
        return Pairs(self.left[keep], self.right[keep], self.distance[keep], self.resemblance[keep])


def max_internal_distance(values: Sequence[int], members: Sequence[int]) -> int:
    """Largest Hamming distance between any two members (exact; over their distinct values only)."""
    distinct = sorted({int(values[i]) for i in members})
    if len(distinct) < 2:
        return 0
    table = to_words(distinct, max(1, max(distinct).bit_length()))
    best = 0
    for start in range(0, len(distinct), _BLOCK):
        block = table[start : start + _BLOCK]
        distance = np.bitwise_count(block[:, None, :] ^ table[None, :, :]).sum(axis=2)
        best = max(best, int(distance.max()))
    return best


_SMALL_GROUP = 32  # groups of up to this many values are measured together, a table of each size at once
_PAIRS_AT_ONCE = 1 << 20  # pairs of values measured at once: bounds the temporaries to some 10 MB


def max_internal_distances(
    values: Sequence[int] | npt.NDArray[np.uint64], groups: Sequence[Sequence[int]]
) -> list[int]:
    """:func:`max_internal_distance` of each group of members (:func:`max_internal_distances_in_runs`)."""
    sizes = np.fromiter(map(len, groups), dtype=np.intp, count=len(groups))
    members = np.fromiter(chain.from_iterable(groups), dtype=np.intp, count=int(sizes.sum()))
    return max_internal_distances_in_runs(values, members, sizes)


def max_internal_distances_in_runs(
    values: Sequence[int] | npt.NDArray[np.uint64], members: npt.NDArray[np.intp], sizes: npt.NDArray[np.intp]
) -> list[int]:
    """:func:`max_internal_distance` of each group of members, the groups' members one after the other in
    ``members`` (``sizes[g]`` of them for group g). With ``values`` as one array of 64-bit words, every pair of each
    of the many small groups at once, the groups of one size together; the same numbers. No Python object a member
    or a group (a million files' groups as lists: 50 MB at the window's peak)."""
    stops = np.cumsum(sizes)
    starts = stops - sizes
    found = np.zeros(len(sizes), dtype=np.intp)
    words = isinstance(values, np.ndarray) and values.dtype == np.uint64
    several = np.flatnonzero(sizes > 1)
    by_size = several[np.argsort(sizes[several], kind="stable")]
    bounds = np.flatnonzero(np.diff(sizes[by_size])) + 1
    for positions in np.split(by_size, bounds) if len(by_size) else ():
        size = int(sizes[positions[0]])
        if words and size <= _SMALL_GROUP:
            table = np.asarray(values)[members[starts[positions, None] + np.arange(size)]]
            found[positions] = _farthest_in_rows(table)
        else:
            for position in positions.tolist():
                chosen = members[starts[position] : stops[position]].tolist()
                found[position] = max_internal_distance(values, chosen)  # type: ignore[arg-type]
    return found.tolist()


def _farthest_in_rows(table: npt.NDArray[np.uint64]) -> npt.NDArray[np.intp]:
    """The largest Hamming distance between two values of each row of ``table``."""
    first, second = np.triu_indices(table.shape[1], 1)
    rows = max(1, _PAIRS_AT_ONCE // len(first))
    return np.concatenate(
        [
            np.bitwise_count(chunk[:, first] ^ chunk[:, second]).max(axis=1).astype(np.intp)
            for chunk in (table[start : start + rows] for start in range(0, len(table), rows))
        ]
        or [np.zeros(0, dtype=np.intp)]
    )


def _label_ranks(
    names: Sequence[str] | None, count: int, among: npt.NDArray[np.intp] | None = None
) -> npt.NDArray[np.intp]:
    """For each of ``count`` files (of those ``among`` only, when given: the others get 0), a number that orders
    them as their labels do (the shorter name first, then the smaller by code point; equal names, equal numbers);
    with no names, 0 for all. Found in numpy, one length at a time: within one length in code points, names
    encoded in UTF-8 (lone surrogates passed through) sort as their code points do, and a length's names take no
    more room than they hold (a million paths' labels sorted in Python held the interpreter's lock for a second)."""
    ranks = np.zeros(count, dtype=np.intp)
    if names is None or count == 0:
        return ranks
    chosen = np.arange(count, dtype=np.intp) if among is None else among
    if not len(chosen):
        return ranks
    lengths = np.fromiter((len(names[i]) for i in chosen.tolist()), dtype=np.intp, count=len(chosen))
    by_length = chosen[np.argsort(lengths, kind="stable")]
    starts = np.flatnonzero(np.diff(np.sort(lengths, kind="stable"), prepend=-1))
    first = 0
    for start, stop in zip(starts.tolist(), [*starts[1:].tolist(), len(chosen)], strict=True):
        files = by_length[start:stop]
        encoded = np.array([names[i].encode("utf-8", "surrogatepass") for i in files.tolist()], dtype=np.bytes_)
        order = np.argsort(encoded, kind="stable")
        ordered = encoded[order]
        new = np.ones(len(files), dtype=np.intp)
        new[1:] = ordered[1:] != ordered[:-1]
        ranks[files[order]] = first + np.cumsum(new) - 1
        first += int(new.sum())
    return ranks


class _Graph:
    """The verified pairs between representatives, as adjacency lists sorted nearest first."""

    def __init__(self, pairs: Pairs, label: Callable[[int], tuple[int, str]]) -> None:
        self.edges: dict[int, list[tuple[int, int, float]]] = {}
        for a, b, d, r in zip(
            pairs.left.tolist(), pairs.right.tolist(), pairs.distance.tolist(), pairs.resemblance.tolist(), strict=True
        ):
            self.edges.setdefault(a, []).append((b, d, r))
            self.edges.setdefault(b, []).append((a, d, r))
        for neighbours in self.edges.values():
            neighbours.sort(key=lambda e: (e[1], label(e[0]), e[0]))

    def neighbours(self, node: int) -> list[tuple[int, int, float]]:
        return self.edges.get(node, [])


class _Copies:
    """Each representative's files in the groups' reach (itself and its identical copies not left out), held only
    for the texts that two or more files have: most of a folder's files have no copy (a list for each of a
    million files took about 150 MB)."""

    def __init__(self, rep: Sequence[int], excluded: Collection[int]) -> None:
        self._many: dict[int, list[int]] = {}
        for i, representative in enumerate(rep):
            if representative != i and i not in excluded:  # a copy (its representative is in: see _classes)
                self._many.setdefault(representative, [representative]).append(i)
        for files in self._many.values():
            files.sort()

    def of(self, node: int) -> list[int]:
        """The files of the representative ``node``, by index."""
        return self._many.get(node) or [node]

    def count(self, node: int) -> int:
        files = self._many.get(node)
        return 1 if files is None else len(files)

    def shared(self) -> Iterable[int]:
        """The representatives of two or more files."""
        return self._many.keys()


def _classes(
    n: int, identical: Sequence[object] | None, label: Callable[[int], tuple[int, str]], excluded: Collection[int]
) -> list[int]:
    """Each file's representative: the first by label among the files with its identity that are not excluded
    (an excluded file whose text no other file has stands for itself)."""
    if identical is None:
        return list(range(n))
    best: dict[object, int] = {}
    for i in range(n):
        if i in excluded:
            continue
        key = identical[i]
        held = best.get(key)
        if held is None or (label(i), i) < (label(held), held):
            best[key] = i
    return [best.get(identical[i], i) for i in range(n)]


def build_groups(
    values: Sequence[int],
    pairs: Pairs,
    *,
    names: Sequence[str] | None = None,
    empty: Collection[int] = (),
    identical: Sequence[object] | None = None,
    not_duplicates: Iterable[tuple[int, int]] = (),
    rule: GroupRule | str = GroupRule.REFERENCE,
    resemble: Callable[[int, int], float] | None = None,
    k: int | None = None,
    min_resemblance: float = DEFAULT_MIN_RESEMBLANCE,
    strong_resemblance: float | None = None,
    needed: Callable[[int, int | None], float] | None = None,
    sizes: Sequence[int] | None = None,
    boilerplate: Callable[[int, int, float], bool] | None = None,
) -> list[Group]:
    """Groups from the close (and already verified) pairs.

    Args:
        values: The fingerprints, one per file.
        pairs: Close pairs. With ``identical`` given, pairs need only join representatives (the first file
            of each identity by the order below); pairs naming other copies are moved to their representative.
        names: Paths: the tie-breaks prefer the shorter path, then the smaller one; None uses the index.
        empty: Files with no features (or left out of the results): they never join a group; a pair naming
            one still joins its identical copies.
        identical: An identity per file (e.g. a hash of its cleaned text); equal identities are identical texts.
        not_duplicates: Pairs the user said are not duplicates: their edge is dropped (identical copies stay).
        rule: REFERENCE (every member close to its reference) or COMPONENTS (connected components).
        resemble: Measures a file's resemblance to a reference it has no pair with (COMPONENTS members;
            with ``k``, files left alone by the leaders get a second chance to join a neighbour's group).
        k: With ``resemble``: a file left without a group joins the group of one of its close files when it is
            within ``k`` of that group's reference and resembles it by ``min_resemblance`` — so a file whose
            only close files were taken by other leaders is not left out; and close pairs split by the
            leaders are put together where that promise allows (see the module's notes).
        min_resemblance: The verification threshold for those moves.
        strong_resemblance: With ``k``: pairs farther than k that resemble by this much are near-duplicates on
            the shingles' evidence (``pairs`` may hold them); a member may join a reference on either evidence,
            and says which (``Member.evidence``). None: within k only.
        needed: With ``k``: the resemblance a file within k needs at a distance, between texts the smaller of
            which has so many distinct shingles (``Decision.needed``); None: ``min_resemblance`` at every distance.
        sizes: With ``needed``: each file's number of distinct shingles; None: not known.
        boilerplate: With ``k``: ``boilerplate(node, reference, resemblance)`` is True when the two share little
            but their folder's boilerplate (``Decision.only_boilerplate``): the node may not join; None: never.

    Returns:
        Groups of two or more files, largest first, then by their reference's name.
    """
    rule = GroupRule(rule)
    n = len(values)
    excluded = set(empty)

    def label(i: int) -> tuple[int, str]:
        name = names[i] if names is not None else ""
        return (len(name), name)

    rep = _classes(n, identical, label, excluded)
    copies = _Copies(rep, excluded)
    refused = {(min(rep[a], rep[b]), max(rep[a], rep[b])) for a, b in not_duplicates if rep[a] != rep[b]}
    rows = []
    seen: set[tuple[int, int]] = set()
    for a, b, d, r in zip(
        pairs.left.tolist(), pairs.right.tolist(), pairs.distance.tolist(), pairs.resemblance.tolist(), strict=True
    ):
        ra, rb = rep[a], rep[b]
        key = (min(ra, rb), max(ra, rb))
        # a pair naming a file left out stands for its identical copies still in, through their representative
        if ra == rb or ra in excluded or rb in excluded or key in refused or key in seen:
            continue
        seen.add(key)
        rows.append((ra, rb, d, r))
    graph = _Graph(Pairs.of(rows), label)

    # Priority: the file that most resembles the most others (each close file counts by its resemblance, an
    # identical copy fully), then the shorter path, then the path. A central file makes the best reference.
    def closeness(node: int) -> float:
        weight = copies.count(node) - 1.0
        for other, _, similar in graph.neighbours(node):
            weight += copies.count(other) * (1.0 if math.isnan(similar) else similar)
        return round(weight, 9)  # rounded so that float noise never decides the order

    # Only files with a copy or a close file can be in a group; sorting just those keeps the sort short (a
    # long sort of tuples holds the interpreter lock and would stall a window waiting on this thread).
    active = np.array(sorted({*copies.shared(), *graph.edges}), dtype=np.intp)
    ranks = _label_ranks(names, n, active)  # label's order as numbers: the large sorts below in numpy, by these
    nearness = np.fromiter(map(closeness, active.tolist()), dtype=np.float64, count=len(active))
    # by (-closeness, label, node) in numpy: sorted in Python, half a million files' keys held the interpreter's
    # lock, and so a window waiting on this thread, for half a second
    order = active[np.lexsort((active, ranks[active], -nearness))].tolist()
    if rule is GroupRule.REFERENCE:
        clusters = _leaders(order, graph)
        if resemble is not None and k is not None:

            def accepted(node: int, reference: int) -> float | None:
                """The resemblance when the node may join the reference on either evidence, else None."""
                assert resemble is not None and k is not None
                if (min(node, reference), max(node, reference)) in refused:
                    return None  # the user said these two are not duplicates
                distance = (int(values[node]) ^ int(values[reference])).bit_count()
                if distance > k and strong_resemblance is None:
                    return None
                similar = resemble(node, reference)
                if boilerplate is not None and boilerplate(node, reference, similar):
                    return None
                fewest = None if sizes is None else int(min(sizes[node], sizes[reference]))
                if distance <= k and similar >= (needed(distance, fewest) if needed is not None else min_resemblance):
                    return similar
                if strong_resemblance is not None and similar >= max(strong_resemblance, min_resemblance):
                    return similar
                return None

            def joins(node: int, reference: int) -> bool:
                return accepted(node, reference) is not None

            clusters = _second_chance(clusters, graph, joins)
            known: dict[tuple[int, int], float | None] = {}

            def fit(node: int, reference: int) -> float | None:
                """The node's resemblance to a reference it may join (None: farther than k or below the threshold)."""
                if (node, reference) not in known:
                    known[node, reference] = accepted(node, reference)
                return known[node, reference]

            clusters = _keep_close_together(clusters, graph, fit, ranks)
    else:
        clusters = _components(order, graph)
    group_of = {node: number for number, (_, nodes) in enumerate(clusters) for node in nodes}

    groups = []
    for number, (reference, nodes) in enumerate(clusters):
        to_reference = {other: (d, None if math.isnan(r) else r) for other, d, r in graph.neighbours(reference)}
        members = []
        for node in nodes:
            for file in copies.of(node):
                if file == reference:
                    continue
                same = node == reference
                distance, verified = (0, 1.0) if same else to_reference.get(node, (None, None))
                if distance is None:  # components: a member without a pair to its reference
                    distance = (int(values[file]) ^ int(values[reference])).bit_count()
                    verified = resemble(file, reference) if resemble else None
                beyond = rule is GroupRule.REFERENCE and k is not None and distance > k and not same
                members.append(Member(file, distance, verified, same, (), SHINGLES if beyond else SIMHASH))
        if not members:
            continue
        members.sort(key=lambda m: (m.distance, not m.identical, label(m.index), m.index))
        all_members = [Member(reference, 0, 1.0, False), *members]
        all_members = [_with_also_close(m, rep[m.index], graph, group_of, number) for m in all_members]
        groups.append(
            Group(reference, tuple(all_members), max_internal_distance(values, [m.index for m in all_members]))
        )
    references = np.fromiter((g.reference for g in groups), dtype=np.intp, count=len(groups))
    held = np.fromiter((len(g.members) for g in groups), dtype=np.intp, count=len(groups))
    # by (-size, label of the reference, reference), in numpy as above
    return [groups[i] for i in np.lexsort((references, ranks[references], -held)).tolist()]


def _with_also_close(member: Member, node: int, graph: _Graph, group_of: dict[int, int], number: int) -> Member:
    others = tuple(other for other, _, _ in graph.neighbours(node) if group_of.get(other) != number)
    if not others:
        return member
    return Member(
        member.index, member.distance, member.verified, member.identical, others[:ALSO_CLOSE_LIMIT], member.evidence
    )


def _leaders(order: list[int], graph: _Graph) -> list[tuple[int, list[int]]]:
    """Leader clustering: each node not yet taken leads a group of the untaken nodes close to it."""
    taken: set[int] = set()
    clusters = []
    for node in order:
        if node in taken:
            continue
        taken.add(node)
        followers = [other for other, _, _ in graph.neighbours(node) if other not in taken]
        taken.update(followers)
        clusters.append((node, [node, *followers]))
    return clusters


_SECOND_CHANCE_TRIES = 8  # neighbours' groups tried per file left alone, nearest first


def _second_chance(
    clusters: list[tuple[int, list[int]]], graph: _Graph, joins: Callable[[int, int], bool]
) -> list[tuple[int, list[int]]]:
    """Files that lead no one and were taken by no one try the groups of their close files."""
    group_of = {node: number for number, (_, nodes) in enumerate(clusters) if len(nodes) > 1 for node in nodes}
    alone: list[tuple[int, list[int]]] = []
    for reference, nodes in clusters:
        if len(nodes) > 1:
            continue
        tried: list[int] = []
        for other, _, _ in graph.neighbours(reference):
            number = group_of.get(other)
            if number is None or number in tried or len(tried) >= _SECOND_CHANCE_TRIES:
                continue
            tried.append(number)
            if joins(reference, clusters[number][0]):
                clusters[number][1].append(reference)
                break
        else:
            alone.append((reference, nodes))
    return [cluster for cluster in clusters if len(cluster[1]) > 1] + alone


def _keep_close_together(
    clusters: list[tuple[int, list[int]]],
    graph: _Graph,
    fit: Callable[[int, int], float | None],
    ranks: npt.NDArray[np.intp],
) -> list[tuple[int, list[int]]]:
    """Close pairs split by the leaders are put together where the groups' promise allows it.

    The pairs are taken strongest first (resemblance, then distance, then names). For a pair whose files are
    in different groups (or one is alone), either file may move to the other's group when it leads no
    others, may join that group's reference (within k and verified: ``fit``) and resembles that reference
    more than its own (a file alone resembles none). So a member sits with the reference it resembles most
    among its close files' groups, and a file alone whose partner is a member elsewhere joins that group,
    or takes the partner when the partner resembles it more than its reference. Each move raises a member's
    resemblance to its reference and lowers no other's (a reference of others never moves), so the
    passes over the pairs end; on real folders one or two suffice.
    """
    reference = [ref for ref, _ in clusters]
    members = [set(nodes) for _, nodes in clusters]
    group_of = {node: number for number, nodes in enumerate(members) for node in nodes}
    rank = ranks.tolist()  # numbers that order the files as their labels do (equal labels, equal numbers)
    listed = [(a, b, d, r) for a, neighbours in graph.edges.items() for b, d, r in neighbours if rank[a] < rank[b]]
    ends = np.array([(a, b, d) for a, b, d, _ in listed], dtype=np.intp).reshape(-1, 3)
    strength = np.fromiter((0.0 if math.isnan(e[3]) else round(e[3], 9) for e in listed), np.float64, len(listed))
    # by (-resemblance, distance, label(a), label(b)), stable, in numpy (sorted in Python: up to a second with the
    # interpreter's lock held at a million files)
    edges = [listed[i] for i in np.lexsort((ranks[ends[:, 1]], ranks[ends[:, 0]], ends[:, 2], -strength)).tolist()]

    def held(node: int) -> float:
        ref = reference[group_of[node]]
        return 0.0 if ref == node else fit(node, ref) or 0.0

    moved = True
    while moved:
        moved = False
        for a, b, _, _ in edges:
            if group_of[a] == group_of[b]:
                continue
            best: tuple[float, int, int] | None = None
            for node, partner in ((a, b), (b, a)):
                here, there = group_of[node], group_of[partner]
                if reference[here] == node and len(members[here]) > 1:
                    continue  # a reference of others stays: its members were chosen for their closeness to it
                offered = fit(node, reference[there])
                if offered is None:
                    continue
                gain = round(offered - held(node), 9)
                if gain > 0 and (best is None or gain > best[0]):
                    best = (gain, node, there)
            if best is None:
                continue
            _, node, there = best
            members[group_of[node]].discard(node)
            members[there].add(node)
            group_of[node] = there
            moved = True
    ordered = []
    for ref, nodes in zip(reference, members, strict=True):
        if ref not in nodes:  # a file alone that joined another group
            continue
        ordered.append((ref, [ref, *sorted(nodes - {ref}, key=lambda n: (rank[n], n))]))
    return [cluster for cluster in ordered if len(cluster[1]) > 1] + [c for c in ordered if len(c[1]) == 1]


def _components(order: list[int], graph: _Graph) -> list[tuple[int, list[int]]]:
    """Connected components; each names its member of highest priority as the reference."""
    taken: set[int] = set()
    clusters = []
    for node in order:
        if node in taken:
            continue
        taken.add(node)
        component, frontier = [node], [node]
        while frontier:
            current = frontier.pop()
            for other, _, _ in graph.neighbours(current):
                if other not in taken:
                    taken.add(other)
                    component.append(other)
                    frontier.append(other)
        clusters.append((node, component))
    return clusters


def verified_pairs(
    found: NearPairs,
    sketches: Sequence[Sketch] | None,
    min_resemblance: float = DEFAULT_MIN_RESEMBLANCE,
) -> Pairs:
    """The pairs within k that pass verification; without sketches, all of them, their resemblance unknown (NaN)."""
    left = np.asarray(found.left, dtype=np.intp)
    right = np.asarray(found.right, dtype=np.intp)
    distance = np.asarray(found.distance, dtype=np.intp)
    if sketches is None:
        return Pairs(left, right, distance, np.full(len(left), np.nan))
    similar = np.array(
        [resemblance(sketches[a], sketches[b]) for a, b in zip(left.tolist(), right.tolist(), strict=True)],
        dtype=np.float64,
    )
    return Pairs(left, right, distance, similar).select(similar >= min_resemblance)


class FoundGroups(NamedTuple):
    """What :func:`find_groups` found: the groups, and the index's pairs (with the search's statistics).
    A tuple, so ``groups, pairs = find_groups(...)`` unpacks it too."""

    groups: list[Group]
    pairs: NearPairs


def find_groups(
    values: Sequence[int],
    k: int,
    bits: int,
    *,
    names: Sequence[str] | None = None,
    empty: Collection[int] = (),
    not_duplicates: Iterable[tuple[int, int]] = (),
    shingles: Sequence[Sketch] | None = None,
    min_resemblance: float = DEFAULT_MIN_RESEMBLANCE,
    rule: GroupRule | str = GroupRule.REFERENCE,
) -> FoundGroups:
    """Groups of fingerprints: pairs within k by the block index, verified when ``shingles`` (each value's
    sketch, as :func:`simcompare.shingles` makes it) are given.

    Returns the groups and the index's pairs, by name (``.groups``, ``.pairs``) or unpacked. A folder's
    result, with identical files collapsed and the pairs reused across k, is :class:`FolderSession`'s job.

    Raises:
        TypeError, ValueError: ``names`` or ``shingles`` is not a sequence with one item per value (and
            what ``find_near_pairs`` raises for the values, k and bits).
    """
    found = find_near_pairs(values, k=k, bits=bits)
    for name, given in (("names", names), ("shingles", shingles)):
        if given is None:
            continue
        if isinstance(given, str | bytes) or not isinstance(given, Sequence):
            raise TypeError(f"{name} must be a sequence with one item per value, or None; got {type(given).__name__}")
        if len(given) != found.n:
            raise ValueError(f"{name} must have one item per value ({found.n}), got {len(given)}")
    pairs = verified_pairs(found, shingles, min_resemblance)

    def resemble(a: int, b: int) -> float:
        assert shingles is not None
        return resemblance(shingles[a], shingles[b])

    groups = build_groups(
        values,
        pairs,
        names=names,
        empty=empty,
        not_duplicates=not_duplicates,
        rule=rule,
        resemble=resemble if shingles is not None else None,
        k=k,
        min_resemblance=min_resemblance,
    )
    return FoundGroups(groups, found)


def with_reference(
    group: Group,
    index: int,
    values: Sequence[int] | Mapping[int, int] | npt.NDArray[np.uint64],
    *,
    resemble: Callable[[int, int], float] | None = None,
    identical: Sequence[object] | Mapping[int, object] | None = None,
) -> Group:
    """The same group with file ``index`` as its reference: distances (and ``verified``) measured to it.

    The user may prefer another member as the one to keep; the members stay the same, so a member may
    now be farther than k from the new reference (its distance says so honestly). ``also_close`` is kept.

    Args:
        group: A group containing ``index``.
        index: The new reference's file index.
        values: The fingerprints by file index (one per file, as a list or an array, or the group's members' only).
        resemble: Measures ``verified`` between a member and the new reference; None leaves it unknown.
        identical: An identity by file index, as ``values`` (equal identities are identical texts); None:
            none identical.

    Raises:
        ValueError: ``index`` is not a member of the group.
    """
    if index not in group.indices:
        raise ValueError(f"file {index} is not a member of this group (members: {list(group.indices)})")
    if index == group.reference:
        return group
    reference_value = int(values[index])
    old = {m.index: m for m in group.members}
    members = []
    for m in group.members:
        if m.index == index:
            continue
        same = identical is not None and identical[m.index] == identical[index]
        # an identical copy is at 0, as in build_groups (the same bytes read as two formats may differ in bits)
        distance = 0 if same else (int(values[m.index]) ^ reference_value).bit_count()
        verified = 1.0 if same else (resemble(m.index, index) if resemble is not None else None)
        members.append(Member(m.index, distance, verified, same, old[m.index].also_close, old[m.index].evidence))
    members.sort(key=lambda m: (m.distance, not m.identical, m.index))
    head = old[index]
    return Group(index, (Member(index, 0, 1.0, False, head.also_close), *members), group.max_distance)
