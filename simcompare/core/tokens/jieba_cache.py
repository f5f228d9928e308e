"""Where jieba keeps its dictionary cache: the user's cache folder, never the shared temporary folder.

By default jieba reads and writes ``/tmp/jieba.cache``. Another user's file there cannot be replaced, so
jieba logged a traceback on every start; and a cache any user can plant is not one to load. Called once
where jieba's tokenizer is initialised.
"""

from __future__ import annotations

import atexit
import logging
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from simcompare.core.userdirs import user_cache_folder


def place_jieba_cache(tokenizer: Any) -> None:
    """Point ``tokenizer`` (a ``jieba.Tokenizer``, before ``initialize``) at the user's cache folder.

    With no writable cache folder jieba builds its dictionary without a cache file, and its complaint
    that it could not write one is not shown (it is not the user's problem).
    """
    try:
        folder = user_cache_folder()
    except RuntimeError:  # no home: a private folder of this process, removed at exit
        folder = Path(tempfile.mkdtemp(prefix="simcompare-jieba-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        writable = os.access(folder, os.W_OK | os.X_OK)
    except OSError:
        writable = False
    tokenizer.tmp_dir = str(folder)  # never the shared temporary folder, even to read
    tokenizer.cache_file = "jieba.cache"
    if not writable:
        logging.getLogger("jieba").setLevel(logging.CRITICAL)
