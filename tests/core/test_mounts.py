"""Which mount a path is under and where it is on its file system (core/folder/mounts.py): a table read from
mountinfo text, and real bind mounts."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from random import Random

import pytest
from helpers.mounts import bind_mount
from hypothesis import given
from hypothesis import strategies as st

from simcompare.core.folder.mounts import MountTable, within

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


PLACES = b"""\
22 1 8:1 / / rw,relatime - ext4 /dev/sda1 rw
30 22 8:2 / /home rw,relatime - ext4 /dev/sda2 rw
31 22 8:2 /u/docs/sub /mnt/dupes rw,relatime - ext4 /dev/sda2 rw
32 30 0:40 / /home/u/docs/sub rw - tmpfs tmpfs rw
33 22 8:2 /u/with\\040space /mnt/spaced rw - ext4 /dev/sda2 rw
34 22 0:41 / /srv rw - tmpfs tmpfs rw
35 22 0:42 / /srv rw - tmpfs tmpfs rw
"""


def test_a_folder_is_placed_on_its_file_system_through_the_mount_it_is_under() -> None:
    table = MountTable(PLACES)
    assert table.location("/home/u/docs") == (b"8:2", b"/u/docs")
    assert table.location("/etc") == (b"8:1", b"/etc")
    assert table.location("/") == (b"8:1", b"/")
    assert table.location("/mnt/dupes/x") == (b"8:2", b"/u/docs/sub/x")
    assert table.location("/mnt/spaced") == (b"8:2", b"/u/with space")


def test_a_mount_on_a_point_hides_the_earlier_one_there() -> None:
    table = MountTable(PLACES)
    assert table.location("/srv/a") == (b"0:42", b"/a")
    assert table.location("/home/u/docs/sub/f") == (b"0:40", b"/f")


def test_mounts_below_a_folder_are_the_places_they_show() -> None:
    table = MountTable(PLACES)
    assert table.below("/home/u/docs") == [("/home/u/docs/sub", [(b"0:40", b"/")])]
    assert sorted(table.below("/mnt")) == [
        ("/mnt/dupes", [(b"8:2", b"/u/docs/sub")]),
        ("/mnt/spaced", [(b"8:2", b"/u/with space")]),
    ]
    assert table.below("/etc") == []
    assert table.below("/srv", hidden=True) == []  # the mounts on /srv itself are not below it
    assert sorted(point for point, _ in table.below("/", hidden=True)) == [
        "/home",
        "/home/u/docs/sub",
        "/mnt/dupes",
        "/mnt/spaced",
        "/srv",
        "/srv",
    ]


def test_within_compares_the_file_system_and_whole_names() -> None:
    assert within((b"8:2", b"/u/docs/sub"), (b"8:2", b"/u/docs"))
    assert within((b"8:2", b"/u/docs"), (b"8:2", b"/u/docs"))
    assert within((b"8:2", b"/u/docs"), (b"8:2", b"/"))
    assert not within((b"8:2", b"/u/docs2"), (b"8:2", b"/u/docs"))
    assert not within((b"8:1", b"/u/docs/sub"), (b"8:2", b"/u/docs"))
    assert not within((b"8:2", b"/u"), (b"8:2", b"/u/docs"))


def test_an_empty_table_places_nothing() -> None:
    table = MountTable(b"")
    assert table.location("/home") is None
    assert table.below("/") == []
    assert not table.known


def _resolved_by_order(mounts: list[bytes], path: bytes) -> int:
    """The mount (its position in mounting order) ``path`` is under, by the rule itself: each mount hides the
    earlier ones on its point and below it; a path is under the deepest mount seen on it or a folder holding it."""
    seen: dict[bytes, int] = {}
    for number, point in enumerate(mounts):
        below = point.rstrip(b"/") + b"/"
        seen = {p: n for p, n in seen.items() if not p.startswith(below)}
        seen[point] = number
    holding = [p for p in seen if path == p or path.startswith(p.rstrip(b"/") + b"/")]
    return seen[max(holding, key=len)]


@given(
    st.lists(st.lists(st.sampled_from(["a", "b", "ab"]), min_size=1, max_size=3), max_size=10),
    st.randoms(use_true_random=False),
)
def test_a_path_is_under_the_mount_the_mounting_order_says_whatever_the_order_of_the_lines(
    points: list[list[str]], random: Random
) -> None:
    """Mounts made one after the other (each sitting on the mount its folder was under then, as the system
    records it), listed in any order (a moved mount keeps its number and its line): every path is under the
    mount the mounting order says, and the mounts seen below ``/`` are those no later mount hides."""
    mounts = [b"/", *(("/" + "/".join(parts)).encode() for parts in points)]
    numbers = random.sample(range(20, 1000), len(mounts))  # any numbers: a moved mount keeps an old one
    lines = []
    for order, point in enumerate(mounts):
        parent = 1 if order == 0 else numbers[_resolved_by_order(mounts[:order], point)]
        lines.append(b"%d %d 0:%d / %s rw - tmpfs tmpfs rw" % (numbers[order], parent, numbers[order], point))
    random.shuffle(lines)
    table = MountTable(b"\n".join(lines))
    for path in {*mounts, b"/a/b/ab", b"/ab/a", b"/b"}:
        assert table.mount_of(path.decode()) == numbers[_resolved_by_order(mounts, path)], path
    seen = {numbers[_resolved_by_order(mounts, point)] for point in mounts if point != b"/"}
    shown = {int(places[0][0].split(b":")[1]) for _, places in table.below("/")}
    assert shown == seen - {numbers[_resolved_by_order(mounts, b"/")]}


def test_thousands_of_mounts_are_read_at_once() -> None:
    """Each mount's folders looked up, not every pair of mounts compared: 20,000 mounts (a busy container host)
    took 38 s pairwise. Counted, not timed: the table looks at each mount's folders alone."""
    lines = [b"1 0 8:1 / / rw - ext4 /dev/sda1 rw"]
    lines += [b"%d 1 0:%d / /mnt/m%05d/x rw - tmpfs tmpfs rw" % (i + 2, i + 50, i) for i in range(20_000)]
    table = MountTable(b"\n".join(lines))
    assert table.mount_of("/mnt/m00010/x/y") == 12
    assert table.location("/mnt/m19999/x/z") == (b"0:20049", b"/z")
