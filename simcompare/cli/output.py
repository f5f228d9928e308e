"""The command's standard output, whose failed writes are told apart from other errors: a full disk, a quota or a
device error while printing a report ends the command with one line saying so (exit 1), not a traceback.

An output whose encoding cannot hold every character (a file redirected on a Windows code page,
``PYTHONIOENCODING=ascii``) writes each such character as ``\\uNNNN`` (two for one beyond U+FFFF): JSON's own
escape, which ``json.loads`` reads back, and the CSV's, which ``unescape_name`` reads back (a pair as its one
character); for people, readable.
Only the characters outside JSON's structure and the CSV's escapes can be such characters (names, texts), so every
format stays whole.
"""

from __future__ import annotations

import codecs
from typing import TextIO

__all__ = ["ESCAPE", "Output", "OutputError"]

ESCAPE = "simcompare.escape"
"""The encoding error handler that writes a character the output cannot hold as ``\\uNNNN``."""


def _escaped(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    out = []
    for character in error.object[error.start : error.end]:
        code = ord(character)
        if code > 0xFFFF:  # a UTF-16 pair, as JSON writes it
            code -= 0x10000
            out.append(f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}")
        else:
            out.append(f"\\u{code:04x}")
    return "".join(out), error.end


codecs.register_error(ESCAPE, _escaped)


class OutputError(OSError):
    """Writing the command's output failed (not a closed pipe, which says the reader went away)."""


class Output:
    """``stream`` as the commands write to it; a write or flush that fails raises :class:`OutputError` (a
    ``BrokenPipeError`` stays itself); everything else is the stream's."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        encoding = codecs.lookup(getattr(stream, "encoding", None) or "utf-8").name
        reconfigure = getattr(stream, "reconfigure", None)
        if encoding != "utf-8" and reconfigure is not None:  # what it cannot hold, escaped
            reconfigure(errors=ESCAPE)

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            raise
        except OSError as error:
            raise OutputError(error.errno, error.strerror) from error

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except OSError as error:
            raise OutputError(error.errno, error.strerror) from error

    def __getattr__(self, name: str) -> object:
        return getattr(self._stream, name)
