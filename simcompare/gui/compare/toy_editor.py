"""The toy example's editor: two small tables of tokens with their weights and codes, a width and a hasher.

The editor only edits: every value it reads goes to the core (:class:`~simcompare.core.explain.toy.ToyExample`
checks it, :func:`~simcompare.core.explain.toy.load_toy` reads a file), and each edit that makes a valid toy
example is sent at once (``toy_changed``); an edit that does not is named under the tables, and the Compare page
keeps the last valid one. Tokens read from a file are shown as plain text (table cells never render markup).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSignalBlocker, Qt, Signal, Slot
from PySide6.QtGui import QBrush, QFont
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from simcompare.core.errors import InputError
from simcompare.core.explain.toy import (
    TOY_MAX_BITS,
    TOY_MAX_BYTES,
    TOY_MAX_ROWS,
    WORKED_EXAMPLE,
    ToyError,
    ToyExample,
    ToyRow,
    load_toy,
    toy_json,
)
from simcompare.core.fingerprint.hashing import HASHERS
from simcompare.core.formats.atomic import write_text
from simcompare.core.text.reading import read_start
from simcompare.gui.common.messages import input_error_text, os_error_text
from simcompare.gui.common.palette import BAD, tint
from simcompare.gui.common.plain import keep_wrapped_lines, plain_label
from simcompare.gui.compare.toy_messages import toy_error_text
from simcompare.gui.compare.zoom import monospace

TOKEN, WEIGHT, CODE, USED = 0, 1, 2, 3


class ToyTable(QWidget):
    """One toy text: a table of token, weight, typed code and the code used, with Add row and Remove row.

    Signals:
        edited(): a cell, or the rows, changed.
    """

    edited = Signal()

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.table = QTableWidget(0, 4)
        headers = [self.tr("Token"), self.tr("Weight"), self.tr("Code"), self.tr("Code used")]
        self.table.setHorizontalHeaderLabels(headers)
        for column, tip in (
            (TOKEN, self.tr("One word, as it is shown and hashed (“A” stays “A”)")),
            (WEIGHT, self.tr("A number, 0 or more: how hard the token pulls on every bit")),
            (CODE, self.tr("f digits 0 or 1; left empty, the token gets the code the hasher gives it")),
            (USED, self.tr("The code the sums use: the typed one, or in italics the hasher's")),
        ):
            self.table.horizontalHeaderItem(column).setToolTip(tip)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.table.setFont(monospace())
        self.table.verticalHeader().setDefaultSectionSize(self.table.fontMetrics().height() + 8)
        self.add_button = QPushButton(self.tr("Add row"))
        self.remove_button = QPushButton(self.tr("Remove row"))
        self.remove_button.setToolTip(self.tr("Remove the selected row (or the last one)"))
        self.group = QGroupBox(title)
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        inner = QVBoxLayout(self.group)
        inner.addWidget(self.table, 1)
        inner.addLayout(buttons)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.group)
        self.table.itemChanged.connect(self._on_item_changed)
        self.add_button.clicked.connect(self.add_row)
        self.remove_button.clicked.connect(self.remove_row)

    def rows(self) -> tuple[ToyRow, ...]:
        """The rows as typed: the weight is read as a number when it is one (else the core names it)."""
        rows = []
        for row in range(self.table.rowCount()):
            token, weight, code = (self._text(row, column) for column in (TOKEN, WEIGHT, CODE))
            rows.append(ToyRow(token, _number(weight), code.strip() or None))  # type: ignore[arg-type]
        return tuple(rows)

    def set_rows(self, rows: tuple[ToyRow, ...]) -> None:
        with QSignalBlocker(self.table):
            self.table.setRowCount(0)
            for item in rows:
                self._append(item.token, _weight_text(item.weight), item.code or "")
        self._update_buttons()

    def show_codes(self, codes: dict[str, str] | None) -> None:
        """Fill the Code used column: each token's code (typed or the hasher's); None empties it."""
        italic = QFont(self.table.font())
        italic.setItalic(True)
        faint = QBrush(self.palette().placeholderText().color())
        with QSignalBlocker(self.table):
            for row in range(self.table.rowCount()):
                used = self.table.item(row, USED)
                code = (codes or {}).get(self._text(row, TOKEN), "")
                used.setText(code)
                typed = bool(self._text(row, CODE).strip())
                used.setFont(self.table.font() if typed else italic)
                if typed:
                    used.setData(Qt.ItemDataRole.ForegroundRole, None)
                else:
                    used.setForeground(faint)

    @Slot()
    def add_row(self) -> None:
        if self.table.rowCount() >= TOY_MAX_ROWS:
            return
        taken = {self._text(row, TOKEN) for row in range(self.table.rowCount())}
        name = next(f"t{n}" for n in range(1, TOY_MAX_ROWS + 2) if f"t{n}" not in taken)
        with QSignalBlocker(self.table):
            self._append(name, "1", "")  # a valid row at once (the hasher's code): rename it, weigh it
        self._update_buttons()
        row = self.table.rowCount() - 1
        self.table.setCurrentCell(row, TOKEN)
        self.edited.emit()

    @Slot()
    def remove_row(self) -> None:
        if not self.table.rowCount():
            return
        selected = self.table.currentRow()
        with QSignalBlocker(self.table):
            self.table.removeRow(selected if selected >= 0 else self.table.rowCount() - 1)
        self._update_buttons()
        self.edited.emit()

    def mark_row(self, row: int | None) -> None:
        """Tint row ``row`` (from 0) as the one with a mistake; None tints none."""
        brush = QBrush(tint(BAD, self.table, 0.25))
        with QSignalBlocker(self.table):
            for r in range(self.table.rowCount()):
                for column in (TOKEN, WEIGHT, CODE):
                    item = self.table.item(r, column)
                    if item is not None:
                        item.setData(Qt.ItemDataRole.BackgroundRole, brush if r == row else None)

    def _append(self, token: str, weight: str, code: str) -> None:
        row = self.table.rowCount()
        self.table.insertRow(row)
        for column, text in ((TOKEN, token), (WEIGHT, weight), (CODE, code), (USED, "")):
            item = QTableWidgetItem(text)
            if column == USED:
                item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
            if column == WEIGHT:
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.table.setItem(row, column, item)

    def _text(self, row: int, column: int) -> str:
        item = self.table.item(row, column)
        return item.text() if item is not None else ""

    def _update_buttons(self) -> None:
        self.add_button.setEnabled(self.table.rowCount() < TOY_MAX_ROWS)
        self.remove_button.setEnabled(self.table.rowCount() > 0)

    @Slot(QTableWidgetItem)
    def _on_item_changed(self, item: QTableWidgetItem) -> None:
        if item.column() != USED:
            self.edited.emit()


def _weight_text(weight: float) -> str:
    """A weight as typed: every digit it has (a rounded one would change the toy example when read back)."""
    value = float(weight)
    return str(int(value)) if value.is_integer() else repr(value)


def _number(text: str) -> float | str:
    """A typed weight as a number, or the text itself when it is none (the core's check then names it)."""
    try:
        return float(text.strip().replace("−", "-"))
    except ValueError:
        return text


class ToyEditor(QDialog):
    """Examples → Edit the toy example…: the width, the hasher, text A's and text B's tokens, Open and Save.

    Signals:
        toy_changed(ToyExample): the tables make a valid toy example (after every edit that does).
        message(str): a line for the status bar.
    """

    toy_changed = Signal(object)
    message = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Toy example"))
        self._last_dir = ""
        # Ask for a path (title, start, pattern) -> path or ""; tests replace them.
        self.ask_open_path = lambda title, start, pattern: QFileDialog.getOpenFileName(self, title, start, pattern)[0]
        self.ask_save_path = lambda title, start, pattern: QFileDialog.getSaveFileName(self, title, start, pattern)[0]

        self.intro = keep_wrapped_lines(
            plain_label(
                self.tr(
                    "Type each token's weight and code (f digits 0 or 1), or leave the code empty for the code "
                    "the hasher gives it. The Compare page follows every change: ±w, sums, bits, XOR, distance."
                )
            )
        )
        self.intro.setWordWrap(True)
        self.bits = QSpinBox()
        self.bits.setRange(1, TOY_MAX_BITS)
        self.bits.setToolTip(self.tr("The width f: every typed code has exactly f digits"))
        self.hasher = QComboBox()
        for name, hasher in HASHERS.items():
            self.hasher.addItem(self.tr("{name} ({bits} bits)").format(name=name, bits=hasher.bits), name)
        self.hasher.setToolTip(self.tr("Gives the codes left empty: the first f bits of the token's hash"))
        self.table_a = ToyTable(self.tr("Text A"))
        self.table_b = ToyTable(self.tr("Text B"))
        self.problem = keep_wrapped_lines(plain_label())
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet(f"color: {BAD.name()};")
        self.problem.hide()
        self.worked_button = QPushButton(self.tr("Six-bit worked example"))
        self.worked_button.setToolTip(self.tr("Start again from the six-bit worked example (A=5 100101 …)"))
        self.open_button = QPushButton(self.tr("Open…"))
        self.save_button = QPushButton(self.tr("Save…"))
        self._lay_out()
        self._connect()
        self.set_toy(WORKED_EXAMPLE)
        em = self.fontMetrics().horizontalAdvance("M")
        self.resize(max(self.sizeHint().width(), 62 * em), max(self.sizeHint().height(), 34 * em))

    def _lay_out(self) -> None:
        form = QHBoxLayout()
        for label, field in ((self.tr("Bits f"), self.bits), (self.tr("Codes left empty from"), self.hasher)):
            form.addWidget(plain_label(label))
            form.addWidget(field)
            form.addSpacing(12)
        form.addStretch(1)
        tables = QHBoxLayout()
        tables.addWidget(self.table_a, 1)
        tables.addWidget(self.table_b, 1)
        files = QHBoxLayout()
        files.addWidget(self.worked_button)
        files.addStretch(1)
        files.addWidget(self.open_button)
        files.addWidget(self.save_button)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.close)
        files.addWidget(close)
        column = QVBoxLayout(self)
        column.addWidget(self.intro)
        column.addLayout(form)
        column.addLayout(tables, 1)
        column.addWidget(self.problem)
        column.addLayout(files)

    def _connect(self) -> None:
        self.bits.valueChanged.connect(self._on_edited)
        self.hasher.currentIndexChanged.connect(self._on_edited)
        self.table_a.edited.connect(self._on_edited)
        self.table_b.edited.connect(self._on_edited)
        self.worked_button.clicked.connect(self._on_worked_example)
        self.open_button.clicked.connect(self._on_open_clicked)
        self.save_button.clicked.connect(self._on_save_clicked)

    # ------------------------------------------------------------------------------------ values

    def toy(self) -> ToyExample:
        """The toy example the editor holds (the core checks it).

        Raises:
            ToyError: a value out of rule; the message names the text, the row and what would be right.
        """
        return ToyExample(self.bits.value(), str(self.hasher.currentData()), self.table_a.rows(), self.table_b.rows())

    def set_toy(self, toy: ToyExample) -> None:
        """Show ``toy`` (no ``toy_changed``: the caller has it)."""
        with QSignalBlocker(self.bits), QSignalBlocker(self.hasher):
            self.bits.setValue(toy.bits)
            self.hasher.setCurrentIndex(max(0, self.hasher.findData(toy.hasher)))
        self.table_a.set_rows(toy.a)
        self.table_b.set_rows(toy.b)
        self._show_problem("")
        self._show_codes(toy)

    def open_file(self, path: str) -> bool:
        """Read a saved toy example (checked as untrusted input); on failure keep the tables and say why."""
        try:  # a regular file only, never a wait (a FIFO chosen in the dialog)
            toy = load_toy(read_start(path, TOY_MAX_BYTES + 1))
        except (InputError, OSError, ToyError) as error:
            reason = (
                input_error_text(error.code, error.errno)
                if isinstance(error, InputError)
                else os_error_text(error)
                if isinstance(error, OSError)
                else toy_error_text(error)
            )
            self._show_problem(self.tr("{name} was not opened: {reason}").format(name=Path(path).name, reason=reason))
            return False
        self._last_dir = str(Path(path).parent)
        self.set_toy(toy)
        self.toy_changed.emit(toy)
        self.message.emit(self.tr("Opened the toy example {name}").format(name=Path(path).name))
        return True

    def save_file(self, path: str) -> bool:
        """Write the toy example as JSON (the whole file or none); False, with the reason shown, when it is not
        valid or cannot be written."""
        try:
            write_text(path, toy_json(self.toy()))
        except (OSError, ToyError) as error:
            reason = os_error_text(error) if isinstance(error, OSError) else toy_error_text(error)
            self._show_problem(self.tr("{name} was not saved: {reason}").format(name=Path(path).name, reason=reason))
            return False
        self._last_dir = str(Path(path).parent)
        self.message.emit(self.tr("Saved the toy example as {name}").format(name=Path(path).name))
        return True

    # ------------------------------------------------------------------------------------- slots

    @Slot()
    def _on_edited(self) -> None:
        try:
            toy = self.toy()
        except ToyError as error:
            self._show_problem(
                self.tr("Not applied (the Compare page shows the last valid toy example): {reason}").format(
                    reason=toy_error_text(error)
                )
            )
            self._show_codes(None)
            self._mark_row(error.values.get("side"), error.values.get("row"))
            return
        self._show_problem("")
        self._show_codes(toy)
        self._mark_row(None, None)
        self.toy_changed.emit(toy)

    def _mark_row(self, side: object, row: object) -> None:
        """Tint the row a mistake is in (``row`` counts from 1), and only that one."""
        for label, table in (("A", self.table_a), ("B", self.table_b)):
            table.mark_row(row - 1 if side == label and isinstance(row, int) else None)

    @Slot()
    def _on_worked_example(self) -> None:
        self.set_toy(WORKED_EXAMPLE)
        self.toy_changed.emit(WORKED_EXAMPLE)

    @Slot()
    def _on_open_clicked(self) -> None:
        path = self.ask_open_path(
            self.tr("Open a toy example"), self._last_dir, self.tr("Toy examples (*.json);;All files (*)")
        )
        if path:
            self.open_file(path)

    @Slot()
    def _on_save_clicked(self) -> None:
        start = str(Path(self._last_dir) / "toy-example.json") if self._last_dir else "toy-example.json"
        path = self.ask_save_path(self.tr("Save the toy example"), start, self.tr("Toy examples (*.json)"))
        if path:
            self.save_file(path)

    def _show_problem(self, text: str) -> None:
        self.problem.setText(text)
        self.problem.setVisible(bool(text))

    def _show_codes(self, toy: ToyExample | None) -> None:
        codes = toy.codes() if toy is not None else None
        self.table_a.show_codes(codes)
        self.table_b.show_codes(codes)
