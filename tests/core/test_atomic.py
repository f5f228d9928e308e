"""One atomic write (``core/formats/atomic.py``): a file is replaced whole or not at all, and no temporary file
is left behind, whatever went wrong."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest
from helpers.system import unprivileged

from simcompare.core.formats.atomic import write_bytes, write_text


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def test_writes_the_whole_file_and_nothing_else(tmp_path: Path) -> None:
    path = tmp_path / "out.csv"
    write_text(path, "a,b\r\n1,2\n")  # as is: no newline translation
    assert path.read_bytes() == b"a,b\r\n1,2\n"
    write_bytes(path, b"new")
    assert path.read_bytes() == b"new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.csv"]


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_a_new_file_follows_the_umask_and_a_replaced_one_keeps_its_mode(tmp_path: Path) -> None:
    fresh = tmp_path / "fresh.json"
    write_text(fresh, "{}")
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o666 & ~_umask()
    kept = tmp_path / "kept.json"
    kept.write_text("old", encoding="utf-8")
    kept.chmod(0o640)
    write_text(kept, "new")
    assert kept.read_text(encoding="utf-8") == "new" and stat.S_IMODE(kept.stat().st_mode) == 0o640


def test_a_missing_folder_names_the_file_asked_for(tmp_path: Path) -> None:
    target = tmp_path / "missing" / "groups.json"
    with pytest.raises(FileNotFoundError) as raised:
        write_text(target, "{}")
    assert raised.value.errno == errno.ENOENT and raised.value.filename == str(target)


def test_a_failed_replace_leaves_the_target_and_no_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "taken"
    target.mkdir()
    (target / "inside.txt").write_text("kept", encoding="utf-8")
    with pytest.raises(OSError) as raised:
        write_text(target, "a file where a folder is")
    assert raised.value.filename == str(target)
    assert (target / "inside.txt").read_text(encoding="utf-8") == "kept"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["taken"]


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_a_folder_that_cannot_be_written_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    (folder / "results.json").write_text("old", encoding="utf-8")
    folder.chmod(0o555)
    try:
        with unprivileged(), pytest.raises(PermissionError) as raised:
            write_text(folder / "results.json", "new")
    finally:
        folder.chmod(0o755)
    assert raised.value.filename == str(folder / "results.json")
    assert [p.name for p in folder.iterdir()] == ["results.json"]
    assert (folder / "results.json").read_text(encoding="utf-8") == "old"


def test_text_that_utf8_cannot_hold_is_refused_before_any_file_is_made(tmp_path: Path) -> None:
    with pytest.raises(UnicodeEncodeError):
        write_text(tmp_path / "x.json", os.fsdecode(b"caf\xe9"))  # format names with core.formats.names first
    assert not list(tmp_path.iterdir())


def test_a_long_name_still_gets_a_temporary_file_beside_it(tmp_path: Path) -> None:
    name = "n" * 240 + ".json"
    write_text(tmp_path / name, "{}")
    assert [p.name for p in tmp_path.iterdir()] == [name]
