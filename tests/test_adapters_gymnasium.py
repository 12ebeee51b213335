"""The single-agent Gymnasium environment (issue 26 item 3): needs the rl extra."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

from phase10 import GreedyBot, IllegalActionError, RandomBot, Violation, view
from phase10.adapters import game_returns
from phase10.encoding import legal_mask
from phase10.observation import observation

from .optional_deps import require

np = require("numpy", "rl")
env_checker = require("gymnasium.utils.env_checker", "rl")

from phase10.adapters.gymnasium import Phase10Env  # noqa: E402


def _play(e: Phase10Env, seed: int) -> tuple[list[int], float, bool]:
    """Random masked ids to the end of an episode: the ids, the last reward, terminated."""
    rng = np.random.default_rng(seed)
    ids: list[int] = []
    while True:
        i = int(rng.choice(np.flatnonzero(e.action_masks())))
        ids.append(i)
        _, reward, terminated, truncated, _ = e.step(i)
        if terminated or truncated:
            return ids, float(reward), bool(terminated)
        assert 0.0 == reward


@pytest.mark.parametrize("episode", ["game", "hand"])
@pytest.mark.parametrize("name", ["classic-first-2", "master-first-2"])
def test_gymnasiums_env_checker_passes(name: str, episode: Any) -> None:
    e = Phase10Env(variant=name, opponents=RandomBot(), episode=episode, illegal_reward=-1.0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the unbounded score and the missing spec
        env_checker.check_env(e)


def test_the_observation_and_mask_are_the_agents() -> None:
    e = Phase10Env(variant="classic", num_players=3, seat=1)
    obs, info = e.reset(seed=2)
    assert {} == info
    assert e.observation_space.contains(obs)
    assert 1 == e.game_state.current_player
    v = view(e.game_state, 1)
    assert list(np.asarray(observation(v), np.float32)) == list(obs)
    assert legal_mask(e.game_state) == e.action_masks().astype(np.int8).tobytes()
    assert np.bool_ == e.action_masks().dtype


def test_a_game_episode_ends_with_the_games_return() -> None:
    e = Phase10Env(variant="classic-first-1", opponents=RandomBot())
    e.reset(seed=5)
    _, reward, terminated = _play(e, 0)
    assert terminated
    assert e.game_state.is_over
    assert game_returns(e.game_state)[0] == reward
    assert not e.action_masks().any()
    with pytest.raises(IllegalActionError) as caught:
        e.step(0)
    assert Violation.GAME_OVER == caught.value.code


def test_hand_episodes_play_the_game_on_hand_by_hand() -> None:
    e = Phase10Env(variant="classic-first-3", num_players=3, episode="hand", opponents=GreedyBot())
    e.reset(seed=1)
    hands = []
    for k in range(4):
        before = e.game_state.players[0]
        hand = e.game_state.hand_number
        _, reward, terminated = _play(e, k)
        assert terminated
        after = e.game_state.players[0]
        assert (after.phase - before.phase) - (after.score - before.score) / 100 == reward
        hands.append(hand)
        if e.game_state.is_over:
            break
        e.reset()
    assert list(range(1, len(hands) + 1)) == hands


def test_a_seeded_reset_replays_exactly() -> None:
    def run() -> tuple[list[int], float]:
        e = Phase10Env(variant="classic-first-1", opponents=RandomBot())
        e.reset(seed=9)
        ids, reward, _ = _play(e, 3)
        e.reset()  # the next game of the seed
        more, again, _ = _play(e, 4)
        return ids + more, reward + 10 * again

    assert run() == run()


def test_an_illegal_id_raises_by_default_and_changes_nothing() -> None:
    e = Phase10Env(variant="classic")
    obs, _ = e.reset(seed=0)
    state = e.game_state
    illegal = int(np.flatnonzero(~e.action_masks())[0])
    with pytest.raises(IllegalActionError):
        e.step(illegal)
    with pytest.raises(IllegalActionError):
        e.step("draw")  # type: ignore[arg-type]
    assert state is e.game_state
    penalised = Phase10Env(variant="classic", illegal_reward=-0.5)
    obs, _ = penalised.reset(seed=0)
    again, reward, terminated, truncated, info = penalised.step(illegal)
    assert (-0.5, False, False, {"illegal": True}) == (reward, terminated, truncated, info)
    assert list(obs) == list(again)


def test_truncation_after_max_steps() -> None:
    e = Phase10Env(variant="classic", max_steps=3)
    e.reset(seed=0)
    _, _, terminated = _play(e, 0)
    assert not terminated
    assert not e.action_masks().any()


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"seat": 2}, ValueError),
        ({"episode": "turn"}, ValueError),
        ({"max_steps": 0}, ValueError),
        ({"render_mode": "human"}, ValueError),
        ({"opponents": [GreedyBot(), GreedyBot()]}, ValueError),
        ({"opponents": [object()]}, TypeError),
        ({"illegal_reward": "x"}, ValueError),
    ],
)
def test_bad_arguments(kwargs: dict[str, Any], error: type[Exception]) -> None:
    with pytest.raises(error):
        Phase10Env(**kwargs)


def test_render_shows_the_agents_view() -> None:
    e = Phase10Env(variant="classic", render_mode="ansi")
    e.reset(seed=0)
    text = e.render()
    assert text is not None
    hidden = e.game_state.players[1].hand
    assert f"p2  phase 1, 0 points: {len(hidden)} cards" in text  # sizes only, not the cards
    assert "* p1" in text


def test_relative_seats_in_the_environment_and_its_policy_bot() -> None:
    e = Phase10Env(variant="classic-first-1", num_players=3, seat=2, seats="relative")
    e.reset(seed=4)
    mask = e.action_masks()
    assert legal_mask(e.game_state, seats="relative") == mask.astype(np.int8).tobytes()
    _, _, terminated = _play(e, 1)
    assert terminated
    with pytest.raises(ValueError, match="seats"):
        Phase10Env(seats="left")  # type: ignore[arg-type]
