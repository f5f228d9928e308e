"""Counts in English sentences: "1 group", "2 groups", "1 file has", "3 files have"."""

from __future__ import annotations


def count(n: int, one: str, many: str | None = None, *, thousands: bool = False) -> str:
    """``n`` and the noun that agrees with it: ``count(1, "group")`` is "1 group", ``count(2, "group")`` "2 groups".

    Args:
        n: How many.
        one: The singular ("file", or "file has" for a subject with its verb).
        many: The plural when it is not ``one`` + "s" ("files have").
        thousands: Write n with thousands separators (1,234).
    """
    number = f"{n:,}" if thousands else str(n)
    return f"{number} {one if n == 1 else many or one + 's'}"
