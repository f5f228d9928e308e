"""Document text is untrusted: a file full of HTML and Qt rich-text markup is shown as its characters.

The file is a .txt that does not start like an HTML page, so the core does not read it as HTML either:
every character must reach the screen literally, and nothing may be rendered (no image, no link, no bold).
"""

from __future__ import annotations

from pathlib import Path

from helpers.gui import wait_settled
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocument, QTextFormat
from PySide6.QtWidgets import QLabel

import simcompare
from simcompare.gui.compare.charts import SumsChart
from simcompare.gui.compare.models import TokenTableModel
from simcompare.gui.compare.page import ComparePage

MARKUP = (
    'hello <img src="file:///etc/hostname"><b>bold</b> <a href="https://example.com/">a link</a>\n'
    "<qt><font color=red size=7>big red</font></qt> <script>alert(1)</script> &lt;escaped&gt; "
    '<table><tr><td>cell</td></tr></table> <img src="qrc:/qt-project.org/styles/commonstyle/images/up-16.png">\n'
)


def assert_nothing_rendered(document: QTextDocument, text: str) -> None:
    """The document holds exactly the characters and no image, link, table or emphasis."""
    assert document.toPlainText() == text
    block = document.begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            fragment = it.fragment()
            fmt = fragment.charFormat()
            assert not fmt.isImageFormat()
            assert not fmt.isAnchor() and not fmt.anchorHref()
            assert not fmt.hasProperty(QTextFormat.Property.FontWeight)  # nothing made bold by <b>
            it += 1
        block = block.next()
    assert document.rootFrame().childFrames() == []  # no <table> became a frame


def test_markup_in_a_file_is_shown_literally(qtbot, page: ComparePage, tmp_path: Path) -> None:
    path = tmp_path / "<b>bold name<i>.txt"
    path.write_text(MARKUP, encoding="utf-8")
    page.load_files(str(path), None)
    page.pane_b.set_text("hello bold")
    wait_settled(qtbot, page)
    editor = page.pane_a.editor
    assert page.pane_a.text() == MARKUP
    assert not page.pane_a.html_box.isChecked()  # a .txt that is not an HTML page stays plain text
    assert_nothing_rendered(editor.document(), MARKUP)

    # The file name is markup too: the label shows it as characters.
    assert page.pane_a.info.textFormat() == Qt.TextFormat.PlainText
    assert "<b>bold name<i>.txt" in page.pane_a.info.text()

    # Tokens are plain data in the table; the tokenizer kept the tag names as words, not as tags.
    tokens = {t.token for t in page.comparison.a.fingerprint.tokens}
    assert {"img", "src", "bold", "href", "script", "alert"} <= tokens
    model = page.table_a.model
    for row in range(model.token_rows):
        assert isinstance(model.data(model.index(row, 0)), str)
        tip = model.data(model.index(row, 0), Qt.ItemDataRole.ToolTipRole)
        assert "<img" not in tip and "<b>" not in tip.removeprefix("<qt>")

    # The Differences view shows the same characters, highlighted but not rendered.
    with qtbot.waitSignal(page.differences.diff_ready, timeout=30_000):
        page.show_results_tab(1)
    assert_nothing_rendered(page.differences.view_a.document(), MARKUP)

    # Every label in the window that shows changing text is fixed to plain text.
    for label in page.findChildren(QLabel):
        if label.text() and ("<" in label.text() or label in (page.pane_a.info, page.pane_a.error)):
            assert label.textFormat() == Qt.TextFormat.PlainText, label.text()


def test_an_error_about_a_markup_file_name_is_plain(qtbot, page: ComparePage, tmp_path: Path) -> None:
    missing = tmp_path / '<img src="x.png">.txt'
    assert not page.pane_a.load_file(str(missing))
    assert page.pane_a.error.textFormat() == Qt.TextFormat.PlainText
    assert '<img src="x.png">.txt' in page.pane_a.error.text()


def test_tooltips_escape_token_text(qapp) -> None:
    """Tokens from the GUI's segmenters never hold '<', but the library accepts any weights: defend anyway."""
    fp = simcompare.fingerprint_weights({"<b>bold</b>": 2.0, '<img src="x.png">': 1.0}, simcompare.Config(bits=8))
    chart = SumsChart("A")
    chart.set_fingerprint(fp)
    tip = chart.tooltip_for(0)
    assert "&lt;b&gt;bold&lt;/b&gt;" in tip and "<b>bold" not in tip and "<img" not in tip
    model = TokenTableModel()
    model.set_fingerprint(fp)
    for row in range(model.token_rows):
        assert model.data(model.index(row, 0)) in ("<b>bold</b>", '<img src="x.png">')  # plain data, drawn as is
        for column in (0, model.FIRST_BIT):
            assert "<img" not in model.data(model.index(row, column), Qt.ItemDataRole.ToolTipRole)
