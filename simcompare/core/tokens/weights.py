"""Weighting schemes: how much each distinct token pulls on the fingerprint (DESIGN.md §2, step 4)."""

from __future__ import annotations

import operator
import statistics
import threading
from collections import defaultdict
from collections.abc import Mapping, Sequence
from itertools import compress, repeat

from simcompare.core.compat import StrEnum

# Weights carry 11 decimals, as jieba's IDF values do (40,429 of its 270,178 words have 11): the
# fingerprint's sums are exact in units of 10^-11, and tf × idf loses nothing to the rounding.
WEIGHT_DECIMALS = 11


class Weighting(StrEnum):
    """How a distinct token's weight is found."""

    TF = "tf"  # how often the token occurs in the document
    TFIDF = "tfidf"  # tf × jieba's inverse document frequency (median for unknown words)
    TEXTRANK = "textrank"  # jieba's TextRank score over the document's own co-occurrence graph
    UNIFORM = "uniform"  # 1 per distinct token: a set, not a bag


class _IdfTable:
    """jieba's IDF table (``jieba/analyse/idf.txt``), read once on first use."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._idf: dict[str, float] | None = None
        self._median = 0.0

    def _load(self) -> dict[str, float]:
        with self._lock:
            if self._idf is None:
                from importlib.resources import files

                table: dict[str, float] = {}
                # Found through the jieba package: importing jieba.analyse would open idf.txt and never close it.
                text = (files("jieba") / "analyse" / "idf.txt").read_text(encoding="utf-8")
                for line in text.splitlines():
                    word, _, value = line.rpartition(" ")
                    if word:
                        table[word] = float(value)
                self._median = statistics.median(table.values())
                self._idf = table
        return self._idf

    def lookup(self, token: str) -> float:
        idf = self._load()
        return idf.get(token, self._median)

    @property
    def median(self) -> float:
        self._load()
        return self._median


IDF = _IdfTable()

# TextRank as jieba computes it: co-occurrence within a span of 5, damping 0.85, ten in-place sweeps
# over the nodes in sorted order, scores scaled by (w − min/10) / (max − min/10).
_TEXTRANK_SPAN = 5
_TEXTRANK_DAMPING = 0.85
_TEXTRANK_SWEEPS = 10


def textrank(sequence: Sequence[str]) -> dict[str, float]:
    """jieba's TextRank scores over a token sequence (already filtered of stop words and punctuation).

    jieba builds its graph from POS-filtered words of its own segmentation; here the graph is built from
    the tokens simcompare keeps, so every segmenter can use it. A token that never co-occurs with another
    (a one-token document) scores 1.
    """
    co_occurrence: dict[tuple[str, str], int] = defaultdict(int)
    for i, token in enumerate(sequence):
        for j in range(i + 1, min(i + _TEXTRANK_SPAN, len(sequence))):
            co_occurrence[(token, sequence[j])] += 1
    edges: dict[str, list[tuple[str, int]]] = defaultdict(list)
    for (a, b), weight in co_occurrence.items():
        edges[a].append((b, weight))
        edges[b].append((a, weight))
    if not edges:
        return {token: 1.0 for token in sequence}
    out_sum = {node: float(sum(w for _, w in links)) for node, links in edges.items()}
    score = dict.fromkeys(edges, 1.0 / len(edges))
    order = sorted(edges)
    for _ in range(_TEXTRANK_SWEEPS):
        for node in order:
            pull = sum(w / out_sum[other] * score[other] for other, w in edges[node])
            score[node] = (1 - _TEXTRANK_DAMPING) + _TEXTRANK_DAMPING * pull
    low, high = min(score.values()), max(score.values())
    scale = high - low / 10.0
    return {node: (s - low / 10.0) / scale for node, s in score.items()}


def weigh(
    counts: Mapping[str, int], weighting: Weighting | str = Weighting.TF, *, sequence: Sequence[str] = ()
) -> dict[str, float]:  # int is a float as far as the type checker goes (PEP 484 numeric tower)
    """Weights of the distinct tokens.

    Args:
        counts: Each kept token's count in the document.
        weighting: The scheme.
        sequence: The kept tokens in document order; only TextRank needs it.
    """
    weighting = Weighting(weighting)
    if weighting is Weighting.TF:
        return dict(counts)  # whole numbers: their sums are exact in any order
    if weighting is Weighting.UNIFORM:
        return dict.fromkeys(counts, 1.0)
    # Rounded as the sums use them (WEIGHT_DECIMALS), so the trace shows exactly what is summed.
    if weighting is Weighting.TFIDF:
        return {token: round(n * IDF.lookup(token), WEIGHT_DECIMALS) for token, n in counts.items()}
    ranks = textrank(sequence)
    return {token: round(ranks.get(token, 0.0), WEIGHT_DECIMALS) for token in counts}


def top_k(weights: Mapping[str, float], k: int | None) -> dict[str, float]:
    """The k heaviest tokens; ties go to the token that sorts first, so the choice never depends on order."""
    if k is None or k >= len(weights):
        return dict(weights)
    if k < 1:
        raise ValueError(f"top_k must be 1 or more (or None for every token), got {k}")
    # The k-th heaviest weight splits the tokens: all heavier ones stay, and ties at it go by text. This runs
    # once per document in a scan, so every pass over the tokens is a C loop (sort, compress), none Python's.
    values = list(weights.values())
    cut = sorted(values, reverse=True)[k - 1]
    kept = dict(compress(zip(weights, values, strict=True), map(operator.lt, repeat(cut), values)))
    ties = sorted(compress(weights, map(operator.eq, repeat(cut), values)))
    kept.update((t, cut) for t in ties[: k - len(kept)])
    return kept
