"""Benchmark the pigeonhole index: all pairs within k among many 64-bit fingerprints.

Workload: ``--n`` uniformly random 64-bit fingerprints (seeded) into which ``--clusters`` clusters
are planted: a centre plus 1–4 neighbours at distance 1–3, written over random positions. The
planted (centre, neighbour) pairs are the known truth; brute force is out of reach at a million
values, so each run checks that every planted pair is found and every reported pair is really
within k, and a 20,000-value subset (holding planted clusters) is checked against numpy brute force.

Memory is the tracemalloc peak (numpy reports its buffers to tracemalloc) above what was allocated
before the call, so the input array itself is not counted; it is measured in a separate, untimed run.

The C++ peer is ``simhash-pybind`` (``pip install simhash-pybind``, benchmark-only): its
``find_all(set_of_ints, number_of_blocks, different_bits)`` returns a set of value pairs. Taking a
set, it cannot report identical fingerprints; ``--duplicates`` plants some to show it.

Run (with simcompare installed, e.g. ``pip install -e .``):
``python benchmarks/bench_index.py [--n 1000000] [--seed 2024] [--repeat 3]``
"""

from __future__ import annotations

import argparse
import functools
import statistics
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from simcompare.core.index import NearPairs, find_near_pairs

MiB = 1 << 20


@dataclass(frozen=True)
class Workload:
    """Fingerprints and the pairs planted in them."""

    values: np.ndarray  # uint64
    planted: np.ndarray  # (m, 2) index pairs, smaller index first
    clustered: np.ndarray  # indices of every centre and neighbour


def make_workload(n: int, clusters: int, duplicates: int, seed: int) -> Workload:
    rng = np.random.default_rng(seed)
    values = rng.integers(0, np.iinfo(np.uint64).max, n, dtype=np.uint64, endpoint=True)
    sizes = rng.integers(1, 5, clusters)  # neighbours per centre
    slots = rng.choice(n, clusters + int(sizes.sum()) + 2 * duplicates, replace=False)
    centres, rest = slots[:clusters], slots[clusters:]
    neighbours, copies = rest[: int(sizes.sum())], rest[int(sizes.sum()) :]
    owner = np.repeat(centres, sizes)
    # each neighbour flips 1-3 distinct bits of its centre: the first d of a random permutation of 0..63
    order = np.argsort(rng.random((len(neighbours), 64)), axis=1)
    flip = np.left_shift(np.uint64(1), order.astype(np.uint64))
    flip[np.arange(64) >= rng.integers(1, 4, len(neighbours))[:, None]] = 0
    values[neighbours] = values[owner] ^ np.bitwise_or.reduce(flip, axis=1)
    originals, copies = copies[:duplicates], copies[duplicates:]
    values[copies] = values[originals]
    planted = np.sort(np.stack([np.concatenate([owner, originals]), np.concatenate([neighbours, copies])], 1), axis=1)
    clustered = np.concatenate([centres, neighbours, originals, copies])
    return Workload(values, planted, clustered)


def timed(call: Callable[[], Any], repeat: int) -> tuple[Any, list[float]]:
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = call()
        times.append(time.perf_counter() - start)
    return result, times


def peak_memory(call: Callable[[], Any]) -> float:
    """tracemalloc peak during ``call`` above what was allocated before it, in MiB."""
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        tracemalloc.reset_peak()
        call()
        return (tracemalloc.get_traced_memory()[1] - before) / MiB
    finally:
        tracemalloc.stop()


def check_planted(result: NearPairs, work: Workload, k: int) -> tuple[bool, bool]:
    """(every planted pair reported, every reported pair really within k)."""
    found = set(zip(result.left.tolist(), result.right.tolist(), strict=True))
    planted_ok = all((i, j) in found for i, j in work.planted.tolist())
    values = work.values
    real = np.bitwise_count(values[result.left] ^ values[result.right])
    verified = bool(np.all(real == result.distance) and np.all(real <= k))
    return planted_ok, verified


def brute_force_subset_ok(work: Workload, k: int, size: int, seed: int) -> bool:
    """find_near_pairs on a subset equals numpy brute force on it."""
    rng = np.random.default_rng(seed + 1)
    n = len(work.values)
    keep = work.clustered[: size // 2]
    others = np.setdiff1d(rng.choice(n, min(n, size), replace=False), keep)[: size - len(keep)]
    subset = work.values[np.sort(np.concatenate([keep, others]))]
    result = find_near_pairs(subset, k)
    lefts, rights = [], []
    for start in range(0, len(subset), 500):
        rows = subset[start : start + 500]
        close = np.bitwise_count(rows[:, None] ^ subset[None, :]) <= k
        i, j = np.nonzero(close)
        i += start
        lefts.append(i[i < j])
        rights.append(j[i < j])
    left, right = np.concatenate(lefts), np.concatenate(rights)
    return bool(np.array_equal(result.left, left) and np.array_equal(result.right, right))


def cpp_peer(work: Workload, blocks: int, k: int, repeat: int) -> tuple[str, list[float], str]:
    """Time simhash-pybind's find_all; returns (status, times, agreement with our distinct-value pairs)."""
    try:
        import simhash  # benchmark-only dependency
    except ImportError:
        return "not installed", [], "-"
    as_set = set(work.values.tolist())  # its input type; building it is not timed
    pairs, times = timed(lambda: simhash.find_all(as_set, blocks, k), repeat)
    ours = find_near_pairs(work.values, k)
    values = work.values.tolist()
    ours_by_value = {
        (min(values[i], values[j]), max(values[i], values[j])) for i, j, d in ours if values[i] != values[j]
    }
    theirs = {(min(a, b), max(a, b)) for a, b in pairs}
    identical = sum(1 for _, _, d in ours if d == 0)
    agree = "same" if theirs == ours_by_value else f"differs ({len(theirs)} vs {len(ours_by_value)})"
    return f"{len(pairs)} pairs", times, f"{agree}; misses {identical} identical"


def fmt_times(times: list[float]) -> str:
    return f"{min(times):.3f} / {statistics.median(times):.3f}" if times else "-"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=1_000_000, help="fingerprints in the large case")
    parser.add_argument("--small", type=int, default=100_000, help="fingerprints in the small case")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per row (best and median shown)")
    parser.add_argument("--k", type=int, default=3)
    parser.add_argument("--clusters", type=int, default=10_000, help="planted clusters in the large case")
    parser.add_argument("--duplicates", type=int, default=0, help="identical pairs to plant as well")
    parser.add_argument("--blocks", default="4,5", help="comma-separated block counts to compare")
    parser.add_argument("--subset", type=int, default=20_000, help="values checked against brute force")
    args = parser.parse_args(argv)

    k = args.k
    block_counts = [int(b) for b in args.blocks.split(",")]
    print(f"numpy {np.__version__}; k={k}; seed={args.seed}; repeat={args.repeat}; times in seconds (best / median)")
    print("memory: tracemalloc peak above the input array, separate untimed run\n")
    print(
        "| n | input | blocks | keys | time | peak MiB | candidates | pairs | planted found | all within k "
        "| brute-force subset |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    ours_best: dict[int, float] = {}
    big: Workload | None = None
    for n, clusters in ((args.n, args.clusters), (args.small, args.clusters * args.small // args.n)):
        work = make_workload(n, clusters, args.duplicates * n // args.n, args.seed)
        big = big or work
        subset_ok = brute_force_subset_ok(work, k, args.subset, args.seed)
        find_near_pairs(work.values[:1000], k)  # warm-up: imports, first allocations
        for blocks in block_counts:
            search = functools.partial(find_near_pairs, work.values, k, blocks=blocks)
            result, times = timed(search, args.repeat)
            memory = peak_memory(search)
            planted_ok, verified = check_planted(result, work, k)
            if blocks == k + 1:
                ours_best[n] = min(times)
            print(
                f"| {n:,} | uint64 array | {blocks} | {result.keys} | {fmt_times(times)} | {memory:.1f} "
                f"| {result.candidates:,} | {len(result):,} | {planted_ok} | {verified} | {subset_ok} |"
            )
        result, times = timed(functools.partial(find_near_pairs, work.values.tolist(), k), args.repeat)
        print(
            f"| {n:,} | list of int | {k + 1} | {result.keys} | {fmt_times(times)} | - "
            f"| {result.candidates:,} | {len(result):,} | - | - | - |"
        )

    assert big is not None
    status, times, agreement = cpp_peer(big, k + 1, k, args.repeat)
    print(f"\nC++ peer simhash-pybind find_all(set, {k + 1}, {k}) on n={args.n:,}: {status}")
    if times:
        ratio = min(times) / ours_best[args.n] if args.n in ours_best else float("nan")
        print("\n| implementation | time | ratio to ours (blocks=k+1) | result vs ours |")
        print("|---|---|---|---|")
        print(f"| simcompare find_near_pairs | {ours_best.get(args.n, float('nan')):.3f} | 1.0 | - |")
        print(f"| simhash-pybind find_all | {fmt_times(times)} | {ratio:.1f}x slower | {agreement} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
