"""Hostile tests of unescape_name reading a UTF-16 pair of escapes as one character (CSV, the action log, an
output that cannot hold a character) and of ``FolderSession.hardlink_of`` reading its two values as one."""

from __future__ import annotations

import csv
import io
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from helpers.names import make_file
from hypothesis import given, settings
from hypothesis import strategies as st

from simcompare.core.folder.actions import ActionLog, Outcome
from simcompare.core.folder.scan import ScanOptions, scan
from simcompare.core.folder.session import FolderSession
from simcompare.core.formats.names import escape_name, unescape_name

TEXT = "the same few words in each of these files, written once and copied over and over again\n"

# What a name on Linux can hold as Python gives it: any character but NUL and "/", undecodable bytes as lone
# surrogates U+DC80-U+DCFF; on Windows also lone (unpaired) surrogates of either half.
_BYTES = st.integers(0xDC80, 0xDCFF).map(chr)
_HIGH = st.integers(0xD800, 0xDBFF).map(chr)
_LOW = st.integers(0xDC00, 0xDFFF).map(chr)
_TRICKY = st.sampled_from(["\\", "u", "U", "x", "d", "D", "8", "3", "e", "0", "\n", "\t", "\x1b", "😀", "\u202e"])
_PIECES = st.one_of(st.text(max_size=4), _BYTES, _TRICKY, _TRICKY, _HIGH)


def _system_name(pieces: list[str]) -> str:
    """A name no system would refuse to give: a high surrogate never directly before a low one (UTF-16 pairs them:
    Windows gives the character; Linux gives no high surrogate at all)."""
    name = "".join(pieces)
    out: list[str] = []
    for ch in name:
        if out and "\udc00" <= ch <= "\udfff" and "\ud800" <= out[-1] <= "\udbff":
            out.append("_")
        out.append(ch)
    return "".join(out)


@settings(max_examples=3000, deadline=None)
@given(st.lists(_PIECES, max_size=12).map(_system_name))
def test_every_name_a_system_gives_reads_back(name: str) -> None:
    """HOLDS: escape, then unescape, is the name (lone bytes, lone high surrogates, backslashes before u and x,
    astral characters, escapes' look-alikes written as text)."""
    escaped = escape_name(name)
    assert "\n" not in escaped and "\t" not in escaped
    escaped.encode("utf-8")  # valid UTF-8
    assert unescape_name(escaped) == name


def _ascii_output(text: str) -> str:
    """``text`` as an ASCII output writes it (cli/output.py's handler)."""
    from simcompare.cli.output import ESCAPE

    return text.encode("ascii", errors=ESCAPE).decode("ascii")


@settings(max_examples=3000, deadline=None)
@given(st.lists(_PIECES, max_size=12).map(_system_name))
def test_every_name_a_system_gives_reads_back_through_an_ascii_output(name: str) -> None:
    """HOLDS: a field written to an output that cannot hold a character (each written \\uNNNN, two for one beyond
    U+FFFF) reads back to the name too."""
    assert unescape_name(_ascii_output(escape_name(name))) == name


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("\\ud83d\\ude00", "😀"),
        ("\\uD83D\\uDE00", "😀"),  # uppercase hex
        ("\\uD83d\\udE00", "😀"),
        ("\\udbff\\udfff", "\U0010ffff"),
        ("\\ud800\\udc00", "\U00010000"),
        ("\\ude00\\ud83d", "\ude00\ud83d"),  # low then high: two lone halves
        ("\\ud83d\\u0041", "\ud83dA"),  # high then no surrogate
        ("\\ud83d\\x80", "\ud83d\udc80"),  # high then an undecodable byte (its own escape)
        ("\\ud83d\\\\ude00", "\ud83d\\ude00"),  # high, then an escaped backslash: text, not the low half
        ("\\\\ud83d\\ude00", "\\ud83d\ude00"),  # an escaped backslash, then text, then a lone low half
        ("\\\\\\ud83d\\ude00", "\\😀"),  # a backslash, then the pair
        ("\\ud83d\\ud83d\\ude00", "\ud83d😀"),  # a lone high half, then a pair
        ("\\ud83d\\ude0", "\ud83d\\ude0"),  # a low half cut short: a backslash that starts no escape
        ("\\ud83d", "\ud83d"),
        ("\\ud83d\\n", "\ud83d\n"),
        ("\\U0001f600", "\\U0001f600"),  # no escape: itself
    ],
)
def test_escapes_read_as_written(text: str, name: str) -> None:
    """HOLDS: pairs in either case read as their character; invalid pairs as their halves; an escaped backslash
    before u is a backslash."""
    assert unescape_name(text) == name


@pytest.mark.parametrize(
    "name",
    ["\\ud83d\\ude00.txt", "\\😀.txt", "a\\\\😀\\x41.txt", "😀\U0010fffd.txt", "\u202e😀.txt", "\ud83d.txt"],
)
def test_escape_round_trips_named(name: str) -> None:
    assert unescape_name(escape_name(name)) == name
    assert unescape_name(_ascii_output(escape_name(name))) == name


# ------------------------------------------------------------------------------------------ the CLI's CSV


ODD = [
    "smile😀.txt",
    "back\\slash\\ud83d\\ude00.txt",  # a name that looks like the pair's escape
    "lead\\😀.txt",
    "\U0001f9d1\u200d\U0001f4bb.txt",  # astral, a joiner, astral
    "\U00020000ext-b.txt",
    "plain.txt",
]
ODD_BYTES = [b"half\xf0\x9f\x98.txt", b"cesu\xed\xa0\xbd\xed\xb8\x80.txt", b"\\ud83d\xed\xb8\x80.txt"]


@pytest.fixture(scope="module")
def odd_folder(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, set[str]]:
    root = tmp_path_factory.mktemp("astral")
    names = set(ODD)
    for name in ODD:
        make_file(root / name, TEXT)
    for raw in ODD_BYTES:
        try:
            with open(os.path.join(os.fsencode(root), raw), "w", encoding="utf-8") as out:
                out.write(TEXT)
        except OSError as error:  # pragma: no cover - a file system that refuses non-UTF-8 names
            pytest.skip(f"this file system refuses {raw!r}: {error}")
        names.add(os.fsdecode(raw))
    return root, names


@pytest.mark.parametrize("encoding", ["ascii", "latin-1", "utf-8"])
def test_the_csv_reads_back_to_astral_and_odd_names(odd_folder: tuple[Path, set[str]], encoding: str) -> None:
    """HOLDS: ``scan --csv`` to an ASCII, Latin-1 or UTF-8 output: every path field reads back to the name, also
    names that look like a pair's escape, undecodable halves of an emoji and CESU-8 bytes of a pair."""
    root, names = odd_folder
    run = subprocess.run(
        [sys.executable, "-m", "simcompare", "scan", str(root), "--no-cache", "--workers", "1", "--csv"],
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": encoding},
        timeout=240,
    )
    assert run.returncode == 0, run.stderr
    rows = list(csv.DictReader(io.StringIO(run.stdout.decode(encoding))))
    assert {unescape_name(row["path"]) for row in rows} == names


def test_the_action_log_reads_back_to_astral_and_odd_names(tmp_path: Path, odd_folder: tuple[Path, set[str]]) -> None:
    """HOLDS: the action log's fields read back (the log is UTF-8: astral characters as themselves)."""
    _, names = odd_folder
    log = ActionLog(tmp_path / "actions.log")
    outcomes = [Outcome(name, "moved/" + name) for name in sorted(names)]
    outcomes.append(Outcome("\ud83d.txt", "", "no such file: '\ud83d\\ude00'"))
    log.write("move", outcomes)
    lines = log.path.read_text(encoding="utf-8").splitlines()
    read = [[unescape_name(field) for field in line.split("\t")] for line in lines]
    assert [(r[3], r[4]) for r in read[:-1]] == [(o.source, o.target) for o in outcomes[:-1]]
    assert read[-1][3:] == ["\ud83d.txt", "no such file: '\ud83d\\ude00'"]


# ------------------------------------------------------------------------------------------ hardlink_of


def test_hardlink_of_while_files_are_forgotten_on_another_thread(tmp_path: Path) -> None:
    """HOLDS: with forgets running on another thread, an index counted from the end always answers (the other
    names and the number of files are read as one): never an IndexError for -1, never a file beyond the count."""
    root = tmp_path / "links"
    root.mkdir()
    for i in range(60):
        (root / f"f{i:02d}.txt").write_text(TEXT + str(i), encoding="utf-8")
        os.link(root / f"f{i:02d}.txt", root / f"g{i:02d}.txt")
    session = FolderSession(scan(root, options=ScanOptions(workers=1)))
    assert sum(session.hardlink_of(i) is not None for i in range(len(session.files))) == 60
    done = threading.Event()
    errors: list[BaseException] = []

    def forget() -> None:
        try:
            for i in range(59, 0, -1):
                session.forget([f"g{i:02d}.txt", f"f{i:02d}.txt"])
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)
        finally:
            done.set()

    thread = threading.Thread(target=forget)
    thread.start()
    while not done.is_set():
        found = session.hardlink_of(-1)
        assert found is None or found >= 0
    thread.join()
    assert not errors
    assert [f.path for f in session.files] == ["f00.txt", "g00.txt"]
    assert session.hardlink_of(1) == 0 and session.hardlink_of(-1) == 0 and session.hardlink_of(0) is None
    with pytest.raises(IndexError):
        session.hardlink_of(2)
    with pytest.raises(IndexError):
        session.hardlink_of(-3)
