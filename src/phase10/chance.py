"""Chance: the outcomes of dealing, turning up, drawing and reshuffling, and a seeded sampler."""

from __future__ import annotations

import random
from collections.abc import Callable

from phase10.actions import Action, ChanceAction, Deal, Reshuffle, Reveal, TurnUp
from phase10.cards import Card, Kind
from phase10.errors import IllegalActionError, Violation
from phase10.state import GameState, TurnStep

__all__ = ["chance_outcomes", "play_chance", "sample_chance"]

_CARD_EVENT: dict[TurnStep, Callable[[Card], ChanceAction]] = {
    TurnStep.DEAL: Deal,
    TurnStep.TURN_UP: TurnUp,
    TurnStep.REVEAL: Reveal,
    TurnStep.DRAW_TWO: Reveal,
}


def _candidates(state: GameState) -> tuple[Card, ...]:
    pile = state.draw_pile
    if state.step is TurnStep.TURN_UP and state.variant.turn_up_naturals_only:
        # rule M-6: a joker or action card turned up goes back; the next card is turned up
        return tuple(c for c in pile if c.kind is Kind.NUMBER)
    return pile


def chance_outcomes(state: GameState) -> tuple[tuple[ChanceAction, float], ...]:
    """Every chance outcome at a chance node with its probability (they sum to 1).

    The draw pile is a multiset whose order nobody knows, so each card dealt, turned up or
    drawn is an outcome weighted by how many copies remain. A reshuffle (C-16) has one
    outcome. At a player's node there are none.

    >>> from phase10 import CLASSIC, new_game
    >>> outcomes = chance_outcomes(new_game(CLASSIC, 2))
    >>> str(outcomes[0][0]), outcomes[0][1] == 2 / 108
    ('deal R1', True)
    """
    step = state.step
    if step is TurnStep.RESHUFFLE:
        return ((Reshuffle(), 1.0),)
    make = _CARD_EVENT.get(step)
    if make is None:
        return ()
    pile = _candidates(state)
    total = len(pile)
    counts: dict[Card, int] = {}
    for card in pile:
        counts[card] = counts.get(card, 0) + 1
    return tuple((make(card), n / total) for card, n in counts.items())


def sample_chance(state: GameState, rng: random.Random) -> ChanceAction:
    """Pick a chance outcome with its probability, using only ``rng.random()``.

    ``Random.random()`` is the one method whose results Python keeps stable across
    versions, so a seeded game replays the same everywhere.

    Raises:
        IllegalActionError: chance does not act in ``state`` (code ``NOT_CHANCE``).
    """
    step = state.step
    if step is TurnStep.RESHUFFLE:
        return Reshuffle()
    make = _CARD_EVENT.get(step)
    if make is None:
        raise IllegalActionError(
            f"chance does not act now (step {step.name})", code=Violation.NOT_CHANCE
        )
    pile = _candidates(state)
    return make(pile[int(rng.random() * len(pile))])


def play_chance(state: GameState, rng: random.Random) -> tuple[GameState, tuple[Action, ...]]:
    """Resolve chance until a player must act (or the game is over).

    Returns the new state and the chance actions taken, so they can be recorded.
    """
    from phase10.rules import apply

    taken: list[Action] = []
    while state.is_chance:
        action = sample_chance(state, rng)
        taken.append(action)
        state = apply(state, action)
    return state, tuple(taken)
