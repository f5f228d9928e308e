"""Reading a file into a document: bytes, then text by the file's format (decoding for text, HTML and
Markdown; a reader for PDF, DOCX, ODT, EPUB and RTF: see ``readers``), with clear failures."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from simcompare.core import arguments
from simcompare.core.text.cleaning import decode, read_as_html
from simcompare.core.text.readers import (
    DEFAULT_TIME_LIMIT,
    Deadline,
    Format,
    extract,
    markdown_text,
    sniff,
)
from simcompare.core.text.readers import time_limit as limited_to
from simcompare.core.text.reading import read_regular

DEFAULT_MAX_BYTES = 50 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class Document:
    """A file's text.

    Attributes:
        text: The decoded or extracted text (not yet cleaned).
        encoding: The codec that read it; for PDF, DOCX, ODT, EPUB and RTF the format's name.
        guessed: True when the encoding is a guess.
        html: True when it is to be read as HTML (by suffix or content).
        size: Its size in bytes.
        format: How the text was read (``readers.Format``): text, html, markdown, pdf, docx, odt, epub, rtf.
    """

    text: str
    encoding: str
    guessed: bool
    html: bool
    size: int
    format: str = Format.TEXT

    @property
    def extracted(self) -> bool:
        """True when the text was extracted from a document (so it is not the file's own characters)."""
        return self.format not in (Format.TEXT, Format.HTML)


def document_from_bytes(
    data: bytes,
    *,
    path: str | os.PathLike[str] | None = None,
    max_inflated: int | None = DEFAULT_MAX_BYTES,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
) -> Document:
    """A file's bytes as a Document, read by its format: content first, the suffix of ``path`` second.

    Text is decoded (HTML as :func:`~simcompare.core.text.cleaning.read_as_html` says); Markdown is decoded
    and rendered to its visible text; PDF, DOCX, ODT, EPUB and RTF go to their readers.

    Args:
        data: The bytes.
        path: The file's name, for its suffix (nothing is read from it).
        max_inflated: The most an archive's members may inflate to, all together; None for no limit.
        time_limit: Seconds a document reader may take: checked between pages, chapters and XML chunks, and
            enforced on a parser stuck inside one (``readers.time_limit``), in any thread; None for no limit.

    Raises:
        InputError: with a ``code``: binary, undecodable, encrypted, no_text_layer, corrupt, inflate_limit,
            timeout.
    """
    suffix = Path(path).suffix.lower() if path is not None else ""
    with limited_to(time_limit):
        found = sniff(data, suffix)
        if found is Format.MARKDOWN:
            decoded = decode(data)
            text = markdown_text(decoded.text)
            return Document(text, decoded.encoding, decoded.guessed, False, len(data), Format.MARKDOWN)
        if found is not None:
            text = extract(data, found, max_inflated=max_inflated, deadline=Deadline(time_limit))
            return Document(text, str(found), False, False, len(data), found)
    decoded = decode(data)
    html = read_as_html(decoded.text, path=path)
    return Document(
        decoded.text, decoded.encoding, decoded.guessed, html, len(data), Format.HTML if html else Format.TEXT
    )


def read_bytes(path: str | os.PathLike[str], *, max_bytes: int | None = DEFAULT_MAX_BYTES) -> bytes:
    """A regular file's bytes (at most ``max_bytes``), or an InputError that says plainly why not.

    Only regular files are read, never more than the limit + 1 byte (``simcompare.core.text.reading``): a FIFO
    or a device is refused without a blocking open.
    """
    return read_regular(path, max_bytes=max_bytes).data


def read_document(path: str | os.PathLike[str], *, max_bytes: int | None = DEFAULT_MAX_BYTES) -> Document:
    """Read a file into a Document by its format (see ``document_from_bytes``).

    Raises:
        InputError: (or a subclass with a ``code``) the file is missing, a folder, unreadable, too large,
            binary or undecodable, or a document that is encrypted, damaged, has no text layer, inflates
            past ``max_bytes`` or takes too long.
    """
    arguments.path("path", path)
    return document_from_bytes(read_bytes(path, max_bytes=max_bytes), path=path, max_inflated=max_bytes)
