"""The cleaner's state without Qt: marks with undo and redo, references, reference folders, removed files and
file states, on a real scanned folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder.cleaner import MarkRule, marks_by_rule, protected_members
from simcompare.core.folder.cleaner_state import CleanerState, FileState
from simcompare.core.folder.scan import ScanOptions, scan
from simcompare.core.folder.session import FolderSession, NotDuplicates
from simcompare.core.search.groups import Group

EN = (
    "The river valley was quiet in the early morning when the farmers walked out to their fields. "
    "Mist rose slowly from the water while birds called from the tall trees along the banks. "
    "Every family in the village depended on the harvest, so the work began before sunrise and "
    "continued until the light faded behind the western hills."
)
ZH = (  # the second group (by its file names): another English text, so one segmenter reads both
    "Quantum computers use qubits that can exist in superpositions of states, allowing certain "
    "algorithms to run much faster than on classical machines, and researchers build error correction "
    "codes so that the fragile states survive long enough for a useful computation to finish."
)
K = 12


@pytest.fixture
def session(tmp_path: Path) -> FolderSession:
    root = tmp_path / "docs"
    (root / "keep").mkdir(parents=True)
    (root / "keep" / "a.txt").write_text(EN, encoding="utf-8")
    (root / "b.txt").write_text(EN.replace("quiet", "silent"), encoding="utf-8")
    (root / "c.txt").write_text(EN.replace("harvest", "crop"), encoding="utf-8")
    (root / "zh_a.txt").write_text(ZH, encoding="utf-8")
    (root / "zh_b.txt").write_text(ZH.replace("fragile", "delicate"), encoding="utf-8")
    result = scan(root, Config(segmenter="words"), ScanOptions(workers=1, in_process=True))
    return FolderSession(result, not_duplicates=NotDuplicates(tmp_path / "nd.json"))


def groups_of(session: FolderSession) -> list[Group]:
    groups = session.groups(K)
    assert sorted(len(g.members) for g in groups) == [2, 3], "two groups: a, b, c and zh_a, zh_b"
    return groups


def index(session: FolderSession, path: str) -> int:
    found = session.index_of(path)
    assert found is not None, path
    return found


def paths(session: FolderSession, indices) -> set[str]:
    return {session.files[i].path for i in indices}


def test_a_rule_marks_then_undo_and_redo(session: FolderSession) -> None:
    groups = groups_of(session)
    state = CleanerState()
    state.show_groups(groups)
    chosen = marks_by_rule(session, groups, MarkRule.ALL_BUT_REFERENCE)
    assert state.mark(chosen) == chosen and state.marks == chosen
    assert state.can_undo and not state.can_redo
    state.clear_marks()
    assert not state.marks
    assert state.undo() == chosen and state.marks == chosen
    assert state.undo() == chosen and not state.marks  # before the rule: nothing marked
    assert state.undo() is None and not state.can_undo
    assert state.redo() == chosen and state.marks == chosen
    assert state.redo() == chosen and not state.marks
    assert state.redo() is None
    state.undo()
    state.invert()  # a new marking: what was undone cannot be redone any more
    assert not state.can_redo
    assert not state.marks  # every member but the references was marked; a reference is never marked


def test_undo_keeps_the_newest_markings_only(session: FolderSession) -> None:
    groups = groups_of(session)
    state = CleanerState(undo_depth=2)
    state.show_groups(groups)
    english = max(groups, key=lambda g: len(g.members))
    other = min(groups, key=lambda g: len(g.members))
    a, b, c = [m.index for m in english.members[1:]] + [m.index for m in other.members[1:]]
    for file in (a, b, c):
        state.mark([file])
    assert state.undo() == {c} and state.undo() == {b}
    assert state.undo() is None and state.marks == {a}
    with pytest.raises(ValueError, match="undo_depth must be 0 or more, got -1"):
        CleanerState(undo_depth=-1)


def test_one_tick_is_a_marking_and_reference_folders_are_never_marked(session: FolderSession) -> None:
    groups = groups_of(session)
    keep = os.path.join(session.root, "keep")
    state = CleanerState([keep, keep, ""])
    assert state.reference_folders == (keep,)
    protected = protected_members(session, groups, state.reference_folders)
    assert paths(session, protected) == {"keep/a.txt"}
    state.show_groups(groups, protected)
    assert state.tick(index(session, "keep/a.txt"), True) is None and not state.marks
    assert state.tick(index(session, "b.txt"), True) == {index(session, "b.txt")}
    assert state.can_undo  # one tick is a marking: it can be undone
    state.mark([index(session, "keep/a.txt"), index(session, "c.txt")])
    assert paths(session, state.marks) == {"b.txt", "c.txt"}
    state.replace_marks(m.index for g in groups for m in g.members)
    assert paths(session, state.marks) == {"b.txt", "c.txt", "zh_b.txt"}  # no reference, no reference folder


def test_marks_follow_the_groups_on_screen(session: FolderSession) -> None:
    groups = groups_of(session)
    state = CleanerState()
    state.show_groups(groups)
    state.replace_marks(m.index for g in groups for m in g.members)
    english = next(g for g in groups if len(g.members) == 3)
    dropped = state.show_groups([english])  # e.g. a smaller k: the other group is gone
    assert paths(session, dropped) == {"zh_b.txt"}  # zh_a.txt, the reference, was never marked
    assert state.marks == set(english.indices[1:])
    assert state.marked_in([english]) == list(english.indices[1:])
    state.replace_marks([index(session, "zh_a.txt")])  # a file in no group on screen is not marked
    assert not state.marks


@pytest.mark.parametrize("listed", [False, True])
def test_the_members_listed_by_the_worker_are_the_groups_members(session: FolderSession, listed: bool) -> None:
    """Given the groups' members as a worker listed them, the state marks and drops what it would find itself."""
    groups = groups_of(session)
    english = next(g for g in groups if len(g.members) == 3)
    state = CleanerState()
    state.show_groups(groups, (), [m.index for g in groups for m in g.members] if listed else None)
    state.replace_marks(range(len(session.files)))
    assert state.marks == {m.index for g in groups for m in g.members} - {g.reference for g in groups}
    dropped = state.show_groups([english], (), list(english.indices) if listed else None)
    assert paths(session, dropped) == {"zh_b.txt"}
    assert state.marks == set(english.indices[1:])


def test_marks_held_aside_come_back_on_the_next_groups(session: FolderSession) -> None:
    groups = groups_of(session)
    state = CleanerState()
    state.show_groups(groups)
    state.mark([index(session, "b.txt"), index(session, "zh_b.txt")])
    state.hold_marks()
    assert state.holding and not state.marks
    state.show_groups([g for g in groups if len(g.members) == 3])
    assert state.restore_marks() == {index(session, "b.txt")}
    assert not state.holding and paths(session, state.marks) == {"b.txt"}


def test_a_chosen_reference_replaces_the_one_chosen_before_in_its_group(session: FolderSession) -> None:
    groups = groups_of(session)
    english = next(g for g in groups if len(g.members) == 3)
    state = CleanerState()
    first, second = (m.index for m in english.members[1:])
    state.choose_reference(english, first)
    state.choose_reference(english, second)
    assert state.preferred == {second}
    with pytest.raises(ValueError, match="is not a member of the group"):
        state.choose_reference(english, index(session, "zh_a.txt"))


def test_forget_follows_the_files_by_path(session: FolderSession) -> None:
    state = CleanerState()
    state.start(session, changed=["c.txt", "not-there.txt"], gone=["zh_b.txt"])
    assert {session.files[i].path: s for i, s in state.states.items()} == {"c.txt": "changed", "zh_b.txt": "gone"}
    groups = groups_of(session)
    state.show_groups(groups)
    english = next(g for g in groups if len(g.members) == 3)
    state.mark([index(session, "c.txt")])
    assert state.choose_reference(english, index(session, "c.txt")) == {index(session, "c.txt")}  # unmarked
    state.mark([index(session, "b.txt"), index(session, "c.txt"), index(session, "zh_b.txt")])
    assert paths(session, state.marks) == {"b.txt", "zh_b.txt"}  # the chosen reference is not marked
    state.forget(session, ["b.txt"], FileState.TRASHED)
    assert "b.txt" not in {f.path for f in session.files}
    assert state.removed == {"b.txt": FileState.TRASHED}
    assert paths(session, state.preferred) == {"c.txt"}
    assert {session.files[i].path: s for i, s in state.states.items()} == {"c.txt": "changed", "zh_b.txt": "gone"}
    assert not state.can_undo and not state.marks and state.holding  # the numbers changed: kept aside
    state.show_groups(session.groups(K))
    state.restore_marks()
    assert paths(session, state.marks) == {"zh_b.txt"}
    state.start()  # another result: everything but the reference folders goes
    assert not (state.marks or state.preferred or state.states or state.removed or state.can_undo)


def test_a_rule_replaces_the_marks_and_adding_keeps_them(session: FolderSession) -> None:
    groups = groups_of(session)
    state = CleanerState()
    state.show_groups(groups)
    shortest = marks_by_rule(session, groups, MarkRule.ALL_BUT_SHORTEST_PATH)  # keeps b.txt and zh_a.txt
    state.replace_marks(marks_by_rule(session, groups, MarkRule.ALL_BUT_REFERENCE))
    assert paths(session, state.marks) == {"b.txt", "c.txt", "zh_b.txt"}
    state.replace_marks(shortest)  # the second rule replaces the first: b.txt, the one it keeps, is unmarked
    assert paths(session, state.marks) == {"c.txt", "zh_b.txt"}  # keep/a.txt is the reference: never marked
    for group in groups:
        assert any(i not in state.marks for i in group.indices)
    state.replace_marks([index(session, "b.txt")])
    state.add_marks(shortest)  # "Add to the marks": besides the marks there are
    assert paths(session, state.marks) == {"b.txt", "c.txt", "zh_b.txt"}
    assert state.undo() == {index(session, "c.txt"), index(session, "zh_b.txt")}


def test_marking_within_the_visible_rows_leaves_the_others(session: FolderSession) -> None:
    groups = groups_of(session)
    english = next(g for g in groups if len(g.members) == 3)
    other = next(g for g in groups if len(g.members) == 2)
    state = CleanerState()
    state.show_groups(groups)
    zh_b = index(session, "zh_b.txt")
    state.mark([zh_b])
    visible = set(english.indices)  # a filter shows the English group only
    everything = {m.index for g in groups for m in g.members}
    state.replace_marks(everything, within=visible)
    assert state.marks == {zh_b} | set(english.indices[1:])
    state.clear_marks(within=visible)
    assert state.marks == {zh_b}
    state.mark_all(within=visible)
    assert state.marks == {zh_b} | set(english.indices[1:])  # every member but the reference
    state.invert(within=[index(session, "b.txt"), index(session, "keep/a.txt")])
    assert paths(session, state.marks) == {"zh_b.txt", "c.txt"}  # b unmarked, the reference still not marked
    state.add_marks(everything, within=set(other.indices))
    assert paths(session, state.marks) == {"zh_b.txt", "c.txt"}
    state.clear_marks()
    assert not state.marks


def test_untick_then_undo_gives_back_the_tick_and_redo_takes_it_again(session: FolderSession) -> None:
    groups = groups_of(session)
    state = CleanerState()
    state.show_groups(groups)
    b, c = index(session, "b.txt"), index(session, "c.txt")
    state.replace_marks([b, c])
    assert state.tick(c, False) == {c} and state.marks == {b}
    assert state.undo() == {c} and state.marks == {b, c}  # the tick comes back, not "none marked"
    assert state.redo() == {c} and state.marks == {b}
    assert state.undo() == {c} and state.undo() == {b, c} and not state.marks
    assert state.tick(b, False) == set()  # nothing changed: not remembered, what was undone can be redone
    assert state.can_redo


def test_a_groups_reference_can_never_be_marked(session: FolderSession) -> None:
    groups = groups_of(session)
    state = CleanerState()
    state.show_groups(groups)
    references = {g.reference for g in groups}
    for reference in references:
        assert not state.may_mark(reference)
        assert state.tick(reference, True) is None
    state.mark(references)
    state.invert()
    state.mark_all()
    assert state.marks and not state.marks & references
    state.replace_marks(references)
    assert not state.marks
    state.undo()
    state.show_groups(groups)
    assert state.marks and not state.marks & references


def test_marks_and_references_of_reopened_results_come_back(session: FolderSession) -> None:
    state = CleanerState()
    state.start(session, marked=["b.txt", "zh_a.txt", "not-there.txt"], references=["c.txt"])
    assert state.holding and paths(session, state.saved_marks) == {"b.txt", "zh_a.txt"}
    assert paths(session, state.preferred) == {"c.txt"}
    groups = groups_of(session)
    state.show_groups(groups)
    state.restore_marks()  # zh_a.txt is its group's reference: not marked
    assert paths(session, state.marks) == {"b.txt"} and not state.can_undo


def test_a_locked_state_refuses_every_change_the_user_asks_for(session: FolderSession) -> None:
    groups = groups_of(session)
    english = next(g for g in groups if len(g.members) == 3)
    state = CleanerState()
    state.show_groups(groups)
    state.mark([index(session, "b.txt")])
    copy = index(session, "c.txt")
    state.set_locked(True)  # the window acts on files or chooses references
    assert state.locked and not state.may_mark(copy)
    assert state.mark([copy]) == set() and state.tick(copy, True) is None and state.invert() == set()
    assert state.undo() is None and state.leave_out([copy]) == set()
    assert state.choose_reference(english, copy) == set() and not state.preferred
    assert paths(session, state.marks) == {"b.txt"}
    state.set_locked(False)
    assert state.tick(copy, True) == {copy} and state.undo() == {copy}


@pytest.mark.parametrize("rule", [r for r in MarkRule if r is not MarkRule.INSIDE_FOLDER])
def test_a_rule_marks_the_same_from_the_members_listed_at_once(session: FolderSession, rule: MarkRule) -> None:
    """The window hands a rule its groups' members and each one's group as two arrays, in any order: the marks
    are those found from the groups themselves."""
    import numpy as np

    groups = groups_of(session)
    pairs = [(m.index, n) for n, g in enumerate(groups) for m in g.members]
    pairs.reverse()  # not in the groups' order
    listed = (np.array([i for i, _ in pairs], dtype=np.intp), np.array([n for _, n in pairs], dtype=np.intp))
    found = marks_by_rule(session, groups, rule, listed=listed)
    assert found == marks_by_rule(session, groups, rule)
    assert len(found) == 3 if rule is MarkRule.ALL_BUT_REFERENCE else found


def test_inverting_every_group_is_inverting_within_all_their_members(session: FolderSession) -> None:
    """Inverted without a scope (sets made in C alone), the marks are those inverted within every member: neither
    a reference nor a file of a reference folder is marked, and Undo takes it back."""
    groups = groups_of(session)
    members = frozenset(m.index for g in groups for m in g.members)
    keep = index(session, "keep/a.txt")
    states = []
    for scope in (None, members):
        state = CleanerState()
        state.show_groups(groups, {keep}, list(members), references=frozenset(g.reference for g in groups))
        state.replace_marks({index(session, "b.txt")})
        state.invert(scope)
        states.append(state)
    assert states[0].marks == states[1].marks
    assert states[0].marks == members - {keep, index(session, "b.txt")} - {g.reference for g in groups}
    assert states[0].undo() is not None and paths(session, states[0].marks) == {"b.txt"}


def test_references_chosen_for_the_groups_on_screen_are_those_chosen_for_a_copy_of_them(
    session: FolderSession,
) -> None:
    """A re-prioritise of every group on screen (the very list shown) takes the chosen files as the references
    there are, without the set of the old ones: the same references, marks and undo as for a copy of the list."""
    groups = groups_of(session)
    chosen = [g.members[-1].index for g in groups]  # each group's last member leads now
    states = []
    for given in (groups, list(groups)):
        state = CleanerState()
        state.show_groups(groups, (), None)
        state.replace_marks(range(len(session.files)))
        unmarked = state.choose_references(given, chosen)
        assert unmarked == set(chosen)
        states.append(state)
    for i in range(len(session.files)):
        assert states[0].may_mark(i) == states[1].may_mark(i) == (i not in chosen)
    assert states[0].marks == states[1].marks
    assert states[0].undo() is not None and states[0].holding  # the marks wait for the groups made again


def test_another_name_of_a_reference_is_never_marked(tmp_path: Path) -> None:
    """A hard link of a group's reference (or the reference through a bind mount) is the kept file: no action takes
    it, so neither Invert, Mark all, a tick nor the marks kept across new groups mark it; another file's names do
    not change, and choosing another reference frees the first's other name."""
    root = tmp_path / "docs"
    root.mkdir()
    (root / "a.txt").write_text(EN, encoding="utf-8")
    os.link(root / "a.txt", root / "a_link.txt")
    (root / "b.txt").write_text(EN.replace("quiet", "silent"), encoding="utf-8")
    (root / "c.txt").write_text(EN.replace("harvest", "crop"), encoding="utf-8")
    result = scan(root, Config(segmenter="words"), ScanOptions(workers=1, in_process=True))
    session = FolderSession(result, not_duplicates=NotDuplicates(tmp_path / "nd.json"))
    [group] = session.groups(K)
    a, link, b, c = (index(session, p) for p in ("a.txt", "a_link.txt", "b.txt", "c.txt"))
    assert group.reference == a and set(group.indices) == {a, link, b, c}
    state = CleanerState()
    state.start(session)
    state.show_groups([group])
    assert not state.may_mark(link) and state.tick(link, True) is None
    state.invert()
    assert state.marks == {b, c}
    state.mark_all()
    state.replace_marks([a, link, b])
    assert state.marks == {b}
    state.choose_references([group], [b])  # b leads now: a and its other name may go
    assert state.may_mark(link) and state.may_mark(a) and not state.may_mark(b)
    state.invert()
    assert state.marks == {a, link, c}
