"""Saved records are checked a field at a time across all of them (``results._plain_records``: a million records
one at a time took half a minute); whatever the records hold, reading them (``results._files``) takes what the
record-by-record check (``results._checked_records``) takes, makes the same files of it, and refuses the rest
with its message."""

from __future__ import annotations

import base64
import copy
import os
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from helpers.results_layout import records_of
from helpers.texts import EN_A, OTHER
from hypothesis import given, settings
from hypothesis import strategies as st

from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder.scan import FileRecord, ScanOptions, scan
from simcompare.core.folder.session import FolderSession
from simcompare.core.formats import results
from simcompare.core.formats.results import results_json

K = 12
BITS = 64


def _scanned(tmp: Path) -> list[Any]:
    root = tmp / "docs"
    (root / "sub").mkdir(parents=True)
    (root / "a.txt").write_text(EN_A, encoding="utf-8")
    (root / "b.txt").write_text(EN_A + " A copy.", encoding="utf-8")
    (root / "sub" / "c.txt").write_text(OTHER, encoding="utf-8")
    os.link(root / "a.txt", root / "sub" / "a-link.txt")
    session = FolderSession(scan(root, Config(segmenter="words"), ScanOptions(workers=1, in_process=True)))
    return results_json(session, session.groups(K), K)  # type: ignore[return-value]


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return _scanned(tmp_path_factory.mktemp("scan"))


@pytest.fixture(scope="module")
def records(saved: dict[str, Any]) -> list[Any]:
    """The records as a list of objects (results of version 2 and before)."""
    return records_of(saved)


def _outcome(read: Any, records: object) -> list[Any] | str:
    try:
        if read is results._checked_records:
            files = read(results._rows(copy.deepcopy(records)), BITS, consume=False)  # type: ignore[arg-type]
        else:
            files = read(copy.deepcopy(records), BITS, consume=False)
    except ValueError as error:
        return str(error)
    return files


def test_a_real_scans_records_are_taken_at_once_as_one_at_a_time(saved: dict[str, Any], records: list[Any]) -> None:
    assert any("hardlink_of" in r for r in records)
    for layout in (saved["records"], records):  # as columns, and listed
        columns = results._columns(copy.deepcopy(layout))
        at_once = results._plain_records(columns, BITS, consume=False) if columns is not None else None
        assert at_once is not None and at_once == _outcome(results._checked_records, layout)
        assert _outcome(results._files, layout) == at_once
        assert all(type(f) is FileRecord for f in at_once)  # tuples equal, and records too
        assert [f.path for f in at_once] == [f[0] for f in at_once]
        assert results._files(copy.deepcopy(layout), BITS, consume=True) == at_once  # the parsed lists emptied


def test_records_taken_at_once_hold_each_size_device_and_encoding_once(saved: dict[str, Any]) -> None:
    """Equal numbers and names of many records are one object (a million records' sizes, devices, lengths and
    encodings apart: 28 to 54 bytes a record each), and consuming the parsed columns empties them."""
    layout = copy.deepcopy(saved["records"])
    count = len(layout["path"])
    layout["size"] = [int(str(4096 + n % 2)) for n in range(count)]  # equal numbers, each its own object
    layout["encoding"] = ["".join(["utf", "-8"]) for _ in range(count)]
    sizes, encodings = layout["size"], layout["encoding"]
    assert sizes[0] is not sizes[2] and encodings[0] is not encodings[1]
    files = results._files(layout, BITS, consume=True)
    assert [f.size for f in files] == [4096 + n % 2 for n in range(count)]
    assert files[0].size is files[2].size and files[0].encoding is files[1].encoding
    assert len({id(f.device) for f in files}) == len({f.device for f in files})
    assert sizes == [] and encodings == [] and layout == {}


def test_a_path_listed_twice_is_named_when_the_parsed_columns_are_consumed(saved: dict[str, Any]) -> None:
    layout = copy.deepcopy(saved["records"])
    layout["path"][1] = layout["path"][0]
    with pytest.raises(ValueError, match=r"records\[1\].*the same path as records\[0\]"):
        results._files(layout, BITS, consume=True)


@pytest.mark.parametrize("batch", [1, 2, 3])
def test_records_made_and_paths_compared_a_batch_at_a_time_are_those_of_one_pass(
    saved: dict[str, Any], monkeypatch: pytest.MonkeyPatch, batch: int
) -> None:
    """Records are made, and paths compared, a batch at a time (one pass in C held the interpreter's lock, and the
    window, for a third of a second at a million records): batches of any size give the same records, and a path
    listed twice is found whichever batches its two listings fall in."""
    whole = results._files(copy.deepcopy(saved["records"]), BITS, consume=False)
    monkeypatch.setattr(results, "_RECORDS_AT_ONCE", batch)
    assert results._files(copy.deepcopy(saved["records"]), BITS, consume=False) == whole
    assert len(whole) > batch
    paths = [f.path for f in whole]
    for first in range(len(paths)):
        for second in range(first + 1, len(paths)):
            twice = list(paths)
            twice[second] = twice[first]
            assert results._listed_twice(twice)
    assert not results._listed_twice(paths)


_FIELDS = ["path", "size", "mtime_ns", "device", "inode", "value", "empty", "encoding", "digest", "raw_digest"]
_FIELDS += ["words", "sketch", "hardlink_of", "shingles"]
_ODD = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**65), max_value=2**65)
    | st.sampled_from([2**63 - 1, 2**63, 2**64 - 1, 2**64, -(2**63), -(2**63) - 1, 0, -1, 1.5, float("nan")])
    | st.text(max_size=12)
    | st.sampled_from(
        [
            "",
            ".",
            "..",
            "a/../b",
            "./a",
            "a//b",
            "/abs",
            "a/",
            "a\x00b",
            "\udcff.txt",
            "\ud800.txt",
            "ok/name.txt",
            "x" * 40,
            "ffffffffffffffff",
            "1" + "0" * 16,
            "0x1f",
            " 1_0 ",
            "-1",
            base64.b64encode(np.arange(3, dtype="<u4").tobytes()).decode(),
            base64.b64encode(np.arange(300, dtype="<u4").tobytes()).decode(),
            base64.b64encode(np.array([5, 3], dtype="<u4").tobytes()).decode(),
            base64.b64encode(b"\x01\x02\x03").decode(),
            "not base64!",
            "a.txt",
            "b.txt",
            "sub/c.txt",
        ]
    )
    | st.lists(st.integers(), max_size=2)
)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(st.integers(min_value=0, max_value=5), st.sampled_from(_FIELDS), _ODD | st.just(...))))
def test_whatever_the_records_hold_at_once_takes_only_what_one_at_a_time_takes(
    records: list[Any], changes: list[tuple[int, str, object]]
) -> None:
    crafted: list[object] = copy.deepcopy(records)
    for number, field, value in changes:
        number %= len(crafted) + 1
        if number == len(crafted):
            crafted.append(value if field == "path" else {"path": value})  # a record that is no object, or bare
            continue
        record = crafted[number]
        if not isinstance(record, dict):
            continue
        if value is ...:
            record.pop(field, None)
        else:
            record[field] = value
    assert _outcome(results._files, crafted) == _outcome(results._checked_records, crafted)


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.tuples(st.integers(min_value=0, max_value=3), st.sampled_from(_FIELDS), _ODD | st.just(...))),
    st.lists(st.tuples(st.sampled_from(_FIELDS), st.sampled_from(["drop", "null", "short", "long", "text"]))),
)
def test_whatever_the_columns_hold_at_once_takes_only_what_one_at_a_time_takes(
    saved: dict[str, Any], changes: list[tuple[int, str, object]], columns_changed: list[tuple[str, str]]
) -> None:
    """The same for records written as columns: values changed in place, columns left out, too short, too long
    or no list at all (which no record-by-record reading can make sense of: refused, saying which), or null (as
    if not written)."""
    crafted: dict[str, Any] = copy.deepcopy(saved["records"])
    for number, field, value in changes:
        column = crafted.setdefault(field, [None] * len(crafted["path"]))
        if value is not ...:
            column[number % len(column)] = value
    for field, how in columns_changed:
        if how == "drop":
            crafted.pop(field, None)
        elif how == "null":  # a column of JSON null: as if not written
            crafted[field] = None
        elif field in crafted and isinstance(crafted[field], list):
            crafted[field] = crafted[field][:-1] if how == "short" else crafted[field] + [None]
            crafted[field] = "text" if how == "text" else crafted[field]
    paths = crafted.get("path")
    broken = not isinstance(paths, list) or any(
        crafted.get(name) is not None and (not isinstance(crafted[name], list) or len(crafted[name]) != len(paths))
        for name in results.COLUMNS
    )
    found = _outcome(results._files, crafted)
    if broken:
        assert isinstance(found, str) and found.startswith("records: '")
    else:
        assert found == _outcome(results._checked_records, crafted)


_MEMBER_FIELDS = ["path", "distance", "size", "similarity", "verified", "evidence", "also_close", "other"]
_MEMBER_ODD = [65, 64, -1, 2**63, 0.5, 1, 0, 1.0001, float("inf"), float("nan"), True, "shingles", "simhash"]
_MEMBER_ODD += ["SimHash", "nowhere.txt", ["a.txt"], ["a.txt", "nowhere.txt"], [3], "a.txt", "sub/c.txt"]
_MEMBER_VALUES = st.booleans().flatmap(lambda odd: _ODD if odd else st.sampled_from(_MEMBER_ODD))
_INDEX_OF = {"a.txt": 0, "b.txt": 1, "sub/c.txt": 2}


def _member_outcome(read: Any, member: object) -> object:
    try:
        return read(member, _INDEX_OF, BITS) if read is results._member else read(member, "m", _INDEX_OF, BITS)
    except ValueError as error:
        return str(error)


_MEMBER = {"path": "b.txt", "distance": 3, "size": 10, "similarity": 0.9, "verified": 1, "also_close": ["a.txt"]}


@settings(max_examples=1_000, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from(_MEMBER_FIELDS), _MEMBER_VALUES | st.just(...)), max_size=3)
    | _ODD.map(lambda odd: [("", odd)])
)
def test_a_saved_groups_member_taken_at_once_is_one_the_closer_look_takes(changes: list[tuple[str, object]]) -> None:
    member: Any = dict(_MEMBER)
    for field, value in changes:
        if field == "":
            member = value  # no object at all
        elif value is ...:
            member.pop(field, None)
        else:
            member[field] = value
    plain = _member_outcome(results._member, member)
    if plain is not None:
        assert plain == _member_outcome(results._checked_member, member)


def test_plain_members_are_taken_at_once() -> None:
    member = {"path": "b.txt", "distance": 3, "size": 10, "similarity": 0.9, "verified": 1, "also_close": ["a.txt"]}
    assert (
        results._member(member, _INDEX_OF, BITS) == (1, (0,)) == results._checked_member(member, "m", _INDEX_OF, BITS)
    )


@settings(max_examples=500, deadline=None)
@given(_MEMBER_VALUES | st.just(...), _MEMBER_VALUES | st.just(...))
def test_a_groups_figures_are_taken_as_the_field_check_takes_them(distance: object, wasted: object) -> None:
    """A group's max_distance and wasted_bytes pass the quick test exactly when _int takes them (its message else)."""
    group: dict[str, object] = {"reference": "a.txt", "members": [{"path": "a.txt"}, {"path": "b.txt"}]}
    for key, value in (("max_distance", distance), ("wasted_bytes", wasted)):
        if value is not ...:
            group[key] = value
    try:
        results._int(group, "max_distance", "groups[0]", (0, BITS), 0)
        results._int(group, "wasted_bytes", "groups[0]", results.SIZE, 0)
        expected: object = (results.Laid((0, 1), ((), ())),)
    except ValueError as error:
        expected = str(error)
    try:
        found: object = results._check_groups({"groups": [group]}, _INDEX_OF, BITS)
    except ValueError as error:
        found = str(error)
    assert found == expected


_VALUE_TEXTS = st.text(alphabet="0123456789abcdefABCDEF", max_size=18) | st.text(
    alphabet="0123456789abcdefx_ +-\u0663", max_size=20
)


@settings(max_examples=400, deadline=None)
@given(st.lists(_VALUE_TEXTS, max_size=40), st.sampled_from([8, 30, 64, 128]))
def test_values_read_as_each_record_reads_them_and_go_only_once_read(texts: list[str], bits: int) -> None:
    """The fingerprints of a column of texts are what ``int(text, 16)`` makes of each, or None when one is not a
    number or does not fit; with ``consume`` the column is emptied when they are read, and left whole when not
    (the record-by-record check then reads it to say which record is wrong)."""
    try:
        expected: list[int] | None = [int(text, 16) for text in texts]
    except ValueError:
        expected = None
    if expected is not None and not all(0 <= value < 2**bits for value in expected):
        expected = None
    column = list(texts)
    assert results._values(column, bits, consume=False) == expected and column == texts
    found = results._values(column, bits, consume=True)
    assert found == expected
    assert column == ([] if expected is not None else texts)


def test_many_values_are_read_in_batches_and_the_texts_let_go() -> None:
    texts = [f"{n * 2654435761 % 2**64:016x}" for n in range(3 * results._VALUES_AT_ONCE + 5)]
    column = list(texts)
    assert results._values(column, 64, consume=True) == [int(text, 16) for text in texts] and column == []


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.one_of(st.integers(), st.text(), st.booleans(), st.none(), st.integers(-5, 5).map(float)),
        max_size=3 * results._SCALARS_AT_ONCE + 3,
    )
    | st.lists(st.integers(), min_size=results._SCALARS_AT_ONCE, max_size=2 * results._SCALARS_AT_ONCE + 1)
    | st.lists(st.text(), min_size=results._SCALARS_AT_ONCE, max_size=2 * results._SCALARS_AT_ONCE + 1)
)
def test_a_column_is_written_a_batch_at_a_time_as_each_value_alone(values: list[object]) -> None:
    """The batches of one kind written in C (whole numbers, texts) and the mixed ones give each value's text as
    ``_scalar`` gives it alone, ``json.dumps``'s (a bool is no whole number, a str subclass no text)."""
    assert list(results._scalars(iter(values))) == [results._scalar(value) for value in values]


def test_json_safe_passes_plain_ascii_through_and_escapes_the_rest() -> None:
    from simcompare.core.formats import names

    texts = ('plain ascii {"a": 1}', "del \x7f here", "c1 \x85", "bad \udcff", "rtl \u202e", "", "\u00e9")
    for text in texts:
        assert names.json_safe(text) == names._IN_JSON.sub(names._json_escape, text)
    assert names.json_safe("AAAA+/==") == "AAAA+/==" and names.json_safe("\x7f") == "\\u007f"
