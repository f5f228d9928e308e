"""One local SparkSession for every Spark test: the JVM's start costs seconds, each further job far less."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from pyspark.sql import SparkSession

from simcompare.spark import local_session

# The tests' jobs are tiny and short: the JVM's quick compiler alone (no C2 tier) and the serial collector start
# and warm up faster, and change nothing Spark computes. Spark reads these when it launches the driver's JVM.
_QUICK_JVM = '--driver-java-options "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC" pyspark-shell'


@pytest.fixture(scope="session")
def spark() -> Iterator[SparkSession]:
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
