"""The hyperplane picture: the lines that separate A and B are exactly the bits that differ, θ is the angle."""

from __future__ import annotations

import math
import random

import pytest

from simcompare.core.explain.compare import side
from simcompare.core.explain.planes import fingerprints_picture, plane_picture, plane_preset
from simcompare.core.fingerprint.simhash import Config

WORDS = [
    "apple",
    "pear",
    "river",
    "stone",
    "cloud",
    "lamp",
    "window",
    "garden",
    "letter",
    "music",
    "quiet",
    "yellow",
    "bridge",
    "market",
    "train",
]


def random_text(rng: random.Random) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 40)))


def differing_bits(a: int, b: int, bits: int) -> tuple[int, ...]:
    return tuple(j for j in range(bits) if (a ^ b) >> (bits - 1 - j) & 1)


@pytest.mark.parametrize(
    "config",
    [Config(), Config(bits=32), Config(bits=128, hasher="md5"), Config(weighting="tfidf"), Config(weighting="uniform")],
    ids=["default", "32 bits", "128 bits", "tf-idf", "uniform"],
)
def test_the_lit_lines_are_the_differing_bits_over_random_texts(config: Config) -> None:
    rng = random.Random(27)
    for _ in range(120):
        a, b = side(random_text(rng), config), side(random_text(rng), config)
        picture = fingerprints_picture(a.fingerprint, b.fingerprint)
        assert picture is not None
        expected = differing_bits(a.fingerprint.value, b.fingerprint.value, config.bits)
        assert picture.differing == expected
        # Each side in the picture is that text's bit (from the 2-D coordinates, not copied from the sums).
        assert [line.side_a for line in picture.lines] == [a.fingerprint.bit(j) for j in range(config.bits)]
        assert [line.side_b for line in picture.lines] == [b.fingerprint.bit(j) for j in range(config.bits)]
        wa, wb = a.features.weights, b.features.weights
        cos = sum(w * wb.get(t, 0) for t, w in wa.items()) / math.sqrt(
            sum(w * w for w in wa.values()) * sum(w * w for w in wb.values())
        )
        assert picture.theta == pytest.approx(math.acos(min(1.0, cos)), abs=1e-6)  # acos near 1: 1e-8 of noise


def test_the_same_text_twice_has_no_wedge_and_no_lit_line() -> None:
    a = side("one two three four five", Config())
    picture = fingerprints_picture(a.fingerprint, a.fingerprint)
    assert picture is not None
    assert picture.theta == pytest.approx(0.0, abs=1e-7)
    assert picture.differing == ()


def test_an_empty_text_has_no_picture() -> None:
    assert plane_picture({}, {"a": 1.0}, (0.0,), (1.0,)) is None


def test_the_articles_three_hyperplanes_by_hand() -> None:
    preset = plane_preset("three-hyperplanes")
    fa, fb = preset.fingerprints()
    # d = (1, 2, 0, 3, 0): sums −4, −2, 6 → 001; d′ = (1, 3, 0, 1, 0): sums −3, 1, 5 → 011.
    assert fa.sums == (-4, -2, 6) and fa.binary == "001"
    assert fb.sums == (-3, 1, 5) and fb.binary == "011"
    picture = preset.picture()
    assert picture is not None
    assert picture.differing == (1,)
    # d · d′ = 1 + 6 + 3 = 10, |d|² = 14, |d′|² = 11.
    assert picture.theta == pytest.approx(math.acos(10 / math.sqrt(14 * 11)))
    assert picture.a == pytest.approx((math.sqrt(14), 0.0))


def test_the_articles_two_dimensions_by_hand() -> None:
    preset = plane_preset("two-dimensions")
    fa, fb = preset.fingerprints()
    assert fa.sums == (5, 3) and fa.binary == "11"  # d = (3, 2, 4)
    assert fb.sums == (-1, 1) and fb.binary == "01"  # d′ = (1, 2, 0)
    picture = preset.picture()
    assert picture is not None
    assert picture.differing == (0,)
    assert picture.theta == pytest.approx(math.acos(7 / math.sqrt(29 * 5)))


def test_random_hyperplanes_separate_with_probability_theta_over_pi() -> None:
    picture = plane_preset("three-hyperplanes").picture()
    assert picture is not None
    many = picture.with_random(40_000).lines[picture.bits :]
    share = sum(line.separates for line in many) / len(many)
    assert share == pytest.approx(picture.expected_share, abs=0.01)
    assert all(line.bit is None for line in many)
    assert picture.with_random(5).lines == picture.with_random(5).lines  # the same for a seed
    assert picture.with_random(5, seed=1).lines != picture.with_random(5).lines


def test_first_keeps_the_first_lines() -> None:
    picture = plane_preset("two-dimensions").picture()
    assert picture is not None
    assert picture.first(1).lines == picture.lines[:1]
    assert picture.first(0).share == 0.0
