"""The laydown search's plan: a phase under a rule set compiled once (C-9, C-10).

Internal to the laydown search (:mod:`phase10.laydown` is its public face). A phase under a
rule set is compiled once into a :class:`Plan`: every group's shapes in search order, each
place of a shape as a pattern id. Cards that no pattern of the phase tells apart (R7 and B7
when the phase has only sets and runs) fall into one *class*; the counting oracle
(:mod:`phase10._laydown_oracle`) works on class counts and the walk
(:mod:`phase10._laydown_search`) on cards or classes.
"""

from __future__ import annotations

import operator
import threading

from phase10._fast import BoundedCache, declare
from phase10.cards import SKIP, WILD, Card, Kind
from phase10.groups import GroupType, MeldRules, Pattern, Repeat, Shape, Slots, shape_index
from phase10.phases import Phase

__all__ = ["SORT_KEY", "Entry", "GroupPlan", "Plan", "compiled_plan"]

#: The canonical order of cards: the order of their sort keys (equal cards, equal keys).
SORT_KEY = operator.attrgetter("sort_key")

#: One shape of a group: (shape, pattern id per place, naturals needed, length); the length
#: is 0 for a set-like (Repeat) shape, whose single pattern id is pids[0].
Entry = tuple[Shape, tuple[int, ...], int, int]


class GroupPlan:
    """One group of a phase, compiled: its shapes in search order, as pattern ids."""

    __slots__ = ("group", "has_repeats", "live", "masks", "shapes", "size")

    def __init__(self, group: GroupType, shapes: tuple[Entry, ...]):
        self.group = group
        self.size = group.size
        #: Repeat shapes first (in shape order), then Slots shapes by increasing length.
        self.shapes = shapes
        self.has_repeats = any(not length for _, _, _, length in shapes)
        #: per shape: the pattern ids of its places, as bits
        self.masks = tuple(sum(1 << p for p in set(pids)) for _, pids, _, _ in shapes)
        #: the indices of the shapes a search tries, with extra cards (live[False]) and
        #: without (live[True]): run-like shapes shorter than the group, or longer when
        #: minimal, never fit
        self.live = (
            tuple(i for i, (_, _, _, n) in enumerate(shapes) if not n or n >= self.size),
            tuple(i for i, (_, _, _, n) in enumerate(shapes) if not n or n == self.size),
        )


class Plan:
    """What every search of one phase under one rule set shares, computed once.

    Classes are found lazily, one per distinct (natural?, accepted patterns) signature; a card
    no pattern accepts (a skip) gets class -1.
    """

    def __init__(self, phase: Phase, rules: MeldRules):
        self.phase = phase
        self.rules = rules
        ids: dict[Pattern, int] = {}
        groups: list[GroupPlan] = []
        for group in phase.groups:
            index = shape_index(group, rules)
            entries: list[Entry] = [
                (rep, (ids.setdefault(rep.pattern, len(ids)),), rules.naturals_needed(rep), 0)
                for rep in index.repeats
            ]
            for length, shapes in index.slots_by_length.items():
                for s in shapes:
                    pids = tuple(ids.setdefault(p, len(ids)) for p in s.patterns)
                    entries.append((s, pids, rules.naturals_needed(s), length))
            groups.append(GroupPlan(group, tuple(entries)))
        self.groups = tuple(groups)
        self.patterns = tuple(ids)
        self.pattern_ids = ids
        self.size = phase.size
        #: natural cards the phase needs as a whole (C-17); Phase.problem checks the same
        self.phase_need = rules.phase_naturals_needed()
        self.minimal_ok = self._minimal_suffices()
        # per pattern id: the natural classes and the wild classes that can take its place
        self.nat_acc: list[list[int]] = [[] for _ in ids]
        self.wild_acc: list[list[int]] = [[] for _ in ids]
        # per class id: natural or not, and the pattern ids that accept it
        self.natural: list[bool] = []
        self.accepts: list[tuple[int, ...]] = []
        self.masks: list[int] = []
        self.wild_classes: list[int] = []
        self._simple: dict[int, list[bool]] = {}
        self.class_of: BoundedCache[Card, int] = BoundedCache.declared(_CLASS_OF)
        self._by_signature: dict[tuple[bool, tuple[bool, ...]], int] = {}
        self._lock = threading.Lock()
        #: per pattern id: its natural classes in the canonical order of their cards
        self.nat_order: list[list[int]] = [[] for _ in ids]
        self._class_fits: tuple[int, tuple[list[int], ...]] = (-1, ())
        #: the class of every card of the deck the rules describe, when the search may run on
        #: classes alone (see _block_order); empty otherwise
        self.fast: dict[tuple[object, ...], int] = self._block_order()

    def _block_order(self) -> dict[tuple[object, ...], int]:
        """Classify the rules' own cards; check each pattern sees its classes in blocks.

        The laydown find_laydown returns is the first one of a search over single cards in
        canonical order. A search over classes finds the same one when, for every pattern, the
        naturals it accepts, in canonical order, come in one block per class (R1 R2 ... R12
        for a colour, R7 B7 G7 Y7 for a number): trying a class then stands for trying its
        cards one after the other, which all succeed or fail alike. Wilds are safe when the
        hand holds one kind of wild, as it always does with the classic deck.
        """
        rules = self.rules
        universe = sorted(
            (
                Card(Kind.NUMBER, n, color)
                for n in range(1, rules.max_number + 1)
                for color in rules.colors
            ),
            key=SORT_KEY,
        )
        fast: dict[tuple[object, ...], int] = {}
        for card in universe:
            fast[card.sort_key] = self.classify(card)
        for p, pattern in enumerate(self.patterns):
            order = self.nat_order[p]
            for card in universe:
                c = fast[card.sort_key]
                if c < 0 or not pattern.accepts(card) or (order and order[-1] == c):
                    continue
                if c in order:
                    return {}
                order.append(c)
        fast[WILD.sort_key] = self.classify(WILD)
        fast[SKIP.sort_key] = -1
        return fast

    def _minimal_suffices(self) -> bool:
        """Whether every laydown shrinks to one whose groups have exactly the minimum size.

        True when each extra card can be dropped without breaking a natural minimum: set-like
        groups need no more naturals than their size, each longer run-like shape needs at
        most one natural and loses either end into another shape of the group, and the
        phase as a whole needs at most one natural.
        """
        if self.phase_need > 1:
            return False
        for g in self.groups:
            known = {s.patterns for s, _, _, n in g.shapes if isinstance(s, Slots)}
            for shape, _, need, length in g.shapes:
                if isinstance(shape, Repeat):
                    if need > g.size:
                        return False
                elif length > g.size and (
                    need > 1 or shape.patterns[1:] not in known or shape.patterns[:-1] not in known
                ):
                    return False
        return True

    def simple(self, g: int) -> list[bool]:
        """Per shape of group ``g``: whether the quick test of a run-like shape is exact.

        It is when no natural class fits two places of the shape and every wild class fits
        all of them (true of runs with the classic wild): then the places with a natural
        take one each and every other place takes a wild.
        """
        flags = self._simple.get(g)
        if flags is None:
            group = self.groups[g]
            flags = []
            for (_, pids, _, length), mask in zip(group.shapes, group.masks, strict=True):
                flags.append(
                    bool(length)
                    and len(set(pids)) == length
                    and all(
                        (self.masks[c] & mask).bit_count() <= 1
                        if nat
                        else self.masks[c] & mask == mask
                        for c, nat in enumerate(self.natural)
                    )
                )
            self._simple[g] = flags
        return flags

    def class_fits(self) -> tuple[list[int], ...]:
        """Per pattern id: the classes that can take its place, in the order a walk tries them.

        Its natural classes in the canonical order of their cards, then its wild classes: the
        order of a walk over single cards, when the ``fast`` map is in use (see _block_order).
        """
        known = self._class_fits
        classes = len(self.natural)
        if known[0] != classes:  # a class was added since: the lists grew
            fits = tuple(n + w for n, w in zip(self.nat_order, self.wild_acc, strict=True))
            known = self._class_fits = (classes, fits)
        return known[1]

    def classify(self, card: Card) -> int:
        """The class id of ``card``, or -1 when no group of the phase can hold it (skips)."""
        found = self.class_of.get(card)
        if found is not None:
            return found
        accepted = tuple(p.accepts(card) for p in self.patterns)
        if not any(accepted):
            cid = -1
        else:
            natural = card.kind is Kind.NUMBER
            key = (natural, accepted)
            with self._lock:
                known = self._by_signature.get(key)
                if known is None:
                    # publish ``natural`` last: its length is the number of classes in use
                    cid = len(self.natural)
                    self.accepts.append(tuple(p for p, ok in enumerate(accepted) if ok))
                    self.masks.append(sum(1 << p for p, ok in enumerate(accepted) if ok))
                    lists = self.nat_acc if natural else self.wild_acc
                    for p, ok in enumerate(accepted):
                        if ok:
                            lists[p].append(cid)
                    if not natural:
                        self.wild_classes.append(cid)
                    self.natural.append(natural)
                    self._simple.clear()
                    self._by_signature[key] = cid
                else:
                    cid = known
        return self.class_of.put(card, cid)


_MAX_CARDS = 4096
_CLASS_OF = declare(
    "Plan.class_of",
    kind="BoundedCache",
    key="a `Card` (one cache per plan)",
    bound=_MAX_CARDS,
    why="a card's class is fixed once assigned",
)
_MAX_PLANS = 64  # a plan takes ~45 kB: a game needs one per phase of its variant
_PLANS: BoundedCache[tuple[Phase, MeldRules], Plan] = BoundedCache(
    _MAX_PLANS,
    name="_PLANS",
    key="`(Phase, MeldRules)`",
    why="a plan is derived from the phase and the rules only",
)


def compiled_plan(phase: Phase, rules: MeldRules) -> Plan:
    """The search plan of ``phase`` under ``rules``, compiled once and cached.

    Not part of the public API; the bots classify cards with it (``plan.classify``). A
    new plan object (after the cache was cleared) numbers the card classes afresh.
    """
    key = (phase, rules)
    plan = _PLANS.get(key)
    if plan is None:
        plan = _PLANS.put(key, Plan(phase, rules))
    return plan
