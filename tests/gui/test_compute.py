"""The Compare page's worker function gives exactly the core's comparison (the cache: tests/core/test_side_cache.py)."""

from __future__ import annotations

import threading

import pytest
from helpers.texts import ZH_A, ZH_B

from simcompare.core.errors import Cancelled
from simcompare.core.explain.compare import SideCache, compare_texts
from simcompare.core.fingerprint.simhash import Config
from simcompare.core.search.verify import Decision
from simcompare.gui.compare.compute import CompareRequest, run_comparison

A = ZH_A
B = "<html><body><p>今天天气不错，我们去公园散步吧。</p><script>x = 1</script></body></html>"


def test_the_worker_gives_the_cores_comparison() -> None:
    config = Config(bits=16, hasher="jenkins")
    cache = SideCache()
    for _ in range(2):  # computed, then remembered
        result = run_comparison(CompareRequest(A, B, config, html_b=True), threading.Event(), cache)
        assert result.comparison == compare_texts(A, B, config, html_b=True)


def test_the_worker_gives_the_requests_decision() -> None:
    decision = Decision(2, 0.9)
    result = run_comparison(CompareRequest(A, ZH_B, Config(), decision=decision), threading.Event(), SideCache())
    assert result.comparison == compare_texts(A, ZH_B, Config(), decision)
    assert result.comparison.decision == decision


def test_a_superseded_request_stops_between_sides() -> None:
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(Cancelled):
        run_comparison(CompareRequest(A, A, Config()), cancel, SideCache())
