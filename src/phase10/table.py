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

import json
import random
import secrets
from collections.abc import Mapping, Sequence
from typing import Any, cast, get_args

import attrs

from phase10.actions import (
    Action,
    Deal,
    Discard,
    Keep,
    Reshuffle,
    Reveal,
    TurnUp,
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
from phase10.rules import apply, legal_actions, new_game
from phase10.serialize import JSON_FORMAT, from_dict, to_dict
from phase10.state import GameState, TurnStep
from phase10.variants import Variant
from phase10.views import view

__all__ = ["Table", "TableEvent", "skipped_seats"]

_ACTION_TYPES: tuple[type, ...] = tuple(
    t for union in get_args(Action) for t in (get_args(union) or (union,))
)

#: The longest move text :meth:`Table.submit` reads (a laydown of a whole hand is ~100).
MAX_MOVE_TEXT = 10_000
#: The most actions the bots may play between two human decisions (all-bot tables included).
MAX_BOT_ACTIONS = 100_000


@attrs.frozen
class TableEvent:
    """One action of the game as one seat saw it.

    Attributes:
        index: The action's 0-based position in the game record.
        actor: The seat that acted, or ``None`` for chance.
        text: What the seat saw, e.g. ``p2 discard R7`` or ``p2 drew a card``.
        action: The action itself when the seat may see all of it, else ``None``.
    """

    index: int
    actor: int | None
    text: str
    action: Action | None

    def to_dict(self) -> dict[str, Any]:
        """The event as JSON-ready dicts: ``index``, ``actor``, ``text``, ``action``."""
        return {
            "index": self.index,
            "actor": self.actor,
            "text": self.text,
            "action": None if self.action is None else to_dict(self.action)["action"],
        }


def _seen_by(
    before: GameState, after: GameState, action: Action, seat: int
) -> tuple[str, Action | None]:
    """What ``seat`` sees of ``action`` played in ``before`` (giving ``after``).

    Cards only the receiver may see are masked for the others: a deal is "p2 was dealt a
    card", a card drawn from the draw pile "p2 drew a card". The one function that hides
    cards: when views carry their own history, this is what it replaces.
    """
    if isinstance(action, Deal | Reveal):
        if isinstance(action, Deal):
            grown = [
                s
                for s in range(len(after.players))
                if len(after.players[s].hand) > len(before.players[s].hand)
            ]
            to = grown[0] if grown else before.turn
            verb = "was dealt"
        else:
            steps = (TurnStep.DRAW_TWO,)
            to = before.turn if before.step in steps or before.receiver is None else before.receiver
            verb = "drew"
        if to == seat:
            return f"{seat_name(to)} {verb} {action.card}", action
        return f"{seat_name(to)} {verb} a card", None
    if isinstance(action, Reshuffle):
        return str(action), action
    if isinstance(action, TurnUp):
        return str(action) + _skipped(before, after, action), action
    if isinstance(action, Keep) and action.player != seat:
        return f"{seat_name(action.player)} keeps one of the two cards", None
    return action_text(action, before.variant) + _skipped(before, after, action), action


def _skipped(before: GameState, after: GameState, action: Action) -> str:
    """``"; p2 is skipped"`` for each seat that lost a turn to ``action``."""
    return "".join(f"; {seat_name(s)} is skipped" for s in skipped_seats(before, after, action))


def skipped_seats(before: GameState, after: GameState, action: Action) -> tuple[int, ...]:
    """The seats that lost a turn (C-19 to C-21) as ``action`` took ``before`` to ``after``.

    A skip on the next seat is laid and spent within one action (the discard, or the
    turn-up of C-21); a skip on a later seat is spent when that seat's turn comes.
    """
    seats = [
        s
        for s in range(len(after.players))
        if before.players[s].skipped and not after.players[s].skipped
    ]
    same_hand = after.hand_number == before.hand_number and not after.is_over
    card = getattr(action, "card", None)
    if same_hand and card is not None and card.is_skip and isinstance(action, Discard | TurnUp):
        # a skip on the next seat is set and spent within the same action
        if isinstance(action, TurnUp):
            target: int | None = (before.dealer + 1) % len(before.players)
        else:
            target = action.target
        if target is not None and not after.players[target].skipped and target not in seats:
            seats.append(target)
    return tuple(seats)


def _coerce_seat(seat: Bot | None) -> Bot | None:
    if seat is not None and not isinstance(seat, Bot):
        raise TypeError(f"a seat is a Bot (with an act method) or None for a person, got {seat!r}")
    return seat


def _to_seats(seats: Sequence[Bot | None]) -> tuple[Bot | None, ...]:
    return tuple(_coerce_seat(s) for s in seats)


@attrs.frozen(eq=False)
class Table:
    """A game, its seats (bots or people), its seed and its record, at a human decision.

    Build one with :meth:`new` (or :meth:`from_record`); each :meth:`submit` returns the
    next table. Between two tables nothing is shared that can change.

    Attributes:
        seats: For each seat, the :class:`~phase10.Bot` that plays it or ``None`` for a
            person.
        seed: Where the chance outcomes and the bots' generators come from.
        record: Every action so far, chance included; the state is its replay.
        states: The state before each action of the record, then the current state
            (by default, replayed from the record).
        previous: The table before the last :meth:`submit` (``None`` for a new table).
    """

    seats: tuple[Bot | None, ...] = attrs.field(converter=_to_seats)
    seed: str
    record: GameRecord
    states: tuple[GameState, ...] = attrs.field(
        default=attrs.Factory(lambda self: tuple(self.record.states()), takes_self=True),
        repr=False,
    )
    previous: Table | None = attrs.field(default=None, repr=False)

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
        return cls(seats, seed, record, (state,))._advance()

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
        return cls(seats, seed, record, tuple(record.states()))._advance()

    # ----------------------------------------------------------------- reading

    @property
    def state(self) -> GameState:
        """The current :class:`~phase10.GameState`."""
        return self.states[-1]

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

        Cards only another seat may see are masked (a card drawn from the draw pile is
        "p2 drew a card" for everybody else).

        Raises:
            InvalidStateError: ``seat`` is not a seat, or ``since`` is negative.
        """
        self._check_seat(seat)
        if type(since) is not int or since < 0:
            raise InvalidStateError(f"since must be a whole number >= 0, got {since!r}")
        actions = self.record.actions
        events = []
        for i in range(since, len(actions)):
            action = actions[i]
            text, shown = _seen_by(self.states[i], self.states[i + 1], action, seat)
            actor = (
                None if isinstance(action, Deal | TurnUp | Reveal | Reshuffle) else action.player
            )
            events.append(TableEvent(i, actor, text, shown))
        return tuple(events)

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
        if isinstance(action, Deal | TurnUp | Reveal | Reshuffle):
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
        return self._then(action, after)._advance(previous=self)

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
        if not isinstance(move, _ACTION_TYPES):
            raise FormatError(f"a move is an action, its notation or its JSON, got {move!r}")
        return cast(Action, move)

    def _then(self, action: Action, after: GameState) -> Table:
        record = attrs.evolve(self.record, actions=(*self.record.actions, action))
        return Table(self.seats, self.seed, record, (*self.states, after), self.previous)

    def _advance(self, *, previous: Table | None = None) -> Table:
        """Play chance and the bots until a person must act or the game is over."""
        actions = list(self.record.actions)
        states = list(self.states)
        state = states[-1]
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
                state = apply(state, action)
            except Phase10Error as exc:  # chance's outcomes are legal: a bot's bad move
                exc.add_note(f"played by the bot in seat p{(state.current_player or 0) + 1}")
                raise
            actions.append(action)
            states.append(state)
        record = attrs.evolve(self.record, actions=tuple(actions))
        return Table(
            self.seats,
            self.seed,
            record,
            tuple(states),
            previous if previous is not None else self.previous,
        )
