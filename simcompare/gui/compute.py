"""What the Compare page's worker runs: core calls, with a small memory of recent work (no Qt here).

Typing in one pane, or changing only the width, the hasher or k, must not segment both texts again:
segmentation is the slow step. :class:`SideCache` remembers the features of recent texts (keyed by the
settings that decide them) and their fingerprints (keyed also by width and hasher), and builds each side
exactly as :func:`simcompare.core.compare.side` does. Every number still comes from the core.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from dataclasses import dataclass

from simcompare.core.compare import Comparison, Side, compare_sides
from simcompare.core.diff import TextDiff, diff_texts
from simcompare.core.errors import Cancelled
from simcompare.core.simhash import Config, Features, extract_features, fingerprint_weights
from simcompare.core.tokens import Segmenter
from simcompare.core.verify import Decision


@dataclass(frozen=True)
class CompareRequest:
    """Two texts, the settings to compare them under and the verdict's decision (None: the width's default).

    ``html_a``/``html_b`` follow the CLI's rule: True when the file is HTML (by suffix or content), None to
    let the core decide by content.
    """

    text_a: str
    text_b: str
    config: Config
    decision: Decision | None = None
    html_a: bool | None = None
    html_b: bool | None = None


@dataclass(frozen=True)
class CompareResult:
    """A finished comparison and how long the core took."""

    request: CompareRequest
    comparison: Comparison
    seconds: float


def _features_key(text: str, html: bool | None, config: Config) -> tuple[object, ...]:
    return (
        text,
        html,
        config.html,
        str(config.segmenter),
        config.ngram,
        config.stopwords,
        config.fold_chinese,
        str(config.weighting),
        config.top_k,
    )


class SideCache:
    """Recent features and fingerprints, so each recompute redoes only what changed.

    Not thread-safe: one worker thread owns it.
    """

    def __init__(self, size: int = 6) -> None:
        self._size = size
        self._features: OrderedDict[tuple[object, ...], Features] = OrderedDict()
        self._sides: OrderedDict[tuple[object, ...], Side] = OrderedDict()

    def side(self, text: str, config: Config, *, html: bool | None = None) -> Side:
        """The same Side as ``simcompare.core.compare.side(text, config, html=html)``."""
        key = _features_key(text, html, config)
        side_key = (*key, config.bits, config.hash_function)
        found = self._sides.get(side_key)
        if found is not None:
            self._sides.move_to_end(side_key)
            return found
        features = self._features.get(key)
        if features is None:
            features = extract_features(text, config, html=html)
            self._remember(self._features, key, features)
        else:
            self._features.move_to_end(key)
        made = Side(features, fingerprint_weights(features.weights, config, counts=features.counts))
        self._remember(self._sides, side_key, made)
        return made

    def _remember(self, store: OrderedDict, key: tuple[object, ...], value: object) -> None:
        store[key] = value
        store.move_to_end(key)
        while len(store) > self._size:
            store.popitem(last=False)

    def clear(self) -> None:
        self._features.clear()
        self._sides.clear()


def run_comparison(request: CompareRequest, cancel: threading.Event, cache: SideCache) -> CompareResult:
    """Both sides and their comparison; stops early with Cancelled when a newer request superseded this one."""
    started = time.perf_counter()
    side_a = cache.side(request.text_a, request.config, html=request.html_a)
    if cancel.is_set():
        raise Cancelled("superseded")
    side_b = cache.side(request.text_b, request.config, html=request.html_b)
    if cancel.is_set():
        raise Cancelled("superseded")
    comparison = compare_sides(side_a, side_b, request.config, request.decision)
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


def run_diff(request: DiffRequest, cancel: threading.Event) -> TextDiff:
    """The word-level diff (the Differences view's job)."""
    if cancel.is_set():
        raise Cancelled("superseded")
    return diff_texts(request.text_a, request.text_b, segmenter=request.segmenter)
