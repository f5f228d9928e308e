"""Which files of reopened results changed or vanished since (``results.changes_since``): what loading with
``check_files`` says, found apart from the loading (the window looks once the groups are on screen), with
progress, and stopped when asked."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest
from helpers.texts import EN_A, OTHER

from simcompare.core.errors import Cancelled
from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder.scan import ScanOptions, scan
from simcompare.core.folder.session import FolderSession
from simcompare.core.formats.results import changes_since, load_results, results_text
from simcompare.core.progress import Stage

K = 12


@pytest.fixture
def saved(tmp_path: Path) -> tuple[Path, dict[str, object]]:
    root = tmp_path / "docs"
    root.mkdir()
    for n in range(5):
        (root / f"f{n}.txt").write_text(EN_A + f" number {n}", encoding="utf-8")
    (root / "other.txt").write_text(OTHER, encoding="utf-8")
    session = FolderSession(scan(root, Config(segmenter="words"), ScanOptions(workers=1, in_process=True)))
    return root, json.loads(results_text(session, session.groups(K), K))


def test_the_files_looked_at_apart_say_what_loading_says(saved: tuple[Path, dict[str, object]]) -> None:
    root, data = saved
    (root / "f1.txt").write_text("edited", encoding="utf-8")
    (root / "f3.txt").unlink()
    unchecked = load_results(data, check_files=False)
    assert not unchecked.checked and unchecked.changed == () and unchecked.gone == ()
    checked = load_results(data)
    assert checked.checked and checked.changed == ("f1.txt",) and checked.gone == ("f3.txt",)
    reports: list[tuple[int, int, str]] = []
    found = changes_since(unchecked.result, progress=lambda done, total, stage: reports.append((done, total, stage)))
    assert found == (checked.changed, checked.gone)
    assert reports[0] == (0, 6, Stage.CHECKING) and reports[-1] == (6, 6, Stage.CHECKING)


def test_looking_at_the_files_stops_when_asked(saved: tuple[Path, dict[str, object]]) -> None:
    _, data = saved
    stop = threading.Event()
    stop.set()
    with pytest.raises(Cancelled):
        changes_since(load_results(data, check_files=False).result, cancel=stop)
