"""Race harness: the cleaner's trash and move against names swapped under them, counting what went wrong.

A second process swaps two names in a loop with ``renameat2(RENAME_EXCHANGE)`` (one step, so both names always
exist) while the cleaner trashes or moves the scanned one of them; each try starts from fresh files. After each
try the harness looks at what is on disk:

- ``trash-folders``: two folders ``d1`` (scanned) and ``d2`` (not) each holding ``f.txt``, the folders swapped.
  Wrong: a file other than the scanned one is in the trash, or the report says the scanned file went to the
  trash and it did not, or a private temporary name is left anywhere.
- ``move-names``: two files ``a.txt`` (scanned) and ``b.txt`` in one folder, the names swapped; ``a.txt`` moved
  to a folder on the same disk. Wrong: a file is lost (neither in the folder nor at the destination), the file at
  the destination is not the scanned one, the report says moved and it did not, or a temporary name is left.
- ``move-folders``: as ``trash-folders``, moved to a folder on the same disk.

Linux only (renameat2). Everything happens under ``/tmp/hostile2/race`` (made, then removed). Run::

    PYTHONPATH=$PWD python benchmarks/race_actions.py --tries 300 trash-folders
    PYTHONPATH=$PWD python benchmarks/race_actions.py --tries 1500 move-names

It prints the number of tries that went wrong, how many the cleaner acted on and how many it refused.
"""

from __future__ import annotations

import argparse
import ctypes
import multiprocessing
import os
import random
import shutil
import sys
from pathlib import Path

BASE = Path("/tmp/hostile2/race")
os.environ["HOME"] = str(BASE / "home")  # send2trash reads where the trash is when first imported
os.environ["XDG_DATA_HOME"] = str(BASE / "home" / "data")

_libc = ctypes.CDLL(None, use_errno=True)
_renameat2 = _libc.renameat2
_renameat2.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
_AT_FDCWD, _RENAME_EXCHANGE = -100, 2


def _swapper(first: str, second: str, started: multiprocessing.synchronize.Event, stop: object) -> None:
    a, b = os.fsencode(first), os.fsencode(second)
    swaps = 0
    pauses = random.Random(os.getpid())
    if hasattr(os, "sched_setaffinity") and len(os.sched_getaffinity(0)) > 1:
        os.sched_setaffinity(0, {max(os.sched_getaffinity(0))})  # the other core than the cleaner's
    while not stop.is_set():  # type: ignore[attr-defined]
        if _renameat2(_AT_FDCWD, a, _AT_FDCWD, b, _RENAME_EXCHANGE) == 0:
            swaps += 1
            if swaps == 1000:
                started.set()
        for _ in range(pauses.randrange(4)):  # a pause of varying length: the swap lands at every moment
            pass
    if swaps % 2:  # leave the names as they were
        _renameat2(_AT_FDCWD, a, _AT_FDCWD, b, _RENAME_EXCHANGE)
    started.set()


def _inodes(*folders: Path) -> dict[int, Path]:
    found = {}
    for folder in folders:
        for here, _dirs, names in os.walk(folder):
            for name in names:
                path = Path(here) / name
                found[os.lstat(path).st_ino] = path
    return found


def _named_as_scanned(trash: Path, trashed: Path) -> bool:
    """Whether the trash's record of ``trashed`` gives back its scanned name, in its scanned folder."""
    if not trashed.name.startswith("f"):
        return False
    record = trash / "info" / f"{trashed.name}.trashinfo"
    try:
        text = record.read_text(encoding="utf-8")
    except OSError:
        return False
    return any(line.startswith("Path=") and line.endswith("/d1/f.txt") for line in text.splitlines())


def _one(kind: str, number: int) -> tuple[str, str]:
    """One try: what went wrong ('' when all is well) and what the report said."""
    from send2trash import send2trash

    from simcompare.core.folder.actions import move_scanned, trash_scanned
    from simcompare.core.folder.safe_paths import Expected

    here = BASE / f"try{number}"
    root = here / "root"
    if kind == "move-names":
        root.mkdir(parents=True)
        (root / "a.txt").write_text("the scanned file\n")
        (root / "b.txt").write_text("another file, never chosen\n")
        scanned, other, rel = root / "a.txt", root / "b.txt", "a.txt"
        swap = (str(root / "a.txt"), str(root / "b.txt"))
    else:
        (root / "d1").mkdir(parents=True)
        (root / "d2").mkdir()
        (root / "d1" / "f.txt").write_text("the scanned file\n")
        (root / "d2" / "f.txt").write_text("another file, never chosen\n")
        scanned, other, rel = root / "d1" / "f.txt", root / "d2" / "f.txt", "d1/f.txt"
        swap = (str(root / "d1"), str(root / "d2"))
    info = os.stat(scanned)
    ours, theirs = info.st_ino, os.stat(other).st_ino
    expected = Expected(rel, info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns)
    destination = here / "moved"
    trash_files = BASE / "home" / "data" / "Trash" / "files"
    before = set(_inodes(trash_files)) if trash_files.exists() else set()

    context = multiprocessing.get_context("fork")
    started, stop = context.Event(), context.Event()
    process = context.Process(target=_swapper, args=(*swap, started, stop))
    process.start()
    started.wait()
    try:
        if kind == "trash-folders":
            report = trash_scanned(str(root), [expected], send2trash)
        else:
            report = move_scanned(str(root), [expected], str(destination))
    finally:
        stop.set()
        process.join()
    acted = report.outcomes[0].ok
    said = "acted" if acted else f"left alone: {report.outcomes[0].error[:70]}"
    in_trash = set(_inodes(trash_files)) - before if trash_files.exists() else set()
    left = _inodes(root)
    moved = _inodes(destination) if destination.exists() else {}
    wrong = ""
    records = list((trash_files.parent / "info").glob(".simcompare-*")) if trash_files.exists() else []
    stray = [p for p in (*left.values(), *moved.values(), *records) if p.name.startswith(".simcompare-")]
    if stray:
        wrong = f"a temporary name left: {stray}"
    elif kind == "trash-folders":
        if theirs in in_trash:
            wrong = "an unscanned file was trashed"
        elif acted and ours not in in_trash:
            wrong = "reported trashed, but the scanned file is not in the trash"
        elif acted and not _named_as_scanned(trash_files.parent, trash_files / _inodes(trash_files)[ours].name):
            wrong = "trashed, but the trash would restore it under another name or to another folder"
        elif not acted and ours not in left:
            wrong = "reported left alone, but the scanned file is gone"
    else:
        everywhere = {**left, **moved}
        if theirs not in everywhere:
            wrong = "the other file was lost"
        elif ours not in everywhere:
            wrong = "the scanned file was lost"
        elif theirs in moved:
            wrong = "the other file was moved"
        elif acted and ours not in moved:
            wrong = "reported moved, but the scanned file is not at the destination"
    shutil.rmtree(here)
    return wrong, said


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("kind", choices=["trash-folders", "move-names", "move-folders"])
    parser.add_argument("--tries", type=int, default=300)
    args = parser.parse_args()
    if not sys.platform.startswith("linux"):
        print("Linux only (renameat2)")
        return 2
    shutil.rmtree(BASE, ignore_errors=True)
    (BASE / "home" / "data").mkdir(parents=True)
    if hasattr(os, "sched_setaffinity") and len(os.sched_getaffinity(0)) > 1:
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    wrong: dict[str, int] = {}
    said: dict[str, int] = {}
    try:
        for number in range(args.tries):
            what, report = _one(args.kind, number)
            said[report] = said.get(report, 0) + 1
            if what:
                wrong[what] = wrong.get(what, 0) + 1
    finally:
        shutil.rmtree(BASE, ignore_errors=True)
    total = sum(wrong.values())
    print(f"{args.kind}: {total} of {args.tries} tries went wrong")
    for what, count in sorted(wrong.items()):
        print(f"  {count:5}  {what}")
    print("the reports said:")
    for what, count in sorted(said.items()):
        print(f"  {count:5}  {what}")
    return 1 if total else 0


if __name__ == "__main__":
    raise SystemExit(main())
