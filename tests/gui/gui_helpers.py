"""Constants and waits shared by the window's tests."""

from __future__ import annotations

from simcompare.gui.compare_page import ComparePage

ZH_A = "今天天气很好，我们去公园散步吧。明天我们去上海看望朋友，顺便参观博物馆和美术馆。"
ZH_B = "今天天气不错，我们去公园散步吧。明天我们去北京看望朋友，顺便参观博物馆和美术馆。"

SETTLE_TIMEOUT_MS = 30_000


def wait_settled(qtbot, page: ComparePage) -> None:
    """Wait until what the page shows matches its inputs (the newest request answered)."""
    qtbot.waitUntil(lambda: page.is_settled() and page.comparison is not None, timeout=SETTLE_TIMEOUT_MS)


def point_trash_at(monkeypatch, home) -> None:
    """Send the trash to ``home``'s data folder: send2trash reads it only once, when first imported."""
    import send2trash.plat_other as trash

    data = str(home / ".local" / "share")
    monkeypatch.setenv("XDG_DATA_HOME", data)
    monkeypatch.setattr(trash, "XDG_DATA_HOME", data.encode())
    monkeypatch.setattr(trash, "HOMETRASH_B", (data + "/Trash").encode())
    monkeypatch.setattr(trash, "HOMETRASH", data + "/Trash")
