"""GameState.problems: one list of invariants, the same verdict from validate and from_json."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import phase10
from phase10 import (
    FormatError,
    GameState,
    InvalidStateError,
    StateProblem,
    TurnStep,
    from_json,
    sort_cards,
    to_json,
)
from phase10 import state as state_module
from phase10.cards import Card, Kind
from tests.strategies import cards, random_states


def classic_play() -> GameState:
    """A classic 3-player state at a PLAY step with melds on the table."""
    return next(
        s
        for s in random_states("classic", 3, "problems")
        if s.step is TurnStep.PLAY and sum(map(len, s.table)) >= 2
    )


def with_player(state: GameState, seat: int, **changes: Any) -> GameState:
    players = list(state.players)
    players[seat] = attrs.evolve(players[seat], **changes)
    return attrs.evolve(state, players=tuple(players))


def laid_seat(state: GameState) -> int:
    return next(i for i, row in enumerate(state.table) if row)


def empty_table(s: GameState) -> GameState:
    return attrs.evolve(s, table=())


def melds_without_laid_down(s: GameState) -> GameState:
    return with_player(s, laid_seat(s), laid_down=False)


def repeated_completed(s: GameState) -> GameState:
    return with_player(s, 0, completed=(0, 0))


def winners_too_early(s: GameState) -> GameState:
    return attrs.evolve(s, winners=(0,))


def tiebreak_out_of_order(s: GameState) -> GameState:
    return attrs.evolve(s, tiebreak=(2, 1))


def tiebreak_of_one(s: GameState) -> GameState:
    return attrs.evolve(s, tiebreak=(s.turn,))


def receiver_not_a_seat(s: GameState) -> GameState:
    return attrs.evolve(s, receiver=5)


def turn_outside_tiebreak(s: GameState) -> GameState:
    return attrs.evolve(s, tiebreak=tuple(i for i in range(3) if i != s.turn))


def play_with_empty_hand(s: GameState) -> GameState:
    hand = s.players[s.turn].hand
    moved = with_player(s, s.turn, hand=())
    return attrs.evolve(moved, discard_pile=s.discard_pile + hand)


def draw_from_empty_pile(s: GameState) -> GameState:
    return attrs.evolve(
        s, step=TurnStep.DRAW, draw_pile=(), discard_pile=s.discard_pile + s.draw_pile
    )


def too_many_dealt(s: GameState) -> GameState:
    return attrs.evolve(s, dealt=31)


def drawn_while_playing(s: GameState) -> GameState:
    return attrs.evolve(s, draw_pile=s.draw_pile[1:], drawn=s.draw_pile[:1])


def offers_while_playing(s: GameState) -> GameState:
    return attrs.evolve(s, draw_pile=s.draw_pile[1:], offers=((0, s.draw_pile[0]),))


# Each of these states was accepted by GameState.validate and refused by from_json before
# the two shared one list of invariants (problems).
CASES: list[tuple[Callable[[GameState], GameState], str]] = [
    (empty_table, "table"),  # the rules index the table by seat: an empty one is refused
    (melds_without_laid_down, "players[{laid}].laid_down"),
    (repeated_completed, "players[0].completed[0]"),
    (winners_too_early, "winners"),
    (tiebreak_out_of_order, "tiebreak"),
    (tiebreak_of_one, "tiebreak"),  # C-26: a tie-break is between tied players
    (receiver_not_a_seat, "receiver"),
    (turn_outside_tiebreak, "turn"),
    (play_with_empty_hand, "players[{turn}].hand"),
    (draw_from_empty_pile, "draw_pile"),
    (too_many_dealt, "dealt"),
    (drawn_while_playing, "drawn"),
    (offers_while_playing, "offers"),
]


def assert_same_verdict(bad: GameState, path: str) -> None:
    first = next(bad.problems())
    assert path == first.path
    with pytest.raises(InvalidStateError) as refused:
        bad.validate()
    assert f"{path}: {first.message}" == str(refused.value)
    with pytest.raises(FormatError) as error:
        from_json(to_json(bad))
    assert (f"$.state.{path}", f"$.state.{path}: {first.message}") == (
        error.value.path,
        str(error.value),
    )


@pytest.mark.parametrize(("make", "path"), CASES, ids=[make.__name__ for make, _ in CASES])
def test_validate_and_from_json_give_one_verdict(
    make: Callable[[GameState], GameState], path: str
) -> None:
    state = classic_play()
    assert [] == list(state.problems())
    assert state == from_json(to_json(state), GameState)
    path = path.format(laid=laid_seat(state), turn=state.turn)
    assert_same_verdict(make(state), path)


def test_turn_up_needs_a_number_card_under_m6() -> None:
    # rule M-6: only a number card is turned up, so a pile of wilds and action cards leaves
    # chance nothing to do (from_json used to find this out by asking the rules)
    state = next(s for s in random_states("master", 2, "turn-up") if s.step is TurnStep.TURN_UP)
    numbers = tuple(c for c in state.draw_pile if c.kind is Kind.NUMBER)
    others = tuple(c for c in state.draw_pile if c.kind is not Kind.NUMBER)
    bad = attrs.evolve(
        state, draw_pile=others, discard_pile=state.discard_pile + sort_cards(numbers)
    )
    assert [] == list(state.problems())
    assert_same_verdict(bad, "step")
    assert () == phase10.legal_actions(bad)


def test_problems_yields_every_problem_with_its_path() -> None:
    state = classic_play()
    first = state.players[0]
    bad = with_player(state, 0, hand=first.hand[::-1])
    bad = with_player(bad, 1, phase=11)
    bad = attrs.evolve(bad, winners=(0,), dealt=31, draw_pile=bad.draw_pile[1:])
    missing = state.draw_pile[0]
    expected = [
        StateProblem(
            "players[0].hand",
            "the hand of p1 is not in canonical order (see phase10.sort_cards)",
        ),
        StateProblem("players[1].phase", "phase index 11 is past the last phase (10)"),
        StateProblem("", f"cards are not conserved: missing {missing}"),
        StateProblem("winners", "winners are named only once the game is over"),
        StateProblem("dealt", "more cards dealt than 3 hands of 10"),
    ]
    assert expected == list(bad.problems())
    assert "cards are not conserved: missing R1" == str(
        StateProblem("", "cards are not conserved: missing R1")
    )


def test_seats_out_of_range_stop_the_checks_that_need_them() -> None:
    state = classic_play()
    bad = attrs.evolve(state, turn=7, table=state.table[:2])
    paths = [p.path for p in bad.problems()]
    assert ["turn", "table"] == paths[:2]
    assert "winners" not in paths  # consistency checks need real seats; they are left out


@given(st.lists(cards(), max_size=12))
def test_canonical_order_by_sort_index_is_by_sort_key(cs: list[Card]) -> None:
    keys = [c.sort_key for c in cs]
    assert (keys == sorted(keys)) == state_module._in_order(tuple(cs))


def test_a_card_without_sort_index_is_counted_by_its_key() -> None:
    state = classic_play()
    hand = state.players[0].hand
    ranged = Card(Kind.WILD, wild_numbers=frozenset({1, 2}))  # sort_index -1: not in the deck
    bad = with_player(state, 0, hand=(*hand[:-1], ranged))
    at = f"players[0].hand[{len(hand) - 1}]"
    expected = [
        StateProblem(at, f"{ranged} is a card not in the deck (the deck has 0)"),
        StateProblem("", f"cards are not conserved: missing {hand[-1]}"),
    ]
    assert expected == [p for p in bad.problems() if p.path in (at, "")]
