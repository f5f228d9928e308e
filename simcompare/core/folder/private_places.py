"""The folders a scan never reads, whatever its excludes: the trash and simcompare's own data.

A file in the trash is no copy to keep: were it read, it could be the copy a group keeps while the file in its
place is deleted, and emptying the trash would lose the text (the trash of the home, ``~/.local/share/Trash``, and
those at the top of other disks, ``.Trash-UID`` and ``.Trash/UID``, where the cleaner's own trash puts their files;
macOS's ``.Trash`` and ``.Trashes``, Windows's ``$RECYCLE.BIN``). The trash's records (``info/*.trashinfo``) and
simcompare's data (the action log, the pairs called not duplicates) are not the user's documents either: grouped and
cleaned, a trashed file could no longer be put back, or where files went would be forgotten. Hidden folders are
passed over by the default excludes; these stay passed over when the excludes are the user's own.
"""

from __future__ import annotations

import functools
import os
import re
import sys
from pathlib import Path

__all__ = [
    "default_data_path",
    "home_trash",
    "in_private_place",
    "is_trash_folder",
    "is_trash_name",
    "private_folders",
]

# as the systems spell them; Windows's in any case (its system drive's is "$Recycle.Bin"), the "$" being no user's
_TRASH_NAME = re.compile(r"\.Trash(-\d+)?|\.Trashes|RECYCLER|RECYCLED|(?i:\$RECYCLE\.BIN)")
_HOME_TRASH = (".local", "share", "Trash")


def is_trash_name(name: str) -> bool:
    """Whether a folder of this name is a trash (``.Trash``, ``.Trash-1000``, ``.Trashes``, ``$RECYCLE.BIN``)."""
    return _TRASH_NAME.fullmatch(name) is not None


def is_trash_folder(path: str, name: str) -> bool:
    """Whether the folder at ``path`` (named ``name``) is a trash: by its name, or a home's trash (any user's, not
    only this process's: root cleaning ``/home``, another ``XDG_DATA_HOME``), ``…/.local/share/Trash`` or a
    ``Trash`` holding the trash's ``files`` and ``info``."""
    if is_trash_name(name):
        return True
    if name != "Trash":
        return False
    if Path(path).parts[-3:] == _HOME_TRASH:
        return True
    return os.path.isdir(os.path.join(path, "files")) and os.path.isdir(os.path.join(path, "info"))


def in_private_place(path: str) -> bool:
    """Whether the real ``path`` is in a trash or in simcompare's data folder (a file there is no copy a group keeps:
    a results file may name one, saved before the scan passed them over)."""
    parts = Path(path).parts
    if any(is_trash_name(part) for part in parts[:-1]):
        return True
    if any(parts[i : i + 3] == _HOME_TRASH for i in range(len(parts) - 3)):
        return True
    for i, part in enumerate(parts[:-1]):  # a trash by its layout (an application's own home trash)
        if part == "Trash" and is_trash_folder(os.path.join(*parts[: i + 1]), part):
            return True
    # a scanned file's path is real (scans follow no link, and a folder changed since fails the identity check)
    return any(path.startswith(place) for place in _real_places(home_trash(), str(default_data_path())))


@functools.lru_cache(maxsize=8)
def _real_places(*folders: str) -> tuple[str, ...]:
    """Each folder where its links lead, ending in a separator (asked once a file an action takes away)."""
    return tuple(os.path.realpath(folder).rstrip(os.sep) + os.sep for folder in folders)


def _data_home() -> Path:
    configured = os.environ.get("XDG_DATA_HOME", "")
    # The XDG spec: a relative path is invalid and must be ignored.
    return Path(configured) if os.path.isabs(configured) else Path.home() / ".local" / "share"


def default_data_path() -> Path:
    """Where simcompare keeps what the user decided (XDG data folder; Application Support; APPDATA)."""
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA", Path.home() / "AppData" / "Roaming"))
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = _data_home()
    return base / "simcompare"


def home_trash() -> str:
    """The user's trash folder (where send2trash puts files of the home's disk)."""
    loaded = sys.modules.get("send2trash.plat_other")
    home = getattr(loaded, "HOMETRASH", None)
    if isinstance(home, str):
        return home
    return str(_data_home() / "Trash")


def private_folders() -> frozenset[tuple[int, int]]:
    """The identities (device, inode) of the home's trash and of simcompare's data folder, those that exist."""
    found = set()
    for folder in (home_trash(), str(_data_home() / "Trash"), str(default_data_path())):
        try:
            info = os.stat(folder)
        except (OSError, ValueError):
            continue
        found.add((info.st_dev, info.st_ino))
    return frozenset(found)
