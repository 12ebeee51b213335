"""The game loop of servers and terminal games, ``phase10.table.Table``."""

from __future__ import annotations

import io
import json
import pickle
import random
import re

import attrs
import pytest

import phase10
from phase10 import (
    CLASSIC,
    Discard,
    Draw,
    Event,
    GameState,
    GreedyBot,
    RandomBot,
    Reveal,
    TurnStep,
    TurnUp,
    new_game,
    parse_event,
    sample_chance,
    svg,
    to_json,
    view,
)
from phase10.cli.play import play as play_game
from phase10.errors import (
    FormatError,
    IllegalActionError,
    InvalidStateError,
    LaydownError,
    MeldProblem,
    NotationError,
    Violation,
)
from phase10.scoring import Scoring
from phase10.table import Table, TableEvent, UndoPolicy, skipped_seats

from .helpers import card, deal_actions, hit, lay, play


def table(*, undo: UndoPolicy = "never") -> Table:
    return Table.new(CLASSIC, [None, GreedyBot()], seed="t", undo=undo)


def test_a_new_table_stops_at_the_first_human_decision() -> None:
    t = table()
    assert 0 == t.waiting_for
    assert t.state.current_player == 0
    assert "t" == t.record.seed
    assert phase10.replay(t.record) == t.state


def test_submit_runs_chance_and_bots_up_to_the_next_person() -> None:
    t = table().submit(0, "draw")
    t = t.submit(0, f"discard {t.state.players[0].hand[0]}")
    assert 0 == t.waiting_for  # chance and p2 played in between
    assert any(isinstance(a, phase10.Discard) and a.player == 1 for a in t.record.actions)
    assert phase10.replay(t.record) == t.state


def test_the_same_seed_and_moves_replay_the_same() -> None:
    a = table().submit(0, "draw")
    b = table().submit(0, "draw")
    assert a.record.actions == b.record.actions


def test_moves_as_action_notation_and_json_are_the_same() -> None:
    t = table()
    doc = to_json(phase10.Draw(0))
    as_dict = json.loads(doc)
    bare = as_dict["action"]
    results = [t.submit(0, m).record.actions for m in (phase10.Draw(0), "draw", doc, as_dict, bare)]
    assert [results[0]] * 5 == results


def test_undo_gives_back_the_table_before_the_move() -> None:
    t = table(undo="always")
    after = t.submit(0, "draw")
    assert after.undo() is t
    with pytest.raises(InvalidStateError, match="nothing to undo"):
        t.undo()


@pytest.mark.parametrize(
    ("move", "error"),
    [
        ("discrad R7", NotationError),
        ("{not json", FormatError),
        ('{"action": "fly"}', FormatError),
        ("p2 draw", IllegalActionError),
        ("x" * 20_000, NotationError),
    ],
)
def test_bad_moves_raise_typed_errors_and_leave_the_table(move: str, error: type) -> None:
    t = table()
    before = t.record
    with pytest.raises(error):
        t.submit(0, move)
    assert before == t.record


def test_only_the_seat_to_act_may_move() -> None:
    t = table()
    with pytest.raises(IllegalActionError) as info:
        t.submit(1, "draw")
    assert Violation.NOT_YOUR_TURN == info.value.code
    with pytest.raises(IllegalActionError):
        t.submit(0, phase10.Draw(1))
    with pytest.raises(InvalidStateError):
        t.submit(5, "draw")


def test_a_wrong_laydown_names_each_bad_group_and_why() -> None:
    # C-10: a laydown is the whole phase; each group is checked as its group type.
    t = table().submit(0, "draw")
    hand = t.state.players[0].hand
    text = f"lay {hand[0]} {hand[1]} | {hand[2]} {hand[3]}"
    with pytest.raises(IllegalActionError) as info:
        t.submit(0, text)
    # the rules' own LaydownError names each failing group; the table passes it on as it is
    error = info.value
    assert isinstance(error, LaydownError)
    first = f"group 1 ({hand[0]} {hand[1]}), a set of 3: a set of 3 needs at least 3 cards, got 2"
    assert first == error.problems[0].sentence
    assert [0, 1] == [p.index for p in error.problems]
    assert Violation.PHASE_NOT_COMPLETE == error.code
    assert str(error).count(first) == 1  # said once, in one wording


def test_a_laydown_submitted_as_an_action_keeps_the_engines_problems() -> None:
    t = table().submit(0, "draw")
    r1, b2, g3 = phase10.parse_cards("R1 B2 G3")
    bad = phase10.Meld(
        phase10.SetOf(3),
        phase10.Repeat(phase10.Pattern.of(number=1)),
        (r1, b2, g3),
        (phase10.Value(1, None),) * 3,
    )
    action = phase10.LayDown(0, phase10.PhaseMelds(CLASSIC.phases[0], (bad, bad)))
    with pytest.raises(LaydownError) as info:
        t.submit(0, action)
    expected = "a set holds one number, these cards have 1, 2 and 3"
    assert [(0, MeldProblem.MIXED_NUMBERS, expected), (1, MeldProblem.MIXED_NUMBERS, expected)] == [
        (p.index, p.problem, p.reason) for p in info.value.problems
    ]


def test_events_mask_what_the_seat_may_not_see() -> None:
    t = table().submit(0, "draw")
    drawn = t.record.actions[-1]
    assert isinstance(drawn, phase10.Reveal)  # p1 drew from the draw pile, then it is p1's move
    mine = t.events_for(0)[-1]
    theirs = t.events_for(1)[-1]
    last = len(t.record.actions) - 1
    assert TableEvent(last, None, f"reveal {drawn.card} > p1", drawn) == mine
    assert TableEvent(last, None, "reveal ? > p1", None) == theirs
    # every event reads back as the history's text does
    assert mine.event == parse_event(mine.text, CLASSIC)
    assert theirs.event == parse_event(theirs.text, CLASSIC)
    dealt = [e for e in t.events_for(1) if e.index == 0]
    assert 1 == len(dealt)
    assert f"{t.record.actions[0]} > p2" == dealt[0].text  # the first card goes to p2 (C-4)
    assert "deal ? > p2" == t.events_for(0)[0].text  # p1 sees that p2 got a card, not which
    # one event per action here: no hand has ended yet
    assert len(t.record.actions) == len(t.events_for(0))
    assert t.events_for(0)[5:] == t.events_for(0, since=5)


def test_a_skip_is_announced_in_the_events() -> None:
    for seed in range(40):
        t = Table.new(CLASSIC, [GreedyBot(), GreedyBot()], seed=str(seed))
        texts = [e.text for e in t.events_for(0)]
        if any("is skipped" in text for text in texts):
            break
    else:
        pytest.fail("no skip in 40 games")
    assert t.is_over and t.waiting_for is None


def test_payload_holds_view_legal_moves_and_news() -> None:
    t = table()
    p = t.payload(0, since=3)
    assert p["your_turn"] and not p["over"]
    assert {"text": "p1 draw", "json": {"action": "draw", "player": 0}} in p["legal"]
    assert len(t.record.actions) == p["next"]
    assert len(t.record.actions) - 3 == len(p["events"])
    assert (
        t.state.players[0].hand
        == phase10.from_dict({"format": "phase10/1", "view": p["view"]}, phase10.PlayerView).hand
    )
    other = t.payload(1)
    assert [] == other["legal"] and not other["your_turn"]
    json.dumps(p)  # JSON-ready


def test_seats_must_be_bots_or_people() -> None:
    with pytest.raises(TypeError, match="a seat is a Bot"):
        Table.new(CLASSIC, [None, "greedy"], seed="x")  # type: ignore[list-item]


def test_a_table_continues_a_record() -> None:
    t = table().submit(0, "draw")
    again = Table.from_record(t.record, [None, RandomBot()])
    assert t.state == again.state
    with pytest.raises(InvalidStateError):
        Table.from_record(t.record, [None])


class CheatingBot:
    def act(self, view: phase10.PlayerView, rng: object) -> phase10.Action:
        return phase10.Discard(view.player, phase10.Card.parse("R7"))  # never in the DRAW step


def test_a_bots_illegal_move_says_which_seat_played_it() -> None:
    with pytest.raises(IllegalActionError) as info:
        Table.new(CLASSIC, [None, CheatingBot()], seed="t")  # p2 starts
    assert ["played by the bot in seat p2"] == info.value.__notes__


def test_repr_is_python_that_rebuilds_the_table() -> None:
    t = table().submit(0, "draw")
    namespace = {name: getattr(phase10, name) for name in phase10.__all__}
    again = eval(repr(t), {**namespace, "Table": Table})
    assert t.state == again.state
    assert t.record == again.record


# ----------------------------------------------------------------------------- skipped seats

# One phase (2 sets of 3) and no penalty points: p1 and p2 both complete the phase in hand 1
# with 0 points, so they tie and play a tie-break hand (C-25, C-26) that p2 deals.
TIED = attrs.evolve(phase10.find_variant("classic-first-1"), scoring=Scoring(per_card=0))


def _tiebreak_record(*, turn_up: bool = True) -> phase10.GameRecord:
    """Hand 1 dealt by p1; in the tie-break hand p2 deals and a skip is turned up (C-21).

    Built with the engine from explicit chance actions, so that a table replays it.
    """
    hands = [
        "R1 B1 G1 Y1 R2 B2 G2 Y2 R1 B1",
        "R3 B3 G3 R4 B4 G4 Y5 Y6 Y7 Y8",
        "R9 R9 B9 B9 G9 G9 Y9 Y9 R10 R10",
    ]
    actions: list[phase10.Action] = [*deal_actions(new_game(TIED, 3, dealer=0), hands, "G12")]

    def turn(seat: int, drawn: str, *groups: str) -> GameState:
        """The state once ``seat`` has drawn ``drawn`` (and the groups it lays down)."""
        actions.extend((Draw(seat), Reveal(card(drawn))))
        state = play(new_game(TIED, 3, dealer=0), *actions)
        if groups:
            actions.append(lay(state, *groups))
        return state

    turn(1, "R11", "R3 B3 G3", "R4 B4 G4")  # p2 lays phase 1 down and keeps 4 cards
    actions.append(Discard(1, card("R11")))
    turn(2, "B11")
    actions.append(Discard(2, card("B11")))
    turn(0, "G11", "R1 B1 G1", "R2 B2 G2")  # p1 lays down, hits the rest and goes out
    for meld, c in ((0, "Y1"), (0, "R1"), (0, "B1"), (1, "Y2")):
        state = play(new_game(TIED, 3, dealer=0), *actions)
        actions.append(hit(state, 0, meld, c))
    actions.append(Discard(0, card("G11")))
    state = play(new_game(TIED, 3, dealer=0), *actions)
    assert ((0, 1), 1, TurnStep.DEAL) == (state.tiebreak, state.dealer, state.step)
    tied = ["R5 B5 G5 R6 B6 G6 Y1 Y2 Y3 Y4", "R7 B7 G7 R8 B8 G8 Y7 Y8 Y9 Y10", ""]
    chance = deal_actions(state, tied, "S")
    actions.extend(chance if turn_up else chance[:-1])
    return phase10.GameRecord(variant=TIED, num_players=3, dealer=0, actions=tuple(actions))


def test_a_skip_turned_up_in_a_tie_break_names_the_seat_the_rules_skip() -> None:
    """Issue 20: p2 deals the tie-break of p1 and p2; the skip turned up skips p1 (C-21, C-26).

    The table used to name p3 (the dealer + 1), who does not play the hand.
    """
    record = _tiebreak_record()
    t = Table.from_record(record, [None, None, None])
    assert 1 == t.waiting_for  # p1 lost the turn: p2 plays first
    before = phase10.replay(attrs.evolve(record, actions=record.actions[:-1]))
    assert (0,) == skipped_seats(before, t.state)
    for seat in range(3):
        texts = [e.text for e in t.events_for(seat)]
        assert ["turnup S", "p1 is skipped"] == texts[-2:]
        assert not any("p3 is skipped" in text for text in texts)
    skipped = t.events_for(2)[-1]
    assert (None, None, Event(skipped=0)) == (skipped.actor, skipped.action, skipped.event)
    assert any(e.text == "hand 1 over: p1 went out; scores 0 0 0" for e in t.events_for(0))
    # the picture of any seat's view names p1 as the seat that loses this turn
    for seat in range(3):
        picture = svg.table(view(t.state, seat))
        assert picture.count("skipped: loses this turn") == 1
        above = picture.split("skipped: loses this turn")[0]
        assert "p1" == re.findall(r">(p[123])[^<]*\u2014", above)[-1]


def test_the_terminal_game_says_the_seat_the_rules_skip() -> None:
    """The same tie-break in the terminal game: it reads the skip from the recorded event."""
    record = _tiebreak_record(turn_up=False)
    state = phase10.replay(record)
    n = len(record.actions)
    turn_ups = ((i, sample_chance(state, random.Random(f"{i}:{n}"))) for i in range(2000))
    # the seed whose turn-up is a skip, which the rules play on p1 (C-21)
    seed = next(str(i) for i, up in turn_ups if isinstance(up, TurnUp) and up.card.is_skip)
    out = io.StringIO()
    play_game(
        variant=TIED,
        players=3,
        bots=[GreedyBot()],
        human=1,
        seed=seed,
        load=record,
        stdin=io.StringIO("quit\n"),
        stdout=out,
    )
    lines = out.getvalue().splitlines()
    assert "p1 is skipped: loses a turn" in lines
    assert not [line for line in lines if "p3 is skipped" in line or "you are skipped" in line]


def test_a_table_keeps_no_state_per_action_and_pickles_flat() -> None:
    first = table(undo="always")
    one = first.submit(0, "draw")
    move = next(a for a in phase10.legal_actions(one.state) if isinstance(a, Discard))
    two = one.submit(0, move)
    assert len(two.record.actions) == len(two.events)
    assert not hasattr(two, "states")
    back = pickle.loads(pickle.dumps(two))
    assert (two.record, two.state, two.events) == (back.record, back.state, back.events)
    assert two.events_for(1) == back.events_for(1)
    # undo goes back to each table a move was submitted to, rebuilt from the record
    assert (one.record, one.state) == (back.undo().record, back.undo().state)
    assert (first.record, first.state) == (back.undo().undo().record, back.undo().undo().state)
    assert back.undo().undo().previous is None
    # the pickle holds the record, not the states: a finished game's is a few dozen kB
    done = Table.new(CLASSIC, [GreedyBot(), GreedyBot()], seed="pickled")
    assert done.is_over
    assert len(pickle.dumps(done)) < 60 * len(done.record.actions)
    assert "game over" in done.events_for(0)[-1].text
    assert Table.from_record(done.record, [None, None]).events == done.events
