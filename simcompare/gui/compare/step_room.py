"""Step by step gives the token tables the room: at a projector's 1024×700 each showed a row and a half, the notes
under the verdict and the text boxes taking the height. While it is on, the notes fold under *Notes ▸* and the
text boxes are two lines high; when it ends, the heights the user had come back."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QByteArray, QObject, QTimer, Slot
from PySide6.QtWidgets import QSplitter

from simcompare.gui.compare.summary import SummaryPanel
from simcompare.gui.compare.text_pane import TextPane

_TRIES = 10
"""Times the user's heights are given back, 20 ms apart, until the splitter takes them (its parts' least heights
come back over a few turns of the event loop: a step's sentence, wrapped, keeps its height until it is laid out)."""


class StepRoom(QObject):
    """Folds the notes and the text boxes while Step by step is on (:meth:`step_changed`), and gives the user's heights
    back after; :meth:`user_state` is the splitter's state as the user left it, for the preferences."""

    def __init__(self, splitter: QSplitter, summary: SummaryPanel, panes: Sequence[TextPane]) -> None:
        super().__init__(splitter)
        self._splitter = splitter
        self._summary = summary
        self._panes = tuple(panes)
        self._stepping = False
        self._heights: list[int] | None = None  # the user's, from the start of step mode until they are back
        self._state: QByteArray | None = None
        self._tries = 0
        self._timer = QTimer(self)
        self._timer.setInterval(20)
        self._timer.timeout.connect(self._give_back)

    def user_state(self) -> QByteArray:
        """The splitter's state with the user's heights (not step mode's)."""
        return self._state if self._state is not None else self._splitter.saveState()

    @Slot(int)
    def step_changed(self, step: int) -> None:
        stepping = step >= 0
        if stepping == self._stepping:
            return
        self._stepping = stepping
        self._summary.set_folded(stepping)
        for pane in self._panes:
            pane.set_compact(stepping)
            pane.layout().activate()  # its least height now, for the splitter below
        if stepping:
            if self._heights is None:  # not while the user's are still coming back: those stay the user's
                self._heights = self._splitter.sizes()
                self._state = self._splitter.saveState()
            self._timer.stop()
            self._splitter.setSizes([0, sum(self._heights)])  # the splitter keeps the text panes' least height
        else:
            self._tries = 0
            self._timer.start()

    @Slot()
    def _give_back(self) -> None:
        heights = self._heights
        self._tries += 1
        if heights is not None:
            self._splitter.setSizes(heights)
        if heights is None or self._splitter.sizes() == heights or self._tries >= _TRIES:
            self._timer.stop()
            self._heights = self._state = None
