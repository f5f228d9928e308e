"""Reading files (DESIGN.md §2 step 1): decoding real encodings, HTML by suffix or content, clear failures."""

from __future__ import annotations

import codecs
import random

import pytest

import simcompare
from simcompare.core.errors import (
    BinaryInputError,
    MissingFileError,
    NotAFileError,
    PermissionDeniedError,
    TooLargeError,
    UndecodableInputError,
)

SIMPLIFIED = "简体中文是中国大陆通行的文字。我们用这段文字来测试编码的识别是否正确，北京和上海都是大城市。"
TRADITIONAL = "繁體中文是臺灣、香港與澳門通行的文字。許多古籍也以繁體字刊印，讀者須細心辨識。這段文字用來測試編碼。"
MIXED = "Hello world, 你好世界. This is a test file with some English words and 一些中文。\nSecond line."


def _write(tmp_path, name: str, data: bytes):
    path = tmp_path / name
    path.write_bytes(data)
    return path


def _codec(name: str) -> str:
    return codecs.lookup(name).name


@pytest.mark.parametrize(
    ("data", "encodings", "text"),
    [
        pytest.param(MIXED.encode("utf-8"), {"utf-8"}, MIXED, id="utf-8"),
        pytest.param(SIMPLIFIED.encode("utf-8"), {"utf-8"}, SIMPLIFIED, id="utf-8 chinese"),
        pytest.param(codecs.BOM_UTF8 + MIXED.encode("utf-8"), {"utf-8", "utf-8-sig"}, MIXED, id="utf-8 bom"),
        pytest.param(
            codecs.BOM_UTF16_LE + MIXED.encode("utf-16-le"), {"utf-16-le", "utf-16"}, MIXED, id="utf-16-le bom"
        ),
        pytest.param(
            codecs.BOM_UTF16_BE + MIXED.encode("utf-16-be"), {"utf-16-be", "utf-16"}, MIXED, id="utf-16-be bom"
        ),
        pytest.param(
            codecs.BOM_UTF16_BE + SIMPLIFIED.encode("utf-16-be"),
            {"utf-16-be", "utf-16"},
            SIMPLIFIED,
            id="utf-16-be bom chinese",
        ),
        pytest.param(SIMPLIFIED.encode("gbk"), {"gb18030", "gbk"}, SIMPLIFIED, id="gbk"),
        pytest.param(
            (SIMPLIFIED + "扩展字符㐀、欧元€和表情😀。").encode("gb18030"),
            {"gb18030"},
            SIMPLIFIED + "扩展字符㐀、欧元€和表情😀。",
            id="gb18030",
        ),
    ],
)
def test_decoding_without_guessing(tmp_path, data, encodings, text):
    doc = simcompare.read_document(_write(tmp_path, "doc.txt", data))
    assert doc.text == text
    assert _codec(doc.encoding) in encodings
    assert not doc.guessed
    assert doc.size == len(data)
    assert not doc.html


def test_utf16_le_without_bom_is_a_reported_guess(tmp_path):
    data = MIXED.encode("utf-16-le")
    doc = simcompare.read_document(_write(tmp_path, "doc.txt", data))
    assert doc.text == MIXED
    assert _codec(doc.encoding) in {"utf-16-le", "utf-16"}
    assert doc.guessed


BIG5_TEXTS = {
    "paragraph": TRADITIONAL,
    "two short sentences": "今天天氣很好。我們去公園散步吧。",
    "one short sentence": "今天天氣很好。",
    "with ascii": "我們在 2024 年去了臺北 101 大樓，風景非常漂亮。",
}


@pytest.mark.parametrize("text", BIG5_TEXTS.values(), ids=BIG5_TEXTS.keys())
def test_big5_is_a_reported_guess(tmp_path, text):
    data = text.encode("big5")
    doc = simcompare.read_document(_write(tmp_path, "doc.txt", data))
    assert doc.text == text
    assert _codec(doc.encoding) in {"big5", "big5hkscs", "cp950"}
    assert doc.guessed


def test_chinese_file_fingerprints_like_its_text(tmp_path):
    gbk = simcompare.read_document(_write(tmp_path, "gbk.txt", SIMPLIFIED.encode("gbk")))
    utf16 = simcompare.read_document(_write(tmp_path, "u16.txt", codecs.BOM_UTF16_LE + SIMPLIFIED.encode("utf-16-le")))
    expected = simcompare.fingerprint(SIMPLIFIED).value
    assert simcompare.fingerprint(gbk.text).value == expected
    assert simcompare.fingerprint(utf16.text).value == expected


# -------------------------------------------------------------------------------------------- failures

BINARIES = {
    "png header": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10\x00\x00\x00\x10\x08\x06\x00\x00\x00",
    "nul in text": b"plain text\x00with a NUL in the middle",
    "random bytes": random.Random(20240601).randbytes(4096) + b"\x00\x00",
    "all nul": b"\x00" * 64,
    "elf": b"\x7fELF\x02\x01\x01\x00" + bytes(range(256)),
}


@pytest.mark.parametrize("data", BINARIES.values(), ids=BINARIES.keys())
def test_binary_file(tmp_path, data):
    with pytest.raises(simcompare.InputError) as raised:
        simcompare.read_document(_write(tmp_path, "blob.bin", data))
    assert raised.value.code == "binary"
    assert isinstance(raised.value, simcompare.SimcompareError)


def test_missing_file(tmp_path):
    with pytest.raises(simcompare.InputError) as raised:
        simcompare.read_document(tmp_path / "nowhere.txt")
    assert raised.value.code == "missing"


def test_folder(tmp_path):
    (tmp_path / "sub").mkdir()
    with pytest.raises(simcompare.InputError) as raised:
        simcompare.read_document(tmp_path / "sub")
    assert raised.value.code == "not_a_file"


def test_too_large(tmp_path):
    path = _write(tmp_path, "big.txt", b"x" * 11)
    with pytest.raises(simcompare.InputError) as raised:
        simcompare.read_document(path, max_bytes=10)
    assert raised.value.code == "too_large"
    assert simcompare.read_document(path, max_bytes=11).text == "x" * 11
    assert simcompare.read_document(path, max_bytes=None).size == 11


def test_error_codes_differ():
    kinds = (
        BinaryInputError,
        UndecodableInputError,
        MissingFileError,
        NotAFileError,
        PermissionDeniedError,
        TooLargeError,
    )
    assert all(issubclass(kind, simcompare.InputError) for kind in kinds)
    assert len({kind.code for kind in kinds}) == len(kinds)


def test_permission_denied(tmp_path, as_unprivileged):
    path = _write(tmp_path, "secret.txt", b"secret")
    path.chmod(0)
    try:
        with as_unprivileged(), pytest.raises(simcompare.InputError) as raised:
            simcompare.read_document(path)
        assert raised.value.code == "permission"
    finally:
        path.chmod(0o600)


def test_empty_file(tmp_path):
    doc = simcompare.read_document(_write(tmp_path, "empty.txt", b""))
    assert doc.text == ""
    assert doc.size == 0
    assert simcompare.fingerprint(doc.text).empty


# ------------------------------------------------------------------------------------------------ HTML

SNIPPET = "<p>foo<b>bar</b></p><script>hidden()</script>"


@pytest.mark.parametrize("name", ["page.html", "page.htm", "page.xhtml", "PAGE.HTML", "page.Htm"])
def test_html_by_suffix(tmp_path, name):
    doc = simcompare.read_document(_write(tmp_path, name, SNIPPET.encode()))
    assert doc.html
    tokens = [t.token for t in simcompare.fingerprint(doc.text, html=doc.html).tokens]
    assert tokens == ["foobar"]


@pytest.mark.parametrize("name", ["page.txt", "page.html.txt", "html"])
def test_not_html_by_suffix(tmp_path, name):
    doc = simcompare.read_document(_write(tmp_path, name, SNIPPET.encode()))
    assert not doc.html
    tokens = {t.token for t in simcompare.fingerprint(doc.text, html=doc.html).tokens}
    assert {"foo", "bar", "hidden"} <= tokens


@pytest.mark.parametrize(
    "content",
    [
        "<!DOCTYPE html>\n<html><body><p>x</p></body></html>",
        "\n\n   <!doctype html><p>x</p>",
        "<html lang='zh'><body>中文</body></html>",
        "\t<HTML>\n<BODY>x</BODY></HTML>",
    ],
)
def test_html_by_content(tmp_path, content):
    doc = simcompare.read_document(_write(tmp_path, "page.txt", content.encode()))
    assert doc.html


def test_html_by_content_behind_a_bom(tmp_path):
    doc = simcompare.read_document(_write(tmp_path, "page.txt", codecs.BOM_UTF8 + b"<!DOCTYPE html><p>x</p>"))
    assert doc.html


@pytest.mark.parametrize(
    "content",
    [
        "A note about the <html> element: it is the root of a page.",
        "First line\n<!DOCTYPE html>\n<html></html>",
        "<p>just a fragment</p>",
        "<htmlfoo>",
    ],
)
def test_not_html_by_content(tmp_path, content):
    doc = simcompare.read_document(_write(tmp_path, "notes.txt", content.encode()))
    assert not doc.html


def test_gbk_html_file(tmp_path):
    page = f"<!DOCTYPE html><html><head><title>标题</title></head><body><p>{SIMPLIFIED}</p></body></html>"
    doc = simcompare.read_document(_write(tmp_path, "page.htm", page.encode("gbk")))
    assert doc.html
    assert simcompare.fingerprint(doc.text, html=doc.html).value == simcompare.fingerprint(SIMPLIFIED).value
