"""Lists the window has finished with are freed a slice per turn of the event loop, never cut while held."""

from __future__ import annotations

import weakref

from pytestqt.qtbot import QtBot

from simcompare.gui.common.leftovers import SLICE, Leftovers


class _Item:
    """Something weakly referenced, to see when it is freed."""


def test_a_list_nothing_else_holds_is_freed_a_slice_at_a_time(qtbot: QtBot) -> None:
    leftovers = Leftovers()
    items = [_Item() for _ in range(3 * SLICE + 5)]
    first, last = weakref.ref(items[0]), weakref.ref(items[-1])
    leftovers.drop(items)
    del items
    assert first() is not None and last() is not None  # nothing freed before the event loop turns
    assert leftovers.pending == 1
    leftovers._free_some()  # one turn: the last slice only
    assert last() is None and first() is not None
    qtbot.waitUntil(lambda: leftovers.pending == 0, timeout=5_000)
    assert first() is None


def test_a_list_held_elsewhere_is_never_cut(qtbot: QtBot) -> None:
    leftovers = Leftovers()
    shown = list(range(2 * SLICE))
    leftovers.drop(shown, (1, 2), "text", [1, 2])  # small lists and other objects go with their last holder
    assert leftovers.pending == 1
    qtbot.waitUntil(lambda: leftovers.pending == 0, timeout=5_000)
    assert shown == list(range(2 * SLICE))  # still whole: the window holds it


def test_free_all_lets_go_at_once(qtbot: QtBot) -> None:
    leftovers = Leftovers()
    items = [_Item() for _ in range(2 * SLICE)]
    one = weakref.ref(items[0])
    leftovers.drop(items)
    del items
    leftovers.free_all()
    assert one() is None and leftovers.pending == 0
