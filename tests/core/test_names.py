"""File names in every output (``core/formats/names.py``): any name is written so it reads back to its bytes,
is shown to people with its odd bytes as \\xNN, and never carries a raw control character."""

from __future__ import annotations

import csv
import io
import json
import os
import re
from collections.abc import Iterable
from pathlib import Path

import pytest
from helpers.names import CONTROL_NAME, LATIN1_BYTES, latin1_name, make_file
from helpers.texts import EN_A
from hypothesis import given
from hypothesis import strategies as st

from simcompare.core.defaults import default_k
from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder.actions import ActionKind, ActionLog, move_keeping_paths
from simcompare.core.folder.scan import ScanOptions, scan
from simcompare.core.folder.session import FolderSession, NotDuplicates
from simcompare.core.formats.atomic import write_text
from simcompare.core.formats.names import display_name, escape_name, json_text, unescape_name
from simcompare.core.formats.report import report_csv, report_json
from simcompare.core.formats.results import load_results, results_json

LATIN1 = "caf\udce9.txt"  # os.fsdecode(b"caf\xe9.txt") on POSIX
# any character a name may hold, including the surrogates of undecodable bytes and unpaired UTF-16 halves
ANY_TEXT = st.text(st.characters(codec=None, categories=None, exclude_categories=()))
RAW_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")

NAMES_ARE_BYTES = pytest.mark.skipif(os.name != "posix", reason="file names are bytes on POSIX only")


@pytest.mark.parametrize(
    ("name", "shown", "escaped"),
    [
        (LATIN1, "caf\\xe9.txt", "caf\\xe9.txt"),
        ("two\nlines\r\tand a tab.txt", "two\\nlines\\r\\tand a tab.txt", "two\\nlines\\r\\tand a tab.txt"),
        ("\x1b[31mred\x07.txt", "\\x1b[31mred\\x07.txt", "\\x1b[31mred\\x07.txt"),
        ("del\x7f nel\x85 ls\u2028.txt", "del\\x7f nel\\u0085 ls\\u2028.txt", "del\\x7f nel\\u0085 ls\\u2028.txt"),
        ("back\\slash\\xe9.txt", "back\\slash\\xe9.txt", "back\\\\slash\\\\xe9.txt"),
        ("unpaired \ud800.txt", "unpaired \\ud800.txt", "unpaired \\ud800.txt"),
    ],
)
def test_each_form_of_an_odd_name(name: str, shown: str, escaped: str) -> None:
    assert display_name(name) == shown
    assert escape_name(name) == escaped
    assert unescape_name(escaped) == name


@pytest.mark.parametrize("name", ["plain.txt", "目录/上海 报告 (2).md", 'it\'s a "name", no?.txt', "émigré ✓.txt"])
def test_an_ordinary_name_is_written_as_itself(name: str) -> None:
    assert display_name(name) == escape_name(name) == name
    data = {"path": name, "also": [name, 1, None]}
    assert json_text(data) == json.dumps(data, ensure_ascii=False, indent=2)
    assert json_text(data, indent=1) == json.dumps(data, ensure_ascii=False, indent=1)


@NAMES_ARE_BYTES
def test_json_keeps_an_undecodable_byte_as_its_escape() -> None:
    text = json_text({"path": LATIN1})
    assert '"caf\\udce9.txt"' in text
    assert os.fsencode(json.loads(text.encode("utf-8").decode("utf-8"))["path"]) == b"caf\xe9.txt"


@NAMES_ARE_BYTES
@given(st.binary(max_size=40))
def test_any_bytes_read_back_from_every_reversible_form(raw: bytes) -> None:
    name = os.fsdecode(raw)
    escaped = escape_name(name)
    escaped.encode("utf-8")  # writable to a UTF-8 file: no lone surrogate left
    assert not RAW_CONTROL.search(escaped)
    assert os.fsencode(unescape_name(escaped)) == raw
    text = json_text([name])
    assert not RAW_CONTROL.search(text.replace("\n", ""))  # the only raw newlines are the indentation's
    assert os.fsencode(json.loads(text.encode("utf-8"))[0]) == raw


@given(ANY_TEXT)
def test_any_text_reads_back_and_shows_on_one_line(text: str) -> None:
    assert unescape_name(escape_name(text)) == text
    assert json.loads(json_text(text)) == text
    shown = display_name(text)
    shown.encode("utf-8")
    assert not RAW_CONTROL.search(shown) and len(shown.splitlines()) <= 1


def test_a_backslash_that_starts_no_escape_reads_as_itself() -> None:
    # lines written before every backslash was doubled still read back
    assert unescape_name("a\\b.txt") == "a\\b.txt"
    assert unescape_name("trailing\\") == "trailing\\"
    assert unescape_name("\\x4") == "\\x4"


# ------------------------------------------------------------- a name followed through every output


@pytest.fixture
def odd_folder(tmp_path: Path) -> Path:
    """Three copies of one text: a plain name, a name that is not UTF-8 and one with ESC and BEL."""
    root = tmp_path / "docs"
    root.mkdir()
    for name in ("plain.txt", latin1_name(), CONTROL_NAME):
        make_file(root / name, EN_A)
    return root


@pytest.fixture
def odd_session(odd_folder: Path) -> FolderSession:
    return FolderSession(scan(odd_folder, Config(segmenter="words"), ScanOptions(workers=1)))


def _names(paths: Iterable[str]) -> set[bytes]:
    return {os.fsencode(p) for p in paths}


NAMES = {b"plain.txt", LATIN1_BYTES, CONTROL_NAME.encode()}


def test_saved_results_read_back_to_the_same_bytes(odd_session: FolderSession, tmp_path: Path) -> None:
    k = default_k(64)
    groups = odd_session.groups(k)
    assert [len(g) for g in groups] == [3]
    saved = tmp_path / "results.json"
    write_text(saved, json_text(results_json(odd_session, groups, k), indent=1) + "\n")
    text = saved.read_bytes().decode("utf-8")  # valid UTF-8, no raw control character
    assert "\x1b" not in text and "\x07" not in text and "caf\\udce9.txt" in text
    data = json.loads(text)
    assert _names(data["records"]["path"]) == NAMES
    loaded = load_results(data)  # and the files are found on disk by those names
    assert _names(f.path for f in loaded.result.files) == NAMES and not loaded.gone and not loaded.changed


def test_exported_csv_and_json_read_back_to_the_same_bytes(odd_session: FolderSession) -> None:
    k = default_k(64)
    groups = odd_session.groups(k)
    csv_text = report_csv(odd_session, groups)
    csv_text.encode("utf-8")
    assert "\x1b" not in csv_text and "\x07" not in csv_text
    rows = list(csv.DictReader(io.StringIO(csv_text)))
    assert _names(unescape_name(row["path"]) for row in rows) == NAMES
    assert {row["path"] for row in rows} == {"plain.txt", "caf\\xe9.txt", "\\x1b[31mred\\x07.txt"}
    also = {unescape_name(p) for row in rows for p in row["also_close"].split(" | ") if p}
    assert _names(also) <= NAMES
    json_out = json_text(report_json(odd_session, groups, k))
    assert "\x1b" not in json_out and "\x07" not in json_out
    data = json.loads(json_out.encode("utf-8"))
    assert _names(m["path"] for g in data["groups"] for m in g["members"]) == NAMES


def test_a_move_is_logged_so_that_each_path_reads_back_to_its_bytes(odd_folder: Path, tmp_path: Path) -> None:
    name = latin1_name()
    aside = tmp_path / "aside"
    outcomes = move_keeping_paths(str(odd_folder), [name, CONTROL_NAME], str(aside))
    assert all(o.ok for o in outcomes), outcomes
    assert set(os.listdir(os.fsencode(aside))) == {LATIN1_BYTES, CONTROL_NAME.encode()}
    log = ActionLog(tmp_path / "data" / "actions.log")
    log.write(ActionKind.MOVE, outcomes)
    text = log.path.read_bytes().decode("utf-8")
    assert "\x1b" not in text and "\x07" not in text
    lines = [line.split("\t") for line in text.splitlines()]
    assert [fields[1:3] for fields in lines] == [["move", "ok"], ["move", "ok"]]
    assert [(os.fsencode(unescape_name(f[3])), os.fsencode(unescape_name(f[4]))) for f in lines] == [
        (os.fsencode(odd_folder / name), os.fsencode(aside / name)),
        (os.fsencode(odd_folder / CONTROL_NAME), os.fsencode(aside / CONTROL_NAME)),
    ]


def test_the_not_duplicates_list_keeps_a_name_that_is_not_utf8(odd_folder: Path, tmp_path: Path) -> None:
    a, b = str(odd_folder / latin1_name()), str(odd_folder / "plain.txt")
    NotDuplicates(tmp_path / "nd.json").add(a, b)
    (tmp_path / "nd.json").read_bytes().decode("utf-8")
    again = NotDuplicates(tmp_path / "nd.json")
    assert not again.problem and (a, b) in again


def test_invisible_characters_that_disguise_a_name_are_shown_escaped() -> None:
    from simcompare.core.formats.names import display_name, escape_name, json_text, unescape_name

    disguised = "invoice\u202etxt.exe"  # shows as "invoiceexe.txt" where the override is obeyed
    for name in (disguised, "a\u200bb", "\ufeffname", "x\u2066y\u2069"):
        for written in (display_name(name), escape_name(name), json_text(name)):
            assert all(c not in written for c in "\u200b\u202e\u2066\u2069\ufeff"), written
        assert unescape_name(escape_name(name)) == name
    assert display_name(disguised) == "invoice\\u202etxt.exe"
    persian = "\u0641\u0627\u0631\u0633\u06cc\u200c\u0646\u0627\u0645"  # a zero-width non-joiner belongs to the word
    assert display_name(persian) == persian


def test_a_utf16_pair_reads_back_as_its_character_and_a_lone_half_as_itself() -> None:
    """An output that cannot hold a character beyond U+FFFF writes it as a UTF-16 pair of escapes (cli/output.py);
    a CSV field read back through unescape_name is the character again. A lone half, a half after an escaped
    backslash and a pair in the wrong order stay as they were written."""
    assert unescape_name("smile\\ud83d\\ude00.txt") == "smile😀.txt"
    assert unescape_name("\\uD83D\\uDE00\\udbff\\udfff") == "😀\U0010ffff"
    assert unescape_name("\\ud83d.txt") == "\ud83d.txt"
    assert unescape_name("\\ude00\\ud83d") == "\ude00\ud83d"
    assert unescape_name("\\\\ud83d\\ude00") == "\\ud83d\ude00"
    for name in ("plain.txt", "tab\there", "bad\udcff byte", "lone\ud800high"):
        assert unescape_name(escape_name(name)) == name
