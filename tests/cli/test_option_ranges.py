"""Every numeric option has a range, checked by the parser: a value outside it is a one-line usage error
(exit 2) that names the option and the range, never an overflow or a crash further on (issue 26)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.cli import RunCli

from simcompare.cli.options import MAX_FILE_MB
from simcompare.core.folder.scan import MAX_WORKERS

# (the command's arguments before the option, the option and its bad value, what the message must hold)
SCAN = ["scan", "folder", "--no-cache"]
CASES = [
    (SCAN, ["--max-size", "1e308"], ["--max-size", f"0 to {MAX_FILE_MB:,}"]),
    (SCAN, ["--max-size", "-0.5"], ["--max-size", f"0 to {MAX_FILE_MB:,}"]),
    (SCAN, ["--max-size", "nan"], ["--max-size"]),
    (SCAN, ["--workers", "2147483648"], ["--workers", f"1 to {MAX_WORKERS}"]),
    (SCAN, ["--workers", "0"], ["--workers", f"1 to {MAX_WORKERS}"]),
    (SCAN, ["--workers", "9" * 5000], ["--workers", f"1 to {MAX_WORKERS}"]),
    (SCAN, ["--bits", "513"], ["--bits", "1 to 512"]),
    (SCAN, ["--bits", "1e3"], ["--bits", "1 to 512"]),
    (SCAN, ["-k", str(10**20)], ["-k", "0 to 511"]),
    (SCAN, ["--top-k", "-1"], ["--top-k", "0 to 10,000,000"]),
    (SCAN, ["--top-k", str(2**70)], ["--top-k", "0 to 10,000,000"]),
    (SCAN, ["--ngram", "0"], ["--ngram", "1 to 64"]),
    (SCAN, ["--min-verified", "1.5"], ["--min-verified", "0 to 1"]),
    (["fingerprint", "a.txt"], ["--bits", "100000"], ["--bits", "1 to 512"]),
    (["compare", "a.txt", "b.txt"], ["--top-k", "1" + "0" * 30], ["--top-k"]),
    (["spark", "in", "--out", "out"], ["--hot-key-rows", "0"], ["--hot-key-rows", "1 to 2,147,483,647"]),
    (["spark", "in", "--out", "out"], ["--hot-key-rows", str(2**31)], ["--hot-key-rows"]),
    (["spark", "in", "--out", "out"], ["--blocks", "100000"], ["--blocks", "1 to 512"]),
    ([], ["--size", "16777215x10"], ["--size", "16384"]),
    ([], ["--size", "20000x20000"], ["--size", "7680x4320"]),
    ([], ["--size", "16384x16384"], ["--size", "33,177,600 pixels"]),
]


@pytest.mark.parametrize("before, bad, said", CASES, ids=lambda value: " ".join(value))
def test_a_value_out_of_range_is_one_line_naming_the_option_and_range(
    cli: RunCli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, before: list[str], bad: list[str], said: list[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    # --screenshot too: the window's size is checked before any window (or Qt) exists
    extra = ["--screenshot", str(tmp_path / "out.png")] if bad[0] == "--size" else []
    result = cli(*extra, *before, *bad)
    assert result.returncode == 2, result
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("simcompare: argument "), result.stderr
    for words in said:
        assert words in result.stderr
    assert not (tmp_path / "out.png").exists()


@pytest.mark.parametrize(
    "good",
    [["--max-size", "1024"], ["--max-size", "0.5"], ["--workers", str(MAX_WORKERS)], ["--top-k", "0"], ["-k", "0"]],
    ids=" ".join,
)
def test_values_at_the_ends_of_a_range_are_taken(cli: RunCli, tmp_path: Path, good: list[str]) -> None:
    (tmp_path / "a.txt").write_text("one two three", encoding="utf-8")
    result = cli("scan", str(tmp_path), "--no-cache", "--segmenter", "words", "--workers", "1", *good)
    assert result.returncode == 0, result.stderr
