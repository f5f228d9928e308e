"""The settings that decide a fingerprint and the verdict's k, as a form that always yields a valid Config.

The panel exchanges core objects: ``config()`` and ``decision()`` read it, ``set_config(config, k)`` sets
it; its defaults are ``Config()``'s and ``Decision.for_bits``'s (``simcompare.core.defaults``), the same
as the command line's. Width and hasher constrain each other: a hasher gives a fixed number of bits (md5
128, sha1 160, blake2b 512, fnv1a64 64, jenkins 32), so hashers too narrow for the chosen width are
disabled with a tooltip saying why, and if the width outgrows the chosen hasher the panel switches to one
that reaches it and says so. k follows the width's default whenever the width changes.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QSettings, QSignalBlocker, Qt, Signal, Slot
from PySide6.QtGui import QIntValidator, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from simcompare.core.defaults import DEFAULT_BITS, DEFAULT_HASHER, default_k
from simcompare.core.fingerprint.hashing import HASHERS, MAX_BITS, Hasher, hashers_for
from simcompare.core.fingerprint.simhash import Config
from simcompare.core.search.verify import Decision
from simcompare.core.tokens.segment import Segmenter
from simcompare.core.tokens.weights import Weighting
from simcompare.gui.common.plain import join_sentences, plain_label
from simcompare.gui.compare.examples import TEACHING_HASHER, TEACHING_HASHER_NAME, TEACHING_TABLE
from simcompare.gui.compare.stored_settings import NGRAM_MAX, TOP_K_MAX, stored_settings

BIT_PRESETS = (6, 8, 16, 32, 64, 128)
_SETTINGS_GROUP = "compare/settings"


class SettingsPanel(QWidget):
    """Segmenter, stop words, weighting, top-K, hasher, bits, k and SimHash only (the verdict without the word-pair
    check, for a lesson on the fingerprint alone; not kept between sessions, and Restore defaults turns it off).

    Signals:
        changed(): a setting changed; ``config()`` and ``decision()`` give the new settings.
    """

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._bits = DEFAULT_BITS
        self._switched_from: str | None = None
        # The toy example's settings while it is on the page. While a lesson's settings are on the panel (the toy's,
        # the six-bit example's, the teaching table chosen by hand), the user's own from before it: they are what
        # the Folder page scans with, what is saved, and what comes back when the lesson leaves.
        self._toy: Config | None = None
        self._own: tuple[Config, int] | None = None
        self._own_simhash_only = False  # the user's SimHash only, while a lesson's is on the panel
        self._hasher_shown = DEFAULT_HASHER  # the hasher before a choice in the combo (its signal comes after)

        self._make_token_fields()
        self._make_fingerprint_fields()
        self._lay_out()
        self._apply_bits(DEFAULT_BITS, reset_k=True)  # the hashers' states and k's range for the first width
        self.restore_defaults(emit=False)

        self._connect()

    def _make_token_fields(self) -> None:
        """The fields that decide the tokens and their weights: segmenter, n, stop words, folding, weighting, K."""
        self.segmenter = QComboBox()
        for label, value in (
            (self.tr("jieba words (Chinese)"), Segmenter.JIEBA),
            (self.tr("words (Latin script)"), Segmenter.WORDS),
            (self.tr("character n-grams"), Segmenter.CHARS),
        ):
            self.segmenter.addItem(label, str(value))
        self.segmenter.setToolTip(
            self.tr(
                "How the text is cut into tokens. Each token adds its weight to the per-bit sums, so this decides "
                "which words two texts can share."
            )
        )
        self.ngram = QSpinBox()
        self.ngram.setRange(1, NGRAM_MAX)
        self.ngram.setPrefix(self.tr("n = "))
        self.ngram.setToolTip(
            self.tr("Length of the character n-grams: longer ones are rarer, so a small edit changes more bits")
        )
        self.stopwords = QCheckBox(self.tr("Drop stop words"))
        self.stopwords.setToolTip(
            self.tr(
                "Leave out common words (的, 了, the, of …): they occur in every text and would pull every "
                "fingerprint towards the same bits"
            )
        )
        self.fold_chinese = QCheckBox(self.tr("Fold Traditional Chinese"))
        self.fold_chinese.setToolTip(
            self.tr(
                "Turn Traditional Chinese into Simplified before cutting it into words (OpenCC), so the two "
                "scripts of one text give the same tokens"
            )
        )

        self.weighting = QComboBox()
        for label, value in (
            (self.tr("tf — count in the text"), Weighting.TF),
            (self.tr("tf·idf — count × rarity"), Weighting.TFIDF),
            (self.tr("TextRank"), Weighting.TEXTRANK),
            (self.tr("uniform — 1 per token"), Weighting.UNIFORM),
        ):
            self.weighting.addItem(label, str(value))
        for row, tip in enumerate(
            (
                self.tr("A token weighs as often as it occurs in the text"),
                self.tr(
                    "Occurrences times rarity in a reference corpus: rare words pull harder on the bits. The corpus "
                    "(jieba's) is Chinese: every English word gets the same median rarity, so English text is "
                    "weighed as by tf"
                ),
                self.tr("Weight by centrality in a word graph: words linked to many others count more"),
                self.tr("Every distinct token weighs 1: only which tokens occur matters, not how often"),
            )
        ):
            self.weighting.setItemData(row, tip, Qt.ItemDataRole.ToolTipRole)
        self.weighting.setToolTip(
            self.tr("How much each token pulls on the bits: its code counts this many times in the per-bit sums")
        )
        self.top_k = QSpinBox()
        self.top_k.setRange(0, TOP_K_MAX)
        self.top_k.setSpecialValueText(self.tr("all tokens"))
        self.top_k.setToolTip(
            self.tr("Keep only the K heaviest tokens (0 keeps all); the lighter ones then move no bit at all")
        )

    def _make_fingerprint_fields(self) -> None:
        """The fields that decide the fingerprint and the verdict: hasher, bits, k, the note, Restore defaults."""
        self.hasher = QComboBox()
        self._hasher_model = QStandardItemModel(self.hasher)
        for name, hasher in HASHERS.items():
            item = QStandardItem(self.tr("{name} ({bits} bits)").format(name=name, bits=hasher.bits))
            item.setData(name, Qt.ItemDataRole.UserRole)
            self._hasher_model.appendRow(item)
        teaching = QStandardItem(self.tr("table a–e (teaching, 6 bits)"))
        teaching.setData(TEACHING_HASHER_NAME, Qt.ItemDataRole.UserRole)
        self._hasher_model.appendRow(teaching)
        self.hasher.setModel(self._hasher_model)
        self.hasher.setToolTip(
            self.tr(
                "The hash that gives each token its code; its digest's leading bits are used. Another hasher "
                "gives other fingerprints, so compare only fingerprints made with the same one"
            )
        )

        self.bits = QComboBox()
        self.bits.setEditable(True)
        self.bits.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        for preset in BIT_PRESETS:
            self.bits.addItem(str(preset))
        self.bits.setValidator(QIntValidator(1, MAX_BITS, self.bits))
        self.bits.setToolTip(
            self.tr(
                "Fingerprint width f: more bits measure similarity (1 − d/f) more finely. "
                "A preset or any width from 1 to {max}"
            ).format(max=MAX_BITS)
        )
        self.k = QSpinBox()
        self.k.setToolTip(
            self.tr(
                "Near-duplicates: at most k differing bits. k leaves the fingerprints as they are; "
                "it only decides the verdict"
            )
        )

        self.simhash_only = QCheckBox(self.tr("SimHash only"))
        self.simhash_only.setToolTip(
            self.tr(
                "No word-pair check: the verdict from the distance alone: near-duplicates when at most k bits "
                "differ, however few word pairs the texts share. Off, the verdict also needs enough shared word "
                "pairs, as the command line and the Folder page do"
            )
        )

        self.note = plain_label()
        self.note.setWordWrap(True)
        self.note.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        self.defaults_button = QPushButton(self.tr("Restore defaults"))
        self.defaults_button.setToolTip(
            self.tr(
                "jieba words, stop words dropped, Traditional Chinese folded, default weighting, {hasher}, {bits} "
                "bits and k = {k}"
            ).format(hasher=DEFAULT_HASHER, bits=DEFAULT_BITS, k=default_k(DEFAULT_BITS))
        )

    def _lay_out(self) -> None:
        """The two groups (Tokens, Fingerprint) above the Restore defaults button."""
        tokens = self.tokens_group = QGroupBox(self.tr("Tokens"))
        tokens_form = QFormLayout(tokens)
        segment_row = QHBoxLayout()
        segment_row.addWidget(self.segmenter, 1)
        segment_row.addWidget(self.ngram)
        tokens_form.addRow(self.tr("Segmenter"), segment_row)
        tokens_form.addRow("", self.stopwords)
        tokens_form.addRow("", self.fold_chinese)
        tokens_form.addRow(self.tr("Weighting"), self.weighting)
        tokens_form.addRow(self.tr("Top-K"), self.top_k)

        fingerprint = QGroupBox(self.tr("Fingerprint"))
        fp_form = QFormLayout(fingerprint)
        fp_form.addRow(self.tr("Hasher"), self.hasher)
        fp_form.addRow(self.tr("Bits"), self.bits)
        fp_form.addRow(self.tr("k"), self.k)
        fp_form.addRow("", self.simhash_only)
        fp_form.addRow(self.note)

        for combo in (self.segmenter, self.weighting, self.hasher):  # never narrower than their longest item
            combo.setSizePolicy(QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Fixed)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(tokens)
        column.addWidget(fingerprint)
        column.addWidget(self.defaults_button, 0, Qt.AlignmentFlag.AlignLeft)
        column.addStretch(1)

    def _connect(self) -> None:
        self.segmenter.currentIndexChanged.connect(self._on_segmenter_changed)
        self.segmenter.currentIndexChanged.connect(self._emit)
        self.ngram.valueChanged.connect(self._emit)
        self.stopwords.toggled.connect(self._emit)
        self.fold_chinese.toggled.connect(self._emit)
        self.weighting.currentIndexChanged.connect(self._emit)
        self.top_k.valueChanged.connect(self._emit)
        self.hasher.currentIndexChanged.connect(self._on_hasher_changed)
        self.bits.currentTextChanged.connect(self._on_bits_text)
        self.k.valueChanged.connect(self._emit)
        self.simhash_only.toggled.connect(self._emit)
        self.defaults_button.clicked.connect(self._on_defaults_clicked)

    # ------------------------------------------------------------------------------------- values

    def config(self) -> Config:
        """The current settings as a Config (always valid: the form keeps them consistent); the toy example's
        while it is on the page."""
        if self._toy is not None:
            return self._toy
        name = self.hasher_name()
        return Config(
            bits=self._bits,
            hasher=TEACHING_HASHER if name == TEACHING_HASHER_NAME else name,
            weighting=self.weighting.currentData(),
            top_k=self.top_k.value() or None,
            segmenter=self.segmenter.currentData(),
            stopwords=self.stopwords.isChecked(),
            fold_chinese=self.fold_chinese.isChecked(),
            ngram=self.ngram.value(),
        )

    def decision(self) -> Decision:
        """The verdict's k (this panel's) with the default verification threshold, or none (SimHash only)."""
        if self.simhash_only.isChecked():
            return Decision.for_bits(self._bits, self.k.value(), min_resemblance=0.0)
        return Decision.for_bits(self._bits, self.k.value())

    def hasher_name(self) -> str:
        return str(self.hasher.currentData())

    @property
    def bits_value(self) -> int:
        return self._bits

    def set_config(self, config: Config, k: int | None = None, *, emit: bool = True) -> None:
        """Show ``config`` (and k), with one ``changed`` at the end.

        Args:
            config: The settings; its hasher must be a built-in one or the teaching table.
            k: The verdict's threshold, 0 to bits − 1; None keeps the current k, or takes the width's
                default when the width changes.
            emit: Emit ``changed`` afterwards.

        Raises:
            ValueError: a setting the panel cannot show (another hasher, forced HTML, a longer n-gram, a k
                outside the width); nothing is changed then.
        """
        name = _hasher_name(config.hasher)
        if name is None:
            raise ValueError(f"the settings panel offers the hashers {', '.join(HASHERS)} and the teaching table")
        if config.html:
            raise ValueError("the settings panel has no forced HTML: the Compare page decides HTML per text")
        if config.ngram > NGRAM_MAX:
            raise ValueError(f"the settings panel offers n-grams of 1 to {NGRAM_MAX} characters, got {config.ngram}")
        if (config.top_k or 0) > TOP_K_MAX:
            raise ValueError(f"the settings panel offers a top-K of up to {TOP_K_MAX:,}, got {config.top_k:,}")
        if k is not None:
            Decision.for_bits(config.bits, k)  # the same check as the command line's -k
        if name == TEACHING_HASHER_NAME and self._own is None:  # a lesson's table: the user's settings are kept
            self._keep_own((self.config(), self.k.value()))
        widgets = (
            self.segmenter,
            self.ngram,
            self.stopwords,
            self.fold_chinese,
            self.weighting,
            self.top_k,
            self.hasher,
            self.bits,
            self.k,
        )
        was_blocked = [w.blockSignals(True) for w in widgets]
        try:
            self._select(self.segmenter, str(config.segmenter))
            self.ngram.setValue(config.ngram)
            self.stopwords.setChecked(config.stopwords)
            self.fold_chinese.setChecked(config.fold_chinese)
            self._select(self.weighting, str(config.weighting))
            self.top_k.setValue(config.top_k or 0)
            self.bits.setEditText(str(config.bits))  # also the first time: the combo starts on its first preset
            if config.bits != self._bits:
                self._apply_bits(config.bits, reset_k=True, preferred=name)
            self._select_hasher(name)
            if k is not None:
                self.k.setValue(k)
        finally:
            for widget, blocked in zip(widgets, was_blocked, strict=True):
                widget.blockSignals(blocked)
        self._on_segmenter_changed()
        self._explain()
        if emit:
            self.changed.emit()

    def restore_defaults(self, *, emit: bool = True) -> None:
        """Back to ``Config()``, the default k for its width and the word-pair check (with the toy example on
        the page, its width stays: only k and the word-pair check go back). Out of a six-bit lesson, the defaults
        become the user's own settings."""
        with QSignalBlocker(self.simhash_only):
            self.simhash_only.setChecked(False)
        if self._toy is not None:
            self.k.setValue(default_k(self._bits))
            if emit:
                self.changed.emit()
            return
        self._own = None
        defaults = Config()
        self.set_config(defaults, default_k(defaults.bits), emit=emit)

    def user_settings(self) -> tuple[Config, int]:
        """The user's own settings and k: those on screen, or while a lesson's settings are on the panel (the toy
        example's, the six-bit example's), those from before it (what comes back when it leaves)."""
        return self._own if self._own is not None else (self.config(), self.k.value())

    def show_lesson(self, config: Config, k: int | None = None, *, simhash_only: bool = False) -> None:
        """Show a lesson's settings (an example's), keeping the user's own for the Folder page and for later
        (``leave_lesson``), SimHash only with ``simhash_only`` (the user's choice of it comes back with their
        settings). No ``changed``: the page recomputes."""
        if self._own is None:
            self._keep_own((self.config(), self.k.value()))
        self.set_config(config, k, emit=False)
        with QSignalBlocker(self.simhash_only):
            self.simhash_only.setChecked(simhash_only)

    def show_toy(self, config: Config | None, hasher: str = "") -> None:
        """Show the toy example's width and the hasher of its codes left empty, the other settings disabled (the
        toy decides them); None gives the user's settings from before the toy back. No ``changed``: the page
        recomputes."""
        if config is None:
            if self._toy is None:
                return
            self._toy = None
            self._enable_for_toy(True)
            self.leave_lesson()
            self._explain()
            return
        if self._own is None:
            self._keep_own((self.config(), self.k.value()))
        self._toy = config
        with QSignalBlocker(self.bits), QSignalBlocker(self.hasher), QSignalBlocker(self.k):
            self.bits.setEditText(str(config.bits))
            if config.bits != self._bits:
                self._apply_bits(config.bits, reset_k=True, preferred=hasher)
            self._select_hasher(hasher)
        self._enable_for_toy(False)
        self._explain()

    def _enable_for_toy(self, enabled: bool) -> None:
        for widget in (self.tokens_group, self.hasher, self.bits):
            widget.setEnabled(enabled)

    def _keep_own(self, own: tuple[Config, int]) -> None:
        """Keep the user's settings and SimHash only while a lesson's are on the panel."""
        self._own, self._own_simhash_only = own, self.simhash_only.isChecked()

    def leave_lesson(self) -> bool:
        """The user's own settings back, if a lesson's are on the panel (the teaching table knows only a…e); no
        ``changed``. True when there was a lesson."""
        if self._own is None or self._toy is not None:
            return False
        own, self._own = self._own, None
        self.set_config(*own, emit=False)
        with QSignalBlocker(self.simhash_only):
            self.simhash_only.setChecked(self._own_simhash_only)
        return True

    def take_over(self, old: SettingsPanel) -> None:
        """Show what ``old`` shows (a change of language): the user's own settings and any six-bit lesson's over
        them (a toy example is put back by the page)."""
        self.set_config(*old.user_settings(), emit=False)
        if old._own is not None:
            if old._toy is None:
                self.show_lesson(old.config(), old.k.value())
            self._own = old._own  # under a toy example too, which the page puts back over them
            self._own_simhash_only = old._own_simhash_only
        self.simhash_only.setChecked(old.simhash_only.isChecked())

    # ----------------------------------------------------------------------------------- persisting

    def save(self, settings: QSettings) -> None:
        config, k = self.user_settings()  # a lesson is not kept between sessions: the settings before it are
        hasher = _hasher_name(config.hasher) or DEFAULT_HASHER
        settings.beginGroup(_SETTINGS_GROUP)
        for key, value in (
            ("segmenter", str(config.segmenter)),
            ("ngram", config.ngram),
            ("stopwords", config.stopwords),
            ("fold_chinese", config.fold_chinese),
            ("weighting", str(config.weighting)),
            ("top_k", config.top_k or 0),
            ("hasher", hasher),
            ("bits", config.bits),
            ("k", k),
        ):
            settings.setValue(key, value)
        settings.endGroup()

    def load(self, settings: QSettings) -> None:
        """The saved settings; a value that is missing or no longer valid takes its default."""
        settings.beginGroup(_SETTINGS_GROUP)
        values = {key: settings.value(key) for key in settings.childKeys()}
        settings.endGroup()
        if values.get("hasher") == TEACHING_HASHER_NAME:  # teaching mode is for the example, not a new session
            return
        if values:
            config, k = stored_settings(values)
            self.set_config(config, k, emit=False)

    # ---------------------------------------------------------------------------------------- logic

    def _apply_bits(self, bits: int, *, reset_k: bool, preferred: str | None = None) -> None:
        """Take a new width: disable hashers too narrow for it, switch away from one, reset k's range."""
        self._bits = bits
        able = set(hashers_for(bits))
        if bits <= TEACHING_HASHER.bits:
            able.add(TEACHING_HASHER_NAME)
        for row in range(self._hasher_model.rowCount()):
            item = self._hasher_model.item(row)
            name = item.data(Qt.ItemDataRole.UserRole)
            width = TEACHING_HASHER.bits if name == TEACHING_HASHER_NAME else HASHERS[name].bits
            item.setEnabled(name in able)
            item.setToolTip(
                ""
                if name in able
                else self.tr("{name} gives only {width} bits, fewer than {bits}").format(
                    name=self._display_name(name), width=width, bits=bits
                )
            )
        self._switched_from = None
        wanted = preferred or self.hasher_name()
        if wanted not in able:
            self._switched_from = wanted
            fallback = next(n for n in (DEFAULT_HASHER, "blake2b", *hashers_for(bits)) if n in able)
            self._select_hasher(fallback)
        self.k.setRange(0, bits - 1)  # k + 1 blocks of at least one bit each, as the index needs
        if reset_k:
            self.k.setValue(default_k(bits))
        self._explain()

    def _explain(self) -> None:
        name = self.hasher_name()
        width = TEACHING_HASHER.bits if name == TEACHING_HASHER_NAME else HASHERS[name].bits
        lines = []
        switched = self._switched_from
        if switched and switched != name:
            lines.append(
                self.tr("{old} cannot give {bits} bits, so the hasher is now {new}.").format(
                    old=self._display_name(switched), bits=self._bits, new=self._display_name(name)
                )
            )
        if self._toy is not None:
            lines.append(
                self.tr(
                    "The toy example sets the width and every token's weight and code (codes left empty come from "
                    "{name}): edit them in Examples → Edit the toy example…"
                ).format(name=name)
            )
        elif name == TEACHING_HASHER_NAME:
            lines.append(self.tr("The teaching table has codes for the tokens a–e only, six bits each."))
        else:
            wider = hashers_for(width + 1) if width < MAX_BITS else []
            widths = self.tr("{name} gives {width} bits: widths 1–{width}.").format(name=name, width=width)
            others = self.tr("Wider: {names}.").format(names=", ".join(wider)) if wider else ""
            lines.append(join_sentences(widths, others))  # no space after a Chinese full stop
        lines.append(self.tr("Default k for {bits} bits: {k}.").format(bits=self._bits, k=default_k(self._bits)))
        self.note.setText("\n".join(lines))

    def _display_name(self, name: str) -> str:
        """A hasher's name as the interface shows it (the teaching table's internal name is not a word to show)."""
        return self.tr("the teaching table") if name == TEACHING_HASHER_NAME else name

    def _select(self, combo: QComboBox, value: str) -> None:
        index = combo.findData(value)
        if index >= 0:
            combo.setCurrentIndex(index)

    def _select_hasher(self, name: str) -> None:
        index = self.hasher.findData(name)
        if index >= 0 and self._hasher_model.item(index).isEnabled():
            with QSignalBlocker(self.hasher):
                self.hasher.setCurrentIndex(index)
        self._hasher_shown = self.hasher_name()

    # ---------------------------------------------------------------------------------------- slots

    @Slot()
    def _emit(self) -> None:
        self.changed.emit()

    @Slot()
    def _on_segmenter_changed(self) -> None:
        self.ngram.setVisible(self.segmenter.currentData() == str(Segmenter.CHARS))

    @Slot()
    def _on_hasher_changed(self) -> None:
        if self.hasher_name() == TEACHING_HASHER_NAME and self._own is None:  # chosen by hand: a lesson too
            self._keep_own((replace(self.config(), hasher=self._hasher_shown), self.k.value()))
        self._hasher_shown = self.hasher_name()
        self._switched_from = None
        self._explain()
        self.changed.emit()

    @Slot(str)
    def _on_bits_text(self, text: str) -> None:
        try:
            bits = int(text)
        except ValueError:
            return
        if not 1 <= bits <= MAX_BITS or bits == self._bits:
            return
        self._apply_bits(bits, reset_k=True)
        self.changed.emit()

    @Slot()
    def _on_defaults_clicked(self) -> None:
        self.restore_defaults()


def _hasher_name(spec: object) -> str | None:
    """The hasher combo's entry for a Config's hasher, or None when the panel does not offer it."""
    if isinstance(spec, str):
        return spec if spec in HASHERS else None
    if spec is TEACHING_HASHER or (isinstance(spec, dict) and spec == TEACHING_TABLE):
        return TEACHING_HASHER_NAME
    if isinstance(spec, Hasher) and HASHERS.get(spec.name) is spec:
        return spec.name
    return None
