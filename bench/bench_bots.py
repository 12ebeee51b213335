"""Speed and strength of the bots.

Usage: python bench/bench_bots.py [--games N] [--variant classic] [--workers W]
       python bench/bench_bots.py --strength greedy|random [--games N] [--workers W]
                                  [--iterations I] [--seed S]

The first form plays N seeded games of GreedyBot against three RandomBots (the 4-player
match-up), serially and, with --workers, on a process pool, and reports games/s, the
GreedyBot's win rate and its mean time per decision.

The second plays N two-player games of ISMCTSBot (default settings, or --iterations I)
against GreedyBot or RandomBot, seats rotating, on a process pool of W workers, printing
each game as it finishes, then the wins, the 95% Wilson interval of the win rate and each
bot's decision times (p50, p95, max, mean) as measured by ``simulate``.
"""

from __future__ import annotations

import argparse
import os
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


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% with the default ``z``)."""
    return phase10.win_interval(wins, games, z=z)


def strength(args: argparse.Namespace) -> None:
    """ISMCTSBot against one opponent in two-player games, on a process pool."""
    variant = phase10.find_variant(args.variant)
    search = (
        phase10.ISMCTSBot()
        if args.iterations is None
        else phase10.ISMCTSBot(iterations=args.iterations)
    )
    opponent: phase10.Bot = (
        phase10.GreedyBot() if args.strength == "greedy" else phase10.RandomBot()
    )
    print(
        f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs, "
        f"load {os.getloadavg()[0]:.2f}; variant {variant.name}; {search!r} vs {opponent!r}; "
        f"{args.games} games, {args.workers} workers, seed {args.seed!r}",
        flush=True,
    )
    tally = [0.0, 0]

    def on_game(game: phase10.GameResult) -> None:
        won = 0 in game.winning_bots
        tally[0] += 1 / len(game.winners) if won else 0.0
        tally[1] += 1
        mean = sum(game.times[game.bots.index(0)]) / max(1, len(game.times[game.bots.index(0)]))
        print(
            f"game {game.index:>4}: winners {list(game.winning_bots)} hands {game.hands:>3}; "
            f"ISMCTS {tally[0]:g}/{tally[1]}; its mean decision {1000 * mean:.1f} ms",
            flush=True,
        )

    start = time.perf_counter()
    pool = ProcessPoolExecutor(max_workers=args.workers) if args.workers > 1 else None
    try:
        result = phase10.simulate(
            args.games,
            [search, opponent],
            variant=variant,
            seed=args.seed,
            executor=pool,
            on_game=on_game,
        )
    finally:
        if pool is not None:
            pool.shutdown()
    took = time.perf_counter() - start
    print(f"took {took / 60:.1f} min; load {os.getloadavg()[0]:.2f}")
    print(
        "| bot | games | wins | win % | 95% interval | decisions "
        "| p50 ms | p95 ms | max ms | mean ms |"
    )
    print("| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: |")
    for b in result.bots:
        lo, hi = wilson(b.wins, b.games)
        print(
            f"| {b.label} | {b.games} | {b.wins:g} | {100 * b.win_rate:.1f} | "
            f"{100 * lo:.1f}-{100 * hi:.1f} | {b.decisions} | {1000 * b.time_p50:.1f} | "
            f"{1000 * b.time_p95:.1f} | {1000 * b.time_max:.0f} | {1000 * b.time_mean:.1f} |"
        )


def main() -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--workers", type=int, default=0)
    parser.add_argument("--strength", choices=("greedy", "random"), default=None)
    parser.add_argument("--iterations", type=int, default=None)
    parser.add_argument("--seed", default="strength")
    args = parser.parse_args()
    if args.strength is not None:
        strength(args)
        return
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
