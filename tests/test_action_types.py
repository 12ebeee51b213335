"""The one list of action kinds (``ACTION_TYPES``) and the metadata on each class.

Notation, JSON, the schemas, records, the rules and the table read the class constants
(``tag``, ``verbs``, ``is_chance``, ``operands``) instead of keeping lists of their own. The
last test proves it: a copy of the package with one more kind of action, added to the one
tuple and nowhere else, is written, read and refused by every codec.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import textwrap
import typing
from pathlib import Path

import attrs
import pytest

import phase10
from phase10 import (
    ACTION_TYPES,
    CHANCE_ACTION_TYPES,
    MASTER,
    PLAYER_ACTION_TYPES,
    TEN_PHASES,
    Operands,
    legal_actions,
    new_game,
)
from phase10.encoding import _IDS

PACKAGE_DIR = Path(phase10.__file__).parent


def _members(union: object) -> tuple[object, ...]:
    return typing.get_args(union)


def test_the_unions_list_the_same_kinds_in_the_same_order() -> None:
    assert _members(phase10.PlayerAction) == PLAYER_ACTION_TYPES
    assert _members(phase10.ChanceAction) == CHANCE_ACTION_TYPES
    assert (*PLAYER_ACTION_TYPES, *CHANCE_ACTION_TYPES) == ACTION_TYPES


def test_tags_and_verbs_are_unique() -> None:
    tags = [t.tag for t in ACTION_TYPES]
    verbs = [v for t in ACTION_TYPES for v in t.verbs]
    assert sorted(set(tags)) == sorted(tags)
    assert sorted(set(verbs)) == sorted(verbs)


def test_the_metadata_is_no_field() -> None:
    # class constants: equality, repr and JSON are those of the fields alone
    for t in ACTION_TYPES:
        names = {f.name for f in attrs.fields(t)}
        assert set() == names & {"tag", "verbs", "is_chance", "operands"}, t
        assert (not t.is_chance) == ("player" in names), t
    assert "Draw(player=0)" == repr(phase10.Draw(0))


def test_the_json_tags_are_those_of_format_1() -> None:
    # the tags are part of the phase10/1 format: they must never change
    expected = [
        "draw",
        "take",
        "lay",
        "hit",
        "discard",
        "draw2",
        "keep",
        "offer",
        "choose",
        "keephand",
        "announce",
        "deal",
        "turnup",
        "reveal",
        "reshuffle",
    ]
    assert expected == [t.tag for t in ACTION_TYPES]


def _some_actions() -> list[phase10.Action]:
    """Legal actions of every kind, from random games of Master and "10 Phases".

    The seeds are ones whose games meet every kind (a Keep all kept to the end of a hand in
    Master, a reshuffle in both).
    """
    found: dict[type, phase10.Action] = {}
    for variant, seed in ((MASTER, 2), (TEN_PHASES, 0)):
        rng = random.Random(f"action-types:{variant.name}:{seed}")
        state = new_game(variant, 3)
        for _ in range(600):
            if state.is_over or len(found) == len(ACTION_TYPES):
                break
            legal = (
                [a for a, _ in phase10.chance_outcomes(state)]
                if state.is_chance
                else legal_actions(state)
            )
            for a in legal:
                found.setdefault(type(a), a)
            state = phase10.apply(state, rng.choice(legal))
    return list(found.values())


@pytest.fixture(scope="module")
def some_actions() -> list[phase10.Action]:
    return _some_actions()


def test_every_kind_is_met_in_play(some_actions: list[phase10.Action]) -> None:
    assert set(ACTION_TYPES) == {type(a) for a in some_actions}


def test_notation_writes_the_verb_and_json_the_tag(some_actions: list[phase10.Action]) -> None:
    for action in some_actions:
        kind = type(action)
        words = str(action).split()
        verb = words[0] if kind.is_chance else words[1]
        assert verb in kind.verbs, action
        assert kind.tag == json.loads(phase10.to_json(action))["action"]["action"]


def test_the_encoding_gives_an_id_to_every_kind_but_the_laydowns() -> None:
    # laydowns are sequences of sub-decisions (phase10.encoding), every other kind one id
    laid = {t for t in ACTION_TYPES if t.operands in (Operands.LAYDOWN, Operands.ANNOUNCE)}
    assert {phase10.LayDown, phase10.Announce} == laid
    assert set(ACTION_TYPES) - laid == set(_IDS)


# A copy of the package whose actions.py has two more kinds of action, in the one tuple only.
_FAKES = '''

@attrs.frozen(cache_hash=True)
class Pass:
    """A fake player's action that writes nothing after its verb."""

    tag: ClassVar[str] = "pass"
    verbs: ClassVar[tuple[str, ...]] = ("pass",)
    is_chance: ClassVar[bool] = False
    operands: ClassVar[Operands] = Operands.NONE

    player: int = attrs.field(validator=_int)

    def __str__(self) -> str:
        return f"{seat_name(self.player)} {self.verbs[0]}"


@attrs.frozen(cache_hash=True)
class Cut:
    """A fake chance action without fields."""

    tag: ClassVar[str] = "cut"
    verbs: ClassVar[tuple[str, ...]] = ("cut",)
    is_chance: ClassVar[bool] = True
    operands: ClassVar[Operands] = Operands.NONE

    def __str__(self) -> str:
        return self.verbs[0]

'''

_CHECKS = r"""
import json
import random

import phase10
from phase10 import actions, records, rules, schemas, serialize, table
from phase10.actions import Cut, Pass

seen = {}
for action in (Pass(1), Cut()):
    text = serialize.to_json(action)
    seen["json " + str(action)] = json.loads(text)["action"]
    assert serialize.from_json(text) == action
schema = schemas.generate()["action"]
defs = schema["$defs"]
seen["schema"] = sorted(
    defs[ref["$ref"].rpartition("/")[2]]["properties"]["action"]["const"]
    for ref in defs["action"]["oneOf"]
)
variant = phase10.CLASSIC
seen["events"] = [str(phase10.parse_event(t, variant).action) for t in ("p2 pass", "cut")]
state, _ = phase10.play_chance(phase10.new_game(variant, 2), random.Random(1))
for text in ("p2 pass", "cut"):
    try:
        phase10.parse_action(state, text)
    except phase10.IllegalActionError as exc:
        seen["parse " + text] = exc.code.name
for action in (Pass(1), Cut()):
    try:
        rules.check(state, action)
    except phase10.IllegalActionError as exc:
        seen["check " + str(action)] = exc.code.name
record = records.GameRecord(variant=variant, num_players=2, actions=(Cut(),))
seen["record"] = [str(a) for a in record.actions]
t = table.Table.new(variant, [None, None], seed="fake")
try:
    t.submit(t.waiting_for, Cut())
except phase10.IllegalActionError as exc:
    seen["table"] = exc.code.name
print(json.dumps(seen, sort_keys=True))
"""


def _with_fakes(tmp_path: Path) -> Path:
    copy = tmp_path / "src" / "phase10"
    shutil.copytree(PACKAGE_DIR, copy, ignore=shutil.ignore_patterns("__pycache__"))
    source = (copy / "actions.py").read_text(encoding="utf-8")
    head, sep, tail = source.partition("\n#: Every kind of action, players' first")
    assert sep, "actions.py no longer defines ACTION_TYPES where this test expects it"
    tail = tail.replace("    Reshuffle,\n)", "    Reshuffle,\n    Pass,\n    Cut,\n)", 1)
    (copy / "actions.py").write_text(head + _FAKES + sep + tail, encoding="utf-8")
    return copy.parent


def test_a_new_kind_of_action_needs_only_its_class_and_its_place_in_the_tuple(
    tmp_path: Path,
) -> None:
    src = _with_fakes(tmp_path)
    env = {**os.environ, "PYTHONPATH": str(src)}
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(_CHECKS)],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        check=False,
        timeout=300,
    )
    assert "" == done.stderr
    seen = json.loads(done.stdout)
    assert {"action": "pass", "player": 1} == seen["json p2 pass"]
    assert {"action": "cut"} == seen["json cut"]
    assert {"pass", "cut"} <= set(seen["schema"])
    assert ["p2 pass", "cut"] == seen["events"]
    # read as notation, then refused by the rules as never legal (not a syntax error)
    # read as notation, then refused by the rules as they refuse any action never legal
    # here: not a syntax error, not an unknown action
    assert "WRONG_STEP" == seen["parse p2 pass"] == seen["check p2 pass"]
    assert "NOT_CHANCE" == seen["parse cut"] == seen["check cut"]
    assert ["cut"] == seen["record"]
    assert "NOT_CHANCE" == seen["table"]
