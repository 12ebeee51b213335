"""The check of a history against its state (issue 23), against the version it replaced.

``serialize._check_history`` judges a history read from JSON by its texts' facts
(``_history_text.TextFacts``) and walks it event by event only when it may fail. The
version before that (issue 22's ninth round) is kept here as the reference: over many
mutated histories, of states and of views, the two must accept and refuse exactly the
same documents, with the same ``FormatError`` path and message.
"""

from __future__ import annotations

import json
import operator
import random
import re
from collections import Counter
from typing import Any

import attrs
import pytest

import phase10
from phase10 import (
    ACTION_TYPES,
    CLASSIC,
    MASTER,
    Discard,
    FormatError,
    GameState,
    LayDown,
    PlayerView,
    TakeDiscard,
    TurnUp,
    Variant,
    _history_text,
    apply,
    from_json,
    new_game,
    seat_name,
    serialize,
    to_json,
    view,
)
from phase10._json import fail
from phase10.cards import Kind
from phase10.state import Event

from .helpers import eager_action

# ----------------------------------------------------------------------------- reference

_SEAT_FIELDS: dict[type, tuple[str, ...]] = {
    t: tuple(f.name for f in attrs.fields(t) if f.name in ("player", "owner", "target"))
    for t in ACTION_TYPES
}
_TO = operator.attrgetter("to")


def _reference(state: GameState, path: str, read: object = None) -> None:
    """``serialize._check_history`` as it was before its facts (main at ``d8e460e``)."""
    n = state.num_players
    events = tuple(state.history)
    actions = [e.action for e in events]
    seats = set(map(_TO, events))
    by_kind: dict[type, list[object]] = {}
    for a in actions:
        by_kind.setdefault(type(a), []).append(a)
    for kind, same in by_kind.items():
        for field in _SEAT_FIELDS.get(kind, ()):
            seats.update(map(operator.attrgetter(field), same))
    others = [e for e, a in zip(events, actions, strict=True) if a is None]
    for e in others:
        seats.update((e.skipped, e.went_out, *e.winners))
    seats.discard(None)
    if not seats <= set(range(n)):
        i, event = next(
            (i, e)
            for i, e in enumerate(events)
            if any(s in seats - set(range(n)) for s in _named(e))
        )
        raise fail(
            f"{path}[{i}]", f"the event {str(event)!r} names a seat this {n}-player game lacks"
        )
    for e in others:
        if e.hand_over is not None and len(e.scores) != n:
            raise fail(
                f"{path}[{events.index(e)}]",
                f"a hand's end gives {n} scores in this game, not {len(e.scores)}",
            )
    players = state.players
    over = any(e.hand_over is not None for e in others)
    for laid in by_kind.get(LayDown, []) if not over else []:
        assert isinstance(laid, LayDown)
        seat = laid.player
        if not players[seat].laid_down:
            i = actions.index(laid)
            raise fail(
                f"{path}[{i}]", f"{str(events[i])!r}: {seat_name(seat)} has not laid down this hand"
            )
    if TakeDiscard not in by_kind or any(c.kind is Kind.ACTION for c in state.variant.deck):
        return
    key = operator.attrgetter("card.sort_key")
    offered = Counter(map(key, by_kind.get(Discard, [])))
    offered.update(map(key, by_kind.get(TurnUp, [])))
    taken_events = [e for e, a in zip(events, actions, strict=True) if type(a) is TakeDiscard]
    taken = Counter(e.card.sort_key for e in taken_events if e.card is not None)
    for card_key, count in taken.items():
        if count > offered[card_key]:
            i, event = next(
                (i, e)
                for i, e in enumerate(events)
                if type(e.action) is TakeDiscard and e.card and e.card.sort_key == card_key
            )
            raise fail(
                f"{path}[{i}]",
                f"{str(event)!r}: {event.card} is taken {count} times in this hand, but "
                f"discarded or turned up only {offered[card_key]}",
            )


def _named(event: Event) -> tuple[object, ...]:
    action = event.action
    fields = _SEAT_FIELDS.get(type(action), ())
    seats = [getattr(action, f) for f in fields]
    return (event.to, event.skipped, event.went_out, *event.winners, *seats)


# ----------------------------------------------------------------------------- documents


def _states(variant: Variant, seed: int) -> list[GameState]:
    """A few states of a seeded game of ``variant``, from early to late in their hands."""
    rng = random.Random(f"history-check:{variant.name}:{seed}")
    players = variant.min_players + seed % (variant.max_players - variant.min_players + 1)
    state = new_game(variant, players, dealer=int(rng.random() * players))
    states = []
    for step in range(900):
        if state.is_over:
            break
        state = apply(state, eager_action(state, rng))
        if len(state.history) > 3 and step % 37 == 0:
            states.append(state)
    return states


_SEAT = re.compile(r"p([1-9][0-9]*)")


def _mutate(history: list[str], n: int, rng: random.Random) -> list[str]:
    """``history`` with one to three faults a history's check may find (or none at all)."""
    h = list(history)
    for _ in range(1 + int(rng.random() * 3)):
        kind = int(rng.random() * 11)
        i = int(rng.random() * len(h)) if h else 0
        far = f"p{n + 1 + int(rng.random() * 2)}"
        if kind == 0 and h:  # a seat past the game's
            h[i] = _SEAT.sub(far, h[i], count=1)
        elif kind == 1:
            h.insert(i, rng.choice([f"deal ? > {far}", f"{far} is skipped", f"{far} draw"]))
        elif kind == 2:  # another seat lays the same melds down
            lays = [t for t in h if " lay " in t]
            if lays:
                seat = f"p{1 + int(rng.random() * n)}"
                h.insert(i, _SEAT.sub(seat, rng.choice(lays), count=1))
        elif kind == 3:  # a hand's end, with a score per seat or not
            count = rng.choice([n, n, 2, 3, 6])
            scores = " ".join(str(5 * j) for j in range(count))
            h.insert(i, f"hand 1 over: nobody went out; scores {scores}")
        elif kind == 4:  # a take twice
            takes = [t for t in h if " take " in t]
            if takes:
                h.insert(i, rng.choice(takes))
        elif kind == 5:  # a take of another card
            places = [j for j, t in enumerate(h) if " take " in t]
            if places:
                j = rng.choice(places)
                h[j] = h[j].rsplit(" ", 1)[0] + " " + rng.choice(["R1", "B12", "G7", "W", "Y5"])
        elif kind == 6 and len(h) > 1:  # two events swapped (a take before its discard)
            j = min(i, len(h) - 2)
            h[j], h[j + 1] = h[j + 1], h[j]
        elif kind == 7 and h:  # an event dropped (a discard, say)
            del h[i]
        elif kind == 8:  # a take of a card never put down
            h.insert(i, f"p{1 + int(rng.random() * n)} take {rng.choice(['R3', 'G11', 'W'])}")
        elif kind == 9 and h:  # a discard moved to the end
            discards = [j for j, t in enumerate(h) if " discard " in t]
            if discards:
                h.append(h.pop(rng.choice(discards)))
        # kind 10: no fault added
    return h


def _outcome(text: str, type_: type) -> object:
    try:
        return ("read", from_json(text, type_))
    except FormatError as exc:
        return ("refused", exc.path, str(exc))


def _documents() -> list[tuple[str, type]]:
    docs: list[tuple[str, type]] = []
    rng = random.Random("history-check:mutations")
    for variant, seeds in ((CLASSIC, range(6)), (MASTER, range(3))):
        for seed in seeds:
            for state in _states(variant, seed):
                n = state.num_players
                for obj, type_ in (
                    (state, GameState),
                    (view(state, int(rng.random() * n)), PlayerView),
                ):
                    doc: dict[str, Any] = json.loads(to_json(obj))
                    kind = "state" if type_ is GameState else "view"
                    history = doc[kind]["history"]
                    for _ in range(4):
                        doc[kind]["history"] = _mutate(history, n, rng)
                        docs.append((json.dumps(doc), type_))
                    doc[kind]["history"] = history
                    docs.append((json.dumps(doc), type_))
    return docs


_DOCUMENTS = _documents()


def test_the_mutations_reach_every_refusal_and_acceptance() -> None:
    outcomes = [_outcome(text, type_) for text, type_ in _DOCUMENTS]
    said = Counter(
        "read" if o[0] == "read" else re.sub(r".*: ", "", o[2]).split(" ")[0]  # type: ignore[index]
        for o in outcomes
    )
    messages = " ".join(o[2] for o in outcomes if o[0] == "refused")  # type: ignore[index]
    assert said["read"] > 50
    for fault in ("names a seat", "scores in this game", "has not laid down", "is taken"):
        assert fault in messages


@pytest.mark.parametrize("twice", [False, True])
def test_the_check_refuses_what_the_reference_refuses_with_the_same_error(
    twice: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    # twice: the facts of every text are known before (the check's path in C)
    for text, type_ in _DOCUMENTS:
        if twice:
            _outcome(text, type_)
        new = _outcome(text, type_)
        with monkeypatch.context() as m:
            m.setattr(serialize, "_check_history", _reference)
            old = _outcome(text, type_)
        assert old == new, text


# ----------------------------------------------------------------------------- the tables


def _texts_and_events(state: GameState) -> tuple[list[str], list[Event]]:
    texts = json.loads(to_json(state))["state"]["history"]
    return texts, list(state.history)


def test_a_full_table_of_facts_is_replaced_whole_not_emptied(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a reader holding one table must see its moves, seats and card numbers agree while
    # another thread learns past the bound: the full table is left as it was
    monkeypatch.setattr(_history_text, "_FACT_TEXTS", 5)
    texts, events = _texts_and_events(max(_states(CLASSIC, 0), key=_length))
    distinct = list(dict.fromkeys(texts))
    assert len(distinct) > 6
    facts = _history_text.TextFacts(CLASSIC)
    facts.learn(distinct[:5], [events[texts.index(t)] for t in distinct[:5]])
    found = facts.known(distinct[:5])
    assert found is not None
    moves, first = found
    cards = dict(first.cards)
    facts.learn(distinct[5:7], [events[texts.index(t)] for t in distinct[5:7]])
    later = facts.known(distinct[5:7])
    assert later is not None
    assert later[1] is not first
    assert (moves, cards) == (first.moves_of(distinct[:5]), first.cards)
    assert facts.known(distinct[:5]) is None  # learnt again into the new table when asked


def test_facts_emptied_by_clear_caches_are_learnt_again() -> None:
    state = max(_states(CLASSIC, 1), key=_length)
    text = to_json(state)
    facts = serialize._history_codec(CLASSIC)[3]
    texts, events = _texts_and_events(state)
    facts.learn(texts, events)
    before = facts.known(texts)
    assert before is not None
    phase10.clear_caches()
    assert facts.known(texts) is None
    assert state == from_json(text, GameState)  # learns them again, through the fast path
    again = serialize._history_codec(CLASSIC)[3].known(texts)
    assert again is not None
    # the numbers of the cards may differ between the tables, what each text is may not
    assert list(map(_kind, before[0])) == list(map(_kind, again[0]))


def _kind(move: int) -> str:
    if move == 0:
        return "other"
    if move <= _history_text.MOST_CARDS:
        return "put"
    if move <= _history_text.TAKEN + _history_text.MOST_CARDS:
        return "take"
    return "laid" if move < _history_text.UNSURE else str(move)


def _length(state: GameState) -> int:
    return len(state.history)
