"""``phase10 simulate``: many games between bots, and each bot's results."""

from __future__ import annotations

import argparse
import concurrent.futures
import sys
import time
from typing import TextIO

from phase10.cli._common import UsageError, load_bot, printable, variant_named
from phase10.simulation import simulate

__all__ = ["Progress", "run"]


class Progress:
    """A progress bar on ``stream`` when it is a terminal; two plain lines otherwise."""

    def __init__(self, stream: TextIO, total: int, what: str):
        self.stream = stream
        self.total = total
        self.tty = bool(getattr(stream, "isatty", None) and stream.isatty())
        self.start = time.monotonic()
        if not self.tty:
            stream.write(f"{what}...\n")
            stream.flush()

    def __call__(self, done: int, total: int) -> None:
        """Show that ``done`` of ``total`` games are played (``on_progress``)."""
        if self.tty:
            width = 30
            filled = width * done // max(total, 1)
            bar = "#" * filled + "-" * (width - filled)
            self.stream.write(f"\r[{bar}] {done}/{total} games")
            self.stream.flush()

    def close(self) -> None:
        """End the bar and say how long the games took."""
        took = time.monotonic() - self.start
        if self.tty:
            self.stream.write("\n")
        self.stream.write(f"done: {self.total} games in {took:.1f} s\n")
        self.stream.flush()


def run(args: argparse.Namespace) -> int:
    """Run ``phase10 simulate`` with the parsed command line ``args``; return the exit status.

    Raises:
        UsageError: the variant is not for as many players as ``--bots`` names, or a
            ``module:Class`` of ``--bots`` is not a bot.
        DefinitionError: ``--variant`` names no variant.
    """
    variant = variant_named(args.variant)
    names: list[str] = args.bots
    if not variant.min_players <= len(names) <= variant.max_players:
        raise UsageError(
            f"{variant.name} is for {variant.min_players} to {variant.max_players} players; "
            f"--bots names {len(names)}"
        )
    bots = [load_bot(name) for name in names]
    workers = args.workers
    progress = Progress(
        sys.stderr,
        args.games,
        f"simulating {args.games} games of {printable(variant.name)}"
        + (f" on {workers} workers" if workers > 1 else ""),
    )
    if workers > 1:
        with concurrent.futures.ProcessPoolExecutor(max_workers=workers) as pool:
            result = simulate(
                args.games,
                bots,
                variant=variant,
                seed=args.seed,
                executor=pool,
                on_progress=progress,
            )
    else:
        result = simulate(args.games, bots, variant=variant, seed=args.seed, on_progress=progress)
    progress.close()
    print(f"{args.games} games of {printable(variant.name)}, seed {printable(args.seed)}")
    print(result.table())
    return 0
