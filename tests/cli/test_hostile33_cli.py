"""Attacks on `scan --json` streamed a piece at a time (``_write``): a reader that goes away mid-stream."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from helpers.texts import EN_A, EN_B, OTHER, ZH_A, ZH_B, written

from simcompare.cli import main

TEXTS = {"zh_a.txt": ZH_A, "sub/zh_b.txt": ZH_B, "en_a.txt": EN_A, "en_b.md": EN_B, "other.txt": OTHER}


class _BrokenAfter(io.StringIO):
    """A standard output whose reader goes away (`| head -c 100`) after ``limit`` characters."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit
        self.broken = False

    def write(self, text: str) -> int:
        if self.broken or self.tell() + len(text) > self.limit:
            self.broken = True
            raise BrokenPipeError(32, "Broken pipe")
        return super().write(text)

    def flush(self) -> None:
        if self.broken:
            raise BrokenPipeError(32, "Broken pipe")


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    root = written(tmp_path / "docs", TEXTS)
    for copy in range(3):
        (root / f"en_a copy {copy}.txt").write_text(EN_A + f" Copy {copy}.", encoding="utf-8")
    return root


@pytest.mark.parametrize("report", [["--json"], ["--pairs", "--json"], []])
def test_a_reader_gone_mid_report_still_gets_the_results_saved(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, report: list[str]
) -> None:
    """FINDING (older than the change, as likely with the streamed report): `scan --json --save-results R.json |
    head -c 100` exits 0 without writing R.json. The report is written before the results are saved, and the
    BrokenPipeError of the reader gone ends the command (a quiet exit 0, as for any `| head`) before the save, so
    the file asked for is silently not there. A reader that stops reading stdout is no reason not to save."""
    saved = tmp_path / "R.json"
    out = _BrokenAfter(100)
    monkeypatch.setattr(sys, "stdout", out)
    args = ["scan", str(folder), *report, "--save-results", str(saved), "--no-cache", "--workers", "1"]
    code = main(args)
    assert out.broken  # the reader went away mid-report
    assert code == 0
    assert saved.exists(), "--save-results asked for a file, and the scan succeeded: it must be written"


def test_an_interrupt_mid_report_says_so_and_fails(
    folder: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """HOLDS (a change of behaviour to know): Ctrl-C while the report is streamed leaves the JSON written so far on
    stdout (the whole text was built before anything was written), but the command says it was interrupted and
    exits 130, so no caller takes the cut document for a report."""
    from simcompare.cli import scan as scan_cli

    real = scan_cli.report_pieces

    def interrupted(*args: object, **kwargs: object) -> object:
        pieces = real(*args, **kwargs)  # type: ignore[arg-type]
        yield next(pieces)
        raise KeyboardInterrupt

    monkeypatch.setattr(scan_cli, "report_pieces", interrupted)
    code = main(["scan", str(folder), "--json", "--no-cache", "--workers", "1"])
    captured = capsys.readouterr()
    assert code == 130
    assert "interrupted" in captured.err
    assert captured.out == "{"  # cut: not JSON
