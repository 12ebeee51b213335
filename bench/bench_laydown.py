"""Time ``find_laydown`` on seeded random 11-card hands for each classic phase.

Run from the repository root with the package installed::

    python bench/bench_laydown.py            # 10,000 hands per phase
    python bench/bench_laydown.py --hands 1000

For each phase it prints the median, 99th percentile and worst time of one
``find_laydown`` call in microseconds, and the share of hands that lay the phase
down. Hands are 11 cards drawn from ``classic_deck()`` with
``random.Random(f"bench:{phase}:{i}")`` (phase numbered 1-10), so every run
times the same hands.

* Warm-up: every hand is searched once before any is timed, so the figures
  exclude first-call costs (per-phase plans built, caches filled).
* Garbage collection stays enabled, as in real use (``--no-gc`` turns it off);
  the objects built before timing are frozen (``gc.freeze``) so that a full
  collection does not walk the benchmark's own hands.
* Each hand is timed ``--repeat`` times (default 3) and its best time kept: the
  cost of the hand, not of a pause of the machine. On a shared virtual machine a
  single timing sometimes includes a 4 ms scheduler tick; run ``--repeat 1`` to
  see them. "again" is the slowest hand timed once more (best of 5): close to
  "worst" means a slow hand, far below it means a pause.
"""

from __future__ import annotations

import argparse
import gc
import os
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
    parser.add_argument("--repeat", type=int, default=3, help="timings per hand (best kept)")
    parser.add_argument("--no-gc", action="store_true", help="disable the garbage collector")
    args = parser.parse_args(argv)

    print(
        f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cpus; "
        f"{args.hands} hands/phase, best of {args.repeat}, gc {'off' if args.no_gc else 'on'}"
    )
    print(
        f"{'phase':<26} {'median us':>10} {'p99 us':>10} {'worst us':>10} "
        f"{'again us':>9} {'lay down':>9}"
    )
    all_times: list[float] = []
    timer = time.perf_counter_ns
    for number, phase in enumerate(CLASSIC_PHASES, start=1):
        hands = hands_for(number, args.hands)
        for hand in hands:  # warm-up: not timed
            find_laydown(hand, phase)
        # Collect now and move everything alive into the permanent generation, so a full
        # collection during timing does not walk the hands and caches built above.
        gc.collect()
        gc.freeze()
        if args.no_gc:
            gc.disable()
        times: list[float] = []
        laid = 0
        for hand in hands:
            best = None
            for _ in range(args.repeat):
                start = timer()
                found = find_laydown(hand, phase)
                took = timer() - start
                best = took if best is None or took < best else best
            assert best is not None
            times.append(best / 1000)
            laid += found is not None
        # the slowest hand once more, best of 5: a slow hand, or a pause (GC, scheduler)?
        slowest = hands[max(range(len(hands)), key=times.__getitem__)]
        again = []
        for _ in range(5):
            start = timer()
            find_laydown(slowest, phase)
            again.append((timer() - start) / 1000)
        gc.enable()
        gc.unfreeze()
        times.sort()
        all_times.extend(times)
        print(
            f"{number:>2} {phase!s:<23} {statistics.median(times):>10.1f} "
            f"{percentile(times, 0.99):>10.1f} {times[-1]:>10.1f} {min(again):>9.1f} "
            f"{100 * laid / len(hands):>8.1f}%"
        )
    all_times.sort()
    print(
        f"{'all':<26} {statistics.median(all_times):>10.1f} "
        f"{percentile(all_times, 0.99):>10.1f} {all_times[-1]:>10.1f}"
    )


if __name__ == "__main__":
    main()
