"""The Geometry and Index views show the core's numbers: hyperplanes, the θ/π law, blocks, arithmetic."""

from __future__ import annotations

import itertools
import math

import pytest
from helpers.gui import change_settings, wait_settled

from simcompare.core.explain.teaching import angle, angle_law, blocks_of, example_pairs, geometry_preset, hyperplanes
from simcompare.core.fingerprint.simhash import Config
from simcompare.core.search.index import choose_layout, find_near_pairs
from simcompare.gui.compare.geometry_view import law_config
from simcompare.gui.compare.page import ComparePage


def table_column(view, column: int) -> list[str]:
    return [view.table.item(row, column).text() for row in range(view.table.rowCount()) if view.table.item(row, column)]


def test_the_seeds_three_hyperplanes_on_screen(qtbot, page: ComparePage) -> None:
    view = page.geometry_view
    view.select_source("three-hyperplanes")
    picture = geometry_preset("three-hyperplanes").picture()
    assert view.picture() == picture
    assert table_column(view, 0) == ["1", "2", "0", "3", "0"]  # d = (1, 2, 0, 3, 0)
    # r0 from the codes' first bits (1, 0, 1, 0, 1), then d · r0 = −4 and its bit 0.
    assert table_column(view, 1) == ["+1", "−1", "+1", "−1", "+1", "−4", "0"]
    assert table_column(view, 3)[-2:] == ["+6", "1"]
    assert "Signature: 001" in view.explanation.text()
    view.select_source("two-dimensions")
    assert "Signature: 11" in view.explanation.text()


def test_text_a_as_hyperplanes_and_the_angle_of_the_two_texts(qtbot, page: ComparePage) -> None:
    page.load_example("en-edited")
    wait_settled(qtbot, page)
    comparison = page.comparison
    view = page.geometry_view
    view.select_source("a")
    picture = hyperplanes(comparison.a.fingerprint)
    assert view.picture() == picture
    assert view.picture().dots == comparison.a.fingerprint.sums
    theta = angle(comparison.a.features.weights, comparison.b.features.weights)
    assert f"{math.degrees(theta):.3g}°" in view.angle_line.text()
    assert f"{comparison.distance} do" in view.angle_line.text()
    assert "40 heaviest of 64 coordinates, the first 16 of 64 hyperplanes" in view.explanation.text()


def test_the_law_is_measured_in_the_background_and_drawn(qtbot, page: ComparePage) -> None:
    page.load_example("en-edited")
    wait_settled(qtbot, page)
    with qtbot.waitSignal(page.geometry_view.law_ready, timeout=60_000) as ready:
        page.show_results_tab(page.results.indexOf(page.geometry_view))
    law = ready.args[0]
    assert page.geometry_view.chart.law is law
    config = law_config(page.comparison.config)
    assert len(law.points) == len(example_pairs())
    for i in (0, 17, 41):  # each dot is the core's own (θ, distance) for that pair
        assert angle_law([example_pairs()[i]], config).points[0] == law.points[i]
    assert "on average the distance is f·θ/π" in page.geometry_view.law_line.text()


def test_the_law_under_the_teaching_table_uses_md5(qtbot, page: ComparePage) -> None:
    page.load_example("six-bit")
    wait_settled(qtbot, page)
    config = law_config(page.comparison.config)
    assert config.hasher == "md5" and config.bits == 6


def test_a_pair_within_k_lights_its_shared_block(qtbot, page: ComparePage) -> None:
    page.load_example("six-bit")  # 100111 vs 101111 at k = 1: two blocks of three bits
    wait_settled(qtbot, page)
    view = page.index_view
    assert view.picture == blocks_of(0b100111, 0b101111, 6, 1)
    assert view.picture.shared == (1,) and view.picture.guaranteed
    assert "2 blocks" in view.why.text() and "block 1 (bits 3–5)" in view.why.text()


@pytest.mark.parametrize(("bits", "k", "expected"), [(64, 3, "2^34 / 2^16 = 2^18"), (64, 8, "2^34 / 2^8 = 2^26")])
def test_the_index_arithmetic(qtbot, page: ComparePage, bits: int, k: int, expected: str) -> None:
    change_settings(page.settings, bits=bits, k=k)
    qtbot.waitUntil(lambda: page.is_settled() and page.comparison.k == k, timeout=30_000)
    assert expected in page.index_view.arithmetic.text()
    assert f"{k + 1} blocks" in page.index_view.arithmetic.text()


def test_a_scans_index_statistics(qtbot, page: ComparePage) -> None:
    values = [0, 1, 3, 2**63, 2**63 + 1]
    pairs = find_near_pairs(values, k=2, bits=64)
    page.index_view.show_scan(pairs.stats)
    text = page.index_view.scan_line.text()
    assert f"{pairs.blocks} blocks, {pairs.keys} tables" in text
    assert f"{pairs.candidates:,} candidate pairs checked of 10 possible, {len(pairs)} pairs" in text


def test_a_scan_searched_with_covering_masks_says_so(qtbot, page: ComparePage) -> None:
    import numpy as np

    values = np.random.default_rng(3).integers(0, 2**63, size=200_000, dtype=np.uint64)
    pairs = find_near_pairs(values, k=12, bits=64)
    assert pairs.stats.method == "covering"  # many values at k = 12: the cost model picks the masks
    page.index_view.show_scan(pairs.stats)
    text = page.index_view.scan_line.text()
    assert f"{pairs.keys} covering masks over {pairs.blocks} parts" in text and "tables" not in text


def test_a_folder_scan_shows_its_index_in_the_index_view(qtbot, main_window, tmp_path) -> None:
    text = "The quiet river ran past the old mill, where the baker sold warm bread to travellers every morning."
    (tmp_path / "a.txt").write_text(text, encoding="utf-8")
    (tmp_path / "b.txt").write_text(text.replace("quiet", "silent"), encoding="utf-8")
    folder = main_window.folder_page
    folder.workers = 1
    with qtbot.waitSignals([folder.scan_finished, folder.regrouped], timeout=60_000):  # grouping searches the index
        main_window.open_folder(str(tmp_path))
    stats = folder.search_statistics
    assert stats is not None and stats.found >= 1
    line = main_window.compare_page.index_view.scan_line.text()
    assert f"{stats.n:,} fingerprints" in line and f"{stats.blocks} blocks, {stats.keys} tables" in line
    assert f"{stats.candidates:,} candidate pairs checked" in line and f"{stats.found:,} pairs within k" in line


def test_the_law_keeps_every_setting_but_the_teaching_table() -> None:
    teaching = Config(bits=6, hasher={"A": "100101"}, fold_chinese=False, html=True, stopwords=False)
    real = law_config(teaching)
    assert real.hasher == "md5"
    assert (real.bits, real.fold_chinese, real.html, real.stopwords) == (6, False, True, False)


def test_the_index_view_lays_the_scans_layout_beside_the_pigeonholes(qtbot, page: ComparePage) -> None:
    page.load_example("en-edited")
    wait_settled(qtbot, page)
    view = page.index_view
    view.exponent.setValue(34)
    naive, scan = view.layouts
    assert (naive.layout.blocks, scan.layout) == (13, choose_layout(2**34, 12, 64))

    def cells(row: int) -> list[str]:
        return [view.table.item(row, column).text() for column in range(2)]

    # 64 bits in 13 blocks: twelve of 5 bits and one of 4; one table per block, the narrowest key 4 bits.
    assert cells(0)[0] == "13: 12 × 5 + 1 × 4"
    assert cells(2)[0] == "13" and cells(3)[0] == "4 bits"
    # Per query: (n − 1) × (12 × 2^−5 + 2^−4) = 7.52 × 10^9 chance candidates; a whole scan n/2 times that.
    n = 2**34
    assert cells(4)[0] == f"{(n - 1) * (12 / 32 + 1 / 16) / 1e9:.3g} × 10^9"
    assert cells(5)[0] == f"{n * (n - 1) / 2 * (12 / 32 + 1 / 16) / 1e19:.3g} × 10^19"
    # The scan's column, from its blocks' widths by hand.
    widths = [stop - start for start, stop in scan.layout.bounds]
    keys = [sum(widths[i] for i in c) for c in itertools.combinations(range(len(widths)), len(widths) - 12)]
    assert cells(2)[1] == f"{len(keys):,}" and cells(3)[1] == f"{min(keys)} bits"
    assert cells(1) == ["1", str(len(widths) - 12)]
    # The pair in the scan's blocks: every combination of its agreeing blocks is a table that meets it.
    a, b = page.comparison.a.fingerprint.binary, page.comparison.b.fingerprint.binary
    agree = sum(a[start:stop] == b[start:stop] for start, stop in scan.layout.bounds)
    meeting = math.comb(agree, len(widths) - 12)
    assert f"{agree} of the {len(widths)} blocks agree" in view.scan_why.text()
    assert f"so {meeting} of its {len(keys)} tables meet this pair" in view.scan_why.text()
    assert "Manku, Jain and Das Sarma (2007)" in view.manku.text()
    assert f"13 tables with keys of at least 4 bits meet about {cells(4)[0]} candidates per query" in view.manku.text()
    view.exponent.setValue(10)  # a thousand fingerprints: the table follows n
    assert view.layouts[1].layout == choose_layout(2**10, 12, 64)
    assert cells(4)[0] == f"{round(1023 * (12 / 32 + 1 / 16)):,}"
