"""Player views: what one seat can see of a game, and full states consistent with a view.

A :class:`PlayerView` is its own type, not a :class:`~phase10.GameState` with holes, so
passing a view where a full state is needed is a type error. It holds the viewer's own hand
and only counts of the cards nobody may see: other hands and the draw pile. The discard pile,
the melds on the table and every player's phase, score, pending skip and skip guard are
public.

A view :func:`view` made of a state known valid (``_fast.VALID_STATES``, the one table of
the objects known valid by construction) is marked in that same table: every world dealt
from it passes every check that reads only the view, so :func:`sample_state` makes only
those that read the deal, from its first world on, and marks each world it checked.
"""

from __future__ import annotations

import math
import random
import struct
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from itertools import chain
from math import floor
from operator import attrgetter, itemgetter
from typing import Literal, NamedTuple

import attrs

from phase10 import _pictures
from phase10._checks import is_whole
from phase10._fast import VALID_STATES, BoundedCache, IdentityCache, make_projection
from phase10._members import (
    STEP_OVER,
    UNSEEN_DEAL,
    UNSEEN_KEEP,
    UNSEEN_REVEAL,
)
from phase10.actions import Action, Deal, Keep, Reveal
from phase10.cards import Card
from phase10.errors import ArgumentError, InvalidStateError
from phase10.groups import Meld
from phase10.phases import Phase
from phase10.state import (
    CHANCE,
    Event,
    GameState,
    History,
    PlayerState,
    TurnStep,
    Unseen,
    dealt_problems,
)
from phase10.variants import Variant

__all__ = ["PlayerView", "SeatView", "sample_state", "seen_by", "seen_drawn", "view"]


@attrs.frozen(cache_hash=True, kw_only=True)
class SeatView:
    """What everybody can see of one seat: everything but the cards in hand, which are counted.

    Attributes:
        hand_size: How many cards the seat holds.
        phase: 0-based index of the phase the player is working on.
        laid_down: Whether the player laid down their phase this hand.
        score: Total penalty points so far.
        skipped: Whether a skip lies against the player (C-20).
        completed: Phases completed, for pick-a-phase (V-4).
        take_two: Phase 10 Master: a Take two lies in front of the player (M-12).
        keep_all: Phase 10 Master: a Keep all lies in front of the player (M-13).
        kept: Phase 10 Master: the player kept their hand from the last hand (M-13).
        skip_guard: Turns still to pass before a skip may be played on the player again
            (C-20, option ``skip_limit=round``); 0 when nothing protects them.
        known: The cards everybody knows the seat holds (:attr:`PlayerState.known`): taken
            from the discard pile and not played since, among others.
    """

    hand_size: int
    phase: int
    laid_down: bool
    score: int
    skipped: bool
    completed: tuple[int, ...] = ()
    take_two: bool = False
    keep_all: bool = False
    kept: bool = False
    skip_guard: int = 0
    known: tuple[Card, ...] = ()


@attrs.frozen(cache_hash=True, kw_only=True)
class PlayerView:
    """One seat's view of a game: a :class:`~phase10.GameState` without the hidden cards.

    Build it with :func:`view`. Fields named like those of :class:`~phase10.GameState` mean
    the same; the others are below.

    >>> import random, phase10
    >>> state, _ = phase10.play_chance(phase10.new_game(phase10.CLASSIC, 3), random.Random(1))
    >>> v = phase10.view(state, 0)
    >>> len(v.hand), [s.hand_size for s in v.players], v.draw_count
    (10, [10, 10, 10], 77)

    Attributes:
        player: The viewing seat.
        hand: The viewer's own cards, in canonical order.
        players: What everybody can see of each seat (:class:`SeatView`), the viewer included.
        current_player: Who acts next, as :attr:`GameState.current_player`.
        draw_count: How many cards the draw pile holds (never which).
        drawn: The two cards of a Take two draw (M-12) when the viewer drew them, else ``()``.
        drawn_count: How many cards of a Take two draw await a choice.
        history: The events of the current hand (:attr:`GameState.history`), the same
            for every seat: no hidden card is in them (see :func:`seen_by`).
    """

    variant: Variant
    player: int
    hand: tuple[Card, ...]
    players: tuple[SeatView, ...]
    dealer: int
    turn: int
    step: TurnStep
    current_player: int | None
    draw_count: int
    discard_pile: tuple[Card, ...] = ()
    table: tuple[tuple[Meld, ...], ...] = ()
    hand_number: int = 1
    dealt: int = 0
    laid_this_turn: bool = False
    tiebreak: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    action_pile: tuple[Card, ...] = ()
    drawn: tuple[Card, ...] = ()
    drawn_count: int = 0
    to_draw: int = 0
    receiver: int | None = None
    offers: tuple[tuple[int, Card], ...] = ()
    reshuffles: int = 0
    turns: int = 0
    history: History = attrs.field(factory=History)

    @property
    def num_players(self) -> int:
        """Number of seats."""
        return len(self.players)

    def _repr_svg_(self) -> str | None:
        """The picture a notebook shows (drawn by :mod:`phase10.svg`); ``repr()`` is unchanged."""
        return _pictures.picture(self)

    @property
    def is_chance(self) -> bool:
        """Whether chance acts next."""
        return self.current_player == CHANCE

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.step is STEP_OVER

    @property
    def is_my_turn(self) -> bool:
        """Whether the viewer is the one to act."""
        return self.current_player == self.player

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's total penalty points."""
        return tuple(p.score for p in self.players)

    @property
    def phases(self) -> tuple[int, ...]:
        """Each seat's 0-based phase index."""
        return tuple(p.phase for p in self.players)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds."""
        return tuple(p.hand_size for p in self.players)

    @property
    def active_seats(self) -> tuple[int, ...]:
        """The seats playing this hand: everybody, or the tied players of a tie-break."""
        return self.tiebreak or tuple(range(len(self.players)))

    @property
    def top_discard(self) -> Card | None:
        """The top card of the discard pile, if any."""
        return self.discard_pile[-1] if self.discard_pile else None

    def current_phase(self, seat: int) -> Phase | None:
        """The phase ``seat`` must lay down next, as :meth:`GameState.current_phase`.

        Raises:
            InvalidStateError: the view is inconsistent (more cards shown than the deck has).
        """
        return self.canonical_state().current_phase(seat)

    def open_phases(self, seat: int) -> tuple[int, ...]:
        """Indices of the phases ``seat`` may lay down now, as :meth:`GameState.open_phases`.

        Raises:
            InvalidStateError: the view is inconsistent (more cards shown than the deck has).
        """
        return self.canonical_state().open_phases(seat)

    def canonical_state(self) -> GameState:
        """A full state behind the view, its hidden cards dealt in canonical order.

        For what depends only on what the viewer sees (their legal actions, the phases open
        to a seat); the hidden hands and the draw pile are arbitrary. Use
        :func:`sample_state` for a random, validated state instead.

        Raises:
            InvalidStateError: the view is inconsistent (more cards shown than the deck has).
        """
        return _determinize(self, None)

    def acting_state(self) -> GameState | None:
        """:meth:`canonical_state` when the viewer is to act, else ``None``.

        Its legal actions are the viewer's: this is how :func:`~phase10.legal_actions`
        lists them for a view. A player's legal actions depend only on what they can see
        (their hand, the table, the discard pile, the counts, pending skips and skip guards).

        >>> import random, phase10
        >>> state, _ = phase10.play_chance(phase10.new_game(phase10.CLASSIC, 2), random.Random(5))
        >>> v = phase10.view(state, state.current_player)
        >>> phase10.legal_actions(v.acting_state()) == phase10.legal_actions(state)
        True
        >>> phase10.view(state, 1 - state.current_player).acting_state() is None
        True

        Raises:
            InvalidStateError: the view is inconsistent.
        """
        current = self.current_player
        if current is None or current != self.player:
            return None
        return _determinize(self, None)


# A view copies the GameState / PlayerState fields of the same name as they are; the
# projections between the classes are generated from their attrs fields (phase10._fast), so
# a field added to both is copied, and one added to a view only is refused at import until
# it is computed here. Every other field is hidden and handled below (test_views checks the
# split, so a new state field must be classified before the tests pass).
_VIEW_ONLY = frozenset({"player", "hand", "current_player", "draw_count", "drawn_count"})
_STATE_HIDDEN = frozenset({"players", "draw_pile", "drawn"})
_PLAYER_HIDDEN = frozenset({"hand"})
# view(): the computed fields, in the order the projection takes them after the state
_to_view = make_projection(
    PlayerView,
    GameState,
    computed=("player", "hand", "players", "current_player", "draw_count", "drawn", "drawn_count"),
)
_to_seat_view = make_projection(SeatView, PlayerState, computed=("hand_size",))
# and back (sample_state): a full state's fields from the view's
_to_player_state = make_projection(PlayerState, SeatView, computed=("hand",))
_to_state = make_projection(GameState, PlayerView, computed=("players", "draw_pile", "drawn"))
_STATE_PUBLIC: tuple[str, ...] = _to_view.copied
_SEAT_PUBLIC: tuple[str, ...] = _to_seat_view.copied


# A seat's PlayerState object is shared by every state until that seat changes, so seat
# views are cached by the identity of the PlayerState; hashing a PlayerState would hash its
# whole hand.
_SEAT_VIEWS: IdentityCache[SeatView] = IdentityCache(
    4096,
    name="_SEAT_VIEWS",
    key="identity of a `PlayerState`",
    why="identity cache; a `PlayerState` is frozen and its fields are tuples",
)


def _seat_view(player: PlayerState) -> SeatView:
    cached = _SEAT_VIEWS.get(id(player))
    if cached is not None:
        return cached
    return _SEAT_VIEWS.put(player, _to_seat_view(player, len(player.hand)))


def view(state: GameState, player: int) -> PlayerView:
    """What seat ``player`` can see of ``state``.

    The view holds the player's own hand, every other hand as a count, the draw pile as a
    count and everything that is public: the discard pile, the melds on the table with the
    values of their wilds, each seat's phase, score, pending skip and skip guard, whose turn
    it is and the step, the hand number, the dealer, tie-break seats and winners, and the
    variant.

    >>> import random, phase10
    >>> state, _ = phase10.play_chance(phase10.new_game(phase10.CLASSIC, 2), random.Random(7))
    >>> v = phase10.view(state, 1)
    >>> v.player, v.hand == state.players[1].hand, v.players[0].hand_size, v.draw_count
    (1, True, 10, 87)

    Raises:
        ArgumentError: ``state`` is not a :class:`~phase10.GameState`.
        InvalidStateError: ``player`` is not a seat of ``state``.
    """
    if not isinstance(state, GameState):
        raise ArgumentError(f"view() needs a GameState, got {type(state).__name__}")
    players = state.players
    if not is_whole(player, 0) or player >= len(players):
        raise InvalidStateError(
            f"player must be a seat from 0 to {len(players) - 1}, got {player!r}"
        )
    made = _to_view(
        state,
        player,
        players[player].hand,
        tuple(map(_seat_view, players)),
        state.current_player,
        len(state.draw_pile),
        seen_drawn(state, player),
        len(state.drawn),
    )
    if VALID_STATES.marked(state):  # a valid state's view is valid: marked in the same table
        VALID_STATES.mark(made)
    return made


def seen_drawn(state: GameState, player: int) -> tuple[Card, ...]:
    """The cards of a Take two draw (M-12) that ``player`` sees: all when they drew them.

    The one place that says it: :func:`view` shows these as :attr:`PlayerView.drawn`, and
    :func:`phase10.analysis.unseen_cards` counts them as seen.

    >>> import random, phase10
    >>> state, _ = phase10.play_chance(phase10.new_game(phase10.CLASSIC, 2), random.Random(0))
    >>> seen_drawn(state, 0)
    ()
    """
    return state.drawn if player == state.turn else ()


_UNSEEN_ACTION: dict[Unseen, type] = {UNSEEN_DEAL: Deal, UNSEEN_REVEAL: Reveal, UNSEEN_KEEP: Keep}


def seen_by(event: Event, seat: int, *, action: Action | None = None) -> Event:
    """What ``seat`` saw of ``event``: the one place that says who saw which card.

    :func:`phase10.apply` records every event of a history as every seat saw it: a card
    only one seat saw (:class:`~phase10.Unseen`: dealt, drawn, kept from a Take two) is
    recorded without the card, so no history, of a state or of a view, ever holds it. The
    seat that got the card saw it: given the action that dealt, drew or kept it (from the
    game record), that seat sees the event with its card (``reveal R7 > p2``, ``p2 keep
    R7``); every other seat, and every other event, is seen as recorded (``reveal ? > p2``).

    >>> import phase10
    >>> drawn = phase10.Event(unseen=phase10.Unseen.REVEAL, to=1)
    >>> r7 = phase10.Reveal(phase10.Card.parse("R7"))
    >>> str(seen_by(drawn, 1, action=r7)), str(seen_by(drawn, 0, action=r7))
    ('reveal R7 > p2', 'reveal ? > p2')

    Raises:
        InvalidStateError: ``action`` is not the action of the card ``event`` records.
    """
    how = event.unseen
    if how is None or event.to != seat or action is None:
        return event
    if type(action) is not _UNSEEN_ACTION[how] or getattr(action, "player", seat) != seat:
        raise InvalidStateError(f"{action} is not the action of the event {event}")
    return Event(action=action) if how is UNSEEN_KEEP else Event(action=action, to=seat)


def _visible_cards(v: PlayerView) -> Iterator[Card]:
    yield from v.hand
    yield from v.discard_pile
    yield from v.action_pile
    yield from v.drawn
    for _, card in v.offers:
        yield card
    for row in v.table:
        for meld in row:
            yield from meld.cards
    for seat, s in enumerate(v.players):
        if seat != v.player:
            yield from s.known


def _shown_too_many(v: PlayerView) -> InvalidStateError:
    """The error for a view that shows cards the deck does not have (or not that many)."""
    pool = Counter(v.variant.deck_for(len(v.players)))
    pool.subtract(_visible_cards(v))
    extra = sorted((card for card, n in pool.items() if n < 0), key=_sort_key)
    return InvalidStateError(
        f"the view shows more {', '.join(map(str, extra))} than the deck holds"
    )


#: A card's sort key, read in C (a function written in Python costs a call per card).
_sort_key = attrgetter("sort_key")


class _Deck(NamedTuple):
    """The deck for some number of players, laid out for finding the cards a view hides.

    ``cards`` holds the deck in canonical order; a *place* is an index into it, and places
    in order are cards in canonical order. The rest lays the deck out as one big integer of
    ``width``-bit fields, a *slot* each: a slot per place, and after the places of each card
    one more, its *end*. ``units`` maps the ``id()`` of each card object of the deck (safe
    keys: ``deck``, the deck as dealt, keeps the objects alive), and ``by_card`` a card
    equal to one of the deck, to the card's unit: 1 in every slot of that card (its places
    and its end). The sum of the units of the cards a view shows then holds, in each slot of
    a card, how many copies of it are shown; ``ranks`` holds in each slot its rank among the
    card's slots (0, 1, ... and at the end the number of copies) plus ``2 ** (width - 1)``,
    so that ``ranks - shown`` keeps that top bit in a slot exactly when the rank is at least
    the copies shown (see :func:`_hidden`). ``ones`` is 1 in every slot and ``ends`` in
    every end; ``codes`` holds each place's number in its slot and ``gone`` (all ones) at
    the ends. ``size`` is the number of cards, ``fmt`` the :class:`memoryview` format of a
    slot. ``first`` maps the ``id()`` of each card object of the deck, and ``first_of`` a
    card equal to one of the deck, to the first place of that card.
    """

    cards: tuple[Card, ...]
    units: dict[int, int]
    by_card: dict[Card, int]
    ranks: int
    ones: int
    ends: int
    codes: int
    width: int
    gone: int
    fmt: _Format
    size: int
    deck: tuple[Card, ...]
    first: dict[int, int]
    first_of: dict[Card, int]


_Format = Literal["B", "H", "I", "L", "Q"]
# A slot's memoryview format by its bytes (a field is read in the machine's byte order).
_FORMATS: dict[int, _Format] = {}
for _fmt in ("Q", "L", "I", "H", "B"):
    _FORMATS[struct.calcsize(_fmt)] = _fmt  # the narrowest type of each size


def _make_deck(deck: tuple[Card, ...]) -> _Deck:
    counts = Counter(deck)
    kinds = sorted(counts, key=_sort_key)
    # a slot holds any count up to the deck's size below its top bit, and every place's
    # number or the all-ones mark of an end
    nbytes = min(b for b in _FORMATS if 1 << (8 * b - 1) > len(deck) + 1)
    width = 8 * nbytes
    top = 1 << (width - 1)
    gone = (1 << width) - 1
    cards: list[Card] = []
    unit_of: dict[Card, int] = {}
    first_of: dict[Card, int] = {}
    ranks = ones = ends = codes = 0
    slot = 0
    for card in kinds:
        unit = 0
        first_of[card] = len(cards)
        for rank in range(counts[card] + 1):  # the card's places, then its end
            at = width * slot
            unit |= 1 << at
            ranks |= (rank + top) << at
            ones |= 1 << at
            if rank == counts[card]:
                ends |= 1 << at
                codes |= gone << at
            else:
                codes |= len(cards) << at
                cards.append(card)
            slot += 1
        unit_of[card] = unit
    units = {id(card): unit_of[card] for card in deck}
    return _Deck(
        tuple(cards),
        units,
        unit_of,
        ranks,
        ones,
        ends,
        codes,
        width,
        gone,
        _FORMATS[nbytes],
        len(deck),
        deck,
        {id(card): first_of[card] for card in deck},
        first_of,
    )


# One laid-out deck per (variant, number of players): derived from those two only.
_DECKS: BoundedCache[tuple[Variant, int], _Deck] = BoundedCache(
    256,
    name="_DECKS",
    key="`(Variant, players)`",
    why="the deck laid out for `sample_state` is derived from these only; it is only "
    "read, never handed out",
)


def _deck(variant: Variant, players: int) -> _Deck:
    key = (variant, players)
    deck = _DECKS.get(key)
    if deck is None:
        deck = _DECKS.put(key, _make_deck(variant.deck_for(players)))
    return deck


def _shown_piles(v: PlayerView) -> list[tuple[Card, ...]]:
    """Every pile of cards ``v`` shows but its hand and the table's melds (see :func:`_hidden`)."""
    me = v.player
    piles: list[tuple[Card, ...]] = [v.discard_pile]
    if v.action_pile:  # both empty in most views
        piles.append(v.action_pile)
    if v.drawn:
        piles.append(v.drawn)
    for seat, s in enumerate(v.players):
        if s.known and seat != me:
            piles.append(s.known)
    if v.offers:
        piles.append(tuple([card for _, card in v.offers]))
    return piles


# The count of each pile of cards a view showed (the sum of its cards' units, see _Deck),
# by its length and last card (one int, `id(pile[-1]) * 256 + len(pile)`: cheaper to hash
# and compare than a tuple, and two piles that share a key only take turns in it). An entry
# holds its deck and pile and is used only for the same deck (`is`) and an equal pile
# (`==`, by identity first, in C): so a pile equal to one counted before is not counted
# again (the table's melds, the known cards, a discard pile taken from), nor one that is
# such a pile and one card more (a discard pile discarded on): only such a last card is
# counted anew (and the viewer's hand, not stored here).
_PILE_COUNTS: BoundedCache[int, tuple[_Deck, tuple[Card, ...], int]] = BoundedCache(
    2048,
    name="_PILE_COUNTS",
    key="`id(pile[-1]) * 256 + len(pile)`",
    why="a pile's count is derived from its deck and its cards only, and each entry "
    "holds both and is used only for the same deck and an equal pile",
)


def _table_piles(v: PlayerView) -> list[tuple[Card, ...]]:
    """The cards of each meld on the table of ``v``."""
    return [meld.cards for row in v.table for meld in row]


# The table of a view (its tuple of rows of melds) is the state's, shared by every state
# and view until a meld changes: so the number of its cards and their count (the sum of
# their units, see _Deck) are remembered by its identity, for the deck they were counted
# with, and a view's melds are counted with one lookup, not one per meld.
_TABLE_COUNTS: IdentityCache[tuple[_Deck, int, int]] = IdentityCache(
    256,
    name="_TABLE_COUNTS",
    key="identity of a view's `table`",
    why="identity cache; a table is a tuple of tuples of frozen `Meld`s, and its count is "
    "derived from its cards and the deck only, which the entry holds and checks (`is`)",
)


def _count_piles(piles: list[tuple[Card, ...]], deck: _Deck) -> int:
    """The sum of the units of every card of ``piles`` (the deck's card objects).

    Raises:
        KeyError: a card is not one of the deck's objects.
    """
    units = deck.units
    get = _PILE_COUNTS.get
    shown = 0
    for pile in piles:
        n = len(pile)
        if not n:
            continue
        key = id(pile[-1]) * 256 + n
        hit = get(key)
        if hit is not None and hit[0] is deck and hit[1] == pile:
            shown += hit[2]
            continue
        hit = get(id(pile[-2]) * 256 + n - 1) if n > 1 else None
        if hit is not None and hit[0] is deck and hit[1] == pile[:-1]:
            count = hit[2] + units[id(pile[-1])]
        else:
            count = sum(map(units.__getitem__, map(id, pile)))
        _PILE_COUNTS.put(key, (deck, pile, count))
        shown += count
    return shown


def _hidden(v: PlayerView, deck: _Deck) -> tuple[tuple[int, ...], bytes | None]:
    """The places of ``deck.cards`` that ``v`` hides, in order; and as bytes (or ``None``).

    The bytes hold the same places, one a byte, for a deck of at most 256 places.

    Of the copies of a card, the view shows the first places and hides the others. No
    loop written in Python runs per card: the piles are counted in C (a unit looked up
    and added per card) or found counted before (``_PILE_COUNTS``, and the table's melds
    at once by the table's identity, ``_TABLE_COUNTS``); then a slot of
    ``ranks - shown`` keeps its top bit exactly when its rank is at least the copies shown
    (each field stays within its bits, as no count passes the deck's size), so at a place
    that it is hidden and at an end that the card is not shown more often than the deck
    holds it.

    Raises:
        InvalidStateError: the view shows a card the deck does not hold, or more copies.
    """
    piles = _shown_piles(v)
    table = v.table
    melds: list[tuple[Card, ...]] = []
    on_table = 0
    counted: int | None = 0
    if table:
        hit = _TABLE_COUNTS.get(id(table))
        if hit is not None and hit[0] is deck:
            on_table, counted = hit[1], hit[2]
        else:
            melds = _table_piles(v)
            on_table = sum(map(len, melds))
            counted = None
    hand = v.hand
    if len(hand) + sum(map(len, piles)) + on_table > deck.size:  # more than the deck
        raise _shown_too_many(v)
    try:
        # the viewer's hand is counted anew: it is hardly ever a pile counted before (it
        # changes every turn), so looking it up and storing it would only cost
        shown = sum(map(deck.units.__getitem__, map(id, hand))) + _count_piles(piles, deck)
        if counted is None:
            counted = _count_piles(melds, deck)
            _TABLE_COUNTS.put(table, (deck, on_table, counted))
        shown += counted
    except KeyError:  # a card object not of the deck: find the deck's by equality
        cards = chain(hand, chain.from_iterable(piles), chain.from_iterable(_table_piles(v)))
        try:
            shown = sum(map(deck.by_card.__getitem__, cards))
        except KeyError:
            raise _shown_too_many(v) from None
    width = deck.width
    kept = ((deck.ranks - shown) >> (width - 1)) & deck.ones  # 1 at each slot hidden
    if kept & deck.ends != deck.ends:
        raise _shown_too_many(v)
    # each place's number where hidden, all ones elsewhere (and at the ends), then those out
    marked = deck.codes | (deck.ones ^ kept) * deck.gone
    slots = len(deck.cards) + len(deck.by_card)
    if width == 8:  # a place a byte: the others deleted in C
        places = marked.to_bytes(slots, "little").translate(None, b"\xff")
        return tuple(places), places
    raw = marked.to_bytes(slots * width // 8, sys.byteorder)
    hidden = tuple(filter(deck.gone.__ne__, memoryview(raw).cast(deck.fmt)))
    return hidden, bytes(hidden) if len(deck.cards) <= 256 else None


def _pick(cards: tuple[Card, ...], places: list[int] | bytes) -> tuple[Card, ...]:
    """The cards at ``places``."""
    if len(places) > 1:
        picked: tuple[Card, ...] = itemgetter(*places)(cards)
        return picked
    return tuple([cards[at] for at in places])


class _Dealing(NamedTuple):
    """What every world dealt from one view shares: the view checked, its hidden cards found.

    ``hidden`` lists the places of ``deck.cards`` the view hides, in canonical order, and
    ``places`` holds them one a byte (``None`` for a deck of more than 256 places).
    ``seats`` gives, per seat in order, ``None`` for the viewer and else how many cards are
    dealt to it and the places of its known cards (the first place of each one's card: a
    place's order is its card's, so they sort in with the places dealt), and ``viewer``
    is the viewer's :class:`~phase10.PlayerState`, the same in every world (a state's seats
    are immutable and shared between states anyway).
    """

    deck: _Deck
    hidden: tuple[int, ...]
    places: bytes | None
    seats: tuple[tuple[int, tuple[int, ...]] | None, ...]
    viewer: PlayerState


def _dealing(v: PlayerView) -> _Dealing:
    """The deal's set-up for ``v``, after checking that its cards and counts add up.

    Raises:
        InvalidStateError: the view is inconsistent (it shows cards the deck does not hold,
            or its counts do not add up).
    """
    players = v.players
    me = v.player
    if not players or not 0 <= me < len(players):
        raise InvalidStateError(f"player {me!r} is not a seat of the view")
    drawn = v.drawn
    drawn_count = v.drawn_count
    if drawn and len(drawn) != drawn_count:
        raise InvalidStateError("drawn_count must equal the number of drawn cards shown")
    deck = _deck(v.variant, len(players))
    hidden, places = _hidden(v, deck)
    draw_count = v.draw_count
    if draw_count < 0 or drawn_count < 0:  # the deal slices by these counts
        raise InvalidStateError(
            f"the view counts {draw_count} cards in the draw pile and {drawn_count} drawn; "
            "a count cannot be negative"
        )
    need = draw_count + drawn_count - len(drawn)
    seats: list[tuple[int, tuple[int, ...]] | None] = []
    for seat, s in enumerate(players):
        if seat == me:
            seats.append(None)
            continue
        known = s.known
        dealt = s.hand_size - len(known)
        if dealt < 0:
            raise InvalidStateError(
                f"seat {seat} is known to hold {len(known)} cards but holds {s.hand_size}"
            )
        need += dealt
        seats.append((dealt, _first_places(known, deck) if known else ()))
    if len(hidden) != need:
        raise InvalidStateError(
            f"the view hides {need} cards (other hands, draw pile) but the deck leaves "
            f"{len(hidden)}"
        )
    viewer = _to_player_state(players[me], v.hand)
    return _Dealing(deck, hidden, places, tuple(seats), viewer)


# A seat's known cards (a tuple of the state's, shared by every state and view until the
# seat takes or plays one) as places, remembered by the tuple's identity for the deck they
# were placed with: a view's known cards are looked up, not placed anew, in most views.
_KNOWN_PLACES: IdentityCache[tuple[_Deck, tuple[int, ...]]] = IdentityCache(
    1024,
    name="_KNOWN_PLACES",
    key="identity of a `SeatView`'s `known`",
    why="identity cache; `known` is a tuple of frozen `Card`s, and its places are derived "
    "from its cards and the deck only, which the entry holds and checks (`is`)",
)


def _first_places(known: tuple[Card, ...], deck: _Deck) -> tuple[int, ...]:
    """The first place of the card of each of ``known`` (cards of ``deck``, checked)."""
    hit = _KNOWN_PLACES.get(id(known))
    if hit is not None and hit[0] is deck:
        return hit[1]
    try:
        places = tuple(map(deck.first.__getitem__, map(id, known)))
    except KeyError:  # a card object not of the deck, but equal to one (the view is checked)
        places = tuple(map(deck.first_of.__getitem__, known))
    _KNOWN_PLACES.put(known, (deck, places))
    return places


def _deal(v: PlayerView, dealing: _Dealing, rng: random.Random | None) -> GameState:
    """A full state behind ``v``; hidden cards dealt by ``rng``, or in canonical order.

    The hidden cards are the deck minus every card the view shows, in canonical order;
    with ``rng`` the places dealt (other hands beyond their known cards, a Take two draw the
    viewer cannot see) get the last cards of a Fisher-Yates shuffle of them, which is the
    shuffle's first steps only: the draw pile is kept in canonical order, so the order of the
    cards left for it does not matter (its places are sorted: a place's order is its card's).
    """
    cards = dealing.deck.cards
    hidden = list(dealing.hidden)
    draw_count = v.draw_count
    end = len(hidden)
    if rng is not None:
        rand = rng.random
        for i in range(end - 1, max(draw_count, 1) - 1, -1):
            # floor, not int(): the same index (the product is >= 0), and a builtin
            # function's call costs less here than the int type's
            j = floor(rand() * (i + 1))
            hidden[i], hidden[j] = hidden[j], hidden[i]
    states = []
    for s, dealt_to in zip(v.players, dealing.seats, strict=True):
        if dealt_to is None:
            states.append(dealing.viewer)
            continue
        count, known = dealt_to
        start = end - count
        dealt = hidden[start:end]
        end = start
        if known:  # the known cards sorted in as places (ints), not cards by their keys
            dealt += known
        dealt.sort()
        states.append(_to_player_state(s, _pick(cards, dealt)))
    drawn = v.drawn
    drawn_count = v.drawn_count
    if not drawn and drawn_count:
        drawn = _pick(cards, hidden[end - drawn_count : end])
    # the places left to the draw pile, in canonical order: those dealt deleted in C from
    # all the hidden places in order (a place a byte), or else sorted
    places = dealing.places
    if places is not None:
        rest: bytes | list[int] = places.translate(None, bytes(hidden[draw_count:]))
    else:
        rest = hidden[:draw_count]
        rest.sort()
    return _to_state(v, tuple(states), _pick(cards, rest), drawn)


def _determinize(v: PlayerView, rng: random.Random | None) -> GameState:
    """A full state behind ``v`` (see :func:`_deal`), its set-up remembered or made.

    Raises:
        InvalidStateError: the view is inconsistent (it shows cards the deck does not hold,
            or its counts do not add up).
    """
    dealing = _CHECKED.get(id(v))
    return _deal(v, _dealing(v) if dealing is None else dealing, rng)


# The views sample_state has checked, or found marked valid (_fast.VALID_STATES), each
# with its deal's set-up (see sample_state).
# 64, not more: each entry holds its view, and with it its game's history, alive; a bot
# samples its worlds from the view of the decision at hand.
_CHECKED: IdentityCache[_Dealing] = IdentityCache(
    64,
    name="_CHECKED",
    key="identity of a `PlayerView`",
    why="identity cache; a `PlayerView` is frozen and its fields are tuples, and only a "
    "view whose first world passed every check, or that `view()` made of a state known "
    "valid (`_fast.VALID_STATES`), is stored",
)


# The most worlds one weighted sample_state deals (tries): its docstring says the number.
_MAX_TRIES = 4096


def sample_state(
    view: PlayerView,
    rng: random.Random,
    *,
    weight: Callable[[GameState], float] | None = None,
    tries: int = 8,
) -> GameState:
    """A full state consistent with ``view``: the hidden cards dealt at random.

    The hidden cards are the deck minus every card the view shows; they are shuffled with
    ``rng.random()`` only (so a seeded ``random.Random`` gives the same state on every
    Python version) and dealt to the other hands and the draw pile, keeping their sizes.
    Only the places dealt are shuffled for: at most one ``rng.random()`` per card dealt to a
    hand or to a Take two draw (the draw pile is kept in canonical order, so the order of
    its cards is not drawn).
    The result passes :meth:`GameState.validate` and ``view(result, view.player) == view``.
    Cards known to be in another seat's hand (:attr:`SeatView.known`: taken from the
    discard pile and not played since) stay in that hand; only the rest is dealt. Every
    world consistent with the view is equally likely: each arrangement of the unknown cards
    among the unknown places (the rest of each hand, the draw pile) comes out with the same
    probability.

    >>> import random, phase10
    >>> state, _ = phase10.play_chance(phase10.new_game(phase10.CLASSIC, 4), random.Random(3))
    >>> v = phase10.view(state, 2)
    >>> guess = phase10.sample_state(v, random.Random("bot"))
    >>> phase10.view(guess, 2) == v, guess.players[2].hand == state.players[2].hand
    (True, True)

    With ``weight``, the worlds are weighted by what else the bot knows (as
    :func:`phase10.analysis.world_weight` weighs them by the cards each seat let go):
    ``tries`` worlds are dealt as above, one after the other from ``rng``, and one of them
    is picked with a probability proportional to ``weight(world)``, with one more
    ``rng.random()`` (sampling-importance-resampling: the more tries, the closer the
    worlds come to the weighted distribution). Without ``weight`` (the default) the deal
    is the one above, unchanged; with ``tries=1`` it is that deal too.

    >>> from phase10.analysis import world_weight
    >>> weighed = phase10.sample_state(v, random.Random("bot"), weight=lambda s: world_weight(v, s))
    >>> phase10.view(weighed, 2) == v
    True

    Args:
        view: What the seat sees.
        rng: The randomness of the deal.
        weight: How likely a world is, a finite number >= 0 (any scale); ``None`` deals
            uniformly.
        tries: With ``weight``: how many worlds to deal and choose from, 1 to
            4096.

    Raises:
        ArgumentError: ``view`` is not a :class:`PlayerView`.
        InvalidStateError: the view is inconsistent (it shows cards the deck does not hold,
            or its counts do not add up); or, with ``weight``, ``tries`` is not a whole
            number from 1 to 4096, a weight is not a finite number >= 0, or
            every world dealt weighs 0.
    """
    if not isinstance(view, PlayerView):
        raise ArgumentError(f"sample_state() needs a PlayerView, got {type(view).__name__}")
    if weight is not None and not (is_whole(tries, 1) and tries <= _MAX_TRIES):
        raise InvalidStateError(
            f"tries must be a whole number from 1 to {_MAX_TRIES}, got {tries!r}"
        )
    dealing = _CHECKED.get(id(view))
    if dealing is None and not VALID_STATES.marked(view):
        # a view not checked yet, nor made of a valid state: every check, on its first world
        dealing = _dealing(view)
        state = _deal(view, dealing, rng)
        for problem in dealt_problems(state, view.player):
            raise InvalidStateError(str(problem))
        _CHECKED.put(view, dealing)
    else:  # the view passed every check already, or is valid: only those of the deal
        if dealing is None:
            dealing = _CHECKED.put(view, _dealing(view))
        state = _deal(view, dealing, rng)
        for problem in dealt_problems(state, view.player, deal_only=True):
            raise InvalidStateError(str(problem))
    if weight is None:
        VALID_STATES.mark(state)  # checked: its own views are valid too
        return state
    # the first world is checked above; the others are dealt from the same view alike
    worlds = [state, *(_deal(view, dealing, rng) for _ in range(tries - 1))]
    weights = [_weight_of(weight(world)) for world in worlds]
    total = math.fsum(weights)
    if total <= 0:
        raise InvalidStateError(f"every world dealt weighs 0 ({tries} tried)")
    pick = rng.random() * total
    for world, w in zip(worlds, weights, strict=True):
        if w > 0:
            chosen = world
            pick -= w
            if pick < 0:
                break
    return chosen


def _weight_of(value: object) -> float:
    """``value`` as a weight, or the error for a weight that is not one."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise InvalidStateError(f"a weight must be a number, got {value!r}")
    w = float(value)
    if not (math.isfinite(w) and w >= 0):
        raise InvalidStateError(f"a weight must be a finite number >= 0, got {value!r}")
    return w
