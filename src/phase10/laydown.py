"""Finding every way a hand lays down a phase: an exact search, never greedy (C-9, C-10).

This module is the search's public face: :func:`find_laydown`, :func:`iter_laydowns` and
:func:`explain`. The search itself is internal, in three modules, low to high:
:mod:`phase10._laydown_plan` compiles a phase under a rule set once (its groups' shapes as
pattern ids, the cards no pattern tells apart as one class), :mod:`phase10._laydown_oracle`
answers "can the groups left still be made?" exactly on class counts, and
:mod:`phase10._laydown_search` walks the documented order, over single cards or over
classes, to the first laydown or through every one.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import attrs

from phase10._fast import reuse
from phase10._laydown_oracle import Oracle
from phase10._laydown_plan import SORT_KEY, compiled_plan
from phase10._laydown_search import (
    Found,
    Walk,
    build_meld,
    card_walk,
    class_walk,
    distinct_laydowns,
    first_of,
    listing_walk,
    search_hand,
)
from phase10.cards import Card, format_cards, parse_cards
from phase10.errors import ArgumentError, InvalidCardError, Message
from phase10.groups import (
    CLASSIC_MELD_RULES,
    GroupType,
    Meld,
    MeldRules,
    NaturalScope,
    Pattern,
    group_message,
    shape_index,
)
from phase10.limits import DEFAULT_LIMITS, Limits, check_limit, work_budget
from phase10.phases import Phase, PhaseMelds, phase_message

__all__ = ["explain", "explanation", "find_laydown", "first_laydowns", "iter_laydowns"]


def _coerce_hand(hand: str | Iterable[Card], rules: MeldRules) -> tuple[Card, ...]:
    game = rules.game
    if isinstance(hand, str):
        return parse_cards(hand, game=game)
    cards = tuple(hand)
    has = game.has
    for card in cards:
        if not isinstance(card, Card):
            raise ArgumentError(f"expected Card objects or a notation string, got {card!r}")
        if not has(card):
            raise InvalidCardError(f"{game.refusal(card)}, in the hand {format_cards(cards)}")
    return cards


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
    found = listing_walk(cards, phase, rules, minimal, limits)
    if found is not None:
        walk, suits = found
        yield from distinct_laydowns(walk, phase, rules, suits)


def first_laydowns(
    hand: str | Iterable[Card],
    phase: Phase,
    *,
    most: int,
    rules: MeldRules = CLASSIC_MELD_RULES,
    minimal: bool = False,
    limits: Limits = DEFAULT_LIMITS,
) -> tuple[PhaseMelds, ...]:
    """The first ``most`` laydowns of :func:`iter_laydowns`, within the work budget.

    What :func:`~phase10.legal_actions` lists: the same laydowns in the same order, but at
    most ``most`` of them, and no more than the search finds with ``limits.max_search_nodes``
    steps (or what is left of the call's budget, :func:`~phase10.limits.work_budget`): when
    the steps run out after a laydown was found, the listing stops there instead of raising.
    So the answer is every laydown when there are few (every real hand), and a bounded
    prefix of them when the hand is huge.

    >>> from phase10 import CLASSIC_PHASES
    >>> hand = "R7 B7 G7 Y7 R3 B3 G3 Y3 W W"
    >>> len(first_laydowns(hand, CLASSIC_PHASES[0], most=1000))
    420
    >>> [str(x) for x in first_laydowns(hand, CLASSIC_PHASES[0], most=2)]
    ['R3 B3 G3 Y3 W=3 W=3 | R7 B7 G7 Y7', 'R3 B3 G3 Y3 W=3 W=3 | R7 B7 G7']

    Raises:
        NotationError: ``hand`` is a string that is not valid notation, or names a card
            that the rules' game does not have (:attr:`~phase10.MeldRules.game`).
        InvalidCardError: ``hand`` holds a card that the rules' game does not have.
        LimitError: the hand holds more cards than ``limits.max_deck_size``.
        ArgumentError: ``most`` is not a whole number >= 1.
        SearchLimitError: the steps ran out before the first laydown was found (never in
            the built-in games).
    """
    if type(most) is not int or most < 1:
        raise ArgumentError(f"most must be a whole number >= 1, got {most!r}")
    return first_of(iter_laydowns(hand, phase, rules=rules, minimal=minimal, limits=limits), most)


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
    >>> print(find_laydown("R7 B7 W G2 G3 G4 Y5 S", CLASSIC_PHASES[1]))
    R7 B7 W=7 | G2 G3 G4 Y5
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
    with work_budget(limits):
        found = _first_laydown(cards, phase, rules, limits)
        if (
            found is not None
            and rules.natural_minimum is not NaturalScope.GROUP
            and any(not meld.naturals for meld in found.melds)
        ):
            # A group of wilds alone is valid here (C-17 per phase, or no minimum), but a
            # laydown with a natural card in every group reads better and keeps the wilds.
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
    plan = compiled_plan(phase, rules)
    if not plan.may_lay_down(cards):  # the counted pre-check rejects most hands at once
        return None
    minimal = plan.minimal  # groups at their minimum size, where that loses no laydown
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
            return _first_of_cards(cards, phase, rules, minimal, limits)
        if c >= 0:
            counts[c] += 1
    oracle = Oracle(plan, counts, minimal, limits.max_search_nodes)
    try:
        if not oracle.possible():
            return None
        walked = class_walk(plan, oracle).first()
    finally:
        oracle.settle()
    # the cards of each class in canonical order; a meld takes the first ones left
    pools: dict[int, list[Card]] = {}
    for card in sorted(cards, key=SORT_KEY):
        c = fast[card.sort_key]
        if c >= 0:
            pools.setdefault(c, []).append(card)
    groups = plan.groups
    melds = []
    for g, shape, classes in walked:
        taken = tuple(pools[c].pop(0) for c in classes)
        melds.append(build_meld(groups[g].group, shape, taken))
    return PhaseMelds(phase, tuple(melds))


def _first_of_cards(
    cards: tuple[Card, ...], phase: Phase, rules: MeldRules, minimal: bool, limits: Limits
) -> PhaseMelds | None:
    """The first laydown of a walk over single cards (a hand with cards foreign to the rules)."""
    walk = search_hand(cards, phase, rules, minimal, limits.max_search_nodes)
    if walk is None:
        return None
    try:
        return PhaseMelds(phase, _card_melds(walk, walk.first()))
    finally:
        walk.oracle.settle()


def _card_melds(walk: Walk, found: Found) -> tuple[Meld, ...]:
    """The melds of a laydown that a walk over single cards found."""
    groups = walk.plan.groups
    cards = walk.cards
    return tuple(
        build_meld(groups[g].group, shape, tuple(cards[i] for i in chosen))
        for g, shape, chosen in found
    )


def _group_best(search: Walk, group: GroupType) -> tuple[int, tuple[str, ...]]:
    """How close the whole hand comes to ``group`` alone, and what is missing, in words."""
    index = shape_index(group, search.plan.rules)
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
    return max(best, 0), tuple(missing)


def _pattern_words(pattern: Pattern) -> str:
    parts = []
    if pattern.colors is not None:
        parts.append("/".join(sorted(c.name.lower() for c in pattern.colors)))
    if pattern.numbers is not None:
        parts.append("/".join(str(n) for n in sorted(pattern.numbers)))
    return " ".join(parts) or "any card"


def _fewest_naturals(phase: Phase, rules: MeldRules) -> int:
    """The fewest natural cards that any laydown of ``phase`` holds (C-17, M-4)."""
    return compiled_plan(phase, rules).fewest_naturals


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
    return explanation(hand, phase, rules=rules, limits=limits).text()


def explanation(
    hand: str | Iterable[Card],
    phase: Phase,
    *,
    rules: MeldRules = CLASSIC_MELD_RULES,
    limits: Limits = DEFAULT_LIMITS,
) -> Message:
    """:func:`explain` as a :class:`~phase10.Message`: its id and parameters, to translate.

    >>> explanation("R7 B8 G9 Y3 W", CLASSIC_PHASES[3]).text("es")
    'no se puede bajar escalera de 7: escalera de 7: la mejor tiene 5, faltan 2 de 4, 5 o 6'

    Raises:
        NotationError: as :func:`explain`.
        InvalidCardError: as :func:`explain`.
        LimitError: as :func:`explain`.
        SearchLimitError: as :func:`explain`.
    """
    cards = _coerce_hand(hand, rules)
    with work_budget(limits):
        return _explanation(cards, phase, rules, limits)


def _explanation(
    cards: tuple[Card, ...], phase: Phase, rules: MeldRules, limits: Limits
) -> Message:
    named = Message.of("named", name=str(phase), term=phase_message(phase))
    found = find_laydown(cards, phase, rules=rules, limits=limits)
    if found is not None:
        return Message.of("explain.can", phase=named, laydown=str(found))
    naturals = sum(1 for card in cards if card.is_natural)
    wilds = sum(1 for card in cards if card.is_wild)
    need = _fewest_naturals(phase, rules)
    if naturals < need and naturals + wilds >= phase.size:  # rule C-17
        have: int | Message = naturals or Message.of("explain.none")
        return Message.of(
            "explain.naturals", phase=named, count=need, cards=len(cards), naturals=have
        )
    plan = compiled_plan(phase, rules)
    search = card_walk(plan, cards, Oracle(plan, [], True, limits.max_search_nodes))
    parts: list[Message] = []
    possible = 0
    for group in phase.groups:
        best, missing = _group_best(search, group)
        term = Message.of("named", name=str(group), term=group_message(group))
        if best >= group.size:
            possible += 1
            parts.append(Message.of("explain.possible", group=term))
        else:
            short = group.size - best
            parts.append(
                Message.of("explain.best", group=term, have=best, count=short, choices=missing)
            )
    if possible == len(parts):
        if len(parts) == 1:  # only the natural cards' places can be missing (C-17)
            group = phase.groups[0]
            term = Message.of("named", name=str(group), term=group_message(group))
            return Message.of("explain.no-naturals", phase=named, group=term, cards=len(cards))
        return Message.of("explain.not-at-once", phase=named, cards=len(cards))
    return Message.of("explain.cannot", phase=named, clauses=tuple(parts))
