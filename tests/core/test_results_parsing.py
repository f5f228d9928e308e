"""Saved results are parsed a record at a time (``json_parts.loads``): the same objects as ``json.loads``, and
the same refusals, whatever the JSON looks like."""

from __future__ import annotations

import base64
import json
from typing import Any
from unittest.mock import patch

import pytest
from helpers.results_layout import read_as_json_loads_reads
from hypothesis import given, settings
from hypothesis import strategies as st

from simcompare.core.formats import json_parts
from simcompare.core.formats.saved_parts import PARSERS

_SCALARS = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8)
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=20,
)
_KEYS = st.sampled_from(["records", "settings", "groups", "format", "x", ""]) | st.text(max_size=6)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.tuples(_KEYS, _VALUES | st.lists(_VALUES, max_size=5)), max_size=6),
    st.sampled_from([None, 0, 1, 2]),
    st.sampled_from([(", ", ": "), (",", ":"), (" ,\n", " :\t")]),
)
def test_the_same_objects_as_json_loads(pairs: list, indent: int | None, separators: tuple[str, str]) -> None:
    body = ",".join(f"{json.dumps(k)}:{json.dumps(v, indent=indent, separators=separators)}" for k, v in pairs)
    for text in ("{" + body + "}", " \n{ " + body + " }\n ", json.dumps(dict(pairs), indent=indent)):
        assert json_parts.loads(text) == json.loads(text)


@pytest.mark.parametrize(
    "text",
    [
        '{"records": [1, 2,]}',
        '{"records": [1 2]}',
        '{"records": [1, 2}',
        '{"a": 1,}',
        '{"a" 1}',
        '{"a": 1} x',
        '{"a": 1}{}',
        "{1: 2}",
        '{"records": [',
        "",
        "[1, 2]",
        '{"records": [{"a": 1}], "records": []}',
        '{"records": [] , "b": [1,\n2]}',
    ],
)
def test_the_same_refusals_and_the_same_odd_objects(text: str) -> None:
    _read_as_json_loads_reads(text)


def _read_as_json_loads_reads(text: str) -> None:
    read_as_json_loads_reads(json_parts.loads, text)


def test_compact_records_are_read_one_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """With no line between them (no end of a part to be found), records are parsed one call each."""
    calls: list[int] = []
    decode = json_parts._DECODER.raw_decode

    def counted(text: str, at: int = 0) -> tuple[object, int]:
        calls.append(at)
        return decode(text, at)

    monkeypatch.setattr(json_parts._DECODER, "raw_decode", counted)
    monkeypatch.setattr(json_parts, "_PART", 64)
    text = json.dumps({"format": "f", "records": [{"path": str(n)} for n in range(50)], "z": 1})
    assert json_parts.loads(text) == json.loads(text)
    assert len(calls) > 50  # each record on its own


@pytest.mark.parametrize("layout", ["listed", "columns"])
def test_records_are_read_a_part_at_a_time(monkeypatch: pytest.MonkeyPatch, layout: str) -> None:
    """As written (one item a line), a list of records or a column is read a part at a time: few calls, each
    holding the interpreter's lock for a part's time only."""
    parts = _counted_parts(monkeypatch)
    monkeypatch.setattr(json_parts, "_PART", 256)
    monkeypatch.setattr(json_parts, "_FIRST", 64)
    rows = [{"path": f"f{n}.txt", "size": n, "sketch": "QUJD" * (n % 7)} for n in range(400)]
    records: object = rows if layout == "listed" else {key: [r[key] for r in rows] for key in rows[0]}
    text = json.dumps({"format": "f", "records": records, "z": [1, 2]}, indent=1)
    assert json_parts.loads(text) == json.loads(text)
    assert 10 < len(parts) < 200 and max(parts) < 2 * 256 + 10


def _counted_parts(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The length of each part parsed from now on."""
    parts: list[int] = []
    part = json_parts._part

    def counted(text: str, parser: Any) -> list[object] | None:
        parts.append(len(text))
        return part(text, parser)

    monkeypatch.setattr(json_parts, "_part", counted)
    return parts


def test_a_list_read_in_parts_starts_with_small_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    """A part is as long as what its list has read so far: a short column is not parsed an item at a time."""
    parts = _counted_parts(monkeypatch)
    monkeypatch.setattr(json_parts, "_FIRST", 64)
    text = json.dumps({"format": "f", "records": {"size": list(range(3_000))}}, indent=1)
    assert json_parts.loads(text) == json.loads(text)
    assert parts and min(parts) < 2 * 64 + 10  # the first part: about _FIRST characters
    assert sum(parts) > len(text) * 0.9  # nearly every item in a part


def test_sketches_are_decoded_as_they_are_parsed_when_asked() -> None:
    """With the saved results' parsers the sketch column's base64 items become their bytes as its parts are parsed
    (the first items, read one at a time, stay text); what is no strict base64 stays text, as json.loads reads it; other
    columns are untouched, and without them nothing is decoded."""
    odd = ("AAAAAA", "-_-_", "QUJD\n")  # no padding, another alphabet, a line break
    written = [base64.b64encode(bytes([n % 256]) * (4 * (n % 9))).decode() for n in range(3_000)]
    written[2_990], written[2_995], written[2_998] = odd  # a part that holds one is read by json, as text
    columns = {"path": [f"f{n}" for n in range(3_000)], "sketch": written}
    text = json.dumps({"format": "f", "records": columns}, indent=1)
    found = json_parts.loads(text, parsers=PARSERS)
    assert isinstance(found, dict)
    sketches = found["records"]["sketch"]
    assert [s for s in sketches if isinstance(s, str) and s in odd] == list(odd)
    assert [base64.b64decode(s) if isinstance(s, str) and s not in odd else s for s in sketches] == [
        s if s in odd else base64.b64decode(s) for s in written
    ]
    assert sum(isinstance(s, bytes) for s in sketches) > 2_000
    assert found["records"]["path"] == columns["path"]
    assert json_parts.loads(text) == json.loads(text)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(_VALUES, max_size=40),
    st.sampled_from([None, 0, 1, 2]),
    st.sampled_from([(", ", ": "), (",", ":"), (" ,\n", " :\t"), (",\n", ":")]),
    st.sampled_from([4, 16, 64]),
    st.sampled_from(["listed", "columns", "cut"]),
)
def test_parts_read_the_same_objects_as_json_loads(
    items: list, indent: int | None, separators: tuple[str, str], part: int, layout: str
) -> None:
    """Whatever the items and where the lines fall, parts give what json.loads gives, and refuse what it refuses
    with its message (a part that is no list of whole items is read an item at a time)."""
    records: object = items if layout != "columns" else {"path": items, "size": items[::-1]}
    text = json.dumps({"format": "f", "records": records, "z": 1}, indent=indent, separators=separators)
    if layout == "cut":  # the text broken somewhere inside: the same refusal
        text = text[: len(text) * 2 // 3]
    with patch.object(json_parts, "_PART", part):
        _read_as_json_loads_reads(text)


@pytest.mark.parametrize("layout", ["listed", "columns"])
def test_a_file_edited_on_windows_is_read_in_parts_too(monkeypatch: pytest.MonkeyPatch, layout: str) -> None:
    """Lines that end in \\r\\n end parts as \\n does: such a file is not read an item at a time."""
    parts = _counted_parts(monkeypatch)
    monkeypatch.setattr(json_parts, "_PART", 256)
    monkeypatch.setattr(json_parts, "_FIRST", 64)
    rows = [{"path": f"f{n}.txt", "size": n, "sketch": "QUJD" * (n % 7)} for n in range(400)]
    records: object = rows if layout == "listed" else {key: [r[key] for r in rows] for key in rows[0]}
    text = json.dumps({"format": "f", "records": records, "z": [1, 2]}, indent=1).replace("\n", "\r\n")
    assert json_parts.loads(text) == json.loads(text)
    assert 10 < len(parts) < 200 and sum(parts) > len(text) * 0.8
