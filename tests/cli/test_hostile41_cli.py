"""Hostile round 41 on the command line's cleaner (`simcompare scan … --mark RULE --move-to/--copy-to DEST --yes`).

Each test fails on the code as it stands, for the reason its docstring gives; real files, real mounts (skipped
where the machine cannot mount), every mount undone by a context manager whatever happens."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.cli import RunCli
from helpers.mounts import overlay
from helpers.texts import EN_A

SCAN = ("--no-cache", "--workers", "1")
ACT = ("--reference-rule", "shortest-path", "--mark", "all-but-reference")


@pytest.mark.parametrize("action", ["--move-to", "--copy-to"])
def test_an_overlay_writing_into_the_scanned_folder_is_refused_as_destination(
    cli: RunCli, tmp_path: Path, data: Path, action: str
) -> None:
    """DEST is an overlay mount whose upper (writable) layer is the scanned folder: whatever is written into DEST
    lands in root. The destination check compares identities (the overlay's folders have the overlay's device)
    and mount-table places (the overlay is its own device, at '/'), so it finds nothing: `--move-to DEST --yes`
    copies bb.txt to DEST/bb.txt, i.e. root/'bb (2).txt' (its own name taken by itself), removes root/bb.txt and
    reports it moved out (exit 0): the duplicate is still in the scanned folder, under a new name the user never
    chose; `--copy-to` adds a third copy inside the scanned folder. Severity: medium (the destination guarantee
    broken by an ordinary mount; nothing lost). Expected: refused (exit 1, the scanned folder untouched), the
    overlay's upperdir, named in the mount table's super options, placed like a bind mount of it."""
    root = tmp_path / "root"
    root.mkdir()
    (root / "a.txt").write_text(EN_A, encoding="utf-8")
    (root / "bb.txt").write_text(EN_A, encoding="utf-8")
    for name in ("lower", "work", "dest"):
        (tmp_path / name).mkdir()
    with overlay(
        f"lowerdir={tmp_path / 'lower'},upperdir={root},workdir={tmp_path / 'work'}", tmp_path / "dest"
    ) as dest:
        run = cli("scan", str(root), *SCAN, *ACT, action, str(dest), "--yes")
    inside = sorted(p.name for p in root.iterdir())
    assert inside == ["a.txt", "bb.txt"], f"{action} changed the scanned folder to {inside}: {run.stdout}"
    assert run.returncode == 1, run.stdout + run.stderr
