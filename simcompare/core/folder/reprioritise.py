"""Re-prioritise: ordered criteria that pick each group's reference (the file to keep), as dupeGuru's dialog does.

A group is found around its most central file (the one resembling the most others), which makes the groups
tight but is not always the copy worth keeping: a changelog's older, shorter version may be the centre of its
group while the newer superset is marked. A :class:`ReferenceRule` is an ordered list of criteria — most words,
largest file, newest, oldest, inside a chosen folder, shortest path, preferred formats — compared one after the
other, ties broken by the path, so the same groups always get the same references.

The groups' promise stays: a member may become the reference only when every other member is within k of it
and verified against it (:func:`may_lead`); otherwise the next member by the rule is taken, and the group
keeps its reference when no better-ranked member may lead. So re-prioritising never changes who is in a group,
only which member is kept. A file inside a reference folder stays its group's reference: when a group holds
such files, only they are candidates (and one of them is the reference even when none may lead, as
:func:`~simcompare.core.folder.cleaner.apply_reference_folders` does).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from operator import attrgetter

import numpy as np
import numpy.typing as npt

from simcompare.core.compat import StrEnum
from simcompare.core.folder.cleaner import set_references, within
from simcompare.core.folder.session import FolderSession
from simcompare.core.search.groups import Group
from simcompare.core.search.verify import resemblance

__all__ = [
    "DEFAULT_REFERENCE_RULE",
    "FOLDER_ALIAS",
    "Criterion",
    "ReferenceRule",
    "Reprioritised",
    "choose_reference",
    "may_lead",
    "reprioritise",
]


FOLDER_ALIAS = "inside-folder"
"""Another name of :attr:`Criterion.FOLDER` on the command line: the Mark menu's rule ``inside-folder``."""


class Criterion(StrEnum):
    """One way to compare two members; the first member by it is the better reference."""

    WORDS = "words"
    LARGEST = "largest"
    NEWEST = "newest"
    OLDEST = "oldest"
    FOLDER = "folder"
    SHORTEST_PATH = "shortest-path"
    FORMATS = "formats"
    PLAIN_NAME = "plain-name"


@dataclass(frozen=True, slots=True)
class ReferenceRule:
    """Criteria compared in order; the member first by them (then by path) is the group's reference.

    Attributes:
        criteria: The criteria, most important first, each once.
        folder: For ``folder``: members inside it (an absolute path) come first.
        formats: For ``formats``: file endings in order of preference (``.md`` before ``.pdf``); a member
            without one of them comes after those with one.
    """

    criteria: tuple[Criterion, ...]
    folder: str = ""
    formats: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        try:
            criteria = tuple(Criterion(c) for c in self.criteria)
        except ValueError:
            raise ValueError(
                f"criteria must be among {', '.join(c.value for c in Criterion)}, got {list(self.criteria)}"
            ) from None
        if not criteria:
            raise ValueError(f"a reference rule needs at least one criterion ({', '.join(c.value for c in Criterion)})")
        if len(set(criteria)) != len(criteria):
            raise ValueError(f"each criterion may come once, got {', '.join(c.value for c in criteria)}")
        if Criterion.FOLDER in criteria and not self.folder:
            raise ValueError("the criterion folder needs the folder whose files come first (folder=PATH)")
        formats = tuple(_ending(f) for f in self.formats if f.strip())
        if Criterion.FORMATS in criteria and not formats:
            raise ValueError("the criterion formats needs the preferred endings, e.g. formats=.md/.txt/.pdf")
        object.__setattr__(self, "criteria", criteria)
        object.__setattr__(self, "formats", formats)
        if self.folder:
            object.__setattr__(self, "folder", os.path.abspath(self.folder))

    @classmethod
    def parse(cls, text: str) -> ReferenceRule:
        """A rule from its command-line form: criteria names separated by commas, in order, e.g.
        ``words,newest,largest``; ``folder=PATH`` (also ``inside-folder=PATH``) and ``formats=.md/.txt/.pdf``
        carry their value."""
        criteria: list[Criterion] = []
        folder = ""
        formats: tuple[str, ...] = ()
        for raw in text.split(","):
            item = raw.strip()
            name, _, value = item.partition("=")
            name = name.strip().lower()
            if name == FOLDER_ALIAS:  # the name of the Mark menu's rule that marks the files inside a folder
                name = Criterion.FOLDER.value
            if name == Criterion.FOLDER and value:
                folder = value.strip()
            elif name == Criterion.FORMATS and value:
                formats = tuple(f for f in value.replace(" ", "/").split("/") if f)
            elif value:
                raise ValueError(f"only folder= and formats= take a value, got {item!r}")
            try:
                criteria.append(Criterion(name))
            except ValueError:
                raise ValueError(
                    f"unknown criterion {item!r}: use {', '.join(c.value for c in Criterion)}, separated by commas"
                ) from None
        return cls(tuple(criteria), folder, formats)

    def text(self) -> str:
        """The rule in its command-line form (what :meth:`parse` reads)."""
        parts = []
        for criterion in self.criteria:
            if criterion is Criterion.FOLDER:
                parts.append(f"folder={self.folder}")
            elif criterion is Criterion.FORMATS:
                parts.append("formats=" + "/".join(self.formats))
            else:
                parts.append(criterion.value)
        return ",".join(parts)

    def key(self, session: FolderSession) -> Callable[[int], tuple[object, ...]]:
        """A sort key over file indices: the better reference sorts first (the path breaks ties)."""
        measures = self._measures(session)
        files = session.files

        def key(i: int) -> tuple[object, ...]:
            # another name of a file (a hard link) after its first name; then the path, for ties
            return (*(measure(i) for measure in measures), session.hardlink_of(i) is not None, files[i].path)

        return key

    def keys(self, session: FolderSession, indices: Iterable[int]) -> dict[int, tuple[object, ...]]:
        """:meth:`key` of many files at once, by index: each criterion measured over all of them in turn."""
        chosen = list(dict.fromkeys(indices))
        files = session.files
        columns = [self._column(criterion, session, chosen) for criterion in self.criteria]
        columns.append([session.hardlink_of(i) is not None for i in chosen])
        columns.append([files[i].path for i in chosen])
        return dict(zip(chosen, zip(*columns, strict=True), strict=True))

    def measured(self, session: FolderSession, indices: npt.NDArray[np.intp]) -> list[npt.NDArray[np.int64]] | None:
        """The files ``indices``' measures by each criterion in order, as arrays (:meth:`key` without the path that
        breaks ties, nor whether a file is another name of one); None where a record's number is beyond 64 bits."""
        try:
            return [self._numbers(criterion, session, indices) for criterion in self.criteria]
        except OverflowError:  # a hand-made record's number: compared as Python's numbers, by key
            return None

    def _column(self, criterion: Criterion, session: FolderSession, chosen: list[int]) -> list[object]:
        """The measures of the files ``chosen`` by one criterion. A number the records hold is read from all of
        them in their order, into one array: at a million files, far faster than a record at a time in the groups'
        order (the records lie in memory in their order)."""
        if criterion in _NUMBERS or criterion is Criterion.PLAIN_NAME:  # every file's at once
            try:
                return self._numbers(criterion, session, np.array(chosen, dtype=np.intp)).tolist()
            except OverflowError:  # a hand-made record's number beyond 64 bits: measured one by one
                pass
        return list(map(self._measure(criterion, session), chosen))

    def _numbers(
        self, criterion: Criterion, session: FolderSession, chosen: npt.NDArray[np.intp]
    ) -> npt.NDArray[np.int64]:
        """The measures of the files ``chosen`` by one criterion, as one array (raises OverflowError for a number
        beyond 64 bits); a number the records hold is read from all of them in their order (:meth:`_column`)."""
        read = _NUMBERS.get(criterion)
        if criterion is Criterion.PLAIN_NAME:  # every name at once
            files = session.files
            return copies_named([files[i].path for i in chosen.tolist()]).astype(np.int64)
        if read is None:
            measure = self._measure(criterion, session)
            return np.fromiter(map(measure, chosen.tolist()), dtype=np.int64, count=len(chosen))
        name, sign = read
        files, field = session.files, attrgetter(name)
        if 4 * len(chosen) < len(files) and not session.has_record_numbers(name):
            # a few files (the groups held back): theirs alone, read in the records' order
            read_at, where = np.unique(chosen, return_inverse=True)
            at = read_at.tolist()
            numbers = np.fromiter(map(field, map(files.__getitem__, at)), dtype=np.int64, count=len(at))[where]
        else:  # every file's, made once by the session (a million files: 0.1 s a criterion, each regroup)
            numbers = session.record_numbers(name)[chosen]
        if sign > 0:
            return numbers
        if len(numbers) and numbers.min() == np.iinfo(np.int64).min:
            raise OverflowError("the negative of the smallest 64-bit number")
        return -numbers

    def _measures(self, session: FolderSession) -> list[Callable[[int], object]]:
        """For each criterion in order, a file's measure by it (:meth:`_measure`)."""
        return [self._measure(criterion, session) for criterion in self.criteria]

    def _measure(self, criterion: Criterion, session: FolderSession) -> Callable[[int], object]:
        """A file's measure by ``criterion``: the smaller, the better a reference."""
        files = session.files
        if criterion is Criterion.FOLDER:
            inside = within([self.folder]) if self.folder else None
            return lambda i: 0 if inside is not None and inside(session.absolute(i)) else 1
        if criterion is Criterion.FORMATS:
            formats = self.formats

            def ending(i: int) -> int:
                name = files[i].path.lower()
                return next((n for n, ending in enumerate(formats) if name.endswith(ending)), len(formats))

            return ending
        if criterion is Criterion.SHORTEST_PATH:
            return lambda i: len(files[i].path)
        if criterion is Criterion.PLAIN_NAME:
            return lambda i: int(named_as_a_copy(files[i].path))
        name, sign = _NUMBERS[criterion]
        return lambda i: sign * getattr(files[i], name)


_NUMBERS = {
    Criterion.WORDS: ("words", -1),
    Criterion.LARGEST: ("size", -1),
    Criterion.NEWEST: ("mtime_ns", -1),
    Criterion.OLDEST: ("mtime_ns", 1),
}
"""The criteria that compare a number of the records: its name, and -1 where the largest comes first."""


_COPY_WORDS = r"(?:copy|kopie|copie|copia|コピー)"
_NUMBER = r"\d{1,3}"  # a copy's number, not a year: "a (2019)" is no copy
_COPY_NAME = re.compile(
    # at the end of a name's stem (before its one ending, if any), on one line of names joined by newlines
    r"(?:"
    rf"[^\s_./-][ \t_.-]+{_COPY_WORDS}(?:[ \t]*\(?{_NUMBER}\)?)?"  # "a copy", "a - Copy (2)", "a_copy", "a copy 2"
    rf"|\([ \t]*(?:{_COPY_WORDS}|{_NUMBER})[ \t]*\)"  # "a (copy)", "a (1)", "a(2)"
    rf"|副本(?:[ \t]*\(?{_NUMBER}\)?)?"  # "a - 副本", "a 的副本 (2)"
    r")(?=(?:\.[^./\n]*)?$)"
    # "Copy of a", "Copy (2) of a"
    rf"|(?:^|/){_COPY_WORDS}(?:[ \t]*\({_NUMBER}\))?[ \t]+(?:of|von|de|di)[ \t][^/\n]*$",
    re.IGNORECASE | re.MULTILINE,
)


def named_as_a_copy(path: str) -> bool:
    """Whether a file's name (without its ending) reads as a copy's: "report (copy)", "report - Copy (2)",
    "Copy of report", "report (1)", "report copy 2", "report - 副本". Such a file is kept last by the criterion
    ``plain-name`` (where the words tie, the original is kept rather than the copy made later)."""
    return _COPY_NAME.search(path.rsplit("/", 1)[-1].replace("\n", " ")) is not None


def copies_named(paths: Sequence[str]) -> npt.NDArray[np.bool_]:
    """:func:`named_as_a_copy` of each path, all at once: the paths joined by newlines are searched in C for what
    every copy's name holds ("cop", "(", "副本"…), and only the few names that hold it are read by the pattern (a
    million paths one at a time took 1.2 s of each re-prioritise)."""
    found = np.zeros(len(paths), dtype=bool)
    text = "\n".join(paths)
    low = text.lower()
    if len(low) != len(text) or text.count("\n") != max(len(paths) - 1, 0):
        chosen: Iterable[int] = range(len(paths))  # a name whose case changes its length, or holds a newline
    else:
        lengths = np.fromiter(map(len, paths), dtype=np.int64, count=len(paths)) + 1
        starts = np.cumsum(lengths) - lengths
        at: list[int] = []
        for marker in _COPY_MARKERS:
            where = low.find(marker)
            while where >= 0:
                at.append(where)
                where = low.find(marker, where + 1)
        chosen = np.unique(np.searchsorted(starts, np.array(at, dtype=np.int64), side="right") - 1).tolist()
    for number in chosen:
        found[number] = named_as_a_copy(paths[number])
    return found


_COPY_MARKERS = ("cop", "kopie", "コピー", "副本", "(")
"""What every name :data:`_COPY_NAME` takes holds, lower-cased."""


def _ending(text: str) -> str:
    text = text.strip().lower()
    return text if text.startswith(".") else f".{text}"


DEFAULT_REFERENCE_RULE = ReferenceRule((Criterion.WORDS, Criterion.PLAIN_NAME, Criterion.NEWEST, Criterion.LARGEST))
"""The rule the window's dialog starts from (docs/folder.md has the evidence behind it)."""


def may_lead(
    session: FolderSession, group: Group, index: int, k: int, measured: dict[tuple[int, int], float] | None = None
) -> bool:
    """Whether member ``index`` may be the group's reference: every other member within k of it and verified.

    ``measured``: the resemblances measured already, by ``(member, index)``; those it measures are kept there."""
    if index == group.reference or session.identity(index) == session.identity(group.reference):
        return True  # the group was made around it (or around the same text)
    values, empty = session.fingerprints(), session.empty_files()  # arrays: no record read for each member
    value, identity = int(values[index]), session.identity(index)
    threshold = session.min_resemblance
    # the members farthest from the reference first: the likeliest to be too far; the cheap distance before the
    # resemblance, which is measured only for members within k
    for member in sorted(group.members, key=lambda m: -m.distance):
        other = member.index
        if other == index or session.identity(other) == identity:
            continue
        if (value ^ int(values[other])).bit_count() > k or empty[other]:
            return False
        similar = None if measured is None else measured.get((other, index))
        if similar is None:
            similar = resemblance(session.sketch(other), session.sketch(index))
            if measured is not None:
                measured[other, index] = similar
        if similar < threshold:
            return False
    return True


def choose_reference(
    session: FolderSession,
    group: Group,
    rule: ReferenceRule,
    k: int,
    *,
    reference_folders: Sequence[str] = (),
    measured: dict[tuple[int, int], float] | None = None,
    key: Callable[[int], tuple[object, ...]] | None = None,
) -> tuple[int, bool]:
    """The member ``rule`` makes the reference, and whether a better-ranked member was passed over because it
    may not lead (a member farther than k from it, or not verified against it). ``measured``: as in
    :func:`may_lead`; ``key``: the rule's :meth:`~ReferenceRule.key`, when the caller has it already."""
    members, protected = _candidates(session, group, reference_folders)
    ranked = sorted(members, key=key or rule.key(session))
    for position, index in enumerate(ranked):
        if may_lead(session, group, index, k, measured):
            return index, position > 0
    # only files of reference folders, none of which may lead: one of them is kept all the same
    current = group.reference
    return (current if current in protected else ranked[0]), True


def _candidates(session: FolderSession, group: Group, reference_folders: Sequence[str]) -> tuple[list[int], list[int]]:
    """The members that may become the reference (those inside a reference folder, when any is), and those inside."""
    members = list(group.indices)
    if not reference_folders:
        return members, []
    in_reference = within(reference_folders)
    protected = [i for i in members if in_reference(session.absolute(i))]
    return protected or members, protected


def _first_choices_measured(
    session: FolderSession, groups: Sequence[Group], members: _Members, first: npt.NDArray[np.intp], k: int
) -> tuple[dict[tuple[int, int], float], npt.NDArray[np.bool_]]:
    """What :func:`may_lead` measures for each group's first-ranked member (``first``), by ``(member, first)``,
    measured for all the groups at once: where it is not the reference (nor its text), and every other member is
    within k of it. And for each group, whether its first-ranked member may lead (:func:`may_lead`)."""
    owner, indices = members.owner, members.indices
    reference = np.array([group.reference for group in groups], dtype=np.intp)
    leads = (first == reference) | session.identical_pairs(first, reference)  # the group was made around it
    first = first[owner]
    others = (indices != first) & ~session.identical_pairs(indices, first)
    too_far = others & (session.empty_files()[indices] | (session.distances(indices, first) > k))
    stopped = leads.copy()
    stopped[owner[too_far]] = True  # may not lead, and measures nothing
    asked = np.flatnonzero(others & ~stopped[owner])
    left, right = indices[asked], first[asked]
    similar = session.resemblances(left, right)
    may = leads.copy()
    may[~stopped] = True
    may[owner[asked[similar < session.min_resemblance]]] = False
    measured = dict(zip(zip(left.tolist(), right.tolist(), strict=True), similar.tolist(), strict=True))
    return measured, may


@dataclass(frozen=True, slots=True)
class _Members:
    """Groups' members one after another: each one's file ``indices``, its group (``owner``), and whether it is
    among the group's candidates to lead (:func:`_candidates`)."""

    indices: npt.NDArray[np.intp]
    owner: npt.NDArray[np.intp]
    candidate: npt.NDArray[np.bool_]

    @classmethod
    def of(cls, session: FolderSession, groups: Sequence[Group], reference_folders: Sequence[str]) -> _Members:
        sizes = np.fromiter((len(group.members) for group in groups), dtype=np.intp, count=len(groups))
        indices = np.fromiter(
            (m.index for group in groups for m in group.members), dtype=np.intp, count=int(sizes.sum())
        )
        owner = np.repeat(np.arange(len(groups), dtype=np.intp), sizes)
        candidate = np.ones(len(indices), dtype=bool)
        if reference_folders:
            in_reference = within(reference_folders)
            inside = np.fromiter(
                (in_reference(session.absolute(i)) for i in indices.tolist()), dtype=bool, count=len(indices)
            )
            candidate = inside | ~np.isin(owner, owner[inside])  # those inside, where a group has any
        return cls(indices, owner, candidate)


def _first_ranked(
    session: FolderSession,
    groups: Sequence[Group],
    rule: ReferenceRule,
    members: _Members,
    reference_folders: Sequence[str],
) -> npt.NDArray[np.intp]:
    """Each group's first candidate by ``rule``: ``min`` of its candidates by :meth:`ReferenceRule.key`, found by one
    sort of every member by group and measures; the path breaks ties in the few groups where two measure alike."""
    indices, owner = members.indices, members.owner
    if not len(indices):
        return np.zeros(0, dtype=np.intp)
    measures = rule.measured(session, indices)
    if measures is None:
        key = rule.keys(session, indices.tolist()).__getitem__
        chosen = [min(_candidates(session, group, reference_folders)[0], key=key) for group in groups]
        return np.array(chosen, dtype=np.intp)
    another_name = session.file_key_array()[indices] != indices  # another name of a file: its key is the first's
    columns = [*measures, another_name]
    order = np.lexsort((*columns[::-1], ~members.candidate, owner))
    starts = np.flatnonzero(np.concatenate(([True], owner[order][1:] != owner[order][:-1])))
    top, second = order[starts], order[np.minimum(starts + 1, len(order) - 1)]
    tied = (second != top) & (owner[second] == owner[top]) & members.candidate[second]
    for column in columns:
        tied &= column[second] == column[top]
    first = indices[top]
    if tied.any():
        key = rule.key(session)
        for group in np.flatnonzero(tied).tolist():
            first[group] = min(_candidates(session, groups[group], reference_folders)[0], key=key)
    return first


@dataclass(frozen=True, slots=True)
class Reprioritised:
    """Groups with the references a rule chose.

    Attributes:
        groups: The groups, in the order given; a group whose reference changed has its distances and
            ``verified`` measured to the new one (its members are the same).
        changed: How many groups got another reference.
        held_back: How many groups kept a lower-ranked reference (or their own) because the member first by
            the rule is farther than k from another member or not verified against it.
    """

    groups: list[Group]
    changed: int
    held_back: int


def reprioritise(
    session: FolderSession,
    groups: Iterable[Group],
    rule: ReferenceRule,
    k: int,
    *,
    reference_folders: Sequence[str] = (),
) -> Reprioritised:
    """Each group with the reference ``rule`` chooses (see :func:`choose_reference`). Each group's first-ranked
    member, and whether it may lead, are found for all the groups at once; only the groups where it may not are
    ranked and decided one by one."""
    groups = list(groups)
    members = _Members.of(session, groups, reference_folders)
    first = _first_ranked(session, groups, rule, members, reference_folders)
    # what deciding who may lead measured, not measured again (a pair of files is in one group, its value the same)
    measured, may = _first_choices_measured(session, groups, members, first, k)
    held = np.flatnonzero(~may)
    key = rule.keys(session, members.indices[np.isin(members.owner, held)].tolist()).__getitem__
    chosen = first.tolist()
    held_back = 0
    for n in held.tolist():
        chosen[n], passed_over = choose_reference(
            session, groups[n], rule, k, reference_folders=reference_folders, measured=measured, key=key
        )
        held_back += passed_over
    changed = sum(index != group.reference for group, index in zip(groups, chosen, strict=True))
    out = set_references(session, groups, chosen, measured)
    return Reprioritised(out, changed, held_back)
