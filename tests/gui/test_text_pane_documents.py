"""The Compare page's text pane takes documents: extracted text shown read-only with the format named,
drops onto a read-only pane, reasons for documents that cannot be read, and the folded Chinese view."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.documents import write_docx, write_image_pdf, write_pdf
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QPageSize, QPainter, QPdfWriter
from PySide6.QtWidgets import QApplication

from simcompare.gui.compare.text_pane import TextPane

REPORT = "The wetland survey counted eleven kingfisher nests.\n\nVolunteers planted willows along the shore."
SIMPLIFIED = "后来我们讨论了电子商务与信息安全的问题。"
TRADITIONAL = "後來我們討論了電子商務與信息安全的問題。"


@pytest.fixture
def pane(qtbot) -> TextPane:
    widget = TextPane("Text A")
    qtbot.addWidget(widget)
    widget.resize(500, 300)
    return widget


def test_a_pdf_shows_its_text_read_only_with_the_format(qtbot, pane: TextPane, tmp_path: Path) -> None:
    path = write_pdf(tmp_path / "report.pdf", REPORT)
    with qtbot.waitSignal(pane.file_loaded):
        assert pane.load_file(str(path))
    assert "eleven kingfisher nests" in pane.text()
    assert pane.editor.toPlainText().replace("\r", "") == pane.text().replace("\r", "")
    assert pane.editor.isReadOnly()
    assert not pane.html_box.isEnabled()
    assert pane.info.text() == "report.pdf · PDF · read-only · " + f"{path.stat().st_size:,} bytes"
    pane.clear()
    assert not pane.editor.isReadOnly() and pane.html_box.isEnabled()


def test_a_pdf_written_by_qt_loads(qtbot, pane: TextPane, tmp_path: Path) -> None:
    path = tmp_path / "qt.pdf"
    writer = QPdfWriter(str(path))
    writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    painter = QPainter(writer)
    painter.drawText(200, 400, "Written by QPdfWriter about kingfishers")
    painter.end()
    assert pane.load_file(str(path))
    assert "QPdfWriter about kingfishers" in pane.text()


def test_a_document_dropped_on_a_read_only_pane_loads(qtbot, pane: TextPane, tmp_path: Path) -> None:
    assert pane.load_file(str(write_pdf(tmp_path / "first.pdf", REPORT)))
    docx = write_docx(tmp_path / "second.docx", "A dropped Word document about herons.")
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(docx))])
    args = (Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    enter, drop = QDragEnterEvent(QPoint(10, 10), *args), QDropEvent(QPointF(10, 10), *args)
    QApplication.sendEvent(pane.editor.viewport(), enter)
    assert enter.isAccepted()
    with qtbot.waitSignal(pane.file_loaded) as loaded:
        QApplication.sendEvent(pane.editor.viewport(), drop)
    assert loaded.args == [str(docx)]
    assert pane.text() == "A dropped Word document about herons.\n"
    assert "Word document" in pane.info.text()


def test_an_image_only_pdf_says_why(qtbot, pane: TextPane, tmp_path: Path) -> None:
    pane.set_text("kept")
    with qtbot.waitSignal(pane.load_failed) as failed:
        assert not pane.load_file(str(write_image_pdf(tmp_path / "scan.pdf")))
    assert "no text layer" in failed.args[1]
    assert pane.text() == "kept" and not pane.error.isHidden()


def test_folded_view_shows_simplified_but_compares_the_original(qtbot, pane: TextPane) -> None:
    pane.set_text(SIMPLIFIED)
    assert pane.fold_button.isHidden()  # nothing to fold
    pane.editor.setPlainText(TRADITIONAL)
    assert not pane.fold_button.isHidden()
    with qtbot.assertNotEmitted(pane.edited):
        pane.fold_button.setChecked(True)
    assert pane.editor.toPlainText() == SIMPLIFIED
    assert pane.editor.isReadOnly()
    assert pane.text() == TRADITIONAL  # what is compared is still what was typed
    pane.fold_button.setChecked(False)
    assert pane.editor.toPlainText() == TRADITIONAL and not pane.editor.isReadOnly()


LONG_SIMPLIFIED = (
    "近年来，随着互联网技术的发展，越来越多的人开始在网上购物。电子商务平台不仅为消费者提供了丰富的商品选择，"
    "也为中小企业创造了新的发展机会。然而，网络购物也带来了一些问题，例如商品质量难以保证、售后服务不够完善等。"
)
LONG_TRADITIONAL = (  # OpenCC s2t of the text above
    "近年來，隨着互聯網技術的發展，越來越多的人開始在網上購物。電子商務平臺不僅爲消費者提供了豐富的商品選擇，"
    "也爲中小企業創造了新的發展機會。然而，網絡購物也帶來了一些問題，例如商品質量難以保證、售後服務不夠完善等。"
)


def test_the_fold_setting_decides_the_comparison(qtbot, page) -> None:
    from helpers.gui import wait_settled

    page.pane_a.set_text(LONG_SIMPLIFIED)
    page.pane_b.set_text(LONG_TRADITIONAL)
    wait_settled(qtbot, page)
    assert page.settings.fold_chinese.isChecked() and page.comparison.config.fold_chinese
    assert page.comparison.distance == 0
    with qtbot.waitSignal(page.results_shown, timeout=30_000):
        page.settings.fold_chinese.setChecked(False)
    wait_settled(qtbot, page)
    assert not page.comparison.config.fold_chinese
    assert page.comparison.distance > page.comparison.k


def test_a_system_error_is_named_in_the_windows_words(pane: TextPane) -> None:
    # Linux's /proc/self/mem is a regular file whose first page is never mapped: reading it fails with EIO
    if not Path("/proc/self/mem").is_file():
        pytest.skip("needs Linux's /proc/self/mem")
    pane.set_text("kept")
    assert not pane.load_file("/proc/self/mem")
    assert pane.text() == "kept" and pane.error.text() == "Could not open “mem”: input/output error"
