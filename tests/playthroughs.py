"""Golden playthroughs: one seeded game per built-in variant, written as an annotated record.

Each file in ``tests/data/playthroughs/`` is a whole game record (it reads back with
:meth:`phase10.GameRecord.from_text`, end line included) whose decision lines carry a
comment with the number of legal actions the player had, and whose hands end with a comment
giving the scores and phases. ``tests/test_playthroughs.py`` plays each game again and
compares the text, so any change of behaviour (what is legal, what an action does, how a
hand is scored, how the bots choose) shows up as a diff that a reviewer reads, as OpenSpiel
does with its playthroughs.

When a change of behaviour is intended, regenerate the files and review the diff::

    python -m tests.playthroughs
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import phase10

DATA = Path(__file__).parent / "data" / "playthroughs"

#: Seats per built-in variant (the smallest table that exercises every rule of the game).
PLAYERS = 3
#: The seed of every playthrough; chance and bots derive from it as ``simulate`` does.
SEED = "golden"
#: A game that runs this long is a bug, not a playthrough.
MAX_STEPS = 20_000


def _hand_summary(state: phase10.GameState) -> str:
    scores = " ".join(str(s) for s in state.scores)
    done = " ".join(str(p.phase) for p in state.players)
    return f"# hand {state.hand_number} ends: scores {scores}; phases done {done}"


def playthrough(name: str) -> str:
    """The annotated record of the golden game of built-in variant ``name``."""
    variant = phase10.find_variant(name)
    chance = random.Random(f"{SEED}:{name}")
    rngs = [random.Random(f"{SEED}:{name}:{seat}") for seat in range(PLAYERS)]
    bots = [
        phase10.GreedyBot() if seat % 2 == 0 else phase10.RandomBot() for seat in range(PLAYERS)
    ]
    state = phase10.new_game(variant, PLAYERS)
    lines: list[str] = []
    actions: list[phase10.Action] = []
    hand = state.hand_number
    for _ in range(MAX_STEPS):
        if state.is_over:
            break
        if state.is_chance:
            action: phase10.Action = phase10.sample_chance(state, chance)
            comment = ""
        else:
            seat = state.current_player
            assert seat is not None
            legal = phase10.legal_actions(state)
            action = bots[seat].act(phase10.view(state, seat), rngs[seat])
            comment = f"  # legal {len(legal)}"
        if isinstance(action, phase10.Deal) and lines and not lines[-1].startswith("deal"):
            lines.append("")
        lines.append(phase10.action_text(action, variant) + comment)
        actions.append(action)
        state = phase10.apply(state, action)
        if state.hand_number != hand or state.is_over:
            lines.append(_hand_summary(state) if not state.is_over else "")
            hand = state.hand_number
    else:
        raise AssertionError(f"the {name} playthrough did not end in {MAX_STEPS} steps")
    winners = " ".join(f"p{w + 1}" for w in state.winners)
    lines[-1] = f"# game over after hand {state.hand_number}: winners {winners}"
    record = phase10.GameRecord(
        variant=variant,
        num_players=PLAYERS,
        seed=f"{SEED}:{name}",
        version=None,
        tags=(("Bots", "GreedyBot, RandomBot, GreedyBot"),),
        actions=actions,
    )
    text = record.to_text()  # its header, then the annotated actions and its end line
    header = text[: text.index("\n\n") + 2]
    end = text.rstrip("\n").rsplit("\n", 1)[1]
    return header + "\n".join(lines) + "\n\n" + end + "\n"


def path(name: str) -> Path:
    """Where the playthrough of variant ``name`` is kept."""
    return DATA / f"{name}.txt"


def main() -> None:
    """Write every playthrough file anew."""
    DATA.mkdir(parents=True, exist_ok=True)
    for name in phase10.variant_names():
        path(name).write_text(playthrough(name), encoding="utf-8")
        print(f"wrote {path(name)}", file=sys.stderr)


if __name__ == "__main__":
    main()
