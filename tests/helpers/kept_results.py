"""Saved results for the tests of their keeping (``results_cache``): where kept files go, a folder of near-copies,
and the columns of made-up records."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from helpers.names import latin1_name, make_file
from helpers.texts import EN_A, EN_B, OTHER, ZH_A
from simcompare.core.formats import results
from simcompare.core.userdirs import user_cache_folder


def kept_folder() -> Path:
    """Where kept results go (the user's cache folder, as the test set it)."""
    return user_cache_folder() / "opened-results"


def kept_files() -> list[Path]:
    """The kept results files, by name."""
    folder = kept_folder()
    return sorted(p for p in folder.iterdir() if p.name.endswith(".opened")) if folder.is_dir() else []


def sixty_texts(root: Path) -> Path:
    """``root`` with sixty texts, near-copies among them, and where names are bytes one that is not UTF-8."""
    root.mkdir()
    texts = [EN_A, EN_B, OTHER, ZH_A]
    for n in range(60):
        make_file(root / f"t{n:02d}.txt", texts[n % 4] + f" Copy {n // 4}." * (n % 3))
    if os.name == "posix":
        make_file(root / latin1_name(), EN_A)
    return root


def made_up_records(count: int) -> dict[str, list[object]]:
    """The ``records`` columns of ``count`` made-up files (none of them on disk), as results write them."""
    return {
        "path": [f"f{n:07d}.txt" for n in range(count)],
        "size": [100 + n for n in range(count)],
        "mtime_ns": [1_700_000_000_000_000_000 + n for n in range(count)],
        "device": [1] * count,
        "inode": [1000 + n for n in range(count)],
        "value": [format(n * 2654435761 % 2**64, "x") for n in range(count)],
        "empty": [False] * count,
        "encoding": ["utf-8"] * count,
        "digest": [f"{n:032x}" for n in range(count)],
        "raw_digest": [f"{n:032x}" for n in range(count)],
        "words": [10] * count,
        "sketch": ["AQIDBA=="] * count,
        "hardlink_of": [None] * count,
    }


def json_readings(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A list that gains an item at each reading of results as JSON from here on (a kept file taken: none)."""
    counted: list[int] = []
    real = results._parsed_from

    def parsed(handle: Any) -> object:
        counted.append(1)
        return real(handle)

    monkeypatch.setattr(results, "_parsed_from", parsed)
    return counted
