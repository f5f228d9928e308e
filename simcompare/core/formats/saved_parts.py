"""Saved results' largest lists as msgspec parses them, typed: each sketch as its bytes, each group as a struct
whose fields were checked as they were parsed (a million files' 187,311 groups: 0.5 s, against 2.1 s for the
same as dictionaries and their checks in Python after).

A typed parser takes a part only when every item is as the loader takes it (each field of its kind and in its
range; a member's path among the records and its distance within the fingerprint's bits are left to the loader,
which knows them); a part it refuses is parsed by ``json`` as any other (``json_parts``), and the loader checks
those items one rule at a time and names the first one broken. So a typed parser changes how fast a file is
read, never what is read or refused (tests/core/test_saved_parts.py)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from simcompare.core.formats.json_parts import Parsers, msgspec  # msgspec, or None where it has no wheel

__all__ = ["PARSERS", "SavedGroup", "SavedMember", "as_plain", "typed"]

if msgspec is not None:
    _Fraction = Annotated[float, msgspec.Meta(ge=0, le=1)]
    _Size = Annotated[int, msgspec.Meta(ge=0, le=2**63 - 1)]
    _Whole = Annotated[int, msgspec.Meta(ge=0)]

    class SavedMember(msgspec.Struct, gc=False):
        """A saved group's member, the fields its check reads (the others are skipped: the window shows them
        again from the files). No cycle can be parsed, so the garbage collector need not follow it."""

        path: str
        size: _Size = 0
        distance: _Whole = 0
        similarity: _Fraction | None = None
        verified: _Fraction | None = None
        evidence: Literal["simhash", "shingles"] = "simhash"
        also_close: list[str] = []  # noqa: RUF012 - msgspec copies an empty default for each struct

    class SavedGroup(msgspec.Struct, gc=False):
        """A saved group: its reference (anything; a path among the members leads), figures and members."""

        reference: Any = None
        max_distance: _Whole = 0
        wasted_bytes: _Size = 0
        members: list[SavedMember] = []  # noqa: RUF012 - msgspec copies an empty default for each struct

    PARSERS: Parsers = {
        "groups": msgspec.json.Decoder(list[SavedGroup]).decode,
        # each sketch decoded from base64 as it is parsed (a million one at a time by ``base64``: 3.4 s)
        "records.sketch": msgspec.json.Decoder(list[bytes | None]).decode,
    }
else:  # pragma: no cover - every platform the tests run on has msgspec
    PARSERS = {}


def typed(group: object) -> bool:
    """True when a typed parser read ``group`` (a :class:`SavedGroup`)."""
    return msgspec is not None and type(group) is SavedGroup


def as_plain(group: object) -> object:
    """``group`` as ``json`` would have read it, near enough for the loader's checks (a struct becomes a dictionary
    of its fields; a number in a float field is a float)."""
    return msgspec.to_builtins(group) if typed(group) else group
