"""Reading a long game record back: GameRecord.from_text and from_json, per action.

Usage: python bench/bench_records.py [--actions 10000] [--hand-size 20] [--jokers 4]

The record is a legal game of a house variant with big hands and many wilds (the classic
game with ``hand_size`` and ``jokers_per_player`` raised), played by drawing and
discarding only, so that every hand holds laydowns and a hit or two. Loading used to match
each line against every legal laydown: 30,000 actions took 402 s (issue 23). Each line
written in full is now built from its text and judged by the rules once, so the cost is
linear in the record: 10,000 actions are well under a second on an idle machine. Reports
the CPU seconds of this process and microseconds per action for both readers.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import phase10
from phase10 import Discard, Draw, GameRecord, TurnStep


def long_record(actions: int, variant: phase10.Variant, seed: str = "long") -> GameRecord:
    """A legal record of ``actions`` actions: draw, then discard a random non-skip card."""
    rng = random.Random(seed)
    state = phase10.new_game(variant, 2)
    played: list[phase10.Action] = []
    while len(played) < actions and not state.is_over:
        if state.is_chance:
            action: phase10.Action = phase10.sample_chance(state, rng)
        elif state.step is TurnStep.DRAW:
            action = Draw(state.turn)
        else:
            hand = [c for c in state.players[state.turn].hand if not c.is_skip]
            action = (
                Discard(state.turn, rng.choice(hand)) if hand else phase10.legal_actions(state)[0]
            )
        state = phase10.apply(state, action)
        played.append(action)
    return GameRecord(variant=variant, num_players=2, actions=played)


def main() -> None:
    """Run the benchmark and print a table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=10_000)
    parser.add_argument("--hand-size", type=int, default=20)
    parser.add_argument("--jokers", type=int, default=4)
    args = parser.parse_args()
    variant = phase10.CLASSIC.with_options(
        name="big-hands", hand_size=args.hand_size, jokers_per_player=args.jokers
    )
    record = long_record(args.actions, variant)
    text, doc = record.to_text(), phase10.to_json(record)
    n = len(record.actions)
    print(f"{n} actions, {len(text):,} characters of text, {len(doc):,} of JSON")
    readers: tuple[tuple[str, Callable[[], GameRecord]], ...] = (
        ("from_text", lambda: GameRecord.from_text(text)),
        ("from_json", lambda: phase10.from_json(doc, GameRecord)),
    )
    for name, read in readers:
        start = time.process_time()
        back = read()
        spent = time.process_time() - start
        assert back == record
        print(f"{name:10} {spent:8.3f} s CPU  {spent / n * 1e6:8.1f} us/action")


if __name__ == "__main__":
    main()
