"""Imported by the scan's forkserver before it forks workers: loads the segmenter's dictionary once for all.

The forkserver shares the terminal's process group, so a Ctrl-C while it loads would kill it (it ignores
SIGINT only once its preloading is done) and the scan would end in a traceback: it ignores SIGINT first.
The scan decides what Ctrl-C means; the forkserver still ends with the scan (it reads EOF when the scan's
end of its pipe closes).
"""

import signal
import sys


def _in_forkserver() -> bool:
    frame = sys._getframe()
    while frame is not None:
        code = frame.f_code
        if code.co_name == "main" and code.co_filename.replace("\\", "/").endswith("multiprocessing/forkserver.py"):
            return True
        frame = frame.f_back  # type: ignore[assignment]
    return False


if _in_forkserver():
    signal.signal(signal.SIGINT, signal.SIG_IGN)

from simcompare.core.tokens.segment import jieba_segmenter  # noqa: E402 - after SIGINT is ignored

jieba_segmenter()
