"""Hostile round 47 on the command line cleaner: an overlay whose layers the mount table names relatively, the trash
of another home, a results file naming a trashed copy.

Each test fails on the code as it stands, for the reason its docstring gives; real files in tmp_path, real mounts
(skipped only where the machine cannot mount), every mount undone whatever happens."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from helpers.cli import RunCli
from helpers.mounts import overlay
from helpers.results_layout import mark_in_results
from helpers.texts import EN_A

SCAN = ("--no-cache", "--workers", "1")


@pytest.mark.parametrize("layer", ["lower", "upper"])
def test_a_file_deleted_in_a_layer_named_relatively_never_takes_the_kept_copy_the_overlay_shows(
    cli: RunCli, tmp_path: Path, data: Path, layer: str
) -> None:
    """Round 46's finding 1 again, with the overlay mounted as the tutorials and many scripts mount it: from its
    folder, ``cd root && mount -t overlay overlay -o lowerdir=lower,upperdir=upper,workdir=../work merged``. The
    kernel keeps the layers' names as they were given, so ``/proc/self/mountinfo`` says ``lowerdir=lower``;
    ``mounts._reached`` leaves a name that is not absolute out, ``MountTable.overlays`` is then False and
    ``_Overlays.one_file`` answers False at once. ``merged/a.txt`` kept, ``<layer>/a.txt`` deleted: the delete takes
    ``merged/a.txt`` with it, the group's last copy, and the report says "1 file deleted". Severity: high (a file lost
    for good; the round-46 mend does not hold for a layout one ``cd`` away from the one it was tested with).
    Expected: the layer's file left alone (``IS_REFERENCE``) — e.g. an overlay whose layers the table cannot place
    makes the cleaner compare by what the overlay itself reports (a file of an overlay reports its layer file's
    inode number) or refuse to take a file whose kept copy is on such an overlay."""
    root = tmp_path / "root"
    merged = root / "merged"
    merged.mkdir(parents=True)
    (tmp_path / "work").mkdir()
    (root / "lower").mkdir()
    (root / "upper").mkdir()
    (root / layer / "a.txt").write_text(EN_A, encoding="utf-8")
    saved = tmp_path / "R.json"
    with overlay("lowerdir=lower,upperdir=upper,workdir=../work", merged, cwd=root):
        run = cli("scan", str(root), *SCAN, "--save-results", str(saved))
        assert run.returncode == 0, run.stderr
        assert "merged/a.txt" in run.stdout and f"{layer}/a.txt" in run.stdout, run.stdout  # one group of two
        mark_in_results(saved, [f"{layer}/a.txt"], ["merged/a.txt"])
        done = cli("scan", "--results", str(saved), "--delete", "--yes")
        left = sorted(os.listdir(merged)) + sorted(os.listdir(root / layer))
    assert left, f"the group lost every copy: {layer}/a.txt deleted took merged/a.txt, its kept copy\n{done.stdout}"


def test_a_file_deleted_in_a_layer_renamed_since_the_overlay_was_mounted_never_takes_the_kept_copy(
    cli: RunCli, tmp_path: Path, data: Path
) -> None:
    """The overlay mounted with absolute names, then its lower folder renamed (``mv lower lower.2024``: the overlay
    goes on showing it; the kernel holds the folder, not its name). ``/proc/self/mountinfo`` still says
    ``lowerdir=…/root/lower``, a name that now leads nowhere (or to another folder of that name), so
    ``_Overlays.one_file`` finds no common place and ``lower.2024/a.txt`` is deleted while ``merged/a.txt``, the kept
    copy, is that very file: "1 file deleted", the group keeps nothing. The same when a layer was named through a
    link changed since. Severity: high (a file lost for good). Expected: the layer's file left alone
    (``IS_REFERENCE``): the layers found by what they are, not by the names they were mounted with (e.g. the file's
    inode number and change time as the overlay reports them), or nothing taken away in a folder the table cannot
    place while an overlay is mounted over it."""
    root = tmp_path / "root"
    merged = root / "merged"
    merged.mkdir(parents=True)
    for name in ("lower", "upper", "work"):
        (tmp_path / name if name == "work" else root / name).mkdir()
    (root / "lower" / "a.txt").write_text(EN_A, encoding="utf-8")
    saved = tmp_path / "R.json"
    options = f"lowerdir={root / 'lower'},upperdir={root / 'upper'},workdir={tmp_path / 'work'}"
    with overlay(options, merged):
        (root / "lower").rename(root / "lower.2024")
        run = cli("scan", str(root), *SCAN, "--save-results", str(saved))
        assert run.returncode == 0, run.stderr
        assert "merged/a.txt" in run.stdout and "lower.2024/a.txt" in run.stdout, run.stdout
        mark_in_results(saved, ["lower.2024/a.txt"], ["merged/a.txt"])
        done = cli("scan", "--results", str(saved), "--delete", "--yes")
        left = sorted(os.listdir(merged)) + sorted(os.listdir(root / "lower.2024"))
    assert left, f"the group lost every copy: lower.2024/a.txt deleted took merged/a.txt\n{done.stdout}"


def _twins(older: Path, newer: Path) -> None:
    for path in (older, newer):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(EN_A, encoding="utf-8")
    os.utime(older, (1_600_000_000, 1_600_000_000))
    os.utime(newer, (1_700_000_000, 1_700_000_000))  # the default reference rule keeps the newest


def test_another_user_s_trash_is_never_the_copy_a_group_keeps(cli: RunCli, tmp_path: Path, data: Path) -> None:
    """Round 46's finding 2 mended by name (``.Trash``, ``.Trash-UID``, ``.Trashes``, ``$RECYCLE.BIN``, ``RECYCLER``)
    and, for the home trash ``~/.local/share/Trash`` (named ``Trash``, no dot), by identity: the trash of *this*
    process's ``XDG_DATA_HOME`` or ``~``. An administrator cleaning ``/home`` (root, whose home is ``/root``), a
    ``sudo simcompare`` keeping ``HOME=/root``, a Flatpak (whose ``XDG_DATA_HOME`` is ``~/.var/app/…/data``), a run
    with another ``XDG_DATA_HOME`` than the desktop's: each reads ``alice/.local/share/Trash/files`` as any folder
    once ``--exclude`` replaces the default excludes. Here alice's trashed copy (newer) becomes the group's
    reference and ``alice/docs/report.txt`` is deleted for good: "1 file deleted"; the only copy left is in a trash.
    Severity: high (the last copy outside a trash deleted, round 46's scenario through another home). Expected: a
    folder laid out as a freedesktop home trash (``Trash`` holding ``files`` and ``info``, or any
    ``.local/share/Trash``) is never read, whoever's it is."""
    homes = tmp_path / "home"
    original = homes / "alice" / "docs" / "report.txt"
    trashed = homes / "alice" / ".local" / "share" / "Trash" / "files" / "report.txt"
    _twins(original, trashed)
    (trashed.parent.parent / "info").mkdir()
    (trashed.parent.parent / "info" / "report.txt.trashinfo").write_text(
        f"[Trash Info]\nPath={original}\nDeletionDate=2023-11-14T22:13:20\n", encoding="utf-8"
    )
    run = cli(
        "scan", str(homes), *SCAN, "--exclude", "node_modules", "--mark", "all-but-reference", "--delete", "--yes"
    )
    assert original.exists(), "the only copy outside the trash was deleted: the group kept alice's trashed file\n" + (
        run.stdout
    )


def test_a_results_file_saved_before_the_trash_rule_never_keeps_a_trashed_copy(
    cli: RunCli, tmp_path: Path, data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The trash rule lives in the scan (``scan._list_child``) only. A results file saved by the version before it
    (or by any scan that read the trash) still names ``.Trash-0/files/report.txt`` as a member and as the group's
    reference, and ``scan --results R.json --delete --yes`` acts on it as it stands: the trashed copy is checked as
    the kept copy (present, unchanged) and ``docs/report.txt`` is deleted for good. Users keep results files and
    clean from them later (the window's Open results, the command line's ``--results``). Severity: high (the last
    copy outside the trash deleted, from a file the user saved a week ago). Expected: the cleaner never keeps a
    file in a trash (by the same names and identities the scan passes over) as a group's copy: the member is left
    alone (its reference is in the trash), or the results file is read without the trash's files."""
    root = tmp_path / "disk"
    original = root / "docs" / "report.txt"
    trashed = root / ".Trash-0" / "files" / "report.txt"
    _twins(original, trashed)
    saved = tmp_path / "R.json"
    import simcompare.core.folder.scan as scan

    with monkeypatch.context() as before:  # the scan as it was before round 46's mend
        before.setattr(scan, "is_trash_folder", lambda path, name: False)
        before.setattr(scan, "private_folders", frozenset)
        run = cli("scan", str(root), *SCAN, "--exclude", "node_modules", "--save-results", str(saved))
        assert run.returncode == 0, run.stderr
        assert ".Trash-0/files/report.txt" in run.stdout, run.stdout
    mark_in_results(saved, ["docs/report.txt"], [".Trash-0/files/report.txt"])
    done = cli("scan", "--results", str(saved), "--delete", "--yes")
    assert original.exists(), "the original was deleted: its group kept the copy in the trash\n" + done.stdout


@pytest.mark.parametrize("folder", ["Recycler", "recycler"])
def test_a_user_s_folder_named_like_a_windows_trash_deep_in_a_tree_is_read(
    cli: RunCli, tmp_path: Path, data: Path, folder: str
) -> None:
    """``private_places.is_trash_name`` passes over, at any depth and in any case, every folder named ``RECYCLER``,
    ``$RECYCLE.BIN``, ``.Trash``, ``.Trashes`` — names that are a trash only at the top of a disk (Windows's
    ``C:\\RECYCLER``, ``$RECYCLE.BIN``; macOS's ``.Trashes``; freedesktop's ``$topdir/.Trash``) or in a home
    (``~/.Trash``). ``projects/recycler`` (a recycling firm's papers; a code module named so: Android's RecyclerView
    adapters, memory "recycler"s) is then never read, with the *default* excludes too (it is not hidden), so its
    copies are never found; only the not-read list says "the trash". Severity: low (duplicates missed, said in the
    not-read list only). Expected: those names passed over where they are a trash (the top of a file system, the
    home), or in their exact spelling only; ``projects/recycler/notes.txt`` grouped with its copy."""
    root = tmp_path / "docs"
    (root / "projects" / folder).mkdir(parents=True)
    (root / "projects" / folder / "notes.txt").write_text(EN_A, encoding="utf-8")
    (root / "notes.txt").write_text(EN_A, encoding="utf-8")
    run = cli("scan", str(root), *SCAN, "--exclude", "node_modules")
    assert run.returncode == 0, run.stderr
    assert f"projects/{folder}/notes.txt" in run.stdout, f"the folder {folder} was never read:\n{run.stdout}"
