"""Reading a record is linear in its length, and a record is read whole (issue 23, item 2).

Each line written in full is built from its text and judged by the rules once; matching it
against every legal laydown made a 30,000-action record of big hands take 402 s.
"""

from __future__ import annotations

import runpy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest

import phase10
import phase10.notation
import phase10.rules
from phase10 import CLASSIC, GameRecord, NotationError, from_json, to_json
from tests.capped import run_capped

BENCH = Path(__file__).resolve().parent.parent / "bench" / "bench_records.py"
BIG_HANDS = CLASSIC.with_options(name="big-hands", hand_size=20, jokers_per_player=4)


def long_record(actions: int, variant: phase10.Variant) -> GameRecord:
    make: Callable[[int, phase10.Variant], GameRecord] = runpy.run_path(str(BENCH))["long_record"]
    return make(actions, variant)


def test_a_record_written_in_full_is_read_without_listing_actions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    record = long_record(600, BIG_HANDS)
    listed = []
    real = phase10.rules.legal_actions

    def counted(state: Any) -> tuple[phase10.Action, ...]:
        listed.append(state)
        return real(state)

    monkeypatch.setattr(phase10.notation, "legal_actions", counted)
    assert record == GameRecord.from_text(record.to_text())
    assert record == from_json(to_json(record), GameRecord)
    assert [] == listed
    # a short form still goes the listing's way: once, for its line
    first_draw = next(i for i, a in enumerate(record.actions) if isinstance(a, phase10.Draw))
    before = GameRecord(variant=BIG_HANDS, num_players=2, actions=record.actions[:first_draw])
    state = phase10.replay(before)
    assert state.step is phase10.TurnStep.DRAW
    assert phase10.Draw(state.turn) == phase10.parse_action(state, "draw")
    assert 1 == len(listed)


def test_a_long_record_of_big_hands_loads_under_a_cpu_cap() -> None:
    # 3,000 actions took some 75 s of CPU before; the cap leaves room for a busy machine
    code = f"""
import runpy, time
import phase10
make = runpy.run_path({str(BENCH)!r})["long_record"]
variant = phase10.CLASSIC.with_options(name="big-hands", hand_size=20, jokers_per_player=4)
record = make(3000, variant)
text, doc = record.to_text(), phase10.to_json(record)
start = time.process_time()
assert phase10.GameRecord.from_text(text) == record
assert phase10.from_json(doc, phase10.GameRecord) == record
print(time.process_time() - start)
"""
    spent = float(run_capped(code, cpu_seconds=25, memory_mb=1024))
    assert spent < 15


CUT_GAME = """
import random
import phase10
from phase10 import GameRecord, NotationError
rng = random.Random("cut")
bots = [phase10.GreedyBot(), phase10.RandomBot(), phase10.GreedyBot()]
state = phase10.new_game(phase10.CLASSIC, 3)
actions = []
while not state.is_over:
    if state.is_chance:
        action = phase10.sample_chance(state, rng)
    else:
        action = bots[state.current_player].act(phase10.view(state, state.current_player), rng)
    state = phase10.apply(state, action)
    actions.append(action)
text = GameRecord(variant=phase10.CLASSIC, num_players=3, actions=actions).to_text()
assert text.endswith(" wins\\n") or text.endswith(" win\\n"), text[-80:]
whole = GameRecord.from_text(text)
cuts = sorted({*range(0, len(text) - 1, max(1, len(text) // 60)), len(text) - 2, len(text) - 30})
for cut in cuts:  # every cut: mid-line, mid-hand, at a line's end, just before the end line
    try:
        GameRecord.from_text(text[:cut])
    except NotationError:
        continue
    raise AssertionError(f"a record cut at {cut} of {len(text)} characters was read")
print(len(actions), len(cuts))
"""


def test_a_cut_record_is_never_read_as_a_shorter_game() -> None:
    count, cuts = map(int, run_capped(CUT_GAME, cpu_seconds=60, memory_mb=1024).split())
    assert count > 500 and cuts > 50


def test_the_end_line_is_checked_against_the_actions() -> None:
    record = long_record(120, CLASSIC)
    text = record.to_text()
    assert text.endswith("\nend 120 actions, in progress\n")
    lines = text.splitlines()
    for wrong in ("end 119 actions, in progress", "end 120 actions, game over: p1 wins", "end"):
        with pytest.raises(NotationError, match="the end line says") as caught:
            GameRecord.from_text("\n".join([*lines[:-1], wrong]))
        assert len(lines) == caught.value.line
    with pytest.raises(NotationError, match="nothing may follow the end line"):
        GameRecord.from_text(text + "p1 draw\n")
    # a record without its end line is read only when asked for: as the game so far
    without = "\n".join(lines[:-2])
    with pytest.raises(NotationError, match="no end line"):
        GameRecord.from_text(without)
    assert record == GameRecord.from_text(without, partial=True)
    cut = attrs.evolve(record, actions=record.actions[:100])
    assert cut == GameRecord.from_text("\n".join(lines[:-22]), partial=True)
