"""Hostile round 38 on the command line's cleaner (`simcompare scan … --mark RULE --ACTION --yes`).

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


# ------------------------------------------------------------------------------------------ the destination


@pytest.mark.parametrize("action", ["--move-to", "--copy-to"])
def test_a_destination_that_is_a_bind_mount_of_a_folder_inside_the_scanned_one_is_refused(
    cli: RunCli, tmp_path: Path, data: Path, action: str
) -> None:
    """check_destination compares the destination, by path and by identity, with the scanned folders and the
    folders holding them ("a bind mount or a link to a scanned folder is the scanned folder"), but a bind mount of
    a folder *inside* the scanned folder is neither: `--move-to /mnt/dupes`, where /mnt/dupes is root/sub mounted
    again, is taken, and the "moved" copies land back in the scanned folder (root/sub/a.txt), reported as moved
    to /mnt/dupes/a.txt with exit 0. The same with --copy-to: the copies are made inside the scanned folder.
    Expected: refused as a destination inside the scanned folder (exit 1, nothing done), as root/sub itself is."""
    root = tmp_path / "root"
    (root / "sub").mkdir(parents=True)
    (root / "a.txt").write_text(EN_A, encoding="utf-8")
    (root / "b.txt").write_text(EN_A, encoding="utf-8")
    (root / "keep.txt").write_text(EN_A, encoding="utf-8")  # a.txt (shortest path) is kept; b.txt, keep.txt marked
    direct = cli("scan", str(root), *SCAN, *ACT, action, str(root / "sub"), "--yes")
    assert direct.returncode == 1, "the test's premise: the folder itself is refused"
    mounted = tmp_path / "mnt"
    mounted.mkdir()
    with bind_mount(root / "sub", mounted):
        run = cli("scan", str(root), *SCAN, *ACT, action, str(mounted), "--yes")
        inside = sorted(p.name for p in (root / "sub").iterdir())
    assert inside == [], f"{action} put {inside} inside the scanned folder, through {mounted}: {run.stdout}"
    assert run.returncode == 1, run.stdout + run.stderr


# ------------------------------------------------------------------------------------------ a link kept


def _deep_folder(root: Path, length: int) -> Path:
    """A folder under ``root`` whose absolute path is ``length`` characters long (below PATH_MAX, 4096)."""
    parts: list[str] = []
    while len(os.path.join(root, *parts, "d" * 200)) < length - 100:
        parts.append("d" * 200)
    parts.append("e" * (length - len(os.path.join(root, *parts)) - 1))
    deep = Path(root, *parts)
    deep.mkdir(parents=True)
    assert len(str(deep)) == length
    return deep


def test_a_link_whose_path_passes_path_max_still_keeps_the_file_it_leads_to(
    cli: RunCli, tmp_path: Path, data: Path
) -> None:
    """The scan lists a folder whose path is just under PATH_MAX (4096 bytes) and records the symbolic link in it
    (its name makes the link's path 4,2xx bytes long), as `symlinks`. But actions.pointed_at looks at each link by
    its absolute path (os.lstat / os.stat of root + rel): ENAMETOOLONG, taken for "a link that leads nowhere" and
    passed over. So the file the link leads to is deleted for good (exit 0) and the working link is left dangling;
    the dry run promises the delete too. (The scan itself calls the working link "broken link or link loop".)
    Expected: the file stays, named `linked_to`, as it does when the link's path is short."""
    root = tmp_path / "root"
    root.mkdir()
    (root / "a.txt").write_text(EN_A, encoding="utf-8")
    (root / "target_copy.txt").write_text(EN_A, encoding="utf-8")
    deep = _deep_folder(root, 4000)
    folder = os.open(deep, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.symlink(str(root / "target_copy.txt"), "L" * 250, dir_fd=folder)  # 4,251 bytes from /
        assert os.stat("L" * 250, dir_fd=folder).st_ino == os.stat(root / "target_copy.txt").st_ino
    finally:
        os.close(folder)
    dry = cli("scan", str(root), *SCAN, *ACT, "--delete")
    run = cli("scan", str(root), *SCAN, *ACT, "--delete", "--yes")
    assert (root / "target_copy.txt").is_file(), f"the file a working link leads to was deleted: {run.stdout}"
    assert "linked_to" in run.stdout
    assert "would delete" not in dry.stdout, dry.stdout


# ------------------------------------------------------------------------------------------ a symbolic link loop


@pytest.mark.parametrize(
    "options",
    [
        ("{loop}",),
        ("{root}", "--reference", "{loop}"),
        ("{root}", "--mark", "all-but-reference", "--move-to", "{loop}/dupes"),
        ("{root}", "--mark", "all-but-reference", "--copy-to", "{loop}/dupes", "--yes"),
    ],
    ids=["scanned-folder", "reference-folder", "move-to", "copy-to"],
)
def test_a_path_through_a_symbolic_link_loop_is_one_line_not_a_traceback(
    tmp_path: Path, data: Path, options: tuple[str, ...]
) -> None:
    """A folder named through a link loop (`ln -s loop loop`; a loop made by two links, or a link to a folder that
    became a link to it) is resolved with pathlib's Path.resolve() (roots.plan_roots for DIR and --reference,
    actions.check_destination for --move-to and --copy-to), which on Python 3.10–3.12 (the project takes >= 3.10)
    raises RuntimeError("Symlink loop from …"): no one catches it and the command ends in a traceback, where any
    other folder that cannot be used is one line and exit 1 or 2 (a missing --exclude folder, --save-results in a
    folder that does not exist, --reference-rule folder=loop all are). Expected: one line naming the path, no
    traceback, nothing done."""
    from helpers.cli import run_subprocess

    root = tmp_path / "root"
    root.mkdir()
    (root / "a.txt").write_text(EN_A, encoding="utf-8")
    (root / "b.txt").write_text(EN_A, encoding="utf-8")
    loop = tmp_path / "loop"
    os.symlink("loop", loop)
    args = [option.format(loop=loop, root=root) for option in options]
    run = run_subprocess("scan", *args, *SCAN)  # asserts that no traceback was printed
    assert run.returncode in (1, 2), run
    assert sorted(p.name for p in root.iterdir()) == ["a.txt", "b.txt"]


# ------------------------------------------------------------------------------------------ files of the data folder


def _run_for_at_most(seconds: float, *args: str, env: dict[str, str]) -> int | None:
    """The command's exit code, or None when it was still running after ``seconds`` (it is then killed)."""
    import subprocess
    import sys

    try:
        done = subprocess.run(
            [sys.executable, "-m", "simcompare", *args], env=env, capture_output=True, timeout=seconds, check=False
        )
    except subprocess.TimeoutExpired:
        return None
    return done.returncode


def _pair(tmp_path: Path) -> Path:
    root = tmp_path / "root"
    root.mkdir()
    (root / "a.txt").write_text(EN_A, encoding="utf-8")
    (root / "b.txt").write_text(EN_A, encoding="utf-8")
    return root


def test_an_action_log_that_is_a_fifo_never_hangs_a_cleaning_run_after_the_files_moved(
    tmp_path: Path, data: Path
) -> None:
    """ActionLog.write opens actions.log with Path.open("a"): when that name is a FIFO (no reader), the open blocks
    for ever. It is written after every file was acted on and before a line is printed, inside the block where
    Ctrl-C, SIGTERM and SIGHUP only set the cancel event (clean._stopped_by_signals), and Python restarts the
    interrupted open: the files are moved, nothing says so, and only SIGKILL ends the run. DESIGN.md §5: "a log
    failure is its own warning" (and the results reader and the scan open with O_NONBLOCK for this reason).
    Expected: the run ends (the log's failure named, exit 1) and prints what it moved."""
    root = _pair(tmp_path)
    (data / "simcompare").mkdir(parents=True)
    os.mkfifo(data / "simcompare" / "actions.log")
    env = {**os.environ, "XDG_DATA_HOME": str(data)}
    code = _run_for_at_most(15, "scan", str(root), *SCAN, *ACT, "--move-to", str(tmp_path / "moved"), "--yes", env=env)
    moved = sorted(p.name for p in (tmp_path / "moved").iterdir()) if (tmp_path / "moved").is_dir() else []
    assert code is not None, f"the run hung writing the action log (a FIFO), after moving {moved} without a word"
    assert code == 1


def test_a_not_duplicates_list_that_is_a_fifo_never_hangs_a_scan(tmp_path: Path, data: Path) -> None:
    """NotDuplicates._load reads not-duplicates.json with Path.read_text: a FIFO there blocks every `simcompare
    scan` (and `scan --results`) for ever before it prints anything. DESIGN.md §5 counts the not-duplicates list
    among the untrusted inputs ("saved results, preferences and the not-duplicates list may come from anywhere"),
    and saved results are opened with O_NONBLOCK and checked to be a regular file for exactly this. Expected: the
    list is passed over as unreadable (as a damaged one is) and the scan ends."""
    root = _pair(tmp_path)
    (data / "simcompare").mkdir(parents=True)
    os.mkfifo(data / "simcompare" / "not-duplicates.json")
    env = {**os.environ, "XDG_DATA_HOME": str(data)}
    code = _run_for_at_most(15, "scan", str(root), *SCAN, env=env)
    assert code is not None, "the scan hung reading the not-duplicates list (a FIFO)"
    assert code == 0


# ------------------------------------------------------------------------------------------ smaller promises


def test_a_hard_link_across_two_mounts_of_one_file_system_is_not_promised_and_is_named(
    cli: RunCli, tmp_path: Path, data: Path
) -> None:
    """A copy under a bind mount inside the scanned folder and its reference outside it are on one file system (one
    st_dev), so neither the dry run (clean._link_problem) nor replace._link_one sees "another file system"; but the
    kernel refuses a link across two mounts (EXDEV). The dry run promises "would hard-link", and --yes then leaves
    the copy with the bare "Invalid cross-device link", no reason code. docs/folder.md: "A hard link is never tried
    across file systems (the copy is named: on another disk than its reference)". Nothing is lost (the copy stays).
    Expected: the dry run says it would be left alone, and --yes names it (other_device), as for two disks."""
    root = tmp_path / "root"
    (root / "ref").mkdir(parents=True)
    (root / "mnt").mkdir()
    (root / "ref" / "a.txt").write_text(EN_A, encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "copy_longer_name.txt").write_text(EN_A, encoding="utf-8")
    with bind_mount(elsewhere, root / "mnt"):
        dry = cli("scan", str(root), *SCAN, *ACT, "--link", "hard")
        run = cli("scan", str(root), *SCAN, *ACT, "--link", "hard", "--yes")
    assert (elsewhere / "copy_longer_name.txt").read_text(encoding="utf-8") == EN_A
    assert "(other_device)" in run.stdout, run.stdout
    assert "would hard-link" not in dry.stdout, dry.stdout


def test_results_are_never_saved_over_a_file_the_scan_just_read(cli: RunCli, tmp_path: Path, data: Path) -> None:
    """`--save-results` refuses a folder, a FIFO, a device (cli/scan._save_target), but takes one of the scanned
    files: `scan docs --save-results docs/notes.txt` replaces notes.txt — here the very reference the group keeps,
    whose words no other file holds — with the JSON, without a word, exit 0. (In a cleaning run the copies then
    stay, as the reference "changed"; the reference's own text is gone all the same.) Severity low and arguable:
    the path was given; but it is a file the scan just read, which no output needs to overwrite. Expected: refused
    (a usage error, or one line and exit 1), the file untouched."""
    root = tmp_path / "root"
    root.mkdir()
    (root / "a.txt").write_text(EN_A, encoding="utf-8")
    (root / "b.txt").write_text(EN_A, encoding="utf-8")
    notes = EN_A + " The harvest was late that year, and the farmer kept his own notes on it."
    (root / "notes.txt").write_text(notes, encoding="utf-8")
    run = cli("scan", str(root), *SCAN, "--save-results", str(root / "notes.txt"))
    assert (root / "notes.txt").read_text(encoding="utf-8") == notes, f"notes.txt was replaced (exit {run.returncode})"


def test_results_are_never_saved_over_a_scanned_file_reached_by_another_name(
    cli: RunCli, tmp_path: Path, data: Path
) -> None:
    """The refusal compares identities, not only paths: a hard link to a scanned file, outside the scanned folder,
    is that file. The results are not saved, the command says so, and a name of no scanned file is taken."""
    root = tmp_path / "root"
    root.mkdir()
    (root / "a.txt").write_text(EN_A, encoding="utf-8")
    (root / "b.txt").write_text(EN_A, encoding="utf-8")
    other_name = tmp_path / "results.json"
    os.link(root / "a.txt", other_name)
    run = cli("scan", str(root), *SCAN, "--save-results", str(other_name))
    assert (root / "a.txt").read_text(encoding="utf-8") == EN_A
    assert run.returncode != 0
    assert "one of the files just scanned" in run.stderr
    fresh = tmp_path / "fresh.json"
    assert cli("scan", str(root), *SCAN, "--save-results", str(fresh)).returncode == 0
    assert fresh.read_text(encoding="utf-8").startswith("{")
