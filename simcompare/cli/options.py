"""What every command shares: exit codes, the usage error, and the options that become a Config and a Decision.

The options' defaults are not written here: they come from ``simcompare.core.defaults``, as the settings
panel's do. Every command that fingerprints adds the settings with ``add_fingerprint_options`` and reads
them back with ``config_from``; the verdict's k and threshold come from ``add_decision_options`` and
``decision_from``.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import signal
import threading
from collections.abc import Callable, Iterator

from simcompare.core.defaults import (
    DEFAULT_BITS,
    DEFAULT_FOLD_CHINESE,
    DEFAULT_HASHER,
    DEFAULT_HTML,
    DEFAULT_K64,
    DEFAULT_MIN_RESEMBLANCE,
    DEFAULT_NGRAM,
    DEFAULT_SEGMENTER,
    DEFAULT_STOPWORDS,
    DEFAULT_TOP_K,
    DEFAULT_WEIGHTING,
)
from simcompare.core.fingerprint.hashing import HASHERS, MAX_BITS
from simcompare.core.fingerprint.simhash import Config
from simcompare.core.search.verify import Decision
from simcompare.core.tokens.segment import Segmenter
from simcompare.core.tokens.weights import Weighting

EXIT_OK, EXIT_INPUT, EXIT_USAGE = 0, 1, 2
EXIT_INTERRUPTED = 130  # the shell's code for a command ended by Ctrl-C


@contextlib.contextmanager
def ctrl_c_cancels(cancel: threading.Event, *, again_interrupts: bool = True) -> Iterator[None]:
    """The first Ctrl-C sets ``cancel`` (a scan stops at the next file, an action between two files); a second
    one interrupts at once, unless ``again_interrupts`` is False (an action on files is never stopped inside
    one: every Ctrl-C only asks it to stop)."""

    def on_interrupt(signum: int, frame: object) -> None:
        if cancel.is_set() and again_interrupts:
            raise KeyboardInterrupt
        cancel.set()

    if threading.current_thread() is not threading.main_thread():
        yield  # signal handlers belong to the main thread (main() may be called from another one)
        return
    previous = signal.signal(signal.SIGINT, on_interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


class UsageError(Exception):
    """Bad arguments that argparse could not catch by itself."""


# The ranges of the numeric options. argparse checks each (see ``whole_number`` and ``megabytes``), so a
# value out of range is a one-line usage error naming the option, never an overflow deep inside.
MAX_TOP_K = 10_000_000  # more than any document's distinct tokens: the same as keeping all
MAX_NGRAM = 64
MAX_FILE_MB = 1024  # a file is read into memory whole: larger ones are better skipped than read
MAX_SPARK_ROWS = 2**31 - 1  # Spark counts rows in 32-bit integers


def whole_number(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``; its error names the range."""

    def parse(text: str) -> int:
        try:
            value = int(text.strip())
        except ValueError:  # not a number, or one with more digits than int() takes
            value = None
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be a whole number from {low} to {high:,}, got {text!r}")
        return value

    parse.__name__ = "whole number"  # argparse names the type in some messages
    return parse


def megabytes(text: str) -> float:
    """An argparse type: a size in megabytes, from 0 to ``MAX_FILE_MB``."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0.0 <= value <= MAX_FILE_MB:  # NaN fails every comparison
        raise argparse.ArgumentTypeError(f"must be a number of megabytes from 0 to {MAX_FILE_MB:,}, got {text!r}")
    return value


def add_fingerprint_options(parser: argparse.ArgumentParser) -> None:
    """The options that mirror Config, shared by every subcommand that fingerprints, and -k."""
    group = parser.add_argument_group("fingerprint settings")
    group.add_argument(
        "--bits",
        type=whole_number(1, MAX_BITS),
        default=DEFAULT_BITS,
        help=f"fingerprint width, 1–{MAX_BITS} (default {DEFAULT_BITS})",
    )
    group.add_argument(
        "--hash",
        dest="hasher",
        choices=list(HASHERS),
        default=DEFAULT_HASHER,
        help=f"token hasher (default {DEFAULT_HASHER})",
    )
    group.add_argument(
        "--weighting",
        choices=[w.value for w in Weighting],
        default=str(DEFAULT_WEIGHTING),
        help=f"token weights (default {DEFAULT_WEIGHTING})",
    )
    group.add_argument(
        "--top-k",
        type=whole_number(0, MAX_TOP_K),
        default=DEFAULT_TOP_K,
        metavar="K",
        help=f"keep only the K heaviest tokens (default {DEFAULT_TOP_K or 'all'}; 0 keeps all)",
    )
    group.add_argument(
        "--segmenter",
        choices=[s.value for s in Segmenter],
        default=str(DEFAULT_SEGMENTER),
        help=f"how text is cut into tokens (default {DEFAULT_SEGMENTER})",
    )
    group.add_argument(
        "--ngram",
        type=whole_number(1, MAX_NGRAM),
        default=DEFAULT_NGRAM,
        help=f"n for --segmenter chars (default {DEFAULT_NGRAM})",
    )
    # The switches turn the defaults (stop words dropped, no forced HTML, Chinese folded) the other way.
    group.add_argument(
        "--no-stopwords", dest="stopwords", action="store_false", default=DEFAULT_STOPWORDS, help="keep stop words"
    )
    group.add_argument("--html", action="store_true", default=DEFAULT_HTML, help="treat every input as HTML")
    group.add_argument(
        "--no-fold-chinese",
        dest="fold_chinese",
        action="store_false",
        default=DEFAULT_FOLD_CHINESE,
        help="compare Traditional and Simplified Chinese as different scripts (by default Traditional is "
        "folded to Simplified before segmenting)",
    )
    # k decides the verdict, not the fingerprint; every command takes it (fingerprint --json records it).
    group.add_argument(
        "-k",
        type=whole_number(0, MAX_BITS - 1),
        default=None,
        help=f"near-duplicate threshold in bits (default: by width, {DEFAULT_K64} at 64 bits)",
    )


def fraction(text: str) -> float:
    """An argparse type: a number from 0 to 1."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"must be a number from 0 to 1, got {text!r}")
    return value


def add_decision_options(parser: argparse.ArgumentParser) -> None:
    """The verification threshold, for the commands that decide whether texts are near-duplicates."""
    parser.add_argument(
        "--min-verified",
        type=fraction,
        default=DEFAULT_MIN_RESEMBLANCE,
        metavar="R",
        help=f"smallest share of shared word pairs (0 to 1) for a near-duplicate (default {DEFAULT_MIN_RESEMBLANCE};"
        " 0 turns verification off)",
    )


def config_from(args: argparse.Namespace) -> Config:
    """The Config the fingerprint options ask for.

    Raises:
        UsageError: Config refused a value (its message says what would be right); the CLI exits with 2.
    """
    try:
        return Config(
            bits=args.bits,
            hasher=args.hasher,
            weighting=args.weighting,
            top_k=args.top_k or None,
            segmenter=args.segmenter,
            stopwords=args.stopwords,
            html=args.html,
            ngram=args.ngram,
            fold_chinese=args.fold_chinese,
        )
    except ValueError as error:
        raise UsageError(str(error)) from None


def decision_from(args: argparse.Namespace, config: Config) -> Decision:
    """The Decision -k and --min-verified ask for, for fingerprints of ``config``'s width.

    Raises:
        UsageError: k is not below the width (the message says the range); the CLI exits with 2.
    """
    try:
        return Decision.for_bits(config.bits, args.k, getattr(args, "min_verified", DEFAULT_MIN_RESEMBLANCE))
    except ValueError as error:
        raise UsageError(str(error)) from None
