"""The MaskablePPO example (issue 26 item 3): it trains, beats RandomBot, and says when not.

Needs the rl extra and the ppo group (torch, sb3-contrib); an extras test, so CI runs it
with PHASE10_REQUIRE_EXTRAS=1 and a missing torch fails rather than skips.
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import phase10

from .optional_deps import require

require("gymnasium", "rl")
require("torch", "ppo", group=True)
require("sb3_contrib", "ppo", group=True)

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "rl" / "train_maskable_ppo.py"

#: CI's budget: agent steps and evaluation games (docs/howto/gymnasium.md gives the margins).
CI_TIMESTEPS = 20_000
CI_EVAL_GAMES = 100


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("examples_rl_train_maskable_ppo", EXAMPLE)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_maskable_ppo_beats_random_bot_at_cis_budget() -> None:
    # its own process: the example sets torch's thread count for the whole process
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), *sys.path])}
    done = subprocess.run(
        [
            sys.executable,
            str(EXAMPLE),
            f"--timesteps={CI_TIMESTEPS}",
            f"--eval-games={CI_EVAL_GAMES}",
            "--seed=0",
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=900,
        check=False,
    )
    assert (0, "") == (done.returncode, done.stderr)
    found = re.search(r": (\d+)/(\d+) wins \(.*95% interval (\d+\.\d)%-", done.stdout)
    assert found is not None, done.stdout
    wins, games, low = int(found[1]), int(found[2]), float(found[3])
    assert CI_EVAL_GAMES == games
    assert low > 50.0
    assert wins > games // 2


def test_a_policy_that_does_not_beat_random_bot_fails_the_run(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    example = _load()
    # no training, and RandomBot standing in for the learned policy: a coin toss at best
    monkeypatch.setattr(example, "train", lambda **kwargs: None)
    monkeypatch.setattr(example, "policy_bot", lambda model: phase10.RandomBot())
    assert 1 == example.main(["--timesteps=1", "--eval-games=40"])
    out, err = capsys.readouterr()
    assert "/40 wins" in out
    assert "error: the learned policy does not beat RandomBot\n" == err
