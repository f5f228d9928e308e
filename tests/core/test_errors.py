"""One vocabulary of error codes: every error carries an ErrorCode, and every scan problem's reason is one."""

from __future__ import annotations

import dataclasses
import errno
import json
from pathlib import Path

import pytest
from helpers.errors import error_classes

from simcompare.core.errors import ErrorCode, InputError
from simcompare.core.folder.cache import NotACacheError
from simcompare.core.folder.scan import Problem, ScanOptions, input_reason, scan
from simcompare.core.folder.session import FolderSession
from simcompare.core.formats.results import load_results, results_json
from simcompare.core.text.readers import NoTextLayerError
from simcompare.core.text.reading import read_regular


def test_every_error_carries_its_own_code() -> None:
    classes = error_classes()
    assert NotACacheError in classes and NoTextLayerError in classes  # the walk reached the cache and the readers
    assert [cls for cls in classes if not isinstance(cls.code, ErrorCode)] == []
    assert len({cls.code for cls in classes}) == len(classes)  # no two errors share a code
    # and no code is left without its error, but the four only a scan's problems carry
    scan_only = {ErrorCode.VANISHED, ErrorCode.CHANGED, ErrorCode.BROKEN_LINK, ErrorCode.INTERNAL}
    assert set(ErrorCode) - {cls.code for cls in classes} == scan_only


def test_a_scan_names_a_reason_for_every_input_error() -> None:
    reasons = {cls: input_reason(cls.code) for cls in error_classes(InputError)}
    # each kind of input error is its own reason; only the general InputError is "unreadable"
    assert [cls for cls, reason in reasons.items() if (reason == ErrorCode.UNREADABLE) != (cls is InputError)] == []
    turned = {cls.code: reason for cls, reason in reasons.items() if reason != cls.code}
    assert turned == {ErrorCode.MISSING: ErrorCode.VANISHED, ErrorCode.NOT_A_FILE: ErrorCode.NOT_REGULAR}
    assert input_reason(ErrorCode.MISSING) == ErrorCode.VANISHED  # a file listed a moment ago has vanished
    assert input_reason(ErrorCode.NOT_A_FILE) == ErrorCode.NOT_REGULAR  # ... or is a folder now


def test_the_reasons_keep_their_values() -> None:
    # what scan --json, saved results, the cache and Spark's tables have always shown: older results still read
    reasons = "binary undecodable too_large permission vanished changed unreadable_link not_regular unreadable"
    reasons += " internal encrypted no_text_layer corrupt inflate_limit timeout"
    assert [reason for reason in reasons.split() if reason not in set(ErrorCode)] == []
    assert ErrorCode("unreadable_link") is ErrorCode.BROKEN_LINK


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
        Problem("disk.txt", ErrorCode.UNREADABLE, "Input/output error", errno.EIO),
        Problem("b.bin", ErrorCode.BINARY, "binary"),
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
