"""Player views: hidden information stays hidden, and views determinize back into states."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import cast

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import phase10
from phase10 import (
    CHANCE,
    Card,
    GameState,
    InvalidStateError,
    PlayerState,
    PlayerView,
    SeatView,
    find_variant,
    legal_actions,
    sample_state,
    variant_names,
    view,
)
from phase10.rules import Viewpoint
from phase10.views import (
    _PLAYER_HIDDEN,
    _SEAT_PUBLIC,
    _STATE_HIDDEN,
    _STATE_PUBLIC,
    _VIEW_ONLY,
)
from tests.depth import examples, sized

from .helpers import random_action

VARIANTS = variant_names()


def random_game(name: str, players: int, seed: str) -> Iterator[GameState]:
    """Every state of one seeded random game (chance by the seed, players at random)."""
    rng = random.Random(seed)
    state = phase10.new_game(find_variant(name), players)
    while True:
        yield state
        if state.is_over:
            return
        state = phase10.apply(state, random_action(state, rng))


@st.composite
def game_states(draw: st.DrawFn) -> GameState:
    """A state somewhere in a seeded random game of any built-in variant."""
    name = draw(st.sampled_from(VARIANTS))
    variant = find_variant(name)
    players = draw(st.integers(variant.min_players, min(variant.max_players, 5)))
    seed = draw(st.integers(0, 10**6))
    steps = draw(st.integers(0, 700))
    last = None
    for i, state in enumerate(random_game(name, players, f"views:{seed}")):
        last = state
        if i >= steps:
            break
    assert last is not None
    return last


def redeal_hidden(state: GameState, seat: int, rng: random.Random) -> GameState:
    """The hidden cards of ``seat`` (others' hands, the draw pile, another's Take two draw)
    shuffled and dealt again, keeping every size."""
    others = [s for s in range(state.num_players) if s != seat]
    drawn_hidden = seat != state.turn
    pool = []
    for s in others:  # cards known to be in a hand (taken from the discard pile) stay there
        rest = list(state.players[s].hand)
        for card in state.players[s].known:
            rest.remove(card)
        pool += rest
    pool += state.draw_pile
    if drawn_hidden:
        pool += state.drawn
    rng.shuffle(pool)
    players = list(state.players)
    for s in others:
        size = len(players[s].hand) - len(players[s].known)
        hand, pool = pool[:size], pool[size:]
        players[s] = attrs.evolve(players[s], hand=phase10.sort_cards((*hand, *players[s].known)))
    drawn = state.drawn
    if drawn_hidden:
        drawn, pool = tuple(pool[: len(drawn)]), pool[len(drawn) :]
    return attrs.evolve(
        state, players=tuple(players), draw_pile=phase10.sort_cards(pool), drawn=drawn
    ).validate()


def test_every_state_field_is_either_public_or_hidden() -> None:
    # A new GameState / PlayerState field must be classified in phase10/views.py.
    for field in attrs.fields(GameState):
        assert (field.name in _STATE_PUBLIC) != (field.name in _STATE_HIDDEN), field.name
    assert set(_STATE_PUBLIC) | _VIEW_ONLY | _STATE_HIDDEN >= {
        f.name for f in attrs.fields(PlayerView)
    }
    for field in attrs.fields(PlayerState):
        assert (field.name in _SEAT_PUBLIC) != (field.name in _PLAYER_HIDDEN), field.name
    assert {f.name for f in attrs.fields(SeatView)} == {*_SEAT_PUBLIC, "hand_size"}


@settings(deadline=None, max_examples=examples(60))
@given(game_states(), st.randoms(use_true_random=False))
def test_redealing_hidden_cards_never_changes_a_view(state: GameState, rnd: random.Random) -> None:
    for seat in range(state.num_players):
        before = view(state, seat)
        after = view(redeal_hidden(state, seat, rnd), seat)
        assert before == after
        assert repr(before) == repr(after)
        assert phase10.to_json(before) == phase10.to_json(after)


@settings(deadline=None, max_examples=examples(60))
@given(game_states(), st.integers(0, 2**32))
def test_sampled_states_are_valid_and_show_the_same_view(state: GameState, seed: int) -> None:
    for seat in range(state.num_players):
        v = view(state, seat)
        sampled = sample_state(v, random.Random(seed))
        sampled.validate()
        assert view(sampled, seat) == v
        assert sampled.players[seat].hand == state.players[seat].hand
        assert sample_state(v, random.Random(seed)) == sampled  # seeded: reproducible


@settings(deadline=None, max_examples=examples(80))
@given(game_states())
def test_legal_actions_of_a_view_are_those_of_the_state(state: GameState) -> None:
    for seat in range(state.num_players):
        v = view(state, seat)
        expected = legal_actions(state) if state.current_player == seat else ()
        assert legal_actions(v) == expected
        acting = v.acting_state()
        assert (acting is None) == (state.current_player != seat)
        if acting is not None:
            assert legal_actions(acting) == expected


def test_a_view_is_a_viewpoint_of_the_rules() -> None:
    # legal_actions takes any Viewpoint: rules never imports views (mypy checks the protocol)
    state, _ = phase10.play_chance(phase10.new_game(phase10.CLASSIC, 2), random.Random(5))
    seat = state.turn
    point: Viewpoint = view(state, seat)
    assert point.acting_state() == view(state, seat).canonical_state()
    assert legal_actions(point) == legal_actions(state)
    assert view(state, 1 - seat).acting_state() is None


def test_legal_actions_agree_over_whole_games() -> None:
    checked = 0
    every = sized(5, slow=1, compat=15)  # a compat run (tests.depth) checks every 15th
    for name in VARIANTS:
        variant = find_variant(name)
        for i, state in enumerate(random_game(name, variant.min_players + 1, f"agree:{name}")):
            who = state.current_player
            if i % every == 0 and who is not None and who != CHANCE:
                assert legal_actions(view(state, who)) == legal_actions(state)
                checked += 1
    assert checked > 1500 // every


def test_skip_guards_are_public_and_survive_sampling() -> None:
    # rule C-20: whom a skip may target is public, so views and sampled states keep guards
    guarded = next(
        s
        for s in random_game("classic", 4, "guards")
        if s.current_player == s.turn
        and s.step.name == "PLAY"
        and any(p.skip_guard for p in s.players)
        and any(c.is_skip for c in s.players[s.turn].hand)
    )
    seat = guarded.turn
    v = view(guarded, seat)
    expected = tuple(p.skip_guard for p in guarded.players)
    assert expected == tuple(s.skip_guard for s in v.players)
    assert expected == tuple(p.skip_guard for p in v.canonical_state().players)
    sampled = sample_state(v, random.Random("guards"))
    assert expected == tuple(p.skip_guard for p in sampled.players)
    assert legal_actions(v) == legal_actions(guarded) == legal_actions(sampled)


def test_a_view_holds_counts_not_hidden_cards() -> None:
    state = next(s for s in random_game("classic", 4, "counts") if s.step.name == "PLAY")
    v = view(state, 0)
    assert v.hand == state.players[0].hand
    assert [s.hand_size for s in v.players] == [len(p.hand) for p in state.players]
    assert v.hand_sizes == tuple(len(p.hand) for p in state.players)
    assert v.draw_count == len(state.draw_pile)
    assert v.discard_pile == state.discard_pile
    assert v.table == state.table
    assert v.scores == state.scores
    assert v.phases == state.phases
    assert v.current_player == state.current_player
    assert v.top_discard == state.top_discard
    assert v.num_players == 4
    assert v.active_seats == (0, 1, 2, 3)
    assert v.current_phase(1) == state.current_phase(1)
    assert v.open_phases(2) == state.open_phases(2)
    assert not v.is_over
    assert not v.is_chance
    assert v.is_my_turn is (state.current_player == 0)
    hidden = [c for p in state.players[1:] for c in p.hand]
    for field in attrs.fields(PlayerView):
        value = getattr(v, field.name)
        assert value is not state.draw_pile or not value
        if field.name not in ("hand", "discard_pile", "table", "variant"):
            assert not (isinstance(value, tuple) and value and value == tuple(hidden))


def test_views_at_chance_nodes_and_of_waiting_players_list_no_actions() -> None:
    state = phase10.new_game(phase10.CLASSIC, 3)
    assert state.is_chance
    v = view(state, 0)
    assert v.is_chance
    assert legal_actions(v) == ()
    state, _ = phase10.play_chance(state, random.Random(4))
    waiting = next(s for s in range(3) if s != state.current_player)
    assert legal_actions(view(state, waiting)) == ()


def test_bad_arguments_are_refused() -> None:
    state = phase10.new_game(phase10.CLASSIC, 2)
    v = view(state, 0)
    with pytest.raises(InvalidStateError):
        view(state, 2)
    with pytest.raises(InvalidStateError):
        view(state, -1)
    with pytest.raises(TypeError):
        view(v, 0)  # type: ignore[arg-type]  # a view is not a state (checked by mypy too)
    with pytest.raises(TypeError):
        sample_state(state, random.Random(0))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="needs a GameState or PlayerView"):
        legal_actions("p1 draw")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="apply\\(\\) needs a GameState"):
        phase10.apply(v, phase10.Draw(0))  # type: ignore[arg-type]


def test_a_view_is_not_a_state_for_the_type_checker() -> None:
    state = phase10.new_game(phase10.CLASSIC, 2)
    v = view(state, 0)

    def misuse() -> None:  # never called: mypy --strict checks these lines
        phase10.apply(v, phase10.Draw(0))  # type: ignore[arg-type]
        phase10.chance_outcomes(v)  # type: ignore[arg-type]
        v.validate()  # type: ignore[attr-defined]

    assert callable(misuse)


def test_inconsistent_views_cannot_be_sampled() -> None:
    state, _ = phase10.play_chance(phase10.new_game(phase10.CLASSIC, 2), random.Random(8))
    v = view(state, 0)
    too_many = attrs.evolve(v, draw_count=v.draw_count + 1)
    with pytest.raises(InvalidStateError, match="hides"):
        sample_state(too_many, random.Random(0))
    wild = Card.parse("W")
    shown = attrs.evolve(v, discard_pile=v.discard_pile + (wild,) * 9)
    with pytest.raises(InvalidStateError, match="more W"):
        sample_state(shown, random.Random(0))


def test_sample_state_uses_only_random() -> None:
    class OnlyRandom:
        """Has nothing but random(): any other use of the generator fails."""

        def __init__(self, seed: int):
            self.rng = random.Random(seed)
            self.calls = 0

        def random(self) -> float:
            self.calls += 1
            return self.rng.random()

    state, _ = phase10.play_chance(phase10.new_game(phase10.CLASSIC, 4), random.Random(8))
    rng = OnlyRandom(5)
    sample_state(view(state, 1), cast(random.Random, rng))
    # the first 30 steps of a Fisher-Yates shuffle of the 97 hidden cards: one per card dealt
    # to the three other hands; the 67 left make the draw pile, kept in canonical order
    assert rng.calls == 3 * 10
