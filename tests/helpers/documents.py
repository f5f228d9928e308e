"""Real documents for the tests, built in a folder: DOCX, ODT and EPUB as zip archives of minimal valid XML
(checked once to open in python-docx, odfpy and ebooklib), PDFs with reportlab, RTF and Markdown as text."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape


def paragraphs_of(text: str) -> list[str]:
    return [p.strip() for p in text.split("\n\n") if p.strip()]


def write_docx(path: Path, text: str) -> Path:
    body = "".join(f'<w:p><w:r><w:t xml:space="preserve">{escape(p)}</w:t></w:r></w:p>' for p in paragraphs_of(text))
    parts = {
        "[Content_Types].xml": (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
            '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            '<Default Extension="xml" ContentType="application/xml"/>'
            '<Override PartName="/word/document.xml" ContentType="application/'
            'vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>'
        ),
        "_rels/.rels": (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
            'officeDocument" Target="word/document.xml"/></Relationships>'
        ),
        "word/document.xml": (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
            '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">'
            f"<w:body>{body}</w:body></w:document>"
        ),
    }
    return _zip(path, parts)


def write_odt(path: Path, text: str) -> Path:
    body = "".join(f"<text:p>{escape(p)}</text:p>" for p in paragraphs_of(text))
    mimetype = "application/vnd.oasis.opendocument.text"
    parts = {
        "mimetype": mimetype,
        "META-INF/manifest.xml": (
            '<?xml version="1.0" encoding="UTF-8"?>'
            '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" '
            'manifest:version="1.2">'
            f'<manifest:file-entry manifest:full-path="/" manifest:media-type="{mimetype}"/>'
            '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
            "</manifest:manifest>"
        ),
        "content.xml": (
            '<?xml version="1.0" encoding="UTF-8"?>'
            '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
            'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2">'
            f"<office:body><office:text>{body}</office:text></office:body></office:document-content>"
        ),
    }
    return _zip(path, parts)


def write_epub(path: Path, text: str, title: str = "A book") -> Path:
    paragraphs = paragraphs_of(text)
    # At most three chapters, as books have a few long chapters rather than one per paragraph.
    size = -(-len(paragraphs) // 3)
    chapters = ["</p><p>".join(escape(p) for p in paragraphs[i : i + size]) for i in range(0, len(paragraphs), size)]
    xhtml = "application/xhtml+xml"
    ids = range(len(chapters))
    manifest = "".join(f'<item id="c{i}" href="text/chapter{i}.xhtml" media-type="{xhtml}"/>' for i in ids)
    spine = "".join(f'<itemref idref="c{i}"/>' for i in range(len(chapters)))
    parts = {
        "mimetype": "application/epub+zip",
        "META-INF/container.xml": (
            '<?xml version="1.0" encoding="UTF-8"?>'
            '<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">'
            '<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>'
            "</rootfiles></container>"
        ),
        "OEBPS/content.opf": (
            '<?xml version="1.0" encoding="UTF-8"?>'
            '<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">'
            '<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">'
            f'<dc:identifier id="id">urn:uuid:12345678-1234-1234-1234-123456789abc</dc:identifier>'
            f"<dc:title>{escape(title)}</dc:title><dc:language>en</dc:language>"
            '<meta property="dcterms:modified">2026-01-01T00:00:00Z</meta></metadata>'
            f'<manifest><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>'
            f"{manifest}</manifest><spine>{spine}</spine></package>"
        ),
        "OEBPS/nav.xhtml": (
            '<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml" '
            'xmlns:epub="http://www.idpf.org/2007/ops"><head><title>Contents</title></head><body>'
            '<nav epub:type="toc"><ol><li><a href="text/chapter0.xhtml">Start</a></li></ol></nav></body></html>'
        ),
    }
    for i, chapter in enumerate(chapters):
        parts[f"OEBPS/text/chapter{i}.xhtml"] = (
            '<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE html>'
            '<html xmlns="http://www.w3.org/1999/xhtml"><head><title>Chapter</title>'
            f"<style>p {{ margin: 0 }}</style></head><body><p>{chapter}</p></body></html>"
        )
    return _zip(path, parts)


def _zip(path: Path, parts: dict[str, str]) -> Path:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, content in parts.items():
            # The mimetype of ODF and EPUB comes first and uncompressed, as their specifications ask.
            method = zipfile.ZIP_STORED if name == "mimetype" else zipfile.ZIP_DEFLATED
            archive.writestr(zipfile.ZipInfo(name, (2026, 1, 1, 0, 0, 0)), content, compress_type=method)
    path.write_bytes(buffer.getvalue())
    return path


def write_rtf(path: Path, text: str) -> Path:
    def escaped(paragraph: str) -> str:
        out = []
        for ch in paragraph:
            if ch in "\\{}":
                out.append("\\" + ch)
            elif ord(ch) < 128:
                out.append(ch)
            else:  # \uN with a '?' fallback, as word processors write it
                code = ord(ch) if ord(ch) < 32768 else ord(ch) - 65536
                out.append(f"\\u{code}?")
        return "".join(out)

    body = "".join(f"\\pard {escaped(p)}\\par\n" for p in paragraphs_of(text))
    path.write_text("{\\rtf1\\ansi\\ansicpg1252\\deff0{\\fonttbl{\\f0 Times New Roman;}}\n" + body + "}", "ascii")
    return path


def write_markdown(path: Path, text: str) -> Path:
    paragraphs = paragraphs_of(text)
    first, rest = paragraphs[0], paragraphs[1:]
    lines = [f"# {first}", *(f"* {p}" if i % 2 else f"**{p}**" for i, p in enumerate(rest))]
    path.write_text("\n\n".join(lines) + "\n", "utf-8")
    return path


def write_html(path: Path, text: str) -> Path:
    body = "".join(f"<p>{escape(p)}</p>" for p in paragraphs_of(text))
    path.write_text(f"<!DOCTYPE html><html><head><title>x</title></head><body>{body}</body></html>", "utf-8")
    return path


def write_pdf(path: Path, text: str, *, password: str | None = None) -> Path:
    """A PDF with a text layer, laid out line by line (reportlab); ``password`` encrypts it."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    pdf = canvas.Canvas(str(path), pagesize=A4, encrypt=password, invariant=1)
    y = 800
    for paragraph in paragraphs_of(text):
        words = paragraph.split()
        line: list[str] = []
        for word in words:
            if len(" ".join([*line, word])) > 80:
                pdf.drawString(40, y, " ".join(line))
                y -= 14
                line = []
            line.append(word)
        pdf.drawString(40, y, " ".join(line))
        y -= 24
        if y < 60:
            pdf.showPage()
            y = 800
    pdf.save()
    return path


def write_image_pdf(path: Path) -> Path:
    """A PDF whose only page is a picture (a scan without OCR)."""
    from PIL import Image
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen import canvas

    image = Image.new("RGB", (200, 100), "white")
    for x in range(20, 180):
        image.putpixel((x, 50), (0, 0, 0))
    pdf = canvas.Canvas(str(path), pagesize=A4, invariant=1)
    pdf.drawImage(ImageReader(image), 40, 600, width=400, height=200)
    pdf.save()
    return path
