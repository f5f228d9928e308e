"""The toy example: tokens whose weights and codes are typed by hand, for a lesson small enough to check on paper.

A toy example is two short lists of tokens (text A and text B), each token with a weight and a code: a typed
string of f bits, or none, and then the code the chosen hasher gives that token (its digest's most significant
f bits, as for any text). Everything downstream — ±w, the per-bit sums, the bits, the XOR and the distance — is
the core's own computation (:func:`fingerprint_weights`), so a toy example is computed exactly as a text is
from its weighted tokens; only segmentation and weighting are skipped.

One token has one code: a token typed in both texts with two different codes is refused, and a token typed
with a code in one text and without in the other takes the typed code in both (the table hasher is one
function for both texts).

Toy examples are saved as JSON (:func:`toy_json`) and read back from files that may come from anywhere
(:func:`load_toy`), so every value is checked and bounded; what is wrong is a :class:`ToyError` whose message
names the place (text A, row 2) and what would be right.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from simcompare.core.compat import StrEnum
from simcompare.core.explain.compare import Comparison, Side, compare_sides
from simcompare.core.fingerprint.hashing import HASHERS
from simcompare.core.fingerprint.simhash import Config, Features, fingerprint_weights, text_digest
from simcompare.core.search.verify import Decision
from simcompare.core.tokens.segment import Segmenter, token_ids
from simcompare.core.tokens.weights import Weighting

FORMAT = "simcompare-toy"
FORMAT_VERSION = 1
TOY_MAX_BITS = 64  # a code is typed by hand: 64 digits is already a long line
TOY_MAX_ROWS = 64  # per text
TOY_MAX_TOKEN = 40  # characters
TOY_MAX_WEIGHT = 1e9
TOY_MAX_BYTES = 256 * 1024  # a saved toy example of 2 × 64 rows of 40-character tokens is about 16 KB
TOY_DEFAULT_HASHER = "md5"


class ToyProblem(StrEnum):
    """What is wrong with a toy example: a front end chooses its words by it (the message is English)."""

    TOO_LARGE = "too_large"  # size
    NOT_UTF8 = "not_utf8"  # byte
    NOT_JSON = "not_json"
    TOO_DEEP = "too_deep"
    NOT_A_NUMBER = "not_a_number"  # name: NaN, Infinity
    NOT_TOY = "not_toy"
    VERSION = "version"  # got
    BITS = "bits"  # got
    HASHER = "hasher"  # got
    HASHER_NARROW = "hasher_narrow"  # hasher, width, bits, able
    NOT_ROWS = "not_rows"  # side
    TOO_MANY_ROWS = "too_many_rows"  # side, rows
    ROW_SHAPE = "row_shape"  # side, row
    TOKEN_EMPTY = "token_empty"  # side, row, got
    TOKEN_LONG = "token_long"  # side, row
    TOKEN_SPACE = "token_space"  # side, row, got
    TOKEN_TWICE = "token_twice"  # side, row, token, other_row
    WEIGHT_NOT_NUMBER = "weight_not_number"  # side, row, token, got
    WEIGHT_RANGE = "weight_range"  # side, row, token, got
    CODE = "code"  # side, row, token, bits, got
    CODE_CONFLICT = "code_conflict"  # token, first_side, first_code, side, row, code


class ToyError(ValueError):
    """A toy example (typed, or read from a file) that breaks a rule; the message says where and why in English,
    ``problem`` and ``values`` say it as data (the side "A" or "B", the row from 1, the value found…)."""

    def __init__(self, problem: ToyProblem, message: str, **values: Any) -> None:
        super().__init__(message)
        self.problem = problem
        self.values = values


@dataclass(frozen=True, slots=True)
class ToyRow:
    """One token of a toy text.

    Attributes:
        token: The token as it is shown and hashed (not cleaned: "A" stays "A").
        weight: Its weight: finite, 0 or more (0 takes no part, as for a text).
        code: Its code as f digits 0 and 1, or None for the code the toy's hasher gives it.
    """

    token: str
    weight: float
    code: str | None = None


@dataclass(frozen=True, slots=True)
class ToyExample:
    """Two toy texts under one width and one hasher; checked on creation (a :class:`ToyError` otherwise).

    Attributes:
        bits: The width f, 1 to ``TOY_MAX_BITS``.
        hasher: The built-in hasher that gives the codes not typed (it must reach ``bits``).
        a: Text A's tokens, in the order typed.
        b: Text B's tokens.
    """

    bits: int
    hasher: str
    a: tuple[ToyRow, ...]
    b: tuple[ToyRow, ...]

    def __post_init__(self) -> None:
        _check_bits(self.bits)
        _check_hasher(self.hasher, self.bits)
        for label, rows in (("A", self.a), ("B", self.b)):
            _check_rows(label, rows, self.bits)
        self.codes()  # one code per token

    def codes(self) -> dict[str, str]:
        """Every token's code as f digits: the typed one, else the hasher's."""
        typed: dict[str, tuple[str, str]] = {}
        for label, rows in (("A", self.a), ("B", self.b)):
            for number, row in enumerate(rows, 1):
                if row.code is None:
                    continue
                known = typed.get(row.token)
                if known is not None and known[1] != row.code:
                    raise ToyError(
                        ToyProblem.CODE_CONFLICT,
                        f"text {label}, row {number}: '{row.token}' has the code {known[1]} in text {known[0]} and "
                        f"{row.code} in text {label}; one token has one code: type the same code, or leave one empty",
                        token=row.token,
                        first_side=known[0],
                        first_code=known[1],
                        side=label,
                        row=number,
                        code=row.code,
                    )
                typed.setdefault(row.token, (label, row.code))
        hasher = HASHERS[self.hasher]
        codes = {}
        for row in (*self.a, *self.b):
            if row.token in typed:
                codes[row.token] = typed[row.token][1]
            else:
                codes[row.token] = format(hasher.code(row.token, self.bits), f"0{self.bits}b")
        return codes

    def config(self) -> Config:
        """The settings a toy example is computed under: its width and a table of its codes (the rest is not
        used: a toy's tokens are not segmented and its weights are typed)."""
        return Config(
            bits=self.bits,
            hasher=self.codes(),
            segmenter=Segmenter.WORDS,
            stopwords=False,
            weighting=Weighting.UNIFORM,
            top_k=None,
        )

    def side(self, which: str) -> Side:
        """Text ``which`` ("A" or "B") as the Compare page shows a text: its features and fingerprint."""
        rows = self.a if which == "A" else self.b
        return toy_side(rows, self.config())

    def swapped(self) -> ToyExample:
        return replace(self, a=self.b, b=self.a)

    def compare(self, decision: Decision | None = None) -> Comparison:
        """Both texts' fingerprints and their comparison, as :func:`compare_sides` gives for two texts."""
        config = self.config()
        return compare_sides(toy_side(self.a, config), toy_side(self.b, config), config, decision)


def toy_text(rows: Sequence[ToyRow]) -> str:
    """The toy text as a line of its tokens (what the Compare page's pane and step 1 show)."""
    return " ".join(row.token for row in rows)


def toy_side(rows: Sequence[ToyRow], config: Config) -> Side:
    """A toy text's features (each token once, with its typed weight) and its fingerprint under ``config``."""
    sequence = tuple(row.token for row in rows)
    weights = {row.token: float(row.weight) for row in rows}
    text = toy_text(rows)
    counts = {t: 1 for t in sequence}
    features = Features(sequence, counts, weights, text_digest(text), text, token_ids(list(sequence)), typed=True)
    return Side(features, fingerprint_weights(weights, config, counts=features.counts))


# ------------------------------------------------------------------------------------------ checking


def _shown(value: object) -> str:
    """A value for a message: one line, bounded, control characters escaped."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "…"


def _check_bits(bits: object) -> None:
    if isinstance(bits, bool) or not isinstance(bits, int) or not 1 <= bits <= TOY_MAX_BITS:
        raise ToyError(
            ToyProblem.BITS,
            f"'bits' must be a whole number from 1 to {TOY_MAX_BITS}, got {_shown(bits)}",
            got=_shown(bits),
        )


def _check_hasher(hasher: object, bits: int) -> None:
    if not isinstance(hasher, str) or hasher not in HASHERS:
        raise ToyError(
            ToyProblem.HASHER, f"'hasher' must be one of {', '.join(HASHERS)}, got {_shown(hasher)}", got=_shown(hasher)
        )
    if HASHERS[hasher].bits < bits:
        able = ", ".join(name for name, h in HASHERS.items() if h.bits >= bits)
        width = HASHERS[hasher].bits
        raise ToyError(
            ToyProblem.HASHER_NARROW,
            f"the hasher {hasher} gives {width} bits, fewer than {bits}; choose {able}",
            hasher=hasher,
            width=width,
            bits=bits,
            able=able,
        )


def _check_rows(label: str, rows: object, bits: int) -> None:
    if not isinstance(rows, tuple):
        raise ToyError(ToyProblem.NOT_ROWS, f"text {label} must be a list of rows", side=label)
    _check_row_count(label, len(rows))
    seen: dict[str, int] = {}
    for number, row in enumerate(rows, 1):
        where = f"text {label}, row {number}"
        place = {"side": label, "row": number}
        if not isinstance(row, ToyRow):
            raise ToyError(ToyProblem.ROW_SHAPE, f"{where}: not a row of token, weight and code", **place)
        _check_token(row.token, where, place)
        token = row.token
        if token in seen:
            raise ToyError(
                ToyProblem.TOKEN_TWICE,
                f"{where}: '{token}' is already row {seen[token]}; give each token one row",
                token=token,
                other_row=seen[token],
                **place,
            )
        seen[token] = number
        weight = row.weight
        if isinstance(weight, bool) or not isinstance(weight, int | float) or not math.isfinite(weight):
            got = _shown(weight)
            message = f"{where}: the weight of '{token}' must be a number, got {got}"
            raise ToyError(ToyProblem.WEIGHT_NOT_NUMBER, message, token=token, got=got, **place)
        if not 0 <= weight <= TOY_MAX_WEIGHT:
            message = f"{where}: the weight of '{token}' must be from 0 to {TOY_MAX_WEIGHT:g}, got {weight:g}"
            raise ToyError(ToyProblem.WEIGHT_RANGE, message, token=token, got=f"{weight:g}", **place)
        code = row.code
        if code is not None and (not isinstance(code, str) or len(code) != bits or set(code) - {"0", "1"}):
            got = _shown(code)
            message = (
                f"{where}: the code of '{token}' must be {bits} digits 0 or 1 (or empty for the hasher's), got {got}"
            )
            raise ToyError(ToyProblem.CODE, message, token=token, bits=bits, got=got, **place)


def _check_row_count(label: str, rows: int) -> None:
    if rows > TOY_MAX_ROWS:
        message = f"text {label} has {rows} rows; a toy text has at most {TOY_MAX_ROWS}"
        raise ToyError(ToyProblem.TOO_MANY_ROWS, message, side=label, rows=rows)


def _check_token(token: object, where: str, place: dict[str, Any]) -> None:
    got = _shown(token)
    if not isinstance(token, str) or not token.strip():
        raise ToyError(ToyProblem.TOKEN_EMPTY, f"{where}: the token must be some text, got {got}", got=got, **place)
    if len(token) > TOY_MAX_TOKEN:
        raise ToyError(ToyProblem.TOKEN_LONG, f"{where}: the token is longer than {TOY_MAX_TOKEN} characters", **place)
    if token != token.strip() or any(ch.isspace() or not ch.isprintable() for ch in token):
        message = f"{where}: the token {got} holds a space or a control character; use one word"
        raise ToyError(ToyProblem.TOKEN_SPACE, message, got=got, **place)


# ------------------------------------------------------------------------------------------ JSON


def toy_json(toy: ToyExample) -> str:
    """The toy example as JSON text that :func:`load_toy` reads back (one row a line, for a reader's eye)."""

    def row(r: ToyRow) -> str:
        weight = int(r.weight) if float(r.weight).is_integer() else r.weight
        return json.dumps({"token": r.token, "weight": weight, "code": r.code}, ensure_ascii=False)

    def rows(side: tuple[ToyRow, ...]) -> str:
        return "[\n" + ",\n".join("  " + row(r) for r in side) + "\n ]" if side else "[]"

    head = json.dumps({"format": FORMAT, "version": FORMAT_VERSION, "bits": toy.bits, "hasher": toy.hasher})
    return head[:-1] + f', "a": {rows(toy.a)}, "b": {rows(toy.b)}}}\n'


def load_toy(raw: bytes | str) -> ToyExample:
    """A toy example from JSON that may come from anywhere, checked and bounded.

    Raises:
        ToyError: too large, not UTF-8 JSON, not a toy example, or a value out of rule; the message says which.
    """
    if len(raw) > TOY_MAX_BYTES:
        message = f"a toy example file is at most {TOY_MAX_BYTES // 1024} KB; this one has {len(raw):,} bytes"
        raise ToyError(ToyProblem.TOO_LARGE, message, size=len(raw))
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            message = f"not a toy example: not UTF-8 text (byte {error.start})"
            raise ToyError(ToyProblem.NOT_UTF8, message, byte=error.start) from None
    try:
        data = json.loads(raw, parse_constant=_no_constant)
    except RecursionError:
        raise ToyError(ToyProblem.TOO_DEEP, "not a toy example: its JSON is nested too deeply") from None
    except ToyError:
        raise
    except ValueError as error:
        raise ToyError(ToyProblem.NOT_JSON, f"not a toy example: not JSON ({error})") from None
    return toy_from_data(data)


def _no_constant(name: str) -> float:
    raise ToyError(ToyProblem.NOT_A_NUMBER, f"not a toy example: {name} is not a number JSON allows", name=name)


def toy_from_data(data: object) -> ToyExample:
    """A toy example from parsed JSON (:func:`load_toy`'s checks after the parsing)."""
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise ToyError(ToyProblem.NOT_TOY, f"not a toy example: the file's 'format' must be '{FORMAT}'")
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or not 1 <= version <= FORMAT_VERSION:
        got = _shown(version)
        message = f"a toy example of version {got}; this simcompare reads version {FORMAT_VERSION}"
        raise ToyError(ToyProblem.VERSION, message, got=got)
    bits = data.get("bits")
    _check_bits(bits)
    assert isinstance(bits, int)
    hasher = data.get("hasher", TOY_DEFAULT_HASHER)
    _check_hasher(hasher, bits)
    assert isinstance(hasher, str)
    return ToyExample(bits, hasher, _rows_of(data, "a"), _rows_of(data, "b"))


def _rows_of(data: Mapping[str, object], key: str) -> tuple[ToyRow, ...]:
    label = key.upper()
    items = data.get(key)
    if not isinstance(items, list):
        raise ToyError(ToyProblem.NOT_ROWS, f"'{key}' (text {label}) must be a list of rows", side=label)
    _check_row_count(label, len(items))
    rows = []
    for number, item in enumerate(items, 1):
        if not isinstance(item, Mapping) or set(item) - {"token", "weight", "code"}:
            message = f"text {label}, row {number}: a row is an object with 'token', 'weight' and 'code'"
            raise ToyError(ToyProblem.ROW_SHAPE, message, side=label, row=number)
        rows.append(ToyRow(item.get("token"), item.get("weight"), item.get("code")))  # type: ignore[arg-type]
    return tuple(rows)


# DESIGN.md §2, the six-bit worked example (A=5 100101, B=2 101011, C=3 100111, D=1 101111, E=4 111011 → sums
# 15, −7, −1, 3, 5, 15 → 100111); text B is the Examples menu's text B: D weighs 6 there.
_SIX_BIT_CODES = {"A": "100101", "B": "101011", "C": "100111", "D": "101111", "E": "111011"}
WORKED_EXAMPLE = ToyExample(
    6,
    TOY_DEFAULT_HASHER,
    tuple(ToyRow(t, w, _SIX_BIT_CODES[t]) for t, w in (("A", 5), ("B", 2), ("C", 3), ("D", 1), ("E", 4))),
    tuple(ToyRow(t, w, _SIX_BIT_CODES[t]) for t, w in (("A", 5), ("B", 2), ("C", 3), ("D", 6), ("E", 4))),
)
