"""Several folders in one scan, each normal, reference or excluded: real folders in tmp_path."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from helpers.texts import EN_A, ZH_A, ZH_B

from simcompare.core.errors import InputError
from simcompare.core.folder.cleaner import apply_reference_folders, marks_by_rule, protected_members
from simcompare.core.folder.cleaner_state import CleanerState
from simcompare.core.folder.roots import RootPlan, RootRole, ScanRoot, plan_roots, with_reference_roots
from simcompare.core.folder.scan import ScanOptions, scan
from simcompare.core.folder.session import FolderSession
from simcompare.core.folder.skipped import SkipReason
from simcompare.core.formats.results import load_results, results_json, results_text

NORMAL, REFERENCE, EXCLUDED = RootRole.NORMAL, RootRole.REFERENCE, RootRole.EXCLUDED


def opts() -> ScanOptions:
    return ScanOptions(workers=1)


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """work/{a,b}: a/zh.txt, a/inner/zh_copy.txt, a/skip/zh_b.txt, b/en.txt, keep/zh.txt."""
    base = tmp_path / "work"
    write(base / "a" / "zh.txt", ZH_A)
    write(base / "a" / "inner" / "zh_copy.txt", ZH_A)
    write(base / "a" / "skip" / "zh_b.txt", ZH_B)
    write(base / "b" / "en.txt", EN_A)
    write(base / "keep" / "zh.txt", ZH_A)
    return base


def paths(result: object) -> list[str]:
    return [f.path for f in result.files]  # type: ignore[attr-defined]


def test_one_folder_is_a_scan_as_before(tree: Path) -> None:
    one = scan(tree / "a", options=opts())
    also = scan([(tree / "a", NORMAL)], options=opts())
    assert one.roots == also.roots == ()
    assert one.root == also.root == str((tree / "a").resolve())
    assert paths(one) == paths(also) == ["inner/zh_copy.txt", "skip/zh_b.txt", "zh.txt"]
    assert not one.plan.several and one.plan.shown("zh.txt") == ("", "zh.txt")


def test_two_roots_have_their_common_folder_as_root(tree: Path) -> None:
    result = scan([(tree / "a", NORMAL), (tree / "b", NORMAL)], options=opts())
    assert result.root == str(tree.resolve())
    assert paths(result) == ["a/inner/zh_copy.txt", "a/skip/zh_b.txt", "a/zh.txt", "b/en.txt"]
    plan = result.plan
    assert plan.several
    assert plan.shown("b/en.txt") == ("b", "en.txt")
    assert plan.shown("a/inner/zh_copy.txt") == ("a", "inner/zh_copy.txt")


def test_overlapping_roots_read_each_file_once(tree: Path) -> None:
    link = tree / "alias"
    link.symlink_to(tree / "a", target_is_directory=True)
    given = [(tree / "a", NORMAL), (str(tree / "a") + "/", NORMAL), (link, NORMAL)]
    result = scan(given, options=opts())
    assert paths(result) == ["inner/zh_copy.txt", "skip/zh_b.txt", "zh.txt"]
    assert result.stats.listed == 3


def test_nested_root_owns_its_files_and_they_are_read_once(tree: Path) -> None:
    result = scan([(tree / "a", NORMAL), (tree / "a" / "inner", REFERENCE)], options=opts())
    assert paths(result) == ["inner/zh_copy.txt", "skip/zh_b.txt", "zh.txt"]
    assert result.stats.listed == 3
    plan = result.plan
    inner = plan.root_of("inner/zh_copy.txt")
    assert inner is not None and inner.role is REFERENCE and inner.path == str((tree / "a" / "inner").resolve())
    assert plan.role_of("zh.txt") is NORMAL
    assert plan.shown("inner/zh_copy.txt") == ("inner", "zh_copy.txt")


def test_excluded_root_and_everything_under_it_is_not_read(tree: Path) -> None:
    result = scan([(tree / "a", NORMAL), (tree / "a" / "skip", EXCLUDED)], options=opts())
    assert paths(result) == ["inner/zh_copy.txt", "zh.txt"]
    excluded = [s for s in result.skipped if s.reason is SkipReason.EXCLUDED and s.path == "skip"]
    assert len(excluded) == 1
    # a normal root inside an excluded one is still scanned: the innermost root decides
    write(tree / "a" / "skip" / "deep" / "en.txt", EN_A)
    again = scan(
        [(tree / "a", NORMAL), (tree / "a" / "skip", EXCLUDED), (tree / "a" / "skip" / "deep", NORMAL)],
        options=opts(),
    )
    assert paths(again) == ["inner/zh_copy.txt", "skip/deep/en.txt", "zh.txt"]


def test_only_excluded_roots_or_a_missing_root_are_refused(tree: Path) -> None:
    with pytest.raises(InputError, match="every folder given is excluded"):
        scan([(tree / "a", EXCLUDED)], options=opts())
    with pytest.raises(InputError, match="nowhere does not exist"):
        scan([(tree / "a", NORMAL), (tree / "nowhere", NORMAL)], options=opts())
    with pytest.raises(ValueError, match="role must be one of"):
        plan_roots([ScanRoot(str(tree), "boss")])  # type: ignore[arg-type]


def reference_scan(tree: Path) -> tuple[FolderSession, list]:
    result = scan([(tree / "a", NORMAL), (tree / "keep", REFERENCE)], options=opts())
    session = FolderSession(result)
    folders = with_reference_roots([], result.roots)
    assert folders == (str((tree / "keep").resolve()),)
    groups = apply_reference_folders(session, session.groups(3), folders)
    return session, groups


def test_a_reference_root_file_is_the_reference_and_never_marked(tree: Path) -> None:
    session, groups = reference_scan(tree)
    files = session.files
    [group] = [g for g in groups if "a/zh.txt" in {files[m.index].path for m in g.members}]
    assert files[group.reference].path == "keep/zh.txt"  # not the shorter a/zh.txt
    folders = with_reference_roots([], session.result.roots)
    protected = protected_members(session, groups, folders)
    assert {files[i].path for i in protected} == {"keep/zh.txt"}
    for rule in ("all-but-reference", "all-but-newest", "all-but-oldest", "all-but-largest"):
        marked = marks_by_rule(session, groups, rule, reference_folders=folders)
        assert session.index_of("keep/zh.txt") not in marked
    cleaner = CleanerState(folders)
    cleaner.start(session)
    cleaner.show_groups(groups, protected)
    cleaner.mark_all()
    assert session.index_of("keep/zh.txt") not in cleaner.marks
    assert session.index_of("a/zh.txt") in cleaner.marks


def test_results_round_trip_with_roots(tree: Path) -> None:
    session, groups = reference_scan(tree)
    data = json.loads(results_text(session, groups, 3))
    assert data["settings"]["roots"] == [
        {"path": str((tree / "a").resolve()), "role": "normal"},
        {"path": str((tree / "keep").resolve()), "role": "reference"},
    ]
    loaded = load_results(data)
    assert loaded.result.roots == session.result.roots
    assert loaded.result.root == session.root
    assert paths(loaded.result) == paths(session.result)
    assert not loaded.changed and not loaded.gone
    assert loaded.result.plan.shown("keep/zh.txt") == ("keep", "zh.txt")


def test_an_old_single_root_results_file_still_loads(tree: Path) -> None:
    result = scan(tree / "a", options=opts())
    session = FolderSession(result)
    data = results_json(session, session.groups(3), 3)
    assert "roots" not in data["settings"]  # type: ignore[operator]
    loaded = load_results(json.loads(json.dumps(data)))
    assert loaded.result.roots == () and loaded.result.root == result.root


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d, t: d["settings"].update(roots=[{"path": "/etc", "role": "normal"}]), "not inside"),
        (lambda d, t: d["settings"].update(roots=[{"path": "relative", "role": "normal"}]), "absolute"),
        (lambda d, t: d["settings"].update(roots=[{"path": str(t / "a"), "role": "owner"}]), "role"),
        (lambda d, t: d["settings"].update(roots="everything"), "list"),
        (lambda d, t: d["settings"].update(roots=[]), "list"),
        (lambda d, t: d["settings"]["roots"].append(dict(d["settings"]["roots"][0])), "twice"),
        # the common folder widened to reach files beside the roots
        (lambda d, t: d["settings"].update(root=str(t.parent)), "common folder"),
        # a record that no scanned root holds
        (
            lambda d, t: d["settings"].update(
                roots=[{"path": str(t / "a"), "role": "normal"}, {"path": str(t / "b"), "role": "normal"}]
            ),
            "none of the scanned",
        ),
        # a record under a root turned excluded
        (lambda d, t: d["settings"]["roots"].append({"path": str(t / "a" / "inner"), "role": "excluded"}), "excluded"),
        (lambda d, t: d["settings"].update(roots=[{"path": str(t / "keep"), "role": "excluded"}]), "no scanned root"),
    ],
)
def test_crafted_roots_are_refused(tree: Path, change: object, message: str) -> None:
    session, groups = reference_scan(tree)
    data = json.loads(results_text(session, groups, 3))
    change(data, tree.resolve())  # type: ignore[operator]
    with pytest.raises(ValueError, match=message):
        load_results(data)


def test_plan_checks_its_roots() -> None:
    with pytest.raises(ValueError, match="absolute, normalised"):
        ScanRoot("a/../b")
    plan = RootPlan("/w", (ScanRoot("/w/a"), ScanRoot("/w/a/x", EXCLUDED)))
    assert plan.check_records(["a/1.txt"]) == ""
    assert "excluded" in plan.check_records(["a/x/1.txt"])
    assert "none of the scanned" in plan.check_records(["b/1.txt"])
    assert plan.root_of("ab/1.txt") is None  # a sibling whose name starts like a root's is not inside it


def test_roots_far_apart_scan_from_their_common_folder(tmp_path: Path) -> None:
    one = write(tmp_path / "x" / "y" / "z" / "a.txt", ZH_A).parent
    two = write(tmp_path / "q" / "b.txt", ZH_A).parent
    result = scan([(one, NORMAL), (two, NORMAL)], options=opts())
    assert result.root == str(tmp_path.resolve())
    assert paths(result) == ["q/b.txt", "x/y/z/a.txt"]
    session = FolderSession(result)
    assert os.path.samefile(session.absolute(session.index_of("x/y/z/a.txt") or 0), one / "a.txt")
