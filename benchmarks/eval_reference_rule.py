"""Which default reference rule keeps the member most worth keeping? Measured on real folders.

For each folder (default: both shared corpora) the groups at the default k are made once, as the window makes
them (each around its most central file). Then each candidate rule re-seats every group's reference
(``simcompare.core.folder.reprioritise``: only a member that may lead the group — every other member within k
and verified — is taken) and the script prints, over the groups whose members differ in words, size or date:

- ``most words`` / ``newest`` / ``largest``: the share of groups whose reference is (one of) the members with the
  most words, the newest, the largest file;
- ``10% fewer words``: the share whose reference has more than 10 % fewer words than the member with most;
- ``changed``: groups whose reference the rule changed; ``held back``: groups where the member first by the rule
  may not lead;
- ``J>=0.5`` / ``J<0.3``: member → reference links by an independent truth (character 5-gram Jaccard of the
  whitespace-collapsed, case-folded text), so a rule that seats a worse reference shows here.

    python benchmarks/eval_reference_rule.py                       # both shared corpora
    python benchmarks/eval_reference_rule.py --folder /usr/share/doc --all-files --gunzip
"""

from __future__ import annotations

import argparse
import gzip
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from corpora import corpus_folder

from simcompare.core.defaults import default_k
from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder.cache import Cache
from simcompare.core.folder.reprioritise import ReferenceRule, named_as_a_copy, reprioritise
from simcompare.core.folder.scan import ScanOptions, scan
from simcompare.core.folder.session import FolderSession
from simcompare.core.search.groups import Group
from simcompare.core.text.documents import read_document

RULES = (
    "central",  # today's: the file resembling the most others
    "words",
    "largest",
    "newest",
    "shortest-path",
    "words,newest,largest",
    "words,plain-name,newest,largest",  # the default since 2026-11-29
    "words,largest,newest",
    "largest,newest,words",
    "newest,words,largest",
)


def gunzipped_copy(folder: Path, into: Path) -> Path:
    """A copy of ``folder``'s regular files with each ``.gz`` file unpacked (name without ``.gz``), times kept."""
    if into.is_dir():
        return into
    for source in folder.rglob("*"):
        if source.is_symlink() or not source.is_file():
            continue
        rel = source.relative_to(folder)
        target = into / (rel.with_suffix("") if source.suffix == ".gz" else rel)
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            if source.suffix == ".gz":
                with gzip.open(source, "rb") as packed, open(target, "wb") as out:
                    shutil.copyfileobj(packed, out)
            else:
                shutil.copyfile(source, target)
        except (OSError, EOFError, gzip.BadGzipFile):
            continue
        info = source.stat()
        os.utime(target, ns=(info.st_atime_ns, info.st_mtime_ns))
    return into


def grams(session: FolderSession, index: int, cache: dict[int, frozenset[str]]) -> frozenset[str]:
    if index not in cache:
        try:
            text = " ".join(read_document(session.absolute(index)).text.casefold().split())
        except Exception:  # a file that cannot be read as a person reads it counts as sharing nothing
            text = ""
        cache[index] = frozenset(text[i : i + 5] for i in range(max(0, len(text) - 4)))
    return cache[index]


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    return len(a & b) / len(a | b) if a or b else 1.0


def differs(session: FolderSession, group: Group) -> bool:
    files = session.files
    return any(
        len({measure(files[i]) for i in group.indices}) > 1
        for measure in (lambda f: f.words, lambda f: f.size, lambda f: f.mtime_ns)
    )


def best(session: FolderSession, group: Group, measure: Callable[[int], int]) -> set[int]:
    top = max(measure(i) for i in group.indices)
    return {i for i in group.indices if measure(i) == top}


def evaluate(folder: Path, options: ScanOptions, cache: Cache | None) -> None:
    started = time.perf_counter()
    result = scan(folder, Config(), options, cache=cache)
    session = FolderSession(result)
    k = default_k(result.config.bits)
    groups = session.groups(k)
    tested = [g for g in groups if differs(session, g)]
    files = session.files
    print(
        f"\n{folder}: {len(files)} files, {len(groups)} groups at k = {k}, {len(tested)} whose members differ "
        f"({time.perf_counter() - started:.1f} s)"
    )
    if not tested:
        return
    words, newest, largest = (
        [best(session, g, measure) for g in tested]
        for measure in (lambda i: files[i].words, lambda i: files[i].mtime_ns, lambda i: files[i].size)
    )
    shingled: dict[int, frozenset[str]] = {}
    header = (
        f"{'rule':<24} {'most words':>10} {'newest':>7} {'largest':>8} {'10% fewer words':>15} "
        f"{'copy kept':>9} {'changed':>8} {'held back':>9} {'J>=0.5':>7} {'J<0.3':>6} {'seconds':>7}"
    )
    print(header)
    n = len(tested)
    for name in RULES:
        began = time.perf_counter()
        if name == "central":
            seated, changed, held = tested, 0, 0
        else:
            done = reprioritise(session, tested, ReferenceRule.parse(name), k)
            seated, changed, held = done.groups, done.changed, done.held_back
        spent = time.perf_counter() - began
        refs = [g.reference for g in seated]
        most = [max(files[i].words for i in g.indices) for g in seated]
        fewer = sum(files[r].words < 0.9 * top for r, top in zip(refs, most, strict=True))
        # a reference named as a copy ("a (copy).txt", "Copy of a.txt") where a member is not
        copies = sum(
            named_as_a_copy(files[g.reference].path) and not all(named_as_a_copy(files[i].path) for i in g.indices)
            for g in seated
        )
        links = [
            jaccard(grams(session, m.index, shingled), grams(session, g.reference, shingled))
            for g in seated
            for m in g.members[1:]
        ]

        def share(hits: int, total: int = n) -> str:
            return f"{100 * hits / total:.1f}%"

        print(
            f"{name:<24} {share(sum(r in w for r, w in zip(refs, words, strict=True))):>10} "
            f"{share(sum(r in w for r, w in zip(refs, newest, strict=True))):>7} "
            f"{share(sum(r in w for r, w in zip(refs, largest, strict=True))):>8} {share(fewer):>15} "
            f"{share(copies):>9} {changed:>8} {held:>9} "
            f"{share(sum(j >= 0.5 for j in links), len(links)):>7} {share(sum(j < 0.3 for j in links), len(links)):>6} "
            f"{spent:>7.2f}"
        )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--folder", action="append", type=Path, help="a folder to measure (default: both corpora)")
    parser.add_argument("--all-files", action="store_true", help="read every file, whatever its suffix")
    parser.add_argument("--gunzip", action="store_true", help="measure a copy of the folder with .gz files unpacked")
    parser.add_argument("--cache", type=Path, default=Path(tempfile.gettempdir()) / "simcompare-eval-rule.sqlite")
    args = parser.parse_args(argv)
    folders = args.folder or [corpus_folder("en_copyright"), corpus_folder("zh_docs")]
    options = ScanOptions(suffixes=() if args.all_files else ScanOptions().suffixes, workers=2)
    with Cache(args.cache) as cache:
        for folder in folders:
            if args.gunzip:
                copy = Path(tempfile.gettempdir()) / "simcompare-eval-rule" / folder.resolve().as_posix().strip("/")
                folder = gunzipped_copy(folder, copy)
            evaluate(folder, options, cache)
    return 0


if __name__ == "__main__":
    sys.exit(main())
