"""Laydowns from groups (issue 14): the legal LayDown a client's groups mean, or why not.

:func:`phase10.lay_down_from_groups` must agree with :func:`phase10.legal_actions` (it judges
with :func:`phase10.check_meld` and :func:`phase10.check`), name each failing group, 1-based,
with its :class:`phase10.MeldProblem`, and list the candidates when wilds are ambiguous.
The engine's own refusal of a laydown names the failing groups too.
"""

from __future__ import annotations

import json
import random

import pytest

from phase10 import (
    CLASSIC,
    CLASSIC_PHASES,
    Action,
    AmbiguousActionError,
    FormatError,
    GameState,
    IllegalActionError,
    LayDown,
    LaydownError,
    MeldProblem,
    NaturalScope,
    NotationError,
    PhaseMelds,
    PhaseOrder,
    RunOf,
    Variant,
    Violation,
    apply,
    check,
    check_meld,
    find_variant,
    lay_down_from_groups,
    legal_actions,
    new_game,
    parse_action,
    sample_chance,
    view,
)
from tests.helpers import cards, draw, lay, play, start

NOTHING = "Y8 Y9 Y10 R11 B12 G1 Y2 Y5 B6 G6"
#: p1 holds two sets of 3 (R3 B3 G3 and R7 B7 W) and a run of 4 with a wild (W R4 R5 R6).
HAND = "R3 B3 G3 R7 B7 W G1 Y2 Y5 B6"


def playing(hand: str = HAND, *, variant: Variant = CLASSIC, **fields: object) -> GameState:
    """p1 to play (drew Y12), holding ``hand``."""
    return draw(start([hand, NOTHING], "R1", variant=variant, **fields), "Y12")  # type: ignore[arg-type]


def test_groups_in_any_order_give_the_legal_laydown() -> None:
    # rule C-10: the whole phase at once; rule C-18: the wild reads as the only value it can
    state = playing()
    expected = lay(state, "R3 B3 G3", "R7 B7 W=7")
    assert expected in legal_actions(state)
    assert expected == lay_down_from_groups(state, 0, ["R7 B7 W", "R3 B3 G3"])
    assert expected == lay_down_from_groups(state, 0, [cards("G3 B3 R3"), cards("W B7 R7")])
    assert expected == lay_down_from_groups(state, 0, ["R3 B3 G3", "R7 B7 W=7"], phase=0)


def test_a_view_lays_down_for_its_viewer_only() -> None:
    state = playing()
    expected = lay(state, "R3 B3 G3", "R7 B7 W=7")
    assert expected == lay_down_from_groups(view(state, 0), 0, ["R3 B3 G3", "R7 B7 W"])
    with pytest.raises(IllegalActionError) as info:
        lay_down_from_groups(view(state, 1), 0, ["R3 B3 G3", "R7 B7 W"])
    assert Violation.NOT_YOUR_TURN == info.value.code


def test_a_wrong_group_is_named_with_its_problem() -> None:
    state = playing()
    with pytest.raises(LaydownError) as info:
        lay_down_from_groups(state, 0, ["R3 B3 G3", "R7 B7 B6"])
    error = info.value
    assert Violation.PHASE_NOT_COMPLETE == error.code
    assert [(1, "set of 3", MeldProblem.MIXED_NUMBERS)] == [
        (p.index, p.group, p.problem) for p in error.problems
    ]
    sentence = "group 2 (R7 B7 B6), a set of 3: a set holds one number, these cards have 6 and 7"
    assert sentence == error.problems[0].sentence
    assert sentence == error.reason
    assert (MeldProblem.MIXED_NUMBERS, 1) == (error.problem, error.group)
    assert f"illegal laydown 'R3 B3 G3 | R7 B7 B6': {sentence}" == str(error)


def test_too_few_cards_is_said_for_the_group() -> None:
    # rule C-9: a set of 3 needs 3 cards; said once, for the group
    state = playing()
    with pytest.raises(LaydownError) as info:
        lay_down_from_groups(state, 0, ["R3 B3 G3", "R7 B7"])
    expected = "group 2 (R7 B7), a set of 3: a set of 3 needs at least 3 cards, got 2"
    assert expected == info.value.reason
    assert [(1, MeldProblem.TOO_FEW_CARDS)] == [(p.index, p.problem) for p in info.value.problems]


def test_the_number_of_groups_must_match_the_phase() -> None:
    state = playing()
    with pytest.raises(LaydownError) as info:
        lay_down_from_groups(state, 0, ["R3 B3 G3", "R7 B7 W", "G1"])
    assert "2 sets of 3 needs 2 groups, got 3" == info.value.reason
    assert MeldProblem.GROUP_COUNT == info.value.problem
    assert () == info.value.problems


def test_every_failing_group_is_named() -> None:
    state = playing()
    with pytest.raises(LaydownError) as info:
        lay_down_from_groups(state, 0, ["R3 G1 Y2", "R7 B7 B6"])
    assert [0, 1] == [p.index for p in info.value.problems]


def test_a_card_not_in_hand() -> None:
    state = playing()
    with pytest.raises(LaydownError) as info:
        lay_down_from_groups(state, 0, ["R3 B3 G3", "R7 B7 G7"])
    assert Violation.CARD_NOT_IN_HAND == info.value.code
    assert "G7 not in p1's hand" in str(info.value)


def test_ambiguous_wilds_list_the_candidates() -> None:
    # rule C-18: W R4 R5 R6 is a run of 3-6 or of 4-7
    state = playing("R3 B3 G3 W R4 R5 R6 G1 Y2 B9", phase=(1, 0))
    with pytest.raises(AmbiguousActionError) as info:
        lay_down_from_groups(state, 0, ["R3 B3 G3", "W R4 R5 R6"])
    expected = {
        lay(state, "R3 B3 G3", "W=3 R4 R5 R6"),
        lay(state, "R3 B3 G3", "R4 R5 R6 W=7"),
    }
    assert expected == set(info.value.candidates)
    assert expected <= set(legal_actions(state))
    assert lay(state, "R3 B3 G3", "R4 R5 R6 W=7") == lay_down_from_groups(
        state, 0, ["R3 B3 G3", "W=7 R4 R5 R6"]
    )
    assert "ambiguous-action" == info.value.to_dict()["code"]


def test_a_group_of_wilds_alone_is_refused_when_each_group_needs_a_natural() -> None:
    # rule C-17, option natural_minimum=group
    per_group = CLASSIC.with_options(natural_minimum=NaturalScope.GROUP)
    state = playing("W W W R7 B7 G7 G1 Y2 Y5 B6", variant=per_group)
    with pytest.raises(LaydownError) as info:
        lay_down_from_groups(state, 0, ["W W W", "R7 B7 G7"])
    assert [(0, MeldProblem.TOO_FEW_NATURALS)] == [
        (p.index, p.problem) for p in info.value.problems
    ]


def test_the_engines_refusals_come_first() -> None:
    state = playing()
    laid = play(state, lay(state, "R3 B3 G3", "R7 B7 W=7"))
    with pytest.raises(IllegalActionError) as info:  # rule C-10: one phase per hand
        lay_down_from_groups(laid, 0, ["G1 Y2 Y5"])
    assert Violation.ALREADY_LAID_DOWN == info.value.code
    with pytest.raises(IllegalActionError) as info:
        lay_down_from_groups(state, 1, ["R3 B3 G3", "R7 B7 W"])
    assert Violation.NOT_YOUR_TURN == info.value.code
    assert "p2" in str(info.value)


def test_bad_input() -> None:
    state = playing()
    with pytest.raises(NotationError) as info:
        lay_down_from_groups(state, 0, ["R3 B3 G3", "R7 X7 W"])
    assert str(info.value).startswith("group 2: ")
    with pytest.raises(FormatError):
        lay_down_from_groups(state, 0, "R3 B3 G3")
    with pytest.raises(FormatError) as shaped:  # JSON-shaped: numbers, not cards
        lay_down_from_groups(state, 0, [[7, 7, 7]])  # type: ignore[list-item]
    assert ("format", "json.expected-card", "$[0][0]") == (
        shaped.value.code,
        shaped.value.message_id,
        shaped.value.path,
    )
    with pytest.raises(LaydownError) as error:
        lay_down_from_groups(state, 0, ["R3 B3 G3", "R7 B7 W"], phase=10)
    assert "no phase index 10" in str(error.value)
    with pytest.raises(LaydownError) as error:
        lay_down_from_groups(state, 0, ["R3 B3 G3", "R7 B7 W"], phase=3)
    assert "may lay down phase 1 (2 sets of 3), not phase 4" in str(error.value)


def test_pick_a_phase_finds_the_phase_the_groups_make() -> None:
    # rule V-4: any open phase; R3 B3 G3 + W R4 R5 R6 is phase 2 (set of 3 + run of 4)
    pick = find_variant("classic-pick")
    assert PhaseOrder.PICK is pick.phase_order
    state = playing("R3 B3 G3 W R4 R5 R6 G1 Y2 B9", variant=pick)
    expected = LayDown(0, lay(state, "R3 B3 G3", "R4 R5 R6 W=7", phase=CLASSIC_PHASES[1]).laydown)
    assert expected == lay_down_from_groups(state, 0, ["R4 R5 R6 W=7", "R3 B3 G3"])
    assert expected == lay_down_from_groups(state, 0, ["R4 R5 R6 W=7", "R3 B3 G3"], phase=1)


def test_the_engine_names_the_failing_group() -> None:
    # the engine's refusal of a hand-built laydown: a LaydownError naming group 2
    state = playing()
    run = check_meld("B6 B7 W=8", RunOf(3)).melds[0]
    good = check_meld("R3 B3 G3", CLASSIC_PHASES[0].groups[0]).melds[0]
    action = LayDown(0, PhaseMelds(CLASSIC_PHASES[0], (good, run)))
    with pytest.raises(LaydownError) as info:
        check(state, action)
    # judged by its cards as the set of 3 it stands in for, as lay_down_from_groups judges them
    assert [(1, "set of 3", MeldProblem.MIXED_NUMBERS)] == [
        (p.index, p.group, p.problem) for p in info.value.problems
    ]
    expected = "group 2 (B6 B7 W=8), a set of 3: a set holds one number, these cards have 6 and 7"
    assert expected in str(info.value)
    document = info.value.to_dict()
    assert json.loads(json.dumps(document)) == document
    assert "phase-not-complete" == document["code"]
    assert str(action) == document["action"]


@pytest.mark.parametrize("name", ["classic", "classic-pick", "master"])
def test_every_legal_laydown_comes_back_from_its_groups(name: str) -> None:
    # Seeded random games: each legal LayDown, its melds written back as groups (reversed,
    # pinned) is that LayDown; as bare cards it is that LayDown or one of the candidates.
    variant = find_variant(name)
    checked = 0
    for game in range(6):
        rng = random.Random(f"grouping:{name}:{game}")
        state = new_game(variant, 3)
        for _ in range(400):
            if state.is_over:
                break
            action: Action
            if state.is_chance:
                action = sample_chance(state, rng)
            else:
                legal = legal_actions(state)
                for laydown in [a for a in legal if isinstance(a, LayDown)][:6]:
                    index = variant.phases.index(laydown.laydown.phase)
                    pinned = [str(m) for m in reversed(laydown.laydown.melds)]
                    assert laydown == lay_down_from_groups(
                        state, laydown.player, pinned, phase=index
                    )
                    bare = [m.cards for m in laydown.laydown.melds]
                    try:
                        assert laydown == lay_down_from_groups(state, laydown.player, bare)
                    except AmbiguousActionError as exc:
                        assert laydown in exc.candidates
                        assert set(exc.candidates) <= set(legal)
                    checked += 1
                action = legal[int(rng.random() * len(legal))]
            state = apply(state, action)
    assert checked > 20


def test_parse_action_names_the_failing_group() -> None:
    # the same reasons for a laydown written as notation (the CLI reads actions this way)
    state = playing()
    with pytest.raises(LaydownError) as info:
        parse_action(state, "lay R3 B3 G3 | R7 B7 B6")
    error = info.value
    assert Violation.PHASE_NOT_COMPLETE == error.code
    assert (
        "group 2 (R7 B7 B6), a set of 3: a set holds one number, these cards have 6 and 7"
        == error.reason
    )
    assert str(error).startswith("illegal action 'lay R3 B3 G3 | R7 B7 B6': ")
    assert [(1, MeldProblem.MIXED_NUMBERS)] == [(p.index, p.problem) for p in error.problems]
    with pytest.raises(LaydownError) as info:
        parse_action(state, "lay R3 B3 G3 | R7 B7")
    assert "a set of 3 needs at least 3 cards, got 2" == info.value.problems[0].reason
    with pytest.raises(LaydownError) as info:  # a view, as the CLI's game loop passes
        parse_action(view(state, 0), "lay R3 B3 G3 | R7 B7 B6")
    assert "group 2 (R7 B7 B6), a set of 3: a set holds one number" in str(info.value)
