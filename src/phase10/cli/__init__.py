"""The ``phase10`` command line: ``demo``, ``check``, ``play``, ``simulate`` and ``replay``.

Each command is a module of this package with a ``run`` function; this module parses the
command line and reports errors.

``main()`` returns the exit status instead of exiting, so it can be called from tests:
0 when all went well (``check``: the hand lays down the phase), 1 when ``check`` finds no
laydown or a command fails, 2 for bad input (bad notation, a phase number out of range,
unknown options, a file that cannot be read). Errors are reported as one line on stderr,
``phase10: error: ...``, never as a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from phase10 import __version__
from phase10._messages import LANGUAGES, language, language_from_env
from phase10.cli import check, demo, play, replay, simulate
from phase10.cli._common import BOTS, UsageError, is_bot_spec, printable, variant_named
from phase10.errors import Phase10Error
from phase10.phases import CLASSIC_PHASES
from phase10.variants import variant_names

__all__ = ["BOTS", "main"]

_PROG = "phase10"


class _Exit(Exception):
    """argparse wants to stop (after ``--help`` or ``--version``) with this status."""

    def __init__(self, status: int):
        super().__init__(status)
        self.status = status


class _Parser(argparse.ArgumentParser):
    """An argument parser that raises instead of printing usage and exiting."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)

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


def _bot_list(text: str) -> list[str]:
    """Parse ``greedy,random,mybot:MyBot,...`` (argparse ``type=``)."""
    names = [name.strip() for name in text.split(",")]
    for name in names:
        if name.lower() not in BOTS and not is_bot_spec(name):
            raise argparse.ArgumentTypeError(
                f"unknown bot {name!r}; known: {', '.join(BOTS)} (comma-separated, "
                "e.g. greedy,random), or module:Class for your own bot"
            )
    return [name.lower() if name.lower() in BOTS else name for name in names]


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


def _lang_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--lang",
        type=language,
        default=language_from_env(os.environ),
        metavar="LANG",
        help=f"the language of messages: {', '.join(LANGUAGES)} (default: from LC_ALL, "
        "LC_MESSAGES, LANGUAGE or LANG; English if none of these)",
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
    check_cmd = commands.add_parser(
        "check",
        help="check whether a hand lays down a phase, or cards form a group",
        description=(
            "Check whether the cards of HAND lay down phase N (of the classic game, or of "
            "--variant). Prints the melds, or the closest miss. Cards grouped with | (quoted: "
            '"R7 B7 W | G2 G3 G4 Y5") are checked group by group, naming each group\'s '
            "problem; a wild may be pinned to what it stands for (W=4). With --group, check "
            "whether the cards form that one group. Exit status: 0 when the hand lays the "
            "phase down (the group is valid), 1 when not, 2 for bad input."
        ),
    )
    check_cmd.add_argument(
        "hand",
        nargs="+",
        metavar="HAND",
        help='the cards in notation, e.g. "R7 B7 W G2 G3 G4 Y5" (quoted or not)',
    )
    check_cmd.add_argument(
        "--phase",
        "-p",
        type=_phase_number,
        metavar="N",
        help=f"the phase, 1 to {len(CLASSIC_PHASES)} (of the variant's phases)",
    )
    check_cmd.add_argument(
        "--group",
        "-g",
        metavar="GROUP",
        help='instead of a phase, one group in words: "run 4", "set of 3", "colour 7"',
    )
    _variant_option(check_cmd)
    _lang_option(check_cmd)
    check_cmd.add_argument(
        "--svg",
        type=Path,
        metavar="FILE",
        help="also write the laydown found, or the closest miss, as an SVG picture",
    )
    play_cmd = commands.add_parser(
        "play",
        help="play a game against bots in the terminal",
        description=(
            "Play against bots in the terminal: choose actions by number from a menu, or type "
            "them in notation. At the prompt, 'help' shows the rules, 'save [FILE]' saves the "
            "game record, 'quit' (or the end of input) stops; Ctrl-C offers to save first."
        ),
    )
    _variant_option(play_cmd)
    _lang_option(play_cmd)
    play_cmd.add_argument(
        "--players", "-n", type=_positive, metavar="N", help="number of players (default 1 + bots)"
    )
    play_cmd.add_argument(
        "--bots",
        type=_bot_list,
        metavar="LIST",
        help="the bots in the other seats, in seat order, repeated as needed: "
        f"{', '.join(BOTS)} (default greedy), or module:Class for your own bot",
    )
    play_cmd.add_argument("--seat", type=_positive, default=1, metavar="N", help="your seat (1)")
    play_cmd.add_argument(
        "--seed",
        metavar="S",
        help="seed for the cards (default: a fresh random game; its seed is printed, to replay it)",
    )
    play_cmd.add_argument(
        "--save", type=Path, metavar="FILE", help="save the game record here when the game ends"
    )
    play_cmd.add_argument(
        "--load", type=Path, metavar="FILE", help="continue the game of this record"
    )
    play_cmd.add_argument(
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
        help=f"one bot per seat: {', '.join(BOTS)}, or module:Class for your own bot "
        "(default greedy,random,random,random)",
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
    rep.add_argument(
        "--svg",
        type=Path,
        metavar="DIR",
        help="write a picture of the table at the end of each hand to DIR (hand-001.svg, ...)",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit status."""
    parser = _build_parser()
    lang = "en"
    try:
        args = parser.parse_args(argv)
        lang = getattr(args, "lang", "en")
        if args.command == "demo":
            return demo.run()
        if args.command == "play":
            return play.run(args)
        if args.command == "simulate":
            return simulate.run(args)
        if args.command == "replay":
            return replay.run(args)
        hand = " ".join(args.hand)
        variant = variant_named(args.variant)
        if args.group is not None:
            if args.phase is not None or args.svg is not None:
                raise UsageError("--group checks one group: give it without --phase and --svg")
            return check.run_group(hand, args.group, variant=variant, lang=lang)
        if args.phase is None:
            raise UsageError("say what to check: --phase N, or --group GROUP (e.g. 'run 4')")
        return check.run(hand, args.phase, picture=args.svg, variant=variant, lang=lang)
    except _Exit as stop:
        return stop.status
    except Phase10Error as exc:  # in another language, the player's sentence
        return _fail(exc if lang == "en" else exc.player_message(lang), 2)
    except UsageError as exc:
        return _fail(exc, 2)
    except BrokenPipeError:  # the reader went away (``phase10 replay FILE | head``)
        _silence_stdout()
        return 1
    except OSError as exc:
        where = f" {printable(exc.filename)}" if exc.filename is not None else ""
        return _fail(f"cannot use{where}: {exc.strerror or exc}", 2)
    except KeyboardInterrupt:
        return _fail("interrupted", 130)
    except Exception as exc:  # never a traceback nor a Python class name: one line, status 1
        return _fail(f"unexpected failure: {exc}" if str(exc) else "unexpected failure", 1)


def _silence_stdout() -> None:
    """Point stdout at devnull, so that exiting does not fail flushing a broken pipe."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # pragma: no cover - stdout is not a real file
        pass


def _fail(message: object, status: int) -> int:
    text = printable(" ".join(str(message).split())) or "failed"
    print(f"{_PROG}: error: {text}", file=sys.stderr)
    return status
