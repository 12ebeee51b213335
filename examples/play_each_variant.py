"""Play one hand of each built-in game with seeded random players and print a summary.

Every built-in variant (``phase10.variant_names()``) runs on the same engine: the same
``new_game``, ``legal_actions``, ``apply`` and explicit chance. A random player picks
uniformly among the legal actions; chance is sampled with a seeded ``random.Random``, so
the output is the same on every run. In "10 Phases" the whole game is one long hand (T-4,
T-5), so its "hand" ends the game and names a winner and a loser (T-6).

Run it with ``python examples/play_each_variant.py``.
"""

from __future__ import annotations

import random

import attrs

import phase10
from phase10 import Action, Discard, GameState, Hit, LayDown, TurnStep

#: The seed of every game; change it to see other hands.
SEED = "play-each-variant"
#: Players at the table (every built-in game allows 3).
PLAYERS = 3


@attrs.frozen
class HandSummary:
    """What happened in the first hand of one game.

    Attributes:
        name: The variant's name.
        players: How many players.
        actions: Player actions taken (chance events not counted).
        went_out: The seat that went out, or ``None`` (the hand ended another way).
        phases: Each seat's phases completed after the hand.
        scores: Each seat's penalty points after the hand.
        winners: The winning seats when the hand ended the game, else empty.
        losers: The losers of a game with a loser (T-6), else empty.
    """

    name: str
    players: int
    actions: int
    went_out: int | None
    phases: tuple[int, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    losers: tuple[int, ...]

    def __str__(self) -> str:
        if self.winners:
            result = f"game over, {_seats(self.winners)} won"
            if self.losers:
                result += f", {_seats(self.losers)} lost"
        elif self.went_out is not None:
            result = f"p{self.went_out + 1} went out"
        else:
            result = "nobody went out"
        phases = "/".join(map(str, self.phases))
        scores = "/".join(map(str, self.scores))
        return (
            f"{self.name:<20} {self.players} players {self.actions:>5} actions  "
            f"{result:<30} phases {phases:<8} points {scores}"
        )


def _seats(seats: tuple[int, ...]) -> str:
    return " and ".join(f"p{s + 1}" for s in seats)


def _went_out(state: GameState, action: Action) -> int | None:
    """The seat that plays its last card with ``action`` in ``state``, if any (C-15)."""
    if isinstance(action, Discard | Hit | LayDown):
        hand = state.players[action.player].hand
        played = len(action.laydown.cards) if isinstance(action, LayDown) else 1
        if played == len(hand):
            return action.player
    return None


def play_one_hand(variant: phase10.Variant, players: int, seed: str) -> HandSummary:
    """Play the first hand of a game of ``variant`` with seeded random players."""
    rng = random.Random(f"{seed}:{variant.name}:{players}")
    state = phase10.new_game(variant, players)
    actions = 0
    while True:
        if state.is_chance:
            action: Action = phase10.sample_chance(state, rng)
        else:
            legal = phase10.legal_actions(state)
            action = legal[int(rng.random() * len(legal))]
            actions += 1
        after = phase10.apply(state, action)
        hand_over = (
            after.is_over
            or after.hand_number > state.hand_number
            or after.step is TurnStep.KEEP_HAND
        )
        if hand_over:
            return HandSummary(
                name=variant.name,
                players=players,
                actions=actions,
                went_out=_went_out(state, action),
                phases=after.phases,
                scores=after.scores,
                winners=after.winners,
                losers=after.losers,
            )
        state = after


def main() -> None:
    """Play and print one hand of every built-in game."""
    print(f"One hand of each built-in game, {PLAYERS} random players, seed {SEED!r}:")
    for name in phase10.variant_names():
        print(play_one_hand(phase10.find_variant(name), PLAYERS, SEED))


if __name__ == "__main__":
    main()
