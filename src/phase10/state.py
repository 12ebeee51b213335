"""The game state: an immutable snapshot of a whole game, from the deal to the winner."""

from __future__ import annotations

import enum
import operator
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import Final, overload

import attrs

from phase10 import _pictures
from phase10._enums import member_hash, member_repr
from phase10._fast import lru_cache, make_trusted
from phase10._written import meld_refusal
from phase10.actions import Action, Announce, Keep, LayDown
from phase10.cards import Card, Kind
from phase10.errors import InvalidStateError
from phase10.groups import Meld
from phase10.phases import Phase
from phase10.variants import PhaseOrder, SkipLimit, Variant

__all__ = [
    "CHANCE",
    "Event",
    "GameState",
    "History",
    "PlayerState",
    "StateProblem",
    "TurnStep",
    "Unseen",
    "dealt_problems",
]

#: :attr:`GameState.current_player` when chance acts next (as in OpenSpiel).
CHANCE: Final = -1


class TurnStep(enum.Enum):
    """What happens next in the game.

    Player steps: DRAW, PLAY, and in Phase 10 Master KEEP, OFFER, TAKE_OFFER, KEEP_HAND.
    Chance steps: DEAL, TURN_UP, REVEAL, DRAW_TWO, RESHUFFLE. OVER when the game has ended.
    """

    DEAL = "deal"
    TURN_UP = "turn-up"
    DRAW = "draw"
    REVEAL = "reveal"
    RESHUFFLE = "reshuffle"
    PLAY = "play"
    DRAW_TWO = "draw-two"
    KEEP = "keep"
    OFFER = "offer"
    TAKE_OFFER = "take-offer"
    KEEP_HAND = "keep-hand"
    OVER = "over"

    __repr__ = member_repr
    __hash__ = member_hash


_CHANCE_STEPS: Final = frozenset(
    {TurnStep.DEAL, TurnStep.TURN_UP, TurnStep.REVEAL, TurnStep.RESHUFFLE, TurnStep.DRAW_TWO}
)


@lru_cache(
    maxsize=64,
    key="`(Variant, players)`",
    why="the counts of a game's deck; copied before they are changed",
)
def _deck_counts(
    variant: Variant, players: int
) -> tuple[Counter[Card], dict[object, int], list[int] | None]:
    """The counts of a game's deck, by card and by card's ``sort_key`` (one per card).

    Then its cards' sort indexes in order (``Card.sort_index``), or ``None`` if a card has
    none (-1).
    """
    deck = variant.deck_for(players)
    indexes = sorted(map(_SORT_INDEX, deck))
    by_key = dict(Counter(map(_SORT_KEY, deck)))
    return Counter(deck), by_key, indexes if indexes[:1] != [-1] else None


_SORT_KEY = operator.attrgetter("sort_key")
_SORT_INDEX = operator.attrgetter("sort_index")


@attrs.frozen
class StateProblem:
    """One broken invariant of a :class:`GameState`, found by :meth:`GameState.problems`.

    Attributes:
        path: Where the problem is, in the field names of the JSON format, e.g.
            ``"players[1].hand"`` or ``"table[0][2]"``; ``""`` for the state as a whole.
        message: What is wrong, quoting the bad value and what was expected.
    """

    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message


class Unseen(enum.Enum):
    """How a card only one seat saw reached it: dealt, drawn, or kept from a Take two."""

    DEAL = "deal"
    REVEAL = "reveal"
    KEEP = "keep"

    def __repr__(self) -> str:
        return f"Unseen.{self.name}"


@attrs.frozen(cache_hash=True, kw_only=True, repr=False)
class Event:
    """One event of the hand, as :func:`phase10.apply` recorded it for every seat to see.

    :func:`~phase10.apply` records one or more events per action, with the facts the rules
    know as they act, so that what a seat saw is never worked out again afterwards
    (:func:`phase10.seen_by` turns an event into what one seat saw). An event is one of:

    - a public action (``action``): a player's action, a turn-up or a reshuffle; a
      :class:`~phase10.TakeDiscard` names the card taken (``card``, C-11);
    - a card only one seat saw (``unseen`` and ``to``): dealt (C-3), drawn from the draw
      pile (C-11, M-12, M-15, T-4) or kept from a Take two (M-12). The card itself never
      enters an event of the history: ``deal ? > p2``, ``reveal ? > p2``, ``p2 keep ?``;
    - a seat that lost its turn (``skipped``, C-19 to C-21, M-14): the seat the rules
      actually skipped, ``p1 is skipped``;
    - the end of a hand (``hand_over``, with who went out and the scores after it, C-23);
    - the end of the game (``winners``, C-24 to C-26).

    ``str()`` is the action's notation followed by what the action's notation leaves to the
    position: the card taken (``p2 take R7``), or the phase laid down or announced, in
    parentheses (``p1 lay R7 B7 W=7 | G2 G3 G4 Y5 (1 set of 3 + 1 run of 4)``), since the
    same cards may complete two phases of a variant. :func:`phase10.parse_event` reads it
    back.

    Attributes:
        action: The public action; for the seat that saw a card alone, the dealt, drawn or
            kept card's action (only :func:`phase10.seen_by` builds that), else ``None``.
        card: For a :class:`~phase10.TakeDiscard`, the card taken from the discard pile.
        unseen: How a card only seat ``to`` saw reached it.
        to: The seat that got the card of a deal or a draw.
        skipped: The seat that lost its turn.
        hand_over: The number of the hand that ended.
        went_out: With ``hand_over``: the seat that went out, ``None`` when nobody did.
        scores: With ``hand_over``: each seat's total after the hand.
        winners: The winners, when the game ended.
    """

    action: Action | None = None
    card: Card | None = None
    unseen: Unseen | None = None
    to: int | None = None
    skipped: int | None = None
    hand_over: int | None = None
    went_out: int | None = None
    scores: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()

    def __repr__(self) -> str:
        # only the fields set, so that the repr stays short (and valid Python)
        shown = [
            f"{f.name}={getattr(self, f.name)!r}"
            for f in attrs.fields(Event)
            if getattr(self, f.name) != f.default
        ]
        return f"Event({', '.join(shown)})"

    @property
    def actor(self) -> int | None:
        """The seat that acted, or ``None`` for chance and for what the rules did."""
        if self.unseen is not None:
            return self.to if self.unseen is Unseen.KEEP else None
        player = getattr(self.action, "player", None)
        return player if isinstance(player, int) else None

    def __str__(self) -> str:
        action = self.action
        if action is not None:
            text = str(action)
            if isinstance(action, LayDown | Announce):
                text = f"{text} ({action.laydown.phase})"
            if self.card is not None:
                text = f"{text} {self.card}"
            if self.to is not None and not isinstance(action, Keep):
                text = f"{text} > {_seat_name(self.to)}"
            return text
        if self.unseen is not None and self.to is not None:
            if self.unseen is Unseen.KEEP:
                return f"{_seat_name(self.to)} keep ?"
            return f"{self.unseen.value} ? > {_seat_name(self.to)}"
        if self.skipped is not None:
            return f"{_seat_name(self.skipped)} is skipped"
        if self.hand_over is not None:
            out = "nobody" if self.went_out is None else _seat_name(self.went_out)
            scores = " ".join(map(str, self.scores))
            return f"hand {self.hand_over} over: {out} went out; scores {scores}"
        if self.winners:
            names = " ".join(map(_seat_name, self.winners))
            return f"game over: {names} {'wins' if len(self.winners) == 1 else 'win'}"
        return "?"


@attrs.frozen(eq=False, repr=False)
class History(Sequence[Event]):
    """The public events of a hand, oldest first: an immutable sequence of :class:`Event`.

    Each step of the game extends the history of the state before it by one event;
    :meth:`plus` shares the older events instead of copying them, so that a long hand costs
    every step the same. :meth:`of` keeps the events it is given in one tuple, so that
    reading a long history back (from JSON or text) builds one object, not one per event.
    Two histories are equal when they hold equal events in the same order, whatever their
    sharing; build one from events with :meth:`of`.

    >>> from phase10 import Draw, TakeDiscard
    >>> h = History.of([Event(action=Draw(0))]).plus(Event(action=TakeDiscard(1)))
    >>> len(h), h[-1] == Event(action=TakeDiscard(1)), h == History.of(tuple(h))
    (2, True, True)
    """

    # A node is the empty history, one event after a previous history (plus), or a run
    # of events with nothing before (of): then _previous is None and _last is _run[-1].
    _previous: History | None = None
    _last: Event | None = None
    _size: int = 0
    _run: tuple[Event, ...] = ()

    @classmethod
    def of(cls, events: Iterable[Event]) -> History:
        """The history of ``events``, oldest first."""
        run = tuple(events)
        return History(None, run[-1], len(run), run) if run else _EMPTY_HISTORY

    def plus(self, event: Event) -> History:
        """This history with ``event`` appended (``self`` is unchanged)."""
        return _node(self, event, self._size + 1, ())

    def __len__(self) -> int:
        return self._size

    def extends(self, other: History) -> bool:
        """Whether this history is ``other`` with events after it (or ``other`` itself)."""
        size = other._size
        if size > self._size:
            return False
        node: History | None = self
        while node is not None and node._size > size and not node._run:
            node = node._previous
        if node is other:
            return True
        return self._events()[:size] == other._events()

    def __iter__(self) -> Iterator[Event]:
        return iter(self._events())

    def __reversed__(self) -> Iterator[Event]:
        node: History | None = self
        while node is not None and node._last is not None:
            if node._run:
                yield from reversed(node._run)
                return
            yield node._last
            node = node._previous

    def _events(self) -> tuple[Event, ...]:
        if self._run:
            return self._run
        events: list[Event] = []  # a plain loop: __reversed__'s generator costs more per event
        node: History | None = self
        while node is not None and node._last is not None:
            if node._run:
                events.extend(reversed(node._run))
                break
            events.append(node._last)
            node = node._previous
        events.reverse()
        return tuple(events)

    @overload
    def __getitem__(self, index: int) -> Event: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Event, ...]: ...
    def __getitem__(self, index: int | slice) -> Event | tuple[Event, ...]:
        if isinstance(index, int) and index in (-1, self._size - 1) and self._last is not None:
            return self._last
        return self._events()[index]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, History):
            return NotImplemented
        a: History | None = self
        b: History | None = other
        if self._size != other._size:
            return False
        while a is not b and a is not None and b is not None:
            if a._run or b._run:  # the same number of events left on both sides
                return a._events() == b._events()
            if a._last != b._last:
                return False
            a, b = a._previous, b._previous
        return True

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash(self._events())

    def __reduce__(self) -> tuple[object, tuple[tuple[Event, ...]]]:
        # flat, so that pickling or copying a long hand does not recurse once per event
        return History.of, (self._events(),)

    def __copy__(self) -> History:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> History:
        return self

    def __repr__(self) -> str:
        return f"History.of({list(self._events())!r})"

    def __str__(self) -> str:
        return "\n".join(map(str, self._events()))


_EMPTY_HISTORY: Final = History()
#: A node :meth:`History.plus` built: stored as it is (its parts are a history and an event).
_node = make_trusted(History)


@attrs.frozen(cache_hash=True)
class PlayerState:
    """One seat's part of the state.

    Attributes:
        hand: Cards in hand, in canonical order.
        phase: 0-based index of the phase the player is working on; equals the number of
            phases once the last one is completed.
        laid_down: Whether the player laid down their phase this hand.
        score: Total penalty points so far (C-23; low is good).
        skipped: Whether a skip lies against the player, to be spent on their next turn (C-20).
        completed: Indices of the phases completed, for pick-a-phase (V-4); empty otherwise.
        take_two: Phase 10 Master: a Take two lies in front of the player (M-12).
        keep_all: Phase 10 Master: a Keep all lies in front of the player (M-13).
        kept: Phase 10 Master: the player kept their hand from the last hand (M-13).
        skip_guard: With option ``skip_limit=round`` (C-20): how many more turns, taken or
            lost by the seats of the hand, must pass before another skip may be played on
            the player; 0 when nothing protects them. A skip played on the player sets it to
            the number of seats playing the hand.
        known: The cards of the hand everybody knows are there, in canonical order: taken
            from the discard pile (C-12), taken or taken back after a Give five (M-15), or
            shown by a T-4 announcement that kept them, and not played since. Reset at each
            deal (a kept hand, M-13, keeps them).
    """

    hand: tuple[Card, ...] = ()
    phase: int = 0
    laid_down: bool = False
    score: int = 0
    skipped: bool = False
    completed: tuple[int, ...] = ()
    take_two: bool = False
    keep_all: bool = False
    kept: bool = False
    skip_guard: int = 0
    known: tuple[Card, ...] = ()


@attrs.frozen(cache_hash=True)
class GameState:
    """A whole game at one moment. Immutable: :func:`phase10.apply` returns a new state.

    Build the first state with :func:`phase10.new_game`.

    Attributes:
        variant: The rules in force.
        players: One :class:`PlayerState` per seat.
        dealer: The dealer's seat this hand (C-4).
        turn: The seat whose turn it is (during the deal: the first player to act).
        step: What happens next.
        draw_pile: The draw pile as a multiset in canonical order (its order is unknown to
            everybody; each draw is a chance event).
        discard_pile: The discard pile, bottom first; the last card is the top.
        table: The melds each seat has laid down this hand, in the order laid.
        hand_number: 1 for the first hand of the game.
        dealt: Cards dealt so far this hand.
        laid_this_turn: Whether the player to act laid down their phase this turn.
        tiebreak: The seats playing a tie-break hand (C-26); empty otherwise.
        winners: The winning seats once the game is over.
        action_pile: Phase 10 Master's blue pile of played action cards (M-11).
        drawn: The two cards of a Take two draw, before one is kept (M-12).
        to_draw: Cards still to be drawn by chance in the current REVEAL step.
        receiver: Who gets the revealed cards when it is not the player to act (M-15).
        offers: The cards offered after a Give five, as (seat, card) pairs (M-15).
        reshuffles: How many times the discard pile was reshuffled this hand (C-16).
        turns: How many turns have begun this hand (a lost turn is not one); the hand ends
            when the next would pass ``variant.max_hand_turns`` (C-16, the hand bound).
        history: The events of the current hand, oldest first (a :class:`History` of
            :class:`Event`), from its first deal on; no hidden card is in it. Once a hand
            is over, and until the next hand's first card is dealt or turned up, it is the
            hand just played, closed by its hand-over event (and the game-over event).
            Part of equality: two states with the same cards but different histories
            differ.
    """

    variant: Variant
    players: tuple[PlayerState, ...]
    dealer: int
    turn: int
    step: TurnStep
    draw_pile: tuple[Card, ...]
    discard_pile: tuple[Card, ...] = ()
    table: tuple[tuple[Meld, ...], ...] = ()
    hand_number: int = 1
    dealt: int = 0
    laid_this_turn: bool = False
    tiebreak: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    action_pile: tuple[Card, ...] = ()
    drawn: tuple[Card, ...] = ()
    to_draw: int = 0
    receiver: int | None = None
    offers: tuple[tuple[int, Card], ...] = ()
    reshuffles: int = 0
    turns: int = 0
    history: History = _EMPTY_HISTORY

    @property
    def num_players(self) -> int:
        """Number of seats."""
        return len(self.players)

    def _repr_svg_(self) -> str | None:
        """The picture a notebook shows (drawn by :mod:`phase10.svg`); ``repr()`` is unchanged."""
        return _pictures.picture(self)

    @property
    def current_player(self) -> int | None:
        """The seat that must act, :data:`CHANCE` when chance acts, ``None`` when over."""
        step = self.step
        if step is TurnStep.DRAW or step is TurnStep.PLAY:
            return self.turn
        if step in _CHANCE_STEPS:
            return CHANCE
        if step is TurnStep.OVER:
            return None
        if step is TurnStep.OFFER:
            return self.next_offerer
        return self.turn

    @property
    def is_chance(self) -> bool:
        """Whether chance acts next."""
        return self.step in _CHANCE_STEPS

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.step is TurnStep.OVER

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's total penalty points."""
        return tuple(p.score for p in self.players)

    @property
    def phases(self) -> tuple[int, ...]:
        """Each seat's 0-based phase index (the number of phases completed)."""
        return tuple(p.phase for p in self.players)

    @property
    def losers(self) -> tuple[int, ...]:
        """The loser(s) of a finished game with ``declare_loser`` (T-6); empty otherwise.

        Among the players on the lowest phase, those with the most points.
        """
        if not self.is_over or not self.variant.declare_loser:
            return ()
        low = min(p.phase for p in self.players)
        behind = [s for s, p in enumerate(self.players) if p.phase == low]
        worst = max(self.players[s].score for s in behind)
        return tuple(s for s in behind if self.players[s].score == worst)

    @property
    def active_seats(self) -> tuple[int, ...]:
        """The seats playing this hand: everybody, or the tied players of a tie-break."""
        return self.tiebreak or tuple(range(len(self.players)))

    @property
    def next_offerer(self) -> int:
        """After a Give five: the opponent who offers next (M-15).

        Offers go in seat order from the left neighbour, passing over players with no cards.
        """
        n = len(self.players)
        last = self.offers[-1][0] if self.offers else self.turn
        for k in range(1, n + 1):
            seat = (last + k) % n
            if seat != self.turn and self.players[seat].hand and seat in self.active_seats:
                return seat
        return self.turn

    @property
    def top_discard(self) -> Card | None:
        """The top card of the discard pile, if any."""
        return self.discard_pile[-1] if self.discard_pile else None

    def current_phase(self, seat: int) -> Phase | None:
        """The phase ``seat`` must lay down next (``None`` once all are done).

        With pick-a-phase (V-4) this is the first phase still open; see :meth:`open_phases`.
        """
        open_ = self.open_phases(seat)
        return self.variant.phases[open_[0]] if open_ else None

    def open_phases(self, seat: int) -> tuple[int, ...]:
        """Indices of the phases ``seat`` may lay down now (several only with V-4)."""
        phases = self.variant.phases
        if self.tiebreak:
            return (len(phases) - 1,)
        player = self.players[seat]
        if self.variant.phase_order is PhaseOrder.PICK:
            return tuple(i for i in range(len(phases)) if i not in player.completed)
        return (player.phase,) if player.phase < len(phases) else ()

    def validate(self) -> GameState:
        """Check the invariants of a hand-built state and return it.

        The invariants are those :meth:`problems` checks; this raises for the first.

        Raises:
            InvalidStateError: cards are missing or duplicated, a field is out of range, or
                the fields contradict each other (the message names the field).
        """
        for problem in self.problems():
            raise InvalidStateError(str(problem))
        return self

    def problems(self) -> Iterator[StateProblem]:
        """Every broken invariant of this state, each with the path of the field at fault.

        A state the engine produced has none. The checks, in the order they are reported:
        the number of players and the seats named; the table, which has one row of melds
        per seat (an empty table is refused: the rules index it by seat); hands and piles
        in canonical order (the rules bisect them); phase indices; valid melds; every card of
        the deck exactly once (T-1: with the jokers for this many players); then what the
        fields say about each other (laid-down players, tie-break and winners, the step's
        needs, so that whoever acts next has a legal action). When the seats or the table do
        not fit the players, the checks that rely on them are left out.

        >>> from phase10 import CLASSIC, new_game
        >>> list(new_game(CLASSIC, 2).problems())
        []

        Yields:
            One :class:`StateProblem` per broken invariant.
        """
        yield from _problems(self)


def dealt_problems(
    state: GameState, viewer: int, *, deal_only: bool = False
) -> Iterator[StateProblem]:
    """:meth:`GameState.problems` of a state whose hidden cards were dealt from a view.

    For :func:`phase10.sample_state`, which deals the cards seat ``viewer`` cannot see from
    the deck minus every card its view shows, after checking that the view's counts add up
    to the deck: every card is then in the state exactly once, the hands it dealt and the
    draw pile are in canonical order, and each hand it dealt holds its seat's known cards
    (they were dealt on top of the rest). So those checks (conservation, T-1, the order of
    every hand but the viewer's and of the draw pile, and that another seat's known cards
    are in its hand) are left out; every other check of :meth:`GameState.problems` is
    made, in the same order and with the same messages.

    Of those, every check but the last reads only what the view shows: a field copied from
    the view, the viewer's hand, or how many cards a hand, the draw pile or the drawn cards
    hold, never which. They give the same answer for every world dealt from one view.
    ``deal_only=True`` makes only the rest, the checks that read which hidden cards were
    dealt where (today one: at a turn-up with M-6, that the draw pile holds a number
    card), for a world dealt from a view whose first world passed every check:
    :func:`phase10.sample_state` checks a view once and then each later world so.

    Args:
        state: The state dealt.
        viewer: The seat whose view it was dealt from.
        deal_only: Make only the checks that depend on the deal (see above).

    Yields:
        One :class:`StateProblem` per broken invariant.
    """
    if deal_only:
        return _deal_problems(state)
    return _problems(state, viewer)


def _problems(state: GameState, viewer: int | None = None) -> Iterator[StateProblem]:
    variant = state.variant
    n = len(state.players)
    if not variant.min_players <= n <= variant.max_players:
        yield StateProblem(
            "players",
            f"{n} players; the variant allows {variant.min_players} to {variant.max_players}",
        )
        if n == 0:
            return
    shaky = False
    for name in ("dealer", "turn"):
        seat = getattr(state, name)
        if not 0 <= seat < n:
            shaky = True
            yield _no_seat(name, seat, n)
    if len(state.table) != n:
        shaky = True
        yield StateProblem(
            "table", f"expected one row of melds per player ({n}), got {len(state.table)}"
        )
    phases = len(variant.phases)
    for i, p in enumerate(state.players):
        if (viewer is None or i == viewer) and not _in_order(p.hand):
            yield StateProblem(f"players[{i}].hand", _unsorted(f"hand of {_seat_name(i)}"))
        if p.phase > phases:
            yield StateProblem(
                f"players[{i}].phase", f"phase index {p.phase} is past the last phase ({phases})"
            )
    if viewer is None and not _in_order(state.draw_pile):
        yield StateProblem("draw_pile", _unsorted("draw pile"))
    if not _in_order(state.action_pile):
        yield StateProblem("action_pile", _unsorted("action pile"))
    rules = variant.meld_rules
    for i, row in enumerate(state.table):
        for j, meld in enumerate(row):
            problem = meld_refusal(meld, rules)  # remembered per meld: tables recur
            if problem is not None:
                yield StateProblem(f"table[{i}][{j}]", problem)
    if viewer is None:
        yield from _conservation(state)
    if shaky:
        return
    yield from _consistency(state, viewer)
    yield from _deal_problems(state)


def _no_seat(path: str, seat: int, n: int) -> StateProblem:
    return StateProblem(path, f"seat {seat} does not exist: seats are 0 to {n - 1}")


def _seat_name(seat: int) -> str:
    return f"p{seat + 1}"


def _in_order(cards: tuple[Card, ...]) -> bool:
    if len(cards) < 2:
        return True
    # the keys' order in one small int each (Card.sort_index); a comprehension reads a slot
    # cheaper than map(attrgetter)
    indexes = [c.sort_index for c in cards]
    if indexes == sorted(indexes) and indexes[0] >= 0:
        return True
    if min(indexes) >= 0:  # then the keys are out of order too
        return False
    keys = [c.sort_key for c in cards]
    return keys == sorted(keys)


def _unsorted(what: str) -> str:
    return f"the {what} is not in canonical order (see phase10.sort_cards)"


def _locations(state: GameState) -> Iterator[tuple[str, tuple[Card, ...]]]:
    for i, p in enumerate(state.players):
        yield f"players[{i}].hand", p.hand
    yield "draw_pile", state.draw_pile
    yield "discard_pile", state.discard_pile
    for i, row in enumerate(state.table):
        for j, meld in enumerate(row):
            yield f"table[{i}][{j}].cards", meld.cards
    yield "action_pile", state.action_pile
    yield "drawn", state.drawn
    yield "offers", tuple(card for _, card in state.offers)


def _conservation(state: GameState) -> Iterator[StateProblem]:
    """Every card of the deck once: each card too many where it is, then what is missing."""
    deck, by_key, indexes = _deck_counts(state.variant, len(state.players))
    if indexes is not None:
        # every card's sort index (one per card, a small int: sorted and compared in C, where
        # hashing a card or its key into a dict costs several hundred instructions each)
        found = [card.sort_index for _, pile in _locations(state) for card in pile]
        found.sort()
        if found == indexes:
            return
    # counted by sort key (one per card, a tuple hashed in C: a card's __hash__ is
    # written in Python); Counter.__eq__ is written in Python, dict's in C
    seen: Counter[object] = Counter()
    for _, cards in _locations(state):
        seen.update(map(_SORT_KEY, cards))
    if dict.__eq__(seen, by_key):
        return
    left: Counter[Card] = Counter(deck)
    for at, pile in _locations(state):
        for k, card in enumerate(pile):
            left[card] -= 1
            if left[card] < 0:
                kind = "one card too many" if card in deck else "a card not in the deck"
                yield StateProblem(
                    at if at == "offers" else f"{at}[{k}]",
                    f"{card} is {kind} (the deck has {deck[card]})",
                )
    missing = deck - Counter(card for _, cards in _locations(state) for card in cards)
    if missing:
        listed = " ".join(map(str, sorted(missing.elements(), key=lambda c: c.sort_key)))
        yield StateProblem("", f"cards are not conserved: missing {listed}")


def _more_than_in(part: tuple[Card, ...], whole: tuple[Card, ...]) -> bool:
    """Whether ``part`` holds some card more times than ``whole`` does."""
    # counted by sort key (equal cards, equal keys): tuple.count would call Card.__eq__,
    # written in Python, once per card of both for every distinct card of part
    left: dict[object, int] = {}
    for card in whole:
        key = card.sort_key
        left[key] = left.get(key, 0) + 1
    for card in part:
        key = card.sort_key
        n = left.get(key, 0)
        if not n:
            return True
        left[key] = n - 1
    return False


def _guard_problems(state: GameState, seat: int, guard: int) -> Iterator[StateProblem]:
    """A skip guard counts at most one round of turns, and only with skip_limit=round (C-20)."""
    path = f"players[{seat}].skip_guard"
    if state.variant.skip_limit is not SkipLimit.ROUND:
        yield StateProblem(path, f"{guard} must be 0: only skip_limit=round guards a player")
        return
    active = state.active_seats
    most = len(active) if seat in active else 0
    if not 0 <= guard <= most:
        yield StateProblem(path, f"{guard} is not a number of turns from 0 to {most} (C-20)")


def _consistency(state: GameState, viewer: int | None = None) -> Iterator[StateProblem]:
    """What the fields say about each other; the seats and table rows fit the players.

    With ``viewer`` (see :func:`dealt_problems`) the known cards of the other seats are not
    looked for in their hands, which were dealt them.
    """
    variant = state.variant
    n = len(state.players)
    phases = len(variant.phases)
    for i, p in enumerate(state.players):
        for k, done in enumerate(p.completed):
            if done >= phases or p.completed.count(done) > 1:
                yield StateProblem(
                    f"players[{i}].completed[{k}]", f"{done} is not a distinct phase index"
                )
        if state.table[i] and not p.laid_down:
            yield StateProblem(
                f"players[{i}].laid_down", "the player has melds on the table, so laid_down"
            )
        if p.skip_guard:
            yield from _guard_problems(state, i, p.skip_guard)
        if p.known and (
            not _in_order(p.known)
            or ((viewer is None or i == viewer) and _more_than_in(p.known, p.hand))
        ):
            yield StateProblem(
                f"players[{i}].known",
                "known cards must be in canonical order and all in the player's hand",
            )
    limit = variant.max_hand_turns
    if state.turns < 0 or (limit is not None and state.turns > limit):
        # the hand bound (C-16) counts from 0: a hand cannot have lasted longer than it
        most = "" if limit is None else f" and at most {limit}, the hand bound (C-16)"
        yield StateProblem(
            "turns", f"{state.turns} turns begun this hand; expected at least 0{most}"
        )
    seats_ok = True
    for name in ("tiebreak", "winners"):
        seats = getattr(state, name)
        if not seats:
            continue
        for k, seat in enumerate(seats):
            if not 0 <= seat < n:
                seats_ok = False
                yield _no_seat(f"{name}[{k}]", seat, n)
        if list(seats) != sorted(set(seats)):
            yield StateProblem(name, "seats must be distinct and in increasing order")
    if len(state.tiebreak) == 1:
        yield StateProblem("tiebreak", "a tie-break needs at least two seats (C-26)")
    step = state.step
    if state.winners and step is not TurnStep.OVER:
        yield StateProblem("winners", "winners are named only once the game is over")
    if step is TurnStep.OVER and not state.winners:
        # a game ends only when somebody wins (C-25, C-26, M-10): a state marked over with
        # nobody named would end a game silently, mid-hand
        yield StateProblem("winners", "a game that is over names its winners")
    if state.receiver is not None and not 0 <= state.receiver < n:
        yield _no_seat("receiver", state.receiver, n)
    for k, (seat, _) in enumerate(state.offers):
        if not 0 <= seat < n:
            seats_ok = False
            yield _no_seat(f"offers[{k}][0]", seat, n)
    # state.turn is a seat here, so only a tie-break can leave it out of the active seats
    tiebreak = state.tiebreak
    if (step is TurnStep.DRAW or step is TurnStep.PLAY) and tiebreak and state.turn not in tiebreak:
        yield StateProblem("turn", f"seat {state.turn} does not play this tie-break hand")
    if step in _CHANCE_STEPS and step is not TurnStep.RESHUFFLE and not state.draw_pile:
        yield StateProblem("draw_pile", f"step {step.value} needs cards in the draw pile")
    if step is TurnStep.DRAW and not state.draw_pile:
        yield StateProblem("draw_pile", "step draw needs cards in the draw pile")
    if step is TurnStep.RESHUFFLE and len(state.discard_pile) < 2:
        yield StateProblem("discard_pile", "step reshuffle needs two or more discarded cards")
    if step is TurnStep.PLAY and not state.players[state.turn].hand:
        yield StateProblem(f"players[{state.turn}].hand", "the player to act holds no card")
    if state.dealt > n * variant.hand_size:
        yield StateProblem("dealt", f"more cards dealt than {n} hands of {variant.hand_size}")
    if (state.drawn and step not in (TurnStep.DRAW_TWO, TurnStep.KEEP)) or len(state.drawn) > 2:
        yield StateProblem("drawn", "cards are drawn two at a time, in steps draw-two and keep")
    if step is TurnStep.KEEP and len(state.drawn) != 2:
        yield StateProblem("drawn", "step keep needs the two drawn cards")
    if state.offers and step not in (TurnStep.OFFER, TurnStep.TAKE_OFFER):
        yield StateProblem("offers", "cards are offered only in steps offer and take-offer")
    if step is TurnStep.TAKE_OFFER and not state.offers:
        yield StateProblem("offers", "step take-offer needs offered cards")
    # The two steps where the checks above still leave nobody a legal action: offer here,
    # turn-up in _deal_problems (run right after this, and never at the same step)
    if step is TurnStep.OFFER and seats_ok and not state.players[state.next_offerer].hand:
        yield StateProblem("step", "no action is possible in step offer: nobody can offer a card")


def _deal_problems(state: GameState) -> Iterator[StateProblem]:
    """The checks that read which cards the draw pile holds, not only how many.

    Last of :meth:`GameState.problems`, so that :func:`dealt_problems` can make them alone
    for a world whose view passed every other check (``deal_only``). Today one: at a turn-up
    with M-6, a number card to turn up.
    """
    if (
        state.step is TurnStep.TURN_UP
        and state.variant.turn_up_naturals_only
        and state.draw_pile
        and not any(c.kind is Kind.NUMBER for c in state.draw_pile)
    ):
        yield StateProblem(
            "step", "no action is possible in step turn-up: no number card to turn up (M-6)"
        )
