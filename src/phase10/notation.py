"""Action notation: reading ``p1 lay R7 B7 W=7 | G2 G3 G4 Y5`` back into an action.

``str(action)`` is the canonical notation. :func:`parse_action` reads notation in the context
of a state by matching it against :func:`~phase10.legal_actions` (as python-chess's
``parse_san`` does), so parsing and move generation cannot disagree. The grammar is in
:doc:`/reference/action-notation`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

import attrs

from phase10.actions import (
    Action,
    Announce,
    Deal,
    Discard,
    Draw,
    DrawTwo,
    Hit,
    Keep,
    KeepHand,
    LayDown,
    Offer,
    Reshuffle,
    Reveal,
    TakeDiscard,
    TakeOffer,
    TurnUp,
    seat_name,
)
from phase10.cards import Card, CardGame, parse_card
from phase10.errors import (
    AmbiguousActionError,
    GroupProblem,
    IllegalActionError,
    LaydownError,
    NotationError,
    Phase10Error,
    Violation,
)
from phase10.grouping import lay_down_from_groups
from phase10.groups import End, Meld, Value
from phase10.phases import Phase, PhaseMelds
from phase10.rules import check, legal_actions
from phase10.state import CHANCE, GameState
from phase10.variants import PhaseOrder, Variant
from phase10.views import PlayerView

__all__ = ["action_text", "parse_action"]

_TOKEN_RE = re.compile(r"\||>|[^\s|>,]+")
_SEAT_RE = re.compile(r"p([1-9][0-9]{0,2})", re.IGNORECASE)
_LOOSE_SEAT_RE = re.compile(r"p[0-9]+", re.IGNORECASE)
_PHASE_RE = re.compile(r"phase[1-9][0-9]{0,2}", re.IGNORECASE)
_REF_RE = re.compile(r"p([1-9][0-9]{0,2})\.([1-9][0-9]{0,2})", re.IGNORECASE)
_VALUE_RE = re.compile(r"[A-Za-z]?[0-9]{0,2}|[0-9]{1,2}[A-Za-z]")

_CHANCE_VERBS = frozenset({"deal", "turnup", "reveal", "reshuffle"})
_PLAYER_VERBS = frozenset(
    {
        "draw",
        "take",
        "lay",
        "hit",
        "discard",
        "draw2",
        "keep",
        "offer",
        "choose",
        "keephand",
        "releasehand",
        "announce",
    }
)


def _quote(text: str) -> str:
    """``text`` quoted for a message, cut short when long (the error keeps all of it)."""
    return repr(text) if len(text) <= 200 else f"{text[:100]!r}... ({len(text)} characters)"


@attrs.frozen
class _Token:
    text: str
    pos: int

    @property
    def low(self) -> str:
        return self.text.lower()


@attrs.frozen
class _Placed:
    """A card in the input, with the wild value written after ``=`` (upper case) if any."""

    card: Card
    value: str | None


@attrs.frozen
class _Parsed:
    """The input read by the grammar, before it is matched against the legal actions."""

    verb: str
    seat: int | None = None
    cards: tuple[_Placed, ...] = ()
    melds: tuple[tuple[_Placed, ...], ...] = ()
    ref: tuple[int, int] | None = None
    end: End | None = None
    target: int | None = None
    has_target: bool = False
    flag: bool | None = None
    owner: int | None = None
    phase: int | None = None


class _Reader:
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
        self.quoted = repr(self.shown) if shown is None else _quote(shown)
        self.tokens = [_Token(m.group(0), m.start()) for m in _TOKEN_RE.finditer(text)]
        self.i = 0

    def error(self, message: str, token: _Token | None = None) -> NotationError:
        if token is None:
            token = self.peek() or _Token("", len(self.text))
        where = f"at position {token.pos}" if token.text else "at the end"
        return NotationError(
            f"bad {self.what} {self.quoted}: {message} ({where})",
            text=self.shown,
            token=token.text,
            position=token.pos,
        )

    def peek(self) -> _Token | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def next(self, what: str) -> _Token:
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

    def seat(self, token: _Token) -> int:
        match = _SEAT_RE.fullmatch(token.text)
        if match is None:
            raise self.error(
                f"expected a seat such as p1 (seats are numbered from p1), got {token.text!r}",
                token,
            )
        return int(match.group(1)) - 1

    def card(self, token: _Token) -> Card:
        try:
            return parse_card(token.text, game=self.game)
        except NotationError as exc:
            raise self.error(f"{token.text!r} is not a card ({exc})", token) from None

    def placed(self, token: _Token) -> _Placed:
        head, eq, tail = token.text.partition("=")
        card = self.card(_Token(head, token.pos))
        if not eq:
            return _Placed(card, None)
        if not card.is_wild or not tail or _VALUE_RE.fullmatch(tail) is None:
            raise self.error(
                f"bad value {token.text!r}: only a wild takes a value, written W=7, W=R or W=R7",
                token,
            )
        return _Placed(card, tail.upper())


def _read(text: str, game: CardGame | None = None, reader: _Reader | None = None) -> _Parsed:
    r = _Reader(text, game) if reader is None else reader
    if r.done():
        raise r.error("empty action: expected e.g. 'p1 draw' or 'deal R7'")
    seat: int | None = None
    first = r.peek()
    assert first is not None
    if _LOOSE_SEAT_RE.fullmatch(first.text):
        seat = r.seat(r.next("a seat"))
    verb_token = r.next("a verb such as draw, take, lay, hit or discard")
    verb = verb_token.low
    if verb in _CHANCE_VERBS:
        if seat is not None:
            raise r.error(f"chance actions ({verb}) take no seat", first)
        if verb == "reshuffle":
            r.finish()
            return _Parsed(verb)
        card = r.card(r.next("a card"))
        r.finish()
        return _Parsed(verb, cards=(_Placed(card, None),))
    if verb not in _PLAYER_VERBS:
        raise r.error(
            f"unknown verb {verb_token.text!r}; expected one of "
            f"{', '.join(sorted(_PLAYER_VERBS | _CHANCE_VERBS))}",
            verb_token,
        )
    if verb in ("draw", "take", "draw2", "keephand", "releasehand"):
        r.finish()
        flag = {"keephand": True, "releasehand": False}.get(verb)
        return _Parsed(verb, seat, flag=flag)
    if verb in ("keep", "offer"):
        card = r.card(r.next("a card"))
        r.finish()
        return _Parsed(verb, seat, cards=(_Placed(card, None),))
    if verb == "choose":
        owner = r.seat(r.next("the seat whose offered card is chosen"))
        card = r.card(r.next("a card"))
        r.finish()
        return _Parsed(verb, seat, cards=(_Placed(card, None),), owner=owner)
    if verb == "discard":
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
        return _Parsed(
            verb, seat, cards=(_Placed(card, None),), target=target, has_target=has_target
        )
    if verb == "hit":
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
        return _Parsed(verb, seat, cards=(placed,), ref=ref, end=end)
    # lay / announce
    flag = None
    if verb == "announce":
        token = r.next("keep or redraw")
        if token.low not in ("keep", "redraw"):
            raise r.error(f"expected keep or redraw, got {token.text!r}", token)
        flag = token.low == "keep"
    phase = None
    ahead = r.peek()
    if ahead is not None and _PHASE_RE.fullmatch(ahead.text):
        r.next("a phase")
        phase = int(ahead.text[5:]) - 1
    melds: list[tuple[_Placed, ...]] = []
    current: list[_Placed] = []
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
    return _Parsed(verb, seat, melds=tuple(melds), flag=flag, phase=phase)


# ----------------------------------------------------------------------------- matching


def _placed_fits(spec: Sequence[_Placed], cards: Sequence[Card], values: Sequence[str]) -> bool:
    """Whether the written cards are exactly ``cards`` and every written wild value fits."""
    if Counter(p.card for p in spec) != Counter(cards):
        return False
    pins = Counter((p.card, p.value) for p in spec if p.value is not None)
    if not pins:
        return True
    have = Counter(zip(cards, values, strict=True))
    return all(have[key] >= n for key, n in pins.items())


def _meld_fits(spec: Sequence[_Placed], meld: Meld) -> bool:
    return _placed_fits(spec, meld.cards, [str(v).upper() for v in meld.values])


def _laydown_fits(melds: Sequence[Sequence[_Placed]], laydown: PhaseMelds) -> bool:
    actual = laydown.melds
    if len(melds) == 1 and len(actual) > 1:  # all cards written as one group
        cards = [c for m in actual for c in m.cards]
        values = [str(v).upper() for m in actual for v in m.values]
        return _placed_fits(melds[0], cards, values)
    if len(melds) != len(actual):
        return False
    used = [False] * len(actual)

    def assign(i: int) -> bool:  # melds may be written in any order
        if i == len(melds):
            return True
        for j, meld in enumerate(actual):
            if not used[j] and _meld_fits(melds[i], meld):
                used[j] = True
                if assign(i + 1):
                    return True
                used[j] = False
        return False

    return assign(0)


def _phase_fits(p: _Parsed, laydown: PhaseMelds, phases: tuple[Phase, ...]) -> bool:
    return p.phase is None or (p.phase < len(phases) and laydown.phase == phases[p.phase])


def _fits(p: _Parsed, a: Action, phases: tuple[Phase, ...]) -> bool:
    verb = p.verb
    if verb == "draw":
        return type(a) is Draw
    if verb == "take":
        return type(a) is TakeDiscard
    if verb == "draw2":
        return type(a) is DrawTwo
    if verb in ("keephand", "releasehand"):
        return isinstance(a, KeepHand) and a.keep is p.flag
    if verb == "reshuffle":
        return type(a) is Reshuffle
    card = p.cards[0].card if p.cards else None
    if verb == "deal":
        return isinstance(a, Deal) and a.card == card
    if verb == "turnup":
        return isinstance(a, TurnUp) and a.card == card
    if verb == "reveal":
        return isinstance(a, Reveal) and a.card == card
    if verb == "keep":
        return isinstance(a, Keep) and a.card == card
    if verb == "offer":
        return isinstance(a, Offer) and a.card == card
    if verb == "choose":
        return isinstance(a, TakeOffer) and a.owner == p.owner and a.card == card
    if verb == "discard":
        return (
            isinstance(a, Discard) and a.card == card and (not p.has_target or a.target == p.target)
        )
    if verb == "hit":
        if not isinstance(a, Hit) or a.card != card:
            return False
        if p.ref is not None and (a.owner, a.meld) != p.ref:
            return False
        value = p.cards[0].value
        if value is not None and str(a.value).upper() != value:
            return False
        return p.end is None or a.end is p.end
    if verb == "lay":
        return (
            isinstance(a, LayDown)
            and _phase_fits(p, a.laydown, phases)
            and _laydown_fits(p.melds, a.laydown)
        )
    if verb == "announce":
        return (
            isinstance(a, Announce)
            and a.keep is p.flag
            and _phase_fits(p, a.laydown, phases)
            and _laydown_fits(p.melds, a.laydown)
        )
    return False  # pragma: no cover


def _norm(text: str) -> str:
    return " ".join(m.group(0) for m in _TOKEN_RE.finditer(text)).lower()


def _where(state: GameState) -> str:
    if state.is_over:
        return "game over"
    who = state.current_player
    if who is None or who == CHANCE:
        return f"chance to act, step {state.step.name}"
    return f"turn of {seat_name(who)}, step {state.step.name}"


def _probe(state: GameState, p: _Parsed, seat: int) -> Action:
    """The one action the input most likely means, to ask the rules why it is illegal."""
    card = p.cards[0].card if p.cards else None
    verb = p.verb
    if verb == "draw":
        return Draw(seat)
    if verb == "take":
        return TakeDiscard(seat)
    if verb == "draw2":
        return DrawTwo(seat)
    if verb in ("keephand", "releasehand"):
        return KeepHand(seat, bool(p.flag))
    if verb == "reshuffle":
        return Reshuffle()
    if verb in ("lay", "announce"):
        phases = state.variant.phases
        phase = state.current_phase(seat) if 0 <= seat < len(state.players) else None
        if p.phase is not None and p.phase < len(phases):
            phase = phases[p.phase]
        if phase is None:
            phase = phases[-1]
        if verb == "announce":
            return Announce(seat, PhaseMelds(phase, ()), bool(p.flag))
        return LayDown(seat, PhaseMelds(phase, ()))
    assert card is not None
    if verb == "deal":
        return Deal(card)
    if verb == "turnup":
        return TurnUp(card)
    if verb == "reveal":
        return Reveal(card)
    if verb == "keep":
        return Keep(seat, card)
    if verb == "offer":
        return Offer(seat, card)
    if verb == "choose":
        return TakeOffer(seat, p.owner if p.owner is not None else -1, card)
    if verb == "discard":
        return Discard(seat, card, p.target)
    owner, index = p.ref if p.ref is not None else (seat, 0)  # hit
    value = Value(card.number, card.color) if card.is_natural else Value(None, None)
    return Hit(seat, owner, index, card, value, p.end or End.ANY)


# Violations whose reason depends on details the input may have left out (a wild's value, a
# hit's meld or end, the cards of a laydown): for these the message is written here.
_DETAILED = frozenset({Violation.HIT_DOES_NOT_FIT, Violation.PHASE_NOT_COMPLETE})


def _refusal(
    state: GameState, text: str, p: _Parsed, seat: int | None, for_view: int | None
) -> IllegalActionError:
    """Why no legal action fits ``text``: the rules' own reason where it can be had."""

    def illegal(code: Violation, reason: str, action: object) -> IllegalActionError:
        return IllegalActionError(
            f"illegal action {text!r}: {reason} ({_where(state)})", code=code, action=action
        )

    if seat is None:
        current = state.current_player
        seat = state.turn if current is None or current == CHANCE else current
    probe = _probe(state, p, seat)
    try:
        check(state, probe)
    except IllegalActionError as exc:
        message = str(exc)
        prefix = f"illegal action '{probe}': "
        reason = message[len(prefix) :] if message.startswith(prefix) else message
        if exc.code not in _DETAILED or p.verb not in ("hit", "lay", "announce"):
            return IllegalActionError(
                f"illegal action {text!r}: {reason}", code=exc.code, action=probe
            )
    else:
        if for_view is not None:
            return illegal(
                Violation.NOT_YOUR_TURN,
                f"a view lists only the actions of its viewer, {seat_name(for_view)}",
                probe,
            )
    if p.verb == "hit":
        where = f" on {seat_name(p.ref[0])}.{p.ref[1] + 1}" if p.ref is not None else ""
        return illegal(
            Violation.HIT_DOES_NOT_FIT, f"{p.cards[0].card} does not fit{where} as written", probe
        )
    if p.verb in ("lay", "announce"):
        hand = state.players[seat].hand if 0 <= seat < len(state.players) else ()
        missing = Counter(c.card for m in p.melds for c in m) - Counter(hand)
        if missing:
            listed = " ".join(str(c) for c in sorted(missing.elements()))
            return illegal(Violation.CARD_NOT_IN_HAND, f"{listed} not in hand", probe)
        if p.verb == "lay" and len(p.melds) > 1 and 0 <= seat < len(state.players):
            why = _laydown_reason(state, seat, p)
            if why is not None:
                return LaydownError(
                    f"illegal action {text!r}: {why[0]} ({_where(state)})",
                    action=probe,
                    problems=why[1],
                )
        phase = state.current_phase(seat) if 0 <= seat < len(state.players) else None
        return illegal(
            Violation.PHASE_NOT_COMPLETE,
            f"these cards do not lay down {phase or 'a phase'} as written",
            probe,
        )
    return illegal(Violation.UNKNOWN_ACTION, "no legal action fits", probe)


def _laydown_reason(
    state: GameState, seat: int, p: _Parsed
) -> tuple[str, tuple[GroupProblem, ...]] | None:
    """Why the groups as written are no laydown, per group (:func:`lay_down_from_groups`)."""
    groups = [
        " ".join(str(c.card) if c.value is None else f"{c.card}={c.value}" for c in meld)
        for meld in p.melds
    ]
    try:
        lay_down_from_groups(state, seat, groups, phase=p.phase)
    except LaydownError as exc:
        return str(exc).partition("': ")[2], exc.problems
    except Phase10Error:
        return None
    return None  # pragma: no cover - the parser found no legal action these groups make


def action_text(action: Action, variant: Variant) -> str:
    """The notation of ``action`` in a game of ``variant``, unambiguous on its own.

    This is ``str(action)``, except that with pick-a-phase (V-4) a laydown names its phase
    (``p1 lay phase5 R1 R2 ...``), since the same cards may complete two phases.

    >>> import phase10
    >>> action_text(phase10.Draw(0), phase10.CLASSIC)
    'p1 draw'
    """
    text = str(action)
    if isinstance(action, LayDown) and variant.phase_order is PhaseOrder.PICK:
        head = f"{seat_name(action.player)} lay "
        if text.startswith(head) and action.laydown.phase in variant.phases:
            number = variant.phases.index(action.laydown.phase) + 1
            text = f"{head}phase{number} {text[len(head) :]}"
    return text


def _not_viewers_turn(state: GameState, text: str, viewer: int) -> IllegalActionError:
    if state.is_over:
        code, reason = Violation.GAME_OVER, "the game is over"
    elif state.is_chance:
        code, reason = Violation.CHANCE_TO_ACT, "chance acts next"
    else:
        code, reason = Violation.NOT_YOUR_TURN, f"it is not {seat_name(viewer)}'s turn"
    return IllegalActionError(
        f"illegal action {text!r}: {reason}; a view lists only its viewer's actions "
        f"({_where(state)})",
        code=code,
    )


def parse_action(state: GameState | PlayerView, text: str) -> Action:
    """Read action notation in the context of ``state``; the inverse of ``str(action)``.

    The text is matched against the legal actions, so a parsed action is always legal.
    Input is case-insensitive and spacing is free. Short forms are accepted where only one
    legal action fits: the seat may be left out (it is the player to act), a wild's value
    and a hit's meld or end may be left out, a skip's target may be left out, and the cards
    of a meld may come in any order (melds too; or all the cards as one group).

    >>> import random, phase10
    >>> state, _ = phase10.play_chance(phase10.new_game(phase10.CLASSIC, 2), random.Random(9))
    >>> phase10.parse_action(state, "DRAW")
    Draw(player=1)

    The grammar and more examples are in :doc:`/reference/action-notation`.

    Raises:
        NotationError: ``text`` is not notation (bad syntax, or a card that the variant's
            game does not have: "P7 is not a card of the classic game"); ``.token`` and
            ``.position`` say where.
        IllegalActionError: the text is well formed but no legal action fits; ``.code`` says
            why, as :func:`~phase10.check` would.
        AmbiguousActionError: short input that fits several legal actions, listed in
            ``.candidates``.
    """
    if not isinstance(text, str):
        raise NotationError(f"expected action notation as a str, got {type(text).__name__}")
    game = (
        state.variant.meld_rules.game
        if isinstance(state, GameState | PlayerView)  # type: ignore[redundant-expr]
        else None
    )
    parsed = _read(text, game)
    if isinstance(state, PlayerView):
        context = state.canonical_state()
        for_view: int | None = state.player
        if state.current_player != state.player:
            raise _not_viewers_turn(context, text, state.player)
        legal = legal_actions(context)  # the viewer acts: the view's legal actions
    elif isinstance(state, GameState):
        legal = legal_actions(state)
        context = state
        for_view = None
    else:
        raise TypeError(f"parse_action() needs a GameState or PlayerView, got {state!r}")
    seat = parsed.seat
    chance = parsed.verb in _CHANCE_VERBS
    phases = context.variant.phases
    candidates = [
        a
        for a in legal
        if (chance or seat is None or getattr(a, "player", None) == seat)
        and _fits(parsed, a, phases)
    ]
    if len(candidates) == 1:
        return candidates[0]
    if len(candidates) > 1:
        wanted = _norm(text)
        exact = [a for a in candidates if _norm(str(a)) in (wanted, f"p{_seat_of(a)} {wanted}")]
        if len(exact) == 1:
            return exact[0]
        listed = ", ".join(repr(str(a)) for a in candidates[:8])
        more = f" and {len(candidates) - 8} more" if len(candidates) > 8 else ""
        raise AmbiguousActionError(
            f"ambiguous action {text!r}: it fits {len(candidates)} legal actions: "
            f"{listed}{more}; write more of it",
            text=text,
            candidates=candidates,
        )
    raise _refusal(context, text, parsed, seat, for_view)


def _seat_of(action: Action) -> int:
    player = getattr(action, "player", None)
    return player + 1 if isinstance(player, int) else 0
