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
def _private_user_folders(tmp_path_factory: pytest.TempPathFactory):
    """Nothing a test runs may write into the user's real cache or data folder."""
    names = ("XDG_CACHE_HOME", "XDG_DATA_HOME")
    before = {name: os.environ.get(name) for name in names}
    for name in names:
        os.environ[name] = str(tmp_path_factory.mktemp(name.lower()))
    yield
    for name, value in before.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


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
