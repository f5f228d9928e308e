"""Token hashers (DESIGN.md §2 step 5): the most significant f bits of each digest, read big-endian."""

from __future__ import annotations

import hashlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import simcompare
from simcompare.core.errors import UnknownTokenError
from simcompare.core.fingerprint.hashing import fnv1a64, jenkins_one_at_a_time

FAST = settings(max_examples=40, deadline=None, database=None)


# Independent implementations, anchored to published test vectors below.
def _fnv1a64(data: bytes) -> int:
    h = 0xCBF29CE484222325
    for byte in data:
        h ^= byte
        h = (h * 0x100000001B3) % 2**64
    return h


def _jenkins(data: bytes) -> int:
    h = 0
    for byte in data:
        h = (h + byte) % 2**32
        h = (h + (h << 10)) % 2**32
        h ^= h >> 6
    h = (h + (h << 3)) % 2**32
    h ^= h >> 11
    return (h + (h << 15)) % 2**32


def _digest(name: str, data: bytes) -> int:
    if name == "md5":
        return int.from_bytes(hashlib.md5(data).digest(), "big")
    if name == "sha1":
        return int.from_bytes(hashlib.sha1(data).digest(), "big")
    if name == "blake2b":
        return int.from_bytes(hashlib.blake2b(data, digest_size=64).digest(), "big")
    if name == "fnv1a64":
        return _fnv1a64(data)
    if name == "jenkins":
        return _jenkins(data)
    raise AssertionError(name)


DIGEST_BITS = {"md5": 128, "sha1": 160, "blake2b": 512, "fnv1a64": 64, "jenkins": 32}
WIDTHS = [1, 2, 7, 8, 13, 31, 32, 33, 63, 64, 65, 100, 127, 128, 129, 159, 160, 161, 200, 256, 511, 512]
REACHED = [(name, bits) for name, full in DIGEST_BITS.items() for bits in WIDTHS if bits <= full]
NOT_REACHED = [(name, bits) for name, full in DIGEST_BITS.items() for bits in WIDTHS if bits > full]
TOKENS = ["a", "中文", "SimHash", "北京", "😀", "the quick brown fox", ""]


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (b"", 0xCBF29CE484222325),
        (b"a", 0xAF63DC4C8601EC8C),
        (b"foobar", 0x85944171F73967E8),
    ],
)
def test_fnv1a64_vectors(data, expected):
    assert _fnv1a64(data) == expected
    assert fnv1a64(data) == expected


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (b"a", 0xCA2E9442),
        (b"The quick brown fox jumps over the lazy dog", 0x519E91F5),
    ],
)
def test_jenkins_vectors(data, expected):
    assert _jenkins(data) == expected
    assert jenkins_one_at_a_time(data) == expected


def test_named_hashers_are_the_documented_ones():
    assert {name: h.bits for name, h in simcompare.HASHERS.items()} == DIGEST_BITS
    assert simcompare.Config().hash_function.name == "md5"


@pytest.mark.parametrize(("name", "bits"), REACHED)
def test_code_is_top_bits_of_digest(name, bits):
    full = DIGEST_BITS[name]
    config = simcompare.Config(bits=bits, hasher=name)
    for token in TOKENS:
        expected = _digest(name, token.encode("utf-8")) >> (full - bits)
        assert config.hash_function.code(token, bits) == expected
        if token:
            fp = simcompare.fingerprint_weights({token: 1.5}, config)
            assert fp.value == expected
            assert fp.tokens[0].code == expected


@FAST
@given(token=st.text(max_size=20), name=st.sampled_from(sorted(DIGEST_BITS)), data=st.data())
def test_code_is_top_bits_of_digest_random(token, name, data):
    full = DIGEST_BITS[name]
    bits = data.draw(st.integers(1, full))
    code = simcompare.Config(bits=bits, hasher=name).hash_function.code(token, bits)
    assert code == _digest(name, token.encode("utf-8")) >> (full - bits)
    assert 0 <= code < 2**bits


@pytest.mark.parametrize(("name", "bits"), NOT_REACHED)
def test_too_wide_for_hasher(name, bits):
    able = {n for n, full in DIGEST_BITS.items() if full >= bits}
    with pytest.raises(ValueError) as raised:
        simcompare.Config(bits=bits, hasher=name)
    message = str(raised.value)
    assert str(bits) in message
    for other in able:
        assert other in message
    for other in set(DIGEST_BITS) - able - {name}:
        assert other not in message


def test_md5_at_200_bits_points_to_blake2b():
    with pytest.raises(ValueError, match="blake2b"):
        simcompare.Config(bits=200, hasher="md5")


@pytest.mark.parametrize("bits", [0, 513, 1024, -8])
@pytest.mark.parametrize("name", ["md5", "blake2b"])
def test_width_out_of_range(name, bits):
    with pytest.raises(ValueError, match="bits"):
        simcompare.Config(bits=bits, hasher=name)


def test_widest_and_narrowest():
    assert simcompare.Config(bits=512, hasher="blake2b").bits == 512
    assert simcompare.Config(bits=1, hasher="jenkins").bits == 1


# ------------------------------------------------------------------------------------------- callable


def test_callable_hasher():
    config = simcompare.Config(bits=8, hasher=lambda data: data[0])
    fp = simcompare.fingerprint_weights({"a": 1.0}, config)
    assert fp.value == ord("a")
    assert fp.binary == format(ord("a"), "08b")
    fp = simcompare.fingerprint_weights({"a": 1.0, "c": 3.0}, config)
    # a = 01100001 (+1), c = 01100011 (+3): sums −4, 4, 4, −4, −4, −4, 2, 4
    assert list(fp.sums) == [-4, 4, 4, -4, -4, -4, 2, 4]
    assert fp.binary == "01100011"


def test_callable_hasher_result_too_wide():
    config = simcompare.Config(bits=4, hasher=lambda data: 0xFF)
    with pytest.raises(ValueError, match="4-bit"):
        simcompare.fingerprint_weights({"a": 1.0}, config)


def test_callable_hasher_negative_result():
    config = simcompare.Config(bits=4, hasher=lambda data: -1)
    with pytest.raises(ValueError):
        simcompare.fingerprint_weights({"a": 1.0}, config)


def test_hasher_of_wrong_type():
    with pytest.raises(TypeError):
        simcompare.Config(hasher=42)


# ---------------------------------------------------------------------------------------------- table


def test_table_hasher_codes():
    hasher = simcompare.table_hasher({"x": "0110", "y": "1001"})
    assert hasher.bits == 4
    assert hasher.code("x", 4) == 0b0110
    assert hasher.code("y", 4) == 0b1001
    assert hasher.code("x", 2) == 0b01  # the most significant bits, like any digest


def test_table_wider_than_fingerprint_gives_top_bits():
    fp = simcompare.fingerprint_weights({"x": 1}, simcompare.Config(bits=3, hasher={"x": "101100"}))
    assert fp.binary == "101"


def test_table_narrower_than_fingerprint():
    with pytest.raises(ValueError, match="md5"):
        simcompare.Config(bits=8, hasher={"x": "101"})


@pytest.mark.parametrize("table", [{"a": "101", "b": "10"}, {"a": "1", "b": "10", "c": "100"}])
def test_table_mixed_lengths(table):
    with pytest.raises(ValueError, match="same length"):
        simcompare.table_hasher(table)
    with pytest.raises(ValueError, match="same length"):
        simcompare.Config(bits=2, hasher=table)


@pytest.mark.parametrize("code", ["10a", "1 0", "2", "", "0b1", "１０"])
def test_table_non_binary(code):
    with pytest.raises(ValueError, match="0s and 1s"):
        simcompare.table_hasher({"a": code})
    if code:
        with pytest.raises(ValueError):
            simcompare.Config(bits=len(code), hasher={"a": code})


def test_table_missing_token():
    config = simcompare.Config(bits=3, hasher={"a": "101", "b": "011"})
    with pytest.raises(UnknownTokenError, match="no code for 'zzz'") as raised:
        simcompare.fingerprint_weights({"a": 1, "zzz": 2}, config)
    assert raised.value.token == "zzz" and raised.value.code == "unknown_token"
    assert isinstance(raised.value, KeyError)  # code that caught the KeyError of a dict lookup still does
    with pytest.raises(KeyError, match="zzz"):
        simcompare.fingerprint("a zzz", simcompare.Config(bits=3, hasher={"a": "101"}, segmenter="words"))
