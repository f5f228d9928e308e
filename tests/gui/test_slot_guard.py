"""An error inside a slot is caught, said in the window and logged, and the pages stay usable."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest
from helpers.gui import wait_settled
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from simcompare.core.folder.scan import internal_log_path
from simcompare.gui.common.slot_guard import SlotGuard, describe
from simcompare.gui.main_window import MainWindow


@pytest.fixture
def guard(qapp) -> Iterator[SlotGuard]:
    guard = SlotGuard(qapp)
    guard.install()
    yield guard
    guard.uninstall()
    guard.setParent(None)
    guard.deleteLater()


def _fail_in_a_slot(qtbot, guard: SlotGuard, action) -> None:
    """Run ``action`` from the event loop, as a slot is run, and wait until the guard has caught its error."""
    before = guard.count
    QTimer.singleShot(0, action)
    qtbot.waitUntil(lambda: guard.count > before)
    QApplication.processEvents()


@pytest.mark.qt_no_exception_capture
def test_an_error_in_a_slot_is_said_logged_and_the_folder_page_stays_usable(qtbot, guard, tmp_path) -> None:
    window = MainWindow(persist=False)
    qtbot.addWidget(window)
    window.show()
    wait_settled(qtbot, window.compare_page)  # its "Computing…" line would take the status bar
    page = window.folder_page
    assert page.scan_button.isEnabled()

    def half_done() -> None:
        page.scan_button.setEnabled(False)  # a slot that greys a control, then fails before giving it back
        raise RuntimeError("a \x1b[31mbroken\x07 value")

    _fail_in_a_slot(qtbot, guard, half_done)

    assert guard.count == 1
    assert page.scan_button.isEnabled()  # set again from the page's real state: nothing runs
    box = window.findChild(QMessageBox)
    assert box is not None and box.isVisible()
    assert "RuntimeError: a \\x1b[31mbroken\\x07 value" in box.text()  # control characters shown, not obeyed
    assert str(internal_log_path()) in box.text()
    assert "RuntimeError: a \x1b[31mbroken\x07 value" in internal_log_path().read_text(encoding="utf-8")
    assert "Internal error" in window.statusBar().currentMessage()

    _fail_in_a_slot(qtbot, guard, lambda: (_ for _ in ()).throw(ValueError("second")))
    assert guard.count == 2
    assert len([b for b in window.findChildren(QMessageBox) if b.isVisible()]) == 1  # one box, its text the latest
    assert "ValueError: second" in box.text()


@pytest.mark.qt_no_exception_capture
def test_the_compare_page_recovers_its_results_after_an_error(qtbot, guard) -> None:
    window = MainWindow(persist=False)
    qtbot.addWidget(window)
    window.show()
    page = window.compare_page
    wait_settled(qtbot, page)

    def half_done() -> None:
        page.results.setEnabled(False)
        raise KeyError("gone")

    _fail_in_a_slot(qtbot, guard, half_done)
    assert guard.count == 1
    assert page.results.isEnabled()


def test_the_guard_gives_the_hook_back(qapp) -> None:
    before = sys.excepthook
    guard = SlotGuard(qapp)
    guard.install()
    assert sys.excepthook != before and guard.installed
    guard.uninstall()
    assert sys.excepthook == before and not guard.installed
    guard.setParent(None)


def test_describe_is_one_printable_line() -> None:
    assert describe(OSError("first\nsecond")) == "OSError: first"
    assert describe(KeyError()) == "KeyError"
    assert describe(ValueError("\x00\x9b")) == "ValueError: \\x00\\x9b"
    assert len(describe(ValueError("x" * 10_000))) == 300
