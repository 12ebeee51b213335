"""Every hand of every built-in variant ends within its bound (C-16, the hand bound).

No seed says what happens when nobody can go out, nor even when the draw pile runs out
(the reshuffle of C-16 is itself a library choice). Legal play can reach a position from
which nobody can ever go out, so every built-in variant carries ``max_hand_turns`` (a
library choice): a hand that has lasted that many turns ends without a winner. These
properties start from hostile positions (the deadlock of issue 21 built by hand, and random
positions of random games) and play either at random or stalling (always taking the
discard, never laying down or hitting, which never reshuffles), counting turns and steps
against a bound derived from the variant.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import phase10
from phase10 import (
    Action,
    Discard,
    Draw,
    DrawTwo,
    GameState,
    RunOf,
    SetOf,
    TakeDiscard,
    TurnStep,
    apply,
    check_meld,
    find_variant,
    legal_actions,
    new_game,
    sample_chance,
    sort_cards,
    variant_names,
)
from tests.depth import examples
from tests.strategies import game_states

Policy = Callable[[GameState, random.Random], Action]


def random_play(state: GameState, rng: random.Random) -> Action:
    """A chance outcome, or a uniformly chosen legal action."""
    if state.is_chance:
        return sample_chance(state, rng)
    legal = legal_actions(state)
    return legal[int(rng.random() * len(legal))]


def stalling_play(state: GameState, rng: random.Random) -> Action:
    """Take the discard whenever it may be taken, never lay down or hit: only discard.

    Play that never draws never reshuffles, so a reshuffle limit alone does not end it.
    """
    if state.is_chance:
        return sample_chance(state, rng)
    legal = legal_actions(state)
    quiet: list[Action] = [a for a in legal if isinstance(a, TakeDiscard | Discard)]
    quiet = quiet or list(legal)
    takes = [a for a in quiet if isinstance(a, TakeDiscard)]
    if takes:
        return takes[0]
    return quiet[int(rng.random() * len(quiet))]


def steps_per_turn(state: GameState) -> int:
    """The most steps one turn can take in ``state``'s game: a generous count.

    A draw (one, or two with Take two, M-12, each maybe after a reshuffle), a laydown or an
    announcement that draws as many cards as it shows (T-4), a hit per card in hand, a
    discard, a Give five's five offers, choice and draw (M-15), and the Keep all decisions
    when the hand ends (M-13): every card can move at most twice, plus a few fixed steps.
    """
    return 2 * len(state.variant.deck_for(state.num_players)) + 20 + state.num_players


def play_out_hand(state: GameState, policy: Policy, rng: random.Random) -> tuple[int, int]:
    """Play ``state``'s hand to its end; return (turns begun, steps).

    Fails if the hand takes more steps than its bound allows.
    """
    variant = state.variant
    assert variant.max_hand_turns is not None, f"{variant.name} has no hand bound"
    turns_left = variant.max_hand_turns - state.turns
    bound = (turns_left + 1) * steps_per_turn(state)
    hand = state.hand_number
    turns = steps = 0
    while not state.is_over and state.hand_number == hand:
        assert steps < bound, f"{variant.name}: the hand did not end in {bound} steps"
        action = policy(state, rng)
        if isinstance(action, Draw | TakeDiscard | DrawTwo):
            turns += 1
        state = apply(state, action)
        steps += 1
    assert turns <= max(turns_left, 0) + 1, f"{variant.name}: {turns} turns, bound {turns_left}"
    return turns, steps


#: The built-in variants with the classic deck whose phase 1 is 2 sets of 3 and phase 4 a
#: run of 7, in order: the deadlock below is a position of each.
DEADLOCK_VARIANTS = tuple(
    name
    for name in variant_names()
    if find_variant(name).deck == phase10.CLASSIC.deck
    and find_variant(name).phase_order is phase10.PhaseOrder.IN_ORDER
    and find_variant(name).phases[:4] == phase10.CLASSIC_PHASES[:4]
)


def deadlock(name: str, seed: int) -> GameState:
    """Issue 21's deadlock: nobody can ever hit, complete a phase or go out.

    Every 5, 8 and wild is on the table: seven 5s and seven 8s with four wilds each in p1's
    two sets, and a full run 1-12 (holding the last 5 and 8) in p2's. Both laid down, hands
    of three cards, the rest dealt at random between the draw and discard piles.
    """
    variant = find_variant(name)
    state = new_game(variant, 2)
    fives = check_meld("R5 R5 B5 B5 G5 G5 Y5 W W W W", SetOf(3)).melds[0]
    eights = check_meld("R8 R8 B8 B8 G8 G8 Y8 W W W W", SetOf(3)).melds[0]
    run = check_meld("R1 R2 R3 R4 Y5 R6 R7 Y8 R9 R10 R11 R12", RunOf(7)).melds[0]
    rest = list(
        (Counter(variant.deck) - Counter(fives.cards + eights.cards + run.cards)).elements()
    )
    rng = random.Random(f"deadlock:{seed}")
    rng.shuffle(rest)
    split = 7 + int(rng.random() * (len(rest) - 7))
    p1, p2 = state.players
    return attrs.evolve(
        state,
        players=(
            attrs.evolve(p1, hand=sort_cards(rest[:3]), phase=0, laid_down=True),
            attrs.evolve(p2, hand=sort_cards(rest[3:6]), phase=3, laid_down=True),
        ),
        table=((fives, eights), (run,)),
        draw_pile=sort_cards(rest[split:]),
        discard_pile=tuple(rest[6:split]),
        step=TurnStep.DRAW,
        turn=int(rng.random() * 2),
        turns=1,  # the first turn has begun, as after the turn-up
    ).validate()


def test_every_built_in_variant_has_a_hand_bound() -> None:
    """C-16 hand bound (library choice): every built-in variant's default is documented."""
    assert {name: 1000 for name in variant_names()} == {
        name: find_variant(name).max_hand_turns for name in variant_names()
    }


@pytest.mark.parametrize("turns", [-1, 1001])
def test_c16_a_state_past_its_hand_bound_is_refused(turns: int) -> None:
    """C-16 hand bound: a hand-built state cannot claim more turns than the bound, or fewer
    than none (an input that would otherwise let a hand run on)."""
    state = attrs.evolve(deadlock("classic", 0), turns=turns)
    with pytest.raises(phase10.InvalidStateError, match="turns begun this hand"):
        state.validate()


@pytest.mark.parametrize("name", DEADLOCK_VARIANTS)
def test_c16_the_deadlock_cannot_end_but_by_the_bound(name: str) -> None:
    """The deadlock of issue 21 runs to the hand bound and ends without a winner (C-16).

    Issue 21: "with every 5, 8 and wild laid on one player's sets and a full run on the
    other's, nobody can ever hit or complete anything".
    """
    state = deadlock(name, 0)
    taken = apply(state, TakeDiscard(state.turn))
    assert [] == [a for a in legal_actions(taken) if not isinstance(a, Discard)]
    turns, _ = play_out_hand(state, random_play, random.Random(0))
    assert find_variant(name).max_hand_turns == turns


@settings(max_examples=examples(6), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(DEADLOCK_VARIANTS),
    seed=st.integers(0, 10**6),
    stall=st.booleans(),
)
def test_c16_every_deadlocked_hand_ends_within_its_bound(name: str, seed: int, stall: bool) -> None:
    """C-16 hand bound: from any deal of the deadlock, any play ends the hand in bound."""
    policy = stalling_play if stall else random_play
    play_out_hand(deadlock(name, seed), policy, random.Random(seed))


@settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    state=game_states(max_steps=400, tag="hand-bound"),
    seed=st.integers(0, 10**6),
    stall=st.booleans(),
)
def test_c16_every_hand_of_every_variant_ends_within_its_bound(
    state: GameState, seed: int, stall: bool
) -> None:
    """C-16 hand bound: from random positions of every built-in variant, the hand ends."""
    policy = stalling_play if stall else random_play
    play_out_hand(state, policy, random.Random(seed))
