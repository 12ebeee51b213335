"""The exception hierarchy: every error the library raises derives from :class:`Phase10Error`.

Every error has a stable, machine-readable :attr:`~Phase10Error.code` (a string) and a
:meth:`~Phase10Error.to_dict` that a server can send as JSON, so a client never matches
messages. The codes are listed in :doc:`/reference/errors`.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Any

import attrs

from phase10._enums import member_repr
from phase10._messages import Message

__all__ = [
    "AmbiguousActionError",
    "ArgumentError",
    "DefinitionError",
    "FormatError",
    "GroupProblem",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidCardError",
    "InvalidMeldError",
    "InvalidStateError",
    "LaydownError",
    "LimitError",
    "MeldProblem",
    "Message",
    "NotationError",
    "Phase10Error",
    "PictureError",
    "SearchLimitError",
    "StaleMoveError",
    "UndoRefusedError",
    "Violation",
]


def _notation(item: Any) -> Any:
    """An action (or anything else) as JSON: its notation, ``str()``, unless already JSON."""
    if item is None or isinstance(item, bool | int | float):
        return item
    return str(item)


class Phase10Error(Exception):
    """Root of every error raised by phase10; catch this to catch them all.

    Besides its message (for developers, in English), every error says what went wrong as
    data a player's app can word in the player's language: :attr:`message_id` and
    :attr:`params`, rendered by :meth:`player_message`.

    Attributes:
        code: What went wrong, a stable string such as ``"notation"`` or ``"not-your-turn"``;
            each subclass sets its own (see :doc:`/reference/errors`). Compare codes, never
            messages: the wording of messages may change.
        said: What went wrong as a :class:`Message` addressed to the player (``None``: the
            code's general sentence).
        hint: A likely fix ("Did you mean R7?") as a :class:`Message`, or ``None``.
    """

    code: str = "error"
    said: Message | None = None
    hint: Message | None = None

    def __init__(self, *args: object, said: Message | None = None, hint: Message | None = None):
        super().__init__(*args)
        if said is not None:
            self.said = said
        if hint is not None:
            self.hint = hint

    @property
    def message_id(self) -> str:
        """The stable id of :meth:`player_message`, a key of the catalogue (``"draw-first"``)."""
        return self._said().id

    @property
    def params(self) -> dict[str, Any]:
        """The named parameters of :attr:`message_id`, JSON-ready (cards and seats as notation)."""
        return self._said().to_json()

    def _said(self) -> Message:
        if self.said is not None:
            return self.said
        code = self.code
        value = code.value if isinstance(code, enum.Enum) else code
        if isinstance(self, IllegalActionError):
            value = "illegal"
        return Message.of(f"error.{value}")

    def player_message(self, lang: str = "en") -> str:
        """The refusal as a player reads it, in ``lang`` (``"en"``, ``"hu"``, ``"ru"``, ...).

        One or two plain sentences addressed to the player: no nesting, no internal step
        names or positions, with the likely fix when there is one.

        >>> error = Phase10Error("x", said=Message.of("draw-first"))
        >>> error.player_message()
        'Draw a card first: draw, or take the top of the discard pile.'
        """
        text = self._said().text(lang)
        if self.hint is not None:
            text = f"{text} {self.hint.text(lang)}"
        return text

    def to_dict(self) -> dict[str, Any]:
        """The error as a JSON-ready dict: ``code``, ``message`` and the details of its kind.

        Every error also gives ``id`` and ``params`` (what :meth:`player_message` renders, for
        an app that words it itself) and ``hint`` (a likely fix, id and params, or ``None``).
        The details are those of the subclass: ``path`` (a :class:`FormatError`), ``token``,
        ``position`` and ``line`` (a :class:`NotationError`), ``action`` (an
        :class:`IllegalActionError`), ``candidates`` as action notation (an
        :class:`AmbiguousActionError`), ``problems`` (a :class:`LaydownError`).

        >>> NotationError("bad card 'X9'", text="X9", token="X9").to_dict()
        {'code': 'notation', 'message': "bad card 'X9'", 'id': 'error.notation', 'params': {}, 'hint': None, 'text': 'X9', 'token': 'X9', 'position': 0, 'line': None}
        """  # noqa: E501
        code = self.code
        value = code.value if isinstance(code, enum.Enum) else code
        hint = None if self.hint is None else {"id": self.hint.id, "params": self.hint.to_json()}
        return {
            "code": value,
            "message": str(self),
            "id": self.message_id,
            "params": self.params,
            "hint": hint,
            **self._details(),
        }

    def _details(self) -> dict[str, Any]:
        return {}


class NotationError(Phase10Error, ValueError):
    """Text that is not valid notation.

    Attributes:
        text: The whole input.
        token: The offending token ("" when the input as a whole is wrong).
        position: The 0-based character offset of the token in ``text``.
        line: The 1-based line number in a multi-line text (a game record), else ``None``.
    """

    code = "notation"

    def __init__(
        self,
        message: str,
        *,
        text: str = "",
        token: str = "",
        position: int = 0,
        line: int | None = None,
        said: Message | None = None,
        hint: Message | None = None,
    ):
        super().__init__(message, said=said, hint=hint)
        self.text = text
        self.token = token
        self.position = position
        self.line = line

    def _details(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "token": self.token,
            "position": self.position,
            "line": self.line,
        }


class FormatError(Phase10Error, ValueError):
    """A JSON document (or decoded dict) that is not a valid phase10 document.

    Raised for anything malformed, out of range or inconsistent: wrong types, missing or
    unknown keys, impossible cards, invalid melds, cards lost or duplicated.

    Attributes:
        path: Where the bad value is, as a JSONPath such as ``$.state.players[2].hand[3]``.
        problem: For a meld or laydown that is not valid, why, machine-readable (a
            :class:`MeldProblem`); ``None`` for anything else.
        reason: What is wrong, as the one sentence the other doors give for the same fault
            (a meld's is :func:`~phase10.check_meld`'s); the message adds where.
    """

    code = "format"

    def __init__(
        self,
        message: str,
        *,
        path: str = "$",
        problem: MeldProblem | None = None,
        reason: str | None = None,
        said: Message | None = None,
        hint: Message | None = None,
    ):
        super().__init__(message, said=said, hint=hint)
        self.path = path
        self.problem = problem
        self.reason = message if reason is None else reason

    def _details(self) -> dict[str, Any]:
        problem = None if self.problem is None else self.problem.value
        return {"path": self.path, "problem": problem, "reason": self.reason}


class InvalidCardError(Phase10Error, ValueError):
    """A card that cannot exist, e.g. a number outside 1-12 or a wild with a colour."""

    code = "invalid-card"


class DefinitionError(Phase10Error, ValueError):
    """A group type, phase, rule set or variant that is inconsistent or impossible."""

    code = "definition"


class ArgumentError(Phase10Error, ValueError, TypeError):
    """An argument a function cannot take: out of its range, or of the wrong kind.

    A number of games below 0, a seat given where the input already names its viewer, a
    mode that is not one of those listed. Also a :class:`ValueError` and a
    :class:`TypeError`, so that code catching either keeps working.
    """

    code = "argument"


class InvalidStateError(Phase10Error, ValueError):
    """A hand-built game state that breaks an invariant (cards lost or duplicated, ...)."""

    code = "invalid-state"


class Violation(str, enum.Enum):  # noqa: UP042 - str() stays Violation.NAME
    """Machine-readable reason an action is illegal (:attr:`IllegalActionError.code`).

    A member is also a ``str`` equal to its value (``Violation.GAME_OVER == "game-over"``), so
    it is the error's string code as well; ``str()`` and ``repr()`` still name the member.
    """

    GAME_OVER = "game-over"
    NOT_YOUR_TURN = "not-your-turn"
    CHANCE_TO_ACT = "chance-to-act"
    NOT_CHANCE = "not-chance"
    WRONG_STEP = "wrong-step"
    CARD_NOT_IN_HAND = "card-not-in-hand"
    CANNOT_TAKE_SKIP = "cannot-take-skip"
    EMPTY_PILE = "empty-pile"
    ALREADY_LAID_DOWN = "already-laid-down"
    PHASE_NOT_COMPLETE = "phase-not-complete"
    PHASE_NOT_LAID_DOWN = "phase-not-laid-down"
    NO_SUCH_MELD = "no-such-meld"
    HIT_DOES_NOT_FIT = "hit-does-not-fit"
    HIT_NOT_ALLOWED_YET = "hit-not-allowed-yet"
    MUST_DISCARD_LAST = "must-discard-last"
    BAD_SKIP_TARGET = "bad-skip-target"
    NOT_AN_OUTCOME = "not-an-outcome"
    NO_TAKE_TWO = "no-take-two"
    UNKNOWN_ACTION = "unknown-action"

    __repr__ = member_repr


class MeldProblem(enum.Enum):
    """Machine-readable reason a meld (or a laydown) is not valid (:attr:`phase10.Verdict.problem`).

    The same value names the same fault through every door: :func:`~phase10.check_meld`, a
    refused laydown's :attr:`GroupProblem.problem` and :attr:`IllegalActionError.problem`, and
    a JSON document's :attr:`FormatError.problem`. The last three members concern a laydown
    or a meld object, never cards checked on their own.
    """

    SKIP = "skip"
    TOO_FEW_CARDS = "too-few-cards"
    TOO_FEW_NATURALS = "too-few-naturals"
    MIXED_NUMBERS = "mixed-numbers"
    MIXED_COLORS = "mixed-colors"
    REPEATED_NUMBER = "repeated-number"
    NO_WRAP = "no-wrap"
    TOO_LONG = "too-long"
    GAP = "gap"
    WILD_VALUE = "wild-value"
    NO_FIT = "no-fit"
    #: A card the rules' game does not have (P7 or QH in the classic game).
    NOT_IN_DECK = "not-in-deck"
    #: A :class:`~phase10.Meld` object whose cards could form its group, but whose order,
    #: shape or card values say otherwise (one built by hand, or read from JSON as written).
    MALFORMED = "malformed"
    #: A laydown with more or fewer groups than its phase (the laydown as a whole, C-10).
    GROUP_COUNT = "group-count"
    #: Groups of one colour that a phase wants in different colours (T-3).
    SHARED_COLOR = "shared-color"

    __repr__ = member_repr


class InvalidMeldError(Phase10Error, ValueError):
    """Cards that do not form the group they are meant to form, or a hit that does not fit.

    Attributes:
        problem: The reason, as a :class:`~phase10.MeldProblem` (``None`` for an ambiguous hit and
            for a meld refused by :meth:`Meld.validate`, whose message gives the reason).
    """

    code = "invalid-meld"

    def __init__(
        self,
        message: str,
        *,
        problem: MeldProblem | None = None,
        said: Message | None = None,
        hint: Message | None = None,
    ):
        super().__init__(message, said=said, hint=hint)
        self.problem = problem

    def _details(self) -> dict[str, Any]:
        return {"problem": None if self.problem is None else self.problem.value}


class InvalidActionError(Phase10Error, ValueError):
    """An action built with a field of the wrong type, e.g. a seat that is not an int.

    Raised by the action classes' constructors. Whether a well-formed action is legal is
    for the rules to say (:class:`IllegalActionError`).
    """

    code = "invalid-action"


class IllegalActionError(Phase10Error, ValueError):
    """An action that the rules do not allow in the given state.

    The message is for people; the reason and where it applies are data beside it, so no
    caller needs to take the message apart.

    Attributes:
        code: What was violated, as a :class:`Violation` (a ``str``: its value is the code).
        action: The refused action.
        reason: Why, as a sentence without the action and the situation the message adds
            ("the draw pile is empty"); the message when none was given.
        problem: For a laydown or a hit, what is wrong with the cards, machine-readable (a
            :class:`MeldProblem`); ``None`` otherwise.
        group: The 0-based group of a laydown the reason concerns (the first failing one),
            else ``None``.
        card: The card the reason concerns (the card discarded, hit or not held), else
            ``None``.
        target: What the action aims at, in notation: the meld of a hit (``"p2.1"``) or the
            seat a skip is aimed at (``"p3"``); else ``None``.
    """

    code: Violation

    def __init__(
        self,
        message: str,
        *,
        code: Violation,
        action: Any = None,
        reason: str | None = None,
        problem: MeldProblem | None = None,
        group: int | None = None,
        card: Any = None,
        target: str | None = None,
        said: Message | None = None,
        hint: Message | None = None,
    ):
        super().__init__(message, said=said, hint=hint)
        self.code = code
        self.action = action
        self.reason = message if reason is None else reason
        self.problem = problem
        self.group = group
        self.card = card
        self.target = target

    def retold(self, message: str, *, action: Any = None) -> IllegalActionError:
        """The same refusal (class, code, reason and where) told with another message.

        For a caller that read the action from its own input (notation, groups of cards) and
        words the message after it: the data beside the message stay as they were.

        >>> error = IllegalActionError("x", code=Violation.EMPTY_PILE, reason="it is empty")
        >>> again = error.retold("illegal action 'draw': it is empty")
        >>> str(again), again.reason, again.code is error.code
        ("illegal action 'draw': it is empty", 'it is empty', True)
        """
        told = type(self).__new__(type(self))
        told.__dict__.update(self.__dict__)
        told.__dict__.pop("__notes__", None)
        Exception.__init__(told, message)
        told.action = action
        return told

    def _details(self) -> dict[str, Any]:
        return {
            "action": _notation(self.action),
            "reason": self.reason,
            "problem": None if self.problem is None else self.problem.value,
            "group": self.group,
            "card": _notation(self.card),
            "target": self.target,
        }


class AmbiguousActionError(Phase10Error, ValueError):
    """Short action notation that fits several legal actions.

    Attributes:
        text: The input.
        candidates: Every legal action the input could mean.
    """

    code = "ambiguous-action"

    def __init__(
        self,
        message: str,
        *,
        text: str,
        candidates: Sequence[Any],
        said: Message | None = None,
        hint: Message | None = None,
    ):
        super().__init__(message, said=said, hint=hint)
        self.text = text
        self.candidates = tuple(candidates)

    def _details(self) -> dict[str, Any]:
        return {"text": self.text, "candidates": [_notation(a) for a in self.candidates]}


class PictureError(Phase10Error, ValueError):
    """An option of a picture (:mod:`phase10.svg`) is out of range, e.g. a size below 1."""

    code = "picture"


class LimitError(Phase10Error, ValueError):
    """A number in the input is above a limit of :class:`phase10.Limits`.

    Raised before any work that grows with the value, so that untrusted input costs
    little. Raise the limit with ``limits=`` (or :func:`phase10.use_limits`) when you
    really need more.

    Attributes:
        path: Where the value is: a JSON path (``$.variant.meld_rules.max_number``) for a
            document, the name of the field or argument otherwise.
        limit: The name of the limit, a field of :class:`phase10.Limits`.
        maximum: The limit's value.
        value: The value found (a count, a size, a length).
    """

    code = "limit"

    def __init__(
        self,
        message: str,
        *,
        path: str,
        limit: str,
        maximum: int,
        value: int,
        said: Message | None = None,
    ):
        super().__init__(message, said=said)
        self.path = path
        self.limit = limit
        self.maximum = maximum
        self.value = value

    def _details(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "limit": self.limit,
            "maximum": self.maximum,
            "value": self.value,
        }


class SearchLimitError(LimitError):
    """A laydown search needed more steps than ``Limits.max_search_nodes`` allows.

    The built-in games never come near the limit; a hand this hard is hostile or far outside
    any real game (a custom phase of many groups and a huge hand).
    """

    code = "search-limit"


class StaleMoveError(Phase10Error, ValueError):
    """A move (or an undo) sent for a table that has moved on since the sender looked.

    :meth:`phase10.table.Table.submit` raises it when ``expect`` is not the table's
    ``version``, or when another move was already accepted from the same table: two moves
    sent at once, or one move sent twice (a double click). Nothing was played; send the
    move again, if still wanted, with the ``version`` of a fresh payload.

    Attributes:
        seat: The seat that sent it (0-based), ``None`` for an undo asked without a seat.
        expected: The version the sender had seen (``None`` when not given).
        version: The version of the table the move reached.
        latest: The version of the table the game has moved on to.
    """

    code = "stale-move"

    def __init__(
        self, message: str, *, seat: int | None, expected: int | None, version: int, latest: int
    ):
        super().__init__(message)
        self.seat = seat
        self.expected = expected
        self.version = version
        self.latest = latest

    def _details(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "expected": self.expected,
            "version": self.version,
            "latest": self.latest,
        }


class UndoRefusedError(Phase10Error, ValueError):
    """An undo the table's undo policy does not allow (:meth:`phase10.table.Table.undo`).

    Attributes:
        policy: The table's undo policy (``"never"``, ``"own-turn-no-draw"``, ``"always"``).
        reason: Why, as a sentence ("a card was drawn since").
    """

    code = "undo-refused"

    def __init__(self, message: str, *, policy: str, reason: str):
        super().__init__(message)
        self.policy = policy
        self.reason = reason

    def _details(self) -> dict[str, Any]:
        return {"policy": self.policy, "reason": self.reason}


@attrs.frozen
class GroupProblem:
    """Why one group of a laydown does not form the group of the phase it was meant for.

    Attributes:
        index: The group's 0-based place in the input (sentences say ``group index + 1``).
        group: The group of the phase it was checked against, e.g. ``"set of 3"``.
        problem: The reason, machine-readable (``None`` when it concerns the whole phase).
        reason: The reason as a sentence, e.g. "a set holds one number, these cards have 3
            and 5": the same one :func:`~phase10.check_meld` gives for these cards.
        cards: The group's cards as written (wilds with their values), e.g. ``"R3 B5 W=3"``.
        said: The reason as a :class:`Message` (``None``: only the sentence is known).
        term: The group's name as a :class:`Message` (``None``: only ``group`` is known).
    """

    index: int
    group: str
    problem: MeldProblem | None
    reason: str
    cards: str = ""
    said: Message | None = attrs.field(default=None, eq=False, repr=False, kw_only=True)
    term: Message | None = attrs.field(default=None, eq=False, repr=False, kw_only=True)

    @property
    def message(self) -> Message:
        """The reason naming the group, as a :class:`Message` for a player.

        >>> problem = GroupProblem(1, "set of 3", MeldProblem.GAP, "R3 and B5 differ", "R3 B5")
        >>> problem.message.text()
        'Group 2 (R3 B5), a set of 3: R3 and B5 differ'
        """
        reason = self.said or Message.of("text", text=self.reason)
        group = self.term or Message.of("text", text=self.group)
        return Message.of(
            "group-problem", number=self.index + 1, cards=self.cards, group=group, reason=reason
        )

    @property
    def sentence(self) -> str:
        """The reason naming the group, 1-based.

        >>> print(GroupProblem(1, "set of 3", MeldProblem.GAP, "...", "R3 B5").sentence)
        group 2 (R3 B5), a set of 3: ...
        """
        group = self.group if self.group[:1].isdigit() else f"a {self.group}"
        cards = f" ({self.cards})" if self.cards else ""
        return f"group {self.index + 1}{cards}, {group}: {self.reason}"

    def to_dict(self) -> dict[str, Any]:
        """The problem as a JSON-ready dict (``index`` is 0-based, like every JSON index)."""
        return {
            "index": self.index,
            "group": self.group,
            "problem": None if self.problem is None else self.problem.value,
            "reason": self.reason,
            "cards": self.cards,
            "sentence": self.sentence,
        }


class LaydownError(IllegalActionError):
    """A laydown whose cards do not make the phase; says which group fails and why.

    An :class:`IllegalActionError` with code :attr:`Violation.PHASE_NOT_COMPLETE` (or
    :attr:`Violation.CARD_NOT_IN_HAND`) that carries a :class:`GroupProblem` per failing group,
    or none when the fault is the phase as a whole ("phase 1 (2 sets of 3) has 2 groups, you
    gave 3"; then :attr:`~IllegalActionError.problem` says which). With problems, the
    error's ``reason`` is their sentences, and its ``problem`` and ``group`` the first one's.

    Attributes:
        problems: One :class:`GroupProblem` per failing group, in input order.
    """

    def __init__(
        self,
        message: str,
        *,
        code: Violation = Violation.PHASE_NOT_COMPLETE,
        action: Any = None,
        problems: Sequence[GroupProblem] = (),
        reason: str | None = None,
        problem: MeldProblem | None = None,
        card: Any = None,
        said: Message | None = None,
        hint: Message | None = None,
    ):
        problems = tuple(problems)
        first = problems[0] if problems else None
        if reason is None and problems:
            reason = "; ".join(p.sentence for p in problems)
        super().__init__(
            message,
            code=code,
            action=action,
            reason=reason,
            problem=first.problem if first is not None and problem is None else problem,
            group=None if first is None else first.index,
            card=card,
            said=said,
            hint=hint,
        )
        self.problems = problems

    def _said(self) -> Message:
        if self.said is not None or not self.problems:
            return super()._said()
        # each group's reason once: a later group with the same reason points to the first
        first: dict[str, int] = {}
        sentences: list[Message] = []
        for p in self.problems:
            if p.reason in first:
                same = Message.of("same-problem", number=p.index + 1, first=first[p.reason])
                sentences.append(same)
            else:
                first[p.reason] = p.index + 1
                sentences.append(p.message)
        return Message.of("sentences", sentences=tuple(sentences))

    def _details(self) -> dict[str, Any]:
        return {**super()._details(), "problems": [p.to_dict() for p in self.problems]}
