"""Action notation: reading ``p1 lay R7 B7 W=7 | G2 G3 G4 Y5`` back into an action.

``str(action)`` is the canonical notation. :func:`parse_action` reads notation in the context
of a state by matching it against :func:`~phase10.legal_actions` (as python-chess's
``parse_san`` does), so parsing and move generation cannot disagree. The grammar is in
:doc:`/reference/action-notation`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from phase10._grammar import (
    CHANCE_VERBS,
    KIND_OF_VERB,
    TOKEN_RE,
    Parsed,
    Placed,
    bare_action,
    card_action,
    read,
)
from phase10._history_text import written_action
from phase10.actions import (
    Action,
    Announce,
    Discard,
    Hit,
    LayDown,
    Operands,
    TakeOffer,
    seat_name,
)
from phase10.cards import Card
from phase10.errors import (
    AmbiguousActionError,
    ArgumentError,
    IllegalActionError,
    LaydownError,
    Message,
    NotationError,
    Phase10Error,
    Violation,
)
from phase10.grouping import lay_down_from_groups, missing_message
from phase10.groups import End, Meld, Value
from phase10.hints import fix_move, suggest_word
from phase10.phases import Phase, PhaseMelds, phase_message
from phase10.rules import apply, check, is_legal, legal_actions
from phase10.state import CHANCE, GameState
from phase10.variants import LaydownStyle, PhaseOrder, Variant
from phase10.views import PlayerView

__all__ = ["action_text", "apply_text", "parse_action"]

# ----------------------------------------------------------------------------- matching


def _placed_fits(spec: Sequence[Placed], cards: Sequence[Card], values: Sequence[str]) -> bool:
    """Whether the written cards are exactly ``cards`` and every written wild value fits."""
    if Counter(p.card for p in spec) != Counter(cards):
        return False
    pins = Counter((p.card, p.value) for p in spec if p.value is not None)
    if not pins:
        return True
    have = Counter(zip(cards, values, strict=True))
    return all(have[key] >= n for key, n in pins.items())


def _meld_fits(spec: Sequence[Placed], meld: Meld) -> bool:
    return _placed_fits(spec, meld.cards, [str(v).upper() for v in meld.values])


def _laydown_fits(melds: Sequence[Sequence[Placed]], laydown: PhaseMelds) -> bool:
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


def _phase_fits(p: Parsed, laydown: PhaseMelds, phases: tuple[Phase, ...]) -> bool:
    return p.phase is None or (p.phase < len(phases) and phases[p.phase].same_as(laydown.phase))


def _fits(p: Parsed, a: Action, phases: tuple[Phase, ...]) -> bool:
    kind = KIND_OF_VERB[p.verb]
    if type(a) is not kind:
        return False
    operands = kind.operands
    seat = getattr(a, "player", -1)
    if operands is Operands.NONE:
        return a == bare_action(kind, seat, p.verb)
    card = p.cards[0].card if p.cards else None
    if operands is Operands.CARD:
        return card is not None and a == card_action(kind, seat, card)
    if isinstance(a, TakeOffer):
        return a.owner == p.owner and a.card == card
    if isinstance(a, Discard):
        return a.card == card and (not p.has_target or a.target == p.target)
    if isinstance(a, Hit):
        if a.card != card:
            return False
        if p.ref is not None and (a.owner, a.meld) != p.ref:
            return False
        value = p.cards[0].value
        if value is not None and str(a.value).upper() != value:
            return False
        return p.end is None or a.end is p.end
    if isinstance(a, LayDown):
        return _phase_fits(p, a.laydown, phases) and _laydown_fits(p.melds, a.laydown)
    if isinstance(a, Announce):
        return (
            a.keep is p.flag
            and _phase_fits(p, a.laydown, phases)
            and _laydown_fits(p.melds, a.laydown)
        )
    return False  # pragma: no cover


def _norm(text: str) -> str:
    return " ".join(m.group(0) for m in TOKEN_RE.finditer(text)).lower()


def _where(state: GameState) -> str:
    if state.is_over:
        return "game over"
    who = state.current_player
    if who is None or who == CHANCE:
        return f"chance to act, step {state.step.name}"
    return f"turn of {seat_name(who)}, step {state.step.name}"


def _probe(state: GameState, p: Parsed, seat: int) -> Action:
    """The one action the input most likely means, to ask the rules why it is illegal."""
    card = p.cards[0].card if p.cards else None
    verb = p.verb
    kind = KIND_OF_VERB[verb]
    if kind.operands is Operands.NONE:
        return bare_action(kind, seat, verb)
    if kind.operands in (Operands.LAYDOWN, Operands.ANNOUNCE):
        phases = state.variant.phases
        phase = state.current_phase(seat) if 0 <= seat < len(state.players) else None
        if p.phase is not None and p.phase < len(phases):
            phase = phases[p.phase]
        if phase is None:
            phase = phases[-1]
        if kind.operands is Operands.ANNOUNCE:
            return Announce(seat, PhaseMelds(phase, ()), bool(p.flag))
        return LayDown(seat, PhaseMelds(phase, ()))
    assert card is not None
    if kind.operands is Operands.CARD:
        return card_action(kind, seat, card)
    if kind.operands is Operands.SEAT_CARD:
        return TakeOffer(seat, p.owner if p.owner is not None else -1, card)
    if kind.operands is Operands.DISCARD:
        return Discard(seat, card, p.target)
    owner, index = p.ref if p.ref is not None else (seat, 0)  # hit
    value = Value(card.number, card.color) if card.is_natural else Value(None, None)
    return Hit(seat, owner, index, card, value, p.end or End.ANY)


# Violations whose reason depends on details the input may have left out (a wild's value, a
# hit's meld or end, the cards of a laydown): for these the message is written here.
_DETAILED = frozenset({Violation.HIT_DOES_NOT_FIT, Violation.PHASE_NOT_COMPLETE})


def _refusal(
    state: GameState, text: str, p: Parsed, seat: int | None, for_view: int | None
) -> IllegalActionError:
    """Why no legal action fits ``text``: the rules' own reason where it can be had."""

    def illegal(
        code: Violation,
        reason: str,
        action: object,
        *,
        card: Card | None = None,
        said: Message | None = None,
    ) -> IllegalActionError:
        return IllegalActionError(
            f"illegal action {text!r}: {reason} ({_where(state)})",
            code=code,
            action=_written(action, text),
            reason=reason,
            card=card,
            said=said,
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
                f"illegal action {text!r}: {exc.reason} ({_where(state)})",
                action=_written(probe, text),
            )
    else:
        if for_view is not None:
            return illegal(
                Violation.NOT_YOUR_TURN,
                f"a view lists only the actions of its viewer, {seat_name(for_view)}",
                probe,
                said=Message.of("view-other-seat"),
            )
    if p.verb == "hit":
        where = f" on {seat_name(p.ref[0])}.{p.ref[1] + 1}" if p.ref is not None else ""
        card = p.cards[0].card
        said = (
            Message.of("hit-no-fit", card=str(card), meld=where.removeprefix(" on "))
            if where
            else Message.of("hit-no-fit-any", card=str(card))
        )
        return illegal(
            Violation.HIT_DOES_NOT_FIT,
            f"{card} does not fit{where} as written",
            probe,
            card=card,
            said=said,
        )
    if p.verb in ("lay", "announce"):
        hand = state.players[seat].hand if 0 <= seat < len(state.players) else ()
        written = Counter(c.card for m in p.melds for c in m)
        held = Counter(hand)
        missing = written - held
        if missing:
            absent = sorted(missing.elements())
            listed = " ".join(str(c) for c in absent)
            said = missing_message(written, held)
            return illegal(
                Violation.CARD_NOT_IN_HAND,
                f"{listed} not in hand",
                probe,
                card=absent[0],
                said=said,
            )
        laid = probe.laydown.phase if isinstance(probe, LayDown) else None
        # all the cards as one group is a short form for a phase of several groups: only the
        # groups written one by one can be judged group by group
        if laid is not None and (len(p.melds) > 1 or len(laid.groups) == 1):
            why = _laydown_reason(state, seat, p)
            if why is not None:
                return why.retold(
                    f"illegal action {text!r}: {why.reason} ({_where(state)})",
                    action=_written(probe, text),
                )
        phase = state.current_phase(seat) if 0 <= seat < len(state.players) else None
        named: Message = (
            Message.of("text", text="a phase") if phase is None else phase_message(phase)
        )
        return illegal(
            Violation.PHASE_NOT_COMPLETE,
            f"these cards do not lay down {phase or 'a phase'} as written",
            probe,
            said=Message.of("laydown-not-phase", phase=named),
        )
    return illegal(
        Violation.UNKNOWN_ACTION,
        "no legal action fits",
        probe,
        said=Message.of("notation.no-move-fits", text=text.strip()),
    )


def _written(probe: object, text: str) -> object:
    """The refused action: the probe, or the text as written for a laydown probe without cards.

    A laydown probe is empty (``p1 lay``): its notation would lose the cards the player wrote.
    """
    if isinstance(probe, LayDown | Announce) and not probe.laydown.melds:
        return " ".join(text.split())
    return probe


def _laydown_reason(state: GameState, seat: int, p: Parsed) -> LaydownError | None:
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
        phase = action.laydown.phase
        number = next((i for i, p in enumerate(variant.phases, 1) if p.same_as(phase)), None)
        if text.startswith(head) and number is not None:
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
    try:
        return _parse_action(state, text)
    except (NotationError, IllegalActionError) as exc:
        if isinstance(state, GameState | PlayerView) and isinstance(text, str):  # type: ignore[redundant-expr]
            _advise(exc, state, text)
        raise


def _verbs(state: GameState | PlayerView) -> tuple[str, ...]:
    """The verbs a player of this game writes: the classic ones and those legal now."""
    variant = state.variant
    context = state.canonical_state() if isinstance(state, PlayerView) else state
    lay = "announce" if variant.laydown_style is LaydownStyle.ANNOUNCE else "lay"
    found = dict.fromkeys(("draw", "take", lay, "hit", "discard"))
    for action in legal_actions(context):
        if not action.is_chance:
            found[action_text(action, variant).split()[1]] = None
    return tuple(found)


def _advise(
    exc: NotationError | IllegalActionError, state: GameState | PlayerView, text: str
) -> None:
    """Give a refusal of ``text`` the likely move it meant ("did you mean draw?"), in place.

    The suggestion is a move that parses now; an unknown verb lists the verbs of this game.
    """
    verbs = _verbs(state)
    if exc.said is not None and exc.said.id == "notation.unknown-verb":
        exc.said = Message.of("notation.unknown-verb", **{**exc.said.arguments, "verbs": verbs})
    game = state.variant.meld_rules.game
    fixed = fix_move(text, game, verbs)
    if fixed is None:
        words = text.split()
        if len(words) == 1:
            close = suggest_word(words[0], verbs)
            fixed = close if close is not None and close != words[0].lower() else None
    if fixed is None:
        return
    try:
        _parse_action(state, fixed)
    except Phase10Error:
        return
    exc.hint = Message.of("did-you-mean", text=fixed)


def _parse_action(state: GameState | PlayerView, text: str) -> Action:
    if not isinstance(text, str):
        raise NotationError(
            f"expected action notation as a str, got {type(text).__name__}",
            said=Message.of("notation.not-text"),
        )
    game = (
        state.variant.meld_rules.game
        if isinstance(state, GameState | PlayerView)  # type: ignore[redundant-expr]
        else None
    )
    parsed = read(text, game)
    if isinstance(state, PlayerView):
        context = state.canonical_state()
        for_view: int | None = state.player
        if state.current_player != state.player:
            raise _not_viewers_turn(context, text, state.player)
    elif isinstance(state, GameState):
        context = state
        for_view = None
    else:
        raise ArgumentError(f"parse_action() needs a GameState or PlayerView, got {state!r}")
    whole = _as_written(context, text, parsed, for_view)
    if whole is not None and is_legal(context, whole):
        return whole
    return _listed(context, text, parsed, for_view)


def apply_text(state: GameState, text: str) -> tuple[Action, GameState]:
    """:func:`parse_action` and :func:`~phase10.apply` in one: the action and the state after.

    What a record's reader calls for each line: an action written in full is built from the
    text and judged by :func:`~phase10.apply` once, so a record is read in time linear in
    its length (issue 23); other text is matched as :func:`parse_action` matches it.

    Raises:
        NotationError: as :func:`parse_action`.
        IllegalActionError: as :func:`parse_action`.
        AmbiguousActionError: as :func:`parse_action`.
        ArgumentError: ``state`` is not a :class:`~phase10.GameState`.
    """
    if not isinstance(state, GameState):
        raise ArgumentError(f"apply_text() needs a GameState, got {type(state).__name__}")
    if not isinstance(text, str):
        raise NotationError(f"expected action notation as a str, got {type(text).__name__}")
    parsed = read(text, state.variant.meld_rules.game)
    whole = _as_written(state, text, parsed, None)
    if whole is not None:
        try:
            return whole, apply(state, whole)
        except IllegalActionError:
            pass  # the listing says why
    action = _listed(state, text, parsed, None)
    return action, apply(state, action)


def _listed(state: GameState, text: str, parsed: Parsed, for_view: int | None) -> Action:
    """The one legal action ``text`` fits, matched against :func:`legal_actions`.

    ``state`` is a view's canonical state when ``for_view`` is its viewer, who acts: its
    legal actions are the view's.
    """
    context = state
    legal = legal_actions(context)
    seat = parsed.seat
    chance = parsed.verb in CHANCE_VERBS
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
            said=Message.of("ambiguous", text=text.strip(), count=len(candidates)),
        )
    raise _refusal(context, text, parsed, seat, for_view)


def _as_written(state: GameState, text: str, p: Parsed, for_view: int | None) -> Action | None:
    """The action ``text`` writes in full, built from the text alone (no legality asked).

    Written in full is as its ``str()`` or :func:`action_text` writes it, up to case and
    spacing; whether it is legal is the caller's to ask.

    A record's lines are written so. Matching them against :func:`legal_actions` listed
    every laydown of the hand at every line: a long record of big hands took minutes to
    read (issue 23). Short forms, and text that is not legal, go the listing's way, which
    also says why nothing fits.
    """
    seat = p.seat
    chance = p.verb in CHANCE_VERBS
    if chance == (seat is not None) or (for_view is not None and seat != for_view):
        return None
    phases = None
    if seat is not None:
        if seat >= state.num_players:
            return None
        phases = [state.variant.phases[i] for i in state.open_phases(seat)]
    try:
        action = written_action(p, state.variant, phases)
    except NotationError:
        return None
    written = str(action)
    if text != written:  # as a record writes it, else up to case and spacing
        wanted = _norm(text)
        if wanted not in (_norm(written), _norm(action_text(action, state.variant))):
            return None
    return action


def _seat_of(action: Action) -> int:
    player = getattr(action, "player", None)
    return player + 1 if isinstance(player, int) else 0
