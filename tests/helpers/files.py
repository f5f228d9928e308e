"""Writing to a user's file the way a program that hides its write does."""

from __future__ import annotations

import os
from pathlib import Path


def rewrite_hiding_it(path: Path, data: bytes, at: int = 0) -> None:
    """Write ``data`` into ``path`` in place from byte ``at`` (the same file, no longer than it was), then set its
    access and modification times back, as ``touch -r`` or ``rsync --inplace -t`` leave it: only the change
    time tells."""
    before = os.stat(path)
    with open(path, "r+b") as out:
        out.seek(at)
        out.write(data)
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
