"""The whole job: input → fingerprints.parquet → pairs.parquet → groups.parquet and groups.json.

Each stage's result is written to the output folder and read back, so no stage is computed twice and a
failed run can be inspected stage by stage.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pyspark.sql import SparkSession
from pyspark.sql import functions as F

from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder.scan import ScanOptions
from simcompare.core.folder.skipped import Skipped
from simcompare.core.formats.atomic import write_text
from simcompare.core.formats.names import json_text
from simcompare.core.progress import Stage
from simcompare.core.search.groups import GroupRule
from simcompare.core.search.verify import Decision
from simcompare.spark.fingerprints import (
    fingerprint_files,
    fingerprint_texts,
    list_input,
    reachable,
    read_parquet_texts,
)
from simcompare.spark.groups import GROUP_COLUMNS, core_groups, group_rows, groups_report, scan_result
from simcompare.spark.pairs import DEFAULT_HOT_KEY_ROWS, document_pairs, value_pairs, verify_pairs

Report = Callable[[str], None]


def _count(n: int, noun: str) -> str:
    """ "1 file", "2 files" (the report's English)."""
    return f"{n:,} {noun}{'' if n == 1 else 's'}"


def _quiet(line: str) -> None:
    """The do-nothing progress report."""


@dataclass(frozen=True, slots=True)
class SparkRun:
    """What a run wrote and how long each :class:`Stage` took (seconds); ``pairs`` counts the verified pairs."""

    out: str
    files: int
    problems: int
    empty: int
    pairs: int
    groups: int
    seconds: dict[Stage, float]
    skipped: int = 0
    """Files of a folder the listing passed over (another type, a link, excluded; ``groups.json`` says why)."""


def is_parquet(source: str | os.PathLike[str]) -> bool:
    """A Parquet dataset is named by its ``.parquet`` ending (a file or a folder of part files)."""
    return os.fspath(source).rstrip("/").lower().endswith(".parquet")


def run_job(
    spark: SparkSession,
    source: str | os.PathLike[str],
    out: str | os.PathLike[str],
    config: Config,
    decision: Decision | None = None,
    *,
    rule: GroupRule | str = GroupRule.REFERENCE,
    options: ScanOptions | None = None,
    blocks: int | None = None,
    hot_key_rows: int | None = DEFAULT_HOT_KEY_ROWS,
    report: Report = _quiet,
) -> SparkRun:
    """Run every stage and write the output folder.

    Args:
        spark: The session (its master decides where the work runs).
        source: A folder, a glob of files, or a Parquet dataset (``*.parquet``) of ``path``/``id`` and ``text``.
        out: The output folder (created; existing outputs in it are replaced).
        config: Fingerprint settings.
        decision: k and the verification threshold (as ``scan -k --min-verified``); None takes the
            defaults for the width.
        rule: The core's grouping rule: reference-centred groups or connected components.
        options: Which files of a folder are read (``scan``'s defaults).
        blocks: Blocks per fingerprint for the pair search (default: the core's layout).
        hot_key_rows: Keys with more rows are salted.
        report: Gets one line per stage.
    """
    decision = decision or Decision.for_bits(config.bits)
    k, min_resemblance = decision.k, decision.min_resemblance
    rule = GroupRule(rule)
    folder = Path(out)
    seconds: dict[Stage, float] = {}

    started = time.perf_counter()
    skipped: tuple[Skipped, ...] = ()
    if is_parquet(source):
        root = str(reachable(source))
        prints = fingerprint_texts(read_parquet_texts(spark, source), config)
    else:
        listing = list_input(source, options)
        root, skipped = listing.root, listing.skipped
        prints = fingerprint_files(spark, listing, config)
    folder.mkdir(parents=True, exist_ok=True)  # only once the input is known to be there
    prints.write.mode("overwrite").parquet(str(folder / "fingerprints.parquet"))
    prints = spark.read.parquet(str(folder / "fingerprints.parquet"))
    tally = prints.agg(
        F.count(F.when(F.col("problem").isNull(), 1)).alias("files"),
        F.count(F.when(F.col("problem").isNotNull(), 1)).alias("problems"),
        F.count(F.when(F.col("empty"), 1)).alias("empty"),
    ).first()
    assert tally is not None
    seconds[Stage.FINGERPRINTS] = time.perf_counter() - started
    passed_over = f", {len(skipped):,} passed over (groups.json's skipped)" if skipped else ""
    report(
        f"{Stage.FINGERPRINTS}: {_count(tally.files, 'file')}, {tally.problems:,} could not be used, "
        f"{tally.empty:,} empty{passed_over} ({seconds[Stage.FINGERPRINTS]:.1f} s)"
    )

    started = time.perf_counter()
    pairs = value_pairs(prints, k, config.bits, blocks=blocks, hot_key_rows=hot_key_rows)
    measured = verify_pairs(prints, document_pairs(prints, pairs), min_resemblance)
    measured = measured.withColumn("verified", F.col("resemblance") >= F.lit(min_resemblance))
    measured.write.mode("overwrite").parquet(str(folder / "pairs.parquet"))
    measured = spark.read.parquet(str(folder / "pairs.parquet"))
    counted = measured.agg(F.count("*").alias("all"), F.count(F.when(F.col("verified"), 1)).alias("verified")).first()
    assert counted is not None
    seconds[Stage.PAIRS] = time.perf_counter() - started
    report(
        f"{Stage.PAIRS}: {_count(counted.all, 'pair')} of files within k = {k}, {counted.verified:,} verified "
        f"({seconds[Stage.PAIRS]:.1f} s)"
    )

    started = time.perf_counter()
    result = scan_result(prints, config, root, skipped)
    groups = core_groups(spark, prints, measured.where("verified"), result, rule, k, min_resemblance)
    document = groups_report(result, groups, k, rule, min_resemblance)
    spark.createDataFrame(group_rows(document), GROUP_COLUMNS).write.mode("overwrite").parquet(
        str(folder / "groups.parquet")
    )
    write_text(folder / "groups.json", json_text(document) + "\n")
    seconds[Stage.GROUPS] = time.perf_counter() - started
    report(
        f"{Stage.GROUPS}: {_count(len(groups), 'group')} ({rule}) written to {folder} ({seconds[Stage.GROUPS]:.1f} s)"
    )
    return SparkRun(
        str(folder), tally.files, tally.problems, tally.empty, counted.verified, len(groups), seconds, len(skipped)
    )
