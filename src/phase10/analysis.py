"""Analysis helpers: how far a hand is from a phase, what would help it, and playouts.

These are the measures :class:`~phase10.GreedyBot` decides with, public so that other bots
(and people) can use them:

* :func:`phase_distance`: the fewest wild cards that would complete a phase with a hand;
* :func:`completing_cards` and :func:`count_outs`: which cards would bring the hand closer;
* :func:`unseen_cards`: the cards a player has not seen (other hands and the draw pile);
* :func:`points_at_risk`: the penalty points a hand would score if the hand ended now;
* :func:`playout`: play a state on to the end of the hand or of the game with given bots.

>>> import phase10
>>> from phase10.cards import parse_cards
>>> rules = phase10.CLASSIC.meld_rules
>>> phase_distance(parse_cards("R7 B7 G7 R9 B9"), phase10.CLASSIC.phases[0], rules=rules)
1
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Literal, Protocol

from phase10._fast import BoundedCache, IdentityCache, lru_cache
from phase10._laydown_plan import compiled_plan
from phase10.actions import Action
from phase10.cards import WILD, Card, Kind, sort_cards
from phase10.chance import play_chance
from phase10.groups import ColorGroupOf, MeldRules, NaturalScope, RunOf, SetOf
from phase10.laydown import find_laydown
from phase10.limits import Limits, current_limits, work_budget
from phase10.phases import Phase
from phase10.rules import apply
from phase10.scoring import Scoring
from phase10.state import GameState
from phase10.views import PlayerView, view

__all__ = [
    "completing_cards",
    "count_outs",
    "phase_distance",
    "playout",
    "points_at_risk",
    "unseen_cards",
]


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


@lru_cache(
    maxsize=1 << 15,
    key="`(hand shape, Phase, MeldRules)`",
    why="a hand shape's distance to the phase follows from these only",
)
def _shape_distance(shape: tuple[int, ...], phase: Phase, rules: MeldRules) -> int:
    cl = _classes(phase, rules)
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
# For the phases made of sets and at most one run, or of one colour group alone, under rules
# that ask at most one natural card per phase, the distance follows from the hand's counts
# per number (or colour) without a search: the wilds fill what the natural cards leave
# open. The search is exact in every case; this shortcut gives the same numbers (the tests
# compare them) at a fraction of the cost. Any other phase, rule or card goes to the search.

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
        if len(sets) + len(runs) != len(groups) or len(runs) > 1 or len(sets) > 3:
            return None
        if runs and runs[0] > rules.max_number:
            return None
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
    exact.
    """
    if not sets:
        return 0
    if len(sets) == 1:
        return min(sets[0], max(values, default=0))
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
    laydown search's; for phases of sets and at most one run, or of one colour group, it
    is counted from the hand's numbers or colours instead, with the same result. Cached by
    the hand's shape.

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
    return _shape_distance(_shape(hand, _classes(phase, rules), phase, rules), phase, rules)


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
    distance = _shape_distance(shape, phase, rules)
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
        TypeError: a :class:`~phase10.GameState` without ``seat``, or a view with one.
    """
    if isinstance(view, GameState):
        if seat is None:
            raise TypeError("unseen_cards of a GameState needs the seat that looks")
        hand = view.players[seat].hand
        drawn = view.drawn if seat == view.turn else ()  # as views.view shows them
    elif seat is not None:
        raise TypeError("unseen_cards of a PlayerView takes no seat: the view has its viewer")
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
        ValueError: ``until`` is neither ``"hand"`` nor ``"game"``, or ``bots`` does not
            have one bot per seat.
        IllegalActionError: a bot chose an illegal action.
    """
    if until not in ("hand", "game"):
        raise ValueError(f"until must be 'hand' or 'game', got {until!r}")
    if len(bots) != state.num_players:
        raise ValueError(f"playout needs {state.num_players} bots, one per seat, got {len(bots)}")
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
