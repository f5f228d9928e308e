"""The Hyperplanes view: the lit lines are the differing bits, the counter's numbers, one more, Play."""

from __future__ import annotations

import math

from helpers.gui import wait_settled
from PySide6.QtGui import QImage

from simcompare.core.explain.planes import fingerprints_picture, plane_preset
from simcompare.gui.common.palette import DIFFERENT
from simcompare.gui.compare.page import ComparePage
from simcompare.gui.compare.plane_view import MAX_LINES


def lit_pixels(view) -> int:
    image = view.drawing.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    return sum(
        image.pixelColor(x, y) == DIFFERENT for y in range(0, image.height(), 2) for x in range(0, image.width(), 2)
    )


def test_the_two_texts_lit_lines_are_their_differing_bits(qtbot, page: ComparePage) -> None:
    page.load_example("en-edited")
    wait_settled(qtbot, page)
    page.show_results_tab(page.results.indexOf(page.planes))
    view = page.planes
    comparison = page.comparison
    picture = view.picture
    assert picture == fingerprints_picture(comparison.a.fingerprint, comparison.b.fingerprint)
    assert picture.differing == comparison.differing_bits
    assert len(picture.lines) == 64 and picture.separating == comparison.distance
    # The counter, recomputed: the separating share and θ/π, θ from the weight vectors' cosine.
    wa, wb = comparison.a.features.weights, comparison.b.features.weights
    cos = sum(w * wb.get(t, 0) for t, w in wa.items()) / math.sqrt(
        sum(w * w for w in wa.values()) * sum(w * w for w in wb.values())
    )
    theta = math.acos(cos)
    share = 100 * comparison.distance / 64
    text = view.counter.text()
    assert f"{comparison.distance} separate A and B: {share:.3g} %" in text
    assert f"θ = {math.degrees(theta):.3g}°, so θ/π = {100 * theta / math.pi:.3g} %" in text
    bits = ", ".join(map(str, comparison.differing_bits))
    assert f"bits {bits} ({comparison.distance})" in view.explanation.text()
    view.drawing.resize(400, 400)
    assert lit_pixels(view) > 0


def test_identical_texts_light_no_line(qtbot, page: ComparePage) -> None:
    page.pane_a.set_text("the same words in both texts")
    page.pane_b.set_text("the same words in both texts")
    wait_settled(qtbot, page)
    view = page.planes
    assert view.picture.differing == () and view.picture.separating == 0
    view.drawing.resize(400, 400)
    assert lit_pixels(view) == 0


def test_one_more_hyperplane_and_only_the_fingerprints(qtbot, page: ComparePage) -> None:
    view = page.planes
    view.select_source("three-hyperplanes")
    preset = plane_preset("three-hyperplanes").picture()
    assert view.picture == preset  # d → 001, d′ → 011: bit 1 lit
    assert "bits 1 (1)" in view.explanation.text()
    assert "3 lines: 3 of the fingerprint's 3 hyperplanes and 0 random ones. 1 separate d and d′: 33.3 %" in (
        view.counter.text()
    )
    view.more_button.click()
    view.more_button.click()
    assert view.picture == preset.with_random(2)
    assert view.counter.text().startswith("5 lines: 3 of the fingerprint's 3 hyperplanes and 2 random ones.")
    view.restart_button.click()
    assert view.picture == preset
    view.select_source("two-dimensions")
    assert view.picture.differing == (0,)


def test_play_starts_from_an_empty_plane_and_stops_at_the_last_line(qtbot, page: ComparePage) -> None:
    view = page.planes
    view.select_source("two-dimensions")
    view.pace.setCurrentIndex(view.pace.count() - 1)
    view.play_button.click()
    assert view.play_button.isChecked() and view.timer.isActive()
    assert view.picture is not None and len(view.picture.lines) <= 2  # started again from no line
    qtbot.waitUntil(lambda: view.picture is not None and len(view.picture.lines) >= 6, timeout=10_000)
    view.play_button.click()
    assert not view.timer.isActive() and view.play_button.text() == "Play"
    shown = len(view.picture.lines)
    for _ in range(MAX_LINES):
        view.one_more()
    assert len(view.picture.lines) == MAX_LINES
    assert not view.more_button.isEnabled()
    assert shown <= MAX_LINES
    expected = plane_preset("two-dimensions").picture().with_random(MAX_LINES - 2)
    assert view.picture == expected
    assert abs(view.picture.share - view.picture.expected_share) < 0.06
