"""Hostile round 35b in the window: another name of a kept member, and the symbolic-link guard. Each test failed
before its fix."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

import pytest
from helpers.gui import acted
from helpers.mounts import bind_mount
from helpers.texts import EN_A
from test_folder_cleaner import cleaner, home, index_of, menu_action  # noqa: F401 - fixtures
from test_folder_page import run_scan

from simcompare.core.folder.safe_paths import SkipReason
from simcompare.gui.folder.page import FolderPage


def _mounted_twice(root: Path) -> contextlib.AbstractContextManager[Path]:
    """A group of three names: r.txt, and x.txt in d1 and again in d2, d1 mounted on d2 (one directory entry)."""
    (root / "d1").mkdir(parents=True)
    (root / "d2").mkdir()
    (root / "r.txt").write_text(EN_A, encoding="utf-8")
    (root / "d1" / "x.txt").write_text(EN_A + " One more sentence here.", encoding="utf-8")
    return bind_mount(root / "d1", root / "d2")


@pytest.mark.parametrize("action", ["Move to trash…", "Delete permanently…"])
def test_another_name_of_a_kept_member_is_left_alone(qtbot, cleaner: FolderPage, tmp_path: Path, action: str) -> None:  # noqa: F811
    """The window acts on the selected row when nothing is marked: the "hard link of d1/x.txt" row, x.txt being a
    member nothing takes. Through a folder mounted twice both names are one entry: it took the kept copy away."""
    root = tmp_path / "docs"
    with _mounted_twice(root):
        run_scan(qtbot, cleaner, root)
        (group,) = cleaner.groups
        assert {cleaner.result.files[m.index].path for m in group.members} == {"r.txt", "d1/x.txt", "d2/x.txt"}
        cleaner.select_files([index_of(cleaner, "r.txt")])
        cleaner.marking.set_selected_as_reference()
        qtbot.waitUntil(lambda: not cleaner.regrouping and cleaner.groups[0].reference == index_of(cleaner, "r.txt"))
        said: list[str] = []
        cleaner.warn = lambda title, text: said.append(text)
        cleaner.confirm = lambda title, text, details: True
        cleaner.select_files([index_of(cleaner, "d2/x.txt")])
        done = acted(qtbot, cleaner, menu_action(cleaner.actions_menu, action).trigger)
        assert (root / "d1" / "x.txt").exists(), "the kept file went with its other name"
        assert (root / "r.txt").exists()
    (outcome,) = done.report.outcomes
    assert not outcome.ok and "d1/x.txt" in outcome.error
    assert said and "another name of a file its group keeps" in said[0]


@pytest.mark.parametrize("action", ["Move to trash…", "Delete permanently…"])
@pytest.mark.parametrize("reference", ["d1/x.txt", "d2/x.txt"])
def test_a_whole_group_chosen_through_a_folder_mounted_twice_says_what_went(
    qtbot,
    cleaner: FolderPage,  # noqa: F811
    tmp_path: Path,
    action: str,
    reference: str,
) -> None:
    """Every member chosen (and the question about the whole group answered yes): the reference goes too, so its
    other name is no name of a kept file. It was left alone as one, said to be "left where it was", and then
    went with the reference, one directory entry for both names."""
    root = tmp_path / "docs"
    with _mounted_twice(root):
        run_scan(qtbot, cleaner, root)
        cleaner.select_files([index_of(cleaner, reference)])
        cleaner.marking.set_selected_as_reference()
        qtbot.waitUntil(lambda: not cleaner.regrouping and cleaner.groups[0].reference == index_of(cleaner, reference))
        said: list[str] = []
        cleaner.warn = lambda title, text: said.append(text)
        cleaner.confirm = lambda title, text, details: True
        cleaner.select_files([index_of(cleaner, p) for p in ("r.txt", "d1/x.txt", "d2/x.txt")])
        done = acted(qtbot, cleaner, menu_action(cleaner.actions_menu, action).trigger)
        gone = not os.path.lexists(root / "d1" / "x.txt")
    assert gone and not (root / "r.txt").exists()  # the whole group went, as asked
    for outcome in done.report.outcomes:  # nothing is said to be left that is gone: the other name went with it
        assert outcome.ok or outcome.skipped is SkipReason.SAME_FILE, (outcome.path, outcome.error)
    assert not said, said  # no file "left where it was"
    assert not {"r.txt", "d1/x.txt", "d2/x.txt"} & {f.path for f in cleaner.result.files}
