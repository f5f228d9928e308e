"""Hostile round 35 on the command line's cleaner: a signal while the lines of what was done are printed. Each test
failed before its fix."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers.cli import RunCli
from helpers.texts import EN_A

from simcompare.cli import clean

SCAN = ("--no-cache", "--workers", "1")
ACT = ("--reference-rule", "shortest-path", "--mark", "all-but-reference")


@pytest.fixture
def copies(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    root = tmp_path / "docs"
    root.mkdir()
    (root / "a.txt").write_text(EN_A, encoding="utf-8")
    for n in range(1, 6):
        (root / f"copy{n}.txt").write_text(EN_A, encoding="utf-8")
    return root


def _moved_lines(stdout: str) -> set[str]:
    return {line.split()[3] for line in stdout.splitlines() if line.startswith("moved  ")}


def test_ctrl_c_while_the_report_is_printed_still_names_every_file_moved(
    cli: RunCli, copies: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """FINDING: Ctrl-C (pressed twice, or late) after the last file was moved but while the lines saying so were
    printed cut the listing short: five files moved, one line, 'interrupted'. The signals stop the action between
    files; until every line is out, they must not cut the report either."""
    original: Callable[..., str] = clean._group
    calls: list[int] = []

    def grouping(*args: object) -> str:  # called for each line of the report, after every file was acted on
        calls.append(1)
        if len(calls) == 2:
            signal.raise_signal(signal.SIGINT)
        return original(*args)

    monkeypatch.setattr(clean, "_group", grouping)
    away = tmp_path / "away"
    run = cli("scan", str(copies), *SCAN, *ACT, "--move-to", str(away), "--yes")
    moved = {p.name for p in away.iterdir()}
    assert moved == {f"copy{n}.txt" for n in range(1, 6)}
    assert _moved_lines(run.stdout) == moved, run.stdout + run.stderr
    assert "5 files moved, 0 files left alone" in run.stdout
    assert run.returncode == 0, run.stderr


def test_sigterm_while_the_report_is_printed_still_names_every_file_moved(copies: Path, tmp_path: Path) -> None:
    """FINDING: the same with SIGTERM in a real process: it killed the process with the report half printed."""
    script = textwrap.dedent(
        """
        import signal, sys
        from simcompare.cli import clean, main
        original, calls = clean._group, []
        def grouping(*args):
            calls.append(1)
            if len(calls) == 2:
                signal.raise_signal(signal.SIGTERM)
            return original(*args)
        clean._group = grouping
        sys.exit(main(sys.argv[1:]))
        """
    )
    away = tmp_path / "away"
    done = subprocess.run(
        [sys.executable, "-c", script, "scan", str(copies), *SCAN, *ACT, "--move-to", str(away), "--yes"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=os.environ.copy(),
    )
    moved = {p.name for p in away.iterdir()}
    assert len(moved) == 5
    assert _moved_lines(done.stdout) == moved, (done.returncode, done.stdout, done.stderr)
    assert done.returncode == 0, done.stderr
    assert "stopping after the file being acted on" not in done.stderr  # every file was acted on: none is said
