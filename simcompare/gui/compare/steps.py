"""Step mode: Next/Previous through the ten steps of SimHash, each highlighted and said in one sentence.

clean → tokens → weights → codes → ±w → sums → signs → fingerprint → XOR → distance. The guide only
chooses what to highlight and writes the sentence from the comparison's numbers (all from the core);
the Steps tab decides which of its widgets each step lights up (``StepsTab._show_step``).
"""

from __future__ import annotations

import enum

from PySide6.QtCore import QCoreApplication, QTimer, Signal, Slot
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QPlainTextEdit,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from simcompare.core.explain.compare import Comparison
from simcompare.core.explain.teaching import partial_sums
from simcompare.core.fingerprint.simhash import TokenTrace
from simcompare.gui.common.palette import number, signed
from simcompare.gui.common.plain import fit_wrapped, join_sentences, keep_wrapped_lines, plain_label

# Lists in a sentence stop after this many items ("…"): the views show them all.
LISTED = 12
# Auto-play's paces: seconds a step.
PACES = (2, 4, 8)
# The cleaned text shown in step 1 is cut here (a huge file's would not be read, and costs memory to show).
CLEANED_SHOWN = 20_000


class Step(enum.IntEnum):
    """The steps, in order."""

    CLEAN = 0
    TOKENS = 1
    WEIGHTS = 2
    CODES = 3
    SIGNED = 4
    SUMS = 5
    SIGNS = 6
    FINGERPRINT = 7
    XOR = 8
    DISTANCE = 9


# The steps on which the tokens can be added one at a time (the ±w matrix and its sums).
ADDING_STEPS = (Step.SIGNED, Step.SUMS)


def _listed(items: list[str]) -> str:
    return ", ".join(items[:LISTED]) + (", …" if len(items) > LISTED else "")


def step_sentence(step: Step, comparison: Comparison) -> str:
    """One sentence that says what the step does, with text A's (or both texts') numbers."""
    side = comparison.a
    fp, features = side.fingerprint, side.features
    first = fp.tokens[0] if fp.tokens else None
    if features.typed and (step <= Step.TOKENS or (first is not None and step <= Step.CODES)):
        return _typed_sentence(step, comparison)
    if step is Step.CLEAN:
        return QCoreApplication.translate(
            "Steps",
            "Clean: HTML is reduced to its text, then NFKC, case folding (“A” → “a”) and one space for each run "
            "of whitespace; the cleaned text of A is below.",
        )
    if step is Step.TOKENS:
        if not comparison.config.stopwords:  # the six-bit example keeps them: "a" is an English stop word
            return QCoreApplication.translate(
                "Steps",
                "Tokens: once punctuation is dropped (stop words are kept), A is cut into tokens: {total} in all, "
                "{distinct} distinct; the Token column lists them.",
            ).format(total=f"{len(features.sequence):,}", distinct=f"{len(features.counts):,}")
        # Two sentences, not Qt's plural forms: lupdate finds no count in QCoreApplication.translate, only in tr
        if len(features.sequence) == 1:
            return QCoreApplication.translate(
                "Steps",
                "Tokens: A is cut into 1 token once stop words and punctuation are dropped; the Token column lists it.",
            )
        return QCoreApplication.translate(
            "Steps",
            "Tokens: A is cut into {total} tokens ({distinct} distinct) once stop words and punctuation are "
            "dropped; the Token column lists them.",
        ).format(total=f"{len(features.sequence):,}", distinct=f"{len(features.counts):,}")
    if first is None:
        return QCoreApplication.translate(
            "Steps", "Text A has no features: every sum is 0 and its fingerprint is 0; nothing to show in this step."
        )
    if step <= Step.SIGNS:
        return _text_a_sentence(step, comparison, first)
    return _pair_sentence(step, comparison)


def _typed_sentence(step: Step, comparison: Comparison) -> str:
    """The first four steps for a toy example: its tokens, weights and codes were typed, not made from a text."""
    fp = comparison.a.fingerprint
    if step is Step.CLEAN:
        return QCoreApplication.translate(
            "Steps", "Clean: a toy example is not cleaned: text A's tokens are below as they were typed."
        )
    if step is Step.TOKENS:
        if len(fp.tokens) == 1:
            return QCoreApplication.translate(
                "Steps", "Tokens: A has 1 token, typed in the toy editor; the Token column lists it."
            )
        return QCoreApplication.translate(
            "Steps", "Tokens: A has {n} tokens, typed in the toy editor; the Token column lists them."
        ).format(n=f"{len(comparison.a.features.sequence):,}")
    first = fp.tokens[0]
    if step is Step.WEIGHTS:
        return QCoreApplication.translate(
            "Steps", "Weights (typed): each token has the weight typed for it, “{token}” the largest, {weight}."
        ).format(token=first.token, weight=number(first.weight))
    return QCoreApplication.translate(  # Step.CODES
        "Steps",
        "Codes: each token's code is the one typed for it, or else its hash cut to the first f = {f} bits: "
        "“{token}” → {code}.",
    ).format(f=fp.bits, token=first.token, code=fp.code_binary(first))


def _text_a_sentence(step: Step, comparison: Comparison, first: TokenTrace) -> str:
    """The sentence of a step from weights to signs, with text A's numbers (``first``: its heaviest token)."""
    fp, features = comparison.a.fingerprint, comparison.a.features
    if step is Step.WEIGHTS:
        return QCoreApplication.translate(
            "Steps",
            "Weights ({scheme}): each distinct token gets a weight, “{token}” the largest, {weight}; {kept} of "
            "{distinct} are kept.",
        ).format(
            scheme=str(comparison.config.weighting),
            token=first.token,
            weight=number(first.weight),
            kept=len(fp.tokens),
            distinct=len(features.counts),
        )
    if step is Step.CODES:
        return QCoreApplication.translate(
            "Steps", "Codes: the token's hash, cut to its first f = {f} bits, is its code: “{token}” → {code}."
        ).format(f=fp.bits, token=first.token, code=fp.code_binary(first))
    if step is Step.SIGNED:
        code = fp.code_binary(first)
        cells = [signed(first.weight if bit == "1" else -first.weight) for bit in code]
        return QCoreApplication.translate(
            "Steps",
            "±w: where a code bit is 1 the token adds its weight, where it is 0 it subtracts it: “{token}” gives "
            "{cells}.",
        ).format(token=first.token, cells=_listed(cells))
    if step is Step.SUMS:
        return QCoreApplication.translate("Steps", "Sums: each bit's column of ±w is added up: V = {sums}.").format(
            sums=_listed([number(v) for v in fp.sums])
        )
    return QCoreApplication.translate(  # Step.SIGNS
        "Steps", "Signs: bit j is 1 where V[j] > 0 and 0 otherwise (a sum of 0 gives 0): {bits}."
    ).format(bits=_listed(list(fp.binary)))


def _pair_sentence(step: Step, comparison: Comparison) -> str:
    """The sentence of a step from the fingerprint to the distance, with both texts' numbers."""
    fp, b = comparison.a.fingerprint, comparison.b.fingerprint
    if step is Step.FINGERPRINT:
        return QCoreApplication.translate(
            "Steps", "Fingerprint: the bits read from left to right: A = {a} (hex {ha}), B = {b} (hex {hb})."
        ).format(
            a=fp.binary if fp.bits <= 32 else fp.binary[:32] + "…",
            ha=fp.hex,
            b=b.binary if b.bits <= 32 else b.binary[:32] + "…",
            hb=b.hex,
        )
    xor = format(fp.value ^ b.value, f"0{fp.bits}b")
    if step is Step.XOR:
        return QCoreApplication.translate(
            "Steps", "XOR: A ⊕ B has a 1 wherever the two fingerprints differ: {xor}."
        ).format(xor=xor if fp.bits <= 32 else xor[:32] + "…")
    if comparison.similarity is None:
        return QCoreApplication.translate(
            "Steps", "Distance: a text without features makes no similarity claim, so no distance is given."
        )
    verdict = (
        QCoreApplication.translate("Steps", "near-duplicates")
        if comparison.near_duplicate
        else QCoreApplication.translate("Steps", "not near-duplicates")
    )
    sentence = (
        QCoreApplication.translate(
            "Steps",
            "Distance: the XOR has one 1, so the Hamming distance is 1 of {f} bits (similarity {s}): {verdict} "
            "at k = {k}.",
        )
        if comparison.distance == 1
        else QCoreApplication.translate(
            "Steps",
            "Distance: the XOR has {d} ones, so the Hamming distance is {d} of {f} bits (similarity {s}): {verdict} "
            "at k = {k}.",
        )
    )
    said = sentence.format(
        d=comparison.distance,
        f=fp.bits,
        s=f"{comparison.similarity:.4f}",
        verdict=verdict,
        k=comparison.k,
    )
    return join_sentences(said, _refusal(comparison)) if comparison.rejected_by_verification else said


def _refusal(comparison: Comparison) -> str:
    """Why fingerprints within k are not near-duplicates: the word-pair check (the core's Decision) said no."""
    if comparison.too_few_shingles:
        return QCoreApplication.translate(
            "Steps",
            "Within k, but too few word pairs to judge: the shorter text has {pairs}, at least {needed} are needed.",
        ).format(pairs=comparison.fewest_shingles, needed=comparison.decision.min_shingles)
    return QCoreApplication.translate(
        "Steps", "Within k, but only {shared} % of the word pairs are shared, and at least {needed} % are needed."
    ).format(shared=round(comparison.resemblance * 100), needed=round(comparison.needed_resemblance * 100))


def adding_sentence(comparison: Comparison, n: int) -> str:
    """What the first ``n`` tokens of text A (heaviest first) add up to, and which signs the last one flipped."""
    fp = comparison.a.fingerprint
    n = min(n, len(fp.tokens))
    if n == 0:
        return QCoreApplication.translate(
            "Steps", "Tokens one at a time: none of the {total} tokens of A is added yet, so every sum is 0."
        ).format(total=f"{len(fp.tokens):,}")
    token = fp.tokens[n - 1]
    sums, before = partial_sums(fp, n), partial_sums(fp, n - 1)
    flipped = [j for j in range(fp.bits) if (sums[j] > 0) != (before[j] > 0)]
    if not flipped:
        flips = QCoreApplication.translate("Steps", "no bit flips")
    elif len(flipped) == 1:
        flips = QCoreApplication.translate("Steps", "bit {j} flips to {bit}").format(
            j=flipped[0], bit=int(sums[flipped[0]] > 0)
        )
    else:
        flips = QCoreApplication.translate("Steps", "bits {list} flip").format(list=_listed([str(j) for j in flipped]))
    code = fp.code_binary(token)
    return QCoreApplication.translate(
        "Steps",
        "Tokens one at a time: {n} of {total} tokens of A added; “{token}” adds {cells}, so V = {sums} and the bits "
        "so far are {bits}: {flips}.",
    ).format(
        n=n,
        total=len(fp.tokens),
        token=token.token,
        cells=_listed([signed(token.weight if bit == "1" else -token.weight) for bit in code]),
        sums=_listed([number(v) for v in sums]),
        bits=_listed(["1" if v > 0 else "0" for v in sums]),
        flips=flips,
    )


class StepGuide(QWidget):
    """Previous / Next and the current step's sentence (and, for *clean*, the cleaned text).

    On the ±w and sums steps, *Add tokens one at a time* counts only the first n tokens (heaviest first):
    ``+ Token`` and ``− Token`` move n, and Play adds the rest one by one before it goes on to the next step.

    Signals:
        step_changed(int): the step to highlight (a :class:`Step`), or −1 when step mode is left.
        tokens_added_changed(int): the tables count only the first n tokens, or all of them (−1).
    """

    step_changed = Signal(int)
    tokens_added_changed = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._comparison: Comparison | None = None
        self._step = -1
        self._added = -1  # tokens added one at a time, or −1: all of them count
        self.toggle = QPushButton(self.tr("Step by step"))
        self.toggle.setCheckable(True)
        self.toggle.setToolTip(self.tr("Walk through the ten steps of SimHash, one at a time"))
        self.previous_button = QPushButton(self.tr("◀ Previous"))
        self.next_button = QPushButton(self.tr("Next ▶"))
        self.play_button = QPushButton(self.tr("Play"))
        self.play_button.setCheckable(True)
        self.play_button.setToolTip(self.tr("Go on to the next step by itself, at the pace chosen beside"))
        self.pace = QComboBox()
        for seconds in PACES:
            self.pace.addItem(self.tr("{n} s a step").format(n=seconds), seconds)
        self.pace.setCurrentIndex(1)
        self.timer = QTimer(self)
        self.timer.timeout.connect(self._play_on)
        self.sentence = keep_wrapped_lines(plain_label())
        self.sentence.setWordWrap(True)
        self.cleaned = QPlainTextEdit()
        self.cleaned.setReadOnly(True)
        self.cleaned.setMaximumHeight(70)
        self.cleaned.hide()
        self._make_adding_row()
        bar = QHBoxLayout()
        bar.setContentsMargins(0, 0, 0, 0)
        bar.addWidget(self.toggle)
        bar.addWidget(self.previous_button)
        bar.addWidget(self.next_button)
        bar.addWidget(self.play_button)
        bar.addWidget(self.pace)
        bar.addWidget(self.sentence, 1)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 2)
        column.addLayout(bar)
        column.addWidget(self.cleaned)
        self.toggle.toggled.connect(self._on_toggled)
        self.previous_button.clicked.connect(self.previous)
        self.next_button.clicked.connect(self.next)
        self.play_button.toggled.connect(self._play)
        self.pace.currentIndexChanged.connect(self._pace_changed)
        self.one_by_one.toggled.connect(self._on_one_by_one)
        self.fewer_button.clicked.connect(self.remove_token)
        self.more_button.clicked.connect(self.add_token)
        self._update()

    def _make_adding_row(self) -> None:
        """The controls of *Add tokens one at a time*, shown on the ±w and sums steps. They are not in the guide's
        own layout: the Steps tab puts them beside text A's token table caption, next to the ±w they change, where
        they cost no height (a projector's 700 rows have none to spare)."""
        self.one_by_one = QToolButton()
        self.one_by_one.setText(self.tr("Add tokens one at a time"))
        self.one_by_one.setCheckable(True)
        self.one_by_one.setToolTip(
            self.tr(
                "Count only the first tokens (heaviest first) and add the others one by one, to watch the sums "
                "build up and the signs flip; Play adds them at its pace"
            )
        )
        self.fewer_button = QToolButton()
        self.fewer_button.setText(self.tr("− Token"))
        self.fewer_button.setToolTip(self.tr("Take the last added token out of the sums"))
        self.more_button = QToolButton()
        self.more_button.setText(self.tr("+ Token"))
        self.more_button.setToolTip(self.tr("Add the next token's ±w to the sums"))
        self.adding_row = QWidget(self)
        row = QHBoxLayout(self.adding_row)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.one_by_one)
        row.addWidget(self.fewer_button)
        row.addWidget(self.more_button)
        self.adding_row.hide()

    @property
    def step(self) -> Step | None:
        return Step(self._step) if self._step >= 0 else None

    @property
    def tokens_added(self) -> int | None:
        """How many tokens count while they are added one at a time; None when all count."""
        return self._added if self._added >= 0 else None

    def _token_total(self) -> int:
        comparison = self._comparison
        if comparison is None:
            return 0
        return max(len(comparison.a.fingerprint.tokens), len(comparison.b.fingerprint.tokens))

    @Slot()
    def add_token(self) -> None:
        if not self.one_by_one.isChecked():
            self.one_by_one.setChecked(True)  # from none added
        self._set_added(min(self._token_total(), self._added + 1))

    @Slot()
    def remove_token(self) -> None:
        self._set_added(max(0, self._added - 1))

    def _set_added(self, n: int) -> None:
        if n == self._added:
            return
        self._added = n
        self._update()
        self.tokens_added_changed.emit(n)

    @Slot(bool)
    def _on_one_by_one(self, on: bool) -> None:
        self._set_added(0 if on else -1)

    def set_comparison(self, comparison: Comparison) -> None:
        """New numbers: the sentence follows them (the step stays)."""
        self._comparison = comparison
        if self._added > self._token_total():
            self._set_added(self._token_total())
        self._update()

    @Slot()
    def next(self) -> None:
        self.go_to(min(len(Step) - 1, self._step + 1))

    @Slot()
    def previous(self) -> None:
        self.go_to(max(0, self._step - 1))

    def go_to(self, step: int) -> None:
        if not self.toggle.isChecked():
            self.toggle.setChecked(True)  # walks from step 0; then on to the step asked for
        self._step = step
        if step not in ADDING_STEPS:
            self.one_by_one.setChecked(False)  # every token counts again
        self._update()
        self.step_changed.emit(step)

    @Slot(bool)
    def _play(self, playing: bool) -> None:
        """Auto-play: from the first step (or the current one, when not at the end) to the last."""
        self.play_button.setText(self.tr("Pause") if playing else self.tr("Play"))
        if not playing:
            self.timer.stop()
            return
        if not self.toggle.isChecked() or self._step >= len(Step) - 1:
            self.go_to(0)
        self._pace_changed()
        self.timer.start()

    @Slot()
    def _pace_changed(self) -> None:
        self.timer.setInterval(int(self.pace.currentData()) * 1000)

    @Slot()
    def _play_on(self) -> None:
        if self.one_by_one.isChecked() and self._added < self._token_total():
            self.add_token()  # the tokens one by one, then on to the next step
            return
        if self._step < 0 or self._step >= len(Step) - 1:
            self.play_button.setChecked(False)
            return
        self.next()
        if self._step >= len(Step) - 1:
            self.play_button.setChecked(False)

    @Slot(bool)
    def _on_toggled(self, on: bool) -> None:
        if not on:
            self.play_button.setChecked(False)
            self.one_by_one.setChecked(False)
        self._step = 0 if on else -1
        self._update()
        self.step_changed.emit(self._step)

    def _update(self) -> None:
        self._update_controls()
        fit_wrapped(self.sentence)  # a longer sentence gets its lines' room

    def _update_controls(self) -> None:
        on = self._step >= 0
        self.previous_button.setVisible(on)
        self.next_button.setVisible(on)
        self.pace.setVisible(on)
        self.adding_row.setVisible(on and self._step in ADDING_STEPS)
        self.fewer_button.setEnabled(self._added > 0)
        self.more_button.setEnabled(self._added < self._token_total())
        self.previous_button.setEnabled(self._step > 0)
        self.next_button.setEnabled(0 <= self._step < len(Step) - 1)
        if not on or self._comparison is None:
            self.sentence.setText(
                self.tr("Step by step shows one stage of the computation at a time.") if not on else ""
            )
            fit_wrapped(self.sentence)  # its lines at its width now (a step's longer sentence kept its height)
            self.cleaned.hide()
            return
        step = Step(self._step)
        adding = self._added >= 0 and step in ADDING_STEPS and bool(self._comparison.a.fingerprint.tokens)
        self.sentence.setText(
            join_sentences(
                self.tr("Step {i} of {n}.").format(i=self._step + 1, n=len(Step)),
                adding_sentence(self._comparison, self._added) if adding else step_sentence(step, self._comparison),
            )
        )
        fit_wrapped(self.sentence)
        if step is Step.CLEAN:
            cleaned = self._comparison.a.features.cleaned
            shown = cleaned[:CLEANED_SHOWN]
            if len(cleaned) > CLEANED_SHOWN:
                shown += "\n" + self.tr("… (the first {n} of {total} characters)").format(
                    n=f"{CLEANED_SHOWN:,}", total=f"{len(cleaned):,}"
                )
            self.cleaned.setPlainText(shown)
        self.cleaned.setVisible(step is Step.CLEAN)
