"""Two texts side by side: both traces, the distance and the yardsticks (what `compare` and the window show)."""

from __future__ import annotations

from dataclasses import dataclass

from simcompare.core.bitwise import distance_similarity, set_bits
from simcompare.core.measures import Yardsticks, yardsticks
from simcompare.core.simhash import (
    Config,
    Features,
    Fingerprint,
    extract_features,
    fingerprint_weights,
    hamming,
    is_near_duplicate,
)

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
    """Everything known about how alike two texts are."""

    config: Config
    a: Side
    b: Side
    distance: int
    similarity: float
    near_duplicate: bool
    yardsticks: Yardsticks

    @property
    def differing_bits(self) -> tuple[int, ...]:
        """Bit positions (0 = leftmost) where the fingerprints differ."""
        return set_bits(self.a.fingerprint.value ^ self.b.fingerprint.value, self.config.bits)


def side(text: str, config: Config, *, html: bool | None = None) -> Side:
    """Features and fingerprint of one text."""
    found = extract_features(text, config, html=html)
    return Side(found, fingerprint_weights(found.weights, config, counts=found.counts))


def compare_sides(a: Side, b: Side, config: Config) -> Comparison:
    """Compare two already computed sides (the window recomputes only the side that changed)."""
    distance = hamming(a.fingerprint, b.fingerprint)
    sticks = yardsticks(a.features.weights, b.features.weights, a.features.sequence, b.features.sequence, config.bits)
    return Comparison(
        config=config,
        a=a,
        b=b,
        distance=distance,
        similarity=distance_similarity(distance, config.bits),
        near_duplicate=is_near_duplicate(a.fingerprint, b.fingerprint, config.k or 0),
        yardsticks=sticks,
    )


def compare_texts(
    text_a: str, text_b: str, config: Config | None = None, *, html_a: bool | None = None, html_b: bool | None = None
) -> Comparison:
    """Compare two texts under one Config."""
    config = config or Config()
    return compare_sides(side(text_a, config, html=html_a), side(text_b, config, html=html_b), config)
