"""The repr shared by the library's enumerations (internal): valid Python, ``Color.RED``.

Python's own ``repr()`` of a member, ``<Color.RED: 'R'>``, is not an expression, so the repr
of a value holding one (a variant, meld rules, a state) would not be either. Each public
enumeration takes :func:`member_repr` as its ``__repr__``.
"""

from __future__ import annotations

import enum

__all__ = ["member_repr"]


def member_repr(member: enum.Enum) -> str:
    """``Class.NAME``: the expression that names ``member`` where its class is in scope.

    >>> import enum
    >>> class Suit(enum.Enum):
    ...     HEARTS = "H"
    ...     __repr__ = member_repr
    >>> Suit.HEARTS
    Suit.HEARTS
    """
    return f"{type(member).__name__}.{member.name}"
