"""Real payloads, events and errors of seeded tables validate against the client schemas.

Needs ``jsonschema`` (the ``schema-test`` group): an extras test. The schemas refer to the
view and action schemas beside them (``../view.json``); a registry of every shipped schema
by its ``$id`` resolves those references as a client's validator would.
"""

from __future__ import annotations

import copy
import itertools
import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

import phase10
from phase10 import GreedyBot, Phase10Error, RandomBot, find_variant, legal_actions, schemas
from phase10.table import CLIENT_SCHEMAS, Table, client_schema
from tests.optional_deps import require

jsonschema = require("jsonschema", "schema-test")
referencing = require("referencing", "schema-test")


def validator(name: str) -> Any:
    shipped = [schemas.load(k) for k in schemas.KINDS] + [client_schema(n) for n in CLIENT_SCHEMAS]
    registry = referencing.Registry().with_resources(
        (s["$id"], referencing.Resource.from_contents(s)) for s in shipped
    )
    schema = client_schema(name)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema, registry=registry)


PAYLOAD = validator("table-payload")
EVENT = validator("table-event")
ERROR = validator("error")


def games() -> list[list[Table]]:
    """Seeded games of several variants: a person (random moves) against bots."""
    out = []
    for n, name in enumerate(("classic", "classic-pick", "master", "ten-phases")):
        seats = [None, GreedyBot()] + ([RandomBot()] if n % 2 else [])
        t = Table.new(
            find_variant(name),
            seats,
            seed=f"schema-{name}",
            names=["Ann", "Bo", "Cy"][: len(seats)],
        )
        rng = random.Random(name)
        tables = [t]
        while not t.is_over and len(tables) < 80:
            t = t.submit(0, rng.choice(legal_actions(t.state)), expect=t.version)
            tables.append(t)
        out.append(tables)
    return out


GAMES = games()


def test_real_payloads_and_events_validate() -> None:
    verbs: Counter[str] = Counter()
    checked = 0
    for tables in GAMES:
        # every 8th move (validating a payload takes ~0.1 s), each seat's news since it
        for before, t in list(itertools.pairwise(tables))[::8]:
            for seat in range(len(t.seats)):
                p = t.payload(seat, since=len(before.record.actions))
                PAYLOAD.validate(p)
                for event in p["events"]:
                    EVENT.validate(event)
                    verbs[event["verb"]] += 1
                checked += 1
        PAYLOAD.validate(tables[-1].payload(0))  # the whole game's news at once
    assert checked > 80
    assert {"deal", "draw", "take", "discard", "reveal", "turnup"} <= set(verbs)


def errors() -> list[Phase10Error]:
    t = Table.new(phase10.CLASSIC, [None, GreedyBot()], seed="errors", undo="own-turn-no-draw")
    drawn = t.submit(0, "draw", expect=0)
    hand = drawn.state.players[0].hand
    calls: list[Callable[[], object]] = [
        lambda: t.submit(0, "discrad R7"),
        lambda: t.submit(0, "{not json"),
        lambda: t.submit(0, {"format": "phase10/1", "action": {"action": "draw"}}),
        lambda: t.submit(0, "discard R7"),
        lambda: drawn.submit(0, f"lay {hand[0]} {hand[1]} | {hand[2]} {hand[3]}"),
        lambda: t.submit(0, "draw", expect=0),
        lambda: t.submit(0, "draw", expect=7),
        lambda: drawn.undo(seat=0),
        lambda: t.submit(5, "draw"),
        lambda: t.submit(0, "x" * 20_000),
        lambda: phase10.parse_card("R0"),
        lambda: phase10.from_json('{"format": "phase10/1", "card": "R99999999999"}'),
        lambda: phase10.parse_action(drawn.state, "discard"),
    ]
    found = []
    for call in calls:
        with pytest.raises(Phase10Error) as info:
            call()
        found.append(info.value)
    return found


def test_real_errors_validate() -> None:
    found = errors()
    codes = {e.code for e in found}
    for error in found:
        ERROR.validate(error.to_dict())
    assert {"notation", "format", "stale-move", "undo-refused", "phase-not-complete"} <= codes


@pytest.mark.parametrize(
    ("schema", "break_it"),
    [
        ("payload", lambda p: p.update(seed="abc")),
        ("payload", lambda p: p["hand"][0].update(id="R7")),
        ("payload", lambda p: p["hand"][0].update(card="R0x")),
        ("payload", lambda p: p.update(version=-1)),
        ("payload", lambda p: p["names"].append("bad\x1bname")),
        ("payload", lambda p: p["moves"][0].update(verb="cheat")),
        ("payload", lambda p: p["moves"][0].update(options=[])),
        ("payload", lambda p: p["events"][0].update(verb="peek")),
        ("payload", lambda p: p["events"][0].update(text="two\nlines")),
        ("payload", lambda p: p["view"].update(secret=1)),
        ("event", lambda e: e.pop("verb")),
        ("error", lambda e: e.update(code="stale-move")),
        ("error", lambda e: e.update(extra=True)),
    ],
)
def test_broken_documents_are_refused(
    schema: str, break_it: Callable[[dict[str, Any]], None]
) -> None:
    t = GAMES[0][1]
    good = {
        "payload": t.payload(0),
        "event": t.events_for(0)[0].to_dict(),
        "error": errors()[0].to_dict(),
    }[schema]
    check = {"payload": PAYLOAD, "event": EVENT, "error": ERROR}[schema]
    check.validate(good)
    bad = copy.deepcopy(good)
    break_it(bad)
    assert not check.is_valid(json.loads(json.dumps(bad)))
