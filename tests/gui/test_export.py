"""Export: views and charts as PNG and SVG, the trace as CSV and as `compare --json` writes it."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from helpers.gui import change_settings, wait_settled
from PySide6.QtGui import QImage

from simcompare import cli
from simcompare.gui.compare.page import ComparePage


@pytest.mark.parametrize("suffix", [".png", ".svg"])
def test_a_chart_and_the_current_view_as_a_picture(qtbot, page: ComparePage, tmp_path: Path, suffix: str) -> None:
    page.load_example("six-bit")
    wait_settled(qtbot, page)
    chart = page.fingerprints.chart_a
    path = tmp_path / f"chart{suffix}"
    assert page.export_widget(chart, str(path))
    if suffix == ".png":
        image = QImage(str(path))
        assert image.width() == chart.grab().width() and image.height() == chart.grab().height()
    else:
        svg = path.read_text(encoding="utf-8")
        assert svg.startswith("<?xml") and "<svg" in svg and f'viewBox="0 0 {chart.width()} {chart.height()}"' in svg
    assert page.export_widget(page.results.currentWidget(), str(tmp_path / f"view{suffix}"))
    assert not list(tmp_path.glob("*.part"))


def test_an_unknown_picture_format_is_refused(qtbot, page: ComparePage, tmp_path: Path) -> None:
    with qtbot.waitSignal(page.message) as said:
        assert not page.export_widget(page.fingerprints.chart_a, str(tmp_path / "chart.gif"))
    assert ".png or .svg" in said.args[0]
    assert not (tmp_path / "chart.gif").exists()


def test_the_trace_as_csv_holds_the_token_table_exactly(qtbot, page: ComparePage, tmp_path: Path) -> None:
    page.load_example("six-bit")
    wait_settled(qtbot, page)
    path = tmp_path / "trace.csv"
    assert page.export_trace(str(path))
    rows = list(csv.reader(path.read_text(encoding="utf-8").splitlines()))
    assert rows[0] == ["text", "row", "token", "count", "weight", "code", "0", "1", "2", "3", "4", "5"]
    a_rows = [r for r in rows[1:] if r[0] == "A"]
    assert a_rows[0] == ["A", "token", "a", "5", "5", "100101", "5", "-5", "-5", "5", "-5", "5"]
    assert a_rows[-2] == ["A", "sum", "", "", "", "", "15", "-7", "-1", "3", "5", "15"]
    assert a_rows[-1] == ["A", "bit", "", "", "", "", "1", "0", "0", "1", "1", "1"]


def test_the_trace_as_json_is_what_compare_json_prints(qtbot, page: ComparePage, two_files, tmp_path, capsys) -> None:
    a, b = two_files
    change_settings(page.settings, bits=16, weighting="tfidf")
    page.load_files(str(a), str(b))
    wait_settled(qtbot, page)
    path = tmp_path / "trace.json"
    assert page.export_trace(str(path))
    assert cli.main(["compare", str(a), str(b), "--json", "--bits", "16", "--weighting", "tfidf"]) == 0
    assert json.loads(path.read_text(encoding="utf-8")) == json.loads(capsys.readouterr().out)


def test_the_export_menu_offers_pictures_and_the_trace(qtbot, page: ComparePage) -> None:
    texts = [action.text() for action in page.export_button.menu().actions()]
    assert "This view as PNG or SVG…" in texts and "Trace as CSV or JSON…" in texts
    assert "Distance against angle chart…" in texts


def test_a_folder_that_is_not_there_is_named_in_the_windows_words(qtbot, page: ComparePage, tmp_path: Path) -> None:
    page.load_example("six-bit")
    wait_settled(qtbot, page)
    target = tmp_path / "missing" / "trace.csv"
    with qtbot.waitSignal(page.message) as said:
        assert not page.export_trace(str(target))
    assert said.args[0] == f"Could not save {target}: no such file or folder"
    with qtbot.waitSignal(page.message) as said:
        assert not page.export_widget(page.fingerprints.chart_a, str(tmp_path / "missing" / "chart.png"))
    assert said.args[0].endswith(": no such file or folder")
