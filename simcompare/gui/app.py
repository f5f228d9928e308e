"""Starting the window: the application object, translations, and ``--screenshot``."""

from __future__ import annotations

import argparse
import os
import sys

from simcompare import __version__

APP_NAME = "simcompare"
ORGANIZATION = "simcompare"
SCREENSHOT_TIMEOUT_MS = 120_000


def parse_size(text: str) -> tuple[int, int]:
    """'1400x900' → (1400, 900).

    Raises:
        ValueError: not two positive whole numbers joined by x.
    """
    width, sep, height = text.lower().partition("x")
    try:
        size = int(width), int(height)
    except ValueError:
        size = (0, 0)
    if not sep or size[0] < 1 or size[1] < 1:
        raise ValueError(f"--size must be WIDTHxHEIGHT in pixels, e.g. 1400x900; got {text!r}")
    return size


def _want_offscreen() -> bool:
    return not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")) and "QT_QPA_PLATFORM" not in os.environ


def create_application(lang: str | None = None):
    """The QApplication (made once), named so that QSettings finds "simcompare"."""
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationDisplayName(APP_NAME)
    app.setApplicationVersion(__version__)
    install_translations(app, lang)
    from PySide6.QtCore import QLocale
    from PySide6.QtGui import QIcon

    from simcompare.core.resources import resource

    app.setProperty("simcompare_language", lang or QLocale.system().name())
    icon = resource("icons", "simcompare.svg")
    if icon.is_file():
        app.setWindowIcon(QIcon(str(icon)))
    return app


def install_translations(app, lang: str | None) -> list[object]:
    """Load the interface language (resources/translations/simcompare_<lang>.qm and Qt's own), if present."""
    from PySide6.QtCore import QLibraryInfo, QLocale, QTranslator

    from simcompare.core.resources import resource

    name = lang or QLocale.system().name()
    installed = []
    if name.startswith("en"):
        return installed
    candidates = [
        (str(resource("translations")), f"simcompare_{name}"),
        (QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath), f"qtbase_{name}"),
    ]
    for folder, base in candidates:
        translator = QTranslator(app)
        if translator.load(base, folder):
            app.installTranslator(translator)
            installed.append(translator)
    return installed


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
            print(f"simcompare: {error}", file=sys.stderr)
            return 2
    if screenshot and _want_offscreen():
        os.environ["QT_QPA_PLATFORM"] = "offscreen"

    from simcompare.gui.main_window import MainWindow
    from simcompare.gui.workers import GuiThreadCollector

    app = create_application(getattr(args, "lang", None))
    collector = GuiThreadCollector(app)
    window = MainWindow(persist=not screenshot)
    from simcompare.gui.folder_page import install_folder_page

    install_folder_page(window, persist=not screenshot)
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
        window.compare_page.load_example("zh-edited")
    if getattr(args, "folder", None):
        window.open_folder(args.folder)
        if screenshot and not window.folder_page.wait_for_scan(SCREENSHOT_TIMEOUT_MS):
            print(f"simcompare: the scan of {args.folder} did not finish", file=sys.stderr)
    window.show()
    if screenshot:
        saved = take_screenshot(window, screenshot)
        window.close()
        collector.stop()
        if not saved:
            print(f"simcompare: could not write the screenshot to {screenshot}", file=sys.stderr)
            return 1
        return 0
    try:
        return app.exec()
    finally:
        collector.stop()
