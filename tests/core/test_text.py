"""Cleaning (DESIGN.md §2 step 2): HTML to visible text, NFKC, case folding and whitespace."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import simcompare
from simcompare.core.fingerprint.simhash import extract_features
from simcompare.core.text.cleaning import clean, html_to_text, normalize, read_as_html

FAST = settings(max_examples=30, deadline=None, database=None)

PAGE = """<!DOCTYPE html>
<html lang="zh">
<head>
  <meta charset="utf-8">
  <title>headtitle</title>
  <style>body { color: stylered; }</style>
  <script>var scriptsecret = 1;</script>
</head>
<body>
  <!-- commentsecret -->
  <h1>Heading</h1>
  <p>first paragraph</p><p>second paragraph</p>
  <script type="text/javascript">document.write("bodyscript")</script>
  <style>.x { display: none }</style>
  <noscript>noscriptsecret</noscript>
  <div>alpha</div><div>beta</div>
  <p>foo<b>bar</b><i>baz</i> <a href="https://example.com">link<span>ed</span></a></p>
</body>
</html>
"""


def test_html_drops_invisible_parts():
    text = clean(PAGE)  # recognised by its doctype
    for hidden in ("headtitle", "stylered", "scriptsecret", "commentsecret", "bodyscript", "noscriptsecret", "display"):
        assert hidden not in text
    assert text == "heading first paragraph second paragraph alpha beta foobarbaz linked"


def test_html_block_elements_separate_words():
    words = clean(PAGE).split()
    assert "alpha" in words
    assert "beta" in words
    assert "alphabeta" not in clean(PAGE)


def test_html_inline_elements_do_not_split_words():
    words = clean(PAGE).split()
    assert "foobarbaz" in words
    assert "linked" in words


@pytest.mark.parametrize(
    ("markup", "expected"),
    [
        ("<p>foo<b>bar</b></p>", "foobar"),
        ("<div>a</div><div>b</div>", "a b"),
        ("a<br>b", "a b"),
        ("<ul><li>x</li><li>y</li></ul>", "x y"),
        ("<table><tr><td>c1</td><td>c2</td></tr></table>", "c1 c2"),
        ("<h1>t</h1><p>u</p>", "t u"),
        ("<p>中<em>文</em>字</p>", "中文字"),
        ("<p>北\n京</p>", "北京"),
        ("<p>wrapped\nline</p>", "wrapped line"),
        ("<span>un</span><span>split</span>", "unsplit"),
        ("<p>a&amp;b &lt;tag&gt;&nbsp;c</p>", "a&b <tag> c"),
        ("<p>x<!-- hidden --></p>", "x"),
    ],
)
def test_html_to_text_cases(markup, expected):
    assert clean(markup, html=True) == expected


@pytest.mark.parametrize(
    "markup",
    [
        "<p>中文</p><p>字</p>",
        "<ul><li>北</li><li>京</li></ul>",
        "<table><tr><td>北</td><td>京</td></tr></table>",
        "<h1>北</h1>京",
    ],
)
def test_html_block_elements_separate_chinese_words(markup):
    """Neighbouring blocks never run together, in Chinese as in English (the CJK line-break rule is for
    wrapped lines, not for paragraph, list-item or cell boundaries)."""
    text = clean(markup, html=True)
    assert " " in text
    assert "北京" not in extract_features(markup, html=True).counts


def test_html_line_break_is_a_line_break():
    """<br> is a hard line break, read like one in a text file: between CJK characters it is a wrap, so an
    HTML copy of a wrapped Chinese text fingerprints like the text itself."""
    assert clean("北<br>京", html=True) == clean("北\n京") == "北京"
    assert clean("north<br>east", html=True) == clean("north\neast") == "north east"


def test_html_tokens_through_public_api():
    fp = simcompare.fingerprint("<p>foo<b>bar</b></p>", simcompare.Config(html=True))
    assert [t.token for t in fp.tokens] == ["foobar"]
    fp = simcompare.fingerprint("<p>foo<b>bar</b></p>", html=True)
    assert [t.token for t in fp.tokens] == ["foobar"]


def test_script_text_never_reaches_the_fingerprint():
    fp = simcompare.fingerprint(PAGE)
    tokens = {t.token for t in fp.tokens}
    assert "scriptsecret" not in tokens
    assert "commentsecret" not in tokens
    assert "headtitle" not in tokens
    assert {"heading", "alpha", "beta", "foobarbaz"} <= tokens


@pytest.mark.parametrize(
    "text",
    [
        "<!DOCTYPE html><p>x</p>",
        "<!doctype HTML>\n<html><body>x</body></html>",
        "   \n\t<!DOCTYPE html>",
        "<html><body>x</body></html>",
        "\n\n  <HTML lang='en'>x</HTML>",
        "<html>",
    ],
)
def test_html_recognised_by_content(text):
    assert read_as_html(text)


@pytest.mark.parametrize(
    "text",
    [
        "Notes on the <html> element and <script>alert(1)</script>.",
        "x <!DOCTYPE html>",
        "<htmlish>",
        "<p>a paragraph</p>",
        "<!DOCTYPE svg>",
        "",
    ],
)
def test_html_not_recognised(text):
    assert not read_as_html(text)
    assert read_as_html(text, asked=True)  # unless asked
    assert read_as_html(text, path="page.HTM") and read_as_html(text, path="a/b.xhtml")  # or named so
    assert not read_as_html(text, path="notes.txt") and not read_as_html(text, path="html")


def test_text_that_mentions_html_is_not_stripped():
    text = "This page explains the <html> element and <script>alert</script> tags."
    tokens = {t.token for t in simcompare.fingerprint(text).tokens}
    assert {"html", "script", "alert"} <= tokens


def test_html_forbidden():
    fp = simcompare.fingerprint("<!DOCTYPE html><p>visible<script>scripted</script></p>", html=False)
    assert "scripted" in {t.token for t in fp.tokens}


def test_html_to_text_keeps_text_order():
    assert html_to_text("<p>one</p>two<div>three</div>").split() == ["one", "two", "three"]


# ---------------------------------------------------------------------------------------- normalising


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("ＡＢＣ", "abc"),
        ("ＳｉｍＨａｓｈ１２３", "simhash123"),
        ("Hello WORLD", "hello world"),
        ("Straße", "strasse"),
        ("ﬁne", "fine"),
        ("ｶﾀｶﾅ", "カタカナ"),
        ("中\n文", "中文"),
        ("中\r\n文", "中文"),
        ("中\r文", "中文"),
        ("中  \n  文", "中文"),
        ("中\n\n文", "中文"),
        ("中。\n下一句", "中。下一句"),
        ("hello\nworld", "hello world"),
        ("hello\r\nworld", "hello world"),
        ("hello \n\t world", "hello world"),
        ("中文\nEnglish", "中文 english"),
        ("English\n中文", "english 中文"),
        ("a  b\t\tc", "a b c"),
        ("  padded  ", "padded"),
        ("全角\u3000空格", "全角 空格"),
    ],
)
def test_normalize(raw, expected):
    assert normalize(raw) == expected
    assert clean(raw) == expected


def test_fullwidth_text_fingerprints_like_ascii():
    config = simcompare.Config(segmenter="words")
    assert (
        simcompare.fingerprint("ＳｉｍＨａｓｈ ＴＥＸＴ", config).value
        == simcompare.fingerprint("simhash text", config).value
    )
    assert simcompare.fingerprint("SimHash Text").value == simcompare.fingerprint("simhash text").value


def test_line_break_inside_chinese_word():
    """A break inside 北京 must not split the word."""
    features = extract_features("我住在北\n京。")
    assert "北京" in features.counts
    assert "北" not in features.counts


ARTICLE = (
    "自然语言处理是计算机科学领域与人工智能领域中的一个重要方向。"
    "它研究能实现人与计算机之间用自然语言进行有效通信的各种理论和方法。"
    "自然语言处理是一门融语言学、计算机科学、数学于一体的科学。"
    "因此，这一领域的研究将涉及自然语言，即人们日常使用的语言，"
    "所以它与语言学的研究有着密切的联系，但又有重要的区别。"
)


def _wrap(text: str, width: int, newline: str) -> str:
    return newline.join(text[i : i + width] for i in range(0, len(text), width))


@FAST
@given(
    width=st.integers(1, 40),
    newline=st.sampled_from(["\n", "\r\n", "\r", " \n", "\n  ", "\u3000\n", "\n\n"]),
    weighting=st.sampled_from(["tf", "tfidf", "textrank"]),
)
def test_reflowed_chinese_gives_same_fingerprint(width, newline, weighting):
    config = simcompare.Config(weighting=weighting)
    original = simcompare.fingerprint(ARTICLE, config)
    reflowed = simcompare.fingerprint(_wrap(ARTICLE, width, newline), config)
    assert reflowed.value == original.value
    assert [t.token for t in reflowed.tokens] == [t.token for t in original.tokens]


@pytest.mark.parametrize("width", [1, 5, 13, 30])
def test_reflowed_chinese_keeps_every_token(width):
    wrapped = _wrap(ARTICLE, width, "\n")
    assert extract_features(wrapped).sequence == extract_features(ARTICLE).sequence


def test_line_breaks_between_ideographs_vanish():
    text = "自然语言处理是计算机科学领域与人工智能领域中的一个重要方向"
    for width in (1, 2, 7):
        assert clean(_wrap(text, width, "\n")) == text
