"""Documents read to text (core/readers): every format built for real in tmp_path, chosen by content first,
and every way a document can fail, with its reason code."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from helpers.documents import (
    write_docx,
    write_epub,
    write_html,
    write_image_pdf,
    write_markdown,
    write_odt,
    write_pdf,
    write_rtf,
)

import simcompare
from simcompare.core.text.documents import document_from_bytes, read_document
from simcompare.core.text.readers import (
    CorruptDocumentError,
    Deadline,
    DocumentTimeoutError,
    EncryptedDocumentError,
    Format,
    InflateLimitError,
    NoTextLayerError,
    extract,
    time_limit,
)

TEXT = (
    "Café owners in São Paulo met Jürg Müller to talk about fingerprints of documents.\n\n"
    "A near-duplicate is a copy that differs only in small edits, layout or file format."
)
WORDS = ["café", "são", "paulo", "jürg", "müller", "fingerprints", "near-duplicate", "layout"]

WRITERS = {
    ".docx": write_docx,
    ".odt": write_odt,
    ".epub": write_epub,
    ".rtf": write_rtf,
    ".md": write_markdown,
    ".pdf": write_pdf,
}


@pytest.mark.parametrize("suffix", list(WRITERS))
def test_every_format_reads_to_its_text(tmp_path: Path, suffix: str) -> None:
    document = read_document(WRITERS[suffix](tmp_path / f"report{suffix}", TEXT))
    assert document.format == (Format.MARKDOWN if suffix == ".md" else Format(suffix[1:]))
    assert document.extracted and not document.html
    words = " ".join(document.text.casefold().split())
    for word in WORDS:
        assert word in words
    assert "#" not in document.text and "*" not in document.text  # Markdown's markup is not text
    assert "\\" not in document.text and "{" not in document.text  # nor RTF's


@pytest.mark.parametrize("suffix", [".docx", ".odt", ".epub", ".pdf", ".rtf"])
def test_content_decides_not_the_suffix(tmp_path: Path, suffix: str) -> None:
    """A document saved under a wrong name is still read as what it is."""
    path = WRITERS[suffix](tmp_path / f"report{suffix}", TEXT)
    renamed = path.rename(tmp_path / "report.txt")
    assert read_document(renamed).format == Format(suffix[1:])


def test_every_format_gives_one_fingerprint_family(tmp_path: Path) -> None:
    plain = simcompare.fingerprint(TEXT * 3)
    for suffix, writer in WRITERS.items():
        document = read_document(writer(tmp_path / f"r{suffix}", "\n\n".join([TEXT] * 3)))
        assert simcompare.hamming(plain, simcompare.fingerprint(document.text)) <= 3, suffix


def test_word_markup_that_is_not_text_is_left_out(tmp_path: Path) -> None:
    xml = (
        '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>'
        "<w:p><w:r><w:t>visible</w:t></w:r><w:r><w:tab/><w:t>after tab</w:t></w:r></w:p>"
        '<w:p><w:r><w:instrText> HYPERLINK "http://fieldcode" </w:instrText></w:r>'
        "<w:del><w:r><w:delText>deleted</w:delText></w:r></w:del><w:r><w:t>kept</w:t></w:r></w:p>"
        "</w:body></w:document>"
    )
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("word/document.xml", xml)
    document = document_from_bytes(buffer.getvalue(), path="x.docx")
    assert document.text == "visible\tafter tab\nkept\n"


# ------------------------------------------------------------------------------------------- problems


def test_encrypted_pdf_is_a_problem_with_its_reason(tmp_path: Path) -> None:
    with pytest.raises(EncryptedDocumentError, match="password-protected") as caught:
        read_document(write_pdf(tmp_path / "locked.pdf", TEXT, password="secret"))
    assert caught.value.code == "encrypted"


def test_image_only_pdf_has_no_text_layer(tmp_path: Path) -> None:
    with pytest.raises(NoTextLayerError, match="no text layer — a scanned image") as caught:
        read_document(write_image_pdf(tmp_path / "scan.pdf"))
    assert caught.value.code == "no_text_layer"


def test_encrypted_word_file(tmp_path: Path) -> None:
    from msoffcrypto.format.ooxml import OOXMLFile

    plain = write_docx(tmp_path / "plain.docx", TEXT)
    locked = io.BytesIO()
    with plain.open("rb") as handle:
        OOXMLFile(handle).encrypt("secret", locked)
    for name in ("locked.docx", "locked.bin"):  # by suffix, and by the stream inside
        with pytest.raises(EncryptedDocumentError, match="encrypted Office file"):
            document_from_bytes(locked.getvalue(), path=name)


def test_encrypted_opendocument(tmp_path: Path) -> None:
    path = write_odt(tmp_path / "plain.odt", TEXT)
    with zipfile.ZipFile(path) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}
    parts["META-INF/manifest.xml"] = parts["META-INF/manifest.xml"].replace(
        b'manifest:media-type="text/xml"/>',
        b'manifest:media-type="text/xml"><manifest:encryption-data manifest:checksum-type="SHA1/1K" '
        b'manifest:checksum="x"/></manifest:file-entry>',
    )
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    with pytest.raises(EncryptedDocumentError):
        read_document(path)


def test_damaged_archive_is_corrupt(tmp_path: Path) -> None:
    data = write_docx(tmp_path / "whole.docx", TEXT).read_bytes()
    (tmp_path / "cut.docx").write_bytes(data[: len(data) // 2])
    with pytest.raises(CorruptDocumentError) as caught:
        read_document(tmp_path / "cut.docx")
    assert caught.value.code == "corrupt"


def test_damaged_pdf_is_corrupt(tmp_path: Path) -> None:
    data = write_pdf(tmp_path / "whole.pdf", TEXT).read_bytes()
    with pytest.raises(CorruptDocumentError):
        document_from_bytes(data[:200], path="cut.pdf")


def test_malformed_xml_is_corrupt() -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("word/document.xml", "<w:document><w:body><w:p>")
    with pytest.raises(CorruptDocumentError, match="malformed XML"):
        document_from_bytes(buffer.getvalue(), path="x.docx")


def test_entity_declarations_are_refused() -> None:
    """A "billion laughs" part never expands: declaring an entity at all is refused."""
    laughs = '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "ha"><!ENTITY b "&a;&a;&a;&a;">]><d>&b;</d>'
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("word/document.xml", laughs)
    with pytest.raises(CorruptDocumentError, match="entities"):
        document_from_bytes(buffer.getvalue(), path="x.docx")


def _bomb(inflated: int) -> bytes:
    """A Word document whose text part inflates from a few kilobytes to ``inflated`` bytes."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("word/document.xml", b"<document>" + b" " * inflated + b"</document>")
    return buffer.getvalue()


def test_zip_bomb_stops_at_the_limit() -> None:
    data = _bomb(8_000_000)
    assert len(data) < 50_000
    with pytest.raises(InflateLimitError, match="inflates past the size limit") as caught:
        document_from_bytes(data, path="bomb.docx", max_inflated=1_000_000)
    assert caught.value.code == "inflate_limit"
    assert document_from_bytes(data, path="bomb.docx", max_inflated=10_000_000).text == ""


def test_a_lying_size_header_is_not_trusted() -> None:
    """Headers that claim a small size do not let a member inflate past it unnoticed."""
    data = bytearray(_bomb(2_000_000))
    central = data.rfind(b"PK\x01\x02")
    for header, offset in ((0, 22), (central, 24)):  # local and central "uncompressed size"
        data[header + offset : header + offset + 4] = (100).to_bytes(4, "little")
    with pytest.raises((CorruptDocumentError, InflateLimitError)):
        document_from_bytes(bytes(data), path="liar.docx", max_inflated=1_000_000)


def test_deadline_passed_gives_timeout(tmp_path: Path) -> None:
    data = write_pdf(tmp_path / "r.pdf", TEXT).read_bytes()
    with pytest.raises(DocumentTimeoutError) as caught:
        extract(data, Format.PDF, max_inflated=None, deadline=Deadline(0))
    assert caught.value.code == "timeout"
    with pytest.raises(DocumentTimeoutError):
        document_from_bytes(write_epub(tmp_path / "r.epub", TEXT).read_bytes(), time_limit=0)


def test_time_limit_interrupts_a_looping_parser() -> None:
    """The scan's workers wrap each file in time_limit: Python code that never returns is interrupted."""
    with pytest.raises(DocumentTimeoutError), time_limit(0.05):
        while True:
            pass
    with time_limit(5):  # and a quick file is not disturbed, nor is the alarm left armed
        assert document_from_bytes(b"short text").text == "short text"


def test_a_text_that_mentions_a_signature_stays_a_text() -> None:
    text = b"Notes: a PDF starts with %PDF-1.7 and an RTF with {\\rtf1; a zip with PK."
    document = document_from_bytes(text, path="notes.txt")
    assert document.format == Format.TEXT and document.text == text.decode()


def test_a_zip_that_is_no_document_stays_binary() -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("photo.jpg", b"\xff\xd8\xff\x00" * 10)
    with pytest.raises(simcompare.InputError) as caught:
        document_from_bytes(buffer.getvalue(), path="photos.zip")
    assert caught.value.code == "binary"


def test_html_still_read_by_suffix_and_content(tmp_path: Path) -> None:
    document = read_document(write_html(tmp_path / "page.html", TEXT))
    assert document.html and document.format == Format.HTML and not document.extracted


def test_worker_processes_read_documents_under_the_time_limit(tmp_path: Path) -> None:
    from simcompare.core.errors import ErrorCode
    from simcompare.core.folder.scan import ScanOptions, scan

    write_docx(tmp_path / "a.docx", TEXT)
    write_pdf(tmp_path / "a.pdf", TEXT)
    write_image_pdf(tmp_path / "scan.pdf")
    result = scan(tmp_path, options=ScanOptions(workers=2, in_process=False))
    assert {f.path: f.encoding for f in result.files} == {"a.docx": "docx", "a.pdf": "pdf"}
    assert [(p.path, p.reason) for p in result.problems] == [("scan.pdf", ErrorCode.NO_TEXT_LAYER)]
