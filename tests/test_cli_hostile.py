"""The command line given hostile input: escapes in seeds, tags and names; unreadable files.

A seed, a record tag or a name is echoed escaped (a terminal never sees its ESC or BEL), and a
record that is not UTF-8, a directory or an endless device is refused with one line on stderr
and exit status 2, read in at most the record size limit (issue 24, defect 5).
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from phase10 import GameRecord, find_variant
from phase10.cli import main
from phase10.cli._common import printable, read_record_text, record_size_limit
from phase10.errors import LimitError, NotationError
from phase10.limits import DEFAULT_LIMITS, use_limits

HOSTILE = "7\x1b]0;owned\x07\x1b[2J\x9b\u202e"
SHOWN = "7\\x1b]0;owned\\x07\\x1b[2J\\x9b\\u202e"


def run(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *argv: str
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def assert_inert(*texts: str) -> None:
    for text in texts:
        assert [] == [ch for ch in text if ch not in "\n" and not (ch == " " or ch.isprintable())]


# --- the one helper -------------------------------------------------------------------------


@given(st.text())
def test_printable_leaves_nothing_a_terminal_acts_on(text: str) -> None:
    shown = printable(text)
    assert_inert(shown)
    assert "\n" not in shown


@given(st.text(st.characters().filter(lambda ch: ch == " " or ch.isprintable())))
def test_printable_keeps_printable_text(text: str) -> None:
    assert text == printable(text)


def test_printable_writes_escapes_as_python_does() -> None:
    assert SHOWN == printable(HOSTILE)
    assert "a\\nb" == printable("a\nb")
    assert "a\nb\\x1b" == printable("a\nb\x1b", lines=True)


# --- escapes in what the commands echo ------------------------------------------------------


def test_play_echoes_a_seed_escaped(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(monkeypatch, capsys, "play", "--seed", HOSTILE)
    assert (0, "") == (status, err)
    assert f"seed {SHOWN}: play this game again with --seed {SHOWN}" in out
    assert_inert(out)


def test_replay_echoes_a_seed_and_tags_escaped(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = GameRecord(
        variant=find_variant("classic"),
        num_players=2,
        seed=HOSTILE,
        tags=(("Event", HOSTILE), ("Bots", "GreedyBot\x07")),
    )
    path = tmp_path / "game.txt"
    path.write_text(record.to_text(), encoding="utf-8")
    status, out, err = run(monkeypatch, capsys, "replay", str(path))
    assert (0, "") == (status, err)
    assert out.splitlines()[0].startswith(f"classic, 2 players, seed {SHOWN}, phase10 ")
    assert f"Event: {SHOWN}" in out.splitlines()
    assert "Bots: GreedyBot\\x07" in out.splitlines()
    assert_inert(out)


def test_play_load_echoes_the_records_seed_escaped(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.txt"
    record = GameRecord(variant=find_variant("classic"), num_players=2, seed=HOSTILE)
    path.write_text(record.to_text(), encoding="utf-8")
    status, out, err = run(monkeypatch, capsys, "play", "--load", str(path))
    assert (0, "") == (status, err)
    assert "bye" == out.splitlines()[-1]
    assert_inert(out)


def test_simulate_echoes_a_seed_escaped(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ("simulate", "--games", "1", "--variant", "classic-first-1", "--seed", HOSTILE)
    status, out, err = run(monkeypatch, capsys, *argv)
    assert 0 == status
    assert f"1 games of classic-first-1, seed {SHOWN}" in out.splitlines()
    assert_inert(out, err)


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "--variant", HOSTILE],
        ["simulate", "--bots", f"greedy,{HOSTILE}"],
        ["replay", f"/nonexistent/{HOSTILE}"],
        ["check", HOSTILE, "--phase", "1"],
    ],
)
def test_errors_echo_their_input_escaped(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    status, out, err = run(monkeypatch, capsys, *argv)
    assert (2, "") == (status, out)
    assert err.startswith("phase10: error: ")
    assert 1 == err.count("\n")
    assert_inert(err)


# --- files that are no record ---------------------------------------------------------------


def not_utf8(tmp_path: Path) -> Path:
    path = tmp_path / "latin1.txt"
    path.write_bytes(b'[Variant "classic"]\n[Players "2"]\n[Event "caf\xe9"]\n')
    return path


@pytest.mark.parametrize("command", [["replay"], ["play", "--load"]])
@pytest.mark.parametrize("kind", ["not UTF-8", "a directory", "endless"])
def test_a_file_that_holds_no_record_is_one_coded_line(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    command: list[str],
    kind: str,
) -> None:
    limit = DEFAULT_LIMITS.max_text_length
    path, expected = {
        "not UTF-8": (
            not_utf8(tmp_path),
            f"{tmp_path}/latin1.txt: a record is UTF-8 text; line 3 holds the byte 0xe9, ",
        ),
        "a directory": (tmp_path, f"cannot use {tmp_path}: Is a directory"),
        # read only up to the limit, never to the end
        "endless": (Path("/dev/zero"), f"/dev/zero: a record is at most {limit} bytes"),
    }[kind]
    status, out, err = run(monkeypatch, capsys, *command, str(path))
    assert (2, "") == (status, out)
    assert err.startswith(f"phase10: error: {expected}")
    assert 1 == err.count("\n")


def test_a_record_that_is_not_utf8_is_a_notation_error_naming_the_line(tmp_path: Path) -> None:
    with pytest.raises(NotationError) as caught:
        read_record_text(not_utf8(tmp_path))
    assert ("notation", 3) == (caught.value.code, caught.value.line)


def test_a_record_over_the_limit_is_refused_before_reading_on(tmp_path: Path) -> None:
    path = tmp_path / "big.txt"
    path.write_bytes(b"#" * 101)
    with use_limits(DEFAULT_LIMITS.raised(max_text_length=100)):
        assert 100 == record_size_limit()
        with pytest.raises(LimitError) as caught:
            read_record_text(path)
        path.write_bytes(b"#" * 100)
        assert "#" * 100 == read_record_text(path)
    assert ("limit", "max_text_length", 100, 101) == (
        caught.value.code,
        caught.value.limit,
        caught.value.maximum,
        caught.value.value,
    )
