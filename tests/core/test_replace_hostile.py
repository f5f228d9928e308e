"""A permanent delete, and a replacement by a link, act on the scanned file and nothing else: a delete keeps an
edit that kept the size and the modification time (``touch -r``, ``cp -p``, an archive restoring times), and
neither deletes nor replaces a file that takes the name between the last check and the act (a save by rename, a
swap)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from helpers.files import expected_of

from simcompare.core.folder import actions, replace
from simcompare.core.folder.replace import Replacement, delete_scanned, link_scanned
from simcompare.core.folder.safe_paths import Located, SkipReason
from simcompare.core.folder.scan import raw_digest


def test_an_edit_keeping_size_and_time_is_kept(tmp_path: Path) -> None:
    (tmp_path / "same.txt").write_bytes(b"the scanned words\n")
    (tmp_path / "edited.txt").write_bytes(b"the scanned words\n")
    digests = {name: raw_digest(b"the scanned words\n") for name in ("same.txt", "edited.txt")}
    files = [expected_of(tmp_path, "same.txt"), expected_of(tmp_path, "edited.txt")]
    edited = tmp_path / "edited.txt"
    before = os.stat(edited)
    edited.write_bytes(b"THE scanned words\n")
    os.utime(edited, ns=(before.st_atime_ns, before.st_mtime_ns))
    report = delete_scanned(str(tmp_path), files, digests=digests)
    assert [o.ok for o in report.outcomes] == [True, False]
    assert report.outcomes[1].skipped is SkipReason.CHANGED and "bytes changed" in report.outcomes[1].error
    assert not (tmp_path / "same.txt").exists() and edited.read_bytes() == b"THE scanned words\n"


def test_without_digests_a_delete_is_as_before(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_bytes(b"words\n")
    report = delete_scanned(str(tmp_path), [expected_of(tmp_path, "a.txt")])
    assert report.outcomes[0].ok and not (tmp_path / "a.txt").exists()


def test_a_file_that_takes_the_name_after_the_check_is_never_deleted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a program saving by renaming over the name, or a swap, just after the last check and before the unlink
    (tmp_path / "copy.txt").write_bytes(b"the scanned copy\n")
    (tmp_path / "saved.txt").write_bytes(b"a new version, saved by rename\n")
    expected = expected_of(tmp_path, "copy.txt")
    checks = []

    def checked_then_swapped(found: object, now: os.stat_result) -> bool:
        same = original(found, now)
        checks.append(same)
        if len(checks) == 1:  # the name changes hands right after the check said "the same file"
            os.rename(tmp_path / "copy.txt", tmp_path / "held.txt")
            os.rename(tmp_path / "saved.txt", tmp_path / "copy.txt")
        return same

    original = actions._same
    monkeypatch.setattr(actions, "_same", checked_then_swapped)
    monkeypatch.setattr(replace, "_same", checked_then_swapped)
    report = delete_scanned(str(tmp_path), [expected])
    assert (tmp_path / "copy.txt").read_bytes() == b"a new version, saved by rename\n", "the new version was deleted"
    assert not report.outcomes[0].ok and report.outcomes[0].skipped is SkipReason.CHANGED
    assert sorted(p.name for p in tmp_path.iterdir()) == ["copy.txt", "held.txt"]  # no temporary name left


def test_a_deleted_file_leaves_no_temporary_name(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_bytes(b"words\n")
    (tmp_path / "b.txt").write_bytes(b"words\n")
    report = delete_scanned(str(tmp_path), [expected_of(tmp_path, "a.txt")])
    assert report.outcomes[0].ok and [p.name for p in tmp_path.iterdir()] == ["b.txt"]


@pytest.mark.parametrize("how", ["hard", "symbolic"])
def test_a_file_that_takes_the_name_is_never_replaced_by_a_link(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    (tmp_path / "a.txt").write_bytes(b"the scanned copy\n")
    (tmp_path / "copy.txt").write_bytes(b"the scanned copy\n")
    (tmp_path / "saved.txt").write_bytes(b"a new version, saved by rename\n")
    pair = Replacement(expected_of(tmp_path, "copy.txt"), expected_of(tmp_path, "a.txt"))
    original = Located.lstat
    seen = []

    def checked_then_swapped(found: Located) -> os.stat_result:
        now = original(found)
        if found.name == "copy.txt" and not seen:  # the copy's last check sees it; then the name changes hands
            seen.append(1)
            os.rename(tmp_path / "copy.txt", tmp_path / "held.txt")
            os.rename(tmp_path / "saved.txt", tmp_path / "copy.txt")
        return now

    monkeypatch.setattr(Located, "lstat", checked_then_swapped)
    report = link_scanned(str(tmp_path), [pair], how)
    assert seen, "the swap was never made: the test no longer reaches the moment it is about"
    copy = tmp_path / "copy.txt"
    assert not copy.is_symlink() and copy.read_bytes() == b"a new version, saved by rename\n", "it was replaced"
    assert not report.outcomes[0].ok and report.outcomes[0].skipped is SkipReason.CHANGED
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt", "copy.txt", "held.txt"]


@pytest.mark.parametrize("how", ["hard", "symbolic"])
def test_a_link_replaces_the_copy_and_leaves_no_temporary_name(tmp_path: Path, how: str) -> None:
    (tmp_path / "a.txt").write_bytes(b"words\n")
    (tmp_path / "copy.txt").write_bytes(b"words\n")
    pair = Replacement(expected_of(tmp_path, "copy.txt"), expected_of(tmp_path, "a.txt"))
    report = link_scanned(str(tmp_path), [pair], how)
    assert report.outcomes[0].ok
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt", "copy.txt"]
    if how == "hard":
        assert os.stat(tmp_path / "copy.txt").st_ino == os.stat(tmp_path / "a.txt").st_ino
    else:
        assert os.readlink(tmp_path / "copy.txt") == str(tmp_path / "a.txt")


def test_a_delete_that_fails_after_the_name_was_taken_puts_the_file_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "a.txt").write_bytes(b"words\n")
    real_unlink = os.unlink
    failed = []

    def failing(path: str, *args: object, **kwargs: object) -> None:
        if str(path).startswith(".simcompare-") and not failed:  # the delete fails once (an I/O error)
            failed.append(path)
            raise OSError(5, "Input/output error")
        real_unlink(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "unlink", failing)
    report = delete_scanned(str(tmp_path), [expected_of(tmp_path, "a.txt")])
    monkeypatch.undo()
    assert not report.outcomes[0].ok and "Input/output error" in report.outcomes[0].error
    assert [p.name for p in tmp_path.iterdir()] == ["a.txt"] and (tmp_path / "a.txt").read_bytes() == b"words\n"


def test_a_name_taken_between_taking_the_copy_and_linking_keeps_both(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "a.txt").write_bytes(b"words\n")
    (tmp_path / "copy.txt").write_bytes(b"words\n")
    pair = Replacement(expected_of(tmp_path, "copy.txt"), expected_of(tmp_path, "a.txt"))
    original = replace._detach

    def detach_then_taken(found: Located, doing: str) -> str:
        detached = original(found, doing)
        (tmp_path / "copy.txt").write_bytes(b"a newcomer\n")  # a program writes a new file under the name
        return detached

    monkeypatch.setattr(replace, "_detach", detach_then_taken)
    report = link_scanned(str(tmp_path), [pair], "hard")
    assert not report.outcomes[0].ok and "it was kept as copy (2).txt" in report.outcomes[0].error
    assert report.outcomes[0].kept_as == "copy (2).txt"  # for the window, which says it in its language
    assert (tmp_path / "copy.txt").read_bytes() == b"a newcomer\n"
    assert (tmp_path / "copy (2).txt").read_bytes() == b"words\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt", "copy (2).txt", "copy.txt"]
