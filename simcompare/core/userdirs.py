"""The user's cache folder, where simcompare keeps its cache, its internal-error log and jieba's cache."""

from __future__ import annotations

import os
import sys
from pathlib import Path


def user_cache_folder() -> Path:
    """``simcompare`` in the user's cache folder (XDG on Linux, Library/Caches on macOS, LOCALAPPDATA).

    A relative ``XDG_CACHE_HOME`` is ignored, as the XDG spec says: it would put the cache wherever the
    program happens to run, such as inside the folder being scanned.

    Raises:
        RuntimeError: no home folder is known (then there is no cache folder either).
    """
    try:
        base = _base()
    except (RuntimeError, KeyError) as error:  # no HOME and no password-database entry
        raise RuntimeError("no home folder is known, so there is no cache folder") from error
    if not base.is_absolute():
        raise RuntimeError("no home folder is known, so there is no cache folder")
    return base / "simcompare"


def _base() -> Path:
    if sys.platform == "win32":
        local = os.environ.get("LOCALAPPDATA", "")
        return Path(local) if local and os.path.isabs(local) else Path.home() / "AppData" / "Local"
    home = os.environ.get("HOME")
    if home is not None and not os.path.isabs(home):
        # An empty or relative HOME names no home (expanduser would make "" into "/"): no cache folder.
        raise RuntimeError("HOME is empty or relative")
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches"
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    return Path(xdg) if xdg and os.path.isabs(xdg) else Path.home() / ".cache"
