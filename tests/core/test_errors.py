"""One vocabulary of error codes: every error carries an ErrorCode, and a scan has a reason for every input error."""

from __future__ import annotations

import dataclasses
import errno
import json
from pathlib import Path

import pytest
from helpers.errors import error_classes

from simcompare.core.errors import ErrorCode, InputError, SimcompareError
from simcompare.core.folder.cache import NotACacheError
from simcompare.core.folder.scan import Problem, Reason, ScanOptions, input_reason, scan
from simcompare.core.folder.session import FolderSession
from simcompare.core.formats.results import load_results, results_json
from simcompare.core.text.readers import NoTextLayerError
from simcompare.core.text.reading import read_regular


def test_every_error_carries_its_own_code() -> None:
    classes = error_classes()
    assert NotACacheError in classes and NoTextLayerError in classes  # the walk reached the cache and the readers
    assert [cls for cls in classes if not isinstance(cls.code, ErrorCode)] == []
    assert len({cls.code for cls in classes}) == len(classes)  # no two errors share a code
    assert {cls.code for cls in classes} == set(ErrorCode)  # and no code is left without its error


def test_a_scan_names_a_reason_for_every_input_error() -> None:
    for cls in error_classes(InputError):
        reason = input_reason(cls.code)
        # only the general InputError falls back to "unreadable"; each kind has a reason of its own
        assert (reason == Reason.UNREADABLE) == (cls is InputError), (cls, reason)
    assert input_reason(ErrorCode.MISSING) == Reason.VANISHED  # a file listed a moment ago has vanished
    assert input_reason(SimcompareError.code) == Reason.UNREADABLE


def test_an_os_error_keeps_its_number() -> None:
    # Linux's /proc/self/mem is a regular file whose first page is never mapped: reading it fails with EIO
    if not Path("/proc/self/mem").is_file():
        pytest.skip("needs Linux's /proc/self/mem")
    with pytest.raises(InputError) as raised:
        read_regular("/proc/self/mem", max_bytes=100)
    assert raised.value.code == ErrorCode.UNREADABLE and raised.value.errno == errno.EIO


def test_a_problems_error_number_is_saved_and_read_back(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("今天天气很好，我们去公园散步吧。", encoding="utf-8")
    problems = (
        Problem("disk.txt", Reason.UNREADABLE, "Input/output error", errno.EIO),
        Problem("b.bin", Reason.BINARY, "binary"),
    )
    result = dataclasses.replace(scan(tmp_path, options=ScanOptions(in_process=True)), problems=problems)
    session = FolderSession(result)
    data = json.loads(json.dumps(results_json(session, session.groups(3), 3)))
    # the number only where the operating system gave one: every other problem reads as before
    assert data["problems"] == [
        {"path": "disk.txt", "reason": "unreadable", "detail": "Input/output error", "errno": errno.EIO},
        {"path": "b.bin", "reason": "binary", "detail": "binary"},
    ]
    assert load_results(data, check_files=False).result.problems == problems
