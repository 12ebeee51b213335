"""Pictures as plain SVG strings: cards, melds, laydowns, hands, the table, a turn's steps.

No dependency: every function returns the text of one standalone ``<svg>`` element, which a
browser, a notebook or an image converter shows as it is. The pictures are

- **readable small**: a card's number or rank is large, and repeated in its corner, so a
  hand of overlapping cards still shows every card;
- **accessible**: every card carries a ``<title>`` ("red 7", "queen of hearts", "wild 1-6 in
  red or green") and every picture an ``aria-label``; colours are never the only clue, each
  card also shows its colour's name, a symbol (circle, square, triangle, diamond, star for
  red, blue, green, yellow, purple) or its suit;
- **deterministic**: the same input gives the same bytes, so pictures can be compared and
  kept as golden files.

Every text that comes from the input (card notation, seat names, phase names, captions) is
escaped, so no input can break the XML.

**For pages**: every card is a ``<g class="card" data-card="R7">``; in :func:`table` and
:func:`game` each part a player can point at also carries a ``data-key`` (the cards of the
viewer's hand ``hand/0``, ``hand/1``, ... with ``data-index``; each meld ``meld/SEAT/INDEX``
with ``data-seat`` and ``data-meld``; each seat ``seat/SEAT``; the piles ``draw`` and
``discard``), so a page can make them clickable and style them. ``fill={key: colour}``
outlines parts (legal targets, a selection) and ``lastmove=action`` outlines what the last
move touched, as ``chess.svg`` does with squares; ``landscape=True`` lays the table out wide,
with text large enough to read when projected.

>>> from phase10 import parse_card
>>> picture = card(parse_card("R7"))
>>> picture.startswith("<svg") and "<title>red 7</title>" in picture
True

In a notebook, cards, melds, laydowns, game states and player views show themselves as these
pictures (their ``_repr_svg_``).

Sizes are the width of one card in pixels (``size``, default 64); a card is half again as
tall as it is wide, and the rest of a picture scales with it.
"""

from __future__ import annotations

import contextlib
import math
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextvars import ContextVar
from typing import Final

import attrs

from phase10 import _pictures
from phase10._messages import Param, language
from phase10.actions import (
    ACTION_TYPES,
    Action,
    Discard,
    Draw,
    Hit,
    LayDown,
    TakeDiscard,
    seat_name,
)
from phase10.cards import ActionKind, Card, Color, Kind
from phase10.errors import ArgumentError, Message, PictureError
from phase10.groups import CLASSIC_MELD_RULES, GroupType, Meld, MeldRules, Value, group_message
from phase10.laydown import explanation, find_laydown
from phase10.phases import Phase, PhaseMelds, phase_message
from phase10.state import CHANCE, GameState, History, TurnStep
from phase10.views import PlayerView

__all__ = [
    "LASTMOVE_COLOR",
    "card",
    "card_title",
    "game",
    "hand",
    "laydown",
    "meld",
    "phase_check",
    "row",
    "table",
    "turn_diagram",
    "use_language",
]


# ----------------------------------------------------------------------------- geometry

#: A card is drawn in a box of these units; ``size`` scales the unit to pixels.
_W: Final = 100
_H: Final = 150
_GAP: Final = 10
_FONT: Final = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
_INK: Final = "#212121"
_FRAME: Final = "#424242"
_DARK_FACE: Final = "#263238"
_ACTION_FACE: Final = "#0d47a1"
_BACK_FACE: Final = "#5d4037"


@attrs.frozen
class _Look:
    """How a colour is drawn: its name, its fill, the ink on it, and its symbol."""

    name: str
    fill: str
    ink: str
    symbol: str


_LOOKS: dict[Color, _Look] = {
    Color.RED: _Look("red", "#c62828", "#ffffff", "circle"),
    Color.BLUE: _Look("blue", "#1565c0", "#ffffff", "square"),
    Color.GREEN: _Look("green", "#2e7d32", "#ffffff", "triangle"),
    Color.YELLOW: _Look("yellow", "#fbc02d", _INK, "diamond"),
    Color.PURPLE: _Look("purple", "#6a1b9a", "#ffffff", "star"),
    Color.CLUBS: _Look("clubs", "#ffffff", _INK, "\u2663"),
    Color.DIAMONDS: _Look("diamonds", "#ffffff", "#c62828", "\u2666"),
    Color.HEARTS: _Look("hearts", "#ffffff", "#c62828", "\u2665"),
    Color.SPADES: _Look("spades", "#ffffff", _INK, "\u2660"),
}

_RANKS = {1: "A", 11: "J", 12: "Q", 13: "K"}
_ACTION_WORDS = {
    ActionKind.TAKE_TWO: ("TAKE", "TWO", "Take two"),
    ActionKind.KEEP_ALL: ("KEEP", "ALL", "Keep all"),
    ActionKind.GIVE_FIVE: ("GIVE", "FIVE", "Give five"),
    ActionKind.BLANK: ("BLANK", "", "blank"),
}


# Characters XML 1.0 does not allow, even escaped: they become U+FFFD.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


# What xml.sax.saxutils' escape and quoteattr write, without the import of urllib that
# loading that module costs (a fifth of ``import phase10``): & < > always, a carriage
# return as a reference (a parser turns a literal one into a line feed), and in attribute
# values the white space a parser would normalise.
_TEXT = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", "\r": "&#13;"})
_VALUE = str.maketrans(
    {"&": "&amp;", "<": "&lt;", ">": "&gt;", "\r": "&#13;", "\n": "&#10;", "\t": "&#9;"}
)


def _esc(content: str) -> str:
    """``content`` as XML character data: escaped, and without characters XML forbids.

    A carriage return is written as a character reference: a parser turns a literal one
    into a line feed.
    """
    return _NOT_XML.sub("\ufffd", content).translate(_TEXT)


def _attr(content: str) -> str:
    """``content`` as a quoted XML attribute value."""
    value = _NOT_XML.sub("\ufffd", content).translate(_VALUE)
    if '"' not in value:
        return f'"{value}"'
    if "'" not in value:
        return f"'{value}'"
    return '"{}"'.format(value.replace('"', "&quot;"))


def _n(x: float) -> str:
    """A coordinate as short, stable text: at most two decimals, no trailing zeros."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _text(
    x: float,
    y: float,
    content: str,
    *,
    size: float,
    fill: str = _INK,
    anchor: str = "start",
    bold: bool = False,
) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" fill="{fill}" '
        f'text-anchor="{anchor}"{weight}>{_esc(content)}</text>'
    )


def _text_width(content: str, size: float) -> float:
    """A generous estimate of the width of ``content`` (layout only; no font metrics)."""
    return len(content) * size * 0.62


def _symbol(shape: str, cx: float, cy: float, r: float, fill: str) -> str:
    """A colour's symbol, so that no card relies on colour alone."""
    if shape == "circle":
        return f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r)}" fill="{fill}"/>'
    if shape == "square":
        side = r * 1.7
        return (
            f'<rect x="{_n(cx - side / 2)}" y="{_n(cy - side / 2)}" width="{_n(side)}" '
            f'height="{_n(side)}" fill="{fill}"/>'
        )
    if shape == "triangle":
        points = [(cx, cy - r), (cx + r, cy + r * 0.8), (cx - r, cy + r * 0.8)]
    elif shape == "diamond":
        points = [
            (cx, cy - r * 1.15),
            (cx + r * 0.85, cy),
            (cx, cy + r * 1.15),
            (cx - r * 0.85, cy),
        ]
    elif shape == "star":
        points = []
        for i in range(10):
            radius = r * 1.15 if i % 2 == 0 else r * 0.5
            angle = math.pi * i / 5 - math.pi / 2
            points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    else:  # a suit: its glyph
        return _text(cx, cy + r * 0.75, shape, size=r * 2.4, fill=fill, anchor="middle")
    text = " ".join(f"{_n(px)},{_n(py)}" for px, py in points)
    return f'<polygon points="{text}" fill="{fill}"/>'


def _check_size(size: object, name: str = "size") -> float:
    if isinstance(size, bool) or not isinstance(size, int | float):
        raise ArgumentError(f"{name} must be a number of pixels, got {size!r}")
    if not 0 < size < 100_000:
        raise PictureError(
            f"{name} must be a positive number of pixels (below 100000), got {size!r}"
        )
    return float(size)


def _short(value: object) -> str:
    """``repr(value)``, cut short: a game state's repr runs to pages."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _need(value: object, kind: type, what: str, function: str) -> None:
    if not isinstance(value, kind):
        raise ArgumentError(
            f"svg.{function}() needs {what}, got {type(value).__name__} {_short(value)}"
        )


def _cards_arg(cards: object, function: str) -> tuple[Card, ...]:
    if isinstance(cards, str) or not isinstance(cards, Iterable):
        raise ArgumentError(
            f"svg.{function}() needs an iterable of Card (parse text with parse_cards), "
            f"got {type(cards).__name__} {_short(cards)}"
        )
    out = tuple(cards)
    for item in out:
        _need(item, Card, "Card objects", function)
    return out


def _document(body: Sequence[str], width: float, height: float, size: float, title: str) -> str:
    """A standalone SVG of ``width`` x ``height`` units, scaled so a card is ``size`` wide."""
    scale = size / _W
    label = _attr(title)
    return "".join(
        (
            '<svg xmlns="http://www.w3.org/2000/svg" version="1.1" '
            f'width="{_n(width * scale)}" height="{_n(height * scale)}" '
            f'viewBox="0 0 {_n(width)} {_n(height)}" role="img" aria-label={label} '
            f'font-family="{_FONT}">',
            f"<title>{_esc(title)}</title>",
            *body,
            "</svg>",
        )
    )


# ----------------------------------------------------------------------------- names

#: The language of the names drawn on cards, set by :func:`use_language`.
_LANGUAGE: ContextVar[str] = ContextVar("phase10_svg_language", default="en")


@contextlib.contextmanager
def use_language(lang: str) -> Iterator[None]:
    """Draw every word of a picture in ``lang`` inside the ``with`` block.

    ``lang`` is a language of the messages (``hu``, ``ru``, ``ro``, ``es``; a locale name
    such as ``es_ES.UTF-8`` is read as its language, any other as English). The words are the
    names on cards (colours, Wild, Skip), the cards' titles, the group and phase labels, and
    a table's headings, seat lines and piles, the game-over winner line included. The card
    notation in the corners stays the same in every language.

    Each picture function also takes ``lang=``, which says it for one call and is the
    clearer choice; this block sets the default of the calls inside it (a context
    variable, so each thread and task keeps its own).

    >>> from phase10 import parse_card
    >>> with use_language("es"):
    ...     "SALTO" in card(parse_card("S"))
    True
    """
    token = _LANGUAGE.set(language(lang))
    try:
        yield
    finally:
        _LANGUAGE.reset(token)


@contextlib.contextmanager
def _speaking(lang: object) -> Iterator[None]:
    """The ``lang=`` of a public picture function: ``None`` keeps :func:`use_language`'s."""
    if lang is None:
        yield
        return
    if not isinstance(lang, str):
        raise ArgumentError(
            f"lang must be a language code such as 'es' or None, got {_short(lang)}"
        )
    with use_language(lang):
        yield


def _say(key: str, **params: Param) -> str:
    """The message ``key`` in the language in force (English outside :func:`use_language`)."""
    return Message.of(key, **params).text(_LANGUAGE.get())


def _color_name(color: Color) -> str:
    return _say(f"color.{color.value}")


def _word(key: str, english: str) -> str:
    """The name ``key`` in the language in force, in capitals (``english`` in English)."""
    lang = _LANGUAGE.get()
    return english if lang == "en" else Message.of(key).text(lang).upper()


def _name_size(text: str, size: float) -> float:
    """A font size that fits ``text`` across a card (a long name is drawn smaller)."""
    return min(size, round(150 / max(1, len(text)), 1))


# ----------------------------------------------------------------------------- cards


def _color_words(colors: Iterable[Color]) -> tuple[Message, ...]:
    return tuple(Message.of(f"color.{c.value}") for c in sorted(colors, key=list(Color).index))


def card_title(card: Card, *, lang: str | None = None) -> str:
    """What a card is, in words: the ``<title>`` of its picture.

    Args:
        card: The card.
        lang: The language (``en``, ``hu``, ``ru``, ``ro``, ``es``); ``None``: the one of
            :func:`use_language`, English outside it.

    >>> from phase10 import parse_card
    >>> [card_title(parse_card(t)) for t in ("R7", "QH", "W1-6:RG", "S", "TT")]
    ['red 7', 'queen of hearts', 'wild 1-6 in red or green', 'skip', 'Take two action card']
    >>> card_title(parse_card("W1-6:RG"), lang="es")
    'comodín 1-6 en rojo o verde'

    Raises:
        ArgumentError: ``card`` is not a :class:`~phase10.Card`, or ``lang`` not a str.
    """
    _need(card, Card, "a Card", "card_title")
    with _speaking(lang):
        return _card_title(card)


def _card_title(card: Card) -> str:
    if card.kind is Kind.NUMBER:
        assert card.color is not None and card.number is not None
        color = Message.of(f"color.{card.color.value}")
        if card.color.is_suit:
            rank: Param = (
                Message.of(f"svg.rank.{card.number}") if card.number in _RANKS else card.number
            )
            return _say("svg.suit-card", rank=rank, color=color)
        return _say("svg.card", color=color, number=card.number)
    if card.kind is Kind.WILD:
        wild: Param = Message.of("svg.wild")
        if card.wild_numbers is not None:
            low, high = min(card.wild_numbers), max(card.wild_numbers)
            wild = Message.of("svg.wild-range", wild=wild, low=low, high=high)
        if card.wild_colors is not None:
            wild = Message.of("svg.wild-colors", wild=wild, choices=_color_words(card.wild_colors))
        return _say("text", text=wild)
    if card.kind is Kind.ACTION:
        assert card.action is not None
        return _say("svg.action-card", name=_ACTION_WORDS[card.action][2])
    return _say("svg.skip")


def _frame(face: str) -> list[str]:
    return [
        f'<rect x="1" y="1" width="{_W - 2}" height="{_H - 2}" rx="9" fill="#ffffff" '
        f'stroke="{_FRAME}" stroke-width="2"/>',
        f'<rect x="6" y="6" width="{_W - 12}" height="{_H - 12}" rx="6" fill="{face}"/>',
    ]


def _number_face(card: Card) -> list[str]:
    assert card.color is not None and card.number is not None
    look = _LOOKS[card.color]
    if card.color.is_suit:
        rank = _RANKS.get(card.number, str(card.number))
        return [
            *_frame("#ffffff"),
            _text(12, 30, rank, size=24, fill=look.ink, bold=True),
            _symbol(look.symbol, 22, 44, 8, look.ink),
            _text(58, 88, rank, size=48, fill=look.ink, anchor="middle", bold=True),
            _symbol(look.symbol, 58, 114, 14, look.ink),
        ]
    number = str(card.number)
    name = _word(f"color.{card.color.value}", look.name.upper())
    return [
        *_frame(look.fill),
        _text(12, 30, number, size=22, fill=look.ink, bold=True),
        _symbol(look.symbol, 21, 44, 7, look.ink),
        _text(
            56,
            96,
            number,
            size=54 if len(number) < 2 else 46,
            fill=look.ink,
            anchor="middle",
            bold=True,
        ),
        _text(50, 134, name, size=_name_size(name, 14), fill=look.ink, anchor="middle", bold=True),
    ]


def _chip(color: Color, x: float, y: float) -> list[str]:
    look = _LOOKS[color]
    return [
        f'<rect x="{_n(x)}" y="{_n(y)}" width="19" height="19" rx="3" fill="{look.fill}" '
        'stroke="#ffffff" stroke-width="1"/>',
        _text(x + 9.5, y + 14.5, color.value, size=13, fill=look.ink, anchor="middle", bold=True),
    ]


def _wild_face(card: Card) -> list[str]:
    out = [*_frame(_DARK_FACE), _text(12, 30, "W", size=22, fill="#ffffff", bold=True)]
    if card.wild_numbers is None and card.wild_colors is None:
        for i, color in enumerate((Color.RED, Color.BLUE, Color.GREEN, Color.YELLOW)):
            look = _LOOKS[color]
            out.append(_symbol(look.symbol, 44 + i * 13, 22, 5, look.fill))
        out.append(_text(50, 100, "W", size=58, fill="#ffffff", anchor="middle", bold=True))
        name = _word("card.wild", "WILD")
        size = _name_size(name, 14)
        out.append(_text(50, 134, name, size=size, fill="#ffffff", anchor="middle", bold=True))
        return out
    out.append(_text(50, 78, "W", size=44, fill="#ffffff", anchor="middle", bold=True))
    numbers = card.wild_numbers
    span = f"{min(numbers)}-{max(numbers)}" if numbers is not None else "any"
    out.append(_text(50, 106, span, size=22, fill="#ffffff", anchor="middle", bold=True))
    if card.wild_colors is None:
        out.append(_text(50, 134, "ANY COLOUR", size=11, fill="#ffffff", anchor="middle"))
    else:
        colors = sorted(card.wild_colors, key=list(Color).index)
        left = 50 - (len(colors) * 21 - 2) / 2
        for i, color in enumerate(colors):
            out.extend(_chip(color, left + i * 21, 116))
    return out


def _skip_face() -> list[str]:
    name = _word("card.skip", "SKIP")
    return [
        *_frame(_DARK_FACE),
        _text(12, 30, "S", size=22, fill="#ffffff", bold=True),
        '<circle cx="50" cy="78" r="25" fill="none" stroke="#ffffff" stroke-width="7"/>',
        '<line x1="32" y1="96" x2="68" y2="60" stroke="#ffffff" stroke-width="7"/>',
        _text(50, 134, name, size=_name_size(name, 16), fill="#ffffff", anchor="middle", bold=True),
    ]


def _action_face(action: ActionKind) -> list[str]:
    first, second, _ = _ACTION_WORDS[action]
    return [
        *_frame(_ACTION_FACE),
        _text(12, 30, action.value, size=20, fill="#ffffff", bold=True),
        _text(50, 84, first, size=22, fill="#ffffff", anchor="middle", bold=True),
        _text(50, 110, second, size=22, fill="#ffffff", anchor="middle", bold=True),
    ]


def _back() -> list[str]:
    # A pattern, no number: a "10" on the back read like the count of the pile.
    return [
        *_frame(_BACK_FACE),
        '<rect x="14" y="14" width="72" height="122" rx="4" fill="none" stroke="#d7ccc8" '
        'stroke-width="3"/>',
        '<polygon points="50,40 78,75 50,110 22,75" fill="none" stroke="#d7ccc8" '
        'stroke-width="3"/>',
    ]


def _card_group(
    card: Card,
    x: float,
    y: float,
    scale: float = 1.0,
    title: str | None = None,
    *,
    data: str = "",
    mark: str | None = None,
) -> str:
    if card.kind is Kind.NUMBER:
        face = _number_face(card)
    elif card.kind is Kind.WILD:
        face = _wild_face(card)
    elif card.kind is Kind.ACTION:
        assert card.action is not None
        face = _action_face(card.action)
    else:
        face = _skip_face()
    if mark is not None:
        face = [*face, _outline(_W, _H, mark)]
    attributes = f' class="card" data-card={_attr(str(card))}{data}'
    return _group(face, x, y, scale, _card_title(card) if title is None else title, attributes)


def _group(
    parts: Sequence[str], x: float, y: float, scale: float, title: str, attributes: str = ""
) -> str:
    move = f"translate({_n(x)} {_n(y)})" + (f" scale({_n(scale)})" if scale != 1 else "")
    return f'<g transform="{move}"{attributes}><title>{_esc(title)}</title>{"".join(parts)}</g>'


def _outline(width: float, height: float, color: str) -> str:
    """A highlight drawn around a part of ``width`` x ``height`` units (``fill``, ``lastmove``)."""
    return (
        f'<rect class="highlight" x="-7" y="-7" width="{_n(width + 14)}" '
        f'height="{_n(height + 14)}" rx="12" fill="none" stroke={_attr(color)} '
        'stroke-width="7"/>'
    )


def _back_group(x: float, y: float, scale: float, count: int | None = None) -> str:
    title = _say("svg.face-down") if count is None else _say("svg.face-down-count", count=count)
    parts = _back()
    if count is not None:
        parts = [
            *parts[:2],
            _text(50, 92, str(count), size=44, fill="#ffffff", anchor="middle", bold=True),
        ]
    return _group(parts, x, y, scale, title)


def card(card: Card, *, size: float = 64, lang: str | None = None) -> str:
    """A picture of one card, ``size`` pixels wide.

    >>> from phase10 import parse_card
    >>> card(parse_card("W1-6:RG"), size=40)[:60]
    '<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width='

    Raises:
        ArgumentError: ``card`` is not a :class:`~phase10.Card` or ``size`` is not a number.
        PictureError: ``size`` is not positive.
    """
    _need(card, Card, "a Card", "card")
    scale = _check_size(size)
    with _speaking(lang):
        return _document([_card_group(card, 0, 0)], _W, _H, scale, _card_title(card))


# ----------------------------------------------------------------------------- rows of cards


#: Outline colours of a table picture's parts, by ``data-key``.
_Marks = dict[str, str]


@attrs.frozen
class _Block:
    """A piece of a picture: its parts, drawn from (0, 0), and its size in units."""

    parts: tuple[str, ...]
    width: float
    height: float


def _place(block: _Block, x: float, y: float) -> str:
    if not block.parts:
        return ""
    return f'<g transform="translate({_n(x)} {_n(y)})">{"".join(block.parts)}</g>'


def _stack(blocks: Sequence[_Block], gap: float = 16) -> _Block:
    parts: list[str] = []
    y = 0.0
    width = 0.0
    for block in blocks:
        parts.append(_place(block, 0, y))
        y += block.height + gap
        width = max(width, block.width)
    return _Block(tuple(parts), width, max(0.0, y - gap))


def _line(blocks: Sequence[_Block], gap: float = 30) -> _Block:
    parts: list[str] = []
    x = 0.0
    height = 0.0
    for block in blocks:
        parts.append(_place(block, x, 0))
        x += block.width + gap
        height = max(height, block.height)
    return _Block(tuple(parts), max(0.0, x - gap), height)


def _label(content: str, size: float = 18, *, bold: bool = False) -> _Block:
    return _Block(
        (_text(0, size, content, size=size, bold=bold),), _text_width(content, size), size * 1.35
    )


def _row_block(
    cards: Sequence[Card],
    *,
    step: float = _W + _GAP,
    per_line: int | None = None,
    marks: _Marks | None = None,
) -> _Block:
    if not cards:
        return _Block((_text(0, 30, "(no cards)", size=18, fill="#757575"),), 120, 40)
    per = per_line or len(cards)
    parts = []
    for i, c in enumerate(cards):
        line, col = divmod(i, per)
        if marks is None:
            parts.append(_card_group(c, col * step, line * (_H + _GAP)))
            continue
        key = f"hand/{i}"
        data = f' data-key="{key}" data-index="{i}"'
        mark = marks.get(key)
        parts.append(_card_group(c, col * step, line * (_H + _GAP), data=data, mark=mark))
    lines = -(-len(cards) // per)
    shown = min(per, len(cards))
    return _Block(tuple(parts), (shown - 1) * step + _W, lines * (_H + _GAP) - _GAP)


def _captioned(blocks: Sequence[_Block], label: str | None) -> list[_Block]:
    return [_label(label, bold=True), *blocks] if label else list(blocks)


def _check_label(label: object, name: str = "label") -> str | None:
    if label is not None and not isinstance(label, str):
        raise ArgumentError(f"{name} must be a str or None, got {type(label).__name__} {label!r}")
    return label


def _finish(block: _Block, size: float, title: str, margin: float = 8) -> str:
    return _document(
        [_place(block, margin, margin)],
        block.width + 2 * margin,
        block.height + 2 * margin,
        size,
        title,
    )


def _describe(cards: Sequence[Card]) -> str:
    return ", ".join(_card_title(c) for c in cards) or _say("svg.no-cards")


def row(
    cards: Iterable[Card],
    *,
    size: float = 64,
    per_line: int | None = None,
    label: str | None = None,
    lang: str | None = None,
) -> str:
    """A picture of cards side by side, in the order given.

    Args:
        cards: The cards.
        size: The width of one card in pixels.
        per_line: Start a new line after this many cards (default: one line).
        label: A caption above the cards.
        lang: The language of the words (``en``, ``hu``, ``ru``, ``ro``, ``es``); ``None``:
            the one of :func:`use_language`, English outside it.

    >>> from phase10 import parse_cards
    >>> row(parse_cards("R1 R2"), size=32).count("<title>")
    3

    Raises:
        ArgumentError: ``cards`` is not an iterable of :class:`~phase10.Card`, or an option has
            the wrong type.
        PictureError: ``size`` or ``per_line`` is not positive.
    """
    got = _cards_arg(cards, "row")
    scale = _check_size(size)
    per = _check_per_line(per_line)
    label = _check_label(label)
    with _speaking(lang):
        block = _stack(_captioned([_row_block(got, per_line=per)], label), gap=8)
        return _finish(block, scale, label or _describe(got))


def _check_per_line(per_line: object) -> int | None:
    if per_line is None:
        return None
    if isinstance(per_line, bool) or not isinstance(per_line, int):
        raise ArgumentError(f"per_line must be a whole number or None, got {per_line!r}")
    if per_line < 1:
        raise PictureError(f"per_line must be a whole number >= 1 or None, got {per_line!r}")
    return per_line


def _hand_block(cards: Sequence[Card]) -> _Block:
    return _row_block(cards, step=_W * 0.42)


def hand(
    cards: Iterable[Card], *, size: float = 64, label: str | None = None, lang: str | None = None
) -> str:
    """A picture of a hand: the cards overlapping, each showing its corner.

    >>> from phase10 import parse_cards
    >>> 'aria-label="my hand"' in hand(parse_cards("R1 B2 W S"), label="my hand")
    True

    Raises:
        ArgumentError: ``cards`` is not an iterable of :class:`~phase10.Card`, or an option has
            the wrong type.
        PictureError: ``size`` is not positive.
    """
    got = _cards_arg(cards, "hand")
    scale = _check_size(size)
    label = _check_label(label)
    with _speaking(lang):
        block = _stack(_captioned([_hand_block(got)], label), gap=8)
        return _finish(block, scale, label or _say("svg.hand", cards=_describe(got)))


# ----------------------------------------------------------------------------- melds


def _value_words(value: Value) -> str:
    parts = []
    if value.color is not None:
        parts.append(_color_name(value.color))
    if value.number is not None:
        parts.append(
            _RANKS.get(value.number, str(value.number))
            if value.color and value.color.is_suit
            else str(value.number)
        )
    return "= " + (" ".join(parts) if parts else _say("svg.any"))


def _meld_block(
    meld: Meld, *, label: str | None = None, scale: float = 1.0, text: float = 1.0
) -> _Block:
    step = _W + _GAP
    parts: list[str] = []
    for i, (c, value) in enumerate(zip(meld.cards, meld.values, strict=True)):
        x = i * step * scale
        title = _card_title(c)
        if c.is_wild:
            title = _say("svg.standing-for", card=title, value=_value_words(value)[2:])
        parts.append(_card_group(c, x, 0, scale, title))
        if c.is_wild:
            parts.append(
                _text(
                    x + _W * scale / 2,
                    _H * scale + 20,
                    _value_words(value),
                    size=17 * text,
                    anchor="middle",
                    bold=True,
                )
            )
    width = max(0.0, (len(meld.cards) - 1) * step * scale + _W * scale)
    height = _H * scale + (26 * text if any(c.is_wild for c in meld.cards) else 0)
    cards = _Block(tuple(parts), width, height)
    name = _group_name(meld.group) if label is None else label
    return _stack([_label(name, 16 * text, bold=True), cards], gap=6)


def _group_name(group: GroupType) -> str:
    """A group by name: as written in English, translated in another language."""
    lang = _LANGUAGE.get()
    return str(group) if lang == "en" else group_message(group).text(lang)


def _phase_name(phase: Phase) -> str:
    """A phase by name: as written in English, translated in another language."""
    return _say("named", name=str(phase), term=phase_message(phase))


def meld(meld: Meld, *, size: float = 64, lang: str | None = None) -> str:
    """A picture of a meld: its group type, its cards, and what each wild stands for.

    >>> from phase10 import RunOf, check_meld
    >>> picture = meld(check_meld("R3 B4 W G6", RunOf(4)).melds[0])
    >>> "= 5" in picture and "run of 4: R3 B4 W=5 G6" in picture
    True

    Raises:
        ArgumentError: ``meld`` is not a :class:`~phase10.Meld` or ``size`` is not a number.
        PictureError: ``size`` is not positive.
    """
    _need(meld, Meld, "a Meld", "meld")
    scale = _check_size(size)
    with _speaking(lang):
        return _finish(_meld_block(meld), scale, f"{_group_name(meld.group)}: {meld}")


def _laydown_block(laydown: PhaseMelds) -> _Block:
    return _stack(
        [_label(_phase_name(laydown.phase), 20, bold=True), *map(_meld_block, laydown.melds)],
        gap=14,
    )


def laydown(laydown: PhaseMelds, *, size: float = 64, lang: str | None = None) -> str:
    """A picture of a laydown: the phase's name, then one meld per group.

    >>> from phase10 import CLASSIC_PHASES, find_laydown
    >>> found = find_laydown("R7 B7 W G2 G3 G4 Y5", CLASSIC_PHASES[1])
    >>> laydown(found).count("<title>") - 1
    7

    Raises:
        ArgumentError: ``laydown`` is not a :class:`~phase10.PhaseMelds` or ``size`` is not a
            number.
        PictureError: ``size`` is not positive.
    """
    _need(laydown, PhaseMelds, "a PhaseMelds", "laydown")
    scale = _check_size(size)
    with _speaking(lang):
        title = f"{_phase_name(laydown.phase)}: {laydown}"
        return _finish(_laydown_block(laydown), scale, title)


def phase_check(
    cards: Iterable[Card],
    phase: Phase,
    *,
    rules: MeldRules = CLASSIC_MELD_RULES,
    size: float = 64,
    lang: str | None = None,
) -> str:
    """A picture of whether ``cards`` lay down ``phase``: the laydown, or the closest miss.

    When the cards lay the phase down, the picture shows the laydown and the cards left over;
    when not, the hand and, in words, what each group of the phase misses
    (:func:`~phase10.explain`).

    >>> from phase10 import CLASSIC_PHASES, parse_cards
    >>> "missing" in phase_check(parse_cards("R7 B8 G9 Y3 W"), CLASSIC_PHASES[3])
    True

    Raises:
        ArgumentError: an argument has the wrong type.
        PictureError: ``size`` is not positive.
    """
    got = _cards_arg(cards, "phase_check")
    _need(phase, Phase, "a Phase", "phase_check")
    _need(rules, MeldRules, "MeldRules", "phase_check")
    scale = _check_size(size)
    with _speaking(lang):
        return _phase_check(got, phase, rules, scale)


def _phase_check(got: tuple[Card, ...], phase: Phase, rules: MeldRules, scale: float) -> str:
    found = find_laydown(got, phase, rules=rules)
    if found is not None:
        left = list(got)
        for c in found.cards:
            left.remove(c)
        blocks = [
            _laydown_block(found),
            _label(_say("svg.left-in-hand"), 16, bold=True),
            _row_block(left),
        ]
        title = _say("svg.lays-down", phase=_phase_name(phase), laydown=str(found))
        return _finish(_stack(blocks), scale, title)
    words = explanation(got, phase, rules=rules).text(_LANGUAGE.get())
    head, _, rest = words.partition(": ")
    lines = [_label(head, 20, bold=True)]
    lines.extend(_label(part.strip(), 16) for part in rest.split("; ") if part.strip())
    blocks = [*lines, _label(_say("svg.the-hand"), 16, bold=True), _row_block(got)]
    return _finish(_stack(blocks, gap=8), scale, words)


# ----------------------------------------------------------------------------- the table


@attrs.frozen
class _Seat:
    name: str
    phase: str
    score: int
    hand: tuple[Card, ...] | None
    count: int
    laid_down: bool
    skipped: bool
    lost_turn: bool = False


def _lost_turn(history: History) -> frozenset[int]:
    """The seats the rules just skipped: the skipped events that end the history (C-19, C-21).

    The rules record each seat they skip as it is skipped (:class:`~phase10.Event`), so
    the picture names the seat the rules skipped, never one worked out again here.
    """
    seats = set()
    for event in reversed(history):
        if event.skipped is None:
            break
        seats.add(event.skipped)
    return frozenset(seats)


def _phase_words(phases: Sequence[Phase], index: int) -> str:
    if index >= len(phases):
        return _say("svg.all-done")
    return _say("svg.phase", number=index + 1, phase=_phase_name(phases[index]))


def _step_words(
    step: TurnStep, current: int | None, names: Sequence[str], winners: Sequence[int] = ()
) -> str:
    if current is None:
        if not winners:
            return _say("svg.game-over")
        return _say("svg.winners", seats=tuple(names[s] for s in winners), count=len(winners))
    who = _say("svg.chance") if current == CHANCE else names[current]
    return _say("svg.to-act", seat=who, step=Message.of(f"step.{step.value}"))


def _names(names: object, count: int) -> tuple[str, ...]:
    if names is None:
        return tuple(seat_name(s) for s in range(count))
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise ArgumentError(f"names must be a sequence of str, one per seat, got {names!r}")
    if not all(isinstance(n, str) for n in names):
        raise ArgumentError(f"names must be a sequence of str, one per seat, got {names!r}")
    if len(names) != count:
        raise PictureError(
            f"names must name each of the {count} seats, got {len(names)}: {names!r}"
        )
    return tuple(names)


#: The outline of what the last move touched, unless ``fill`` colours the part itself.
LASTMOVE_COLOR: Final = "#ff8f00"
_COLOR = re.compile(r"#[0-9a-fA-F]{3,8}|[a-zA-Z]{1,30}")
_MAX_MARKS: Final = 10_000


def _keys(
    table: Sequence[Sequence[Meld]], seats: int, own: Sequence[Card] | None
) -> frozenset[str]:
    """The ``data-key`` of every part of a table picture that ``fill`` may name."""
    keys = {"draw", "discard", *(f"seat/{s}" for s in range(seats))}
    keys.update(f"meld/{s}/{i}" for s, melds in enumerate(table) for i in range(len(melds)))
    if own is not None:
        keys.update(f"hand/{i}" for i in range(len(own)))
    return frozenset(keys)


def _touched(action: Action, table: Sequence[Sequence[Meld]]) -> tuple[str, ...]:
    """The parts the move ``action`` touched: its pile, the meld it hit, the melds laid."""
    if isinstance(action, Draw):
        return ("draw",)
    if isinstance(action, TakeDiscard):
        return ("discard",)
    if isinstance(action, Discard):
        return ("discard",) + (() if action.target is None else (f"seat/{action.target}",))
    if isinstance(action, Hit):
        return (f"meld/{action.owner}/{action.meld}",)
    if isinstance(action, LayDown) and 0 <= action.player < len(table):
        return tuple(f"meld/{action.player}/{i}" for i in range(len(table[action.player])))
    player = getattr(action, "player", None)
    return (f"seat/{player}",) if isinstance(player, int) and player >= 0 else ()


def _marks(
    fill: object, lastmove: object, keys: frozenset[str], table: Sequence[Sequence[Meld]]
) -> _Marks:
    """``fill`` checked against the picture's ``keys``, with what ``lastmove`` touched."""
    marks: _Marks = {}
    if lastmove is not None:
        if not isinstance(lastmove, ACTION_TYPES):
            raise ArgumentError(f"lastmove must be an action or None, got {_short(lastmove)}")
        marks.update((key, LASTMOVE_COLOR) for key in _touched(lastmove, table) if key in keys)
    if fill is None:
        return marks
    if not isinstance(fill, Mapping):
        raise ArgumentError(f"fill must be a mapping of part keys to colours, got {_short(fill)}")
    if len(fill) > _MAX_MARKS:
        raise PictureError(f"fill names at most {_MAX_MARKS} parts, got {len(fill)}")
    for key, color in fill.items():
        if not isinstance(key, str) or not isinstance(color, str):
            raise ArgumentError(
                f"fill maps str keys to str colours, got {_short(key)}: {_short(color)}"
            )
        if key not in keys:
            known = ", ".join(sorted(keys)[:12])
            raise PictureError(f"fill: {key!r} names no part of this picture (parts: {known}, ...)")
        if _COLOR.fullmatch(color) is None:
            raise PictureError(
                f"fill: the colour of {key!r} is #rgb, #rrggbb(aa) or a colour name, got {color!r}"
            )
        marks[key] = color
    return marks


def _keyed(block: _Block, attributes: str, mark: str | None) -> _Block:
    """``block`` as one ``<g>`` carrying ``attributes``, outlined when ``mark`` is a colour."""
    parts = (*((_outline(block.width, block.height, mark),) if mark else ()), *block.parts)
    return _Block((f"<g{attributes}>{''.join(parts)}</g>",), block.width, block.height)


def _seat_block(seat: _Seat, marks: str, text: float = 1.0) -> _Block:
    info = f"{seat.name}{marks} \u2014 {seat.phase}"
    facts = [_say("svg.cards", count=seat.count), _say("svg.points", count=seat.score)]
    if seat.laid_down:
        facts.append(_say("svg.laid-down"))
    if seat.skipped:
        facts.append(_say("svg.skip-waiting"))
    if seat.lost_turn:
        facts.append(_say("svg.lost-turn"))
    words = _stack(
        [_label(info, 18 * text, bold=True), _label(" \u00b7 ".join(facts), 16 * text)], gap=2
    )
    if seat.hand is None:
        icon = _Block(
            (_back_group(0, 0, 0.36 * text, seat.count),), _W * 0.36 * text, _H * 0.36 * text
        )
        return _line([icon, words], gap=14)
    return _stack([words, _hand_block(seat.hand)], gap=6)


@attrs.frozen(kw_only=True)
class _Picture:
    """What a table picture shows, from a view (:func:`table`) or a state (:func:`game`)."""

    seats: Sequence[_Seat]
    viewer: int | None
    title: str
    heading: str
    table: Sequence[Sequence[Meld]]
    discard: Sequence[Card]
    draw_count: int
    own: tuple[Card, ...] | None
    turn: int | None
    caption: str | None
    marks: _Marks
    landscape: bool


def _table_picture(picture: _Picture, size: float) -> str:
    p = picture
    # Projected, a picture is read from afar: landscape text is twice the portrait size.
    t = 2.0 if p.landscape else 1.0
    marks = p.marks
    heading = [_label(p.heading, 22 * t, bold=True)]
    if p.caption:
        heading.extend(_label(line, 18 * t) for line in p.caption.splitlines() if line.strip())
    columns = []
    for s, seat in enumerate(p.seats):
        flags = (" " + _say("svg.you") if s == p.viewer else "") + (
            " " + _say("svg.to-play") if s == p.turn else ""
        )
        column = [
            _keyed(
                _seat_block(seat, flags, t),
                f' class="seat" data-key="seat/{s}" data-seat="{s}"',
                marks.get(f"seat/{s}"),
            )
        ]
        melds = [
            _keyed(
                _meld_block(m, text=t),
                f' class="meld" data-key="meld/{s}/{i}" data-seat="{s}" data-meld="{i}"',
                marks.get(f"meld/{s}/{i}"),
            )
            for i, m in enumerate(p.table[s])
        ]
        if melds:
            title = _say("svg.from", seat=seat.name)
            column.append(_label(title, 18 * t, bold=True))
            column.append(_stack(melds, gap=14) if p.landscape else _line(melds))
        columns.append(column)
    back = _Block((_back_group(0, 0, 1),), _W, _H)
    draw = _stack(
        [
            _label(_say("svg.draw-pile", count=p.draw_count), 16 * t, bold=True),
            _keyed(back, ' class="pile" data-key="draw"', marks.get("draw")),
        ],
        gap=4,
    )
    top = p.discard[-1] if p.discard else None
    pile = (
        _Block((_card_group(top, 0, 0),), _W, _H)
        if top is not None
        else _label(_say("svg.empty"), 16 * t)
    )
    pile = _keyed(pile, ' class="pile" data-key="discard"', marks.get("discard"))
    discard_label = _label(_say("svg.discard-pile", count=len(p.discard)), 16 * t, bold=True)
    discards = _stack([discard_label, pile], gap=4)
    piles = _line([draw, discards], gap=40)
    mine = []
    if p.own is not None and p.viewer is not None:
        count = _say("svg.cards", count=len(p.own))
        mine_label = _say("svg.your-hand", seat=p.seats[p.viewer].name, cards=count)
        mine.append(_label(mine_label, 18 * t, bold=True))
        mine.append(_row_block(p.own, marks=marks))
    if p.landscape:
        seats = _line([_stack(column, gap=10) for column in columns], gap=60)
        bottom = _line([piles, _stack(mine, gap=10)] if mine else [piles], gap=60)
        blocks = [*heading, seats, bottom]
        return _finish(_stack(blocks, gap=24), size, p.title, margin=12)
    blocks = [*heading]
    for column in columns:
        blocks.append(column[0])
    for column in columns:
        blocks.extend(column[1:])
    blocks.append(piles)
    blocks.extend(mine)
    return _finish(_stack(blocks, gap=14), size, p.title, margin=12)


def _check_bool(value: object, name: str) -> bool:
    if not isinstance(value, bool):
        raise ArgumentError(f"{name} must be True or False, got {_short(value)}")
    return value


def table(
    view: PlayerView,
    *,
    size: float = 48,
    names: Sequence[str] | None = None,
    caption: str | None = None,
    fill: Mapping[str, str] | None = None,
    lastmove: Action | None = None,
    landscape: bool = False,
    lang: str | None = None,
) -> str:
    """A picture of what one player sees: the table from ``view``'s seat.

    The viewer's own hand, every seat's phase, card count and score, the melds on the
    table (each wild with what it stands for), the draw pile's count and the discard pile's
    top card; at the end of the game, the winners.

    Args:
        view: The player's view (:func:`~phase10.view`).
        size: The width of one card in pixels.
        names: The seats' names, in seat order (default ``p1``, ``p2``, ...).
        caption: Lines of text to show under the heading.
        fill: Parts to outline, by ``data-key`` (``hand/3``, ``meld/1/0``, ``seat/2``,
            ``draw``, ``discard``), each with a colour (``#rgb``, ``#rrggbb`` or a name):
            a move's legal targets, the cards a player has picked.
        lastmove: The last move; what it touched (the pile drawn from or discarded on, the
            meld hit, the melds laid down, the seat skipped) is outlined in
            :data:`LASTMOVE_COLOR`, unless ``fill`` colours it.
        landscape: Lay the seats side by side, text twice as large (for a projector).
        lang: The language of the words (``en``, ``hu``, ``ru``, ``ro``, ``es``); ``None``:
            the one of :func:`use_language`, English outside it.

    >>> import random, phase10
    >>> state, _ = phase10.play_chance(phase10.new_game(phase10.CLASSIC, 2), random.Random(1))
    >>> picture = table(phase10.view(state, 0), fill={"hand/0": "#2e7d32"})
    >>> "your hand (p1): 10 cards" in picture, 'data-key="hand/0"' in picture
    (True, True)

    Raises:
        ArgumentError: an argument has the wrong type.
        PictureError: ``size`` is not positive, ``names`` does not name every seat, or
            ``fill`` names a part the picture does not have or a colour that is not one.
    """
    _need(view, PlayerView, "a PlayerView", "table")
    scale = _check_size(size)
    with _speaking(lang):
        return _view_picture(view, scale, _Options(names, caption, fill, lastmove, landscape))


@attrs.frozen
class _Options:
    """The options a table picture takes, as given (checked where they are used)."""

    names: object
    caption: object
    fill: object
    lastmove: object
    landscape: object


def _view_picture(view: PlayerView, scale: float, options: _Options) -> str:
    names, caption, fill, lastmove, landscape = attrs.astuple(options, recurse=False)
    seat_names = _names(names, view.num_players)
    phases = view.variant.phases
    lost = _lost_turn(view.history)
    seats = [
        _Seat(
            seat_names[s],
            _phase_words(phases, p.phase),
            p.score,
            None,
            p.hand_size,
            p.laid_down,
            p.skipped,
            s in lost,
        )
        for s, p in enumerate(view.players)
    ]
    step = _step_words(view.step, view.current_player, seat_names, view.winners)
    heading = _say("svg.heading", number=view.hand_number, step=step)
    keys = _keys(view.table, view.num_players, view.hand)
    picture = _Picture(
        seats=seats,
        viewer=view.player,
        title=_say(
            "svg.view-title",
            variant=view.variant.name,
            seat=seat_names[view.player],
            heading=heading,
        ),
        heading=heading,
        table=view.table,
        discard=view.discard_pile,
        draw_count=view.draw_count,
        own=view.hand,
        turn=view.current_player,
        caption=_check_label(caption, "caption"),
        marks=_marks(fill, lastmove, keys, view.table),
        landscape=_check_bool(landscape, "landscape"),
    )
    return _table_picture(picture, scale)


def game(
    state: GameState,
    *,
    size: float = 48,
    names: Sequence[str] | None = None,
    caption: str | None = None,
    fill: Mapping[str, str] | None = None,
    lastmove: Action | None = None,
    landscape: bool = False,
    lang: str | None = None,
) -> str:
    """A picture of a whole game state, every hand face up (for teaching and debugging).

    Args:
        state: The game state.
        size: The width of one card in pixels.
        names: The seats' names, in seat order (default ``p1``, ``p2``, ...).
        caption: Lines of text to show under the heading.
        fill: Parts to outline, as for :func:`table` (no ``hand/N``: every hand is shown).
        lastmove: The last move, outlined as for :func:`table`.
        landscape: Lay the seats side by side, text twice as large (for a projector).
        lang: The language of the words (``en``, ``hu``, ``ru``, ``ro``, ``es``); ``None``:
            the one of :func:`use_language`, English outside it.

    >>> import phase10
    >>> "hand 1" in game(phase10.new_game(phase10.CLASSIC, 2), names=["Ann", "Bo"])
    True

    Raises:
        ArgumentError: an argument has the wrong type.
        PictureError: ``size`` is not positive, ``names`` does not name every seat, or
            ``fill`` names a part the picture does not have or a colour that is not one.
    """
    _need(state, GameState, "a GameState", "game")
    scale = _check_size(size)
    with _speaking(lang):
        return _state_picture(state, scale, _Options(names, caption, fill, lastmove, landscape))


def _state_picture(state: GameState, scale: float, options: _Options) -> str:
    names, caption, fill, lastmove, landscape = attrs.astuple(options, recurse=False)
    seat_names = _names(names, state.num_players)
    phases = state.variant.phases
    lost = _lost_turn(state.history)
    seats = [
        _Seat(
            seat_names[s],
            _phase_words(phases, p.phase),
            p.score,
            p.hand,
            len(p.hand),
            p.laid_down,
            p.skipped,
            s in lost,
        )
        for s, p in enumerate(state.players)
    ]
    step = _step_words(state.step, state.current_player, seat_names, state.winners)
    heading = _say("svg.heading", number=state.hand_number, step=step)
    keys = _keys(state.table, state.num_players, None)
    picture = _Picture(
        seats=seats,
        viewer=None,
        title=_say("svg.game-title", variant=state.variant.name, heading=heading),
        heading=heading,
        table=state.table,
        discard=state.discard_pile,
        draw_count=len(state.draw_pile),
        own=None,
        turn=state.current_player,
        caption=_check_label(caption, "caption"),
        marks=_marks(fill, lastmove, keys, state.table),
        landscape=_check_bool(landscape, "landscape"),
    )
    return _table_picture(picture, scale)


# ----------------------------------------------------------------------------- a turn's steps

# each step's message ids (its name and two lines), the rules it follows, whether optional
_STEPS: Final = (
    ("svg.turn.draw", ("svg.turn.draw-top", "svg.turn.draw-or"), "C-11", False),
    ("svg.turn.lay", ("svg.turn.lay-whole", "svg.turn.lay-once"), "C-10, C-12", True),
    ("svg.turn.hit", ("svg.turn.hit-add", "svg.turn.hit-after"), "C-14", True),
    ("svg.turn.discard", ("svg.turn.discard-one", "svg.turn.discard-skip"), "C-13, C-19", False),
)


def turn_diagram(*, size: float = 64, lang: str | None = None) -> str:
    """A diagram of a turn's steps: draw, lay down, hit, discard, then the next player.

    Optional steps are drawn dashed and say "optional", so the diagram does not rely on the
    line style alone. ``size`` scales it like a card of that width; ``lang`` is the language
    of its words, as for :func:`card` (``None``: :func:`use_language`'s, English outside it).

    >>> "4. Discard" in turn_diagram()
    True
    >>> "4. Descartar" in turn_diagram(lang="es")
    True

    Raises:
        ArgumentError: ``size`` is not a number, or ``lang`` not a string or ``None``.
        PictureError: ``size`` is not positive.
    """
    scale = _check_size(size)
    with _speaking(lang):
        return _turn_diagram(scale)


def _turn_diagram(scale: float) -> str:
    box_w, box_h, gap = 230.0, 130.0, 50.0
    parts: list[str] = []
    for i, (name_id, line_ids, rule, optional) in enumerate(_STEPS):
        name, lines = _say(name_id), [_say(key) for key in line_ids]
        x = 10 + i * (box_w + gap)
        dash = ' stroke-dasharray="10 7"' if optional else ""
        fill = "#fff8e1" if optional else "#e3f2fd"
        parts.append(
            f'<rect x="{_n(x)}" y="40" width="{_n(box_w)}" height="{_n(box_h)}" rx="14" '
            f'fill="{fill}" stroke="#37474f" stroke-width="3"{dash}/>'
        )
        parts.append(_text(x + box_w / 2, 76, name, size=24, anchor="middle", bold=True))
        for j, line in enumerate(lines):
            parts.append(_text(x + box_w / 2, 104 + j * 22, line, size=16, anchor="middle"))
        tag = _say("svg.turn.optional", rule=rule) if optional else rule
        parts.append(_text(x + box_w / 2, 162, tag, size=14, fill="#546e7a", anchor="middle"))
        if i < len(_STEPS) - 1:
            ax = x + box_w + 6
            parts.append(
                f'<line x1="{_n(ax)}" y1="105" x2="{_n(ax + gap - 18)}" y2="105" '
                'stroke="#37474f" stroke-width="4"/>'
            )
            parts.append(
                f'<polygon points="{_n(ax + gap - 12)},105 {_n(ax + gap - 22)},97 '
                f'{_n(ax + gap - 22)},113" fill="#37474f"/>'
            )
    right = 10 + len(_STEPS) * (box_w + gap) - gap
    mid_last = right - box_w / 2
    mid_first = 10 + box_w / 2
    parts.append(
        f'<path d="M {_n(mid_last)} 174 V 210 H {_n(mid_first)} V 182" fill="none" '
        'stroke="#37474f" stroke-width="4"/>'
    )
    parts.append(
        f'<polygon points="{_n(mid_first)},174 {_n(mid_first - 8)},186 {_n(mid_first + 8)},186" '
        'fill="#37474f"/>'
    )
    parts.append(
        _text(
            (mid_first + mid_last) / 2,
            234,
            _say("svg.turn.next", rule="C-15"),
            size=16,
            anchor="middle",
        )
    )
    parts.append(_text(10, 24, _say("svg.turn.title"), size=22, bold=True))
    width, height = right + 10, 250.0
    return _document(parts, width, height, scale, _say("svg.turn.summary"))


# ----------------------------------------------------------------------------- notebooks

_pictures.register(Card, lambda c: card(c))
_pictures.register(Meld, lambda m: meld(m))
_pictures.register(PhaseMelds, lambda d: laydown(d))
_pictures.register(PlayerView, lambda v: table(v))
_pictures.register(GameState, lambda s: game(s))
