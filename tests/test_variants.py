"""Scripted scenarios for the variants: one per rule V-1 ... V-5, M-1 ... M-15, T-1 ... T-6.

Every position comes from an explicit deal (``tests/helpers.py``): ``new_game`` and
then one ``Deal(card)`` per card, a ``TurnUp(card)`` and a ``Reveal(card)`` per draw, never
luck. Unless a test says otherwise the dealer is the last seat, so seat 0 (``p1``) is dealt
first and plays first. Every rule option of :class:`~phase10.Variant` is exercised on at
least one of these games.
"""

from __future__ import annotations

from collections import Counter

import attrs
import pytest

from phase10 import (
    CLASSIC,
    CLASSIC_PHASES,
    MASTER,
    MASTER_COLORS,
    MASTER_JOKERS,
    MASTER_PHASES,
    SKIP,
    SUITS,
    TEN_PHASES,
    TEN_PHASES_PHASES,
    WILD,
    Action,
    Advance,
    Announce,
    Card,
    Color,
    ColorGroupOf,
    ColorRunOf,
    DefinitionError,
    Discard,
    DrawTwo,
    End,
    GameState,
    Hit,
    InvalidCardError,
    InvalidStateError,
    Keep,
    KeepHand,
    Kind,
    LayDown,
    LaydownStyle,
    Meld,
    MeldProblem,
    MeldRules,
    NaturalScope,
    NotationError,
    Offer,
    Pattern,
    Phase,
    PhaseMelds,
    PhaseOrder,
    RedOrBlackOf,
    Repeat,
    Reshuffle,
    Reveal,
    RunOf,
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
    find_laydown,
    find_variant,
    hand_points,
    is_legal,
    legal_actions,
    master_deck,
    new_game,
    seen_drawn,
    standard_deck,
    variant_names,
    variants,
    view,
)
from phase10.analysis import unseen_cards
from tests.helpers import (
    announce,
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
    laydown,
    play,
    refuse,
    start,
    take,
)

FIXED = find_variant("classic-fixed-hands")
PICK = find_variant("classic-pick")

# Classic hands (each number card exists twice per colour).
#: Goes out on phases 1, 7, 9 and 10 with all ten cards: five 3s and five 4s.
OUT = "R3 R3 B3 G3 Y3 R4 R4 B4 G4 Y4"
OUT_GROUPS = ("R3 R3 B3 G3 Y3", "R4 R4 B4 G4 Y4")
#: Ten different numbers, no phase at all: 8 x 5 + 2 x 10 = 60 points.
QUIET = "R1 B2 G3 Y5 R6 B7 G8 Y9 R11 B12"

# Master hands (each number card exists twice in red, yellow, green and purple).
#: No four pairs, no six of a colour: ten different numbers.
M_QUIET = "R1 Y3 G5 P7 R9 Y11 G2 P4 R6 P8"
#: Another one, for a second seat.
M_QUIET2 = "Y1 G3 P5 R7 Y9 G11 P2 R4 Y6 G8"
#: A third one.
M_QUIET3 = "G1 P3 R5 Y7 G9 P11 R2 Y4 G6 Y8"
#: Phase 1 of Master (4 pairs) with all ten cards: three 1s, two 2s, two 3s, three 4s.
M_OUT = "R1 Y1 G1 R2 Y2 R3 Y3 R4 Y4 G4"
M_OUT_GROUPS = ("R1 Y1 G1", "R2 Y2", "R3 Y3", "R4 Y4 G4")


def pass_turn(state: GameState, drawn: str) -> GameState:
    """The player to act draws ``drawn`` and discards it."""
    state = draw(state, drawn)
    return play(state, discard(state, drawn))


def go_out(state: GameState, drawn: str, *groups: str) -> GameState:
    """The player to act draws ``drawn``, lays ``groups`` down and discards ``drawn``."""
    state = draw(state, drawn)
    return play(state, lay(state, *groups), discard(state, drawn))


def laydown_phases(state: GameState) -> set[int]:
    """The indices of the phases that the legal laydowns (or announcements) complete."""
    phases = state.variant.phases
    return {
        phases.index(a.laydown.phase)
        for a in legal_actions(state)
        if isinstance(a, LayDown | Announce)
    }


def of_type(state: GameState, kind: type[Action]) -> list[Action]:
    return [a for a in legal_actions(state) if isinstance(a, kind)]


# ============================================================================ house variants


def test_v1_fixed_hands_everyone_advances_every_hand() -> None:
    # rule V-1: p2 never lays down and still moves on; in the classic game p2 stays behind
    for variant, phases in ((FIXED, (1, 1)), (CLASSIC, (1, 0))):
        state = start([OUT, QUIET], "R12", variant=variant)
        state = go_out(state, "Y12", *OUT_GROUPS)
        assert (2, TurnStep.DEAL) == (state.hand_number, state.step)
        assert phases == state.phases
        assert (0, 60) == state.scores


@pytest.mark.parametrize(
    ("scores", "winners", "tiebreak"),
    [((100, 0), (1,), ()), ((0, 100), (0,), ()), ((60, 0), (), (0, 1))],
)
def test_c24_max_hands_option_lowest_total_wins_after_the_last_hand(
    scores: tuple[int, int], winners: tuple[int, ...], tiebreak: tuple[int, ...]
) -> None:
    """Rule C-24, option max_hands (``classic-10-hands``): seed 001's short classic text.

    Seed 001: «выигрывает игрок, набравший наименьшее количество очков после окончания 10
    раундов» ("the player with the fewest points after 10 rounds wins"), with the phases
    progressing as usual (C-22, not V-1); a tie is played off as C-26.
    """
    ten = find_variant("classic-10-hands")
    assert (10, Advance.COMPLETED) == (ten.max_hands, ten.advance)
    state = start([OUT, QUIET], "R12", variant=ten, score=scores)
    assert (1, 1) == (state.hand_number, go_out(state, "Y12", *OUT_GROUPS).hand_number - 1)
    state = go_out(attrs.evolve(state, hand_number=10).validate(), "Y12", *OUT_GROUPS)
    assert (1, 0) == state.phases  # p1 completed phase 1, p2 did not and stays on it
    assert (scores[0], scores[1] + 60) == state.scores
    assert (winners, tiebreak, bool(winners)) == (state.winners, state.tiebreak, state.is_over)
    if tiebreak:  # rule C-26: the tied players play phase 10 off
        assert (11, (9,)) == (state.hand_number, state.open_phases(0))


@pytest.mark.parametrize(
    ("scores", "winners"), [((100, 0), (1,)), ((0, 100), (0,)), ((61, 0), (1,)), ((59, 0), (0,))]
)
def test_v1_fixed_hands_lowest_total_wins_after_the_last_phase(
    scores: tuple[int, int], winners: tuple[int, ...]
) -> None:
    # rule V-1: after the last hand the lowest total wins, whoever completed the phase
    state = start([OUT, QUIET], "R12", variant=FIXED, phase=(9, 9), score=scores)
    state = go_out(state, "Y12", *OUT_GROUPS)  # p1 completes phase 10, p2 does not
    assert state.is_over
    assert (scores[0], scores[1] + 60) == state.scores
    assert (10, 10) == state.phases
    assert winners == state.winners


def test_v1_fixed_hands_tie_is_played_off_in_the_tiebreak_hand() -> None:
    # rules V-1, C-26 (documented choice): a tie on points goes to the tie-break hand
    state = start([OUT, QUIET], "R12", variant=FIXED, phase=(9, 9), score=(60, 0))
    state = go_out(state, "Y12", *OUT_GROUPS)
    assert (60, 60) == state.scores
    assert ((0, 1), TurnStep.DEAL, 2) == (state.tiebreak, state.step, state.hand_number)
    assert ((9,), (9,)) == (state.open_phases(0), state.open_phases(1))
    assert (1, 0) == dealing_order(state)  # the dealer moved to p1, so p2 is dealt first
    state = deal(state, [QUIET, OUT], "R12")
    state = draw(state, "Y12")
    state = play(state, lay(state, *OUT_GROUPS))  # tiebreak_win=laydown: wins at once
    assert (True, (1,)) == (state.is_over, state.winners)


def test_v1_fixed_hands_tiebreak_won_by_going_out() -> None:
    # rules V-1, C-26 with option tiebreak_win=go-out
    variant = FIXED.with_options(tiebreak_win=TiebreakWin.GO_OUT)
    state = start([OUT, QUIET], "R12", variant=variant, phase=(9, 9), score=(60, 0))
    state = go_out(state, "Y12", *OUT_GROUPS)
    state = deal(state, [QUIET, OUT], "R12")
    state = draw(state, "Y12")
    state = play(state, lay(state, *OUT_GROUPS))
    assert (False, TurnStep.PLAY) == (state.is_over, state.step)  # laying down is not enough
    state = play(state, discard(state, "Y12"))
    assert (True, (1,)) == (state.is_over, state.winners)


def test_v2_fewer_phases_classic_first_3() -> None:
    # rule V-2: the game stops after phase 3
    first3 = find_variant("classic-first-3")
    assert ("classic-first-3", CLASSIC_PHASES[:3]) == (first3.name, first3.phases)
    assert first3 == find_variant(" Classic-First-3 ")
    assert CLASSIC_PHASES[:5] == find_variant("classic-first-5").phases
    assert CLASSIC_PHASES[:8] == find_variant("classic-first-8").phases
    hand = "R5 B5 G5 Y5 R5 B5 R1 B2 G3 Y4"
    groups = ("R5 R5 B5 B5 G5 Y5", "R1 B2 G3 Y4")
    state = start([hand, QUIET], "R12", variant=first3, phase=(2, 0))
    state = go_out(state, "Y12", *groups)
    assert (True, (0,), (3, 0)) == (state.is_over, state.winners, state.phases)
    classic = go_out(start([hand, QUIET], "R12", variant=CLASSIC, phase=(2, 0)), "Y12", *groups)
    assert (False, (3, 0)) == (classic.is_over, classic.phases)


def test_v2_master_first_n_plays_the_first_phases_of_master() -> None:
    # rule V-2 applied to Master (a library addition): its first N phases, its own rules
    first1 = find_variant("master-first-1")
    assert ("master-first-1", MASTER.phases[:1]) == (first1.name, first1.phases)
    assert MASTER.with_options(name="x", phases=MASTER.phases[:1]) == first1.with_options(name="x")
    assert MASTER.phases[:10] == find_variant("master-first-10").phases


@pytest.mark.parametrize(
    "name",
    [
        "classic-first-0",
        "classic-first-11",
        "classic-first-x",
        "master-first-0",
        "master-first-11",
        "master-first-00000001",
    ],
)
def test_v2_classic_first_n_needs_n_from_1_to_10(name: str) -> None:
    # rule V-2
    with pytest.raises(DefinitionError, match=f"unknown variant '{name}'"):
        find_variant(name)


@pytest.mark.parametrize(
    ("name", "phases"),
    [("classic-even", CLASSIC_PHASES[1::2]), ("classic-odd", CLASSIC_PHASES[::2])],
)
def test_v3_only_even_or_only_odd_phases(name: str, phases: tuple[Phase, ...]) -> None:
    # rule V-3: the first phase of classic-even is the classic phase 2
    variant = find_variant(name)
    assert phases == variant.phases
    hand = "R7 B7 G7 R9 B9 G9 R1 B2 G3 Y4"  # classic phase 1 and classic phase 2
    state = draw(start([hand, QUIET], "R12", variant=variant), "Y12")
    assert {0} == laydown_phases(state)
    sets = lay(state, "R7 B7 G7", "R9 B9 G9", phase=CLASSIC_PHASES[0])
    set_run = lay(state, "R7 B7 G7", "R1 B2 G3 Y4", phase=CLASSIC_PHASES[1])
    right, wrong = (set_run, sets) if name == "classic-even" else (sets, set_run)
    message = refuse(state, wrong, Violation.PHASE_NOT_COMPLETE)
    assert f"p1 must lay down {phases[0]}" in message
    assert right in legal_actions(state)
    state = play(state, right)
    assert (True, 0) == (state.players[0].laid_down, state.players[0].phase)


#: Five 7s and five 9s: phases 1, 7, 9 and 10 of the classic game, going out with all ten.
SEVENS_NINES = "R7 R7 B7 G7 Y7 R9 R9 B9 G9 Y9"
SEVENS_NINES_GROUPS = ("R7 R7 B7 G7 Y7", "R9 R9 B9 G9 Y9")


def test_v4_pick_a_phase_offers_every_open_phase_once() -> None:
    # rule V-4: laydowns for every phase still open; the phase is recorded when laid down
    state = draw(start([SEVENS_NINES, QUIET], "R12", variant=PICK), "Y12")
    assert {0, 6, 8, 9} == laydown_phases(state)
    state = play(state, lay(state, *SEVENS_NINES_GROUPS, phase=CLASSIC_PHASES[6]))
    assert ((6,), 0) == (state.players[0].completed, state.players[0].phase)
    state = play(state, discard(state, "Y12"))  # out: the hand ends
    assert (2, 1, (6,)) == (state.hand_number, state.players[0].phase, state.players[0].completed)
    assert (0, 1, 2, 3, 4, 5, 7, 8, 9) == state.open_phases(0)
    assert CLASSIC_PHASES[0] == state.current_phase(0)
    # hand 2 (dealer p1, so p2 plays first): phase 7 is done and not offered again
    state = deal(state, [SEVENS_NINES, QUIET], "R12")
    state = pass_turn(state, "B12")
    state = draw(state, "Y12")
    assert {0, 8, 9} == laydown_phases(state)
    refuse(
        state,
        lay(state, *SEVENS_NINES_GROUPS, phase=CLASSIC_PHASES[6]),
        Violation.PHASE_NOT_COMPLETE,
    )


def test_v4_pick_a_phase_first_to_complete_all_wins() -> None:
    # rule V-4: p1 has done all but phase 7, in any order
    done = tuple(i for i in range(10) if i != 6)
    state = start([SEVENS_NINES, QUIET], "R12", variant=PICK, phase=(9, 0), completed=(done, ()))
    state = draw(state, "Y12")
    assert {6} == laydown_phases(state)
    state = play(state, lay(state, *SEVENS_NINES_GROUPS, phase=CLASSIC_PHASES[6]))
    state = play(state, discard(state, "Y12"))
    assert (True, (0,), (10, 0)) == (state.is_over, state.winners, state.phases)
    assert tuple(range(10)) == state.players[0].completed


@attrs.frozen
class EvenOf:
    """A user-defined group type: at least ``size`` cards with even numbers (rule V-5)."""

    size: int

    def __str__(self) -> str:
        return f"{self.size} even cards"

    def shapes(self, rules: MeldRules) -> tuple[Repeat, ...]:
        evens = frozenset(range(2, rules.max_number + 1, 2))
        return (Repeat(Pattern(numbers=evens)),)


def test_v5_custom_phases_parse_and_play() -> None:
    # rule V-5: phases from words, any group type, also user-defined ones
    assert CLASSIC_PHASES[1] == Phase.parse("set 3 + run 4")
    assert CLASSIC_PHASES[6] == Phase.parse("2 sets of 4")
    assert CLASSIC_PHASES[7] == Phase.parse("7 cards of one colour")
    assert MASTER_PHASES[0] == Phase.parse("4 pairs")
    assert Phase((ColorRunOf(3), ColorGroupOf(5))) == Phase.parse("colour run 3 + colour 5")
    custom = Phase.parse("evens 4 + same-colour run 3", groups={"even": EvenOf})
    assert (EvenOf(4), ColorRunOf(3)) == custom.groups
    variant = Variant(name="custom", phases=(custom, Phase.parse("set 2 + colour 4")))
    state = draw(start(["R2 B4 G6 Y8 G9 G10 G11 R1 B3 Y5", QUIET], "R12", variant=variant), "Y12")
    assert {0} == laydown_phases(state)
    state = play(state, lay(state, "R2 B4 G6 Y8", "G9 G10 G11"))
    state = play(state, hit(state, 0, 0, "Y12"))  # an even card hits the even group
    assert "R2 B4 G6 Y8 Y12" == str(state.table[0][0])
    odd = Hit(0, 0, 0, card("R1"), Value(1, None), End.ANY)
    refuse(state, odd, Violation.HIT_DOES_NOT_FIT)


def test_v5_phase_parse_refuses_unknown_words() -> None:
    # rule V-5
    with pytest.raises(NotationError, match="bad phase part 'triple 3'"):
        Phase.parse("set 3 + triple 3")


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (
            lambda: Variant(phases=(Phase.parse("set 12"),)),
            "phase 1 (set of 12) needs 12 cards, but a player never holds more than 11",
        ),
        (
            lambda: CLASSIC.with_options(hand_size=12, phases=(Phase.parse("run 13"),)),
            "phase 1 (run of 13) can never be completed: no 13 cards of this deck form it",
        ),
        (
            lambda: TEN_PHASES.with_options(
                decks_per_player=0, jokers_per_player=0, phases=(Phase.parse("set 5"),)
            ),
            "phase 1 (set of 5) can never be completed: no 11 cards of this deck form it",
        ),
        (
            lambda: CLASSIC.with_options(
                phases=(*CLASSIC_PHASES[:2], Phase.parse("colour run 4 + colour run 4 + run 4"))
            ),
            "phase 3 (same-colour run of 4 + same-colour run of 4 + run of 4) needs 12 cards",
        ),
    ],
)
def test_v5_phase_no_deck_can_complete_is_a_definition_error(make: object, message: str) -> None:
    # rule V-5: a clear error, when the variant is built, for an impossible phase
    with pytest.raises(DefinitionError) as info:
        make()  # type: ignore[operator]
    assert str(info.value).startswith(message), str(info.value)


def test_v5_every_phase_of_the_built_in_variants_can_be_completed() -> None:
    # rule V-5: the variants phase10 defines at import are not searched then (variants.
    # _DEFINED); this is the search their construction skips, for every built-in variant
    names = [*variant_names(), "classic-first-3", "master-first-4"]
    searched = set()
    for variant in map(find_variant, names):
        deck = variant.deck_for(variant.max_players)
        for phase in variant.phases:
            key = (deck, phase, variant.meld_rules)
            if key not in searched:
                searched.add(key)
                assert find_laydown(deck, phase, rules=variant.meld_rules) is not None
    assert set() == variants._DEFINED - searched  # each skipped search is done here
    assert 30 == len(variants._DEFINED)  # CLASSIC's, MASTER's and '10 Phases'' phases


def test_variant_names_lists_every_built_in() -> None:
    # rules V-1 to V-4, M-*, T-*: the built-in variants are found by name
    assert (
        "classic",
        "classic-fixed-hands",
        "classic-first-5",
        "classic-first-8",
        "classic-even",
        "classic-odd",
        "classic-pick",
        "classic-10-hands",  # rule C-24, option max_hands
        "master",
        "ten-phases",
        "ten-phases-rummy",
    ) == variant_names()
    for name in variant_names():
        assert name == find_variant(name).name
    assert (CLASSIC, MASTER, TEN_PHASES) == tuple(
        find_variant(n) for n in ("classic", "master", "ten-phases")
    )
    assert Advance.EVERY_HAND is FIXED.advance
    assert PhaseOrder.PICK is PICK.phase_order


@pytest.mark.parametrize("name", ["nope", "", "master2"])
def test_find_variant_unknown_name(name: str) -> None:
    with pytest.raises(DefinitionError) as info:
        find_variant(name)
    message = str(info.value)
    assert message.startswith(f"unknown variant {name!r}; known: classic, ")
    assert "ten-phases" in message and "classic-first-N for N from 1 to 10" in message


def test_find_variant_needs_a_str() -> None:
    with pytest.raises(DefinitionError, match="a variant name is a str"):
        find_variant(5)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"bogus": 1}, "unknown option(s) bogus; known: action_cards, "),
        ({"skip_target": "next"}, "skip_target must be a SkipTarget, got 'next'"),
        ({"phase_order": "pick"}, "phase_order must be a PhaseOrder"),
        ({"advance": None}, "advance must be a Advance"),
        ({"laydown_style": 1}, "laydown_style must be a LaydownStyle"),
        ({"tiebreak_win": "go-out"}, "tiebreak_win must be a TiebreakWin"),
        ({"action_cards": 1}, "action_cards must be True or False"),
        ({"declare_loser": "yes"}, "declare_loser must be True or False"),
        ({"jokers_per_player": -1}, "jokers_per_player must be a whole number >= 0, got -1"),
        ({"jokers_per_player": 1.5}, "jokers_per_player must be a whole number >= 0"),
        ({"decks_per_player": -1}, "decks_per_player must be a whole number >= 0, got -1"),
        ({"decks_per_player": "2"}, "decks_per_player must be a whole number >= 0, got '2'"),
        ({"end_at_last_phase": 1}, "end_at_last_phase must be True or False"),
        (
            {"end_at_last_phase": True, "advance": Advance.EVERY_HAND},
            "ending the game when a player lays down the last phase (end_at_last_phase) needs",
        ),
        ({"max_players": 20}, "a deck of 108 cards cannot deal 10 cards to 20 players"),
        (
            {"laydown_style": LaydownStyle.ANNOUNCE, "phase_order": PhaseOrder.PICK},
            "announced phases (laydown_style=ANNOUNCE) are completed in order",
        ),
        (
            {"laydown_style": LaydownStyle.ANNOUNCE, "advance": Advance.EVERY_HAND},
            "announced phases (laydown_style=ANNOUNCE) are completed in order",
        ),
    ],
)
def test_with_options_errors(options: dict[str, object], message: str) -> None:
    with pytest.raises(DefinitionError) as info:
        CLASSIC.with_options(**options)
    assert str(info.value).startswith(message), str(info.value)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"runs_wrap": "yes"}, "runs_wrap must be True or False, got 'yes'"),
        ({"natural_minimum": "phase"}, "natural_minimum must be a NaturalScope, got 'phase'"),
    ],
)
def test_with_options_refuses_bad_meld_option_values(
    options: dict[str, object], message: str
) -> None:
    # runs_wrap and natural_minimum live in MeldRules; their values are checked as well
    with pytest.raises(DefinitionError) as info:
        MASTER.with_options(**options)
    assert message == str(info.value)


def test_with_options_meld_options_reach_the_meld_rules() -> None:
    variant = MASTER.with_options(runs_wrap=True, natural_minimum=NaturalScope.PHASE)
    assert (True, NaturalScope.PHASE) == (variant.runs_wrap, variant.natural_minimum)
    assert MASTER.meld_rules.colors == variant.meld_rules.colors
    assert 2 == variant.meld_rules.naturals_in_runs


# ============================================================================ Phase 10 Master


def test_m1_master_deck() -> None:
    # rule M-1: 96 numbers, 14 jokers, 4 Take two, 4 Keep all, 6 skips, 4 Give five
    deck = Counter(MASTER.deck)
    assert 128 == len(MASTER.deck) == sum(deck.values())
    numbers = {c: n for c, n in deck.items() if c.is_natural}
    assert {Card(Kind.NUMBER, n, c): 2 for n in range(1, 13) for c in MASTER_COLORS} == numbers
    assert Counter(MASTER_JOKERS) == Counter({c: n for c, n in deck.items() if c.is_wild})
    actions = {str(c): n for c, n in deck.items() if c.is_action or c.is_skip}
    assert {"TT": 4, "KA": 4, "GF": 4, "S": 6} == actions
    assert card("BL") not in deck  # the blanks are out of play by default
    with_blanks = master_deck(blanks=True)
    assert (131, 3) == (len(with_blanks), with_blanks.count(card("BL")))
    assert MASTER.deck == master_deck()
    assert Counter(MASTER.deck) == count_cards(new_game(MASTER, 6))


def test_m2_ranged_jokers_default_split() -> None:
    # rule M-2: per range, one four-colour joker and one per pair of colours
    assert 14 == len(MASTER_JOKERS) == len(set(MASTER_JOKERS))
    for numbers in (frozenset(range(1, 7)), frozenset(range(7, 13))):
        colors = [j.wild_colors for j in MASTER_JOKERS if j.wild_numbers == numbers]
        assert 7 == len(colors)
        assert 1 == colors.count(frozenset(MASTER_COLORS))
        assert 6 == sum(1 for c in colors if c is not None and len(c) == 2)
    rules = MASTER.meld_rules
    assert check_meld("R3 Y3 W1-6:RY", SetOf(3), rules=rules)
    assert not check_meld("R7 Y7 W1-6:RY", SetOf(3), rules=rules)  # 7 is out of its range
    assert check_meld("R7 Y7 W7-12:GP", SetOf(3), rules=rules)
    assert check_meld("G1 G2 G3 G8 G9 W1-6:GP", ColorGroupOf(6), rules=rules)
    assert not check_meld("G1 G2 G3 G8 G9 W1-6:RY", ColorGroupOf(6), rules=rules)  # no green


def test_m2_a_joker_outside_its_range_is_refused_by_the_engine() -> None:
    # rule M-2 through the engine: laying and hitting a joker where it does not fit
    hand = "R7 Y7 R3 Y3 G3 P3 G7 P7 W1-6:RY W7-12:GP"
    state = draw(start([hand, M_QUIET], "G12", variant=MASTER), "P12")
    low, high = card("W1-6:RY"), card("W7-12:GP")
    good = laydown(state, "R7 Y7", "R3 Y3", "G3 P3", "G7 P7")
    seven = Meld(
        SetOf(2),
        Repeat(Pattern.of(number=7)),
        (card("R7"), low),
        (Value(7, Color.RED), Value(7, None)),
    )  # built by hand: the 1-6 joker as a 7
    assert seven.problem(rules=MASTER.meld_rules) is not None
    bad = LayDown(0, PhaseMelds(good.phase, (seven, *good.melds[1:])))
    refuse(state, bad, Violation.PHASE_NOT_COMPLETE)
    state = play(state, LayDown(0, good))
    sevens = next(i for i, m in enumerate(state.table[0]) if m.values[0].number == 7)
    refuse(state, Hit(0, 0, sevens, low, Value(7, None), End.ANY), Violation.HIT_DOES_NOT_FIT)
    assert is_legal(state, Hit(0, 0, sevens, high, Value(7, None), End.ANY))


def test_m2_the_joker_split_is_a_parameter() -> None:
    # rule M-2: any split of jokers, e.g. fourteen four-colour jokers
    jokers = [card("W1-6:RGYP")] * 7 + [card("W7-12:RGYP")] * 7
    variant = MASTER.with_options(name="master-4-colour-jokers", deck=master_deck(jokers=jokers))
    assert 7 == variant.deck.count(card("W1-6:RGYP"))
    assert card("W1-6:RY") not in variant.deck
    hand = "R7 W7-12:RGYP R3 Y3 G3 P3 G7 P7 W1-6:RGYP W7-12:RGYP"
    state = draw(start([hand, M_QUIET], "G12", variant=variant), "P12")
    state = play(state, lay(state, "R7 W7-12:RGYP=7", "R3 Y3", "G3 P3", "G7 P7"))
    assert 7 == count_cards(state)[card("W7-12:RGYP")]
    with pytest.raises(InvalidCardError, match="jokers must be wild cards"):
        master_deck(jokers=[card("R7")])


def test_m3_master_groups() -> None:
    # rule M-3: pairs to quintets, colour groups, runs of 4+ without wrap, same-colour runs 3+
    rules = MASTER.meld_rules
    assert check_meld("R7 Y7", SetOf(2), rules=rules)
    assert check_meld("P1 P5 P5 P9 P12 P3", ColorGroupOf(6), rules=rules)
    assert check_meld("R9 Y10 G11 P12", RunOf(4), rules=rules)
    verdict = check_meld("Y11 G12 P1 R2", RunOf(4), rules=rules)
    assert MeldProblem.NO_WRAP == verdict.problem
    assert check_meld("G4 G5 G6", ColorRunOf(3), rules=rules)
    assert MeldProblem.MIXED_COLORS == check_meld("G4 R5 G6", ColorRunOf(3), rules=rules).problem
    assert not check_meld("B4 B5 B6", ColorRunOf(3), rules=rules)  # no blue in Master


def test_m3_runs_wrap_option_in_master() -> None:
    # rule M-3 with option runs_wrap (C-7): 12 is followed by 1
    variant = MASTER.with_options(runs_wrap=True)
    assert check_meld("Y11 G12 P1 R2", RunOf(4), rules=variant.meld_rules)
    hand = "R9 Y10 G11 P12 R1 Y2 G3 P4 Y6 Y6"
    run = "R9 Y10 G11 P12 R1 Y2 G3 P4"
    for v, legal in ((variant, True), (MASTER, False)):
        state = draw(start([hand, M_QUIET], "G12", variant=v, phase=(3, 0)), "P9")
        assert legal == ({3} == laydown_phases(state))
        if legal:
            state = play(state, lay(state, run))
            assert "R9 Y10 G11 P12 R1 Y2 G3 P4" == str(state.table[0][0])


def test_m4_naturals_in_sets_and_runs() -> None:
    # rule M-4: a set needs 1 number card, a run (plain or same-colour) 2
    rules = MASTER.meld_rules
    assert (1, 2) == (rules.naturals_in_sets, rules.naturals_in_runs)
    assert check_meld("R5 W1-6:RGYP", SetOf(2), rules=rules)
    verdict = check_meld("W1-6:RGYP W1-6:RY", SetOf(2), rules=rules)
    assert MeldProblem.TOO_FEW_NATURALS == verdict.problem
    assert MeldProblem.TOO_FEW_NATURALS == (
        check_meld("R1 W1-6:RGYP W1-6:RY W1-6:RG", RunOf(4), rules=rules).problem
    )
    assert check_meld("R1 Y2 W1-6:RY W1-6:RG", RunOf(4), rules=rules)
    assert not check_meld("R1 W1-6:RGYP W1-6:RY", ColorRunOf(3), rules=rules)
    assert check_meld("R1 R2 W1-6:RY", ColorRunOf(3), rules=rules)
    assert check_meld("R1 W W W", RunOf(4))  # classic: one natural is enough


def test_m4_natural_minimum_per_phase_option() -> None:
    # rule M-4 with option natural_minimum=phase (C-17): the phase as a whole needs a natural
    hand = "R5 Y5 G5 P5 R1 W1-6:RGYP W1-6:RY W1-6:RG G9 P11"
    groups = ("R5 Y5 G5 P5", "R1 W1-6:RGYP=2 W1-6:RY=3 W1-6:RG=4")
    per_phase = MASTER.with_options(natural_minimum=NaturalScope.PHASE)
    loose = draw(start([hand, M_QUIET], "G12", variant=per_phase, phase=(2, 0)), "P12")
    assert {2} == laydown_phases(loose)
    action = lay(loose, *groups)
    assert play(loose, action).players[0].laid_down
    strict = draw(start([hand, M_QUIET], "G12", variant=MASTER, phase=(2, 0)), "P12")
    assert set() == laydown_phases(strict)
    message = refuse(strict, action, Violation.PHASE_NOT_COMPLETE)
    assert "natural" in message


def test_m5_master_phases() -> None:
    # rule M-5: the ten phases; several sets may share a number (7-7, 3-3, 3-3, 7-7)
    assert MASTER_PHASES == MASTER.phases
    assert [
        "4 pairs",
        "6 cards of one colour",
        "1 set of 4 + 1 run of 4",
        "1 run of 8",
        "7 cards of one colour",
        "1 run of 9",
        "2 sets of 4",
        "1 same-colour run of 4 + 1 set of 3",
        "1 set of 5 + 1 set of 3",
        "1 set of 5 + 1 same-colour run of 3",
    ] == [str(p) for p in MASTER.phases]
    assert Phase.parse("colour run 4 + set 3") == MASTER_PHASES[7]
    state = draw(start(["R7 Y7 R3 Y3 G3 P3 G7 P7 G9 P11", M_QUIET], "G12", variant=MASTER), "P12")
    assert {0} == laydown_phases(state)
    state = play(state, lay(state, "R7 Y7", "R3 Y3", "G3 P3", "G7 P7"))
    assert ["G3 P3", "G7 P7", "R3 Y3", "R7 Y7"] == sorted(str(m) for m in state.table[0])


def test_m6_first_discard_is_never_a_joker_or_action_card() -> None:
    # rule M-6: a joker or action card turned up goes back; the next card is turned up
    state = new_game(MASTER, 2, dealer=1)
    state = play(state, *deal_actions(state, [M_QUIET, M_QUIET2], "G12")[:-1])
    assert TurnStep.TURN_UP == state.step
    outcomes = chance_outcomes(state)
    assert all(isinstance(a, TurnUp) and a.card.is_natural for a, _ in outcomes)
    assert 48 == len(outcomes)
    assert 1.0 == pytest.approx(sum(p for _, p in outcomes))
    for text in ("W1-6:RGYP", "W7-12:GP", "TT", "KA", "GF", "S"):
        refuse(state, TurnUp(card(text)), Violation.NOT_AN_OUTCOME)
    state = play(state, TurnUp(card("G12")))
    assert (cards("G12"), TurnStep.DRAW) == (state.discard_pile, state.step)


def test_m6_turn_up_naturals_only_option_on_the_classic_game() -> None:
    # rule M-6 as option turn_up_naturals_only; the classic game may turn up a wild (C-21)
    variant = CLASSIC.with_options(turn_up_naturals_only=True)
    for v, allowed in ((variant, False), (CLASSIC, True)):
        state = new_game(v, 2, dealer=1)
        state = play(state, *deal_actions(state, [OUT, QUIET], "R12")[:-1])
        assert allowed == is_legal(state, TurnUp(WILD))
        assert allowed == is_legal(state, TurnUp(SKIP))
        if not allowed:
            refuse(state, TurnUp(WILD), Violation.NOT_AN_OUTCOME)


#: Master hands for M-7: p1 lays 1s to 4s, p2 lays 2s, 5s, 6s and 7s.
M7_HANDS = ["R1 Y1 R2 Y2 R3 Y3 R4 Y4 G9 P11", "G2 P2 G5 P5 G6 P6 G7 P7 P3 R12"]
M7_P2_PAIRS = ("G2 P2", "G5 P5", "G6 P6", "G7 P7")


def test_m7_master_turn_hits_own_and_others_on_the_laydown_turn() -> None:
    # rule M-7: draw, lay down, hit (also others' groups on the laydown turn), discard
    state = start(M7_HANDS, "Y12", variant=MASTER)
    state = draw(state, "G1")
    before = Hit(0, 0, 0, card("G1"), Value(1, None), End.ANY)
    refuse(state, before, Violation.PHASE_NOT_LAID_DOWN)  # never before the own phase
    state = play(state, lay(state, "R1 Y1", "R2 Y2", "R3 Y3", "R4 Y4"))
    state = play(state, hit(state, 0, 0, "G1"), discard(state, "G9"))
    assert "R1 G1 Y1" == str(state.table[0][0])
    state = draw(state, "Y5")
    refuse(state, hit(state, 0, 2, "P3"), Violation.PHASE_NOT_LAID_DOWN)
    state = play(state, lay(state, *M7_P2_PAIRS))
    state = play(state, hit(state, 0, 2, "P3"), hit(state, 1, 1, "Y5"))
    assert ("R3 Y3 P3", "G5 Y5 P5") == (str(state.table[0][2]), str(state.table[1][1]))
    state = play(state, discard(state, "R12"))  # p2's last card: p2 goes out
    assert (2, (1, 0)) == (state.hand_number, state.scores)


def test_m7_hit_others_on_laydown_turn_option_in_master() -> None:
    # rule M-7 with option hit_others_on_laydown_turn=false (C-14): own groups only
    variant = MASTER.with_options(hit_others_on_laydown_turn=False)
    state = start(M7_HANDS, "Y12", variant=variant)
    state = draw(state, "G1")
    state = play(state, lay(state, "R1 Y1", "R2 Y2", "R3 Y3", "R4 Y4"))
    state = play(state, hit(state, 0, 0, "G1"), discard(state, "G9"))
    state = draw(state, "Y5")
    state = play(state, lay(state, *M7_P2_PAIRS))
    refuse(state, hit(state, 0, 2, "P3"), Violation.HIT_NOT_ALLOWED_YET)
    state = play(state, hit(state, 1, 1, "Y5"), discard(state, "R12"))
    state = pass_turn(state, "P12")
    state = draw(state, "G12")
    state = play(state, hit(state, 0, 2, "P3"))  # from the next turn on
    assert "R3 Y3 P3" == str(state.table[0][2])


def test_m8_one_point_per_card_left_in_hand() -> None:
    # rule M-8: whatever the card, jokers and action cards included
    loser = "W1-6:RY TT KA GF S R1 Y3 G5 P7 R9"
    state = start([M_OUT, loser], "G12", variant=MASTER)
    state = go_out(state, "P12", *M_OUT_GROUPS)
    assert (0, 10) == state.scores
    assert 10 == MASTER.scoring.hand_points(cards(loser))
    assert 10 < hand_points(cards(loser))  # classic points would be far more


def test_m9_next_hand_collects_every_card_and_deals_ten_each() -> None:
    # rule M-9
    state = start([M_OUT, M_QUIET], "G12", variant=MASTER)
    state = go_out(state, "P12", *M_OUT_GROUPS)
    assert (2, TurnStep.DEAL, 0) == (state.hand_number, state.step, state.dealer)
    assert MASTER.deck == state.draw_pile
    assert ((), ()) == tuple(p.hand for p in state.players)
    assert (((), ()), (), ()) == (state.table, state.discard_pile, state.action_pile)
    assert (1, 0) == dealing_order(state)
    state = deal(state, [M_QUIET, M_QUIET2], "G12")
    assert (10, 10, 1) == (len(state.players[0].hand), len(state.players[1].hand), state.turn)


def _last_card_in_the_draw_pile(state: GameState) -> GameState:
    """A hand-built position: the draw pile holds one card, the rest lie under the top discard."""
    rest = state.draw_pile[1:]
    return attrs.evolve(
        state, draw_pile=state.draw_pile[:1], discard_pile=rest + state.discard_pile
    ).validate()


@pytest.mark.parametrize(("max_reshuffles", "reshuffled"), [(0, False), (10, True), (None, True)])
def test_m9_max_reshuffles_option_in_master(max_reshuffles: int | None, reshuffled: bool) -> None:
    # option max_reshuffles (C-16) on Master: past the limit the hand ends without a winner
    variant = MASTER.with_options(max_reshuffles=max_reshuffles)
    state = _last_card_in_the_draw_pile(start([M_QUIET, M_QUIET2], "G12", variant=variant))
    last = str(state.draw_pile[0])
    state = pass_turn(state, last)
    if reshuffled:
        assert (1, TurnStep.RESHUFFLE, 1) == (state.hand_number, state.step, state.turn)
        state = play(state, Reshuffle())
        assert (TurnStep.DRAW, cards(last)) == (state.step, state.discard_pile)
    else:
        assert (2, TurnStep.DEAL, (0, 0)) == (state.hand_number, state.step, state.scores)


@pytest.mark.parametrize(("max_hand_turns", "ended"), [(2, True), (3, False), (None, False)])
def test_c16_max_hand_turns_option_in_master(max_hand_turns: int | None, ended: bool) -> None:
    """Option max_hand_turns (C-16, the hand bound, a library choice) on Master.

    No seed mentions running out of cards or a hand nobody can end; the library ends a
    hand that reaches its bound without a winner: nobody scores, the phases laid count.
    """
    variant = MASTER.with_options(max_hand_turns=max_hand_turns)
    state = start([M_QUIET, M_QUIET2], "G12", variant=variant)
    assert 1 == state.turns  # the first turn has begun
    state = pass_turn(pass_turn(state, "P12"), "R12")
    if ended:
        assert (2, TurnStep.DEAL, (0, 0)) == (state.hand_number, state.step, state.scores)
    else:
        assert (1, TurnStep.DRAW, 3) == (state.hand_number, state.step, state.turns)


#: M-10: p1 lays phase 10 and keeps two cards (2 points); p2 lays phase 10 and goes out.
M10_HANDS = ["R5 Y5 G5 P5 R5 R1 R2 R3 G9 P11", "Y6 G6 P6 R6 Y6 G1 G2 G3 G4 G5"]


def _m10_both_complete(variant: Variant, scores: tuple[int, int]) -> GameState:
    state = start(M10_HANDS, "P9", variant=variant, phase=(9, 9), score=scores)
    state = draw(state, "Y12")
    state = play(state, lay(state, "R5 R5 Y5 G5 P5", "R1 R2 R3"), discard(state, "P11"))
    return go_out(state, "P12", "Y6 Y6 G6 P6 R6", "G1 G2 G3 G4 G5")


@pytest.mark.parametrize(
    ("scores", "winners"), [((10, 13), (0,)), ((11, 12), (1,)), ((10, 12), (0, 1))]
)
def test_m10_game_ends_fewer_penalty_points_win(
    scores: tuple[int, int], winners: tuple[int, ...]
) -> None:
    # rule M-10: both completed phase 10 this hand; fewer points win, a tie is shared
    state = _m10_both_complete(MASTER, scores)
    assert (True, (10, 10)) == (state.is_over, state.phases)
    assert (scores[0] + 2, scores[1]) == state.scores
    assert winners == state.winners


def test_m10_tiebreak_hand_option_in_master() -> None:
    # rule M-10 with option tiebreak_hand=true (C-26): a tie is played off instead
    state = _m10_both_complete(MASTER.with_options(tiebreak_hand=True), (10, 12))
    assert (False, (0, 1), TurnStep.DEAL) == (state.is_over, state.tiebreak, state.step)
    assert (9,) == state.open_phases(0)


def test_m11_action_cards_go_to_the_blue_pile() -> None:
    # rule M-11: never on the ordinary discard pile; playing one ends the turn
    state = start(["TT Y3 G5 P7 R9 Y11 G2 P4 R6 P8", M_QUIET2], "G12", variant=MASTER)
    state = draw(state, "P12")
    assert Discard(0, card("TT")) in legal_actions(state)
    state = play(state, discard(state, "TT"))
    assert (cards("TT"), cards("G12")) == (state.action_pile, state.discard_pile)
    assert (1, TurnStep.DRAW) == (state.turn, state.step)


#: Phase 1 of Master with nine cards, so one card is left after laying down ten.
M_NINE = "R1 Y1 G1 R2 Y2 R3 Y3 R4 Y4"


@pytest.mark.parametrize("last", ["GF", "TT", "KA", "S"])
def test_m11_a_last_action_card_has_no_effect_and_ends_the_hand(last: str) -> None:
    # rule M-11: the last card goes to the blue pile without effect; the hand ends
    state = start([f"{M_NINE} {last}", M_QUIET2], "G12", variant=MASTER)
    state = draw(state, "G4")
    state = play(state, lay(state, *M_OUT_GROUPS))
    assert [Discard(0, card(last))] == of_type(state, Discard)
    if last == "S":
        message = refuse(state, Discard(0, SKIP, 1), Violation.BAD_SKIP_TARGET)
        assert "this skip can target nobody" in message
    after = apply(state, Discard(0, card(last)))
    assert (2, TurnStep.DEAL) == (after.hand_number, after.step)  # no offers, no decision
    assert (0, 10) == after.scores
    assert not any(p.take_two or p.keep_all or p.skipped for p in after.players)


def test_m7_master_goes_out_only_by_the_closing_discard() -> None:
    """Rule M-7: laying down or hitting the last card does not go out in Master.

    Seed 001: «В конце хода игрок должен сбросить еще одну карту. Либо он выкладывает одну
    карту с руки в стопку сброса, либо использует синюю карту действия» ("at the end of the
    turn the player must discard one more card: a card from the hand onto the discard pile,
    or a blue action card"). Option go_out_by_hitting=True (C-15) still allows it.
    """  # noqa: RUF002 - the seed's own words
    assert MASTER.go_out_by_hitting is False
    state = draw(start([M_OUT, M_QUIET2], "G12", variant=MASTER), "P4")
    everything = lay(state, "R1 Y1 G1", "R2 Y2", "R3 Y3", "R4 Y4 G4 P4")
    refuse(state, everything, Violation.MUST_DISCARD_LAST)
    hitting = MASTER.with_options(go_out_by_hitting=True)
    assert is_legal(draw(start([M_OUT, M_QUIET2], "G12", variant=hitting), "P4"), everything)
    state = play(state, lay(state, *M_OUT_GROUPS), discard(state, "P4"))
    assert (2, (0, 10)) == (state.hand_number, state.scores)


def test_m11_action_cards_option_off_makes_them_dead_cards() -> None:
    # option action_cards=false: the action cards are plain discards without effect
    variant = MASTER.with_options(name="master-no-actions", action_cards=False)
    state = start(["TT Y3 G5 P7 R9 Y11 G2 P4 R6 P8", M_QUIET2], "G12", variant=variant)
    state = draw(state, "P12")
    state = play(state, discard(state, "TT"))
    assert ((), card("TT"), False) == (
        state.action_pile,
        state.top_discard,
        state.players[0].take_two,
    )
    assert TakeDiscard(1) in legal_actions(state)


def test_m12_take_two_draws_two_keeps_one_until_the_hand_ends() -> None:
    # rule M-12
    state = start(["TT R1 Y3 G5 P7 R9 Y11 G2 P4 R6", M_QUIET2], "P12", variant=MASTER)
    refuse(state, DrawTwo(0), Violation.NO_TAKE_TWO)
    state = draw(state, "G12")
    state = play(state, discard(state, "TT"))  # laid in front of p1: from p1's next turn
    assert (True, cards("TT")) == (state.players[0].take_two, state.action_pile)
    refuse(state, DrawTwo(1), Violation.NO_TAKE_TWO)
    state = pass_turn(state, "R12")
    assert [DrawTwo(0)] == of_type(state, DrawTwo)
    state = play(state, DrawTwo(0))
    assert (TurnStep.DRAW_TWO, True) == (state.step, state.is_chance)
    assert all(isinstance(a, Reveal) for a, _ in chance_outcomes(state))
    state = play(state, Reveal(card("Y12")), Reveal(card("KA")))
    assert (TurnStep.KEEP, 0, cards("Y12 KA")) == (state.step, state.current_player, state.drawn)
    # the drawer sees both cards, the others neither, in the view and the analysis alike
    assert (cards("Y12 KA"), ()) == (seen_drawn(state, 0), seen_drawn(state, 1))
    assert (cards("Y12 KA"), ()) == (view(state, 0).drawn, view(state, 1).drawn)
    assert unseen_cards(view(state, 1)) == unseen_cards(state, seat=1)
    assert unseen_cards(view(state, 0)) == unseen_cards(state, seat=0)
    assert [Keep(0, card("Y12")), Keep(0, card("KA"))] == list(legal_actions(state))
    refuse(state, Keep(0, card("G10")), Violation.CARD_NOT_IN_HAND)
    state = play(state, Keep(0, card("Y12")))  # the other, an action card, to the blue pile
    assert (TurnStep.PLAY, cards("TT KA"), cards("R12")) == (
        state.step,
        state.action_pile,
        state.discard_pile[-1:],
    )
    assert card("Y12") in state.players[0].hand
    state = play(state, discard(state, "Y12"))
    state = pass_turn(state, "G10")
    state = play(state, DrawTwo(0), Reveal(card("R10")), Reveal(card("P10")))
    state = play(state, Keep(0, card("R10")))  # the other, a number card, to the discard pile
    assert card("P10") == state.top_discard
    assert state.players[0].take_two  # still there: it lasts until the hand ends


def test_m12_take_two_ends_with_the_hand() -> None:
    # rule M-12: p1 draws two, keeps one and goes out (with the closing discard, M-7); the
    # next hand starts without it
    state = start([f"{M_NINE} TT", M_QUIET2], "P12", variant=MASTER)
    state = draw(state, "G4")
    state = play(state, discard(state, "TT"))
    state = pass_turn(state, "R12")
    state = play(state, DrawTwo(0), Reveal(card("G2")), Reveal(card("G3")), Keep(0, card("G2")))
    assert card("G3") == state.top_discard
    state = play(state, lay(state, *M_OUT_GROUPS), discard(state, "G2"))
    assert (2, TurnStep.DEAL, False) == (state.hand_number, state.step, state.players[0].take_two)


def test_m12_take_two_needs_two_cards_to_draw() -> None:
    # rule M-12 (hand-built position): with one card left only the usual draw is possible
    state = start(["TT R1 Y3 G5 P7 R9 Y11 G2 P4 R6", M_QUIET2], "P12", variant=MASTER)
    state = pass_turn(play(draw(state, "G12"), Discard(0, card("TT"))), "R12")
    p2 = state.players[1]
    moved = attrs.evolve(p2, hand=tuple(sorted(p2.hand + state.draw_pile[1:])))
    short = attrs.evolve(
        state, players=(state.players[0], moved), draw_pile=state.draw_pile[:1]
    ).validate()
    assert [] == of_type(short, DrawTwo)
    refuse(short, DrawTwo(0), Violation.EMPTY_PILE)


def test_m13_keep_all_keeps_the_hand_and_is_dealt_nothing() -> None:
    # rule M-13: decided when the hand ends; penalty points still count
    p1 = "KA R1 Y3 G5 P7 R9 Y11 G2 P4 R6"
    p2 = "Y1 G1 Y1 P2 R2 Y3 G3 P4 R4 G4"
    state = start([p1, p2], "G12", variant=MASTER)
    state = draw(state, "P12")
    state = play(state, discard(state, "KA"))
    assert (True, cards("KA")) == (state.players[0].keep_all, state.action_pile)
    state = go_out(state, "Y12", "Y1 Y1 G1", "P2 R2", "Y3 G3", "P4 R4 G4")
    kept = state.players[0].hand
    assert (TurnStep.KEEP_HAND, 0, (10, 0)) == (state.step, state.current_player, state.scores)
    assert [KeepHand(0, True), KeepHand(0, False)] == list(legal_actions(state))
    refuse(state, KeepHand(1, True), Violation.NOT_YOUR_TURN)
    released = play(state, KeepHand(0, False))
    assert ((1, 0), False) == (dealing_order(released), released.players[0].kept)
    state = play(state, KeepHand(0, True))
    assert (2, TurnStep.DEAL, True) == (state.hand_number, state.step, state.players[0].kept)
    assert (kept, ()) == (state.players[0].hand, state.players[1].hand)
    assert len(MASTER.deck) - 10 == len(state.draw_pile)
    assert (1,) == dealing_order(state)  # dealt nothing
    state = deal(state, ["", M_QUIET2], "G12")
    assert (kept, False, 1) == (state.players[0].hand, state.players[0].kept, state.turn)
    assert 10 == len(state.players[1].hand)


def test_m13_a_second_keep_all_changes_nothing() -> None:
    # rule M-13: one decision, however many Keep all lie in front of the player
    p2 = "Y1 G1 Y1 P2 R2 Y3 G3 P4 R4 G4"
    state = start(["KA KA Y3 G5 P7 R9 Y11 G2 P4 R6", p2], "G12", variant=MASTER)
    state = play(draw(state, "P12"), Discard(0, card("KA")))
    once = state.players[0]
    state = pass_turn(state, "G12")
    state = play(draw(state, "R12"), Discard(0, card("KA")))
    assert attrs.evolve(once, hand=state.players[0].hand) == state.players[0]
    state = go_out(state, "Y12", "Y1 Y1 G1", "P2 R2", "Y3 G3", "P4 R4 G4")
    state = play(state, KeepHand(0, True))
    assert (TurnStep.DEAL, (1,)) == (state.step, dealing_order(state))


def test_m13_keep_all_holder_who_went_out_has_no_hand_to_keep() -> None:
    # rule M-13: p1 plays Keep all, then goes out (with the closing discard, M-7); there is
    # nothing to keep, nothing to ask
    state = start([f"KA {M_NINE}", M_QUIET2], "G12", variant=MASTER)
    state = play(draw(state, "P4"), Discard(0, card("KA")))
    state = pass_turn(state, "R12")
    state = draw(state, "G1")
    state = play(state, lay(state, "R1 Y1 G1", "R2 Y2", "R3 Y3", "R4 Y4 P4"), discard(state, "G1"))
    assert ((), (0, 10)) == (state.players[0].hand, state.scores)
    assert (2, TurnStep.DEAL, (1, 0)) == (state.hand_number, state.step, dealing_order(state))
    assert not is_legal(state, KeepHand(0, True))


#: M-14 and M-15: three seats with ten different numbers each.
THREE = [M_QUIET, M_QUIET2, M_QUIET3]


def test_m14_skip_lies_in_front_of_the_target_one_at_a_time() -> None:
    # rule M-14
    hands = ["S Y3 G5 P7 R9 Y11 G2 P4 R6 P8", "S G3 P5 R7 Y9 G11 P2 R4 Y6 G8", M_QUIET3]
    state = start(hands, "G12", variant=MASTER)
    state = draw(state, "P12")
    assert [Discard(0, SKIP, 1), Discard(0, SKIP, 2)] == [
        a for a in of_type(state, Discard) if isinstance(a, Discard) and a.card.is_skip
    ]
    state = play(state, Discard(0, SKIP, 2))
    assert (cards("S"), cards("G12"), True) == (
        state.action_pile,
        state.discard_pile,
        state.players[2].skipped,
    )
    state = draw(state, "R12")
    message = refuse(state, Discard(1, SKIP, 2), Violation.BAD_SKIP_TARGET)
    assert "this skip can target p1" in message
    state = play(state, discard(state, "R12"))
    assert (0, False) == (state.turn, state.players[2].skipped)  # p3 lost the turn
    state = pass_turn(state, "Y12")
    state = draw(state, "P10")
    state = play(state, Discard(1, SKIP, 2))  # p3 can be skipped again, and is at once
    assert (cards("S S"), 0, False) == (state.action_pile, state.turn, state.players[2].skipped)


def test_m14_skip_target_next_option_in_master() -> None:
    # rule M-14 with option skip_target=next (C-19)
    variant = MASTER.with_options(skip_target=SkipTarget.NEXT)
    hands = ["S Y3 G5 P7 R9 Y11 G2 P4 R6 P8", M_QUIET2, M_QUIET3]
    state = draw(start(hands, "G12", variant=variant), "P12")
    skips = [a for a in of_type(state, Discard) if isinstance(a, Discard) and a.card.is_skip]
    assert [Discard(0, SKIP, 1)] == skips
    refuse(state, Discard(0, SKIP, 2), Violation.BAD_SKIP_TARGET)
    state = play(state, skips[0])
    assert (2, cards("S")) == (state.turn, state.action_pile)


def test_m14_skip_limit_round_option_in_master() -> None:
    """Rule M-14 with option skip_limit=round (C-20, seed 002: "no player may have more than
    one skip played against them in a single round"): Master lets p3 skip p2 as soon as p2
    has moved p1's skip to the blue pile; with the option p2 is safe until p1's next turn."""
    hands = ["S Y3 G5 P7 R9 Y11 G2 P4 R6 P8", M_QUIET2, "S P3 R5 Y7 G9 P11 R2 Y4 G6 Y8"]
    assert SkipLimit.PENDING is MASTER.skip_limit
    for variant, targets in (
        (MASTER, [Discard(2, SKIP, 0), Discard(2, SKIP, 1)]),
        (MASTER.with_options(skip_limit=SkipLimit.ROUND), [Discard(2, SKIP, 0)]),
    ):
        state = draw(start(hands, "G12", variant=variant), "P12")
        state = play(state, Discard(0, SKIP, 1))
        assert (2, False) == (state.turn, state.players[1].skipped)  # p2 lost the turn
        state = draw(state, "R12")
        skips = [a for a in of_type(state, Discard) if isinstance(a, Discard) and a.card.is_skip]
        assert targets == skips


def test_m15_give_five_offers_in_seat_order() -> None:
    # rule M-15: offers from the left neighbour round the table; the active player takes one
    hands = ["GF Y3 G5 P7 R9 Y11 G2 P4 R6 P8", M_QUIET2, M_QUIET3]
    state = start(hands, "R12", variant=MASTER)
    state = draw(state, "Y12")
    state = play(state, discard(state, "GF"))
    assert (TurnStep.OFFER, 1, cards("GF")) == (
        state.step,
        state.current_player,
        state.action_pile,
    )
    assert [Offer(1, c) for c in state.players[1].hand] == list(legal_actions(state))
    refuse(state, Offer(2, card("G1")), Violation.NOT_YOUR_TURN)
    offers = [(1, "Y1"), (2, "G1"), (1, "G3"), (2, "P3"), (1, "P5")]
    for seat, text in offers:
        assert seat == state.current_player
        state = play(state, Offer(seat, card(text)))
    assert (TurnStep.TAKE_OFFER, 0) == (state.step, state.current_player)
    assert tuple((s, card(t)) for s, t in offers) == state.offers
    assert [TakeOffer(0, s, card(t)) for s, t in offers] == list(legal_actions(state))
    refuse(state, TakeOffer(0, 2, card("Y1")), Violation.CARD_NOT_IN_HAND)
    state = play(state, TakeOffer(0, 2, card("G1")))
    # the owner draws the top card of the draw pile; the others take theirs back
    assert (TurnStep.REVEAL, 2) == (state.step, state.receiver)
    assert sorted(cards(M_QUIET2)) == list(state.players[1].hand)
    state = play(state, Reveal(card("G12")))
    assert sorted([*cards(M_QUIET3), card("G12")]) == sorted([*state.players[2].hand, card("G1")])
    assert (11, 10, 10) == tuple(len(p.hand) for p in state.players)  # p1 is one card up
    assert card("G1") in state.players[0].hand
    assert (1, TurnStep.DRAW, cards("R12")) == (state.turn, state.step, state.discard_pile)


def test_m15_with_two_players_one_opponent_offers_what_they_have() -> None:
    # rule M-15: the one opponent offers all five, or fewer when out of cards
    hands = ["GF Y3 G5 P7 R9 Y11 G2 P4 R6 P8", "G1 P1 G2 P2 G3 P3 G5 P5 R12 Y12"]
    state = start(hands, "R10", variant=MASTER)
    state = pass_turn(state, "Y10")
    state = draw(state, "G10")
    state = play(state, lay(state, "G1 P1", "G2 P2", "G3 P3", "G5 P5"), discard(state, "G10"))
    assert cards("R12 Y12") == state.players[1].hand
    state = play(draw(state, "P10"), Discard(0, card("GF")))
    state = play(state, Offer(1, card("R12")), Offer(1, card("Y12")))
    assert (TurnStep.TAKE_OFFER, 0, 2) == (state.step, state.current_player, len(state.offers))
    state = play(state, TakeOffer(0, 1, card("Y12")), Reveal(card("P12")))
    assert (cards("R12 P12"), 1) == (state.players[1].hand, state.turn)


def _give_five_taken(hands: list[str]) -> GameState:
    """p1 plays Give five on the first turn; p2 and p3 offer; about to take p3's G1."""
    state = start(hands, "R12", variant=MASTER)
    state = play(draw(state, "Y12"), Discard(0, card("GF")))
    for seat, text in [(1, "Y1"), (2, "G1"), (1, "G3"), (2, "P3"), (1, "P5")]:
        state = play(state, Offer(seat, card(text)))
    return state


def test_m15_owner_draws_after_a_reshuffle_or_nothing_when_nothing_is_left() -> None:
    # rules M-15, C-16 (hand-built positions): where the owner's card comes from
    state = _give_five_taken(["GF Y3 G5 P7 R9 Y11 G2 P4 R6 P8", M_QUIET2, M_QUIET3])
    top = state.discard_pile
    reshuffle = attrs.evolve(state, draw_pile=(), discard_pile=state.draw_pile + top).validate()
    after = play(reshuffle, TakeOffer(0, 2, card("G1")))
    assert (TurnStep.RESHUFFLE, 2) == (after.step, after.receiver)
    after = play(after, Reshuffle(), Reveal(card("G12")))
    assert (1, TurnStep.DRAW, top) == (after.turn, after.step, after.discard_pile)
    assert card("G12") in after.players[2].hand
    # nothing to draw and nothing to reshuffle: the owner draws nothing, and as the next
    # turn cannot begin either the hand ends without a winner (nobody scores)
    p1 = state.players[0]
    stuck = attrs.evolve(
        state,
        draw_pile=(),
        players=(
            attrs.evolve(p1, hand=tuple(sorted(p1.hand + state.draw_pile))),
            *state.players[1:],
        ),
    ).validate()
    after = play(stuck, TakeOffer(0, 2, card("G1")))
    assert (2, TurnStep.DEAL, (0, 0, 0)) == (after.hand_number, after.step, after.scores)


# ============================================================================ "10 Phases"

#: Ten different ranks: no phase 1 (no set of 3).
T_QUIET = "AS 3D 5H 7C 9S JD KH 2C 4D 6H"
T_QUIET2 = "AH 3C 6D 10S 4H JC KD 2S 6C QH"


def test_t1_one_deck_and_two_jokers_per_player() -> None:
    """Rule T-1: "по одной колоде и 2 джокера на каждого игрока. Например, для 2-х игроков
    требуются 2 колоды и 4 джокера" (one deck and 2 jokers per player; 2 players: 2 decks and
    4 jokers), so identical cards occur."""  # noqa: RUF002 - the seed's own words
    assert standard_deck(jokers=0) == TEN_PHASES.deck
    assert (2, 4, 1, 2) == (
        TEN_PHASES.min_players,
        TEN_PHASES.max_players,
        TEN_PHASES.decks_per_player,
        TEN_PHASES.jokers_per_player,
    )
    for players, size in ((2, 108), (3, 162), (4, 216)):
        deck = TEN_PHASES.deck_for(players)
        assert (size, 2 * players) == (len(deck), deck.count(WILD))
        assert {players} == {n for c, n in Counter(deck).items() if c != WILD}
        assert deck == tuple(sorted(deck))  # canonical order
        assert Counter(deck) == count_cards(new_game(TEN_PHASES, players))
    for players in (1, 5):
        with pytest.raises(
            InvalidStateError, match=f"ten-phases is for 2 to 4 players, got {players}"
        ):
            new_game(TEN_PHASES, players)
    assert [1, 10, 11, 12, 13] == [card(t).number for t in ("AC", "10D", "JH", "QS", "KS")]
    assert set(SUITS) == {c.color for c in TEN_PHASES.deck}
    assert [True, True, False, False] == [card(t).color.is_red for t in ("QH", "2D", "3C", "4S")]  # type: ignore[union-attr]
    rules = TEN_PHASES.meld_rules
    assert check_meld("W W 5H", SetOf(3), rules=rules)  # jokers are fully wild
    assert check_meld("W 2C W", RunOf(3), rules=rules)
    assert check_meld("AH 3H 5D W 9H JH KD 2D", RedOrBlackOf(8), rules=rules)


def test_t1_jokers_per_player_option_on_the_classic_game() -> None:
    # option jokers_per_player (T-1) on another deck: extra wilds per player
    variant = CLASSIC.with_options(name="classic-plus-wilds", jokers_per_player=1)
    assert (111, 11) == (len(variant.deck_for(3)), variant.deck_for(3).count(WILD))
    assert Counter(variant.deck_for(3)) == count_cards(new_game(variant, 3))
    state = start([OUT, QUIET, "W W W R8 R8 B8 G8 Y8 Y10 Y11"], "R12", variant=variant)
    assert 111 - 31 == len(state.draw_pile)


def test_t1_decks_per_player_option_on_other_decks() -> None:
    # option decks_per_player (T-1): the deck is repeated per player; 0 plays it once
    variant = CLASSIC.with_options(name="classic-per-player", decks_per_player=1)
    assert (216, 324) == (len(variant.deck_for(2)), len(variant.deck_for(3)))
    assert Counter(variant.deck_for(3)) == count_cards(new_game(variant, 3))
    assert CLASSIC.deck == CLASSIC.deck_for(6)
    once = TEN_PHASES.with_options(name="one-deck", decks_per_player=0)
    assert (56, 60) == (len(once.deck_for(2)), len(once.deck_for(4)))
    twice = TEN_PHASES.with_options(name="two-decks", decks_per_player=2, jokers_per_player=0)
    assert (208, 4) == (len(twice.deck_for(2)), twice.deck_for(2).count(card("5H")))


def test_t1_identical_cards_in_a_hand_a_meld_and_the_discard_pile() -> None:
    """Rule T-1: with "2 колоды" (two decks) for two players, two 5H are in play at once."""
    p1 = "5H 5H 5C 7S 8H 9C 2D JD QS KH"
    state = draw(start([p1, T_QUIET2], "4S", variant=TEN_PHASES), "9D")
    assert 2 == state.players[0].hand.count(card("5H"))
    phase1 = announce(state, "5H 5H 5C", "7S 8H 9C", keep=False)
    assert phase1 in legal_actions(state)
    assert "p1 announce redraw 5C 5H 5H | 7S 8H 9C" == str(phase1)
    state = play(state, phase1)
    # both 5H on the discard pile, under the other cards in canonical order
    assert cards("4S 5C 5H 5H 7S 8H 9C") == state.discard_pile
    state = play(state, *(Reveal(c) for c in cards("KH AD 2H 3S 4C 6S")))
    assert 2 == state.players[0].hand.count(card("KH"))
    state = play(state, discard(state, "KH"))  # one of the two goes
    assert (1, card("KH")) == (state.players[0].hand.count(card("KH")), state.top_discard)
    state = take(state)
    assert card("KH") in state.players[1].hand
    assert 2 == count_cards(state)[card("KH")]


def test_t2_draw_then_discard_nothing_is_laid_down() -> None:
    # rule T-2: take the discard or the stock, then discard; phases are never laid down
    state = start([T_QUIET, T_QUIET2], "8D", variant=TEN_PHASES)
    assert [TakeDiscard(0)] == of_type(state, TakeDiscard)
    state = take(state)
    assert card("8D") in state.players[0].hand
    assert all(isinstance(a, Discard) for a in legal_actions(state))
    message = refuse(state, lay(state, "9S 9H 9D", "AS 2C 3D"), Violation.WRONG_STEP)
    assert "phases are announced, not laid" in message
    state = play(state, discard(state, "KH"))
    state = draw(state, "KC")
    assert (1, TurnStep.PLAY, 11) == (state.turn, state.step, len(state.players[1].hand))


def test_t3_ten_phases_phases_and_their_groups() -> None:
    # rule T-3: runs of phases 1-6 mix suits; A is low only; colour is red or black
    assert TEN_PHASES_PHASES == TEN_PHASES.phases
    assert [
        "1 set of 3 + 1 run of 3",
        "1 set of 3 + 1 run of 4",
        "2 sets of 3",
        "1 run of 6",
        "1 run of 7",
        "1 run of 8",
        "8 cards of one colour (red or black)",
        "1 run of 4 in one suit + 1 run of 4 in another suit",
        "1 run of 5 in one suit + 1 run of 3 in another suit",
        "1 run of 5 in one suit + 1 run of 4 in another suit",
    ] == [str(p) for p in TEN_PHASES.phases]
    rules = TEN_PHASES.meld_rules
    assert check_meld("AH 2C 3D", RunOf(3), rules=rules)
    assert check_meld("JH QC KD", RunOf(3), rules=rules)
    assert MeldProblem.NO_WRAP == check_meld("QH KH AH", RunOf(3), rules=rules).problem
    assert check_meld("AH 3H 5D 7D 9H JH KD 2D", RedOrBlackOf(8), rules=rules)
    assert check_meld("AS 3S 5C 7C 9S JS KC 2C", RedOrBlackOf(8), rules=rules)
    assert not check_meld("AH 3H 5D 7D 9H JH KD 2C", RedOrBlackOf(8), rules=rules)


#: No set of 3, and none of the cards of the hands of p1 below.
T3_P2 = "AD 3C 6D 10S 4C JS KD 2S 6S 9S"


def test_t3_runs_in_one_suit_and_another_suit() -> None:
    # rule T-3, phases 8-10: the two runs must be in different suits
    same = "5H 6H 7H 8H 9H 10H JH QH 2C 3S"
    state = draw(start([same, T3_P2], "8D", variant=TEN_PHASES, phase=(7, 0)), "KS")
    assert set() == laydown_phases(state)
    message = refuse(
        state,
        announce(state, "5H 6H 7H 8H", "9H 10H JH QH", keep=True),
        Violation.PHASE_NOT_COMPLETE,
    )
    assert "the groups of this phase must be of different colours" in message
    other = "5H 6H 7H 8H 9C 10C JC QC 2D 3S"
    state = draw(start([other, T3_P2], "8D", variant=TEN_PHASES, phase=(7, 0)), "KS")
    assert {7} == laydown_phases(state)
    state = play(state, announce(state, "5H 6H 7H 8H", "9C 10C JC QC", keep=True))
    assert 8 == state.players[0].phase


def test_t1_jokers_are_free_cards_with_no_natural_minimum() -> None:
    """T-1: a joker is "a free card that may replace any card in a combination", and the seed
    sets no natural-card minimum: "10 Phases" plays C-17 with natural_minimum=none."""
    assert NaturalScope.NONE is TEN_PHASES.natural_minimum
    assert NaturalScope.GROUP is MASTER.natural_minimum  # rule M-4 counts each group
    classic = [find_variant(n) for n in variant_names() if n.startswith("classic")]
    assert {NaturalScope.PHASE} == {v.natural_minimum for v in classic}  # seeds 000, 003
    hands = ["W W W W W W 2H 8S 10D 9H", T_QUIET, T_QUIET2]
    state = draw(start(hands, "4S", variant=TEN_PHASES), "9D")
    jokers = announce(state, "W=5 W=5 W=5", "W=1 W=2 W=3", keep=True)
    assert jokers in legal_actions(state)
    assert 1 == play(state, jokers).players[0].phase


def test_t4_announce_and_keep_or_redraw_one_phase_a_turn() -> None:
    # rule T-4: announce the phase, then keep the cards or discard them and draw as many
    p1 = "5H 5C 5D 7S 8H 9C 2D JD QS KH"
    state = draw(start([p1, T_QUIET2], "4S", variant=TEN_PHASES), "9D")
    phase1 = ("5H 5C 5D", "7S 8H 9C")
    assert announce(state, *phase1, keep=True) in legal_actions(state)
    assert announce(state, *phase1, keep=False) in legal_actions(state)
    hand = state.players[0].hand
    state = play(state, announce(state, *phase1, keep=True))
    assert (1, hand, TurnStep.PLAY) == (state.players[0].phase, state.players[0].hand, state.step)
    assert ((), ()) == state.table
    assert [] == of_type(state, Announce)
    second = announce(state, "5H 5C 5D", "7S 8H 9C 10H", keep=True)  # one phase a turn
    refuse(state, second, Violation.ALREADY_LAID_DOWN)
    state = play(state, discard(state, "KH"))
    state = pass_turn(state, "KC")
    state = draw(state, "10H")
    phase2 = announce(state, "5H 5C 5D", "7S 8H 9C 10H", keep=False)
    state = play(state, phase2)
    # the cards go on the discard pile (top: the last in canonical order), as many are drawn
    assert cards("4S KH KC 5C 5D 5H 7S 8H 9C 10H") == state.discard_pile
    assert (TurnStep.REVEAL, 7, 2) == (state.step, state.to_draw, state.players[0].phase)
    state = play(state, *(Reveal(c) for c in cards("AD 2H 3S 4C 6S 7D 8C")))
    assert (TurnStep.PLAY, 0, 11) == (state.step, state.turn, len(state.players[0].hand))
    assert sorted(cards("2D JD QS 9D AD 2H 3S 4C 6S 7D 8C")) == list(state.players[0].hand)
    state = play(state, discard(state, "QS"))
    assert (1, 1) == (state.turn, state.hand_number)  # one long hand


def test_t4_laydown_style_announce_option_on_the_classic_phases() -> None:
    # option laydown_style=announce (T-4) with the classic deck and phases
    variant = CLASSIC.with_options(name="classic-announced", laydown_style=LaydownStyle.ANNOUNCE)
    state = draw(start([OUT, QUIET], "R12", variant=variant), "Y12")
    refuse(state, lay(state, *OUT_GROUPS), Violation.WRONG_STEP)
    refuse(state, announce(state, *OUT_GROUPS, keep=True), Violation.PHASE_NOT_COMPLETE)
    state = play(state, announce(state, "R3 R3 B3", "R4 R4 B4", keep=True), discard(state, "Y12"))
    assert (1, 1, ((), ())) == (state.players[0].phase, state.hand_number, state.table)
    # and the other way round: the classic game refuses an announcement
    state = draw(start([OUT, QUIET], "R12", variant=CLASSIC), "Y12")
    refuse(state, announce(state, *OUT_GROUPS, keep=True), Violation.WRONG_STEP)


def test_t5_one_long_hand_however_often_the_stock_is_reshuffled() -> None:
    # rules T-2, T-5 (hand-built position): the stock is refilled as in C-16 until the end
    state = _last_card_in_the_draw_pile(start([T_QUIET, T_QUIET2], "8D", variant=TEN_PHASES))
    state = attrs.evolve(state, reshuffles=10).validate()
    state = pass_turn(state, str(state.draw_pile[0]))
    assert (1, TurnStep.RESHUFFLE) == (state.hand_number, state.step)


#: T-5 and T-6: p1 on phase 10 announces it at once.
T_LAST = "AH 2H 3H 4H 5H 6C 7C 8C 9C KD"
T_LAST_GROUPS = ("AH 2H 3H 4H 5H", "6C 7C 8C 9C")


@pytest.mark.parametrize("keep", [True, False])
def test_t5_completing_phase_10_ends_the_game(keep: bool) -> None:
    # rule T-5: the player who completes phase 10 scores 0, the others their cards
    p2 = "W AS 2S 9D 10D JD QD KC 3C 4C"
    state = draw(start([T_LAST, p2], "JC", variant=TEN_PHASES, phase=(9, 3), score=(30, 20)), "QS")
    state = play(state, announce(state, *T_LAST_GROUPS, keep=keep))
    assert (True, (0,), (10, 3)) == (state.is_over, state.winners, state.phases)
    assert 25 + 5 * 5 + 4 * 10 == TEN_PHASES.scoring.hand_points(cards(p2))
    assert (30, 20 + 90) == state.scores


@pytest.mark.parametrize(
    ("phases", "scores", "losers"),
    [
        ((9, 2, 2), (0, 50, 40), (1,)),  # both on the lowest phase: the most points loses
        ((9, 2, 1), (0, 50, 40), (2,)),  # p3 alone on the lowest phase
        ((9, 2, 2), (0, 50, 50), (1, 2)),  # a tie: both lose
    ],
)
def test_t6_the_loser_is_on_the_lowest_phase_with_the_most_points(
    phases: tuple[int, ...], scores: tuple[int, ...], losers: tuple[int, ...]
) -> None:
    # rule T-6
    hands = [T_LAST, "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S", "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D"]
    state = draw(start(hands, "JC", variant=TEN_PHASES, phase=phases, score=scores), "QS")
    state = play(state, announce(state, *T_LAST_GROUPS, keep=True))
    assert (True, (0,)) == (state.is_over, state.winners)
    assert (0, scores[1] + 55, scores[2] + 55) == state.scores
    assert losers == state.losers


# ---------------------------------------------------------------------- ten-phases-rummy

RUMMY = find_variant("ten-phases-rummy")


def test_t4_ten_phases_rummy_is_a_built_in_variant() -> None:
    # rule T-4: the rummy-style "10 Phases" is its own variant, with T-1's decks, T-3's phases
    assert "ten-phases-rummy" in variant_names()
    assert RUMMY is find_variant(" Ten-Phases-Rummy ")
    assert "find_variant('ten-phases-rummy')" == repr(RUMMY)
    assert (TEN_PHASES.deck, TEN_PHASES.phases, TEN_PHASES.scoring) == (
        RUMMY.deck,
        RUMMY.phases,
        RUMMY.scoring,
    )
    assert (1, 2, 2, 4, True) == (
        RUMMY.decks_per_player,
        RUMMY.jokers_per_player,
        RUMMY.min_players,
        RUMMY.max_players,
        RUMMY.declare_loser,
    )
    assert (LaydownStyle.TABLE, True) == (RUMMY.laydown_style, RUMMY.end_at_last_phase)
    assert Counter(RUMMY.deck_for(3)) == count_cards(new_game(RUMMY, 3))


def test_t4_ten_phases_rummy_lays_the_phase_on_the_table_and_hits() -> None:
    """Rule T-4, the rummy-style variant: "Игра из семейства игр Рамми" (a game of the rummy
    family) - the phase is laid down and hit on as in C-12 to C-15; going out ends the hand."""
    p1 = "5H 5H 5C 7S 8H 9C 10D JD QS KH"
    state = draw(start([p1, T_QUIET2], "4S", variant=RUMMY), "2D")
    refuse(state, announce(state, "5H 5H 5C", "7S 8H 9C", keep=True), Violation.WRONG_STEP)
    state = play(state, lay(state, "5H 5H 5C", "7S 8H 9C"))
    assert (cards("5C 5H 5H"), cards("7S 8H 9C")) == tuple(m.cards for m in state.table[0])
    for text in ("10D", "JD", "QS", "KH"):  # rule C-14, on the laydown turn
        state = play(state, hit(state, 0, 1, text))
    assert cards("7S 8H 9C 10D JD QS KH") == state.table[0][1].cards
    state = play(state, discard(state, "2D"))  # rule C-13: out, the hand ends
    assert (2, TurnStep.DEAL) == (state.hand_number, state.step)
    assert (1, 0) == state.phases  # rule C-22
    assert (0, 6 * 5 + 4 * 10) == state.scores  # rule T-5's card values


def test_t5_ten_phases_rummy_ends_when_phase_10_is_laid_down() -> None:
    """Rule T-5 in ten-phases-rummy: "Игра заканчивается, когда один игрок успешно доходит до
    10 набора и собирает его, этот игрок не набирает очков" (the game ends when a player
    completes set 10; that player scores nothing) - at once, the hand unfinished."""  # noqa: RUF002
    p2 = "W AS 2S 9D 10D JD QD KC 3C 4C"
    state = draw(start([T_LAST, p2], "JC", phase=(9, 3), score=(30, 20), variant=RUMMY), "QS")
    state = play(state, lay(state, *T_LAST_GROUPS))
    assert (True, (0,), (10, 3)) == (state.is_over, state.winners, state.phases)
    assert cards("QS KD") == state.players[0].hand  # kept, but scores nothing
    assert (30, 20 + 90) == state.scores
    assert (1,) == state.losers  # rule T-6


def test_t5_end_at_last_phase_option_on_the_classic_game() -> None:
    # option end_at_last_phase (T-5): laying down the last phase ends the game at once;
    # without it the hand is played out (C-24)
    hand = "R5 B5 G5 Y5 R5 B5 R1 B2 G3 Y4"
    groups = ("R5 R5 B5 B5 G5 Y5", "R1 B2 G3 Y4")
    first3 = find_variant("classic-first-3")
    at_once = first3.with_options(end_at_last_phase=True)
    state = draw(start([hand, QUIET], "R12", phase=(2, 0), variant=at_once), "Y12")
    state = play(state, lay(state, *groups))
    assert (True, (0,), (3, 0), (0, 60)) == (
        state.is_over,
        state.winners,
        state.phases,
        state.scores,
    )
    state = draw(start([hand, QUIET], "R12", phase=(2, 0), variant=first3), "Y12")
    state = play(state, lay(state, *groups))
    assert (False, TurnStep.PLAY, (2, 0)) == (state.is_over, state.step, state.phases)
    pick = PICK.with_options(end_at_last_phase=True)
    done = tuple(range(1, len(pick.phases)))  # every phase but the first
    state = draw(
        start([OUT, QUIET], "R12", phase=(9, 0), completed=(done, ()), variant=pick), "Y12"
    )
    state = play(state, lay(state, "R3 R3 B3", "R4 R4 B4", phase=pick.phases[0]))
    assert (True, (0,)) == (state.is_over, state.winners)  # rule V-4: all phases done


def test_t6_declare_loser_option_on_the_classic_game() -> None:
    # option declare_loser (T-6) on another game; without it there is no loser
    hand = "R5 B5 G5 Y5 R5 B5 R1 B2 G3 Y4"
    groups = ("R5 R5 B5 B5 G5 Y5", "R1 B2 G3 Y4")
    first3 = find_variant("classic-first-3")
    for variant, losers in ((first3.with_options(declare_loser=True), (1,)), (first3, ())):
        state = start([hand, QUIET], "R12", variant=variant, phase=(2, 0))
        state = go_out(state, "Y12", *groups)
        assert (True, losers) == (state.is_over, state.losers)


@pytest.mark.parametrize(
    ("option", "value", "words"),
    [
        ("natural_minimum", NaturalScope.GROUP, "every group needs at least one natural card"),
        ("natural_minimum", NaturalScope.NONE, "a group may be all wilds"),
        ("go_out_by_hitting", True, "by discarding, hitting or laying down your last card"),
        ("hit_others_on_laydown_turn", False, "others' from your next turn"),
        ("skip_target", SkipTarget.NEXT, "makes the next player lose"),
        ("skip_limit", SkipLimit.PENDING, "At most one skip lies against a player"),
        ("runs_wrap", True, "12 is followed by 1"),
        ("max_hands", 7, "at the latest after 7 hands"),
        ("max_hand_turns", 50, "lasted 50 turns"),
        ("max_reshuffles", 3, "reshuffled the discard pile 3 times"),
        ("tiebreak_hand", False, "Tied players share the win"),
        ("declare_loser", True, "the one with the most points loses"),
        ("advance", Advance.EVERY_HAND, "everybody moves on to the next phase"),
    ],
)
def test_describe_follows_the_options(option: str, value: object, words: str) -> None:
    """The rule sentences shown to players come from the variant's options (C-15, C-17).

    The classic default counts the natural card per phase, as seed 000 says: «A fázisban
    azonban ki kell játszani legalább egy „természetes” lapot» ("in the phase you must
    play at least one natural card").
    """
    classic = " ".join(CLASSIC.describe())
    assert "the phase laid down needs at least one natural card (C-17)" in classic
    assert "you go out only by discarding your last card" in classic
    assert words not in classic
    assert words in " ".join(CLASSIC.with_options(**{option: value}).describe())


def test_describe_master_and_the_10_hands_game() -> None:
    """M-7 (seed 001: «В конце хода игрок должен сбросить еще одну карту»), M-4, C-24."""  # noqa: RUF002
    master = " ".join(MASTER.describe())
    assert "Every turn ends with a discard or an action card" in master
    assert "every set needs at least one natural card and every run two (M-4)" in master
    assert "ranged" not in master and "in their range" in master
    ten = " ".join(find_variant("classic-10-hands").describe())
    assert "at the latest after 10 hands, the lowest total of all players winning" in ten


# ============================================================================ coverage

#: Every rule option of a Variant, and the scenario that exercises it on one of these games.
OPTION_SCENARIOS = {
    "skip_target": test_m14_skip_target_next_option_in_master,
    "skip_limit": test_m14_skip_limit_round_option_in_master,
    "hit_others_on_laydown_turn": test_m7_hit_others_on_laydown_turn_option_in_master,
    "go_out_by_hitting": test_m7_master_goes_out_only_by_the_closing_discard,
    "runs_wrap": test_m3_runs_wrap_option_in_master,
    "natural_minimum": test_m4_natural_minimum_per_phase_option,
    "tiebreak_win": test_v1_fixed_hands_tiebreak_won_by_going_out,
    "tiebreak_hand": test_m10_tiebreak_hand_option_in_master,
    "phase_order": test_v4_pick_a_phase_offers_every_open_phase_once,
    "advance": test_v1_fixed_hands_everyone_advances_every_hand,
    "laydown_style": test_t4_laydown_style_announce_option_on_the_classic_phases,
    "turn_up_naturals_only": test_m6_turn_up_naturals_only_option_on_the_classic_game,
    "action_cards": test_m11_action_cards_option_off_makes_them_dead_cards,
    "jokers_per_player": test_t1_jokers_per_player_option_on_the_classic_game,
    "decks_per_player": test_t1_decks_per_player_option_on_other_decks,
    "end_at_last_phase": test_t5_end_at_last_phase_option_on_the_classic_game,
    "declare_loser": test_t6_declare_loser_option_on_the_classic_game,
    "deck": test_m2_the_joker_split_is_a_parameter,  # master_deck(jokers=...), M-2
    "phases": test_v5_custom_phases_parse_and_play,
    "max_reshuffles": test_m9_max_reshuffles_option_in_master,
    "max_hand_turns": test_c16_max_hand_turns_option_in_master,
    "max_hands": test_c24_max_hands_option_lowest_total_wins_after_the_last_hand,
}
#: Fields of a Variant that describe the game rather than choose between readings.
NOT_OPTIONS = {"name", "meld_rules", "scoring", "hand_size", "min_players", "max_players"}


def test_every_variant_option_is_exercised() -> None:
    fields = {a.name for a in attrs.fields(Variant)} - NOT_OPTIONS
    assert fields | {"runs_wrap", "natural_minimum"} == set(OPTION_SCENARIOS)
