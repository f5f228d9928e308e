"""Starting the window where there is no display: one line on stderr and exit 1, before Qt can abort."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from simcompare.gui.display import missing_display, x11_answers

NO_DISPLAY = {"HOME": "/home/someone", "PATH": "/usr/bin"}


@pytest.mark.parametrize("platform", ["linux", "freebsd14", "openbsd7"])
def test_no_display_on_x11_or_wayland_systems_is_named(platform: str) -> None:
    problem = missing_display(NO_DISPLAY, platform)
    assert problem is not None
    assert "\n" not in problem
    assert "DISPLAY" in problem and "ssh -X" in problem and "--screenshot" in problem
    assert "QT_QPA_PLATFORM=offscreen" in problem


@pytest.fixture
def listening(tmp_path: Path) -> Iterator[Path]:
    """A folder holding X7 and wayland-7: unix sockets that accept, as a display server's do."""
    folder = tmp_path / "sockets"
    folder.mkdir()
    servers = []
    for name in ("X7", "wayland-7"):
        server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        server.bind(str(folder / name))
        server.listen(4)
        servers.append(server)
    yield folder
    for server in servers:
        server.close()


@pytest.mark.skipif(not hasattr(socket, "AF_UNIX"), reason="unix sockets only")
@pytest.mark.parametrize(
    "extra",
    [
        {"DISPLAY": ":7"},
        {"DISPLAY": "unix:7.0"},
        {"WAYLAND_DISPLAY": "wayland-7"},
        {"WAYLAND_SOCKET": "5"},
        {"QT_QPA_PLATFORM": "offscreen"},
        {"DISPLAY": "faraway.example:0"},  # another machine: never probed, left to Qt
    ],
    ids=lambda extra: "=".join(next(iter(extra.items()))),
)
def test_a_display_that_answers_or_a_chosen_platform_lets_qt_start(extra: dict[str, str], listening: Path) -> None:
    environ = {**NO_DISPLAY, "XDG_RUNTIME_DIR": str(listening), **extra}
    assert missing_display(environ, "linux", sockets=listening) is None


@pytest.mark.parametrize(
    "extra",
    [{"DISPLAY": ":8"}, {"WAYLAND_DISPLAY": "wayland-8"}, {"DISPLAY": ":8", "WAYLAND_DISPLAY": "wayland-8"}],
    ids=lambda extra: "+".join(extra),
)
def test_a_named_display_that_does_not_answer_is_said(extra: dict[str, str], listening: Path) -> None:
    environ = {**NO_DISPLAY, "XDG_RUNTIME_DIR": str(listening), **extra}
    problem = missing_display(environ, "linux", sockets=listening)
    assert problem is not None and "\n" not in problem
    assert "does not answer" in problem and "--screenshot" in problem
    for name, value in extra.items():
        assert f"{name}={value!r}" in problem


def test_a_stale_socket_file_does_not_answer(tmp_path: Path) -> None:
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(tmp_path / "X3"))
    server.close()  # the file stays, nobody listens: what a crashed X server leaves behind
    assert (tmp_path / "X3").exists()
    assert not x11_answers(":3", tmp_path)


def test_an_empty_display_or_platform_is_none() -> None:
    empty = {"DISPLAY": "", "WAYLAND_DISPLAY": "", "QT_QPA_PLATFORM": ""}
    assert missing_display({**NO_DISPLAY, **empty}, "linux") is not None


@pytest.mark.parametrize("platform", ["darwin", "win32"])
def test_macos_and_windows_always_have_a_display(platform: str) -> None:
    assert missing_display(NO_DISPLAY, platform) is None


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11/Wayland systems only: macOS and Windows draw")
def test_the_window_on_a_display_that_does_not_answer_says_so_and_exits_1(tmp_path: Path) -> None:
    env = {**_without_display(tmp_path), "DISPLAY": ":64999"}  # no X server has that number here
    result = subprocess.run(
        [sys.executable, "-m", "simcompare"], capture_output=True, text=True, timeout=120, env=env, cwd=tmp_path
    )
    assert result.returncode == 1, result.stderr  # not 134, Qt's abort
    assert result.stderr.startswith("simcompare: the display named by DISPLAY=':64999' does not answer")
    assert len(result.stderr.splitlines()) == 1, result.stderr


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11/Wayland systems only: macOS and Windows draw")
def test_a_screenshot_with_a_display_that_does_not_answer_is_drawn_offscreen(tmp_path: Path) -> None:
    env = {**_without_display(tmp_path), "DISPLAY": ":64999"}
    out = tmp_path / "shot.png"
    result = subprocess.run(
        [sys.executable, "-m", "simcompare", "--screenshot", str(out), "--size", "640x400"],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    assert out.read_bytes().startswith(b"\x89PNG")


def test_a_screenshot_of_a_folder_that_does_not_exist_says_so_and_exits_2(tmp_path: Path) -> None:
    """As --results does: not "the scan did not finish" and exit 0 with a picture of an error."""
    env = {**_without_display(tmp_path), "QT_QPA_PLATFORM": "offscreen"}
    out = tmp_path / "shot.png"
    command = [sys.executable, "-m", "simcompare", "--screenshot", str(out), "--folder", str(tmp_path / "nosuch")]
    result = subprocess.run(command, capture_output=True, text=True, timeout=120, env=env, cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert result.stderr.strip() == f"simcompare: no folder {tmp_path / 'nosuch'}"
    assert not out.exists()


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
