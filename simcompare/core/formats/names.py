"""A file name for display: one line, every byte visible, whatever the name holds.

A name on Linux is bytes; one that is not UTF-8 reaches Python with each undecodable byte as a lone
surrogate (U+DC80–U+DCFF, "surrogateescape"). A UTF-8 stream refuses to write those and Qt silently
drops them (``caf\\xe9.txt`` would show as ``caf.txt``), so each is shown as ``\\xNN``; a newline, tab
or other control character as ``\\n``, ``\\t``, ``\\x1b`` …, so that a name stays on one line.
"""

from __future__ import annotations

import re

SURROGATE = re.compile("[\udc80-\udcff]")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def byte_escape(match: re.Match[str]) -> str:
    """An undecodable byte (as its surrogate) as ``\\xNN``."""
    return f"\\x{ord(match.group()) - 0xDC00:02x}"


def _control(match: re.Match[str]) -> str:
    ch = match.group()
    return _NAMED.get(ch, f"\\x{ord(ch):02x}")


def display_name(name: str) -> str:
    """A name for one line of text: undecodable bytes as \\xNN, control characters escaped."""
    return SURROGATE.sub(byte_escape, _CONTROL.sub(_control, name))
