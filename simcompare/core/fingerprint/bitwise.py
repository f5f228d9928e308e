"""The few facts about fingerprint bits that every layer needs, written once (DESIGN.md §2, steps 7 and 9).

Bit j of an f-bit value counts from the left: j = 0 is the most significant bit. Similarity is
1 − distance / f. Many fingerprints at once are compared as numpy arrays of 64-bit words, word 0 the lowest.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

WORD = 64  # bits in one numpy word


def bit_of(value: int, bits: int, j: int) -> int:
    """Bit ``j`` (0 = leftmost) of the ``bits``-bit integer ``value``: 0 or 1."""
    return (value >> (bits - 1 - j)) & 1


def set_bits(value: int, bits: int) -> tuple[int, ...]:
    """The positions (0 = leftmost) of the 1 bits of a ``bits``-bit value, in order."""
    return tuple(j for j in range(bits) if bit_of(value, bits, j))


def distance_similarity(distance: int, bits: int) -> float:
    """1 − distance / f: the share of the f bits on which two fingerprints agree."""
    return 1.0 - distance / bits


def words_for(bits: int) -> int:
    """How many 64-bit words hold a ``bits``-bit value (at least one)."""
    return max(1, -(-bits // WORD))


def to_words(values: Sequence[int] | npt.NDArray[np.uint64], bits: int) -> npt.NDArray[np.uint64]:
    """Non-negative integers below 2**bits as an (n, words) array of 64-bit words, word 0 the lowest.

    XOR and ``np.bitwise_count`` over the last axis, summed, give Hamming distances at any width. (The
    block index keeps a flat array up to 64 bits, for speed; wider, it takes this one.)

    Raises:
        OverflowError: a value is negative or needs more than ``bits`` rounded up to whole words.
    """
    words = words_for(bits)
    if words == 1 and isinstance(values, np.ndarray) and values.dtype == np.uint64:
        return values.reshape(-1, 1)  # already words (a session's fingerprints)
    if words == 1:
        return np.array([int(v) for v in values], dtype=np.uint64).reshape(-1, 1)
    raw = b"".join(int(v).to_bytes(words * 8, "little") for v in values)
    return np.frombuffer(raw, dtype="<u8").astype(np.uint64).reshape(-1, words)
