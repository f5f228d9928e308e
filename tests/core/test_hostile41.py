"""Hostile round 41 on the destination check's mount table (core/folder/mounts.py, ``_refuse_mounted_again``) and on
the per-folder comparison an action makes right before it puts a file at the destination (``_target_folder``).

Each test fails on the code as it stands, for the reason its docstring gives; real files in tmp_path, real mounts
(skipped where the machine cannot mount), every mount undone by a context manager whatever happens."""

from __future__ import annotations

import contextlib
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from helpers.files import expected_of
from helpers.mounts import _unmount, bind_mount, overlay, small_tmpfs

from simcompare.core.folder.actions import check_destination, move_scanned
from simcompare.core.folder.mounts import MountTable
from simcompare.core.folder.replace import copy_scanned
from simcompare.core.progress import Stage

TEXT = b"a scanned file that must never be put back inside the scanned folder through the destination\n"


def _tree(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*"))


@contextlib.contextmanager
def _moved(mounted: Path, where: Path) -> Iterator[Path]:
    """The mount at ``mounted`` moved to ``where`` (``mount --move``) for the block; unmounted there after."""
    done = subprocess.run(["mount", "--move", str(mounted), str(where)], capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"this machine cannot move a mount: {done.stderr.strip()}")
    try:
        yield where
    finally:
        _unmount(where)


# ------------------------------------------------------------------ the mount table: a mount listed before its parent


def test_a_mount_listed_before_the_mount_it_is_on_is_not_hidden_by_it() -> None:
    """MountTable assumes a line of /proc/self/mountinfo that comes later was mounted later, so a later mount on
    "/x" hides every earlier one at or below "/x". Since Linux 6.8 the table is listed in the order of the mounts'
    ids, and a mount keeps its id when it is moved (``mount --move``, what every initramfs does with /dev, /proc,
    /sys and /run, what a container runtime does before pivot_root): a child can come before its own parent. This
    machine's own table starts that way ("22 27 0:21 / /proc", then "27 1 254:0 / /", /proc's parent). The table
    then drops /proc, /sys, /dev… and places /proc/sys on the root disk: location('/proc/sys') is
    (254:0, '/proc/sys'), not (0:21, '/sys'). Severity: medium (the table, the only guard where a walk cannot
    see, answers wrong for every mount moved into place; see the next test for a file moved into the scanned
    folder by it). Expected: a mount hides only what is on the same point or below it *and under its parent*, i.e.
    the tree built from the parent ids (field 2), not from the order of the lines."""
    table = MountTable(
        b"22 27 0:21 / /proc rw,relatime - proc proc rw\n"
        b"24 27 0:6 / /dev rw,relatime - devtmpfs devtmpfs rw\n"
        b"27 1 254:0 / / rw,relatime - ext4 /dev/vda rw\n"
    )
    assert table.location("/proc/sys") == (b"0:21", b"/sys")
    assert table.location("/dev/null") == (b"0:6", b"/null")
    assert {(b"0:21", b"/"), (b"0:6", b"/")} <= {place for _, places in table.below("/") for place in places}


def test_a_bind_of_a_scanned_folder_moved_under_a_later_mount_and_hidden_at_home_is_refused(tmp_path: Path) -> None:
    """Round 40's case (root/sub mounted again at DEST, then something mounted over root/sub, so no walk sees that
    DEST is root/sub) is refused by the mount table now, but only while DEST's line comes after the lines of the
    mounts it is under. Here the bind of root/sub is made first (at FIRST), a tmpfs is mounted at LATER, and the
    bind is moved into it (LATER/dest): the bind keeps its older id and is listed before its parent, so the table
    thinks the tmpfs hides it and places LATER/dest on the tmpfs. move_scanned(root, a.txt, LATER/dest) passes the
    check and puts a.txt into root/sub's own folder: out of sight under the tmpfs, back in the scanned tree when it
    goes, reported as moved out. Severity: low (as round 40's: nothing lost, a file moved into the scanned folder
    unseen). Expected: refused, as without the move (the table read as a tree by parent ids)."""
    root = tmp_path / "root"
    (root / "sub").mkdir(parents=True)
    (root / "a.txt").write_bytes(TEXT)
    first = tmp_path / "first"
    later = tmp_path / "later"
    first.mkdir()
    later.mkdir()
    files = [expected_of(root, "a.txt")]
    refused = ""
    with bind_mount(root / "sub", first), small_tmpfs(later, "1m"):
        (later / "dest").mkdir()
        with _moved(first, later / "dest") as dest, small_tmpfs(root / "sub", "1m"):
            try:
                move_scanned(str(root), files, str(dest))
            except ValueError as error:
                refused = str(error)
    inside = _tree(root)
    assert inside == ["a.txt", "sub"], f"a.txt was moved into root/sub through the moved bind mount: {inside}"
    assert refused


# ------------------------------------------------------------------ overlayfs


@pytest.mark.parametrize("action", ["move", "copy"])
def test_an_overlay_whose_writable_layer_is_the_scanned_folder_is_refused_as_destination(
    tmp_path: Path, action: str
) -> None:
    """An overlay file system at DEST with upperdir=root (the scanned folder) writes every new file of DEST into
    root. Neither guard sees it: the overlay's folders have the overlay's own device (identities differ from
    root's), and the mount table places DEST on the overlay's device at '/', related to nothing (the upper layer
    is named only in the super options, "upperdir=…"). move_scanned(root, sub/b.txt, DEST) copies b.txt into
    DEST/sub, i.e. root/sub, as 'b (2).txt' (its own name taken by itself), and removes root/sub/b.txt: the file is
    renamed inside the scanned folder and reported as moved out; copy_scanned leaves a second copy in the scanned
    folder. Severity: medium (the guarantee "never put files into a scanned folder through a destination" broken
    by an ordinary mount; nothing lost). Expected: refused (the table's overlay line names its upperdir: a
    destination on an overlay whose upper layer is, holds or is inside a scanned folder is one of its folders)."""
    root = tmp_path / "root"
    (root / "sub").mkdir(parents=True)
    (root / "sub" / "b.txt").write_bytes(TEXT)
    for name in ("lower", "work", "dest"):
        (tmp_path / name).mkdir()
    files = [expected_of(root, "sub/b.txt")]
    refused = ""
    with overlay(
        f"lowerdir={tmp_path / 'lower'},upperdir={root},workdir={tmp_path / 'work'}", tmp_path / "dest"
    ) as dest:
        try:
            (move_scanned if action == "move" else copy_scanned)(str(root), files, str(dest))
        except ValueError as error:
            refused = str(error)
    inside = _tree(root)
    assert inside == ["sub", "sub/b.txt"], f"the {action} put the file into the scanned folder: {inside}"
    assert (root / "sub" / "b.txt").read_bytes() == TEXT
    assert refused


# ------------------------------------------------------------------ a folder made in the scanned folder after the check


def _mounting_at_first_call(
    stack: contextlib.ExitStack, make: Path, source: Path, where: Path
) -> Callable[[int, int, Stage], None]:
    def progress(done: int, total: int, stage: Stage) -> None:
        if done == 0 and not stack._exit_callbacks:
            make.mkdir()
            stack.enter_context(bind_mount(source, where))

    return progress


@pytest.mark.parametrize("action", ["move", "copy"])
def test_a_folder_made_in_the_scanned_folder_after_the_check_and_mounted_at_the_destination_gets_no_file(
    tmp_path: Path, action: str
) -> None:
    """The comparison right before a file is put (_target_folder) knows only the folders that were in the scanned
    tree when the destination was checked. A folder made in the scanned folder after the check (root/new) and
    bind-mounted at the destination's folder the file goes into (DEST/sub) is none of them: move_scanned puts
    sub/b.txt into DEST/sub, i.e. root/new/b.txt, inside the scanned folder, and reports it moved out (copy: a
    second copy inside). The same mount made with a folder that existed at the check is refused (tests/core/
    test_destination_at_action_time.py). Severity: low (a mount made during the action, as that test's; nothing
    lost). Expected: the file stays (the mount table, read again when a folder at the destination is a mount
    point other than the one checked, places DEST/sub inside root)."""
    root = tmp_path / "root"
    (root / "sub").mkdir(parents=True)
    (root / "sub" / "b.txt").write_bytes(TEXT)
    dest = tmp_path / "dest"
    (dest / "sub").mkdir(parents=True)
    files = [expected_of(root, "sub/b.txt")]
    with contextlib.ExitStack() as stack:
        progress = _mounting_at_first_call(stack, root / "new", root / "new", dest / "sub")
        run = move_scanned if action == "move" else copy_scanned
        report = run(str(root), files, str(dest), progress=progress)
        assert stack._exit_callbacks, "the mount was not made: the test did not test"
    inside = _tree(root)
    assert "new/b.txt" not in inside, f"the {action} put b.txt into root/new, a scanned folder: {report.outcomes}"
    assert not report.outcomes[0].ok


# ------------------------------------------------------------------ a mount in the scanned folder, hidden by another


def test_a_disk_mounted_in_the_scanned_folder_and_hidden_by_another_mount_is_not_a_destination(tmp_path: Path) -> None:
    """Round 40's case with a disk instead of a folder: a file system mounted in the scanned folder (root/sub, a USB
    disk say) and reachable elsewhere too (DEST, a bind of it), then hidden by another mount stacked on root/sub.
    The table keeps one mount a point (the later overwrites the earlier), so the disk below is forgotten:
    DEST is placed on it at '/', and no scanned place, no mount below root, is related; the walk sees the top
    mount at root/sub. move_scanned(root, a.txt, DEST) puts a.txt on that disk, i.e. into root/sub once the top
    mount goes, reported as moved out. Severity: low (as round 40's). Expected: refused, as round 40's hidden
    folder is (a mount stacked under another at a point in the scanned tree is still in the scanned tree)."""
    root = tmp_path / "root"
    (root / "sub").mkdir(parents=True)
    (root / "a.txt").write_bytes(TEXT)
    dest = tmp_path / "dest"
    dest.mkdir()
    files = [expected_of(root, "a.txt")]
    refused = ""
    with small_tmpfs(root / "sub", "1m"), bind_mount(root / "sub", dest):
        with small_tmpfs(root / "sub", "1m"):
            try:
                move_scanned(str(root), files, str(dest))
            except ValueError as error:
                refused = str(error)
        below = sorted(p.name for p in (root / "sub").iterdir())
    assert below == [], f"a.txt was moved onto the disk mounted at root/sub: {below}"
    assert refused


# ------------------------------------------------------------------ a false refusal: a file mounted at the destination


def test_a_destination_holding_a_file_of_the_scanned_folder_mounted_on_a_file_is_taken(tmp_path: Path) -> None:
    """A file of the scanned folder bind-mounted on a file below the destination (DEST/etc/conf.txt = root/conf.txt,
    as a chroot or a container's root folder gets its configuration) makes the mount table refuse DEST: every mount
    below DEST is compared with the scanned places as if it were a folder, and root/conf.txt is "within" root. But
    nothing can be put inside a file: a file sent to DEST/etc/conf.txt finds the name taken and gets another one in
    DEST/etc, on DEST's own disk; the identity checks (folders only) rightly accept DEST. The refusal also says
    "it is a folder of the scanned one, or holds one", which names no folder. Severity: low (a false refusal of an
    ordinary folder in an uncommon setup; nothing at risk). Expected: accepted (mounts of files below the
    destination left out of the comparison: only a folder can take files)."""
    root = tmp_path / "root"
    root.mkdir()
    (root / "conf.txt").write_bytes(TEXT)
    dest = tmp_path / "dest"
    (dest / "etc").mkdir(parents=True)
    (dest / "etc" / "conf.txt").write_bytes(b"")
    with bind_mount(root / "conf.txt", dest / "etc" / "conf.txt"):
        check_destination(str(root), str(dest))
