"""The laydown search's walk: every laydown of a hand, or the first, in one order (C-9, C-10).

Internal to the laydown search (:mod:`phase10.laydown` is its public face). :class:`Walk`
walks the documented order (groups in phase order, shapes in shape order, naturals before
wilds, larger takes first) and asks the counting oracle (:mod:`phase10._laydown_oracle`)
before descending into the next group, so it never enters a branch without a laydown:
the first laydown costs one walk down to the first leaf, and the enumeration skips every
dead subtree. The same walk runs over two kinds of *items*:

- single cards (:func:`card_walk`): the distinct cards of the hand in canonical order, each
  with its count, for :func:`~phase10.iter_laydowns` and hands with cards foreign to the
  rules' deck;
- card classes (:func:`class_walk`): when every card of the hand belongs to the deck the
  rules describe, each class taken stands for its first cards left in canonical order
  (:meth:`phase10._laydown_plan.Plan.class_fits` says why that is the same laydown), so
  :func:`~phase10.find_laydown` walks 13 counts rather than 11 cards.

Its "first only" mode starts each group at the first shape the oracle found to work and
stops at the first leaf. The walk is depth-first without recursion: one generator, whose
state per group is a :class:`Cursor` with each moving part named (the shape tried, the
position in its items or places, the choice made at each position, the naturals taken),
so no call passes more than three arguments, a laydown costs no generator per step, and
nothing is a closure that would leave a reference cycle for the garbage collector. A step
of the budget (``Limits.max_search_nodes``) is one position entered, as one call of the
recursive search it replaces was. Tests compare all of it with a brute-force enumerator
(``tests/bruteforce.py``).
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator

import attrs

from phase10._fast import lru_cache, make_trusted
from phase10._laydown_oracle import Oracle
from phase10._laydown_plan import SORT_KEY, Plan, compiled_plan
from phase10.cards import Card, Color, Kind
from phase10.errors import SearchLimitError
from phase10.groups import (
    ColorRunOf,
    GroupType,
    Meld,
    MeldRules,
    Pattern,
    Repeat,
    Shape,
    Slots,
    Value,
)
from phase10.limits import Limits, check_limit
from phase10.phases import Phase, PhaseMelds, meld_colors, meld_order

__all__ = [
    "Cursor",
    "Found",
    "SuitRuns",
    "Walk",
    "build_meld",
    "card_walk",
    "class_walk",
    "counted_check",
    "distinct_laydowns",
    "engine_laydowns",
    "first_of",
    "listing_walk",
    "search_hand",
    "shape_colors",
    "suit_runs",
]

#: One laydown as the walk finds it: per group, its index, its shape and the items it
#: takes (card indices of a card walk, class ids of a class walk), in place order.
Found = list[tuple[int, Shape, list[int]]]


class Cursor:
    """Where a walk stands in one group of the phase: the walk's state, each part named.

    A walk holds one cursor per group it has entered. Entering the group sets ``naturals``,
    ``budget``, ``hi`` and ``pos``; trying a shape sets the shape's fields; the meld's
    depth-first choice moves ``depth``, ``taken``, ``picks`` and ``chosen``.
    """

    __slots__ = (
        "budget",
        "caps",
        "chosen",
        "colors",
        "depth",
        "down",
        "g",
        "hi",
        "idx",
        "items",
        "lacking",
        "lo",
        "naturals",
        "need",
        "open",
        "picks",
        "places",
        "pos",
        "shape",
        "suffix",
        "taken",
        "wilds",
    )

    #: the group's index in the phase
    g: int
    #: naturals the earlier groups took, and the wilds left for later suit runs (T-3)
    naturals: int
    budget: int
    #: the most cards a meld of the group may take
    hi: int
    #: a set-like shape before more sets of the same patterns: per number of naturals the
    #: meld takes, the most wilds it may take (Oracle.spare_caps: as many entries as it may
    #: take naturals, plus one); else None
    caps: list[int] | None
    #: the next place in the group's list of live shapes, and whether a shape is being tried
    pos: int
    open: bool
    #: the shape being tried, its index among the group's shapes, the naturals it needs
    #: (C-17, M-4), the colours it is restricted to when the phase wants distinct ones (T-3)
    shape: Shape
    idx: int
    need: int
    colors: frozenset[Color] | None
    #: a set-like shape: the items that fit its pattern, the items left among
    #: ``items[j:]`` (suffix sums), and the meld's least size; empty ``items`` for a run
    items: list[int]
    suffix: list[int]
    lo: int
    #: a run-like shape: per place, the items that fit it; per place, how many places from
    #: it on no natural left fits (only a wild can take them), and the wilds left, as the
    #: shape was entered
    places: list[list[int]]
    lacking: list[int]
    wilds: int
    #: the meld's choice: the position the walk is at (an item of a set-like shape, a
    #: place of a run-like one), whether it is entering that position (or coming back up
    #: to it), the naturals taken so far, and per position the choice made there (how
    #: many of the item, or which item of the place)
    depth: int
    down: bool
    taken: int
    picks: list[int]
    #: the items taken so far, in place order
    chosen: list[int]

    def __init__(self, g: int) -> None:
        # the walk sets the other fields as it enters the group and tries each shape
        self.g = g
        self.chosen = []
        self.picks = []


class Walk:
    """One walk over one hand's items, in the order :func:`~phase10.find_laydown` promises.

    ``counts`` holds each item's count left; ``natural`` says whether an item is a number
    card; ``fits`` lists, per pattern id of the plan, the items that can take its place,
    naturals first in canonical order. ``classes`` maps a card walk's items to their class
    (the oracle's counts are kept in step at every group boundary); it is ``None`` in a
    class walk, whose counts are the oracle's.
    """

    __slots__ = (
        "cards",
        "classes",
        "counts",
        "cursors",
        "distinct_colors",
        "first_only",
        "fits",
        "jumps",
        "natural",
        "oracle",
        "plan",
        "run_masks",
        "stack",
        "suits",
        "taken_colors",
        "twins",
        "wild_items",
    )

    def __init__(
        self,
        plan: Plan,
        oracle: Oracle,
        *,
        counts: list[int],
        natural: list[bool],
        fits: tuple[list[int], ...],
        classes: list[int] | None,
        cards: tuple[Card, ...] = (),
    ) -> None:
        self.plan = plan
        self.oracle = oracle
        self.counts = counts
        self.natural = natural
        self.fits = fits
        self.classes = classes
        #: the items that are wilds, in canonical order
        self.wild_items = [i for i, nat in enumerate(natural) if not nat]
        #: a card walk's items: the distinct cards of the hand, in canonical order
        self.cards = cards
        self.first_only = False
        self.distinct_colors = False
        self.suits: SuitRuns | None = None
        self.taken_colors: set[Color] = set()
        #: per group, its run-like shapes' places as bits of their pattern ids (see
        #: _next_shape), and those patterns; made when first needed
        self.run_masks: dict[int, tuple[list[int], tuple[int, ...]]] = {}
        #: per (group, lacking bits, wilds left, most cards), where the shapes not refused
        #: at once start from each position (see _jumps); at most one entry per shape choice
        self.jumps: dict[tuple[int, int, int, int], list[int]] = {}
        #: the laydown being built: one entry per group walked into
        self.stack: Found = []
        #: per group entered so far, where the walk stands in it
        self.cursors: list[Cursor] = []
        #: per group, the last earlier group of the same type (-1 if none), while
        #: :meth:`laydowns` tries identical groups in one order only
        self.twins: list[int] = []

    @property
    def wilds(self) -> list[int]:
        """The items that are wilds, in canonical order."""
        return list(self.wild_items)

    def fit_pattern(self, pattern: Pattern) -> list[int]:
        """The items that can take a place of ``pattern`` (a pattern of the phase)."""
        return self.fits[self.plan.pattern_ids[pattern]]

    def laydowns(
        self, *, distinct_colors: bool = False, suits: SuitRuns | None = None
    ) -> Iterator[Found]:
        """Every laydown, as (group index, shape, items) per group, in search order.

        The oracle need not have found the phase possible first (for a hand without a
        laydown none is yielded). Each laydown yielded is valid until the next is asked
        for. With ``distinct_colors`` (T-3), a group whose shape shares a
        colour with an earlier group's is skipped at once rather than filtered at the end,
        and ``suits`` bounds the wilds the later runs lack.
        """
        self.first_only = False
        self.distinct_colors = distinct_colors
        self.suits = suits
        # Identical groups (the two sets of phase 1) in one order only: a group's meld comes
        # no earlier, in the walk's order of melds, than the meld of the last earlier group
        # of the same type. The walk meets the melds of each group in one fixed order (shape
        # by shape, larger takes first), so of the permutations of a laydown's melds it keeps
        # exactly the one it met first: the laydowns come out as before, each once.
        last: dict[GroupType, int] = {}
        twins = []
        for g, group in enumerate(self.plan.groups):
            twins.append(last.get(group.group, -1))
            last[group.group] = g
        self.twins = twins
        return self._walk()

    def _in_order(self, at: Cursor) -> bool:
        """Whether the meld at ``at`` comes no earlier than its twin group's (see laydowns)."""
        tw = self.twins[at.g]
        if tw < 0:
            return True
        twin = self.cursors[tw]
        if twin.pos != at.pos:
            return at.pos > twin.pos
        if at.items:  # a set-like shape: larger takes first, so later is fewer at the first
            n = len(at.items)
            return at.picks[:n] <= twin.picks[:n]
        n = len(at.places)  # a run-like shape: each place's items in order
        return at.picks[:n] >= twin.picks[:n]

    def first(self) -> Found:
        """The first laydown of :meth:`laydowns`; the oracle must have found one.

        Identical groups are tried in every order here (the first laydown is the same).

        The walk's "first only" mode: each group starts at the first shape the oracle found
        to work (no earlier shape leads to a laydown), and the walk stops at the first leaf.
        """
        self.first_only = True
        self.twins = [-1] * len(self.plan.groups)
        found = next(self._walk(), None)
        if found is None:
            raise AssertionError("the oracle and the search disagree")  # pragma: no cover
        return list(found)

    def _walk(self) -> Iterator[Found]:
        """The depth-first walk over the groups, one meld of each: every laydown in order."""
        plan = self.plan
        last = len(plan.groups) - 1
        phase_need = plan.phase_need
        oracle = self.oracle
        classes = self.classes  # a card walk: the oracle counts classes, kept in step
        class_counts = oracle.counts
        suits = self.suits
        taken_colors = self.taken_colors
        stack = self.stack
        cursors = self.cursors
        twins = self.twins
        follows = plan.follows
        g = 0
        at = self._enter(0, 0, suits.wilds if suits is not None else 0)
        while True:
            if not at.open:
                if self._next_shape(at):
                    continue
                if not g:
                    return
                # group g is done: back to the meld of group g - 1 that led to it
                g -= 1
                at = cursors[g]
                stack.pop()
                if at.colors is not None:
                    taken_colors.difference_update(at.colors)
                if classes is not None:
                    for i in at.chosen:
                        class_counts[classes[i]] += 1
                continue
            if not (self._next_set(at) if at.items else self._next_run(at)):
                at.open = False  # every meld of this shape was tried
                continue
            if twins[g] >= 0 and not self._in_order(at):
                continue  # the same laydown with identical groups in another order
            chosen = at.chosen
            colors = at.colors
            used = at.naturals + at.taken
            left = at.budget - (len(chosen) - at.taken)
            if (
                suits is not None
                and g < last
                and colors is not None
                and not suits.fits(g + 1, frozenset(taken_colors | colors), left)
            ):
                continue  # the later runs would lack wilds whatever colours they take
            if g == last:
                if used >= phase_need:
                    stack.append((g, at.shape, list(chosen)))
                    yield stack
                    stack.pop()
                continue
            if classes is not None:
                for i in chosen:
                    class_counts[classes[i]] -= 1
            lo = at.idx if follows[g + 1] else 0
            if oracle.feasible(g + 1, phase_need - used if phase_need > used else 0, lo):
                if colors is not None:
                    taken_colors.update(colors)
                stack.append((g, at.shape, list(chosen)))
                g += 1
                at = self._enter(g, used, left)
            elif classes is not None:
                for i in chosen:
                    class_counts[classes[i]] += 1

    def _enter(self, g: int, naturals: int, budget: int) -> Cursor:
        """The cursor of group ``g``, set to walk into it; the earlier groups took ``naturals``."""
        cursors = self.cursors
        if len(cursors) == g:
            cursors.append(Cursor(g))
        at = cursors[g]
        at.naturals = naturals
        at.budget = budget
        group = self.plan.groups[g]
        # the groups after this one need their cards too
        at.hi = group.size if self.oracle.minimal else sum(self.counts) - self.plan.after[g]
        phase_need = self.plan.phase_need
        rem = phase_need - naturals if phase_need > naturals else 0
        at.pos = 0
        tw = self.twins[g] if self.twins else -1
        if tw >= 0:  # no shape before the twin group's (see laydowns)
            at.pos = self.cursors[tw].pos - 1
        if self.first_only:
            # start at the first shape the oracle found to work: no earlier one leads anywhere
            lo = self.cursors[g - 1].idx if self.plan.follows[g] else 0
            start = self.oracle.start(g, rem, lo)
            if start:
                at.pos = group.live[self.oracle.minimal].index(start)
        at.open = False
        return at

    def _next_shape(self, at: Cursor) -> bool:
        """Set ``at`` to the next shape worth trying; False when none is left."""
        group = self.plan.groups[at.g]
        live = group.live[self.oracle.minimal]
        shapes = group.shapes
        size = group.size
        counts = self.counts
        fits = self.fits
        distinct = self.distinct_colors
        natural = self.natural
        # the wilds left: the same for every shape (each starts from the group's counts)
        wilds = sum([counts[i] for i in self.wild_items])
        end = len(live)
        # the bits of the group's patterns that no natural left fits, made at the first
        # run-like shape: each such place takes a wild, so a shape with more of them than
        # wilds left is skipped at once (_run_bound would find the same)
        lacking_mask = -1
        masks: list[int] = []
        jump: list[int] = []
        g = at.g
        # listing a group of sets between the first and the last, before more sets, the
        # oracle says which shape from here on is the first to lead to a laydown (the state
        # the walk entered the group with is the one it proved feasible: every meld of a
        # shape was taken back), so the shapes before it, each with all its melds, are not
        # walked; sets with extras have many melds (before runs, few: not worth asking)
        plan = self.plan
        sets = plan.set_suffix[g] if g < len(plan.groups) - 1 else None
        ask = sets is not None and g > 0 and not self.first_only
        bounded = sets is not None and sets[2] > _FEW_SETS
        oracle = self.oracle
        if ask:
            rem = plan.phase_need - at.naturals
            if rem < 0:
                rem = 0
        while at.pos < end:
            idx = live[at.pos]
            if ask:
                first = oracle.first_from(g, rem, idx)
                if first < 0:
                    at.pos = end
                    return False
                if first != idx:
                    at.pos = bisect.bisect_left(live, first)
                    idx = first
            at.pos += 1
            shape, pids, need, length = shapes[idx]
            colors = None
            if distinct:
                # rule T-3: one suit + another suit (shapes of a taken colour are skipped)
                colors = shape_colors(shape)
                if colors is not None and not self.taken_colors.isdisjoint(colors):
                    continue
            if not length:
                items = fits[pids[0]]
                suffix, nat = self._available(items)
                if not items or suffix[0] < size or nat < need:
                    continue
                if bounded:
                    # the later groups are sets of the same patterns: a meld that takes
                    # more naturals or wilds than they can spare leaves them too few, so
                    # it is not walked (it would be an oracle's "no")
                    caps = oracle.spare_caps(g + 1, pids[0])
                    if not caps:
                        continue
                    at.caps = caps
                else:
                    at.caps = None
                at.items = items
                at.suffix = suffix
                at.lo = size
                length = len(items)
            else:
                if lacking_mask < 0:
                    masks, lacking_mask = self._lacking(at.g)
                    jump = self._jumps(at.g, masks, lacking_mask, wilds, at.hi)
                if length > at.hi or (masks[idx] & lacking_mask).bit_count() > wilds:
                    at.pos = jump[at.pos]  # past the shapes refused the same way
                    continue
                places = [fits[p] for p in pids]
                lacking = _run_bound(places, counts, natural, wilds)
                if lacking is None:
                    continue  # more places only a wild can take than wilds
                at.items = []
                at.places = places
                at.lacking = lacking
                at.wilds = wilds
            picks = at.picks
            if len(picks) < length:  # a choice per position; each is made before it is read
                picks.extend([0] * (length - len(picks)))
            at.shape = shape
            at.idx = idx
            at.need = need
            at.colors = colors
            at.depth = 0
            at.down = True
            at.taken = 0
            at.open = True
            return True
        return False

    def _lacking(self, g: int) -> tuple[list[int], int]:
        """Per shape of group ``g``, its places' pattern bits; the bits no natural left fits."""
        known = self.run_masks.get(g)
        if known is None:
            masks = []
            used = 0
            for _shape, pids, _need, length in self.plan.groups[g].shapes:
                mask = 0
                if length:
                    for p in pids:
                        mask |= 1 << p
                masks.append(mask)
                used |= mask
            patterns = tuple([p for p in range(used.bit_length()) if used >> p & 1])
            known = self.run_masks[g] = (masks, patterns)
        masks, patterns = known
        counts = self.counts
        natural = self.natural
        fits = self.fits
        lacking = 0
        for p in patterns:
            for i in fits[p]:
                if not natural[i]:  # naturals come first
                    lacking |= 1 << p
                    break
                if counts[i]:
                    break
            else:
                lacking |= 1 << p
        return masks, lacking

    def _jumps(self, g: int, masks: list[int], lacking: int, wilds: int, hi: int) -> list[int]:
        """Per position of group ``g``'s live shapes, the first from it on not refused at once.

        A run-like shape is refused at once when it is longer than ``hi`` or its places hold
        more of the bits ``lacking`` than ``wilds``; a set-like shape never is. Kept per
        walk by ``(g, lacking, wilds, hi)``: the walk meets the same states again and again.
        """
        key = (g, lacking, wilds, hi)
        jump = self.jumps.get(key)
        if jump is None:
            group = self.plan.groups[g]
            live = group.live[self.oracle.minimal]
            shapes = group.shapes
            n = len(live)
            jump = [n] * (n + 1)
            at = n
            for pos in range(n - 1, -1, -1):
                idx = live[pos]
                length = shapes[idx][3]
                if not length or (length <= hi and (masks[idx] & lacking).bit_count() <= wilds):
                    at = pos
                jump[pos] = at
            self.jumps[key] = jump
        return jump

    def _available(self, items: list[int]) -> tuple[list[int], int]:
        """Suffix sums of the items left among ``items``, and how many of them are naturals.

        The sums prune branches that can no longer reach a group's size.
        """
        counts = self.counts
        natural = self.natural
        suffix = [0] * (len(items) + 1)
        nat = 0
        for j in range(len(items) - 1, -1, -1):
            i = items[j]
            suffix[j] = suffix[j + 1] + counts[i]
            if natural[i]:
                nat += counts[i]
        return suffix, nat

    def _next_set(self, at: Cursor) -> bool:
        """The next meld of a set-like shape: from each item in turn, the most it can take first.

        Resumes where ``at`` stands; on a meld, stops at its end, to come back up from there.
        """
        oracle = self.oracle
        counts = self.counts
        natural = self.natural
        items = at.items
        suffix = at.suffix
        picks = at.picks
        chosen = at.chosen
        caps = at.caps
        n = len(items)
        lo = at.lo
        hi = at.hi
        need = at.need
        j = at.depth
        taken = at.taken
        down = at.down
        while True:
            if down:  # entering position j
                oracle.nodes -= 1
                if oracle.nodes < 0:
                    raise oracle.spent()
                size = len(chosen)
                if j == n:
                    if size >= lo and taken >= need:
                        at.depth = j
                        at.taken = taken
                        at.down = False
                        return True
                    down = False
                elif size + suffix[j] < lo:
                    down = False
                else:
                    i = items[j]
                    room = hi - size
                    if caps is not None:  # what the later sets can spare (_next_shape)
                        cap = len(caps) - 1 - taken if natural[i] else caps[taken] - size + taken
                        if cap < room:
                            room = cap
                    t = counts[i] if counts[i] < room else room
                    picks[j] = t
                    if t:
                        chosen.extend([i] * t)
                        counts[i] -= t
                        if natural[i]:
                            taken += t
                    j += 1
                continue
            # back up from position j to the choice made at j - 1: one card fewer of it
            if not j:
                return False
            j -= 1
            i = items[j]
            t = picks[j]
            if not t:
                continue  # every take of this item was tried
            counts[i] += 1
            chosen.pop()
            if natural[i]:
                taken -= 1
            picks[j] = t - 1
            j += 1
            down = True

    def _next_run(self, at: Cursor) -> bool:
        """The next meld of a run-like shape: each place takes the items that fit it in order.

        Resumes where ``at`` stands; on a meld, stops at its end, to come back up from there.
        """
        oracle = self.oracle
        counts = self.counts
        natural = self.natural
        places = at.places
        picks = at.picks
        chosen = at.chosen
        n = len(places)
        need = at.need
        lacking = at.lacking
        wilds = at.wilds
        k = at.depth
        taken = at.taken
        down = at.down
        while True:
            q = 0
            if down:  # entering place k
                oracle.nodes -= 1
                if oracle.nodes < 0:
                    raise oracle.spent()
                if k == n:
                    if taken >= need:
                        at.depth = k
                        at.taken = taken
                        at.down = False
                        return True
                    down = False
                    continue
                # too few places left for the naturals the shape needs, or too few wilds
                # left for the places only a wild can take (k - taken wilds are placed)
                if taken + n - k < need or lacking[k] > wilds - k + taken:
                    down = False
                    continue
            else:  # back up from place k to the item chosen at k - 1: try the next one
                if not k:
                    return False
                k -= 1
                q = picks[k]
                i = places[k][q]
                counts[i] += 1
                chosen.pop()
                if natural[i]:
                    taken -= 1
                q += 1
            fit = places[k]
            end = len(fit)
            while q < end and not counts[fit[q]]:
                q += 1
            if q == end:
                down = False
                continue
            i = fit[q]
            picks[k] = q
            counts[i] -= 1
            chosen.append(i)
            if natural[i]:
                taken += 1
            k += 1
            down = True


def _run_bound(
    places: list[list[int]], counts: list[int], natural: list[bool], wilds: int
) -> list[int] | None:
    """Per place of a run-like shape, how many places from it on no natural left fits.

    ``None`` when there are more such places than ``wilds``, the wilds left. A meld's
    choice only takes items, so a place no natural fits now is one only a wild can take,
    each wild once: a choice that leaves fewer wilds than such places has no meld below it.
    """
    n = len(places)
    lacking = [0] * (n + 1)
    short = 0
    for k in range(n - 1, -1, -1):
        for i in places[k]:
            if counts[i] and natural[i]:
                break
        else:
            short += 1
            if short > wilds:
                return None
        lacking[k] = short
    return lacking


def card_walk(plan: Plan, hand: tuple[Card, ...], oracle: Oracle) -> Walk:
    """A walk over the single cards of ``hand``: its distinct cards in canonical order."""
    cards: list[Card] = []
    counts: list[int] = []
    last = None
    # equal cards have equal sort keys
    for card in sorted(hand, key=SORT_KEY):
        key = card.sort_key
        if key == last:
            counts[-1] += 1
        elif card.kind is not Kind.NUMBER and card.kind is not Kind.WILD:
            continue  # rule C-19: a skip is never part of a group (nor an action card)
        else:
            cards.append(card)
            counts.append(1)
            last = key
    natural = [c.kind is Kind.NUMBER for c in cards]
    classify = plan.classify
    classes = [classify(c) for c in cards]
    # per pattern id: the cards that can take its place, naturals first, canonical order
    fits: tuple[list[int], ...] = tuple([] for _ in plan.patterns)
    accepts = plan.accepts
    for natural_pass in (True, False):
        for i, c in enumerate(classes):
            if c >= 0 and natural[i] is natural_pass:
                for p in accepts[c]:
                    fits[p].append(i)
    return Walk(
        plan,
        oracle,
        counts=counts,
        natural=natural,
        fits=fits,
        classes=classes,
        cards=tuple(cards),
    )


def class_walk(plan: Plan, oracle: Oracle) -> Walk:
    """A walk over the card classes counted by ``oracle``; the plan's ``fast`` map in use."""
    fits = plan.class_fits()
    return Walk(plan, oracle, counts=oracle.counts, natural=plan.natural, fits=fits, classes=None)


def search_hand(
    hand: tuple[Card, ...], phase: Phase, rules: MeldRules, minimal: bool, budget: int
) -> Walk | None:
    """A card walk over ``hand``, or ``None`` when the phase cannot be laid down at all."""
    plan = compiled_plan(phase, rules)
    oracle = Oracle(plan, plan.class_counts(hand), minimal, budget)
    try:
        possible = oracle.possible()
    finally:
        oracle.settle()  # the walk settles the steps it spends later itself
    if not possible:
        return None
    return card_walk(plan, hand, oracle)


def listing_walk(
    cards: tuple[Card, ...], phase: Phase, rules: MeldRules, minimal: bool, limits: Limits
) -> tuple[Walk, SuitRuns | None] | None:
    """The walk :func:`distinct_laydowns` lists (and the T-3 bounds), ``None`` for no laydown.

    For cards already checked (:func:`~phase10.iter_laydowns` checks a caller's hand).

    Raises:
        SearchLimitError: the oracle needed more than ``limits.max_search_nodes`` steps.
    """
    suits = suit_runs(cards, phase, rules) if phase.distinct_colors else None
    if suits is not None and not suits.fits(0, frozenset(), suits.wilds):
        return None
    walk = search_hand(cards, phase, rules, minimal, limits.max_search_nodes)
    return None if walk is None else (walk, suits)


def engine_laydowns(
    hand: tuple[Card, ...], phase: Phase, rules: MeldRules, minimal: bool, limits: Limits
) -> Iterator[PhaseMelds]:
    """:func:`~phase10.iter_laydowns` of a hand that :func:`counted_check` let through.

    The engine's exact existence check (C-9, C-10): nothing is checked again (the engine's
    hand, its size checked by :func:`counted_check`), and the oracle is not asked first
    whether the phase can be laid down at all: the walk asks it before each later group,
    so it yields exactly the laydowns there are, none for a hand without one (a phase of
    distinct colours, T-3, asks it first, with its colour bounds). Asking first cost
    another 0.9% of a 4-player playout's instructions (docs/performance.md).

    Raises:
        SearchLimitError: the search needed more than ``limits.max_search_nodes`` steps.
    """
    if phase.distinct_colors:
        found = listing_walk(hand, phase, rules, minimal, limits)
        if found is None:
            return
        walk, suits = found
    else:
        plan = compiled_plan(phase, rules)
        counts = plan.class_counts(hand)
        walk = card_walk(plan, hand, Oracle(plan, counts, minimal, limits.max_search_nodes))
        suits = None
    yield from distinct_laydowns(walk, phase, rules, suits)


def counted_check(hand: tuple[Card, ...], phase: Phase, rules: MeldRules, limits: Limits) -> bool:
    """The engine's first check: ``False`` only when ``hand`` cannot lay ``phase`` down.

    Enough cards and the counted pre-check
    (:meth:`~phase10._laydown_plan.Plan.may_lay_down`): no search, no step spent, so the
    engine asks it before opening a work budget.

    Raises:
        LimitError: the hand holds more cards than ``limits.max_deck_size``.
    """
    if len(hand) > limits.max_deck_size:
        check_limit(len(hand), "max_deck_size", "hand", limits)  # it raises
    plan = compiled_plan(phase, rules)
    return len(hand) >= plan.size and plan.may_lay_down(hand)


def distinct_laydowns(
    walk: Walk, phase: Phase, rules: MeldRules, suits: SuitRuns | None
) -> Iterator[PhaseMelds]:
    """Every distinct laydown of a card walk's hand, each once: :func:`~phase10.iter_laydowns`.

    The walk's oracle may have found the phase possible, or not been asked (the walk
    yields nothing then for a hand without a laydown); ``suits`` bounds a phase of
    distinct colours (T-3), as :func:`suit_runs` gives them. The walk's steps are settled
    when the listing ends.

    Raises:
        SearchLimitError: the walk and the laydowns it built took more than the oracle's
            budget of steps.
    """
    groups = phase.groups
    blocks: dict[GroupType, list[int]] = {}
    for i, g in enumerate(groups):
        blocks.setdefault(g, []).append(i)
    twins = [idxs for idxs in blocks.values() if len(idxs) > 1]
    # a laydown is known by the number of each of its melds' canonical orders (see below)
    seen: set[tuple[object, ...]] = set()
    constrained = phase.distinct_colors
    oracle = walk.oracle
    plan_groups = walk.plan.groups
    cards = walk.cards
    # each meld is built once per listing (many laydowns of a big hand share their melds),
    # with a number in this listing per distinct meld: its cards (the walk's items, one per
    # distinct card) and their values, what its canonical order tells apart (equal melds,
    # equal numbers: a laydown's key compares small ints instead of nested tuples); its
    # canonical order itself only when melds of equal groups are ordered by it; the shapes
    # are the plan's own, alive for the whole listing
    built: dict[tuple[int, int, tuple[int, ...]], _Built] = {}
    numbers: dict[tuple[tuple[int, ...], tuple[Value, ...]], int] = {}
    # the charge bounds the work: each group of a laydown its look-up and its part of the
    # laydown's key and order, and a meld built (the first time only) a few dozen steps
    cost = _GROUP_COST * len(groups)
    try:
        for found in walk.laydowns(distinct_colors=constrained, suits=suits):
            oracle.nodes -= cost
            if oracle.nodes < 0:
                raise oracle.spent()
            placed = []
            for index, shape, chosen in found:
                at = (index, id(shape), tuple(chosen))
                one = built.get(at)
                if one is None:
                    oracle.nodes -= _BUILD_COST
                    if oracle.nodes < 0:
                        raise oracle.spent()
                    group = plan_groups[index].group
                    meld = build_meld(group, shape, tuple([cards[i] for i in at[2]]))
                    number = numbers.setdefault((at[2], meld.values), len(numbers))
                    one = built[at] = (meld, meld_order(meld) if twins else (), number)
                placed.append(one)
            melds = tuple([one[0] for one in placed])
            if constrained and phase.problem(melds, rules=rules) is not None:
                continue
            if twins:
                # the melds of equal groups in canonical order, the order PhaseMelds gives
                # them (meld_order, computed once per meld); that order is one-to-one on
                # the melds' numbers, so the numbers in it are the laydown's key: equal
                # groups' melds in any order, one laydown (one sort a block, not two)
                ordered = list(placed)
                for idxs in twins:
                    block = sorted([placed[i] for i in idxs], key=_order)
                    for i, meld_of in zip(idxs, block, strict=True):
                        ordered[i] = meld_of
                key = tuple([one[2] for one in ordered])
                if key in seen:
                    continue
                melds = tuple([one[0] for one in ordered])
            else:
                key = tuple([one[2] for one in placed])
                if key in seen:
                    continue
            seen.add(key)
            yield _laydown(phase, melds)
    finally:
        oracle.settle()


#: A group of sets with at most this many groups from it on (all sets) is walked without
#: bounding its melds by what the later sets can spare (Walk._next_shape): the later
#: oracle's answers are few and cheap, and the bounds cost more steps than they save
#: (Phase 10 Master's "4 pairs")
_FEW_SETS = 4

#: The search steps distinct_laydowns counts per group of each laydown it lists: the meld's
#: look-up, and its part of the laydown's key, order and construction.
_GROUP_COST = 2

#: The search steps distinct_laydowns counts for building a meld, once per listing: a
#: laydown that reuses the melds of earlier ones costs only its groups' _GROUP_COST.
_BUILD_COST = 40

#: A laydown the listing built itself, its melds in canonical order (see distinct_laydowns).
_laydown = make_trusted(PhaseMelds)

#: A meld a listing built, with its canonical order (when the phase has equal groups, else
#: empty) and its number in the listing.
_Built = tuple[Meld, tuple[tuple[object, str], ...], int]


def _order(one: _Built) -> tuple[tuple[object, str], ...]:
    """A built meld's canonical order: the key of the sort of a block of equal groups."""
    return one[1]


def first_of(laydowns: Iterator[PhaseMelds], most: int) -> tuple[PhaseMelds, ...]:
    """The first ``most`` of ``laydowns``: :func:`~phase10.first_laydowns`.

    When the steps run out after a laydown was found, the listing stops there.

    Raises:
        SearchLimitError: the steps ran out before the first laydown was found.
    """
    out: list[PhaseMelds] = []
    try:
        for laydown in laydowns:
            out.append(laydown)
            if len(out) >= most:
                break
    except SearchLimitError:
        if not out:
            raise
    return tuple(out)


def build_meld(group: GroupType, shape: Shape, cards: tuple[Card, ...]) -> Meld:
    """The meld of ``cards`` in place order as ``shape`` of ``group``, wilds valued by place."""
    patterns = (shape.pattern,) * len(cards) if isinstance(shape, Repeat) else shape.patterns
    values = tuple(
        [
            Value(c.number, c.color) if c.kind is Kind.NUMBER else p.value_for(c)
            for p, c in zip(patterns, cards, strict=True)
        ]
    )
    return _meld(group, shape, cards, values)  # one value per card, by the strict zip


#: A meld the search built itself (the trusted construction of :mod:`phase10._fast`).
_meld = make_trusted(Meld)


_COLORS = tuple(Color)


@lru_cache(maxsize=4096, key="a `Shape`", why="the colours a shape allows follow from the shape")
def shape_colors(shape: Shape) -> frozenset[Color] | None:
    """The colours ``shape`` is restricted to (:func:`phase10.phases.meld_colors`), cached."""
    return meld_colors(shape)


@attrs.frozen
class SuitRuns:
    """Bounds for phases of same-colour runs in different colours (T-3).

    Per group and colour, the fewest wilds a run lacks, from bitmasks of the numbers held,
    and the wilds held.

    A run of one colour uses only naturals of its colour, so these bounds are exact about
    natural cards, and a wild counts as taking any place (a bound, for a ranged one): they
    prune the search as well as reject hands outright, never a laydown there is.
    """

    lacking: tuple[dict[Color, int], ...]
    wilds: int

    def fits(self, g: int, used: frozenset[Color], budget: int) -> bool:
        """Whether groups ``g`` onwards can still be made in colours not ``used``."""
        if g == len(self.lacking):
            return True
        return any(
            color not in used and cost <= budget and self.fits(g + 1, used | {color}, budget - cost)
            for color, cost in self.lacking[g].items()
        )


def suit_runs(cards: tuple[Card, ...], phase: Phase, rules: MeldRules) -> SuitRuns | None:
    """The :class:`SuitRuns` bounds, or ``None`` when they do not apply.

    They do not apply to other group types or wrapping runs: then the search alone
    decides. Every wild counts as one that takes any place: exact for plain wilds and for
    ranged ones (M-2) that cover every number and colour (the analysis adds such wilds to
    hands of Phase 10 Master); for a wild ranged short of that, the bounds ask less than
    the cards can give, so they still refuse only what no laydown has (a second colour
    with too few naturals, M-4) and leave the rest to the search.
    """
    if rules.runs_wrap or not all(isinstance(g, ColorRunOf) for g in phase.groups):
        return None
    top = rules.max_number
    # colours by their place in the sort key: hashing an enum member runs Python code
    masks = [0] * len(_COLORS)
    wilds = 0
    for card in cards:
        if card.kind is Kind.NUMBER:
            key = card.sort_key
            masks[key[2]] |= 1 << (key[1] - 1)
        elif card.kind is Kind.WILD:
            wilds += 1
    need = rules.naturals_needed(Slots(()))
    lacking: list[dict[Color, int]] = []
    for group in phase.groups:
        size = group.size
        window = (1 << size) - 1
        best: dict[Color, int] = {}
        for color in rules.colors:
            mask = masks[_COLORS.index(color)]
            have = 0
            for start in range(top - size + 1):
                n = ((mask >> start) & window).bit_count()
                if n > have:
                    have = n
            if have >= need and size - have <= wilds:
                best[color] = size - have
        lacking.append(best)
    return SuitRuns(tuple(lacking), wilds)
