"""Files under ``resources/``, found the same way from a wheel and from a source checkout."""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path


def resource(*parts: str) -> Traversable:
    """The resource at ``resources/<parts…>``.

    In a wheel the top-level ``resources/`` folder is installed as ``simcompare/resources``; in a
    source checkout (or an editable install) it stands beside the package.
    """
    packaged = files("simcompare").joinpath("resources")
    if packaged.is_dir():
        return packaged.joinpath(*parts)
    return Path(__file__).resolve().parents[2].joinpath("resources", *parts)
