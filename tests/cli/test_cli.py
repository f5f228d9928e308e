"""`simcompare fingerprint` and `compare` on real files: in-process, and once each as a real subprocess."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers.cli import RunCli, run_subprocess
from helpers.texts import ZH_A, ZH_B

import simcompare


@pytest.fixture
def two_files(tmp_path: Path) -> tuple[Path, Path]:
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text(ZH_A, encoding="utf-8")
    b.write_text(ZH_B, encoding="gbk")
    return a, b


def test_fingerprint_lines_match_library(two_files: tuple[Path, Path]) -> None:
    """The subprocess smoke test of `fingerprint`."""
    a, b = two_files
    result = run_subprocess("fingerprint", str(a), str(b))
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert len(lines) == 2
    for line, text in zip(lines, (ZH_A, ZH_B), strict=True):
        _path, binary, hex_ = line.split("\t")
        expected = simcompare.fingerprint(text)
        assert (binary, hex_) == (expected.binary, expected.hex)


def test_fingerprint_json_has_every_number(cli: RunCli, two_files: tuple[Path, Path]) -> None:
    a, _ = two_files
    result = cli("fingerprint", str(a), "--json", "--bits", "32", "--weighting", "tfidf")
    assert result.returncode == 0
    data = json.loads(result.stdout)
    record = data["files"][0]
    expected = simcompare.fingerprint(ZH_A, simcompare.Config(bits=32, weighting="tfidf"))
    assert data["settings"]["bits"] == 32 and data["settings"]["weighting"] == "tfidf"
    assert record["binary"] == expected.binary
    assert record["sums"] == pytest.approx(list(expected.sums))
    assert [t["token"] for t in record["tokens"]] == [t.token for t in expected.tokens]
    assert [t["code"] for t in record["tokens"]] == [expected.code_binary(t) for t in expected.tokens]


def test_compare_prints_trace_and_matches_library(cli: RunCli, two_files: tuple[Path, Path]) -> None:
    a, b = two_files
    config = simcompare.Config(bits=16)
    fa, fb = simcompare.fingerprint(ZH_A, config), simcompare.fingerprint(ZH_B, config)
    text = cli("compare", str(a), str(b), "--bits", "16")
    assert text.returncode == 0
    for token in fa.tokens:
        assert token.token in text.stdout
    assert fa.binary in text.stdout and fb.binary in text.stdout
    assert f"distance {simcompare.hamming(fa, fb)} of 16 bits" in text.stdout
    assert "per-bit sums" in text.stdout

    data = json.loads(cli("compare", str(a), str(b), "--bits", "16", "--json").stdout)
    assert data["a"]["sums"] == pytest.approx(list(fa.sums))
    assert data["b"]["binary"] == fb.binary
    assert data["b"]["encoding"] == "utf-8" or data["b"]["encoding"].startswith("gb")
    assert data["distance"] == simcompare.hamming(fa, fb)
    assert data["differing_bits"] == [j for j in range(16) if fa.binary[j] != fb.binary[j]]
    assert data["near_duplicate"] == (data["distance"] <= data["k"])
    assert set(data["yardsticks"]) == {"cosine", "jaccard", "edit_similarity", "predicted_hamming"}


def test_compare_reads_standard_input(two_files: tuple[Path, Path]) -> None:
    """The subprocess smoke test of `compare`: standard input through a real pipe."""
    a, _ = two_files
    data = json.loads(run_subprocess("compare", str(a), "-", "--json", stdin=ZH_B.encode()).stdout)
    assert data["b"]["binary"] == simcompare.fingerprint(ZH_B).binary


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (None, "does not exist"),
        (b"\x00\x01\x02binary\x00\xff" * 50, "binary"),
    ],
)
def test_unreadable_input_exits_1_with_one_line(
    cli: RunCli, tmp_path: Path, content: bytes | None, reason: str
) -> None:
    path = tmp_path / "input.txt"
    if content is not None:
        path.write_bytes(content)
    result = cli("fingerprint", str(path))
    assert result.returncode == 1
    assert result.stderr.strip().count("\n") == 0
    assert str(path) in result.stderr and reason in result.stderr


@pytest.mark.parametrize("text", ["", "   \n\t ", "的 了 the and of, 。"])
def test_featureless_text_is_flagged_empty(cli: RunCli, tmp_path: Path, text: str) -> None:
    path = tmp_path / "empty.txt"
    path.write_text(text, encoding="utf-8")
    result = cli("fingerprint", str(path), "--json")
    assert result.returncode == 0
    record = json.loads(result.stdout)["files"][0]
    assert record["empty"] is True and record["binary"] == "0" * 64
    assert set(record["sums"]) == {0.0}


@pytest.mark.parametrize(
    "args",
    [
        ["fingerprint"],
        ["fingerprint", "x.txt", "--bits", "300"],
        ["fingerprint", "x.txt", "--weighting", "nonsense"],
        ["compare", "only-one"],
        ["fingerprint", "x.txt", "-k", "99"],
    ],
)
def test_bad_usage_exits_2(cli: RunCli, args: list[str]) -> None:
    result = cli(*args)
    assert result.returncode == 2
    assert result.stderr.strip()


def test_the_dash_hint_comes_only_when_an_argument_looks_like_an_option(cli: RunCli) -> None:
    """A file named "-x.txt" reads as an option: the hint says how to write it. A file simply not given gets
    no such hint."""
    missing = cli("compare", "only-one")
    assert missing.stderr.strip() == "simcompare: the following arguments are required: B"
    dashed = cli("compare", "-nofile.txt", "b.txt")
    assert "is written ./-name, or after --" in dashed.stderr and dashed.returncode == 2


def test_width_error_names_hashers_that_reach_it(cli: RunCli, tmp_path: Path) -> None:
    path = tmp_path / "x.txt"
    path.write_text("hello world", encoding="utf-8")
    result = cli("fingerprint", str(path), "--bits", "300")
    assert "blake2b" in result.stderr


def test_fingerprint_reads_standard_input(cli: RunCli) -> None:
    result = cli("fingerprint", "-", stdin=ZH_B.encode("gbk"))
    assert result.returncode == 0
    expected = simcompare.fingerprint(ZH_B)
    assert result.stdout == f"-\t{expected.binary}\t{expected.hex}\n"


@pytest.mark.parametrize(("text_a", "text_b"), [("", ""), ("", ZH_A), (ZH_B, "的 了 the and of")])
def test_compare_makes_no_similarity_claim_without_features(
    cli: RunCli, tmp_path: Path, text_a: str, text_b: str
) -> None:
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text(text_a, encoding="utf-8")
    b.write_text(text_b, encoding="utf-8")
    data = json.loads(cli("compare", str(a), str(b), "--json").stdout)
    assert data["similarity"] is None
    assert data["yardsticks"] is None
    assert data["near_duplicate"] is False
    assert data["a"]["empty"] == (text_a == "")
    assert data["b"]["empty"] == (text_b != ZH_A)
    text = cli("compare", str(a), str(b))
    assert text.returncode == 0
    assert "no features" in text.stdout
    assert "similarity 1.0" not in text.stdout and "of 64 bits" not in text.stdout


def test_compare_gives_a_tiny_pair_its_own_reason(cli: RunCli, tmp_path: Path) -> None:
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text("apple banana cherry date elder", encoding="utf-8")
    b.write_text("apple banana cherry date elder fig", encoding="utf-8")  # 4 of 5 word pairs shared, 9 bits apart
    comparison = simcompare.compare_texts(a.read_text(), b.read_text())
    assert comparison.close and comparison.resemblance == 0.8 and comparison.too_few_shingles
    text = cli("compare", str(a), str(b)).stdout
    assert "not near-duplicates" in text
    assert "a text has only 4 distinct word pairs" in text and "at least 10" in text
    assert "only 80% of the word pairs" not in text
