"""Saved results written a piece at a time (``save_results``) are the bytes the whole document would be
(``json_text(results_json(...), indent=1)``, the writer before), on a real scan with odd names, a hard link, an
empty file, a problem, several roots and a cleaner's decisions; they read back through the validated reader; a
failure half-way leaves the target as it was."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from helpers.names import make_file, odd_names_folder
from helpers.texts import EN_A, EN_B, OTHER, ZH_A, ZH_B

import simcompare.core.formats.results as results_module
from simcompare.core.defaults import default_k
from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder.cleaner_state import CleanerState
from simcompare.core.folder.roots import RootRole, ScanRoot
from simcompare.core.folder.scan import ScanOptions, scan
from simcompare.core.folder.session import FolderSession
from simcompare.core.formats import json_pieces
from simcompare.core.formats.names import json_text
from simcompare.core.formats.results import read_results, results_json, results_text, save_results

K = default_k(64)
NAMES_ARE_BYTES = pytest.mark.skipif(os.name != "posix", reason="file names are bytes on POSIX only")


def the_old_writer(session: FolderSession, groups: list, k: int, cleaner: CleanerState | None = None) -> bytes:
    """What saved results were before they were written in pieces: the whole document, one JSON text."""
    return (json_text(results_json(session, groups, k, cleaner=cleaner), indent=1) + "\n").encode("utf-8")


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    root = tmp_path / "docs"
    texts = {
        "zh_a.txt": ZH_A,
        "sub/zh_b.txt": ZH_B,
        "en_a.txt": EN_A,
        "en_a copy.txt": EN_A + " One more line.",
        "en_b.md": EN_B,
        "other.txt": OTHER,
        "目录/报告 (2).txt": EN_A + " 又一行。",
        'quote"back\\slash.txt': EN_A,
        "bidi\u202etxt.exe": EN_B,
        "nel\x85.txt": OTHER + " and more",
        "empty.txt": "",
    }
    return odd_names_folder(root, texts)


@pytest.fixture
def session(folder: Path) -> FolderSession:
    return FolderSession(scan(folder, Config(segmenter="words"), ScanOptions(workers=1, in_process=True)))


@NAMES_ARE_BYTES
def test_the_pieces_are_the_old_writers_bytes_and_read_back(session: FolderSession, tmp_path: Path) -> None:
    groups = session.groups(K)
    assert groups and session.result.problems and session.result.empty  # the fixture covers them
    assert any(session.hardlink_of(i) is not None for i in range(len(session.files)))
    old = the_old_writer(session, groups, K)
    assert results_text(session, groups, K).encode("utf-8") == old
    saved = tmp_path / "R.json"
    save_results(saved, session, groups, K)
    assert saved.read_bytes() == old
    loaded = read_results(saved)
    assert loaded.result.files == session.files and loaded.result.problems == session.result.problems
    assert not loaded.changed and not loaded.gone
    reopened = FolderSession(loaded.result, min_resemblance=loaded.min_verified)
    assert [g.indices for g in reopened.groups(K)] == [g.indices for g in groups]


@pytest.mark.parametrize("piece", [1, 2, 3, 1000])
def test_any_size_of_piece_gives_the_same_bytes(
    session: FolderSession, monkeypatch: pytest.MonkeyPatch, piece: int
) -> None:
    groups = session.groups(K)
    monkeypatch.setattr(json_pieces, "PIECE", piece)
    pieces = list(results_module.results_pieces(session, groups, K))
    assert "".join(pieces).encode("utf-8") == the_old_writer(session, groups, K)
    if piece == 1:
        assert len(pieces) > len(session.files)  # a record a piece: never the whole list at once


def test_no_groups_and_a_cleaners_decisions_are_the_old_writers_bytes(session: FolderSession, tmp_path: Path) -> None:
    assert results_text(session, [], K).encode("utf-8") == the_old_writer(session, [], K)
    groups = session.groups(K)
    state = CleanerState([session.root])
    state.show_groups(groups)
    state.mark([groups[0].members[-1].index])
    state.choose_reference(groups[0], groups[0].members[-1].index)
    state.leave_out([groups[-1].members[-1].index])  # removed from the results: not listed, 'files' counts the rest
    saved = tmp_path / "R.json"
    save_results(saved, session, groups, K, cleaner=state)
    assert saved.read_bytes() == the_old_writer(session, groups, K, state)
    data = json.loads(saved.read_bytes())
    assert data["files"] == len(session.files) - 1 and "cleaner" in data


def test_several_roots_are_the_old_writers_bytes(tmp_path: Path) -> None:
    for name, text in {"a/one.txt": EN_A, "b/two.txt": EN_A + " again", "c/three.txt": OTHER}.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        make_file(tmp_path / name, text)
    roots = (ScanRoot(str(tmp_path / "a"), RootRole.NORMAL), ScanRoot(str(tmp_path / "b"), RootRole.REFERENCE))
    result = scan(tuple((r.path, r.role) for r in roots), Config(segmenter="words"), ScanOptions(workers=1))
    session = FolderSession(result)
    assert session.result.roots
    groups = session.groups(K)
    assert results_text(session, groups, K).encode("utf-8") == the_old_writer(session, groups, K)


def test_no_files_at_all(tmp_path: Path) -> None:
    (tmp_path / "nothing").mkdir()
    session = FolderSession(scan(tmp_path / "nothing", Config(segmenter="words"), ScanOptions(workers=1)))
    assert results_text(session, [], K).encode("utf-8") == the_old_writer(session, [], K)
    assert '"records": {\n  "path": [],' in results_text(session, [], K)


def test_a_failure_half_way_leaves_the_target_as_it_was(
    session: FolderSession, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saved = tmp_path / "R.json"
    saved.write_bytes(b"the results before")
    real = results_module._column

    def failing(*args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        for number, text in enumerate(real(*args, **kwargs)):  # type: ignore[arg-type]
            if number == 3:
                raise OSError(28, "No space left on device")
            yield text

    monkeypatch.setattr(json_pieces, "PIECE", 1)
    monkeypatch.setattr(results_module, "_column", failing)
    with pytest.raises(OSError, match="No space"):
        save_results(saved, session, session.groups(K), K)
    assert saved.read_bytes() == b"the results before"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []  # the temporary file is gone
