"""The command's standard output, whose failed writes are told apart from other errors: a full disk, a quota or a
device error while printing a report ends the command with one line saying so (exit 1), not a traceback."""

from __future__ import annotations

from typing import TextIO

__all__ = ["Output", "OutputError"]


class OutputError(OSError):
    """Writing the command's output failed (not a closed pipe, which says the reader went away)."""


class Output:
    """``stream`` as the commands write to it; a write or flush that fails raises :class:`OutputError` (a
    ``BrokenPipeError`` stays itself); everything else is the stream's."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

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
