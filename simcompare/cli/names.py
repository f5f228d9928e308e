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

from simcompare.core.formats.names import SURROGATE, byte_escape, display_name

__all__ = ["csv_text", "display_name", "json_text"]


def csv_text(text: str) -> str:
    """CSV output with undecodable bytes of names as \\xNN (the csv module already quotes newlines)."""
    return SURROGATE.sub(byte_escape, text)


def json_text(data: object) -> str:
    """JSON (indented, non-ASCII kept) in which an undecodable byte of a name is the escape \\udcNN."""
    text = json.dumps(data, ensure_ascii=False, indent=2)
    return SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
