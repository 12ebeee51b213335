"""Side by side: CPU per player action of phase10 and of OpenSpiel's C++ ``gin_rummy``.

Usage: python bench/bench_openspiel.py [--rounds 3] [--actions 20000] [--games classic:2,...]

Needs the ``openspiel`` extra (``python -m pip install -e ".[openspiel]"``). Both engines are
driven from Python by the same loop: a uniformly random playout, chance resolved by sampling
(``phase10.sample_chance``; OpenSpiel's ``chance_outcomes()``), until about ``--actions``
player actions were taken, over as many seeded games as that needs. The figure of each is CPU
time (``time.process_time``) per *player* action, set-up and chance amortised. Within each
round the two engines play in ``--slices`` alternating slices of the actions (each slice
goes on where the engine's last one stopped), so a change of machine load touches both sides
of a ratio alike; the table gives each round's ratio and their median.

The second table times the primitives a search bot is built from against OpenSpiel's
``clone()`` + ``apply_action()`` of one player action, at the same positions of random
games: ``sample_state(view)``, ``view(state, seat)`` and ``apply`` of one of the engine's own
legal actions (a target of issue 22: each at most half of OpenSpiel's clone + apply).
``sample_state`` deals one world of each view (a view's first world: there are more views
than ``sample_state`` remembers); ``sample_state x8`` deals 8 worlds of each view in turn,
as a search bot samples from the view of its decision, per world.
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


class _Playout:
    """A uniformly random playout that goes on where its last slice stopped.

    ``slice(n)`` takes about ``n`` player actions (chance resolved by sampling, not counted)
    and returns the CPU time it took and the actions taken; the games are seeded
    ``"bench:{i}"`` in turn, so each engine plays the same sequence of games in every run.
    """

    def __init__(
        self,
        new_game: Callable[[], object],
        step: Callable[[object, random.Random], tuple[object, bool]],
        over: Callable[[object], bool],
    ) -> None:
        self._new_game, self._step, self._over = new_game, step, over
        self._game = 0
        self._rng = random.Random("bench:0")
        self._state = new_game()

    def slice(self, actions: int) -> tuple[float, int]:
        taken = 0
        start = time.process_time()
        while taken < actions:
            if self._over(self._state):
                self._game += 1
                self._rng = random.Random(f"bench:{self._game}")
                self._state = self._new_game()
            self._state, player = self._step(self._state, self._rng)
            taken += player
        return time.process_time() - start, taken


def _phase10_playout(variant: phase10.Variant, players: int) -> _Playout:
    def step(state: object, rng: random.Random) -> tuple[object, bool]:
        assert isinstance(state, phase10.GameState)
        if state.is_chance:
            return phase10.apply(state, phase10.sample_chance(state, rng)), False
        legal = phase10.legal_actions(state)
        return phase10.apply(state, legal[int(rng.random() * len(legal))]), True

    def over(state: object) -> bool:
        assert isinstance(state, phase10.GameState)
        return state.is_over

    return _Playout(lambda: phase10.new_game(variant, players), step, over)


def _gin_playout() -> _Playout:
    game = pyspiel.load_game("gin_rummy")

    def step(state: object, rng: random.Random) -> tuple[object, bool]:
        assert isinstance(state, pyspiel.State)
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
            return state, False
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.random() * len(legal))])
        return state, True

    def over(state: object) -> bool:
        assert isinstance(state, pyspiel.State)
        return bool(state.is_terminal())

    return _Playout(game.new_initial_state, step, over)


def _interleaved(ours: _Playout, gin: _Playout, actions: int, slices: int) -> tuple[float, float]:
    """CPU per player action of each, taken in ``slices`` alternating slices.

    Small slices taken in turn put both engines through the same moments of a shared
    machine's load, so the ratio holds where the figures themselves drift.
    """
    spent = [0.0, 0.0]
    taken = [0, 0]
    per = max(actions // slices, 1)
    for _ in range(slices):
        for i, playout in enumerate((gin, ours)):
            cpu, n = playout.slice(per)
            spent[i] += cpu
            taken[i] += n
    return spent[1] / taken[1], spent[0] / taken[0]


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
    assert None not in seats  # player decisions only
    views = [phase10.view(s, p) for s, p in zip(states, seats, strict=True) if p is not None]
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

    def sample_8() -> None:  # a search bot's way: 8 worlds of each view, one view at a time
        rng = random.Random("bench:sample8")
        for v in views:
            for _ in range(8):
                phase10.sample_state(v, rng)

    def view() -> None:
        for s, p in zip(states, seats, strict=True):
            if p is not None:
                phase10.view(s, p)

    def apply() -> None:
        for s, m in zip(states, moves, strict=True):
            phase10.apply(s, m)

    def gin() -> None:
        for g, m in zip(gins, gin_moves, strict=True):
            g.clone().apply_action(m)

    return {
        "sample_state": timed(sample),
        "sample_state x8": lambda: timed(sample_8)() / 8,
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
    parser.add_argument(
        "--slices", type=int, default=20, help="alternating slices per game and round"
    )
    args = parser.parse_args()
    games = [(name, int(p)) for name, p in (g.split(":") for g in args.games.split(","))]
    print(f"python {platform.python_version()} on {platform.machine()}")
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")

    runs = {f"{name} {p}p": _phase10_playout(phase10.find_variant(name), p) for name, p in games}
    gins = {key: _gin_playout() for key in runs}
    ratios: dict[str, list[float]] = {key: [] for key in runs}
    for r in range(args.rounds):
        for key, run in runs.items():
            ours, gin = _interleaved(run, gins[key], args.actions, args.slices)
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
        for key, prim in prims.items():
            table[key].append(prim())
    base = statistics.median(table["gin clone+apply"])
    for key, values in table.items():
        med = statistics.median(values)
        print(f"{key:>16} {med * 1e6:8.2f} us {med / base:6.2f}x")
    print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
