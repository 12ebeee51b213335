"""Laydowns from groups: "lay these cards as these groups", with a reason per failing group.

An app or a classroom client knows which cards the player put together; it should not have to
write notation to ask the engine. :func:`lay_down_from_groups` turns a seat's grouped cards into
the one legal :class:`~phase10.LayDown` they mean, or raises an error that says, per group, what
is wrong ("group 2: a set holds one number, these cards have 3 and 5").

It judges nothing itself: the groups are matched to the phase by the one matcher of written
groups (``phase10._written``, which checks each group with :func:`~phase10.check_meld`) and each
laydown it builds is checked by :func:`~phase10.check` (the engine), so it cannot disagree with
:func:`~phase10.legal_actions`, and a bad group gets the sentence every other door gives.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from phase10._written import Fault, Placed, match_groups, placed_text
from phase10.actions import LayDown, seat_name
from phase10.cards import Card
from phase10.errors import (
    AmbiguousActionError,
    ArgumentError,
    FormatError,
    IllegalActionError,
    LaydownError,
    Message,
    NotationError,
    Violation,
)
from phase10.groups import MeldRules, Value, parse_placed
from phase10.limits import work_budget
from phase10.phases import PhaseMelds, phase_message
from phase10.rules import check, is_legal
from phase10.state import GameState
from phase10.views import PlayerView

__all__ = ["lay_down_from_groups", "missing_message"]

#: More groups than this is no phase of any variant a hand can hold; refused before any search.
_MAX_GROUPS = 12


def _placed(group: str | Sequence[Card], index: int, rules: MeldRules) -> tuple[Placed, ...]:
    """The cards of one group (a wild may be pinned in text: ``W=5``)."""
    if isinstance(group, str):
        try:
            return parse_placed(group, rules=rules)
        except NotationError as exc:
            raise NotationError(
                f"group {index + 1}: {exc}",
                text=group,
                token=exc.token,
                position=exc.position,
                said=exc.said,
            ) from None
    if not isinstance(group, Sequence):
        raise FormatError(
            f"group {index + 1}: expected a str or a sequence of Card, got {_shown(group)}",
            path=f"$[{index}]",
            said=Message.of("json.expected-card", path=f"$[{index}]", got=_shown(group)),
        )
    out: list[tuple[Card, Value | None]] = []
    for i, card in enumerate(group):
        if not isinstance(card, Card):
            # JSON-shaped input ([[7, 7, 7]]) is refused with a code, never a TypeError
            path = f"$[{index}][{i}]"
            raise FormatError(
                f"group {index + 1}: expected Card objects, got {_shown(card)}",
                path=path,
                said=Message.of("json.expected-card", path=path, got=_shown(card)),
            )
        out.append((card, None))
    return tuple(out)


def missing_message(used: Counter[Card], held: Counter[Card]) -> Message:
    """Why the cards ``used`` are not all in a hand that ``held``, addressed to the player.

    A card the hand holds but that is used more often (in two groups, or three wilds with one
    in hand) is said to be used too often; cards not held at all are listed.

    >>> from phase10.cards import parse_cards
    >>> used, held = Counter(parse_cards("R7 R7 B7")), Counter(parse_cards("R7 G1"))
    >>> missing_message(used, held).text()
    'R7 is used 2 times, but your hand holds only one.'
    """
    missing = used - held
    for card in sorted(missing, key=lambda c: c.sort_key):
        if held[card]:
            return Message.of("card-used-twice", card=str(card), used=used[card], count=held[card])
    absent = tuple(str(c) for c in sorted(missing, key=lambda c: c.sort_key))
    return Message.of("cards-not-in-hand", cards=absent, count=len(absent))


def _shown(value: object) -> str:
    """A bad value as a message quotes it: its repr, cut short (the input is untrusted)."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


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
    :func:`~phase10.check`: the answer is always legal, one of
    :func:`~phase10.laydown_actions` with ``exact=True`` (and of
    :func:`~phase10.legal_actions` for every hand whose laydowns it lists whole). The
    call has one work budget (``Limits.max_call_steps``); equal groups of the phase are
    matched in one order only.

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
    group 2 (B11 B12 W), a set of 3: a set holds one number, these cards have 11 and 12

    Raises:
        LaydownError: the groups do not make the phase: ``.problems`` holds a
            :class:`~phase10.GroupProblem` per failing group (empty when the fault is the
            phase as a whole, e.g. "set of 3 + run of 4 needs 2 groups, got 3", whose
            ``.problem`` is ``MeldProblem.GROUP_COUNT``);
            ``.code`` is ``Violation.PHASE_NOT_COMPLETE``, or ``Violation.CARD_NOT_IN_HAND``
            when a card is not in the seat's hand.
        AmbiguousActionError: several legal laydowns fit (wilds that may stand for different
            values, or groups that make several phases); ``.candidates`` lists them.
        IllegalActionError: the seat may not lay down now (not its turn, wrong step, already
            laid down, or the last card must be discarded); ``.code`` says why, as
            :func:`~phase10.check` would.
        NotationError: a group is a string that is not card notation.
        FormatError: ``groups`` is not a sequence of strings or card sequences (JSON-shaped
            input such as ``[[7, 7, 7]]``); ``.path`` says where.
        SearchLimitError: matching the groups to the phase needs more than the call's work
            budget (``Limits.max_call_steps``): groups of wilds alone in a many-group
            phase, with millions of readings; the error names the limit.
    """
    with work_budget():
        return _lay_down_from_groups(state, seat, groups, phase)


def _lay_down_from_groups(
    state: GameState | PlayerView,
    seat: int,
    groups: Sequence[str | Sequence[Card]],
    phase: int | None,
) -> LayDown:
    if isinstance(state, PlayerView):
        if seat != state.player:
            raise IllegalActionError(
                f"illegal laydown for {seat_name(seat)}: a view acts only for its viewer, "
                f"{seat_name(state.player)}",
                code=Violation.NOT_YOUR_TURN,
                said=Message.of("view-other-seat"),
            )
        context = state.canonical_state()
    elif isinstance(state, GameState):
        context = state
    else:
        raise ArgumentError(
            f"lay_down_from_groups() needs a GameState or PlayerView, got {state!r}"
        )
    if isinstance(groups, str) or not isinstance(groups, Sequence):
        raise FormatError(
            f"expected a sequence of groups, got {_shown(groups)}",
            said=Message.of("json.expected-groups", got=_shown(groups)),
        )
    variant = context.variant
    rules = variant.meld_rules
    phases = variant.phases
    if phase is not None and (
        not isinstance(phase, int)  # type: ignore[redundant-expr]
        or not 0 <= phase < len(phases)
    ):
        raise LaydownError(
            f"illegal laydown: there is no phase index {phase!r} (0 to {len(phases) - 1})",
            said=Message.of("no-such-phase", last=len(phases)),
        )
    if len(groups) > _MAX_GROUPS:
        raise LaydownError(
            f"illegal laydown: {len(groups)} groups, no phase has more than {_MAX_GROUPS}",
            said=Message.of("too-many-groups", max=_MAX_GROUPS),
        )
    placed = [_placed(g, i, rules) for i, g in enumerate(groups)]
    written = " | ".join(placed_text(p) for p in placed)
    # the engine's own refusals first: turn, step, laydown style, one phase per hand
    probe = LayDown(seat, PhaseMelds(phases[phase] if phase is not None else phases[0], ()))
    try:
        check(context, probe)
    except LaydownError:
        pass  # the probe has no melds: the phase itself is judged below
    except IllegalActionError as exc:
        raise exc.retold(
            f"illegal laydown {written!r} for {seat_name(seat)}: {exc.reason}"
        ) from None
    hand = context.players[seat].hand
    used = Counter(c for p in placed for c, _ in p)
    held = Counter(hand)
    missing = used - held
    if missing:
        absent = sorted(missing.elements(), key=lambda c: c.sort_key)
        reason = f"{' '.join(str(c) for c in absent)} not in {seat_name(seat)}'s hand"
        raise LaydownError(
            f"illegal laydown {written!r}: {reason}",
            code=Violation.CARD_NOT_IN_HAND,
            reason=reason,
            card=absent[0],
            said=missing_message(used, held),
        )
    open_ = context.open_phases(seat)
    tried = (phase,) if phase is not None else open_
    found: dict[LayDown, None] = {}
    failures: list[Fault] = []
    refusal: IllegalActionError | None = None
    for index in tried:
        match = match_groups(placed, phases[index], rules)
        if match.fault is not None:
            failures.append(match.fault)
        for melds in match.fitting:
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
        reason = f"{seat_name(seat)} may lay down {wanted}, not phase {phase + 1} ({phases[phase]})"
        said = Message.of(
            "wrong-phase",
            wanted=tuple(phase_message(phases[i]) for i in open_),
            given=phase_message(phases[phase]),
        )
        raise LaydownError(f"illegal laydown {written!r}: {reason}", reason=reason, said=said)
    if not failures:
        reason = f"{seat_name(seat)} has no phase left"
        raise LaydownError(
            f"illegal laydown {written!r}: {reason}",
            reason=reason,
            said=Message.of("all-phases-done"),
        )
    # several open phases (V-4): report the one the groups come closest to
    fault = min(failures, key=lambda f: (not f.problems, len(f.problems)))
    raise LaydownError(
        f"illegal laydown {written!r}: {fault.reason}",
        problems=fault.problems,
        reason=fault.reason,
        problem=fault.problem,
        said=fault.said,
    )
