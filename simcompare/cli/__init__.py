"""The command line: ``simcompare`` (the window), ``fingerprint``, ``compare``, ``scan`` and ``spark``.

Exit codes: 0 success, 1 an input could not be read, 2 bad usage.

Each command is a module here with ``register(commands)``, which adds its subparser and sets ``run`` to a
function ``(args, out) -> exit code``. Adding a command is that module plus one line in ``COMMANDS``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from simcompare import __version__
from simcompare.cli import fingerprint, scan, spark
from simcompare.cli.options import EXIT_INPUT, EXIT_OK, EXIT_USAGE, UsageError
from simcompare.cli.window import add_window_options, run_window
from simcompare.core.errors import SimcompareError

# In the order `simcompare --help` lists them.
COMMANDS: tuple[Callable[[argparse._SubParsersAction], None], ...] = (
    fingerprint.register,  # fingerprint, compare
    scan.register,
    spark.register,
)


def _build() -> tuple[argparse.ArgumentParser, argparse._SubParsersAction]:
    parser = argparse.ArgumentParser(
        prog="simcompare",
        description="How alike are these texts? SimHash fingerprints and near-duplicates. "
        "With no command, opens the window.",
    )
    parser.add_argument("--version", action="version", version=f"simcompare {__version__}")
    add_window_options(parser)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for register in COMMANDS:
        register(commands)
    return parser, commands


def build_parser() -> argparse.ArgumentParser:
    """The whole command line: the window's options and every command."""
    return _build()[0]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return int(exit_.code or 0)
    out = sys.stdout
    try:
        if args.command is None:
            return run_window(args)
        return args.run(args, out)
    except UsageError as error:
        print(f"simcompare: {error}", file=sys.stderr)
        return EXIT_USAGE
    except SimcompareError as error:
        print(f"simcompare: {error}", file=sys.stderr)
        return EXIT_INPUT
    except BrokenPipeError:
        return EXIT_OK
    except KeyboardInterrupt:
        return 130


def gui_main() -> int:
    """The window alone (the ``simcompare-gui`` entry point, which has no console on Windows)."""
    names = set(_build()[1].choices)
    argv = [a for a in sys.argv[1:] if a not in names]
    return main(argv)
