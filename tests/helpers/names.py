"""Odd file names for the tests that follow one through every output: one that is not UTF-8 and one with
terminal control characters, made as real files (the test is skipped where the file system refuses one)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

LATIN1_BYTES = b"caf\xe9.txt"  # Latin-1 é: not UTF-8
CONTROL_NAME = "\x1b[31mred\x07.txt"  # ESC … BEL: would colour a terminal and ring its bell


def latin1_name() -> str:
    """``caf\\xe9.txt`` as Python gives it (``caf\\udce9.txt``); skips where names are not bytes (Windows)."""
    try:
        name = os.fsdecode(LATIN1_BYTES)
    except UnicodeDecodeError:
        pytest.skip("file names here are not bytes: a name cannot hold a byte that is not UTF-8")
    if os.fsencode(name) != LATIN1_BYTES:
        pytest.skip("this file system encoding does not give undecodable bytes back")
    return name


def make_file(path: Path, text: str) -> Path:
    """``path`` with ``text`` in it, or a skip naming why the file system refused the name."""
    try:
        path.write_text(text, encoding="utf-8")
    except (OSError, UnicodeEncodeError) as error:
        pytest.skip(f"this file system refuses the name {path.name!r}: {error}")
    return path
