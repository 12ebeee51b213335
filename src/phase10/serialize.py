"""JSON: a documented, versioned format for cards, melds, actions, states, views and more.

Every document is an object ``{"format": "phase10/1", "<kind>": <value>}`` where ``<kind>``
names what it holds (``card``, ``meld``, ``laydown``, ``phase``, ``action``, ``variant``,
``state``, ``view``, ``record``). The format of each kind is in :doc:`/reference/json`.

Decoding trusts nothing: every value is type- and range-checked, states are checked for
consistency (cards conserved, melds valid, hands in canonical order, ...), and anything wrong
raises :class:`~phase10.FormatError` naming the JSON path of the bad value. Nothing is ever
pickled or evaluated.

Objects are encoded field by field from their attrs definition, so a new field of a state
needs no new code here as long as its type is made of types this module knows (int, bool,
str, enums, cards, tuples, optionals and attrs classes of those).
"""

from __future__ import annotations

import enum
import functools
import json
import operator
import re
import types
import typing
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any, TypeVar, overload

import attrs

from phase10 import variants as _variants
from phase10.actions import (
    Action,
    Announce,
    Deal,
    Discard,
    Draw,
    DrawTwo,
    Hit,
    Keep,
    KeepHand,
    LayDown,
    Offer,
    Reshuffle,
    Reveal,
    TakeDiscard,
    TakeOffer,
    TurnUp,
)
from phase10.cards import Card, Color, parse_card
from phase10.errors import FormatError, Phase10Error
from phase10.groups import (
    CLASSIC_MELD_RULES,
    ColorGroupOf,
    ColorRunOf,
    GroupType,
    Meld,
    MeldRules,
    Pattern,
    RedOrBlackOf,
    Repeat,
    RunOf,
    SetOf,
    Shape,
    Slots,
    Value,
    check_meld,
)
from phase10.laydown import Laydown
from phase10.notation import action_text
from phase10.phases import Phase
from phase10.records import GameRecord
from phase10.state import CHANCE, CHANCE_STEPS, GameState, TurnStep
from phase10.variants import CLASSIC, Variant
from phase10.views import PlayerView, view

__all__ = ["JSON_FORMAT", "from_dict", "from_json", "to_dict", "to_json"]

#: The format version written in every document's ``"format"`` field.
JSON_FORMAT = "phase10/1"

_T = TypeVar("_T")
_MAX_INT = 10**9
_MAX_STR = 10_000

_Encoder = Callable[[Any], Any]
_Decoder = Callable[[Any, str, "_Context"], Any]


class _Context:
    """What decoding needs beyond the value: the meld rules of the document's variant."""

    __slots__ = ("check_melds", "rules")

    def __init__(self, rules: MeldRules):
        self.rules = rules
        # Melds of a state or view are checked with the whole state (GameState.validate);
        # a standalone meld, laydown or action is checked as it is read.
        self.check_melds = True


def _fail(path: str, message: str) -> FormatError:
    return FormatError(f"{path}: {message}", path=path)


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return (
            f"the number {value!r}"
            if isinstance(value, int) and abs(value) < 10**12
            else "a number"
        )
    if isinstance(value, str):
        return f"the string {value[:40]!r}"
    if isinstance(value, list | tuple):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


# ----------------------------------------------------------------------------- leaves


def _dec_int(value: Any, path: str, ctx: _Context) -> int:
    if type(value) is not int or not 0 <= value <= _MAX_INT:
        raise _fail(path, f"expected a whole number from 0 to {_MAX_INT}, got {_kind(value)}")
    return value


def _dec_player_or_chance(value: Any, path: str, ctx: _Context) -> int | None:
    if value is None:
        return None
    if type(value) is int and value == CHANCE:
        return value
    return _dec_int(value, path, ctx)


def _dec_bool(value: Any, path: str, ctx: _Context) -> bool:
    if type(value) is not bool:
        raise _fail(path, f"expected true or false, got {_kind(value)}")
    return value


def _dec_str(value: Any, path: str, ctx: _Context) -> str:
    if type(value) is not str or len(value) > _MAX_STR:
        raise _fail(path, f"expected a string (at most {_MAX_STR} characters), got {_kind(value)}")
    return value


_CARDS: dict[str, Card] = {}
# Card text by id(card), because Card.__hash__ is a Python method and id() is not. The cards
# are kept alive in _CARD_KEEP, so a cached id always belongs to the same card.
_CARD_TEXT: dict[int, str] = {}
_CARD_KEEP: list[Card] = []
_CACHE_LIMIT = 4096


def _enc_card(card: Card) -> str:
    text = _CARD_TEXT.get(id(card))
    if text is None:
        if len(_CARD_KEEP) >= _CACHE_LIMIT:
            _CARD_TEXT.clear()
            _CARD_KEEP.clear()
        text = str(card)
        _CARD_KEEP.append(card)
        _CARD_TEXT[id(card)] = text
    return text


def _dec_card(value: Any, path: str, ctx: _Context) -> Card:
    if type(value) is str:
        card = _CARDS.get(value)
        if card is not None:
            return card
        if len(value) <= 16:
            try:
                card = parse_card(value)
            except Phase10Error as exc:
                raise _fail(path, f"not a card: {value!r} ({exc})") from None
            if str(card) == value:
                _CARDS[value] = card
            return card
    raise _fail(path, f'expected a card in notation such as "R7", got {_kind(value)}')


def _dec_cards(value: Any, path: str, ctx: _Context) -> tuple[Card, ...]:
    if type(value) is not list and type(value) is not tuple:
        raise _fail(path, f"expected an array of cards, got {_kind(value)}")
    try:
        return tuple([_CARDS[x] for x in value])
    except (KeyError, TypeError):
        return tuple([_dec_card(x, f"{path}[{i}]", ctx) for i, x in enumerate(value)])


def _enc_cards(cards: tuple[Card, ...]) -> list[str]:
    texts = list(map(_CARD_TEXT.get, map(id, cards)))
    if None in texts:
        return [_enc_card(c) for c in cards]
    return texts  # type: ignore[return-value]


_VALUE_RE = re.compile(r"([A-Z]?)([0-9]{0,3})")
_COLORS = {c.value: c for c in Color}


def _enc_value(value: Value) -> str:
    color = value.color.value if value.color is not None else ""
    return f"{color}{value.number if value.number is not None else ''}"


def _dec_value(value: Any, path: str, ctx: _Context) -> Value:
    if type(value) is str:
        match = _VALUE_RE.fullmatch(value)
        if match is not None and (not match.group(1) or match.group(1) in _COLORS):
            number = int(match.group(2)) if match.group(2) else None
            if number is None or number >= 1:
                color = _COLORS[match.group(1)] if match.group(1) else None
                return Value(number, color)
    raise _fail(
        path,
        'expected what a card stands for: a colour letter and/or a number such as "R7", '
        f'"7", "R" or "", got {_kind(value)}',
    )


def _enum_codec(cls: type[enum.Enum]) -> tuple[_Encoder, _Decoder]:
    by_value = {m.value: m for m in cls}
    allowed = ", ".join(json.dumps(v) for v in by_value)

    def enc(member: enum.Enum) -> Any:
        return member.value

    def dec(value: Any, path: str, ctx: _Context) -> Any:
        member = by_value.get(value) if type(value) is str else None
        if member is None:
            raise _fail(path, f"expected one of {allowed}, got {_kind(value)}")
        return member

    return enc, dec


# ----------------------------------------------------------------------------- groups, melds

#: Group types by the name written in JSON; each is built from its ``size`` alone.
_GROUP_KINDS: dict[str, Callable[[int], GroupType]] = {
    "SetOf": SetOf,
    "RunOf": RunOf,
    "ColorGroupOf": ColorGroupOf,
    "ColorRunOf": ColorRunOf,
    "RedOrBlackOf": RedOrBlackOf,
}
_GROUP_NAMES: dict[Any, str] = {kind: name for name, kind in _GROUP_KINDS.items()}


def _enc_group(group: GroupType) -> dict[str, Any]:
    name = _GROUP_NAMES.get(type(group))
    if name is None:
        raise FormatError(
            f"cannot write group type {group!r} as JSON: only {', '.join(_GROUP_KINDS)} can be"
        )
    return {"kind": name, "size": group.size}


_GROUPS: dict[tuple[str, int], GroupType] = {}


def _dec_group(value: Any, path: str, ctx: _Context) -> GroupType:
    if type(value) is dict and len(value) == 2:
        kind, size = value.get("kind"), value.get("size")
        if type(kind) is str and type(size) is int:
            found = _GROUPS.get((kind, size))
            if found is not None:
                return found
    group = _read_group(value, path, ctx)
    if len(_GROUPS) < _CACHE_LIMIT:
        _GROUPS[value["kind"], group.size] = group
    return group


def _read_group(value: Any, path: str, ctx: _Context) -> GroupType:
    _check_keys(value, path, ("kind", "size"), ())
    kind = value["kind"]
    make = _GROUP_KINDS.get(kind) if type(kind) is str else None
    if make is None:
        raise _fail(
            f"{path}.kind",
            f"expected one of {', '.join(map(json.dumps, _GROUP_KINDS))}, got {_kind(kind)}",
        )
    size = _dec_int(value["size"], f"{path}.size", ctx)
    try:
        return make(size)
    except Phase10Error as exc:
        raise _fail(f"{path}.size", str(exc)) from None


def _enc_meld(meld: Meld) -> dict[str, Any]:
    cards = [_enc_placed(c, v) for c, v in zip(meld.cards, meld.values, strict=True)]
    return {"group": _enc_group(meld.group), "cards": cards}


_PATTERNS: dict[tuple[int | None, Color | None], Pattern] = {}


def _pattern(number: int | None, color: Color | None) -> Pattern:
    """``Pattern.of(number=..., color=...)``, one shared instance per pattern."""
    key = (number, color)
    found = _PATTERNS.get(key)
    if found is None:
        found = Pattern.of(number=number, color=color)
        if len(_PATTERNS) < _CACHE_LIMIT:
            _PATTERNS[key] = found
    return found


def _shape_of(group: GroupType, values: tuple[Value, ...], rules: MeldRules) -> Shape | None:
    """The shape a meld of ``group`` has, from what its cards stand for."""
    kind = type(group)
    if kind is SetOf:
        return Repeat(_pattern(values[0].number, None))
    if kind is RunOf:
        return Slots(tuple([_pattern(v.number, None) for v in values]))
    if kind is ColorGroupOf:
        return Repeat(_pattern(None, values[0].color))
    if kind is ColorRunOf:
        return Slots(tuple([_pattern(v.number, v.color) for v in values]))
    return None


def _find_shape(
    group: GroupType, cards: tuple[Card, ...], values: tuple[Value, ...], rules: MeldRules
) -> Shape | None:
    """The first of ``group``'s shapes (in its own order) that the cards fit as written."""
    for shape in _shapes(group, rules):
        if isinstance(shape, Slots):
            if len(shape.patterns) != len(cards):
                continue
            patterns: tuple[Pattern, ...] = shape.patterns
        else:
            patterns = (shape.pattern,) * len(cards)
        if all(
            p.accepts(c) and p.value_for(c) == v
            for p, c, v in zip(patterns, cards, values, strict=True)
        ):
            return shape
    return None


@functools.lru_cache(maxsize=256)
def _shapes(group: GroupType, rules: MeldRules) -> tuple[Shape, ...]:
    return tuple(group.shapes(rules))


_PLACED: dict[str, tuple[Card, Value]] = {}


def _dec_placed(item: Any, path: str, ctx: _Context) -> tuple[Card, Value]:
    """A card of a meld, ``"R7"`` or ``"W=7"``, with what it stands for."""
    if type(item) is not str:
        raise _fail(path, f'expected a card such as "R7" or "W=7", got {_kind(item)}')
    head, eq, tail = item.partition("=")
    card = _dec_card(head, path, ctx)
    if eq:
        if card.is_natural:
            raise _fail(path, f"only a wild takes a value after '=', got {item!r}")
        value = _dec_value(tail, path, ctx)
    elif card.is_natural:
        value = Value(card.number, card.color)
    else:
        value = Value(None, None)
    if len(_PLACED) < _CACHE_LIMIT and _enc_placed(card, value) == item:
        _PLACED[item] = (card, value)
    return card, value


def _enc_placed(card: Card, value: Value) -> str:
    text = _enc_card(card)
    if not card.is_natural:
        written = _enc_value(value)
        if written:
            return f"{text}={written}"
    return text


def _dec_meld(value: Any, path: str, ctx: _Context) -> Meld:
    _check_keys(value, path, ("group", "cards"), ())
    group = _dec_group(value["group"], f"{path}.group", ctx)
    written = value["cards"]
    if type(written) is not list or not written:
        raise _fail(f"{path}.cards", f"expected a non-empty array of cards, got {_kind(written)}")
    placed = _PLACED
    cards = []
    values = []
    for i, item in enumerate(written):
        entry = placed.get(item) if type(item) is str else None
        if entry is None:
            entry = _dec_placed(item, f"{path}.cards[{i}]", ctx)
        cards.append(entry[0])
        values.append(entry[1])
    values_t = tuple(values)
    cards_t = tuple(cards)
    shape = _shape_of(group, values_t, ctx.rules) or _find_shape(
        group, cards_t, values_t, ctx.rules
    )
    if shape is None:
        raise _fail(path, f"not a valid {group}: {' '.join(written)}")
    meld = Meld(group, shape, cards_t, values_t)
    if ctx.check_melds:
        _check_meld(meld, path, ctx.rules)
    return meld


def _check_meld(meld: Meld, path: str, rules: MeldRules) -> None:
    problem = meld.problem(rules=rules)
    if problem is not None:
        try:  # check_meld explains better why the cards do not form the group
            verdict = check_meld(str(meld), meld.group, rules=rules)
        except (Phase10Error, TypeError):
            verdict = None
        if verdict is not None and not verdict:
            problem = verdict.reason
        raise _fail(path, f"not a valid {meld.group}: {meld} ({problem})")


# ----------------------------------------------------------------------------- variants


def _builtin(name: str) -> Variant | None:
    find = getattr(_variants, "find_variant", None)
    if find is None:
        return CLASSIC if name == "classic" else None
    try:
        found = find(name)
    except (Phase10Error, LookupError, ValueError, TypeError):
        return None
    return found if isinstance(found, Variant) else None


def _builtin_name(variant: Variant) -> str | None:
    """The name to write for a built-in variant, ``None`` for a custom one."""
    found = _builtin(variant.name)
    return variant.name if found is not None and (found is variant or found == variant) else None


def _encode_variant_full(variant: Variant) -> dict[str, Any]:
    enc, _ = _object_codec(Variant)
    result: dict[str, Any] = enc(variant)
    return result


def _enc_variant(variant: Variant) -> Any:
    name = _builtin_name(variant)
    return name if name is not None else _encode_variant_full(variant)


def _dec_variant(value: Any, path: str, ctx: _Context) -> Variant:
    if type(value) is str:
        found = _builtin(value) if len(value) <= 100 else None
        if found is None:
            raise _fail(path, f"unknown variant {value[:100]!r}; give a custom variant in full")
        variant = found
    elif type(value) is dict:
        _, dec = _object_codec(Variant)
        variant = dec(value, path, ctx)
    else:
        raise _fail(path, f"expected a variant name or object, got {_kind(value)}")
    ctx.rules = variant.meld_rules
    return variant


def _decode_variant_header(value: Any) -> Variant:
    """A record header's variant: a built-in name or a variant object."""
    return _dec_variant(value, "$", _Context(CLASSIC_MELD_RULES))


# ----------------------------------------------------------------------------- generic codecs

_CODECS: dict[Any, tuple[_Encoder, _Decoder]] = {}


def _keys(text: str) -> frozenset[str]:
    return frozenset(text.split())


# The keys of format phase10/1, by class. They are all required. A field added to a class
# later is written too, but may be left out when read (its default is used), so documents
# written before it existed still load; a new field without a default is required.
_V1_KEYS: dict[str, frozenset[str]] = {
    "GameState": _keys(
        "variant players dealer turn step draw_pile discard_pile table hand_number dealt "
        "laid_this_turn tiebreak winners action_pile drawn to_draw receiver offers reshuffles"
    ),
    "PlayerState": _keys("hand phase laid_down score skipped completed take_two keep_all kept"),
    "Variant": _keys(
        "name deck phases meld_rules scoring hand_size min_players max_players skip_target "
        "hit_others_on_laydown_turn go_out_by_hitting tiebreak_win tiebreak_hand phase_order "
        "advance laydown_style turn_up_naturals_only action_cards jokers_per_player "
        "declare_loser max_reshuffles"
    ),
    "Phase": _keys("groups name distinct_colors"),
    "MeldRules": _keys(
        "max_number colors runs_wrap natural_minimum naturals_in_sets naturals_in_runs"
    ),
    "Scoring": _keys("low high high_from skip wild per_card"),
    "Laydown": _keys("phase melds"),
    "PlayerView": _keys(
        "variant player hand players dealer turn step current_player draw_count discard_pile "
        "table hand_number dealt laid_this_turn tiebreak winners action_pile drawn "
        "drawn_count to_draw receiver offers reshuffles"
    ),
    "SeatView": _keys("hand_size phase laid_down score skipped completed take_two keep_all kept"),
    "Draw": _keys("player"),
    "TakeDiscard": _keys("player"),
    "LayDown": _keys("player laydown"),
    "Hit": _keys("player owner meld card value end"),
    "Discard": _keys("player card target"),
    "DrawTwo": _keys("player"),
    "Keep": _keys("player card"),
    "Offer": _keys("player card"),
    "TakeOffer": _keys("player owner card"),
    "KeepHand": _keys("player keep"),
    "Announce": _keys("player laydown keep"),
    "Deal": _keys("card"),
    "TurnUp": _keys("card"),
    "Reveal": _keys("card"),
    "Reshuffle": _keys(""),
}


def _optional_keys(cls: type, fields: list[attrs.Attribute[Any]]) -> frozenset[str]:
    """Fields added after phase10/1 that have a default: their keys may be left out."""
    v1 = _V1_KEYS.get(cls.__name__)
    if v1 is None:  # a class new since phase10/1: every field with a default is optional
        v1 = frozenset()
    return frozenset(f.name for f in fields if f.name not in v1 and f.default is not attrs.NOTHING)


_FIELD_DECODERS: dict[tuple[type, str], _Decoder] = {
    (PlayerView, "current_player"): _dec_player_or_chance,
}


def _key_path(path: str, key: object) -> str:
    """``path.key``, or ``path["key"]`` for a key that is not a plain word."""
    text = key if isinstance(key, str) else repr(key)
    if text.isidentifier():
        return f"{path}.{text}"[:300]
    return f"{path}[{json.dumps(text[:100])}]"


@functools.lru_cache(maxsize=256)
def _key_set(keys: tuple[str, ...]) -> frozenset[str]:
    return frozenset(keys)


def _check_keys(
    value: Any, path: str, required: tuple[str, ...], optional: tuple[str, ...]
) -> None:
    if type(value) is not dict:
        raise _fail(path, f"expected an object, got {_kind(value)}")
    if len(value) == len(required) and value.keys() >= _key_set(required):
        return
    for key in required:
        if key not in value:
            raise _fail(f"{path}.{key}", "missing key")
    if len(value) > len(required):
        for key in value:
            if key not in required and key not in optional:
                raise _fail(_key_path(path, key), "unknown key")


def _codec(tp: Any) -> tuple[_Encoder, _Decoder]:
    found = _CODECS.get(tp)
    if found is None:
        found = _CODECS[tp] = _compile(tp)
    return found


def _compile(tp: Any) -> tuple[_Encoder, _Decoder]:
    special = _SPECIAL.get(tp)
    if special is not None:
        return special
    if tp is bool:
        return _identity, _dec_bool
    if tp is int:
        return _identity, _dec_int
    if tp is str:
        return _identity, _dec_str
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return _enum_codec(tp)
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        if args[0] is Card:
            return _enc_cards, _dec_cards
        return _list_codec(args[0])
    if origin is tuple:
        return _fixed_codec(args)
    if origin in (typing.Union, types.UnionType) and type(None) in args and len(args) == 2:
        inner = next(a for a in args if a is not type(None))
        return _optional_codec(inner)
    if isinstance(tp, type) and attrs.has(tp):
        return _object_codec(tp)
    raise TypeError(f"phase10.serialize has no JSON codec for {tp!r}")


def _list_codec(item: Any) -> tuple[_Encoder, _Decoder]:
    enc_item: _Encoder | None = None
    dec_item: _Decoder | None = None

    def enc(values: tuple[Any, ...]) -> list[Any]:
        nonlocal enc_item
        if enc_item is None:
            enc_item = _codec(item)[0]
        return [enc_item(v) for v in values]

    def dec(value: Any, path: str, ctx: _Context) -> tuple[Any, ...]:
        nonlocal dec_item
        if dec_item is None:
            dec_item = _codec(item)[1]
        if type(value) is not list and type(value) is not tuple:
            raise _fail(path, f"expected an array, got {_kind(value)}")
        d = dec_item
        return tuple([d(v, f"{path}[{i}]", ctx) for i, v in enumerate(value)])

    return enc, dec


def _fixed_codec(items: tuple[Any, ...]) -> tuple[_Encoder, _Decoder]:
    def enc(values: tuple[Any, ...]) -> list[Any]:
        return [_codec(t)[0](v) for t, v in zip(items, values, strict=True)]

    def dec(value: Any, path: str, ctx: _Context) -> tuple[Any, ...]:
        if (type(value) is not list and type(value) is not tuple) or len(value) != len(items):
            raise _fail(path, f"expected an array of {len(items)} items, got {_kind(value)}")
        return tuple(
            _codec(t)[1](v, f"{path}[{i}]", ctx)
            for i, (t, v) in enumerate(zip(items, value, strict=True))
        )

    return enc, dec


def _optional_codec(inner: Any) -> tuple[_Encoder, _Decoder]:
    def enc(value: Any) -> Any:
        return None if value is None else _codec(inner)[0](value)

    def dec(value: Any, path: str, ctx: _Context) -> Any:
        return None if value is None else _codec(inner)[1](value, path, ctx)

    return enc, dec


_OBJECT_CODECS: dict[type, tuple[_Encoder, _Decoder]] = {}


def _identity(value: Any) -> Any:
    return value


def _object_codec(cls: type) -> tuple[_Encoder, _Decoder]:
    found = _OBJECT_CODECS.get(cls)
    if found is not None:
        return found
    hints = typing.get_type_hints(cls)
    fields = [f for f in attrs.fields(cls) if f.init]
    names = tuple(f.name for f in fields)
    get_all = operator.attrgetter(*names) if len(names) > 1 else None
    optional = _optional_keys(cls, fields)
    required = tuple(n for n in names if n not in optional)
    maybe = tuple(n for n in names if n in optional)
    # Filled on first use, so that classes may refer to each other.
    encoders: list[_Encoder] = []
    plan: list[tuple[str, str, _Decoder]] = []

    def prepare() -> None:
        for f in fields:
            enc, dec = _codec(hints[f.name])
            encoders.append(enc)
            plan.append((f.name, f.alias or f.name, _FIELD_DECODERS.get((cls, f.name), dec)))

    def enc(obj: Any) -> dict[str, Any]:
        if not encoders:
            prepare()
        values = get_all(obj) if get_all is not None else (getattr(obj, names[0]),) if names else ()
        return {
            name: v if e is _identity else e(v)
            for name, e, v in zip(names, encoders, values, strict=True)
        }

    def dec(value: Any, path: str, ctx: _Context) -> Any:
        if not plan:
            prepare()
        _check_keys(value, path, required, maybe)
        kwargs = {}
        for name, alias, d in plan:
            if name in value:
                kwargs[alias] = d(value[name], path + "." + name, ctx)
        try:
            return cls(**kwargs)
        except (Phase10Error, TypeError, ValueError) as exc:
            raise _fail(path, f"not a valid {cls.__name__}: {exc}") from None

    _OBJECT_CODECS[cls] = (enc, dec)
    return enc, dec


_SPECIAL: dict[Any, tuple[_Encoder, _Decoder]] = {
    Card: (_enc_card, _dec_card),
    Value: (_enc_value, _dec_value),
    Meld: (_enc_meld, _dec_meld),
    GroupType: (_enc_group, _dec_group),
    Variant: (_enc_variant, _dec_variant),
}

# ----------------------------------------------------------------------------- actions

#: The ``"action"`` tag of each action type; it is the verb of the action's notation.
_ACTION_TAGS: dict[type, str] = {
    Draw: "draw",
    TakeDiscard: "take",
    LayDown: "lay",
    Hit: "hit",
    Discard: "discard",
    DrawTwo: "draw2",
    Keep: "keep",
    Offer: "offer",
    TakeOffer: "choose",
    KeepHand: "keephand",
    Announce: "announce",
    Deal: "deal",
    TurnUp: "turnup",
    Reveal: "reveal",
    Reshuffle: "reshuffle",
}
_ACTION_TYPES: tuple[type, ...] = tuple(
    t for union in typing.get_args(Action) for t in (typing.get_args(union) or (union,))
)
for _t in _ACTION_TYPES:
    _ACTION_TAGS.setdefault(_t, _t.__name__.lower())
_ACTIONS_BY_TAG = {tag: t for t, tag in _ACTION_TAGS.items()}


def _enc_action(action: Any) -> dict[str, Any]:
    tag = _ACTION_TAGS.get(type(action))
    if tag is None:
        raise TypeError(f"not a phase10 action: {action!r}")
    return {"action": tag, **_object_codec(type(action))[0](action)}


def _dec_action(value: Any, path: str, ctx: _Context) -> Any:
    if type(value) is not dict:
        raise _fail(path, f"expected an action object, got {_kind(value)}")
    tag = value.get("action")
    cls = _ACTIONS_BY_TAG.get(tag) if type(tag) is str else None
    if cls is None:
        raise _fail(
            f"{path}.action",
            f"expected one of {', '.join(map(json.dumps, _ACTIONS_BY_TAG))}, got {_kind(tag)}",
        )
    rest = {k: v for k, v in value.items() if k != "action"}
    return _object_codec(cls)[1](rest, path, ctx)


# ----------------------------------------------------------------------------- consistency


def _check_sorted(cards: tuple[Card, ...], path: str) -> None:
    keys = [c.sort_key for c in cards]
    if keys != sorted(keys):
        raise _fail(path, "cards must be in canonical order (see phase10.sort_cards)")


def _seat(value: int, n: int, path: str) -> None:
    if not 0 <= value < n:
        raise _fail(path, f"seat {value} does not exist: seats are 0 to {n - 1}")


def _locations(state: GameState, path: str) -> Iterator[tuple[str, tuple[Card, ...]]]:
    for i, p in enumerate(state.players):
        yield f"{path}.players[{i}].hand", p.hand
    yield f"{path}.draw_pile", state.draw_pile
    yield f"{path}.discard_pile", state.discard_pile
    for i, row in enumerate(state.table):
        for j, meld in enumerate(row):
            yield f"{path}.table[{i}][{j}].cards", meld.cards
    yield f"{path}.action_pile", state.action_pile
    yield f"{path}.drawn", state.drawn
    yield f"{path}.offers", tuple(card for _, card in state.offers)


@functools.lru_cache(maxsize=64)
def _deck_counts(variant: Variant, players: int) -> Counter[Card]:
    return Counter(variant.deck_for(players))


def _check_conserved(state: GameState, path: str) -> None:
    deck = _deck_counts(state.variant, len(state.players))
    seen: Counter[Card] = Counter()
    for _, cards in _locations(state, path):
        seen.update(cards)
    if dict.__eq__(seen, deck):  # Counter.__eq__ is written in Python, dict's in C
        return
    left: Counter[Card] = Counter(deck)
    for at, pile in _locations(state, path):
        for k, card in enumerate(pile):
            left[card] -= 1
            if left[card] < 0:
                kind = "one card too many" if card in deck else "a card not in the deck"
                target = at if at.endswith("offers") else f"{at}[{k}]"
                raise _fail(target, f"{card} is {kind} (the deck has {deck[card]})")
    missing = deck - seen
    listed = " ".join(map(str, sorted(missing.elements(), key=lambda c: c.sort_key)))
    raise _fail(path, f"cards are not conserved: missing {listed}")


def _check_state(state: GameState, path: str) -> None:
    """Refuse a decoded state that is inconsistent; name the bad field where possible."""
    try:
        state.validate()
    except Phase10Error as exc:
        _locate(state, path)
        raise _fail(path, str(exc)) from None
    _check_more(state, path)


def _locate(state: GameState, path: str) -> None:
    """Find the field behind a failed :meth:`GameState.validate`, and raise for it."""
    variant = state.variant
    n = len(state.players)
    if not variant.min_players <= n <= variant.max_players:
        raise _fail(
            f"{path}.players",
            f"{n} players; the variant allows {variant.min_players} to {variant.max_players}",
        )
    _seat(state.dealer, n, f"{path}.dealer")
    _seat(state.turn, n, f"{path}.turn")
    _check_rows(state, path)
    phases = len(variant.phases)
    for i, p in enumerate(state.players):
        at = f"{path}.players[{i}]"
        _check_sorted(p.hand, f"{at}.hand")
        if p.phase > phases:
            raise _fail(f"{at}.phase", f"phase index {p.phase} is past the last phase ({phases})")
    _check_sorted(state.draw_pile, f"{path}.draw_pile")
    _check_sorted(state.action_pile, f"{path}.action_pile")
    for i, row in enumerate(state.table):
        for j, meld in enumerate(row):
            _check_meld(meld, f"{path}.table[{i}][{j}]", variant.meld_rules)
    _check_conserved(state, path)


def _check_rows(state: GameState, path: str) -> None:
    n = len(state.players)
    if len(state.table) != n:
        raise _fail(
            f"{path}.table", f"expected one row of melds per player ({n}), got {len(state.table)}"
        )


def _check_more(state: GameState, path: str) -> None:
    """What :meth:`GameState.validate` leaves out and the rules rely on."""
    variant = state.variant
    n = len(state.players)
    _check_rows(state, path)
    phases = len(variant.phases)
    for i, p in enumerate(state.players):
        for k, done in enumerate(p.completed):
            if done >= phases or p.completed.count(done) > 1:
                raise _fail(
                    f"{path}.players[{i}].completed[{k}]", f"{done} is not a distinct phase index"
                )
        if state.table[i] and not p.laid_down:
            raise _fail(
                f"{path}.players[{i}].laid_down", "the player has melds on the table, so laid_down"
            )
    for name in ("tiebreak", "winners"):
        seats = getattr(state, name)
        for k, seat in enumerate(seats):
            _seat(seat, n, f"{path}.{name}[{k}]")
        if list(seats) != sorted(set(seats)):
            raise _fail(f"{path}.{name}", "seats must be distinct and in increasing order")
    if len(state.tiebreak) == 1:
        raise _fail(f"{path}.tiebreak", "a tie-break needs at least two seats")
    if state.winners and state.step is not TurnStep.OVER:
        raise _fail(f"{path}.winners", "winners are named only once the game is over")
    if state.receiver is not None:
        _seat(state.receiver, n, f"{path}.receiver")
    for k, (seat, _) in enumerate(state.offers):
        _seat(seat, n, f"{path}.offers[{k}][0]")
    step = state.step
    if (step is TurnStep.DRAW or step is TurnStep.PLAY) and state.turn not in state.active_seats:
        raise _fail(f"{path}.turn", f"seat {state.turn} does not play this tie-break hand")
    if step in CHANCE_STEPS and step is not TurnStep.RESHUFFLE and not state.draw_pile:
        raise _fail(f"{path}.draw_pile", f"step {step.value} needs cards in the draw pile")
    if step is TurnStep.DRAW and not state.draw_pile:
        raise _fail(f"{path}.draw_pile", "step draw needs cards in the draw pile")
    if step is TurnStep.RESHUFFLE and len(state.discard_pile) < 2:
        raise _fail(f"{path}.discard_pile", "step reshuffle needs two or more discarded cards")
    if step is TurnStep.PLAY and not state.players[state.turn].hand:
        raise _fail(f"{path}.players[{state.turn}].hand", "the player to act holds no card")
    if state.dealt > n * variant.hand_size:
        raise _fail(f"{path}.dealt", f"more cards dealt than {n} hands of {variant.hand_size}")
    if (state.drawn and step not in (TurnStep.DRAW_TWO, TurnStep.KEEP)) or len(state.drawn) > 2:
        raise _fail(f"{path}.drawn", "cards are drawn two at a time, in steps draw-two and keep")
    if step is TurnStep.KEEP and len(state.drawn) != 2:
        raise _fail(f"{path}.drawn", "step keep needs the two drawn cards")
    if state.offers and step not in (TurnStep.OFFER, TurnStep.TAKE_OFFER):
        raise _fail(f"{path}.offers", "cards are offered only in steps offer and take-offer")
    if step is TurnStep.TAKE_OFFER and not state.offers:
        raise _fail(f"{path}.offers", "step take-offer needs offered cards")
    if step is not TurnStep.PLAY and step is not TurnStep.OVER:
        from phase10.rules import legal_actions

        if not legal_actions(state):
            raise _fail(f"{path}.step", f"no action is possible in step {step.value}")


def _check_view(v: PlayerView, path: str) -> None:
    n = len(v.players)
    variant = v.variant
    if not variant.min_players <= n <= variant.max_players:
        raise _fail(
            f"{path}.players",
            f"{n} players; the variant allows {variant.min_players} to {variant.max_players}",
        )
    _seat(v.player, n, f"{path}.player")
    _check_sorted(v.hand, f"{path}.hand")
    if v.players[v.player].hand_size != len(v.hand):
        raise _fail(
            f"{path}.players[{v.player}].hand_size",
            f"the viewer holds {len(v.hand)} cards",
        )
    try:
        full = v.canonical_state()
    except Phase10Error as exc:
        raise _fail(path, str(exc)) from None
    _check_state(full, path)
    again = view(full, v.player)
    if again != v:
        for field in attrs.fields(PlayerView):
            if getattr(again, field.name) != getattr(v, field.name):
                raise _fail(f"{path}.{field.name}", "inconsistent with the rest of the view")
        raise _fail(path, "inconsistent view")  # pragma: no cover


def _dec_state(value: Any, path: str, ctx: _Context) -> GameState:
    ctx.check_melds = False
    state: GameState = _object_codec(GameState)[1](value, path, ctx)
    _check_state(state, path)
    return state


def _dec_view(value: Any, path: str, ctx: _Context) -> PlayerView:
    ctx.check_melds = False
    v: PlayerView = _object_codec(PlayerView)[1](value, path, ctx)
    _check_view(v, path)
    return v


# ----------------------------------------------------------------------------- records


def _enc_record(record: GameRecord) -> dict[str, Any]:
    return {
        "version": record.version,
        "variant": _enc_variant(record.variant),
        "num_players": record.num_players,
        "dealer": record.dealer,
        "seed": record.seed,
        "tags": dict(record.tags),
        "actions": [action_text(a, record.variant) for a in record.actions],
    }


_RECORD_KEYS = ("version", "variant", "num_players", "dealer", "seed", "tags", "actions")


def _dec_record(value: Any, path: str, ctx: _Context) -> GameRecord:
    from phase10.notation import parse_action
    from phase10.rules import apply

    _check_keys(value, path, _RECORD_KEYS, ())
    opt_str = _optional_codec(str)[1]
    version = opt_str(value["version"], f"{path}.version", ctx)
    variant = _dec_variant(value["variant"], f"{path}.variant", ctx)
    players = _dec_int(value["num_players"], f"{path}.num_players", ctx)
    dealer = _dec_int(value["dealer"], f"{path}.dealer", ctx)
    seed = opt_str(value["seed"], f"{path}.seed", ctx)
    tags = value["tags"]
    if type(tags) is not dict:
        raise _fail(f"{path}.tags", f"expected an object of strings, got {_kind(tags)}")
    for key, text in tags.items():
        _dec_str(text, _key_path(f"{path}.tags", key), ctx)
    texts = value["actions"]
    if type(texts) is not list:
        raise _fail(f"{path}.actions", f"expected an array of actions, got {_kind(texts)}")
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
        raise _fail(path, str(exc)) from None
    state = next(record.states())
    actions = []
    for i, text in enumerate(texts):
        at = f"{path}.actions[{i}]"
        _dec_str(text, at, ctx)
        try:
            action = parse_action(state, text)
        except Phase10Error as exc:
            raise _fail(at, str(exc)) from None
        actions.append(action)
        state = apply(state, action)
    return attrs.evolve(record, actions=tuple(actions))


# ----------------------------------------------------------------------------- documents


def _enc_laydown(laydown: Laydown) -> Any:
    return _object_codec(Laydown)[0](laydown)


def _dec_laydown(value: Any, path: str, ctx: _Context) -> Laydown:
    laydown: Laydown = _object_codec(Laydown)[1](value, path, ctx)
    groups = tuple(m.group for m in laydown.melds)
    if groups != laydown.phase.groups:
        raise _fail(f"{path}.melds", f"expected one meld per group of {laydown.phase}, in order")
    problem = laydown.phase.problem(laydown.melds, rules=ctx.rules)
    if problem is not None:
        raise _fail(f"{path}.melds", f"not a valid laydown of {laydown.phase}: {problem}")
    return laydown


_DOCUMENTS: dict[str, tuple[_Encoder, _Decoder]] = {
    "card": (_enc_card, _dec_card),
    "meld": (_enc_meld, _dec_meld),
    "laydown": (_enc_laydown, _dec_laydown),
    "phase": (
        lambda p: _object_codec(Phase)[0](p),
        lambda v, p, c: _object_codec(Phase)[1](v, p, c),
    ),
    "action": (_enc_action, _dec_action),
    "variant": (lambda v: _enc_variant(v), _dec_variant),
    "state": (lambda s: _object_codec(GameState)[0](s), _dec_state),
    "view": (lambda v: _object_codec(PlayerView)[0](v), _dec_view),
    "record": (_enc_record, _dec_record),
}
_SPECIAL[Laydown] = (_enc_laydown, _dec_laydown)

_COMPACT = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)

_KEY_OF: dict[type, str] = {
    Card: "card",
    Meld: "meld",
    Laydown: "laydown",
    Phase: "phase",
    Variant: "variant",
    GameState: "state",
    PlayerView: "view",
    GameRecord: "record",
}
for _t in _ACTION_TYPES:
    _KEY_OF[_t] = "action"


def to_dict(obj: object) -> dict[str, Any]:
    """The JSON document of ``obj`` as Python dicts and lists (see :func:`to_json`).

    >>> import phase10
    >>> phase10.to_dict(phase10.Card.parse("R7"))
    {'format': 'phase10/1', 'card': 'R7'}

    Raises:
        TypeError: ``obj`` is not a card, meld, laydown, phase, action, variant, state, view
            or record.
        FormatError: ``obj`` holds something the format cannot express (a user-defined group
            type).
    """
    key = _KEY_OF.get(type(obj))
    if key is None:
        raise TypeError(f"phase10 has no JSON format for {type(obj).__name__} objects")
    return {"format": JSON_FORMAT, key: _DOCUMENTS[key][0](obj)}


def to_json(obj: object, *, indent: int | None = None) -> str:
    """Write ``obj`` as a JSON document ``{"format": "phase10/1", "<kind>": ...}``.

    ``obj`` is a card, meld, laydown, phase, action, variant, game state, player view or game
    record. The output is compact unless ``indent`` is given.

    >>> import phase10
    >>> phase10.to_json(phase10.Discard(0, phase10.SKIP, target=2))
    '{"format":"phase10/1","action":{"action":"discard","player":0,"card":"S","target":2}}'

    Raises:
        TypeError: ``obj`` is not one of the types above.
        FormatError: ``obj`` holds something the format cannot express (a user-defined group
            type).
    """
    if indent is None:
        return _COMPACT.encode(to_dict(obj))
    return json.dumps(to_dict(obj), indent=indent, ensure_ascii=False)


@overload
def from_dict(doc: object, type: type[_T], *, rules: MeldRules | None = None) -> _T: ...
@overload
def from_dict(doc: object, type: None = None, *, rules: MeldRules | None = None) -> object: ...
def from_dict(doc: object, type: Any = None, *, rules: MeldRules | None = None) -> Any:
    """Read a document already parsed from JSON (see :func:`from_json`).

    Raises:
        FormatError: the document is malformed, out of range or inconsistent; ``.path``
            names the bad value.
        TypeError: ``type`` is not a type that has a JSON format.
    """
    want = None
    if type is not None:
        want = _KEY_OF.get(type)
        if want is None:
            raise TypeError(f"phase10 has no JSON format for {type!r}")
    if rules is not None and not isinstance(rules, MeldRules):
        raise TypeError(f"rules must be a MeldRules, got {rules!r}")
    if not isinstance(doc, dict):
        raise _fail("$", f"expected a document object, got {_kind(doc)}")
    if "format" not in doc:
        raise _fail(
            "$.format", f'missing key: every document starts with "format": "{JSON_FORMAT}"'
        )
    if doc["format"] != JSON_FORMAT:
        raise _fail("$.format", f"expected {json.dumps(JSON_FORMAT)}, got {_kind(doc['format'])}")
    keys = [k for k in doc if k != "format"]
    if len(keys) != 1 or keys[0] not in _DOCUMENTS:
        raise _fail(
            "$",
            f"expected exactly one of the keys {', '.join(map(json.dumps, _DOCUMENTS))} "
            f'besides "format", got {", ".join(map(repr, keys[:5])) or "none"}',
        )
    key = keys[0]
    assert isinstance(key, str)
    if want is not None and key != want:
        raise _fail(f"$.{key}", f"expected a {want} document, got a {key}")
    ctx = _Context(rules or CLASSIC_MELD_RULES)
    result = _DOCUMENTS[key][1](doc[key], f"$.{key}", ctx)
    if type is not None and not isinstance(result, type):
        raise _fail(f"$.{key}", f"expected a {type.__name__}, got {result!r}")
    return result


@overload
def from_json(text: str | bytes, type: type[_T], *, rules: MeldRules | None = None) -> _T: ...
@overload
def from_json(
    text: str | bytes, type: None = None, *, rules: MeldRules | None = None
) -> object: ...
def from_json(text: str | bytes, type: Any = None, *, rules: MeldRules | None = None) -> Any:
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

    Raises:
        FormatError: the text is not JSON, or the document is malformed, out of range or
            inconsistent (cards lost or duplicated, an invalid meld, ...); ``.path`` names
            the bad value, e.g. ``$.state.players[2].hand[3]``.
        TypeError: ``type`` is not a type that has a JSON format.
    """
    if not isinstance(text, str | bytes | bytearray):
        raise FormatError(f"expected JSON text, got {_kind(text)}")
    try:
        doc = json.loads(text)
    except RecursionError:
        raise FormatError("the JSON text is nested too deeply") from None
    except ValueError as exc:  # JSONDecodeError, bad UTF-8, over-long integers
        raise FormatError(f"not JSON: {exc}") from None
    return from_dict(doc, type, rules=rules)
