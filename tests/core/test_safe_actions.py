"""Acting only on what was scanned: each file reached under the scanned folder without following links and
compared with its record before it is trashed or moved; whatever changed is named and left alone; a move
that fails leaves no partial copy; the report says exactly what happened, the log's failure included.

Every test runs twice: with the ``openat`` walk (Linux, macOS) and with the ``lstat`` walk that platforms
without ``dir_fd`` (Windows) use."""

from __future__ import annotations

import errno
import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.mounts import bind_mount, read_only_bind, small_tmpfs
from helpers.results_layout import three_docs
from helpers.texts import EN_A, OTHER, ZH_A

from simcompare.core.errors import Cancelled
from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder import actions, safe_paths
from simcompare.core.folder.actions import ActionKind, ActionLog, Outcome, expected_of, move_scanned, trash_scanned
from simcompare.core.folder.safe_paths import Expected, SkipReason
from simcompare.core.folder.scan import FileRecord, ScanOptions, scan
from simcompare.core.progress import Stage

CONFIG = Config(segmenter="words")
OPTIONS = ScanOptions(workers=1, in_process=True)


@pytest.fixture(params=["openat", "lstat"], autouse=True)
def walk(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    if request.param == "lstat":
        monkeypatch.setattr(safe_paths, "DIR_FD_WALK", False)
        monkeypatch.setattr(actions, "DIR_FD_WALK", False)
    elif not safe_paths.DIR_FD_WALK:
        pytest.skip("this platform has no openat-style walk (no dir_fd)")
    yield request.param


class Trash:
    """A real trash folder: ``trash(path)`` renames the file into it (as send2trash does on one disk)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        self.calls: list[str] = []

    def __call__(self, path: str) -> None:
        self.calls.append(path)
        os.rename(path, self.folder / f"{len(self.calls)}-{os.path.basename(path)}")


@pytest.fixture
def root(tmp_path: Path) -> Path:
    return three_docs(tmp_path)


def scanned(root: Path) -> dict[str, FileRecord]:
    return {f.path: f for f in scan(root, CONFIG, OPTIONS).files}


def expect(records: dict[str, FileRecord], *paths: str) -> list[Expected]:
    return [expected_of(records[p]) for p in paths]


def reasons(outcomes: tuple[Outcome, ...] | list[Outcome]) -> dict[str, SkipReason | None]:
    return {o.path: o.skipped for o in outcomes if not o.ok}


def test_a_file_edited_after_the_scan_is_skipped_and_named(root: Path, tmp_path: Path) -> None:
    records = scanned(root)
    (root / "b.txt").write_text("now something else entirely", encoding="utf-8")
    trash = Trash(tmp_path / "trash")
    report = trash_scanned(str(root), expect(records, "a.txt", "b.txt"), trash)
    assert report.moved_paths == ("a.txt",) and len(trash.calls) == 1  # by a private name in its folder
    assert os.path.dirname(trash.calls[0]) == str(root) and not (root / "a.txt").exists()
    (stayed,) = report.stayed
    assert stayed.path == "b.txt" and stayed.source == str(root / "b.txt")
    assert stayed.skipped is SkipReason.CHANGED and "size changed since the scan" in stayed.error
    assert (root / "b.txt").read_text(encoding="utf-8") == "now something else entirely"


def test_another_file_with_the_same_size_and_time_is_not_the_scanned_one(root: Path, tmp_path: Path) -> None:
    records = scanned(root)
    before = os.stat(root / "b.txt")
    (root / "b.new").write_text(EN_A + " A cop!!", encoding="utf-8")  # same size, made while b.txt exists
    os.utime(root / "b.new", ns=(before.st_atime_ns, before.st_mtime_ns))  # same time, as cp -p would
    (root / "b.new").replace(root / "b.txt")  # as an editor saves
    assert os.stat(root / "b.txt").st_ino != before.st_ino
    report = trash_scanned(str(root), expect(records, "b.txt"), Trash(tmp_path / "trash"))
    assert reasons(report.outcomes) == {"b.txt": SkipReason.CHANGED}
    assert "another file now" in report.stayed[0].error and (root / "b.txt").exists()


@pytest.mark.parametrize(
    ("replace", "reason"),
    [("link", SkipReason.LINK), ("folder", SkipReason.FOLDER), ("gone", SkipReason.VANISHED)],
)
def test_a_file_that_became_a_link_or_a_folder_or_vanished_is_left_alone(
    root: Path, tmp_path: Path, replace: str, reason: SkipReason
) -> None:
    records = scanned(root)
    outside = tmp_path / "precious.txt"
    outside.write_text("not in the scanned folder", encoding="utf-8")
    (root / "b.txt").unlink()
    if replace == "link":
        (root / "b.txt").symlink_to(outside)
    elif replace == "folder":
        (root / "b.txt").mkdir()
        (root / "b.txt" / "inside.txt").write_text("a folder's file", encoding="utf-8")
    trash = Trash(tmp_path / "trash")
    for report in (
        trash_scanned(str(root), expect(records, "b.txt"), trash),
        move_scanned(str(root), expect(records, "b.txt"), str(tmp_path / "aside")),
    ):
        assert reasons(report.outcomes) == {"b.txt": reason} and not report.done
    assert not trash.calls and outside.read_text(encoding="utf-8") == "not in the scanned folder"
    assert not list((tmp_path / "aside").rglob("*"))
    if replace == "gone":
        assert report.stayed[0].errno == errno.ENOENT  # a window words it by number


def test_a_folder_on_the_path_swapped_for_a_link_is_not_followed(root: Path, tmp_path: Path) -> None:
    records = scanned(root)
    outside = tmp_path / "outside"
    outside.mkdir()
    shutil.copy2(root / "sub" / "c.txt", outside / "c.txt")  # the same bytes, size and time, outside
    (root / "sub").rename(root / "sub-old")
    (root / "sub").symlink_to(outside, target_is_directory=True)
    trash = Trash(tmp_path / "trash")
    report = trash_scanned(str(root), expect(records, "sub/c.txt"), trash)
    assert reasons(report.outcomes) == {"sub/c.txt": SkipReason.LINK_ON_PATH}
    assert not trash.calls and (outside / "c.txt").exists()


def test_a_record_naming_a_folder_or_an_outside_path_is_never_acted_on(root: Path, tmp_path: Path) -> None:
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "precious.txt").write_text("keep me", encoding="utf-8")
    info = os.stat(victim / "precious.txt")
    crafted = [
        Expected("sub", 0, 0, 4096, 0),  # a folder, with what results files could claim
        Expected("../victim/precious.txt", info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns),
        Expected("", 0, 0, 0, 0),
        Expected(".", 0, 0, 0, 0),
        Expected(str(victim / "precious.txt"), info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns),
        Expected("sub//c.txt", 0, 0, 0, 0),
    ]
    trash = Trash(tmp_path / "trash")
    report = trash_scanned(str(root), crafted, trash)
    assert [o.skipped for o in report.outcomes] == [
        SkipReason.FOLDER,
        SkipReason.BAD_PATH,
        SkipReason.BAD_PATH,
        SkipReason.BAD_PATH,
        SkipReason.BAD_PATH,
        SkipReason.BAD_PATH,
    ]
    # a path out of rule is named as given, never as a path inside the scanned folder
    assert [o.source for o in report.outcomes[1:3]] == ["../victim/precious.txt", ""]
    assert report.outcomes[4].source == str(victim / "precious.txt")
    moved = move_scanned(str(root), crafted, str(tmp_path / "aside"))
    assert not moved.done and not trash.calls
    assert (victim / "precious.txt").read_text(encoding="utf-8") == "keep me" and (root / "sub" / "c.txt").exists()


def test_two_names_of_one_file_are_acted_on_once(root: Path, tmp_path: Path) -> None:
    os.link(root / "a.txt", root / "sub" / "a_link.txt")
    records = scanned(root)
    trash = Trash(tmp_path / "trash")
    report = trash_scanned(str(root), expect(records, "a.txt", "sub/a_link.txt"), trash)
    assert report.moved_paths == ("a.txt",)
    (stayed,) = report.stayed
    assert stayed.skipped is SkipReason.SAME_FILE and "a.txt" in stayed.error
    assert (root / "sub" / "a_link.txt").read_text(encoding="utf-8") == EN_A


def test_a_bind_mounted_copy_is_the_same_file(root: Path, tmp_path: Path) -> None:
    (root / "view").mkdir()
    with bind_mount(root, root / "view"):
        records = scanned(root)
        assert records["view/a.txt"].inode == records["a.txt"].inode
        trash = Trash(tmp_path / "trash")
        report = trash_scanned(str(root), expect(records, "a.txt", "view/a.txt"), trash)
        assert report.moved_paths == ("a.txt",)
        # it was that one file, and went with it: said so, not "vanished since the scan" (which the window listed
        # as left where it was)
        assert reasons(report.outcomes) == {"view/a.txt": SkipReason.SAME_FILE}
        assert "the same file as a.txt" in report.stayed[0].error
        assert len(trash.calls) == 1


def test_a_move_keeps_the_file_itself_and_never_follows_a_link_at_the_destination(root: Path, tmp_path: Path) -> None:
    records = scanned(root)
    destination = tmp_path / "aside"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    destination.mkdir()
    (destination / "sub").symlink_to(elsewhere, target_is_directory=True)
    report = move_scanned(str(root), expect(records, "a.txt", "sub/c.txt"), str(destination))
    assert report.moved_paths == ("a.txt",)
    assert os.stat(destination / "a.txt").st_ino == records["a.txt"].inode  # renamed on one disk, not copied
    assert report.done[0].target == str(destination / "a.txt")
    assert not list(elsewhere.iterdir()) and (root / "sub" / "c.txt").exists()
    assert report.stayed[0].path == "sub/c.txt" and "link or not a folder" in report.stayed[0].error


def test_the_destination_is_never_the_scanned_folder_or_inside_it(root: Path) -> None:
    records = scanned(root)
    for destination in (root, root / "sub" / "aside"):
        with pytest.raises(ValueError, match="scanned folder"):
            move_scanned(str(root), expect(records, "a.txt"), str(destination))
    assert (root / "a.txt").exists()


def test_a_move_to_another_disk_copies_then_removes(root: Path, tmp_path: Path) -> None:
    records = scanned(root)
    mounted = tmp_path / "disk"
    mounted.mkdir()
    with small_tmpfs(mounted, "1m"):
        report = move_scanned(str(root), expect(records, "sub/c.txt"), str(mounted))
        assert report.moved_paths == ("sub/c.txt",), report.stayed
        moved = mounted / "sub" / "c.txt"
        assert moved.read_text(encoding="utf-8") == OTHER and not (root / "sub" / "c.txt").exists()
        assert os.stat(moved).st_mtime_ns == records["sub/c.txt"].mtime_ns
        assert [p.name for p in (mounted / "sub").iterdir()] == ["c.txt"]  # no temporary left


def test_a_full_destination_leaves_no_partial_copy_and_the_source_untouched(root: Path, tmp_path: Path) -> None:
    big = root / "big.txt"
    big.write_text((ZH_A + EN_A) * 400, encoding="utf-8")  # about 400 KB: more than the disk holds
    content = big.read_bytes()
    records = scanned(root)
    mounted = tmp_path / "disk"
    mounted.mkdir()
    with small_tmpfs(mounted, "64k"):
        report = move_scanned(str(root), expect(records, "big.txt", "a.txt"), str(mounted))
        (failed,) = report.stayed
        assert failed.path == "big.txt" and failed.errno == errno.ENOSPC and failed.skipped is None
        assert report.moved_paths == ("a.txt",)  # the next file still moved: no half action
        assert big.read_bytes() == content
        assert sorted(p.name for p in mounted.iterdir()) == ["a.txt"]  # no partial big.txt, no temporary


def test_a_log_that_cannot_be_written_is_its_own_warning(root: Path, tmp_path: Path) -> None:
    records = scanned(root)
    blocker = tmp_path / "data"
    blocker.write_text("a file where the data folder should be", encoding="utf-8")
    trash = Trash(tmp_path / "trash")
    report = trash_scanned(str(root), expect(records, "a.txt"), trash, log=ActionLog(blocker / "actions.log"))
    assert report.moved_paths == ("a.txt",) and not report.stayed  # the file did move
    assert report.log_error and report.log_errno in (errno.ENOTDIR, errno.EEXIST)
    assert not (root / "a.txt").exists()


def test_names_that_are_not_utf8_never_break_an_action_half_way(root: Path, tmp_path: Path) -> None:
    odd = os.fsdecode(b"caf\xe9.txt")
    (root / odd).write_text(EN_A + " Encore.", encoding="utf-8")
    (root / "z.txt").write_text(EN_A + " The last one.", encoding="utf-8")
    records = scanned(root)
    log = ActionLog(tmp_path / "data" / "actions.log")
    trash = Trash(tmp_path / "trash")
    report = trash_scanned(str(root), expect(records, odd, "z.txt"), trash, log=log)
    assert report.moved_paths == (odd, "z.txt") and not report.log_error
    lines = log.path.read_bytes().decode("utf-8").splitlines()  # valid UTF-8, one line per file
    assert len(lines) == 2 and lines[0].split("\t")[1:4] == ["trash", "ok", str(root / "caf\\xe9.txt")]
    moved = move_scanned(str(root), expect(records, "b.txt"), str(tmp_path / os.fsdecode(b"d\xe9st")), log=log)
    assert moved.moved_paths == ("b.txt",) and not moved.log_error
    assert "\\xe9" in log.path.read_text(encoding="utf-8").splitlines()[-1]


def test_the_log_escapes_what_would_break_a_line(tmp_path: Path) -> None:
    log = ActionLog(tmp_path / "actions.log")
    log.write(ActionKind.MOVE, [Outcome("/d/a\tb\nc\\d", "/x/" + os.fsdecode(b"\xff"))])
    (line,) = log.path.read_text(encoding="utf-8").splitlines()
    assert line.split("\t")[1:] == ["move", "ok", "/d/a\\tb\\nc\\\\d", "/x/\\xff"]


def test_a_source_that_cannot_be_removed_leaves_no_copy_behind(root: Path, tmp_path: Path) -> None:
    shelf = tmp_path / "shelf"
    shelf.mkdir()
    (shelf / "kept.txt").write_text(ZH_A, encoding="utf-8")
    (root / "ro").mkdir()
    with read_only_bind(shelf, root / "ro"):
        records = scanned(root)
        destination = tmp_path / "aside"
        report = move_scanned(str(root), expect(records, "ro/kept.txt", "a.txt"), str(destination))
        (failed,) = report.stayed
        assert failed.path == "ro/kept.txt" and failed.errno == errno.EROFS
        assert report.moved_paths == ("a.txt",)
        assert (root / "ro" / "kept.txt").read_text(encoding="utf-8") == ZH_A
        assert not (destination / "ro" / "kept.txt").exists()
        assert not (destination / "ro").exists()  # nor the folder made for it


def test_a_trash_that_fails_oddly_never_stops_the_others(root: Path, tmp_path: Path) -> None:
    records = scanned(root)
    trash = Trash(tmp_path / "trash")

    tried: list[str] = []

    def fussy(path: str) -> None:
        tried.append(path)
        if len(tried) == 1:  # the first file (a.txt): the trash fails oddly
            raise RuntimeError("the trash service went away")
        trash(path)

    report = trash_scanned(str(root), expect(records, "a.txt", "b.txt"), fussy)
    assert report.moved_paths == ("b.txt",)
    assert report.stayed[0].path == "a.txt" and "RuntimeError: the trash service went away" in report.stayed[0].error
    assert (root / "a.txt").exists() and not (root / "b.txt").exists()


def test_cancel_stops_between_two_files_and_the_report_names_the_files_not_reached(root: Path, tmp_path: Path) -> None:
    records = scanned(root)
    trash = Trash(tmp_path / "trash")
    stop = threading.Event()
    seen: list[tuple[int, int, str]] = []

    def progress(done: int, total: int, stage: str) -> None:
        seen.append((done, total, stage))
        if done == 1:  # the first file is in the trash: the user presses Cancel
            stop.set()

    report = trash_scanned(
        str(root), expect(records, "a.txt", "b.txt", "sub/c.txt"), trash, progress=progress, cancel=stop
    )
    assert report.moved_paths == ("a.txt",) and len(trash.calls) == 1
    assert reasons(report.stayed) == {"b.txt": SkipReason.CANCELLED, "sub/c.txt": SkipReason.CANCELLED}
    assert (root / "b.txt").exists() and (root / "sub" / "c.txt").exists()
    assert "stopped before this file" in report.stayed[0].error
    assert seen[0] == (0, 3, Stage.ACTING) and seen[-1] == (3, 3, Stage.ACTING)


def test_a_progress_callback_raising_cancelled_stops_between_files_too(root: Path, tmp_path: Path) -> None:
    records = scanned(root)

    def progress(done: int, total: int, stage: str) -> None:
        if done == 2:
            raise Cancelled

    report = move_scanned(
        str(root), expect(records, "a.txt", "b.txt", "sub/c.txt"), str(tmp_path / "away"), progress=progress
    )
    assert report.moved_paths == ("a.txt", "b.txt") and reasons(report.stayed) == {"sub/c.txt": SkipReason.CANCELLED}
    assert (tmp_path / "away" / "b.txt").exists() and (root / "sub" / "c.txt").exists()
