"""The Folder page as a duplicate cleaner, driven through its real widgets: menus, the context menu, keys,
dialogs. Files are real (tmp_path); the trash is a temporary HOME's; the data folder is the test's own."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from helpers.gui import acted, point_trash_at
from PySide6.QtCore import QCoreApplication, QSettings, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QMenu
from test_folder_page import EN, OTHER, ZH, run_scan, wait_grouped

from simcompare.core.progress import Stage
from simcompare.gui.folder.models import Column, human_size
from simcompare.gui.folder.page import FolderPage


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    root = tmp_path / "docs"
    (root / "sub").mkdir(parents=True)
    (root / "zh_a.txt").write_text(ZH, encoding="utf-8")
    (root / "sub" / "zh_b.txt").write_text(ZH.replace("三条", "四条"), encoding="utf-8")
    (root / "en_a.txt").write_text(EN, encoding="utf-8")
    (root / "sub" / "en_b.md").write_text(EN.replace("quiet", "silent"), encoding="utf-8")
    (root / "en_c.txt").write_text(EN.replace("bread", "cheese") + " A longer copy.", encoding="utf-8")
    (root / "other.txt").write_text(OTHER, encoding="utf-8")
    return root


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / ".local" / "share"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    point_trash_at(monkeypatch, home)
    return home


@pytest.fixture
def cleaner(qtbot, tmp_path: Path, home: Path):
    from simcompare.core.folder.actions import ActionLog

    page = FolderPage(
        settings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat),
        cache_path=tmp_path / "cache" / "c.sqlite3",
    )
    page.reprioritising.new_groups_rule = None  # each group keeps the file it was found around
    page.workers = 1
    page.log = ActionLog(home / "actions.log")
    page.warn = lambda title, text: pytest.fail(text)
    qtbot.addWidget(page)
    page.resize(1024, 700)
    page.show()
    yield page
    page.shutdown()


def index_of(page: FolderPage, path: str) -> int:
    return next(i for i, f in enumerate(page.result.files) if f.path == path)


def marked_paths(page: FolderPage) -> set[str]:
    return {page.result.files[i].path for i in page.model.marks()}


def menu_action(menu: QMenu, text: str) -> QAction:
    for action in menu.actions():
        if action.menu() is not None:
            try:
                return menu_action(action.menu(), text)
            except LookupError:
                continue
        if action.text() == text:
            return action
    raise LookupError(text)


def en_group(page: FolderPage):
    return next(g for g in page.groups if any(page.result.files[i].path == "en_a.txt" for i in g.indices))


def test_mark_all_but_reference_from_the_menu_then_undo(qtbot, cleaner: FolderPage, folder: Path) -> None:
    run_scan(qtbot, cleaner, folder)
    menu_action(cleaner.mark_menu, "Mark all but the reference").trigger()
    references = {cleaner.result.files[g.reference].path for g in cleaner.groups}
    members = {cleaner.result.files[i].path for g in cleaner.groups for i in g.indices}
    assert marked_paths(cleaner) == members - references
    size = sum(cleaner.result.files[i].size for i in cleaner.model.marks())
    assert cleaner.marks_label.text().startswith(f"{len(members) - len(references)} marked")
    assert (
        cleaner.marks_label.text().endswith(f", {human_size(size)} in all") and cleaner.marking.marked_bytes() == size
    )
    files = cleaner.model.files
    huge = tuple(f._replace(size=2**63 - 1 - i) for i, f in enumerate(files))  # sizes as a results file may say
    cleaner.model.set_groups(huge, cleaner.groups, 64, protected=cleaner.model.protected)
    assert cleaner.marking.marked_bytes() == sum(huge[i].size for i in cleaner.model.marks()) > 2**63  # no wrap
    cleaner.model.set_groups(files, cleaner.groups, 64, protected=cleaner.model.protected)
    assert cleaner.marking.marked_bytes() == size  # the sizes of the files shown now
    menu_action(cleaner.menus.context_menu(), "Clear the marks").trigger()
    assert not cleaner.model.marks() and cleaner.marking.marked_bytes() == 0
    menu_action(cleaner.mark_menu, "Undo the last marking").trigger()
    assert marked_paths(cleaner) == members - references
    cleaner.marked_only_box.setChecked(True)  # the filter shows the marked files only
    shown = [
        cleaner.proxy.index(r, 0, cleaner.proxy.index(g, 0)).data()
        for g in range(cleaner.proxy.rowCount())
        for r in range(cleaner.proxy.rowCount(cleaner.proxy.index(g, 0)))
    ]
    assert set(shown) == members - references


def test_a_mark_by_rule_after_a_sort_reads_the_members_as_now_listed(qtbot, cleaner: FolderPage, folder: Path) -> None:
    """The members' arrays a mark by rule reads (``Marking.listed``) are made again when a sort lists the groups
    anew: read as listed before the sort, the rule would pair members with other groups' rows."""
    run_scan(qtbot, cleaner, folder)
    before = cleaner.marking.listed()
    assert cleaner.marking.listed() is before  # kept while the listing is the same
    orders = []
    for order in (Qt.SortOrder.AscendingOrder, Qt.SortOrder.DescendingOrder):
        cleaner.model.sort(Column.NAME, order)
        orders.append([g.reference for g in cleaner.groups])
        members, rows = cleaner.marking.listed()
        assert sorted(zip(members.tolist(), rows.tolist(), strict=True)) == sorted(
            (m.index, r) for r, g in enumerate(cleaner.groups) for m in g.members
        )
        cleaner.marking.mark_by_rule("all-but-reference")
        references = {g.reference for g in cleaner.groups}
        assert set(cleaner.model.marks()) == {i for g in cleaner.groups for i in g.indices} - references
    assert orders[0] != orders[1]  # the sort moved the groups: arrays kept from before would have said so


def test_rules_invert_and_keys(qtbot, cleaner: FolderPage, folder: Path) -> None:
    run_scan(qtbot, cleaner, folder)
    assert en_group(cleaner).reference == index_of(cleaner, "en_a.txt")
    menu_action(cleaner.menus.context_menu(), "Mark all but the largest").trigger()
    english = {"en_a.txt", "en_c.txt", "sub/en_b.md"}
    assert marked_paths(cleaner) & english == {"sub/en_b.md"}  # en_a.txt, the reference, is never marked
    menu_action(cleaner.mark_menu, "Invert the marks").trigger()
    assert marked_paths(cleaner) & english == {"en_c.txt"}
    cleaner.marking.clear_marks()
    cleaner.select_files([index_of(cleaner, "en_c.txt")])
    cleaner.tree.setFocus()
    qtbot.keyClick(cleaner.tree, Qt.Key.Key_Space)
    assert marked_paths(cleaner) == {"en_c.txt"}
    qtbot.keyClick(cleaner.tree, Qt.Key.Key_Space)
    assert not marked_paths(cleaner)
    cleaner.select_files([index_of(cleaner, "en_a.txt")])
    qtbot.keyClick(cleaner.tree, Qt.Key.Key_Space)  # the reference: Space marks nothing
    assert not marked_paths(cleaner)
    # Enter: the member side by side with its reference, as the cleaned text that was fingerprinted
    cleaner.select_files([index_of(cleaner, "en_a.txt")])
    qtbot.keyClick(cleaner.tree, Qt.Key.Key_Return)
    assert cleaner.tabs.currentWidget() is cleaner.side_tab
    assert "apart" in cleaner.pair_label.text() and "shared" in cleaner.pair_label.text()
    first = cleaner.side.pair
    assert cleaner.next_member_button.isEnabled()
    cleaner.next_member_button.click()
    assert cleaner.side.pair != first or cleaner.previous_member_button.isEnabled()


def test_the_tree_shows_and_changes_the_cleaners_state(qtbot, cleaner: FolderPage, folder: Path) -> None:
    run_scan(qtbot, cleaner, folder)
    target = index_of(cleaner, "en_c.txt")
    box = cleaner.model.member_index(target)
    assert cleaner.model.setData(box, Qt.CheckState.Checked.value, Qt.ItemDataRole.CheckStateRole)
    assert cleaner.cleaner.marks == {target} and cleaner.marks_label.text().startswith("1 marked")
    assert cleaner.cleaner.can_undo  # one tick is a marking: it can be undone
    menu_action(cleaner.mark_menu, "Clear the marks").trigger()
    assert box.data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Unchecked
    menu_action(cleaner.mark_menu, "Undo the last marking").trigger()
    assert box.data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked
    assert cleaner.marks_label.text().startswith("1 marked")


def test_side_by_side_shows_cleaned_text_of_html(qtbot, cleaner: FolderPage, tmp_path: Path) -> None:
    root = tmp_path / "web"
    root.mkdir()
    (root / "a.txt").write_text(EN, encoding="utf-8")
    (root / "a.html").write_text(f"<html><body><p><b>{EN}</b></p><script>x()</script></body></html>", encoding="utf-8")
    run_scan(qtbot, cleaner, root)
    cleaner.select_files([index_of(cleaner, "a.txt"), index_of(cleaner, "a.html")])
    assert cleaner.side.compare_selected()
    texts = [cleaner.diff_view._texts[0], cleaner.diff_view._texts[1]]
    assert "<" not in texts[0] + texts[1] and texts[0] == texts[1]
    assert cleaner.pair_label.text().startswith("Identical cleaned texts")


def test_set_reference_from_the_context_menu(qtbot, cleaner: FolderPage, folder: Path) -> None:
    run_scan(qtbot, cleaner, folder)
    group = en_group(cleaner)
    target = next(i for i in group.indices if i != group.reference)
    cleaner.select_files([target])
    menu_action(cleaner.menus.context_menu(), "Make this the reference").trigger()
    moved = en_group(cleaner)
    assert moved.reference == target
    # the summary's totals follow: the same files in groups, the bytes freed by keeping the new reference
    members, wasted = cleaner.model.totals()
    assert members == sum(len(g.members) for g in cleaner.groups)
    assert wasted == sum(cleaner.session.wasted_bytes(g) for g in cleaner.groups)
    assert f", {members} file(s) in groups" in cleaner.summary_label.text()
    assert f"{human_size(wasted)} wasted" in cleaner.summary_label.text()
    for m in moved.members[1:]:
        assert m.distance == cleaner.session.pair(target, m.index, 64).distance
    view = cleaner.tree.model()
    shown = view.index(0, Column.DISTANCE, cleaner.model.member_index(target).parent())
    assert shown.data() == "reference"
    cleaner.tree.sortByColumn(Column.DISTANCE, Qt.SortOrder.DescendingOrder)  # the header's sort
    group = cleaner.model.member_index(target).parent()
    distances = [view.index(r, Column.DISTANCE, group).data() for r in range(view.rowCount(group))]
    assert distances[0] == "reference"  # stays on top
    assert [int(d) for d in distances[1:]] == sorted((int(d) for d in distances[1:]), reverse=True)
    with qtbot.waitSignal(cleaner.regrouped, timeout=10_000):  # a new k keeps the chosen reference
        cleaner.k_box.setValue(cleaner.k_box.value() + 1)
    wait_grouped(qtbot, cleaner)
    assert en_group(cleaner).reference == target


def test_reference_folders_are_never_marked(qtbot, cleaner: FolderPage, folder: Path) -> None:
    run_scan(qtbot, cleaner, folder)
    cleaner.set_reference_folders([str(folder / "sub")])
    wait_grouped(qtbot, cleaner)
    for g in cleaner.groups:
        assert cleaner.result.files[g.reference].path.startswith("sub/")
    menu_action(cleaner.mark_menu, "Mark all but the oldest").trigger()
    assert not any(p.startswith("sub/") for p in marked_paths(cleaner))
    cleaner.model.set_marked([index_of(cleaner, "sub/en_b.md")])
    assert "sub/en_b.md" not in marked_paths(cleaner)


def test_move_to_folder_keeps_paths_logs_and_never_overwrites(
    qtbot, cleaner: FolderPage, folder: Path, tmp_path: Path, home: Path
) -> None:
    run_scan(qtbot, cleaner, folder)
    destination = tmp_path / "kept-aside"
    (destination / "sub").mkdir(parents=True)
    (destination / "sub" / "en_b.md").write_text("someone else's file", encoding="utf-8")
    cleaner.ask_folder = lambda title, start, pattern: str(destination)
    cleaner.confirm = lambda title, text, details: True
    cleaner.model.set_marked([index_of(cleaner, "sub/en_b.md"), index_of(cleaner, "en_c.txt")])
    acted(qtbot, cleaner, menu_action(cleaner.actions_menu, "Move to folder…").trigger)
    assert (destination / "sub" / "en_b.md").read_text(encoding="utf-8") == "someone else's file"
    assert (destination / "sub" / "en_b (2).md").read_text(encoding="utf-8") == EN.replace("quiet", "silent")
    assert (destination / "en_c.txt").is_file()
    assert not (folder / "sub" / "en_b.md").exists() and (folder / "en_a.txt").exists()
    log = (home / "actions.log").read_text(encoding="utf-8")
    assert "\tmove\tok\t" in log and str(destination / "sub" / "en_b (2).md") in log
    wait_grouped(qtbot, cleaner)
    assert all(cleaner.result.files[i].path != "en_c.txt" for g in cleaner.groups for i in g.indices)


def test_a_file_that_cannot_be_moved_is_named_in_the_windows_words(
    qtbot, cleaner: FolderPage, folder: Path, tmp_path: Path
) -> None:
    run_scan(qtbot, cleaner, folder)
    warned: list[str] = []
    cleaner.warn = lambda title, text: warned.append(text)
    cleaner.ask_folder = lambda title, start, pattern: str(tmp_path / "aside")
    cleaner.confirm = lambda title, text, details: True
    cleaner.model.set_marked([index_of(cleaner, "en_c.txt")])
    (folder / "en_c.txt").unlink()  # gone since the scan
    acted(qtbot, cleaner, menu_action(cleaner.actions_menu, "Move to folder…").trigger)
    assert len(warned) == 1 and str(folder / "en_c.txt") in warned[0]
    # the system's error by its number (translated with the window), not the core's English detail
    assert "no such file or folder" in warned[0] and "since the scan" not in warned[0]


def test_delete_key_trashes_in_a_temporary_home(qtbot, cleaner: FolderPage, folder: Path, home: Path) -> None:
    run_scan(qtbot, cleaner, folder)
    asked: list[str] = []
    cleaner.confirm = lambda title, text, details: asked.append(title) or True
    cleaner.select_files([index_of(cleaner, "en_c.txt")])
    cleaner.tree.setFocus()
    acted(qtbot, cleaner, lambda: qtbot.keyClick(cleaner.tree, Qt.Key.Key_Delete))
    assert asked == ["Move to trash"]
    assert not (folder / "en_c.txt").exists()
    assert list(home.rglob("en_c.txt")), "the file should be in the temporary trash"
    assert "\ttrash\tok\t" in (home / "actions.log").read_text(encoding="utf-8")
    assert cleaner.cleaner.removed == {"en_c.txt": "trashed"}
    # a whole group needs a second confirmation; declining it leaves every file
    wait_grouped(qtbot, cleaner)
    answers = iter([True, False])
    asked.clear()
    cleaner.confirm = lambda title, text, details: asked.append(title) or next(answers)
    cleaner.select_files([index_of(cleaner, "zh_a.txt"), index_of(cleaner, "sub/zh_b.txt")])
    qtbot.keyClick(cleaner.tree, Qt.Key.Key_Delete)
    assert asked == ["Move to trash", "Move every copy?"]
    assert (folder / "zh_a.txt").exists() and (folder / "sub" / "zh_b.txt").exists()


def test_not_duplicates_dialog_removes_an_entry(qtbot, cleaner: FolderPage, folder: Path) -> None:
    run_scan(qtbot, cleaner, folder)
    cleaner.select_files([index_of(cleaner, "zh_a.txt"), index_of(cleaner, "sub/zh_b.txt")])
    menu_action(cleaner.menus.context_menu(), "Not duplicates").trigger()
    wait_grouped(qtbot, cleaner)
    assert len(cleaner.groups) == 1
    dialog = cleaner.dialogs.show_not_duplicates()
    assert dialog.listing.count() == 1
    dialog.listing.setCurrentRow(0)
    dialog.remove_button.click()
    wait_grouped(qtbot, cleaner)
    assert dialog.listing.count() == 0 and not cleaner.file_commands.not_duplicates().pairs()
    assert len(cleaner.groups) == 2
    dialog.close()


def test_save_then_open_results_without_scanning(qtbot, cleaner: FolderPage, folder: Path, tmp_path: Path) -> None:
    saved = _scanned_and_saved(qtbot, cleaner, folder, tmp_path)
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert data["format"] == "simcompare-scan" and "version" in data and len(data["records"]["path"]) == 6
    groups = [g.indices for g in cleaner.groups]
    (folder / "other.txt").write_text(OTHER + " edited", encoding="utf-8")
    (folder / "en_c.txt").unlink()
    again = _page_opening(qtbot, saved, tmp_path)
    again.reprioritising.new_groups_rule = None  # each group keeps the file it was found around
    calls: list[str] = []
    again.scan_job.submit = lambda *a: calls.append("scan")  # type: ignore[method-assign]
    try:
        with qtbot.waitSignal(again.on_disk.looked_at, timeout=30_000):
            again.open_results_action.trigger()
        wait_grouped(qtbot, again)
        assert not calls and [g.indices for g in again.groups] == groups
        assert again.folder() == str(folder)
        gone = again.model.member_index(index_of(again, "en_c.txt"))
        assert gone.data() == "en_c.txt (gone since)"
        states = {again.result.files[i].path: s for i, s in again.cleaner.states.items()}
        assert states == {"other.txt": "changed", "en_c.txt": "gone"}
        assert "1 changed and 1 gone since" in again.progress_label.text()
    finally:
        again.shutdown()


def _members(page: FolderPage) -> list[tuple[tuple[object, ...], ...]]:
    return sorted(tuple((m.index, m.distance, m.verified, m.also_close) for m in g.members) for g in page.groups)


def test_reopened_results_show_their_groups_without_a_search_until_k_changes(
    qtbot, cleaner: FolderPage, folder: Path, tmp_path: Path
) -> None:
    run_scan(qtbot, cleaner, folder)
    saved = tmp_path / "results.json"
    cleaner.ask_save_path = lambda title, start, pattern: str(saved)
    cleaner.save_results_action.trigger()
    shown = _members(cleaner)
    again = FolderPage(settings=QSettings(str(tmp_path / "again.ini"), QSettings.Format.IniFormat), cache_path=None)
    again.reprioritising.new_groups_rule = None
    qtbot.addWidget(again)
    again.ask_open_path = lambda title, start, pattern: str(saved)
    try:
        with qtbot.waitSignal(again.scan_finished, timeout=30_000):
            again.open_results_action.trigger()
        wait_grouped(qtbot, again)
        assert again.session is not None and again.session.search_statistics is None  # no index was built
        assert _members(again) == shown
        assert "the groups as saved" in again.stats_label.text()
        again.k_box.setValue(again.k_box.value() - 1)
        wait_grouped(qtbot, again)
        assert again.session.search_statistics is not None
        assert "verified near-duplicate pair" in again.stats_label.text()
    finally:
        again.shutdown()


def test_cancel_mid_scan_shows_the_partial_result(qtbot, cleaner: FolderPage, tmp_path: Path) -> None:
    root = tmp_path / "many"
    root.mkdir()
    for n in range(400):
        (root / f"{n:04d}.txt").write_text(f"{ZH} 第{n}篇。" * 3, encoding="utf-8")
    clicked: list[float] = []
    seen: list[int] = []

    def on_progress(done: int, total: int, stage: str) -> None:
        seen.append(done)
        if stage == Stage.READING and done and not clicked:
            clicked.append(time.monotonic())
            cleaner.cancel_button.click()

    cleaner.scan_job.progress.connect(on_progress)
    cleaner.set_folder(root)
    with qtbot.waitSignal(cleaner.scan_finished, timeout=60_000) as blocker:
        assert cleaner.start_scan()
    assert clicked and blocker.args[0].cancelled
    assert 0 < len(blocker.args[0].files) < 400
    assert not cleaner.progress_bar.isVisible()
    assert "partial" in cleaner.progress_label.text()


def test_language_switch_keeps_the_result(qtbot, qapp, folder: Path, home: Path) -> None:
    from simcompare.gui.app import WindowHost, build_window, install_translations

    window = build_window(persist=False)
    qtbot.addWidget(window)
    host = WindowHost(window, persist=False)
    page = window.folder_page
    page.workers = 1
    window.show()
    try:
        with qtbot.waitSignal(page.scan_finished, timeout=60_000):
            window.open_folder(str(folder))
        wait_grouped(qtbot, page)
        page.marking.mark_by_rule("all-but-reference")
        marks = page.model.marks()
        window.language_actions["zh_CN"].trigger()
        new = host.window
        qtbot.addWidget(new)
        fresh = new.folder_page
        wait_grouped(qtbot, fresh)
        assert fresh is not page and fresh.session is page.session
        assert [g.indices for g in fresh.groups] == [g.indices for g in page.groups]
        assert fresh.model.marks() == marks
        assert fresh.cleaner is page.cleaner  # the cleaner's state is handed over, not copied
        assert "组" in fresh.summary_label.text() and "group" not in fresh.summary_label.text()
        assert "marked" not in fresh.marks_label.text()
        window.close()
    finally:
        install_translations(qapp, "en")
        host.window.close()
    assert QCoreApplication.translate("FolderPage", "Scan") == "Scan"
    QApplication.processEvents()


def test_results_render_offscreen_without_scanning(qtbot, cleaner: FolderPage, folder: Path, tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    from PySide6.QtGui import QImage

    run_scan(qtbot, cleaner, folder)
    saved = tmp_path / "R.json"
    cleaner.save_results(saved)
    for path in folder.rglob("*.txt"):  # nothing left to scan: the picture can only come from the results
        path.unlink()
    out = tmp_path / "out.png"
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env["XDG_CONFIG_HOME"] = str(tmp_path / "config")
    command = [sys.executable, "-m", "simcompare", "--results", str(saved), "--screenshot", str(out)]
    result = subprocess.run([*command, "--size", "1024x700"], capture_output=True, text=True, timeout=180, env=env)
    assert result.returncode == 0, result.stderr
    image = QImage(str(out))
    assert (image.width(), image.height()) == (1024, 700)
    missing = subprocess.run(
        [sys.executable, "-m", "simcompare", "--results", str(tmp_path / "no.json"), "--screenshot", str(out)],
        capture_output=True,
        text=True,
        timeout=180,
        env=env,
    )
    assert missing.returncode == 2 and "no.json" in missing.stderr


def test_open_on_the_compare_page_asks_before_replacing_typed_text(qtbot, main_window, folder, home) -> None:
    page = main_window.folder_page
    page.workers = 1
    run_scan(qtbot, page, folder)
    main_window.compare_page.pane_a.editor.setPlainText("my own words")
    asked: list[str] = []
    page.confirm = lambda title, text, details: asked.append(title) or False
    page.select_files([index_of(page, "en_a.txt")])
    assert page.side.compare_selected()
    page.to_compare_button.click()
    assert asked == ["Open on the Compare page"]
    assert main_window.compare_page.pane_a.text() == "my own words"  # declined: nothing replaced
    page.confirm = lambda title, text, details: True
    with qtbot.waitSignal(main_window.compare_page.results_shown, timeout=30_000):
        page.to_compare_button.click()
    assert main_window.compare_page.pane_a.text() != "my own words"
    assert main_window.pages.currentIndex() == main_window.COMPARE


def test_reopened_groups_are_on_screen_before_the_files_are_looked_at(
    qtbot, cleaner: FolderPage, folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A million files take seconds to look at on disk: the groups do not wait for them. Until the files are
    looked at, the line says so; then the rows of those changed or gone since say it, and the line counts them."""
    saved = _saved_then_one_gone(qtbot, cleaner, folder, tmp_path)
    release, looked = _look_held_back(monkeypatch)
    again = _page_opening(qtbot, saved, tmp_path)
    try:
        with qtbot.waitSignal(again.regrouped, timeout=30_000):
            again.open_results_action.trigger()
        assert again.groups and not looked and again.jobs.check.busy
        assert "looking at the files on disk" in again.progress_label.text()
        assert not again.cleaner.states
        gone = again.model.member_index(index_of(again, "en_c.txt"))
        assert gone.data() == "en_c.txt"  # not known yet
        with qtbot.waitSignal(again.on_disk.looked_at, timeout=30_000):
            release.set()
        assert looked == [str(folder)]  # the look, once let go, ran once
        assert again.model.member_index(index_of(again, "en_c.txt")).data() == "en_c.txt (gone since)"
        assert {again.result.files[i].path: s for i, s in again.cleaner.states.items()} == {"en_c.txt": "gone"}
        text = again.progress_label.text()
        assert "0 changed and 1 gone since" in text and "looking at" not in text
    finally:
        release.set()
        again.shutdown()


def test_opening_other_results_stops_looking_at_the_files_of_the_first(
    qtbot, cleaner: FolderPage, folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the look at the first result's files finds is not said of the second's."""
    saved = _saved_then_one_gone(qtbot, cleaner, folder, tmp_path)
    started = threading.Event()
    release, calls = _look_held_back(monkeypatch, first_only=True, started=started)
    again = _page_opening(qtbot, saved, tmp_path)
    try:
        with qtbot.waitSignal(again.regrouped, timeout=30_000):
            again.open_results_action.trigger()
        qtbot.waitUntil(started.is_set, timeout=30_000)  # the first look is under way (held), not only asked for
        first = again.session
        with qtbot.waitSignal(again.on_disk.looked_at, timeout=30_000):
            again.open_results_action.trigger()  # the same file again: another result
            qtbot.waitUntil(lambda: again.session is not first, timeout=30_000)
            release.set()
        assert again.session is not first and len(calls) == 2
        assert {again.result.files[i].path: s for i, s in again.cleaner.states.items()} == {"en_c.txt": "gone"}
        qtbot.wait(200)  # the first look's answer, if any came, was dropped
        assert "looking at" not in again.progress_label.text()
    finally:
        release.set()
        again.shutdown()


def _scanned_and_saved(qtbot, cleaner: FolderPage, folder: Path, tmp_path: Path) -> Path:
    """The folder scanned and its results saved (File → Save results…) as tmp_path/results.json."""
    run_scan(qtbot, cleaner, folder)
    saved = tmp_path / "results.json"
    cleaner.ask_save_path = lambda title, start, pattern: str(saved)
    cleaner.save_results_action.trigger()
    return saved


def _saved_then_one_gone(qtbot, cleaner: FolderPage, folder: Path, tmp_path: Path) -> Path:
    """The folder scanned and its results saved; then en_c.txt deleted."""
    saved = _scanned_and_saved(qtbot, cleaner, folder, tmp_path)
    (folder / "en_c.txt").unlink()
    return saved


def _look_held_back(
    monkeypatch: pytest.MonkeyPatch, *, first_only: bool = False, started: Any = None
) -> tuple[Any, list[str]]:
    """The look at the files on disk (the real one) held back until the event returned is set (only the first
    look, with ``first_only``); the list returned gains each look's folder once it goes on. ``started`` (an event)
    is set when a look has begun (a look asked for and dropped before its worker took it never begins)."""
    import threading

    from simcompare.gui.folder import jobs

    release, looked = threading.Event(), []
    real = jobs.changes_since

    def held_back(result, **kwargs):
        if started is not None:
            started.set()
        if not (first_only and looked):
            assert release.wait(30)
        looked.append(result.root)
        return real(result, **kwargs)

    monkeypatch.setattr(jobs, "changes_since", held_back)
    return release, looked


def _page_opening(qtbot, saved: Path, tmp_path: Path) -> FolderPage:
    """Another page, whose File → Open results… opens ``saved``."""
    page = FolderPage(settings=QSettings(str(tmp_path / "again.ini"), QSettings.Format.IniFormat), cache_path=None)
    qtbot.addWidget(page)
    page.ask_open_path = lambda title, start, pattern: str(saved)
    return page


def test_while_an_action_runs_the_look_on_disk_leaves_the_progress_line_to_it(
    qtbot, cleaner: FolderPage, folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The progress line and bar are the actions' too: what the look at the files on disk reports or finds is
    not written over an action's progress (the rows still say which files changed or went)."""
    from simcompare.gui.folder.jobs import FolderJobs

    saved = _saved_then_one_gone(qtbot, cleaner, folder, tmp_path)
    release, _ = _look_held_back(monkeypatch)
    again = _page_opening(qtbot, saved, tmp_path)
    try:
        with qtbot.waitSignal(again.regrouped, timeout=30_000):
            again.open_results_action.trigger()
        monkeypatch.setattr(FolderJobs, "editing", property(lambda self: True))  # an action runs from here on
        again.progress_label.setText("Moving to the trash: 1 / 3")
        with qtbot.waitSignal(again.on_disk.looked_at, timeout=30_000):
            release.set()
        assert again.progress_label.text() == "Moving to the trash: 1 / 3"
        assert again.model.member_index(index_of(again, "en_c.txt")).data() == "en_c.txt (gone since)"
        again.progress.checking(5, 6, "checking")  # a late report: the look has ended, the line is not its own
        assert again.progress_label.text() == "Moving to the trash: 1 / 3"
    finally:
        release.set()
        again.shutdown()
