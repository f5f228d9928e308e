"""Test configuration shared by every test.

Qt must render offscreen in tests (CI has no display); the platform is chosen here, before any
QApplication can exist. Tests that use Qt fixtures are marked ``gui`` automatically, so
``pytest -m "not gui"`` is a fast core-only run.
"""

import os

os.environ["QT_QPA_PLATFORM"] = "offscreen"

import pytest

_QT_FIXTURES = {"qtbot", "qapp", "qtmodeltester", "main_window"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if _QT_FIXTURES.intersection(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.gui)
