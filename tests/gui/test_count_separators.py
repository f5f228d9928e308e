"""Every count in one line is written alike (review of the %Ln change): where Qt's plural count now writes
"1,234", a count given to .format() beside it in the same line is written "1,234" too, not "1234"."""

from __future__ import annotations

from dataclasses import replace

from helpers.gui import wait_settled
from PySide6.QtCore import QObject
from PySide6.QtWidgets import QLabel, QProgressBar

from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder.scan import FileRecord, ScanOptions, ScanResult, ScanStats
from simcompare.core.progress import Stage
from simcompare.gui.app import install_translations
from simcompare.gui.compare.page import ComparePage
from simcompare.gui.folder.jobs import ScanOutcome
from simcompare.gui.folder.progress import ScanProgress


def test_a_long_texts_token_stats_write_the_distinct_count_with_separators(qtbot, qapp, page: ComparePage) -> None:  # type: ignore[no-untyped-def]
    install_translations(qapp, "en")
    text = " ".join(f"word{n}x" for n in range(1_234))  # 1,234 distinct tokens, none a stop word
    page.pane_a.set_text(text)
    page.pane_b.set_text(text)
    wait_settled(qtbot, page)
    stats = page.pane_a.stats.text()
    assert stats.startswith("1,234 tokens · "), stats
    assert "1234" not in stats, stats  # e.g. "1,234 tokens · 1234 distinct"


def _scanned(count: int, cached: int) -> ScanResult:
    files = tuple(FileRecord(f"{n}.txt", 1, 0, n, False, inode=n + 1) for n in range(count))
    result = ScanResult("/nowhere", Config(), ScanOptions(), files, ())
    return replace(result, stats=ScanStats(listed=count, fingerprints_from_cache=cached))


def _progress(qapp) -> tuple[ScanProgress, QLabel, QObject]:  # type: ignore[no-untyped-def]
    """A scan's progress line in English, started; its owner kept alive by the caller."""
    install_translations(qapp, "en")
    owner = QObject()
    label = QLabel()
    progress = ScanProgress(QProgressBar(), label, lambda: True, owner)
    progress.start("Scanning")
    return progress, label, owner


def test_a_finished_scans_line_writes_the_cached_count_with_separators(qtbot, qapp) -> None:  # type: ignore[no-untyped-def]
    progress, label, _owner = _progress(qapp)
    progress.finished(ScanOutcome(_scanned(1_234, 1_234), None, None))  # type: ignore[arg-type]
    said = label.text()
    assert said.startswith("Scanned 1,234 files in "), said
    assert "(1,234 from the cache)" in said, said  # not "(1234 from the cache)"


def test_a_scans_running_line_writes_its_counts_with_separators(qtbot, qapp) -> None:  # type: ignore[no-untyped-def]
    """While reading: "Reading: 1,500 / 3,302 files", as the line says "Scanned 3,302 files" when done."""
    progress, label, _owner = _progress(qapp)
    progress.on_progress(1_500, 3_302, Stage.READING)
    said = label.text()
    assert said.startswith("Reading: 1,500 / 3,302 files"), said
