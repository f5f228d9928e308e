"""Benchmark the index: all pairs within k among many random 64-bit fingerprints, against today's index.

Workload: ``n`` uniformly random 64-bit fingerprints (seeded) into which clusters are planted: a
centre plus 1–4 neighbours at distance 1 to k, written over random positions. The planted
(centre, neighbour) pairs are the known truth; brute force is out of reach at a million values,
so each row checks that every planted pair is found and every reported pair is really within k,
and a 20,000-value subset (holding planted clusters) is checked against numpy brute force. Where
the baseline runs too, the two results must be equal pair for pair (``same as baseline``).

Rows, all in one run so their ratios hold on this shared machine:

- ``baseline``: today's index before the covering masks (``simcompare/core/search/index.py`` at
  commit ``4d018a0``, loaded from git: the block keys its cost model picks), run at
  ``--baseline-n`` values (default: the same ``n``; at k = 12 on a million values it needs about
  three minutes of CPU, so ``--baseline-n 300000`` is the quick comparison);
- ``new``: the current ``find_near_pairs`` (block keys or covering masks, as the cost model picks).

Times are wall clock and CPU (``time.process_time``, this process only): on a machine shared with
other work the wall time stretches with the load, the CPU time much less. Memory is the
tracemalloc peak (numpy reports its buffers to tracemalloc) above what was allocated before the
call, so the input array itself is not counted; it is measured in a separate, untimed run.

``--calibrate`` instead times forced block layouts on random values and fits the block cost
model's constants (``simcompare.core.search.index.COSTS``) by non-negative least squares.

``--clustered``: values as a real folder's are, in families of texts on one subject (members 1 to k + 4 bits
from their family's centre) with near copies and exact copies, where the uniform cost model is wrong (it
expects a small fraction of the candidates; the search measures them on a sample of the values); or
``--values FILE.npy``, the fingerprints of a real scan.

Run (from the repository, with its code first on the path):
``python benchmarks/bench_index.py --n 100000 --k 12 --clustered``
``python benchmarks/bench_index.py --n 1000000 --k 12 --baseline-n 300000``
``python benchmarks/bench_index.py --n 300000 --k 8`` (baseline and new at the same n)
``python benchmarks/bench_index.py --calibrate``
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

from simcompare.core.search.covering import choose_covering
from simcompare.core.search.index import (
    COSTS,
    BlockLayout,
    _plan,  # the pass counts the cost model uses
    choose_layout,
    find_near_pairs,
)

MiB = 1 << 20
BASELINE_COMMIT = "4d018a0"


@dataclass(frozen=True)
class Workload:
    """Fingerprints and the pairs planted in them."""

    values: np.ndarray  # uint64
    planted: np.ndarray  # (m, 2) index pairs, smaller index first
    clustered: np.ndarray  # indices of every centre and neighbour


def make_workload(n: int, clusters: int, k: int, seed: int) -> Workload:
    rng = np.random.default_rng(seed)
    values = rng.integers(0, np.iinfo(np.uint64).max, n, dtype=np.uint64, endpoint=True)
    sizes = rng.integers(1, 5, clusters)  # neighbours per centre
    slots = rng.choice(n, clusters + int(sizes.sum()), replace=False)
    centres, neighbours = slots[:clusters], slots[clusters:]
    owner = np.repeat(centres, sizes)
    # each neighbour flips 1..k distinct bits of its centre: the first d of a random permutation of 0..63
    order = np.argsort(rng.random((len(neighbours), 64)), axis=1)
    flip = np.left_shift(np.uint64(1), order.astype(np.uint64))
    flip[np.arange(64) >= rng.integers(1, k + 1, len(neighbours))[:, None]] = 0
    values[neighbours] = values[owner] ^ np.bitwise_or.reduce(flip, axis=1)
    planted = np.sort(np.stack([owner, neighbours], 1), axis=1)
    return Workload(values, planted, np.concatenate([centres, neighbours]))


def clustered_workload(n: int, k: int, seed: int, family: int = 25) -> Workload:
    """Values as a real folder's fingerprints are (``--clustered``): families of about ``family`` texts on one
    subject, each member 1 to k + 4 bits from its family's centre (so many pairs of a family are within k and the
    others close), a third of them near copies 1 to k/2 bits from another member, and 1 % exact copies. The
    planted pairs are the near copies and their originals."""
    rng = np.random.default_rng(seed)
    centres = rng.integers(0, np.iinfo(np.uint64).max, max(1, n // family), dtype=np.uint64, endpoint=True)
    owner = rng.integers(0, len(centres), n)
    values = centres[owner] ^ _flips(rng, n, 1, k + 4)
    copies = rng.choice(n, n // 3, replace=False)
    originals = rng.integers(0, n, len(copies))
    keep = originals != copies
    copies, originals = copies[keep], originals[keep]
    values[copies] = values[originals] ^ _flips(rng, len(copies), 1, max(1, k // 2))
    exact = rng.choice(n, n // 100, replace=False)
    values[exact] = values[rng.integers(0, n, len(exact))]
    # a planted pair stays one while neither end was overwritten by an exact copy
    kept = ~np.isin(copies, exact) & ~np.isin(originals, exact) & ~np.isin(originals, copies)
    planted = np.sort(np.stack([originals[kept], copies[kept]], 1), axis=1)
    return Workload(values, planted, np.unique(planted))


def _flips(rng: np.random.Generator, count: int, low: int, high: int) -> np.ndarray:
    """``count`` masks of ``low`` to ``high`` distinct random bits of 64."""
    order = np.argsort(rng.random((count, 64)), axis=1)
    flip = np.left_shift(np.uint64(1), order.astype(np.uint64))
    flip[np.arange(64) >= rng.integers(low, high + 1, count)[:, None]] = 0
    return np.bitwise_or.reduce(flip, axis=1)


def timed(call: Callable[[], Any], repeat: int) -> tuple[Any, list[float], list[float]]:
    """The last result, and the wall and CPU seconds of each run."""
    times, cpu, result = [], [], None
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        result = call()
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return result, times, cpu


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


def check_planted(result: Any, work: Workload, k: int) -> tuple[bool, bool]:
    """(every planted pair reported, every reported pair really within k)."""
    left, right = np.asarray(result.left), np.asarray(result.right)
    found = set(zip(left.tolist(), right.tolist(), strict=True))
    planted_ok = all((i, j) in found for i, j in work.planted.tolist())
    values = work.values
    real = np.bitwise_count(values[left] ^ values[right])
    verified = bool(np.all(real == np.asarray(result.distance)) and np.all(real <= k))
    return planted_ok, verified


def brute_force_subset_ok(search: Callable[..., Any], work: Workload, k: int, size: int, seed: int) -> bool:
    """``search`` on a subset equals numpy brute force on it."""
    rng = np.random.default_rng(seed + 1)
    n = len(work.values)
    keep = work.clustered[: size // 2]
    others = np.setdiff1d(rng.choice(n, min(n, size), replace=False), keep)[: size - len(keep)]
    subset = work.values[np.sort(np.concatenate([keep, others]))]
    result = search(subset, k)
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


def load_baseline() -> ModuleType | None:
    """Today's index before the covering masks, read from git (None when git or the commit is missing)."""
    root = Path(__file__).resolve().parent.parent
    try:
        source = subprocess.run(
            ["git", "show", f"{BASELINE_COMMIT}:simcompare/core/search/index.py"],
            cwd=root,
            capture_output=True,
            check=True,
            text=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    path = Path(tempfile.mkdtemp()) / "baseline_index.py"
    path.write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("baseline_index", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["baseline_index"] = module  # dataclasses look their module up while building
    spec.loader.exec_module(module)
    return module


def cpp_peer(values: np.ndarray, k: int, repeat: int) -> str:
    """Time simhash-pybind's ``find_all(set_of_ints, k + 1 blocks, k)`` against ours on distinct values.

    ``pip install simhash-pybind`` (benchmark-only). Taking a set, it cannot report identical
    fingerprints.
    """
    try:
        import simhash  # benchmark-only dependency
    except ImportError:
        return "simhash-pybind not installed"
    as_set = set(values.tolist())  # its input type; building it is not timed
    pairs, times, _ = timed(lambda: simhash.find_all(as_set, k + 1, k), repeat)
    ours, our_times, _ = timed(functools.partial(find_near_pairs, values, k), repeat)
    listed = values.tolist()
    ours_by_value = {
        (min(listed[i], listed[j]), max(listed[i], listed[j])) for i, j, _ in ours if listed[i] != listed[j]
    }
    theirs = {(min(a, b), max(a, b)) for a, b in pairs}
    agree = "same pairs" if theirs == ours_by_value else f"differs ({len(theirs)} vs {len(ours_by_value)})"
    ratio = min(times) / min(our_times)
    return f"simhash-pybind {fmt_times(times)} s, ours {fmt_times(our_times)} s ({ratio:.1f}x); {agree}"


def fmt_times(times: list[float]) -> str:
    return f"{min(times):.2f} / {statistics.median(times):.2f}" if len(times) > 1 else f"{times[0]:.2f}"


def run_rows(args: argparse.Namespace) -> int:
    k = args.k
    baseline_n = args.n if args.baseline_n is None else args.baseline_n
    baseline = load_baseline()
    print(f"numpy {np.__version__}; k={k}; seed={args.seed}; repeat={args.repeat}; times in seconds (best / median)")
    print("memory: tracemalloc peak above the input array, separate untimed run")
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"load average before the run (1, 5, 15 min; {os.cpu_count()} cores): {load}")
    where = "not found" if baseline is None else f"at n={baseline_n:,}"
    print(f"baseline: simcompare/core/search/index.py at {BASELINE_COMMIT} (today's index), {where}\n")
    print(
        "| n | index | method | blocks | keys | key bits | wall s | CPU s | peak MiB | candidates (estimated) | pairs "
        "| planted found | all within k | brute-force subset | same as baseline |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    times_of: dict[tuple[int, str], tuple[float, float]] = {}
    for n in sorted({baseline_n, args.n}):
        if args.values is not None:
            loaded = np.load(args.values).astype(np.uint64)[:n]
            work = Workload(loaded, np.zeros((0, 2), dtype=np.intp), np.arange(min(len(loaded), args.subset // 2)))
        elif args.clustered:
            work = clustered_workload(n, k, args.seed)
        else:
            work = make_workload(n, args.clusters * n // 1_000_000, k, args.seed)
        rows: list[tuple[str, Callable[..., Any]]] = []
        if n == baseline_n and baseline is not None:
            rows.append(("baseline", baseline.find_near_pairs))
        rows.append(("new", find_near_pairs))
        first: Any = None
        for name, search in rows:
            subset_ok = brute_force_subset_ok(search, work, k, args.subset, args.seed)
            result, times, cpu = timed(functools.partial(search, work.values, k), args.repeat)
            memory = peak_memory(functools.partial(search, work.values, k)) if args.memory else float("nan")
            planted_ok, verified = check_planted(result, work, k)
            same = "–" if first is None else str(_same_pairs(first, result))
            first = result if first is None else first
            times_of[n, name] = (min(times), min(cpu))
            method = getattr(result, "method", "blocks")
            key_bits = result.key_bits
            print(
                f"| {n:,} | {name} | {method} | {result.blocks} | {result.keys} | {key_bits} | {fmt_times(times)} "
                f"| {fmt_times(cpu)} | {memory:.1f} | {result.candidates:,} ({result.estimated_candidates:.3g}) "
                f"| {len(result):,} | {planted_ok} | {verified} | {subset_ok} | {same} |",
                flush=True,
            )
            del result
    if (baseline_n, "baseline") in times_of:
        base_wall, base_cpu = times_of[baseline_n, "baseline"]
        new_wall, new_cpu = times_of[baseline_n, "new"]
        print(
            f"\nspeed-up over the baseline at n={baseline_n:,}, k={k} (same run): "
            f"{base_wall / new_wall:.1f}x wall ({base_wall:.2f} → {new_wall:.2f} s), "
            f"{base_cpu / new_cpu:.1f}x CPU ({base_cpu:.2f} → {new_cpu:.2f} s)"
        )
    if args.peer:
        peer = cpp_peer(make_workload(args.n, 0, k, args.seed).values, k, args.repeat)
        print(f"\nC++ peer on n={args.n:,}, k={k}: {peer}")
    print("\nwhat the cost model picks (n: block layout and covering scheme, estimated seconds in COSTS units):")
    for n in sorted({1_000, 10_000, 100_000, baseline_n, args.n, 10_000_000}):
        layout = choose_layout(n, k, 64)
        estimate = layout.estimate(n)
        covering = choose_covering(n, k, 64)
        cover = "none" if covering is None else f"{covering.scheme.parts} {covering.seconds:.2f} s"
        pick = "covering" if covering is not None and covering.seconds < estimate.seconds else "blocks"
        print(
            f"- {n:,}: {pick}; blocks {layout.blocks} ({estimate.keys} keys, {estimate.key_bits} key bits) "
            f"{estimate.seconds:.2f} s; covering {cover}"
        )
    return 0


def _same_pairs(a: Any, b: Any) -> bool:
    return all(np.array_equal(getattr(a, f), getattr(b, f)) for f in ("left", "right", "distance"))


def calibrate(args: argparse.Namespace) -> int:
    """Fit COSTS from timed searches of random values with forced layouts."""
    rng = np.random.default_rng(args.seed)
    cases = [
        (n, k, blocks)
        for n in (2_000, 30_000, 200_000)
        for k, blocks_range in ((3, (4, 5, 6)), (8, (9, 10, 11)))
        for blocks in blocks_range
    ]
    features, seconds = [], []
    for n, k, blocks in cases:
        values = rng.integers(0, np.iinfo(np.uint64).max, n, dtype=np.uint64, endpoint=True)
        layout = BlockLayout(64, k, blocks)
        result, times, _ = timed(functools.partial(find_near_pairs, values, k, blocks=blocks), args.repeat)
        estimate = layout.estimate(n)
        plan = _plan(layout)
        keys = len(layout.keys)
        calls = plan.passes8 + plan.passes16 + keys
        features.append([calls, n * plan.passes8, n * plan.passes16, n * keys, result.candidates])
        seconds.append(min(times))
        print(
            f"n={n:,} k={k} blocks={blocks}: {min(times):.3f} s (estimated {estimate.seconds:.3f}), "
            f"{result.candidates:,} candidates"
        )
    # relative errors count: divide each case by its time, so small cases weigh as much as large ones
    a = np.array(features, dtype=float) / np.array(seconds)[:, None]
    b = np.ones(len(seconds))
    free = np.ones(a.shape[1], dtype=bool)
    coef = np.zeros(a.shape[1])
    while True:  # non-negative least squares: drop the constants that come out negative, refit
        scale = a[:, free].max(axis=0)
        fit = np.linalg.lstsq(a[:, free] / scale, b, rcond=None)[0] / scale
        if (fit >= 0).all():
            coef[free] = fit
            break
        free[np.flatnonzero(free)[fit < 0]] = False
    names = ("call", "pass8", "pass16", "scan", "candidate")
    print("\nfitted:  " + ", ".join(f"{name}={value:.3g}" for name, value in zip(names, coef, strict=True)))
    print("current: " + ", ".join(f"{name}={getattr(COSTS, name):.3g}" for name in names))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=1_000_000, help="fingerprints in the large case")
    parser.add_argument("--baseline-n", type=int, help="fingerprints in the case with the baseline (default: --n)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--repeat", type=int, default=1, help="timed runs per row (best and median shown)")
    parser.add_argument("--k", type=int, default=12)
    parser.add_argument("--clusters", type=int, default=10_000, help="planted clusters per million values")
    parser.add_argument("--subset", type=int, default=20_000, help="values checked against brute force")
    parser.add_argument("--no-memory", dest="memory", action="store_false", help="skip the untimed memory runs")
    parser.add_argument(
        "--clustered", action="store_true", help="values in families and near copies, as real folders are"
    )
    parser.add_argument("--values", type=Path, help="fingerprints of a real scan (a .npy of uint64) instead")
    parser.add_argument("--peer", action="store_true", help="also time the C++ simhash-pybind find_all")
    parser.add_argument("--calibrate", action="store_true", help="fit the cost model's constants instead")
    args = parser.parse_args(argv)
    return calibrate(args) if args.calibrate else run_rows(args)


if __name__ == "__main__":
    raise SystemExit(main())
