"""The game loop of servers and terminal games, ``phase10.table.Table``."""

from __future__ import annotations

import json

import pytest

import phase10
from phase10 import CLASSIC, GreedyBot, RandomBot, to_json
from phase10.errors import (
    FormatError,
    IllegalActionError,
    InvalidStateError,
    LaydownError,
    MeldProblem,
    NotationError,
    Violation,
)
from phase10.table import Table, TableEvent


def table() -> Table:
    return Table.new(CLASSIC, [None, GreedyBot()], seed="t")


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
    t = table()
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
    expected = "a set holds one number, these cards have 1 and 2 and 3"
    assert [(0, MeldProblem.MIXED_NUMBERS, expected), (1, MeldProblem.MIXED_NUMBERS, expected)] == [
        (p.index, p.problem, p.reason) for p in info.value.problems
    ]


def test_events_mask_what_the_seat_may_not_see() -> None:
    t = table().submit(0, "draw")
    drawn = t.record.actions[-1]
    assert isinstance(drawn, phase10.Reveal)  # p1 drew from the draw pile, then it is p1's move
    mine = t.events_for(0)[-1]
    theirs = t.events_for(1)[-1]
    assert TableEvent(len(t.record.actions) - 1, None, f"p1 drew {drawn.card}", drawn) == mine
    assert TableEvent(len(t.record.actions) - 1, None, "p1 drew a card", None) == theirs
    dealt = t.events_for(1)[0]
    assert dealt.action is None or dealt.text.startswith("p2 was dealt ")
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
