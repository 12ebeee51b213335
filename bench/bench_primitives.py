"""Cost of the primitives a search bot is built from.

Usage: python bench/bench_primitives.py [--games N]

Plays N seeded two-player classic games GreedyBot against GreedyBot, keeping every view,
then reports the median microseconds of ``sample_state``, of ``view`` of a sampled state,
of ``GreedyBot.act`` at a draw and at a play step (each view timed once), and the mean
milliseconds of a greedy rollout of one whole classic hand (from the deal to the end of
the hand). The games are played twice and the second pass (caches warm: the same
positions again) is measured; the rollout is also given for the first pass (caches
cold). Where the version has them (issue 26), also the median microseconds of the
helpers for the other seats at a play step: ``next_player``, ``collecting`` and
``helpful`` of the hand for the next player, and of ``sample_state`` weighted by
``world_weight`` (8 tries). Uses only the public API, so it runs against older versions
too.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time

import phase10
import phase10.analysis
from phase10 import CLASSIC, GreedyBot, TurnStep, apply, new_game, play_chance, view


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    args = parser.parse_args()
    bot = GreedyBot()
    draws: list[phase10.PlayerView] = []
    plays: list[phase10.PlayerView] = []
    hand_ms: list[float] = []
    first_pass: list[float] = []
    for g in [*range(args.games), *range(args.games)]:  # the second pass: caches warm
        if g == 0 and draws:
            first_pass = list(hand_ms)
            draws.clear()
            plays.clear()
            hand_ms.clear()
        chance = random.Random(f"prim:{g}")
        state, _ = play_chance(new_game(CLASSIC, 2), chance)
        hand, start = state.hand_number, time.perf_counter()
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            v = view(state, seat)
            (draws if v.step is TurnStep.DRAW else plays).append(v)
            state = apply(state, bot.act(v, chance))
            if state.is_chance:
                if state.hand_number != hand:
                    hand_ms.append(1000 * (time.perf_counter() - start))
                state, _ = play_chance(state, chance)
                if state.hand_number != hand:
                    hand, start = state.hand_number, time.perf_counter()

    def median_us(fn: object, views: list[phase10.PlayerView]) -> float:
        times = []
        for i, v in enumerate(views):
            t = time.perf_counter()
            fn(v, random.Random(i))  # type: ignore[operator]
            times.append(1e6 * (time.perf_counter() - t))
        return statistics.median(times)

    print(f"python {platform.python_version()}; {len(draws)} draws, {len(plays)} play steps")
    print(f"sample_state: {median_us(phase10.sample_state, plays):.1f} us (median)")
    sampled = [(phase10.sample_state(v, random.Random(i)), v.player) for i, v in enumerate(plays)]
    view_times = []
    for state, seat in sampled:  # each state new: its seat views are built, as a search does
        t = time.perf_counter()
        view(state, seat)
        view_times.append(1e6 * (time.perf_counter() - t))
    print(f"view of a sampled state: {statistics.median(view_times):.1f} us (median)")
    analysis = phase10.analysis
    if hasattr(analysis, "world_weight"):  # issue 26
        helpers = {
            "next_player": lambda v, _: analysis.next_player(v, v.player),
            "collecting": lambda v, _: analysis.collecting(v, 1 - v.player),
            "helpful of the hand": lambda v, _: analysis.helpful(v, 1 - v.player, v.hand),
        }
        for name, helper in helpers.items():
            print(f"{name}: {median_us(helper, plays):.1f} us (median)")

        def weighted(v: phase10.PlayerView, rng: random.Random) -> phase10.GameState:
            return phase10.sample_state(  # type: ignore[call-arg, unused-ignore]
                v, rng, weight=lambda s: analysis.world_weight(v, s), tries=8
            )

        print(f"sample_state weighted, 8 tries: {median_us(weighted, plays):.1f} us (median)")
    print(f"GreedyBot.act at a draw: {median_us(bot.act, draws):.1f} us (median)")
    print(f"GreedyBot.act at a play step: {median_us(bot.act, plays):.1f} us (median)")
    mean_play = (
        1e-3
        * sum(median_us(bot.act, [v]) for v in plays[:: max(1, len(plays) // 400)])
        / len(plays[:: max(1, len(plays) // 400)])
    )
    print(f"GreedyBot.act at a play step: {1000 * mean_play:.1f} us (mean)")
    print(
        f"greedy rollout of one classic hand: {statistics.mean(hand_ms):.1f} ms "
        f"(mean of {len(hand_ms)} hands); first pass, caches cold: "
        f"{statistics.mean(first_pass):.1f} ms"
    )


if __name__ == "__main__":
    main()
