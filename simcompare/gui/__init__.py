"""The Qt window. Only this package (and tests/gui) may import PySide6."""

from __future__ import annotations

import sys


def _guard_none_refcount() -> bool:
    """Work around PySide6/shiboken6 6.12 on CPython before 3.12: every Qt call that returns nothing
    drops one reference to ``None`` (the generated code assumes ``None`` is immortal, as it is from
    Python 3.12 on). A window makes thousands of such calls per second, and the interpreter aborts with
    "none_dealloc" once the count reaches zero. Giving ``None`` a vast number of references makes it
    effectively immortal, which is exactly what Python 3.12 does. Returns True when the guard was applied.
    """
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return False
    try:
        from importlib.metadata import PackageNotFoundError, version

        release = version("shiboken6")
    except (ImportError, PackageNotFoundError):
        return False
    if not release.startswith("6.12."):
        return False
    import ctypes

    ctypes.c_ssize_t.from_address(id(None)).value += 1 << 48
    return True


NONE_GUARD = _guard_none_refcount()
