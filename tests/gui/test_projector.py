"""Projector mode: View → Larger / Smaller (remembered), auto-play, lit widgets kept in view at 1024×700."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.gui import wait_settled
from PySide6.QtCore import QPoint, QSettings
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QAbstractButton, QAbstractSpinBox, QApplication, QComboBox, QLabel, QWidget

from simcompare.gui.app import install_translations, settle_layouts
from simcompare.gui.compare.steps import Step
from simcompare.gui.compare.zoom import SCALES, ZOOM_KEY, Zoom
from simcompare.gui.main_window import MainWindow


@pytest.fixture
def window(main_window) -> Iterator:
    yield main_window
    main_window.compare_page.zoom.set_scale(1.0, remember=False)  # the next test starts at the usual size


def test_larger_and_smaller_scale_everything_and_are_remembered(qtbot, window) -> None:
    page = window.compare_page
    zoom = page.zoom
    view_menu = window.menuBar().actions()[2].menu()
    assert {zoom.larger_action, zoom.smaller_action, zoom.normal_action} <= set(view_menu.actions())
    assert QKeySequence(QKeySequence.StandardKey.ZoomIn) in zoom.larger_action.shortcuts()
    assert zoom.smaller_action.shortcut() == QKeySequence(QKeySequence.StandardKey.ZoomOut)
    app = QApplication.instance()
    base = QApplication.font().pointSizeF()
    table_font = page.table_a.view.font().pointSizeF()
    heading = page.fingerprints.heading.font().pointSizeF()
    zoom.larger_action.trigger()
    zoom.larger_action.trigger()
    assert zoom.scale == 1.3
    assert QApplication.font().pointSizeF() == pytest.approx(base * 1.3)
    assert page.table_a.view.font().pointSizeF() == pytest.approx(table_font * 1.3)  # monospace too
    assert page.fingerprints.heading.font().pointSizeF() == pytest.approx(heading * 1.3)  # bold headings too
    rows = page.table_a.view.verticalHeader().defaultSectionSize()
    assert rows == page.table_a.view.fontMetrics().height() + 6  # the rows grew with it
    assert float(QSettings().value(ZOOM_KEY)) == 1.3
    assert Zoom().scale == 1.3  # the next start reads it back
    zoom.smaller_action.trigger()
    assert zoom.scale == 1.15 and QApplication.font().pointSizeF() == pytest.approx(base * 1.15)
    zoom.normal_action.trigger()
    assert QApplication.font().pointSizeF() == pytest.approx(base)
    assert page.table_a.view.font().pointSizeF() == pytest.approx(table_font)
    for _ in SCALES:
        zoom.larger()
    assert zoom.scale == SCALES[-1] and not zoom.larger_action.isEnabled()
    assert app is QApplication.instance()


def test_a_damaged_zoom_preference_is_the_usual_size() -> None:
    QSettings().setValue(ZOOM_KEY, "huge")
    assert Zoom().scale == 1.0
    QSettings().setValue(ZOOM_KEY, 37)
    assert Zoom().scale == 1.0
    with pytest.raises(ValueError, match="must be one of"):
        Zoom().set_scale(1.23)


def test_auto_play_walks_the_steps_at_its_pace(qtbot, window) -> None:
    page = window.compare_page
    page.load_example("six-bit")
    wait_settled(qtbot, page)
    guide = page.step_guide
    guide.pace.setCurrentIndex(0)
    guide.play_button.click()
    assert guide.step == Step.CLEAN and guide.timer.isActive() and guide.timer.interval() == 2000
    guide.timer.timeout.emit()  # one beat of the pace, without waiting for it
    assert guide.step == Step.TOKENS
    guide.pace.setCurrentIndex(2)
    assert guide.timer.interval() == 8000
    for _ in range(20):
        guide.timer.timeout.emit()
    assert guide.step == Step.DISTANCE  # stops at the last step
    assert not guide.play_button.isChecked() and not guide.timer.isActive()
    guide.play_button.click()  # from the end: again from the first step
    assert guide.step == Step.CLEAN
    guide.toggle.click()  # leaving step mode stops it
    assert not guide.timer.isActive()


def test_the_lit_widgets_are_in_view_at_1024_by_700_and_larger(qtbot, window) -> None:
    window.resize(1024, 700)
    page = window.compare_page
    page.load_example("six-bit")
    wait_settled(qtbot, page)
    page.show_results_tab(0)
    page.zoom.set_scale(1.3, remember=False)
    settle_layouts()
    for step in (Step.FINGERPRINT, Step.XOR):
        page.step_guide.go_to(step)
        settle_layouts()
        lit = page.steps_tab.lit_widgets()
        assert lit
        for widget in lit:
            assert not widget.visibleRegion().isEmpty(), (step, widget.objectName())


@pytest.mark.parametrize("scale", [1.15, 1.5])
def test_a_wrapped_example_caption_keeps_clear_of_the_text_box(qtbot, window, scale: float) -> None:
    """At 1024×700 and 1.15× the example's caption wraps onto a second line, which used to run into the text box."""
    window.resize(1024, 700)
    page = window.compare_page
    window.example_actions["six-bit"].trigger()
    wait_settled(qtbot, page)
    page.zoom.set_scale(scale, remember=False)
    settle_layouts()
    for pane in (page.pane_a, page.pane_b):
        info = pane.info
        assert info.heightForWidth(info.width()) > info.fontMetrics().height()  # it does wrap here
        assert info.height() >= info.heightForWidth(info.width())  # …and has its lines' room
        assert info.geometry().top() >= pane.editor.geometry().bottom()
    sentence = page.step_guide.sentence
    page.step_guide.go_to(Step.SIGNED)
    page.step_guide.one_by_one.click()
    page.step_guide.more_button.click()
    settle_layouts()
    assert sentence.height() >= sentence.heightForWidth(sentence.width())


@pytest.fixture(params=["en", "zh_CN"])
def language(request, qapp) -> Iterator[str]:
    install_translations(qapp, request.param)
    yield request.param
    install_translations(qapp, "en")


def _beyond_the_viewport(page) -> list[str]:
    """The settings panel's visible fields whose right edge lies past what its scroll area shows."""
    area = page.settings_area
    viewport = area.viewport()
    cut = []
    for widget in page.settings.findChildren(QWidget):
        if not isinstance(widget, (QComboBox, QAbstractSpinBox, QAbstractButton, QLabel)):
            continue
        if not widget.isVisibleTo(page.settings):
            continue
        right = widget.mapTo(viewport, QPoint(widget.width(), 0)).x()
        if right > viewport.width() + 1:
            cut.append(f"{type(widget).__name__} {widget.objectName()} ends at {right} of {viewport.width()}")
    return cut


@pytest.mark.parametrize("size", [(1024, 700), (1400, 900)])
def test_the_settings_panel_is_never_cut_off_on_the_right(qtbot, language: str, size, tmp_path: Path) -> None:
    """At 1.5× in a 1400-wide window the panel's fields ran past its edge, out of reach: now its width follows its
    contents while the page has room, and where it has not (1024 wide) the panel scrolls sideways."""
    window = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    page = window.compare_page
    window.example_actions["six-bit"].trigger()  # the teaching table's long name in the hasher's box
    wait_settled(qtbot, page)
    try:
        for scale in (1.0, 1.15, 1.5):
            page.zoom.set_scale(scale, remember=False)
            settle_layouts()
            cut = _beyond_the_viewport(page)
            scrolls = page.settings_area.horizontalScrollBar().isVisible()
            assert not cut or scrolls, (scale, cut)
            for combo in page.settings.findChildren(QComboBox):  # each shows its whole longest item
                assert combo.width() >= combo.sizeHint().width(), (scale, combo.currentText())
            if size == (1400, 900):
                assert not cut and not scrolls, scale  # room enough: the whole panel, nothing to scroll
            if scale < 1.5:  # and the panel leaves the texts and results the width they need
                assert page.main_splitter.width() >= page.main_splitter.minimumSizeHint().width(), scale
    finally:
        page.zoom.set_scale(1.0, remember=False)


def test_the_geometry_tables_numbers_keep_their_room_when_larger(qtbot, window) -> None:
    """The ±1 columns were sized once, at the size they were shown: at 1.5× they read "…"."""
    page = window.compare_page
    page.load_example("six-bit")
    wait_settled(qtbot, page)
    page.show_results_tab(page.results.indexOf(page.geometry_view))
    settle_layouts()
    table = page.geometry_view.table
    for scale in (1.5, 2.0):
        page.zoom.set_scale(scale, remember=False)
        settle_layouts()
        metrics = table.fontMetrics()
        for column in range(table.columnCount()):
            items = [table.item(row, column) for row in range(table.rowCount())]
            widest = max(metrics.horizontalAdvance(item.text()) for item in items if item is not None)
            assert widest + 6 <= table.columnWidth(column), (scale, column)
