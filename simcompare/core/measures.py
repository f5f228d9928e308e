"""The yardsticks SimHash approximates, shown beside it in the comparison (DESIGN.md §1, measures)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

# Token-level edit distance is O(n·m); beyond this many cells it is left out rather than freeze anything.
MAX_EDIT_CELLS = 60_000_000


def cosine(a: Mapping[str, float], b: Mapping[str, float]) -> float:
    """Cosine of two weight vectors (0 when either is empty)."""
    dot = sum(w * b[t] for t, w in a.items() if t in b)
    norm = math.sqrt(sum(w * w for w in a.values())) * math.sqrt(sum(w * w for w in b.values()))
    return min(1.0, dot / norm) if norm else 0.0


def jaccard(a: set[str] | Mapping[str, object], b: set[str] | Mapping[str, object]) -> float:
    """|A ∩ B| / |A ∪ B| of the token sets (1 when both are empty)."""
    sa, sb = set(a), set(b)
    union = len(sa | sb)
    return len(sa & sb) / union if union else 1.0


def predicted_hamming(cos: float, bits: int) -> float:
    """The Hamming distance random hyperplanes predict for an angle θ = arccos(cos): f·θ/π."""
    return bits * math.acos(max(-1.0, min(1.0, cos))) / math.pi


def edit_distance(a: Sequence[str], b: Sequence[str]) -> int:
    """Levenshtein distance between two token sequences.

    One numpy row at a time: deletions and substitutions are elementwise, and insertions within a row
    are a running minimum of (row − column) + column.
    """
    if len(a) < len(b):
        a, b = b, a
    if not b:
        return len(a)
    vocabulary: dict[str, int] = {}
    ids_b = np.array([vocabulary.setdefault(t, len(vocabulary)) for t in b], dtype=np.int64)
    columns = np.arange(len(b) + 1, dtype=np.int64)
    previous = columns.copy()
    for i, token in enumerate(a, start=1):
        same = ids_b == vocabulary.get(token, -1)
        current = np.empty_like(previous)
        current[0] = i
        current[1:] = np.minimum(previous[1:] + 1, previous[:-1] + (~same))
        current = np.minimum.accumulate(current - columns) + columns
        previous = current
    return int(previous[-1])


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
