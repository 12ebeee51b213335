"""Actions: what a player or chance does, as immutable values whose ``str()`` is notation.

Every field is checked for its type when an action is built (:class:`~phase10.InvalidActionError`
otherwise); whether a well-formed action is legal is for :mod:`phase10.rules` to say.

This module is also the one list of the kinds of action, :data:`ACTION_TYPES`, and each class
carries what the codecs need to know of its kind, as class constants (not attrs fields: they
take no part in equality, ``repr`` or JSON): ``tag``, its ``"action"`` tag in JSON; ``verbs``,
its verb in notation (``str()`` writes ``verbs[0]``); ``is_chance``, whether chance plays it
rather than a player (then it has no ``player`` field); and ``operands``, what its notation
writes after the verb (:class:`Operands`). Notation, JSON, the JSON schemas, records, the
rules and the table read these instead of keeping lists of their own, so a new kind of
action is a new class here and its place in :data:`ACTION_TYPES`.

>>> Draw.tag, Draw.verbs, Draw.is_chance, Draw.operands
('draw', ('draw',), False, Operands.NONE)
>>> [t.tag for t in ACTION_TYPES if t.is_chance]
['deal', 'turnup', 'reveal', 'reshuffle']
"""

from __future__ import annotations

import enum
from typing import Any, ClassVar, cast

import attrs

from phase10._enums import member_repr
from phase10.cards import Card
from phase10.errors import InvalidActionError
from phase10.groups import End, Value
from phase10.phases import PhaseMelds

__all__ = [
    "ACTION_TYPES",
    "CHANCE_ACTION_TYPES",
    "PLAYER_ACTION_TYPES",
    "Action",
    "Announce",
    "ChanceAction",
    "Deal",
    "Discard",
    "Draw",
    "DrawTwo",
    "Hit",
    "Keep",
    "KeepHand",
    "LayDown",
    "Offer",
    "Operands",
    "PlayerAction",
    "Reshuffle",
    "Reveal",
    "TakeDiscard",
    "TakeOffer",
    "TurnUp",
    "action_target",
    "seat_name",
]


class Operands(enum.Enum):
    """What an action's notation writes after its verb: how the notation reader reads it.

    The grammar of each is in :doc:`/reference/action-notation`.
    """

    #: Nothing (``p1 draw``, ``reshuffle``). A kind with two verbs has one more field, a
    #: bool, True for the first verb (``p1 keephand``) and False for the second.
    NONE = "none"
    #: One card (``p1 keep R7``, ``deal R7``).
    CARD = "card"
    #: A seat and a card (``p1 choose p2 R7``).
    SEAT_CARD = "seat card"
    #: A card and, for a skip, ``>`` and its target (``p1 discard S>p3``).
    DISCARD = "discard"
    #: A meld, a card with its value and an end (``p1 hit p2.1 W=7 low``).
    HIT = "hit"
    #: The melds of a phase (``p1 lay R7 B7 W=7 | G2 G3 G4 Y5``).
    LAYDOWN = "laydown"
    #: ``keep`` or ``redraw``, then the melds of a phase (``p1 announce keep R7 B7 ...``).
    ANNOUNCE = "announce"

    __repr__ = member_repr


def seat_name(seat: int) -> str:
    """How seat ``seat`` is written in text: seats are 0-based in code, ``p1``, ``p2``, ... in text.

    >>> seat_name(0), seat_name(3)
    ('p1', 'p4')
    """
    return f"p{seat + 1}"


# The validators test the exact type first: actions are built in the hot path of
# legal_actions(), and ``type(x) is C`` is the cheapest check that passes there.


def _refuse(inst: object, attribute: attrs.Attribute[Any], value: object, wanted: str) -> None:
    raise InvalidActionError(
        f"{type(inst).__name__}.{attribute.name} must be {wanted}, got {value!r}"
    )


def _int(inst: object, attribute: attrs.Attribute[Any], value: object) -> None:
    # seats and meld numbers; their range depends on the game, so the rules check it
    if type(value) is not int and (not isinstance(value, int) or isinstance(value, bool)):
        _refuse(inst, attribute, value, "an int")


def _target(inst: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not None and (
        type(value) is not int and (not isinstance(value, int) or isinstance(value, bool))
    ):
        _refuse(inst, attribute, value, "an int (a seat) or None")


def _card(inst: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not Card and not isinstance(value, Card):
        _refuse(inst, attribute, value, "a Card")


def _value(inst: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not Value and not isinstance(value, Value):
        _refuse(inst, attribute, value, "a Value")


def _end(inst: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not End:
        _refuse(inst, attribute, value, "an End")


def _laydown(inst: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, PhaseMelds):
        _refuse(inst, attribute, value, "a PhaseMelds")


def _bool(inst: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not bool:
        _refuse(inst, attribute, value, "True or False")


@attrs.frozen(cache_hash=True)
class Draw:
    """Draw the top card of the draw pile (C-11); chance then reveals which card it is.

    >>> str(Draw(0))
    'p1 draw'
    """

    tag: ClassVar[str] = "draw"
    verbs: ClassVar[tuple[str, ...]] = ("draw",)
    is_chance: ClassVar[bool] = False
    operands: ClassVar[Operands] = Operands.NONE

    player: int = attrs.field(validator=_int)

    def __str__(self) -> str:
        return f"{seat_name(self.player)} {self.verbs[0]}"


@attrs.frozen(cache_hash=True)
class TakeDiscard:
    """Take the top card of the discard pile (C-11); never a skip (C-19).

    >>> str(TakeDiscard(1))
    'p2 take'
    """

    tag: ClassVar[str] = "take"
    verbs: ClassVar[tuple[str, ...]] = ("take",)
    is_chance: ClassVar[bool] = False
    operands: ClassVar[Operands] = Operands.NONE

    player: int = attrs.field(validator=_int)

    def __str__(self) -> str:
        return f"{seat_name(self.player)} {self.verbs[0]}"


@attrs.frozen(cache_hash=True)
class LayDown:
    """Lay down the whole current phase at once (C-10, C-12)."""

    tag: ClassVar[str] = "lay"
    verbs: ClassVar[tuple[str, ...]] = ("lay",)
    is_chance: ClassVar[bool] = False
    operands: ClassVar[Operands] = Operands.LAYDOWN

    player: int = attrs.field(validator=_int)
    laydown: PhaseMelds = attrs.field(validator=_laydown)

    def __str__(self) -> str:
        return f"{seat_name(self.player)} {self.verbs[0]} {self.laydown}"


@attrs.frozen(cache_hash=True)
class Hit:
    """Add one card from hand to a meld on the table (C-14).

    ``owner`` and ``meld`` name the meld (seat, 0-based index among that seat's melds);
    ``value`` is what the card stands for and ``end`` where it goes (a run's low or high
    end, ``End.ANY`` for set-like groups), so a wild's reading is explicit (C-18).
    """

    tag: ClassVar[str] = "hit"
    verbs: ClassVar[tuple[str, ...]] = ("hit",)
    is_chance: ClassVar[bool] = False
    operands: ClassVar[Operands] = Operands.HIT

    player: int = attrs.field(validator=_int)
    owner: int = attrs.field(validator=_int)
    meld: int = attrs.field(validator=_int)
    card: Card = attrs.field(validator=_card)
    value: Value = attrs.field(validator=_value)
    end: End = attrs.field(validator=_end)

    def __str__(self) -> str:
        card = (
            f"{self.card}={self.value}" if self.card.is_wild and str(self.value) else str(self.card)
        )
        where = "" if self.end is End.ANY else f" {self.end.value}"
        meld = f"{seat_name(self.owner)}.{self.meld + 1}"
        return f"{seat_name(self.player)} {self.verbs[0]} {meld} {card}{where}"


@attrs.frozen(cache_hash=True)
class Discard:
    """Discard one card face up, ending the turn (C-13).

    A skip names its ``target`` (C-19), or ``None`` when it can skip nobody (C-20).

    >>> from phase10.cards import SKIP
    >>> str(Discard(0, SKIP, target=2))
    'p1 discard S>p3'
    """

    tag: ClassVar[str] = "discard"
    verbs: ClassVar[tuple[str, ...]] = ("discard",)
    is_chance: ClassVar[bool] = False
    operands: ClassVar[Operands] = Operands.DISCARD

    player: int = attrs.field(validator=_int)
    card: Card = attrs.field(validator=_card)
    target: int | None = attrs.field(default=None, validator=_target)

    def __str__(self) -> str:
        target = "" if self.target is None else f">{seat_name(self.target)}"
        return f"{seat_name(self.player)} {self.verbs[0]} {self.card}{target}"


@attrs.frozen(cache_hash=True)
class DrawTwo:
    """Phase 10 Master, with a Take two in front: draw two cards instead of one (M-12).

    >>> str(DrawTwo(0))
    'p1 draw2'
    """

    tag: ClassVar[str] = "draw2"
    verbs: ClassVar[tuple[str, ...]] = ("draw2",)
    is_chance: ClassVar[bool] = False
    operands: ClassVar[Operands] = Operands.NONE

    player: int = attrs.field(validator=_int)

    def __str__(self) -> str:
        return f"{seat_name(self.player)} {self.verbs[0]}"


@attrs.frozen(cache_hash=True)
class Keep:
    """Phase 10 Master: keep one card of a Take two draw; the other is discarded (M-12)."""

    tag: ClassVar[str] = "keep"
    verbs: ClassVar[tuple[str, ...]] = ("keep",)
    is_chance: ClassVar[bool] = False
    operands: ClassVar[Operands] = Operands.CARD

    player: int = attrs.field(validator=_int)
    card: Card = attrs.field(validator=_card)

    def __str__(self) -> str:
        return f"{seat_name(self.player)} {self.verbs[0]} {self.card}"


@attrs.frozen(cache_hash=True)
class Offer:
    """Phase 10 Master: an opponent offers a card face up after a Give five (M-15)."""

    tag: ClassVar[str] = "offer"
    verbs: ClassVar[tuple[str, ...]] = ("offer",)
    is_chance: ClassVar[bool] = False
    operands: ClassVar[Operands] = Operands.CARD

    player: int = attrs.field(validator=_int)
    card: Card = attrs.field(validator=_card)

    def __str__(self) -> str:
        return f"{seat_name(self.player)} {self.verbs[0]} {self.card}"


@attrs.frozen(cache_hash=True)
class TakeOffer:
    """Phase 10 Master: the player of a Give five takes one offered card (M-15)."""

    tag: ClassVar[str] = "choose"
    verbs: ClassVar[tuple[str, ...]] = ("choose",)
    is_chance: ClassVar[bool] = False
    operands: ClassVar[Operands] = Operands.SEAT_CARD

    player: int = attrs.field(validator=_int)
    owner: int = attrs.field(validator=_int)
    card: Card = attrs.field(validator=_card)

    def __str__(self) -> str:
        return f"{seat_name(self.player)} {self.verbs[0]} {seat_name(self.owner)} {self.card}"


@attrs.frozen(cache_hash=True)
class KeepHand:
    """Phase 10 Master: whether a player with Keep all in front keeps their hand (M-13).

    Decided when the hand ends; a kept hand goes into the next hand and is dealt nothing.
    """

    tag: ClassVar[str] = "keephand"
    verbs: ClassVar[tuple[str, ...]] = ("keephand", "releasehand")
    is_chance: ClassVar[bool] = False
    operands: ClassVar[Operands] = Operands.NONE

    player: int = attrs.field(validator=_int)
    keep: bool = attrs.field(validator=_bool)

    def __str__(self) -> str:
        return f"{seat_name(self.player)} {self.verbs[0 if self.keep else 1]}"


@attrs.frozen(cache_hash=True)
class Announce:
    """In "10 Phases", show the current phase from hand (T-4).

    With ``keep`` the cards stay in hand; without, they are discarded and as many drawn.
    """

    tag: ClassVar[str] = "announce"
    verbs: ClassVar[tuple[str, ...]] = ("announce",)
    is_chance: ClassVar[bool] = False
    operands: ClassVar[Operands] = Operands.ANNOUNCE

    player: int = attrs.field(validator=_int)
    laydown: PhaseMelds = attrs.field(validator=_laydown)
    keep: bool = attrs.field(validator=_bool)

    def __str__(self) -> str:
        how = "keep" if self.keep else "redraw"
        return f"{seat_name(self.player)} {self.verbs[0]} {how} {self.laydown}"


@attrs.frozen(cache_hash=True)
class Deal:
    """Chance: the next card dealt (C-3); it goes to the next player in dealing order."""

    tag: ClassVar[str] = "deal"
    verbs: ClassVar[tuple[str, ...]] = ("deal",)
    is_chance: ClassVar[bool] = True
    operands: ClassVar[Operands] = Operands.CARD

    card: Card = attrs.field(validator=_card)

    def __str__(self) -> str:
        return f"{self.verbs[0]} {self.card}"


@attrs.frozen(cache_hash=True)
class TurnUp:
    """Chance: the card turned up to start the discard pile (C-3, C-21)."""

    tag: ClassVar[str] = "turnup"
    verbs: ClassVar[tuple[str, ...]] = ("turnup",)
    is_chance: ClassVar[bool] = True
    operands: ClassVar[Operands] = Operands.CARD

    card: Card = attrs.field(validator=_card)

    def __str__(self) -> str:
        return f"{self.verbs[0]} {self.card}"


@attrs.frozen(cache_hash=True)
class Reveal:
    """Chance: a card drawn from the draw pile.

    It goes to the player to act, or to whoever must draw (the giver of a Give five, M-15).
    """

    tag: ClassVar[str] = "reveal"
    verbs: ClassVar[tuple[str, ...]] = ("reveal",)
    is_chance: ClassVar[bool] = True
    operands: ClassVar[Operands] = Operands.CARD

    card: Card = attrs.field(validator=_card)

    def __str__(self) -> str:
        return f"{self.verbs[0]} {self.card}"


@attrs.frozen(cache_hash=True)
class Reshuffle:
    """Chance: the discard pile but its top card becomes the draw pile (C-16).

    The draw pile is kept as an unordered multiset and each draw is its own chance event,
    so the reshuffle has a single outcome.
    """

    tag: ClassVar[str] = "reshuffle"
    verbs: ClassVar[tuple[str, ...]] = ("reshuffle",)
    is_chance: ClassVar[bool] = True
    operands: ClassVar[Operands] = Operands.NONE

    def __str__(self) -> str:
        return self.verbs[0]


PlayerAction = (
    Draw
    | TakeDiscard
    | LayDown
    | Hit
    | Discard
    | DrawTwo
    | Keep
    | Offer
    | TakeOffer
    | KeepHand
    | Announce
)
ChanceAction = Deal | TurnUp | Reveal | Reshuffle
Action = PlayerAction | ChanceAction

#: Every kind of action, players' first, in the order of :data:`Action`: the one list that
#: notation, JSON, the schemas, records, the rules and the table read.
ACTION_TYPES: tuple[type[Action], ...] = (
    Draw,
    TakeDiscard,
    LayDown,
    Hit,
    Discard,
    DrawTwo,
    Keep,
    Offer,
    TakeOffer,
    KeepHand,
    Announce,
    Deal,
    TurnUp,
    Reveal,
    Reshuffle,
)
#: The kinds of :data:`ACTION_TYPES` that a player plays (each has a ``player`` field).
PLAYER_ACTION_TYPES = cast(
    "tuple[type[PlayerAction], ...]", tuple(t for t in ACTION_TYPES if not t.is_chance)
)
#: The kinds of :data:`ACTION_TYPES` that chance plays (:attr:`is_chance <Deal.is_chance>`).
CHANCE_ACTION_TYPES = cast(
    "tuple[type[ChanceAction], ...]", tuple(t for t in ACTION_TYPES if t.is_chance)
)


def action_target(action: object) -> str | None:
    """What an action aims at, in notation: a hit's meld (``p2.1``), a skip's seat (``p3``).

    The one place that says it: an :class:`~phase10.IllegalActionError`'s ``target`` and a
    table payload's moves (:meth:`phase10.table.Table.payload`) both write it so.

    >>> action_target(Discard(0, Card.parse("S"), target=2)), action_target(Draw(0))
    ('p3', None)
    """
    if isinstance(action, Hit):
        return f"{seat_name(action.owner)}.{action.meld + 1}"
    if isinstance(action, Discard) and action.target is not None:
        return seat_name(action.target)
    return None
