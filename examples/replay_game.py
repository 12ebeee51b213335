"""A hand-by-hand replay: record a game between bots, save it as text, step through it.

A :class:`phase10.GameRecord` holds every action of a game, chance included (``deal R7``),
so it replays exactly. ``record.states()`` yields the state after each action: a teacher can
stop anywhere and look.

Run it with ``python examples/replay_game.py``.
"""

from __future__ import annotations

import phase10
from phase10 import GameRecord, GameState


def record_a_game() -> GameRecord:
    """Two GreedyBots and a RandomBot play the first three classic phases."""
    variant = phase10.find_variant("classic-first-3")
    bots: list[phase10.Bot] = [phase10.GreedyBot(), phase10.GreedyBot(), phase10.RandomBot()]
    result = phase10.simulate(1, bots, variant=variant, seed="replay", record=True)
    record = result.games[0].record
    assert record is not None
    return record


def hand_summary(state: GameState) -> str:
    parts = []
    for seat, player in enumerate(state.players):
        parts.append(f"p{seat + 1} phase {player.phase + 1}, {player.score} points")
    return "; ".join(parts)


def main() -> None:
    record = record_a_game()
    text = record.to_text()  # what you would save to a file
    record = GameRecord.from_text(text)
    print(f"{record.variant.name}, {record.num_players} players, {len(record.actions)} actions")
    print(f"the record starts: {text.splitlines()[1]} {text.splitlines()[2]}")
    previous: GameState | None = None
    for state in record.states():
        if previous is not None and state.hand_number != previous.hand_number:
            print(f"after hand {previous.hand_number}: {hand_summary(state)}")
        if previous is not None and previous.hand_number == state.hand_number:
            laid = [
                s
                for s, (p, q) in enumerate(zip(previous.players, state.players, strict=True))
                if q.laid_down and not p.laid_down
            ]
            for seat in laid:
                melds = " | ".join(str(m) for m in state.table[seat])
                print(f"  hand {state.hand_number}: p{seat + 1} lays down {melds}")
        previous = state
    assert previous is not None and previous.is_over
    winners = ", ".join(f"p{s + 1}" for s in previous.winners)
    print(f"game over after {previous.hand_number} hands; winner: {winners}")
    assert phase10.replay(record) == previous


if __name__ == "__main__":
    main()
