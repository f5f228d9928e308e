"""Replace with a hard or symbolic link, delete permanently, copy to a folder, remove the folders left empty:
each file checked against its record right before, a failure at any point leaving the copy as it was, the
report saying exactly what happened to each file, the log written.

Every test runs twice: with the ``openat`` walk and with the ``lstat`` walk (platforms without ``dir_fd``)."""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from helpers.mounts import read_only_bind, small_tmpfs
from helpers.texts import EN_A, OTHER, ZH_A

from simcompare.core.folder import actions, empty_folders, replace, safe_paths
from simcompare.core.folder.actions import ActionKind, ActionLog, move_scanned, trash_scanned
from simcompare.core.folder.replace import LinkKind, Replacement, copy_scanned, delete_scanned, link_scanned
from simcompare.core.folder.safe_paths import Expected, SkipReason
from simcompare.core.folder.scan import raw_digest


@pytest.fixture(params=["openat", "lstat"], autouse=True)
def walk(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    if request.param == "lstat":
        for module in (safe_paths, actions, empty_folders):
            monkeypatch.setattr(module, "DIR_FD_WALK", False)
    elif not safe_paths.DIR_FD_WALK:
        pytest.skip("this platform has no openat-style walk (no dir_fd)")
    yield request.param


@pytest.fixture
def root(tmp_path: Path) -> Path:
    root = tmp_path / "docs"
    (root / "sub" / "deeper").mkdir(parents=True)
    (root / "ref.txt").write_text(EN_A, encoding="utf-8")
    (root / "copy.txt").write_text(EN_A, encoding="utf-8")
    (root / "sub" / "deeper" / "copy2.txt").write_text(EN_A, encoding="utf-8")
    (root / "sub" / "other.txt").write_text(OTHER, encoding="utf-8")
    return root


def expected(root: Path | str, rel: str) -> Expected:
    path = os.path.join(root, rel)
    info = os.lstat(path)
    digest = raw_digest(Path(path).read_bytes()) if os.path.isfile(path) and not os.path.islink(path) else ""
    return Expected(rel, info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, digest)


def pair(root: Path, copy: str, reference: str = "ref.txt", reference_root: Path | None = None) -> Replacement:
    where = reference_root or root
    return Replacement(expected(root, copy), expected(where, reference), str(reference_root or ""))


def listing(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


def test_a_hard_link_replaces_the_copy_and_says_so(root: Path, tmp_path: Path) -> None:
    log = ActionLog(tmp_path / "data" / "actions.log")
    before = listing(root)
    report = link_scanned(str(root), [pair(root, "copy.txt"), pair(root, "sub/deeper/copy2.txt")], "hard", log=log)
    assert report.kind is ActionKind.HARD_LINK and not report.stayed
    assert report.moved_paths == ("copy.txt", "sub/deeper/copy2.txt")
    assert {o.target for o in report.done} == {str(root / "ref.txt")}
    reference = os.stat(root / "ref.txt")
    for name in ("copy.txt", "sub/deeper/copy2.txt"):
        assert os.stat(root / name).st_ino == reference.st_ino
    assert reference.st_nlink == 3 and listing(root) == before  # no temporary name left
    lines = log.path.read_text(encoding="utf-8").splitlines()
    assert [line.split("\t")[1:4] for line in lines] == [
        ["hardlink", "ok", str(root / "copy.txt")],
        ["hardlink", "ok", str(root / "sub" / "deeper" / "copy2.txt")],
    ]


def test_a_copy_already_linked_is_reported_not_relinked(root: Path) -> None:
    (root / "copy.txt").unlink()
    os.link(root / "ref.txt", root / "copy.txt")
    for how in LinkKind:
        report = link_scanned(str(root), [pair(root, "copy.txt"), pair(root, "ref.txt")], how)
        assert [o.skipped for o in report.outcomes] == [SkipReason.ALREADY_LINKED, SkipReason.IS_REFERENCE]
        assert not report.done and "already is a hard link" in report.outcomes[0].error
    assert not (root / "copy.txt").is_symlink() and os.stat(root / "ref.txt").st_nlink == 2


def test_a_symbolic_link_points_at_the_reference_absolutely(root: Path) -> None:
    report = link_scanned(str(root), [pair(root, "sub/deeper/copy2.txt")], LinkKind.SYMBOLIC)
    assert report.kind is ActionKind.SYMBOLIC_LINK and report.moved_paths == ("sub/deeper/copy2.txt",)
    link = root / "sub" / "deeper" / "copy2.txt"
    assert link.is_symlink() and os.readlink(link) == str(root / "ref.txt")
    assert link.read_text(encoding="utf-8") == EN_A and sorted(os.listdir(link.parent)) == ["copy2.txt"]


def test_a_hard_link_never_crosses_file_systems_a_symbolic_one_may(root: Path, tmp_path: Path) -> None:
    shm = Path("/dev/shm")
    if not shm.is_dir() or os.stat(shm).st_dev == os.stat(root).st_dev:
        pytest.skip("no second file system at /dev/shm on this machine")
    other = Path(os.path.realpath(shm)) / f"simcompare-test-{os.getpid()}-{tmp_path.name}"
    other.mkdir()
    try:
        (other / "ref.txt").write_text(EN_A, encoding="utf-8")
        content = (root / "copy.txt").read_bytes()
        report = link_scanned(str(root), [pair(root, "copy.txt", reference_root=other)], "hard")
        (stayed,) = report.stayed
        assert stayed.skipped is SkipReason.OTHER_DEVICE and stayed.errno == errno.EXDEV
        assert (root / "copy.txt").read_bytes() == content and not (root / "copy.txt").is_symlink()
        assert sorted(os.listdir(root)) == ["copy.txt", "ref.txt", "sub"]
        symbolic = link_scanned(str(root), [pair(root, "copy.txt", reference_root=other)], "symbolic")
        assert symbolic.moved_paths == ("copy.txt",) and os.readlink(root / "copy.txt") == str(other / "ref.txt")
    finally:
        for child in other.iterdir():
            child.unlink()
        other.rmdir()


def test_a_read_only_folder_leaves_the_copy_as_it_was(root: Path, tmp_path: Path) -> None:
    shelf = tmp_path / "shelf"
    shelf.mkdir()
    (shelf / "copy.txt").write_text(EN_A, encoding="utf-8")
    (root / "ro").mkdir()
    with read_only_bind(shelf, root / "ro"):
        wanted = pair(root, "ro/copy.txt")
        for how in LinkKind:
            report = link_scanned(str(root), [wanted], how)
            (stayed,) = report.stayed
            # a hard link into a read-only mount: EXDEV (bind mounts are separate) or EROFS; a symbolic one: EROFS
            assert stayed.errno in (errno.EROFS, errno.EXDEV) and not report.done
        deleted = delete_scanned(str(root), [wanted.copy], remove_empty=True)
        assert deleted.stayed[0].errno == errno.EROFS and not deleted.removed_folders
        assert os.listdir(root / "ro") == ["copy.txt"] and not (root / "ro" / "copy.txt").is_symlink()
        assert (root / "ro" / "copy.txt").read_text(encoding="utf-8") == EN_A


def _swapping(monkeypatch: pytest.MonkeyPatch, name: str, swap: Callable[[], None]) -> None:
    """Run ``swap`` (a real change on disk) just before ``replace.name`` acts: between the check and the act."""
    real = getattr(replace, name)

    def swapped(*args: object, **kwargs: object) -> object:
        swap()
        return real(*args, **kwargs)

    monkeypatch.setattr(replace, name, swapped)


def _save_as_editor(path: Path, text: str) -> None:
    new = path.with_name(path.name + ".new")
    new.write_text(text, encoding="utf-8")
    new.replace(path)


def test_a_copy_swapped_between_check_and_act_is_left_as_it_now_is(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    wanted = pair(root, "copy.txt")
    _swapping(monkeypatch, "_hard_link", lambda: _save_as_editor(root / "copy.txt", "edited just now"))
    report = link_scanned(str(root), [wanted], "hard")
    (stayed,) = report.stayed
    assert stayed.skipped is SkipReason.CHANGED and "while it was being replaced" in stayed.error
    assert (root / "copy.txt").read_text(encoding="utf-8") == "edited just now"
    assert sorted(os.listdir(root)) == ["copy.txt", "ref.txt", "sub"]  # the temporary link is gone
    assert os.stat(root / "ref.txt").st_nlink == 1


def test_a_reference_swapped_between_check_and_act_is_never_linked_to(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    wanted = pair(root, "copy.txt")
    _swapping(monkeypatch, "_hard_link", lambda: _save_as_editor(root / "ref.txt", "another file now"))
    report = link_scanned(str(root), [wanted], "hard")
    (stayed,) = report.stayed
    assert stayed.skipped is SkipReason.REFERENCE_CHANGED
    assert (root / "copy.txt").read_text(encoding="utf-8") == EN_A
    assert os.stat(root / "copy.txt").st_ino == wanted.copy.inode
    assert sorted(os.listdir(root)) == ["copy.txt", "ref.txt", "sub"]


def test_a_reference_changed_since_the_scan_is_never_linked_to(root: Path) -> None:
    wanted = pair(root, "copy.txt")
    (root / "ref.txt").write_text("rewritten", encoding="utf-8")
    for how in LinkKind:
        report = link_scanned(str(root), [wanted], how)
        assert report.stayed[0].skipped is SkipReason.REFERENCE_CHANGED
        assert "ref.txt" in report.stayed[0].error and "size changed" in report.stayed[0].error
    assert (root / "copy.txt").read_text(encoding="utf-8") == EN_A


def test_names_that_are_not_utf8_are_linked_deleted_and_logged(root: Path, tmp_path: Path) -> None:
    odd = os.fsdecode(b"caf\xe9.txt")
    (root / odd).write_text(EN_A, encoding="utf-8")
    odd_ref = os.fsdecode(b"r\xe9f.txt")
    (root / odd_ref).write_text(EN_A, encoding="utf-8")
    log = ActionLog(tmp_path / "data" / "actions.log")
    report = link_scanned(str(root), [pair(root, odd, odd_ref)], "symbolic", log=log)
    assert report.moved_paths == (odd,) and not report.log_error
    assert os.readlink(root / odd) == str(root / odd_ref)
    deleted = delete_scanned(str(root), [expected(root, odd_ref)], log=log)
    assert deleted.moved_paths == (odd_ref,) and not (root / odd_ref).exists()
    lines = log.path.read_bytes().decode("utf-8").splitlines()
    assert [line.split("\t")[1:4] for line in lines] == [
        ["symlink", "ok", str(root / "caf\\xe9.txt")],
        ["delete", "ok", str(root / "r\\xe9f.txt")],
    ]


def test_delete_skips_what_changed_and_removes_only_the_folders_it_emptied(root: Path, tmp_path: Path) -> None:
    (root / "hidden" / "a").mkdir(parents=True)
    (root / "hidden" / "a" / "x.txt").write_text(ZH_A, encoding="utf-8")
    (root / "hidden" / ".keep").write_text("", encoding="utf-8")
    (root / "was-empty").mkdir()
    wanted = [expected(root, p) for p in ("sub/deeper/copy2.txt", "sub/other.txt", "hidden/a/x.txt", "copy.txt")]
    (root / "copy.txt").write_text("changed", encoding="utf-8")
    log = ActionLog(tmp_path / "actions.log")
    report = delete_scanned(str(root), wanted, log=log, remove_empty=True)
    assert report.kind is ActionKind.DELETE
    assert report.moved_paths == ("sub/deeper/copy2.txt", "sub/other.txt", "hidden/a/x.txt")
    assert [(o.path, o.skipped) for o in report.stayed] == [("copy.txt", SkipReason.CHANGED)]
    assert report.removed_folders == ("hidden/a", "sub/deeper", "sub")  # deepest first
    assert listing(root) == ["copy.txt", "hidden", "hidden/.keep", "ref.txt", "was-empty"]
    kinds = [line.split("\t")[1:3] for line in log.path.read_text(encoding="utf-8").splitlines()]
    assert kinds.count(["remove-folder", "ok"]) == 3 and kinds.count(["delete", "ok"]) == 3


def test_the_scanned_root_and_kept_folders_are_never_removed(root: Path, tmp_path: Path) -> None:
    lone = tmp_path / "lone"
    (lone / "keep-me").mkdir(parents=True)
    (lone / "keep-me" / "a.txt").write_text(EN_A, encoding="utf-8")
    (lone / "b.txt").write_text(EN_A, encoding="utf-8")
    files = [expected(lone, "keep-me/a.txt"), expected(lone, "b.txt")]
    report = move_scanned(str(lone), files, str(tmp_path / "aside"), remove_empty=True, keep=[str(lone / "keep-me")])
    assert report.moved_paths == ("keep-me/a.txt", "b.txt") and report.removed_folders == ()
    assert lone.is_dir() and (lone / "keep-me").is_dir()


def test_trash_removes_the_folders_it_emptied_when_asked(root: Path, tmp_path: Path) -> None:
    bin_ = tmp_path / "bin"
    bin_.mkdir()
    files = [expected(root, "sub/deeper/copy2.txt")]
    report = trash_scanned(str(root), files, lambda p: os.rename(p, bin_ / "x"), remove_empty=True)
    assert report.removed_folders == ("sub/deeper",) and (root / "sub").is_dir()


def test_a_copy_keeps_paths_never_overwrites_and_leaves_the_source(root: Path, tmp_path: Path) -> None:
    destination = tmp_path / "copies"
    (destination / "sub" / "deeper").mkdir(parents=True)
    (destination / "sub" / "deeper" / "copy2.txt").write_text("already here", encoding="utf-8")
    files = [expected(root, "copy.txt"), expected(root, "sub/deeper/copy2.txt")]
    log = ActionLog(tmp_path / "actions.log")
    report = copy_scanned(str(root), files, str(destination), log=log)
    assert report.kind is ActionKind.COPY and report.moved_paths == ("copy.txt", "sub/deeper/copy2.txt")
    assert report.done[1].target == str(destination / "sub" / "deeper" / "copy2 (2).txt")
    assert (destination / "sub" / "deeper" / "copy2.txt").read_text(encoding="utf-8") == "already here"
    assert (destination / "copy.txt").read_text(encoding="utf-8") == EN_A
    assert os.stat(destination / "copy.txt").st_mtime_ns == files[0].mtime_ns
    for f in files:  # the sources untouched: same file, same time
        info = os.lstat(root / f.path)
        assert (info.st_ino, info.st_mtime_ns) == (f.inode, f.mtime_ns) and stat.S_ISREG(info.st_mode)
    with pytest.raises(ValueError, match="scanned folder"):
        copy_scanned(str(root), files, str(root / "sub"))


def test_a_copy_to_a_full_disk_is_refused_by_its_free_space_and_leaves_nothing(root: Path, tmp_path: Path) -> None:
    big = root / "big.txt"
    big.write_text((ZH_A + EN_A) * 400, encoding="utf-8")  # about 400 KB: more than the disk holds
    files = [expected(root, "sub/deeper/copy2.txt"), expected(root, "big.txt"), expected(root, "copy.txt")]
    mounted = tmp_path / "disk"
    mounted.mkdir()
    with small_tmpfs(mounted, "64k"):
        report = copy_scanned(str(root), files, str(mounted))
        (failed,) = report.stayed
        assert failed.path == "big.txt" and failed.errno == errno.ENOSPC and "free space" in failed.error
        assert report.moved_paths == ("sub/deeper/copy2.txt", "copy.txt")
        assert listing(mounted) == ["copy.txt", "sub", "sub/deeper", "sub/deeper/copy2.txt"]
    assert big.stat().st_size == files[1].size


def test_a_near_duplicate_is_never_replaced_by_a_link(root: Path) -> None:
    (root / "near.txt").write_text(EN_A.replace("farmer", "shepherd"), encoding="utf-8")
    (root / "same-size.txt").write_text(EN_A.replace("fox", "cat"), encoding="utf-8")  # same length, other bytes
    for how in LinkKind:
        report = link_scanned(str(root), [pair(root, "near.txt"), pair(root, "same-size.txt")], how)
        assert [o.skipped for o in report.outcomes] == [SkipReason.NOT_IDENTICAL] * 2 and not report.done
        assert "bytes differ" in report.outcomes[0].error
    assert "shepherd" in (root / "near.txt").read_text(encoding="utf-8")
    assert "cat" in (root / "same-size.txt").read_text(encoding="utf-8")
    assert sorted(os.listdir(root)) == ["copy.txt", "near.txt", "ref.txt", "same-size.txt", "sub"]


def _unknown(known: Expected) -> Expected:
    """As a results file saved before identities were recorded (or written by hand) gives it: device and inode 0."""
    return Expected(known.path, 0, 0, known.size, known.mtime_ns)


def test_without_a_recorded_identity_nothing_is_deleted_or_replaced_for_good(root: Path, walk: str) -> None:
    before = {p: p.read_bytes() for p in root.rglob("*") if p.is_file()}
    deleted = delete_scanned(str(root), [_unknown(expected(root, "copy.txt"))])
    linked = link_scanned(
        str(root),
        [
            Replacement(_unknown(expected(root, "copy.txt")), expected(root, "ref.txt"), ""),
            Replacement(expected(root, "sub/deeper/copy2.txt"), _unknown(expected(root, "ref.txt")), ""),
        ],
        LinkKind.HARD,
    )
    assert [o.skipped for o in deleted.outcomes] == [SkipReason.UNKNOWN_IDENTITY]
    assert [o.skipped for o in linked.outcomes] == [SkipReason.UNKNOWN_IDENTITY] * 2
    assert "scan again" in deleted.outcomes[0].error
    assert {p: p.read_bytes() for p in root.rglob("*") if p.is_file()} == before
    assert all(os.stat(p).st_nlink == 1 for p in before)
    # a move can be undone: a file of unknown identity still moves (its size and time checked)
    moved = move_scanned(str(root), [_unknown(expected(root, "copy.txt"))], str(root.parent / "moved"))
    assert moved.moved_paths == ("copy.txt",)


def test_a_copy_goes_only_while_its_reference_is_there(root: Path, tmp_path: Path) -> None:
    copies = [expected(root, "copy.txt"), expected(root, "sub/deeper/copy2.txt")]
    keeping = {c.path: expected(root, "ref.txt") for c in copies}
    (root / "ref.txt").write_text("the reference, edited since the scan", encoding="utf-8")
    deleted = delete_scanned(str(root), copies, keeping=keeping)
    trashed = trash_scanned(str(root), copies, lambda path: os.remove(path), keeping=keeping)
    moved = move_scanned(str(root), copies, str(tmp_path / "aside"), keeping=keeping)
    for report in (deleted, trashed, moved):
        assert [o.skipped for o in report.outcomes] == [SkipReason.REFERENCE_CHANGED] * 2
        assert "ref.txt" in report.outcomes[0].error
    assert (root / "copy.txt").read_text(encoding="utf-8") == EN_A
    assert (root / "sub" / "deeper" / "copy2.txt").read_text(encoding="utf-8") == EN_A
    # without the reference's condition (a whole group chosen on purpose) the copies go
    assert len(delete_scanned(str(root), copies).moved_paths) == 2


def test_kept_references_leave_out_whole_groups_and_the_references_themselves() -> None:
    from simcompare.core.folder.actions import kept_references

    def record(path: str) -> object:
        return type(
            "R",
            (),
            {"path": path, "device": 1, "inode": hash(path) % 1000 + 1, "size": 1, "mtime_ns": 1, "raw_digest": ""},
        )

    files = [record(p) for p in ("r.txt", "c1.txt", "c2.txt", "s.txt", "d.txt")]
    reference_of = {0: 0, 1: 0, 2: 0, 3: 3, 4: 3}
    kept = kept_references(files, reference_of, [1, 2, 3, 4])  # type: ignore[arg-type]
    assert set(kept) == {"c1.txt", "c2.txt"} and kept["c1.txt"].path == "r.txt"  # group of s.txt chosen whole
