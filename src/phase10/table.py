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

import itertools
import json
import random
import secrets
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal

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
    StaleMoveError,
    UndoRefusedError,
    Violation,
)
from phase10.notation import action_text, parse_action
from phase10.records import GameRecord
from phase10.rules import apply, events_of, legal_actions, new_game
from phase10.serialize import JSON_FORMAT, from_dict, to_dict
from phase10.state import Event, GameState
from phase10.variants import Variant
from phase10.views import seen_by, view

__all__ = [
    "MAX_BOT_ACTIONS",
    "MAX_MOVE_TEXT",
    "MAX_NAME",
    "UNDO_POLICIES",
    "EventHook",
    "Table",
    "TableEvent",
    "UndoPolicy",
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


@attrs.frozen(eq=False)
class Table:
    """A game, its seats (bots or people), its seed and its record, at a human decision.

    Build one with :meth:`new` (or :meth:`from_record`); each :meth:`submit` returns the
    next table. Between two tables nothing is shared that can change. A table keeps its
    record, the current state and the events :func:`phase10.apply` recorded for each
    action (what :meth:`events_for` shows), not a state per action; it pickles flat, as
    its record and the points :meth:`undo` goes back to, and is replayed when loaded.

    Attributes:
        seats: For each seat, the :class:`~phase10.Bot` that plays it or ``None`` for a
            person.
        seed: Where the chance outcomes and the bots' generators come from.
        record: Every action so far, chance included; the state is its replay.
        state: The current :class:`~phase10.GameState` (by default, replayed from the
            record).
        events: For each action of the record, the events :func:`phase10.apply` recorded
            (:func:`phase10.events_of`), as every seat saw them.
        previous: The table before the last :meth:`submit` (``None`` for a new table).
        version: How many moves :meth:`submit` accepted on the way to this table (0 for a
            new table; an undo goes back to the version before). Send it to clients and
            take it back as ``submit(..., expect=version)``.
    """

    seats: tuple[Bot | None, ...] = attrs.field(converter=_to_seats)
    seed: str
    record: GameRecord
    state: GameState = attrs.field(
        default=attrs.Factory(lambda self: _replayed(self.record)[0], takes_self=True),
        repr=False,
    )
    events: tuple[tuple[Event, ...], ...] = attrs.field(
        default=attrs.Factory(lambda self: _replayed(self.record)[1], takes_self=True),
        repr=False,
    )
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
                only queue the event; an exception from it reaches the caller of
                :meth:`submit` after the move was accepted.

        Raises:
            InvalidStateError: the variant is not for that many seats, ``dealer`` is not
                a seat, ``names`` is not one name per seat, ``undo`` is not a policy or
                ``on_event`` is not callable.
            TypeError: a seat is neither a bot nor ``None``.
        """
        seed = secrets.token_hex(16) if seed is None else str(seed)
        line = _line(names, len(seats), undo, on_event)
        record = GameRecord(variant=variant, num_players=len(seats), dealer=dealer, seed=seed)
        state = new_game(variant, len(seats), dealer=dealer)
        return cls(seats, seed, record, state, (), None, line)._advance()

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
        return cls(seats, seed, record, state, events, None, line)._advance()

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        # flat: the seats, the seed, the record and how long the record was at each table
        # undo() goes back to; the states and events are replayed from the record on loading
        marks = []
        table = self.previous
        while table is not None:
            marks.append(len(table.record.actions))
            table = table.previous
        # the event hook is the process's own and is not pickled
        line = (self._line.names, self._line.undo)
        return _unpickled, (self.seats, self.seed, self.record, tuple(marks), line)

    # ----------------------------------------------------------------- reading

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
        actions = self.record.actions
        return tuple(
            _table_event(i, event, seat, actions[i])
            for i in range(since, len(actions))
            for event in self.events[i]
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
        variant = self.record.variant
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
            "next": len(self.record.actions),
        }

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
            line.latest, line.latest_version = after._tick, after.version
            if line.hook is not None:
                after._tell(line.hook, len(self.record.actions))
        return after

    def _check_fresh(self, seat: int, expect: int) -> None:
        line = self._line
        moved_on = line.latest is not None and line.latest != self._tick
        if expect == self.version and not moved_on:
            return
        latest = line.latest_version if moved_on else self.version
        raise StaleMoveError(
            f"stale move from {seat_name(seat)}: it was sent for version {expect}, the table"
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
        return self._then(action, state, after)._advance(previous=self)

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
                self._check_fresh(seat if seat is not None else -1, expect)
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
            played = self.record.actions[len(before.record.actions) :]
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
        rules = self.record.variant.meld_rules
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

    def _then(self, action: Action, before: GameState, after: GameState) -> Table:
        record = attrs.evolve(self.record, actions=(*self.record.actions, action))
        events = (*self.events, events_of(before, after))
        return Table(self.seats, self.seed, record, after, events, self.previous, self._line)

    def _advance(self, *, previous: Table | None = None) -> Table:
        """Play chance and the bots until a person must act or the game is over."""
        actions = list(self.record.actions)
        events = list(self.events)
        state = self.state
        played = 0
        while not state.is_over:
            n = len(actions)
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
        record = attrs.evolve(self.record, actions=tuple(actions))
        return Table(
            self.seats,
            self.seed,
            record,
            state,
            tuple(events),
            previous if previous is not None else self.previous,
            self._line,
        )


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
    previous: Table | None = None
    for mark in reversed(marks):
        part = attrs.evolve(record, actions=record.actions[:mark])
        previous = Table(seats, seed, part, at[mark], events[:mark], previous, line)
    return Table(seats, seed, record, state, events, previous, line)
