"""The trash and simcompare's own data are never read, whatever the excludes: a trashed file could otherwise be a
member of its group, even the copy a group keeps (hostile round 46)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.texts import EN_A

from simcompare.core.folder.private_places import default_data_path, is_trash_name
from simcompare.core.folder.scan import ScanOptions, list_files
from simcompare.core.folder.skipped import Skipped, SkipReason


def _listed(root: Path) -> tuple[list[str], list[Skipped]]:
    skipped: list[Skipped] = []
    entries = list_files(root, ScanOptions(exclude=()), [], lambda: None, skipped=skipped)
    return [entry.rel for entry in entries], skipped


@pytest.mark.parametrize("trash", [".Trash", ".Trash-1000", ".Trash-0", ".Trashes", "$RECYCLE.BIN", "RECYCLER"])
def test_a_trash_folder_anywhere_is_not_read_even_with_no_excludes(tmp_path: Path, trash: str) -> None:
    root = tmp_path / "disk"
    (root / "docs" / trash / "files").mkdir(parents=True)
    (root / "docs" / "a.txt").write_text(EN_A, encoding="utf-8")
    (root / "docs" / trash / "files" / "a.txt").write_text(EN_A, encoding="utf-8")
    (root / ".hidden").mkdir()
    (root / ".hidden" / "b.txt").write_text(EN_A, encoding="utf-8")
    listed, skipped = _listed(root)
    assert listed == [".hidden/b.txt", "docs/a.txt"]  # hidden folders are read when the excludes say nothing
    assert [(s.path, s.reason) for s in skipped] == [(f"docs/{trash}", SkipReason.EXCLUDED)]
    assert "trash" in skipped[0].detail


@pytest.mark.parametrize("name", [".Trash-x", "Trash", "my.Trash", ".trash-1000x", "RECYCLE.BIN", "Recycler", ".trash"])
def test_other_names_are_folders_like_any(name: str) -> None:
    assert not is_trash_name(name)


def test_the_home_trash_and_simcompares_data_are_not_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    data = home / "share"
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    monkeypatch.delitem(__import__("sys").modules, "send2trash.plat_other", raising=False)
    for folder in (data / "Trash" / "files", default_data_path(), home / "docs"):
        folder.mkdir(parents=True)
    (data / "Trash" / "files" / "a.txt").write_text(EN_A, encoding="utf-8")
    (default_data_path() / "actions.log").write_text(EN_A, encoding="utf-8")
    (home / "docs" / "a.txt").write_text(EN_A, encoding="utf-8")
    (data / "other").mkdir()
    (data / "other" / "c.txt").write_text(EN_A, encoding="utf-8")
    listed, skipped = _listed(home)
    assert listed == ["docs/a.txt", "share/other/c.txt"]
    assert sorted(s.path for s in skipped) == ["share/Trash", "share/simcompare"]


def test_a_reference_in_a_trash_or_simcompares_data_is_no_copy_to_keep(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from simcompare.core.folder.private_places import in_private_place

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delitem(__import__("sys").modules, "send2trash.plat_other", raising=False)
    for inside in ("data/Trash/files/a.txt", "data/simcompare/actions.log", "disk/.Trash-1000/files/a.txt"):
        assert in_private_place(str(tmp_path / inside)), inside
    assert in_private_place("/home/alice/.local/share/Trash/files/a.txt")  # another home's
    for outside in ("data/other/a.txt", "disk/docs/Trash", "disk/docs/.Trash-1000x/a.txt", "data/Trash"):
        assert not in_private_place(str(tmp_path / outside)), outside
