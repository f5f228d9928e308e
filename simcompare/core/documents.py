"""Reading a file into a document: bytes, decoding and the HTML-by-suffix rule, with clear failures."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from simcompare.core.errors import (  # noqa: F401 - the error classes are also imported from here
    InputError,
    MissingFileError,
    NotAFileError,
    NotRegularFileError,
    PermissionDeniedError,
    TooLargeError,
)
from simcompare.core.reading import read_regular
from simcompare.core.text import HTML_SUFFIXES, decode, looks_like_html

DEFAULT_MAX_BYTES = 50 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class Document:
    """A decoded text file.

    Attributes:
        text: The decoded text (not yet cleaned).
        encoding: The codec that read it.
        guessed: True when the encoding is a guess.
        html: True when it is to be read as HTML (by suffix or content).
        size: Its size in bytes.
    """

    text: str
    encoding: str
    guessed: bool
    html: bool
    size: int


def is_html_path(path: str | os.PathLike[str]) -> bool:
    return Path(path).suffix.lower() in HTML_SUFFIXES


def document_from_bytes(data: bytes, *, html_suffix: bool = False) -> Document:
    """Decode bytes into a Document; HTML when the suffix said so or the content unmistakably is."""
    decoded = decode(data)
    html = html_suffix or looks_like_html(decoded.text)
    return Document(decoded.text, decoded.encoding, decoded.guessed, html, len(data))


def read_bytes(path: str | os.PathLike[str], *, max_bytes: int | None = DEFAULT_MAX_BYTES) -> bytes:
    """A regular file's bytes (at most ``max_bytes``), or an InputError that says plainly why not."""
    return read_regular(path, max_bytes=max_bytes).data


def read_document(path: str | os.PathLike[str], *, max_bytes: int | None = DEFAULT_MAX_BYTES) -> Document:
    """Read and decode a text file.

    Raises:
        InputError: (or a subclass with a ``code``) the file is missing, a folder, unreadable, too large,
            binary or undecodable.
    """
    return document_from_bytes(read_bytes(path, max_bytes=max_bytes), html_suffix=is_html_path(path))
