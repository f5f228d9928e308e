"""Errors the core raises. Each carries a machine-readable ``code`` and a short English reason.

Front ends show the reason (or translate the code); the core never formats a user-facing sentence
around a file name.
"""

from __future__ import annotations


class SimcompareError(Exception):
    """Base of every error simcompare raises on purpose."""

    code = "error"


class InputError(SimcompareError):
    """An input that cannot be turned into text."""

    code = "unreadable"


class BinaryInputError(InputError):
    """The bytes are not text (NUL bytes, not UTF-16/32)."""

    code = "binary"


class UndecodableInputError(InputError):
    """No known encoding reads the bytes."""

    code = "undecodable"


class Cancelled(SimcompareError):
    """The caller asked long work to stop."""

    code = "cancelled"


class TooLargeError(InputError):
    """The file is larger than the size limit."""

    code = "too_large"


class MissingFileError(InputError):
    """The file does not exist (or vanished before it could be read)."""

    code = "missing"


class PermissionDeniedError(InputError):
    """The file cannot be read by this user."""

    code = "permission"


class NotAFileError(InputError):
    """The path is a folder."""

    code = "not_a_file"


class NotRegularFileError(InputError):
    """The path is a FIFO, socket or device: reading one could block forever or never end."""

    code = "not_regular"
