"""Screenshots of the Compare page's teaching views (Geometry, Index, Steps, the toy example), saved in docs/.

``tools/teaching_screenshots.py`` calls :func:`teaching_screenshots` per language (offscreen); each picture
is taken once the page and the θ/π measurement have settled, waiting on the page's state, never on a delay.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEventLoop, Qt, QTimer
from PySide6.QtGui import QColor, QPainter

from simcompare.gui.app import build_window, create_application, settle_layouts
from simcompare.gui.compare.steps import Step
from simcompare.gui.compare.toy_editor import TOKEN, WEIGHT

TIMEOUT_MS = 120_000


def wait_until(condition) -> bool:
    """Run the event loop until ``condition()`` holds (checked after each event batch) or the timeout."""
    loop = QEventLoop()
    timer = QTimer()
    timer.setSingleShot(True)
    timer.start(TIMEOUT_MS)
    poll = QTimer()
    poll.timeout.connect(lambda: (condition() or not timer.isActive()) and loop.quit())
    poll.start(20)
    loop.exec()
    poll.stop()
    return condition()


def teaching_screenshots(language: str, folder: Path, size: tuple[int, int] = (1400, 900)) -> list[str]:
    """Save geometry-, index- and steps-<language>.png in ``folder`` (the window at ``size``); returns the views
    that did not settle."""
    app = create_application(language, saved=False)
    window = build_window(persist=False)
    window.resize(*size)
    window.show()
    page = window.compare_page
    shots = []

    def settled() -> bool:
        return page.is_settled() and page.comparison is not None

    # Geometry: the articles' three hyperplanes beside the θ/π law, for the edited example.
    page.load_example("en-edited" if language == "en" else "zh-edited")
    page.show_results_tab(page.results.indexOf(page.geometry_view))
    page.geometry_view.select_source("three-hyperplanes")
    ok = wait_until(lambda: settled() and page.geometry_view.chart.law is not None)
    shots.append(("geometry", ok))
    settle_layouts()
    window.grab().save(str(folder / f"geometry-{language}.png"))

    # Index: the same pair cut into the k + 1 blocks of the default k, the shared ones lit.
    page.show_results_tab(page.results.indexOf(page.index_view))
    settle_layouts()
    window.grab().save(str(folder / f"index-{language}.png"))
    shots.append(("index", page.index_view.picture is not None))

    # Steps: the six-bit example at step 5 (±w).
    page.load_example("six-bit")
    page.show_results_tab(0)
    ok = wait_until(settled)
    page.step_guide.go_to(Step.SIGNED)
    settle_layouts()
    window.grab().save(str(folder / f"steps-{language}.png"))
    shots.append(("steps", ok))
    window.close()
    app.processEvents()
    return [name for name, ok in shots if not ok]


def toy_screenshot(language: str, folder: Path) -> list[str]:
    """docs/toy-<language>.png: the toy example's editor over the Compare page at 1400x900 — the six-bit worked
    example with one more token, "F", whose code the hasher gives (offscreen, each window is drawn apart: the
    editor is painted where a window manager would put it)."""
    window = build_window(persist=False)
    window.resize(1400, 900)
    window.show()
    page = window.compare_page
    page.toy.action.trigger()
    editor = page.toy.editor
    editor.table_a.add_row()
    editor.table_a.table.item(5, TOKEN).setText("F")
    editor.table_a.table.item(5, WEIGHT).setText("2.5")
    ok = wait_until(lambda: page.is_settled() and len(page.comparison.a.fingerprint.tokens) == 6)
    page.show_results_tab(0)
    settle_layouts()
    picture = window.grab().toImage()
    shown = editor.grab()
    painter = QPainter(picture)
    title = editor.fontMetrics().height() + 10  # the title bar a window manager would draw
    x, y = picture.width() - shown.width() - 24, picture.height() - shown.height() - 40
    painter.fillRect(x - 1, y - title - 1, shown.width() + 2, shown.height() + title + 2, QColor(90, 90, 90))
    painter.setPen(QColor(255, 255, 255))
    painter.drawText(x + 8, y - title, shown.width() - 16, title, Qt.AlignmentFlag.AlignVCenter, editor.windowTitle())
    painter.drawPixmap(x, y, shown)
    painter.end()
    picture.save(str(folder / f"toy-{language}.png"))
    editor.close()
    window.close()
    return [] if ok else ["toy"]
