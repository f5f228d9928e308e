"""Config and Decision apart: the cache keys say exactly what a fingerprint depends on, k lives in the Decision."""

from __future__ import annotations

import hashlib
import json
import pickle
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

import simcompare
from simcompare.core import defaults
from simcompare.core.fingerprint.hashing import HASHERS, hashers_for
from simcompare.core.fingerprint.simhash import Config
from simcompare.core.search.verify import Decision

FEATURE_CHANGES = [
    {"segmenter": "words"},
    {"segmenter": "chars"},
    {"ngram": 3},
    {"stopwords": False},
    {"html": True},
    {"fold_chinese": False},
    {"weighting": "textrank"},  # TextRank weighs by order, so its features keep the order
]
FINGERPRINT_ONLY_CHANGES = [
    {"bits": 32},
    {"hasher": "sha1"},
    {"bits": 128, "hasher": "blake2b"},
    {"weighting": "tfidf"},
    {"weighting": "uniform"},
    {"top_k": 5},
    {"top_k": None},
]


@st.composite
def configs(draw: st.DrawFn) -> Config:
    bits = draw(st.integers(1, 160))
    return Config(
        bits=bits,
        hasher=draw(st.sampled_from(hashers_for(bits))),
        weighting=draw(st.sampled_from(["tf", "tfidf", "textrank", "uniform"])),
        top_k=draw(st.none() | st.integers(1, 500)),
        segmenter=draw(st.sampled_from(["jieba", "words", "chars"])),
        stopwords=draw(st.booleans()),
        html=draw(st.booleans()),
        ngram=draw(st.integers(1, 6)),
        fold_chinese=draw(st.booleans()),
    )


@given(config=configs(), data=st.data())
def test_only_the_width_apart_shares_features_not_fingerprints(config: Config, data: st.DataObject) -> None:
    bits = data.draw(st.integers(1, config.hash_function.bits).filter(lambda b: b != config.bits))
    other = replace(config, bits=bits)
    assert other.features_key() == config.features_key()
    assert other.fingerprint_key() != config.fingerprint_key()


@given(a=configs(), b=configs())
def test_keys_are_equal_exactly_when_the_settings_are(a: Config, b: Config) -> None:
    assert (a.fingerprint_key() == b.fingerprint_key()) == (a == b)
    same_features = (
        a.segmenter == b.segmenter
        and a.ngram == b.ngram
        and a.stopwords == b.stopwords
        and a.html == b.html
        and a.fold_chinese == b.fold_chinese
        and (a.weighting == "textrank") == (b.weighting == "textrank")
    )
    assert (a.features_key() == b.features_key()) == same_features


@pytest.mark.parametrize("change", FEATURE_CHANGES, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()))
def test_what_changes_the_tokens_changes_both_keys(change: dict) -> None:
    base = Config()
    changed = replace(base, **change)
    assert changed.features_key() != base.features_key()
    assert changed.fingerprint_key() != base.fingerprint_key()


@pytest.mark.parametrize("change", FINGERPRINT_ONLY_CHANGES, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()))
def test_weights_width_and_hasher_change_only_the_fingerprint_key(change: dict) -> None:
    base = Config()
    changed = replace(base, **change)
    assert changed.features_key() == base.features_key()
    assert changed.fingerprint_key() != base.fingerprint_key()


def test_keys_are_the_texts_caches_already_hold() -> None:
    """The key texts of a named hasher are what scan wrote before the keys moved into Config: no cache goes cold."""
    config = Config(bits=16)
    assert json.loads(config.features_key()) == {
        "segmenter": "jieba",
        "ngram": 2,
        "stopwords": True,
        "html": False,
        "fold_chinese": True,
        "sequence": False,
        "v": 2,
    }
    assert json.loads(config.fingerprint_key() or "") == {
        **json.loads(config.features_key()),
        "bits": 16,
        "hasher": "md5",
        "weighting": "tf",
        "top_k": 100,
    }


def test_a_built_in_hasher_object_keys_as_its_name() -> None:
    assert Config(hasher=HASHERS["sha1"]).fingerprint_key() == Config(hasher="sha1").fingerprint_key()


def test_tables_key_by_their_contents() -> None:
    one = Config(bits=2, hasher={"a": "01", "b": "10"})
    swapped = Config(bits=2, hasher={"a": "10", "b": "01"})
    again = Config(bits=2, hasher={"b": "10", "a": "01"})
    assert one.hash_function.name == swapped.hash_function.name == "table"  # the name alone would collide
    assert one.fingerprint_key() != swapped.fingerprint_key()
    assert one.fingerprint_key() == again.fingerprint_key()
    assert one.features_key() == swapped.features_key()


def _sha(data: bytes) -> int:
    return int.from_bytes(hashlib.sha256(data).digest()[:8], "big")


def test_a_callable_hasher_has_no_fingerprint_key() -> None:
    config = Config(hasher=_sha)
    assert config.fingerprint_key() is None  # another callable may share its name: never cache its bits
    assert config.features_key() == Config().features_key()
    custom = simcompare.Hasher("md5", 128, _sha)  # even one calling itself md5
    assert Config(hasher=custom).fingerprint_key() is None


def test_config_takes_no_k() -> None:
    # k decides the verdict, not the fingerprint: it lives in a Decision
    with pytest.raises(TypeError, match="unexpected keyword argument 'k'"):
        Config(k=3)  # type: ignore[call-arg]
    assert "k" not in Config().describe()
    assert not hasattr(Config(), "k")


def test_k_passed_by_position_is_caught() -> None:
    """Config's ninth field was k; a call that still passes it by position must not quietly set another field."""
    with pytest.raises(ValueError, match="fold_chinese must be True or False, got 12"):
        Config(64, "md5", "tf", 100, "jieba", True, False, 2, 12)  # type: ignore[arg-type]


def test_a_config_survives_pickling_for_the_workers() -> None:
    config = Config(bits=32, hasher="sha1", weighting="uniform", top_k=None, fold_chinese=False, ngram=3)
    assert pickle.loads(pickle.dumps(config)) == config


def test_the_defaults_come_from_one_place() -> None:
    config = Config()
    assert (
        config.bits,
        config.hasher,
        config.weighting,
        config.top_k,
        config.segmenter,
        config.stopwords,
        config.html,
        config.ngram,
        config.fold_chinese,
    ) == (
        defaults.DEFAULT_BITS,
        defaults.DEFAULT_HASHER,
        defaults.DEFAULT_WEIGHTING,
        defaults.DEFAULT_TOP_K,
        defaults.DEFAULT_SEGMENTER,
        defaults.DEFAULT_STOPWORDS,
        defaults.DEFAULT_HTML,
        defaults.DEFAULT_NGRAM,
        defaults.DEFAULT_FOLD_CHINESE,
    )
    assert Decision.for_bits(defaults.DEFAULT_BITS) == Decision(defaults.DEFAULT_K64, defaults.DEFAULT_MIN_RESEMBLANCE)


@pytest.mark.parametrize(("bits", "k"), [(1, 0), (2, 0), (3, 1), (6, 1), (8, 2), (16, 3), (32, 6), (64, 12), (512, 96)])
def test_the_decision_takes_the_widths_default_k(bits: int, k: int) -> None:
    decision = Decision.for_bits(bits)
    assert decision.k == k == simcompare.default_k(bits) < bits
    assert decision.min_resemblance == simcompare.DEFAULT_MIN_RESEMBLANCE


@given(bits=st.integers(1, 512))
def test_the_default_k_is_always_a_valid_k(bits: int) -> None:
    assert 0 <= Decision.for_bits(bits).k < bits


def test_a_decision_checks_its_threshold() -> None:
    with pytest.raises(ValueError, match=r"from 0 to 1, got 1\.5"):
        Decision.for_bits(64, min_resemblance=1.5)
    assert Decision.for_bits(64, 3, 0.0) == Decision(3, 0.0)


def test_the_verdict_follows_the_decision_not_the_config() -> None:
    text = "The quiet river ran past the old mill, where the baker sold warm bread to travellers every morning."
    edited = text.replace("quiet", "silent").replace("warm", "fresh")
    config = Config(segmenter="words")
    strict = simcompare.compare_texts(text, edited, config, Decision(0, strong_resemblance=None))
    loose = simcompare.compare_texts(text, edited, config, Decision(63, 0.0))
    assert strict.distance == loose.distance > 0
    assert not strict.near_duplicate and not strict.close and strict.k == 0
    assert loose.near_duplicate and loose.close and loose.k == 63 and loose.min_resemblance == 0.0
    # the shingles' evidence: resembling by the strong threshold, near-duplicates whatever the distance
    beyond = simcompare.compare_texts(text, edited, config, Decision(0, strong_resemblance=0.5))
    assert beyond.resemblance >= 0.5 and beyond.near_duplicate and not beyond.close
    assert beyond.decision.evidence(beyond.distance, beyond.resemblance) == "shingles"
    default = simcompare.compare_texts(text, edited, config)
    assert default.decision == Decision.for_bits(64)


def test_a_comparison_says_when_too_few_word_pairs_decided_it() -> None:
    # The six-bit worked example's texts: 1 bit apart and 89 % of the word pairs shared, yet text A has only 8
    # distinct word pairs, fewer than the 10 a verdict needs: that rule, not the share, says no.
    a, b = "A A A A A B B C C C D E E E E", "A A A A A B B C C C D D D D D D E E E E"
    table = {"a": "100101", "b": "101011", "c": "100111", "d": "101111", "e": "111011"}
    config = Config(bits=6, hasher=table, segmenter="words", stopwords=False, weighting="tf")
    short = simcompare.compare_texts(a, b, config, Decision.for_bits(6, 1))
    assert short.distance == 1 and short.resemblance >= short.needed_resemblance
    assert short.fewest_shingles == 8 < short.decision.min_shingles
    assert short.too_few_shingles and short.rejected_by_verification and not short.near_duplicate
    assert not replace(short.decision, min_resemblance=0.0).too_few_shingles(8)  # SimHash only: no such rule
    assert simcompare.compare_texts(a, a, config).fewest_shingles is None  # identical texts are near-duplicates anyway
    text = "The quiet river ran past the old mill, where the baker sold warm bread to travellers every morning."
    long = simcompare.compare_texts(text, text.replace("quiet", "silent"), Config(segmenter="words"))
    assert long.fewest_shingles is not None and long.fewest_shingles >= 10 and not long.too_few_shingles
