"""A fixed-size observation vector of what one player sees, for learning agents.

The vector goes with the action ids of :mod:`phase10.encoding` and shares its layout and
:data:`~phase10.encoding.ENCODING_VERSION`: seats are relative to the viewer, cards are
counted per card type, and a laydown under way (a :class:`~phase10.encoding.Selection`) is
part of what the player sees.
"""

from __future__ import annotations

import array
from collections.abc import MutableSequence, Sequence
from typing import TypeAlias

from phase10._fast import BoundedCache, IdentityCache, declare
from phase10._layout import STEP_INDEX, STEPS, Layout, card_position, layout_of
from phase10.cards import Card
from phase10.encoding import Selection
from phase10.errors import ArgumentError
from phase10.groups import Meld
from phase10.variants import Variant
from phase10.views import PlayerView, SeatView

__all__ = ["observation", "observation_into", "observation_list", "observation_size"]

_EMPTY = Selection()


def observation_size(variant: Variant, num_players: int) -> int:
    """The length of :func:`observation` vectors for this variant and player count."""
    return layout_of(variant, num_players).observation_size


def observation(v: PlayerView, *, selection: Selection = _EMPTY) -> tuple[float, ...]:
    """A fixed-size vector of what the viewer sees, seats relative to the viewer.

    In order: the step (one-hot) and whether the viewer acts; own hand, top discard
    (one-hot) and discard pile as counts per card type; the draw pile's size as a fraction of
    the deck; per seat: hand size / 10, score / 100, laid down, skipped, take two, keep all,
    skip guard (C-20) / number of seats, to act, dealer, phase (one-hot, one past the last
    phase when all are done); per seat and meld: card counts; offered and drawn cards as
    counts; the laydown under way as counts per group, and its phase (one-hot); per seat, the
    cards known to be in its hand (taken from the discard pile, not played since) as counts.

    >>> import random, phase10
    >>> state, _ = phase10.play_chance(phase10.new_game(phase10.CLASSIC, 2), random.Random(3))
    >>> vec = observation(phase10.view(state, 0))
    >>> len(vec) == observation_size(phase10.CLASSIC, 2)
    True
    """
    return tuple(observation_list(v, selection=selection))


def observation_list(v: PlayerView, *, selection: Selection = _EMPTY) -> list[float]:
    """The :func:`observation` vector as a new list."""
    out = [0.0] * observation_size(v.variant, len(v.players))
    observation_into(out, v, selection=selection)
    return out


# Parts of an observation that stay the same from one step to the next (a seat's public
# data, a meld's cards, the discard pile) are kept as ready-made arrays and copied in with a
# slice assignment. Entries are keyed by the identity of their source; the layout and the
# array's type code are stored with the part and compared on reading.
_Part: TypeAlias = "tuple[Layout, str, array.array[float]]"
_MAX_PARTS = 4096
_PARTS: IdentityCache[_Part] = IdentityCache(
    _MAX_PARTS,
    name="_PARTS",
    key="identity of a `Meld` (with tuple cards) or `SeatView`",
    why="identity cache; the layout and array type are stored with the part and compared "
    "on reading; the arrays are copied into observations, never handed out",
)
_Pile: TypeAlias = "tuple[tuple[Card, ...], Layout, str, array.array[float]]"
_PILES: list[_Pile] = []  # the last discard piles seen, newest first
_MAX_PILES = 8
declare(
    "_PILES",
    kind="list",
    key="the last discard piles seen, newest first",
    bound=_MAX_PILES,
    why="piles are tuples; the counts are copied into observations, never handed out",
    table=_PILES,
)


def _new_part(typecode: str, size: int) -> array.array[float]:
    return array.array(typecode, bytes(array.array(typecode).itemsize * size))


def _counts(layout: Layout, typecode: str, cards: Sequence[Card]) -> array.array[float]:
    out = _new_part(typecode, len(layout.cards))
    by_id = layout.id_index
    for card in cards:
        i = by_id.get(id(card))
        out[layout.card_index[card] if i is None else i] += 1.0
    return out


def _remember(
    key: object, layout: Layout, typecode: str, part: array.array[float]
) -> array.array[float]:
    _PARTS.put(key, (layout, typecode, part))
    return part


def _meld_part(meld: Meld, layout: Layout, typecode: str) -> array.array[float]:
    if type(meld.cards) is not tuple:  # only what cannot change is remembered
        return _counts(layout, typecode, meld.cards)
    found = _PARTS.get(id(meld))
    if found is not None and found[0] is layout and found[1] == typecode:
        return found[2]
    return _remember(meld, layout, typecode, _counts(layout, typecode, meld.cards))


# A seat's block: 7 numbers, "to act", "dealer", then the phase one-hot of phases + 1 entries.
_TO_ACT = 7
_SEAT_FIXED = _TO_ACT + 3

# A seat's block depends on a few small numbers that recur across positions and games: it is
# cached by the SeatView (shared by positions where the seat did not change), then by value.
_SEATS: BoundedCache[tuple[object, ...], array.array[float]] = BoundedCache(
    _MAX_PARTS,
    name="_SEATS",
    key="a seat's public numbers, the layout's phase count, the array type",
    why="as `_PARTS`",
)


def _seat_part(seat: SeatView, layout: Layout, typecode: str) -> array.array[float]:
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
        seat.skip_guard,
        phase,
        layout.phases,
        layout.players,
        typecode,
    )
    part = _SEATS.get(key)
    if part is None:
        part = _new_part(typecode, _SEAT_FIXED + layout.phases)
        part[0] = seat.hand_size / 10.0
        part[1] = seat.score / 100.0
        part[2] = float(seat.laid_down)
        part[3] = float(seat.skipped)
        part[4] = float(seat.take_two)
        part[5] = float(seat.keep_all)
        # rule C-20: who may not be skipped yet is public, and legality depends on it
        part[6] = seat.skip_guard / layout.players
        part[_SEAT_FIXED - 1 + phase] = 1.0
        _SEATS.put(key, part)
    return _remember(seat, layout, typecode, part)


def _pile_part(pile: Sequence[Card], layout: Layout, typecode: str) -> array.array[float]:
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
            part[card_position(layout, pile[-1])] += 1.0
            break
        if n == m - 1 and old[:n] == pile:
            part = array.array(typecode, counts)
            part[card_position(layout, old[-1])] -= 1.0
            break
    else:
        part = _counts(layout, typecode, pile)
    _PILES.insert(0, (pile, layout, typecode, part))
    del _PILES[_MAX_PILES:]
    return part


def observation_into(
    out: MutableSequence[float], v: PlayerView, *, selection: Selection = _EMPTY
) -> None:
    """Write the :func:`observation` vector into ``out``, which must hold zeros.

    ``out`` holds :func:`observation_size` zeros: a list, an ``array.array`` of type ``"f"``
    or ``"d"``, a float numpy array, or any other mutable sequence (filled one element at a
    time, more slowly). Filling a zeroed ``array.array("f")`` and handing it to
    ``numpy.frombuffer`` avoids converting every element (the PettingZoo adapter does this).

    Raises:
        ArgumentError: ``out`` is an ``array.array`` of a type other than ``"f"`` or ``"d"``,
            or does not have :func:`observation_size` elements.
    """
    n = len(v.players)
    layout = layout_of(v.variant, n)
    size = layout.observation_size
    if len(out) != size:
        raise ArgumentError(
            f"out must hold observation_size(variant, {n}) = {size} zeros, got {len(out)} elements"
        )
    if isinstance(out, array.array):
        typecode = out.typecode
        if typecode not in ("f", "d"):
            raise ArgumentError(f"out must be an array.array of type 'f' or 'd', got {typecode!r}")
    elif isinstance(out, list) or hasattr(out, "__array_interface__"):
        typecode = "d"  # lists and numpy arrays take a slice from any float array
    else:
        filled = [0.0] * size
        observation_into(filled, v, selection=selection)
        for j, x in enumerate(filled):
            if x:
                out[j] = x
        return
    k = len(layout.cards)
    by_id = layout.id_index
    ci = layout.card_index
    groups = layout.groups
    current = v.current_player
    out[STEP_INDEX[v.step]] = 1.0
    at = len(STEPS)
    if current == v.player:
        out[at] = 1.0
    at += 1
    for card in v.hand:
        i = by_id.get(id(card))
        out[at + (ci[card] if i is None else i)] += 1.0
    at += k
    pile = v.discard_pile
    if pile:
        out[at + card_position(layout, pile[-1])] = 1.0
        out[at + k : at + 2 * k] = _pile_part(pile, layout, typecode)
    at += 2 * k
    out[at] = v.draw_count / layout.deck_size
    at += 1
    seat_size = _SEAT_FIXED + layout.phases
    for r in range(n):
        seat = (v.player + r) % n
        base = at + r * seat_size
        out[base : base + seat_size] = _seat_part(v.players[seat], layout, typecode)
        if current == seat:
            out[base + _TO_ACT] = 1.0
        if v.dealer == seat:
            out[base + _TO_ACT + 1] = 1.0
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
    at += layout.phases
    for r in range(n):
        known = v.players[(v.player + r) % n].known
        if known:
            base = at + r * k
            for card in known:
                out[base + card_position(layout, card)] += 1.0
