"""Running the command line in-process: ``main(argv)`` with pytest capturing its output.

Each command keeps one test that runs it as a real subprocess (``python -m simcompare``); the rest call
``main`` directly, which is many times faster. ``_no_leaks`` checks that a run leaves the process as it
found it, so that in-process runs cannot depend on one another.
"""

from __future__ import annotations

import gc
import io
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.cli import Run, RunCli

from simcompare.cli import main


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> RunCli:
    """``cli("compare", a, b)`` runs ``main`` in this process; ``stdin=`` gives bytes to read for '-'."""

    def run(*args: str, stdin: bytes | None = None) -> Run:
        capsys.readouterr()  # whatever the test printed before is not the command's
        if stdin is not None:
            monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
        code = main(list(args))
        captured = capsys.readouterr()
        return Run(code, captured.out, captured.err)

    return run


@pytest.fixture(autouse=True)
def _no_leaks() -> Iterator[None]:
    """A command run in-process must leave the environment, the working folder and the streams as they were."""
    environ, cwd = _environment(), os.getcwd()
    streams = sys.stdin, sys.stdout, sys.stderr
    yield
    assert _environment() == environ
    assert os.getcwd() == cwd
    assert (sys.stdin, sys.stdout, sys.stderr) == streams
    assert gc.isenabled()  # the window's launcher switches it off; no CLI command may


def _environment() -> dict[str, str]:
    # pytest itself names the current test and its phase in the environment
    return {name: value for name, value in os.environ.items() if name != "PYTEST_CURRENT_TEST"}


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The data folder (the action log, the not-duplicates list) in tmp_path, not the user's."""
    folder = tmp_path / "data"
    monkeypatch.setenv("XDG_DATA_HOME", str(folder))
    return folder
