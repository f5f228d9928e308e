"""The token table model passes Qt's model tester and lays out the trace as the method is taught."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QModelIndex, Qt

import simcompare
from simcompare.gui.common.palette import MINUS
from simcompare.gui.compare.examples import TEACHING_HASHER
from simcompare.gui.compare.models import FULL_MATRIX_BITS, TokenTableModel, ValueRole

SIX_BIT = simcompare.Config(bits=6, hasher=TEACHING_HASHER, segmenter="words", stopwords=False)


@pytest.fixture
def model(qapp) -> TokenTableModel:
    return TokenTableModel()


@pytest.mark.parametrize(
    "fp",
    [
        None,
        simcompare.fingerprint("", simcompare.Config(bits=8)),
        simcompare.fingerprint("A A A A A B B C C C D E E E E", SIX_BIT),
        simcompare.fingerprint("今天天气很好，我们去公园散步吧。明天我们去上海看望朋友。"),
        simcompare.fingerprint("the quick brown fox jumps over the lazy dog", simcompare.Config(bits=128)),
    ],
    ids=["no fingerprint", "empty", "six bits", "64 bits", "128 bits"],
)
def test_model_passes_qtmodeltester(qtmodeltester, model: TokenTableModel, fp) -> None:
    model.set_fingerprint(fp)
    qtmodeltester.check(model, force_py=True)


def test_rows_columns_and_summary_rows(qapp, model: TokenTableModel) -> None:
    fp = simcompare.fingerprint("A A A A A B B C C C D E E E E", SIX_BIT)
    model.set_fingerprint(fp)
    assert model.rowCount() == 5 + 2 and model.columnCount() == model.FIRST_BIT + 6
    assert model.rowCount(model.index(0, 0)) == 0  # a table: no children
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert headers == ["Token", "Count", "Weight", "Code", "0", "1", "2", "3", "4", "5"]
    assert model.headerData(model.sum_row, Qt.Orientation.Vertical) == "sum"
    assert model.headerData(model.bit_row, Qt.Orientation.Vertical) == "bit"
    # Each ±w cell: +weight where the code bit is 1, −weight where it is 0; coloured, with the sign as text.
    for row, token in enumerate(fp.tokens):
        code = fp.code_binary(token)
        assert model.data(model.index(row, model.CODE)) == code  # the code column
        for j in range(6):
            index = model.index(row, model.FIRST_BIT + j)
            value = model.data(index, ValueRole)
            assert value == (token.weight if code[j] == "1" else -token.weight)
            assert model.data(index).startswith("+" if code[j] == "1" else MINUS)
            assert model.data(index, Qt.ItemDataRole.BackgroundRole) is not None
    assert [model.data(model.index(model.sum_row, model.FIRST_BIT + j), ValueRole) for j in range(6)] == list(fp.sums)
    assert (
        "".join(model.data(model.index(model.bit_row, model.FIRST_BIT + j)) for j in range(6)) == fp.binary == "100111"
    )
    assert model.token_at(model.sum_row) is None and model.token_at(0).token == "a"
    assert model.row_of("c") == 2 and model.row_of("z") is None


def test_wide_codes_show_signs_only(qapp, model: TokenTableModel) -> None:
    fp = simcompare.fingerprint("the quick brown fox", simcompare.Config(bits=64, stopwords=False))
    model.set_fingerprint(fp)
    assert fp.bits > FULL_MATRIX_BITS and model.compact
    cell = model.data(model.index(0, model.FIRST_BIT))
    assert cell in ("+", MINUS)
    assert model.data(model.index(0, model.FIRST_BIT), ValueRole) in (fp.tokens[0].weight, -fp.tokens[0].weight)


def test_empty_fingerprint_has_zero_sums(qapp, model: TokenTableModel) -> None:
    fp = simcompare.fingerprint("的 了 the of", simcompare.Config(bits=8))
    model.set_fingerprint(fp)
    assert fp.empty and model.token_rows == 0
    assert [model.data(model.index(model.sum_row, model.FIRST_BIT + j), ValueRole) for j in range(8)] == [0.0] * 8
    assert model.data(QModelIndex()) is None


@pytest.mark.parametrize("bits", [6, 16, 64])
def test_distinct_texts_are_the_cells_texts(qapp, model: TokenTableModel, bits: int) -> None:
    """The table sizes its columns from distinct_texts: it must hold exactly what the cells show."""
    text = "今天天气很好，我们去公园散步吧。明天我们去上海看望朋友。" * 3 + "the quick brown fox jumps over a dog"
    model.set_fingerprint(simcompare.fingerprint(text, simcompare.Config(bits=bits, weighting="tfidf")))
    rows = range(model.token_rows)
    for column in (model.COUNT, model.WEIGHT, model.CODE):
        assert model.distinct_texts(column) == set(model.cell_texts(rows, column))
    every_bit_cell = {text for c in range(model.FIRST_BIT, model.columnCount()) for text in model.cell_texts(rows, c)}
    assert model.distinct_texts(model.FIRST_BIT) == every_bit_cell
