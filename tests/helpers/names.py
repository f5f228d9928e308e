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


def odd_names_folder(root: Path, texts: dict[str, str]) -> Path:
    """A folder of ``texts`` by name, plus a file of each odd name above (POSIX), a second name of ``en_a.txt``
    (a hard link in ``sub``, which ``texts`` names) and a PDF that cannot be read: a scan of it has groups with odd
    names, a hard link, a problem and, when ``texts`` holds one, an empty file."""
    from helpers.texts import EN_A, EN_B

    for name, text in texts.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        make_file(root / name, text)
    if os.name == "posix":
        make_file(root / latin1_name(), EN_A)
        make_file(root / CONTROL_NAME, EN_B)
    os.link(root / "en_a.txt", root / "sub" / "hard link.txt")
    (root / "unreadable.pdf").write_bytes(b"%PDF-1.4 not really a PDF")
    return root
