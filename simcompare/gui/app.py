"""Starting the window (a placeholder until the Compare page lands)."""

from __future__ import annotations

import argparse
import sys


def run_gui(args: argparse.Namespace) -> int:
    from PySide6.QtWidgets import QApplication, QLabel

    app = QApplication.instance() or QApplication(sys.argv[:1])
    label = QLabel("simcompare")
    label.resize(480, 240)
    label.show()
    if args.screenshot:
        app.processEvents()
        label.grab().save(args.screenshot)
        return 0
    return app.exec()
