"""The command line: ``simcompare`` (the window), ``fingerprint``, ``compare``, ``scan`` and ``spark``.

Exit codes: 0 success, 1 an input could not be read, 2 bad usage; ``scan``'s cleaning adds 3, some files were
left alone (docs/cli.md).

Each command is a module here with ``register(commands)``, which adds its subparser and sets ``run`` to a
function ``(args, out) -> exit code``. Adding a command is that module plus one line in ``COMMANDS``.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, TextIO, cast

from simcompare import __version__
from simcompare.cli import fingerprint, scan, spark
from simcompare.cli.desktop import add_desktop_options, run_desktop, wanted
from simcompare.cli.options import EXIT_INPUT, EXIT_OK, EXIT_USAGE, UsageError
from simcompare.cli.output import Output, OutputError
from simcompare.cli.window import add_window_options, run_window
from simcompare.core.errors import SimcompareError
from simcompare.core.formats.names import display_name

# In the order `simcompare --help` lists them.
COMMANDS: tuple[Callable[[argparse._SubParsersAction], None], ...] = (
    fingerprint.register,  # fingerprint, compare
    scan.register,
    spark.register,
)


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (``simcompare: …``) with exit code 2, never a usage dump."""

    _given: tuple[str, ...] = ()

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        self._given = tuple(str(a) for a in (sys.argv[1:] if args is None else args))
        return super().parse_known_args(args, namespace)

    def error(self, message: str) -> NoReturn:
        # the hint only when an argument looks like an option this parser does not know (a file named "-x.txt")
        dashed = any(
            len(a) > 1 and a.startswith("-") and a != "--" and a.split("=")[0] not in self._option_string_actions
            for a in self._given
        )
        if "unrecognized arguments: -" in message or ("required: " in message and dashed):
            message += " (a file whose name starts with '-' is written ./-name, or after --)"
        raise UsageError(message)


def _build() -> tuple[argparse.ArgumentParser, argparse._SubParsersAction]:
    parser = _Parser(
        prog="simcompare",
        description="How alike are these texts? SimHash fingerprints and near-duplicates. "
        "With no command, opens the window.",
    )
    parser.add_argument("--version", action="version", version=f"simcompare {__version__}")
    add_window_options(parser)
    add_desktop_options(parser)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for register in COMMANDS:
        register(commands)
    return parser, commands


def build_parser() -> argparse.ArgumentParser:
    """The whole command line: the window's options and every command."""
    return _build()[0]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser, commands = _build()
    argv = list(sys.argv[1:] if argv is None else argv)
    out = cast(TextIO, Output(sys.stdout))
    try:
        argv, aliases = _files_named_like_options(argv, commands)
        try:
            args = parser.parse_args(argv)
        except SystemExit as exit_:  # --help, --version
            return int(exit_.code or 0)
        _restore_names(args, aliases)
        if wanted(args):
            if args.command is not None:
                raise UsageError(
                    f"--install-desktop-entry and --uninstall-desktop-entry take no command ({args.command})"
                )
            return run_desktop(args, out)
        if args.command is None:
            return run_window(args)
        return args.run(args, out)
    except UsageError as error:  # a message may name a file: one line, control characters escaped
        print(f"simcompare: {display_name(str(error))}", file=sys.stderr)
        return EXIT_USAGE
    except SimcompareError as error:
        print(f"simcompare: {display_name(str(error))}", file=sys.stderr)
        return EXIT_INPUT
    except OutputError as error:  # a full disk, a quota: what was printed is cut short, and the status says so
        print(f"simcompare: could not write the output: {error.strerror or error}", file=sys.stderr)
        _silence(out)
        return EXIT_INPUT
    except BrokenPipeError:
        if _closed(out):  # the reader went away (`| head`): nothing more to say, to anyone
            _silence(out)
            return EXIT_OK
        raise  # a pipe of our own (a worker's) broke: a real error, not a closed stdout
    except KeyboardInterrupt:
        print("simcompare: interrupted", file=sys.stderr)
        return 130


def _files_named_like_options(
    argv: list[str], commands: argparse._SubParsersAction
) -> tuple[list[str], dict[str, str]]:
    """``fingerprint -dash.txt``: an argument that is no option of the command but an existing file is a file.

    argparse would take it for an unknown option, so it is parsed as ``./-dash.txt`` (the same file) and
    given back its own spelling afterwards; returns the arguments to parse and that spelling by alias.
    """
    command = next((i for i, a in enumerate(argv) if a in ("fingerprint", "compare")), None)
    if command is None:
        return argv, {}
    options = commands.choices[argv[command]]._option_string_actions
    end = argv.index("--") if "--" in argv else len(argv)
    aliases: dict[str, str] = {}
    parsed = list(argv)
    for i in range(command + 1, end):
        arg = argv[i]
        if arg.startswith("-") and arg != "-" and arg not in options and os.path.lexists(arg):
            parsed[i] = os.path.join(os.curdir, arg)
            aliases[parsed[i]] = arg
    return parsed, aliases


def _restore_names(args: argparse.Namespace, aliases: dict[str, str]) -> None:
    """Give files parsed under an alias their names as the user wrote them (for output)."""
    if not aliases:
        return
    if args.command == "fingerprint":
        args.files = [aliases.get(f, f) for f in args.files]
    elif args.command == "compare":
        args.a, args.b = aliases.get(args.a, args.a), aliases.get(args.b, args.b)


def _closed(stream: object) -> bool:
    """True when writing to ``stream`` fails because its reader has gone."""
    try:
        stream.flush()  # type: ignore[attr-defined]
    except BrokenPipeError:
        return True
    except (OSError, ValueError):
        return False
    if os.name == "posix":
        import select

        try:
            fd = stream.fileno()  # type: ignore[attr-defined]
            poller = select.poll()
            poller.register(fd, select.POLLOUT)
            return any(event & select.POLLERR for _, event in poller.poll(0))
        except (OSError, ValueError, AttributeError):
            return False
    return False


def _silence(stream: object) -> None:
    """Point stdout at /dev/null, so that Python's last flush at exit does not complain about the pipe."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())  # type: ignore[attr-defined]
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def gui_main() -> int:
    """The window alone (the ``simcompare-gui`` entry point, which has no console on Windows)."""
    names = set(_build()[1].choices)
    argv = [a for a in sys.argv[1:] if a not in names]
    return main(argv)
