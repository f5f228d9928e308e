"""The Examples menu: teaching presets whose texts live in ``resources/examples``.

The six-bit worked example (DESIGN.md §2) needs weights that a text cannot carry through segmentation, so
its texts repeat each token as many times as its weight ("A A A A A B B …") and the example switches to
the settings that make counts the weights: the plain word splitter, stop words kept, tf weighting, six
bits and a table hasher over the case-folded tokens a…e.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from simcompare.core.explain.compare import Comparison
from simcompare.core.fingerprint.hashing import table_hasher
from simcompare.core.fingerprint.simhash import Config, Fingerprint
from simcompare.core.resources import resource
from simcompare.gui.common.palette import number
from simcompare.gui.common.plain import join_sentences

# DESIGN.md §2, the six-bit teaching example: token → code (text is case-folded, so the keys are lower case).
TEACHING_TABLE = {"a": "100101", "b": "101011", "c": "100111", "d": "101111", "e": "111011"}
TEACHING_HASHER = table_hasher(TEACHING_TABLE)
TEACHING_HASHER_NAME = "table"


@dataclass(frozen=True)
class Example:
    """A pair of example texts and, for teaching presets, the settings they need.

    Attributes:
        key: Stable identifier (tests and settings use it).
        title: Menu text, an untranslated source string (translated with context "Examples").
        files: Names of text A and text B under ``resources/examples``.
        config: Settings to show (see ``SettingsPanel.set_config``); None keeps the user's, leaving teaching mode.
        k: The verdict's k to show with ``config``.
        note: A sentence shown under the verdict when the example opens (untranslated source string).
        live_numbers: The note goes on with the numbers on screen, recomputed whenever they change.
        simhash_only: The verdict is SimHash's alone while the example's settings hold (the six-bit lesson: its
            texts have fewer distinct word pairs than the word-pair check needs, so it would refuse them whatever
            their distance, and the lesson is about the distance).
    """

    key: str
    title: str
    files: tuple[str, str]
    config: Config | None = None
    k: int | None = None
    note: str = ""
    live_numbers: bool = False
    simhash_only: bool = False

    def texts(self) -> tuple[str, str]:
        return tuple(resource("examples", name).read_text(encoding="utf-8") for name in self.files)  # type: ignore[return-value]

    def translated_title(self) -> str:
        return QCoreApplication.translate("Examples", self.title)

    def translated_note(self) -> str:
        return QCoreApplication.translate("Examples", self.note) if self.note else ""


SIX_BIT_CONFIG = Config(bits=6, hasher=TEACHING_HASHER, segmenter="words", stopwords=False, weighting="tf", top_k=None)
SIX_BIT_K = 1

_NOTES = {
    "identical": QT_TRANSLATE_NOOP("Examples", "Identical texts: every sum and every bit agree, distance 0."),
    "edited": QT_TRANSLATE_NOOP(
        "Examples", "Three words changed: a few sums cross zero, so a few bits differ — still near-duplicates."
    ),
    "reordered": QT_TRANSLATE_NOOP(
        "Examples",
        "The same paragraphs in another order: SimHash weighs a bag of words, so the distance stays 0 while "
        "edit similarity drops.",
    ),
    "unrelated": QT_TRANSLATE_NOOP("Examples", "Unrelated texts: about half of the bits differ, as chance predicts."),
}

EXAMPLES: tuple[Example, ...] = (
    Example(
        "en-identical",
        QT_TRANSLATE_NOOP("Examples", "English: identical"),
        ("en-original.txt", "en-original.txt"),
        note=_NOTES["identical"],
    ),
    Example(
        "en-edited",
        QT_TRANSLATE_NOOP("Examples", "English: a small edit"),
        ("en-original.txt", "en-edited.txt"),
        note=_NOTES["edited"],
    ),
    Example(
        "en-reordered",
        QT_TRANSLATE_NOOP("Examples", "English: reordered paragraphs"),
        ("en-original.txt", "en-reordered.txt"),
        note=_NOTES["reordered"],
    ),
    Example(
        "en-unrelated",
        QT_TRANSLATE_NOOP("Examples", "English: unrelated"),
        ("en-original.txt", "en-unrelated.txt"),
        note=_NOTES["unrelated"],
    ),
    Example(
        "zh-identical",
        QT_TRANSLATE_NOOP("Examples", "Chinese: identical"),
        ("zh-original.txt", "zh-original.txt"),
        note=_NOTES["identical"],
    ),
    Example(
        "zh-edited",
        QT_TRANSLATE_NOOP("Examples", "Chinese: a small edit"),
        ("zh-original.txt", "zh-edited.txt"),
        note=_NOTES["edited"],
    ),
    Example(
        "zh-reordered",
        QT_TRANSLATE_NOOP("Examples", "Chinese: reordered paragraphs"),
        ("zh-original.txt", "zh-reordered.txt"),
        note=_NOTES["reordered"],
    ),
    Example(
        "zh-unrelated",
        QT_TRANSLATE_NOOP("Examples", "Chinese: unrelated"),
        ("zh-original.txt", "zh-unrelated.txt"),
        note=_NOTES["unrelated"],
    ),
    Example(
        "six-bit",
        QT_TRANSLATE_NOOP("Examples", "Six-bit worked example (table hasher)"),
        ("six-bit-a.txt", "six-bit-b.txt"),
        config=SIX_BIT_CONFIG,
        k=SIX_BIT_K,
        note=QT_TRANSLATE_NOOP(
            "Examples",
            "The six-bit worked example: each token occurs as often as its weight and the table hasher gives its code.",
        ),
        live_numbers=True,
        simhash_only=True,
    ),
)

# Beyond this width a sentence listing every sum would be longer than the page can show.
LIVE_NOTE_MAX_BITS = 16


def _weights_text(fp: Fingerprint) -> str:
    return ", ".join(f"{t.token.upper()}={number(t.weight)}" for t in sorted(fp.tokens, key=lambda t: t.token))


def example_note(item: Example, comparison: Comparison | None, *, settings_as_loaded: bool) -> str:
    """The sentence shown under the verdict for an example, true for the numbers on screen.

    A fixed lesson is shown only while the example's own settings hold (it describes their numbers); an
    example with ``live_numbers`` recomputes its sentence from the comparison, so changing Bits, the
    weighting or the hasher changes the explanation with the numbers.
    """
    if not item.live_numbers:
        return item.translated_note() if settings_as_loaded else ""
    if comparison is None or comparison.config.bits > LIVE_NOTE_MAX_BITS:
        return item.translated_note()
    a, b = comparison.a.fingerprint, comparison.b.fingerprint
    differing = comparison.differing_bits
    if not differing:
        flips = QCoreApplication.translate("Examples", "no bit differs")
    elif len(differing) == 1:
        flips = QCoreApplication.translate("Examples", "only bit {j} differs").format(j=differing[0])
    else:
        flips = QCoreApplication.translate("Examples", "bits {list} differ").format(
            list=", ".join(str(j) for j in differing)
        )
    numbers = QCoreApplication.translate(
        "Examples",
        "Text A: weights {wa}, sums {sa} → fingerprint {fa}. Text B: weights {wb}, sums {sb} → {fb}; {flips}.",
    ).format(
        wa=_weights_text(a),
        sa=", ".join(number(v) for v in a.sums),
        fa=a.binary,
        wb=_weights_text(b),
        sb=", ".join(number(v) for v in b.sums),
        fb=b.binary,
        flips=flips,
    )
    return join_sentences(item.translated_note(), numbers)


def example(key: str) -> Example:
    """The example with this key."""
    for item in EXAMPLES:
        if item.key == key:
            return item
    raise KeyError(f"no example {key!r}; there are {', '.join(e.key for e in EXAMPLES)}")
