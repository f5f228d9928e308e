"""One vocabulary of error codes: every error carries an ErrorCode, and a scan has a reason for every input error."""

from __future__ import annotations

from helpers.errors import error_classes

from simcompare.core.cache import NotACacheError
from simcompare.core.errors import ErrorCode, InputError, SimcompareError
from simcompare.core.readers import NoTextLayerError
from simcompare.core.scan import Reason, input_reason


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
