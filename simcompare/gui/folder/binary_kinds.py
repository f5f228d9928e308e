"""A binary file's kind (what its first bytes say it is, ``core.folder.skipped.binary_kind``) in the window's
language; a kind this list does not know (results saved by another version) is shown as it was written."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from simcompare.core.formats.names import display_name

__all__ = ["binary_kind_text"]

_KINDS = frozenset(
    (
        QT_TRANSLATE_NOOP("BinaryKind", "PNG image"),
        QT_TRANSLATE_NOOP("BinaryKind", "JPEG image"),
        QT_TRANSLATE_NOOP("BinaryKind", "GIF image"),
        QT_TRANSLATE_NOOP("BinaryKind", "BMP image"),
        QT_TRANSLATE_NOOP("BinaryKind", "TIFF image"),
        QT_TRANSLATE_NOOP("BinaryKind", "icon"),
        QT_TRANSLATE_NOOP("BinaryKind", "RIFF media (WAV, AVI, WebP)"),
        QT_TRANSLATE_NOOP("BinaryKind", "MP4/QuickTime/HEIC media"),
        QT_TRANSLATE_NOOP("BinaryKind", "MP3 audio"),
        QT_TRANSLATE_NOOP("BinaryKind", "Ogg media"),
        QT_TRANSLATE_NOOP("BinaryKind", "FLAC audio"),
        QT_TRANSLATE_NOOP("BinaryKind", "Matroska/WebM video"),
        QT_TRANSLATE_NOOP("BinaryKind", "gzip archive"),
        QT_TRANSLATE_NOOP("BinaryKind", "bzip2 archive"),
        QT_TRANSLATE_NOOP("BinaryKind", "xz archive"),
        QT_TRANSLATE_NOOP("BinaryKind", "zstd archive"),
        QT_TRANSLATE_NOOP("BinaryKind", "7-Zip archive"),
        QT_TRANSLATE_NOOP("BinaryKind", "RAR archive"),
        QT_TRANSLATE_NOOP("BinaryKind", "zip archive"),
        QT_TRANSLATE_NOOP("BinaryKind", "tar archive"),
        QT_TRANSLATE_NOOP("BinaryKind", "ar archive (.deb, .a)"),
        QT_TRANSLATE_NOOP("BinaryKind", "RPM package"),
        QT_TRANSLATE_NOOP("BinaryKind", "cabinet archive"),
        QT_TRANSLATE_NOOP("BinaryKind", "ELF executable"),
        QT_TRANSLATE_NOOP("BinaryKind", "Windows executable"),
        QT_TRANSLATE_NOOP("BinaryKind", "Java class or Mach-O executable"),
        QT_TRANSLATE_NOOP("BinaryKind", "Mach-O executable"),
        QT_TRANSLATE_NOOP("BinaryKind", "WebAssembly"),
        QT_TRANSLATE_NOOP("BinaryKind", "SQLite database"),
        QT_TRANSLATE_NOOP("BinaryKind", "web font"),
        QT_TRANSLATE_NOOP("BinaryKind", "TrueType font"),
        QT_TRANSLATE_NOOP("BinaryKind", "OpenType font"),
        QT_TRANSLATE_NOOP("BinaryKind", "NumPy array"),
        QT_TRANSLATE_NOOP("BinaryKind", "Parquet table"),
        QT_TRANSLATE_NOOP("BinaryKind", "HDF5 data"),
        QT_TRANSLATE_NOOP("BinaryKind", "Office compound file (not a document simcompare reads)"),
        QT_TRANSLATE_NOOP("BinaryKind", "binary data (NUL bytes in its first block)"),
    )
)
"""The kinds the scan names, listed for the translation tools (which read the source)."""


def binary_kind_text(kind: str) -> str:
    """``kind`` (``binary_kind``'s English words) in the window's language; an unknown one as written, escaped."""
    return QCoreApplication.translate("BinaryKind", kind) if kind in _KINDS else display_name(kind)
