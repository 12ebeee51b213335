"""The repr and hash shared by the library's enumerations (internal).

Python's own ``repr()`` of a member, ``<Color.RED: 'R'>``, is not an expression, so the repr
of a value holding one (a variant, meld rules, a state) would not be either. Each public
enumeration takes :func:`member_repr` as its ``__repr__``.

``enum.Enum`` hashes a member by its name in Python code, once per dict or set lookup; the
enumerations the engine looks up at every step (steps, card kinds and colours, hit ends)
take :data:`member_hash` instead, the identity hash, which agrees with their equality (a
member equals only itself, and pickling or copying gives the same member back).
"""

from __future__ import annotations

import enum

__all__ = ["member_hash", "member_repr"]

#: The identity hash, computed in C: ``__hash__ = member_hash`` in an enumeration.
member_hash = object.__hash__


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
