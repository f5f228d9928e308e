"""The trash and a move act on the scanned file and nothing else, whatever happens to its name or its folders
between the last check and the act (a folder swapped, a program saving by renaming over the name); temporary
names always fit; the trash keeps the file's own name for a restore; failures name what failed.

Each race is forced at the exact moment (a hook that swaps), not left to luck; ``benchmarks/race_actions.py``
runs the same races by the hundred against a second process swapping names."""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable
from pathlib import Path
from urllib.parse import unquote

import pytest
from helpers.files import expected_of

from simcompare.core.folder import actions
from simcompare.core.folder.actions import move_scanned, trash_scanned
from simcompare.core.folder.replace import copy_scanned
from simcompare.core.folder.safe_paths import Expected, SkipReason

SCANNED = b"the scanned file\n"
OTHER = b"another file, never chosen\n"
SAVED = b"a new version, saved by rename\n"


class Trash:
    """A trash that takes a path, as send2trash does: the path is read again when it is called."""

    def __init__(self, folder: Path, before: Callable[[], None] = lambda: None) -> None:
        self.folder, self.before = folder, before
        folder.mkdir(parents=True, exist_ok=True)
        self.calls: list[str] = []

    def __call__(self, path: str) -> None:
        self.calls.append(path)
        self.before()
        os.rename(path, self.folder / f"{len(self.calls)}-{os.path.basename(path)}")


def _swap(first: Path, second: Path) -> None:
    held = first.with_name("held")
    os.rename(first, held)
    os.rename(second, first)
    os.rename(held, second)


def test_a_folder_swapped_while_the_trash_is_called_never_sends_another_file(tmp_path: Path) -> None:
    # two folders swapped in a loop sent an unscanned file to the trash, reported as the scanned one (13 of 300)
    root = tmp_path / "root"
    (root / "d1").mkdir(parents=True)
    (root / "d2").mkdir()
    (root / "d1" / "f.txt").write_bytes(SCANNED)
    (root / "d2" / "f.txt").write_bytes(OTHER)
    expected = expected_of(root, "d1/f.txt")
    trash = Trash(tmp_path / "trash", before=lambda: _swap(root / "d1", root / "d2"))  # after the last check
    report = trash_scanned(str(root), [expected], trash)
    assert trash.calls, "the trash was never called: the test no longer reaches the moment it is about"
    assert not list(trash.folder.iterdir()), "a file went to the trash through the swapped folder"
    assert not report.outcomes[0].ok and "swapped" in report.outcomes[0].error
    # both files as they were, under their own names (the scanned folder is now named d2)
    assert (root / "d2" / "f.txt").read_bytes() == SCANNED and (root / "d1" / "f.txt").read_bytes() == OTHER
    assert sorted(p.name for p in root.rglob("*")) == ["d1", "d2", "f.txt", "f.txt"]


def _trashinfo(trash: Path, name: str) -> str:
    text = (trash / "info" / f"{name}.trashinfo").read_text(encoding="utf-8")
    return next(unquote(line[5:]) for line in text.splitlines() if line.startswith("Path="))


def test_the_trash_records_the_file_s_own_name_and_place(tmp_path: Path, home_trash: Path) -> None:
    # the file goes to the trash by a private name; a restore must still give back its name, where it was
    from send2trash import send2trash

    root = tmp_path / "root"
    root.mkdir()
    for name in ("a.txt", "b.txt", "café 文.txt"):
        (root / name).write_bytes(SCANNED)
    (home_trash / "files").mkdir(parents=True)
    (home_trash / "info").mkdir()
    (home_trash / "files" / "b.txt").write_bytes(OTHER)  # an earlier b.txt in the trash keeps its name
    (home_trash / "info" / "b.txt.trashinfo").write_text("[Trash Info]\nPath=/elsewhere/b.txt\n", encoding="utf-8")
    files = [expected_of(root, name) for name in ("a.txt", "b.txt", "café 文.txt")]
    report = trash_scanned(str(root), files, send2trash)
    assert [o.ok for o in report.outcomes] == [True, True, True], report.outcomes
    assert sorted(p.name for p in (home_trash / "files").iterdir()) == ["a.txt", "b 1.txt", "b.txt", "café 文.txt"]
    assert sorted(p.name for p in (home_trash / "info").iterdir()) == [
        f"{n}.trashinfo" for n in ("a.txt", "b 1.txt", "b.txt", "café 文.txt")
    ]
    assert _trashinfo(home_trash, "a.txt") == str(root / "a.txt")
    assert _trashinfo(home_trash, "b 1.txt") == str(root / "b.txt")
    assert _trashinfo(home_trash, "café 文.txt") == str(root / "café 文.txt")
    assert (home_trash / "files" / "b.txt").read_bytes() == OTHER and not list(root.iterdir())


def test_a_trash_that_cannot_be_used_is_named(tmp_path: Path, home_trash: Path) -> None:
    # an unusable trash said only "Operation not permitted" (or "Not a directory"), not which folder
    from send2trash import send2trash

    root = tmp_path / "root"
    root.mkdir()
    (root / "a.txt").write_bytes(SCANNED)
    home_trash.parent.mkdir(parents=True)
    home_trash.write_bytes(b"not a folder")  # the trash cannot be made: a file holds its name
    report = trash_scanned(str(root), [expected_of(root, "a.txt")], send2trash)
    error = report.outcomes[0].error
    assert not report.outcomes[0].ok and str(home_trash) in error, error
    assert report.outcomes[0].concerns == str(home_trash)  # for the window, which says the reason in its language
    assert [p.name for p in root.iterdir()] == ["a.txt"] and (root / "a.txt").read_bytes() == SCANNED


def _save_over_before_first(name: str, saved: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Right before the first rename or unlink of ``name`` in its folder, a program saves a new version of the
    file by renaming ``saved`` over it (what an editor does)."""
    real_rename, real_unlink = os.rename, os.unlink
    hit: list[str] = []

    def save_first(path: object) -> None:
        if not hit and os.path.basename(os.fsdecode(path)) == name:  # type: ignore[arg-type]
            hit.append(os.fsdecode(path))  # type: ignore[arg-type]
            real_rename(saved, saved.with_name(name))

    def rename(src: object, dst: object, *args: object, **kwargs: object) -> None:
        save_first(src)
        real_rename(src, dst, *args, **kwargs)  # type: ignore[arg-type]

    def unlink(path: object, *args: object, **kwargs: object) -> None:
        save_first(path)
        real_unlink(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "rename", rename)
    monkeypatch.setattr(os, "unlink", unlink)
    return hit


def _other_disk(tmp_path: Path) -> Path:
    shm = Path("/dev/shm")
    if not shm.is_dir() or os.stat(shm).st_dev == os.stat(tmp_path).st_dev:
        pytest.skip("no second file system to move across")
    folder = shm / f"simcompare-test-{os.getpid()}-{tmp_path.name}"
    folder.mkdir()
    return folder


@pytest.mark.parametrize("disk", ["same", "other"])
def test_a_file_saved_over_the_name_while_it_moves_is_never_lost(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, disk: str
) -> None:
    # names swapped while a file moved: the other file was lost (88 of 1,500), its name checked, then unlinked
    root = tmp_path / "root"
    root.mkdir()
    (root / "a.txt").write_bytes(SCANNED)
    (root / "saved.txt").write_bytes(SAVED)
    expected = expected_of(root, "a.txt")
    destination = tmp_path / "moved" if disk == "same" else _other_disk(tmp_path) / "moved"
    try:
        hit = _save_over_before_first("a.txt", root / "saved.txt", monkeypatch)
        report = move_scanned(str(root), [expected], str(destination))
        monkeypatch.undo()
        assert hit, "the save never happened: the test no longer reaches the moment it is about"
        assert (root / "a.txt").read_bytes() == SAVED, "the new version saved under the name was lost"
        assert sorted(p.name for p in root.iterdir()) == ["a.txt"]  # no temporary name left
        moved = sorted(p.name for p in destination.iterdir()) if destination.exists() else []
        if report.outcomes[0].ok:  # moved before the save: the scanned file is at the destination
            assert moved == ["a.txt"] and (destination / "a.txt").read_bytes() == SCANNED
        else:  # the save came first: nothing moved, nothing left at the destination
            assert report.outcomes[0].skipped is SkipReason.CHANGED and moved == []
    finally:
        if disk == "other":
            import shutil

            shutil.rmtree(destination.parent, ignore_errors=True)


def test_a_file_that_took_the_name_is_never_moved_in_its_place(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the name changes hands right after the last check: the move takes the file under the name then, or nothing
    root = tmp_path / "root"
    root.mkdir()
    (root / "a.txt").write_bytes(SCANNED)
    (root / "b.txt").write_bytes(OTHER)
    expected = expected_of(root, "a.txt")
    original = actions._same
    checks: list[bool] = []

    def checked_then_swapped(found: object, now: os.stat_result) -> bool:
        same = original(found, now)  # type: ignore[arg-type]
        checks.append(same)
        if len(checks) == 1 and (root / "a.txt").exists():  # still under its name: the names change hands
            _swap(root / "a.txt", root / "b.txt")
        return same

    monkeypatch.setattr(actions, "_same", checked_then_swapped)
    report = move_scanned(str(root), [expected], str(tmp_path / "moved"))
    monkeypatch.undo()
    assert checks, "never checked: the test no longer reaches the moment it is about"
    moved = tmp_path / "moved" / "a.txt"
    contents = sorted(p.read_bytes() for p in (*root.iterdir(), *(tmp_path / "moved").glob("*")))
    assert contents == sorted([SCANNED, OTHER]), "a file was lost"
    assert not moved.exists() or moved.read_bytes() == SCANNED, "the other file was moved"
    assert report.outcomes[0].ok == moved.exists()


def _longest_name() -> str:
    name = "长" * 80 + ".txt"  # 244 bytes in UTF-8
    return name[:-4] + "x" * (255 - len(name.encode())) + ".txt"


@pytest.mark.parametrize("how", ["move", "copy"])
def test_a_name_of_255_bytes_moves_and_copies_across_disks(tmp_path: Path, how: str) -> None:
    # the temporary name was ".{name}.{12 hex}.simcompare-part": "File name too long" for a long name
    name = _longest_name()
    assert len(name.encode()) == 255
    root = tmp_path / "root"
    root.mkdir()
    (root / name).write_bytes(SCANNED)
    other = _other_disk(tmp_path)
    try:
        act = move_scanned if how == "move" else copy_scanned
        report = act(str(root), [expected_of(root, name)], str(other / "out"))
        assert report.outcomes[0].ok, report.outcomes[0].error
        assert [p.name for p in (other / "out").iterdir()] == [name]
        assert (other / "out" / name).read_bytes() == SCANNED
        assert (root / name).exists() == (how == "copy")
    finally:
        import shutil

        shutil.rmtree(other, ignore_errors=True)


def test_temporary_names_are_short_and_fixed_in_length() -> None:
    names = {actions._temporary() for _ in range(50)}
    assert len(names) == 50 and all(len(n.encode()) <= 40 and n.startswith(".simcompare-") for n in names)


def test_a_reference_that_changed_is_said_in_a_sentence(tmp_path: Path) -> None:
    root = tmp_path / "root"
    root.mkdir()
    (root / "a.txt").write_bytes(SCANNED)
    (root / "b.txt").write_bytes(SCANNED)
    reference = expected_of(root, "a.txt")
    (root / "new.txt").write_bytes(OTHER)
    os.replace(root / "new.txt", root / "a.txt")  # another file under the reference's name
    trash = Trash(tmp_path / "trash")
    report = trash_scanned(str(root), [expected_of(root, "b.txt")], trash, keeping={"b.txt": reference})
    error = report.outcomes[0].error
    assert report.outcomes[0].skipped is SkipReason.REFERENCE_CHANGED and not trash.calls
    assert error.startswith("its group's reference a.txt is no longer the file scanned (it is another file now")
    assert error.endswith("; this copy is kept"), error
    assert stat.S_ISREG(os.lstat(root / "b.txt").st_mode)


def test_where_the_trash_keeps_its_own_records_the_file_is_sent_by_its_own_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # macOS, Windows: the trash's record of the file cannot be mended, so it is sent by its own path, just checked
    monkeypatch.setattr(actions, "_TRASH_KEEPS_RECORDS", False)
    root = tmp_path / "root"
    root.mkdir()
    (root / "a.txt").write_bytes(SCANNED)
    trash = Trash(tmp_path / "trash")
    report = trash_scanned(str(root), [expected_of(root, "a.txt")], trash)
    assert report.outcomes[0].ok and trash.calls == [str(root / "a.txt")] and not list(root.iterdir())
    assert [p.read_bytes() for p in trash.folder.iterdir()] == [SCANNED]


def test_a_folder_swapped_inside_the_real_trash_leaves_no_record_of_nothing(
    tmp_path: Path, home_trash: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # send2trash writes the file's record, then renames the file by its path: the folders swapped in between
    from send2trash import send2trash

    root = tmp_path / "root"
    (root / "d1").mkdir(parents=True)
    (root / "d2").mkdir()
    (root / "d1" / "f.txt").write_bytes(SCANNED)
    (root / "d2" / "f.txt").write_bytes(OTHER)
    expected = expected_of(root, "d1/f.txt")
    real_rename = os.rename
    swapped: list[str] = []

    def rename(src: object, dst: object, *args: object, **kwargs: object) -> None:
        into_trash = os.fsdecode(dst).startswith(str(home_trash))  # type: ignore[arg-type]
        if into_trash and not swapped:  # the record is written; the file is about to go
            swapped.append(os.fsdecode(src))  # type: ignore[arg-type]
            monkeypatch.setattr(os, "rename", real_rename)
            _swap(root / "d1", root / "d2")
        real_rename(src, dst, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "rename", rename)
    report = trash_scanned(str(root), [expected], send2trash)
    monkeypatch.undo()
    assert swapped, "the trash never reached its rename: the test no longer reaches the moment it is about"
    assert not report.outcomes[0].ok and "swapped" in report.outcomes[0].error
    assert not list((home_trash / "files").iterdir()) and not list((home_trash / "info").iterdir())
    assert (root / "d2" / "f.txt").read_bytes() == SCANNED and (root / "d1" / "f.txt").read_bytes() == OTHER


def test_a_full_disk_while_the_trash_s_record_is_mended_still_says_trashed(
    tmp_path: Path, home_trash: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The file is in the trash once the trash answered: a disk that fills while its record gets the file's own
    name back must not turn that into 'left alone' (it was said of a file gone from its folder)."""
    from send2trash import send2trash

    root = tmp_path / "root"
    root.mkdir()
    (root / "a.txt").write_bytes(SCANNED)
    real_write = os.write

    def full(fd: int, data: bytes) -> int:
        if b"[Trash Info]" in data and b"a.txt" in data:  # our mended record, not send2trash's own
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_write(fd, data)

    monkeypatch.setattr(actions.os, "write", full)
    report = trash_scanned(str(root), [expected_of(root, "a.txt")], send2trash)
    assert [o.ok for o in report.outcomes] == [True], report.outcomes
    assert not (root / "a.txt").exists() and not list(root.iterdir())
    kept = [p.name for p in (home_trash / "files").iterdir()]
    assert len(kept) == 1 and (home_trash / "files" / kept[0]).read_bytes() == SCANNED
    records = [p.name for p in (home_trash / "info").iterdir()]
    assert records == [kept[0] + ".trashinfo"]  # the trash's own record, whole; no half-written one beside it


@pytest.mark.parametrize(
    "name",
    ["x" * 251 + ".txt", "文" * 83 + ".txt", "y" * 255, ".profile", "a." + "s" * 252, "notes.txt"],
    ids=["long", "long-utf8", "no-suffix", "dot-name", "long-suffix", "short"],
)
def test_a_numbered_free_name_always_fits_the_system_s_limit(name: str) -> None:
    """A name of up to 255 bytes that is taken gets 'name (2).txt' beside it: that too must be a name the system
    takes (255-byte names made the free name too long, and a move stopped on 'File name too long')."""
    assert len(os.fsencode(name)) <= 255
    for n in (2, 10, 1000):
        numbered = actions._numbered(name, n)
        assert len(os.fsencode(numbered)) <= 255 and f"({n})" in numbered and numbered != name
        assert numbered.encode("utf-8")  # whole characters: never half of a UTF-8 sequence
    assert actions._numbered("notes.txt", 2) == "notes (2).txt"


def test_a_move_next_to_a_taken_255_byte_name_gets_a_free_name_that_fits(tmp_path: Path) -> None:
    root, destination = tmp_path / "root", tmp_path / "dest"
    root.mkdir()
    destination.mkdir()
    name = "z" * 251 + ".txt"
    (root / name).write_bytes(SCANNED)
    (destination / name).write_bytes(OTHER)  # the name is taken at the destination
    report = move_scanned(str(root), [expected_of(root, name)], str(destination))
    assert [o.ok for o in report.outcomes] == [True], report.outcomes
    assert (destination / name).read_bytes() == OTHER
    moved = [p for p in destination.iterdir() if p.name != name]
    assert len(moved) == 1 and moved[0].read_bytes() == SCANNED and len(os.fsencode(moved[0].name)) <= 255


def test_a_long_name_gets_its_own_name_back_in_the_trash(tmp_path: Path, home_trash: Path) -> None:
    """A name whose record ('<name>.trashinfo') would pass 255 bytes is shortened in the trash; the record still
    gives the whole name and place back (it kept the private name, hidden, and restored as that)."""
    from send2trash import send2trash

    root = tmp_path / "root"
    root.mkdir()
    name = "x" * 246 + ".txt"
    (root / name).write_bytes(SCANNED)
    report = trash_scanned(str(root), [expected_of(root, name)], send2trash)
    assert [o.ok for o in report.outcomes] == [True], report.outcomes
    [kept] = [p.name for p in (home_trash / "files").iterdir()]
    assert not kept.startswith(".simcompare-") and kept.endswith(".txt")
    assert len(os.fsencode(kept + ".trashinfo")) <= 255
    assert _trashinfo(home_trash, kept) == str(root / name)
    assert [p.name for p in (home_trash / "info").iterdir()] == [kept + ".trashinfo"]


def test_a_trash_that_numbered_the_private_name_is_mended_and_its_stray_record_removed(
    tmp_path: Path, home_trash: Path
) -> None:
    """send2trash writes its record, fails to move the file across disks (a bind mount), then copies it under
    the next free name ('… 1.part'): the file must still get its own name back, and the first record go."""
    from urllib.parse import quote

    root = tmp_path / "root"
    root.mkdir()
    (root / "a.txt").write_bytes(SCANNED)
    (home_trash / "files").mkdir(parents=True)
    (home_trash / "info").mkdir()

    def numbering_trash(path: str) -> None:
        private = os.path.basename(path)
        record = f"[Trash Info]\nPath={quote(path)}\nDeletionDate=2026-11-27T17:00:00\n"
        (home_trash / "info" / f"{private}.trashinfo").write_text(record, encoding="utf-8")  # the first try's
        stem, _, suffix = private.rpartition(".")
        numbered = f"{stem} 1.{suffix}"
        (home_trash / "info" / f"{numbered}.trashinfo").write_text(record, encoding="utf-8")
        (home_trash / "files" / numbered).write_bytes(Path(path).read_bytes())  # copied across, then removed
        os.unlink(path)

    report = trash_scanned(str(root), [expected_of(root, "a.txt")], numbering_trash)
    assert [o.ok for o in report.outcomes] == [True], report.outcomes
    assert [p.name for p in (home_trash / "files").iterdir()] == ["a.txt"]
    assert [p.name for p in (home_trash / "info").iterdir()] == ["a.txt.trashinfo"]
    assert _trashinfo(home_trash, "a.txt") == str(root / "a.txt")


def test_a_trash_that_fills_the_disk_half_way_through_a_copy_leaves_nothing_behind(
    tmp_path: Path, home_trash: Path
) -> None:
    """Across disks the trash copies the file, then removes it; a disk that fills half way left a truncated copy
    and its record in the trash while the report said the file was left where it was."""
    from urllib.parse import quote

    root = tmp_path / "root"
    root.mkdir()
    (root / "a.txt").write_bytes(SCANNED)
    (home_trash / "files").mkdir(parents=True)
    (home_trash / "info").mkdir()
    (home_trash / "files" / "old.txt").write_bytes(OTHER)  # the trash's own: never touched
    (home_trash / "info" / "old.txt.trashinfo").write_text("[Trash Info]\nPath=/elsewhere/old.txt\n", "utf-8")

    def full_disk_trash(path: str) -> None:
        private = os.path.basename(path)
        (home_trash / "info" / f"{private}.trashinfo").write_text(f"[Trash Info]\nPath={quote(path)}\n", "utf-8")
        (home_trash / "files" / private).write_bytes(Path(path).read_bytes()[:5])  # a partial copy
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    report = trash_scanned(str(root), [expected_of(root, "a.txt")], full_disk_trash)
    assert [o.ok for o in report.outcomes] == [False] and "No space left" in report.outcomes[0].error
    assert (root / "a.txt").read_bytes() == SCANNED and [p.name for p in root.iterdir()] == ["a.txt"]
    assert [p.name for p in (home_trash / "files").iterdir()] == ["old.txt"]
    assert [p.name for p in (home_trash / "info").iterdir()] == ["old.txt.trashinfo"]


# A file taken off its name and then put back after the action failed gets a free name beside the file that took
# its own meanwhile ("name (2).txt"): the report says so, by that name, and never that it stayed where it was.

KEPT_AS = "name (2).txt"


def _racing_folder(tmp_path: Path) -> tuple[Path, Expected, Callable[[], None]]:
    """A scanned ``name.txt`` and what puts another file under its name (a program saving while it acts)."""
    root = tmp_path / "root"
    root.mkdir()
    (root / "name.txt").write_bytes(SCANNED)
    return root, expected_of(root, "name.txt"), lambda: (root / "name.txt").write_bytes(SAVED)


def _kept_beside(root: Path, outcome: actions.Outcome, log: Path | None = None) -> None:
    assert not outcome.ok and outcome.kept_as == KEPT_AS, outcome
    assert KEPT_AS in outcome.error and "left where it was" not in outcome.error, outcome.error
    assert sorted(p.name for p in root.iterdir()) == sorted(["name.txt", KEPT_AS])  # no private name left
    assert (root / KEPT_AS).read_bytes() == SCANNED and (root / "name.txt").read_bytes() == SAVED
    if log is not None:
        (line,) = log.read_text(encoding="utf-8").splitlines()
        assert line.split("\t")[2] == "failed" and KEPT_AS in line.split("\t")[4], line


def test_a_trash_that_fails_after_another_file_took_the_name_says_the_file_s_new_name(
    tmp_path: Path, home_trash: Path
) -> None:
    root, expected, take_name = _racing_folder(tmp_path)

    def failing(path: str) -> None:
        take_name()
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), path)

    log = actions.ActionLog(tmp_path / "actions.log")
    report = trash_scanned(str(root), [expected], failing, log=log)
    _kept_beside(root, report.outcomes[0], log.path)
    assert report.outcomes[0].errno == errno.EACCES


def test_a_trash_that_says_yes_but_leaves_the_file_after_another_took_the_name_says_the_new_name(
    tmp_path: Path, home_trash: Path
) -> None:
    root, expected, take_name = _racing_folder(tmp_path)
    report = trash_scanned(str(root), [expected], lambda _path: take_name())
    _kept_beside(root, report.outcomes[0])


def test_a_file_put_back_on_its_taken_name_where_the_trash_keeps_records_says_the_new_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(actions, "_TRASH_KEEPS_RECORDS", False)
    root, expected, take_name = _racing_folder(tmp_path)
    original = actions._detach

    def detached_then_taken(found: actions.Located, doing: str) -> str:
        private = original(found, doing)
        take_name()
        return private

    monkeypatch.setattr(actions, "_detach", detached_then_taken)
    trash = Trash(tmp_path / "trash")
    report = trash_scanned(str(root), [expected], trash)
    assert not trash.calls
    _kept_beside(root, report.outcomes[0])
    assert report.outcomes[0].skipped is SkipReason.CHANGED


def _unlink_fails_after_the_name_is_taken(take_name: Callable[[], None], monkeypatch: pytest.MonkeyPatch) -> None:
    """The private name cannot be removed (a folder made read-only in that moment); meanwhile a program saves a
    file under the scanned file's name. Only that one call is made to fail: every other unlink is the real one."""
    real_unlink = os.unlink

    def unlink(path: object, *args: object, **kwargs: object) -> None:
        if os.path.basename(os.fsdecode(path)).startswith(".simcompare-"):  # type: ignore[arg-type]
            take_name()
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), path)
        real_unlink(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "unlink", unlink)


def test_a_delete_that_fails_after_another_file_took_the_name_says_the_file_s_new_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from simcompare.core.folder.replace import delete_scanned

    root, expected, take_name = _racing_folder(tmp_path)
    _unlink_fails_after_the_name_is_taken(take_name, monkeypatch)
    log = actions.ActionLog(tmp_path / "actions.log")
    report = delete_scanned(str(root), [expected], log=log)
    monkeypatch.undo()
    _kept_beside(root, report.outcomes[0], log.path)
    assert report.outcomes[0].errno == errno.EACCES


def test_a_move_to_another_disk_whose_source_cannot_be_removed_says_the_file_s_new_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root, expected, take_name = _racing_folder(tmp_path)
    destination = _other_disk(tmp_path) / "moved"
    try:
        _unlink_fails_after_the_name_is_taken(take_name, monkeypatch)
        report = move_scanned(str(root), [expected], str(destination))
        monkeypatch.undo()
        _kept_beside(root, report.outcomes[0])
        assert not list(destination.iterdir())  # the copy made there is removed again
    finally:
        import shutil

        shutil.rmtree(destination.parent, ignore_errors=True)


def test_a_move_across_a_bind_mount_after_another_file_took_the_name_says_the_file_s_new_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # one disk reached twice: the rename says EXDEV and the file is copied instead; it is first put back, and
    # another file took its name in that moment
    from helpers.mounts import bind_mount

    root, expected, take_name = _racing_folder(tmp_path)
    (tmp_path / "shelf").mkdir()
    (tmp_path / "mounted").mkdir()
    real = actions._rename_noreplace

    def rename(src: str, src_fd: int | None, dst: str, dst_fd: int | None) -> None:
        if os.path.basename(dst) == "name.txt" and not (root / "name.txt").exists():  # the move, not the put back
            take_name()
        real(src, src_fd, dst, dst_fd)

    with bind_mount(tmp_path / "shelf", tmp_path / "mounted"):
        monkeypatch.setattr(actions, "_rename_noreplace", rename)
        report = move_scanned(str(root), [expected], str(tmp_path / "mounted"))
        monkeypatch.undo()
        assert report.outcomes[0].errno == errno.EXDEV, report.outcomes[0]
        _kept_beside(root, report.outcomes[0])
        assert not list((tmp_path / "mounted").iterdir())
