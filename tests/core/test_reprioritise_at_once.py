"""Re-prioritising many groups at once (each group's first-ranked member, whether it may lead and its members'
figures to the new reference found in numpy) against choosing and setting each group's reference one by one: the
same references, distances, resemblances and counts; and marking by a rule in every group at once against a group at
a time: the same marks."""

from __future__ import annotations

import os
import random

import pytest
from helpers.texts import edited

from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder import cleaner
from simcompare.core.folder.cleaner import MarkRule, marks_by_rule, protected_members, set_reference, set_references
from simcompare.core.folder.reprioritise import ReferenceRule, Reprioritised, choose_reference, reprioritise
from simcompare.core.folder.scan import ScanOptions, scan
from simcompare.core.folder.session import FolderSession
from simcompare.core.search.groups import Group, Member

K = 12
RULES = [
    "words,newest,largest",
    "words,plain-name,newest,largest",
    "oldest,shortest-path",
    "largest",  # copies of one size tie: the path decides
    "formats=.md/.txt,words",
    "folder=keep,newest",
]


def _text(rng: random.Random, words: int) -> str:
    return " ".join(f"w{rng.randrange(3000)}" for _ in range(words))


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory) -> FolderSession:
    """Families of edited versions and copies (one size, one time: measures that tie), in two folders and two
    formats, a hard link, an empty file and a stranger; a verification threshold the farther versions miss."""
    root = tmp_path_factory.mktemp("many") / "docs"
    (root / "keep").mkdir(parents=True)
    rng = random.Random(11)
    for family in range(4):
        base = _text(rng, 300)
        for version in range(4):
            text = base if version == 0 else edited(base, rng, 0.03 * version)
            folder = root / "keep" if version == 2 else root
            for ending in (".txt", ".md") if version < 2 else (".txt",):
                path = folder / f"f{family}v{version}{ending}"
                path.write_text(text, encoding="utf-8")
                os.utime(path, ns=(10**18 * (version % 3), 10**18 * (version % 3)))
    os.link(root / "f0v0.txt", root / "keep" / "f0link.txt")
    (root / "empty.txt").write_text("", encoding="utf-8")
    (root / "stranger.txt").write_text(_text(rng, 300), encoding="utf-8")
    result = scan(root, Config(segmenter="words"), ScanOptions(workers=1, in_process=True))
    return FolderSession(result, min_resemblance=0.8)


def _groups(session: FolderSession, seed: int) -> list[Group]:
    """Random groups of distinct files (any reference, members in any order)."""
    rng = random.Random(seed)
    count = len(session.files)
    groups = []
    for _ in range(40):
        files = rng.sample(range(count), rng.randint(2, 7))
        members = [Member(files[0], 0, 1.0), *(Member(i, rng.randrange(20), rng.random()) for i in files[1:])]
        groups.append(Group(files[0], tuple(members), 0))
    return groups


def _one_by_one(
    session: FolderSession, groups: list[Group], rule: ReferenceRule, folders: tuple[str, ...]
) -> Reprioritised:
    out, changed, held_back = [], 0, 0
    for group in groups:
        index, passed_over = choose_reference(session, group, rule, K, reference_folders=folders)
        held_back += passed_over
        if index != group.reference:
            changed += 1
            group = set_reference(session, group, index)
        out.append(group)
    return Reprioritised(out, changed, held_back)


@pytest.mark.parametrize("text", RULES)
@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("reference_folder", [False, True])
def test_references_chosen_at_once_are_those_chosen_one_by_one(
    session: FolderSession, text: str, seed: int, reference_folder: bool
) -> None:
    rule = ReferenceRule.parse(text.replace("folder=", f"folder={session.root}{os.sep}"))
    folders = (os.path.join(session.root, "keep"),) if reference_folder else ()
    groups = _groups(session, seed)
    expected = _one_by_one(session, groups, rule, folders)
    assert expected.held_back < len(groups) and expected.changed + expected.held_back  # both paths are asked
    assert reprioritise(session, groups, rule, K, reference_folders=folders) == expected


def test_no_groups_choose_nothing(session: FolderSession) -> None:
    assert reprioritise(session, [], ReferenceRule.parse("words"), K) == Reprioritised([], 0, 0)


@pytest.mark.parametrize("seed", range(4))
def test_references_set_at_once_are_those_set_one_by_one(session: FolderSession, seed: int) -> None:
    rng = random.Random(seed)
    groups = _groups(session, seed)
    chosen = [rng.choice(group.indices) for group in groups]  # the reference itself now and then
    expected = [set_reference(session, group, index) for group, index in zip(groups, chosen, strict=True)]
    assert set_references(session, groups, chosen) == expected
    known = {(m.index, index): 0.5 for group, index in zip(groups, chosen, strict=True) for m in group.members}
    given = [set_reference(session, group, index, known) for group, index in zip(groups, chosen, strict=True)]
    assert set_references(session, groups, chosen, known) == given  # what was measured is taken as it is


def test_a_reference_must_be_a_member(session: FolderSession) -> None:
    groups = _groups(session, 0)
    stranger = next(i for i in range(len(session.files)) if i not in groups[1].indices)
    with pytest.raises(ValueError, match=f"file {stranger} is not a member"):
        set_references(session, groups, [groups[0].indices[1], stranger, *(g.reference for g in groups[2:])])


@pytest.mark.parametrize("seed", range(4))
def test_wasted_bytes_of_many_groups_are_each_ones(session: FolderSession, seed: int) -> None:
    groups = _groups(session, seed)
    link = session.index_of("keep/f0link.txt")
    assert link is not None and session.hardlink_of(link) is not None
    first = session.file_key(link)  # the file's two names in one group, either of them the reference
    groups += [Group(i, (Member(i, 0), Member(j, 0)), 0) for i, j in ((first, link), (link, first))]
    assert session.wasted_bytes_of(groups) == [session.wasted_bytes(group) for group in groups]
    assert session.wasted_bytes_of([]) == []


def _marked_one_by_one(session: FolderSession, groups: list[Group], rule: MarkRule, folders: tuple[str, ...]) -> set:
    """marks_by_rule as it was, a group at a time."""
    protected = protected_members(session, groups, folders)
    marked: set[int] = set()
    for group in groups:
        kept = session.file_key(cleaner._kept(group, session.files, rule))
        chosen = {m.index for m in group.members if session.file_key(m.index) != kept}
        marked |= {i for i in chosen if session.hardlink_of(i) is None} - protected
    return marked


@pytest.mark.parametrize("rule", [rule for rule in MarkRule if rule is not MarkRule.INSIDE_FOLDER])
@pytest.mark.parametrize("seed", [None, 1, 2])
@pytest.mark.parametrize("in_folders", [False, True])
def test_marks_by_rule_at_once_are_the_marks_one_group_at_a_time(
    session: FolderSession, rule: MarkRule, seed: int | None, in_folders: bool
) -> None:
    groups = session.groups(K) if seed is None else _groups(session, seed)
    folders = (os.path.join(session.root, "keep"),) if in_folders else ()
    expected = _marked_one_by_one(session, groups, rule, folders)
    assert marks_by_rule(session, groups, rule, reference_folders=folders) == expected
    assert expected or seed is None  # random groups always leave something to mark


@pytest.mark.parametrize("text", ["words,newest,largest", "oldest,shortest-path"])
def test_a_few_groups_choose_the_same_before_and_after_the_session_holds_the_numbers_of_all(
    session: FolderSession, text: str
) -> None:
    """A few groups' files read their numbers alone until the session made the column of every file's
    (``record_numbers``), then read them from it: the same references either way, and as one by one."""
    fresh = FolderSession(session.result, min_resemblance=0.8)
    rule = ReferenceRule.parse(text)
    few = [g for g in _groups(fresh, 7) if len(g) <= 3][:2]
    assert 4 * len({i for g in few for i in g.indices}) < len(fresh.files)  # few: the files alone are read
    expected = _one_by_one(fresh, few, rule, ())
    assert not any(fresh.has_record_numbers(name) for name in ("words", "mtime_ns", "size"))
    assert reprioritise(fresh, few, rule, K) == expected
    for name in ("words", "mtime_ns", "size"):
        fresh.record_numbers(name)
    assert reprioritise(fresh, few, rule, K) == expected
