"""Hostile round 42 on the mount table read as a tree (core/folder/mounts.py: ``places``, ``below``, ``regions``), on
the destination check that uses it (actions.check_destination, ``_mounted_again``), on the per-folder comparison an
action makes once the MountWatch saw the mounts change (``_target_folder`` / ``_refuse_forbidden``), and on the
table's cost.

Each test fails on the code as it stands, for the reason its docstring gives; real files in tmp_path, real mounts
(skipped where the machine cannot mount), every mount undone whatever happens (context managers, or a private mount
namespace of a child process, whose mounts go with it)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from helpers.files import expected_of
from helpers.mounts import overlay

from simcompare.core.folder.actions import move_scanned
from simcompare.core.folder.replace import copy_scanned
from simcompare.core.progress import Stage

TEXT = b"a scanned file that must never be put back inside the scanned folder through the destination\n"


def _tree(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*"))


def _refused_or_report(action: str, root: Path, files: list, dest: Path, **more: object) -> str:
    try:
        report = (move_scanned if action == "move" else copy_scanned)(str(root), files, str(dest), **more)
    except ValueError as error:
        return f"refused: {error}"
    return f"{[(o.ok, o.target, o.error) for o in report.outcomes]}"


@pytest.mark.parametrize("action", ["move", "copy"])
def test_an_overlay_whose_upper_layer_is_named_through_a_symbolic_link_is_refused(tmp_path: Path, action: str) -> None:
    """The mount table keeps an overlay's upperdir as it was written (Linux shows the option text, not the folder it
    led to): "upperdir=/tmp/x/link/up" where link -> root. MountTable._places looks that text up in the table
    without following the link (os.path.normpath), so it places the upper layer at (disk, /tmp/x/link/up), beside
    the scanned folder (disk, /tmp/x/root): check_destination(root, DEST) accepts the overlay DEST, and
    move_scanned puts sub/b.txt into DEST/sub, i.e. root/up/sub/b.txt, inside the scanned folder, reported as moved
    out (copy: a second copy inside). Round 41's case (upperdir=root) with a link on the way, as container tools
    and users write paths ($HOME through /home -> /var/home on Silverblue, /var/run -> /run). Severity: medium (the
    destination guarantee broken by an ordinary overlay; nothing lost). Expected: refused (the upper layer's text
    resolved as a path, as the kernel did when it mounted)."""
    root = tmp_path / "root"
    (root / "sub").mkdir(parents=True)
    (root / "up").mkdir()
    (root / "sub" / "b.txt").write_bytes(TEXT)
    for name in ("lower", "work", "dest"):
        (tmp_path / name).mkdir()
    (tmp_path / "link").symlink_to(root)
    files = [expected_of(root, "sub/b.txt")]
    options = f"lowerdir={tmp_path / 'lower'},upperdir={tmp_path / 'link' / 'up'},workdir={tmp_path / 'work'}"
    with overlay(options, tmp_path / "dest") as dest:
        said = _refused_or_report(action, root, files, dest)
    inside = _tree(root)
    assert "up/sub/b.txt" not in inside, f"the {action} put b.txt into root/up (the overlay's upper layer): {said}"
    assert said.startswith("refused"), said


def test_an_overlay_whose_upper_layer_path_holds_a_comma_is_refused(tmp_path: Path) -> None:
    """A comma in a layer's path is written "\\," in overlay options (overlayfs's own escape, Documentation/
    filesystems/overlayfs.rst); the table then shows the option text with the backslash kept and both escaped:
    "upperdir=/tmp/x/a\\134\\054b/up". mounts._unescape undoes mountinfo's octal escapes only, so the upper layer is
    looked up as "/tmp/x/a\\,b/up", a folder that does not exist: the overlay at DEST is related to nothing, and
    move_scanned('/tmp/x/a,b', sub/b.txt, DEST) puts the file into the scanned folder 'a,b' (its 'up' folder).
    Severity: low (a comma in a folder name is unusual; nothing lost). Expected: refused (the overlay escape
    undone too: a backslash before any character stands for that character)."""
    root = tmp_path / "a,b"
    (root / "sub").mkdir(parents=True)
    (root / "up").mkdir()
    (root / "sub" / "b.txt").write_bytes(TEXT)
    for name in ("lower", "work", "dest"):
        (tmp_path / name).mkdir()
    upper = str(root / "up").replace(",", "\\,")
    files = [expected_of(root, "sub/b.txt")]
    options = f"lowerdir={tmp_path / 'lower'},upperdir={upper},workdir={tmp_path / 'work'}"
    with overlay(options, tmp_path / "dest") as dest:
        said = _refused_or_report("move", root, files, dest)
    inside = _tree(root)
    assert "up/sub/b.txt" not in inside, f"the move put b.txt into a,b/up (the overlay's upper layer): {said}"
    assert said.startswith("refused"), said


def test_the_upper_layer_of_a_scanned_overlay_named_through_a_link_is_refused_as_destination(tmp_path: Path) -> None:
    """The scanned folder is an overlay's merged folder M (a container's root seen from the host, a live system's
    root), mounted with "upperdir=/tmp/x/link/u" (link -> /tmp/x). Destination: its upper layer /tmp/x/u itself.
    Everything put into /tmp/x/u is in M. With "upperdir=/tmp/x/u" written plainly this is refused; through the
    link, MountTable._places places the upper layer at (disk, /tmp/x/link/u), not at the destination's
    (disk, /tmp/x/u): accepted. move_scanned(M, sub/b.txt, /tmp/x/u) finds sub/b.txt there (it is the scanned file
    itself, in the upper layer), names the copy 'b (2).txt' and removes b.txt: M now holds sub/'b (2).txt' and the
    report says the file moved out. Severity: medium (the guarantee broken; the duplicate stays in the scanned
    folder under a name nobody chose). Expected: refused, as with the plain path."""
    lower, upper, work, merged = (tmp_path / n for n in ("l", "u", "w", "m"))
    for folder in (lower, upper, work, merged):
        folder.mkdir()
    (tmp_path / "link").symlink_to(tmp_path)
    options = f"lowerdir={lower},upperdir={tmp_path / 'link' / 'u'},workdir={tmp_path / 'link' / 'w'}"
    with overlay(options, merged):
        (merged / "sub").mkdir()
        (merged / "sub" / "b.txt").write_bytes(TEXT)  # written through the overlay: kept in its upper layer
        files = [expected_of(merged, "sub/b.txt")]
        said = _refused_or_report("move", merged, files, upper)
        inside = _tree(merged)
    assert inside == ["sub", "sub/b.txt"], f"the move renamed the file inside the scanned overlay: {inside}: {said}"
    assert said.startswith("refused"), said


def test_a_folder_of_the_lower_layer_of_a_scanned_overlay_is_refused_as_destination(tmp_path: Path) -> None:
    """The scanned folder is an overlay's merged folder M; the destination is a folder of its lower layer, L/in.
    What is put into L/in appears in M/in (the overlay looks names up in its lower layer whenever its upper layer
    has none). MountTable records only an overlay's upperdir: the lower layers are no place of M, so
    check_destination(M, L/in) accepts, and move_scanned(M, sub/b.txt, L/in) puts the file at L/in/sub/b.txt, i.e.
    M/in/sub/b.txt, inside the scanned folder, reported as moved out. Severity: low (a destination in the read-only
    layer of a mounted overlay is unusual; nothing lost). Expected: refused (an overlay's lower layers, named in
    its lowerdir= option, are places of its merged folder too, as its upper layer is)."""
    lower, upper, work, merged = (tmp_path / n for n in ("l", "u", "w", "m"))
    for folder in (lower / "in", upper, work, merged):
        folder.mkdir(parents=True)
    with overlay(f"lowerdir={lower},upperdir={upper},workdir={work}", merged):
        (merged / "sub").mkdir()
        (merged / "sub" / "b.txt").write_bytes(TEXT)
        files = [expected_of(merged, "sub/b.txt")]
        said = _refused_or_report("copy", merged, files, lower / "in")
        inside = _tree(merged)
    assert "in/sub/b.txt" not in inside, f"the copy put b.txt into the scanned overlay: {inside}: {said}"
    assert said.startswith("refused"), said


# ------------------------------------------------------------- the destination swapped for a link during the action


@pytest.mark.parametrize("action", ["move", "copy"])
def test_a_destination_replaced_by_a_link_into_the_scanned_folder_during_the_action_gets_no_file(
    tmp_path: Path, action: str
) -> None:
    """Right before each file, _target_folder opens the destination by its path with os.open, which follows a
    symbolic link, and compares it only with the folders the check found (identities) and, once the MountWatch
    saw a mount change, with the mount table. A link needs no mount: after the first file, DEST is renamed away and
    replaced by a link to a folder made in the scanned folder since the check (root/new). Its identity is none of
    those found, no mount changed, so the second file goes into root/new: inside the scanned folder, reported as
    moved to DEST/b.txt (copy: a second copy inside). Severity: medium (a race with anyone who can write DEST's
    parent, e.g. a shared /tmp folder or a sync tool; the report lies about where the file went; nothing lost).
    Expected: the file stays (the destination opened once and kept, or opened without following links, as every
    folder below it is)."""
    root = tmp_path / "root"
    root.mkdir()
    for name in ("a.txt", "b.txt"):
        (root / name).write_bytes(TEXT + name.encode())
    dest = tmp_path / "dest"
    files = [expected_of(root, "a.txt"), expected_of(root, "b.txt")]

    def progress(done: int, total: int, stage: Stage) -> None:
        if done == 1 and not (root / "new").exists():
            os.rename(dest, tmp_path / "dest.old")
            (root / "new").mkdir()
            dest.symlink_to(root / "new")

    report = (move_scanned if action == "move" else copy_scanned)(str(root), files, str(dest), progress=progress)
    assert (root / "new").exists(), "the link was not made: the test did not test"
    inside = _tree(root / "new")
    outcomes = [(o.ok, o.target, o.error) for o in report.outcomes]
    assert inside == [], f"the {action} put {inside} into root/new, a folder of the scanned one: {outcomes}"
