"""Choose k and the verification threshold from evidence: labelled pairs and groups on real folders.

Two independent truths, neither of them simcompare's own idea of closeness:

1. ``../shared/eval``: labelled pairs. For each (k, threshold) it prints the verdict's recall on label 1,
   false positives on label 0, and detection of HTML-wrapped, re-wrapped and 1%-edited copies — the
   verdict being ``compare_texts(a, b).near_duplicate`` (within k bits AND resemblance ≥ threshold).
2. A real folder (default: both shared corpora): character 5-gram Jaccard J of the files, as in
   ``../shared/tools/real_pairs.py``. For each (k, threshold) it groups the folder once and prints the
   share of member → reference links with J ≥ 0.5 and with J < 0.3, the members put there by the shingles'
   evidence alone (farther than k; how many of them with J < 0.5), the share of pairs with J ≥ 0.8 whose
   files end up in one group, the pairs with J ≥ 0.8 that are
   within k and verified yet split across groups (or one file left out), the verified pairs resembling by
   0.8 or more that are split, the groups holding a non-identical text of under 10 distinct shingles, the
   groups on recurring lines alone (a member sharing with its reference only lines that more than 32 files of
   the folder hold, each with lines of its own: a shared header, footer or template, seen by lines, not by
   simcompare's shingles), the share of pairs with J ≥ 0.8 among every pair ``FolderSession.all_pairs``
   (``scan --pairs``) gives, and the scan's and the grouping's time (a fresh session on the scan's result:
   the search, verification, the shingles' index and the groups; best of 3).

   Before and after a change: run this script with another revision's code first on the path, e.g.
   ``git archive REV simcompare resources | tar -x -C /tmp/rev`` and ``PYTHONPATH=/tmp/rev python
   benchmarks/eval_groups.py`` from a folder outside the repository (``python -m`` puts it first).

    pip install datasketch   # the folder truth's MinHash LSH, as real_pairs.py uses
    python benchmarks/eval_groups.py            # the default k and threshold (k and threshold: --k, --min-verified)
    python benchmarks/eval_groups.py --k 8 10 12 --min-verified 0 0.4 0.5 --folder DIR --eval DIR
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from corpora import SHARED, corpus_folder

from simcompare.core.defaults import DEFAULT_MIN_RESEMBLANCE, DEFAULT_STRONG_RESEMBLANCE, default_k
from simcompare.core.fingerprint.simhash import Config, extract_features, fingerprint_value
from simcompare.core.folder.cache import Cache
from simcompare.core.folder.scan import ScanOptions, scan
from simcompare.core.folder.session import FolderSession
from simcompare.core.search.verify import SHINGLES, Decision, resemblance, shingles
from simcompare.core.text.documents import read_document

HERE = Path(__file__).resolve().parent
DEFAULT_EVAL = SHARED.parent / "eval"


# ------------------------------------------------------------------------------ labelled pairs


def labelled(eval_root: Path, ks: Sequence[int], thresholds: Sequence[float], strong: float | None) -> None:
    sys.path.insert(0, str(HERE))
    from eval_defaults import load_pairs

    pairs = load_pairs(eval_root)
    config = Config()
    names = sorted({p.a for p in pairs} | {p.b for p in pairs})
    print(f"labelled pairs: {len(pairs)} in {eval_root}; fingerprinting {len(names)} texts …", file=sys.stderr)
    facts = {}
    for name in names:
        document = read_document(eval_root / name)
        found = extract_features(document.text, config, html=document.html or None)
        facts[name] = (fingerprint_value(found.weights, config), shingles(found.sequence), bool(found.weights))
    rows = []
    for pair in pairs:
        (va, sa, ea), (vb, sb, eb) = facts[pair.a], facts[pair.b]
        same = len(sa) == len(sb) and bool((sa == sb).all())  # one set of shingles: no least size asked
        size = None if same else min(len(sa), len(sb))
        rows.append((pair, (va ^ vb).bit_count(), resemblance(sa, sb), ea and eb, size))

    def rate(selected: list, k: int, t: float) -> float:
        decision = Decision(k, t, strong)
        return sum(1 for _, d, r, ok, size in selected if ok and decision.near(d, r, size)) / max(1, len(selected))

    positive = [row for row in rows if row[0].label == 1]
    negative = [row for row in rows if row[0].label == 0]
    html = [row for row in positive if row[0].op == "html"]
    reflow = [row for row in positive if row[0].op == "reflow"]
    one = [row for row in positive if abs(row[0].rate - 0.01) < 1e-9]
    print("\n| k | min verified | recall (label 1) | false positives (label 0) | HTML-wrapped | re-wrapped | 1% edits")
    print("|---|---|---|---|---|---|---|")
    for k in ks:
        for t in thresholds:
            print(
                f"| {k} | {t:g} | {rate(positive, k, t):.3f} | {rate(negative, k, t):.2%} | "
                f"{rate(html, k, t):.2f} | {rate(reflow, k, t):.2f} | {rate(one, k, t):.2f} |"
            )


# ------------------------------------------------------------------------------ a real folder


def _read_text(path: Path) -> str:
    raw = path.read_bytes()
    for encoding in ("utf-8", "gb18030"):
        try:
            return raw.decode(encoding)
        except UnicodeDecodeError:
            pass
    return raw.decode("utf-8", "replace")


def _five_grams(path: Path) -> set[str]:
    text = re.sub(r"\s+", " ", _read_text(path)).casefold()
    return {text[i : i + 5] for i in range(max(1, len(text) - 4))}


RECURRING = 32
"""A line held by more files than this recurs in the folder (as simcompare's boilerplate, but by lines)."""


def _lines(path: Path) -> set[str]:
    return {
        line for line in (re.sub(r"\s+", " ", raw).strip().casefold() for raw in _read_text(path).splitlines()) if line
    }


def _only_recurring(a: set[str], b: set[str], recurring: set[str]) -> bool:
    """Two files share lines, all of them recurring, and each has lines of its own."""
    shared = a & b
    return bool(shared) and shared <= recurring and bool(a - recurring) and bool(b - recurring)


def _split(where: dict[int, int], i: int, j: int) -> bool:
    """Files i and j are not in one group."""
    return i not in where or where.get(j) != where[i]


def _verified(
    i: int, j: int, identity: list[str], representative: dict[str, int], verified: dict[tuple[int, int], float]
) -> bool:
    """Files i and j are identical, or their texts' representatives make a verified pair within k."""
    rep_i, rep_j = representative[identity[i]], representative[identity[j]]
    return rep_i == rep_j or (min(rep_i, rep_j), max(rep_i, rep_j)) in verified


def folder(
    root: Path, ks: Sequence[int], thresholds: Sequence[float], strong: float | None, cache: Path | None = None
) -> None:
    from datasketch import MinHash, MinHashLSH

    started = time.perf_counter()
    result = scan(root, Config(), ScanOptions(workers=2), cache=Cache(cache) if cache else None)
    scan_seconds = time.perf_counter() - started
    files = result.files
    print(f"\nfolder: {root}, {len(files)} files; computing 5-gram truth …", file=sys.stderr)
    grams = [_five_grams(root / f.path) for f in files]
    lines = [_lines(root / f.path) for f in files]
    held: dict[str, int] = {}
    for found in lines:
        for line in found:
            held[line] = held.get(line, 0) + 1
    recurring = {line for line, count in held.items() if count > RECURRING}

    def jaccard(i: int, j: int) -> float:
        union = len(grams[i] | grams[j])
        return len(grams[i] & grams[j]) / union if union else 1.0

    lsh = MinHashLSH(threshold=0.5, num_perm=256)
    sketches = []
    for i, g in enumerate(grams):
        sketch = MinHash(num_perm=256)
        sketch.update_batch([s.encode("utf-8") for s in g])
        sketches.append(sketch)
        lsh.insert(str(i), sketch)
    close = set()
    for i, sketch in enumerate(sketches):
        for j in map(int, lsh.query(sketch)):
            if j > i and jaccard(i, j) >= 0.8:
                close.add((i, j))
    session = FolderSession(result, strong_resemblance=strong)
    print(f"scan: {scan_seconds:.1f} s (2 workers, {'cache ' + str(cache) if cache else 'no cache'})")
    print(
        f"\nstrong resemblance: {strong}"
        "\n| k | min verified | groups | links | links J ≥ 0.5 | links J < 0.3 | by shingles (J < 0.5) "
        "| J ≥ 0.8 together | J ≥ 0.8 split, within k and verified | resemblance ≥ 0.8 split "
        "| groups with a text under 10 shingles | groups on recurring lines alone (members) | J ≥ 0.8 among all pairs "
        "| grouping s |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    identity = [session.identity(i) for i in range(len(files))]
    representative: dict[str, int] = {}  # the session's: the shortest, then smallest path of each text
    for i in sorted(range(len(files)), key=lambda i: (len(files[i].path), files[i].path)):
        representative.setdefault(identity[i], i)
    for k in ks:
        for t in thresholds:
            session.min_resemblance = t
            grouping_seconds = float("inf")
            for _ in range(3):  # from the scan's result, as a rescan of a warm cache gives it
                fresh = FolderSession(result, strong_resemblance=strong, min_resemblance=t)
                began = time.perf_counter()
                fresh.groups(k)
                grouping_seconds = min(grouping_seconds, time.perf_counter() - began)
            groups = session.groups(k)
            links = [(g.reference, m) for g in groups for m in g.members[1:]]
            good = sum(jaccard(r, m.index) >= 0.5 for r, m in links) / max(1, len(links))
            bad = sum(jaccard(r, m.index) < 0.3 for r, m in links) / max(1, len(links))
            by_shingles = [(r, m) for r, m in links if m.evidence == SHINGLES]
            far = f"{len(by_shingles)} ({sum(jaccard(r, m.index) < 0.5 for r, m in by_shingles)})"
            where = {m.index: n for n, g in enumerate(groups) for m in g.members}
            together = sum(1 for i, j in close if i in where and where.get(j) == where[i]) / max(1, len(close))
            # verified pairs (between one file of each text): which are split by the grouping
            found = session.pairs(k)
            verified = {
                (a, b): r
                for a, b, r in zip(found.left.tolist(), found.right.tolist(), found.resemblance.tolist(), strict=True)
            }

            truth_split = sum(
                1 for i, j in close if _verified(i, j, identity, representative, verified) and _split(where, i, j)
            )
            strong_split = sum(1 for (a, b), r in verified.items() if r >= 0.8 and _split(where, a, b))
            tiny = sum(  # a non-identical member, it or its reference of under 10 distinct shingles
                1
                for g in groups
                if any(
                    not m.identical and min(len(session.sketch(m.index)), len(session.sketch(g.reference))) < 10
                    for m in g.members[1:]
                )
            )
            on_lines = [  # per group, its members sharing only recurring lines with the reference
                sum(
                    not m.identical and _only_recurring(lines[m.index], lines[g.reference], recurring)
                    for m in g.members
                )
                for g in groups
            ]
            template = f"{sum(n > 0 for n in on_lines)} ({sum(on_lines)})"
            every = session.all_pairs(k)
            exported = set(zip(every.left.tolist(), every.right.tolist(), strict=True))
            recall = sum(1 for pair in close if pair in exported) / max(1, len(close))
            print(
                f"| {k} | {t:g} | {len(groups)} | {len(links)} | {good:.3f} | {bad:.4f} | {far} | "
                f"{together:.3f} (of {len(close)}) | {truth_split} | {strong_split} (of "
                f"{sum(r >= 0.8 for r in verified.values())}) | {tiny} | {template} | {recall:.3f} | "
                f"{grouping_seconds:.2f} |"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--k", type=int, nargs="+", default=[default_k(64)])
    parser.add_argument("--min-verified", type=float, nargs="+", default=[DEFAULT_MIN_RESEMBLANCE])
    parser.add_argument("--strong", type=float, default=DEFAULT_STRONG_RESEMBLANCE, help="shingle evidence; <0: off")
    parser.add_argument("--eval", type=Path, default=DEFAULT_EVAL, help="labelled pairs (labels.tsv + docs/)")
    parser.add_argument("--folder", type=Path, default=None, help="a real folder (default: both shared corpora)")
    parser.add_argument("--cache", type=Path, default=None, help="a scan cache file to reuse between runs")
    parser.add_argument("--skip-labelled", action="store_true")
    parser.add_argument("--skip-folder", action="store_true")
    args = parser.parse_args()
    strong = None if args.strong < 0 else args.strong
    if not args.skip_labelled:
        labelled(args.eval, args.k, args.min_verified, strong)
    if not args.skip_folder:
        root = args.folder or corpus_folder("zh_docs").parent
        corpus_folder("en_copyright")
        folder(root, args.k, args.min_verified, strong, args.cache)


if __name__ == "__main__":
    main()
