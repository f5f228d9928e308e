"""Screenshots of the Compare page's teaching views, saved in docs/, in one language.

``python tools/teaching_screenshots.py zh_CN`` writes docs/geometry-zh_CN.png, docs/index-zh_CN.png,
docs/steps-zh_CN.png and docs/hyperplanes-zh_CN.png at 1400x900, and docs/handout-zh_CN.png (offscreen;
tools/make_screenshots.sh runs it for both languages).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from simcompare.gui.app import build_window, settle_layouts
from simcompare.gui.screenshots import teaching_screenshots, wait_until


def hyperplane_screenshots(language: str, folder: Path) -> list[str]:
    """docs/hyperplanes-<language>.png: the edited example's two texts in their plane, 64 lines, the lit ones
    their differing bits; docs/handout-<language>.png: the first page of File → Export lesson… for them
    (the QApplication made by teaching_screenshots is reused)."""
    window = build_window(persist=False)
    window.resize(1400, 900)
    window.show()
    page = window.compare_page
    page.load_example("en-edited" if language == "en" else "zh-edited")
    ok = wait_until(lambda: page.is_settled() and page.comparison is not None)
    page.show_results_tab(page.results.indexOf(page.planes))
    settle_layouts()
    window.grab().save(str(folder / f"hyperplanes-{language}.png"))
    handout = folder / f"handout-{language}.pdf"
    written = page.lesson.export(str(handout))
    if written:
        import pypdfium2

        pdf = pypdfium2.PdfDocument(str(handout))
        pdf[0].render(scale=1.25).to_pil().save(str(folder / f"handout-{language}.png"))
        pdf.close()
        handout.unlink()
    window.close()
    return ([] if ok and page.planes.picture is not None else ["hyperplanes"]) + ([] if written else ["handout"])


if __name__ == "__main__":
    language = sys.argv[1] if len(sys.argv) > 1 else "en"
    docs = Path(__file__).resolve().parents[1] / "docs"
    failed = teaching_screenshots(language, docs)
    failed += hyperplane_screenshots(language, docs)
    if failed:
        print(f"not settled: {', '.join(failed)}", file=sys.stderr)
    sys.exit(1 if failed else 0)
