"""The ``phase10`` command line: ``python -m phase10 demo`` and ``python -m phase10 check``.

``main()`` returns the exit status instead of exiting, so it can be called from tests:
0 when all went well (``check``: the hand lays down the phase), 1 when ``check`` finds no
laydown, 2 for bad input (bad notation, a phase number out of range, unknown options).
Errors are reported as one line on stderr, ``phase10: error: ...``.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Sequence
from typing import NoReturn

from phase10 import __version__
from phase10.cards import Card, format_cards, parse_cards, sort_cards
from phase10.errors import Phase10Error
from phase10.groups import ColorGroupOf, GroupType, RunOf, SetOf, check_meld
from phase10.laydown import explain, find_laydown, iter_laydowns
from phase10.phases import CLASSIC_PHASES
from phase10.scoring import hand_points

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


def _build_parser() -> _Parser:
    parser = _Parser(
        prog=_PROG,
        description="Phase 10 rules on the command line: check hands against the phases.",
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
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit status."""
    parser = _build_parser()
    try:
        args = parser.parse_args(argv)
        if args.command == "demo":
            return _demo()
        return _check(" ".join(args.hand), args.phase)
    except _Exit as stop:
        return stop.status
    except (_UsageError, Phase10Error) as exc:
        print(f"{_PROG}: error: {exc}", file=sys.stderr)
        return 2


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
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
