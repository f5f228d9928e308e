"""File → Export lesson…: a PDF handout of the ten steps for the two texts on screen, one page per step.

Each page has the step's sentence (the same as Step by step says, in the window's language) and the numbers
it is about: cleaned texts, tokens, weights, codes, ±w, sums, signs, fingerprints, XOR, distance. Long lists
stop at a fixed number of rows, said on the page, so every step fits its page. Document text and file names
are escaped: they are shown as the characters they are.
"""

from __future__ import annotations

import errno
import html
import os
import stat
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QMarginsF, QObject, QRectF, QSizeF, Signal, Slot
from PySide6.QtGui import QAction, QPageLayout, QPageSize, QPainter, QPdfWriter, QTextDocument

from simcompare.core.explain.compare import Comparison, Side
from simcompare.gui.common.messages import system_error_text
from simcompare.gui.common.palette import number, signed
from simcompare.gui.compare.steps import Step, step_sentence
from simcompare.gui.compare.text_pane import TextPane

ROWS = 12  # token rows in a table
CODE_BITS = 16  # code bits or ±w columns shown per token
CLEANED = 1200  # characters of each cleaned text
TOKENS = 120  # tokens of each text listed
LINE_BITS = 64  # bits on one line


def _e(text: str) -> str:
    return html.escape(text, quote=False)


def step_names() -> list[str]:
    return [
        QCoreApplication.translate("Handout", "Clean"),
        QCoreApplication.translate("Handout", "Tokens"),
        QCoreApplication.translate("Handout", "Weights"),
        QCoreApplication.translate("Handout", "Codes"),
        QCoreApplication.translate("Handout", "±w"),
        QCoreApplication.translate("Handout", "Sums"),
        QCoreApplication.translate("Handout", "Signs"),
        QCoreApplication.translate("Handout", "Fingerprint"),
        QCoreApplication.translate("Handout", "XOR"),
        QCoreApplication.translate("Handout", "Distance"),
    ]


def _bits(binary: str) -> str:
    """Bits in groups of eight, 64 to a line, in a monospace block."""
    lines = []
    for start in range(0, len(binary), LINE_BITS):
        chunk = binary[start : start + LINE_BITS]
        lines.append(" ".join(chunk[i : i + 8] for i in range(0, len(chunk), 8)))
    return "<pre>" + "\n".join(lines) + "</pre>"


def _table(header: list[str], rows: list[list[str]]) -> str:
    head = "".join(f"<th>{_e(cell)}</th>" for cell in header)
    body = "".join("<tr>" + "".join(f"<td>{_e(cell)}</td>" for cell in row) + "</tr>" for row in rows)
    return f"<table border='1' cellspacing='0' cellpadding='3'><tr>{head}</tr>{body}</table>"


def _shown(side: Side) -> str:
    total = len(side.fingerprint.tokens)
    if total <= ROWS:
        return ""
    return (
        "<p><i>"
        + _e(QCoreApplication.translate("Handout", "The {rows} heaviest of {n} tokens.").format(rows=ROWS, n=total))
        + "</i></p>"
    )


def _columns(f: int) -> range:
    return range(min(f, CODE_BITS))


def _step_body(step: Step, comparison: Comparison, names: tuple[str, str]) -> str:
    """The numbers of one step, for both texts where the step is about each text."""
    sides = ((names[0], comparison.a), (names[1], comparison.b))
    f = comparison.config.bits
    parts = []
    for name, side in sides:
        fp, features = side.fingerprint, side.features
        tokens = fp.tokens[:ROWS]
        title = f"<h3>{_e(name)}</h3>"
        if step is Step.CLEAN:
            cleaned = features.cleaned[:CLEANED] + ("…" if len(features.cleaned) > CLEANED else "")
            parts.append(title + f"<p style='white-space: pre-wrap'>{_e(cleaned)}</p>")
        elif step is Step.TOKENS:
            listed = " · ".join(features.sequence[:TOKENS]) + (" …" if len(features.sequence) > TOKENS else "")
            parts.append(title + f"<p>{_e(listed)}</p>")
        elif step is Step.WEIGHTS:
            rows = [[t.token, str(t.count), number(t.weight)] for t in tokens]
            parts.append(
                title
                + _table(
                    [
                        QCoreApplication.translate("Handout", "Token"),
                        QCoreApplication.translate("Handout", "Count"),
                        QCoreApplication.translate("Handout", "Weight"),
                    ],
                    rows,
                )
                + _shown(side)
            )
        elif step is Step.CODES:
            rows = [[t.token, fp.code_binary(t)[:LINE_BITS]] for t in tokens]
            parts.append(
                title
                + _table(
                    [QCoreApplication.translate("Handout", "Token"), QCoreApplication.translate("Handout", "Code")],
                    rows,
                )
                + _shown(side)
            )
        elif step is Step.SIGNED:
            header = [QCoreApplication.translate("Handout", "Token"), *(str(j) for j in _columns(f))]
            rows = [
                [t.token, *(signed(t.weight if fp.code_binary(t)[j] == "1" else -t.weight) for j in _columns(f))]
                for t in tokens
            ]
            parts.append(title + _table(header, rows) + _shown(side))
        elif step is Step.SUMS:
            parts.append(title + "<p>V = " + _e(", ".join(number(v) for v in fp.sums)) + "</p>")
        elif step in (Step.SIGNS, Step.FINGERPRINT):
            parts.append(title + _bits(fp.binary) + (f"<p>hex {fp.hex}</p>" if step is Step.FINGERPRINT else ""))
    if f > CODE_BITS and step is Step.SIGNED:
        parts.append(
            "<p><i>"
            + _e(QCoreApplication.translate("Handout", "The first {n} of {f} bits.").format(n=CODE_BITS, f=f))
            + "</i></p>"
        )
    if step in (Step.XOR, Step.DISTANCE):
        a, b = comparison.a.fingerprint, comparison.b.fingerprint
        xor = format(a.value ^ b.value, f"0{f}b")
        parts.append(
            f"<p>A</p>{_bits(a.binary)}<p>B</p>{_bits(b.binary)}<p>A ⊕ B</p>{_bits(xor)}<p>"
            + _e(
                QCoreApplication.translate("Handout", "{ones} ones: the Hamming distance is {d} of {f} bits.").format(
                    ones=xor.count("1"), d=xor.count("1"), f=f
                )
            )
            + "</p>"
        )
    return "".join(parts)


def lesson_pages(comparison: Comparison, names: tuple[str, str]) -> list[str]:
    """One HTML page per step (names: what to call texts A and B, shown as plain text)."""
    config = comparison.config
    heading = _e(
        QCoreApplication.translate("Handout", "{a} and {b}: f = {f} bits, k = {k}, weighting {weighting}").format(
            a=names[0],
            b=names[1],
            f=config.bits,
            k=comparison.k,
            weighting=QCoreApplication.translate("Handout", "typed (a toy example)")
            if comparison.a.features.typed
            else str(config.weighting),
        )
    )
    pages = []
    for step, name in zip(Step, step_names(), strict=True):
        title = _e(
            QCoreApplication.translate("Handout", "Step {i} of {n}: {name}").format(i=step + 1, n=len(Step), name=name)
        )
        pages.append(
            f"<p style='color:#666'>simcompare · {heading}</p><h1>{title}</h1>"
            f"<p>{_e(step_sentence(step, comparison))}</p>{_step_body(step, comparison, names)}"
        )
    return pages


def lesson_documents(comparison: Comparison, names: tuple[str, str], writer: QPdfWriter) -> list[QTextDocument]:
    """The pages laid out for ``writer``'s page (each fits it: the tests check)."""
    area = writer.pageLayout().paintRectPixels(writer.resolution())
    documents = []
    for page in lesson_pages(comparison, names):
        document = QTextDocument()
        document.documentLayout().setPaintDevice(writer)
        document.setPageSize(QSizeF(area.width(), area.height()))
        document.setHtml(page)
        documents.append(document)
    return documents


def lesson_writer(path: str | Path) -> QPdfWriter:
    """A PDF writer for A4 pages with 15 mm margins."""
    writer = QPdfWriter(str(path))
    margins = QMarginsF(15, 15, 15, 15)
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize.PageSizeId.A4), QPageLayout.Orientation.Portrait, margins))
    writer.setTitle(QCoreApplication.translate("Handout", "SimHash step by step"))
    writer.setCreator("simcompare")
    return writer


def write_lesson(path: str | Path, comparison: Comparison, names: tuple[str, str]) -> int:
    """Write the handout as a PDF (A4, one page per step); returns the pages written. Raises OSError when the
    file cannot be written."""
    # the system's own reason (no such folder, no permission) before Qt's silent failure; never a wait (a FIFO)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0), 0o666)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file: a PDF is written to a file", os.fspath(path))
    finally:
        os.close(fd)
    writer = lesson_writer(path)
    documents = lesson_documents(comparison, names, writer)
    area = writer.pageLayout().paintRectPixels(writer.resolution())
    painter = QPainter()
    if not painter.begin(writer):
        raise OSError(f"cannot write a PDF to {path}")
    for number_, document in enumerate(documents):
        if number_:
            writer.newPage()
        document.drawContents(painter, QRectF(0, 0, area.width(), area.height()))
    painter.end()
    return len(documents)


class LessonExporter(QObject):
    """The File menu's Export lesson… action, for the comparison on screen.

    Signals:
        message(str): a line for the status bar.
    """

    message = Signal(str)

    def __init__(self, ask_path, panes: tuple[TextPane, TextPane], parent: QObject | None = None) -> None:
        """``ask_path(title, name, pattern) -> path`` asks where ("" cancels); ``panes`` name the texts."""
        super().__init__(parent)
        self._comparison: Comparison | None = None
        self._ask_path = ask_path
        self._panes = panes
        self.action = QAction(self.tr("Export lesson…"), self)
        self.action.setToolTip(self.tr("Save every step for the two texts on screen as a PDF, one page per step"))
        self.action.setEnabled(False)
        self.action.triggered.connect(self._ask)

    def set_comparison(self, comparison: Comparison) -> None:
        self._comparison = comparison
        self.action.setEnabled(True)

    def export(self, path: str) -> bool:
        if self._comparison is None:
            return False
        try:
            write_lesson(path, self._comparison, self.names())
        except OSError as error:
            reason = system_error_text(error.errno) or error.strerror or str(error)
            self.message.emit(self.tr("Could not save {path}: {reason}").format(path=path, reason=reason))
            return False
        self.message.emit(self.tr("Saved {path}").format(path=path))
        return True

    def names(self) -> tuple[str, str]:
        """What the handout calls the texts: their files' names, else Text A and Text B."""
        pane_a, pane_b = self._panes
        return (
            os.path.basename(pane_a.source or "") or QCoreApplication.translate("Handout", "Text A"),
            os.path.basename(pane_b.source or "") or QCoreApplication.translate("Handout", "Text B"),
        )

    @Slot()
    def _ask(self) -> None:
        path = self._ask_path(self.tr("Export lesson"), "simcompare-lesson.pdf", self.tr("PDF document (*.pdf)"))
        if path:
            self.export(path)
