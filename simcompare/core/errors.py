"""Errors the core raises. Each carries a machine-readable ``code`` and a short English reason.

Front ends show the reason (or translate the code); the core never formats a user-facing sentence
around a file name.
"""

from __future__ import annotations


class SimcompareError(Exception):
    """Base of every error simcompare raises on purpose."""

    code = "error"


class UnknownTokenError(SimcompareError, KeyError):
    """A table hasher was asked for a token its table has no code for.

    A KeyError too, so code that looked tokens up in a plain dict keeps working; ``token`` names the token,
    so a front end can say which one without reading the message.
    """

    code = "unknown_token"

    def __init__(self, token: str) -> None:
        super().__init__(f"the table hasher has no code for {token!r}; add it to the table")
        self.token = token

    def __str__(self) -> str:  # KeyError's own would quote the whole message
        return str(self.args[0])


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
