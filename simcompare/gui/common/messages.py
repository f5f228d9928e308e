"""The core's error and problem codes in the interface language.

The core keeps codes (``InputError.code``, ``Problem.reason``: both :class:`ErrorCode` values) next to short
English details; the window shows only the words below, so a Chinese interface never shows the core's English.
"""

from __future__ import annotations

import errno
import os
from typing import NamedTuple

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from simcompare.core.errors import Cancelled, ErrorCode, InputError
from simcompare.core.formats.names import display_name


class _Words(NamedTuple):
    """One code's words, untranslated (``QT_TRANSLATE_NOOP`` marks them for the catalogue)."""

    short: str  # a few words: the Problems tab's Reason column ("" for a code no scan reports)
    detail: str  # a sentence: its Detail column ("" likewise)
    phrase: str = ""  # completes "Could not open “name”: …" ("" for a code only a scan reports)


# Every code's words, in one table: errors that stop a file being opened and a scan's problems alike.
# UNREADABLE has a short name only: an unreadable file is named by the system's error (its errno).
_WORDS: dict[str, _Words] = {
    ErrorCode.MISSING: _Words("", "", QT_TRANSLATE_NOOP("Messages", "the file does not exist")),
    ErrorCode.NOT_A_FILE: _Words("", "", QT_TRANSLATE_NOOP("Messages", "it is a folder, not a file")),
    ErrorCode.NOT_REGULAR: _Words(
        QT_TRANSLATE_NOOP("Messages", "not a regular file"),
        QT_TRANSLATE_NOOP(
            "Messages", "A pipe, socket or device, not a file: it is never opened, as reading it could never end."
        ),
        QT_TRANSLATE_NOOP("Messages", "it is a pipe, socket or device, not a file"),
    ),
    ErrorCode.PERMISSION: _Words(
        QT_TRANSLATE_NOOP("Messages", "permission denied"),
        QT_TRANSLATE_NOOP("Messages", "The system does not allow reading it."),
        QT_TRANSLATE_NOOP("Messages", "permission denied"),
    ),
    ErrorCode.TOO_LARGE: _Words(
        QT_TRANSLATE_NOOP("Messages", "too large"),
        QT_TRANSLATE_NOOP("Messages", "The file is larger than the limit set under Largest file."),
        QT_TRANSLATE_NOOP("Messages", "the file is too large"),
    ),
    ErrorCode.BINARY: _Words(
        QT_TRANSLATE_NOOP("Messages", "binary file"),
        QT_TRANSLATE_NOOP("Messages", "The file holds bytes that text never has; it looks like a program or an image."),
        QT_TRANSLATE_NOOP("Messages", "it looks like a binary file, not text"),
    ),
    ErrorCode.UNDECODABLE: _Words(
        QT_TRANSLATE_NOOP("Messages", "cannot be decoded"),
        QT_TRANSLATE_NOOP("Messages", "No known encoding (UTF-8, GB18030, Big5) reads the file as text."),
        QT_TRANSLATE_NOOP("Messages", "it is not text in any encoding simcompare knows"),
    ),
    ErrorCode.ENCRYPTED: _Words(
        QT_TRANSLATE_NOOP("Messages", "password-protected"),
        QT_TRANSLATE_NOOP("Messages", "The document is encrypted: it opens only with its password."),
        QT_TRANSLATE_NOOP("Messages", "it is password-protected"),
    ),
    ErrorCode.NO_TEXT_LAYER: _Words(
        QT_TRANSLATE_NOOP("Messages", "no text layer"),
        QT_TRANSLATE_NOOP(
            "Messages", "The PDF's pages are pictures with no text on them — a scanned image? Run OCR on it first."
        ),
        QT_TRANSLATE_NOOP("Messages", "the PDF has no text layer — a scanned image?"),
    ),
    ErrorCode.CORRUPT: _Words(
        QT_TRANSLATE_NOOP("Messages", "damaged document"),
        QT_TRANSLATE_NOOP("Messages", "The document is damaged and cannot be parsed."),
        QT_TRANSLATE_NOOP("Messages", "the document is damaged"),
    ),
    ErrorCode.INFLATE_LIMIT: _Words(
        QT_TRANSLATE_NOOP("Messages", "unpacks too large"),
        QT_TRANSLATE_NOOP(
            "Messages", "The archive would unpack to more than the size limit (a zip bomb?); reading stopped there."
        ),
        QT_TRANSLATE_NOOP("Messages", "the document unpacks to more than the size limit"),
    ),
    ErrorCode.TIMEOUT: _Words(
        QT_TRANSLATE_NOOP("Messages", "took too long"),
        QT_TRANSLATE_NOOP("Messages", "Reading the document took longer than the time limit; it was left out."),
        QT_TRANSLATE_NOOP("Messages", "reading the document took too long"),
    ),
    ErrorCode.VANISHED: _Words(
        QT_TRANSLATE_NOOP("Messages", "vanished during the scan"),
        QT_TRANSLATE_NOOP("Messages", "The file was deleted or moved while the scan ran."),
    ),
    ErrorCode.CHANGED: _Words(
        QT_TRANSLATE_NOOP("Messages", "changed during the scan"),
        QT_TRANSLATE_NOOP("Messages", "The file changed while it was being read; scan again."),
    ),
    ErrorCode.BROKEN_LINK: _Words(
        QT_TRANSLATE_NOOP("Messages", "broken link"),
        QT_TRANSLATE_NOOP("Messages", "A link that points nowhere or to itself; links are not followed."),
    ),
    ErrorCode.INTERNAL: _Words(  # the core's detail (English) names the exception and the log file
        QT_TRANSLATE_NOOP("Messages", "internal error"),
        QT_TRANSLATE_NOOP(
            "Messages", "A bug in simcompare kept it from being read; its details are in internal-errors.log."
        ),
    ),
    ErrorCode.UNREADABLE: _Words(QT_TRANSLATE_NOOP("Messages", "unreadable"), ""),
}


def _translated(source: str) -> str:
    return QCoreApplication.translate("Messages", source)


def input_error_text(code: str, number: int | None = None) -> str:
    """Why a file could not be read, as a phrase that completes "Could not open “name”: …".

    ``number`` is the error's ``errno``: a file unreadable for a reason the core has no code for is
    named by the system's error.
    """
    words = _WORDS.get(code)
    if words is not None and words.phrase:
        return _translated(words.phrase)
    return system_error_text(number) or QCoreApplication.translate("Messages", "the file cannot be read")


def reason_text(reason: str) -> str:
    """A scan problem's reason code in a few words (the Problems tab's Reason column)."""
    words = _WORDS.get(reason)
    return _translated(words.short if words is not None and words.short else _WORDS[ErrorCode.UNREADABLE].short)


def reason_detail(reason: str, number: int | None = None) -> str:
    """A scan problem's reason code as a sentence (the Problems tab's Detail column).

    ``number`` is the problem's ``errno``: an unreadable file names the system's error in the interface
    language (the core's English detail is never shown, nor read).
    """
    words = _WORDS.get(reason)
    if words is not None and words.detail:
        return _translated(words.detail)
    system = system_error_text(number)
    return system if system else QCoreApplication.translate("Messages", "The file could not be read.")


def system_error_text(number: int | None) -> str:
    """An operating-system error number in words; "" for None."""
    texts = {
        errno.ENOENT: QCoreApplication.translate("Messages", "no such file or folder"),
        errno.EACCES: QCoreApplication.translate("Messages", "permission denied"),
        errno.EPERM: QCoreApplication.translate("Messages", "operation not permitted"),
        errno.EISDIR: QCoreApplication.translate("Messages", "it is a folder"),
        errno.ENOTDIR: QCoreApplication.translate("Messages", "not a folder"),
        errno.ELOOP: QCoreApplication.translate("Messages", "too many levels of symbolic links"),
        errno.EIO: QCoreApplication.translate("Messages", "input/output error"),
        errno.ENAMETOOLONG: QCoreApplication.translate("Messages", "the name is too long"),
        errno.EROFS: QCoreApplication.translate("Messages", "read-only file system"),
        errno.ENOSPC: QCoreApplication.translate("Messages", "no space left on the device"),
        errno.EBUSY: QCoreApplication.translate("Messages", "the file is in use"),
        errno.EEXIST: QCoreApplication.translate("Messages", "the file exists already"),
        errno.EXDEV: QCoreApplication.translate("Messages", "cannot move across devices"),
    }
    if number is None:
        return ""
    return texts.get(number, QCoreApplication.translate("Messages", "system error {0}").format(number))


def os_error_text(error: OSError) -> str:
    """An OSError (trash, export) in words, with the file it concerns when it names one."""
    reason = system_error_text(error.errno) or QCoreApplication.translate("Messages", "the operation failed")
    if error.filename:
        return QCoreApplication.translate("Messages", "{path}: {reason}").format(
            path=display_name(os.fsdecode(error.filename)), reason=reason
        )
    return reason


def error_text(error: BaseException) -> str:
    """An error that ended background work, in words (translation is thread-safe: workers call this)."""
    if isinstance(error, Cancelled):
        return QCoreApplication.translate("Messages", "cancelled")
    if isinstance(error, InputError):
        return input_error_text(error.code, error.errno)
    if isinstance(error, OSError):
        return os_error_text(error)
    # A bug rather than a user's mistake: keep the exception's own words for the report.
    return QCoreApplication.translate("Messages", "unexpected error ({0})").format(f"{type(error).__name__}: {error}")
