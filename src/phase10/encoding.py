"""A stable integer encoding of actions, and masks of the legal ones, for learning agents.

Every action a variant can have gets an integer id in ``range(num_actions(variant, n))``.
Laying down a phase, whose flat space would be far too large, is a short sequence of
sub-decisions instead: choose the phase (the one phase the player is on, or any open one with
pick-a-phase), pick each card for group 1 with the value it stands for, then group 2, ...,
then confirm. Picks are made in a fixed order, so
each laydown is exactly one sequence, and only picks that lead to a legal laydown are legal:
the encoding never changes what is legal. The laydowns are those
:func:`~phase10.legal_actions` lists (every one of a real hand, at most
``Limits.max_listed_laydowns`` of a huge one), so the sub-decisions are bounded as it is.
The partial laydown lives in a :class:`Selection`
that the caller keeps next to the state.

The layout is versioned by :data:`ENCODING_VERSION`; changing it is a breaking change. The
observation vectors that go with these ids are in :mod:`phase10.observation`.
"""

from __future__ import annotations

import contextlib
import numbers
import operator
import random
from collections.abc import Callable
from typing import Any, Literal, SupportsIndex

import attrs

from phase10._layout import COLORS, ENDS, NC, Layout, card_position, layout_of
from phase10.actions import (
    Action,
    Announce,
    Deal,
    Discard,
    Draw,
    DrawTwo,
    Hit,
    Keep,
    KeepHand,
    LayDown,
    Offer,
    Reshuffle,
    Reveal,
    TakeDiscard,
    TakeOffer,
    TurnUp,
)
from phase10.cards import Card, Kind
from phase10.errors import ArgumentError, IllegalActionError, Violation
from phase10.groups import Value
from phase10.phases import PhaseMelds
from phase10.rules import (
    apply,
    hits_and_discards,
    laydown_actions,
    laydown_phases,
    legal_actions,
)
from phase10.state import GameState, TurnStep
from phase10.variants import Variant
from phase10.views import PlayerView

__all__ = [
    "ENCODING_VERSION",
    "ChoosePhase",
    "Confirm",
    "IdPolicy",
    "IdPolicyBot",
    "Seats",
    "Select",
    "Selection",
    "SubDecision",
    "advance",
    "decode",
    "encode",
    "legal_ids",
    "legal_mask",
    "legal_mask_buffer",
    "num_actions",
    "step",
    "to_absolute",
    "to_relative",
]

#: The version of the id layout and the observation layout (3: each seat's known cards).
ENCODING_VERSION = 3


@attrs.frozen(cache_hash=True)
class ChoosePhase:
    """Sub-decision: start laying down phase ``phase`` (0-based; any open one with V-4)."""

    phase: int


@attrs.frozen(cache_hash=True)
class Select:
    """Sub-decision: put ``card``, standing for ``value``, into group ``group`` of the laydown."""

    group: int
    card: Card
    value: Value


@attrs.frozen(cache_hash=True)
class Confirm:
    """Sub-decision: lay down (or announce, keeping the cards or not) the selected cards."""

    keep: bool | None = None


#: A step of a laydown entered one decision at a time: choose the phase, select a card,
#: confirm (see :func:`decode`).
SubDecision = ChoosePhase | Select | Confirm


@attrs.frozen(cache_hash=True)
class Selection:
    """A laydown being built one sub-decision at a time; empty when none is under way."""

    phase: int | None = None
    picks: tuple[Select, ...] = ()

    @property
    def active(self) -> bool:
        """Whether a laydown is under way (then only sub-decisions are legal)."""
        return self.phase is not None or bool(self.picks)


_EMPTY = Selection()


def num_actions(variant: Variant, num_players: int) -> int:
    """How many action ids the variant has with ``num_players`` players.

    >>> from phase10 import CLASSIC
    >>> num_actions(CLASSIC, 4) > 0
    True
    """
    return layout_of(variant, num_players).size


def _value_id(value: Value) -> int:
    color = 0 if value.color is None else COLORS.index(value.color) + 1
    return (value.number or 0) * NC + color


def _value_key(value: Value) -> int:
    return _value_id(value)


def _picks(laydown: PhaseMelds) -> tuple[Select, ...]:
    """The canonical sequence of picks that builds ``laydown``."""
    out: list[Select] = []
    for g, meld in enumerate(laydown.melds):
        pairs = sorted(
            zip(meld.cards, meld.values, strict=True),
            key=lambda cv: (cv[0].sort_key, _value_key(cv[1])),
        )
        out.extend(Select(g, c, v) for c, v in pairs)
    return tuple(out)


def _phase_index(state: GameState, laydown: PhaseMelds) -> int | None:
    """The open phase ``laydown`` lays down (``None`` if it is none of them)."""
    phases = state.variant.phases
    open_ = state.open_phases(state.turn)
    return next((i for i in open_ if phases[i].same_as(laydown.phase)), None)


def _sequence(state: GameState, action: LayDown | Announce) -> tuple[SubDecision, ...]:
    """The sub-decisions that build ``action``, a legal laydown of ``state``."""
    index = _phase_index(state, action.laydown)
    assert index is not None, "a legal laydown is of an open phase"
    head = ChoosePhase(index)
    keep = action.keep if isinstance(action, Announce) else None
    return (head, *_picks(action.laydown), Confirm(keep))


def _done(selection: Selection) -> tuple[SubDecision, ...]:
    head: tuple[SubDecision, ...] = (
        () if selection.phase is None else (ChoosePhase(selection.phase),)
    )
    return (*head, *selection.picks)


def _sub_id(layout: Layout, decision: SubDecision) -> int:
    o = layout.offsets
    if isinstance(decision, ChoosePhase):
        return o["phase"] + decision.phase
    if isinstance(decision, Confirm):
        return o["confirm"] + (0 if decision.keep is None else 1 if decision.keep else 2)
    card = decision.card
    if card.kind is Kind.NUMBER:
        return (
            o["select_natural"] + decision.group * len(layout.naturals) + layout.natural_index[card]
        )
    return (
        o["select_wild"]
        + (decision.group * len(layout.wilds) + layout.wild_index[card]) * layout.values
        + _value_id(decision.value)
    )


def _discard_id(layout: Layout, action: Discard) -> int:
    target = 0 if action.target is None else action.target + 1
    return (
        layout.offsets["discard"]
        + card_position(layout, action.card) * (layout.players + 1)
        + target
    )


def _hit_id(layout: Layout, action: Hit) -> int:
    k = len(layout.cards)
    place = (action.owner * layout.groups + action.meld) * k + card_position(layout, action.card)
    return layout.offsets["hit"] + place * len(ENDS) + ENDS.index(action.end)


def _take_offer_id(layout: Layout, action: TakeOffer) -> int:
    place = action.owner * len(layout.cards) + card_position(layout, action.card)
    return layout.offsets["take_offer"] + place


def _keep_hand_id(layout: Layout, action: KeepHand) -> int:
    return layout.offsets["keep_hand"] + (0 if action.keep else 1)


def _fixed(block: str) -> Callable[[Layout, Any], int]:
    return lambda layout, action: layout.offsets[block]


def _by_card(block: str) -> Callable[[Layout, Any], int]:
    return lambda layout, action: layout.offsets[block] + card_position(layout, action.card)


# The id of each kind of action, found by its type: one dict lookup rather than a chain of
# isinstance checks, as the mask works out the id of every legal action of every position.
_IDS: dict[type, Callable[[Layout, Any], int]] = {
    Draw: _fixed("draw"),
    TakeDiscard: _fixed("take"),
    DrawTwo: _fixed("draw2"),
    Discard: _discard_id,
    Hit: _hit_id,
    Keep: _by_card("keep"),
    Offer: _by_card("offer"),
    TakeOffer: _take_offer_id,
    KeepHand: _keep_hand_id,
    Deal: _by_card("chance_card"),
    TurnUp: _by_card("chance_card"),
    Reveal: _by_card("chance_card"),
    Reshuffle: _fixed("reshuffle"),
}


def _action_id(layout: Layout, action: Action) -> int:
    """The id of an action that is not a laydown.

    Raises:
        ArgumentError: ``action`` is not an action of a kind the encoding knows.
    """
    found = _IDS.get(type(action))
    if found is None:
        # a subclass gets its base class's id (it is then refused as not legal, as the legal
        # actions are of the base classes)
        found = next((_IDS[c] for c in type(action).__mro__ if c in _IDS), None)
        if found is None:
            raise ArgumentError(f"no id for {action!r}: not an action")
    return found(layout, action)


_Sequences = tuple[tuple[tuple[SubDecision, ...], Action], ...]


@attrs.define
class _Analysis:
    """What the encoding needs of one position, worked out once and on demand."""

    state: GameState | None  # the position, with a view's hidden cards filled in
    plain: dict[int, Action]  # every legal action that is not a laydown, by id
    phases: tuple[int, ...]  # the phases that can be laid down now
    sequences: dict[int, _Sequences] = attrs.Factory(dict)  # per phase, built when needed

    def of_phase(self, phase: int) -> _Sequences:
        found = self.sequences.get(phase)
        if found is None:
            assert self.state is not None
            found = tuple(
                (_sequence(self.state, action), action)
                for action in laydown_actions(self.state, phase=phase)
            )
            self.sequences[phase] = found
        return found


# The last positions analysed. The mask and then the step of a move, and the sub-decisions of
# a laydown, look at the same state object one after another; keying on identity avoids
# hashing a whole state. A few entries let several games share one process.
_recent: list[tuple[object, _Analysis]] = []
_RECENT = 8


def _analysed(state: GameState | PlayerView) -> _Analysis:
    for key, analysis in _recent:
        if key is state:
            return analysis
    analysis = _analyse(state)
    _recent.insert(0, (state, analysis))
    del _recent[_RECENT:]
    return analysis


def _analyse(position: GameState | PlayerView) -> _Analysis:
    layout = layout_of(position.variant, len(position.players))
    if isinstance(position, PlayerView):
        acting = position.acting_state()
        if acting is None:
            return _Analysis(None, {}, ())
        state = acting
    else:
        state = position
    if state.step is not TurnStep.PLAY:
        plain = {_action_id(layout, a): a for a in legal_actions(state)}
        return _Analysis(state, plain, ())
    plain = {_action_id(layout, a): a for a in hits_and_discards(state)}
    return _Analysis(state, plain, laydown_phases(state))


def _options(
    state: GameState | PlayerView, selection: Selection
) -> dict[int, Action | SubDecision]:
    """Every legal id with what it means, given the laydown under way."""
    layout = layout_of(state.variant, len(state.players))
    analysis = _analysed(state)
    if selection.phase is None:
        out: dict[int, Action | SubDecision] = dict(analysis.plain)
        for phase in analysis.phases:
            out[layout.offsets["phase"] + phase] = ChoosePhase(phase)
        return out
    out = {}
    done = _done(selection)
    depth = len(done)
    for seq, _ in analysis.of_phase(selection.phase):
        if len(seq) > depth and seq[:depth] == done:
            nxt = seq[depth]
            out.setdefault(_sub_id(layout, nxt), nxt)
    return out


#: How ids name a seat (the owner of a hit meld, a skip's target, an offer's owner):
#: ``"absolute"`` (seat numbers, the default) or ``"relative"`` (0 the acting seat, 1 the
#: next in turn order, ...), which a policy shared by all seats needs.
Seats = Literal["absolute", "relative"]


def _rotate(layout: Layout, i: int, shift: int) -> int:
    """Id ``i`` with the seat it names moved ``shift`` seats on (ids naming no seat stay)."""
    o, p, k = layout.offsets, layout.players, len(layout.cards)
    d = i - o["discard"]
    if 0 <= d < k * (p + 1):
        card, target = divmod(d, p + 1)
        return i if target == 0 else o["discard"] + card * (p + 1) + (target - 1 + shift) % p + 1
    d = i - o["hit"]
    per_seat = layout.groups * k * len(ENDS)
    if 0 <= d < p * per_seat:
        owner, rest = divmod(d, per_seat)
        return o["hit"] + (owner + shift) % p * per_seat + rest
    d = i - o["take_offer"]
    if 0 <= d < p * k:
        owner, card = divmod(d, k)
        return o["take_offer"] + (owner + shift) % p * k + card
    return i


def _acting_seat(position: GameState | PlayerView) -> int:
    """The seat relative ids count from: the one to act (0 at a chance node: no seat named)."""
    current = position.current_player
    return current if current is not None and current >= 0 else 0


def _check_seats(seats: object) -> None:
    if seats not in ("absolute", "relative"):
        raise ArgumentError(f"seats must be 'absolute' or 'relative', got {seats!r}")


def to_relative(position: GameState | PlayerView, i: int) -> int:
    """The relative id (``seats="relative"``) of absolute id ``i`` in ``position``.

    A seat ``s`` named by ``i`` becomes ``(s - acting) % num_players``; every other id is
    unchanged. :func:`to_absolute` undoes it.

    >>> import phase10
    >>> state = phase10.new_game(phase10.CLASSIC, 3)
    >>> ids = range(num_actions(phase10.CLASSIC, 3))
    >>> all(to_absolute(state, to_relative(state, i)) == i for i in ids)
    True
    """
    layout = layout_of(position.variant, len(position.players))
    return _rotate(layout, i, -_acting_seat(position))


def to_absolute(position: GameState | PlayerView, i: int) -> int:
    """The absolute id of relative id ``i`` in ``position`` (the inverse of :func:`to_relative`)."""
    layout = layout_of(position.variant, len(position.players))
    return _rotate(layout, i, _acting_seat(position))


def legal_ids(
    state: GameState | PlayerView, *, selection: Selection = _EMPTY, seats: Seats = "absolute"
) -> tuple[int, ...]:
    """The legal ids, ascending. At a chance node: the chance outcomes' ids.

    While a laydown is under way (``selection.active``) only its sub-decisions are legal.
    ``seats="relative"``: the ids name seats relative to the acting one (:data:`Seats`).

    Raises:
        ArgumentError: ``seats`` is neither ``"absolute"`` nor ``"relative"``.
    """
    _check_seats(seats)
    ids = _options(state, selection)
    if seats == "relative":
        return tuple(sorted(to_relative(state, i) for i in ids))
    return tuple(sorted(ids))


def legal_mask(
    state: GameState | PlayerView, *, selection: Selection = _EMPTY, seats: Seats = "absolute"
) -> bytes:
    """A byte per id, 1 where the id is legal (``numpy.frombuffer`` reads it as uint8).

    Raises:
        ArgumentError: ``seats`` is neither ``"absolute"`` nor ``"relative"``.
    """
    return bytes(legal_mask_buffer(state, selection=selection, seats=seats))


def legal_mask_buffer(
    state: GameState | PlayerView, *, selection: Selection = _EMPTY, seats: Seats = "absolute"
) -> bytearray:
    """:func:`legal_mask` as a new bytearray (numpy arrays on it are writable).

    Raises:
        ArgumentError: ``seats`` is neither ``"absolute"`` nor ``"relative"``.
    """
    _check_seats(seats)
    if seats == "relative":
        layout = layout_of(state.variant, len(state.players))
        relative = bytearray(layout.size)
        for i in legal_ids(state, selection=selection, seats=seats):
            relative[i] = 1
        return relative
    layout = layout_of(state.variant, len(state.players))
    mask = bytearray(layout.size)
    if selection.phase is None:
        analysis = _analysed(state)
        for i in analysis.plain:
            mask[i] = 1
        base = layout.offsets["phase"]
        for phase in analysis.phases:
            mask[base + phase] = 1
        return mask
    for i in _options(state, selection):
        mask[i] = 1
    return mask


def encode(
    state: GameState | PlayerView,
    action: Action,
    *,
    selection: Selection = _EMPTY,
    seats: Seats = "absolute",
) -> int:
    """The id of ``action`` in ``state`` (relative to the acting seat with ``seats="relative"``).

    For a :class:`~phase10.LayDown` or :class:`~phase10.Announce` this is the id of the next
    sub-decision towards it given ``selection``; apply ids with :func:`step` until the
    laydown is confirmed.

    Raises:
        IllegalActionError: ``action`` is not legal here (code ``UNKNOWN_ACTION`` when it is
            not the next sub-decision of the laydown under way).
        ArgumentError: ``seats`` is neither ``"absolute"`` nor ``"relative"``.
    """
    _check_seats(seats)
    i = _encode(state, action, selection)
    return to_relative(state, i) if seats == "relative" else i


def _encode(state: GameState | PlayerView, action: Action, selection: Selection) -> int:
    layout = layout_of(state.variant, len(state.players))
    if isinstance(action, LayDown | Announce):
        # the position the encoding analysed (a view's hidden cards filled in), so the open
        # phases come from GameState.open_phases, the rules' own answer
        analysis = _analysed(state)
        base = analysis.state
        index = None if base is None else _phase_index(base, action.laydown)
        if (
            base is None
            or index is None
            or all(action != legal for _, legal in analysis.of_phase(index))
        ):
            raise IllegalActionError(
                f"'{action}' is not legal here (step {state.step.name})",
                code=Violation.UNKNOWN_ACTION,
                action=action,
            )
        done = _done(selection)
        seq = _sequence(base, action)
        if seq[: len(done)] != done or len(seq) <= len(done):
            raise IllegalActionError(
                f"'{action}' does not continue the laydown under way",
                code=Violation.UNKNOWN_ACTION,
                action=action,
            )
        return _sub_id(layout, seq[len(done)])
    if selection.active:
        raise IllegalActionError(
            f"'{action}': a laydown is under way; only its sub-decisions are legal",
            code=Violation.WRONG_STEP,
            action=action,
        )
    i = _action_id(layout, action)
    if _analysed(state).plain.get(i) != action:
        raise IllegalActionError(
            f"'{action}' is not legal here (step {state.step.name})",
            code=Violation.UNKNOWN_ACTION,
            action=action,
        )
    return i


def decode(
    state: GameState | PlayerView,
    i: int,
    *,
    selection: Selection = _EMPTY,
    seats: Seats = "absolute",
) -> Action | SubDecision:
    """What legal id ``i`` means: an :class:`~phase10.Action` or a laydown sub-decision.

    Raises:
        IllegalActionError: ``i`` is not a legal id here (code ``UNKNOWN_ACTION``).
        ArgumentError: ``seats`` is neither ``"absolute"`` nor ``"relative"``.
    """
    _check_seats(seats)
    if seats == "relative" and isinstance(i, int):
        i = to_absolute(state, i)
    meaning: Action | SubDecision | None = None
    if selection.phase is None:  # the common case, without building every option
        meaning = _analysed(state).plain.get(i)
    if meaning is None:
        meaning = _options(state, selection).get(i)
    if meaning is None:
        raise IllegalActionError(
            f"id {i} is not legal here (step {state.step.name})",
            code=Violation.UNKNOWN_ACTION,
            action=i,
        )
    return meaning


def advance(
    state: GameState | PlayerView,
    i: int,
    *,
    selection: Selection = _EMPTY,
    seats: Seats = "absolute",
) -> Action | Selection:
    """What legal id ``i`` does: the :class:`~phase10.Action` it completes, or the new selection.

    An id that chooses a phase or picks a card gives the :class:`Selection` with it added;
    the confirmation of a laydown and every other id give the action to apply. It reads a
    :class:`~phase10.PlayerView` as well as a state, so a bot can build its laydown from ids.

    >>> import random, phase10
    >>> state, _ = phase10.play_chance(phase10.new_game(phase10.CLASSIC, 2), random.Random(3))
    >>> str(advance(state, legal_ids(state)[0]))
    'p2 draw'

    Raises:
        IllegalActionError: ``i`` is not a legal id here.
        ArgumentError: ``seats`` is neither ``"absolute"`` nor ``"relative"``.
    """
    meaning = decode(state, i, selection=selection, seats=seats)
    if isinstance(meaning, ChoosePhase):
        return Selection(meaning.phase, selection.picks)
    if isinstance(meaning, Select):
        return Selection(selection.phase, (*selection.picks, meaning))
    if isinstance(meaning, Confirm):
        done = (*_done(selection), meaning)
        assert selection.phase is not None
        for seq, action in _analysed(state).of_phase(selection.phase):
            if seq == done:
                return action
        raise AssertionError(
            "a confirmed selection always names a legal laydown"
        )  # pragma: no cover
    return meaning


def step(
    state: GameState, i: int, *, selection: Selection = _EMPTY, seats: Seats = "absolute"
) -> tuple[GameState, Selection]:
    """Apply legal id ``i``: the new state and the laydown under way.

    Raises:
        IllegalActionError: ``i`` is not a legal id here.
        ArgumentError: ``seats`` is neither ``"absolute"`` nor ``"relative"``.
    """
    done = advance(state, i, selection=selection, seats=seats)
    if isinstance(done, Selection):
        return state, done
    return apply(state, done), _EMPTY


#: A policy over ids: called with the acting seat's view, its legal ids (ascending) and the
#: laydown under way, it returns one of the ids.
IdPolicy = Callable[[PlayerView, tuple[int, ...], Selection], int]


def _policy_id(chosen: object) -> int:
    """The action id a policy returned, as an ``int``.

    An integer, or anything with ``__index__`` (NumPy's integers and the 0-d integer arrays
    ``model.predict`` returns); never a bool, of Python's or NumPy's.

    Raises:
        IllegalActionError: ``chosen`` is no action id (code ``UNKNOWN_ACTION``).
    """
    if not isinstance(chosen, bool) and getattr(getattr(chosen, "dtype", None), "kind", "") != "b":
        if isinstance(chosen, numbers.Integral):
            return int(chosen)
        if isinstance(chosen, SupportsIndex):
            with contextlib.suppress(TypeError):  # e.g. an array of more than one number
                return operator.index(chosen)
    raise IllegalActionError(
        f"the policy returned {chosen!r}, not an action id",
        code=Violation.UNKNOWN_ACTION,
        action=chosen,
    )


@attrs.frozen
class IdPolicyBot:
    """A :class:`~phase10.Bot` that plays the ids an id policy chooses (a learned one, say).

    :func:`~phase10.simulate` then evaluates the policy against other bots. For a laydown
    the policy is asked once per sub-decision (the phase, each card, the confirmation) with
    the selection so far, and the bot returns the laydown once it is confirmed; picks only
    grow, so this ends. Picklable (for a process pool) when ``policy`` is, so a module-level
    function rather than a lambda there. A policy on observation vectors and masks is
    :class:`phase10.adapters.policy.MaskedPolicyBot`.

    >>> import phase10
    >>> def first(view, ids, selection):
    ...     return ids[0]
    >>> short = phase10.find_variant("classic-first-1")
    >>> result = phase10.simulate(2, [IdPolicyBot(first), phase10.RandomBot()], variant=short)
    >>> [(b.name, b.games) for b in result.bots]
    [('IdPolicyBot', 2), ('RandomBot', 2)]

    Attributes:
        policy: ``policy(view, legal_ids, selection) -> id``.
        seats: The ids the policy gets and returns name seats ``"absolute"`` or
            ``"relative"`` to the acting one (:data:`Seats`).
    """

    policy: IdPolicy
    seats: Seats = attrs.field(default="absolute", kw_only=True)

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        """The action the policy's ids build (``rng`` is unused: the policy has its own).

        Raises:
            ArgumentError: ``view`` is not a :class:`~phase10.PlayerView`.
            IllegalActionError: the viewer is not to act (code ``NOT_YOUR_TURN``), or the
                policy returned something that is not a legal id (code ``UNKNOWN_ACTION``).
        """
        if not isinstance(view, PlayerView):
            raise ArgumentError(f"a bot needs a PlayerView, got {type(view).__name__}")
        selection = _EMPTY
        while True:
            ids = legal_ids(view, selection=selection, seats=self.seats)
            if not ids:
                raise IllegalActionError(
                    f"p{view.player + 1} has nothing to do: it is not their turn "
                    f"(step {view.step.name})",
                    code=Violation.NOT_YOUR_TURN,
                )
            chosen: object = self.policy(view, ids, selection)
            done = advance(view, _policy_id(chosen), selection=selection, seats=self.seats)
            if not isinstance(done, Selection):
                return done
            selection = done
