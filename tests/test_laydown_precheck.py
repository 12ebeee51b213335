"""The counted pre-check of the laydown search (issue 22): a necessary condition, never wrong.

``Plan.may_lay_down`` may say "maybe" to a hand without a laydown, but never "no" to a hand
that has one (C-9, C-10, C-17); the engine's existence check (the pre-check, then the walk
of its listing: ``tests.helpers.engine_lays_down``) agrees with :func:`phase10.find_laydown`
exactly.
"""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import phase10
from phase10 import (
    CLASSIC_MELD_RULES,
    CLASSIC_PHASES,
    Card,
    MeldRules,
    Pattern,
    Phase,
    Repeat,
    RunOf,
    SetOf,
    Shape,
    Slots,
    find_laydown,
    parse_cards,
)
from phase10._laydown_plan import compiled_plan, equal_sets_used, lowered_spares
from phase10.limits import DEFAULT_LIMITS
from tests.depth import examples
from tests.helpers import engine_lays_down
from tests.strategies import WILD_RICH_DECK, TwinsOf, hands


@attrs.frozen
class LowColorOf:
    """A user-defined set-like group: at least ``size`` cards numbered 1-4 of one colour.

    One set-like shape per colour, whose patterns overlap in numbers: a natural fits one
    of them, a wild every one.
    """

    size: int

    def __str__(self) -> str:
        return f"group of {self.size} low cards of one colour"

    def shapes(self, rules: MeldRules) -> tuple[Shape, ...]:
        low = frozenset(range(1, 5))
        return tuple(Repeat(Pattern(numbers=low, colors=frozenset((c,)))) for c in rules.colors)


@attrs.frozen
class StepRunOf:
    """A user-defined run-like group: ``size`` numbers or more going up by two."""

    size: int

    def __str__(self) -> str:
        return f"run of {self.size} in steps of 2"

    def shapes(self, rules: MeldRules) -> tuple[Shape, ...]:
        top = rules.max_number
        out: list[Shape] = []
        for length in range(self.size, top + 1):
            for start in range(1, top + 1):
                numbers = range(start, start + 2 * length, 2)
                if numbers[-1] > top:
                    break
                out.append(Slots(tuple(Pattern.of(number=n) for n in numbers)))
        return tuple(out)


def _built_in() -> list[tuple[Phase, MeldRules, tuple[Card, ...]]]:
    """Every phase of every built-in variant, with its rules and its deck."""
    out = []
    for name in phase10.variant_names():
        variant = phase10.find_variant(name)
        deck = tuple(variant.deck)
        for phase in variant.phases:
            out.append((phase, variant.meld_rules, deck))
    return out


_CUSTOM_PHASES = (
    Phase((LowColorOf(4),)),
    Phase((LowColorOf(3), SetOf(3))),
    Phase((LowColorOf(2), LowColorOf(2))),
    Phase((StepRunOf(3), RunOf(3))),
    Phase((StepRunOf(4),)),
    Phase((TwinsOf(3), SetOf(2))),
    Phase((TwinsOf(4),)),
    Phase((SetOf(2), SetOf(2), SetOf(2))),
    Phase((SetOf(2), SetOf(3), SetOf(4))),
)
_ALL = _built_in() + [(p, CLASSIC_MELD_RULES, WILD_RICH_DECK) for p in _CUSTOM_PHASES]
_RULES = (
    CLASSIC_MELD_RULES,
    MeldRules(natural_minimum=phase10.NaturalScope.GROUP, naturals_in_runs=2),
    MeldRules(runs_wrap=True),
    MeldRules(natural_minimum=phase10.NaturalScope.NONE),
)


@st.composite
def _cases(draw: st.DrawFn) -> tuple[Phase, MeldRules, tuple[Card, ...]]:
    phase, rules, deck = draw(st.sampled_from(_ALL))
    if deck is WILD_RICH_DECK:
        rules = draw(st.sampled_from(_RULES))
    hand = draw(hands(deck, min_size=6, max_size=20))
    return phase, rules, hand


@settings(max_examples=examples(400), deadline=None)
@given(_cases())
def test_the_pre_check_never_refuses_a_hand_that_lays_down(
    case: tuple[Phase, MeldRules, tuple[Card, ...]],
) -> None:  # rules C-9, C-10, C-17: a necessary condition only
    phase, rules, hand = case
    found = find_laydown(hand, phase, rules=rules, limits=DEFAULT_LIMITS)
    if found is not None:
        plan = compiled_plan(phase, rules)
        assert True is plan.may_lay_down(hand)
        # the laydown's own cards, the tightest hand: every wild in it fills a gap
        assert True is plan.may_lay_down(found.cards)


@settings(max_examples=examples(200), deadline=None)
@given(_cases())
def test_the_engine_existence_check_is_find_laydowns(
    case: tuple[Phase, MeldRules, tuple[Card, ...]],
) -> None:  # rules C-9, C-10, T-3
    phase, rules, hand = case
    exists = engine_lays_down(hand, phase, rules)
    found = find_laydown(hand, phase, rules=rules, limits=DEFAULT_LIMITS)
    assert (found is not None) == exists


def test_the_pre_check_refuses_hands_by_counts() -> None:  # rules C-9, C-10
    plan = compiled_plan(CLASSIC_PHASES[0], CLASSIC_MELD_RULES)  # 2 sets of 3
    assert False is plan.may_lay_down(parse_cards("R1 B4 G7 Y10 R12 B2 G5"))
    # one triple is one set: the two sets compete for the same number's naturals
    assert False is plan.may_lay_down(parse_cards("R7 B7 G7 Y1 B4 G10"))
    assert True is plan.may_lay_down(parse_cards("R7 B7 G7 B7 G7 Y7"))
    assert False is plan.may_lay_down(parse_cards("R7 B7 W Y1 B1 G10"))
    assert True is plan.may_lay_down(parse_cards("R7 B7 W Y1 B1 W"))
    run = compiled_plan(CLASSIC_PHASES[3], CLASSIC_MELD_RULES)  # run of 7
    assert False is run.may_lay_down(parse_cards("R1 B2 G3 Y4 R5 W B9"))
    assert True is run.may_lay_down(parse_cards("R1 B2 G3 Y4 R5 W W"))


def test_the_pre_check_says_maybe_where_it_cannot_count() -> None:
    # TwinsOf repeats one pattern in a shape: the count must not call the hand short
    phase = Phase((TwinsOf(3),))
    plan = compiled_plan(phase, CLASSIC_MELD_RULES)
    hand = parse_cards("R5 B5 G2")
    assert phase10.check_meld(hand, TwinsOf(3))  # the cards make the group
    assert True is plan.may_lay_down(hand)
    assert True is plan.may_lay_down(parse_cards("R5 W G2"))
    assert False is plan.may_lay_down(parse_cards("R5 G9 Y11"))


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("R5 B5 G2", "R5 B5 G2"),
        ("R1 R1 B1", "R1 R1 B1"),
        ("R7 B7 G4", "R7 B7 G4"),
        ("R1 R2 B1", "R1 B1 R2"),  # places in shape order: the twins, then the low card
        ("R1 B1 W", "R1 B1 W"),
        ("G9 R5 Y12 B5 G2", "R5 B5 G2"),
    ],
)
def test_twins_lay_down_from_naturals_alone(hand: str, expected: str) -> None:
    # rules C-9, C-10: the oracle counted the places a natural fits by pattern, so a shape
    # naming one pattern twice (TwinsOf) looked a place short and needed a wild
    phase = Phase((TwinsOf(3),))
    cards = parse_cards(hand)
    found = find_laydown(cards, phase)
    assert expected == (None if found is None else str(found))
    assert True is engine_lays_down(cards, phase, CLASSIC_MELD_RULES)
    # the listings too: the first laydown is the first of every laydown, and is minimal
    assert expected == str(next(phase10.iter_laydowns(cards, phase)))
    assert expected == str(next(phase10.iter_laydowns(cards, phase, minimal=True)))


@given(
    size=st.integers(1, 6),
    sets=st.integers(1, 8),
    values=st.lists(st.integers(0, 15), min_size=1, max_size=8),
    data=st.data(),
    wilds=st.integers(0, 10),
)
def test_lowered_spares_are_the_count_of_each_lowered_hand(
    size: int, sets: int, values: list[int], data: st.DataObject, wilds: int
) -> None:
    # the oracle's bound on what later sets spare (Oracle.spare_caps) reads each lowering
    # of one pattern's naturals from lowered_spares: the count of equal_sets_used each time
    at = data.draw(st.integers(0, len(values) - 1))
    full = data.draw(st.integers(sets, sets * size))
    expected = []
    for a in range(values[at] + 1):
        lowered = list(values)
        lowered[at] -= a
        spare = min(equal_sets_used(size, sets, lowered), full) + wilds - full
        if spare < 0:
            break
        expected.append(spare)
    assert expected == lowered_spares(size, sets, values, at, wilds, full)
