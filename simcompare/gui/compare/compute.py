"""What the Compare page's workers run: core calls only (no Qt here, no algorithm either).

The compare worker keeps a :class:`simcompare.core.explain.compare.SideCache`, so typing in one pane, or changing
only the width, the hasher or k, does not segment both texts again. Every number comes from the core.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

from simcompare.core.errors import Cancelled
from simcompare.core.explain.compare import Comparison, SideCache
from simcompare.core.explain.diff import TextDiff, WordsCache
from simcompare.core.explain.toy import ToyExample
from simcompare.core.fingerprint.simhash import Config
from simcompare.core.search.verify import Decision
from simcompare.core.tokens.segment import Segmenter


@dataclass(frozen=True)
class CompareRequest:
    """Two texts, the settings to compare them under and the verdict's decision (None: the width's default).

    ``html_a``/``html_b`` follow the CLI's rule: True when the file is HTML (by suffix or content), None to
    let the core decide by content. ``toy``, when given, is the toy example on the page: both sides are its
    typed tokens, weights and codes (the texts are its tokens, for the word diff).
    """

    text_a: str
    text_b: str
    config: Config
    decision: Decision | None = None
    html_a: bool | None = None
    html_b: bool | None = None
    toy: ToyExample | None = None


@dataclass(frozen=True)
class CompareResult:
    """A finished comparison and how long the core took."""

    request: CompareRequest
    comparison: Comparison
    seconds: float


def run_comparison(request: CompareRequest, cancel: threading.Event, cache: SideCache) -> CompareResult:
    """Both sides and their comparison; stops early with Cancelled when a newer request superseded this one."""
    started = time.perf_counter()
    if request.toy is not None:  # a few typed tokens: nothing to cache
        return CompareResult(request, request.toy.compare(request.decision), time.perf_counter() - started)
    side_a = cache.side(request.text_a, request.config, html=request.html_a)
    if cancel.is_set():
        raise Cancelled("superseded")
    side_b = cache.side(request.text_b, request.config, html=request.html_b)
    if cancel.is_set():
        raise Cancelled("superseded")
    comparison = cache.compare(side_a, side_b, request.config, request.decision)
    return CompareResult(request, comparison, time.perf_counter() - started)


class Comparer:
    """The worker's job function with its cache: a callable that holds no widget, so no reference cycle
    ties a window to its worker (a cycle would let the garbage collector, running on the worker thread,
    destroy widgets there)."""

    def __init__(self) -> None:
        self.cache = SideCache()

    def __call__(self, request: CompareRequest, cancel: threading.Event) -> CompareResult:
        return run_comparison(request, cancel, self.cache)


@dataclass(frozen=True)
class DiffRequest:
    """Two texts to diff word by word, as they are shown."""

    text_a: str
    text_b: str
    segmenter: Segmenter = Segmenter.JIEBA


class Differ:
    """The Differences view's job function: the word diff, with the words of recent texts remembered (a
    callable holding no widget, like :class:`Comparer`)."""

    def __init__(self) -> None:
        self.cache = WordsCache()

    def __call__(self, request: DiffRequest, cancel: threading.Event) -> TextDiff:
        if cancel.is_set():
            raise Cancelled("superseded")
        return self.cache.diff(request.text_a, request.text_b, segmenter=request.segmenter)
