"""Bytes to clean text: decoding, HTML to visible text, normalisation (DESIGN.md §2, steps 1–2)."""

from __future__ import annotations

import codecs
import re
import unicodedata
from dataclasses import dataclass

from simcompare.core.errors import BinaryInputError, UndecodableInputError

HTML_SUFFIXES = frozenset({".html", ".htm", ".xhtml"})

_BOMS: tuple[tuple[bytes, str], ...] = (
    # UTF-32 first: its little-endian BOM starts with UTF-16's.
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)

# Share of non-ASCII characters that must be common GB2312 ones for a GB18030 reading to be trusted
# over Big5: Big5 bytes always parse as GB18030 too (measured: Big5 scores 0–0.2, real GBK 0.79–1).
_GB2312_TRUST = 0.5


@dataclass(frozen=True, slots=True)
class Decoded:
    """A decoded text and how it was decoded.

    Attributes:
        text: The text.
        encoding: The codec that produced it.
        guessed: True when no BOM, strict UTF-8 or trusted GB18030 reading decided it.
    """

    text: str
    encoding: str
    guessed: bool = False


def decode(data: bytes) -> Decoded:
    """Decode bytes by the contract's order: BOM, strict UTF-8, GB18030, then a detector's guess.

    Raises:
        BinaryInputError: the bytes hold NUL bytes and are not UTF-16/32 text.
        UndecodableInputError: no encoding reads the bytes.
    """
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            try:
                return Decoded(data[len(bom) :].decode(encoding), encoding)
            except UnicodeDecodeError as error:
                raise UndecodableInputError(
                    f"starts with a {encoding} byte-order mark but is not {encoding}"
                ) from error
    if b"\x00" in data:
        guess = _guess_bomless_utf16(data)
        if guess is None:
            raise BinaryInputError("holds NUL bytes: looks like a binary file, not text")
        return guess
    try:
        return Decoded(data.decode("utf-8"), "utf-8")
    except UnicodeDecodeError:
        pass
    gb_text = _strict(data, "gb18030")
    if gb_text is not None and _gb2312_share(gb_text) >= _GB2312_TRUST:
        return Decoded(gb_text, "gb18030")
    big5_text = _strict(data, "big5")
    if big5_text is not None:
        return Decoded(big5_text, "big5", guessed=True)
    if gb_text is not None:
        return Decoded(gb_text, "gb18030", guessed=True)
    return _detector_guess(data)


def _strict(data: bytes, encoding: str) -> str | None:
    try:
        return data.decode(encoding)
    except UnicodeDecodeError:
        return None


def _gb2312_share(text: str) -> float:
    """Share of the non-ASCII characters that are GB2312 hanzi or its common punctuation.

    Big5 bytes read as GB18030 land mostly on kana, private-use and rare characters; real simplified
    Chinese text lands on GB2312's hanzi rows (lead byte 0xB0 and up) and punctuation rows (0xA1, 0xA3).
    """
    foreign = [ch for ch in text if ord(ch) > 0x7F]
    if not foreign:
        return 1.0
    return sum(1 for ch in foreign if _common_gb2312(ch)) / len(foreign)


def _common_gb2312(ch: str) -> bool:
    try:
        lead = ch.encode("gb2312")[0]
    except UnicodeEncodeError:
        return False
    return lead >= 0xB0 or lead in (0xA1, 0xA3)


def _guess_bomless_utf16(data: bytes) -> Decoded | None:
    """UTF-16 without a BOM: mostly-ASCII text has NUL in every other byte."""
    if len(data) < 2 or len(data) % 2:
        return None
    even_nuls = data[0::2].count(0)
    odd_nuls = data[1::2].count(0)
    half = len(data) // 2
    for nuls, encoding in ((odd_nuls, "utf-16-le"), (even_nuls, "utf-16-be")):
        if nuls >= 0.3 * half:
            text = _strict(data, encoding)
            if text is not None and "\x00" not in text:
                return Decoded(text, encoding, guessed=True)
    return None


def _detector_guess(data: bytes) -> Decoded:
    from charset_normalizer import from_bytes

    best = from_bytes(data).best()
    if best is None or best.encoding is None:
        raise UndecodableInputError("is not text in any encoding simcompare knows (tried UTF-8, GB18030, Big5)")
    return Decoded(str(best), best.encoding, guessed=True)


# ---------------------------------------------------------------------------------------------- HTML

_HTML_START = re.compile(r"\A\s*(?:<!doctype\s+html|<html[\s>])", re.IGNORECASE)

# Elements whose text a reader never sees.
_INVISIBLE = ("script", "style", "noscript", "template", "head", "title", "meta", "iframe", "object", "svg")

_BLOCK_TAGS = frozenset(
    [
        "address",
        "article",
        "aside",
        "blockquote",
        "dd",
        "details",
        "div",
        "dl",
        "dt",
        "fieldset",
        "figcaption",
        "figure",
        "footer",
        "form",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "header",
        "hr",
        "li",
        "main",
        "nav",
        "ol",
        "p",
        "pre",
        "section",
        "summary",
        "table",
        "tbody",
        "td",
        "tfoot",
        "th",
        "thead",
        "tr",
        "ul",
    ]
)


def _render_whitespace(text: str) -> str:
    return _WHITESPACE.sub(" ", _CJK_LINE_BREAK.sub("", text))


def looks_like_html(text: str) -> bool:
    """True when text unmistakably is an HTML document: a doctype or <html> root after optional space."""
    return _HTML_START.match(text) is not None


def html_to_text(markup: str) -> str:
    """The text a reader sees in an HTML document: scripts, styles, the head and comments dropped.

    Whitespace in the markup is rendered as a browser does: a line break between two CJK characters
    vanishes, any other run becomes one space. Block elements are set apart by a space, so words in
    neighbouring paragraphs never run together; inline elements (b, a, span …) join their text without one.
    ``<br>`` is a line break, read like one in a plain text file (normalize decides what it separates).
    """
    from bs4 import BeautifulSoup, Comment, NavigableString, Tag

    soup = BeautifulSoup(markup, "html.parser")
    for comment in soup.find_all(string=lambda s: isinstance(s, Comment)):
        comment.extract()
    for tag in soup.find_all(_INVISIBLE):
        tag.decompose()

    parts: list[str] = []

    def walk(node: Tag) -> None:
        for child in node.children:
            if isinstance(child, NavigableString):
                if type(child) is NavigableString:  # not a doctype, CDATA or processing instruction
                    parts.append(_render_whitespace(str(child)))
            elif isinstance(child, Tag):
                if child.name == "br":
                    parts.append("\n")  # a hard line break, read like one in a text file
                    continue
                block = child.name in _BLOCK_TAGS
                if block:
                    parts.append(" ")
                walk(child)
                if block:
                    parts.append(" ")

    walk(soup)
    return "".join(parts)


# --------------------------------------------------------------------------------------- normalising

_CJK = r"\u2e80-\u9fff\uf900-\ufaff\U00020000-\U0003ffff\u3000-\u303f\uff00-\uffef"
_CJK_LINE_BREAK = re.compile(rf"(?<=[{_CJK}])[ \t\u3000]*(?:\r\n|\r|\n)\s*(?=[{_CJK}])")
_BARE_LINE_BREAK = re.compile(r"(?<=\S)(?:\r\n|\r|\n)(?=\S)")
# Whitespace that is not already a single space: replacing every single space by a space cost half the
# time of cleaning an English text.
_WHITESPACE = re.compile(r"\s{2,}|[^\S ]")
# Above this share of ideographs among ideographs and Latin letters a text is taken as Chinese-wrapped.
CJK_WRAPPED_SHARE = 0.3

# Counted on UTF-8 bytes with bytes.translate, far quicker than a regular expression over the text:
# lead bytes E4–E9 begin the ideographs U+4000–U+9FFF (the common ones), A–Z and a–z are Latin letters.
_ALL_BUT_IDEOGRAPH_LEADS = bytes(b for b in range(256) if not 0xE4 <= b <= 0xE9)
_ALL_BUT_LATIN = bytes(b for b in range(256) if not (0x41 <= b <= 0x5A or 0x61 <= b <= 0x7A))


def is_cjk_text(text: str) -> bool:
    """True when ideographs make up a good share of the letters: a text wrapped the Chinese way."""
    data = text.encode("utf-8", "surrogatepass")
    ideographs = len(data.translate(None, _ALL_BUT_IDEOGRAPH_LEADS))
    latin = len(data.translate(None, _ALL_BUT_LATIN))
    return ideographs > 0 and ideographs >= CJK_WRAPPED_SHARE * (ideographs + latin)


def normalize(text: str) -> str:
    """NFKC, case folding, wrapping undone, other whitespace runs collapsed to one space.

    Chinese is wrapped without spaces, so a line break between two CJK characters is removed. In a
    mostly-Chinese text, a wrapper breaks embedded English words too ("pass\nword"): there a bare line
    break (no space beside it) between two non-space characters is removed as well, while a break with
    indentation or a trailing space still separates words.
    """
    if not unicodedata.is_normalized("NFKC", text):  # the check is far quicker than normalising
        text = unicodedata.normalize("NFKC", text)
    text = _CJK_LINE_BREAK.sub("", text).casefold()
    # Only a bare break left beside a non-CJK character can split a word; measuring how Chinese the
    # text is costs a pass over it, so look for such a break first.
    if _BARE_LINE_BREAK.search(text) and is_cjk_text(text):
        text = _BARE_LINE_BREAK.sub("", text)
    return _WHITESPACE.sub(" ", text).strip()


def clean(text: str, *, html: bool | None = None) -> str:
    """Visible, normalised text.

    Args:
        text: Decoded input.
        html: True to treat it as HTML, False never to, None to decide by its content.
    """
    if html is None:
        html = looks_like_html(text)
    if html:
        text = html_to_text(text)
    return normalize(text)
