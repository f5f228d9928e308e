"""The hyperplane picture of two documents (Charikar 2002), as numbers the Hyperplanes view draws.

Two weight vectors a and b span a plane. Each hyperplane j of the fingerprint (normal r_j: every token's
code bit j as ±1) meets that plane in a line through the origin; since a and b lie in the plane, the side
of that line each one lies on is exactly its bit j. So the lines that separate A and B in the picture are
exactly the bits where the two fingerprints differ, and the wedge between A and B has the angle θ of the
full space.

Coordinates: e1 = a/|a|, e2 = the part of b orthogonal to a, normalised. A = (|a|, 0), B = (a·b/|a|,
|b⊥|). Hyperplane j's normal projected onto the plane is p_j = (a·r_j/|a|, (b·r_j − B_x·p_j,x)/|b⊥|),
built from the fingerprints' exact per-bit sums a·r_j and b·r_j.

More hyperplanes: a random hyperplane (a uniformly random normal) meets the plane in a line of uniformly
random direction, so it separates A and B with probability exactly θ/π; :func:`random_lines` draws them
(seeded), and the share of separating lines among many converges to θ/π.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from simcompare.core.fingerprint.simhash import Config, Fingerprint, fingerprint_weights

# A dot product this small against its operands' size is rounding noise: the point lies on the line.
_ON_THE_LINE = 1e-9


def _side(x: float, y: float, normal: tuple[float, float]) -> int:
    """1 when the point (x, y) lies strictly on the normal's side of the line, else 0 (on it gives 0,
    as a zero sum gives bit 0)."""
    dot = x * normal[0] + y * normal[1]
    scale = math.hypot(x, y) * math.hypot(*normal)
    return 1 if dot > _ON_THE_LINE * scale else 0


@dataclass(frozen=True, slots=True)
class PlaneLine:
    """One hyperplane as the line where it meets the plane of A and B.

    Attributes:
        normal: The hyperplane's normal projected onto the plane (the line is perpendicular to it);
            (0, 0) when the hyperplane contains the whole plane (then A and B both lie on it).
        bit: The fingerprint bit this hyperplane is, or None for a further random one.
        side_a: The side A lies on, from the picture's coordinates (1: the normal's side).
        side_b: The side B lies on.
    """

    normal: tuple[float, float]
    bit: int | None
    side_a: int
    side_b: int

    @property
    def separates(self) -> bool:
        return self.side_a != self.side_b

    @property
    def direction(self) -> float:
        """The line's direction in radians, in [0, π)."""
        return math.atan2(self.normal[0], -self.normal[1]) % math.pi


@dataclass(frozen=True, slots=True)
class PlanePicture:
    """A and B in the plane they span, and the hyperplanes' lines.

    Attributes:
        a: A's coordinates (|a|, 0).
        b: B's coordinates.
        theta: The angle between a and b in radians.
        bits: The fingerprints' width f (the first f lines are their hyperplanes).
        lines: The fingerprint's f lines, then any random ones added.
    """

    a: tuple[float, float]
    b: tuple[float, float]
    theta: float
    bits: int
    lines: tuple[PlaneLine, ...]

    @property
    def differing(self) -> tuple[int, ...]:
        """The fingerprint bits whose lines separate A and B."""
        return tuple(line.bit for line in self.lines if line.bit is not None and line.separates)

    @property
    def separating(self) -> int:
        return sum(line.separates for line in self.lines)

    @property
    def share(self) -> float:
        """Separating lines among all lines (0 with no lines)."""
        return self.separating / len(self.lines) if self.lines else 0.0

    @property
    def expected_share(self) -> float:
        """θ/π: the probability that a random hyperplane separates A and B."""
        return self.theta / math.pi

    def first(self, count: int) -> PlanePicture:
        """The picture with only its first ``count`` lines."""
        return PlanePicture(self.a, self.b, self.theta, self.bits, self.lines[: max(0, count)])

    def with_random(self, count: int, seed: int = 27) -> PlanePicture:
        """The picture with ``count`` more random hyperplanes (the same ones for the same seed)."""
        return PlanePicture(self.a, self.b, self.theta, self.bits, self.lines + random_lines(self, count, seed))


def random_lines(picture: PlanePicture, count: int, seed: int = 27) -> tuple[PlaneLine, ...]:
    """``count`` random hyperplanes' lines: uniformly random directions (what a uniformly random normal in
    any dimension projects to), deterministic for a seed."""
    rng = random.Random(seed)
    lines = []
    for _ in range(count):
        phi = rng.uniform(0.0, 2 * math.pi)
        normal = (math.cos(phi), math.sin(phi))
        lines.append(PlaneLine(normal, None, _side(*picture.a, normal), _side(*picture.b, normal)))
    return tuple(lines)


def plane_picture(
    weights_a: Mapping[str, float],
    weights_b: Mapping[str, float],
    sums_a: Sequence[float],
    sums_b: Sequence[float],
) -> PlanePicture | None:
    """The picture from two weight vectors and their fingerprints' per-bit sums (a·r_j and b·r_j, under
    the same codes); None when either vector is zero (no direction)."""
    norm_a = math.sqrt(sum(w * w for w in weights_a.values()))
    norm_b = math.sqrt(sum(w * w for w in weights_b.values()))
    if norm_a == 0 or norm_b == 0 or len(sums_a) != len(sums_b):
        return None
    dot = sum(w * weights_b.get(t, 0.0) for t, w in weights_a.items())
    cos = max(-1.0, min(1.0, dot / (norm_a * norm_b)))
    theta = math.acos(cos)
    bx = dot / norm_a
    by = math.sqrt(max(0.0, norm_b * norm_b - bx * bx))
    a, b = (norm_a, 0.0), (bx, by)
    lines = []
    for j, (sa, sb) in enumerate(zip(sums_a, sums_b, strict=True)):
        px = sa / norm_a
        # B parallel to A (no second direction): any plane through a holds both; its second axis is
        # then arbitrary and the line is drawn perpendicular to the first.
        py = (sb - bx * px) / by if by > _ON_THE_LINE * norm_b else 0.0
        normal = (px, py)
        lines.append(PlaneLine(normal, j, _side(*a, normal), _side(*b, normal)))
    return PlanePicture(a, b, theta, len(sums_a), tuple(lines))


def fingerprints_picture(a: Fingerprint, b: Fingerprint) -> PlanePicture | None:
    """The picture of two fingerprints' traces (their tokens' weights and their sums)."""
    return plane_picture({t.token: t.weight for t in a.tokens}, {t.token: t.weight for t in b.tokens}, a.sums, b.sums)


@dataclass(frozen=True, slots=True)
class PlanePreset:
    """A small example of two documents under given codes (a table hasher), for the Hyperplanes view."""

    key: str
    weights_a: Mapping[str, float]
    weights_b: Mapping[str, float]
    codes: Mapping[str, str]

    @property
    def config(self) -> Config:
        return Config(bits=len(next(iter(self.codes.values()))), hasher=dict(self.codes))

    def fingerprints(self) -> tuple[Fingerprint, Fingerprint]:
        return fingerprint_weights(self.weights_a, self.config), fingerprint_weights(self.weights_b, self.config)

    def picture(self) -> PlanePicture | None:
        fa, fb = self.fingerprints()
        return plane_picture(self.weights_a, self.weights_b, fa.sums, fb.sums)


# The articles' two examples (DESIGN.md §2), each as d beside a second document d′ under the same codes:
# three hyperplanes d = (1, 2, 0, 3, 0) → 001 and d′ = (1, 3, 0, 1, 0) → 011 (bit 1 differs);
# two dimensions d = (3, 2, 4) → 11 and d′ = (1, 2, 0) → 01 (bit 0 differs).
PLANE_PRESETS: tuple[PlanePreset, ...] = (
    PlanePreset(
        "three-hyperplanes",
        {"w1": 1, "w2": 2, "w3": 0, "w4": 3, "w5": 0},
        {"w1": 1, "w2": 3, "w3": 0, "w4": 1, "w5": 0},
        {"w1": "101", "w2": "011", "w3": "100", "w4": "001", "w5": "110"},
    ),
    PlanePreset(
        "two-dimensions", {"d0": 3, "d1": 2, "d2": 4}, {"d0": 1, "d1": 2, "d2": 0}, {"d0": "10", "d1": "01", "d2": "11"}
    ),
)


def plane_preset(key: str) -> PlanePreset:
    for preset in PLANE_PRESETS:
        if preset.key == key:
            return preset
    raise KeyError(f"no plane preset {key!r}; there are {', '.join(p.key for p in PLANE_PRESETS)}")
