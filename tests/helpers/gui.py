"""Waits shared by the window's tests."""

from __future__ import annotations

from simcompare.gui.compare_page import ComparePage

SETTLE_TIMEOUT_MS = 30_000


def wait_settled(qtbot, page: ComparePage) -> None:
    """Wait until what the page shows matches its inputs (the newest request answered)."""
    qtbot.waitUntil(lambda: page.is_settled() and page.comparison is not None, timeout=SETTLE_TIMEOUT_MS)
