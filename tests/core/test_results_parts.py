"""Saved results' lists are parsed a part at a time by msgspec when it can (``json_parts._part``), by ``json`` when it
cannot: where msgspec reads a part it reads what ``json`` and ``base64`` read, so the results are the same either
way (and the same without msgspec installed)."""

from __future__ import annotations

import base64
import binascii
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from helpers.kept_results import sixty_texts
from hypothesis import given, settings
from hypothesis import strategies as st

from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder.scan import ScanOptions, scan
from simcompare.core.folder.session import FolderSession
from simcompare.core.formats import json_parts, results
from simcompare.core.formats.results import read_results, save_results
from simcompare.core.formats.saved_parts import PARSERS

K = 12
_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=2**63 - 2, max_value=2**65)
    | st.floats(allow_nan=False)
    | st.text(max_size=8)
    | st.sampled_from(["\udcc3\udca9", "\ud800", "é", "文件", "\x00", "\\"])
)
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=1_000, deadline=None)
@given(st.lists(_VALUES, max_size=12), st.sampled_from([None, 1]))
def test_a_part_reads_what_json_reads(items: list[Any], indent: int | None) -> None:
    text = json.dumps(items, indent=indent)
    assert json_parts._part(text, json_parts._ANY_PART) == json.loads(text)


@pytest.mark.parametrize("text", ["[NaN]", "[Infinity, 1]", '["\\ud800"]', "[1e400]", '[{"a": 1, "a": 2}]', "[-0.0]"])
def test_a_part_msgspec_refuses_or_reads_otherwise_is_read_by_json(text: str) -> None:
    assert json_parts._part(text, json_parts._ANY_PART) == json.loads(text)


@pytest.mark.parametrize("text", ["[1,]", "[01]", "['a']", "[1] [2]", "[", '["a\x01"]', "{}", "1"])
def test_what_is_no_json_array_is_no_part(text: str) -> None:
    assert json_parts._part(text, json_parts._ANY_PART) is None


_BASE64 = st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=-_ \n", max_size=16)


@settings(max_examples=3_000, deadline=None)
@given(st.lists(_BASE64 | st.binary(max_size=12).map(lambda b: base64.b64encode(b).decode()) | st.none(), max_size=6))
def test_a_sketch_is_decoded_only_as_base64_decodes_it(written: list[str | None]) -> None:
    """Each item of a part of the sketch column is its bytes or, when the part holds anything msgspec refuses, the
    text json reads; bytes only where ``base64.b64decode(validate=True)`` gives the same bytes."""
    found = json_parts._part(json.dumps(written), PARSERS["records.sketch"])
    assert found is not None and len(found) == len(written)
    for item, text in zip(found, written, strict=True):
        if isinstance(item, bytes):
            assert text is not None and base64.b64decode(text, validate=True) == item
        else:
            assert item == text
    if all(text is not None and _strict_base64(text) for text in written):
        assert all(isinstance(item, bytes) for item in found)  # the common case: every sketch decoded


def _strict_base64(text: str) -> bool:
    try:
        return base64.b64encode(base64.b64decode(text, validate=True)).decode() == text
    except (ValueError, binascii.Error):
        return False


def _folder(tmp_path: Path) -> Path:
    """Sixty texts, near-copies among them, some with names that are not UTF-8 (escapes in the JSON)."""
    return sixty_texts(tmp_path / "docs")


@pytest.mark.parametrize("sizes", [(64, 256), (1 << 12, 1 << 18)])
def test_results_read_the_same_with_and_without_msgspec(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sizes: tuple[int, int]
) -> None:
    """The same records, groups and decisions whether msgspec or json parses the parts (msgspec may be absent)."""
    session = FolderSession(scan(_folder(tmp_path), Config(segmenter="words"), ScanOptions(workers=1, in_process=True)))
    groups = session.groups(K)
    assert groups
    saved = tmp_path / "R.json"
    save_results(saved, session, groups, K)
    monkeypatch.setattr(json_parts, "_FIRST", sizes[0])
    monkeypatch.setattr(json_parts, "_PART", sizes[1])
    parsed: list[int] = []
    part = json_parts._part

    def counted(text: str, parser: Any) -> list[object] | None:
        parsed.append(parser is not None)
        return part(text, parser)

    monkeypatch.setattr(json_parts, "_part", counted)
    fast = read_results(saved, check_files=False)
    assert sum(parsed) > (10 if sizes[0] == 64 else 0)  # msgspec read parts
    monkeypatch.setattr(json_parts, "_ANY_PART", None)
    monkeypatch.setattr(results, "PARSERS", {})
    slow = read_results(saved, check_files=False)
    assert fast.result.files == slow.result.files == session.files
    assert fast.laid == slow.laid and fast.k == slow.k
    assert (fast.boilerplate is None) == (slow.boilerplate is None)
    if fast.boilerplate is not None and slow.boilerplate is not None:
        assert fast.boilerplate.tolist() == slow.boilerplate.tolist()


def test_a_sketch_saved_out_of_order_is_read_as_held_and_used_sorted(tmp_path: Path) -> None:
    """A hand-edited sketch (its hashes reversed, one given twice) is read as the file holds it; the session makes
    it into the sketch its hashes give, so the groups and their figures are those of the sketch as written."""
    session = FolderSession(scan(_folder(tmp_path), Config(segmenter="words"), ScanOptions(workers=1, in_process=True)))
    saved = tmp_path / "R.json"
    save_results(saved, session, session.groups(K), K)
    data = json.loads(saved.read_text(encoding="utf-8"))
    at = next(n for n, f in enumerate(session.files) if len(f.sketch) > 8)
    words = np.frombuffer(session.files[at].sketch, dtype="<u4")
    messy = np.concatenate([words[::-1], words[:1]]).astype("<u4").tobytes()
    data["records"]["sketch"][at] = base64.b64encode(messy).decode()
    edited = tmp_path / "E.json"
    edited.write_text(json.dumps(data, indent=1), encoding="utf-8")
    loaded = read_results(edited, check_files=False)
    assert loaded.result.files[at].sketch == messy
    reopened = FolderSession(loaded.result, boilerplate=loaded.boilerplate)
    assert reopened.sketch(at).tolist() == session.sketch(at).tolist()
    assert reopened.groups(K) == FolderSession(session.result).groups(K)
