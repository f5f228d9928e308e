"""A command whose output cannot be written (a full disk, a quota) ends with one line saying so and exit 1, not a
traceback; the results asked for with --save-results are saved all the same; other errors stay themselves."""

from __future__ import annotations

import errno
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.texts import EN_A, EN_B, OTHER, ZH_A, ZH_B, written

from simcompare.cli import main
from simcompare.cli.options import EXIT_INPUT
from simcompare.cli.output import Output, OutputError

TEXTS = {"zh_a.txt": ZH_A, "sub/zh_b.txt": ZH_B, "en_a.txt": EN_A, "en_a copy.txt": EN_A + " More.", "en_b.md": EN_B}
TEXTS["other.txt"] = OTHER


class _FullAfter(io.StringIO):
    """A standard output on a disk that fills after ``limit`` characters."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def write(self, text: str) -> int:
        if self.tell() + len(text) > self.limit:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return super().write(text)


@pytest.mark.parametrize("report", [["--json"], ["--csv"], [], ["--pairs", "--json"]])
def test_a_full_output_says_so_in_one_line_and_the_results_are_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, report: list[str]
) -> None:
    folder = written(tmp_path / "docs", TEXTS)
    saved = tmp_path / "R.json"
    said = io.StringIO()
    monkeypatch.setattr(sys, "stdout", _FullAfter(40))
    monkeypatch.setattr(sys, "stderr", said)
    code = main(["scan", str(folder), *report, "--save-results", str(saved), "--no-cache", "--workers", "1"])
    err = said.getvalue()
    assert code == EXIT_INPUT
    assert f"simcompare: could not write the output: {os.strerror(errno.ENOSPC)}" in err
    assert saved.exists()


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")
def test_a_report_to_dev_full_ends_without_a_traceback(tmp_path: Path) -> None:
    folder = written(tmp_path / "docs", TEXTS)
    with open("/dev/full", "w", encoding="utf-8") as full:
        run = subprocess.run(
            [sys.executable, "-m", "simcompare", "scan", str(folder), "--json", "--no-cache", "--workers", "1"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=240,
        )
    assert run.returncode == EXIT_INPUT
    assert "Traceback" not in run.stderr
    assert run.stderr.strip().splitlines()[-1].startswith("simcompare: could not write the output:")


def test_the_output_passes_everything_else_through_and_keeps_a_closed_pipe_itself() -> None:
    class _Closed(io.StringIO):
        def write(self, text: str) -> int:
            raise BrokenPipeError(errno.EPIPE, "Broken pipe")

    kept = io.StringIO()
    out = Output(kept)
    out.write("a")
    assert kept.getvalue() == "a" and out.getvalue() == "a"  # type: ignore[attr-defined]
    with pytest.raises(BrokenPipeError):
        Output(_Closed()).write("a")
    with pytest.raises(OutputError):
        Output(_FullAfter(0)).write("a")
