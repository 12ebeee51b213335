"""Fuzz tests over untrusted input (issue 12): only the library's own errors, and fast.

Hostile JSON documents (valid documents of every kind, custom variants and phases included,
with values swapped for hostile ones), phase texts, card texts and action notation. Every
call either succeeds or raises a :class:`~phase10.Phase10Error` subclass, never a raw
``ValueError``, ``KeyError``, ``OverflowError`` or ``MemoryError``, and answers within a
bounded number of function calls (counted by ``tests.work``, not timed: the largest seen
is under 5,000).
"""

from __future__ import annotations

import contextlib
import functools
import json
import random
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import phase10
from phase10 import (
    CLASSIC,
    CLASSIC_PHASES,
    Phase,
    Phase10Error,
    from_json,
    parse_action,
    parse_cards,
    to_dict,
)
from tests.work import calls_made

FUZZ = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])


#: The most function calls one fuzzed call may make (the largest seen is about a tenth of
#: it): a count, not a time, so that a loaded machine cannot fail the test.
MAX_CALLS = 50_000


def answers(call: Callable[[], object]) -> None:
    """``call`` returns or raises a Phase10Error, within ``MAX_CALLS`` function calls."""

    def guarded() -> None:
        with contextlib.suppress(Phase10Error):
            call()

    made = calls_made(guarded)
    assert made < MAX_CALLS


@functools.cache
def base_documents() -> tuple[Any, ...]:
    """Valid documents of every kind, from seeded games of every built-in variant."""
    docs: list[Any] = []
    for name in phase10.variant_names():
        variant = phase10.find_variant(name)
        rng = random.Random(f"fuzz:{name}")
        state = phase10.new_game(variant, 3)
        for step in range(120):
            if state.is_over:
                break
            if step % 40 == 0:
                docs.append(to_dict(state))
                docs.append(to_dict(phase10.view(state, 0)))
            if state.is_chance:
                action: phase10.Action = phase10.sample_chance(state, rng)
            else:
                legal = phase10.legal_actions(state)
                action = legal[int(rng.random() * len(legal))]
                docs.append(to_dict(action))
            state = phase10.apply(state, action)
    custom = CLASSIC.with_options(name="custom", phases=CLASSIC_PHASES[:3])
    docs.append(to_dict(custom))
    docs.append(to_dict(phase10.find_variant("master").with_options(name="custom-master")))
    docs.append(to_dict(Phase.parse("3 runs of 4 + colour run 3")))
    laydown = phase10.find_laydown("R7 B7 W G2 G3 G4 Y5", CLASSIC_PHASES[1])
    assert laydown is not None
    docs.append(to_dict(laydown))
    docs.append(to_dict(laydown.melds[1]))
    docs.append(to_dict(phase10.parse_card("W1-6:RG")))
    return tuple(docs)


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside a JSON value."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += paths(item, (*prefix, i))
    return found


def replaced(doc: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    copy = json.loads(json.dumps(doc))
    where = copy
    for step in path[:-1]:
        where = where[step]
    where[path[-1]] = new
    return copy


HOSTILE_INTS = st.sampled_from(
    [-1, 0, 1, 2, 12, 13, 30, 31, 200, 1000, 10**7, 10**9, 10**10, 10**23, 2**63, -(10**23)]
)
LEAVES = st.one_of(
    HOSTILE_INTS,
    st.integers(),
    st.booleans(),
    st.none(),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=20),
    st.sampled_from(["R7", "W", "S", "W=7", "r07", "W:RG", "R\u0667", "over", "", "TT", "KH"]),
)
JSON_VALUES = st.recursive(
    LEAVES,
    lambda inner: st.one_of(
        st.lists(inner, max_size=6), st.dictionaries(st.text(max_size=12), inner, max_size=6)
    ),
    max_leaves=20,
)


@FUZZ
@given(st.data())
def test_hostile_json_documents_raise_only_phase10_errors(data: st.DataObject) -> None:
    doc = data.draw(st.sampled_from(base_documents()))
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(paths(doc)))
        doc = replaced(doc, path, data.draw(JSON_VALUES))
    text = json.dumps(doc)
    answers(lambda: from_json(text))


@FUZZ
@given(st.text(max_size=200))
def test_any_text_as_json_raises_only_phase10_errors(text: str) -> None:
    answers(lambda: from_json(text))
    answers(lambda: from_json('{"format": "phase10/1", "phase": ' + json.dumps(text) + "}"))


@FUZZ
@given(JSON_VALUES)
def test_any_json_value_raises_only_phase10_errors(value: Any) -> None:
    for key in ("state", "variant", "phase", "meld", "laydown", "action", "card", "record"):
        doc = {"format": "phase10/1", key: value}
        answers(functools.partial(from_json, json.dumps(doc)))


PHASE_WORDS = st.sampled_from(
    ["set", "sets", "run", "runs", "pair", "pairs", "of", "colour", "color", "same-colour",
     "cards", "one", "+", " ", "  ", "10000000", "100000000000000000000", "3", "12", "0",
     "\u0663", "-1", "card"]
)  # fmt: skip


@FUZZ
@given(st.one_of(st.lists(PHASE_WORDS, max_size=12).map(" ".join), st.text(max_size=60)))
def test_phase_texts_raise_only_phase10_errors(text: str) -> None:
    answers(lambda: Phase.parse(text))


CARD_TEXT = st.text(alphabet="RBGYPWSCDHAKQJTFL0123456789-:=, \u0667wr", max_size=60)


@FUZZ
@given(st.one_of(CARD_TEXT, st.text(max_size=40)))
def test_card_texts_raise_only_phase10_errors(text: str) -> None:
    answers(lambda: parse_cards(text))
    answers(lambda: phase10.parse_placed(text))
    answers(lambda: phase10.check_meld(text, phase10.RunOf(4)))


ACTION_WORDS = st.sampled_from(
    ["p1", "p2", "p3", "p999", "draw", "take", "discard", "lay", "hit", "phase1", "phase99",
     "R7", "W", "W=7", "S", "|", ">", "p1.1", "p2.99", "low", "high", "keep", "offer", "TT",
     "10000000000000000000000", "\u0667", ",", "=", "B12"]
)  # fmt: skip


@FUZZ
@given(st.data())
def test_action_notation_raises_only_phase10_errors(data: st.DataObject) -> None:
    states = [d for d in base_documents() if "state" in d]
    state = from_json(json.dumps(data.draw(st.sampled_from(states))), phase10.GameState)
    text = data.draw(st.one_of(st.lists(ACTION_WORDS, max_size=10).map(" ".join), st.text()))
    answers(lambda: parse_action(state, text))
