"""The layout shared by the action ids and the observation vectors (internal).

:func:`layout_of` works out, once per variant and player count, where each block of action
ids and each part of the observation vector starts; :mod:`phase10.encoding` and
:mod:`phase10.observation` both read it, so the two can never disagree on the card order.
"""

from __future__ import annotations

import attrs

from phase10._fast import lru_cache
from phase10.cards import Card, Color, Kind, sort_cards
from phase10.groups import End
from phase10.state import TurnStep
from phase10.variants import Variant

__all__ = ["COLORS", "ENDS", "NC", "STEPS", "STEP_INDEX", "Layout", "card_position", "layout_of"]

#: Every colour, in the order of the value ids (0 is "no colour").
COLORS = tuple(Color)
NC = len(COLORS) + 1
ENDS = (End.LOW, End.HIGH, End.ANY)
STEPS = tuple(TurnStep)
STEP_INDEX = {step: i for i, step in enumerate(STEPS)}


@attrs.frozen
class Layout:
    """Where each block of ids and each part of the observation starts, for one game size."""

    cards: tuple[Card, ...]
    naturals: tuple[Card, ...]
    wilds: tuple[Card, ...]
    card_index: dict[Card, int]
    id_index: dict[int, int]
    natural_index: dict[Card, int]
    wild_index: dict[Card, int]
    players: int
    groups: int
    phases: int
    values: int
    offsets: dict[str, int]
    size: int
    deck_size: int  # the deck for this many players (at least 1: a divisor)
    observation_size: int


@lru_cache(
    maxsize=64,
    key="`(Variant, players)`",
    why="the id layout is derived from the variant and the player count only",
)
def layout_of(variant: Variant, players: int) -> Layout:
    """The layout of ``variant`` with ``players`` seats (cached)."""
    cards = tuple(dict.fromkeys(sort_cards(variant.deck_for(variant.max_players))))
    naturals = tuple(c for c in cards if c.kind is Kind.NUMBER)
    wilds = tuple(c for c in cards if c.kind is Kind.WILD)
    k = len(cards)
    g = max(len(p.groups) for p in variant.phases)
    v = (variant.meld_rules.max_number + 1) * NC
    blocks = [
        ("draw", 1),
        ("take", 1),
        ("draw2", 1),
        ("discard", k * (players + 1)),
        ("hit", players * g * k * len(ENDS)),
        ("keep", k),
        ("offer", k),
        ("take_offer", players * k),
        ("keep_hand", 2),
        ("phase", len(variant.phases)),
        ("select_natural", g * len(naturals)),
        ("select_wild", g * len(wilds) * v),
        ("confirm", 3),
        ("chance_card", k),
        ("reshuffle", 1),
    ]
    offsets: dict[str, int] = {}
    total = 0
    for name, size in blocks:
        offsets[name] = total
        total += size
    seat = 10 + len(variant.phases)  # 7 numbers, to act, dealer, phases + 1 (observation)
    observation = (  # the parts in the order observation() lists them
        len(STEPS)
        + 1
        + 3 * k
        + 1
        + players * seat
        + players * g * k
        + 2 * k
        + g * k
        + len(variant.phases)
        + players * k  # known cards per seat (version 3)
    )
    return Layout(
        cards=cards,
        naturals=naturals,
        wilds=wilds,
        card_index={c: i for i, c in enumerate(cards)},
        id_index={id(c): i for i, c in enumerate(cards)},
        natural_index={c: i for i, c in enumerate(naturals)},
        wild_index={c: i for i, c in enumerate(wilds)},
        players=players,
        groups=g,
        phases=len(variant.phases),
        values=v,
        offsets=offsets,
        size=total,
        deck_size=max(1, len(variant.deck_for(players))),
        observation_size=observation,
    )


def card_position(layout: Layout, card: Card) -> int:
    """The index of ``card`` among the layout's distinct cards."""
    # by identity first: the deck's cards are shared objects, and hashing a Card is slow
    i = layout.id_index.get(id(card))
    return layout.card_index[card] if i is None else i
