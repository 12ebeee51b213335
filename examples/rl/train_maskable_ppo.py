"""Train sb3-contrib's MaskablePPO against RandomBot, then check that it beats RandomBot.

The agent learns in :class:`phase10.adapters.gymnasium.Phase10Env` (one seat, RandomBot in
the other, the legal-action mask from ``action_masks()``) on a short variant, then plays
``--eval-games`` games of :func:`phase10.simulate` against RandomBot through
:class:`phase10.adapters.policy.MaskedPolicyBot` (seats rotating, so neither keeps the
first player's advantage). It prints the learned policy's wins with their 95% Wilson
interval and exits with status 1 unless the interval lies above one half: it beats
RandomBot, not just by luck.

Needs the ``rl`` extra, torch and sb3-contrib (the ``ppo`` dependency group)::

    python -m pip install -e ".[rl]" --group ppo
    python examples/rl/train_maskable_ppo.py                       # a few minutes
    python examples/rl/train_maskable_ppo.py --timesteps 20000    # CI's budget

Everything is seeded (``--seed``): the environment's games, the network's initial weights
and PPO's minibatches; torch runs on one thread, so a run replays on the same machine.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
import torch
from sb3_contrib import MaskablePPO

import phase10
from phase10.adapters.gymnasium import Phase10Env
from phase10.adapters.policy import MaskedPolicyBot

#: Agent steps (sub-decisions included) of the default run: about five minutes on one core.
DEFAULT_TIMESTEPS = 120_000
#: The short built-in variant the agent learns and is evaluated on: one hand, phase 1 (V-2).
DEFAULT_VARIANT = "classic-first-1"


def train(*, variant: str, timesteps: int, seed: int) -> MaskablePPO:
    """MaskablePPO trained for ``timesteps`` agent steps against RandomBot in ``variant``."""
    env = Phase10Env(variant=variant, opponents=phase10.RandomBot())
    env.reset(seed=seed)  # the games; MaskablePPO(seed=) seeds the next reset the same way
    model = MaskablePPO(
        "MlpPolicy",
        env,
        # the reward comes once, at the end of a game of about a hundred agent steps
        gamma=0.995,
        n_steps=1024,
        batch_size=256,
        n_epochs=4,
        learning_rate=1e-3,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [64, 64]},
        seed=seed,
        device="cpu",
        verbose=0,
    )
    model.learn(total_timesteps=timesteps)
    return model


def policy_bot(model: MaskablePPO) -> MaskedPolicyBot:
    """A :class:`~phase10.Bot` playing the model's most likely legal id at each decision."""

    def policy(observation: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> Any:
        action, _ = model.predict(observation, action_masks=mask.astype(bool), deterministic=True)
        return int(action)  # predict gives a 0-d array for one observation, not an id

    return MaskedPolicyBot(policy)


def main(argv: Sequence[str] | None = None) -> int:
    """Train, evaluate, print the result; 0 if the policy beats RandomBot, else 1."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--timesteps", type=int, default=DEFAULT_TIMESTEPS)
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--variant", default=DEFAULT_VARIANT)
    args = parser.parse_args(argv)
    if args.timesteps < 1 or args.eval_games < 1:
        parser.error("--timesteps and --eval-games must be at least 1")
    torch.set_num_threads(1)  # small networks: one thread is fastest and leaves the others be

    start = time.perf_counter()
    cpu = time.process_time()
    model = train(variant=args.variant, timesteps=args.timesteps, seed=args.seed)
    trained = time.perf_counter() - start
    result = phase10.simulate(
        args.eval_games,
        [policy_bot(model), phase10.RandomBot()],
        variant=phase10.find_variant(args.variant),
        seed=f"eval:{args.seed}",
    )
    learned = result.bots[0]
    low, high = phase10.win_interval(learned.wins, learned.games)
    print(
        f"MaskablePPO, {args.timesteps} steps on {args.variant} (seed {args.seed}), "
        f"against RandomBot: {learned.wins:g}/{learned.games} wins "
        f"({learned.wins / learned.games:.1%}, 95% interval {low:.1%}-{high:.1%}); "
        f"trained in {trained:.0f} s, {time.perf_counter() - start:.0f} s in all "
        f"({time.process_time() - cpu:.0f} s of CPU)"
    )
    if low <= 0.5:
        print("error: the learned policy does not beat RandomBot", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
