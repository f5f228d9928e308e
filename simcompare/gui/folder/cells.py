"""How a file's numbers read in the Folder page's cells: sizes, dates, and numbers Qt can hold."""

from __future__ import annotations

import datetime as _dt

_QT_INT_MAX = (1 << 63) - 1  # Qt holds a whole number in 64 bits: a larger Python int crashes it


def qt_number(value: object) -> object:
    """``value`` as Qt can hold it: a whole number clamped to 64 bits (a file dated after 2262 has more
    nanoseconds than that), anything else as it is."""
    if isinstance(value, int) and not isinstance(value, bool):
        return max(-_QT_INT_MAX - 1, min(_QT_INT_MAX, value))
    return value


def modified_text(mtime_ns: int) -> str:
    """A modification time as local date and minute; "—" for one no calendar here shows (past year 9999,
    before year 1, or beyond what the system's clock functions take), which files on some file systems have."""
    try:
        return _dt.datetime.fromtimestamp(mtime_ns / 1e9).strftime("%Y-%m-%d %H:%M")
    except (ValueError, OverflowError, OSError):
        return "—"


def human_size(size: int) -> str:
    """Bytes as a short size (1.2 KB)."""
    value = float(size)
    for unit in ("B", "KB", "MB", "GB"):
        if value < 1024 or unit == "GB":
            return f"{int(value)} {unit}" if unit == "B" else f"{value:.1f} {unit}"
        value /= 1024
    return f"{size} B"
