"""PDF form XObjects placed many times (issue 26): PDFium parses a form anew at every placement, so a page of
a few hundred bytes that places a form of a thousand strings a thousand times is a million objects. The check
before PDFium loads a page counts what the forms draw, times how often they are placed."""

from __future__ import annotations

import pytest
from helpers.raw_pdf import CATALOG, FONT, PAGES, pdf_of, stream

from simcompare.core.errors import InputError
from simcompare.core.text.documents import document_from_bytes
from simcompare.core.text.readers.pdf import pdf_object_limit


def _pdf(page: bytes, forms: dict[str, bytes], *, placed_by_form: dict[str, str] | None = None) -> bytes:
    """One page placing named forms. ``forms`` maps a name to the form's content; ``placed_by_form`` maps a
    form's name to the name of another form its own resources offer (so forms can place forms)."""
    names = list(forms)
    first_form = 5
    number = {name: first_form + i for i, name in enumerate(names)}
    font = first_form + len(names)
    xobjects = b" ".join(b"/%s %d 0 R" % (n.encode(), number[n]) for n in names)
    objects = [
        CATALOG,
        PAGES,
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << "
        + xobjects
        + b" >> /Font << /F1 %d 0 R >> >> /Contents 4 0 R >>" % font,
        stream(b"", page),
    ]
    for name in names:
        inner = (placed_by_form or {}).get(name)
        resources = b"/Font << /F1 %d 0 R >>" % font
        if inner:
            resources += b" /XObject << /%s %d 0 R >>" % (inner.encode(), number[inner])
        objects.append(
            stream(
                b"/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << " + resources + b" >> ", forms[name]
            )
        )
    objects.append(FONT)
    return pdf_of(objects)


def _read(data: bytes, name: str = "forms.pdf") -> str:
    return document_from_bytes(data, path=name).text


def test_a_form_placed_a_thousand_times_is_refused_at_once() -> None:
    data = _pdf(b"/Fm1 Do " * 1_000, {"Fm1": b"BT /F1 12 Tf " + b"(a) Tj " * 1_000 + b"ET"})
    assert len(data) < 2_000 and pdf_object_limit(len(data)) < 1_000 * 1_000
    with pytest.raises(InputError) as caught:  # before PDFium loads the page: it would work for minutes
        _read(data)
    assert "objects" in str(caught.value) or "bytes of text" in str(caught.value)


def test_forms_placing_forms_multiply() -> None:
    # 300 placements of A, each placing B 300 times, B showing 2 strings: 180,000 objects from a tiny file.
    data = _pdf(
        b"/A Do " * 300,
        {"A": b"/B Do " * 300, "B": b"BT /F1 12 Tf (x) Tj (y) Tj ET"},
        placed_by_form={"A": "B"},
    )
    with pytest.raises(InputError):
        _read(data)


def test_a_form_placed_a_few_times_reads_as_before() -> None:
    data = _pdf(
        b"/Logo Do /Logo Do BT /F1 12 Tf 72 700 Td (words of the page itself) Tj ET /Logo Do",
        {"Logo": b"BT /F1 9 Tf 10 10 Td (letterhead) Tj ET"},
    )
    text = _read(data)
    assert "words of the page itself" in text and text.count("letterhead") == 3


def test_a_form_that_places_itself_neither_hangs_nor_counts_without_end() -> None:
    data = _pdf(b"/Self Do", {"Self": b"BT /F1 12 Tf (once) Tj ET /Self Do"}, placed_by_form={"Self": "Self"})
    assert "once" in _read(data)


def test_a_form_placed_under_a_name_the_check_cannot_find_counts_as_the_costliest_form() -> None:
    # The page places /Unknown, a name no XObject dictionary defines: it may be any form, so the big one counts.
    data = _pdf(b"/Unknown Do " * 1_000, {"Big": b"BT /F1 12 Tf " + b"(a) Tj " * 500 + b"ET"})
    with pytest.raises(InputError):
        _read(data)
