"""Scanning a folder off the GUI thread (STYLE.md habit 5).

A :class:`ScanWorker` lives on a :class:`QThread` owned by a :class:`ScanRunner`. Cancel is a
``threading.Event`` that the core's progress callback reads, so a cancelled scan stops at the next file
and still returns its partial result (``ScanResult.cancelled``). The SQLite cache is opened inside the
worker thread (a connection belongs to the thread that made it) and closed when the scan ends.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, QThread, Signal, Slot

from simcompare.core.cache import open_cache
from simcompare.core.histogram import distance_histogram
from simcompare.core.scan import ScanOptions, ScanResult, Stage, scan
from simcompare.core.simhash import Config
from simcompare.gui.workers import describe_error

ScanFunction = Callable[..., ScanResult]

# Progress signals are coalesced: a queued signal per file would flood the GUI thread on big folders.
_PROGRESS_INTERVAL = 0.05


@dataclass(frozen=True, slots=True)
class ScanRequest:
    """One scan: the folder, the fingerprint settings, which files, and where the cache lives (None: none)."""

    root: str
    config: Config
    options: ScanOptions
    cache_path: Path | None = None


class ScanWorker(QObject):
    """Runs one scan at a time in its thread; errors leave only as the ``failed`` signal."""

    progress = Signal(int, int, str)
    histogram_ready = Signal(object)  # the DistanceHistogram of the result, just before finished
    finished = Signal(object)
    failed = Signal(str)

    def __init__(self, scan_function: ScanFunction = scan) -> None:
        super().__init__()
        self.scan_function = scan_function
        self._cancel = threading.Event()

    @property
    def cancel_event(self) -> threading.Event:
        return self._cancel

    def cancel(self) -> None:
        """Ask the running scan to stop at the next file (safe from any thread)."""
        self._cancel.set()

    @Slot(object)
    def run(self, request: ScanRequest) -> None:
        last = 0.0
        last_stage = ""

        def report(done: int, total: int, stage: str) -> None:
            nonlocal last, last_stage
            now = time.monotonic()
            if stage != last_stage or done == total or now - last >= _PROGRESS_INTERVAL:
                last, last_stage = now, stage
                self.progress.emit(done, total, stage)

        cache = None
        try:
            if request.cache_path is not None:
                # The default location: what cannot be used there is a warning, and the scan goes on.
                cache = open_cache(request.cache_path, named=False)
            result = self.scan_function(
                request.root, request.config, request.options, cache=cache, progress=report, cancel=self._cancel
            )
        except Exception as error:  # nothing may escape a worker thread
            self.failed.emit(describe_error(error))
            return
        finally:
            if cache is not None:
                cache.close()
        if not result.cancelled:
            self.progress.emit(len(result.files), len(result.files), Stage.DONE)
        values = [f.value for f in result.files if not f.empty]
        self.histogram_ready.emit(distance_histogram(values, result.config.bits))
        self.finished.emit(result)


class ScanRunner(QObject):
    """Owns the scan thread; one scan at a time.

    Signals:
        progress(done, total, stage), histogram_ready(DistanceHistogram), finished(ScanResult),
        failed(message): from the worker.
        busy_changed(busy): a scan started or ended.
    """

    progress = Signal(int, int, str)
    histogram_ready = Signal(object)
    finished = Signal(object)
    failed = Signal(str)
    busy_changed = Signal(bool)
    _start = Signal(object)

    def __init__(self, scan_function: ScanFunction = scan, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._busy = False
        self._thread = QThread(self)
        self._thread.setObjectName("folder-scan")
        self._worker = ScanWorker(scan_function)
        self._worker.moveToThread(self._thread)
        self._start.connect(self._worker.run)
        self._worker.progress.connect(self.progress)
        self._worker.histogram_ready.connect(self.histogram_ready)
        self._worker.finished.connect(self._on_finished)
        self._worker.failed.connect(self._on_failed)
        self._thread.finished.connect(self._worker.deleteLater)
        self._thread.start()

    @property
    def worker(self) -> ScanWorker:
        return self._worker

    @property
    def busy(self) -> bool:
        return self._busy

    def start(self, request: ScanRequest) -> bool:
        """Start a scan; refused (False) while one runs."""
        if self._busy:
            return False
        self._worker.cancel_event.clear()
        self._set_busy(True)
        self._start.emit(request)
        return True

    def cancel(self) -> None:
        self._worker.cancel()

    def shutdown(self) -> None:
        """Cancel any scan and stop the thread; call before the owner goes away."""
        self._worker.cancel()
        if self._thread.isRunning():
            self._thread.quit()
            self._thread.wait()

    def _set_busy(self, busy: bool) -> None:
        if busy != self._busy:
            self._busy = busy
            self.busy_changed.emit(busy)

    @Slot(object)
    def _on_finished(self, result: object) -> None:
        self._set_busy(False)
        self.finished.emit(result)

    @Slot(str)
    def _on_failed(self, message: str) -> None:
        self._set_busy(False)
        self.failed.emit(message)
