"""Proof that the two engines of the jieba segmenter (rjieba and jieba itself) give the same tokens.

    python benchmarks/compare_engines.py                  # both corpora of ../shared/corpora and ../shared/eval/docs
    python benchmarks/compare_engines.py --folder DIR ...

1. Every document is read and cleaned as a scan does, then cut by both engines; the token lists must be
   equal (mismatching documents and tokens are printed, the target is 0). Every distinct run of Han
   characters is also cut by both with nothing remembered, and by ``jieba.lcut`` itself.
2. The fingerprints of every document are computed twice in fresh processes, once with the defaults and
   once with ``SIMCOMPARE_JIEBA_ENGINE=python``, and compared (the target: identical).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

from corpora import SHARED, corpus_folder

from simcompare.core.errors import InputError
from simcompare.core.fingerprint.simhash import Config, extract_features, fingerprint_value
from simcompare.core.text.cleaning import clean
from simcompare.core.text.documents import read_document
from simcompare.core.tokens.segment import ENGINE_VARIABLE, Engine, JiebaSegmenter

EVAL_DOCS = SHARED.parent / "eval" / "docs"
HAN_RUN = re.compile("[\u4e00-\u9fd5]+")


def documents(folders: list[Path]) -> list[Path]:
    return sorted(p for folder in folders for p in folder.rglob("*") if p.is_file())


def cleaned_texts(paths: list[Path]) -> dict[str, str]:
    texts = {}
    for path in paths:
        try:
            document = read_document(path)
        except InputError:
            continue
        texts[str(path)] = clean(document.text, html=document.html or None)
    return texts


def fingerprints(paths: list[str]) -> dict[str, str]:
    """The default fingerprint of every readable document, by this process's engine."""
    config = Config()
    out = {}
    for path in paths:
        try:
            document = read_document(path)
        except InputError:
            continue
        found = extract_features(document.text, config, html=document.html or None, keep_sequence=False)
        out[path] = format(fingerprint_value(found.weights, config), "016x")
    return out


def fingerprints_in_a_process(paths: list[str], engine: str | None) -> tuple[dict[str, str], float]:
    env = dict(os.environ)
    env.pop(ENGINE_VARIABLE, None)
    if engine is not None:
        env[ENGINE_VARIABLE] = engine
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, __file__, "--fingerprints"],
        input=json.dumps(paths),
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    return json.loads(done.stdout), time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--folder", type=Path, action="append", help="folders to compare over (default: corpora, eval)")
    parser.add_argument("--fingerprints", action="store_true", help=argparse.SUPPRESS)  # the child's part
    args = parser.parse_args()
    if args.fingerprints:
        json.dump(fingerprints(json.load(sys.stdin)), sys.stdout)
        return 0

    folders = args.folder or [corpus_folder("zh_docs"), corpus_folder("en_copyright"), EVAL_DOCS]
    paths = documents(folders)
    texts = cleaned_texts(paths)
    megabytes = sum(len(t.encode("utf-8")) for t in texts.values()) / 1e6
    print(f"{len(texts)} documents ({megabytes:.1f} MB cleaned) from {', '.join(map(str, folders))}\n")

    fast, pure = JiebaSegmenter(Engine.RJIEBA), JiebaSegmenter(Engine.PYTHON)
    bad_documents = bad_tokens = tokens = 0
    for path, text in texts.items():
        a, b = fast.lcut(text), pure.lcut(text)
        tokens += len(b)
        if a != b:
            bad_documents += 1
            bad_tokens += sum(x != y for x, y in zip(a, b, strict=False)) + abs(len(a) - len(b))
            print(f"  mismatch: {path}")

    import jieba

    runs = sorted({run for text in texts.values() for run in HAN_RUN.findall(text)})
    fast.forget()
    started = time.perf_counter()
    by_rjieba = [fast.cut_han(run[:1000]) for run in runs]
    rjieba_seconds = time.perf_counter() - started
    started = time.perf_counter()
    by_jieba = [jieba.lcut(run[:1000]) for run in runs]
    jieba_seconds = time.perf_counter() - started
    bad_runs = [run for run, x, y in zip(runs, by_rjieba, by_jieba, strict=True) if x != y]
    for run in bad_runs[:20]:
        print(f"  run mismatch: {run[:60]}")

    print("| check | compared | mismatches |")
    print("|---|---|---|")
    print(
        f"| documents, whole token lists, rjieba vs python engine | {len(texts):,} docs, {tokens:,} tokens | "
        f"{bad_documents} docs, {bad_tokens} tokens |"
    )
    print(
        f"| distinct Han runs, rjieba vs `jieba.lcut` | {len(runs):,} runs, {sum(map(len, runs)):,} chars | "
        f"{len(bad_runs)} |"
    )
    print(
        f"\nHan runs alone: rjieba {rjieba_seconds:.2f} s, jieba.lcut {jieba_seconds:.2f} s "
        f"({jieba_seconds / rjieba_seconds:.1f} ×)"
    )

    names = sorted(texts)
    default, default_seconds = fingerprints_in_a_process(names, None)
    python, python_seconds = fingerprints_in_a_process(names, Engine.PYTHON.value)
    differing = [name for name in names if default.get(name) != python.get(name)]
    print(
        f"\nfingerprints of {len(default):,} documents, default vs {ENGINE_VARIABLE}=python: "
        f"{'identical' if not differing and len(default) == len(python) else f'{len(differing)} differ'} "
        f"({default_seconds:.1f} s vs {python_seconds:.1f} s, one process each)"
    )
    for name in differing[:20]:
        print(f"  differs: {name}")
    return 1 if bad_documents or bad_runs or differing else 0


if __name__ == "__main__":
    sys.exit(main())
