"""Groups of cards as written: melds as written, the one matcher to a phase, and why not.

Every door that turns written groups of cards into a laydown, or refuses one, asks here: the
engine (:func:`phase10.check` and :func:`phase10.apply`), :func:`phase10.lay_down_from_groups`,
action notation, JSON, :class:`phase10.table.Table` and ``phase10 check``. So one bad meld
gets one :class:`~phase10.MeldProblem` and one sentence whichever door it came through.

- :func:`meld_verdict` judges a :class:`~phase10.Meld` object (kept by the meld's identity:
  the melds of a table recur from state to state of a hand);
- :func:`meld_as_written` builds the meld that cards with their values stand for, exactly as
  written (JSON, the history's text);
- :func:`match_groups` matches written groups to a phase's groups, in the order that fits
  best, and says per group why not;
- :func:`laydown_fault` says why melds do not make a phase (the engine, JSON).

The sentence of each meld problem has one builder, :func:`phase10.check_meld`'s
(:meth:`phase10.Meld.check` uses it too): it stays in :mod:`phase10.groups`, below this module,
because :meth:`~phase10.Meld.validate` needs it there. Nothing here writes a meld sentence.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import attrs

from phase10._fast import IdentityCache
from phase10.cards import Card, Kind
from phase10.errors import GroupProblem, MeldProblem, Message
from phase10.groups import (
    GroupType,
    Meld,
    MeldRules,
    Value,
    Verdict,
    check_meld,
    group_message,
    shape_index,
)
from phase10.limits import spend_steps
from phase10.phases import Phase, phase_message

__all__ = [
    "MAX_ORDERED",
    "Fault",
    "Match",
    "Placed",
    "group_problem",
    "laydown_fault",
    "match_groups",
    "meld_as_written",
    "meld_refusal",
    "meld_verdict",
    "placed_text",
    "problem_lines",
    "unwritten_verdict",
]

#: A card as written, with the value a wild is pinned to (``W=7``), or ``None``.
Placed = tuple[Card, Value | None]

#: Up to this many groups may come in any order; a phase with more is matched in phase order.
MAX_ORDERED = 6
_CACHE_LIMIT = 4096


def placed_text(placed: Sequence[Placed]) -> str:
    """Cards as written, a pinned wild with its value: ``R7 B7 W=7``."""
    return " ".join(str(c) if v is None or not str(v) else f"{c}={v}" for c, v in placed)


@attrs.frozen
class Fault:
    """Why written groups or melds do not make a phase.

    Attributes:
        reason: The sentence: the failing groups' sentences (:func:`problem_lines`), or the
            phase's own fault.
        problem: Machine-readable: the first failing group's, or the phase's own.
        problems: One :class:`~phase10.GroupProblem` per failing group (none when the fault
            is the phase as a whole).
    """

    reason: str
    problem: MeldProblem | None
    problems: tuple[GroupProblem, ...] = ()
    said: Message | None = None


def problem_lines(problems: Sequence[GroupProblem]) -> list[str]:
    """The failing groups' sentences, one a line, a reason said once (the CLI, messages).

    A group whose reason an earlier group already gave says "the same problem as group N".
    """
    lines: list[str] = []
    said: dict[str, int] = {}
    for p in problems:
        if p.reason in said:
            lines.append(
                attrs.evolve(p, reason=f"the same problem as group {said[p.reason]}").sentence
            )
        else:
            said[p.reason] = p.index + 1
            lines.append(p.sentence)
    return lines


def _fault(problems: tuple[GroupProblem, ...]) -> Fault:
    return Fault("; ".join(problem_lines(problems)), problems[0].problem, problems)


def _group_count(phase: Phase, given: int) -> Fault:
    # rule C-10: a phase is laid down whole, one group of cards per group of the phase
    wanted = len(phase.groups)
    groups = "1 group" if wanted == 1 else f"{wanted} groups"
    said = Message.of("group-count", phase=phase_message(phase), count=wanted, given=given)
    return Fault(f"{phase} needs {groups}, got {given}", MeldProblem.GROUP_COUNT, said=said)


# ----------------------------------------------------------------------------- melds


def meld_verdict(meld: Meld, rules: MeldRules) -> Verdict:
    """:meth:`Meld.check <phase10.Meld.check>` of ``meld``, kept by the meld's identity.

    The rules are compared by identity too: the melds of a table stay from state to state
    of a hand, judged under the one variant's rules.
    """
    found = _VERDICTS.get(id(meld))
    if found is not None and found[0] is rules:
        return found[1]
    verdict = meld.check(rules=rules)
    if type(meld.cards) is tuple and type(meld.values) is tuple:  # nothing in it can change
        _VERDICTS.put(meld, (rules, verdict))
    return verdict


_VERDICTS: IdentityCache[tuple[MeldRules, Verdict]] = IdentityCache(
    _CACHE_LIMIT,
    name="_VERDICTS",
    key="identity of a `Meld` (with tuple cards and values), with the `MeldRules` compared "
    "by identity",
    why="identity cache; a meld with tuples is frozen, so its verdict under the same rules "
    "never changes",
)


def meld_refusal(meld: Meld, rules: MeldRules) -> str | None:
    """``not a valid set of 3: R1 B2 G3 (<the reason>)``, or ``None`` for a valid meld.

    How a state's checks (:meth:`phase10.GameState.problems`) and JSON name a bad meld.
    """
    verdict = meld_verdict(meld, rules)
    return None if verdict else f"not a valid {meld.group}: {meld} ({verdict.reason})"


def group_problem(
    meld: Meld, group: GroupType, index: int, rules: MeldRules
) -> GroupProblem | None:
    """Why ``meld``, group ``index`` (0-based) of a laydown, is not a valid ``group``, or None.

    A meld made for another group type is judged by its cards against ``group``, as
    :func:`match_groups` judges written cards.
    """
    if meld.group == group:
        verdict = meld_verdict(meld, rules)
    else:
        verdict = check_meld(meld.placed, group, rules=rules)
        if verdict:
            verdict = Verdict(
                False,
                MeldProblem.MALFORMED,
                f"the meld is a {meld.group}, not a {group}",
                (),
                Message.of("meld.no-fit", group=group_message(group)),
            )
    if verdict:
        return None
    return GroupProblem(
        index,
        str(group),
        verdict.problem,
        verdict.reason,
        placed_text(meld.placed),
        said=verdict.said,
        term=group_message(group),
    )


def laydown_fault(melds: Sequence[Meld], phase: Phase, rules: MeldRules) -> Fault | None:
    """Why ``melds`` (one per group, in phase order) do not make ``phase``; ``None`` if they do.

    The group count first (C-10), then each meld (its :class:`~phase10.GroupProblem`), then
    the phase as a whole (:meth:`phase10.Phase.check`: C-17's natural card, T-3's colours).
    """
    if len(melds) != len(phase.groups):
        return _group_count(phase, len(melds))
    problems = tuple(
        p
        for i, (group, meld) in enumerate(zip(phase.groups, melds, strict=True))
        if (p := group_problem(meld, group, i, rules)) is not None
    )
    if problems:
        return _fault(problems)
    whole = phase.check(melds, rules=rules)
    return None if whole is None else Fault(whole[1], whole[0])


def meld_as_written(
    group: GroupType, cards: tuple[Card, ...], values: tuple[Value, ...], rules: MeldRules
) -> Meld | None:
    """The meld of ``group`` that is these cards standing for these values, as written.

    The first of the group's shapes (in its own order, as the laydown search and
    :func:`~phase10.check_meld` build them) that the cards fit card by card: a set-like
    group's cards in canonical order, a run's in the order written. ``None`` when no shape
    fits; the meld found may still be invalid (too few cards, too few natural cards): ask
    :func:`meld_verdict`.
    """
    index = shape_index(group, rules)
    for rep in index.repeats:
        pattern = rep.pattern
        if all(
            pattern.accepts(c) and pattern.value_for(c) == v
            for c, v in zip(cards, values, strict=True)
        ):
            pairs = sorted(zip(cards, values, strict=True), key=lambda cv: cv[0].sort_key)
            return Meld(group, rep, tuple(c for c, _ in pairs), tuple(v for _, v in pairs))
    for slots in index.slots_by_length.get(len(cards), ()):
        if all(
            p.accepts(c) and p.value_for(c) == v
            for p, c, v in zip(slots.patterns, cards, values, strict=True)
        ):
            return Meld(group, slots, cards, values)
    return None


def unwritten_verdict(
    group: GroupType, cards: tuple[Card, ...], values: tuple[Value, ...], rules: MeldRules
) -> Verdict:
    """Why cards standing for these values make no meld of ``group`` (:func:`meld_as_written`).

    :func:`~phase10.check_meld`'s verdict for the cards, each wild pinned to its value; a
    :attr:`~phase10.MeldProblem.MALFORMED` one when those cards do form the group, only not
    with these values in this order.
    """
    placed = tuple(
        (c, v if c.kind is Kind.WILD and (v.number is not None or v.color is not None) else None)
        for c, v in zip(cards, values, strict=True)
    )
    verdict = check_meld(placed, group, rules=rules)
    if verdict:
        reason = f"these cards form a {group} standing for other values, or in another order"
        return Verdict(False, MeldProblem.MALFORMED, reason, (), Message.of("meld.malformed"))
    return verdict


# ----------------------------------------------------------------------------- matching


@attrs.frozen
class Match:
    """Written groups matched to a phase.

    Attributes:
        fitting: Every choice of melds (in phase order) of every order of the groups in which
            each group forms its group of the phase; empty when there is none.
        fault: Why not, for the order that fits most groups (the written order first);
            ``None`` when some order fits.
    """

    fitting: tuple[tuple[Meld, ...], ...]
    fault: Fault | None


#: The work budget's steps (Limits.max_call_steps) one order of the written groups costs,
#: and one reading of them (a choice of melds, checked as a whole laydown by the caller).
_ORDER_COST = 50
_CHOICE_COST = 200


def _in_order(order: tuple[int, ...], wanted: tuple[GroupType, ...]) -> bool:
    """Whether ``order`` gives groups to equal groups of the phase in increasing order.

    Two written groups swapped between equal groups of the phase (the two sets of phase 1)
    make the same laydown, so one order of them is enough; it is the first of the
    permutations, so the closest miss reported stays the same.
    """
    n = len(order)
    for i in range(n):
        for j in range(i + 1, n):
            if order[i] > order[j] and wanted[order[i]] == wanted[order[j]]:
                return False
    return True


def match_groups(groups: Sequence[Sequence[Placed]], phase: Phase, rules: MeldRules) -> Match:
    """Match written ``groups`` (any order; wilds may be pinned) to the groups of ``phase``.

    Each group is judged by :func:`~phase10.check_meld` against the group of the phase it is
    tried for; a phase of more than :data:`MAX_ORDERED` groups is read in phase order only.
    The phase as a whole (C-17, T-3) is the engine's to judge on the laydowns found.
    """
    wanted = phase.groups
    if len(groups) != len(wanted):
        return Match((), _group_count(phase, len(groups)))
    verdicts: dict[tuple[int, int], Verdict] = {}

    def verdict(i: int, slot: int) -> Verdict:
        if (i, slot) not in verdicts:
            verdicts[i, slot] = check_meld(groups[i], wanted[slot], rules=rules)
        return verdicts[i, slot]

    n = len(wanted)
    fitting: list[tuple[Meld, ...]] = []
    best: tuple[int, ...] = tuple(range(n))
    best_fits = -1
    # order[i] is the slot of group i
    orders = itertools.permutations(range(n)) if n <= MAX_ORDERED else [tuple(range(n))]
    for order in orders:
        if not _in_order(order, wanted):
            continue
        # each order costs a few checks of one group against one group of the phase
        spend_steps(_ORDER_COST, f"matching {n} written groups to {phase}")
        fits = sum(1 for i, slot in enumerate(order) if verdict(i, slot))
        if fits == n:
            choices = [verdict(order.index(slot), slot).melds for slot in range(n)]
            # every choice is checked as a whole laydown afterwards: count that work
            # before building the choices (six groups of wilds alone have millions)
            combinations = math.prod(len(c) for c in choices)
            spend_steps(combinations * _CHOICE_COST, f"the {combinations} readings of {n} groups")
            fitting.extend(itertools.product(*choices))
        elif fits > best_fits:
            best, best_fits = order, fits
    if fitting:
        return Match(tuple(fitting), None)
    problems = tuple(
        GroupProblem(
            i,
            str(wanted[slot]),
            v.problem,
            v.reason,
            placed_text(groups[i]),
            said=v.said,
            term=group_message(wanted[slot]),
        )
        for i, slot in enumerate(best)
        if not (v := verdict(i, slot))
    )
    return Match((), _fault(problems))
