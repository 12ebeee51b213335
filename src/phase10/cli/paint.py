"""Cards on the terminal: whether to colour them, and the ANSI colours."""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import TextIO

import attrs

from phase10.cards import Card, Color, Kind
from phase10.groups import Meld
from phase10.phases import PhaseMelds

__all__ = ["Palette", "use_color"]

_RESET = "\x1b[0m"
_CODES: dict[Color, str] = {
    Color.RED: "\x1b[31m",
    Color.BLUE: "\x1b[34m",
    Color.GREEN: "\x1b[32m",
    Color.YELLOW: "\x1b[33m",
    Color.PURPLE: "\x1b[35m",
    Color.HEARTS: "\x1b[31m",
    Color.DIAMONDS: "\x1b[31m",
}
_WILD = "\x1b[1;7m"
_SKIP = "\x1b[1m"
_ACTION = "\x1b[36m"


def use_color(stream: TextIO, *, choice: str = "auto") -> bool:
    """Whether to colour output on ``stream``: ``always``, ``never``, or ``auto``.

    ``auto`` colours only a terminal, and never when the ``NO_COLOR`` environment variable
    is set to anything but the empty string (https://no-color.org).
    """
    if choice == "always":
        return True
    if choice == "never" or os.environ.get("NO_COLOR"):
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


@attrs.frozen(kw_only=True)
class Palette:
    """Writes cards, with ANSI colours when ``color`` is true."""

    color: bool = False

    def card(self, card: Card, *, text: str | None = None) -> str:
        """``card`` in notation (or ``text``), coloured by its colour or kind."""
        text = str(card) if text is None else text
        if not self.color:
            return text
        if card.kind is Kind.NUMBER:
            code = _CODES.get(card.color) if card.color is not None else None
        elif card.kind is Kind.WILD:
            code = _WILD
        elif card.kind is Kind.SKIP:
            code = _SKIP
        else:
            code = _ACTION
        return f"{code}{text}{_RESET}" if code else text

    def cards(self, cards: Iterable[Card]) -> str:
        """Cards separated by spaces."""
        return " ".join(self.card(c) for c in cards)

    def meld(self, meld: Meld) -> str:
        """A meld as in notation (``R7 B7 W=7``), coloured."""
        parts = []
        for card, value in zip(meld.cards, meld.values, strict=True):
            text = f"{card}={value}" if card.kind is Kind.WILD and str(value) else str(card)
            parts.append(self.card(card, text=text))
        return " ".join(parts)

    def laydown(self, laydown: PhaseMelds) -> str:
        """A laydown's melds separated by ``|``."""
        return " | ".join(self.meld(m) for m in laydown.melds)
