"""sample_state's fast deal: the same deal as a full shuffle, and the same refusals as validate().

``sample_state`` deals only the hidden places it fills (the first steps of a Fisher-Yates
shuffle of the hidden cards) and checks its result without the checks its deal passes by
construction. These tests hold it to the plain algorithm written out below (the hidden cards
in canonical order, shuffled whole, dealt from the end, every check of ``validate()``): the
same state for the same ``rng`` state, and for a broken view the same error and message.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Iterator

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import phase10
from phase10 import (
    CLASSIC,
    MASTER,
    Card,
    GameState,
    InvalidStateError,
    Meld,
    PlayerView,
    SetOf,
    TurnStep,
    check_meld,
    find_variant,
    sample_state,
    sort_cards,
    variant_names,
    view,
)
from phase10._fast import VALID_STATES
from phase10.analysis import collecting, unseen_cards, world_weight
from tests.depth import examples

from .helpers import random_action

#: Every built-in variant, and the classic game with a deck per player (T-1: identical cards).
VARIANTS = (
    *(find_variant(name) for name in variant_names()),
    CLASSIC.with_options(name="classic-deck-each", decks_per_player=1),
)


def shown_cards(v: PlayerView) -> Iterator[Card]:
    yield from v.hand
    yield from v.discard_pile
    yield from v.action_pile
    yield from v.drawn
    yield from (card for _, card in v.offers)
    yield from (card for row in v.table for meld in row for card in meld.cards)
    for seat, s in enumerate(v.players):
        if seat != v.player:
            yield from s.known


def plain_sample(v: PlayerView, rng: random.Random) -> GameState:
    """The plain algorithm: shuffle every hidden card, deal the hands from the end, validate."""
    hidden = Counter(v.variant.deck_for(v.num_players))
    hidden.subtract(shown_cards(v))
    pool = list(sort_cards(hidden.elements()))
    for i in range(len(pool) - 1, 0, -1):  # Fisher-Yates with rng.random() only
        j = int(rng.random() * (i + 1))
        pool[i], pool[j] = pool[j], pool[i]

    def take(n: int) -> tuple[Card, ...]:
        taken = tuple(pool[len(pool) - n :]) if n else ()
        del pool[len(pool) - n :]
        return taken

    players = []
    for seat, (s, p) in enumerate(zip(v.players, v.canonical_state().players, strict=True)):
        if seat != v.player:
            p = attrs.evolve(p, hand=sort_cards(s.known + take(s.hand_size - len(s.known))))
        players.append(p)
    drawn = v.drawn or take(v.drawn_count)
    state = attrs.evolve(
        v.canonical_state(), players=tuple(players), drawn=drawn, draw_pile=sort_cards(pool)
    )
    return state.validate()


def random_states(variant: phase10.Variant, players: int, seed: str) -> Iterator[GameState]:
    """States of one seeded random game, over several hands (chance by the seed)."""
    rng = random.Random(seed)
    state = phase10.new_game(variant, players)
    for _ in range(1500):
        if state.is_over:
            return
        yield state
        state = phase10.apply(state, random_action(state, rng))


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
@pytest.mark.parametrize("players", [3, 4])
def test_sample_state_deals_as_a_full_shuffle_and_validates(
    variant: phase10.Variant, players: int
) -> None:
    checked = 0
    known = 0
    for i, state in enumerate(random_states(variant, players, f"sample:{variant.name}")):
        if i % 23:
            continue
        for seat in range(players):
            v = view(state, seat)
            sampled = sample_state(v, random.Random(f"{i}:{seat}"))
            assert plain_sample(v, random.Random(f"{i}:{seat}")) == sampled
            assert sampled.validate() is sampled
            assert view(sampled, seat) == v
            checked += 1
            known += sum(len(s.known) for s in v.players)
    assert checked > 100
    assert known > 0 or variant.name.startswith("classic-fixed")  # known cards were dealt around


def test_the_rng_is_left_where_the_deal_stopped() -> None:
    # one rng.random() per card dealt to a hidden place: the 10 of p2's hand
    state, _ = phase10.play_chance(phase10.new_game(CLASSIC, 2), random.Random(3))
    rng = random.Random(9)
    sample_state(view(state, 0), rng)
    after = rng.random()
    rng = random.Random(9)
    for _ in range(10):
        rng.random()
    assert rng.random() == after


def mid_hand_view() -> PlayerView:
    state, _ = phase10.play_chance(phase10.new_game(CLASSIC, 2), random.Random(8))
    return view(state, 0)


def fresh(card: Card) -> Card:
    """An equal card that is another object than the deck's."""
    copy = Card(card.kind, card.number, card.color, card.wild_numbers, card.wild_colors)
    assert copy == card and copy is not card
    return copy


def test_cards_equal_to_the_decks_but_other_objects_are_dealt_alike() -> None:
    v = mid_hand_view()
    rebuilt = attrs.evolve(
        v, hand=tuple(map(fresh, v.hand)), discard_pile=tuple(map(fresh, v.discard_pile))
    )
    assert sample_state(v, random.Random(4)) == sample_state(rebuilt, random.Random(4))


def test_known_cards_equal_to_the_decks_but_other_objects_are_dealt_alike() -> None:
    # views._first_places: known cards sort into a dealt hand as places, found by identity
    # of the deck's objects, or else by equality
    v = next(
        w
        for state in random_states(CLASSIC, 4, "known-fresh")
        for w in [view(state, 0)]
        if any(s.known for s in w.players[1:])
    )
    players = tuple(attrs.evolve(s, known=tuple(map(fresh, s.known))) for s in v.players)
    rebuilt = attrs.evolve(v, players=players)
    world = sample_state(rebuilt, random.Random(5))
    assert sample_state(v, random.Random(5)) == world
    assert plain_sample(v, random.Random(5)) == world


def check_message(v: PlayerView) -> str:
    """What the plain algorithm says is wrong with ``v``: its count check, then validate()."""
    try:
        state = v.canonical_state()
    except InvalidStateError as error:
        return str(error)
    problem = next(state.problems(), None)
    assert problem is not None, "the broken view passes every check"
    return str(problem)


def hidden_seat(v: PlayerView, seat: int, **changes: object) -> tuple[phase10.SeatView, ...]:
    return tuple(
        attrs.evolve(s, **changes) if i == seat else s  # type: ignore[arg-type]
        for i, s in enumerate(v.players)
    )


def broken_views() -> Iterator[tuple[str, PlayerView]]:
    v = mid_hand_view()
    shown = {*v.hand, *v.discard_pile}
    n = next(n for n in range(1, 13) if not {f"R{n}", f"B{n}", f"G{n}"} & {*map(str, shown)})
    r, b, g = (Card.parse(f"{color}{n}") for color in "RBG")
    good = check_meld(f"{r} {b} {g}", SetOf(3)).melds[0]
    bad = Meld(good.group, good.shape, (r, b, Card.parse(f"G{n % 12 + 1}")), good.values)
    on_table = attrs.evolve(
        v,
        table=((), (bad,)),
        draw_count=v.draw_count - 3,
        players=hidden_seat(v, 1, laid_down=True),
    )
    yield "table[1][0]: not a valid set of 3", on_table
    yield "players[0].hand: the hand of p1 is not", attrs.evolve(v, hand=v.hand[::-1])
    yield "players[1].phase", attrs.evolve(v, players=hidden_seat(v, 1, phase=11))
    yield "winners: winners are named only", attrs.evolve(v, winners=(0,))
    yield "dealer: seat 5 does not exist", attrs.evolve(v, dealer=5)
    yield "players[1].laid_down", attrs.evolve(v, table=((), (good,)), draw_count=v.draw_count - 3)
    yield "players[1].skip_guard", attrs.evolve(v, players=hidden_seat(v, 1, skip_guard=5))
    yield (
        "players[1].known: known cards must be in canonical order",
        attrs.evolve(v, players=hidden_seat(v, 1, known=(b, r))),
    )
    yield "the view hides", attrs.evolve(v, draw_count=v.draw_count - 1)
    # the counts add up, but a negative one would make the deal take from the wrong places
    hidden = v.draw_count + v.players[1].hand_size
    yield (
        "the view counts -1 cards in the draw pile",
        attrs.evolve(v, draw_count=-1, players=hidden_seat(v, 1, hand_size=hidden + 1)),
    )
    yield (
        "the view counts 0 cards in the draw pile and -2 drawn",
        attrs.evolve(
            v, draw_count=0, drawn_count=-2, players=hidden_seat(v, 1, hand_size=hidden + 2)
        ),
    )
    eleven = v.canonical_state().draw_pile[:11]
    yield (
        "seat 1 is known to hold 11 cards",
        attrs.evolve(v, players=hidden_seat(v, 1, known=eleven)),
    )
    yield f"the view shows more {r}", attrs.evolve(v, discard_pile=v.discard_pile + (r,) * 3)
    skip = Card.parse("S")
    yield "the view shows more S", attrs.evolve(v, discard_pile=v.discard_pile + (skip,) * 5)
    yield f"the view shows more {r}", attrs.evolve(v, hand=sort_cards(v.hand + (fresh(r),) * 3))
    action = phase10.master_deck()[-1]
    assert action.is_action
    yield f"the view shows more {action}", attrs.evolve(v, discard_pile=(action,))
    yield "drawn_count must equal", attrs.evolve(v, drawn=(r,), drawn_count=2)
    yield "player 2 is not a seat", attrs.evolve(v, player=2)


@pytest.mark.parametrize(
    ("start", "broken"), [pytest.param(*case, id=case[0]) for case in broken_views()]
)
def test_a_broken_view_is_refused_as_validate_refuses_it(start: str, broken: PlayerView) -> None:
    with pytest.raises(InvalidStateError) as caught:
        sample_state(broken, random.Random(1))
    assert "invalid-state" == caught.value.code
    assert check_message(broken) == str(caught.value)
    assert str(caught.value).startswith(start)


def test_a_meld_valid_under_one_rule_set_is_checked_again_under_another() -> None:
    wrapping = attrs.evolve(CLASSIC.meld_rules, runs_wrap=True)
    meld = check_meld("R11 B12 G1 Y2", phase10.RunOf(4), rules=wrapping).melds[0]
    state = attrs.evolve(phase10.new_game(CLASSIC, 2), table=((meld,), ()))
    wraps = attrs.evolve(state, variant=attrs.evolve(CLASSIC, meld_rules=wrapping))
    for _ in range(2):  # the second time from the cache of meld checks (C-7: runs_wrap)
        assert [] == [p for p in wraps.problems() if p.path == "table[0][0]"]
        (problem,) = [p for p in state.problems() if p.path == "table[0][0]"]
        assert "not a valid run of 4: R11 B12 G1 Y2" in problem.message


# ----------------------------------------------------------------------------- weighted worlds


def _weigh(v: PlayerView, *, passed: float = 0.25) -> Callable[[GameState], float]:
    return lambda state: world_weight(v, state, passed=passed)


@settings(max_examples=examples(25), deadline=None)
@given(
    st.sampled_from(VARIANTS),
    st.integers(2, 4),
    st.integers(0, 10**6),
    st.integers(0, 300),
    st.integers(1, 8),
)
def test_a_weighted_sample_is_consistent_with_the_view(
    variant: phase10.Variant, players: int, seed: int, at: int, tries: int
) -> None:
    for i, state in enumerate(random_states(variant, players, f"weighted:{seed}")):
        if i == at or state.is_over:
            break
    if state.is_over:
        return
    seat = at % players
    v = view(state, seat)
    sampled = sample_state(v, random.Random(f"{seed}:{at}"), weight=_weigh(v), tries=tries)
    assert sampled.validate() is sampled
    assert view(sampled, seat) == v


def test_one_try_is_the_unweighted_deal() -> None:
    v = mid_hand_view()
    for i in range(5):
        weighted = sample_state(v, random.Random(f"one:{i}"), weight=lambda _: 0.5, tries=1)
        assert sample_state(v, random.Random(f"one:{i}")) == weighted


def test_no_weight_leaves_the_rng_as_before() -> None:
    v = mid_hand_view()
    plain, weighted = random.Random(2), random.Random(2)
    sample_state(v, plain)
    sample_state(v, weighted, weight=None, tries=100)
    assert plain.random() == weighted.random()


def _passing_view() -> tuple[PlayerView, tuple[Card, ...]]:
    """A mid-hand view of seat 0 in which seat 1 let several cards go, some still hidden."""
    for state in random_states(CLASSIC, 2, "passing"):
        if state.is_chance or state.current_player != 0:
            continue
        v = view(state, 0)
        passed = collecting(v, 1).passed
        hidden = unseen_cards(v)
        open_ = tuple(c for c in dict.fromkeys(passed) if hidden[c])
        if len(open_) >= 4:
            return v, open_
    raise AssertionError("seat 1 never let four cards go")


def _holding(states: Iterator[GameState], cards: tuple[Card, ...]) -> int:
    """How many copies of ``cards`` the hands of seat 1 hold, over ``states``."""
    return sum(1 for s in states for c in s.players[1].hand if c in cards)


def test_weighting_by_the_cards_let_go_makes_them_rarer_in_that_hand() -> None:
    # seeded, so the counts are fixed: the weighted worlds hold fewer of the cards seat 1
    # discarded or declined than the uniform ones (world_weight, sampling-resampling)
    v, let_go = _passing_view()
    seeds = [random.Random(f"freq:{i}") for i in range(120)]
    uniform = _holding((sample_state(v, r) for r in seeds), let_go)
    seeds = [random.Random(f"freq:{i}") for i in range(120)]
    weighted = _holding(
        (sample_state(v, r, weight=_weigh(v, passed=0.1), tries=8) for r in seeds), let_go
    )
    assert uniform > 0
    assert weighted < uniform * 0.7, (weighted, uniform)


def test_a_world_of_weight_0_is_never_picked() -> None:
    v, let_go = _passing_view()
    ruled_out = let_go[0]

    def weight(state: GameState) -> float:
        return 0.0 if ruled_out in state.players[1].hand else 1.0

    picked = [
        sample_state(v, random.Random(f"zero:{i}"), weight=weight, tries=16) for i in range(40)
    ]
    assert [] == [s for s in picked if ruled_out in s.players[1].hand]
    assert any(
        ruled_out in s.players[1].hand
        for s in (sample_state(v, random.Random(f"zero:{i}")) for i in range(40))
    )


@pytest.mark.parametrize("bad", [-1.0, float("nan"), float("inf"), "1", None, True])
def test_a_weight_that_is_not_a_finite_number_from_0_is_refused(bad: object) -> None:
    v = mid_hand_view()
    with pytest.raises(InvalidStateError, match="a weight must be a") as caught:
        sample_state(v, random.Random(1), weight=lambda _: bad)  # type: ignore[arg-type,return-value]
    assert "invalid-state" == caught.value.code


def test_worlds_that_all_weigh_0_are_refused() -> None:
    with pytest.raises(InvalidStateError, match=r"every world dealt weighs 0 \(3 tried\)"):
        sample_state(mid_hand_view(), random.Random(1), weight=lambda _: 0, tries=3)


@pytest.mark.parametrize("tries", [0, -2, 4097, 2.0, True])
def test_tries_out_of_range_are_refused(tries: object) -> None:
    with pytest.raises(InvalidStateError, match="tries must be a whole number from 1 to 4096"):
        sample_state(mid_hand_view(), random.Random(1), weight=lambda _: 1, tries=tries)  # type: ignore[arg-type]


# ----------------------------------------------------------------------------- checked once


def test_a_hand_built_broken_view_is_refused_after_a_valid_one_was_sampled() -> None:
    """The views checked are remembered by identity: an equal object is checked itself."""
    state = next(s for s in random_states(CLASSIC, 4, "once") if s.step is TurnStep.PLAY)
    v = view(state, state.turn)
    sample_state(v, random.Random(0))  # checked, remembered
    sample_state(v, random.Random(0))  # dealt from what was remembered
    assert v == attrs.evolve(v)  # an equal object, built by hand, is checked itself
    broken = attrs.evolve(v, winners=(0,))
    for _ in range(2):
        with pytest.raises(InvalidStateError) as caught:
            sample_state(broken, random.Random(0))
        assert check_message(broken) == str(caught.value)


@settings(max_examples=examples(40), deadline=None)
@given(st.sampled_from(VARIANTS), st.integers(2, 4), st.integers(0, 10**6), st.integers(0, 300))
def test_a_view_checked_once_deals_and_refuses_as_the_full_check(
    variant: phase10.Variant, players: int, seed: int, at: int
) -> None:
    """Later worlds of a remembered view: the same state and verdict as every check made."""
    states = list(itertools.islice(random_states(variant, players, f"{seed}"), at + 1))
    state = states[-1]
    current = state.current_player
    seat = current if current is not None and current >= 0 else 0
    v = view(state, seat)
    first = sample_state(v, random.Random(f"{seed}:0"))
    for i in range(1, 4):
        fast = sample_state(v, random.Random(f"{seed}:{i}"))
        full = sample_state(attrs.evolve(v), random.Random(f"{seed}:{i}"))  # a new object
        assert full == fast
        assert [] == list(fast.problems())
        assert v == view(fast, seat)
    assert v == view(first, seat)


# ------------------------------------------------------------------------ valid by construction


def engine_state() -> GameState:
    return next(s for s in random_states(CLASSIC, 4, "made") if s.step is TurnStep.PLAY)


def test_the_view_of_an_engine_state_deals_as_an_equal_view_checked_in_full() -> None:
    """new_game / apply mark their states valid (_fast.VALID_STATES); the deal is the same."""
    state = engine_state()
    assert VALID_STATES.marked(state)
    v = view(state, state.turn)
    assert VALID_STATES.marked(v)  # one table of the objects known valid: views too
    assert not VALID_STATES.marked(attrs.evolve(v))
    for seed in range(4):
        marked = sample_state(v, random.Random(seed))  # its first world: deal checks only
        full = sample_state(attrs.evolve(v), random.Random(seed))  # a new object: every check
        assert full == marked
        assert [] == list(marked.problems())
        assert v == view(marked, state.turn)
    # a world sample_state checked is valid, and so is what the engine makes of it
    world = sample_state(v, random.Random(9))
    assert VALID_STATES.marked(world)
    assert VALID_STATES.marked(phase10.apply(world, phase10.legal_actions(world)[0]))


def test_a_hand_built_state_is_not_marked_and_its_broken_view_is_refused() -> None:
    """attrs.evolve builds another object: neither it nor what apply makes of it is marked."""
    state = engine_state()
    broken = attrs.evolve(state, winners=(0,))  # winners before the game is over
    assert not VALID_STATES.marked(broken)
    assert not VALID_STATES.marked(attrs.evolve(state))  # equal, and still built by hand
    after = phase10.apply(broken, phase10.legal_actions(broken)[0])
    assert not VALID_STATES.marked(after)
    for bad in (broken, after):
        v = view(bad, bad.turn)
        assert not VALID_STATES.marked(v)
        for _ in range(2):  # the first world, then a remembered view
            with pytest.raises(InvalidStateError) as caught:
                sample_state(v, random.Random(0))
            assert check_message(v) == str(caught.value)
    good = view(state, state.turn)
    assert sample_state(good, random.Random(0)) == sample_state(
        attrs.evolve(good), random.Random(0)
    )


def test_a_state_read_from_json_is_checked_in_full() -> None:
    state = engine_state()
    read = phase10.from_json(phase10.to_json(state), GameState)
    assert read == state
    assert not VALID_STATES.marked(read)
    v = view(read, read.turn)
    assert sample_state(v, random.Random(3)) == sample_state(
        view(state, state.turn), random.Random(3)
    )


def test_a_deck_of_more_than_126_cards_is_counted_in_wider_slots_and_refused_alike() -> None:
    # views._Deck: a slot of 8 bits holds counts up to 126 cards; Master's 128 need 16
    assert 128 == len(MASTER.deck_for(3))
    state = next(s for i, s in enumerate(random_states(MASTER, 3, "wide")) if i == 40)
    v = view(state, 0)
    assert view(sample_state(v, random.Random(2)), 0) == v
    extra = v.discard_pile + (v.hand[0],) * 3  # one card shown more often than dealt
    broken = attrs.evolve(v, discard_pile=extra, draw_count=v.draw_count - 3)
    with pytest.raises(InvalidStateError) as caught:
        sample_state(broken, random.Random(1))
    assert check_message(broken) == str(caught.value)
    assert str(caught.value).startswith(f"the view shows more {v.hand[0]}")


def test_a_table_counted_before_is_refused_alike_when_another_pile_shows_its_cards() -> None:
    # views._TABLE_COUNTS: the count of a table is remembered by the table's identity
    state = next(
        s for s in random_states(CLASSIC, 4, "table") if len(s.draw_pile) > 20 and any(s.table)
    )
    v = view(state, state.turn)
    assert view(sample_state(v, random.Random(0)), v.player) == v  # counts the table
    card = next(meld.cards[0] for row in v.table for meld in row)
    extra = v.discard_pile + (card,) * 9  # more copies than the deck holds of any card
    broken = attrs.evolve(v, discard_pile=extra, draw_count=v.draw_count - 9)
    assert broken.table is v.table
    with pytest.raises(InvalidStateError) as caught:
        sample_state(broken, random.Random(1))
    assert check_message(broken) == str(caught.value)
    assert str(caught.value).startswith(f"the view shows more {card}")
    again = view(sample_state(attrs.evolve(v), random.Random(0)), v.player)
    assert v == again
