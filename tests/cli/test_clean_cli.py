"""`simcompare scan … --mark RULE --ACTION [--yes]`: the command line cleans. A dry run touches nothing (checked
file by file), --yes acts through the same checks and log as the window, saved results are cleaned with their
marks, and the exit code tells done (0), some files left alone (3) and error (1)."""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path

import pytest
from helpers.cli import RunCli
from helpers.gui import point_trash_at
from helpers.texts import EN_A, EN_B, OTHER, ZH_A

from simcompare.cli.clean import EXIT_SKIPPED

CENTRAL = ("--reference-rule", "central")  # each group keeps the file it was found around
SCAN = ("--no-cache", "--workers", "1", *CENTRAL)


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    root = tmp_path / "docs"
    (root / "sub" / "deep").mkdir(parents=True)
    (root / "a.txt").write_text(EN_A, encoding="utf-8")  # reference of the English group (shortest path)
    (root / "sub" / "deep" / "a-copy.txt").write_text(EN_A, encoding="utf-8")  # identical
    (root / "sub" / "b.txt").write_text(EN_B, encoding="utf-8")  # a near-duplicate
    (root / "zh.txt").write_text(ZH_A, encoding="utf-8")
    (root / "sub" / "zh-copy.txt").write_text(ZH_A, encoding="utf-8")
    (root / "other.txt").write_text(OTHER, encoding="utf-8")
    return root


def snapshot(root: Path) -> dict[str, tuple[object, ...]]:
    """Every entry under ``root``: kind, inode, size, time and bytes (or link target)."""
    seen: dict[str, tuple[object, ...]] = {}
    for path in sorted(root.rglob("*")):
        info = os.lstat(path)
        if path.is_symlink():
            content: object = os.readlink(path)
        elif path.is_dir():
            content = None
        else:
            content = path.read_bytes()
        seen[str(path.relative_to(root))] = (info.st_mode, info.st_ino, info.st_size, info.st_mtime_ns, content)
    return seen


def log_lines(tmp_path: Path) -> list[list[str]]:
    log = tmp_path / "data" / "simcompare" / "actions.log"
    if not log.exists():
        return []
    return [line.split("\t")[1:] for line in log.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize(
    "action",
    [
        ["--trash"],
        ["--move-to", "AWAY"],
        ["--copy-to", "AWAY"],
        ["--link", "hard"],
        ["--link", "symbolic"],
        ["--delete"],
    ],
)
def test_a_dry_run_touches_nothing_and_says_what_it_would_do(
    cli: RunCli, folder: Path, tmp_path: Path, action: list[str]
) -> None:
    action = [str(tmp_path / "away") if a == "AWAY" else a for a in action]
    before = snapshot(folder)
    run = cli("scan", str(folder), *SCAN, "--mark", "all-but-reference", *action)
    assert run.returncode == 0, run.stderr
    assert snapshot(folder) == before and not (tmp_path / "away").exists() and not log_lines(tmp_path)
    lines = run.stdout.splitlines()
    assert lines[-1].startswith("dry run:") and "nothing was touched, add --yes to act" in lines[-1]
    acted = [line for line in lines[:-1] if line.startswith("would ") and "leave alone" not in line]
    if action[0] == "--link":  # the near-duplicate is never replaced by a link: said, and left out
        assert any(line.startswith("would leave alone") and "sub/b.txt" in line for line in lines)
        assert len(acted) == 2
    else:
        assert len(acted) == 3
    assert all("group " in line for line in acted)
    assert any(line.endswith("sub/deep/a-copy.txt") or "sub/deep/a-copy.txt  ->" in line for line in acted)


def test_yes_deletes_the_marked_files_logs_them_and_removes_the_folders_left_empty(
    cli: RunCli, folder: Path, tmp_path: Path
) -> None:
    run = cli("scan", str(folder), *SCAN, "--mark", "all-but-reference", "--delete", "--remove-empty-folders", "--yes")
    assert run.returncode == 0, run.stderr
    assert sorted(str(p.relative_to(folder)) for p in folder.rglob("*")) == ["a.txt", "other.txt", "zh.txt"]
    assert "removed empty folder  sub/deep" in run.stdout and "removed empty folder  sub" in run.stdout
    assert "3 files deleted, 0 files left alone" in run.stdout
    kinds = [line[:2] for line in log_lines(tmp_path)]
    assert kinds.count(["delete", "ok"]) == 3 and kinds.count(["remove-folder", "ok"]) == 2


def test_yes_links_identical_copies_and_leaves_the_near_duplicate(cli: RunCli, folder: Path) -> None:
    near = (folder / "sub" / "b.txt").read_bytes()
    run = cli("scan", str(folder), *SCAN, "--mark", "all-but-reference", "--link", "hard", "--yes")
    assert run.returncode == EXIT_SKIPPED, run.stdout
    assert os.stat(folder / "sub" / "deep" / "a-copy.txt").st_ino == os.stat(folder / "a.txt").st_ino
    assert os.stat(folder / "sub" / "zh-copy.txt").st_ino == os.stat(folder / "zh.txt").st_ino
    assert (folder / "sub" / "b.txt").read_bytes() == near
    assert "left alone" in run.stdout and "bytes differ" in run.stdout and "1 file was left alone" in run.stderr


def test_a_file_changed_after_the_scan_is_skipped_with_its_reason(cli: RunCli, folder: Path, tmp_path: Path) -> None:
    saved = tmp_path / "R.json"
    assert cli("scan", str(folder), *SCAN, "--save-results", str(saved)).returncode == 0
    (folder / "sub" / "zh-copy.txt").write_text(ZH_A + "又改了一句。", encoding="utf-8")
    run = cli(
        "scan",
        "--results",
        str(saved),
        *CENTRAL,
        "--mark",
        "all-but-reference",
        "--move-to",
        str(tmp_path / "aside"),
        "--yes",
    )
    assert run.returncode == EXIT_SKIPPED
    assert "1 file changed and 0 files vanished" in run.stderr
    (skipped,) = [line for line in run.stdout.splitlines() if line.startswith("left alone")]
    assert "sub/zh-copy.txt" in skipped and "size changed since the scan" in skipped and "(changed)" in skipped
    assert (folder / "sub" / "zh-copy.txt").exists() and (tmp_path / "aside" / "sub" / "b.txt").exists()
    assert ["move", "ok"] in [line[:2] for line in log_lines(tmp_path)]


def test_saved_marks_are_cleaned_when_no_rule_is_given(cli: RunCli, folder: Path, tmp_path: Path) -> None:
    saved = tmp_path / "R.json"
    assert cli("scan", str(folder), *SCAN, "--save-results", str(saved)).returncode == 0
    data = json.loads(saved.read_text(encoding="utf-8"))
    data["cleaner"] = {"marked": ["sub/b.txt", "a.txt"], "references": [], "reference_folders": []}
    saved.write_text(json.dumps(data), encoding="utf-8")
    run = cli("scan", "--results", str(saved), *CENTRAL, "--copy-to", str(tmp_path / "copies"), "--yes")
    assert run.returncode == 0, run.stderr + run.stdout
    # a.txt is its group's reference: never marked, so never acted on
    assert sorted(str(p.relative_to(tmp_path / "copies")) for p in (tmp_path / "copies").rglob("*.txt")) == [
        "sub/b.txt"
    ]
    assert (folder / "sub" / "b.txt").exists()
    assert [line[:2] for line in log_lines(tmp_path)] == [["copy", "ok"]]


def test_trash_with_yes_sends_the_marked_files_to_the_trash(
    cli: RunCli, folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "home").mkdir()
    point_trash_at(monkeypatch, tmp_path / "home")
    run = cli("scan", str(folder), *SCAN, "--mark", "all-but-newest", "--trash", "--yes")
    assert run.returncode == 0, run.stderr
    trashed = [line for line in run.stdout.splitlines() if line.startswith("trashed")]
    assert trashed and all(not (folder / line.split("  ")[2]).exists() for line in trashed)
    assert (folder / "a.txt").exists() and (folder / "zh.txt").exists()  # the references stay


def test_mark_alone_lists_the_marks(cli: RunCli, folder: Path) -> None:
    run = cli("scan", str(folder), *SCAN, "--mark", "all-but-reference")
    assert run.returncode == 0
    assert run.stdout.splitlines()[-1] == (
        "3 files marked in 2 groups; each group keeps its reference: the file it was found around "
        "(--reference-rule central)"
    )
    by_rule = cli("scan", str(folder), "--no-cache", "--workers", "1", "--mark", "all-but-reference")
    assert by_rule.stdout.splitlines()[-1].endswith(
        "each group keeps its reference, chosen by words,plain-name,newest,largest (--reference-rule)"
    )


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--yes"], "--yes confirms an action"),
        (["--delete"], "--delete needs --mark RULE"),
        (["--mark", "all-but-reference", "--copy-to", "X", "--remove-empty-folders"], "--remove-empty-folders goes"),
        (["--mark", "all-but-reference", "--delete", "--json"], "leave out --json"),
    ],
)
def test_usage_errors_touch_nothing(cli: RunCli, folder: Path, args: list[str], words: str) -> None:
    before = snapshot(folder)
    run = cli("scan", str(folder), *SCAN, *args)
    assert run.returncode == 2 and words in run.stderr
    assert snapshot(folder) == before


def test_results_that_cannot_be_read_are_an_error(cli: RunCli, tmp_path: Path) -> None:
    bad = tmp_path / "R.json"
    bad.write_text('{"format": "something else"}', encoding="utf-8")
    run = cli("scan", "--results", str(bad), "--mark", "all-but-reference", "--delete", "--yes")
    assert run.returncode == 1 and "not simcompare results" in run.stderr
    assert cli("scan", "--results", str(bad), str(tmp_path)).returncode == 2
    assert cli("scan").returncode == 2


def test_a_destination_inside_the_scanned_folder_is_an_error_and_nothing_moves(cli: RunCli, folder: Path) -> None:
    before = snapshot(folder)
    run = cli("scan", str(folder), *SCAN, "--mark", "all-but-reference", "--move-to", str(folder / "x"), "--yes")
    assert run.returncode == 1 and "outside the scanned folder" in run.stderr and "nothing was done" in run.stderr
    assert snapshot(folder) == before


def test_results_are_reported_as_a_scan_is_without_scanning(cli: RunCli, folder: Path, tmp_path: Path) -> None:
    saved = tmp_path / "R.json"
    scanned = cli("scan", str(folder), *SCAN, "--save-results", str(saved))
    (folder / "other.txt").unlink()  # not a member of any group: the saved groups are the same
    again = cli("scan", "--results", str(saved), *CENTRAL)
    assert again.returncode == 0 and again.stdout == scanned.stdout
    assert "1 file vanished" in again.stderr


@pytest.mark.parametrize("how", ["vanished", "edited", "a link to a copy"])
def test_copies_whose_reference_is_gone_are_never_deleted(cli: RunCli, folder: Path, tmp_path: Path, how: str) -> None:
    saved = tmp_path / "R.json"
    assert cli("scan", str(folder), *SCAN, "--save-results", str(saved)).returncode == 0
    reference, copy, near = folder / "a.txt", folder / "sub" / "deep" / "a-copy.txt", folder / "sub" / "b.txt"
    reference.unlink()
    if how == "edited":
        reference.write_text("edited", encoding="utf-8")
    elif how == "a link to a copy":
        reference.symlink_to(copy)
    run = cli("scan", "--results", str(saved), *CENTRAL, "--mark", "all-but-reference", "--delete", "--yes")
    assert run.returncode == EXIT_SKIPPED, run.stdout + run.stderr
    assert copy.read_text(encoding="utf-8") == EN_A and near.read_text(encoding="utf-8") == EN_B  # the last copies
    left = [line for line in run.stdout.splitlines() if line.startswith("left alone")]
    assert any("a-copy.txt" in line and "reference" in line for line in left), run.stdout
    assert not (folder / "sub" / "zh-copy.txt").exists()  # a group whose reference is there is cleaned as asked


def test_a_dry_run_refuses_the_destination_a_real_run_would_refuse(cli: RunCli, folder: Path) -> None:
    before = snapshot(folder)
    run = cli("scan", str(folder), *SCAN, "--mark", "all-but-reference", "--move-to", str(folder / "dupes"))
    assert run.returncode == 1 and "nothing would be done" in run.stderr and "would move" not in run.stdout
    assert snapshot(folder) == before


def test_saved_results_of_a_stopped_scan_are_not_cleaned(cli: RunCli, folder: Path, tmp_path: Path) -> None:
    saved = tmp_path / "R.json"
    assert cli("scan", str(folder), *SCAN, "--save-results", str(saved)).returncode == 0
    data = json.loads(saved.read_text(encoding="utf-8"))
    data["settings"]["partial"] = True
    saved.write_text(json.dumps(data), encoding="utf-8")
    before = snapshot(folder)
    run = cli("scan", "--results", str(saved), *CENTRAL, "--mark", "all-but-reference", "--delete", "--yes")
    assert run.returncode == 1 and "stopped part way" in run.stderr and "interrupted" not in run.stderr
    assert snapshot(folder) == before


def test_a_dry_run_of_saved_results_says_which_files_changed_would_stay(
    cli: RunCli, folder: Path, tmp_path: Path
) -> None:
    saved = tmp_path / "R.json"
    assert cli("scan", str(folder), *SCAN, "--save-results", str(saved)).returncode == 0
    (folder / "sub" / "zh-copy.txt").write_text(ZH_A + "又改了一句。", encoding="utf-8")
    before = snapshot(folder)
    run = cli("scan", "--results", str(saved), *CENTRAL, "--mark", "all-but-reference", "--delete")
    assert run.returncode == 0 and snapshot(folder) == before
    lines = run.stdout.splitlines()
    assert any(line.startswith("would leave alone") and "sub/zh-copy.txt" in line for line in lines), run.stdout
    assert not any(line.startswith("would delete") and "zh-copy.txt" in line for line in lines), run.stdout


def test_a_dry_run_of_saved_results_names_the_folder_it_would_act_in(cli: RunCli, folder: Path, tmp_path: Path) -> None:
    saved = tmp_path / "R.json"
    assert cli("scan", str(folder), *SCAN, "--save-results", str(saved)).returncode == 0
    run = cli("scan", "--results", str(saved), *CENTRAL, "--mark", "all-but-reference", "--trash")
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[0] == f"dry run in {folder} (the paths below are relative to it)"


@pytest.mark.parametrize("value", [" ", "\t", ""])
def test_a_blank_destination_is_named_as_typed(cli: RunCli, folder: Path, value: str) -> None:
    run = cli("scan", str(folder), *SCAN, "--mark", "all-but-reference", "--move-to", value)
    assert run.returncode == 2 and f"--move-to needs a folder, got {value!r}" in run.stderr


def test_the_reference_rule_takes_the_folder_whose_files_come_first(cli: RunCli, folder: Path, tmp_path: Path) -> None:
    rule = f"inside-folder={folder / 'sub' / 'deep'},shortest-path"
    run = cli("scan", str(folder), "--no-cache", "--workers", "1", "--reference-rule", rule, "--json")
    assert run.returncode == 0, run.stderr
    references = {g["reference"] for g in json.loads(run.stdout)["groups"]}
    assert "sub/deep/a-copy.txt" in references
    (tmp_path / "a-file").write_text("x", encoding="utf-8")
    for where, why in ((tmp_path / "missing", "does not exist"), (tmp_path / "a-file", "is not a folder")):
        for name in ("folder", "inside-folder"):
            run = cli("scan", str(folder), "--no-cache", "--reference-rule", f"words,{name}={where}")
            assert run.returncode == 2 and f"folder={where} {why}" in run.stderr, run.stderr


def test_ctrl_c_stops_an_action_between_two_files_and_says_what_was_done(
    cli: RunCli, folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import send2trash

    (tmp_path / "home").mkdir()
    point_trash_at(monkeypatch, tmp_path / "home")
    real = send2trash.send2trash
    trashed: list[str] = []

    def trash_then_ctrl_c(path: str) -> None:
        real(path)
        trashed.append(path)
        os.kill(os.getpid(), signal.SIGINT)  # the user presses Ctrl-C (twice: the second is not an interrupt)
        os.kill(os.getpid(), signal.SIGINT)

    monkeypatch.setattr(send2trash, "send2trash", trash_then_ctrl_c)
    before = signal.getsignal(signal.SIGINT)  # Python's own, or ignored when the tests run in the background
    run = cli("scan", str(folder), *SCAN, "--mark", "all-but-reference", "--trash", "--yes")
    assert run.returncode == 130, run.stderr
    assert len(trashed) == 1 and not os.path.exists(trashed[0])
    stopped = [line for line in run.stdout.splitlines() if line.startswith("left alone")]
    assert len(stopped) == 2 and all("not reached" in line and "(cancelled)" in line for line in stopped)
    assert "1 file trashed, 0 files left alone, 2 files not reached (interrupted)" in run.stdout
    assert "interrupted: 2 files were not reached" in run.stderr
    log = tmp_path / "home" / ".local" / "share" / "simcompare" / "actions.log"  # the trash's data folder
    kinds = [line.split("\t")[1:3] for line in log.read_text(encoding="utf-8").splitlines()]
    assert kinds == [["trash", "ok"]]  # what was done; the files not reached were not touched
    assert signal.getsignal(signal.SIGINT) is before  # put back
