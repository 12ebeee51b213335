"""Learned policies as bots: the arrays an agent sees, and a bot from a masked policy.

Needs NumPy (extra ``phase10[rl]``). :func:`observation_array` and :func:`mask_array` are the
arrays :mod:`phase10.adapters.pettingzoo` and :mod:`phase10.adapters.gymnasium` give an agent, so a
policy trained in either plays, through :class:`MaskedPolicyBot`, in
:func:`phase10.simulate` against any other bot.
"""

from __future__ import annotations

import array
import random
from collections.abc import Callable
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt

from phase10.actions import Action
from phase10.encoding import IdPolicyBot, Seats, Selection, legal_mask_buffer, num_actions
from phase10.observation import observation_into, observation_size
from phase10.views import PlayerView

__all__ = ["MaskedPolicy", "MaskedPolicyBot", "mask_array", "observation_array"]

_NO_SELECTION = Selection()

#: A policy on arrays: called with the float32 observation vector and the int8 mask of the
#: legal ids (as the environments give them), it returns a legal id.
MaskedPolicy = Callable[[npt.NDArray[np.float32], npt.NDArray[np.int8]], Any]


def observation_array(
    view: PlayerView, *, selection: Selection = _NO_SELECTION
) -> npt.NDArray[np.float32]:
    """The :func:`phase10.observation.observation` vector of ``view`` as a new float32 array."""
    # array.array converts a list of floats in C, far faster than numpy does; the numpy array
    # on it stays writable
    buffer = array.array("f", bytes(4 * observation_size(view.variant, len(view.players))))
    observation_into(buffer, view, selection=selection)
    return np.frombuffer(buffer, np.float32)


def mask_array(
    position: Any, *, selection: Selection = _NO_SELECTION, seats: Seats = "absolute"
) -> npt.NDArray[np.int8]:
    """The legal ids of a state or of the acting seat's view as a new int8 array, 1 where legal.

    Raises:
        ValueError: ``seats`` is neither ``"absolute"`` nor ``"relative"``.
    """
    buffer = legal_mask_buffer(position, selection=selection, seats=seats)
    return np.frombuffer(buffer, dtype=np.int8)


def _ids_mask(view: PlayerView, ids: tuple[int, ...]) -> npt.NDArray[np.int8]:
    mask = np.zeros(num_actions(view.variant, len(view.players)), np.int8)
    mask[list(ids)] = 1
    return mask


@attrs.frozen
class MaskedPolicyBot:
    """A :class:`~phase10.Bot` playing a policy on observation vectors and action masks.

    ``policy(observation, mask)`` gets what an agent of the environments gets (float32
    vector, int8 mask) and returns a legal id (an ``int`` or a NumPy integer). For
    MaskablePPO (sb3-contrib)::

        bot = MaskedPolicyBot(lambda obs, mask: int(model.predict(
            obs, action_masks=mask.astype(bool), deterministic=True)[0]))
        phase10.simulate(100, [bot, phase10.RandomBot()], variant=...)

    (``predict`` gives a 0-d array for one observation, not an id: hence the ``int``;
    examples/rl/train_maskable_ppo.py trains and evaluates such a model.) A laydown asks the
    policy once per sub-decision, as the environments do (see
    :class:`phase10.encoding.IdPolicyBot`, which this wraps). (No doctest here: the
    docstrings are tested without the extras; docs/howto/gymnasium.md runs the examples.)

    Attributes:
        policy: ``policy(observation, mask) -> id``.
        seats: Whether the policy's ids name seats ``"absolute"`` or ``"relative"`` to the
            acting one (as the environment it was trained in, see
            :data:`phase10.encoding.Seats`).
    """

    policy: MaskedPolicy
    seats: Seats = attrs.field(default="absolute", kw_only=True)

    def _choose(self, view: PlayerView, ids: tuple[int, ...], selection: Selection) -> Any:
        return self.policy(observation_array(view, selection=selection), _ids_mask(view, ids))

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        """The action the policy's ids build (``rng`` is unused: the policy has its own).

        Raises:
            TypeError: ``view`` is not a :class:`~phase10.PlayerView`.
            IllegalActionError: the viewer is not to act (code ``NOT_YOUR_TURN``), or the
                policy returned something that is not a legal id (code ``UNKNOWN_ACTION``).
        """
        return IdPolicyBot(self._choose, seats=self.seats).act(view, rng)
