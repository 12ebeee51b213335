"""Analysis helpers (src/phase10/analysis.py): the measures GreedyBot decides with, playouts."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import phase10
from phase10 import CLASSIC, MASTER, TEN_PHASES, GreedyBot, RandomBot, find_variant
from phase10.analysis import (
    completing_cards,
    count_outs,
    phase_distance,
    playout,
    points_at_risk,
    unseen_cards,
)
from phase10.cards import WILD, Card, Kind, parse_cards
from phase10.errors import LimitError
from phase10.groups import ColorGroupOf, MeldRules, NaturalScope, RunOf, SetOf
from phase10.laydown import find_laydown
from phase10.limits import current_limits, use_limits
from phase10.phases import CLASSIC_PHASES, MASTER_PHASES, TEN_PHASES_PHASES, Phase

RULES = CLASSIC.meld_rules
SETS, RUN7 = CLASSIC.phases[0], CLASSIC.phases[3]


def test_distance_counts_the_missing_cards() -> None:
    assert 0 == phase_distance(parse_cards("R7 B7 G7 R9 B9 Y9"), SETS, rules=RULES)
    assert 1 == phase_distance(parse_cards("R7 B7 G7 R9 B9"), SETS, rules=RULES)
    # wilds alone make no group (a natural card is needed): no number of wilds is enough
    assert SETS.size + 1 == phase_distance((), SETS, rules=RULES)
    assert 3 == phase_distance(parse_cards("R1 B2 G3 Y4"), RUN7, rules=RULES)
    assert 3 == phase_distance(parse_cards("R1 B2 G3 Y4 S S"), RUN7, rules=RULES)


def test_a_colour_phase_cannot_be_made_without_a_colour_the_hand_has() -> None:
    colour = CLASSIC.phases[7]  # 7 cards of one colour
    assert 6 == phase_distance(parse_cards("R1"), colour, rules=RULES)
    assert colour.size + 1 == phase_distance((), colour, rules=RULES)


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(0, 9), st.integers(4, 11))
def test_distance_is_the_fewest_wilds_that_lay_the_phase_down(
    rng: random.Random, index: int, size: int
) -> None:
    phase = CLASSIC.phases[index]
    hand = tuple(rng.sample(CLASSIC.deck_for(2), size))
    d = phase_distance(hand, phase, rules=RULES)
    if d <= phase.size:
        assert find_laydown(hand + (WILD,) * d, phase, rules=RULES) is not None
    if d > 0:
        assert find_laydown(hand + (WILD,) * (d - 1), phase, rules=RULES) is None


def test_completing_cards_and_outs_agree() -> None:
    hand = parse_cards("R7 B7 G7 R9 B9")
    unseen = Counter(parse_cards("Y9 Y9 R2 W B7"))
    assert parse_cards("Y9 W") == completing_cards(hand, SETS, unseen, rules=RULES)
    assert 3 == count_outs(hand, SETS, unseen, rules=RULES)  # Y9 twice and W; B7 is no help
    full = parse_cards("R7 B7 G7 R9 B9 Y9")
    assert () == completing_cards(full, SETS, unseen, rules=RULES)
    assert 0 == count_outs(full, SETS, unseen, rules=RULES)


def test_unseen_cards_are_the_deck_less_what_the_viewer_sees() -> None:
    state, _ = phase10.play_chance(phase10.new_game(CLASSIC, 3), random.Random(5))
    v = phase10.view(state, 1)
    hidden = Counter(state.draw_pile)
    for seat in (0, 2):
        hidden.update(state.players[seat].hand)
    assert hidden == unseen_cards(v)


def test_points_at_risk_is_the_hand_score() -> None:
    # C-22: 5 points for 1-9, 10 for 10-12, 15 for a skip, 25 for a wild
    assert 55 == points_at_risk(parse_cards("R1 B12 W S"), scoring=CLASSIC.scoring)
    assert 0 == points_at_risk((), scoring=CLASSIC.scoring)


def test_playout_stops_at_the_end_of_the_hand_or_the_game() -> None:
    start, _ = phase10.play_chance(phase10.new_game(CLASSIC, 2), random.Random(3))
    end = playout(start, [GreedyBot(), GreedyBot()], random.Random(0))
    assert end.hand_number == 2 and end.is_chance  # the next hand is not dealt
    assert end == playout(start, [GreedyBot(), GreedyBot()], random.Random(0))
    short = find_variant("classic-first-1")
    first, _ = phase10.play_chance(phase10.new_game(short, 2), random.Random(3))
    over = playout(first, [GreedyBot(), RandomBot()], random.Random(1), until="game")
    assert over.is_over


def test_playout_refuses_bad_arguments() -> None:
    start, _ = phase10.play_chance(phase10.new_game(CLASSIC, 2), random.Random(3))
    with pytest.raises(ValueError, match="until"):
        playout(start, [GreedyBot()] * 2, random.Random(0), until="turn")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="one per seat"):
        playout(start, [GreedyBot()], random.Random(0))


# The distance and the outs are counted, not searched, for the phases made of sets and runs
# or of a colour group (analysis.py): here both are compared with the exact laydown search,
# over every built-in phase and rule set and phases and rules that the counting must refuse.
_RULES_AND_DECKS = (
    (RULES, CLASSIC.deck_for(2)),
    (RULES, CLASSIC.with_options(decks_per_player=1).deck_for(3)),  # many copies of a card
    (attrs.evolve(RULES, runs_wrap=True), CLASSIC.deck_for(2)),
    (attrs.evolve(RULES, natural_minimum=NaturalScope.NONE), CLASSIC.deck_for(2)),  # T-1
    (attrs.evolve(RULES, natural_minimum=NaturalScope.GROUP), CLASSIC.deck_for(2)),
    (attrs.evolve(RULES, naturals_in_sets=0), CLASSIC.deck_for(2)),
    (attrs.evolve(RULES, naturals_in_sets=2), CLASSIC.deck_for(2)),  # C-17, two per phase
    (MASTER.meld_rules, MASTER.deck_for(3)),  # M-2 ranged jokers, M-4 naturals per group
    (TEN_PHASES.meld_rules, TEN_PHASES.deck_for(2)),  # T-1 jokers, two decks
)
_PHASES = tuple(
    dict.fromkeys(
        (
            *CLASSIC_PHASES,
            *MASTER_PHASES,
            *TEN_PHASES_PHASES,
            Phase((SetOf(2), SetOf(2), SetOf(3))),
            Phase((SetOf(3), RunOf(3), SetOf(2))),
            Phase((RunOf(3), RunOf(3))),
            Phase((RunOf(13),)),
            Phase((ColorGroupOf(3), SetOf(3))),
            Phase((SetOf(1),)),
            Phase((SetOf(3), SetOf(3)), distinct_colors=True),
            Phase((ColorGroupOf(4), ColorGroupOf(4)), distinct_colors=True),
        )
    )
)


def _free_wild(rules: MeldRules) -> Card:
    if rules.game.has(WILD):
        return WILD
    numbers = frozenset(range(1, rules.max_number + 1))
    return Card(Kind.WILD, wild_numbers=numbers, wild_colors=frozenset(rules.colors))


def _searched_distance(hand: tuple[Card, ...], phase: Phase, rules: MeldRules) -> int:
    """The definition of phase_distance, answered by the search alone."""
    limits = current_limits()
    limits = limits.raised(max_search_nodes=limits.max_engine_search_nodes)
    wild = _free_wild(rules)
    for k in range(phase.size + 1):
        if find_laydown(hand + (wild,) * k, phase, rules=rules, limits=limits) is not None:
            return k
    return phase.size + 1


@settings(max_examples=400, deadline=None)
@given(
    st.randoms(use_true_random=False),
    st.sampled_from(_RULES_AND_DECKS),
    st.sampled_from(_PHASES),
    st.integers(0, 14),
)
def test_counted_distance_and_outs_are_the_searched_ones(
    rng: random.Random, rules_and_deck: tuple[MeldRules, tuple[Card, ...]], phase: Phase, size: int
) -> None:
    rules, deck = rules_and_deck
    pool = list(deck)
    focus, others = rng.random(), rng.random() < 0.5  # others: wilds, skips, action cards
    if focus < 0.5:  # a few numbers only: sets that share a number, runs with doubles
        numbers = rng.sample(range(1, rules.max_number + 1), rng.randint(1, 4))
        pool = [c for c in deck if c.number in numbers or (others and c.number is None)]
    elif focus < 0.7:  # a few colours only
        colors = rng.sample(rules.colors, rng.randint(1, 2))
        pool = [c for c in deck if c.color in colors or (others and c.number is None)]
    cards = rng.sample(pool, min(len(pool), size + 6))
    hand, unseen = tuple(cards[:size]), Counter(cards[size:])
    distance = _searched_distance(hand, phase, rules)
    assert distance == phase_distance(hand, phase, rules=rules)
    outs = 0
    if distance:
        for card, n in unseen.items():
            if _searched_distance((*hand, card), phase, rules) < distance:
                outs += n
    assert outs == count_outs(hand, phase, unseen, rules=rules)


def test_a_hand_too_large_for_the_search_is_still_refused() -> None:
    # the counting shortcut leaves such a hand to the search, which raises as it did
    phase = Phase((SetOf(2), SetOf(3)))  # a phase no other test caches a distance for
    hand = parse_cards("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 B1 B2 B3 B4")
    with use_limits(current_limits().raised(max_deck_size=16)), pytest.raises(LimitError):
        phase_distance(hand, phase, rules=RULES)
    assert 1 == phase_distance(hand, phase, rules=RULES)  # R1 B1, R2 B2 W


@pytest.mark.parametrize(
    ("phase", "text", "distance"),
    [
        # C-6: two sets may be of one number
        (CLASSIC_PHASES[0], "R7 B7 G7 Y7 R7 B7", 0),
        (CLASSIC_PHASES[6], "R7 B7 G7 Y7 R7 B7 W", 1),
        # C-7: a set and a run compete for a number with no card to spare
        (CLASSIC_PHASES[1], "R7 B7 G7 R5 R6 R8", 1),
        (CLASSIC_PHASES[1], "R7 B7 G7 Y7 R5 R6 R8", 0),
        (CLASSIC_PHASES[1], "R7 B7 R9 B9 R5 R6 R8", 1),
        (CLASSIC_PHASES[2], "R7 B7 G7 Y7 R4 R5 R6", 1),
        (CLASSIC_PHASES[3], "R1 R2 R3 R9 R10 R11 R12 W", 2),
        (CLASSIC_PHASES[7], "R1 R2 B3 B4 W", 4),  # C-8
        (CLASSIC_PHASES[9], "", CLASSIC_PHASES[9].size + 1),  # C-17: a natural is needed
    ],
)
def test_counted_distance_of_hands_where_groups_compete(
    phase: Phase, text: str, distance: int
) -> None:
    hand = parse_cards(text)
    assert distance == _searched_distance(hand, phase, RULES)
    assert distance == phase_distance(hand, phase, rules=RULES)
