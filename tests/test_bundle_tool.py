"""The bundle's build tool, without building (that takes minutes and PyInstaller: ``python tools/build_bundle.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from simcompare.core.text.documents import read_document
from tools.build_bundle import CheckFailed, _pdf, check, size_of


def test_the_hand_written_pdf_has_a_text_layer_pdfium_reads(tmp_path: Path) -> None:
    path = tmp_path / "doc.pdf"
    path.write_bytes(_pdf("near duplicate text inside a portable document"))
    assert "near duplicate text inside a portable document" in read_document(path).text


def test_trying_a_bundle_that_is_not_there_says_build_it_first(tmp_path: Path) -> None:
    with pytest.raises(CheckFailed, match="build the bundle first"):
        check(tmp_path / "simcompare")


def test_the_size_counts_files_not_links(tmp_path: Path) -> None:
    (tmp_path / "a").write_bytes(b"x" * 10)
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b").write_bytes(b"y" * 5)
    (tmp_path / "link").symlink_to(tmp_path / "a")
    assert size_of(tmp_path) == 15
