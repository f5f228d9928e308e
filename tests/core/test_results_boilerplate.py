"""Saved results hold the folder's boilerplate (the hashes many texts' sketches share), so reopening a million
files does not count it again; what they hold is checked like every other field, and a session given it groups
exactly as one that counts it."""

from __future__ import annotations

import base64
import copy
import json
from typing import Any

import numpy as np
import pytest

from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder.cleaner_state import CleanerState
from simcompare.core.folder.scan import ScanOptions, scan
from simcompare.core.folder.session import FolderSession
from simcompare.core.formats.results import load_results, results_json, results_text
from simcompare.core.search.boilerplate import COMMON_TEXTS
from simcompare.core.search.verify import HASH_MAX

K = 12
FOOTER = (
    "This manual page is part of the shared tools collection. Report bugs to the maintainers at the usual "
    "address; the full documentation is kept as a Texinfo manual, available locally through the info command, "
    "and it is distributed under the terms of the general public licence, version three or later."
)


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory) -> FolderSession:
    """Forty pages that share a footer (more than COMMON_TEXTS texts: the footer's shingles are boilerplate), and
    a few near-copies among them."""
    root = tmp_path_factory.mktemp("pages")
    rng = np.random.default_rng(7)
    words = [f"word{n}" for n in range(400)]
    for n in range(COMMON_TEXTS + 8):
        body = " ".join(rng.choice(words, size=60).tolist())
        (root / f"page{n:02d}.txt").write_text(f"{body}\n\n{FOOTER}\n", encoding="utf-8")
        if n % 10 == 0:
            (root / f"page{n:02d}-copy.txt").write_text(f"{body} again\n\n{FOOTER}\n", encoding="utf-8")
    return FolderSession(scan(root, Config(segmenter="words"), ScanOptions(workers=1, in_process=True)))


@pytest.fixture
def saved(session: FolderSession) -> dict[str, Any]:
    return json.loads(results_text(session, session.groups(K), K))


def _hashes(saved: dict[str, Any]) -> np.ndarray:
    return np.frombuffer(base64.b64decode(saved["boilerplate"]["hashes"]), dtype="<u4")


def _with_hashes(saved: dict[str, Any], hashes: np.ndarray | bytes) -> dict[str, Any]:
    data = copy.deepcopy(saved)
    raw = hashes if isinstance(hashes, bytes) else np.asarray(hashes, dtype="<u4").tobytes()
    data["boilerplate"]["hashes"] = base64.b64encode(raw).decode("ascii")
    return data


def test_the_saved_boilerplate_is_the_sessions_and_reopens_to_the_same_groups(
    session: FolderSession, saved: dict[str, Any]
) -> None:
    counted = session.boilerplate()
    assert len(counted) > 20  # the footer's shingles
    assert saved["boilerplate"]["texts"] == COMMON_TEXTS
    assert np.array_equal(_hashes(saved), counted)
    loaded = load_results(saved, check_files=False)
    assert loaded.boilerplate is not None and np.array_equal(loaded.boilerplate, counted)
    given = FolderSession(loaded.result, boilerplate=loaded.boilerplate)
    recounted = FolderSession(loaded.result)
    assert given.groups(K) == recounted.groups(K) == session.groups(K)
    assert given.laid_out(loaded.laid, K) == recounted.laid_out(loaded.laid, K)
    assert np.array_equal(recounted.boilerplate(), counted)


def test_the_session_uses_the_boilerplate_it_is_given(session: FolderSession, saved: dict[str, Any]) -> None:
    """What the results say is what the verdicts use (so a file that says none shows the boilerplate pairs)."""
    loaded = load_results(_with_hashes(saved, np.zeros(0, dtype=np.uint32)), check_files=False)
    assert loaded.boilerplate is not None and len(loaded.boilerplate) == 0
    given = FolderSession(loaded.result, boilerplate=loaded.boilerplate)
    assert len(given.boilerplate()) == 0
    a, b = 0, 1
    assert np.isnan(given.own(a, b)) and not np.isnan(FolderSession(loaded.result).own(a, b))


def test_results_with_files_left_out_hold_no_boilerplate(session: FolderSession) -> None:
    """Counted over all the files, it would not be what the remaining records count: the reopened session counts."""
    cleaner = CleanerState()
    cleaner.leave_out([0])
    data = results_json(session, [], K, cleaner=cleaner)
    assert "boilerplate" not in data and "files" in data
    assert load_results(data, check_files=False).boilerplate is None


def test_a_boilerplate_counted_over_another_number_of_texts_is_counted_again(saved: dict[str, Any]) -> None:
    data = copy.deepcopy(saved)
    data["boilerplate"]["texts"] = COMMON_TEXTS + 1
    assert load_results(data, check_files=False).boilerplate is None
    del data["boilerplate"]
    assert load_results(data, check_files=False).boilerplate is None  # results saved before it was kept


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d, h: d.__setitem__("boilerplate", [1, 2]), "'boilerplate' must be an object"),
        (lambda d, h: d["boilerplate"].pop("texts"), "'texts' is missing"),
        (lambda d, h: d["boilerplate"].__setitem__("texts", True), "'texts' must be a whole number"),
        (lambda d, h: d["boilerplate"].__setitem__("texts", -1), "'texts' must be from"),
        (lambda d, h: d["boilerplate"].__setitem__("hashes", 12), "'hashes' must be text"),
        (lambda d, h: d["boilerplate"].__setitem__("hashes", "not base64!"), "'hashes' is not base64"),
        (lambda d, h: d["boilerplate"].__setitem__("hashes", "AAAAAAA="), "whole number of 4-byte values"),
        (lambda d, h: d.update(_with_hashes(d, h[::-1])), "distinct hashes in increasing order"),
        (lambda d, h: d.update(_with_hashes(d, np.repeat(h[:2], 2))), "distinct hashes in increasing order"),
        (lambda d, h: d.update(_with_hashes(d, np.array([1, HASH_MAX + 1]))), "distinct hashes in increasing"),
        (lambda d, h: d.update(_with_hashes(d, np.arange(1, 10**6, 2))), "longer than"),
    ],
)
def test_a_crafted_boilerplate_is_refused_with_its_reason(saved: dict[str, Any], change: Any, message: str) -> None:
    data = copy.deepcopy(saved)
    hashes = _hashes(saved)
    assert len(hashes) > 2
    change(data, hashes)
    with pytest.raises(ValueError, match="boilerplate") as caught:
        load_results(data, check_files=False)
    assert message in str(caught.value)


def test_more_hashes_than_the_sketches_could_share_are_refused(saved: dict[str, Any]) -> None:
    """Every hash must be held by more than COMMON_TEXTS of the records' sketches: there cannot be more than
    SKETCH x records / (COMMON_TEXTS + 1) of them, whatever the text's length allows."""
    records = len(saved["records"]["path"])
    too_many = 256 * records // (COMMON_TEXTS + 1) + 1
    data = _with_hashes(saved, np.arange(too_many, dtype=np.uint32))
    with pytest.raises(ValueError, match=r"boilerplate: 'hashes' is longer than|boilerplate: more hashes than"):
        load_results(data, check_files=False)
    fits = _with_hashes(saved, np.arange(too_many - 1, dtype=np.uint32))
    assert len(load_results(fits, check_files=False).boilerplate) == too_many - 1  # type: ignore[arg-type]
