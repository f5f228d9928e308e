"""Appending to a log of ours (core/formats/appending.py): never a wait, only ever a regular file."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from simcompare.core.formats.appending import append_text


def test_lines_are_appended_to_a_file_made_when_missing(tmp_path: Path) -> None:
    log = tmp_path / "a.log"
    append_text(log, "one\n")
    append_text(log, "two \udcff\n")  # a name that is not UTF-8 is written escaped
    assert log.read_bytes() == b"one\ntwo \\udcff\n"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs")
def test_a_fifo_at_the_log_s_name_fails_at_once_and_is_never_written(tmp_path: Path) -> None:
    fifo = tmp_path / "a.log"
    os.mkfifo(fifo)
    failed: list[BaseException] = []

    def run() -> None:
        try:
            append_text(fifo, "a line\n")
        except OSError as error:
            failed.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(5)
    stuck = thread.is_alive()
    if stuck:  # let it go: a reader opens the FIFO
        os.close(os.open(fifo, os.O_RDONLY | os.O_NONBLOCK))
    assert not stuck, "append_text waited for a reader of a FIFO"
    assert failed and isinstance(failed[0], OSError)


@pytest.mark.skipif(not os.path.exists("/dev/null"), reason="a device")
def test_a_log_that_is_a_device_or_a_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(OSError, match="not a regular file"):
        append_text("/dev/null", "a line\n")
    with pytest.raises(OSError):
        append_text(tmp_path, "a line\n")
