"""A binary file's kind (what its first bytes say it is, ``core.folder.skipped.binary_kind``) in the window's
language; a kind this list does not know (results saved by another version) is shown as it was written."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from simcompare.core.formats.names import display_name

__all__ = ["binary_kind_text"]


def _kinds() -> dict[str, str]:
    # each literal is listed for the translation tools, which read the source
    return {
        "PNG image": QCoreApplication.translate("BinaryKind", "PNG image"),
        "JPEG image": QCoreApplication.translate("BinaryKind", "JPEG image"),
        "GIF image": QCoreApplication.translate("BinaryKind", "GIF image"),
        "BMP image": QCoreApplication.translate("BinaryKind", "BMP image"),
        "TIFF image": QCoreApplication.translate("BinaryKind", "TIFF image"),
        "icon": QCoreApplication.translate("BinaryKind", "icon"),
        "RIFF media (WAV, AVI, WebP)": QCoreApplication.translate("BinaryKind", "RIFF media (WAV, AVI, WebP)"),
        "MP4/QuickTime/HEIC media": QCoreApplication.translate("BinaryKind", "MP4/QuickTime/HEIC media"),
        "MP3 audio": QCoreApplication.translate("BinaryKind", "MP3 audio"),
        "Ogg media": QCoreApplication.translate("BinaryKind", "Ogg media"),
        "FLAC audio": QCoreApplication.translate("BinaryKind", "FLAC audio"),
        "Matroska/WebM video": QCoreApplication.translate("BinaryKind", "Matroska/WebM video"),
        "gzip archive": QCoreApplication.translate("BinaryKind", "gzip archive"),
        "bzip2 archive": QCoreApplication.translate("BinaryKind", "bzip2 archive"),
        "xz archive": QCoreApplication.translate("BinaryKind", "xz archive"),
        "zstd archive": QCoreApplication.translate("BinaryKind", "zstd archive"),
        "7-Zip archive": QCoreApplication.translate("BinaryKind", "7-Zip archive"),
        "RAR archive": QCoreApplication.translate("BinaryKind", "RAR archive"),
        "zip archive": QCoreApplication.translate("BinaryKind", "zip archive"),
        "tar archive": QCoreApplication.translate("BinaryKind", "tar archive"),
        "ar archive (.deb, .a)": QCoreApplication.translate("BinaryKind", "ar archive (.deb, .a)"),
        "RPM package": QCoreApplication.translate("BinaryKind", "RPM package"),
        "cabinet archive": QCoreApplication.translate("BinaryKind", "cabinet archive"),
        "ELF executable": QCoreApplication.translate("BinaryKind", "ELF executable"),
        "Windows executable": QCoreApplication.translate("BinaryKind", "Windows executable"),
        "Java class or Mach-O executable": QCoreApplication.translate("BinaryKind", "Java class or Mach-O executable"),
        "Mach-O executable": QCoreApplication.translate("BinaryKind", "Mach-O executable"),
        "WebAssembly": QCoreApplication.translate("BinaryKind", "WebAssembly"),
        "SQLite database": QCoreApplication.translate("BinaryKind", "SQLite database"),
        "web font": QCoreApplication.translate("BinaryKind", "web font"),
        "TrueType font": QCoreApplication.translate("BinaryKind", "TrueType font"),
        "OpenType font": QCoreApplication.translate("BinaryKind", "OpenType font"),
        "NumPy array": QCoreApplication.translate("BinaryKind", "NumPy array"),
        "Parquet table": QCoreApplication.translate("BinaryKind", "Parquet table"),
        "HDF5 data": QCoreApplication.translate("BinaryKind", "HDF5 data"),
        "Office compound file (not a document simcompare reads)": QCoreApplication.translate(
            "BinaryKind", "Office compound file (not a document simcompare reads)"
        ),
        "binary data (NUL bytes in its first block)": QCoreApplication.translate(
            "BinaryKind", "binary data (NUL bytes in its first block)"
        ),
    }


def binary_kind_text(kind: str) -> str:
    """``kind`` (``binary_kind``'s English words) in the window's language; an unknown one as written, escaped."""
    return _kinds().get(kind) or display_name(kind)
