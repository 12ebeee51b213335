"""A bot tournament: the built-in bots and a bot of our own, on a pool of processes.

A bot is any object with an ``act(view, rng)`` method that returns one of
``phase10.legal_actions(view)``; it sees only its own seat's :class:`phase10.PlayerView`.
:func:`phase10.simulate` plays seeded games (seats rotate between games) and returns each
bot's wins, mean score and mean number of hands; the same seed gives the same results on
any executor.

Run it with ``python examples/bot_tournament.py``.
"""

from __future__ import annotations

import random
from concurrent.futures import ProcessPoolExecutor

import attrs

import phase10
from phase10 import Action, PlayerView


@attrs.frozen
class HoarderBot:
    """Draws, lays down and hits like GreedyBot, but always discards its highest card.

    A frozen attrs class at module level pickles, so it can play in a process pool.
    """

    name: str = "HoarderBot"

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        """GreedyBot's choice, except that a discard is the highest card in hand."""
        choice = phase10.GreedyBot().act(view, rng)
        if not isinstance(choice, phase10.Discard):
            return choice
        discards = [a for a in phase10.legal_actions(view) if isinstance(a, phase10.Discard)]
        points = view.variant.scoring.card_points
        return max(discards, key=lambda a: (not a.card.is_wild, points(a.card), a.card))


def main(games: int = 6, workers: int = 2) -> phase10.SimulationResult:
    variant = phase10.find_variant("classic-first-5")
    bots: list[phase10.Bot] = [
        phase10.GreedyBot(),
        HoarderBot(),
        phase10.RandomBot(),
        phase10.RandomBot(),
    ]
    done: list[int] = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        result = phase10.simulate(
            games,
            bots,
            variant=variant,
            seed="tournament",
            executor=pool,
            on_progress=lambda finished, total: done.append(finished),
        )
    print(f"{games} games of {variant.name} ({len(done)} progress reports)")
    print(result.table())
    best = max(result.bots, key=lambda b: (b.wins, -b.mean_score))
    print(f"best: {best.name} with {best.wins:g} wins")
    # the same seed gives the same results without the pool
    assert result == phase10.simulate(games, bots, variant=variant, seed="tournament")
    return result


if __name__ == "__main__":
    main()
