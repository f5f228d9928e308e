"""The yardsticks SimHash approximates, shown beside it in the comparison (DESIGN.md §1, measures)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from simcompare.core import arguments

# Token-level edit distance is O(n·m); beyond this many cells it is left out rather than freeze anything.
MAX_EDIT_CELLS = 60_000_000


_ROUNDING = 1e-9  # a cosine computed in floats may stray this far past ±1


def cosine(a: Mapping[str, float], b: Mapping[str, float]) -> float:
    """Cosine of two weight vectors (0 when either is empty).

    Raises:
        TypeError: a vector is not a mapping of token to number.
        ValueError: a weight is NaN or infinite.
    """
    arguments.weights("a", a)
    arguments.weights("b", b)
    dot = sum(w * b[t] for t, w in a.items() if t in b)
    norm = math.sqrt(sum(w * w for w in a.values())) * math.sqrt(sum(w * w for w in b.values()))
    return min(1.0, dot / norm) if norm else 0.0


def jaccard(a: set[str] | Mapping[str, object], b: set[str] | Mapping[str, object]) -> float:
    """|A ∩ B| / |A ∪ B| of the token sets (1 when both are empty)."""
    sa, sb = set(a), set(b)
    union = len(sa | sb)
    return len(sa & sb) / union if union else 1.0


def predicted_hamming(cos: float, bits: int) -> float:
    """The Hamming distance random hyperplanes predict for an angle θ = arccos(cos): f·θ/π.

    Raises:
        TypeError, ValueError: ``cos`` is not a finite number from -1 to 1, or ``bits`` not a whole number of
            1 or more.
    """
    arguments.finite("cos", cos, -1.0 - _ROUNDING, 1.0 + _ROUNDING)
    arguments.whole("bits", bits, 1)
    return bits * math.acos(max(-1.0, min(1.0, cos))) / math.pi


def edit_distance(a: Sequence[str], b: Sequence[str]) -> int:
    """Levenshtein distance between two token sequences.

    Bit-parallel (Myers 1999, in Hyyrö's form for whole-sequence distance): one column of the distance
    table is held as two bit vectors of vertical +1 and −1 steps, one bit per token of the shorter
    sequence, and each token of the longer one updates the whole column with a few integer operations.
    Python's integers are as wide as needed, so this is O(n·m/64) word operations with O(n) Python
    steps; the row-by-row table took 60 ms on two 2,700-token texts, this takes 5.
    """
    if len(a) < len(b):
        a, b = b, a
    m = len(b)
    if m == 0:
        return len(a)
    matches: dict[str, int] = {}  # token → the positions in b where it stands, as bits
    for position, token in enumerate(b):
        matches[token] = matches.get(token, 0) | (1 << position)
    full = (1 << m) - 1
    last = 1 << (m - 1)
    plus, minus, score = full, 0, m  # vertical steps of the column left of the first token: all +1
    for token in a:
        eq = matches.get(token, 0)
        xv = eq | minus
        xh = ((((eq & plus) + plus) & full) ^ plus) | eq
        horizontal_plus = minus | (full ^ (xh | plus))
        horizontal_minus = plus & xh
        if horizontal_plus & last:
            score += 1
        elif horizontal_minus & last:
            score -= 1
        # The top row is 0, 1, 2, …: a +1 step enters at the bottom bit of every column.
        horizontal_plus = ((horizontal_plus << 1) | 1) & full
        horizontal_minus = (horizontal_minus << 1) & full
        plus = horizontal_minus | (full ^ (xv | horizontal_plus))
        minus = horizontal_plus & xv
    return score


def edit_similarity(a: Sequence[str], b: Sequence[str]) -> float | None:
    """1 − edit distance / longer length; None when the texts are too long to compare this way."""
    longest = max(len(a), len(b))
    if longest == 0:
        return 1.0
    if len(a) * len(b) > MAX_EDIT_CELLS:
        return None
    return 1.0 - edit_distance(a, b) / longest


@dataclass(frozen=True, slots=True)
class Yardsticks:
    """How alike two texts are by the measures SimHash stands in for."""

    cosine: float
    jaccard: float
    edit_similarity: float | None
    predicted_hamming: float


def yardsticks(
    weights_a: Mapping[str, float],
    weights_b: Mapping[str, float],
    sequence_a: Sequence[str],
    sequence_b: Sequence[str],
    bits: int,
) -> Yardsticks:
    """All yardsticks for two weighted texts and their kept-token sequences."""
    cos = cosine(weights_a, weights_b)
    return Yardsticks(
        cosine=cos,
        jaccard=jaccard(weights_a, weights_b),
        edit_similarity=edit_similarity(sequence_a, sequence_b),
        predicted_hamming=predicted_hamming(cos, bits),
    )
