"""Every error class simcompare defines, found by walking the class tree (so a new one cannot be forgotten)."""

from __future__ import annotations

from simcompare.core.errors import SimcompareError


def error_classes(base: type[SimcompareError] = SimcompareError) -> list[type[SimcompareError]]:
    """``base`` and every subclass of it defined in simcompare (the cache's and readers' included)."""
    found: list[type[SimcompareError]] = []
    todo = [base]
    while todo:
        cls = todo.pop()
        if cls.__module__.startswith("simcompare.") and cls not in found:
            found.append(cls)
        todo.extend(cls.__subclasses__())
    return found
