"""The Folder page: scan, groups, problems, cancel, regroup without rescan, export, trash, models."""

from __future__ import annotations

import csv
import io
import json
import threading
from pathlib import Path

import pytest
from helpers.gui import acted, point_trash_at
from PySide6.QtCore import QSettings, Qt

from simcompare.core.defaults import default_k
from simcompare.core.errors import ErrorCode
from simcompare.core.folder.cleaner_state import FileState
from simcompare.core.folder.scan import scan
from simcompare.gui.folder.models import GroupTreeModel, ProblemsModel
from simcompare.gui.folder.page import FolderPage

ZH = (
    "今天上午，市政府召开新闻发布会，介绍了城市公共交通发展的最新情况。"
    "发言人表示，今年全市新开通地铁线路三条，公交线路优化调整四十余条，"
    "市民出行更加方便快捷。下一步，政府将继续加大投入，完善换乘设施，"
    "提高公共交通的服务质量和运行效率，努力让每一位市民都能享受到便利的出行服务。"
    "同时，相关部门还将加强交通安全管理，严厉打击各类违法行为，保障市民出行安全。"
)
EN = (
    "The river valley was quiet in the early morning when the farmers walked out to their fields. "
    "Mist rose slowly from the water while birds called from the tall trees along the banks. "
    "Every family in the village depended on the harvest, so the work began before sunrise and "
    "continued until the light faded behind the western hills. Children carried water and bread "
    "to their parents, and the old men sat by the mill telling stories about floods and droughts."
)
OTHER = (
    "Quantum computers use qubits that can exist in superpositions of states, allowing certain "
    "algorithms to run much faster than on classical machines. Researchers are building error "
    "correction codes, cryogenic control electronics and new compilers to make these devices useful "
    "for chemistry simulations, optimisation problems and cryptography in the coming decades ahead."
)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    root = tmp_path / "docs"
    (root / "sub").mkdir(parents=True)
    (root / "zh_a.txt").write_text(ZH, encoding="utf-8")
    (root / "sub" / "zh_b.txt").write_text(ZH.replace("三条", "四条"), encoding="utf-8")
    (root / "en_a.txt").write_text(EN, encoding="utf-8")
    (root / "en_b.md").write_text(EN.replace("quiet", "silent"), encoding="utf-8")
    (root / "en_c.txt").write_text(EN.replace("bread", "cheese"), encoding="utf-8")
    (root / "other.txt").write_text(OTHER, encoding="utf-8")
    (root / "binary.txt").write_bytes(b"\x00\x01\x02binary\x00data" * 20)
    (root / "empty.txt").write_text("", encoding="utf-8")
    return root


@pytest.fixture
def page(qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    (tmp_path / "home").mkdir()
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "home" / ".local" / "share"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    point_trash_at(monkeypatch, tmp_path / "home")
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    calls: list[str] = []

    def counting_scan(*args, **kwargs):
        calls.append(str(args[0]))
        return scan(*args, **kwargs)

    widget = FolderPage(settings=settings, scan_function=counting_scan, cache_path=tmp_path / "cache" / "c.sqlite3")
    widget.workers = 1
    widget.scan_calls = calls  # type: ignore[attr-defined]
    qtbot.addWidget(widget)
    widget.resize(1200, 800)
    yield widget
    widget.shutdown()


def run_scan(qtbot, page: FolderPage, folder: Path):
    """Scan and wait until the groups are on screen (they follow the result from the grouping worker)."""
    page.set_folder(folder)
    with qtbot.waitSignal(page.scan_finished, timeout=60_000) as blocker:
        assert page.start_scan()
    wait_grouped(qtbot, page)
    return blocker.args[0]


def wait_grouped(qtbot, page: FolderPage) -> None:
    """Until the groups of the newest request are on screen (the grouping job is idle again)."""
    qtbot.waitUntil(lambda: not page.regrouping, timeout=60_000)


def group_paths(page: FolderPage) -> list[set[str]]:
    files = page.result.files
    return [{files[m.index].path for m in g.members} for g in page.groups]


def test_scan_shows_planted_groups_and_problems(qtbot, page: FolderPage, folder: Path) -> None:
    result = run_scan(qtbot, page, folder)
    assert not result.cancelled
    assert sorted(group_paths(page), key=len) == [
        {"zh_a.txt", "sub/zh_b.txt"},
        {"en_a.txt", "en_b.md", "en_c.txt"},
    ]
    assert page.model.rowCount() == 2
    reasons = {p.path: p.reason for p in result.problems}
    assert reasons == {"binary.txt": ErrorCode.BINARY}
    assert page.empty_model.stringList() == ["empty.txt"]
    assert page.tabs.tabText(3) == "Empty files (1)"  # counted from the list shown, not the records again
    assert page.problems_model.rowCount() == 1
    assert page.scan_button.isEnabled() and not page.cancel_button.isEnabled()
    assert "PARTIAL" not in page.summary_label.text()
    # the reference is the member with distance 0, listed first and shown as such
    model = page.model
    for row, group in enumerate(page.groups):
        first = model.index(0, 4, model.index(row, 0))
        assert model.data(first) == "reference"
        assert group.members[0].index == group.reference
    assert not page.grab().isNull()  # the page renders


def test_filter_keeps_matching_members(qtbot, page: FolderPage, folder: Path) -> None:
    run_scan(qtbot, page, folder)
    page.filter_edit.setText("zh_")
    assert page.proxy.rowCount() == 1
    assert page.proxy.rowCount(page.proxy.index(0, 0)) == 2
    page.filter_edit.clear()
    assert page.proxy.rowCount() == 2


def test_settings_persist(qtbot, page: FolderPage, folder: Path, tmp_path: Path) -> None:
    page.recursive_box.setChecked(False)
    page.suffixes_edit.setText(".txt")
    run_scan(qtbot, page, folder)
    assert {"zh_a.txt", "sub/zh_b.txt"} not in group_paths(page)  # sub-folder and .md skipped
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    again = FolderPage(settings=settings, cache_path=None)
    qtbot.addWidget(again)
    try:
        assert again.folder() == str(folder)
        assert not again.recursive_box.isChecked()
        assert again.suffixes_edit.text() == ".txt"
    finally:
        again.shutdown()


def test_cancel_keeps_partial_result_and_page_stays_usable(qtbot, page: FolderPage, folder: Path) -> None:
    # The worker holds at its first progress report until the Cancel button has been clicked, so the scan
    # cannot finish first; the click is the user's, on the GUI thread.
    worker = page.scan_job.worker
    reached, clicked = threading.Event(), threading.Event()

    def hold(*_: object) -> None:
        reached.set()
        clicked.wait(timeout=30)

    worker.progress.connect(hold, Qt.ConnectionType.DirectConnection)
    page.set_folder(folder)
    with qtbot.waitSignal(page.scan_finished, timeout=60_000) as blocker:
        assert page.start_scan()
        assert not page.scan_button.isEnabled()
        assert not page.start_scan()  # a second scan cannot start while one runs
        try:
            qtbot.waitUntil(reached.is_set, timeout=30_000)
            assert page.cancel_button.isEnabled()
            qtbot.mouseClick(page.cancel_button, Qt.MouseButton.LeftButton)
            assert "Cancelling" in page.progress_label.text()
        finally:
            clicked.set()  # let the worker go on, whatever happened
    result = blocker.args[0]
    assert result.cancelled
    assert "PARTIAL" in page.summary_label.text()
    assert "partial" in page.progress_label.text()
    assert page.scan_button.isEnabled() and not page.cancel_button.isEnabled()
    worker.progress.disconnect(hold)
    full = run_scan(qtbot, page, folder)
    assert not full.cancelled and len(page.groups) == 2


def test_changing_k_regroups_without_rescan(qtbot, page: FolderPage, folder: Path) -> None:
    run_scan(qtbot, page, folder)
    assert len(page.scan_calls) == 1
    with qtbot.waitSignal(page.regrouped, timeout=10_000):
        page.k_box.setValue(0)
    # at k = 0 a member is at distance 0, unless its word pairs alone put it there (the shingles' evidence)
    members = [m for g in page.groups for m in g.members]
    assert all(m.distance == 0 or (m.evidence == "shingles" and m.verified >= 0.5) for m in members)
    with qtbot.waitSignal(page.regrouped, timeout=10_000) as blocker:
        page.k_slider.setValue(page.k_slider.maximum())
    assert blocker.args == [page.k_box.maximum()]
    assert page.session.search_statistics is not None
    assert "blocks" in page.stats_label.text()
    assert "kept for smaller k" not in page.stats_label.text()
    with qtbot.waitSignal(page.regrouped, timeout=10_000):  # the search at the largest k serves this one
        page.k_box.setValue(3)
    assert f"(the search at k = {page.k_box.maximum()}, kept for smaller k)" in page.stats_label.text()
    assert len(page.scan_calls) == 1


def test_rescan_uses_cache(qtbot, page: FolderPage, folder: Path) -> None:
    run_scan(qtbot, page, folder)
    second = run_scan(qtbot, page, folder)
    assert second.stats.segmented == 1  # only the binary file, which no cache can hold, is read again
    assert second.stats.fingerprints_from_cache == len(second.files)


def test_export_matches_groups(qtbot, page: FolderPage, folder: Path, tmp_path: Path) -> None:
    run_scan(qtbot, page, folder)
    page.dialogs.write_groups(tmp_path / "g.csv", "csv")
    page.dialogs.write_groups(tmp_path / "g.json", "json")
    rows = list(csv.DictReader(io.StringIO((tmp_path / "g.csv").read_text(encoding="utf-8"))))
    by_group: dict[str, set[str]] = {}
    for row in rows:
        by_group.setdefault(row["group"], set()).add(row["path"])
    assert list(by_group.values()) == group_paths(page)
    data = json.loads((tmp_path / "g.json").read_text(encoding="utf-8"))
    assert [{m["path"] for m in g["members"]} for g in data["groups"]] == group_paths(page)
    assert data["settings"]["k"] == page.k_box.value()
    assert data["empty"] == ["empty.txt"]
    assert [p["path"] for p in data["problems"]] == ["binary.txt"]


def _index_of(page: FolderPage, path: str) -> int:
    return next(i for i, f in enumerate(page.result.files) if f.path == path)


def test_declining_the_trash_leaves_files(qtbot, page: FolderPage, folder: Path) -> None:
    run_scan(qtbot, page, folder)
    asked = []
    page.confirm = lambda title, text, details: asked.append(details) or False
    page.select_files([_index_of(page, "en_b.md")])
    assert not page.file_commands.move_to_trash()
    assert (folder / "en_b.md").exists()
    assert asked == [str(folder / "en_b.md")]


def test_trash_moves_only_confirmed_files(qtbot, page: FolderPage, folder: Path, tmp_path: Path) -> None:
    run_scan(qtbot, page, folder)
    page.confirm = lambda title, text, details: True
    page.warn = lambda title, text: pytest.fail(text)
    page.model.set_marked([_index_of(page, "en_b.md")])
    done = acted(qtbot, page, page.file_commands.move_to_trash)
    assert done.report.moved_paths == ("en_b.md",) and page.cleaner.removed == {"en_b.md": "trashed"}
    assert not (folder / "en_b.md").exists()
    assert (folder / "en_a.txt").exists() and (folder / "en_c.txt").exists()
    trashed = list((tmp_path / "home").rglob("en_b.md"))
    assert trashed, "the file should be in the temporary trash"
    wait_grouped(qtbot, page)
    assert {"en_a.txt", "en_c.txt"} in group_paths(page)


def test_whole_group_needs_a_second_confirmation(qtbot, page: FolderPage, folder: Path) -> None:
    run_scan(qtbot, page, folder)
    answers = iter([True, False])
    titles = []

    def confirm(title, text, details):
        titles.append(title)
        return next(answers)

    page.confirm = confirm
    page.select_files([_index_of(page, "zh_a.txt"), _index_of(page, "sub/zh_b.txt")])
    assert not page.file_commands.move_to_trash()
    assert len(titles) == 2
    assert (folder / "zh_a.txt").exists() and (folder / "sub" / "zh_b.txt").exists()


def test_side_by_side_and_not_duplicates(qtbot, page: FolderPage, folder: Path) -> None:
    run_scan(qtbot, page, folder)
    page.select_files([_index_of(page, "en_a.txt"), _index_of(page, "en_c.txt")])
    assert page.side.compare_selected()
    assert page.tabs.currentWidget() is page.side_tab
    with qtbot.waitSignal(page.compare_requested, timeout=1000):
        page.to_compare_button.click()
    page.tabs.setCurrentIndex(0)
    page.select_files([_index_of(page, "zh_a.txt"), _index_of(page, "sub/zh_b.txt")])
    assert page.file_commands.mark_not_duplicates()
    wait_grouped(qtbot, page)
    assert len(page.groups) == 1
    run_scan(qtbot, page, folder)  # remembered across scans
    assert len(page.groups) == 1


def test_models_pass_modeltester(qtbot, qtmodeltester, page: FolderPage, folder: Path) -> None:
    run_scan(qtbot, page, folder)
    qtmodeltester.check(page.model)
    qtmodeltester.check(page.proxy)
    qtmodeltester.check(page.problems_model)
    qtmodeltester.check(GroupTreeModel())
    qtmodeltester.check(ProblemsModel())


def test_histogram_counts_every_pair_and_follows_k(qtbot, page: FolderPage, folder: Path) -> None:
    from simcompare.core.search.histogram import distance_histogram

    result = run_scan(qtbot, page, folder)
    shown = page.histogram._histogram
    values = [f.value for f in result.files if not f.empty]
    assert shown == distance_histogram(values, result.config.bits)
    assert shown.pairs == len(values) * (len(values) - 1) // 2
    page.k_box.setValue(3)
    assert page.histogram._k == 3


def test_every_job_of_the_page_is_waited_for_and_stopped(page: FolderPage) -> None:
    """``--screenshot`` waits for every job and shutdown stops every one: the jobs listed are all the page has (a
    job added and not listed kept its thread running at exit)."""
    from simcompare.gui.common.workers import BackgroundJob

    jobs = page.jobs
    held = {id(job) for job in vars(jobs).values() if isinstance(job, BackgroundJob)}
    assert len(held) == 8 and held == {id(job) for job in jobs._jobs()}
    jobs.histogram.submit(object())  # a job that fails at once: busy until its answer is in
    assert jobs.wait_until_idle(10_000) and not jobs.histogram.busy


def test_reopened_results_get_their_histogram_beside_their_groups(
    qtbot, page: FolderPage, folder: Path, tmp_path: Path
) -> None:
    """Reopening measures the histogram in a job of its own, beside the first groups: the same counts, then the
    search's line says how many pairs lie within k."""
    run_scan(qtbot, page, folder)
    scanned = page.histogram._histogram
    assert scanned is not None and scanned.pairs
    saved = tmp_path / "R.json"
    page.save_results(saved)
    page.histogram.set_histogram(None)
    with qtbot.waitSignal(page.jobs.histogram.result_ready, timeout=30_000):
        assert page.open_results(saved)
    wait_grouped(qtbot, page)
    assert page.histogram._histogram == page.distance_histogram == scanned
    assert "within k" in page.stats_label.text()


def test_settings_of_the_compare_page_drive_the_next_scan(qtbot, page: FolderPage, folder: Path) -> None:
    from simcompare.core.fingerprint.simhash import Config

    run_scan(qtbot, page, folder)
    page.set_config(Config(bits=32))
    assert page.k_box.maximum() == 16 and page.k_box.value() == default_k(32)
    assert "scan again" in page.stats_label.text()
    result = run_scan(qtbot, page, folder)
    assert result.config.bits == 32


def test_only_globs_and_smallest_size_choose_the_files(qtbot, page: FolderPage, folder: Path) -> None:
    page.include_edit.setText("zh_* other*")
    result = run_scan(qtbot, page, folder)
    assert sorted(f.path for f in result.files) == ["other.txt", "sub/zh_b.txt", "zh_a.txt"]
    page.include_edit.setText("")
    page.min_size_box.setValue(1)  # 1 KB: the short texts and the empty file are passed over
    result = run_scan(qtbot, page, folder)
    assert all(f.size >= 1024 for f in result.files)
    assert "empty.txt" not in result.empty


def test_side_by_side_opens_the_pair_on_the_compare_page(qtbot, tmp_path: Path, folder: Path) -> None:
    from simcompare.gui.main_window import MainWindow

    window = MainWindow(QSettings(str(tmp_path / "w.ini"), QSettings.Format.IniFormat), persist=False)
    qtbot.addWidget(window)
    page = window.folder_page
    page.workers = 1
    run_scan(qtbot, page, folder)
    page.select_files([_index_of(page, "en_a.txt"), _index_of(page, "en_c.txt")])
    assert page.side.compare_selected()
    with qtbot.waitSignal(window.compare_page.results_shown, timeout=30_000):
        page.to_compare_button.click()
    assert window.compare_page.pane_a.text() == (folder / "en_a.txt").read_text(encoding="utf-8")
    assert window.compare_page.pane_b.text() == (folder / "en_c.txt").read_text(encoding="utf-8")
    page.shutdown()


def test_a_damaged_cache_is_said_in_the_window_and_set_aside(qtbot, page: FolderPage, folder: Path, tmp_path) -> None:
    cache = tmp_path / "cache" / "c.sqlite3"
    cache.parent.mkdir(parents=True, exist_ok=True)
    cache.write_bytes(b"not a database, a crash left this " * 100)
    run_scan(qtbot, page, folder)
    label = page.progress_label
    assert "Cache: the cache file" in label.text() and "was damaged" in label.text()
    assert "moved to" in label.toolTip()
    assert [p.name for p in cache.parent.iterdir() if ".damaged-" in p.name]  # set aside, not deleted
    run_scan(qtbot, page, folder)  # the new cache works: nothing to say the second time
    assert "Cache:" not in label.text() and label.toolTip() == ""


# Reopened results keep their saved layout: at the saved k the window lays the saved groups out again (each member
# decided again, no search) when k comes back to it and after files are forgotten (moved, trashed); another k
# searches. The saved file leaves out one group a search finds, so the two are told apart.


def _layout_paths(page: FolderPage) -> list[frozenset[str]]:
    files = page.session.files
    return sorted(frozenset(files[m.index].path for m in g.members) for g in page.groups)


def _reopened_without_a_group(qtbot, page: FolderPage, folder: Path, tmp_path: Path) -> list[frozenset[str]]:
    """Scan, save, drop one saved group from the file, reopen: the groups on screen are the saved ones."""
    run_scan(qtbot, page, folder)
    searched = _layout_paths(page)
    assert len(searched) >= 2
    saved = tmp_path / "R.json"
    page.save_results(saved)
    data = json.loads(saved.read_text(encoding="utf-8"))
    kept = [g for g in data["groups"] if not any("zh_" in m["path"] for m in g["members"])]
    assert 0 < len(kept) < len(data["groups"])
    data["groups"] = kept
    saved.write_text(json.dumps(data), encoding="utf-8")
    with qtbot.waitSignal(page.regrouped, timeout=60_000):
        assert page.open_results(saved)
    wait_grouped(qtbot, page)
    shown = _layout_paths(page)
    assert page.shown is not None and page.shown.verified_pairs is None  # laid out: no search
    assert shown and all(not any("zh_" in p for p in g) for g in shown) and len(shown) < len(searched)
    return shown


def test_back_at_the_saved_k_the_saved_groups_are_laid_out_again(
    qtbot, page: FolderPage, folder: Path, tmp_path: Path
) -> None:
    shown = _reopened_without_a_group(qtbot, page, folder, tmp_path)
    saved_k = page.k_box.value()
    page.k_box.setValue(saved_k - 1)
    wait_grouped(qtbot, page)
    assert page.shown is not None and page.shown.verified_pairs is not None  # another k: a search
    assert any(any("zh_" in p for p in g) for g in _layout_paths(page))  # the group the layout left out
    page.k_box.setValue(saved_k)
    wait_grouped(qtbot, page)
    assert page.shown is not None and page.shown.verified_pairs is None
    assert _layout_paths(page) == shown


def test_files_forgotten_leave_the_layout_and_the_rest_is_laid_out_without_a_search(
    qtbot, page: FolderPage, folder: Path, tmp_path: Path
) -> None:
    shown = _reopened_without_a_group(qtbot, page, folder, tmp_path)
    largest = max(shown, key=len)
    gone = sorted(largest)[-1]
    page.forget([gone], FileState.TRASHED)
    wait_grouped(qtbot, page)
    assert page.session.index_of(gone) is None
    assert page.shown is not None and page.shown.verified_pairs is None  # laid out, no search
    expected = sorted(g - {gone} for g in shown if len(g - {gone}) > 1)
    assert _layout_paths(page) == expected


def test_a_new_scan_forgets_the_saved_layout(qtbot, page: FolderPage, folder: Path, tmp_path: Path) -> None:
    _reopened_without_a_group(qtbot, page, folder, tmp_path)
    assert page.saved_layout is not None
    run_scan(qtbot, page, folder)
    assert page.saved_layout is None and page.shown is not None and page.shown.verified_pairs is not None
    assert any(any("zh_" in p for p in g) for g in _layout_paths(page))


def test_a_layout_follows_the_files_left_to_their_new_numbers() -> None:
    """The reference gone, the next file leads; also-close files follow or go; a group of one is dropped; a
    crafted layout with more also-close lists than files keeps no extra file."""
    from simcompare.core.fingerprint.simhash import Config
    from simcompare.core.folder.scan import FileRecord, ScanOptions, ScanResult
    from simcompare.core.folder.session import FolderSession
    from simcompare.core.search.groups import Laid
    from simcompare.gui.folder.jobs import _followed

    files = tuple(FileRecord(f"f{i}.txt", 1, 0, i, False, inode=i + 1) for i in range(6))
    session = FolderSession(ScanResult("/nowhere", Config(), ScanOptions(), files, ()))
    old = session.files
    laid = (Laid((0, 1, 2), ((5,), (), (3,))), Laid((3, 4), ((), (), (1,))))
    session.forget(["f0.txt", "f4.txt"])  # f1 … f5 are 0 … 3 now, f5 is 3
    assert _followed(laid, old, session.files) == (Laid((0, 1), ((), (2,))),)


def test_side_by_side_says_how_to_fill_it_until_a_pair_is_shown(qtbot, page: FolderPage, folder: Path) -> None:
    assert "Select a member in Groups" in page.pair_label.text()  # not two blank panes without a word
    run_scan(qtbot, page, folder)
    page.select_files([next(i for i, f in enumerate(page.result.files) if f.path == "en_b.md")])
    assert page.side.compare_selected()
    assert "Select a member" not in page.pair_label.text() and "shared" in page.pair_label.text()


def test_an_empty_folders_scan_names_no_index(qtbot, page: FolderPage, tmp_path: Path) -> None:
    """With fewer than two texts no index is searched: the line says so by not naming one ("13 blocks, 0 candidate
    checks where brute force compares 0 pairs" read as work done)."""
    empty = tmp_path / "nothing"
    empty.mkdir()
    run_scan(qtbot, page, empty)
    assert "index" not in page.stats_label.text() and "candidate" not in page.stats_label.text()
