"""The options every command shares: their defaults are the core's (simcompare.core.defaults), k is the Decision's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers.cli import RunCli
from helpers.texts import ZH_A

from simcompare.cli import build_parser
from simcompare.cli.options import UsageError, config_from, decision_from
from simcompare.core import defaults
from simcompare.core.fingerprint.simhash import Config
from simcompare.core.search.verify import Decision

COMMANDS = [["fingerprint", "a.txt"], ["compare", "a.txt", "b.txt"], ["scan", "folder"], ["spark", "in", "--out", "o"]]


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda argv: argv[0])
def test_no_options_give_the_cores_defaults(argv: list[str]) -> None:
    args = build_parser().parse_args(argv)
    config = config_from(args)
    assert config == Config()
    assert decision_from(args, config) == Decision.for_bits(defaults.DEFAULT_BITS)


def test_k_defaults_by_width_and_is_checked_against_it() -> None:
    args = build_parser().parse_args(["compare", "a", "b", "--bits", "16", "--min-verified", "0.2"])
    assert decision_from(args, config_from(args)) == Decision(defaults.default_k(16), 0.2)
    args = build_parser().parse_args(["compare", "a", "b", "--bits", "16", "-k", "16"])
    with pytest.raises(UsageError, match="between 0 and bits - 1 = 15, got 16"):
        decision_from(args, config_from(args))


def test_the_help_names_the_defaults_of_the_one_place(cli: RunCli) -> None:
    result = cli("compare", "--help")
    assert result.returncode == 0
    text = " ".join(result.stdout.split())
    assert f"(default {defaults.DEFAULT_BITS})" in text
    assert f"(default {defaults.DEFAULT_WEIGHTING})" in text
    assert f"(default {defaults.DEFAULT_TOP_K}; 0 keeps all)" in text
    assert f"{defaults.DEFAULT_K64} at 64 bits" in text
    assert f"(default {defaults.DEFAULT_MIN_RESEMBLANCE};" in text


def test_fingerprint_json_keeps_k_in_its_settings(cli: RunCli, tmp_path: Path) -> None:
    """k decides no fingerprint, but the JSON's settings block keeps its fields for those who read it."""
    path = tmp_path / "a.txt"
    path.write_text(ZH_A, encoding="utf-8")
    result = cli("fingerprint", str(path), "--json", "--bits", "32", "-k", "5")
    assert result.returncode == 0
    settings = json.loads(result.stdout)["settings"]
    assert settings == {**Config(bits=32).describe(), "k": 5}
    assert set(settings) == {
        "bits",
        "hasher",
        "weighting",
        "top_k",
        "segmenter",
        "ngram",
        "stopwords",
        "html",
        "k",
        "fold_chinese",
    }
    assert cli("fingerprint", str(path), "--bits", "32", "-k", "32").returncode == 2
