"""The enumeration members the engine's hot paths read, as module constants (speed).

A fenced speed trick, like those of :mod:`phase10._fast`: on Python 3.11 ``enum.EnumType``
defines ``__getattr__``, so every read of a member from its class (``TurnStep.PLAY``) goes
through the slow attribute hook of a metaclass with ``__getattr__``, about 100 ns, where a
module constant is read in a few. The rules read a step or a kind several times per
action, so they import the members from here instead. This is the one place that makes
such aliases: each is named ``PREFIX_NAME`` for the member ``NAME`` of the enumeration
that :data:`ALIASED` gives for ``PREFIX``, and ``tests/test_members.py`` checks that every
alias ``is`` its member. Code off the hot paths keeps writing ``TurnStep.PLAY``.
"""

from __future__ import annotations

import enum
from typing import Final

from phase10.cards import ActionKind, Kind
from phase10.errors import Violation
from phase10.state import TurnStep, Unseen
from phase10.variants import Advance, LaydownStyle, PhaseOrder, SkipLimit, SkipTarget, TiebreakWin

__all__ = [
    "ACTION_GIVE_FIVE",
    "ACTION_KEEP_ALL",
    "ACTION_TAKE_TWO",
    "ADVANCE_EVERY_HAND",
    "ALIASED",
    "KIND_ACTION",
    "KIND_NUMBER",
    "KIND_SKIP",
    "LIMIT_ROUND",
    "ORDER_PICK",
    "STEP_DEAL",
    "STEP_DRAW",
    "STEP_DRAW_TWO",
    "STEP_KEEP",
    "STEP_KEEP_HAND",
    "STEP_OFFER",
    "STEP_OVER",
    "STEP_PLAY",
    "STEP_RESHUFFLE",
    "STEP_REVEAL",
    "STEP_TAKE_OFFER",
    "STEP_TURN_UP",
    "STYLE_ANNOUNCE",
    "STYLE_TABLE",
    "TARGET_NEXT",
    "TIEBREAK_GO_OUT",
    "TIEBREAK_LAYDOWN",
    "UNSEEN_DEAL",
    "UNSEEN_KEEP",
    "UNSEEN_REVEAL",
    "VIOLATION_ALREADY_LAID_DOWN",
    "VIOLATION_CANNOT_TAKE_SKIP",
    "VIOLATION_EMPTY_PILE",
    "VIOLATION_HIT_NOT_ALLOWED_YET",
    "VIOLATION_MUST_DISCARD_LAST",
    "VIOLATION_NO_SUCH_MELD",
    "VIOLATION_NO_TAKE_TWO",
    "VIOLATION_PHASE_NOT_LAID_DOWN",
]

#: The enumeration of each prefix.
ALIASED: Final[dict[str, type[enum.Enum]]] = {
    "ACTION": ActionKind,
    "ADVANCE": Advance,
    "KIND": Kind,
    "LIMIT": SkipLimit,
    "ORDER": PhaseOrder,
    "STEP": TurnStep,
    "STYLE": LaydownStyle,
    "TARGET": SkipTarget,
    "TIEBREAK": TiebreakWin,
    "UNSEEN": Unseen,
    "VIOLATION": Violation,
}

ACTION_GIVE_FIVE: Final = ActionKind.GIVE_FIVE
ACTION_KEEP_ALL: Final = ActionKind.KEEP_ALL
ACTION_TAKE_TWO: Final = ActionKind.TAKE_TWO
ADVANCE_EVERY_HAND: Final = Advance.EVERY_HAND
KIND_ACTION: Final = Kind.ACTION
KIND_NUMBER: Final = Kind.NUMBER
KIND_SKIP: Final = Kind.SKIP
LIMIT_ROUND: Final = SkipLimit.ROUND
ORDER_PICK: Final = PhaseOrder.PICK
STEP_DEAL: Final = TurnStep.DEAL
STEP_DRAW: Final = TurnStep.DRAW
STEP_DRAW_TWO: Final = TurnStep.DRAW_TWO
STEP_KEEP: Final = TurnStep.KEEP
STEP_KEEP_HAND: Final = TurnStep.KEEP_HAND
STEP_OFFER: Final = TurnStep.OFFER
STEP_OVER: Final = TurnStep.OVER
STEP_PLAY: Final = TurnStep.PLAY
STEP_RESHUFFLE: Final = TurnStep.RESHUFFLE
STEP_REVEAL: Final = TurnStep.REVEAL
STEP_TAKE_OFFER: Final = TurnStep.TAKE_OFFER
STEP_TURN_UP: Final = TurnStep.TURN_UP
STYLE_ANNOUNCE: Final = LaydownStyle.ANNOUNCE
STYLE_TABLE: Final = LaydownStyle.TABLE
TARGET_NEXT: Final = SkipTarget.NEXT
TIEBREAK_GO_OUT: Final = TiebreakWin.GO_OUT
TIEBREAK_LAYDOWN: Final = TiebreakWin.LAYDOWN
UNSEEN_DEAL: Final = Unseen.DEAL
UNSEEN_KEEP: Final = Unseen.KEEP
UNSEEN_REVEAL: Final = Unseen.REVEAL
VIOLATION_ALREADY_LAID_DOWN: Final = Violation.ALREADY_LAID_DOWN
VIOLATION_CANNOT_TAKE_SKIP: Final = Violation.CANNOT_TAKE_SKIP
VIOLATION_EMPTY_PILE: Final = Violation.EMPTY_PILE
VIOLATION_HIT_NOT_ALLOWED_YET: Final = Violation.HIT_NOT_ALLOWED_YET
VIOLATION_MUST_DISCARD_LAST: Final = Violation.MUST_DISCARD_LAST
VIOLATION_NO_SUCH_MELD: Final = Violation.NO_SUCH_MELD
VIOLATION_NO_TAKE_TWO: Final = Violation.NO_TAKE_TWO
VIOLATION_PHASE_NOT_LAID_DOWN: Final = Violation.PHASE_NOT_LAID_DOWN
