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

__all__ = [
    "AmbiguousActionError",
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
    "NotationError",
    "Phase10Error",
    "PictureError",
    "SearchLimitError",
    "Violation",
]


def _notation(item: Any) -> Any:
    """An action (or anything else) as JSON: its notation, ``str()``, unless already JSON."""
    if item is None or isinstance(item, bool | int | float):
        return item
    return str(item)


class Phase10Error(Exception):
    """Root of every error raised by phase10; catch this to catch them all.

    Attributes:
        code: What went wrong, a stable string such as ``"notation"`` or ``"not-your-turn"``;
            each subclass sets its own (see :doc:`/reference/errors`). Compare codes, never
            messages: the wording of messages may change.
    """

    code: str = "error"

    def to_dict(self) -> dict[str, Any]:
        """The error as a JSON-ready dict: ``code``, ``message`` and the details of its kind.

        The details are those of the subclass: ``path`` (a :class:`FormatError`), ``token``,
        ``position`` and ``line`` (a :class:`NotationError`), ``action`` (an
        :class:`IllegalActionError`), ``candidates`` as action notation (an
        :class:`AmbiguousActionError`), ``problems`` (a :class:`LaydownError`).

        >>> NotationError("bad card 'X9'", text="X9", token="X9").to_dict()
        {'code': 'notation', 'message': "bad card 'X9'", 'text': 'X9', 'token': 'X9', 'position': 0, 'line': None}
        """  # noqa: E501
        code = self.code
        value = code.value if isinstance(code, enum.Enum) else code
        return {"code": value, "message": str(self), **self._details()}

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
    ):
        super().__init__(message)
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
    """

    code = "format"

    def __init__(self, message: str, *, path: str = "$"):
        super().__init__(message)
        self.path = path

    def _details(self) -> dict[str, Any]:
        return {"path": self.path}


class InvalidCardError(Phase10Error, ValueError):
    """A card that cannot exist, e.g. a number outside 1-12 or a wild with a colour."""

    code = "invalid-card"


class DefinitionError(Phase10Error, ValueError):
    """A group type, phase, rule set or variant that is inconsistent or impossible."""

    code = "definition"


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
    """Machine-readable reason a meld is not valid (:attr:`phase10.Verdict.problem`)."""

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

    __repr__ = member_repr


class InvalidMeldError(Phase10Error, ValueError):
    """Cards that do not form the group they are meant to form, or a hit that does not fit.

    Attributes:
        problem: The reason, as a :class:`~phase10.MeldProblem` (``None`` for an ambiguous hit and
            for a meld refused by :meth:`Meld.validate`, whose message gives the reason).
    """

    code = "invalid-meld"

    def __init__(self, message: str, *, problem: MeldProblem | None = None):
        super().__init__(message)
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

    Attributes:
        code: What was violated, as a :class:`Violation` (a ``str``: its value is the code).
        action: The refused action.
    """

    code: Violation

    def __init__(self, message: str, *, code: Violation, action: Any = None):
        super().__init__(message)
        self.code = code
        self.action = action

    def _details(self) -> dict[str, Any]:
        return {"action": _notation(self.action)}


class AmbiguousActionError(Phase10Error, ValueError):
    """Short action notation that fits several legal actions.

    Attributes:
        text: The input.
        candidates: Every legal action the input could mean.
    """

    code = "ambiguous-action"

    def __init__(self, message: str, *, text: str, candidates: Sequence[Any]):
        super().__init__(message)
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

    def __init__(self, message: str, *, path: str, limit: str, maximum: int, value: int):
        super().__init__(message)
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


@attrs.frozen
class GroupProblem:
    """Why one group of a laydown does not form the group of the phase it was meant for.

    Attributes:
        index: The group's 0-based place in the input (messages say ``group index + 1``).
        group: The group of the phase it was checked against, e.g. ``"set of 3"``.
        problem: The reason, machine-readable (``None`` when it concerns the whole phase).
        reason: The reason as a sentence, e.g. "a set holds one number, these cards have 3
            and 5".
    """

    index: int
    group: str
    problem: MeldProblem | None
    reason: str

    @property
    def sentence(self) -> str:
        """The reason naming the group, 1-based: "group 2: a set holds one number, ..."."""
        return f"group {self.index + 1}: {self.reason}"

    def to_dict(self) -> dict[str, Any]:
        """The problem as a JSON-ready dict (``index`` is 0-based, like every JSON index)."""
        return {
            "index": self.index,
            "group": self.group,
            "problem": None if self.problem is None else self.problem.value,
            "reason": self.reason,
            "sentence": self.sentence,
        }


class LaydownError(IllegalActionError):
    """A laydown whose cards do not make the phase; says which group fails and why.

    An :class:`IllegalActionError` with code :attr:`Violation.PHASE_NOT_COMPLETE` (or
    :attr:`Violation.CARD_NOT_IN_HAND`) that carries a :class:`GroupProblem` per failing group,
    or none when the fault is the phase as a whole ("phase 2 needs 7 cards, you gave 6").

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
    ):
        super().__init__(message, code=code, action=action)
        self.problems = tuple(problems)

    def _details(self) -> dict[str, Any]:
        return {**super()._details(), "problems": [p.to_dict() for p in self.problems]}
