"""Analysis helpers (src/phase10/analysis.py): the measures GreedyBot decides with, playouts."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import phase10
from phase10 import (
    CLASSIC,
    MASTER,
    TEN_PHASES,
    Discard,
    Draw,
    GreedyBot,
    Hit,
    InvalidStateError,
    RandomBot,
    Reveal,
    SkipTarget,
    TakeDiscard,
    TurnStep,
    _laydown_plan,
    find_variant,
    may_hit,
    sort_cards,
    to_discard_pile,
    turn_order,
)
from phase10._laydown_search import suit_runs
from phase10.analysis import (
    Collecting,
    collecting,
    completing_cards,
    count_outs,
    helpful,
    helps,
    hittable,
    hitters,
    next_player,
    phase_distance,
    playout,
    points_at_risk,
    unseen_cards,
    world_weight,
)
from phase10.cards import WILD, Card, Color, Kind, parse_cards
from phase10.errors import LimitError
from phase10.groups import ColorGroupOf, MeldRules, NaturalScope, RunOf, SetOf
from phase10.laydown import find_laydown
from phase10.limits import current_limits, use_limits
from phase10.phases import CLASSIC_PHASES, MASTER_PHASES, TEN_PHASES_PHASES, Phase
from tests.depth import examples

from .helpers import card, cards, eager_action, play, start

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


@settings(max_examples=examples(60), deadline=None)
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
            Phase((SetOf(2),) * 5),  # many sets of one size are counted (custom phases)
            Phase((SetOf(3),) * 4),
            Phase((*(SetOf(2),) * 4, RunOf(3))),
            Phase((SetOf(2), SetOf(2), SetOf(2), SetOf(3))),  # two sizes: a packing, counted
            Phase((SetOf(2), SetOf(2), SetOf(3), SetOf(4))),  # three sizes
            Phase((SetOf(3), SetOf(3), SetOf(2), SetOf(2), RunOf(3))),  # two sizes and a run
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
    # the oracle may search as far as the engine's searches may, with a call budget to match
    # (13 cards of few numbers with phase.size wilds added can run past one call's budget)
    limits = limits.raised(
        max_search_nodes=limits.max_engine_search_nodes,
        max_call_steps=limits.max_engine_search_nodes,
    )
    wild = _free_wild(rules)
    with use_limits(limits):
        for k in range(phase.size + 1):
            if find_laydown(hand + (wild,) * k, phase, rules=rules, limits=limits) is not None:
                return k
    return phase.size + 1


@settings(max_examples=examples(400), deadline=None)
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


def test_a_hand_of_one_colour_never_makes_runs_in_two_suits() -> None:
    # rules T-3 (runs in different suits) and M-4 (two naturals in each run): the analysis
    # adds Master's wilds ranged over every number and colour, which bound the search as
    # plain wilds do; this hand ran out of the call's budget before
    phase, rules = TEN_PHASES_PHASES[9], MASTER.meld_rules
    yellow = parse_cards("Y1 Y8 Y7 Y6 Y8 Y1 Y10 Y5 Y11 Y3 Y9 Y12 Y12")
    assert phase.size + 1 == phase_distance(yellow, phase, rules=rules)
    assert phase.size + 1 == _searched_distance(yellow, phase, rules)
    two_suits = parse_cards("Y1 Y8 Y7 Y6 Y8 Y1 Y10 Y5 Y11 Y3 Y9 R12 R11")
    assert 2 == phase_distance(two_suits, phase, rules=rules)
    assert 2 == phase_distance(parse_cards("Y1 Y2 Y3 Y4 R5 R6 R7"), phase, rules=rules)


def test_a_wild_ranged_short_of_every_card_is_bounded_as_a_plain_one() -> None:
    # rule M-2: a joker that stands for some numbers or colours only is not a plain wild;
    # the suits' bounds (T-3) count it as one, which asks less than it can give, and the
    # search decides the rest
    phase, rules = TEN_PHASES_PHASES[9], MASTER.meld_rules  # runs of 5 and 4, two suits
    hand = parse_cards("Y1 Y2 Y3 Y4 R5 R6 R7")
    everything = _free_wild(rules)
    green = attrs.evolve(everything, wild_colors=frozenset({Color.GREEN}))
    assert suit_runs((*hand, everything), phase, rules) == suit_runs((*hand, WILD), phase, rules)
    assert suit_runs((*hand, green), phase, rules) == suit_runs((*hand, WILD), phase, rules)
    # with one wild more the hand lays it down, and a green joker has no place in it
    assert find_laydown((*hand, everything, everything), phase, rules=rules) is not None
    assert find_laydown((*hand, green, everything), phase, rules=rules) is None
    assert 1 == phase_distance((*hand, everything), phase, rules=rules)
    assert 2 == phase_distance((*hand, green), phase, rules=rules)


def test_a_second_suit_without_its_naturals_is_refused_by_counting() -> None:
    # M-4 asks two naturals in each run, so a hand of one colour and ranged jokers (M-2)
    # never lays runs in two suits (T-3), whatever wilds are added; the search walked every
    # placement of the added wilds before (a SearchLimitError in count_outs)
    phase, rules = TEN_PHASES_PHASES[9], MASTER.meld_rules
    hand = parse_cards("P10 S P12 P6 W7-12:RGYP P6 GF P1 P9 S KA P4 P1 W1-6:YP")
    unseen = Counter(parse_cards("P2 P3 P5 R1 W1-6:RG"))
    assert phase.size + 1 == phase_distance(hand, phase, rules=rules)
    with use_limits(current_limits().raised(max_call_steps=20_000)):
        assert 0 == count_outs(hand, phase, unseen, rules=rules)
    # one red natural more, and a second red one is an out (R1 R2 and wilds, M-4)
    red = (*hand, *parse_cards("R2"))
    assert 1 == count_outs(red, phase, Counter(parse_cards("R1 G1")), rules=rules)


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


# ----------------------------------------------------------------------------- other seats


def _walk(
    variant: phase10.Variant, players: int, seed: str, steps: int
) -> Iterator[tuple[phase10.GameState, phase10.Action]]:
    """Each state of a seeded game (eager players, skips aimed) with the action played."""
    rng = random.Random(seed)
    state = phase10.new_game(variant, players)
    for _ in range(steps):
        if state.is_over:
            return
        action = eager_action(state, rng, targets=True)
        yield state, action
        state = phase10.apply(state, action)


_GAMES = (
    (CLASSIC, 2),
    (CLASSIC, 4),
    (CLASSIC.with_options(skip_target=SkipTarget.NEXT), 3),
    (MASTER, 3),
    (TEN_PHASES, 2),
)


@settings(max_examples=examples(12), deadline=None)
@given(st.sampled_from(_GAMES), st.integers(0, 10**6))
def test_the_next_player_is_who_the_rules_give_the_turn(
    game: tuple[phase10.Variant, int], seed: int
) -> None:
    # rules C-4, C-19, C-20, M-14: turn_order is the rules' own hand-over, skips and all
    variant, players = game
    for state, action in _walk(variant, players, f"next:{seed}", 400):
        if not isinstance(action, Discard):
            continue
        after = phase10.apply(state, action)
        if after.hand_number != state.hand_number or after.step not in (
            TurnStep.DRAW,
            TurnStep.RESHUFFLE,
        ):
            continue  # the hand ended, or a Give five (M-15) keeps the turn
        seat, target = action.player, action.target
        v = phase10.view(state, (seat + 1) % players)
        assert after.turn == next_player(v, seat, skipping=target)
        assert after.turn == turn_order(state, seat, skipping=target)[0]


def test_turn_order_spends_each_pending_skip_once() -> None:
    state, _ = phase10.play_chance(phase10.new_game(CLASSIC, 4), random.Random(0))
    assert (1, 2, 3, 0) == turn_order(state, 0)
    skipped = attrs.evolve(
        state,
        players=tuple(attrs.evolve(p, skipped=s in (1, 3)) for s, p in enumerate(state.players)),
    )
    assert (2, 0) == turn_order(skipped, 0)
    assert (2, 0) == turn_order(phase10.view(skipped, 2), 0)
    assert (0,) == turn_order(skipped, 0, skipping=2)  # everybody else loses a turn
    # seat 1 itself has a skip against it: its next turn is the one after the lost one
    assert (2, 0, 2, 3, 0, 1) == turn_order(skipped, 1, skipping=3)[:6]


def test_turn_order_in_a_tiebreak_hand_goes_round_the_tied_seats() -> None:
    state, _ = phase10.play_chance(phase10.new_game(CLASSIC, 4), random.Random(0))
    tied = attrs.evolve(state, tiebreak=(0, 2))
    assert (2, 0) == turn_order(tied, 0)
    assert (2, 0) == turn_order(tied, 1)  # a seat out of the tie-break: one round of it


def test_turn_order_refuses_a_seat_the_game_has_not() -> None:
    state, _ = phase10.play_chance(phase10.new_game(CLASSIC, 2), random.Random(0))
    with pytest.raises(InvalidStateError, match="seat must be a seat from 0 to 1, got 2"):
        turn_order(state, 2)
    with pytest.raises(InvalidStateError, match="skipping must be a seat"):
        next_player(phase10.view(state, 0), 0, skipping=-1)
    with pytest.raises(InvalidStateError, match="got True"):
        may_hit(state, True)


def _two_hands() -> phase10.GameState:
    """Classic, 2 players: p1 holds reds 1-10, p2 blues 1-10, G7 turned up; p1 to play."""
    return start(["R1 R2 R3 R4 R5 R6 R7 R8 R9 R10", "B1 B2 B3 B4 B5 B6 B7 B8 B9 B10"], "G7")


def test_collecting_reads_takes_discards_and_declines_from_the_history() -> None:
    state = _two_hands()
    state = play(state, Draw(0), Reveal(card("Y7")), Discard(0, card("R1")))  # p1 declined G7
    state = play(state, TakeDiscard(1), Discard(1, card("B2")))  # p2 took R1
    state = play(state, Draw(0), Reveal(card("Y9")), Discard(0, card("Y9")))  # declined B2
    state = play(state, Draw(1), Reveal(card("G1")), Discard(1, card("R1")))  # declined Y9
    for v in (phase10.view(state, 0), phase10.view(state, 1), state):
        first, second = collecting(v, 0), collecting(v, 1)
        assert (cards("G7 B2"), cards("R1 Y9"), ()) == (
            first.declined,
            first.discarded,
            first.taken,
        )
        assert (cards("Y9"), cards("B2 R1"), cards("R1")) == (
            second.declined,
            second.discarded,
            second.taken,
        )
        assert cards("B2 R1 Y9") == second.passed
        assert () == second.known  # the R1 it took went back to the pile
        assert (SETS,) == second.phases and not second.laid_down


def test_a_skip_on_the_pile_is_never_declined() -> None:
    # rule C-19: a skip cannot be taken, so drawing under it says nothing
    state = start(["R1 R2 R3 R4 R5 R6 R7 R8 R9 S", "B1 B2 B3 B4 B5 B6 B7 B8 B9 B10"], "G7")
    state = play(state, Draw(0), Reveal(card("Y7")), Discard(0, card("S"), 1))
    state = play(state, Draw(0), Reveal(card("Y8")))  # p2 was skipped
    assert () == collecting(state, 1).declined
    assert cards("G7") == collecting(state, 0).declined


def test_in_master_a_discarded_action_card_leaves_the_top_as_it_was() -> None:
    # rule M-11: action cards go to the blue pile; the card under them is still on top
    for state, action in _walk(MASTER, 2, "master-top", 3000):
        if (
            isinstance(action, Discard)
            and action.card.kind is Kind.ACTION
            and state.discard_pile
            and len(state.players[action.player].hand) > 1
        ):
            break
    else:
        pytest.fail("no action card was played")
    assert state.top_discard == phase10.apply(state, action).top_discard
    assert not to_discard_pile(MASTER, action.card)
    seen = collecting(state, action.player)
    assert all(c.kind is not Kind.ACTION for c in seen.declined)


def test_helpful_reads_the_known_cards_of_a_hidden_hand() -> None:
    state = _two_hands()
    state = play(state, Draw(0), Reveal(card("Y7")), Discard(0, card("R1")))
    state = play(state, TakeDiscard(1), Discard(1, card("B2")))
    v = phase10.view(state, 0)
    assert cards("R1") == v.players[1].known
    # p2 works on 2 sets of 3 and is known to hold R1: a 1 or a wild helps, a 9 is unknown
    assert cards("G1 W") == helpful(v, 1, cards("G1 Y9 W S G1"))
    assert helps(v, 1, card("G1")) and not helps(v, 1, card("Y9"))
    # from a full state every hand is seen: p2's blues 1-10 and R1 make a pair of 1s
    assert completing_cards(state.players[1].hand, SETS, cards("G1 Y9 W"), rules=RULES) == (
        helpful(state, 1, cards("G1 Y9 W"))
    )
    # the viewer's own hand, too
    assert completing_cards(v.hand, SETS, cards("G2 Y9 W"), rules=RULES) == helpful(
        v, 0, cards("G2 Y9 W")
    )


def test_a_run_collector_is_helped_by_a_neighbour_of_its_known_cards() -> None:
    # both on phase 4, 1 run of 7
    state = start(
        ["R1 R2 R3 R4 R5 R6 R7 R8 R9 R10", "B1 B2 B3 B4 B9 B9 B11 B11 B12 B12"],
        "G7",
        phase=(3, 3),
    )
    state = play(state, Draw(0), Reveal(card("Y7")), Discard(0, card("R6")))
    state = play(state, TakeDiscard(1), Discard(1, card("B12")))
    v = phase10.view(state, 0)
    assert cards("R6") == v.players[1].known
    # every number is within a run of 7 of a 6 (6-12 is one), but a second 6 adds nothing
    assert cards("G5 G12 W") == helpful(v, 1, cards("G5 Y6 G12 W"))


def _check_hits(variant: phase10.Variant, players: int, seed: str) -> int:
    """Compare hittable, hitters and helpful with the hits the rules list, in one game.

    Rule C-14: at a PLAY step of a seat that laid down on an earlier turn, a card of its
    hand fits the table exactly when legal_actions lists a hit of it. Returns how many
    positions were compared.
    """
    checked = 0
    for state, _ in _walk(variant, players, seed, 600):
        seat = state.turn
        me = state.players[seat]
        if state.step is not TurnStep.PLAY or not me.laid_down or state.laid_this_turn:
            continue
        if len(me.hand) < 2:
            continue
        hits = {a.card for a in phase10.legal_actions(state) if isinstance(a, Hit)}
        v = phase10.view(state, (seat + 1) % players)
        for c in set(me.hand):
            assert (c in hits) == hittable(v, c)
            assert (seat in hitters(v, c)) == (c in hits)
        assert helpful(v, seat, me.hand) == sort_cards(hits)
        checked += 1
    return checked


@settings(max_examples=examples(10), deadline=None)
@given(st.sampled_from(_GAMES), st.integers(0, 10**6))
def test_hittable_is_whether_the_rules_list_a_hit(
    game: tuple[phase10.Variant, int], seed: int
) -> None:
    _check_hits(*game, f"hit:{seed}")


def test_hits_are_checked() -> None:
    assert _check_hits(CLASSIC, 2, "hit:fixed") > 0


def test_world_weight_counts_the_cards_a_seat_let_go() -> None:
    state = _two_hands()
    state = play(state, Draw(0), Reveal(card("Y7")), Discard(0, card("R1")))
    state = play(state, Draw(1), Reveal(card("B1")), Discard(1, card("B9")))  # declined R1
    v = phase10.view(state, 0)
    assert cards("B9 R1") == collecting(v, 1).passed
    # p2's real hand holds B1 B1 (the one dealt and the one drawn) but neither R1 nor B9
    assert 1.0 == world_weight(v, state)
    held = attrs.evolve(
        state,
        players=(
            state.players[0],
            attrs.evolve(state.players[1], hand=sort_cards((*state.players[1].hand, card("B9")))),
        ),
    )
    assert 0.5 == world_weight(v, held, passed=0.5)
    assert 1.0 == world_weight(v, held, passed=1)
    assert 0.0 == world_weight(v, held, passed=0)


@pytest.mark.parametrize("passed", [-0.1, 1.5, float("nan"), True, "1"])
def test_world_weight_refuses_a_factor_outside_0_to_1(passed: object) -> None:
    state = _two_hands()
    v = phase10.view(state, 0)
    with pytest.raises(InvalidStateError, match="passed must be a number from 0 to 1"):
        world_weight(v, state, passed=passed)  # type: ignore[arg-type]


def test_collecting_has_a_repr_that_builds_it() -> None:
    state = _two_hands()
    state = play(state, Draw(0), Reveal(card("Y7")), Discard(0, card("R1")))
    state = play(state, TakeDiscard(1), Discard(1, card("B2")))
    seen = collecting(phase10.view(state, 0), 1)
    names = {name: getattr(phase10, name) for name in phase10.__all__}
    assert seen == eval(repr(seen), {**names, "Collecting": Collecting})


def test_a_plan_compiled_again_never_reads_the_distances_of_the_old_one() -> None:
    # Master's ranged wilds (M-2) are foreign to the numbered cards a plan classifies first: a
    # plan compiled again (after its bounded cache made room) numbers them in the order it
    # meets them: here W7-12:RG takes the class W1-6:RG had. A distance cached by class ids
    # alone would then give the low hand's 0 for the high hand (its wild cannot pair R4).
    # The test empties the plans' cache itself, as its bound does when it makes room
    phase = MASTER_PHASES[0]  # 4 pairs
    rules = phase10.MASTER.meld_rules
    low = parse_cards("R1 G1 R2 G2 R3 G3 R4 W1-6:RG", game=rules.game)
    high = parse_cards("R1 G1 R2 G2 R3 G3 R4 W7-12:RG", game=rules.game)
    assert 0 == phase_distance(low, phase, rules=rules)
    _laydown_plan._PLANS.clear()
    assert 1 == phase_distance(high, phase, rules=rules)
    unseen = Counter(parse_cards("P4 P5", game=rules.game))
    assert 1 == count_outs(high, phase, unseen, rules=rules)  # P4 pairs R4; P5 nothing


def test_a_packing_of_sets_is_counted_only_within_its_bound() -> None:
    # more than three sets of several sizes are counted by a program whose table grows as
    # the product of the sets of each size (plus one): past its bound the search, whose
    # steps the call's budget counts, takes over (twelve sets of twelve sizes: 4,096 states)
    rules = phase10.CLASSIC.meld_rules
    counted = Phase.parse("6 sets of 5 + 6 sets of 4")
    assert 49 == phase10.analysis._packing_states(tuple(g.size for g in counted.groups))
    assert phase10.analysis._Counting.of(counted, rules) is not None
    sizes = Phase(tuple(SetOf(n) for n in range(2, 10)))  # 8 sizes: 256 states
    assert 256 == phase10.analysis._packing_states(tuple(g.size for g in sizes.groups))
    assert phase10.analysis._Counting.of(sizes, rules) is None
    hand = parse_cards("R1 B1 R2 B2 R3 B3 R4 B4 R5 B5 R6 B6 R7 B7 R8 B8 R9 B9 W W")
    assert 0 <= phase_distance(hand, sizes, rules=rules) <= sizes.size + 1
