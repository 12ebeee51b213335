"""PettingZoo steps per second with random masked actions, next to the core engine's figure.

Usage: python bench/bench_adapters.py [--games N] [--repeat R] [--players 2,4]
[--variant classic|all] [--profile]
       python bench/bench_adapters.py --serialize [--players 2] [--variant all]
[--max-game-length N] [--sims 1]

Needs the ``rl`` extra (``pip install -e ".[rl]"``). Per variant and player count (counts the
variant does not allow are left out) it plays seeded games in the PettingZoo environment with
uniformly random legal ids, then plays the very same games (the same decisions, the same
chance outcomes) twice more, so that all three timings cover the same positions:

* pettingzoo: ``env.last()`` (observation and action mask as numpy arrays), a uniform choice
  among the mask's legal ids, ``env.step()``; only agent steps are counted (chance is
  resolved inside ``step``, a laydown is several sub-decision steps);
* core: the engine alone, ``bench_engine.py``'s loop: ``legal_actions()`` then ``apply()``
  for each decision, ``sample_chance()`` then ``apply()`` for each chance outcome; every
  action and chance outcome is a step;
* encoding: ``legal_ids()`` then ``encoding.step()`` with the same ids, chance as in core.

Each game is played ``--repeat`` times each way and the fastest time counts (as ``timeit``
advises: slower runs measure the machine's other work, not the code).

For reference, "own" plays the engine's own seeded random games (uniform among
``legal_actions()``, as ``bench_engine.py`` does): other positions than an agent choosing
uniformly among ids reaches, as laydowns are rarer when they compete with every discard.

Columns: microseconds per core step and per core player decision (the chance outcomes it
triggers included), per "own" step, per encoding step and per PettingZoo agent step;
PettingZoo agent steps per second; ``pz/core`` = the PettingZoo games' time over the
engine's time for the same games (what a decision costs through the adapter, relative to
the engine); ``ovh/st`` = the adapter's overhead per agent step (PettingZoo time minus engine
time for the same games, over the agent steps) relative to the core step; ``pz/own`` = the
PettingZoo step over the "own" step and ``ovh/own`` = ``pz/own - 1``, the same comparison
across different positions (the harshest: a step through PettingZoo is one decision with
the chance it triggers, an "own" step is a decision or a single chance outcome). The
target (issue 6), an adapter overhead per step under 2x the core step, is ``ovh/st`` below
2; ``ovh/own`` below 2 reads it against the engine's own games.
``--profile`` prints where a PettingZoo step spends its time.

``--serialize`` (needs the ``openspiel`` extra instead) times OpenSpiel's own conformance
test, ``pyspiel.random_sim_test(game, num_sims=--sims, serialize=True)``, on the game
``python_phase10`` of each variant and player count, each in a process of its own so that
its peak memory is its own. It clones, serializes and deserializes states, and asks for
every seat's observation and information state strings and tensors, on the way. Columns:
the game's ``max_game_length`` (player moves; ``--max-game-length``, the game's default
unless given), the steps (actions and chance outcomes) of the sims together, whether every
sim's game ended (``over``) or one stopped at ``max_game_length`` (``cap``), seconds,
microseconds per step and the process's peak resident memory. The test's games are its
own (seeded inside OpenSpiel, so the same every run). Its memory grows with the square of
a game's length whatever the game: it keeps a clone of every state of the game, and every
clone holds the whole action history (16 bytes an action).
"""

from __future__ import annotations

import argparse
import cProfile
import platform
import pstats
import random
import resource
import subprocess
import sys
import time
from typing import Any

import numpy as np

# the engine's own random games, as bench_engine.py plays them (bench/ is on sys.path when
# this script runs)
from bench_engine import play as own_game

import phase10
from phase10 import encoding
from phase10.adapters.pettingzoo import env as make_env


def pettingzoo_game(e: Any, seed: str) -> list[int]:
    """Play one seeded random game in the PettingZoo environment; return the ids chosen."""
    rng = random.Random(seed)
    e.reset(seed=seed)
    chosen: list[int] = []
    for _agent in e.agent_iter():
        obs, _reward, terminated, truncated, _info = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        # nonzero() on the int8 mask viewed as booleans: several times faster than on int8
        legal = obs["action_mask"].view(np.bool_).nonzero()[0]
        i = int(legal[int(rng.random() * len(legal))])
        chosen.append(i)
        e.step(i)
    return chosen


def decisions_of(variant: phase10.Variant, players: int, seed: str, ids: list[int]) -> list[Any]:
    """The engine's actions for the ids a PettingZoo game chose (a laydown's ids become one)."""
    rng = random.Random(f"{seed}:0")  # the environment's chance for game 0 of the seed
    state = phase10.new_game(variant, players)
    selection = encoding.Selection()
    actions: list[Any] = []
    for i in ids:
        while state.is_chance:
            state = phase10.apply(state, phase10.sample_chance(state, rng))
        after, selection = encoding.step(state, i, selection=selection)
        if after is not state:  # a plain action, or a confirmed laydown
            legal = phase10.legal_actions(state)
            actions.append(next(a for a in legal if phase10.apply(state, a) == after))
        state = after
    return actions


def core_game(
    variant: phase10.Variant, players: int, seed: str, actions: list[Any]
) -> tuple[int, phase10.GameState]:
    """Replay a game with the engine alone (legal actions listed at every decision)."""
    rng = random.Random(f"{seed}:0")
    state = phase10.new_game(variant, players)
    steps = 0
    moves = iter(actions)
    while not state.is_over:
        if state.is_chance:
            action = phase10.sample_chance(state, rng)
        else:
            phase10.legal_actions(state)
            action = next(moves)
        state = phase10.apply(state, action)
        steps += 1
    return steps, state


def encoding_game(variant: phase10.Variant, players: int, seed: str, ids: list[int]) -> int:
    """Replay a game through ``phase10.encoding`` (legal ids listed at every decision)."""
    rng = random.Random(f"{seed}:0")
    state = phase10.new_game(variant, players)
    selection = encoding.Selection()
    steps = 0
    chosen = iter(ids)
    while not state.is_over:
        if state.is_chance:
            state = phase10.apply(state, phase10.sample_chance(state, rng))
        else:
            encoding.legal_ids(state, selection=selection)
            state, selection = encoding.step(state, next(chosen), selection=selection)
        steps += 1
    return steps


def timed(fn: Any, *args: Any) -> tuple[float, Any]:
    """Seconds taken by ``fn(*args)`` and what it returned."""
    start = time.perf_counter()
    result = fn(*args)
    return time.perf_counter() - start, result


def main() -> None:
    """Run the benchmark and print a table."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=3, help="runs per game; the fastest counts")
    parser.add_argument("--players", default="2,4")
    parser.add_argument("--variant", default="classic", help="a variant name, or 'all'")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument(
        "--serialize", action="store_true", help="time OpenSpiel's random_sim_test instead"
    )
    parser.add_argument("--max-game-length", type=int, default=None, help="with --serialize")
    parser.add_argument("--sims", type=int, default=1, help="with --serialize")
    parser.add_argument(
        "--memory-limit-gb",
        type=float,
        default=6.0,
        help="with --serialize: stop a test whose process would need more memory",
    )
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    names = phase10.variant_names() if args.variant == "all" else (args.variant,)
    if args.serialize:
        serialize(args, names)
        return
    print(f"python {platform.python_version()} on {platform.machine()}")
    print(
        f"{'variant':<20} {'players':>7} {'games':>5} {'core us':>8} {'core/dec':>8} "
        f"{'own us':>7} {'enc us':>7} {'pz us':>7} {'pz steps/s':>10} {'pz/core':>7} "
        f"{'ovh/st':>6} {'pz/own':>6} {'ovh/own':>7}"
    )
    for name in names:
        variant = phase10.find_variant(name)
        for players in (int(p) for p in args.players.split(",")):
            if variant.min_players <= players <= variant.max_players:
                run(name, variant, players, args.games, repeat=args.repeat, profile=args.profile)


def run(
    name: str, variant: phase10.Variant, players: int, games: int, *, repeat: int, profile: bool
) -> None:
    """Benchmark one variant and player count and print its row."""
    e = make_env(num_players=players, variant=variant)
    pettingzoo_game(e, "warm-up")
    seconds = {"core": 0.0, "own": 0.0, "enc": 0.0, "pz": 0.0}
    steps = {"core": 0, "decisions": 0, "own": 0, "enc": 0, "pz": 0}
    for g in range(games):
        seed = f"bench:{players}:{g}"
        best = dict.fromkeys(seconds, float("inf"))
        for _ in range(repeat):  # the fastest of a few runs of each game, as timeit does
            took, ids = timed(pettingzoo_game, e, seed)
            best["pz"] = min(best["pz"], took)
            actions = decisions_of(variant, players, seed, ids)
            took, (core_steps, final) = timed(core_game, variant, players, seed, actions)
            assert final == e.unwrapped.game_state, "the replay is the PettingZoo game"
            best["core"] = min(best["core"], took)
            took, enc_steps = timed(encoding_game, variant, players, seed, ids)
            best["enc"] = min(best["enc"], took)
            took, own_steps = timed(own_game, variant, players, seed)
            best["own"] = min(best["own"], took)
        for key, took in best.items():
            seconds[key] += took
        steps["pz"] += len(ids)
        steps["decisions"] += len(actions)
        steps["core"] += core_steps
        steps["enc"] += enc_steps
        steps["own"] += own_steps
    us = {key: seconds[key] / steps[key] * 1e6 for key in seconds}
    per_decision = seconds["core"] / steps["decisions"] * 1e6
    overhead = (seconds["pz"] - seconds["core"]) / steps["pz"] * 1e6 / us["core"]
    print(
        f"{name:<20} {players:>7} {games:>5} {us['core']:>8.1f} {per_decision:>8.1f} "
        f"{us['own']:>7.1f} {us['enc']:>7.1f} {us['pz']:>7.1f} {1e6 / us['pz']:>10.0f} "
        f"{seconds['pz'] / seconds['core']:>7.2f} {overhead:>6.2f} {us['pz'] / us['own']:>6.2f} "
        f"{us['pz'] / us['own'] - 1:>7.2f}"
    )
    if profile:
        profiler = cProfile.Profile()
        profiler.enable()
        for g in range(max(1, games // 2)):
            pettingzoo_game(e, f"profile:{players}:{g}")
        profiler.disable()
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)


def serialize(args: argparse.Namespace, names: tuple[str, ...]) -> None:
    """Time ``random_sim_test(serialize=True)`` per variant and player count, one process each."""
    if args.one:  # the child: one variant and player count
        limit = int(args.memory_limit_gb * 2**30)
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        sim_test_row(names[0], int(args.players), args.max_game_length, args.sims)
        return
    print(f"python {platform.python_version()} on {platform.machine()}")
    print(
        f"{'variant':<20} {'players':>7} {'max len':>7} {'steps':>7} {'ended':>5} "
        f"{'seconds':>8} {'us/step':>8} {'peak MB':>8}",
        flush=True,
    )
    for name in names:
        variant = phase10.find_variant(name)
        for players in (int(p) for p in args.players.split(",")):
            if variant.min_players <= players <= variant.max_players:
                command = [sys.executable, __file__, "--serialize", "--one", "--variant", name]
                command += ["--players", str(players), "--sims", str(args.sims)]
                command += ["--memory-limit-gb", str(args.memory_limit_gb)]
                if args.max_game_length is not None:
                    command += ["--max-game-length", str(args.max_game_length)]
                if subprocess.run(command, capture_output=False).returncode:
                    print(f"{name:<20} {players:>7} failed (over {args.memory_limit_gb} GB?)")


def sim_test_row(name: str, players: int, max_game_length: int | None, sims: int) -> None:
    """Run OpenSpiel's random_sim_test on one game and print its row."""
    import pyspiel

    from phase10.adapters import openspiel

    params: dict[str, Any] = {"players": players, "variant": name}
    if max_game_length is not None:
        params["max_game_length"] = max_game_length
    game = pyspiel.load_game("python_phase10", params)
    # count the test's steps: the longest history of a state it applied an action to, per
    # sim (it also applies each decision to a clone, to compare the two)
    lengths: list[int] = []
    ended = [True]
    apply = openspiel.Phase10State._apply_action

    def counted(self: Any, action: int) -> None:
        apply(self, action)
        n = self.move_number() + 1  # the C++ side counts the action once this returns
        if n == 1 and (not lengths or lengths[-1] > 1):  # a new sim
            lengths.append(0)
        lengths[-1] = max(lengths[-1], n)
        if self.is_terminal() and not self.game_state.is_over:
            ended[0] = False

    openspiel.Phase10State._apply_action = counted  # type: ignore[method-assign]
    start = time.perf_counter()
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)
    seconds = time.perf_counter() - start
    steps = sum(lengths)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    print(
        f"{name:<20} {players:>7} {game.max_game_length():>7} {steps:>7} "
        f"{'over' if ended[0] else 'cap':>5} {seconds:>8.1f} {seconds / steps * 1e6:>8.0f} "
        f"{peak:>8.0f}",
        flush=True,
    )


if __name__ == "__main__":
    main()
