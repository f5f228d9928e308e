"""Marks, chosen references and reference folders are saved with the results and come back when they are
reopened; what a results file says about them is untrusted like the rest (paths of its records, folders
inside the scanned folder), and a fresh scan's results hold none of it (the same bytes from the window and
the command line)."""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path
from typing import Any

import pytest
from helpers.texts import EN_A, OTHER

from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder.cleaner_state import CleanerState
from simcompare.core.folder.scan import ScanOptions, scan
from simcompare.core.folder.session import FolderSession
from simcompare.core.formats.results import load_results, results_json, results_text

K = 12


@pytest.fixture
def session(tmp_path: Path) -> FolderSession:
    root = tmp_path / "docs"
    (root / "keep").mkdir(parents=True)
    (root / "a.txt").write_text(EN_A, encoding="utf-8")
    (root / "b.txt").write_text(EN_A + " A copy.", encoding="utf-8")
    (root / "keep" / "c.txt").write_text(EN_A + " Another copy.", encoding="utf-8")
    (root / "other.txt").write_text(OTHER, encoding="utf-8")
    return FolderSession(scan(root, Config(segmenter="words"), ScanOptions(workers=1, in_process=True)))


def index(session: FolderSession, path: str) -> int:
    found = session.index_of(path)
    assert found is not None, path
    return found


def decided(session: FolderSession) -> CleanerState:
    """A cleaner's state with a mark, a chosen reference and reference folders (one outside the scan)."""
    (group,) = session.groups(K)
    state = CleanerState([os.path.join(session.root, "keep"), os.path.dirname(session.root)])
    state.show_groups([group])
    state.choose_reference(group, index(session, "b.txt"))
    state.mark([index(session, "a.txt")])
    return state


def test_a_fresh_scan_saves_no_cleaner_and_the_same_bytes_with_an_empty_state(session: FolderSession) -> None:
    groups = session.groups(K)
    plain = results_text(session, groups, K)
    assert "cleaner" not in json.loads(plain)
    assert results_text(session, groups, K, cleaner=CleanerState()) == plain
    loaded = load_results(json.loads(plain))
    assert loaded.marked == () and loaded.references == () and loaded.reference_folders is None


def test_marks_references_and_reference_folders_round_trip(session: FolderSession) -> None:
    state = decided(session)
    data = json.loads(results_text(session, session.groups(K), K, cleaner=state))
    keep = os.path.join(session.root, "keep")
    assert data["cleaner"] == {"marked": ["a.txt"], "references": ["b.txt"], "reference_folders": [keep]}
    loaded = load_results(data)  # the folder outside the scanned one was not written
    assert loaded.marked == ("a.txt",) and loaded.references == ("b.txt",) and loaded.reference_folders == (keep,)
    state.hold_marks()  # marks kept aside while new groups are made are saved too
    assert results_json(session, [], K, cleaner=state)["cleaner"] == data["cleaner"]
    again = CleanerState()
    again.start(FolderSession(loaded.result), marked=loaded.marked, references=loaded.references)
    assert again.holding and again.saved_marks == {index(session, "a.txt")}
    assert again.preferred == {index(session, "b.txt")}


def with_cleaner(saved: dict[str, Any], **changes: object) -> dict[str, Any]:
    data = copy.deepcopy(saved)
    data["cleaner"] = {"marked": [], "references": [], "reference_folders": [], **changes}
    return data


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"marked": ["gone.txt"]}, "cleaner.marked[0]: gone.txt is not among the records"),
        ({"marked": ["a.txt", "a.txt"]}, "cleaner.marked[1]: a.txt is listed twice"),
        ({"marked": ["../a.txt"]}, "cleaner.marked[0]: the path has a '..' segment"),
        ({"marked": "a.txt"}, "'marked' must be a list of paths"),
        ({"references": [""]}, "cleaner.references[0]: the path is empty"),
        ({"references": [3]}, "cleaner.references[0]"),
        ({"reference_folders": ["keep"]}, "must be an absolute, normalised folder path, got keep"),
        ({"reference_folders": ["ROOT/keep/../.."]}, "must be an absolute, normalised folder path"),
        ({"reference_folders": ["/"]}, "must be the scanned folder or inside it"),
        ({"reference_folders": ["ROOT-other"]}, "must be the scanned folder or inside it"),
        ({"reference_folders": ["ROOT", "ROOT"]}, "cleaner.reference_folders[1]: "),
        ({"reference_folders": [None]}, "must be a folder's path, got None"),
        ({"reference_folders": "ROOT"}, "'reference_folders' must be a list"),
    ],
)
def test_a_bad_cleaner_refuses_the_whole_file_with_one_message(
    session: FolderSession, changes: dict[str, Any], words: str
) -> None:
    saved = json.loads(results_text(session, session.groups(K), K))
    fixed = {
        key: [v.replace("ROOT", session.root) if isinstance(v, str) else v for v in value]
        if isinstance(value, list)
        else value
        for key, value in changes.items()
    }
    with pytest.raises(ValueError) as error:
        load_results(with_cleaner(saved, **fixed))
    assert words in str(error.value) and "\n" not in str(error.value)
    with pytest.raises(ValueError, match="'cleaner' must be an object"):
        load_results({**saved, "cleaner": ["a.txt"]})


def test_the_scanned_folder_itself_may_be_a_reference_folder(session: FolderSession) -> None:
    saved = json.loads(results_text(session, session.groups(K), K))
    loaded = load_results(with_cleaner(saved, reference_folders=[session.root]))
    assert loaded.reference_folders == (session.root,)
