"""Fixtures for the window's tests: isolated preferences, a ready main window, small real files."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.gui import wait_settled
from helpers.texts import ZH_A, ZH_B
from PySide6.QtCore import QCoreApplication, QLocale, QSettings, QTranslator

from simcompare.gui.common.i18n import LANGUAGE_PROPERTY, TRANSLATOR_NAME, number_locale
from simcompare.gui.compare.page import ComparePage
from simcompare.gui.main_window import MainWindow


@pytest.fixture(autouse=True)
def _isolated_settings(tmp_path: Path) -> Iterator[None]:
    """No test reads or writes the user's preferences: QSettings() lands in this test's folder."""
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path / "user-settings"))
    yield


@pytest.fixture(autouse=True)
def _no_catalogue_left_installed() -> Iterator[None]:
    """A test that installs a language's catalogue takes it away again, so the next test starts as the first did
    (with none: the sources' own words, and no language on record for what reads it, like the guide), whatever
    order the tests run in. Numbers are written as the app writes them once it installed a language ("3,302")."""
    QLocale.setDefault(number_locale())
    yield
    app = QCoreApplication.instance()
    if app is not None:
        for translator in app.findChildren(QTranslator, TRANSLATOR_NAME):
            app.removeTranslator(translator)
            translator.setParent(None)
        app.setProperty(LANGUAGE_PROPERTY, None)


@pytest.fixture(autouse=True)
def _collect_on_the_gui_thread() -> Iterator[None]:
    """Collect a test's garbage here, on the GUI thread: if the collector ran later on a worker thread, it
    could destroy a leftover widget there, which crashes Qt."""
    yield
    gc.collect()


@pytest.fixture
def settings_file(tmp_path: Path) -> Path:
    return tmp_path / "simcompare.ini"


@pytest.fixture
def main_window(qtbot, settings_file: Path) -> MainWindow:
    window = MainWindow(QSettings(str(settings_file), QSettings.Format.IniFormat))
    qtbot.addWidget(window)  # closed at teardown: that saves preferences and stops the workers
    window.show()
    wait_settled(qtbot, window.compare_page)
    return window


@pytest.fixture
def page(main_window: MainWindow) -> ComparePage:
    return main_window.compare_page


@pytest.fixture
def two_files(tmp_path: Path) -> tuple[Path, Path]:
    """A UTF-8 file and a GBK file of two Chinese sentences that differ in two words."""
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text(ZH_A, encoding="utf-8")
    b.write_bytes(ZH_B.encode("gbk"))
    return a, b
