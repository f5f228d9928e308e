"""Fingerprint throughput on a real corpus against jieba.lcut alone, in the same run, on one core.

    python benchmarks/bench_fingerprint.py                       # ../shared/corpora zh_docs (unpacked to a temp dir)
    python benchmarks/bench_fingerprint.py --folder DIR --repeat 3
    python benchmarks/bench_fingerprint.py --against 76a9f2f     # also this code against that revision's

Prints a markdown table: MB/s and docs/s for jieba.lcut alone, simcompare's whole pipeline (decode is
excluded for both: texts are read first) with its default engine and with the pure-Python one, and hashing
plus summing alone with the tokens given; CPU time of this process and wall time. With --against, the
whole pipeline at the defaults (a first pass) by this code and by that revision's, each in a process of its
own, taking turns.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from corpora import corpus_folder
from revisions import unpack_revision

from simcompare.core.fingerprint import simhash
from simcompare.core.fingerprint.simhash import Config, extract_features, fingerprint_value
from simcompare.core.text.cleaning import clean
from simcompare.core.tokens import segment as tokens
from simcompare.core.tokens.segment import (
    Engine,
    JiebaSegmenter,
    count_features,
    jieba_segmenter,
    jieba_tokenizer,
    segment,
)
from simcompare.core.tokens.weights import weigh


def best_of_interleaved(repeat: int, works: list) -> tuple[list[float], list[float]]:
    """Best CPU and wall time of each work, the works taking turns so that a slow spell hits all alike.

    CPU time (this process's, one thread) is the steadier figure on a shared machine, where other
    processes stretch the wall time of everything by a varying factor.
    """
    cpu = [float("inf")] * len(works)
    wall = [float("inf")] * len(works)
    for _ in range(repeat):
        for i, work in enumerate(works):
            started, started_cpu = time.perf_counter(), time.process_time()
            work()
            cpu[i] = min(cpu[i], time.process_time() - started_cpu)
            wall[i] = min(wall[i], time.perf_counter() - started)
    return cpu, wall


# The pipeline at the defaults, first pass, as a process of either revision runs it (functions both have).
PIPELINE = r"""
import sys, time
from pathlib import Path
try:
    from simcompare.core.fingerprint.simhash import Config, extract_features, fingerprint_value
    from simcompare.core.tokens.segment import jieba_segmenter
except ImportError:  # a revision from before the core was split by pipeline stage
    from simcompare.core.simhash import Config, extract_features, fingerprint_value
    from simcompare.core.tokens import jieba_segmenter

texts = [p.read_text(encoding="utf-8") for p in sorted(Path(sys.argv[1]).rglob("*.txt"))]
config = Config()

def run():
    forget = getattr(jieba_segmenter(), "forget", None)
    if forget is not None:
        forget()
    started = time.process_time()
    for text in texts:
        fingerprint_value(extract_features(text, config, keep_sequence=False).weights, config)
    return time.process_time() - started

run()  # the dictionary, the stop words and the regular expressions loaded
print(min(run() for _ in range(2)))
"""


def compare_with(folder: Path, revision: str, repeat: int) -> None:
    """The pipeline's CPU seconds by this code and by ``revision``'s, each in its own process, taking turns."""
    with tempfile.TemporaryDirectory() as scratch:
        then_source = unpack_revision(revision, Path(scratch))
        then = now = float("inf")
        for _ in range(repeat):
            for source in (then_source, None):
                env = dict(os.environ)
                if source is not None:
                    env["PYTHONPATH"] = str(source)
                done = subprocess.run(
                    [sys.executable, "-c", PIPELINE, str(folder)],
                    env=env,
                    capture_output=True,
                    text=True,
                    check=True,
                    cwd=tempfile.gettempdir(),  # not the repository, whose code `python -c` would import
                )
                seconds = float(done.stdout.split()[-1])
                if source is None:
                    now = min(now, seconds)
                else:
                    then = min(then, seconds)
    print(f"\nThe pipeline at the defaults, first pass, CPU seconds, best of {repeat} processes each, taking turns:\n")
    print("| code | CPU seconds | × faster |")
    print("|---|---|---|")
    print(f"| {revision} | {then:.2f} | 1.00 |")
    print(f"| this code | {now:.2f} | {then / now:.2f} |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--folder", type=Path, help="a folder of .txt files (default: the zh_docs corpus)")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--against", metavar="REV", help="also time the pipeline by the code of this git revision")
    args = parser.parse_args()
    folder = args.folder or corpus_folder("zh_docs")
    texts = [p.read_text(encoding="utf-8") for p in sorted(folder.rglob("*.txt"))]
    megabytes = sum(len(t.encode("utf-8")) for t in texts) / 1e6
    config = Config()
    tokenizer = jieba_tokenizer()

    def jieba_alone() -> None:
        for text in texts:
            tokenizer.lcut(text)

    def pipeline() -> None:
        jieba_segmenter().forget()  # a first pass: no chunk remembered from an earlier repetition
        for text in texts:
            fingerprint_value(extract_features(text, config, keep_sequence=False).weights, config)

    def pipeline_no_reuse() -> None:
        segmenter = jieba_segmenter()
        for text in texts:
            segmenter.forget()  # nothing remembered across documents
            fingerprint_value(extract_features(text, config, keep_sequence=False).weights, config)

    pure = JiebaSegmenter(Engine.PYTHON)

    def pipeline_python_engine() -> None:
        default, tokens._jieba_segmenter = tokens._jieba_segmenter, pure  # as if the variable were set
        pure.forget()
        try:
            for text in texts:
                fingerprint_value(extract_features(text, config, keep_sequence=False).weights, config)
        finally:
            tokens._jieba_segmenter = default

    counts = [count_features(segment(clean(t))) for t in texts]
    weights = [weigh(c) for c in counts]

    def hash_and_sum() -> None:
        for w in weights:
            fingerprint_value(w, config)

    def hash_and_sum_cold() -> None:
        simhash._MEMO = simhash._CodeMemo()  # forget every token's code: each document hashes afresh
        for w in weights:
            simhash._MEMO = simhash._CodeMemo()
            fingerprint_value(w, config)

    jieba_alone()  # warm caches both sides share (dictionary, regexes)
    names = [
        "jieba.lcut alone",
        f"simcompare at the defaults: clean, segment ({jieba_segmenter().engine} engine), weigh, hash, sum, sign",
        "the same, no chunk remembered across documents",
        "the same with the pure-Python engine (SIMCOMPARE_JIEBA_ENGINE=python)",
        "hashing and summing alone, tokens given (codes remembered)",
        "hashing and summing alone, tokens given (every code hashed)",
    ]
    cpu, wall = best_of_interleaved(
        args.repeat, [jieba_alone, pipeline, pipeline_no_reuse, pipeline_python_engine, hash_and_sum, hash_and_sum_cold]
    )
    print(f"{len(texts)} documents, {megabytes:.2f} MB, from {folder}; best of {args.repeat}, one core\n")
    print("| what | CPU seconds | MB/s (CPU) | docs/s (CPU) | × jieba (CPU) | wall seconds | × jieba (wall) |")
    print("|---|---|---|---|---|---|---|")
    for name, seconds, elapsed in zip(names, cpu, wall, strict=True):
        print(
            f"| {name} | {seconds:.2f} | {megabytes / seconds:.2f} | {len(texts) / seconds:,.0f} | "
            f"{cpu[0] / seconds:.2f} | {elapsed:.2f} | {wall[0] / elapsed:.2f} |"
        )
    if args.against:
        compare_with(folder, args.against, args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
