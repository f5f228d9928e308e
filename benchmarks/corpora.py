"""The real corpora of ../shared/corpora, unpacked once into a temporary folder for the benchmarks."""

from __future__ import annotations

import os
import shutil
import tarfile
import tempfile
from pathlib import Path


def _shared() -> Path:
    """``shared/corpora`` beside the checkout, or beside a folder above it (a worktree one level deeper)."""
    for parent in Path(__file__).resolve().parents[1:]:
        if (parent.parent / "shared" / "corpora").is_dir():
            return parent.parent / "shared" / "corpora"
    return Path(__file__).resolve().parents[2] / "shared" / "corpora"


SHARED = _shared()
ARCHIVES = {"zh_docs": "corpus_zh_docs.tar.xz", "en_copyright": "corpus_en_copyright.tar.xz"}


def corpus_folder(name: str) -> Path:
    """The unpacked folder of one corpus (zh_docs or en_copyright), whole.

    The archive is unpacked into a folder of its own beside it and renamed into place when complete, so a process
    that finds the folder finds every file of it. Before, the folder was unpacked in place: a second process (a
    benchmark's writers, two benchmarks at once) found it while the first was still unpacking and read part of
    the corpus, and bench_million wrote half its million files from other lines than the seed says."""
    base = Path(os.environ.get("SIMCOMPARE_CORPORA", Path(tempfile.gettempdir()) / "simcompare-corpora"))
    folder = base / name
    if folder.is_dir():
        return folder
    base.mkdir(parents=True, exist_ok=True)
    unpacking = Path(tempfile.mkdtemp(prefix=f".{name}-", dir=base))
    try:
        with tarfile.open(SHARED / ARCHIVES[name]) as archive:
            archive.extractall(unpacking, filter="data")
        try:
            (unpacking / name).rename(folder)
        except OSError:  # another process renamed its own first: the same files
            if not folder.is_dir():
                raise
    finally:
        shutil.rmtree(unpacking, ignore_errors=True)
    return folder
