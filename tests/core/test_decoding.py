"""Encodings a user meets are decoded right or reported as a guess; mojibake is never called certain (issue 10)."""

from __future__ import annotations

from pathlib import Path

import pytest

from simcompare.core.explain.compare import compare_texts
from simcompare.core.fingerprint.simhash import Config, fingerprint, hamming
from simcompare.core.text.cleaning import decode, html_to_text
from simcompare.core.text.documents import read_document

KOREAN = (
    "대한민국은 동아시아의 한반도 남부에 위치한 민주공화국이다. 수도는 서울특별시이며 인구는 약 오천만 명이다. "
    "한국어를 사용하며 경제는 세계적으로 큰 규모를 자랑한다."
)
JAPANESE = "日本語の文章です。東京は日本の首都であり、多くの人々が暮らしています。今日はとてもいい天気ですね。"
CHINESE = "今天天气很好，我们去公园散步吧。明天我们去上海看望朋友，顺便参观博物馆和美术馆。"
FRENCH = "Le café est très apprécié en France. Où est la bibliothèque? Ça va très bien, merci beaucoup."
GERMAN = "Grüße aus München! Die Straße ist schön, und das Wetter ist heiß. Äpfel und Öl."
SPANISH = "¿Dónde está el niño? Mañana iré a la montaña con mi señora."
POLISH = "Zażółć gęślą jaźń. Pchnąć w tę łódź jeża lub ośm skrzyń fig."
CZECH = "Příliš žluťoučký kůň úpěl ďábelské ódy."
TURKISH = "Türkçe öğrenmek güzel. İstanbul'da yaşıyorum ve çalışıyorum."
RUSSIAN = "Привет, как дела? Это пример текста на русском языке для проверки."

CASES = [
    (KOREAN, "euc_kr"),
    (KOREAN, "utf-16-le"),
    (KOREAN, "utf-16-be"),
    (KOREAN, "utf-32-le"),
    (KOREAN, "utf-32-be"),
    (JAPANESE, "shift_jis"),
    (JAPANESE, "cp932"),
    (JAPANESE, "euc_jp"),
    (JAPANESE, "utf-16-le"),
    (JAPANESE, "utf-16-be"),
    (CHINESE, "utf-16-le"),
    (CHINESE, "utf-16-be"),
    (CHINESE, "utf-32-le"),
    (FRENCH, "cp1252"),
    (FRENCH, "latin-1"),
    (FRENCH, "utf-16-le"),
    (FRENCH, "utf-32-be"),
    (GERMAN, "cp1252"),
    (GERMAN, "iso8859_15"),
    (SPANISH, "cp1252"),
    (POLISH, "cp1250"),
    (CZECH, "cp1250"),
    (TURKISH, "cp1254"),
    (RUSSIAN, "cp1251"),
]


@pytest.mark.parametrize(("text", "encoding"), CASES, ids=[f"{t[:6]}-{e}" for t, e in CASES])
def test_decoded_right_and_reported_as_a_guess(text: str, encoding: str) -> None:
    decoded = decode(text.encode(encoding))
    assert decoded.text == text
    assert decoded.guessed


MOJIBAKE_PRONE = [
    (POLISH, "iso8859_2"),
    (RUSSIAN, "koi8_r"),
    (KOREAN, "cp949"),
    ("北京", "gbk"),
    ("naïve café", "cp1252"),
    ("Ça va", "cp1252"),
]


@pytest.mark.parametrize(("text", "encoding"), MOJIBAKE_PRONE, ids=[e for _, e in MOJIBAKE_PRONE])
def test_a_reading_that_may_be_mojibake_is_never_certain(text: str, encoding: str) -> None:
    decoded = decode(text.encode(encoding))
    assert decoded.text == text or decoded.guessed


def test_chinese_gbk_is_still_certain() -> None:
    decoded = decode(CHINESE.encode("gbk"))
    assert (decoded.text, decoded.encoding, decoded.guessed) == (CHINESE, "gb18030", False)


def test_a_korean_file_is_its_utf8_copy(tmp_path: Path) -> None:
    (tmp_path / "ko-euc.txt").write_bytes(KOREAN.encode("euc_kr"))
    (tmp_path / "ko-utf8.txt").write_bytes(KOREAN.encode("utf-8"))
    config = Config()
    euc, utf8 = read_document(tmp_path / "ko-euc.txt"), read_document(tmp_path / "ko-utf8.txt")
    assert euc.guessed and not utf8.guessed
    a, b = fingerprint(euc.text, config), fingerprint(utf8.text, config)
    assert hamming(a, b) == 0 and compare_texts(euc.text, utf8.text, config).near_duplicate


@pytest.mark.parametrize("data", [b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4, b"\x00\x01\x02binary\x00data" * 20])
def test_binary_stays_binary(data: bytes) -> None:
    from simcompare.core.errors import BinaryInputError

    with pytest.raises(BinaryInputError):
        decode(data)


@pytest.mark.parametrize("depth", [3000, 30000])
def test_deeply_nested_html_is_read(depth: int) -> None:
    markup = "<html><body>" + "<div><b>" * depth + "hello 你好" + "</b></div>" * depth + "</body></html>"
    assert html_to_text(markup).split() == ["hello", "你好"]
