"""Hostile round 46 on the cleaner's core: the cleaning lock with a folder reached through a bind mount, and what a
move to another disk keeps of a file.

Each test fails on the code as it stands, for the reason its docstring gives; real files in tmp_path, real mounts
(skipped only where the machine cannot mount), every mount undone whatever happens."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from helpers.files import expected_of
from helpers.mounts import bind_mount

from simcompare.core.folder.actions import move_scanned
from simcompare.core.folder.cleaning_lock import FolderBusy, cleaning_lock

TEXT = b"a scanned file, one of a group's copies\n"


# ------------------------------------------------------------------ one cleaner at a time


@pytest.mark.parametrize("first", ["outer", "inner"])
def test_a_cleaner_of_a_folder_inside_another_reached_through_a_bind_mount_waits_for_the_other(
    tmp_path: Path, first: str
) -> None:
    """``/mnt/b`` is ``docs/b`` mounted again. One cleaner cleans ``docs``, another ``/mnt/b``: the same files, one
    folder inside the other. cleaning_lock locks each folder exclusively and the folders above it *by their path*
    (``os.path.realpath``, which a bind mount does not change: ``/mnt/b``'s parents are ``/mnt`` and ``/``, never
    ``docs``), so the two locks share no folder and neither waits: both clean at once, the case the lock is for
    ("two runs on the same results with other references lost 78 groups of 1,500": each finds the other's kept
    copy still there and takes its own). A folder reached by two names is locked once, the docs say, and a folder
    and one inside it take turns; here they do not. Severity: high (a group can lose every copy with two cleaners at
    once, the lock promising they take turns). Expected: the second lock answers FolderBusy (the folder's place on
    its disk, by the mount table, has the other's folder above it)."""
    docs = tmp_path / "docs"
    (docs / "b").mkdir(parents=True)
    where = tmp_path / "mnt" / "b"
    where.mkdir(parents=True)
    outer, inner = str(docs), str(where)
    held, other = (outer, inner) if first == "outer" else (inner, outer)
    with (
        bind_mount(docs / "b", where),
        cleaning_lock([held]),
        pytest.raises(FolderBusy),
        cleaning_lock([other], wait=False),
    ):
        pass


# ------------------------------------------------------------------ a move to another disk


def _user_xattrs_work(folder: Path) -> bool:
    probe = folder / ".xattr-probe"
    probe.write_bytes(b"")
    try:
        os.setxattr(probe, "user.simcompare-probe", b"1")
    except OSError as error:
        if error.errno in (errno.ENOTSUP, errno.EOPNOTSUPP, errno.EPERM):
            return False
        raise
    finally:
        probe.unlink()
    return True


def _tagged_report(tmp_path: Path, other_disk: Path, tags: bytes) -> Path:
    """A scanned folder holding ``report.txt`` with a file manager's tags (skipped where a disk holds none)."""
    root = tmp_path / "root"
    root.mkdir()
    if not (_user_xattrs_work(root) and _user_xattrs_work(other_disk)):
        pytest.skip("user extended attributes are not supported here")
    (root / "report.txt").write_bytes(TEXT)
    os.setxattr(root / "report.txt", "user.xdg.tags", tags)
    return root


def test_a_move_to_another_disk_keeps_the_file_s_extended_attributes(tmp_path: Path, other_disk: Path) -> None:
    """A move within a disk is a rename: the file keeps everything. A move to another disk is a copy then a delete
    (``_copy_into``): it copies the bytes, the mode, the times and the owner, and drops the extended attributes: a
    file manager's tags and comments (``user.xdg.tags``, ``user.xdg.comment``), where it was downloaded from
    (``user.xdg.origin.url``), its ACL (``system.posix_acl_access``), its capabilities, its SELinux label. ``mv``
    copies them (and says so when it cannot); here the moved file has none and nothing says so: the file at the
    destination is not the file that was moved, and the original is gone. Severity: low (a file's metadata lost
    without a word; the bytes are kept). Expected: the extended attributes the destination can hold are copied (as
    ``mv`` and ``cp -a`` do), or the file is left where it is, or the report says what was lost."""
    root = _tagged_report(tmp_path, other_disk, b"contract,signed")
    report = move_scanned(str(root), [expected_of(root, "report.txt")], str(other_disk / "dupes"))
    assert [o.ok for o in report.outcomes] == [True], report.outcomes
    moved = other_disk / "dupes" / "report.txt"
    assert moved.read_bytes() == TEXT
    assert "user.xdg.tags" in os.listxattr(moved), "the file's tags were lost by the move to another disk"
    assert os.getxattr(moved, "user.xdg.tags") == b"contract,signed"


def test_a_move_that_would_lose_an_extended_attribute_leaves_the_file_where_it_was(
    tmp_path: Path, other_disk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A destination that cannot hold one of the file's extended attributes (a disk whose file system has none): the
    move leaves the file where it was, whole, and says which attribute; nothing is left at the destination. A copy
    passes the attribute over (the original keeps it)."""
    root = _tagged_report(tmp_path, other_disk, b"contract")
    real = os.setxattr

    def refuses_tags(path, name, value, *args, **kwargs):  # the destination's file system, as one without them
        if name == "user.xdg.tags" and isinstance(path, int):
            raise OSError(errno.EOPNOTSUPP, os.strerror(errno.EOPNOTSUPP))
        return real(path, name, value, *args, **kwargs)

    monkeypatch.setattr(os, "setxattr", refuses_tags)
    report = move_scanned(str(root), [expected_of(root, "report.txt")], str(other_disk / "dupes"))
    (outcome,) = report.outcomes
    assert not outcome.ok and "user.xdg.tags" in outcome.error and "left where it was" in outcome.error
    assert (root / "report.txt").read_bytes() == TEXT
    assert os.getxattr(root / "report.txt", "user.xdg.tags") == b"contract"
    assert not any((other_disk / "dupes").rglob("*")) if (other_disk / "dupes").exists() else True
