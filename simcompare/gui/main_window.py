"""The main window: the Compare and Folder pages, menus, status bar and preferences."""

from __future__ import annotations

import os
import shutil
import tempfile

from PySide6.QtCore import QByteArray, QSettings, Qt, Signal, Slot
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QMainWindow,
    QMessageBox,
    QProgressBar,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
)

from simcompare import __version__
from simcompare.gui.common.i18n import current_language, saved_language
from simcompare.gui.common.plain import plain_label
from simcompare.gui.common.settings_files import settings_problems
from simcompare.gui.common.slot_guard import SlotGuard
from simcompare.gui.compare.examples import EXAMPLES
from simcompare.gui.compare.page import ComparePage
from simcompare.gui.folder.page import FolderPage

DEFAULT_SIZE = (1400, 900)

# The Language menu names each language in itself, as language menus do: a reader who cannot read the
# current interface must still find their own language. These names are deliberately not translated.
LANGUAGE_NAMES = (("en", "English"), ("zh_CN", "中文（简体）"))


def guide_values() -> dict[str, str]:
    """The defaults the guide quotes, by the names of its placeholders (``{k}`` and so on)."""
    from simcompare.core import defaults

    return {
        "bits": str(defaults.DEFAULT_BITS),
        "k": str(defaults.default_k(defaults.DEFAULT_BITS)),
        "hasher": defaults.DEFAULT_HASHER,
        "top_k": str(defaults.DEFAULT_TOP_K),
        "min_resemblance": f"{defaults.DEFAULT_MIN_RESEMBLANCE * 100:g}",
    }


def guide_html() -> str:
    """The help guide (our own HTML, trusted) in the interface language, English when there is none; its
    numbers ({bits}, {k}, …) are filled from the real defaults, so the guide cannot drift from them."""
    from simcompare.core.resources import resource

    language = current_language()
    names = [f"guide_{language}.html"] if language != "en" else []
    for name in [*names, "guide_en.html"]:
        path = resource("help", name)
        if path.is_file():
            return path.read_text(encoding="utf-8").format_map(guide_values())
    return ""


def standard_key(key: QKeySequence.StandardKey, fallback: str) -> QKeySequence:
    """The platform's key for a standard action, or ``fallback`` where the platform defines none."""
    sequence = QKeySequence(key)
    return sequence if not sequence.isEmpty() else QKeySequence(fallback)


class MainWindow(QMainWindow):
    """The application window.

    Args:
        settings: Where preferences live (tests pass their own); the application's QSettings when None.
        persist: Read and write preferences and geometry (off for ``--screenshot``, which must be
            reproducible and must not touch the user's settings).
    """

    language_chosen = Signal(str)
    """The user picked an interface language in the menu ("" follows the system); the host rebuilds us."""

    COMPARE, FOLDER = 0, 1

    def __init__(self, settings: QSettings | None = None, *, persist: bool = True) -> None:
        super().__init__()
        self._settings = settings if settings is not None else QSettings()
        self._persist = persist
        self.setWindowTitle(self.tr("How alike are these texts?"))  # Qt adds " — simcompare"
        self.setMinimumSize(900, 600)

        self.pages = QTabWidget()
        self.pages.setDocumentMode(True)
        self.compare_page = ComparePage()
        # Without persist the pages' settings go to a file that leaves with the window.
        pages_settings = self._settings if persist else self._throwaway_settings()
        self.compare_page.export_button.settings = pages_settings  # where exports were last saved
        self.folder_page = FolderPage(settings=pages_settings)
        self.pages.addTab(self.compare_page, self.tr("Compare two texts"))
        self.pages.addTab(self.folder_page, self.tr("Folder"))
        self.setCentralWidget(self.pages)

        self._make_actions()
        self._make_menus()
        self._make_status_bar()

        self.compare_page.message.connect(self._on_message)
        self.compare_page.busy_changed.connect(self._on_busy)
        self.compare_page.results_shown.connect(self._on_results)
        self.pages.currentChanged.connect(self._on_page_changed)  # the status bar speaks of the Compare page
        # The Folder page scans with the Compare page's fingerprint settings (the user's own, never a toy example's
        # table of a few tokens) and shows a pair there on request.
        panel = self.compare_page.settings
        panel.changed.connect(lambda: self.folder_page.set_config(panel.user_settings()[0]))
        self.folder_page.compare_requested.connect(self._open_pair_on_compare_page)
        # The Compare page's Index view shows the layout and candidate count of the last scan's index.
        self.folder_page.scan_finished.connect(self._on_scan_finished)
        self.folder_page.regrouped.connect(self._on_scan_finished)  # the index is searched while grouping
        # A new language rebuilds the window: not while the Folder page acts on files or chooses references.
        for job in (self.folder_page.jobs.act, self.folder_page.jobs.choose):
            job.busy_changed.connect(lambda _busy: self.language_group.setEnabled(not self.folder_page.jobs.editing))

        # An error in a slot (run_gui installs the guard): said once, and the pages' controls set again.
        self._error_box: QMessageBox | None = None
        self._recovering = False
        guard = QApplication.instance().findChild(SlotGuard) if QApplication.instance() else None
        if guard is not None:
            guard.caught.connect(self._on_slot_error)

        self.resize(*DEFAULT_SIZE)
        if persist:
            self.restore_preferences()
        self.folder_page.set_config(panel.user_settings()[0])  # the restored settings, which came without a signal
        if unsafe := settings_problems():  # the preferences files were not read at all (said on stderr already)
            said = self.tr("Preferences neither read nor saved this time: {0}").format("; ".join(unsafe))
            self.statusBar().showMessage(said)

    # ----------------------------------------------------------------------------------- building

    def _action(
        self, text: str, slot, shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None, *, tip: str = ""
    ) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if tip:
            action.setStatusTip(tip)
        action.triggered.connect(slot)
        return action

    def _make_actions(self) -> None:
        page = self.compare_page
        self.open_a_action = self._action(
            self.tr("Open Text &A…"), page.pane_a.choose_file, standard_key(QKeySequence.StandardKey.Open, "Ctrl+O")
        )
        self.open_b_action = self._action(self.tr("Open Text &B…"), page.pane_b.choose_file, "Ctrl+Shift+O")
        self.quit_action = self._action(
            self.tr("&Quit"), self.close, standard_key(QKeySequence.StandardKey.Quit, "Ctrl+Q")
        )
        self.swap_action = self._action(
            self.tr("&Swap A and B"), page.swap, "Ctrl+Shift+X", tip=self.tr("Exchange the two texts")
        )
        self.clear_action = self._action(self.tr("&Clear both texts"), self._clear_texts, "Ctrl+Shift+Backspace")
        self.defaults_action = self._action(self.tr("&Restore default settings"), page.settings.restore_defaults)
        self.compare_view_action = self._action(
            self.tr("&Compare page"), lambda: self.pages.setCurrentIndex(0), "Ctrl+1"
        )
        self.folder_view_action = self._action(self.tr("&Folder page"), lambda: self.pages.setCurrentIndex(1), "Ctrl+2")
        self.steps_action = self._action(self.tr("S&teps"), lambda: self._show_results(0), "Alt+1")
        self.differences_action = self._action(self.tr("&Differences"), lambda: self._show_results(1), "Alt+2")
        self.settings_action = QAction(self.tr("&Settings panel"), self)
        self.settings_action.setCheckable(True)
        self.settings_action.setChecked(True)
        self.settings_action.setShortcut(QKeySequence("Ctrl+,"))
        self.settings_action.toggled.connect(page.settings_area.setVisible)
        self.guide_action = self._action(
            self.tr("&How SimHash works"), self.show_guide, standard_key(QKeySequence.StandardKey.HelpContents, "F1")
        )
        self.about_action = self._action(self.tr("&About simcompare"), self.show_about, "Ctrl+F1")
        self.about_qt_action = self._action(self.tr("About &Qt"), QApplication.aboutQt)
        self.language_group = QActionGroup(self)
        self.language_group.setExclusive(True)
        self.language_actions: dict[str, QAction] = {}
        saved = saved_language(self._settings) if self._persist else current_language()
        for code, name in (("", self.tr("Follow the system")), *LANGUAGE_NAMES):
            action = QAction(name, self.language_group)
            action.setCheckable(True)
            action.setChecked(code == saved)
            action.setData(code)
            action.setStatusTip(self.tr("Show the window in this language (the window is rebuilt at once)"))
            self.language_actions[code] = action
        self.language_group.triggered.connect(self._on_language_triggered)
        self.example_actions: dict[str, QAction] = {}
        for item in EXAMPLES:
            action = self._action(item.translated_title(), lambda _=False, key=item.key: self._load_example(key))
            self.example_actions[item.key] = action

    def _make_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu(self.tr("&File"))
        file_menu.addAction(self.open_a_action)
        file_menu.addAction(self.open_b_action)
        file_menu.addAction(self.compare_page.lesson.action)
        file_menu.addSeparator()
        page = self.folder_page  # saved results and exports of the Folder page
        file_menu.addActions(
            [page.open_results_action, page.save_results_action, page.export_csv_action, page.export_json_action]
        )
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        edit_menu = bar.addMenu(self.tr("&Edit"))
        edit_menu.addAction(self.swap_action)
        edit_menu.addAction(self.clear_action)
        edit_menu.addSeparator()
        edit_menu.addAction(self.defaults_action)
        view_menu = bar.addMenu(self.tr("&View"))
        view_menu.addAction(self.compare_view_action)
        view_menu.addAction(self.folder_view_action)
        view_menu.addSeparator()
        view_menu.addAction(self.steps_action)
        view_menu.addAction(self.differences_action)
        view_menu.addSeparator()
        view_menu.addAction(self.settings_action)
        view_menu.addSeparator()
        zoom = self.compare_page.zoom
        view_menu.addActions([zoom.larger_action, zoom.smaller_action, zoom.normal_action])
        view_menu.addSeparator()
        self.language_menu = view_menu.addMenu(self.tr("&Language"))
        self.language_menu.addActions(self.language_group.actions())
        examples_menu = bar.addMenu(self.tr("E&xamples"))
        previous = None
        for item in EXAMPLES:
            group = item.key.split("-")[0]
            if previous is not None and group != previous:
                examples_menu.addSeparator()
            previous = group
            examples_menu.addAction(self.example_actions[item.key])
        examples_menu.addAction(self.compare_page.toy.action)  # beside the six-bit example it starts from
        self.compare_page.toy.action.triggered.connect(lambda: self.pages.setCurrentIndex(self.COMPARE))
        bar.addMenu(page.mark_menu)
        bar.addMenu(page.actions_menu)
        help_menu = bar.addMenu(self.tr("&Help"))
        help_menu.addAction(self.guide_action)
        help_menu.addSeparator()
        help_menu.addAction(self.about_action)
        help_menu.addAction(self.about_qt_action)

    def _make_status_bar(self) -> None:
        status = self.statusBar()
        self.busy_label = QLabel(self.tr("Computing…"))
        self.busy_bar = QProgressBar()
        self.busy_bar.setRange(0, 0)  # busy: no known end
        self.busy_bar.setMaximumWidth(110)
        self.busy_bar.setMaximumHeight(14)
        self.busy_bar.setTextVisible(False)
        self.timing_label = plain_label()
        status.addPermanentWidget(self.busy_label)
        status.addPermanentWidget(self.busy_bar)
        status.addPermanentWidget(self.timing_label)
        self.busy_label.hide()
        self.busy_bar.hide()

    def _throwaway_settings(self) -> QSettings:
        """Settings in a temporary folder removed with the window (``--screenshot`` touches no preferences)."""
        scratch = tempfile.mkdtemp(prefix="simcompare-")
        self.destroyed.connect(lambda: shutil.rmtree(scratch, ignore_errors=True))
        return QSettings(os.path.join(scratch, "folder.ini"), QSettings.Format.IniFormat)

    # ------------------------------------------------------------------------------------- public

    def open_folder(self, path: str) -> None:
        """Show the Folder page and scan ``path``."""
        self.pages.setCurrentIndex(self.FOLDER)
        self.folder_page.open_folder(path)

    def take_over(self, old: MainWindow) -> None:
        """Stand in for ``old`` (a change of language): its place, size, page and the two texts."""
        self.setGeometry(old.geometry())
        if old.isMaximized():
            self.setWindowState(old.windowState())
        self.pages.setCurrentIndex(old.pages.currentIndex())
        self.compare_page.take_over(old.compare_page)  # texts, settings, example and step, captions translated
        self.folder_page.set_config(self.compare_page.settings.user_settings()[0])  # taken over without a signal
        self.folder_page.take_over(old.folder_page)  # the scan's result, k and marks survive the new language

    def about_text(self) -> str:
        return self.tr(
            "<h3>simcompare {version}</h3>"
            "<p>How alike are these texts? SimHash fingerprints, near-duplicate search, "
            "and a window that shows every step.</p>"
            "<p><b>References</b></p>"
            "<p>Moses S. Charikar. Similarity estimation techniques from rounding algorithms. "
            "<i>Proceedings of the 34th ACM Symposium on Theory of Computing (STOC)</i>, 2002.</p>"
            "<p>Gurmeet Singh Manku, Arvind Jain and Anish Das Sarma. Detecting near-duplicates for web "
            "crawling. <i>Proceedings of the 16th International World Wide Web Conference (WWW)</i>, 2007.</p>"
        ).format(version=__version__)

    @Slot()
    def show_about(self) -> QMessageBox:
        box = QMessageBox(self)
        box.setWindowTitle(self.tr("About simcompare"))
        box.setTextFormat(Qt.TextFormat.RichText)  # our own fixed text, no document content
        box.setText(self.about_text())
        box.setIcon(QMessageBox.Icon.Information)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        return box

    @Slot()
    def show_guide(self) -> QDialog:
        """The step-by-step guide from resources/help, in the interface language."""
        dialog = QDialog(self)
        dialog.setWindowTitle(self.tr("How SimHash works"))
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        browser = QTextBrowser()
        browser.setOpenLinks(False)  # a guide of our own; nothing to follow or fetch
        browser.setHtml(guide_html())
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(dialog.reject)
        column = QVBoxLayout(dialog)
        column.addWidget(browser)
        column.addWidget(buttons)
        dialog.resize(640, 620)
        dialog.open()
        return dialog

    # -------------------------------------------------------------------------------- preferences

    def restore_preferences(self) -> None:
        settings = self._settings
        geometry = settings.value("window/geometry")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        state = settings.value("window/state")
        if isinstance(state, QByteArray):
            self.restoreState(state)
        self.compare_page.restore_state(settings)
        self.settings_action.setChecked(self.compare_page.settings_area.isVisibleTo(self.compare_page))

    def save_preferences(self) -> None:
        settings = self._settings
        settings.setValue("window/geometry", self.saveGeometry())
        settings.setValue("window/state", self.saveState())
        self.compare_page.save_state(settings)
        settings.sync()

    def closeEvent(self, event: QCloseEvent) -> None:
        if self._persist:
            self.save_preferences()
        self.compare_page.shutdown()
        self.folder_page.shutdown()
        super().closeEvent(event)

    # -------------------------------------------------------------------------------------- slots

    @Slot(str, str)
    def _open_pair_on_compare_page(self, a: str, b: str) -> bool:
        """The Folder page's pair on the Compare page, after asking when that would replace typed text."""
        if self.compare_page.holds_typed_text() and not self.folder_page.confirm(
            self.tr("Open on the Compare page"),
            self.tr("The Compare page holds text you typed. Replace it with these two files?"),
            f"{a}\n{b}",
        ):
            return False
        if not self.compare_page.load_files(a, b):
            return False
        self.pages.setCurrentIndex(self.COMPARE)
        return True

    def _show_results(self, index: int) -> None:
        self.pages.setCurrentIndex(self.COMPARE)
        self.compare_page.show_results_tab(index)

    def _load_example(self, key: str) -> None:
        self.pages.setCurrentIndex(self.COMPARE)
        if self.compare_page.may_replace_typed_text(by_example=True):
            self.compare_page.load_example(key)

    @Slot()
    def _clear_texts(self) -> None:
        if self.compare_page.may_replace_typed_text(by_example=False):
            self.compare_page.clear()

    @Slot(QAction)
    def _on_language_triggered(self, action: QAction) -> None:
        self.language_chosen.emit(str(action.data() or ""))

    @Slot(str)
    @Slot(object)
    def _on_scan_finished(self, _result: object) -> None:
        stats = self.folder_page.search_statistics
        if stats is not None:
            self.compare_page.index_view.show_scan(stats)

    @Slot(str, str)
    def _on_slot_error(self, line: str, where: str) -> None:
        """An error escaped a slot: the pages' controls follow their real state again, and the user is told
        (one box at a time, its text naming the latest error and how many there were)."""
        if self._recovering:
            return
        self._recovering = True
        try:  # a failing recovery must not make the hook call itself for ever
            self.folder_page.menus.on_busy(False)
            self.compare_page.busy_changed.emit(self.compare_page.busy)  # its results follow the real state
        except Exception:
            pass
        finally:
            self._recovering = False
        text = self.tr(
            "Something went wrong inside simcompare: {error}\n\nWhat you asked for may not have finished; "
            "the window is still usable. The details are in {log}."
        ).format(error=line, log=where)
        self.statusBar().showMessage(self.tr("Internal error: {error}").format(error=line), 30_000)
        box = self._error_box
        if box is None or not box.isVisible():
            ok = QMessageBox.StandardButton.Ok
            box = QMessageBox(QMessageBox.Icon.Warning, self.tr("Internal error"), "", ok, self)
            box.setTextFormat(Qt.TextFormat.PlainText)
            box.setWindowModality(Qt.WindowModality.NonModal)
            self._error_box = box
            box.setText(text)
            box.show()
        else:
            box.setText(text)

    def _on_message(self, text: str) -> None:
        self.statusBar().showMessage(text, 10_000)

    @Slot(bool)
    def _on_busy(self, busy: bool) -> None:
        on_compare = self.pages.currentIndex() == self.COMPARE
        self.busy_label.setVisible(busy and on_compare)
        self.busy_bar.setVisible(busy and on_compare)

    @Slot(int)
    def _on_page_changed(self, index: int) -> None:
        """The status bar's words and timing are the Compare page's: shown with it only (the Folder page says its
        own on its progress line), so "computed in 1 ms" never reads as a scan's time."""
        self.statusBar().clearMessage()
        self.timing_label.setVisible(index == self.COMPARE)
        self._on_busy(self.compare_page.busy)

    @Slot(object)
    def _on_results(self, _comparison: object) -> None:
        self.timing_label.setText(
            self.tr("computed in {ms} ms").format(ms=f"{self.compare_page.last_seconds * 1000:.0f}")
        )
