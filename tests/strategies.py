"""Shared hypothesis strategies and seeded generators: cards, hands, phases, notation."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

import attrs
from hypothesis import strategies as st

import phase10
from phase10 import (
    CLASSIC_PHASES,
    WILD,
    Card,
    Color,
    GameState,
    Kind,
    MeldRules,
    Pattern,
    Phase,
    Shape,
    Slots,
    classic_deck,
)
from phase10.cards import master_deck, standard_deck

#: The 108-card classic deck (C-1), canonical order.
CLASSIC_DECK: tuple[Card, ...] = classic_deck()
#: The classic deck with 8 more wilds: hands drawn from it hold wilds more often.
WILD_RICH_DECK: tuple[Card, ...] = CLASSIC_DECK + (WILD,) * 8
#: Each distinct card of the classic deck once: 48 numbers, the wild and the skip.
CLASSIC_CARDS: tuple[Card, ...] = tuple(dict.fromkeys(CLASSIC_DECK))
#: Each distinct card of every deck the library builds (classic, Master, standard).
DECK_CARDS: tuple[Card, ...] = tuple(
    dict.fromkeys(CLASSIC_DECK + master_deck(blanks=True) + standard_deck())
)


def classic_cards() -> st.SearchStrategy[Card]:
    """Any card of the classic deck."""
    return st.sampled_from(CLASSIC_CARDS)


@st.composite
def ranged_wilds(draw: st.DrawFn) -> Card:
    """A wild limited to consecutive numbers and/or some colours (a Master joker, M-2)."""
    numbers: frozenset[int] | None = None
    if draw(st.booleans()):
        low = draw(st.integers(1, 12))
        high = draw(st.integers(low, 12))
        numbers = frozenset(range(low, high + 1))
    colors: frozenset[Color] | None = None
    if draw(st.booleans()):
        colors = frozenset(draw(st.sets(st.sampled_from(list(Color)), min_size=1)))
    return Card(Kind.WILD, wild_numbers=numbers, wild_colors=colors)


def cards() -> st.SearchStrategy[Card]:
    """Any card the notation can write: every deck's cards and any ranged wild."""
    return st.one_of(st.sampled_from(DECK_CARDS), ranged_wilds())


def hands(
    deck: Sequence[Card] = CLASSIC_DECK, *, min_size: int = 0, max_size: int = 11
) -> st.SearchStrategy[tuple[Card, ...]]:
    """Hands dealt from ``deck``: distinct positions, so a card is at most as often as in it."""
    return st.lists(
        st.integers(0, len(deck) - 1), unique=True, min_size=min_size, max_size=max_size
    ).map(lambda positions: tuple(deck[i] for i in positions))


# --- user-defined group types whose shapes repeat a place pattern ----------------------------
# A run-like shape (Slots) may name one pattern in several places: the counting oracle and
# the pre-check must count those places one by one, not the patterns (the laydowns of
# TwinsOf were missed for that, issue 22's fifth round). tests/test_laydown.py checks the
# search against tests/bruteforce.py on phases of them.


@attrs.frozen
class TwinsOf:
    """A user-defined group the count cannot reason about place by place.

    Its shapes repeat one pattern in several places (the count of places a natural fits
    is then not the count of patterns), and one place takes any low number: ``TwinsOf(3)``
    is two cards of one number and one card numbered 1-4 (R5 B5 G2, R1 R1 B1).
    """

    size: int

    def __str__(self) -> str:
        return f"{self.size} twins"

    def shapes(self, rules: MeldRules) -> tuple[Shape, ...]:
        low = Pattern(numbers=frozenset(range(1, 5)))
        return tuple(
            Slots((Pattern.of(number=n),) * (self.size - 1) + (low,))
            for n in range(1, rules.max_number + 1)
        )


@attrs.frozen
class PairRunOf:
    """``pairs`` consecutive numbers or more, two cards of each: R5 B5 G6 Y6 for 2 pairs.

    Each pattern fills two places side by side; a longer shape drops no single end card
    into a shorter one (its ends are pairs), so a search may not keep it at its minimum.
    """

    pairs: int

    @property
    def size(self) -> int:
        return 2 * self.pairs

    def __str__(self) -> str:
        return f"run of {self.pairs} pairs"

    def shapes(self, rules: MeldRules) -> tuple[Shape, ...]:
        top = rules.max_number
        return tuple(
            Slots(tuple(Pattern.of(number=n) for n in range(start, start + length) for _ in "ab"))
            for length in range(self.pairs, top + 1)
            for start in range(1, top - length + 2)
        )


@attrs.frozen
class Bookends:
    """A card of one colour, any card of one number, another card of that colour: R1 B5 R9.

    The colour's pattern is repeated apart, around a number's pattern that accepts some of
    the same cards (R5 fits all three places of a red shape around 5).
    """

    @property
    def size(self) -> int:
        return 3

    def __str__(self) -> str:
        return "bookends"

    def shapes(self, rules: MeldRules) -> tuple[Shape, ...]:
        return tuple(
            Slots((Pattern.of(color=c), Pattern.of(number=n), Pattern.of(color=c)))
            for c in rules.colors
            for n in range(1, rules.max_number + 1)
        )


def classic_phases() -> st.SearchStrategy[Phase]:
    """One of the ten classic phases (C-5)."""
    return st.sampled_from(CLASSIC_PHASES)


@st.composite
def mixed_case(draw: st.DrawFn, text: str) -> str:
    """``text`` with the case of each letter chosen at random."""
    return "".join(c.lower() if draw(st.booleans()) else c.upper() for c in text)


def separators() -> st.SearchStrategy[str]:
    """What may separate two cards in notation: spaces, commas, tabs, newlines."""
    return st.text(alphabet=" ,\t\n", min_size=1, max_size=3).filter(
        lambda s: any(c in s for c in " ,\t\n")
    )


#: Tokens that are not cards, each with the reason it is not.
BAD_TOKENS: tuple[str, ...] = (
    "R13",  # numbers run from 1 to 12
    "R0",
    "B123",
    "X7",  # no colour X
    "7R",
    "RR",
    "WW",
    "W13-2",  # a range must run upwards
    "W0-3",
    "W1-6:",
    "W:RX",
    "1S",  # ranks are A, 2-10, J, Q, K
    "11H",
    "ZZ",
    "T",
    "=",
    "R7=7",
    "S1",
)


def random_hand(rng: random.Random, deck: Sequence[Card], size: int) -> tuple[Card, ...]:
    """``size`` cards dealt from ``deck`` with ``rng``."""
    return tuple(rng.sample(list(deck), size))


def seeded_hands(
    seed: str, count: int, deck: Sequence[Card] = CLASSIC_DECK, sizes: Sequence[int] = (10, 11)
) -> list[tuple[Card, ...]]:
    """``count`` hands, hand ``i`` dealt with ``random.Random(f"{seed}:{i}")``."""
    out = []
    for i in range(count):
        rng = random.Random(f"{seed}:{i}")
        out.append(random_hand(rng, deck, rng.choice(list(sizes))))
    return out


__all__ = [
    "BAD_TOKENS",
    "CLASSIC_CARDS",
    "CLASSIC_DECK",
    "DECK_CARDS",
    "WILD_RICH_DECK",
    "cards",
    "classic_cards",
    "classic_phases",
    "hands",
    "mixed_case",
    "random_hand",
    "ranged_wilds",
    "seeded_hands",
    "separators",
]


def random_states(name: str, players: int, seed: str) -> Iterator[GameState]:
    """Every state of one seeded random game of the built-in variant ``name``."""
    rng = random.Random(seed)
    state = phase10.new_game(phase10.find_variant(name), players)
    while not state.is_over:
        yield state
        if state.is_chance:
            action: phase10.Action = phase10.sample_chance(state, rng)
        else:
            legal = phase10.legal_actions(state)
            action = legal[int(rng.random() * len(legal))]
        state = phase10.apply(state, action)
    yield state


def game_states(
    *, variants: Sequence[str] | None = None, max_players: int = 4, max_steps: int = 800, tag: str
) -> st.SearchStrategy[GameState]:
    """States from seeded random games: a variant, a player count and a number of steps."""

    @st.composite
    def states(draw: st.DrawFn) -> GameState:
        name = draw(st.sampled_from(variants or phase10.variant_names()))
        variant = phase10.find_variant(name)
        players = draw(st.integers(variant.min_players, min(variant.max_players, max_players)))
        steps = draw(st.integers(0, max_steps))
        seed = draw(st.integers(0, 10**6))
        last = None
        for i, state in enumerate(random_states(name, players, f"{tag}:{seed}")):
            last = state
            if i >= steps:
                break
        assert last is not None
        return last

    return states()
