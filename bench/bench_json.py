"""JSON round trip of a game state: to_json, then from_json with every check it makes.

Usage: python bench/bench_json.py [--states N] [--players 4] [--variant classic] [--repeat R]
       [--valgrind [--passes P]]

The states are mid-game: taken from the middle of seeded random games, at a player's turn
with melds on the table. Reports microseconds per state for to_json, for from_json (parse,
decode, range and consistency checks, GameState.validate) and for the round trip, as the
best of R rounds over all states (the least disturbed by other work on the machine), the
median round, and the best round in CPU time of this process (which other processes on a
busy machine disturb less). The issue's target: a 4-player round trip under 200 us.
The last row reads each state's public history back from its text
(``phase10.parse_history``) as a variant not read before (so its cache is cold).

With ``--valgrind`` it counts instructions instead, as ``bench/instructions.py`` does: it runs
itself under ``valgrind --tool=cachegrind --cache-sim=no`` with ``PYTHONHASHSEED=0``, each
run making the states and their texts once and a warm pass (``from_json`` of every text),
then ``--passes`` passes of ``to_json`` of every state, or of ``from_json`` of every text,
or none; the difference to the run with none, divided by the passes and the states, is the
instructions per state of each (start-up, imports and the games played cancel out). The
count is the same run after run whatever the machine's load. Needs ``valgrind`` on the path.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time
from collections.abc import Callable

import attrs
from instructions import cachegrind  # bench/instructions.py, beside this script

import phase10


def mid_game_state(variant: phase10.Variant, players: int, seed: str) -> phase10.GameState:
    """Play a seeded random game; return a state from its middle with melds on the table."""
    rng = random.Random(seed)
    state = phase10.new_game(variant, players)
    states = []
    while not state.is_over:
        if state.is_chance:
            action: phase10.Action = phase10.sample_chance(state, rng)
        else:
            if sum(len(row) for row in state.table) >= 2:
                states.append(state)
            legal = phase10.legal_actions(state)
            action = legal[int(rng.random() * len(legal))]
        state = phase10.apply(state, action)
    return states[len(states) // 2] if states else state


def rounds(
    fn: Callable[[], object], count: int, repeat: int, clock: Callable[[], float]
) -> list[float]:
    """Microseconds per call of ``fn`` in each of ``repeat`` rounds of ``count`` calls."""
    out = []
    for _ in range(repeat):
        start = clock()
        fn()
        out.append((clock() - start) / count * 1e6)
    return out


def _instructions(args: argparse.Namespace, count: str, passes: int) -> int:
    """Instructions of a run of this script counting ``passes`` passes of ``count``."""
    arguments = ["--states", str(args.states), "--players", str(args.players)]
    arguments += ["--variant", args.variant, "--count", count, "--passes", str(passes)]
    return cachegrind(__file__, arguments)


def count_instructions(args: argparse.Namespace) -> None:
    """Print the instructions per state of to_json and of from_json (``--valgrind``)."""
    base = _instructions(args, "from_json", 0)
    for name in ("to_json", "from_json"):
        total = _instructions(args, name, args.passes)
        per = (total - base) / (args.passes * args.states)
        print(
            f"{name}: {per:,.0f} instructions per state ({total:,} - {base:,} over "
            f"{args.passes} passes of {args.states} states, {args.variant} {args.players}p)"
        )


def main() -> None:
    """Run the benchmark and print a table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=40)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--valgrind", action="store_true", help="count instructions per state")
    parser.add_argument("--passes", type=int, default=3, help="passes counted by --valgrind")
    # what a run under --valgrind counts: that many passes of to_json or from_json
    parser.add_argument("--count", choices=("to_json", "from_json"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.valgrind:
        count_instructions(args)
        return
    variant = phase10.find_variant(args.variant)
    states = [mid_game_state(variant, args.players, f"bench-json:{i}") for i in range(args.states)]
    texts = [phase10.to_json(s) for s in states]
    for state, text in zip(states, texts, strict=True):  # correct before fast
        assert phase10.from_json(text, phase10.GameState) == state
    n = len(states)
    if args.count is not None:  # one run of --valgrind
        for _ in range(args.passes):
            if args.count == "to_json":
                for s in states:
                    phase10.to_json(s)
            else:
                for t in texts:
                    phase10.from_json(t, phase10.GameState)
        return

    def encode() -> None:
        for s in states:
            phase10.to_json(s)

    def decode() -> None:
        for t in texts:
            phase10.from_json(t, phase10.GameState)

    def round_trip() -> None:
        for s in states:
            phase10.from_json(phase10.to_json(s), phase10.GameState)

    histories = [str(s.history) for s in states]

    fresh = iter(range(10**9))

    def history_text() -> None:
        # a variant equal to none read before: the parser's cache of lines is cold
        unread = attrs.evolve(variant, name=f"{variant.name}-{next(fresh)}")
        for h in histories:
            phase10.parse_history(h, unread)

    print(
        f"python {platform.python_version()} on {platform.machine()}, variant {args.variant}, "
        f"{args.players} players, {n} mid-game states, "
        f"{statistics.mean(len(t) for t in texts):.0f} bytes of JSON each"
    )
    print(f"{'':>12} {'best us':>8} {'median us':>10} {'best cpu us':>12}")
    for name, fn in (
        ("to_json", encode),
        ("from_json", decode),
        ("round trip", round_trip),
        ("history text", history_text),
    ):
        fn()  # warm up
        wall = rounds(fn, n, args.repeat, time.perf_counter)
        cpu = rounds(fn, n, args.repeat, time.process_time)
        print(f"{name:>12} {min(wall):>8.1f} {statistics.median(wall):>10.1f} {min(cpu):>12.1f}")


if __name__ == "__main__":
    main()
