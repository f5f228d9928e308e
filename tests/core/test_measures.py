"""The yardsticks SimHash approximates: cosine, Jaccard, edit distance, and the predicted Hamming distance."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import simcompare
from simcompare.core.explain.measures import edit_distance, yardsticks

FAST = settings(max_examples=150, deadline=None, database=None)


def _levenshtein(a: list[str], b: list[str]) -> int:
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, start=1):
        current = [i]
        for j, y in enumerate(b, start=1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y)))
        previous = current
    return previous[-1]


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ({"a": 1, "b": 1}, {"a": 1}, 1 / math.sqrt(2)),
        ({"a": 3, "b": 4}, {"a": 4, "b": 3}, 24 / 25),
        ({"a": 3, "b": 4}, {"a": 3, "b": 4}, 1.0),
        ({"a": 1, "b": 2}, {"a": 2, "b": 4}, 1.0),
        ({"a": 1}, {"b": 1}, 0.0),
        ({"x": 2, "y": 1, "z": 2}, {"x": 1, "z": 1, "w": 1}, 4 / (3 * math.sqrt(3))),
        ({}, {"a": 1}, 0.0),
        ({}, {}, 0.0),
    ],
)
def test_cosine(a, b, expected):
    assert simcompare.cosine(a, b) == pytest.approx(expected)
    assert simcompare.cosine(b, a) == pytest.approx(expected)


@FAST
@given(
    a=st.dictionaries(st.sampled_from("abcdef"), st.floats(0.01, 100)),
    b=st.dictionaries(st.sampled_from("abcdef"), st.floats(0.01, 100)),
)
def test_cosine_range(a, b):
    value = simcompare.cosine(a, b)
    assert 0.0 <= value <= 1.0
    if a:
        assert simcompare.cosine(a, a) == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ({"a", "b", "c"}, {"b", "c", "d"}, 2 / 4),
        ({"a"}, {"a"}, 1.0),
        ({"a"}, {"b"}, 0.0),
        ({"a", "b"}, set(), 0.0),
        (set(), set(), 1.0),
        ({"a": 5.0, "b": 1.0}, {"b": 9.0, "c": 1.0}, 1 / 3),  # weight maps: only the keys count
    ],
)
def test_jaccard(a, b, expected):
    assert simcompare.jaccard(a, b) == pytest.approx(expected)
    assert simcompare.jaccard(b, a) == pytest.approx(expected)


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        (["a", "b", "c"], ["a", "b", "c"], 1.0),
        (["a", "b", "c"], ["a", "x", "c"], 1 - 1 / 3),
        (["a", "b", "c"], ["a", "c"], 1 - 1 / 3),
        (["a", "b"], ["x", "y", "z", "w"], 0.0),
        (list("kitten"), list("sitting"), 1 - 3 / 7),
        (["北京", "上海"], ["上海", "北京"], 0.0),
        ([], ["a"], 0.0),
        ([], [], 1.0),
    ],
)
def test_edit_similarity(a, b, expected):
    assert simcompare.edit_similarity(a, b) == pytest.approx(expected)
    assert simcompare.edit_similarity(b, a) == pytest.approx(expected)


tokens = st.lists(st.sampled_from(["a", "b", "c", "d", "中", "文"]), max_size=12)


@FAST
@given(a=tokens, b=tokens)
def test_edit_distance_is_levenshtein(a, b):
    assert edit_distance(a, b) == _levenshtein(a, b)
    assert edit_distance(b, a) == _levenshtein(a, b)
    similarity = simcompare.edit_similarity(a, b)
    longest = max(len(a), len(b))
    assert similarity == pytest.approx(1 - _levenshtein(a, b) / longest if longest else 1.0)


@FAST
@given(a=st.lists(st.sampled_from(["x", "y"]), max_size=30), b=st.lists(st.sampled_from(["x", "y", "z"]), max_size=30))
def test_edit_distance_longer_lists(a, b):
    assert edit_distance(a, b) == _levenshtein(a, b)


def test_predicted_hamming():
    assert simcompare.predicted_hamming(1.0, 64) == 0
    assert simcompare.predicted_hamming(0.0, 64) == 32
    assert simcompare.predicted_hamming(-1.0, 64) == pytest.approx(64)
    assert simcompare.predicted_hamming(0.5, 128) == pytest.approx(128 / 3)
    assert simcompare.predicted_hamming(1.0 + 1e-12, 64) == 0  # rounding above 1 is clamped


def test_yardsticks_bundle():
    a = {"x": 1.0, "y": 1.0}
    b = {"x": 1.0}
    sticks = yardsticks(a, b, ["x", "y"], ["x"], 64)
    assert sticks.cosine == pytest.approx(1 / math.sqrt(2))
    assert sticks.jaccard == pytest.approx(0.5)
    assert sticks.edit_similarity == pytest.approx(0.5)
    assert sticks.predicted_hamming == pytest.approx(64 * math.acos(1 / math.sqrt(2)) / math.pi)
    assert sticks.predicted_hamming == pytest.approx(16)


@settings(max_examples=60, deadline=None, database=None)
@given(
    a=st.lists(st.sampled_from(["x", "y", "z"]), min_size=60, max_size=150),
    b=st.lists(st.sampled_from(["x", "y", "z", "w"]), min_size=60, max_size=150),
)
def test_edit_distance_past_one_machine_word(a, b):
    """The bit vectors are as long as the shorter sequence: carries must cross 64-bit word boundaries."""
    assert edit_distance(a, b) == _levenshtein(a, b)
