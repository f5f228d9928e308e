"""Reopened results' groups as saved, on screen while the same groups are decided.

They are made first and alone: the decided groups, made beside them on the other worker, took half the processor
from them (a million files' groups as saved were on screen after 12 s instead of 9). The decided groups are asked
for as soon as these are shown, or could not be (failed, cancelled), or when anything else asks for groups first
(another k, a file left out: :meth:`SavedPreview.stop`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Slot

from simcompare.core.folder.session import FolderSession
from simcompare.gui.folder.jobs import Regrouped, RegroupRequest, SavedLayout

if TYPE_CHECKING:
    from simcompare.gui.folder.page import FolderPage


class SavedPreview(QObject):
    """The page's groups as saved: asked for by :meth:`start`, shown by the page, then the decided ones asked
    for (``page.regroup``)."""

    def __init__(self, page: FolderPage) -> None:
        super().__init__(page)
        self._page = page
        self._then: Callable[[], object] | None = None
        self.pending = False
        """The decided groups are to be asked for once the groups as saved are done."""
        preview = page.jobs.preview
        preview.result_ready.connect(self._on_previewed)
        preview.failed.connect(self._done)
        preview.cancelled.connect(self._done)

    def start(
        self, session: FolderSession, layout: SavedLayout | None, k: int, then: Callable[[], object] | None = None
    ) -> bool:
        """Ask for ``layout``'s groups as saved when they are at ``k`` (True), and for ``then`` once they are done
        (the distance histogram: 1.5 s of the groups' 3.3 s at a million files when measured beside them); False:
        there are none to show (nothing asked for)."""
        if layout is None or layout.k != k:
            return False
        self._page.jobs.preview.submit(RegroupRequest(session, k, layout=layout, decided=False))
        self.pending, self._then = True, then
        return True

    def stop(self) -> None:
        """Groups are asked for otherwise: the groups as saved are no longer needed."""
        self._page.jobs.preview.cancel()
        self.pending = False
        self._after()

    def _after(self) -> None:
        then, self._then = self._then, None
        if then is not None:
            then()

    @Slot(int, object)
    def _on_previewed(self, request: int, outcome: Regrouped) -> None:
        page = self._page
        current = outcome.request.k == page.k_box.value() and outcome.request.session is page.session
        if not (self.pending and current and not outcome.decided and page.shown is None):
            self._done()
            return
        # the decided groups asked for as soon as these are on screen (the timer: the window says meanwhile that
        # they are being made; asked for before the showing, their worker took the processor from it: 0.5 s)
        self.pending = False
        page.jobs.regroup_timer.start()
        page.show_groups(request, outcome)
        self._after()

    @Slot()
    def _done(self) -> None:
        if self.pending:
            self._page.regroup()  # which stops this: what was to come after comes now
        self._after()
