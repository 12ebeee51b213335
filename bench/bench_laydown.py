"""Time ``find_laydown`` on seeded random 11-card hands for each classic phase.

Run from the repository root with the package installed::

    python bench/bench_laydown.py            # 10,000 hands per phase
    python bench/bench_laydown.py --hands 1000

For each phase it prints the median, 99th percentile and worst time of one
``find_laydown`` call in microseconds, and the share of hands that lay the phase
down. Hands are 11 cards drawn from ``classic_deck()`` with
``random.Random(f"bench:{phase}:{i}")`` (phase numbered 1-10), so every run
times the same hands. Each hand is searched once before it is timed, so the
figures exclude first-call warm-up (caches filled, code paths warmed); garbage
collection stays enabled, as in real use, unless ``--no-gc`` is given.
"""

from __future__ import annotations

import argparse
import gc
import platform
import random
import statistics
import time
from collections.abc import Sequence

from phase10 import CLASSIC_PHASES, Card, classic_deck, find_laydown

HAND_SIZE = 11


def hands_for(phase_number: int, count: int) -> list[tuple[Card, ...]]:
    """The seeded random hands timed for one phase (``phase_number`` is 1-10)."""
    deck = classic_deck()
    return [
        tuple(random.Random(f"bench:{phase_number}:{i}").sample(deck, HAND_SIZE))
        for i in range(count)
    ]


def percentile(sorted_values: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile of already sorted values."""
    rank = max(1, round(fraction * len(sorted_values) + 0.5))
    return sorted_values[min(rank, len(sorted_values)) - 1]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=10_000, help="hands per phase")
    parser.add_argument("--no-gc", action="store_true", help="disable the garbage collector")
    args = parser.parse_args(argv)

    print(f"python {platform.python_version()} on {platform.machine()}, {args.hands} hands/phase")
    print(f"{'phase':<26} {'median us':>10} {'p99 us':>10} {'worst us':>10} {'lay down':>9}")
    all_times: list[float] = []
    timer = time.perf_counter_ns
    for number, phase in enumerate(CLASSIC_PHASES, start=1):
        hands = hands_for(number, args.hands)
        for hand in hands:  # warm-up: not timed
            find_laydown(hand, phase)
        if args.no_gc:
            gc.disable()
        times: list[float] = []
        laid = 0
        for hand in hands:
            start = timer()
            found = find_laydown(hand, phase)
            times.append((timer() - start) / 1000)
            laid += found is not None
        gc.enable()
        times.sort()
        all_times.extend(times)
        print(
            f"{number:>2} {phase!s:<23} {statistics.median(times):>10.1f} "
            f"{percentile(times, 0.99):>10.1f} {times[-1]:>10.1f} "
            f"{100 * laid / len(hands):>8.1f}%"
        )
    all_times.sort()
    print(
        f"{'all':<26} {statistics.median(all_times):>10.1f} "
        f"{percentile(all_times, 0.99):>10.1f} {all_times[-1]:>10.1f}"
    )


if __name__ == "__main__":
    main()
