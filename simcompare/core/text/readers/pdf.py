"""PDF: the text layer, page by page, with PDFium (pypdfium2)."""

from __future__ import annotations

import base64
import binascii
import re
import zlib

from simcompare.core.errors import TooLargeError
from simcompare.core.text.readers.base import (
    CorruptDocumentError,
    Deadline,
    EncryptedDocumentError,
    InflateLimitError,
    NoTextLayerError,
)

PDF_MAGIC = b"%PDF-"

# PDFium keeps about 700 bytes per object of a page it loads and reads the text of (330 for the object,
# the rest in the text page): a page of 5 MB of "(a) Tj" took 934 MB. A content stream may draw at most
# this many objects, plus one per PDF_BYTES_PER_OBJECT bytes of the file: memory stays within about
# 70 MB + 18 × the file's size. A dense page of text draws a few thousand; only huge vector drawings
# (maps, plots of a million points) come near the limit.
PDF_BASE_OBJECTS = 100_000
PDF_BYTES_PER_OBJECT = 40
# Its text page keeps some 150 bytes per character, and one string may hold 32,767 of them: a content
# stream may show at most this many bytes of strings, plus one per PDF_BYTES_PER_CHARACTER of the file
# (a dense page of text shows a few thousand characters).
PDF_BASE_CHARACTERS = 500_000
PDF_BYTES_PER_CHARACTER = 8
# The operators that make a page object: text shown (Tj TJ ' "), a path painted (S s f F f* B B* b b*), an
# XObject or inline image placed (Do BI), a shading painted (sh). Counted as tokens between delimiters.
_DRAWING = re.compile(rb"(?<![^\s\]\)>])(?:Tj|TJ|'|\"|S|s|f\*?|F|B\*?|b\*?|Do|BI|sh)(?=[\s\[(/<]|\Z)")
_STRING = re.compile(rb"\((?:[^()\\]|\\.)*\)|<[0-9A-Fa-f\s]*>")  # literal (nested parens aside) and hex
_STREAM = re.compile(rb"(?<!end)stream(?:\r\n|\n|\r)")
_FILTERS = re.compile(rb"/Filter\s*(\[[^\]]*\]|/[^\s/\[<>()]+)")
_NOT_CONTENT = re.compile(rb"/Subtype\s*/Image|/Type\s*/(?:XRef|ObjStm|Metadata|EmbeddedFile)|/Length[123]\b")
_CHUNK = 1 << 20


def pdf_object_limit(size: int) -> int:
    """The most objects one content stream of a PDF of ``size`` bytes may draw."""
    return PDF_BASE_OBJECTS + size // PDF_BYTES_PER_OBJECT


def pdf_character_limit(size: int) -> int:
    """The most bytes of strings one content stream of a PDF of ``size`` bytes may show."""
    return PDF_BASE_CHARACTERS + size // PDF_BYTES_PER_CHARACTER


def check_pdf_streams(data: bytes, max_inflated: int | None, deadline: Deadline) -> None:
    """Refuse a PDF whose streams would make PDFium take memory out of proportion to the file, before it
    loads a page: every stream but images is decoded (Flate, ASCIIHex, ASCII85; against one budget for
    the document, like an archive's members) and its drawing operators counted.

    Raises:
        InflateLimitError: the streams decode past ``max_inflated`` bytes.
        TooLargeError: a content stream draws more objects than ``pdf_object_limit`` allows, or shows more
            bytes of strings than ``pdf_character_limit`` allows.
    """
    budget = max_inflated
    limit = pdf_object_limit(len(data))
    characters = pdf_character_limit(len(data))
    for match in _STREAM.finditer(data):
        start = match.end()
        end = data.find(b"endstream", start)
        end = len(data) if end < 0 else end
        header = data[max(0, data.rfind(b"obj", max(0, match.start() - 4096), match.start())) : match.start()]
        if _NOT_CONTENT.search(header):
            continue  # images are never decoded for text; fonts and cross-references draw nothing
        decoded = _decoded(data[start:end], header, budget)
        if decoded is None:
            continue  # a filter not decoded here (LZW, run length …): PDFium has the last word
        if budget is not None:
            budget -= len(decoded)
        drawn = shown = 0
        for offset in range(0, len(decoded), _CHUNK):
            drawn += len(_DRAWING.findall(decoded, offset, offset + _CHUNK))
            shown += sum(map(len, _STRING.findall(decoded, offset, offset + _CHUNK)))
            if shown > characters:
                raise TooLargeError(
                    f"has a page that shows more than {characters:,} bytes of text ({PDF_BASE_CHARACTERS:,} plus one "
                    f"per {PDF_BYTES_PER_CHARACTER} bytes of the file): more than can be read in proportion to its size"
                )
            if drawn > limit:
                raise TooLargeError(
                    f"has a page that draws more than {limit:,} objects ({PDF_BASE_OBJECTS:,} plus one per "
                    f"{PDF_BYTES_PER_OBJECT} bytes of the file): more than can be read in proportion to its size"
                )
        deadline.check()


def _decoded(raw: bytes, header: bytes, budget: int | None) -> bytes | None:
    """A stream's bytes through its filters, or None for a filter not decoded here."""
    found = _FILTERS.search(header)
    names = re.findall(rb"/([^\s/\[\]<>()]+)", found.group(1)) if found else []
    for name in names:
        if name in (b"FlateDecode", b"Fl"):
            raw = _inflate(raw, budget)
        elif name in (b"ASCIIHexDecode", b"AHx"):
            raw = raw.split(b">", 1)[0]
            try:
                raw = binascii.unhexlify(re.sub(rb"\s", b"", raw) + b"0" * (len(re.sub(rb"\s", b"", raw)) % 2))
            except (binascii.Error, ValueError):
                return None
        elif name in (b"ASCII85Decode", b"A85"):
            try:
                raw = base64.a85decode(raw.split(b"~>", 1)[0].strip().removeprefix(b"<~"), ignorechars=b" \t\n\r\x0b\f")
            except ValueError:
                return None
        else:
            return None
    return raw


def _inflate(raw: bytes, budget: int | None) -> bytes:
    """Inflate a Flate stream, stopping at ``budget`` bytes (a damaged stream gives what it holds)."""
    inflater = zlib.decompressobj()
    parts = []
    total = 0
    pending = raw
    while pending:
        try:
            chunk = inflater.decompress(pending, _CHUNK)
        except zlib.error:
            break
        total += len(chunk)
        if budget is not None and total > budget:
            raise InflateLimitError("has streams that inflate past the size limit (a PDF bomb, or too large to read)")
        parts.append(chunk)
        pending = inflater.unconsumed_tail
        if inflater.eof or not chunk:  # the end, or nothing more comes out of what is left
            break
    return b"".join(parts)


def pdf_text(data: bytes, deadline: Deadline, max_inflated: int | None = None) -> str:
    """The text of every page, one page after another.

    Raises:
        EncryptedDocumentError: it needs a password to open (a PDF with only an owner password opens).
        NoTextLayerError: its pages hold images but no text: a scan without OCR.
        CorruptDocumentError: PDFium cannot parse it.
        InflateLimitError, TooLargeError: see ``check_pdf_streams``.
    """
    check_pdf_streams(data, max_inflated, deadline)
    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    try:
        document = pdfium.PdfDocument(data)
    except pdfium.PdfiumError as error:
        if getattr(error, "err_code", None) == pdfium_c.FPDF_ERR_PASSWORD:
            raise EncryptedDocumentError("is password-protected (an encrypted PDF)") from None
        raise CorruptDocumentError(f"is not a PDF that can be parsed ({error})") from None
    pages: list[str] = []
    images = 0
    try:
        for index in range(len(document)):
            deadline.check()
            page = document[index]
            try:
                drawn = pdfium_c.FPDFPage_CountObjects(page.raw)
                if drawn > pdf_object_limit(len(data)):  # streams this page joins, or ones not decoded above
                    raise TooLargeError(
                        f"has a page of {drawn:,} objects, more than the {pdf_object_limit(len(data)):,} read "
                        "in proportion to the file's size"
                    )
                text_page = page.get_textpage()
                try:
                    pages.append(text_page.get_text_bounded())
                finally:
                    text_page.close()
                if not pages[-1].strip():
                    images += sum(1 for _ in page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_IMAGE], max_depth=2))
            finally:
                page.close()
    except pdfium.PdfiumError as error:
        raise CorruptDocumentError(f"has a page that cannot be read ({error})") from None
    finally:
        document.close()
    text = "\n".join(pages)
    if not text.strip() and images:
        raise NoTextLayerError("has no text layer — a scanned image?")
    return text
