"""The terminal game, ``phase10 play`` (src/phase10/cli/play.py), driven through stdin."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

import phase10
from phase10 import GameRecord, find_variant, variant_names
from phase10.cli import main
from phase10.cli.paint import Palette, use_color
from phase10.cli.play import menu, rules_summary, table_lines
from tests import helpers as engine

ESC = "\x1b["


def play(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    text: str,
    *argv: str,
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    status = main(["play", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_a_few_turns_then_quit(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = play(
        monkeypatch, capsys, "1\n1\n1\n1\nquit\n", "--bots", "greedy,random", "--seed", "3"
    )
    assert (status, err) == (0, "")
    assert out.startswith("phase10 classic: you are p1; p2 GreedyBot, p3 RandomBot.")
    assert "your hand: " in out
    assert "Draw:\n    1) draw from the draw pile\n" in out
    assert "Discard (ends your turn):\n" in out
    assert "p1 draws\nyou draw " in out
    assert out.rstrip().endswith("bye")
    assert ESC not in out  # not a terminal: no colours


def test_end_of_input_quits_cleanly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = play(monkeypatch, capsys, "", "--seed", "1")
    assert (status, err) == (0, "")
    assert out.rstrip().endswith("bye")


def test_help_shows_the_rules(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = play(monkeypatch, capsys, "help\nq\n")
    assert "Rules of classic" in out
    assert "  10. 1 set of 5 + 1 set of 3\n" in out
    flat = " ".join(out.split())
    assert "5 points for 1-9, 10 for 10 and up, 15 for a skip, 25 for a wild, left in" in flat


@pytest.mark.parametrize("name", variant_names())
def test_every_built_in_variant_can_be_played(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    turns = "1\n" * 12
    status, out, err = play(
        monkeypatch,
        capsys,
        f"help\n{turns}quit\n",
        "--variant",
        name,
        "--bots",
        "greedy",
        "--seed",
        "0",  # play deals a random game by default: fix the one this test reads
    )
    assert (status, err) == (0, "")
    assert f"phase10 {name}: you are p1; p2 GreedyBot." in out
    assert f"Rules of {name}" in out
    assert out.count("p1> ") >= 5


def test_summaries_name_the_variant_specials() -> None:
    assert "Take two" in rules_summary(phase10.MASTER)
    assert "1 point(s) per card left in hand (M-8)" in " ".join(
        rules_summary(phase10.MASTER).split()
    )
    assert "announce it" in rules_summary(phase10.TEN_PHASES)
    assert "Pick-a-phase" in rules_summary(find_variant("classic-pick"))


@pytest.mark.parametrize("name", phase10.variant_names())
def test_help_says_the_rules_of_the_variant_in_play(name: str) -> None:
    """``help`` is the variant's own rule sentences (C-17, C-15, M-7), not static text.

    Seed 000: «A fázisban azonban ki kell játszani legalább egy „természetes” lapot» ("in
    the phase you must play at least one natural card"): the classic default counts the
    natural card per phase, so ``help`` must not say that a group needs one.
    """
    variant = find_variant(name)
    summary = " ".join(rules_summary(variant).split())
    assert all(" ".join(s.split()) in summary for s in variant.describe())
    if variant.meld_rules.natural_minimum is phase10.NaturalScope.PHASE:
        assert "a group needs a natural card" not in summary
        assert "the phase laid down needs at least one natural card (C-17)" in summary


def test_actions_in_notation_and_wrong_numbers(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = play(monkeypatch, capsys, "99\nfrobnicate\ndraw\nquit\n", "--seed", "2")
    assert status == 0
    assert "choose a number from 1 to " in out
    assert "(type 'help' for the commands)" in out
    assert "p1 draws\nyou draw " in out


def test_save_and_load_continue_the_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "game.txt"
    status, out, _ = play(
        monkeypatch, capsys, f"1\n1\nsave {saved}\nquit\n", "-n", "3", "--seed", "9"
    )
    assert status == 0
    assert f"saved the game record to {saved}" in out
    record = GameRecord.from_text(saved.read_text(encoding="utf-8"))
    assert (record.variant, record.num_players, record.seed) == (phase10.CLASSIC, 3, "9")
    state = phase10.replay(record)
    assert state.current_player == 0  # saved at p1's prompt

    again = tmp_path / "again.txt"
    status, out, _ = play(
        monkeypatch, capsys, "1\nquit\n", "--load", str(saved), "--save", str(again)
    )
    assert status == 0
    assert f"saved the game record to {again}" in out  # --save: saved when quitting
    more = GameRecord.from_text(again.read_text(encoding="utf-8"))
    assert more.actions[: len(record.actions)] == record.actions
    assert len(more.actions) > len(record.actions)


def test_save_without_a_file_says_how(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = play(monkeypatch, capsys, "save\nquit\n")
    assert "say where: save FILE" in out


def test_a_whole_game_against_bots_ends_with_a_winner(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "done.txt"
    # always the first option: draw, then lay down / hit / discard the first card
    status, out, _ = play(
        monkeypatch,
        capsys,
        "1\n" * 3000,
        "--variant",
        "classic-first-1",
        "--bots",
        "greedy",
        "--save",
        str(saved),
    )
    assert status == 0
    assert "the game is over" in out
    assert "winner: p" in out
    assert phase10.replay(GameRecord.from_text(saved.read_text(encoding="utf-8"))).is_over


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bots", "greedy,smart"], "argument --bots: unknown bot 'smart'"),
        (["--variant", "nope"], "unknown variant 'nope'"),
        (["--players", "7"], "classic is for 2 to 6 players, got 7"),
        (["--variant", "ten-phases", "--players", "5"], "ten-phases is for 2 to 4 players"),
        (["--seat", "3"], "--seat must be from 1 to 2, got 3"),
        (["--load", "/no/such/file.txt"], "cannot use /no/such/file.txt"),
    ],
)
def test_bad_options_are_one_line(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    message: str,
) -> None:
    status, out, err = play(monkeypatch, capsys, "", *argv)
    assert (status, out) == (2, "")
    assert err.startswith(f"phase10: error: {message}")
    assert err.count("\n") == 1


def test_loading_a_bad_record_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text('[Variant "classic"]\n[Players "2"]\n\ndeal Q99\n', encoding="utf-8")
    status, out, err = play(monkeypatch, capsys, "", "--load", str(bad))
    assert (status, out) == (2, "")
    assert err.startswith("phase10: error: line 4")
    assert err.count("\n") == 1


# --- colours --------------------------------------------------------------------------------


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_colours_follow_the_terminal_and_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert use_color(Terminal())
    assert not use_color(io.StringIO())
    assert use_color(io.StringIO(), choice="always")
    assert not use_color(Terminal(), choice="never")
    monkeypatch.setenv("NO_COLOR", "1")
    assert not use_color(Terminal())
    monkeypatch.setenv("NO_COLOR", "")
    assert use_color(Terminal())


def test_palette_colours_cards() -> None:
    red, wild = phase10.parse_cards("R7 W")
    assert Palette(color=False).card(red) == "R7"
    assert Palette(color=True).card(red) == "\x1b[31mR7\x1b[0m"
    assert Palette(color=True).card(wild).startswith(ESC)
    meld = phase10.check_meld("R7 B7 W", phase10.SetOf(3)).melds[0]
    assert Palette(color=False).meld(meld) == "R7 B7 W=7"


def test_color_always_colours_the_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = play(monkeypatch, capsys, "quit\n", "--color", "always")
    assert ESC in out


def test_menu_groups_the_actions() -> None:
    actions: list[phase10.Action] = [
        phase10.Discard(0, phase10.WILD),
        phase10.Draw(0),
        phase10.TakeDiscard(0),
        phase10.Discard(0, phase10.SKIP, 1),
    ]
    groups = menu(actions)
    assert [name for name, _ in groups] == ["Draw", "Discard (ends your turn)"]
    assert [phase10.Draw(0), phase10.TakeDiscard(0)] == groups[0][1]


def test_piped_subprocess_has_no_escapes(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    result = subprocess.run(
        [sys.executable, "-m", "phase10", "play", "--seed", "4"],
        input="1\n1\n",
        capture_output=True,
        text=True,
        check=False,
        env=env,
        cwd=tmp_path,
    )
    assert (result.returncode, result.stderr) == (0, "")
    assert ESC not in result.stdout
    assert result.stdout.rstrip().endswith("bye")


def test_the_table_shows_who_may_not_be_skipped_yet() -> None:
    # rule C-20, skip_limit=round: the guard is public, so the table names it
    hands = [
        "S S B2 G3 Y4 R5 B6 G7 Y8 R9",
        "R1 B1 G1 R2 B2 G2 R9 B10 G11 Y12",
        "Y1 R2 B3 G4 Y5 R6 B7 G8 Y9 Y10",
    ]
    state = engine.draw(engine.start(hands, "G12"), "Y12")
    state = engine.play(state, engine.discard(state, "S", target=1))
    lines = table_lines(phase10.view(state, 2), ["a", "b", "c"], Palette(color=False))
    assert "p2" in lines[2] and "no skip for 1 more turn" in lines[2], lines
