"""Removing the folders an action left empty (dupeGuru's "remove empty folders" after a move or delete).

Only the folders that held a file the action took away are candidates, deepest first, each reached from the
scanned root without following links (as :mod:`~simcompare.core.folder.safe_paths` reaches files) and removed
with ``rmdir``, which the system refuses for a folder holding anything (a hidden file included). The scanned
root itself is never a candidate, nor any folder in ``keep`` (other scanned roots, reference folders).
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Collection, Iterable, Iterator

from simcompare.core.folder.safe_paths import DIR_FD_WALK, identity_of, open_folder, path_problem

__all__ = ["folders_emptied_by", "remove_empty_folders"]


def folders_emptied_by(paths: Iterable[str]) -> list[str]:
    """The folders (relative, / separated) that held ``paths`` and their parents below the root, deepest first."""
    folders: set[str] = set()
    for path in paths:
        if path_problem(path):
            continue
        parts = path.split("/")
        folders.update("/".join(parts[:end]) for end in range(1, len(parts)))
    return sorted(folders, key=lambda f: (-f.count("/"), f))


def remove_empty_folders(
    root: str, paths: Iterable[str], keep: Iterable[str] = (), pointed: Collection[tuple[int, int]] = ()
) -> list[str]:
    """Remove the folders under ``root`` that held ``paths`` (files an action took away) and are empty now.

    Args:
        root: The scanned folder (never removed).
        paths: The files that left, relative to ``root``.
        keep: Absolute folders never removed (other scanned roots, reference folders).
        pointed: The identities (device, inode) a symbolic link leads to: such a folder stays, or the link would
            lead nowhere.

    Returns:
        The folders removed (relative to ``root``), deepest first. A folder that holds anything, is a link, is
        in ``keep``, is led to by a link of ``pointed`` or cannot be removed (permission, a mount point) is left
        as it is, without a word.
    """
    kept = {os.path.normcase(os.path.abspath(folder)) for folder in keep}
    kept.add(os.path.normcase(os.path.abspath(root)))
    removed: list[str] = []
    for folder in folders_emptied_by(paths):
        absolute = os.path.join(root, *folder.split("/"))
        if os.path.normcase(os.path.abspath(absolute)) in kept:
            continue
        parent, _, name = folder.rpartition("/")
        try:
            with _parent(root, parent) as fd:
                where = name if fd is not None else absolute
                if pointed and identity_of(os.stat(where, dir_fd=fd, follow_symlinks=False)) in pointed:
                    continue  # a link leads here
                os.rmdir(where, dir_fd=fd)
        except OSError:  # not empty, a link, gone, not ours to remove: left as it is
            continue
        removed.append(folder)
    return removed


@contextlib.contextmanager
def _parent(root: str, parent: str) -> Iterator[int | None]:
    """The folder ``parent`` (relative, '' for the root) open without following links; None without dir_fd
    (then each step is checked with lstat and the caller removes by path)."""
    parts = parent.split("/") if parent else []
    if not DIR_FD_WALK:
        here = root
        for part in parts:
            here = os.path.join(here, part)
            info = os.lstat(here)
            if stat.S_ISLNK(info.st_mode) or not stat.S_ISDIR(info.st_mode):
                raise NotADirectoryError(here)
        yield None
        return
    fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY | getattr(os, "O_CLOEXEC", 0))
    try:
        for part in parts:
            below = open_folder(part, fd)
            os.close(fd)
            fd = below
        yield fd
    finally:
        os.close(fd)
