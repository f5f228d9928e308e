"""Choose the defaults from evidence: recall and false positives on the labelled pairs of ../shared/eval.

For each setting tried it prints recall (label 1), false-positive rate (label 0) and detection per edit
at a range of k, then the table docs/defaults.md quotes. Graded pairs (label -1) are reported per edit only.

    python benchmarks/eval_defaults.py                 # the settings tried for docs/defaults.md
    python benchmarks/eval_defaults.py --quick         # the current defaults only
    python benchmarks/eval_defaults.py --eval DIR      # another labelled set of the same shape

Every setting is also tried on Traditional Chinese copies of the Chinese base documents, made with
OpenCC (s2t: characters only; s2twp: Taiwanese characters and words), as the "Traditional copy" columns.
"""

from __future__ import annotations

import argparse
import csv
import os
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from simcompare.core.defaults import default_k
from simcompare.core.fingerprint.simhash import Config, extract_features, fingerprint_value
from simcompare.core.text.documents import read_document

HERE = Path(__file__).resolve().parent
DEFAULT_EVAL = HERE.parent.parent / "shared" / "eval"


@dataclass(frozen=True)
class Pair:
    pair_id: str
    lang: str
    kind: str
    op: str
    rate: float
    label: int
    a: str
    b: str


def load_pairs(root: Path) -> list[Pair]:
    with open(root / "labels.tsv", encoding="utf-8") as handle:
        rows = csv.DictReader(handle, delimiter="\t")
        return [
            Pair(r["pair_id"], r["lang"], r["kind"], r["op"], float(r["rate"]), int(r["label"]), r["a"], r["b"])
            for r in rows
        ]


def _fingerprints_worker(job: tuple[Path, list[str], Config, str]) -> dict[str, int]:
    root, names, config, convert = job
    converter = __import__("opencc").OpenCC(convert) if convert else None
    out = {}
    for name in names:
        document = read_document(root / name)
        text = converter.convert(document.text) if converter else document.text
        found = extract_features(text, config, html=document.html or None)
        out[name] = fingerprint_value(found.weights, config)
    return out


def fingerprints(root: Path, names: list[str], config: Config, workers: int, convert: str = "") -> dict[str, int]:
    """Fingerprints of the documents; ``convert`` names an OpenCC conversion applied to each text first."""
    chunks = [names[i::workers] for i in range(workers)]
    with ProcessPoolExecutor(workers) as pool:
        result: dict[str, int] = {}
        for part in pool.map(_fingerprints_worker, [(root, chunk, config, convert) for chunk in chunks]):
            result.update(part)
    return result


@dataclass
class Scores:
    recall: float
    fpr: float
    by_op: dict[str, float]

    @property
    def one_percent(self) -> float:
        """Detection of the 1% word edits (deletions, insertions, replacements together)."""
        rates = [v for key, v in self.by_op.items() if key.endswith("@0.01") and ":" not in key]
        return sum(rates) / len(rates)


def score(pairs: list[Pair], distance: dict[str, int], k: int) -> Scores:
    hits: dict[str, list[int]] = defaultdict(list)
    positives, negatives = [], []
    for p in pairs:
        found = int(distance[p.pair_id] <= k)
        key = p.op if p.op in ("html", "reflow", "para_reorder", "natural", "different_doc") else f"{p.op}@{p.rate:g}"
        hits[key].append(found)
        hits[f"{p.lang}:{key}"].append(found)
        if p.label == 1:
            positives.append(found)
        elif p.label == 0:
            negatives.append(found)
    return Scores(
        recall=sum(positives) / len(positives),
        fpr=sum(negatives) / len(negatives),
        by_op={key: sum(v) / len(v) for key, v in hits.items()},
    )


# Every setting spelled out, so the table keeps its meaning when the defaults change.
SETTINGS = {
    "tf, top 100 (the defaults)": Config(weighting="tf", top_k=100),
    "tf, top 100, Chinese not folded": Config(weighting="tf", top_k=100, fold_chinese=False),
    "tf, all tokens": Config(weighting="tf", top_k=None),
    "tf, all tokens, no stop-word removal": Config(weighting="tf", top_k=None, stopwords=False),
    "tf, top 50": Config(weighting="tf", top_k=50),
    "tf, top 200": Config(weighting="tf", top_k=200),
    "tfidf, all tokens": Config(weighting="tfidf", top_k=None),
    "tfidf, top 100": Config(weighting="tfidf", top_k=100),
    "textrank, all tokens": Config(weighting="textrank", top_k=None),
    "uniform, all tokens": Config(weighting="uniform", top_k=None),
    "tf, chars 2-grams, all tokens": Config(weighting="tf", top_k=None, segmenter="chars", ngram=2),
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--eval", type=Path, default=DEFAULT_EVAL, help="folder with labels.tsv and docs/")
    parser.add_argument("--quick", action="store_true", help="only the current defaults")
    parser.add_argument("--settings", nargs="*", help="names of settings to try (default: all)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--per-edit", type=int, metavar="K", help="also print detection per edit at this k")
    parser.add_argument("--summary-ks", default="3,8", help="thresholds in the summary table")
    parser.add_argument("--ks", default="3,4,5,6,7,8,10,12", help="thresholds to report")
    args = parser.parse_args()

    pairs = load_pairs(args.eval)
    names = sorted({p.a for p in pairs} | {p.b for p in pairs})
    ks = [int(k) for k in args.ks.split(",")]
    chosen = {"defaults": Config()} if args.quick else SETTINGS
    if args.settings:
        chosen = {name: SETTINGS[name] for name in args.settings}
    print(f"{len(pairs)} pairs, {len(names)} documents, from {args.eval}", file=sys.stderr)

    summary_rows = []
    closest: dict[str, int] = {}
    # The Chinese base documents (not edited copies), and their Traditional copies by OpenCC.
    zh_bases = sorted({p.a for p in pairs if p.lang == "zh" and "__" not in p.a})
    traditional: dict[str, dict[str, float]] = {}
    for name, config in chosen.items():
        started = time.perf_counter()
        values = fingerprints(args.eval, names, config, args.workers)
        distance = {p.pair_id: (values[p.a] ^ values[p.b]).bit_count() for p in pairs}
        traditional[name] = {}
        for convert in ("s2t", "s2twp"):
            copies = fingerprints(args.eval, zh_bases, config, args.workers, convert)
            found = sum((values[n] ^ copies[n]).bit_count() <= default_k(config.bits) for n in zh_bases)
            traditional[name][convert] = found / len(zh_bases)
        elapsed = time.perf_counter() - started
        print(f"\n## {name} ({elapsed:.1f} s)")
        print("| k | recall (label 1) | false positives (label 0) | html | reflow | reflow zh | 1% edits |")
        print("|---|---|---|---|---|---|---|")
        for k in ks:
            s = score(pairs, distance, k)
            row = (
                f"| {k} | {s.recall:.3f} | {s.fpr:.2%} | {s.by_op['html']:.2f} | {s.by_op['reflow']:.2f} "
                f"| {s.by_op.get('zh:reflow', float('nan')):.2f} | {s.one_percent:.2f} |"
            )
            print(row)
            summary_rows.append((name, k, s))
        negatives = sorted(distance[p.pair_id] for p in pairs if p.label == 0)
        closest[name] = negatives[0]
        percentile = negatives[len(negatives) // 100]
        print(f"\nclosest unrelated pair (label 0): {negatives[0]} bits; 1st percentile {percentile}")
        print(
            f"Traditional copies of the {len(zh_bases)} Chinese base documents found at k = {default_k(config.bits)}: "
            f"s2t {traditional[name]['s2t']:.2f}, s2twp {traditional[name]['s2twp']:.2f}"
        )
        if args.per_edit is not None and name == next(iter(chosen)):
            print_per_edit(pairs, distance, args.per_edit)
    summary_ks = [int(k) for k in args.summary_ks.split(",")]
    print("\n## Summary (the table in docs/defaults.md)\n")
    print(
        "| setting | k | recall (label 1) | false positives (label 0) | HTML-wrapped | re-wrapped Chinese "
        "| 1% edits | closest unrelated pair | Traditional copy (s2t / s2twp, at the default k) |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for name, k, s in summary_rows:
        if k in summary_ks:
            t = traditional[name]
            print(
                f"| {name} | {k} | {s.recall:.3f} | {s.fpr:.2%} | {s.by_op['html']:.2f} "
                f"| {s.by_op.get('zh:reflow', float('nan')):.2f} | {s.one_percent:.2f} | {closest[name]} bits "
                f"| {t['s2t']:.2f} / {t['s2twp']:.2f} |"
            )
    return 0


def print_per_edit(pairs: list[Pair], distance: dict[str, int], k: int) -> None:
    """Detection rate per edit and language at threshold k."""
    s = score(pairs, distance, k)
    keys = sorted({key.split(":", 1)[1] for key in s.by_op if ":" in key})
    print(f"\ndetection per edit at k = {k}:")
    print("| edit | en | zh | all |")
    print("|---|---|---|---|")
    for key in keys:
        cells = [s.by_op.get(f"{lang}:{key}") for lang in ("en", "zh")] + [s.by_op.get(key)]
        print(f"| {key} | " + " | ".join("–" if c is None else f"{c:.2f}" for c in cells) + " |")


if __name__ == "__main__":
    sys.exit(main())
