"""An error in a slot is caught, said and logged, and the window stays usable.

Qt calls Python slots, event handlers and timers from its event loop; an exception there reaches
``sys.excepthook`` and nothing else. The guard takes that hook while the window runs: it writes the
traceback to the internal log, prints one line on stderr and emits :attr:`SlotGuard.caught` with a short
plain-text description, on which the window tells the user and sets its pages' controls again from their
real state (a slot that disabled a button and failed before enabling it leaves no dead button behind).
"""

from __future__ import annotations

import contextlib
import sys
import time
import traceback
from collections.abc import Callable
from types import TracebackType

from PySide6.QtCore import QObject, Signal

from simcompare.core.folder.scan import internal_log_path
from simcompare.core.formats.appending import append_text

ExceptHook = Callable[[type[BaseException], BaseException, TracebackType | None], object]


def log_traceback(error: BaseException) -> str:
    """Append ``error``'s traceback to the internal log; returns where it went (a path), or why it could not."""
    try:
        log = internal_log_path()
        log.parent.mkdir(parents=True, exist_ok=True)
        told = "".join(traceback.format_exception(type(error), error, error.__traceback__))
        append_text(log, f"--- {time.strftime('%Y-%m-%d %H:%M:%S')} in the window\n{told}")
        return str(log)
    except (OSError, RuntimeError) as log_error:
        return f"(not written: {log_error})"


def describe(error: BaseException) -> str:
    """``error`` in one line: its type and its message, control characters made visible."""
    text = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
    text = text.splitlines()[0] if text.strip() else type(error).__name__
    return "".join(c if c.isprintable() else f"\\x{ord(c):02x}" for c in text)[:300]


class SlotGuard(QObject):
    """Takes ``sys.excepthook`` while installed and turns an error in a slot into :attr:`caught`.

    Signals:
        caught(str, str): one line describing the error, and where its traceback was written.
    """

    caught = Signal(str, str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._previous: ExceptHook | None = None
        self.count = 0

    @property
    def installed(self) -> bool:
        return self._previous is not None

    def install(self) -> None:
        """Take ``sys.excepthook`` (the one before is given back by :meth:`uninstall`)."""
        if self._previous is None:
            self._previous = sys.excepthook
            sys.excepthook = self._hook

    def uninstall(self) -> None:
        if self._previous is not None:
            if sys.excepthook == self._hook:
                sys.excepthook = self._previous
            self._previous = None

    def _hook(self, kind: type[BaseException], error: BaseException, tb: TracebackType | None) -> None:
        if issubclass(kind, KeyboardInterrupt | SystemExit) and self._previous is not None:
            self._previous(kind, error, tb)
            return
        self.count += 1
        if error.__traceback__ is None and tb is not None:
            error = error.with_traceback(tb)
        where = log_traceback(error)
        line = describe(error)
        with contextlib.suppress(OSError, ValueError, AttributeError):  # no stderr (a windowed program on Windows)
            print(f"simcompare: internal error caught: {line} (traceback in {where})", file=sys.stderr)
        self.caught.emit(line, where)
