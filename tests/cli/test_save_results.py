"""`simcompare scan DIR --save-results R.json` writes the file the window's File → Save results writes, which the
window's loader opens (so `simcompare --results R.json` shows a command-line scan)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers.cli import RunCli
from helpers.texts import EN_A, EN_B, OTHER, ZH_A, ZH_B, written

from simcompare.core.defaults import default_k
from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder.reprioritise import DEFAULT_REFERENCE_RULE, reprioritise
from simcompare.core.folder.scan import ScanOptions, scan
from simcompare.core.folder.session import FolderSession
from simcompare.core.formats.results import load_results, read_results, results_text
from simcompare.core.search.groups import GroupRule

TEXTS = {"zh_a.txt": ZH_A, "sub/zh_b.txt": ZH_B, "en_a.txt": EN_A, "en_b.md": EN_B, "other.txt": OTHER}


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return written(tmp_path / "docs", TEXTS)


def test_saved_results_are_the_windows_file_and_reopen(cli: RunCli, folder: Path, tmp_path: Path) -> None:
    saved = tmp_path / "R.json"
    run = cli("scan", str(folder), "--save-results", str(saved), "--no-cache", "--workers", "1")
    assert run.returncode == 0, run.stderr
    assert "group 1:" in run.stdout  # the usual output is still printed
    # what the window writes for the same scan (it saves with the reference rule, at its k, each group's reference
    # chosen by the default reference rule)
    k = default_k(64)
    session = FolderSession(scan(folder, Config(), ScanOptions(workers=1)))
    groups = reprioritise(session, session.groups(k), DEFAULT_REFERENCE_RULE, k).groups
    assert saved.read_text(encoding="utf-8") == results_text(session, groups, k, GroupRule.REFERENCE)
    loaded = load_results(json.loads(saved.read_text(encoding="utf-8")))  # the window's loader
    assert loaded.result.files == session.files and loaded.k == k and loaded.rule is GroupRule.REFERENCE
    assert loaded.changed == () and loaded.gone == () and loaded.result.root == str(folder)
    reopened = FolderSession(loaded.result, min_resemblance=loaded.min_verified)
    assert [g.indices for g in reopened.groups(k)] == [g.indices for g in session.groups(k)]
    assert read_results(saved).result.files == session.files


def test_saved_results_keep_the_command_lines_k_and_grouping(cli: RunCli, folder: Path, tmp_path: Path) -> None:
    saved = tmp_path / "R.json"
    args = ("scan", str(folder), "--save-results", str(saved), "--no-cache", "--workers", "1", "-k", "5")
    run = cli(*args, "--groups", "components", "--json")
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    data = json.loads(saved.read_text(encoding="utf-8"))
    saved_only = ("records", "boilerplate")  # the --json report, plus records and the folder's boilerplate
    assert {key: value for key, value in data.items() if key not in saved_only} == report
    assert set(data) - set(report) == set(saved_only)
    loaded = load_results(data)
    assert loaded.k == 5 and loaded.rule is GroupRule.COMPONENTS


@pytest.mark.parametrize(
    ("where", "words"),
    [("missing/R.json", "does not exist"), (".", "is a folder"), ("", "needs a file path")],
)
def test_a_path_the_results_cannot_go_to_is_a_usage_error_before_the_scan(
    cli: RunCli, folder: Path, tmp_path: Path, where: str, words: str
) -> None:
    target = str(tmp_path / where) if where else ""
    run = cli("scan", str(folder), "--save-results", target, "--no-cache", "--workers", "1")
    assert run.returncode == 2 and words in run.stderr and run.stdout == ""
