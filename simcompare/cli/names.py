"""File names in output: any name works, and none can break a line, a column or the output's encoding.

A name on Linux is bytes; one that is not UTF-8 reaches Python with each undecodable byte as a lone
surrogate (U+DC80–U+DCFF, "surrogateescape"), which a UTF-8 stream refuses to write.

- Text output (``scan``, ``fingerprint``): such a byte is shown as ``\\xNN``; a newline, tab or other
  control character as ``\\n``, ``\\t``, ``\\x1b`` …, so one name stays on one line and in one column.
- JSON: the byte is the escape ``\\udcNN`` (valid JSON); Python's ``os.fsencode(json.loads(...))`` gives
  the name's bytes back. Control characters use JSON's own escapes.
- CSV: fields holding a newline are quoted as CSV requires; an undecodable byte is shown as ``\\xNN``.
"""

from __future__ import annotations

import json
import re

_SURROGATE = re.compile("[\udc80-\udcff]")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _byte(match: re.Match[str]) -> str:
    return f"\\x{ord(match.group()) - 0xDC00:02x}"


def _control(match: re.Match[str]) -> str:
    ch = match.group()
    return _NAMED.get(ch, f"\\x{ord(ch):02x}")


def display_name(name: str) -> str:
    """A name for one line of text output: undecodable bytes as \\xNN, control characters escaped."""
    return _SURROGATE.sub(_byte, _CONTROL.sub(_control, name))


def csv_text(text: str) -> str:
    """CSV output with undecodable bytes of names as \\xNN (the csv module already quotes newlines)."""
    return _SURROGATE.sub(_byte, text)


def json_text(data: object) -> str:
    """JSON (indented, non-ASCII kept) in which an undecodable byte of a name is the escape \\udcNN."""
    text = json.dumps(data, ensure_ascii=False, indent=2)
    return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
