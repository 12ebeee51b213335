"""A bot from a policy on observation arrays and masks (issue 26 item 3): NumPy needed."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from phase10 import (
    Action,
    Bot,
    GreedyBot,
    IllegalActionError,
    PlayerView,
    RandomBot,
    Violation,
    apply,
    find_variant,
    legal_actions,
    new_game,
    play_chance,
    simulate,
    view,
)
from phase10.encoding import Selection, advance, encode, legal_mask
from phase10.observation import observation

from .optional_deps import require

np = require("numpy", "rl")

from phase10.adapters.policy import (  # noqa: E402
    MaskedPolicyBot,
    mask_array,
    observation_array,
)


def _first(obs: Any, mask: Any) -> int:
    return int(mask.nonzero()[0][0])


def _ids_of(v: PlayerView, action: Action) -> list[int]:
    """The ids that build ``action``, a laydown one sub-decision at a time."""
    out, selection = [], Selection()
    while True:
        i = encode(v, action, selection=selection)
        out.append(i)
        done = advance(v, i, selection=selection)
        if not isinstance(done, Selection):
            return out
        selection = done


class _Replay:
    """A policy that plays planned ids, keeping the masks it was shown."""

    def __init__(self, planned: Iterator[int]) -> None:
        self.planned = planned
        self.masks: list[Any] = []

    def __call__(self, obs: Any, mask: Any) -> int:
        self.masks.append(mask)
        return next(self.planned)


def test_the_arrays_are_the_encodings() -> None:
    state, _ = play_chance(new_game(find_variant("classic"), 3), random.Random(2))
    seat = state.current_player
    assert seat is not None
    v = view(state, seat)
    vector = observation_array(v)
    assert np.float32 == vector.dtype
    assert list(np.asarray(observation(v), np.float32)) == list(vector)
    mask = mask_array(v)
    assert np.int8 == mask.dtype
    assert legal_mask(v) == mask.tobytes()
    vector[0] = 9  # a new, writable array each time
    assert 9 != observation_array(v)[0]


def test_a_masked_policy_bot_plays_in_simulate() -> None:
    bots: list[Bot] = [MaskedPolicyBot(_first), RandomBot()]
    result = simulate(3, bots, variant=find_variant("classic-first-1"))
    assert [3, 3] == [b.games for b in result.bots]
    assert "MaskedPolicyBot" == result.bots[0].name


def test_the_policy_gets_each_sub_decisions_mask() -> None:
    """A policy replaying GreedyBot's ids, each legal in the mask it gets, plays GreedyBot."""
    rng = random.Random(4)
    state = new_game(find_variant("classic-first-1"), 2)
    laid = 0
    for _ in range(200):
        if state.is_over:
            break
        if state.is_chance:
            state, _ = play_chance(state, rng)
            continue
        seat = state.current_player
        assert seat is not None
        v = view(state, seat)
        wanted = GreedyBot().act(v, random.Random(0))
        replay = _Replay(iter(_ids_of(v, wanted)))
        action = MaskedPolicyBot(replay).act(v, rng)
        masks = replay.masks
        assert wanted == action
        assert all(m[i] == 1 for i, m in zip(_ids_of(v, wanted), masks, strict=True))
        laid += len(masks) > 1
        state = apply(state, action)
    assert laid > 0


def test_a_masked_policy_bot_refuses_an_illegal_id() -> None:
    state, _ = play_chance(new_game(find_variant("classic"), 2), random.Random(1))
    seat = state.current_player
    assert seat is not None
    bot = MaskedPolicyBot(lambda obs, mask: len(mask) + 1)
    with pytest.raises(IllegalActionError) as caught:
        bot.act(view(state, seat), random.Random(0))
    assert Violation.UNKNOWN_ACTION == caught.value.code


def test_a_relative_policy_bot_gets_relative_ids() -> None:
    state, _ = play_chance(new_game(find_variant("classic"), 3), random.Random(6))
    seat = state.current_player
    assert seat is not None
    v = view(state, seat)
    replay = _Replay(iter([int(mask_array(v, seats="relative").nonzero()[0][-1])]))
    action = MaskedPolicyBot(replay, seats="relative").act(v, random.Random(0))
    assert mask_array(v, seats="relative").tobytes() == replay.masks[0].tobytes()
    assert action in legal_actions(state)


def test_a_policy_may_return_numpy_integers_as_model_predict_does() -> None:
    state, _ = play_chance(new_game(find_variant("classic"), 2), random.Random(3))
    v = view(state, state.turn)
    first = MaskedPolicyBot(_first).act(v, random.Random(0))

    def returning(wrap: Any) -> MaskedPolicyBot:
        return MaskedPolicyBot(lambda obs, mask: wrap(_first(obs, mask)))

    # model.predict returns a 0-d array; NumPy's integer scalars work too
    assert [first, first] == [returning(w).act(v, random.Random(0)) for w in (np.array, np.int64)]
    # but not a bool, nor an array of several numbers, nor a float
    for bad in (np.array(True), np.bool_(False), np.array([0, 1]), np.float64(0.0)):
        with pytest.raises(IllegalActionError) as info:
            returning(lambda _, bad=bad: bad).act(v, random.Random(0))
        assert Violation.UNKNOWN_ACTION == info.value.code
