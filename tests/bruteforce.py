"""A brute-force laydown enumerator: naive, obviously correct, exponential (small hands only).

It shares no code with :mod:`phase10.laydown`: for each group of the phase, in order, it tries
every sub-multiset of the cards still in hand (of exactly the group's size, or of every size
from it when ``minimal=False``) and asks :func:`phase10.check_meld` for every way those cards
form the group; then it recurses on what is left. The tests compare the real search with it.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence

from phase10 import (
    CLASSIC_MELD_RULES,
    Card,
    GroupType,
    Meld,
    MeldRules,
    NaturalScope,
    Phase,
    check_meld,
    sort_cards,
)

#: What tells two laydowns apart: for each distinct group type of the phase, the multiset of
#: its melds (cards, shape and wild values). Melds of equal groups are not ordered (C-9 says
#: nothing about which of two sets of 3 is "the first").
LaydownKey = tuple[tuple[GroupType, frozenset[tuple[tuple[object, ...], int]]], ...]


def sub_multisets(cards: Sequence[Card], size: int) -> Iterator[tuple[Card, ...]]:
    """Every distinct sub-multiset of ``cards`` with exactly ``size`` cards, canonical order."""
    seen: set[tuple[Card, ...]] = set()
    for combo in itertools.combinations(sort_cards(cards), size):
        if combo not in seen:
            seen.add(combo)
            yield combo


def without(cards: Sequence[Card], used: Iterable[Card]) -> tuple[Card, ...]:
    """``cards`` minus the multiset ``used`` (which must be part of it)."""
    left = list(cards)
    for card in used:
        left.remove(card)
    return tuple(left)


@functools.lru_cache(maxsize=1 << 18)
def melds_of(cards: tuple[Card, ...], group: GroupType, rules: MeldRules) -> tuple[Meld, ...]:
    """Every meld these exact cards make as ``group`` (one per reading of the wilds)."""
    return check_meld(cards, group, rules=rules).melds


def laydowns(
    hand: Sequence[Card],
    phase: Phase,
    *,
    rules: MeldRules = CLASSIC_MELD_RULES,
    minimal: bool = True,
) -> Iterator[tuple[Meld, ...]]:
    """Every laydown of ``phase`` from ``hand``: one meld per group, in phase order.

    The same laydown may come more than once (equal groups in the other order); compare
    with :func:`key`. A phase under ``NaturalScope.PHASE`` needs ``naturals_in_sets``
    naturals in all; a phase with a condition on its melds together (``Phase.problem``)
    must accept them.
    """
    groups = phase.groups
    phase_need = rules.naturals_in_sets if rules.natural_minimum is NaturalScope.PHASE else 0

    def rec(g: int, pool: tuple[Card, ...], chosen: tuple[Meld, ...]) -> Iterator[tuple[Meld, ...]]:
        if g == len(groups):
            if (
                sum(m.naturals for m in chosen) >= phase_need
                and phase.problem(chosen, rules=rules) is None
            ):
                yield chosen
            return
        group = groups[g]
        sizes = [group.size] if minimal else range(group.size, len(pool) + 1)
        for size in sizes:
            for combo in sub_multisets(pool, size):
                for meld in melds_of(combo, group, rules):
                    yield from rec(g + 1, without(pool, combo), (*chosen, meld))

    return rec(0, sort_cards(hand), ())


def key(phase: Phase, melds: Sequence[Meld]) -> LaydownKey:
    """What identifies a laydown (see :data:`LaydownKey`)."""
    blocks: dict[GroupType, Counter[tuple[object, ...]]] = {}
    for group, meld in zip(phase.groups, melds, strict=True):
        blocks.setdefault(group, Counter())[(meld.shape, meld.cards, meld.values)] += 1
    return tuple((group, frozenset(counter.items())) for group, counter in blocks.items())


def distinct(
    hand: Sequence[Card],
    phase: Phase,
    *,
    rules: MeldRules = CLASSIC_MELD_RULES,
    minimal: bool = True,
) -> set[LaydownKey]:
    """The set of distinct laydowns (as keys)."""
    return {key(phase, x) for x in laydowns(hand, phase, rules=rules, minimal=minimal)}


def exists(
    hand: Sequence[Card],
    phase: Phase,
    *,
    rules: MeldRules = CLASSIC_MELD_RULES,
    minimal: bool = True,
) -> bool:
    """Whether ``hand`` lays down ``phase`` at all (stops at the first laydown)."""
    return next(laydowns(hand, phase, rules=rules, minimal=minimal), None) is not None
