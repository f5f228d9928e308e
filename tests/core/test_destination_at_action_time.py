"""The destination as the action finds it. A scanned folder mounted at the destination after the destination was
checked, before the files go: the check cannot see it, so each folder a file is put into is compared with the
scanned folders right before (real bind mounts; the mount is made from the action's own progress call, between the
check and the first file). And the check's walk of the scanned folders stops when the action is cancelled."""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers.files import expected_of
from helpers.mounts import bind_mount

from simcompare.core.folder import actions
from simcompare.core.folder.actions import check_destination, move_scanned
from simcompare.core.folder.replace import copy_scanned
from simcompare.core.folder.safe_paths import SkipReason
from simcompare.core.progress import Stage

TEXT = b"a scanned file that must stay inside the scanned folder only where the user keeps it\n"


def _mounting_at_first_call(stack: contextlib.ExitStack, source: Path, where: Path) -> Callable[..., None]:
    def progress(done: int, total: int, stage: Stage) -> None:
        if done == 0 and not stack._exit_callbacks:
            stack.enter_context(bind_mount(source, where))

    return progress


@pytest.mark.parametrize("action", ["move", "copy"])
def test_a_scanned_folder_mounted_at_the_destination_after_the_check_gets_no_file(tmp_path: Path, action: str) -> None:
    root = tmp_path / "root"
    (root / "sub").mkdir(parents=True)
    (root / "sub" / "b.txt").write_bytes(TEXT)
    dest = tmp_path / "dest"
    dest.mkdir()
    files = [expected_of(root, "sub/b.txt")]
    with contextlib.ExitStack() as stack:
        progress = _mounting_at_first_call(stack, root, dest)  # dest becomes the scanned folder itself
        run = move_scanned if action == "move" else copy_scanned
        report = run(str(root), files, str(dest), progress=progress)
        assert stack._exit_callbacks, "the mount was not made: the test did not test"
        inside = sorted(str(p.relative_to(root)) for p in root.rglob("*"))
    assert inside == ["sub", "sub/b.txt"], f"the {action} put files inside the scanned folder: {inside}"
    (outcome,) = report.outcomes
    assert not outcome.ok
    assert outcome.skipped is SkipReason.UNREACHABLE
    assert "mounted there since the destination was checked" in outcome.error
    assert (root / "sub" / "b.txt").read_bytes() == TEXT
    assert sorted(p.name for p in dest.iterdir()) == [], "a folder made for the file was left at the destination"


def test_a_folder_below_a_scanned_one_mounted_inside_the_destination_after_the_check_gets_no_file(
    tmp_path: Path,
) -> None:
    root = tmp_path / "root"
    (root / "docs" / "deep").mkdir(parents=True)
    (root / "docs" / "b.txt").write_bytes(TEXT)
    dest = tmp_path / "dest"
    (dest / "docs").mkdir(parents=True)
    files = [expected_of(root, "docs/b.txt")]
    with contextlib.ExitStack() as stack:
        progress = _mounting_at_first_call(stack, root / "docs" / "deep", dest / "docs")
        report = move_scanned(str(root), files, str(dest), progress=progress)
        assert stack._exit_callbacks
        below = sorted(p.name for p in (root / "docs" / "deep").iterdir())
    assert below == [], f"the move put {below} into a folder of the scanned one"
    (outcome,) = report.outcomes
    assert outcome.skipped is SkipReason.UNREACHABLE
    assert (root / "docs" / "b.txt").read_bytes() == TEXT


def test_the_check_names_the_folders_no_file_may_go_into(tmp_path: Path) -> None:
    root = tmp_path / "root"
    (root / "a" / "b").mkdir(parents=True)
    forbidden = check_destination(str(root), str(tmp_path / "dest"))
    for folder in (root, root / "a", root / "a" / "b", tmp_path):
        info = os.stat(folder)
        assert (info.st_dev, info.st_ino) in forbidden, folder
    quick = check_destination(str(root), str(tmp_path / "dest"), look_inside=False)
    assert (os.stat(root).st_dev, os.stat(root).st_ino) in quick
    assert (os.stat(root / "a").st_dev, os.stat(root / "a").st_ino) not in quick  # no walk: the action's


@pytest.mark.parametrize("action", ["move", "copy"])
def test_a_cancel_stops_the_destination_check_before_the_scanned_folders_are_walked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, action: str
) -> None:
    """On a large or slow tree (a network share) the walk takes long: Cancel stops it, and every file is reported
    not reached; nothing is made at the destination."""
    root = tmp_path / "root"
    for n in range(50):
        (root / f"d{n:02d}").mkdir(parents=True)
    (root / "d00" / "a.txt").write_bytes(TEXT)
    listed: list[str] = []
    listing = actions._listing

    def counted(folder: str):  # type: ignore[no-untyped-def]
        listed.append(folder)
        return listing(folder)

    monkeypatch.setattr(actions, "_listing", counted)
    cancel = threading.Event()
    cancel.set()
    run = move_scanned if action == "move" else copy_scanned
    report = run(str(root), [expected_of(root, "d00/a.txt")], str(tmp_path / "dest"), cancel=cancel)
    assert listed == [], f"the walk went on after Cancel: {len(listed)} folders listed"
    assert [o.skipped for o in report.outcomes] == [SkipReason.CANCELLED]
    assert (root / "d00" / "a.txt").read_bytes() == TEXT
    assert not (tmp_path / "dest").exists()
    cancel.clear()
    check_destination(str(root), str(tmp_path / "dest"))
    assert len(listed) == 51  # the same walk, not cancelled, lists every folder
