"""Per-step cost of random play: a random legal action (or chance outcome), then apply().

Usage: python bench/bench_engine.py [--games N] [--players 2,4,6] [--variant classic]

Reports, per player count: games/s, actions/s and the mean microseconds per step, where a
step is choosing uniformly among legal_actions() (or sampling chance) and applying it.
The issue's target is the 4-player classic mean: at most 30 us per step.
"""

from __future__ import annotations

import argparse
import platform
import random
import time

import phase10


def play(variant: phase10.Variant, players: int, seed: str) -> int:
    """Play one seeded random game; return the number of steps."""
    rng = random.Random(seed)
    state = phase10.new_game(variant, players)
    steps = 0
    while not state.is_over:
        if state.is_chance:
            action: phase10.Action = phase10.sample_chance(state, rng)
        else:
            actions = phase10.legal_actions(state)
            action = actions[int(rng.random() * len(actions))]
        state = phase10.apply(state, action)
        steps += 1
    return steps


def main() -> None:
    """Run the benchmark and print a table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", default="2,4,6")
    parser.add_argument("--variant", default="classic")
    args = parser.parse_args()
    variant = phase10.CLASSIC
    if args.variant != "classic":
        find = getattr(phase10, "find_variant", None)
        if find is None:
            raise SystemExit(f"unknown variant {args.variant!r}")
        variant = find(args.variant)
    print(f"python {platform.python_version()} on {platform.machine()}, variant {args.variant}")
    print(f"{'players':>7} {'games':>6} {'games/s':>8} {'actions/s':>10} {'us/step':>8}")
    play(variant, 2, "warm-up")
    for players in (int(p) for p in args.players.split(",")):
        if not variant.min_players <= players <= variant.max_players:
            print(
                f"{players:>7} skipped: {variant.name} is for {variant.min_players}-"
                f"{variant.max_players} players"
            )
            continue
        start = time.perf_counter()
        steps = sum(play(variant, players, f"bench:{players}:{i}") for i in range(args.games))
        elapsed = time.perf_counter() - start
        print(
            f"{players:>7} {args.games:>6} {args.games / elapsed:>8.2f} "
            f"{steps / elapsed:>10.0f} {elapsed / steps * 1e6:>8.1f}"
        )


if __name__ == "__main__":
    main()
