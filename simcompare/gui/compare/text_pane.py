"""One input of the Compare page: a plain-text editor with Open, Clear, drop-a-file and what was read.

Document text is untrusted. It only ever enters the editor through ``setPlainText`` (QPlainTextEdit has
no rich text at all, and pasting or dropping inserts only the plain text of the clipboard), and every
label that shows a file name or an error is set to ``Qt.PlainText``.

A loaded file's exact decoded text is kept and handed to the core until the user edits it, so the
numbers match the command line's for the same file (the editor itself would fold CR LF into LF).

A document (PDF, Word, OpenDocument, EPUB, RTF, Markdown) shows its extracted text read-only, with the
format named: editing it would not edit the file. "Folded" shows a Traditional Chinese text as the core
segments it, in Simplified characters (read-only too; the text compared stays the one loaded or typed).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QMimeData, Signal, Slot
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent, QFont
from PySide6.QtWidgets import (
    QCheckBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPlainTextEdit,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from simcompare.core.errors import InputError
from simcompare.core.formats.names import display_name
from simcompare.core.text.chinese import fold_chinese
from simcompare.core.text.documents import Document, read_document
from simcompare.core.text.readers import Format
from simcompare.gui.common.messages import input_error_text
from simcompare.gui.common.palette import BAD
from simcompare.gui.common.plain import fit_wrapped, keep_wrapped_lines, plain_label


def local_file(mime: QMimeData) -> str | None:
    """The first local file among dragged URLs, or None."""
    if not mime.hasUrls():
        return None
    for url in mime.urls():
        if url.isLocalFile():
            return url.toLocalFile()
    return None


class DropTextEdit(QPlainTextEdit):
    """A plain-text editor that opens a file dropped on it (text dropped on it is inserted as usual)."""

    file_dropped = Signal(str)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if local_file(event.mimeData()) is not None:
            event.acceptProposedAction()
        else:
            super().dragEnterEvent(event)

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        if local_file(event.mimeData()) is not None:
            event.acceptProposedAction()
        else:
            super().dragMoveEvent(event)

    def dropEvent(self, event: QDropEvent) -> None:
        path = local_file(event.mimeData())
        if path is not None:
            event.acceptProposedAction()
            self.file_dropped.emit(path)
        else:
            super().dropEvent(event)


@dataclass(frozen=True)
class PaneState:
    """Everything a pane holds, for Swap."""

    text: str
    loaded: str | None
    source: str | None
    document: Document | None
    html: bool


_LEAST_HEIGHT = 90
"""The text box's least height in pixels, out of Step by step."""


class TextPane(QWidget):
    """Text A or text B.

    Signals:
        edited(): the text or how it is read changed (typing, a file, an example, Clear, the HTML box).
        file_loaded(path): a file was read into the pane.
        load_failed(path, message): a file could not be read; the pane kept its text.
    """

    edited = Signal()
    file_loaded = Signal(str)
    load_failed = Signal(str, str)

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._loaded: str | None = None  # the exact text of the loaded file, until edited
        # The loaded file as the editor shows it (length, hash) and as read: undoing back to it is no edit.
        self._file_text: tuple[int, int, str] | None = None
        self._source: str | None = None  # file path or example name
        self._document: Document | None = None
        self._quiet = False
        self._last_dir = ""
        self._unfolded: str | None = None  # the editor's own text while it shows the folded one
        # Asks a yes/no question (title, question) -> yes; Clear asks before it throws typed text away.
        self.ask = self._ask

        self.title = QLabel(title)
        bold = QFont(self.title.font())
        bold.setBold(True)
        self.title.setFont(bold)
        self._make_buttons()

        self.editor = DropTextEdit()
        self.editor.setPlaceholderText(
            self.tr("Type or paste a text here, drop a file on it, or choose an example from the Examples menu.")
        )
        self.editor.setMinimumHeight(_LEAST_HEIGHT)
        self.editor.setTabChangesFocus(True)

        self.info = plain_label()
        self.info.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.info.setWordWrap(True)  # a long name takes a second line rather than being cut
        keep_wrapped_lines(self.info)  # …and the pane gives it the room (at 1.15× it ran into the text box)
        self.stats = plain_label()
        self.error = plain_label()
        self.error.setWordWrap(True)
        self.error.setStyleSheet(f"color: {BAD.name()};")
        self.error.hide()

        header = QHBoxLayout()
        header.setContentsMargins(0, 0, 0, 0)
        header.addWidget(self.title)
        header.addStretch(1)
        header.addWidget(self.html_box)
        header.addWidget(self.fold_button)
        header.addWidget(self.open_button)
        header.addWidget(self.clear_button)
        footer = QHBoxLayout()
        footer.setContentsMargins(0, 0, 0, 0)
        footer.addWidget(self.info, 1)
        footer.addWidget(self.stats)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(3)
        column.addLayout(header)
        column.addWidget(self.editor, 1)
        column.addLayout(footer)
        column.addWidget(self.error)

        self.editor.textChanged.connect(self._on_text_changed)
        self.editor.file_dropped.connect(self.load_file)
        self.open_button.clicked.connect(self.choose_file)
        self.clear_button.clicked.connect(self._on_clear_clicked)
        self.html_box.toggled.connect(self._on_html_toggled)
        self.fold_button.toggled.connect(self._on_fold_toggled)
        self._show_info()

    def _make_buttons(self) -> None:
        """The header's controls: Read as HTML, Folded (hidden until a text has Traditional Chinese), Open, Clear."""
        self.html_box = QCheckBox(self.tr("Read as HTML"))
        self.html_box.setToolTip(
            self.tr(
                "Reduce the text to what a browser shows before segmenting. "
                "Set for .html files and for text that starts like an HTML page."
            )
        )
        self.open_button = QToolButton()
        self.open_button.setText(self.tr("Open…"))
        self.open_button.setToolTip(
            self.tr("Open a text file or a document: PDF, Word, OpenDocument, EPUB, RTF, Markdown (or drop one)")
        )
        self.fold_button = QToolButton()
        self.fold_button.setText(self.tr("Folded"))
        self.fold_button.setCheckable(True)
        self.fold_button.setToolTip(
            self.tr(
                "Show the text as it is compared: Traditional Chinese folded to Simplified before it is cut "
                "into words, so both scripts of one text give the same tokens"
            )
        )
        self.fold_button.hide()
        self.clear_button = QToolButton()
        self.clear_button.setText(self.tr("Clear"))

    # -------------------------------------------------------------------------------------- reading

    def text(self) -> str:
        """What the core compares: the loaded file's exact text, or what is in the editor."""
        if self._loaded is not None:
            return self._loaded
        return self._unfolded if self._unfolded is not None else self.editor.toPlainText()

    def html(self) -> bool | None:
        """True when the text is to be read as HTML; None lets the core decide by content (as the CLI does)."""
        return True if self.html_box.isChecked() else None

    @property
    def source(self) -> str | None:
        return self._source

    @property
    def document(self) -> Document | None:
        """The file's document while the pane holds it unedited."""
        return self._document if self._loaded is not None else None

    # -------------------------------------------------------------------------------------- setting

    @Slot()
    def choose_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self,
            self.tr("Open {title}").format(title=self.title.text()),
            self._last_dir,
            self.tr(
                "Texts and documents (*.txt *.md *.markdown *.html *.htm *.xhtml *.csv *.json *.xml "
                "*.pdf *.docx *.odt *.epub *.rtf);;All files (*)"
            ),
        )
        if path:
            self.load_file(path)

    @Slot(str)
    def load_file(self, path: str) -> bool:
        """Read a file with the core's rules (its format, decoding, HTML); on failure keep the text and say why."""
        try:
            document = read_document(path)
        except InputError as error:
            message = open_error(path, error)
            self.error.setText(message)
            self.error.show()
            self.load_failed.emit(path, message)
            return False
        self._last_dir = str(Path(path).parent)
        self._set(document.text, loaded=True, source=path, document=document, html=document.html)
        self.file_loaded.emit(path)
        return True

    def set_text(self, text: str, source: str | None = None, *, html: bool = False) -> None:
        """Put text in the pane as if typed (an example names itself as ``source``)."""
        self._set(text, loaded=False, source=source, document=None, html=html)

    @Slot()
    def clear(self) -> None:
        self._set("", loaded=False, source=None, document=None, html=False)

    def rename_source(self, source: str) -> None:
        """Name the example the pane holds anew (in a new interface language), keeping its text."""
        self._source = source
        self._show_info()

    def holds_typed_text(self) -> bool:
        """True when the pane holds text the user typed or pasted (not a file, not an example)."""
        return bool(self.text().strip()) and self.document is None and self.source is None

    def _ask(self, title: str, question: str) -> bool:
        buttons = QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No
        answer = QMessageBox.question(self, title, question, buttons, QMessageBox.StandardButton.No)
        return answer == QMessageBox.StandardButton.Yes

    @Slot()
    def _on_clear_clicked(self) -> None:
        if self.holds_typed_text() and not self.ask(
            self.tr("Clear {title}").format(title=self.title.text()), self.tr("Throw away the text you typed?")
        ):
            return
        self.clear()

    def state(self) -> PaneState:
        return PaneState(self.text(), self._loaded, self._source, self._document, self.html_box.isChecked())

    def restore(self, state: PaneState) -> None:
        self._quiet = True
        try:
            self._unfolded = None
            self.fold_button.setChecked(False)
            self.editor.setPlainText(state.text)
            self.html_box.setChecked(state.html)
        finally:
            self._quiet = False
        self._loaded, self._source, self._document = state.loaded, state.source, state.document
        self._remember_file_text()
        self._set_read_only()
        self.error.hide()
        self._show_info()
        self.edited.emit()

    def set_compact(self, compact: bool) -> None:
        """Let the text box be as low as two lines (Step by step: the token tables take the room), or not."""
        lines = self.editor.fontMetrics().lineSpacing() * 2 + 2 * self.editor.frameWidth() + 8
        self.editor.setMinimumHeight(min(lines, _LEAST_HEIGHT) if compact else _LEAST_HEIGHT)

    def set_stats(self, text: str) -> None:
        self.stats.setText(text)

    def _set(self, text: str, *, loaded: bool, source: str | None, document: Document | None, html: bool) -> None:
        self._quiet = True
        try:
            self._unfolded = None
            self.fold_button.setChecked(False)
            self.editor.setPlainText(text)
            self.html_box.setChecked(html)
        finally:
            self._quiet = False
        self._loaded = text if loaded else None
        self._remember_file_text()
        self._source = source
        self._document = document
        self._set_read_only()
        self.error.hide()
        self._show_info()
        self.edited.emit()

    # ---------------------------------------------------------------------------------------- slots

    def _remember_file_text(self) -> None:
        """Note the unedited file's text in the editor (setPlainText cleared the undo history before it)."""
        if self._loaded is None:
            self._file_text = None
        else:
            shown = self.editor.toPlainText()  # line ends as the editor holds them (CRLF read as one break)
            self._file_text = (len(shown), hash(shown), self._loaded)

    @Slot()
    def _on_text_changed(self) -> None:
        if self._quiet:
            return
        if self._file_text is not None:
            # Edited, or undone back to the file's text: only the length is checked on most keys (cheap even
            # for a large file); the text is hashed only when the lengths agree.
            length, digest, text = self._file_text
            same = self.editor.document().characterCount() - 1 == length and hash(self.editor.toPlainText()) == digest
            loaded = text if same else None
            if (loaded is None) != (self._loaded is None):
                self._loaded = loaded
                self._show_info()
            else:
                self._update_fold_button()
        elif self._source is None:
            self._show_info()
        else:
            self._update_fold_button()
        self.error.hide()
        self.edited.emit()

    @Slot(bool)
    def _on_html_toggled(self, _checked: bool) -> None:
        if not self._quiet:
            self.edited.emit()

    @Slot(bool)
    def _on_fold_toggled(self, checked: bool) -> None:
        if self._quiet:
            return
        # Only what is shown changes: text() goes on returning the text as loaded or typed.
        self._quiet = True
        try:
            if checked:
                self._unfolded = self.editor.toPlainText()
                self.editor.setPlainText(fold_chinese(self._unfolded))
            elif self._unfolded is not None:
                self.editor.setPlainText(self._unfolded)
                self._unfolded = None
        finally:
            self._quiet = False
        self._set_read_only()

    def _set_read_only(self) -> None:
        """Read-only while the editor shows a document's extracted text or the folded text."""
        extracted = self._loaded is not None and self._document is not None and self._document.extracted
        self.editor.setReadOnly(extracted or self._unfolded is not None)
        self.html_box.setEnabled(not extracted)

    def _update_fold_button(self) -> None:
        """Offered only when folding changes the text (it holds Traditional characters)."""
        if self._unfolded is None:
            text = self.text()
            self.fold_button.setVisible(bool(text) and fold_chinese(text) != text)

    def _show_info(self) -> None:
        self._update_fold_button()
        document = self._document
        if self._source and document is not None:
            name = display_name(os.path.basename(self._source))  # Qt would drop a byte that is not UTF-8
            if document.extracted:
                parts = [name, format_name(document.format)]
                if document.format == Format.MARKDOWN:
                    parts.append(document.encoding + (" " + self.tr("(guessed)") if document.guessed else ""))
            else:
                parts = [name, document.encoding + (" " + self.tr("(guessed)") if document.guessed else "")]
            if document.extracted and self._loaded is not None:
                parts.append(self.tr("read-only"))
            if document.html:
                parts.append(self.tr("HTML"))
            parts.append(self.tr("{size} bytes").format(size=f"{document.size:,}"))
            if self._loaded is None:
                parts.append(self.tr("edited"))
            self.info.setText(" · ".join(parts))
            self.info.setToolTip(
                self.tr("The text extracted from the document, as it is compared; Clear to type instead.")
                if document.extracted
                else ""
            )
            self.info.setStatusTip(display_name(self._source))
        elif self._source:
            self.info.setText(display_name(self._source))
        else:
            self.info.setText(self.tr("typed or pasted") if self.editor.toPlainText() else "")
        fit_wrapped(self.info)


def format_name(code: Format | str) -> str:
    """A document format's name as a reader knows it."""
    names = {
        Format.PDF: QCoreApplication.translate("TextPane", "PDF"),
        Format.DOCX: QCoreApplication.translate("TextPane", "Word document"),
        Format.ODT: QCoreApplication.translate("TextPane", "OpenDocument text"),
        Format.EPUB: QCoreApplication.translate("TextPane", "EPUB book"),
        Format.RTF: QCoreApplication.translate("TextPane", "RTF document"),
        Format.MARKDOWN: QCoreApplication.translate("TextPane", "Markdown"),
    }
    return names.get(code, code)


def open_error(path: str, error: InputError) -> str:
    """Why a file could not be opened, in words chosen by the error's code (never the core's English)."""
    name = display_name(os.path.basename(path) or path)
    reason = input_error_text(error.code, error.errno)
    return QCoreApplication.translate("TextPane", "Could not open “{name}”: {reason}").format(name=name, reason=reason)
