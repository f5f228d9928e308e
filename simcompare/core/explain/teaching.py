"""The pictures a teacher draws of SimHash, as numbers (the Compare page's Geometry and Index views draw them).

- **Hyperplanes** (Charikar 2002): a document is its weight vector d (one coordinate per token); bit j of
  its fingerprint is the side of hyperplane j it lies on, sign(d · r_j), where r_j holds each token's
  code bit j as ±1. The dot products are exactly the per-bit sums, so this is the same computation seen
  as geometry.
- **The θ/π law**: for two weight vectors at angle θ, a random hyperplane separates them with probability
  θ/π, so f bits differ in f·θ/π of them on average. :func:`angle_law` measures it on many real pairs.
- **Pigeonhole blocks**: cut f bits into k+1 blocks; d ≤ k differing bits cannot touch all k+1 blocks, so
  two fingerprints within k share at least one whole block, and the index finds them by that block's key.

Every number here comes from the same core functions as the fingerprint itself; nothing is re-derived.
"""

from __future__ import annotations

import math
import random
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from simcompare.core.errors import Cancelled
from simcompare.core.explain.measures import cosine
from simcompare.core.fingerprint.bitwise import bit_of
from simcompare.core.fingerprint.simhash import (
    WEIGHT_UNIT,
    Config,
    Fingerprint,
    extract_features,
    fingerprint_weights,
    hamming,
    weight_units,
)
from simcompare.core.resources import resource
from simcompare.core.search.index import BlockLayout, choose_layout

# ------------------------------------------------------------------------------------- hyperplanes


@dataclass(frozen=True, slots=True)
class HyperplanePicture:
    """A fingerprint as geometry.

    Attributes:
        tokens: The coordinates' names, heaviest first (the trace's order).
        vector: The document d: each token's weight.
        planes: ``planes[j][i]`` is +1 or −1: token i's code bit j as a sign; column j is hyperplane j's
            normal r_j.
        dots: d · r_j for every bit j (equal to the fingerprint's per-bit sums).
        bits: sign of each dot product: 1 iff d · r_j > 0.
    """

    tokens: tuple[str, ...]
    vector: tuple[float, ...]
    planes: tuple[tuple[int, ...], ...]
    dots: tuple[float, ...]
    bits: tuple[int, ...]

    @property
    def binary(self) -> str:
        return "".join(str(b) for b in self.bits)


def hyperplanes(fp: Fingerprint) -> HyperplanePicture:
    """The hyperplane picture of a fingerprint's trace (its dots are its sums, its bits its bits)."""
    tokens = tuple(t.token for t in fp.tokens)
    vector = tuple(t.weight for t in fp.tokens)
    planes = tuple(tuple(1 if bit_of(t.code, fp.bits, j) else -1 for t in fp.tokens) for j in range(fp.bits))
    return HyperplanePicture(tokens, vector, planes, tuple(fp.sums), tuple(fp.bit(j) for j in range(fp.bits)))


def partial_sums(fp: Fingerprint, n: int) -> tuple[float, ...]:
    """The per-bit sums of the trace's first ``n`` tokens (heaviest first), as a class adds them one at a time.

    Summed exactly as the fingerprint's own sums are (whole numbers of weight units), so ``n`` equal to the
    number of tokens gives ``fp.sums`` exactly, and a sum that is 0 is 0. ``n`` of 0 gives zeros.
    """
    if not 0 <= n <= len(fp.tokens):
        raise ValueError(f"n must be from 0 to the {len(fp.tokens)} tokens of the trace, got {n}")
    tokens = fp.tokens[:n]
    units: list[int] = [int(u) for u in weight_units([t.weight for t in tokens])] if tokens else []
    sums = [0] * fp.bits
    for token, unit in zip(tokens, units, strict=True):
        for j in range(fp.bits):
            sums[j] += unit if bit_of(token.code, fp.bits, j) else -unit
    return tuple(s / WEIGHT_UNIT for s in sums)


@dataclass(frozen=True, slots=True)
class GeometryPreset:
    """A small worked example of DESIGN.md §2: weights and given codes (a table hasher)."""

    key: str
    weights: Mapping[str, float]
    codes: Mapping[str, str]

    @property
    def bits(self) -> int:
        return len(next(iter(self.codes.values())))

    def fingerprint(self) -> Fingerprint:
        return fingerprint_weights(self.weights, Config(bits=self.bits, hasher=dict(self.codes)))

    def picture(self) -> HyperplanePicture:
        """Every coordinate in the example's order, zeros included (d = (1, 2, 0, 3, 0) has five); the dot
        products and bits are the fingerprint's sums and bits."""
        fp = self.fingerprint()
        tokens = tuple(self.weights)
        planes = tuple(tuple(1 if self.codes[t][j] == "1" else -1 for t in tokens) for j in range(self.bits))
        return HyperplanePicture(
            tokens,
            tuple(float(self.weights[t]) for t in tokens),
            planes,
            tuple(fp.sums),
            tuple(fp.bit(j) for j in range(fp.bits)),
        )


# The seeds' three-hyperplane example: d = (1, 2, 0, 3, 0) → signature 001; and the two-dimension one.
GEOMETRY_PRESETS: tuple[GeometryPreset, ...] = (
    GeometryPreset(
        "three-hyperplanes",
        {"w1": 1, "w2": 2, "w3": 0, "w4": 3, "w5": 0},
        {"w1": "101", "w2": "011", "w3": "100", "w4": "001", "w5": "110"},
    ),
    GeometryPreset("two-dimensions", {"d0": 3, "d1": 2, "d2": 4}, {"d0": "10", "d1": "01", "d2": "11"}),
)


def geometry_preset(key: str) -> GeometryPreset:
    for preset in GEOMETRY_PRESETS:
        if preset.key == key:
            return preset
    raise KeyError(f"no geometry preset {key!r}; there are {', '.join(p.key for p in GEOMETRY_PRESETS)}")


# ------------------------------------------------------------------------------------------ angles


def angle(weights_a: Mapping[str, float], weights_b: Mapping[str, float]) -> float | None:
    """θ between two weight vectors in radians (0 to π/2 for weights that are never negative); None when
    either vector is empty (no direction, so no angle)."""
    if not weights_a or not weights_b:
        return None
    return math.acos(max(-1.0, min(1.0, cosine(weights_a, weights_b))))


@dataclass(frozen=True, slots=True)
class AnglePoint:
    """One pair of texts: the angle between their weight vectors and their fingerprints' distance."""

    theta: float
    distance: int
    bits: int

    @property
    def predicted(self) -> float:
        """f·θ/π: the distance random hyperplanes give on average at this angle."""
        return self.bits * self.theta / math.pi


@dataclass(frozen=True, slots=True)
class AngleLaw:
    """Many pairs' (θ, distance), and how well f·θ/π predicts the distance."""

    points: tuple[AnglePoint, ...]
    bits: int

    @property
    def mean_error(self) -> float:
        """Mean of distance − f·θ/π: near 0 when the law holds."""
        return sum(p.distance - p.predicted for p in self.points) / len(self.points) if self.points else 0.0

    @property
    def mean_absolute_error(self) -> float:
        return sum(abs(p.distance - p.predicted) for p in self.points) / len(self.points) if self.points else 0.0


def _edited(words: list[str], replacements: list[str], share: float, rng: random.Random) -> list[str]:
    out = list(words)
    for i in rng.sample(range(len(out)), round(share * len(out))):
        out[i] = rng.choice(replacements)
    return out


def example_pairs(per_language: int = 40, seed: int = 14) -> list[tuple[str, str]]:
    """Pairs of real texts at every distance, from the bundled examples (``resources/examples``).

    Each pair is an example text and a copy with a share of its words (0 % to 100 %, evenly spread)
    replaced by words of the unrelated example of the same language — so the angles run from 0 to that
    of unrelated texts. Deterministic for a seed.
    """
    rng = random.Random(seed)
    pairs = []
    for language, joiner in (("en", " "), ("zh", "")):
        original = resource("examples", f"{language}-original.txt").read_text(encoding="utf-8")
        unrelated = resource("examples", f"{language}-unrelated.txt").read_text(encoding="utf-8")
        if language == "en":
            words, others = original.split(), unrelated.split()
        else:  # Chinese: characters, so that a replacement changes jieba's words as a real edit does
            words, others = list(original), [c for c in unrelated if not c.isspace()]
        for i in range(per_language):
            share = i / max(1, per_language - 1)
            pairs.append((original, joiner.join(_edited(words, others, share, rng))))
    return pairs


def angle_law(
    pairs: Sequence[tuple[str, str]],
    config: Config,
    *,
    cancel: threading.Event | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> AngleLaw:
    """θ and the Hamming distance of each pair under ``config`` (pairs where a text has no features are
    left out: they have no angle). Stops with Cancelled between pairs when ``cancel`` is set."""
    points = []
    for done, (text_a, text_b) in enumerate(pairs):
        if cancel is not None and cancel.is_set():
            raise Cancelled("angle law")
        wa = extract_features(text_a, config, keep_sequence=False).weights
        wb = extract_features(text_b, config, keep_sequence=False).weights
        theta = angle(wa, wb)
        if theta is not None:
            fa, fb = fingerprint_weights(wa, config), fingerprint_weights(wb, config)
            points.append(AnglePoint(theta, hamming(fa, fb), config.bits))
        if progress is not None:
            progress(done + 1, len(pairs))
    return AngleLaw(tuple(points), config.bits)


# ------------------------------------------------------------------------------------------ blocks


@dataclass(frozen=True, slots=True)
class BlockPicture:
    """Two fingerprints cut into the index's blocks.

    Attributes:
        bounds: ``(start, stop)`` of each block, bit 0 leftmost.
        differing: Differing bits in each block.
        distance: Total differing bits.
        k: The threshold the blocks were cut for (k + 1 blocks).
    """

    bounds: tuple[tuple[int, int], ...]
    differing: tuple[int, ...]
    distance: int
    k: int

    @property
    def shared(self) -> tuple[int, ...]:
        """Blocks on which the two fingerprints agree exactly (the keys that find the pair)."""
        return tuple(i for i, d in enumerate(self.differing) if d == 0)

    @property
    def guaranteed(self) -> bool:
        """Within k: the pigeonhole principle promises a shared block."""
        return self.distance <= self.k


def blocks_of(a: int, b: int, bits: int, k: int) -> BlockPicture:
    """Cut two fingerprints into the pigeonhole's k + 1 blocks (``BlockLayout.for_search``)."""
    return blocks_in(a, b, BlockLayout.for_search(bits, min(k, bits - 1)))


def blocks_in(a: int, b: int, layout: BlockLayout) -> BlockPicture:
    """Cut two fingerprints into any layout's blocks."""
    bits = layout.bits
    xor = a ^ b
    differing = tuple(sum(bit_of(xor, bits, j) for j in range(start, stop)) for start, stop in layout.bounds)
    return BlockPicture(layout.bounds, differing, xor.bit_count(), layout.k)


@dataclass(frozen=True, slots=True)
class IndexArithmetic:
    """What a block index costs for n fingerprints of f bits at threshold k (the seeds' calculation).

    With k + 1 blocks, a block of b bits has 2^b possible keys; n random fingerprints spread over them, so a
    query meets about n / 2^b candidates per table, (k + 1) tables in all.
    """

    n: int
    bits: int
    k: int
    blocks: int
    block_bits: tuple[int, ...]

    @property
    def candidates_per_table(self) -> tuple[float, ...]:
        return tuple(self.n / 2**b for b in self.block_bits)

    @property
    def candidates_per_query(self) -> float:
        return sum(self.candidates_per_table)


def index_arithmetic(n: int, bits: int, k: int) -> IndexArithmetic:
    """The pigeonhole index's layout and expected candidates for n random fingerprints."""
    if n < 1:
        raise ValueError(f"n must be 1 or more, got {n}")
    layout = BlockLayout.for_search(bits, k)
    return IndexArithmetic(n, bits, k, layout.blocks, tuple(stop - start for start, stop in layout.bounds))


@dataclass(frozen=True, slots=True)
class LayoutLesson:
    """One block layout for n random fingerprints, as the Index view lays it beside another.

    Attributes:
        layout: The layout: ``blocks`` blocks, one table per combination of ``blocks − k`` of them.
        n: Fingerprints in the index.
        tables: Keys (sorted tables): C(blocks, k).
        key_bits: Bits of the narrowest key.
        candidates: Chance candidate pairs in a whole search: n (n − 1) / 2 × Σ over keys of 2^−(key bits)
            (``BlockLayout.estimate``; two random fingerprints agree on a b-bit key with chance 2^−b).
        seconds: The cost model's estimate of the search's time on this machine.
    """

    layout: BlockLayout
    n: int
    tables: int
    key_bits: int
    candidates: float
    seconds: float

    @property
    def block_bits(self) -> tuple[int, ...]:
        return tuple(stop - start for start, stop in self.layout.bounds)

    @property
    def blocks_per_key(self) -> int:
        return self.layout.agree

    @property
    def per_query(self) -> float:
        """Chance candidates one fingerprint meets: (n − 1) × Σ over keys of 2^−(key bits)."""
        return 2 * self.candidates / self.n if self.n else 0.0

    def tables_meeting(self, picture: BlockPicture) -> int:
        """Tables whose key two fingerprints share: every combination of blocks − k of their agreeing blocks."""
        return math.comb(len(picture.shared), self.layout.agree)


def _lesson(layout: BlockLayout, n: int) -> LayoutLesson:
    estimate = layout.estimate(n)
    return LayoutLesson(layout, n, estimate.keys, estimate.key_bits, estimate.candidates, estimate.seconds)


def index_layouts(n: int, bits: int, k: int) -> tuple[LayoutLesson, LayoutLesson]:
    """The pigeonhole's k + 1 blocks, and the layout a scan of n fingerprints really uses
    (``choose_layout``: more, narrower blocks combined into wider keys when that is cheaper)."""
    if n < 1:
        raise ValueError(f"n must be 1 or more, got {n}")
    return _lesson(BlockLayout.for_search(bits, k), n), _lesson(choose_layout(n, k, bits), n)
