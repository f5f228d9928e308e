"""Test configuration shared by every test.

Qt must render offscreen in tests (CI has no display); the platform is chosen here, before any
QApplication can exist. Tests under ``tests/gui`` and tests that use Qt fixtures are marked ``gui``
automatically, so ``pytest -m "not gui"`` is a fast run without the window. Nothing a test runs writes
outside pytest's temporary folders: the user's cache, jieba's dictionary cache and every temporary file land
in this session's folder.
"""

import os

os.environ["QT_QPA_PLATFORM"] = "offscreen"

import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.system import unprivileged
from hypothesis import settings
from hypothesis.configuration import set_hypothesis_home_dir

# Hypothesis: no example database (it would live in this session's folder, gone by the next run), and no
# deadlines (this machine is shared, its speed drifts). "ci" (chosen by CI=true) draws the same examples on every
# run, so a red CI run is a real failure that the next run repeats; "dev" explores anew each run.
# HYPOTHESIS_PROFILE overrides both.
settings.register_profile("dev", deadline=None, database=None, print_blob=True)
settings.register_profile("ci", settings.get_profile("dev"), derandomize=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev"))


@pytest.hookimpl(trylast=True)  # after pytest's tmpdir plugin has made its factory
def pytest_configure(config: pytest.Config) -> None:
    """Hypothesis keeps files (source constants, Unicode tables) in ``.hypothesis`` of the working folder, and
    its plugin writes them while collecting, before any fixture runs: give it pytest's folder instead."""
    factory: pytest.TempPathFactory = config._tmp_path_factory  # type: ignore[attr-defined]
    set_hypothesis_home_dir(factory.mktemp("hypothesis"))


def pytest_unconfigure(config: pytest.Config) -> None:
    set_hypothesis_home_dir(None)


_QT_FIXTURES = {"qtbot", "qapp", "qtmodeltester", "main_window"}
_GUI_TESTS = Path(__file__).resolve().parent / "gui"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        # the window's tests that need no fixture (the translations, a screenshot taken in a subprocess) too
        if item.path.is_relative_to(_GUI_TESTS) or _QT_FIXTURES.intersection(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.gui)


@pytest.fixture(autouse=True, scope="session")
def _private_folders(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Nothing a test runs may write into the user's cache or data folder or the shared temporary folder.

    XDG_CACHE_HOME (LOCALAPPDATA on Windows) holds simcompare's scan cache; XDG_DATA_HOME (APPDATA) the
    not-duplicates list; TMPDIR is where jieba keeps its dictionary cache and where ``tempfile`` puts
    everything else, in this process and every process it starts.
    """
    cache = str(tmp_path_factory.mktemp("user-cache"))
    data = str(tmp_path_factory.mktemp("user-data"))
    private = {
        "XDG_CACHE_HOME": cache,
        "LOCALAPPDATA": cache,
        "XDG_DATA_HOME": data,
        "APPDATA": data,
        "TMPDIR": str(tmp_path_factory.mktemp("tmp")),
    }
    before = {name: os.environ.get(name) for name in private}
    os.environ.update(private)
    tempfile.tempdir = None  # tempfile remembers the folder it chose first: choose again, from TMPDIR
    yield
    for name, value in before.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
    tempfile.tempdir = None


@pytest.fixture
def as_unprivileged(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    """The ``unprivileged`` context manager, for tests that need permissions to bite.

    pytest makes its folders root-only, so as 'nobody' every path under ``tmp_path`` would be denied at the
    folder, for the wrong reason. While the test runs, ``tmp_path`` is opened to group and others (list and
    enter) and the folders above it up to pytest's own only to enter; their modes are restored afterwards.
    """
    opened: list[tuple[Path, int]] = []
    top = tmp_path_factory.getbasetemp().parent
    if hasattr(os, "geteuid") and os.geteuid() == 0 and top in tmp_path.parents:
        for folder in [tmp_path, *tmp_path.parents]:
            mode = stat.S_IMODE(folder.stat().st_mode)
            opened.append((folder, mode))
            # group bits too: 'nobody' keeps root's group (only the effective user changes)
            folder.chmod(mode | (0o055 if folder == tmp_path else 0o011))
            if folder == top:
                break
    try:
        yield unprivileged
    finally:
        for folder, mode in reversed(opened):
            folder.chmod(mode)
