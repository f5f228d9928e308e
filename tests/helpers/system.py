"""Acting as an ordinary user, for tests where file permissions must really apply."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator


@contextlib.contextmanager
def unprivileged() -> Iterator[None]:
    """Root reads any file: as root, act as 'nobody' for the block so that file permissions really apply."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        yield
        return
    os.seteuid(65534)
    try:
        yield
    finally:
        os.seteuid(0)
