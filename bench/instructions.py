"""Instructions per player action of a seeded uniformly random playout (issue 22's harness).

Usage: python bench/instructions.py [--variant classic] [--players 4] [--actions 10000]
       [--valgrind]

Without ``--valgrind`` it only plays: ``--actions`` player actions of the playout
``bench/bench_openspiel.py`` times (games seeded ``"bench:{i}"`` in turn, chance by
``phase10.sample_chance``, a uniformly random legal action otherwise), without the timing.
With ``--valgrind`` it runs itself under ``valgrind --tool=cachegrind --cache-sim=no`` with
``PYTHONHASHSEED=0``, once for 0 player actions and once for ``--actions``, and prints the
difference of the two instruction counts divided by ``--actions``: start-up and imports
cancel out, and the count is the same run after run whatever the machine's load, so a
change's before and after compare to the instruction. Needs ``valgrind`` on the path.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile

import phase10


def play(variant: phase10.Variant, players: int, actions: int) -> int:
    """Take ``actions`` player actions of the seeded random playout; return the games begun."""
    game = 0
    rng = random.Random("bench:0")
    state = phase10.new_game(variant, players)
    taken = 0
    while taken < actions:
        if state.is_over:
            game += 1
            rng = random.Random(f"bench:{game}")
            state = phase10.new_game(variant, players)
        if state.is_chance:
            state = phase10.apply(state, phase10.sample_chance(state, rng))
            continue
        legal = phase10.legal_actions(state)
        state = phase10.apply(state, legal[int(rng.random() * len(legal))])
        taken += 1
    return game + 1


def cachegrind(script: str, arguments: list[str]) -> int:
    """Instructions of ``python script *arguments`` under cachegrind (``PYTHONHASHSEED=0``).

    The bench scripts' ``--valgrind`` modes run themselves through this, once with the work
    and once without, and print the difference.
    """
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cachegrind.out")
        env = dict(os.environ, PYTHONHASHSEED="0")
        command = [
            "valgrind",
            "--tool=cachegrind",
            "--cache-sim=no",
            f"--cachegrind-out-file={out}",
            sys.executable,
            os.path.abspath(script),
            *arguments,
        ]
        subprocess.run(command, env=env, check=True, capture_output=True)
        with open(out, encoding="utf-8") as f:
            text = f.read()
    found = re.search(r"^summary:\s+(\d+)", text, re.MULTILINE)
    if found is None:
        raise SystemExit("no summary line in cachegrind's output")
    return int(found.group(1))


def _instructions(args: argparse.Namespace, actions: int) -> int:
    arguments = ["--variant", args.variant, "--players", str(args.players)]
    return cachegrind(__file__, [*arguments, "--actions", str(actions)])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--actions", type=int, default=10_000)
    parser.add_argument("--valgrind", action="store_true", help="count instructions per action")
    args = parser.parse_args()
    if not args.valgrind:
        play(phase10.find_variant(args.variant), args.players, args.actions)
        return
    base = _instructions(args, 0)
    total = _instructions(args, args.actions)
    per = (total - base) / args.actions
    print(
        f"{args.variant} {args.players}p: {per:,.0f} instructions per player action"
        f" ({total:,} - {base:,} over {args.actions:,} actions)"
    )


if __name__ == "__main__":
    main()
