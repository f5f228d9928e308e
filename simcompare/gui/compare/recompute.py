"""When the Compare page recomputes: the wait after a change, the worker, and the first request's wait for a paint.

Any change schedules a recompute: typing waits for a pause (the page's ``TYPING_DELAY_MS``), a setting a
shorter one, a file or an example none; a burst of changes recomputes once. The request is read from the
inputs when the wait ends and runs on the worker thread; only the newest request's answer comes back.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer, Signal, Slot

from simcompare.gui.common.workers import BackgroundJob
from simcompare.gui.compare.compute import Comparer, CompareRequest


class Recompute(QObject):
    """Schedules the Compare page's requests and runs them on a worker of their own.

    Signals:
        submitted(CompareRequest): a request went to the worker (the word diff can start beside it).
        result_ready(int, CompareResult): the newest request's answer.
        failed(int, str): the newest request failed, and why.
        busy_changed(bool): the worker started or finished the newest request.
    """

    submitted = Signal(object)
    result_ready = Signal(int, object)
    failed = Signal(int, str)
    busy_changed = Signal(bool)

    def __init__(self, make_request: Callable[[], CompareRequest], parent: QObject | None = None) -> None:
        """``make_request`` reads the inputs as they are when a wait ends."""
        super().__init__(parent)
        self._make_request = make_request
        self._job = BackgroundJob(Comparer(), "simcompare-compare", self)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._pending_delay = 0
        # The first request loads jieba's dictionary on the worker, holding Python's lock for a while
        # (rjieba: about 0.15 s, jieba: a second): a page that has not been painted yet waits for its
        # first paint before starting one on its own, so the window appears first. What the user asks
        # for (a file, an example, a pair from the Folder page) starts at once.
        self._painted = False
        self._first_request_waiting = False
        self._timer.timeout.connect(self._on_timer)
        self._job.result_ready.connect(self.result_ready)
        self._job.failed.connect(self.failed)
        self._job.busy_changed.connect(self.busy_changed)

    @property
    def busy(self) -> bool:
        return self._job.busy

    def is_settled(self) -> bool:
        """True when no recompute is pending or running."""
        return not self._first_request_waiting and not self._timer.isActive() and not self._job.busy

    def schedule(self, delay_ms: int) -> None:
        """Recompute after ``delay_ms``; typing restarts the wait, so a burst of keys recomputes once."""
        if self._timer.isActive() and self._pending_delay < delay_ms:
            return  # a sooner recompute is already on its way and will see this change too
        self._pending_delay = delay_ms
        self._timer.start(delay_ms)

    def schedule_when_painted(self) -> None:
        """Recompute now if the page is on screen, else once it is first painted (see ``__init__``)."""
        if self._painted:
            self.schedule(0)
        else:
            self._first_request_waiting = True

    def page_painted(self) -> None:
        """The page was painted: a first request waiting for that starts."""
        if not self._painted:
            self._painted = True
            if self._first_request_waiting:
                self.schedule(0)  # runs at the next turn of the event loop, after this paint

    def shutdown(self) -> None:
        """Stop the timer and the worker."""
        self._timer.stop()
        self._job.shutdown()

    @Slot()
    def _on_timer(self) -> None:
        self._first_request_waiting = False  # this request reads the inputs as they are now
        request = self._make_request()
        self._job.submit(request)
        self.submitted.emit(request)
