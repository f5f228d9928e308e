"""A hostile review of saved results read straight from the file a piece at a time (``json_parts.read``): what it
holds when a text falls back to ``json.loads`` of the whole, numbers cut by the window a value is decoded from,
the lists of the top object read a part at a time, and refusals the same as ``json.loads``'s.

Tests marked in their docstring as FINDING fail on the code reviewed: they document a bug. The others pass: they
are attacks that were refused or read as they should be, kept because the suite did not hold them yet."""

from __future__ import annotations

import base64
import io
import json
import random
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from helpers.short_reads import ShortReads, held_counted, not_whole

from simcompare.core.formats import json_parts
from simcompare.core.formats.results import read_results
from simcompare.core.formats.saved_parts import PARSERS


def _outcome(read: Callable[[], object]) -> tuple[str, object]:
    """What ``read`` gives: its value, or the error it raises (NotUTF8 as the byte it names)."""
    try:
        return "value", read()
    except json_parts.NotUTF8 as error:
        return "not UTF-8", error.at
    except UnicodeDecodeError as error:
        return "not UTF-8", error.start
    except RecursionError:
        return "too deep", None
    except ValueError as error:
        return type(error).__name__, str(error)


def _peak(read: Callable[[], object]) -> int:
    """The most bytes Python's allocators held at once while ``read`` ran (a ValueError is what it gives)."""
    tracemalloc.start()
    try:
        read()
    except ValueError:
        pass
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return peak


def _results_like(records: int) -> dict[str, Any]:
    """The members saved results hold, records as columns (as written: format version 3)."""
    return {
        "format": "simcompare-scan",
        "version": 3,
        "settings": {"k": 3, "root": "/data"},
        "files": records,
        "groups": [{"reference": n, "members": [n, n + 1]} for n in range(0, records, 50)],
        "problems": [{"path": f"sub/unread {n}.txt", "error": "Permission denied"} for n in range(records // 10)],
        "empty": [f"sub/empty {n}.txt" for n in range(records // 4)],
        "records": {
            "path": [f"folder/file {n}.txt" for n in range(records)],
            "size": list(range(records)),
            "sketch": ["QUJD" * 30] * records,
        },
        "cleaner": {"marked": [f"folder/file {n}.txt" for n in range(0, records, 2)], "references": []},
    }


# ------------------------------------------------------------------------------ a text json.loads reads again


def test_a_text_read_again_whole_is_not_asked_for_the_limit_at_once(tmp_path: Path) -> None:
    """FINDING: ``whole`` read the file again with ``handle.read(limit + 1)``, and a buffered file makes the bytes
    asked for before it reads (then gives back what is left): 4 GiB for any results file ``json.loads`` reads, a
    file of seven bytes too (not a top-level object, or anything the parts do not take). Where memory is committed
    as it is asked for (Windows; Linux with strict overcommit), a MemoryError; elsewhere 4 GiB of address space."""
    path = tmp_path / "small.json"
    for text in ("[1, 2, 3]", '{"a": 1} x', '{"a": tru}'):
        path.write_text(text, encoding="utf-8")

        def read() -> object:
            with path.open("rb") as handle:
                return json_parts.read(handle, 1 << 28)

        assert _outcome(read) == _outcome(lambda text=text: json.loads(text))
        assert _peak(read) < 3 * json_parts._READ, text  # the piece the parser reads first is asked for whole


@pytest.mark.parametrize("spoilt", ["trailing", "truncated", "bad token"])
def test_a_text_json_loads_reads_again_is_held_no_more_than_json_loads_holds_it(tmp_path: Path, spoilt: str) -> None:
    """FINDING: a results file the parts do not take to its end (a byte after it, cut short, a bad word) is read
    again whole for ``json.loads``, which gives its message. Meanwhile the parser's held bytes, the objects it had
    parsed (kept alive by the traceback of the error being handled) and the file's bytes read again as a list of
    pieces and joined were all held beside the text: 4 times the file, where reading and decoding the file as it
    was done before held it twice. Now the peak is ``json.loads``'s own, within a few per cent."""
    data = json.dumps(_results_like(40_000), indent=1, ensure_ascii=False).encode()
    if spoilt == "trailing":
        data += b" x"
    elif spoilt == "truncated":
        data = data[: len(data) - 40]
    else:
        data = data.replace(b'"files": 40000', b'"files": tru')
    path = tmp_path / "spoilt.json"
    path.write_bytes(data)

    def read() -> object:
        with path.open("rb") as handle:
            return json_parts.read(handle, len(data), parsers=PARSERS)

    assert _outcome(read) == _outcome(lambda: json.loads(data.decode("utf-8")))
    baseline = _peak(lambda: json.loads(path.read_bytes().decode("utf-8")))
    peak = _peak(read)
    assert peak <= 1.1 * baseline, f"{peak:,} bytes at most for {baseline:,} (file {len(data):,})"


# ------------------------------------------------------------------------------ the window a value is decoded from


@pytest.mark.parametrize("number", ["1" + "0" * 62 + "e5", "-1" + "0" * 61 + "e+5", "1" * 63 + "E-5", "7" * 63 + ".5"])
@pytest.mark.parametrize("where", ['{{"a": {}}}', '{{"records": [{}]}}', '{{"records": {{"size": [{}, 1]}}, "b": 1}}'])
def test_a_number_cut_after_its_point_or_its_exponent_is_read_on(
    number: str, where: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """FINDING: a number longer than the 64 bytes a value is first decoded from, cut just after its ``.``, ``e``
    or ``e+``, was decoded as the number before them (``1.000…`` then ``.``); the parser then met the rest, not
    a comma, and the whole file was read again for ``json.loads`` (twice its size held) though it is JSON."""
    text = where.format(number)
    monkeypatch.setattr(json_parts._Source, "whole", not_whole)
    assert json_parts.read(ShortReads(text.encode()), len(text)) == json.loads(text)


# ------------------------------------------------------------------------------ every list of the top object


def test_every_list_of_the_top_object_is_read_a_part_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """FINDING: of the top object's lists only ``records`` and ``groups`` were read a part at a time; ``problems``,
    ``empty`` and the ``cleaner``'s ``marked`` (a million files: tens of megabytes each) were decoded as one value,
    from a window grown four times at a go past it: the bytes held were up to four times the list, copied twice
    more to decode them (a 45 MB list of empty files: 64 MB held, 190 MB at once), and the interpreter's lock held
    for the whole list. The module says the lists of a top-level object are read in parts: now all are."""
    held = held_counted(monkeypatch)
    monkeypatch.setattr(json_parts._Source, "whole", not_whole)
    monkeypatch.setattr(json_parts, "_READ", 1 << 16)
    monkeypatch.setattr(json_parts, "_PART", 1 << 14)
    saved = _results_like(60_000)
    text = json.dumps(saved, indent=1, ensure_ascii=False)
    for name in ("problems", "empty"):
        assert len(json.dumps(saved[name], indent=1)) > 4 * (1 << 16)
    assert json_parts.read(io.BytesIO(text.encode()), len(text)) == saved
    assert max(held) <= 4 * (1 << 16), f"{max(held):,} bytes held at once"


def test_a_sketch_outside_the_records_is_read_as_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """Lists of the top object's other objects are read in parts too, but only the records' ``sketch`` column is
    decoded from base64 as it is parsed: another ``sketch`` is the text json.loads gives."""
    monkeypatch.setattr(json_parts, "_FIRST", 4)
    monkeypatch.setattr(json_parts, "_PART", 4)
    saved = {"cleaner": {"sketch": ["QUJD"] * 50}, "sketch": ["QUJD"] * 50, "records": {"sketch": ["QUJD"] * 50}}
    text = json.dumps(saved, indent=1)
    read = json_parts.read(io.BytesIO(text.encode()), len(text), parsers=PARSERS)
    assert isinstance(read, dict)
    assert read["cleaner"] == saved["cleaner"] and read["sketch"] == saved["sketch"]
    sketches = read["records"]["sketch"]  # the first items are parsed one at a time, by json: text
    assert [s if isinstance(s, str) else base64.b64encode(s).decode() for s in sketches] == saved["sketch"]
    assert any(isinstance(s, bytes) for s in sketches)


# ------------------------------------------------------------------------------ refusals: the same as json.loads's


@pytest.mark.parametrize("digits", [4_300, 4_301, 20_000])
@pytest.mark.parametrize(
    "where",
    [
        '{{"a": {}}}',
        '{{"records": {{"size": [\n1,\n2,\n{},\n3\n]}}}}',
        '{{"groups": [1,2,3,4,5,6,7,8,{}]}}',
        '{{"b": [1, {{"c": -{}}}]}}',
    ],
)
@pytest.mark.parametrize("piece", [7, 1 << 22])
def test_an_integer_longer_than_python_converts_is_refused_as_json_loads_refuses_it(
    digits: int, where: str, piece: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Python converts at most 4,300 digits to an int (``sys.get_int_max_str_digits``): ``json.loads`` raises a
    ValueError past them. Read in parts (msgspec refuses such a number: json reads that part), decoded from a
    window that grows, or read again whole: the same integer, or the same refusal."""
    monkeypatch.setattr(json_parts, "_READ", piece)
    monkeypatch.setattr(json_parts, "_FIRST", 4)
    monkeypatch.setattr(json_parts, "_PART", 4)
    text = where.format("9" * digits)
    assert _outcome(lambda: json_parts.read(ShortReads(text.encode()), len(text))) == _outcome(lambda: json.loads(text))


def test_an_integer_too_long_is_not_a_results_file(tmp_path: Path) -> None:
    path = tmp_path / "long.json"
    path.write_text('{"format": "simcompare-scan", "files": ' + "1" * 5_000 + "}", encoding="utf-8")
    with pytest.raises(ValueError, match=r"^not a results file: Exceeds the limit \(4300 digits\)"):
        read_results(path, check_files=False)


_PIECES = [
    *'{}[],:"\\u01-.eE+ \n\r\t',
    "true",
    "null",
    "NaN",
    '"records"',
    '"groups"',
    '"sketch"',
    '"QUJD"',
    "\u2028",
    "é",
    "\\ud800",
    "9" * 70,
    "1e400",
    ",\n",
    "},\n",
    "\n]",
    "\n  ]",
    "\x00",
    "\ufeff",
]


@pytest.mark.parametrize("seed", range(40))
def test_spoilt_results_are_read_or_refused_as_json_loads_reads_or_refuses_them(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Results-like texts with a few characters put in, taken out or repeated (the structure's, escapes, numbers
    beyond a float, a BOM, NUL, a byte not UTF-8), read a few bytes at a time in small parts and a file's piece at a
    time in the usual ones: the same objects, the same message, the same first bad byte as json.loads of the
    decoded text. (96,000 such readings held in the review; these are a sample.)"""
    rng = random.Random(seed)
    for _ in range(25):
        saved = _results_like(rng.randrange(0, 40))
        if rng.random() < 0.4:
            saved["records"] = [{"path": f"f{n}", "sketch": "QUJD", "more": [n, {"c": "é"}]} for n in range(20)]
        text = json.dumps(saved, indent=rng.choice([None, 0, 1, 2]), ensure_ascii=rng.random() < 0.5)
        for _ in range(rng.randint(1, 3)):
            at, odds = rng.randrange(len(text) + 1), rng.random()
            if odds < 0.4:
                text = text[:at] + rng.choice(_PIECES) + text[at:]
            elif odds < 0.7:
                text = text[:at] + text[at + rng.randint(1, 3) :]
            else:
                source = rng.randrange(len(text) + 1)
                text = text[:at] + text[source : source + rng.randint(1, 5)] + text[at:]
        data = text.encode("utf-8", "surrogatepass")
        if rng.random() < 0.1:
            at = rng.randrange(len(data) + 1)
            data = data[:at] + bytes([rng.choice([0x80, 0xFF, 0xC3, 0xE4, 0xED])]) + data[at:]
        expected = _outcome(lambda data=data: json.loads(data.decode("utf-8")))
        for piece, part in ((rng.choice([1, 2, 3, 5, 17]), rng.choice([4, 16, 64])), (1 << 22, 1 << 18)):
            monkeypatch.setattr(json_parts, "_READ", piece)
            monkeypatch.setattr(json_parts, "_FIRST", part)
            monkeypatch.setattr(json_parts, "_PART", part)
            found = _outcome(lambda data=data: json_parts.read(ShortReads(data), len(data) + 3))
            assert repr(found) == repr(expected), data


def _deepest(where: str) -> int:
    """The most lists nested in one another at ``where`` that ``json.loads`` reads, called as deep as the reading
    (``_outcome``) calls it."""
    low, high = 1, 5_000
    while low < high:
        middle = (low + high + 1) // 2
        text = where.format("[" * middle + "]" * middle)
        if _outcome(lambda text=text: json.loads(text))[0] == "value":
            low = middle
        else:
            high = middle - 1
    return low


@pytest.mark.parametrize(
    "where",
    ['{{"a": {}}}', '{{"a": [1, {}]}}', '{{"records": {{"path": [\n{}\n]}}}}', '{{"cleaner": {{"marked": [{}]}}}}'],
)
def test_values_nested_a_few_levels_less_deeply_than_json_loads_reads_them_are_read(where: str) -> None:
    """The interpreter's depth limit counts the frames of the calls that parse as well as the nesting: ``json``
    reads a part (or decodes a value) some ten frames below ``read``, from the part's own nesting. Within a level
    or two of the deepest text ``json.loads`` reads (called as deep as ``read`` is), the two may differ (the
    module says so); a few levels less deep, the same objects; much deeper, the same RecursionError."""
    deepest = _deepest(where)
    assert 100 < deepest < 5_000
    for depth in (deepest - 4, deepest + 40):
        text = where.format("[" * depth + "]" * depth)
        expected = _outcome(lambda text=text: json.loads(text))
        assert expected[0] == ("value" if depth < deepest else "too deep")
        assert _outcome(lambda text=text: json_parts.read(io.BytesIO(text.encode()), len(text))) == expected
