"""What every reader shares: the formats, the errors a document can raise, and the time limit."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator
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


class _Expired(Exception):
    """Raised by the watchdog inside the reading thread (an exception class, as CPython requires);
    ``time_limit`` turns it into a DocumentTimeoutError with the limit in its message."""


class _Watchdog:
    """One thread per process that interrupts a thread whose document has run past its time limit.

    The interruption is CPython's ``PyThreadState_SetAsyncExc``: the exception is raised in the reading
    thread at its next Python instruction, as a signal handler's would be, but on every platform and in
    any thread (SIGALRM exists neither on Windows nor outside the main thread). Code inside a C call
    (a regular expression, PDFium) is interrupted when the call returns, as with a signal.

    Arming costs a lock and no wake-up: the watchdog looks at its deadlines at least once a second, so a
    limit may be overrun by up to a second. It ends itself after a few idle seconds.
    """

    _POLL = 1.0
    _IDLE = 10.0

    def __init__(self) -> None:
        self._set_async_exc = _async_exc_setter()
        self._reset()
        if hasattr(os, "register_at_fork"):
            # a forked child has none of its parent's threads: it starts its own watchdog when it needs one
            os.register_at_fork(after_in_child=self._reset)

    def _reset(self) -> None:
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._armed: dict[object, tuple[float, int]] = {}  # token -> (deadline, thread id)
        self._running = False

    @property
    def usable(self) -> bool:
        return self._set_async_exc is not None

    def arm(self, seconds: float) -> object:
        token = object()
        with self._lock:
            self._armed[token] = (time.monotonic() + seconds, threading.get_ident())
            if not self._running:
                self._running = True
                threading.Thread(target=self._watch, name="simcompare-time-limit", daemon=True).start()
            elif seconds < self._POLL:
                self._wake.set()  # a short limit (tests): look again now rather than within a second
        return token

    def disarm(self, token: object) -> None:
        """Take the deadline back; if it already fired, cancel the exception not yet delivered."""
        with self._lock:
            if self._armed.pop(token, None) is None and self._set_async_exc is not None:
                self._set_async_exc(threading.get_ident(), None)

    def _watch(self) -> None:
        idle_since = time.monotonic()
        while True:
            with self._lock:
                now = time.monotonic()
                for token, (at, thread) in list(self._armed.items()):
                    if at <= now and self._set_async_exc is not None:
                        del self._armed[token]  # fires once: disarm sees it gone and cancels a late delivery
                        self._set_async_exc(thread, _Expired)
                if self._armed:
                    idle_since = now
                    pause = min(self._POLL, max(0.0, min(at for at, _ in self._armed.values()) - now))
                elif now - idle_since > self._IDLE:
                    self._running = False
                    return
                else:
                    pause = self._POLL
                self._wake.clear()
            self._wake.wait(pause)


def _async_exc_setter() -> Callable[[int, type[BaseException] | None], None] | None:
    """CPython's PyThreadState_SetAsyncExc as a function (None elsewhere: then only the Deadline checks)."""
    try:
        import ctypes

        function = ctypes.pythonapi.PyThreadState_SetAsyncExc
    except (ImportError, AttributeError):
        return None
    function.argtypes = [ctypes.c_ulong, ctypes.py_object]
    function.restype = ctypes.c_int
    null = ctypes.py_object()  # NULL: cancels an exception still pending

    def set_async_exc(thread: int, exception: type[BaseException] | None) -> None:
        function(thread, null if exception is None else exception)

    return set_async_exc


_WATCHDOG = _Watchdog()


@contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    """Interrupt Python code that runs past ``seconds`` with DocumentTimeoutError, in any thread, on any OS.

    Readers check their Deadline between units of work, but one unit can hang inside a pure-Python
    parser (mistune, striprtf's regular expressions, BeautifulSoup). Every document read is wrapped in
    this (``documents.document_from_bytes``), in a scan's workers, in the scanning process and in the
    window's threads alike; the reader is interrupted and the caller goes on with the next file. Limits
    may nest. Without CPython's thread API (another interpreter) it does nothing and the Deadline
    checks remain.
    """
    if seconds is None or not _WATCHDOG.usable:
        yield
        return
    token = _WATCHDOG.arm(seconds)
    try:
        yield
    except _Expired:
        raise DocumentTimeoutError(f"took longer than the time limit of {seconds:g} s to read") from None
    finally:
        _WATCHDOG.disarm(token)
