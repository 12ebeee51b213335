"""Cards, colours, decks and the text notation of single cards (``R7``, ``W``, ``S``, ``QH``)."""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable

import attrs

from phase10 import _pictures
from phase10._checks import is_whole
from phase10._enums import member_hash, member_repr
from phase10._fast import BoundedCache, lru_cache
from phase10.errors import InvalidCardError, Message, NotationError

__all__ = [
    "CLASSIC_COLORS",
    "CLASSIC_GAME",
    "MASTER_COLORS",
    "MASTER_GAME",
    "MASTER_JOKERS",
    "SKIP",
    "STANDARD_GAME",
    "SUITS",
    "WILD",
    "ActionKind",
    "Card",
    "CardGame",
    "Color",
    "Kind",
    "classic_deck",
    "format_cards",
    "master_deck",
    "parse_card",
    "parse_cards",
    "sort_cards",
    "standard_deck",
]


class Color(enum.Enum):
    """A card colour. The value is the one-letter notation."""

    RED = "R"
    BLUE = "B"
    GREEN = "G"
    YELLOW = "Y"
    PURPLE = "P"
    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    def __str__(self) -> str:
        return self.value

    @property
    def is_suit(self) -> bool:
        """Whether this is a suit of the standard 52-card deck (T-1)."""
        return self in _SUIT_SET

    @property
    def is_red(self) -> bool:
        """For suits: hearts and diamonds are red, clubs and spades black (T-1)."""
        return self is Color.HEARTS or self is Color.DIAMONDS

    __repr__ = member_repr
    __hash__ = member_hash


_COLOR_ORDER = {color: i for i, color in enumerate(Color)}

#: The four colours of the classic deck (C-1), in notation order.
CLASSIC_COLORS: tuple[Color, ...] = (Color.RED, Color.BLUE, Color.GREEN, Color.YELLOW)
#: The four colours of Phase 10 Master (M-1): purple instead of blue.
MASTER_COLORS: tuple[Color, ...] = (Color.RED, Color.YELLOW, Color.GREEN, Color.PURPLE)
#: The four suits of the standard deck (T-1).
SUITS: tuple[Color, ...] = (Color.CLUBS, Color.DIAMONDS, Color.HEARTS, Color.SPADES)
_SUIT_SET = frozenset(SUITS)


class ActionKind(enum.Enum):
    """The action cards of Phase 10 Master (M-11 to M-15). The value is the notation."""

    TAKE_TWO = "TT"
    KEEP_ALL = "KA"
    GIVE_FIVE = "GF"
    BLANK = "BL"

    __repr__ = member_repr


_ACTION_ORDER = {a: i + 1 for i, a in enumerate(ActionKind)}


class Kind(enum.Enum):
    """What sort of card a :class:`Card` is."""

    NUMBER = "number"
    WILD = "wild"
    SKIP = "skip"
    ACTION = "action"

    __repr__ = member_repr
    __hash__ = member_hash


_KIND_ORDER = {Kind.NUMBER: 0, Kind.WILD: 1, Kind.SKIP: 2, Kind.ACTION: 3}
#: The spans of a card's number (or action) and colour in its ``sort_index``: it stays below
#: 2**30, one digit of a Python int, which sorts fastest.
_NUMBER_SPAN = 1 << 12
_COLOR_SPAN = 1 << 8


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
        if card.action is not None:
            raise InvalidCardError("only an action card has an action")
    elif card.kind is Kind.ACTION:
        if not isinstance(card.action, ActionKind):
            raise InvalidCardError(f"an action card needs an ActionKind, got {card.action!r}")
        if (
            card.number is not None
            or card.color is not None
            or card.wild_numbers is not None
            or card.wild_colors is not None
        ):
            raise InvalidCardError("an action card has no number, colour or range")
    elif card.action is not None:
        raise InvalidCardError("only an action card has an action")
    elif card.kind is Kind.WILD:
        if card.number is not None or card.color is not None:
            raise InvalidCardError(
                "a wild card has no number or colour of its own; "
                "give its range with wild_numbers / wild_colors"
            )
        if card.wild_numbers is not None and not card.wild_numbers:
            raise InvalidCardError("a wild card's wild_numbers must not be empty")
        if card.wild_numbers is not None:
            # the notation writes a range (W1-6), so a range is what a wild can have
            numbers = card.wild_numbers
            if not all(is_whole(n, 1) for n in numbers) or len(numbers) != (
                max(numbers) - min(numbers) + 1
            ):
                raise InvalidCardError(
                    "a wild card's wild_numbers must be consecutive whole numbers >= 1 "
                    f"(a range such as 1-6), got {sorted(numbers, key=repr)}"
                )
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
    action: ActionKind | None = None
    sort_key: tuple[int, int, int, tuple[int, ...], tuple[int, ...]] = attrs.field(
        init=False, eq=False, hash=False
    )
    #: ``sort_key`` as one small whole number, for a card without ranges whose number is
    #: below 4,096: equal cards have equal indexes, and indexes order as the keys do (such ints
    #: count and sort in C far cheaper than tuples); -1 for any other card (compare keys).
    sort_index: int = attrs.field(init=False, eq=False, hash=False)

    def __attrs_post_init__(self) -> None:
        _check_card(self)
        key = (
            _KIND_ORDER[self.kind],
            self.number or (_ACTION_ORDER[self.action] if self.action is not None else 0),
            _COLOR_ORDER[self.color] if self.color is not None else 0,
            tuple(sorted(self.wild_numbers)) if self.wild_numbers is not None else (),
            tuple(sorted(_COLOR_ORDER[c] for c in self.wild_colors))
            if self.wild_colors is not None
            else (),
        )
        object.__setattr__(self, "sort_key", key)
        kind, number, color, numbers, colors = key
        simple = not numbers and not colors and number < _NUMBER_SPAN
        index = (kind * _NUMBER_SPAN + number) * _COLOR_SPAN + color if simple else -1
        object.__setattr__(self, "sort_index", index)

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
        """True for a skip card (C-19, M-14)."""
        return self.kind is Kind.SKIP

    @property
    def is_action(self) -> bool:
        """True for a Phase 10 Master action card (Take two, Keep all, Give five, blank)."""
        return self.kind is Kind.ACTION

    def __str__(self) -> str:
        if self.kind is Kind.NUMBER:
            assert self.color is not None and self.number is not None
            if self.color.is_suit:
                return f"{_RANK_NAMES.get(self.number, str(self.number))}{self.color.value}"
            return f"{self.color.value}{self.number}"
        if self.kind is Kind.WILD:
            if self.wild_numbers is None and self.wild_colors is None:
                return "W"
            return _format_ranged_wild(self)
        if self.kind is Kind.ACTION:
            assert self.action is not None
            return self.action.value
        return "S"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def _repr_svg_(self) -> str | None:
        """The picture a notebook shows (drawn by :mod:`phase10.svg`); ``repr()`` is unchanged."""
        return _pictures.picture(self)

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.sort_key < other.sort_key


def _sort_key(card: Card) -> tuple[int, int, int, tuple[int, ...], tuple[int, ...]]:
    return card.sort_key


_RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
_RANK_VALUES = {name: number for number, name in _RANK_NAMES.items()}


def _format_ranged_wild(card: Card) -> str:
    numbers = sorted(card.wild_numbers) if card.wild_numbers is not None else []
    if numbers and numbers != list(range(numbers[0], numbers[-1] + 1)):
        raise InvalidCardError(f"a ranged wild needs consecutive numbers, got {numbers}")
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


def _or_words(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


@attrs.frozen(cache_hash=True)
class CardGame:
    """Which cards a game has: what a meld, a hand or a card in notation may hold.

    Number cards are those of ``colors`` numbered 1 to ``max_number``; the other fields say
    which special cards exist. :class:`~phase10.MeldRules` derives its game from its colours
    (:meth:`of`), so checking melds and hands refuses a card the deck does not hold.

    >>> CLASSIC_GAME.has(Card.parse("R7")), CLASSIC_GAME.has(Card.parse("P7"))
    (True, False)
    >>> CLASSIC_GAME.refusal(Card.parse("QH"))
    'QH is not a card of the classic game'

    Attributes:
        name: The game's name in messages ("the classic game").
        colors: The colours (or suits) of the number cards.
        max_number: The highest number.
        plain_wilds: Whether a wild that stands for anything (``W``) exists (C-17, T-1).
        ranged_wilds: Whether ranged jokers (``W1-6:RG``) exist (M-2); their range and
            colours must lie within the game's.
        skips: Whether skip cards (``S``) exist (C-19, M-14).
        actions: Whether the action cards ``TT``, ``KA``, ``GF`` and ``BL`` exist (M-11).

    Raises:
        InvalidCardError: ``colors`` is empty or ``max_number`` is not a whole number >= 1.
    """

    name: str
    colors: tuple[Color, ...]
    max_number: int
    plain_wilds: bool = True
    ranged_wilds: bool = False
    skips: bool = True
    actions: bool = False

    def __attrs_post_init__(self) -> None:
        if not self.colors or not all(isinstance(c, Color) for c in self.colors):
            raise InvalidCardError(
                f"colors must be a non-empty tuple of Color, got {self.colors!r}"
            )
        if not is_whole(self.max_number, 1):
            raise InvalidCardError(
                f"max_number must be a whole number >= 1, got {self.max_number!r}"
            )

    @staticmethod
    def of(colors: tuple[Color, ...], max_number: int) -> CardGame:
        """The game of a deck of these colours and numbers.

        Suits alone make the 52-card game (plain jokers, no skips); purple, Phase 10
        Master's colour, makes Master (ranged jokers, skips, action cards); anything else
        the classic game (plain wilds and skips). Other colours or numbers than the built-in
        game's are named in the game's name.

        >>> CardGame.of(MASTER_COLORS, 12).name, CardGame.of(SUITS, 13).name
        ('Phase 10 Master', 'the 52-card game')
        >>> CardGame.of((Color.RED, Color.BLUE), 5).name
        'the classic game with colours R B and numbers 1-5'
        """
        return _game_of(tuple(colors), max_number)

    def has(self, card: Card) -> bool:
        """Whether ``card`` is a card of this game."""
        kind = card.kind
        if kind is Kind.NUMBER:
            return card.color in self.colors and card.number <= self.max_number  # type: ignore[operator]
        if kind is Kind.WILD:
            numbers, colors = card.wild_numbers, card.wild_colors
            if numbers is None and colors is None:
                return self.plain_wilds
            return (
                self.ranged_wilds
                and (numbers is None or max(numbers) <= self.max_number)
                and (colors is None or colors.issubset(self.colors))
            )
        if kind is Kind.SKIP:
            return self.skips
        return self.actions

    def refusal(self, card: Card) -> str | None:
        """Why ``card`` is not a card of this game ("P7 is not a card of the classic game").

        ``None`` when it is one.
        """
        if self.has(card):
            return None
        return f"{card} is not a card of {self.name}"

    @property
    def syntax(self) -> str:
        """The notation of this game's cards, for error messages: only cards it has.

        >>> print(CLASSIC_GAME.syntax)
        expected a colour letter R, B, G or Y and a number 1-12 (R7), W for a wild or S for a skip
        """
        letters = [c.value for c in self.colors if not c.is_suit]
        suits = [c.value for c in self.colors if c.is_suit]
        top = self.max_number
        parts = []
        if letters:
            example = f"{letters[0]}{min(7, top)}"
            parts.append(f"a colour letter {_or_words(letters)} and a number 1-{top} ({example})")
        if suits:
            ranks = ["A"] + ([f"2-{min(top, 10)}"] if top > 2 else ["2"] if top == 2 else [])
            ranks += [_RANK_NAMES[n] for n in (11, 12, 13) if n <= top]
            parts.append(f"a rank {_or_words(ranks)} and a suit {_or_words(suits)} (A{suits[0]})")
        if self.plain_wilds:
            parts.append("W for a wild")
        if self.ranged_wilds:
            parts.append("a ranged joker such as W1-6:" + "".join(c.value for c in self.colors[:2]))
        if self.skips:
            parts.append("S for a skip")
        if self.actions:
            parts.append("an action card TT, KA, GF or BL")
        return "expected " + _or_words(parts)


#: The cards of the classic game (C-1): R, B, G, Y 1-12, wilds and skips.
CLASSIC_GAME = CardGame("the classic game", CLASSIC_COLORS, 12)
#: The cards of Phase 10 Master (M-1, M-2): R, Y, G, P 1-12, ranged jokers, skips, actions.
MASTER_GAME = CardGame(
    "Phase 10 Master", MASTER_COLORS, 12, plain_wilds=False, ranged_wilds=True, actions=True
)
#: The cards of the 52-card games (T-1): A-K in four suits and jokers.
STANDARD_GAME = CardGame("the 52-card game", SUITS, 13, skips=False)


@lru_cache(
    maxsize=64,
    key="`(colours, highest number)`",
    why="a card game is an immutable value of these two only",
)
def _game_of(colors: tuple[Color, ...], max_number: int) -> CardGame:
    if all(c.is_suit for c in colors):
        base = STANDARD_GAME
    elif Color.PURPLE in colors:
        base = MASTER_GAME
    else:
        base = CLASSIC_GAME
    if set(colors) == set(base.colors) and max_number == base.max_number:
        return base if colors == base.colors else attrs.evolve(base, colors=colors)
    letters = " ".join(c.value for c in colors)
    name = f"{base.name} with colours {letters} and numbers 1-{max_number}"
    return attrs.evolve(base, name=name, colors=colors, max_number=max_number)


_CARD_RE = re.compile(
    r"(?P<color>[RBGYP])(?P<number>[0-9]{1,2})"
    r"|(?P<rank>A|K|Q|J|[0-9]{1,2})(?P<suit>[CDHS])"
    r"|W(?:(?P<lo>[0-9]{1,2})-(?P<hi>[0-9]{1,2}))?(?::(?P<colors>[RBGYPCDHS]+))?"
    r"|(?P<skip>S)"
    r"|(?P<action>TT|KA|GF|BL)",
    re.IGNORECASE,
)
_TOKEN_RE = re.compile(r"[^\s,]+")
_COLOR_BY_LETTER = {c.value: c for c in Color}
# Cards by their canonical text only (str(card) == token): other spellings ("r7", "R07") are
# parsed each time, so that input cannot fill the cache with variants of one card.
_CACHE: BoundedCache[str, Card] = BoundedCache(
    1024,
    name="_CACHE",
    key="a card's text, only when it is the canonical text (`str(card)`)",
    why="other spellings (`r7`, `R07`) are parsed every time, so input cannot fill memory "
    "with spellings of one card; cards are immutable",
)
_EXPECTED = (
    "expected a colour letter R, B, G, Y or P and a number 1-12 (R7), a rank and a suit "
    "(QH, 10S, AC), W for a wild (W1-6:RG for a ranged joker), S for a skip, or an action "
    "card TT, KA, GF or BL"
)


def _card_from_token(token: str, *, text: str, position: int, game: CardGame | None = None) -> Card:
    cached = _CACHE.get(token)
    if cached is not None:
        if game is not None and not game.has(cached):
            raise _not_of(cached, game, token=token, text=text, position=position)
        return cached

    def bad(why: str, said: Message | None = None) -> NotationError:
        return NotationError(
            f"bad card {token!r} at position {position} in {text!r}: {why}",
            text=text,
            token=token,
            position=position,
            said=said or Message.of("notation.not-a-card", token=token),
        )

    match = _CARD_RE.fullmatch(token)
    if match is None:
        raise bad(_EXPECTED if game is None else game.syntax, _syntax_message(token, game))
    groups = match.groupdict()
    if groups["color"]:
        number = int(groups["number"])
        if not 1 <= number <= 12:
            top = 12 if game is None else game.max_number
            said = Message.of("notation.number-range", token=token, max=top)
            raise bad(f"numbers run from 1 to 12, got {number}", said)
        card = Card(Kind.NUMBER, number, _COLOR_BY_LETTER[groups["color"].upper()])
    elif groups["suit"]:
        rank = groups["rank"].upper()
        number = _RANK_VALUES[rank] if rank in _RANK_VALUES else int(rank)
        if not 2 <= number <= 10 and rank not in _RANK_VALUES:
            raise bad(f"ranks are A, 2-10, J, Q, K; got {rank}")
        card = Card(Kind.NUMBER, number, _COLOR_BY_LETTER[groups["suit"].upper()])
    elif groups["skip"]:
        card = SKIP
    elif groups["action"]:
        card = Card(Kind.ACTION, action=ActionKind(groups["action"].upper()))
    elif groups["lo"] or groups["colors"]:
        numbers = None
        if groups["lo"]:
            lo, hi = int(groups["lo"]), int(groups["hi"])
            if not 1 <= lo <= hi:
                raise bad(f"a joker's range must run upwards from 1 or more, got {lo}-{hi}")
            numbers = frozenset(range(lo, hi + 1))
        colors = None
        if groups["colors"]:
            colors = frozenset(_COLOR_BY_LETTER[c] for c in groups["colors"].upper())
        card = Card(Kind.WILD, wild_numbers=numbers, wild_colors=colors)
    else:
        card = WILD
    if str(card) == token:
        _CACHE.put(token, card)
    if game is not None and not game.has(card):
        raise _not_of(card, game, token=token, text=text, position=position)
    return card


def _syntax_message(token: str, game: CardGame | None) -> Message:
    """``Q9 is not a card: write a colour letter R, B, G or Y and a number ...``, as data."""
    letters = tuple(c.value for c in (CLASSIC_COLORS if game is None else game.colors))
    if not set(letters) <= set("RBGYP"):  # a deck of suits: ranks and suits, said by syntax
        return Message.of("notation.not-a-card", token=token)
    top = 12 if game is None else game.max_number
    return Message.of("notation.card-syntax", token=token, choices=letters, max=top)


def _not_of(card: Card, game: CardGame, *, token: str, text: str, position: int) -> NotationError:
    return NotationError(
        f"bad card {token!r} at position {position} in {text!r}: {game.refusal(card)}",
        text=text,
        token=token,
        position=position,
        said=Message.of("notation.not-in-game", token=token),
    )


def parse_card(text: str, *, game: CardGame | None = None) -> Card:
    """Parse exactly one card (of ``game`` when given).

    >>> parse_card("g1")
    Card.parse('G1')

    Raises:
        NotationError: ``text`` is not exactly one card in notation, or not a card of
            ``game``.
    """
    if not isinstance(text, str):
        raise NotationError(f"expected card notation as a str, got {type(text).__name__}")
    cards = parse_cards(text, game=game)
    if len(cards) != 1:
        raise NotationError(f"expected exactly one card in {text!r}, found {len(cards)}", text=text)
    return cards[0]


def parse_cards(text: str, *, game: CardGame | None = None) -> tuple[Card, ...]:
    """Parse cards separated by spaces and/or commas, keeping their order.

    Input is case-insensitive; output cards print in canonical upper case. With ``game``,
    only that game's cards are accepted, and a syntax error lists only their notation.

    >>> parse_cards("R7 r7, W b12")
    (Card.parse('R7'), Card.parse('R7'), Card.parse('W'), Card.parse('B12'))
    >>> parse_cards("")
    ()
    >>> parse_cards("R7 P7", game=CLASSIC_GAME)
    Traceback (most recent call last):
      ...
    phase10.errors.NotationError: bad card 'P7' at position 3 in 'R7 P7': P7 is not a card of the classic game

    Raises:
        NotationError: a token is not a card (or not one of ``game``); the error names the
            token and its position.
    """  # noqa: E501
    if not isinstance(text, str):
        raise NotationError(f"expected card notation as a str, got {type(text).__name__}")
    return tuple(
        _card_from_token(m.group(0), text=text, position=m.start(), game=game)
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


def _numbers(colors: Iterable[Color], top: int, copies: int) -> tuple[Card, ...]:
    # One instance per distinct card: identical cards are the same object, which makes
    # comparisons in hands and piles fast (identity is checked before equality).
    cards = [
        parse_card(str(Card(Kind.NUMBER, n, color))) for n in range(1, top + 1) for color in colors
    ]
    return tuple(card for card in cards for _ in range(copies))


#: The default 14 jokers of Phase 10 Master (M-2): for each range, 1-6 and 7-12, one joker
#: showing all four colours and one for each of the six pairs of colours.
MASTER_JOKERS: tuple[Card, ...] = tuple(
    Card(Kind.WILD, wild_numbers=frozenset(numbers), wild_colors=frozenset(colors))
    for numbers in (range(1, 7), range(7, 13))
    for colors in (
        MASTER_COLORS,
        *[(a, b) for i, a in enumerate(MASTER_COLORS) for b in MASTER_COLORS[i + 1 :]],
    )
)


def master_deck(
    *, jokers: Iterable[Card] = MASTER_JOKERS, blanks: bool = False
) -> tuple[Card, ...]:
    """The Phase 10 Master deck in canonical order (M-1, M-2).

    96 number cards (1-12 twice in red, yellow, green, purple), the ranged jokers, and the
    action cards: 4 Take two, 4 Keep all, 6 Skip, 4 Give five (and 3 blanks if ``blanks``).

    >>> deck = master_deck()
    >>> len(deck), sum(c.is_wild for c in deck), sum(c.is_action or c.is_skip for c in deck)
    (128, 14, 18)

    Raises:
        InvalidCardError: ``jokers`` holds a card that is not a wild.
    """
    jokers = tuple(jokers)
    for joker in jokers:
        if not isinstance(joker, Card) or not joker.is_wild:  # type: ignore[redundant-expr]
            raise InvalidCardError(f"jokers must be wild cards, got {joker!r}")
    actions = [parse_card(a.value) for a in ActionKind if a is not ActionKind.BLANK]
    cards = (
        _numbers(MASTER_COLORS, 12, 2)
        + jokers
        + tuple(a for a in actions for _ in range(4))
        + (SKIP,) * 6
        + ((parse_card("BL"),) * 3 if blanks else ())
    )
    return sort_cards(cards)


def standard_deck(*, jokers: int = 2) -> tuple[Card, ...]:
    """A 52-card deck (ranks A=1 to K=13 in four suits) plus ``jokers`` wilds (T-1).

    >>> deck = standard_deck(jokers=4)
    >>> len(deck), str(deck[0]), str(deck[51]), str(deck[-1])
    (56, 'AC', 'KS', 'W')

    Raises:
        InvalidCardError: ``jokers`` is negative.
    """
    if not is_whole(jokers, 0):
        raise InvalidCardError(f"jokers must be a whole number >= 0, got {jokers!r}")
    return _numbers(SUITS, 13, 1) + (WILD,) * jokers


def classic_deck() -> tuple[Card, ...]:
    """The 108-card classic deck in canonical order (C-1).

    Numbers 1-12 twice in each of red, blue, green and yellow (96), 8 wilds and 4 skips.

    >>> deck = classic_deck()
    >>> len(deck), deck.count(WILD), deck.count(SKIP)
    (108, 8, 4)
    """
    return _numbers(CLASSIC_COLORS, 12, 2) + (WILD,) * 8 + (SKIP,) * 4
