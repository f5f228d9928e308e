"""Actions on files run in the page's worker: progress n of N, Cancel between two files (never inside one), no edit
of marks or groups meanwhile, and afterwards the list shows exactly what happened on disk. The trash here is the
real one (in a temporary home) behind a gate the test opens, so the test decides when the worker goes on."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
import test_folder_cleaner as shared
from PySide6.QtCore import Qt
from test_folder_cleaner import index_of, marked_paths, menu_action
from test_folder_page import run_scan, wait_grouped

from simcompare.core.folder.actions import Outcome
from simcompare.core.folder.cleaner_state import FileState
from simcompare.core.folder.safe_paths import SkipReason
from simcompare.gui.folder.file_commands import send_to_trash
from simcompare.gui.folder.page import FolderPage

cleaner, folder, home = shared.cleaner, shared.folder, shared.home  # the cleaner tests' fixtures

CHOSEN = ["en_c.txt", "sub/en_b.md", "sub/zh_b.txt"]


class GatedTrash:
    """The real trash, each file waiting until the test opens the gate (the worker thread waits, not the test)."""

    def __init__(self) -> None:
        self.reached = threading.Event()
        self.gate = threading.Event()
        self.calls: list[str] = []

    def __call__(self, path: str) -> None:
        self.calls.append(path)
        self.reached.set()
        self.gate.wait(60)  # opened by the test; the bound only keeps a failed test from hanging the run
        send_to_trash(path)


def trashed(home: Path) -> list[str]:
    files = home / ".local" / "share" / "Trash" / "files"
    return sorted(p.name for p in files.iterdir()) if files.is_dir() else []


def test_cancel_stops_between_two_files_and_the_list_shows_what_happened(
    qtbot, cleaner: FolderPage, folder: Path, home: Path
) -> None:
    run_scan(qtbot, cleaner, folder)
    trash = GatedTrash()
    cleaner.trash = trash
    cleaner.confirm = lambda title, text, details: True
    cleaner.model.set_marked([index_of(cleaner, p) for p in CHOSEN])
    with qtbot.waitSignal(cleaner.file_commands.acted, timeout=30_000) as answer:
        menu_action(cleaner.actions_menu, "Move to trash…").trigger()
        qtbot.waitUntil(trash.reached.is_set, timeout=30_000)  # the worker holds the first file
        assert cleaner.progress_bar.isVisible() and cleaner.progress_bar.maximum() == 3
        assert cleaner.progress_label.text().startswith("Move to trash: 0 of 3 files")
        # nothing the user does now changes what is acted on, nor starts anything else
        assert not cleaner.trash_button.isEnabled() and not cleaner.scan_button.isEnabled()
        assert not cleaner.menus.undo_action.isEnabled() and not cleaner.k_box.isEnabled()
        assert not cleaner.menus.open_results_action.isEnabled() and not cleaner.start_scan()
        assert not cleaner.menus.not_dup_list_action.isEnabled() and not cleaner.menus.reprioritise_action.isEnabled()
        assert not cleaner.file_commands.move_to_trash()
        box = cleaner.model.member_index(index_of(cleaner, "sub/zh_b.txt"))
        assert not cleaner.model.setData(box, Qt.CheckState.Unchecked.value, Qt.ItemDataRole.CheckStateRole)
        menu_action(cleaner.mark_menu, "Clear the marks").trigger()  # disabled: does nothing
        assert marked_paths(cleaner) == set(CHOSEN)
        assert cleaner.cancel_button.isEnabled()
        qtbot.mouseClick(cleaner.cancel_button, Qt.MouseButton.LeftButton)
        assert "stopping after the file being acted on" in cleaner.progress_label.text()
        trash.gate.set()  # the file being trashed is finished; the next ones are not started
    done = answer.args[0]
    assert len(trash.calls) == 1 and done.report.moved_paths == ("en_c.txt",)
    assert [o.skipped for o in done.report.stayed] == [SkipReason.CANCELLED, SkipReason.CANCELLED]
    assert trashed(home) == ["en_c.txt"]
    assert (folder / "sub" / "en_b.md").exists() and (folder / "sub" / "zh_b.txt").exists()
    assert "1 file(s) moved, 2 file(s) not reached (cancelled)" in cleaner.summary_label.text()
    assert cleaner.progress_label.text() == "Move to trash: stopped by Cancel" and not cleaner.progress_bar.isVisible()
    wait_grouped(qtbot, cleaner)
    listed = {cleaner.result.files[i].path for g in cleaner.groups for i in g.indices}
    assert "en_c.txt" not in listed and {"sub/en_b.md", "sub/zh_b.txt"} <= listed
    assert cleaner.cleaner.removed == {"en_c.txt": "trashed"}
    assert marked_paths(cleaner) == {"sub/en_b.md", "sub/zh_b.txt"}  # the files not reached keep their marks
    assert cleaner.trash_button.isEnabled() and not cleaner.cancel_button.isEnabled()
    assert "\ttrash\tok\t" in (home / "actions.log").read_text(encoding="utf-8")


def test_the_plan_is_the_confirmed_one_whatever_changes_meanwhile(
    qtbot, cleaner: FolderPage, folder: Path, tmp_path: Path
) -> None:
    run_scan(qtbot, cleaner, folder)
    aside = tmp_path / "aside"
    cleaner.ask_folder = lambda title, start, pattern: str(aside)
    confirmed: list[str] = []

    def confirm(title: str, text: str, details: str) -> bool:
        confirmed.append(details)
        return True

    cleaner.confirm = confirm
    cleaner.model.set_marked([index_of(cleaner, "sub/en_b.md")])
    with qtbot.waitSignal(cleaner.file_commands.acted, timeout=30_000) as answer:
        menu_action(cleaner.actions_menu, "Move to folder…").trigger()
        # the answer waits for the window's event loop: the marks change now, and the file is swapped on disk
        cleaner.cleaner.set_locked(False)  # even past the lock, the worker holds its own copy of the plan
        cleaner.model.set_marked([index_of(cleaner, "en_c.txt")])
        cleaner.cleaner.set_locked(True)
    assert confirmed == [str(folder / "sub" / "en_b.md")]
    assert answer.args[0].report.moved_paths == ("sub/en_b.md",)
    assert (aside / "sub" / "en_b.md").exists() and (folder / "en_c.txt").exists()


def test_a_file_swapped_after_the_confirmation_is_left_alone_and_named(
    qtbot, cleaner: FolderPage, folder: Path, home: Path
) -> None:
    run_scan(qtbot, cleaner, folder)
    trash = GatedTrash()
    cleaner.trash = trash
    cleaner.confirm = lambda title, text, details: True
    warned: list[str] = []
    cleaner.warn = lambda title, text: warned.append(text)
    cleaner.model.set_marked([index_of(cleaner, "en_c.txt"), index_of(cleaner, "sub/en_b.md")])
    with qtbot.waitSignal(cleaner.file_commands.acted, timeout=30_000):
        menu_action(cleaner.actions_menu, "Move to trash…").trigger()
        qtbot.waitUntil(trash.reached.is_set, timeout=30_000)  # the first file is being trashed
        (folder / "sub" / "en_b.md").write_text("another text, written while the action runs", encoding="utf-8")
        trash.gate.set()
    assert trashed(home) == ["en_c.txt"] and len(trash.calls) == 1  # checked right before its turn
    assert (folder / "sub" / "en_b.md").read_text(encoding="utf-8").startswith("another text")
    (text,) = warned
    assert f"{folder / 'sub' / 'en_b.md'}: it changed since the scan" in text


def test_the_language_waits_while_files_are_acted_on(qtbot, main_window, folder: Path, home: Path) -> None:
    page = main_window.folder_page
    page.reprioritising.new_groups_rule = None
    page.workers = 1
    run_scan(qtbot, page, folder)
    trash = GatedTrash()
    page.trash = trash
    page.confirm = lambda title, text, details: True
    page.select_files([index_of(page, "en_c.txt")])
    assert main_window.language_group.isEnabled()
    with qtbot.waitSignal(page.file_commands.acted, timeout=30_000):
        menu_action(page.actions_menu, "Move to trash…").trigger()
        qtbot.waitUntil(trash.reached.is_set, timeout=30_000)
        assert not main_window.language_group.isEnabled()  # rebuilding the window now would lose the answer
        trash.gate.set()
    assert main_window.language_group.isEnabled() and trashed(home) == ["en_c.txt"]


@pytest.mark.skipif(os.name != "posix", reason="folder locks (flock) are POSIX")
def test_nothing_is_done_while_another_simcompare_cleans_the_folder(
    qtbot, cleaner: FolderPage, folder: Path, home: Path
) -> None:
    # a window and a command line cleaning one folder at once: each could delete its copy believing the other's
    # kept copy still there, and a group lose every copy. The window takes the command line's lock, and when
    # another simcompare holds it, it does nothing and says so, without waiting.
    run_scan(qtbot, cleaner, folder)
    holder = subprocess.Popen(  # another simcompare cleaning the folder: a real process holding the lock
        [sys.executable, "-c", HOLD, str(folder)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        warned: list[str] = []
        cleaner.warn = lambda title, text: warned.append(text)
        cleaner.confirm = lambda title, text, details: True
        cleaner.model.set_marked([index_of(cleaner, p) for p in CHOSEN])
        with qtbot.waitSignal(cleaner.file_commands.acted, timeout=30_000) as answer:
            menu_action(cleaner.actions_menu, "Move to trash…").trigger()
        done = answer.args[0]
        assert done.report is None and os.path.samefile(done.busy, folder)
        assert len(warned) == 1 and "Another simcompare is cleaning this folder" in warned[0]
        assert "try again when it has finished" in warned[0]
        assert all((folder / p).exists() for p in CHOSEN) and trashed(home) == []  # nothing was done
        assert "nothing was done" in cleaner.summary_label.text()
    finally:
        holder.communicate("done\n", timeout=60)
    with qtbot.waitSignal(cleaner.file_commands.acted, timeout=30_000) as answer:  # once it has finished
        menu_action(cleaner.actions_menu, "Move to trash…").trigger()
    assert sorted(answer.args[0].report.moved_paths) == sorted(CHOSEN) and trashed(home) == sorted(
        Path(p).name for p in CHOSEN
    )


HOLD = """
import sys
from simcompare.core.folder.cleaning_lock import cleaning_lock
with cleaning_lock([sys.argv[1]]):
    print("held", flush=True)
    sys.stdin.readline()
"""


def test_a_trash_that_cannot_be_used_is_named_in_the_window(cleaner: FolderPage) -> None:
    failed = Outcome("/docs/a.txt", "", "Operation not permitted", errno.EPERM, path="a.txt", concerns="/home/me/Trash")
    assert cleaner.file_commands.reason(failed) == "operation not permitted (the trash folder: /home/me/Trash)"


def test_a_file_kept_under_another_name_is_named_in_the_window(cleaner: FolderPage) -> None:
    # another file took its name while the trash failed: it is "name (2).txt" now, never "left where it was"
    failed = Outcome("/docs/name.txt", "", "Permission denied", errno.EACCES, path="name.txt", kept_as="name (2).txt")
    said = cleaner.file_commands.with_kept_name(failed, cleaner.file_commands.reason(failed))
    assert said == "permission denied; it was kept as name (2).txt, beside the file that took its name"
    left = Outcome("/docs/b.txt", "", "Permission denied", errno.EACCES, path="b.txt")
    assert cleaner.file_commands.stayed_heading([left]) == "1 file(s) were left where they were:"  # no translator
    assert cleaner.file_commands.stayed_heading([left, failed]) == "2 file(s) were not moved:"


def test_a_report_s_headings_name_a_file_kept_under_another_name(cleaner: FolderPage) -> None:
    from simcompare.core.folder.actions import ActionKind

    kept = Outcome("/docs/name.txt", "", "Permission denied", errno.EACCES, path="name.txt", kept_as="name (2).txt")
    left = Outcome("/docs/b.txt", "", "Permission denied", errno.EACCES, path="b.txt")
    replace = cleaner.menus.replace
    assert replace.stayed_heading(ActionKind.DELETE, [left]) == "1 file(s) were left as they were:"
    assert replace.stayed_heading(ActionKind.DELETE, [left, kept]) == "2 file(s) were not deleted:"
    assert replace.stayed_heading(ActionKind.HARD_LINK, [kept]) == "1 file(s) were not replaced with a link:"
    assert cleaner.file_commands.sentences("3 files moved", "1 was not") == "3 files moved. 1 was not"


def test_a_file_kept_under_another_name_leaves_the_list(qtbot, cleaner: FolderPage, folder: Path) -> None:
    # the trash fails after another program saved a file under the name: the scanned file is kept as
    # "en_c (2).txt", and the file at en_c.txt is another one: the list no longer offers it as the scanned file
    run_scan(qtbot, cleaner, folder)
    warned: list[str] = []
    cleaner.warn = lambda title, text: warned.append(text)
    cleaner.confirm = lambda title, text, details: True

    def failing(path: str) -> None:
        (folder / "en_c.txt").write_text("saved by another program meanwhile", encoding="utf-8")
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), path)

    cleaner.trash = failing
    cleaner.model.set_marked([index_of(cleaner, "en_c.txt")])
    with qtbot.waitSignal(cleaner.file_commands.acted, timeout=30_000) as answer:
        menu_action(cleaner.actions_menu, "Move to trash…").trigger()
    (outcome,) = answer.args[0].report.stayed
    assert outcome.kept_as == "en_c (2).txt" and (folder / "en_c (2).txt").is_file()
    assert len(warned) == 1 and "it was kept as en_c (2).txt" in warned[0] and "were not moved" in warned[0]
    wait_grouped(qtbot, cleaner)
    assert all(f.path != "en_c.txt" for f in cleaner.result.files)
    assert cleaner.cleaner.removed["en_c.txt"] is FileState.CHANGED


def test_every_reason_a_trash_or_move_leaves_a_file_is_said_in_the_windows_own_words(cleaner: FolderPage) -> None:
    """No reason falls back to the core's English detail (which the Chinese window would show as it is). Not
    here: a file gone or unreachable (the system's error, translated), cancelled (counted apart), and the reasons
    only links and a permanent delete give (``ReplaceCommands.reason``)."""
    elsewhere = {SkipReason.VANISHED, SkipReason.UNREACHABLE, SkipReason.CANCELLED, SkipReason.ALREADY_LINKED}
    elsewhere |= {SkipReason.OTHER_DEVICE, SkipReason.NOT_IDENTICAL, SkipReason.UNKNOWN_IDENTITY}
    for reason in set(SkipReason) - elsewhere:
        outcome = Outcome("/docs/a.txt", "", "the core's own detail", None, reason, "a.txt")
        assert cleaner.file_commands.reason(outcome) != "the core's own detail", reason
