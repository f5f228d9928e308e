"""All pairs within k by an exploded block self-join (the core's pigeonhole index, as DataFrame steps).

Each distinct fingerprint is exploded into one ``(table, key)`` row per block combination of the core's
:class:`~simcompare.core.search.index.BlockLayout`, the key being the fingerprint with every bit outside the
combination cleared. Rows are joined on ``(table, key)``; a joined pair is kept when
``bit_count(a ^ b) <= k`` and when ``table`` is the first combination the two agree on, so a pair that
agrees on several combinations comes out once, with no ``distinct`` shuffle.

Identical fingerprints are collapsed before the join (thousands of copies of a boilerplate page would
otherwise make one key's rows meet each other quadratically); :func:`document_pairs` expands them again.
A key with more rows than ``hot_key_rows`` is salted: its left rows are spread over several salts and its
right rows copied to each, so one key's pairs are shared by several tasks instead of stalling one.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pandas as pd
from pyspark.sql import Column, DataFrame, Window
from pyspark.sql import functions as F

from simcompare.core.search.index import BlockLayout, choose_layout
from simcompare.core.search.verify import DEFAULT_MIN_RESEMBLANCE
from simcompare.spark.fingerprints import to_signed

DEFAULT_HOT_KEY_ROWS = 20_000
"""A key with more rows than this is salted (its pairs spread over several tasks)."""

MAX_SALTS = 256


def block_layout(bits: int, k: int, n: int | None = None, blocks: int | None = None) -> BlockLayout:
    """The tables for n distinct fingerprints within k: the core's cost model's choice, or ``blocks``.

    The model weighs rows keyed against chance candidates as numpy pays for them; Spark pays more per row
    (each is shuffled), so on a cluster a layout with fewer tables can be worth forcing (docs/spark-plan.md).
    Without ``n`` (and ``blocks``) it is the pigeonhole minimum of k + 1 blocks.
    """
    if blocks is not None or n is None:
        return BlockLayout.for_search(bits, k, blocks)
    return choose_layout(n, k, bits)


def table_masks(layout: BlockLayout) -> list[int]:
    """Per table, the fingerprint bits it keys on, as signed 64-bit masks."""
    masks = []
    for combination in layout.keys:
        mask = 0
        for block in combination:
            start, stop = layout.bounds[block]
            mask |= ((1 << (stop - start)) - 1) << (layout.bits - stop)
        masks.append(to_signed(mask))
    return masks


def usable(prints: DataFrame) -> DataFrame:
    """Rows with a fingerprint that can have near-duplicates: read without a problem and not empty."""
    return prints.where(F.col("problem").isNull() & F.col("value").isNotNull() & ~F.col("empty"))


def representatives(prints: DataFrame) -> DataFrame:
    """One usable row per identical text (equal ``digest``): the shortest path, then the smallest, as ``scan``.

    Identical copies never need a pair of their own: the core's grouping gathers them under their
    representative. Rows without a digest stand for themselves.
    """
    rows = usable(prints)
    if "digest" not in rows.columns:
        return rows
    identity = F.coalesce(F.col("digest"), F.concat(F.lit("#"), F.col("path")))
    first = Window.partitionBy(identity).orderBy(F.length("path"), F.col("path"))
    return rows.withColumn("_n", F.row_number().over(first)).where(F.col("_n") == 1).drop("_n")


def explode_keys(values: DataFrame, masks: list[int]) -> DataFrame:
    """One ``(value, t, key)`` row per distinct value and table."""
    value = F.col("value")
    rows = [F.struct(F.lit(t).alias("t"), value.bitwiseAND(F.lit(m)).alias("key")) for t, m in enumerate(masks)]
    return values.select("value", F.explode(F.array(*rows)).alias("e")).select("value", "e.t", "e.key")


def hot_keys(exploded: DataFrame, hot_key_rows: int) -> DataFrame:
    """Keys with more than ``hot_key_rows`` rows, and the salts each is spread over (``t, key, salts``)."""
    return (
        exploded.groupBy("t", "key")
        .count()
        .where(F.col("count") > hot_key_rows)
        .select("t", "key", F.least(F.ceil(F.col("count") / hot_key_rows), F.lit(MAX_SALTS)).alias("salts"))
    )


def _first_table(xor: Column, masks: list[int]) -> Column:
    # the first table whose bits the two values agree on (XOR zero under its mask)
    return F.coalesce(*[F.when(xor.bitwiseAND(F.lit(m)) == 0, F.lit(t)) for t, m in enumerate(masks)])


def value_pairs(
    prints: DataFrame,
    k: int,
    bits: int,
    *,
    blocks: int | None = None,
    hot_key_rows: int | None = DEFAULT_HOT_KEY_ROWS,
) -> DataFrame:
    """Every pair of distinct fingerprints within k: columns ``a < b`` (signed longs) and ``distance``.

    Args:
        prints: Fingerprints (``FINGERPRINT_SCHEMA``); problem and empty rows and identical copies are left out.
        k: Largest Hamming distance.
        bits: Fingerprint width.
        blocks: Blocks to cut the bits into (default: the core's cost model's layout for k and the number
            of distinct values).
        hot_key_rows: Keys with more rows are salted; None never salts (and skips counting the keys).
    """
    if hot_key_rows is not None and hot_key_rows < 1:
        raise ValueError(f"hot_key_rows must be 1 or more (or None to never salt), got {hot_key_rows}")
    values = representatives(prints).select("value").distinct()
    # the cost model needs the number of distinct values: one counting job, unless blocks are given
    masks = table_masks(block_layout(bits, k, None if blocks else values.count(), blocks))
    exploded = explode_keys(values, masks)
    if hot_key_rows is None:
        tagged = exploded.withColumn("salts", F.lit(1))
    else:
        hot = hot_keys(exploded, hot_key_rows)
        tagged = exploded.join(F.broadcast(hot), ["t", "key"], "left").fillna({"salts": 1})
    salts = F.col("salts").cast("int")
    left = tagged.select(F.col("value").alias("a"), "t", "key", F.pmod(F.xxhash64("value"), salts).alias("salt"))
    right = tagged.select(
        F.col("value").alias("b"), "t", "key", F.explode(F.sequence(F.lit(0), salts - 1)).alias("salt")
    )
    joined = left.join(right, ["t", "key", "salt"]).where(F.col("a") < F.col("b"))
    xor = F.col("a").bitwiseXOR(F.col("b"))
    return (
        joined.where(F.bit_count(xor) <= k)
        .where(_first_table(xor, masks) == F.col("t"))
        .select("a", "b", F.bit_count(xor).cast("int").alias("distance"))
    )


def document_pairs(prints: DataFrame, pairs: DataFrame) -> DataFrame:
    """Value pairs expanded to documents (``path_a < path_b``, ``distance``): the representatives of
    identical texts, including different texts that share a fingerprint (distance 0)."""
    docs = representatives(prints).select("path", "value")
    one = docs.select(F.col("path").alias("p"), F.col("value").alias("a"))
    two = docs.select(F.col("path").alias("q"), F.col("value").alias("b"))
    near = pairs.join(one, "a").join(two, "b")
    near = near.select(F.least("p", "q").alias("path_a"), F.greatest("p", "q").alias("path_b"), F.col("distance"))
    same = (
        one.join(two, F.col("a") == F.col("b"))
        .where(F.col("p") < F.col("q"))
        .select(F.col("p").alias("path_a"), F.col("q").alias("path_b"), F.lit(0).alias("distance"))
    )
    return near.unionByName(same)


def _resemblance_udf(min_resemblance: float):  # type: ignore[no-untyped-def]
    def run(batches: Iterator[pd.DataFrame]) -> Iterator[pd.DataFrame]:
        from simcompare.core.search.verify import (
            QUICK_MARGIN,
            quick_resemblance,
            quick_table,
            resemblance,
            sketch_from_bytes,
        )

        for batch in batches:
            a = [sketch_from_bytes(x) for x in batch["sketch_a"]]
            b = [sketch_from_bytes(x) for x in batch["sketch_b"]]
            # as FolderSession: the quick estimate, measured exactly only in the band around the threshold
            similar = quick_resemblance(quick_table(a), quick_table(b)) if a else np.zeros(0)
            band = (similar >= min_resemblance - QUICK_MARGIN) & (similar < min_resemblance + QUICK_MARGIN)
            for position in np.flatnonzero(band).tolist():
                similar[position] = resemblance(a[position], b[position])
            yield pd.DataFrame(
                {
                    "path_a": batch["path_a"],
                    "path_b": batch["path_b"],
                    "distance": batch["distance"],
                    "resemblance": similar,
                }
            )

    return run


def verify_pairs(prints: DataFrame, pairs: DataFrame, min_resemblance: float = DEFAULT_MIN_RESEMBLANCE) -> DataFrame:
    """Document pairs with their ``resemblance`` (the core's shingle Jaccard) as ``scan`` has it: the quick
    estimate, measured exactly where it comes near ``min_resemblance``; computed on the executors."""
    sketch = prints.select("path", "shingles")  # the column keeps its first name: fingerprints.parquet shows it
    joined = (
        pairs.join(sketch.withColumnRenamed("path", "path_a").withColumnRenamed("shingles", "sketch_a"), "path_a")
        .join(sketch.withColumnRenamed("path", "path_b").withColumnRenamed("shingles", "sketch_b"), "path_b")
        .select("path_a", "path_b", "distance", "sketch_a", "sketch_b")
    )
    schema = "path_a string, path_b string, distance int, resemblance double"
    return joined.mapInPandas(_resemblance_udf(min_resemblance), schema)
