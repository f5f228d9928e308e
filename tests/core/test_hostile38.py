"""Hostile round 38 on the cleaner's core (simcompare/core/folder/actions.py, replace.py).

Each test fails on the code as it stands, for the reason its docstring gives. Races are forced at the exact
moment (a hook that swaps), as in test_actions_hostile.py, not left to luck."""

from __future__ import annotations

import os
import stat
import threading
from collections.abc import Callable
from pathlib import Path
from urllib.parse import unquote

import pytest
from helpers.files import expected_of, rewrite_hiding_it

from simcompare.core.folder import replace
from simcompare.core.folder.actions import move_scanned, trash_scanned
from simcompare.core.folder.replace import LinkKind, Replacement, copy_scanned, delete_scanned, link_scanned
from simcompare.core.folder.safe_paths import Expected

SCANNED = b"the scanned copy, word for word the reference\n" * 4


# ------------------------------------------------------------------------------------------ a FIFO swapped in


def _fifo_in_place_of(path: Path) -> None:
    """What a hostile (or merely odd) program does between the cleaner's check and its open: the file is renamed
    aside and a FIFO takes its name."""
    os.rename(path, path.with_name("aside.txt"))
    os.mkfifo(path)


def _unblock(fifo: Path) -> None:
    """Let a reader stuck in open() of ``fifo`` go: a writer opens it (at once, since a reader waits) and closes."""
    try:
        fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
    except OSError:
        return
    os.close(fd)


def _finishes(run: Callable[[], object], fifo: Path, seconds: float = 5.0) -> bool:
    """Whether ``run`` returns within ``seconds``; a run stuck opening ``fifo`` is let go afterwards."""
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    stuck = thread.is_alive()
    for _ in range(20):
        if not thread.is_alive():
            break
        _unblock(fifo)
        thread.join(0.5)
    return not stuck


class _SwapOnLookup(dict):  # type: ignore[type-arg]
    """The scan's digests, by path (``delete_scanned(digests=…)``): looked up after the file was located and
    checked, right before its bytes are opened: the moment a FIFO is swapped in here."""

    def __init__(self, values: dict[str, str], swap: Callable[[], None]) -> None:
        super().__init__(values)
        self.swap = swap

    def get(self, key: object, default: object = None) -> object:
        self.swap()
        return super().get(key, default)


def test_a_fifo_swapped_in_before_a_delete_reads_the_bytes_never_hangs_the_action(tmp_path: Path) -> None:
    """The scan opens every file with O_NONBLOCK "so a FIFO swapped in after the check opens at once instead of
    waiting" (core/text/reading.py, scan._head), and results are read the same way; the cleaner does not: delete's
    byte check (replace._bytes_digest) opens the name with O_RDONLY | O_NOFOLLOW only, so a FIFO that took the name
    after locate() blocks the open() for ever. On the command line Ctrl-C, SIGTERM and SIGHUP only set the cancel
    event (clean._stopped_by_signals) and Python restarts the interrupted open (PEP 475): nothing but SIGKILL ends it.
    Expected: the open returns at once, the identity check sees another file and leaves it alone."""
    root = tmp_path / "root"
    root.mkdir()
    (root / "copy.txt").write_bytes(SCANNED)
    expected = expected_of(root, "copy.txt")
    digests = _SwapOnLookup({"copy.txt": expected.digest}, lambda: _fifo_in_place_of(root / "copy.txt"))
    done: list[object] = []
    finished = _finishes(lambda: done.append(delete_scanned(str(root), [expected], digests=digests)), root / "copy.txt")
    assert finished, "delete_scanned hung in open() of a FIFO that took the file's name after the check"
    assert (root / "aside.txt").read_bytes() == SCANNED


def test_a_fifo_swapped_in_before_a_copy_reads_the_bytes_never_hangs_the_action(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same for --copy-to (and a move across file systems, which shares actions._copy_into): the source is
    opened with O_RDONLY | O_NOFOLLOW, without O_NONBLOCK, after the destination folder was made and its free
    space read (replace._free_bytes, the hook here)."""
    root = tmp_path / "root"
    root.mkdir()
    (root / "copy.txt").write_bytes(SCANNED)
    expected = expected_of(root, "copy.txt")
    real_free = replace._free_bytes

    def free_then_swap(fd: int | None, folder: str) -> int | None:
        _fifo_in_place_of(root / "copy.txt")
        return real_free(fd, folder)

    monkeypatch.setattr(replace, "_free_bytes", free_then_swap)
    away = tmp_path / "away"
    done: list[object] = []
    finished = _finishes(lambda: done.append(copy_scanned(str(root), [expected], str(away))), root / "copy.txt")
    assert finished, "copy_scanned hung in open() of a FIFO that took the file's name after the check"


def test_a_fifo_swapped_in_before_a_link_compares_the_bytes_never_hangs_the_action(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same for --link: replace._same_bytes opens the copy (and the reference) without O_NONBLOCK, after the
    reference was located (the hook: the copy's name taken by a FIFO right after the reference's locate())."""
    root = tmp_path / "root"
    root.mkdir()
    (root / "ref.txt").write_bytes(SCANNED)
    (root / "copy.txt").write_bytes(SCANNED)
    pair = Replacement(expected_of(root, "copy.txt"), expected_of(root, "ref.txt"))
    real_locate = replace.locate
    calls: list[str] = []

    def locate_then_swap(where: str, expected: Expected | str) -> object:
        calls.append(str(expected))
        if len(calls) == 1:  # the copy was reached by _run already; this reaches the reference (in _link_one)
            _fifo_in_place_of(root / "copy.txt")
        return real_locate(where, expected)

    monkeypatch.setattr(replace, "locate", locate_then_swap)
    done: list[object] = []
    finished = _finishes(lambda: done.append(link_scanned(str(root), [pair], LinkKind.HARD)), root / "copy.txt")
    assert calls, "the hook was never reached: the test no longer forces the moment it is about"
    assert finished, "link_scanned hung in open() of a FIFO that took the copy's name after the check"


# ------------------------------------------------------------------------------------------ a move across disks


def test_a_move_across_file_systems_keeps_the_file_s_owner(tmp_path: Path, other_disk: Path) -> None:
    """A move to another file system is a copy (actions._copy_into) that sets the mode and times on the new file
    but never its owner: run as root (as a cleaner of /home or a shared folder is), every file moved to another disk
    becomes root's. A file of mode 0640 then cannot even be read by the user it belonged to. `mv` keeps the owner
    and group; a move is a move. Expected: the moved file has the owner and group it had."""
    if os.geteuid() != 0:
        pytest.skip("giving a file to another user needs root")
    root = tmp_path / "root"
    root.mkdir()
    (root / "copy.txt").write_bytes(SCANNED)
    os.chown(root / "copy.txt", 4321, 4321)
    os.chmod(root / "copy.txt", 0o640)
    report = move_scanned(str(root), [expected_of(root, "copy.txt")], str(other_disk / "dupes"))
    assert [o.ok for o in report.outcomes] == [True], report.outcomes
    moved = os.stat(other_disk / "dupes" / "copy.txt")
    assert stat.S_IMODE(moved.st_mode) == 0o640
    assert (moved.st_uid, moved.st_gid) == (4321, 4321), (
        f"the moved file belongs to {moved.st_uid}:{moved.st_gid} now, not to its owner 4321:4321"
    )


# ------------------------------------------------------------------------------------------ the trash's record


def test_the_thousandth_copyright_in_the_trash_still_keeps_its_name(tmp_path: Path, home_trash: Path) -> None:
    """The file goes to the trash under a private name and its record is then mended to its own name
    (actions._mend_in_trash), numbering it as the trash numbers a taken name ("copyright 1", "copyright 2"…) — but
    only up to 999: with "copyright" … "copyright 998" in the trash (one copyright file a package: /usr/share/doc,
    the folder docs/folder.md measures, holds thousands), every further file keeps the private name, and a restore
    puts back a hidden ".simcompare-<16 hex>.part" in place of "copyright". send2trash alone numbers on without a
    limit. Expected: the record says the file's own path, as for the first 999."""
    from send2trash import send2trash

    (home_trash / "files").mkdir(parents=True)
    (home_trash / "info").mkdir()
    for n in range(1000):
        name = "copyright" if n == 0 else f"copyright {n}"
        (home_trash / "files" / name).write_bytes(b"an earlier copyright\n")
        (home_trash / "info" / f"{name}.trashinfo").write_text(
            f"[Trash Info]\nPath=/usr/share/doc/package{n}/copyright\nDeletionDate=2026-01-01T00:00:00\n",
            encoding="utf-8",
        )
    root = tmp_path / "root"
    (root / "package").mkdir(parents=True)
    (root / "package" / "copyright").write_bytes(SCANNED)
    report = trash_scanned(str(root), [expected_of(root, "package/copyright")], send2trash)
    assert [o.ok for o in report.outcomes] == [True], report.outcomes
    ours = []
    for record in (home_trash / "info").iterdir():
        text = record.read_text(encoding="utf-8")
        if str(root) in unquote(text):
            ours.append((record.name, next(unquote(x[5:]) for x in text.splitlines() if x.startswith("Path="))))
    assert len(ours) == 1, ours
    assert ours[0][1] == str(root / "package" / "copyright"), f"a restore gives back {ours[0][1]}"


# ------------------------------------------------------------------------------------------ a copy of a moving target


def test_a_file_written_to_while_it_is_copied_is_not_reported_as_a_good_copy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move across file systems checks the source again after copying it (actions._copy_into: "the file changed
    while it was being moved") and keeps nothing; --copy-to shares the code but skips that check
    (remove_source=False): a file appended to (a log, a file being saved) between two reads of 1 MiB is copied
    half old, half new, and reported "copied" with the scan's identity, a copy of bytes the file never held at once
    — and of a file the cleaner would leave alone as `changed` a moment later. Expected: as for the move, the copy
    is refused and nothing is left at the destination."""
    root = tmp_path / "root"
    root.mkdir()
    body = b"line of a growing log\n" * (3 * (1 << 20) // 22)  # three reads of 1 MiB
    (root / "log.txt").write_bytes(body)
    expected = expected_of(root, "log.txt")
    real_read = os.read
    appended: list[int] = []

    def read_while_written(fd: int, n: int) -> bytes:
        chunk = real_read(fd, n)
        if n == 1 << 20 and chunk and not appended:  # after the first chunk, another program writes
            with open(root / "log.txt", "ab") as out:
                appended.append(out.write(b"a line written meanwhile\n"))
        return chunk

    monkeypatch.setattr(os, "read", read_while_written)
    report = copy_scanned(str(root), [expected], str(tmp_path / "away"))
    monkeypatch.undo()
    assert appended, "the hook was never reached: the test no longer forces the moment it is about"
    copies = list((tmp_path / "away").rglob("*.txt")) if (tmp_path / "away").exists() else []
    assert not report.outcomes[0].ok, (
        f"reported as copied: {[(p.name, p.stat().st_size) for p in copies]}, scanned size {expected.size}"
    )
    assert copies == []


# ------------------------------------------------------------------------------------------ after the fixes


def test_a_working_link_whose_path_passes_path_max_is_not_called_broken_by_the_scan(tmp_path: Path) -> None:
    """The scan looked at such a link by its whole path (ENAMETOOLONG) and called it broken; now only a link that
    leads nowhere (ENOENT, ELOOP, ENOTDIR) is, and pointed_at finds where it leads."""
    from simcompare.core.errors import ErrorCode
    from simcompare.core.folder.actions import pointed_at
    from simcompare.core.folder.scan import scan

    root = tmp_path / "root"
    root.mkdir()
    (root / "target.txt").write_text("the words the link leads to, a few of them\n", encoding="utf-8")
    deep = root
    while len(str(deep)) + 201 < 4000:  # 3,800 to 4,000 bytes: "broken.txt" fits below PATH_MAX, "L" * 250 not
        deep = deep / ("d" * 200)
    deep.mkdir(parents=True)
    folder = os.open(deep, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.symlink(str(root / "target.txt"), "L" * 250, dir_fd=folder)
        os.symlink(str(root / "nothing.txt"), "broken.txt", dir_fd=folder)
    finally:
        os.close(folder)
    result = scan(root)
    broken = sorted(p.path.rsplit("/", 1)[-1] for p in result.problems if p.reason == ErrorCode.BROKEN_LINK)
    assert broken == ["broken.txt"]
    long_link = next(rel for rel in result.symlinks if rel.endswith("L" * 250))
    assert pointed_at(str(root), [long_link]) == {identity_of_path(root / "target.txt"): long_link}


def identity_of_path(path: Path) -> tuple[int, int]:
    info = os.stat(path)
    return (info.st_dev, info.st_ino)


def test_a_name_numbered_in_the_trash_takes_its_own_name_again_once_the_trash_is_emptied(
    tmp_path: Path, home_trash: Path
) -> None:
    """The trash's numbering starts from where it last numbered a name (so a thousand files of one name are not
    each tried against every number before theirs), but a file's own name is always tried first."""
    import shutil

    from send2trash import send2trash

    root = tmp_path / "root"
    for n in range(3):
        (root / f"p{n}").mkdir(parents=True)
        (root / f"p{n}" / "copyright").write_bytes(SCANNED + bytes([n]))
    for n in range(2):
        report = trash_scanned(str(root), [expected_of(root, f"p{n}/copyright")], send2trash)
        assert [o.ok for o in report.outcomes] == [True]
    assert sorted(p.name for p in (home_trash / "files").iterdir()) == ["copyright", "copyright 1"]
    shutil.rmtree(home_trash / "files")
    shutil.rmtree(home_trash / "info")
    report = trash_scanned(str(root), [expected_of(root, "p2/copyright")], send2trash)
    assert [o.ok for o in report.outcomes] == [True]
    assert [p.name for p in (home_trash / "files").iterdir()] == ["copyright"]


def test_the_quick_destination_check_of_a_dialog_leaves_the_walk_to_the_action(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """check_destination(look_inside=False) is what the window asks before it starts an action (in its own
    thread: no walk of a large tree); the action itself looks inside and refuses the bind mount. Where the system
    has a mount table (Linux), both refuse it by the table first, without a walk; the walk is what is left where
    there is none."""
    from helpers.mounts import bind_mount

    from simcompare.core.folder import actions
    from simcompare.core.folder.actions import check_destination
    from simcompare.core.folder.mounts import MountTable

    root = tmp_path / "root"
    (root / "sub").mkdir(parents=True)
    (root / "a.txt").write_bytes(SCANNED)
    mounted = tmp_path / "mnt"
    mounted.mkdir()
    with bind_mount(root / "sub", mounted):
        with pytest.raises(ValueError, match="by the mount table"):
            check_destination(str(root), str(mounted / "dupes"), look_inside=False)
        with pytest.raises(ValueError, match="by the mount table"):
            move_scanned(str(root), [expected_of(root, "a.txt")], str(mounted / "dupes"))
        with monkeypatch.context() as no_table:  # as on a system without a mount table: the walk alone
            no_table.setattr(actions, "MountTable", lambda: MountTable(b""))
            check_destination(str(root), str(mounted / "dupes"), look_inside=False)
            with pytest.raises(ValueError, match="inside it, reached another way"):
                check_destination(str(root), str(mounted / "dupes"))
            with pytest.raises(ValueError, match="inside it, reached another way"):
                move_scanned(str(root), [expected_of(root, "a.txt")], str(mounted / "dupes"))
        assert sorted(p.name for p in (root / "sub").iterdir()) == []
    assert (root / "a.txt").read_bytes() == SCANNED


def test_a_file_rewritten_in_place_with_its_size_and_time_set_back_while_copied_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The re-check after a copy compares the change time too: a rewrite of the same size whose modification
    time is set back (as `touch -d` or a careful program does) keeps the identity, size and time as scanned."""
    root = tmp_path / "root"
    root.mkdir()
    body = b"A" * (3 << 20)
    (root / "data.bin.txt").write_bytes(body)
    expected = expected_of(root, "data.bin.txt")
    real_read = os.read
    rewritten: list[bool] = []

    def read_while_rewritten(fd: int, n: int) -> bytes:
        chunk = real_read(fd, n)
        if n == 1 << 20 and chunk and not rewritten:
            path = root / "data.bin.txt"
            rewrite_hiding_it(path, b"B" * (1 << 20), at=2 << 20)
            rewritten.append(True)
        return chunk

    monkeypatch.setattr(os, "read", read_while_rewritten)
    report = copy_scanned(str(root), [expected], str(tmp_path / "away"))
    monkeypatch.undo()
    assert rewritten, "the hook was never reached"
    assert not report.outcomes[0].ok, "a copy half A, half B was reported good"
    copies = list((tmp_path / "away").rglob("*.txt")) if (tmp_path / "away").exists() else []
    assert copies == []


def test_a_copy_rewritten_after_its_bytes_were_compared_is_not_replaced_by_a_link(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Between the byte comparison and the swap, another program writes new words into the copy, same size, its
    modification time set back: the change time says so, and the copy (with its new words) stays."""
    root = tmp_path / "root"
    root.mkdir()
    (root / "ref.txt").write_bytes(SCANNED)
    (root / "copy.txt").write_bytes(SCANNED)
    pair = Replacement(expected_of(root, "copy.txt"), expected_of(root, "ref.txt"))
    real_same_bytes = replace._same_bytes
    new_words = SCANNED.replace(b"scanned", b"changed")

    def compare_then_rewrite(a: object, b: object) -> bool:
        same = real_same_bytes(a, b)  # type: ignore[arg-type]
        rewrite_hiding_it(root / "copy.txt", new_words)
        return same

    monkeypatch.setattr(replace, "_same_bytes", compare_then_rewrite)
    report = link_scanned(str(root), [pair], LinkKind.HARD)
    assert not report.outcomes[0].ok, report.outcomes
    assert (root / "copy.txt").read_bytes() == new_words
    assert os.stat(root / "copy.txt").st_ino != os.stat(root / "ref.txt").st_ino


def test_a_file_rewritten_after_its_digest_was_read_is_not_deleted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Delete reads the file's bytes against the scan's digest, then deletes it: a rewrite in between (same size,
    its modification time set back) shows in the change time, and the file with its new words stays."""
    root = tmp_path / "root"
    root.mkdir()
    (root / "copy.txt").write_bytes(SCANNED)
    expected = expected_of(root, "copy.txt")
    new_words = SCANNED.replace(b"scanned", b"changed")
    real_digest = replace._bytes_digest

    def read_then_rewrite(found: object) -> str:
        digest = real_digest(found)  # type: ignore[arg-type]
        rewrite_hiding_it(root / "copy.txt", new_words)
        return digest

    monkeypatch.setattr(replace, "_bytes_digest", read_then_rewrite)
    report = delete_scanned(str(root), [expected], digests={"copy.txt": expected.digest})
    assert not report.outcomes[0].ok, report.outcomes
    assert (root / "copy.txt").read_bytes() == new_words
