"""The exception hierarchy: every error the library raises derives from :class:`Phase10Error`."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Any

__all__ = [
    "AmbiguousActionError",
    "DefinitionError",
    "FormatError",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidCardError",
    "InvalidMeldError",
    "InvalidStateError",
    "LimitError",
    "MeldProblem",
    "NotationError",
    "Phase10Error",
    "PictureError",
    "SearchLimitError",
    "Violation",
]


class Phase10Error(Exception):
    """Root of every error raised by phase10; catch this to catch them all."""


class NotationError(Phase10Error, ValueError):
    """Text that is not valid notation.

    Attributes:
        text: The whole input.
        token: The offending token ("" when the input as a whole is wrong).
        position: The 0-based character offset of the token in ``text``.
        line: The 1-based line number in a multi-line text (a game record), else ``None``.
    """

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


class FormatError(Phase10Error, ValueError):
    """A JSON document (or decoded dict) that is not a valid phase10 document.

    Raised for anything malformed, out of range or inconsistent: wrong types, missing or
    unknown keys, impossible cards, invalid melds, cards lost or duplicated.

    Attributes:
        path: Where the bad value is, as a JSONPath such as ``$.state.players[2].hand[3]``.
    """

    def __init__(self, message: str, *, path: str = "$"):
        super().__init__(message)
        self.path = path


class InvalidCardError(Phase10Error, ValueError):
    """A card that cannot exist, e.g. a number outside 1-12 or a wild with a colour."""


class DefinitionError(Phase10Error, ValueError):
    """A group type, phase, rule set or variant that is inconsistent or impossible."""


class InvalidStateError(Phase10Error, ValueError):
    """A hand-built game state that breaks an invariant (cards lost or duplicated, ...)."""


class Violation(enum.Enum):
    """Machine-readable reason an action is illegal (:attr:`IllegalActionError.code`)."""

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


class InvalidMeldError(Phase10Error, ValueError):
    """Cards that do not form the group they are meant to form, or a hit that does not fit.

    Attributes:
        problem: The reason, as a :class:`~phase10.MeldProblem` (``None`` for an ambiguous hit and
            for a meld refused by :meth:`Meld.validate`, whose message gives the reason).
    """

    def __init__(self, message: str, *, problem: MeldProblem | None = None):
        super().__init__(message)
        self.problem = problem


class InvalidActionError(Phase10Error, ValueError):
    """An action built with a field of the wrong type, e.g. a seat that is not an int.

    Raised by the action classes' constructors. Whether a well-formed action is legal is
    for the rules to say (:class:`IllegalActionError`).
    """


class IllegalActionError(Phase10Error, ValueError):
    """An action that the rules do not allow in the given state.

    Attributes:
        code: What was violated, as a :class:`Violation`.
        action: The refused action.
    """

    def __init__(self, message: str, *, code: Violation, action: Any = None):
        super().__init__(message)
        self.code = code
        self.action = action


class AmbiguousActionError(Phase10Error, ValueError):
    """Short action notation that fits several legal actions.

    Attributes:
        text: The input.
        candidates: Every legal action the input could mean.
    """

    def __init__(self, message: str, *, text: str, candidates: Sequence[Any]):
        super().__init__(message)
        self.text = text
        self.candidates = tuple(candidates)


class PictureError(Phase10Error, ValueError):
    """An option of a picture (:mod:`phase10.svg`) is out of range, e.g. a size below 1."""


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

    def __init__(self, message: str, *, path: str, limit: str, maximum: int, value: int):
        super().__init__(message)
        self.path = path
        self.limit = limit
        self.maximum = maximum
        self.value = value


class SearchLimitError(LimitError):
    """A laydown search needed more steps than ``Limits.max_search_nodes`` allows.

    The built-in games never come near the limit; a hand this hard is hostile or far outside
    any real game (a custom phase of many groups and a huge hand).
    """
