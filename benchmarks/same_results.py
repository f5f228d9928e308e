"""Does this code give every document the same results as an earlier revision? (Speed work must not change any.)

    python benchmarks/same_results.py --against 76a9f2f          # both corpora and the eval documents
    python benchmarks/same_results.py --against HEAD~3 --folder DIR
    python benchmarks/same_results.py --against main --ignore sketch   # all but a result changed on purpose

For every file: the fingerprint (both the scan's fast path and ``fingerprint()``), the cleaned text's digest,
the verification sketch, and digests of the counts, the weights and the kept sequence, at the default
settings. Each revision computes them in a process of its own (the older one from ``git archive``, run from a
neutral folder so that it imports its own code); the script prints how many files differ (0 is the answer
wanted) and the first few that do.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from corpora import corpus_folder
from revisions import unpack_revision

EVAL_DOCS = Path(__file__).resolve().parents[2] / "shared" / "eval" / "docs"

# Run in each revision's own process: only functions both the old code and this code have.
WORKER = r"""
import hashlib, json, sys
from pathlib import Path
try:
    from simcompare.core.text.documents import document_from_bytes
    from simcompare.core.fingerprint.simhash import Config, extract_features, fingerprint, fingerprint_value
    try:
        from simcompare.core.search.verify import sketch_of_ids, sketch_to_bytes
    except ImportError:  # a revision from before the sketch had its name
        from simcompare.core.search.verify import shingles_of_ids as sketch_of_ids
        from simcompare.core.search.verify import shingles_to_bytes as sketch_to_bytes
except ImportError:  # a revision from before the core was split by pipeline stage
    from simcompare.core.documents import document_from_bytes
    from simcompare.core.simhash import Config, extract_features, fingerprint, fingerprint_value
    from simcompare.core.verify import shingles_of_ids as sketch_of_ids, shingles_to_bytes as sketch_to_bytes

def digest(value):
    return hashlib.blake2b(json.dumps(value, ensure_ascii=False).encode(), digest_size=12).hexdigest()

config = Config()
results = {}
for name in json.load(sys.stdin):
    try:
        document = document_from_bytes(Path(name).read_bytes(), path=Path(name))
    except Exception as error:  # the same refusal is the same result
        results[name] = type(error).__name__
        continue
    html = document.html or None
    found = extract_features(document.text, config, html=html, keep_sequence=True)
    results[name] = [
        fingerprint_value(found.weights, config),
        fingerprint(document.text, config, html=html).value,
        found.digest,
        digest(sketch_to_bytes(sketch_of_ids(found.token_ids)).hex()),
        digest(sorted(found.counts.items())),
        digest(sorted(found.weights.items())),
        digest(found.sequence),
    ]
json.dump(results, sys.stdout)
"""

FIELDS = ("fingerprint (scan)", "fingerprint()", "text digest", "sketch", "counts", "weights", "sequence")


def results_of(files: list[str], source: Path | None) -> dict[str, object]:
    """Each file's results by this code (``source`` None) or by the code unpacked in ``source``."""
    env = dict(os.environ)
    if source is not None:
        env["PYTHONPATH"] = str(source)
    done = subprocess.run(
        [sys.executable, "-c", WORKER],
        input=json.dumps(files),
        capture_output=True,
        text=True,
        env=env,
        cwd=tempfile.gettempdir(),  # not the repository, whose code `python -c` would import first
        check=True,
    )
    return json.loads(done.stdout)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--against", required=True, metavar="REV", help="the git revision to compare with")
    parser.add_argument("--folder", type=Path, action="append", help="a folder of documents (default: both corpora)")
    parser.add_argument(
        "--ignore", choices=FIELDS, action="append", default=[], help="a result not compared (a change made on purpose)"
    )
    args = parser.parse_args()
    folders = args.folder or [corpus_folder("zh_docs"), corpus_folder("en_copyright"), EVAL_DOCS]
    files = sorted(str(p.resolve()) for folder in folders for p in folder.rglob("*") if p.is_file())
    with tempfile.TemporaryDirectory() as scratch:
        unpack_revision(args.against, Path(scratch))
        then = results_of(files, Path(scratch))
    now = results_of(files, None)
    kept = [i for i, field in enumerate(FIELDS) if field not in args.ignore]

    def compared(results: object) -> object:
        return [results[i] for i in kept] if isinstance(results, list) and len(results) == len(FIELDS) else results

    differing = [name for name in files if compared(then.get(name)) != compared(now.get(name))]
    ignored = f" (not comparing: {', '.join(args.ignore)})" if args.ignore else ""
    print(f"{len(files):,} files; results differing from {args.against}{ignored}: {len(differing)}")
    for name in differing[:10]:
        old, new = then.get(name), now.get(name)
        if isinstance(old, list) and isinstance(new, list):
            what = ", ".join(field for field, a, b in zip(FIELDS, old, new, strict=True) if a != b)
        else:
            what = f"{old!r} → {new!r}"
        print(f"  {name}: {what}")
    return 1 if differing else 0


if __name__ == "__main__":
    raise SystemExit(main())
