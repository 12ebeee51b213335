"""Adapters: Phase 10 in the reinforcement-learning and game-theory ecosystems.

Each adapter is its own module and needs an optional extra; this package imports none of
them, so ``import phase10.adapters`` always works:

* :mod:`phase10.adapters.pettingzoo`: an AEC environment ``phase10_v0`` with action masks
  (``pip install "phase10[rl]"``);
* :mod:`phase10.adapters.openspiel`: the registered Python game ``python_phase10``
  (``pip install "phase10[openspiel]"``);
* :mod:`phase10.adapters.gymnasium`: a single-agent environment, one seat against bots,
  with ``action_masks()`` (``pip install "phase10[rl]"``);
* :mod:`phase10.adapters.policy`: a bot from a policy on observation arrays and masks,
  for :func:`phase10.simulate` (``pip install "phase10[rl]"``).

Both speak the ids of :mod:`phase10.encoding`, resolve chance with
:func:`phase10.sample_chance` or expose it as explicit chance nodes, and score a finished game
with :func:`game_returns`.
"""

from __future__ import annotations

from phase10.adapters._common import describe, game_returns

__all__ = ["describe", "game_returns"]
