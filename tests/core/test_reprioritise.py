"""Re-prioritise: each criterion and their order pick a group's reference, deterministically, within the groups'
promise; the cleaner's state undoes and redoes it in one step; files left out of the results join no group."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest
from helpers.results_layout import as_listed
from hypothesis import given
from hypothesis import strategies as st

from simcompare.core.defaults import default_k
from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder import reprioritise as reprioritise_module
from simcompare.core.folder.cache import Cache
from simcompare.core.folder.cleaner import set_reference
from simcompare.core.folder.cleaner_state import CleanerState
from simcompare.core.folder.reprioritise import (
    DEFAULT_REFERENCE_RULE,
    Criterion,
    ReferenceRule,
    choose_reference,
    copies_named,
    may_lead,
    named_as_a_copy,
    reprioritise,
)
from simcompare.core.folder.scan import ScanOptions, scan
from simcompare.core.folder.session import FolderSession, NotDuplicates
from simcompare.core.formats.results import load_results, results_json
from simcompare.core.search.groups import Group, Member

K = default_k(64)
EN = (
    "The river valley was quiet in the early morning when the farmers walked out to their fields. "
    "Mist rose slowly from the water while birds called from the tall trees along the banks. "
    "Every family in the village depended on the harvest, so the work began before sunrise and "
    "continued until the light faded behind the western hills."
)
OTHER = (
    "Quantum computers use qubits that can exist in superpositions of states, allowing certain "
    "algorithms to run much faster than on classical machines, and researchers build error correction."
)
# path → (text, modification time in seconds); c.html is the newest and, with its markup, the largest
FILES = {
    "a.txt": (EN, 3),
    "long/b.md": (EN + " The end of the day was calm.", 1),  # most words, oldest
    "c.html": ('<div class="article-body-wrapper"><p>' + EN.replace("harvest", "crop") + "</p></div>", 4),
    "keep/d.txt": (EN.replace("quiet", "silent"), 2),
    "other.txt": (OTHER, 2),
}


def _scan(root: Path, cache: Cache | None = None) -> FolderSession:
    result = scan(root, Config(segmenter="words"), ScanOptions(workers=1, in_process=True), cache=cache)
    return FolderSession(result, not_duplicates=NotDuplicates(root.parent / "nd.json"))


@pytest.fixture
def root(tmp_path: Path) -> Path:
    root = tmp_path / "docs"
    for rel, (text, seconds) in FILES.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        os.utime(path, ns=(seconds * 10**18, seconds * 10**18))
    return root


@pytest.fixture
def session(root: Path) -> FolderSession:
    return _scan(root)


def _group(session: FolderSession) -> Group:
    (group,) = session.groups(K)
    assert {session.files[i].path for i in group.indices} == set(FILES) - {"other.txt"}
    return group


def _path(session: FolderSession, index: int) -> str:
    return session.files[index].path


def test_a_scan_counts_each_texts_words_with_and_without_its_cache(root: Path, tmp_path: Path) -> None:
    plain = {f.path: f.words for f in _scan(root).files}
    assert plain["long/b.md"] == plain["a.txt"] + 3  # "the" and "was" are stop words: end, day, calm are kept
    assert plain["other.txt"] > 0 and plain["a.txt"] > 30
    cache = Cache(tmp_path / "cache.sqlite")
    try:
        first = {f.path: f.words for f in _scan(root, cache).files}
        again = _scan(root, cache)  # every file from the cache: the counts come back from it
        assert again.result.stats.segmented == 0
        assert {f.path: f.words for f in again.files} == first == plain
    finally:
        cache.close()


def test_saved_results_keep_the_words(session: FolderSession) -> None:
    data = results_json(session, session.groups(K), K)
    loaded = load_results(data, check_files=False)
    assert [f.words for f in loaded.result.files] == [f.words for f in session.files]
    del data["records"]["words"]  # type: ignore[attr-defined]  # results saved before words were counted: 0 words
    assert all(f.words == 0 for f in load_results(data, check_files=False).result.files)
    listed = as_listed(results_json(session, session.groups(K), K))
    for record in listed["records"]:  # and so for results that listed their records
        del record["words"]
    assert all(f.words == 0 for f in load_results(listed, check_files=False).result.files)


@pytest.mark.parametrize(
    ("criteria", "kept"),
    [
        ("words", "long/b.md"),
        ("largest", "c.html"),
        ("newest", "c.html"),
        ("oldest", "long/b.md"),
        ("shortest-path", "a.txt"),
        ("formats=.txt/.md", "a.txt"),  # .txt first; between two .txt files, the path
        ("formats=.md/.txt", "long/b.md"),
        ("formats=html", "c.html"),
    ],
)
def test_each_criterion_picks_its_member(session: FolderSession, criteria: str, kept: str) -> None:
    group = _group(session)
    index, passed_over = choose_reference(session, group, ReferenceRule.parse(criteria), K)
    assert _path(session, index) == kept
    assert not passed_over


def test_the_folder_criterion_and_the_order_of_criteria(session: FolderSession) -> None:
    group = _group(session)
    keep = os.path.join(session.root, "keep")
    rule = ReferenceRule((Criterion.FOLDER, Criterion.WORDS), folder=keep)
    assert _path(session, choose_reference(session, group, rule, K)[0]) == "keep/d.txt"
    # first come, first compared: the shortest path among the newest, the newest among the shortest paths
    newest_first = ReferenceRule.parse("newest,shortest-path")
    shortest_first = ReferenceRule.parse("shortest-path,newest")
    assert _path(session, choose_reference(session, group, newest_first, K)[0]) == "c.html"
    assert _path(session, choose_reference(session, group, shortest_first, K)[0]) == "a.txt"
    # words first, then the newest: a tie on words goes to the newer file
    twin = ReferenceRule.parse("formats=.txt,newest")
    assert _path(session, choose_reference(session, group, twin, K)[0]) == "a.txt"  # 3 s against d.txt's 2 s


def test_ties_are_broken_by_the_path_whatever_the_members_order(session: FolderSession) -> None:
    group = _group(session)
    rule = ReferenceRule.parse("formats=.txt")  # a.txt and keep/d.txt tie: a.txt by its path
    shuffled = Group(group.reference, (group.members[0], *reversed(group.members[1:])), group.max_distance)
    assert choose_reference(session, group, rule, K) == choose_reference(session, shuffled, rule, K)
    assert _path(session, choose_reference(session, group, rule, K)[0]) == "a.txt"


def test_reprioritise_keeps_the_members_and_measures_to_the_new_reference(session: FolderSession) -> None:
    group = _group(session)
    done = reprioritise(session, [group], DEFAULT_REFERENCE_RULE, K)
    (moved,) = done.groups
    assert _path(session, moved.reference) == "long/b.md"
    assert set(moved.indices) == set(group.indices)
    assert done.changed == (group.reference != moved.reference) and done.held_back == 0
    for member in moved.members[1:]:
        figures = session.pair(moved.reference, member.index, K)
        assert member.distance == figures.distance <= K and figures.near_duplicate
    again = reprioritise(session, done.groups, DEFAULT_REFERENCE_RULE, K)
    assert again.changed == 0 and again.groups == done.groups  # deterministic: a second pass changes nothing


def test_reprioritise_measures_each_pair_once(session: FolderSession, monkeypatch: pytest.MonkeyPatch) -> None:
    from simcompare.core.folder import cleaner
    from simcompare.core.folder import reprioritise as module
    from simcompare.core.folder import session as session_module
    from simcompare.core.search.verify import resemblance

    group = _group(session)
    one_by_one = set_reference(
        session, group, reprioritise(session, [group], DEFAULT_REFERENCE_RULE, K).groups[0].reference
    )
    asked: list[tuple[int, int]] = []

    def counted(a: object, b: object) -> float:
        asked.append((id(a), id(b)))
        return resemblance(a, b)  # type: ignore[arg-type]

    measure_many = session_module.FolderSession.resemblances

    def counted_many(self: FolderSession, left: np.ndarray, right: np.ndarray) -> np.ndarray:
        asked.extend(zip(left.tolist(), right.tolist(), strict=True))
        return measure_many(self, left, right)

    monkeypatch.setattr(module, "resemblance", counted)
    monkeypatch.setattr(cleaner, "resemblance", counted)
    monkeypatch.setattr(session_module, "resemblance", counted)  # what pair() would measure
    monkeypatch.setattr(session_module.FolderSession, "resemblances", counted_many)  # many pairs at once
    done = reprioritise(session, [group], DEFAULT_REFERENCE_RULE, K)
    assert done.changed == 1 and done.groups == [one_by_one]  # the same group as measured afresh
    # deciding the new reference may lead measured it against every member not identical to it, once each
    different = [m for m in group.members if session.identity(m.index) != session.identity(one_by_one.reference)]
    assert len(asked) == len(different)


def test_a_member_that_may_not_lead_is_passed_over(session: FolderSession) -> None:
    group = _group(session)
    other = session.index_of("other.txt")
    assert other is not None
    # a group (as an older k could have made it) where the file with most words is not close to every member
    wide = Group(group.reference, (*group.members, Member(other, 30, 0.0)), group.max_distance)
    best = session.index_of("long/b.md")
    assert best is not None and not may_lead(session, wide, best, K)
    assert may_lead(session, wide, wide.reference, K)  # the group was made around its reference
    done = reprioritise(session, [wide], DEFAULT_REFERENCE_RULE, K)
    assert done.groups == [wide] and done.changed == 0 and done.held_back == 1


def test_a_file_in_a_reference_folder_stays_the_reference(session: FolderSession) -> None:
    group = _group(session)
    keep = os.path.join(session.root, "keep")
    done = reprioritise(session, [group], DEFAULT_REFERENCE_RULE, K, reference_folders=[keep])
    assert _path(session, done.groups[0].reference) == "keep/d.txt"


def test_rules_read_and_write_their_command_line_form(tmp_path: Path) -> None:
    rule = ReferenceRule.parse(f" Words , newest,folder={tmp_path},formats=.MD/txt ")
    assert rule.criteria == (Criterion.WORDS, Criterion.NEWEST, Criterion.FOLDER, Criterion.FORMATS)
    assert rule.formats == (".md", ".txt") and rule.folder == str(tmp_path)
    assert ReferenceRule.parse(rule.text()) == rule
    assert ReferenceRule.parse(f"inside-folder={tmp_path},words") == ReferenceRule.parse(f"folder={tmp_path},words")
    assert DEFAULT_REFERENCE_RULE.text() == "words,plain-name,newest,largest"
    for text, message in (
        ("biggest", "unknown criterion 'biggest'"),
        ("words,words", "each criterion may come once"),
        ("folder", "needs the folder"),
        ("formats", "needs the preferred endings"),
        ("newest=1", "only folder= and formats= take a value"),
        ("", "unknown criterion ''"),
    ):
        with pytest.raises(ValueError, match=message):
            ReferenceRule.parse(text)


def test_choosing_references_is_one_step_to_undo_and_redo(session: FolderSession) -> None:
    group = _group(session)
    cleaner = CleanerState()
    cleaner.show_groups([group])
    others = [i for i in group.indices if i != group.reference]
    cleaner.replace_marks(others)
    done = reprioritise(session, [group], DEFAULT_REFERENCE_RULE, K)
    new = done.groups[0].reference
    assert new != group.reference and new in cleaner.marks
    changed = cleaner.choose_references([group], [new])
    assert changed == {new} and new not in cleaner.marks  # a reference is never marked
    assert cleaner.preferred == {new}
    cleaner.show_groups(done.groups)
    assert cleaner.undo() is not None
    # the old references come back; the marks wait for the groups made with them
    assert cleaner.preferred == frozenset() and cleaner.holding and not cleaner.marks
    cleaner.show_groups([group])
    cleaner.restore_marks()
    assert cleaner.marks == frozenset(others)
    assert cleaner.redo() is not None and cleaner.preferred == {new}
    cleaner.show_groups(done.groups)
    cleaner.restore_marks()
    assert cleaner.marks == frozenset(others) - {new}
    assert cleaner.choose_references([group], [new]) == set() and cleaner.can_undo  # nothing new: no step
    with pytest.raises(ValueError, match="not members"):
        cleaner.choose_references([group], [10_000])


def test_a_file_left_out_joins_no_group_and_comes_back_on_undo(session: FolderSession) -> None:
    group = _group(session)
    cleaner = CleanerState()
    cleaner.show_groups([group])
    out = session.index_of("long/b.md")
    assert out is not None
    cleaner.replace_marks([out])
    cleaner.leave_out([out])
    assert cleaner.left_out == {out} and cleaner.holding
    (without,) = session.groups(K, leave_out=cleaner.left_out)
    assert out not in without.indices and len(without) == len(group) - 1
    assert cleaner.undo() is not None and cleaner.left_out == frozenset()
    cleaner.show_groups(session.groups(K, leave_out=cleaner.left_out))
    cleaner.restore_marks()
    assert cleaner.marks == {out}
    # leaving out every member but one: no group is left
    rest = [i for i in group.indices if i != group.reference]
    assert session.groups(K, leave_out=rest) == []


def test_a_left_out_file_still_joins_its_identical_copies(root: Path) -> None:
    (root / "z_copy.txt").write_text(EN, encoding="utf-8")  # a.txt's text: a.txt stands for both
    session = _scan(root)
    first = session.index_of("a.txt")
    assert first is not None
    (group,) = session.groups(K, leave_out=[first])
    paths = {_path(session, i) for i in group.indices}
    assert "z_copy.txt" in paths and "a.txt" not in paths and "long/b.md" in paths


def test_not_duplicates_take_the_file_out_of_its_group(session: FolderSession) -> None:
    group = _group(session)
    for member in group.members[1:]:
        session.mark_not_duplicates(group.reference, member.index)
        for regrouped in session.groups(K):  # no second chance brings the pair back as member and reference
            pair = {group.reference, member.index}
            assert not (pair <= set(regrouped.indices) and regrouped.reference in pair), regrouped
    # the reference refused by every member: a group left with one file disappears
    assert all(group.reference not in g.indices for g in session.groups(K))


def test_a_reference_chosen_by_hand_is_one_step_to_undo_and_redo(session: FolderSession) -> None:
    group = _group(session)
    cleaner = CleanerState()
    cleaner.show_groups([group])
    other = next(i for i in group.indices if i != group.reference)
    cleaner.mark([other])
    assert cleaner.choose_reference(group, other) == {other}  # Make this the reference: it loses its mark
    assert cleaner.preferred == {other} and not cleaner.marks
    assert cleaner.undo() is not None  # the choice goes back; the mark waits for the groups made without it
    assert cleaner.preferred == frozenset() and cleaner.holding
    cleaner.show_groups([group])
    assert cleaner.restore_marks() == {other} and cleaner.marks == {other}
    assert cleaner.redo() is not None and cleaner.preferred == {other} and cleaner.holding
    cleaner.show_groups([set_reference(session, group, other)])
    cleaner.restore_marks()
    assert not cleaner.marks  # the reference again, never marked
    assert cleaner.choose_reference(group, other) == set()  # nothing new: no step of its own
    assert cleaner.undo() is not None and cleaner.preferred == frozenset()


@pytest.mark.parametrize(
    "text",
    [
        "words,newest,largest",
        "words,plain-name,newest",
        "oldest,shortest-path",
        "formats=.md/.txt,folder=keep,largest",
        "folder=long",
    ],
)
def test_the_keys_of_many_files_are_each_ones(session: FolderSession, text: str) -> None:
    rule = ReferenceRule.parse(text.replace("folder=", f"folder={session.root}{os.sep}"))
    key = rule.key(session)
    indices = [*range(len(session.files)), 0]  # a file twice is measured once
    assert rule.keys(session, indices) == {i: key(i) for i in indices}


def test_a_group_whose_first_member_may_not_lead_measures_the_next_one_by_one(session: FolderSession) -> None:
    group = _group(session)
    other = session.index_of("other.txt")
    assert other is not None
    wide = Group(group.reference, (*group.members, Member(other, 30, 0.0)), group.max_distance)
    chosen = [choose_reference(session, g, DEFAULT_REFERENCE_RULE, K) for g in (group, wide)]
    done = reprioritise(session, [group, wide], DEFAULT_REFERENCE_RULE, K)
    assert [g.reference for g in done.groups] == [index for index, _ in chosen]
    assert done.held_back == sum(passed for _, passed in chosen)


def test_the_default_rule_keeps_the_original_rather_than_a_newer_copy_of_the_same_words(tmp_path: Path) -> None:
    """A copy made later ("a (copy).txt", "Copy of a.txt") is the newest of its words: *newest* alone would keep it
    and mark the original; *plain-name* before *newest* keeps the original, and the copy's words still win when
    they are more."""
    root = tmp_path / "docs"
    root.mkdir()
    for name, seconds in (("notes.txt", 1), ("notes (copy).txt", 5), ("Copy of notes.txt", 6)):
        (root / name).write_text(EN, encoding="utf-8")
        os.utime(root / name, ns=(seconds * 10**18, seconds * 10**18))
    session = _scan(root)
    (group,) = session.groups(K)
    chosen = reprioritise(session, [group], DEFAULT_REFERENCE_RULE, K).groups[0].reference
    assert _path(session, chosen) == "notes.txt"
    newest = reprioritise(session, [group], ReferenceRule.parse("words,newest,largest"), K).groups[0].reference
    assert _path(session, newest) == "Copy of notes.txt"  # what the rule before it kept
    (root / "notes (copy).txt").write_text(EN + " And one more sentence of its own.", encoding="utf-8")
    session = _scan(root)
    (group,) = session.groups(K)
    chosen = reprioritise(session, [group], DEFAULT_REFERENCE_RULE, K).groups[0].reference
    assert _path(session, chosen) == "notes (copy).txt"  # more words: the fuller text is kept, whatever its name


@pytest.mark.parametrize(
    ("name", "copy"),
    [
        ("notes (copy).txt", True),
        ("dir/notes - Copy (2).docx", True),
        ("Copy of notes.txt", True),
        ("notes (1).txt", True),
        ("notes copy 2.txt", True),
        ("notes_copy.md", True),
        ("notes - 副本.txt", True),
        ("notes - コピー.txt", True),
        ("Copy of photos/notes.txt", False),
        ("notes (copy)/a.txt", False),
        ("notes.txt", False),
        ("notes (2019).txt", False),
        ("copy.txt", False),
        ("copyright.txt", False),
        ("photocopy.txt", False),
        ("copy/notes.txt", False),
        ("COPYING", False),
    ],
)
def test_names_read_as_a_copy(name: str, copy: bool) -> None:
    assert named_as_a_copy(name) is copy
    assert copies_named(["other.txt", name]).tolist() == [False, copy]


@given(
    st.lists(
        st.lists(
            st.sampled_from(
                [
                    "notes",
                    "Copy",
                    "copy",
                    "COPIE",
                    " ",
                    "-",
                    "_",
                    ".",
                    "/",
                    "(",
                    ")",
                    "2",
                    "19",
                    "of ",
                    "副本",
                    "的",
                    "コピー",
                    "\n",
                    "İ",
                    "txt",
                    "Kopie",
                    "(2)",
                    " (copy)",
                    " - Copy",
                    "Copy of ",
                    " 副本",
                    " - コピー",
                    ".md",
                ]
            ),
            max_size=8,
        ).map("".join),
        max_size=12,
    )
)
def test_the_names_read_at_once_are_those_read_one_by_one(paths: list[str]) -> None:
    """copies_named looks only at the names that hold a marker: none the pattern takes may lack one."""
    one_by_one = [
        reprioritise_module._COPY_NAME.search(path.rsplit("/", 1)[-1].replace("\n", " ")) is not None for path in paths
    ]
    assert copies_named(paths).tolist() == one_by_one
