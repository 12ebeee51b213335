"""Game records: text round trips, replay, stepping through states, and malformed text."""

from __future__ import annotations

import random

import attrs
import pytest

import phase10
from phase10 import (
    CLASSIC,
    AmbiguousActionError,
    DefinitionError,
    GameRecord,
    GameState,
    IllegalActionError,
    InvalidStateError,
    NotationError,
    SkipTarget,
    Variant,
    apply,
    find_variant,
    legal_actions,
    new_game,
    replay,
)


def play_record(
    variant: Variant, players: int, seed: str, *, limit: int = 10**6, dealer: int = 0
) -> GameRecord:
    """A record of a seeded random game (stopped after ``limit`` actions)."""
    rng = random.Random(seed)
    state = new_game(variant, players, dealer=dealer)
    actions: list[phase10.Action] = []
    while not state.is_over and len(actions) < limit:
        if state.is_chance:
            action: phase10.Action = phase10.sample_chance(state, rng)
        else:
            legal = legal_actions(state)
            action = legal[int(rng.random() * len(legal))]
        actions.append(action)
        state = apply(state, action)
    return GameRecord(
        variant=variant, num_players=players, actions=actions, seed=seed, dealer=dealer
    )


@pytest.mark.parametrize("name", ["classic", "master", "ten-phases", "classic-pick"])
def test_text_round_trip_and_replay(name: str) -> None:
    record = play_record(find_variant(name), 3, f"records:{name}")
    text = record.to_text()
    assert f'[Variant "{name}"]' in text
    again = GameRecord.from_text(text)
    assert again == record
    final = replay(record)
    assert final.is_over
    states = list(record.states())
    assert len(states) == len(record.actions) + 1
    assert states[0] == new_game(record.variant, 3)
    assert states[-1] == final
    for before, action, after in zip(states, record.actions, states[1:], strict=False):
        assert apply(before, action) == after


def test_custom_variants_are_written_in_full() -> None:
    house = CLASSIC.with_options(skip_target=SkipTarget.NEXT, name="house")
    record = play_record(house, 2, "house", limit=200)
    text = record.to_text()
    assert text.startswith('[Version "0.1.0"]\n[Variant {"name":"house",')
    assert GameRecord.from_text(text) == record


def test_text_layout() -> None:
    record = play_record(CLASSIC, 2, "layout", limit=30, dealer=1)
    record = attrs.evolve(record, tags=(("Event", "club night #3"),))
    lines = record.to_text().splitlines()
    assert lines[:6] == [
        '[Version "0.1.0"]',
        '[Variant "classic"]',
        '[Players "2"]',
        '[Dealer "p2"]',
        '[Seed "layout"]',
        '[Event "club night #3"]',
    ]
    assert lines[6] == ""
    assert lines[7:-2] == [str(a) for a in record.actions]
    assert ["", "end 30 actions, in progress"] == lines[-2:]
    assert GameRecord.from_text(record.to_text()) == record


def test_comments_blank_lines_and_short_forms() -> None:
    text = """
# a hand-written record
[Variant "classic"]   # the 108-card game
[Players "2"]

deal R1
"""
    with pytest.raises(NotationError, match="no end line"):
        GameRecord.from_text(text)
    record = GameRecord.from_text(text, partial=True)
    assert record == GameRecord.from_text(text + "end 1 action, in progress  # whole\n")
    assert record.num_players == 2
    assert record.dealer == 0
    assert record.seed is None
    assert record.version is None
    assert record.actions == (phase10.Deal(phase10.Card.parse("R1")),)
    full = play_record(CLASSIC, 2, "short", limit=25)
    body = "\n".join(f"  {str(a).lower()}   # step {i}" for i, a in enumerate(full.actions))
    short = body.replace("p2 draw", "draw")
    head = '[Variant "classic"]\n[Players 2]\n[Seed "short"]\n'
    again = GameRecord.from_text(head + short, partial=True)
    assert again.actions == full.actions
    assert () == GameRecord.from_text('[Variant "classic"]\n[Players "3"]', partial=True).actions


@pytest.mark.parametrize(
    ("text", "line", "fragment"),
    [
        ('[Players "2"]\ndeal R1', 2, "[Variant ...] is missing"),
        ('[Variant "classic"]\ndeal R1', 2, "[Players ...] is missing"),
        ('[Variant "nope"]\n[Players "2"]\ndeal R1', 1, "unknown variant"),
        ('[Variant "classic"]\n[Players "9"]\ndeal R1', 3, "2 to 6 players"),
        ('[Variant "classic"]\n[Players "two"]\ndeal R1', 2, "whole number"),
        ('[Variant "classic"]\n[Players "2"]\n[Dealer "p5"]\ndeal R1', 4, "dealer"),
        ('[Variant "classic"]\n[Players "2"]\n[Dealer 1]\ndeal R1', 3, "seat such as"),
        ('[Variant "classic"]\n[Players "2"]\ndeal R1\n[Seed "x"]', 4, "before the actions"),
        ('[Variant "classic"]\n[Players "2"]\n[Players "2"]', 3, "twice"),
        ('[Variant "classic"]\n[Players "2"\n', 2, "must end with"),
        ('[Variant "classic"]\n[Players oops]\n', 2, "must be JSON"),
        ("[Variant]\n", 1, "[Name value]"),
        ('[Variant "classic"]\n[Players "2"]\n[Event 3]\n', 3, "string value"),
        ('[Variant "classic"]\n[Players "2"]\n[Seed [1]]\n', 3, "Seed header"),
        ('[Variant "classic"]\n[Players "2"]\n\ndeal R1\ndeal R99\n', 5, "not a card"),
        ('[Variant "classic"]\n[Players "2"]\ndeal R1\np1 draw\n', 4, "chance must act"),
        ('[Variant {"name": "x"}]\n[Players "2"]\n', 1, "bad Variant header"),
    ],
)
def test_malformed_text_names_the_line(text: str, line: int, fragment: str) -> None:
    with pytest.raises(NotationError) as error:
        GameRecord.from_text(text)
    assert error.value.line == line
    assert str(error.value).startswith(f"line {line}: ")
    assert fragment in str(error.value)


def test_errors_keep_their_cause_and_position() -> None:
    text = '[Variant "classic"]\n[Players "2"]\n  deal R1\n  deal X1\n'
    with pytest.raises(NotationError) as error:
        GameRecord.from_text(text)
    assert error.value.token == "X1"
    assert text[error.value.position : error.value.position + 2] == "X1"
    assert isinstance(error.value.__cause__, NotationError)
    illegal = '[Variant "classic"]\n[Players "2"]\nturnup R1\n'
    with pytest.raises(NotationError) as error:
        GameRecord.from_text(illegal)
    assert isinstance(error.value.__cause__, IllegalActionError)
    record = play_record(CLASSIC, 3, "ambiguous", limit=40)
    lines = record.to_text().splitlines()
    skip = next(
        (i for i, line in enumerate(lines) if line.endswith(("S>p1", "S>p2", "S>p3"))), None
    )
    if skip is not None:  # a skip with two possible targets, written without one
        lines[skip] = lines[skip].rsplit(">", 1)[0]
        with pytest.raises(NotationError) as error:
            GameRecord.from_text("\n".join(lines))
        assert isinstance(error.value.__cause__, AmbiguousActionError)


def test_construction_is_checked() -> None:
    with pytest.raises(DefinitionError):
        GameRecord(variant="classic", num_players=2)  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError):
        GameRecord(variant=CLASSIC, num_players=7)
    with pytest.raises(InvalidStateError):
        GameRecord(variant=CLASSIC, num_players=2, dealer=2)
    with pytest.raises(TypeError):
        GameRecord(variant=CLASSIC, num_players=2, actions=["deal R1"])  # type: ignore[list-item]
    with pytest.raises(TypeError):
        GameRecord(variant=CLASSIC, num_players=2, seed=5)  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        GameRecord(variant=CLASSIC, num_players=2, tags=(("Players", "x"),))
    with pytest.raises(NotationError):
        GameRecord(variant=CLASSIC, num_players=2, tags=(("two words", "x"),))
    with pytest.raises(TypeError):
        replay("record")  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        GameRecord.from_text(b"[Variant]")  # type: ignore[arg-type]


def test_illegal_records_fail_on_replay() -> None:
    record = GameRecord(variant=CLASSIC, num_players=2, actions=(phase10.Draw(0),))
    with pytest.raises(IllegalActionError):
        replay(record)


def test_a_teacher_can_step_through_a_game() -> None:
    record = play_record(CLASSIC, 2, "teacher", limit=60)
    steps = list(zip(record.actions, list(record.states())[1:], strict=True))
    laid: list[GameState] = [s for a, s in steps if isinstance(a, phase10.LayDown)]
    assert all(any(row for row in s.table) for s in laid)
    assert steps[-1][1] == replay(record)
