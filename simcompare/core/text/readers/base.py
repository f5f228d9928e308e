"""What every reader shares: the formats, the errors a document can raise, and the time limit."""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from simcompare.core.compat import StrEnum
from simcompare.core.errors import ErrorCode, InputError

# A document that takes longer than this to read is reported, not waited for (see time_limit).
DEFAULT_TIME_LIMIT = 30.0


class Format(StrEnum):
    """How a file's bytes become text."""

    TEXT = "text"
    HTML = "html"
    MARKDOWN = "markdown"
    RTF = "rtf"
    PDF = "pdf"
    DOCX = "docx"
    ODT = "odt"
    EPUB = "epub"


class EncryptedDocumentError(InputError):
    """A password-protected PDF, Office or OpenDocument file, or an EPUB whose text is under DRM."""

    code = ErrorCode.ENCRYPTED


class NoTextLayerError(InputError):
    """A PDF with pages but no text on them: a scanned image, most likely."""

    code = ErrorCode.NO_TEXT_LAYER


class CorruptDocumentError(InputError):
    """A PDF, archive or XML part that its format's reader cannot parse."""

    code = ErrorCode.CORRUPT


class InflateLimitError(InputError):
    """An archive whose members inflate past the size limit (a zip bomb, or simply too big)."""

    code = ErrorCode.INFLATE_LIMIT


class DocumentTimeoutError(InputError):
    """A document that took longer than the time limit to read."""

    code = ErrorCode.TIMEOUT


class Deadline:
    """A point in time after which reading a document gives up; readers call ``check`` between units of
    work (a PDF page, a chunk of XML, an EPUB chapter)."""

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self._at = None if seconds is None else time.monotonic() + seconds

    def check(self) -> None:
        if self._at is not None and time.monotonic() >= self._at:
            raise DocumentTimeoutError(f"took longer than the time limit of {self.seconds:g} s to read")


NO_DEADLINE = Deadline(None)


@contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    """Interrupt Python code that runs past ``seconds`` with DocumentTimeoutError (POSIX, main thread).

    Readers check their Deadline between units of work, but one unit can hang inside a pure-Python
    parser (markdown-it, striprtf's regular expressions, BeautifulSoup). A scan's worker processes wrap
    each file in this: SIGALRM's handler raises in whatever Python code runs, and the worker goes on with
    the next file. Where signals cannot be used (Windows, a thread other than the main one: the window)
    it does nothing and the Deadline checks remain.
    """
    usable = (
        seconds is not None and hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    )
    if not usable:
        yield
        return
    assert seconds is not None

    def expired(_signum: int, _frame: object) -> None:
        raise DocumentTimeoutError(f"took longer than the time limit of {seconds:g} s to read")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
