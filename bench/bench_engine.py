"""Per-step cost of random play: a random legal action (or chance outcome), then apply().

Usage: python bench/bench_engine.py [--games N] [--players 2,4,6] [--variant classic|NAME|all]

Reports, per player count: games/s, actions/s and the mean microseconds per step, where a
step is choosing uniformly among legal_actions() (or sampling chance) and applying it.
The target is the 4-player classic mean: at most 30 us per step; with ``--variant all``
every built-in variant is also shown as a multiple of classic (target: at most 2x).
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


def measure(variant: phase10.Variant, players: int, games: int) -> tuple[float, int]:
    """Seconds and steps of ``games`` seeded random games of ``variant``."""
    start = time.perf_counter()
    steps = sum(play(variant, players, f"bench:{players}:{i}") for i in range(games))
    return time.perf_counter() - start, steps


def main() -> None:
    """Run the benchmark and print a table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", default="2,4,6")
    parser.add_argument(
        "--variant",
        default="classic",
        help="a built-in variant's name, or 'all' for every one (with its ratio to classic)",
    )
    args = parser.parse_args()
    names = phase10.variant_names() if args.variant == "all" else (args.variant,)
    counts = [int(p) for p in args.players.split(",")]
    print(f"python {platform.python_version()} on {platform.machine()}")
    print(
        f"{'variant':>20} {'players':>7} {'games':>6} {'games/s':>8} {'actions/s':>10} "
        f"{'us/step':>8} {'x classic':>9}"
    )
    play(phase10.CLASSIC, 2, "warm-up")
    classic: dict[int, float] = {}
    for name in names:
        variant = phase10.find_variant(name)
        for players in counts:
            if not variant.min_players <= players <= variant.max_players:
                print(
                    f"{name:>20} {players:>7} skipped: {variant.min_players}-"
                    f"{variant.max_players} players"
                )
                continue
            if players not in classic and name != "classic":
                elapsed, steps = measure(phase10.CLASSIC, players, args.games)
                classic[players] = elapsed / steps
            elapsed, steps = measure(variant, players, args.games)
            per_step = elapsed / steps
            classic.setdefault(players, per_step)
            print(
                f"{name:>20} {players:>7} {args.games:>6} {args.games / elapsed:>8.2f} "
                f"{steps / elapsed:>10.0f} {per_step * 1e6:>8.1f} "
                f"{per_step / classic[players]:>9.2f}"
            )


if __name__ == "__main__":
    main()
