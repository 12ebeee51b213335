"""Action notation: reading ``p1 lay R7 B7 W=7 | G2 G3 G4 Y5`` back into an action.

``str(action)`` is the canonical notation. :func:`parse_action` reads notation in the context
of a state by matching it against :func:`~phase10.legal_actions` (as python-chess's
``parse_san`` does), so parsing and move generation cannot disagree. The grammar is in
:doc:`/reference/action-notation`.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Callable, Sequence

import attrs

from phase10._fast import BoundedCache
from phase10._written import meld_as_written
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
from phase10.cards import Card, CardGame, Kind, parse_card
from phase10.errors import (
    AmbiguousActionError,
    IllegalActionError,
    LaydownError,
    NotationError,
    Phase10Error,
    Violation,
)
from phase10.grouping import lay_down_from_groups
from phase10.groups import End, GroupType, Meld, MeldRules, Value
from phase10.limits import check_limit
from phase10.phases import Phase, PhaseMelds
from phase10.rules import check, legal_actions
from phase10.state import CHANCE, Event, GameState, History
from phase10.variants import PhaseOrder, Variant
from phase10.views import PlayerView

__all__ = ["action_text", "parse_action", "parse_event", "parse_history"]

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

    def illegal(
        code: Violation, reason: str, action: object, *, card: Card | None = None
    ) -> IllegalActionError:
        return IllegalActionError(
            f"illegal action {text!r}: {reason} ({_where(state)})",
            code=code,
            action=action,
            reason=reason,
            card=card,
        )

    if seat is None:
        current = state.current_player
        seat = state.turn if current is None or current == CHANCE else current
    probe = _probe(state, p, seat)
    try:
        check(state, probe)
    except IllegalActionError as exc:
        if exc.code not in _DETAILED or p.verb not in ("hit", "lay", "announce"):
            return exc.retold(
                f"illegal action {text!r}: {exc.reason} ({_where(state)})", action=probe
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
            Violation.HIT_DOES_NOT_FIT,
            f"{p.cards[0].card} does not fit{where} as written",
            probe,
            card=p.cards[0].card,
        )
    if p.verb in ("lay", "announce"):
        hand = state.players[seat].hand if 0 <= seat < len(state.players) else ()
        missing = Counter(c.card for m in p.melds for c in m) - Counter(hand)
        if missing:
            absent = sorted(missing.elements())
            listed = " ".join(str(c) for c in absent)
            return illegal(
                Violation.CARD_NOT_IN_HAND, f"{listed} not in hand", probe, card=absent[0]
            )
        laid = probe.laydown.phase if isinstance(probe, LayDown) else None
        # all the cards as one group is a short form for a phase of several groups: only the
        # groups written one by one can be judged group by group
        if laid is not None and (len(p.melds) > 1 or len(laid.groups) == 1):
            why = _laydown_reason(state, seat, p)
            if why is not None:
                return why.retold(
                    f"illegal action {text!r}: {why.reason} ({_where(state)})", action=probe
                )
        phase = state.current_phase(seat) if 0 <= seat < len(state.players) else None
        return illegal(
            Violation.PHASE_NOT_COMPLETE,
            f"these cards do not lay down {phase or 'a phase'} as written",
            probe,
        )
    return illegal(Violation.UNKNOWN_ACTION, "no legal action fits", probe)


def _laydown_reason(state: GameState, seat: int, p: _Parsed) -> LaydownError | None:
    """Why the groups as written are no laydown, per group (:func:`lay_down_from_groups`)."""
    groups = [
        " ".join(str(c.card) if c.value is None else f"{c.card}={c.value}" for c in meld)
        for meld in p.melds
    ]
    try:
        lay_down_from_groups(state, seat, groups, phase=p.phase)
    except LaydownError as exc:
        return exc
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


# ----------------------------------------------------------------------------- history text


def _wild_value(text: str | None, game: CardGame, bad: Callable[..., NotationError]) -> Value:
    """The value written after a wild's ``=`` (``7``, ``R``, ``R7``); none written: nothing."""
    if text is None:
        return Value(None, None)
    letters = "".join(ch for ch in text if ch.isalpha())
    digits = "".join(ch for ch in text if ch.isdigit())
    color = None
    if letters:
        color = next((c for c in game.colors if c.value == letters), None)
        if color is None:
            listed = ", ".join(c.value for c in game.colors)
            raise bad(f"the value {text!r}: {letters!r} is not a colour of the game ({listed})")
    return Value(int(digits) if digits else None, color)


def _placed_value(placed: _Placed, game: CardGame, bad: Callable[..., NotationError]) -> Value:
    card = placed.card
    if card.kind is Kind.NUMBER:
        return Value(card.number, card.color)
    return _wild_value(placed.value, game, bad)


def _written_meld(
    spec: Sequence[_Placed], group: GroupType, rules: MeldRules, bad: Callable[[str], NotationError]
) -> list[Meld]:
    """The valid meld of ``group`` that is exactly these cards, with these values, as written."""
    cards = tuple(p.card for p in spec)
    values = tuple(_placed_value(p, rules.game, bad) for p in spec)
    meld = meld_as_written(group, cards, values, rules)
    # judged afresh (Meld.check), not through the identity cache: most candidates are dropped
    return [] if meld is None or not meld.check(rules=rules) else [meld]


def _written_laydown(
    melds: Sequence[Sequence[_Placed]],
    phase: Phase,
    rules: MeldRules,
    bad: Callable[[str], NotationError],
) -> list[PhaseMelds]:
    """Every laydown of ``phase`` whose melds are written so, one meld per group in order."""
    if len(melds) != len(phase.groups):
        return []
    options: list[list[Meld]] = []
    for spec, group in zip(melds, phase.groups, strict=True):
        found = _written_meld(spec, group, rules, bad)
        if not found:
            return []
        options.append(found)
    laydowns: list[PhaseMelds] = []
    for choice in itertools.product(*options):
        laydown = PhaseMelds(phase, tuple(choice))
        if phase.problem(laydown.melds, rules=rules) is None:
            laydowns.append(laydown)
    return laydowns


def _words(text: str) -> str:
    return " ".join(text.lower().split())


def _named_phases(body: str, variant: Variant) -> tuple[str, list[Phase] | None]:
    """Split off the ``(phase)`` an event of a laydown ends with: the rest and its phases.

    ``None`` when the text names no phase; an empty list when it ends with a parenthesis
    that is not a phase of ``variant``. Case and spacing are free, as in the rest.
    """
    if not body.endswith(")"):
        return body, None
    names = [(_words(f"({p})"), p) for p in variant.phases]
    longest = max(len(str(p)) for p in variant.phases) + 8
    end = len(body)
    while (start := body.rfind("(", 0, end)) >= 0 and len(body) - start <= 2 * longest:
        suffix = _words(body[start:])
        named = [p for name, p in names if name == suffix]
        if named:
            return body[:start].rstrip(), named
        end = start
    return body, []


# Events read from text, per variant and line: a hand's history is read again at each step
# by whoever follows a game as text (or as JSON), and most of its lines recur
# (phase10._fast.BoundedCache). Phase names are not part of a variant's equality but they
# are part of the event read back (its laydown names the phase), so they are part of the
# key. Two levels, so that a batch of lines looks each one up in a plain dict.
_READ_EVENTS: BoundedCache[tuple[Variant, tuple[str, ...]], BoundedCache[str, Event]] = (
    BoundedCache(8)
)
_READ_LINES = 4096


def _events_read(variant: Variant) -> BoundedCache[str, Event]:
    """The events of ``variant`` read so far, by line."""
    key = (variant, tuple(p.name for p in variant.phases))
    found = _READ_EVENTS.get(key)
    if found is None:
        found = _READ_EVENTS.put(key, BoundedCache(_READ_LINES))
    return found


def _max_words(variant: Variant) -> int:
    """The most words an event of ``variant`` can have: a laydown of every card, and a few."""
    groups = max(len(p.groups) for p in variant.phases)
    return len(variant.deck_for(variant.max_players)) + groups + 8


#: Longer lines (only odd spacing makes them) are read without the cache, to bound its size.
_CACHED_LINE_LENGTH = 1000


def _cached_event(
    line: str, variant: Variant, max_words: int, read: BoundedCache[str, Event] | None = None
) -> Event:
    if len(line) > _CACHED_LINE_LENGTH:
        return _event(line, variant, max_words)
    if read is None:
        read = _events_read(variant)
    event = read.get(line)
    if event is None:
        event = read.put(line, _event(line, variant, max_words))
    return event


def event_reader(
    variant: Variant,
) -> tuple[Callable[[str], Event], Callable[[str], Event | None]]:
    """Readers of single events of ``variant``, for many texts: ``(read, recall)``.

    ``read(text)`` is ``parse_event(text, variant)`` without the check of the text's length
    (the caller bounds it); the variant's word limit and cache are found once, not once per
    event. ``recall(text)`` is the event already read from exactly ``text``, or ``None``: a
    dict lookup, what the JSON codec (:mod:`phase10.serialize`) tries first for each event
    of a history.

    >>> import phase10
    >>> read, recall = event_reader(phase10.CLASSIC)
    >>> read("p2 take R7") == parse_event("p2 take R7", phase10.CLASSIC)
    True
    >>> recall("p2 take R7") == read("p2 take R7"), recall("p2 take R8 ")
    (True, None)

    Raises:
        TypeError: ``variant`` is not a Variant.
    """
    if not isinstance(variant, Variant):
        raise TypeError(f"event_reader() needs a Variant, got {variant!r}")
    max_words = _max_words(variant)
    cache = _events_read(variant)

    def read(line: str) -> Event:
        """The event ``line`` writes (see :func:`parse_event`).

        Raises:
            NotationError: ``line`` is not an event of the variant.
        """
        if "\n" in line:
            raise NotationError(
                f"bad event {_quote(line)}: one event is one line",
                text=line,
                token="\n",
                position=line.index("\n"),
            )
        return _cached_event(line, variant, max_words, cache)

    return read, cache.get


def _event(line: str, variant: Variant, max_words: int) -> Event:
    """Read one event of a history (``str(event)``); errors quote ``line``."""
    game = variant.meld_rules.game
    rules = variant.meld_rules

    def bad(message: str, token: str = "", position: int | None = None) -> NotationError:
        at = line.find(token) if position is None and token else (position or 0)
        return NotationError(
            f"bad event {_quote(line)}: {message}" + (f" (at position {at})" if token else ""),
            text=line,
            token=token,
            position=max(at, 0),
        )

    body = line.rstrip()
    if not body.strip():
        raise bad("empty event: expected e.g. 'p1 draw', 'p2 take R7' or 'turnup G4'", position=0)
    body, named = _named_phases(body, variant)
    if named is not None and not named:
        start = max(body.rfind("("), 0)
        suffix = body[start:]
        listed = "; ".join(f"({p})" for p in variant.phases[:12])
        raise bad(
            f"{suffix!r} is not a phase of the variant {variant.name!r}: expected one of {listed}",
            suffix,
            start,
        )
    taken: Card | None = None
    words = len(body.split())
    tokens = (
        []
        if words > max_words
        else [_Token(m.group(0), m.start()) for m in _TOKEN_RE.finditer(body)]
    )
    if max(words, len(tokens)) > max_words:
        raise bad(
            f"more words than an event of the variant {variant.name!r} can hold "
            f"(at most {max_words})",
            position=0,
        )
    if len(tokens) == 3 and tokens[1].low == "take":
        card_token = tokens[2]
        try:
            taken = parse_card(card_token.text, game=game)
        except NotationError as exc:
            raise bad(f"{card_token.text!r} is not a card ({exc})", card_token.text) from None
        body = body[: card_token.pos].rstrip()
    reader = _Reader(body, game, what="event", shown=line)
    p = _read(body, game, reader)
    first = tokens[0]
    if p.verb not in _CHANCE_VERBS and p.seat is None:
        raise bad("an event names its seat first, e.g. 'p1 draw'", first.text, first.pos)
    seats = [s for s in (p.seat, p.owner, p.target, p.ref[0] if p.ref else None) if s is not None]
    for seat in seats:
        if seat >= variant.max_players:
            name = seat_name(seat)
            raise bad(
                f"{name} is not a seat of the variant {variant.name!r}, which seats at most "
                f"{variant.max_players} players",
                name,
            )
    if named is not None and p.verb not in ("lay", "announce"):
        raise bad("only a laydown or an announcement names its phase in parentheses")
    if taken is not None:
        assert p.seat is not None  # "take" is a player's verb, and its seat was checked
        return Event(action=TakeDiscard(p.seat), card=taken)
    return Event(action=_event_action(p, variant, named, rules, bad))


def _event_action(
    p: _Parsed,
    variant: Variant,
    named: list[Phase] | None,
    rules: MeldRules,
    bad: Callable[..., NotationError],
) -> Action:
    """The action ``p`` writes, rebuilt exactly from the text (no position needed)."""
    seat = -1 if p.seat is None else p.seat
    card = p.cards[0].card if p.cards else None
    verb = p.verb
    simple: dict[str, Callable[[], Action]] = {
        "draw": lambda: Draw(seat),
        "take": lambda: TakeDiscard(seat),
        "draw2": lambda: DrawTwo(seat),
        "keephand": lambda: KeepHand(seat, True),
        "releasehand": lambda: KeepHand(seat, False),
        "reshuffle": Reshuffle,
    }
    if verb in simple:
        return simple[verb]()
    if verb in ("lay", "announce"):
        return _event_laydown(p, seat, variant, named, rules, bad)
    assert card is not None
    if verb == "hit":
        if p.ref is None:
            raise bad(f"a hit names the meld it goes on, e.g. 'p1 hit p2.1 {card}'", str(card))
        value = _placed_value(p.cards[0], rules.game, bad)
        return Hit(seat, p.ref[0], p.ref[1], card, value, p.end or End.ANY)
    if verb == "discard":
        return Discard(seat, card, p.target)
    if verb == "choose":
        assert p.owner is not None
        return TakeOffer(seat, p.owner, card)
    by_verb: dict[str, Callable[[Card], Action]] = {
        "keep": lambda c: Keep(seat, c),
        "offer": lambda c: Offer(seat, c),
        "turnup": TurnUp,
        "deal": Deal,
        "reveal": Reveal,
    }
    return by_verb[verb](card)


def _event_laydown(
    p: _Parsed,
    seat: int,
    variant: Variant,
    named: list[Phase] | None,
    rules: MeldRules,
    bad: Callable[..., NotationError],
) -> Action:
    phases = variant.phases
    candidates = list(phases) if named is None else named
    if p.phase is not None:
        if p.phase >= len(phases):
            token = f"phase{p.phase + 1}"
            raise bad(
                f"{token} is not a phase of the variant {variant.name!r} "
                f"(phase1 to phase{len(phases)})",
                token,
            )
        numbered = phases[p.phase]
        if named is not None and numbered not in named:
            raise bad(f"phase{p.phase + 1} is {numbered}, not the phase in parentheses")
        candidates = [numbered]
    found = list(
        dict.fromkeys(lay for q in candidates for lay in _written_laydown(p.melds, q, rules, bad))
    )
    written = " | ".join(
        " ".join(str(c.card) if c.value is None else f"{c.card}={c.value}" for c in m)
        for m in p.melds
    )
    if not found:
        which = (
            f"the phase {candidates[0]}"
            if len(candidates) == 1
            else f"any phase of {variant.name!r}"
        )
        raise bad(f"the melds {written} do not make {which} as written")
    if len(found) > 1:
        listed = "; ".join(f"({lay.phase})" for lay in found[:4])
        raise bad(
            f"the melds {written} make {len(found)} laydowns: end the event with the phase "
            f"in parentheses, one of {listed}"
        )
    laydown = found[0]
    if p.verb == "announce":
        return Announce(seat, laydown, bool(p.flag))
    return LayDown(seat, laydown)


def _check_input(text: object, variant: object, what: str, caller: str) -> None:
    """Refuse what :func:`parse_event` and :func:`parse_history` cannot read, before reading."""
    if not isinstance(text, str):
        raise NotationError(f"expected {what} as a str, got {type(text).__name__}")
    if not isinstance(variant, Variant):
        raise TypeError(f"{caller}() needs a Variant, got {variant!r}")
    check_limit(len(text), "max_text_length", "text")


def parse_event(text: str, variant: Variant) -> Event:
    """Read one event of a hand's history, as ``str(event)`` writes it, in a game of ``variant``.

    An event is read on its own, without a position: it is the action's notation, with the
    seat always written, a hit's meld (``p2.1``) and a wild's value (``W=7``), then the card
    taken (``p2 take R7``), or the phase laid down in parentheses. ``variant`` says which
    cards and phases there are. A laydown written without its phase is read when its melds
    make exactly one phase of the variant. Case and spacing are free, as in
    :func:`parse_action`.

    >>> import phase10
    >>> parse_event("p2 take R7", phase10.CLASSIC)
    Event(action=TakeDiscard(player=1), card=Card.parse('R7'))
    >>> event = parse_event("p1 lay R7 B7 W=7 | G2 G3 G4 Y5 (1 set of 3 + 1 run of 4)", phase10.CLASSIC)
    >>> str(event.action.laydown.phase)
    '1 set of 3 + 1 run of 4'

    Raises:
        NotationError: ``text`` is not an event of ``variant`` (bad syntax, a card or a
            phase the variant does not have, melds that make no phase as written, or make
            several and name none); ``.token`` and ``.position`` say where.
        LimitError: ``text`` is longer than ``max_text_length`` of the limits in force.
    """  # noqa: E501
    _check_input(text, variant, "an event", "parse_event")
    if "\n" in text:
        raise NotationError(
            f"bad event {_quote(text)}: one event is one line (parse_history reads several)",
            text=text,
            token="\n",
            position=text.index("\n"),
        )
    return _cached_event(text, variant, _max_words(variant))


def parse_history(text: str, variant: Variant) -> History:
    r"""Read a hand's public history, as ``str(history)`` writes it: one event a line.

    The inverse of ``str()`` of :attr:`GameState.history <phase10.GameState.history>` and
    :attr:`PlayerView.history <phase10.PlayerView.history>`: each line is read by
    :func:`parse_event`. Blank lines are skipped; the empty text is the empty history.

    >>> import phase10
    >>> history = parse_history("turnup G4\np1 draw\np1 discard R3\np2 take R3", phase10.CLASSIC)
    >>> len(history), history[-1].card
    (4, Card.parse('R3'))
    >>> str(history) == "turnup G4\np1 draw\np1 discard R3\np2 take R3"
    True

    Raises:
        NotationError: a line is not an event of ``variant``; ``.line`` is its 1-based
            number, ``.position`` the offset in ``text`` and the message quotes the line.
        LimitError: ``text`` is longer than ``max_text_length`` of the limits in force.
    """
    _check_input(text, variant, "a history", "parse_history")
    events: list[Event] = []
    start = 0
    max_words = _max_words(variant)
    for number, line in enumerate(text.split("\n"), start=1):
        if line and not line.isspace():
            try:
                events.append(_cached_event(line, variant, max_words))
            except NotationError as exc:
                raise NotationError(
                    f"line {number}: {exc}",
                    text=text,
                    token=exc.token,
                    position=start + exc.position,
                    line=number,
                ) from None
        start += len(line) + 1
    return History.of(events)
