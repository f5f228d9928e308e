"""Saved results are read straight from the file a piece at a time (``json_parts.read``): the same objects and the
same refusals as ``json.loads`` of the whole text, whatever the pieces' size and wherever they cut a character;
the bytes not UTF-8 named as decoding the whole file names them; the file never held whole."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers.names import make_file
from helpers.short_reads import ShortReads, held_counted, not_whole
from helpers.texts import EN_A, EN_B, OTHER, ZH_A
from hypothesis import given, settings
from hypothesis import strategies as st

from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder.scan import ScanOptions, scan
from simcompare.core.folder.session import FolderSession
from simcompare.core.formats import json_parts
from simcompare.core.formats.results import read_results, save_results

K = 12
_TEXTS = st.text(alphabet=st.characters(codec="utf-8"), max_size=6) | st.sampled_from(["é", "中文", "😀", "\\", '"'])
_SCALARS = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | _TEXTS
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_TEXTS, inner, max_size=4),
    max_leaves=20,
)
_KEYS = st.sampled_from(["records", "groups", "sketch", "x"]) | _TEXTS


def _read(data: bytes, limit: int | None = None, *, whole: bool = True) -> object:
    """``json_parts.read`` of ``data``; unless ``whole``, json.loads of the whole text is not to be needed."""
    with pytest.MonkeyPatch.context() as patch:
        if not whole:
            patch.setattr(json_parts._Source, "whole", not_whole)
        return json_parts.read(ShortReads(data), len(data) if limit is None else limit)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.tuples(_KEYS, _VALUES | st.lists(_VALUES, max_size=6)), max_size=6),
    st.sampled_from([None, 0, 1]),
    st.sampled_from([1, 2, 3, 7, 64]),
    st.sampled_from([4, 16]),
)
def test_read_a_few_bytes_at_a_time_gives_what_json_loads_gives(
    pairs: list, indent: int | None, piece: int, part: int
) -> None:
    """Pieces of 1 to 64 bytes cut characters of two to four bytes, numbers and words; parts of 4 and 16 bytes make
    most lists parts. The objects are json.loads's (ensure_ascii=False: the characters as UTF-8, not escaped)."""
    text = json.dumps(dict(pairs), indent=indent, ensure_ascii=False)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(json_parts, "_READ", piece)
        patch.setattr(json_parts, "_FIRST", part)
        patch.setattr(json_parts, "_PART", part)
        assert _read(text.encode("utf-8"), whole=False) == json.loads(text)
        assert json_parts.loads(text) == json.loads(text)


@pytest.mark.parametrize(
    "text",
    ['{"records": [1, 2,]}', '{"a": 1} x', '{"a": 1,}', '{"records": [', "", "[1, 2", '\ufeff{"a": 1}', "{1: 2}"],
)
@pytest.mark.parametrize("piece", [1, 5, 1 << 22])
def test_the_same_refusals_as_json_loads(text: str, piece: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(json_parts, "_READ", piece)
    with pytest.raises(ValueError) as expected:
        json.loads(text)
    with pytest.raises(ValueError) as raised:
        _read(text.encode("utf-8"))
    assert str(raised.value) == str(expected.value)


_BAD = [
    b'{"a": "\xff"}',  # a byte no character starts with
    b'{"a": "\xe4\xb8"}',  # a character cut short
    b'{"a": "\xed\xa0\x80"}',  # a surrogate's bytes
    b'{"a": "\xe4\xb8", "b": "' + b"x" * 300 + b'"}',  # cut short, then a long ASCII string
    b'{"a": [1, 2]}\n\xc3',  # after the object: a character the file ends in the middle of
    b'{"a": [1, 2]}\xe4\xb8\xad\xff',  # after the object, after a whole character
    b'{"a": "' + "中".encode() * 40 + b'\x80"}',  # far into the file, after many characters of three bytes
]


@pytest.mark.parametrize("data", [*_BAD, b'{"a": 1 \xff}'])  # the last: where the JSON is wrong too
@pytest.mark.parametrize("piece", [1, 2, 3, 1 << 22])
def test_bytes_not_utf8_are_named_as_decoding_the_whole_file_names_them(
    data: bytes, piece: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Named as the pieces are read (json.loads of the whole is not needed), or by json.loads's reading where
    the JSON is wrong before the bytes: the same byte either way."""
    monkeypatch.setattr(json_parts, "_READ", piece)
    with pytest.raises(UnicodeDecodeError) as expected:
        data.decode("utf-8")
    with pytest.raises(json_parts.NotUTF8) as raised:
        _read(data, whole=data not in _BAD)
    assert raised.value.at == expected.value.start


def test_a_file_longer_than_the_limit_is_refused_however_it_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    data = json.dumps({"records": list(range(1_000)), "b": "x" * 500}).encode()
    for piece in (7, 1 << 22):
        monkeypatch.setattr(json_parts, "_READ", piece)
        with pytest.raises(json_parts.TooLarge):
            _read(data, limit=len(data) - 1)
        assert _read(data, limit=len(data)) == json.loads(data)
    with pytest.raises(json_parts.TooLarge):  # refused by json.loads's reading of the whole too
        _read(b"[" + data + b"]", limit=len(data))


@pytest.mark.parametrize(
    "text",
    [
        '{"a": 1, "b": ' + str(10**300) + ', "c": true}',
        '{"a": 1, "b": [2, ' + str(-(10**300)) + ", " + "1.5e" + "0" * 200 + "1]}",
        '{"a": ' + str(10**70) + "}",
        '{"a": "' + "b" * 300 + '", "c": ' + "7" * 64 + "}",
    ],
)
def test_a_number_longer_than_the_bytes_it_is_first_decoded_from_is_read_whole(text: str) -> None:
    """A number cut at the end of the bytes a value is first decoded from is a number still: read on."""
    assert _read(text.encode(), whole=False) == json.loads(text)


def test_values_are_decoded_in_proportion_to_their_length(monkeypatch: pytest.MonkeyPatch) -> None:
    """Compact JSON has no end of a part: every record is decoded on its own, from the bytes after it. Those bytes
    follow the last value's length (a short record after a long one, a long one after short ones): the text given
    to the decoder stays within a few times the file's, and each value is read whole."""
    decoded: list[int] = []
    real = json_parts._DECODER.raw_decode

    def counted(text: str, at: int = 0) -> tuple[object, int]:
        decoded.append(len(text) - at)
        return real(text, at)

    monkeypatch.setattr(json_parts._DECODER, "raw_decode", counted)
    records = [{"path": f"f{n}", "note": "y" * (20_000 if n % 500 == 7 else n % 40)} for n in range(5_000)]
    records.append({"n": 10**400})  # a number longer than any piece it is first decoded from
    text = json.dumps({"records": records, "tail": 12345678901234567890}, separators=(",", ":"))
    assert _read(text.encode(), whole=False) == json.loads(text)
    assert len(decoded) > 5_000
    assert sum(decoded) <= 8 * len(text), f"{sum(decoded):,} characters decoded for {len(text):,}"


def _saved(tmp_path: Path) -> Path:
    folder = tmp_path / "docs"
    (folder / "更多").mkdir(parents=True)
    for name, text in [("a.txt", EN_A), ("a copy.txt", EN_A), ("b.txt", EN_B), ("中文.txt", ZH_A), ("o.txt", OTHER)]:
        make_file(folder / name, text)
    make_file(folder / "更多" / "中文 副本.txt", ZH_A + "。")
    session = FolderSession(scan(folder, Config(segmenter="words"), ScanOptions(workers=1, in_process=True)))
    saved = tmp_path / "R.json"
    save_results(saved, session, session.groups(K), K)
    return saved


@pytest.mark.parametrize("piece", [1, 13, 1 << 22])
def test_saved_results_are_read_from_the_file_alone(
    tmp_path: Path, piece: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A results file as written is read a piece at a time to its end, never by json.loads of the whole text
    (which would hold the file twice again): the same results, whatever the pieces."""
    saved = _saved(tmp_path)
    expected = read_results(saved, check_files=False)
    monkeypatch.setattr(json_parts, "_READ", piece)
    monkeypatch.setattr(json_parts._Source, "whole", not_whole)
    found = read_results(saved, check_files=False)
    assert found.result.files == expected.result.files
    assert found.laid == expected.laid and found.k == expected.k


def test_the_bytes_held_at_once_stay_far_below_the_file(monkeypatch: pytest.MonkeyPatch) -> None:
    """A file of 8 MB of records, read 64 KB at a time, a part at most 16 KB: the bytes held stay a few pieces,
    whatever the file's length (a million files' results are 1.7 GB)."""
    held = held_counted(monkeypatch)
    monkeypatch.setattr(json_parts, "_READ", 1 << 16)
    monkeypatch.setattr(json_parts, "_PART", 1 << 14)
    columns = {"path": [f"folder/file {n}.txt" for n in range(120_000)], "sketch": ["QUJD" * 40] * 120_000}
    text = json.dumps({"format": "f", "records": columns, "groups": [[n, n + 1] for n in range(20_000)]}, indent=1)
    assert len(text) > 8_000_000
    assert _read(text.encode(), whole=False) == json.loads(text)
    assert max(held) <= 4 * (1 << 16), f"{max(held):,} bytes held at once"
