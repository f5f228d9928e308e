"""simcompare on a local Spark: all pairs among planted fingerprints, and the shared corpora end to end.

    python benchmarks/bench_spark.py                          # both parts, local[2]
    python benchmarks/bench_spark.py --part planted --n 1000000 -k 3
    python benchmarks/bench_spark.py --part planted --n 100000 -k 8 --blocks 11
    python benchmarks/bench_spark.py --part corpora

Planted: the workload of bench_index.py (random 64-bit fingerprints with clusters of neighbours 1–3 bits
from a centre, seeded) plus n/1000 identical copies, written to Parquet with pyarrow, then loaded,
exploded, joined and verified by Spark; the pairs are checked against the core's numpy index (exactly
equal, every planted pair found).
Stages: load (read and collapse identical values), pairs (explode, join, verify, collect).

Corpora: ``zh_docs`` and ``en_copyright`` from ../shared/corpora (unpacked once, see corpora.py) through
``run_job``, with the time per stage, and its groups.json checked against the core's scan of the folder
(what ``simcompare scan --json`` prints when the user has marked no pair as not duplicates).

Spark's own start (the JVM, about 10–25 s here) is reported apart and counted in no stage.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
from bench_index import make_workload
from corpora import corpus_folder

from simcompare.core.defaults import default_k
from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder.scan import ScanOptions, scan
from simcompare.core.folder.session import FolderSession
from simcompare.core.formats.report import report_json
from simcompare.core.search.index import find_near_pairs
from simcompare.spark import local_session, run_job, value_pairs
from simcompare.spark.pairs import block_layout


def planted(spark, n: int, k: int, blocks: int | None, seed: int, folder: Path) -> None:  # type: ignore[no-untyped-def]
    work = make_workload(n, clusters=n // 100, k=min(k, 3), seed=seed)
    # identical fingerprints too (copies of random values over unclustered ones): collapsed before the join
    rng = np.random.default_rng(seed + 1)
    free = np.setdiff1d(np.arange(n), work.clustered)
    slots = rng.choice(free, 2 * (n // 1000), replace=False)
    work.values[slots[: n // 1000]] = work.values[slots[n // 1000 :]]
    copies = np.sort(np.stack([slots[: n // 1000], slots[n // 1000 :]], 1), axis=1)
    signed = work.values.view(np.int64)
    table = pa.table(
        {
            "path": pa.array(np.arange(n).astype(str)),
            "value": pa.array(signed),
            "hex": pa.nulls(n, pa.string()),
            "empty": pa.array(np.zeros(n, dtype=bool)),
            "encoding": pa.nulls(n, pa.string()),
            "problem": pa.nulls(n, pa.string()),
            "detail": pa.nulls(n, pa.string()),
        }
    )
    source = folder / f"planted-{n}.parquet"
    pq.write_table(table, source)
    layout = block_layout(64, k, blocks=blocks)
    tables = len(layout.keys)
    key_bits = min(sum(b - a for a, b in (layout.bounds[j] for j in key)) for key in layout.keys)

    started = time.perf_counter()
    prints = spark.read.parquet(str(source)).cache()
    distinct = prints.select("value").distinct().count()
    load = time.perf_counter() - started

    started = time.perf_counter()
    found = value_pairs(prints, k, 64, blocks=blocks).collect()
    pairs_seconds = time.perf_counter() - started
    prints.unpersist()

    started = time.perf_counter()
    distinct_values = np.unique(work.values)
    core = find_near_pairs(distinct_values, k=k, bits=64, blocks=blocks)
    core_seconds = time.perf_counter() - started
    ours = {(min(r.a, r.b), max(r.a, r.b), r.distance) for r in found}
    as_signed = distinct_values.view(np.int64)
    theirs = {
        (min(int(as_signed[i]), int(as_signed[j])), max(int(as_signed[i]), int(as_signed[j])), d) for i, j, d in core
    }
    planted_pairs = {
        (min(int(signed[i]), int(signed[j])), max(int(signed[i]), int(signed[j])))
        for i, j in np.concatenate([work.planted, copies])
        if signed[i] != signed[j]
    }
    missed = len(planted_pairs - {(a, b) for a, b, _ in ours})
    expected_candidates = tables * distinct * (distinct - 1) / 2 / 2**key_bits
    print(
        f"planted n={n:,} ({distinct:,} distinct) k={k}: {tables} tables of {layout.blocks} blocks, keys of "
        f"{key_bits}+ bits, {tables * distinct:,} rows exploded, ~{expected_candidates:,.0f} chance candidates"
    )
    print(
        f"  load {load:.1f} s, pairs {pairs_seconds:.1f} s ({len(found):,} pairs); the core's numpy index "
        f"{core_seconds:.2f} s; equal to the core: {ours == theirs}; planted pairs missed: {missed}"
    )


def corpora(spark, folder: Path, rule: str) -> None:  # type: ignore[no-untyped-def]
    source = corpus_folder("zh_docs").parent
    corpus_folder("en_copyright")
    config = Config()
    started = time.perf_counter()
    run = run_job(spark, source, folder / "corpora-out", config, rule=rule, report=print)
    total = time.perf_counter() - started
    stages = ", ".join(f"{name} {seconds:.1f} s" for name, seconds in run.seconds.items())
    print(f"corpora ({run.files:,} files, {rule}): {stages}; total {total:.1f} s")

    started = time.perf_counter()
    result = scan(source, config, ScanOptions())
    k = default_k(config.bits)
    session = FolderSession(result)  # as `simcompare scan --json` with no not-duplicates list
    expected = json.loads(json.dumps(report_json(session, session.groups(k, rule=rule), k, rule), ensure_ascii=False))
    scan_seconds = time.perf_counter() - started
    ours = json.loads((folder / "corpora-out" / "groups.json").read_text(encoding="utf-8"))
    print(
        f"  the core's scan (two workers, no cache) {scan_seconds:.1f} s; groups.json equal to scan --json: "
        f"{ours == expected} ({len(ours['groups'])} groups)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--part", choices=["planted", "corpora", "both"], default="both")
    parser.add_argument("--master", default="local[2]")
    parser.add_argument("--n", type=int, default=1_000_000)
    parser.add_argument("-k", type=int, action="append", help="k for the planted part (default 3, and 8 at n/10)")
    parser.add_argument("--blocks", type=int, default=None)
    parser.add_argument("--groups", choices=["reference", "components"], default="reference")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()
    started = time.perf_counter()
    spark = local_session(args.master)
    spark.range(1).count()
    print(f"Spark {spark.version} on {args.master}: started in {time.perf_counter() - started:.1f} s")
    with tempfile.TemporaryDirectory() as tmp:
        if args.part in ("planted", "both"):
            if args.k:
                for k in args.k:
                    planted(spark, args.n, k, args.blocks, args.seed, Path(tmp))
            else:
                planted(spark, args.n, 3, args.blocks, args.seed, Path(tmp))
                # k = 8 at a million is 3.5e10 chance candidates with 9 blocks: a tenth of n, 11 blocks
                planted(spark, args.n // 10, 8, 11, args.seed, Path(tmp))
        if args.part in ("corpora", "both"):
            corpora(spark, Path(tmp), args.groups)
    spark.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
