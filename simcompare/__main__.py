"""``python -m simcompare``: the same as the ``simcompare`` command."""

import sys

from simcompare.cli import main

sys.exit(main())
