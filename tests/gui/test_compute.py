"""The Compare page's worker function gives exactly the core's comparison, reusing what it can."""

from __future__ import annotations

import threading

import pytest
from helpers.texts import ZH_A

from simcompare.core.compare import compare_texts, side
from simcompare.core.errors import Cancelled
from simcompare.core.simhash import Config
from simcompare.gui.compute import CompareRequest, SideCache, run_comparison

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
    result = run_comparison(CompareRequest(A, B, config, html_b=True), threading.Event(), cache)
    assert result.comparison == compare_texts(A, B, config, html_b=True)


def test_a_new_width_reuses_the_segmentation(monkeypatch: pytest.MonkeyPatch) -> None:
    cache = SideCache()
    cache.side(A, Config(bits=64))
    import simcompare.gui.compute as compute

    def fail(*_args, **_kwargs):
        raise AssertionError("segmented again")

    monkeypatch.setattr(compute, "extract_features", fail)
    assert cache.side(A, Config(bits=32, hasher="sha1")) == side(A, Config(bits=32, hasher="sha1"))


def test_the_cache_forgets_old_texts() -> None:
    cache = SideCache(size=2)
    for n in range(5):
        cache.side(f"text number {n}", Config())
    assert len(cache._features) == 2 and len(cache._sides) == 2


def test_a_superseded_request_stops_between_sides() -> None:
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(Cancelled):
        run_comparison(CompareRequest(A, A, Config()), cancel, SideCache())
