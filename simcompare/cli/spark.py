"""`simcompare spark INPUT --out DIR`: the scan pipeline as a Spark job (needs the spark extra and Java 17+)."""

from __future__ import annotations

import argparse
import os
import sys
from typing import TextIO

from simcompare.cli.options import (
    EXIT_INPUT,
    EXIT_OK,
    MAX_SPARK_ROWS,
    UsageError,
    add_decision_options,
    add_fingerprint_options,
    config_from,
    decision_from,
    whole_number,
)
from simcompare.cli.words import count
from simcompare.core.fingerprint.hashing import MAX_BITS
from simcompare.core.formats.names import display_name
from simcompare.core.search.groups import GroupRule


def register(commands: argparse._SubParsersAction) -> None:
    """Add ``spark`` to the command line."""
    parser = commands.add_parser(
        "spark",
        help="fingerprints, pairs and groups of many files on Spark",
        description="Writes DIR/fingerprints.parquet, pairs.parquet, groups.parquet and groups.json "
        '(the schema of `scan --json`). Needs pip install "simcompare[spark]" and Java 17 or newer.',
    )
    parser.add_argument(
        "input", metavar="INPUT", help="a folder, a glob of files, or a Parquet dataset (*.parquet) of path/id and text"
    )
    parser.add_argument("--out", required=True, metavar="DIR", help="output folder")
    parser.add_argument("--master", default="local[*]", metavar="URL", help="Spark master (default local[*])")
    parser.add_argument(
        "--groups",
        choices=[rule.value for rule in GroupRule],
        default=GroupRule.REFERENCE.value,
        help="reference: every member close to its group's reference (default); components: connected components",
    )
    parser.add_argument(
        "--blocks",
        type=whole_number(1, MAX_BITS),
        default=None,
        metavar="N",
        help="blocks per fingerprint for the pairs",
    )
    parser.add_argument(
        "--hot-key-rows",
        type=whole_number(1, MAX_SPARK_ROWS),
        default=None,
        metavar="N",
        help="salt block keys with more rows than N (20000)",
    )
    add_decision_options(parser)
    add_fingerprint_options(parser)
    parser.set_defaults(run=run_spark)


def run_spark(args: argparse.Namespace, out: TextIO) -> int:
    """Run the job; one progress line per stage on standard error."""
    config = config_from(args)
    decision = decision_from(args, config)
    if config.bits > 64:
        raise UsageError(f"spark keeps fingerprints in 64-bit columns: --bits must be 1 to 64, got {config.bits}")
    if args.blocks is not None and not decision.k + 1 <= args.blocks <= config.bits:
        raise UsageError(f"--blocks must be between k + 1 = {decision.k + 1} and --bits = {config.bits}")
    if os.path.lexists(args.out) and not os.path.isdir(args.out):
        raise UsageError(f"--out {display_name(args.out)} is a file, not a folder; name a folder for the output")
    try:
        from simcompare.spark import local_session, run_job
        from simcompare.spark.pairs import DEFAULT_HOT_KEY_ROWS
    except ImportError as error:
        print(f"simcompare: {error}", file=sys.stderr)
        return EXIT_INPUT
    from pyspark.sql import SparkSession

    # inside a running Spark application (or a test), use its session and leave it running
    owned = SparkSession.getActiveSession() is None
    try:
        spark = local_session(args.master)
    except Exception as error:  # py4j and pyspark raise several kinds when the JVM cannot start
        print(
            f"simcompare: Spark could not start ({type(error).__name__}); is Java 17 or newer installed "
            f"(`java -version`)? {error}",
            file=sys.stderr,
        )
        return EXIT_INPUT
    try:
        run = run_job(
            spark,
            args.input,
            args.out,
            config,
            decision,
            rule=GroupRule(args.groups),
            blocks=args.blocks,
            hot_key_rows=args.hot_key_rows or DEFAULT_HOT_KEY_ROWS,
            report=lambda line: print(f"simcompare spark: {line}", file=sys.stderr, flush=True),
        )
    finally:
        if owned:
            spark.stop()
    passed_over = f" ({run.skipped:,} passed over: groups.json's skipped)" if run.skipped else ""
    print(
        f"{count(run.files, 'file')}{passed_over}, {count(run.pairs, 'verified pair')}, "
        f"{count(run.groups, 'group')} of near-duplicates within "
        f"k = {decision.k} bits; written to {run.out}",
        file=out,
    )
    return EXIT_OK
