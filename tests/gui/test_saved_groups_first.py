"""Reopened results' groups are on screen as saved before each member is decided again (a million files: seconds
instead of ten more): while they are decided nothing may be marked or acted on, the marks the file saved wait for
the decided groups, and a member the decision drops leaves."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest
import test_folder_cleaner as shared
from PySide6.QtCore import QSettings
from test_folder_cleaner import index_of, marked_paths, menu_action
from test_folder_page import run_scan, wait_grouped

from simcompare.core.formats.results import read_results
from simcompare.gui.folder.page import FolderPage

cleaner, folder, home = shared.cleaner, shared.folder, shared.home  # the cleaner tests' fixtures


def _paths(page: FolderPage) -> list[set[str]]:
    files = page.session.files
    return sorted(({files[m.index].path for m in g.members} for g in page.groups), key=sorted)


def _saved_with_a_stranger(qtbot, page: FolderPage, folder: Path, tmp_path: Path) -> Path:
    """Scan, mark all but the references, save; then put other.txt (unlike every file) in the English group."""
    saved = saved_marked(qtbot, page, folder, tmp_path)
    data = json.loads(saved.read_text(encoding="utf-8"))
    english = next(g for g in data["groups"] if any(m["path"] == "en_a.txt" for m in g["members"]))
    english["members"].append({"path": "other.txt", "distance": 0, "size": 1})
    saved.write_text(json.dumps(data), encoding="utf-8")
    return saved


def regroups_held(
    monkeypatch: pytest.MonkeyPatch, decided: bool, *, failing: BaseException | None = None
) -> tuple[threading.Event, list[bool]]:
    """The windows made after this hold back the making of decided groups (or of groups as saved) until the event
    is set, and with ``failing``, the first of them held raises it instead; the list gains each request's
    ``decided`` as it goes on."""
    from simcompare.gui.folder import jobs

    release, real, made = threading.Event(), jobs.regroup, []

    def held_back(request, cancel, progress):
        if request.decided == decided:
            assert release.wait(30)
            if failing is not None and made.count(decided) == 0:
                made.append(request.decided)
                raise failing
        made.append(request.decided)
        return real(request, cancel, progress)

    monkeypatch.setattr(jobs, "regroup", held_back)
    return release, made


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """The groups' decision held back: a small result's groups are decided before the groups as saved are shown
    otherwise, and these are then never shown."""
    release, _ = regroups_held(monkeypatch, True)
    yield release
    release.set()


def _opened_while_held(qtbot, page: FolderPage, saved: Path, held: threading.Event) -> None:
    """``page`` opens ``saved``: the groups as saved on screen, then the decision let go."""
    with qtbot.waitSignal(page.saved_groups_shown, timeout=60_000):
        assert page.open_results(saved)
    held.set()
    wait_grouped(qtbot, page)


def _refused(call) -> str:
    try:
        call()
    except ValueError as error:
        return str(error)
    return ""


def reopening_window(qtbot, tmp_path: Path, name: str, *, warn=None) -> FolderPage:
    """A fresh window whose groups keep the references they were found around, as the scanning one's; a warning
    fails the test unless ``warn`` takes it."""
    page = FolderPage(settings=QSettings(str(tmp_path / f"{name}.ini"), QSettings.Format.IniFormat), cache_path=None)
    page.reprioritising.new_groups_rule = None
    page.warn = warn or (lambda title, text: pytest.fail(text))
    qtbot.addWidget(page)
    return page


def saved_marked(qtbot, page: FolderPage, folder: Path, tmp_path: Path, *, reference: str | None = None) -> Path:
    """Scan ``folder`` in ``page``, make ``reference`` its group's reference (if given), mark all but the
    references, and save the results (``R.json``)."""
    run_scan(qtbot, page, folder)
    if reference is not None:
        page.select_files([index_of(page, reference)])
        assert page.marking.set_selected_as_reference()
    menu_action(page.mark_menu, "Mark all but the reference").trigger()
    assert marked_paths(page)
    saved = tmp_path / "R.json"
    page.save_results(saved)
    return saved


def _reopen(qtbot, tmp_path: Path, saved: Path, release: threading.Event) -> tuple[FolderPage, list[dict[str, object]]]:
    """A fresh window opening ``saved``; what it showed and allowed when the groups were first on screen."""
    page = reopening_window(qtbot, tmp_path, "again")
    seen: list[dict[str, object]] = []

    def first_seen(k: int) -> None:
        other = index_of(page, "other.txt")
        seen.append(
            {
                "k": k,
                "paths": _paths(page),
                "deciding": page.deciding,
                "regrouping": page.regrouping,
                "marks": set(page.cleaner.marks),
                "may mark": page.cleaner.may_mark(other),
                "tick": page.cleaner.tick(other, True),
                "trash": page.trash_button.isEnabled() or page.menus.trash_action.isEnabled(),
                "move": page.move_button.isEnabled(),
                "save or export": [
                    a.isEnabled()
                    for a in (
                        page.menus.save_results_action,
                        page.menus.export_csv_action,
                        page.menus.export_json_action,
                    )
                ],
                "mark by rule": menu_action(page.mark_menu, "Mark all but the reference").isEnabled(),
                "saved": _refused(lambda: page.save_results(tmp_path / "during.json")),
                "stats": page.stats_label.text(),
                # the cleaner's sets of members and references are not made for groups nothing acts on
                "sets": (page.shown.member_set, page.shown.references, page.cleaner._members),
            }
        )

    page.saved_groups_shown.connect(first_seen)
    _opened_while_held(qtbot, page, saved, release)
    return page, seen


def test_saved_groups_are_shown_as_saved_then_decided(
    qtbot, cleaner: FolderPage, folder: Path, tmp_path: Path, held: threading.Event
) -> None:
    saved = _saved_with_a_stranger(qtbot, cleaner, folder, tmp_path)
    marked = marked_paths(cleaner)
    page, seen = _reopen(qtbot, tmp_path, saved, held)
    try:
        [first] = seen  # shown once as saved, before regrouped
        assert first["k"] == page.k_box.value()
        assert any({"en_a.txt", "other.txt"} <= group for group in first["paths"])  # as the file says
        assert first["deciding"] and first["regrouping"]
        assert not first["may mark"] and first["tick"] is None and not first["marks"]  # marks wait
        assert not first["trash"] and not first["move"]
        assert first["save or export"] == [True, False, False] and not first["mark by rule"]  # exports: reports
        assert first["saved"] == ""  # saved as the file said: its groups, and its marks, held
        during = json.loads((tmp_path / "during.json").read_text(encoding="utf-8"))
        assert set(during["cleaner"]["marked"]) == marked
        assert any({"en_a.txt", "other.txt"} <= {m["path"] for m in g["members"]} for g in during["groups"])
        assert read_results(tmp_path / "during.json", check_files=False).marked  # and it opens again
        assert "checked again" in str(first["stats"])
        assert first["sets"] == (None, None, None)
        # decided: the stranger left its group, the saved marks are on, marking and acting allowed again
        assert not page.deciding and not page.cleaner.locked
        members = {m.index for g in page.groups for m in g.members}
        assert page.shown.member_set == members and page.cleaner._member_set() is page.shown.member_set
        assert all("other.txt" not in group for group in _paths(page))
        assert marked_paths(page) == marked
        assert "being checked" not in page.stats_label.text()
        page.select_files([next(iter(sorted(index_of(page, p) for p in marked)))])
        assert page.trash_button.isEnabled() and page.menus.save_results_action.isEnabled()
        page.save_results(tmp_path / "after.json")  # the marks as saved, back with the decided groups
        assert json.loads((tmp_path / "after.json").read_text(encoding="utf-8"))["cleaner"]["marked"] == sorted(marked)
    finally:
        page.shutdown()


def test_a_change_of_k_while_saved_groups_are_decided_ends_in_groups_at_the_new_k(
    qtbot, cleaner: FolderPage, folder: Path, tmp_path: Path, held: threading.Event
) -> None:
    saved = _saved_with_a_stranger(qtbot, cleaner, folder, tmp_path)
    page = reopening_window(qtbot, tmp_path, "k")
    try:
        new_k = []
        page.saved_groups_shown.connect(lambda k: (new_k.append(k - 1), page.k_box.setValue(k - 1)))
        _opened_while_held(qtbot, page, saved, held)
        assert page.k_box.value() == new_k[0]
        assert page.shown is not None and page.shown.decided and page.shown.request.k == new_k[0]
        assert not page.deciding and not page.cleaner.locked
        members = {m.index for g in page.groups for m in g.members}
        assert page.shown.member_set == members and page.cleaner._member_set() is page.shown.member_set
        assert all("other.txt" not in group for group in _paths(page))
    finally:
        page.shutdown()


def test_a_window_rebuilt_while_saved_groups_are_decided_decides_them(
    qtbot, cleaner: FolderPage, folder: Path, tmp_path: Path, held: threading.Event
) -> None:
    saved = _saved_with_a_stranger(qtbot, cleaner, folder, tmp_path)
    marked = marked_paths(cleaner)
    old, new = reopening_window(qtbot, tmp_path, "old"), reopening_window(qtbot, tmp_path, "new")
    try:
        old.saved_groups_shown.connect(lambda _k: new.take_over(old))  # a change of language, just then
        _opened_while_held(qtbot, old, saved, held)
        wait_grouped(qtbot, new)
        assert new.shown is not None and new.shown.decided and not new.deciding and not new.cleaner.locked
        assert all("other.txt" not in group for group in _paths(new))
        assert marked_paths(new) == marked
    finally:
        old.shutdown()
        new.shutdown()


def test_groups_as_saved_that_come_after_the_decided_ones_are_not_shown(
    qtbot, cleaner: FolderPage, folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The groups as saved made last (held back here, while groups are asked for otherwise, as another k asks for
    them) never take the place of decided groups on screen."""
    saved = _saved_with_a_stranger(qtbot, cleaner, folder, tmp_path)
    release, made = regroups_held(monkeypatch, False)
    page = reopening_window(qtbot, tmp_path, "late")
    shown: list[int] = []
    page.saved_groups_shown.connect(shown.append)
    try:
        assert page.open_results(saved)
        qtbot.waitUntil(lambda: page.session is not None and page.jobs.preview.busy, timeout=60_000)
        assert not page.jobs.group.busy  # the decided groups wait for the groups as saved
        with qtbot.waitSignal(page.regrouped, timeout=60_000):
            page.regroup()
        release.set()
        qtbot.waitUntil(lambda: len(made) == 2, timeout=60_000)
        qtbot.wait(200)  # the groups as saved, made meanwhile, had time to come
        assert made == [True, False]  # both were made, the decided ones first
        assert not shown and page.shown is not None and page.shown.decided and not page.deciding
        assert all("other.txt" not in group for group in _paths(page))
    finally:
        release.set()
        page.shutdown()


def test_groups_as_saved_whose_decision_failed_are_never_acted_on(
    qtbot, cleaner: FolderPage, folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The decision fails (here: raises once): the groups as saved stay on screen, nothing is acted on, not even a
    selected file; another k makes decided groups and the window takes actions again."""
    saved = _saved_with_a_stranger(qtbot, cleaner, folder, tmp_path)
    release, _ = regroups_held(monkeypatch, True, failing=RuntimeError("the decision broke"))
    page = reopening_window(qtbot, tmp_path, "failing")
    try:
        with qtbot.waitSignal(page.jobs.group.failed, timeout=60_000):
            with qtbot.waitSignal(page.saved_groups_shown, timeout=60_000):
                assert page.open_results(saved)
            release.set()
        assert page.deciding and not page.regrouping
        page.select_files([index_of(page, "other.txt")])  # the stranger the file put in a group
        assert page.selected_files() == [index_of(page, "other.txt")]
        assert not page.trash_button.isEnabled() and not page.move_button.isEnabled()
        assert page.file_commands.to_act_on() is None and not page.file_commands.move_to_trash()
        assert (folder / "other.txt").exists()
        page.k_box.setValue(page.k_box.value() - 1)
        wait_grouped(qtbot, page)
        assert not page.deciding and not page.cleaner.locked and page.shown is not None and page.shown.decided
    finally:
        release.set()
        page.shutdown()


def test_groups_as_saved_that_come_after_files_were_forgotten_are_not_shown(
    qtbot, cleaner: FolderPage, folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file leaves the results (moved or trashed: the others are numbered anew) while the groups as saved are
    made (held back here): numbered as the files were, they are never shown, and nothing is saved from the groups
    of before while the new ones are made."""
    from simcompare.core.folder.cleaner_state import FileState

    saved = _saved_with_a_stranger(qtbot, cleaner, folder, tmp_path)
    release, made = regroups_held(monkeypatch, False)
    page = reopening_window(qtbot, tmp_path, "forgot")
    shown: list[int] = []
    page.saved_groups_shown.connect(shown.append)
    try:
        assert page.open_results(saved)
        qtbot.waitUntil(lambda: page.session is not None and page.jobs.preview.busy, timeout=60_000)
        first = page.session.files[0].path
        page.forget([first], FileState.TRASHED)
        assert page.shown is None and "being made" in _refused(lambda: page.save_results(tmp_path / "x.json"))
        release.set()
        wait_grouped(qtbot, page)
        qtbot.wait(200)  # the groups as saved, made meanwhile, had time to come
        assert made.count(False) == 1 and not shown
        assert page.shown is not None and page.shown.decided and not page.deciding
        assert all(first not in group for group in _paths(page))
    finally:
        release.set()
        page.shutdown()
