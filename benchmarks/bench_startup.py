"""How long the window takes from launching a fresh process to being usable.

Run:  python benchmarks/bench_startup.py [--runs 7] [--lang en|zh_CN]

Each run starts a new Python process that runs ``simcompare`` with no command (the window), exactly as
``python -m simcompare`` does, offscreen and with a scratch settings folder (no saved preferences). The
child wraps ``simcompare.gui.app.build_window`` only to watch the window it makes: "usable" is the first
turn of the event loop after the window's first paint (the window is on screen and answers input). The
time runs from just before the process is launched (the interpreter's own start counts) to that moment,
on the system's monotonic clock, which both processes share. jieba's dictionary loading in the background
is not waited for: the window must not wait for it either. Prints every run and the median.

Target (issue 15): under 1.5 s. Profile with ``--child --importtime`` or ``-X importtime``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

TARGET_S = 1.5
MARK = "simcompare-startup-ready"


def child(lang: str | None) -> int:
    """Open the window as the command does, print the monotonic time it became usable, then close it."""
    import simcompare.gui.app as app_module

    made = app_module.build_window

    def build_and_watch(*, persist: bool = True):
        from PySide6.QtCore import QEvent, QObject, QTimer  # noqa: TID251 - watches the window
        from PySide6.QtWidgets import QApplication  # noqa: TID251 - watches the window

        window = made(persist=persist)

        class FirstPaint(QObject):
            def eventFilter(self, watched, event) -> bool:
                if event.type() == QEvent.Type.Paint and watched is window:
                    window.removeEventFilter(self)
                    QTimer.singleShot(0, ready)
                return False

        def ready() -> None:
            print(MARK, time.monotonic(), flush=True)
            window.close()
            QApplication.quit()

        watcher = FirstPaint(window)
        window.installEventFilter(watcher)
        return window

    app_module.build_window = build_and_watch
    from simcompare.cli import main

    return main(["--lang", lang] if lang else [])


def one_run(lang: str | None) -> float:
    with tempfile.TemporaryDirectory(prefix="simcompare-startup-") as home:
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=home, HOME=home)
        command = [sys.executable, __file__, "--child"] + (["--lang", lang] if lang else [])
        started = time.monotonic()
        done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120, check=False)
    for line in done.stdout.splitlines():
        if line.startswith(MARK):
            return float(line.split()[1]) - started
    raise RuntimeError(f"the window never became usable (exit {done.returncode}):\n{done.stderr[-2000:]}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--lang", help="interface language (en, zh_CN)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        return child(args.lang)
    one_run(args.lang)  # the first run fills the disk cache; it is not counted
    samples = []
    for n in range(args.runs):
        seconds = one_run(args.lang)
        samples.append(seconds)
        print(f"run {n + 1}: {seconds:.3f} s", flush=True)
    median = statistics.median(samples)
    verdict = "under" if median < TARGET_S else "over"
    print(
        f"launch to usable window ({args.lang or 'system language'}): median {median:.3f} s, "
        f"min {min(samples):.3f}, max {max(samples):.3f} over {args.runs} runs; {verdict} {TARGET_S} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
