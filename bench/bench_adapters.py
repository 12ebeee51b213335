"""PettingZoo steps per second with random masked actions, next to the core engine's figure.

Usage: python bench/bench_adapters.py [--games N] [--players 2,4] [--variant classic] [--profile]

Needs the ``rl`` extra (``pip install -e ".[rl]"``). Per player count it plays seeded random
games three ways and reports the mean microseconds per step:

* core: ``bench_engine.py``'s loop, a uniform choice among ``legal_actions()`` (or a sampled
  chance outcome) then ``apply()``; every action and chance outcome is a step;
* encoding: the same with ids, ``legal_ids()`` then ``encoding.step()`` (a laydown is
  several sub-decision steps); chance outcomes are steps as in core;
* pettingzoo: ``env.last()`` (observation and action mask as numpy arrays), a uniform
  choice among the mask's legal ids, ``env.step()``; only agent steps are counted (chance
  is resolved inside ``step``), so this is the conservative figure.

Columns: microseconds per core step, per core player decision (the chance outcomes it
triggers included, the unit of work of an agent step), per encoding step and per PettingZoo
agent step; PettingZoo agent steps per second; ``ratio`` = pettingzoo / core step and
``r/dec`` = pettingzoo / core decision. The target (issue 6) is an adapter step under 2x the
core step. ``--profile`` prints where a PettingZoo step spends its time.
"""

from __future__ import annotations

import argparse
import cProfile
import platform
import pstats
import random
import time
from typing import Any

import numpy as np

import phase10
from phase10 import encoding
from phase10.adapters.pettingzoo import env as make_env


def core_game(variant: phase10.Variant, players: int, seed: str) -> tuple[int, int]:
    """Play one seeded random game with the engine; return its steps and player decisions."""
    rng = random.Random(seed)
    state = phase10.new_game(variant, players)
    steps = decisions = 0
    while not state.is_over:
        if state.is_chance:
            action: phase10.Action = phase10.sample_chance(state, rng)
        else:
            actions = phase10.legal_actions(state)
            action = actions[int(rng.random() * len(actions))]
            decisions += 1
        state = phase10.apply(state, action)
        steps += 1
    return steps, decisions


def encoding_game(variant: phase10.Variant, players: int, seed: str) -> int:
    """Play one seeded random game through the ids of ``phase10.encoding``; return its steps."""
    rng = random.Random(seed)
    state = phase10.new_game(variant, players)
    selection = encoding.Selection()
    steps = 0
    while not state.is_over:
        if state.is_chance:
            state = phase10.apply(state, phase10.sample_chance(state, rng))
        else:
            ids = encoding.legal_ids(state, selection)
            state, selection = encoding.step(state, ids[int(rng.random() * len(ids))], selection)
        steps += 1
    return steps


def pettingzoo_game(e: Any, seed: str) -> int:
    """Play one seeded random game in the PettingZoo environment; return the agent steps."""
    rng = random.Random(seed)
    e.reset(seed=seed)
    steps = 0
    for agent in e.agent_iter():
        obs, _reward, terminated, truncated, _info = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(legal[int(rng.random() * len(legal))]))
        steps += 1
        del agent
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
    parser.add_argument("--players", default="2,4")
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    variant = phase10.find_variant(args.variant)
    print(f"python {platform.python_version()} on {platform.machine()}, variant {args.variant}")
    print(
        f"{'players':>7} {'games':>6} {'core us':>8} {'core/dec':>8} {'enc us':>8} "
        f"{'pz us':>8} {'pz steps/s':>10} {'ratio':>6} {'r/dec':>6}"
    )
    for players in (int(p) for p in args.players.split(",")):
        e = make_env(num_players=players, variant=variant)
        pettingzoo_game(e, "warm-up")
        seconds = {"core": 0.0, "enc": 0.0, "pz": 0.0}
        steps = {"core": 0, "decisions": 0, "enc": 0, "pz": 0}
        for i in range(args.games):
            seed = f"bench:{players}:{i}"
            took, (core_steps, decisions) = timed(core_game, variant, players, seed)
            seconds["core"] += took
            steps["core"] += core_steps
            steps["decisions"] += decisions
            took, enc_steps = timed(encoding_game, variant, players, seed)
            seconds["enc"] += took
            steps["enc"] += enc_steps
            took, pz_steps = timed(pettingzoo_game, e, seed)
            seconds["pz"] += took
            steps["pz"] += pz_steps
        us = {key: seconds[key] / steps[key] * 1e6 for key in seconds}
        per_decision = seconds["core"] / steps["decisions"] * 1e6
        print(
            f"{players:>7} {args.games:>6} {us['core']:>8.1f} {per_decision:>8.1f} "
            f"{us['enc']:>8.1f} {us['pz']:>8.1f} {1e6 / us['pz']:>10.0f} "
            f"{us['pz'] / us['core']:>6.2f} {us['pz'] / per_decision:>6.2f}"
        )
        if args.profile:
            profiler = cProfile.Profile()
            profiler.enable()
            for i in range(max(1, args.games // 2)):
                pettingzoo_game(e, f"profile:{players}:{i}")
            profiler.disable()
            pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)


if __name__ == "__main__":
    main()
