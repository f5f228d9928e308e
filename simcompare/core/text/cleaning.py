"""Bytes to clean text: decoding, HTML to visible text, normalisation (DESIGN.md §2, steps 1–2)."""

from __future__ import annotations

import codecs
import os
import re
import sys
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from html.parser import HTMLParser
from pathlib import PurePath

import numpy as np

from simcompare.core.errors import BinaryInputError, UndecodableInputError

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
        guess = _guess_bomless_utf16_32(data)
        if guess is None:
            raise BinaryInputError("holds NUL bytes: looks like a binary file, not text")
        return guess
    try:
        return Decoded(data.decode("utf-8"), "utf-8")
    except UnicodeDecodeError:
        pass
    return _legacy(data)


def _legacy(data: bytes) -> Decoded:
    """Bytes in a legacy encoding. Only a trusted GB18030 reading is called certain; the rest are guesses.

    Each CJK encoding reads many others' bytes without error, so each is tested for what its own text
    always has: Japanese has kana, Korean is mostly Hangul syllables, Chinese mostly common hanzi, and a
    Latin single-byte text has its accented letters alone between ASCII ones (a CJK character is two bytes
    of 0x80 and up, or in Big5 one such byte and an ASCII one).
    """
    japanese = _japanese(data)
    if japanese is not None:
        return japanese
    wide = _bomless_utf16_without_nul(data)
    if wide is not None:
        return wide
    gb_text = _strict(data, "gb18030")
    gb_trusted = gb_text is not None and _gb2312_share(gb_text) >= _GB2312_TRUST
    korean = _strict(data, "euc_kr")
    if korean is not None and _share(korean, _is_hangul) >= _KOREAN_SHARE:
        # Korean bytes are common hanzi in GB2312 too; only a text long enough to tell is taken as Korean.
        if not gb_trusted or sum(map(_is_hangul, korean)) >= _KOREAN_MIN_SYLLABLES:
            return Decoded(korean, "euc_kr", guessed=True)
        return Decoded(gb_text or "", "gb18030", guessed=True)
    if gb_trusted:
        return Decoded(gb_text or "", "gb18030")
    big5_text = _strict(data, "big5")
    if big5_text is not None and _share(big5_text, _common_big5) >= _GB2312_TRUST:
        return Decoded(big5_text, "big5", guessed=True)
    if _looks_single_byte(data) or (big5_text is None and gb_text is None):
        return _single_byte(data)
    if big5_text is not None:
        return Decoded(big5_text, "big5", guessed=True)
    if gb_text is not None:
        return Decoded(gb_text, "gb18030", guessed=True)
    return _detector_guess(data)


# Share of the non-ASCII characters a reading must give of its language's own kind to be taken.
_KANA_SHARE = 0.15
_KOREAN_SHARE = 0.8
_KOREAN_MIN_SYLLABLES = 10
_WIDE_CJK_SHARE = 0.9
_SINGLE_BYTE_SHARE = 0.6
_SINGLE_BYTE_CANDIDATES = ("cp1252", "cp1250", "cp1254", "cp1257", "cp1251")
# Letters and signs that real Latin, Central European and Cyrillic texts use; a wrong code page turns
# some of its letters into others (³, ¹, ð, þ, ÷ …), which count against it.
_USUAL = (
    frozenset(
        "áàâäãåçéèêëíìîïñóòôöõøúùûüýÿæœßąćęłńśźżčďěňřšťůžőűğışėįųūāēīļķņ¿¡«»°€£§"
        "ÁÀÂÄÃÅÇÉÈÊËÍÌÎÏÑÓÒÔÖÕØÚÙÛÜÝŸÆŒĄĆĘŁŃŚŹŻČĎĚŇŘŠŤŮŽŐŰĞİŞĖĮŲŪĀĒĪĻĶŅ"
    )
    | frozenset(map(chr, range(0x0410, 0x0450)))
    | frozenset("ЁёЄєІіЇїЎў–—‘’“”„…")
)


def _share(text: str, test: Callable[[str], bool]) -> float:
    foreign = [ch for ch in text if ord(ch) > 0x7F]
    if not foreign:
        return 0.0
    return sum(1 for ch in foreign if test(ch)) / len(foreign)


def _is_kana(ch: str) -> bool:
    return "\u3040" <= ch <= "\u30ff"  # full-width hiragana and katakana (half-width kana are ambiguous)


def _is_hangul(ch: str) -> bool:
    return "\uac00" <= ch <= "\ud7a3"


def _common_big5(ch: str) -> bool:
    try:
        lead = ch.encode("big5")[0]
    except UnicodeEncodeError:
        return False
    return 0xA4 <= lead <= 0xC6 or 0xA1 <= lead <= 0xA3  # frequent hanzi and punctuation


def _japanese(data: bytes) -> Decoded | None:
    # EUC-JP first: its kana bytes read as half-width katakana in Shift-JIS, never the other way round.
    for encoding in ("euc_jp", "cp932"):
        text = _strict(data, encoding)
        if text is not None and _share(text, _is_kana) >= _KANA_SHARE:
            return Decoded(text, encoding, guessed=True)
    return None


def _looks_single_byte(data: bytes) -> bool:
    """True when most runs of bytes 0x80 and up are one byte long: accents between ASCII letters."""
    runs = _HIGH_RUNS.findall(data)
    return bool(runs) and sum(1 for run in runs if len(run) == 1) >= _SINGLE_BYTE_SHARE * len(runs)


_HIGH_RUNS = re.compile(rb"[\x80-\xff]+")


def _single_byte(data: bytes) -> Decoded:
    """The code page whose reading gives the most usual letters (ties go to Windows-1252)."""
    best: tuple[int, str, str] | None = None
    for encoding in _SINGLE_BYTE_CANDIDATES:
        text = _strict(data, encoding)
        if text is None:
            continue
        score = _single_byte_score(text)
        if best is None or score > best[0]:
            best = (score, encoding, text)
    if best is None:
        return Decoded(data.decode("latin-1"), "latin-1", guessed=True)
    return Decoded(best[2], best[1], guessed=True)


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


def _guess_bomless_utf16_32(data: bytes) -> Decoded | None:
    """UTF-32 or UTF-16 without a BOM: NUL bytes where ASCII (and, in UTF-32, most text) has them.

    Taken only when a strict reading gives plausible text (no NUL, no control characters but
    whitespace, nothing unassigned or private); NULs on odd byte positions speak for little-endian.
    """
    odd, even = data[1::2].count(0), data[0::2].count(0)
    orders = ("le", "be") if odd >= even else ("be", "le")
    # In UTF-16 text the NULs are the high bytes of ASCII and Latin-1 characters: nearly all on one side.
    one_sided = max(odd, even) >= _UTF16_NUL_SIDE * (odd + even)
    for width, size in (("32", 4), ("16", 2)):
        if len(data) % size or (size == 2 and not one_sided):
            continue
        for order in orders:
            encoding = f"utf-{width}-{order}"
            text = _strict(data, encoding)
            if text is not None and _plausible(text):
                return Decoded(text, encoding, guessed=True)
    return None


_UTF16_NUL_SIDE = 0.9


_WORD = re.compile(r"\w+")
_ASCII_LETTER = re.compile(r"[A-Za-z]")


def _single_byte_score(text: str) -> int:
    """How much a reading looks like real text: usual letters in words of one script.

    A Latin word's accents sit among ASCII letters; a Cyrillic word has no ASCII letters. A wrong code
    page gives unusual signs, or Latin accents making up whole words, or Cyrillic mixed into Latin.
    """
    score = 0
    for word in _WORD.findall(text):
        has_ascii = _ASCII_LETTER.search(word) is not None
        for ch in word:
            if ord(ch) < 0x80:
                continue
            if ch not in _USUAL:
                score -= 1
            elif "\u0400" <= ch <= "\u04ff":
                score += -1 if has_ascii else 1
            elif has_ascii:
                score += 1
    return score + sum(1 if ch in _USUAL else -1 for ch in _WORD.sub("", text) if ord(ch) > 0x7F)


def _bomless_utf16_without_nul(data: bytes) -> Decoded | None:
    """UTF-16 without a BOM of a text with no ASCII at all: nearly every character a hanzi, kana or CJK sign."""
    if len(data) < 8 or len(data) % 2:
        return None
    for encoding in ("utf-16-le", "utf-16-be"):
        text = _strict(data, encoding)
        if text is not None and _share(text, _is_wide) >= _WIDE_CJK_SHARE and _plausible(text):
            return Decoded(text, encoding, guessed=True)
    return None


def _is_wide(ch: str) -> bool:
    # Not Hangul: GBK and Big5 bytes read as UTF-16 land on Hangul syllables, never on the ideographs.
    return "\u3000" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff" or "\uff00" <= ch <= "\uffef"


_CONTROL = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f]")


def _plausible(text: str) -> bool:
    if not text or _CONTROL.search(text):
        return False
    return not any(unicodedata.category(ch) in ("Cn", "Co", "Cs") for ch in set(text))


def _detector_guess(data: bytes) -> Decoded:
    from charset_normalizer import from_bytes

    best = from_bytes(data).best()
    if best is None or best.encoding is None:
        raise UndecodableInputError("is not text in any encoding simcompare knows (tried UTF-8, GB18030, Big5)")
    return Decoded(str(best), best.encoding, guessed=True)


# ---------------------------------------------------------------------------------------------- HTML

_HTML_SUFFIXES = frozenset({".html", ".htm", ".xhtml"})
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


def read_as_html(text: str, *, asked: bool = False, path: str | os.PathLike[str] | None = None) -> bool:
    """Whether a text is read as HTML: the one rule every reader of text follows.

    When asked (``Config.html``, ``--html``, the window's box), when the file's name ends in .html, .htm or
    .xhtml, or when the text unmistakably is an HTML document: a doctype or an <html> root after optional
    space. Anything else is plain text, so a text that only mentions a tag keeps it as words.
    """
    if asked or (path is not None and PurePath(path).suffix.lower() in _HTML_SUFFIXES):
        return True
    return _HTML_START.match(text) is not None


# Elements that have no end tag: they hold nothing, so they never stay open (BeautifulSoup's list for the
# standard library's parser, which the cleaner's output was first defined by).
_VOID_TAGS = frozenset(
    {
        *("area", "base", "br", "col", "embed", "hr", "img", "input", "keygen", "link", "menuitem", "meta"),
        *("param", "source", "track", "wbr", "basefont", "bgsound", "command", "frame", "image", "isindex"),
        *("nextid", "spacer"),
    }
)


def html_to_text(markup: str) -> str:
    """The text a reader sees in an HTML document: scripts, styles, the head and comments dropped.

    Whitespace in the markup is rendered as a browser does: a line break between two CJK characters
    vanishes, any other run becomes one space. Block elements are set apart by a space, so words in
    neighbouring paragraphs never run together; inline elements (b, a, span …) join their text without one.
    ``<br>`` is a line break, read like one in a plain text file (normalize decides what it separates).

    The markup is read as a stream of tags and text (the standard library's tokenizer), never built into
    a tree: memory is the text plus one reference per element still open, so any markup takes a small
    multiple of its own size (BeautifulSoup's tree took 250 times the size of 2 MB of unclosed tags), and
    depth costs nothing (a document nested 100,000 deep is read like any other). An end tag closes the
    latest open element of its name and every element opened inside it; one that closes nothing is
    ignored; elements left open end with the document.
    """
    reader = _HtmlText()
    reader.feed(markup)
    reader.close()
    return "".join(reader.parts)


class _HtmlText(HTMLParser):
    """The visible text of markup, tag by tag (see ``html_to_text``)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._data: list[str] = []  # text since the last tag: one run, rendered at once
        self._open: list[str] = []  # names of the open elements, interned: a reference each
        self._count: dict[str, int] = {}  # how many of each name are open, so a stray end tag costs no search
        self._hidden = 0  # open invisible elements: while any is, nothing is kept

    def _flush(self) -> None:
        if self._data:
            if not self._hidden:
                self.parts.append(_render_whitespace("".join(self._data)))
            self._data.clear()

    def handle_data(self, data: str) -> None:
        self._data.append(data)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._flush()
        if tag == "br":
            if not self._hidden:
                self.parts.append("\n")
            return
        if tag in _VOID_TAGS:
            if tag in _BLOCK_TAGS and not self._hidden:  # <hr>: a block with nothing inside
                self.parts.append("  ")
            return
        tag = sys.intern(tag)
        if tag in _INVISIBLE:
            self._hidden += 1
        elif tag in _BLOCK_TAGS and not self._hidden:
            self.parts.append(" ")
        self._open.append(tag)
        self._count[tag] = self._count.get(tag, 0) + 1

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in _VOID_TAGS and tag != "br":
            self.handle_endtag(tag)

    def handle_endtag(self, tag: str) -> None:
        self._flush()
        if not self._count.get(tag):
            return
        while True:
            name = self._open.pop()
            self._close(name)
            if name == tag:
                return

    def _close(self, name: str) -> None:
        self._count[name] -= 1
        if name in _INVISIBLE:
            self._hidden -= 1
        elif name in _BLOCK_TAGS and not self._hidden:
            self.parts.append(" ")

    def handle_comment(self, data: str) -> None:
        self._flush()

    def handle_decl(self, decl: str) -> None:
        self._flush()

    def handle_pi(self, data: str) -> None:
        self._flush()

    def unknown_decl(self, data: str) -> None:
        self._flush()

    def close(self) -> None:
        super().close()
        self._flush()
        while self._open:
            self._close(self._open.pop())


# --------------------------------------------------------------------------------------- normalising

_CJK = r"\u2e80-\u9fff\uf900-\ufaff\U00020000-\U0003ffff\u3000-\u303f\uff00-\uffef"
# A line break between two CJK characters, with the spaces around it: spaces, then a break, then any
# whitespace, between CJK characters. Written to begin with the class of its first character (the look
# behind comes after it), so the engine skips ahead to the next space or break instead of trying the look
# behind at every character: twice as fast, the same matches.
_CJK_LINE_BREAK = re.compile(rf"(?s)[ \t\u3000\r\n](?<=[{_CJK}].)(?:(?<=[\r\n])|[ \t\u3000]*[\r\n])\s*(?=[{_CJK}])")
# A line break (\r\n, \r or \n) between two non-space characters; written to start with the break itself,
# so the engine leaps from break to break instead of trying a lookbehind at every character.
_BARE_LINE_BREAK = re.compile(r"[\r\n](?<=\S[\r\n])(?:(?<=\r)\n)?(?=\S)")
# Whitespace that is not already a single space: replacing every single space by a space cost half the
# time of cleaning an English text.
_WHITESPACE = re.compile(r"\s{2,}|[^\S ]")
# Above this share of ideographs among ideographs and Latin letters a text is taken as Chinese-wrapped.
CJK_WRAPPED_SHARE = 0.3

# Counted on UTF-8 bytes with bytes.translate, far quicker than a regular expression over the text:
# lead bytes E4–E9 begin the ideographs U+4000–U+9FFF (the common ones), A–Z and a–z are Latin letters.
_ALL_BUT_IDEOGRAPH_LEADS = bytes(b for b in range(256) if not 0xE4 <= b <= 0xE9)
_ALL_BUT_LATIN = bytes(b for b in range(256) if not (0x41 <= b <= 0x5A or 0x61 <= b <= 0x7A))


# Every character of _CJK is written in UTF-8 with one of these lead bytes (U+3000–U+9FFF: E3–E9; the
# compatibility ideographs and the full-width forms: EF; the ideographs beyond the BMP: F0), or as E2 BA–E2 BF
# (U+2E80–U+2FFF). E2 alone would not do: curly quotes and dashes begin with it.
_ALL_BUT_CJK_LEADS = bytes(b for b in range(256) if not (0xE2 <= b <= 0xE9 or b in (0xEF, 0xF0)))
_CJK_AFTER_E2 = re.compile(b"\xe2[\xba-\xbf]").search  # a literal first byte: found by a quick scan
_CJK_SEARCH = re.compile(f"[{_CJK}]").search
_CJK_SEARCH_FIRST = 2000  # characters a regular expression looks at before the quicker test of the whole


def may_hold_cjk(text: str) -> bool:
    """False only when the text holds no CJK character (``_CJK``): then no rule about them need run.

    Chinese text says so in its first characters; for the rest, the test of the whole goes over UTF-8 bytes
    with C loops (encoding, deleting the bytes no CJK character begins with), a tenth of the time a regular
    expression takes over an English text.
    """
    if text.isascii():
        return False
    if _CJK_SEARCH(text, 0, _CJK_SEARCH_FIRST):
        return True
    data = text.encode("utf-8", "surrogatepass")
    leads = data.translate(None, _ALL_BUT_CJK_LEADS)
    if leads.strip(b"\xe2"):
        return True  # a lead byte other than E2
    return bool(leads) and _CJK_AFTER_E2(data) is not None


def is_cjk_text(text: str) -> bool:
    """True when ideographs make up a good share of the letters: a text wrapped the Chinese way."""
    data = text.encode("utf-8", "surrogatepass")
    ideographs = len(data.translate(None, _ALL_BUT_IDEOGRAPH_LEADS))
    latin = len(data.translate(None, _ALL_BUT_LATIN))
    return ideographs > 0 and ideographs >= CJK_WRAPPED_SHARE * (ideographs + latin)


# Where the compatibility forms of everyday text live: Latin-1 (no-break space), general punctuation,
# CJK symbols and punctuation, half- and full-width forms. Characters elsewhere are left to NFKC itself.
_FOLDED_BLOCKS = ((0xA0, 0x100), (0x2000, 0x2070), (0x3000, 0x3040), (0xFF00, 0xFFF0))
_NFKC_SLICE = 1 << 20


@cache
def _one_character_decompositions() -> np.ndarray:
    """For each code point of the Basic Multilingual Plane, the single character that is its compatibility
    decomposition (NFKD) when it is in one of the folded blocks, or itself."""
    table = np.arange(0x10000, dtype=np.uint32)
    for first, end in _FOLDED_BLOCKS:
        for code in range(first, end):
            decomposed = unicodedata.normalize("NFKD", chr(code))
            if len(decomposed) == 1:
                table[code] = ord(decomposed)
    return table


def nfkc(text: str) -> str:
    """``unicodedata.normalize("NFKC", text)``, quicker on the usual Chinese text.

    Such text is rarely in NFKC only because of full-width punctuation and digits (，：（）１２), whose
    decompositions are single characters. Replacing every character by its one-character decomposition
    first, with a table lookup over the whole text, changes nothing in the text's NFKD (a decomposition is
    already fully decomposed), so its NFKC is the same; and what is left is then most often normalised.
    """
    if unicodedata.is_normalized("NFKC", text):  # the check is far quicker than normalising
        return text
    table = _one_character_decompositions()
    folded = []
    for start in range(0, len(text), _NFKC_SLICE):  # in slices: a few arrays of 4 bytes a character at a time
        codes = np.frombuffer(text[start : start + _NFKC_SLICE].encode("utf-32-le", "surrogatepass"), np.uint32)
        mapped = np.where(codes < 0x10000, table[np.minimum(codes, 0xFFFF)], codes)
        folded.append(mapped.astype("<u4").tobytes().decode("utf-32-le", "surrogatepass"))
    text = "".join(folded)
    if unicodedata.is_normalized("NFKC", text):
        return text
    return _nfkc_by_line(text)


def _nfkc_by_line(text: str) -> str:
    """NFKC a line at a time, normalising only the lines that need it (most often a few of a long text: a
    ligature, a superscript, a letter and its separate accent).

    The same as normalising the whole: a line break has no decomposition, is a starter and composes with
    nothing, so no step of NFKC (decomposing, reordering the marks between two starters, composing with the
    last starter not blocked) reaches across it.
    """
    is_normalized, normalize = unicodedata.is_normalized, unicodedata.normalize
    return "\n".join(line if is_normalized("NFKC", line) else normalize("NFKC", line) for line in text.split("\n"))


def normalize(text: str) -> str:
    """NFKC, case folding, wrapping undone, other whitespace runs collapsed to one space.

    Chinese is wrapped without spaces, so a line break between two CJK characters is removed. In a
    mostly-Chinese text, a wrapper breaks embedded English words too ("pass\nword"): there a bare line
    break (no space beside it) between two non-space characters is removed as well, while a break with
    indentation or a trailing space still separates words.
    """
    text = nfkc(text)
    if may_hold_cjk(text):  # both rules are about CJK text: most other text skips two passes over it
        text = _CJK_LINE_BREAK.sub("", text).casefold()
        # Only a bare break left beside a non-CJK character can split a word; measuring how Chinese the
        # text is costs a pass over it, so look for such a break first.
        if _BARE_LINE_BREAK.search(text) and is_cjk_text(text):
            text = _BARE_LINE_BREAK.sub("", text)
    else:
        text = text.casefold()
    # str.split() cuts at exactly the characters \s matches (both use Py_UNICODE_ISSPACE): every run of
    # whitespace becomes one space and the ends are stripped, four times quicker than a substitution.
    return " ".join(text.split())


def clean(text: str, *, html: bool | None = None) -> str:
    """Visible, normalised text.

    Args:
        text: Decoded input.
        html: True to treat it as HTML, False never to, None to decide by its content.
    """
    if html is None:
        html = read_as_html(text)
    if html:
        text = html_to_text(text)
    return normalize(text)
