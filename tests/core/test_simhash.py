"""SimHash itself: DESIGN.md §2 steps 5–9, the worked examples, and the properties the contract implies."""

from __future__ import annotations

import hashlib
import math
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import simcompare
import simcompare.core.tokens.weights
from simcompare.core.defaults import default_k
from simcompare.core.fingerprint.simhash import fingerprint_value

FAST = settings(max_examples=60, deadline=None, database=None)

# ------------------------------------------------------------------------------------- worked examples

# (name, bits, {token: (weight, code)}, sums, fingerprint) exactly as DESIGN.md §2 gives them.
WORKED_EXAMPLES = [
    (
        "six-bit teaching example",
        6,
        {
            "A": (5, "100101"),
            "B": (2, "101011"),
            "C": (3, "100111"),
            "D": (1, "101111"),
            "E": (4, "111011"),
        },
        [15, -7, -1, 3, 5, 15],
        "100111",
    ),
    (
        "three hyperplanes",
        3,
        {
            "w1": (1, "101"),
            "w2": (2, "011"),
            "w3": (0, "111"),
            "w4": (3, "001"),
            "w5": (0, "110"),
        },
        [-4, -2, 6],
        "001",
    ),
    (
        "two dimensions",
        2,
        {"d0": (3, "10"), "d1": (2, "01"), "d2": (4, "11")},
        [5, 3],
        "11",
    ),
    (
        "eight bits, real weights",
        8,
        {"上海": (45.11, "01011001"), "北京": (32.09, "11001011")},
        [-13.02, 77.20, -77.20, 13.02, 77.20, -77.20, -13.02, 77.20],
        "01011001",
    ),
]


def _example_fingerprint(bits: int, table: dict[str, tuple[float, str]]) -> simcompare.Fingerprint:
    weights = {token: weight for token, (weight, _) in table.items()}
    codes = {token: code for token, (_, code) in table.items()}
    return simcompare.fingerprint_weights(weights, simcompare.Config(bits=bits, hasher=codes))


@pytest.mark.parametrize(
    ("bits", "table", "sums", "expected"),
    [pytest.param(*case[1:], id=case[0]) for case in WORKED_EXAMPLES],
)
def test_worked_example(bits, table, sums, expected):
    fp = _example_fingerprint(bits, table)
    assert list(fp.sums) == pytest.approx(sums)
    assert fp.binary == expected
    assert fp.value == int(expected, 2)
    assert fp.bits == bits
    assert not fp.empty


@pytest.mark.parametrize(
    ("bits", "table"),
    [pytest.param(case[1], case[2], id=case[0]) for case in WORKED_EXAMPLES],
)
def test_worked_example_trace(bits, table):
    """The trace lists every token of non-zero weight with its given code, heaviest first."""
    fp = _example_fingerprint(bits, table)
    live = sorted(((w, t) for t, (w, _) in table.items() if w != 0), key=lambda item: (-item[0], item[1]))
    assert [t.token for t in fp.tokens] == [t for _, t in live]
    for trace in fp.tokens:
        weight, code = table[trace.token]
        assert trace.weight == weight
        assert fp.code_binary(trace) == code


@pytest.mark.parametrize(
    ("bits", "table", "expected"),
    [pytest.param(case[1], case[2], case[4], id=case[0]) for case in WORKED_EXAMPLES],
)
def test_worked_example_with_callable_hasher(bits, table, expected):
    """A callable bytes -> int hasher is as good as a table."""
    codes = {token.encode("utf-8"): int(code, 2) for token, (_, code) in table.items()}
    weights = {token: weight for token, (weight, _) in table.items()}
    fp = simcompare.fingerprint_weights(weights, simcompare.Config(bits=bits, hasher=codes.__getitem__))
    assert fp.binary == expected


@pytest.mark.parametrize(
    ("a", "b", "distance"),
    [("100101", "101100", 2), ("00101110", "00001111", 2)],
)
def test_worked_distance(a, b, distance):
    assert simcompare.hamming(int(a, 2), int(b, 2)) == distance
    assert simcompare.hamming(int(b, 2), int(a, 2)) == distance


def test_distance_and_similarity_of_fingerprints():
    six = WORKED_EXAMPLES[0]
    fp = _example_fingerprint(six[1], six[2])  # 100111
    other = simcompare.Fingerprint(int("101100", 2), 6)
    assert simcompare.hamming(fp, other) == 3
    assert simcompare.similarity(fp, other) == pytest.approx(1 - 3 / 6)
    assert simcompare.similarity(fp, fp) == 1.0


def test_hamming_refuses_different_widths():
    with pytest.raises(ValueError, match="bit"):
        simcompare.hamming(simcompare.Fingerprint(0, 8), simcompare.Fingerprint(0, 16))


def test_zero_sum_gives_zero_bit():
    """Step 7: bit j is 1 iff V[j] > 0; a sum of exactly zero gives 0 (and the text is not empty)."""
    fp = simcompare.fingerprint_weights({"a": 2, "b": 2}, simcompare.Config(bits=2, hasher={"a": "10", "b": "01"}))
    assert list(fp.sums) == [0, 0]
    assert fp.binary == "00"
    assert not fp.empty


# ---------------------------------------------------------------------------------------- properties

tokens = st.text(min_size=1, max_size=6)
int_weight_maps = st.dictionaries(tokens, st.integers(1, 1000), min_size=1, max_size=20)
float_weight_maps = st.dictionaries(
    tokens, st.floats(min_value=1e-3, max_value=1e3, allow_nan=False), min_size=1, max_size=20
)
widths = st.integers(1, 128)


def _md5_code(token: str, bits: int) -> int:
    digest = hashlib.md5(token.encode("utf-8")).digest()
    return int.from_bytes(digest, "big") >> (128 - bits)


@FAST
@given(weights=int_weight_maps, bits=widths, data=st.data())
def test_token_order_is_irrelevant(weights, bits, data):
    config = simcompare.Config(bits=bits)
    shuffled = dict(data.draw(st.permutations(list(weights.items()))))
    a = simcompare.fingerprint_weights(weights, config)
    b = simcompare.fingerprint_weights(shuffled, config)
    assert a.value == b.value
    assert a.sums == b.sums
    assert a.tokens == b.tokens


@FAST
@given(weights=float_weight_maps, data=st.data())
def test_token_order_is_irrelevant_for_real_weights(weights, data):
    """Sums are taken in a canonical order, so even float rounding cannot depend on insertion order."""
    shuffled = dict(data.draw(st.permutations(list(weights.items()))))
    a = simcompare.fingerprint_weights(weights)
    b = simcompare.fingerprint_weights(shuffled)
    assert a.value == b.value
    assert a.sums == b.sums


@FAST
@given(
    weights=int_weight_maps,
    bits=widths,
    factor=st.one_of(st.integers(1, 1000), st.sampled_from([0.5, 0.25, 0.125, 1024.0, 2.0**20])),
)
def test_scaling_all_weights_changes_nothing(weights, bits, factor):
    config = simcompare.Config(bits=bits)
    base = simcompare.fingerprint_weights(weights, config)
    scaled = simcompare.fingerprint_weights({t: w * factor for t, w in weights.items()}, config)
    assert scaled.value == base.value
    assert list(scaled.sums) == [s * factor for s in base.sums]


@FAST
@given(token=tokens, weight=st.floats(min_value=1e-6, max_value=1e6), bits=widths)
def test_single_token_fingerprint_is_its_code(token, weight, bits):
    fp = simcompare.fingerprint_weights({token: weight}, simcompare.Config(bits=bits, hasher="md5"))
    code = _md5_code(token, bits)
    assert fp.value == code
    assert fp.tokens[0].code == code
    w = round(weight, 11)  # the contract rounds every weight to 11 decimals
    assert fp.tokens[0].weight == w
    assert list(fp.sums) == [w if bit == "1" else -w for bit in format(code, f"0{bits}b")]


def _exact_sums(weights: dict[str, float], bits: int) -> list[Fraction]:
    """The contract by hand: every weight rounded to 11 decimals, summed as exact fractions."""
    exact = [Fraction(0)] * bits
    for token, weight in weights.items():
        w = Fraction(round(Fraction(weight) * 10**11), 10**11)
        code = format(_md5_code(token, bits), f"0{bits}b")
        for j, bit in enumerate(code):
            exact[j] += w if bit == "1" else -w
    return exact


@FAST
@given(weights=float_weight_maps, bits=widths)
def test_sums_and_bits_follow_the_contract(weights, bits):
    """V[j] = Σ weight × (±1 by bit j of the md5 code) exactly, and bit j is 1 iff V[j] > 0."""
    fp = simcompare.fingerprint_weights(weights, simcompare.Config(bits=bits))
    exact = _exact_sums(weights, bits)
    assert list(fp.sums) == [float(v) for v in exact]  # the nearest float to the exact sum
    assert fp.binary == "".join("1" if v > 0 else "0" for v in exact)


@FAST
@given(
    weights=st.dictionaries(tokens, st.floats(min_value=1e3, max_value=1e9, allow_nan=False), min_size=1, max_size=8),
    bits=widths,
)
def test_large_weights_are_summed_exactly_too(weights, bits):
    """Weights of 10^4 and more take the exact path, totals beyond int64 units Python's integers."""
    fp = simcompare.fingerprint_weights(weights, simcompare.Config(bits=bits))
    exact = _exact_sums(weights, bits)
    assert list(fp.sums) == [float(v) for v in exact]
    assert fp.binary == "".join("1" if v > 0 else "0" for v in exact)
    assert fingerprint_value(weights, simcompare.Config(bits=bits)) == fp.value


def test_a_sum_that_is_zero_exactly_gives_bit_zero():
    """0.1 + 0.2 − 0.3 is 5.6e-17 in floats; the contract's sums are exact, so the bit is 0, not 1."""
    config = simcompare.Config(bits=1, hasher={"a": "1", "b": "1", "c": "0"})
    fp = simcompare.fingerprint_weights({"a": 0.1, "b": 0.2, "c": 0.3}, config)
    assert fp.sums == (0.0,)
    assert fp.binary == "0"
    assert fingerprint_value({"a": 0.1, "b": 0.2, "c": 0.3}, config) == 0


# A common factor with at most 11 decimals, as jieba's IDF values have (13.900677652, 9.75754292558).
idf_like = st.integers(1, 20 * 10**11).map(lambda m: m / 10**11)


@settings(max_examples=200, deadline=None, database=None)
@given(weights=st.dictionaries(tokens, st.integers(1, 4), min_size=2, max_size=8), bits=widths, factor=idf_like)
def test_one_common_factor_gives_the_same_bits(weights, bits, factor):
    """tf-idf with every IDF equal is tf times one factor: the bits must be tf's, even where a sum is 0."""
    config = simcompare.Config(bits=bits)
    base = simcompare.fingerprint_weights(weights, config)
    scaled = simcompare.fingerprint_weights({t: n * factor for t, n in weights.items()}, config)
    assert scaled.value == base.value


@settings(max_examples=200, deadline=None, database=None)
@given(counts=st.lists(st.integers(1, 4), min_size=4, max_size=4), bits=st.integers(1, 64))
def test_tfidf_with_equal_idf_gives_tf_bits(counts, bits):
    """Words jieba's IDF table does not know all get the median IDF: tf-idf's bits are then tf's."""
    words = ["qzxv", "wqjk", "zzpf", "xkcdq"]
    assert all(simcompare.core.tokens.weights.IDF.lookup(w) == simcompare.core.tokens.weights.IDF.median for w in words)
    text = " ".join(w for w, n in zip(words, counts, strict=True) for _ in range(n))
    tf = simcompare.fingerprint(text, simcompare.Config(bits=bits, weighting="tf", segmenter="words"))
    tfidf = simcompare.fingerprint(text, simcompare.Config(bits=bits, weighting="tfidf", segmenter="words"))
    assert tfidf.value == tf.value


@FAST
@given(weights=float_weight_maps, bits=widths)
def test_fast_path_value_matches_full_trace(weights, bits):
    config = simcompare.Config(bits=bits)
    assert fingerprint_value(weights, config) == simcompare.fingerprint_weights(weights, config).value


@FAST
@given(weights=float_weight_maps, bits=widths)
def test_binary_hex_and_value_agree(weights, bits):
    fp = simcompare.fingerprint_weights(weights, simcompare.Config(bits=bits))
    assert len(fp.binary) == bits
    assert set(fp.binary) <= {"0", "1"}
    assert int(fp.binary, 2) == fp.value == int(fp)
    assert len(fp.hex) == math.ceil(bits / 4)
    assert int(fp.hex, 16) == fp.value
    assert 0 <= fp.value < 2**bits
    assert len(fp.sums) == bits
    assert [fp.bit(j) for j in range(bits)] == [int(c) for c in fp.binary]


big_ints = st.integers(0, 2**512 - 1)


@FAST
@given(a=big_ints, b=big_ints, c=big_ints)
def test_hamming_is_a_metric(a, b, c):
    assert simcompare.hamming(a, a) == 0
    assert (simcompare.hamming(a, b) == 0) == (a == b)
    assert simcompare.hamming(a, b) == simcompare.hamming(b, a)
    assert simcompare.hamming(a, c) <= simcompare.hamming(a, b) + simcompare.hamming(b, c)
    assert simcompare.hamming(a, b) == bin(a ^ b).count("1")


@FAST
@given(weights=int_weight_maps)
def test_trace_is_heaviest_first_ties_by_text(weights):
    fp = simcompare.fingerprint_weights(weights)
    assert [(t.token, t.weight) for t in fp.tokens] == sorted(weights.items(), key=lambda item: (-item[1], item[0]))


# ------------------------------------------------------------------------------------------ weights in


@pytest.mark.parametrize("bad", [-1, -0.5, float("nan"), float("inf")])
def test_bad_weights_rejected(bad):
    with pytest.raises(ValueError, match="weight"):
        simcompare.fingerprint_weights({"a": 1.0, "b": bad})


def test_zero_weight_tokens_take_no_part():
    config = simcompare.Config(bits=16)
    with_zero = simcompare.fingerprint_weights({"a": 1, "b": 0, "c": 2}, config)
    without = simcompare.fingerprint_weights({"a": 1, "c": 2}, config)
    assert with_zero.value == without.value
    assert with_zero.sums == without.sums
    assert [t.token for t in with_zero.tokens] == ["c", "a"]


# ----------------------------------------------------------------------------------------------- Config


def test_default_k():
    assert simcompare.Decision.for_bits(64).k == default_k(64) == simcompare.default_k(64) == 12
    assert simcompare.Decision.for_bits(128).k == default_k(128) == 24
    assert simcompare.Decision.for_bits(64, 5).k == 5
    assert simcompare.Decision.for_bits(8, 0).k == 0
    assert simcompare.Decision.for_bits(8, 7).k == 7  # k < bits, as the index needs (issue 10)
    assert simcompare.Decision.for_bits(64).min_resemblance == simcompare.DEFAULT_MIN_RESEMBLANCE


@pytest.mark.parametrize(
    ("kwargs", "mentions"),
    [
        ({"weighting": "bm25"}, "tfidf"),
        ({"weighting": ""}, "textrank"),
        ({"segmenter": "spaces"}, "jieba"),
        ({"top_k": 0}, "top_k"),
        ({"top_k": -3}, "top_k"),
        ({"ngram": 0}, "ngram"),
        ({"hasher": "crc32"}, "md5"),
        ({"bits": 0}, "bits"),
        ({"bits": 513, "hasher": "blake2b"}, "bits"),
        ({"bits": -1}, "bits"),
        ({"bits": 64.0}, "bits"),
    ],
)
def test_config_rejects(kwargs, mentions):
    with pytest.raises(ValueError, match=mentions):
        simcompare.Config(**kwargs)


@pytest.mark.parametrize(
    ("bits", "k", "mentions"),
    [(64, 65, "bits - 1 = 63"), (8, 9, "bits - 1 = 7"), (64, -1, "got -1"), (8, 8, "got 8"), (64, 3.0, "3.0")],
)
def test_decision_for_bits_rejects(bits, k, mentions):
    with pytest.raises(ValueError, match=mentions):
        simcompare.Decision.for_bits(bits, k)


@pytest.mark.parametrize("weighting", ["tf", "tfidf", "textrank", "uniform"])
def test_config_accepts_weighting_names(weighting):
    config = simcompare.Config(weighting=weighting)
    assert str(config.weighting) == weighting
    assert config.weighting == simcompare.Weighting(weighting)


# ----------------------------------------------------------------------------------------------- empty

EMPTY_TEXTS = {
    "empty": "",
    "whitespace": " \t\n\r\n\u3000 ",
    "punctuation": "，。！？……——《》“”、；：!?.,;:()[]",
    "stop words": "的 了 the and of",
}


@pytest.mark.parametrize("text", EMPTY_TEXTS.values(), ids=EMPTY_TEXTS.keys())
@pytest.mark.parametrize("bits", [8, 64, 200])
def test_no_features_is_empty(text, bits):
    fp = simcompare.fingerprint(text, simcompare.Config(bits=bits, hasher="blake2b"))
    assert fp.empty
    assert fp.value == 0
    assert fp.binary == "0" * bits
    assert fp.sums == (0.0,) * bits
    assert fp.tokens == ()


@pytest.mark.parametrize("weights", [{}, {"a": 0}, {"a": 0.0, "b": 0}])
def test_no_weighted_tokens_is_empty(weights):
    fp = simcompare.fingerprint_weights(weights, simcompare.Config(bits=16))
    assert fp.empty
    assert fp.value == 0
    assert fp.sums == (0.0,) * 16


def test_empty_is_never_a_near_duplicate():
    # DESIGN step 8, by the one verdict there is (compare_texts, as the folder decides): every distance
    # allowed and verification off, a text without features is still nobody's near-duplicate
    config = simcompare.Config(bits=64)
    anything = simcompare.Decision(64, min_resemblance=0.0)
    empty, also_empty, real = "", "的 了 the and of", "今天天气很好，我们去公园散步。"
    assert simcompare.fingerprint(also_empty, config).empty
    for a, b in [(empty, also_empty), (empty, empty), (empty, real), (real, empty)]:
        assert not simcompare.compare_texts(a, b, config, anything).near_duplicate, (a, b)
    assert simcompare.compare_texts(real, real, config, simcompare.Decision(0, min_resemblance=0.0)).near_duplicate
    # an all-zero fingerprint of real tokens is not empty: it is the lack of features that counts
    table = simcompare.Config(bits=2, hasher={"a": "10", "b": "01"}, stopwords=False)
    within_one = simcompare.Decision(1, min_resemblance=0.0)
    zero_valued = simcompare.compare_texts("a b", "a b", table, within_one)
    assert zero_valued.a.fingerprint.value == 0 and not zero_valued.a.fingerprint.empty
    assert zero_valued.near_duplicate
    assert not simcompare.compare_texts("", "a b", table, within_one).near_duplicate
    assert not simcompare.compare_texts("a b", "", table, within_one).near_duplicate


def test_stop_words_kept_when_asked():
    fp = simcompare.fingerprint("的 了 the and of", simcompare.Config(stopwords=False))
    assert not fp.empty
    assert {t.token for t in fp.tokens} == {"的", "了", "the", "and", "of"}


# --------------------------------------------------------------------------------- from text to bits

TEXTS = [
    "SimHash 是一种局部敏感哈希，常用于网页去重。Google 用它在海量网页中找出近似重复的文档。",
    "The quick brown fox jumps over the lazy dog. The dog sleeps; the fox runs away quickly.",
    "北京是中国的首都，上海是中国最大的城市。北京和上海都是直辖市。",
]


@pytest.mark.parametrize("weighting", ["tf", "tfidf", "textrank", "uniform"])
@pytest.mark.parametrize("text", TEXTS)
def test_text_fingerprint_recomputable_from_trace(text, weighting):
    """Anyone can recompute the bits by hand from the trace (tokens, weights) and md5."""
    fp = simcompare.fingerprint(text, simcompare.Config(weighting=weighting))
    assert fp.tokens
    expected = [0.0] * 64
    for trace in fp.tokens:
        code = _md5_code(trace.token, 64)
        assert trace.code == code
        assert trace.weight > 0
        for j, bit in enumerate(format(code, "064b")):
            expected[j] += trace.weight if bit == "1" else -trace.weight
    assert list(fp.sums) == pytest.approx(expected, rel=1e-9, abs=1e-9)
    assert fp.binary == "".join("1" if v > 0 else "0" for v in fp.sums)


def test_text_trace_counts():
    fp = simcompare.fingerprint("apple banana apple cherry apple banana", simcompare.Config(segmenter="words"))
    assert {t.token: t.count for t in fp.tokens} == {"apple": 3, "banana": 2, "cherry": 1}
    assert {t.token: t.weight for t in fp.tokens} == {"apple": 3.0, "banana": 2.0, "cherry": 1.0}


# ------------------------------------------------------------------------------- across processes

_DETERMINISM_TEXT = (
    "SimHash 是一种局部敏感哈希。Google 用它在海量网页中找出近似重复的文档，Charikar 在 2002 年提出了这个方法。"
)
_WEIGHTINGS = ("tf", "tfidf", "textrank", "uniform")
_DETERMINISM_SCRIPT = f"""
import simcompare
for weighting in {_WEIGHTINGS!r}:
    print(weighting, simcompare.fingerprint({_DETERMINISM_TEXT!r}, simcompare.Config(weighting=weighting)).hex)
"""


def test_fingerprint_identical_across_processes():
    """No step may depend on Python's per-process string hash seed (set iteration, dict of sets …)."""
    root = Path(simcompare.__file__).resolve().parents[1]
    runs = [  # side by side: each loads jieba and its tables, which takes most of the time
        subprocess.Popen(
            [sys.executable, "-c", _DETERMINISM_SCRIPT],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(root)},
            cwd=root,
        )
        for seed in ("1", "2")
    ]
    outputs = []
    for run in runs:
        out, err = run.communicate(timeout=120)
        assert run.returncode == 0, err
        outputs.append(out)
    assert outputs[0] == outputs[1]
    here = [f"{w} {simcompare.fingerprint(_DETERMINISM_TEXT, simcompare.Config(weighting=w)).hex}" for w in _WEIGHTINGS]
    assert outputs[0].splitlines() == here


@settings(max_examples=300, deadline=None, database=None)
@given(
    weights=st.dictionaries(tokens, st.one_of(st.integers(1, 5), st.integers(1, 10**15)), min_size=1, max_size=12),
    bits=widths,
)
def test_whole_number_weights_take_a_quicker_path_to_the_same_value(weights, bits):
    """tf's counts are summed as integers without scaling to units: the signs, and so the value, are the same."""
    config = simcompare.Config(bits=bits)
    assert fingerprint_value(weights, config) == simcompare.fingerprint_weights(weights, config).value


def test_whole_number_weights_that_cancel_give_bit_zero():
    """Bit 0: a and b have it (1 + 2), c not (−3): the sum is exactly 0, so the bit is 0. Bit 1: 1 − 2 + 3 > 0."""
    config = simcompare.Config(bits=2, hasher={"a": "11", "b": "10", "c": "01"})
    assert fingerprint_value({"a": 1, "b": 2, "c": 3}, config) == 0b01
