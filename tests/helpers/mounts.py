"""Real mounts for tests (a bind mount, a small tmpfs), or a skip that says why the machine cannot make them."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest


def _mount(*args: str, cwd: Path | None = None) -> None:
    if not sys.platform.startswith("linux"):
        pytest.skip("mounting in a test is done on Linux only")
    if os.geteuid() != 0:
        pytest.skip("mounting needs root (the test runs as an ordinary user)")
    if shutil.which("mount") is None:
        pytest.skip("no mount command on this machine")
    done = subprocess.run(["mount", *args], capture_output=True, text=True, check=False, cwd=cwd)
    if done.returncode != 0:
        pytest.skip(f"this machine cannot mount here (mount {' '.join(args)}: {done.stderr.strip()})")


def _unmount(where: Path) -> None:
    done = subprocess.run(["umount", str(where)], capture_output=True, check=False)
    if done.returncode != 0:  # busy: detach it now, it goes when the last user does
        subprocess.run(["umount", "-l", str(where)], capture_output=True, check=False)


@contextlib.contextmanager
def bind_mount(source: Path, where: Path) -> Iterator[Path]:
    """``source`` mounted again at ``where`` (an existing folder) for the block; unmounted whatever happens."""
    _mount("--bind", str(source), str(where))
    try:
        yield where
    finally:
        _unmount(where)


@contextlib.contextmanager
def small_tmpfs(where: Path, size: str = "64k") -> Iterator[Path]:
    """A tmpfs of ``size`` at ``where`` (an existing folder) for the block: a disk that fills up."""
    _mount("-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where))
    try:
        yield where
    finally:
        _unmount(where)


@contextlib.contextmanager
def read_only_bind(source: Path, where: Path) -> Iterator[Path]:
    """``source`` mounted again, read-only, at ``where`` for the block: files there cannot be removed."""
    _mount("--bind", str(source), str(where))
    try:
        done = subprocess.run(["mount", "-o", "remount,bind,ro", str(where)], capture_output=True, text=True)
        if done.returncode != 0:
            pytest.skip(f"this machine cannot make a bind mount read-only: {done.stderr.strip()}")
        yield where
    finally:
        _unmount(where)


@contextlib.contextmanager
def overlay(options: str, where: Path, cwd: Path | None = None) -> Iterator[Path]:
    """An overlay file system at ``where`` mounted with ``options`` (``lowerdir=…,upperdir=…,workdir=…``, as written,
    from ``cwd``) for the block; unmounted whatever happens."""
    _mount("-t", "overlay", "overlay", "-o", options, str(where), cwd=cwd)
    try:
        yield where
    finally:
        _unmount(where)
