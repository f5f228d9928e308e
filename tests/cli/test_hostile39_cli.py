"""Hostile round 39 on the command line's cleaner (`simcompare scan … --mark RULE --ACTION --yes`), aimed at the
fixes of round 38 (commit 1b3f52b): the look inside the scanned folders for a destination mounted again
(actions._folder_below), and the mount table the dry run reads (core/folder/mounts.py).

Each test fails on the code as it stands, for the reason its docstring gives; real files, real mounts (skipped
where the machine cannot mount)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from helpers.cli import RunCli
from helpers.mounts import bind_mount
from helpers.texts import EN_A

SCAN = ("--no-cache", "--workers", "1")
ACT = ("--reference-rule", "shortest-path", "--mark", "all-but-reference")


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The action log goes to tmp_path, not the user's data folder."""
    folder = tmp_path / "data"
    monkeypatch.setenv("XDG_DATA_HOME", str(folder))
    return folder


# ------------------------------------------------------------------------------------------ the destination


def _deeper_than_path_max(root: Path) -> int:
    """An open descriptor of a folder below ``root`` whose path passes PATH_MAX (4096 bytes), made by descriptor
    (as a program that never spells whole paths makes it: an unpacked archive, a build tree, a sync)."""
    fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY)
    length = len(str(root))
    while length < 4400:
        os.mkdir("d" * 200, dir_fd=fd)
        below = os.open("d" * 200, os.O_RDONLY | os.O_DIRECTORY, dir_fd=fd)
        os.close(fd)
        fd, length = below, length + 201
    return fd


@pytest.mark.parametrize("action", ["--move-to", "--copy-to"])
def test_a_destination_bound_to_a_folder_deeper_than_path_max_inside_the_scanned_one_is_refused(
    cli: RunCli, tmp_path: Path, data: Path, action: str
) -> None:
    """Round 38's fix: check_destination(look_inside=True) walks every folder below the scanned ones
    (actions._folder_below) to refuse a destination that is one of them mounted again. The walk is by path
    (os.scandir(entry.path)), and a folder it cannot list is passed over ("not readable: nothing is moved into it
    through us either"): a folder whose path passes PATH_MAX cannot be listed by path (ENAMETOOLONG), so nothing
    below it is looked at — while the scan itself reaches such folders by descriptor and lists their files. A
    destination that is a bind mount of a folder down there (/mnt/dupes = root/d…/d/target) is taken: the
    "moved" files land back inside the scanned folder, reported as moved to /mnt/dupes, exit 0 — the finding of
    round 38 again, one level deeper. Severity: low-medium (nothing lost; the files stay inside the folder the
    user was cleaning, and a later scan finds them again). Expected: refused as a destination inside the scanned
    folder (exit 1, nothing done), as root/target itself would be."""
    root = tmp_path / "root"
    root.mkdir()
    (root / "a.txt").write_text(EN_A, encoding="utf-8")
    (root / "b.txt").write_text(EN_A, encoding="utf-8")
    (root / "keep.txt").write_text(EN_A, encoding="utf-8")  # a.txt (shortest path) is kept; b.txt, keep.txt marked
    fd = _deeper_than_path_max(root)
    try:
        os.mkdir("target", dir_fd=fd)
        mounted = tmp_path / "mnt"
        mounted.mkdir()
        with bind_mount(Path(f"/proc/{os.getpid()}/fd/{fd}/target"), mounted):
            assert os.stat(mounted).st_ino == os.stat("target", dir_fd=fd).st_ino, "the test's premise: bound there"
            run = cli("scan", str(root), *SCAN, *ACT, action, str(mounted), "--yes")
        target = os.open("target", os.O_RDONLY | os.O_DIRECTORY, dir_fd=fd)
        try:
            inside = sorted(os.listdir(target))
        finally:
            os.close(target)
    finally:
        os.close(fd)
    assert inside == [], f"{action} put {inside} inside the scanned folder, through {mounted}: {run.stdout}"
    assert run.returncode == 1, run.stdout + run.stderr


# ------------------------------------------------------------------------------------------ the mount table


def _two_mounts_named(tmp_path: Path, name: str) -> tuple[Path, Path]:
    """Round 38's layout: root/ref/a.txt, and a copy under root/<name>, a bind mount of a folder elsewhere on the
    same file system (one device number, two mounts: a hard link between them fails with EXDEV)."""
    root = tmp_path / "root"
    (root / "ref").mkdir(parents=True)
    (root / name).mkdir()
    (root / "ref" / "a.txt").write_text(EN_A, encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "copy_longer_name.txt").write_text(EN_A, encoding="utf-8")
    return root, elsewhere


def test_the_dry_run_knows_a_mount_whose_name_holds_a_carriage_return(cli: RunCli, tmp_path: Path, data: Path) -> None:
    """MountTable splits /proc/self/mountinfo with bytes.splitlines(), which also ends a line at a carriage
    return (\\r). The kernel escapes only space, tab, newline and backslash in a mount point (\\040, \\011,
    \\012, \\134): a mount point holding a \\r is written raw, so its line is cut in two — the mount is recorded
    under the part before the \\r ("root/mnt", a name that may not even exist, or another folder's) and the part
    after is dropped. The copy under root/"mnt\\rb" is then taken for a file of the scanned folder's own mount, and
    the dry run promises "would hard-link" again, which --yes refuses (other_device): round 38's finding back for
    this name. (File names are untrusted: any folder name a user can make, a mount can be named.) Severity: low
    (a dry run's promise; nothing lost). Expected: the dry run says it would leave the copy alone, as for a mount
    named plainly."""
    root, elsewhere = _two_mounts_named(tmp_path, "mnt\rb")
    with bind_mount(elsewhere, root / "mnt\rb"):
        dry = cli("scan", str(root), *SCAN, *ACT, "--link", "hard")
        run = cli("scan", str(root), *SCAN, *ACT, "--link", "hard", "--yes")
    assert "(other_device)" in run.stdout, f"the test's premise: --yes cannot link it: {run.stdout}"
    assert "would hard-link" not in dry.stdout, dry.stdout


def test_the_dry_run_knows_which_of_two_stacked_mounts_a_file_is_under(cli: RunCli, tmp_path: Path, data: Path) -> None:
    """MountTable maps each mount point to the last mount on it, and mount_of walks a path up to the nearest
    mount point in the table. A mount over a folder that holds another mount (root/x/y mounted, then root/x
    mounted over: y is hidden, what shows at root/x/y is the new mount's own folder y) is missed: root/x/y is
    still found in the table, so a file at root/x/y/… is taken for the hidden mount's, and a hard link between
    root/x/a.txt and root/x/y/copy_longer_name.txt — one mount, one file system, which --yes links — is called
    "under another mount" by the dry run. (A desktop mounting a stick over a folder that held another mount, a
    container's overlay, a remount of a parent.) Severity: low (the dry run refuses what --yes does; nothing
    lost). Expected: the dry run promises what --yes then does (would hard-link)."""
    root = tmp_path / "root"
    (root / "x" / "y").mkdir(parents=True)
    hidden = tmp_path / "hidden"
    hidden.mkdir()
    top = tmp_path / "top"
    (top / "y").mkdir(parents=True)
    (top / "a.txt").write_text(EN_A, encoding="utf-8")
    (top / "y" / "copy_longer_name.txt").write_text(EN_A, encoding="utf-8")
    with bind_mount(hidden, root / "x" / "y"), bind_mount(top, root / "x"):
        dry = cli("scan", str(root), *SCAN, *ACT, "--link", "hard")
        run = cli("scan", str(root), *SCAN, *ACT, "--link", "hard", "--yes")
    assert os.stat(top / "a.txt").st_nlink == 2, f"the test's premise: --yes links them: {run.stdout}"
    assert "would hard-link" in dry.stdout, dry.stdout


def test_a_mount_made_after_an_earlier_run_in_the_same_process_is_seen_by_the_dry_run(
    cli: RunCli, tmp_path: Path, data: Path
) -> None:
    """clean._mounts is @functools.cache'd at module level: its docstring says "read once a run", but it is read
    once a *process*. Any later run in the same process (the library calling cli.main, a test session) uses the
    table of the first: round 38's own test_a_hard_link_across_two_mounts_of_one_file_system_is_not_promised_and_
    is_named fails in `pytest tests/cli` (test_clean_cli.py runs a hard-link dry run first) and passes alone. A
    bind mount made since is unknown, and the dry run promises "would hard-link" for round 38's layout, which
    --yes refuses (other_device). Severity: low (a dry run's promise, in a long-lived process). Expected: each
    run reads the table it acts under."""
    root, elsewhere = _two_mounts_named(tmp_path, "mnt")
    first = tmp_path / "first"
    first.mkdir()
    (first / "a.txt").write_text(EN_A, encoding="utf-8")
    (first / "a_longer_name.txt").write_text(EN_A, encoding="utf-8")
    earlier = cli("scan", str(first), *SCAN, *ACT, "--link", "hard")  # an earlier run: the table is read now
    assert "would hard-link" in earlier.stdout, earlier.stdout
    with bind_mount(elsewhere, root / "mnt"):
        dry = cli("scan", str(root), *SCAN, *ACT, "--link", "hard")
        run = cli("scan", str(root), *SCAN, *ACT, "--link", "hard", "--yes")
    assert "(other_device)" in run.stdout, f"the test's premise: --yes cannot link it: {run.stdout}"
    assert "would hard-link" not in dry.stdout, dry.stdout
