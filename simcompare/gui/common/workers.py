"""The one worker pattern of the window: a QObject on a QThread of its own, newest request wins.

A :class:`BackgroundJob` owns a thread and a worker. ``submit(payload)`` numbers the request, sets the
previous request's cancel event (the function checks it between its steps) and queues the new one. Only
the newest request's answer is passed on; older answers are dropped, so a slow recompute can never
overwrite a newer one. Errors cross the thread boundary only as signals.

Every long job of the window uses it: the Compare page's recompute, the differences, the Folder page's
scan and its regrouping. A job made with ``reports_progress=True`` gets a third argument, a progress callback
``(done, total, stage)`` whose reports reach the ``progress`` signal at most every 50 ms (a queued signal
per file would flood the window's thread). ``stop()`` asks the running request to stop but still wants its
answer (a cancelled scan returns its partial result); ``cancel()`` drops the answer as well.
"""

from __future__ import annotations

import gc
import sys
import threading
import time
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QObject, QThread, QTimer, Signal, Slot

from simcompare.core.errors import Cancelled, UnknownTokenError
from simcompare.gui.common.messages import error_text

JobFunction = Callable[..., object]
"""``function(payload, cancel)``, or ``function(payload, cancel, progress)`` for a job with progress."""

PROGRESS_INTERVAL = 0.05
SWITCH_INTERVAL = 0.0001
"""Seconds a thread holds the GIL before another may take it, while the window runs.

Painting a view takes the GIL once for every virtual call Qt makes on a PySide object (to look for a
Python override: a tree view's repaint makes a thousand and more), and while a worker runs Python each take
waits up to this interval. At 0.5 ms one repaint of the Folder page's groups during a regroup of 100,000
files stopped the window for 0.2 s; at 0.1 ms the longest pause is 0.13-0.19 s in all and the Compare page is
as fast (benchmarks/bench_folder_gui.py --regroup, bench_compare_gui.py). Shorter still made the Compare
page's threads slower.
"""

_BUSY_JOBS: set[int] = set()
"""ids of the jobs now busy (the garbage collector waits for none to be)."""


def describe_error(error: BaseException) -> str:
    """A short reason for an error from the core, in the interface language.

    The one error a user can cause on purpose is a token the teaching table has no code for: the error names
    the token, and the sentence around it is ours.
    """
    if isinstance(error, UnknownTokenError):
        return QCoreApplication.translate(
            "Messages", "the teaching table has no code for '{0}': it knows only the tokens a–e"
        ).format(error.token)
    if isinstance(error, ValueError):  # a setting the core refused: its message says what would be right
        return str(error)
    return error_text(error)


class _Worker(QObject):
    """Runs the job function in the worker thread."""

    finished = Signal(int, object)
    failed = Signal(int, str)
    cancelled = Signal(int)
    progress = Signal(int, int, int, str)  # request id, done, total, stage

    def __init__(self, function: JobFunction, *, reports_progress: bool = False) -> None:
        super().__init__()
        self._function = function
        self._reports_progress = reports_progress

    def _reporter(self, request_id: int) -> Callable[[int, int, str], None]:
        last = 0.0
        last_stage = ""

        def report(done: int, total: int, stage: str = "") -> None:
            nonlocal last, last_stage
            now = time.monotonic()
            if stage != last_stage or done == total or now - last >= PROGRESS_INTERVAL:
                last, last_stage = now, stage
                self.progress.emit(request_id, done, total, stage)

        return report

    @Slot(int, object, object)
    def run(self, request_id: int, payload: object, cancel: threading.Event) -> None:
        if cancel.is_set():
            self.cancelled.emit(request_id)
            return
        try:
            if self._reports_progress:
                result = self._function(payload, cancel, self._reporter(request_id))
            else:
                result = self._function(payload, cancel)
        except Cancelled:
            self.cancelled.emit(request_id)
        except Exception as error:  # every failure becomes a signal: nothing may escape a worker thread
            self.failed.emit(request_id, describe_error(error))
        else:
            self.finished.emit(request_id, result)


class BackgroundJob(QObject):
    """Runs ``function(payload, cancel_event)`` off the GUI thread; only the newest answer is reported.

    Args:
        function: ``function(payload, cancel)``; with ``reports_progress=True``, ``function(payload, cancel, report)``.
        name: The thread's name.
        parent: The owner; the thread stops when it goes.
        reports_progress: Pass a progress callback to the function and report through ``progress``.

    Signals:
        result_ready(request_id, result): the newest request finished.
        failed(request_id, message): the newest request raised.
        cancelled(request_id): the newest request stopped (raised Cancelled) without an answer.
        progress(done, total, stage): from the newest request (jobs made with ``reports_progress=True``).
        busy_changed(busy): work started or the newest request was answered.
    """

    result_ready = Signal(int, object)
    failed = Signal(int, str)
    cancelled = Signal(int)
    progress = Signal(int, int, str)
    busy_changed = Signal(bool)
    _run = Signal(int, object, object)

    def __init__(
        self, function: JobFunction, name: str, parent: QObject | None = None, *, reports_progress: bool = False
    ) -> None:
        super().__init__(parent)
        self._latest = 0
        self._cancel = threading.Event()
        self._busy = False
        self._thread = QThread(self)
        self._thread.setObjectName(name)
        self._worker = _Worker(function, reports_progress=reports_progress)
        self._worker.moveToThread(self._thread)
        self._run.connect(self._worker.run)
        self._worker.finished.connect(self._on_finished)
        self._worker.failed.connect(self._on_failed)
        self._worker.cancelled.connect(self._on_cancelled)
        self._worker.progress.connect(self._on_progress)
        self._thread.finished.connect(self._worker.deleteLater)
        if parent is not None:  # a thread destroyed while running aborts the process: stop it with the owner
            parent.destroyed.connect(self.shutdown)
        self._thread.start()

    @property
    def busy(self) -> bool:
        """True from a submit until the newest request is answered."""
        return self._busy

    @property
    def worker(self) -> QObject:
        """The worker in the thread (its ``progress`` signal may be connected directly, e.g. by tests)."""
        return self._worker

    def stop(self) -> None:
        """Ask the current request to stop at its next step; its answer (e.g. a partial result) still comes."""
        self._cancel.set()

    @property
    def stopping(self) -> bool:
        """The current request was asked to stop (:meth:`stop`) and has not answered yet."""
        return self._busy and self._cancel.is_set()

    def submit(self, payload: object) -> int:
        """Queue work; any older request still waiting or running is told to stop. Returns the request id."""
        self._cancel.set()
        self._cancel = threading.Event()
        self._latest += 1
        self._set_busy(True)
        self._run.emit(self._latest, payload, self._cancel)
        return self._latest

    def cancel(self) -> None:
        """Stop waiting for the current request (its answer will be dropped)."""
        self._cancel.set()
        self._latest += 1
        self._set_busy(False)

    def shutdown(self) -> None:
        """Stop the thread after the current step; call before the owner goes away."""
        self._cancel.set()
        _BUSY_JOBS.discard(id(self))
        if self._thread.isRunning():
            self._thread.quit()
            self._thread.wait()

    def _set_busy(self, busy: bool) -> None:
        if busy != self._busy:
            self._busy = busy
            if busy:
                _BUSY_JOBS.add(id(self))
            else:
                _BUSY_JOBS.discard(id(self))
                _settle()
            self.busy_changed.emit(busy)

    @Slot(int, object)
    def _on_finished(self, request_id: int, result: object) -> None:
        if request_id == self._latest:
            self._set_busy(False)
            self.result_ready.emit(request_id, result)

    @Slot(int, str)
    def _on_failed(self, request_id: int, message: str) -> None:
        if request_id == self._latest:
            self._set_busy(False)
            self.failed.emit(request_id, message)

    @Slot(int)
    def _on_cancelled(self, request_id: int) -> None:
        if request_id == self._latest:  # cancelled without a newer request: nothing more is coming
            self._set_busy(False)
            self.cancelled.emit(request_id)

    @Slot(int, int, int, str)
    def _on_progress(self, request_id: int, done: int, total: int, stage: str) -> None:
        if request_id == self._latest:
            self.progress.emit(done, total, stage)


def _settle() -> None:
    """Freeze the objects alive now when the last busy job answers, if the window collects by itself.

    The answer (100,000 records, their groups) lives as long as it is shown; frozen, no collection walks
    it again, so collections stay short. Frozen objects are still freed by their reference counts; only
    cycles among them stay until ``unfreeze``. Without a :class:`GuiThreadCollector` nothing changes.
    """
    if not _BUSY_JOBS and not gc.isenabled():
        gc.freeze()


class GuiThreadCollector(QObject):
    """Runs Python's cyclic garbage collector on the GUI thread only.

    The collector runs in whichever thread happens to allocate when a threshold is crossed, and the
    workers allocate a lot (segmentation). Should it collect a widget left in a reference cycle, the
    widget would be destroyed on a worker thread, which crashes Qt. So automatic collection is switched
    off and this timer collects, generation by generation, as the thresholds say.
    """

    def __init__(self, parent: QObject, interval_ms: int = 1000) -> None:
        super().__init__(parent)
        gc.disable()
        # Every call from Qt into Python (a cell's data, a paint) takes the GIL; while a worker runs Python,
        # each such take waits up to the switch interval (5 ms by default), and a repaint makes hundreds.
        self._switch = sys.getswitchinterval()
        sys.setswitchinterval(SWITCH_INTERVAL)
        self._timer = QTimer(self)
        self._timer.timeout.connect(self.check)
        self._timer.start(interval_ms)

    @Slot()
    def check(self) -> None:
        if _BUSY_JOBS:
            # A collection walks every young object, and a worker makes hundreds of thousands (a regroup
            # of 100,000 files): the window would stop for a quarter of a second each time. Its
            # temporaries are freed by their reference counts; cycles wait until the work is done.
            return
        threshold = gc.get_threshold()
        count = gc.get_count()
        for generation in (2, 1, 0):
            if count[generation] > threshold[generation]:
                gc.collect(generation)
                break

    def stop(self) -> None:
        self._timer.stop()
        sys.setswitchinterval(self._switch)
        gc.unfreeze()
        gc.enable()
