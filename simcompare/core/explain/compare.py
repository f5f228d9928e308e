"""Two texts side by side: both traces, the distance and the yardsticks (what `compare` and the window show)."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

import numpy as np

from simcompare.core import arguments
from simcompare.core.explain.measures import Yardsticks, yardsticks
from simcompare.core.fingerprint.bitwise import distance_similarity, set_bits
from simcompare.core.fingerprint.simhash import (
    Config,
    Features,
    Fingerprint,
    extract_features,
    fingerprint_weights,
    hamming,
)
from simcompare.core.search.verify import Decision, Sketch, resemblance, sketch_of_ids

# Fewer distinct features than this and a single changed word moves many bits: the window warns.
FEW_FEATURES = 8


@dataclass(frozen=True, slots=True)
class Side:
    """One text's features and fingerprint."""

    features: Features
    fingerprint: Fingerprint

    @property
    def few_features(self) -> bool:
        """Too few distinct tokens for a trustworthy fingerprint (but not none)."""
        return 0 < len(self.fingerprint.tokens) < FEW_FEATURES


@dataclass(frozen=True, slots=True)
class Comparison:
    """Everything known about how alike two texts are.

    ``similarity`` is None when either text has no features: two all-zero fingerprints agree on every
    bit, but that says nothing about the texts, so no similarity is claimed (and they are not
    near-duplicates). ``distance`` is still the fingerprints' Hamming distance.

    ``resemblance`` is the verification measure (shared word pairs, ``simcompare.core.search.verify``): the texts
    are near-duplicates when neither is empty and ``decision`` says so — their fingerprints within ``k``
    bits AND their resemblance at least ``min_resemblance`` — the same verdict a folder scan gives a pair.
    ``shingles`` is the smaller text's number of distinct word pairs (None for identical texts, or not known):
    below ``decision.min_shingles`` the pair is too short to judge (:attr:`too_few_shingles`).
    """

    config: Config
    a: Side
    b: Side
    distance: int
    similarity: float | None
    near_duplicate: bool
    yardsticks: Yardsticks
    decision: Decision
    resemblance: float = 1.0
    fewest_shingles: int | None = None

    @property
    def k(self) -> int:
        """The verdict's largest distance."""
        return self.decision.k

    @property
    def min_resemblance(self) -> float:
        """The verdict's verification threshold."""
        return self.decision.min_resemblance

    @property
    def needed_resemblance(self) -> float:
        """The resemblance SimHash's evidence needs at this distance (``Decision.needed``)."""
        return self.decision.needed(self.distance, self.fewest_shingles)

    @property
    def close(self) -> bool:
        """Within k bits (and neither empty), whatever the verification says."""
        return not self.a.fingerprint.empty and not self.b.fingerprint.empty and self.distance <= self.k

    @property
    def rejected_by_verification(self) -> bool:
        """Close fingerprints, yet not a near-duplicate: too few shared word pairs, or too few word pairs to judge
        (:attr:`too_few_shingles` says which)."""
        return self.close and not self.near_duplicate

    @property
    def too_few_shingles(self) -> bool:
        """A text has fewer distinct word pairs than a verdict between texts that are not identical needs
        (``Decision.min_shingles``): the reason of the verdict, whatever the share of word pairs shared."""
        return self.decision.too_few_shingles(self.fewest_shingles)

    @property
    def comparable(self) -> bool:
        """Both texts have features, so the distance and the yardsticks mean something."""
        return not self.a.fingerprint.empty and not self.b.fingerprint.empty

    @property
    def differing_bits(self) -> tuple[int, ...]:
        """Bit positions (0 = leftmost) where the fingerprints differ."""
        return set_bits(self.a.fingerprint.value ^ self.b.fingerprint.value, self.config.bits)


def side(text: str, config: Config, *, html: bool | None = None) -> Side:
    """Features and fingerprint of one text."""
    found = extract_features(text, config, html=html)
    return Side(found, fingerprint_weights(found.weights, config, counts=found.counts))


def compare_sides(a: Side, b: Side, config: Config, decision: Decision | None = None) -> Comparison:
    """Compare two already computed sides (the window recomputes only the side that changed).

    Args:
        a: One side, computed under ``config``.
        b: The other, under the same ``config``.
        config: The settings both sides were computed with.
        decision: k and the verification threshold; None takes the defaults for ``config.bits``.
    """
    sketch_a, sketch_b = sketch_of_ids(a.features.token_ids), sketch_of_ids(b.features.token_ids)
    return _compare(a, b, sketch_a, sketch_b, config, decision)


def _compare(
    a: Side, b: Side, sketch_a: Sketch, sketch_b: Sketch, config: Config, decision: Decision | None
) -> Comparison:
    decision = decision or Decision.for_bits(config.bits)
    distance = hamming(a.fingerprint, b.fingerprint)
    sticks = yardsticks(a.features.weights, b.features.weights, a.features.sequence, b.features.sequence, config.bits)
    similar = resemblance(sketch_a, sketch_b)
    empty = a.fingerprint.empty or b.fingerprint.empty
    fewest = _fewest_shingles(sketch_a, sketch_b)
    return Comparison(
        config=config,
        a=a,
        b=b,
        distance=distance,
        similarity=None if empty else distance_similarity(distance, config.bits),  # no features: no claim
        near_duplicate=not empty and decision.near(distance, similar, fewest),
        yardsticks=sticks,
        decision=decision,
        resemblance=similar,
        fewest_shingles=fewest,
    )


def _fewest_shingles(a: Sketch, b: Sketch) -> int | None:
    """The smaller sketch's length, for the verdict's least number of shingles; None when both texts have one
    set of shingles (identical texts are near-duplicates whatever their size)."""
    if len(a) == len(b) and bool(np.array_equal(a, b)):
        return None
    return min(len(a), len(b))


def _features_key(text: str, html: bool | None, config: Config) -> tuple[object, ...]:
    """Everything that decides a text's Features: its tokens (``Config.features_key``) and their weights."""
    return (text, html, config.features_key(), str(config.weighting), config.top_k)


class SideCache:
    """Recent sides, so comparing again after one change redoes only what the change touched.

    Typing in one of two texts, or changing only the width or the hasher, must not segment both texts
    again: segmentation is the slow step. The cache remembers the features of the last ``size`` texts
    (keyed by the settings that decide them), their fingerprints (keyed also by width and hasher) and their
    sketches, and builds each side exactly as :func:`side` does, so every number is the same.

    Not thread-safe: one thread owns it (the window's compare worker).
    """

    def __init__(self, size: int = 6) -> None:
        if size < 2:
            raise ValueError(f"a side cache must hold at least the two sides of a comparison, got size={size}")
        self._size = size
        self._features: OrderedDict[tuple[object, ...], Features] = OrderedDict()
        self._sides: OrderedDict[tuple[object, ...], Side] = OrderedDict()
        # id(features) → (features, sketch): the features are held, so their id is not reused meanwhile.
        self._sketches: OrderedDict[int, tuple[Features, Sketch]] = OrderedDict()

    def side(self, text: str, config: Config, *, html: bool | None = None) -> Side:
        """The same Side as ``side(text, config, html=html)``."""
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

    def compare(self, a: Side, b: Side, config: Config, decision: Decision | None = None) -> Comparison:
        """The same Comparison as :func:`compare_sides`, reusing the sketches of texts seen before."""
        return _compare(a, b, self._sketch_of(a.features), self._sketch_of(b.features), config, decision)

    def _sketch_of(self, features: Features) -> Sketch:
        found = self._sketches.get(id(features))
        if found is not None and found[0] is features:
            self._sketches.move_to_end(id(features))
            return found[1]
        made = sketch_of_ids(features.token_ids)
        self._remember(self._sketches, id(features), (features, made))
        return made

    def _remember(self, store: OrderedDict, key: object, value: object) -> None:
        store[key] = value
        store.move_to_end(key)
        while len(store) > self._size:
            store.popitem(last=False)

    def clear(self) -> None:
        """Forget every text (e.g. after the stop-word list changed on disk)."""
        self._features.clear()
        self._sides.clear()
        self._sketches.clear()


def compare_texts(
    text_a: str,
    text_b: str,
    config: Config | None = None,
    decision: Decision | None = None,
    *,
    html_a: bool | None = None,
    html_b: bool | None = None,
) -> Comparison:
    """Compare two texts under one Config and give the verdict of one Decision.

    Args:
        text_a: One text.
        text_b: The other.
        config: Fingerprint settings; None takes the defaults.
        decision: k and the verification threshold (``Decision(k, min_resemblance=0)`` turns verification
            off); None takes the defaults for the width.
        html_a: Force (True) or forbid (False) HTML handling of text A; None decides by content.
        html_b: The same for text B.

    Raises:
        TypeError: a text is not a str, ``config`` not a Config, ``decision`` not a Decision, or an
            ``html_*`` not True, False or None.
    """
    arguments.require("text_a", text_a, str, "a str")
    arguments.require("text_b", text_b, str, "a str")
    if config is not None:
        arguments.require("config", config, Config, "a simcompare.Config (or None for the defaults)")
    if decision is not None:
        arguments.require("decision", decision, Decision, "a simcompare.Decision (or None for the defaults)")
    for name, value in (("html_a", html_a), ("html_b", html_b)):
        if value is not None:
            arguments.require(name, value, bool, "True, False or None")
    config = config or Config()
    a, b = side(text_a, config, html=html_a), side(text_b, config, html=html_b)
    return compare_sides(a, b, config, decision)
