"""Finding every way a hand lays down a phase: an exact search, never greedy (C-9, C-10)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import attrs

from phase10.cards import Card, Kind, parse_cards, sort_cards
from phase10.groups import (
    CLASSIC_MELD_RULES,
    GroupType,
    Meld,
    MeldRules,
    NaturalScope,
    Pattern,
    Repeat,
    Shape,
    Slots,
    shape_index,
)
from phase10.phases import Phase

__all__ = ["Laydown", "explain", "find_laydown", "iter_laydowns"]


@attrs.frozen(cache_hash=True, repr=False)
class Laydown:
    """A whole phase laid down at once: one meld per group of the phase, in phase order.

    ``str()`` writes the melds separated by ``" | "``.
    """

    phase: Phase
    melds: tuple[Meld, ...]

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card laid down, in canonical order."""
        return sort_cards(c for m in self.melds for c in m.cards)

    def __str__(self) -> str:
        return " | ".join(str(m) for m in self.melds)

    def __repr__(self) -> str:
        return f"<Laydown {self.phase}: {self}>"


def _coerce_hand(hand: str | Iterable[Card]) -> tuple[Card, ...]:
    if isinstance(hand, str):
        return parse_cards(hand)
    cards = tuple(hand)
    for card in cards:
        if not isinstance(card, Card):
            raise TypeError(f"expected Card objects or a notation string, got {card!r}")
    return cards


class _Search:
    """One search over one hand; the hand is a list of distinct cards with counts."""

    def __init__(self, hand: tuple[Card, ...], rules: MeldRules):
        distinct: dict[Card, int] = {}
        for card in hand:
            if card.kind is not Kind.SKIP:  # rule C-19: a skip is never part of a group
                distinct[card] = distinct.get(card, 0) + 1
        self.cards = sorted(distinct, key=lambda c: c.sort_key)
        self.counts = [distinct[c] for c in self.cards]
        self.natural = [c.kind is Kind.NUMBER for c in self.cards]
        self.rules = rules
        by_number: dict[int, list[int]] = {}
        self.wilds: list[int] = []
        for i, card in enumerate(self.cards):
            if card.kind is Kind.NUMBER:
                by_number.setdefault(card.number, []).append(i)  # type: ignore[arg-type]
            else:
                self.wilds.append(i)
        self.by_number = by_number
        self._fits: dict[Pattern, list[int]] = {}

    def fit(self, pattern: Pattern) -> list[int]:
        """Indices of the distinct cards that can take a place of ``pattern``."""
        found = self._fits.get(pattern)
        if found is None:
            cards = self.cards
            if pattern.numbers is not None:
                nat = [i for n in sorted(pattern.numbers) for i in self.by_number.get(n, ())]
                if pattern.colors is not None:
                    nat = [i for i in nat if cards[i].color in pattern.colors]
                nat.sort()
            else:
                nat = [i for i, ok in enumerate(self.natural) if ok and pattern.accepts(cards[i])]
            found = nat + [i for i in self.wilds if pattern.accepts(cards[i])]
            self._fits[pattern] = found
        return found

    def repeat(self, shape: Repeat, lo: int, hi: int, need: int) -> Iterator[list[int]]:
        """Every multiset of cards (as index lists) of size lo..hi fitting ``shape``."""
        fit = self.fit(shape.pattern)
        counts = self.counts
        natural = self.natural
        avail = sum(counts[i] for i in fit)
        if avail < lo or sum(counts[i] for i in fit if natural[i]) < need:
            return
        chosen: list[int] = []
        n = len(fit)
        # suffix sums of availability, to prune branches that cannot reach `lo`
        suffix = [0] * (n + 1)
        for j in range(n - 1, -1, -1):
            suffix[j] = suffix[j + 1] + counts[fit[j]]

        def rec(j: int, naturals: int) -> Iterator[list[int]]:
            size = len(chosen)
            if j == n:
                if size >= lo and naturals >= need:
                    yield chosen
                return
            if size + suffix[j] < lo:
                return
            i = fit[j]
            top = min(counts[i], hi - size)
            is_nat = natural[i]
            for take in range(top, -1, -1):
                chosen.extend([i] * take)
                counts[i] -= take
                yield from rec(j + 1, naturals + take if is_nat else naturals)
                counts[i] += take
                del chosen[size:]

        yield from rec(0, 0)

    def slots(self, shape: Slots, need: int) -> Iterator[list[int]]:
        """Every way (as index lists in slot order) to fill ``shape``'s places."""
        fits = [self.fit(p) for p in shape.patterns]
        counts = self.counts
        for f in fits:
            if not any(counts[i] for i in f):
                return
        natural = self.natural
        n = len(fits)
        chosen: list[int] = []

        def rec(k: int, naturals: int) -> Iterator[list[int]]:
            if k == n:
                if naturals >= need:
                    yield chosen
                return
            if naturals + (n - k) < need:
                return
            for i in fits[k]:
                if counts[i]:
                    counts[i] -= 1
                    chosen.append(i)
                    yield from rec(k + 1, naturals + 1 if natural[i] else naturals)
                    chosen.pop()
                    counts[i] += 1

        yield from rec(0, 0)

    def melds(self, group: GroupType, minimal: bool) -> Iterator[tuple[Shape, list[int]]]:
        """Every meld of ``group`` the remaining cards make (minimal: exactly ``size`` cards)."""
        index = shape_index(group, self.rules)
        size = group.size
        hi = size if minimal else sum(self.counts)
        rules = self.rules
        for rep in index.repeats:
            need = rules.naturals_needed(rep)
            for chosen in self.repeat(rep, size, hi, need):
                yield rep, chosen
        for length, shapes in index.slots_by_length.items():
            if length < size or length > hi:
                continue
            for slots in shapes:
                for chosen in self.slots(slots, rules.naturals_needed(slots)):
                    yield slots, chosen

    def build(self, group: GroupType, shape: Shape, chosen: list[int]) -> Meld:
        cards = tuple(self.cards[i] for i in chosen)
        if isinstance(shape, Repeat):
            p = shape.pattern
            return Meld(group, shape, cards, tuple(p.value_for(c) for c in cards))
        values = tuple(p.value_for(c) for p, c in zip(shape.patterns, cards, strict=True))
        return Meld(group, shape, cards, values)

    def laydowns(
        self, phase: Phase, minimal: bool
    ) -> Iterator[list[tuple[GroupType, Shape, list[int]]]]:
        groups = phase.groups
        rules = self.rules
        phase_need = rules.naturals_in_sets if rules.natural_minimum is NaturalScope.PHASE else 0
        natural = self.natural
        stack: list[tuple[GroupType, Shape, list[int]]] = []

        def rec(g: int, naturals: int) -> Iterator[list[tuple[GroupType, Shape, list[int]]]]:
            if g == len(groups):
                if naturals >= phase_need:
                    yield stack
                return
            group = groups[g]
            # the meld generators keep their cards out of self.counts while they yield
            for shape, chosen in self.melds(group, minimal):
                stack.append((group, shape, list(chosen)))
                yield from rec(g + 1, naturals + sum(1 for i in chosen if natural[i]))
                stack.pop()

        yield from rec(0, 0)


def _meld_key(meld: Meld) -> tuple[tuple[object, str], ...]:
    return tuple((c.sort_key, str(v)) for c, v in zip(meld.cards, meld.values, strict=True))


def iter_laydowns(
    hand: str | Iterable[Card],
    phase: Phase,
    *,
    rules: MeldRules = CLASSIC_MELD_RULES,
    minimal: bool = False,
) -> Iterator[Laydown]:
    """Yield every distinct way ``hand`` lays down ``phase``, each once.

    Two laydowns are the same when they put the same cards in the same groups with the same
    wild values; melds for equal groups of a phase (the two sets of phase 1) are not told
    apart by their order. By default groups may hold more cards than required (C-9);
    ``minimal=True`` yields only laydowns whose groups have exactly the required size.

    >>> from phase10 import CLASSIC_PHASES
    >>> phase = CLASSIC_PHASES[0]
    >>> [str(x) for x in iter_laydowns("R7 B7 G7 Y3 R3 W", phase, minimal=True)]
    ['R3 Y3 W=3 | R7 B7 G7']
    >>> len(list(iter_laydowns("R7 B7 G7 Y3 R3 W W", phase)))
    8

    Raises:
        NotationError: ``hand`` is a string that is not valid notation.
    """
    cards = _coerce_hand(hand)
    search = _Search(cards, rules)
    groups = phase.groups
    blocks: dict[GroupType, list[int]] = {}
    for i, g in enumerate(groups):
        blocks.setdefault(g, []).append(i)
    seen: set[tuple[tuple[tuple[tuple[object, str], ...], ...], ...]] = set()
    for found in search.laydowns(phase, minimal):
        melds = tuple(search.build(g, s, chosen) for g, s, chosen in found)
        key = tuple(tuple(sorted(_meld_key(melds[i]) for i in idxs)) for idxs in blocks.values())
        if key in seen:
            continue
        seen.add(key)
        yield Laydown(phase, melds)


def find_laydown(
    hand: str | Iterable[Card], phase: Phase, *, rules: MeldRules = CLASSIC_MELD_RULES
) -> Laydown | None:
    """Return a laydown of ``phase`` from ``hand``, or ``None`` when there is none.

    The search is exact: it never misses a laydown because of wilds, repeated numbers or
    groups competing for the same cards. The laydown returned uses the fewest cards the
    phase allows (extra cards can be hit afterwards) and prefers natural cards to wilds.

    >>> from phase10 import CLASSIC_PHASES
    >>> find_laydown("R7 B7 W G2 G3 G4 Y5 S", CLASSIC_PHASES[1])
    <Laydown 1 set of 3 + 1 run of 4: R7 B7 W=7 | G2 G3 G4 Y5>
    >>> find_laydown("R7 B8 G9", CLASSIC_PHASES[0]) is None
    True

    Raises:
        NotationError: ``hand`` is a string that is not valid notation.
    """
    cards = _coerce_hand(hand)
    if len(cards) < phase.size:
        return None
    # Minimal groups suffice unless a run needs two or more naturals (Phase 10 Master, M-4):
    # then a longer run may hold two naturals that no window of the minimum length does.
    minimal = rules.naturals_in_runs <= 1 or rules.natural_minimum is NaturalScope.PHASE
    search = _Search(cards, rules)
    for found in search.laydowns(phase, minimal):
        return Laydown(phase, tuple(search.build(g, s, chosen) for g, s, chosen in found))
    return None


def _group_best(search: _Search, group: GroupType) -> tuple[int, str]:
    """How close the whole hand comes to ``group`` alone, and what is missing, in words."""
    index = shape_index(group, search.rules)
    size = group.size
    counts = search.counts
    wilds = sum(counts[i] for i in search.wilds)
    best = -1
    missing: list[str] = []
    for rep in index.repeats:
        fit = search.fit(rep.pattern)
        have = min(size, sum(counts[i] for i in fit))
        naturals = [search.cards[i] for i in fit if search.natural[i]]
        if not naturals:
            have = min(have, wilds)  # wilds alone are no group (C-17)
        what = _pattern_words(rep.pattern)
        if have > best:
            best, missing = have, [what]
        elif have == best and what not in missing:
            missing.append(what)
    for slots in index.slots_by_length.get(size, ()):
        holes = [
            p
            for p in slots.patterns
            if not any(search.natural[i] and counts[i] for i in search.fit(p))
        ]
        have = min(size, size - len(holes) + wilds)
        if have > best:
            best, missing = have, []
        if have == best:
            for p in holes:
                what = _pattern_words(p)
                if what not in missing:
                    missing.append(what)
    return max(best, 0), _or_list(missing)


def _or_list(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _pattern_words(pattern: Pattern) -> str:
    parts = []
    if pattern.colors is not None:
        parts.append("/".join(sorted(c.name.lower() for c in pattern.colors)))
    if pattern.numbers is not None:
        parts.append("/".join(str(n) for n in sorted(pattern.numbers)))
    return " ".join(parts) or "any card"


def explain(
    hand: str | Iterable[Card], phase: Phase, *, rules: MeldRules = CLASSIC_MELD_RULES
) -> str:
    """Say in words whether ``hand`` lays down ``phase`` and, if not, the closest miss.

    >>> print(explain("R7 B8 G9 Y3 W", CLASSIC_PHASES[3]))
    cannot lay down 1 run of 7: run of 7: best has 5, missing 2 of 4, 5 or 6
    >>> print(explain("R3 B4 W G6 Y9 Y9 W", CLASSIC_PHASES[1]))
    can lay down 1 set of 3 + 1 run of 4: Y9 Y9 W=9 | R3 B4 W=5 G6

    Raises:
        NotationError: ``hand`` is a string that is not valid notation.
    """
    cards = _coerce_hand(hand)
    found = find_laydown(cards, phase, rules=rules)
    if found is not None:
        return f"can lay down {phase}: {found}"
    search = _Search(cards, rules)
    parts = []
    for group in phase.groups:
        have, missing = _group_best(search, group)
        if have >= group.size:
            parts.append(f"{group}: possible on its own")
        else:
            short = group.size - have
            what = f"missing {short} of {missing}" if short > 1 else f"missing one of {missing}"
            parts.append(f"{group}: best has {have}, {what}")
    if all(p.endswith("possible on its own") for p in parts):
        return (
            f"cannot lay down {phase}: each group can be made on its own, "
            f"but not all of them at once from these {len(cards)} cards"
        )
    return f"cannot lay down {phase}: " + "; ".join(parts)
