"""Hostile round 47 on the cleaner's core: the cleaning lock and mounts below a scanned folder, the trash rule, the
every-pair search, shown names.

Each test fails on the code as it stands, for the reason its docstring gives; real files in tmp_path, real mounts
(skipped only where the machine cannot mount), every mount undone whatever happens."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from helpers.mounts import bind_mount, overlay

from simcompare.core.folder.cleaning_lock import FolderBusy, cleaning_lock

# ------------------------------------------------------------------ one cleaner at a time


@pytest.mark.parametrize("first", ["outer", "mounting"])
def test_a_cleaner_of_a_folder_holding_a_bind_mount_of_another_s_folder_waits_for_the_other(
    tmp_path: Path, first: str
) -> None:
    """``mnt/b`` is ``docs/b`` mounted again; one cleaner cleans ``docs``, another ``mnt`` (the folder *holding* the
    bind mount: a scan goes into mounts below it, so it reads and cleans ``mnt/b/*`` = ``docs/b/*``). Round 46's mend
    (``cleaning_lock._above``) looks up only the folders *above* each scanned folder, by path and by its place on its
    file system; nothing looks at the mounts *below* it. ``mnt``'s locks are ``mnt`` (exclusive) and ``tmp_path``…
    ``/`` (shared); ``docs``'s are ``docs`` and the same parents shared: no conflict, both clean ``docs/b`` at once —
    the case the lock exists for (each finds the other's kept copy still there and takes its own). Severity: high
    (the lock's promise, "a folder and one inside it take turns", broken by a mount one level lower than round 46's
    test). Expected: the second lock answers FolderBusy (the places of the mounts below a scanned folder, by the
    mount table's ``below``, are locked too: shared on what is above them, exclusive on them)."""
    docs = tmp_path / "docs"
    (docs / "b").mkdir(parents=True)
    mnt = tmp_path / "mnt"
    (mnt / "b").mkdir(parents=True)
    held, other = (str(docs), str(mnt)) if first == "outer" else (str(mnt), str(docs))
    with (
        bind_mount(docs / "b", mnt / "b"),
        cleaning_lock([held]),
        pytest.raises(FolderBusy),
        cleaning_lock([other], wait=False),
    ):
        pass


def test_a_cleaner_of_an_overlay_waits_for_a_cleaner_of_its_layer(tmp_path: Path) -> None:
    """``merged`` is an overlay of ``layers/lower`` (and ``layers/upper``): deleting ``layers/lower/a.txt`` takes
    ``merged/a.txt``, deleting ``merged/x`` writes into ``layers/upper`` — one set of files under two folders. The
    cleaner's own check (``_Overlays``) knows this within one run; the lock does not: a cleaner of ``layers`` and a
    cleaner of ``merged`` share no locked folder and run at once, each keeping the copy the other deletes. Severity:
    medium (two cleaners at once on one set of files; needs two runs over an overlay and its layers). Expected: the
    second lock answers FolderBusy (an overlay's layers, by ``MountTable.places(shown=True)``, locked with it)."""
    layers = tmp_path / "layers"
    for name in ("lower", "upper", "work"):
        (layers / name).mkdir(parents=True)
    merged = tmp_path / "merged"
    merged.mkdir()
    options = f"lowerdir={layers / 'lower'},upperdir={layers / 'upper'},workdir={layers / 'work'}"
    with (
        overlay(options, merged),
        cleaning_lock([str(layers)]),
        pytest.raises(FolderBusy),
        cleaning_lock([str(merged)], wait=False),
    ):
        pass


# ------------------------------------------------------------------ a move to another disk


def test_a_move_from_an_nfs4_share_is_not_refused_for_the_share_s_own_acl_attribute(
    tmp_path: Path, other_disk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Round 46's mend copies every extended attribute a file lists, and a move (``strict``) refuses the file when
    the destination cannot hold one. Some file systems list attributes of their own on *every* file, attributes that
    are no metadata of the file to carry: an NFSv4 client lists ``system.nfs4_acl`` (the server's ACL, translated),
    kAFS ``afs.*``, an EVM system ``security.evm`` (a signature of the source inode); ``/etc/xattr.conf``, which
    ``mv`` and ``cp`` follow, names them ``permissions`` or ``skip``. No local file system takes
    ``system.nfs4_acl`` (EOPNOTSUPP), so every *Move to* from a NAS share to a local disk is refused, file after
    file ("the destination cannot keep the file's extended attribute system.nfs4_acl"), where ``mv`` moves them.
    The NFS client is stood in for by the source's listing (the destination's refusal is the real tmpfs's).
    Severity: medium (a cleaning action broken for a whole kind of folder; nothing lost). Expected: the file moved;
    the attributes of the source's file system (those ``xattr.conf`` skips or calls permissions, and
    ``security.selinux``) are not copied, as ``mv`` does not copy them."""
    from helpers.files import expected_of

    from simcompare.core.folder.actions import move_scanned

    root = tmp_path / "share"
    root.mkdir()
    (root / "report.txt").write_bytes(b"a scanned file on a share\n")
    acl = b"\x00\x00\x00\x01" + b"\x00" * 28  # an ACE of the server's ACL, as the client gives it
    listed, read = os.listxattr, os.getxattr

    def nfs_listing(path, *args, **kwargs):
        names = listed(path, *args, **kwargs)
        return [*names, "system.nfs4_acl"] if isinstance(path, int) and _on(path, root) else names

    def nfs_reading(path, name, *args, **kwargs):
        if name == "system.nfs4_acl" and isinstance(path, int) and _on(path, root):
            return acl
        return read(path, name, *args, **kwargs)

    monkeypatch.setattr(os, "listxattr", nfs_listing)
    monkeypatch.setattr(os, "getxattr", nfs_reading)
    report = move_scanned(str(root), [expected_of(root, "report.txt")], str(other_disk / "dupes"))
    (outcome,) = report.outcomes
    assert outcome.ok, f"a move from the share was refused for the share's own attribute: {outcome.error}"


def _on(descriptor: int, folder: Path) -> bool:
    """Whether the open file ``descriptor`` is inside ``folder`` (by its device, the share's)."""
    return os.fstat(descriptor).st_dev == os.stat(folder).st_dev
