"""Issue 10: segmentation time is linear in the input, however long a run without spaces or punctuation.

    python benchmarks/bench_long_runs.py            # 10 MB of each kind, both engines
    python benchmarks/bench_long_runs.py --mb 3

Fingerprints (clean, segment, weigh, hash, sum) a run of Latin letters with no space, and a line of Chinese
with no punctuation, of the given size, at two sizes, and prints the seconds: twice the input, about twice
the time. Before the cut into bounded pieces, a 3.2 MB run of letters took 193 s and 10 MB never ended.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from simcompare.core.fingerprint.simhash import Config, fingerprint
from simcompare.core.tokens import segment as tokens
from simcompare.core.tokens.segment import Engine, JiebaSegmenter


def inputs(megabytes: float) -> dict[str, str]:
    rng = random.Random(1)
    letters = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(int(megabytes * 1e6)))
    words = ["我们", "今天", "在", "公园", "里", "散步", "天气", "很", "好", "北京", "大学生", "前来", "应聘"]
    chinese: list[str] = []
    size = 0
    while size < megabytes * 1e6:
        word = rng.choice(words)
        chinese.append(word)
        size += 3 * len(word)
    return {"letters, no space": letters, "Chinese, no punctuation": "".join(chinese)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mb", type=float, default=10.0)
    args = parser.parse_args()
    engines = [Engine.PYTHON] + ([Engine.RJIEBA] if JiebaSegmenter().engine is Engine.RJIEBA else [])
    print("| input | MB | engine | seconds | tokens |")
    print("|---|---|---|---|---|")
    for megabytes in (args.mb / 2, args.mb):
        for name, text in inputs(megabytes).items():
            for engine in engines:
                tokens._jieba_segmenter = JiebaSegmenter(engine)
                started = time.perf_counter()
                result = fingerprint(text, Config(top_k=None))
                seconds = time.perf_counter() - started
                mb = len(text.encode("utf-8")) / 1e6
                print(f"| {name} | {mb:.1f} | {engine} | {seconds:.2f} | {sum(t.count for t in result.tokens):,} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
