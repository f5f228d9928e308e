"""The main window: menus and shortcuts, About, preferences, the Folder slot, and --screenshot."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.gui import change_settings, wait_settled
from helpers.texts import ZH_A, ZH_B
from PySide6.QtCore import QSettings
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QTextBrowser

import simcompare
from simcompare.gui.app import parse_size
from simcompare.gui.compare.examples import EXAMPLES
from simcompare.gui.main_window import MainWindow


def test_menus_and_shortcuts(main_window: MainWindow) -> None:
    titles = [action.text().replace("&", "") for action in main_window.menuBar().actions()]
    assert titles == ["File", "Edit", "View", "Examples", "Mark", "Duplicates", "Help"]
    for action in (
        main_window.open_a_action,
        main_window.open_b_action,
        main_window.quit_action,
        main_window.swap_action,
        main_window.clear_action,
        main_window.compare_view_action,
        main_window.folder_view_action,
        main_window.steps_action,
        main_window.differences_action,
        main_window.settings_action,
        main_window.about_action,
    ):
        assert not action.shortcut().isEmpty(), action.text()
    shortcuts = [a.shortcut().toString() for a in main_window.findChildren(type(main_window.quit_action))]
    shortcuts = [s for s in shortcuts if s]
    assert len(shortcuts) == len(set(shortcuts))  # no two actions share a key
    assert set(main_window.example_actions) == {item.key for item in EXAMPLES}


def test_an_example_from_the_menu(qtbot, main_window: MainWindow) -> None:
    main_window.example_actions["six-bit"].trigger()
    page = main_window.compare_page
    wait_settled(qtbot, page)
    assert page.comparison.a.fingerprint.binary == "100111"
    assert main_window.pages.currentIndex() == MainWindow.COMPARE


def test_the_status_bar_speaks_of_the_compare_page_only_there(qtbot, main_window: MainWindow) -> None:
    """Its message (the example loaded) and timing are the Compare page's: on the Folder page neither is shown,
    so "computed in 1 ms" never reads as a scan's time; back on Compare the timing is."""
    main_window.example_actions["six-bit"].trigger()
    wait_settled(qtbot, main_window.compare_page)
    timing = main_window.timing_label
    assert main_window.statusBar().currentMessage() and timing.isVisible() and "ms" in timing.text()
    main_window.folder_view_action.trigger()
    assert main_window.statusBar().currentMessage() == "" and not timing.isVisible()
    assert not main_window.busy_bar.isVisible()
    main_window.compare_view_action.trigger()
    assert timing.isVisible() and "ms" in timing.text()


def test_view_actions(qtbot, main_window: MainWindow) -> None:
    page = main_window.compare_page
    main_window.differences_action.trigger()
    assert page.results.currentIndex() == 1
    main_window.steps_action.trigger()
    assert page.results.currentIndex() == 0
    main_window.settings_action.setChecked(False)
    assert not page.settings_area.isVisible()
    main_window.folder_view_action.trigger()
    assert main_window.pages.currentIndex() == MainWindow.FOLDER


def test_about_names_the_version_and_the_references(qtbot, main_window: MainWindow) -> None:
    text = main_window.about_text()
    assert simcompare.__version__ in text
    assert "Charikar" in text and "2002" in text
    assert "Manku" in text and "Das Sarma" in text and "2007" in text
    box = main_window.show_about()
    assert box.isVisible()
    box.close()


def test_the_guide_opens_from_help(qtbot, main_window: MainWindow) -> None:
    assert main_window.guide_action.shortcut().toString() == "F1"
    dialog = main_window.show_guide()
    browser = dialog.findChild(QTextBrowser)
    assert "100111" in browser.toPlainText() and not browser.openLinks()
    dialog.close()


def test_preferences_persist(qtbot, settings_file: Path) -> None:
    settings = QSettings(str(settings_file), QSettings.Format.IniFormat)
    first = MainWindow(settings)
    qtbot.addWidget(first)
    first.show()
    first.resize(1100, 760)
    change_settings(first.compare_page.settings, bits=32, hasher="sha1", weighting="tfidf", stopwords=False)
    first.settings_action.setChecked(False)
    first.close()
    assert settings_file.exists()

    second = MainWindow(QSettings(str(settings_file), QSettings.Format.IniFormat))
    qtbot.addWidget(second)
    second.show()
    panel = second.compare_page.settings
    config = panel.config()
    assert config.bits == 32 and config.hasher == "sha1" and config.weighting == "tfidf"
    assert config.stopwords is False
    assert config == simcompare.Config(bits=32, hasher="sha1", weighting="tfidf", stopwords=False)
    assert panel.decision() == simcompare.Decision.for_bits(32)
    assert not second.settings_action.isChecked()
    assert not second.compare_page.settings_area.isVisible()
    saved = QSettings(str(settings_file), QSettings.Format.IniFormat).value("window/geometry")
    assert saved is not None and len(saved) > 0  # (offscreen screens are too small to check the size itself)
    wait_settled(qtbot, second.compare_page)
    assert second.compare_page.comparison.config.bits == 32


def test_the_teaching_table_is_not_restored_in_a_new_session(qtbot, settings_file: Path) -> None:
    first = MainWindow(QSettings(str(settings_file), QSettings.Format.IniFormat))
    qtbot.addWidget(first)
    first.compare_page.load_example("six-bit")
    first.close()
    second = MainWindow(QSettings(str(settings_file), QSettings.Format.IniFormat))
    qtbot.addWidget(second)
    assert second.compare_page.settings.hasher_name() == "md5"


def test_open_folder_shows_the_folder_page_and_scans(qtbot, main_window: MainWindow, tmp_path: Path) -> None:
    page = main_window.folder_page
    assert main_window.pages.widget(MainWindow.FOLDER) is page
    assert main_window.pages.count() == 2
    folder = tmp_path / "docs"  # beside the window's settings file, which holds text too
    folder.mkdir()
    (folder / "a.txt").write_text(ZH_A, encoding="utf-8")
    (folder / "b.txt").write_text(ZH_B, encoding="utf-8")
    page.workers = 1
    with qtbot.waitSignal(page.scan_finished, timeout=60_000) as blocker:
        main_window.open_folder(str(folder))
    assert main_window.pages.currentIndex() == MainWindow.FOLDER
    assert page.folder() == str(folder)
    assert sorted(f.path for f in blocker.args[0].files) == ["a.txt", "b.txt"]


def test_the_folder_page_scans_with_the_compare_pages_settings(qtbot, settings_file: Path) -> None:
    first = MainWindow(QSettings(str(settings_file), QSettings.Format.IniFormat))
    qtbot.addWidget(first)
    change_settings(first.compare_page.settings, bits=32, weighting="tfidf")
    assert first.folder_page.config == first.compare_page.settings.config()
    assert first.folder_page.config.bits == 32
    first.close()  # saves the preferences: the next window restores them, the Folder page too
    second = MainWindow(QSettings(str(settings_file), QSettings.Format.IniFormat))
    qtbot.addWidget(second)
    assert second.folder_page.config.bits == 32 and second.folder_page.config.weighting == "tfidf"


def _menu_action(window: MainWindow, menu: str, text: str):
    """An item of the menu bar, found by its words as a user finds it."""
    found = next(a.menu() for a in window.menuBar().actions() if a.text().replace("&", "") == menu)
    return next(a for a in found.actions() if a.text().replace("&", "") == text)


def test_the_folder_page_scans_with_the_users_settings_beside_the_six_bit_example(
    qtbot, main_window: MainWindow, tmp_path: Path
) -> None:
    compare, folder = main_window.compare_page, main_window.folder_page
    change_settings(compare.settings, bits=32, weighting="tf", k=3)  # the user's own settings
    own = compare.settings.config()
    _menu_action(main_window, "Examples", "Six-bit worked example (table hasher)").trigger()
    wait_settled(qtbot, compare)
    assert compare.comparison.config.bits == 6 and compare.settings.hasher_name() == "table"
    compare.settings.k.setValue(0)  # a change on the panel during the lesson: the Folder page still gets the user's
    compare.settings.bits.setEditText("5")
    wait_settled(qtbot, compare)
    assert compare.comparison.config.bits == 5 and folder.config == own
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.txt").write_text(ZH_A, encoding="utf-8")
    (docs / "b.txt").write_text(ZH_B, encoding="utf-8")
    (docs / "c.txt").write_text("The river valley was quiet in the early morning.", encoding="utf-8")
    _menu_action(main_window, "View", "Folder page").trigger()
    assert main_window.pages.currentWidget() is folder
    folder.workers = 1
    folder.set_folder(docs)
    with qtbot.waitSignal(folder.scan_finished, timeout=60_000) as blocker:
        folder.scan_button.click()
    result = blocker.args[0]
    assert result.config == own and not result.problems
    assert sorted(f.path for f in result.files) == ["a.txt", "b.txt", "c.txt"]
    # Another example gives the user's own settings back, k too (not the defaults).
    _menu_action(main_window, "Examples", "English: a small edit").trigger()
    wait_settled(qtbot, compare)
    assert compare.settings.config() == own and compare.settings.k.value() == 3


def test_clear_leaves_the_six_bit_lesson(qtbot, main_window: MainWindow) -> None:
    panel = main_window.compare_page.settings
    own = panel.user_settings()
    main_window.example_actions["six-bit"].trigger()
    assert panel.hasher_name() == "table"
    main_window.clear_action.trigger()  # nothing typed: no question
    assert (panel.config(), panel.k.value()) == own and panel.hasher_name() != "table"


def test_the_teaching_table_chosen_by_hand_is_a_lesson_too(qtbot, main_window: MainWindow) -> None:
    panel = main_window.compare_page.settings
    panel.bits.setEditText("6")
    own = panel.config()
    panel.hasher.setCurrentIndex(panel.hasher.findData("table"))
    assert panel.config().hasher is not own.hasher and main_window.folder_page.config == own
    main_window.compare_page.load_example("en-edited")
    assert panel.config() == own


@pytest.mark.parametrize("text, expected", [("1400x900", (1400, 900)), ("800X600", (800, 600))])
def test_parse_size(text: str, expected: tuple[int, int]) -> None:
    assert parse_size(text) == expected


@pytest.mark.parametrize("text", ["1400", "0x10", "axb", "-5x10"])
def test_parse_size_refuses(text: str) -> None:
    with pytest.raises(ValueError, match="WIDTHxHEIGHT"):
        parse_size(text)


def _without_display() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env["HOME"] = env.get("HOME", "")
    return env


@pytest.mark.gui
def _simcompare(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """The command as a user runs it, in a process of its own."""
    return subprocess.run(
        [sys.executable, "-m", "simcompare", *args], capture_output=True, text=True, timeout=180, env=env
    )


def test_screenshot_writes_a_png(tmp_path: Path) -> None:
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text(ZH_A, encoding="utf-8")
    b.write_bytes(ZH_B.encode("gbk"))
    out = tmp_path / "shot.png"
    env = _without_display()  # the command must choose the offscreen platform by itself
    env["XDG_CONFIG_HOME"] = str(tmp_path / "config")
    env["XDG_CACHE_HOME"] = str(tmp_path / "cache")
    result = _simcompare("--screenshot", str(out), "--compare", str(a), str(b), "--size", "1000x700", env=env)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    image = QImage(str(out))
    assert not image.isNull()
    assert (image.width(), image.height()) == (1000, 700)
    assert not (tmp_path / "config" / "simcompare").exists()  # a screenshot touches no preferences


@pytest.mark.gui
def test_a_screenshot_that_cannot_be_written_says_why(tmp_path: Path) -> None:
    env = {**_without_display(), "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_CACHE_HOME": str(tmp_path / "c")}
    nowhere = tmp_path / "missing" / "shot.png"
    result = _simcompare("--screenshot", str(nowhere), "--size", "900x600", env=env)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert result.stderr.strip().endswith(f"the folder {tmp_path / 'missing'} does not exist"), result.stderr
    odd = _simcompare("--screenshot", str(tmp_path / "shot.xyz"), "--size", "900x600", env=env)
    assert odd.returncode == 1 and "no image type is known by the ending 'xyz'" in odd.stderr, odd.stderr


@pytest.mark.gui
def test_screenshot_of_a_missing_file_fails_cleanly(tmp_path: Path) -> None:
    out = tmp_path / "shot.png"
    result = _simcompare(
        "--screenshot",
        str(out),
        "--compare",
        str(tmp_path / "nope.txt"),
        str(tmp_path / "nope2.txt"),
        env=_without_display(),
    )
    assert result.returncode == 1
    assert "nope.txt" in result.stderr and "Traceback" not in result.stderr
    assert not out.exists()


def test_the_window_title_names_simcompare_once(main_window) -> None:  # type: ignore[no-untyped-def]
    # Qt adds the application's display name to the title itself ("… — simcompare").
    assert main_window.windowTitle() == "How alike are these texts?"


def test_a_language_switch_keeps_the_six_bit_lesson_over_the_users_settings(qtbot) -> None:
    from simcompare.gui.app import WindowHost, build_window

    window = build_window(persist=False)
    qtbot.addWidget(window)
    host = WindowHost(window, persist=False)
    window.show()
    change_settings(window.compare_page.settings, bits=32, k=3)
    own = window.compare_page.settings.user_settings()
    window.example_actions["six-bit"].trigger()
    wait_settled(qtbot, window.compare_page)
    window.language_actions["zh_CN"].trigger()
    new = host.window
    qtbot.addWidget(new)
    wait_settled(qtbot, new.compare_page)
    panel = new.compare_page.settings
    assert panel.hasher_name() == "table" and new.compare_page.comparison.a.fingerprint.binary == "100111"
    assert panel.user_settings() == own and new.folder_page.config == own[0]
    new.compare_page.load_example("en-edited")
    assert (panel.config(), panel.k.value()) == own
    new.close()
