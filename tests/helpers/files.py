"""Writing to a user's file the way a program that hides its write does, and what an action expects of a file."""

from __future__ import annotations

import os
from pathlib import Path

from simcompare.core.folder.safe_paths import Expected
from simcompare.core.folder.scan import raw_digest


def rewrite_hiding_it(path: Path, data: bytes, at: int = 0) -> None:
    """Write ``data`` into ``path`` in place from byte ``at`` (the same file, no longer than it was), then set its
    access and modification times back, as ``touch -r`` or ``rsync --inplace -t`` leave it: only the change
    time tells."""
    before = os.stat(path)
    with open(path, "r+b") as out:
        out.seek(at)
        out.write(data)
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))


def expected_of(root: Path, rel: str) -> Expected:
    """What an action expects of the scanned file ``rel`` (a ``/`` path below ``root``): its identity, size, time
    and raw bytes' digest as they are now, as a scan records them."""
    info = os.stat(root / rel)
    return Expected(
        rel, info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, raw_digest((root / rel).read_bytes())
    )
