"""Actions: what a player or chance does, as immutable values whose ``str()`` is notation.

Every field is checked for its type when an action is built (:class:`~phase10.InvalidActionError`
otherwise); whether a well-formed action is legal is for :mod:`phase10.rules` to say.
"""

from __future__ import annotations

from typing import Any

import attrs

from phase10.cards import Card
from phase10.errors import InvalidActionError
from phase10.groups import End, Value
from phase10.phases import PhaseMelds

__all__ = [
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
    "PlayerAction",
    "Reshuffle",
    "Reveal",
    "TakeDiscard",
    "TakeOffer",
    "TurnUp",
    "seat_name",
]


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

    player: int = attrs.field(validator=_int)

    def __str__(self) -> str:
        return f"{seat_name(self.player)} draw"


@attrs.frozen(cache_hash=True)
class TakeDiscard:
    """Take the top card of the discard pile (C-11); never a skip (C-19).

    >>> str(TakeDiscard(1))
    'p2 take'
    """

    player: int = attrs.field(validator=_int)

    def __str__(self) -> str:
        return f"{seat_name(self.player)} take"


@attrs.frozen(cache_hash=True)
class LayDown:
    """Lay down the whole current phase at once (C-10, C-12)."""

    player: int = attrs.field(validator=_int)
    laydown: PhaseMelds = attrs.field(validator=_laydown)

    def __str__(self) -> str:
        return f"{seat_name(self.player)} lay {self.laydown}"


@attrs.frozen(cache_hash=True)
class Hit:
    """Add one card from hand to a meld on the table (C-14).

    ``owner`` and ``meld`` name the meld (seat, 0-based index among that seat's melds);
    ``value`` is what the card stands for and ``end`` where it goes (a run's low or high
    end, ``End.ANY`` for set-like groups), so a wild's reading is explicit (C-18).
    """

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
        return f"{seat_name(self.player)} hit {seat_name(self.owner)}.{self.meld + 1} {card}{where}"


@attrs.frozen(cache_hash=True)
class Discard:
    """Discard one card face up, ending the turn (C-13).

    A skip names its ``target`` (C-19), or ``None`` when it can skip nobody (C-20).

    >>> from phase10.cards import SKIP
    >>> str(Discard(0, SKIP, target=2))
    'p1 discard S>p3'
    """

    player: int = attrs.field(validator=_int)
    card: Card = attrs.field(validator=_card)
    target: int | None = attrs.field(default=None, validator=_target)

    def __str__(self) -> str:
        target = "" if self.target is None else f">{seat_name(self.target)}"
        return f"{seat_name(self.player)} discard {self.card}{target}"


@attrs.frozen(cache_hash=True)
class DrawTwo:
    """Phase 10 Master, with a Take two in front: draw two cards instead of one (M-12).

    >>> str(DrawTwo(0))
    'p1 draw2'
    """

    player: int = attrs.field(validator=_int)

    def __str__(self) -> str:
        return f"{seat_name(self.player)} draw2"


@attrs.frozen(cache_hash=True)
class Keep:
    """Phase 10 Master: keep one card of a Take two draw; the other is discarded (M-12)."""

    player: int = attrs.field(validator=_int)
    card: Card = attrs.field(validator=_card)

    def __str__(self) -> str:
        return f"{seat_name(self.player)} keep {self.card}"


@attrs.frozen(cache_hash=True)
class Offer:
    """Phase 10 Master: an opponent offers a card face up after a Give five (M-15)."""

    player: int = attrs.field(validator=_int)
    card: Card = attrs.field(validator=_card)

    def __str__(self) -> str:
        return f"{seat_name(self.player)} offer {self.card}"


@attrs.frozen(cache_hash=True)
class TakeOffer:
    """Phase 10 Master: the player of a Give five takes one offered card (M-15)."""

    player: int = attrs.field(validator=_int)
    owner: int = attrs.field(validator=_int)
    card: Card = attrs.field(validator=_card)

    def __str__(self) -> str:
        return f"{seat_name(self.player)} choose {seat_name(self.owner)} {self.card}"


@attrs.frozen(cache_hash=True)
class KeepHand:
    """Phase 10 Master: whether a player with Keep all in front keeps their hand (M-13).

    Decided when the hand ends; a kept hand goes into the next hand and is dealt nothing.
    """

    player: int = attrs.field(validator=_int)
    keep: bool = attrs.field(validator=_bool)

    def __str__(self) -> str:
        return f"{seat_name(self.player)} {'keephand' if self.keep else 'releasehand'}"


@attrs.frozen(cache_hash=True)
class Announce:
    """In "10 Phases", show the current phase from hand (T-4).

    With ``keep`` the cards stay in hand; without, they are discarded and as many drawn.
    """

    player: int = attrs.field(validator=_int)
    laydown: PhaseMelds = attrs.field(validator=_laydown)
    keep: bool = attrs.field(validator=_bool)

    def __str__(self) -> str:
        how = "keep" if self.keep else "redraw"
        return f"{seat_name(self.player)} announce {how} {self.laydown}"


@attrs.frozen(cache_hash=True)
class Deal:
    """Chance: the next card dealt (C-3); it goes to the next player in dealing order."""

    card: Card = attrs.field(validator=_card)

    def __str__(self) -> str:
        return f"deal {self.card}"


@attrs.frozen(cache_hash=True)
class TurnUp:
    """Chance: the card turned up to start the discard pile (C-3, C-21)."""

    card: Card = attrs.field(validator=_card)

    def __str__(self) -> str:
        return f"turnup {self.card}"


@attrs.frozen(cache_hash=True)
class Reveal:
    """Chance: a card drawn from the draw pile.

    It goes to the player to act, or to whoever must draw (the giver of a Give five, M-15).
    """

    card: Card = attrs.field(validator=_card)

    def __str__(self) -> str:
        return f"reveal {self.card}"


@attrs.frozen(cache_hash=True)
class Reshuffle:
    """Chance: the discard pile but its top card becomes the draw pile (C-16).

    The draw pile is kept as an unordered multiset and each draw is its own chance event,
    so the reshuffle has a single outcome.
    """

    def __str__(self) -> str:
        return "reshuffle"


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
