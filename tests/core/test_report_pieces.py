"""The scan's JSON reports written a piece at a time (``report_pieces``, ``pairs_pieces``: what ``scan --json``
prints) are the text of the whole document (``json_text(report_json(...))``, the writer before), with odd names,
an empty file, a problem and a hard link, whatever the size of a piece; and any document written by
``document_pieces`` is what ``json_text`` writes."""

from __future__ import annotations

import io
import json

import pytest
from helpers.names import odd_names_folder
from helpers.texts import EN_A, EN_B, OTHER, ZH_A, ZH_B
from hypothesis import given, settings
from hypothesis import strategies as st

from simcompare.cli.scan import _write
from simcompare.core.defaults import default_k
from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder.scan import ScanOptions, scan
from simcompare.core.folder.session import FolderSession
from simcompare.core.formats import json_pieces
from simcompare.core.formats.json_pieces import document_pieces, dumps_at
from simcompare.core.formats.names import json_text
from simcompare.core.formats.report import pairs_json, pairs_pieces, report_json, report_pieces

K = default_k(64)


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory) -> FolderSession:
    root = tmp_path_factory.mktemp("report") / "docs"
    texts = {
        "zh_a.txt": ZH_A,
        "sub/zh_b.txt": ZH_B,
        "目录/zh_a (2).txt": ZH_A,
        "en_a.txt": EN_A,
        "en_a copy.txt": EN_A + " One more line.",
        "en_a again.txt": EN_A + " Another line.",
        "en_b.md": EN_B,
        "other.txt": OTHER,
        'quote"back\\slash.txt': EN_A,
        "bidi\u202etxt.exe": EN_B,
        "nel\x85.txt": OTHER + " and more",
        "empty.txt": "",
    }
    odd_names_folder(root, texts)
    return FolderSession(scan(root, Config(segmenter="words"), ScanOptions(workers=1, in_process=True)))


@pytest.mark.parametrize("piece", [1, 2, 500])
def test_the_reports_pieces_are_the_whole_documents_text(
    session: FolderSession, monkeypatch: pytest.MonkeyPatch, piece: int
) -> None:
    monkeypatch.setattr(json_pieces, "PIECE", piece)
    groups = session.groups(K)
    assert len(groups) >= 2 and session.result.problems and session.result.empty  # the fixture covers them
    pieces = list(report_pieces(session, groups, K))
    assert "".join(pieces) == json_text(report_json(session, groups, K))
    if piece == 1:
        assert len(pieces) > len(groups)  # a group a piece: never the whole list at once
    pairs = session.all_pairs(K)
    assert len(pairs.left) >= 2
    assert "".join(pairs_pieces(session, pairs, groups, K)) == json_text(pairs_json(session, pairs, groups, K))


def test_a_report_without_groups_or_pairs_is_the_whole_documents_text(session: FolderSession) -> None:
    assert "".join(report_pieces(session, [], K)) == json_text(report_json(session, [], K))
    none = session.all_pairs(K).select(session.all_pairs(K).distance < 0)
    assert "".join(pairs_pieces(session, none, [], K)) == json_text(pairs_json(session, none, [], K))


def test_the_command_writes_the_pieces_and_a_newline(session: FolderSession) -> None:
    out = io.StringIO()
    _write(report_pieces(session, session.groups(K), K), out)
    assert out.getvalue() == json_text(report_json(session, session.groups(K), K)) + "\n"
    assert json.loads(out.getvalue())["files"] == len(session.files)


_NAMES = st.text(max_size=6) | st.sampled_from(["caf\udce9", "a\nb", "\x1b[31m", "\u2028", "\x85", 'q"\\'])
_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | _NAMES,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_NAMES, inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(
    head=st.dictionaries(_NAMES, _VALUES, max_size=5),
    items=st.lists(_VALUES, max_size=7),
    indent=st.integers(1, 3),
    piece=st.integers(1, 3),
)
def test_any_document_written_in_pieces_is_json_texts(head: dict, items: list, indent: int, piece: int) -> None:
    """``document_pieces`` with one key's list given item by item writes what ``json_text`` writes of the whole."""
    old = json_pieces.PIECE
    json_pieces.PIECE = piece
    try:
        whole = {**head, "listed": items}
        texts = (dumps_at(item, 2, indent) for item in items)
        assert "".join(document_pieces(whole, {"listed": texts}, indent)) == json_text(whole, indent=indent)
        assert "".join(document_pieces(head, {}, indent)) == json_text(head, indent=indent)
    finally:
        json_pieces.PIECE = old
