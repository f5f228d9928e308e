"""Hostile tests (round 44) of reopened results' groups shown as saved while they are decided (``page.deciding``)."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest
import test_folder_cleaner as shared
from test_saved_groups_first import reopening_window, saved_marked

from simcompare.core.folder.reprioritise import Criterion, ReferenceRule
from simcompare.gui.folder.page import FolderPage

cleaner, folder, home = shared.cleaner, shared.folder, shared.home  # the cleaner tests' fixtures


def _window(qtbot, tmp_path: Path, name: str) -> FolderPage:
    return reopening_window(qtbot, tmp_path, name, warn=lambda title, text: None)


class _Holds:
    """The window's regroups held back: the groups as saved (``preview``) and the decided ones (``decided``) each
    wait for their event (both set: nothing held)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        from simcompare.gui.folder import jobs

        self.preview, self.decided, self.fail = threading.Event(), threading.Event(), False
        self.preview.set()
        self.decided.set()
        real = jobs.regroup

        def held_back(request, cancel, progress):
            assert (self.decided if request.decided else self.preview).wait(30)
            if request.decided and self.fail:
                raise MemoryError("deciding the groups")
            return real(request, cancel, progress)

        monkeypatch.setattr(jobs, "regroup", held_back)

    def release(self) -> None:
        self.fail = False
        self.preview.set()
        self.decided.set()


@pytest.fixture
def holds(monkeypatch: pytest.MonkeyPatch):
    h = _Holds(monkeypatch)
    yield h
    h.release()


def test_reprioritise_after_a_failed_decision_does_not_show_references_nobody_recorded(
    qtbot, cleaner: FolderPage, folder: Path, tmp_path: Path, holds: _Holds
) -> None:
    """The decision fails: the groups as saved stay on screen, "locked" (``deciding``). Re-prioritise stays enabled
    (gated on a regroup running, not on ``deciding``) and ``apply`` runs: the tree shows new references in the
    groups nobody checked and says "New references in 2 groups", but the cleaner, locked, refuses the choice
    (``choose_references`` returns nothing while locked): the references on screen are recorded nowhere (no undo,
    not in ``cleaner.preferred``), yet Save results writes the groups with them."""
    saved = saved_marked(qtbot, cleaner, folder, tmp_path)
    page = _window(qtbot, tmp_path, "failing")
    try:
        holds.decided.clear()
        holds.fail = True
        with qtbot.waitSignal(page.saved_groups_shown, timeout=30_000):
            assert page.open_results(saved)
        with qtbot.waitSignal(page.jobs.group.failed, timeout=30_000):
            holds.decided.set()
        qtbot.wait(20)
        assert page.deciding
        before = [g.reference for g in page.groups]
        enabled = page.menus.reprioritise_action.isEnabled()
        applied = page.reprioritising.apply(ReferenceRule((Criterion.LARGEST,)))
        if applied:
            qtbot.waitUntil(lambda: not page.jobs.choose.busy, timeout=10_000)
            qtbot.wait(50)
        after = [g.reference for g in page.groups]
        # the groups as saved stay locked: either nothing is chosen, or what is shown is what the cleaner holds
        assert after == before or set(after) - set(before) <= page.cleaner.preferred
        assert not enabled
    finally:
        holds.release()
        page.shutdown()


def test_results_saved_after_a_change_of_k_during_the_preview_say_the_k_of_their_groups(
    qtbot, cleaner: FolderPage, folder: Path, tmp_path: Path, holds: _Holds
) -> None:
    """The groups as saved (at the saved k, 12) are on screen; the user moves k to 2 and saves at once (Save results
    stays enabled: a regroup pending is not "busy"). ``page.save_results`` writes the groups on screen, laid out
    at 12, under ``settings.k`` = the k box's 2: members at distance 8 marked "simhash" evidence at k = 2. The
    file contradicts itself; reopened, its layout is decided at a k it was never made at."""
    saved = saved_marked(qtbot, cleaner, folder, tmp_path)
    page = _window(qtbot, tmp_path, "again")
    try:
        holds.decided.clear()
        with qtbot.waitSignal(page.saved_groups_shown, timeout=30_000):
            assert page.open_results(saved)
        saved_k = page.k_box.value()
        page.k_box.setValue(2)  # the user moves k while the groups as saved are on screen
        during = tmp_path / "during.json"
        try:
            page.save_results(during)
        except ValueError:
            return  # refused while the groups on screen are not those of the k box: fine
        data = json.loads(during.read_text(encoding="utf-8"))
        assert data["settings"]["k"] == saved_k  # the k the groups written were laid out at
    finally:
        holds.release()
        page.shutdown()
