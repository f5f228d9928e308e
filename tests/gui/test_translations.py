"""The translations are complete, up to date with the sources, and leave no English in the Chinese window."""

from __future__ import annotations

import errno
import re
import subprocess
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.errors import error_classes
from helpers.gui import wait_settled
from helpers.texts import EN_A, EN_B, ZH_A, ZH_B
from PySide6.QtCore import QCoreApplication, QSettings, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QGroupBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QTabWidget,
    QTextEdit,
    QWidget,
)

from simcompare.core.errors import ErrorCode, InputError
from simcompare.core.folder.scan import input_reason
from simcompare.gui.app import WindowHost, build_window, install_translations
from simcompare.gui.common.i18n import LANGUAGES, current_language, normalize
from simcompare.gui.common.messages import input_error_text, reason_detail, reason_text
from simcompare.gui.main_window import MainWindow, guide_html
from tools.update_translations import qt_tool, sources

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "resources" / "translations"
TS_FILES = [FOLDER / f"simcompare_{language}.ts" for language in LANGUAGES]
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%L?n|%L?\d+")


def messages(ts: Path) -> list[tuple[str, ET.Element]]:
    return [(c.findtext("name", ""), m) for c in ET.parse(ts).iter("context") for m in c.iter("message")]


def translations(message: ET.Element) -> list[str]:
    element = message.find("translation")
    assert element is not None
    forms = element.findall("numerusform")
    return [f.text or "" for f in forms] if forms else [element.text or ""]


# ------------------------------------------------------------------------------------- catalogues


@pytest.mark.parametrize("ts", TS_FILES, ids=lambda p: p.name)
def test_every_message_is_translated_and_current(ts: Path) -> None:
    found = messages(ts)
    assert len(found) > 250
    for context, message in found:
        source = message.findtext("source", "")
        kind = message.find("translation").get("type", "")  # type: ignore[union-attr]
        assert kind not in ("unfinished", "obsolete", "vanished"), (context, source, kind)
        numerus = message.get("numerus") == "yes"
        for text in translations(message):
            assert text.strip(), (context, source)
            if ts.name.endswith("_en.ts") and not numerus:
                assert text == source, (context, source)
        if ts.name.endswith("_en.ts") and numerus:  # "%Ln file" and "%Ln files" for "%Ln file(s)"
            singular, plural = translations(message)
            assert plural in (source, source.replace("(s)", "s")), (context, source, plural)
            assert "%Ln" in singular and "(s)" not in singular, (context, source, singular)


@pytest.mark.parametrize("ts", TS_FILES, ids=lambda p: p.name)
def test_placeholders_survive_translation(ts: Path) -> None:
    for context, message in messages(ts):
        source = message.findtext("source", "")
        for text in translations(message):
            assert sorted(PLACEHOLDER.findall(text)) == sorted(PLACEHOLDER.findall(source)), (context, source, text)
            assert text.count("&") <= 1 or "&" not in source or source.count("&") == text.count("&"), text


def test_qt_tools_are_found_with_pyside6() -> None:
    """lupdate and lrelease ship with PySide6: the tests below never skip for want of them."""
    for name in ("lupdate", "lrelease"):
        result = subprocess.run([qt_tool(name), "-version"], capture_output=True, text=True, check=True)
        assert name in result.stdout + result.stderr


def test_the_catalogues_hold_exactly_the_strings_of_the_sources(tmp_path: Path) -> None:
    """A string added to (or removed from) simcompare/gui without rerunning tools/update_translations.py fails."""
    fresh = tmp_path / "fresh.ts"
    subprocess.run([qt_tool("lupdate"), *sources(), "-ts", str(fresh)], cwd=ROOT, check=True, capture_output=True)
    expected = {(context, m.findtext("source", "")) for context, m in messages(fresh)}
    for ts in TS_FILES:
        assert {(context, m.findtext("source", "")) for context, m in messages(ts)} == expected, ts.name


@pytest.mark.parametrize("ts", TS_FILES, ids=lambda p: p.name)
def test_the_compiled_catalogues_are_up_to_date(ts: Path, tmp_path: Path) -> None:
    qm = tmp_path / ts.with_suffix(".qm").name
    subprocess.run([qt_tool("lrelease"), "-silent", str(ts), "-qm", str(qm)], check=True)
    assert qm.read_bytes() == ts.with_suffix(".qm").read_bytes(), (
        f"run: python tools/update_translations.py ({ts.name})"
    )


def test_language_names_are_understood() -> None:
    assert normalize("zh_CN") == normalize("zh-Hans-CN") == normalize("zh_TW") == "zh_CN"
    assert normalize("en_GB") == normalize("C") == "en"
    assert normalize("fr_FR") is None and normalize("") is None


# ------------------------------------------------------------------------------ the Chinese window

# Words that may stay Latin in a Chinese interface: names of algorithms, hashers, formats and units.
ALLOWED = {
    "SimHash", "md5", "sha1", "blake2b", "fnv1a64", "jenkins", "jieba", "tf", "idf", "tfidf", "TextRank",
    "textrank", "hex", "HTML", "CSV", "JSON", "KB", "MB", "GB", "Qt", "simcompare", "Jaccard", "arccos",
    "UTF", "Big5", "GB18030", "Shift", "Ctrl", "Alt", "STOC", "WWW", "ACM", "utf", "PNG", "SVG",
}  # fmt: skip
# The names of the people and papers in the About box stay as published.
ALLOWED |= {"Moses", "Charikar", "Gurmeet", "Singh", "Manku", "Arvind", "Jain", "Anish", "Das", "Sarma"}
ALLOWED |= {"Similarity", "estimation", "techniques", "from", "rounding", "algorithms"}
ALLOWED |= {"Detecting", "near-duplicates", "for", "web", "crawling"}
# Document formats keep their names in Chinese too.
ALLOWED |= {"PDF", "Word", "OpenDocument", "EPUB", "RTF", "Markdown", "OCR", "OpenCC"}
WORD = re.compile(r"\.?[A-Za-z][A-Za-z0-9_.\-/\\:]*")  # with a leading dot: a file ending such as .html


def english_words(text: str) -> list[str]:
    """Latin words that are neither allowed nor a file name, path, number, hex value or single letter."""
    text = re.sub(r"<[^>]+>", " ", text)  # rich-text tags
    words = []
    for word in WORD.findall(text):
        word = word.rstrip(".:-")
        if len(word) <= 1 or any(c.isdigit() for c in word) or any(c in word for c in "./\\_"):
            continue
        if word not in ALLOWED:
            words.append(word)
    return words


def visible_texts(window: QWidget) -> Iterator[tuple[str, str]]:
    """(where, text) for every string the interface shows or may show (tooltips too), not document text."""
    language_actions = set(getattr(window, "language_actions", {}).values())
    yield "window title", window.windowTitle()
    for action in window.findChildren(QAction):
        if action not in language_actions:  # each language is named in itself
            yield "action", action.text()
            yield "action tip", action.toolTip() if action.toolTip() != action.text().replace("&", "") else ""
            yield "action status tip", action.statusTip()
    for widget in window.findChildren(QWidget):
        if isinstance(widget, (QPlainTextEdit, QTextEdit)):
            yield "placeholder", widget.placeholderText()
            continue
        yield f"{type(widget).__name__} tooltip", widget.toolTip()
        if isinstance(widget, QLabel):
            yield "label", widget.text()
        elif isinstance(widget, QAbstractButton):
            yield "button", widget.text()
        elif isinstance(widget, QGroupBox):
            yield "group box", widget.title()
        elif isinstance(widget, QLineEdit):
            yield "placeholder", widget.placeholderText()
        elif isinstance(widget, QTabWidget):
            for i in range(widget.count()):
                yield "tab", widget.tabText(i)
                yield "tab tooltip", widget.tabToolTip(i)
        if isinstance(widget, QComboBox) and not widget.isEditable():
            for i in range(widget.count()):
                yield "combo item", widget.itemText(i)
                yield "combo item tip", str(widget.itemData(i, Qt.ItemDataRole.ToolTipRole) or "")
        if isinstance(widget, QHeaderView) and widget.model() is not None:
            for section in range(widget.count()):
                for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                    yield "header", str(widget.model().headerData(section, widget.orientation(), role) or "")


@pytest.fixture
def chinese(qapp) -> Iterator[None]:
    """The Chinese catalogues, installed as run_gui installs them; English again afterwards."""
    installed = install_translations(qapp, "zh_CN")
    assert len(installed) == 2, "simcompare_zh_CN.qm and Qt's own zh_CN catalogue"
    assert current_language(qapp) == "zh_CN"
    yield
    install_translations(qapp, "en")


@pytest.fixture
def scanned_folder(tmp_path: Path) -> Path:
    root = tmp_path / "文档"
    root.mkdir()
    for name, text in {"zh_a.txt": ZH_A, "zh_b.txt": ZH_B, "en_a.txt": EN_A, "en_b.txt": EN_B}.items():
        (root / name).write_text(text, encoding="utf-8")
    (root / "binary.txt").write_bytes(b"\x00\x01\x02binary\x00data" * 20)
    (root / "empty.txt").write_text("", encoding="utf-8")
    return root


def test_the_chinese_window_shows_no_english(qtbot, chinese, tmp_path: Path, scanned_folder: Path) -> None:
    window = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    page = window.folder_page
    page.workers = 1
    qtbot.addWidget(window)
    window.show()
    window.compare_page.load_example("zh-edited")
    wait_settled(qtbot, window.compare_page)
    with qtbot.waitSignal(page.scan_finished, timeout=60_000):
        window.open_folder(str(scanned_folder))
    assert page.problems_model.rowCount() == 1  # binary.txt: its reason and detail are ours, in Chinese
    problem_cells = [page.problems_model.index(0, column).data() for column in (1, 2)]
    page.tabs.setCurrentIndex(1)  # the differences view of the folder page
    window.show_about()  # the dialogs are the window's children while open: walked below with it
    guide = window.show_guide()
    assert "指纹" in guide_html()

    found = [(where, text) for where, text in visible_texts(window) if text]
    assert len(found) > 200
    leftovers = [(where, text, english_words(text)) for where, text in found if english_words(text)]
    leftovers += [("problem", text, english_words(text)) for text in problem_cells if english_words(text)]
    assert not leftovers
    assert window.menuBar().actions()[0].text() == "文件(&F)"
    assert ("button", "关闭") in found and guide.isVisible()  # Qt's own catalogue names the standard buttons


def test_the_core_codes_are_shown_in_chinese(chinese) -> None:
    codes: list[str] = [cls.code for cls in error_classes(InputError)] + ["x"]
    for code in codes:
        assert input_error_text(code) and not english_words(input_error_text(code)), code
    # each kind of unreadable input has words of its own; only the general one takes the fallback's
    fallback = input_error_text("x")
    assert [code for code in codes if (input_error_text(code) == fallback) != (code in ("x", InputError.code))] == []
    for reason in ErrorCode:
        for text in (reason_text(reason), reason_detail(reason), reason_detail(reason, errno.EACCES)):
            assert text and not english_words(text), (reason, text)
    # every reason a scan reports has words of its own; only "unreadable" takes the fallback's
    scan_only = {ErrorCode.VANISHED, ErrorCode.CHANGED, ErrorCode.BROKEN_LINK, ErrorCode.INTERNAL}
    reasons = {input_reason(cls.code) for cls in error_classes(InputError)} | scan_only
    short, detail = reason_text("x"), reason_detail("x")
    assert [r for r in reasons if (reason_text(r) == short) != (r == ErrorCode.UNREADABLE)] == []
    assert [r for r in reasons if (reason_detail(r) == detail) != (r == ErrorCode.UNREADABLE)] == []
    # an unreadable file names the system's error (by its number, never by reading the English detail)
    assert input_error_text(InputError.code, errno.EIO) == "输入/输出错误" != input_error_text(InputError.code)
    assert reason_detail(ErrorCode.UNREADABLE, errno.EIO) == "输入/输出错误" != reason_detail(ErrorCode.UNREADABLE)


def test_choosing_a_language_rebuilds_the_window_and_keeps_the_texts(qtbot, qapp) -> None:
    window = build_window(persist=True)  # preferences land in this test's folder (conftest)
    qtbot.addWidget(window)
    host = WindowHost(window, persist=True)
    window.show()
    window.compare_page.pane_a.set_text("甲乙丙")
    try:
        window.language_actions["zh_CN"].trigger()
        new = host.window
        qtbot.addWidget(new)
        assert new is not window and current_language(qapp) == "zh_CN"
        assert new.pages.tabText(0) == "比较两段文本"
        assert new.compare_page.pane_a.editor.toPlainText() == "甲乙丙"
        assert new.language_actions["zh_CN"].isChecked()
        assert QSettings().value("language") == "zh_CN"
        new.language_actions[""].trigger()  # follow the system again (English offscreen in CI)
        assert QSettings().value("language") == ""
        qtbot.addWidget(host.window)
    finally:
        install_translations(qapp, "en")
    assert QCoreApplication.translate("MainWindow", "&File") == "&File"
