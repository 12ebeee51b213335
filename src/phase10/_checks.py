"""Small argument checks shared by the constructors of public types."""

from __future__ import annotations


def is_whole(value: object, minimum: int) -> bool:
    """Whether ``value`` is an int (not a bool) of at least ``minimum``."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= minimum
