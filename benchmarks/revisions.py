"""Another revision's code, unpacked for a benchmark that measures it beside this code."""

from __future__ import annotations

import subprocess
import tarfile
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[1]


def unpack_revision(revision: str, into: Path) -> Path:
    """The package and resources of ``revision`` (any git revision) unpacked into the folder ``into``, which
    is returned: put it first on PYTHONPATH, and run from another folder than the repository (``python -m``
    and ``python -c`` put the working folder first), to import that code."""
    archive = into / "revision.tar"
    with archive.open("wb") as out:
        subprocess.run(
            ["git", "-C", str(REPOSITORY), "archive", revision, "simcompare", "resources"], stdout=out, check=True
        )
    with tarfile.open(archive) as tar:
        tar.extractall(into, filter="data")
    archive.unlink()
    return into
