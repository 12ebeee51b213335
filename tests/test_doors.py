"""Every door that reads untrusted input runs the same checks (issue 23, item 4).

One catalogue of hostile documents goes to every door that reads JSON (``from_json``,
``Table.submit``, a record's ``Variant`` header) and to the shipped JSON schemas: where the
schema can judge a document (its shape, its card and variant spellings), the library and
the schema agree; what only the library can judge (a history against its state) it
refuses.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from phase10 import (
    CLASSIC,
    FormatError,
    GameRecord,
    LimitError,
    NotationError,
    Phase10Error,
    apply,
    from_json,
    schemas,
    to_json,
)
from phase10.table import Table
from tests.capped import run_capped
from tests.helpers import draw, lay, start
from tests.optional_deps import require
from tests.test_renamed_phases import HANDS

jsonschema = require("jsonschema", "schema-test")


def doc(kind: str, value: Any) -> str:
    return json.dumps({"format": "phase10/1", kind: value})


MELD = {"group": {"kind": "SetOf", "size": 3}, "cards": ["R7", "B7", "G7"]}

#: Documents of a shape, spelling or name the format does not have: refused by every door.
SLOPPY = (
    doc("card", " R7"),
    doc("card", "R7 "),
    doc("card", "R\t7"),
    doc("variant", "CLASSIC"),
    doc("variant", " classic"),
    doc("variant", "Master"),
    doc("meld", {**MELD, "cards": ["R7", " B7", "G7"]}),
    doc("action", {"action": "discard", "player": 0, "card": "r7 "}),
)

#: Documents of the format: accepted by every door (the letters of a card in either case).
WRITTEN = (
    doc("card", "r7"),
    doc("variant", "classic-first-3"),
    doc("variant", "master-first-2"),
    doc("meld", MELD),
)

#: The same key twice in one object: JSON leaves it open, so the schemas cannot see it.
TWICE = (
    '{"format": "phase10/1", "card": "R7", "card": "B7"}',
    '{"format": "phase10/1", "action": {"action": "draw", "player": 0, "player": 1}}',
)


def schema_accepts(text: str) -> bool:
    validator = jsonschema.Draft202012Validator(schemas.load("document"))
    return bool(validator.is_valid(json.loads(text)))


def library_accepts(text: str) -> bool:
    try:
        from_json(text)
    except (FormatError, LimitError):
        return False
    return True


@pytest.mark.parametrize("text", SLOPPY + WRITTEN)
def test_the_library_and_the_schemas_agree(text: str) -> None:
    assert schema_accepts(text) == library_accepts(text)
    assert (text in WRITTEN) == library_accepts(text)


@pytest.mark.parametrize("text", TWICE)
def test_a_key_twice_is_refused_by_every_json_door(text: str) -> None:
    with pytest.raises(FormatError, match="appears twice"):
        from_json(text)
    table = Table.new(CLASSIC, [None, None], seed="twice")
    with pytest.raises(FormatError, match="appears twice"):
        table.submit(table.waiting_for or 0, text)
    header = '[Variant {"name": "x", "name": "y"}]\n[Players "2"]\n'
    with pytest.raises(NotationError, match="appears twice") as caught:
        GameRecord.from_text(header, partial=True)
    assert 1 == caught.value.line


def laid_state_json() -> dict[str, Any]:
    """A 2-player state in which p1 has laid down, as a JSON document."""
    state = draw(start(HANDS, "G12"), "Y7")
    after = apply(state, lay(state, "R7 B7 G7", "R9 B9 G9"))
    document: dict[str, Any] = json.loads(to_json(after))
    return document


def with_history(document: dict[str, Any], events: list[str]) -> str:
    changed = json.loads(json.dumps(document))
    changed["state"]["history"] = [*changed["state"]["history"], *events]
    return json.dumps(changed)


def test_a_history_is_checked_against_its_state() -> None:
    document = laid_state_json()
    history = document["state"]["history"]
    laid = next(e for e in history if e.startswith("p1 lay "))
    assert library_accepts(json.dumps(document))
    hostile = {
        "names p6 in a 2-player game": with_history(document, ["p6 draw"]),
        "a laydown by a seat that has not laid down": with_history(document, ["p2" + laid[2:]]),
        "nine takes of W, none discarded": with_history(document, ["p1 take W"] * 9),
        "a hand's end with three scores": with_history(
            document, ["hand 1 over: p1 went out; scores 0 0 0"]
        ),
    }
    for why, text in hostile.items():
        assert schema_accepts(text), why  # the schemas check shapes, not a game's story
        with pytest.raises(FormatError) as caught:
            from_json(text)
        assert caught.value.path.startswith("$.state.history["), why


def test_the_record_door_checks_its_length_first() -> None:
    code = """
import phase10
text = '[Variant "classic"]\\n[Players "2"]\\n' + "# " + "x" * 2_000_000 + "\\n"
try:
    phase10.GameRecord.from_text(text)
except phase10.LimitError as exc:
    print(exc.limit)
"""
    assert "max_text_length" == run_capped(code, cpu_seconds=10, memory_mb=512).strip()


def test_every_refusal_is_a_phase10_error() -> None:
    for text in SLOPPY + TWICE:
        with pytest.raises(Phase10Error):
            from_json(text)


def nested(depth: int) -> str:
    """A JSON text of ``depth`` arrays, one inside the other."""
    return "[" * depth + "]" * depth


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16", "utf-32"])
def test_json_nested_one_level_too_deep_is_refused_in_every_encoding(encoding: str) -> None:
    # the depth is checked by the library (100 levels), not by Python's parser, whose
    # limit differs between versions; a text with few brackets skips the walk
    for text in (nested(101), '{"a": ' * 101 + "1" + "}" * 101):
        with pytest.raises(FormatError, match="nested too deeply"):
            from_json(text.encode(encoding))
        with pytest.raises(FormatError, match="nested too deeply"):
            from_json(text)
    with pytest.raises(FormatError) as caught:
        from_json(nested(100).encode(encoding))
    assert "nested too deeply" not in str(caught.value)


def test_json_with_many_brackets_but_shallow_is_not_too_deep() -> None:
    wide = "[" + ",".join(["[[]]"] * 200) + "]"  # 601 brackets, 3 levels
    inside = json.dumps(["[" * 200])  # brackets inside a string nest nothing
    for text in (wide, inside):
        with pytest.raises(FormatError) as caught:
            from_json(text)
        assert "nested too deeply" not in str(caught.value)


def test_a_card_is_taken_no_more_often_than_it_was_offered_counting_repeats() -> None:
    # a text given twice is one event object read back (the variant's cache of events
    # read), and counts twice
    document = laid_state_json()
    assert "turnup G12" in document["state"]["history"]
    offers = ["p2 discard R3", "p1 discard R3"] * 2
    fine = with_history(document, [*offers, "p1 take R3", "p2 take R3", *["p1 take R3"] * 2])
    assert library_accepts(fine)
    assert library_accepts(with_history(document, ["p1 take G12"]))
    too_many = {
        "G12 is taken 2 times in this hand, but discarded or turned up only 1": ["p1 take G12"] * 2,
        "R3 is taken 5 times in this hand, but discarded or turned up only 4": [
            *offers,
            *["p2 take R3"] * 5,
        ],
    }
    for message, events in too_many.items():
        with pytest.raises(FormatError, match=message) as caught:
            from_json(with_history(document, events))
        assert caught.value.path.startswith("$.state.history[")
