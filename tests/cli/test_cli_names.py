"""A name that is not UTF-8 and one with ESC and BEL, followed through `scan`'s text, CSV and JSON: people see
``caf\\xe9.txt`` and ``\\x1b[31mred\\x07.txt``, programs read each back to its bytes, and no output carries a raw
control character (issue: control characters reached the terminal raw through `scan --csv`)."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.cli import RunCli
from helpers.names import CONTROL_NAME, LATIN1_BYTES, latin1_name, make_file
from helpers.texts import EN_A

from simcompare.core.formats.names import unescape_name

NAMES = {b"plain.txt", LATIN1_BYTES, CONTROL_NAME.encode()}
SCAN = ("scan", "--workers", "1", "--no-cache", "--segmenter", "words")


@pytest.fixture
def odd_folder(tmp_path: Path) -> Path:
    """Three copies of one text (one group): a plain name, one that is not UTF-8, one with ESC and BEL."""
    root = tmp_path / "docs"
    root.mkdir()
    for name in ("plain.txt", latin1_name(), CONTROL_NAME):
        make_file(root / name, EN_A)
    return root


def _scan_bytes(folder: Path, *options: str) -> bytes:
    """What `scan` writes to a real UTF-8 stdout, as bytes."""
    env = dict(os.environ, PYTHONIOENCODING="utf-8", LC_ALL="C.UTF-8")
    done = subprocess.run(
        [sys.executable, "-m", "simcompare", SCAN[0], str(folder), *SCAN[1:], *options],
        capture_output=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert b"Traceback" not in done.stderr
    return done.stdout


def test_csv_on_a_real_stdout_escapes_control_characters_and_reads_back(odd_folder: Path) -> None:
    out = _scan_bytes(odd_folder, "--csv")
    assert b"\x1b" not in out and b"\x07" not in out
    rows = list(csv.DictReader(io.StringIO(out.decode("utf-8"))))
    assert {row["path"] for row in rows} == {"plain.txt", "caf\\xe9.txt", "\\x1b[31mred\\x07.txt"}
    assert {os.fsencode(unescape_name(row["path"])) for row in rows} == NAMES


def test_text_shows_the_names_escaped(cli: RunCli, odd_folder: Path) -> None:
    done = cli(SCAN[0], str(odd_folder), *SCAN[1:])
    assert done.returncode == 0, done.stderr
    assert "\x1b" not in done.stdout and "\x07" not in done.stdout
    members = {line.rsplit("  ", 1)[-1] for line in done.stdout.splitlines() if line.startswith("  ")}
    assert members == {"plain.txt", "caf\\xe9.txt", "\\x1b[31mred\\x07.txt"}


def test_json_escapes_control_characters_and_reads_back(cli: RunCli, odd_folder: Path) -> None:
    done = cli(SCAN[0], str(odd_folder), *SCAN[1:], "--json")
    assert done.returncode == 0, done.stderr
    assert "\x1b" not in done.stdout and "\x07" not in done.stdout
    assert "\\u001b[31mred\\u0007.txt" in done.stdout and "caf\\udce9.txt" in done.stdout
    data = json.loads(done.stdout.encode("utf-8"))
    assert {os.fsencode(m["path"]) for g in data["groups"] for m in g["members"]} == NAMES
    assert {os.fsencode(g["reference"]) for g in data["groups"]} <= NAMES


def test_fingerprint_shows_both_names_escaped(cli: RunCli, odd_folder: Path) -> None:
    paths = [str(odd_folder / latin1_name()), str(odd_folder / CONTROL_NAME)]
    done = cli("fingerprint", *paths, "--segmenter", "words")
    assert done.returncode == 0, done.stderr
    assert "\x1b" not in done.stdout and "\x07" not in done.stdout
    shown = [line.split("\t")[0] for line in done.stdout.splitlines()]
    assert shown == [f"{odd_folder}/caf\\xe9.txt", f"{odd_folder}/\\x1b[31mred\\x07.txt"]
    done = cli("fingerprint", *paths, "--segmenter", "words", "--json")
    assert [os.fsencode(f["path"]) for f in json.loads(done.stdout)["files"]] == [os.fsencode(p) for p in paths]


def test_an_error_naming_a_path_escapes_its_control_characters(cli: RunCli, tmp_path: Path) -> None:
    missing = tmp_path / f"no {CONTROL_NAME}"
    done = cli("scan", str(missing), "--no-cache")
    assert done.returncode != 0
    assert "\x1b" not in done.stderr and "\x07" not in done.stderr
    assert done.stderr.startswith(f"simcompare: {tmp_path}/no \\x1b[31mred\\x07.txt") and done.stderr.count("\n") == 1
