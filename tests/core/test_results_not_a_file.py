"""A results file must be a regular file: a FIFO (opening it waited for a writer forever) or a device (/dev/zero
was read up to 4 GiB into memory) is refused before a byte is read, with one message."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from simcompare.core.formats.results import read_results


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
def test_a_fifo_is_refused_at_once_not_waited_on(tmp_path: Path) -> None:
    fifo = tmp_path / "R.json"
    os.mkfifo(fifo)
    outcome: list[BaseException | None] = []

    def read() -> None:
        try:
            read_results(fifo)
        except BaseException as error:  # whatever it raised is checked below
            outcome.append(error)
        else:
            outcome.append(None)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(5)
    if reader.is_alive():  # it waits for a writer: give it one (and an empty file) so the thread can end
        with open(fifo, "wb"):
            pass
        reader.join(5)
        pytest.fail("reading a FIFO as results waited for a writer")
    (error,) = outcome
    assert isinstance(error, ValueError) and "not a regular file" in str(error)


@pytest.mark.skipif(not os.path.exists("/dev/null"), reason="no /dev/null here")
def test_a_device_is_refused_before_it_is_read() -> None:
    with pytest.raises(ValueError, match="not a regular file"):
        read_results("/dev/null")


def test_a_folder_is_an_os_error_as_before(tmp_path: Path) -> None:
    with pytest.raises(IsADirectoryError):
        read_results(tmp_path)
