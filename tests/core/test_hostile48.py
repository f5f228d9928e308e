"""Hostile round 48 on the cleaning lock: a folder above the scanned one that the user cannot read, a folder holding
more mounts than the process has descriptors left.

Each test fails on the code as it stands, for the reason its docstring gives; real folders, real bind mounts
(skipped only where the machine cannot mount), every mount undone whatever happens."""

from __future__ import annotations

import contextlib
import os
import resource
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.mounts import bind_mount

from simcompare.core.folder.cleaning_lock import FolderBusy, cleaning_lock

NOBODY = 65534


@contextlib.contextmanager
def _as_user(uid: int) -> Iterator[None]:
    """The block run with ``uid`` as the effective user (root only), root again after."""
    if not sys.platform.startswith("linux") or os.geteuid() != 0:
        pytest.skip("acting as another user needs root on Linux")
    os.setegid(uid)
    os.seteuid(uid)
    try:
        yield
    finally:
        os.seteuid(0)
        os.setegid(0)


@pytest.fixture
def shared_place() -> Iterator[Path]:
    """A folder every user can reach (pytest's tmp_path is root's own, 0700)."""
    Path("/tmp/h48").mkdir(mode=0o755, exist_ok=True)
    place = Path("/tmp/h48/lock-test")
    shutil.rmtree(place, ignore_errors=True)
    place.mkdir(mode=0o755)
    place.chmod(0o755)
    yield place
    shutil.rmtree(place, ignore_errors=True)


def test_a_cleaner_of_a_shared_folder_waits_for_the_owner_cleaning_the_home_that_holds_it(
    shared_place: Path,
) -> None:
    """``cleaning_lock`` opens each folder above a scanned folder to take a *shared* lock on it, and passes over,
    without a word, a folder it cannot open (``except OSError: continue``). Opening a folder for reading needs
    read permission on it; reaching a folder inside it does not. ``/home/alice`` is ``0711`` (execute-only: others
    reach ``~alice/shared`` and ``~alice/public_html``, a common setup for a shared folder or a web server), and
    ``shared`` is ``0777``. Alice cleans her home (exclusive lock on ``/home/alice``); Bob cleans
    ``/home/alice/shared``: his shared lock on ``/home/alice`` is the one that should make him wait, and it is
    dropped because he cannot open the folder; both clean ``shared`` at once, the very case the lock exists for
    (two cleaners each finding the other's kept copy and deleting their own). Severity: medium (the lock silently
    does not hold; files lost only when the two runs cross). Expected: Bob's lock raises ``FolderBusy``, e.g. the
    folders above opened with ``O_PATH`` cannot be locked, so lock through something every user can open (a lock
    file per folder identity in a shared place, ``fcntl`` byte-range locks on one file keyed by (device, inode)),
    or refuse to clean (or say so) when a folder above cannot be locked."""
    home = shared_place / "alice"
    shared = home / "shared"
    shared.mkdir(parents=True)
    home.chmod(0o711)
    shared.chmod(0o777)
    # alice (root here) cleans her home; bob cleans the shared folder inside it
    with (
        cleaning_lock([str(home)]),
        _as_user(NOBODY),
        pytest.raises(FolderBusy),
        cleaning_lock([str(shared)], wait=False),
    ):
        pass


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
