"""The preferences files are checked before QSettings reads them (gui/common/settings_files.py): QSettings opens
whatever is at their path and reads it whole, so a FIFO there hung the window before it showed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo") or sys.platform == "darwin", reason="FIFOs, XDG paths")

_SCRIPT = """
import sys
from PySide6.QtCore import QSettings
from simcompare.gui.app import create_application
from simcompare.gui.common.settings_files import settings_problems
app = create_application("en")
settings = QSettings()
settings.setValue("folder/k", 7)
settings.sync()
print("problems:", settings_problems())
print("value:", QSettings().value("folder/k"))
"""


def _start(config: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "XDG_CONFIG_HOME": str(config), "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run(
        [sys.executable, "-c", _SCRIPT], env=env, capture_output=True, text=True, timeout=60, check=False
    )


def test_a_fifo_as_the_preferences_file_is_said_and_never_read(tmp_path: Path) -> None:
    """The window starts; the FIFO is left as it is, no preference read from or written to it; stderr says so."""
    (tmp_path / "simcompare").mkdir()
    fifo = tmp_path / "simcompare" / "simcompare.conf"
    os.mkfifo(fifo)
    try:
        done = _start(tmp_path)
    except subprocess.TimeoutExpired:
        pytest.fail("the application hung reading a FIFO as its preferences file")
    assert done.returncode == 0, done.stderr
    assert "is not a regular file (a FIFO (named pipe))" in done.stdout
    assert "value: 7" in done.stdout  # preferences still work this run, in a folder of its own
    assert "preferences are neither read nor saved this time" in done.stderr
    assert os.path.exists(fifo) and not fifo.is_file()


def test_a_preferences_file_far_too_large_is_not_read_and_a_normal_one_is(tmp_path: Path) -> None:
    (tmp_path / "simcompare").mkdir()
    huge = tmp_path / "simcompare.conf"  # the organisation-wide file QSettings reads too
    with huge.open("wb") as out:
        out.truncate((16 << 20) + 1)
    done = _start(tmp_path)
    assert "far more than preferences hold" in done.stdout
    huge.unlink()
    done = _start(tmp_path)
    assert "problems: []" in done.stdout
    assert "value: 7" in done.stdout
    assert "k=7" in (tmp_path / "simcompare" / "simcompare.conf").read_text(encoding="utf-8")
