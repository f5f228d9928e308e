"""File → Export lesson…: one PDF page per step for the two texts on screen, in the window's language."""

from __future__ import annotations

import os
from pathlib import Path

import pypdfium2
import pytest
from helpers.gui import change_settings, wait_settled

from simcompare.gui.app import install_translations
from simcompare.gui.compare.handout import lesson_documents, lesson_writer
from simcompare.gui.compare.page import ComparePage
from simcompare.gui.compare.steps import Step


def pages_text(path: Path) -> list[str]:
    pdf = pypdfium2.PdfDocument(str(path))
    try:
        return [pdf[i].get_textpage().get_text_range() for i in range(len(pdf))]
    finally:
        pdf.close()


def test_one_page_per_step_with_its_numbers(qtbot, page: ComparePage, tmp_path: Path) -> None:
    page.load_example("six-bit")
    wait_settled(qtbot, page)
    path = tmp_path / "lesson.pdf"
    assert page.lesson.export(str(path))
    texts = pages_text(path)
    assert len(texts) == len(Step) == 10
    for i, text in enumerate(texts):
        assert f"Step {i + 1} of 10" in text
    # The six-bit example: A's sums 15, −7, −1, 3, 5, 15 → 100111 (DESIGN.md §2), B's 101111, 1 bit apart.
    comparison = page.comparison
    assert comparison.a.fingerprint.binary == "100111"
    assert "V = 15, −7, −1, 3, 5, 15" in texts[Step.SUMS]
    a, b = comparison.a.fingerprint.binary, comparison.b.fingerprint.binary
    xor = format(int(a, 2) ^ int(b, 2), "06b")
    assert xor in texts[Step.XOR] and f"{xor.count('1')} ones: the Hamming distance is 1 of 6 bits" in texts[Step.XOR]


@pytest.mark.parametrize("bits", [64, 512])
def test_each_step_fits_its_page(qtbot, page: ComparePage, tmp_path: Path, bits: int) -> None:
    page.load_example("en-edited")
    wait_settled(qtbot, page)
    change_settings(page.settings, bits=bits, hasher="blake2b")
    qtbot.waitUntil(lambda: page.is_settled() and page.comparison.config.bits == bits, timeout=30_000)
    writer = lesson_writer(tmp_path / "fits.pdf")
    area = writer.pageLayout().paintRectPixels(writer.resolution())
    documents = lesson_documents(page.comparison, ("A", "B"), writer)
    assert len(documents) == 10
    for document in documents:
        assert 0 < document.size().height() <= area.height()


def test_the_menu_entry_asks_where_and_remembers_the_folder(qtbot, main_window, tmp_path: Path) -> None:
    page = main_window.compare_page
    page.pane_a.set_text("<b>not bold</b> one two three")
    page.pane_b.set_text("<b>not bold</b> one two four")
    wait_settled(qtbot, page)
    target = tmp_path / "out" / "lesson.pdf"
    target.parent.mkdir()
    page.export_button.ask_save_path = lambda title, start, pattern: str(target)
    file_menu = main_window.menuBar().actions()[0].menu()
    assert page.lesson.action in file_menu.actions() and page.lesson.action.isEnabled()
    with qtbot.waitSignal(page.message) as said:
        page.lesson.action.trigger()
    assert said.args == [f"Saved {target}"]
    texts = pages_text(target)
    assert len(texts) == 10
    assert "<b>not bold</b> one two three" in texts[Step.CLEAN]  # the text as its characters, not as markup
    assert page.export_button.start_folder() == str(target.parent)  # the next export starts there


def test_a_folder_that_is_not_there_is_said(qtbot, page: ComparePage, tmp_path: Path) -> None:
    page.load_example("six-bit")
    wait_settled(qtbot, page)
    with qtbot.waitSignal(page.message) as said:
        assert not page.lesson.export(str(tmp_path / "missing" / "lesson.pdf"))
    assert said.args[0].startswith("Could not save")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs")
def test_a_fifo_chosen_as_the_lesson_is_said_never_waited_on(qtbot, page: ComparePage, tmp_path: Path) -> None:
    """A FIFO with no reader fails to open at once (the window never waits), and one with a reader is refused."""
    page.load_example("six-bit")
    wait_settled(qtbot, page)
    fifo = tmp_path / "lesson.pdf"
    os.mkfifo(fifo)
    with qtbot.waitSignal(page.message) as said:
        assert not page.lesson.export(str(fifo))
    assert said.args[0].startswith("Could not save")
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    try:
        with qtbot.waitSignal(page.message) as said:
            assert not page.lesson.export(str(fifo))
        assert said.args[0].startswith("Could not save")
        assert os.read(reader, 10) == b""
    finally:
        os.close(reader)


@pytest.fixture
def chinese(qapp):
    install_translations(qapp, "zh_CN")
    yield
    install_translations(qapp, "en")


def test_the_handout_speaks_the_windows_language(qtbot, chinese, page: ComparePage, tmp_path: Path) -> None:
    page.load_example("six-bit")
    wait_settled(qtbot, page)
    path = tmp_path / "课.pdf"
    assert page.lesson.export(str(path))
    texts = pages_text(path)
    assert len(texts) == 10
    assert "第 1 步" in texts[0] and "Step 1 of" not in texts[0]
