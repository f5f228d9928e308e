"""Clear answers for bad values: hamming's inputs, weights whose sums overflow, k's range (issue 10)."""

from __future__ import annotations

import numpy as np
import pytest

from simcompare.core.fingerprint.simhash import Config, fingerprint_weights, hamming
from simcompare.core.search.index import find_near_pairs
from simcompare.core.search.verify import Decision


@pytest.mark.parametrize("bad", [-1, -(2**70)])
def test_hamming_rejects_negative_values(bad: int) -> None:
    with pytest.raises(ValueError, match="0 or more"):
        hamming(bad, 3)
    with pytest.raises(ValueError, match="0 or more"):
        hamming(3, bad)


@pytest.mark.parametrize("bad", [1.0, 1.5, "5", True, None, float("nan")])
def test_hamming_rejects_values_that_are_not_whole_numbers(bad: object) -> None:
    with pytest.raises(TypeError, match="whole number"):
        hamming(bad, 3)  # type: ignore[arg-type]


def test_hamming_takes_numpy_integers() -> None:
    assert hamming(np.uint64(0b1011), 0b0001) == 2


def test_weights_whose_sums_overflow_are_an_error() -> None:
    with pytest.raises(ValueError, match="overflows to infinity"):
        fingerprint_weights({"a": 1e308, "b": 1e308, "c": 1e308}, Config(bits=8, hasher="md5"))


@pytest.mark.parametrize("k", [-1, 64, 65])
def test_k_outside_0_to_bits_minus_1_is_refused(k: int) -> None:
    with pytest.raises(ValueError, match="between 0 and bits - 1 = 63"):
        Decision.for_bits(64, k)


@pytest.mark.parametrize("bits", [1, 8, 64])
def test_decision_and_index_agree_on_ks_range(bits: int) -> None:
    top = Decision.for_bits(bits, bits - 1).k
    assert len(find_near_pairs([0, 2**bits - 1], top, bits)) == 0  # bits apart: just beyond k
    assert len(find_near_pairs([0, 2 ** (bits - 1) - 1], top, bits)) == 1  # bits - 1 apart: within k
    with pytest.raises(ValueError):
        Decision.for_bits(bits, bits)
    with pytest.raises(ValueError):
        find_near_pairs([0, 1], bits, bits)
