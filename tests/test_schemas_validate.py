"""Thousands of real documents validate against the shipped JSON Schemas; bad ones do not.

Seeded random games of several variants give states, views of every seat, every action
played, melds and laydowns on the table, phases, variants (built-in and custom) and the
game records; each is written with :func:`phase10.to_dict` and validated with ``jsonschema``
against its kind's schema and against the ``document`` schema. A set of broken documents is
refused both by the schema and by :func:`phase10.from_dict`.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

import pytest

from phase10 import (
    CLASSIC,
    Action,
    FormatError,
    GameRecord,
    apply,
    find_variant,
    from_dict,
    legal_actions,
    new_game,
    sample_chance,
    schemas,
    to_dict,
    view,
)
from tests.optional_deps import require

jsonschema = require("jsonschema", "schema-test")

VARIANTS = ("classic", "classic-pick", "master", "ten-phases", "ten-phases-rummy")


def validator(kind: str) -> Any:
    schema = schemas.load(kind)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema, format_checker=None)


def documents() -> list[tuple[str, dict[str, Any]]]:
    """Real documents of every kind, from seeded random games."""
    out: list[tuple[str, dict[str, Any]]] = []
    for name in VARIANTS:
        variant = find_variant(name)
        for game in range(2):
            rng = random.Random(f"schemas:{name}:{game}")
            players = 2 + game
            state = new_game(variant, players, dealer=game % players)
            out.append(("variant", to_dict(variant)))
            actions: list[Action] = []
            for step in range(250):
                if state.is_over:
                    break
                action: Action
                if state.is_chance:
                    action = sample_chance(state, rng)
                else:
                    legal = legal_actions(state)
                    action = legal[int(rng.random() * len(legal))]
                if step % 5 == 0:
                    out.append(("state", to_dict(state)))
                    out.extend(("view", to_dict(view(state, s))) for s in range(players))
                out.append(("action", to_dict(action)))
                if step % 5 == 0:
                    out.extend(("meld", to_dict(m)) for melds in state.table for m in melds)
                laydown = getattr(action, "laydown", None)
                if laydown is not None:
                    out.append(("laydown", to_dict(laydown)))
                    out.append(("phase", to_dict(laydown.phase)))
                out.extend(("card", to_dict(c)) for c in state.players[0].hand[:1])
                actions.append(action)
                state = apply(state, action)
            record = GameRecord(
                variant=variant,
                num_players=players,
                actions=tuple(actions),
                dealer=game % players,
                seed=str(game),
            )
            out.append(("record", to_dict(record)))
    custom = CLASSIC.with_options(name="my-classic", hand_size=9)
    out.append(("variant", to_dict(custom)))
    out.append(("state", to_dict(new_game(custom, 3))))
    return out


@pytest.fixture(scope="module")
def real() -> list[tuple[str, dict[str, Any]]]:
    return documents()


def test_thousands_of_real_documents_validate(real: list[tuple[str, dict[str, Any]]]) -> None:
    kinds = Counter(kind for kind, _ in real)
    assert set(schemas.KINDS) - {"document"} == set(kinds)
    assert len(real) > 2000
    checks = {kind: validator(kind) for kind in schemas.KINDS}
    actions = set()
    for kind, doc in real:
        errors = [e.message for e in checks[kind].iter_errors(doc)]
        assert [] == errors, (kind, doc)
        if kind == "action":
            actions.add(doc["action"]["action"])
        else:  # the union schema too (every action kind fits just one branch of it)
            assert checks["document"].is_valid(doc), (kind, doc)
    # every action type was written at least once by these variants
    assert {
        *("draw", "take", "lay", "hit", "discard", "deal", "turnup", "reveal"),
        *("announce", "choose", "draw2", "keep", "keephand", "offer"),
    } <= actions


def _bad(doc: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    broken = copy.deepcopy(doc)
    node: Any = broken
    for key in path[:-1]:
        node = node[key]
    if value is _DELETE:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return broken


_DELETE = object()


def test_broken_documents_fail_the_schema_and_the_reader(
    real: list[tuple[str, dict[str, Any]]],
) -> None:
    first = {kind: doc for kind, doc in reversed(real)}
    state = first["state"]
    cases = [
        ("card", _bad(first["card"], ("card",), "X")),
        ("card", _bad(first["card"], ("card",), 7)),
        ("card", _bad(first["card"], ("format",), "phase10/2")),
        ("card", {**first["card"], "extra": 1}),
        ("meld", _bad(first["meld"], ("meld", "cards"), [])),
        ("meld", _bad(first["meld"], ("meld", "group", "kind"), "Pair")),
        ("action", _bad(first["action"], ("action", "action"), "fly")),
        ("state", _bad(state, ("state", "turn"), -2)),
        ("state", _bad(state, ("state", "dealer"), _DELETE)),
        ("state", _bad(state, ("state", "step"), "NAP")),
        ("view", _bad(first["view"], ("view", "current_player"), -5)),
        ("variant", _bad(first["variant"], ("variant",), "no-such-variant")),
        ("record", _bad(first["record"], ("record", "actions"), "p1 draw")),
    ]
    for kind, doc in cases:
        assert not validator(kind).is_valid(doc), (kind, doc)
        with pytest.raises(FormatError):
            from_dict(doc)
