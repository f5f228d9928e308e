"""Clear answers from the command line (issue 10): bad values are one-line usage errors, the cache never
touches a user's file, any file name prints, Ctrl-C keeps the partial result, a closed stdout is quiet."""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.cli import RunCli
from helpers.texts import EN_A, EN_B, ZH_A

from simcompare.core.formats.names import unescape_name

LATIN1_NAME = os.fsdecode(b"caf\xe9.txt")
NEWLINE_NAME = "two\nlines.txt"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    root = tmp_path / "docs"
    root.mkdir()
    (root / "a.txt").write_text(EN_A, encoding="utf-8")
    (root / "b.txt").write_text(EN_B, encoding="utf-8")
    (root / "zh.txt").write_text(ZH_A, encoding="utf-8")
    return root


def _one_line_usage_error(result) -> None:  # type: ignore[no-untyped-def]
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("simcompare: "), result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    "bad",
    [
        ["-k", "64"],
        ["-k", "-1"],
        ["--bits", "8", "-k", "8"],
        ["--workers", "0"],
        ["--workers", "-3"],
        ["--max-size", "-1"],
        ["--max-size", "nan"],
        ["--max-size", "inf"],
        ["--cache", ""],
        ["--workers", "two"],
        ["--bits", "0"],
    ],
    ids=lambda bad: " ".join(bad) or "empty",
)
def test_bad_option_values_are_one_line_usage_errors(cli: RunCli, folder: Path, bad: list[str]) -> None:
    _one_line_usage_error(cli("scan", str(folder), "--no-cache", *bad))


@pytest.mark.parametrize("kind", ["notes", "empty", "folder", "device", "under-a-file"])
def test_cache_path_that_is_not_a_cache_is_refused_untouched(
    cli: RunCli, folder: Path, tmp_path: Path, kind: str
) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes", encoding="utf-8")
    empty = tmp_path / "empty.db"
    empty.write_bytes(b"")
    path = {
        "notes": notes,
        "empty": empty,
        "folder": tmp_path,
        "device": Path("/dev/null"),
        "under-a-file": notes / "cache.sqlite3",
    }[kind]
    before = sorted(p.name for p in tmp_path.iterdir())
    result = cli("scan", str(folder), "--cache", str(path), "--workers", "1")
    _one_line_usage_error(result)
    assert "not a simcompare cache" in result.stderr
    assert notes.read_text(encoding="utf-8") == "my notes" and empty.read_bytes() == b""
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_cache_warning_is_one_line_and_the_scan_runs(cli: RunCli, folder: Path, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    cache_home = tmp_path / "xdg"
    cache_home.mkdir()
    (cache_home / "simcompare").write_text("a file where the cache folder should be", encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache_home))
    result = cli("scan", str(folder), "--workers", "1", "--json", "--segmenter", "words")
    assert result.returncode == 0
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("simcompare: warning: "), result.stderr
    assert json.loads(result.stdout)["files"] == 3


# ------------------------------------------------------------------------------ any file name


def _run(*args: str, **kwargs) -> subprocess.CompletedProcess:  # type: ignore[no-untyped-def]
    env = dict(os.environ, PYTHONIOENCODING="utf-8", LC_ALL="C.UTF-8")
    return subprocess.run(
        [sys.executable, "-m", "simcompare", *args], capture_output=True, env=env, timeout=120, **kwargs
    )


@pytest.fixture
def odd_names(tmp_path: Path) -> Path:
    root = tmp_path / "odd"
    root.mkdir()
    (root / LATIN1_NAME).write_text(EN_A, encoding="utf-8")
    (root / NEWLINE_NAME).write_text(EN_A, encoding="utf-8")
    (root / "plain.txt").write_text(ZH_A, encoding="utf-8")
    return root


def test_names_print_as_text_on_a_utf8_stdout(odd_names: Path, tmp_path: Path) -> None:
    cache = str(tmp_path / "cache.sqlite3")
    for _ in range(2):  # the second scan comes from the cache
        done = _run("scan", str(odd_names), "--workers", "1", "--cache", cache, "--segmenter", "words")
        assert done.returncode == 0, done.stderr
        text = done.stdout.decode("utf-8")
        lines = text.splitlines()
        assert any(line.endswith("  caf\\xe9.txt") for line in lines), text
        assert any(line.endswith("two\\nlines.txt") for line in lines), text
        assert not any(line.strip() == "lines.txt" for line in lines)


def test_names_in_json_round_trip_to_their_bytes(cli: RunCli, odd_names: Path) -> None:
    done = cli("scan", str(odd_names), "--workers", "1", "--no-cache", "--json", "--segmenter", "words")
    assert done.returncode == 0, done.stderr
    done.stdout.encode("utf-8")  # writable to a UTF-8 stream: the odd byte is an escape, not a lone surrogate
    data = json.loads(done.stdout)
    names = {m["path"] for g in data["groups"] for m in g["members"]}
    assert names == {LATIN1_NAME, NEWLINE_NAME}
    assert {os.fsencode(name) for name in names} == {b"caf\xe9.txt", NEWLINE_NAME.encode()}
    assert "\\udce9" in done.stdout


def test_names_in_csv(cli: RunCli, odd_names: Path) -> None:
    done = cli("scan", str(odd_names), "--workers", "1", "--no-cache", "--csv", "--segmenter", "words")
    assert done.returncode == 0, done.stderr
    rows = list(csv.DictReader(io.StringIO(done.stdout)))
    # one line per row: the newline is escaped as the text output does, and each field reads back to the bytes
    assert {row["path"] for row in rows} == {"caf\\xe9.txt", "two\\nlines.txt"}
    assert {os.fsencode(unescape_name(row["path"])) for row in rows} == {b"caf\xe9.txt", NEWLINE_NAME.encode()}


def test_fingerprint_of_a_name_that_is_not_utf8(cli: RunCli, tmp_path: Path) -> None:
    path = tmp_path / LATIN1_NAME
    path.write_text(EN_A, encoding="utf-8")
    done = cli("fingerprint", str(path), "--segmenter", "words")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(str(tmp_path) + "/caf\\xe9.txt\t")


def test_fingerprint_of_a_file_named_like_an_option(cli: RunCli, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    (tmp_path / "-dash.txt").write_text(EN_A, encoding="utf-8")
    (tmp_path / "b.txt").write_text(EN_B, encoding="utf-8")
    result = cli("fingerprint", "b.txt", "-dash.txt", "--bits", "8")
    assert result.returncode == 0, result.stderr
    assert [line.split("\t")[0] for line in result.stdout.splitlines()] == ["b.txt", "-dash.txt"]
    missing = cli("fingerprint", "-nothing.txt")
    _one_line_usage_error(missing)
    assert "./-name" in missing.stderr and "--" in missing.stderr


def test_fingerprint_of_a_fifo_is_refused_without_blocking(cli: RunCli, tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.txt"
    os.mkfifo(fifo)
    result = cli("fingerprint", str(fifo))
    assert result.returncode == 1
    assert "not a regular file" in result.stderr


# ------------------------------------------------------------------------------ interrupted, closed


def test_ctrl_c_prints_the_partial_result_and_keeps_the_cache(tmp_path: Path) -> None:
    root = tmp_path / "many"
    root.mkdir()
    words = (EN_A + " " + ZH_A).split()
    rng = random.Random(10)
    # Enough work that the scan is still running when Ctrl-C comes (each text its own, so nothing is
    # remembered from another): a worker segments a few hundred of these a second.
    for number in range(2000):
        text = " ".join(rng.choice(words) + str(rng.randrange(10_000)) for _ in range(600))
        (root / f"{number:04}.txt").write_text(text, encoding="utf-8")
    cache = tmp_path / "cache.sqlite3"
    # Output to files, not pipes: a scan that ended before the Ctrl-C must not block on a full pipe.
    with (tmp_path / "out.json").open("w+b") as out_file, (tmp_path / "err.txt").open("w+b") as err_file:
        # The scan runs in a session of its own, and Ctrl-C goes to the whole group as a terminal sends it.
        with subprocess.Popen(
            [sys.executable, "-m", "simcompare", "scan", str(root), "--json", "--cache", str(cache), "--workers", "2"],
            stdout=out_file,
            stderr=err_file,
            start_new_session=True,
        ) as child:
            # Wait until the workers run (grandchildren through the forkserver).
            while not _segmenting(child.pid) and child.poll() is None:
                threading_wait()
            os.killpg(child.pid, signal.SIGINT)
            try:
                child.wait(timeout=120)
            except subprocess.TimeoutExpired:
                os.killpg(child.pid, signal.SIGKILL)  # a hung scan fails the test instead of hanging it
                raise
        out_file.seek(0)
        err_file.seek(0)
        out, err = out_file.read(), err_file.read()
    assert child.returncode == 130, err
    data = json.loads(out)
    assert data["settings"]["partial"] is True
    assert b"partial" in err and b"Traceback" not in err
    import sqlite3

    db = sqlite3.connect(cache)
    kept = db.execute("SELECT COUNT(*) FROM fingerprints").fetchone()[0]
    db.close()
    assert kept == data["files"]


def _segmenting(pid: int) -> bool:
    """True once the scan has worker processes (grandchildren through the forkserver)."""
    children = Path(f"/proc/{pid}/task/{pid}/children")
    if not children.exists():
        return True
    grand = [
        Path(f"/proc/{child}/task/{child}/children").read_text().split()
        for child in children.read_text().split()
        if Path(f"/proc/{child}/task/{child}/children").exists()
    ]
    return sum(len(g) for g in grand) >= 2


def threading_wait() -> None:
    import threading

    threading.Event().wait(0.05)


def test_closed_stdout_is_quiet(folder: Path) -> None:
    reader, writer = os.pipe()
    os.close(reader)  # nobody reads: as `simcompare scan DIR | head -0`
    try:
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "simcompare",
                "scan",
                str(folder),
                "--no-cache",
                "--workers",
                "1",
                "--segmenter",
                "words",
            ],
            stdout=writer,
            stderr=subprocess.PIPE,
            timeout=120,
        )
    finally:
        os.close(writer)
    assert done.returncode == 0
    assert done.stderr == b""


def test_a_broken_pipe_is_a_closed_stdout_only_when_stdout_is_closed() -> None:
    from simcompare.cli import _closed

    reader, writer = os.pipe()
    stream = os.fdopen(writer, "w")
    try:
        assert not _closed(stream)  # a BrokenPipeError from elsewhere (a worker's pipe) is a real error
        os.close(reader)
        reader = -1
        assert _closed(stream)  # the reader has gone, as with `| head`
    finally:
        if reader >= 0:
            os.close(reader)
        with contextlib.suppress(BrokenPipeError):
            stream.close()


def test_standard_input_that_never_ends_is_cut_at_the_limit() -> None:
    with open("/dev/zero", "rb") as zero:
        done = subprocess.run(
            [sys.executable, "-m", "simcompare", "fingerprint", "-"], stdin=zero, capture_output=True, timeout=120
        )
    assert done.returncode == 1
    assert b"over the limit" in done.stderr and b"Traceback" not in done.stderr
