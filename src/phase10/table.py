"""A table: one game with its seats, played up to the next human decision.

Every server and terminal game runs the same loop: resolve chance, let the bots act, stop
where a person must decide, and tell each seat what happened. :class:`Table` is that loop
as an immutable value. :meth:`Table.submit` takes a person's move (an action, its notation
or its JSON), applies it, and plays chance and the bots up to the next human decision; it
returns a new table and leaves the old one as it was, so undo and replay are free.

>>> import phase10
>>> table = Table.new(phase10.CLASSIC, [None, phase10.GreedyBot()], seed="doc", undo="always")
>>> table.waiting_for, table.version
(0, 0)
>>> after = table.submit(0, "draw", expect=0)
>>> after.record.actions[len(table.record.actions)], after.version
(Draw(player=0), 1)
>>> after.undo() is table
True

A server keeps the latest table of each game and passes the ``version`` its client saw as
``expect``: a move sent twice, or two moves sent at once for the same table, are answered
with a :class:`~phase10.StaleMoveError` (code ``stale-move``) for all but the first, so no
move is lost and none is played twice, without a lock in the server.

Chance and the bots draw on generators derived from the seed and the number of actions
played so far (``random.Random(f"{seed}:{n}")`` for chance, ``f"{seed}:{n}:{seat}"`` for the
bot in ``seat``), so a table replays the same from its seed and the moves submitted.
"""

from __future__ import annotations

import copy
import itertools
import json
import random
import secrets
import threading
from collections.abc import Callable, Mapping, Sequence
from importlib import resources
from typing import Any, Literal

import attrs

from phase10._json import load_json
from phase10.actions import (
    ACTION_TYPES,
    PLAYER_ACTION_TYPES,
    Action,
    Announce,
    Discard,
    Hit,
    LayDown,
    TakeOffer,
    action_target,
    seat_name,
)
from phase10.bots import Bot
from phase10.cards import Card
from phase10.chance import sample_chance
from phase10.errors import (
    AmbiguousActionError,
    ArgumentError,
    DefinitionError,
    FormatError,
    IllegalActionError,
    InvalidActionError,
    InvalidCardError,
    InvalidMeldError,
    InvalidStateError,
    LimitError,
    MeldProblem,
    Message,
    NotationError,
    Phase10Error,
    PictureError,
    SearchLimitError,
    StaleMoveError,
    UndoRefusedError,
    Violation,
)
from phase10.laydown import find_laydown
from phase10.notation import action_text, parse_action
from phase10.records import GameRecord
from phase10.rules import apply, events_of, laydown_phases, legal_actions, new_game
from phase10.schemas import DRAFT
from phase10.serialize import JSON_FORMAT, from_dict, to_dict
from phase10.state import Event, GameState, Unseen
from phase10.variants import Variant
from phase10.views import seen_by, view

__all__ = [
    "CLIENT_SCHEMAS",
    "MAX_BOT_ACTIONS",
    "MAX_MOVE_TEXT",
    "MAX_NAME",
    "UNDO_POLICIES",
    "EventHook",
    "Table",
    "TableEvent",
    "UndoPolicy",
    "client_schema",
    "client_schemas",
    "hand_ids",
    "skipped_seats",
]


#: The longest move text :meth:`Table.submit` reads (a laydown of a whole hand is ~100).
MAX_MOVE_TEXT = 10_000
#: The most actions the bots may play between two human decisions (all-bot tables included).
MAX_BOT_ACTIONS = 100_000
#: The longest player name a table takes.
MAX_NAME = 40

#: Who may take a move back (:meth:`Table.undo`): ``"never"`` (the default: online play),
#: ``"own-turn-no-draw"`` (a person's own moves of the turn, while no card was drawn or
#: dealt since, so an undo never lets anyone see a card and choose again) or ``"always"``
#: (a table at home, or a teacher's).
UndoPolicy = Literal["never", "own-turn-no-draw", "always"]
#: The undo policies, strictest first.
UNDO_POLICIES: tuple[UndoPolicy, ...] = ("never", "own-turn-no-draw", "always")

#: A callback of :meth:`Table.new`: called with each seat and each event as that seat saw
#: it, in order, after every accepted move (:class:`TableEvent`).
EventHook = Callable[[int, "TableEvent"], None]

# Each table gets a number of its own, so that its game knows which table is the latest.
_TICKS = itertools.count()


@attrs.frozen
class TableEvent:
    """One event of the game as one seat saw it: :func:`phase10.seen_by` of a history event.

    An action records one event or more (:class:`phase10.Event`): a discard that ends a
    hand is followed by the hand-over event, and by the game-over event when the game ends;
    a skip spent is the event ``p1 is skipped``, naming the seat the rules skipped.

    Attributes:
        index: The 0-based position in the game record of the action that made the event.
        actor: The seat that acted, or ``None`` for chance and for what the rules did.
        text: What the seat saw, ``str()`` of the event (:func:`phase10.parse_event` reads
            it back), e.g. ``p2 discard R7``, ``p2 take R7``, ``reveal ? > p2`` (a card
            another seat drew), ``p1 is skipped`` or ``hand 1 over: p2 went out; scores 35 0``.
        action: The action itself when the seat may see all of it, else ``None``.
        event: The event as the seat saw it.
        verb: What happened, for a client to switch on: the action's tag (``draw``,
            ``take``, ``lay``, ``hit``, ``discard``, ``turnup``, ``reveal``, ...), how a card
            only another seat saw reached it (``deal``, ``reveal``, ``keep``), or
            ``skipped``, ``hand-over``, ``game-over``.
        cards: The cards the seat saw in the event (none for a masked card).
        target: The seat the event aims at or concerns: a skip's target, the owner of the
            meld hit, the seat that got a card, the seat skipped, the seat that went out.
        meld: For a hit, the 0-based meld of ``target`` hit.
        actor_name: The name of ``actor`` (:attr:`Table.names`), else ``None``.
        target_name: The name of ``target``, else ``None``.
    """

    index: int
    actor: int | None
    text: str
    action: Action | None
    event: Event = attrs.field(eq=False, repr=False, default=Event())
    # what a client reads beside the text: derived from ``event`` and the names, so, like
    # ``event``, left out of equality
    verb: str = attrs.field(eq=False, default="")
    cards: tuple[Card, ...] = attrs.field(eq=False, default=())
    target: int | None = attrs.field(eq=False, default=None)
    meld: int | None = attrs.field(eq=False, default=None)
    actor_name: str | None = attrs.field(eq=False, default=None)
    target_name: str | None = attrs.field(eq=False, default=None)

    def to_dict(self) -> dict[str, Any]:
        """The event as JSON-ready dicts.

        The keys are ``index``, ``actor``, ``actor_name``, ``verb``, ``cards`` (card
        notation), ``target``, ``target_name``, ``meld``, ``text`` and ``action`` (the
        action's JSON object or ``None``).
        """
        return {
            "index": self.index,
            "actor": self.actor,
            "actor_name": self.actor_name,
            "verb": self.verb,
            "cards": [str(c) for c in self.cards],
            "target": self.target,
            "target_name": self.target_name,
            "meld": self.meld,
            "text": self.text,
            "action": None if self.action is None else to_dict(self.action)["action"],
        }


@attrs.define(eq=False)
class _Line:
    """What the tables of one game share: its names, undo policy, hook, lock and latest table.

    ``latest`` is the tick of the table the last accepted move (or undo) gave, ``None``
    before the first; a move checked with ``expect`` is only accepted from that table.
    """

    names: tuple[str, ...]
    undo: UndoPolicy = "never"
    hook: EventHook | None = None
    latest: int | None = None
    latest_version: int = 0
    lock: threading.Lock = attrs.Factory(threading.Lock)


def _names(names: Sequence[str] | None, seats: int) -> tuple[str, ...]:
    if names is None:
        return tuple(seat_name(s) for s in range(seats))
    if isinstance(names, str) or len(names) != seats:
        raise InvalidStateError(f"names must be {seats} strings, one per seat, got {names!r}")
    for name in names:
        if (
            type(name) is not str
            or not 0 < len(name) <= MAX_NAME
            or not name.isprintable()
            or name != name.strip()
        ):
            raise InvalidStateError(
                f"a name is 1 to {MAX_NAME} printable characters without surrounding"
                f" spaces, got {name!r}"
            )
    return tuple(names)


def _line(names: Sequence[str] | None, seats: int, undo: object, hook: EventHook | None) -> _Line:
    if undo not in UNDO_POLICIES:
        raise InvalidStateError(f"undo must be one of {', '.join(UNDO_POLICIES)}, got {undo!r}")
    if hook is not None and not callable(hook):
        raise InvalidStateError(f"on_event must be callable, got {hook!r}")
    return _Line(_names(names, seats), undo, hook)


def skipped_seats(before: GameState, after: GameState) -> tuple[int, ...]:
    """The seats that lost a turn (C-19 to C-21, M-14) as one action took ``before`` to ``after``.

    Read from the events :func:`phase10.apply` recorded (:func:`phase10.events_of`):
    the seats the rules actually skipped, in the order they were skipped.
    """
    return tuple(e.skipped for e in events_of(before, after) if e.skipped is not None)


def _facts(shown: Event) -> tuple[str, tuple[Card, ...], int | None, int | None]:
    """An event's verb, the cards in it, the seat it aims at and the meld, for clients."""
    if shown.winners:
        return "game-over", (), None, None
    if shown.hand_over is not None:
        return "hand-over", (), shown.went_out, None
    if shown.skipped is not None:
        return "skipped", (), shown.skipped, None
    a = shown.action
    if a is None:  # a card only another seat saw: how it came, never which
        return ("" if shown.unseen is None else shown.unseen.value), (), shown.to, None
    cards = _move_cards(a)
    if shown.card is not None:  # the card taken from the discard pile (C-11)
        cards = (*cards, shown.card)
    target = shown.to
    if isinstance(a, Discard):
        target = a.target
    elif isinstance(a, Hit | TakeOffer):
        target = a.owner
    return a.tag, cards, target, a.meld if isinstance(a, Hit) else None


def _table_event(
    index: int, event: Event, seat: int, action: Action, names: tuple[str, ...]
) -> TableEvent:
    shown = seen_by(event, seat, action=action)
    verb, cards, target, meld = _facts(shown)
    actor = shown.actor
    return TableEvent(
        index,
        actor,
        str(shown),
        shown.action,
        shown,
        verb,
        cards,
        target,
        meld,
        None if actor is None else names[actor],
        None if target is None else names[target],
    )


def hand_ids(hand: Sequence[Card]) -> tuple[str, ...]:
    """A stable id for each card of a hand: its notation and which copy it is, from 1.

    Equal cards are the same to the rules, so the ids only tell copies apart: a client can
    drag the second of two R7s (``R7#2``) and send a move with its card (``R7``).

    >>> from phase10 import parse_cards
    >>> hand_ids(parse_cards("R7 R7 B2 W"))
    ('R7#1', 'R7#2', 'B2#1', 'W#1')
    """
    seen: dict[Card, int] = {}
    ids = []
    for card in hand:
        seen[card] = seen.get(card, 0) + 1
        ids.append(f"{card}#{seen[card]}")
    return tuple(ids)


def _ids_of(cards: Sequence[Card], hand: Sequence[Card], ids: Sequence[str]) -> list[str]:
    """The hand ids of ``cards``: each card takes the first copy in the hand not yet taken.

    A card not in the hand (one kept from a Take two, or chosen from the offers) has none.
    """
    free = list(zip(hand, ids, strict=True))
    out = []
    for card in cards:
        i = next((i for i, (held, _) in enumerate(free) if held == card), None)
        if i is not None:
            out.append(free.pop(i)[1])
    return out


def _move_cards(action: Action) -> tuple[Card, ...]:
    if isinstance(action, LayDown | Announce):
        return tuple(c for meld in action.laydown.melds for c in meld.cards)
    card = getattr(action, "card", None)
    return (card,) if isinstance(card, Card) else ()


def _move_target(action: Action) -> str | None:
    """Where a move aims, in notation: a hit's meld, a skip's seat, the seat chosen from."""
    if isinstance(action, TakeOffer):  # Master's Take two: whose offer is taken
        return seat_name(action.owner)
    return action_target(action)


def _grouped(
    legal: Sequence[Action], hand: Sequence[Card], ids: Sequence[str]
) -> list[dict[str, Any]]:
    """The legal moves grouped by verb and card, each option an index into ``legal``."""
    groups: dict[tuple[str, str | None], dict[str, Any]] = {}
    for n, action in enumerate(legal):
        cards = _move_cards(action)
        single = cards[0] if len(cards) == 1 else None
        key = (action.tag, None if single is None else str(single))
        group = groups.get(key)
        if group is None:
            held = [i for c, i in zip(hand, ids, strict=True) if c == single]
            group = groups[key] = {"verb": key[0], "card": key[1], "ids": held, "options": []}
        group["options"].append(
            {"move": n, "target": _move_target(action), "cards": _ids_of(cards, hand, ids)}
        )
    return list(groups.values())


def _coerce_seat(seat: Bot | None) -> Bot | None:
    if seat is not None and not isinstance(seat, Bot):
        raise ArgumentError(
            f"a seat is a Bot (with an act method) or None for a person, got {seat!r}"
        )
    return seat


def _to_seats(seats: Sequence[Bot | None]) -> tuple[Bot | None, ...]:
    return tuple(_coerce_seat(s) for s in seats)


def _replayed(
    record: GameRecord, marks: Sequence[int] = ()
) -> tuple[GameState, tuple[tuple[Event, ...], ...], dict[int, GameState]]:
    """Replay ``record``: the last state, each action's events, the states after ``marks``.

    Raises:
        IllegalActionError: an action of the record is not legal where it stands.
    """
    state = new_game(record.variant, record.num_players, dealer=record.dealer)
    wanted = set(marks)
    at: dict[int, GameState] = {0: state} if 0 in wanted else {}
    events = []
    for n, action in enumerate(record.actions, 1):
        after = apply(state, action)
        events.append(events_of(state, after))
        state = after
        if n in wanted:
            at[n] = state
    return state, tuple(events), at


class _Past:
    """The actions of one line of play and the events each recorded, shared by its tables.

    The tables of a game hold their past here rather than a record each, so a finished
    table's undo chain costs memory in line with its moves, not their square. Each table
    reads its part, the first ``length`` entries, which never change: the lists are only
    appended to, under the lock, for a table whose length is theirs (the newest); a table
    behind the end (one undo went back to) copies its part into a new past first.
    """

    __slots__ = ("actions", "events", "header", "last", "lock")

    def __init__(
        self,
        header: GameRecord,
        actions: list[Action],
        events: list[tuple[Event, ...]],
        last: GameRecord | None = None,
    ) -> None:
        #: the record with no actions: its variant, players, dealer, seed, version and tags
        self.header = header
        self.actions = actions
        self.events = events
        #: the record last asked for (the same prefix for the same length, as only appended)
        self.last = last
        self.lock = threading.Lock()

    def extended(
        self, length: int, actions: Sequence[Action], events: Sequence[tuple[Event, ...]]
    ) -> _Past:
        """The past of a table of ``length`` actions followed by ``actions``."""
        with self.lock:
            if len(self.actions) == length:
                self.actions.extend(actions)
                self.events.extend(events)
                return self
            return _Past(
                self.header,
                [*self.actions[:length], *actions],
                [*self.events[:length], *events],
            )

    def record(self, length: int) -> GameRecord:
        """The record of the first ``length`` actions."""
        last = self.last
        if last is None or len(last.actions) != length:
            last = self.last = attrs.evolve(self.header, actions=tuple(self.actions[:length]))
        return last


@attrs.frozen(eq=False, repr=False)
class Table:
    """A game, its seats (bots or people), its seed and its record, at a human decision.

    Build one with :meth:`new` (or :meth:`from_record`); each :meth:`submit` returns the
    next table. Between two tables nothing is shared that can change. A table keeps its
    current state; the actions and the events :func:`phase10.apply` recorded for each
    (what :meth:`events_for` shows), not a state per action, are kept once for the tables
    of one line of play, so a finished table and the tables :meth:`undo` goes back to take
    memory in line with the moves. It pickles and deep-copies flat (no recursion however
    long the game), as its record and the points :meth:`undo` goes back to, and is
    replayed when loaded.

    Attributes:
        seats: For each seat, the :class:`~phase10.Bot` that plays it or ``None`` for a
            person.
        seed: Where the chance outcomes and the bots' generators come from.
        state: The current :class:`~phase10.GameState`.
        previous: The table before the last :meth:`submit` (``None`` for a new table).
        version: How many moves :meth:`submit` accepted on the way to this table (0 for a
            new table; an undo goes back to the version before). Send it to clients and
            take it back as ``submit(..., expect=version)``.
    """

    seats: tuple[Bot | None, ...] = attrs.field(converter=_to_seats)
    seed: str
    _past: _Past
    _length: int
    state: GameState
    previous: Table | None = attrs.field(default=None, repr=False)
    _line: _Line = attrs.field(
        default=attrs.Factory(
            lambda self: (
                _Line(_names(None, len(self.seats)))
                if self.previous is None
                # a table made from another keeps its game's names, policy, hook and lock
                else self.previous._line
            ),
            takes_self=True,
        ),
        repr=False,
        alias="line",
    )
    version: int = attrs.field(
        init=False,
        repr=False,
        default=attrs.Factory(
            lambda self: 0 if self.previous is None else self.previous.version + 1,
            takes_self=True,
        ),
    )
    _tick: int = attrs.field(init=False, repr=False, factory=lambda: next(_TICKS))

    # ----------------------------------------------------------------- building

    @classmethod
    def new(
        cls,
        variant: Variant,
        seats: Sequence[Bot | None],
        *,
        seed: str | None = None,
        dealer: int = 0,
        names: Sequence[str] | None = None,
        undo: UndoPolicy = "never",
        on_event: EventHook | None = None,
    ) -> Table:
        """Deal a new game and play it up to the first human decision.

        Args:
            variant: The rules.
            seats: A :class:`~phase10.Bot` or ``None`` (a person) for each seat.
            seed: The seed of the cards and the bots; when ``None``, a fresh one of 128 bits
                from :mod:`secrets` (32 hex digits): all chance derives from the seed, so a
                server never lets a client choose it and never shows it before the game
                is over (no payload or event holds it).
            dealer: The first dealer's seat.
            names: Each seat's name, shown in the payloads and events (default ``p1``,
                ``p2``, ...): 1 to :data:`MAX_NAME` printable characters.
            undo: Who may take a move back, one of :data:`UNDO_POLICIES` (see
                :meth:`undo`); ``"never"`` by default, as online play needs.
            on_event: Called as ``on_event(seat, event)`` for every seat and every event
                as that seat saw it, in order, after each accepted move (a server pushes
                them to the seat's client). It runs under the table's lock, so it should
                only queue the event. An exception from it reaches the caller of
                :meth:`submit`, and the move is not accepted (the events already pushed
                for it are then void: send the seats a fresh payload).

        Raises:
            InvalidStateError: the variant is not for that many seats, ``dealer`` is not
                a seat, ``names`` is not one name per seat, ``undo`` is not a policy or
                ``on_event`` is not callable.
            ArgumentError: a seat is neither a bot nor ``None``.
        """
        seed = secrets.token_hex(16) if seed is None else str(seed)
        line = _line(names, len(seats), undo, on_event)
        record = GameRecord(variant=variant, num_players=len(seats), dealer=dealer, seed=seed)
        state = new_game(variant, len(seats), dealer=dealer)
        return cls(seats, seed, _Past(record, [], []), 0, state, None, line)._advance([], [], state)

    @classmethod
    def from_record(
        cls,
        record: GameRecord,
        seats: Sequence[Bot | None],
        *,
        seed: str | None = None,
        names: Sequence[str] | None = None,
        undo: UndoPolicy = "never",
        on_event: EventHook | None = None,
    ) -> Table:
        """The table of a game record, played on from its end up to a human decision.

        The play after the record draws on ``seed`` (default: the record's seed, else a
        fresh one of 128 bits). ``names``, ``undo`` and ``on_event`` are as for
        :meth:`new`; the table's ``version`` starts again at 0.

        Raises:
            InvalidStateError: ``seats`` does not have one entry per player of the record,
                or ``names``, ``undo`` or ``on_event`` is not as :meth:`new` takes them.
            IllegalActionError: an action of the record is not legal where it stands.
        """
        if len(seats) != record.num_players:
            raise InvalidStateError(
                f"the record is for {record.num_players} players, got {len(seats)} seats"
            )
        line = _line(names, len(seats), undo, on_event)
        seed = seed if seed is not None else record.seed or secrets.token_hex(16)
        state, events, _ = _replayed(record)
        past = _Past(_header(record), list(record.actions), list(events), record)
        table = cls(seats, seed, past, len(record.actions), state, None, line)
        return table._advance([], [], state)

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        # flat: the seats, the seed, the record and how long the record was at each table
        # undo() goes back to; the states and events are replayed from the record on loading
        # the event hook is the process's own and is not pickled
        line = (self._line.names, self._line.undo)
        return _unpickled, (self.seats, self.seed, self.record, self._marks(), line)

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        # the past and the states are immutable (the past only grows past every table's
        # part), so the copies share them; only the seats (bots may hold state) are copied,
        # once for the whole chain, which is walked in a loop, not by recursion
        seats = copy.deepcopy(self.seats, memo)
        # the copy is a game of its own: its own lock, and its newest table the latest
        was = self._line
        line = _Line(was.names, was.undo, was.hook)
        chain = []
        table: Table | None = self
        while table is not None:
            chain.append(table)
            table = table.previous
        copied: Table | None = None
        for t in reversed(chain):
            copied = memo.get(id(t)) or Table(
                seats, t.seed, t._past, t._length, t.state, copied, line
            )
            memo[id(t)] = copied
        assert copied is not None
        if was.latest is not None:
            line.latest, line.latest_version = copied._tick, copied.version
        return copied

    def __copy__(self) -> Table:
        return self  # immutable: a shallow copy would share everything anyway

    def __repr__(self) -> str:
        return f"Table.from_record({self.record!r}, {self.seats!r}, seed={self.seed!r})"

    def _marks(self) -> tuple[int, ...]:
        """How long the record was at each table undo goes back to, the last table first."""
        marks = []
        table = self.previous
        while table is not None:
            marks.append(table._length)
            table = table.previous
        return tuple(marks)

    # ----------------------------------------------------------------- reading

    @property
    def record(self) -> GameRecord:
        """Every action so far, chance included; the state is its replay."""
        return self._past.record(self._length)

    @property
    def events(self) -> tuple[tuple[Event, ...], ...]:
        """For each action of the record, the events :func:`phase10.apply` recorded.

        As :func:`phase10.events_of` gives them, as every seat saw them.
        """
        return tuple(self._past.events[: self._length])

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return bool(self.state.is_over)

    @property
    def waiting_for(self) -> int | None:
        """The seat that must act now, or ``None`` when the game is over.

        It is a person's seat, unless the bots played :data:`MAX_BOT_ACTIONS` actions in a
        row without finishing the game (then :meth:`submit` refuses every move).
        """
        seat: int | None = self.state.current_player
        return None if self.state.is_over else seat

    def events_for(self, seat: int, *, since: int = 0) -> tuple[TableEvent, ...]:
        """What ``seat`` saw happen from action number ``since`` (0-based) on.

        Each event the rules recorded, as :func:`phase10.seen_by` shows it to ``seat``:
        a card only another seat saw is masked (``reveal ? > p2`` for a card ``p2`` drew),
        a take names the card taken, a skip names the seat the rules skipped, and the end
        of each hand and of the game are events too.

        Raises:
            InvalidStateError: ``seat`` is not a seat, or ``since`` is negative.
        """
        self._check_seat(seat)
        if type(since) is not int or since < 0:
            raise InvalidStateError(f"since must be a whole number >= 0, got {since!r}")
        actions, events = self._past.actions, self._past.events
        names = self._line.names
        return tuple(
            _table_event(i, event, seat, actions[i], names)
            for i in range(since, self._length)
            for event in events[i]
        )

    def payload(self, seat: int, *, since: int = 0) -> dict[str, Any]:
        """What to send the person in ``seat``: their view, their legal moves, the news.

        A JSON-ready dict (its JSON Schema is shipped as ``schemas/client/table-payload.json``)
        with the keys:

        - ``seat``, ``your_turn``, ``over``, ``winners``, ``version`` (:attr:`version`: send
          it back as ``submit``'s ``expect``) and ``names`` (:attr:`names`);
        - ``view``: the ``"view"`` of a JSON view document (only what the seat may see);
        - ``hand``: the seat's hand as ``{"id", "card"}`` in the view's order, with
          :func:`hand_ids` (``R7#1``, ``R7#2``): ids to drag and to highlight;
        - ``legal``: each legal action as ``{"text": notation, "json": action JSON}``,
          empty when it is not their turn;
        - ``moves``: the same moves grouped for a UI by verb and card, ``{"verb", "card",
          "ids", "options"}``: ``card`` is the one card a move plays (``None`` for a draw or
          a laydown), ``ids`` the hand's copies of it, and each option ``{"move", "target",
          "cards"}`` is the index of the move in ``legal``, where it aims (``p2.1``, ``p3``
          or ``None``) and the hand ids it plays;
        - ``hint``: when the seat may lay down, a laydown as ``{"move", "groups"}`` (the
          index in ``legal`` and the hand ids of each group, :func:`~phase10.find_laydown`'s
          choice), else ``None``;
        - ``events``: :meth:`events_for` from ``since``, as dicts; ``next``: the ``since``
          to ask with next time.

        The seed is in no payload, nor any card the seat may not see.

        Raises:
            InvalidStateError: ``seat`` is not a seat, or ``since`` is negative.
        """
        events = self.events_for(seat, since=since)
        v = view(self.state, seat)
        mine = self.waiting_for == seat
        variant = self._past.header.variant
        legal = legal_actions(v) if mine else ()
        hand = v.hand
        ids = hand_ids(hand)
        return {
            "seat": seat,
            "your_turn": mine,
            "over": self.is_over,
            "winners": list(self.state.winners),
            "version": self.version,
            "names": list(self._line.names),
            "view": to_dict(v)["view"],
            "hand": [{"id": i, "card": str(c)} for c, i in zip(hand, ids, strict=True)],
            "legal": [
                {"text": action_text(a, variant), "json": to_dict(a)["action"]} for a in legal
            ],
            "moves": _grouped(legal, hand, ids),
            "hint": self._hint(legal, hand, ids),
            "events": [e.to_dict() for e in events],
            "next": self._length,
        }

    def _hint(
        self, legal: Sequence[Action], hand: Sequence[Card], ids: Sequence[str]
    ) -> dict[str, Any] | None:
        laydowns = [n for n, a in enumerate(legal) if isinstance(a, LayDown | Announce)]
        if not laydowns:
            return None
        state = self.state
        variant = state.variant
        chosen = laydowns[0]
        for phase in laydown_phases(state)[:1]:
            try:
                found = find_laydown(hand, variant.phases[phase], rules=variant.meld_rules)
            except SearchLimitError:  # a hostile hand: the first move listed will do
                found = None
            chosen = next(
                (n for n in laydowns if getattr(legal[n], "laydown", None) == found), chosen
            )
        action = legal[chosen]
        assert isinstance(action, LayDown | Announce)
        groups = []
        free_hand, free_ids = list(hand), list(ids)
        for meld in action.laydown.melds:
            taken = _ids_of(meld.cards, free_hand, free_ids)
            for i in taken:
                k = free_ids.index(i)
                del free_hand[k], free_ids[k]
            groups.append(taken)
        return {"move": chosen, "groups": groups}

    # ----------------------------------------------------------------- playing

    def submit(
        self, seat: int, move: Action | str | Mapping[str, Any], *, expect: int | None = None
    ) -> Table:
        """Play ``move`` for the person in ``seat``, then chance and bots up to the next person.

        ``move`` is an :class:`~phase10.Action`, action notation (``"discard R7"``, the seat
        may be left out), an action JSON document (``{"format": "phase10/1", "action":
        {...}}``, as text or dict) or the bare action object (``{"action": "discard", ...}``).

        With ``expect`` (the :attr:`version` the client saw), the move is accepted only if
        this table is still at that version and no other move was accepted from it yet:
        of two moves sent at once for one table, or one move sent twice, the first is
        played and the others are refused with a :class:`~phase10.StaleMoveError`. The
        check and the move are one step under the lock the tables of a game share, so
        threads may submit to one table at once. Without ``expect`` a table is a value:
        each call plays the move from this table, whatever was played from it before.

        Returns:
            The table after the move; this table is unchanged.

        Raises:
            StaleMoveError: ``expect`` is not this table's version, or a move was already
                accepted from this table (or this table was undone).
            IllegalActionError: the move is not legal now, or ``seat`` is not the seat to act
                (code ``NOT_YOUR_TURN``); ``.reason`` says why. A refused laydown is a
                :class:`~phase10.LaydownError` (an ``IllegalActionError``) whose ``.problems``
                name each bad group and why, as :func:`~phase10.apply` and
                :func:`~phase10.parse_action` say it.
            NotationError: text that is not action notation (or longer than 10,000
                characters).
            FormatError: JSON that is not an action document.
            InvalidStateError: ``seat`` is not a seat, or ``expect`` is not a whole number.
        """
        self._check_seat(seat)
        if expect is not None and (type(expect) is not int or expect < 0):
            raise InvalidStateError(f"expect must be a whole number >= 0, got {expect!r}")
        line = self._line
        with line.lock:
            if expect is not None:
                self._check_fresh(seat, expect)
            after = self._play(seat, move)
            was = line.latest, line.latest_version
            line.latest, line.latest_version = after._tick, after.version
            if line.hook is not None:
                try:
                    after._tell(line.hook, self._length)
                except BaseException:
                    # the caller never gets the new table: the move is not accepted, and
                    # this table stays the latest (else the game could never move again)
                    line.latest, line.latest_version = was
                    raise
        return after

    def _check_fresh(self, seat: int | None, expect: int) -> None:
        line = self._line
        moved_on = line.latest is not None and line.latest != self._tick
        if expect == self.version and not moved_on:
            return
        latest = line.latest_version if moved_on else self.version
        raise StaleMoveError(
            ("stale move" if seat is None else f"stale move from {seat_name(seat)}")
            + f": it was sent for version {expect}, the table"
            f" is at version {self.version}"
            + (f" and the game has moved on to version {latest}" if moved_on else "")
            + "; refresh and send it again if it is still wanted",
            seat=seat,
            expected=expect,
            version=self.version,
            latest=latest,
        )

    def _tell(self, hook: EventHook, since: int) -> None:
        for seat in range(len(self.seats)):
            for event in self.events_for(seat, since=since):
                hook(seat, event)

    def _play(self, seat: int, move: object) -> Table:
        state = self.state
        if state.is_over:
            raise IllegalActionError(
                "the game is over",
                code=Violation.GAME_OVER,
                action=move,
                said=Message.of("game-over"),
            )
        if self.seats[seat] is not None or state.current_player != seat:
            who = self.waiting_for
            raise IllegalActionError(
                f"it is not {seat_name(seat)}'s turn: "
                + ("nobody" if who is None else seat_name(who))
                + " is to act",
                code=Violation.NOT_YOUR_TURN,
                action=move,
                said=None if who is None else Message.of("not-your-turn", seat=seat_name(who)),
            )
        action = self._read(seat, move)
        if not isinstance(action, PLAYER_ACTION_TYPES):
            raise IllegalActionError(
                f"chance actions are the table's to play, got {action}",
                code=Violation.NOT_CHANCE,
                action=action,
                said=Message.of("not-chance"),
            )
        if action.player != seat:
            raise IllegalActionError(
                f"{seat_name(seat)} cannot play for {seat_name(action.player)}: {action}",
                code=Violation.NOT_YOUR_TURN,
                action=action,
                said=Message.of("view-other-seat"),
            )
        after = apply(state, action)  # a refused laydown is a LaydownError with its problems
        return self._advance([action], [events_of(state, after)], after, previous=self)

    def undo(self, *, seat: int | None = None, expect: int | None = None) -> Table:
        """The table before the last :meth:`submit`, if the table's undo policy allows it.

        The policy is :meth:`new`'s ``undo``:

        - ``"never"`` (the default, for online play): no undo.
        - ``"own-turn-no-draw"``: a person takes back a move of their own turn, while it is
          still their turn and no card was drawn, dealt or turned up since the move (a
          draw from the pile is never taken back, so nobody can draw, look, undo and
          take the discard instead); ``seat``, when given, must be the seat that moved.
        - ``"always"``: any move, as a table at home or a teacher's may.

        ``expect`` is checked as by :meth:`submit`, under the same lock.

        Raises:
            UndoRefusedError: the policy does not allow this undo.
            StaleMoveError: ``expect`` is not this table's version, or the game has moved on
                from this table.
            InvalidStateError: nothing was submitted yet, or ``seat`` is not a seat.
        """
        if seat is not None:
            self._check_seat(seat)
        line = self._line
        with line.lock:
            if expect is not None:
                self._check_fresh(seat, expect)
            before = self._undone(seat)
            line.latest, line.latest_version = before._tick, before.version
        return before

    def _undone(self, seat: int | None) -> Table:
        before = self.previous
        if before is None:
            raise InvalidStateError("nothing to undo: no move was submitted to this table")
        policy = self._line.undo
        why = None
        mover = before.state.current_player
        if policy == "never":
            why = "this table takes no move back"
        elif policy == "own-turn-no-draw":
            played = self._past.actions[before._length : self._length]
            if seat is not None and seat != mover:
                why = f"the last move was {self._line.names[mover or 0]}'s"
            elif any(a.is_chance for a in played):
                why = "a card was drawn, dealt or turned up since"
            elif any(getattr(a, "player", None) != mover for a in played) or (
                self.waiting_for != mover
            ):
                why = "the turn is over"
        if why is not None:
            raise UndoRefusedError(
                f"cannot undo: {why} (undo policy {policy!r})", policy=policy, reason=why
            )
        return before

    @property
    def names(self) -> tuple[str, ...]:
        """Each seat's name (:meth:`new`'s ``names``; ``p1``, ``p2``, ... by default)."""
        return self._line.names

    @property
    def undo_policy(self) -> UndoPolicy:
        """Who may take a move back: one of :data:`UNDO_POLICIES` (see :meth:`undo`)."""
        return self._line.undo

    # ----------------------------------------------------------------- inside

    def _check_seat(self, seat: object) -> None:
        if type(seat) is not int or not 0 <= seat < len(self.seats):
            raise InvalidStateError(
                f"seat must be a whole number from 0 to {len(self.seats) - 1}, got {seat!r}"
            )

    def _read(self, seat: int, move: object) -> Action:
        rules = self._past.header.variant.meld_rules
        if isinstance(move, str):
            text = move.strip()
            if len(text) > MAX_MOVE_TEXT:
                raise NotationError(
                    f"a move is at most {MAX_MOVE_TEXT} characters, got {len(text)}",
                    text=text[:100],
                )
            if not text.startswith("{"):
                return parse_action(view(self.state, seat), text)
            move = load_json(text)  # the JSON doors' one reader: a key twice is refused
        if isinstance(move, Mapping):
            doc = dict(move)
            if "format" not in doc and "action" in doc and isinstance(doc["action"], str):
                doc = {"format": JSON_FORMAT, "action": doc}
            move = from_dict(doc, rules=rules)
        if not isinstance(move, ACTION_TYPES):
            raise FormatError(f"a move is an action, its notation or its JSON, got {move!r}")
        return move

    def _advance(
        self,
        actions: list[Action],
        events: list[tuple[Event, ...]],
        state: GameState,
        *,
        previous: Table | None = None,
    ) -> Table:
        """Play chance and the bots on from ``actions`` (played after this table) and ``state``.

        Until a person must act or the game is over; the table after them all.
        """
        played = 0
        while not state.is_over:
            n = self._length + len(actions)
            if state.is_chance:
                action: Action = sample_chance(state, random.Random(f"{self.seed}:{n}"))
            else:
                seat = state.current_player
                assert seat is not None  # not over, not chance: a player acts
                bot = self.seats[seat]
                if bot is None:
                    break
                played += 1
                if played > MAX_BOT_ACTIONS:
                    break
                action = bot.act(view(state, seat), random.Random(f"{self.seed}:{n}:{seat}"))
            try:
                after = apply(state, action)
            except Phase10Error as exc:  # chance's outcomes are legal: a bot's bad move
                exc.add_note(f"played by the bot in seat p{(state.current_player or 0) + 1}")
                raise
            actions.append(action)
            events.append(events_of(state, after))
            state = after
        past = self._past.extended(self._length, actions, events) if actions else self._past
        return Table(
            self.seats,
            self.seed,
            past,
            self._length + len(actions),
            state,
            previous if previous is not None else self.previous,
            self._line,
        )


def _header(record: GameRecord) -> GameRecord:
    return attrs.evolve(record, actions=())


def _unpickled(
    seats: tuple[Bot | None, ...],
    seed: str,
    record: GameRecord,
    marks: tuple[int, ...],
    options: tuple[tuple[str, ...], UndoPolicy] | None = None,
) -> Table:
    """A pickled table again: the record replayed once, the tables undo goes back to rebuilt."""
    state, events, at = _replayed(record, marks)
    line = _Line(*options) if options is not None else _Line(_names(None, len(seats)))
    past = _Past(_header(record), list(record.actions), list(events), record)
    previous: Table | None = None
    for mark in reversed(marks):
        previous = Table(seats, seed, past, mark, at[mark], previous, line)
    return Table(seats, seed, past, len(record.actions), state, previous, line)


# ------------------------------------------------------------- the schemas of what clients get

#: The JSON Schemas of what a client of a :class:`Table` receives, shipped in
#: ``phase10/schemas/client/``: a payload (:meth:`Table.payload`), an event
#: (:meth:`TableEvent.to_dict`) and an error (:meth:`phase10.Phase10Error.to_dict`).
CLIENT_SCHEMAS: tuple[str, ...] = ("table-payload", "table-event", "error")

_BASE = "https://phase10.readthedocs.io/schemas/phase10-1/"
_NUMBERING = (
    "Players, phases, melds and every index are numbered from 0 in JSON, from 1 in notation"
    " and text (p1 is player 0)."
)
_INDEX: dict[str, Any] = {"type": "integer", "minimum": 0}
_SEAT: dict[str, Any] = {"type": "integer", "minimum": 0, "maximum": 1_000}


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [schema, {"type": "null"}]}


def _object(
    title: str, description: str, properties: dict[str, Any], **extra: Any
) -> dict[str, Any]:
    """A closed object, every key required: what the library writes always has them all."""
    return {
        "title": title,
        "description": description,
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
        **extra,
    }


def _event_verbs() -> list[str]:
    from_actions = [t.tag for t in ACTION_TYPES]
    unseen = [u.value for u in Unseen]
    return sorted({*from_actions, *unseen, "skipped", "hand-over", "game-over"})


def _shared_defs() -> dict[str, Any]:
    card = {"$ref": "../view.json#/$defs/card"}
    name = {
        "title": "PlayerName",
        "description": f"A seat's name: 1 to {MAX_NAME} printable characters.",
        "type": "string",
        "minLength": 1,
        "maxLength": MAX_NAME,
        "pattern": "^[^\\u0000-\\u001f\\u007f-\\u009f]+$",
    }
    event = _object(
        "TableEvent",
        "One event of the game as one seat saw it (TableEvent.to_dict()).",
        {
            "index": _INDEX,
            "actor": _nullable(_SEAT),
            "actor_name": _nullable({"$ref": "#/$defs/PlayerName"}),
            "verb": {"title": "EventVerb", "enum": _event_verbs()},
            "cards": {"type": "array", "items": card},
            "target": _nullable(_SEAT),
            "target_name": _nullable({"$ref": "#/$defs/PlayerName"}),
            "meld": _nullable(_INDEX),
            "text": {"type": "string", "minLength": 1, "pattern": "^[^\\n\\r]*$"},
            "action": _nullable({"$ref": "../action.json#/$defs/action"}),
        },
    )
    return {"PlayerName": name, "TableEvent": event}


def _payload_schema() -> dict[str, Any]:
    card = {"$ref": "../view.json#/$defs/card"}
    card_id = {"$ref": "#/$defs/CardId"}
    tags = sorted({t.tag for t in PLAYER_ACTION_TYPES})
    defs: dict[str, Any] = {
        **_shared_defs(),
        "CardId": {
            "title": "CardId",
            "description": "A card of the seat's hand: its notation and which copy, R7#2.",
            "type": "string",
            "pattern": "^[^#\\s]+#[1-9][0-9]{0,3}$",
        },
        "HandCard": _object(
            "HandCard", "A card of the seat's hand and its id.", {"id": card_id, "card": card}
        ),
        "LegalMove": _object(
            "LegalMove",
            "A legal move: its notation and its action JSON, to send back as it came.",
            {
                "text": {"type": "string", "minLength": 1},
                "json": {"$ref": "../action.json#/$defs/action"},
            },
        ),
        "MoveOption": _object(
            "MoveOption",
            "One move of a group: its index in legal, where it aims, the hand ids it plays.",
            {
                "move": _INDEX,
                "target": _nullable(
                    {"type": "string", "pattern": "^p[1-9][0-9]{0,3}(?:\\.[1-9][0-9]{0,3})?$"}
                ),
                "cards": {"type": "array", "items": card_id, "uniqueItems": True},
            },
        ),
        "MoveGroup": _object(
            "MoveGroup",
            "The legal moves of one verb and one card (card null: a draw, a laydown, ...).",
            {
                "verb": {"title": "MoveVerb", "enum": tags},
                "card": _nullable(card),
                "ids": {"type": "array", "items": card_id, "uniqueItems": True},
                "options": {
                    "type": "array",
                    "items": {"$ref": "#/$defs/MoveOption"},
                    "minItems": 1,
                },
            },
        ),
        "LaydownHint": _object(
            "LaydownHint",
            "A laydown the seat can make: its index in legal and each group's hand ids.",
            {
                "move": _INDEX,
                "groups": {
                    "type": "array",
                    "items": {"type": "array", "items": card_id, "minItems": 1},
                    "minItems": 1,
                },
            },
        ),
    }
    body = _object(
        "TablePayload",
        "What a Table sends the person in one seat (Table.payload). " + _NUMBERING,
        {
            "seat": _SEAT,
            "your_turn": {"type": "boolean"},
            "over": {"type": "boolean"},
            "winners": {"type": "array", "items": _SEAT, "uniqueItems": True},
            "version": _INDEX,
            "names": {"type": "array", "items": {"$ref": "#/$defs/PlayerName"}, "minItems": 1},
            "view": {"$ref": "../view.json#/$defs/PlayerView"},
            "hand": {"type": "array", "items": {"$ref": "#/$defs/HandCard"}},
            "legal": {"type": "array", "items": {"$ref": "#/$defs/LegalMove"}},
            "moves": {"type": "array", "items": {"$ref": "#/$defs/MoveGroup"}},
            "hint": _nullable({"$ref": "#/$defs/LaydownHint"}),
            "events": {"type": "array", "items": {"$ref": "#/$defs/TableEvent"}},
            "next": _INDEX,
        },
    )
    return {"$schema": DRAFT, "$id": f"{_BASE}client/table-payload.json", **body, "$defs": defs}


def _event_schema() -> dict[str, Any]:
    defs = _shared_defs()
    event = defs.pop("TableEvent")
    event["description"] += " " + _NUMBERING
    return {"$schema": DRAFT, "$id": f"{_BASE}client/table-event.json", **event, "$defs": defs}


def _error_schema() -> dict[str, Any]:
    text = {"type": "string"}
    null_text = _nullable(text)
    problem = _nullable({"enum": [p.value for p in MeldProblem]})
    # the keys of each error class's to_dict() beside code and message (errors.py)
    kinds: dict[str, tuple[list[str], dict[str, Any]]] = {
        "NotationError": (
            [NotationError.code],
            {"text": text, "token": text, "position": _INDEX, "line": _nullable(_INDEX)},
        ),
        "FormatError": (
            [FormatError.code],
            {"path": text, "problem": problem, "reason": text},
        ),
        "InvalidMeldError": ([InvalidMeldError.code], {"problem": problem}),
        "IllegalActionError": (
            [v.value for v in Violation],
            {
                "action": null_text,
                "reason": text,
                "problem": problem,
                "group": _nullable(_INDEX),
                "card": null_text,
                "target": null_text,
            },
        ),
        "AmbiguousActionError": (
            [AmbiguousActionError.code],
            {"text": text, "candidates": {"type": "array", "items": text}},
        ),
        "LimitError": (
            [LimitError.code, SearchLimitError.code],
            {"path": text, "limit": text, "maximum": _INDEX, "value": _INDEX},
        ),
        "StaleMoveError": (
            [StaleMoveError.code],
            {
                "seat": _nullable(_SEAT),
                "expected": _nullable(_INDEX),
                "version": _INDEX,
                "latest": _INDEX,
            },
        ),
        "UndoRefusedError": (
            [UndoRefusedError.code],
            {"policy": {"enum": list(UNDO_POLICIES)}, "reason": text},
        ),
        "OtherError": (
            [
                Phase10Error.code,
                InvalidCardError.code,
                DefinitionError.code,
                ArgumentError.code,
                InvalidStateError.code,
                InvalidActionError.code,
                PictureError.code,
            ],
            {},
        ),
    }
    illegal = kinds["IllegalActionError"][1]
    # every error's message id, its parameters and a likely fix (Phase10Error.to_dict)
    said = {
        "id": text,
        "params": {"type": "object"},
        "hint": _nullable({"$ref": "#/$defs/MessageHint"}),
    }
    defs: dict[str, Any] = {}
    for title, (codes, details) in kinds.items():
        defs[title] = _object(
            title,
            f"The to_dict() of a {title}."
            if title != "OtherError"
            else "An error with no details.",
            {"code": {"enum": codes}, "message": text, **said, **details},
        )
    group_problem = _object(
        "GroupProblem",
        "Why one group of a laydown does not work (GroupProblem.to_dict()).",
        {
            "index": _INDEX,
            "group": text,
            "problem": problem,
            "reason": text,
            "cards": text,
            "sentence": text,
        },
    )
    defs["LaydownError"] = _object(
        "LaydownError",
        "The to_dict() of a LaydownError: an IllegalActionError naming each failing group.",
        {
            "code": {"enum": [v.value for v in Violation]},
            "message": text,
            **said,
            **illegal,
            "problems": {"type": "array", "items": {"$ref": "#/$defs/GroupProblem"}},
        },
    )
    defs["GroupProblem"] = group_problem
    defs["MessageHint"] = _object(
        "MessageHint",
        "A likely fix (Phase10Error.hint): a message id and its parameters.",
        {"id": text, "params": {"type": "object"}},
    )
    return {
        "$schema": DRAFT,
        "$id": f"{_BASE}client/error.json",
        "title": "Phase10ErrorDict",
        "description": "Any error's to_dict(): its code, its message and the details of its"
        " kind (docs/reference/errors.md). " + _NUMBERING,
        "oneOf": [
            {"$ref": f"#/$defs/{k}"} for k in defs if k not in ("GroupProblem", "MessageHint")
        ],
        "$defs": defs,
    }


def client_schemas() -> dict[str, dict[str, Any]]:
    """The JSON Schemas of what a client receives, as :data:`CLIENT_SCHEMAS` names them.

    Made from the code, like :func:`phase10.schemas.generate`; the shipped files are these
    (a test keeps them equal). They refer to the view and action schemas beside them
    (``../view.json``), and their type names (``title``) are the names a TypeScript
    generator gives the types: ``TablePayload``, ``TableEvent``, ``MoveGroup``,
    ``Phase10ErrorDict``, ...
    """
    return {
        "table-payload": _payload_schema(),
        "table-event": _event_schema(),
        "error": _error_schema(),
    }


def client_schema(name: str) -> dict[str, Any]:
    """The shipped JSON Schema ``name``, one of :data:`CLIENT_SCHEMAS`.

    >>> client_schema("table-payload")["title"]
    'TablePayload'

    Raises:
        FormatError: ``name`` is not one of :data:`CLIENT_SCHEMAS`.
    """
    if name not in CLIENT_SCHEMAS:
        raise FormatError(f"no client schema {name!r}: expected one of {', '.join(CLIENT_SCHEMAS)}")
    path = resources.files("phase10.schemas").joinpath("client", f"{name}.json")
    schema: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return schema
