"""A PettingZoo AEC environment, ``phase10_v0``, with action masks (extra ``phase10[rl]``).

Example (run as a test in ``docs/howto/pettingzoo.md``, where PettingZoo is installed)::

    from phase10.adapters.pettingzoo import env

    e = env(num_players=3, variant="classic")
    e.reset(seed=7)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else policy(obs, agent)
        e.step(action)

Agents ``player_0`` ... are the seats (``player_0`` deals first). Actions are the integer ids
of :mod:`phase10.encoding`; ``action_space(agent)`` is ``Discrete(num_actions)`` and each
observation is a dict of ``"observation"``, the :func:`phase10.observation.observation` vector
of the agent's :class:`~phase10.PlayerView` (float32, never a hidden card), and
``"action_mask"``, 1 for the legal ids (int8, all 0 when the agent is not the one to act).

Chance (the deal, every draw, reshuffles) is resolved inside the environment with a
``random.Random`` seeded from ``reset(seed=...)``. Laying down a phase is a short sequence of
sub-decisions (pick the cards of each group, then confirm, see :mod:`phase10.encoding`):
the same agent keeps acting until the laydown is confirmed. Rewards come at the end of the
game (:func:`phase10.adapters.game_returns`: every loser gets -1, the winners share the
losers' points), when every agent is terminated; a game cut short by ``max_steps`` is
truncated for every agent with no reward.
"""

from __future__ import annotations

import array
import random
from typing import Any, ClassVar

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from phase10._checks import is_whole
from phase10.adapters._common import check_players, describe, game_returns, resolve_variant
from phase10.chance import sample_chance
from phase10.encoding import (
    Seats,
    Selection,
    legal_mask_buffer,
    num_actions,
    step,
)
from phase10.errors import ArgumentError
from phase10.observation import observation_into, observation_size
from phase10.rules import apply, new_game
from phase10.state import GameState
from phase10.variants import Variant
from phase10.views import PlayerView, view

__all__ = ["DEFAULT_MAX_STEPS", "Observation", "env", "raw_env"]

#: Agent steps (sub-decisions included) after which a game is truncated by default.
DEFAULT_MAX_STEPS = 1_000_000

_NO_SELECTION = Selection()

#: What an agent observes: ``{"observation": ..., "action_mask": ...}``, two NumPy arrays.
Observation = dict[str, npt.NDArray[Any]]


class raw_env(AECEnv):  # PettingZoo's conventional name
    """The Phase 10 AEC environment, without PettingZoo's wrappers (see :func:`env`).

    Args:
        num_players: How many seats, within the variant's range.
        variant: A :class:`~phase10.Variant` or a name :func:`~phase10.find_variant`
            knows (``"classic"``, ``"master"``, ``"classic-first-3"``...).
        render_mode: ``None``, ``"ansi"`` (:meth:`render` returns the text) or ``"human"``
            (it prints it, also after every step).
        max_steps: Agent steps after which the game is truncated.
        seats: ``"relative"``: hit, skip-target and offer ids name seats relative to the
            acting agent's (:data:`phase10.encoding.Seats`), in actions and masks alike.

    Raises:
        ArgumentError: ``num_players``, ``render_mode`` or ``max_steps`` is out of range.
        DefinitionError: no variant has the name given.

    Attributes:
        variant: The rules in force.
        game_state: The full :class:`~phase10.GameState` (hidden cards included: for
            debugging and evaluation, not for agents, which :meth:`observe`).
        selection: The laydown under way (:class:`phase10.encoding.Selection`).
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "phase10_v0",
        "render_modes": ["human", "ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        *,
        num_players: int = 2,
        variant: str | Variant = "classic",
        render_mode: str | None = None,
        max_steps: int = DEFAULT_MAX_STEPS,
        seats: Seats = "absolute",
    ) -> None:
        super().__init__()
        self.variant = resolve_variant(variant)
        n = check_players(self.variant, num_players)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ArgumentError(f"render_mode must be None, 'human' or 'ansi', got {render_mode!r}")
        if not is_whole(max_steps, 1):
            raise ArgumentError(f"max_steps must be a whole number >= 1, got {max_steps!r}")
        if seats not in ("absolute", "relative"):
            raise ArgumentError(f"seats must be 'absolute' or 'relative', got {seats!r}")
        self.seats: Seats = seats
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.possible_agents: list[str] = [f"player_{seat}" for seat in range(n)]
        self.agents: list[str] = []
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._num_actions = num_actions(self.variant, n)
        size = observation_size(self.variant, n)
        # One space object per agent: PettingZoo's seed_test seeds each agent's space.
        self.action_spaces = {a: spaces.Discrete(self._num_actions) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    # Counts and fractions; a score (points / 100) has no upper bound.
                    "observation": spaces.Box(0.0, np.inf, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (self._num_actions,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._views: dict[int, tuple[GameState, PlayerView]] = {}
        self._zeros = bytes(4 * size)  # a float32 vector of zeros, copied for each observation
        self._seed: int | str = 0
        self._game = 0
        self._rng = random.Random(f"{self._seed}:{self._game}")
        self.game_state: GameState = new_game(self.variant, n)
        self.selection = _NO_SELECTION
        self._steps = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object every time)."""
        space: spaces.Space[Any] = self.observation_spaces[agent]
        return space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete(num_actions)`` (the same object every time)."""
        space: spaces.Space[Any] = self.action_spaces[agent]
        return space

    def reset(self, seed: int | str | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game.

        Game ``g`` after ``reset(seed=s)`` draws its chance outcomes from
        ``random.Random(f"{s}:{g}")``: ``reset(seed=s)`` starts game 0 and each ``reset()``
        without a seed the next game of the same seed (seed 0 until one is given), so runs
        replay exactly. Give each of several parallel environments its own seed. ``options``
        are accepted and ignored.
        """
        if seed is not None:
            self._seed = seed
            self._game = 0
        self._rng = random.Random(f"{self._seed}:{self._game}")
        self._game += 1
        n = len(self.possible_agents)
        self.game_state = self._resolve_chance(new_game(self.variant, n))
        self.selection = _NO_SELECTION
        self._steps = 0
        self._views = {}
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select_agent()

    def _resolve_chance(self, state: GameState) -> GameState:
        rng = self._rng
        while state.is_chance:
            state = apply(state, sample_chance(state, rng))
        return state

    def _select_agent(self) -> None:
        current = self.game_state.current_player
        if current is not None and current >= 0:
            self.agent_selection = self.possible_agents[current]

    def step(self, action: int | np.integer[Any] | None) -> None:
        """Act for :attr:`agent_selection` with the id ``action`` (``None`` once it is done).

        Raises:
            IllegalActionError: the id is not legal now (see the ``"action_mask"``).
            ArgumentError: ``None`` for an agent that is not done, or an id for one that is.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ArgumentError(f"{agent} must act: None is only for agents that are done")
        self._cumulative_rewards[agent] = 0.0
        state, self.selection = step(
            self.game_state, int(action), selection=self.selection, seats=self.seats
        )
        self.game_state = state = self._resolve_chance(state)
        self._steps += 1
        # Rewards are 0 until the game ends (they stay 0 in self.rewards until then).
        if state.is_over:
            for a, r in zip(self.possible_agents, game_returns(state), strict=True):
                self.rewards[a] = r
                self.terminations[a] = True
            self._accumulate_rewards()
        elif self._steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
        else:
            current = state.current_player
            if current is not None and current >= 0:
                self.agent_selection = self.possible_agents[current]
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> Observation:
        """What ``agent`` observes: its view's vector and, when it acts, the legal ids."""
        state = self.game_state
        seat = self._seat[agent]
        acting = state.current_player == seat
        selection = self.selection if acting else _NO_SELECTION
        last = self._views.get(seat)
        if last is None or last[0] is not state:
            # a laydown's sub-decisions leave the state, so the view, as it is
            last = self._views[seat] = (state, view(state, seat))
        # array.array converts a list of floats in C, far faster than numpy does; it also
        # keeps the numpy array writable
        buffer = array.array("f", self._zeros)
        observation_into(buffer, last[1], selection=selection)
        vector = np.frombuffer(buffer, np.float32)
        if acting:
            legal = legal_mask_buffer(state, selection=selection, seats=self.seats)
            mask = np.frombuffer(legal, dtype=np.int8)
        else:
            mask = np.zeros(self._num_actions, np.int8)
        return {"observation": vector, "action_mask": mask}

    def render(self) -> str | None:
        """The game as text (every hand shown): returned for ``"ansi"``, printed for ``"human"``."""
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() called without a render_mode; pass render_mode='ansi' or 'human'"
            )
            return None
        text = describe(self.game_state, selection=self.selection)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


class _OrderEnforcing(OrderEnforcingWrapper):
    """PettingZoo's ``OrderEnforcingWrapper`` with what an agent loop reads at each step forwarded.

    The base wrapper reaches the environment's attributes through ``__getattr__``, which costs
    several microseconds per step; here ``agents``, ``agent_selection`` and :meth:`last` go
    straight to the environment once it has been reset, and raise the wrapper's own errors
    before (an ``AttributeError`` from a property falls back to the wrapper's ``__getattr__``).
    Setting ``agents`` or ``agent_selection`` sets the environment's.
    """

    @property
    def agents(self) -> list[str]:
        if self._has_reset:
            agents: list[str] = self.env.agents
            return agents
        raise AttributeError("agents cannot be accessed before reset")

    @agents.setter
    def agents(self, value: list[str]) -> None:
        self.env.agents = value

    @property
    def agent_selection(self) -> str:
        if self._has_reset:
            agent: str = self.env.agent_selection
            return agent
        raise AttributeError("agent_selection cannot be accessed before reset")

    @agent_selection.setter
    def agent_selection(self, value: str) -> None:
        self.env.agent_selection = value

    def __str__(self) -> str:
        return str(self.env)  # as OrderEnforcingWrapper itself, not a subclass, shows

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """As the environment's ``last``; ``AttributeError`` before ``reset``."""
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        result: tuple[Any, float, bool, bool, dict[str, Any]] = self.env.last(observe)
        return result


def env(
    *,
    num_players: int = 2,
    variant: str | Variant = "classic",
    render_mode: str | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
    seats: Seats = "absolute",
) -> Any:
    """The Phase 10 environment inside PettingZoo's usual checks (arguments as :class:`raw_env`).

    Wrapped in PettingZoo's ``OrderEnforcingWrapper`` (``step`` before ``reset`` raises; a
    subclass that reads the attributes an agent loop needs without going through
    ``__getattr__``) but not in ``AssertOutOfBoundsWrapper`` or ``TerminateIllegalWrapper``:
    an illegal id raises :class:`~phase10.IllegalActionError`.
    """
    inner = raw_env(
        num_players=num_players,
        variant=variant,
        render_mode=render_mode,
        max_steps=max_steps,
        seats=seats,
    )
    return _OrderEnforcing(inner)
