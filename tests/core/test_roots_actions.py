"""Acting on a scan of several folders: a destination beside them is fine, none inside or holding one, and
the folders themselves are never removed as 'left empty'."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.mounts import bind_mount
from helpers.texts import EN_A, ZH_A

from simcompare.core.folder.actions import check_destination, expected_of, move_scanned
from simcompare.core.folder.replace import copy_scanned
from simcompare.core.folder.roots import RootRole
from simcompare.core.folder.scan import ScanOptions, scan

NORMAL = RootRole.NORMAL


@pytest.fixture
def home(tmp_path: Path) -> Path:
    for rel, text in {"a/x.txt": ZH_A, "b/deep/y.txt": EN_A}.items():
        path = tmp_path / "home" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path / "home"


def test_a_destination_beside_the_folders_is_fine_but_not_inside_or_above_one(home: Path) -> None:
    scanned = [str(home / "a"), str(home / "b")]
    root = str(home)  # their common folder
    check_destination(root, str(home / "dupes"), scanned)
    check_destination(root, str(home.parent / "elsewhere"), scanned)
    for refused in (home, home / "a", home / "b" / "deep", home.parent):
        with pytest.raises(ValueError):
            check_destination(root, str(refused), scanned)
    # one folder: the folder itself, what lies inside it and what holds it are refused; beside it is fine
    check_destination(str(home / "a"), str(home / "b"), ())
    for refused in (home / "a", home / "a" / "sub", home, home.parent):
        with pytest.raises(ValueError):
            check_destination(str(home / "a"), str(refused), ())


def test_a_bind_mount_of_the_scanned_folder_is_the_scanned_folder(home: Path, tmp_path: Path) -> None:
    (tmp_path / "mounted").mkdir()
    with bind_mount(home, tmp_path / "mounted") as mounted:  # skips with its reason where mounting is not allowed
        for refused in (mounted, mounted / "a", mounted / "a" / "new"):
            with pytest.raises(ValueError):
                check_destination(str(home / "a"), str(refused), ())


def test_moving_from_two_folders_to_one_beside_them_keeps_the_folders(home: Path) -> None:
    result = scan([(home / "a", NORMAL), (home / "b", NORMAL)], options=ScanOptions(workers=1))
    assert result.root == str(home.resolve())
    scanned = tuple(r.path for r in result.roots)
    expected = [expected_of(f) for f in result.files]
    report = move_scanned(result.root, expected, str(home / "dupes"), remove_empty=True, keep=scanned, scanned=scanned)
    assert sorted(report.moved_paths) == ["a/x.txt", "b/deep/y.txt"] and not report.stayed
    assert (home / "dupes" / "a" / "x.txt").read_text(encoding="utf-8") == ZH_A
    assert (home / "a").is_dir() and (home / "b").is_dir()  # scanned folders stay, though empty
    assert not (home / "b" / "deep").exists()  # a folder the move left empty goes


def test_copying_into_a_scanned_folder_is_refused_before_anything_is_written(home: Path) -> None:
    result = scan([(home / "a", NORMAL), (home / "b", NORMAL)], options=ScanOptions(workers=1))
    scanned = tuple(r.path for r in result.roots)
    with pytest.raises(ValueError):
        copy_scanned(result.root, [expected_of(f) for f in result.files], str(home / "b" / "copies"), scanned=scanned)
    assert not (home / "b" / "copies").exists()
