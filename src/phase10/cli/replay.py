"""``phase10 replay``: a game record, action by action."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from phase10 import svg
from phase10.actions import Deal, Discard, KeepHand, Reveal, TurnUp, seat_name
from phase10.cli._common import printable, read_record_text
from phase10.cli.paint import Palette, use_color
from phase10.errors import NotationError
from phase10.records import GameRecord
from phase10.rules import apply, events_of, new_game
from phase10.state import GameState, TurnStep, Unseen

__all__ = ["replay_record", "run"]


def run(args: argparse.Namespace) -> int:
    """Run ``phase10 replay`` with the parsed command line ``args``; return the exit status.

    A record with a bad action line is shown up to that line before its error is raised.

    Raises:
        OSError: the record cannot be read.
        LimitError: the record is larger than the record size limit.
        NotationError: the file is not UTF-8 or holds no valid record.
    """
    text = read_record_text(args.file)
    try:
        record = GameRecord.from_text(text)
    except NotationError as exc:
        partial = _record_before(text, exc.line)
        if partial is None:
            raise
        replay_record(
            partial, out=sys.stdout, paint=Palette(color=use_color(sys.stdout, choice=args.color))
        )
        sys.stdout.write(f"the record stops being valid at line {exc.line}:\n")
        sys.stdout.flush()
        raise
    wait = None
    if args.step and sys.stdin.isatty():

        def wait() -> bool:
            sys.stdout.write("(Enter: next, q: stop) ")
            sys.stdout.flush()
            answer = sys.stdin.readline()
            return bool(answer) and answer.strip().lower() not in ("q", "quit")

    return replay_record(
        record,
        out=sys.stdout,
        paint=Palette(color=use_color(sys.stdout, choice=args.color)),
        wait=wait,
        pictures=args.svg,
    )


def _record_before(text: str, line: int | None) -> GameRecord | None:
    """The record of the lines of ``text`` before ``line`` (the first bad one), if they make one.

    Only a bad action line gives a partial record: with a bad header there is no game to show.
    """
    if line is None or line < 2:
        return None
    lines = text.splitlines()[: line - 1]
    if not any(not ln.strip() for ln in lines):  # the bad line is in the header
        return None
    try:
        return GameRecord.from_text("\n".join(lines) + "\n", partial=True)
    except NotationError:
        return None


def _hand_summary(before: GameState, after: GameState) -> list[str]:
    """One line a seat on how the hand that ends went for it: phase, points, total."""
    lines = []
    phases = after.variant.phases
    for seat, (b, a) in enumerate(zip(before.players, after.players, strict=True)):
        if a.phase >= len(phases):
            where = "all phases done"
        elif a.phase > b.phase or a.completed != b.completed:
            where = f"completed phase {b.phase + 1}, next phase {a.phase + 1}"
        else:
            where = f"still on phase {a.phase + 1}"
        lines.append(
            f"   {seat_name(seat)}: {where}; {a.score - b.score} points this hand, {a.score} in all"
        )
    return lines


def _summary(state: GameState) -> str:
    parts = []
    for seat, p in enumerate(state.players):
        laid = "*" if p.laid_down else ""
        parts.append(f"{seat_name(seat)} ph{p.phase + 1}{laid} {len(p.hand)}c {p.score}pt")
    return "  [" + " | ".join(parts) + f"; draw {len(state.draw_pile)}]"


def replay_record(
    record: GameRecord,
    *,
    out: TextIO,
    paint: Palette,
    wait: Callable[[], bool] | None = None,
    pictures: Path | None = None,
) -> int:
    """Print ``record`` action by action, with a short summary after each turn.

    ``wait`` (for ``--step``) is called after each player action; when it returns False the
    replay stops. With ``pictures`` (``--svg DIR``), the table at the end of each hand, every
    hand face up as the last action is played, is written to ``DIR/hand-001.svg`` and so on.

    Returns:
        The exit status, 0.

    Raises:
        IllegalActionError: an action of the record is not legal where it stands.
        OSError: a picture cannot be written.
    """

    def say(text: str) -> None:
        out.write(text + "\n")

    say(
        f"{printable(record.variant.name)}, {record.num_players} players"
        + (f", seed {printable(record.seed)}" if record.seed is not None else "")
        + (f", phase10 {printable(record.version)}" if record.version else "")
    )
    for key, value in record.tags:
        say(f"{printable(key)}: {printable(value)}")
    state = new_game(record.variant, record.num_players, dealer=record.dealer)
    dealt = 0
    hand_start = state
    for number, action in enumerate(record.actions, 1):
        before = state
        state = apply(state, action)
        if isinstance(action, Deal):
            dealt += 1
            if state.step is not TurnStep.DEAL:
                say(f"hand {state.hand_number}: {dealt} cards dealt")
                for seat, p in enumerate(state.players):
                    say(f"  {seat_name(seat)}: {paint.cards(p.hand)}")
                dealt = 0
            continue
        text = str(action)
        if isinstance(action, Reveal):
            to = next(e.to for e in events_of(before, state) if e.unseen is Unseen.REVEAL)
            text = f"reveal {paint.card(action.card)} (to {seat_name(to or 0)})"
        elif isinstance(action, TurnUp):
            text = f"turnup {paint.card(action.card)}"
        say(f"{number:>5}  {text}")
        if state.hand_number != before.hand_number or state.is_over:
            say(f"-- end of hand {before.hand_number}:")
            for line in _hand_summary(hand_start, state):
                say(line)
            hand_start = state
            if pictures is not None:
                _write_picture(pictures, before, str(action), state)
        elif isinstance(action, Discard | KeepHand):
            say(_summary(state))
        is_player = not action.is_chance
        if wait is not None and is_player and not wait():
            say("stopped")
            return 0
    if state.is_over:
        winners = ", ".join(seat_name(s) for s in state.winners) or "nobody"
        scores = ", ".join(f"{seat_name(s)} {p.score}" for s, p in enumerate(state.players))
        say(f"final scores: {scores}")
        say(f"game over; winner: {winners}")
    else:
        say(f"end of record; {_who(state)} to act next")
    return 0


def _write_picture(directory: Path, before: GameState, last: str, after: GameState) -> None:
    """Write the table of the hand that ``last`` ended, with the scores after it."""
    directory.mkdir(parents=True, exist_ok=True)
    scores = ", ".join(f"{seat_name(s)} {p.score}" for s, p in enumerate(after.players))
    caption = f"the hand ends with: {last}\nscores after the hand: {scores}"
    picture = svg.game(before, caption=caption)
    path = directory / f"hand-{before.hand_number:03d}.svg"
    path.write_text(picture + "\n", encoding="utf-8")


def _who(state: GameState) -> str:
    seat = state.current_player
    if seat is None:
        return "nobody"
    return "chance" if seat < 0 else seat_name(seat)
