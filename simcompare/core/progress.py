"""Progress of long work: the callback a caller passes, its do-nothing default, and the stages it names.

Long work takes ``progress: Progress = NO_PROGRESS``, calls it with ``(done, total, stage)`` and stops with
``Cancelled`` when the caller asks. Every stage is a :class:`Stage`, so a front end chooses its words by one
list.
"""

from __future__ import annotations

from collections.abc import Callable

from simcompare.core.compat import StrEnum


class Stage(StrEnum):
    """The stages long work reports (a str: a callback typed ``stage: str`` takes them as they are).

    The values are what the command line's progress bar and Spark's report lines show.
    """

    # a folder scan (core/folder/scan.py)
    LISTING = "listing"
    READING = "reading"
    DONE = "done"
    # reopening saved results (the window's File → Open results)
    LOADING = "loading"
    CHECKING = "checking"  # each file looked at on disk: changed or gone since the results were saved
    # grouping a scanned folder (core/folder/session.py)
    SEARCHING = "searching"
    VERIFYING = "verifying"
    GROUPING = "grouping"
    # the cleaner acting on files (core/folder/actions.py): one step per file
    ACTING = "acting"
    # Spark's job (spark/job.py): each stage writes a Parquet dataset of that name
    FINGERPRINTS = "fingerprints"
    PAIRS = "pairs"
    GROUPS = "groups"


Progress = Callable[[int, int, Stage], None]
"""Called with (done, total, stage); it may raise Cancelled to stop the work."""


def NO_PROGRESS(done: int, total: int, stage: Stage) -> None:
    """The do-nothing progress callback."""
