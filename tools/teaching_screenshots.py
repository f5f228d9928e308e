"""Screenshots of the Compare page's teaching views, saved in docs/, in one language.

``python tools/teaching_screenshots.py zh_CN`` writes docs/geometry-zh_CN.png, docs/index-zh_CN.png and
docs/steps-zh_CN.png at 1400x900 (offscreen; tools/make_screenshots.sh runs it for both languages).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from simcompare.gui.screenshots import teaching_screenshots

if __name__ == "__main__":
    failed = teaching_screenshots(
        sys.argv[1] if len(sys.argv) > 1 else "en", Path(__file__).resolve().parents[1] / "docs"
    )
    if failed:
        print(f"not settled: {', '.join(failed)}", file=sys.stderr)
    sys.exit(1 if failed else 0)
