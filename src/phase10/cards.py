"""Cards, colours, decks and the text notation of single cards (``R7``, ``W``, ``S``)."""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable

import attrs

from phase10._checks import is_whole
from phase10.errors import InvalidCardError, NotationError

__all__ = [
    "SKIP",
    "WILD",
    "Card",
    "Color",
    "Kind",
    "classic_deck",
    "format_cards",
    "parse_card",
    "parse_cards",
    "sort_cards",
]


class Color(enum.Enum):
    """A card colour. The value is the one-letter notation."""

    RED = "R"
    BLUE = "B"
    GREEN = "G"
    YELLOW = "Y"
    PURPLE = "P"

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Color.{self.name}"


_COLOR_ORDER = {color: i for i, color in enumerate(Color)}

#: The four colours of the classic deck (C-1), in notation order.
CLASSIC_COLORS: tuple[Color, ...] = (Color.RED, Color.BLUE, Color.GREEN, Color.YELLOW)


class Kind(enum.Enum):
    """What sort of card a :class:`Card` is."""

    NUMBER = "number"
    WILD = "wild"
    SKIP = "skip"

    def __repr__(self) -> str:
        return f"Kind.{self.name}"


_KIND_ORDER = {Kind.NUMBER: 0, Kind.WILD: 1, Kind.SKIP: 2}


def _check_card(card: Card) -> None:
    if card.kind is Kind.NUMBER:
        if not is_whole(card.number, 1):
            raise InvalidCardError(
                f"a number card needs a whole number of at least 1, got {card.number!r}"
            )
        if not isinstance(card.color, Color):
            raise InvalidCardError(f"a number card needs a Color, got {card.color!r}")
        if card.wild_numbers is not None or card.wild_colors is not None:
            raise InvalidCardError("only a wild card has wild_numbers / wild_colors")
    elif card.kind is Kind.WILD:
        if card.number is not None or card.color is not None:
            raise InvalidCardError(
                "a wild card has no number or colour of its own; "
                "give its range with wild_numbers / wild_colors"
            )
        if card.wild_numbers is not None and not card.wild_numbers:
            raise InvalidCardError("a wild card's wild_numbers must not be empty")
        if card.wild_colors is not None and not card.wild_colors:
            raise InvalidCardError("a wild card's wild_colors must not be empty")
    elif card.kind is Kind.SKIP:
        if (
            card.number is not None
            or card.color is not None
            or card.wild_numbers is not None
            or card.wild_colors is not None
        ):
            raise InvalidCardError("a skip card has no number, colour or range")
    else:
        raise InvalidCardError(f"kind must be a Kind, got {card.kind!r}")


@attrs.frozen(cache_hash=True, repr=False, order=False)
class Card:
    """One playing card. Immutable; equal cards compare and hash equal.

    Number cards have a ``number`` (1-12 in the classic deck) and a ``color``. Wild cards have
    neither; a wild may be restricted to a range of numbers and colours (the ranged jokers of
    Phase 10 Master) with ``wild_numbers`` and ``wild_colors`` (``None`` means any). Skips have
    nothing.

    >>> Card.parse("r7")
    Card.parse('R7')
    >>> str(Card(Kind.NUMBER, 12, Color.BLUE))
    'B12'
    >>> Card.parse("W").is_wild
    True

    Raises:
        InvalidCardError: the fields do not describe a possible card.
    """

    kind: Kind
    number: int | None = None
    color: Color | None = None
    wild_numbers: frozenset[int] | None = None
    wild_colors: frozenset[Color] | None = None
    sort_key: tuple[int, int, int, tuple[int, ...], tuple[int, ...]] = attrs.field(
        init=False, eq=False, hash=False
    )

    def __attrs_post_init__(self) -> None:
        _check_card(self)
        key = (
            _KIND_ORDER[self.kind],
            self.number or 0,
            _COLOR_ORDER[self.color] if self.color is not None else 0,
            tuple(sorted(self.wild_numbers)) if self.wild_numbers is not None else (),
            tuple(sorted(_COLOR_ORDER[c] for c in self.wild_colors))
            if self.wild_colors is not None
            else (),
        )
        object.__setattr__(self, "sort_key", key)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse one card in notation (``R7``, ``b12``, ``W``, ``S``).

        Raises:
            NotationError: ``text`` is not exactly one card.
        """
        return parse_card(text)

    @property
    def is_natural(self) -> bool:
        """True for a number card (a "natural", as opposed to a wild or a skip)."""
        return self.kind is Kind.NUMBER

    @property
    def is_wild(self) -> bool:
        """True for a wild card (C-17)."""
        return self.kind is Kind.WILD

    @property
    def is_skip(self) -> bool:
        """True for a skip card (C-19)."""
        return self.kind is Kind.SKIP

    def __str__(self) -> str:
        if self.kind is Kind.NUMBER:
            return f"{self.color}{self.number}"
        if self.kind is Kind.WILD:
            if self.wild_numbers is None and self.wild_colors is None:
                return "W"
            return _format_ranged_wild(self)
        return "S"

    def __repr__(self) -> str:
        if self.kind is Kind.WILD and not (self.wild_numbers is None and self.wild_colors is None):
            return (
                f"Card(Kind.WILD, wild_numbers={_repr_set(self.wild_numbers)}, "
                f"wild_colors={_repr_set(self.wild_colors)})"
            )
        return f"Card.parse({str(self)!r})"

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.sort_key < other.sort_key


def _sort_key(card: Card) -> tuple[int, int, int, tuple[int, ...], tuple[int, ...]]:
    return card.sort_key


def _repr_set(values: frozenset[int] | frozenset[Color] | None) -> str:
    if values is None:
        return "None"
    items = sorted(values, key=lambda v: _COLOR_ORDER[v] if isinstance(v, Color) else v)
    return "frozenset({" + ", ".join(repr(v) for v in items) + "})"


def _format_ranged_wild(card: Card) -> str:
    numbers = sorted(card.wild_numbers) if card.wild_numbers is not None else []
    span = f"{numbers[0]}-{numbers[-1]}" if numbers else ""
    colors = (
        "".join(c.value for c in sorted(card.wild_colors, key=_COLOR_ORDER.__getitem__))
        if card.wild_colors is not None
        else ""
    )
    return f"W{span}{':' + colors if colors else ''}"


#: The classic wild card (C-17).
WILD = Card(Kind.WILD)
#: The skip card (C-19).
SKIP = Card(Kind.SKIP)

_CARD_RE = re.compile(r"([RBGYP])(\d{1,2})|(W)|(S)", re.IGNORECASE)
_TOKEN_RE = re.compile(r"[^\s,]+")
_COLOR_BY_LETTER = {c.value: c for c in Color}
_CACHE: dict[str, Card] = {}


def _card_from_token(token: str, *, text: str, position: int) -> Card:
    cached = _CACHE.get(token)
    if cached is not None:
        return cached
    match = _CARD_RE.fullmatch(token)
    if match is None:
        raise NotationError(
            f"bad card {token!r} at position {position} in {text!r}: expected a colour letter "
            "R, B, G, Y or P followed by a number (e.g. R7), W for a wild or S for a skip",
            text=text,
            token=token,
            position=position,
        )
    if match.group(3):
        card = WILD
    elif match.group(4):
        card = SKIP
    else:
        number = int(match.group(2))
        if not 1 <= number <= 12:
            raise NotationError(
                f"bad card {token!r} at position {position} in {text!r}: "
                f"numbers run from 1 to 12, got {number}",
                text=text,
                token=token,
                position=position,
            )
        card = Card(Kind.NUMBER, number, _COLOR_BY_LETTER[match.group(1).upper()])
    _CACHE[token] = card
    return card


def parse_card(text: str) -> Card:
    """Parse exactly one card.

    >>> parse_card("g1")
    Card.parse('G1')

    Raises:
        NotationError: ``text`` is not exactly one card in notation.
    """
    if not isinstance(text, str):
        raise NotationError(f"expected card notation as a str, got {type(text).__name__}")
    cards = parse_cards(text)
    if len(cards) != 1:
        raise NotationError(f"expected exactly one card in {text!r}, found {len(cards)}", text=text)
    return cards[0]


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse cards separated by spaces and/or commas, keeping their order.

    Input is case-insensitive; output cards print in canonical upper case.

    >>> parse_cards("R7 r7, W b12")
    (Card.parse('R7'), Card.parse('R7'), Card.parse('W'), Card.parse('B12'))
    >>> parse_cards("")
    ()

    Raises:
        NotationError: a token is not a card; the error names the token and its position.
    """
    if not isinstance(text, str):
        raise NotationError(f"expected card notation as a str, got {type(text).__name__}")
    return tuple(
        _card_from_token(m.group(0), text=text, position=m.start())
        for m in _TOKEN_RE.finditer(text)
    )


def format_cards(cards: Iterable[Card]) -> str:
    """Write cards in notation, separated by single spaces.

    >>> format_cards(parse_cards("r7 w s"))
    'R7 W S'
    """
    return " ".join(str(card) for card in cards)


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Return the cards in canonical order.

    Numbers ascending (colour R, B, G, Y, P within a number), then wilds, then skips. Hands
    are kept in this order so equal hands compare equal.

    >>> format_cards(sort_cards(parse_cards("S W Y3 R3 B1")))
    'B1 R3 Y3 W S'
    """
    return tuple(sorted(cards, key=_sort_key))


def classic_deck() -> tuple[Card, ...]:
    """The 108-card classic deck in canonical order (C-1).

    Numbers 1-12 twice in each of red, blue, green and yellow (96), 8 wilds and 4 skips.

    >>> deck = classic_deck()
    >>> len(deck), deck.count(WILD), deck.count(SKIP)
    (108, 8, 4)
    """
    # One instance per distinct card: identical cards are the same object, which makes
    # comparisons in hands and piles fast (identity is checked before equality).
    numbers = [parse_card(f"{color.value}{n}") for n in range(1, 13) for color in CLASSIC_COLORS]
    return tuple(card for card in numbers for _ in (0, 1)) + (WILD,) * 8 + (SKIP,) * 4
