"""The ``phase10`` command line: ``demo``, ``check``, ``play``, ``simulate`` and ``replay``.

``main()`` returns the exit status instead of exiting, so it can be called from tests:
0 when all went well (``check``: the hand lays down the phase), 1 when ``check`` finds no
laydown or a command fails, 2 for bad input (bad notation, a phase number out of range,
unknown options, a file that cannot be read). Errors are reported as one line on stderr,
``phase10: error: ...``, never as a traceback.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn, TextIO

from phase10 import __version__
from phase10.bots import Bot, GreedyBot, RandomBot
from phase10.cards import Card, format_cards, parse_cards, sort_cards
from phase10.errors import Phase10Error
from phase10.groups import ColorGroupOf, GroupType, RunOf, SetOf, check_meld
from phase10.laydown import explain, find_laydown, iter_laydowns
from phase10.phases import CLASSIC_PHASES
from phase10.records import GameRecord
from phase10.scoring import hand_points
from phase10.variants import Variant, find_variant, variant_names

__all__ = ["main"]

_PROG = "phase10"


class _UsageError(Exception):
    """Bad command-line input; the message is shown as ``phase10: error: <message>``."""


class _Exit(Exception):
    """argparse wants to stop (after ``--help`` or ``--version``) with this status."""

    def __init__(self, status: int):
        super().__init__(status)
        self.status = status


class _Parser(argparse.ArgumentParser):
    """An argument parser that raises instead of printing usage and exiting."""

    def error(self, message: str) -> NoReturn:
        raise _UsageError(message)

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        if message:
            sys.stderr.write(message)
        raise _Exit(status)


def _phase_number(text: str) -> int:
    """Parse a 1-based classic phase number (argparse ``type=``)."""
    try:
        number = int(text)
    except ValueError:
        number = 0
    if not 1 <= number <= len(CLASSIC_PHASES):
        raise argparse.ArgumentTypeError(
            f"the phase is a number from 1 to {len(CLASSIC_PHASES)}, got {text!r}"
        )
    return number


#: The bots the command line knows by name.
BOTS: dict[str, Callable[[], Bot]] = {"greedy": GreedyBot, "random": RandomBot}


def _bot_list(text: str) -> list[str]:
    """Parse ``greedy,random,...`` (argparse ``type=``)."""
    names = [name.strip().lower() for name in text.split(",")]
    for name in names:
        if name not in BOTS:
            raise argparse.ArgumentTypeError(
                f"unknown bot {name!r}; known: {', '.join(BOTS)} (comma-separated, "
                "e.g. greedy,random)"
            )
    return names


def _positive(text: str) -> int:
    """Parse a whole number >= 1 (argparse ``type=``)."""
    try:
        number = int(text)
    except ValueError:
        number = 0
    if number < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 1, got {text!r}")
    return number


def _count(text: str) -> int:
    """Parse a whole number >= 0 (argparse ``type=``)."""
    try:
        number = int(text)
    except ValueError:
        number = -1
    if number < 0:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 0, got {text!r}")
    return number


def _variant_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--variant",
        "-v",
        metavar="NAME",
        help=f"the rules to play (default classic): {', '.join(variant_names())}, "
        "or classic-first-N",
    )


def _build_parser() -> _Parser:
    parser = _Parser(
        prog=_PROG,
        description="Phase 10 on the command line: check hands, play against bots, run "
        "bot tournaments and replay game records.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    commands.add_parser(
        "demo",
        help="show a short walk-through of the library",
        description="Parse a hand, check melds, find laydowns, explain a miss, score a hand.",
    )
    check = commands.add_parser(
        "check",
        help="check whether a hand lays down a classic phase",
        description=(
            "Check whether the cards of HAND lay down classic phase N. Prints the melds, or "
            "the closest miss. Exit status: 0 when the hand lays the phase down, 1 when not, "
            "2 for bad input."
        ),
    )
    check.add_argument(
        "hand",
        nargs="+",
        metavar="HAND",
        help='the cards in notation, e.g. "R7 B7 W G2 G3 G4 Y5" (quoted or not)',
    )
    check.add_argument(
        "--phase",
        "-p",
        type=_phase_number,
        required=True,
        metavar="N",
        help=f"the classic phase, 1 to {len(CLASSIC_PHASES)}",
    )
    play = commands.add_parser(
        "play",
        help="play a game against bots in the terminal",
        description=(
            "Play against bots in the terminal: choose actions by number from a menu, or type "
            "them in notation. At the prompt, 'help' shows the rules, 'save [FILE]' saves the "
            "game record, 'quit' (or the end of input) stops."
        ),
    )
    _variant_option(play)
    play.add_argument(
        "--players", "-n", type=_positive, metavar="N", help="number of players (default 1 + bots)"
    )
    play.add_argument(
        "--bots",
        type=_bot_list,
        metavar="LIST",
        help="the bots in the other seats, in seat order, repeated as needed: "
        f"{', '.join(BOTS)} (default greedy)",
    )
    play.add_argument("--seat", type=_positive, default=1, metavar="N", help="your seat (1)")
    play.add_argument("--seed", default="0", metavar="S", help="seed for the cards (0)")
    play.add_argument(
        "--save", type=Path, metavar="FILE", help="save the game record here when the game ends"
    )
    play.add_argument("--load", type=Path, metavar="FILE", help="continue the game of this record")
    play.add_argument(
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        help="coloured cards: auto (on a terminal, unless NO_COLOR is set), always or never",
    )
    sim = commands.add_parser(
        "simulate",
        help="play many games between bots and show each bot's results",
        description=(
            "Play games between bots (seats rotate between games) and print a results table. "
            "A progress bar goes to standard error."
        ),
    )
    sim.add_argument(
        "--games", "-g", type=_count, default=100, metavar="N", help="games to play (100)"
    )
    sim.add_argument(
        "--bots",
        type=_bot_list,
        default=["greedy", "random", "random", "random"],
        metavar="LIST",
        help=f"one bot per seat: {', '.join(BOTS)} (default greedy,random,random,random)",
    )
    sim.add_argument(
        "--workers",
        "-w",
        type=_positive,
        default=1,
        metavar="N",
        help="processes to play in (1: play in this process)",
    )
    _variant_option(sim)
    sim.add_argument("--seed", default="0", metavar="S", help="seed of the simulation (0)")
    rep = commands.add_parser(
        "replay",
        help="step through a game record",
        description="Print a game record action by action, with a short summary after each turn.",
    )
    rep.add_argument("file", type=Path, metavar="FILE", help="a game record (text format)")
    rep.add_argument(
        "--step",
        action="store_true",
        help="wait for Enter after each player action (when standard input is a terminal); "
        "'q' stops",
    )
    rep.add_argument(
        "--color", choices=("auto", "always", "never"), default="auto", help="coloured cards"
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit status."""
    parser = _build_parser()
    try:
        args = parser.parse_args(argv)
        if args.command == "demo":
            return _demo()
        if args.command == "play":
            return _play(args)
        if args.command == "simulate":
            return _simulate(args)
        if args.command == "replay":
            return _replay(args)
        return _check(" ".join(args.hand), args.phase)
    except _Exit as stop:
        return stop.status
    except (_UsageError, Phase10Error) as exc:
        return _fail(exc, 2)
    except BrokenPipeError:  # the reader went away (``phase10 replay FILE | head``)
        _silence_stdout()
        return 1
    except OSError as exc:
        where = f" {exc.filename}" if exc.filename is not None else ""
        return _fail(f"cannot use{where}: {exc.strerror or exc}", 2)
    except KeyboardInterrupt:
        return _fail("interrupted", 130)
    except Exception as exc:  # never a traceback: one line, exit status 1
        return _fail(f"{type(exc).__name__}: {exc}", 1)


def _silence_stdout() -> None:
    """Point stdout at devnull, so that exiting does not fail flushing a broken pipe."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # pragma: no cover - stdout is not a real file
        pass


def _fail(message: object, status: int) -> int:
    text = " ".join(str(message).split()) or "failed"
    print(f"{_PROG}: error: {text}", file=sys.stderr)
    return status


def _variant(name: str | None) -> Variant:
    return find_variant(name if name is not None else "classic")


def _read_record(path: Path) -> GameRecord:
    return GameRecord.from_text(path.read_text(encoding="utf-8"))


def _play(args: argparse.Namespace) -> int:
    from phase10.cli_play import play, use_color

    names: list[str] = args.bots or ["greedy"]
    load = None
    if args.load is not None:
        load = _read_record(args.load)
        if args.variant is not None and _variant(args.variant) != load.variant:
            raise _UsageError(f"--variant {args.variant} differs from the record's variant")
        if args.players is not None and args.players != load.num_players:
            raise _UsageError(
                f"--players {args.players} differs from the record's {load.num_players}"
            )
        players = load.num_players
    else:
        players = args.players if args.players is not None else 1 + len(names)
    variant = load.variant if load is not None else _variant(args.variant)
    if not variant.min_players <= players <= variant.max_players:
        raise _UsageError(
            f"{variant.name} is for {variant.min_players} to {variant.max_players} players, "
            f"got {players}"
        )
    if args.seat > players:
        raise _UsageError(f"--seat must be from 1 to {players}, got {args.seat}")
    return play(
        variant=variant,
        players=players,
        bots=[BOTS[name]() for name in names],
        human=args.seat - 1,
        seed=str(args.seed),
        save=args.save,
        load=load,
        color=use_color(sys.stdout, args.color),
        stdin=sys.stdin,
        stdout=sys.stdout,
    )


class _Progress:
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
        if self.tty:
            width = 30
            filled = width * done // max(total, 1)
            bar = "#" * filled + "-" * (width - filled)
            self.stream.write(f"\r[{bar}] {done}/{total} games")
            self.stream.flush()

    def close(self) -> None:
        took = time.monotonic() - self.start
        if self.tty:
            self.stream.write("\n")
        self.stream.write(f"done: {self.total} games in {took:.1f} s\n")
        self.stream.flush()


def _simulate(args: argparse.Namespace) -> int:
    from phase10.simulation import simulate

    variant = _variant(args.variant)
    names: list[str] = args.bots
    if not variant.min_players <= len(names) <= variant.max_players:
        raise _UsageError(
            f"{variant.name} is for {variant.min_players} to {variant.max_players} players; "
            f"--bots names {len(names)}"
        )
    bots = [BOTS[name]() for name in names]
    workers = args.workers
    progress = _Progress(
        sys.stderr,
        args.games,
        f"simulating {args.games} games of {variant.name}"
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
    print(f"{args.games} games of {variant.name}, seed {args.seed}")
    print(result.table())
    return 0


def _replay(args: argparse.Namespace) -> int:
    from phase10.cli_play import Palette, replay_record, use_color

    record = _read_record(args.file)
    wait = None
    if args.step and sys.stdin.isatty():

        def wait() -> bool:
            sys.stdout.write("(Enter: next, q: stop) ")
            sys.stdout.flush()
            answer = sys.stdin.readline()
            return bool(answer) and answer.strip().lower() not in ("q", "quit")

    return replay_record(
        record, out=sys.stdout, paint=Palette(use_color(sys.stdout, args.color)), wait=wait
    )


def _left_over(hand: Sequence[Card], used: Sequence[Card]) -> tuple[Card, ...]:
    """The cards of ``hand`` that are not in ``used`` (a multiset difference)."""
    rest = Counter(hand)
    rest.subtract(used)
    return sort_cards(rest.elements())


def _check(text: str, number: int) -> int:
    hand = parse_cards(text)
    phase = CLASSIC_PHASES[number - 1]
    laydown = find_laydown(hand, phase)
    if laydown is None:
        print(f"phase {number} ({phase}): does not lay down")
        print(explain(hand, phase))
        return 1
    print(f"phase {number} ({phase}): lays down")
    for meld in laydown.melds:
        print(f"  {meld.group}: {meld}")
    rest = _left_over(hand, laydown.cards)
    print(f"left in hand: {format_cards(rest) or 'nothing'}")
    return 0


_DEMO_HAND = "r7 b7 w g2 g3 g4 y5 s y11 b12"

_DEMO_WAYS = "R7 B7 G7 Y3 R3 W W"

_DEMO_MELDS: tuple[tuple[str, GroupType], ...] = (
    ("R7 B7 W", SetOf(3)),
    ("W R4 B5 G6", RunOf(4)),
    ("R1 R5 W R9 R12", ColorGroupOf(5)),
    ("R7 B8 W", SetOf(3)),
    ("R11 R12 R1 R2", RunOf(4)),
    ("R7 B7 S", SetOf(3)),
)


def _demo() -> int:
    print("phase10 demo: cards, melds, laydowns and scoring (classic rules)")
    print()
    print("1. Cards. R7 is a red 7, B12 a blue 12, W a wild, S a skip.")
    hand = parse_cards(_DEMO_HAND)
    print(f"   parse_cards({_DEMO_HAND!r})")
    print(f"   -> {format_cards(hand)}")
    print(f"   in canonical order: {format_cards(sort_cards(hand))}")
    print()
    print("2. Melds. check_meld(cards, group) says whether all the cards form the group;")
    print("   a valid verdict lists every reading of the wilds, an invalid one says why.")
    for cards, group in _DEMO_MELDS:
        verdict = check_meld(cards, group)
        line = f"   {cards:<16} {str(group) + ':':<25} {verdict}"
        if verdict.problem is not None:
            line += f" [{verdict.problem.value}]"
        print(line)
    print()
    print("3. Laydowns. find_laydown(hand, phase) returns a laydown with minimal groups.")
    phase = CLASSIC_PHASES[1]
    print(f"   phase 2 ({phase}): {find_laydown(hand, phase)}")
    other = parse_cards(_DEMO_WAYS)
    phase = CLASSIC_PHASES[0]
    every = sum(1 for _ in iter_laydowns(other, phase))
    minimal = sum(1 for _ in iter_laydowns(other, phase, minimal=True))
    print(f"   iter_laydowns: {format_cards(other)} lays down phase 1 ({phase})")
    print(f"   in {every} distinct ways, {minimal} of them with minimal groups")
    print()
    print("4. Misses. explain(hand, phase) names the closest miss.")
    for number in (1, 3, 4):
        print(f"   phase {number}: {explain(hand, CLASSIC_PHASES[number - 1])}")
    print()
    print("5. Scoring. Cards left in hand cost 5 (1-9), 10 (10-12), 15 (skip), 25 (wild).")
    laydown = find_laydown(hand, CLASSIC_PHASES[1])
    assert laydown is not None
    rest = _left_over(hand, laydown.cards)
    print(f"   after laying down phase 2: {format_cards(rest)} = {hand_points(rest)} points")
    print(f"   the whole hand: {hand_points(hand)} points")
    print()
    _demo_game()
    return 0


def _demo_game() -> None:
    import phase10

    print("6. A game. The engine is a pure apply(state, action) with explicit chance;")
    print("   here a GreedyBot plays two RandomBots, seeded, so it is the same every time.")
    result = phase10.simulate(
        1, [phase10.GreedyBot(), phase10.RandomBot(), phase10.RandomBot()], seed="demo"
    )
    game = result.games[0]
    names = [result.bots[b].name for b in game.bots]
    for seat, name in enumerate(names):
        mark = "  <- winner" if seat in game.winners else ""
        print(
            f"   p{seat + 1} {name:<10} phase {game.phases[seat]:>2} done, "
            f"{game.scores[seat]:>4} points{mark}"
        )
    print(f"   {game.hands} hands, {game.actions} actions (chance included)")
    print("   Play one yourself: python -m phase10 play")


if __name__ == "__main__":
    raise SystemExit(main())
