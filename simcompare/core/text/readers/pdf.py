"""PDF: the text layer, page by page, with PDFium (pypdfium2)."""

from __future__ import annotations

import base64
import binascii
import re
import zlib
from collections import Counter
from dataclasses import dataclass, field

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
_OBJECT_STREAM = re.compile(rb"/Type\s*/ObjStm")
_FORM = re.compile(rb"/Subtype\s*/Form")
_OBJECT_HEAD = re.compile(rb"(\d+)\s+\d+\s+$")
_PLACED = re.compile(rb"/([^\s/\[\]<>(){}%]+)\s+Do(?=[\s\[(/<]|\Z)")
_XOBJECTS = re.compile(rb"/XObject\s*<<((?:[^<>]|<<[^<>]*>>)*)>>")
_REFERENCE = re.compile(rb"/([^\s/\[\]<>(){}%]+)\s+(\d+)\s+\d+\s+R")
_MAX_FORM_DEPTH = 64
_CHUNK = 1 << 20


def pdf_object_limit(size: int) -> int:
    """The most objects one content stream of a PDF of ``size`` bytes may draw."""
    return PDF_BASE_OBJECTS + size // PDF_BYTES_PER_OBJECT


def pdf_character_limit(size: int) -> int:
    """The most bytes of strings one content stream of a PDF of ``size`` bytes may show."""
    return PDF_BASE_CHARACTERS + size // PDF_BYTES_PER_CHARACTER


def check_pdf_streams(data: bytes, max_inflated: int | None, deadline: Deadline) -> None:
    """Refuse a PDF whose streams would make PDFium take memory or time out of proportion to the file, before it
    loads a page: every stream but images is decoded (Flate, ASCIIHex, ASCII85; against one budget for the
    document, like an archive's members) and its drawing operators counted. A form XObject is drawn anew at
    every ``Do`` that places it (PDFium parses its objects once per placement), so a stream's count includes
    what its forms draw, times how often it places them: a form of a thousand strings placed a thousand
    times on a page of 900 bytes is a million objects.

    Raises:
        InflateLimitError: the streams decode past ``max_inflated`` bytes.
        TooLargeError: a content stream draws more objects than ``pdf_object_limit`` allows, or shows more
            bytes of strings than ``pdf_character_limit`` allows, its forms' placements included.
    """
    limit = pdf_object_limit(len(data))
    characters = pdf_character_limit(len(data))
    streams, packed = _count_streams(data, max_inflated, deadline, limit, characters)
    forms = {number: counts for number, counts in streams if number is not None and counts.form}
    if not forms:
        return
    names = _xobject_names([data, *packed])
    placed = _Placements(forms, names)
    for _number, counts in streams:
        drawn, shown = placed.total(counts)
        _check_counts(drawn, shown, limit, characters)
        deadline.check()


@dataclass
class _StreamCounts:
    """What one decoded stream draws: objects, bytes of strings, and how often it places each named XObject."""

    form: bool
    drawn: int = 0
    shown: int = 0
    places: Counter[bytes] = field(default_factory=Counter)


def _check_counts(drawn: int, shown: int, limit: int, characters: int) -> None:
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


def _count_streams(
    data: bytes, max_inflated: int | None, deadline: Deadline, limit: int, characters: int
) -> tuple[list[tuple[int | None, _StreamCounts]], list[bytes]]:
    """Every content or form stream's counts, by its object number (None when it has none), and the object
    streams' decoded bytes (the XObject dictionaries inside them name forms too)."""
    budget = max_inflated
    found: list[tuple[int | None, _StreamCounts]] = []
    packed: list[bytes] = []
    for match in _STREAM.finditer(data):
        start = match.end()
        end = data.find(b"endstream", start)
        end = len(data) if end < 0 else end
        at = data.rfind(b"obj", max(0, match.start() - 4096), match.start())
        header = data[max(0, at) : match.start()]
        number = _object_number(data, at)
        if _OBJECT_STREAM.search(header):
            decoded = _decoded(data[start:end], header, budget)
            if decoded is not None:
                budget = None if budget is None else budget - len(decoded)
                packed.append(decoded)
            continue
        if _NOT_CONTENT.search(header):
            continue  # images are never decoded for text; fonts and cross-references draw nothing
        decoded = _decoded(data[start:end], header, budget)
        if decoded is None:
            continue  # a filter not decoded here (LZW, run length …): PDFium has the last word
        if budget is not None:
            budget -= len(decoded)
        counts = _StreamCounts(form=bool(_FORM.search(header)))
        for offset in range(0, len(decoded), _CHUNK):
            piece = decoded[offset : offset + _CHUNK]
            counts.drawn += len(_DRAWING.findall(piece))
            counts.shown += sum(map(len, _STRING.findall(piece)))
            counts.places.update(_PLACED.findall(piece))
            _check_counts(counts.drawn, counts.shown, limit, characters)
        found.append((number, counts))
        deadline.check()
    return found, packed


def _object_number(data: bytes, at: int) -> int | None:
    """The number of the object whose ``obj`` keyword is at ``at`` (``12 0 obj``), or None."""
    if at < 0:
        return None
    found = _OBJECT_HEAD.search(data[max(0, at - 24) : at])
    return int(found.group(1)) if found else None


def _xobject_names(texts: list[bytes]) -> dict[bytes, set[int]]:
    """Which objects each XObject name may stand for, from every ``/XObject << /Name n 0 R … >>`` in the file
    and in its object streams (a name means different objects on different pages: all are kept)."""
    names: dict[bytes, set[int]] = {}
    for text in texts:
        for dictionary in _XOBJECTS.finditer(text):
            for name, number in _REFERENCE.findall(dictionary.group(1)):
                names.setdefault(name, set()).add(int(number))
    return names


class _Placements:
    """What a stream draws with its forms placed: a form's cost is what it draws plus, for each name it
    places, the costliest object that name may stand for; a name never found may be any form. A form that
    places itself again (directly or through others) adds nothing the second time: PDFium does not parse a
    form inside itself."""

    def __init__(self, forms: dict[int, _StreamCounts], names: dict[bytes, set[int]]) -> None:
        self._forms = forms
        self._names = names
        self._cost: dict[int, tuple[int, int]] = {}
        self._worst: tuple[int, int] | None = None

    def total(self, counts: _StreamCounts, depth: int = 0) -> tuple[int, int]:
        drawn, shown = counts.drawn, counts.shown
        for name, times in counts.places.items():
            extra = self._name_cost(name, depth)
            drawn += times * extra[0]
            shown += times * extra[1]
        return drawn, shown

    def _name_cost(self, name: bytes, depth: int) -> tuple[int, int]:
        numbers = self._names.get(name)
        if numbers is None:
            return self._worst_form(depth)
        costs = [self._form_cost(n, depth) for n in numbers if n in self._forms]
        return (max(c[0] for c in costs), max(c[1] for c in costs)) if costs else (0, 0)

    def _worst_form(self, depth: int) -> tuple[int, int]:
        if self._worst is None:
            costs = [self._form_cost(n, depth) for n in self._forms]
            self._worst = (max(c[0] for c in costs), max(c[1] for c in costs))
        return self._worst

    def _form_cost(self, number: int, depth: int) -> tuple[int, int]:
        if number not in self._cost:
            if depth >= _MAX_FORM_DEPTH:  # forms placing forms this deep: more than any real document does
                return (1 << 62, 1 << 62)
            self._cost[number] = (0, 0)  # while it is measured: placed inside itself, it draws nothing more
            self._cost[number] = self.total(self._forms[number], depth + 1)
        return self._cost[number]


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
