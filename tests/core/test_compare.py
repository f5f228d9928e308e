"""compare_texts: two traces, their distance, differing bits and the yardsticks, all from the same core."""

from __future__ import annotations

import pytest

import simcompare
from simcompare.core.fingerprint.simhash import extract_features

A = (
    "自然语言处理是计算机科学领域与人工智能领域中的一个重要方向。它研究能实现人与计算机之间用自然语言"
    "进行有效通信的各种理论和方法。"
)
B = (
    "自然语言处理是计算机科学与人工智能领域中的一个重要方向。它研究实现人与计算机之间用自然语言"
    "进行有效通信的理论和方法。"
)
C = "The quick brown fox jumps over the lazy dog. SimHash finds near duplicate web pages quickly."

PAIRS = [(A, B), (A, C), (B, C), (A, A), (C, C.upper()), ("", A), ("", "")]
CONFIGS = [
    (simcompare.Config(), None),
    (simcompare.Config(weighting="tfidf", bits=128, hasher="sha1"), None),
    (simcompare.Config(weighting="textrank", top_k=10), None),
    (
        simcompare.Config(weighting="uniform", segmenter="chars", ngram=3, bits=32, hasher="fnv1a64"),
        simcompare.Decision(8),
    ),
]


def _case_id(value: object) -> str:
    if isinstance(value, simcompare.Config):
        return f"{value.weighting}-{value.bits}-{value.hash_function.name}"
    return f"k{value.k}" if isinstance(value, simcompare.Decision) else "default-k"


@pytest.mark.parametrize(("config", "decision"), CONFIGS, ids=_case_id)
@pytest.mark.parametrize(("text_a", "text_b"), PAIRS)
def test_compare_texts_agrees_with_fingerprint(text_a, text_b, config, decision):
    result = simcompare.compare_texts(text_a, text_b, config, decision)
    k = decision.k if decision else simcompare.default_k(config.bits)
    assert result.k == k
    fa = simcompare.fingerprint(text_a, config)
    fb = simcompare.fingerprint(text_b, config)
    for side, fp in ((result.a.fingerprint, fa), (result.b.fingerprint, fb)):
        assert side.value == fp.value
        assert side.sums == fp.sums
        assert side.tokens == fp.tokens
        assert side.empty == fp.empty

    assert result.distance == simcompare.hamming(fa, fb) == bin(fa.value ^ fb.value).count("1")
    if fa.empty or fb.empty:
        assert result.similarity is None
    else:
        assert result.similarity == pytest.approx(1 - result.distance / config.bits)
        assert result.similarity == pytest.approx(simcompare.similarity(fa, fb))

    xor = format(fa.value ^ fb.value, f"0{config.bits}b")
    assert result.differing_bits == tuple(j for j, bit in enumerate(xor) if bit == "1")
    assert result.differing_bits == tuple(j for j in range(config.bits) if fa.binary[j] != fb.binary[j])
    assert len(result.differing_bits) == result.distance

    assert result.near_duplicate == (not fa.empty and not fb.empty and result.distance <= k)

    wa = extract_features(text_a, config).weights
    wb = extract_features(text_b, config).weights
    assert result.yardsticks.cosine == pytest.approx(simcompare.cosine(wa, wb))
    assert result.yardsticks.jaccard == pytest.approx(simcompare.jaccard(wa, wb))
    assert result.yardsticks.predicted_hamming == pytest.approx(
        simcompare.predicted_hamming(simcompare.cosine(wa, wb), config.bits)
    )


def test_identical_texts_are_near_duplicates():
    result = simcompare.compare_texts(A, A)
    assert result.distance == 0
    assert result.differing_bits == ()
    assert result.similarity == 1.0
    assert result.near_duplicate
    assert result.yardsticks.cosine == pytest.approx(1.0)
    assert result.yardsticks.jaccard == 1.0
    assert result.yardsticks.edit_similarity == 1.0


def test_empty_texts_are_not_near_duplicates():
    result = simcompare.compare_texts("", "的 了 the and of")
    assert result.distance == 0
    assert not result.near_duplicate
    assert not result.comparable
    assert result.similarity is None  # two all-zero fingerprints agree, but that claims nothing


def test_one_empty_text_makes_no_similarity_claim():
    result = simcompare.compare_texts("", A)
    assert not result.comparable
    assert result.similarity is None
    assert not result.near_duplicate
    assert simcompare.compare_texts(A, B).comparable


def test_close_texts_closer_than_unrelated():
    config = simcompare.Config()
    near = simcompare.compare_texts(A, B, config)
    far = simcompare.compare_texts(A, C, config)
    assert near.distance < far.distance
    assert near.yardsticks.cosine > far.yardsticks.cosine


def test_html_flags_per_side():
    page = "<p>visible</p><script>hidden()</script>"
    result = simcompare.compare_texts(page, page, html_a=True, html_b=False)
    assert {t.token for t in result.a.fingerprint.tokens} == {"visible"}
    assert "hidden" in {t.token for t in result.b.fingerprint.tokens}
