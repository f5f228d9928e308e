"""Reopened results' files looked at on disk, once their first groups are on screen (a million files take
seconds: the groups do not wait for them); then the rows of the files that changed or vanished since say so."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal, Slot

from simcompare.core.folder.session import FolderSession
from simcompare.gui.folder.jobs import OnDisk

if TYPE_CHECKING:
    from simcompare.gui.folder.page import FolderPage


class FilesOnDisk(QObject):
    """Starts the page's ``check`` job after the first groups of reopened results, and shows what it found.

    Signals:
        looked_at(): the files were looked at; the rows of those that changed or vanished since say so.
    """

    looked_at = Signal()

    def __init__(self, page: FolderPage) -> None:
        super().__init__(page)
        self._page = page
        self._waiting: FolderSession | None = None  # reopened, its files not yet looked at
        jobs = page.jobs
        jobs.check.result_ready.connect(self._on_found)
        jobs.check.progress.connect(self._on_progress)
        jobs.check.failed.connect(self._on_failed)

    def wait_for_groups(self, session: FolderSession | None) -> None:
        """``session`` (reopened results whose files were not looked at) is shown next; None: nothing to look at.
        Whatever was being looked at for an earlier result is dropped."""
        self._waiting = session
        self._page.jobs.check.cancel()

    def groups_shown(self, session: FolderSession) -> None:
        """Groups of ``session`` are on screen: its files are looked at now, if they wait for it."""
        if self._waiting is session:
            self._waiting = None
            self._page.jobs.check.submit(session)

    # The progress line is the actions' too: while one runs, it says what the action does, not this.
    @Slot(int, int, str)
    def _on_progress(self, done: int, total: int, stage: str) -> None:
        if not self._page.jobs.editing:
            self._page.progress.checking(done, total, stage)

    @Slot(int, str)
    def _on_failed(self, request: int, message: str) -> None:
        self._page.progress.check_failed(request, message, say=not self._page.jobs.editing)

    @Slot(int, object)
    def _on_found(self, _request: int, found: OnDisk) -> None:
        page = self._page
        if found.session is not page.session:
            return  # another result came meanwhile
        page.model.repaint(page.cleaner.note_states(found.session, changed=found.changed, gone=found.gone))
        if page.filter_edit.text():  # a changed or gone file's row says so after its name, which the filter reads
            page.selection.set_filter(page.filter_edit.text(), page.marked_only_box.isChecked())
        page.progress.checked(found.changed, found.gone, say=not page.jobs.editing)
        self.looked_at.emit()
