"""Waits and settings changes shared by the window's tests."""

from __future__ import annotations

from dataclasses import replace

from simcompare.gui.compare.page import ComparePage
from simcompare.gui.compare.settings_panel import SettingsPanel

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


def change_settings(panel: SettingsPanel, *, k: int | None = None, **changes: object) -> None:
    """Show the panel's current Config with ``changes`` (and k, if given), as a user's edits would."""
    panel.set_config(replace(panel.config(), **changes), k)


def acted(qtbot, page, trigger) -> object:
    """Trigger an action on files (a menu action's ``trigger``, a key) and wait until the page shows its answer:
    the action runs in the page's worker. Returns the answer (an ``ActionDone``)."""
    with qtbot.waitSignal(page.file_commands.acted, timeout=SETTLE_TIMEOUT_MS) as blocker:
        trigger()
    return blocker.args[0]
