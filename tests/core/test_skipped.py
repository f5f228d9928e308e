"""Files a scan does not read, counted by reason; text read by its content whatever its name."""

from __future__ import annotations

import gzip
import io
import os
import zipfile
from pathlib import Path

import pytest
from helpers.texts import EN_A, ZH_A, ZH_B

from simcompare.core.folder.scan import DEFAULT_SUFFIXES, ScanOptions, scan
from simcompare.core.folder.session import FolderSession
from simcompare.core.folder.skipped import SkipReason, binary_kind, skipped_counts

PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4


def docx(text: str) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("[Content_Types].xml", '<?xml version="1.0"?><Types/>')
        body = f'<w:document xmlns:w="urn:w"><w:body><w:p><w:r><w:t>{text}</w:t></w:r></w:p></w:body></w:document>'
        archive.writestr("word/document.xml", body)
    return out.getvalue()


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    root = tmp_path / "docs"
    root.mkdir()
    (root / "copyright").write_text(EN_A, encoding="utf-8")  # no suffix: text
    (root / "README").write_text(ZH_A, encoding="utf-8")
    (root / "notes.txt").write_text(ZH_B, encoding="utf-8")
    (root / "ls.1").write_text(".TH LS 1\n" + EN_A, encoding="utf-8")  # a man page
    (root / "utf16").write_bytes(ZH_A.encode("utf-16-le"))  # UTF-16 without a BOM: text, not binary
    (root / "picture").write_bytes(PNG)
    (root / "blob.dat").write_bytes(bytes(range(256)) * 8)
    (root / "archive.gz").write_bytes(gzip.compress(EN_A.encode()))
    (root / "program").write_bytes(b"\x7fELF\x02\x01\x01" + bytes(200))
    (root / "report").write_bytes(docx(EN_A))  # a DOCX without its suffix: read by its reader
    (root / "big.txt").write_text(EN_A * 200, encoding="utf-8")
    (root / "link.txt").symlink_to(root / "notes.txt")
    os.link(root / "notes.txt", root / "notes_again.txt")
    (root / ".hidden.txt").write_text(EN_A, encoding="utf-8")
    return root


def test_every_text_is_read_by_its_content_and_each_skip_has_its_reason(folder: Path) -> None:
    result = scan(folder, options=ScanOptions(workers=1, max_bytes=len(EN_A.encode()) * 50))
    read = {f.path for f in result.files}
    assert read == {"README", "copyright", "ls.1", "notes.txt", "notes_again.txt", "report", "utf16"}
    reasons = {s.path: s.reason for s in result.skipped}
    assert reasons == {
        "picture": SkipReason.BINARY,
        "blob.dat": SkipReason.BINARY,
        "archive.gz": SkipReason.BINARY,
        "program": SkipReason.BINARY,
        "big.txt": SkipReason.TOO_LARGE,
        "link.txt": SkipReason.SYMLINK,
        "notes_again.txt": SkipReason.HARD_LINK,
        ".hidden.txt": SkipReason.EXCLUDED,
    }
    assert skipped_counts(result.skipped) == {
        "binary": 4,
        "symlink": 1,
        "hard_link": 1,
        "too_large": 1,
        "excluded": 1,
    }
    assert {p.path for p in result.problems} == {"big.txt"}  # too large is still a problem, as before
    # the hard link is not read again, yet it is known as the same file
    session = FolderSession(result)
    second = session.index_of("notes_again.txt")
    assert second is not None and session.hardlink_of(second) == session.index_of("notes.txt")
    assert (result.stats.listed, result.stats.segmented) == (11, 10)  # every name but the hard link's second


def test_chosen_types_pass_over_the_rest_by_name(folder: Path) -> None:
    result = scan(folder, options=ScanOptions(workers=1, suffixes=DEFAULT_SUFFIXES, min_bytes=10))
    assert {f.path for f in result.files} == {"big.txt", "notes.txt", "notes_again.txt"}
    counts = skipped_counts(result.skipped)
    assert counts["type_not_chosen"] == 9  # copyright, README, ls.1, utf16, picture, blob.dat, archive.gz, ...
    assert "binary" not in counts
    small = scan(folder, options=ScanOptions(workers=1, min_bytes=len(EN_A.encode()) * 100))
    assert skipped_counts(small.skipped)["too_small"] >= 5


@pytest.mark.parametrize(
    ("head", "binary"),
    [
        (PNG, True),
        (b"\xff\xd8\xff\xe0\x00\x10JFIF", True),
        (b"PK\x03\x04" + b"\x14" * 26 + b"some/archive.bin", True),
        (docx("x")[:200], False),
        (b"%PDF-1.7\n", False),
        (b"{\\rtf1\\ansi hello}", False),
        (b"SQLite format 3\x00" + bytes(100), True),
        (b"MZ\x90\x00\x03\x00\x00\x00", True),
        (b"MZ is the start of this sentence", False),
        (b"BM is a word too", False),
        ("简体中文".encode("utf-16"), False),
        (b"plain text", False),
        (b"text\x00with a NUL\x00and more\x00", True),
        (b"", False),
    ],
)
def test_binary_kind_by_first_bytes(head: bytes, binary: bool) -> None:
    assert bool(binary_kind(head)) is binary
