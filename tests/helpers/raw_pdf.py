"""PDF files written byte by byte, for the hostile documents no PDF library would make: one page with a
content stream of any size, forms that place forms. The tests of the PDF reader's limits and
``benchmarks/robustness.py`` build theirs here, so both attack with the same files."""

from __future__ import annotations

import zlib

FONT = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"
CATALOG = b"<< /Type /Catalog /Pages 2 0 R >>"
PAGES = b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>"


def stream(head: bytes, content: bytes, *, compress: bool = True) -> bytes:
    """A stream object's body: ``head`` (dictionary entries) and ``content``, deflated when ``compress``."""
    extra = b""
    if compress:
        content, extra = zlib.compress(content, 9), b"/Filter /FlateDecode "
    return b"<< " + head + extra + b"/Length %d >>\nstream\n" % len(content) + content + b"\nendstream"


def pdf_of(objects: list[bytes]) -> bytes:
    """A whole PDF of ``objects`` (numbered from 1, the first the catalogue), with its cross-reference table."""
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    table = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, table)
    return bytes(out)


def one_page_pdf(content: bytes, *, compress: bool, form: bytes | None = None) -> bytes:
    """A one-page PDF whose page is ``content``; ``form``, the content of a form XObject the page calls /Fm1."""
    forms = b" /XObject << /Fm1 6 0 R >>" if form is not None else b""
    objects = [
        CATALOG,
        PAGES,
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R >>" + forms + b" >> >>",
        stream(b"", content, compress=compress),
        FONT,
    ]
    if form is not None:
        head = b"/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> "
        objects.append(stream(head, form, compress=compress))
    return pdf_of(objects)
