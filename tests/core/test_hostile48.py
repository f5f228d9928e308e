"""Hostile round 48 on the cleaning lock: a folder holding more mounts than the process has descriptors left (the
round's other finding here, a folder above that the user cannot read, is not mended: FINDINGS.md).

Each test fails on the code as it stands, for the reason its docstring gives; real folders, real bind mounts
(skipped only where the machine cannot mount), every mount undone whatever happens."""

from __future__ import annotations

import contextlib
import os
import resource
from pathlib import Path

from helpers.mounts import bind_mount

from simcompare.core.folder.cleaning_lock import cleaning_lock


def _fds_in_use() -> int:
    return len(os.listdir("/proc/self/fd"))


def test_a_folder_holding_many_mounts_leaves_the_clean_descriptors_to_open_its_files(tmp_path: Path) -> None:
    """The lock holds one descriptor for each folder it locks, for the whole clean: the scanned folder, the folders
    above it, and, since round 47, every mount below it (each through every name that shows it) and the folders
    above those. A folder holding many mounts (a ``/srv`` of bind-mounted shares, a machine's ``/`` or ``/media``,
    a snap-heavy system: a few hundred to thousands) takes as many descriptors as the soft limit allows (1,024 on
    most desktops; simcompare never raises it), passing the rest over as "cannot be opened", and holds them: every
    file the clean then opens fails with EMFILE ("Too many open files"), and so does the action log, the results
    file, the trash's record. Here the limit leaves 30 descriptors and ``mnt`` holds 40 bind mounts: inside the
    lock not one file can be opened. (The lock itself still holds here: the scanned folder is opened first, and a
    cleaner of any mount's source meets it through the folders above the mount.) Severity: medium (a clean that
    fails file after file, or leaves its log unwritten, for a lock it did not need so many descriptors for).
    Expected: the lock bounded in descriptors (a folder's lock taken and its descriptor kept only where needed,
    e.g. the mounts' sources locked through a lock file keyed by identity, or the soft limit raised to the hard
    one at start as many tools do), files still opened inside it."""
    docs, mnt = tmp_path / "docs", tmp_path / "mnt"
    (tmp_path / "file.txt").write_text("words", encoding="utf-8")
    with contextlib.ExitStack() as mounts:
        for n in range(40):
            (docs / f"b{n}").mkdir(parents=True)
            (mnt / f"b{n}").mkdir(parents=True)
            mounts.enter_context(bind_mount(docs / f"b{n}", mnt / f"b{n}"))
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (_fds_in_use() + 30, hard))
        try:
            with cleaning_lock([str(mnt)]):
                try:
                    os.close(os.open(tmp_path / "file.txt", os.O_RDONLY))
                    opened = "opened"
                except OSError as error:
                    opened = f"not opened: {error.strerror}"
        finally:
            resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    assert opened == "opened", f"inside the lock of a folder holding 40 mounts, a file is {opened}"
