"""Finding every way a hand lays down a phase: an exact search, never greedy (C-9, C-10)."""

from __future__ import annotations

import operator
import threading
from collections.abc import Iterable, Iterator

import attrs

from phase10._fast import BoundedCache, declare, lru_cache, reuse
from phase10.cards import SKIP, WILD, Card, Color, Kind, format_cards, parse_cards
from phase10.errors import InvalidCardError, SearchLimitError
from phase10.groups import (
    CLASSIC_MELD_RULES,
    ColorRunOf,
    GroupType,
    Meld,
    MeldRules,
    NaturalScope,
    Pattern,
    Repeat,
    Shape,
    Slots,
    Value,
    shape_index,
)
from phase10.limits import DEFAULT_LIMITS, Limits, check_limit
from phase10.phases import Phase, PhaseMelds, meld_colors, meld_order

__all__ = ["explain", "find_laydown", "iter_laydowns"]


def _coerce_hand(hand: str | Iterable[Card], rules: MeldRules) -> tuple[Card, ...]:
    game = rules.game
    if isinstance(hand, str):
        return parse_cards(hand, game=game)
    cards = tuple(hand)
    has = game.has
    for card in cards:
        if not isinstance(card, Card):
            raise TypeError(f"expected Card objects or a notation string, got {card!r}")
        if not has(card):
            raise InvalidCardError(f"{game.refusal(card)}, in the hand {format_cards(cards)}")
    return cards


# How the search works
# --------------------
# A phase under a rule set is compiled once into a _Plan: every group's shapes in search
# order, each place of a shape as a pattern id. Cards that no pattern of the phase tells
# apart (R7 and B7 when the phase has only sets and runs) fall into one *class*.
#
# _Oracle answers "can groups g.. still be made from what is left?" exactly, on class counts,
# memoised per hand. Working on classes removes the colour symmetry that makes a search over
# single cards exponential, and cheap necessary conditions (enough cards for the pattern,
# a wild for every place of a run without a natural) reject most hands before any search.
#
# _Search walks single cards in the documented order (groups in phase order, shapes in
# shape order, naturals before wilds, larger takes first) and asks the oracle before
# descending into the next group, so it never enters a branch without a laydown: find_laydown
# costs one walk down to the first leaf, and iter_laydowns skips every dead subtree.
#
# find_laydown skips even that walk when every card of the hand belongs to the deck the rules
# describe (always, in the classic game): _Oracle.first walks the same order on classes, and
# each class taken stands for its first cards left in canonical order (_Plan._block_order
# says why that is the same laydown). Tests compare all of it with a brute-force enumerator.

_SORT_KEY = operator.attrgetter("sort_key")

#: One shape of a group: (shape, pattern id per place, naturals needed, length); the length
#: is 0 for a set-like (Repeat) shape, whose single pattern id is pids[0].
_Entry = tuple[Shape, tuple[int, ...], int, int]


class _Group:
    """One group of a phase, compiled: its shapes in search order, as pattern ids."""

    __slots__ = ("group", "has_repeats", "live", "masks", "shapes", "size")

    def __init__(self, group: GroupType, shapes: tuple[_Entry, ...]):
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


class _Plan:
    """What every search of one phase under one rule set shares, computed once.

    Classes are found lazily, one per distinct (natural?, accepted patterns) signature; a card
    no pattern accepts (a skip) gets class -1.
    """

    def __init__(self, phase: Phase, rules: MeldRules):
        self.phase = phase
        self.rules = rules
        ids: dict[Pattern, int] = {}
        groups: list[_Group] = []
        for group in phase.groups:
            index = shape_index(group, rules)
            entries: list[_Entry] = [
                (rep, (ids.setdefault(rep.pattern, len(ids)),), rules.naturals_needed(rep), 0)
                for rep in index.repeats
            ]
            for length, shapes in index.slots_by_length.items():
                for s in shapes:
                    pids = tuple(ids.setdefault(p, len(ids)) for p in s.patterns)
                    entries.append((s, pids, rules.naturals_needed(s), length))
            groups.append(_Group(group, tuple(entries)))
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
            key=_SORT_KEY,
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
    "_Plan.class_of",
    kind="BoundedCache",
    key="a `Card` (one cache per plan)",
    bound=_MAX_CARDS,
    why="a card's class is fixed once assigned",
)
_MAX_PLANS = 256
_PLANS: BoundedCache[tuple[Phase, MeldRules], _Plan] = BoundedCache(
    _MAX_PLANS,
    name="_PLANS",
    key="`(Phase, MeldRules)`",
    why="a plan is derived from the phase and the rules only",
)


def compiled_plan(phase: Phase, rules: MeldRules) -> _Plan:
    """The search plan of ``phase`` under ``rules``, compiled once and cached.

    Not part of the public API; the bots classify cards with it (``plan.classify``). A
    new plan object (after the cache was cleared) numbers the card classes afresh.
    """
    key = (phase, rules)
    plan = _PLANS.get(key)
    if plan is None:
        plan = _PLANS.put(key, _Plan(phase, rules))
    return plan


class _Oracle:
    """Exact answers to "can groups g.. still be made?" on class counts, memoised per hand.

    ``counts`` is shared with the :class:`_Search` of the same hand, which keeps it in step.
    """

    __slots__ = ("budget", "counts", "first_shape", "last", "memo", "minimal", "nodes", "plan")

    def __init__(self, plan: _Plan, counts: list[int], minimal: bool, budget: int):
        self.plan = plan
        #: steps left before the search gives up (Limits.max_search_nodes); every step of
        #: the oracle and of the search over single cards spends one
        self.nodes = self.budget = budget
        self.counts = counts
        self.minimal = minimal
        self.last = len(plan.groups) - 1
        self.memo: dict[tuple[int, ...], bool] = {}
        #: for each state found feasible, the index of the first shape that works
        self.first_shape: dict[tuple[int, ...], int] = {}

    def possible(self) -> bool:
        """Whether the whole phase can be laid down from ``counts``."""
        if sum(self.counts) < self.plan.size:
            return False
        # every later group must be possible on its own: cheap, and rejects most hands
        for g in range(self.last, 0, -1):
            if self._alone(g, 0) < 0:
                return False
        return self.feasible(0, self.plan.phase_need)

    def spent(self) -> SearchLimitError:
        """The error for a search whose budget ran out."""
        maximum = self.budget
        return SearchLimitError(
            f"the laydown search for {self.plan.phase} gave up after {maximum} steps "
            "(Limits.max_search_nodes): the hand or the phase is far larger than any real "
            "game's; raise the limit with limits= if you really need the answer",
            path="hand",
            limit="max_search_nodes",
            maximum=maximum,
            value=maximum + 1,
        )

    def feasible(self, g: int, rem: int) -> bool:
        """Whether groups ``g``.. can be made from the counts with ``rem`` more naturals."""
        self.nodes -= 1
        if self.nodes < 0:
            raise self.spent()
        key = (g, rem, *self.counts)
        found = self.memo.get(key)
        if found is None:
            first = self._alone(g, rem) if g == self.last else self._extend(g, rem)
            found = self.memo[key] = first >= 0
            if found:
                self.first_shape[key] = first
        return found

    def start(self, g: int, rem: int) -> int:
        """The first shape of group ``g`` worth trying in the current (feasible) state."""
        return self.first_shape.get((g, rem, *self.counts), 0)

    def _census(self, per_pattern: bool) -> tuple[list[int], int, int, int]:
        """Naturals per pattern (if ``per_pattern``), patterns with a natural, wilds, cards."""
        plan = self.plan
        natural = plan.natural
        masks = plan.masks
        pnat = [0] * len(plan.patterns) if per_pattern else []
        accepts = plan.accepts
        present = wilds = total = 0
        for c, n in enumerate(self.counts):
            if n:
                total += n
                if natural[c]:
                    present |= masks[c]
                    if per_pattern:
                        for p in accepts[c]:
                            pnat[p] += n
                else:
                    wilds += n
        return pnat, present, wilds, total

    def _alone(self, g: int, rem: int) -> int:
        """The first shape of group ``g`` the counts make alone (``rem`` naturals), or -1."""
        plan = self.plan
        group = plan.groups[g]
        counts = self.counts
        size = group.size
        minimal = self.minimal
        wild_acc = plan.wild_acc
        pnat, present, wilds, total = self._census(group.has_repeats)
        self.nodes -= len(counts) + len(group.shapes)
        simple = plan.simple(g)
        shapes = group.shapes
        for idx in group.live[minimal]:
            _, pids, need, length = shapes[idx]
            if rem > need:
                need = rem
            if not length:  # a set-like shape: enough cards, enough of them natural
                p = pids[0]
                nat = pnat[p]
                if nat < need or (minimal and need > size):
                    continue
                tot = nat
                for c in wild_acc[p]:
                    tot += counts[c]
                if tot >= (size if size > need else need):
                    return idx
            elif length <= total:
                # a run-like shape: at most one natural a place, and a wild for every other
                have = (group.masks[idx] & present).bit_count()
                if (
                    have >= need
                    and length - have <= wilds
                    and (simple[idx] or self._fill(pids, 0, 0, need))
                ):
                    return idx
        return -1

    def first(self) -> list[tuple[int, Shape, list[int]]]:
        """The first laydown, in the order of :meth:`_Search.first`, as class ids per group.

        Only for a feasible state and a plan whose ``fast`` map is in use. Takes the cards
        out of ``counts``.
        """
        out: list[tuple[int, Shape, list[int]]] = []
        if not self._first(0, 0, out):
            raise AssertionError("the oracle and the search disagree")  # pragma: no cover
        out.reverse()
        return out

    def _first(self, g: int, naturals: int, out: list[tuple[int, Shape, list[int]]]) -> bool:
        plan = self.plan
        group = plan.groups[g]
        counts = self.counts
        size = group.size
        hi = size if self.minimal else sum(counts)
        phase_need = plan.phase_need
        rem = phase_need - naturals if phase_need > naturals else 0
        nat_order = plan.nat_order
        wild_acc = plan.wild_acc
        shapes = group.shapes
        start = self.first_shape.get((g, rem, *counts), 0)
        for idx in group.live[self.minimal]:
            if idx < start:
                continue
            shape, pids, need, length = shapes[idx]
            if not length:
                acc = nat_order[pids[0]] + wild_acc[pids[0]]
                suffix = [0] * (len(acc) + 1)
                for j in range(len(acc) - 1, -1, -1):
                    suffix[j] = suffix[j + 1] + counts[acc[j]]
                if suffix[0] >= size and self._first_take(
                    g, shape, acc, suffix, 0, 0, need, hi, naturals, [], out
                ):
                    return True
            elif length <= hi:
                places = [nat_order[p] + wild_acc[p] for p in pids]
                if self._first_place(g, shape, places, 0, 0, need, naturals, [], out):
                    return True
        return False

    def _first_leaf(
        self,
        g: int,
        shape: Shape,
        chosen: list[int],
        used: int,
        out: list[tuple[int, Shape, list[int]]],
    ) -> bool:
        phase_need = self.plan.phase_need
        if g == self.last:
            ok = used >= phase_need
        else:
            ok = self.feasible(g + 1, phase_need - used if phase_need > used else 0) and (
                self._first(g + 1, used, out)
            )
        if ok:
            out.append((g, shape, list(chosen)))
        return ok

    def _first_take(
        self,
        g: int,
        shape: Shape,
        acc: list[int],
        suffix: list[int],
        j: int,
        taken: int,
        need: int,
        hi: int,
        naturals: int,
        chosen: list[int],
        out: list[tuple[int, Shape, list[int]]],
    ) -> bool:
        """Take-max-first over the classes ``acc[j:]`` of a set-like shape (see repeat())."""
        self.nodes -= 1
        if self.nodes < 0:
            raise self.spent()
        got = len(chosen)
        size = self.plan.groups[g].size
        if j == len(acc):
            return (
                got >= size
                and taken >= need
                and self._first_leaf(g, shape, chosen, naturals + taken, out)
            )
        if got + suffix[j] < size:
            return False
        counts = self.counts
        c = acc[j]
        is_nat = self.plan.natural[c]
        top = counts[c] if counts[c] < hi - got else hi - got
        for t in range(top, -1, -1):
            chosen.extend([c] * t)
            counts[c] -= t
            ok = self._first_take(
                g,
                shape,
                acc,
                suffix,
                j + 1,
                taken + t if is_nat else taken,
                need,
                hi,
                naturals,
                chosen,
                out,
            )
            counts[c] += t
            del chosen[got:]
            if ok:
                return True
        return False

    def _first_place(
        self,
        g: int,
        shape: Shape,
        places: list[list[int]],
        k: int,
        taken: int,
        need: int,
        naturals: int,
        chosen: list[int],
        out: list[tuple[int, Shape, list[int]]],
    ) -> bool:
        """Fill the places ``k``.. of a run-like shape, classes in order (see slots())."""
        self.nodes -= 1
        if self.nodes < 0:
            raise self.spent()
        if k == len(places):
            return taken >= need and self._first_leaf(g, shape, chosen, naturals + taken, out)
        if taken + len(places) - k < need:
            return False
        counts = self.counts
        natural = self.plan.natural
        for c in places[k]:
            if counts[c]:
                counts[c] -= 1
                chosen.append(c)
                ok = self._first_place(
                    g,
                    shape,
                    places,
                    k + 1,
                    taken + 1 if natural[c] else taken,
                    need,
                    naturals,
                    chosen,
                    out,
                )
                chosen.pop()
                counts[c] += 1
                if ok:
                    return True
        return False

    def _fill(self, pids: tuple[int, ...], k: int, nat: int, need: int) -> bool:
        """Whether places ``k``.. of a run-like shape can be filled (naturals first)."""
        self.nodes -= 1
        if self.nodes < 0:
            raise self.spent()
        n = len(pids)
        if k == n:
            return nat >= need
        if nat + n - k < need:
            return False
        plan = self.plan
        counts = self.counts
        p = pids[k]
        self.nodes -= len(plan.nat_acc[p]) + len(plan.wild_acc[p])
        for c in plan.nat_acc[p]:
            if counts[c]:
                counts[c] -= 1
                ok = self._fill(pids, k + 1, nat + 1, need)
                counts[c] += 1
                if ok:
                    return True
        for c in plan.wild_acc[p]:
            if counts[c]:
                counts[c] -= 1
                ok = self._fill(pids, k + 1, nat, need)
                counts[c] += 1
                if ok:
                    return True
        return False

    def _extend(self, g: int, rem: int) -> int:
        """The first shape of group ``g`` whose meld lets groups ``g + 1``.. follow, or -1."""
        plan = self.plan
        group = plan.groups[g]
        counts = self.counts
        size = group.size
        pnat, present, wilds, total = self._census(group.has_repeats)
        self.nodes -= len(counts) + len(group.shapes)
        hi = size if self.minimal else total
        shapes = group.shapes
        for idx in group.live[self.minimal]:
            _, pids, need, length = shapes[idx]
            if not length:
                p = pids[0]
                if pnat[p] < need:
                    continue
                acc = plan.nat_acc[p] + plan.wild_acc[p]
                if len(acc) == 2:  # one natural class and one wild class, as in the classic game
                    if self._take2(g, rem, acc[0], acc[1], size, hi, need):
                        return idx
                    continue
                suffix = [0] * (len(acc) + 1)
                for j in range(len(acc) - 1, -1, -1):
                    suffix[j] = suffix[j + 1] + counts[acc[j]]
                if suffix[0] >= size and self._take(g, rem, acc, suffix, 0, 0, 0, size, hi, need):
                    return idx
            elif length <= hi:
                have = (group.masks[idx] & present).bit_count()
                if (
                    have >= need
                    and length - have <= wilds
                    and self._place(g, rem, pids, 0, 0, need)
                ):
                    return idx
        return -1

    def _take2(self, g: int, rem: int, a: int, b: int, lo: int, hi: int, need: int) -> bool:
        """:meth:`_take` for two classes, as two loops (the same order)."""
        counts = self.counts
        natural = self.plan.natural
        count_a = counts[a]
        count_b = counts[b]
        for ta in range(count_a if count_a < hi else hi, -1, -1):
            room = hi - ta
            for tb in range(count_b if count_b < room else room, -1, -1):
                if ta + tb < lo:
                    break
                nat = (ta if natural[a] else 0) + (tb if natural[b] else 0)
                if nat < need:
                    continue
                counts[a] = count_a - ta
                counts[b] = count_b - tb
                ok = self.feasible(g + 1, rem - nat if rem > nat else 0)
                counts[a] = count_a
                counts[b] = count_b
                if ok:
                    return True
        return False

    def _take(
        self,
        g: int,
        rem: int,
        acc: list[int],
        suffix: list[int],
        j: int,
        size: int,
        nat: int,
        lo: int,
        hi: int,
        need: int,
    ) -> bool:
        """Whether a set-like meld taking from classes ``acc[j:]`` lets groups g + 1.. follow."""
        self.nodes -= 1
        if self.nodes < 0:
            raise self.spent()
        if j == len(acc):
            return (
                size >= lo and nat >= need and self.feasible(g + 1, rem - nat if rem > nat else 0)
            )
        if size + suffix[j] < lo:
            return False
        counts = self.counts
        c = acc[j]
        top = min(counts[c], hi - size)
        is_nat = self.plan.natural[c]
        for take in range(top, -1, -1):
            counts[c] -= take
            ok = self._take(
                g, rem, acc, suffix, j + 1, size + take, nat + take if is_nat else nat, lo, hi, need
            )
            counts[c] += take
            if ok:
                return True
        return False

    def _place(self, g: int, rem: int, pids: tuple[int, ...], k: int, nat: int, need: int) -> bool:
        """Whether a run-like meld filling places ``k``.. lets groups g + 1.. follow."""
        self.nodes -= 1
        if self.nodes < 0:
            raise self.spent()
        n = len(pids)
        if k == n:
            return nat >= need and self.feasible(g + 1, rem - nat if rem > nat else 0)
        if nat + n - k < need:
            return False
        plan = self.plan
        counts = self.counts
        p = pids[k]
        self.nodes -= len(plan.nat_acc[p]) + len(plan.wild_acc[p])
        for c in plan.nat_acc[p]:
            if counts[c]:
                counts[c] -= 1
                ok = self._place(g, rem, pids, k + 1, nat + 1, need)
                counts[c] += 1
                if ok:
                    return True
        for c in plan.wild_acc[p]:
            if counts[c]:
                counts[c] -= 1
                ok = self._place(g, rem, pids, k + 1, nat, need)
                counts[c] += 1
                if ok:
                    return True
        return False


_Found = list[tuple[GroupType, Shape, list[int]]]


class _Search:
    """One search over one hand's single cards, in the order find_laydown promises.

    The hand is a list of distinct cards in canonical order, with counts. The class counts of
    ``oracle`` are kept in step with the card counts at every group boundary.
    """

    def __init__(self, plan: _Plan, hand: tuple[Card, ...], oracle: _Oracle):
        self.plan = plan
        self.oracle = oracle
        self.rules = plan.rules
        cards: list[Card] = []
        counts: list[int] = []
        last = None
        # equal cards have equal sort keys
        for card in sorted(hand, key=_SORT_KEY):
            key = card.sort_key
            if key == last:
                counts[-1] += 1
            elif card.kind is not Kind.NUMBER and card.kind is not Kind.WILD:
                continue  # rule C-19: a skip is never part of a group (nor an action card)
            else:
                cards.append(card)
                counts.append(1)
                last = key
        self.cards = cards
        self.counts = counts
        natural = self.natural = [c.kind is Kind.NUMBER for c in cards]
        classify = plan.classify
        cls = self.cls = [classify(c) for c in cards]
        self.wilds = [i for i, nat in enumerate(natural) if not nat]
        # per pattern id: the cards that can take its place, naturals first, canonical order
        fits: list[list[int]] = [[] for _ in plan.patterns]
        accepts = plan.accepts
        for i, c in enumerate(cls):
            if c >= 0 and natural[i]:
                for p in accepts[c]:
                    fits[p].append(i)
        for i in self.wilds:
            c = cls[i]
            if c >= 0:
                for p in accepts[c]:
                    fits[p].append(i)
        self.fits = fits

    def fit_pattern(self, pattern: Pattern) -> list[int]:
        """The cards that can take a place of ``pattern`` (a pattern of the phase)."""
        return self.fits[self.plan.pattern_ids[pattern]]

    def _available(self, fit: list[int]) -> tuple[list[int], int]:
        """Suffix sums of the cards left among ``fit``, and how many of them are naturals.

        The sums prune branches that can no longer reach a group's size.
        """
        counts = self.counts
        natural = self.natural
        suffix = [0] * (len(fit) + 1)
        nat = 0
        for j in range(len(fit) - 1, -1, -1):
            i = fit[j]
            suffix[j] = suffix[j + 1] + counts[i]
            if natural[i]:
                nat += counts[i]
        return suffix, nat

    # -- every laydown (iter_laydowns) ------------------------------------------------------

    def repeat(self, p: int, lo: int, hi: int, need: int) -> Iterator[list[int]]:
        """Every multiset of cards (as index lists) of size lo..hi fitting pattern ``p``."""
        fit = self.fits[p]
        counts = self.counts
        natural = self.natural
        n = len(fit)
        suffix, nat = self._available(fit)
        if suffix[0] < lo or nat < need:
            return
        chosen: list[int] = []
        oracle = self.oracle

        def rec(j: int, naturals: int) -> Iterator[list[int]]:
            oracle.nodes -= 1
            if oracle.nodes < 0:
                raise oracle.spent()
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

    def slots(self, pids: tuple[int, ...], need: int) -> Iterator[list[int]]:
        """Every way (as index lists in place order) to fill the places of a run-like shape."""
        all_fits = self.fits
        fits = [all_fits[p] for p in pids]
        counts = self.counts
        for f in fits:
            if not any(counts[i] for i in f):
                return
        natural = self.natural
        n = len(fits)
        chosen: list[int] = []
        oracle = self.oracle

        def rec(k: int, naturals: int) -> Iterator[list[int]]:
            oracle.nodes -= 1
            if oracle.nodes < 0:
                raise oracle.spent()
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

    def melds(
        self, g: int, minimal: bool, avoid: set[Color] | None = None
    ) -> Iterator[tuple[Shape, list[int]]]:
        """Every meld of group ``g`` the remaining cards make (minimal: exactly ``size`` cards).

        Shapes restricted to a colour in ``avoid`` are skipped before any card is tried.
        """
        group = self.plan.groups[g]
        size = group.size
        hi = size if minimal else sum(self.counts)
        shapes = group.shapes
        for idx in group.live[minimal]:
            shape, pids, need, length = shapes[idx]
            if avoid:
                colors = _shape_colors(shape)
                if colors is not None and not avoid.isdisjoint(colors):
                    continue
            if not length:
                for chosen in self.repeat(pids[0], size, hi, need):
                    yield shape, chosen
            elif length <= hi:
                for chosen in self.slots(pids, need):
                    yield shape, chosen

    def laydowns(
        self, minimal: bool, *, distinct_colors: bool = False, suits: _SuitRuns | None = None
    ) -> Iterator[_Found]:
        """Every laydown, as (group, shape, card indices) per group, in search order.

        With ``distinct_colors`` (T-3), a group whose shape shares a colour with an earlier
        group's is skipped at once rather than filtered at the end.
        """
        plan = self.plan
        taken_colors: set[Color] = set()
        groups = plan.groups
        last = len(groups) - 1
        phase_need = plan.phase_need
        natural = self.natural
        cls = self.cls
        class_counts = self.oracle.counts
        feasible = self.oracle.feasible
        stack: _Found = []

        def rec(g: int, naturals: int, budget: int) -> Iterator[_Found]:
            group = groups[g].group
            # the meld generators keep their cards out of self.counts while they yield
            # rule T-3: one suit + another suit (shapes of a taken colour are skipped)
            for shape, chosen in self.melds(g, minimal, taken_colors if distinct_colors else None):
                colors = _shape_colors(shape) if distinct_colors else None
                nat = sum(1 for i in chosen if natural[i])
                used = naturals + nat
                left = budget - (len(chosen) - nat)
                if (
                    suits is not None
                    and g < last
                    and colors is not None
                    and not suits.fits(g + 1, frozenset(taken_colors | colors), left)
                ):
                    continue  # the later runs would lack wilds whatever colours they take
                if g == last:
                    if used >= phase_need:
                        stack.append((group, shape, list(chosen)))
                        yield stack
                        stack.pop()
                    continue
                for i in chosen:
                    class_counts[cls[i]] -= 1
                if feasible(g + 1, phase_need - used if phase_need > used else 0):
                    if colors is not None:
                        taken_colors.update(colors)
                    stack.append((group, shape, list(chosen)))
                    yield from rec(g + 1, used, left)
                    stack.pop()
                    if colors is not None:
                        taken_colors.difference_update(colors)
                for i in chosen:
                    class_counts[cls[i]] += 1

        yield from rec(0, 0, suits.wilds if suits is not None else 0)

    # -- the first laydown (find_laydown) ---------------------------------------------------
    # The order of laydowns(), as plain recursion that stops at the first leaf. The oracle
    # says which shape of each group works first, so no earlier shape is tried.

    def first(self, minimal: bool) -> _Found:
        """The first laydown :meth:`laydowns` yields; the oracle must have said there is one."""
        out: _Found = []
        if not self._first(0, 0, minimal, out):
            raise AssertionError("the oracle and the search disagree")  # pragma: no cover
        out.reverse()
        return out

    def _first(self, g: int, naturals: int, minimal: bool, out: _Found) -> bool:
        plan = self.plan
        group = plan.groups[g]
        size = group.size
        hi = size if minimal else sum(self.counts)
        need_left = plan.phase_need - naturals if plan.phase_need > naturals else 0
        shapes = group.shapes
        start = self.oracle.start(g, need_left)
        for idx in group.live[minimal]:
            if idx < start:
                continue
            shape, pids, need, length = shapes[idx]
            if not length:
                assert isinstance(shape, Repeat)
                if self._first_repeat(g, shape, pids[0], size, hi, need, naturals, minimal, out):
                    return True
            elif length <= hi:
                assert isinstance(shape, Slots)
                if self._first_slots(g, shape, pids, need, naturals, minimal, out):
                    return True
        return False

    def _leaf(
        self, g: int, shape: Shape, chosen: list[int], used: int, minimal: bool, out: _Found
    ) -> bool:
        """Whether the meld ``chosen`` of group ``g`` completes a laydown; if so, records it."""
        plan = self.plan
        phase_need = plan.phase_need
        if g == len(plan.groups) - 1:
            ok = used >= phase_need
        else:
            oracle = self.oracle
            class_counts = oracle.counts
            cls = self.cls
            for i in chosen:
                class_counts[cls[i]] -= 1
            ok = oracle.feasible(g + 1, phase_need - used if phase_need > used else 0) and (
                self._first(g + 1, used, minimal, out)
            )
            for i in chosen:
                class_counts[cls[i]] += 1
        if ok:
            out.append((plan.groups[g].group, shape, list(chosen)))
        return ok

    def _first_repeat(
        self,
        g: int,
        rep: Repeat,
        p: int,
        lo: int,
        hi: int,
        need: int,
        naturals: int,
        minimal: bool,
        out: _Found,
    ) -> bool:
        fit = self.fits[p]
        counts = self.counts
        natural = self.natural
        n = len(fit)
        suffix, nat = self._available(fit)
        if suffix[0] < lo or nat < need:
            return False
        chosen: list[int] = []
        oracle = self.oracle

        def rec(j: int, taken: int) -> bool:
            oracle.nodes -= 1
            if oracle.nodes < 0:
                raise oracle.spent()
            size = len(chosen)
            if j == n:
                return (
                    size >= lo
                    and taken >= need
                    and self._leaf(g, rep, chosen, naturals + taken, minimal, out)
                )
            if size + suffix[j] < lo:
                return False
            i = fit[j]
            top = min(counts[i], hi - size)
            is_nat = natural[i]
            for take in range(top, -1, -1):
                chosen.extend([i] * take)
                counts[i] -= take
                ok = rec(j + 1, taken + take if is_nat else taken)
                counts[i] += take
                del chosen[size:]
                if ok:
                    return True
            return False

        return rec(0, 0)

    def _first_slots(
        self,
        g: int,
        shape: Slots,
        pids: tuple[int, ...],
        need: int,
        naturals: int,
        minimal: bool,
        out: _Found,
    ) -> bool:
        all_fits = self.fits
        fits = [all_fits[p] for p in pids]
        counts = self.counts
        natural = self.natural
        n = len(fits)
        chosen: list[int] = []
        oracle = self.oracle

        def rec(k: int, taken: int) -> bool:
            oracle.nodes -= 1
            if oracle.nodes < 0:
                raise oracle.spent()
            if k == n:
                return taken >= need and self._leaf(
                    g, shape, chosen, naturals + taken, minimal, out
                )
            if taken + (n - k) < need:
                return False
            for i in fits[k]:
                if counts[i]:
                    counts[i] -= 1
                    chosen.append(i)
                    ok = rec(k + 1, taken + 1 if natural[i] else taken)
                    chosen.pop()
                    counts[i] += 1
                    if ok:
                        return True
            return False

        return rec(0, 0)


def _search(
    hand: tuple[Card, ...], phase: Phase, rules: MeldRules, minimal: bool, budget: int
) -> _Search | None:
    """A search over ``hand``, or ``None`` when the phase cannot be laid down at all."""
    plan = compiled_plan(phase, rules)
    classify = plan.classify
    ids = [classify(card) for card in hand]
    counts = [0] * len(plan.natural)
    for c in ids:
        if c >= 0:
            counts[c] += 1
    oracle = _Oracle(plan, counts, minimal, budget)
    if not oracle.possible():
        return None
    return _Search(plan, hand, oracle)


def _build(search: _Search, group: GroupType, shape: Shape, chosen: list[int]) -> Meld:
    all_cards = search.cards
    return _meld(group, shape, tuple(all_cards[i] for i in chosen))


def _meld(group: GroupType, shape: Shape, cards: tuple[Card, ...]) -> Meld:
    patterns = (shape.pattern,) * len(cards) if isinstance(shape, Repeat) else shape.patterns
    values = tuple(
        Value(c.number, c.color) if c.kind is Kind.NUMBER else p.value_for(c)
        for p, c in zip(patterns, cards, strict=True)
    )
    return Meld(group, shape, cards, values)


_COLORS = tuple(Color)


@lru_cache(maxsize=4096, key="a `Shape`", why="the colours a shape allows follow from the shape")
def _shape_colors(shape: Shape) -> frozenset[Color] | None:
    return meld_colors(shape)


@attrs.frozen
class _SuitRuns:
    """Bounds for phases of same-colour runs in different colours (T-3).

    Per group and colour, the fewest wilds a run lacks, from bitmasks of the numbers held,
    and the wilds held.

    A run of one colour uses only naturals of its colour, so these bounds are exact about
    natural cards: they prune the search as well as reject hands outright.
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


def _suit_runs(cards: tuple[Card, ...], phase: Phase, rules: MeldRules) -> _SuitRuns | None:
    """The :class:`_SuitRuns` bounds, or ``None`` when they do not apply.

    They do not apply to other group types, ranged wilds or wrapping runs: then the search
    alone decides.
    """
    if rules.runs_wrap or not all(isinstance(g, ColorRunOf) for g in phase.groups):
        return None
    # colours by their place in the sort key: hashing an enum member runs Python code
    masks = [0] * len(_COLORS)
    wilds = 0
    for card in cards:
        if card.kind is Kind.NUMBER:
            key = card.sort_key
            masks[key[2]] |= 1 << (key[1] - 1)
        elif card.kind is Kind.WILD:
            if card.wild_numbers is not None or card.wild_colors is not None:
                return None
            wilds += 1
    top = rules.max_number
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
    return _SuitRuns(tuple(lacking), wilds)


#: The search steps one laydown built by iter_laydowns counts for, per group.
_BUILD_COST = 40


def iter_laydowns(
    hand: str | Iterable[Card],
    phase: Phase,
    *,
    rules: MeldRules = CLASSIC_MELD_RULES,
    minimal: bool = False,
    limits: Limits = DEFAULT_LIMITS,
) -> Iterator[PhaseMelds]:
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

    The whole iteration is one search: it takes at most ``limits.max_search_nodes`` steps.

    Raises:
        NotationError: ``hand`` is a string that is not valid notation, or names a card
            that the rules' game does not have (:attr:`~phase10.MeldRules.game`).
        InvalidCardError: ``hand`` holds a card that the rules' game does not have.
        LimitError: the hand holds more cards than ``limits.max_deck_size``.
        SearchLimitError: the search needed more than ``limits.max_search_nodes`` steps
            (never in the built-in games).
    """
    cards = _coerce_hand(hand, rules)
    check_limit(len(cards), "max_deck_size", "hand", limits)
    suits = _suit_runs(cards, phase, rules) if phase.distinct_colors else None
    if suits is not None and not suits.fits(0, frozenset(), suits.wilds):
        return
    search = _search(cards, phase, rules, minimal, limits.max_search_nodes)
    if search is None:
        return
    groups = phase.groups
    blocks: dict[GroupType, list[int]] = {}
    for i, g in enumerate(groups):
        blocks.setdefault(g, []).append(i)
    seen: set[tuple[tuple[tuple[tuple[object, str], ...], ...], ...]] = set()
    constrained = phase.distinct_colors
    oracle = search.oracle
    # building a laydown costs about as much as a few dozen search steps
    cost = _BUILD_COST * len(groups)
    for found in search.laydowns(minimal, distinct_colors=constrained, suits=suits):
        oracle.nodes -= cost
        if oracle.nodes < 0:
            raise oracle.spent()
        melds = tuple(_build(search, g, s, chosen) for g, s, chosen in found)
        if constrained and phase.problem(melds, rules=rules) is not None:
            continue
        key = tuple(tuple(sorted(meld_order(melds[i]) for i in idxs)) for idxs in blocks.values())
        if key in seen:
            continue
        seen.add(key)
        yield PhaseMelds(phase, melds)


def find_laydown(
    hand: str | Iterable[Card],
    phase: Phase,
    *,
    rules: MeldRules = CLASSIC_MELD_RULES,
    limits: Limits = DEFAULT_LIMITS,
) -> PhaseMelds | None:
    """Return a laydown of ``phase`` from ``hand``, or ``None`` when there is none.

    The search is exact: it never misses a laydown because of wilds, repeated numbers or
    groups competing for the same cards. The laydown returned uses the fewest cards the
    phase allows (extra cards can be hit afterwards; only rules that need two naturals in a
    run can call for longer groups). It is the first of a fixed order: groups in phase
    order, each taking the first shape (lowest number of a set, lowest start of a run) that
    still leaves a laydown for the groups after it, natural cards before wilds within a
    group; so it may use a wild where another laydown does without (``R4 W R5 R6`` lays a
    run of 3 as ``W=3 R4 R5``). Where a group may be all wilds (C-17 per phase, or no
    minimum), a laydown with a natural card in every group comes first when there is one.
    Use :func:`iter_laydowns` to choose among all of them.

    >>> from phase10 import CLASSIC_PHASES
    >>> find_laydown("R7 B7 W G2 G3 G4 Y5 S", CLASSIC_PHASES[1])
    <PhaseMelds 1 set of 3 + 1 run of 4: R7 B7 W=7 | G2 G3 G4 Y5>
    >>> find_laydown("R7 B8 G9", CLASSIC_PHASES[0]) is None
    True

    The search takes at most ``limits.max_search_nodes`` steps; the built-in games need a
    few thousand at most (see :doc:`/performance`).

    Raises:
        NotationError: ``hand`` is a string that is not valid notation, or names a card
            that the rules' game does not have (:attr:`~phase10.MeldRules.game`).
        InvalidCardError: ``hand`` holds a card that the rules' game does not have.
        LimitError: the hand holds more cards than ``limits.max_deck_size``.
        SearchLimitError: the search needed more than ``limits.max_search_nodes`` steps
            (never in the built-in games).
    """
    cards = _coerce_hand(hand, rules)
    check_limit(len(cards), "max_deck_size", "hand", limits)
    found = _first_laydown(cards, phase, rules, limits)
    if (
        found is not None
        and rules.natural_minimum is not NaturalScope.GROUP
        and any(not meld.naturals for meld in found.melds)
    ):
        # A group of wilds alone is valid here (C-17 per phase, or no minimum), but a laydown
        # with a natural card in every group reads better and keeps the wilds: prefer one.
        natural = _first_laydown(cards, phase, _GROUP_RULES(rules), limits)
        if natural is not None:
            return natural
    return found


def _group_rules(rules: MeldRules) -> MeldRules:
    return attrs.evolve(rules, natural_minimum=NaturalScope.GROUP)


_GROUP_RULES = reuse(
    _group_rules,
    maxsize=64,
    name="_GROUP_RULES",
    key="a `MeldRules`",
    why="the same rules with a natural card in every group: a value of the rules only",
)


def _first_laydown(
    cards: tuple[Card, ...], phase: Phase, rules: MeldRules, limits: Limits
) -> PhaseMelds | None:
    """The first laydown of the fixed order that :func:`find_laydown` describes."""
    if len(cards) < phase.size:
        return None
    # Minimal groups suffice unless a run needs two or more naturals (Phase 10 Master, M-4):
    # then a longer run may hold two naturals that no window of the minimum length does.
    # _Plan.minimal_ok catches the other cases (custom shapes, a per-phase minimum above 1).
    plan = compiled_plan(phase, rules)
    minimal = (
        rules.naturals_in_runs <= 1 or rules.natural_minimum is not NaturalScope.GROUP
    ) and plan.minimal_ok
    if phase.distinct_colors:
        # the phase refuses some combinations of valid melds: filter them (the oracle ignores
        # the condition, so it still prunes only branches without any laydown)
        for laydown in iter_laydowns(cards, phase, rules=rules, minimal=minimal, limits=limits):
            return laydown
        return None
    fast = plan.fast
    counts = [0] * len(plan.natural)
    for card in cards:
        c = fast.get(card.sort_key)
        if c is None:  # a card the rules' deck does not have: search the single cards
            search = _search(cards, phase, rules, minimal, limits.max_search_nodes)
            if search is None:
                return None
            found = search.first(minimal)
            return PhaseMelds(phase, tuple(_build(search, g, s, chosen) for g, s, chosen in found))
        if c >= 0:
            counts[c] += 1
    oracle = _Oracle(plan, counts, minimal, limits.max_search_nodes)
    if not oracle.possible():
        return None
    # the cards of each class in canonical order; a meld takes the first ones left
    pools: dict[int, list[Card]] = {}
    for card in sorted(cards, key=_SORT_KEY):
        c = fast[card.sort_key]
        if c >= 0:
            pools.setdefault(c, []).append(card)
    groups = plan.groups
    melds = []
    for g, shape, classes in oracle.first():
        taken = tuple(pools[c].pop(0) for c in classes)
        melds.append(_meld(groups[g].group, shape, taken))
    return PhaseMelds(phase, tuple(melds))


def _group_best(search: _Search, group: GroupType) -> tuple[int, str]:
    """How close the whole hand comes to ``group`` alone, and what is missing, in words."""
    index = shape_index(group, search.rules)
    size = group.size
    counts = search.counts
    wilds = sum(counts[i] for i in search.wilds)
    best = -1
    missing: list[str] = []
    for rep in index.repeats:
        fit = search.fit_pattern(rep.pattern)
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
            if not any(search.natural[i] and counts[i] for i in search.fit_pattern(p))
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
    if len(words) <= 1:  # nothing is missing when a group is complete on its own
        return "".join(words)
    return ", ".join(words[:-1]) + " or " + words[-1]


def _pattern_words(pattern: Pattern) -> str:
    parts = []
    if pattern.colors is not None:
        parts.append("/".join(sorted(c.name.lower() for c in pattern.colors)))
    if pattern.numbers is not None:
        parts.append("/".join(str(n) for n in sorted(pattern.numbers)))
    return " ".join(parts) or "any card"


def _fewest_naturals(phase: Phase, rules: MeldRules) -> int:
    """The fewest natural cards that any laydown of ``phase`` holds (C-17, M-4)."""
    per_group = sum(
        min(rules.naturals_needed(shape) for shape in group.shapes(rules)) for group in phase.groups
    )
    return max(per_group, rules.phase_naturals_needed())


def _cards_word(count: int, noun: str) -> str:
    return f"one {noun}" if count == 1 else f"{count} {noun}s"


def explain(
    hand: str | Iterable[Card],
    phase: Phase,
    *,
    rules: MeldRules = CLASSIC_MELD_RULES,
    limits: Limits = DEFAULT_LIMITS,
) -> str:
    """Say in words whether ``hand`` lays down ``phase`` and, if not, the closest miss.

    >>> print(explain("R7 B8 G9 Y3 W", CLASSIC_PHASES[3]))
    cannot lay down 1 run of 7: run of 7: best has 5, missing 2 of 4, 5 or 6
    >>> print(explain("R3 B4 W G6 Y9 Y9 W", CLASSIC_PHASES[1]))
    can lay down 1 set of 3 + 1 run of 4: Y9 Y9 W=9 | R3 B4 W=5 G6

    Raises:
        NotationError: ``hand`` is a string that is not valid notation, or names a card
            that the rules' game does not have (:attr:`~phase10.MeldRules.game`).
        InvalidCardError: ``hand`` holds a card that the rules' game does not have.
        LimitError: the hand holds more cards than ``limits.max_deck_size``.
        SearchLimitError: the search needed more than ``limits.max_search_nodes`` steps
            (never in the built-in games).
    """
    cards = _coerce_hand(hand, rules)
    found = find_laydown(cards, phase, rules=rules, limits=limits)
    if found is not None:
        return f"can lay down {phase}: {found}"
    naturals = sum(1 for card in cards if card.is_natural)
    wilds = sum(1 for card in cards if card.is_wild)
    need = _fewest_naturals(phase, rules)
    if naturals < need and naturals + wilds >= phase.size:  # rule C-17
        what = "a number card, not a wild" if need == 1 else "number cards, not wilds"
        return (
            f"cannot lay down {phase}: it needs at least {_cards_word(need, 'natural card')} "
            f"({what}), and these {len(cards)} cards have {naturals or 'none'}"
        )
    plan = compiled_plan(phase, rules)
    search = _Search(plan, cards, _Oracle(plan, [], True, limits.max_search_nodes))
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
        if len(parts) == 1:  # only the natural cards' places can be missing (C-17)
            return (
                f"cannot lay down {phase}: no {phase.groups[0]} from these {len(cards)} cards "
                f"holds the natural cards it needs"
            )
        return (
            f"cannot lay down {phase}: each group can be made on its own, "
            f"but not all of them at once from these {len(cards)} cards"
        )
    return f"cannot lay down {phase}: " + "; ".join(parts)
