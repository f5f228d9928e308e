"""What the window no longer shows, freed a slice at a time between its events.

Python frees a list's items when the list goes, all in one step: a million files' groups replaced by new ones
(187,311 groups, their 436,675 members) took the window's thread a tenth of a second and more to free, in
the middle of showing the new ones. Handed to :class:`Leftovers` instead, a list that nothing else holds loses
its last items a slice at a time, one slice per turn of the event loop, so the window paints and answers in
between. Only a list that nothing else holds is cut (its reference count says so): one still shown, or held by
a job, is let go whole, as it would have been without this.
"""

from __future__ import annotations

import sys
from collections import deque

from PySide6.QtCore import QObject, QTimer, Slot

__all__ = ["SLICE", "Leftovers"]

SLICE = 16_384
"""Items freed per turn of the event loop (a group with its members: about 0.4 µs an item, so a few ms)."""

_ONLY_HERE = 3  # the queue's reference, the local name's and getrefcount's argument's


class Leftovers(QObject):
    """Lists the window has finished with, freed a slice per turn of the event loop (:meth:`drop`)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._lists: deque[list[object]] = deque()
        self._timer = QTimer(self)
        self._timer.setInterval(0)  # as soon as the events waiting are handled
        self._timer.timeout.connect(self._free_some)

    def drop(self, *lists: object) -> None:
        """Free ``lists`` (others are ignored: what is not a list goes with its last holder, as before) a slice
        at a time, once nothing else holds them; the caller lets go of them after this call."""
        big = [given for given in lists if type(given) is list and len(given) > SLICE]
        if big:
            self._lists.extend(big)
            self._timer.start()

    @property
    def pending(self) -> int:
        """How many lists are still being freed."""
        return len(self._lists)

    @Slot()
    def _free_some(self) -> None:
        if not self._lists:
            self._timer.stop()
            return
        items = self._lists[0]
        if sys.getrefcount(items) > _ONLY_HERE:  # held elsewhere too: let go of it whole, never cut it
            self._lists.popleft()
            return
        del items[-SLICE:]
        if not items:
            self._lists.popleft()

    def free_all(self) -> None:
        """Let go of every list now (the window closes)."""
        self._timer.stop()
        self._lists.clear()
