"""The grammar shared by action notation and the history's event text (internal).

:func:`read` turns ``p1 lay R7 B7 W=7 | G2 G3 G4 Y5`` into a :class:`Parsed` form, before
anything is matched: :mod:`phase10.notation` matches it against the legal actions of a
position, :mod:`phase10._history_text` rebuilds the event it writes. Bad syntax raises
:class:`~phase10.NotationError` quoting the text and where it went wrong.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import attrs

from phase10.actions import ACTION_TYPES, Action, Operands
from phase10.cards import Card, CardGame, parse_card
from phase10.errors import Message, NotationError
from phase10.groups import End

#: The words of an action or event: ``|`` and ``>`` alone, else runs of other characters.
TOKEN_RE = re.compile(r"\||>|[^\s|>,]+")
_SEAT_RE = re.compile(r"p([1-9][0-9]{0,2})", re.IGNORECASE)
_LOOSE_SEAT_RE = re.compile(r"p[0-9]+", re.IGNORECASE)
_PHASE_RE = re.compile(r"phase[1-9][0-9]{0,2}", re.IGNORECASE)
_REF_RE = re.compile(r"p([1-9][0-9]{0,2})\.([1-9][0-9]{0,2})", re.IGNORECASE)
_VALUE_RE = re.compile(r"[A-Za-z]?[0-9]{0,2}|[0-9]{1,2}[A-Za-z]")

#: The kind of action each verb writes (the ``verbs`` of each of ``ACTION_TYPES``).
KIND_OF_VERB: dict[str, type[Action]] = {verb: t for t in ACTION_TYPES for verb in t.verbs}
#: The verbs of chance actions, as the notation writes them.
CHANCE_VERBS = frozenset(verb for verb, t in KIND_OF_VERB.items() if t.is_chance)
#: The verbs a player of the classic game uses, the ones a refusal names when it knows no game.
_PLAYER_VERBS = ("draw", "take", "lay", "hit", "discard")
#: The card "which card? e.g. discard R7" offers.
_EXAMPLE = "R7"


def card_fault(exc: NotationError, text: str) -> tuple[str, Message]:
    """The reason and message of ``parse_card(text)``'s refusal ``exc``, to say once.

    The card's own reason, never the whole inner message again inside the outer one.
    """
    said = exc.said or Message.of("notation.not-a-card", token=text)
    why = str(exc).removeprefix(f"bad card {text!r} at position 0 in {text!r}: ")
    return (why if why.startswith(text) else f"{text!r} is not a card: {why}"), said


def bare_action(kind: type[Action], seat: int, verb: str) -> Action:
    """The action of ``kind`` (whose notation writes nothing after the verb) that ``verb`` is."""
    args: tuple[object, ...] = () if kind.is_chance else (seat,)
    if len(kind.verbs) > 1:  # its bool field, written as the verb (Operands.NONE)
        args = (*args, verb == kind.verbs[0])
    make: Callable[..., Action] = kind
    return make(*args)


def card_action(kind: type[Action], seat: int, card: Card) -> Action:
    """The action of ``kind`` (whose notation writes one card) with ``card``."""
    make: Callable[..., Action] = kind
    return make(card) if kind.is_chance else make(seat, card)


def quote(text: str) -> str:
    """``text`` quoted for a message, cut short when long (the error keeps all of it)."""
    return repr(text) if len(text) <= 200 else f"{text[:100]!r}... ({len(text)} characters)"


@attrs.frozen
class Token:
    """A word of the text and where it starts (``|`` and ``>`` are words of their own)."""

    text: str
    pos: int

    @property
    def low(self) -> str:
        """The word in lower case: verbs and keywords are read without case."""
        return self.text.lower()


@attrs.frozen
class Placed:
    """A card in the input, with the wild value written after ``=`` (upper case) if any."""

    card: Card
    value: str | None


@attrs.frozen
class Parsed:
    """The input read by the grammar, before it is matched against the legal actions."""

    verb: str
    seat: int | None = None
    cards: tuple[Placed, ...] = ()
    melds: tuple[tuple[Placed, ...], ...] = ()
    ref: tuple[int, int] | None = None
    end: End | None = None
    target: int | None = None
    has_target: bool = False
    flag: bool | None = None
    owner: int | None = None
    phase: int | None = None


class Reader:
    """A cursor over the tokens of one action, raising :class:`NotationError` on bad syntax."""

    def __init__(
        self,
        text: str,
        game: CardGame | None = None,
        *,
        what: str = "action notation",
        shown: str | None = None,
    ):
        self.text = text
        #: the game whose cards the text may name (a card of another game is bad notation)
        self.game = game
        #: how errors name the input, and the input they quote (``text`` is a prefix of it)
        self.what = what
        self.shown = text if shown is None else shown
        self.quoted = repr(self.shown) if shown is None else quote(shown)
        self.tokens = [Token(m.group(0), m.start()) for m in TOKEN_RE.finditer(text)]
        self.i = 0
        #: the verb read so far ("" before it), for "which card? e.g. discard R7"
        self.verb = ""

    def error(
        self, message: str, token: Token | None = None, said: Message | None = None
    ) -> NotationError:
        if token is None:
            token = self.peek() or Token("", len(self.text))
        where = f"at position {token.pos}" if token.text else "at the end"
        if said is None:
            said = (
                Message.of("notation.unexpected", token=token.text)
                if token.text
                else Message.of(
                    "notation.which-card", verb=self.verb or "discard", example=_EXAMPLE
                )
            )
        return NotationError(
            f"bad {self.what} {self.quoted}: {message} ({where})",
            text=self.shown,
            token=token.text,
            position=token.pos,
            said=said,
        )

    def peek(self) -> Token | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def next(self, what: str) -> Token:
        token = self.peek()
        if token is None:
            raise self.error(f"expected {what}")
        self.i += 1
        return token

    def done(self) -> bool:
        return self.i >= len(self.tokens)

    def finish(self) -> None:
        token = self.peek()
        if token is not None:
            raise self.error(f"unexpected {token.text!r}", token)

    def seat(self, token: Token) -> int:
        match = _SEAT_RE.fullmatch(token.text)
        if match is None:
            raise self.error(
                f"expected a seat such as p1 (seats are numbered from p1), got {token.text!r}",
                token,
                Message.of("notation.bad-seat", token=token.text),
            )
        return int(match.group(1)) - 1

    def card(self, token: Token) -> Card:
        try:
            return parse_card(token.text, game=self.game)
        except NotationError as exc:
            reason, said = card_fault(exc, token.text)
            raise self.error(reason, token, said) from None

    def placed(self, token: Token) -> Placed:
        head, eq, tail = token.text.partition("=")
        card = self.card(Token(head, token.pos))
        if not eq:
            return Placed(card, None)
        if not card.is_wild or not tail or _VALUE_RE.fullmatch(tail) is None:
            raise self.error(
                f"bad value {token.text!r}: only a wild takes a value, written W=7, W=R or W=R7",
                token,
                Message.of("notation.only-wild-value"),
            )
        return Placed(card, tail.upper())


def read(text: str, game: CardGame | None = None, reader: Reader | None = None) -> Parsed:
    """Read ``text`` (or what ``reader`` holds) by the grammar of an action, unmatched.

    Raises:
        NotationError: ``text`` is not an action by the grammar; the message quotes it.
    """
    r = Reader(text, game) if reader is None else reader
    if r.done():
        raise r.error(
            "empty action: expected e.g. 'p1 draw' or 'deal R7'",
            said=Message.of("notation.empty", example=_EXAMPLE),
        )
    seat: int | None = None
    first = r.peek()
    assert first is not None
    if _LOOSE_SEAT_RE.fullmatch(first.text):
        seat = r.seat(r.next("a seat"))
    if r.done():
        raise r.error(
            "expected a verb such as draw, take, lay, hit or discard",
            said=Message.of("notation.empty", example=_EXAMPLE),
        )
    verb_token = r.next("a verb such as draw, take, lay, hit or discard")
    verb = verb_token.low
    kind = KIND_OF_VERB.get(verb)
    if kind is None:
        raise r.error(
            # every verb of the grammar (a record holds chance's too); a player is told the
            # verbs of their game (the message's parameters, see notation.parse_action)
            f"unknown verb {verb_token.text!r}; expected one of {', '.join(sorted(KIND_OF_VERB))}",
            verb_token,
            Message.of("notation.unknown-verb", word=verb_token.text, verbs=_PLAYER_VERBS),
        )
    r.verb = verb
    if kind.is_chance and seat is not None:
        raise r.error(f"chance actions ({verb}) take no seat", first)
    operands = kind.operands
    if operands is Operands.NONE:
        r.finish()
        # a kind with two verbs writes its bool field as the verb (keephand / releasehand)
        flag = verb == kind.verbs[0] if len(kind.verbs) > 1 else None
        return Parsed(verb, seat, flag=flag)
    if operands is Operands.CARD:
        card = r.card(r.next("a card"))
        r.finish()
        return Parsed(verb, seat, cards=(Placed(card, None),))
    if operands is Operands.SEAT_CARD:
        owner = r.seat(r.next("the seat whose offered card is chosen"))
        card = r.card(r.next("a card"))
        r.finish()
        return Parsed(verb, seat, cards=(Placed(card, None),), owner=owner)
    if operands is Operands.DISCARD:
        card = r.card(r.next("a card"))
        target: int | None = None
        has_target = False
        if not r.done():
            arrow = r.next("'>'")
            if arrow.text != ">":
                raise r.error(f"expected '>' and a target seat, got {arrow.text!r}", arrow)
            target = r.seat(r.next("a target seat after '>'"))
            has_target = True
        r.finish()
        return Parsed(verb, seat, cards=(Placed(card, None),), target=target, has_target=has_target)
    if operands is Operands.HIT:
        ref = None
        token = r.next("a card (or a meld such as p2.1, then a card)")
        match = _REF_RE.fullmatch(token.text)
        if match is not None:
            ref = (int(match.group(1)) - 1, int(match.group(2)) - 1)
            token = r.next("a card")
        placed = r.placed(token)
        end = None
        if not r.done():
            token = r.next("low or high")
            if token.low not in ("low", "high"):
                raise r.error(f"expected low or high, got {token.text!r}", token)
            end = End(token.low)
        r.finish()
        return Parsed(verb, seat, cards=(placed,), ref=ref, end=end)
    # Operands.LAYDOWN / Operands.ANNOUNCE
    flag = None
    if operands is Operands.ANNOUNCE:
        token = r.next("keep or redraw")
        if token.low not in ("keep", "redraw"):
            raise r.error(f"expected keep or redraw, got {token.text!r}", token)
        flag = token.low == "keep"
    phase = None
    ahead = r.peek()
    if ahead is not None and _PHASE_RE.fullmatch(ahead.text):
        r.next("a phase")
        phase = int(ahead.text[5:]) - 1
    melds: list[tuple[Placed, ...]] = []
    current: list[Placed] = []
    while not r.done():
        token = r.next("a card")
        if token.text == "|":
            if not current:
                raise r.error("empty meld before '|'", token)
            melds.append(tuple(current))
            current = []
        elif token.text == ">":
            raise r.error("unexpected '>'", token)
        else:
            current.append(r.placed(token))
    if not current:
        raise r.error("expected the cards of a meld")
    melds.append(tuple(current))
    return Parsed(verb, seat, melds=tuple(melds), flag=flag, phase=phase)
