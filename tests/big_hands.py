"""The large valid hands of ``tests/test_budget.py`` and ``bench/bench_budget.py``.

Kept apart from the tests so that the benchmark builds the same positions without importing
hypothesis and pytest: the cyclic collector walks every object of the process, so the
benchmark's own heap is kept to the library's and these few functions.
"""

from __future__ import annotations

import random

import attrs

import phase10
from phase10 import (
    GameState,
    Phase,
    TurnStep,
    Variant,
    apply,
    find_variant,
    legal_actions,
    new_game,
    sample_chance,
    sort_cards,
    variant_names,
)


def big_variant(text: str, *, hand: int = 60, decks: int = 3) -> Variant:
    """A custom variant of one phase, dealt ``hand`` cards from ``decks`` classic decks."""
    return Variant(
        name="custom " + text,
        deck=sort_cards(phase10.classic_deck() * decks),
        hand_size=hand,
        max_players=2,
        phases=(Phase.parse(text),),
    )


def at_play(variant: Variant, players: int, seed: int) -> GameState:
    """The first PLAY step of a seeded game: the deal played, the first player drawn."""
    rng = random.Random(seed)
    state = new_game(variant, players)
    while state.step is not TurnStep.PLAY or state.is_chance:
        if state.is_chance:
            state = apply(state, sample_chance(state, rng))
        else:
            state = apply(state, legal_actions(state)[0])
    return state


def with_hand(state: GameState, size: int, rng: random.Random) -> GameState:
    """``state`` with the player to act holding ``size`` cards, the rest from the draw pile.

    Cards are conserved: the extra cards leave the draw pile (as Keep all and Give five,
    M-13 and M-9, or many draws of the classic game would bring them), so the state is
    valid (``GameState.validate``).
    """
    seat = state.turn
    player = state.players[seat]
    pool = list(state.draw_pile)
    rng.shuffle(pool)
    extra = max(size - len(player.hand), 0)
    hand = sort_cards(player.hand + tuple(pool[:extra]))
    players = list(state.players)
    players[seat] = attrs.evolve(player, hand=hand)
    rest = sort_cards(pool[extra:])  # the draw pile is kept in canonical order
    return attrs.evolve(state, players=tuple(players), draw_pile=rest).validate()


#: (variant, players, the largest hand a valid game reaches or a custom variant deals)
BIG_HANDS = [
    *((find_variant(name), 2, 41) for name in variant_names() if name != "master"),
    (find_variant("master"), 2, 17),
    (big_variant("12 sets of 5"), 2, 61),
    (big_variant("6 sets of 3 + 6 runs of 3"), 2, 61),
    # more than three sets of several sizes: the distances are counted (a packing), and
    # the listing bounds what the later sets can spare (it spent the whole budget before)
    (big_variant("6 sets of 5 + 6 sets of 4"), 2, 61),
]
