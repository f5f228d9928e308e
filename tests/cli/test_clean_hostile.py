"""The command line cleaner attacked: a kept file reached by a second name, a signal in the middle of an action,
destinations that are files or cannot be written. Each test failed before its fix."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers.cli import RunCli
from helpers.mounts import bind_mount, read_only_bind, small_tmpfs
from helpers.texts import EN_A, ZH_A

from simcompare.cli.clean import EXIT_INTERRUPTED, EXIT_SKIPPED
from simcompare.core.folder import replace

SCAN = ("--no-cache", "--workers", "1")


def log_kinds(data: Path) -> list[list[str]]:
    log = data / "simcompare" / "actions.log"
    if not log.exists():
        return []
    return [line.split("\t")[1:3] for line in log.read_text(encoding="utf-8").splitlines()]


def _save_with_marks(cli: RunCli, root: Path, saved: Path, marked: list[str], reference: str) -> None:
    """Scan ``root`` (``reference`` kept by the folder rule), save the results with ``marked`` as the window saves
    its marks."""
    kept = str(root / os.path.dirname(reference))
    run = cli("scan", str(root), *SCAN, "--reference-rule", f"folder={kept}", "--save-results", str(saved))
    assert run.returncode == 0, run.stderr
    results = json.loads(saved.read_text(encoding="utf-8"))
    results["cleaner"] = {"marked": marked, "references": [reference]}
    saved.write_text(json.dumps(results), encoding="utf-8")


def test_a_name_of_the_kept_reference_through_a_bind_mount_is_never_deleted(
    cli: RunCli, tmp_path: Path, data: Path
) -> None:
    # d2 is d1 mounted again: d1/a.txt and d2/a.txt are one directory entry; deleting either deletes both
    root = tmp_path / "docs"
    (root / "d1").mkdir(parents=True)
    (root / "d2").mkdir()
    (root / "d1" / "a.txt").write_text(EN_A, encoding="utf-8")
    (root / "b.txt").write_text(EN_A, encoding="utf-8")
    (root / "c.txt").write_text(EN_A, encoding="utf-8")
    saved = tmp_path / "R.json"
    with bind_mount(root / "d1", root / "d2"):
        _save_with_marks(cli, root, saved, ["b.txt", "d1/a.txt"], "d2/a.txt")
        dry = cli("scan", "--results", str(saved), "--delete")
        run = cli("scan", "--results", str(saved), "--delete", "--yes")
        kept = (root / "d2" / "a.txt").read_text(encoding="utf-8")
    assert kept == EN_A, "the reference the user kept was deleted through its other name"
    assert "would delete  group 1  d1/a.txt" not in dry.stdout
    assert run.returncode == EXIT_SKIPPED, run.stdout + run.stderr
    assert "d1/a.txt: it is the same file as d2/a.txt, which is kept" in run.stdout
    assert not (root / "b.txt").exists() and (root / "c.txt").exists()


def test_a_hard_link_of_the_kept_reference_is_left_alone(cli: RunCli, tmp_path: Path, data: Path) -> None:
    root = tmp_path / "docs"
    (root / "d1").mkdir(parents=True)
    (root / "d2").mkdir()
    (root / "d1" / "a.txt").write_text(EN_A, encoding="utf-8")
    os.link(root / "d1" / "a.txt", root / "d2" / "a.txt")
    (root / "b.txt").write_text(EN_A, encoding="utf-8")
    (root / "c.txt").write_text(EN_A, encoding="utf-8")
    saved = tmp_path / "R.json"
    _save_with_marks(cli, root, saved, ["b.txt", "d1/a.txt"], "d2/a.txt")
    run = cli("scan", "--results", str(saved), "--trash", "--yes")
    assert run.returncode == EXIT_SKIPPED, run.stdout + run.stderr
    assert (root / "d1" / "a.txt").exists() and "it is the same file as d2/a.txt" in run.stdout


@pytest.fixture
def copies(tmp_path: Path, data: Path) -> Path:
    root = tmp_path / "docs"
    root.mkdir()
    (root / "a.txt").write_text(EN_A, encoding="utf-8")
    for n in range(1, 5):
        (root / f"copy{n}.txt").write_text(EN_A, encoding="utf-8")
    return root


def _signal_after_first(monkeypatch: pytest.MonkeyPatch, name: str, number: int) -> None:
    """``replace.<name>`` (what acts on one file) sends the process ``number`` once it has acted on the first."""
    original: Callable[..., object] = getattr(replace, name)
    calls = []

    def acting(*args: object) -> object:
        result = original(*args)
        calls.append(1)
        if len(calls) == 1:
            signal.raise_signal(number)
        return result

    monkeypatch.setattr(replace, name, acting)


@pytest.mark.parametrize(
    ("action", "acting", "past"),
    [(["--delete"], "_delete_one", "deleted"), (["--link", "hard"], "_swap_in", "hard-linked")],
)
def test_ctrl_c_during_an_action_says_and_logs_what_was_done(
    cli: RunCli,
    copies: Path,
    data: Path,
    monkeypatch: pytest.MonkeyPatch,
    action: list[str],
    acting: str,
    past: str,
) -> None:
    _signal_after_first(monkeypatch, acting, signal.SIGINT)
    run = cli(
        "scan", str(copies), *SCAN, "--reference-rule", "shortest-path", "--mark", "all-but-reference", *action, "--yes"
    )
    assert run.returncode == EXIT_INTERRUPTED, run.stdout + run.stderr
    assert len([line for line in run.stdout.splitlines() if line.startswith(past)]) == 1
    assert "1 file " + past + ", 0 files left alone, 3 files not reached (interrupted)" in run.stdout
    assert "3 files were not reached" in run.stderr
    assert len(log_kinds(data)) == 1 and log_kinds(data)[0][1] == "ok"
    untouched = [p for p in copies.glob("copy*.txt") if os.stat(p).st_nlink == 1]
    assert len(untouched) == 3 and all(p.read_text(encoding="utf-8") == EN_A for p in untouched)


def test_sigterm_during_an_action_stops_after_the_file_and_reports(copies: Path, data: Path) -> None:
    # a real process: before the fix, SIGTERM killed it at once, printing and logging nothing
    script = textwrap.dedent(
        """
        import signal, sys
        from simcompare.cli import main
        from simcompare.core.folder import replace
        original = replace._delete_one
        def acting(*args):
            done = original(*args)
            signal.raise_signal(signal.SIGTERM)
            return done
        replace._delete_one = acting
        sys.exit(main(sys.argv[1:]))
        """
    )
    args = [str(copies), *SCAN, "--reference-rule", "shortest-path", "--mark", "all-but-reference", "--delete"]
    done = subprocess.run(
        [sys.executable, "-c", script, "scan", *args, "--yes"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "XDG_DATA_HOME": str(data)},
    )
    assert done.returncode == EXIT_INTERRUPTED, (done.returncode, done.stdout, done.stderr)
    assert "1 file deleted, 0 files left alone, 3 files not reached (interrupted)" in done.stdout
    assert log_kinds(data) == [["delete", "ok"]]
    assert "stopping after the file being acted on" in done.stderr
    assert len(list(copies.glob("copy*.txt"))) == 3


def test_a_destination_that_is_a_file_is_refused_by_a_dry_run_too(cli: RunCli, copies: Path, tmp_path: Path) -> None:
    a_file = tmp_path / "not-a-folder"
    a_file.write_text("x", encoding="utf-8")
    for destination in (a_file, a_file / "below"):
        for yes in ((), ("--yes",)):
            run = cli("scan", str(copies), *SCAN, "--mark", "all-but-reference", "--move-to", str(destination), *yes)
            assert run.returncode == 1, run.stdout
            assert "would move" not in run.stdout and "moved" not in run.stdout
            assert "is a file, not a folder" in run.stderr and str(destination) in run.stderr
    dangling = tmp_path / "dangling"
    dangling.symlink_to(tmp_path / "nowhere")
    for yes in ((), ("--yes",)):
        run = cli("scan", str(copies), *SCAN, "--mark", "all-but-reference", "--copy-to", str(dangling), *yes)
        assert run.returncode == 1 and "a symbolic link to nothing" in run.stderr and "would copy" not in run.stdout
    assert len(list(copies.glob("*.txt"))) == 5


def test_a_destination_that_cannot_be_written_is_refused_before_anything(
    cli: RunCli, copies: Path, tmp_path: Path
) -> None:
    (tmp_path / "shelf").mkdir()
    (tmp_path / "shelf-ro").mkdir()
    with read_only_bind(tmp_path / "shelf", tmp_path / "shelf-ro") as read_only:
        for yes in ((), ("--yes",)):
            run = cli(
                "scan", str(copies), *SCAN, "--mark", "all-but-reference", "--copy-to", str(read_only / "x"), *yes
            )
            assert run.returncode == 1, run.stdout + run.stderr
            assert "cannot be written in" in run.stderr and "would copy" not in run.stdout


def test_the_chinese_group_is_still_cleaned(cli: RunCli, tmp_path: Path, data: Path) -> None:
    root = tmp_path / "zh"
    root.mkdir()
    (root / "a.txt").write_text(ZH_A, encoding="utf-8")
    (root / "b.txt").write_text(ZH_A, encoding="utf-8")
    run = cli("scan", str(root), *SCAN, "--mark", "all-but-reference", "--move-to", str(tmp_path / "away"), "--yes")
    assert run.returncode == 0, run.stdout + run.stderr
    assert len(list((tmp_path / "away").iterdir())) == 1


def test_a_copy_edited_keeping_its_size_and_time_is_never_deleted(cli: RunCli, tmp_path: Path, data: Path) -> None:
    root = tmp_path / "docs"
    root.mkdir()
    (root / "a.txt").write_text(EN_A, encoding="utf-8")
    (root / "a-copy.txt").write_text(EN_A, encoding="utf-8")
    saved = tmp_path / "R.json"
    args = ("--reference-rule", "shortest-path", "--mark", "all-but-reference")
    assert cli("scan", str(root), *SCAN, *args, "--save-results", str(saved)).returncode == 0
    copy = root / "a-copy.txt"
    before = os.stat(copy)
    edited = b"EDITED" + copy.read_bytes()[6:]  # the user's edit, same size; the time put back (touch -r, cp -p)
    with open(copy, "r+b") as out:
        out.write(edited)
    os.utime(copy, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert (os.stat(copy).st_size, os.stat(copy).st_mtime_ns) == (before.st_size, before.st_mtime_ns)
    run = cli("scan", "--results", str(saved), *args, "--delete", "--yes")
    assert copy.read_bytes() == edited, "the edited copy was deleted"
    assert run.returncode == EXIT_SKIPPED and "its bytes changed since the scan" in run.stdout


def test_a_dry_run_never_promises_a_hard_link_across_file_systems(cli: RunCli, tmp_path: Path, data: Path) -> None:
    root = tmp_path / "docs"
    (root / "other-disk").mkdir(parents=True)
    (root / "a.txt").write_text(EN_A, encoding="utf-8")
    (root / "c.txt").write_text(EN_A, encoding="utf-8")
    args = ("--reference-rule", "shortest-path", "--mark", "all-but-reference", "--link", "hard")
    with small_tmpfs(root / "other-disk", "1m"):
        (root / "other-disk" / "b.txt").write_text(EN_A, encoding="utf-8")
        dry = cli("scan", str(root), *SCAN, *args)
        run = cli("scan", str(root), *SCAN, *args, "--yes")
    assert "would hard-link  group 1  c.txt" in dry.stdout
    assert "would hard-link  group 1  other-disk/b.txt" not in dry.stdout
    assert "would leave alone  group 1  other-disk/b.txt: it is on another file system" in dry.stdout
    assert "dry run: 1 file " in dry.stdout
    assert run.returncode == EXIT_SKIPPED and "other-disk/b.txt: it is on another file system" in run.stdout


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
def test_a_report_that_cannot_be_written_is_said_on_standard_error(copies: Path, data: Path) -> None:
    # standard output on a full disk: the files are gone, and a traceback said nothing of them
    args = ["scan", str(copies), *SCAN, "--mark", "all-but-reference", "--delete", "--yes"]
    with open("/dev/full", "w", encoding="utf-8") as full:
        done = subprocess.run(
            [sys.executable, "-m", "simcompare", *args],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            check=False,
            env={**os.environ, "XDG_DATA_HOME": str(data)},
        )
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 1
    assert "could not be written to standard output" in done.stderr and "4 files deleted" in done.stderr
    assert "actions.log" in done.stderr and len(log_kinds(data)) == 4


def test_two_names_of_one_copy_are_linked_once(cli: RunCli, tmp_path: Path, data: Path) -> None:
    # the link action runs one file at a time (so that a signal stops between files): a copy's second name is
    # still left alone as acted on once, as one run over every file leaves it
    root = tmp_path / "docs"
    root.mkdir()
    (root / "a.txt").write_text(EN_A, encoding="utf-8")
    (root / "b.txt").write_text(EN_A, encoding="utf-8")
    os.link(root / "b.txt", root / "c.txt")
    saved = tmp_path / "R.json"
    assert (
        cli("scan", str(root), *SCAN, "--reference-rule", "shortest-path", "--save-results", str(saved)).returncode == 0
    )
    results = json.loads(saved.read_text(encoding="utf-8"))
    results["cleaner"] = {"marked": ["b.txt", "c.txt"], "references": ["a.txt"]}
    saved.write_text(json.dumps(results), encoding="utf-8")
    run = cli("scan", "--results", str(saved), "--link", "hard", "--yes")
    assert run.returncode == EXIT_SKIPPED, run.stdout + run.stderr
    assert "c.txt: the same file as b.txt" in run.stdout and "(same_file)" in run.stdout
    assert os.stat(root / "b.txt").st_ino == os.stat(root / "a.txt").st_ino
    assert [kind for kind in log_kinds(data)] == [["hardlink", "ok"], ["hardlink", "failed"]]


@pytest.mark.skipif(os.name != "posix", reason="folder locks (flock) are POSIX")
@pytest.mark.parametrize("held", ["the folder", "a folder holding it"])
def test_a_cleaner_waits_for_another_cleaning_the_same_folders(copies: Path, data: Path, held: str) -> None:
    # two cleaners at once, each keeping another copy, each found the other's kept copy still there: a group lost
    # every copy (78 groups of 1,500). Now the second waits for the first.
    import fcntl

    locked = copies if held == "the folder" else copies.parent
    fd = os.open(locked, os.O_RDONLY | os.O_DIRECTORY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # as a cleaner of that folder holds it
        args = [str(copies), *SCAN, "--reference-rule", "shortest-path", "--mark", "all-but-reference", "--delete"]
        cleaner = subprocess.Popen(
            [sys.executable, "-m", "simcompare", "scan", *args, "--yes"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "XDG_DATA_HOME": str(data)},
        )
        try:
            assert cleaner.stderr is not None
            waiting = cleaner.stderr.readline()  # said once the scan is done and the lock found taken
            assert "waiting for another simcompare cleaning" in waiting, waiting
            assert len(list(copies.glob("*.txt"))) == 5 and not log_kinds(data)  # nothing done while it waits
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
            out, err = cleaner.communicate(timeout=120)
    finally:
        os.close(fd)
    assert cleaner.returncode == 0, out + err
    assert "4 files deleted" in out and [p.name for p in copies.glob("*.txt")] == ["a.txt"]


@pytest.mark.skipif(os.name != "posix", reason="folder locks (flock) are POSIX")
def test_cleaners_of_folders_side_by_side_do_not_wait(cli: RunCli, copies: Path, tmp_path: Path) -> None:
    import fcntl

    beside = tmp_path / "beside"
    beside.mkdir()
    fd = os.open(beside, os.O_RDONLY | os.O_DIRECTORY)
    parent = os.open(tmp_path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        fcntl.flock(parent, fcntl.LOCK_SH)  # as a cleaner of "beside" holds its parent
        fcntl.flock(fd, fcntl.LOCK_EX)
        run = cli("scan", str(copies), *SCAN, "--mark", "all-but-reference", "--delete", "--yes")
    finally:
        os.close(fd)
        os.close(parent)
    assert run.returncode == 0 and "waiting" not in run.stderr


@pytest.mark.parametrize(
    ("strip", "action", "reason"),
    [
        ({"raw_digest": ""}, ("--delete",), "no digest of its bytes"),
        ({"device": 0, "inode": 0}, ("--delete",), "no device and inode are recorded"),
        ({"device": 0, "inode": 0}, ("--link", "hard"), "no device and inode are recorded"),
    ],
    ids=["delete-no-digest", "delete-no-identity", "link-no-identity"],
)
def test_results_without_an_identity_never_delete_or_link_and_the_dry_run_says_so(
    cli: RunCli, tmp_path: Path, data: Path, strip: dict[str, object], action: tuple[str, ...], reason: str
) -> None:
    """Older or hand-written results (untrusted) lack what an irreversible action needs: the dry run says the file
    would be left alone, and --yes leaves it, edited or not (a missing digest turned the check off)."""
    root = tmp_path / "docs"
    root.mkdir()
    (root / "a.txt").write_text(EN_A, encoding="utf-8")
    (root / "a-copy.txt").write_text(EN_A, encoding="utf-8")
    saved, stripped = tmp_path / "R.json", tmp_path / "old.json"
    args = ("--reference-rule", "shortest-path", "--mark", "all-but-reference")
    assert cli("scan", str(root), *SCAN, *args, "--save-results", str(saved)).returncode == 0
    results = json.loads(saved.read_text(encoding="utf-8"))
    for field, value in strip.items():  # every record's
        results["records"][field] = [value] * len(results["records"]["path"])
    stripped.write_text(json.dumps(results), encoding="utf-8")
    copy = root / "a-copy.txt"
    before = os.stat(copy)
    with open(copy, "r+b") as out:  # the user's edit, same size, the time put back
        out.write(b"EDITED")
    os.utime(copy, ns=(before.st_atime_ns, before.st_mtime_ns))
    dry = cli("scan", "--results", str(stripped), *args, *action)
    assert "would leave alone" in dry.stdout and reason in dry.stdout, dry.stdout
    assert "0 files (0 bytes) would be" in dry.stdout
    run = cli("scan", "--results", str(stripped), *args, *action, "--yes")
    assert copy.read_bytes().startswith(b"EDITED") and not copy.is_symlink()
    assert run.returncode == EXIT_SKIPPED, run.stdout + run.stderr
