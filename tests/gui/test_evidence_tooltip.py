"""The Folder page's distance tooltip says when a member was grouped on its shared word pairs alone."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt

from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder.scan import FileRecord, ScanOptions, ScanResult
from simcompare.core.folder.session import FolderSession
from simcompare.core.search.verify import shingles, sketch_to_bytes
from simcompare.gui.folder.models import Column, GroupTreeModel

WORDS = [f"word{i}" for i in range(60)] * 2


def record(path: str, value: int, words: list[str]) -> FileRecord:
    return FileRecord(path, 10, 0, value, False, "utf-8", f"d-{path}", sketch_to_bytes(shingles(words)))


def test_a_member_beyond_k_says_its_word_pairs_put_it_there(qtbot) -> None:
    files = (
        record("a.txt", 0, WORDS),
        record("b.txt", 0b1, WORDS[1:]),  # within k
        record("c.txt", (1 << 30) - 1, WORDS[:-1]),  # 30 bits away, the same word pairs but one
    )
    session = FolderSession(ScanResult("/data", Config(), ScanOptions(), files, ()))
    model = GroupTreeModel()
    model.set_groups(session.files, session.groups(12), 64)
    group = model.index(0, 0, QModelIndex())
    tips = {}
    for row in range(model.rowCount(group)):
        name = model.data(model.index(row, Column.NAME, group), Qt.ItemDataRole.DisplayRole)
        tips[name] = model.data(model.index(row, Column.DISTANCE, group), Qt.ItemDataRole.ToolTipRole)
    assert tips["c.txt"].startswith("30 of 64 bits differ") and "shared word pairs alone" in tips["c.txt"]
    assert tips["b.txt"].startswith("1 of 64 bits differ") and "word pairs" not in tips["b.txt"]
