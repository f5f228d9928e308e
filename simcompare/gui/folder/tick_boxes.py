"""The tree's name cells: a box that cannot be ticked is drawn as such.

A member's name cell shows its box (marked or not) whether or not it may be ticked now; the model takes the box
away from the cell's flags while an action runs or references are chosen (the cleaner's state is locked), and for
a member inside a reference folder. Drawn as usual, such a box still looked as if a click would tick it; drawn
disabled, it says that it will not. The row can still be selected: only the drawing changes.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem

__all__ = ["TickBoxDelegate"]


class TickBoxDelegate(QStyledItemDelegate):
    """Draws a cell whose box cannot be ticked now (a check state shown, the cell not checkable) as disabled."""

    def initStyleOption(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> None:
        super().initStyleOption(option, index)
        shows_box = bool(option.features & QStyleOptionViewItem.ViewItemFeature.HasCheckIndicator)
        if shows_box and not index.flags() & Qt.ItemFlag.ItemIsUserCheckable:
            option.state &= ~QStyle.StateFlag.State_Enabled
