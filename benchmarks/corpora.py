"""The real corpora of ../shared/corpora, unpacked once into a temporary folder for the benchmarks."""

from __future__ import annotations

import os
import tarfile
import tempfile
from pathlib import Path

SHARED = Path(__file__).resolve().parents[2] / "shared" / "corpora"
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
