"""A table: one game with its seats, played up to the next human decision.

Every server and terminal game runs the same loop: resolve chance, let the bots act, stop
where a person must decide, and tell each seat what happened. :class:`Table` is that loop
as an immutable value. :meth:`Table.submit` takes a person's move (an action, its notation
or its JSON), applies it, and plays chance and the bots up to the next human decision; it
returns a new table and leaves the old one as it was, so undo and replay are free.

>>> import phase10
>>> table = Table.new(phase10.CLASSIC, [None, phase10.GreedyBot()], seed="doc")
>>> table.waiting_for
0
>>> after = table.submit(0, "draw")
>>> after.record.actions[len(table.record.actions)]
Draw(player=0)
>>> after.undo() == table
True

Chance and the bots draw on generators derived from the seed and the number of actions
played so far (``random.Random(f"{seed}:{n}")`` for chance, ``f"{seed}:{n}:{seat}"`` for the
bot in ``seat``), so a table replays the same from its seed and the moves submitted.
"""

from __future__ import annotations

import copy
import json
import random
import secrets
import threading
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from phase10.actions import (
    ACTION_TYPES,
    PLAYER_ACTION_TYPES,
    Action,
    seat_name,
)
from phase10.bots import Bot
from phase10.chance import sample_chance
from phase10.errors import (
    FormatError,
    IllegalActionError,
    InvalidStateError,
    NotationError,
    Phase10Error,
    Violation,
)
from phase10.notation import action_text, parse_action
from phase10.records import GameRecord
from phase10.rules import apply, events_of, legal_actions, new_game
from phase10.serialize import JSON_FORMAT, from_dict, to_dict
from phase10.state import Event, GameState
from phase10.variants import Variant
from phase10.views import seen_by, view

__all__ = ["MAX_BOT_ACTIONS", "MAX_MOVE_TEXT", "Table", "TableEvent", "skipped_seats"]


#: The longest move text :meth:`Table.submit` reads (a laydown of a whole hand is ~100).
MAX_MOVE_TEXT = 10_000
#: The most actions the bots may play between two human decisions (all-bot tables included).
MAX_BOT_ACTIONS = 100_000


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
    """

    index: int
    actor: int | None
    text: str
    action: Action | None
    event: Event = attrs.field(eq=False, repr=False, default=Event())

    def to_dict(self) -> dict[str, Any]:
        """The event as JSON-ready dicts: ``index``, ``actor``, ``text``, ``action``."""
        return {
            "index": self.index,
            "actor": self.actor,
            "text": self.text,
            "action": None if self.action is None else to_dict(self.action)["action"],
        }


def skipped_seats(before: GameState, after: GameState) -> tuple[int, ...]:
    """The seats that lost a turn (C-19 to C-21, M-14) as one action took ``before`` to ``after``.

    Read from the events :func:`phase10.apply` recorded (:func:`phase10.events_of`):
    the seats the rules actually skipped, in the order they were skipped.
    """
    return tuple(e.skipped for e in events_of(before, after) if e.skipped is not None)


def _table_event(index: int, event: Event, seat: int, action: Action) -> TableEvent:
    shown = seen_by(event, seat, action=action)
    return TableEvent(index, shown.actor, str(shown), shown.action, shown)


def _coerce_seat(seat: Bot | None) -> Bot | None:
    if seat is not None and not isinstance(seat, Bot):
        raise TypeError(f"a seat is a Bot (with an act method) or None for a person, got {seat!r}")
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
    """

    seats: tuple[Bot | None, ...] = attrs.field(converter=_to_seats)
    seed: str
    _past: _Past
    _length: int
    state: GameState
    previous: Table | None = None

    # ----------------------------------------------------------------- building

    @classmethod
    def new(
        cls,
        variant: Variant,
        seats: Sequence[Bot | None],
        *,
        seed: str | None = None,
        dealer: int = 0,
    ) -> Table:
        """Deal a new game and play it up to the first human decision.

        Args:
            variant: The rules.
            seats: A :class:`~phase10.Bot` or ``None`` (a person) for each seat.
            seed: The seed of the cards and the bots; a fresh random one when ``None``.
            dealer: The first dealer's seat.

        Raises:
            InvalidStateError: the variant is not for that many seats, or ``dealer`` is not
                a seat.
            TypeError: a seat is neither a bot nor ``None``.
        """
        seed = secrets.token_hex(4) if seed is None else str(seed)
        record = GameRecord(variant=variant, num_players=len(seats), dealer=dealer, seed=seed)
        state = new_game(variant, len(seats), dealer=dealer)
        return cls(seats, seed, _Past(record, [], []), 0, state)._advance([], [], state)

    @classmethod
    def from_record(
        cls, record: GameRecord, seats: Sequence[Bot | None], *, seed: str | None = None
    ) -> Table:
        """The table of a game record, played on from its end up to a human decision.

        The play after the record draws on ``seed`` (default: the record's seed, else a
        fresh one).

        Raises:
            InvalidStateError: ``seats`` does not have one entry per player of the record.
            IllegalActionError: an action of the record is not legal where it stands.
        """
        if len(seats) != record.num_players:
            raise InvalidStateError(
                f"the record is for {record.num_players} players, got {len(seats)} seats"
            )
        seed = seed if seed is not None else record.seed or secrets.token_hex(4)
        state, events, _ = _replayed(record)
        past = _Past(_header(record), list(record.actions), list(events), record)
        return cls(seats, seed, past, len(record.actions), state)._advance([], [], state)

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        # flat: the seats, the seed, the record and how long the record was at each table
        # undo() goes back to; the states and events are replayed from the record on loading
        return _unpickled, (self.seats, self.seed, self.record, self._marks())

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        # the past and the states are immutable (the past only grows past every table's
        # part), so the copies share them; only the seats (bots may hold state) are copied,
        # once for the whole chain, which is walked in a loop, not by recursion
        seats = copy.deepcopy(self.seats, memo)
        chain = []
        table: Table | None = self
        while table is not None:
            chain.append(table)
            table = table.previous
        copied: Table | None = None
        for t in reversed(chain):
            copied = memo.get(id(t)) or Table(seats, t.seed, t._past, t._length, t.state, copied)
            memo[id(t)] = copied
        assert copied is not None
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
        return tuple(
            _table_event(i, event, seat, actions[i])
            for i in range(since, self._length)
            for event in events[i]
        )

    def payload(self, seat: int, *, since: int = 0) -> dict[str, Any]:
        """What to send the person in ``seat``: their view, their legal moves, the news.

        A JSON-ready dict with the keys ``seat``, ``your_turn``, ``over``, ``winners``,
        ``view`` (the ``"view"`` of a JSON view document), ``legal`` (each legal action as
        ``{"text": notation, "json": action JSON}``, empty when it is not their turn),
        ``events`` (:meth:`events_for` from ``since``, as dicts) and ``next`` (the ``since``
        to ask with next time).

        Raises:
            InvalidStateError: ``seat`` is not a seat, or ``since`` is negative.
        """
        events = self.events_for(seat, since=since)
        v = view(self.state, seat)
        mine = self.waiting_for == seat
        variant = self._past.header.variant
        legal = legal_actions(v) if mine else ()
        return {
            "seat": seat,
            "your_turn": mine,
            "over": self.is_over,
            "winners": list(self.state.winners),
            "view": to_dict(v)["view"],
            "legal": [
                {"text": action_text(a, variant), "json": to_dict(a)["action"]} for a in legal
            ],
            "events": [e.to_dict() for e in events],
            "next": self._length,
        }

    # ----------------------------------------------------------------- playing

    def submit(self, seat: int, move: Action | str | Mapping[str, Any]) -> Table:
        """Play ``move`` for the person in ``seat``, then chance and bots up to the next person.

        ``move`` is an :class:`~phase10.Action`, action notation (``"discard R7"``, the seat
        may be left out), an action JSON document (``{"format": "phase10/1", "action":
        {...}}``, as text or dict) or the bare action object (``{"action": "discard", ...}``).

        Returns:
            The table after the move; this table is unchanged.

        Raises:
            IllegalActionError: the move is not legal now, or ``seat`` is not the seat to act
                (code ``NOT_YOUR_TURN``); ``.reason`` says why. A refused laydown is a
                :class:`~phase10.LaydownError` (an ``IllegalActionError``) whose ``.problems``
                name each bad group and why, as :func:`~phase10.apply` and
                :func:`~phase10.parse_action` say it.
            NotationError: text that is not action notation (or longer than 10,000
                characters).
            FormatError: JSON that is not an action document.
            InvalidStateError: ``seat`` is not a seat.
        """
        self._check_seat(seat)
        state = self.state
        if state.is_over:
            raise IllegalActionError("the game is over", code=Violation.GAME_OVER, action=move)
        if self.seats[seat] is not None or state.current_player != seat:
            who = self.waiting_for
            raise IllegalActionError(
                f"it is not {seat_name(seat)}'s turn: "
                + ("nobody" if who is None else seat_name(who))
                + " is to act",
                code=Violation.NOT_YOUR_TURN,
                action=move,
            )
        action = self._read(seat, move)
        if not isinstance(action, PLAYER_ACTION_TYPES):
            raise IllegalActionError(
                f"chance actions are the table's to play, got {action}",
                code=Violation.NOT_CHANCE,
                action=action,
            )
        if action.player != seat:
            raise IllegalActionError(
                f"{seat_name(seat)} cannot play for {seat_name(action.player)}: {action}",
                code=Violation.NOT_YOUR_TURN,
                action=action,
            )
        after = apply(state, action)  # a refused laydown is a LaydownError with its problems
        return self._advance([action], [events_of(state, after)], after, previous=self)

    def undo(self) -> Table:
        """The table before the last :meth:`submit`.

        Raises:
            InvalidStateError: nothing was submitted yet.
        """
        if self.previous is None:
            raise InvalidStateError("nothing to undo: no move was submitted to this table")
        return self.previous

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
            try:
                doc = json.loads(text)
            except (ValueError, RecursionError) as exc:
                raise FormatError(f"not JSON: {exc}") from None
            move = doc
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
        )


def _header(record: GameRecord) -> GameRecord:
    return attrs.evolve(record, actions=())


def _unpickled(
    seats: tuple[Bot | None, ...], seed: str, record: GameRecord, marks: tuple[int, ...]
) -> Table:
    """A pickled table again: the record replayed once, the tables undo goes back to rebuilt."""
    state, events, at = _replayed(record, marks)
    past = _Past(_header(record), list(record.actions), list(events), record)
    previous: Table | None = None
    for mark in reversed(marks):
        previous = Table(seats, seed, past, mark, at[mark], previous)
    return Table(seats, seed, past, len(record.actions), state, previous)
