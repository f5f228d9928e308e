"""Hostile round 35 on the cleaner's core: what a permanent delete keeps. Each test failed before its fix."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from helpers.files import expected_of
from helpers.mounts import bind_mount

from simcompare.core.folder import replace
from simcompare.core.folder.actions import move_scanned, trash_scanned
from simcompare.core.folder.replace import delete_scanned
from simcompare.core.folder.safe_paths import Located, SkipReason


def _edit_keeping_size_and_time(path: Path, data: bytes) -> None:
    """Rewrite ``path`` in place (the same file) with ``data`` of its size, its modification time put back, as
    ``cp -p``, ``touch -r`` or an archive restoring times leave it."""
    before = os.stat(path)
    assert len(data) == before.st_size
    path.write_bytes(data)
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))


def test_a_copy_is_never_deleted_for_good_while_its_reference_was_edited_keeping_size_and_time(
    tmp_path: Path,
) -> None:
    """FINDING: a delete compares the deleted file's bytes with the scan's digest (an edit keeping size and time is
    an edit), but the reference that must stay (``keeping``) only by identity, size and time: a reference edited in
    place that way let its copy be deleted for good, and the copy's words were then nowhere."""
    root = tmp_path / "docs"
    root.mkdir()
    words = b"the words of the report, kept in two copies\n"
    (root / "reference.txt").write_bytes(words)
    (root / "copy.txt").write_bytes(words)
    reference, copy_ = expected_of(root, "reference.txt"), expected_of(root, "copy.txt")
    _edit_keeping_size_and_time(root / "reference.txt", words.upper())
    report = delete_scanned(str(root), [copy_], keeping={"copy.txt": reference})
    assert (root / "copy.txt").read_bytes() == words, "the last copy of the words was deleted for good"
    (outcome,) = report.outcomes
    assert not outcome.ok and outcome.skipped is SkipReason.REFERENCE_CHANGED, outcome
    assert "reference.txt" in outcome.error


def test_copies_of_an_unchanged_reference_are_deleted_and_it_is_read_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the fix: copies whose reference is as scanned are deleted, the reference read once for them all."""
    reads: list[str] = []
    original = replace._bytes_digest

    def reading(found: Located) -> str:
        reads.append(found.name)
        return original(found)

    monkeypatch.setattr(replace, "_bytes_digest", reading)
    root = tmp_path / "docs"
    root.mkdir()
    words = b"the same words\n"
    for name in ("reference.txt", "a.txt", "b.txt", "c.txt"):
        (root / name).write_bytes(words)
    reference = expected_of(root, "reference.txt")
    copies = [expected_of(root, name) for name in ("a.txt", "b.txt", "c.txt")]
    report = delete_scanned(str(root), copies, keeping={c.path: reference for c in copies})
    assert [o.ok for o in report.outcomes] == [True, True, True], report.outcomes
    assert sorted(p.name for p in root.iterdir()) == ["reference.txt"]
    assert (root / "reference.txt").read_bytes() == words
    assert sorted(reads) == ["a.txt", "b.txt", "c.txt", "reference.txt"]


@pytest.mark.parametrize("how", ["trash", "move", "delete"])
def test_another_name_of_the_kept_reference_is_never_taken_away(tmp_path: Path, how: str) -> None:
    """FINDING: the window acts on the selected rows when nothing is marked, and a group lists another name of its
    reference (``hard link of …``, here through a folder mounted twice, where both names are one directory entry).
    Trashing, moving or deleting that name took the reference itself away, though the action checked that the
    reference stays (``keeping``). The command line left such a name out; the core now refuses it for any front
    end, as the kept reference itself."""
    root = tmp_path / "docs"
    (root / "d1").mkdir(parents=True)
    (root / "d2").mkdir()
    words = b"the reference's own words\n"
    (root / "d1" / "r.txt").write_bytes(words)
    with bind_mount(root / "d1", root / "d2"):
        reference, alias = expected_of(root, "d1/r.txt"), expected_of(root, "d2/r.txt")
        keeping = {"d2/r.txt": reference}
        if how == "trash":
            report = trash_scanned(str(root), [alias], lambda path: os.remove(path), keeping=keeping)
        elif how == "move":
            report = move_scanned(str(root), [alias], str(tmp_path / "away"), keeping=keeping)
        else:
            report = delete_scanned(str(root), [alias], keeping=keeping)
        assert (root / "d1" / "r.txt").read_bytes() == words, "the kept reference was taken away by another name"
    (outcome,) = report.outcomes
    assert not outcome.ok and outcome.skipped is SkipReason.IS_REFERENCE, outcome
    assert "d1/r.txt" in outcome.error
