"""Laydowns from groups: "lay these cards as these groups", with a reason per failing group.

An app or a classroom client knows which cards the player put together; it should not have to
write notation to ask the engine. :func:`lay_down_from_groups` turns a seat's grouped cards into
the one legal :class:`~phase10.LayDown` they mean, or raises an error that says, per group, what
is wrong ("group 2: a set holds one number, these cards have 3 and 5").

It judges nothing itself: each group is checked by :func:`~phase10.check_meld` (the meld rules)
and each laydown it builds by :func:`~phase10.check` (the engine), so it cannot disagree with
:func:`~phase10.legal_actions`.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

from phase10.actions import LayDown, seat_name
from phase10.cards import Card
from phase10.errors import (
    AmbiguousActionError,
    GroupProblem,
    IllegalActionError,
    LaydownError,
    NotationError,
    Violation,
)
from phase10.groups import Meld, MeldRules, Value, Verdict, check_meld, parse_placed
from phase10.phases import Phase, PhaseMelds
from phase10.rules import check, is_legal
from phase10.state import GameState
from phase10.views import PlayerView

__all__ = ["lay_down_from_groups"]

#: More groups than this is no phase of any variant a hand can hold; refused before any search.
_MAX_GROUPS = 12
#: Up to this many groups may come in any order; a phase with more takes them in phase order.
_MAX_ORDERED = 6


def _group_text(group: str | Sequence[Card]) -> str:
    return group if isinstance(group, str) else " ".join(str(c) for c in group)


def _placed(
    group: str | Sequence[Card], index: int, rules: MeldRules
) -> tuple[tuple[Card, Value | None], ...]:
    """The cards of one group (a wild may be pinned in text: ``W=5``)."""
    if isinstance(group, str):
        try:
            return parse_placed(group, rules=rules)
        except NotationError as exc:
            raise NotationError(
                f"group {index + 1}: {exc}", text=group, token=exc.token, position=exc.position
            ) from None
    if not isinstance(group, Sequence):
        raise TypeError(f"group {index + 1}: expected a str or a sequence of Card, got {group!r}")
    out: list[tuple[Card, Value | None]] = []
    for card in group:
        if not isinstance(card, Card):
            raise TypeError(f"group {index + 1}: expected Card objects, got {card!r}")
        out.append((card, None))
    return tuple(out)


def _diagnosis(
    texts: Sequence[str], given: int, phase: Phase, number: int, rules: MeldRules
) -> tuple[list[tuple[Meld, ...]], str, tuple[GroupProblem, ...]]:
    """Check the groups against ``phase`` in every order.

    Returns the meld choices of each order in which every group fits (melds in phase order),
    else a headline and the problems of the order that fits most groups (the given order first).
    """
    groups = phase.groups
    named = f"phase {number} ({phase})"
    if len(texts) != len(groups):
        return [], f"{named} has {len(groups)} groups, you gave {len(texts)}", ()
    verdicts: dict[tuple[int, int], Verdict] = {}

    def verdict(i: int, slot: int) -> Verdict:
        if (i, slot) not in verdicts:
            verdicts[i, slot] = check_meld(texts[i], groups[slot], rules=rules)
        return verdicts[i, slot]

    fitting: list[tuple[Meld, ...]] = []
    best: tuple[int, ...] | None = None
    best_fits = -1
    n = len(groups)
    # order[i] is the slot of group i; a phase of many groups is read in the given order only
    orders = itertools.permutations(range(n)) if n <= _MAX_ORDERED else [tuple(range(n))]
    for order in orders:
        fits = sum(1 for i, slot in enumerate(order) if verdict(i, slot))
        if fits == len(groups):
            choices = [verdict(order.index(slot), slot).melds for slot in range(len(groups))]
            fitting.extend(itertools.product(*choices))
        elif fits > best_fits:
            best, best_fits = order, fits
    if fitting or best is None:
        return fitting, "", ()
    problems = tuple(
        GroupProblem(i, str(groups[slot]), v.problem, v.reason)
        for i, slot in enumerate(best)
        if not (v := verdict(i, slot))
    )
    if given < phase.size:
        headline = f"{named} needs {phase.size} cards, you gave {given}"
    else:
        headline = f"these groups do not make {named}"
    return [], headline, problems


def lay_down_from_groups(
    state: GameState | PlayerView,
    seat: int,
    groups: Sequence[str | Sequence[Card]],
    *,
    phase: int | None = None,
) -> LayDown:
    """The legal laydown that puts ``seat``'s cards down as ``groups``, one meld per group.

    Each group is a notation string (``"R3 B3 W"``; a wild may be pinned, ``"W=5"``) or a
    sequence of :class:`~phase10.Card`. The groups may come in any order (for a phase of more
    than six groups, in phase order); the laydown puts them in phase order. A wild may be
    left unpinned when only one reading makes a legal laydown. ``phase`` is a 0-based phase
    index (as in JSON); by default the seat's open phases are tried (several only with
    pick-a-phase, V-4).

    Every group is checked by :func:`~phase10.check_meld` and the laydown by
    :func:`~phase10.check`: the answer is always one of :func:`~phase10.legal_actions`.

    >>> import random, phase10
    >>> state, _ = phase10.play_chance(phase10.new_game(phase10.CLASSIC, 2), random.Random(4))
    >>> state, _ = phase10.play_chance(phase10.apply(state, phase10.Draw(1)), random.Random(4))
    >>> print(*state.players[1].hand)
    Y1 B3 R4 B4 G4 B6 B8 B11 G11 B12 W
    >>> print(lay_down_from_groups(state, 1, ["B11 G11 W", "R4 B4 G4"]))
    p2 lay R4 B4 G4 | B11 G11 W=11
    >>> try:
    ...     lay_down_from_groups(state, 1, ["R4 B4 G4", "B11 B12 W"])
    ... except phase10.LaydownError as error:
    ...     print(error.problems[0].sentence)
    group 2: a set holds one number, these cards have 11 and 12

    Raises:
        LaydownError: the groups do not make the phase: ``.problems`` holds a
            :class:`~phase10.GroupProblem` per failing group (empty when the fault is the
            phase as a whole, e.g. "phase 2 (set of 3 + run of 4) needs 7 cards, you gave 6");
            ``.code`` is ``Violation.PHASE_NOT_COMPLETE``, or ``Violation.CARD_NOT_IN_HAND``
            when a card is not in the seat's hand.
        AmbiguousActionError: several legal laydowns fit (wilds that may stand for different
            values, or groups that make several phases); ``.candidates`` lists them.
        IllegalActionError: the seat may not lay down now (not its turn, wrong step, already
            laid down, or the last card must be discarded); ``.code`` says why, as
            :func:`~phase10.check` would.
        NotationError: a group is a string that is not card notation.
        TypeError: ``groups`` is not a sequence of strings or card sequences.
    """
    if isinstance(state, PlayerView):
        if seat != state.player:
            raise IllegalActionError(
                f"illegal laydown for {seat_name(seat)}: a view acts only for its viewer, "
                f"{seat_name(state.player)}",
                code=Violation.NOT_YOUR_TURN,
            )
        context = state.canonical_state()
    elif isinstance(state, GameState):
        context = state
    else:
        raise TypeError(f"lay_down_from_groups() needs a GameState or PlayerView, got {state!r}")
    if isinstance(groups, str) or not isinstance(groups, Sequence):
        raise TypeError(f"expected a sequence of groups, got {groups!r}")
    variant = context.variant
    rules = variant.meld_rules
    phases = variant.phases
    if phase is not None and (
        not isinstance(phase, int)  # type: ignore[redundant-expr]
        or not 0 <= phase < len(phases)
    ):
        raise LaydownError(
            f"illegal laydown: there is no phase index {phase!r} (0 to {len(phases) - 1})"
        )
    if len(groups) > _MAX_GROUPS:
        raise LaydownError(
            f"illegal laydown: {len(groups)} groups, no phase has more than {_MAX_GROUPS}"
        )
    placed = [_placed(g, i, rules) for i, g in enumerate(groups)]
    texts = [_group_text(g) for g in groups]
    written = " | ".join(texts)
    # the engine's own refusals first: turn, step, laydown style, one phase per hand
    probe = LayDown(seat, PhaseMelds(phases[phase] if phase is not None else phases[0], ()))
    try:
        check(context, probe)
    except LaydownError:
        pass  # the probe has no melds: the phase itself is judged below
    except IllegalActionError as exc:
        reason = str(exc).removeprefix(f"illegal action '{probe}': ")
        raise IllegalActionError(
            f"illegal laydown {written!r} for {seat_name(seat)}: {reason}", code=exc.code
        ) from None
    hand = context.players[seat].hand
    missing = Counter(c for p in placed for c, _ in p) - Counter(hand)
    if missing:
        listed = " ".join(str(c) for c in sorted(missing.elements(), key=lambda c: c.sort_key))
        raise LaydownError(
            f"illegal laydown {written!r}: {listed} not in {seat_name(seat)}'s hand",
            code=Violation.CARD_NOT_IN_HAND,
        )
    open_ = context.open_phases(seat)
    tried = (phase,) if phase is not None else open_
    found: dict[LayDown, None] = {}
    failures: list[tuple[int, str, tuple[GroupProblem, ...]]] = []
    refusal: IllegalActionError | None = None
    for index in tried:
        fitting, headline, problems = _diagnosis(
            texts, sum(len(p) for p in placed), phases[index], index + 1, rules
        )
        if not fitting:
            failures.append((index, headline, problems))
        for melds in fitting:
            action = LayDown(seat, PhaseMelds(phases[index], melds))
            if is_legal(context, action):
                found[action] = None
            elif refusal is None:
                try:
                    check(context, action)
                except IllegalActionError as exc:
                    refusal = exc
    if len(found) == 1:
        return next(iter(found))
    if found:
        listed = ", ".join(repr(str(a)) for a in list(found)[:8])
        more = f" and {len(found) - 8} more" if len(found) > 8 else ""
        raise AmbiguousActionError(
            f"ambiguous laydown {written!r}: it fits {len(found)} legal laydowns: {listed}{more}; "
            "pin the wilds (W=5) or name the phase",
            text=written,
            candidates=tuple(found),
        )
    if refusal is not None:  # every group fits, the phase as a whole does not (C-17, T-3, C-13)
        raise refusal
    if phase is not None and phase not in open_:
        wanted = " or ".join(f"phase {i + 1} ({phases[i]})" for i in open_) or "no phase"
        raise LaydownError(
            f"illegal laydown {written!r}: {seat_name(seat)} may lay down {wanted}, "
            f"not phase {phase + 1} ({phases[phase]})"
        )
    if not failures:
        raise LaydownError(f"illegal laydown {written!r}: {seat_name(seat)} has no phase left")
    # several open phases (V-4): report the one the groups come closest to
    _, headline, problems = min(failures, key=lambda f: (not f[2], len(f[2])))
    sentences = "; ".join(p.sentence for p in problems)
    reason = f"{headline}: {sentences}" if sentences else headline
    raise LaydownError(f"illegal laydown {written!r}: {reason}", problems=problems)
