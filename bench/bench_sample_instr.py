"""Instructions of ``sample_state``: a view's first world and its later worlds.

Usage: python bench/bench_sample_instr.py [--positions 500] [--src DIR ...]

Counts instructions, which the machine's load does not move, with ``valgrind
--tool=cachegrind --cache-sim=no`` and ``PYTHONHASHSEED=0``: the workload runs three
times, dealing 0, 1 and 8 worlds of each view of the first ``--positions`` player-decision
positions of classic 4 players (the positions of ``bench/bench_openspiel.py``, seeded
``"bench:positions"``; each view made by ``view()`` of the state for its current player).
A view's first world is (1 world - 0 worlds) / positions; a later world of the same view
(8 worlds - 1 world) / (7 * positions). Each ``--src`` (default ``src``) is put first on
``PYTHONPATH`` in turn, so the same script measures two trees (before and after), one
after the other. Needs valgrind; uses only the public API.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path


def _workload(positions: int, worlds: int) -> None:
    import random

    import phase10

    rng = random.Random("bench:positions")
    states: list[phase10.GameState] = []
    state = phase10.new_game(phase10.CLASSIC, 4)
    while len(states) < positions:
        if state.is_over:
            state = phase10.new_game(phase10.CLASSIC, 4)
        elif state.is_chance:
            state = phase10.apply(state, phase10.sample_chance(state, rng))
        else:
            states.append(state)
            legal = phase10.legal_actions(state)
            state = phase10.apply(state, legal[int(rng.random() * len(legal))])
    views = [phase10.view(s, s.current_player) for s in states if s.current_player is not None]
    deal = random.Random("bench:sample8")
    for v in views:
        for _ in range(worlds):
            phase10.sample_state(v, deal)


def _count(src: str, positions: int, worlds: int) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "cg.out"
        env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": src}
        subprocess.run(
            [
                "valgrind",
                "--tool=cachegrind",
                "--cache-sim=no",
                f"--cachegrind-out-file={out}",
                sys.executable,
                __file__,
                "--inner",
                str(worlds),
                "--positions",
                str(positions),
            ],
            env=env,
            check=True,
            capture_output=True,
        )
        found = re.search(r"^summary:\s+(\d+)", out.read_text(), re.MULTILINE)
        assert found is not None, "no summary line in cachegrind's output"
        return int(found.group(1))


def main() -> None:
    """Measure and print, or (``--inner``) run the workload once."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=500)
    parser.add_argument("--src", action="append", help="a tree's src directory (repeatable)")
    parser.add_argument("--inner", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inner is not None:
        _workload(args.positions, args.inner)
        return
    for src in args.src or ["src"]:
        zero, one, eight = (_count(src, args.positions, w) for w in (0, 1, 8))
        first = (one - zero) / args.positions
        later = (eight - one) / (7 * args.positions)
        print(f"{src}: first world {first:,.0f}, later world {later:,.0f} instructions")


if __name__ == "__main__":
    main()
