"""A stable integer encoding of actions and a fixed-size observation, for learning agents.

Every action a variant can have gets an integer id in ``range(num_actions(variant, n))``.
Laying down a phase, whose flat space would be far too large, is a short sequence of
sub-decisions instead: choose the phase (the one phase the player is on, or any open one with
pick-a-phase), pick each card for group 1 with the value it stands for, then group 2, ...,
then confirm. Picks are made in a fixed order, so
each laydown is exactly one sequence, and only picks that lead to a legal laydown are legal:
the encoding never changes what is legal. The partial laydown lives in a :class:`Selection`
that the caller keeps next to the state.

The layout is versioned by :data:`ENCODING_VERSION`; changing it is a breaking change.
"""

from __future__ import annotations

import array
import functools
from collections.abc import Callable, MutableSequence, Sequence
from typing import Any, TypeAlias

import attrs

from phase10._cache import BoundedCache, IdentityCache
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
from phase10.cards import Card, Color, Kind, sort_cards
from phase10.errors import IllegalActionError, Violation
from phase10.groups import End, Meld, Value
from phase10.laydown import Laydown
from phase10.rules import (
    apply,
    hits_and_discards,
    laydown_actions,
    laydown_phases,
    legal_actions,
)
from phase10.state import GameState, TurnStep
from phase10.variants import Variant
from phase10.views import PlayerView, SeatView

__all__ = [
    "ENCODING_VERSION",
    "ChoosePhase",
    "Confirm",
    "Select",
    "Selection",
    "decode",
    "encode",
    "legal_ids",
    "legal_mask",
    "num_actions",
    "observation",
    "observation_into",
    "observation_list",
    "observation_size",
    "step",
]

#: The version of the id layout and the observation layout.
ENCODING_VERSION = 1

_COLORS = tuple(Color)
_NC = len(_COLORS) + 1
_ENDS = (End.LOW, End.HIGH, End.ANY)
_STEPS = tuple(TurnStep)
_STEP_INDEX = {step: i for i, step in enumerate(_STEPS)}


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


@attrs.frozen
class _Layout:
    cards: tuple[Card, ...]
    naturals: tuple[Card, ...]
    wilds: tuple[Card, ...]
    card_index: dict[Card, int]
    id_index: dict[int, int]
    natural_index: dict[Card, int]
    wild_index: dict[Card, int]
    players: int
    groups: int
    phases: int
    values: int
    offsets: dict[str, int]
    size: int
    deck_size: int  # the deck for this many players (at least 1: a divisor)
    observation_size: int


@functools.lru_cache(maxsize=64)
def _layout(variant: Variant, players: int) -> _Layout:
    cards = tuple(dict.fromkeys(sort_cards(variant.deck_for(variant.max_players))))
    naturals = tuple(c for c in cards if c.kind is Kind.NUMBER)
    wilds = tuple(c for c in cards if c.kind is Kind.WILD)
    k = len(cards)
    g = max(len(p.groups) for p in variant.phases)
    v = (variant.meld_rules.max_number + 1) * _NC
    blocks = [
        ("draw", 1),
        ("take", 1),
        ("draw2", 1),
        ("discard", k * (players + 1)),
        ("hit", players * g * k * len(_ENDS)),
        ("keep", k),
        ("offer", k),
        ("take_offer", players * k),
        ("keep_hand", 2),
        ("phase", len(variant.phases)),
        ("select_natural", g * len(naturals)),
        ("select_wild", g * len(wilds) * v),
        ("confirm", 3),
        ("chance_card", k),
        ("reshuffle", 1),
    ]
    offsets: dict[str, int] = {}
    total = 0
    for name, size in blocks:
        offsets[name] = total
        total += size
    seat = 8 + len(variant.phases) + 1
    observation = (  # the parts in the order observation() lists them
        len(_STEPS)
        + 1
        + 3 * k
        + 1
        + players * seat
        + players * g * k
        + 2 * k
        + g * k
        + len(variant.phases)
    )
    return _Layout(
        cards=cards,
        naturals=naturals,
        wilds=wilds,
        card_index={c: i for i, c in enumerate(cards)},
        id_index={id(c): i for i, c in enumerate(cards)},
        natural_index={c: i for i, c in enumerate(naturals)},
        wild_index={c: i for i, c in enumerate(wilds)},
        players=players,
        groups=g,
        phases=len(variant.phases),
        values=v,
        offsets=offsets,
        size=total,
        deck_size=max(1, len(variant.deck_for(players))),
        observation_size=observation,
    )


def num_actions(variant: Variant, num_players: int) -> int:
    """How many action ids the variant has with ``num_players`` players.

    >>> from phase10 import CLASSIC
    >>> num_actions(CLASSIC, 4) > 0
    True
    """
    return _layout(variant, num_players).size


def _value_id(value: Value) -> int:
    color = 0 if value.color is None else _COLORS.index(value.color) + 1
    return (value.number or 0) * _NC + color


def _value_key(value: Value) -> int:
    return _value_id(value)


def _picks(laydown: Laydown) -> tuple[Select, ...]:
    """The canonical sequence of picks that builds ``laydown``."""
    out: list[Select] = []
    for g, meld in enumerate(laydown.melds):
        pairs = sorted(
            zip(meld.cards, meld.values, strict=True),
            key=lambda cv: (cv[0].sort_key, _value_key(cv[1])),
        )
        out.extend(Select(g, c, v) for c, v in pairs)
    return tuple(out)


def _phase_index(state: GameState, laydown: Laydown) -> int | None:
    """The open phase ``laydown`` lays down (``None`` if it is none of them)."""
    phases = state.variant.phases
    return next((i for i in state.open_phases(state.turn) if phases[i] == laydown.phase), None)


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


def _sub_id(layout: _Layout, decision: SubDecision) -> int:
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


def _card_index(layout: _Layout, card: Card) -> int:
    # by identity first: the deck's cards are shared objects, and hashing a Card is slow
    i = layout.id_index.get(id(card))
    return layout.card_index[card] if i is None else i


def _discard_id(layout: _Layout, action: Discard) -> int:
    target = 0 if action.target is None else action.target + 1
    return (
        layout.offsets["discard"] + _card_index(layout, action.card) * (layout.players + 1) + target
    )


def _hit_id(layout: _Layout, action: Hit) -> int:
    k = len(layout.cards)
    place = (action.owner * layout.groups + action.meld) * k + _card_index(layout, action.card)
    return layout.offsets["hit"] + place * len(_ENDS) + _ENDS.index(action.end)


def _take_offer_id(layout: _Layout, action: TakeOffer) -> int:
    place = action.owner * len(layout.cards) + _card_index(layout, action.card)
    return layout.offsets["take_offer"] + place


def _keep_hand_id(layout: _Layout, action: KeepHand) -> int:
    return layout.offsets["keep_hand"] + (0 if action.keep else 1)


def _fixed(block: str) -> Callable[[_Layout, Any], int]:
    return lambda layout, action: layout.offsets[block]


def _by_card(block: str) -> Callable[[_Layout, Any], int]:
    return lambda layout, action: layout.offsets[block] + _card_index(layout, action.card)


# The id of each kind of action, found by its type: one dict lookup rather than a chain of
# isinstance checks, as the mask works out the id of every legal action of every position.
_IDS: dict[type, Callable[[_Layout, Any], int]] = {
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


def _action_id(layout: _Layout, action: Action) -> int:
    """The id of an action that is not a laydown.

    Raises:
        TypeError: ``action`` is not an action of a kind the encoding knows.
    """
    found = _IDS.get(type(action))
    if found is None:
        # a subclass gets its base class's id (it is then refused as not legal, as the legal
        # actions are of the base classes)
        found = next((_IDS[c] for c in type(action).__mro__ if c in _IDS), None)
        if found is None:
            raise TypeError(f"no id for {action!r}: not an action")
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
    layout = _layout(position.variant, len(position.players))
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
    layout = _layout(state.variant, len(state.players))
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


def legal_ids(state: GameState | PlayerView, selection: Selection = _EMPTY) -> tuple[int, ...]:
    """The legal ids, ascending. At a chance node: the chance outcomes' ids.

    While a laydown is under way (``selection.active``) only its sub-decisions are legal.
    """
    return tuple(sorted(_options(state, selection)))


def legal_mask(state: GameState | PlayerView, selection: Selection = _EMPTY) -> bytes:
    """A byte per id, 1 where the id is legal (``numpy.frombuffer`` reads it as uint8)."""
    return bytes(_mask(state, selection))


def _mask(state: GameState | PlayerView, selection: Selection) -> bytearray:
    """:func:`legal_mask` as a new bytearray (numpy arrays on it are writable)."""
    layout = _layout(state.variant, len(state.players))
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


def encode(state: GameState | PlayerView, action: Action, selection: Selection = _EMPTY) -> int:
    """The id of ``action`` in ``state``.

    For a :class:`~phase10.LayDown` or :class:`~phase10.Announce` this is the id of the next
    sub-decision towards it given ``selection``; apply ids with :func:`step` until the
    laydown is confirmed.

    Raises:
        IllegalActionError: ``action`` is not legal here (code ``UNKNOWN_ACTION`` when it is
            not the next sub-decision of the laydown under way).
    """
    layout = _layout(state.variant, len(state.players))
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
    state: GameState | PlayerView, i: int, selection: Selection = _EMPTY
) -> Action | SubDecision:
    """What legal id ``i`` means: an :class:`~phase10.Action` or a laydown sub-decision.

    Raises:
        IllegalActionError: ``i`` is not a legal id here (code ``UNKNOWN_ACTION``).
    """
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


def step(state: GameState, i: int, selection: Selection = _EMPTY) -> tuple[GameState, Selection]:
    """Apply legal id ``i``: the new state and the laydown under way.

    Raises:
        IllegalActionError: ``i`` is not a legal id here.
    """
    meaning = decode(state, i, selection)
    if isinstance(meaning, ChoosePhase):
        return state, Selection(meaning.phase, selection.picks)
    if isinstance(meaning, Select):
        return state, Selection(selection.phase, (*selection.picks, meaning))
    if isinstance(meaning, Confirm):
        done = (*_done(selection), meaning)
        assert selection.phase is not None
        for seq, action in _analysed(state).of_phase(selection.phase):
            if seq == done:
                return apply(state, action), _EMPTY
        raise AssertionError(
            "a confirmed selection always names a legal laydown"
        )  # pragma: no cover
    return apply(state, meaning), _EMPTY


def observation_size(variant: Variant, num_players: int) -> int:
    """The length of :func:`observation` vectors for this variant and player count."""
    return _layout(variant, num_players).observation_size


def observation(v: PlayerView, selection: Selection = _EMPTY) -> tuple[float, ...]:
    """A fixed-size vector of what the viewer sees, seats relative to the viewer.

    In order: the step (one-hot) and whether the viewer acts; own hand, top discard
    (one-hot) and discard pile as counts per card type; the draw pile's size as a fraction of
    the deck; per seat: hand size / 10, score / 100, laid down, skipped, take two, keep all,
    to act, dealer, phase (one-hot, one past the last phase when all are done); per seat and
    meld: card counts; offered and drawn cards as counts; the laydown under way as counts per
    group, and its phase (one-hot).

    >>> import random, phase10
    >>> state, _ = phase10.play_chance(phase10.new_game(phase10.CLASSIC, 2), random.Random(3))
    >>> vec = observation(phase10.view(state, 0))
    >>> len(vec) == observation_size(phase10.CLASSIC, 2)
    True
    """
    return tuple(observation_list(v, selection))


def observation_list(v: PlayerView, selection: Selection = _EMPTY) -> list[float]:
    """The :func:`observation` vector as a new list."""
    out = [0.0] * observation_size(v.variant, len(v.players))
    observation_into(out, v, selection)
    return out


# Parts of an observation that stay the same from one step to the next (a seat's public
# data, a meld's cards, the discard pile) are kept as ready-made arrays and copied in with a
# slice assignment. Entries are keyed by the identity of their source; the layout and the
# array's type code are stored with the part and compared on reading.
_Part: TypeAlias = "tuple[_Layout, str, array.array[float]]"
_MAX_PARTS = 4096
_PARTS: IdentityCache[_Part] = IdentityCache(_MAX_PARTS)
_Pile: TypeAlias = "tuple[tuple[Card, ...], _Layout, str, array.array[float]]"
_PILES: list[_Pile] = []  # the last discard piles seen, newest first
_MAX_PILES = 8


def _new_part(typecode: str, size: int) -> array.array[float]:
    return array.array(typecode, bytes(array.array(typecode).itemsize * size))


def _counts(layout: _Layout, typecode: str, cards: Sequence[Card]) -> array.array[float]:
    out = _new_part(typecode, len(layout.cards))
    by_id = layout.id_index
    for card in cards:
        i = by_id.get(id(card))
        out[layout.card_index[card] if i is None else i] += 1.0
    return out


def _remember(
    key: object, layout: _Layout, typecode: str, part: array.array[float]
) -> array.array[float]:
    _PARTS.put(key, (layout, typecode, part))
    return part


def _meld_part(meld: Meld, layout: _Layout, typecode: str) -> array.array[float]:
    if type(meld.cards) is not tuple:  # only what cannot change is remembered
        return _counts(layout, typecode, meld.cards)
    found = _PARTS.get(id(meld))
    if found is not None and found[0] is layout and found[1] == typecode:
        return found[2]
    return _remember(meld, layout, typecode, _counts(layout, typecode, meld.cards))


# A seat's block depends on a few small numbers that recur across positions and games: it is
# cached by the SeatView (shared by positions where the seat did not change), then by value.
_SEATS: BoundedCache[tuple[object, ...], array.array[float]] = BoundedCache(_MAX_PARTS)


def _seat_part(seat: SeatView, layout: _Layout, typecode: str) -> array.array[float]:
    """A seat's block with "to act" and "dealer" left at 0 (they depend on the position)."""
    found = _PARTS.get(id(seat))
    if found is not None and found[0] is layout and found[1] == typecode:
        return found[2]
    phase = min(seat.phase, layout.phases)
    key = (
        seat.hand_size,
        seat.score,
        seat.laid_down,
        seat.skipped,
        seat.take_two,
        seat.keep_all,
        phase,
        layout.phases,
        typecode,
    )
    part = _SEATS.get(key)
    if part is None:
        part = _new_part(typecode, 9 + layout.phases)
        part[0] = seat.hand_size / 10.0
        part[1] = seat.score / 100.0
        part[2] = float(seat.laid_down)
        part[3] = float(seat.skipped)
        part[4] = float(seat.take_two)
        part[5] = float(seat.keep_all)
        part[8 + phase] = 1.0
        _SEATS.put(key, part)
    return _remember(seat, layout, typecode, part)


def _pile_part(pile: Sequence[Card], layout: _Layout, typecode: str) -> array.array[float]:
    """Counts of the discard pile, worked out from a pile one card longer or shorter if seen.

    Between two steps the pile gains a card (a discard) or loses its top card (a take). The
    slices are compared with ``==``, which for the shared card objects of a game is a quick
    identity check per card. Only tuples are remembered: they cannot change afterwards.
    """
    if type(pile) is not tuple:
        return _counts(layout, typecode, pile)
    n = len(pile)
    for old, old_layout, old_typecode, counts in _PILES:
        if old_layout is not layout or old_typecode != typecode:
            continue
        if old is pile:
            return counts
        m = len(old)
        if n == m + 1 and pile[:m] == old:
            part = array.array(typecode, counts)
            part[_card_index(layout, pile[-1])] += 1.0
            break
        if n == m - 1 and old[:n] == pile:
            part = array.array(typecode, counts)
            part[_card_index(layout, old[-1])] -= 1.0
            break
    else:
        part = _counts(layout, typecode, pile)
    _PILES.insert(0, (pile, layout, typecode, part))
    del _PILES[_MAX_PILES:]
    return part


def observation_into(
    out: MutableSequence[float], v: PlayerView, selection: Selection = _EMPTY
) -> None:
    """Write the :func:`observation` vector into ``out``, which must hold zeros.

    ``out`` holds :func:`observation_size` zeros: a list, an ``array.array`` of type ``"f"``
    or ``"d"``, a float numpy array, or any other mutable sequence (filled one element at a
    time, more slowly). Filling a zeroed ``array.array("f")`` and handing it to
    ``numpy.frombuffer`` avoids converting every element (the PettingZoo adapter does this).

    Raises:
        TypeError: ``out`` is an ``array.array`` of a type other than ``"f"`` or ``"d"``.
        ValueError: ``out`` does not have :func:`observation_size` elements.
    """
    n = len(v.players)
    layout = _layout(v.variant, n)
    size = layout.observation_size
    if len(out) != size:
        raise ValueError(
            f"out must hold observation_size(variant, {n}) = {size} zeros, got {len(out)} elements"
        )
    if isinstance(out, array.array):
        typecode = out.typecode
        if typecode not in ("f", "d"):
            raise TypeError(f"out must be an array.array of type 'f' or 'd', got {typecode!r}")
    elif isinstance(out, list) or hasattr(out, "__array_interface__"):
        typecode = "d"  # lists and numpy arrays take a slice from any float array
    else:
        filled = [0.0] * size
        observation_into(filled, v, selection)
        for j, x in enumerate(filled):
            if x:
                out[j] = x
        return
    k = len(layout.cards)
    by_id = layout.id_index
    ci = layout.card_index
    groups = layout.groups
    current = v.current_player
    out[_STEP_INDEX[v.step]] = 1.0
    at = len(_STEPS)
    if current == v.player:
        out[at] = 1.0
    at += 1
    for card in v.hand:
        i = by_id.get(id(card))
        out[at + (ci[card] if i is None else i)] += 1.0
    at += k
    pile = v.discard_pile
    if pile:
        out[at + _card_index(layout, pile[-1])] = 1.0
        out[at + k : at + 2 * k] = _pile_part(pile, layout, typecode)
    at += 2 * k
    out[at] = v.draw_count / layout.deck_size
    at += 1
    seat_size = 9 + layout.phases
    for r in range(n):
        seat = (v.player + r) % n
        base = at + r * seat_size
        out[base : base + seat_size] = _seat_part(v.players[seat], layout, typecode)
        if current == seat:
            out[base + 6] = 1.0
        if v.dealer == seat:
            out[base + 7] = 1.0
    at += n * seat_size
    if v.table:
        for r in range(n):
            for m, meld in enumerate(v.table[(v.player + r) % n][:groups]):
                base = at + (r * groups + m) * k
                out[base : base + k] = _meld_part(meld, layout, typecode)
    at += n * groups * k
    for _, card in v.offers:
        out[at + ci[card]] += 1.0
    at += k
    for card in v.drawn:
        out[at + ci[card]] += 1.0
    at += k
    for pick in selection.picks:
        out[at + pick.group * k + ci[pick.card]] += 1.0
    at += groups * k
    if selection.phase is not None:
        out[at + selection.phase] = 1.0
