"""sample_state's fast deal: the same deal as a full shuffle, and the same refusals as validate().

``sample_state`` deals only the hidden places it fills (the first steps of a Fisher-Yates
shuffle of the hidden cards) and checks its result without the checks its deal passes by
construction. These tests hold it to the plain algorithm written out below (the hidden cards
in canonical order, shuffled whole, dealt from the end, every check of ``validate()``): the
same state for the same ``rng`` state, and for a broken view the same error and message.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import attrs
import pytest

import phase10
from phase10 import (
    CLASSIC,
    Card,
    GameState,
    InvalidStateError,
    Meld,
    PlayerView,
    SetOf,
    check_meld,
    find_variant,
    sample_state,
    sort_cards,
    variant_names,
    view,
)

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
