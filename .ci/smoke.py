"""Smoke test of an installed phase10: run it against the built wheel, in a fresh venv.

``.ci/run`` installs the wheel alone (no source tree on the path, no test tools) and runs
``python .ci/smoke.py`` from outside the repository. Plain asserts, no doctests: it checks
that the installed package is the wheel's, that it is typed, and that its main paths work
(meld checking, a seeded game from deal to end, JSON, the command-line entry point).
"""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
from importlib import metadata, resources
from pathlib import Path

import phase10


def check_installed_from_the_wheel() -> None:
    """The package comes from site-packages, with its metadata and py.typed."""
    location = Path(phase10.__file__).resolve()
    assert "site-packages" in location.parts, f"phase10 imported from {location}"
    assert metadata.version("phase10") == phase10.__version__
    assert resources.files("phase10").joinpath("py.typed").is_file()
    missing = [name for name in phase10.__all__ if not hasattr(phase10, name)]
    assert [] == missing


def check_melds() -> None:
    """A meld, a refused meld with its reason, and a laydown search."""
    assert phase10.check_meld(phase10.parse_cards("R3 B4 W G6"), phase10.RunOf(4))
    refused = phase10.check_meld(phase10.parse_cards("R7 B7 S"), phase10.SetOf(3))
    assert "invalid: a skip can never be part of a group" == str(refused)
    found = phase10.find_laydown("R7 B7 W G2 G3 G4 Y5 S", phase10.CLASSIC_PHASES[1])
    assert "R7 B7 W=7 | G2 G3 G4 Y5" == str(found)


def check_seeded_game() -> None:
    """A seeded game of random legal actions ends, and its final state survives JSON."""
    rng = random.Random("smoke:0")
    state = phase10.new_game(phase10.find_variant("classic-first-2"), 3)
    steps = 0
    while not state.is_over:
        if state.is_chance:
            action: phase10.Action = phase10.sample_chance(state, rng)
        else:
            legal = phase10.legal_actions(state)
            action = legal[int(rng.random() * len(legal))]
        state = phase10.apply(state, action)
        steps += 1
        assert steps < 20_000, "the game did not end"
    assert state.winners
    assert state == phase10.from_json(phase10.to_json(state), phase10.GameState)


def check_simulate() -> None:
    """Bots play a short tournament, the same twice for the same seed."""
    bots: list[phase10.Bot] = [phase10.GreedyBot(), phase10.RandomBot()]
    variant = phase10.find_variant("classic-first-1")
    first = phase10.simulate(4, bots, variant=variant, seed="smoke")
    assert first == phase10.simulate(4, bots, variant=variant, seed="smoke")


def check_command_line() -> None:
    """The installed ``phase10`` command checks a hand (exit status 0: it lays the phase)."""
    command = shutil.which("phase10", path=str(Path(sys.executable).parent))
    assert command is not None, "the phase10 command is not installed next to python"
    done = subprocess.run(
        [command, "check", "R7 B7 W G2 G3 G4 Y5", "--phase", "2"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert 0 == done.returncode, done.stdout + done.stderr


CHECKS = (
    check_installed_from_the_wheel,
    check_melds,
    check_seeded_game,
    check_simulate,
    check_command_line,
)


def main() -> int:
    """Run every check; exit status 1 if one fails."""
    failed = 0
    for check in CHECKS:
        try:
            check()
        except AssertionError as error:
            failed += 1
            print(f"FAILED {check.__name__}: {error}")
        else:
            print(f"ok     {check.__name__}")
    print(
        f"smoke test of phase10 {phase10.__version__}: {len(CHECKS) - failed} of {len(CHECKS)} ok"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
