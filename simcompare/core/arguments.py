"""Checks for arguments at the library's boundary: a wrong type is a TypeError and a wrong value a
ValueError, each naming the argument and saying what would be right (never an AttributeError from deep
inside, or a silent wrong answer from a NaN)."""

from __future__ import annotations

import math
import numbers
import os
from collections.abc import Mapping
from typing import Any


def _kind(value: object) -> str:
    return "None" if value is None else f"a {type(value).__name__}"


def require(name: str, value: object, types: type | tuple[type, ...], wanted: str) -> None:
    """``value`` is an instance of ``types`` (a bool never counts as a number).

    Raises:
        TypeError: "{name} must be {wanted}, got a float".
    """
    if not isinstance(value, types) or (isinstance(value, bool) and bool not in _as_tuple(types)):
        raise TypeError(f"{name} must be {wanted}, got {_kind(value)}")


def _as_tuple(types: type | tuple[type, ...]) -> tuple[type, ...]:
    return types if isinstance(types, tuple) else (types,)


def whole(name: str, value: object, low: int, high: int | None = None) -> int:
    """A whole number from ``low`` to ``high`` (no upper end when None); numpy integers count.

    Raises:
        TypeError: not a whole number (a float, a bool, a string).
        ValueError: outside the range.
    """
    span = f"from {low}" if high is None else f"from {low} to {high}"
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be a whole number {span}, got {_kind(value)}")
    number = int(value)
    if number < low or (high is not None and number > high):
        raise ValueError(f"{name} must be a whole number {span}, got {number}")
    return number


def finite(name: str, value: object, low: float | None = None, high: float | None = None) -> float:
    """A real number, not NaN or infinite, within ``low`` and ``high`` when given.

    Raises:
        TypeError: not a real number.
        ValueError: NaN, infinite or outside the range.
    """
    span = "" if low is None and high is None else f" from {low:g}" if high is None else f" from {low:g} to {high:g}"
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a finite number{span}, got {_kind(value)}")
    number = float(value)
    if not math.isfinite(number) or (low is not None and number < low) or (high is not None and number > high):
        raise ValueError(f"{name} must be a finite number{span}, got {value!r}")
    return number


def weights(name: str, value: object) -> Mapping[str, float]:
    """A mapping of token (a string) to a finite weight.

    Raises:
        TypeError: not a mapping, a token that is not a string or a weight that is not a number.
        ValueError: a weight that is NaN or infinite.
    """
    if not isinstance(value, Mapping):
        raise TypeError(f"{name} must be a mapping of token to weight, such as {{'word': 2.0}}, got {_kind(value)}")
    for token, weight in value.items():
        if not isinstance(token, str):
            raise TypeError(f"{name} must map strings (tokens) to weights; a key is {_kind(token)}")
        finite(f"the weight of {token!r} in {name}", weight)
    return value


def path(name: str, value: Any) -> str | os.PathLike[str]:
    """A file or folder name: a string or a path object (not bytes, and never a file descriptor).

    Raises:
        TypeError: anything else (an int would be read as an open file descriptor).
    """
    if not isinstance(value, str | os.PathLike) or isinstance(os.fspath(value), bytes):
        raise TypeError(f"{name} must be a path (a str or os.PathLike), got {_kind(value)}")
    return value
