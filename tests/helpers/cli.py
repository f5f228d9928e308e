"""Running the command line in tests: what a run returned, and a run as a real subprocess."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Run:
    """What one command line run returned and printed."""

    returncode: int
    stdout: str
    stderr: str


RunCli = Callable[..., Run]


def run_subprocess(*args: str, stdin: bytes | None = None) -> Run:
    """The command as a user runs it, in a process of its own."""
    result = subprocess.run(
        [sys.executable, "-m", "simcompare", *args], input=stdin, capture_output=True, timeout=120, check=False
    )
    stderr = result.stderr.decode("utf-8")
    assert "Traceback" not in stderr, stderr
    return Run(result.returncode, result.stdout.decode("utf-8"), stderr)
