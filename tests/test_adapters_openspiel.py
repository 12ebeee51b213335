"""The OpenSpiel game ``python_phase10``: random_sim_test, serialization, observers and MCTS.

Skipped without the ``openspiel`` extra (an error with ``PHASE10_REQUIRE_EXTRAS=1``).
"""

from __future__ import annotations

import pickle
import random
from typing import Any

import attrs
import pytest

from phase10 import DefinitionError, History, find_variant, sample_state, variant_names, view
from phase10.encoding import (
    num_actions,
)
from phase10.observation import observation_size

from .optional_deps import require

pyspiel = require("pyspiel", "openspiel")
np = require("numpy", "openspiel")
mcts = require("open_spiel.python.algorithms.mcts", "openspiel")

from phase10.adapters import openspiel  # noqa: E402


def load(players: int = 2, variant: str = "classic-first-2", **more: Any) -> Any:
    return pyspiel.load_game("python_phase10", {"players": players, "variant": variant, **more})


def play_randomly(game: Any, seed: int, moves: int | None = None) -> Any:
    """A state after random chance outcomes and moves (to the end without ``moves``)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal() and (moves is None or state.move_number() < moves):
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(ids, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(
    ("variant", "players", "max_game_length"),
    [
        ("classic-first-1", 2, None),
        ("classic-first-2", 3, None),
        *((name, find_variant(name).max_players, 150) for name in variant_names()),
        ("master", 2, 300),
    ],
)
def test_random_sim_test(variant: str, players: int, max_game_length: int | None) -> None:
    """OpenSpiel's conformance test, serializing and deserializing states on the way.

    Every built-in variant (issue 26), its step count bounded by ``max_game_length``: the
    test keeps every state's action history, so its memory grows with the square of a
    game's length, and random games of 10 Phases run past 100,000 steps. That a step costs
    the same however long the hand is counted below (the hashing and the string's lines).
    """
    more = {} if max_game_length is None else {"max_game_length": max_game_length}
    game = load(players, variant, **more)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_game_info() -> None:
    game = load(4, "master")
    master = find_variant("master")
    assert game.num_players() == 4
    assert game.num_distinct_actions() == num_actions(master, 4)
    assert game.max_chance_outcomes() == num_actions(master, 4)
    assert game.observation_tensor_shape() == [observation_size(master, 4)]
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 3.0, 0.0)
    kind = game.get_type()
    assert kind.short_name == "python_phase10"
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert str(game) == "python_phase10(max_game_length=10000,players=4,variant=master)"
    assert str(pyspiel.load_game(str(game))) == str(game)


def test_a_whole_game_is_zero_sum_and_replays_from_its_history() -> None:
    game = load(3, "classic-first-1")
    state = play_randomly(game, 1)
    assert state.is_terminal()
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    returns = state.returns()
    assert sum(returns) == 0 and max(returns) > 0
    replay = game.new_initial_state()
    for action in state.history():
        replay.apply_action(action)
    assert str(replay) == str(state)
    assert replay.returns() == returns


def test_serialize_round_trip() -> None:
    game = load(2, "classic-pick")
    state = play_randomly(game, 2, moves=120)
    copy = game.deserialize_state(state.serialize())
    assert str(copy) == str(state)
    assert copy.history() == state.history()
    assert copy.legal_actions() == state.legal_actions()
    again, restored = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(game, state)
    )
    assert str(again) == str(game) and str(restored) == str(state)


def test_chance_outcomes() -> None:
    game = load(2, "classic")
    state = game.new_initial_state()
    outcomes = state.chance_outcomes()
    assert [i for i, _ in outcomes] == sorted(state.legal_actions())
    assert sum(p for _, p in outcomes) == pytest.approx(1)
    assert all(0 <= i < game.max_chance_outcomes() for i, _ in outcomes)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, outcomes[0][0]).startswith("deal ")


def test_observations_and_information_states() -> None:
    game = load(3, "classic-first-2")
    state = play_randomly(game, 3, moves=30)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    own = state.game_state.players[0].hand
    for player in range(3):
        tensor = np.asarray(state.observation_tensor(player))
        assert tensor.shape == (observation_size(find_variant("classic-first-2"), 3),)
        assert (tensor >= 0).all()
        text = state.observation_string(player)
        history = state.information_state_string(player)
        assert history.splitlines()[0].startswith(f"p{player + 1} of 3")
        # a card dealt to somebody else is a "?"
        for line in history.splitlines():
            if line.startswith("deal ") and not line.endswith(f"> p{player + 1}"):
                assert line.startswith("deal ? >")
        if player == 0:
            assert all(str(card) in text for card in own)
        else:
            assert "10 cards" in text or "cards" in text
    with pytest.raises(ValueError):
        openspiel.Phase10Observer(
            pyspiel.IIGObservationType(perfect_recall=False, public_info=False),
            find_variant("classic"),
            2,
            None,
        )


def test_observations_ignore_hidden_cards() -> None:
    game = load(3, "classic")
    state = play_randomly(game, 4, moves=40)
    for player in range(3):
        twin = state.clone()
        # the same position with the cards player cannot see dealt differently
        twin._core.state = sample_state(view(state.game_state, player), random.Random(player))
        assert twin.game_state != state.game_state
        assert twin.observation_tensor(player) == state.observation_tensor(player)
        assert twin.observation_string(player) == state.observation_string(player)


def test_illegal_actions_and_parameters() -> None:
    state = load().new_initial_state()
    with pytest.raises(Exception, match="not legal"):
        state.apply_action(0)  # the draw id at the deal
    with pytest.raises(ValueError, match="players must be"):
        load(7, "classic")
    with pytest.raises(DefinitionError):
        load(2, "no-such-variant")
    with pytest.raises(ValueError, match="max_game_length"):
        load(2, "classic", max_game_length=0)


def test_max_game_length_stops_the_game_as_a_draw() -> None:
    game = load(2, "classic", max_game_length=40)
    state = play_randomly(game, 6)
    assert state.is_terminal()
    assert not state.game_state.is_over
    assert state.returns() == [0.0, 0.0]
    assert "max_game_length" in str(state)


def test_mcts_plays_a_whole_game() -> None:
    """OpenSpiel's MCTS bot, with random rollouts, plays both seats of a short game."""
    game = load(2, "classic-first-1")
    bots = [
        mcts.MCTSBot(
            game,
            uct_c=2.0,
            max_simulations=4,
            evaluator=mcts.RandomRolloutEvaluator(
                n_rollouts=1, random_state=np.random.RandomState(seat)
            ),
            random_state=np.random.RandomState(10 + seat),
            solve=False,
        )
        for seat in range(2)
    ]
    rng = np.random.RandomState(0)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(ids, p=probs)))
        else:
            state.apply_action(bots[state.current_player()].step(state))
        steps += 1
        # seeded throughout, so the game always takes the same number of steps
        assert steps < 3_000, "the game does not end"
    assert state.game_state.is_over
    assert sorted(state.returns()) == [-1.0, 1.0]


def test_resample_from_infostate_keeps_what_the_player_knows() -> None:
    """A resampled state looks the same to the player: same information state, same view."""
    game = load(3, "classic-first-2")
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for seed in range(6):
        state = play_randomly(game, seed, moves=25 + 5 * seed)
        for player in range(3):
            if (state.selection.picks or state.selection.phase is not None) and (
                state.current_player() != player
            ):
                with pytest.raises(ValueError, match="laying down"):
                    state.resample_from_infostate(player, sampler)
                continue
            twin = state.resample_from_infostate(player, sampler)
            assert twin.information_state_string(player) == state.information_state_string(player)
            assert twin.information_state_tensor(player) == state.information_state_tensor(player)
            assert view(twin.game_state, player) == view(state.game_state, player)
            twin.game_state.validate()
            for seat in range(3):  # cards known to be in a hand stay there
                known = state.game_state.players[seat].known
                assert known == twin.game_state.players[seat].known
            assert twin.legal_actions() == state.legal_actions() or state.is_chance_node()


def test_information_state_tensor_has_a_fixed_size() -> None:
    game = load(2, "classic-first-1")
    size = observation_size(find_variant("classic-first-1"), 2)
    assert [size] == game.information_state_tensor_shape()
    state = play_randomly(game, 2, moves=12)
    for player in range(2):
        assert len(state.information_state_tensor(player)) == size


def test_ismcts_plays_a_whole_game() -> None:
    """OpenSpiel's information-set MCTS (it resamples hidden cards) against a random player."""
    ismcts = require("open_spiel.python.algorithms.ismcts", "openspiel")
    game = load(2, "classic-first-1")
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0)),
        2.0,
        4,
        random_state=np.random.RandomState(1),
    )
    rng = np.random.RandomState(0)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(ids, p=probs)))
        elif state.current_player() == 0:
            state.apply_action(int(bot.step(state)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
        steps += 1
        # seeded throughout, so the game always takes the same number of steps
        assert steps < 3_000, "the game does not end"
    assert state.game_state.is_over
    assert sorted(state.returns()) == [-1.0, 1.0]


def _decision_states(game: Any, seed: int, steps: int) -> Any:
    """The decision states of one seeded random game, at most ``steps`` steps long."""
    rng = random.Random(f"infostates:{seed}")
    state = game.new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            return
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(ids, probs)[0])
            continue
        yield state
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", variant_names())
def test_the_information_state_string_names_the_players_view_exactly(name: str) -> None:
    """Issue 20: same string for a player if and only if the player's views are equal.

    Every decision state of two short seeded random games (the deal, then up to 60 or 90
    steps: a few turns each), for 2 to 4 players, is resampled for the player to act; the
    twin must show that player the same current player, legal actions, view and string.
    And for every seat, in the real states and the resampled ones (whose other hands were
    dealt anew), one string never stands for two views, nor one view for two strings.
    """
    variant = find_variant(name)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for players in range(variant.min_players, min(variant.max_players, 4) + 1):
        game = load(players, name)
        views: dict[str, Any] = {}
        strings: dict[Any, str] = {}
        for seed in range(2):
            for state in _decision_states(game, seed, 60 if name == "master" else 90):
                player = state.current_player()
                twin = state.resample_from_infostate(player, sampler)
                assert player == twin.current_player()
                assert state.legal_actions() == twin.legal_actions()
                assert view(state.game_state, player) == view(twin.game_state, player)
                assert state.information_state_string(player) == (
                    twin.information_state_string(player)
                )
                # every seat, in the real state and in the resampled one (where the other
                # seats' hands were dealt anew): one string for one view, and back
                for seat in range(players):
                    for s in (state, twin):
                        string = s.information_state_string(seat)
                        acting = s.game_state.current_player == seat
                        seen = view(s.game_state, seat), s.selection if acting else None
                        assert seen == views.setdefault(string, seen)
                        assert string == strings.setdefault(seen, string)


def _ismcts_game(variant: str, players: int, seed: int, **more: Any) -> Any:
    """A whole game of OpenSpiel's own ISMCTSBot in every seat (a few iterations a move)."""
    ismcts = require("open_spiel.python.algorithms.ismcts", "openspiel")
    game = load(players, variant, **more)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 2, random_state=np.random.RandomState(seed))
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(ids, p=probs)))
        else:
            state.apply_action(int(bot.step(state)))
    return state


@pytest.mark.parametrize("players", [2, 3])
def test_openspiels_ismcts_bot_plays_whole_games(players: int) -> None:
    """Issue 20: ISMCTSBot keys its tree by the information state string; it used to fail
    with a KeyError in expand_if_necessary when two states with one string differed.

    Classic is played to its end in its one-phase form (``classic-first-1``): whole games
    of ten phases with a search in every seat would take minutes.
    """
    state = _ismcts_game("classic-first-1", players, players)
    assert state.game_state.is_over
    assert 0.0 == sum(state.returns())


@pytest.mark.parametrize("players", [2, 3])
def test_openspiels_ismcts_bot_plays_whole_master_games(players: int) -> None:
    """Master is played to its end in its one-phase form (``master-first-1``, four pairs):
    the search runs through deals, Take two draws, Give five offers and skips (M-12 to
    M-15) as in a whole game of ten phases."""
    state = _ismcts_game("master-first-1", players, players)
    assert state.game_state.is_over
    assert 0.0 == sum(state.returns())


def _steps(game: Any, seed: str, steps: int) -> Any:
    """Every state of one seeded random game, at most ``steps`` steps long (one object)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            return
        yield state
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(ids, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def test_information_state_strings_cost_the_same_at_every_step(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 26: a step's information state strings hash only its new events, and hold a
    bounded number of lines, however long the hand (a random 10 Phases hand runs to
    thousands of events).

    Every seat's string is asked at every step of 2,700 steps of a random game (a hand of
    more than 2,500 events, then the next): each event of the history is hashed once, and
    each string has the view's lines, the digest's and the last few events only.
    """
    hashed = 0
    fold = openspiel._fold

    def counted(value: bytes, events: Any) -> bytes:
        nonlocal hashed
        events = list(events)
        hashed += len(events)
        return fold(value, events)

    monkeypatch.setattr(openspiel, "_fold", counted)
    game = load(2, "ten-phases")
    expected = 0
    longest = 0
    previous = History()
    hands = set()
    for state in _steps(game, "flat:2", 2_700):
        history = state.game_state.history
        # the events new since the last step, or the whole history of a new hand
        fresh = history.extends(previous)
        expected += len(history) - len(previous) if fresh else len(history)
        previous = history
        longest = max(longest, len(history))
        hands.add(state.game_state.hand_number)
        for seat in range(2):
            lines = state.information_state_string(seat).splitlines()
            laying = state.current_player() == seat and state.selection.active
            recent = min(len(history), openspiel._RECENT_EVENTS)
            assert len(openspiel._VIEW_FIELDS) + 2 + laying + recent == len(lines)
            assert f"history: {len(history)} events, sha256 " == lines[-recent - 1][:-64]
    assert longest > 2_500 and len(hands) > 1  # the game this test needs
    assert expected == hashed


def test_the_information_state_string_sees_the_whole_history() -> None:
    """Two states whose histories differ only before the events the string writes out
    still read apart: the digest covers every event of the hand."""
    game = load(2, "classic-first-2")
    state = play_randomly(game, 7, moves=80)
    events = tuple(state.game_state.history)
    assert len(events) > 2 * openspiel._RECENT_EVENTS
    i, j = next(  # two events of the hand's beginning that read differently
        (i, j) for i in range(5) for j in range(i + 1, 5) if str(events[i]) != str(events[j])
    )
    swapped = list(events)
    swapped[i], swapped[j] = events[j], events[i]
    twin = state.clone()
    twin._core.state = attrs.evolve(state.game_state, history=History.of(swapped))
    copy = game.deserialize_state(state.serialize())
    for seat in range(2):
        ours = state.information_state_string(seat).splitlines()
        theirs = twin.information_state_string(seat).splitlines()
        differ = [n for n, (a, b) in enumerate(zip(ours, theirs, strict=True)) if a != b]
        assert [len(ours) - openspiel._RECENT_EVENTS - 1] == differ  # the digest's line
        assert ours == copy.information_state_string(seat).splitlines()


def test_serialization_replays_nothing_and_clones_share(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 26: deserializing (and unpickling) a state applies no action, however long
    its history (its Python fields are pickled, with the digest of its history), and a
    clone shares the immutable game state."""
    game = load(2, "ten-phases")
    state = play_randomly(game, 3, moves=3_000)
    state.information_state_string(0)  # works out the digest, which then travels along
    applied = 0
    apply = openspiel.Phase10State._apply_action

    def counted(self: Any, action: int) -> None:
        nonlocal applied
        applied += 1
        apply(self, action)

    monkeypatch.setattr(openspiel.Phase10State, "_apply_action", counted)
    copies = [
        game.deserialize_state(state.serialize()),
        pickle.loads(pickle.dumps(state)),
        pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1],
    ]
    assert 0 == applied
    for copy in copies:
        assert str(state) == str(copy)
        assert state.history() == copy.history()
        assert copy._core.digest is not None
        assert copy._core.digest.history is copy.game_state.history
        assert state.information_state_string(1) == copy.information_state_string(1)
    clone = state.clone()
    assert clone.game_state is state.game_state
    assert clone._core.digest is state._core.digest
