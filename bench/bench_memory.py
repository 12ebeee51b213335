"""Memory under hostile input: validate 1,000,000 distinct inputs, report RSS as it goes.

Usage: python bench/bench_memory.py [--inputs 1000000] [--every 100000] [--seed 0]

Each input is distinct and either hostile or random, in turn of eight kinds: card text (a
wild with any run of colour letters ``W:RGBY...``, numbers and lower case spellings), meld
text checked against a group, phase text (counts and sizes within and above the limits,
foreign digits), a JSON card, meld or custom variant document (with hostile numbers), a
JSON text with a key twice, and a laydown search of a random hand for a random phase. Every
input must be answered or refused with a ``Phase10Error``; anything else stops the run.

Every cache of the package is bounded (docs/performance.md, "Caches"), so the resident set
must level off: the script prints the current and peak RSS (``VmRSS``, ``VmHWM`` of
/proc/self/status) after every ``--every`` inputs, and the growth of the peak over the second
half of the run.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time

import phase10

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=1_000_000)
    parser.add_argument("--every", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

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

    print(f"Python {platform.python_version()}, {platform.machine()}, {args.inputs} inputs")
    print(f"{'inputs':>9} {'RSS MiB':>8} {'peak MiB':>9} {'refused':>8} {'seconds':>8}")
    start = time.perf_counter()
    refused = 0
    peaks: list[tuple[int, float]] = []
    for i in range(args.inputs):
        rng = random.Random(f"{args.seed}:{i}")
        try:
            one(i, rng)
        except phase10.Phase10Error:
            refused += 1
        if (i + 1) % args.every == 0:
            rss, peak = rss_mib()
            peaks.append((i + 1, peak))
            took = time.perf_counter() - start
            print(f"{i + 1:>9} {rss:>8.1f} {peak:>9.1f} {refused:>8} {took:>8.1f}", flush=True)
    half = [p for n, p in peaks if n > args.inputs // 2]
    if half:
        print(f"peak RSS grew {half[-1] - half[0]:.1f} MiB over the second half of the run")


if __name__ == "__main__":
    main()
