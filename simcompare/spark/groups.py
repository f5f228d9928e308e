"""Near-duplicate groups from the verified pairs, by the rules of ``simcompare scan``.

The pairs (found and verified on the executors) are collected on the driver and grouped by the core's
own function, with the core's rule (``reference`` or ``components``), and written by the core's own
report function, so ``groups.json`` is what ``scan --json`` prints by construction. docs/spark-plan.md
has the memory this needs on the driver.

:func:`components` labels connected components in Spark itself (large-star/small-star rounds, Kiveris
et al., 2014), for an application that wants the components of a graph too large for one machine.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F

from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder.scan import FileRecord, Problem, ScanOptions, ScanResult
from simcompare.core.folder.session import FolderSession
from simcompare.core.folder.skipped import Skipped
from simcompare.core.formats.report import report_json
from simcompare.core.search.groups import Group, GroupRule, Pairs, build_groups
from simcompare.core.search.verify import Sketch, resemblance, sketch_from_bytes, sketch_to_bytes
from simcompare.spark.fingerprints import to_unsigned

MAX_ROUNDS = 100

GROUP_COLUMNS = (
    "group long, rank long, path string, reference boolean, size long, distance long, similarity double, "
    "verified double, identical boolean, max_distance long, wasted_bytes long"
)
"""``groups.parquet``: one row per member, as ``scan --csv`` (``rank`` 0 is the reference)."""


# ------------------------------------------------------------------------------------ components


def _large_star(edges: DataFrame) -> DataFrame:
    # every node links its larger neighbours to the smallest node of its neighbourhood
    both = edges.select(F.col("u").alias("x"), F.col("v").alias("y")).unionByName(
        edges.select(F.col("v").alias("x"), F.col("u").alias("y"))
    )
    smallest = both.groupBy("x").agg(F.least(F.col("x"), F.min("y")).alias("m"))
    return both.where(F.col("y") > F.col("x")).join(smallest, "x").select(F.col("y").alias("u"), F.col("m").alias("v"))


def _small_star(edges: DataFrame) -> DataFrame:
    # every node links itself and its smaller neighbours to the smallest of them
    smallest = edges.groupBy("u").agg(F.min("v").alias("m"))
    joined = edges.join(smallest, "u")
    moved = joined.where(F.col("v") != F.col("m")).select(F.col("v").alias("u"), F.col("m").alias("v"))
    return moved.unionByName(smallest.select("u", F.col("m").alias("v")))


def _is_stars(edges: DataFrame) -> bool:
    # done when every node has at most one smaller neighbour and that neighbour has none (one job)
    roles = edges.select(F.col("u").alias("x"), F.lit(1).alias("up"), F.lit(0).alias("down")).unionByName(
        edges.select(F.col("v").alias("x"), F.lit(0).alias("up"), F.lit(1).alias("down"))
    )
    per_node = roles.groupBy("x").agg(F.sum("up").alias("up"), F.max("down").alias("down"))
    return not per_node.where((F.col("up") > 1) | ((F.col("up") > 0) & (F.col("down") > 0))).limit(1).count()


def components(pairs: DataFrame, *, max_rounds: int = MAX_ROUNDS) -> DataFrame:
    """Connected components of a graph given by its edges (columns ``a`` and ``b``, longs, e.g. value pairs).

    Returns columns ``value`` (a node) and ``component`` (the smallest node in it). Nodes in no edge are absent.

    Raises:
        RuntimeError: no convergence within ``max_rounds`` (large-star/small-star needs O(log n) rounds).
    """
    edges = pairs.select(F.col("b").alias("u"), F.col("a").alias("v")).distinct()
    for _ in range(max_rounds):
        # checkpointing cuts the plan, which would otherwise grow with every round
        edges = _small_star(_large_star(edges)).distinct().localCheckpoint(eager=True)
        if _is_stars(edges):
            break
    else:
        raise RuntimeError(f"connected components did not converge within {max_rounds} rounds")
    children = edges.select(F.col("u").alias("value"), F.col("v").alias("component"))
    roots = edges.select(F.col("v").alias("value")).distinct().withColumn("component", F.col("value"))
    return children.unionByName(roots)


# ------------------------------------------------------------------------------------- the core's groups


def scan_result(prints: DataFrame, config: Config, root: str, skipped: Sequence[Skipped] = ()) -> ScanResult:
    """The fingerprints as the core's ScanResult, collected on the driver without the sketches; ``skipped``: the
    files the listing passed over (:class:`~simcompare.spark.fingerprints.Listing`)."""
    columns = [c for c in prints.columns if c != "shingles"]
    table = prints.select(*columns).orderBy("path").toArrow().to_pylist()
    files = tuple(
        FileRecord(
            r["path"],
            r["size"],
            r["mtime_ns"],
            to_unsigned(r["value"]),
            r["empty"],
            r["encoding"] or "",
            r["digest"] or "",
            raw_digest=r.get("raw_digest") or "",
        )
        for r in table
        if r["problem"] is None
    )
    problems = tuple(
        Problem(r["path"], r["problem"], r["detail"] or "", r["errno"]) for r in table if r["problem"] is not None
    )
    return ScanResult(
        root=root, config=config, options=ScanOptions(), files=files, problems=problems, skipped=tuple(skipped)
    )


def core_groups(
    spark: SparkSession,
    prints: DataFrame,
    verified: DataFrame,
    result: ScanResult,
    rule: GroupRule,
    k: int,
    min_resemblance: float,
) -> list[Group]:
    """The core's groups of ``result``'s files from the verified pairs (``path_a``, ``path_b``, ``distance``,
    ``resemblance``): the same call as ``FolderSession.groups``, with the pairs found by Spark."""
    files = result.files
    names = [f.path for f in files]
    index = {name: i for i, name in enumerate(names)}
    identity = [f.digest or f"#{i}" for i, f in enumerate(files)]
    found = verified.toArrow()
    left = np.array([index[p] for p in found.column("path_a").to_pylist()], dtype=np.intp)
    right = np.array([index[p] for p in found.column("path_b").to_pylist()], dtype=np.intp)
    distance = found.column("distance").to_numpy().astype(np.intp)
    similar = found.column("resemblance").to_numpy().astype(np.float64)
    order = np.lexsort((right, left))
    pairs = Pairs(left[order], right[order], distance[order], similar[order])
    # sketches of the files in pairs, for the components rule's members without a pair to their reference
    involved = sorted({names[i] for i in np.concatenate([left, right]).tolist()})
    wanted = spark.createDataFrame([(name,) for name in involved], "path string")
    sketches = prints.join(wanted, "path").select("path", "shingles").toArrow()
    by_identity: dict[str, Sketch] = {
        identity[index[path]]: sketch_from_bytes(data)
        for path, data in zip(sketches.column("path").to_pylist(), sketches.column("shingles").to_pylist(), strict=True)
    }
    groups = build_groups(
        [f.value for f in files],
        pairs,
        names=names,
        empty=[i for i, f in enumerate(files) if f.empty],
        identical=identity,
        not_duplicates=(),
        rule=rule,
        resemble=lambda a, b: resemblance(by_identity[identity[a]], by_identity[identity[b]]),
        k=k,
        min_resemblance=min_resemblance,
    )
    # as FolderSession.groups: every member measured exactly against its reference (its sketch by identity)
    sketched = ScanResult(
        root=result.root,
        config=result.config,
        options=result.options,
        files=tuple(
            f._replace(sketch=sketch_to_bytes(by_identity[identity[i]])) if identity[i] in by_identity else f
            for i, f in enumerate(files)
        ),
        problems=result.problems,
    )
    session = FolderSession(sketched, min_resemblance=min_resemblance, strong_resemblance=None)
    return session._exactly_verified(groups, rule, session.decision(k))


def groups_report(
    result: ScanResult, groups: list[Group], k: int, rule: GroupRule, min_resemblance: float
) -> dict[str, object]:
    """``scan --json``'s document, by the core's report function."""
    return report_json(FolderSession(result, min_resemblance=min_resemblance), groups, k, rule)


def group_rows(report: dict[str, object]) -> list[tuple]:
    """The report's groups as ``GROUP_COLUMNS`` rows."""
    rows = []
    groups = report["groups"]
    assert isinstance(groups, list)
    for number, group in enumerate(groups, start=1):
        for rank, m in enumerate(group["members"]):
            rows.append(
                (
                    number,
                    rank,
                    m["path"],
                    rank == 0,
                    m["size"],
                    m["distance"],
                    m["similarity"],
                    m["verified"],
                    m["identical"],
                    group["max_distance"],
                    group["wasted_bytes"],
                )
            )
    return rows
