"""Speed of the bots: milliseconds per GreedyBot decision and games per second.

Usage: python bench/bench_bots.py [--games N] [--variant classic] [--workers W]

Plays N seeded games of GreedyBot against three RandomBots (the issue's 4-player match-up),
serially and, with --workers, on a process pool, and reports games/s, the GreedyBot's win
rate and its mean time per decision.
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from concurrent.futures import ProcessPoolExecutor

import attrs

import phase10
from phase10 import Action, PlayerView


@attrs.define
class Timed:
    """Wraps a bot and adds up the time it spends deciding."""

    bot: phase10.Bot
    seconds: float = 0.0
    decisions: int = 0

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        start = time.perf_counter()
        action = self.bot.act(view, rng)
        self.seconds += time.perf_counter() - start
        self.decisions += 1
        return action


def main() -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--workers", type=int, default=0)
    args = parser.parse_args()
    variant = phase10.find_variant(args.variant)
    print(f"python {platform.python_version()} on {platform.machine()}, variant {variant.name}")
    greedy = Timed(phase10.GreedyBot())
    bots: list[phase10.Bot] = [
        greedy,
        phase10.RandomBot(),
        phase10.RandomBot(),
        phase10.RandomBot(),
    ]
    start = time.perf_counter()
    result = phase10.simulate(args.games, bots, variant=variant, seed="bench")
    took = time.perf_counter() - start
    print(
        f"serial: {args.games / took:.1f} games/s; GreedyBot wins {result.bots[0].win_rate:.0%}; "
        f"{1000 * greedy.seconds / max(greedy.decisions, 1):.2f} ms per GreedyBot decision "
        f"({greedy.decisions} decisions)"
    )
    if args.workers > 1:
        plain: list[phase10.Bot] = [phase10.GreedyBot(), *bots[1:]]
        start = time.perf_counter()
        with ProcessPoolExecutor(max_workers=args.workers) as pool:
            pooled = phase10.simulate(
                args.games, plain, variant=variant, seed="bench", executor=pool
            )
        took = time.perf_counter() - start
        same = pooled.bots[0].wins == result.bots[0].wins
        print(f"{args.workers} workers: {args.games / took:.1f} games/s; same results: {same}")


if __name__ == "__main__":
    main()
