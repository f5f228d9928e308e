"""The bit helpers every layer uses: bit j from the left, similarity from a distance, words for numpy."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from simcompare.core.fingerprint.bitwise import bit_of, distance_similarity, set_bits, to_words, words_for

widths = st.integers(min_value=1, max_value=512)


@st.composite
def width_and_values(draw: st.DrawFn) -> tuple[int, list[int]]:
    bits = draw(widths)
    values = draw(st.lists(st.integers(min_value=0, max_value=2**bits - 1), min_size=0, max_size=8))
    return bits, values


def test_bit_zero_is_the_leftmost() -> None:
    # DESIGN.md: the fingerprint 100111 has bits 0, 3, 4 and 5 set
    value = 0b100111
    assert [bit_of(value, 6, j) for j in range(6)] == [1, 0, 0, 1, 1, 1]
    assert set_bits(value, 6) == (0, 3, 4, 5)
    assert set_bits(0b100101 ^ 0b101100, 6) == (2, 5)  # DESIGN.md's distance example: 2


@given(width_and_values())
def test_bits_read_as_the_binary_digits(case: tuple[int, list[int]]) -> None:
    bits, values = case
    for value in values:
        digits = format(value, f"0{bits}b")
        assert [bit_of(value, bits, j) for j in range(bits)] == [int(d) for d in digits]
        assert set_bits(value, bits) == tuple(j for j, d in enumerate(digits) if d == "1")


def test_similarity_is_the_share_of_agreeing_bits() -> None:
    assert distance_similarity(0, 64) == 1.0
    assert distance_similarity(64, 64) == 0.0
    assert distance_similarity(2, 6) == 1.0 - 2 / 6
    assert distance_similarity(1, 16) == 0.9375  # README's compare example


@given(width_and_values())
def test_words_hold_the_values_and_give_hamming_distances(case: tuple[int, list[int]]) -> None:
    bits, values = case
    table = to_words(values, bits)
    assert table.dtype == np.uint64 and table.shape == (len(values), max(1, -(-bits // 64)))
    rebuilt = [sum(int(word) << (64 * w) for w, word in enumerate(row)) for row in table]
    assert rebuilt == values
    for i, a in enumerate(values):
        distances = np.bitwise_count(table ^ table[i]).sum(axis=1)
        assert distances.tolist() == [bin(a ^ b).count("1") for b in values]


def test_words_for_counts_whole_words() -> None:
    assert [words_for(bits) for bits in (1, 63, 64, 65, 128, 129, 512)] == [1, 1, 1, 2, 2, 3, 8]
    # the block index's layout of wide values is the one to_words makes
    assert all(to_words([2**bits - 1], bits).shape == (1, words_for(bits)) for bits in (1, 64, 65, 512))
