"""Counts agree with their nouns on the command line (issue 26): "1 group", "1 file could not be used"."""

from __future__ import annotations

from pathlib import Path

from helpers.cli import RunCli
from helpers.texts import EN_A

from simcompare.cli.words import count


def test_count_agrees() -> None:
    assert [count(n, "group") for n in (0, 1, 2)] == ["0 groups", "1 group", "2 groups"]
    assert count(1, "file has", "files have") == "1 file has"
    assert count(3, "file has", "files have") == "3 files have"
    assert count(1234, "token", thousands=True) == "1,234 tokens"


def test_scan_says_one_file_and_one_group(cli: RunCli, tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text(EN_A, encoding="utf-8")
    (tmp_path / "b.txt").write_text(EN_A, encoding="utf-8")
    (tmp_path / "c.txt").write_bytes(b"\x00\x01binary\x00" * 10)
    (tmp_path / "d.txt").write_text("the of and", encoding="utf-8")
    result = cli("scan", str(tmp_path), "--no-cache", "--workers", "1", "--segmenter", "words")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("group 1: 2 files,")
    assert "1 file could not be used:" in lines
    assert "1 file has no text to compare:" in lines
    assert lines[-1].startswith("3 files, 1 group of near-duplicates within")
    csv = cli("scan", str(tmp_path), "--no-cache", "--workers", "1", "--segmenter", "words", "--csv")
    assert csv.stderr == "simcompare: 1 file could not be used (see --json)\n"
    for name in ("b.txt", "c.txt", "d.txt"):
        (tmp_path / name).unlink()
    alone = cli("scan", str(tmp_path), "--no-cache", "--workers", "1", "--segmenter", "words")
    assert alone.stdout.splitlines()[-1].startswith("1 file, 0 groups of near-duplicates within")


def test_fingerprint_of_one_token_says_token(cli: RunCli, tmp_path: Path) -> None:
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text("river", encoding="utf-8")
    b.write_text("river mill", encoding="utf-8")
    result = cli("compare", str(a), str(b), "--segmenter", "words")
    assert result.returncode == 0, result.stderr
    assert "  1 distinct token" in result.stdout.splitlines()
    assert "note: A has only 1 distinct token: its fingerprint is fragile" in result.stdout
