"""The Qt window. Only this package (and tests/gui) may import PySide6."""
