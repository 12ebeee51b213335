"""Side by side: CPU per player action of phase10 and of OpenSpiel's C++ ``gin_rummy``.

Usage: python bench/bench_openspiel.py [--rounds 3] [--actions 20000] [--games classic:2,...]

Needs the ``openspiel`` extra (``python -m pip install -e ".[openspiel]"``). Both engines are
driven from Python by the same loop: a uniformly random playout, chance resolved by sampling
(``phase10.sample_chance``; OpenSpiel's ``chance_outcomes()``), until about ``--actions``
player actions were taken, over as many seeded games as that needs. The figure of each is CPU
time (``time.process_time``) per *player* action, set-up and chance amortised. The games are
measured in turn within each round, so a change of machine load touches both sides of a
ratio alike; the table gives each round's ratio and their median.

The second table times the primitives a search bot is built from against OpenSpiel's
``clone()`` + ``apply_action()`` of one player action, at the same positions of random
games: ``sample_state(view)``, ``view(state, seat)`` and ``apply`` of one of the engine's own
legal actions (a target of issue 22: each at most half of OpenSpiel's clone + apply).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import time
from collections.abc import Callable

import pyspiel

import phase10


def _phase10_playout(variant: phase10.Variant, players: int) -> Callable[[int], int]:
    def run(actions: int) -> int:
        taken = game = 0
        while taken < actions:
            rng = random.Random(f"bench:{game}")
            state = phase10.new_game(variant, players)
            while not state.is_over and taken < actions:
                if state.is_chance:
                    state = phase10.apply(state, phase10.sample_chance(state, rng))
                    continue
                legal = phase10.legal_actions(state)
                state = phase10.apply(state, legal[int(rng.random() * len(legal))])
                taken += 1
            game += 1
        return taken

    return run


def _gin_playout(actions: int) -> int:
    game = pyspiel.load_game("gin_rummy")
    taken = n = 0
    while taken < actions:
        rng = random.Random(f"bench:{n}")
        state = game.new_initial_state()
        while not state.is_terminal() and taken < actions:
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
                continue
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
            taken += 1
        n += 1
    return taken


def _cpu_per_action(run: Callable[[int], int], actions: int) -> float:
    start = time.process_time()
    taken = run(actions)
    return (time.process_time() - start) / taken


def _positions(variant: phase10.Variant, players: int, count: int) -> list[phase10.GameState]:
    """``count`` player-decision states from seeded random games."""
    out: list[phase10.GameState] = []
    rng = random.Random("bench:positions")
    state = phase10.new_game(variant, players)
    while len(out) < count:
        if state.is_over:
            state = phase10.new_game(variant, players)
        elif state.is_chance:
            state = phase10.apply(state, phase10.sample_chance(state, rng))
        else:
            out.append(state)
            legal = phase10.legal_actions(state)
            state = phase10.apply(state, legal[int(rng.random() * len(legal))])
    return out


def _gin_positions(count: int) -> list[pyspiel.State]:
    game = pyspiel.load_game("gin_rummy")
    rng = random.Random("bench:positions")
    out: list[pyspiel.State] = []
    state = game.new_initial_state()
    while len(out) < count:
        if state.is_terminal():
            state = game.new_initial_state()
        elif state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
        else:
            out.append(state.clone())
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
    return out


def _primitives(
    variant: phase10.Variant, players: int, count: int
) -> dict[str, Callable[[], float]]:
    states = _positions(variant, players, count)
    seats = [s.current_player for s in states]
    views = [phase10.view(s, p) for s, p in zip(states, seats, strict=True)]
    moves = [phase10.legal_actions(s)[0] for s in states]
    gins = _gin_positions(count)
    gin_moves = [g.legal_actions()[0] for g in gins]

    def timed(body: Callable[[], None]) -> Callable[[], float]:
        def run() -> float:
            start = time.process_time()
            body()
            return (time.process_time() - start) / count

        return run

    def sample() -> None:
        rng = random.Random("bench:sample")
        for v in views:
            phase10.sample_state(v, rng)

    def view() -> None:
        for s, p in zip(states, seats, strict=True):
            phase10.view(s, p)

    def apply() -> None:
        for s, m in zip(states, moves, strict=True):
            phase10.apply(s, m)

    def gin() -> None:
        for g, m in zip(gins, gin_moves, strict=True):
            g.clone().apply_action(m)

    return {
        "sample_state": timed(sample),
        "view": timed(view),
        "apply": timed(apply),
        "gin clone+apply": timed(gin),
    }


def main() -> None:
    """Run both tables and print them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--actions", type=int, default=20000)
    parser.add_argument(
        "--games", default="classic:2,classic:4,master:4,ten-phases:2", help="variant:players,..."
    )
    parser.add_argument("--positions", type=int, default=2000)
    args = parser.parse_args()
    games = [(name, int(p)) for name, p in (g.split(":") for g in args.games.split(","))]
    print(f"python {platform.python_version()} on {platform.machine()}")
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")

    runs = {f"{name} {p}p": _phase10_playout(phase10.find_variant(name), p) for name, p in games}
    ratios: dict[str, list[float]] = {key: [] for key in runs}
    for r in range(args.rounds):
        for key, run in runs.items():
            gin = _cpu_per_action(_gin_playout, args.actions)
            ours = _cpu_per_action(run, args.actions)
            ratios[key].append(ours / gin)
            print(
                f"round {r + 1}: {key:>16}: {ours * 1e6:7.1f} us vs gin_rummy "
                f"{gin * 1e6:6.1f} us = {ours / gin:.2f}x"
            )
    print(f"\n{'game':>16} {'rounds':>30} {'median':>7}")
    for key, values in ratios.items():
        shown = " ".join(f"{v:.2f}" for v in values)
        print(f"{key:>16} {shown:>30} {statistics.median(values):>6.2f}x")

    print("\nprimitives, classic 4p, us per call (ratio to gin_rummy clone+apply_action):")
    prims = _primitives(phase10.CLASSIC, 4, args.positions)
    table: dict[str, list[float]] = {key: [] for key in prims}
    for _ in range(args.rounds):
        for key, run in prims.items():
            table[key].append(run())
    base = statistics.median(table["gin clone+apply"])
    for key, values in table.items():
        med = statistics.median(values)
        print(f"{key:>16} {med * 1e6:8.2f} us {med / base:6.2f}x")
    print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
