"""The command line for students: fresh seeds, typo hints, groupings, own bots, Ctrl-C, replay."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest

import phase10
from phase10 import GameRecord
from phase10.cards import CLASSIC_GAME, MASTER_GAME
from phase10.cli import main
from phase10.cli._common import load_bot
from phase10.hints import fix_cards, fix_move, suggest_card, suggest_word
from tests.student_bots import FirstBot


def play(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], text: str, *argv: str
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    status = main(["play", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


# --- play: a fresh game, and its seed ---------------------------------------------------------


def test_play_deals_a_fresh_game_and_prints_its_seed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seeds = set()
    hands = {}
    for _ in range(3):
        _, out, _ = play(monkeypatch, capsys, "quit\n")
        match = re.search(r"seed (\d+): play this game again with --seed (\d+)", out)
        assert match is not None and match[1] == match[2]
        seeds.add(match[1])
        hands[match[1]] = re.search(r"your hand: (.*)", out)
    assert len(seeds) > 1  # three random seeds are not all equal
    seed, hand = next(iter(hands.items()))
    _, again, _ = play(monkeypatch, capsys, "quit\n", "--seed", seed)
    assert hand is not None and f"your hand: {hand[1]}" in again


# --- typos --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typo", "card"),
    [
        ("7R", "R7"),
        ("Red7", "R7"),
        ("red7", "R7"),
        ("R7,", "R7"),
        ("r7", "R7"),
        ("\uff32\uff17", "R7"),  # full-width R7
        ("\uff17r", "R7"),
        ("Blue12", "B12"),
        ("wild", "W"),
        ("skip", "S"),
    ],
)
def test_suggest_card_reads_the_common_typos(typo: str, card: str) -> None:
    found = suggest_card(typo, CLASSIC_GAME)
    assert found is not None
    assert card == str(found)


def test_suggestions_are_cards_of_the_game_being_played() -> None:
    assert suggest_card("P7", CLASSIC_GAME) is None
    assert suggest_card("purple7", CLASSIC_GAME) is None
    assert "P7" == str(suggest_card("purple7", MASTER_GAME))
    assert suggest_card("R13", CLASSIC_GAME) is None
    assert suggest_card("hello", CLASSIC_GAME) is None


def test_fix_cards_and_moves() -> None:
    assert "R7 B7 W" == fix_cards("r 7, 7b wild", CLASSIC_GAME)
    verbs = ["draw", "discard", "lay"]
    assert "discard R7" == fix_move("discrad 7r", CLASSIC_GAME, verbs)
    assert "p1 lay R7 B7 W | G2 G3 G4" == fix_move("p1 lay r7 b7 w | g2 g3 g4", CLASSIC_GAME, verbs)
    assert fix_move("discard R7", CLASSIC_GAME, verbs) is None  # nothing to correct
    assert fix_move("xyzzy away", CLASSIC_GAME, verbs) is None
    assert "help" == suggest_word("hlep", ["help", "show", "quit"])
    assert suggest_word("xyz", ["help"]) is None


def test_play_says_did_you_mean_for_a_typo(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = play(monkeypatch, capsys, "drwa\nhlep\nquit\n", "--seed", "3")
    assert "did you mean 'draw'?" in out
    assert "did you mean 'help'?" in out


def test_play_suggests_the_card_in_hand_for_a_reversed_card(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, first, _ = play(monkeypatch, capsys, "1\nquit\n", "--seed", "3")
    hand = re.findall(r"your hand: (.*)", first)[-1].split()
    card = next(c for c in hand if c[0] in "RBGY" and c[1:].isdigit())
    typo = f"{card[1:]}{card[0].lower()}"  # R7 -> 7r
    _, out, _ = play(monkeypatch, capsys, f"1\ndiscard {typo}\nquit\n", "--seed", "3")
    assert f"did you mean 'discard {card}'?" in out


def test_card_errors_list_only_the_cards_of_the_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = play(monkeypatch, capsys, "1\ndiscard Q9\nquit\n", "--seed", "3")
    error = next(line for line in out.splitlines() if "Q9" in line)
    assert "R, B, G or Y" in error
    assert "purple" not in error.lower() and " P " not in error and "TT" not in error


# --- check: groupings and one group -------------------------------------------------------------


def test_check_names_each_bad_group_and_never_repeats_a_sentence(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "check", "R7 B7 | G2 G3", "--phase", "1")
    assert 1 == status
    assert [
        "phase 1 (2 sets of 3): these groups do not lay it down",
        "  group 1 (R7 B7), a set of 3: a set of 3 needs at least 3 cards, got 2",
        "  group 2 (G2 G3), a set of 3: the same problem as group 1",
    ] == out.splitlines()


def test_check_matches_groups_to_the_phase_in_any_order(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "check", "G2 G3 G4 Y6 | R7 B7 W", "--phase", "2")
    assert 1 == status
    assert "group 1 (G2 G3 G4 Y6), a run of 4: " in out
    assert "group 2" not in out
    status, out, _ = run(capsys, "check", "G2 G3 G4 G5 | R7 B7 W", "--phase", "2")
    assert 0 == status
    assert "lays down" in out


def test_check_one_group(capsys: pytest.CaptureFixture[str]) -> None:
    assert (0, "run of 4: valid: R3 B4 W=5 G6\n", "") == run(
        capsys, "check", "R3 B4 W G6", "--group", "run 4"
    )
    status, out, _ = run(capsys, "check", "R3 B4 G6", "--group", "run of 4")
    assert (1, "run of 4: invalid: a run of 4 needs at least 4 cards, got 3\n") == (status, out)
    status, _, err = run(capsys, "check", "R3", "--group", "run 4 + set 3")
    assert 2 == status and "--group takes one group" in err
    status, _, err = run(capsys, "check", "R3", "--group", "run 4", "--phase", "1")
    assert 2 == status and "without --phase" in err


def test_check_suggests_cards_for_a_typo(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "check", "7R B7 W", "--phase", "1")
    assert 2 == status
    assert "did you mean 'R7 B7 W'?" in err


# --- a student's bot ----------------------------------------------------------------------------


def test_a_students_bot_plays_and_simulates(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert isinstance(load_bot("tests.student_bots:FirstBot"), FirstBot)
    status, out, _ = play(
        monkeypatch, capsys, "quit\n", "--bots", "tests.student_bots:FirstBot", "--seed", "1"
    )
    assert 0 == status and "p2 FirstBot" in out
    status, out, err = run(
        capsys,
        "simulate",
        "--games",
        "2",
        "--variant",
        "classic-first-1",
        "--bots",
        "tests.student_bots:FirstBot,greedy",
    )
    assert 0 == status, err
    assert "FirstBot" in out


def test_a_bot_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "mybot.py"
    path.write_text(Path("tests/student_bots.py").read_text(encoding="utf-8"), encoding="utf-8")
    assert "FirstBot" == type(load_bot(f"{path}:FirstBot")).__name__


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("tests.no_such_module:Bot", "cannot import tests.no_such_module: ModuleNotFoundError"),
        ("tests.student_bots:Missing", "module tests.student_bots has no Missing"),
        ("tests.student_bots:NotABot", "NotABot is not a bot: it needs a method act(view, rng)"),
        ("tests.student_bots:NeedsArguments", "NeedsArguments() failed: TypeError"),
        ("/no/such/file.py:Bot", "there is no file /no/such/file.py"),
    ],
)
def test_a_bad_bot_is_a_clear_one_line_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], spec: str, message: str
) -> None:
    status, out, err = play(monkeypatch, capsys, "", "--bots", spec)
    assert (2, "") == (status, out)
    assert message in err
    assert 1 == err.count("\n")


# --- the terminal game: Ctrl-C, skips, the end of a hand ----------------------------------------


class Interrupting(io.StringIO):
    """Standard input whose first read is a Ctrl-C."""

    def __init__(self, text: str):
        super().__init__(text)
        self.interrupted = False

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        if not self.interrupted:
            self.interrupted = True
            raise KeyboardInterrupt
        return super().readline()


def test_ctrl_c_offers_to_save_and_exits_quietly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "kept.txt"
    monkeypatch.setattr(sys, "stdin", Interrupting(f"{saved}\n"))
    status = main(["play", "--seed", "4"])
    out, err = capsys.readouterr()
    assert (130, "") == (status, err)
    assert "Save the game? File name (Enter: don't save): " in out
    assert f"saved the game record to {saved}" in out
    assert "bye (this game's seed: 4)" in out
    assert "4" == GameRecord.from_text(saved.read_text(encoding="utf-8")).seed

    monkeypatch.setattr(sys, "stdin", Interrupting("\n"))
    status = main(["play", "--seed", "4"])
    out, err = capsys.readouterr()
    assert (130, "") == (status, err)
    assert "saved" not in out


def test_the_game_says_who_is_skipped_and_pauses_after_each_hand(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = play(
        monkeypatch, capsys, "1\n" * 3000, "--variant", "classic-first-2", "--seed", "2"
    )
    assert 0 == status
    assert re.search(r"(p2 is skipped: loses a turn|you are skipped: you lose a turn)", out)
    assert "-- end of hand 1:" in out
    assert "(Enter: deal hand 2) " in out


def test_end_of_input_at_the_pause_quits(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = play(
        monkeypatch, capsys, "1\n" * 3000, "--variant", "classic-first-2", "--seed", "2"
    )
    prompts = out.count("p1> ")
    _, cut, _ = play(
        monkeypatch, capsys, "1\n" * prompts, "--variant", "classic-first-2", "--seed", "2"
    )
    assert "bye" in cut


# --- replay -------------------------------------------------------------------------------------


def test_replay_shows_clean_hands_final_scores_and_a_bad_record_up_to_its_bad_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bots: list[phase10.Bot] = [phase10.GreedyBot(), phase10.RandomBot()]
    result = phase10.simulate(1, bots, variant=phase10.find_variant("classic-first-2"), record=True)
    record = result.games[0].record
    assert record is not None
    good = tmp_path / "good.txt"
    good.write_text(record.to_text(), encoding="utf-8")
    status, out, _ = run(capsys, "replay", str(good))
    assert 0 == status
    lines = out.splitlines()
    end = lines.index("-- end of hand 1:")
    assert re.fullmatch(r"   p1: .*; \d+ points this hand, \d+ in all", lines[end + 1])
    scores = ", ".join(f"p{s + 1} {p}" for s, p in enumerate(result.games[0].scores))
    assert f"final scores: {scores}" == lines[-2]

    text = record.to_text().splitlines()
    text.insert(40, "p1 discrad R7")
    bad = tmp_path / "bad.txt"
    bad.write_text("\n".join(text) + "\n", encoding="utf-8")
    status, out, err = run(capsys, "replay", str(bad))
    assert 2 == status
    assert "the record stops being valid at line 41:" == out.splitlines()[-1]
    assert str(record.actions[32]) in out  # the actions before the bad line are shown
    assert err.startswith("phase10: error: line 41: ")


def test_a_wrong_laydown_in_the_terminal_game_names_the_group(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, first, _ = play(monkeypatch, capsys, "1\nquit\n", "--seed", "3")
    hand = re.findall(r"your hand: (.*)", first)[-1].split()
    move = f"lay {hand[0]} {hand[1]} | {hand[2]} {hand[3]}"
    _, out, _ = play(monkeypatch, capsys, f"1\n{move}\nquit\n", "--seed", "3")
    first = f"group 1 ({hand[0]} {hand[1]}), a set of 3: a set of 3 needs at least 3 cards, got 2"
    assert 1 == out.count(first)
    assert f"group 2 ({hand[2]} {hand[3]}), a set of 3: the same problem as group 1" in out
