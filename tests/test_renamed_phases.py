"""A laydown names the variant's own phase (issue 23, item 1).

Phase names are not part of a phase's equality, so a laydown of a renamed phase used to be
taken (from JSON, from any client of a Table) and then no seat's payload and no ``to_json``
of the state worked for the rest of the hand. And in a variant whose phases differ only in
name, the laydown of the second one completed the first.
"""

from __future__ import annotations

import attrs
import pytest

import phase10
from phase10 import (
    CLASSIC,
    Draw,
    GameRecord,
    LayDown,
    LaydownError,
    PhaseOrder,
    Reveal,
    Variant,
    Violation,
    apply,
    from_json,
    is_legal,
    legal_actions,
    new_game,
    parse_action,
    replay,
    to_json,
)
from phase10.notation import action_text
from tests.capped import run_capped
from tests.helpers import card, deal_actions, draw, lay, start

HANDS = ("R7 B7 G7 R9 B9 G9 R1 R2 R3 R4", "Y1 Y2 Y3 Y4 Y5 Y6 Y8 Y10 Y11 Y12")


def renamed(action: LayDown, name: str) -> LayDown:
    phase = attrs.evolve(action.laydown.phase, name=name)
    return attrs.evolve(action, laydown=attrs.evolve(action.laydown, phase=phase))


def twins(order: PhaseOrder) -> Variant:
    """Classic, but its second phase is its first renamed (two phases alike but for a name)."""
    first = CLASSIC.phases[0]
    phases = (first, attrs.evolve(first, name="2 more sets of 3"), *CLASSIC.phases[2:])
    return attrs.evolve(CLASSIC, name="twins", phases=phases, phase_order=order)


def test_apply_refuses_a_laydown_of_a_renamed_phase() -> None:
    state = draw(start(HANDS, "G12"), "Y7")
    good = lay(state, "R7 B7 G7", "R9 B9 G9")
    bad = renamed(good, "two triples")
    assert good == bad  # equal, as phases are: the name is the only difference
    with pytest.raises(LaydownError) as caught:
        apply(state, bad)
    assert Violation.PHASE_NOT_COMPLETE == caught.value.code
    assert "not two triples" in caught.value.reason
    assert not is_legal(state, bad)
    assert is_legal(state, good)


def test_a_renamed_phase_from_json_cannot_brick_a_table() -> None:
    # the seat to act lays down its phase, with the phase renamed in the JSON it sends;
    # run capped: a regression would also show as an endless or huge payload
    code = """
import json, random
import phase10
from phase10 import CLASSIC, LayDown, LaydownError, legal_actions, to_json
from phase10.table import Table
table = Table.new(CLASSIC, [None, phase10.RandomBot()], seed="brick")
rng = random.Random(1)
refused = 0
for _ in range(400):
    if table.is_over:
        break
    seat = table.waiting_for
    moves = legal_actions(phase10.view(table.state, seat))
    laydowns = [m for m in moves if isinstance(m, LayDown)]
    if laydowns:
        doc = json.loads(to_json(laydowns[0]))
        doc["action"]["laydown"]["phase"]["name"] = "renamed"
        try:
            table.submit(seat, json.dumps(doc))
        except LaydownError as exc:
            assert exc.code == "phase-not-complete", exc.code
            refused += 1
        move = laydowns[0]
    else:
        move = rng.choice(moves)
    table = table.submit(seat, move)
    to_json(table.state)
    table.payload(0)
    table.payload(1)
assert refused > 0
print(refused)
"""
    assert int(run_capped(code, cpu_seconds=30, memory_mb=1024)) > 0


@pytest.mark.parametrize("order", list(PhaseOrder))
def test_phases_that_differ_only_in_name_are_told_apart(order: PhaseOrder) -> None:
    variant = twins(order)
    completed = () if order is PhaseOrder.PICK else (0,)
    state = draw(
        start(HANDS, "G12", variant=variant, phase=(1, 1), completed=(completed,) * 2), "Y7"
    )
    second = variant.phases[1]
    action = lay(state, "R7 B7 G7", "R9 B9 G9", phase=second)
    after = apply(state, action)
    if order is PhaseOrder.PICK:  # a picked phase counts as completed when it is laid (V-4)
        assert (1,) == after.players[0].completed
    # the state saves with the second phase's name, and reads back the same
    assert after == from_json(to_json(after))
    assert second.name in str(from_json(to_json(after), phase10.GameState).history)
    with pytest.raises(LaydownError):
        apply(state, renamed(action, "two triples"))
    listed = [a for a in legal_actions(state) if isinstance(a, LayDown)]
    assert all(any(a.laydown.phase.same_as(p) for p in variant.phases) for a in listed)
    assert second.name in {a.laydown.phase.name for a in listed}
    text = action_text(action, variant)
    back = parse_action(state, text)
    assert isinstance(back, LayDown)
    assert second.name == back.laydown.phase.name


def test_a_game_of_phases_alike_but_for_names_saves_and_loads() -> None:
    variant = twins(PhaseOrder.PICK)
    dealt = deal_actions(new_game(variant, 2, dealer=1), HANDS, "G12")
    state = draw(start(HANDS, "G12", variant=variant), "Y7")
    action = lay(state, "R7 B7 G7", "R9 B9 G9", phase=variant.phases[1])
    actions = (*dealt, Draw(0), Reveal(card("Y7")), action)
    record = GameRecord(variant=variant, num_players=2, dealer=1, actions=actions)
    assert "p1 lay phase2 " in record.to_text()
    for back in (GameRecord.from_text(record.to_text()), from_json(to_json(record), GameRecord)):
        assert record == back
        laid = back.actions[-1]
        assert isinstance(laid, LayDown)
        assert variant.phases[1].name == laid.laydown.phase.name
        assert (1,) == replay(back).players[0].completed


def test_a_built_in_variant_with_a_renamed_phase_is_written_in_full() -> None:
    phases = (attrs.evolve(CLASSIC.phases[0], name="two triples"), *CLASSIC.phases[1:])
    variant = attrs.evolve(CLASSIC, phases=phases)
    assert CLASSIC == variant
    assert not repr(variant).startswith("find_variant")
    assert "two triples" == from_json(to_json(variant), Variant).phases[0].name
    assert repr(CLASSIC).startswith("find_variant")
