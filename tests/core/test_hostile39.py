"""Hostile round 39 on the cleaner's core (simcompare/core/folder/actions.py, replace.py), aimed at the fixes of
round 38 (commit 1b3f52b): the owner given to a copy (_give_owner), the re-check after copying, the trash's
numbering of a name.

Each test fails on the code as it stands, for the reason its docstring gives. Races are forced at the exact
moment (a hook), not left to luck; another user is a real process of another user (skipped without root)."""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
import sys
import tempfile
import traceback
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote

import pytest
from helpers.files import expected_of, rewrite_hiding_it
from helpers.mounts import small_tmpfs

from simcompare.core.folder.actions import move_scanned, trash_scanned
from simcompare.core.folder.safe_paths import Expected

SCANNED = b"the scanned copy, word for word the reference\n" * 4


# ------------------------------------------------------------------------------------------ another user's file

CLEANER = 1000  # the user who runs the cleaner (an ordinary user, not root)
OTHER = 4321  # the user the scanned file belongs to


@pytest.fixture
def shared() -> Iterator[Path]:
    """A folder every user can reach (tmp_path is under root's 0700 /tmp/pytest-of-root): a shared folder."""
    if os.geteuid() != 0 or not sys.platform.startswith("linux"):
        pytest.skip("running the cleaner as another user needs root (and Linux)")
    folder = Path(tempfile.mkdtemp(prefix="simcompare-shared-", dir="/tmp"))
    folder.chmod(0o777)
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _as_cleaner(action: str, root: Path, destination: Path, expected: Expected) -> str:
    """The action run by a process of the user CLEANER (forked, then its user changed: the interpreter is under
    root's home, which no other user may run): what it said of the file."""
    from simcompare.core.folder.replace import copy_scanned

    reading, writing = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never back into pytest
        code = 1
        try:
            os.close(reading)
            os.setgroups([CLEANER])
            os.setgid(CLEANER)
            os.setuid(CLEANER)
            act = move_scanned if action == "move" else copy_scanned
            outcome = act(str(root), [expected], str(destination)).outcomes[0]
            os.write(writing, f"{outcome.ok} {outcome.error}".encode())
            code = 0
        except BaseException:  # said to the test, which fails naming it
            os.write(writing, traceback.format_exc().encode())
        finally:
            os._exit(code)
    os.close(writing)
    with os.fdopen(reading, "rb") as said:
        told = said.read().decode()
    os.waitpid(pid, 0)
    return told


@pytest.mark.parametrize("action", ["copy", "move"])
def test_another_user_s_set_user_id_file_never_becomes_set_user_id_of_the_user_who_cleans(
    shared: Path, action: str
) -> None:
    """_copy_into (--copy-to on any disk, --move-to across disks) writes the copy as the user who runs the
    cleaner, tries _give_owner — fchown(owner, group), else fchown(-1, group) — and then, whatever came of it,
    os.fchmod(out, S_IMODE(st_mode)): the set-user-ID and set-group-ID bits included. When the file is another
    user's (a shared or group folder: the cleaner may read it, and move it when the folder is writable), the
    fchown to its owner fails (EPERM), the new file stays the cleaner's, and the fchmod then makes it a
    set-user-ID file *of the cleaner* (and set-group-ID of the cleaner's group): code another user wrote, runnable
    by anyone as the user who cleaned. (Linux ignores the bits on scripts, the text files a scan usually finds; any
    file the scan takes by its content is copied so.) `cp --preserve=mode,ownership` and `mv` across disks, run as
    that user, clear both bits when the owner cannot be kept (checked on this machine: 0o6755 → 0o0755).
    Severity: medium (a privilege given away, though only for files that the system runs as programs).
    Expected: the copy is never set-user-ID or set-group-ID of a user the original was not."""
    root = shared / "root"
    root.mkdir()
    root.chmod(0o777)  # a folder shared with the cleaner (a group folder, /srv/share)
    (root / "tool.txt").write_bytes(b"#!/bin/sh\necho the scanned copy\n" * 4)
    os.chown(root / "tool.txt", OTHER, CLEANER)
    os.chmod(root / "tool.txt", 0o6755)
    destination = shared / "away"
    destination.mkdir()
    os.chown(destination, CLEANER, CLEANER)  # the cleaner's own folder
    with contextlib.ExitStack() as mounts:
        if action == "move":  # a move is a copy only across file systems
            (destination / "disk").mkdir()
            destination = mounts.enter_context(small_tmpfs(destination / "disk", "4m"))
        expected = expected_of(root, "tool.txt")
        told = _as_cleaner(action, root, destination / "dupes", expected)
        assert told.startswith("True"), told  # the test's premise: it was done
        made = os.stat(destination / "dupes" / "tool.txt")
    assert made.st_uid == CLEANER, "the test's premise: the cleaner could not give the copy to its owner"
    bits = stat.S_IMODE(made.st_mode) & (stat.S_ISUID | stat.S_ISGID)
    assert bits == 0, (
        f"the {action} of user {OTHER}'s file is {oct(stat.S_IMODE(made.st_mode))}, owned by "
        f"{made.st_uid}:{made.st_gid}: a set-user-ID program of the user who cleaned"
    )


# ------------------------------------------------------------------------------------------ the re-check


def test_a_file_written_to_during_a_move_across_disks_is_never_removed_because_its_time_was_set_back(
    tmp_path: Path, other_disk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After copying, _copy_into checks the source again (`_same`: device, inode, size, mtime) before it removes
    it; but a program that writes the file in place and keeps its time (`touch -r`, `rsync --inplace -t`, an
    editor or sync tool that restores the mtime, `cp -p` over the file) passes that check: the copy holds the
    bytes read before the write, and the source — the only place the new words were — is removed; "moved", exit 0.
    The scan recorded the digest of the bytes (Expected.digest) and the status-change time (st_ctime_ns, which no
    program can set back) moves on any write: neither is looked at. Here the write comes right after the last read
    (a hook on os.read), with the time set back as such a program sets it.
    Severity: medium (the user's last edit lost for good, on a move, which is meant to be undoable), narrow window
    and an uncommon writer. Expected: the move is refused as `changed` and the file, with its new words, stays."""
    root = tmp_path / "root"
    root.mkdir()
    (root / "a.txt").write_bytes(SCANNED)
    expected = expected_of(root, "a.txt")
    real_read = os.read
    written: list[bytes] = []

    def read_then_written(fd: int, n: int) -> bytes:
        chunk = real_read(fd, n)
        if not chunk and not written:  # the copy has read everything: another program writes, keeping the time
            rewrite_hiding_it(root / "a.txt", b"THE NEW WORDS")
            written.append((root / "a.txt").read_bytes())
        return chunk

    monkeypatch.setattr(os, "read", read_then_written)
    report = move_scanned(str(root), [expected], str(other_disk / "dupes"))
    monkeypatch.undo()
    assert written, "the hook was never reached: the test no longer forces the moment it is about"
    left = (root / "a.txt").read_bytes() if (root / "a.txt").exists() else None
    moved = (other_disk / "dupes" / "a.txt").read_bytes() if (other_disk / "dupes" / "a.txt").exists() else None
    assert left == written[0], (
        f"the source was removed (reported ok={report.outcomes[0].ok}); the copy holds "
        f"{moved[:20] if moved else None!r}, the new words {written[0][:13]!r} are gone"
    )


# ------------------------------------------------------------------------------------------ the trash's record


@pytest.mark.parametrize(
    "name",
    ["Dr. " + "x" * 251, "第一章. " + "长" * 81],
    ids=["latin", "chinese"],
)
def test_a_long_name_whose_only_dot_is_near_its_start_keeps_its_own_path_in_the_trash_record(
    tmp_path: Path, home_trash: Path, name: str
) -> None:
    """The file goes to the trash under a private name and _mend_in_trash then gives its record (Path=) the file's
    own name, the trash entry a name that fits: _fitting(stem, suffix) shortens only the *stem*, the part before
    the last dot. A name of the full 255 bytes whose last (only) dot is near its start ("Dr. Smith's letter to
    the board about …", "第一章. …": no extension, a dot early) has a stem of two or three characters and a
    "suffix" of 250 bytes: no stem is short enough, _fitting gives '', and _mend_in_trash returns at once, before
    even trying — the record keeps Path=…/.simcompare-<16 hex>.part and a restore from the trash gives back a
    hidden file of that name in place of the user's. (The entry in files/ may have any name: only the record's
    Path= says where and as what the file comes back, and it can always hold the full name.) Severity: low-medium,
    as the 999-name limit of round 38: nothing is lost, the file comes back under a name no one knows.
    Expected: the record's Path= is the file's own path."""
    from send2trash import send2trash

    assert len(name.encode()) <= 255 and len(name.encode()) > 245, "the test's premise: a name near the limit"
    root = tmp_path / "root"
    root.mkdir()
    (root / name).write_bytes(SCANNED)
    report = trash_scanned(str(root), [expected_of(root, name)], send2trash)
    assert [o.ok for o in report.outcomes] == [True], report.outcomes
    records = list((home_trash / "info").iterdir())
    assert len(records) == 1, records
    path = next(unquote(x[5:]) for x in records[0].read_text(encoding="utf-8").splitlines() if x.startswith("Path="))
    assert path == str(root / name), f"a restore from the trash gives back {os.path.basename(path)!r}"
