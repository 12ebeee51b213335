"""The PettingZoo environment: PettingZoo's API and seed tests, for every variant and 2-6 players.

Skipped without the ``rl`` extra (an error with ``PHASE10_REQUIRE_EXTRAS=1``).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from phase10 import (
    CLASSIC,
    DefinitionError,
    IllegalActionError,
    find_variant,
    sample_state,
    variant_names,
    view,
)
from phase10.encoding import (
    Confirm,
    Selection,
    decode,
    legal_ids,
    legal_mask,
    num_actions,
    step,
)
from phase10.observation import observation, observation_into, observation_size

from .optional_deps import require

require("pettingzoo", "rl")
np = require("numpy", "rl")
pettingzoo_test = require("pettingzoo.test", "rl")

from phase10.adapters.pettingzoo import env, raw_env  # noqa: E402

SEATINGS = [
    (name, players)
    for name in variant_names()
    for players in range(find_variant(name).min_players, find_variant(name).max_players + 1)
]


def random_id(obs: dict[str, Any], rng: random.Random) -> int:
    """A uniformly random legal id from an observation's action mask."""
    legal = np.flatnonzero(obs["action_mask"])
    return int(legal[int(rng.random() * len(legal))])


def play_out(e: Any, rng: random.Random, limit: int = 100_000) -> int:
    """Play random legal ids until every agent is done; return the agent steps taken."""
    steps = 0
    for _agent in e.agent_iter(limit):
        obs, _reward, terminated, truncated, _info = e.last()
        if terminated or truncated:
            e.step(None)
        else:
            e.step(random_id(obs, rng))
            steps += 1
    return steps


@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.parametrize(("name", "players"), SEATINGS)
def test_pettingzoo_api_test(name: str, players: int) -> None:
    """PettingZoo's own conformance test (it warns about any Dict observation space)."""
    pettingzoo_test.api_test(env(num_players=players, variant=name), num_cycles=10)


@pytest.mark.parametrize(("name", "players"), SEATINGS)
def test_pettingzoo_seed_test(name: str, players: int) -> None:
    pettingzoo_test.seed_test(lambda: env(num_players=players, variant=name), num_cycles=10)


def test_spaces() -> None:
    e = env(num_players=4, variant="master")
    e.reset(seed=1)
    master = find_variant("master")
    for agent in e.possible_agents:
        assert e.action_space(agent).n == num_actions(master, 4)
        space = e.observation_space(agent)
        assert space["observation"].shape == (observation_size(master, 4),)
        assert space["action_mask"].shape == (num_actions(master, 4),)
        assert space.contains(e.observe(agent))
    assert e.possible_agents == ["player_0", "player_1", "player_2", "player_3"]
    assert e.metadata["name"] == "phase10_v0"


def test_a_whole_game_ends_with_zero_sum_rewards() -> None:
    e = env(num_players=3, variant="classic-first-1")
    e.reset(seed=5)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    rng = random.Random(5)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _info = e.last()
        totals[agent] += reward
        if terminated or truncated:
            assert terminated and not truncated
            e.step(None)
        else:
            e.step(random_id(obs, rng))
    assert e.agents == []
    state = e.unwrapped.game_state
    assert state.is_over
    assert sum(totals.values()) == 0
    for seat, agent in enumerate(e.possible_agents):
        share = (3 - len(state.winners)) / len(state.winners)
        assert totals[agent] == (share if seat in state.winners else -1.0)


def test_a_laydown_is_one_agent_acting_until_it_is_confirmed() -> None:
    e = raw_env(num_players=2, variant="classic")
    e.reset(seed=11)
    rng = random.Random(11)
    laydowns = 0
    for _ in range(3000):
        if not e.agents or e.game_state.is_over:
            break
        agent = e.agent_selection
        obs = e.observe(agent)
        i = random_id(obs, rng)
        meaning = decode(e.game_state, i, selection=e.selection)
        e.step(i)
        if e.selection.active:
            assert e.agent_selection == agent
            others = [a for a in e.possible_agents if a != agent]
            assert all(not e.observe(a)["action_mask"].any() for a in others)
        if isinstance(meaning, Confirm):
            laydowns += 1
    assert laydowns > 0


def test_truncation_after_max_steps() -> None:
    e = env(num_players=2, variant="classic", max_steps=7)
    e.reset(seed=0)
    steps = play_out(e, random.Random(0))
    assert steps == 7
    assert e.agents == []


def test_observations_show_no_hidden_card() -> None:
    e = raw_env(num_players=4, variant="classic")
    e.reset(seed=3)
    play_out_steps = 0
    rng = random.Random(3)
    while play_out_steps < 40:
        e.step(random_id(e.observe(e.agent_selection), rng))
        play_out_steps += 1
    state = e.game_state
    for seat, agent in enumerate(e.possible_agents):
        before = e.observe(agent)
        e.game_state = sample_state(view(state, seat), random.Random(seat))
        assert e.game_state != state
        after = e.observe(agent)
        e.game_state = state
        assert np.array_equal(before["observation"], after["observation"])
        assert np.array_equal(before["action_mask"], after["action_mask"])
        assert before["observation"].dtype == np.float32
        assert before["action_mask"].dtype == np.int8


def test_reset_without_a_seed_plays_the_next_game_of_the_seed() -> None:
    first, second = env(num_players=2), env(num_players=2)
    first.reset(seed="s")
    second.reset(seed="s")
    assert np.array_equal(
        first.observe("player_1")["observation"], second.observe("player_1")["observation"]
    )
    first.reset()
    second.reset(seed="s")
    second.reset()
    a, b = first.observe("player_1"), second.observe("player_1")
    assert np.array_equal(a["observation"], b["observation"])
    fresh = env(num_players=2)
    fresh.reset()
    zero = env(num_players=2)
    zero.reset(seed=0)
    assert np.array_equal(
        fresh.observe("player_0")["observation"], zero.observe("player_0")["observation"]
    )


def test_an_illegal_id_raises() -> None:
    e = env(num_players=2)
    e.reset(seed=0)
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalActionError):
        e.step(illegal)
    with pytest.raises(ValueError, match="must act"):
        e.step(None)


def test_render() -> None:
    e = env(num_players=2, render_mode="ansi")
    e.reset(seed=0)
    text = e.render()
    assert isinstance(text, str)
    assert "p1" in text and "draw pile" in text
    quiet = env(num_players=2)
    quiet.reset(seed=0)
    with pytest.warns(UserWarning, match="render_mode"):
        assert quiet.render() is None


def test_human_render_prints(capsys: pytest.CaptureFixture[str]) -> None:
    e = env(num_players=2, render_mode="human")
    e.reset(seed=0)
    e.step(random_id(e.observe(e.agent_selection), random.Random(0)))
    assert "draw pile" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"num_players": 1}, ValueError),
        ({"num_players": 7}, ValueError),
        ({"num_players": 5, "variant": "ten-phases"}, ValueError),
        ({"num_players": True}, ValueError),
        ({"variant": "classic-first-11"}, DefinitionError),
        ({"render_mode": "rgb_array"}, ValueError),
        ({"max_steps": 0}, ValueError),
    ],
)
def test_bad_arguments(kwargs: dict[str, Any], error: type[Exception]) -> None:
    with pytest.raises(error):
        raw_env(**kwargs)


def test_a_variant_object() -> None:
    e = raw_env(num_players=2, variant=CLASSIC.with_options(runs_wrap=True))
    e.reset(seed=0)
    assert e.variant.runs_wrap


def test_the_order_enforcing_wrapper_still_enforces_order() -> None:
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper

    e = env(num_players=3)
    assert isinstance(e, OrderEnforcingWrapper)
    assert isinstance(e.unwrapped, raw_env)
    assert str(e) == str(e.unwrapped) == "phase10_v0"
    for name in ("agents", "agent_selection", "terminations", "rewards"):
        with pytest.raises(AttributeError, match="before reset"):
            getattr(e, name)
    with pytest.raises(AttributeError, match="before reset"):
        e.last()
    with pytest.raises(AssertionError, match="reset"):
        e.step(0)
    e.reset(seed=4)
    inner = e.unwrapped
    assert e.agents == inner.agents == ["player_0", "player_1", "player_2"]
    assert e.agent_selection == inner.agent_selection
    obs, reward, terminated, truncated, info = e.last()
    assert np.array_equal(obs["action_mask"], inner.observe(inner.agent_selection)["action_mask"])
    assert (reward, terminated, truncated, info) == (0.0, False, False, {})
    assert e.last(observe=False)[0] is None
    e.agent_selection = "player_2"  # sets the environment's, as __getattr__ reads it there
    assert inner.agent_selection == "player_2"


def test_observations_are_the_encoding_of_the_agents_view() -> None:
    """What an agent gets is ``encoding.observation`` of its view and the ``legal_mask``."""
    e = env(num_players=3, variant="master")
    e.reset(seed=9)
    rng = random.Random(9)
    inner = e.unwrapped
    for _agent in e.agent_iter(400):
        obs, _reward, terminated, truncated, _info = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        state, selection = inner.game_state, inner.selection
        for seat, agent in enumerate(e.possible_agents):
            acting = state.current_player == seat
            seen = inner.observe(agent)
            expected = observation(
                view(state, seat), selection=selection if acting else Selection()
            )
            assert np.array_equal(seen["observation"], np.asarray(expected, np.float32))
            if acting:
                mask = np.frombuffer(legal_mask(state, selection=selection), np.int8)
                assert np.array_equal(seen["action_mask"], mask)
            else:
                assert not seen["action_mask"].any()
            seen["observation"][0] = 5.0  # the arrays are the caller's to change
            seen["action_mask"][0] = 1
        e.step(random_id(obs, rng))


def test_observation_into_a_numpy_array() -> None:
    e = raw_env(num_players=4)
    e.reset(seed=2)
    seat_view = view(e.game_state, 2)
    out = np.zeros(observation_size(CLASSIC, 4), np.float32)
    observation_into(out, seat_view)
    assert np.array_equal(out, np.asarray(observation(seat_view), np.float32))


def test_relative_seats_mask_and_step_with_relative_ids() -> None:
    """With seats="relative" the mask holds the relative ids and steps take them."""
    e = raw_env(num_players=3, variant="classic-first-1", seats="relative")
    e.reset(seed=8)
    rng = random.Random(8)
    for _ in range(400):
        if not e.agents or e.game_state.is_over:
            break
        agent = e.agent_selection
        obs = e.observe(agent)
        state, selection = e.game_state, e.selection
        relative = legal_ids(state, selection=selection, seats="relative")
        assert list(relative) == list(np.flatnonzero(obs["action_mask"]))
        i = random_id(obs, rng)
        expected = step(state, i, selection=selection, seats="relative")
        e.step(i)
        assert expected[1] == e.selection
    with pytest.raises(ValueError, match="seats"):
        raw_env(seats="left")  # type: ignore[arg-type]
