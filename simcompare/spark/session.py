"""A SparkSession for running simcompare on one machine or a cluster given by its master URL."""

from __future__ import annotations

from pyspark.sql import SparkSession


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
    """
    builder = SparkSession.builder.master(master).appName(app_name)
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
    session = builder.getOrCreate()
    session.sparkContext.setLogLevel("ERROR")
    return session
