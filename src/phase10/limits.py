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

from phase10.errors import ArgumentError, LimitError, SearchLimitError

__all__ = [
    "DEFAULT_LIMITS",
    "Limits",
    "charge_steps",
    "check_limit",
    "current_limits",
    "search_budget",
    "spend_steps",
    "steps_left",
    "use_limits",
    "work_budget",
]


def _positive(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if type(value) is not int or value < 1:
        raise ArgumentError(f"Limits.{attribute.name} must be a whole number >= 1, got {value!r}")


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
            the bots for a hand of a game. Every such search is also part of one call's
            work budget (``max_call_steps``), which is the lower of the two unless you raise it.
        max_call_steps: The work budget of one public call (:func:`~phase10.legal_actions`,
            :func:`~phase10.lay_down_from_groups`, :func:`~phase10.find_laydown`, ...) and of
            one bot decision (``act``): every laydown search the call makes, however many,
            draws on it. A step is one position of a search (about half a microsecond), so
            the default is near half a second of work; the built-in games' largest hands
            need a few hundred thousand at most. ``legal_actions`` stops listing laydowns
            when the budget runs out (it never raises for it once it has found a laydown);
            other calls raise :class:`~phase10.SearchLimitError` naming this limit.
        max_listed_laydowns: The most laydowns (or announcements) of one phase that
            :func:`~phase10.legal_actions` lists: the first ones of the search order. Real
            hands have at most a few hundred; exact enumeration is
            :func:`~phase10.laydown_actions` with ``exact=True`` or
            :func:`~phase10.iter_laydowns`.

    Raises:
        ArgumentError: a field is not a whole number >= 1.
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
    max_call_steps: int = attrs.field(default=1_000_000, validator=_positive)
    max_listed_laydowns: int = attrs.field(default=1024, validator=_positive)

    def raised(self, **changes: Any) -> Limits:
        """A copy with the named limits changed.

        Raises:
            ArgumentError: an unknown limit, or a value that is not a whole number >= 1.
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
        ArgumentError: ``limits`` is not a :class:`Limits`.
    """
    if not isinstance(limits, Limits):
        raise ArgumentError(f"expected a Limits, got {limits!r}")
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


class _Work:
    """The work budget of the public call under way: steps left, and who set it."""

    __slots__ = ("left", "maximum", "search_limit")

    def __init__(self, maximum: int, search_limit: str) -> None:
        self.left = self.maximum = maximum
        #: the limit that bounds each single search of this call (named when it binds)
        self.search_limit = search_limit


_WORK: contextvars.ContextVar[_Work | None] = contextvars.ContextVar("phase10_work", default=None)


class _Scope:
    """The context manager :func:`work_budget` returns (a class: it runs on every call)."""

    __slots__ = ("_limits", "_search_limit", "_token")

    def __init__(self, limits: Limits | None, search_limit: str) -> None:
        self._limits = limits
        self._search_limit = search_limit
        self._token: contextvars.Token[_Work | None] | None = None

    def __enter__(self) -> bool:
        if _WORK.get() is not None:  # the outermost call opens the budget; inner calls share it
            return False
        limits = self._limits or _CURRENT.get()
        self._token = _WORK.set(_Work(limits.max_call_steps, self._search_limit))
        return True

    def __exit__(self, *exc: object) -> None:
        if self._token is not None:
            _WORK.reset(self._token)
            self._token = None


def work_budget(
    limits: Limits | None = None, *, search_limit: str = "max_search_nodes"
) -> contextlib.AbstractContextManager[bool]:
    """Open one work budget of ``limits.max_call_steps`` steps for the ``with`` block.

    Every public call that searches opens one, and so does every bot decision; a call made
    inside the block (a bot's ``legal_actions``, an analysis of many hands) draws on the
    same budget instead of opening its own. The ``with`` statement's value says whether
    this block opened the budget (``True``) or shares one opened outside it (``False``).
    ``search_limit`` names the limit that bounds each single search of the block
    (``"max_engine_search_nodes"`` for the rules and the bots), so that a
    :class:`~phase10.SearchLimitError` names the limit that was hit.

    >>> with work_budget(DEFAULT_LIMITS.raised(max_call_steps=500)) as opened:
    ...     opened, steps_left()
    (True, 500)
    >>> steps_left() is None
    True

    Raises:
        ArgumentError: ``limits`` is not a :class:`Limits` (when the block is entered).
    """
    if limits is not None and not isinstance(limits, Limits):
        raise ArgumentError(f"expected a Limits, got {limits!r}")
    return _Scope(limits, search_limit)


def steps_left() -> int | None:
    """The steps left in the work budget in force; ``None`` outside any (:func:`work_budget`)."""
    work = _WORK.get()
    return None if work is None else work.left


def charge_steps(steps: int) -> None:
    """Count ``steps`` of work against the budget in force (nothing outside any budget).

    The searches charge what they spent when they end; the count may go below zero when
    the last search overran it, and the next search then has no step left.
    """
    work = _WORK.get()
    if work is not None:
        work.left -= steps


def search_budget(maximum: int) -> tuple[int, str, int]:
    """The steps one search may take, the limit that sets them, and that limit's value.

    A search may take ``maximum`` steps (its own limit) or what is left of the call's
    budget, whichever is fewer.
    """
    work = _WORK.get()
    if work is None:
        return maximum, "max_search_nodes", maximum
    if work.left < maximum:
        return max(work.left, 0), "max_call_steps", work.maximum
    return maximum, work.search_limit, maximum


def spend_steps(steps: int, what: str) -> None:
    """Spend ``steps`` of the work budget in force on ``what``; raise if they are not there.

    For work that is not a laydown search (matching written groups to a phase): the steps
    are checked before the work is done, so a refused call costs nothing more. Outside any
    budget (:func:`work_budget`) nothing is counted.

    >>> with work_budget(DEFAULT_LIMITS.raised(max_call_steps=10)):
    ...     spend_steps(4, "a test")
    ...     spend_steps(7, "a test")
    Traceback (most recent call last):
    ...
    phase10.errors.SearchLimitError: a test needs 7 steps of work, and the call's work ...

    Raises:
        SearchLimitError: fewer than ``steps`` are left (the error names ``max_call_steps``).
    """
    work = _WORK.get()
    if work is None:
        return
    if steps > work.left:
        raise SearchLimitError(
            f"{what} needs {steps} steps of work, and the call's work budget of "
            f"{work.maximum} steps (Limits.max_call_steps) has {max(work.left, 0)} left; "
            "raise max_call_steps with limits= if you really need the answer",
            path="steps",
            limit="max_call_steps",
            maximum=work.maximum,
            value=work.maximum - work.left + steps,
        )
    work.left -= steps
