"""The calls that issues 22 and 23 found unbounded, on large valid hands: CPU per call.

Usage: python bench/bench_budget.py [--seeds N]

For each case (the largest hand a valid game of each built-in variant reaches, and three
custom variants with 60-card hands) it builds the positions ``tests/test_budget.py`` builds,
one per seed, and times ``legal_actions``, ``apply`` of the first listed action,
``GreedyBot.act`` and ``ISMCTSBot(iterations=2, horizon=1).act`` on each, with the work
(steps of the call's budget, ``Limits.max_call_steps``) it spent. It prints the median and
the largest CPU time of each call per case, in milliseconds, the largest less the time the
cyclic garbage collector ran during that call (a full collection walks every object of the
process, whoever made it: the positions come from ``tests/big_hands.py``, which imports
neither pytest nor hypothesis, so that the heap is the library's), the number of full
collections, and the load average; the figures are in docs/performance.md,
sections "One budget per call", "The largest hands, and the collector", "Tenth round",
"Eleventh round" and "Twelfth round".
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

# the positions of the tests (the repository root on sys.path)
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import phase10
from phase10 import SearchLimitError
from phase10.limits import DEFAULT_LIMITS, steps_left, work_budget
from tests.big_hands import BIG_HANDS, at_play, with_hand


class _Collector:
    """CPU seconds the cyclic garbage collector has run since :meth:`reset`."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.full = 0
        self._start = 0.0
        gc.callbacks.append(self._on)

    def _on(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._start = time.process_time()
        else:
            self.seconds += time.process_time() - self._start
            self.full += info["generation"] == 2

    def reset(self) -> None:
        self.seconds = 0.0


COLLECTOR = _Collector()


def timed(call: Callable[[], object], steps: int) -> tuple[float, int, bool, float]:
    """CPU seconds of ``call()``, the steps it spent of a budget of ``steps``, whether
    it raised ``SearchLimitError`` (a custom phase that needs more than the budget), and
    the CPU seconds of the garbage collector's runs within the call."""
    with work_budget(DEFAULT_LIMITS.raised(max_call_steps=steps)):
        COLLECTOR.reset()
        start = time.process_time()
        try:
            call()
            refused = False
        except SearchLimitError:
            refused = True
        seconds = time.process_time() - start
        collecting = COLLECTOR.seconds
        left = steps_left()
    assert left is not None
    return seconds, steps - left, refused, collecting


def one_position(
    state: phase10.GameState, search: phase10.ISMCTSBot, budget: int
) -> dict[str, tuple[float, int, bool, float]]:
    """Each call timed on one position."""
    v = phase10.view(state, state.turn)
    found: list[tuple[phase10.Action, ...]] = []
    out = {
        "legal_actions": timed(lambda: found.append(phase10.legal_actions(state)), budget),
        "GreedyBot.act": timed(lambda: phase10.GreedyBot().act(v, random.Random(0)), budget),
        "ISMCTSBot.act": timed(lambda: search.act(v, random.Random(0)), 2 * budget),
    }
    if found:
        first = found[0][0]
        out["apply"] = timed(lambda: phase10.apply(state, first), budget)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5)
    args = parser.parse_args()
    budget = DEFAULT_LIMITS.max_call_steps
    search = phase10.ISMCTSBot(iterations=2, horizon=1)
    print(f"Python {platform.python_version()}, load {os.getloadavg()[0]:.1f}, {args.seeds} seeds")
    print(f"{len(gc.get_objects()):,} objects tracked by the collector before the first call")
    print("case | hand | call | median ms | max ms | max ms less gc | max steps | refused")
    for variant, players, size in BIG_HANDS:
        name = variant.name
        rows: dict[str, list[tuple[float, int, bool, float]]] = {}
        for seed in range(args.seeds):
            state = with_hand(at_play(variant, players, seed), size, random.Random(seed))
            for what, one in one_position(state, search, budget).items():
                rows.setdefault(what, []).append(one)
        for what, got in rows.items():
            times = [1000 * t for t, *_ in got]
            own = max(1000 * (t - c) for t, _, _, c in got)
            print(
                f"{name} | {size} | {what} | {statistics.median(times):.1f} | "
                f"{max(times):.1f} | {own:.1f} | {max(s for _, s, _, _ in got)} | "
                f"{sum(r for _, _, r, _ in got)}"
            )
    print(f"{COLLECTOR.full} full collections; load {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
