"""Starting the window where there is no display: one line on stderr and exit 1, before Qt can abort."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from simcompare.gui.app import missing_display

NO_DISPLAY = {"HOME": "/home/someone", "PATH": "/usr/bin"}


@pytest.mark.parametrize("platform", ["linux", "freebsd14", "openbsd7"])
def test_no_display_on_x11_or_wayland_systems_is_named(platform: str) -> None:
    problem = missing_display(NO_DISPLAY, platform)
    assert problem is not None
    assert "\n" not in problem
    assert "DISPLAY" in problem and "ssh -X" in problem and "--screenshot" in problem
    assert "QT_QPA_PLATFORM=offscreen" in problem


@pytest.mark.parametrize(
    "extra",
    [{"DISPLAY": ":0"}, {"WAYLAND_DISPLAY": "wayland-0"}, {"WAYLAND_SOCKET": "5"}, {"QT_QPA_PLATFORM": "offscreen"}],
    ids=lambda extra: next(iter(extra)),
)
def test_a_display_or_a_chosen_platform_lets_qt_start(extra: dict[str, str]) -> None:
    assert missing_display({**NO_DISPLAY, **extra}, "linux") is None


def test_an_empty_display_or_platform_is_none() -> None:
    empty = {"DISPLAY": "", "WAYLAND_DISPLAY": "", "QT_QPA_PLATFORM": ""}
    assert missing_display({**NO_DISPLAY, **empty}, "linux") is not None


@pytest.mark.parametrize("platform", ["darwin", "win32"])
def test_macos_and_windows_always_have_a_display(platform: str) -> None:
    assert missing_display(NO_DISPLAY, platform) is None


def _without_display(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "WAYLAND_SOCKET")}
    env.pop("QT_QPA_PLATFORM", None)  # set by the tests' conftest: the command must do without it
    env["XDG_CONFIG_HOME"] = str(tmp_path / "config")
    return env


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11/Wayland systems only: macOS and Windows draw")
@pytest.mark.parametrize("args", [[], ["--compare", "a.txt", "b.txt"]], ids=["plain", "compare"])
def test_the_window_without_a_display_says_so_and_exits_1(tmp_path: Path, args: list[str]) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "simcompare", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=_without_display(tmp_path),
        cwd=tmp_path,
    )
    assert result.returncode == 1, result.stderr  # not 134, Qt's abort
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("simcompare: no display") and "ssh -X" in lines[0]
    assert "xcb" not in result.stderr
    assert not (tmp_path / "config" / "simcompare").exists()  # nothing was opened, nothing saved
