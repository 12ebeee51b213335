"""Scripted engine scenarios: one per classic rule (C-1 ... C-26) and per rule option.

Every position comes from an explicit deal (``tests/helpers.py``), never from luck.
Seats are 0-based in code and ``p1``, ``p2``, ... in messages. Unless a test says otherwise
the dealer is the last seat, so seat 0 (``p1``) plays first.
"""

from __future__ import annotations

import pickle
import random
from collections import Counter
from collections.abc import Callable
from typing import cast

import attrs
import pytest

from phase10 import (
    CLASSIC,
    CLASSIC_COLORS,
    CLASSIC_PHASES,
    SKIP,
    WILD,
    Action,
    Card,
    Color,
    DefinitionError,
    Discard,
    Draw,
    End,
    GameState,
    History,
    Hit,
    InvalidActionError,
    InvalidStateError,
    KeepHand,
    Kind,
    LayDown,
    Meld,
    NaturalScope,
    Phase,
    PhaseMelds,
    PlayerState,
    Reshuffle,
    Reveal,
    SeatView,
    SetOf,
    SkipLimit,
    SkipTarget,
    TakeDiscard,
    TakeOffer,
    TiebreakWin,
    TurnStep,
    TurnUp,
    Value,
    Variant,
    Violation,
    apply,
    chance_outcomes,
    check_meld,
    classic_deck,
    is_legal,
    legal_actions,
    new_game,
    play_chance,
    sort_cards,
)
from phase10._fast import make_evolve, make_trusted
from tests.helpers import (
    card,
    cards,
    count_cards,
    deal,
    deal_actions,
    dealing_order,
    discard,
    draw,
    hit,
    lay,
    play,
    refuse,
    start,
    take,
)
from tests.strategies import TwinsOf

# Hands used by several scenarios (each number card exists twice per colour).
#: Phase 1 ready (R1 B1 G1 | R2 B2 G2); R9 B10 G11 Y12 is also a run of 4.
READY = "R1 B1 G1 R2 B2 G2 R9 B10 G11 Y12"
#: No two sets of 3; Y5 ... R12 is a run of 8 (phase 5) holding runs of 7 (phase 4).
RUNNER = "Y5 Y6 Y7 R8 B9 G10 Y11 R12 B6 G7"
#: Goes out on phase 1 or 10 with all ten cards: a set of 5 threes and a set of 5 fours.
OUT = "R3 R3 B3 G3 Y3 R4 R4 B4 G4 Y4"
OUT_GROUPS = ("R3 R3 B3 G3 Y3", "R4 R4 B4 G4 Y4")
#: Nothing to lay down: no three cards of a number (65 points).
NOTHING = "Y8 Y9 Y10 R11 B12 G1 Y2 Y5 B6 G6"

#: A variant with a 22-card deck (the 1s, the 2s and R3 R3 B3 B3 G3 G3) and phase 1 twice:
#: after the deal the draw pile holds one card.
TINY = Variant(
    name="tiny", deck=classic_deck()[:22], phases=(CLASSIC_PHASES[0],) * 2, max_players=2
)


def layable(state: GameState) -> list[LayDown]:
    return [a for a in legal_actions(state) if isinstance(a, LayDown)]


def hits(state: GameState) -> list[Hit]:
    return [a for a in legal_actions(state) if isinstance(a, Hit)]


def skip_discards(state: GameState) -> set[Action]:
    return {a for a in legal_actions(state) if isinstance(a, Discard) and a.card == SKIP}


def go_out(state: GameState, drawn: str, *groups: str) -> GameState:
    """The player to act draws ``drawn``, lays ``groups`` down and discards ``drawn``."""
    state = draw(state, drawn)
    return play(state, lay(state, *groups), discard(state, drawn))


def pass_turn(state: GameState, drawn: str) -> GameState:
    """The player to act draws ``drawn`` and discards it."""
    state = draw(state, drawn)
    return play(state, discard(state, drawn))


# ----------------------------------------------------------------------------- deck, players


def test_c1_classic_deck_has_108_cards() -> None:
    # rule C-1: 1-12 twice in four colours, 8 wilds, 4 skips
    numbers = {Card(Kind.NUMBER, n, c): 2 for n in range(1, 13) for c in CLASSIC_COLORS}
    expected = Counter({**numbers, WILD: 8, SKIP: 4})
    assert expected == Counter(CLASSIC.deck)
    assert 108 == len(CLASSIC.deck)
    assert expected == count_cards(new_game(CLASSIC, 2))


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_c2_two_to_six_players(players: int) -> None:
    # rule C-2
    state = new_game(CLASSIC, players)
    assert players == state.num_players
    assert (0,) * players == state.scores


@pytest.mark.parametrize("players", [1, 7])
def test_c2_new_game_refuses_1_and_7_players(players: int) -> None:
    # rule C-2
    with pytest.raises(InvalidStateError) as info:
        new_game(CLASSIC, players)
    assert f"classic is for 2 to 6 players, got {players}" == str(info.value)


def test_new_game_refuses_a_dealer_who_is_not_a_seat() -> None:
    with pytest.raises(InvalidStateError):
        new_game(CLASSIC, 3, dealer=3)


# ----------------------------------------------------------------------------- deal, first player


def test_c3_deal_ten_each_one_at_a_time_and_turn_up_one() -> None:
    # rule C-3; with dealer p1 the deal starts with p2 (C-4)
    state = new_game(CLASSIC, 3, dealer=0)
    actions = deal_actions(state, [READY, RUNNER, OUT], "R5")
    assert (1, 2, 0) == dealing_order(state)
    after_one = apply(state, actions[0])
    assert ((), cards("Y5"), ()) == tuple(p.hand for p in after_one.players)
    after_three = play(after_one, *actions[1:3])
    assert (cards("R1"), cards("Y5"), cards("R3")) == tuple(p.hand for p in after_three.players)
    dealt = play(state, *actions[:-1])
    assert TurnStep.TURN_UP == dealt.step
    assert (10, 10, 10) == tuple(len(p.hand) for p in dealt.players)
    assert 108 - 30 == len(dealt.draw_pile)
    turned = apply(dealt, actions[-1])
    assert (cards("R5"), 108 - 31) == (turned.discard_pile, len(turned.draw_pile))
    assert (TurnStep.DRAW, 1) == (turned.step, turned.turn)
    assert turned == deal(state, [READY, RUNNER, OUT], "R5")
    assert [sort_cards(cards(h)) for h in (READY, RUNNER, OUT)] == [p.hand for p in turned.players]


def test_c4_left_of_dealer_starts_play_is_clockwise_and_dealer_rotates() -> None:
    # rule C-4
    state = start([READY, RUNNER, OUT], "R5", dealer=1)
    order = []
    for drawn in ("G5", "B5", "Y8"):
        order.append(state.turn)
        state = pass_turn(state, drawn)
    order.append(state.turn)
    assert [2, 0, 1, 2] == order
    state = go_out(state, "G8", *OUT_GROUPS)
    assert (2, 2, TurnStep.DEAL, 0) == (state.hand_number, state.dealer, state.step, state.turn)
    assert (0, 1, 2) == dealing_order(state)
    state = deal(state, [RUNNER, OUT, READY], "R5")
    assert (TurnStep.DRAW, 0) == (state.step, state.turn)


# ----------------------------------------------------------------------------- phases, groups


def test_c5_phases_in_order_players_on_different_phases() -> None:
    # rule C-5: p1 is on phase 1, p2 on phase 4
    state = start([READY, RUNNER], "R5", phase=(0, 3))
    assert (CLASSIC_PHASES[0], CLASSIC_PHASES[3]) == (
        state.current_phase(0),
        state.current_phase(1),
    )
    state = draw(state, "G5")
    assert {CLASSIC_PHASES[0]} == {a.laydown.phase for a in layable(state)}
    # READY also holds phase 2 (R1 B1 G1 + R9 B10 G11 Y12), which p1 may not skip ahead to
    ahead = lay(state, "R1 B1 G1", "R9 B10 G11 Y12", phase=CLASSIC_PHASES[1])
    message = refuse(state, ahead, Violation.PHASE_NOT_COMPLETE)
    assert "p1 must lay down 2 sets of 3, not 1 set of 3 + 1 run of 4" in message
    state = play(state, discard(state, "G5"))
    state = draw(state, "R6")
    assert {CLASSIC_PHASES[3]} == {a.laydown.phase for a in layable(state)}
    assert lay(state, "Y5 B6 Y7 R8 B9 G10 Y11") in layable(state)


def test_c6_set_ignores_colours_and_two_sets_may_share_a_number() -> None:
    # rule C-6: R7 R7 B7 | B7 G7 G7 is phase 1
    state = draw(start(["R7 R7 B7 B7 G7 G7 R10 B11 G12 Y12", NOTHING], "R5"), "Y1")
    action = lay(state, "R7 R7 B7", "B7 G7 G7")
    assert action in layable(state)
    after = play(state, action)
    assert ["R7 R7 B7", "B7 G7 G7"] == [str(m) for m in after.table[0]]


def test_c7_runs_do_not_wrap_by_default() -> None:
    # rule C-7, option runs_wrap=False: 11 12 1 2 is no run
    hands = ["Y11 Y12 R1 B2 R5 B5 G5 Y7 R8 B9", NOTHING]
    wrap = CLASSIC.with_options(runs_wrap=True)
    wrapped = draw(start(hands, "R6", variant=wrap, phase=(1, 0)), "Y3")
    classic = draw(start(hands, "R6", phase=(1, 0)), "Y3")
    action = lay(wrapped, "R5 B5 G5", "Y11 Y12 R1 B2")
    assert [] == layable(classic)
    refuse(classic, action, Violation.PHASE_NOT_COMPLETE)
    # option runs_wrap=True: the same laydown is legal
    assert action in layable(wrapped)
    assert 2 == len(play(wrapped, action).table[0])


def test_c8_colour_group_ignores_numbers() -> None:
    # rule C-8: phase 8, seven reds with a repeated 3
    state = draw(start(["R1 R3 R3 R5 R8 R11 R12 B2 G4 Y6", NOTHING], "R6", phase=(7, 0)), "Y7")
    action = lay(state, "R1 R3 R3 R5 R8 R11 R12")
    assert [action] == layable(state)
    assert "R1 R3 R3 R5 R8 R11 R12" == str(play(state, action).table[0][0])


def test_c9_groups_may_be_longer_but_no_extra_group() -> None:
    # rule C-9
    state = draw(start(["R1 B1 G1 Y1 R2 B2 G2 R3 B3 G3", NOTHING], "R5"), "Y6")
    longer = lay(state, "R1 B1 G1 Y1", "R2 B2 G2")
    assert longer in layable(state)
    extra = [check_meld(text, SetOf(3)).melds[0] for text in ("R1 B1 G1", "R2 B2 G2", "R3 B3 G3")]
    three = LayDown(0, PhaseMelds(CLASSIC_PHASES[0], tuple(extra)))
    message = refuse(state, three, Violation.PHASE_NOT_COMPLETE)
    assert "2 sets of 3 needs 2 groups, got 3" in message


def test_c10_whole_phase_at_once() -> None:
    # rule C-10: a partial phase cannot be laid down
    state = draw(start([READY, NOTHING], "R5"), "G6")
    half = LayDown(0, PhaseMelds(CLASSIC_PHASES[0], (check_meld("R1 B1 G1", SetOf(3)).melds[0],)))
    refuse(state, half, Violation.PHASE_NOT_COMPLETE)
    whole = play(state, lay(state, "R1 B1 G1", "R2 B2 G2"))
    assert ["R1 B1 G1", "R2 B2 G2"] == [str(m) for m in whole.table[0]]
    assert cards("G6 R9 B10 G11 Y12") == whole.players[0].hand


# ----------------------------------------------------------------------------- a turn


def test_c11_draw_from_the_draw_pile_or_take_the_discard() -> None:
    # rule C-11
    state = start([READY, NOTHING], "R5")
    assert (Draw(0), TakeDiscard(0)) == legal_actions(state)
    drawn = apply(state, Draw(0))
    assert (TurnStep.REVEAL, -1) == (drawn.step, drawn.current_player)
    assert {Reveal(c) for c in drawn.draw_pile} == set(legal_actions(drawn))
    revealed = apply(drawn, Reveal(card("G6")))
    assert (TurnStep.PLAY, 11, cards("R5")) == (
        revealed.step,
        len(revealed.players[0].hand),
        revealed.discard_pile,
    )
    taken = take(state)
    assert (TurnStep.PLAY, (), True) == (
        taken.step,
        taken.discard_pile,
        card("R5") in taken.players[0].hand,
    )


def test_c12_lay_down_is_optional_and_once_per_hand() -> None:
    # rule C-12: lay down (optional), then hit (optional), then discard
    state = draw(start([READY, NOTHING], "R5"), "G2")
    laydown = lay(state, "R1 B1 G1", "R2 B2 G2")
    assert laydown in layable(state)
    assert discard(state, "G2") in legal_actions(state)  # laying down is optional
    state = play(state, laydown)
    state = play(state, hit(state, 0, 1, "G2"))
    assert "R2 B2 G2 G2" == str(state.table[0][1])
    assert [] == layable(state)  # once per hand
    refuse(state, laydown, Violation.ALREADY_LAID_DOWN)
    state = pass_turn(play(state, discard(state, "R9")), "Y3")
    assert [] == layable(draw(state, "Y6"))  # still not on the next turn


def test_c12_a_user_group_that_repeats_a_place_pattern_is_offered() -> None:
    # rules C-9, C-12: the engine's existence check counted the places of TwinsOf's shapes
    # by pattern (two places of fives as one) and never offered a laydown of naturals alone
    variant = Variant(name="twins", phases=(Phase((TwinsOf(3),)),))
    hand = "R5 B5 G2 Y9 R11 B12 G10 Y3 R8 B6"
    state = draw(start([hand, NOTHING], "G7", variant=variant), "G11")
    expected = {
        f"p1 lay {twins} {low}"
        for pair in (("R5", "B5"), ("R11", "G11"))
        for twins in (" ".join(pair), " ".join(reversed(pair)))
        for low in ("G2", "Y3")
    }
    assert expected == {str(a) for a in layable(state)}


def test_c13_discard_ends_the_turn_and_the_last_card_ends_the_hand() -> None:
    # rule C-13
    state = draw(start([OUT, NOTHING], "R5"), "G6")
    passed = play(state, discard(state, "G6"))
    assert (TurnStep.DRAW, 1, card("G6")) == (passed.step, passed.turn, passed.top_discard)
    state = play(state, lay(state, *OUT_GROUPS))
    assert cards("G6") == state.players[0].hand
    ended = play(state, discard(state, "G6"))
    assert (2, TurnStep.DEAL) == (ended.hand_number, ended.step)


# ----------------------------------------------------------------------------- hitting


def _hit_scenario(variant: Variant) -> GameState:
    """p2 lays down on their first turn; p1 lays down on their second and holds G5 and Y2."""
    hands = ["R1 B1 G1 R2 B2 G2 Y2 R9 Y10 Y11", "R5 B5 G5 R6 B6 G6 Y7 Y8 Y9 Y12"]
    state = pass_turn(start(hands, "B12", variant=variant), "G12")
    state = draw(state, "R3")
    state = play(state, lay(state, "R5 B5 G5", "R6 B6 G6"), discard(state, "R3"))
    state = draw(state, "G5")
    # rule C-14: no hitting before one's own phase is laid down
    refuse(state, hit(state, 1, 0, "G5"), Violation.PHASE_NOT_LAID_DOWN)
    return play(state, lay(state, "R1 B1 G1", "R2 B2 G2"))


def test_c14_hit_others_on_the_laydown_turn() -> None:
    # rule C-14, option hit_others_on_laydown_turn=True
    state = _hit_scenario(CLASSIC)
    assert {(0, 1), (1, 0)} == {(h.owner, h.meld) for h in hits(state)}
    state = play(state, hit(state, 1, 0, "G5"), hit(state, 0, 1, "Y2"))
    assert ["R5 B5 G5 G5", "R6 B6 G6"] == [str(m) for m in state.table[1]]
    assert "R2 B2 G2 Y2" == str(state.table[0][1])


def test_c14_hit_others_only_from_the_next_turn() -> None:
    # rule C-14, option hit_others_on_laydown_turn=False: own melds only on the laydown turn
    state = _hit_scenario(CLASSIC.with_options(hit_others_on_laydown_turn=False))
    assert {(0, 1)} == {(h.owner, h.meld) for h in hits(state)}
    message = refuse(state, hit(state, 1, 0, "G5"), Violation.HIT_NOT_ALLOWED_YET)
    assert "others' melds can be hit only from the turn after laying down" in message
    state = play(state, hit(state, 0, 1, "Y2"), discard(state, "R9"))
    state = draw(pass_turn(state, "B7"), "B3")
    state = play(state, hit(state, 1, 0, "G5"))
    assert "R5 B5 G5 G5" == str(state.table[1][0])


def test_c15_go_out_by_hitting() -> None:
    """Rule C-15, option go_out_by_hitting=True: seed 001's short classic text.

    Seed 001: a player goes out «делая сброс или выкладывая все карты» ("by hitting or by
    laying down all cards"), where «сброс» means hitting.
    """  # noqa: RUF002 - the seed's own words
    variant = CLASSIC.with_options(go_out_by_hitting=True)
    hand = "R1 R1 B1 G1 Y1 R2 R2 B2 G2 Y2"
    state = draw(start([hand, NOTHING], "R5", score=(0, 5), variant=variant), "B1")
    everything = lay(state, "R1 R1 B1 B1 G1 Y1", "R2 R2 B2 G2 Y2")
    assert everything in layable(state)  # laying down every card also goes out
    state = play(state, lay(state, "R1 R1 B1 G1 Y1", "R2 R2 B2 G2 Y2"))
    assert cards("B1") == state.players[0].hand
    out = play(state, hit(state, 0, 0, "B1"))
    assert (2, (0, 5 + 65)) == (out.hand_number, out.scores)


def test_c15_must_discard_the_last_card() -> None:
    """Rule C-15, the classic default go_out_by_hitting=False: a turn ends with a discard.

    Seed 000: «mindig úgy kell befejeznie a körét, hogy … egy kártyát tesz az eldobott halom
    tetejére» (a turn always ends by putting a card on the discard pile); seed 002: «fiecare
    tură se termină cu un jucător care plasează o carte în partea de sus a grămezii
    aruncate» (every turn ends with a player placing a card on the discard pile); seed 003's
    example ends every turn with a discard.
    """
    assert CLASSIC.go_out_by_hitting is False
    hand = "R1 R1 B1 G1 Y1 R2 R2 B2 G2 Y2"
    state = draw(start([hand, NOTHING], "R5"), "B1")
    refuse(state, lay(state, "R1 R1 B1 B1 G1 Y1", "R2 R2 B2 G2 Y2"), Violation.MUST_DISCARD_LAST)
    state = play(state, lay(state, "R1 R1 B1 G1 Y1", "R2 R2 B2 G2 Y2"))
    assert [] == hits(state)
    refuse(state, hit(state, 0, 0, "B1"), Violation.MUST_DISCARD_LAST)
    out = play(state, discard(state, "B1"))
    assert (2, (0, 65)) == (out.hand_number, out.scores)


# ----------------------------------------------------------------------------- empty draw pile


def test_c16_reshuffle_is_a_chance_node_with_one_outcome() -> None:
    # rule C-16: with 22 cards the draw pile holds one card after the deal
    hands = ["R1 R1 B1 B1 G1 G1 Y1 Y1 R2 R2", "B2 B2 G2 G2 Y2 Y2 R3 R3 B3 B3"]
    state = start(hands, "G3", variant=TINY)
    assert cards("G3") == state.draw_pile
    state = draw(state, "G3")
    state = play(state, discard(state, "Y1"))
    assert (TurnStep.RESHUFFLE, -1, 1) == (state.step, state.current_player, state.turn)
    assert ((Reshuffle(), 1.0),) == chance_outcomes(state)
    assert (Reshuffle(),) == legal_actions(state)
    refuse(state, Draw(1), Violation.CHANCE_TO_ACT)
    state = play(state, Reshuffle())
    assert (cards("G3"), cards("Y1")) == (state.draw_pile, state.discard_pile)
    assert (TurnStep.DRAW, 1) == (state.step, state.turn)


def test_c16_nothing_left_to_draw_ends_the_hand_without_a_winner() -> None:
    # rule C-16 edge (documented in rules._begin_turn): no draw pile and a discard pile of
    # one card end the hand; nobody scores, phases still advance (C-22). In play the two
    # piles always hold at least two cards when a turn begins, so the position is hand-built.
    hands = ["R1 R1 B1 B1 G1 G1 Y1 Y1 R2 R2", "B2 B2 G2 G2 Y2 Y2 R3 R3 B3 B3"]
    state = take(start(hands, "G3", variant=TINY))
    assert ((), cards("G3")) == (state.discard_pile, state.draw_pile)
    second = state.players[1]
    moved = attrs.evolve(second, hand=tuple(sorted((*second.hand, card("G3")))))
    state = attrs.evolve(state, players=(state.players[0], moved), draw_pile=()).validate()
    state = play(state, lay(state, "R1 R1 B1 B1", "G1 G1 Y1 Y1"), discard(state, "G3"))
    assert (2, TurnStep.DEAL, 0) == (state.hand_number, state.step, state.dealer)
    assert ((0, 0), (1, 0)) == (state.scores, state.phases)


def test_c16_reshuffle_limit_ends_the_hand_without_a_winner() -> None:
    # rule C-16 with the house limit max_reshuffles (here 0): no reshuffle, the hand ends
    hands = ["R1 R1 B1 B1 G1 G1 Y1 Y1 R2 R2", "B2 B2 G2 G2 Y2 Y2 R3 R3 B3 B3"]
    state = draw(start(hands, "G3", variant=attrs.evolve(TINY, max_reshuffles=0)), "G3")
    state = play(state, discard(state, "Y1"))
    assert (2, TurnStep.DEAL, (0, 0), (0, 0)) == (
        state.hand_number,
        state.step,
        state.scores,
        state.phases,
    )


# ----------------------------------------------------------------------------- wilds


def test_c17_every_group_needs_a_natural_card() -> None:
    # rule C-17, option natural_minimum=group: W W W is no set
    hands = ["W W W R7 B7 G7 R10 B11 G12 Y12", NOTHING]
    per_group = CLASSIC.with_options(natural_minimum=NaturalScope.GROUP)
    loose = draw(start(hands, "R5"), "Y6")
    strict = draw(start(hands, "R5", variant=per_group), "Y6")
    wilds_alone = lay(loose, "W=5 W=5 W=5", "R7 B7 G7")
    message = refuse(strict, wilds_alone, Violation.PHASE_NOT_COMPLETE)
    assert "group 2 (W=5 W=5 W=5), a set of 3: a set of 3 needs at least 1 natural card" in message
    assert all(m.naturals >= 1 for a in layable(strict) for m in a.laydown.melds)
    # natural_minimum=phase (the default): one natural card in the whole phase is enough
    assert wilds_alone in layable(loose)


@pytest.mark.parametrize(
    "variant",
    [CLASSIC, CLASSIC.with_options(natural_minimum=NaturalScope.PHASE)],
    ids=["default", "phase"],
)
def test_c17_per_phase_minimum_still_needs_one_natural(variant: Variant) -> None:
    """C-17 per phase, the default. Seed 000: "A fázisban azonban ki kell játszani legalább egy
    „természetes” lapot"; seed 003: "siempre y cuando tenga una sola carta normal para colocar
    cuando forme su fase". A phase of wilds alone is never a laydown."""
    state = draw(start(["W W W W W W R7 B8 G9 Y10", NOTHING], "R5", variant=variant), "Y6")
    message = refuse(state, lay(state, "W=5 W=5 W=5", "W=6 W=6 W=6"), Violation.PHASE_NOT_COMPLETE)
    assert "the phase needs at least 1 natural card, these melds hold 0" in message
    assert lay(state, "W=5 W=5 W=5", "R7 W=7 W=7") in layable(state)
    assert all(sum(m.naturals for m in a.laydown.melds) >= 1 for a in layable(state))


def test_c17_no_minimum_lays_a_phase_of_wilds() -> None:
    """C-17, option natural_minimum=none: seed 002 sets no natural-card minimum."""
    variant = CLASSIC.with_options(natural_minimum=NaturalScope.NONE)
    state = draw(start(["W W W W W W R7 B8 G9 Y10", NOTHING], "R5", variant=variant), "Y6")
    wilds = lay(state, "W=5 W=5 W=5", "W=6 W=6 W=6")
    assert wilds in layable(state)
    after = apply(state, wilds)
    assert after.players[0].laid_down
    assert "Y6 R7 B8 G9 Y10" == " ".join(map(str, after.players[0].hand))


def test_c14_wilds_may_be_hit_under_every_scope() -> None:
    """C-14: the minimum is about laying a phase; a wild may be hit on a laid meld (seed 000:
    "A vadkártyák a meglévő fázisokon is játszhatók")."""
    for scope in NaturalScope:
        variant = CLASSIC.with_options(natural_minimum=scope)
        state = draw(
            start(["R7 B7 G7 R1 B2 G3 Y4 W W Y12", NOTHING], "R5", variant=variant, phase=(1, 0)),
            "Y6",
        )
        state = apply(state, lay(state, "R7 B7 G7", "R1 B2 G3 Y4"))
        hit = Hit(0, 0, 0, card("W"), Value(7, None), End.ANY)
        assert hit in legal_actions(state), scope


def test_c18_the_player_decides_what_a_wild_stands_for() -> None:
    # rules C-17, C-18: W R4 B5 G6 is 3-6 or 4-7; the choice decides later hits
    hands = ["W R4 B5 G6 R9 B9 G9 R3 R7 Y12", NOTHING]
    state = draw(start(hands, "R5", phase=(1, 0)), "Y11")
    high = lay(state, "R9 B9 G9", "R4 B5 G6 W=7")
    low = lay(state, "R9 B9 G9", "W=3 R4 B5 G6")
    assert {high, low} <= set(layable(state))
    red7 = Hit(0, 0, 1, card("R7"), Value(7, Color.RED), End.HIGH)
    red3 = Hit(0, 0, 1, card("R3"), Value(3, Color.RED), End.LOW)
    after_high = play(state, high)
    assert "R4 B5 G6 W=7" == str(after_high.table[0][1])
    assert (False, True) == (is_legal(after_high, red7), is_legal(after_high, red3))
    message = refuse(after_high, red7, Violation.HIT_DOES_NOT_FIT)
    assert "R7 as R7 at end high does not fit the run of 4 R4 B5 G6 W=7" in message
    after_low = play(state, low)
    assert (True, False) == (is_legal(after_low, red7), is_legal(after_low, red3))


# ----------------------------------------------------------------------------- skips


SKIPPER = "S R1 B2 G3 Y4 R5 B6 G7 Y8 R9"


def test_c19_skip_target_chosen_loses_next_turn() -> None:
    # rule C-19, option skip_target=chosen: the discarder picks any opponent
    state = draw(start([SKIPPER, READY, RUNNER], "G12"), "Y12")
    assert {Discard(0, SKIP, 1), Discard(0, SKIP, 2)} == skip_discards(state)
    state = play(state, discard(state, "S", target=2))
    assert (1, (False, False, True)) == (state.turn, tuple(p.skipped for p in state.players))
    # a skip cannot be taken from the discard pile
    assert (Draw(1),) == legal_actions(state)
    refuse(state, TakeDiscard(1), Violation.CANNOT_TAKE_SKIP)
    state = pass_turn(state, "B12")
    assert (0, (False, False, False)) == (state.turn, tuple(p.skipped for p in state.players))


def test_c19_skip_target_next_player() -> None:
    # rule C-19, option skip_target=next
    variant = CLASSIC.with_options(skip_target=SkipTarget.NEXT)
    state = draw(start([SKIPPER, READY, RUNNER], "G12", variant=variant), "Y12")
    assert {Discard(0, SKIP, 1)} == skip_discards(state)
    refuse(state, discard(state, "S", target=2), Violation.BAD_SKIP_TARGET)
    state = play(state, discard(state, "S", target=1))
    assert (2, TurnStep.DRAW) == (state.turn, state.step)


def test_c20_one_pending_skip_per_player() -> None:
    # rule C-20: p3 has a skip pending, so p2's skip can only go to p1
    hands = [SKIPPER, "S Y1 R2 B3 G4 Y5 R6 B7 G8 Y9", RUNNER]
    state = draw(start(hands, "G12"), "Y12")
    state = play(state, discard(state, "S", target=2))
    state = draw(state, "B12")
    assert {Discard(1, SKIP, 0)} == skip_discards(state)
    refuse(state, discard(state, "S", target=2), Violation.BAD_SKIP_TARGET)
    state = play(state, discard(state, "S", target=0))
    # p3 and p1 both lose their turn, so p2 plays again; both skips are spent
    assert (1, (False, False, False)) == (state.turn, tuple(p.skipped for p in state.players))


def test_c20_skip_with_nobody_to_target_has_no_target() -> None:
    # rule C-20: every opponent already has a skip pending (hand-built: play never gets here)
    state = draw(start([SKIPPER, READY, RUNNER], "G12"), "Y12")
    players = tuple(attrs.evolve(p, skipped=seat > 0) for seat, p in enumerate(state.players))
    state = attrs.evolve(state, players=players).validate()
    assert {Discard(0, SKIP, None)} == skip_discards(state)
    state = play(state, discard(state, "S"))
    assert (0, TurnStep.DRAW, SKIP) == (state.turn, state.step, state.top_discard)
    assert (False, False, False) == tuple(p.skipped for p in state.players)


def test_c20_next_player_already_skipped_gets_no_second_skip() -> None:
    # rules C-19, C-20, option skip_target=next (hand-built pending skip)
    variant = CLASSIC.with_options(skip_target=SkipTarget.NEXT)
    state = draw(start([SKIPPER, READY, RUNNER], "G12", variant=variant), "Y12")
    players = tuple(attrs.evolve(p, skipped=seat == 1) for seat, p in enumerate(state.players))
    state = attrs.evolve(state, players=players).validate()
    assert {Discard(0, SKIP, None)} == skip_discards(state)


#: Two skips and eight cards that lay nothing down.
TWO_SKIPS = "S S B2 G3 Y4 R5 B6 G7 Y8 R9"
#: A skip and nine cards that lay nothing down (none in SKIPPER, TWO_SKIPS or READY twice).
SKIPPER2 = "S Y1 R2 B3 G4 Y5 R6 B7 G8 Y9"
SKIPPER3 = "S G1 Y2 R3 B4 G5 Y6 R7 B8 G9"
PENDING = CLASSIC.with_options(skip_limit=SkipLimit.PENDING)


def guards(state: GameState) -> tuple[int, ...]:
    return tuple(p.skip_guard for p in state.players)


def test_c20_one_skip_per_player_per_round() -> None:
    """Rule C-20, option skip_limit=round (the default), in seed 002's words: "no player may
    have more than one skip played against them in a single round, where a round is everyone
    having played or been skipped one turn".

    p1 skips p2; p2 loses the turn and p3 plays: p3 may not skip p2 (p1 has not had a turn
    since). Once the turn is back at p1, every seat has taken or lost one: p2 may be skipped
    again.
    """
    state = draw(start([TWO_SKIPS, READY, SKIPPER2], "G12"), "Y12")
    state = play(state, discard(state, "S", target=1))
    assert (2, (False, False, False), (0, 1, 0)) == (
        state.turn,
        tuple(p.skipped for p in state.players),
        guards(state),
    )
    state = draw(state, "B12")
    assert {Discard(2, SKIP, 0)} == skip_discards(state)
    message = refuse(state, discard(state, "S", target=1), Violation.BAD_SKIP_TARGET)
    assert "this skip can target p1 " in message
    state = play(state, discard(state, "B12"))
    assert (0, (0, 0, 0)) == (state.turn, guards(state))
    state = draw(state, "R12")
    assert {Discard(0, SKIP, 1), Discard(0, SKIP, 2)} == skip_discards(state)
    state = play(state, discard(state, "S", target=1))  # the same player, a round later
    assert (2, (0, 1, 0)) == (state.turn, guards(state))


def test_c20_skip_limit_pending_allows_a_second_skip_in_the_round() -> None:
    # rule C-20, option skip_limit=pending: p3 may skip p2 as soon as p1's skip is spent
    state = draw(start([TWO_SKIPS, READY, SKIPPER2], "G12", variant=PENDING), "Y12")
    state = play(state, discard(state, "S", target=1))
    assert (2, (0, 0, 0)) == (state.turn, guards(state))
    state = draw(state, "B12")
    assert {Discard(2, SKIP, 0), Discard(2, SKIP, 1)} == skip_discards(state)
    state = play(state, discard(state, "S", target=1))
    state = pass_turn(state, "R12")
    # p2 lost a second turn in a row: p3 plays again (with skip_limit=round, never)
    assert (2, (False, False, False)) == (state.turn, tuple(p.skipped for p in state.players))


def test_c20_two_players_may_skip_each_other_every_turn() -> None:
    """Rule C-20 with two players: "a round is everyone having played or been skipped one
    turn" (seed 002), so p2's lost turn and p1's next turn make the round, and p1 may skip
    p2 on each of their turns; the two options play alike."""
    for variant in (CLASSIC, PENDING):
        state = draw(start([TWO_SKIPS, READY], "G12", variant=variant), "Y12")
        state = play(state, discard(state, "S", target=1))
        assert (0, (0, 0)) == (state.turn, guards(state))
        state = draw(state, "R12")
        assert {Discard(0, SKIP, 1)} == skip_discards(state)
        state = play(state, discard(state, "S", target=1))
        assert (0, TurnStep.DRAW) == (state.turn, state.step)


def test_c20_c21_a_turned_up_skip_guards_the_first_player_for_a_round() -> None:
    """Rules C-20 and C-21: the turned-up skip is played on p1 before anyone's turn; "no
    player may have more than one skip played against them in a single round" (seed 002),
    so p2 may not skip p1, and p3, the dealer, who ends the round, may."""
    state = start([READY, SKIPPER2, SKIPPER3], "S")
    assert (1, (1, 0, 0)) == (state.turn, guards(state))
    state = draw(state, "B12")
    assert {Discard(1, SKIP, 2)} == skip_discards(state)
    state = play(state, discard(state, "B12"))
    state = draw(state, "R12")
    assert {Discard(2, SKIP, 0), Discard(2, SKIP, 1)} == skip_discards(state)
    pending = start([READY, SKIPPER2, SKIPPER3], "S", variant=PENDING)
    assert {Discard(1, SKIP, 0), Discard(1, SKIP, 2)} == skip_discards(draw(pending, "B12"))


def test_c20_skip_guards_lapse_when_the_hand_ends() -> None:
    # rule C-20: like a pending skip, a guard ends with the hand (a new hand starts clean)
    state = draw(start([TWO_SKIPS, READY, OUT], "G12"), "Y12")
    state = play(state, discard(state, "S", target=1))
    assert (2, (0, 1, 0)) == (state.turn, guards(state))
    state = go_out(state, "B5", *OUT_GROUPS)
    assert (TurnStep.DEAL, (0, 0, 0)) == (state.step, guards(state))


def test_c20_skip_guard_problems() -> None:
    # rule C-20: a guard counts at most one round, and only with skip_limit=round
    state = draw(start([TWO_SKIPS, READY, SKIPPER2], "G12"), "Y12")
    too_long = (state.players[0], attrs.evolve(state.players[1], skip_guard=4), state.players[2])
    assert ["players[1].skip_guard: 4 is not a number of turns from 0 to 3 (C-20)"] == [
        str(p) for p in attrs.evolve(state, players=too_long).problems()
    ]
    pending = attrs.evolve(state, variant=PENDING, players=too_long)
    assert ["players[1].skip_guard: 4 must be 0: only skip_limit=round guards a player"] == [
        str(p) for p in pending.problems()
    ]
    with pytest.raises(InvalidStateError):
        attrs.evolve(state, players=too_long).validate()


def test_c21_first_card_skip_skips_first_player() -> None:
    # rule C-21
    state = start([READY, RUNNER, NOTHING], "S")
    assert (1, (Draw(1),)) == (state.turn, legal_actions(state))
    assert (False, False, False) == tuple(p.skipped for p in state.players)


def test_c21_first_card_wild_may_be_taken() -> None:
    # rule C-21
    state = start([READY, RUNNER], "W")
    assert (Draw(0), TakeDiscard(0)) == legal_actions(state)
    assert WILD in take(state).players[0].hand


# ----------------------------------------------------------------------------- end of hand


def test_c22_only_players_who_laid_down_advance() -> None:
    # rule C-22: p1 laid down, p2 laid down and went out, p3 did neither
    state = start([READY, OUT, RUNNER], "R5", dealer=2)
    state = draw(state, "G5")
    state = play(state, lay(state, "R1 B1 G1", "R2 B2 G2"), discard(state, "R9"))
    state = go_out(state, "B5", *OUT_GROUPS)
    assert (1, 1, 0) == state.phases
    assert (CLASSIC_PHASES[1], CLASSIC_PHASES[1], CLASSIC_PHASES[0]) == tuple(
        state.current_phase(s) for s in range(3)
    )


def test_c23_out_scores_zero_others_add_their_cards() -> None:
    # rule C-23: R1 B9 (5 each), G10 Y12 (10 each), S 15, W 25, four more low cards: 90
    state = start([OUT, "R1 B9 G10 Y12 S W R5 B6 G7 Y8"], "R6", score=(20, 30))
    state = go_out(state, "B1", *OUT_GROUPS)
    assert (20, 30 + 90) == state.scores


# ----------------------------------------------------------------------------- end of game


def test_c24_game_ends_after_the_hand_not_at_the_laydown() -> None:
    # rule C-24: p1 lays down phase 10 first; p2 (on phase 1) then goes out
    state = start(["R1 R1 B1 G1 Y1 R2 B2 G2 Y9 Y10", OUT], "R5", phase=(9, 0))
    state = draw(state, "Y11")
    state = play(state, lay(state, "R1 R1 B1 G1 Y1", "R2 B2 G2"))
    assert (False, (), TurnStep.PLAY) == (state.is_over, state.winners, state.step)
    state = play(state, discard(state, "Y11"))
    assert (False, 1) == (state.is_over, state.turn)
    state = go_out(state, "B5", *OUT_GROUPS)
    # rule C-25: the only player who completed phase 10 wins, whatever the scores
    assert (True, (0,)) == (state.is_over, state.winners)
    assert ((10, 1), (15, 0)) == (state.phases, state.scores)
    assert () == legal_actions(state)


def _both_finish(variant: Variant, score: tuple[int, int, int]) -> GameState:
    """p1 and p2 (on phase 10) both complete it; p2 keeps Y5 Y6 (10 points), p1 goes out."""
    hands = [
        "R1 R1 B1 B1 G1 G1 R2 B2 G2 Y2",
        "R3 R3 B3 B3 G3 R4 B4 G4 Y5 Y6",
        "Y7 Y8 Y9 Y10 Y11 Y12 R7 R8 R9 R10",  # 70 points
    ]
    state = start(hands, "G12", variant=variant, dealer=2, phase=(9, 9, 0), score=score)
    state = pass_turn(state, "B12")
    state = draw(state, "R11")
    state = play(state, lay(state, "R3 R3 B3 B3 G3", "R4 B4 G4"), discard(state, "R11"))
    state = pass_turn(state, "G11")
    return go_out(state, "R12", "R1 R1 B1 B1 G1 G1", "R2 B2 G2 Y2")


def test_c25_lowest_total_among_finishers_wins() -> None:
    # rule C-25: p2 wins with 90 although p1 went out and p3 (no phase 10) has 70
    state = _both_finish(CLASSIC, (100, 80, 0))
    assert (True, (1,)) == (state.is_over, state.winners)
    assert ((100, 90, 70), (10, 10, 0)) == (state.scores, state.phases)


TIEBREAK_HANDS = ["R5 R5 B5 B5 G5 G5 R6 B6 G6 Y6", "R3 R3 B3 B3 G3 R4 B4 G4 Y9 Y10", ""]


def _tiebreak(variant: Variant) -> GameState:
    # rule C-26: p1 and p2 both finish with 10 points; p3 sits the tie-break out
    state = _both_finish(variant, (10, 0, 0))
    assert (False, (0, 1), (10, 10, 70)) == (state.is_over, state.tiebreak, state.scores)
    assert (2, 0, TurnStep.DEAL) == (state.hand_number, state.dealer, state.step)
    assert (1, 0) == dealing_order(state)
    state = deal(state, TIEBREAK_HANDS, "Y12")
    assert (1, (10, 10, 0)) == (state.turn, tuple(len(p.hand) for p in state.players))
    assert (CLASSIC_PHASES[9],) * 2 == (state.current_phase(0), state.current_phase(1))
    state = draw(state, "Y11")
    return play(state, lay(state, "R3 R3 B3 B3 G3", "R4 B4 G4"))


def test_c26_tie_break_first_to_lay_down_wins() -> None:
    # rule C-26, option tiebreak_win=laydown
    state = _tiebreak(CLASSIC)
    assert (True, (1,), (10, 10, 70)) == (state.is_over, state.winners, state.scores)


def test_c26_tie_break_first_to_go_out_wins() -> None:
    # rule C-26, option tiebreak_win=go_out: p2 lays down first, p1 goes out first
    state = _tiebreak(CLASSIC.with_options(tiebreak_win=TiebreakWin.GO_OUT))
    assert (False, ()) == (state.is_over, state.winners)
    state = play(state, discard(state, "Y11"))
    assert 0 == state.turn  # p3 does not play
    state = go_out(state, "R11", "R5 R5 B5 B5 G5 G5", "R6 B6 G6 Y6")
    assert (True, (0,), (10, 10, 70)) == (state.is_over, state.winners, state.scores)


# ----------------------------------------------------------------------------- refusals


def _playing() -> GameState:
    """p1 has drawn G5 and holds R1 B1 G1 R2 B2 G2 R9 B10 G11 Y12 and a skip-free hand."""
    return draw(start([READY, RUNNER], "R5"), "G5")


def _laid() -> GameState:
    state = _playing()
    return play(state, lay(state, "R1 B1 G1", "R2 B2 G2"))


def _over() -> GameState:
    state = go_out(start([OUT, RUNNER], "R5", phase=(9, 0)), "G6", *OUT_GROUPS)
    assert (True, (0,)) == (state.is_over, state.winners)
    return state


def _refusals() -> list[tuple[Violation, GameState, Action, str]]:
    one_set = check_meld("R1 B1 G1", SetOf(3)).melds[0]
    red9 = Hit(0, 0, 0, card("R9"), Value(9, Color.RED), End.ANY)
    return [
        (
            Violation.NOT_YOUR_TURN,
            start([READY, RUNNER], "R5"),
            Draw(1),
            "illegal action 'p2 draw': it is p1's turn (turn of p1, step DRAW)",
        ),
        (
            Violation.WRONG_STEP,
            _playing(),
            Draw(0),
            "illegal action 'p1 draw': this action belongs to step DRAW (turn of p1, step PLAY)",
        ),
        (
            Violation.CARD_NOT_IN_HAND,
            _playing(),
            Discard(0, card("Y1")),
            "illegal action 'p1 discard Y1': Y1 is not in hand (turn of p1, step PLAY)",
        ),
        (
            Violation.CANNOT_TAKE_SKIP,
            start([READY, RUNNER], "S"),
            TakeDiscard(1),
            "illegal action 'p2 take': a skip cannot be taken from the discard pile "
            "(turn of p2, step DRAW)",
        ),
        (
            Violation.PHASE_NOT_COMPLETE,
            _playing(),
            LayDown(0, PhaseMelds(CLASSIC_PHASES[0], (one_set,))),
            "illegal action 'p1 lay R1 B1 G1': 2 sets of 3 needs 2 groups, got 1 "
            "(turn of p1, step PLAY)",
        ),
        (
            Violation.PHASE_NOT_LAID_DOWN,
            _playing(),
            red9,
            "illegal action 'p1 hit p1.1 R9': hitting is allowed only after laying down "
            "one's own phase (turn of p1, step PLAY)",
        ),
        (
            Violation.HIT_DOES_NOT_FIT,
            _laid(),
            red9,
            "illegal action 'p1 hit p1.1 R9': R9 as R9 at end any does not fit the set of 3 "
            "R1 B1 G1 (turn of p1, step PLAY)",
        ),
        (
            Violation.GAME_OVER,
            _over(),
            Draw(0),
            "illegal action 'p1 draw': the game is over (game over)",
        ),
        (
            Violation.CHANCE_TO_ACT,
            apply(start([READY, RUNNER], "R5"), Draw(0)),
            Discard(0, card("R9")),
            "illegal action 'p1 discard R9': chance must act first (see chance_outcomes) "
            "(chance to act, step REVEAL)",
        ),
        (
            Violation.NOT_CHANCE,
            _playing(),
            Reveal(card("G6")),
            "illegal action 'reveal G6': a player must act, not chance (turn of p1, step PLAY)",
        ),
        (
            Violation.ALREADY_LAID_DOWN,
            _laid(),
            lay(_playing(), "R1 B1 G1", "R2 B2 G2"),
            "illegal action 'p1 lay R1 B1 G1 | R2 B2 G2': the phase is already laid down this "
            "hand (turn of p1, step PLAY)",
        ),
        (
            Violation.BAD_SKIP_TARGET,
            draw(start([SKIPPER, READY, RUNNER], "G12"), "Y12"),
            Discard(0, SKIP, 0),
            "illegal action 'p1 discard S>p1': this skip can target p2, p3 (turn of p1, step PLAY)",
        ),
        (
            Violation.NO_SUCH_MELD,
            _laid(),
            Hit(0, 1, 0, card("G5"), Value(5, Color.GREEN), End.ANY),
            "illegal action 'p1 hit p2.1 G5': there is no meld p2.1 (turn of p1, step PLAY)",
        ),
        (
            Violation.NOT_AN_OUTCOME,
            apply(start([OUT, RUNNER], "R5"), Draw(0)),
            Reveal(card("R3")),
            "illegal action 'reveal R3': R3 is not in the draw pile (chance to act, step REVEAL)",
        ),
        (
            Violation.UNKNOWN_ACTION,
            _playing(),
            cast(Action, "p1 draw"),
            "illegal action 'p1 draw': not a phase10 action (turn of p1, step PLAY)",
        ),
    ]


@pytest.mark.parametrize("index", range(15))
def test_refusal_codes_and_messages(index: int) -> None:
    code, state, action, expected = _refusals()[index]
    assert expected == refuse(state, action, code)


def test_every_classic_violation_is_tested() -> None:
    listed = {code for code, *_ in _refusals()}
    # asserted in the C-14 and C-15 scenarios and in test_empty_discard_pile_cannot_be_taken
    others = {Violation.HIT_NOT_ALLOWED_YET, Violation.MUST_DISCARD_LAST, Violation.EMPTY_PILE}
    master = {Violation.NO_TAKE_TWO}  # Phase 10 Master only
    assert set(Violation) == listed | others | master


def test_empty_discard_pile_cannot_be_taken() -> None:
    # hand-built: p1's turn begins with an empty discard pile
    state = start([READY, RUNNER], "R5")
    moved = attrs.evolve(state.players[1], hand=tuple(sorted((*state.players[1].hand, card("R5")))))
    state = attrs.evolve(state, players=(state.players[0], moved), discard_pile=()).validate()
    assert (Draw(0),) == legal_actions(state)
    refuse(state, TakeDiscard(0), Violation.EMPTY_PILE)


# ----------------------------------------------------------------------------- variants


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (
            lambda: Variant(deck=classic_deck()[:61]),
            "a deck of 61 cards cannot deal 10 cards to 6 players",
        ),
        (lambda: Variant(min_players=4, max_players=3), "2 <= min_players <= max_players"),
        (lambda: Variant(min_players=1), "2 <= min_players <= max_players"),
        (lambda: Variant(hand_size=0), "hand_size must be a whole number >= 1"),
        (lambda: Variant(phases=()), "phases must be a non-empty tuple"),
        (lambda: Variant(phases=(Phase((SetOf(12),)),)), "needs 12 cards"),
        (lambda: CLASSIC.with_options(skip_targets=SkipTarget.NEXT), "unknown option"),
        (lambda: CLASSIC.with_options(skip_target="next"), "skip_target must be a SkipTarget"),
        (lambda: CLASSIC.with_options(go_out_by_hitting=1), "go_out_by_hitting must be True"),
        (lambda: CLASSIC.with_options(natural_minimum="phase"), "natural_minimum"),
        (lambda: CLASSIC.with_options(runs_wrap="yes"), "runs_wrap"),
    ],
)
def test_impossible_variants_are_refused_at_construction(make: object, message: str) -> None:
    with pytest.raises(DefinitionError, match=message):
        make()  # type: ignore[operator]


def test_with_options_changes_only_the_named_options() -> None:
    variant = CLASSIC.with_options(
        skip_target=SkipTarget.NEXT,
        natural_minimum=NaturalScope.PHASE,
        hit_others_on_laydown_turn=False,
        go_out_by_hitting=False,
        runs_wrap=True,
        tiebreak_win=TiebreakWin.GO_OUT,
    )
    expected = (SkipTarget.NEXT, NaturalScope.PHASE, False, False, True, TiebreakWin.GO_OUT)
    actual = (
        variant.skip_target,
        variant.natural_minimum,
        variant.hit_others_on_laydown_turn,
        variant.go_out_by_hitting,
        variant.runs_wrap,
        variant.tiebreak_win,
    )
    assert expected == actual
    assert (CLASSIC.deck, CLASSIC.phases) == (variant.deck, variant.phases)


def test_hand_built_states_are_validated() -> None:
    state = start([READY, RUNNER], "R5")
    broken = attrs.evolve(state, discard_pile=())
    with pytest.raises(InvalidStateError, match="cards are not conserved"):
        broken.validate()
    # the rules rely on hands and the draw pile being in canonical order
    first = state.players[0]
    shuffled = attrs.evolve(first, hand=first.hand[::-1])
    with pytest.raises(InvalidStateError, match="hand of p1 is not in canonical order"):
        attrs.evolve(state, players=(shuffled, state.players[1])).validate()


# ----------------------------------------------------------------------------- malformed input


_R5 = card("R5")
_FIVE = Value(5, None)


@pytest.mark.parametrize(
    ("kind", "fields", "message"),
    [
        (Draw, ("p1",), "Draw.player must be an int, got 'p1'"),
        (Draw, (True,), "Draw.player must be an int, got True"),
        (Discard, (0, "R5"), "Discard.card must be a Card, got 'R5'"),
        (Discard, (0, SKIP, "p2"), "Discard.target must be an int (a seat) or None, got 'p2'"),
        (Hit, (0, 1.0, 0, _R5, _FIVE, End.ANY), "Hit.owner must be an int, got 1.0"),
        (Hit, (0, 1, 0, _R5, (5, None), End.ANY), "Hit.value must be a Value, got (5, None)"),
        (Hit, (0, 1, 0, _R5, _FIVE, "any"), "Hit.end must be an End, got 'any'"),
        (LayDown, (0, "R1 B1 G1"), "LayDown.laydown must be a PhaseMelds, got 'R1 B1 G1'"),
        (KeepHand, (0, 1), "KeepHand.keep must be True or False, got 1"),
        (TakeOffer, (0, None, _R5), "TakeOffer.owner must be an int, got None"),
        (TurnUp, ("R5",), "TurnUp.card must be a Card, got 'R5'"),
    ],
)
def test_actions_with_fields_of_the_wrong_type_are_refused_when_built(
    kind: Callable[..., Action], fields: tuple[object, ...], message: str
) -> None:
    # Malformed actions fail where they are built, with a phase10 error; apply() no longer
    # turns a TypeError inside the rules into "illegal action".
    with pytest.raises(InvalidActionError) as info:
        kind(*fields)
    assert message == str(info.value)


def test_out_of_range_seats_are_refused_by_the_rules() -> None:
    # Well-typed, but no such meld or target: that depends on the game, so the rules say so.
    state = _laid()
    refuse(state, Hit(0, 5, 0, card("G5"), Value(5, Color.GREEN), End.ANY), Violation.NO_SUCH_MELD)
    refuse(state, Hit(0, -1, 0, card("G5"), Value(5, Color.GREEN), End.ANY), Violation.NO_SUCH_MELD)


def test_apply_needs_a_full_state() -> None:
    with pytest.raises(TypeError, match=r"apply\(\) needs a GameState, got str"):
        apply(cast(GameState, "state"), Draw(0))


# ----------------------------------------------------------------------------- fast evolve


def test_generated_evolve_copies_with_changes_like_attrs_evolve() -> None:
    state = start([READY, RUNNER], "R5")
    evolve = make_evolve(GameState)
    assert attrs.evolve(state, turn=1, dealt=3) == evolve(state, turn=1, dealt=3)
    assert state == evolve(state)
    seat = SeatView(hand_size=3, phase=1, laid_down=False, score=5, skipped=True)
    assert attrs.evolve(seat, score=10) == make_evolve(SeatView)(seat, score=10)  # kw_only


def test_generated_evolve_builds_what_init_builds() -> None:
    # GameState takes the slot path: the copy equals, hashes and caches its hash as one
    # built by __init__ does
    state = start([READY, RUNNER], "R5")
    copy = make_evolve(GameState)(state, turn=1)
    built = attrs.evolve(state, turn=1)
    assert (built, hash(built)) == (copy, hash(copy))
    assert state.turn == make_evolve(GameState)(copy, turn=state.turn).turn
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        copy.turn = 0  # type: ignore[misc]
    # built as the class's builder (plain slot stores), handed over as the class itself
    assert (GameState, GameState) == (type(copy), copy.__class__)


def test_the_generated_functions_hand_over_plain_instances() -> None:
    # every object the engine builds slot by slot is of its own class, frozen, and pickles
    # and compares as one built by __init__ (the builder subclass never leaves _fast)
    state, _ = play_chance(new_game(CLASSIC, 2), random.Random(3))
    after = apply(state, legal_actions(state)[0])
    made = [after, *after.players, after.history]
    assert [GameState, PlayerState, PlayerState, History] == [type(x) for x in made]
    assert after == pickle.loads(pickle.dumps(after))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        after.players[0].score = 1  # type: ignore[misc]


def test_trusted_construction_builds_what_init_builds() -> None:
    # the listing's own melds and laydowns (issue 22): equal to, and hashed as, the ones
    # the public constructors build from the same fields, frozen as they are
    laydown = PhaseMelds.of(CLASSIC_PHASES[0], "R3 B3 G3 | R7 B7 W=7")
    meld = laydown.melds[1]
    trusted = make_trusted(Meld)(meld.group, meld.shape, meld.cards, meld.values)
    assert (meld, hash(meld)) == (trusted, hash(trusted))
    built = make_trusted(PhaseMelds)(laydown.phase, laydown.melds)
    assert (laydown, hash(laydown), str(laydown)) == (built, hash(built), str(built))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        built.melds = ()  # type: ignore[misc]


def test_trusted_construction_refuses_what_it_cannot_store() -> None:
    @attrs.define(slots=False)
    class Unslotted:
        size: int

    @attrs.frozen
    class Converted:
        size: int = attrs.field(converter=int)

    for cls in (Unslotted, Converted, int):
        with pytest.raises(TypeError):
            make_trusted(cls)


@attrs.frozen
class _Checked:
    size: int = attrs.field(validator=attrs.validators.gt(0))
    seen: list[int] = attrs.field(factory=list)

    def __attrs_post_init__(self) -> None:
        self.seen.append(self.size)


def test_generated_evolve_keeps_validators_and_post_init() -> None:
    # a class whose __init__ does more than store its fields gets its __init__ called
    evolve = make_evolve(_Checked)
    value = _Checked(1)
    assert [1, 2] == evolve(value, size=2).seen
    with pytest.raises(ValueError, match="size"):
        evolve(value, size=0)


def test_generated_evolve_refuses_an_unknown_key() -> None:
    # the hand-written evolve it replaces dropped unknown keys silently
    state = start([READY, RUNNER], "R5")
    unknown = r"evolve_GameState\(\) got an unexpected keyword argument 'dealr'"
    with pytest.raises(TypeError, match=unknown):
        make_evolve(GameState)(state, dealr=1)


def test_evolve_is_generated_only_for_attrs_classes() -> None:
    with pytest.raises(TypeError, match="needs an attrs class"):
        make_evolve(Counter)
