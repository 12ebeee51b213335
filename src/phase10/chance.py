"""Chance, sampled: a seeded sampler of the chance outcomes, and resolving chance nodes.

The outcomes themselves and their probabilities are part of the rules
(:func:`phase10.chance_outcomes`); this module draws them with a seeded generator.
"""

from __future__ import annotations

import random

from phase10._members import (
    STEP_RESHUFFLE,
)
from phase10.actions import Action, ChanceAction, Reshuffle
from phase10.errors import IllegalActionError, Violation
from phase10.rules import apply, chance_draw
from phase10.state import GameState

__all__ = ["play_chance", "sample_chance"]


def sample_chance(state: GameState, rng: random.Random) -> ChanceAction:
    """Pick a chance outcome with its probability, using only ``rng.random()``.

    ``Random.random()`` is the one method whose results Python keeps stable across
    versions, so a seeded game replays the same everywhere.

    Raises:
        IllegalActionError: chance does not act in ``state`` (code ``NOT_CHANCE``).
    """
    step = state.step
    if step is STEP_RESHUFFLE:
        return Reshuffle()
    drawn = chance_draw(state)
    if drawn is None:
        raise IllegalActionError(
            f"chance does not act now (step {step.name})", code=Violation.NOT_CHANCE
        )
    make, pile = drawn
    return make(pile[int(rng.random() * len(pile))])


def play_chance(state: GameState, rng: random.Random) -> tuple[GameState, tuple[Action, ...]]:
    """Resolve chance until a player must act (or the game is over).

    Returns the new state and the chance actions taken, so they can be recorded.
    """
    taken: list[Action] = []
    while state.is_chance:
        action = sample_chance(state, rng)
        taken.append(action)
        state = apply(state, action)
    return state, tuple(taken)
