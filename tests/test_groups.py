"""Group types and melds: sets, runs, colour groups, wilds, skips, hits, a custom group type.

Every case cites its rule (C-6 sets, C-7 runs, C-8 colour groups, C-14 hits, C-17 wilds,
C-18 wild values, C-19 skips) in its id.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import phase10
from phase10 import (
    CLASSIC_MELD_RULES,
    SKIP,
    WILD,
    ColorGroupOf,
    ColorRunOf,
    DefinitionError,
    End,
    GroupType,
    InvalidMeldError,
    Meld,
    MeldProblem,
    MeldRules,
    NaturalScope,
    NotationError,
    Pattern,
    Phase,
    Repeat,
    RunOf,
    SetOf,
    Shape,
    Value,
    check_meld,
    find_laydown,
    iter_laydowns,
    parse_card,
    parse_cards,
    parse_placed,
)
from phase10.cards import Color
from tests.strategies import CLASSIC_CARDS, classic_cards

WRAP = MeldRules(runs_wrap=True)
PHASE_SCOPE = MeldRules(natural_minimum=NaturalScope.PHASE)
GROUP_SCOPE = MeldRules(natural_minimum=NaturalScope.GROUP)
NO_MINIMUM = MeldRules(natural_minimum=NaturalScope.NONE)


def scope_for(problem: MeldProblem) -> MeldRules:
    """The rules a case of the invalid-meld tables runs under: per group for C-17's cases.

    A group of wilds alone is refused on its own only under the per-group option; by default
    the natural card is asked of the phase (C-17).
    """
    return GROUP_SCOPE if problem is MeldProblem.TOO_FEW_NATURALS else CLASSIC_MELD_RULES


def ok(text: str, group: GroupType, rules: MeldRules = CLASSIC_MELD_RULES) -> None:
    verdict = check_meld(text, group, rules=rules)
    assert verdict.ok, verdict.reason
    assert verdict
    assert verdict.problem is None
    assert verdict.reason == ""
    assert verdict.melds
    for meld in verdict.melds:
        assert meld.problem(rules=rules) is None


def bad(
    text: str,
    group: GroupType,
    problem: MeldProblem,
    reason: str | None = None,
    rules: MeldRules = CLASSIC_MELD_RULES,
) -> None:
    verdict = check_meld(text, group, rules=rules)
    assert not verdict
    assert problem == verdict.problem, verdict.reason
    assert verdict.melds == ()
    assert verdict.meld is None
    if reason is not None:
        assert reason == verdict.reason
    assert f"invalid: {verdict.reason}" == str(verdict)
    assert f"a {group}" not in verdict.reason or not str(group)[0].isdigit()  # reads after "a"


# --- rule C-6: sets ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "group"),
    [
        pytest.param("R7 B7 G7", SetOf(3), id="C-6-three-colours"),
        pytest.param("Y7 Y7 G7", SetOf(3), id="C-6-colours-irrelevant-two-yellow-7s"),
        pytest.param("Y7 Y7 Y7", SetOf(3), id="C-6-one-colour"),
        pytest.param("R7 B7 G7 Y7 R7", SetOf(3), id="C-9-more-than-three"),
        pytest.param("R12 B12 W", SetOf(3), id="C-17-wild-in-set"),
        pytest.param("R1 W W W W", SetOf(5), id="C-17-one-natural-is-enough"),
        pytest.param("B10 Y10", SetOf(2), id="C-6-pair"),
    ],
)
def test_valid_sets(text: str, group: GroupType) -> None:
    ok(text, group)


@pytest.mark.parametrize(
    ("text", "group", "problem", "reason"),
    [
        pytest.param(
            "R7 B8 G7",
            SetOf(3),
            MeldProblem.MIXED_NUMBERS,
            "a set holds one number, these cards have 7 and 8",
            id="C-6-mixed-numbers",
        ),
        pytest.param(
            "R7 B7",
            SetOf(3),
            MeldProblem.TOO_FEW_CARDS,
            "a set of 3 needs at least 3 cards, got 2",
            id="C-9-too-few",
        ),
        pytest.param(
            "R7 B8 W",
            SetOf(3),
            MeldProblem.MIXED_NUMBERS,
            "a set holds one number, these cards have 7 and 8",
            id="C-17-wild-does-not-mend-two-numbers",
        ),
        pytest.param(
            "W W W",
            SetOf(3),
            MeldProblem.TOO_FEW_NATURALS,
            "a set of 3 needs at least 1 natural card, not only wilds (has 0)",
            id="C-17-wilds-alone",
        ),
        pytest.param(
            "R7 B7 S",
            SetOf(3),
            MeldProblem.SKIP,
            "a skip can never be part of a group",
            id="C-19-skip-in-set",
        ),
    ],
)
def test_invalid_sets(text: str, group: GroupType, problem: MeldProblem, reason: str) -> None:
    bad(text, group, problem, reason, rules=scope_for(problem))


def test_set_meld_is_in_canonical_order_with_wild_values() -> None:  # rules C-6, C-18
    meld = check_meld("W G7 R7", SetOf(3)).meld
    assert meld is not None
    assert str(meld) == "R7 G7 W=7"
    assert (Value(7, Color.RED), Value(7, Color.GREEN), Value(7, None)) == meld.values


# --- rule C-7: runs ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "group", "rules"),
    [
        pytest.param("R2 B3 G4 Y5", RunOf(4), CLASSIC_MELD_RULES, id="C-7-colours-irrelevant"),
        pytest.param("Y5 R2 G4 B3", RunOf(4), CLASSIC_MELD_RULES, id="C-7-any-order"),
        pytest.param("R9 R10 R11 R12", RunOf(4), CLASSIC_MELD_RULES, id="C-7-up-to-12"),
        pytest.param("R1 B2 G3 Y4 R5", RunOf(4), CLASSIC_MELD_RULES, id="C-9-longer-run"),
        pytest.param("R3 B4 W G6", RunOf(4), CLASSIC_MELD_RULES, id="C-17-wild-in-gap"),
        pytest.param("W W R1 W", RunOf(4), CLASSIC_MELD_RULES, id="C-17-wilds-around"),
        pytest.param(
            "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12",
            RunOf(4),
            CLASSIC_MELD_RULES,
            id="C-7-twelve-is-the-maximum",
        ),
        pytest.param(
            "R1 W W W W W W W W W W W", RunOf(12), CLASSIC_MELD_RULES, id="C-7-twelve-with-wilds"
        ),
        pytest.param("R11 R12 B1 G2", RunOf(4), WRAP, id="C-7-wraps-with-runs_wrap"),
        pytest.param("R12 B1 G2 Y3", RunOf(4), WRAP, id="C-7-12-1-with-runs_wrap"),
    ],
)
def test_valid_runs(text: str, group: GroupType, rules: MeldRules) -> None:
    ok(text, group, rules)


@pytest.mark.parametrize(
    ("text", "group", "problem", "reason"),
    [
        pytest.param(
            "R12 B1 G2 Y3",
            RunOf(4),
            MeldProblem.NO_WRAP,
            "runs do not wrap: 12 is not followed by 1",
            id="C-7-12-1-does-not-run",
        ),
        pytest.param(
            "R11 R12 W B1",
            RunOf(4),
            MeldProblem.NO_WRAP,
            "runs do not wrap: 12 is not followed by 1",
            id="C-7-no-wrap-with-wild",
        ),
        pytest.param(
            "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 W",
            RunOf(4),
            MeldProblem.TOO_LONG,
            "a run has at most 12 cards, got 13",
            id="C-7-13-cards-too-long",
        ),
        pytest.param(
            "R1 W W W W W W W W W W W W",
            RunOf(12),
            MeldProblem.TOO_LONG,
            "a run has at most 12 cards, got 13",
            id="C-7-13-with-wilds-too-long",
        ),
        pytest.param(
            "R3 R3 R4 R5",
            RunOf(4),
            MeldProblem.REPEATED_NUMBER,
            "a run cannot hold two 3s",
            id="C-7-repeated-number",
        ),
        pytest.param(
            "R2 B3 G5 Y6",
            RunOf(4),
            MeldProblem.GAP,
            "2 and 6 are too far apart for a run of 4 cards",
            id="C-7-gap",
        ),
        pytest.param(
            "R2 R7 W W",
            RunOf(4),
            MeldProblem.GAP,
            "2 and 7 are too far apart for a run of 4 cards",
            id="C-17-wilds-cannot-bridge",
        ),
        pytest.param(
            "W W W W",
            RunOf(4),
            MeldProblem.TOO_FEW_NATURALS,
            "a run of 4 needs at least 1 natural card, not only wilds (has 0)",
            id="C-17-wild-run",
        ),
        pytest.param(
            "R2 B3 S G5",
            RunOf(4),
            MeldProblem.SKIP,
            "a skip can never be part of a group",
            id="C-19-skip-in-run",
        ),
        pytest.param(
            "R2 B3 G4",
            RunOf(4),
            MeldProblem.TOO_FEW_CARDS,
            "a run of 4 needs at least 4 cards, got 3",
            id="C-9-short-run",
        ),
    ],
)
def test_invalid_runs(text: str, group: GroupType, problem: MeldProblem, reason: str) -> None:
    bad(text, group, problem, reason, rules=scope_for(problem))


def test_run_cards_are_in_run_order() -> None:  # rule C-7
    meld = check_meld("G6 W R3 B4", RunOf(4)).meld
    assert meld is not None
    assert str(meld) == "R3 B4 W=5 G6"


# --- rule C-8: colour groups ---------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("R1 R3 R5 R7 R9 R11 R12", id="C-8-seven-reds"),
        pytest.param("G3 G3 G3 G5 G5 G9 G9", id="C-8-repeats-allowed"),
        pytest.param("Y1 Y2 W W W W W", id="C-17-wilds-in-colour-group"),
        pytest.param("B1 B2 B3 B4 B5 B6 B7 B8", id="C-9-eight-blues"),
    ],
)
def test_valid_colour_groups(text: str) -> None:
    ok(text, ColorGroupOf(7))


@pytest.mark.parametrize(
    ("text", "problem", "reason"),
    [
        pytest.param(
            "R1 R2 B3 R4 R5 R6 R7",
            MeldProblem.MIXED_COLORS,
            "a group of 7 cards of one colour holds one colour, these cards are blue and red",
            id="C-8-mixed-colours",
        ),
        pytest.param(
            "R1 R2 R3",
            MeldProblem.TOO_FEW_CARDS,
            "a group of 7 cards of one colour needs at least 7 cards, got 3",
            id="C-9-too-few",
        ),
        pytest.param(
            "W W W W W W W",
            MeldProblem.TOO_FEW_NATURALS,
            None,
            id="C-17-only-wilds",
        ),
        pytest.param("R1 R2 R3 R4 R5 R6 S", MeldProblem.SKIP, None, id="C-19-skip-in-colour-group"),
    ],
)
def test_invalid_colour_groups(text: str, problem: MeldProblem, reason: str | None) -> None:
    bad(text, ColorGroupOf(7), problem, reason, rules=scope_for(problem))


def test_colour_group_wild_stands_for_the_colour() -> None:  # rules C-8, C-18
    meld = check_meld("Y1 Y2 W Y4 Y5 Y6 Y7", ColorGroupOf(7)).meld
    assert meld is not None
    assert Value(None, Color.YELLOW) == meld.values[-1]
    assert str(meld) == "Y1 Y2 Y4 Y5 Y6 Y7 W=Y"


def test_same_colour_run() -> None:  # rule M-3
    ok("R3 R4 W R6", ColorRunOf(4))
    bad("R3 B4 R5 R6", ColorRunOf(4), MeldProblem.MIXED_COLORS)


# --- rule C-17: wilds and the natural minimum ----------------------------------------------


@pytest.mark.parametrize(
    ("text", "group"),
    [
        pytest.param("W W W", SetOf(3), id="C-17-set"),
        pytest.param("W W W W", RunOf(4), id="C-17-run"),
        pytest.param("W W W W W W W", ColorGroupOf(7), id="C-17-colour-group"),
    ],
)
def test_wilds_alone(text: str, group: GroupType) -> None:
    # rule C-17, option natural_minimum=group: each group needs a natural card ...
    bad(text, group, MeldProblem.TOO_FEW_NATURALS, rules=GROUP_SCOPE)
    # ... per phase (the default, seeds 000 and 003): the group is fine, the phase needs the
    # natural; with no minimum (seed 002) nothing is asked at all
    ok(text, group)
    ok(text, group, PHASE_SCOPE)
    ok(text, group, NO_MINIMUM)


def test_phase_scope_needs_a_natural_in_the_phase() -> None:  # rule C-17
    phase = Phase((SetOf(3), SetOf(3)))
    assert find_laydown("R7 W W W W W", phase, rules=GROUP_SCOPE) is None
    for rules in (CLASSIC_MELD_RULES, PHASE_SCOPE):
        found = find_laydown("R7 W W W W W", phase, rules=rules)
        assert found is not None
        assert str(found) == "R7 W=7 W=7 | W=1 W=1 W=1"  # equal groups: canonical order
        assert find_laydown("W W W W W W", phase, rules=rules) is None


def test_two_naturals_per_run_option() -> None:  # rule M-4
    rules = MeldRules(naturals_in_runs=2, natural_minimum=NaturalScope.GROUP)
    bad("R3 W W W", RunOf(4), MeldProblem.TOO_FEW_NATURALS, rules=rules)
    ok("R3 W W R6", RunOf(4), rules)
    ok("R3 W W", SetOf(3), rules)


# --- rule C-18: a wild's value is recorded -------------------------------------------------


def test_wild_readings() -> None:  # rule C-18
    verdict = check_meld("W R4 B5 G6", RunOf(4))
    assert [str(m) for m in verdict.melds] == ["W=3 R4 B5 G6", "R4 B5 G6 W=7"]
    assert str(verdict) == "valid: W=3 R4 B5 G6 or R4 B5 G6 W=7"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("R4 R5 R6 W=7", "R4 R5 R6 W=7", id="C-18-pinned-high"),
        pytest.param("W=3 R4 R5 R6", "W=3 R4 R5 R6", id="C-18-pinned-low"),
        pytest.param("R4 W=5 R6 R7", "R4 W=5 R6 R7", id="C-18-pinned-middle"),
    ],
)
def test_pinned_wild(text: str, expected: str) -> None:  # rule C-18
    verdict = check_meld(text, RunOf(4))
    assert [expected] == [str(m) for m in verdict.melds]


def test_pinned_wild_that_does_not_fit() -> None:  # rule C-18
    bad(
        "R4 R5 R6 W=2",
        RunOf(4),
        MeldProblem.WILD_VALUE,
        "the wild value W=2 does not fit this run of 4",
    )
    bad("R7 R7 W=8", SetOf(3), MeldProblem.WILD_VALUE)


def test_can_add_depends_on_the_reading() -> None:  # rules C-14, C-18
    low, high = check_meld("W R4 B5 G6", RunOf(4)).melds
    r3, r7, r8, r2 = parse_cards("R3 R7 R8 R2")
    assert (low.can_add(r3), low.can_add(r7), low.can_add(r2)) == (False, True, True)
    assert (high.can_add(r3), high.can_add(r7), high.can_add(r8)) == (True, False, True)


# --- rule C-19: skips ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "group"),
    [
        pytest.param("S", SetOf(1), id="C-19-alone"),
        pytest.param("S S S", SetOf(3), id="C-19-three-skips"),
        pytest.param("R7 R7 S", SetOf(3), id="C-19-set"),
        pytest.param("R1 R2 S R4", RunOf(4), id="C-19-run"),
        pytest.param("G1 G2 G3 G4 G5 G6 S", ColorGroupOf(7), id="C-19-colour-group"),
        pytest.param("R7 W S", SetOf(2), id="C-19-extra-skip"),
    ],
)
def test_skip_is_never_in_a_group(text: str, group: GroupType) -> None:  # rule C-19
    bad(text, group, MeldProblem.SKIP, "a skip can never be part of a group")


@given(st.lists(classic_cards(), max_size=6), st.sampled_from([SetOf(2), RunOf(3)]))
def test_any_cards_with_a_skip_are_no_group(cards: list[phase10.Card], group: GroupType) -> None:
    verdict = check_meld([*cards, SKIP], group)  # rule C-19
    assert verdict.problem == MeldProblem.SKIP


# --- rule C-14: hits -----------------------------------------------------------------------


def _meld(text: str, group: GroupType) -> Meld:
    meld = check_meld(text, group).meld
    assert meld is not None
    return meld


@pytest.mark.parametrize(
    ("meld_text", "group", "card", "fits"),
    [
        pytest.param("R7 B7 G7", SetOf(3), "Y7", True, id="C-14-set-same-number"),
        pytest.param("R7 B7 G7", SetOf(3), "R7", True, id="C-14-set-any-colour"),
        pytest.param("R7 B7 G7", SetOf(3), "Y8", False, id="C-14-set-other-number"),
        pytest.param("R7 B7 G7", SetOf(3), "W", True, id="C-14-set-wild"),
        pytest.param("R7 B7 G7", SetOf(3), "S", False, id="C-19-set-skip"),
        pytest.param("R3 B4 G5 Y6", RunOf(4), "R2", True, id="C-14-run-low-end"),
        pytest.param("R3 B4 G5 Y6", RunOf(4), "B7", True, id="C-14-run-high-end"),
        pytest.param("R3 B4 G5 Y6", RunOf(4), "R5", False, id="C-14-run-middle"),
        pytest.param("R3 B4 G5 Y6", RunOf(4), "R8", False, id="C-14-run-one-step-only"),
        pytest.param("R9 B10 G11 Y12", RunOf(4), "R1", False, id="C-14-run-no-wrap-high"),
        pytest.param("R1 B2 G3 Y4", RunOf(4), "R12", False, id="C-14-run-no-wrap-low"),
        pytest.param("R1 B2 G3 Y4", RunOf(4), "S", False, id="C-19-run-skip"),
        pytest.param(
            "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12",
            RunOf(4),
            "W",
            False,
            id="C-7-full-run-takes-nothing",
        ),
        pytest.param("R1 R2 R3 R4 R5 R6 R7", ColorGroupOf(7), "R12", True, id="C-14-colour"),
        pytest.param("R1 R2 R3 R4 R5 R6 R7", ColorGroupOf(7), "R1", True, id="C-8-repeat"),
        pytest.param("R1 R2 R3 R4 R5 R6 R7", ColorGroupOf(7), "B1", False, id="C-14-other-colour"),
        pytest.param("R1 R2 R3 R4 R5 R6 R7", ColorGroupOf(7), "W", True, id="C-14-colour-wild"),
    ],
)
def test_hits(meld_text: str, group: GroupType, card: str, fits: bool) -> None:
    meld = _meld(meld_text, group)
    c = parse_card(card)
    assert fits == meld.can_add(c)
    assert fits == bool(meld.hit_options(c))
    if fits and not c.is_wild:
        grown = meld.add(c)
        assert len(meld.cards) + 1 == len(grown.cards)
        assert grown.problem() is None
    elif not fits:
        with pytest.raises(InvalidMeldError) as info:
            meld.add(c)
        assert info.value.problem == MeldProblem.NO_FIT
        assert f"{card} does not fit on the " in str(info.value)


@given(
    st.integers(1, 12),
    st.integers(3, 12),
    st.sampled_from("RBGY"),
    st.integers(0, 2),
    st.sampled_from([SetOf, RunOf, ColorGroupOf, ColorRunOf]),
    st.sampled_from([CLASSIC_MELD_RULES, WRAP]),
)
def test_can_add_answers_as_the_hit_options_do(
    low: int, size: int, color: str, wilds: int, kind: type[SetOf], rules: MeldRules
) -> None:  # rule C-14: can_add's quick answer (the bots weigh laydowns by it) is exact
    if kind in (SetOf,):
        text = " ".join([f"{c}{low}" for c in "RBGY"][: min(size, 4)] + ["W"] * wilds)
        group: GroupType = SetOf(min(size, 4) + wilds)
    else:
        numbers = [(low + i - 1) % 12 + 1 for i in range(size)]
        text = " ".join(f"{color}{n}" for n in numbers)
        group = kind(size)
    meld = check_meld(text, group, rules=rules).meld
    if meld is None:  # a run past 12 without the wrap option
        return
    for card in (*CLASSIC_CARDS, SKIP):
        assert bool(meld.hit_options(card, rules=rules)) == meld.can_add(card, rules=rules)


def test_run_hit_wraps_with_the_option() -> None:  # rules C-7, C-14
    meld = check_meld("R9 B10 G11 Y12", RunOf(4), rules=WRAP).meld
    assert meld is not None
    assert meld.can_add(parse_card("R1"), rules=WRAP)


def test_hit_on_set_takes_the_sets_number() -> None:  # rule C-14
    grown = _meld("R7 B7 G7", SetOf(3)).add(WILD)
    assert str(grown) == "R7 B7 G7 W=7"


def test_hit_extends_run_at_the_right_end() -> None:  # rule C-14
    meld = _meld("R3 B4 G5 Y6", RunOf(4))
    assert str(meld.add(parse_card("R2"))) == "R2 R3 B4 G5 Y6"
    assert str(meld.add(parse_card("B7"))) == "R3 B4 G5 Y6 B7"


def test_wild_hit_on_run_with_two_open_ends_is_ambiguous() -> None:  # rules C-14, C-18
    meld = _meld("R4 B5 G6 Y7", RunOf(4))
    with pytest.raises(InvalidMeldError) as info:
        meld.add(WILD)
    message = str(info.value)
    assert "several ways" in message
    assert "value=" in message
    assert "end=" in message
    assert info.value.problem is None
    assert str(meld.add(WILD, value=Value(8, None))) == "R4 B5 G6 Y7 W=8"
    assert str(meld.add(WILD, end=End.LOW)) == "W=3 R4 B5 G6 Y7"
    assert {End.LOW, End.HIGH} == {o.end for o in meld.hit_options(WILD)}


def test_wild_hit_with_a_value() -> None:  # rules C-14, C-18
    meld = _meld("R4 B5 G6", RunOf(3))
    grown = meld.add(WILD, value=Value(7, None))
    assert str(grown) == "R4 B5 G6 W=7"
    assert Value(7, None) == grown.values[-1]
    with pytest.raises(InvalidMeldError):
        meld.add(WILD, value=Value(9, None))


def test_wild_hit_on_run_with_one_open_end() -> None:  # rule C-14
    meld = _meld("R1 B2 G3 Y4", RunOf(4))
    assert str(meld.add(WILD)) == "R1 B2 G3 Y4 W=5"


# --- melds built by hand -------------------------------------------------------------------


def test_meld_validate() -> None:
    good = _meld("R7 B7 G7", SetOf(3))
    assert good is good.validate()
    wrong = attrs.evolve(good, values=(Value(8, None),) * 3)
    assert wrong.problem() is not None
    with pytest.raises(InvalidMeldError, match="invalid meld"):
        wrong.validate()


def test_meld_problem_under_other_rules() -> None:  # rule M-4
    meld = _meld("R3 W W W", RunOf(4))
    assert meld.problem() is None
    master = MeldRules(naturals_in_runs=2, natural_minimum=NaturalScope.GROUP)
    expected = "a run of 4 needs at least 2 natural cards, not only wilds (has 1)"
    assert expected == meld.problem(rules=master)
    assert MeldProblem.TOO_FEW_NATURALS == meld.check(rules=master).problem


def test_a_hand_built_meld_gets_check_melds_sentence() -> None:  # rule C-6
    r1, b2, g3 = parse_cards("R1 B2 G3")
    bad = Meld(SetOf(3), Repeat(Pattern.of(number=1)), (r1, b2, g3), (Value(1, None),) * 3)
    verdict = check_meld("R1 B2 G3", SetOf(3))
    assert (verdict.problem, verdict.reason) == (bad.check().problem, bad.check().reason)
    assert verdict.reason == bad.problem()
    with pytest.raises(InvalidMeldError) as caught:
        bad.validate()
    assert MeldProblem.MIXED_NUMBERS == caught.value.problem


def test_a_meld_whose_cards_fit_but_not_as_held_is_malformed() -> None:
    good = _meld("R3 B4 G5", RunOf(3))
    backwards = attrs.evolve(good, cards=good.cards[::-1], values=good.values[::-1])
    verdict = backwards.check()
    assert MeldProblem.MALFORMED == verdict.problem
    assert "G5 cannot take its place here" == verdict.reason


# --- notation with wild values -------------------------------------------------------------


def test_parse_placed() -> None:  # rule C-18
    r4, w, g6 = parse_cards("R4 W G6")
    assert ((r4, None), (w, Value(5, None)), (g6, None)) == parse_placed("R4 W=5 g6")
    assert ((w, Value(None, Color.RED)),) == parse_placed("w=r")
    assert ((w, Value(7, Color.BLUE)),) == parse_placed("W=B7")


@pytest.mark.parametrize(
    ("text", "token", "position"),
    [
        pytest.param("R4 R7=7", "R7=7", 3, id="value-on-a-natural"),
        pytest.param("R4 W=", "W=", 3, id="empty-value"),
        pytest.param("W=X", "W=X", 0, id="bad-value"),
        pytest.param("R4 Q9", "Q9", 3, id="bad-card"),
    ],
)
def test_parse_placed_errors(text: str, token: str, position: int) -> None:
    with pytest.raises(NotationError) as info:
        parse_placed(text)
    assert (token, position) == (info.value.token, info.value.position)


def test_check_meld_refuses_non_cards() -> None:
    with pytest.raises(TypeError):
        check_meld(["R7"], SetOf(1))  # type: ignore[list-item]


@pytest.mark.parametrize(
    "make",
    [
        pytest.param(lambda: SetOf(0), id="set-of-0"),
        pytest.param(lambda: RunOf(-1), id="run-of-minus-1"),
        pytest.param(lambda: ColorGroupOf(2.5), id="colour-group-of-2.5"),  # type: ignore[arg-type]
        pytest.param(lambda: MeldRules(max_number=0), id="max-number-0"),
        pytest.param(lambda: MeldRules(colors=()), id="no-colours"),
        pytest.param(lambda: MeldRules(naturals_in_runs=-1), id="negative-naturals"),
    ],
)
def test_definitions_are_checked(make: object) -> None:
    assert callable(make)
    with pytest.raises(DefinitionError):
        make()


@pytest.mark.parametrize(
    ("group", "text"),
    [
        pytest.param(SetOf(3), "set of 3", id="set"),
        pytest.param(RunOf(4), "run of 4", id="run"),
        pytest.param(ColorGroupOf(7), "7 cards of one colour", id="colour-group"),
        pytest.param(ColorRunOf(4), "same-colour run of 4", id="same-colour-run"),
    ],
)
def test_group_names(group: GroupType, text: str) -> None:
    assert text == str(group)


# --- a group type of one's own (V-5) -------------------------------------------------------

EVENS = frozenset(range(2, 13, 2))


@attrs.frozen
class EvenOf:
    """At least ``size`` cards, all of even numbers (any mix of them, any colours)."""

    size: int

    def __str__(self) -> str:
        return f"group of {self.size} even numbers"

    def shapes(self, rules: MeldRules) -> Iterable[Shape]:
        numbers = frozenset(n for n in EVENS if n <= rules.max_number)
        return (Repeat(Pattern(numbers=numbers)),)


def test_custom_group_is_a_group_type() -> None:  # rule V-5
    assert isinstance(EvenOf(3), GroupType)
    assert isinstance(EvenOf(3), phase10.GroupType)
    Phase((EvenOf(3), RunOf(3)))  # accepted as a phase's group


@pytest.mark.parametrize(
    ("text", "valid"),
    [
        pytest.param("R2 B4 G12", True, id="V-5-three-evens"),
        pytest.param("R2 R2 R2", True, id="V-5-repeats"),
        pytest.param("R2 W W", True, id="V-5-wilds"),
        pytest.param("R2 B4 G5", False, id="V-5-odd-number"),
        pytest.param("W W W", False, id="C-17-only-wilds"),
        pytest.param("R2 B4", False, id="C-9-too-few"),
        pytest.param("R2 B4 S", False, id="C-19-skip"),
    ],
)
def test_custom_group_check_meld(text: str, valid: bool) -> None:  # rule V-5
    # per group, so that wilds alone are refused by the group itself (C-17)
    assert valid == bool(check_meld(text, EvenOf(3), rules=GROUP_SCOPE))


def test_custom_group_reasons() -> None:  # rule V-5
    verdict = check_meld("R2 B4 G5", EvenOf(3))
    assert verdict.problem == MeldProblem.NO_FIT
    assert verdict.reason == "these cards do not form a group of 3 even numbers"
    assert check_meld("W W W", EvenOf(3), rules=GROUP_SCOPE).problem == (
        MeldProblem.TOO_FEW_NATURALS
    )


def test_custom_group_in_a_laydown() -> None:  # rules V-5, C-10
    phase = Phase((EvenOf(3), RunOf(3)))
    found = find_laydown("R2 B4 G6 Y7 R8 B9 S", phase)
    assert found is not None
    assert str(found) == "R2 B4 G6 | Y7 R8 B9"
    assert find_laydown("R2 B4 G6 R8", phase) is None
    every = {str(x) for x in iter_laydowns("R2 B4 G6 Y7 R8 B9", phase, minimal=True)}
    assert {"R2 B4 G6 | Y7 R8 B9"} == every
    for laydown in iter_laydowns("R2 B4 G6 Y7 R8 B9 W", phase):
        assert all(check_meld(m.cards, g) for m, g in zip(laydown.melds, phase.groups, strict=True))


def test_custom_group_hits() -> None:  # rules V-5, C-14
    meld = check_meld("R2 B4 G6", EvenOf(3)).meld
    assert meld is not None
    assert meld.can_add(parse_card("Y10"))
    assert not meld.can_add(parse_card("Y9"))


def test_group_type_without_shapes_is_refused() -> None:
    @attrs.frozen
    class NotAGroup:
        size: int

    with pytest.raises(DefinitionError):
        Phase((NotAGroup(3),))  # type: ignore[arg-type]
