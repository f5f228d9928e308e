"""``simcompare`` with no command: the window's options, and opening it.

Qt is imported only when the window really opens, so the other commands never load it.
"""

from __future__ import annotations

import argparse


def window_size(text: str) -> str:
    """An argparse type: ``--size`` checked as the window will read it (its bounds are the window's)."""
    from simcompare.gui.app import parse_size  # no Qt at that module's top: only the bounds come in

    try:
        parse_size(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def add_window_options(parser: argparse.ArgumentParser) -> None:
    """The top-level options that only the window reads."""
    parser.add_argument("--screenshot", metavar="OUT.png", help="render the window offscreen to a PNG and exit")
    parser.add_argument("--compare", nargs=2, metavar=("A", "B"), help="open the window comparing two files")
    parser.add_argument("--folder", metavar="DIR", help="open the window on the Folder page scanning DIR")
    parser.add_argument(
        "--results", metavar="FILE.json", help="open the window on the Folder page showing saved results (no scan)"
    )
    parser.add_argument("--size", type=window_size, metavar="WxH", help="window size for --screenshot, e.g. 1400x900")
    parser.add_argument("--lang", metavar="LANG", help="interface language (en, zh_CN); default: system")


def run_window(args: argparse.Namespace) -> int:
    """Open the window (or render it to ``--screenshot``); returns the exit code."""
    from simcompare.gui.app import run_gui

    return run_gui(args)
