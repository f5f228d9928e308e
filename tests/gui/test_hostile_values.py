"""Values from disk the window must survive: far dates on real files, damaged preferences, deep lists."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from helpers.texts import EN_A
from PySide6.QtCore import QSettings

from simcompare.gui.folder.models import modified_text, qt_number
from simcompare.gui.folder.page import FolderPage

YEAR_11476_NS = (11476 - 1970) * 365 * 86_400 * 10**9  # past what 64 bits hold in nanoseconds, and past 9999
YEAR_10000_NS = (10000 - 1970) * 365 * 86_400 * 10**9


def test_a_date_no_calendar_shows_is_a_dash() -> None:
    assert modified_text(YEAR_11476_NS) == "—"
    assert modified_text(2**80) == "—"
    assert modified_text(-(2**80)) == "—"
    assert modified_text(1_700_000_000 * 10**9).startswith("2023-11-")


def test_qt_gets_whole_numbers_it_can_hold() -> None:
    assert qt_number(2**80) == 2**63 - 1
    assert qt_number(-(2**80)) == -(2**63)
    assert qt_number(12) == 12
    assert qt_number(True) is True and qt_number("a") == "a" and qt_number(0.5) == 0.5


def _far_dated_folder(tmp_path: Path) -> tuple[Path, int]:
    """Two copies of a text, one dated in the year 11476, on a file system that keeps such a date (tmpfs does;
    ext4 stops at 2446)."""
    for base in (tmp_path, Path("/dev/shm")):
        if not base.is_dir() or not os.access(base, os.W_OK):
            continue
        folder = base / f"far-{os.getpid()}-{tmp_path.name}"
        folder.mkdir()
        (folder / "a.txt").write_text(EN_A, encoding="utf-8")
        (folder / "b.txt").write_text(EN_A, encoding="utf-8")
        try:
            os.utime(folder / "a.txt", ns=(YEAR_11476_NS, YEAR_11476_NS))
            kept = os.stat(folder / "a.txt").st_mtime_ns
        except OSError:
            kept = 0
        if kept > YEAR_10000_NS:
            return folder, kept
        _remove(folder)
    pytest.skip("no writable file system here keeps a modification time past the year 9999 (tmpfs does)")


def _remove(folder: Path) -> None:
    for child in folder.iterdir():
        child.unlink()
    folder.rmdir()


SCAN_AND_SHOW = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from PySide6.QtCore import QSettings
    from simcompare.gui.app import create_application
    from simcompare.gui.folder.page import FolderPage

    def main():
        folder = Path(sys.argv[1])
        app = create_application("en")
        settings = QSettings(sys.argv[2], QSettings.Format.IniFormat)
        page = FolderPage(settings=settings, cache_path=None)
        page.workers = 1
        page.resize(1200, 800)
        page.show()
        page.set_folder(folder)
        done = []
        page.scan_finished.connect(lambda *_: done.append(1))
        page.start_scan()
        end = time.monotonic() + 120
        while (not done or page.regrouping) and time.monotonic() < end:
            app.processEvents()
        page.grab()
        model = page.model
        rows = [model.index(r, 0) for r in range(model.rowCount())]
        shown = [model.index(i, 3, parent).data() for parent in rows for i in range(model.rowCount(parent))]
        print("groups", len(page.groups), "dates", shown)
        page.shutdown()

    if __name__ == "__main__":
        main()
    """
)


def test_a_file_dated_past_64_bits_of_nanoseconds_is_shown_not_a_crash(tmp_path: Path) -> None:
    """A real file dated in the year 11476 made the Folder page die with SIGSEGV after a scan."""
    folder, kept = _far_dated_folder(tmp_path)
    script = tmp_path / "scan_and_show.py"
    script.write_text(SCAN_AND_SHOW, encoding="utf-8")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    try:
        run = subprocess.run(
            [sys.executable, str(script), str(folder), str(tmp_path / "s.ini")],
            capture_output=True,
            text=True,
            timeout=240,
            env=env,
            cwd=tmp_path,
        )
    finally:
        _remove(folder)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "groups 1" in run.stdout, run.stdout + run.stderr[-2000:]
    dates = run.stdout.split("dates", 1)[1]
    assert modified_text(kept) == "—" and "—" in dates
    assert modified_text(os.stat(script).st_mtime_ns)[:4] in dates


def test_damaged_preferences_fall_back_to_defaults_and_are_left_alone(qtbot, tmp_path: Path, capsys) -> None:
    ini = tmp_path / "prefs.ini"
    deep = "[" * 100_000 + "]" * 100_000
    ini.write_text(
        f"[folder]\nmax_mb=abc\nk=100000000000000000000\nmin_kb=1e5\nreference_folders={deep}\nsuffixes=.txt .md\n",
        encoding="utf-8",
    )
    before = ini.read_bytes()
    page = FolderPage(settings=QSettings(str(ini), QSettings.Format.IniFormat), cache_path=None)
    qtbot.addWidget(page)
    try:
        assert page.fields.max_size_box.value() == 50  # the default, in MB
        assert page.k_box.value() == 12  # the default for 64 bits
        assert page.fields.min_size_box.value() == 100_000  # 1e5 is a whole number in range
        assert page.fields.suffixes_edit.text() == ".txt .md"  # a good value next to bad ones is kept
        assert list(page.reference_folders()) == []
        problems = page.preferences.problems
        assert any("max_mb" in p for p in problems) and any("folder/k" in p for p in problems)
        assert any("reference_folders" in p for p in problems) and not any("min_kb" in p for p in problems)
        said = page.progress_label.text()
        assert "max_mb" in said and "defaults" in said
        assert "Preferences reset" in capsys.readouterr().err
        assert ini.read_bytes() == before
    finally:
        page.shutdown()
