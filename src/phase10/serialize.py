"""JSON: a documented, versioned format for cards, melds, actions, states, views and more.

Every document is an object ``{"format": "phase10/1", "<kind>": <value>}`` where ``<kind>``
names what it holds (``card``, ``meld``, ``laydown``, ``phase``, ``action``, ``variant``,
``state``, ``view``, ``record``). The format of each kind is in :doc:`/reference/json`.

Decoding trusts nothing: every value is type- and range-checked, a state must have none of
the problems :meth:`GameState.problems <phase10.GameState.problems>` lists (the checks of
``GameState.validate``: cards conserved, melds valid, hands in canonical order, ...), and
anything wrong raises :class:`~phase10.FormatError` naming the JSON path of the bad value.
Nothing is ever pickled or evaluated.

This module is the codec of the documents; the field-by-field codec of cards, melds, phases
and variants it builds on is ``phase10._json``.
"""

from __future__ import annotations

import json
import operator
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, TypeVar, overload

import attrs

from phase10._fast import BoundedCache, IdentityCache, declare
from phase10._history_text import (
    HAND_OVER,
    LAID,
    MOST_CARDS,
    SEAT_FIELDS,
    TAKEN,
    UNSURE,
    TextFacts,
    event_reader,
)
from phase10._json import (
    FIELD_DECODERS,
    FIELD_ENCODERS,
    MAX_STR,
    SPECIAL,
    Context,
    Decoder,
    Encoder,
    check_keys,
    decode_card,
    decode_int,
    decode_meld,
    decode_str,
    decode_variant,
    encode_card,
    encode_meld,
    encode_variant,
    expected,
    fail,
    identity,
    key_path,
    kind_of,
    load_json,
    object_codec,
    optional_codec,
    shown,
)
from phase10._written import laydown_fault
from phase10.actions import ACTION_TYPES, Action, Discard, LayDown, TakeDiscard, TurnUp, seat_name
from phase10.cards import Card, Kind
from phase10.errors import (
    ArgumentError,
    FormatError,
    IllegalActionError,
    LaydownError,
    Message,
    NotationError,
    Phase10Error,
)
from phase10.groups import CLASSIC_MELD_RULES, Meld, MeldRules
from phase10.limits import DEFAULT_LIMITS, Limits, use_limits
from phase10.notation import action_text, apply_text
from phase10.phases import Phase, PhaseMelds
from phase10.records import GameRecord
from phase10.state import CHANCE, Event, GameState, History
from phase10.variants import Variant
from phase10.views import PlayerView, view

__all__ = ["JSON_FORMAT", "from_dict", "from_json", "to_dict", "to_json"]

#: The format version written in every document's ``"format"`` field.
JSON_FORMAT = "phase10/1"

_T = TypeVar("_T")


def _dec_player_or_chance(value: Any, path: str, ctx: Context) -> int | None:
    if value is None:
        return None
    if type(value) is int and value == CHANCE:
        return value
    return decode_int(value, path, ctx)


FIELD_DECODERS[(PlayerView, "current_player")] = _dec_player_or_chance


# ----------------------------------------------------------------------------- actions

#: The ``"action"`` tag of each action type (its class's ``tag``), and the type of each tag.
_ACTION_TAGS: dict[type, str] = {t: t.tag for t in ACTION_TYPES}
_ACTIONS_BY_TAG = {tag: t for t, tag in _ACTION_TAGS.items()}


def _enc_action(action: Any) -> dict[str, Any]:
    tag = _ACTION_TAGS.get(type(action))
    if tag is None:
        raise ArgumentError(f"not a phase10 action: {action!r}")
    return {"action": tag, **object_codec(type(action))[0](action)}


def _dec_action(value: Any, path: str, ctx: Context) -> Any:
    if type(value) is not dict:
        raise expected(path, Message.of("json.want.action"), value)
    tag = value.get("action")
    cls = _ACTIONS_BY_TAG.get(tag) if type(tag) is str else None
    if cls is None:
        verbs = Message.of("json.want.one-of", choices=tuple(map(json.dumps, _ACTIONS_BY_TAG)))
        raise expected(f"{path}.action", verbs, tag)
    rest = {k: v for k, v in value.items() if k != "action"}
    return object_codec(cls)[1](rest, path, ctx)


# ----------------------------------------------------------------------------- consistency


def _check_state(state: GameState, path: str, ctx: Context) -> None:
    """Refuse a decoded state with a broken invariant (GameState.problems), at its path."""
    for problem in state.problems():
        at = f"{path}.{problem.path}" if problem.path else path
        raise fail(at, problem.message)
    _check_history(state, f"{path}.history", ctx.history_read)


_TO = operator.attrgetter("to")


def _check_history(state: GameState, path: str, read: tuple[Any, ...] | None = None) -> None:
    """Refuse a hand's history that the rest of the state contradicts (issue 23).

    An event reads on its own (any seat of the variant, any card of its game): here it
    must also fit this state. Every seat it names is a seat of the game; a laydown is by
    a seat that has laid its phase down (until the hand is over); a hand's end gives a
    score per seat; and, in a game without action cards, no card is taken from the
    discard pile more often in the hand than it was discarded or turned up.

    A history read from JSON (``read``: the history, its texts and its variant's facts,
    as ``_dec_history`` left them in the context) is first judged by its texts' facts, in
    C (:func:`_fits`); only one that may fail is walked event by event, to name the first
    event that does.
    """
    if read is None or read[0] is not state.history or not _fits(state, read[1], read[2]):
        _check_events(state, path)


def _fits(state: GameState, texts: list[str], facts: TextFacts) -> bool:
    """Whether a history of ``texts`` surely passes :func:`_check_history` (False: unsure).

    The state's history must hold the events read from ``texts``, and ``facts`` be its
    variant's. Every test is a pass in C over the history's bytes (``Known.moves``).
    """
    n = state.num_players
    if n not in facts.seats:
        return False
    found = facts.known(texts)
    if found is None:
        facts.learn(texts, tuple(state.history))
        found = facts.known(texts)
        if found is None:  # more texts than a table holds (or another thread's replaced it)
            return False
    moves, known = found  # the moves, seats and card numbers of one table, which agree
    over = known.over.get(n)
    if over and not over.isdisjoint(texts):
        return False
    moves = moves.translate(None, b"\0")  # the discard pile's moves, laydowns, hand's end
    if HAND_OVER in moves or UNSURE in moves:  # checked event by event
        return False
    players = state.players
    if any(LAID + s in moves and not players[s].laid_down for s in range(n)):
        return False
    if not moves:
        return True
    # A take right after the move that put its card on the discard pile is one of those,
    # and no other take's: each take's card, against the card put by the move before it.
    taken = moves.translate(_TAKES)  # each take's card, 0 for the other moves
    after = taken[1:]
    put = int.from_bytes(moves[:-1].translate(_PUTS)) & int.from_bytes(after.translate(_SOME))
    if taken[0] == 0 and int.from_bytes(after) == put:
        return True
    # with action cards (Master's), cards reach the discard pile in other ways too
    return any(c.kind is Kind.ACTION for c in state.variant.deck)


def _table(byte: Callable[[int], int]) -> bytes:
    return bytes(byte(b) for b in range(256))


_PUTS = _table(lambda b: b if 1 <= b <= MOST_CARDS else 0)  # a card put: that card
_TAKES = _table(lambda b: b - TAKEN if TAKEN < b <= TAKEN + MOST_CARDS else 0)  # a take: its card
_SOME = _table(lambda b: 0xFF if b else 0)  # where there is a take: all of the byte


def _check_events(state: GameState, path: str) -> None:
    """:func:`_check_history`, event by event: refuse the first event that fails."""
    n = state.num_players
    events = tuple(state.history)
    actions = [e.action for e in events]
    # the seats first, in one pass per kind of field (most events are a player's action)
    seats = set(map(_TO, events))
    by_kind: dict[type, list[object]] = {}
    for a in actions:
        by_kind.setdefault(type(a), []).append(a)
    for kind, same in by_kind.items():
        for field in SEAT_FIELDS.get(kind, ()):
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
    over = any(e.hand_over is not None for e in others)  # then the seats are reset
    for laid in by_kind.get(LayDown, []) if not over else []:
        assert isinstance(laid, LayDown)
        seat = laid.player
        if not players[seat].laid_down:
            i = actions.index(laid)
            raise fail(
                f"{path}[{i}]", f"{str(events[i])!r}: {seat_name(seat)} has not laid down this hand"
            )
    # with action cards (Master's), cards reach the discard pile in other ways too
    if TakeDiscard not in by_kind or any(c.kind is Kind.ACTION for c in state.variant.deck):
        return
    key = operator.attrgetter("card.sort_key")  # a card's value, cheaper to hash than the card
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
    """Every seat an event names."""
    action = event.action
    fields = SEAT_FIELDS.get(type(action), ())
    seats = [getattr(action, f) for f in fields]
    return (event.to, event.skipped, event.went_out, *event.winners, *seats)


def _check_sorted(cards: tuple[Card, ...], path: str) -> None:
    keys = [c.sort_key for c in cards]
    if keys != sorted(keys):
        raise fail(path, "cards must be in canonical order (see phase10.sort_cards)")


def _seat(value: int, n: int, path: str) -> None:
    if not 0 <= value < n:
        raise fail(path, f"seat {value} does not exist: seats are 0 to {n - 1}")


def _check_view(v: PlayerView, path: str, ctx: Context) -> None:
    n = len(v.players)
    variant = v.variant
    if not variant.min_players <= n <= variant.max_players:
        raise fail(
            f"{path}.players",
            f"{n} players; the variant allows {variant.min_players} to {variant.max_players}",
        )
    _seat(v.player, n, f"{path}.player")
    _check_sorted(v.hand, f"{path}.hand")
    if v.players[v.player].hand_size != len(v.hand):
        raise fail(
            f"{path}.players[{v.player}].hand_size",
            f"the viewer holds {len(v.hand)} cards",
        )
    try:
        full = v.canonical_state()
    except Phase10Error as exc:
        raise fail(path, str(exc)) from None
    _check_state(full, path, ctx)
    again = view(full, v.player)
    if again != v:
        for field in attrs.fields(PlayerView):
            if getattr(again, field.name) != getattr(v, field.name):
                raise fail(f"{path}.{field.name}", "inconsistent with the rest of the view")
        raise fail(path, "inconsistent view")  # pragma: no cover


def _dec_state(value: Any, path: str, ctx: Context) -> GameState:
    ctx.check_melds = False
    state: GameState = object_codec(GameState)[1](value, path, ctx)
    _check_state(state, path, ctx)
    return state


def _dec_view(value: Any, path: str, ctx: Context) -> PlayerView:
    ctx.check_melds = False
    v: PlayerView = object_codec(PlayerView)[1](value, path, ctx)
    _check_view(v, path, ctx)
    return v


# ----------------------------------------------------------------------------- records


def _enc_record(record: GameRecord) -> dict[str, Any]:
    return {
        "version": record.version,
        "variant": encode_variant(record.variant),
        "num_players": record.num_players,
        "dealer": record.dealer,
        "seed": record.seed,
        "tags": dict(record.tags),
        "actions": [action_text(a, record.variant) for a in record.actions],
    }


_RECORD_KEYS = ("version", "variant", "num_players", "dealer", "seed", "tags", "actions")


def _dec_record(value: Any, path: str, ctx: Context) -> GameRecord:
    check_keys(value, path, _RECORD_KEYS, ())
    opt_str = optional_codec(str)[1]
    version = opt_str(value["version"], f"{path}.version", ctx)
    variant = decode_variant(value["variant"], f"{path}.variant", ctx)
    players = decode_int(value["num_players"], f"{path}.num_players", ctx)
    dealer = decode_int(value["dealer"], f"{path}.dealer", ctx)
    seed = opt_str(value["seed"], f"{path}.seed", ctx)
    tags = value["tags"]
    if type(tags) is not dict:
        raise fail(f"{path}.tags", f"expected an object of strings, got {kind_of(tags)}")
    for key, text in tags.items():
        decode_str(text, key_path(f"{path}.tags", key), ctx)
    texts = value["actions"]
    if type(texts) is not list:
        raise fail(f"{path}.actions", f"expected an array of actions, got {kind_of(texts)}")
    try:
        record = GameRecord(
            variant=variant,
            num_players=players,
            dealer=dealer,
            seed=seed,
            version=version,
            tags=tuple(tags.items()),
        )
    except Phase10Error as exc:
        raise fail(path, str(exc)) from None
    state = next(record.states())
    actions = []
    for i, text in enumerate(texts):
        at = f"{path}.actions[{i}]"
        decode_str(text, at, ctx)
        try:
            action, state = apply_text(state, text)
        except IllegalActionError as exc:  # a refused laydown keeps its problem and sentence
            problem, reason = exc.problem, exc.reason
            if isinstance(exc, LaydownError) and exc.problems:
                reason = exc.problems[0].reason
            raise FormatError(f"{at}: {exc}", path=at, problem=problem, reason=reason) from None
        except Phase10Error as exc:
            raise fail(at, str(exc)) from None
        actions.append(action)
    return attrs.evolve(record, actions=tuple(actions))


# ----------------------------------------------------------------------------- documents


def _enc_laydown(laydown: PhaseMelds) -> Any:
    return object_codec(PhaseMelds)[0](laydown)


def _dec_laydown(value: Any, path: str, ctx: Context) -> PhaseMelds:
    laydown: PhaseMelds = object_codec(PhaseMelds)[1](value, path, ctx)
    fault = laydown_fault(laydown.melds, laydown.phase, ctx.rules)
    if fault is not None:
        # the melds are valid on their own (read and checked above): the fault is the phase's
        # or a meld of another group type's, said as the engine says it
        at = f"{path}.melds" if not fault.problems else f"{path}.melds[{fault.problems[0].index}]"
        raise FormatError(
            f"{at}: not a valid laydown of {laydown.phase}: {fault.reason}",
            path=at,
            problem=fault.problem,
            reason=fault.problems[0].reason if fault.problems else fault.reason,
        )
    return laydown


_DOCUMENTS: dict[str, tuple[Encoder, Decoder]] = {
    "card": (encode_card, decode_card),
    "meld": (encode_meld, decode_meld),
    "laydown": (_enc_laydown, _dec_laydown),
    "phase": (
        lambda p: object_codec(Phase)[0](p),
        lambda v, p, c: object_codec(Phase)[1](v, p, c),
    ),
    "action": (_enc_action, _dec_action),
    "variant": (lambda v: encode_variant(v), decode_variant),
    "state": (lambda s: object_codec(GameState)[0](s), _dec_state),
    "view": (lambda v: object_codec(PlayerView)[0](v), _dec_view),
    "record": (_enc_record, _dec_record),
}
SPECIAL[PhaseMelds] = (_enc_laydown, _dec_laydown)
# A history event (phase10.Event) holds any action, written as an action object.
SPECIAL[Action] = (_enc_action, _dec_action)


# A history is written as its events' texts (str(event), the history's text form): about
# ten bytes an event where an object per event took sixty. Both ways are cached, since the
# states of a hand share their older events (History.plus) and most event texts recur.
# Writing checks once per event and variant that the text reads back as the event (only a
# hand-built event can fail it), so that from_json(to_json(state)) == state always holds.
# Per variant and phase names (as notation's cache of events read): the event readers and
# the texts checked, by event identity.
_HistoryCodec = tuple[
    Callable[[str], Event],
    Callable[[Sequence[object]], tuple[Event, ...] | None],
    IdentityCache[str],
    TextFacts,
]
_HISTORY_CODECS: BoundedCache[tuple[Variant, tuple[str, ...]], _HistoryCodec] = BoundedCache(
    8,
    name="_HISTORY_CODECS",
    key="`(Variant, phase names)`: the event readers and the event texts written (below)",
    why="the readers hold on to that variant's events-by-line cache in `notation`",
)
_EVENT_TEXTS_PER_VARIANT = 16384
_EVENT_TEXTS = declare(
    "_HISTORY_CODECS.texts",
    kind="IdentityCache",
    key="identity of an event (one cache per entry of `_HISTORY_CODECS`)",
    bound=_EVENT_TEXTS_PER_VARIANT,
    why="a text is stored only after it was read back as the very event it was written for, "
    "with that variant; events are frozen",
)


def _history_codec(variant: Variant) -> _HistoryCodec:
    key = (variant, tuple(p.name for p in variant.phases))
    codec = _HISTORY_CODECS.get(key)
    if codec is None:
        codec = _HISTORY_CODECS.put(
            key,
            (*event_reader(variant), IdentityCache.declared(_EVENT_TEXTS), TextFacts(variant)),
        )
    return codec


def _event_text(event: Event, variant: Variant, read: Callable[[str], Event]) -> str:
    text = str(event)
    try:
        back = read(text)
    except NotationError as exc:
        back, why = None, f" ({exc})"
    else:
        why = f": it reads back as {back!r}"
    if back != event:
        raise FormatError(
            f"cannot write the event {event!r} as JSON: its text {text!r} is not that event "
            f"of the variant {variant.name!r}{why}"
        )
    return text


def _enc_history(obj: GameState | PlayerView) -> list[str]:
    """The history of a state or view (given whole: the texts are checked with its variant)."""
    variant = obj.variant
    read, _, texts, _ = _history_codec(variant)
    events = tuple(obj.history)
    written = list(map(texts.get, map(id, events)))
    if not all(written):  # a text is never empty
        written = [texts.get(id(e)) or texts.put(e, _event_text(e, variant, read)) for e in events]
    return written  # type: ignore[return-value]


def _dec_history(value: Any, path: str, ctx: Context) -> History:
    if type(value) is not list:
        raise expected(path, Message.of("json.want.events"), value)
    variant = ctx.variant
    if variant is None:  # pragma: no cover - histories are only in states and views
        raise fail(path, "a history is read only in a state or a view")
    read, recall, _, facts = _history_codec(variant)
    # the texts read before (only texts of events that were read are there)
    recalled = recall(value)
    if recalled is not None:
        events: list[Event | None] | tuple[Event, ...] = recalled
    else:
        events = [None] * len(value)
        for i, text in enumerate(value):
            if events[i] is not None:
                continue
            if type(text) is not str or len(text) > MAX_STR:
                raise fail(
                    f"{path}[{i}]",
                    f"expected an event, a string of at most {MAX_STR} characters such as "
                    f'"p1 draw" or "p2 take R7", got {kind_of(text)}',
                )
            try:
                events[i] = read(text)
            except NotationError as exc:
                raise fail(f"{path}[{i}]", str(exc), said=exc.said) from None
    history = History.of(events)  # type: ignore[arg-type]
    ctx.history_read = (history, value, facts)  # for its check (_check_history), next
    return history


SPECIAL[History] = (identity, _dec_history)
FIELD_ENCODERS[(GameState, "history")] = _enc_history
FIELD_ENCODERS[(PlayerView, "history")] = _enc_history

_COMPACT = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)

_KEY_OF: dict[type, str] = {
    Card: "card",
    Meld: "meld",
    PhaseMelds: "laydown",
    Phase: "phase",
    Variant: "variant",
    GameState: "state",
    PlayerView: "view",
    GameRecord: "record",
}
for _t in ACTION_TYPES:
    _KEY_OF[_t] = "action"


def to_dict(obj: object) -> dict[str, Any]:
    """The JSON document of ``obj`` as Python dicts and lists (see :func:`to_json`).

    >>> import phase10
    >>> phase10.to_dict(phase10.Card.parse("R7"))
    {'format': 'phase10/1', 'card': 'R7'}

    Raises:
        ArgumentError: ``obj`` is not a card, meld, laydown, phase, action, variant, state, view
            or record.
        FormatError: ``obj`` holds something the format cannot express (a user-defined group
            type).
    """
    key = _KEY_OF.get(type(obj))
    if key is None:
        raise ArgumentError(f"phase10 has no JSON format for {type(obj).__name__} objects")
    return {"format": JSON_FORMAT, key: _DOCUMENTS[key][0](obj)}


def to_json(obj: object, *, indent: int | None = None) -> str:
    """Write ``obj`` as a JSON document ``{"format": "phase10/1", "<kind>": ...}``.

    ``obj`` is a card, meld, laydown, phase, action, variant, game state, player view or game
    record. The output is compact unless ``indent`` is given.

    >>> import phase10
    >>> phase10.to_json(phase10.Discard(0, phase10.SKIP, target=2))
    '{"format":"phase10/1","action":{"action":"discard","player":0,"card":"S","target":2}}'

    Raises:
        ArgumentError: ``obj`` is not one of the types above.
        FormatError: ``obj`` holds something the format cannot express (a user-defined group
            type).
    """
    if indent is None:
        return _COMPACT.encode(to_dict(obj))
    return json.dumps(to_dict(obj), indent=indent, ensure_ascii=False)


@overload
def from_dict(
    doc: object, type: type[_T], *, rules: MeldRules | None = None, limits: Limits = ...
) -> _T: ...
@overload
def from_dict(
    doc: object, type: None = None, *, rules: MeldRules | None = None, limits: Limits = ...
) -> object: ...
def from_dict(
    doc: object,
    type: Any = None,
    *,
    rules: MeldRules | None = None,
    limits: Limits = DEFAULT_LIMITS,
) -> Any:
    """Read a document already parsed from JSON (see :func:`from_json`).

    Every number that makes work grow is checked against ``limits`` before the work.

    Raises:
        FormatError: the document is malformed, out of range or inconsistent; ``.path``
            names the bad value.
        LimitError: a value is above ``limits``; ``.path`` names it.
        ArgumentError: ``type`` is not a type that has a JSON format.
    """
    if not isinstance(limits, Limits):
        raise ArgumentError(f"limits must be a Limits, got {limits!r}")
    with use_limits(limits):
        return _from_dict(doc, type, rules)


def _from_dict(doc: object, type: Any, rules: MeldRules | None) -> Any:
    want = None
    if type is not None:
        want = _KEY_OF.get(type)
        if want is None:
            raise ArgumentError(f"phase10 has no JSON format for {type!r}")
    if rules is not None and not isinstance(rules, MeldRules):
        raise ArgumentError(f"rules must be a MeldRules, got {rules!r}")
    if not isinstance(doc, dict):
        raise expected("$", Message.of("json.want.document"), doc)
    if "format" not in doc:
        said = Message.of("json.missing-key", path="$.format")
        message = f'missing key: every document starts with "format": "{JSON_FORMAT}"'
        raise fail("$.format", message, said=said)
    if doc["format"] != JSON_FORMAT:
        got = doc["format"]
        said = Message.of("json.format", expected=JSON_FORMAT, got=shown(got))
        raise fail("$.format", f"expected {json.dumps(JSON_FORMAT)}, got {kind_of(got)}", said=said)
    keys = [k for k in doc if k != "format"]
    if len(keys) != 1 or keys[0] not in _DOCUMENTS:
        raise fail(
            "$",
            f"expected exactly one of the keys {', '.join(map(json.dumps, _DOCUMENTS))} "
            f'besides "format", got {", ".join(map(repr, keys[:5])) or "none"}',
        )
    key = keys[0]
    assert isinstance(key, str)
    if want is not None and key != want:
        raise fail(f"$.{key}", f"expected a {want} document, got a {key}")
    ctx = Context(rules or CLASSIC_MELD_RULES)
    result = _DOCUMENTS[key][1](doc[key], f"$.{key}", ctx)
    if type is not None and not isinstance(result, type):
        raise fail(f"$.{key}", f"expected a {type.__name__}, got {result!r}")
    return result


@overload
def from_json(
    text: str | bytes, type: type[_T], *, rules: MeldRules | None = None, limits: Limits = ...
) -> _T: ...
@overload
def from_json(
    text: str | bytes, type: None = None, *, rules: MeldRules | None = None, limits: Limits = ...
) -> object: ...
def from_json(
    text: str | bytes,
    type: Any = None,
    *,
    rules: MeldRules | None = None,
    limits: Limits = DEFAULT_LIMITS,
) -> Any:
    """Read a JSON document written by :func:`to_json` (or by another program).

    With ``type`` (e.g. ``phase10.GameState``) the document must hold that type; without,
    whatever it holds is returned. Melds, laydowns and actions are checked against ``rules``
    (classic by default); states, views and records use their own variant's rules.

    >>> import phase10
    >>> phase10.from_json('{"format": "phase10/1", "card": "R7"}', phase10.Card)
    Card.parse('R7')
    >>> phase10.from_json('{"format": "phase10/1", "card": "R13"}')
    Traceback (most recent call last):
    ...
    phase10.errors.FormatError: $.card: not a card: 'R13' (...)

    Untrusted text is safe to read: an object with a key twice is refused, and every
    number that makes work grow (the text's length, a variant's highest card number,
    players, jokers, deck, phases, groups) is checked against ``limits`` first; see
    :doc:`/howto/untrusted-input`.

    Raises:
        FormatError: the text is not JSON, or the document is malformed, out of range or
            inconsistent (cards lost or duplicated, an invalid meld, a key given twice,
            ...); ``.path`` names the bad value, e.g. ``$.state.players[2].hand[3]``.
        LimitError: the text or a value in it is above ``limits``; ``.path`` names it.
        ArgumentError: ``type`` is not a type that has a JSON format.
    """
    if not isinstance(text, str | bytes | bytearray):
        raise expected("$", Message.of("json.want.text"), text)
    if not isinstance(limits, Limits):
        raise ArgumentError(f"limits must be a Limits, got {limits!r}")
    doc = load_json(text, limits)
    return from_dict(doc, type, rules=rules, limits=limits)
