"""One cleaner at a time on a folder, across processes: the lock the command line waits for and the window tries."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from simcompare.core.folder.cleaning_lock import FolderBusy, cleaning_lock

pytestmark = pytest.mark.skipif(os.name != "posix", reason="folder locks (flock) are POSIX")

HOLD = """
import sys
from simcompare.core.folder.cleaning_lock import cleaning_lock
with cleaning_lock([sys.argv[1]]):
    print("held", flush=True)
    sys.stdin.readline()
"""


@pytest.fixture
def held(tmp_path: Path) -> Iterator[Path]:
    """``tmp_path / "docs"``, being cleaned by another process (a real one, holding the lock until the test ends)."""
    docs = tmp_path / "docs"
    (docs / "sub").mkdir(parents=True)
    (tmp_path / "beside").mkdir()
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(docs)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        yield docs
    finally:
        holder.communicate("done\n", timeout=60)


@pytest.mark.parametrize("which", ["docs", "docs/sub", "."])
def test_without_waiting_a_folder_another_cleans_is_refused_at_once(held: Path, which: str) -> None:
    folder = held / which if which != "." else held.parent
    with pytest.raises(FolderBusy) as busy, cleaning_lock([str(folder)], wait=False):
        pytest.fail("the lock was taken while another simcompare held it")
    # its own folder, or one inside it: the other's folder; the folder holding it: that folder (the other holds it
    # shared, a cleaner of it needs it alone)
    assert os.path.samefile(busy.value.folder, held if which != "." else held.parent)


def test_a_folder_beside_is_not_held(held: Path) -> None:
    with cleaning_lock([str(held.parent / "beside")], wait=False):
        pass


def test_one_folder_under_two_names_is_locked_once_and_never_waits_on_itself(tmp_path: Path) -> None:
    """A scanned folder and a bind mount of it (or a link to it) are one folder: locking both names must not make
    the cleaner wait for itself (it hung forever), and another cleaner of either name is still kept out."""
    from helpers.mounts import bind_mount

    real, other = tmp_path / "real", tmp_path / "mnt"
    real.mkdir()
    other.mkdir()
    (tmp_path / "link").symlink_to(real)
    with bind_mount(real, other):
        for names in ([real, other], [other, real], [real, tmp_path / "link"]):
            with cleaning_lock([str(n) for n in names], wait=False):
                probe = subprocess.run(
                    [sys.executable, "-c", PROBE, str(names[1])], capture_output=True, text=True, timeout=60
                )
                assert probe.stdout.strip() == "busy", probe.stderr


PROBE = """
import sys
from simcompare.core.folder.cleaning_lock import FolderBusy, cleaning_lock
try:
    with cleaning_lock([sys.argv[1]], wait=False):
        print("taken")
except FolderBusy:
    print("busy")
"""


def _lock_folder_at(monkeypatch: pytest.MonkeyPatch, folder: Path | None) -> None:
    import simcompare.core.folder.cleaning_lock as lock

    monkeypatch.setattr(lock, "_lock_folder", lambda: None if folder is None else str(folder))


def test_without_a_folder_for_lock_files_the_folders_own_locks_hold(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _lock_folder_at(monkeypatch, None)
    docs = tmp_path / "docs"
    (docs / "sub").mkdir(parents=True)
    with cleaning_lock([str(docs)]), pytest.raises(FolderBusy), cleaning_lock([str(docs / "sub")], wait=False):
        pass


def test_a_fifo_or_a_link_planted_as_a_lock_file_neither_hangs_nor_is_followed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another user may make the lock file's name first (the lock folder is everyone's): a FIFO would block an open
    for reading, a link lead elsewhere. Neither is used; the folders' own locks still hold."""
    place = tmp_path / "locks"
    place.mkdir()
    _lock_folder_at(monkeypatch, place)
    docs = tmp_path / "docs"
    (docs / "sub").mkdir(parents=True)
    target = tmp_path / "elsewhere"
    target.write_text("not a lock", encoding="utf-8")
    info = os.stat(docs)
    os.mkfifo(place / f"simcompare-{info.st_dev}-{info.st_ino}.lock")
    sub = os.stat(docs / "sub")
    os.symlink(target, place / f"simcompare-{sub.st_dev}-{sub.st_ino}.lock")
    with cleaning_lock([str(docs)]), pytest.raises(FolderBusy), cleaning_lock([str(docs / "sub")], wait=False):
        pass
    assert target.read_text(encoding="utf-8") == "not a lock"
