"""A toy example's problems in the interface language (the core's :class:`ToyError` says them in English).

Each :class:`~simcompare.core.explain.toy.ToyProblem` has a sentence here, filled with the error's values (the
side, the row, the value found), so the Chinese window names the mistake in Chinese; a value found in a file
is shown as the core quoted it (bounded, control characters escaped).
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from simcompare.core.explain.toy import (
    TOY_MAX_BITS,
    TOY_MAX_BYTES,
    TOY_MAX_ROWS,
    TOY_MAX_TOKEN,
    TOY_MAX_WEIGHT,
    ToyError,
)
from simcompare.core.explain.toy import ToyProblem as P

_CONTEXT = "ToyMessages"

# Sentences with a place ("Text A, row 2: …") take it from _PLACE; the others stand alone.
_WORDS: dict[P, str] = {
    P.TOO_LARGE: QT_TRANSLATE_NOOP("ToyMessages", "a toy example file is at most {kb} KB; this one has {size} bytes"),
    P.NOT_UTF8: QT_TRANSLATE_NOOP("ToyMessages", "not a toy example: not UTF-8 text (byte {byte})"),
    P.NOT_JSON: QT_TRANSLATE_NOOP("ToyMessages", "not a toy example: not JSON"),
    P.TOO_DEEP: QT_TRANSLATE_NOOP("ToyMessages", "not a toy example: its JSON is nested too deeply"),
    P.NOT_A_NUMBER: QT_TRANSLATE_NOOP("ToyMessages", "not a toy example: {name} is not a number JSON allows"),
    P.NOT_TOY: QT_TRANSLATE_NOOP("ToyMessages", "not a toy example (its “format” is not “simcompare-toy”)"),
    P.VERSION: QT_TRANSLATE_NOOP("ToyMessages", "a toy example of version {got}; this simcompare reads version 1"),
    P.BITS: QT_TRANSLATE_NOOP("ToyMessages", "the width f must be a whole number from 1 to {max_bits}, got {got}"),
    P.HASHER: QT_TRANSLATE_NOOP("ToyMessages", "unknown hasher {got}"),
    P.HASHER_NARROW: QT_TRANSLATE_NOOP(
        "ToyMessages", "the hasher {hasher} gives {width} bits, fewer than {bits}; choose {able}"
    ),
    P.NOT_ROWS: QT_TRANSLATE_NOOP("ToyMessages", "text {side} must be a list of rows"),
    P.TOO_MANY_ROWS: QT_TRANSLATE_NOOP("ToyMessages", "text {side} has {rows} rows; a toy text has at most {max_rows}"),
    P.ROW_SHAPE: QT_TRANSLATE_NOOP("ToyMessages", "a row is a token, a weight and a code"),
    P.TOKEN_EMPTY: QT_TRANSLATE_NOOP("ToyMessages", "the token must be some text"),
    P.TOKEN_LONG: QT_TRANSLATE_NOOP("ToyMessages", "the token is longer than {max_token} characters"),
    P.TOKEN_SPACE: QT_TRANSLATE_NOOP(
        "ToyMessages", "the token {got} holds a space or a control character; use one word"
    ),
    P.TOKEN_TWICE: QT_TRANSLATE_NOOP("ToyMessages", "“{token}” is already row {other_row}; give each token one row"),
    P.WEIGHT_NOT_NUMBER: QT_TRANSLATE_NOOP("ToyMessages", "the weight of “{token}” must be a number, got {got}"),
    P.WEIGHT_RANGE: QT_TRANSLATE_NOOP(
        "ToyMessages", "the weight of “{token}” must be from 0 to {max_weight}, got {got}"
    ),
    P.CODE: QT_TRANSLATE_NOOP(
        "ToyMessages", "the code of “{token}” must be {bits} digits 0 or 1 (or empty for the hasher's), got {got}"
    ),
    P.CODE_CONFLICT: QT_TRANSLATE_NOOP(
        "ToyMessages",
        "“{token}” has the code {first_code} in text {first_side} and {code} in text {side}; one token has one "
        "code: type the same code, or leave one empty",
    ),
}
_PLACE = QT_TRANSLATE_NOOP("ToyMessages", "text {side}, row {row}: {problem}")
_LIMITS = {
    "kb": TOY_MAX_BYTES // 1024,
    "max_bits": TOY_MAX_BITS,
    "max_rows": TOY_MAX_ROWS,
    "max_token": TOY_MAX_TOKEN,
    "max_weight": f"{TOY_MAX_WEIGHT:g}",
}


def toy_error_text(error: ToyError) -> str:
    """What is wrong, in the interface language, with the place (text and row) when there is one."""
    words = _WORDS.get(error.problem)
    if words is None:  # a problem without words yet: the core's English rather than nothing
        return str(error)
    values = {**_LIMITS, **error.values}
    if "size" in values:
        values["size"] = f"{values['size']:,}"
    problem = QCoreApplication.translate(_CONTEXT, words).format(**values)
    if "row" in error.values:
        return QCoreApplication.translate(_CONTEXT, _PLACE).format(
            side=error.values["side"], row=error.values["row"], problem=problem
        )
    return problem
