"""The history in JSON: one event text per item (str(event)), read back fully checked."""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from phase10 import (
    CLASSIC,
    Action,
    Card,
    Draw,
    Event,
    FormatError,
    GameState,
    History,
    LayDown,
    TakeDiscard,
    TurnUp,
    Variant,
    apply,
    find_variant,
    from_dict,
    from_json,
    new_game,
    parse_event,
    to_dict,
    to_json,
    variant_names,
    view,
)
from tests.depth import examples

from .helpers import eager_action


def _choose(state: GameState, rng: random.Random) -> Action:
    return eager_action(state, rng)


def _game(variant: Variant, seed: int, steps: int) -> list[GameState]:
    """The states of a seeded game of ``variant``, every one with a non-empty history."""
    rng = random.Random(f"json-history:{variant.name}:{seed}")
    players = variant.min_players + seed % (variant.max_players - variant.min_players + 1)
    state = new_game(variant, players, dealer=int(rng.random() * players))
    states = []
    for _ in range(steps):
        if state.is_over:
            break
        state = apply(state, _choose(state, rng))
        if len(state.history):
            states.append(state)
    return states


@pytest.mark.parametrize("name", variant_names())
def test_states_and_views_of_every_variant_round_trip_with_their_history(name: str) -> None:
    variant = find_variant(name)
    kinds: set[str] = set()
    for seed in range(2):
        states = _game(variant, seed, 300)
        assert states
        for state in states[::7] + states[-1:]:
            doc = to_dict(state)["state"]
            assert [str(e) for e in state.history] == doc["history"]
            assert state == from_json(to_json(state), GameState)
            seat = state.turn
            assert view(state, seat) == from_json(to_json(view(state, seat)))
        kinds |= {type(e.action).__name__ for e in states[-1].history}
        kinds |= {type(e.action).__name__ for s in states for e in s.history[-1:]}
    laid = "Announce" if variant.laydown_style.value == "announce" else "LayDown"
    assert {"Draw", "Discard", "TurnUp", laid} <= kinds, kinds


def test_an_event_is_its_text() -> None:
    state = next(s for s in _game(CLASSIC, 1, 300) if any(_lays(s)))
    texts = to_dict(state)["state"]["history"]
    assert all(type(t) is str for t in texts)
    assert str(state.history) == "\n".join(texts)
    lays = [t for t in texts if " lay " in t]
    assert lays and all(t.endswith(")") for t in lays)  # the phase, named once, by name


def test_the_same_texts_read_back_in_a_variant_that_names_its_phases_otherwise() -> None:
    renamed = attrs.evolve(
        CLASSIC,
        name="classic-renamed",
        phases=tuple(attrs.evolve(p, name=f"phase {i + 1}") for i, p in enumerate(CLASSIC.phases)),
    )
    for variant in (CLASSIC, renamed):
        states = [s for s in _game(variant, 3, 400) if any(_lays(s))]
        assert states
        state = states[-1]
        assert state == from_json(to_json(state), GameState)
        names = {a.laydown.phase.name for a in _lays(from_json(to_json(state), GameState))}
        assert names <= {p.name for p in variant.phases}


def _lays(state: GameState) -> list[LayDown]:
    return [e.action for e in state.history if isinstance(e.action, LayDown)]


def _doc() -> dict[str, Any]:
    state = next(s for s in _game(CLASSIC, 1, 300) if len(s.history) >= 6 and any(_lays(s)))
    return to_dict(state)


@pytest.mark.parametrize(
    ("history", "path", "message"),
    [
        ("p1 draw", "$.state.history", "expected an array of events, got the string"),
        ({"0": "p1 draw"}, "$.state.history", "expected an array of events, got an object"),
        ([7], "$.state.history[0]", "expected an event, a string"),
        ([None], "$.state.history[0]", "got null"),
        ([["p1 draw"]], "$.state.history[0]", "got an array"),
        (
            [{"action": {"action": "draw", "player": 0}, "card": None}],
            "$.state.history[0]",
            "got an object",
        ),
        (["turnup G4", "p1 fly"], "$.state.history[1]", "bad event 'p1 fly'"),
        (["turnup G4", "p9 draw"], "$.state.history[1]", "p9 is not a seat"),
        (["p1 take R13"], "$.state.history[0]", "'R13' is not a card"),
        (["p1 draw\np2 draw"], "$.state.history[0]", "one event is one line"),
        (["p1 lay R3 B3 G3 (1 run of 11)"], "$.state.history[0]", "is not a phase of the"),
        (["p1 lay R3 B3 G3 | R7 B7 G8"], "$.state.history[0]", "do not make"),
        (["p1 draw", "p1 " + "x" * 20_000], "$.state.history[1]", "at most 10000"),
    ],
)
def test_a_bad_history_is_refused_at_its_path(history: object, path: str, message: str) -> None:
    doc = _doc()
    doc["state"]["history"] = history
    for text in (None, json.dumps(doc)):
        with pytest.raises(FormatError) as error:
            from_dict(doc) if text is None else from_json(text, GameState)
        assert path == error.value.path
        assert message in str(error.value)
        assert str(error.value).startswith(f"{path}: ")


def test_a_bad_item_is_found_after_good_items_read_before() -> None:
    doc = _doc()
    good = doc["state"]["history"]
    assert from_dict(doc) is not None  # every good text is now remembered
    doc["state"]["history"] = [*good, 3.5]
    with pytest.raises(FormatError) as error:
        from_dict(doc)
    assert f"$.state.history[{len(good)}]" == error.value.path


def test_a_view_refuses_a_bad_history_at_its_path() -> None:
    state = _game(CLASSIC, 2, 200)[-1]
    doc = to_dict(view(state, 0))
    doc["view"]["history"] = ["turnup G4", "p1 take"]
    assert from_dict(doc) is not None  # a take without its card is still an event
    doc["view"]["history"] = ["turnup G4", "p1 takes"]
    with pytest.raises(FormatError) as error:
        from_dict(doc)
    assert "$.view.history[1]" == error.value.path


def test_a_state_without_a_history_still_loads() -> None:
    state = _game(CLASSIC, 0, 50)[-1]
    doc = to_dict(state)
    del doc["state"]["history"]
    assert attrs.evolve(state, history=new_game(CLASSIC, 2).history) == from_dict(doc)


_WORDS = [
    "p1", "p2", "p9", "draw", "take", "lay", "hit", "discard", "turnup", "reshuffle", "R7",
    "B7", "W", "W=7", "S", "S>p2", "|", "p2.1", "(2 sets of 3)", "(", ")", "R3", "B3", "G3",
]  # fmt: skip


@settings(max_examples=examples(150), deadline=None)
@given(
    st.lists(
        st.lists(st.sampled_from(_WORDS), max_size=8).map(" ".join)
        | st.text(max_size=20)
        | st.integers()
        | st.none(),
        max_size=6,
    )
)
def test_any_history_reads_back_or_is_refused_at_its_path(history: list[object]) -> None:
    doc = _doc()
    doc["state"]["history"] = history
    try:
        state = from_dict(doc)
    except FormatError as exc:
        assert exc.path.startswith("$.state.history[")
    else:
        assert isinstance(state, GameState)
        assert History.of(parse_event(str(t), CLASSIC) for t in history) == state.history


def test_an_event_its_text_cannot_carry_is_refused_when_written() -> None:
    state = _game(CLASSIC, 0, 60)[-1]
    seven = Card.parse("R7")
    for odd in (Event(action=Draw(0), card=seven), Event(action=TurnUp(seven), card=seven)):
        hand_built = attrs.evolve(state, history=state.history.plus(odd))
        with pytest.raises(FormatError, match="cannot write the event") as error:
            to_json(hand_built)
        assert "of the variant 'classic'" in str(error.value)
    fine = attrs.evolve(state, history=state.history.plus(Event(action=TakeDiscard(1))))
    assert fine == from_json(to_json(fine), GameState)  # a take without its card is an event


@settings(max_examples=examples(100), deadline=None)
@given(
    st.lists(st.integers(0, 3), max_size=12),
    st.integers(0, 12),
    st.integers(0, 12),
    st.integers(0, 12),
)
def test_a_history_read_back_in_one_piece_is_the_same_sequence(
    seats: list[int], split: int, other_split: int, changed: int
) -> None:
    # History.of keeps its events in one node; plus() chains nodes on top: any mix of the
    # two is the same sequence, equal and hashed alike
    events = [Event(action=Draw(s)) for s in seats]

    def built(k: int, evs: list[Event]) -> History:
        history = History.of(evs[:k])
        for e in evs[k:]:
            history = history.plus(e)
        return history

    a, b = built(split, events), built(other_split, events)
    assert tuple(events) == tuple(a) == tuple(b)
    assert events[::-1] == list(reversed(a))
    assert a == b and hash(a) == hash(b) and len(a) == len(events)
    assert [a[i] for i in range(len(a))] == events
    if events:
        different = list(events)
        i = changed % len(events)
        different[i] = Event(action=Draw(seats[i] + 1))
        assert a != built(other_split, different)
        assert built(other_split, different) != a
