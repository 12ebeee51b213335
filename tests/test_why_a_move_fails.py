"""Why a move fails, once (issue 20, item 2): one bad meld, one code and one sentence, every door.

The same bad groups go through every door a program or a person can send a laydown through:
:func:`phase10.check_meld`, :func:`phase10.apply`, :func:`phase10.lay_down_from_groups`,
:func:`phase10.parse_action`, :func:`phase10.from_dict` (an action document holding the
laydown), :meth:`phase10.table.Table.submit` (as notation, as JSON and as an action), and the
command line (``phase10 check`` and the refusal of ``phase10 play``). Each door must give the
same :class:`~phase10.MeldProblem` and the same sentence, the one of :func:`check_meld`.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import attrs
import pytest

from phase10 import (
    CLASSIC,
    Card,
    ColorGroupOf,
    Draw,
    FormatError,
    GameRecord,
    GameState,
    GreedyBot,
    GroupType,
    LayDown,
    LaydownError,
    Meld,
    MeldProblem,
    Pattern,
    PhaseMelds,
    Repeat,
    Reveal,
    RunOf,
    Slots,
    Value,
    Variant,
    Violation,
    apply,
    check_meld,
    find_variant,
    from_dict,
    lay_down_from_groups,
    new_game,
    parse_action,
    parse_placed,
    replay,
    sort_cards,
    to_dict,
)
from phase10.cli import main
from phase10.table import Table
from tests.helpers import deal_actions

PICK = find_variant("classic-pick")
OTHER = "Y8 Y9 Y10 R11 B12 G1 Y2 Y5 B6 G6"


@attrs.frozen
class Case:
    """Bad groups for a phase (0-based), the group at fault and what every door must say."""

    name: str
    phase: int
    groups: tuple[str, ...]
    bad: int | None  # the 0-based group at fault; None: the laydown as a whole
    problem: MeldProblem
    reason: str

    @property
    def variant(self) -> Variant:
        # the classic game lays phase 1 first; other phases are picked (V-4), named in the text
        return CLASSIC if self.phase == 0 else PICK

    @property
    def words(self) -> str:
        """The laydown as notation after the seat: ``lay [phaseN] R7 B7 G7 | ...``."""
        named = "" if self.phase == 0 else f"phase{self.phase + 1} "
        return f"lay {named}" + " | ".join(self.groups)


CASES = [
    Case(
        "set with mixed numbers",  # rule C-6
        0,
        ("R1 B2 G3", "R7 B7 G7"),
        0,
        MeldProblem.MIXED_NUMBERS,
        "a set holds one number, these cards have 1, 2 and 3",
    ),
    Case(
        "run with a gap",  # rule C-7
        1,
        ("R7 B7 G7", "R1 B2 G4 Y6"),
        1,
        MeldProblem.GAP,
        "1 and 6 are too far apart for a run of 4 cards",
    ),
    Case(
        "run with two equal numbers",  # rule C-7
        1,
        ("R7 B7 G7", "R1 B2 G2 Y3"),
        1,
        MeldProblem.REPEATED_NUMBER,
        "a run cannot hold two 2s",
    ),
    Case(
        "wild pinned to an impossible value",  # rule C-18
        0,
        ("R3 B3 G3", "R7 B7 W=8"),
        1,
        MeldProblem.WILD_VALUE,
        "the wild value W=8 does not fit this set of 3",
    ),
    Case(
        "too few cards",  # rule C-9
        0,
        ("R3 B3 G3", "R7 B7"),
        1,
        MeldProblem.TOO_FEW_CARDS,
        "a set of 3 needs at least 3 cards, got 2",
    ),
    Case(
        "a skip in a group",  # rule C-19
        0,
        ("R3 B3 G3", "R7 B7 S"),
        1,
        MeldProblem.SKIP,
        "a skip can never be part of a group",
    ),
    Case(
        "colour group of two colours",  # rule C-8
        7,
        ("R1 R3 R5 R7 R9 R11 B2",),
        0,
        MeldProblem.MIXED_COLORS,
        "a group of 7 cards of one colour holds one colour, these cards are blue and red",
    ),
    Case(
        "a group too many",  # rule C-10
        0,
        ("R7 B7 G7", "R3 B3 G3", "Y5 G5 B5"),
        None,
        MeldProblem.GROUP_COUNT,
        "2 sets of 3 needs 2 groups, got 3",
    ),
]


def hand(case: Case) -> str:
    """p1's ten cards: those of the groups, filled up with yellow cards no group uses."""
    cards = [c for g in case.groups for c, _ in parse_placed(g)]
    filler = parse_placed("Y12 Y11 Y10 Y9 Y12 Y11 Y10 Y9 Y1 Y1")
    cards += [c for c, _ in filler[: 10 - len(cards)]]
    return " ".join(str(c) for c in sort_cards(cards))


def record(case: Case) -> GameRecord:
    """The game so far: the deal of :func:`hand` to p1, then p1 draws Y4 and is to play."""
    game = new_game(case.variant, 2, dealer=1)
    deal = deal_actions(game, [hand(case), OTHER], "R5")
    actions = (*deal, Draw(0), Reveal(Card.parse("Y4")))
    return GameRecord(variant=case.variant, num_players=2, dealer=1, actions=actions)


def dealt(case: Case) -> GameState:
    """p1 to play, holding the cards of the case."""
    return replay(record(case))


def as_written(text: str, group: GroupType) -> Meld:
    """The meld a client builds from the cards as written, valid or not (as JSON reads it)."""
    pairs = [
        (c, Value(c.number, c.color) if c.is_natural else (v or Value(None, None)))
        for c, v in parse_placed(text)
    ]
    if isinstance(group, RunOf):
        shape: Repeat | Slots = Slots(tuple(Pattern.of(number=v.number) for _, v in pairs))
    else:
        pairs.sort(key=lambda cv: cv[0].sort_key)
        if isinstance(group, ColorGroupOf):
            shape = Repeat(Pattern.of(color=pairs[0][1].color))
        else:
            shape = Repeat(Pattern.of(number=pairs[0][1].number))
    return Meld(group, shape, tuple(c for c, _ in pairs), tuple(v for _, v in pairs))


def action(case: Case) -> LayDown:
    phase = case.variant.phases[case.phase]
    groups = (*phase.groups, *phase.groups)  # a group too many is one more of the same
    melds = tuple(as_written(text, group) for text, group in zip(case.groups, groups, strict=False))
    return LayDown(0, PhaseMelds(phase, melds))


def why(error: LaydownError | FormatError) -> tuple[MeldProblem | None, str]:
    """The code and the sentence an error gives for the fault (the failing group's, if any)."""
    if isinstance(error, LaydownError) and error.problems:
        first = error.problems[0]
        assert (first.problem, first.index) == (error.problem, error.group)
        return first.problem, first.reason
    return error.problem, error.reason


def refusal(call: object, *args: object) -> LaydownError:
    with pytest.raises(LaydownError) as info:
        call(*args)  # type: ignore[operator]
    assert Violation.PHASE_NOT_COMPLETE == info.value.code
    return info.value


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_every_door_gives_one_code_and_one_sentence(case: Case) -> None:
    expected = (case.problem, case.reason)
    state = dealt(case)
    text = f"p1 {case.words}"
    phase = case.variant.phases[case.phase]
    if case.bad is not None:
        verdict = check_meld(case.groups[case.bad], phase.groups[case.bad])
        assert expected == (verdict.problem, verdict.reason)
    picked = None if case.phase == 0 else case.phase
    doors: dict[str, LaydownError | FormatError] = {
        "apply": refusal(apply, state, action(case)),
        "lay_down_from_groups": refusal(
            lambda: lay_down_from_groups(state, 0, list(case.groups), phase=picked)
        ),
        "parse_action": refusal(parse_action, state, text),
    }
    with pytest.raises(FormatError) as info:
        from_dict(json.loads(json.dumps(to_dict(action(case)))), rules=case.variant.meld_rules)
    doors["from_dict"] = info.value
    written = to_dict(record(case))
    written["record"]["actions"].append(text)  # a game record that ends with the laydown
    with pytest.raises(FormatError) as info:
        from_dict(written)
    doors["from_dict record"] = info.value
    table = Table.from_record(record(case), [None, GreedyBot()])
    assert state == table.state
    doors["Table.submit text"] = refusal(table.submit, 0, case.words)
    doors["Table.submit action"] = refusal(table.submit, 0, action(case))
    with pytest.raises(FormatError) as info:
        table.submit(0, json.dumps(to_dict(action(case))))
    doors["Table.submit JSON"] = info.value
    assert {door: expected for door in doors} == {door: why(e) for door, e in doors.items()}
    if case.bad is not None:  # the failing group is the same one through every laydown door
        groups = {door: e.group for door, e in doors.items() if isinstance(e, LaydownError)}
        assert {door: case.bad for door in groups} == groups


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_the_command_line_gives_the_same_sentences(
    case: Case,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    sentences = [p.sentence for p in refusal(parse_action, dealt(case), case.words).problems]
    sentences = sentences or [case.reason]
    # phase10 check: the groups of a classic phase
    grouped = " | ".join(case.groups) + (" |" if len(case.groups) == 1 else "")  # one group
    status = main(["check", grouped, "--phase", str(case.phase + 1)])
    out = capsys.readouterr().out
    assert 1 == status
    assert sentences == [line.strip() for line in out.splitlines()[1:]]
    # phase10 play: the refusal of the same laydown typed at the prompt
    path = tmp_path / "game.txt"
    path.write_text(record(case).to_text(), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{case.words}\nquit\n"))
    main(["play", "--load", str(path), "--bots", "greedy"])
    out = capsys.readouterr().out
    refused = [line for line in out.splitlines() if "illegal action" in line]
    assert 1 == len(refused)
    for sentence in sentences:
        assert 1 == refused[0].count(sentence)
