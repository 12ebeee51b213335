"""Limits on every number an untrusted document, phase text or variant can carry.

Apps validate melds and load games sent by clients they do not trust. Each number that
makes work grow (the highest card number, the players, the jokers, the size of a deck, the
groups of a phase and their size, the cards dealt, the games to simulate, the steps of a
laydown search) has a bound here that fits every real game with room to spare. Input above
a bound raises :class:`~phase10.LimitError`, naming the field, the limit and its value,
before any work that grows with the value.

The defaults are safe for a server. Raise a limit for one call with its ``limits=``
argument (:func:`phase10.from_json`, :meth:`phase10.Phase.parse`, :func:`phase10.find_laydown`,
:func:`phase10.simulate`, ...), or for a block of code with :func:`use_limits`, which the
constructors of :class:`~phase10.MeldRules`, :class:`~phase10.Phase` and
:class:`~phase10.Variant` read:

>>> big = DEFAULT_LIMITS.raised(max_card_number=40)
>>> big.max_card_number, DEFAULT_LIMITS.max_card_number
(40, 20)
>>> with use_limits(big):
...     current_limits().max_card_number
40

The page :doc:`/howto/untrusted-input` lists every limit and what it guards.
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Iterator
from typing import Any

import attrs

from phase10.errors import LimitError

__all__ = ["DEFAULT_LIMITS", "Limits", "check_limit", "current_limits", "use_limits"]


def _positive(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if type(value) is not int or value < 1:
        raise TypeError(f"Limits.{attribute.name} must be a whole number >= 1, got {value!r}")


@attrs.frozen(kw_only=True, cache_hash=True)
class Limits:
    """The bounds on untrusted input; the defaults fit every real game with room to spare.

    Attributes:
        max_card_number: Highest card number of a variant (``meld_rules.max_number``; real
            games use 12 or 13). Run shapes grow with its cube.
        max_players: Most players of a variant (real games: 6).
        max_jokers: Most jokers a variant adds per player (``jokers_per_player``; real: 2).
        max_deck_size: Most cards in play, jokers for the most players included (real: 131).
        max_phases: Most phases of a variant (real: 10).
        max_groups_per_phase: Most groups in one phase (real: 4).
        max_group_size: Most cards one group of a phase may require (real: 9).
        max_hand_size: Most cards dealt to a player (``hand_size``; real: 10).
        max_text_length: Longest phase text or JSON text accepted, in characters.
        max_games: Most games one :func:`~phase10.simulate` call plays.
        max_search_nodes: Most steps of one laydown search (:func:`~phase10.find_laydown`,
            :func:`~phase10.iter_laydowns`, :func:`~phase10.explain`): a fraction of a
            second of work. Finding one laydown of a real hand takes a few hundred steps.
        max_engine_search_nodes: Most steps of one laydown search made by the rules and
            the bots for a hand of a game (:func:`~phase10.legal_actions` lists every
            laydown of a hand, extra cards included, which in Phase 10 Master has taken
            690,000 steps in play).

    Raises:
        TypeError: a field is not a whole number >= 1.
    """

    max_card_number: int = attrs.field(default=20, validator=_positive)
    max_players: int = attrs.field(default=16, validator=_positive)
    max_jokers: int = attrs.field(default=20, validator=_positive)
    max_deck_size: int = attrs.field(default=1000, validator=_positive)
    max_phases: int = attrs.field(default=20, validator=_positive)
    max_groups_per_phase: int = attrs.field(default=12, validator=_positive)
    max_group_size: int = attrs.field(default=60, validator=_positive)
    max_hand_size: int = attrs.field(default=60, validator=_positive)
    max_text_length: int = attrs.field(default=1_000_000, validator=_positive)
    max_games: int = attrs.field(default=10_000_000, validator=_positive)
    max_search_nodes: int = attrs.field(default=100_000, validator=_positive)
    max_engine_search_nodes: int = attrs.field(default=20_000_000, validator=_positive)

    def raised(self, **changes: Any) -> Limits:
        """A copy with the named limits changed.

        Raises:
            TypeError: an unknown limit, or a value that is not a whole number >= 1.
        """
        return attrs.evolve(self, **changes)


#: The limits used unless you pass others: safe for a server.
DEFAULT_LIMITS = Limits()

_CURRENT: contextvars.ContextVar[Limits] = contextvars.ContextVar(
    "phase10_limits", default=DEFAULT_LIMITS
)


def current_limits() -> Limits:
    """The limits in force: :data:`DEFAULT_LIMITS` unless :func:`use_limits` says otherwise."""
    return _CURRENT.get()


@contextlib.contextmanager
def use_limits(limits: Limits) -> Iterator[Limits]:
    """Put ``limits`` in force for the ``with`` block (in this thread or task only).

    Raises:
        TypeError: ``limits`` is not a :class:`Limits`.
    """
    if not isinstance(limits, Limits):
        raise TypeError(f"expected a Limits, got {limits!r}")
    token = _CURRENT.set(limits)
    try:
        yield limits
    finally:
        _CURRENT.reset(token)


def check_limit(
    value: int, limit: str, path: str, limits: Limits | None = None, *, where: str = ""
) -> int:
    """Return ``value`` if it is at most the limit named ``limit``; else raise.

    ``where`` (e.g. ``" in 'set 3 + run 4'"``) is added to the message after the path.

    >>> check_limit(12, "max_card_number", "max_number")
    12

    Raises:
        LimitError: ``value`` is above the limit; the error names ``path`` and the limit.
    """
    maximum: int = getattr(limits or _CURRENT.get(), limit)
    if value > maximum:
        # str() of a huge int is slow (and refused past 4300 digits)
        shown = str(value) if value < 10**12 else f"about 2^{value.bit_length() - 1}"
        raise LimitError(
            f"{path}{where}: {shown} is above the limit {limit}={maximum} "
            "(see phase10.Limits to raise it)",
            path=path,
            limit=limit,
            maximum=maximum,
            value=value,
        )
    return value
