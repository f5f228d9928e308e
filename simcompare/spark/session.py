"""A SparkSession for running simcompare on one machine or a cluster given by its master URL."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping

from pyspark.sql import SparkSession


def workers_python(master: str, environ: Mapping[str, str] = os.environ) -> str | None:
    """The Python a local master's workers should run: this one, unless the user chose one (None then).

    PySpark starts its workers with ``PYSPARK_PYTHON``, else ``python3`` from PATH: run from a virtual
    environment that is not activated (pipx, ``~/venv/bin/simcompare``), that is another Python, without
    simcompare or pandas. On one machine the command's own interpreter is the right one. A cluster's
    workers run elsewhere: their Python is the cluster's choice.
    """
    if not master.startswith("local") or environ.get("PYSPARK_PYTHON"):
        return None
    return sys.executable or None


def local_session(
    master: str = "local[2]",
    *,
    app_name: str = "simcompare",
    shuffle_partitions: int | None = None,
    driver_memory: str = "4g",
) -> SparkSession:
    """Get (or create) a SparkSession.

    Args:
        master: Spark master URL: ``local[N]`` for N cores here, ``spark://host:7077``, ``yarn``, ...
        app_name: The application's name in the cluster's UI.
        shuffle_partitions: Partitions after a shuffle; None keeps Spark's 200 on a cluster and uses
            4 per local core (200 tiny tasks cost more than the work on a small local run).
        driver_memory: Heap of the driver JVM for a local master, where every task runs too (with Spark's
            1 GB default the 16.5-million-row join of bench_spark.py at k = 8 failed); a cluster's driver
            is sized by its submit options.

    A local master's Python workers run this very interpreter (``workers_python``) unless
    ``PYSPARK_PYTHON`` says otherwise.
    """
    builder = SparkSession.builder.master(master).appName(app_name)
    python = workers_python(master)
    if python is not None:
        builder = builder.config("spark.pyspark.python", python)
    if master.startswith("local"):
        cores = master.removeprefix("local").strip("[]") or "1"
        count = int(cores) if cores.isdigit() else 2
        builder = (
            builder.config("spark.driver.memory", driver_memory)
            .config("spark.ui.enabled", "false")
            .config("spark.ui.showConsoleProgress", "false")
            .config("spark.driver.host", "127.0.0.1")
            .config("spark.driver.bindAddress", "127.0.0.1")
            .config("spark.sql.shuffle.partitions", str(shuffle_partitions or 4 * count))
        )
    elif shuffle_partitions:
        builder = builder.config("spark.sql.shuffle.partitions", str(shuffle_partitions))
    # PySpark reads the workers' Python from the environment when the context starts, and keeps it: set for
    # that moment only, so the caller's environment is left as it was.
    if python is not None:
        os.environ["PYSPARK_PYTHON"] = python
    try:
        session = builder.getOrCreate()
    finally:
        if python is not None:
            os.environ.pop("PYSPARK_PYTHON", None)
    session.sparkContext.setLogLevel("ERROR")
    return session
