"""Identical cards of "10 Phases" (T-1: a 52-card deck per player) through every layer.

Rule T-1: "по одной колоде и 2 джокера на каждого игрока. Например, для 2-х игроков требуются
2 колоды и 4 джокера" (one deck and 2 jokers per player; 2 players need 2 decks and 4 jokers).
So two players share two 5H, and a hand, a meld or the discard pile can hold both.
"""  # noqa: RUF002 - the seed's own words

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

from phase10 import (
    CLASSIC,
    TEN_PHASES,
    Announce,
    Discard,
    GameState,
    History,
    InvalidStateError,
    LayDown,
    PlayerView,
    Variant,
    find_variant,
    from_dict,
    from_json,
    legal_actions,
    parse_action,
    sample_state,
    to_dict,
    to_json,
    view,
)
from phase10.encoding import decode, encode, legal_ids
from tests.helpers import (
    announce,
    card,
    cards,
    count_cards,
    draw,
    lay,
    play,
    play_random_game,
    progress_action,
    start,
)

#: Both 5H of a two-player game in p1's hand, with the two 7S.
P1 = "5H 5H 5C 7S 7S 8H 9C 10D JD KH"
P2 = "AH 3C 6D 10S 4H JC KD 2S 6C QH"
RUMMY = find_variant("ten-phases-rummy")


def two_fives(variant: object = TEN_PHASES) -> GameState:
    """p1 to play, holding both 5H and both 7S, after drawing 9D."""
    return draw(start([P1, P2], "4S", variant=variant), "9D")  # type: ignore[arg-type]


def test_a_hand_holds_both_copies_and_lists_each_action_once() -> None:
    state = two_fives()
    assert (2, 2) == (state.players[0].hand.count(card("5H")), count_cards(state)[card("5H")])
    actions = legal_actions(state)
    assert len(set(actions)) == len(actions)
    assert 1 == actions.count(Discard(0, card("5H")))
    after = play(state, Discard(0, card("5H")))  # one of the two leaves the hand
    assert (1, card("5H")) == (after.players[0].hand.count(card("5H")), after.top_discard)


def test_a_third_copy_with_two_players_is_an_invalid_state() -> None:
    # the state counts cards as a multiset: two 5H are fine, a third is one too many
    state = two_fives()
    p2 = state.players[1]
    extra = attrs.evolve(p2, hand=tuple(sorted((*p2.hand[:-1], card("5H")))))
    broken = attrs.evolve(state, players=(state.players[0], extra))
    with pytest.raises(InvalidStateError, match="5H"):
        broken.validate()


@pytest.mark.parametrize("variant", [TEN_PHASES, RUMMY], ids=lambda v: v.name)
def test_notation_and_json_keep_both_copies(variant: object) -> None:
    state = two_fives(variant)
    if state.variant is TEN_PHASES:
        action: Announce | LayDown = announce(state, "5H 5H 5C", "7S 8H 9C", keep=False)
    else:
        action = lay(state, "5H 5H 5C", "7S 8H 9C")
    assert action in legal_actions(state)
    text = str(action)
    assert "5C 5H 5H | 7S 8H 9C" in text
    assert action == parse_action(state, text)
    after = play(state, action)
    assert after == from_json(to_json(after), GameState)
    # the table (or the discard pile) holds both copies; the history names them once more
    assert to_json(attrs.evolve(after, history=History())).count('"5H"') == 2
    seat_view = view(after, 1)
    assert seat_view == from_json(to_json(seat_view), PlayerView)
    assert 2 == count_cards(after)[card("5H")]


@pytest.mark.parametrize("variant", [TEN_PHASES, RUMMY], ids=lambda v: v.name)
def test_encoding_tells_identical_cards_apart_only_by_count(variant: object) -> None:
    state = two_fives(variant)
    ids = legal_ids(state)
    actions = legal_actions(state)
    assert len(ids) == len(set(ids))
    for action in actions:
        if isinstance(action, Discard):
            assert action == decode(state, encode(state, action))


def test_sampling_hidden_cards_keeps_the_multiset() -> None:
    state = play(two_fives(), Discard(0, card("7S")))  # one 7S seen, the other in p1's hand
    seat_view = view(state, 1)
    deck = Counter(TEN_PHASES.deck_for(2))
    rng = random.Random("identical:0")
    for _ in range(20):
        sampled = sample_state(seat_view, rng)
        assert deck == count_cards(sampled)
        assert state.players[1].hand == sampled.players[1].hand
        assert 2 == count_cards(sampled)[card("7S")]
        assert view(sampled, 1) == seat_view
    assert cards("4S 7S") == state.discard_pile


@pytest.mark.parametrize("players", [2, 3])
def test_random_games_with_the_new_options_conserve_cards_and_end(players: int) -> None:
    """Options decks_per_player (T-1) and end_at_last_phase (T-5) on the classic game.

    Every step conserves the deck for this many players; every 10th step every listed
    action applies and near misses are refused (tests.helpers.check_step and
    check_refusals). The players make progress (tests.helpers.progress_action), so the
    game reaches its last-phase laydown in about 1,000 steps instead of 5,000.
    """
    variant = CLASSIC.with_options(
        name="classic-deck-each", decks_per_player=1, end_at_last_phase=True
    )
    final, steps = play_random_game(
        variant,
        players,
        f"identical:{players}",
        max_hands=100,
        max_steps=150_000,
        full_every=10,
        choose=progress_action,
    )
    assert final.is_over
    assert len(final.winners) == 1  # the game ends at the first last-phase laydown
    assert 0 < steps


def test_custom_variants_with_the_new_options_round_trip_through_json() -> None:
    variant = TEN_PHASES.with_options(name="ten-phases-three-decks", decks_per_player=3)
    rummy_like = RUMMY.with_options(name="rummy-played-out", end_at_last_phase=False)
    for custom in (variant, rummy_like):
        text = to_json(custom)
        assert '"decks_per_player"' in text
        assert '"end_at_last_phase"' in text
        assert custom == from_json(text, Variant)
    # a document written before the options existed reads with their defaults
    doc = to_dict(variant)
    del doc["variant"]["decks_per_player"], doc["variant"]["end_at_last_phase"]
    old = from_dict(doc, Variant)
    assert (0, False, 56) == (old.decks_per_player, old.end_at_last_phase, len(old.deck_for(2)))
    assert '"variant":"ten-phases-rummy"' in to_json(RUMMY)  # a built-in goes by name
