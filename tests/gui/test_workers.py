"""The worker pattern: newest request wins, errors arrive as signals, cancel is cooperative."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest

from simcompare.core.errors import Cancelled
from simcompare.gui.common.workers import BackgroundJob


@pytest.fixture
def gate() -> threading.Event:
    return threading.Event()


@pytest.fixture
def started() -> threading.Event:
    return threading.Event()


@pytest.fixture
def job(qtbot, gate: threading.Event, started: threading.Event) -> Iterator[BackgroundJob]:
    seen_cancel: list[bool] = []

    def work(payload: object, cancel: threading.Event) -> object:
        if payload == "slow":
            started.set()
            gate.wait(10)  # held until the test has queued a newer request
            seen_cancel.append(cancel.is_set())
        if payload == "boom":
            raise ValueError("bits must be between 1 and 512, got 0")
        if payload == "cancel-me":
            raise Cancelled("stop")
        return f"done {payload}"

    background = BackgroundJob(work, "test-job")
    background.seen_cancel = seen_cancel  # type: ignore[attr-defined]
    yield background
    gate.set()
    background.shutdown()


def test_a_stale_answer_is_dropped(qtbot, job: BackgroundJob, gate: threading.Event, started: threading.Event) -> None:
    answers: list[tuple[int, object]] = []
    job.result_ready.connect(lambda request, result: answers.append((request, result)))
    first = job.submit("slow")
    assert started.wait(10)  # the slow request is running in the worker thread
    second = job.submit("fast")
    assert job.busy and second == first + 1
    gate.set()
    qtbot.waitUntil(lambda: not job.busy)
    assert answers == [(second, "done fast")]
    assert job.seen_cancel == [True]  # the slow request was told to stop


def test_a_failure_arrives_as_a_signal(qtbot, job: BackgroundJob) -> None:
    with qtbot.waitSignal(job.failed, timeout=10_000) as failed:
        job.submit("boom")
    assert failed.args[1] == "bits must be between 1 and 512, got 0"
    assert not job.busy


def test_a_cancelled_request_ends_the_busy_state(qtbot, job: BackgroundJob) -> None:
    with qtbot.waitSignal(job.busy_changed) as busy:
        job.submit("cancel-me")
    assert busy.args == [True]
    qtbot.waitUntil(lambda: not job.busy)


def test_garbage_is_collected_on_the_gui_thread(qapp) -> None:
    import gc

    from PySide6.QtCore import QObject

    from simcompare.gui.common.workers import GuiThreadCollector

    owner = QObject()
    collector = GuiThreadCollector(owner, interval_ms=10_000)
    try:
        assert not gc.isenabled()
        collector.check()  # collects only where a threshold is crossed; never raises
    finally:
        collector.stop()
    assert gc.isenabled()


def test_progress_of_the_newest_request_arrives_as_signals(qtbot) -> None:
    def count(payload: object, cancel: threading.Event, progress) -> object:
        for done in range(1, 4):
            progress(done, 3, f"step {done}")
        return payload

    background = BackgroundJob(count, "test-progress", reports_progress=True)
    seen: list[tuple[int, int, str]] = []
    background.progress.connect(lambda done, total, stage: seen.append((done, total, stage)))
    try:
        with qtbot.waitSignal(background.result_ready, timeout=10_000):
            background.submit("x")
        qtbot.waitUntil(lambda: len(seen) == 3, timeout=10_000)
        assert seen == [(1, 3, "step 1"), (2, 3, "step 2"), (3, 3, "step 3")]
    finally:
        background.shutdown()
