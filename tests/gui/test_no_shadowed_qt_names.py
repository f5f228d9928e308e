"""STYLE.md: no attribute of the Compare page's widgets shadows a Qt method (``page.geometry`` hid ``geometry()``)."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QWidget

from simcompare.gui.compare.page import ComparePage
from simcompare.gui.main_window import MainWindow


def shadowing(widget: QWidget) -> list[str]:
    """The widget's own attributes named as a Qt class's method or property (a signal bound to the instance is
    Qt's own, not a shadow)."""
    qt_names = {
        name
        for kind in type(widget).__mro__
        if kind.__module__.startswith("PySide6")
        for name, value in vars(kind).items()
        if not isinstance(value, Signal)
    }
    return sorted(name for name in vars(widget) if name in qt_names)


def test_the_compare_page_shadows_no_qt_method(main_window: MainWindow) -> None:
    page: ComparePage = main_window.compare_page
    assert shadowing(page) == []
    assert shadowing(page.settings) == []
    assert shadowing(page.step_guide) == []
    assert shadowing(main_window) == []
