"""The core's error and problem codes in the interface language.

The core keeps codes (``InputError.code``, ``Problem.reason``) next to short English details; the window
shows only the words below, so a Chinese interface never shows the core's English.
"""

from __future__ import annotations

import errno
import os

from PySide6.QtCore import QCoreApplication

from simcompare.core.errors import Cancelled, ErrorCode, InputError
from simcompare.core.folder.scan import Reason
from simcompare.core.formats.names import display_name


def input_error_text(code: str, number: int | None = None) -> str:
    """Why a file could not be read, as a phrase that completes "Could not open “name”: …".

    ``number`` is the error's ``errno``: a file unreadable for a reason the core has no code for is
    named by the system's error.
    """
    texts = {
        ErrorCode.MISSING: QCoreApplication.translate("Messages", "the file does not exist"),
        ErrorCode.NOT_A_FILE: QCoreApplication.translate("Messages", "it is a folder, not a file"),
        ErrorCode.NOT_REGULAR: QCoreApplication.translate("Messages", "it is a pipe, socket or device, not a file"),
        ErrorCode.PERMISSION: QCoreApplication.translate("Messages", "permission denied"),
        ErrorCode.TOO_LARGE: QCoreApplication.translate("Messages", "the file is too large"),
        ErrorCode.BINARY: QCoreApplication.translate("Messages", "it looks like a binary file, not text"),
        ErrorCode.UNDECODABLE: QCoreApplication.translate(
            "Messages", "it is not text in any encoding simcompare knows"
        ),
        ErrorCode.ENCRYPTED: QCoreApplication.translate("Messages", "it is password-protected"),
        ErrorCode.NO_TEXT_LAYER: QCoreApplication.translate("Messages", "the PDF has no text layer — a scanned image?"),
        ErrorCode.CORRUPT: QCoreApplication.translate("Messages", "the document is damaged"),
        ErrorCode.INFLATE_LIMIT: QCoreApplication.translate(
            "Messages", "the document unpacks to more than the size limit"
        ),
        ErrorCode.TIMEOUT: QCoreApplication.translate("Messages", "reading the document took too long"),
    }
    if code in texts:
        return texts[code]
    return system_error_text(number) or QCoreApplication.translate("Messages", "the file cannot be read")


def reason_text(reason: str) -> str:
    """A scan problem's reason code in a few words (the Problems tab's Reason column)."""
    texts = {
        Reason.BINARY: QCoreApplication.translate("Messages", "binary file"),
        Reason.UNDECODABLE: QCoreApplication.translate("Messages", "cannot be decoded"),
        Reason.TOO_LARGE: QCoreApplication.translate("Messages", "too large"),
        Reason.PERMISSION: QCoreApplication.translate("Messages", "permission denied"),
        Reason.VANISHED: QCoreApplication.translate("Messages", "vanished during the scan"),
        Reason.CHANGED: QCoreApplication.translate("Messages", "changed during the scan"),
        Reason.LINK: QCoreApplication.translate("Messages", "broken link"),
        Reason.NOT_REGULAR: QCoreApplication.translate("Messages", "not a regular file"),
        Reason.UNREADABLE: QCoreApplication.translate("Messages", "unreadable"),
        Reason.INTERNAL: QCoreApplication.translate("Messages", "internal error"),
        Reason.ENCRYPTED: QCoreApplication.translate("Messages", "password-protected"),
        Reason.NO_TEXT_LAYER: QCoreApplication.translate("Messages", "no text layer"),
        Reason.CORRUPT: QCoreApplication.translate("Messages", "damaged document"),
        Reason.INFLATE_LIMIT: QCoreApplication.translate("Messages", "unpacks too large"),
        Reason.TIMEOUT: QCoreApplication.translate("Messages", "took too long"),
    }
    return texts.get(reason, QCoreApplication.translate("Messages", "unreadable"))


def reason_detail(reason: str, number: int | None = None) -> str:
    """A scan problem's reason code as a sentence (the Problems tab's Detail column).

    ``number`` is the problem's ``errno``: an unreadable file names the system's error in the interface
    language (the core's English detail is never shown, nor read).
    """
    texts = {
        Reason.BINARY: QCoreApplication.translate(
            "Messages", "The file holds bytes that text never has; it looks like a program or an image."
        ),
        Reason.UNDECODABLE: QCoreApplication.translate(
            "Messages", "No known encoding (UTF-8, GB18030, Big5) reads the file as text."
        ),
        Reason.TOO_LARGE: QCoreApplication.translate(
            "Messages", "The file is larger than the limit set under Largest file."
        ),
        Reason.PERMISSION: QCoreApplication.translate("Messages", "The system does not allow reading it."),
        Reason.VANISHED: QCoreApplication.translate("Messages", "The file was deleted or moved while the scan ran."),
        Reason.CHANGED: QCoreApplication.translate("Messages", "The file changed while it was being read; scan again."),
        Reason.LINK: QCoreApplication.translate(
            "Messages", "A link that points nowhere or to itself; links are not followed."
        ),
        Reason.NOT_REGULAR: QCoreApplication.translate(
            "Messages", "A pipe, socket or device, not a file: it is never opened, as reading it could never end."
        ),
        Reason.ENCRYPTED: QCoreApplication.translate(
            "Messages", "The document is encrypted: it opens only with its password."
        ),
        Reason.NO_TEXT_LAYER: QCoreApplication.translate(
            "Messages", "The PDF's pages are pictures with no text on them — a scanned image? Run OCR on it first."
        ),
        Reason.CORRUPT: QCoreApplication.translate("Messages", "The document is damaged and cannot be parsed."),
        Reason.INFLATE_LIMIT: QCoreApplication.translate(
            "Messages", "The archive would unpack to more than the size limit (a zip bomb?); reading stopped there."
        ),
        Reason.TIMEOUT: QCoreApplication.translate(
            "Messages", "Reading the document took longer than the time limit; it was left out."
        ),
    }
    if reason in texts:
        return texts[reason]
    if reason == Reason.INTERNAL:  # the detail (English) names the exception and the log file
        return QCoreApplication.translate(
            "Messages", "A bug in simcompare kept it from being read; its details are in internal-errors.log."
        )
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
