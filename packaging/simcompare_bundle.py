"""The bundle's entry point: ``simcompare`` (the command line, and the window with no command) and
``simcompare-gui`` (the window alone; on Windows it opens no console)."""

import multiprocessing
import sys
from pathlib import Path

if __name__ == "__main__":
    # A folder scan's workers start this executable again (forkserver or spawn): let them through.
    multiprocessing.freeze_support()

    from simcompare.cli import gui_main, main

    sys.exit(gui_main() if Path(sys.executable).stem == "simcompare-gui" else main())
