"""Check `simcompare scan` against brute force over `simcompare fingerprint --json` on a real folder.

    python benchmarks/verify_scan.py                 # both corpora of ../shared/corpora
    python benchmarks/verify_scan.py --folder DIR -k 3

Both commands run as users run them. The groups of the scan must equal the connected components of all
pairs within k found by comparing every pair of fingerprints (numpy, no index), empty files left out
(the scan runs with `--groups components --min-verified 0`: the index, not the grouping rule, is checked).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
from corpora import corpus_folder


def components(paths: list[str], values: list[int], empty: set[str], k: int) -> set[frozenset[str]]:
    words = np.array(values, dtype=np.uint64)
    edges: dict[int, set[int]] = {}
    for i in range(len(words)):
        if paths[i] in empty:
            continue
        near = np.nonzero(np.bitwise_count(words[i + 1 :] ^ words[i]) <= k)[0] + i + 1
        for j in near.tolist():
            if paths[j] not in empty:
                edges.setdefault(i, set()).add(j)
                edges.setdefault(j, set()).add(i)
    seen: set[int] = set()
    groups = set()
    for start in edges:
        if start in seen:
            continue
        stack, group = [start], set()
        while stack:
            node = stack.pop()
            if node not in group:
                group.add(node)
                stack.extend(edges[node] - group)
        seen |= group
        groups.add(frozenset(paths[i] for i in group))
    return groups


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--folder", type=Path)
    parser.add_argument("-k", type=int, default=None, help="threshold (default: simcompare's)")
    args = parser.parse_args()
    folder = args.folder or corpus_folder("zh_docs").parent
    if args.folder is None:
        corpus_folder("en_copyright")
    k_args = ["-k", str(args.k)] if args.k is not None else []
    command = [sys.executable, "-m", "simcompare"]
    scanned = json.loads(
        subprocess.run(
            [
                *command,
                "scan",
                str(folder),
                "--json",
                "--no-cache",
                "--groups",
                "components",
                "--min-verified",
                "0",
                *k_args,
            ],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    )
    k = scanned["settings"]["k"]
    member_paths = sorted({m["path"] for g in scanned["groups"] for m in g["members"]})
    every = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.txt") if p.is_file())
    printed = json.loads(
        subprocess.run(
            [*command, "fingerprint", "--json", *every], capture_output=True, text=True, check=True, cwd=folder
        ).stdout
    )
    paths = [record["path"] for record in printed["files"]]
    values = [int(record["value"]) for record in printed["files"]]
    empty = {record["path"] for record in printed["files"] if record["empty"]}
    brute = components(paths, values, empty, k)
    from_scan = {frozenset(m["path"] for m in g["members"]) for g in scanned["groups"]}
    print(f"{scanned['files']} files scanned, {len(printed['files'])} fingerprinted one by one, k = {k}")
    print(f"scan: {len(from_scan)} groups with {len(member_paths)} members; brute force: {len(brute)} groups")
    print(f"problems listed by the scan: {len(scanned['problems'])}; empty files: {len(scanned['empty'])}")
    if from_scan == brute:
        print("identical: every group of the scan is a group of the brute-force search and vice versa")
        return 0
    print(f"DIFFERENT: {len(from_scan - brute)} groups only in the scan, {len(brute - from_scan)} only in brute force")
    return 1


if __name__ == "__main__":
    sys.exit(main())
