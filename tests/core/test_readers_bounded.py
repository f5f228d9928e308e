"""Documents that claim more than they hold (issue 26): each reader's memory is bounded by the file's
size, and its time too, in whichever thread reads it. Each hostile document is built here, small, but
large enough that the old readers' growth shows."""

from __future__ import annotations

import io
import os
import struct
import threading
import tracemalloc
import zipfile
from pathlib import Path

import pytest
from helpers.documents import write_epub, write_pdf
from helpers.raw_pdf import one_page_pdf

from simcompare.core.errors import InputError
from simcompare.core.text.documents import document_from_bytes
from simcompare.core.text.readers import DocumentTimeoutError, time_limit
from simcompare.core.text.readers.markup import MARKDOWN_PIECE, rtf_text
from simcompare.core.text.readers.pdf import pdf_character_limit, pdf_object_limit

TEXT = "Near-duplicates differ in small edits.\n\nA fingerprint keeps what matters of a text."


def _traced_peak(function):  # type: ignore[no-untyped-def]
    tracemalloc.start()
    try:
        result = function()
        return result, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def claiming(data: bytes, name: str, size: int) -> bytes:
    """A zip whose central directory says member ``name`` inflates to ``size`` bytes, whatever it holds."""
    out = bytearray(data)
    at = out.find(b"PK\x01\x02")
    while at >= 0:
        length = struct.unpack_from("<H", out, at + 28)[0]
        if out[at + 46 : at + 46 + length] == name.encode():
            struct.pack_into("<I", out, at + 24, size)
        at = out.find(b"PK\x01\x02", at + 4)
    return bytes(out)


def test_an_epub_whose_mimetype_inflates_without_end_is_sniffed_in_a_few_bytes(tmp_path: Path) -> None:
    """The sniffing read went around the inflate budget: a member claiming 20 bytes was inflated whole
    (all its compressed bytes at once) before being cut to the 20 it claimed."""
    book = write_epub(tmp_path / "book.epub", TEXT)
    buffer = io.BytesIO()
    with zipfile.ZipFile(book) as source, zipfile.ZipFile(buffer, "w") as archive:
        for info in source.infolist():
            data = b"application/epub+zip" + b" " * (32 << 20) if info.filename == "mimetype" else source.read(info)
            archive.writestr(info.filename, data, compress_type=zipfile.ZIP_DEFLATED)
    data = claiming(buffer.getvalue(), "mimetype", 20)
    assert zipfile.ZipFile(io.BytesIO(data)).getinfo("mimetype").file_size == 20
    assert len(data) < 200_000
    document, peak = _traced_peak(lambda: document_from_bytes(data, path="book.epub"))
    assert document.format == "epub" and "fingerprint keeps" in document.text
    assert peak < 20 * len(data) + (1 << 20), f"{peak:,} bytes traced for a file of {len(data):,}"


@pytest.mark.parametrize("compress", [False, True], ids=["plain", "deflated"])
def test_a_pdf_page_drawing_more_than_its_size_allows_is_refused_before_it_loads(compress: bool) -> None:
    """One content stream of tiny text objects: PDFium took 700 bytes for each (934 MB for 5 MB)."""
    draws = 160_000
    data = one_page_pdf(b"BT /F1 1 Tf " + b"(a) Tj " * draws + b"ET", compress=compress)
    assert draws > pdf_object_limit(len(data))
    with pytest.raises(InputError) as caught:
        document_from_bytes(data, path="dense.pdf")
    assert caught.value.code == "too_large"
    assert f"{pdf_object_limit(len(data)):,} objects" in str(caught.value)


def test_a_pdf_page_showing_more_text_than_its_size_allows_is_refused_before_it_loads() -> None:
    """Few objects, but each string 32,000 characters: PDFium's text page keeps some 150 bytes a character."""
    data = one_page_pdf(b"BT /F1 1 Tf " + (b"(" + b"a" * 32_000 + b") Tj 0 -1 Td ") * 40 + b"ET", compress=True)
    assert pdf_character_limit(len(data)) < 40 * 32_000 and len(data) < 20_000
    with pytest.raises(InputError) as caught:
        document_from_bytes(data, path="long strings.pdf")
    assert caught.value.code == "too_large" and "bytes of text" in str(caught.value)


def test_a_pdf_within_the_limit_and_an_ordinary_one_still_read(tmp_path: Path) -> None:
    data = one_page_pdf(b"BT /F1 12 Tf 72 700 Td (dense but allowed) Tj " + b"(a) Tj " * 5_000 + b"ET", compress=True)
    assert "dense but allowed" in document_from_bytes(data).text
    ordinary = write_pdf(tmp_path / "a.pdf", TEXT).read_bytes()
    assert "fingerprint keeps" in document_from_bytes(ordinary).text


def test_a_pdf_whose_streams_inflate_past_the_budget_is_refused() -> None:
    data = one_page_pdf(b"BT ET " + b" " * (8 << 20), compress=True)
    with pytest.raises(InputError) as caught:
        document_from_bytes(data, max_inflated=4 << 20)
    assert caught.value.code == "inflate_limit"


def test_an_rtf_font_table_of_many_fonts_without_charsets_is_read_in_one_pass() -> None:
    """striprtf's font-table pattern ran to the next charset from every entry without one: 50,000 such
    entries (600 KB) took over a minute. The fonts that have a charset still decide how text decodes."""
    table = "".join(f"{{\\f{i}\\fnil Font {i};}}" for i in range(20_000))
    rtf = "{\\rtf1\\ansi{\\fonttbl" + table + "{\\f99999\\fcharset134 SimSun;}}\\f99999 \\'c4\\'e3\\'ba\\'c3 hello}"
    assert rtf_text(rtf.encode("latin-1")).split() == ["你好", "hello"]


def test_many_rtf_fields_on_one_line_are_read_in_one_pass() -> None:
    """striprtf's hyperlink pattern ran to the end of the line from every field (420 KB took 36 s)."""
    rtf = "{\\rtf1\\ansi " + "{\\field{\\*\\fldinst{ x" * 20_000 + "}"
    assert rtf_text(rtf.encode("latin-1")).strip() == ""
    link = '{\\rtf1 See {\\field{\\*\\fldinst{HYPERLINK "http://example.com"}}{\\fldrslt{the site}}} now.}'
    assert rtf_text(link.encode()) == 'See the site("http://example.com") now.'


def _spin() -> None:
    while True:
        pass


@pytest.mark.parametrize("where", ["main thread", "other thread"])
def test_the_time_limit_stops_a_stuck_reader_in_any_thread(where: str) -> None:
    """A folder of a few files is read in the scanning process, and the window reads in its threads:
    the limit holds there too, not only in a worker process's main thread."""
    caught: list[BaseException] = []

    def read() -> None:
        try:
            with time_limit(0.05):
                _spin()
        except DocumentTimeoutError as error:
            caught.append(error)

    if where == "main thread":
        read()
    else:
        thread = threading.Thread(target=read)
        thread.start()
        thread.join()
    assert len(caught) == 1 and caught[0].code == "timeout"
    assert "0.05 s" in str(caught[0])


def test_time_limits_nest_and_an_unexpired_one_leaves_nothing_behind() -> None:
    with pytest.raises(DocumentTimeoutError, match=r"0\.05 s"), time_limit(60), time_limit(0.05):
        _spin()
    for _ in range(1000):  # each taken back before it fires: no exception arrives later
        with time_limit(30):
            pass
    with time_limit(60):
        assert document_from_bytes(b"plain text").text == "plain text"


def test_long_markdown_is_parsed_a_piece_at_a_time_in_bounded_memory() -> None:
    """mistune's tree took 745 MB for 2 MB of "*a " and 453 MB for 2 MB of short paragraphs."""
    from simcompare.core.text.readers.markup import markdown_text

    for source in ("*a " * 80_000, "a\n\n" * 80_000):  # 240 KB: a whole tree took some 80 MB
        text, peak = _traced_peak(lambda source=source: markdown_text(source))
        assert "a" in text and len(source) > 3 * MARKDOWN_PIECE
        assert peak < 500 * MARKDOWN_PIECE, f"{peak:,} bytes traced for {len(source):,} characters"


def test_markdown_pieces_lose_nothing_and_cut_between_blocks() -> None:
    from simcompare.core.text.readers.markup import markdown_pieces, markdown_text

    paragraphs = [f"Paragraph {i} with *emphasis* and a [link](http://example.com/{i})." for i in range(3000)]
    fence = "```\ncode line\n\nmore code\n```"
    source = "\n\n".join([*paragraphs[:1500], fence, *paragraphs[1500:]]) + "\n"
    pieces = list(markdown_pieces(source, 4096))
    assert len(pieces) > 10 and "".join(pieces) == source
    assert all(len(piece) <= 4096 for piece in pieces)
    assert all(piece.startswith("Paragraph") or piece.startswith("```") for piece in pieces)
    assert not any(piece.count("```") == 1 for piece in pieces)  # no cut inside the fenced block
    whole = markdown_text(source[:4000])
    assert markdown_text(source).startswith(whole.rsplit("\n", 3)[0])  # the same text, cut or not
    # a line longer than a piece (Chinese has no spaces) is cut anywhere, and nothing is lost
    assert "".join(markdown_pieces("中" * 10_000, 4096)) == "中" * 10_000


@pytest.mark.skipif(not hasattr(os, "fork"), reason="fork is POSIX's")
@pytest.mark.filterwarnings("ignore:This process .* is multi-threaded:DeprecationWarning")
def test_the_time_limit_holds_in_a_forked_child() -> None:
    """A child forked while the parent's watchdog ran has no such thread: it must start its own."""
    with time_limit(60):  # the parent's watchdog runs now
        pid = os.fork()
        if pid == 0:  # the child: exit 0 only if its own limit interrupted it
            code = 1
            try:
                with time_limit(0.05):
                    _spin()
            except DocumentTimeoutError:
                code = 0
            finally:
                os._exit(code)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
