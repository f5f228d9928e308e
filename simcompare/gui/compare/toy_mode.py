"""The toy example on the Compare page: Examples → Edit the toy example… and what the page shows meanwhile.

While a toy example is on the page, the panes show its tokens (read-only: they are edited in the editor), the
settings panel shows its width and hasher with the settings it decides disabled, and the page's request
carries the toy, so the core computes both fingerprints from the typed weights and codes
(``ToyExample.compare``). Typing in a pane, opening a file, an example or Clear leaves it, and the user's
settings come back. Putting a toy example on the page asks first when a pane holds typed text.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QObject, Signal, Slot
from PySide6.QtGui import QAction

from simcompare.core.explain.toy import WORKED_EXAMPLE, ToyError, ToyExample, toy_text
from simcompare.gui.compare.settings_panel import SettingsPanel
from simcompare.gui.compare.text_pane import TextPane
from simcompare.gui.compare.toy_editor import ToyEditor


def toy_caption(side: str) -> str:
    """What a pane holding side ``side`` ("A" or "B") of the toy example says it holds."""
    if side == "A":
        return QCoreApplication.translate("ToyLesson", "Toy example (A)")
    return QCoreApplication.translate("ToyLesson", "Toy example (B)")


class ToyLesson(QObject):
    """The toy example's menu action, its editor (made when first opened) and the toy on the page.

    Signals:
        changed(): the toy example on the page changed, or left it: recompute.
        message(str): a line for the status bar.
    """

    changed = Signal()
    message = Signal(str)

    def __init__(
        self,
        panes: tuple[TextPane, TextPane],
        settings: SettingsPanel,
        may_replace: Callable[[], bool],
        parent: QObject | None = None,
    ) -> None:
        """``may_replace()`` says whether the panes' texts may be replaced (it asks when one holds typed text)."""
        super().__init__(parent)
        self._panes = panes
        self._settings = settings
        self._may_replace = may_replace
        self._active: ToyExample | None = None
        self._last = WORKED_EXAMPLE  # the last toy example shown
        self._showing = False
        self._editor: ToyEditor | None = None
        self.action = QAction(self.tr("Edit the toy example…"), self)
        self.action.setStatusTip(
            self.tr("Type tokens with their weights and codes, and watch every step follow (saved as JSON)")
        )
        self.action.triggered.connect(self.open_editor)

    @property
    def active(self) -> ToyExample | None:
        """The toy example on the page, or None."""
        return self._active

    @property
    def editor(self) -> ToyEditor:
        """The editor (a window of its own beside the main window), made when first asked for."""
        if self._editor is None:
            self._editor = ToyEditor(self._panes[0].window())
            if self._active is not None:
                self._editor.set_toy(self._active)
            self._editor.toy_changed.connect(self._on_toy_changed)
            self._editor.message.connect(self.message)
        return self._editor

    @Slot()
    def open_editor(self) -> None:
        """Show the editor and put its toy example on the page (asking first if a pane holds typed text)."""
        editor = self.editor
        if self._active is None:
            if not self._may_replace():
                return
            try:
                toy = editor.toy()
            except ToyError:  # the editor was left with a mistake: the last toy example shown instead
                toy = self._last
                editor.set_toy(toy)
            self.show(toy)
        if editor.isVisible():  # behind the main window: to the front
            editor.raise_()
            editor.activateWindow()
        else:
            editor.show()

    def show(self, toy: ToyExample) -> None:
        """Put ``toy`` on the page (no question asked: the caller asked)."""
        self._showing = True
        try:
            for pane, rows, side in ((self._panes[0], toy.a, "A"), (self._panes[1], toy.b, "B")):
                pane.set_text(toy_text(rows), toy_caption(side))
                pane.editor.setReadOnly(True)  # edited in the toy editor; Clear or Open leaves the toy
        finally:
            self._showing = False
        self._settings.show_toy(toy.config(), toy.hasher)
        arrived = self._active is None
        self._active = self._last = toy
        self.changed.emit()
        if arrived:  # the status bar said what was on the page before (an example's title)
            self.message.emit(self.tr("Toy example"))

    def leave(self) -> bool:
        """Take the toy example off the page (a pane was edited, a file or an example opened): the user's
        settings come back. True when there was one."""
        if self._active is None or self._showing:
            return False
        self._active = None
        self._settings.show_toy(None)
        for pane in self._panes:
            pane.editor.setReadOnly(False)
        return True

    def swap(self) -> bool:
        """Swap the toy's texts A and B (Edit → Swap); False when no toy example is on the page."""
        if self._active is None:
            return False
        toy = self._active.swapped()
        if self._editor is not None:
            self._editor.set_toy(toy)
        self.show(toy)
        return True

    @Slot(object)
    def _on_toy_changed(self, toy: ToyExample) -> None:
        if self._active is None and not self._may_replace():
            return
        self.show(toy)
