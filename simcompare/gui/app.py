"""Starting the window: the application object, translations, and ``--screenshot``."""

from __future__ import annotations

import argparse
import os
import sys

from simcompare import __version__
from simcompare.core.formats.names import display_name
from simcompare.core.heap import share_one_heap
from simcompare.gui.display import missing_display

APP_NAME = "simcompare"
ORGANIZATION = "simcompare"
# The desktop entry's name without ".desktop" (simcompare --install-desktop-entry): on Wayland the window's app id,
# by which the desktop finds the entry's name and icon for the window.
DESKTOP_FILE_NAME = "io.github.simcompare.simcompare"
SCREENSHOT_TIMEOUT_MS = 120_000
# What a screen can be: no side beyond 16384 pixels (Qt's own limit for many paint devices) and no more
# pixels than an 8K screen (7680x4320); a larger offscreen window only exhausts memory.
MAX_SIDE = 16384
MAX_PIXELS = 7680 * 4320


def parse_size(text: str) -> tuple[int, int]:
    """'1400x900' → (1400, 900).

    Raises:
        ValueError: not two whole numbers joined by x, each 1 to MAX_SIDE, at most MAX_PIXELS in all.
    """
    width, sep, height = text.lower().partition("x")
    try:
        size = int(width), int(height)
    except ValueError:
        size = (0, 0)
    if not sep or not (1 <= size[0] <= MAX_SIDE and 1 <= size[1] <= MAX_SIDE) or size[0] * size[1] > MAX_PIXELS:
        raise ValueError(
            f"must be WIDTHxHEIGHT in pixels, e.g. 1400x900, each side 1 to {MAX_SIDE} and at most "
            f"{MAX_PIXELS:,} pixels (7680x4320); got {text!r}"
        )
    return size


def _want_offscreen() -> bool:
    """A screenshot is drawn offscreen unless a platform is chosen or a named display answers (it is drawn there)."""
    if os.environ.get("QT_QPA_PLATFORM"):
        return False
    named = os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    return not named or missing_display() is not None


def create_application(lang: str | None = None, *, saved: bool = True):
    """The QApplication (made once), named so that QSettings finds "simcompare", speaking its language.

    Args:
        lang: ``--lang``; None follows the saved choice, then the system locale.
        saved: Consult the saved choice (off for ``--screenshot``, which must not depend on preferences).
    """
    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication

    from simcompare.core.resources import resource
    from simcompare.gui.common.settings_files import guard_settings_files

    share_one_heap()  # before the window's threads start: one heap for them all (core/heap.py)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationDisplayName(APP_NAME)
    app.setApplicationVersion(__version__)
    app.setDesktopFileName(DESKTOP_FILE_NAME)
    guard_settings_files(ORGANIZATION, APP_NAME)  # before anything reads a preference: a FIFO there hangs Qt
    install_translations(app, lang, saved=saved)
    icon = resource("icons", "simcompare.svg")
    if icon.is_file():
        app.setWindowIcon(QIcon(str(icon)))
    return app


def install_translations(app, lang: str | None, *, saved: bool = True) -> list[object]:
    """Install the interface language's catalogues (ours and Qt's) in place of any installed before.

    ``lang`` (``--lang``) wins; without it the saved choice, then the system locale decide. Returns the
    translators that loaded (none is needed for English, whose catalogue only mirrors the sources).
    """
    from simcompare.gui.common.i18n import install_translators, resolve_language

    return install_translators(app, resolve_language(lang, saved=saved))


def build_window(*, persist: bool = True):
    """The main window with its Folder page, as ``run_gui`` and a change of language make it."""
    from simcompare.gui.main_window import MainWindow

    return MainWindow(persist=persist)


class WindowHost:
    """Keeps the current main window and rebuilds it when the user picks another language.

    Widgets translate their texts when they are made, so a new language needs new widgets: the host saves
    the old window's preferences, installs the new catalogues, builds a new window at the same place with
    the same two texts and page, then closes the old one (which stops its workers).
    """

    def __init__(self, window, *, persist: bool = True) -> None:
        self.persist = persist
        self.window = window
        self._connect(window)

    def _connect(self, window) -> None:
        window.language_chosen.connect(self.change_language)

    def change_language(self, choice: str) -> None:
        """Save ``choice`` ("" follows the system) and show the window in that language."""
        from PySide6.QtWidgets import QApplication

        from simcompare.gui.common.i18n import install_translators, resolve_language, save_language

        old = self.window
        if self.persist:
            save_language(choice)
        install_translators(QApplication.instance(), resolve_language(choice or None, saved=False))
        if self.persist:
            old.save_preferences()
        new = build_window(persist=self.persist)
        new.take_over(old)
        self.window = new
        self._connect(new)
        new.show()
        old.close()
        old.deleteLater()


def take_screenshot(window, path: str, timeout_ms: int = SCREENSHOT_TIMEOUT_MS) -> bool:
    """Wait until the Compare page shows results for its inputs (a signal, not a delay), then save the window."""
    from PySide6.QtCore import QEventLoop, QTimer

    page = window.compare_page
    loop = QEventLoop()
    timer = QTimer()
    timer.setSingleShot(True)
    timer.timeout.connect(loop.quit)
    page.results_shown.connect(loop.quit)
    page.computation_failed.connect(loop.quit)
    timer.start(timeout_ms)
    while not (page.is_settled() and page.comparison is not None) and timer.isActive():
        loop.exec()
    settle_layouts()
    if not page.is_settled():
        return False
    return window.grab().save(path)


def screenshot_problem(path: str) -> str:
    """Why a screenshot cannot be written to ``path`` ('' when nothing is seen to stop it)."""
    from PySide6.QtGui import QImageWriter

    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        return f"the folder {folder} does not exist"
    if not os.access(folder, os.W_OK):
        return f"this user cannot write in {folder}"
    kinds = {bytes(kind.data()).decode("ascii", "replace").lower() for kind in QImageWriter.supportedImageFormats()}
    ending = os.path.splitext(path)[1].lstrip(".").lower()
    if ending not in kinds:
        return f"no image type is known by the ending {ending or '(none)'!r}: give a .png name"
    return ""


def settle_layouts() -> None:
    """Deliver pending layout requests: a nested layout posts a new request while the outer one is handled."""
    from PySide6.QtCore import QCoreApplication, QEvent
    from PySide6.QtWidgets import QApplication

    for _ in range(5):
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        QApplication.processEvents()


def run_gui(args: argparse.Namespace) -> int:
    """Open the window (or, with ``--screenshot``, render it offscreen to a PNG and exit)."""
    screenshot = getattr(args, "screenshot", None)
    size = None
    if getattr(args, "size", None):
        try:
            size = parse_size(args.size)
        except ValueError as error:
            print(f"simcompare: --size {error}", file=sys.stderr)
            return 2
    if screenshot and _want_offscreen():
        os.environ["QT_QPA_PLATFORM"] = "offscreen"

    from simcompare.gui.common.i18n import normalize
    from simcompare.gui.common.slot_guard import SlotGuard
    from simcompare.gui.common.workers import GuiThreadCollector

    lang = getattr(args, "lang", None)
    if lang and normalize(lang) is None:
        print(f"simcompare: no interface language {lang!r}; choose en or zh_CN", file=sys.stderr)
        return 2
    problem = missing_display()
    if problem:  # before Qt, which would abort the process with a message about a library
        print(f"simcompare: {problem}", file=sys.stderr)
        return 1
    app = create_application(lang, saved=not screenshot)
    collector = GuiThreadCollector(app)
    guard = SlotGuard(app)  # an error in a slot is said and logged; the windows made below connect to it
    guard.install()
    try:
        return _show_window(args, app, collector, screenshot, size)
    finally:
        guard.uninstall()
        guard.deleteLater()


def _show_window(args: argparse.Namespace, app, collector, screenshot: str | None, size: tuple[int, int] | None) -> int:
    window = build_window(persist=not screenshot)
    host = WindowHost(window, persist=not screenshot)
    if size is not None:
        window.resize(*size)
    compare = getattr(args, "compare", None)
    if compare:
        ok = window.compare_page.load_files(compare[0], compare[1])
        if not ok and screenshot:
            for pane in (window.compare_page.pane_a, window.compare_page.pane_b):
                if pane.error.isVisibleTo(pane):
                    print(f"simcompare: {pane.error.text()}", file=sys.stderr)
            window.close()
            return 1
    elif screenshot:
        from simcompare.gui.common.i18n import current_language

        window.compare_page.load_example("en-edited" if current_language(app) == "en" else "zh-edited")
    folder = getattr(args, "folder", None)
    if folder:
        if not os.path.isdir(folder):  # said here as for --results, not left to a window nobody may see
            print(f"simcompare: no folder {display_name(folder)}", file=sys.stderr)
            window.close()
            collector.stop()
            return 2
        window.open_folder(folder)
        if screenshot and not window.folder_page.wait_until_idle(SCREENSHOT_TIMEOUT_MS):
            reason = window.folder_page.progress_label.text()
            print(f"simcompare: the scan of {display_name(folder)} did not finish: {reason}", file=sys.stderr)
            window.close()
            collector.stop()
            return 1
    results = getattr(args, "results", None)
    if results:
        if not os.path.isfile(results):
            print(f"simcompare: no results file {results!r}", file=sys.stderr)
            window.close()
            return 2
        window.pages.setCurrentIndex(window.FOLDER)
        window.folder_page.open_results(results)
        if screenshot and not window.folder_page.wait_until_idle(SCREENSHOT_TIMEOUT_MS):
            reason = window.folder_page.progress_label.text()
            print(f"simcompare: {results} could not be opened: {reason}", file=sys.stderr)
            window.close()
            collector.stop()
            return 1
    window.show()
    if screenshot:
        saved = take_screenshot(window, screenshot)
        window.close()
        collector.stop()
        if not saved:
            why = screenshot_problem(screenshot)
            print(
                f"simcompare: could not write the screenshot to {screenshot}{': ' + why if why else ''}",
                file=sys.stderr,
            )
            return 1
        return 0
    try:
        return app.exec()
    finally:
        del host  # the windows go before the collector stops
        collector.stop()
