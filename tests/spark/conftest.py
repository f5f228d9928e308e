"""One local SparkSession for every Spark test: the JVM's start costs seconds, each further job far less."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pyspark.sql import SparkSession

from simcompare.spark import local_session


@pytest.fixture(scope="session")
def spark() -> Iterator[SparkSession]:
    # One shuffle partition: the inputs are a few rows, and every partition of every shuffle is a task to plan and
    # run (the UI and the console progress are already off in local_session).
    session = local_session("local[2]", shuffle_partitions=1)
    yield session
    session.stop()
