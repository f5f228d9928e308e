"""Hostile round 46 on the command line cleaner: a kept copy that is the deleted file seen through an overlay, and a
kept copy that is a file in the trash. Each test fails on the code as it stands, for the reason its docstring gives;
real files in tmp_path, real mounts (skipped only where the machine cannot mount), every mount undone whatever
happens."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from helpers.cli import RunCli
from helpers.gui import point_trash_at
from helpers.mounts import overlay
from helpers.results_layout import mark_in_results
from helpers.texts import EN_A

SCAN = ("--no-cache", "--workers", "1")


@pytest.mark.parametrize("layer", ["lower", "upper"])
def test_a_file_deleted_in_the_layer_of_an_overlay_never_takes_the_kept_copy_the_overlay_shows(
    cli: RunCli, tmp_path: Path, data: Path, layer: str
) -> None:
    """A scanned folder holds an overlay (``merged``) and one of its layers (``lower``, or ``upper``, where what is
    written into the overlay goes): ``merged/a.txt`` is ``<layer>/a.txt`` shown again by the overlay. The two names
    have other identities (the overlay's device; st_dev 39 against the disk's 65024 here, the same inode number), so
    the scan calls them two identical files, not one file reached twice (DESIGN.md §5: "one file reached twice is
    one file: never its own duplicate"). Make ``merged/a.txt`` the reference (the window's *Make this the
    reference*), mark ``<layer>/a.txt`` and delete it: the reference check before the delete finds ``merged/a.txt``
    there, unchanged, with the scan's bytes; then the delete of the layer's file takes it away from the overlay too
    (``ls merged`` is empty at once; a mount again shows it never comes back). The group lost its last copy, for
    good, and the report says "1 file deleted, 0 files left alone". Containers (docker's ``overlay2/<id>/diff`` beside
    ``merged``, podman, fuse-overlayfs in a home) lay out exactly this. Severity: high (a file lost for good: the
    group keeps nothing). Expected: the file in a layer is left alone as another name of the kept copy (as a hard
    link or a folder mounted twice is: ``it is the same file as merged/a.txt, which is kept``), or refused whenever
    its overlay is mounted; the group keeps a copy."""
    root = tmp_path / "root"
    merged = root / "merged"
    merged.mkdir(parents=True)
    for name in ("work", "other"):
        (tmp_path / name).mkdir()
    lower = root / "lower" if layer == "lower" else tmp_path / "other"
    upper = root / "upper" if layer == "upper" else tmp_path / "other"
    lower.mkdir(exist_ok=True)
    upper.mkdir(exist_ok=True)
    (lower if layer == "lower" else upper).joinpath("a.txt").write_text(EN_A, encoding="utf-8")
    saved = tmp_path / "R.json"
    with overlay(f"lowerdir={lower},upperdir={upper},workdir={tmp_path / 'work'}", merged):
        run = cli("scan", str(root), *SCAN, "--save-results", str(saved))
        assert run.returncode == 0, run.stderr
        assert "merged/a.txt" in run.stdout and f"{layer}/a.txt" in run.stdout, run.stdout  # one group of two
        mark_in_results(saved, [f"{layer}/a.txt"], ["merged/a.txt"])
        done = cli("scan", "--results", str(saved), "--delete", "--yes")
        left = sorted(os.listdir(merged)) + sorted(os.listdir(root / layer))
    assert left, f"the group lost every copy: {layer}/a.txt deleted took merged/a.txt, its kept copy\n{done.stdout}"


def test_a_file_in_the_trash_is_never_the_copy_a_group_keeps(
    cli: RunCli, tmp_path: Path, data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The trash lies inside the folders people scan: ``~/.local/share/Trash`` in the home, ``.Trash-UID`` at the
    top of every other disk (a USB disk, a data partition: the cleaner's own trash puts it there). Hidden folders are
    passed over only by the default excludes, which any ``--exclude GLOB`` replaces (``--exclude node_modules``), and
    then the trash is read as any folder: a file trashed yesterday is a member of its group today, and it can be the
    copy the group keeps. Here ``backup/report.txt`` (newer) was trashed by a first run (reference rule ``oldest``);
    the second run, with the default reference rule (words, plain name, then newest), makes the trashed copy the
    reference and deletes ``docs/report.txt`` for good: the only copy left is in the trash, and emptying the trash
    loses it. The report says "1 file deleted, 0 files left alone", nothing about the trash. Severity: high (the last
    copy outside the trash deleted). Expected: the scan never reads a trash folder (the home's and each disk's
    ``.Trash``/``.Trash-UID``) whatever the excludes, or the cleaner never keeps a file in the trash as a group's
    copy; ``docs/report.txt`` stays."""
    home = tmp_path / "home"
    (home / "docs").mkdir(parents=True)
    (home / "backup").mkdir()
    point_trash_at(monkeypatch, home)
    old, new = home / "docs" / "report.txt", home / "backup" / "report.txt"
    old.write_text(EN_A, encoding="utf-8")
    new.write_text(EN_A, encoding="utf-8")
    os.utime(old, (1_600_000_000, 1_600_000_000))
    os.utime(new, (1_700_000_000, 1_700_000_000))
    scan = ("scan", str(home), *SCAN, "--exclude", "node_modules", "--mark", "all-but-reference")
    first = cli(*scan, "--reference-rule", "oldest", "--trash", "--yes")
    assert first.returncode == 0, first.stdout + first.stderr
    assert not new.exists() and old.exists()
    second = cli(*scan, "--delete", "--yes")
    assert old.exists(), (
        "the only copy outside the trash was deleted: the group kept the trashed file\n" + second.stdout
    )


@pytest.mark.parametrize(
    "invisible",
    ["\u2060", "\u2063", "\u206a", "\u061c", "\u180e", "\U000e0041"],
    ids=["word-joiner", "invisible-separator", "inhibit-swapping", "arabic-mark", "mongolian-separator", "tag-a"],
)
def test_a_name_holding_an_invisible_character_is_never_shown_as_the_kept_file_s_name(
    cli: RunCli, tmp_path: Path, data: Path, invisible: str
) -> None:
    """display_name escapes the zero-width space, the byte-order mark and the bidirectional overrides and isolates,
    "the invisible characters that disguise a name" (core/formats/names.py), but not the other characters that draw
    nothing: the word joiner and the invisible operators (U+2060–U+2064), the deprecated format characters
    (U+206A–U+206F), the Arabic letter mark (U+061C, a bidirectional mark as RLM is, without RLM's use in names),
    the Mongolian vowel separator (U+180E), the tag characters (U+E0000–U+E007F). A copy named ``report⁠.txt`` (a
    word joiner before the dot) beside ``report.txt``: the dry run says ``would delete  group 1  report.txt`` — the
    kept file's name, as a terminal draws it — and so do the report after ``--yes`` and the window's question. The
    user reads that the original goes, or (the other way round) approves deleting what looks like a copy's name and
    is the original's twin. Severity: low (the report misleads; what is done is what was marked). Expected: every
    default-ignorable character that is not one real names need (ZWJ, ZWNJ, LRM, RLM, variation selectors after an
    emoji) is shown escaped (``report\\u2060.txt``), as U+200B is."""
    root = tmp_path / "docs"
    root.mkdir()
    (root / "report.txt").write_text(EN_A, encoding="utf-8")
    copy = root / f"report{invisible}.txt"
    copy.write_text(EN_A, encoding="utf-8")
    os.utime(root / "report.txt", (1_600_000_000, 1_600_000_000))  # the plain name is kept (newest: the copy)
    run = cli("scan", str(root), *SCAN, "--reference-rule", "oldest", "--mark", "all-but-reference", "--delete")
    assert run.returncode == 0, run.stderr
    deleted = [line for line in run.stdout.splitlines() if line.startswith("would delete")]
    assert len(deleted) == 1, run.stdout
    assert invisible not in deleted[0], f"the copy to delete is shown as the kept file's name: {deleted[0]!r}"
