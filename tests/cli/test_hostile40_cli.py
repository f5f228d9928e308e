"""Hostile round 40 on the command line's cleaner (`simcompare scan … --mark RULE --ACTION --yes`).

Each test fails on the code as it stands, for the reason its docstring gives; real files, real mounts (skipped
where the machine cannot mount)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.cli import RunCli
from helpers.mounts import bind_mount, small_tmpfs
from helpers.texts import EN_A

SCAN = ("--no-cache", "--workers", "1")
ACT = ("--reference-rule", "shortest-path", "--mark", "all-but-reference")


@pytest.mark.parametrize("action", ["--move-to", "--copy-to"])
def test_a_destination_holding_a_bind_mount_of_a_scanned_folder_is_refused(
    cli: RunCli, tmp_path: Path, data: Path, action: str
) -> None:
    """check_destination refuses a destination "holding" a scanned folder by path, and by identity only when the
    destination itself (or a parent) is the scanned folder or a folder holding it; it never looks *below* the
    destination. A file goes to DEST/<its path relative to the scanned folder>, so when DEST/x is a bind mount of
    root/x, `--move-to DEST` "moves" root/x/dup.txt to DEST/x/dup.txt, i.e. back into root/x, where its own name
    is taken (by itself), so it is renamed `dup (2).txt` in the scanned folder: the user's file is renamed in
    place, reported as moved out (exit 0), and it is still a duplicate in the scanned tree; --copy-to makes the copy
    inside the scanned folder. Severity: medium (a promise broken, a file renamed unasked, nothing leaves).
    Expected: refused like a destination inside the scanned folder (exit 1, nothing touched)."""
    root = tmp_path / "root"
    (root / "x").mkdir(parents=True)
    (root / "a.txt").write_text(EN_A, encoding="utf-8")
    (root / "x" / "dup.txt").write_text(EN_A, encoding="utf-8")
    dest = tmp_path / "dest"
    (dest / "x").mkdir(parents=True)
    with bind_mount(root / "x", dest / "x"):
        run = cli("scan", str(root), *SCAN, *ACT, action, str(dest), "--yes")
        inside = sorted(p.name for p in (root / "x").iterdir())
    assert inside == ["dup.txt"], f"{action} changed the scanned folder to {inside}: {run.stdout}"
    assert run.returncode == 1, run.stdout + run.stderr


def test_save_results_over_a_file_of_the_loaded_results_reached_through_a_moved_folder_is_refused(
    cli: RunCli, tmp_path: Path, data: Path
) -> None:
    """scan._not_a_scanned_file compares the target by identity, and "by path for records without one", but the
    path comparison takes realpath() of the target and compares it with session.root *as recorded*. When the
    folder was moved to another disk (or copied back from a backup) and its old path left as a symbolic link to the
    new place, the records' identities are stale and the recorded root still holds the link: `scan --results
    r.json --save-results real/S/a.txt` names a.txt by the very path the results record for it, yet the target's
    realpath is not under the recorded root, the identity differs, and a.txt (a group member of the loaded results,
    the only copy of its words maybe) is overwritten with JSON, exit 0. Severity: medium (a user's file replaced).
    Expected: the root resolved the same way as the target (or the target compared unresolved too): refused."""
    real = tmp_path / "real"
    (real / "S").mkdir(parents=True)
    (real / "S" / "a.txt").write_text(EN_A, encoding="utf-8")
    (real / "S" / "bb.txt").write_text(EN_A, encoding="utf-8")
    results = tmp_path / "r.json"
    assert cli("scan", str(real / "S"), *SCAN, "--save-results", str(results)).returncode == 0
    moved = tmp_path / "moved"
    moved.mkdir()
    (moved / "S").mkdir()
    for name in ("a.txt", "bb.txt"):  # copied elsewhere (new identities), the old path a link to the new place
        (moved / "S" / name).write_text(EN_A, encoding="utf-8")
    for name in ("a.txt", "bb.txt"):
        (real / "S" / name).unlink()
    (real / "S").rmdir()
    real.rmdir()
    real.symlink_to(moved)
    run = cli("scan", "--results", str(results), "--save-results", str(real / "S" / "a.txt"))
    assert (moved / "S" / "a.txt").read_text(encoding="utf-8") == EN_A, (
        f"a.txt, a file of the loaded results named by its recorded path, was overwritten (exit {run.returncode})"
    )


def test_a_destination_that_is_a_bind_mount_of_a_scanned_folder_hidden_under_another_mount_is_refused(
    cli: RunCli, tmp_path: Path, data: Path
) -> None:
    """check_destination's walk (_folder_below) looks at the folders *as seen now*: when root/sub was mounted
    again at DEST and then something else was mounted over root/sub (a tmpfs, a disk), the walk sees the tmpfs
    there, not root/sub's own directory, so DEST (root/sub's directory itself) is taken. `--move-to DEST --yes`
    puts bb.txt into root/sub's directory: reported moved out (exit 0), it is inside the scanned folder, hidden
    while the tmpfs is mounted and back in the scanned tree once it goes. Severity: low (nothing lost; a file
    moved into the scanned folder, out of sight). Expected: refused (DEST is a folder of the scanned tree: its
    identity could be compared with the mount table's roots, or the walk done on the file system itself)."""
    root = tmp_path / "root"
    (root / "sub").mkdir(parents=True)
    (root / "a.txt").write_text(EN_A, encoding="utf-8")
    (root / "bb.txt").write_text(EN_A, encoding="utf-8")
    dest = tmp_path / "dest"
    dest.mkdir()
    with bind_mount(root / "sub", dest):
        with small_tmpfs(root / "sub", "1m"):
            run = cli("scan", str(root), *SCAN, *ACT, "--move-to", str(dest), "--yes")
        inside = sorted(p.name for p in (root / "sub").iterdir())
    assert inside == [], f"--move-to put {inside} inside the scanned folder, under the tmpfs: {run.stdout}"
    assert run.returncode == 1, run.stdout + run.stderr
