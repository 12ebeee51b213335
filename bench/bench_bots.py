"""Speed and strength of the bots.

Usage: python bench/bench_bots.py [--games N] [--variant classic] [--workers W]
       python bench/bench_bots.py --strength greedy|random [--bot EXPR] [--games N]
                                  [--variant KIND[,KIND...]] [--players P] [--workers W]
                                  [--seed S] [--verbose]
       python bench/bench_bots.py --rollouts [--games N] [--variant classic] [--players P]

The first form plays N seeded games of GreedyBot against three RandomBots (the 4-player
match-up), serially and, with --workers, on a process pool, and reports games/s, the
GreedyBot's win rate and its mean time per decision.

The second plays, for each game kind (variant name) given, N games of one bot (EXPR, a
Python expression evaluated with the names of ``phase10`` in scope; ``ISMCTSBot()`` by
default, e.g. ``CautiousBot()``) against P - 1 GreedyBots or RandomBots, seats rotating,
on a process pool of W workers (``--verbose`` prints each game as it finishes), then one
table row per kind: the bot's wins, the 95% Wilson interval of its win rate, its decision
times (mean, p95, max) as measured by ``simulate``, the opponents' mean and slowest
decision in the same run, the ratio of the two means, the minutes taken and the highest load average
seen (at the start and the end of the kind's run).

The third times greedy rollouts of N whole hands from their deal, in five rounds, the two
ways in turn: GreedyBot given each player's view, and ``phase10.bots.greedy_policy``
reading the full state (checking that both play the same moves).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
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
    """One bot against ``--players - 1`` opponents, per game kind, on a process pool."""
    bot: phase10.Bot = eval(args.bot, dict(vars(phase10)))  # the user's own expression
    opponent: phase10.Bot = (
        phase10.GreedyBot() if args.strength == "greedy" else phase10.RandomBot()
    )
    kinds = [k.strip() for k in args.variant.split(",")]
    print(
        f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs, "
        f"load {os.getloadavg()[0]:.2f}; {bot!r} vs {args.players - 1} x {opponent!r}; "
        f"{args.games} games a kind, {args.workers} workers, seed {args.seed!r}",
        flush=True,
    )
    rows = []
    for kind in kinds:
        variant = phase10.find_variant(kind)
        tally = [0.0, 0]

        def on_game(game: phase10.GameResult, tally: list[float] = tally, kind: str = kind) -> None:
            won = 0 in game.winning_bots
            tally[0] += 1 / len(game.winners) if won else 0.0
            tally[1] += 1
            if args.verbose:
                print(
                    f"{kind} game {game.index:>4}: winners {list(game.winning_bots)} "
                    f"hands {game.hands:>3}; bot {tally[0]:g}/{tally[1]}",
                    flush=True,
                )

        load = os.getloadavg()[0]
        start = time.perf_counter()
        pool = ProcessPoolExecutor(max_workers=args.workers) if args.workers > 1 else None
        try:
            result = phase10.simulate(
                args.games,
                [bot, *[opponent] * (args.players - 1)],
                variant=variant,
                seed=args.seed,
                executor=pool,
                on_game=on_game,
            )
        finally:
            if pool is not None:
                pool.shutdown()
        took = time.perf_counter() - start
        load = max(load, os.getloadavg()[0])
        tested, *others = result.bots
        # the opponents' decisions pooled: the same bot in every other seat
        decisions = sum(b.decisions for b in others)
        mean = sum(b.time_mean * b.decisions for b in others) / max(1, decisions)
        slowest = max(b.time_max for b in others)
        lo, hi = wilson(tested.wins, tested.games)
        rows.append(
            f"| {kind} | {args.players} | {tested.games} | {tested.wins:g} | "
            f"{100 * tested.win_rate:.1f} | {100 * lo:.1f}-{100 * hi:.1f} | "
            f"{1000 * tested.time_mean:.2f} | {1000 * tested.time_p95:.1f} | "
            f"{1000 * tested.time_max:.0f} | {1000 * mean:.2f} | {1000 * slowest:.0f} | "
            f"{tested.time_mean / mean if mean else 0:.1f} | {took / 60:.1f} | {load:.1f} |"
        )
        print(rows[-1], flush=True)
    print(
        "| game | players | games | wins | win % | 95% interval | mean ms | p95 ms | max ms "
        "| opponent mean ms | opponent max ms | cost ratio | min | load |"
    )
    print(
        "| --- | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: "
        "| ---: |"
    )
    for row in rows:
        print(row)


def rollouts(args: argparse.Namespace) -> None:
    """Greedy rollouts of whole hands: GreedyBot on views against greedy_policy on states."""
    from phase10.bots import greedy_policy

    variant = phase10.find_variant(args.variant)
    greedy = phase10.GreedyBot()
    starts = [
        phase10.play_chance(phase10.new_game(variant, args.players), random.Random(i))[0]
        for i in range(args.games)
    ]

    def hand(state: phase10.GameState, fast: bool) -> phase10.GameState:
        rng = random.Random(7)
        number = state.hand_number
        while not state.is_over and state.hand_number == number:
            if state.is_chance:
                state, _ = phase10.play_chance(state, rng)
                continue
            seat = state.current_player
            assert seat is not None
            if fast:
                action = greedy_policy(state, rng)
            else:
                action = greedy.act(phase10.view(state, seat), rng)
            state = phase10.apply(state, action)
        return state

    print(
        f"python {platform.python_version()}, load {os.getloadavg()[0]:.2f}; {args.games} "
        f"{variant.name} hands, {args.players} players, 5 rounds, the two in turn"
    )
    times: dict[bool, list[float]] = {False: [], True: []}
    for _ in range(5):
        for fast in (False, True):
            start = time.perf_counter()
            ends = [hand(s, fast) for s in starts]
            times[fast].append(1000 * (time.perf_counter() - start) / len(starts))
            if fast:
                assert ends == [hand(s, False) for s in starts]  # the same moves
    for fast, label in ((False, "GreedyBot on views"), (True, "greedy_policy on states")):
        print(
            f"{label}: {' '.join(f'{t:.1f}' for t in times[fast])} ms a hand; "
            f"median {statistics.median(times[fast]):.1f}"
        )
    print(f"load {os.getloadavg()[0]:.2f}")


def main() -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--workers", type=int, default=0)
    parser.add_argument("--strength", choices=("greedy", "random"), default=None)
    parser.add_argument("--bot", default="ISMCTSBot()")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--rollouts", action="store_true")
    parser.add_argument("--seed", default="strength")
    args = parser.parse_args()
    if args.rollouts:
        rollouts(args)
        return
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
