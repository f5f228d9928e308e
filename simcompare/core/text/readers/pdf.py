"""PDF: the text layer, page by page, with PDFium (pypdfium2)."""

from __future__ import annotations

from simcompare.core.text.readers.base import CorruptDocumentError, Deadline, EncryptedDocumentError, NoTextLayerError

PDF_MAGIC = b"%PDF-"


def pdf_text(data: bytes, deadline: Deadline) -> str:
    """The text of every page, one page after another.

    Raises:
        EncryptedDocumentError: it needs a password to open (a PDF with only an owner password opens).
        NoTextLayerError: its pages hold images but no text: a scan without OCR.
        CorruptDocumentError: PDFium cannot parse it.
    """
    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    try:
        document = pdfium.PdfDocument(data)
    except pdfium.PdfiumError as error:
        if getattr(error, "err_code", None) == pdfium_c.FPDF_ERR_PASSWORD:
            raise EncryptedDocumentError("is password-protected (an encrypted PDF)") from None
        raise CorruptDocumentError(f"is not a PDF that can be parsed ({error})") from None
    pages: list[str] = []
    images = 0
    try:
        for index in range(len(document)):
            deadline.check()
            page = document[index]
            try:
                text_page = page.get_textpage()
                try:
                    pages.append(text_page.get_text_bounded())
                finally:
                    text_page.close()
                if not pages[-1].strip():
                    images += sum(1 for _ in page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_IMAGE], max_depth=2))
            finally:
                page.close()
    except pdfium.PdfiumError as error:
        raise CorruptDocumentError(f"has a page that cannot be read ({error})") from None
    finally:
        document.close()
    text = "\n".join(pages)
    if not text.strip() and images:
        raise NoTextLayerError("has no text layer — a scanned image?")
    return text
