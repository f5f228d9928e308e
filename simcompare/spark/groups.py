"""Near-duplicate groups from the pairs, by the rules of ``simcompare scan``.

Two ways, one output (``GROUP_SCHEMA``, the rows of ``scan --csv`` plus each member's rank):

- ``components``: connected components computed in Spark by large-star/small-star rounds (Kiveris et
  al., 2014) over the distinct fingerprints, then per component the reference (most neighbours, then
  shortest path, then path), each member's distance to it and the largest distance inside, all as
  DataFrame steps. Nothing is collected on the driver.
- ``reference``: the pairs are collected on the driver and grouped by the core's own grouping function,
  so the groups are the core's by construction (docs/spark-plan.md has the memory this needs).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

import numpy as np
import pandas as pd
from pyspark.sql import DataFrame, SparkSession, Window
from pyspark.sql import functions as F
from pyspark.sql.types import BooleanType, DoubleType, IntegerType, StringType, StructField, StructType

from simcompare.core.groups import Group, _max_internal_distance, build_groups
from simcompare.core.index import NearPairs
from simcompare.spark.fingerprints import to_unsigned
from simcompare.spark.pairs import usable

MAX_ROUNDS = 100


class GroupMode(enum.Enum):
    """How groups are formed: ``reference`` (the core, on the driver) or ``components`` (in Spark)."""

    REFERENCE = "reference"
    COMPONENTS = "components"


GROUP_SCHEMA = StructType(
    [
        StructField("group", IntegerType(), False),  # from 1, largest group first
        StructField("rank", IntegerType(), False),  # the member's place in its group, the reference 0
        StructField("path", StringType(), False),
        StructField("reference", BooleanType(), False),
        StructField("distance", IntegerType(), False),  # to the group's reference
        StructField("similarity", DoubleType(), False),
        StructField("max_distance", IntegerType(), False),  # largest distance between two members
    ]
)


def _similarity(distance: int, bits: int) -> float:
    return round(1.0 - distance / bits, 6)


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
    """Connected components of the graph of value pairs: columns ``value`` and ``component``.

    ``component`` is the smallest value in it (as Spark orders longs). Values in no pair are absent.

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


def _component_max_distance(frame: pd.DataFrame) -> pd.DataFrame:
    values = [to_unsigned(int(v)) for v in frame["value"]]
    widest = _max_internal_distance(values, list(range(len(values))))
    return pd.DataFrame({"component": [int(frame["component"].iloc[0])], "max_distance": [widest]})


def _order_groups(members: DataFrame, bits: int) -> DataFrame:
    """Number groups (largest first, then by reference path) and rank members, as ``scan`` orders them."""
    references = members.where("is_reference").select("component", F.col("path").alias("ref_path"), "size")
    numbered = references.withColumn(
        "group",
        F.row_number().over(Window.orderBy(F.desc("size"), F.length("ref_path"), F.col("ref_path"))).cast("int"),
    )
    ranked = members.join(numbered.select("component", "group"), "component").withColumn(
        "rank",
        (
            F.row_number().over(
                Window.partitionBy("component").orderBy(
                    F.desc("is_reference"), F.col("distance"), F.length("path"), F.col("path")
                )
            )
            - 1
        ).cast("int"),
    )
    return ranked.select(
        "group",
        "rank",
        "path",
        F.col("is_reference").alias("reference"),
        F.col("distance").cast("int"),
        F.round(1.0 - F.col("distance") / F.lit(float(bits)), 6).alias("similarity"),
        F.col("max_distance").cast("int"),
    )


def component_groups(prints: DataFrame, pairs: DataFrame, bits: int) -> DataFrame:
    """Groups as connected components, entirely in Spark (``GROUP_SCHEMA``).

    Args:
        prints: Fingerprints (``FINGERPRINT_SCHEMA``).
        pairs: Value pairs from :func:`~simcompare.spark.pairs.value_pairs`.
        bits: Fingerprint width (for similarity).
    """
    docs = usable(prints).select("path", "value")
    counts = docs.groupBy("value").agg(F.count("*").alias("copies"))
    labelled = components(pairs)
    # identical copies with no other neighbour are a group of their own
    alone = (
        counts.where(F.col("copies") > 1)
        .select("value")
        .join(labelled, "value", "left_anti")
        .withColumn("component", F.col("value"))
    )
    labels = labelled.unionByName(alone)
    # a document's neighbours: its copies, plus every copy of each value within k
    copies_b = pairs.join(counts.withColumnRenamed("value", "b"), "b").select(F.col("a").alias("value"), "copies")
    copies_a = pairs.join(counts.withColumnRenamed("value", "a"), "a").select(F.col("b").alias("value"), "copies")
    around = copies_b.unionByName(copies_a).groupBy("value").agg(F.sum("copies").alias("around"))
    members = (
        docs.join(labels, "value")
        .join(counts, "value")
        .join(around, "value", "left")
        .withColumn("degree", F.col("copies") - 1 + F.coalesce(F.col("around"), F.lit(0)))
    )
    by_component = Window.partitionBy("component")
    best = by_component.orderBy(F.desc("degree"), F.length("path"), F.col("path"))
    members = (
        members.withColumn("is_reference", F.row_number().over(best) == 1)
        .withColumn(
            "ref_value",
            F.first(F.when(F.col("is_reference"), F.col("value")), ignorenulls=True).over(
                by_component.rowsBetween(Window.unboundedPreceding, Window.unboundedFollowing)
            ),
        )
        .withColumn("size", F.count("*").over(by_component))
        .withColumn("distance", F.bit_count(F.col("value").bitwiseXOR(F.col("ref_value"))))
    )
    widest = (
        members.select("component", "value")
        .distinct()
        .groupBy("component")
        .applyInPandas(_component_max_distance, "component long, max_distance long")
    )
    return _order_groups(members.join(widest, "component"), bits)


# ------------------------------------------------------------------------------------- reference


def core_groups(
    names: Sequence[str],
    values: Sequence[int],
    left: np.ndarray,
    right: np.ndarray,
    distance: np.ndarray,
    k: int,
    bits: int,
) -> list[Group]:
    """The core's groups of documents ``names`` given their pairs within k (indices into ``names``).

    This is the one place that calls the core's grouping, so a change of the core's rules is a change here.
    """
    pairs = NearPairs(left, right, distance, len(values), bits, k, k + 1, k + 1, len(left))
    return build_groups(values, pairs, names=names)


def reference_groups(spark: SparkSession, prints: DataFrame, pairs: DataFrame, k: int, bits: int) -> DataFrame:
    """Groups by the core's own function on the driver (``GROUP_SCHEMA``).

    Only the documents that have a near-duplicate and their pairs are collected: per document its path
    and value, per pair two indices and a distance.
    """
    from simcompare.spark.pairs import document_pairs

    # Arrow, not Row objects: 2 paths and a distance per pair, a path and a value per document
    doc_pairs = document_pairs(prints, pairs).toArrow()
    path_a = doc_pairs.column("path_a").to_pylist()
    path_b = doc_pairs.column("path_b").to_pylist()
    names = sorted(set(path_a) | set(path_b))
    index = {name: i for i, name in enumerate(names)}
    wanted = spark.createDataFrame([(name,) for name in names], "path string")
    found = usable(prints).join(wanted, "path").select("path", "value").toArrow()
    by_path = dict(zip(found.column("path").to_pylist(), found.column("value").to_pylist(), strict=True))
    values = [to_unsigned(by_path[name]) for name in names]
    left = np.array([index[p] for p in path_a], dtype=np.intp)
    right = np.array([index[p] for p in path_b], dtype=np.intp)
    distance = doc_pairs.column("distance").to_numpy().astype(np.intp)
    order = np.lexsort((right, left))  # the core's pairs come sorted by (left, right)
    left, right, distance = left[order], right[order], distance[order]
    groups = core_groups(names, values, left, right, distance, k, bits)
    rows = [
        (
            number,
            rank,
            names[m.index],
            m.index == group.reference,
            m.distance,
            _similarity(m.distance, bits),
            group.max_distance,
        )
        for number, group in enumerate(groups, start=1)
        for rank, m in enumerate(group.members)
    ]
    return spark.createDataFrame(rows, GROUP_SCHEMA)
