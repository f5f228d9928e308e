"""Whether the window can open here: a display named in the environment, and one that answers.

No Qt import: this runs before Qt, which aborts the process (exit 134, with a message about a missing
``xcb-cursor0`` library) when it cannot reach a display.
"""

from __future__ import annotations

import os
import socket
import sys
from collections.abc import Mapping
from pathlib import Path

# Where Qt opens windows through X11 or Wayland, and so needs one of them to be named in the environment.
_X11_OR_WAYLAND = ("linux", "freebsd", "openbsd", "netbsd", "dragonfly", "sunos")
# Where local X servers listen: X<n> in this folder (and, on Linux, the same name in the abstract namespace).
X11_SOCKETS = Path("/tmp/.X11-unix")
# A display on this machine answers at once; one that does not within this time is taken as not there.
CONNECT_SECONDS = 1.0
_LOCAL_HOSTS = ("", "unix", "localhost", "127.0.0.1", "::1")


def missing_display(
    environ: Mapping[str, str] | None = None, platform: str | None = None, *, sockets: Path = X11_SOCKETS
) -> str | None:
    """Why the window cannot open here, in one line; None when it can (or when Qt is told where to draw).

    On Linux and the BSDs Qt draws through X11 (``DISPLAY``) or Wayland (``WAYLAND_DISPLAY``, or a socket
    handed over in ``WAYLAND_SOCKET``). With neither, and no platform chosen in ``QT_QPA_PLATFORM``, Qt aborts.
    A display on this machine that is named but does not answer (an X server that has gone, a stale
    ``DISPLAY`` in a terminal multiplexer) makes Qt abort too, so a local one is tried first; a remote one
    (``host:0``, as ``ssh -X`` names its forwarding ``localhost:10``) is tried only on the loopback address.
    macOS and Windows always have their own platform.

    Args:
        environ: The environment (default: this process's).
        platform: ``sys.platform`` (default: this machine's).
        sockets: The folder of the X servers' sockets (tests point it elsewhere).
    """
    environ = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    if not platform.startswith(_X11_OR_WAYLAND) or environ.get("QT_QPA_PLATFORM"):  # empty is unset, to Qt too
        return None
    if environ.get("WAYLAND_SOCKET"):
        return None
    named = {name: environ.get(name, "") for name in ("DISPLAY", "WAYLAND_DISPLAY")}
    if not any(named.values()):
        return (
            "no display to open the window on (neither DISPLAY nor WAYLAND_DISPLAY is set): "
            "over ssh, connect with `ssh -X`; to render the window to a PNG without a display, run "
            "`simcompare --screenshot OUT.png` (or set QT_QPA_PLATFORM=offscreen)"
        )
    if named["WAYLAND_DISPLAY"] and wayland_answers(named["WAYLAND_DISPLAY"], environ):
        return None
    if named["DISPLAY"] and x11_answers(named["DISPLAY"], sockets):
        return None
    said = " and ".join(f"{name}={value!r}" for name, value in named.items() if value)
    return (
        f"the display named by {said} does not answer (its server has stopped, or the name is stale): "
        "start the window from the desktop's own terminal, or render it to a PNG without a display with "
        "`simcompare --screenshot OUT.png` (or set QT_QPA_PLATFORM=offscreen)"
    )


def x11_answers(display: str, sockets: Path = X11_SOCKETS) -> bool:
    """Whether the X server ``display`` names (``:0``, ``unix:1``, ``localhost:10.0``) accepts a connection.

    A display that cannot be parsed, or one on another machine, is given the benefit of the doubt (True):
    only Qt can tell, and this check must never send traffic off the machine.
    """
    if display.startswith("/"):  # macOS's launchd socket, or a path given in full: tried as it is
        return _unix_answers(display)
    host, colon, rest = display.rpartition(":")
    number = rest.split(".", 1)[0]
    if not colon or not number.isdigit():
        return True
    if host not in _LOCAL_HOSTS:
        return True
    if host in ("", "unix"):
        path = str(sockets / f"X{number}")
        return _unix_answers(path) or (sys.platform.startswith("linux") and _unix_answers("\0" + path))
    address = ("::1", 0) if host == "::1" else ("127.0.0.1", 0)
    return _tcp_answers(address[0], 6000 + int(number))


def wayland_answers(name: str, environ: Mapping[str, str]) -> bool:
    """Whether the Wayland compositor's socket (``$XDG_RUNTIME_DIR/<name>``, or a path in full) accepts."""
    if name.startswith("/"):
        return _unix_answers(name)
    runtime = environ.get("XDG_RUNTIME_DIR", "")
    return bool(runtime) and _unix_answers(os.path.join(runtime, name))


def _unix_answers(path: str) -> bool:
    if not hasattr(socket, "AF_UNIX"):
        return True
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
            probe.settimeout(CONNECT_SECONDS)
            probe.connect(path)
    except (OSError, ValueError):
        return False
    return True


def _tcp_answers(host: str, port: int) -> bool:
    if port > 65535:
        return False
    try:
        with socket.create_connection((host, port), timeout=CONNECT_SECONDS):
            return True
    except OSError:
        return False
