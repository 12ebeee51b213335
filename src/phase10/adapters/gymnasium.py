"""A single-agent Gymnasium environment: one seat learns, bots play the others (extra ``rl``).

Example (run as a test in ``docs/howto/gymnasium.md``, where Gymnasium is installed)::

    from phase10.adapters.gymnasium import Phase10Env

    e = Phase10Env(variant="classic-first-1", opponents=phase10.RandomBot())
    obs, info = e.reset(seed=7)
    done = False
    while not done:
        action = policy(obs, e.action_masks())
        obs, reward, terminated, truncated, info = e.step(action)
        done = terminated or truncated

The agent plays seat ``seat`` (0 by default, the first dealer); the other seats are
:class:`~phase10.Bot` objects that act from their own :class:`~phase10.PlayerView`. Actions
are the ids of :mod:`phase10.encoding` (``Discrete(num_actions)``), a laydown a short
sequence of them; :meth:`Phase10Env.action_masks` is the mask of the legal ids, as
sb3-contrib's ``MaskablePPO`` reads it. The observation is the flat float32
:func:`phase10.observation.observation` vector of the agent's view.
"""

from __future__ import annotations

import numbers
import random
from collections.abc import Sequence
from typing import Any, Literal

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from phase10._checks import is_whole
from phase10.adapters._common import check_players, describe, game_returns, resolve_variant
from phase10.adapters.policy import mask_array, observation_array
from phase10.bots import Bot, GreedyBot
from phase10.chance import sample_chance
from phase10.encoding import Seats, Selection, advance, num_actions
from phase10.errors import ArgumentError, IllegalActionError, Violation
from phase10.observation import observation_size
from phase10.rules import apply, new_game
from phase10.state import GameState
from phase10.variants import Variant
from phase10.views import view

__all__ = ["DEFAULT_MAX_STEPS", "Episode", "Phase10Env"]

#: Agent steps (sub-decisions included) in an episode after which it is truncated by default.
DEFAULT_MAX_STEPS = 100_000

#: What an episode is: a whole game, or one hand (for curricula).
Episode = Literal["game", "hand"]

_NO_SELECTION = Selection()


class Phase10Env(gymnasium.Env[npt.NDArray[np.float32], np.int64]):
    """Phase 10 for one learning seat against bots, with a legal-action mask.

    Args:
        variant: A :class:`~phase10.Variant` or a name :func:`~phase10.find_variant` knows.
        num_players: How many seats, within the variant's range.
        opponents: One bot for every other seat, or a sequence of ``num_players - 1`` bots
            (in seat order, the agent's seat left out). Default: :class:`~phase10.GreedyBot`.
        seat: The agent's seat.
        episode: ``"game"``: an episode is a game, the reward
            :func:`phase10.adapters.game_returns` of the agent's seat at its end (0 before).
            ``"hand"``: an episode is a hand, its reward at the hand's end the phases the
            agent completed in it minus the points it scored / 100 (C-23, low is good); the
            next :meth:`reset` plays the game's next hand, a new game once it is over.
        illegal_reward: ``None`` (default): an illegal id raises
            :class:`~phase10.IllegalActionError`. A number: an illegal id changes nothing and
            gives that reward, with ``info["illegal"] = True`` (for unmasked agents and
            ``gymnasium.utils.env_checker``, which steps with unmasked samples).
        max_steps: Agent steps in an episode after which it is truncated (no reward).
        seats: ``"relative"``: hit, skip-target and offer ids name seats relative to the
            agent's (:data:`phase10.encoding.Seats`); default ``"absolute"``.
        render_mode: ``None`` or ``"ansi"`` (:meth:`render` returns the agent's view as text).

    Raises:
        ArgumentError: an argument is out of range, or an opponent is not a
            :class:`~phase10.Bot`.
        DefinitionError: no variant has the name given.

    Attributes:
        variant: The rules in force.
        seat: The agent's seat.
        game_state: The full :class:`~phase10.GameState` (hidden cards included: for
            debugging and evaluation, not for the agent).
        selection: The laydown under way (:class:`phase10.encoding.Selection`).
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "name": "phase10-single-v0"}  # noqa: RUF012

    def __init__(
        self,
        *,
        variant: str | Variant = "classic",
        num_players: int = 2,
        opponents: Bot | Sequence[Bot] | None = None,
        seat: int = 0,
        episode: Episode = "game",
        illegal_reward: float | None = None,
        max_steps: int = DEFAULT_MAX_STEPS,
        seats: Seats = "absolute",
        render_mode: str | None = None,
    ) -> None:
        self.variant = resolve_variant(variant)
        n = check_players(self.variant, num_players)
        if not (is_whole(seat, 0) and isinstance(seat, int)) or seat >= n:
            raise ArgumentError(f"seat must be a whole number from 0 to {n - 1}, got {seat!r}")
        if episode not in ("game", "hand"):
            raise ArgumentError(f"episode must be 'game' or 'hand', got {episode!r}")
        if illegal_reward is not None and not isinstance(illegal_reward, int | float):
            raise ArgumentError(f"illegal_reward must be None or a number, got {illegal_reward!r}")
        if not is_whole(max_steps, 1):
            raise ArgumentError(f"max_steps must be a whole number >= 1, got {max_steps!r}")
        if seats not in ("absolute", "relative"):
            raise ArgumentError(f"seats must be 'absolute' or 'relative', got {seats!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ArgumentError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.seat = seat
        self.seats: Seats = seats
        self._bots = _opponents(opponents, n, seat)
        self.episode = episode
        self.illegal_reward = illegal_reward
        self.max_steps = max_steps
        self.render_mode = render_mode
        self._num_actions = num_actions(self.variant, n)
        self.action_space = spaces.Discrete(self._num_actions)
        # counts and fractions; a score (points / 100) has no upper bound
        self.observation_space = spaces.Box(
            0.0, np.inf, (observation_size(self.variant, n),), np.float32
        )
        self.game_state: GameState = new_game(self.variant, n)
        self.selection = _NO_SELECTION
        self._rng = random.Random(0)
        self._bot_rngs: dict[int, random.Random] = {}
        self._hand = 0
        self._start = (0, 0)
        self._steps = 0
        self._done = True

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Start an episode: the observation and ``info`` when the agent first acts in it.

        Each new game draws a seed from ``self.np_random`` (seeded by ``seed``, as Gymnasium
        does), so ``reset(seed=s)`` and the resets after it replay exactly. With
        ``episode="hand"`` a reset without a seed plays on into the game's next hand; with a
        seed, or ``options={"new_game": True}``, it starts a new game. Other options are
        ignored.
        """
        super().reset(seed=seed)
        fresh = seed is not None or bool((options or {}).get("new_game"))
        if fresh or self.episode == "game" or self.game_state.is_over or self._hand == 0:
            self._new_game()
        while True:
            self._hand = self.game_state.hand_number
            state = self.game_state = self._others(self.game_state)
            if not self._ended():
                break
            # the bots ended the hand (or the game) before the agent's first turn in it
            if state.is_over:
                self._new_game()
        me = state.players[self.seat]
        self._start = (me.phase, me.score)
        self.selection = _NO_SELECTION
        self._steps = 0
        self._done = False
        return self._observe(), {}

    def _new_game(self) -> None:
        game_seed = int(self.np_random.integers(2**63))
        self._rng = random.Random(game_seed)
        self._bot_rngs = {s: random.Random(f"{game_seed}:{s}") for s in self._bots}
        self.game_state = new_game(self.variant, len(self._bots) + 1)

    def _others(self, state: GameState) -> GameState:
        """Chance and the bots until the agent acts, the game ends or (per hand) the hand."""
        while not state.is_over:
            if self.episode == "hand" and state.hand_number != self._hand:
                break  # the hand is over; the next one is dealt at the next reset
            current = state.current_player
            if state.is_chance:
                state = apply(state, sample_chance(state, self._rng))
            elif current == self.seat:
                break
            else:
                assert current is not None
                action = self._bots[current].act(view(state, current), self._bot_rngs[current])
                state = apply(state, action)
        return state

    def step(
        self, action: int | np.integer[Any]
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        """Act with the id ``action``; the bots then play until the agent acts again.

        Returns:
            ``(observation, reward, terminated, truncated, info)``, as Gymnasium's ``step``.

        Raises:
            IllegalActionError: ``action`` is not a legal id (see :meth:`action_masks`) and
                ``illegal_reward`` is ``None``, or the episode is over (reset first).
        """
        if self._done:
            raise IllegalActionError(
                "the episode is over: call reset() before step()",
                code=Violation.GAME_OVER,
                action=action,
            )
        given: object = action  # anything may come in, whatever the annotation says
        chosen = None
        if not isinstance(given, bool) and isinstance(given, numbers.Integral):
            chosen = int(given)
        try:
            if chosen is None:
                raise IllegalActionError(
                    f"{action!r} is not an action id", code=Violation.UNKNOWN_ACTION, action=action
                )
            done = advance(self.game_state, chosen, selection=self.selection, seats=self.seats)
        except IllegalActionError:
            if self.illegal_reward is None:
                raise
            return self._observe(), float(self.illegal_reward), False, False, {"illegal": True}
        self._steps += 1
        if isinstance(done, Selection):
            self.selection = done
        else:
            self.selection = _NO_SELECTION
            self.game_state = self._others(apply(self.game_state, done))
        terminated = self._ended()
        truncated = not terminated and self._steps >= self.max_steps
        self._done = terminated or truncated
        reward = self._reward() if terminated else 0.0
        return self._observe(), reward, terminated, truncated, {}

    def _ended(self) -> bool:
        state = self.game_state
        return state.is_over or (self.episode == "hand" and state.hand_number != self._hand)

    def _reward(self) -> float:
        state = self.game_state
        if self.episode == "game":
            return game_returns(state)[self.seat]
        me = state.players[self.seat]
        phases, score = self._start
        # phases completed this hand, less the points scored in it (C-23: low is good)
        return float(me.phase - phases) - (me.score - score) / 100

    def _acting(self) -> bool:
        return not self._done and self.game_state.current_player == self.seat

    def _observe(self) -> npt.NDArray[np.float32]:
        selection = self.selection if self._acting() else _NO_SELECTION
        return observation_array(view(self.game_state, self.seat), selection=selection)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal ids as booleans (all ``False`` once the episode is over), for MaskablePPO."""
        if not self._acting():
            return np.zeros(self._num_actions, np.bool_)
        mask = mask_array(self.game_state, selection=self.selection, seats=self.seats)
        return mask.astype(np.bool_)

    def render(self) -> str | None:
        """The agent's view as text for ``render_mode="ansi"`` (``None`` without a mode)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; pass 'ansi'")
            return None
        return describe(view(self.game_state, self.seat), selection=self.selection)


def _opponents(opponents: Bot | Sequence[Bot] | None, n: int, seat: int) -> dict[int, Bot]:
    seats = [s for s in range(n) if s != seat]
    if opponents is None:
        opponents = GreedyBot()
    if isinstance(opponents, Bot):
        return dict.fromkeys(seats, opponents)
    bots = tuple(opponents)
    if len(bots) != len(seats):
        raise ArgumentError(f"opponents must be one bot or {len(seats)} bots, got {len(bots)}")
    for bot in bots:
        if not isinstance(bot, Bot):
            raise ArgumentError(f"an opponent must be a Bot (an act method), got {bot!r}")
    return dict(zip(seats, bots, strict=True))
