"""A binary file's kind on the *Not read* tab is said in the window's language (it was English in Chinese)."""

from __future__ import annotations

import pytest

from simcompare.core.folder import skipped
from simcompare.core.formats.names import display_name
from simcompare.core.text.readers import OLE_MAGIC
from simcompare.gui.app import install_translations
from simcompare.gui.folder import binary_kinds
from simcompare.gui.folder.binary_kinds import binary_kind_text

_HEADS = (
    OLE_MAGIC + bytes(200),  # an Office compound file
    b"PK\x03\x04" + bytes(26) + b"data.bin",  # a zip that is no document
    b"BM" + bytes(4) + bytes(4) + bytes(30),  # BMP
    b"BZh91AY&SY" + bytes(30),  # bzip2
    b"MZ" + bytes(100),  # a Windows executable
    bytes(range(256)) * 4,  # NUL bytes among others: no text
)


def test_every_kind_the_scan_can_name_has_words_in_the_window() -> None:
    kinds = {kind for _, _, kind in skipped._MAGIC if kind} | {skipped.binary_kind(head) for head in _HEADS}
    assert "" not in kinds, "a head above is no binary kind any more: the test no longer reaches that kind"
    missing = kinds - binary_kinds._KINDS
    assert not missing, f"kinds the window would show in English: {sorted(missing)}"


@pytest.mark.usefixtures("qapp")
def test_a_kind_is_said_in_chinese_and_an_unknown_one_as_written(qapp) -> None:  # type: ignore[no-untyped-def]
    install_translations(qapp, "zh_CN")
    try:
        assert binary_kind_text("binary data (NUL bytes in its first block)") == "二进制数据（开头一块中有 NUL 字节）"
        assert binary_kind_text("PNG image") == "PNG 图片"
        odd = "a kind from \x1b[31m another version"
        assert binary_kind_text(odd) == display_name(odd)
    finally:
        install_translations(qapp, "en")
    assert binary_kind_text("PNG image") == "PNG image"
