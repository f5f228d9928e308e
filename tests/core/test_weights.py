"""Weighting (DESIGN.md §2 step 4): tf, tfidf with jieba's IDF, jieba's TextRank, uniform; top_k."""

from __future__ import annotations

import functools
import gc
import importlib
import statistics
import warnings
from collections import defaultdict
from pathlib import Path

import jieba
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import simcompare
from simcompare.core.fingerprint.simhash import extract_features
from simcompare.core.tokens.weights import textrank, top_k, weigh

FAST = settings(max_examples=60, deadline=None, database=None)

TEXT = (
    "自然语言处理是计算机科学领域与人工智能领域中的一个重要方向。它研究能实现人与计算机之间用自然语言"
    "进行有效通信的各种理论和方法。自然语言处理是一门融语言学、计算机科学、数学于一体的科学。"
    "SimHash is a locality sensitive hash; SimHash fingerprints find near duplicate web pages."
)


def _idf_table() -> dict[str, float]:
    """jieba's IDF table, read here independently of simcompare."""
    path = Path(jieba.__file__).parent / "analyse" / "idf.txt"
    table = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            word, value = line.split(" ")
            table[word] = float(value)
    return table


@pytest.fixture(scope="module")
def idf() -> dict[str, float]:
    return _idf_table()


def _weights(text: str, **config) -> dict[str, float]:
    return {t.token: t.weight for t in simcompare.fingerprint(text, simcompare.Config(**config)).tokens}


def test_tf_counts():
    weights = _weights("apple banana apple cherry apple banana", segmenter="words", weighting="tf")
    assert weights == {"apple": 3.0, "banana": 2.0, "cherry": 1.0}
    weights = _weights("苹果 香蕉 苹果 苹果", weighting="tf")
    assert weights == {"苹果": 3.0, "香蕉": 1.0}


def test_tf_matches_counts():
    features = extract_features(TEXT)
    assert features.weights == {t: float(n) for t, n in features.counts.items()}
    for token, n in features.counts.items():
        assert features.sequence.count(token) == n


def test_uniform():
    weights = _weights("apple banana apple cherry apple banana", segmenter="words", weighting="uniform")
    assert weights == {"apple": 1.0, "banana": 1.0, "cherry": 1.0}
    assert set(_weights(TEXT, weighting="uniform").values()) == {1.0}


def test_tfidf_known_and_unknown_words(idf):
    assert "zzqxv" not in idf
    median = statistics.median_high(idf.values())  # jieba's own median: sorted(values)[len // 2]
    assert median == sorted(idf.values())[len(idf) // 2]
    fp = simcompare.fingerprint("计算机 计算机 zzqxv 北京", simcompare.Config(weighting="tfidf"))
    weights = {t.token: t.weight for t in fp.tokens}
    assert set(weights) == {"计算机", "zzqxv", "北京"}
    assert weights["计算机"] == pytest.approx(2 * idf["计算机"])
    assert weights["北京"] == pytest.approx(idf["北京"])
    assert weights["zzqxv"] == pytest.approx(median)
    assert weights["zzqxv"] == pytest.approx(statistics.median(idf.values()))


def test_tfidf_is_tf_times_idf(idf):
    median = statistics.median_high(idf.values())
    features = extract_features(TEXT, simcompare.Config(weighting="tfidf"))
    assert features.weights
    for token, weight in features.weights.items():
        assert weight == pytest.approx(features.counts[token] * idf.get(token, median))


@functools.cache
def _jieba_graph_class() -> type:
    # Importing jieba.analyse builds its default TF-IDF extractor, which leaves idf.txt open (jieba 0.42).
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ResourceWarning)
        module = importlib.import_module("jieba.analyse.textrank")
        gc.collect()
    return module.UndirectWeightedGraph


def _jieba_textrank(sequence: tuple[str, ...]) -> dict[str, float]:
    """jieba's own TextRank graph and ranking, over the same kept tokens with jieba's span of 5."""
    graph = _jieba_graph_class()()
    co_occurrence: dict[tuple[str, str], int] = defaultdict(int)
    for i, word in enumerate(sequence):
        for j in range(i + 1, i + 5):
            if j >= len(sequence):
                break
            co_occurrence[(word, sequence[j])] += 1
    for (a, b), weight in co_occurrence.items():
        graph.addEdge(a, b, weight)
    return dict(graph.rank())


def test_textrank_is_jiebas():
    features = extract_features(TEXT, simcompare.Config(weighting="textrank"))
    expected = _jieba_textrank(features.sequence)
    assert features.weights.keys() == expected.keys()
    for token, weight in features.weights.items():
        assert weight == round(expected[token], 11)  # the weights carry 11 decimals, as the sums use them


@pytest.mark.parametrize(
    "text",
    [
        TEXT,
        "北京是中国的首都，上海是中国最大的城市。北京和上海都是直辖市。",
        "spam spam spam eggs",
        "lonely",
        "alpha beta",
    ],
)
def test_textrank_scores_in_unit_interval_with_top_one(text):
    weights = _weights(text, weighting="textrank")
    assert weights
    assert all(0 < w <= 1 for w in weights.values())
    assert max(weights.values()) == 1.0


@FAST
@given(st.lists(st.sampled_from(["a", "b", "c", "d", "e", "f", "g"]), min_size=1, max_size=40))
def test_textrank_property(sequence):
    ranks = textrank(sequence)
    assert set(ranks) == set(sequence)
    assert all(0 < r <= 1 for r in ranks.values())
    assert max(ranks.values()) == 1.0
    if len(sequence) > 1:
        expected = _jieba_textrank(tuple(sequence))
        assert ranks == pytest.approx(expected, rel=1e-12)


def test_weigh_directly():
    counts = {"x": 3, "y": 1}
    assert weigh(counts, "tf") == {"x": 3.0, "y": 1.0}
    assert weigh(counts, "uniform") == {"x": 1.0, "y": 1.0}
    with pytest.raises(ValueError):
        weigh(counts, "bm25")


# -------------------------------------------------------------------------------------------------- top_k

# Whole and fractional weights mixed (tf gives whole numbers, the other schemes fractions).
weight_maps = st.dictionaries(
    st.text(min_size=1, max_size=4),
    st.one_of(st.integers(1, 5), st.sampled_from([1.0, 2.0, 2.5, 0.125])),
    min_size=0,
    max_size=25,
)


def _expected_top(weights: dict[str, float], k: int) -> dict[str, float]:
    ranked = sorted(weights.items(), key=lambda item: (-item[1], item[0]))
    return dict(ranked[:k])


@FAST
@given(weights=weight_maps, k=st.integers(1, 30), data=st.data())
def test_top_k_keeps_heaviest_ties_by_text(weights, k, data):
    kept = top_k(weights, k)
    assert kept == _expected_top(weights, k)
    assert len(kept) == min(k, len(weights))
    shuffled = dict(data.draw(st.permutations(list(weights.items()))))
    assert top_k(shuffled, k) == kept
    if kept and len(weights) > k:
        lightest_kept = min(kept.values())
        assert all(w <= lightest_kept for t, w in weights.items() if t not in kept)


def test_top_k_none_keeps_all():
    weights = {"b": 1.0, "a": 2.0}
    assert top_k(weights, None) == weights


@pytest.mark.parametrize("k", [0, -1])
def test_top_k_rejects_nonpositive(k):
    with pytest.raises(ValueError, match="top_k"):
        top_k({"a": 1.0, "b": 2.0}, k)


def test_top_k_tie_break_example():
    weights = {"d": 2.0, "c": 5.0, "b": 2.0, "a": 2.0, "e": 1.0}
    assert list(top_k(weights, 3)) == ["c", "a", "b"]


@pytest.mark.parametrize("weighting", ["tf", "tfidf", "textrank", "uniform"])
@pytest.mark.parametrize("k", [1, 3, 8])
def test_top_k_through_config(weighting, k):
    full = extract_features(TEXT, simcompare.Config(weighting=weighting)).weights
    assert len(full) > k
    fp = simcompare.fingerprint(TEXT, simcompare.Config(weighting=weighting, top_k=k))
    assert {t.token: t.weight for t in fp.tokens} == _expected_top(full, k)
    alone = simcompare.fingerprint_weights(_expected_top(full, k))
    assert fp.value == alone.value
