"""Which mount a path is under (core/folder/mounts.py): a table read from mountinfo text, and real bind mounts."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from helpers.mounts import bind_mount

from simcompare.core.folder.mounts import MountTable

TABLE = (
    b"22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw\n"
    b"30 22 8:1 /srv/data /mnt/my\\040disk rw shared:1 - ext4 /dev/sda1 rw\n"
    b"31 22 0:40 / /mnt/back\\134slash rw - tmpfs tmpfs rw\n"
    b"32 22 0:41 / /tmp/over rw - tmpfs tmpfs rw\n"
    b"33 32 0:42 / /tmp/over rw - tmpfs tmpfs rw\n"
    b"not a line of the table\n"
)


def test_a_path_is_under_the_deepest_mount_holding_it_its_escaped_name_read_back() -> None:
    table = MountTable(TABLE)
    assert table.known
    assert table.mount_of("/mnt/my disk/a/b.txt") == 30  # \040 is a space
    assert table.mount_of("/mnt/my disk") == 30
    assert table.mount_of("/mnt/my disks/a.txt") == 22  # a name that only begins like the mount point
    assert table.mount_of("/mnt/back\\slash/x") == 31  # \134 is a backslash
    assert table.mount_of("/home/someone/a.txt") == 22


def test_a_mount_over_another_on_one_point_hides_it() -> None:
    assert MountTable(TABLE).mount_of("/tmp/over/a.txt") == 33


def test_paths_are_apart_only_when_the_table_knows_both_mounts_and_they_differ() -> None:
    table = MountTable(TABLE)
    assert table.apart(["/mnt/my disk/a.txt", "/home/b.txt"])
    assert not table.apart(["/home/a.txt", "/srv/b.txt"])
    nothing = MountTable(b"")
    assert not nothing.known
    assert nothing.mount_of("/home/a.txt") is None
    assert not nothing.apart(["/mnt/my disk/a.txt", "/home/b.txt"])


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc/self/mountinfo is Linux's")
def test_a_bind_mount_is_another_mount_of_the_same_device(tmp_path: Path) -> None:
    (tmp_path / "source").mkdir()
    (tmp_path / "source" / "a.txt").write_text("a", encoding="utf-8")
    (tmp_path / "mnt").mkdir()
    with bind_mount(tmp_path / "source", tmp_path / "mnt"):
        table = MountTable()
        inside, outside = str(tmp_path / "mnt" / "a.txt"), str(tmp_path / "source" / "a.txt")
        assert os.stat(inside).st_dev == os.stat(outside).st_dev
        assert table.apart([inside, outside])
        assert not table.apart([outside, str(tmp_path / "source")])
