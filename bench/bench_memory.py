"""Memory under hostile input, many bot decisions and long tables: RSS as it goes.

Usage: python bench/bench_memory.py [--case inputs|ismcts|greedy-variants|table]
[--inputs 1000000] [--every N] [--seed 0] [--decisions 20000] [--iterations 4]
[--variants 3000] [--submits 6000]

``--case inputs`` (the default): each input is distinct and either hostile or random, in
turn of eight kinds: card text (a wild with any run of colour letters ``W:RGBY...``, numbers
and lower case spellings), meld text checked against a group, phase text (counts and sizes
within and above the limits, foreign digits), a JSON card, meld or custom variant document
(with hostile numbers), a JSON text with a key twice, and a laydown search of a random hand
for a random phase. Every input must be answered or refused with a ``Phase10Error``;
anything else stops the run.

``--case ismcts``: ``--decisions`` decisions of an ``ISMCTSBot(iterations=--iterations)``
in seeded two-player classic games against ``GreedyBot``, the bots' caches warming all the
way. ``--case greedy-variants``: ``--variants`` custom variants (one to three random phases
of sets, runs and colour groups each, ten to twelve cards a hand), a few ``GreedyBot``
decisions in a two-player game of each: the caches keyed by variant and phase see a new key
all the time. ``--case table``: a Master table of six people playing random legal moves
for ``--submits`` moves (or to the end of the game), then pickled and deep-copied, with the
sizes and times of each.

Every cache of the package is bounded (docs/performance.md, "Caches"), and a table holds
its past linearly, so the resident set must level off (or, for the table, grow in line
with the moves): the script prints the current and peak RSS (``VmRSS``, ``VmHWM`` of
/proc/self/status) after every ``--every`` steps, and the growth of the peak over the second
half of the run.
"""

from __future__ import annotations

import argparse
import copy
import json
import pickle
import platform
import random
import time
from collections.abc import Callable, Iterator

import phase10
from phase10.table import Table

COLOURS = "RBGYPCDHS"


def rss_mib() -> tuple[float, float]:
    """The current and the peak resident set size of this process, in MiB."""
    found = {}
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith(("VmRSS:", "VmHWM:")):
                key, value, _ = line.split()
                found[key] = int(value) / 1024
    return found["VmRSS:"], found["VmHWM:"]


def card_text(i: int, rng: random.Random) -> str:
    colours = "".join(rng.choice(COLOURS) for _ in range(rng.randint(1, 30)))
    return rng.choice([f"W:{colours}", f"w:{colours.lower()}", f"R{i % 100:02d}", f"x{i}"])


def meld_text(i: int, rng: random.Random) -> str:
    cards = [f"{rng.choice('RBGY')}{rng.randint(1, 12)}" for _ in range(rng.randint(1, 9))]
    cards += [f"W={rng.randint(0, 99)}"] * rng.randint(0, 2)
    return " ".join(cards) + f" r{i % 13}"


def phase_text(i: int, rng: random.Random) -> str:
    kind = rng.choice(["sets of", "runs of", "pairs", "colour run", "cards of one colour"])
    count = rng.choice([1, 2, 3, 12, 13, 10**7, i])
    size = rng.choice([2, 3, 9, 60, 61, i, 10**20])
    text = f"{count} {kind} {size}" if "pairs" not in kind else f"{count} pairs"
    return text if i % 7 else text.replace("3", "\u0663")


def json_document(i: int, rng: random.Random, variant_doc: dict[str, object]) -> str:
    choice = i % 3
    if choice == 0:
        return json.dumps({"format": "phase10/1", "card": card_text(i, rng)})
    if choice == 1:
        cards = meld_text(i, rng).split()
        return json.dumps(
            {"format": "phase10/1", "meld": {"group": {"kind": "RunOf", "size": 4}, "cards": cards}}
        )
    doc = json.loads(json.dumps(variant_doc))
    doc["variant"]["name"] = f"custom-{i}"
    field = rng.choice(["hand_size", "max_players", "jokers_per_player"])
    doc["variant"][field] = rng.choice([i, 10**9, -1])
    doc["variant"]["meld_rules"]["max_number"] = rng.choice([12, 31, 200, i])
    return json.dumps(doc)


def inputs(args: argparse.Namespace) -> Iterator[str]:
    """The hostile inputs, one step each; each step says how many were refused so far."""
    variant_doc = phase10.to_dict(phase10.CLASSIC.with_options(name="custom"))
    deck = phase10.classic_deck()
    phases = [phase10.Phase.parse(t) for t in ("2 sets of 3", "run 7", "3 runs of 3", "4 pairs")]
    run4 = phase10.RunOf(4)

    def one(i: int, rng: random.Random) -> object:
        kind = i % 8
        if kind == 0:
            return phase10.parse_cards(card_text(i, rng))
        if kind == 1:
            return phase10.check_meld(meld_text(i, rng), run4)
        if kind == 2:
            return phase10.Phase.parse(phase_text(i, rng))
        if kind in (3, 4, 5):
            return phase10.from_json(json_document(i, rng, variant_doc))
        if kind == 6:
            return phase10.from_json(
                f'{{"format": "phase10/1", "card": "R{i % 12 + 1}", "card": "W"}}'
            )
        hand = rng.sample(deck, rng.randint(10, 40))
        return phase10.find_laydown(hand, rng.choice(phases))

    refused = 0
    for i in range(args.inputs):
        rng = random.Random(f"{args.seed}:{i}")
        try:
            one(i, rng)
        except phase10.Phase10Error:
            refused += 1
        yield f"{refused} refused"


def _play(
    variant: phase10.Variant, bot: Callable[[int], phase10.Bot], rng: random.Random, turns: int
) -> Iterator[None]:
    """A two-player game of ``variant``: one step per decision of seat 0 (``turns`` at most)."""
    state = phase10.new_game(variant, 2)
    while turns > 0:
        state, _ = phase10.play_chance(state, rng)
        if state.is_over:
            return
        seat = state.current_player
        assert seat is not None
        state = phase10.apply(state, bot(seat).act(phase10.view(state, seat), rng))
        if seat == 0:
            turns -= 1
            yield None


def ismcts(args: argparse.Namespace) -> Iterator[str]:
    """ISMCTSBot decisions against GreedyBot, game after game."""
    search, greedy = phase10.ISMCTSBot(iterations=args.iterations), phase10.GreedyBot()
    done = game = 0
    while done < args.decisions:
        rng = random.Random(f"{args.seed}:{game}")
        for _ in _play(phase10.CLASSIC, lambda s: greedy if s else search, rng, 1000):
            done += 1
            yield f"game {game}"
            if done == args.decisions:
                return
        game += 1


def custom_variant(i: int) -> phase10.Variant:
    """Custom variant number ``i``: one to three random phases, 10 to 12 cards a hand."""
    rng = random.Random(i)
    hand = rng.randint(10, 12)
    phases = []
    for _ in range(rng.randint(1, 3)):
        parts, size = [], 0
        while size < 5 or (size < 7 and rng.random() < 0.3):
            kind, n = rng.choice(["set", "run", "colour"]), rng.randint(2, 6)
            n = max(n, 3) if kind != "set" else n
            parts.append(f"{n} cards of one colour" if kind == "colour" else f"{kind} of {n}")
            size += n
        phases.append(phase10.Phase.parse(" + ".join(parts)))
    return phase10.CLASSIC.with_options(name=f"custom-{i}", phases=tuple(phases), hand_size=hand)


def greedy_variants(args: argparse.Namespace) -> Iterator[str]:
    """A few GreedyBot decisions in a game of each of many custom variants."""
    greedy = phase10.GreedyBot()
    for made, i in enumerate(range(args.variants), 1):
        try:
            variant = custom_variant(args.seed * 1_000_003 + i)
        except phase10.Phase10Error:
            variant = phase10.CLASSIC.with_options(name=f"custom-{i}")  # a phase too long
        for _ in _play(variant, lambda s: greedy, random.Random(i), 4):
            pass
        yield f"{made} variants"


def table(args: argparse.Namespace) -> Iterator[str]:
    """A Master table of six people, random legal moves, then pickled and deep-copied."""
    played = Table.new(phase10.MASTER, [None] * 6, seed=str(args.seed))
    rng = random.Random(args.seed)
    submits = 0
    while submits < args.submits and not played.is_over:
        submits += 1
        seat = played.waiting_for
        assert seat is not None
        played = played.submit(seat, rng.choice(phase10.legal_actions(played.state)))
        yield f"{len(played.record.actions)} actions"
    start = time.perf_counter()
    data = pickle.dumps(played)
    back = pickle.loads(data)
    took = time.perf_counter() - start
    start = time.perf_counter()
    twin = copy.deepcopy(played)
    copied = time.perf_counter() - start
    assert back.record == played.record == twin.record
    print(
        f"{submits} submits, {len(played.record.actions)} actions: pickle {len(data):,} bytes, "
        f"dumped and loaded in {took:.2f} s; deep copy {copied:.3f} s"
    )
    yield "pickled and copied"


CASES = {"inputs": inputs, "ismcts": ismcts, "greedy-variants": greedy_variants, "table": table}
EVERY = {"inputs": 100_000, "ismcts": 2_000, "greedy-variants": 300, "table": 500}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--case", choices=sorted(CASES), default="inputs")
    parser.add_argument("--inputs", type=int, default=1_000_000)
    parser.add_argument("--every", type=int, default=None, help="steps between two lines")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--decisions", type=int, default=20_000)
    parser.add_argument("--iterations", type=int, default=4)
    parser.add_argument("--variants", type=int, default=3_000)
    parser.add_argument("--submits", type=int, default=6_000)
    args = parser.parse_args()
    every = args.every or EVERY[args.case]

    print(f"Python {platform.python_version()}, {platform.machine()}, case {args.case}")
    print(f"{'steps':>9} {'RSS MiB':>8} {'peak MiB':>9} {'seconds':>8}  last step")
    start = time.perf_counter()
    peaks: list[tuple[int, float]] = []
    steps = 0
    said = ""
    for steps, said in enumerate(CASES[args.case](args), 1):
        if steps % every == 0:
            rss, peak = rss_mib()
            peaks.append((steps, peak))
            took = time.perf_counter() - start
            print(f"{steps:>9} {rss:>8.1f} {peak:>9.1f} {took:>8.1f}  {said}", flush=True)
    if steps % every:
        rss, peak = rss_mib()
        peaks.append((steps, peak))
        print(f"{steps:>9} {rss:>8.1f} {peak:>9.1f} {time.perf_counter() - start:>8.1f}  {said}")
    half = [p for n, p in peaks if n > steps // 2]
    if len(half) > 1:
        print(f"peak RSS grew {half[-1] - half[0]:.1f} MiB over the second half of the run")


if __name__ == "__main__":
    main()
