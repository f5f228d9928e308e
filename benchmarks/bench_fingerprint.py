"""Fingerprint throughput on a real corpus against jieba.lcut alone, in the same run, on one core.

    python benchmarks/bench_fingerprint.py                       # ../shared/corpora zh_docs (unpacked to a temp dir)
    python benchmarks/bench_fingerprint.py --folder DIR --repeat 3

Prints a markdown table: MB/s and docs/s for jieba.lcut alone, simcompare's whole pipeline (decode is
excluded for both: texts are read first), and hashing plus summing alone with the tokens given.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from corpora import corpus_folder

from simcompare.core import simhash
from simcompare.core.simhash import Config, extract_features, fingerprint_value
from simcompare.core.text import clean
from simcompare.core.tokens import count_features, jieba_blocks, jieba_tokenizer, segment
from simcompare.core.weights import weigh


def best_of_interleaved(repeat: int, works: list) -> list[float]:
    """Best time of each work, the works taking turns so that a slow spell of the machine hits all alike."""
    best = [float("inf")] * len(works)
    for _ in range(repeat):
        for i, work in enumerate(works):
            started = time.perf_counter()
            work()
            best[i] = min(best[i], time.perf_counter() - started)
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--folder", type=Path, help="a folder of .txt files (default: the zh_docs corpus)")
    parser.add_argument("--repeat", type=int, default=5)
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
        jieba_blocks().forget()  # a first pass: no block remembered from an earlier repetition
        for text in texts:
            fingerprint_value(extract_features(text, config, keep_sequence=False).weights, config)

    def pipeline_no_reuse() -> None:
        blocks = jieba_blocks()
        for text in texts:
            blocks.forget()  # nothing remembered across documents
            fingerprint_value(extract_features(text, config, keep_sequence=False).weights, config)

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
        "simcompare: clean, segment, weigh, hash, sum, sign",
        "the same, no block remembered across documents",
        "hashing and summing alone, tokens given (codes remembered)",
        "hashing and summing alone, tokens given (every code hashed)",
    ]
    times = best_of_interleaved(
        args.repeat, [jieba_alone, pipeline, pipeline_no_reuse, hash_and_sum, hash_and_sum_cold]
    )
    rows = list(zip(names, times, strict=True))
    print(f"{len(texts)} documents, {megabytes:.2f} MB, from {folder}; best of {args.repeat}, one core\n")
    print("| what | seconds | MB/s | docs/s | × jieba.lcut |")
    print("|---|---|---|---|---|")
    base = rows[0][1]
    for name, seconds in rows:
        print(
            f"| {name} | {seconds:.2f} | {megabytes / seconds:.2f} | {len(texts) / seconds:,.0f} | "
            f"{base / seconds:.2f} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
