"""The library checks its arguments where they come in (issue 26): wrong types are a TypeError and wrong
values a ValueError, each saying what would be right, never an AttributeError from deep inside or a
silent wrong answer. Every public name of ``simcompare`` is called with wrong arguments."""

from __future__ import annotations

import inspect
import math
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import simcompare

# Arguments of every wrong kind. Strings name nothing that exists (the test runs in an empty folder).
WRONG = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([-1, 0, 1, 2, 63, 64, 65, 513, 10**20]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(["", "x", "txt", "missing.txt", "md5", "tf", "jieba", "上海", "a b c"]),
    st.binary(max_size=6),
    st.lists(st.one_of(st.integers(-5, 5), st.floats(), st.text(max_size=2)), max_size=3),
    st.dictionaries(st.text(max_size=3), st.one_of(st.floats(), st.integers(), st.none()), max_size=3),
    st.tuples(st.integers(-3, 3), st.text(max_size=2)),
    st.just(object()),
    st.just(Path("missing-folder")),
)
ALLOWED = (TypeError, ValueError, simcompare.SimcompareError)
# Right arguments, beside which one wrong keyword is tried.
RIGHT: dict[str, dict[str, object]] = {
    "compare_texts": {"text_a": "北京 上海 天气", "text_b": "北京 上海"},
    "cosine": {"a": {"x": 1.0}, "b": {"x": 2.0}},
    "default_k": {"bits": 64},
    "edit_similarity": {"a": ["x", "y"], "b": ["y"]},
    "find_groups": {"values": [1, 3, 7], "k": 1, "bits": 8},
    "find_near_pairs": {"values": [1, 3, 7], "k": 1, "bits": 8},
    "fingerprint": {"text": "北京 上海 天气"},
    "fingerprint_weights": {"weights": {"北京": 2.0, "上海": 1.0}},
    "hamming": {"a": 5, "b": 6},
    "jaccard": {"a": {"x"}, "b": {"y"}},
    "predicted_hamming": {"cos": 0.5, "bits": 64},
    "read_document": {"path": "missing.txt"},
    "scan": {"root": "."},
    "shingles": {"sequence": ["北京", "上海"]},
    "table_hasher": {"table": {"a": "01", "b": "10"}},
    "Decision": {"k": 3},
}

CALLABLES = sorted(
    name
    for name in simcompare.__all__
    if callable(getattr(simcompare, name))
    and not (inspect.isclass(getattr(simcompare, name)) and issubclass(getattr(simcompare, name), BaseException))
)


def _keywords(name: str) -> list[str]:
    try:
        parameters = inspect.signature(getattr(simcompare, name)).parameters.values()
    except (TypeError, ValueError):
        return []
    return [p.name for p in parameters if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]


@pytest.mark.parametrize("name", CALLABLES)
@settings(max_examples=300, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_wrong_arguments_are_type_or_value_errors(
    name: str, data: st.DataObject, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Positional arguments of any wrong kind, then keywords by name (one wrong value among right ones)."""
    monkeypatch.chdir(tmp_path)
    args = data.draw(st.lists(WRONG, max_size=3), label="args")
    keywords = _keywords(name)
    kwargs = (
        data.draw(st.dictionaries(st.sampled_from(keywords), WRONG, max_size=2), label="kwargs") if keywords else {}
    )
    if kwargs:  # as keywords only, beside right values for the rest, so no argument is given twice
        args = []
        kwargs = RIGHT.get(name, {}) | kwargs
    try:
        getattr(simcompare, name)(*args, **kwargs)
    except ALLOWED as error:
        assert str(error), f"{name}{tuple(args)!r} {kwargs!r}: an error without a message"


@pytest.mark.parametrize(
    "call",
    [
        lambda: simcompare.fingerprint("text", "x"),
        lambda: simcompare.cosine(None, None),
        lambda: simcompare.fingerprint_weights(None),
        lambda: simcompare.table_hasher(64),
        lambda: simcompare.FolderSession(None),
        lambda: simcompare.ScanOptions(suffixes="txt"),
        lambda: simcompare.compare_texts(None, "b"),
        lambda: simcompare.read_document(0),
    ],
    ids=[
        "fingerprint config",
        "cosine",
        "fingerprint_weights",
        "table_hasher",
        "FolderSession",
        "suffixes",
        "compare",
        "fd",
    ],
)
def test_wrong_types_are_type_errors_that_say_what_is_wanted(call) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(TypeError, match=r"must be|expected|needs"):
        call()


@pytest.mark.parametrize(
    "call",
    [
        lambda: simcompare.cosine({"a": math.nan}, {"a": 1.0}),
        lambda: simcompare.cosine({"a": math.inf}, {"a": 1.0}),
        lambda: simcompare.predicted_hamming(math.nan, 64),
        lambda: simcompare.predicted_hamming(1.5, 64),
        lambda: simcompare.default_k(-5),
        lambda: simcompare.default_k(0),
        lambda: simcompare.fingerprint_weights({"a": math.nan}),
    ],
    ids=["cosine nan", "cosine inf", "predicted nan", "predicted 1.5", "default_k -5", "default_k 0", "weights nan"],
)
def test_nan_infinity_and_out_of_range_are_value_errors(call) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match=r"must|between|finite"):
        call()
