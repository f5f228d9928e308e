"""The Folder page's actions on files, run off the window's thread: the plan, its run in the worker, and its
progress and Cancel.

An action (trash, move, copy, link, delete permanently) is confirmed on the window's thread; then an
:class:`ActionPlan` is taken — the files as the scan recorded them, their groups' references, the destination —
frozen, so nothing the user does afterwards (a mark cleared, a group regrouped) changes what is acted on. The
plan runs in the page's worker (:func:`run_plan`, the one worker pattern) through the core's actions, which check
each file's identity right before acting on it (:mod:`simcompare.core.folder.safe_paths`). Progress says n of N;
Cancel stops between two files, never inside one, and the files not reached are reported as left alone. The
report comes back as a signal, and the page shows exactly what happened on disk.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from PySide6.QtCore import QObject, Signal, Slot
from PySide6.QtWidgets import QAbstractButton, QLabel, QProgressBar

from simcompare.core.folder.actions import (
    ActionKind,
    ActionLog,
    ActionReport,
    move_scanned,
    trash_scanned,
)
from simcompare.core.folder.cleaning_lock import FolderBusy, cleaning_lock
from simcompare.core.folder.replace import LinkKind, Replacement, copy_scanned, delete_scanned, link_scanned
from simcompare.core.folder.safe_paths import Expected, SkipReason
from simcompare.core.folder.session import FolderSession
from simcompare.core.progress import Progress
from simcompare.gui.common.workers import BackgroundJob


@dataclass(frozen=True, slots=True)
class ActionPlan:
    """What one confirmed action does, taken after the confirmation and never changed afterwards.

    Attributes:
        kind: The action.
        title: Its name in the interface language (the messages' title).
        session: The result the files belong to (an answer for another result is dropped).
        files: The files as scanned, in order (for links: the copies).
        log: Where the action is written.
        trash: Moves one file to the trash (for ``TRASH``).
        destination: The folder to move or copy into (for ``MOVE`` and ``COPY``).
        scanned: The scanned folders (a destination inside them is refused).
        keeping: By a file's path, its group's reference, which must still be there when the file goes.
        pairs: For links: each copy with its reference.
        remove_empty: Remove the folders the action left empty (never those of ``keep``).
        keep: Folders never removed (the scanned folders, the reference folders).
    """

    kind: ActionKind
    title: str
    session: FolderSession
    files: tuple[Expected, ...]
    log: ActionLog
    trash: Callable[[str], None] | None = None
    destination: str = ""
    scanned: tuple[str, ...] = ()
    keeping: Mapping[str, Expected] = field(default_factory=dict)
    pairs: tuple[Replacement, ...] = ()
    remove_empty: bool = False
    keep: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "keeping", MappingProxyType(dict(self.keeping)))  # a copy nobody else holds


@dataclass(frozen=True, slots=True)
class ActionDone:
    """A plan's answer: the report of what happened on disk, or why nothing was done (the destination could not
    be made: ``OSError``; it is inside the scanned folders: ``ValueError``; another simcompare is cleaning the
    folder: ``busy``, that folder)."""

    plan: ActionPlan
    report: ActionReport | None
    error: OSError | ValueError | None = None
    busy: str = ""


def run_plan(plan: object, cancel: threading.Event, progress: Progress) -> ActionDone:
    """Run an :class:`ActionPlan` in the worker: each file checked right before it is acted on; ``cancel`` stops
    between two files. Nothing is done while another simcompare (a command line, another window) cleans the
    scanned folders (:func:`~simcompare.core.folder.cleaning_lock.cleaning_lock`): the answer says so at once,
    it does not wait."""
    assert isinstance(plan, ActionPlan)
    folders = [r.path for r in plan.session.result.roots] or [plan.session.root]
    try:
        with cleaning_lock(folders, wait=False):
            return _run_plan(plan, cancel, progress)
    except FolderBusy as busy:
        return ActionDone(plan, None, busy=busy.folder)


def _run_plan(plan: ActionPlan, cancel: threading.Event, progress: Progress) -> ActionDone:
    root, files, log, keeping = plan.session.root, list(plan.files), plan.log, plan.keeping
    empty, keep = plan.remove_empty, plan.keep
    try:
        if plan.kind is ActionKind.TRASH:
            assert plan.trash is not None
            report = trash_scanned(
                root,
                files,
                plan.trash,
                log=log,
                keeping=keeping,
                remove_empty=empty,
                keep=keep,
                progress=progress,
                cancel=cancel,
            )
        elif plan.kind is ActionKind.MOVE:
            report = move_scanned(
                root,
                files,
                plan.destination,
                log=log,
                scanned=plan.scanned,
                keeping=keeping,
                remove_empty=empty,
                keep=keep,
                progress=progress,
                cancel=cancel,
            )
        elif plan.kind is ActionKind.COPY:
            report = copy_scanned(
                root, files, plan.destination, log=log, scanned=plan.scanned, progress=progress, cancel=cancel
            )
        elif plan.kind is ActionKind.DELETE:
            report = delete_scanned(
                root, files, log=log, keeping=keeping, remove_empty=empty, keep=keep, progress=progress, cancel=cancel
            )
        else:
            how = LinkKind.HARD if plan.kind is ActionKind.HARD_LINK else LinkKind.SYMBOLIC
            report = link_scanned(root, plan.pairs, how, log=log, progress=progress, cancel=cancel)
    except (OSError, ValueError) as error:  # the destination: nothing was done
        return ActionDone(plan, None, error)
    return ActionDone(plan, report)


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
        self._label.setText(self.tr("{0}: {1} of {2} files").format(plan.title, 0, len(plan.files)))
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
            self._label.setText(self.tr("{0}: {1} of {2} files").format(self._title, done, total))

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
