"""The toy example: typed weights and codes, computed by the core exactly as a text's weighted tokens are."""

from __future__ import annotations

import json
import re

import pytest

from simcompare.core.explain.teaching import partial_sums
from simcompare.core.explain.toy import (
    TOY_MAX_BYTES,
    TOY_MAX_ROWS,
    WORKED_EXAMPLE,
    ToyError,
    ToyExample,
    ToyProblem,
    ToyRow,
    load_toy,
    toy_json,
)
from simcompare.core.fingerprint.hashing import HASHERS
from simcompare.core.fingerprint.simhash import Config, fingerprint_weights
from simcompare.core.resources import resource


def test_the_bundled_toy_file_is_the_six_bit_worked_example():
    """DESIGN.md §2: A=5 100101, B=2 101011, C=3 100111, D=1 101111, E=4 111011 → 15, −7, −1, 3, 5, 15 → 100111."""
    toy = load_toy(resource("examples", "six-bit-toy.json").read_bytes())
    assert toy == WORKED_EXAMPLE
    a = toy.compare().a.fingerprint
    assert a.sums == (15, -7, -1, 3, 5, 15)
    assert a.binary == "100111"
    assert {t.token: (t.weight, a.code_binary(t)) for t in a.tokens} == {
        "A": (5, "100101"),
        "B": (2, "101011"),
        "C": (3, "100111"),
        "D": (1, "101111"),
        "E": (4, "111011"),
    }


def test_text_b_and_the_distance():
    comparison = WORKED_EXAMPLE.compare()
    b = comparison.b.fingerprint
    assert b.sums == (20, -12, 4, 8, 10, 20)  # D weighs 6: 15 + 5, −7 − 5, −1 + 5, …
    assert b.binary == "101111"
    assert comparison.distance == 1
    assert comparison.differing_bits == (2,)


def test_the_eight_bit_example_with_real_weights():
    toy = ToyExample(
        8, "md5", (ToyRow("上海", 45.11, "01011001"), ToyRow("北京", 32.09, "11001011")), (ToyRow("上海", 1),)
    )
    a = toy.compare().a.fingerprint
    assert a.sums == (-13.02, 77.2, -77.2, 13.02, 77.2, -77.2, -13.02, 77.2)
    assert a.binary == "01011001"


def test_a_code_not_typed_is_the_hashers():
    toy = ToyExample(16, "fnv1a64", (ToyRow("cat", 2), ToyRow("dog", 1, "1" * 16)), (ToyRow("cat", 1),))
    expected = fingerprint_weights({"cat": 2, "dog": 1}, Config(bits=16, hasher=_table_with(16, "fnv1a64")))
    assert toy.codes()["cat"] == format(HASHERS["fnv1a64"].code("cat", 16), "016b")
    assert toy.compare().a.fingerprint.sums == expected.sums


def _table_with(bits: int, hasher: str) -> dict[str, str]:
    return {"cat": format(HASHERS[hasher].code("cat", bits), f"0{bits}b"), "dog": "1" * bits}


def test_a_code_typed_in_one_text_holds_in_both():
    toy = ToyExample(3, "md5", (ToyRow("x", 1, "101"),), (ToyRow("x", 2),))
    assert toy.compare().b.fingerprint.binary == "101"


def test_the_json_round_trip():
    toy = ToyExample(4, "sha1", (ToyRow("a", 0.5, "1010"), ToyRow("b", 3)), ())
    assert load_toy(toy_json(toy)) == toy
    assert load_toy(toy_json(toy).encode("utf-8")) == toy


def test_partial_sums_add_the_tokens_one_at_a_time():
    fp = WORKED_EXAMPLE.compare().a.fingerprint
    assert [t.token for t in fp.tokens] == ["A", "E", "C", "B", "D"]  # heaviest first
    assert partial_sums(fp, 0) == (0,) * 6
    assert partial_sums(fp, 1) == (5, -5, -5, 5, -5, 5)
    assert partial_sums(fp, 2) == (9, -1, -1, 1, -1, 9)  # + E=4 111011
    assert partial_sums(fp, 3) == (12, -4, -4, 4, 2, 12)  # + C=3 100111
    assert partial_sums(fp, 5) == fp.sums
    with pytest.raises(ValueError, match="from 0 to the 5 tokens"):
        partial_sums(fp, 6)


def _data(**changes: object) -> dict[str, object]:
    data = json.loads(toy_json(WORKED_EXAMPLE))
    data.update(changes)
    return data


def _row(**changes: object) -> dict[str, object]:
    return {"token": "A", "weight": 1, "code": "100101", **changes}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (_data(format="other"), "'format' must be 'simcompare-toy'"),
        (_data(version=2), "version 2"),
        (_data(bits=0), "'bits' must be a whole number from 1 to 64, got 0"),
        (_data(bits=65), "from 1 to 64, got 65"),
        (_data(bits=True), "got True"),
        (_data(hasher="crc"), "'hasher' must be one of"),
        (_data(bits=40, hasher="jenkins", a=[], b=[]), "jenkins gives 32 bits, fewer than 40"),
        (_data(a="A B"), "'a' (text A) must be a list"),
        (_data(b=[_row()] * (TOY_MAX_ROWS + 1)), f"text B has {TOY_MAX_ROWS + 1} rows"),
        (_data(a=[_row(code="10010")]), "text A, row 1: the code of 'A' must be 6 digits 0 or 1"),
        (_data(a=[_row(code="10012x")]), "must be 6 digits 0 or 1"),
        (_data(a=[_row(code=100101)]), "must be 6 digits"),
        (_data(a=[_row(weight=-1)]), "text A, row 1: the weight of 'A' must be from 0"),
        (_data(a=[_row(weight="5")]), "must be a number, got '5'"),
        (_data(a=[_row(weight=1e301)]), "must be from 0 to 1e+09, got 1e+301"),
        (_data(a=[_row(token="")]), "text A, row 1: the token must be some text"),
        (_data(a=[_row(token="a b")]), "holds a space or a control character"),
        (_data(a=[_row(token="a\u202e")]), "holds a space or a control character"),
        (_data(a=[_row(token="x" * 41)]), "longer than 40 characters"),
        (_data(a=[_row(), _row()]), "text A, row 2: 'A' is already row 1"),
        (_data(a=[_row(extra=1)]), "an object with 'token', 'weight' and 'code'"),
        (_data(b=[_row(code="111111")]), "'A' has the code 100101 in text A and 111111 in text B"),
        ([1, 2], "not a toy example"),
    ],
)
def test_untrusted_toy_files_are_refused_with_a_reason(data: object, message: str):
    with pytest.raises(ToyError, match=_escaped(message)) as raised:
        load_toy(json.dumps(data))
    assert isinstance(raised.value.problem, ToyProblem)  # the window says it in its own words


def _escaped(message: str) -> str:
    return re.escape(message)


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b"\xff\xfe", "not UTF-8"),
        (b"{", "not JSON"),
        (b'{"bits": NaN}', "NaN is not a number JSON allows"),
        (b'{"a": [{"weight": Infinity}]}', "Infinity is not a number JSON allows"),
        (b"[" * 100_000, "nested too deeply"),
        (b" " * (TOY_MAX_BYTES + 1), "at most 256 KB"),
    ],
)
def test_files_that_are_not_toy_examples(raw: bytes, message: str):
    with pytest.raises(ToyError, match=_escaped(message)) as raised:
        load_toy(raw)
    assert isinstance(raised.value.problem, ToyProblem)
