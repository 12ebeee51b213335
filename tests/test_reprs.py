"""``repr()`` is valid Python: evaluated among the names of ``phase10`` it gives the value back.

The anchors' rule (hypothesis's reprs, a failing test that prints a program to paste): a
meld, a laydown, a state, a view, an action, a variant and every enumeration member are
written as the expression that builds them.
"""

from __future__ import annotations

import enum
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import phase10
from phase10 import (
    CLASSIC_MELD_RULES,
    CLASSIC_PHASES,
    MASTER,
    TEN_PHASES,
    ColorGroupOf,
    ColorRunOf,
    GameState,
    GroupType,
    InvalidMeldError,
    Meld,
    MeldRules,
    Phase,
    PhaseMelds,
    RedOrBlackOf,
    RunOf,
    SetOf,
    iter_laydowns,
    view,
)
from phase10.cards import Color
from phase10.encoding import ChoosePhase, Confirm, Select
from phase10.groups import Pattern
from tests.depth import examples

from .strategies import CLASSIC_DECK, game_states, hands

NAMES = dict(vars(phase10))


def round_trips(value: object) -> bool:
    """Whether ``repr(value)`` evaluates, among phase10's names, to a value equal to it."""
    return bool(eval(repr(value), dict(NAMES)) == value)


#: Every built-in group type, in sizes a hand of 11 can hold.
GROUPS = st.one_of(
    st.builds(SetOf, st.integers(1, 5)),
    st.builds(RunOf, st.integers(1, 7)),
    st.builds(ColorGroupOf, st.integers(1, 6)),
    st.builds(ColorRunOf, st.integers(1, 5)),
    st.builds(RedOrBlackOf, st.integers(1, 6)),
)
RULES = st.sampled_from([CLASSIC_MELD_RULES, MASTER.meld_rules, TEN_PHASES.meld_rules])


@settings(max_examples=examples(150), deadline=None)
@given(group=GROUPS, rules=RULES, data=st.data())
def test_every_meld_and_laydown_of_a_built_in_group_type_round_trips(
    group: GroupType, rules: MeldRules, data: st.DataObject
) -> None:
    deck = {
        id(CLASSIC_MELD_RULES): CLASSIC_DECK,
        id(MASTER.meld_rules): MASTER.deck,
        id(TEN_PHASES.meld_rules): TEN_PHASES.deck,
    }[id(rules)]
    hand = data.draw(hands(deck, min_size=group.size, max_size=11))
    phase = Phase((group,))
    for laydown in iter_laydowns(hand, phase, rules=rules, minimal=True):
        assert round_trips(laydown)
        (meld,) = laydown.melds
        assert round_trips(meld)


def test_a_classic_meld_is_written_in_its_short_form() -> None:
    (laydown,) = list(iter_laydowns("R7 B7 W G2 G3 G4 Y5", CLASSIC_PHASES[1], minimal=True))
    assert "Meld.of(SetOf(size=3), 'R7 B7 W=7')" == repr(laydown.melds[0])
    assert repr(laydown).startswith("PhaseMelds.of(Phase(groups=(SetOf(size=3), RunOf(size=4))")
    assert "'R7 B7 W=7 | G2 G3 G4 Y5')" == repr(laydown)[-26:]


def test_a_meld_the_short_form_cannot_give_back_is_written_field_by_field() -> None:
    # a Master joker is no card of the classic game that Meld.of reads by default
    (laydown,) = list(iter_laydowns("R7 Y7 W7-12:RY", Phase((SetOf(3),)), rules=MASTER.meld_rules))
    assert repr(laydown.melds[0]).startswith("Meld(group=SetOf(size=3), shape=")
    assert round_trips(laydown.melds[0])
    assert repr(laydown).startswith("PhaseMelds(phase=Phase(")
    assert round_trips(laydown)


def test_meld_of_refuses_cards_that_are_no_meld_as_written() -> None:
    with pytest.raises(InvalidMeldError) as info:
        Meld.of(RunOf(3), "R4 R3 R5")
    assert "'R4 R3 R5' is not a run of 3 as written" in str(info.value)
    with pytest.raises(InvalidMeldError, match="holds 1 melds; the phase 2 sets of 3 has 2"):
        PhaseMelds.of(CLASSIC_PHASES[0], "R7 B7 G7")


@settings(max_examples=examples(25), deadline=None)
@given(state=game_states(max_steps=300, tag="repr"))
def test_states_views_histories_and_actions_round_trip(state: GameState) -> None:
    assert round_trips(state)
    assert round_trips(state.variant)
    assert round_trips(state.history)
    assert round_trips(view(state, 0))
    for action in phase10.legal_actions(state)[:50]:
        assert round_trips(action)


def test_every_enumeration_member_round_trips() -> None:
    enums = [
        v
        for module in (phase10, phase10.encoding)
        for v in vars(module).values()
        if isinstance(v, type) and issubclass(v, enum.Enum)
    ]
    assert len(enums) >= 14
    for cls in enums:
        for member in cls:
            assert f"{cls.__name__}.{member.name}" == repr(member)
            assert member is eval(repr(member), dict(NAMES))


def test_the_encodings_sub_decisions_round_trip() -> None:
    names = dict(NAMES, ChoosePhase=ChoosePhase, Select=Select, Confirm=Confirm)
    for decision in (ChoosePhase(2), Confirm(keep=True)):
        assert decision == eval(repr(decision), names)


def test_verdicts_hit_options_records_and_meld_rules_round_trip() -> None:
    verdict = phase10.check_meld("R3 B4 W G6", RunOf(4))
    assert round_trips(verdict)
    assert round_trips(phase10.check_meld("R3 B9", RunOf(4)))
    assert round_trips(verdict.melds[0].hit_options(phase10.parse_card("R7")))
    for rules in (CLASSIC_MELD_RULES, MASTER.meld_rules, TEN_PHASES.meld_rules):
        assert round_trips(rules)
    record = phase10.GameRecord(
        variant=MASTER, num_players=2, actions=(phase10.Deal(phase10.parse_card("R4")),)
    )
    assert round_trips(record)


def test_a_pattern_prints_its_sets_in_one_order() -> None:
    """Equal patterns print alike: a frozenset's own repr follows its hash table."""
    colors = (Color.SPADES, Color.RED, Color.HEARTS, Color.BLUE)
    one = Pattern(numbers=frozenset([9, 1]), colors=frozenset(colors))
    other = Pattern(numbers=frozenset([1, 9]), colors=frozenset(reversed(colors)))
    expected = (
        "Pattern(numbers=frozenset({1, 9}), "
        "colors=frozenset({Color.RED, Color.BLUE, Color.HEARTS, Color.SPADES}))"
    )
    assert expected == repr(one) == repr(other)
    assert one == eval(repr(one), vars(phase10) | {"Pattern": Pattern, "Color": Color})


def test_the_repr_of_a_colour_group_shape_is_the_same_in_every_process() -> None:
    """A colour's hash is its address (``_enums.member_hash``), which moves between runs."""
    code = (
        "import phase10; rules = phase10.TEN_PHASES.meld_rules; "
        "print(repr(phase10.RedOrBlackOf(3).shapes(rules)))"
    )
    runs = {
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        ).stdout
        for _ in range(3)
    }
    assert 1 == len(runs)
