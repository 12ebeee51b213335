"""The scripts in examples/: they run, print what they promise, and EvenOf works in a phase."""

from __future__ import annotations

import importlib.util
import json
import runpy
import sys
from pathlib import Path
from types import ModuleType

import pytest

import phase10
from phase10 import RunOf, SetOf

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def load(name: str) -> ModuleType:
    """Import ``examples/<name>.py`` as a module (without running its ``main``)."""
    spec = importlib.util.spec_from_file_location(f"examples_{name}", EXAMPLES / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # attrs resolves annotations through sys.modules
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def custom_group() -> ModuleType:
    return load("custom_group")


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.py")), ids=lambda p: p.name)
def test_every_example_runs_as_a_script(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    runpy.run_path(str(path), run_name="__main__")
    out, err = capsys.readouterr()
    assert out
    assert err == ""


# --- validate_melds.py ---------------------------------------------------------------------


def test_validate_melds_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    load("validate_melds").main()
    answers = json.loads(capsys.readouterr().out)
    melds = {(m["cards"], m["group"]): m for m in answers["melds"]}
    assert melds["W R4 B5 G6", "run of 4"] == {
        "cards": "W R4 B5 G6",
        "group": "run of 4",
        "valid": True,
        "problem": None,
        "reason": "",
        "readings": ["W=3 R4 B5 G6", "R4 B5 G6 W=7"],
    }
    assert melds["W=7 R4 B5 G6", "run of 4"]["readings"] == ["R4 B5 G6 W=7"]
    assert melds["G1 G5 W G11", "4 cards of one colour"]["readings"] == ["G1 G5 G11 W=G"]
    assert melds["R7 B8 W", "set of 3"]["problem"] == "mixed-numbers"
    assert melds["R11 R12 R1 R2", "run of 4"]["problem"] == "no-wrap"
    skip = melds["R7 B7 S", "set of 3"]
    assert (
        skip["valid"],
        skip["problem"],
        skip["reason"],
    ) == (False, "skip", "a skip can never be part of a group")
    bad = melds["R7 B7 X7", "set of 3"]
    assert (bad["token"], bad["position"]) == ("X7", 6)

    found, missed = answers["laydowns"]
    assert found == {
        "hand": "R7 B7 G7 Y3 R3 W W S Y12",
        "phase": 1,
        "name": "2 sets of 3",
        "laydown": "R3 Y3 W=3 | R7 B7 G7",
        "melds": [
            {"group": "set of 3", "cards": "R3 Y3 W=3"},
            {"group": "set of 3", "cards": "R7 B7 G7"},
        ],
        "ways": 9,
        "minimal_ways": 7,
        "points_left": 50,
    }
    assert missed == {
        "hand": "R7 B8 G9 Y3 W",
        "phase": 4,
        "name": "1 run of 7",
        "laydown": None,
        "explanation": "cannot lay down 1 run of 7: run of 7: best has 5, missing 2 of 4, 5 or 6",
    }


# --- custom_group.py -----------------------------------------------------------------------


def test_custom_group_prints_its_walk_through(
    custom_group: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    custom_group.main()
    out = capsys.readouterr().out
    assert "EvenOf(size=4) is a GroupType: True\n" in out
    assert "R2 B4 W G10    valid: R2 B4 G10 W\n" in out
    assert "invalid: these cards do not form a group of 4 even numbers\n" in out
    assert "R2 B4 G6 Y8 R1 B3 W S      R2 B4 G6 Y8 | R1 W=2 B3\n" in out
    assert "group of 4 even numbers: best has 3, missing one of 2/4/6/8/10/12" in out
    assert "after hitting a wild: R2 B4 G8 Y12 W\n" in out


def test_even_of_is_a_hashable_group_type(custom_group: ModuleType) -> None:
    even = custom_group.EvenOf(4)
    assert isinstance(even, phase10.GroupType)
    assert custom_group.EvenOf(4) == even
    assert hash(custom_group.EvenOf(4)) == hash(even)
    assert str(even) == "group of 4 even numbers"
    assert even.size == 4


@pytest.mark.parametrize(
    "cards", ["R2 B4 G6 Y8", "Y12 Y12 B2 R10", "R2 W B4 W", "R2 B4 G6 Y8 R10 W"]
)
def test_even_of_accepts_even_cards(custom_group: ModuleType, cards: str) -> None:
    verdict = phase10.check_meld(cards, custom_group.EvenOf(4))
    assert verdict
    assert verdict.problem is None


PER_GROUP = phase10.MeldRules(natural_minimum=phase10.NaturalScope.GROUP)


@pytest.mark.parametrize(
    ("cards", "problem", "rules"),
    [
        ("R2 B4 G6 Y7", phase10.MeldProblem.NO_FIT, phase10.CLASSIC_MELD_RULES),
        ("R2 B4 G6", phase10.MeldProblem.TOO_FEW_CARDS, phase10.CLASSIC_MELD_RULES),
        # rule C-17, option natural_minimum=group: wilds alone are no group
        ("W W W W", phase10.MeldProblem.TOO_FEW_NATURALS, PER_GROUP),
        ("R2 B4 G6 S", phase10.MeldProblem.SKIP, phase10.CLASSIC_MELD_RULES),
    ],
)
def test_even_of_refuses_other_cards(
    custom_group: ModuleType, cards: str, problem: phase10.MeldProblem, rules: phase10.MeldRules
) -> None:
    verdict = phase10.check_meld(cards, custom_group.EvenOf(4), rules=rules)
    assert not verdict
    assert problem == verdict.problem


def test_even_of_follows_max_number(custom_group: ModuleType) -> None:
    rules = phase10.MeldRules(max_number=8)
    assert phase10.check_meld("R2 B4 G6 Y8", custom_group.EvenOf(4), rules=rules)
    assert not phase10.check_meld("R2 B4 G6 Y10", custom_group.EvenOf(4), rules=rules)


def test_even_of_in_a_phase(custom_group: ModuleType) -> None:
    phase = phase10.Phase((custom_group.EvenOf(4), RunOf(3)))
    assert str(phase) == "group of 4 even numbers + run of 3"
    assert phase.size == 7
    laydown = phase10.find_laydown("R2 B4 G6 Y8 R1 B3 W S", phase)
    assert laydown is not None
    assert str(laydown) == "R2 B4 G6 Y8 | R1 W=2 B3"
    assert [custom_group.EvenOf(4), RunOf(3)] == [m.group for m in laydown.melds]
    # the wild is needed in the run, so the evens must all be natural
    assert phase10.find_laydown("R2 B4 G6 R1 B3 W S", phase) is None
    assert phase10.find_laydown("R2 B4 G6 R10 R1 B3 G5 Y7", phase) is None


def test_even_of_competes_with_a_set_for_cards(custom_group: ModuleType) -> None:
    phase = phase10.Phase((custom_group.EvenOf(3), SetOf(3)))
    # three 4s are both evens and a set: the search must split the cards exactly
    laydown = phase10.find_laydown("R4 B4 G4 Y4 R6 B8", phase)
    assert laydown is not None
    assert str(laydown) == "R4 R6 B8 | B4 G4 Y4"
    assert phase10.find_laydown("R4 B4 G4 Y4 R6", phase) is None
    laydowns = phase10.iter_laydowns("R4 B4 G4 Y4 R6 B8", phase, minimal=True)
    assert [str(ld) for ld in laydowns] == [
        "R4 R6 B8 | B4 G4 Y4",
        "B4 R6 B8 | R4 G4 Y4",
        "G4 R6 B8 | R4 B4 Y4",
        "Y4 R6 B8 | R4 B4 G4",
    ]


def test_even_of_meld_takes_hits(custom_group: ModuleType) -> None:
    meld = phase10.check_meld("R2 B4 G8 Y12", custom_group.EvenOf(4)).melds[0]
    assert meld.can_add(phase10.Card.parse("Y10"))
    assert not meld.can_add(phase10.Card.parse("Y9"))
    assert not meld.can_add(phase10.SKIP)
    assert str(meld.add(phase10.Card.parse("Y10"))) == "R2 B4 G8 Y10 Y12"


# --- bot_tournament.py, replay_game.py, custom_variant.py ---------------------------------


def test_bot_tournament_ranks_the_bots(capsys: pytest.CaptureFixture[str]) -> None:
    module = load("bot_tournament")
    result = module.main(games=4, workers=2)
    out = capsys.readouterr().out
    assert "4 games of classic-first-5 (4 progress reports)\n" in out
    assert [b.name for b in result.bots] == ["GreedyBot", "HoarderBot", "RandomBot", "RandomBot"]
    assert sum(b.wins for b in result.bots) == pytest.approx(4)
    assert isinstance(module.HoarderBot(), phase10.Bot)


def test_replay_game_goes_hand_by_hand(capsys: pytest.CaptureFixture[str]) -> None:
    load("replay_game").main()
    out = capsys.readouterr().out
    assert out.startswith("classic-first-3, 3 players, ")
    assert "after hand 1: p1 phase " in out
    assert " lays down " in out
    assert "game over after " in out


def test_custom_variant_builds_and_plays_a_house_variant(
    capsys: pytest.CaptureFixture[str],
) -> None:
    module = load("custom_variant")
    variant = module.QUICK_SIX
    assert len(variant.phases) == 6
    assert variant.runs_wrap
    module.main()
    out = capsys.readouterr().out
    assert "phase 3 from R9 R10 B11 G12 Y1 W S: " in out
    assert "R9 R10 B11 G12 Y1" in out  # the run wraps from 12 to 1
    assert "refused: phase 1 (set of 12) needs 12 cards" in out
    assert "1 GreedyBot" in out
