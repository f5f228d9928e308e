"""Test configuration shared by every test.

Qt must render offscreen in tests (CI has no display); the platform is chosen here, before any
QApplication can exist. Tests that use Qt fixtures are marked ``gui`` automatically, so
``pytest -m "not gui"`` is a fast core-only run.
"""

import contextlib
import os

os.environ["QT_QPA_PLATFORM"] = "offscreen"

import pytest

_QT_FIXTURES = {"qtbot", "qapp", "qtmodeltester", "main_window"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if _QT_FIXTURES.intersection(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.gui)


@pytest.fixture(autouse=True, scope="session")
def _private_cache_folder(tmp_path_factory: pytest.TempPathFactory):
    """Nothing a test runs may write into the user's real cache folder."""
    before = os.environ.get("XDG_CACHE_HOME")
    os.environ["XDG_CACHE_HOME"] = str(tmp_path_factory.mktemp("xdg-cache"))
    yield
    if before is None:
        os.environ.pop("XDG_CACHE_HOME", None)
    else:
        os.environ["XDG_CACHE_HOME"] = before


@contextlib.contextmanager
def unprivileged():
    """Root reads any file: as root, act as 'nobody' for the block so that file permissions really apply."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        yield
        return
    os.seteuid(65534)
    try:
        yield
    finally:
        os.seteuid(0)


@pytest.fixture
def as_unprivileged():
    """The ``unprivileged`` context manager, for tests that need permissions to bite."""
    return unprivileged
