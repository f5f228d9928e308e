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
