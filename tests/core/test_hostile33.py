"""Attacks on the change that made identities numbers, canonicalised the columns of reopened results and streamed
the JSON reports: crafted results files, odd sessions, the report's pieces against the whole text."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from helpers.texts import EN_A, EN_B, OTHER

from simcompare.core.defaults import default_k
from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder.scan import ScanOptions, scan
from simcompare.core.folder.session import FolderSession
from simcompare.core.formats.names import json_text
from simcompare.core.formats.report import pairs_json, pairs_pieces, report_json, report_pieces
from simcompare.core.formats.results import load_results, read_results, results_text
from simcompare.core.search.groups import GroupRule

K = default_k(64)


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """Saved results (records as columns) of a folder with copies, near-duplicates and an empty document."""
    root = tmp_path_factory.mktemp("hostile") / "docs"
    root.mkdir()
    texts = {"a.txt": EN_A, "a copy.txt": EN_A, "a near.txt": EN_A + " One more line.", "b.md": EN_B}
    texts |= {"other.txt": OTHER, "empty.txt": "", "empty too.txt": ""}
    for name, text in texts.items():
        (root / name).write_text(text, encoding="utf-8")
    session = FolderSession(scan(root, Config(segmenter="words"), ScanOptions(workers=1, in_process=True)))
    data = json.loads(results_text(session, session.groups(K), K, GroupRule.REFERENCE))
    assert isinstance(data["records"], dict) and any(data["records"]["empty"])
    return data


def _both(data: dict[str, object], tmp_path: Path) -> tuple[object, object]:
    """What the loader makes of ``data`` given parsed (nothing consumed) and read from its file (consumed)."""
    path = tmp_path / "R.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    outcomes = []
    for load in (
        lambda: load_results(copy.deepcopy(data), check_files=False),
        lambda: read_results(path, check_files=False),
    ):
        try:
            outcomes.append(load().result.files)
        except ValueError as error:
            outcomes.append(str(error))
    return outcomes[0], outcomes[1]


def test_reopened_columns_are_the_same_records_of_the_same_types(saved: dict[str, object], tmp_path: Path) -> None:
    """HOLDS: records read as columns (equal sizes, devices and lengths one object, the parsed lists consumed) are
    the records read a row at a time, each field of its exact type; the parsed object given to load_results is
    left as it was."""
    data = copy.deepcopy(saved)
    given = copy.deepcopy(data)
    columns, rows = _both(data, tmp_path)
    assert isinstance(columns, tuple) and columns == rows
    records = data["records"]
    assert isinstance(records, dict)
    as_rows = copy.deepcopy(data)
    as_rows["records"] = [dict(zip(records, values, strict=True)) for values in zip(*records.values(), strict=True)]
    one_by_one, _ = _both(as_rows, tmp_path)
    assert one_by_one == columns
    for record in columns:
        assert [type(v) for v in record] == [str, int, int, int, bool, str, str, bytes, int, int, str, int]
    load_results(data, check_files=False)
    assert data == given  # consume=False: nothing taken from the caller's object


@pytest.mark.parametrize(
    ("column", "at", "value"),
    [
        ("size", 3, True),  # a bool among many equal sizes: no whole number
        ("device", 0, False),
        ("words", 2, 1.0),
        ("size", 1, -1),
        ("device", 1, 2**64),
        ("encoding", 0, 7),
        ("path", 1, "a.txt"),  # listed twice
        ("path", 1, "./a.txt"),
    ],
)
def test_a_crafted_column_is_refused_as_a_row_would_be(
    saved: dict[str, object], tmp_path: Path, column: str, at: int, value: object
) -> None:
    """HOLDS: a value out of rule in a canonicalised column (bool for a number, a float, out of range) or a path
    listed twice is refused, naming its record, whether the file is read (columns consumed) or given parsed."""
    data = copy.deepcopy(saved)
    records = data["records"]
    assert isinstance(records, dict)
    if column == "device":
        records["device"] = [records["device"][0]] * len(records["path"])  # one device: the column is shared
    records[column][at] = value
    given, read = _both(data, tmp_path)
    assert isinstance(given, str) and given == read
    assert f"records[{at}]" in given


def test_an_empty_documents_digest_spelled_as_an_index_is_no_other_files_identity(
    saved: dict[str, object], tmp_path: Path
) -> None:
    """HOLDS: an empty document whose (crafted) digest is "#0", "0" or the text of another file's index is
    identical to no other file (identities "#<index>" once made it one with file 0); the identities, numbers and
    texts side by side, are only compared for equality (a pair report, the groups, all_pairs)."""
    for digest in ("#0", "0", "#1", ""):
        data = copy.deepcopy(saved)
        records = data["records"]
        assert isinstance(records, dict)
        for i, empty in enumerate(records["empty"]):
            if empty:
                records["digest"][i] = digest
        loaded = load_results(data, check_files=False)
        session = FolderSession(loaded.result)
        empties = [i for i, f in enumerate(session.files) if f.empty]
        others = [i for i, f in enumerate(session.files) if not f.empty]
        for i in empties:
            assert all(session.identity(i) != session.identity(j) for j in others)
        assert (session.identity(empties[0]) == session.identity(empties[1])) == (digest != "")
        groups = session.groups(K)
        assert all(m.index not in empties for g in groups for m in g.members)
        pairs = session.all_pairs(K)
        assert "".join(pairs_pieces(session, pairs, groups, K)) == json_text(pairs_json(session, pairs, groups, K))


def test_the_report_of_an_empty_folder_is_the_whole_text(tmp_path: Path) -> None:
    """HOLDS: the streamed reports of a folder without files (every list empty) are the whole document's text
    (a NaN threshold, which json.dumps would write as NaN, is refused by the session before any report)."""
    root = tmp_path / "nothing"
    root.mkdir()
    session = FolderSession(scan(root, Config(), ScanOptions(workers=1, in_process=True)))
    with pytest.raises(ValueError, match="threshold"):
        FolderSession(session.result, min_resemblance=float("nan"))
    for s in (session, FolderSession(session.result, min_resemblance=1.0)):
        assert "".join(report_pieces(s, [], K)) == json_text(report_json(s, [], K))
        pairs = s.all_pairs(K)
        assert "".join(pairs_pieces(s, pairs, [], K)) == json_text(pairs_json(s, pairs, [], K))


def test_a_saved_layout_followed_while_files_are_forgotten_keeps_to_one_numbering(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """FINDING: SavedLayout.at follows the saved groups to the files' new numbers in the worker, through the
    session's live index, then records ``session.files`` as read after that: a forget on the window's thread in
    between (trash a file while the groups are being made) leaves the layout numbered for one set of files and
    marked as numbered for another, so it is never followed again and every later layout names other files (or
    numbers beyond the files)."""
    from simcompare.core.folder.scan import FileRecord, ScanResult
    from simcompare.core.search.groups import Laid
    from simcompare.gui.folder import jobs
    from simcompare.gui.folder.jobs import SavedLayout

    files = tuple(FileRecord(f"f{i}.txt", 1, 0, i, False, inode=i + 1) for i in range(8))
    session = FolderSession(ScanResult("/nowhere", Config(), ScanOptions(), files, ()))
    layout = SavedLayout(session, session.files, K, (Laid((2, 3, 4), ((), (), ())), Laid((6, 7), ((), ()))))
    session.forget(["f0.txt"])
    real = jobs._followed

    def racing(*args: object) -> object:
        followed = real(*args)  # type: ignore[arg-type]
        session.forget(["f1.txt"])  # the window's thread, meanwhile
        return followed

    monkeypatch.setattr(jobs, "_followed", racing)
    layout.at(session, K)
    monkeypatch.setattr(jobs, "_followed", real)
    laid = layout.at(session, K)
    assert laid is not None
    names = session.files
    assert [[names[i].path for i in g.files] for g in laid] == [["f2.txt", "f3.txt", "f4.txt"], ["f6.txt", "f7.txt"]]
