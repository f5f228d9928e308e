"""The whole job: input → fingerprints.parquet → pairs.parquet → groups.parquet and groups.json.

Each stage's result is written to the output folder and read back, so no stage is computed twice and a
failed run can be inspected stage by stage.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pyspark import StorageLevel
from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F

from simcompare.core.scan import ScanOptions
from simcompare.core.simhash import Config
from simcompare.spark.fingerprints import fingerprint_files, fingerprint_texts, list_input, read_parquet_texts
from simcompare.spark.groups import GroupMode, component_groups, reference_groups
from simcompare.spark.pairs import DEFAULT_HOT_KEY_ROWS, document_pairs, value_pairs

Report = Callable[[str], None]


def _quiet(line: str) -> None:
    """The do-nothing progress report."""


@dataclass(frozen=True, slots=True)
class SparkRun:
    """What a run wrote and how long each stage took (seconds)."""

    out: str
    files: int
    problems: int
    empty: int
    pairs: int
    groups: int
    seconds: dict[str, float]


def is_parquet(source: str | os.PathLike[str]) -> bool:
    """A Parquet dataset is named by its ``.parquet`` ending (a file or a folder of part files)."""
    return os.fspath(source).rstrip("/").lower().endswith(".parquet")


def groups_json(
    config: Config, k: int, root: str, files: int, groups: list, problems: list, empty: list[str]
) -> dict[str, object]:
    """The ``simcompare scan --json`` document from group rows (``GROUP_SCHEMA``, in group and rank order)."""
    out: list[dict[str, object]] = []
    for row in groups:
        if row.rank == 0:
            out.append({"reference": row.path, "max_distance": row.max_distance, "members": []})
        members = out[-1]["members"]
        assert isinstance(members, list)
        members.append({"path": row.path, "distance": row.distance, "similarity": row.similarity})
    return {
        "settings": {**config.describe(), "k": k, "root": root, "partial": False},
        "files": files,
        "groups": out,
        "problems": [{"path": p.path, "reason": p.problem, "detail": p.detail} for p in problems],
        "empty": empty,
    }


def run_job(
    spark: SparkSession,
    source: str | os.PathLike[str],
    out: str | os.PathLike[str],
    config: Config,
    *,
    mode: GroupMode = GroupMode.REFERENCE,
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
        config: Fingerprint settings and k.
        mode: Reference-centred groups (the core's, on the driver) or connected components (in Spark).
        options: Which files of a folder are read (``scan``'s defaults).
        blocks: Blocks per fingerprint for the pair search (default: the core's layout).
        hot_key_rows: Keys with more rows are salted.
        report: Gets one line per stage.
    """
    k = config.k or 0
    folder = Path(out)
    seconds: dict[str, float] = {}

    started = time.perf_counter()
    if is_parquet(source):
        root = str(Path(source).resolve())
        prints = fingerprint_texts(read_parquet_texts(spark, source), config)
    else:
        listing = list_input(source, options)
        root = listing.root
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
    seconds["fingerprints"] = time.perf_counter() - started
    report(
        f"fingerprints: {tally.files:,} files, {tally.problems:,} could not be used, {tally.empty:,} empty "
        f"({seconds['fingerprints']:.1f} s)"
    )

    started = time.perf_counter()
    pairs = value_pairs(prints, k, config.bits, blocks=blocks, hot_key_rows=hot_key_rows)
    pairs = pairs.persist(StorageLevel.MEMORY_AND_DISK)
    document_pairs(prints, pairs).write.mode("overwrite").parquet(str(folder / "pairs.parquet"))
    pair_count = spark.read.parquet(str(folder / "pairs.parquet")).count()
    seconds["pairs"] = time.perf_counter() - started
    report(f"pairs: {pair_count:,} pairs of files within k = {k} ({seconds['pairs']:.1f} s)")

    started = time.perf_counter()
    groups: DataFrame
    if mode is GroupMode.COMPONENTS:
        groups = component_groups(prints, pairs, config.bits)
    else:
        groups = reference_groups(spark, prints, pairs, k, config.bits)
    groups.write.mode("overwrite").parquet(str(folder / "groups.parquet"))
    pairs.unpersist()
    rows = spark.read.parquet(str(folder / "groups.parquet")).orderBy("group", "rank").collect()
    problems = prints.where(F.col("problem").isNotNull()).orderBy("path").collect()
    empty = [r.path for r in prints.where(F.col("empty")).select("path").orderBy("path").collect()]
    document = groups_json(config, k, root, tally.files, rows, problems, empty)
    with open(folder / "groups.json", "w", encoding="utf-8") as handle:
        json.dump(document, handle, ensure_ascii=False, indent=2)
        handle.write("\n")
    group_count = len(document["groups"])  # type: ignore[arg-type]
    seconds["groups"] = time.perf_counter() - started
    report(f"groups: {group_count:,} groups ({mode.value}) written to {folder} ({seconds['groups']:.1f} s)")
    return SparkRun(str(folder), tally.files, tally.problems, tally.empty, pair_count, group_count, seconds)
