"""Delta values: a member's size and words as ± against its group's reference (the *Delta values* view)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from simcompare.core.folder.scan import FileRecord


def signed_size(delta: int) -> str:
    """A difference of sizes: +1.2 KB, −300 B, ±0 B."""
    from simcompare.gui.folder.models import human_size  # the models show these cells: imported when used

    if delta == 0:
        return "±0 B"
    return ("+" if delta > 0 else "−") + human_size(abs(delta))


def signed_number(delta: int) -> str:
    """A difference of counts: +1,204, −3, ±0."""
    return "±0" if delta == 0 else f"{delta:+,}".replace("-", "−")


def size_delta_text(record: FileRecord, reference: FileRecord) -> str:
    """The tree's size cell with delta values on: size and words against the reference."""
    words = QCoreApplication.translate("DeltaValues", "{0} words").format(signed_number(record.words - reference.words))
    return f"{signed_size(record.size - reference.size)}, {words}"
