"""One heap for all of a process's threads, where the C library is glibc (Linux).

glibc's ``malloc`` gives each thread that allocates at the same time as another a heap of its own (an "arena", up
to eight a core), and what one thread frees stays in its arena for that arena's threads. The window reads and
groups saved results on its workers' threads, one after the other: each new worker thread could start a heap of
its own beside the memory the last one freed. Python's own threads take turns (the interpreter's lock), so a
heap a thread buys nothing here. Opening a million files' results offscreen, one heap: peak 2,097 → 2,068 MB,
2,097 → 2,032 MB once open (docs/performance.md).

``MALLOC_ARENA_MAX`` in the environment, or ``glibc.malloc.arena_max`` in ``GLIBC_TUNABLES`` (the way glibc
documents now), is the user's choice and is left alone; so are other systems (macOS, Windows, musl), whose
allocators do not work this way.
"""

from __future__ import annotations

import ctypes
import os
import platform
import sys

__all__ = ["share_one_heap"]

_M_ARENA_MAX = -8  # glibc's malloc.h: the most arenas malloc makes


def share_one_heap() -> bool:
    """Ask glibc's ``malloc`` to make no heap but its first one, for threads that start from now on (``mallopt``);
    True when it agreed. Nothing is asked when the user chose the number of arenas (``MALLOC_ARENA_MAX``, or
    ``glibc.malloc.arena_max`` in ``GLIBC_TUNABLES``), or where the C library is not glibc."""
    if "MALLOC_ARENA_MAX" in os.environ or not sys.platform.startswith("linux"):
        return False
    tunables = os.environ.get("GLIBC_TUNABLES", "")  # name=value pairs, each after a colon
    if any(pair.partition("=")[0] == "glibc.malloc.arena_max" for pair in tunables.split(":")):
        return False
    if platform.libc_ver()[0] != "glibc":
        return False
    try:
        mallopt = ctypes.CDLL(None).mallopt  # the process's own C library
    except (OSError, AttributeError):
        return False
    mallopt.argtypes, mallopt.restype = (ctypes.c_int, ctypes.c_int), ctypes.c_int
    return mallopt(_M_ARENA_MAX, 1) == 1
