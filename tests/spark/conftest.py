"""One local SparkSession for every Spark test: the JVM's start costs seconds, each further job far less.

Without the spark extra this file must still import (a conftest that fails or skips breaks the whole run), so
pyspark is imported by the fixture; each test module here skips itself, with the reason, by
``pytest.importorskip("pyspark", reason=...)`` before its own pyspark imports.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from pyspark.sql import SparkSession

# The tests' jobs are tiny and short: the JVM's quick compiler alone (no C2 tier) and the serial collector start
# and warm up faster, and change nothing Spark computes. Spark reads these when it launches the driver's JVM.
_QUICK_JVM = '--driver-java-options "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC" pyspark-shell'


@pytest.fixture(scope="session")
def spark() -> Iterator[SparkSession]:
    from simcompare.spark import local_session

    before = os.environ.get("PYSPARK_SUBMIT_ARGS")
    if before is None:  # whoever set their own launch options keeps them
        os.environ["PYSPARK_SUBMIT_ARGS"] = _QUICK_JVM
    try:
        # One shuffle partition: the inputs are a few rows, and every partition of every shuffle is a task to plan
        # and run (the UI and the console progress are already off in local_session).
        session = local_session("local[2]", shuffle_partitions=1)
    finally:
        if before is None:
            os.environ.pop("PYSPARK_SUBMIT_ARGS", None)
    yield session
    session.stop()
