"""The verdict strip: Hamming distance, similarity, the verdict at k, the yardsticks and any notices."""

from __future__ import annotations

from PySide6.QtCore import Qt, Slot
from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from simcompare.core.explain.compare import Comparison, Side
from simcompare.gui.common.palette import BAD, GOOD, number
from simcompare.gui.common.plain import plain_label


def _colour(label: QLabel, colour: QColor | None) -> None:
    """A label's text colour by its palette (a style sheet would fix its font: View → Larger could not scale it)."""
    palette = label.palette()
    palette.setColor(
        QPalette.ColorRole.WindowText, colour if colour is not None else QApplication.palette().windowText().color()
    )
    label.setPalette(palette)


def _figure(caption: str) -> tuple[QWidget, QLabel]:
    """A big number with a small caption under it."""
    box = QWidget()
    value = plain_label()
    font = QFont(value.font())
    font.setPointSizeF(font.pointSizeF() * 1.3)
    font.setBold(True)
    value.setFont(font)
    label = plain_label(caption)
    small = QFont(label.font())
    small.setPointSizeF(small.pointSizeF() * 0.85)
    label.setFont(small)
    column = QVBoxLayout(box)
    column.setContentsMargins(0, 0, 0, 0)
    column.setSpacing(0)
    column.addWidget(value)
    column.addWidget(label)
    return box, value


class SummaryPanel(QFrame):
    """Distance, similarity and verdict in large type; yardsticks beside them; notices underneath."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)

        distance_box, self.distance = _figure(self.tr("Hamming distance"))
        similarity_box, self.similarity = _figure(self.tr("similarity 1 − d/f"))
        verdict_box, self.verdict = _figure(self.tr("verdict"))
        self.verdict_caption = verdict_box.findChildren(QLabel)[-1]
        self.verdict_caption.setToolTip(
            self.tr(
                "Verification: the share of word pairs (two consecutive words) the texts have in common. Close "
                "fingerprints are near-duplicates only when enough word pairs are shared. SimHash only turns the check "
                "off: the distance alone decides."
            )
        )

        sticks_box = self._yardsticks()

        self.info = plain_label()
        self.info.setWordWrap(True)
        self.info.hide()
        self.notices = plain_label()
        self.notices.setWordWrap(True)
        _colour(self.notices, BAD)
        self.notices.hide()
        # Step by step folds the sentence and the notices away (the tables need the room at 1024×700): this shows them
        self._folded = False
        self.unfold = QToolButton()
        self.unfold.setCheckable(True)
        self.unfold.setAutoRaise(True)
        self.unfold.setText(self.tr("Notes ▸"))
        self.unfold.setToolTip(
            self.tr("Step by step folds the notes under the verdict away, so the token tables have room: show them")
        )
        self.unfold.hide()
        self.unfold.toggled.connect(self._on_unfold)

        top = QHBoxLayout()
        top.setSpacing(16)
        top.addWidget(distance_box)
        top.addWidget(similarity_box)
        top.addWidget(verdict_box)
        top.addStretch(1)
        top.addWidget(sticks_box)
        column = QVBoxLayout(self)
        column.setContentsMargins(10, 6, 10, 6)
        column.addLayout(top)
        column.addWidget(self.unfold, 0, Qt.AlignmentFlag.AlignLeft)
        column.addWidget(self.info)
        column.addWidget(self.notices)
        self.clear()

    def _yardsticks(self) -> QWidget:
        """The yardsticks beside the verdict: cosine, Jaccard, edit similarity and f·θ/π, under a heading."""
        self.cosine = plain_label(selectable=True)
        self.jaccard = plain_label(selectable=True)
        self.edit = plain_label(selectable=True)
        self.predicted = plain_label(selectable=True)
        sticks = QGridLayout()
        sticks.setHorizontalSpacing(8)
        sticks.setVerticalSpacing(2)
        cells = (
            (self.tr("cosine"), self.cosine, self.tr("Cosine of the two weight vectors")),
            (self.tr("Jaccard"), self.jaccard, self.tr("Jaccard index of the two token sets")),
            (self.tr("edit sim."), self.edit, self.tr("Edit similarity: 1 − token edit distance / longer length")),
            (
                self.tr("f·θ/π"),
                self.predicted,
                self.tr(
                    "The Hamming distance the cosine predicts, f·θ/π with θ = arccos(cosine), beside the actual one"
                ),
            ),
        )
        for i, (caption, value, tip) in enumerate(cells):
            row, pair = divmod(i, 2)
            label = plain_label(caption + ":")
            label.setToolTip(tip)
            value.setToolTip(tip)
            value.setSizePolicy(QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Preferred)  # never squeezed
            label.setSizePolicy(QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Preferred)
            sticks.addWidget(label, row, pair * 2, Qt.AlignmentFlag.AlignRight)
            sticks.addWidget(value, row, pair * 2 + 1)
        sticks.setColumnMinimumWidth(2, 0)
        heading = plain_label(self.tr("Yardsticks"))
        bold = QFont(heading.font())
        bold.setBold(True)
        heading.setFont(bold)
        sticks_box = QWidget()
        sticks_column = QVBoxLayout(sticks_box)
        sticks_column.setContentsMargins(0, 0, 0, 0)
        sticks_column.setSpacing(2)
        sticks_column.addWidget(heading)
        sticks_column.addLayout(sticks)
        sticks_box.setToolTip(
            self.tr(
                "The measures SimHash stands in for. Random hyperplanes make bits differ with probability θ/π, "
                "where θ is the angle between the two weight vectors."
            )
        )
        return sticks_box

    def set_info(self, text: str) -> None:
        """A line about what is being compared (an example's lesson); empty hides it."""
        self.info.setText(text)
        self._show_notes()

    def set_notices(self, text: str, *, unfold: bool = False) -> None:
        """The notices' lines (empty hides them); ``unfold``: shown even while folded (an error)."""
        self.notices.setText(text)
        if unfold and self._folded and text:
            self.unfold.setChecked(True)
        self._show_notes()

    def set_folded(self, folded: bool) -> None:
        """Fold the lesson's sentence and the notices away under the Notes button (Step by step), or show them."""
        self._folded = folded
        self.unfold.setChecked(False)
        self._show_notes()

    @property
    def folded(self) -> bool:
        """The sentence and the notices are folded away (they may be shown by the Notes button meanwhile)."""
        return self._folded

    @Slot(bool)
    def _on_unfold(self, shown: bool) -> None:
        self.unfold.setText(self.tr("Notes ▾") if shown else self.tr("Notes ▸"))
        self._show_notes()

    def _show_notes(self) -> None:
        shown = not self._folded or self.unfold.isChecked()
        self.info.setVisible(shown and bool(self.info.text()))
        self.notices.setVisible(shown and bool(self.notices.text()))
        self.unfold.setVisible(self._folded and bool(self.info.text() or self.notices.text()))

    def clear(self) -> None:
        for label in (
            self.distance,
            self.similarity,
            self.verdict,
            self.cosine,
            self.jaccard,
            self.edit,
            self.predicted,
        ):
            label.setText("—")
        _colour(self.verdict, None)
        self.set_notices("")

    def show_comparison(self, comparison: Comparison) -> None:
        config = comparison.config
        self.verdict_caption.setText(self.tr("verdict at k = {k}").format(k=comparison.k))
        if comparison.near_duplicate:
            self.verdict.setText(self.tr("✔ near-duplicates"))
            _colour(self.verdict, GOOD)
        else:
            self.verdict.setText(self.tr("✘ not near-duplicates"))
            _colour(self.verdict, BAD)
        notes = [n for n in (self._notice("A", comparison.a), self._notice("B", comparison.b)) if n]
        if comparison.similarity is None:
            # Two all-zero fingerprints agree on every bit, which says nothing: no distance, no similarity.
            self.distance.setText(self.tr("no features"))
            for label in (self.similarity, self.cosine, self.jaccard, self.edit, self.predicted):
                label.setText("—")
            notes.append(self.tr("An empty text is nobody's near-duplicate: no similarity is claimed."))
        else:
            self.distance.setText(self.tr("{d} of {f} bits").format(d=comparison.distance, f=config.bits))
            self.similarity.setText(f"{comparison.similarity * 100:.1f} %")
            sticks = comparison.yardsticks
            self.cosine.setText(f"{sticks.cosine:.4f}")
            self.jaccard.setText(f"{sticks.jaccard:.4f}")
            self.edit.setText(
                self.tr("n/a (too long)") if sticks.edit_similarity is None else f"{sticks.edit_similarity:.4f}"
            )
            self.predicted.setText(
                self.tr("{predicted} (actual {actual})").format(
                    predicted=number(round(sticks.predicted_hamming, 1), 4), actual=comparison.distance
                )
            )
            if comparison.min_resemblance <= 0:  # SimHash only: the distance alone decides
                self.verdict_caption.setText(
                    self.tr("k = {k} · SimHash only").format(k=comparison.k)  # the tooltip says what is off
                )
            elif comparison.too_few_shingles:  # the share of word pairs decided nothing: say what did
                self.verdict_caption.setText(
                    self.tr("k = {k} · too few word pairs ({pairs} < {needed})").format(
                        k=comparison.k, pairs=comparison.fewest_shingles, needed=comparison.decision.min_shingles
                    )
                )
            else:
                self.verdict_caption.setText(
                    self.tr("k = {k} · word pairs {shared} % (need {needed} %)").format(
                        k=comparison.k,
                        shared=round(comparison.resemblance * 100),
                        needed=round(comparison.needed_resemblance * 100),
                    )
                )
            if comparison.rejected_by_verification:
                notes.append(self._rejection(comparison))
        self.set_notices("\n".join(notes))

    def _rejection(self, comparison: Comparison) -> str:
        """Why fingerprints within k are not near-duplicates: the rule of the core's Decision that refused them."""
        if comparison.too_few_shingles:
            return self.tr(
                "Too few word pairs to judge: the shorter text has %Ln distinct word pair(s), at least {needed} are "
                "needed, so it is nobody's near-duplicate however few bits differ.",
                "",
                comparison.fewest_shingles or 0,
            ).format(needed=comparison.decision.min_shingles)
        return self.tr(
            "%Ln bit(s) apart, but only {shared} % of the word pairs are shared (at least {needed} % are needed): not "
            "a near-duplicate.",
            "",
            comparison.distance,
        ).format(shared=round(comparison.resemblance * 100), needed=round(comparison.needed_resemblance * 100))

    def _notice(self, label: str, side: Side) -> str:
        if side.fingerprint.empty:
            return self.tr(
                "⚠ Text {label} has no features (empty, or only stop words and punctuation): every sum is 0 and its "
                "fingerprint is 0."
            ).format(label=label)
        if side.few_features:
            return self.tr(
                "⚠ Text {label} has only {n} distinct tokens: one changed word moves many bits, so its fingerprint "
                "is not trustworthy."
            ).format(label=label, n=len(side.fingerprint.tokens))
        return ""
