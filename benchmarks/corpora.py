"""The real corpora of ../shared/corpora, unpacked once into a temporary folder for the benchmarks."""

from __future__ import annotations

import os
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
    """The unpacked folder of one corpus (zh_docs or en_copyright)."""
    base = Path(os.environ.get("SIMCOMPARE_CORPORA", Path(tempfile.gettempdir()) / "simcompare-corpora"))
    folder = base / name
    if not folder.is_dir():
        base.mkdir(parents=True, exist_ok=True)
        with tarfile.open(SHARED / ARCHIVES[name]) as archive:
            archive.extractall(base, filter="data")
    return folder
