"""An output whose encoding cannot hold a name (a file redirected on a Windows code page; here
``PYTHONIOENCODING=ascii``) writes each character it cannot hold as ``\\uNNNN``: the text output is readable, the
JSON reads back to the names, the CSV too (``unescape_name``). Before, the first such name ended the command with a
traceback."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.names import make_file

from simcompare.core.formats.names import unescape_name

NAMES = ["中文.txt", "café.txt", "smile😀.txt", "plain.txt"]
TEXT = "the same few words in each of these files, written once and copied\n"


def _scan(folder: Path, *report: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    return subprocess.run(
        [sys.executable, "-m", "simcompare", "scan", str(folder), "--no-cache", "--workers", "1", *report],
        capture_output=True,
        text=True,
        encoding="ascii",
        env=env,
        timeout=240,
    )


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("ascii")
    for name in NAMES:
        make_file(root / name, TEXT)
    return root


def test_the_text_output_escapes_what_the_output_cannot_hold(folder: Path) -> None:
    run = _scan(folder)
    assert run.returncode == 0, run.stderr
    assert "\\u4e2d\\u6587.txt" in run.stdout and "caf\\u00e9.txt" in run.stdout
    assert "smile\\ud83d\\ude00.txt" in run.stdout


def test_the_json_reads_back_to_the_names(folder: Path) -> None:
    run = _scan(folder, "--json")
    assert run.returncode == 0, run.stderr
    members = {m["path"] for g in json.loads(run.stdout)["groups"] for m in g["members"]}
    assert members == set(NAMES)


def test_the_csv_reads_back_to_the_names(folder: Path) -> None:
    run = _scan(folder, "--csv")
    assert run.returncode == 0, run.stderr
    rows = list(csv.DictReader(io.StringIO(run.stdout)))
    # a character beyond U+FFFF is written as JSON writes it, a UTF-16 pair, which unescape_name reads as the character
    assert "\\ud83d\\ude00" in run.stdout
    assert {unescape_name(row["path"]) for row in rows} == set(NAMES)
