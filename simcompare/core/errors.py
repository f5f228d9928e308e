"""Errors the core raises. Each carries a machine-readable ``code`` and a short English reason.

Front ends show the reason (or translate the code); the core never formats a user-facing sentence
around a file name.
"""

from __future__ import annotations

from typing import ClassVar

from simcompare.core.compat import StrEnum


class ErrorCode(StrEnum):
    """Every error's ``code`` and every scan problem's ``reason``: what a front end chooses its words by.

    The values are what logs, ``scan --json``, saved results and Spark's tables show: they never change, so
    older saved results still read. The errors of the document readers (``core/text/readers``) and of the
    cache (``core/folder/cache.py``) take theirs from here too, so the window's words are checked against one
    list. A scan reports a file it cannot use with the code of the error that stopped it
    (:func:`simcompare.core.folder.scan.input_reason`), or with one of the codes only a scan has (below).
    """

    ERROR = "error"
    UNKNOWN_TOKEN = "unknown_token"
    CANCELLED = "cancelled"
    # why an input cannot be turned into text (InputError and its subclasses)
    UNREADABLE = "unreadable"
    BINARY = "binary"
    UNDECODABLE = "undecodable"
    TOO_LARGE = "too_large"
    MISSING = "missing"
    PERMISSION = "permission"
    NOT_A_FILE = "not_a_file"
    NOT_REGULAR = "not_regular"
    ENCRYPTED = "encrypted"
    NO_TEXT_LAYER = "no_text_layer"
    CORRUPT = "corrupt"
    INFLATE_LIMIT = "inflate_limit"
    TIMEOUT = "timeout"
    # the scan cache
    NOT_A_CACHE = "not_a_cache"
    CACHE_UNAVAILABLE = "cache_unavailable"
    # only a scan's problems carry these: no error is raised with them
    VANISHED = "vanished"  # a file listed a moment ago is gone (a read says MISSING)
    CHANGED = "changed"  # the file changed while it was read: scan again
    BROKEN_LINK = "unreadable_link"  # a link that leads nowhere or to itself (links are not followed)
    INTERNAL = "internal"  # a bug: the detail names the exception, the traceback goes to a log file


class SimcompareError(Exception):
    """Base of every error simcompare raises on purpose."""

    code: ClassVar[ErrorCode] = ErrorCode.ERROR


class UnknownTokenError(SimcompareError, KeyError):
    """A table hasher was asked for a token its table has no code for.

    A KeyError too, so code that looked tokens up in a plain dict keeps working; ``token`` names the token,
    so a front end can say which one without reading the message.
    """

    code = ErrorCode.UNKNOWN_TOKEN

    def __init__(self, token: str) -> None:
        super().__init__(f"the table hasher has no code for {token!r}; add it to the table")
        self.token = token

    def __str__(self) -> str:  # KeyError's own would quote the whole message
        return str(self.args[0])


class InputError(SimcompareError):
    """An input that cannot be turned into text.

    ``errno`` is the operating system's error number when one caused it (else None): a front end says
    it in its own language instead of reading the English message.
    """

    code = ErrorCode.UNREADABLE

    def __init__(self, *args: object, errno: int | None = None) -> None:
        super().__init__(*args)
        self.errno = errno


class BinaryInputError(InputError):
    """The bytes are not text (NUL bytes, not UTF-16/32)."""

    code = ErrorCode.BINARY


class UndecodableInputError(InputError):
    """No known encoding reads the bytes."""

    code = ErrorCode.UNDECODABLE


class Cancelled(SimcompareError):
    """The caller asked long work to stop."""

    code = ErrorCode.CANCELLED


class TooLargeError(InputError):
    """The file is larger than the size limit."""

    code = ErrorCode.TOO_LARGE


class MissingFileError(InputError):
    """The file does not exist (or vanished before it could be read)."""

    code = ErrorCode.MISSING


class PermissionDeniedError(InputError):
    """The file cannot be read by this user."""

    code = ErrorCode.PERMISSION


class NotAFileError(InputError):
    """The path is a folder."""

    code = ErrorCode.NOT_A_FILE


class NotRegularFileError(InputError):
    """The path is a FIFO, socket or device: reading one could block forever or never end."""

    code = ErrorCode.NOT_REGULAR
