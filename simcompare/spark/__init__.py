"""simcompare on Apache Spark: the same fingerprints, pairs and groups for collections past one machine.

DataFrame in, DataFrames out, inside an existing Spark application::

    from simcompare import Config
    from simcompare import spark as sc

    prints = sc.fingerprint_texts(texts_df, Config())            # columns path (or id) and text
    pairs = sc.value_pairs(prints, k=3, bits=64)                  # distinct fingerprints within k
    checked = sc.verify_pairs(prints, sc.document_pairs(prints, pairs))   # files, with resemblance

Needs the ``spark`` extra (``pip install "simcompare[spark]"``) and Java 17 or newer.
"""

from __future__ import annotations

try:
    import pyspark  # noqa: F401
except ImportError as error:  # pragma: no cover - only without the extra
    raise ImportError(
        'simcompare.spark needs pyspark: install it with  pip install "simcompare[spark]"  (and Java 17 or newer)'
    ) from error

from simcompare.spark.fingerprints import (
    FINGERPRINT_SCHEMA,
    fingerprint_files,
    fingerprint_texts,
    list_input,
    read_parquet_texts,
)
from simcompare.spark.groups import components, core_groups, scan_result
from simcompare.spark.job import SparkRun, run_job
from simcompare.spark.pairs import document_pairs, representatives, value_pairs, verify_pairs
from simcompare.spark.session import local_session

__all__ = [
    "FINGERPRINT_SCHEMA",
    "SparkRun",
    "components",
    "core_groups",
    "document_pairs",
    "fingerprint_files",
    "fingerprint_texts",
    "list_input",
    "local_session",
    "read_parquet_texts",
    "representatives",
    "run_job",
    "scan_result",
    "value_pairs",
    "verify_pairs",
]
