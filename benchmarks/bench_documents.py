"""Reading documents, and folding Chinese, measured.

    python benchmarks/bench_documents.py            # 60 en_copyright texts written in every format
    python benchmarks/bench_documents.py --count 50 --repeat 3

Prints two markdown tables:
1. MB of clean text per second for each format, from bytes to the text that is segmented (the documents
   are written first with the tests' document factory: reportlab PDFs, zip-built DOCX/ODT/EPUB, RTF,
   Markdown), and for PDFs the same documents through pypdf when it is installed (the pure-Python
   alternative that was not chosen).
2. The whole fingerprint pipeline on zh_docs with and without folding Traditional Chinese (OpenCC t2s),
   the two taking turns (each going first every other time), and OpenCC's conversion alone.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from corpora import corpus_folder

from simcompare.core.fingerprint.simhash import Config, extract_features, fingerprint_value
from simcompare.core.text.chinese import fold_chinese
from simcompare.core.text.cleaning import clean
from simcompare.core.text.documents import document_from_bytes
from simcompare.core.text.readers import NO_DEADLINE
from simcompare.core.text.readers.pdf import pdf_text
from simcompare.core.tokens.segment import jieba_blocks

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from helpers import documents as factory

WRITERS = {
    "txt": lambda path, text: path.write_text(text, "utf-8"),
    "md": factory.write_markdown,
    "html": factory.write_html,
    "rtf": factory.write_rtf,
    "docx": factory.write_docx,
    "odt": factory.write_odt,
    "epub": factory.write_epub,
    "pdf": factory.write_pdf,
}


def best(repeat: int, work) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return min(times)


def read_and_clean(data: bytes, path: Path) -> str:
    """Bytes to the clean text that is segmented: HTML is reduced to its visible text in this step."""
    document = document_from_bytes(data, path=path)
    return clean(document.text, html=document.html)


def formats_table(texts: list[str], repeat: int) -> None:
    print("| format | documents | MB of clean text | read and cleaned, MB of text/s | per document |")
    print("|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        for suffix, write in WRITERS.items():
            files = [root / f"{i}.{suffix}" for i in range(len(texts))]
            for path, text in zip(files, texts, strict=True):
                write(path, text)
            blobs = [(path.read_bytes(), path) for path in files]
            extracted = [read_and_clean(data, path) for data, path in blobs]
            megabytes = sum(len(t.encode("utf-8")) for t in extracted) / 1e6
            seconds = best(repeat, lambda blobs=blobs: [read_and_clean(d, p) for d, p in blobs])
            print(
                f"| {suffix} | {len(blobs)} | {megabytes:.2f} | {megabytes / seconds:.1f} "
                f"| {seconds / len(blobs) * 1000:.2f} ms |"
            )
            if suffix == "pdf":
                pdfs = blobs
        try:
            import io

            import pypdf
        except ImportError:
            return

        def with_pypdf() -> None:
            for data, _ in pdfs:
                "\n".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages)

        def with_pdfium() -> None:
            for data, _ in pdfs:
                pdf_text(data, NO_DEADLINE)

        chosen, other = float("inf"), float("inf")
        for _ in range(repeat):  # taking turns, so that a slow spell of the machine hits both alike
            chosen = min(chosen, best(1, with_pdfium))
            other = min(other, best(1, with_pypdf))
        print(
            f"\nPDF text layer alone, {len(pdfs)} documents taking turns: pypdfium2 {chosen / len(pdfs) * 1000:.2f} ms "
            f"a document, pypdf {other / len(pdfs) * 1000:.2f} ms ({other / chosen:.1f} x slower)"
        )


def folding_table(repeat: int) -> None:
    texts = [p.read_text(encoding="utf-8") for p in sorted(corpus_folder("zh_docs").rglob("*.txt"))]
    megabytes = sum(len(t.encode("utf-8")) for t in texts) / 1e6
    folded, plain = Config(), Config(fold_chinese=False)

    def pipeline(config: Config) -> None:
        jieba_blocks().forget()
        for text in texts:
            fingerprint_value(extract_features(text, config, keep_sequence=False).weights, config)

    pipeline(folded)  # warm: jieba's dictionary and OpenCC's tables
    best_folded, best_plain = float("inf"), float("inf")
    for turn in range(repeat):  # taking turns, each going first every other time
        for config in (folded, plain) if turn % 2 == 0 else (plain, folded):
            seconds = best(1, lambda config=config: pipeline(config))
            if config is folded:
                best_folded = min(best_folded, seconds)
            else:
                best_plain = min(best_plain, seconds)
    alone = best(repeat, lambda: [fold_chinese(t) for t in texts])
    print(f"\nzh_docs: {len(texts)} documents, {megabytes:.2f} MB, one core\n")
    print("| what | MB/s |")
    print("|---|---|")
    print(f"| fingerprint, Chinese folded (default) | {megabytes / best_folded:.2f} |")
    print(f"| fingerprint, not folded | {megabytes / best_plain:.2f} |")
    print(f"| OpenCC t2s alone | {megabytes / alone:.1f} |")
    print(f"\nfolding costs {100 * (best_folded / best_plain - 1):+.1f}% of the pipeline's time")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=60, help="documents per format")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", choices=["formats", "folding"], help="print only one of the two tables")
    args = parser.parse_args()
    if args.only != "folding":
        sources = sorted(corpus_folder("en_copyright").rglob("*.txt"))[: args.count]
        texts = [p.read_text(encoding="utf-8", errors="replace") for p in sources]
        formats_table(texts, args.repeat)
    if args.only != "formats":
        folding_table(args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
