"""``--install-desktop-entry`` and ``--uninstall-desktop-entry``: simcompare as a desktop application.

On Linux and the BSDs (freedesktop desktops) the install writes, under the user's data folder
(``$XDG_DATA_HOME``, else ``~/.local/share``) and nowhere else:

- the menu entry ``applications/io.github.simcompare.simcompare.desktop``, starting the ``simcompare-gui``
  launcher by its absolute path (a pipx or virtual-environment launcher is not on the menu's PATH);
- the icon in the hicolor theme: the SVG as ``scalable`` and PNG renders of it from 16 to 256 pixels, drawn
  here by Qt from that SVG, so the PNGs always match it and the repository holds no copies to keep in step;
- the AppStream metadata ``metainfo/io.github.simcompare.simcompare.metainfo.xml`` (software centres);
- shell completion where each shell looks (bash-completion's and fish's user folders; zsh has none, so
  ``zsh/site-functions``, to be added to ``fpath``) and the man page ``man/man1/simcompare.1`` (found by
  ``man`` through ``~/.local/bin`` on PATH).

The same files, as packagers use them (``Exec=simcompare-gui``), are in ``resources/desktop``,
``resources/completions`` and ``resources/man`` of the source distribution. Every file written here carries
the mark ``X-Simcompare-Owned`` (a key, a comment, or a PNG text chunk): a file at one of these places without
it is someone else's, which the install refuses to replace and the uninstall leaves alone.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import sysconfig
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from simcompare.cli.options import EXIT_INPUT, EXIT_OK, EXIT_USAGE
from simcompare.core.resources import resource

APP_ID = "io.github.simcompare.simcompare"
MARKER = "X-Simcompare-Owned"
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)
LAUNCHER = "simcompare-gui"
# Where Qt and the menus follow the freedesktop specifications.
_FREEDESKTOP = ("linux", "freebsd", "openbsd", "netbsd", "dragonfly")
_OWNED_NOTE = "written by simcompare --install-desktop-entry, removed by --uninstall-desktop-entry"
_READ_LIMIT = 1 << 20  # our files are small; the mark is in the first lines (or PNG chunks) of each


class DesktopError(Exception):
    """The desktop files cannot be written or removed; the message says why and what to do."""


@dataclass(frozen=True, slots=True)
class Target:
    """One file of the installation: where it goes, and how to make its bytes."""

    path: Path
    make: Callable[[], bytes]


def add_desktop_options(parser: argparse.ArgumentParser) -> None:
    """The two top-level options (they take no command)."""
    group = parser.add_mutually_exclusive_group()
    group.add_argument(
        "--install-desktop-entry",
        action="store_true",
        help="add simcompare to the applications menu, with its icon, shell completion and man page, "
        "in ~/.local/share (Linux, BSD)",
    )
    group.add_argument(
        "--uninstall-desktop-entry", action="store_true", help="remove what --install-desktop-entry wrote"
    )


def wanted(args: argparse.Namespace) -> bool:
    """True when the command line asks to install or uninstall the desktop entry."""
    return bool(getattr(args, "install_desktop_entry", False) or getattr(args, "uninstall_desktop_entry", False))


def run_desktop(args: argparse.Namespace, out: TextIO) -> int:
    """Install or uninstall (whichever ``args`` asks for); messages on ``out``, problems on stderr."""
    if not sys.platform.startswith(_FREEDESKTOP):
        option = "--install-desktop-entry" if args.install_desktop_entry else "--uninstall-desktop-entry"
        print(
            f"simcompare: {option} is for Linux and BSD desktops (freedesktop menus); on {sys.platform} start "
            f"{LAUNCHER} or simcompare from where pip installed it",
            file=sys.stderr,
        )
        return EXIT_USAGE
    try:
        data = data_home()
        if args.install_desktop_entry:
            install(data, find_launcher(), out)
        else:
            uninstall(data, out)
    except DesktopError as error:
        print(f"simcompare: {error}", file=sys.stderr)
        return EXIT_INPUT
    return EXIT_OK


def data_home(environ: Mapping[str, str] | None = None) -> Path:
    """``$XDG_DATA_HOME``, else ``~/.local/share`` (a relative ``XDG_DATA_HOME`` is ignored, as XDG says).

    Raises:
        DesktopError: neither names an absolute folder.
    """
    environ = os.environ if environ is None else environ
    xdg = environ.get("XDG_DATA_HOME", "")
    if xdg and os.path.isabs(xdg):
        return Path(xdg)
    home = environ.get("HOME", "")
    if not home or not os.path.isabs(home):
        raise DesktopError("no data folder: set HOME (or XDG_DATA_HOME) to an absolute folder")
    return Path(home) / ".local" / "share"


def find_launcher() -> Path:
    """The ``simcompare-gui`` launcher of this installation, by an absolute path.

    A bundle's own (its ``simcompare-gui``); else the launcher beside the running ``simcompare`` (pipx puts both in
    ``~/.local/bin``); else the one in this Python's scripts folder (a virtual environment's ``bin``) or the
    user's; else the one on PATH.

    Raises:
        DesktopError: none exists (simcompare runs from a source tree that was never installed).
    """
    if getattr(sys, "frozen", False):  # a bundle: its window's executable, beside this one
        executable = Path(sys.executable).absolute()
        window = executable.with_name(LAUNCHER + executable.suffix)
        return window if window.is_file() else executable
    folders: list[Path] = []
    started = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if started is not None and started.name in ("simcompare", LAUNCHER):
        folders.append(started.absolute().parent)
    for scheme in (None, f"{os.name}_user"):
        try:
            scripts = sysconfig.get_path("scripts") if scheme is None else sysconfig.get_path("scripts", scheme)
        except KeyError:  # no user scheme on this Python
            continue
        if scripts:
            folders.append(Path(scripts))
    for folder in folders:
        candidate = folder / LAUNCHER
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return candidate.absolute()
    found = shutil.which(LAUNCHER)
    if found:
        return Path(found).absolute()
    looked = ", ".join(dict.fromkeys(str(folder) for folder in folders))
    raise DesktopError(
        f"no {LAUNCHER} launcher found (looked in {looked} and on PATH): install simcompare with pip or pipx, "
        "then run simcompare --install-desktop-entry again"
    )


def targets(data: Path, launcher: Path | None = None) -> list[Target]:
    """Every file of the installation under ``data``; ``launcher`` is needed only to make the menu entry."""

    def entry() -> bytes:
        if launcher is None:
            raise DesktopError("the menu entry needs the launcher's path")
        return desktop_entry(launcher).encode("utf-8")

    icons = data / "icons" / "hicolor"
    made = [
        Target(data / "applications" / f"{APP_ID}.desktop", entry),
        Target(data / "metainfo" / f"{APP_ID}.metainfo.xml", _marked_xml("desktop", f"{APP_ID}.metainfo.xml")),
        Target(icons / "scalable" / "apps" / f"{APP_ID}.svg", _marked_xml("icons", "simcompare.svg")),
    ]
    made += [Target(icons / f"{size}x{size}" / "apps" / f"{APP_ID}.png", _png(size)) for size in ICON_SIZES]
    made += [
        Target(data / "bash-completion" / "completions" / "simcompare", _marked_text("completions", "simcompare.bash")),
        Target(data / "zsh" / "site-functions" / "_simcompare", _marked_text("completions", "_simcompare")),
        Target(
            data / "fish" / "vendor_completions.d" / "simcompare.fish", _marked_text("completions", "simcompare.fish")
        ),
        Target(data / "man" / "man1" / "simcompare.1", _marked_text("man", "simcompare.1", comment='.\\"')),
    ]
    return made


def desktop_entry(launcher: Path) -> str:
    """The packagers' menu entry, starting ``launcher`` by its path and marked as ours."""
    template = resource("desktop", f"{APP_ID}.desktop").read_text(encoding="utf-8")
    lines = [f"# {_OWNED_NOTE}"]
    for line in template.splitlines():
        if line.startswith("Exec="):
            lines.append(f"Exec={_exec_argument(str(launcher))}")
            lines.append(f"TryExec={_escape_string(str(launcher))}")  # the menu hides the entry once it is gone
        else:
            lines.append(line)
    lines.append(f"{MARKER}=true")
    return "\n".join(lines) + "\n"


def install(data: Path, launcher: Path, out: TextIO) -> None:
    """Write every file, after checking that none would replace a file that is not ours.

    Raises:
        DesktopError: a place is taken by someone else's file, or a file could not be written.
    """
    planned = targets(data, launcher)
    foreign = [target.path for target in planned if os.path.lexists(target.path) and not owned(target.path)]
    if foreign:
        more = f" (and {len(foreign) - 1} more)" if len(foreign) > 1 else ""
        raise DesktopError(
            f"{foreign[0]}{more} exists and was not written by simcompare; nothing was installed: "
            "move it away, then run simcompare --install-desktop-entry again"
        )
    contents = [(target.path, target.make()) for target in planned]  # everything made before anything is written
    for path, content in contents:
        try:
            _write(path, content)
        except OSError as error:
            raise DesktopError(f"could not write {path}: {error.strerror or error}") from error
    print(f"Menu entry: {planned[0].path} (starts {launcher})", file=out)
    print(f"Icons, AppStream metadata, completion for bash, zsh and fish, and the man page: under {data}", file=out)
    print(f"zsh: put  fpath=({data / 'zsh' / 'site-functions'} $fpath)  before compinit in ~/.zshrc", file=out)


def uninstall(data: Path, out: TextIO) -> None:
    """Remove our files under ``data``; someone else's at the same places stay.

    Raises:
        DesktopError: one of our files could not be removed.
    """
    removed, kept = 0, []
    for target in targets(data):
        if not os.path.lexists(target.path):
            continue
        if not owned(target.path):
            kept.append(target.path)
            continue
        try:
            target.path.unlink()
        except OSError as error:
            raise DesktopError(f"could not remove {target.path}: {error.strerror or error}") from error
        removed += 1
    print(f"Removed {removed} file{'s' if removed != 1 else ''} of simcompare's desktop entry from {data}", file=out)
    for path in kept:
        print(f"Left {path}: simcompare did not write it", file=out)


def owned(path: Path) -> bool:
    """True when ``path`` is a regular file (not a link) that carries our mark."""
    try:
        if path.is_symlink() or not path.is_file():
            return False
        with path.open("rb") as file:
            return MARKER.encode("ascii") in file.read(_READ_LIMIT)
    except OSError:
        return False


def _marked_text(folder: str, name: str, comment: str = "#") -> Callable[[], bytes]:
    """A shipped text file with our mark as a comment after its first line (zsh's ``#compdef`` stays first)."""

    def make() -> bytes:
        first, _, rest = resource(folder, name).read_text(encoding="utf-8").partition("\n")
        return f"{first}\n{comment} {MARKER}: {_OWNED_NOTE}\n{rest}".encode()

    return make


def _marked_xml(folder: str, name: str) -> Callable[[], bytes]:
    """A shipped XML file (metainfo, SVG) with our mark as a comment after its declaration, if it has one."""

    def make() -> bytes:
        text = resource(folder, name).read_text(encoding="utf-8")
        # (an XML comment cannot hold "--", so the options are named without their dashes)
        mark = f"<!-- {MARKER}: {_OWNED_NOTE.replace('--', '')} -->\n"
        if text.startswith("<?xml"):
            declaration, _, rest = text.partition("\n")
            return f"{declaration}\n{mark}{rest}".encode()
        return f"{mark}{text}".encode()

    return make


def _png(size: int) -> Callable[[], bytes]:
    def make() -> bytes:
        from simcompare.gui.icons import render_png  # Qt, loaded only to install

        svg = resource("icons", "simcompare.svg").read_bytes()
        return render_png(svg, size, {MARKER: "true", "Comment": _OWNED_NOTE})

    return make


def _write(path: Path, content: bytes) -> None:
    """Replace ``path`` at once (a link there is replaced, not followed), readable by all."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(content)
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


# The desktop entry specification: a string value escapes the backslash (and line breaks); an Exec argument with
# a reserved character is put in double quotes, in which ", `, $ and \ take a backslash; % is doubled.
_RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")


def _escape_string(value: str) -> str:
    if any(c in value for c in "\n\r"):
        raise DesktopError(f"the launcher's path {value!r} has a line break, which a menu entry cannot hold")
    return value.replace("\\", "\\\\")


def _exec_argument(argument: str) -> str:
    if _RESERVED.intersection(argument):
        argument = '"' + "".join("\\" + c if c in '"`$\\' else c for c in argument) + '"'
    return _escape_string(argument.replace("%", "%%"))
