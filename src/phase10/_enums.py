"""The repr and hash shared by the library's enumerations (internal).

Python's own ``repr()`` of a member, ``<Color.RED: 'R'>``, is not an expression, so the repr
of a value holding one (a variant, meld rules, a state) would not be either. Each public
enumeration takes :func:`member_repr` as its ``__repr__``.

``enum.Enum`` hashes a member by its name in Python code, once per dict or set lookup; the
enumerations the engine looks up at every step (steps, card kinds and colours, hit ends)
take :data:`member_hash` instead, the identity hash, which agrees with their equality (a
member equals only itself, and pickling or copying gives the same member back). A set of
such members iterates in an order that follows their addresses, so a class holding one
prints it with :func:`set_repr`, in the members' order, the same text in every process.
"""

from __future__ import annotations

import enum
from collections.abc import Set

__all__ = ["member_hash", "member_repr", "set_repr"]

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


def _order(value: object) -> tuple[int, int]:
    if isinstance(value, enum.Enum):
        return (0, list(type(value)).index(value))
    assert isinstance(value, int)  # set_repr takes members or numbers
    return (1, value)


def set_repr(values: Set[enum.Enum] | Set[int] | None) -> str:
    """The repr of a frozenset of members of one enumeration, or of numbers, in a fixed order.

    A frozenset's own repr follows its hash table: the members' identity hash (their
    addresses, which change from process to process) and, for numbers that share a bucket,
    the order they were added in. This one sorts them: members in their class's order,
    numbers by value, so equal sets print alike, and the text is still the expression.

    >>> class Suit(enum.Enum):
    ...     HEARTS = "H"
    ...     SPADES = "S"
    ...     __repr__ = member_repr
    >>> set_repr(frozenset({Suit.SPADES, Suit.HEARTS})), set_repr(frozenset([9, 1]))
    ('frozenset({Suit.HEARTS, Suit.SPADES})', 'frozenset({1, 9})')
    >>> set_repr(None), set_repr(frozenset())
    ('None', 'frozenset()')
    """
    if values is None:
        return "None"
    if not values:
        return "frozenset()"
    return "frozenset({" + ", ".join(repr(v) for v in sorted(values, key=_order)) + "})"
