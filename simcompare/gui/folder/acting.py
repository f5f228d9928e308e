"""The Folder page's actions on files, run off the window's thread: progress and Cancel on the page.

An action (trash, move, copy, link, delete permanently) is confirmed on the window's thread; then a frozen
:class:`~simcompare.core.folder.plan.ActionPlan` is taken (the core's, as the command line takes it) and runs in
the page's worker (:func:`~simcompare.core.folder.plan.run_plan`, the one worker pattern). Progress says n of N;
Cancel stops between two files, never inside one, and the files not reached are reported as left alone. The
report comes back as a signal, and the page shows exactly what happened on disk.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal, Slot
from PySide6.QtWidgets import QAbstractButton, QLabel, QProgressBar

from simcompare.core.folder.plan import ActionDone, ActionPlan
from simcompare.core.folder.safe_paths import SkipReason
from simcompare.gui.common.workers import BackgroundJob

__all__ = ["ActionDone", "ActionPlan", "ActionRunner"]


class ActionRunner(QObject):
    """Runs one plan at a time in ``job``, showing n of N on the page's progress bar; the Cancel button stops
    the plan between two files.

    Signals:
        done(ActionDone): the plan's answer (on the window's thread).
    """

    done = Signal(object)

    def __init__(
        self, job: BackgroundJob, bar: QProgressBar, label: QLabel, cancel: QAbstractButton, parent: QObject
    ) -> None:
        super().__init__(parent)
        self._job, self._bar, self._label = job, bar, label
        self._title = ""
        job.progress.connect(self._on_progress)
        job.result_ready.connect(self._on_done)
        job.failed.connect(self._on_failed)
        cancel.clicked.connect(self.cancel)

    @property
    def running(self) -> bool:
        return self._job.busy

    def start(self, plan: ActionPlan) -> bool:
        """Run ``plan`` in the worker; False when another action runs."""
        if self._job.busy:
            return False
        self._title = plan.title
        self._bar.setRange(0, max(len(plan.files), 1))
        self._bar.setValue(0)
        self._bar.show()
        self._label.setText(self.tr("{0}: {1} of {2} files").format(plan.title, 0, f"{len(plan.files):,}"))
        self._job.submit(plan)
        return True

    @Slot()
    def cancel(self) -> None:
        """Stop after the file being acted on; the answer still comes, naming the files not reached."""
        if self._job.busy:
            self._job.stop()
            self._label.setText(self.tr("{0}: stopping after the file being acted on…").format(self._title))

    @Slot(int, int, str)
    def _on_progress(self, done: int, total: int, _stage: str) -> None:
        self._bar.setRange(0, max(total, 1))
        self._bar.setValue(done)
        if not self._job.stopping:
            self._label.setText(self.tr("{0}: {1} of {2} files").format(self._title, f"{done:,}", f"{total:,}"))

    @Slot(int, object)
    def _on_done(self, _request: int, done: ActionDone) -> None:
        self._bar.hide()
        stopped = done.report is not None and any(o.skipped is SkipReason.CANCELLED for o in done.report.stayed)
        said = self.tr("{0}: stopped by Cancel") if stopped else self.tr("{0}: done")
        self._label.setText(said.format(self._title))  # what was done: the line above the list
        self.done.emit(done)

    @Slot(int, str)
    def _on_failed(self, _request: int, message: str) -> None:
        self._bar.hide()
        self._label.setText(
            self.tr("{0} stopped with an error: {1}. The action log lists what was done.").format(self._title, message)
        )
