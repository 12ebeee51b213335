"""The JSON codec's core, at the layer of variants: cards, melds, phases and variants.

:mod:`phase10.serialize` builds the documents of every kind on top of it; a game record's
``Variant`` header (:mod:`phase10.records`) is a variant's JSON value from here too. The
format is in :doc:`/reference/json`. Decoding trusts nothing: every value is type- and
range-checked, and anything wrong raises :class:`~phase10.FormatError` naming its JSON path.

Objects are encoded field by field from their attrs definition, so a new field needs no new
code here as long as its type is made of types this module knows (int, bool, str, enums,
cards, tuples, optionals and attrs classes of those).
"""

from __future__ import annotations

import enum
import json
import operator
import re
import types
import typing
from collections.abc import Callable
from typing import Any, Final

import attrs

from phase10._fast import BoundedCache, IdentityCache, declare, lru_cache
from phase10._messages import Message, Param
from phase10._written import meld_as_written, meld_verdict, unwritten_verdict
from phase10.cards import Card, Color, parse_card
from phase10.errors import ArgumentError, DefinitionError, FormatError, LimitError, Phase10Error
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
    Verdict,
)
from phase10.limits import Limits, check_limit
from phase10.variants import Variant, built_in_name, find_variant

#: The largest whole number and the longest string a document may hold.
MAX_INT = 10**9
MAX_STR = 10_000

#: What turns a value into its JSON, and what reads it back at a path in a context.
Encoder = Callable[[Any], Any]
Decoder = Callable[[Any, str, "Context"], Any]


class Context:
    """What decoding needs beyond the value: the document's variant and its meld rules."""

    __slots__ = ("check_melds", "history_read", "rules", "variant")

    def __init__(self, rules: MeldRules):
        self.rules = rules
        # The variant of the state or view being read (its history's events need it).
        self.variant: Variant | None = None
        # The last history read, with its texts and what is known of them, for the check
        # of the state or view that holds it (serialize._check_history).
        self.history_read: tuple[Any, ...] | None = None
        # Melds of a state or view are checked with the whole state (GameState.validate);
        # a standalone meld, laydown or action is checked as it is read.
        self.check_melds = True


def fail(
    path: str, message: str, verdict: Verdict | None = None, *, said: Message | None = None
) -> FormatError:
    """The error at ``path``; for a meld that is not valid, with its problem and sentence.

    ``said`` is what the player reads (default: the meld's reason, else that the value at
    ``path`` is not valid).
    """
    if verdict is None:
        said = said or Message.of("json.invalid", path=path)
        return FormatError(f"{path}: {message}", path=path, reason=message, said=said)
    return FormatError(
        f"{path}: {message}",
        path=path,
        problem=verdict.problem,
        reason=verdict.reason,
        said=said or verdict.said,
    )


def expected(path: str, wanted: Message, value: object) -> FormatError:
    """The error at ``path``: ``wanted`` was expected there, ``value`` found."""
    said = Message.of("json.expected", path=path, expected=wanted, got=shown(value))
    return fail(path, f"expected {wanted.text()}, got {kind_of(value)}", said=said)


def shown(value: object) -> Param:
    """A JSON value as a player message shows it: short JSON text, or what kind it is."""
    if isinstance(value, list | tuple):
        return Message.of("json.an-array")
    if isinstance(value, dict):
        return Message.of("json.an-object")
    try:
        text = json.dumps(value)
    except (TypeError, ValueError):
        text = type(value).__name__
    return text if len(text) <= 40 else text[:39] + "\u2026"


def _limit(exc: LimitError, path: str) -> LimitError:
    """``exc`` again, its path (a field name, or already a JSON path) placed below ``path``."""
    if exc.path.startswith("$"):
        return exc
    where = f"{path}.{exc.path}"
    message = str(exc)
    if message.startswith(exc.path):
        message = where + message[len(exc.path) :]
    return type(exc)(message, path=where, limit=exc.limit, maximum=exc.maximum, value=exc.value)


def kind_of(value: object) -> str:
    """What a JSON value is, in words for a message (``the number 3``, ``an array``)."""
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


def decode_int(value: Any, path: str, ctx: Context) -> int:
    """A whole number from 0 to ``MAX_INT``.

    Raises:
        FormatError: ``value`` is anything else.
    """
    if type(value) is not int or not 0 <= value <= MAX_INT:
        raise expected(path, Message.of("json.want.int", max=MAX_INT), value)
    return value


def _dec_bool(value: Any, path: str, ctx: Context) -> bool:
    if type(value) is not bool:
        raise expected(path, Message.of("json.want.bool"), value)
    return value


def decode_str(value: Any, path: str, ctx: Context) -> str:
    """A string of at most ``MAX_STR`` characters.

    Raises:
        FormatError: ``value`` is anything else.
    """
    if type(value) is not str or len(value) > MAX_STR:
        raise expected(path, Message.of("json.want.string", max=MAX_STR), value)
    return value


_CACHE_LIMIT = 4096
# Cards by their canonical text (only: other spellings are parsed each time).
_CARDS: BoundedCache[str, Card] = BoundedCache(
    _CACHE_LIMIT,
    name="_CARDS",
    key="a card's canonical text (JSON decoding)",
    why="as `cards._CACHE`: other spellings are parsed every time; cards are immutable",
)
# Card text by id(card), because Card.__hash__ is a Python method and id() is not.
_CARD_TEXT: IdentityCache[str] = IdentityCache(
    _CACHE_LIMIT,
    name="_CARD_TEXT",
    key="identity of a `Card` (JSON encoding)",
    why="identity cache; a card's text never changes",
)


def encode_card(card: Card) -> str:
    """A card's JSON value: its notation (``R7``, ``W``)."""
    text = _CARD_TEXT.get(id(card))
    if text is None:
        text = _CARD_TEXT.put(card, str(card))
    return text


#: Card notation as a JSON document writes a card: R7, 10S, QH, W, S, W1-6:RG, action cards
#: (two letters), letters of either case. The schemas (phase10.schemas) use the same pattern,
#: so the codec and the schemas agree; text around a card (" R7") is refused (issue 23).
CARD_PATTERN = (
    "[A-Za-z][0-9]{1,2}|(?:[0-9]{1,2}|[AJQKajqk])[A-Za-z]|[SsWw]|[A-Za-z]{2}"
    "|[Ww](?:[0-9]{1,2}-[0-9]{1,2})?(?::[A-Za-z]{1,16})?"
)
_CARD_RE = re.compile(f"(?:{CARD_PATTERN})")


def decode_card(value: Any, path: str, ctx: Context) -> Card:
    """A card from its notation, a card of the context's game.

    Raises:
        FormatError: ``value`` is not such a card.
    """
    if type(value) is str:
        card = _CARDS.get(value)
        if card is not None:
            return card
        if len(value) <= 16 and _CARD_RE.fullmatch(value):
            try:
                card = parse_card(value)
            except Phase10Error as exc:
                said = Message.of("json.not-a-card", card=value, path=path)
                raise fail(path, f"not a card: {value!r} ({exc})", said=said) from None
            if str(card) == value:
                _CARDS.put(value, card)
            return card
    raise expected(path, Message.of("json.want.card"), value)


def _dec_cards(value: Any, path: str, ctx: Context) -> tuple[Card, ...]:
    if type(value) is not list and type(value) is not tuple:
        raise expected(path, Message.of("json.want.cards"), value)
    try:
        return tuple([_CARDS[x] for x in value])
    except (KeyError, TypeError):
        return tuple([decode_card(x, f"{path}[{i}]", ctx) for i, x in enumerate(value)])


def _enc_cards(cards: tuple[Card, ...]) -> list[str]:
    texts = list(map(_CARD_TEXT.get, map(id, cards)))
    if None in texts:
        return [encode_card(c) for c in cards]
    return texts  # type: ignore[return-value]


_VALUE_RE = re.compile(r"([A-Z]?)([0-9]{0,3})")
_COLORS = {c.value: c for c in Color}


def _enc_value(value: Value) -> str:
    color = value.color.value if value.color is not None else ""
    return f"{color}{value.number if value.number is not None else ''}"


def _dec_value(value: Any, path: str, ctx: Context) -> Value:
    if type(value) is str:
        match = _VALUE_RE.fullmatch(value)
        if match is not None and (not match.group(1) or match.group(1) in _COLORS):
            number = int(match.group(2)) if match.group(2) else None
            if number is None or number >= 1:
                color = _COLORS[match.group(1)] if match.group(1) else None
                return Value(number, color)
    raise expected(path, Message.of("json.want.value"), value)


def _enum_codec(cls: type[enum.Enum]) -> tuple[Encoder, Decoder]:
    by_value = {m.value: m for m in cls}
    allowed = Message.of("json.want.one-of", choices=tuple(json.dumps(v) for v in by_value))

    def enc(member: enum.Enum) -> Any:
        return member.value

    def dec(value: Any, path: str, ctx: Context) -> Any:
        member = by_value.get(value) if type(value) is str else None
        if member is None:
            raise expected(path, allowed, value)
        return member

    return enc, dec


# ----------------------------------------------------------------------------- groups, melds

#: Group types by the name written in JSON; each is built from its ``size`` alone.
GROUP_KINDS: dict[str, Callable[[int], GroupType]] = {
    "SetOf": SetOf,
    "RunOf": RunOf,
    "ColorGroupOf": ColorGroupOf,
    "ColorRunOf": ColorRunOf,
    "RedOrBlackOf": RedOrBlackOf,
}
_GROUP_NAMES: dict[Any, str] = {kind: name for name, kind in GROUP_KINDS.items()}


def _enc_group(group: GroupType) -> dict[str, Any]:
    name = _GROUP_NAMES.get(type(group))
    if name is None:
        raise FormatError(
            f"cannot write group type {group!r} as JSON: only {', '.join(GROUP_KINDS)} can be"
        )
    return {"kind": name, "size": group.size}


_GROUPS: BoundedCache[tuple[str, int], GroupType] = BoundedCache(
    _CACHE_LIMIT,
    name="_GROUPS",
    key="`(kind, size)` of a decoded group",
    why="stored only after the value was checked; groups are immutable",
)


def _dec_group(value: Any, path: str, ctx: Context) -> GroupType:
    if type(value) is dict and len(value) == 2:
        kind, size = value.get("kind"), value.get("size")
        if type(kind) is str and type(size) is int:
            found = _GROUPS.get((kind, size))
            if found is not None:
                return found
    group = _read_group(value, path, ctx)
    return _GROUPS.put((value["kind"], group.size), group)


def _read_group(value: Any, path: str, ctx: Context) -> GroupType:
    check_keys(value, path, ("kind", "size"), ())
    kind = value["kind"]
    make = GROUP_KINDS.get(kind) if type(kind) is str else None
    if make is None:
        kinds = tuple(map(json.dumps, GROUP_KINDS))
        raise expected(f"{path}.kind", Message.of("json.want.one-of", choices=kinds), kind)
    size = decode_int(value["size"], f"{path}.size", ctx)
    try:
        return make(size)
    except Phase10Error as exc:
        raise fail(f"{path}.size", str(exc)) from None


def encode_meld(meld: Meld) -> dict[str, Any]:
    """A meld's JSON object: its group and its cards, a wild's value written with it."""
    cards = [_enc_placed(c, v) for c, v in zip(meld.cards, meld.values, strict=True)]
    return {"group": _enc_group(meld.group), "cards": cards}


_PATTERNS: BoundedCache[tuple[int | None, Color | None], Pattern] = BoundedCache(
    _CACHE_LIMIT,
    name="_PATTERNS",
    key="`(number, colour)` of a meld's slot",
    why="patterns are immutable",
)


def _pattern(number: int | None, color: Color | None) -> Pattern:
    """``Pattern.of(number=..., color=...)``, one shared instance per pattern."""
    key = (number, color)
    found = _PATTERNS.get(key)
    if found is None:
        found = _PATTERNS.put(key, Pattern.of(number=number, color=color))
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


_PLACED: BoundedCache[str, tuple[Card, Value]] = BoundedCache(
    _CACHE_LIMIT,
    name="_PLACED",
    key="a meld card's text (`W=7`), canonical spelling only",
    why="pairs of immutable values",
)


def _dec_placed(item: Any, path: str, ctx: Context) -> tuple[Card, Value]:
    """A card of a meld, ``"R7"`` or ``"W=7"``, with what it stands for."""
    if type(item) is not str:
        raise expected(path, Message.of("json.want.placed-card"), item)
    head, eq, tail = item.partition("=")
    card = decode_card(head, path, ctx)
    if eq:
        if card.is_natural:
            raise fail(path, f"only a wild takes a value after '=', got {item!r}")
        value = _dec_value(tail, path, ctx)
    elif card.is_natural:
        value = Value(card.number, card.color)
    else:
        value = Value(None, None)
    if _enc_placed(card, value) == item:  # only the canonical spelling is remembered
        _PLACED.put(item, (card, value))
    return card, value


def _enc_placed(card: Card, value: Value) -> str:
    text = encode_card(card)
    if not card.is_natural:
        written = _enc_value(value)
        if written:
            return f"{text}={written}"
    return text


# Melds read before, by the meld rules and what was written: the melds of a table recur
# from state to state of a hand. Only melds read whole are stored (so only lists of card
# texts, and the rules decide the shape and the cards allowed); whether the meld is valid
# is still asked every time (phase10._written.meld_verdict, cached by the meld's identity).
_MELDS: BoundedCache[tuple[MeldRules, str, int, tuple[str, ...]], Meld] = BoundedCache(
    _CACHE_LIMIT,
    name="_MELDS",
    key="`(MeldRules, kind, size, card texts)` of a meld read from JSON",
    why="stored only after the meld was read whole (only card texts, so only hashable "
    "keys); whether the meld is valid is asked again on every read",
)


def decode_meld(value: Any, path: str, ctx: Context) -> Meld:
    """A meld from its JSON object, remembered by what was written.

    It is checked unless the context leaves the check to the whole state.

    Raises:
        FormatError: ``value`` is not a valid meld under the context's rules.
    """
    key = None
    if type(value) is dict and len(value) == 2:
        group, written = value.get("group"), value.get("cards")
        if type(group) is dict and type(written) is list and len(group) == 2:
            kind, size = group.get("kind"), group.get("size")
            if type(kind) is str and type(size) is int:
                try:
                    key = (ctx.rules, kind, size, tuple(written))
                    meld = _MELDS.get(key)
                except TypeError:  # an item that is not hashable
                    key = meld = None
                if meld is not None:
                    if ctx.check_melds:
                        _check_meld(meld, path, ctx.rules)
                    return meld
    meld = _read_meld(value, path, ctx)
    if key is not None:
        _MELDS.put(key, meld)
    return meld


def _read_meld(value: Any, path: str, ctx: Context) -> Meld:
    check_keys(value, path, ("group", "cards"), ())
    group = _dec_group(value["group"], f"{path}.group", ctx)
    written = value["cards"]
    if type(written) is not list or not written:
        raise expected(f"{path}.cards", Message.of("json.want.nonempty-cards"), written)
    placed = _PLACED
    cards = []
    values = []
    game = ctx.rules.game
    for i, item in enumerate(written):
        entry = placed.get(item) if type(item) is str else None
        if entry is None:
            entry = _dec_placed(item, f"{path}.cards[{i}]", ctx)
        if not game.has(entry[0]):  # a meld never holds a card of another game
            said = Message.of("notation.not-in-game", token=str(entry[0]))
            raise fail(f"{path}.cards[{i}]", str(game.refusal(entry[0])), said=said)
        cards.append(entry[0])
        values.append(entry[1])
    values_t = tuple(values)
    cards_t = tuple(cards)
    shape = _shape_of(group, values_t, ctx.rules)
    if shape is not None:
        meld: Meld | None = Meld(group, shape, cards_t, values_t)
    else:  # a group type of one's own: the meld its cards stand for as written
        meld = meld_as_written(group, cards_t, values_t, ctx.rules)
    if meld is None:
        verdict = unwritten_verdict(group, cards_t, values_t, ctx.rules)
        raise fail(path, f"not a valid {group}: {' '.join(written)} ({verdict.reason})", verdict)
    if ctx.check_melds:
        _check_meld(meld, path, ctx.rules)
    return meld


def _check_meld(meld: Meld, path: str, rules: MeldRules) -> None:
    verdict = meld_verdict(meld, rules)  # remembered per meld: the melds of a table recur
    if not verdict:
        raise fail(path, f"not a valid {meld.group}: {meld} ({verdict.reason})", verdict)


# ----------------------------------------------------------------------------- JSON text


def load_json(text: str | bytes | bytearray, limits: Limits | None = None) -> Any:
    """Parse untrusted JSON text: the one reader of every door that takes JSON (issue 23).

    :func:`phase10.from_json`, ``Table.submit`` and a record's ``Variant`` header read
    JSON through it: the text's length is checked against ``max_text_length`` first, an
    object with a key twice is refused (JSON leaves it open; Python keeps the last), and
    every failure is a :class:`~phase10.FormatError`.

    Raises:
        FormatError: the text is not JSON, is nested too deeply, or has a key twice.
        LimitError: the text is longer than ``max_text_length``.
    """
    check_limit(len(text), "max_text_length", "$", limits, where=" (length of the JSON text)")
    try:
        value = json.loads(text, object_pairs_hook=no_duplicates)
    except FormatError:  # a key given twice
        raise
    except RecursionError:
        raise _too_deep() from None
    except ValueError as exc:  # JSONDecodeError, bad UTF-8, over-long integers
        raise FormatError(f"not JSON: {exc}", said=Message.of("json.not-json")) from None
    # Python's parser stops at its own recursion limit, which differs between versions (3.13
    # reads 2,000 levels): the depth is checked here, the same on every version. A level
    # opens with a bracket, and every bracket of the text (in any of JSON's encodings) has
    # a byte or character of its own, so a text with no more brackets than levels allowed
    # cannot nest too deeply: a state's text has a few dozen, and skips the walk.
    if type(value) in _CONTAINERS and _more_brackets(text, MAX_JSON_DEPTH):
        stack = [(value, 1)]  # only arrays and objects: their strings and numbers are leaves
        while stack:
            item, depth = stack.pop()
            if depth > MAX_JSON_DEPTH:
                raise _too_deep()
            depth += 1
            for child in item.values() if type(item) is dict else item:
                if type(child) in _CONTAINERS:
                    stack.append((child, depth))
    return value


_CONTAINERS: Final = (list, dict)  # what json.loads builds an array and an object as


def _more_brackets(text: str | bytes | bytearray, limit: int) -> bool:
    """Whether ``text`` holds more than ``limit`` of the characters (or bytes) ``[`` and ``{``.

    Found one by one (``find`` skips to the next at memchr's speed), stopping past
    ``limit``: cheaper than counting every character when there are few.
    """
    found = 0
    for bracket in ("[", "{") if isinstance(text, str) else (b"[", b"{"):
        at = text.find(bracket)  # type: ignore[arg-type]
        while at >= 0:
            found += 1
            if found > limit:
                return True
            at = text.find(bracket, at + 1)  # type: ignore[arg-type]
    return False


def _too_deep() -> FormatError:
    return FormatError(
        f"the JSON text is nested too deeply (more than {MAX_JSON_DEPTH} levels)",
        said=Message.of("json.too-deep"),
    )


#: How deeply a JSON text may nest arrays and objects (a phase10 document nests a few levels).
MAX_JSON_DEPTH: Final = 100


def no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object of the JSON text; a key given twice is an error (JSON leaves it open)."""
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                # where the object is cannot be known while parsing: the key says which
                shown_key = json.dumps(key[:100])
                raise FormatError(
                    f"$: the key {shown_key} appears twice in one object",
                    path="$",
                    said=Message.of("json.key-twice", name=shown_key),
                )
            seen.add(key)
    return result


# ----------------------------------------------------------------------------- variants


def _builtin(name: str) -> Variant | None:
    try:
        return find_variant(name)
    except DefinitionError:
        return None


def builtin_name(variant: Variant) -> str | None:
    """The name to write for a built-in variant, ``None`` for a custom one."""
    return built_in_name(variant)


def encode_variant_full(variant: Variant) -> dict[str, Any]:
    """A variant as a JSON object, field by field (even a built-in one)."""
    enc, _ = object_codec(Variant)
    result: dict[str, Any] = enc(variant)
    return result


def encode_variant(variant: Variant) -> Any:
    """A variant's JSON value: a built-in one's name, any other in full."""
    name = builtin_name(variant)
    return name if name is not None else encode_variant_full(variant)


def decode_variant(value: Any, path: str = "$", ctx: Context | None = None) -> Variant:
    """A variant from its JSON value: a built-in name or a variant object.

    The variant and its meld rules become the context's, for what is read after it.

    Raises:
        FormatError: ``value`` is neither; ``.path`` names the bad value below ``path``.
    """
    if ctx is None:
        ctx = Context(CLASSIC_MELD_RULES)
    if type(value) is str:
        found = _builtin(value) if len(value) <= 100 else None
        if found is None:
            said = Message.of("json.unknown-variant", name=shown(value))
            message = f"unknown variant {value[:100]!r}; give a custom variant in full"
            raise fail(path, message, said=said)
        if found.name != value:  # the name as written, as the schemas' list has it
            said = Message.of("json.variant-name", name=found.name, given=shown(value))
            raise fail(
                path, f"write the variant's name as {found.name!r}, not {value!r}", said=said
            )
        variant = found
    elif type(value) is dict:
        _, dec = object_codec(Variant)
        variant = dec(value, path, ctx)
    else:
        raise expected(path, Message.of("json.want.variant"), value)
    ctx.rules = variant.meld_rules
    ctx.variant = variant
    return variant


# ----------------------------------------------------------------------------- generic codecs

_CODECS: dict[Any, tuple[Encoder, Decoder]] = {}
declare(
    "_CODECS",
    kind="dict",
    key="a type of the JSON format",
    bound=None,
    why="a codec is derived from its type only",
    table=_CODECS,
)


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
    "PhaseMelds": _keys("phase melds"),
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


def optional_keys(cls: type, fields: list[attrs.Attribute[Any]]) -> frozenset[str]:
    """Fields added after phase10/1 that have a default: their keys may be left out."""
    v1 = _V1_KEYS.get(cls.__name__)
    if v1 is None:  # a class new since phase10/1: every field with a default is optional
        v1 = frozenset()
    return frozenset(f.name for f in fields if f.name not in v1 and f.default is not attrs.NOTHING)


#: Decoders for single fields that need more than their type's (filled by serialize).
FIELD_DECODERS: dict[tuple[type, str], Decoder] = {}
#: Encoders for single fields that need the object they are in, which they are given
#: instead of the field's value (filled by serialize: a history needs its variant).
FIELD_ENCODERS: dict[tuple[type, str], Encoder] = {}


def key_path(path: str, key: object) -> str:
    """``path.key``, or ``path["key"]`` for a key that is not a plain word."""
    text = key if isinstance(key, str) else repr(key)
    if text.isidentifier():
        return f"{path}.{text}"[:300]
    return f"{path}[{json.dumps(text[:100])}]"


@lru_cache(maxsize=256, key="a tuple of key names", why="a frozenset of the same names")
def _key_set(keys: tuple[str, ...]) -> frozenset[str]:
    return frozenset(keys)


def check_keys(value: Any, path: str, required: tuple[str, ...], optional: tuple[str, ...]) -> None:
    """Refuse anything but an object with the ``required`` keys and some ``optional`` ones.

    Raises:
        FormatError: not an object, a key missing, or an unknown key (its path named).
    """
    if type(value) is not dict:
        raise expected(path, Message.of("json.want.object"), value)
    if len(value) == len(required) and value.keys() >= _key_set(required):
        return
    for key in required:
        if key not in value:
            where = f"{path}.{key}"
            raise fail(where, "missing key", said=Message.of("json.missing-key", path=where))
    if len(value) > len(required):
        for key in value:
            if key not in required and key not in optional:
                where = key_path(path, key)
                said = Message.of("json.unknown-key", path=where)
                raise fail(where, "unknown key", said=said)


def _codec(tp: Any) -> tuple[Encoder, Decoder]:
    found = _CODECS.get(tp)
    if found is None:
        found = _CODECS[tp] = _compile(tp)
    return found


def _compile(tp: Any) -> tuple[Encoder, Decoder]:
    special = SPECIAL.get(tp)
    if special is not None:
        return special
    if tp is bool:
        return identity, _dec_bool
    if tp is int:
        return identity, decode_int
    if tp is str:
        return identity, decode_str
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
        return optional_codec(inner)
    if isinstance(tp, type) and attrs.has(tp):
        return object_codec(tp)
    raise ArgumentError(f"phase10.serialize has no JSON codec for {tp!r}")


def _list_codec(item: Any) -> tuple[Encoder, Decoder]:
    enc_item: Encoder | None = None
    dec_item: Decoder | None = None

    def enc(values: tuple[Any, ...]) -> list[Any]:
        nonlocal enc_item
        if enc_item is None:
            enc_item = _codec(item)[0]
        return [enc_item(v) for v in values]

    def dec(value: Any, path: str, ctx: Context) -> tuple[Any, ...]:
        nonlocal dec_item
        if dec_item is None:
            dec_item = _codec(item)[1]
        if type(value) is not list and type(value) is not tuple:
            raise expected(path, Message.of("json.want.array"), value)
        d = dec_item
        return tuple([d(v, f"{path}[{i}]", ctx) for i, v in enumerate(value)])

    return enc, dec


def _fixed_codec(items: tuple[Any, ...]) -> tuple[Encoder, Decoder]:
    def enc(values: tuple[Any, ...]) -> list[Any]:
        return [_codec(t)[0](v) for t, v in zip(items, values, strict=True)]

    def dec(value: Any, path: str, ctx: Context) -> tuple[Any, ...]:
        if (type(value) is not list and type(value) is not tuple) or len(value) != len(items):
            raise expected(path, Message.of("json.want.array-of", count=len(items)), value)
        return tuple(
            _codec(t)[1](v, f"{path}[{i}]", ctx)
            for i, (t, v) in enumerate(zip(items, value, strict=True))
        )

    return enc, dec


def optional_codec(inner: Any) -> tuple[Encoder, Decoder]:
    """The encoder and decoder of ``inner | None`` (``null`` in JSON)."""

    def enc(value: Any) -> Any:
        return None if value is None else _codec(inner)[0](value)

    def dec(value: Any, path: str, ctx: Context) -> Any:
        return None if value is None else _codec(inner)[1](value, path, ctx)

    return enc, dec


_OBJECT_CODECS: dict[type, tuple[Encoder, Decoder]] = {}
declare(
    "_OBJECT_CODECS",
    kind="dict",
    key="an attrs class of the JSON format",
    bound=None,
    why="a codec is derived from its class's fields only",
    table=_OBJECT_CODECS,
)


#: The decoders whose value, of their type, needs no more than decode_int's range check.
_PLAIN: dict[Decoder, type] = {_dec_bool: bool, decode_int: int}


def identity(value: Any) -> Any:
    """The value itself: the encoder of values that are their own JSON."""
    return value


def object_codec(cls: type) -> tuple[Encoder, Decoder]:
    """The encoder and decoder of attrs class ``cls``, field by field (built once)."""
    found = _OBJECT_CODECS.get(cls)
    if found is not None:
        return found
    hints = typing.get_type_hints(cls)
    fields = [f for f in attrs.fields(cls) if f.init]
    names = tuple(f.name for f in fields)
    get_all = operator.attrgetter(*names) if len(names) > 1 else None
    optional = optional_keys(cls, fields)
    required = tuple(n for n in names if n not in optional)
    maybe = tuple(n for n in names if n in optional)
    exactly = frozenset(required)  # check_keys' own first test, without its call
    # Filled on first use, so that classes may refer to each other.
    encoders: list[Encoder] = []
    plan: list[tuple[str, str, str, Decoder, Any]] = []  # Any: bool, int or None
    whole: list[tuple[str, Encoder]] = []

    def prepare() -> None:
        for f in fields:
            enc, dec = _codec(hints[f.name])
            special = FIELD_ENCODERS.get((cls, f.name))
            if special is not None:
                whole.append((f.name, special))
                enc = identity  # written over below
            encoders.append(enc)
            decoder = FIELD_DECODERS.get((cls, f.name), dec)
            plan.append((f.name, "." + f.name, f.alias or f.name, decoder, _PLAIN.get(decoder)))

    def enc(obj: Any) -> dict[str, Any]:
        if not encoders:
            prepare()
        values = get_all(obj) if get_all is not None else (getattr(obj, names[0]),) if names else ()
        result = {
            name: v if e is identity else e(v)
            for name, e, v in zip(names, encoders, values, strict=True)
        }
        for name, e in whole:
            result[name] = e(obj)
        return result

    def dec(value: Any, path: str, ctx: Context) -> Any:
        if not plan:
            prepare()
        if type(value) is not dict or len(value) != len(required) or not value.keys() >= exactly:
            check_keys(value, path, required, maybe)
        kwargs = {}
        for name, dot_name, alias, d, plain in plan:
            if name in value:
                v = value[name]
                # a bool or a whole number in range is itself, as its decoder would say
                # (which is called for anything else, to refuse it)
                if type(v) is plain and (plain is bool or 0 <= v <= MAX_INT):
                    kwargs[alias] = v
                else:
                    kwargs[alias] = d(v, path + dot_name, ctx)
        try:
            return cls(**kwargs)
        except LimitError as exc:
            raise _limit(exc, path) from None
        except (Phase10Error, TypeError, ValueError) as exc:
            raise fail(path, f"not a valid {cls.__name__}: {exc}") from None

    _OBJECT_CODECS[cls] = (enc, dec)
    return enc, dec


#: The types whose JSON is not field by field, with their encoder and decoder.
SPECIAL: dict[Any, tuple[Encoder, Decoder]] = {
    Card: (encode_card, decode_card),
    Value: (_enc_value, _dec_value),
    Meld: (encode_meld, decode_meld),
    GroupType: (_enc_group, _dec_group),
    Variant: (encode_variant, decode_variant),
}
