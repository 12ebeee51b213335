"""Analysis helpers: how far a hand is from a phase, what would help it, and playouts.

These are the measures :class:`~phase10.GreedyBot` decides with, public so that other bots
(and people) can use them:

* :func:`phase_distance`: the fewest wild cards that would complete a phase with a hand;
* :func:`completing_cards` and :func:`count_outs`: which cards would bring the hand closer;
* :func:`unseen_cards`: the cards a player has not seen (other hands and the draw pile);
* :func:`points_at_risk`: the penalty points a hand would score if the hand ended now;
* :func:`playout`: play a state on to the end of the hand or of the game with given bots.

And, for a bot that looks at the other seats, from what a seat can see (a
:class:`~phase10.PlayerView`, or a full :class:`~phase10.GameState`):

* :func:`next_player`: who draws next after a seat's discard (the whole order is the rules'
  :func:`~phase10.turn_order`);
* :func:`collecting`: what the public history of the hand shows a seat collects: the cards
  it took from the discard pile, those it discarded and those it left there;
* :func:`helps` and :func:`helpful`: whether a card would help a seat, as far as the view
  tells;
* :func:`hittable` and :func:`hitters`: whether a card fits a meld on the table, and which
  seats could hit it;
* :func:`world_weight`: how likely a full state is given what the history says, for
  weighting the worlds of :func:`~phase10.sample_state`.

>>> import phase10
>>> from phase10.cards import parse_cards
>>> rules = phase10.CLASSIC.meld_rules
>>> phase_distance(parse_cards("R7 B7 G7 R9 B9"), phase10.CLASSIC.phases[0], rules=rules)
1
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Literal, Protocol, TypeAlias

import attrs

from phase10._fast import BoundedCache, IdentityCache, lru_cache
from phase10._laydown_plan import compiled_plan, equal_sets_used
from phase10.actions import Action, Discard, Draw, DrawTwo, LayDown, TakeDiscard, TurnUp
from phase10.cards import WILD, Card, Kind, sort_cards
from phase10.chance import play_chance
from phase10.errors import ArgumentError, InvalidStateError
from phase10.groups import ColorGroupOf, GroupType, MeldRules, NaturalScope, RunOf, SetOf
from phase10.laydown import find_laydown
from phase10.limits import Limits, current_limits, work_budget
from phase10.phases import Phase
from phase10.rules import apply, may_hit, may_take, to_discard_pile, turn_order
from phase10.scoring import Scoring
from phase10.state import GameState, Unseen
from phase10.views import PlayerView, seen_drawn, view

__all__ = [
    "Collecting",
    "Position",
    "collecting",
    "completing_cards",
    "count_outs",
    "helpful",
    "helps",
    "hittable",
    "hitters",
    "next_player",
    "phase_distance",
    "playout",
    "points_at_risk",
    "unseen_cards",
    "world_weight",
]

#: What the helpers for other seats read: a seat's view, or a full state (which shows
#: every hand).
Position: TypeAlias = PlayerView | GameState


class _Actor(Protocol):
    def act(self, view: PlayerView, rng: random.Random) -> Action: ...


@lru_cache(maxsize=64, key="a `MeldRules`", why="the wild is an immutable card of the rules' game")
def _free_wild(rules: MeldRules) -> Card:
    """A wild of the rules' game that stands for anything.

    ``W``, or in Phase 10 Master (whose deck has no plain wild, M-2) a joker over all its
    numbers and colours.
    """
    game = rules.game
    if game.has(WILD):
        return WILD
    return Card(
        Kind.WILD,
        wild_numbers=frozenset(range(1, game.max_number + 1)),
        wild_colors=frozenset(game.colors),
    )


@lru_cache(
    maxsize=1 << 15,
    key="`(hand, wilds, Phase, MeldRules)`",
    why="whether cards lay a phase down follows from these only",
)
def _lays(hand: tuple[Card, ...], wilds: int, phase: Phase, rules: MeldRules) -> bool:
    """Whether ``hand`` plus ``wilds`` extra wild cards lays down ``phase``."""
    # the hand comes from a game, so the search gets the rules' budget (Limits)
    limits = _search_limits(current_limits())
    cards = hand + (_free_wild(rules),) * wilds
    with work_budget(search_limit="max_engine_search_nodes"):
        return find_laydown(cards, phase, rules=rules, limits=limits) is not None


@lru_cache(maxsize=8, key="a `Limits`", why="the raised limits are a value of the limits only")
def _search_limits(limits: Limits) -> Limits:
    return limits.raised(max_search_nodes=limits.max_engine_search_nodes)


# Cards that the laydown search cannot tell apart for a phase (R7 and B7 when the phase has
# only sets and runs) are one *class*; a hand is looked up as the sorted tuple of its cards'
# classes, so that the caches below serve every hand of the same shape and hash fast.
class _Classes:
    """Per (phase, rules): each card's class, one card per class, its number in ``_HELPS``."""

    __slots__ = ("count", "key", "number", "of", "plan", "rep")

    def __init__(self, plan: object, phase: Phase, rules: MeldRules) -> None:
        self.plan = plan
        self.of: dict[Card, int] = {}
        self.rep: dict[int, Card] = {}
        # of and rep hold at most one entry per distinct card of the game's deck
        #: this entry's number, never given twice: the first part of its keys in _HELPS
        self.number = next(_NUMBERS)
        #: the counting shortcut for this phase, or None when only the search answers
        self.count = _Counting.of(phase, rules)
        #: for the counting shortcut, each class's key: its number (sets, runs) or its
        #: colour's index (colour groups), _WILD for a wild, _NO_KEY when it cannot count
        self.key: dict[int, int] = {}


_NUMBERS = itertools.count()

# One cache for every (phase, rules), not one each: a hand shape's entry is a dict of one
# flag per class (~1 kB), and 256 entries of _CLASSES with 65,536 shapes each could hold
# gigabytes (20,000 ISMCTSBot decisions took 36 -> 154 MiB, issue 23).
_HELPS: BoundedCache[tuple[int, tuple[int, ...]], dict[int, bool]] = BoundedCache(
    1 << 13,
    name="_HELPS",
    key="`(entry number, hand shape)`, the number of an entry of `_CLASSES`",
    why="whether a card helps a shape follows from the shape, phase and rules; an entry's "
    "number is never given again, so a key never names another phase",
)


# 64, as _laydown_plan's plans: an entry keeps its plan (~40 kB) alive
_CLASSES: BoundedCache[tuple[Phase, MeldRules], _Classes] = BoundedCache(
    64,
    name="_CLASSES",
    key="`(Phase, MeldRules)`",
    why="card classes are fixed once assigned, for the phase and rules only",
)


def _classes(phase: Phase, rules: MeldRules) -> _Classes:
    plan = compiled_plan(phase, rules)
    known = _CLASSES.get((phase, rules))
    if known is None or known.plan is not plan:
        known = _CLASSES.put((phase, rules), _Classes(plan, phase, rules))
    return known


def _class_of(card: Card, cl: _Classes, phase: Phase, rules: MeldRules) -> int:
    c = cl.of.get(card)
    if c is None:
        c = cl.of[card] = compiled_plan(phase, rules).classify(card)
        if c >= 0:
            cl.rep.setdefault(c, card)
    return c


def _shape(hand: Iterable[Card], cl: _Classes, phase: Phase, rules: MeldRules) -> tuple[int, ...]:
    """The sorted classes of ``hand``'s cards; skips (class -1) dropped."""
    of = cl.of
    out = []
    for card in hand:
        c = of.get(card)
        if c is None:
            c = _class_of(card, cl, phase, rules)
        if c >= 0:
            out.append(c)
    out.sort()
    return tuple(out)


# Keyed as _HELPS is: a shape is class ids, and a plan compiled again (after _PLANS made
# room) may number the classes of cards foreign to its deck (Master's ranged wilds) in
# another order, so (shape, phase, rules) could name another hand; an entry's number cannot.
_DISTANCES: BoundedCache[tuple[int, tuple[int, ...]], int] = BoundedCache(
    1 << 15,
    name="_DISTANCES",
    key="`(entry number, hand shape)`, the number of an entry of `_CLASSES`",
    why="a hand shape's distance to the phase follows from the shape, phase and rules; an "
    "entry's number is never given again, so a key never names another numbering",
)


def _shape_distance(shape: tuple[int, ...], cl: _Classes, phase: Phase, rules: MeldRules) -> int:
    """The distance of the hand of class ids ``shape`` (numbered by ``cl``) to ``phase``."""
    key = (cl.number, shape)
    found = _DISTANCES.get(key)
    if found is None:
        found = _DISTANCES.put(key, _distance(shape, cl, phase, rules))
    return found


def _distance(shape: tuple[int, ...], cl: _Classes, phase: Phase, rules: MeldRules) -> int:
    count = cl.count
    if count is not None:
        tally = _tally(shape, cl, count)
        if tally is not None:
            return count.distance(*tally)
    reps = cl.rep
    cards = tuple(reps[c] for c in shape)
    for k in range(max(0, phase.size - len(cards)), phase.size + 1):
        if _lays(cards, k, phase, rules):
            return k
    return phase.size + 1


# ----------------------------------------------------------------------------- counting
# For the phases made of sets and at most one run (past three sets of several sizes, only as
# many as _MOST_PACKING_STATES allows), or of one colour group alone, under rules that ask at
# most one natural card per phase, the distance follows from the hand's counts per number
# (or colour) without a search: the wilds fill what the natural cards leave open. The
# search is exact in every case; this shortcut gives the same numbers (the tests compare
# them) at a fraction of the cost. Any other phase, rule or card goes to the search.

_WILD = -1
_NO_KEY = -2


class _Counting:
    """The counting shortcut for one (phase, rules)."""

    __slots__ = (
        "color",
        "colors",
        "game",
        "need",
        "run_masks",
        "run_windows",
        "sets",
        "size",
        "wild_numbers",
    )

    def __init__(self, phase: Phase, rules: MeldRules, sets: tuple[int, ...], run: int):
        self.size = phase.size
        self.sets = sets
        self.need = rules.phase_naturals_needed()
        self.colors = rules.colors
        self.game = rules.game
        self.wild_numbers = frozenset(range(1, rules.max_number + 1))
        #: the size of the colour group, 0 for a phase of sets and runs
        self.color = 0
        top = rules.max_number
        starts = range(1, top + 1) if rules.runs_wrap else range(1, top - run + 2)
        #: every window of numbers of the run, empty without a run
        self.run_windows: tuple[tuple[int, ...], ...] = (
            tuple(tuple((s - 1 + i) % top + 1 for i in range(run)) for s in starts) if run else ()
        )
        #: each window as a mask: bit x for number x
        self.run_masks = tuple(sum(1 << x for x in window) for window in self.run_windows)

    @staticmethod
    def of(phase: Phase, rules: MeldRules) -> _Counting | None:
        if phase.distinct_colors or rules.phase_naturals_needed() > 1:
            return None
        if rules.natural_minimum is NaturalScope.GROUP:
            return None
        groups = phase.groups
        if len(groups) == 1 and type(groups[0]) is ColorGroupOf:
            found = _Counting(phase, rules, (), 0)
            found.color = groups[0].size
            return found
        sets = tuple(g.size for g in groups if type(g) is SetOf)
        runs = [g.size for g in groups if type(g) is RunOf]
        if len(sets) + len(runs) != len(groups) or len(runs) > 1:
            return None
        if runs and runs[0] > rules.max_number:
            return None
        if len(sets) > 3 and _packing_states(sets) > _MOST_PACKING_STATES:
            return None  # the program's table would outgrow its bound: the search (steps)
        return _Counting(phase, rules, sets, runs[0] if runs else 0)

    def key(self, card: Card) -> int:
        """What the shortcut needs to know of ``card``, or ``_NO_KEY``."""
        if not self.game.has(card):
            return _NO_KEY  # the search explains why the card is refused
        if card.kind is Kind.WILD:
            numbers, colors = card.wild_numbers, card.wild_colors
            if (numbers is None or numbers >= self.wild_numbers) and (
                colors is None or colors.issuperset(self.colors)
            ):
                return _WILD
            return _NO_KEY
        number = card.number
        if card.kind is not Kind.NUMBER or number not in self.wild_numbers:
            return _NO_KEY
        if self.color:
            return self.colors.index(card.color) if card.color in self.colors else _NO_KEY
        return number

    def used(self, counts: dict[int, int]) -> int:
        """The most natural cards of ``counts`` the phase's groups (at their size) can hold."""
        if self.color:
            return min(self.color, max(counts.values(), default=0))
        sets = self.sets
        windows = self.run_windows
        if not windows:
            return _sets_used(sets, list(counts.values()))
        if not counts:
            return 0
        mask = 0  # the numbers held, one bit each, as the windows' masks
        for x in counts:
            mask |= 1 << x
        masks = self.run_masks
        if not sets:
            return max((mask & m).bit_count() for m in masks)
        if len(sets) == 1:
            # The set takes min(n, size) cards of its number, the run one card of each
            # number of its window. They compete only for a number of the set's best count
            # that has no card to spare: then the window loses one card unless another best
            # number lies outside it.
            size = sets[0]
            most = max(counts.values())
            if most > size:
                return size + max((mask & m).bit_count() for m in masks)
            tops = 0
            for x, n in counts.items():
                if n == most:
                    tops |= 1 << x
            return most + max((mask & m).bit_count() - (not tops & ~m) for m in masks)
        best = 0
        for window in windows:
            present = 0
            rest = dict(counts)
            for x in window:
                if rest.get(x):
                    present += 1
                    rest[x] -= 1
            present += _sets_used(sets, list(rest.values()))
            if present > best:
                best = present
        return best

    def distance(self, counts: dict[int, int], wilds: int) -> int:
        """The phase distance of a hand with ``counts`` natural cards and ``wilds`` wilds."""
        used = self.used(counts)
        if used < self.need:
            return self.size + 1
        return max(0, self.size - used - wilds)

    def helps(self, counts: dict[int, int], used: int, key: int, distance: int) -> bool | None:
        """Whether one more card of ``key`` brings the hand under ``distance`` (above 0).

        ``counts`` are the hand's natural cards, ``used`` is :meth:`used` of them.
        """
        if key == _NO_KEY:
            return None
        if distance > self.size:
            # no natural card yet (the distance is then the size + 1): a natural helps, as
            # any card that counts fits some group of the phase, and a wild does not
            return key != _WILD
        if key == _WILD:
            return True  # a wild stands for any card the hand misses
        # the distance is the size less the naturals used and the wilds, so it shortens
        # exactly when one more natural card of ``key`` is used
        n = counts.get(key, 0)
        single = self.color or (len(self.sets) == 1 and not self.run_windows)
        if single:  # one group of one number or colour, short of its size: the best count
            return n == max(counts.values(), default=0)
        more = dict(counts)
        more[key] = n + 1
        return self.used(more) > used


def _sets_used(sets: tuple[int, ...], values: list[int]) -> int:
    """The most cards sets of ``sets`` sizes take from numbers with ``values`` cards each.

    Sets may share a number (two sets of 3 from six 7s). An optimal choice uses the numbers
    with the most cards, so trying every way of giving each set one of the top numbers is
    exact. More than three sets are counted by size: of one size at once
    (:func:`phase10._laydown_plan.equal_sets_used`, the pre-check's own count), of several
    by :func:`_mixed_sets_used`.
    """
    if not sets:
        return 0
    if len(sets) == 1:
        return min(sets[0], max(values, default=0))
    if len(sets) > 3:
        if len(set(sets)) == 1:
            return equal_sets_used(sets[0], len(sets), values)
        return _mixed_sets_used(sets, values)
    values.sort(reverse=True)
    top = [*values[: len(sets)], *[0] * (len(sets) - len(values))]
    if len(sets) == 2:
        a, b = sets
        n, m = top
        return max(min(n, a + b), min(n, a) + min(m, b), min(n, b) + min(m, a))
    best = 0
    for choice in itertools.product(range(len(sets)), repeat=len(sets)):
        total = [0] * len(sets)
        for size, i in zip(sets, choice, strict=True):
            total[i] += size
        best = max(best, sum(min(v, t) for v, t in zip(top, total, strict=True)))
    return best


def _packing_states(sets: tuple[int, ...]) -> int:
    """The states of :func:`_mixed_sets_used` for ``sets`` (1 for sets of one size)."""
    sizes = set(sets)
    return 1 if len(sizes) == 1 else math.prod([sets.count(size) + 1 for size in sizes])


#: The most states :func:`_mixed_sets_used` is given (its table is states x loads, and the
#: loads are as many): six sets of 5 and six of 4 have 49. A phase of more goes to the
#: search, whose work the call's budget bounds; twelve sets of twelve sizes would have
#: 4,096 states and a table of 16 million entries, uncounted.
_MOST_PACKING_STATES = 128


def _mixed_sets_used(sets: tuple[int, ...], values: list[int]) -> int:
    """The most cards sets of several ``sets`` sizes take from numbers with ``values`` cards.

    A packing, exact by a small program over the numbers: its state is how many sets of
    each size are still to place, its value the most cards placed so far. A number takes
    a load of sets (any number of each size left) and gains ``min(v, total size)``; only
    loads that every set of them helps are tried (without its smallest set the load holds
    fewer than ``v``): a set that adds nothing might as well stay unplaced. Six sets of 5
    and six of 4 have 49 states; a number gains from at most a few loads.
    """
    sizes = tuple(sorted(set(sets), reverse=True))
    left = tuple([sets.count(size) for size in sizes])
    full = sum(sets)
    best = [-1] * math.prod([n + 1 for n in left])
    best[-1] = 0  # every set still to place: the last state (see _moves)
    for v in values:
        if not v:
            continue
        grown = best[:]
        for state, moves in enumerate(_moves(v, sizes, left)):
            got = best[state]
            if got < 0:
                continue
            for after, gain in moves:
                total = got + gain
                if total > grown[after]:
                    grown[after] = total
        best = grown
        if max(best) == full:
            return full
    return max(best)


@lru_cache(
    maxsize=256,
    key="`(cards of a number, set sizes, sets of each size)`",
    why="a number's useful loads of sets follow from these only",
)
def _moves(
    v: int, sizes: tuple[int, ...], most: tuple[int, ...]
) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per state of :func:`_mixed_sets_used`, the states a number of ``v`` cards leads to.

    A state is how many sets of each of ``sizes`` are left (at most ``most``), numbered in
    mixed radix (the last size varies fastest, so ``most`` itself is the last state); each
    move is the state after a load, with the cards the load gains. A load is how many sets
    of each size the number takes, not none, and only loads whose every set adds cards:
    less their smallest set, they hold fewer than ``v``.
    """
    loads = []
    for load in itertools.product(*[range(n + 1) for n in most]):
        total = sum([k * size for k, size in zip(load, sizes, strict=True)])
        if total and total - min([s for k, s in zip(load, sizes, strict=True) if k]) < v:
            loads.append((load, min(v, total)))
    strides = [math.prod([n + 1 for n in most[i + 1 :]]) for i in range(len(most))]
    table = []
    for state in itertools.product(*[range(n + 1) for n in most]):
        moves = []
        for load, gain in loads:
            if all(k <= n for k, n in zip(load, state, strict=True)):
                after = sum([(n - k) * w for n, k, w in zip(state, load, strides, strict=True)])
                moves.append((after, gain))
        table.append(tuple(moves))
    return tuple(table)


def _key_of(c: int, cl: _Classes, count: _Counting) -> int:
    key = cl.key.get(c)
    if key is None:
        key = cl.key[c] = count.key(cl.rep[c])
    return key


def _tally(
    shape: tuple[int, ...], cl: _Classes, count: _Counting
) -> tuple[dict[int, int], int] | None:
    """``shape`` as counts per key and a number of wilds, or None if a card cannot count.

    None too for a hand so large that the search would refuse it (``max_deck_size``), so
    that the search raises as it always did.
    """
    if len(shape) + count.size + 1 > current_limits().max_deck_size:
        return None
    counts: dict[int, int] = {}
    wilds = 0
    keys = cl.key
    for c in shape:
        key = keys.get(c)
        if key is None:
            key = _key_of(c, cl, count)
        if key >= 0:
            counts[key] = counts.get(key, 0) + 1
        elif key == _WILD:
            wilds += 1
        else:
            return None
    return counts, wilds


def phase_distance(hand: Iterable[Card], phase: Phase, *, rules: MeldRules) -> int:
    """The fewest wild cards that, added to ``hand``, complete ``phase``.

    0 means the hand lays the phase down now; ``phase.size + 1`` means no number of wilds
    would (the hand cannot, say, hold a colour the phase needs). The number is the exact
    laydown search's; for phases of sets and at most one run (of several sizes past three
    sets, up to a bound on their mix), or of one colour group, it is counted from the hand's
    numbers or colours instead, with the same result. Cached by the hand's shape.

    >>> import phase10
    >>> from phase10.cards import parse_cards
    >>> run = phase10.CLASSIC.phases[3]  # 1 run of 7
    >>> phase_distance(parse_cards("R1 B2 G3 Y4"), run, rules=phase10.CLASSIC.meld_rules)
    3

    Args:
        hand: The cards (any order; skips and action cards are ignored).
        phase: The phase to complete.
        rules: The meld rules of the game (``variant.meld_rules``).
    """
    cl = _classes(phase, rules)
    return _shape_distance(_shape(hand, cl, phase, rules), cl, phase, rules)


def completing_cards(
    hand: Iterable[Card], phase: Phase, cards: Iterable[Card], *, rules: MeldRules
) -> tuple[Card, ...]:
    """The cards of ``cards`` that, added to ``hand``, shorten its :func:`phase_distance`.

    Each distinct card is listed once, in canonical order.

    >>> import phase10
    >>> from phase10.cards import parse_cards
    >>> sets = phase10.CLASSIC.phases[0]  # 2 sets of 3
    >>> hand = parse_cards("R7 B7 G7 R9 B9")
    >>> [str(c) for c in completing_cards(hand, sets, parse_cards("Y9 R2 W"),
    ...                                   rules=phase10.CLASSIC.meld_rules)]
    ['Y9', 'W']
    """
    hand = tuple(hand)
    base = phase_distance(hand, phase, rules=rules)
    if base == 0:
        return ()
    return sort_cards(
        c for c in dict.fromkeys(cards) if phase_distance((*hand, c), phase, rules=rules) < base
    )


def count_outs(
    hand: Iterable[Card], phase: Phase, unseen: Counter[Card], *, rules: MeldRules
) -> int:
    """How many of the ``unseen`` cards (counted with multiplicity) shorten the distance.

    A card counts once per copy; cards the search cannot tell apart are tested once.

    Args:
        hand: The cards in hand.
        phase: The phase to complete.
        unseen: The cards that may still come, as from :func:`unseen_cards`.
        rules: The meld rules of the game.
    """
    cl = _classes(phase, rules)
    shape = _shape(hand, cl, phase, rules)
    distance = _shape_distance(shape, cl, phase, rules)
    if distance == 0:
        return 0
    helps = _HELPS.get((cl.number, shape))
    if helps is None:
        helps = _HELPS.put((cl.number, shape), {})
    of = cl.of
    count = cl.count
    tally: tuple[dict[int, int], int] | None = None
    used = -1  # naturals in use (counting shortcut): -1 not counted yet, _NO_KEY cannot be
    total = 0
    for card, n in unseen.items():
        c = of.get(card)
        if c is None:
            c = _class_of(card, cl, phase, rules)
        if c < 0:
            continue
        h = helps.get(c)
        if h is None and count is not None and used != _NO_KEY:
            if used < 0:  # the first card not known to help or not: count the hand once
                tally = _tally(shape, cl, count)
                used = _NO_KEY if tally is None else count.used(tally[0])
            if tally is not None:
                h = count.helps(tally[0], used, _key_of(c, cl, count), distance)
                if h is not None:
                    helps[c] = h
        if h is None:
            reps = cl.rep
            more = tuple(reps[x] for x in sorted((*shape, c)))
            h = helps[c] = _lays(more, distance - 1, phase, rules)
        if h:
            total += n
    return total


# each deck's cards counted, by the deck tuple (Variant.deck_for returns the same tuple)
_DECK_COUNTS: IdentityCache[Counter[Card]] = IdentityCache(
    64,
    name="_DECK_COUNTS",
    key="identity of a deck tuple (`Variant.deck_for`)",
    why="identity cache; a deck is a tuple, and `unseen_cards` copies the counts before "
    "subtracting",
)


def unseen_cards(view: PlayerView | GameState, *, seat: int | None = None) -> Counter[Card]:
    """The cards the viewer has not seen: the other hands and the draw pile, as counts.

    Given a :class:`~phase10.GameState` and ``seat``, the cards ``seat`` has not seen there:
    the same counts as ``unseen_cards(phase10.view(state, seat))``, without building the
    view (a search's rollouts ask this at every step).

    >>> import random, phase10
    >>> state, _ = phase10.play_chance(phase10.new_game(phase10.CLASSIC, 2), random.Random(0))
    >>> v = phase10.view(state, 0)
    >>> sum(unseen_cards(v).values()) == v.draw_count + v.players[1].hand_size
    True
    >>> unseen_cards(state, seat=0) == unseen_cards(v)
    True

    Raises:
        ArgumentError: a :class:`~phase10.GameState` without ``seat``, or a view with one.
    """
    if isinstance(view, GameState):
        if seat is None:
            raise ArgumentError("unseen_cards of a GameState needs the seat that looks")
        hand = view.players[seat].hand
        drawn = seen_drawn(view, seat)
    elif seat is not None:
        raise ArgumentError("unseen_cards of a PlayerView takes no seat: the view has its viewer")
    else:
        hand, drawn = view.hand, view.drawn
    deck = view.variant.deck_for(view.num_players)
    counts = _DECK_COUNTS.get(id(deck))
    if counts is None:
        counts = _DECK_COUNTS.put(deck, Counter(deck))
    pool = counts.copy()  # the cached counts stay as they are
    pool.subtract(hand)
    pool.subtract(view.discard_pile)
    pool.subtract(view.action_pile)
    pool.subtract(drawn)
    pool.subtract(card for _, card in view.offers)
    for row in view.table:
        for meld in row:
            pool.subtract(meld.cards)
    return +pool


def points_at_risk(hand: Iterable[Card], *, scoring: Scoring) -> int:
    """The penalty points ``hand`` would score if another player went out now (C-22).

    >>> import phase10
    >>> from phase10.cards import parse_cards
    >>> points_at_risk(parse_cards("R1 B12 W S"), scoring=phase10.CLASSIC.scoring)
    55
    """
    return scoring.hand_points(hand)


def playout(
    state: GameState,
    bots: Sequence[_Actor],
    rng: random.Random,
    *,
    until: Literal["hand", "game"] = "hand",
    max_actions: int = 10_000,
) -> GameState:
    """Play ``state`` on with ``bots[seat]`` choosing for each seat, chance drawn from ``rng``.

    Stops at the end of the current hand (``until="hand"``: the first state of a later hand,
    or the game's end) or at the end of the game (``until="game"``), or after
    ``max_actions`` player actions. Every bot gets the same ``rng``, so a playout depends
    only on the state, the bots and the seed of ``rng``.

    >>> import random, phase10
    >>> start, _ = phase10.play_chance(phase10.new_game(phase10.CLASSIC, 2), random.Random(0))
    >>> end = playout(start, [phase10.GreedyBot()] * 2, random.Random(1))
    >>> end.hand_number > start.hand_number or end.is_over
    True

    Args:
        state: Where to start (a chance state is fine).
        bots: One bot per seat.
        rng: The playout's randomness (chance and the bots).
        until: ``"hand"`` or ``"game"``.
        max_actions: A safeguard against bots that never finish.

    Raises:
        ArgumentError: ``until`` is neither ``"hand"`` nor ``"game"``, or ``bots`` does not
            have one bot per seat.
        IllegalActionError: a bot chose an illegal action.
    """
    if until not in ("hand", "game"):
        raise ArgumentError(f"until must be 'hand' or 'game', got {until!r}")
    if len(bots) != state.num_players:
        raise ArgumentError(
            f"playout needs {state.num_players} bots, one per seat, got {len(bots)}"
        )
    hand = state.hand_number
    count = 0
    while not state.is_over and count < max_actions:
        if until == "hand" and state.hand_number != hand:
            break
        if state.is_chance:
            state, _ = play_chance(state, rng)
            continue
        seat = state.current_player
        assert seat is not None
        state = apply(state, bots[seat].act(view(state, seat), rng))
        count += 1
    return state


# ----------------------------------------------------------------------------- other seats


def next_player(position: Position, seat: int, *, skipping: int | None = None) -> int:
    """The seat that draws next after ``seat`` ends its turn: the rules' turn order.

    The first seat of :func:`~phase10.turn_order`: pending skips lose their turn (C-19,
    C-20, M-14), and ``skipping`` is the target of a skip ``seat`` discards now. ``seat``
    itself when every other seat is skipped.

    >>> import random, phase10
    >>> state, _ = phase10.play_chance(phase10.new_game(phase10.CLASSIC, 3), random.Random(0))
    >>> v = phase10.view(state, 0)
    >>> next_player(v, 0), next_player(v, 0, skipping=1), next_player(v, 2)
    (1, 2, 0)

    Raises:
        InvalidStateError: ``seat`` or ``skipping`` is not a seat of the game.
    """
    return turn_order(position, seat, skipping=skipping)[0]


@attrs.frozen(kw_only=True)
class Collecting:
    """What the public history of the current hand shows of what one seat collects.

    Built by :func:`collecting`. Every field is public: any seat's view gives the same
    answer for the same seat (the viewer's own hand is not used).

    Attributes:
        seat: The seat.
        phases: The phases the seat may still lay down this hand (its open phases, V-4);
            empty once it has laid down (it then plays on by hitting, C-14) or has
            completed every phase.
        laid_down: Whether the seat laid down its phase this hand.
        known: The cards everybody knows the seat holds (:attr:`~phase10.SeatView.known`):
            taken from the discard pile and not played since, among others.
        taken: The cards the seat took from the discard pile this hand (C-11), oldest
            first, played since or not.
        discarded: The cards the seat discarded this hand (C-13), oldest first.
        declined: The top cards of the discard pile the seat could have taken but left
            for the draw pile (C-11, C-19: never a skip), oldest first.
    """

    seat: int
    phases: tuple[Phase, ...]
    laid_down: bool
    known: tuple[Card, ...] = ()
    taken: tuple[Card, ...] = ()
    discarded: tuple[Card, ...] = ()
    declined: tuple[Card, ...] = ()

    @property
    def passed(self) -> tuple[Card, ...]:
        """The cards the seat let go this hand: :attr:`discarded`, then :attr:`declined`."""
        return self.discarded + self.declined


def _need_seat(position: Position, seat: object) -> int:
    n = len(position.players)
    if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < n):
        raise InvalidStateError(f"seat must be a seat from 0 to {n - 1}, got {seat!r}")
    return seat


def _open_phases(position: Position, seat: int) -> tuple[Phase, ...]:
    if position.players[seat].laid_down:
        return ()
    phases = position.variant.phases
    return tuple(phases[i] for i in position.open_phases(seat))


def collecting(position: Position, seat: int) -> Collecting:
    """What the public history of the current hand shows ``seat`` collects.

    Read from :attr:`~phase10.PlayerView.history` (the same for every seat) and the seat's
    public fields, so it is what every player at the table could know. A card is
    *declined* when the seat drew from the draw pile while it lay on top of the discard
    pile and could be taken (:func:`~phase10.may_take`).

    >>> import phase10
    >>> from phase10 import CLASSIC, Card, Discard, Draw, TakeDiscard
    >>> from phase10.cards import parse_cards
    >>> hands = ("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10", "B1 B2 B3 B4 B5 B6 B7 B8 B9 B10")
    >>> state = phase10.new_game(CLASSIC, 2)
    >>> for action in [phase10.Deal(c) for pair in zip(*map(parse_cards, hands))
    ...                for c in reversed(pair)]:
    ...     state = phase10.apply(state, action)
    >>> state = phase10.apply(state, phase10.TurnUp(Card.parse("G7")))
    >>> for action in (TakeDiscard(1), Discard(1, Card.parse("B1")), Draw(0)):
    ...     state = phase10.apply(state, action)
    >>> seen = collecting(phase10.view(state, 0), 1)
    >>> [str(c) for c in seen.taken], [str(c) for c in seen.known], [str(c) for c in seen.passed]
    (['G7'], ['G7'], ['B1'])
    >>> [str(c) for c in collecting(phase10.view(state, 1), 0).declined]
    ['B1']

    Raises:
        InvalidStateError: ``seat`` is not a seat of the game.
    """
    seat = _need_seat(position, seat)
    taken, discarded, declined = _evidence(position)[seat]
    player = position.players[seat]
    return Collecting(
        seat=seat,
        phases=_open_phases(position, seat),
        laid_down=player.laid_down,
        known=player.known,
        taken=taken,
        discarded=discarded,
        declined=declined,
    )


#: Per seat: the cards it took from the discard pile, discarded and declined this hand.
_Evidence = tuple[tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]], ...]

# A history is walked once for every seat, and once for all the worlds a weighted
# sample_state deals from one view (they share the view's History object). 16 entries: an
# entry keeps its history alive, and a bot needs the current one only.
_EVIDENCE: IdentityCache[tuple[object, int, _Evidence]] = IdentityCache(
    16,
    name="_EVIDENCE",
    key="identity of a `History`",
    why="identity cache; a `History` is immutable, and the entry keeps the variant (compared "
    "by identity) and the number of seats it was read for",
)


def _evidence(position: Position) -> _Evidence:
    """What the history of the hand shows of each seat (see :class:`Collecting`)."""
    history = position.history
    variant = position.variant
    n = len(position.players)
    known = _EVIDENCE.get(id(history))
    if known is not None and known[0] is variant and known[1] == n:
        return known[2]
    taken: list[list[Card]] = [[] for _ in range(n)]
    discarded: list[list[Card]] = [[] for _ in range(n)]
    declined: list[list[Card]] = [[] for _ in range(n)]
    top: Card | None = None  # the top of the discard pile, when the history shows it
    for event in history:
        action = event.action
        if action is None:
            if event.unseen is Unseen.KEEP:  # the other card of a Take two is discarded
                top = None
            continue
        kind = type(action)
        if kind is Discard:
            assert isinstance(action, Discard)
            if 0 <= action.player < n:
                discarded[action.player].append(action.card)
            if to_discard_pile(variant, action.card):
                top = action.card
        elif kind is TakeDiscard:
            assert isinstance(action, TakeDiscard)
            if 0 <= action.player < n and event.card is not None:
                taken[action.player].append(event.card)
            top = None  # the card below is not tracked: its taker discards before anyone draws
        elif kind is Draw or kind is DrawTwo:
            assert isinstance(action, Draw | DrawTwo)
            if 0 <= action.player < n and top is not None and may_take(top):
                declined[action.player].append(top)
        elif kind is TurnUp:
            assert isinstance(action, TurnUp)
            top = action.card
        elif not isinstance(action, LayDown) and getattr(action, "player", None) is not None:
            top = None  # an Announce that discards its cards (T-4), a Master action
    found = tuple((tuple(taken[s]), tuple(discarded[s]), tuple(declined[s])) for s in range(n))
    _EVIDENCE.put(history, (variant, n, found))
    return found


@lru_cache(maxsize=256, key="a `GroupType`", why="a phase of one group is a value of the group")
def _alone(group: GroupType) -> Phase:
    """The phase of ``group`` alone: how close cards come to that one group."""
    return Phase((group,))


def _hand_of(position: Position, seat: int) -> tuple[Card, ...] | None:
    if isinstance(position, GameState):
        return position.players[seat].hand
    return position.hand if seat == position.player else None


def _fits_table(position: Position, card: Card) -> bool:
    rules = position.variant.meld_rules
    return any(meld.can_add(card, rules=rules) for row in position.table for meld in row)


def hittable(position: Position, card: Card) -> bool:
    """Whether ``card`` fits a meld on the table now (C-14): some seat could hit it there.

    >>> import random, phase10
    >>> state, _ = phase10.play_chance(phase10.new_game(phase10.CLASSIC, 2), random.Random(0))
    >>> hittable(phase10.view(state, 0), phase10.Card.parse("W"))  # no meld on the table yet
    False
    """
    return _fits_table(position, card)


def hitters(position: Position, card: Card) -> tuple[int, ...]:
    """The seats that could hit ``card`` on their turn, in seat order.

    Those that have laid down (:func:`~phase10.may_hit`, C-14), when the card fits a meld
    on the table (:func:`hittable`). Feeding such a seat a card it can hit brings it a
    card closer to going out.

    >>> import random, phase10
    >>> state, _ = phase10.play_chance(phase10.new_game(phase10.CLASSIC, 2), random.Random(0))
    >>> hitters(state, phase10.Card.parse("R7"))
    ()
    """
    if not _fits_table(position, card):
        return ()
    return tuple(s for s in range(len(position.players)) if may_hit(position, s))


def _links(known: tuple[Card, ...], card: Card, phase: Phase, rules: MeldRules) -> bool:
    """Whether ``card`` brings ``known`` closer to one group of ``phase`` they already start."""
    for group in dict.fromkeys(phase.groups):
        alone = _alone(group)
        base = phase_distance(known, alone, rules=rules)
        # base > size: no known card counts towards the group, so nothing links to it
        if base <= alone.size and phase_distance((*known, card), alone, rules=rules) < base:
            return True
    return False


def helpful(position: Position, seat: int, cards: Iterable[Card]) -> tuple[Card, ...]:
    """The cards of ``cards`` that would help ``seat``, as far as ``position`` tells.

    Each distinct card once, in canonical order. A card helps:

    * a seat that has laid down this hand when it fits a meld on the table
      (:func:`hitters`): hitting it brings the seat closer to going out (C-14, C-15);
    * a seat whose hand ``position`` shows (the viewer's own, or any seat of a full
      :class:`~phase10.GameState`, such as a world of :func:`~phase10.sample_state`) when
      it shortens the hand's :func:`phase_distance` to one of its open phases
      (:func:`completing_cards`);
    * any other seat not laid down, from the public evidence only (:func:`collecting`): a
      wild (C-17); or a card that brings the cards the seat is known to hold (taken from
      the discard pile) closer to one group of its phase that they already start (a third
      7 to two known 7s, a neighbour to a known run). With no known card nothing but a wild
      is known to help: the answer is evidence, not a guess about the hidden cards.

    A skip or an action card never helps: it is no part of a group (C-19).

    >>> import random, phase10
    >>> from phase10.cards import parse_cards
    >>> state, _ = phase10.play_chance(phase10.new_game(phase10.CLASSIC, 2), random.Random(0))
    >>> state.current_player, str(state.top_discard)
    (1, 'Y4')
    >>> state = phase10.apply(state, phase10.TakeDiscard(1))
    >>> v = phase10.view(state, 0)   # seat 1 took a 4 for its 2 sets of 3
    >>> [str(c) for c in helpful(v, 1, parse_cards("R4 R9 W S"))]
    ['R4', 'W']

    Raises:
        InvalidStateError: ``seat`` is not a seat of the game.
    """
    seat = _need_seat(position, seat)
    distinct = tuple(dict.fromkeys(cards))
    rules = position.variant.meld_rules
    player = position.players[seat]
    if may_hit(position, seat):  # it has laid down and plays on by hitting (C-14)
        return sort_cards(c for c in distinct if _fits_table(position, c))
    phases = _open_phases(position, seat)
    hand = _hand_of(position, seat)
    if hand is not None:
        return sort_cards(
            {c: None for p in phases for c in completing_cards(hand, p, distinct, rules=rules)}
        )
    known = player.known
    out = []
    for card in distinct:
        if card.kind is Kind.WILD:
            if phases:
                out.append(card)
        elif card.kind is Kind.NUMBER and any(_links(known, card, p, rules) for p in phases):
            out.append(card)
    return sort_cards(out)


def helps(position: Position, seat: int, card: Card) -> bool:
    """Whether ``card`` would help ``seat``, as far as ``position`` tells: see :func:`helpful`.

    >>> import random, phase10
    >>> state, _ = phase10.play_chance(phase10.new_game(phase10.CLASSIC, 2), random.Random(0))
    >>> v = phase10.view(state, 0)
    >>> helps(v, 1, phase10.Card.parse("W")), helps(v, 1, phase10.Card.parse("S"))
    (True, False)

    Raises:
        InvalidStateError: ``seat`` is not a seat of the game.
    """
    return bool(helpful(position, seat, (card,)))


def world_weight(view: PlayerView, state: GameState, *, passed: float = 0.25) -> float:
    """How likely ``state`` is, relative to other worlds behind ``view``, given the history.

    Every world consistent with the view is equally likely to :func:`~phase10.sample_state`;
    the public history says more: a seat that discarded a card, or left it on the discard
    pile (:attr:`Collecting.passed`), is less likely to hold another copy of it. The weight
    is ``passed`` to the power of the number of such cards among the hidden cards of the
    other seats' hands (the cards of :attr:`~phase10.SeatView.known` are not hidden), so
    1.0 for a world that contradicts nothing and ``passed=1.0`` weighs every world
    alike. Give it to :func:`~phase10.sample_state` as ``weight`` to resample the worlds
    by it.

    >>> import random, phase10
    >>> state, _ = phase10.play_chance(phase10.new_game(phase10.CLASSIC, 2), random.Random(0))
    >>> v = phase10.view(state, 0)
    >>> world_weight(v, phase10.sample_state(v, random.Random(1)))  # nothing passed yet
    1.0
    >>> weigh = lambda state: world_weight(v, state)
    >>> guess = phase10.sample_state(v, random.Random(1), weight=weigh, tries=16)
    >>> phase10.view(guess, 0) == v
    True

    Args:
        view: What the seat sees.
        state: A full state behind ``view`` (from :func:`~phase10.sample_state`).
        passed: The factor for each hidden card a seat holds although it let an equal card
            go this hand; from 0 (such worlds are ruled out) to 1 (the evidence is ignored).

    Raises:
        InvalidStateError: ``passed`` is not a number from 0 to 1, or ``state`` has not the
            view's seats.
    """
    given: object = passed  # typed float, but a caller may pass anything
    if isinstance(given, bool) or not isinstance(given, int | float):
        raise InvalidStateError(f"passed must be a number from 0 to 1, got {passed!r}")
    if not (math.isfinite(passed) and 0 <= passed <= 1):
        raise InvalidStateError(f"passed must be a number from 0 to 1, got {passed!r}")
    if len(state.players) != len(view.players):
        raise InvalidStateError(
            f"the state has {len(state.players)} seats, the view {len(view.players)}"
        )
    if passed == 1:
        return 1.0
    count = 0
    evidence = _evidence(view)
    for seat, seen in enumerate(view.players):
        if seat == view.player:
            continue
        _, discarded, declined = evidence[seat]
        let_go = discarded + declined
        if not let_go:
            continue
        hidden = Counter(state.players[seat].hand)
        hidden.subtract(seen.known)
        for card in set(let_go):
            count += max(0, hidden[card])
    return float(passed**count)
