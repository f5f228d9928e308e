"""Saved groups parsed typed (``saved_parts.PARSERS``: structs checked as they are parsed) are laid out as those
``json`` parses, and refused with the same message: a typed parser changes how fast a file is read, never what."""

from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simcompare.core.formats import json_parts, results, saved_parts
from simcompare.core.formats.saved_parts import PARSERS

BITS = 64
_PATHS = ["a.txt", "b.txt", "c/d.txt", "e.txt"]
_INDEX_OF = {path: n for n, path in enumerate(_PATHS)}
_ODD: st.SearchStrategy[Any] = st.sampled_from([None, True, False, "x", 1.5, -1, 2**70, [], {}, float("inf")])
_PATH = st.sampled_from(_PATHS) | st.sampled_from(_PATHS) | st.just("gone.txt") | _ODD  # mostly in rule
_NUMBER = st.integers(0, BITS) | st.integers(0, BITS) | st.sampled_from([-1, BITS + 1, 2**63 - 1, 2**63]) | _ODD
_FRACTION = st.sampled_from([None, 0, 1, 0.5, 1.0]) | st.sampled_from([-0.1, 1.1, True, "0.5", 1e400])
_MEMBER = st.fixed_dictionaries(
    {"path": _PATH},
    optional={
        "size": _NUMBER,
        "distance": _NUMBER,
        "similarity": _FRACTION,
        "verified": _FRACTION,
        "evidence": st.sampled_from(["simhash", "shingles"]) | st.sampled_from(["other", None, 3]),
        "also_close": st.lists(_PATH, max_size=3) | _ODD,
        "identical": st.booleans(),
        "hardlink_of": st.none() | _PATH,
    },
)
_GROUP = st.fixed_dictionaries(
    {},
    optional={
        "reference": _PATH,
        "max_distance": _NUMBER,
        "wasted_bytes": _NUMBER,
        "members": st.lists(_MEMBER, max_size=4) | st.lists(_MEMBER | _ODD, max_size=4) | _ODD,
    },
)


def _laid_or_message(data: object) -> object:
    try:
        return results._check_groups(data, _INDEX_OF, BITS)  # type: ignore[arg-type]  # parsed: a dict
    except ValueError as error:
        return str(error)


@settings(max_examples=400, deadline=None)
@given(st.lists(_GROUP | _ODD, max_size=6), st.booleans())
def test_groups_parsed_typed_are_laid_out_and_refused_as_json_parses_them(groups: list[Any], plain: bool) -> None:
    """Each group parsed as a part of its own: typed where the typed parser takes it, else by json (as
    ``json_parts`` reads a part); laid out, or refused with the message, as the groups json parses."""
    if plain:  # groups in rule: most are taken typed (the others mostly are not)
        groups = [g for g in groups if not isinstance(_laid_or_message({"groups": [g]}), str)]
    parsed: list[object] = []
    for group in groups:
        part = json.dumps([group]).encode()
        try:
            parsed.extend(PARSERS["groups"](part))
        except (msgspec.DecodeError, msgspec.ValidationError):
            parsed.extend(json.loads(part))
    _TYPED.append(sum(map(saved_parts.typed, parsed)))
    assert _laid_or_message({"groups": parsed}) == _laid_or_message({"groups": json.loads(json.dumps(groups))})


_TYPED: list[int] = []


def test_the_groups_above_were_parsed_typed_as_often_as_not() -> None:
    """The property above compares something: many of its groups were parsed typed (it runs first)."""
    assert len(_TYPED) >= 100 and sum(n > 0 for n in _TYPED) > len(_TYPED) / 4


def test_the_typed_parser_reads_groups_in_rule_and_only_those() -> None:
    """Groups as the writer writes them are structs; one field out of rule makes its part json's, as dictionaries."""
    member = {"path": "a.txt", "size": 10, "distance": 0, "similarity": 1.0, "verified": 1, "also_close": ["b.txt"]}
    written = [{"reference": "a.txt", "max_distance": 3, "wasted_bytes": 10, "members": [member] * 2}] * 400
    text = json.dumps({"format": "f", "groups": written}, indent=1)
    found: Any = json_parts.loads(text, parsers=PARSERS)
    assert sum(saved_parts.typed(g) for g in found["groups"]) > 300  # the first and last, a few KB, one at a time
    assert results._check_groups(found, _INDEX_OF, BITS) == results._check_groups(json.loads(text), _INDEX_OF, BITS)
    for field, value in [("distance", True), ("size", -1), ("verified", 1.5), ("evidence", None), ("path", 3)]:
        odd = [{**g, "members": [{**member, field: value}]} for g in written]
        found = json_parts.loads(json.dumps({"groups": odd}, indent=1), parsers=PARSERS)
        assert not any(saved_parts.typed(g) for g in found["groups"]), field
    assert saved_parts.as_plain(written[0]) is written[0]


@pytest.mark.parametrize(
    "change",
    [
        {"distance": BITS + 1},
        {"path": "gone.txt"},
        {"also_close": ["b.txt", "gone.txt"]},
        {"group": {"max_distance": BITS + 1}},
        {"group": {"reference": "gone.txt"}},
        {"also_close": _PATHS * 6},  # more than ALSO_CLOSE_LIMIT: the first ones kept
    ],
)
def test_what_the_typed_parser_cannot_check_is_checked_after_it(change: dict[str, Any]) -> None:
    """The paths among the records and the distances within the bits are the loader's to check: a group the typed
    parser took is refused, or laid out, as json's."""
    member = {"path": "a.txt", "distance": 1, "also_close": ["b.txt"]}
    group = {"reference": "c/d.txt", "members": [{"path": "c/d.txt"}, member | change, member]}
    group |= change.pop("group", {})
    part = json.dumps([group]).encode()
    typed = PARSERS["groups"](part)
    assert saved_parts.typed(typed[0])
    assert _laid_or_message({"groups": typed}) == _laid_or_message({"groups": json.loads(part)})
