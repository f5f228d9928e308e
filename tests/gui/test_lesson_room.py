"""The six-bit lesson as a class sees it: SimHash's verdict at its distance (its texts have too few word pairs for
the word-pair check, which refused them at distance 1 ≤ k = 1), and Step by step giving the token tables the room
at a projector's 1024×700 (each showed a row and a half: the notes under the verdict and the text boxes took it)."""

from __future__ import annotations

from helpers.gui import wait_settled

from simcompare.gui.app import settle_layouts
from simcompare.gui.compare.steps import Step


def visible_rows(table) -> int:
    """Rows of the token table wholly in its view."""
    view = table.view
    height = view.viewport().height()
    return sum(
        1
        for row in range(view.model().rowCount())
        if view.rowViewportPosition(row) >= 0 and view.rowViewportPosition(row) + view.rowHeight(row) <= height
    )


def test_the_six_bit_lesson_says_near_duplicates_at_its_distance(qtbot, page) -> None:
    page.load_example("six-bit")
    wait_settled(qtbot, page)
    comparison = page.comparison
    assert comparison.distance == 1 == comparison.k
    assert comparison.fewest_shingles < 10  # too few word pairs for the check, which refused the pair before
    assert page.settings.simhash_only.isChecked() and comparison.near_duplicate
    assert page.summary.verdict.text() == "✔ near-duplicates"
    assert "not near-duplicates" not in page.step_guide.sentence.text()
    page.step_guide.go_to(Step.DISTANCE)
    assert "near-duplicates at k = 1" in page.step_guide.sentence.text()


def test_the_users_word_pair_check_comes_back_after_the_lesson(qtbot, page) -> None:
    assert not page.settings.simhash_only.isChecked()
    page.load_example("six-bit")
    wait_settled(qtbot, page)
    page.load_example("en-edited")  # the user's settings back, the word-pair check with them
    wait_settled(qtbot, page)
    assert not page.settings.simhash_only.isChecked() and page.comparison.min_resemblance > 0
    page.settings.simhash_only.click()  # the user's own choice of SimHash only also comes back
    page.load_example("six-bit")
    wait_settled(qtbot, page)
    page.settings.simhash_only.click()  # turned off for the lesson alone
    wait_settled(qtbot, page)
    assert page.comparison.min_resemblance > 0 and not page.comparison.near_duplicate
    page.load_example("en-edited")
    wait_settled(qtbot, page)
    assert page.settings.simhash_only.isChecked() and page.comparison.min_resemblance == 0


def test_step_by_step_gives_the_tables_the_room_and_gives_it_back(qtbot, main_window, page) -> None:
    main_window.resize(1024, 700)
    main_window.show()
    qtbot.waitExposed(main_window)
    page.settings.simhash_only.click()  # notices too: the check is off, the texts have few tokens
    page.load_example("six-bit")
    wait_settled(qtbot, page)
    settle_layouts()
    summary = page.summary
    assert summary.info.isVisibleTo(page) and summary.notices.isVisibleTo(page)
    assert not summary.unfold.isVisibleTo(page)
    before = page.main_splitter.sizes()
    rows_before = visible_rows(page.table_a)

    page.step_guide.toggle.click()
    page.step_guide.go_to(Step.SUMS)
    qtbot.waitUntil(lambda: visible_rows(page.table_a) > rows_before, timeout=5_000)
    assert not summary.info.isVisibleTo(page) and not summary.notices.isVisibleTo(page)
    assert summary.unfold.isVisibleTo(page)
    assert page.main_splitter.sizes()[0] < before[0]
    for table in (page.table_a, page.table_b):  # the five tokens, at least, in each
        assert visible_rows(table) >= 5, visible_rows(table)

    summary.unfold.click()  # the notes, when asked for
    assert summary.info.isVisibleTo(page) and summary.notices.isVisibleTo(page)
    summary.unfold.click()
    assert not summary.info.isVisibleTo(page)

    page.step_guide.toggle.click()  # out of step mode: as before
    qtbot.waitUntil(lambda: page.main_splitter.sizes() == before, timeout=5_000)
    assert summary.info.isVisibleTo(page) and summary.notices.isVisibleTo(page)
    assert not summary.unfold.isVisibleTo(page)


def test_an_error_in_step_mode_is_shown_unfolded(qtbot, page) -> None:
    page.load_example("six-bit")
    wait_settled(qtbot, page)
    page.step_guide.toggle.click()
    assert page.summary.folded and not page.summary.notices.isVisibleTo(page)
    page._on_failed(0, "out of memory")
    assert page.summary.notices.isVisibleTo(page) and "out of memory" in page.summary.notices.text()


def test_step_modes_heights_are_not_saved_as_the_users(qtbot, main_window, page, settings_file) -> None:
    from PySide6.QtCore import QSettings

    main_window.resize(1024, 700)
    main_window.show()
    qtbot.waitExposed(main_window)
    page.load_example("six-bit")
    wait_settled(qtbot, page)
    settle_layouts()  # the heights the splitter settles on with the notes shown
    before = page.main_splitter.sizes()
    page.step_guide.toggle.click()
    stepping = page.main_splitter.sizes()
    assert stepping != before
    settings = QSettings(str(settings_file), QSettings.Format.IniFormat)
    page.save_state(settings)
    assert page.main_splitter.sizes() == stepping  # saving changes nothing on screen
    page.step_guide.toggle.click()
    qtbot.waitUntil(lambda: page.main_splitter.sizes() == before, timeout=5_000)
    page.main_splitter.setSizes([before[0] - 10, before[1] + 10])
    assert page.main_splitter.sizes() != before
    page.restore_state(settings)
    assert page.main_splitter.sizes() == before
