"""One reader per document format behind one interface: bytes in, text out, or an InputError that says why.

The format is decided by content first (PDF and RTF signatures, the members of a zip archive, the
compound-file signature of an encrypted Office file) and by the file's suffix second (Markdown and HTML
have no signature; a damaged .docx is still reported as a damaged Word document).
"""

from __future__ import annotations

from simcompare.core.text.cleaning import html_to_text  # markup.py imports it anyway: nothing to defer
from simcompare.core.text.readers.archive import OLE_MAGIC, ZIP_MAGIC, docx_text, epub_chapters, odt_text, zip_format
from simcompare.core.text.readers.base import (
    DEFAULT_TIME_LIMIT,
    NO_DEADLINE,
    CorruptDocumentError,
    Deadline,
    DocumentTimeoutError,
    EncryptedDocumentError,
    Format,
    InflateLimitError,
    NoTextLayerError,
    time_limit,
)
from simcompare.core.text.readers.markup import RTF_MAGIC, markdown_text, rtf_text
from simcompare.core.text.readers.pdf import PDF_MAGIC, pdf_text

__all__ = [
    "DEFAULT_TIME_LIMIT",
    "NO_DEADLINE",
    "CorruptDocumentError",
    "Deadline",
    "DocumentTimeoutError",
    "EncryptedDocumentError",
    "Format",
    "InflateLimitError",
    "NoTextLayerError",
    "extract",
    "markdown_text",
    "sniff",
    "time_limit",
]

_BY_SUFFIX = {
    ".pdf": Format.PDF,
    ".docx": Format.DOCX,
    ".docm": Format.DOCX,
    ".odt": Format.ODT,
    ".epub": Format.EPUB,
    ".rtf": Format.RTF,
    ".md": Format.MARKDOWN,
    ".markdown": Format.MARKDOWN,
}
# Suffixes of Office formats whose encrypted form is a compound file rather than a zip.
_OFFICE_SUFFIXES = (".docx", ".docm", ".xlsx", ".pptx", ".odt")


def sniff(data: bytes, suffix: str = "") -> Format | None:
    """The document format of ``data``, or None for text (to be decoded, and HTML by suffix or content).

    Raises:
        EncryptedDocumentError: a compound file holding an encrypted Office package.
    """
    suffix = suffix.lower()
    # PDF readers accept the header anywhere in the first kilobyte, but a text that merely mentions
    # "%PDF-" must stay a text: away from the start it counts only for a .pdf file.
    if data.lstrip()[:5] == PDF_MAGIC or (suffix == ".pdf" and PDF_MAGIC in data[:1024]):
        return Format.PDF
    if data.startswith(ZIP_MAGIC):
        found = zip_format(data)
        if found is None and suffix in (".docx", ".docm", ".odt", ".epub"):
            found = _BY_SUFFIX[suffix]  # a damaged one: its reader says what is wrong with it
        return found
    if data.startswith(OLE_MAGIC):
        # An encrypted DOCX or ODT saved by Office is a compound file with an EncryptedPackage stream.
        if suffix in _OFFICE_SUFFIXES or "EncryptedPackage".encode("utf-16-le") in data:
            raise EncryptedDocumentError("is password-protected (an encrypted Office file)")
        return None
    if data.lstrip()[:5] == RTF_MAGIC:
        return Format.RTF
    found = _BY_SUFFIX.get(suffix)
    return found if found is Format.MARKDOWN else None


# What a document's compressed parts may inflate to, all together: at most this many times the file's size
# plus INFLATE_BASE (and never past the caller's max_inflated). Text and XML compress 3 to 10 times, tables
# of repeated markup up to some 30; a document that claims more is a bomb. Reading keeps a few copies of
# what was inflated, so this is what bounds a document's memory by its file's size.
INFLATE_RATIO = 50
INFLATE_BASE = 10 * 1024 * 1024


def inflate_budget(size: int, max_inflated: int | None) -> int:
    """The inflate budget of a document of ``size`` bytes (see INFLATE_RATIO)."""
    budget = INFLATE_BASE + INFLATE_RATIO * size
    return budget if max_inflated is None else min(budget, max_inflated)


def extract(data: bytes, format: Format, *, max_inflated: int | None, deadline: Deadline = NO_DEADLINE) -> str:
    """The text of a binary document format (text, HTML and Markdown are decoded first: see documents).

    Args:
        data: The file's bytes.
        format: From ``sniff``.
        max_inflated: Most bytes the members of an archive or a PDF's streams may inflate to, all together
            (None: no limit but ``inflate_budget``'s, in proportion to the file's size).
        deadline: Checked between units of work.

    Raises:
        InputError: one of this package's errors, with its code (encrypted, no_text_layer, corrupt,
            inflate_limit, timeout).
    """
    max_inflated = inflate_budget(len(data), max_inflated)
    if format is Format.PDF:
        return pdf_text(data, deadline, max_inflated)
    if format is Format.DOCX:
        return docx_text(data, max_inflated, deadline)
    if format is Format.ODT:
        return odt_text(data, max_inflated, deadline)
    if format is Format.EPUB:
        parts = []
        for chapter in epub_chapters(data, max_inflated, deadline):
            parts.append(html_to_text(chapter))
            deadline.check()
        return "\n".join(parts)
    if format is Format.RTF:
        return rtf_text(data)
    raise ValueError(f"{format} is read by decoding, not by a document reader")
