"""The Folder page with several folders: the roots list driven through its real widgets, and the files not read."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from helpers.gui import point_trash_at
from helpers.texts import EN_A, ZH_A, ZH_B
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QComboBox

from simcompare.core.folder.roots import RootRole
from simcompare.gui.folder.page import FolderPage


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    base = tmp_path / "work"
    for rel, text in {
        "a/zh.txt": ZH_A,
        "a/zh_b.txt": ZH_B,
        "a/old/zh_old.txt": ZH_A,
        "keep/zh_kept.txt": ZH_A,
        "a/copyright": EN_A,
    }.items():
        path = base / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (base / "a" / "logo.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)))
    (base / "a" / "link.txt").symlink_to(base / "a" / "zh.txt")
    return base


def make_page(qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> FolderPage:
    (tmp_path / "home").mkdir(exist_ok=True)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "home" / ".local" / "share"))
    point_trash_at(monkeypatch, tmp_path / "home")
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    page = FolderPage(settings=settings, cache_path=None)
    page.workers = 1
    qtbot.addWidget(page)
    page.resize(1200, 800)
    return page


@pytest.fixture
def page(qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    widget = make_page(qtbot, tmp_path, monkeypatch)
    yield widget
    widget.shutdown()


def add_folder(qtbot, page: FolderPage, folder: Path, role: RootRole) -> None:
    """Click Add folder…, answer the folder dialog, then choose the role in the row's box."""
    roots = page.fields.roots_list
    roots.ask_folder = lambda _title, _start: str(folder)
    qtbot.mouseClick(roots.add_button, Qt.MouseButton.LeftButton)
    row = roots.table.rowCount() - 1
    box = roots.table.cellWidget(row, 1)
    assert isinstance(box, QComboBox)
    box.setCurrentIndex(box.findData(role.value))


def scan_and_wait(qtbot, page: FolderPage):
    with qtbot.waitSignal(page.scan_finished, timeout=60_000) as blocker:
        qtbot.mouseClick(page.scan_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not page.regrouping, timeout=60_000)
    return blocker.args[0]


def member_names(page: FolderPage) -> list[str]:
    model = page.model
    return [
        model.data(model.index(r, 0, model.index(g, 0)))
        for g in range(model.rowCount())
        for r in range(model.rowCount(model.index(g, 0)))
    ]


def test_roots_list_is_hidden_until_a_folder_is_added_and_can_be_emptied(qtbot, page: FolderPage, tree: Path) -> None:
    roots = page.fields.roots_list
    page.show()
    assert not roots.widget.isVisible() and page.fields.roots(str(tree / "a")) == str(tree / "a")
    add_folder(qtbot, page, tree / "keep", RootRole.REFERENCE)
    assert roots.widget.isVisible()
    assert roots.roots() == [(str(tree / "keep"), RootRole.REFERENCE)]
    add_folder(qtbot, page, tree / "keep", RootRole.NORMAL)  # listed already: not twice
    assert roots.table.rowCount() == 1
    roots.table.selectRow(0)
    qtbot.mouseClick(roots.remove_button, Qt.MouseButton.LeftButton)
    assert roots.roots() == [] and not roots.widget.isVisible()


def test_scan_of_several_roots_with_roles(qtbot, page: FolderPage, tree: Path) -> None:
    page.set_folder(tree / "a")
    add_folder(qtbot, page, tree / "keep", RootRole.REFERENCE)
    add_folder(qtbot, page, tree / "a" / "old", RootRole.EXCLUDED)
    result = scan_and_wait(qtbot, page)
    assert result.root == str(tree.resolve())
    assert {f.path for f in result.files} == {"a/zh.txt", "a/zh_b.txt", "a/copyright", "keep/zh_kept.txt"}
    [group] = [
        g for g in page.groups if len(g.members) >= 2 and any("zh" in result.files[m.index].path for m in g.members)
    ]
    assert result.files[group.reference].path == "keep/zh_kept.txt"  # the reference root's file leads
    kept = result.files.index(next(f for f in result.files if f.path == "keep/zh_kept.txt"))
    assert kept in page.shown.protected  # never marked
    page.marking.mark_by_rule("all-but-newest")
    assert not page.cleaner.is_marked(kept)
    names = member_names(page)
    assert "[keep] zh_kept.txt" in names and "[a] zh.txt" in names
    # the files not read, by reason, in the summary and in their tab
    assert "not read" in page.summary_label.text()
    tab = page.roots_view
    assert page.tabs.tabText(tab.index) == "Not read (3)"
    model = tab.model
    rows = {model.data(model.index(r, 0)): model.data(model.index(r, 1)) for r in range(model.rowCount())}
    assert rows == {"[a] link.txt": "symbolic link", "[a] logo.png": "binary", "[a] old": "excluded"}


def test_roots_are_remembered_and_bad_preferences_are_dropped(
    qtbot, tmp_path: Path, tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = make_page(qtbot, tmp_path, monkeypatch)
    try:
        first.set_folder(tree / "a")
        add_folder(qtbot, first, tree / "keep", RootRole.REFERENCE)
        scan_and_wait(qtbot, first)
    finally:
        first.shutdown()
    again = make_page(qtbot, tmp_path, monkeypatch)
    try:
        assert again.fields.roots_list.roots() == [(str(tree / "keep"), RootRole.REFERENCE)]
    finally:
        again.shutdown()
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue(
        "folder/roots",
        '[{"path": "relative", "role": "normal"}, {"path": "/x", "role": "boss"}, 7, '
        f'{{"path": "{tree / "keep"}", "role": "excluded"}}]',
    )
    settings.sync()
    third = make_page(qtbot, tmp_path, monkeypatch)
    try:
        assert third.fields.roots_list.roots() == [(str(tree / "keep"), RootRole.EXCLUDED)]
        assert any("folder/roots" in p for p in third.preferences.problems)
    finally:
        third.shutdown()


def test_a_missing_other_folder_is_said_and_nothing_scans(qtbot, page: FolderPage, tree: Path) -> None:
    page.set_folder(tree / "a")
    add_folder(qtbot, page, tree / "keep", RootRole.NORMAL)
    os.rename(tree / "keep", tree / "kept")
    assert not page.start_scan()
    assert "does not exist" in page.progress_label.text()


def test_one_folder_looks_as_before(qtbot, page: FolderPage, tree: Path) -> None:
    page.set_folder(tree / "a")
    result = scan_and_wait(qtbot, page)
    assert result.roots == ()
    assert "zh.txt" in member_names(page) and not any(n.startswith("[") for n in member_names(page))


def test_saved_results_reopen_with_their_folders_and_roles(
    qtbot, tmp_path: Path, tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = make_page(qtbot, tmp_path, monkeypatch)
    saved = tmp_path / "results.json"
    try:
        first.set_folder(tree / "a")
        add_folder(qtbot, first, tree / "keep", RootRole.REFERENCE)
        scan_and_wait(qtbot, first)
        first.save_results(saved)
    finally:
        first.shutdown()
    again = make_page(qtbot, tmp_path, monkeypatch)
    try:
        again.set_folder(tmp_path)
        again.fields.roots_list.set_roots([])
        with qtbot.waitSignal(again.scan_finished, timeout=60_000):
            assert again.open_results(saved)
        qtbot.waitUntil(lambda: not again.regrouping, timeout=60_000)
        assert again.folder() == str(tree / "a")
        assert again.fields.roots_list.roots() == [(str(tree / "keep"), RootRole.REFERENCE)]
        assert "[keep] zh_kept.txt" in member_names(again)
        kept = next(i for i, f in enumerate(again.result.files) if f.path == "keep/zh_kept.txt")
        assert kept in again.shown.protected
    finally:
        again.shutdown()


def test_re_prioritise_keeps_the_reference_root_s_file_the_reference(qtbot, page: FolderPage, tree: Path) -> None:
    from simcompare.core.folder.reprioritise import Criterion, ReferenceRule

    page.set_folder(tree / "a")
    add_folder(qtbot, page, tree / "keep", RootRole.REFERENCE)
    result = scan_and_wait(qtbot, page)
    [group] = [g for g in page.groups if any(result.files[i].path == "keep/zh_kept.txt" for i in g.indices)]
    assert result.files[group.reference].path == "keep/zh_kept.txt"
    # a rule that would rather keep another copy (a/zh.txt has the shorter path) must not move it out of the root
    with qtbot.waitSignal(page.reprioritising.applied, timeout=30_000):
        assert page.reprioritising.apply(ReferenceRule((Criterion.SHORTEST_PATH,)))
    [group] = [g for g in page.groups if any(result.files[i].path == "keep/zh_kept.txt" for i in g.indices)]
    assert result.files[group.reference].path == "keep/zh_kept.txt"
