"""Screenshots of the Compare page's teaching views, saved in docs/, in one language.

``python tools/teaching_screenshots.py zh_CN`` writes docs/geometry-zh_CN.png, docs/index-zh_CN.png,
docs/steps-zh_CN.png and docs/hyperplanes-zh_CN.png at 1400x900, docs/handout-zh_CN.png (the handout's first
page), docs/projector-zh_CN.png (1.15× at 1024x700) and docs/toy-zh_CN.png (Examples → Edit the toy example…
over the page it drives) (offscreen; tools/make_screenshots.sh runs it for both languages).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from simcompare.gui.app import build_window, settle_layouts
from simcompare.gui.screenshots import teaching_screenshots, toy_screenshot, wait_until


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


def projector_screenshot(language: str, folder: Path) -> list[str]:
    """docs/projector-<language>.png: View → Larger once (1.15×) at 1024x700, the settings panel hidden,
    the six-bit example at step 5 (±w) — what a class sees on a projector (the preference is left as it was)."""
    from simcompare.gui.compare.steps import Step

    window = build_window(persist=False)
    window.resize(1024, 700)
    window.show()
    page = window.compare_page
    page.load_example("six-bit")
    ok = wait_until(lambda: page.is_settled() and page.comparison is not None)
    window.settings_action.setChecked(False)
    page.zoom.set_scale(1.15, remember=False)
    page.show_results_tab(0)
    settle_layouts()
    page.step_guide.go_to(Step.SIGNED)
    settle_layouts()
    window.grab().save(str(folder / f"projector-{language}.png"))
    page.zoom.set_scale(1.0, remember=False)
    window.close()
    return [] if ok else ["projector"]


if __name__ == "__main__":
    language = sys.argv[1] if len(sys.argv) > 1 else "en"
    docs = Path(__file__).resolve().parents[1] / "docs"
    failed = teaching_screenshots(language, docs)
    failed += hyperplane_screenshots(language, docs)
    failed += projector_screenshot(language, docs)
    failed += toy_screenshot(language, docs)
    if failed:
        print(f"not settled: {', '.join(failed)}", file=sys.stderr)
    sys.exit(1 if failed else 0)
