"""What every command shares: exit codes, the usage error, and the fingerprint options that become a Config.

The options' defaults are written here once; every command that fingerprints adds them with
``add_fingerprint_options`` and reads them back with ``config_from``.
"""

from __future__ import annotations

import argparse

from simcompare.core.hashing import HASHERS, MAX_BITS
from simcompare.core.simhash import DEFAULT_TOP_K, DEFAULT_WEIGHTING, Config
from simcompare.core.tokens import Segmenter
from simcompare.core.verify import DEFAULT_MIN_RESEMBLANCE
from simcompare.core.weights import Weighting

EXIT_OK, EXIT_INPUT, EXIT_USAGE = 0, 1, 2


class UsageError(Exception):
    """Bad arguments that argparse could not catch by itself."""


def add_fingerprint_options(parser: argparse.ArgumentParser) -> None:
    """The options that mirror Config, shared by every subcommand that fingerprints."""
    group = parser.add_argument_group("fingerprint settings")
    group.add_argument("--bits", type=int, default=64, help=f"fingerprint width, 1–{MAX_BITS} (default 64)")
    group.add_argument("--hash", dest="hasher", choices=list(HASHERS), default="md5", help="token hasher")
    group.add_argument(
        "--weighting",
        choices=[w.value for w in Weighting],
        default=str(DEFAULT_WEIGHTING),
        help=f"token weights (default {DEFAULT_WEIGHTING})",
    )
    group.add_argument("--top-k", type=int, default=DEFAULT_TOP_K, metavar="K", help="keep only the K heaviest tokens")
    group.add_argument("--segmenter", choices=[s.value for s in Segmenter], default="jieba")
    group.add_argument("--ngram", type=int, default=2, help="n for --segmenter chars (default 2)")
    group.add_argument("--no-stopwords", dest="stopwords", action="store_false", help="keep stop words")
    group.add_argument("--html", action="store_true", help="treat every input as HTML")
    group.add_argument(
        "--no-fold-chinese",
        dest="fold_chinese",
        action="store_false",
        help="compare Traditional and Simplified Chinese as different scripts (by default Traditional is "
        "folded to Simplified before segmenting)",
    )
    group.add_argument("-k", type=int, default=None, help="near-duplicate threshold in bits (default: by width)")


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
            k=args.k,
            fold_chinese=args.fold_chinese,
        )
    except ValueError as error:
        raise UsageError(str(error)) from None
