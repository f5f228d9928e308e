"""The window never takes away a file its group keeps through another name of it: through a folder mounted twice,
both names are one directory entry, and trashing the name listed as "hard link of …" took the kept file too."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.gui import acted
from helpers.mounts import bind_mount
from helpers.texts import EN_A
from test_folder_cleaner import cleaner, home, index_of, menu_action  # noqa: F401 - fixtures
from test_folder_page import run_scan

from simcompare.gui.folder.page import FolderPage


@pytest.mark.parametrize("action", ["Move to trash…", "Delete permanently…"])
def test_another_name_of_a_kept_member_is_left_alone(qtbot, cleaner: FolderPage, tmp_path: Path, action: str) -> None:  # noqa: F811
    root = tmp_path / "docs"
    (root / "d1").mkdir(parents=True)
    (root / "d2").mkdir()
    (root / "r.txt").write_text(EN_A, encoding="utf-8")
    (root / "d1" / "x.txt").write_text(EN_A + " One more sentence here.", encoding="utf-8")
    with bind_mount(root / "d1", root / "d2"):
        run_scan(qtbot, cleaner, root)
        (group,) = cleaner.groups
        paths = {cleaner.result.files[m.index].path for m in group.members}
        assert paths == {"r.txt", "d1/x.txt", "d2/x.txt"}
        cleaner.select_files([index_of(cleaner, "r.txt")])
        cleaner.marking.set_selected_as_reference()
        qtbot.waitUntil(lambda: not cleaner.regrouping and cleaner.groups[0].reference == index_of(cleaner, "r.txt"))
        said: list[str] = []
        cleaner.warn = lambda title, text: said.append(text)
        cleaner.confirm = lambda title, text, details: True
        cleaner.select_files([index_of(cleaner, "d2/x.txt")])  # "hard link of d1/x.txt", which nothing takes
        done = acted(qtbot, cleaner, menu_action(cleaner.actions_menu, action).trigger)
        assert (root / "d1" / "x.txt").exists(), "the kept file went with its other name"
        assert (root / "r.txt").exists()
    (outcome,) = done.report.outcomes
    assert not outcome.ok and "d1/x.txt" in outcome.error
    assert said and "another name of a file its group keeps" in said[0]
