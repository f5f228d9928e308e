"""The cleaner's core: marking rules, a new reference, reference folders, moves that never overwrite, the
action log, and saved results that reopen without a scan."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest

from simcompare.core.defaults import default_k
from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder.actions import ActionKind, ActionLog, free_name, move_keeping_paths, trash_files
from simcompare.core.folder.cleaner import (
    MarkRule,
    apply_reference_folders,
    inside,
    marks_by_rule,
    set_reference,
    within,
)
from simcompare.core.folder.scan import ScanOptions, scan
from simcompare.core.folder.session import FolderSession, NotDuplicates
from simcompare.core.formats.results import load_results, results_json
from simcompare.core.search.groups import Group, Member, with_reference

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


@pytest.fixture
def session(tmp_path: Path) -> FolderSession:
    root = tmp_path / "docs"
    (root / "keep").mkdir(parents=True)
    (root / "copies" / "deep").mkdir(parents=True)
    (root / "keep" / "a.txt").write_text(EN, encoding="utf-8")
    (root / "copies" / "b.txt").write_text(EN.replace("quiet", "silent") + " More words here.", encoding="utf-8")
    (root / "copies" / "deep" / "c.txt").write_text(EN.replace("harvest", "crop"), encoding="utf-8")
    (root / "same.txt").write_text(EN, encoding="utf-8")
    (root / "other.txt").write_text(OTHER, encoding="utf-8")
    times = {"keep/a.txt": 3, "copies/b.txt": 1, "copies/deep/c.txt": 2, "same.txt": 4}
    for rel, t in times.items():
        os.utime(root / rel, ns=(t * 10**18, t * 10**18))
    result = scan(root, Config(segmenter="words"), ScanOptions(workers=1, in_process=True))
    return FolderSession(result, not_duplicates=NotDuplicates(tmp_path / "nd.json"))


def _paths(session: FolderSession, indices) -> set[str]:
    return {session.files[i].path for i in indices}


def _group(session: FolderSession) -> Group:
    groups = session.groups(default_k(64))
    assert len(groups) == 1
    return groups[0]


def test_rules_keep_one_file_per_group(session: FolderSession) -> None:
    group = _group(session)
    members = _paths(session, group.indices)
    assert members == {"keep/a.txt", "copies/b.txt", "copies/deep/c.txt", "same.txt"}
    expected_kept = {
        MarkRule.ALL_BUT_REFERENCE: session.files[group.reference].path,
        MarkRule.ALL_BUT_OLDEST: "copies/b.txt",
        MarkRule.ALL_BUT_NEWEST: "same.txt",
        MarkRule.ALL_BUT_LARGEST: "copies/b.txt",
        MarkRule.ALL_BUT_SHORTEST_PATH: "same.txt",
        MarkRule.ALL_BUT_LONGEST_PATH: "copies/deep/c.txt",
    }
    for rule, kept in expected_kept.items():
        marked = _paths(session, marks_by_rule(session, [group], rule))
        assert marked == members - {kept}, rule


def test_inside_a_folder_and_reference_folders(session: FolderSession) -> None:
    group = _group(session)
    copies = os.path.join(session.root, "copies")
    assert _paths(session, marks_by_rule(session, [group], "inside-folder", folder=copies)) == {
        "copies/b.txt",
        "copies/deep/c.txt",
    }
    # the whole folder: the reference stays unmarked, so one copy is always left
    everything = marks_by_rule(session, [group], MarkRule.INSIDE_FOLDER, folder=session.root)
    assert group.reference not in everything and len(everything) == len(group) - 1
    keep = os.path.join(session.root, "keep")
    marked = marks_by_rule(session, [group], MarkRule.ALL_BUT_SMALLEST, reference_folders=[keep])
    assert "keep/a.txt" not in _paths(session, marked)
    (led,) = apply_reference_folders(session, [group], [keep])
    assert session.files[led.reference].path == "keep/a.txt"
    with pytest.raises(ValueError, match="needs the folder"):
        marks_by_rule(session, [group], MarkRule.INSIDE_FOLDER)
    with pytest.raises(ValueError, match="rule must be one of"):
        marks_by_rule(session, [group], "biggest")


def test_a_new_reference_recomputes_distances(session: FolderSession) -> None:
    group = _group(session)
    target = next(m.index for m in group.members if session.files[m.index].path == "copies/b.txt")
    moved = set_reference(session, group, target)
    assert moved.reference == target and moved.members[0].index == target
    assert set(moved.indices) == set(group.indices)
    for m in moved.members[1:]:
        figures = session.pair(target, m.index, 64)
        assert m.distance == figures.distance
        assert m.verified == pytest.approx(figures.resemblance)
    with pytest.raises(ValueError, match="not a member"):
        with_reference(group, 10_000, [0] * 5)


def test_a_new_reference_knows_identical_copies_among_the_members(session: FolderSession) -> None:
    group = _group(session)
    target = next(m.index for m in group.members if session.files[m.index].path == "same.txt")
    moved = set_reference(session, group, target)
    identical = {session.files[m.index].path for m in moved.members[1:] if m.identical}
    assert identical == {"keep/a.txt"}  # the same text; the edited copies are not
    original = session.index_of("keep/a.txt")
    assert original is not None and session.identity(target) == session.identity(original)


def test_within_compares_whole_path_parts(tmp_path: Path) -> None:
    test = within([str(tmp_path / "copies"), str(tmp_path / "keep") + os.sep])
    assert test(str(tmp_path / "copies" / "a.txt")) and test(str(tmp_path / "keep" / "deep" / "b.txt"))
    assert not test(str(tmp_path / "copies2" / "a.txt"))  # a longer name is another folder
    assert not test(str(tmp_path / "other" / "copies" / "a.txt"))
    assert not test(str(tmp_path / "copies"))  # the folder itself is not a file inside it
    assert not within([])(str(tmp_path / "a.txt"))
    for path in (tmp_path / "copies" / "x", tmp_path / "copies2" / "x", tmp_path / "keep" / "y"):
        assert inside(str(path), [str(tmp_path / "copies"), str(tmp_path / "keep")]) == test(str(path))


def test_with_reference_marks_identical_members() -> None:
    group = Group(0, (Member(0, 0, 1.0), Member(1, 1, 0.9), Member(2, 2, 0.8)), 3)
    moved = with_reference(group, 2, [0b000, 0b001, 0b011], identical=["x", "y", "x"])
    # an identical member is at 0 from the new reference, whatever its bits (the same bytes read as two formats)
    assert moved.members == (Member(2, 0, 1.0), Member(0, 0, 1.0, identical=True), Member(1, 1, None))


def test_move_keeps_paths_and_never_overwrites(session: FolderSession, tmp_path: Path) -> None:
    destination = tmp_path / "moved"
    (destination / "copies").mkdir(parents=True)
    (destination / "copies" / "b.txt").write_text("already here", encoding="utf-8")
    outcomes = move_keeping_paths(session.root, ["copies/b.txt", "copies/deep/c.txt", "missing.txt"], str(destination))
    assert [o.ok for o in outcomes] == [True, True, False]
    assert (destination / "copies" / "b.txt").read_text(encoding="utf-8") == "already here"
    assert outcomes[0].target == str(destination / "copies" / "b (2).txt")
    assert (destination / "copies" / "deep" / "c.txt").is_file()
    assert not Path(session.root, "copies", "b.txt").exists()
    assert "no such file" in outcomes[2].error and outcomes[2].errno == errno.ENOENT
    with pytest.raises(ValueError, match="other than the scanned folder"):
        move_keeping_paths(session.root, ["same.txt"], session.root)
    assert free_name(destination / "copies" / "b.txt").name == "b (3).txt"


def test_trash_failures_are_reported_and_logged(tmp_path: Path) -> None:
    kept = tmp_path / "kept.txt"
    kept.write_text("x", encoding="utf-8")

    def refuse(path: str) -> None:
        raise PermissionError(13, "Permission denied", path)

    outcomes = trash_files([str(kept)], refuse)
    assert not outcomes[0].ok and outcomes[0].error == "Permission denied" and kept.exists()
    assert outcomes[0].errno == errno.EACCES  # the window words it by number
    log = ActionLog(tmp_path / "data" / "actions.log")
    log.write(ActionKind.TRASH, outcomes)
    line = log.path.read_text(encoding="utf-8").splitlines()[0].split("\t")
    assert line[1:] == ["trash", "failed", str(kept), "Permission denied"]


def test_saved_results_reopen_without_scanning(session: FolderSession) -> None:
    k = default_k(64)
    groups = session.groups(k)
    data = json.loads(json.dumps(results_json(session, groups, k)))
    assert data["format"] == "simcompare-scan" and data["version"] >= 2 and data["files"] == len(session.files)
    root = Path(session.root)
    (root / "other.txt").write_text(OTHER + " changed", encoding="utf-8")
    (root / "same.txt").unlink()
    loaded = load_results(data)
    assert loaded.result.files == session.files
    assert loaded.k == k and loaded.changed == ("other.txt",) and loaded.gone == ("same.txt",)
    again = FolderSession(loaded.result)
    assert [g.indices for g in again.groups(k)] == [g.indices for g in groups]
    del data["records"]
    with pytest.raises(ValueError, match="no per-file records"):
        load_results(data)
    with pytest.raises(ValueError, match="not simcompare results"):
        load_results({"format": "other"})
