"""Fixtures shared by the core's tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.mounts import small_tmpfs


@pytest.fixture
def home_trash(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The freedesktop.org trash of a home in tmp_path (send2trash reads where it is once, when imported)."""
    from helpers.gui import point_trash_at  # the window's helpers: imported only by the tests that ask

    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    point_trash_at(monkeypatch, home)
    return home / ".local" / "share" / "Trash"


@pytest.fixture
def other_disk(tmp_path: Path) -> Iterator[Path]:
    """A small file system of its own (a tmpfs of 4 MB) in tmp_path: another disk for a move or a copy."""
    where = tmp_path / "other"
    where.mkdir()
    with small_tmpfs(where, "4m") as mounted:
        yield mounted
