"""examples/play_each_variant.py: one hand of every built-in game, seeded and summarised."""

from __future__ import annotations

import importlib.util
import re
import runpy
import sys
from pathlib import Path
from types import ModuleType

import pytest

import phase10

PATH = Path(__file__).resolve().parent.parent / "examples" / "play_each_variant.py"


@pytest.fixture(scope="module")
def example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("examples_play_each_variant", PATH)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # attrs resolves annotations through sys.modules
    spec.loader.exec_module(module)
    return module


LINE = re.compile(
    r"(?P<name>\S+) +3 players +(?P<actions>\d+) actions  (?P<result>.+?) +"
    r"phases (?P<phases>\d+/\d+/\d+) +points (?P<points>\d+/\d+/\d+)"
)


def test_main_prints_one_line_per_built_in_game(
    example: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    example.main()
    out = capsys.readouterr().out
    header, *lines = out.splitlines()
    assert "One hand of each built-in game, 3 random players, seed 'play-each-variant':" == header
    matches = [LINE.fullmatch(line) for line in lines]
    assert all(matches), lines
    assert list(phase10.variant_names()) == [m["name"] for m in matches if m]
    example.main()
    assert out == capsys.readouterr().out  # seeded: the same every time


def test_runs_as_a_script(capsys: pytest.CaptureFixture[str]) -> None:
    runpy.run_path(str(PATH), run_name="__main__")
    out, err = capsys.readouterr()
    assert ("", 1 + len(phase10.variant_names())) == (err, len(out.splitlines()))


@pytest.mark.parametrize("name", phase10.variant_names())
def test_one_hand_of_each_game(example: ModuleType, name: str) -> None:
    variant = phase10.find_variant(name)
    summary = example.play_one_hand(variant, 3, "test")
    assert (name, 3) == (summary.name, summary.players)
    assert summary.actions > 0
    if variant.laydown_style is phase10.LaydownStyle.ANNOUNCE:
        # "10 Phases" is one long hand, which random play seldom finishes within the hand
        # bound (C-16, 1,000 turns): then it ends without a winner and nobody scores
        assert summary.went_out is None
        if not summary.winners:
            assert (0, 0, 0) == summary.scores
        # without the bound it ends the game with a winner and a loser (T-5, T-6)
        summary = example.play_one_hand(variant.with_options(max_hand_turns=None), 3, "test")
        assert summary.winners and summary.losers
        assert len(variant.phases) == summary.phases[summary.winners[0]]
        assert 0 == summary.scores[summary.winners[0]]
        return
    assert () == summary.winners
    if summary.went_out is not None:
        assert 0 == summary.scores[summary.went_out]  # rules C-23, M-8
    if variant.advance is phase10.Advance.EVERY_HAND:
        assert (1, 1, 1) == summary.phases  # rule V-1
    assert all(p in (0, 1) for p in summary.phases)


def test_went_out_reads_the_last_card(example: ModuleType) -> None:
    state = phase10.new_game(phase10.CLASSIC, 2)
    assert example._went_out(state, phase10.Draw(0)) is None
