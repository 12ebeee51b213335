"""Action notation: str(action) parses back, short forms, and the three kinds of error."""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import phase10
from phase10 import (
    CLASSIC,
    AmbiguousActionError,
    Deal,
    Discard,
    Draw,
    End,
    GameState,
    Hit,
    IllegalActionError,
    LayDown,
    NotationError,
    Phase10Error,
    Reveal,
    TurnUp,
    Value,
    Variant,
    Violation,
    action_text,
    apply,
    find_variant,
    legal_actions,
    new_game,
    parse_action,
    parse_card,
    parse_cards,
    view,
)
from tests.depth import examples, sized
from tests.strategies import game_states, random_states


def start(
    hands: Sequence[str], turn_up: str, *, variant: Variant = CLASSIC, phase: int = 0
) -> GameState:
    """A game with these hands dealt (seat 0, ``p1``, plays first) and ``turn_up`` turned up."""
    n = len(hands)
    state = new_game(variant, n, dealer=n - 1)
    if phase:
        players = tuple(attrs.evolve(p, phase=phase) for p in state.players)
        state = attrs.evolve(state, players=players).validate()
    dealt = [parse_cards(h) for h in hands]
    for r in range(variant.hand_size):
        for seat in range(n):
            state = apply(state, Deal(dealt[seat][r]))
    return apply(state, TurnUp(parse_card(turn_up)))


def draw(state: GameState, card: str) -> GameState:
    return apply(apply(state, Draw(state.turn)), Reveal(parse_card(card)))


def sets_state() -> GameState:
    """p1 to play phase 1 (2 sets of 3) with two wilds to spare."""
    state = start(["R7 B7 G7 R3 B3 G3 W W Y5 Y9", "R1 R2 R4 R5 R6 B1 B2 B4 B5 B6"], "G12")
    return draw(state, "Y11")


def runs_state() -> GameState:
    """p1 to play phase 2 (set of 3 + run of 4) with a wild to spare."""
    state = start(
        ["R7 B7 G7 R3 B4 G5 Y6 W Y9 Y10", "R1 R2 R4 R5 R6 B1 B2 B8 B5 B6"], "G12", phase=1
    )
    return draw(state, "Y11")


# ----------------------------------------------------------------------------- round trip


@settings(deadline=None, max_examples=examples(80))
@given(game_states(tag="notation"))
def test_every_legal_action_parses_back_from_its_notation(state: GameState) -> None:
    legal = legal_actions(state)
    for action in legal:
        # with pick-a-phase (V-4) the same cards may lay down two phases (a run of 8 is also a
        # run of 7 with an extra card, C-9): action_text names the phase, str() does not
        text = action_text(action, state.variant)
        assert parse_action(state, text) == action
        assert parse_action(state, text.lower()) == action
        assert parse_action(state, "  " + text.upper().replace(" ", "   ") + " ") == action
    who = state.current_player
    if who is not None and who >= 0:
        v = view(state, who)
        for action in legal[:30]:
            assert parse_action(v, action_text(action, state.variant)) == action


def test_pick_a_phase_laydown_names_its_phase() -> None:
    """V-4 with C-9: a run of 8 lays down phase 5, or phase 4 with an extra card."""
    pick = find_variant("classic-pick")
    state = start(
        ["W Y5 Y6 R7 Y8 B9 R10 G11 G1 G2", "R1 R2 R3 B1 B2 B3 G3 G4 Y1 Y2"], "Y12", variant=pick
    )
    state = draw(state, "B12")
    text = "p1 lay W=4 Y5 Y6 R7 Y8 B9 R10 G11"
    with pytest.raises(AmbiguousActionError) as caught:
        parse_action(state, text)
    assert 2 == len(caught.value.candidates)
    for action in caught.value.candidates:
        assert action == parse_action(state, action_text(action, pick))


def test_whole_games_parse_back() -> None:
    every = sized(7, slow=1, compat=21)  # a compat run (tests.depth) parses every 21st
    for name in ("classic", "master", "ten-phases"):
        for i, state in enumerate(random_states(name, 3, f"whole:{name}")):
            if i % every == 0:
                for action in legal_actions(state)[:10]:
                    assert parse_action(state, str(action)) == action


# ----------------------------------------------------------------------------- short forms


def test_the_seat_may_be_left_out() -> None:
    state = start(["R1 R2 R3 R4 R5 R6 R7 R8 R9 R10", "B1 B2 B3 B4 B5 B6 B7 B8 B9 B10"], "G1")
    assert parse_action(state, "draw") == Draw(0)
    assert parse_action(state, "P1 DRAW") == Draw(0)
    assert parse_action(state, "take") == phase10.TakeDiscard(0)


def test_melds_in_any_order_and_as_one_group() -> None:
    state = sets_state()
    canonical = parse_action(state, "p1 lay R3 B3 G3 | R7 B7 G7")
    assert isinstance(canonical, LayDown)
    assert str(canonical) == "p1 lay R3 B3 G3 | R7 B7 G7"
    assert parse_action(state, "lay b7 g7 r7 | g3 r3 b3") == canonical
    assert parse_action(state, "lay R7 B7 G7 R3 B3 G3") == canonical
    with_wild = parse_action(state, "lay W R7 B7 G7 | R3 B3 G3")
    assert str(with_wild) == "p1 lay R3 B3 G3 | R7 B7 G7 W=7"
    assert parse_action(state, "lay R7 B7 G7 W=7 | R3 B3 G3") == with_wild


def test_the_meld_count_must_match() -> None:
    state = sets_state()
    with pytest.raises(IllegalActionError) as error:
        parse_action(state, "lay R7 B7 G7 | R3 B3 | G3")
    assert error.value.code is Violation.PHASE_NOT_COMPLETE


def test_ambiguous_laydown_lists_candidates() -> None:
    state = sets_state()
    with pytest.raises(AmbiguousActionError) as error:
        parse_action(state, "lay R7 B7 G7 R3 B3 G3 W")
    candidates = error.value.candidates
    assert sorted(str(a) for a in candidates) == [
        "p1 lay R3 B3 G3 W=3 | R7 B7 G7",
        "p1 lay R3 B3 G3 | R7 B7 G7 W=7",
    ]
    assert set(candidates) <= set(legal_actions(state))
    assert error.value.text == "lay R7 B7 G7 R3 B3 G3 W"
    assert "write more of it" in str(error.value)


def test_hits_with_and_without_details() -> None:
    state = apply(sets_state(), parse_action(sets_state(), "lay R7 B7 G7 | R3 B3 G3"))
    wild = parse_card("W")
    assert parse_action(state, "hit p1.2 W") == Hit(0, 0, 1, wild, Value(7, None), End.ANY)
    assert parse_action(state, "hit W=3") == Hit(0, 0, 0, wild, Value(3, None), End.ANY)
    with pytest.raises(AmbiguousActionError) as error:
        parse_action(state, "p1 hit W")
    assert {str(a) for a in error.value.candidates} == {"p1 hit p1.1 W=3", "p1 hit p1.2 W=7"}


def test_run_hits_name_an_end_when_it_matters() -> None:
    state = runs_state()
    state = apply(state, parse_action(state, "lay R7 B7 G7 | R3 B4 G5 Y6"))
    with pytest.raises(AmbiguousActionError):
        parse_action(state, "hit p1.2 W")
    high = parse_action(state, "hit p1.2 W HIGH")
    assert str(high) == "p1 hit p1.2 W=7 high"
    assert parse_action(state, "hit p1.2 w=7") == high
    low = parse_action(state, "hit p1.2 W=2")
    assert isinstance(low, Hit)
    assert low.end is End.LOW


def test_skip_targets() -> None:
    state = start(
        [
            "S R2 R3 R4 R5 R6 R7 R8 R9 R10",
            "B1 B2 B3 B4 B5 B6 B7 B8 B9 B10",
            "G1 G2 G3 G4 G5 G6 G7 G8 G9 G10",
        ],
        "Y1",
    )
    state = draw(state, "Y12")
    with pytest.raises(AmbiguousActionError) as error:
        parse_action(state, "discard S")
    assert {str(a) for a in error.value.candidates} == {"p1 discard S>p2", "p1 discard S>p3"}
    target = Discard(0, parse_card("S"), target=2)
    assert parse_action(state, "discard s > P3") == target
    assert parse_action(state, "p1 discard S>p3") == target


def test_chance_actions() -> None:
    state = new_game(CLASSIC, 2)
    assert parse_action(state, "deal r1") == Deal(parse_card("R1"))
    assert parse_action(state, "DEAL W") == Deal(phase10.WILD)


# ----------------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("text", "token", "position"),
    [
        ("", "", 0),
        ("   ", "", 3),
        ("p1 frobnicate", "frobnicate", 3),
        ("p0 draw", "p0", 0),
        ("p1", "", 2),
        ("p1 discard X9", "X9", 11),
        ("p1 discard R13", "R13", 11),
        ("p1 discard", "", 10),
        ("p1 discard R7 p2", "p2", 14),
        ("p1 discard S>", "", 13),
        ("p1 discard S>x", "x", 13),
        ("p1 draw now", "now", 8),
        ("p1 hit p2.1 W=Q!", "W=Q!", 12),
        ("p1 hit p2.1 R7=7", "R7=7", 12),
        ("p1 hit p2.1 W middle", "middle", 14),
        ("p1 lay | R7", "|", 7),
        ("p1 lay R7 >", ">", 10),
        ("p1 lay", "", 6),
        ("p1 deal R7", "p1", 0),
        ("deal", "", 4),
        ("reshuffle now", "now", 10),
    ],
)
def test_syntax_errors_name_the_token_and_position(text: str, token: str, position: int) -> None:
    state = sets_state()
    with pytest.raises(NotationError) as error:
        parse_action(state, text)
    assert (error.value.token, error.value.position) == (token, position)
    assert error.value.text == text
    assert repr(text) in str(error.value)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("p2 draw", Violation.NOT_YOUR_TURN),
        ("p9 discard R7", Violation.NOT_YOUR_TURN),
        ("draw", Violation.WRONG_STEP),
        ("deal R7", Violation.NOT_CHANCE),
        ("discard B1", Violation.CARD_NOT_IN_HAND),
        ("lay R7 B7 G7 | R3 B3 Y3", Violation.CARD_NOT_IN_HAND),
        ("lay R7 B7 G7 | Y5 Y9 Y11", Violation.PHASE_NOT_COMPLETE),
        ("hit R7", Violation.PHASE_NOT_LAID_DOWN),
        ("discard S>p2", Violation.CARD_NOT_IN_HAND),
    ],
)
def test_illegal_actions_say_why(text: str, code: Violation) -> None:
    with pytest.raises(IllegalActionError) as error:
        parse_action(sets_state(), text)
    assert error.value.code is code
    assert str(error.value).startswith(f"illegal action {text!r}: ")


def test_illegal_hits_say_why() -> None:
    state = apply(sets_state(), parse_action(sets_state(), "lay R7 B7 G7 | R3 B3 G3"))
    cases = {
        "hit p1.1 Y5": Violation.HIT_DOES_NOT_FIT,
        "hit Y5": Violation.HIT_DOES_NOT_FIT,
        "hit p1.3 W": Violation.NO_SUCH_MELD,
        "hit p2.1 W": Violation.NO_SUCH_MELD,
        "hit p1.1 W=7": Violation.HIT_DOES_NOT_FIT,
        "hit p1.1 R1": Violation.CARD_NOT_IN_HAND,
    }
    for text, code in cases.items():
        with pytest.raises(IllegalActionError) as error:
            parse_action(state, text)
        assert error.value.code is code, text


def test_chance_and_game_over() -> None:
    state = new_game(CLASSIC, 2)
    with pytest.raises(IllegalActionError) as error:
        parse_action(state, "p1 draw")
    assert error.value.code is Violation.CHANCE_TO_ACT
    with pytest.raises(IllegalActionError) as error:
        parse_action(state, "turnup R7")
    assert error.value.code is Violation.WRONG_STEP
    over = next(s for s in random_states("classic-first-5", 2, "over") if s.is_over)
    with pytest.raises(IllegalActionError) as error:
        parse_action(over, "draw")
    assert error.value.code is Violation.GAME_OVER


def test_a_view_parses_only_its_viewers_actions() -> None:
    state = sets_state()
    assert parse_action(view(state, 0), "lay R7 B7 G7 | R3 B3 G3") == parse_action(
        state, "lay R7 B7 G7 | R3 B3 G3"
    )
    with pytest.raises(IllegalActionError) as error:
        parse_action(view(state, 1), "p1 discard Y11")
    assert error.value.code is Violation.NOT_YOUR_TURN


def test_non_text_is_refused() -> None:
    with pytest.raises(NotationError):
        parse_action(sets_state(), 7)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        parse_action("p1 draw", "p1 draw")  # type: ignore[arg-type]


NOTATION_ALPHABET = "pP123456789.0 |>=RBGYWSrbgyws" + "drawtkelyhicsounp"


@settings(deadline=None, max_examples=examples(300))
@given(st.text(alphabet=NOTATION_ALPHABET, max_size=30) | st.text(max_size=20))
def test_any_text_parses_or_raises_a_phase10_error(text: str) -> None:
    for state in (sets_state(), new_game(CLASSIC, 2)):
        try:
            action = parse_action(state, text)
        except (NotationError, IllegalActionError, AmbiguousActionError) as error:
            assert isinstance(error, Phase10Error)
        else:
            assert action in legal_actions(state)
