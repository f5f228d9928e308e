"""The Folder page's screenshots in docs/: several folders (one a reference), the re-prioritise dialog and the
dupes-only view, made by the window itself offscreen from copies of ../shared/eval's documents.

    python tools/folder_screenshots.py en        # or zh_CN; needs a CJK font for Chinese (fonts-noto-cjk)
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

EVAL = ROOT.parent / "shared" / "eval" / "docs"
# (folder, file): the originals in "docs", a few edited copies in "archive" (the reference folder)
FILES = {
    "docs": ["en000.txt", "en003.txt", "zh150.txt", "zh153.txt", "en000__word_rep_01.txt", "zh150__reflow_00.txt"],
    "archive": ["en000__word_ins_10.txt", "en003__word_rep_05.txt", "zh153__sent_del_05.txt", "zh150__html_00.txt"],
}


def _folder(base: Path) -> tuple[Path, Path]:
    for folder, names in FILES.items():
        (base / folder).mkdir(parents=True)
        for name in names:
            source = EVAL / name
            if source.is_file():
                shutil.copy(source, base / folder / name)
    return base / "docs", base / "archive"


def main(language: str) -> int:
    from simcompare.core.folder.roots import RootRole
    from simcompare.gui.app import create_application, settle_layouts
    from simcompare.gui.main_window import MainWindow

    app = create_application(language, saved=False)
    base = Path(tempfile.mkdtemp(prefix="simcompare-shots-"))
    try:
        docs, archive = _folder(base)
        window = MainWindow(persist=False)  # no preferences read or written
        window.resize(1400, 900)
        window.show()
        window.pages.setCurrentIndex(window.FOLDER)
        page = window.folder_page
        page.set_folder(docs)
        page.fields.roots_list.add(str(archive), RootRole.REFERENCE)
        page.start_scan()
        if not page.wait_until_idle(120_000):
            print("the scan did not finish", file=sys.stderr)
            return 1
        page.tree.expandAll()
        settle_layouts()
        out = ROOT / "docs"
        window.grab().save(str(out / f"folder-roots-{language}.png"))
        dialog = page.reprioritising.open()
        if dialog is not None:
            settle_layouts()
            dialog.grab().save(str(out / f"reprioritise-{language}.png"))
            dialog.reject()
        page.views.dupes_only_action.setChecked(True)
        page.views.delta_action.setChecked(True)
        settle_layouts()
        window.grab().save(str(out / f"dupes-{language}.png"))
        window.close()
        app.processEvents()
        print(f"written: docs/{{folder-roots,reprioritise,dupes}}-{language}.png")
        return 0
    finally:
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "en"))
