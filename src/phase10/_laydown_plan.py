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
from collections.abc import Callable, Iterable, Sequence

from phase10._fast import BoundedCache, declare
from phase10.cards import SKIP, WILD, Card, Kind
from phase10.groups import (
    GroupType,
    MeldRules,
    NaturalScope,
    Pattern,
    Repeat,
    Shape,
    Slots,
    shape_index,
)
from phase10.phases import Phase

__all__ = [
    "SORT_KEY",
    "Entry",
    "GroupPlan",
    "Plan",
    "SetSuffix",
    "compiled_plan",
    "equal_sets_used",
    "lowered_spares",
    "reach",
]

#: The canonical order of cards: the order of their sort keys (equal cards, equal keys).
SORT_KEY = operator.attrgetter("sort_key")

#: One shape of a group: (shape, pattern id per place, naturals needed, length); the length
#: is 0 for a set-like (Repeat) shape, whose single pattern id is pids[0].
Entry = tuple[Shape, tuple[int, ...], int, int]


class GroupPlan:
    """One group of a phase, compiled: its shapes in search order, as pattern ids."""

    __slots__ = ("group", "has_repeats", "live", "masks", "places", "shapes", "size")

    def __init__(self, group: GroupType, shapes: tuple[Entry, ...]):
        self.group = group
        self.size = group.size
        #: Repeat shapes first (in shape order), then Slots shapes by increasing length.
        self.shapes = shapes
        self.has_repeats = any(not length for _, _, _, length in shapes)
        #: per shape: the pattern ids of its places, as bits
        self.masks = tuple(sum(1 << p for p in set(pids)) for _, pids, _, _ in shapes)
        #: per shape: ``None`` when its places name distinct patterns (the places a natural
        #: of the hand fits are then the bits of its mask the hand's naturals have), else
        #: the bit of each place's pattern, place by place, for :func:`reach`
        self.places = tuple(
            None if len(set(pids)) == len(pids) else tuple(1 << p for p in pids)
            for _, pids, _, _ in shapes
        )
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
        #: per group: whether it is the same group type as the one before it (the sets of
        #: "2 sets of 3"); the oracle and the walk try such groups' shapes in one order only
        self.follows = tuple(
            g > 0 and phase.groups[g] == phase.groups[g - 1] for g in range(len(groups))
        )
        #: per group: the fewest cards the groups after it take (a meld leaves them)
        self.after = tuple(sum(x.size for x in groups[g + 1 :]) for g in range(len(groups)))
        self.patterns = tuple(ids)
        self.pattern_ids = ids
        self.set_suffix = _set_suffixes(self.groups)
        self.size = phase.size
        #: natural cards the phase needs as a whole (C-17); Phase.problem checks the same
        self.phase_need = rules.phase_naturals_needed()
        self.minimal_ok = self._minimal_suffices()
        #: whether a search may keep every group at its minimum size and still find every
        #: hand's laydown: unless a run needs two or more naturals (Phase 10 Master, M-4),
        #: when a longer run may hold two naturals that no window of the minimum length does;
        #: minimal_ok catches the other cases (custom shapes, a per-phase minimum above 1)
        self.minimal = (
            rules.naturals_in_runs <= 1 or rules.natural_minimum is not NaturalScope.GROUP
        ) and self.minimal_ok
        #: the fewest natural cards that any laydown of the phase holds (C-17, M-4)
        self.fewest_naturals = max(
            sum(min((need for _, _, need, _ in g.shapes), default=0) for g in self.groups),
            self.phase_need,
        )
        counted = [_counted_group(g) for g in self.groups]
        families = _set_families(counted)
        family = {g for _, members in families for g in members}
        #: per family of set-like groups counted together: what picks the naturals of its
        #: patterns out of the counts per pattern, its groups' sizes, and for two groups
        #: their sizes larger first (else 0, 0)
        self._families = tuple(
            (_picker(pids), sizes, *(sorted(sizes, reverse=True) if len(sizes) == 2 else (0, 0)))
            for pids, members in families
            for sizes in [tuple(counted[g][0] for g in members)]
        )
        self._counted = tuple(c for g, c in enumerate(counted) if g not in family)
        # per pattern id: the natural classes and the wild classes that can take its place
        self.nat_acc: list[list[int]] = [[] for _ in ids]
        self.wild_acc: list[list[int]] = [[] for _ in ids]
        # per class id: natural or not, and the pattern ids that accept it
        self.natural: list[bool] = []
        self.accepts: list[tuple[int, ...]] = []
        #: per class id: the one pattern id a natural class fits, _WILD for a wild class,
        #: _MANY for a natural class that more than one pattern accepts
        self.role: list[int] = []
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

    def may_lay_down(self, cards: Iterable[Card]) -> bool:
        """The counted pre-check: ``False`` only when ``cards`` cannot lay the phase down.

        A necessary condition, never a search (C-9, C-10, C-17): enough cards, enough
        naturals, and enough wilds for the gaps of every group at once. A group's gap is
        the fewest wilds any of its shapes needs on top of the hand's naturals: a set-like
        shape lacks its size less the naturals its pattern accepts, a run-like shape one
        card for every place no natural of the hand fits. Each group of a laydown uses
        wilds of its own, so a hand whose gaps add up to more wilds than it holds has no
        laydown. A shape that names one place pattern in several places is counted place
        by place (:func:`reach`). ``True`` is only a maybe: the oracle
        (:mod:`phase10._laydown_oracle`) decides.
        """
        fast = self.fast
        # classify appends a new class to these lists in place: they stay the plan's own
        role = self.role
        masks = self.masks
        accepts = self.accepts
        pnat = [0] * len(self.patterns)
        present = naturals = wilds = 0
        for card in cards:  # one pass, card by card: no counts per class to go through again
            c = fast.get(card.sort_key)
            if c is None:  # a card foreign to the rules' deck (fast is empty or lacks it)
                c = self.classify(card)
            if c < 0:
                continue
            p = role[c]
            if p >= 0:  # a natural that one pattern accepts, as nearly all are
                naturals += 1
                present |= masks[c]
                pnat[p] += 1
            elif p == _WILD:
                wilds += 1
            else:
                naturals += 1
                present |= masks[c]
                for p in accepts[c]:
                    pnat[p] += 1
        if naturals + wilds < self.size or naturals < self.fewest_naturals:
            return False
        short = 0
        for pick, sizes, a, b in self._families:
            short += _pair_gap(a, b, pick(pnat)) if b else _family_gap(sizes, pick(pnat))
        if short > wilds:
            return False
        for size, repeats, runs, uneven in self._counted:
            gap = size - max([pnat[p] for p in repeats]) if repeats else _NO_SHAPE
            for length, shapes in runs:
                lack = length - max([(mask & present).bit_count() for mask in shapes])
                if lack < gap:
                    gap = lack
            for length, bits in uneven:
                lack = length - reach(bits, present)
                if lack < gap:
                    gap = lack
            if gap > 0:
                short += gap
                if short > wilds:
                    return False
        return True

    def class_counts(self, cards: Iterable[Card]) -> list[int]:
        """How many of ``cards`` each class holds (skips and other cards no group takes left out).

        By the ``fast`` map where it knows the card, else by :meth:`classify` (which may open
        a new class: the counts cover every class there is after the call).
        """
        fast = self.fast
        classify = self.classify
        natural = self.natural
        counts = [0] * len(natural)
        for card in cards:
            c = fast.get(card.sort_key)
            if c is None:  # a card foreign to the rules' deck (fast is empty or lacks it)
                c = classify(card)
                if len(counts) < len(natural):  # it opened a new class
                    counts.extend([0] * (len(natural) - len(counts)))
            if c >= 0:
                counts[c] += 1
        return counts

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
                    fits = self.accepts[cid]
                    self.role.append(_WILD if not natural else fits[0] if len(fits) == 1 else _MANY)
                    self.natural.append(natural)
                    self._simple.clear()
                    self._by_signature[key] = cid
                else:
                    cid = known
        return self.class_of.put(card, cid)


def reach(bits: tuple[int, ...], present: int) -> int:
    """How many places of a run-like shape some natural fits, counted place by place.

    ``bits`` holds the bit of each place's pattern (:attr:`GroupPlan.places`), ``present``
    the patterns the naturals at hand fit. A pattern named in several places counts once
    per place: each place takes a natural of its own, so a shape lacks a wild for every
    place not counted, and holds no more naturals than are counted (C-9, C-17).
    """
    return sum([1 for bit in bits if bit & present])


#: The role (Plan.role) of a wild class, and of a natural class more than one pattern accepts.
_WILD = -1
_MANY = -2

#: More wilds than any hand holds: the gap of a group without a shape.
_NO_SHAPE = 1 << 62

#: One group as the counted pre-check sees it: its size, the pattern id of each set-like
#: shape, per length the masks of places of the run-like shapes with distinct place
#: patterns, and (length, bit per place) of the other run-like shapes.
Counted = tuple[
    int,
    tuple[int, ...],
    tuple[tuple[int, tuple[int, ...]], ...],
    tuple[tuple[int, tuple[int, ...]], ...],
]


def _counted_group(group: GroupPlan) -> Counted:
    """``group`` for :meth:`Plan.may_lay_down`: the shapes that can set its gap.

    A run-like shape whose places hold every place of a shorter one (a run of 5 holds a
    run of 4 at either end) never lacks fewer wilds than that one, so it is dropped; the
    shorter of the two may need more naturals, but the pre-check does not count those
    per shape (only per phase).
    """
    repeats: list[int] = []
    runs: dict[int, int] = {}
    uneven: list[tuple[int, tuple[int, ...]]] = []
    for idx in group.live[False]:
        _, pids, _, length = group.shapes[idx]
        if not length:
            repeats.append(pids[0])
        elif len(set(pids)) == length:
            runs.setdefault(group.masks[idx], length)
        else:
            bits = group.places[idx]
            assert bits is not None  # a place pattern repeated: one bit per place
            uneven.append((length, bits))
    by_length: dict[int, list[int]] = {}
    for mask, length in runs.items():
        if not any(mask & ~(1 << p) in runs for p in range(mask.bit_length()) if mask >> p & 1):
            by_length.setdefault(length, []).append(mask)
    kept = tuple((length, tuple(masks)) for length, masks in sorted(by_length.items()))
    return group.size, tuple(dict.fromkeys(repeats)), kept, tuple(uneven)


def _set_families(counted: list[Counted]) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """The groups whose naturals :func:`_family_gap` counts together, as (pids, members).

    Two or more groups with only set-like shapes, of the same patterns (the two sets of
    phase 1), all of one size or two of them: their naturals compete for the same
    patterns, which summing the groups' gaps one by one would not see.
    """
    by_pids: dict[tuple[int, ...], list[int]] = {}
    for g, (_, repeats, runs, uneven) in enumerate(counted):
        if repeats and not runs and not uneven:
            by_pids.setdefault(repeats, []).append(g)
    return tuple(
        (pids, tuple(members))
        for pids, members in by_pids.items()
        if len(members) == 2 or (len(members) > 2 and len({counted[g][0] for g in members}) == 1)
    )


#: Groups ``g``.. as :meth:`phase10._laydown_oracle.Oracle` bounds them when all of them are
#: set-like on the same patterns: those pattern ids, their mask, how many groups, the largest
#: size, and the cards they take at their sizes.
SetSuffix = tuple[tuple[int, ...], int, int, int, int]


def _set_suffixes(groups: tuple[GroupPlan, ...]) -> tuple[SetSuffix | None, ...]:
    """Per group ``g``: the :data:`SetSuffix` of groups ``g``.., or ``None``.

    ``None`` when a group from ``g`` on has a run-like shape, or the groups' set-like shapes
    name different patterns, and for every group of a phase of fewer than three groups
    (every built-in phase: the searches of one or two groups are cheap, and stay as they
    were).
    """
    out: list[SetSuffix | None] = [None] * len(groups)
    if len(groups) < 3:
        return tuple(out)
    pids: tuple[int, ...] = ()
    sizes: list[int] = []
    for g in range(len(groups) - 1, -1, -1):
        group = groups[g]
        if group.has_repeats and not any(length for _, _, _, length in group.shapes):
            mine = tuple(sorted({entry[1][0] for entry in group.shapes}))
            if not sizes or mine == pids:
                pids = mine
                sizes.append(group.size)
                out[g] = (pids, sum(1 << p for p in pids), len(sizes), max(sizes), sum(sizes))
                continue
        break
    return tuple(out)


def _picker(pids: tuple[int, ...]) -> Callable[[list[int]], Sequence[int]]:
    """What picks the items ``pids`` out of a list, as a sequence (in C for two or more)."""
    if len(pids) > 1:
        return operator.itemgetter(*pids)
    only = pids[0]
    return lambda values: (values[only],)


def _family_gap(sizes: tuple[int, ...], values: Sequence[int]) -> int:
    """The fewest wilds groups of ``sizes`` need, all set-like on patterns of ``values``.

    ``values`` holds the naturals of each pattern the groups accept. Groups on one pattern
    share its naturals: ``j`` groups of size ``s`` on a pattern with ``n`` naturals hold at
    most ``min(n, j * s)`` of them. For groups of one size the most naturals they hold is
    the sum of the best gains, each pattern offering ``n // s`` gains of ``s`` and one of
    ``n % s``; for two groups, the best two patterns or the best one.
    """
    if len(sizes) == 2:
        a, b = sorted(sizes, reverse=True)
        return _pair_gap(a, b, values)
    total = sum(sizes)
    used = equal_sets_used(sizes[0], len(sizes), values)
    return total - used if total > used else 0


def equal_sets_used(size: int, sets: int, values: Sequence[int]) -> int:
    """The most cards ``sets`` sets of ``size`` take from patterns with ``values`` naturals each.

    A pattern with ``v`` naturals gives ``size`` cards to each of ``v // size`` sets, then
    ``v % size`` to one more, then nothing: each further set it holds gains no more than
    the one before, so taking the largest gains first is exact. Every whole set gains
    ``size``, the most any set can, so the whole sets come first, then the largest
    remainders. The one home of this count: the pre-check, the oracle's bound and the
    analysis's distances (``phase10.analysis``) call it.
    """
    whole = sum([v // size for v in values])
    if whole >= sets:
        return sets * size
    rests = sorted([v % size for v in values], reverse=True)
    return whole * size + sum(rests[: sets - whole])


def lowered_spares(
    size: int, sets: int, values: Sequence[int], at: int, wilds: int, full: int
) -> list[int]:
    """Per ``a`` = 0, 1, ..., the wilds sets spare with ``values[at]`` lowered by ``a``.

    That is ``min(equal_sets_used(size, sets, lowered), full) + wilds - full``, for ``a``
    from 0 while it is not negative (at most ``values[at] + 1`` of them): the count of
    :func:`equal_sets_used` with the others' whole sets and remainders summed once, so
    each ``a`` costs a few operations, not a sort.
    """
    v = values[at]
    whole = 0
    rests = []
    for i, x in enumerate(values):
        if i != at:
            whole += x // size
            rests.append(x % size)
    rests.sort(reverse=True)
    prefix = [0]
    for r in rests:
        prefix.append(prefix[-1] + r)
    out: list[int] = []
    for left in range(v, -1, -1):
        w = whole + left // size
        if w >= sets:
            used = sets * size
        else:
            k = sets - w  # the largest remainders, this number's among them
            r = left % size
            if k > len(rests):
                used = w * size + prefix[-1] + r
            elif r >= rests[k - 1]:
                used = w * size + prefix[k - 1] + r
            else:
                used = w * size + prefix[k]
        spare = (used if used < full else full) + wilds - full
        if spare < 0:
            break
        out.append(spare)
    return out


def _pair_gap(a: int, b: int, values: Sequence[int]) -> int:
    """:func:`_family_gap` of two groups of sizes ``a >= b``: the best two patterns, or one."""
    ranked = sorted(values)
    v1 = ranked[-1]
    v2 = ranked[-2] if len(ranked) > 1 else 0
    total = a + b
    used = max(min(v1, total), min(v1, a) + min(v2, b))
    return total - used if total > used else 0


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
