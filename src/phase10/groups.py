"""Group types (sets, runs, colour groups, same-colour runs, user-defined) and laid melds."""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Iterator, Sequence
from typing import NamedTuple, Protocol, runtime_checkable

import attrs

from phase10 import _pictures
from phase10._checks import is_whole
from phase10._enums import member_hash, member_repr, set_repr
from phase10._fast import lru_cache
from phase10.cards import CLASSIC_COLORS, Card, CardGame, Color, Kind, sort_cards
from phase10.errors import (
    ArgumentError,
    DefinitionError,
    InvalidMeldError,
    MeldProblem,
    Message,
    NotationError,
    Phase10Error,
)
from phase10.limits import check_limit

__all__ = [
    "CLASSIC_MELD_RULES",
    "ColorGroupOf",
    "ColorRunOf",
    "End",
    "GroupType",
    "HitOption",
    "Meld",
    "MeldRules",
    "NaturalScope",
    "Pattern",
    "RedOrBlackOf",
    "Repeat",
    "RunOf",
    "SetOf",
    "Shape",
    "ShapeIndex",
    "Slots",
    "Value",
    "Verdict",
    "check_meld",
    "group_message",
    "parse_placed",
    "shape_index",
]


class Value(NamedTuple):
    """What a card stands for in a meld: a number, a colour, or both (``None`` = not fixed).

    A natural card stands for its own number and colour; a wild stands for what its place in
    the group fixes (C-17, C-18): a number in a set or run, a colour in a colour group.

    >>> str(Value(7, None)), str(Value(None, Color.RED)), str(Value(5, Color.GREEN))
    ('7', 'R', 'G5')
    """

    number: int | None
    color: Color | None

    def __str__(self) -> str:
        color = self.color
        # the letter from a table: Enum.value is a Python-level property, read per card
        letter = (_LETTERS.get(color) or color.value) if color else ""
        return f"{letter}{self.number or ''}"


#: Each colour's letter (its value), read without the enum's property.
_LETTERS: dict[Color, str] = {color: color.value for color in Color}


@attrs.frozen(cache_hash=True)
class Pattern:
    """What one card of a group must be.

    A number among ``numbers`` and a colour among ``colors`` (``None`` means any).

    >>> from phase10.cards import parse_card
    >>> p = Pattern.of(number=7)
    >>> p.accepts(parse_card("B7")), p.accepts(parse_card("B8")), p.accepts(parse_card("W"))
    (True, False, True)
    """

    # set_repr: a frozenset's own repr follows the members' addresses (one text a process)
    numbers: frozenset[int] | None = attrs.field(default=None, repr=set_repr)
    colors: frozenset[Color] | None = attrs.field(default=None, repr=set_repr)

    @classmethod
    def of(cls, *, number: int | None = None, color: Color | None = None) -> Pattern:
        """A pattern for one number and/or one colour."""
        return cls(
            None if number is None else frozenset((number,)),
            None if color is None else frozenset((color,)),
        )

    def accepts(self, card: Card) -> bool:
        """Whether ``card`` can take this place (a skip never can, C-19)."""
        if card.kind is Kind.NUMBER:
            return (self.numbers is None or card.number in self.numbers) and (
                self.colors is None or card.color in self.colors
            )
        if card.kind is Kind.WILD:
            return (
                self.numbers is None
                or card.wild_numbers is None
                or not self.numbers.isdisjoint(card.wild_numbers)
            ) and (
                self.colors is None
                or card.wild_colors is None
                or not self.colors.isdisjoint(card.wild_colors)
            )
        return False

    def value_for(self, card: Card) -> Value:
        """What ``card`` stands for in this place (call only when :meth:`accepts` is true)."""
        if card.kind is Kind.NUMBER:
            return Value(card.number, card.color)
        numbers = self.numbers
        if numbers is not None and card.wild_numbers is not None:
            numbers = numbers & card.wild_numbers
        colors = self.colors
        if colors is not None and card.wild_colors is not None:
            colors = colors & card.wild_colors
        return Value(
            next(iter(numbers)) if numbers is not None and len(numbers) == 1 else None,
            next(iter(colors)) if colors is not None and len(colors) == 1 else None,
        )


@attrs.frozen(cache_hash=True)
class Repeat:
    """A shape of group: any number of cards (at least the group's size) matching ``pattern``.

    Sets and colour groups are made of these.
    """

    pattern: Pattern


@attrs.frozen(cache_hash=True)
class Slots:
    """A shape of group: exactly one card per pattern, in order.

    Runs are made of these; a hit extends a run into a longer shape of the same group type.
    """

    patterns: tuple[Pattern, ...]


Shape = Repeat | Slots


class NaturalScope(enum.Enum):
    """Where the natural-card minimum applies (rule option ``natural_minimum``, C-17).

    The seeds ask for a natural card in the *phase* (000: "A fázisban azonban ki kell
    játszani legalább egy „természetes” lapot"; 003: "siempre y cuando tenga una sola carta
    normal para colocar cuando forme su fase"), so ``PHASE`` is the classic default; seed 002
    sets no minimum (``NONE``); one per group is a common house rule (``GROUP``).
    """

    #: Each group needs its own natural cards (``naturals_in_sets`` / ``naturals_in_runs``).
    GROUP = "group"
    #: The phase as a whole needs ``naturals_in_sets`` natural cards; a group may be all wilds.
    PHASE = "phase"
    #: No minimum: a phase may be made of wilds alone ("10 Phases", T-1).
    NONE = "none"

    __repr__ = member_repr


@attrs.frozen(cache_hash=True, kw_only=True)
class MeldRules:
    """The parts of a variant's rules that decide which melds are valid.

    Attributes:
        max_number: Highest card number; runs are at most this long (C-7).
        colors: The deck's colours, for colour groups and same-colour runs.
        runs_wrap: Whether a run may continue from ``max_number`` to 1 (option ``runs_wrap``).
        natural_minimum: Whether the natural-card minimum counts per phase (the default),
            per group or not at all (C-17).
        naturals_in_sets: Natural cards each set-like group (a :class:`Repeat` shape) needs
            per group; per phase, the natural cards the whole phase needs.
        naturals_in_runs: Natural cards each run-like group (a :class:`Slots` shape) needs
            per group (1 in the classic game, 2 in Phase 10 Master, M-4).

    Raises:
        DefinitionError: a field is out of range.
        LimitError: ``max_number`` is above ``max_card_number`` of the limits in force
            (:func:`phase10.use_limits`).
    """

    max_number: int = 12
    colors: tuple[Color, ...] = CLASSIC_COLORS
    runs_wrap: bool = False
    natural_minimum: NaturalScope = NaturalScope.PHASE
    naturals_in_sets: int = 1
    naturals_in_runs: int = 1

    def __attrs_post_init__(self) -> None:
        if not is_whole(self.max_number, 1):
            raise DefinitionError(
                f"max_number must be a whole number >= 1, got {self.max_number!r}"
            )
        check_limit(self.max_number, "max_card_number", "max_number")
        if not self.colors or not all(isinstance(c, Color) for c in self.colors):
            raise DefinitionError(f"colors must be a non-empty tuple of Color, got {self.colors!r}")
        for name in ("naturals_in_sets", "naturals_in_runs"):
            value = getattr(self, name)
            if not is_whole(value, 0):
                raise DefinitionError(f"{name} must be a whole number >= 0, got {value!r}")

    @property
    def game(self) -> CardGame:
        """The cards these rules' deck has, derived from :attr:`colors` and :attr:`max_number`.

        A card outside it is refused by every meld check and laydown search:

        >>> CLASSIC_MELD_RULES.game.name
        'the classic game'
        >>> print(check_meld("P7 B7 G7", SetOf(3)))
        invalid: P7 is not a card of the classic game
        """
        return CardGame.of(self.colors, self.max_number)

    def naturals_needed(self, shape: Shape) -> int:
        """How many natural cards one group of this shape needs on its own.

        Only ``natural_minimum=GROUP`` asks anything of a single group; per phase the
        minimum is :meth:`phase_naturals_needed`.
        """
        if self.natural_minimum is not NaturalScope.GROUP:
            return 0
        return self.naturals_in_runs if isinstance(shape, Slots) else self.naturals_in_sets

    def phase_naturals_needed(self) -> int:
        """How many natural cards a whole phase needs beyond what each group needs (C-17).

        ``naturals_in_sets`` with ``natural_minimum=PHASE``, else 0. The laydown check
        (:meth:`phase10.Phase.problem`) and the laydown search both read it from here.
        """
        return self.naturals_in_sets if self.natural_minimum is NaturalScope.PHASE else 0


#: The classic game's meld rules: numbers 1-12, four colours, no wrap, one natural card in
#: each phase (C-17).
CLASSIC_MELD_RULES = MeldRules()


@runtime_checkable
class GroupType(Protocol):
    """What a phase can require: any hashable object with a ``size`` and ``shapes``.

    ``str()`` of a group type is its description ("run of 4"). Implement it with a frozen
    attrs class (no subclassing needed); see :doc:`/howto/custom-groups`.
    """

    @property
    def size(self) -> int:
        """The minimum number of cards (C-9: counts are minimums)."""
        ...

    def shapes(self, rules: MeldRules) -> Iterable[Shape]:
        """Every shape a group of this type can take under ``rules``."""
        ...

    def __hash__(self) -> int: ...


def _check_size(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if not is_whole(value, 1):
        raise DefinitionError(
            f"{type(instance).__name__} needs a whole number of cards >= 1, got {value!r}"
        )


def _windows(size: int, rules: MeldRules) -> Iterator[tuple[int, ...]]:
    top = rules.max_number
    for length in range(size, top + 1):
        starts = range(1, top + 1) if rules.runs_wrap else range(1, top - length + 2)
        for start in starts:
            yield tuple((start - 1 + i) % top + 1 for i in range(length))


@attrs.frozen(cache_hash=True)
class SetOf:
    """A set: at least ``size`` cards of one number, colours irrelevant (C-6).

    >>> str(SetOf(3))
    'set of 3'

    Raises:
        DefinitionError: ``size`` is not a whole number >= 1.
    """

    size: int = attrs.field(validator=_check_size)

    def __str__(self) -> str:
        return f"set of {self.size}"

    def shapes(self, rules: MeldRules) -> tuple[Shape, ...]:
        """One :class:`Repeat` shape per number."""
        return tuple(Repeat(Pattern.of(number=n)) for n in range(1, rules.max_number + 1))


@attrs.frozen(cache_hash=True)
class RunOf:
    """A run: at least ``size`` consecutive numbers, colours irrelevant (C-7).

    >>> str(RunOf(4))
    'run of 4'

    Raises:
        DefinitionError: ``size`` is not a whole number >= 1.
    """

    size: int = attrs.field(validator=_check_size)

    def __str__(self) -> str:
        return f"run of {self.size}"

    def shapes(self, rules: MeldRules) -> tuple[Shape, ...]:
        """One :class:`Slots` shape per window of consecutive numbers."""
        return tuple(
            Slots(tuple(Pattern.of(number=n) for n in window))
            for window in _windows(self.size, rules)
        )


@attrs.frozen(cache_hash=True)
class ColorGroupOf:
    """A colour group: at least ``size`` cards of one colour, numbers irrelevant (C-8).

    >>> str(ColorGroupOf(7))
    '7 cards of one colour'

    Raises:
        DefinitionError: ``size`` is not a whole number >= 1.
    """

    size: int = attrs.field(validator=_check_size)

    def __str__(self) -> str:
        return f"{self.size} cards of one colour"

    def shapes(self, rules: MeldRules) -> tuple[Shape, ...]:
        """One :class:`Repeat` shape per colour of the deck."""
        return tuple(Repeat(Pattern.of(color=c)) for c in rules.colors)


@attrs.frozen(cache_hash=True)
class ColorRunOf:
    """A same-colour run: at least ``size`` consecutive numbers, all of one colour (M-3).

    >>> str(ColorRunOf(4))
    'same-colour run of 4'

    Raises:
        DefinitionError: ``size`` is not a whole number >= 1.
    """

    size: int = attrs.field(validator=_check_size)

    def __str__(self) -> str:
        return f"same-colour run of {self.size}"

    def shapes(self, rules: MeldRules) -> tuple[Shape, ...]:
        """One :class:`Slots` shape per colour and window of consecutive numbers."""
        return tuple(
            Slots(tuple(Pattern.of(number=n, color=c) for n in window))
            for c in rules.colors
            for window in _windows(self.size, rules)
        )


@attrs.frozen(cache_hash=True)
class RedOrBlackOf:
    """At least ``size`` cards of one colour, red or black (T-3, phase 7).

    For the standard deck of "10 Phases": hearts and diamonds are red, clubs and spades black.

    >>> str(RedOrBlackOf(8))
    '8 cards of one colour (red or black)'

    Raises:
        DefinitionError: ``size`` is not a whole number >= 1.
    """

    size: int = attrs.field(validator=_check_size)

    def __str__(self) -> str:
        return f"{self.size} cards of one colour (red or black)"

    def shapes(self, rules: MeldRules) -> tuple[Shape, ...]:
        """A :class:`Repeat` shape for the red suits and one for the black suits."""
        red = frozenset(c for c in rules.colors if c.is_red)
        black = frozenset(c for c in rules.colors if c.is_suit and not c.is_red)
        return tuple(Repeat(Pattern(colors=colors)) for colors in (red, black) if colors)


@attrs.frozen
class ShapeIndex:
    """The shapes of one group type under one rule set, indexed for searching."""

    repeats: tuple[Repeat, ...]
    slots_by_length: dict[int, tuple[Slots, ...]]
    extend_low: dict[tuple[Pattern, ...], tuple[Slots, ...]]
    extend_high: dict[tuple[Pattern, ...], tuple[Slots, ...]]
    all_shapes: frozenset[Shape]


@lru_cache(
    maxsize=1 << 10,  # an index takes up to ~10 kB; a variant's phases use a few dozen
    key="`(GroupType, MeldRules)`",
    why="group types and rules are immutable; the index is derived from them only",
)
def shape_index(group: GroupType, rules: MeldRules) -> ShapeIndex:
    """Index ``group.shapes(rules)`` (cached; group types and rules must be hashable).

    Raises:
        DefinitionError: the group type returns something that is not a shape.
    """
    shapes = tuple(group.shapes(rules))
    repeats: list[Repeat] = []
    by_length: dict[int, list[Slots]] = {}
    for shape in shapes:
        if isinstance(shape, Repeat):
            repeats.append(shape)
        elif isinstance(shape, Slots):
            by_length.setdefault(len(shape.patterns), []).append(shape)
        else:
            raise DefinitionError(
                f"{group!r}.shapes() must yield Repeat or Slots shapes, got {shape!r}"
            )
    slot_set = {s.patterns for lst in by_length.values() for s in lst}
    low: dict[tuple[Pattern, ...], list[Slots]] = {}
    high: dict[tuple[Pattern, ...], list[Slots]] = {}
    for lst in by_length.values():
        for s in lst:
            if s.patterns[1:] in slot_set:
                low.setdefault(s.patterns[1:], []).append(s)
            if s.patterns[:-1] in slot_set:
                high.setdefault(s.patterns[:-1], []).append(s)
    return ShapeIndex(
        repeats=tuple(repeats),
        slots_by_length={k: tuple(v) for k, v in sorted(by_length.items())},
        extend_low={k: tuple(v) for k, v in low.items()},
        extend_high={k: tuple(v) for k, v in high.items()},
        all_shapes=frozenset(shapes),
    )


class End(enum.Enum):
    """Where a hit goes on a meld: the low or the high end of a run, or anywhere in a set."""

    LOW = "low"
    HIGH = "high"
    ANY = "any"

    __repr__ = member_repr
    __hash__ = member_hash


@attrs.frozen(cache_hash=True, repr=False)
class Meld:
    """A group laid on the table: its type, shape, cards and what each card stands for.

    Cards of a run are in run order; cards of a set-like group are in canonical order.
    ``values[i]`` is what ``cards[i]`` stands for, so a wild's value is fixed for the rest of
    the hand (C-17, C-18). Build melds with :func:`check_meld` or a laydown search rather
    than by hand; :meth:`validate` checks a hand-built one.

    Raises:
        InvalidMeldError: ``cards`` and ``values`` differ in length.
    """

    group: GroupType
    shape: Shape
    cards: tuple[Card, ...]
    values: tuple[Value, ...]

    def __attrs_post_init__(self) -> None:
        # zip(strict=True) in every reader relies on it; a hand-built meld must not break it
        if len(self.cards) != len(self.values):
            raise InvalidMeldError(
                f"a meld needs one value per card, got {len(self.cards)} cards and "
                f"{len(self.values)} values"
            )

    def __str__(self) -> str:
        return " ".join(_placed_str(c, v) for c, v in zip(self.cards, self.values, strict=True))

    def __repr__(self) -> str:
        """``Meld.of(group, 'cards')``, or every field where that would not give the meld back.

        The short form is read back under the classic meld rules; a meld of another game,
        or of a shape :meth:`of` would not pick, is written field by field.
        """
        text = str(self)
        try:
            same = Meld.of(self.group, text) == self
        except (Phase10Error, TypeError, ValueError):  # a custom group type may refuse
            same = False
        if same:
            return f"Meld.of({self.group!r}, {text!r})"
        return (
            f"Meld(group={self.group!r}, shape={self.shape!r}, cards={self.cards!r}, "
            f"values={self.values!r})"
        )

    @classmethod
    def of(cls, group: GroupType, text: str, *, rules: MeldRules = CLASSIC_MELD_RULES) -> Meld:
        """The meld of ``group`` written ``text``, as ``str(meld)`` writes it.

        The cards are in the order written (run order for a run, canonical order for a
        set-like group), and a wild stands for the value written after it (``W=7``); a wild
        written without one takes the first value :func:`check_meld` reads for it. This is
        the form ``repr()`` writes.

        >>> meld = Meld.of(RunOf(4), "W=3 R4 B5 G6")
        >>> str(meld), meld.values[0]
        ('W=3 R4 B5 G6', Value(number=3, color=None))
        >>> eval(repr(meld)) == meld
        True

        Raises:
            NotationError: ``text`` is not card notation of the rules' game.
            InvalidMeldError: the cards, in that order and with those values, are no meld of
                ``group`` under ``rules``; ``.problem`` says why when the cards are no meld
                at all.
        """
        placed = parse_placed(text, rules=rules)
        verdict = check_meld(text, group, rules=rules)
        cards = tuple(c for c, _ in placed)
        for meld in verdict.melds:
            if meld.cards == cards and all(
                w is None or w == v for (_, w), v in zip(placed, meld.values, strict=True)
            ):
                return meld
        reason = verdict.reason or "the cards are not in meld order, or a wild's value differs"
        raise InvalidMeldError(
            f"{text!r} is not a {_named(group)} as written: {reason}", problem=verdict.problem
        )

    def _repr_svg_(self) -> str | None:
        """The picture a notebook shows (drawn by :mod:`phase10.svg`); ``repr()`` is unchanged."""
        return _pictures.picture(self)

    @property
    def naturals(self) -> int:
        """How many natural (number) cards the meld holds."""
        return sum(1 for c in self.cards if c.kind is Kind.NUMBER)

    @property
    def placed(self) -> tuple[tuple[Card, Value | None], ...]:
        """The cards as :func:`parse_placed` reads ``str(meld)``: each wild pinned to its value.

        >>> check_meld("R3 B4 W G6", RunOf(4)).melds[0].placed[2]
        (Card.parse('W'), Value(number=5, color=None))
        """
        return tuple(
            (
                c,
                v
                if c.kind is Kind.WILD and (v.number is not None or v.color is not None)
                else None,
            )
            for c, v in zip(self.cards, self.values, strict=True)
        )

    def check(self, *, rules: MeldRules = CLASSIC_MELD_RULES) -> Verdict:
        """Whether the meld is valid under ``rules``, and why not: a :class:`Verdict`.

        A meld that is not valid gets the problem and the sentence :func:`check_meld` gives
        for its cards with its wilds' values (the one sentence per problem, whichever door
        the meld came through); only when those cards *do* form the group, but not as this
        meld holds them (order, shape, a card's value), is the problem
        :attr:`MeldProblem.MALFORMED <phase10.MeldProblem.MALFORMED>`.

        >>> from phase10.cards import parse_cards
        >>> cards = parse_cards("R1 B2 G3")
        >>> meld = Meld(SetOf(3), Repeat(Pattern.of(number=1)), cards, (Value(1, None),) * 3)
        >>> print(meld.check())
        invalid: a set holds one number, these cards have 1, 2 and 3
        """
        flaw = self._flaw(rules)
        if flaw is None:
            return Verdict(True, None, "", (self,))
        verdict = _judge(self.placed, self.group, rules)
        if not verdict:
            return verdict
        return Verdict(False, MeldProblem.MALFORMED, flaw, (), Message.of("meld.malformed"))

    def _flaw(self, rules: MeldRules) -> str | None:
        """What in the meld's own make-up is wrong (its shape, order, values), or ``None``."""
        foreign = _foreign(self.cards, rules)
        if foreign is not None:
            return foreign
        if len(self.cards) < self.group.size:
            return f"a {_named(self.group)} needs at least {_plural(self.group.size, 'card')}"
        if self.shape not in shape_index(self.group, rules).all_shapes:
            return f"the shape is not one of a {_named(self.group)}"
        if isinstance(self.shape, Slots):
            if len(self.shape.patterns) != len(self.cards):
                return "a run needs exactly one card per place"
            patterns: Sequence[Pattern] = self.shape.patterns
        else:
            patterns = (self.shape.pattern,) * len(self.cards)
            if list(self.cards) != list(sort_cards(self.cards)):
                return "the cards of a set-like group must be in canonical order"
        for card, value, pattern in zip(self.cards, self.values, patterns, strict=True):
            if not pattern.accepts(card):
                return f"{card} cannot take its place here"
            if pattern.value_for(card) != value:
                wanted = str(pattern.value_for(card)) or "no value"
                return f"{card} stands for {wanted} here, not {str(value) or 'no value'}"
        if self.naturals < rules.naturals_needed(self.shape):
            n = rules.naturals_needed(self.shape)
            return f"needs at least {_plural(n, 'natural card')}"
        return None

    def problem(self, *, rules: MeldRules = CLASSIC_MELD_RULES) -> str | None:
        """Why the meld is not valid under ``rules``, or ``None`` when it is.

        The sentence of :meth:`check` (the one :func:`check_meld` gives for these cards).
        """
        verdict = self.check(rules=rules)
        return None if verdict else verdict.reason

    def validate(self, *, rules: MeldRules = CLASSIC_MELD_RULES) -> Meld:
        """Return the meld if valid under ``rules``.

        Raises:
            InvalidMeldError: the meld is not valid; ``.problem`` and the message say why.
        """
        verdict = self.check(rules=rules)
        if not verdict:
            raise InvalidMeldError(
                f"invalid meld {self} for a {_named(self.group)}: {verdict.reason}",
                problem=verdict.problem,
            )
        return self

    def hit_options(
        self, card: Card, *, rules: MeldRules = CLASSIC_MELD_RULES
    ) -> tuple[HitOption, ...]:
        """Every way ``card`` can be added to this meld (C-14), one per end and wild value."""
        return _hit_options(self, card, rules)

    def can_add(
        self,
        card: Card,
        *,
        value: Value | None = None,
        end: End | None = None,
        rules: MeldRules = CLASSIC_MELD_RULES,
    ) -> bool:
        """Whether ``card`` can be hit on this meld (as ``value`` / at ``end`` when given).

        >>> meld = check_meld("W R4 B5 G6", RunOf(4)).melds[0]
        >>> meld.can_add(Card.parse("R7")), meld.can_add(Card.parse("R3"))
        (True, False)

        Without ``value`` and ``end`` the answer depends only on the meld's group and shape
        (a hit extends the shape, C-14), so a caller may ask it once per group and shape.
        """
        if value is None and end is None:
            return _fits(self, card, rules)
        return bool(_filter_options(self.hit_options(card, rules=rules), value, end))

    def add(
        self,
        card: Card,
        *,
        value: Value | None = None,
        end: End | None = None,
        rules: MeldRules = CLASSIC_MELD_RULES,
    ) -> Meld:
        """Return the meld with ``card`` hit on it.

        Raises:
            InvalidMeldError: the card does not fit, or fits in several ways and ``value`` /
                ``end`` do not say which.
        """
        foreign = _foreign((card,), rules)
        if foreign is not None:
            raise InvalidMeldError(foreign, problem=MeldProblem.NOT_IN_DECK)
        options = _filter_options(self.hit_options(card, rules=rules), value, end)
        if not options:
            raise InvalidMeldError(
                f"{card} does not fit on the {_named(self.group)} {self}",
                problem=MeldProblem.NO_FIT,
            )
        if len(options) > 1:
            listed = ", ".join(f"{o.end.value} as {o.value}" for o in options)
            raise InvalidMeldError(
                f"{card} fits the {_named(self.group)} {self} in several ways ({listed}); "
                "say which with value= or end="
            )
        return options[0].meld


@attrs.frozen
class HitOption:
    """One way to hit a card on a meld: where it goes, what it stands for, the result."""

    end: End
    value: Value
    meld: Meld


def _filter_options(
    options: tuple[HitOption, ...], value: Value | None, end: End | None
) -> tuple[HitOption, ...]:
    return tuple(
        o for o in options if (value is None or o.value == value) and (end is None or o.end is end)
    )


@lru_cache(
    maxsize=1 << 14,
    key="`(Meld, Card, MeldRules)`",
    why="melds, cards and rules are immutable; how a card extends a meld follows from them",
)
def _hit_options(meld: Meld, card: Card, rules: MeldRules) -> tuple[HitOption, ...]:
    # rule C-14: a hit adds one card that keeps the group valid; it never makes a new group.
    if not rules.game.has(card):
        return ()
    shape = meld.shape
    if isinstance(shape, Repeat):
        if not shape.pattern.accepts(card):
            return ()
        value = shape.pattern.value_for(card)
        pairs = sorted(
            [*zip(meld.cards, meld.values, strict=True), (card, value)],
            key=lambda cv: cv[0].sort_key,
        )
        new = Meld(meld.group, shape, tuple(c for c, _ in pairs), tuple(v for _, v in pairs))
        return (HitOption(End.ANY, value, new),)
    index = shape_index(meld.group, rules)
    options: list[HitOption] = []
    for target in index.extend_low.get(shape.patterns, ()):
        pattern = target.patterns[0]
        if pattern.accepts(card):
            value = pattern.value_for(card)
            options.append(
                HitOption(
                    End.LOW,
                    value,
                    Meld(meld.group, target, (card, *meld.cards), (value, *meld.values)),
                )
            )
    for target in index.extend_high.get(shape.patterns, ()):
        pattern = target.patterns[-1]
        if pattern.accepts(card):
            value = pattern.value_for(card)
            options.append(
                HitOption(
                    End.HIGH,
                    value,
                    Meld(meld.group, target, (*meld.cards, card), (*meld.values, value)),
                )
            )
    return tuple(options)


def _fits(meld: Meld, card: Card, rules: MeldRules) -> bool:
    """Whether :func:`_hit_options` has an option, without building the melds it would.

    The same tests in the same order (C-14): a set-like meld takes a card its pattern
    accepts, a run one that a longer shape's new end accepts.
    """
    if not rules.game.has(card):
        return False
    shape = meld.shape
    if isinstance(shape, Repeat):
        return shape.pattern.accepts(card)
    index = shape_index(meld.group, rules)
    patterns = shape.patterns
    return any(t.patterns[0].accepts(card) for t in index.extend_low.get(patterns, ())) or any(
        t.patterns[-1].accepts(card) for t in index.extend_high.get(patterns, ())
    )


def _placed_str(card: Card, value: Value) -> str:
    if card.kind is Kind.WILD:
        text = str(value)
        return f"{card}={text}" if text else str(card)
    return str(card)


@attrs.frozen
class Verdict:
    """The answer of :func:`check_meld`: truthy when the cards form the group.

    Attributes:
        ok: Whether the cards form the group.
        problem: Why not, machine-readable (``None`` when valid).
        reason: Why not, as a sentence ("" when valid).
        melds: Every way the cards form the group (wilds read differently); empty when not.
        said: Why not, as a :class:`~phase10.Message` (its id and parameters), from which
            ``reason`` is rendered; ``None`` when valid.
    """

    ok: bool
    problem: MeldProblem | None
    reason: str
    melds: tuple[Meld, ...]
    said: Message | None = attrs.field(default=None, eq=False, repr=False)

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        if self.ok:
            return "valid: " + " or ".join(str(m) for m in self.melds)
        return f"invalid: {self.reason}"

    @property
    def meld(self) -> Meld | None:
        """The first meld found (``None`` when invalid)."""
        return self.melds[0] if self.melds else None


_PLACED_RE = re.compile(r"([^\s,=]+)(?:=([RBGYP]?)([0-9]{0,2}))?", re.IGNORECASE)
_TOKEN_RE = re.compile(r"[^\s,]+")
_COLOR_BY_LETTER = {c.value: c for c in Color}


def parse_placed(
    text: str, *, rules: MeldRules | None = None
) -> tuple[tuple[Card, Value | None], ...]:
    """Parse cards where a wild may say what it stands for: ``W=7``, ``W=R``, ``W=R7``.

    With ``rules``, only the cards of their game are accepted (:attr:`MeldRules.game`).

    >>> parse_placed("R4 W=5 g6")
    ((Card.parse('R4'), None), (Card.parse('W'), Value(number=5, color=None)), (Card.parse('G6'), None))

    Raises:
        NotationError: a token is not a card (or not one of the rules' game), or a value is
            given for a card that is not a wild.
    """  # noqa: E501
    from phase10.cards import parse_card

    if not isinstance(text, str):
        raise NotationError(
            f"expected card notation as a str, got {type(text).__name__}",
            said=Message.of("notation.not-text"),
        )
    out: list[tuple[Card, Value | None]] = []
    for m in _TOKEN_RE.finditer(text):
        token = m.group(0)
        head, eq, tail = token.partition("=")
        try:
            card = parse_card(head, game=None if rules is None else rules.game)
        except NotationError as exc:
            # the card's own reason once, not its message quoting the card again
            why = str(exc).removeprefix(f"bad card {head!r} at position 0 in {head!r}: ")
            raise NotationError(
                f"bad card {head!r} at position {m.start()} in {text!r}: {why}",
                text=text,
                token=token,
                position=m.start(),
                said=exc.said,
            ) from None
        if not eq:
            out.append((card, None))
            continue
        vm = re.fullmatch(r"([RBGYP]?)([0-9]{0,2})", tail, re.IGNORECASE)
        if not card.is_wild or vm is None or not tail:
            raise NotationError(
                f"bad value {token!r} at position {m.start()} in {text!r}: only a wild takes "
                "a value, written W=7, W=R or W=R7",
                text=text,
                token=token,
                position=m.start(),
                said=Message.of("notation.only-wild-value"),
            )
        number = int(vm.group(2)) if vm.group(2) else None
        color = _COLOR_BY_LETTER[vm.group(1).upper()] if vm.group(1) else None
        out.append((card, Value(number, color)))
    return tuple(out)


def _foreign(cards: Iterable[Card], rules: MeldRules) -> str | None:
    """Why one of ``cards`` is not of the rules' game (the first such), or ``None``."""
    game = rules.game
    for card in cards:
        if not game.has(card):
            return game.refusal(card)
    return None


def _coerce_cards(
    cards: str | Iterable[Card | tuple[Card, Value | None]], rules: MeldRules
) -> tuple[tuple[Card, Value | None], ...]:
    if isinstance(cards, str):
        try:  # a syntax error lists only the notation of the rules' own cards
            return parse_placed(cards, rules=rules)
        except NotationError as exc:
            try:  # every token is a card, one of another game: check_meld says which
                return parse_placed(cards)
            except NotationError:
                raise exc from None
    out: list[tuple[Card, Value | None]] = []
    for item in cards:
        card: object = item  # anything may come from an untyped caller
        if isinstance(card, Card):
            out.append((card, None))
        elif (
            isinstance(card, tuple)
            and len(card) == 2
            and isinstance(card[0], Card)
            and (card[1] is None or isinstance(card[1], Value))
        ):
            out.append((card[0], card[1]))
        else:
            raise ArgumentError(f"expected Card objects or a notation string, got {card!r}")
    return tuple(out)


def _arrangements(
    placed: Sequence[tuple[Card, Value | None]], group: GroupType, rules: MeldRules
) -> list[Meld]:
    """Every meld of ``group`` that uses exactly these cards (respecting given wild values)."""
    index = shape_index(group, rules)
    n = len(placed)
    found: list[Meld] = []
    seen: set[tuple[tuple[Card, ...], tuple[Value, ...]]] = set()
    if n < group.size:
        return found
    naturals = sum(1 for c, _ in placed if c.kind is Kind.NUMBER)
    for rep in index.repeats:
        if naturals < rules.naturals_needed(rep):
            continue
        pattern = rep.pattern
        if not all(pattern.accepts(c) for c, _ in placed):
            continue
        pairs = sorted(
            ((c, pattern.value_for(c)) for c, _ in placed), key=lambda cv: cv[0].sort_key
        )
        if not _pins_match(placed, pairs):
            continue
        cards = tuple(c for c, _ in pairs)
        values = tuple(v for _, v in pairs)
        if (cards, values) not in seen:
            seen.add((cards, values))
            found.append(Meld(group, rep, cards, values))
    for slots in index.slots_by_length.get(n, ()):
        if naturals < rules.naturals_needed(slots):
            continue
        for order in _match_slots(placed, slots.patterns):
            cards = tuple(placed[i][0] for i in order)
            values = tuple(p.value_for(c) for p, c in zip(slots.patterns, cards, strict=True))
            if (cards, values) not in seen:
                seen.add((cards, values))
                found.append(Meld(group, slots, cards, values))
    return found


def _pins_match(
    placed: Sequence[tuple[Card, Value | None]], pairs: Sequence[tuple[Card, Value]]
) -> bool:
    pins = sorted(((c.sort_key, str(v)) for c, v in placed if v is not None), key=lambda kv: kv)
    if not pins:
        return True
    available = sorted((c.sort_key, str(v)) for c, v in pairs)
    pool = list(available)
    for pin in pins:
        if pin not in pool:
            return False
        pool.remove(pin)
    return True


def _match_slots(
    placed: Sequence[tuple[Card, Value | None]], patterns: tuple[Pattern, ...]
) -> Iterator[tuple[int, ...]]:
    """Assign each placed card to one slot; yields distinct assignments (by card values)."""
    n = len(patterns)
    used = [False] * n
    order: list[int] = []

    def rec(slot: int) -> Iterator[tuple[int, ...]]:
        if slot == n:
            yield tuple(order)
            return
        pattern = patterns[slot]
        tried: set[Card] = set()
        for i, (card, pin) in enumerate(placed):
            if used[i] or card in tried or not pattern.accepts(card):
                continue
            if pin is not None and pattern.value_for(card) != pin:
                continue
            tried.add(card)
            used[i] = True
            order.append(i)
            yield from rec(slot + 1)
            order.pop()
            used[i] = False

    return rec(0)


def check_meld(
    cards: str | Iterable[Card | tuple[Card, Value | None]],
    group: GroupType,
    *,
    rules: MeldRules = CLASSIC_MELD_RULES,
) -> Verdict:
    """Check whether ``cards`` (all of them, in any order) form a valid ``group``.

    ``cards`` is a sequence of :class:`~phase10.Card` or a notation string; in a string a wild
    may be pinned to a value (``W=7``), and so may it in a sequence of the ``(card, value)``
    pairs that :func:`parse_placed` returns (``None``: not pinned). A card that the rules'
    game does not have is refused with :attr:`MeldProblem.NOT_IN_DECK
    <phase10.MeldProblem.NOT_IN_DECK>`, e.g. ``QH is not a card of the classic game``.

    >>> bool(check_meld("R3 B4 W G6", RunOf(4)))
    True
    >>> print(check_meld("R3 B4 W G6", RunOf(4)))
    valid: R3 B4 W=5 G6
    >>> print(check_meld("R7 B7 S", SetOf(3)))
    invalid: a skip can never be part of a group

    Wilds alone (C-17): the classic rules ask for a natural card in the *phase*, not in each
    group, so a group checked alone may be all wilds; the phase's minimum is checked when a
    phase is laid down (:meth:`phase10.Phase.problem`, the laydown search and the engine).
    Only ``natural_minimum=GROUP`` refuses the group itself:

    >>> bool(check_meld("W W W", SetOf(3)))
    True
    >>> per_group = MeldRules(natural_minimum=NaturalScope.GROUP)
    >>> check_meld("W W W", SetOf(3), rules=per_group).problem
    MeldProblem.TOO_FEW_NATURALS

    Raises:
        NotationError: ``cards`` is a string that is not valid notation; the message lists
            the notation of the rules' game only.
        ArgumentError: ``cards`` holds something that is neither a :class:`~phase10.Card` nor a
            ``(card, value)`` pair.
    """
    return _judge(_coerce_cards(cards, rules), group, rules)


def _judge(
    placed: Sequence[tuple[Card, Value | None]], group: GroupType, rules: MeldRules
) -> Verdict:
    """:func:`check_meld` of cards already read: the one judge of cards as a group."""
    foreign = _foreign((c for c, _ in placed), rules)
    if foreign is not None:
        strangers = tuple(dict.fromkeys(str(c) for c, _ in placed if not rules.game.has(c)))
        said = Message.of("meld.not-in-deck", cards=strangers, count=len(strangers))
        return Verdict(False, MeldProblem.NOT_IN_DECK, foreign, (), said)
    melds = _arrangements(placed, group, rules)
    if melds:
        return Verdict(True, None, "", tuple(melds))
    problem, said = _diagnose(placed, group, rules)
    return Verdict(False, problem, _sentence(said), (), said)


def _sentence(said: Message) -> str:
    """The English reason of a verdict: the message, lower case first, without its stop."""
    text = said.text().removesuffix(".")
    return text[:1].lower() + text[1:]


def group_message(group: GroupType, count: int = 1) -> Message:
    """The name of ``group`` (``count`` of them) as a :class:`~phase10.Message` to translate.

    >>> group_message(SetOf(3)).text(), group_message(RunOf(4), 2).text()
    ('set of 3', '2 runs of 4')

    A group type of one's own is named by its ``str()``, untranslated.
    """
    keys = {SetOf: "group.set", RunOf: "group.run", ColorGroupOf: "group.color"}
    key = keys.get(type(group), "group.color-run" if isinstance(group, ColorRunOf) else None)
    size = getattr(group, "size", None)
    if key is None or not isinstance(size, int):
        text = str(group) if count == 1 else f"{count} x {group}"
        return Message.of("text", text=text)
    return Message.of(key, size=size, count=count)


def _named(group: GroupType) -> str:
    """A group type's description as a noun that reads after "a" or "the".

    ``str(ColorGroupOf(7))`` is "7 cards of one colour", so messages say "a group of 7 cards
    of one colour" where they say "a set of 3".
    """
    text = str(group)
    return f"group of {text}" if text[:1].isdigit() else text


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _diagnose(
    placed: Sequence[tuple[Card, Value | None]], group: GroupType, rules: MeldRules
) -> tuple[MeldProblem, Message]:
    cards = [c for c, _ in placed]
    name = group_message(group)
    if any(c.kind is Kind.SKIP for c in cards):  # rule C-19
        return MeldProblem.SKIP, Message.of("meld.skip")
    if len(cards) < group.size:  # rule C-9
        said = Message.of("meld.too-few-cards", group=name, count=group.size, got=len(cards))
        return MeldProblem.TOO_FEW_CARDS, said
    index = shape_index(group, rules)
    naturals = [c for c in cards if c.kind is Kind.NUMBER]
    shapes: list[Shape] = [*index.repeats, *index.slots_by_length.get(len(cards), ())]
    if shapes and all(len(naturals) < rules.naturals_needed(s) for s in shapes):  # rule C-17
        need = min(rules.naturals_needed(s) for s in shapes)
        said = Message.of("meld.too-few-naturals", group=name, count=need, got=len(naturals))
        return MeldProblem.TOO_FEW_NATURALS, said
    numbers = sorted({c.number for c in naturals if c.number is not None})
    colors = sorted({c.color for c in naturals if c.color is not None}, key=lambda c: c.value)
    is_set = isinstance(group, SetOf)
    is_color = isinstance(group, ColorGroupOf | ColorRunOf)
    is_run = isinstance(group, RunOf | ColorRunOf)
    if is_set and len(numbers) > 1:  # rule C-6
        return MeldProblem.MIXED_NUMBERS, Message.of("meld.mixed-numbers", numbers=tuple(numbers))
    if is_color and len(colors) > 1:  # rule C-8
        names = tuple(Message.of(f"color.{c.value}") for c in colors)
        return MeldProblem.MIXED_COLORS, Message.of("meld.mixed-colors", group=name, colors=names)
    if is_run:
        seen: set[int] = set()
        for c in naturals:
            if c.number in seen:  # rule C-7
                said = Message.of("meld.repeated-number", number=c.number or 0)
                return MeldProblem.REPEATED_NUMBER, said
            seen.add(c.number)  # type: ignore[arg-type]
        if len(cards) > rules.max_number:
            said = Message.of("meld.too-long", max=rules.max_number, got=len(cards))
            return MeldProblem.TOO_LONG, said
        if numbers and numbers[-1] - numbers[0] + 1 > len(cards):
            if not rules.runs_wrap and rules.max_number in numbers and 1 in numbers:
                wrapped = MeldRules(
                    max_number=rules.max_number,
                    colors=rules.colors,
                    runs_wrap=True,
                    natural_minimum=rules.natural_minimum,
                    naturals_in_sets=rules.naturals_in_sets,
                    naturals_in_runs=rules.naturals_in_runs,
                )
                if _arrangements(placed, group, wrapped):
                    return MeldProblem.NO_WRAP, Message.of("meld.no-wrap", max=rules.max_number)
            said = Message.of("meld.gap", low=numbers[0], high=numbers[-1], count=len(cards))
            return MeldProblem.GAP, said
    if any(v is not None for _, v in placed):
        unpinned = [(c, None) for c, _ in placed]
        if _arrangements(unpinned, group, rules):
            pins = tuple(_placed_str(c, v) for c, v in placed if v is not None)
            # the named group of the others (a set of 7s), so a player sees what to give
            said = Message.of("meld.wild-value", pins=pins, count=len(pins), group=name)
            return MeldProblem.WILD_VALUE, said
    return MeldProblem.NO_FIT, Message.of("meld.no-fit", group=name)
