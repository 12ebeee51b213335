"""Penalty points for the cards left in a hand when it ends (C-23)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from phase10._checks import is_whole
from phase10.cards import Card, Kind
from phase10.errors import DefinitionError

__all__ = ["CLASSIC_SCORING", "Scoring", "hand_points"]


def _non_negative(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is None and attribute.name == "per_card":
        return
    if not is_whole(value, 0):
        raise DefinitionError(f"{attribute.name} must be a whole number >= 0, got {value!r}")


@attrs.frozen(kw_only=True, cache_hash=True)
class Scoring:
    """How many penalty points each card left in hand is worth.

    The defaults are the classic values (C-23): numbers below ``high_from`` score ``low`` (5),
    the others ``high`` (10), a skip 15 and a wild 25. With ``per_card`` set, every card
    scores that many points whatever it is (Phase 10 Master, M-8).

    >>> from phase10.cards import parse_cards
    >>> CLASSIC_SCORING.hand_points(parse_cards("R1 B9 G10 Y12 S W"))
    70
    >>> Scoring(per_card=1).hand_points(parse_cards("R1 W S"))
    3

    Raises:
        DefinitionError: a field is negative or not a whole number.
    """

    low: int = attrs.field(default=5, validator=_non_negative)
    high: int = attrs.field(default=10, validator=_non_negative)
    high_from: int = attrs.field(default=10, validator=_non_negative)
    skip: int = attrs.field(default=15, validator=_non_negative)
    wild: int = attrs.field(default=25, validator=_non_negative)
    per_card: int | None = attrs.field(default=None, validator=_non_negative)

    def card_points(self, card: Card) -> int:
        """The penalty points of one card."""
        if self.per_card is not None:
            return self.per_card
        if card.kind is Kind.NUMBER:
            assert card.number is not None
            return self.high if card.number >= self.high_from else self.low
        if card.kind is Kind.WILD:
            return self.wild
        return self.skip

    def hand_points(self, cards: Iterable[Card]) -> int:
        """The penalty points of all ``cards``."""
        return sum(self.card_points(c) for c in cards)


#: Classic scoring (C-23).
CLASSIC_SCORING = Scoring()


def hand_points(cards: Iterable[Card], *, scoring: Scoring = CLASSIC_SCORING) -> int:
    """Penalty points of ``cards`` (classic scoring unless ``scoring`` says otherwise, C-23).

    >>> from phase10.cards import parse_cards
    >>> hand_points(parse_cards("R7 B11 W"))
    40
    """
    return scoring.hand_points(cards)
