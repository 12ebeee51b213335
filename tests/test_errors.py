"""Error codes (issue 14): every Phase10Error has a stable string ``.code`` and ``to_dict()``.

A server maps errors to responses by code, never by message; the codes are the table in
docs/reference/errors.md, which this test keeps complete.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

import phase10
from phase10 import (
    AmbiguousActionError,
    Draw,
    FormatError,
    IllegalActionError,
    InvalidMeldError,
    MeldProblem,
    NotationError,
    Phase10Error,
    Violation,
    from_json,
    new_game,
    parse_action,
    parse_card,
)

ERRORS_PAGE = Path(__file__).parent.parent / "docs" / "reference" / "errors.md"


def error_classes() -> list[type[Phase10Error]]:
    """Every public error class, the root included."""
    return [
        obj
        for name in phase10.__all__
        if isinstance(obj := getattr(phase10, name), type) and issubclass(obj, Phase10Error)
    ]


def test_every_error_class_has_its_own_code() -> None:
    codes = {cls.__name__: cls.code for cls in error_classes() if "code" in vars(cls)}
    # IllegalActionError (and LaydownError) take theirs from the Violation
    without = {c.__name__ for c in error_classes()} - set(codes)
    assert {"IllegalActionError", "LaydownError"} == without
    assert all(codes.values())
    assert len(set(codes.values())) == len(codes)
    assert not set(codes.values()) & {v.value for v in Violation}


def test_a_violation_is_its_string_code() -> None:
    code: str = Violation.GAME_OVER
    assert "game-over" == code
    assert "game-over" == Violation.GAME_OVER.value
    assert "Violation.GAME_OVER" == str(Violation.GAME_OVER)  # unchanged by issue 14
    assert Violation.GAME_OVER is Violation("game-over")


def test_the_codes_table_lists_every_code() -> None:
    page = ERRORS_PAGE.read_text(encoding="utf-8")
    listed = set(re.findall(r"^\| `([a-z-]+)` \|", page, re.MULTILINE))
    expected = {cls.code for cls in error_classes() if "code" in vars(cls)}
    expected |= {v.value for v in Violation}
    assert expected == listed


def test_to_dict_of_real_errors() -> None:
    state = new_game(phase10.CLASSIC, 2)
    cases: list[tuple[Phase10Error, dict[str, object]]] = []
    calls: list[Callable[[], object]] = [
        lambda: parse_card("X9"),
        lambda: from_json('{"format": "phase10/1", "type": "card", "card": 3}'),
        lambda: parse_action(state, "p1 draw"),
        lambda: phase10.check(state, Draw(0)),
    ]
    for call in calls:
        with pytest.raises(Phase10Error) as info:
            call()
        document = info.value.to_dict()
        assert json.loads(json.dumps(document)) == document
        assert str(info.value) == document["message"]
        cases.append((info.value, document))
    assert ["notation", "format", "chance-to-act", "chance-to-act"] == [d["code"] for _, d in cases]
    assert isinstance(cases[1][0], FormatError)
    assert cases[1][0].path == cases[1][1]["path"]
    assert isinstance(cases[2][0], IllegalActionError)
    assert "p1 draw" == cases[3][1]["action"]


def test_to_dict_details() -> None:
    ambiguous = AmbiguousActionError("two fit", text="x", candidates=[Draw(0), Draw(1)])
    assert {
        "code": "ambiguous-action",
        "message": "two fit",
        "id": "error.ambiguous-action",
        "params": {},
        "hint": None,
        "text": "x",
        "candidates": ["p1 draw", "p2 draw"],
    } == ambiguous.to_dict()
    meld = InvalidMeldError("no", problem=MeldProblem.GAP)
    assert {
        "code": "invalid-meld",
        "message": "no",
        "id": "error.invalid-meld",
        "params": {},
        "hint": None,
        "problem": "gap",
    } == meld.to_dict()
    notation = NotationError("bad", text="a b", token="b", position=2, line=3)
    assert {
        "code": "notation",
        "message": "bad",
        "id": "error.notation",
        "params": {},
        "hint": None,
        "text": "a b",
        "token": "b",
        "position": 2,
        "line": 3,
    } == notation.to_dict()


@pytest.mark.parametrize(
    "call",
    [
        lambda: phase10.win_interval(3, -1),
        lambda: phase10.win_interval(5, 4),
        lambda: phase10.simulate(-1, [phase10.RandomBot()] * 2),
        lambda: phase10.analysis.unseen_cards(new_game(phase10.CLASSIC, 2)),
        lambda: phase10.view(object(), 0),  # type: ignore[arg-type]
    ],
)
def test_a_bad_argument_is_an_argument_error(call: Callable[[], object]) -> None:
    # no raw builtin error reaches a user: the argument error is typed and coded, and stays
    # a ValueError and a TypeError for code that catches either
    with pytest.raises(phase10.ArgumentError) as caught:
        call()
    error = caught.value
    assert isinstance(error, ValueError)
    assert isinstance(error, TypeError)
    assert "argument" == error.to_dict()["code"]
    assert "Esa solicitud no es válida." == error.player_message("es")
