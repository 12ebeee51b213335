"""A bot against GreedyBot over single hands, paired with GreedyBot on the same deals.

Usage: python bench/bench_hands.py [--deals N] [--workers W] [--seed S] [BOT]

BOT is a Python expression naming the bot, evaluated with the names of ``phase10`` in
scope (default ``ISMCTSBot()``), for example ``"ISMCTSBot(iterations=64)"``.

Whole games take long to tell two settings apart: Phase 10 has much luck and a game lasts
about 11 hands. This plays N seeded two-player classic deals, both players on the same
phase (drawn from the deal's seed), once with BOT in seat 0 and once in seat 1, each hand
to its end against GreedyBot; then the same deals and seats with GreedyBot in BOT's place.
Draws come from the deal's seed, so both plays start alike and differ only where the bots
do. For each hand it counts the phases BOT gained over its opponent (-1, 0 or 1), and
reports the mean over all hands less the same mean for GreedyBot (which is 0 by symmetry
only on average), with its standard error, how many hands came out better or worse than
GreedyBot's, the points gained a hand, and BOT's mean decision time.
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


@attrs.frozen
class Hand:
    """One hand's result, seen from the tested seat."""

    phases: int
    points: int
    seconds: float
    decisions: int


def play_hand(seed: str, deal: int, seat: int, expression: str | None) -> Hand:
    """Play deal ``deal`` to the end of its hand, the tested bot (or GreedyBot) in ``seat``."""
    rng = random.Random(f"{seed}:{deal}")
    phase = int(rng.random() * 10)
    state = phase10.new_game(phase10.CLASSIC, 2, dealer=deal % 2)
    players = tuple(attrs.evolve(p, phase=phase) for p in state.players)
    state, _ = phase10.play_chance(attrs.evolve(state, players=players), rng)
    bots: list[phase10.Bot] = [phase10.GreedyBot(), phase10.GreedyBot()]
    if expression is not None:
        bots[seat] = eval(expression, dict(vars(phase10)))  # the user's own expression
    bot_rng = random.Random(f"{seed}:{deal}:bots")
    hand, seconds, decisions = state.hand_number, 0.0, 0
    while not state.is_over and state.hand_number == hand:
        if state.is_chance:
            state, _ = phase10.play_chance(state, rng)
            continue
        player = state.current_player
        assert player is not None
        v = phase10.view(state, player)
        start = time.perf_counter()
        action = bots[player].act(v, bot_rng)
        if player == seat:
            seconds += time.perf_counter() - start
            decisions += 1
        state = phase10.apply(state, action)
    me, other = state.players[seat], state.players[1 - seat]
    return Hand(me.phase - other.phase, other.score - me.score, seconds, decisions)


def main() -> None:
    """Run both plays of every deal and print the comparison."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bot", nargs="?", default="ISMCTSBot()")
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", default="hands")
    args = parser.parse_args()
    jobs = [(d, s) for d in range(args.deals) for s in (0, 1)]
    seeds = [args.seed] * len(jobs)
    deals = [d for d, _ in jobs]
    seats = [s for _, s in jobs]
    print(
        f"python {platform.python_version()}, load {os.getloadavg()[0]:.2f}; {args.bot} "
        f"against GreedyBot, {args.deals} deals from both seats, seed {args.seed!r}",
        flush=True,
    )
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=max(1, args.workers)) as pool:
        base = list(pool.map(play_hand, seeds, deals, seats, [None] * len(jobs)))
        tested = list(pool.map(play_hand, seeds, deals, seats, [args.bot] * len(jobs)))
    gains = [t.phases - b.phases for t, b in zip(tested, base, strict=True)]
    error = statistics.pstdev(gains) / len(gains) ** 0.5
    decisions = sum(t.decisions for t in tested)
    print(
        f"{len(gains)} hands in {(time.perf_counter() - start) / 60:.1f} min: "
        f"{statistics.mean(gains):+.3f} ± {error:.3f} phases a hand over GreedyBot's play "
        f"({sum(g > 0 for g in gains)} hands better, {sum(g < 0 for g in gains)} worse); "
        f"{statistics.mean(t.points - b.points for t, b in zip(tested, base, strict=True)):+.1f} "
        f"points a hand; {1000 * sum(t.seconds for t in tested) / max(1, decisions):.1f} ms "
        "a decision"
    )


if __name__ == "__main__":
    main()
