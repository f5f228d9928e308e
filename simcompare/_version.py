"""The version, from one place: the ``version`` of pyproject.toml, as installed into the package metadata."""

from __future__ import annotations

import re
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

_PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"
_VERSION_LINE = re.compile(r'^version\s*=\s*"([^"]+)"', re.MULTILINE)


def package_version(distribution: str = "simcompare", pyproject: Path = _PYPROJECT) -> str:
    """The installed distribution's version; in a source tree that was never installed, pyproject's.

    Returns "0+unknown" when neither is there (a copied folder, say), rather than failing at import.
    """
    try:
        return version(distribution)
    except PackageNotFoundError:
        pass
    try:
        found = _VERSION_LINE.search(pyproject.read_text(encoding="utf-8"))
    except OSError:
        found = None
    return found.group(1) if found else "0+unknown"


__version__ = package_version()
