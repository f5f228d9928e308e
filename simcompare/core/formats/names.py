"""File names in every output: any name works, and none can break a line, a column or the output's encoding.

A name on Linux is bytes; one that is not UTF-8 reaches Python with each undecodable byte as a lone
surrogate (U+DC80–U+DCFF, "surrogateescape": ``os.fsdecode(b"caf\\xe9.txt") == "caf\\udce9.txt"``). A
UTF-8 stream refuses to write those and Qt silently drops them. A name may also hold control characters
(a newline, a tab, ESC, BEL …), which would break a line or a column, or drive the terminal. So every
output escapes them, each in its own way:

- **For people** (``display_name``: the text output of ``scan`` and ``fingerprint``, the window): an
  undecodable byte is shown as ``\\xNN`` (``caf\\xe9.txt``); a newline, carriage return or tab as
  ``\\n``, ``\\r``, ``\\t``; any other control character as ``\\xNN`` (C0 and DEL) or ``\\uNNNN`` (C1,
  U+2028 and U+2029, which end a line too); a surrogate that is not a byte (Windows) as ``\\uNNNN``. A
  name stays on one line and shows every byte. Backslashes are left alone, so this is for reading, not
  for reading back.
- **JSON** (``json_text``): JSON's own escapes. An undecodable byte is the escape ``\\udcNN``, so
  ``json.loads`` gives back the same string and ``os.fsencode`` the name's bytes; C0 controls are escaped
  by JSON itself (``\\u001b``), DEL, C1, U+2028 and U+2029 as ``\\uNNNN``. The file is valid UTF-8.
- **CSV and the action log** (``escape_name``, read back with ``unescape_name``): the form for people
  plus one rule, a backslash is written ``\\\\``. ``\\xNN`` is a control character below 0x80 and an
  undecodable byte from 0x80 up; ``\\uNNNN`` a character, and a high and a low surrogate's escapes side by side
  the one character beyond U+FFFF they pair to (no name a system gives holds the two halves apart, and an output
  that cannot hold such a character writes it so); any other backslash is itself. So every field
  reads back to the same string: ``os.fsencode(unescape_name(field))`` is the name's bytes. A name without
  control characters, backslashes or undecodable bytes is written as itself.
"""

from __future__ import annotations

import json
import re

__all__ = ["display_name", "escape_name", "json_safe", "json_text", "unescape_name"]

# What no output writes as itself: C0 controls, DEL, C1 controls, the line and paragraph separators, every
# surrogate (in a Python string a surrogate is always a lone one: an undecodable byte, on Windows an unpaired
# UTF-16 half), and the invisible characters that disguise a name: the bidirectional embeddings, overrides and
# isolates ("invoice\u202etxt.exe" shows as "invoiceexe.txt"), and every other character Unicode says draws nothing
# (Default_Ignorable_Code_Point: "report\u2060.txt" shows as "report.txt"): the soft hyphen, the combining grapheme
# joiner, the Arabic letter mark, the Hangul fillers, the Khmer inherent vowels, the Mongolian vowel separator, the
# zero-width space, the word joiner and the invisible operators and format characters (U+2060–U+206F), the
# byte-order mark, the unassigned U+FFF0–U+FFF8, the shorthand and musical format controls and the tags. Written as
# they are: the zero-width joiner and non-joiner and the left-to-right and right-to-left marks (real names in
# Persian, Arabic or Hebrew hold them), the variation selectors (an emoji's, an ideograph's variant) and Mongolian's
# free variation selectors.
_DISGUISE = (
    "\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b\u202a-\u202e\u2060-\u206f\u3164\ufeff\uffa0"
    "\ufff0-\ufff8\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e00ff\U000e01f0-\U000e0fff"
)
_UNSAFE = "\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff" + _DISGUISE
_SHOWN = re.compile(f"[{_UNSAFE}]")
_ESCAPED = re.compile(f"[{_UNSAFE}\\\\]")
_IN_JSON = re.compile(f"[\x7f-\x9f\u2028\u2029\ud800-\udfff{_DISGUISE}]")  # json.dumps escapes C0 itself
# a UTF-16 pair first: a character beyond U+FFFF that an output which cannot hold it wrote so (cli/output.py); no
# name a system gives holds a high and a low surrogate side by side (a pair of UTF-16 is read as its character)
_ESCAPE = re.compile(
    r"\\(\\|[nrt]|x[0-9a-fA-F]{2}|u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}|u[0-9a-fA-F]{4})"
)
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t", "\\": "\\\\"}
_UNNAMED = {"\\": "\\", "n": "\n", "r": "\r", "t": "\t"}


def _escape(match: re.Match[str]) -> str:
    ch = match.group()
    code = ord(ch)
    if ch in _NAMED:
        return _NAMED[ch]
    if code < 0x80:  # C0 and DEL
        return f"\\x{code:02x}"
    if 0xDC80 <= code <= 0xDCFF:  # an undecodable byte
        return f"\\x{code - 0xDC00:02x}"
    return _utf16_escape(code)


def _utf16_escape(code: int) -> str:
    """``\\uNNNN``; beyond U+FFFF its UTF-16 pair's two escapes, as JSON writes it (and ``unescape_name`` reads it)."""
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def display_name(name: str) -> str:
    """A name for one line of text, for people: undecodable bytes as ``\\xNN``, control characters escaped."""
    return _SHOWN.sub(_escape, name)


def escape_name(name: str) -> str:
    """A name (or any text) for a CSV field or a log field: one line, valid UTF-8, read back by ``unescape_name``."""
    return _ESCAPED.sub(_escape, name)


def _unescape(match: re.Match[str]) -> str:
    body = match.group(1)
    if body in _UNNAMED:
        return _UNNAMED[body]
    if len(body) == 11:  # a UTF-16 pair: high, then low surrogate
        high, low = int(body[1:5], 16), int(body[7:], 16)
        return chr(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
    code = int(body[1:], 16)
    if body[0] == "x" and code >= 0x80:
        return chr(0xDC00 + code)  # an undecodable byte, as os.fsdecode gives it
    return chr(code)


def unescape_name(text: str) -> str:
    """The name ``escape_name`` wrote (a backslash that starts no escape stays itself)."""
    return _ESCAPE.sub(_unescape, text)


def json_text(data: object, *, indent: int = 2) -> str:
    """JSON (indented, non-ASCII kept) that any UTF-8 stream can write: undecodable bytes as ``\\udcNN``,
    every control character escaped."""
    return json_safe(json.dumps(data, ensure_ascii=False, indent=indent))


def json_safe(text: str) -> str:
    """JSON text (or a piece of it, cut anywhere) as ``json_text`` writes it: undecodable bytes, C1 controls and
    the characters that disguise a name as ``\\uNNNN`` escapes."""
    # Outside its strings JSON holds ASCII only, so every match is inside a string, where \\uNNNN is valid.
    if text.isascii() and "\x7f" not in text:  # DEL is the only ASCII it escapes (base64 sketches: most of a file)
        return text
    return _IN_JSON.sub(_json_escape, text)


def _json_escape(match: re.Match[str]) -> str:
    return _utf16_escape(ord(match.group()))
