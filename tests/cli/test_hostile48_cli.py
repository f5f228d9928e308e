"""Hostile round 48 on the command line cleaner: Windows's own spelling of its trash, an overlay whose lower layer
is on another disk with ``xino=on``.

Each test fails on the code as it stands, for the reason its docstring gives; real files in tmp_path, real mounts
(skipped only where the machine cannot mount), every mount undone whatever happens."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

import pytest
from helpers.cli import RunCli
from helpers.mounts import overlay, small_tmpfs
from helpers.results_layout import mark_in_results
from helpers.texts import EN_A

SCAN = ("--no-cache", "--workers", "1")


def _twins(older: Path, newer: Path) -> None:
    for path in (older, newer):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(EN_A, encoding="utf-8")
    os.utime(older, (1_600_000_000, 1_600_000_000))
    os.utime(newer, (1_700_000_000, 1_700_000_000))  # the default reference rule keeps the newest


@pytest.mark.parametrize("trash", ["$Recycle.Bin", "RECYCLED"])
def test_the_windows_system_drive_s_recycle_bin_is_never_the_copy_a_group_keeps(
    cli: RunCli, tmp_path: Path, data: Path, trash: str
) -> None:
    """Round 47's finding 8 made ``private_places.is_trash_name`` match the trash names *as spelled*:
    ``$RECYCLE.BIN`` and ``RECYCLER``. But Windows Vista and later spell the system drive's recycle bin
    ``C:\\$Recycle.Bin`` (mixed case; ``$RECYCLE.BIN`` is the spelling on other drives), and Windows 95/98/Me's is
    ``RECYCLED``. A dual-boot user scanning ``/mnt/windows`` (ntfs3 keeps the case), or a WSL user scanning
    ``/mnt/c``, has the recycle bin read *with the default excludes* (the name is not hidden): a trashed
    ``$R…txt`` (newer) becomes its group's reference and ``Users/me/report.txt`` is deleted for good — round 46's
    finding 2 again, on the most common Windows disk. Severity: high (the only copy outside the trash deleted).
    Expected: the system drive's spelling (``$Recycle.Bin``) and ``RECYCLED`` are trashes too (Windows's names are
    case-insensitive: match them so, at the top of a disk), the original left in place."""
    disk = tmp_path / "windows"
    original = disk / "Users" / "me" / "Documents" / "report.txt"
    trashed = disk / trash / "S-1-5-21-1004336348-1177238915-682003330-1001" / "$RX1Y2Z3.txt"
    _twins(original, trashed)
    (trashed.parent / "$IX1Y2Z3.txt").write_bytes(b"\x02\x00\x00\x00\x00\x00\x00\x00")  # its record (binary)
    run = cli("scan", str(disk), *SCAN, "--mark", "all-but-reference", "--delete", "--yes")
    assert original.exists(), f"the original was deleted: its group kept the copy in {trash}\n{run.stdout}"


def test_a_lower_layer_on_another_disk_with_xino_never_loses_the_kept_copy_the_overlay_shows(
    cli: RunCli, tmp_path: Path, data: Path
) -> None:
    """Round 47's mend of the overlay rule (``actions._same_inode``): a file shown through an overlay is known as
    its layer's file by (inode number, size, mtime, ctime), "with ``xino`` otherwise" (its commit message). It is
    the other way round: with ``xino=on`` (or ``xino=auto``, a kernel build option some distributions turn on) and
    a lower layer on another file system than the upper one, the overlay reports the layer file's inode number with
    the layer's number in its high bits (here 2 becomes 2**63 + 2), so the numbers never match. With the layers
    named relatively (the tutorials' ``cd root && mount … -o lowerdir=lower,…``) the mount table places nothing
    either, and ``lower/a.txt`` is deleted while ``merged/a.txt``, the group's kept copy, is that very file: the
    group keeps nothing. Severity: high (a file lost for good). Expected: ``lower/a.txt`` left alone
    (``IS_REFERENCE``): the inode number compared with the overlay's xino bits masked off (the low 64 − n bits,
    n from the ``xino`` feature: the table says ``xino=on``), or, while an overlay the table cannot place is
    mounted, a file whose kept copy is shown through it never taken away."""
    root = tmp_path / "root"
    merged, lower, upper = root / "merged", root / "lower", root / "upper"
    for folder in (merged, lower, upper):
        folder.mkdir(parents=True)
    saved = tmp_path / "R.json"
    with contextlib.ExitStack() as mounts:
        mounts.enter_context(small_tmpfs(lower, "1m"))
        mounts.enter_context(small_tmpfs(upper, "1m"))
        (upper / "u").mkdir()
        (upper / "w").mkdir()
        (lower / "a.txt").write_text(EN_A, encoding="utf-8")
        mounts.enter_context(overlay("lowerdir=lower,upperdir=upper/u,workdir=upper/w,xino=on", merged, cwd=root))
        run = cli("scan", str(root), *SCAN, "--save-results", str(saved))
        assert run.returncode == 0, run.stderr
        assert "merged/a.txt" in run.stdout and "lower/a.txt" in run.stdout, run.stdout  # one group of two
        mark_in_results(saved, ["lower/a.txt"], ["merged/a.txt"])
        done = cli("scan", "--results", str(saved), "--delete", "--yes")
        left = sorted(os.listdir(merged)) + sorted(os.listdir(lower))
    assert left, f"the group lost every copy: lower/a.txt deleted took merged/a.txt, its kept copy\n{done.stdout}"


def test_a_lower_file_whose_metadata_was_changed_through_a_metacopy_overlay_is_never_deleted_for_it(
    cli: RunCli, tmp_path: Path, data: Path
) -> None:
    """Round 47's finding 1 (layers named relatively) was mended by the inode fallback (``actions._same_inode``:
    inode number, size, mtime *and ctime* equal). With ``metacopy=on`` (Docker, Podman and composefs set it), a
    ``chmod``/``chown``/``touch`` through the overlay copies up the metadata only: ``upper/a.txt`` holds no data (a
    sparse file of NULs), the words stay in ``lower/a.txt``, and ``merged/a.txt`` goes on reporting the lower file's
    inode number and mtime, but the upper file's ctime. The fallback then answers "another file", the table places
    nothing (relative names), and ``lower/a.txt`` is deleted: ``merged/a.txt``, the group's kept copy, is its data;
    the next mount reads it as an I/O error. Severity: high (the kept copy's text lost for good; "1 file deleted").
    Expected: ``lower/a.txt`` left alone (``IS_REFERENCE``): the fallback must not require the change time (the
    metadata, not the data, is the overlay's own after a metacopy), or read the upper file's
    ``trusted.overlay.metacopy`` / ``origin`` attributes, or refuse while an overlay the table cannot place is
    mounted."""
    root = tmp_path / "root"
    merged, lower, upper = root / "merged", root / "lower", root / "upper"
    for folder in (merged, lower, upper):
        folder.mkdir(parents=True)
    (tmp_path / "work").mkdir()
    (lower / "a.txt").write_text(EN_A, encoding="utf-8")
    saved = tmp_path / "R.json"
    options = "lowerdir=lower,upperdir=upper,workdir=../work,metacopy=on"
    with overlay(options, merged, cwd=root):
        os.utime(lower / "a.txt", (1_600_000_000, 1_600_000_000))  # an old file (the ctime moves on from here)
        (merged / "a.txt").chmod(0o600)  # the metadata copied up, the data left below
        run = cli("scan", str(root), *SCAN, "--save-results", str(saved))
        assert run.returncode == 0, run.stderr
        assert "merged/a.txt" in run.stdout and "lower/a.txt" in run.stdout, run.stdout  # one group of two
        mark_in_results(saved, ["lower/a.txt"], ["merged/a.txt"])
        done = cli("scan", "--results", str(saved), "--delete", "--yes")
    with overlay(options, merged, cwd=root):  # mounted again, as after a reboot
        try:
            text = (merged / "a.txt").read_text(encoding="utf-8")
        except OSError as error:
            text = f"unreadable: {error}"
    assert text == EN_A, f"the kept copy merged/a.txt lost its words ({text[:60]})\n{done.stdout}"


def test_a_trash_named_as_a_scanned_folder_by_its_layout_is_never_the_copy_a_group_keeps(
    cli: RunCli, tmp_path: Path, data: Path
) -> None:
    """The scan knows a trash by three rules (``private_places.is_trash_folder``): its name, any
    ``…/.local/share/Trash``, and a ``Trash`` holding ``files`` and ``info`` (another home's trash: a Flatpak's
    ``~/.var/app/<id>/data/Trash``, a ``XDG_DATA_HOME`` that is not this process's). The cleaner's rule
    (``in_private_place``, round 47's finding 4) knows only the first two, and the data folder and home trash of
    *this* process. A trash named as a scanned folder is read (only the folders found inside a scan are passed
    over): ``simcompare scan ~/.var/app/org.gnome.TextEditor/data/Trash/files ~/docs`` (to see what the trash still
    holds) keeps the trashed copy (newer) as its group's reference and deletes ``docs/report.txt``, while the same
    run over ``~/.local/share/Trash/files`` leaves it alone ("its group's reference … is in the trash"). Severity:
    medium (the last copy outside a trash deleted; the user named the trash, but the cleaner's rule exists to
    catch just this). Expected: ``in_private_place`` applies ``is_trash_folder``'s layout rule (a ``Trash`` folder
    on the way holding ``files`` and ``info``), ``docs/report.txt`` left alone."""
    home = tmp_path / "home"
    trash = home / ".var" / "app" / "org.gnome.TextEditor" / "data" / "Trash"
    original = home / "docs" / "report.txt"
    trashed = trash / "files" / "report.txt"
    _twins(original, trashed)
    (trash / "info").mkdir()
    (trash / "info" / "report.txt.trashinfo").write_text(
        f"[Trash Info]\nPath={original}\nDeletionDate=2023-11-14T22:13:20\n", encoding="utf-8"
    )
    run = cli(
        "scan", str(trash / "files"), str(home / "docs"), *SCAN, "--mark", "all-but-reference", "--delete", "--yes"
    )
    assert original.exists(), f"the original was deleted: its group kept the copy in a Flatpak's trash\n{run.stdout}"
