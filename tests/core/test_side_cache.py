"""SideCache: the sides and comparisons of recent texts, exactly the core's, with no segmentation repeated."""

from __future__ import annotations

import pytest
from helpers.texts import ZH_A, ZH_B

import simcompare.core.explain.compare as compare_module
from simcompare.core.explain.compare import SideCache, compare_sides, compare_texts, side
from simcompare.core.fingerprint.simhash import Config
from simcompare.core.search.verify import Decision

A = ZH_A
B = "<html><body><p>今天天气不错，我们去公园散步吧。</p><script>x = 1</script></body></html>"


@pytest.mark.parametrize(
    "config",
    [Config(), Config(bits=16, hasher="jenkins"), Config(weighting="tfidf", top_k=5), Config(segmenter="chars")],
    ids=["default", "16 bits jenkins", "tfidf top 5", "chars"],
)
def test_the_cache_gives_the_cores_sides(config: Config) -> None:
    cache = SideCache()
    for _ in range(2):  # computed, then remembered
        assert cache.side(A, config) == side(A, config)
        assert cache.side(B, config, html=True) == side(B, config, html=True)
        comparison = cache.compare(cache.side(A, config), cache.side(B, config, html=True), config)
        assert comparison == compare_texts(A, B, config, html_b=True)


def test_the_cache_compares_as_compare_sides_does() -> None:
    cache = SideCache()
    config = Config(bits=32)
    a, b = cache.side(ZH_A, config), cache.side(ZH_B, config)
    for decision in (None, Decision(3, 0.0), Decision(12, 0.45), Decision(30, 1.0)):
        assert cache.compare(a, b, config, decision) == compare_sides(a, b, config, decision)


def test_a_new_width_reuses_the_segmentation(monkeypatch: pytest.MonkeyPatch) -> None:
    cache = SideCache()
    cache.side(A, Config(bits=64))
    narrow = Config(bits=32, hasher="sha1")
    expected = side(A, narrow)

    def fail(*_args, **_kwargs):
        raise AssertionError("segmented again")

    monkeypatch.setattr(compare_module, "extract_features", fail)
    assert cache.side(A, narrow) == expected


def test_a_new_width_reuses_the_sketches(monkeypatch: pytest.MonkeyPatch) -> None:
    cache = SideCache()
    a, b = cache.side(ZH_A, Config(bits=64)), cache.side(ZH_B, Config(bits=64))
    cache.compare(a, b, Config(bits=64))
    expected = compare_sides(cache.side(ZH_A, Config(bits=32)), cache.side(ZH_B, Config(bits=32)), Config(bits=32))

    def fail(*_args, **_kwargs):
        raise AssertionError("sketched again")

    monkeypatch.setattr(compare_module, "sketch_of_ids", fail)
    narrow = Config(bits=32)
    assert cache.compare(cache.side(ZH_A, narrow), cache.side(ZH_B, narrow), narrow) == expected


def test_the_cache_forgets_old_texts() -> None:
    cache = SideCache(size=2)
    for n in range(5):
        made = cache.side(f"text number {n}", Config())
        cache.compare(made, made, Config())
    assert len(cache._features) == 2 and len(cache._sides) == 2 and len(cache._sketches) == 2


def test_a_cache_too_small_for_two_sides_is_refused() -> None:
    with pytest.raises(ValueError, match="at least the two sides"):
        SideCache(size=1)
