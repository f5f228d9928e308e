"""Item models over the core's trace.

:class:`TokenTableModel` is the ±w matrix the method is taught with: one row per distinct token (token,
count, weight, then one column per code bit holding +weight where the code bit is 1 and −weight where it
is 0), a row of per-bit sums and a row of resulting bits. Every number is read from the
:class:`~simcompare.core.fingerprint.simhash.Fingerprint`; the model only lays them out.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QApplication

from simcompare.core.explain.teaching import partial_sums
from simcompare.core.fingerprint.simhash import Fingerprint, TokenTrace
from simcompare.gui.common.palette import MINUS, NEGATIVE, POSITIVE, full_number, mix, number, short_number, signed
from simcompare.gui.compare.explain import escape, token_bit_tooltip

# Up to this width each bit cell shows the signed weight (+5, −5); wider codes show only the sign.
FULL_MATRIX_BITS = 16

_Index = QModelIndex | QPersistentModelIndex

# The raw number behind a cell (weight, ±weight, sum or bit), for tests and delegates.
ValueRole = Qt.ItemDataRole.UserRole + 1


# The roles any cell answers; a paint asks each cell for a dozen, most of which are answered None at once.
_ANSWERED_ROLES = frozenset(
    int(role)
    for role in (
        Qt.ItemDataRole.DisplayRole,
        Qt.ItemDataRole.ToolTipRole,
        Qt.ItemDataRole.TextAlignmentRole,
        Qt.ItemDataRole.BackgroundRole,
        Qt.ItemDataRole.FontRole,
        Qt.ItemDataRole.ForegroundRole,
        ValueRole,
    )
)
_CELL_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren

# A wide code is shown by its first and last bits (the whole code is in the tooltip and the ± columns).
_CODE_SHOWN = 16


def _short_code(code: str) -> str:
    return code if len(code) <= _CODE_SHOWN else code[:8] + "…" + code[-4:]


class TokenTableModel(QAbstractTableModel):
    """Tokens, counts, weights and the ±w matrix of one fingerprint, with rows of sums and bits."""

    TOKEN, COUNT, WEIGHT, CODE = 0, 1, 2, 3
    FIRST_BIT = 4

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._fp: Fingerprint | None = None
        self._codes: list[str] = []
        # Plain ints, not properties: Qt asks for the counts thousands of times per paint.
        self._rows = 0
        self._columns = 0
        self._token_rows = 0
        self._compact = False
        # Adding tokens one at a time (step mode): only the first n tokens count, their partial sums shown.
        self._added: int | None = None
        self._sums: tuple[float, ...] = ()
        self._bold = QFont()
        self._bold.setBold(True)
        self._brushes: dict[str, QBrush] = {}
        self._set_brushes()

    def _set_brushes(self, base: QColor | None = None) -> None:
        base = base or QApplication.palette().base().color()
        self._brushes = {
            "+": QBrush(mix(POSITIVE, base, 0.22)),
            "-": QBrush(mix(NEGATIVE, base, 0.22)),
            "+sum": QBrush(mix(POSITIVE, base, 0.40)),
            "-sum": QBrush(mix(NEGATIVE, base, 0.40)),
            "later": QBrush(mix(QApplication.palette().text().color(), base, 0.35)),
        }

    # ------------------------------------------------------------------------------------ contents

    @property
    def fingerprint(self) -> Fingerprint | None:
        return self._fp

    def set_fingerprint(self, fp: Fingerprint | None) -> None:
        """Show a new trace (None empties the table)."""
        self.beginResetModel()
        self._fp = fp
        self._codes = [fp.code_binary(t) for t in fp.tokens] if fp is not None else []
        self._token_rows = len(self._codes)
        self._rows = self._token_rows + 2 if fp is not None else 0
        self._columns = self.FIRST_BIT + fp.bits if fp is not None else 0
        self._compact = fp is not None and fp.bits > FULL_MATRIX_BITS
        self._added = None if self._added is None else min(self._added, self._token_rows)
        self._sums = self._partial_sums()
        self.endResetModel()

    @property
    def added(self) -> int | None:
        """How many tokens the sums hold while they are added one at a time; None: all of them."""
        return self._added

    def set_added(self, n: int | None) -> None:
        """Count only the first ``n`` tokens (the core's partial sums, the signs they give); None counts all."""
        n = None if n is None else max(0, min(n, self._token_rows))
        if n == self._added:
            return
        self._added = n
        self._sums = self._partial_sums()
        if self._rows:
            self.dataChanged.emit(self.index(0, 0), self.index(self._rows - 1, self._columns - 1))

    def shown_sums(self) -> tuple[float, ...]:
        """The sums the sum row shows: the fingerprint's, or those of the tokens added so far."""
        return self._sums

    def _partial_sums(self) -> tuple[float, ...]:
        if self._fp is None:
            return ()
        return self._fp.sums if self._added is None else partial_sums(self._fp, self._added)

    @property
    def bits(self) -> int:
        return self._fp.bits if self._fp is not None else 0

    @property
    def token_rows(self) -> int:
        return self._token_rows

    @property
    def sum_row(self) -> int:
        """Row index of the per-bit sums."""
        return self._token_rows

    @property
    def bit_row(self) -> int:
        """Row index of the resulting bits."""
        return self._token_rows + 1

    def token_at(self, row: int) -> TokenTrace | None:
        """The token of a row, or None for the sum and bit rows."""
        if self._fp is not None and 0 <= row < self.token_rows:
            return self._fp.tokens[row]
        return None

    def row_of(self, token: str) -> int | None:
        if self._fp is None:
            return None
        for row, item in enumerate(self._fp.tokens):
            if item.token == token:
                return row
        return None

    def cell_texts(self, rows, column: int) -> list[str]:
        """The texts shown in some rows of one column (the table sizes its columns to fit them).

        Read straight from the cells' DisplayRole, without a model index per cell: sizing the columns of a
        long text's table asks for thousands of them on every change.
        """
        if self._fp is None or not 0 <= column < self._columns:
            return ["" for _ in rows]
        display = Qt.ItemDataRole.DisplayRole
        return [str(self._cell(row, column, display) or "") if 0 <= row < self._rows else "" for row in rows]

    def distinct_texts(self, column: int) -> set[str]:
        """Every text the token rows show in ``column``; for a bit column, in any bit column.

        Equal to the set of :meth:`cell_texts` over those cells, but made from the distinct values: sizing
        the columns of a long text's table must not visit its thousands of cells on every change.
        """
        if self._fp is None or not 0 <= column < self._columns:
            return set()
        tokens = self._fp.tokens
        if column == self.COUNT:
            return {str(count) for count in {t.count for t in tokens}}
        if column == self.WEIGHT:
            return {number(weight) for weight in {t.weight for t in tokens}}
        if column < self.FIRST_BIT:
            return set(self.cell_texts(range(self._token_rows), column))
        if self._compact:  # a sign per cell: + where a code bit is 1, − where it is 0
            signs = set("".join(self._codes))
            return {text for bit, text in (("1", "+"), ("0", MINUS)) if bit in signs}
        texts = set()
        for token, code in zip(tokens, self._codes, strict=True):
            if "1" in code:
                texts.add(signed(token.weight))
            if "0" in code:
                texts.add(signed(-token.weight))
        return texts

    @property
    def compact(self) -> bool:
        """True when bit cells show only the sign (wide codes)."""
        return self._compact

    # ------------------------------------------------------------------------------ model interface

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else self._rows

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else self._columns

    def flags(self, index: _Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return _CELL_FLAGS

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole):
        if self._fp is None:
            return None
        if orientation == Qt.Orientation.Horizontal:
            if not 0 <= section < self.columnCount():
                return None
            if role == Qt.ItemDataRole.DisplayRole:
                if section == self.TOKEN:
                    return self.tr("Token")
                if section == self.COUNT:
                    return self.tr("Count")
                if section == self.WEIGHT:
                    return self.tr("Weight")
                if section == self.CODE:
                    return self.tr("Code")
                return str(section - self.FIRST_BIT)
            if role == Qt.ItemDataRole.ToolTipRole:
                if section >= self.FIRST_BIT:
                    return self.tr("Bit {j} of each token's code (0 is the leftmost, most significant)").format(
                        j=section - self.FIRST_BIT
                    )
                if section == self.CODE:
                    return self.tr("The token's f-bit code: the hash's most significant f bits")
                return None
            if role == Qt.ItemDataRole.TextAlignmentRole and section >= self.FIRST_BIT:
                return int(Qt.AlignmentFlag.AlignCenter)
            return None
        if not 0 <= section < self.rowCount():
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            if section == self.sum_row:
                return self.tr("sum")
            if section == self.bit_row:
                return self.tr("bit")
            return str(section + 1)
        if role == Qt.ItemDataRole.ToolTipRole:
            if section == self.sum_row:
                return self.tr("Per-bit sums: each column's ±weights added up")
            if section == self.bit_row:
                return self.tr("The fingerprint: 1 where the sum is above 0, else 0")
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole):
        if role not in _ANSWERED_ROLES or not index.isValid() or self._fp is None:
            return None
        row, column = index.row(), index.column()
        if not (0 <= row < self._rows and 0 <= column < self._columns):
            return None
        return self._cell(row, column, role)

    def _cell(self, row: int, column: int, role: int):
        if row < self._token_rows:
            return self._token_data(row, column, role)
        return self._summary_data(column, role, is_sum=row == self._token_rows)

    # ------------------------------------------------------------------------------------- helpers

    def _token_data(self, row: int, column: int, role: int):
        token = self._fp.tokens[row]
        if self._added is not None and row >= self._added and column >= self.FIRST_BIT:
            # Not added yet: its ±w is shown faint and without colour, as it takes no part in the sums.
            if role == Qt.ItemDataRole.ForegroundRole:
                return self._brushes["later"]
            if role == Qt.ItemDataRole.BackgroundRole:
                return None
        if column == self.TOKEN:
            if role in (Qt.ItemDataRole.DisplayRole, ValueRole):
                return token.token
            if role == Qt.ItemDataRole.ToolTipRole:
                return "<qt>" + escape(token.token) + "</qt>"
            return None
        if column == self.COUNT:
            if role in (Qt.ItemDataRole.DisplayRole, ValueRole):
                return token.count if role == ValueRole else str(token.count)
            if role == Qt.ItemDataRole.TextAlignmentRole:
                return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            return None
        if column == self.WEIGHT:
            if role == Qt.ItemDataRole.DisplayRole:
                return number(token.weight)
            if role == ValueRole:
                return token.weight
            if role == Qt.ItemDataRole.ToolTipRole:
                return full_number(token.weight)
            if role == Qt.ItemDataRole.TextAlignmentRole:
                return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            return None
        if column == self.CODE:
            if role in (Qt.ItemDataRole.DisplayRole, ValueRole):
                return self._codes[row] if role == ValueRole or not self.compact else _short_code(self._codes[row])
            if role == Qt.ItemDataRole.ToolTipRole:
                return self._codes[row]
            return None
        j = column - self.FIRST_BIT
        code_bit = self._codes[row][j] == "1"
        if role == Qt.ItemDataRole.DisplayRole:
            if self.compact:
                return "+" if code_bit else MINUS
            return signed(token.weight if code_bit else -token.weight)
        if role == ValueRole:
            return token.weight if code_bit else -token.weight
        if role == Qt.ItemDataRole.BackgroundRole:
            return self._brushes["+" if code_bit else "-"]
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.ToolTipRole:
            return token_bit_tooltip(token.token, token.weight, int(code_bit), j)
        return None

    def _summary_data(self, column: int, role: int, *, is_sum: bool):
        if column < self.FIRST_BIT:
            if role == Qt.ItemDataRole.DisplayRole and column == self.TOKEN:
                return self.tr("sum V") if is_sum else self.tr("bit: V > 0")
            if role == Qt.ItemDataRole.FontRole:
                return self._bold
            return None
        j = column - self.FIRST_BIT
        total = self._sums[j]
        value = total if is_sum else int(total > 0)
        if role == Qt.ItemDataRole.DisplayRole:
            if not is_sum:
                return str(value)
            return short_number(value) if self.compact else number(value)
        if role == ValueRole:
            return value
        if role == Qt.ItemDataRole.FontRole:
            return self._bold
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.BackgroundRole:
            positive = (value > 0) if is_sum else bool(value)
            return self._brushes["+sum" if positive else "-sum"]
        if role == Qt.ItemDataRole.ToolTipRole:
            if is_sum:
                return self.tr("Sum {j} = {value}: the bit is {bit}").format(
                    j=j, value=full_number(value), bit=int(total > 0)
                )
            return self.tr("Bit {j} of the fingerprint").format(j=j)
        return None
