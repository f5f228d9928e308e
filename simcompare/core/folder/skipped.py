"""Files a scan did not read, and why; and how a scan tells a binary file by its first bytes.

A scan that reads files by their content (no file types chosen: the default) reads every file that holds
text, whatever its name: a file is passed over as *binary* when its first bytes are a known binary type's
magic number (images, audio, video, archives that are none of the documents simcompare reads, executables,
databases, fonts) or when its first block holds NUL bytes and is not UTF-16/32 text. PDF, DOCX, ODT, EPUB
and RTF are recognised by their content too and go to their readers. A file whose name says it is text or a
document (``notes.txt``: an ending of ``DEFAULT_SUFFIXES``) and holds none is reported as a problem instead,
as when file types are chosen.

Every file passed over is counted by its :class:`SkipReason` (``scan --json``: ``"skipped": {reason: count}``)
and listed in :attr:`~simcompare.core.folder.scan.ScanResult.skipped`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from simcompare.core.compat import StrEnum
from simcompare.core.text.cleaning import _guess_bomless_utf16_32
from simcompare.core.text.readers import OLE_MAGIC, PDF_MAGIC, RTF_MAGIC

__all__ = ["HEAD_BYTES", "SkipReason", "Skipped", "binary_kind", "skipped_counts"]

HEAD_BYTES = 4096
"""The first bytes a scan looks at to tell a binary file."""


class SkipReason(StrEnum):
    """Why a scan did not read a file (the values are what ``scan --json`` and saved results show)."""

    TYPE_NOT_CHOSEN = "type_not_chosen"  # its ending is not among the chosen ones, or no "only" glob matches
    BINARY = "binary"  # its first bytes say it holds no text
    SYMLINK = "symlink"  # a symbolic link (links are never followed)
    HARD_LINK = "hard_link"  # another name of a file already read: it shares that file's record
    TOO_LARGE = "too_large"  # over the size limit (also listed among the problems)
    TOO_SMALL = "too_small"  # under the smallest size asked for
    EXCLUDED = "excluded"  # a name matched by a skip pattern, or an excluded folder (not entered)


@dataclass(frozen=True, slots=True)
class Skipped:
    """A file (or an excluded folder, not entered) a scan did not read: its path and the reason."""

    path: str
    reason: SkipReason
    detail: str = ""


def skipped_counts(skipped: Iterable[Skipped]) -> dict[str, int]:
    """``{reason: count}`` in the order of :class:`SkipReason`, reasons with no file left out."""
    counts = Counter(s.reason for s in skipped)
    return {reason.value: counts[reason] for reason in SkipReason if counts[reason]}


# (magic bytes, offset, what it is). Zip archives are told apart below (documents are zips too).
_MAGIC: tuple[tuple[bytes, int, str], ...] = (
    (b"\x89PNG\r\n\x1a\n", 0, "PNG image"),
    (b"\xff\xd8\xff", 0, "JPEG image"),
    (b"GIF87a", 0, "GIF image"),
    (b"GIF89a", 0, "GIF image"),
    (b"BM", 0, ""),  # checked below: "BM" starts many words
    (b"II*\x00", 0, "TIFF image"),
    (b"MM\x00*", 0, "TIFF image"),
    (b"\x00\x00\x01\x00", 0, "icon"),
    (b"RIFF", 0, "RIFF media (WAV, AVI, WebP)"),
    (b"ftyp", 4, "MP4/QuickTime/HEIC media"),
    (b"ID3", 0, "MP3 audio"),
    (b"OggS", 0, "Ogg media"),
    (b"fLaC", 0, "FLAC audio"),
    (b"\x1a\x45\xdf\xa3", 0, "Matroska/WebM video"),
    (b"\x1f\x8b", 0, "gzip archive"),
    (b"BZh", 0, ""),  # checked below
    (b"\xfd7zXZ\x00", 0, "xz archive"),
    (b"(\xb5/\xfd", 0, "zstd archive"),
    (b"7z\xbc\xaf\x27\x1c", 0, "7-Zip archive"),
    (b"Rar!\x1a\x07", 0, "RAR archive"),
    (b"ustar", 257, "tar archive"),
    (b"!<arch>\n", 0, "ar archive (.deb, .a)"),
    (b"\xed\xab\xee\xdb", 0, "RPM package"),
    (b"MSCF", 0, "cabinet archive"),
    (b"\x7fELF", 0, "ELF executable"),
    (b"MZ", 0, ""),  # checked below
    (b"\xca\xfe\xba\xbe", 0, "Java class or Mach-O executable"),
    (b"\xcf\xfa\xed\xfe", 0, "Mach-O executable"),
    (b"\xce\xfa\xed\xfe", 0, "Mach-O executable"),
    (b"\x00asm", 0, "WebAssembly"),
    (b"SQLite format 3\x00", 0, "SQLite database"),
    (b"wOFF", 0, "web font"),
    (b"wOF2", 0, "web font"),
    (b"\x00\x01\x00\x00\x00", 0, "TrueType font"),
    (b"OTTO", 0, "OpenType font"),
    (b"\x93NUMPY", 0, "NumPy array"),
    (b"PAR1", 0, "Parquet table"),
    (b"\x89HDF\r\n\x1a\n", 0, "HDF5 data"),
)
_DOCUMENT_ZIP = (b"mimetype", b"[Content_Types].xml", b"word/", b"META-INF/")


def _short_magic(head: bytes) -> str:
    """The kinds whose two or three magic bytes also start ordinary text: checked further."""
    if head.startswith(b"BM") and len(head) >= 14 and head[6:10] == b"\x00\x00\x00\x00":
        return "BMP image"
    if head.startswith(b"BZh") and len(head) >= 10 and head[3:4].isdigit() and head[4:10] == b"1AY&SY":
        return "bzip2 archive"
    if head.startswith(b"MZ") and b"\x00" in head[:64]:
        return "Windows executable"
    return ""


def binary_kind(head: bytes) -> str:
    """What binary type a file's first bytes say it is ('' when it may hold text or is a document we read).

    Args:
        head: The file's first bytes (:data:`HEAD_BYTES` of them, or the whole of a shorter file).
    """
    stripped = head.lstrip()
    if stripped[:5] in (PDF_MAGIC, RTF_MAGIC) or (head.startswith(b"PK\x03\x04") and _document_zip(head)):
        return ""
    if head.startswith(OLE_MAGIC):
        return "Office compound file (not a document simcompare reads)"
    if head.startswith(b"PK\x03\x04") or head.startswith(b"PK\x05\x06"):
        return "zip archive"
    for magic, offset, kind in _MAGIC:
        if kind and head[offset : offset + len(magic)] == magic:
            return kind
    short = _short_magic(head)
    if short:
        return short
    if b"\x00" in head and not _utf16_or_32(head):
        return "binary data (NUL bytes in its first block)"
    return ""


def _document_zip(head: bytes) -> bool:
    """A zip whose first member names say it is a DOCX, ODT or EPUB (their first members are fixed)."""
    return any(name in head[:1024] for name in _DOCUMENT_ZIP)


def _utf16_or_32(head: bytes) -> bool:
    """The first block reads as UTF-16/32 text (with a byte-order mark, or without one, as decoding guesses)."""
    if head.startswith((b"\xff\xfe", b"\xfe\xff", b"\x00\x00\xfe\xff")):
        return True
    even = head[: len(head) - len(head) % 4]
    return _guess_bomless_utf16_32(even) is not None
