"""The Folder page's side-by-side tab: two members as the cleaned texts that were fingerprinted, with the
pair's figures on top, stepping through the members of the groups against their references."""

from __future__ import annotations

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from simcompare.core.errors import InputError
from simcompare.core.formats.names import display_name
from simcompare.core.text.cleaning import clean, read_as_html
from simcompare.core.text.documents import read_document
from simcompare.gui.common.diff_view import DifferencesView
from simcompare.gui.common.messages import input_error_text
from simcompare.gui.common.plain import plain_label
from simcompare.gui.folder.parts import PairPage


class SideBySide(QWidget):
    """Two files of the page's groups side by side; the pair can go on to the Compare page.

    Signals:
        shown(): a pair is on show (the page brings the tab forward and sets its actions enabled).
    """

    shown = Signal()

    def __init__(self, page: PairPage) -> None:
        super().__init__()
        self._page = page
        self.pair: tuple[int, int] | None = None
        self.diff_view = DifferencesView()
        self.pair_label = plain_label(
            self.tr("Select a member in Groups and press Enter (or Side by side) to see it beside its reference.")
        )
        self.pair_label.setWordWrap(True)
        self.previous_member_button = QPushButton(self.tr("◀ Previous member"))
        self.previous_member_button.clicked.connect(lambda: self.step_member(-1))
        self.next_member_button = QPushButton(self.tr("Next member ▶"))
        self.next_member_button.clicked.connect(lambda: self.step_member(1))
        self.to_compare_button = QPushButton(self.tr("Open on the Compare page"))
        self.to_compare_button.setToolTip(self.tr("Compare the pair step by step on the Compare page"))
        self.to_compare_button.clicked.connect(self.open_pair_on_compare_page)
        side_layout = QVBoxLayout(self)
        side_layout.setContentsMargins(0, 4, 0, 0)
        pair_row = QHBoxLayout()
        pair_row.addWidget(self.pair_label, 1)
        pair_row.addWidget(self.previous_member_button)
        pair_row.addWidget(self.next_member_button)
        pair_row.addWidget(self.to_compare_button)
        side_layout.addLayout(pair_row)
        side_layout.addWidget(self.diff_view, 1)

    @Slot()
    def compare_selected(self) -> bool:
        """Show the selected pair (or a member and its reference) side by side, as cleaned text."""
        pair = self._page.selection.selected_pair()
        return pair is not None and self.show_pair(*pair)

    def show_pair(self, a: int, b: int) -> bool:
        """Side by side: the cleaned texts that were fingerprinted, with the pair's figures on top."""
        page = self._page
        session = page.session
        assert session is not None
        texts = []
        for i in (a, b):
            path = page.absolute(i)
            try:
                document = read_document(path)
            except InputError as error:
                reason = input_error_text(error.code, error.errno)
                page.summary_label.setText(self.tr("Cannot read {0}: {1}").format(display_name(path), reason))
                return False
            asked = session.result.config.html or document.html
            texts.append(clean(document.text, html=read_as_html(document.text, asked=asked)))
        figures = session.pair(a, b, page.k_box.value())
        files = session.files
        verdict = self.tr("near-duplicates") if figures.near_duplicate else self.tr("not near-duplicates at this k")
        text = self.tr("%Ln bit(s) apart · {0:.0%} of the text shared · {1}", "", figures.distance).format(
            figures.resemblance, verdict
        )
        if figures.identical:
            text = self.tr("Identical cleaned texts") + " · " + text
        self.pair_label.setText(text)
        self.pair = (a, b)
        self.diff_view.set_titles(files[a].path, files[b].path)
        self.diff_view.set_texts(texts[0], texts[1], segmenter=session.result.config.segmenter)
        self.shown.emit()
        return True

    def step_member(self, step: int) -> bool:
        """Side by side with the next (or previous) member against its group's reference."""
        if self.pair is None:
            return False
        order = [(g.reference, m.index) for g in self._page.selection.sorted_groups() for m in g.members[1:]]
        try:
            position = order.index(self.pair)
        except ValueError:
            position = next((n for n, (_, b) in enumerate(order) if b == self.pair[1]), -1)
        target = position + step
        if not 0 <= target < len(order):
            return False
        return self.show_pair(*order[target])

    @Slot()
    def open_pair_on_compare_page(self) -> bool:
        if self.pair is None:
            return False
        self._page.compare_requested.emit(*(self._page.absolute(i) for i in self.pair))
        return True

    def refresh(self) -> None:
        """Stepping and the Compare page need a pair on show."""
        for widget in (self.previous_member_button, self.next_member_button, self.to_compare_button):
            widget.setEnabled(self.pair is not None)

    def shutdown(self) -> None:
        self.diff_view.shutdown()
