"""What the tests share: sample texts (``texts``), running the command line (``cli``), the window's waits
(``gui``), acting as another user (``system``), real documents built in a folder (``documents``), odd file
names made as real files (``names``) and the cache's features rows taken apart (``cache_rows``).
``tests`` is on the import path (pytest's ``pythonpath``), so a test says ``from helpers.texts import ZH_A``."""
