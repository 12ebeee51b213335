"""The information state (issue 13): the hand's public history, known cards, exact sampling."""

from __future__ import annotations

import math
import random
from collections import Counter

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

import phase10
from phase10 import (
    CLASSIC,
    Card,
    Deal,
    Discard,
    Draw,
    Event,
    GameState,
    History,
    Keep,
    PlayerView,
    Reveal,
    TakeDiscard,
    TurnUp,
    Unseen,
    apply,
    from_json,
    legal_actions,
    sample_chance,
    sample_state,
    to_json,
    view,
)
from tests.depth import examples

from .helpers import card, discard, draw, play, start, take

NOTHING = "R1 B3 G5 Y7 R9 B11 G2 Y4 R6 B8"
OTHER = "G1 Y3 R5 B7 G9 Y11 R2 B4 G6 Y8"


def taken_g12() -> GameState:
    """p1 takes the G12 turned up and discards R1: everybody knows p1 holds a G12 (C-12)."""
    state = take(start([NOTHING, OTHER], "G12"))
    return play(state, discard(state, "R1"))


def test_a_card_taken_from_the_discard_pile_is_known_until_played() -> None:
    state = taken_g12()
    assert (card("G12"),) == state.players[0].known
    assert (card("G12"),) == view(state, 1).players[0].known
    assert () == state.players[1].known
    state = draw(state, "R12")  # p2's turn: draws, then discards
    state = play(state, discard(state, "Y11"))
    state = draw(state, "B12")  # p1 plays the known card again
    state = play(state, discard(state, "G12"))
    assert () == state.players[0].known


def test_the_history_holds_public_events_and_never_a_hidden_card() -> None:
    state = draw(taken_g12(), "R12")
    events = tuple(state.history)
    dealt = [Event(unseen=Unseen.DEAL, to=seat) for seat in (0, 1)] * 10
    assert [
        *dealt,
        Event(action=TurnUp(card("G12"))),
        Event(action=TakeDiscard(0), card=card("G12")),
        Event(action=Discard(0, card("R1"))),
        Event(action=Draw(1)),
        Event(unseen=Unseen.REVEAL, to=1),
    ] == list(events)
    # the deal and the card drawn are hidden: who got a card is recorded, never which
    assert not [e for e in events if isinstance(e.action, Deal | Reveal | Keep)]
    assert state.history == view(state, 0).history == view(state, 1).history
    assert "p1 take G12" in str(state.history).splitlines()


def test_the_history_starts_again_with_each_hand() -> None:
    rng = random.Random("hands")
    state = phase10.new_game(CLASSIC, 2)
    for _ in range(20_000):
        if state.hand_number > 1:
            break
        before = state
        state = apply(state, _random(state, rng))
    # the hand just played stays until the next hand's first card, closed by its end (C-23)
    assert state.history.extends(before.history)
    assert 1 == _last(state.history).hand_over
    assert all(p.known == () for p in state.players)
    state = apply(state, sample_chance(state, rng))
    assert [Event(unseen=Unseen.DEAL, to=state.history[0].to)] == list(state.history)


def _last(history: History) -> Event:
    return history[-1]


def _random(state: GameState, rng: random.Random) -> phase10.Action:
    if state.is_chance:
        return sample_chance(state, rng)
    legal = legal_actions(state)
    takes = [a for a in legal if isinstance(a, TakeDiscard)]
    if takes and rng.random() < 0.5:  # take the discard often, so that cards are known
        return takes[0]
    return legal[int(rng.random() * len(legal))]


def test_history_is_a_sequence_with_value_equality() -> None:
    events = [Event(action=Draw(0)), Event(action=TakeDiscard(1), card=card("R7"))]
    one = History.of(events)
    other = History().plus(events[0]).plus(events[1])
    assert one == other
    assert hash(one) == hash(other)
    assert events == list(one)
    assert events[1] == one[-1] == one[1]
    assert one != History.of(events[:1])
    assert one == eval(repr(one), vars(phase10))


def test_json_carries_history_and_known_cards_and_old_documents_load() -> None:
    state = draw(taken_g12(), "R12")
    assert state == from_json(to_json(state), GameState)
    v = view(state, 1)
    assert v == from_json(to_json(v), PlayerView)
    doc = phase10.to_dict(state)
    del doc["state"]["history"]
    for player in doc["state"]["players"]:
        del player["known"]
    old = phase10.from_dict(doc, GameState)
    assert (
        attrs.evolve(
            state,
            history=History(),
            players=tuple(attrs.evolve(p, known=()) for p in state.players),
        )
        == old
    )


def test_sample_state_keeps_known_cards_in_their_hand() -> None:
    v = view(taken_g12(), 1)
    for i in range(50):
        sampled = sample_state(v, random.Random(f"known:{i}"))
        assert card("G12") in sampled.players[0].hand
        assert (card("G12"),) == sampled.players[0].known
        assert view(sampled, 1) == v


def test_sampling_is_uniform_over_consistent_worlds() -> None:
    """Each hidden card's frequency in each hidden place against its exact expectation.

    In p2's view p1 holds 10 cards, one of them the known G12; the other 9 and the draw pile
    are a uniform deal of the hidden cards, so a card with h hidden copies is expected
    ``h * 9 / H`` times in p1's hand (H hidden cards), plus its known copies. Seeded, and
    each count must be within 5 standard errors: the test cannot flake.
    """
    v = view(taken_g12(), 1)
    state = v.canonical_state()
    hidden: Counter[Card] = Counter(state.players[0].hand) + Counter(state.draw_pile)
    hidden.subtract(v.players[0].known)
    total = sum(hidden.values())
    free = v.players[0].hand_size - len(v.players[0].known)
    runs = 2000
    in_hand: Counter[Card] = Counter()
    in_pile: Counter[Card] = Counter()
    for i in range(runs):
        sampled = sample_state(v, random.Random(f"uniform:{i}"))
        in_hand.update(sampled.players[0].hand)
        in_pile.update(sampled.draw_pile)
    known = Counter(v.players[0].known)
    for c, h in hidden.items():
        p = free / total
        expected_hand = runs * (known[c] + h * p)
        expected_pile = runs * h * (1 - p)
        error = 5 * math.sqrt(runs * h * p * (1 - p)) + 1e-9
        assert abs(in_hand[c] - expected_hand) <= error, (c, in_hand[c], expected_hand)
        assert abs(in_pile[c] - expected_pile) <= error, (c, in_pile[c], expected_pile)
    # the known card is always in p1's hand, never dealt to the draw pile in its place
    assert in_hand[card("G12")] >= runs


@st.composite
def views_with_known_cards(draw_: st.DrawFn) -> PlayerView:
    """Views of seeded games in which players prefer to take the discard (so cards are known)."""
    name = draw_(st.sampled_from(["classic", "master", "ten-phases-rummy", "classic-first-1"]))
    variant = phase10.find_variant(name)
    players = draw_(st.integers(variant.min_players, min(variant.max_players, 4)))
    steps = draw_(st.integers(0, 400))
    rng = random.Random(f"views:{draw_(st.integers(0, 10**6))}")
    state = phase10.new_game(variant, players)
    for _ in range(steps):
        if state.is_over:
            break
        state = apply(state, _random(state, rng))
    return view(state, draw_(st.integers(0, players - 1)))


@settings(deadline=None, max_examples=examples(60))
@given(views_with_known_cards(), st.integers(0, 2**32))
def test_a_sampled_state_always_shows_the_same_view(v: PlayerView, seed: int) -> None:
    sampled = sample_state(v, random.Random(seed))
    sampled.validate()
    assert view(sampled, v.player) == v
    for seat, s in enumerate(v.players):
        left = Counter(sampled.players[seat].hand)
        left.subtract(s.known)
        assert min(left.values(), default=0) >= 0


def test_a_long_history_pickles_and_copies_without_recursion() -> None:
    import copy
    import pickle

    history = History.of([Event(action=Draw(i % 2)) for i in range(5000)])
    assert history == pickle.loads(pickle.dumps(history))
    assert history == copy.deepcopy(history)
