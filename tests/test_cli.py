"""The command line, ``python -m phase10`` (src/phase10/cli/)."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

import phase10
import phase10.cli.demo
from phase10.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


# --- demo ---------------------------------------------------------------------------------


def test_demo_walks_through_the_library(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "demo")
    assert (status, err) == (0, "")
    assert "-> R7 B7 W G2 G3 G4 Y5 S Y11 B12" in out
    assert "valid: W=3 R4 B5 G6 or R4 B5 G6 W=7" in out
    assert "invalid: a set holds one number, these cards have 7 and 8 [mixed-numbers]" in out
    assert "invalid: a skip can never be part of a group [skip]" in out
    assert "phase 2 (1 set of 3 + 1 run of 4): R7 B7 W=7 | G2 G3 G4 Y5" in out
    assert "in 8 distinct ways, 6 of them with minimal groups" in out
    assert "phase 4: cannot lay down 1 run of 7: run of 7: best has 6" in out
    assert "after laying down phase 2: Y11 B12 S = 35 points" in out


# --- check --------------------------------------------------------------------------------


def test_check_prints_the_melds_and_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "check", "R7 B7 W G2 G3 G4 Y5 S", "--phase", "2")
    expected = (
        "phase 2 (1 set of 3 + 1 run of 4): lays down\n"
        "  set of 3: R7 B7 W=7\n"
        "  run of 4: G2 G3 G4 Y5\n"
        "left in hand: S\n"
    )
    assert (0, expected, "") == (status, out, err)


def test_check_accepts_pinned_wilds_one_natural_per_phase(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Rule C-17: the classic default asks one natural card per phase, and wilds may be pinned.

    Seed 000: «A fázisban azonban ki kell játszani legalább egy „természetes” lapot» ("in
    the phase you must play at least one natural card"), so ``R7 B7 G7 | W=4 W=4 W=4`` is a
    phase 1 the engine accepts, and ``check`` says so.
    """
    status, out, err = run(capsys, "check", "R7 B7 G7 | W=4 W=4 W=4", "--phase", "1")
    assert (0, "") == (status, err)
    assert out.startswith("phase 1 (2 sets of 3): lays down\n")
    status, _, err = run(capsys, "check", "R7 B7 G7 W=x", "--phase", "1")
    assert 2 == status
    assert "only a wild takes a value" in err


def test_check_takes_the_variant(capsys: pytest.CaptureFixture[str]) -> None:
    """``--variant``: Master's ranged jokers (M-2), 10 Phases' suits (T-1, T-3)."""
    status, out, err = run(
        capsys, "check", "R1 Y2 G3 W1-6:RY", "--group", "run 4", "--variant", "master"
    )
    assert (0, "run of 4: valid: R1 Y2 G3 W1-6:RY=4\n", "") == (status, out, err)
    status, out, _ = run(capsys, "check", "R1 Y2 G3 W1-6:RY", "--group", "run 4")
    assert 2 == status  # not classic cards
    status, out, err = run(
        capsys, "check", "AH 2H 3H 5S 5H 5D", "--phase", "1", "--variant", "ten-phases"
    )
    assert (0, "") == (status, err)
    assert "phase 1 (1 set of 3 + 1 run of 3): lays down" in out
    status, _, err = run(
        capsys, "check", "R7 B7 G7", "--phase", "7", "--variant", "classic-first-5"
    )
    assert (2, "phase10: error: classic-first-5 has phases 1 to 5, not phase 7\n") == (
        status,
        err,
    )


def test_check_accepts_unquoted_cards_and_short_option(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "check", "r7", "b7", "g7,y7", "r1", "b1", "w", "-p", "1")
    expected = (
        "phase 1 (2 sets of 3): lays down\n"
        "  set of 3: R1 B1 W=1\n"
        "  set of 3: R7 B7 G7\n"
        "left in hand: Y7\n"
    )
    assert (0, expected) == (status, out)


def test_check_says_when_nothing_is_left(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "check", "R7 B7 G7 R1 B1 W", "--phase", "1")
    assert status == 0
    assert out.endswith("left in hand: nothing\n")


def test_check_explains_a_miss_and_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "check", "R7 B8 G9 Y3 W", "--phase", "4")
    expected = (
        "phase 4 (1 run of 7): does not lay down\n"
        "cannot lay down 1 run of 7: run of 7: best has 5, missing 2 of 4, 5 or 6\n"
    )
    assert (1, expected, "") == (status, out, err)


def test_check_explains_a_miss_without_wilds(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "check", "R1 R2 R3 R4 B9", "--phase", "2")
    assert status == 1
    assert "run of 4: possible on its own" in out


def test_check_phase_10(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "check", "R5 B5 G5 Y5 W R9 B9 W", "--phase", "10")
    assert status == 0
    assert "  set of 5: R5 B5 G5 Y5 W=5\n  set of 3: R9 B9 W=9\n" in out


# --- bad input: one line on stderr, exit status 2 -----------------------------------------


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["check", "R7 X9 W", "--phase", "2"],
            "phase10: error: bad card 'X9' at position 3 in 'R7 X9 W': expected a colour letter",
        ),
        (
            ["check", "R7 R13", "--phase", "2"],
            "phase10: error: bad card 'R13' at position 3 in 'R7 R13': "
            "numbers run from 1 to 12, got 13",
        ),
        (
            ["check", "R7", "--phase", "11"],
            "phase10: error: argument --phase/-p: the phase is a number from 1 to 10, got '11'",
        ),
        (
            ["check", "R7", "--phase", "0"],
            "phase10: error: argument --phase/-p: the phase is a number from 1 to 10, got '0'",
        ),
        (
            ["check", "R7", "--phase", "two"],
            "phase10: error: argument --phase/-p: the phase is a number from 1 to 10, got 'two'",
        ),
        (
            ["check", "R7"],
            "phase10: error: say what to check: --phase N, or --group GROUP (e.g. 'run 4')",
        ),
        (
            ["check", "--phase", "1"],
            "phase10: error: the following arguments are required: HAND",
        ),
        ([], "phase10: error: the following arguments are required: COMMAND"),
        (["frob"], "phase10: error: argument COMMAND: invalid choice: 'frob'"),
        (["demo", "--bogus"], "phase10: error: unrecognized arguments: --bogus"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "")
    assert err.endswith("\n")
    assert err.count("\n") == 1
    assert err.startswith(message)


def test_help_and_version_exit_0(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--help")
    assert status == 0
    assert "usage: phase10" in out
    assert "check" in out
    assert "demo" in out
    status, out, _ = run(capsys, "--version")
    assert (0, f"phase10 {phase10.__version__}\n") == (status, out)


def test_python_dash_m_runs_main() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "phase10", "check", "R7 R7 W Y1 Y2", "--phase", "1"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 1
    assert result.stdout.startswith("phase 1 (2 sets of 3): does not lay down\n")
    assert result.stderr == ""


# --- simulate -------------------------------------------------------------------------------


def test_simulate_prints_a_table_and_progress(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--games", "4", "--bots", "greedy,random", "--variant", "classic-first-2"]
    status, out, err = run(capsys, *argv, "--seed", "5")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "4 games of classic-first-2, seed 5"
    assert lines[1].split()[:3] == ["bot", "games", "wins"]
    assert lines[2].startswith("1 GreedyBot")
    assert lines[3].startswith("2 RandomBot")
    # stderr is not a terminal here: a line before and a line after, no bar
    assert err.startswith("simulating 4 games of classic-first-2...\n")
    assert "done: 4 games in " in err
    assert "\r" not in err


def test_simulate_knows_the_shipped_bots_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "-g", "2", "--bots", "cautious,greedy,random", "-v", "classic-first-1"]
    status, out, _ = run(capsys, *argv)
    assert 0 == status
    names = [line.split()[1] for line in out.splitlines()[2:5]]
    assert ["CautiousBot", "GreedyBot", "RandomBot"] == names


def test_simulate_on_workers_gives_the_same_table(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "-g", "4", "--bots", "greedy,random,random", "-v", "classic-first-1"]
    _, alone, _ = run(capsys, *argv)
    status, pooled, err = run(capsys, *argv, "--workers", "2")
    assert status == 0
    assert alone == pooled
    assert "on 2 workers" in err


def test_simulate_draws_a_bar_on_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    fake = Terminal()
    monkeypatch.setattr(sys, "stderr", fake)
    status = main(["simulate", "-g", "2", "--bots", "greedy,greedy", "-v", "classic-first-1"])
    assert status == 0
    assert "\r[###############---------------] 1/2 games" in fake.getvalue()
    assert "\r[##############################] 2/2 games\n" in fake.getvalue()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "--bots", "greedy,clever"], "argument --bots: unknown bot 'clever'"),
        (["simulate", "--bots", "greedy"], "classic is for 2 to 6 players; --bots names 1"),
        (["simulate", "--games", "-3"], "argument --games/-g: expected a whole number >= 0"),
        (["simulate", "--workers", "0"], "argument --workers/-w: expected a whole number >= 1"),
        (["simulate", "--variant", "klassik"], "unknown variant 'klassik'"),
        (["replay", "/no/such/record.txt"], "cannot use /no/such/record.txt"),
    ],
)
def test_simulate_and_replay_errors_are_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "")
    assert err.startswith(f"phase10: error: {message}")
    assert err.count("\n") == 1


# --- replay ---------------------------------------------------------------------------------


@pytest.fixture
def record_file(tmp_path: Path) -> Path:
    bots: list[phase10.Bot] = [phase10.GreedyBot(), phase10.RandomBot()]
    result = phase10.simulate(1, bots, variant=phase10.find_variant("classic-first-2"), record=True)
    record = result.games[0].record
    assert record is not None
    path = tmp_path / "game.txt"
    path.write_text(record.to_text(), encoding="utf-8")
    return path


def test_replay_steps_through_a_record(
    capsys: pytest.CaptureFixture[str], record_file: Path
) -> None:
    status, out, err = run(capsys, "replay", str(record_file))
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert "classic-first-2, 2 players, seed 0:0, phase10 " in lines[0]
    assert lines[1] == "Bots: GreedyBot, RandomBot"
    assert lines[2] == "hand 1: 20 cards dealt"
    assert lines[3].startswith("  p1: ")
    assert "   21  turnup " in out
    assert "  [p1 ph1" in out  # a summary after each turn
    assert "-- end of hand 1:" in out
    assert lines[-1].startswith("game over; winner: p")


def test_replay_step_waits_only_on_a_terminal(
    capsys: pytest.CaptureFixture[str], record_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))  # not a terminal: no waiting
    status, out, _ = run(capsys, "replay", "--step", str(record_file))
    assert status == 0
    assert "(Enter: next" not in out

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(sys, "stdin", Terminal("\n\nq\n"))
    status, out, _ = run(capsys, "replay", "--step", str(record_file))
    assert status == 0
    assert out.count("(Enter: next, q: stop) ") == 3
    assert out.rstrip().endswith("stopped")


def test_replay_of_a_bad_record_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "bad.txt"
    path.write_text('[Variant "classic"]\n[Players "2"]\n\np1 draw\n', encoding="utf-8")
    status, out, err = run(capsys, "replay", str(path))
    assert status == 2
    assert out.startswith("classic, 2 players")  # the game up to the bad line: none of it
    assert out.endswith("the record stops being valid at line 4:\n")
    assert err.startswith("phase10: error: line 4: ")
    assert err.count("\n") == 1


def test_unexpected_errors_are_one_line_too(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def boom() -> int:
        raise RuntimeError("something\nbroke")

    monkeypatch.setattr(phase10.cli.demo, "run", boom)
    status, out, err = run(capsys, "demo")
    assert (status, out) == (1, "")
    assert err == "phase10: error: unexpected failure: something broke\n"
