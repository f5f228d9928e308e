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
