"""One heap for the window's threads (``core.heap``): asked of glibc where it is the C library, and never when the
user set ``MALLOC_ARENA_MAX``. Each case runs in its own process: the setting is the process's."""

from __future__ import annotations

import os
import platform
import subprocess
import sys

import pytest

ASK = "from simcompare.core.heap import share_one_heap; print(share_one_heap())"
GLIBC = sys.platform.startswith("linux") and platform.libc_ver()[0] == "glibc"


def _asked(env: dict[str, str]) -> str:
    done = subprocess.run([sys.executable, "-c", ASK], env=env, capture_output=True, text=True, check=True)
    return done.stdout.strip()


def test_glibc_agrees_to_one_heap_and_other_systems_are_left_alone() -> None:
    env = {k: v for k, v in os.environ.items() if k != "MALLOC_ARENA_MAX"}
    assert _asked(env) == str(GLIBC)


def test_the_users_own_setting_is_left_alone() -> None:
    assert _asked({**os.environ, "MALLOC_ARENA_MAX": "4"}) == "False"


@pytest.mark.skipif(not GLIBC, reason="glibc's mallopt: other C libraries have no arenas to limit")
def test_threads_allocate_and_free_under_one_heap() -> None:
    """After the call, threads that allocate large blocks at once still work (one heap shared under its lock)."""
    code = (
        ASK
        + "\nimport threading\n"
        + "def work():\n    for _ in range(200):\n        blocks = [bytearray(200_000) for _ in range(20)]\n"
        + "        del blocks\n"
        + "threads = [threading.Thread(target=work) for _ in range(4)]\n"
        + "[t.start() for t in threads]; [t.join() for t in threads]; print('done')\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "MALLOC_ARENA_MAX"}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["True", "done"]
