"""Hostile tests of reopened results' groups shown as saved while they are decided (``FolderPage.deciding``)."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest
import test_folder_cleaner as shared
import test_saved_groups_first as saved_first
from PySide6.QtCore import Qt
from test_folder_cleaner import index_of, marked_paths
from test_folder_page import wait_grouped
from test_saved_groups_first import regroups_held, reopening_window, saved_marked

from simcompare.gui.folder.page import FolderPage

cleaner, folder, home = shared.cleaner, shared.folder, shared.home  # the cleaner tests' fixtures
held = saved_first.held  # the decided regroup held back until its event is set


def _window(qtbot, tmp_path: Path, name: str) -> FolderPage:
    return reopening_window(qtbot, tmp_path, name, warn=lambda title, text: None)


def test_saved_k_beyond_the_window_range_keeps_the_saved_marks_and_references(
    qtbot, cleaner: FolderPage, folder: Path, tmp_path: Path, held: threading.Event
) -> None:
    """Results saved at k = 40 (``simcompare scan -k 40 --save-results`` writes them; the window's k box stops at
    32 for 64 bits): the "groups as saved" request finds no layout at the clamped k and searches the folder as a
    *decided* regroup, but without the user's chosen references, reference folders or rule. Shown as decided
    while the real decision runs, it takes the held saved marks and drops those on the files it made references:
    the marks saved with the results are lost for good."""
    saved = saved_marked(qtbot, cleaner, folder, tmp_path, reference="en_a.txt")
    marked = marked_paths(cleaner)
    assert "en_c.txt" in marked  # en_a.txt is the English group's reference by the user's choice
    data = json.loads(saved.read_text(encoding="utf-8"))
    data["settings"]["k"] = 40
    saved.write_text(json.dumps(data), encoding="utf-8")

    page = _window(qtbot, tmp_path, "again")
    try:
        assert page.open_results(saved)
        qtbot.waitUntil(lambda: page.session is not None and not page.jobs.preview.busy, timeout=30_000)
        qtbot.wait(50)
        held.set()
        wait_grouped(qtbot, page)
        qtbot.waitUntil(lambda: not page.jobs.preview.busy, timeout=30_000)
        english = next(g for g in page.groups if index_of(page, "sub/en_b.md") in g.indices)
        assert page.session.files[english.reference].path == "en_a.txt"  # the user's choice holds
        assert marked_paths(page) == marked  # the saved marks are all back
    finally:
        page.shutdown()


@pytest.fixture
def failing(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """The decided regroup held back until the event is set, then failing (a MemoryError on a big result, a
    sketch the decision cannot read): the groups as saved stay the last on screen."""
    release, _ = regroups_held(monkeypatch, True, failing=MemoryError("deciding the groups"))
    yield release
    release.set()


def _shown_then_failed(qtbot, tmp_path: Path, saved: Path, release: threading.Event) -> FolderPage:
    page = _window(qtbot, tmp_path, "failing")
    with qtbot.waitSignal(page.saved_groups_shown, timeout=30_000):
        assert page.open_results(saved)
    assert page.deciding
    with qtbot.waitSignal(page.jobs.group.failed, timeout=30_000):
        release.set()
    qtbot.wait(20)
    return page


def test_a_failed_decision_leaves_no_action_on_the_groups_as_saved(
    qtbot, cleaner: FolderPage, folder: Path, tmp_path: Path, failing: threading.Event
) -> None:
    """The decided regroup fails while the groups as saved are on screen: they stay, undecided (``deciding``), but
    nothing gates the actions on ``deciding`` any more (only on a grouping running): Move to trash, Move to
    folder, the Delete key act on the files of groups nobody checked."""
    saved = saved_marked(qtbot, cleaner, folder, tmp_path)
    page = _shown_then_failed(qtbot, tmp_path, saved, failing)
    try:
        page.confirm = lambda *_: True
        victim = folder / "en_a.txt"
        page.select_files([index_of(page, "en_a.txt")])
        if page.deciding:  # groups nobody decided are still on screen: nothing may act on them
            assert not page.trash_button.isEnabled() and not page.menus.trash_action.isEnabled()
            assert not page.move_button.isEnabled()
        qtbot.keyClick(page.tree, Qt.Key.Key_Delete)
        qtbot.wait(200)
        qtbot.waitUntil(lambda: not page.jobs.act.busy, timeout=10_000)
        assert victim.exists() or not page.deciding
    finally:
        page.shutdown()


def test_a_failed_decision_does_not_keep_the_saved_marks_from_being_saved(
    qtbot, cleaner: FolderPage, folder: Path, tmp_path: Path, failing: threading.Event
) -> None:
    """The decided regroup fails: the window stays "deciding" for good (cleaner locked, "being checked again"), and
    Save results refuses for good, so the saved marks held for the decided groups can never be written again."""
    saved = saved_marked(qtbot, cleaner, folder, tmp_path)
    marked = marked_paths(cleaner)
    page = _shown_then_failed(qtbot, tmp_path, saved, failing)
    try:
        assert "being checked" not in page.stats_label.text()  # it is not: the decision failed
        again = tmp_path / "again.json"
        page.save_results(again)  # the user's work (the marks as saved) can still be kept
        assert set(json.loads(again.read_text(encoding="utf-8"))["cleaner"]["marked"]) == marked
    finally:
        page.shutdown()


def test_save_results_asked_before_the_groups_as_saved_came_is_not_an_error_in_a_slot(
    qtbot, cleaner: FolderPage, folder: Path, tmp_path: Path, held: threading.Event
) -> None:
    """Save results asked for while no groups are on screen (its dialog opened just before, or the menu's slot
    reached anyway): ``page.save_results`` refuses with a ValueError, which the slot says in a warning rather than
    letting it escape (it caught OSError only); nothing is written. The action itself waits for the groups."""
    saved = saved_marked(qtbot, cleaner, folder, tmp_path)
    page = _window(qtbot, tmp_path, "dialog")
    warned: list[str] = []
    page.warn = lambda title, text: warned.append(text)
    again = tmp_path / "again.json"
    page.ask_save_path = lambda _title, _start, _pattern: str(again)
    try:
        page.jobs.preview.submit = lambda request: 0  # the groups as saved late (a big result: seconds)
        with qtbot.waitSignal(page.scan_finished, timeout=30_000):
            assert page.open_results(saved)
        assert page.shown is None and not page.menus.save_results_action.isEnabled()
        assert page.dialogs.save_results() == ""  # the slot, reached: no error escapes it
        assert warned and "being made" in warned[0] and not again.exists()
    finally:
        held.set()
        page.shutdown()


def test_results_saved_while_the_first_groups_are_made_keep_the_saved_groups(
    qtbot, cleaner: FolderPage, folder: Path, tmp_path: Path, held: threading.Event
) -> None:
    """Between the results being open and any groups on screen (neither the groups as saved nor the decided ones),
    Save results is enabled and ``page.save_results`` writes the groups on screen: none. The saved groups, and with
    them every saved mark (a mark outside the groups is dropped on reopening), are lost from the file."""
    saved = saved_marked(qtbot, cleaner, folder, tmp_path)
    marked = marked_paths(cleaner)
    page = _window(qtbot, tmp_path, "early")
    try:
        page.jobs.preview.submit = lambda request: 0  # the groups as saved late (a big result: seconds)
        with qtbot.waitSignal(page.scan_finished, timeout=30_000):
            assert page.open_results(saved)
        assert page.shown is None and not page.groups
        again = tmp_path / "again.json"
        try:
            page.save_results(again)
        except ValueError:
            return  # refused until groups are on screen: fine
        data = json.loads(again.read_text(encoding="utf-8"))
        assert data["groups"], "the saved groups were written away"
        assert set(data["cleaner"]["marked"]) == marked
    finally:
        held.set()
        page.shutdown()


def test_not_duplicates_waits_for_the_decided_groups(
    qtbot, cleaner: FolderPage, folder: Path, tmp_path: Path, held: threading.Event
) -> None:
    """While the groups as saved are on screen (``deciding``: "no mark, no action until then") the Not duplicates
    button, its menu entry and Side by side's pair stay enabled: a pair of an undecided group (its resemblance not
    even measured: the column is blank) is written to the user's not-duplicates list, kept across scans."""
    saved = saved_marked(qtbot, cleaner, folder, tmp_path)
    page = _window(qtbot, tmp_path, "pair")
    try:
        with qtbot.waitSignal(page.saved_groups_shown, timeout=30_000):
            assert page.open_results(saved)
        page.select_files([index_of(page, "en_a.txt"), index_of(page, "sub/en_b.md")])
        assert page.selection.selected_pair() is not None and page.deciding
        assert not page.not_dup_button.isEnabled() and not page.menus.not_dup_action.isEnabled()
    finally:
        held.set()
        page.shutdown()


def test_groups_as_saved_do_not_claim_shared_word_pairs_nobody_measured(
    qtbot, cleaner: FolderPage, folder: Path, tmp_path: Path, held: threading.Event
) -> None:
    """A file the results put in a group farther than k from its reference (a crafted file: other.txt, unlike
    everything) is shown as saved with the evidence "shingles" (``laid_out(decided=False)`` derives it from the
    distance alone), so its distance's tooltip says "Grouped on its shared word pairs alone" while no word pair was
    measured (its resemblance is blank)."""
    saved = saved_marked(qtbot, cleaner, folder, tmp_path)
    data = json.loads(saved.read_text(encoding="utf-8"))
    english = next(g for g in data["groups"] if any(m["path"] == "en_a.txt" for m in g["members"]))
    english["members"].append({"path": "other.txt", "distance": 0, "size": 1})
    saved.write_text(json.dumps(data), encoding="utf-8")
    page = _window(qtbot, tmp_path, "tip")
    try:
        with qtbot.waitSignal(page.saved_groups_shown, timeout=30_000):
            assert page.open_results(saved)
        other = index_of(page, "other.txt")
        member = next(m for g in page.groups for m in g.members if m.index == other)
        assert member.verified is None and member.distance > page.k_box.value()
        from simcompare.gui.folder.models import Column

        index = page.model.member_index(other)
        tip = page.model.index(index.row(), Column.DISTANCE, index.parent()).data(Qt.ItemDataRole.ToolTipRole)
        assert "shared word pairs" not in str(tip)
    finally:
        held.set()
        page.shutdown()
