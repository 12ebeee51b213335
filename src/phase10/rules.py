"""The rules of play: the only place that decides what is legal and what an action does.

:func:`legal_actions` lists, :func:`check` / :func:`is_legal` judge and :func:`apply` performs;
all of them go through the same per-action checks below, so they cannot disagree.
"""

from __future__ import annotations

import bisect
from collections import Counter
from collections.abc import Iterator

from phase10._checks import is_whole
from phase10.actions import (
    Action,
    Deal,
    Discard,
    Draw,
    Hit,
    LayDown,
    Reshuffle,
    Reveal,
    TakeDiscard,
    TurnUp,
    seat_name,
)
from phase10.cards import Card, Kind
from phase10.errors import IllegalActionError, Phase10Error, Violation
from phase10.groups import Meld, NaturalScope
from phase10.laydown import Laydown, find_laydown, iter_laydowns
from phase10.state import CHANCE_STEPS, GameState, PlayerState, TurnStep
from phase10.variants import SkipTarget, TiebreakWin, Variant

__all__ = ["apply", "check", "is_legal", "legal_actions", "new_game"]


def _key(card: Card) -> tuple[int, int, int, tuple[int, ...], tuple[int, ...]]:
    return card.sort_key


def _insert(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    i = bisect.bisect_right(hand, card.sort_key, key=_key)
    return (*hand[:i], card, *hand[i:])


def _remove(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``cards`` (in canonical order) without one copy of ``card``, which must be there."""
    # Bisect on the sort key: tuple.index would call Card.__eq__ on every card before it.
    i = bisect.bisect_left(cards, card.sort_key, key=_key)
    return (*cards[:i], *cards[i + 1 :])


def _contains(cards: tuple[Card, ...], card: Card) -> bool:
    """Whether ``card`` is in ``cards`` (in canonical order), by bisection."""
    i = bisect.bisect_left(cards, card.sort_key, key=_key)
    return i < len(cards) and cards[i].sort_key == card.sort_key


def _remove_all(hand: tuple[Card, ...], used: tuple[Card, ...]) -> tuple[Card, ...] | None:
    """``hand`` without the multiset ``used``; ``None`` when ``used`` is not in ``hand``."""
    need = Counter(used)
    out = []
    for card in hand:
        if need[card]:
            need[card] -= 1
        else:
            out.append(card)
    if any(need.values()):
        return None
    return tuple(out)


def _with_player(state: GameState, seat: int, player: PlayerState) -> tuple[PlayerState, ...]:
    players = state.players
    return (*players[:seat], player, *players[seat + 1 :])


def _evolve(state: GameState, **changes: object) -> GameState:
    # A hand-written evolve: attrs.evolve introspects the class on every call, and this is
    # the hot path of every apply().
    get = changes.get
    s = state
    return GameState(
        get("variant", s.variant),  # type: ignore[arg-type]
        get("players", s.players),  # type: ignore[arg-type]
        get("dealer", s.dealer),  # type: ignore[arg-type]
        get("turn", s.turn),  # type: ignore[arg-type]
        get("step", s.step),  # type: ignore[arg-type]
        get("draw_pile", s.draw_pile),  # type: ignore[arg-type]
        get("discard_pile", s.discard_pile),  # type: ignore[arg-type]
        get("table", s.table),  # type: ignore[arg-type]
        get("hand_number", s.hand_number),  # type: ignore[arg-type]
        get("dealt", s.dealt),  # type: ignore[arg-type]
        get("laid_this_turn", s.laid_this_turn),  # type: ignore[arg-type]
        get("tiebreak", s.tiebreak),  # type: ignore[arg-type]
        get("winners", s.winners),  # type: ignore[arg-type]
    )


# ----------------------------------------------------------------------------- new game


def new_game(variant: Variant, num_players: int, *, dealer: int = 0) -> GameState:
    """Start a game: every card in the draw pile, chance about to deal (C-2, C-3).

    >>> from phase10 import CLASSIC, CHANCE
    >>> state = new_game(CLASSIC, 4)
    >>> state.current_player == CHANCE, len(state.draw_pile)
    (True, 108)

    Raises:
        DefinitionError: ``variant`` is not a :class:`~phase10.Variant`.
        InvalidStateError: ``num_players`` is outside the variant's range or ``dealer`` is not
            a seat.
    """
    from phase10.errors import DefinitionError, InvalidStateError

    if not isinstance(variant, Variant):
        raise DefinitionError(f"expected a Variant, got {variant!r}")
    if not is_whole(num_players, variant.min_players) or num_players > variant.max_players:
        raise InvalidStateError(
            f"{variant.name} is for {variant.min_players} to {variant.max_players} players, "
            f"got {num_players!r}"
        )
    if not is_whole(dealer, 0) or dealer >= num_players:
        raise InvalidStateError(
            f"dealer must be a seat from 0 to {num_players - 1}, got {dealer!r}"
        )
    return _deal_hand(
        GameState(
            variant=variant,
            players=(PlayerState(),) * num_players,
            dealer=dealer,
            turn=dealer,
            step=TurnStep.DEAL,
            draw_pile=(),
            table=((),) * num_players,
        ),
        dealer=dealer,
        hand_number=1,
    )


def _next_seat(state: GameState, seat: int) -> int:
    """The next active seat clockwise (to the left) of ``seat`` (C-4)."""
    n = len(state.players)
    if not state.tiebreak:
        return (seat + 1) % n
    for k in range(1, n + 1):
        nxt = (seat + k) % n
        if nxt in state.tiebreak:
            return nxt
    return seat


def _deal_hand(state: GameState, *, dealer: int, hand_number: int) -> GameState:
    """Collect every card and get ready to deal a new hand (C-3, C-4, M-9)."""
    variant = state.variant
    players = tuple(
        PlayerState(hand=(), phase=p.phase, laid_down=False, score=p.score, skipped=False)
        for p in state.players
    )
    fresh = _evolve(
        state,
        players=players,
        dealer=dealer,
        step=TurnStep.DEAL,
        draw_pile=tuple(sorted(variant.deck, key=_key)),
        discard_pile=(),
        table=((),) * len(players),
        hand_number=hand_number,
        dealt=0,
        laid_this_turn=False,
    )
    return _evolve(fresh, turn=_next_seat(fresh, dealer))


# ----------------------------------------------------------------------------- checks


def _illegal(state: GameState, action: object, code: Violation, reason: str) -> IllegalActionError:
    who = state.current_player
    if state.is_over:
        where = "game over"
    elif who is None or who < 0:
        where = f"chance to act, step {state.step.name}"
    else:
        where = f"turn of {seat_name(who)}, step {state.step.name}"
    return IllegalActionError(
        f"illegal action '{action}': {reason} ({where})", code=code, action=action
    )


def _check_common(state: GameState, action: object) -> None:
    if state.step is TurnStep.OVER:
        raise _illegal(state, action, Violation.GAME_OVER, "the game is over")
    chance_action = isinstance(action, Deal | TurnUp | Reveal | Reshuffle)
    if state.step in CHANCE_STEPS:
        if not chance_action:
            raise _illegal(
                state,
                action,
                Violation.CHANCE_TO_ACT,
                "chance must act first (see chance_outcomes)",
            )
        return
    if chance_action:
        raise _illegal(state, action, Violation.NOT_CHANCE, "a player must act, not chance")
    if not isinstance(action, Draw | TakeDiscard | LayDown | Hit | Discard):
        raise _illegal(state, action, Violation.UNKNOWN_ACTION, "not a phase10 action")
    if action.player != state.turn:
        raise _illegal(
            state, action, Violation.NOT_YOUR_TURN, f"it is {seat_name(state.turn)}'s turn"
        )


def _need_step(state: GameState, action: object, *steps: TurnStep) -> None:
    if state.step not in steps:
        wanted = " or ".join(s.name for s in steps)
        raise _illegal(state, action, Violation.WRONG_STEP, f"this action belongs to step {wanted}")


def _check_chance_card(state: GameState, action: Deal | TurnUp | Reveal, step: TurnStep) -> None:
    _need_step(state, action, step)
    if not isinstance(action.card, Card) or not _contains(state.draw_pile, action.card):
        raise _illegal(
            state,
            action,
            Violation.NOT_AN_OUTCOME,
            f"{action.card} is not in the draw pile",
        )


def _check_take(state: GameState, action: TakeDiscard) -> None:
    _need_step(state, action, TurnStep.DRAW)
    top = state.top_discard
    if top is None:
        raise _illegal(state, action, Violation.EMPTY_PILE, "the discard pile is empty")
    if top.kind is Kind.SKIP:  # rule C-19
        raise _illegal(
            state,
            action,
            Violation.CANNOT_TAKE_SKIP,
            "a skip cannot be taken from the discard pile",
        )


def _check_draw(state: GameState, action: Draw) -> None:
    _need_step(state, action, TurnStep.DRAW)
    if not state.draw_pile:  # cannot happen in a state built by apply(): see _begin_turn
        raise _illegal(state, action, Violation.EMPTY_PILE, "the draw pile is empty")


def _check_laydown(state: GameState, action: LayDown) -> tuple[Card, ...]:
    """Returns the hand left after laying down."""
    _need_step(state, action, TurnStep.PLAY)
    seat = action.player
    player = state.players[seat]
    if player.laid_down:  # rule C-10: one phase per player per hand
        raise _illegal(
            state, action, Violation.ALREADY_LAID_DOWN, "the phase is already laid down this hand"
        )
    laydown = action.laydown
    phase = state.current_phase(seat)
    if phase is None or laydown.phase != phase:
        raise _illegal(
            state,
            action,
            Violation.PHASE_NOT_COMPLETE,
            f"{seat_name(seat)} must lay down {phase}, not {laydown.phase}",
        )
    rules = state.variant.meld_rules
    if len(laydown.melds) != len(phase.groups):
        raise _illegal(
            state,
            action,
            Violation.PHASE_NOT_COMPLETE,
            f"{phase} needs {len(phase.groups)} groups, got {len(laydown.melds)}",
        )
    for group, meld in zip(phase.groups, laydown.melds, strict=True):
        problem = meld.problem(rules=rules) if meld.group == group else f"it is not a {group}"
        if problem is not None:
            raise _illegal(state, action, Violation.PHASE_NOT_COMPLETE, f"meld {meld}: {problem}")
    if rules.natural_minimum is NaturalScope.PHASE and (
        sum(m.naturals for m in laydown.melds) < rules.naturals_in_sets
    ):  # rule C-17, option natural_minimum = phase
        raise _illegal(
            state, action, Violation.PHASE_NOT_COMPLETE, "the phase holds no natural card"
        )
    rest = _remove_all(player.hand, laydown.cards)
    if rest is None:
        raise _illegal(state, action, Violation.CARD_NOT_IN_HAND, "those cards are not all in hand")
    if not rest and not state.variant.go_out_by_hitting:  # rule C-15, option
        raise _illegal(
            state,
            action,
            Violation.MUST_DISCARD_LAST,
            "the turn must end with a discard (go_out_by_hitting is off)",
        )
    return rest


def _check_hit(state: GameState, action: Hit) -> Meld:
    """Returns the meld after the hit."""
    _need_step(state, action, TurnStep.PLAY)
    seat = action.player
    player = state.players[seat]
    if not player.laid_down:  # rule C-14: only after one's own phase is laid down
        raise _illegal(
            state,
            action,
            Violation.PHASE_NOT_LAID_DOWN,
            "hitting is allowed only after laying down one's own phase",
        )
    owner, index = action.owner, action.meld
    if not (is_whole(owner, 0) and owner < len(state.table)) or not (
        is_whole(index, 0) and index < len(state.table[owner])
    ):
        raise _illegal(
            state,
            action,
            Violation.NO_SUCH_MELD,
            f"there is no meld {seat_name(owner)}.{index + 1}",
        )
    if owner != seat and state.laid_this_turn and not state.variant.hit_others_on_laydown_turn:
        raise _illegal(  # rule C-14, option hit_others_on_laydown_turn
            state,
            action,
            Violation.HIT_NOT_ALLOWED_YET,
            "others' melds can be hit only from the turn after laying down",
        )
    if not isinstance(action.card, Card) or not _contains(player.hand, action.card):
        raise _illegal(state, action, Violation.CARD_NOT_IN_HAND, f"{action.card} is not in hand")
    if len(player.hand) == 1 and not state.variant.go_out_by_hitting:  # rule C-15, option
        raise _illegal(
            state,
            action,
            Violation.MUST_DISCARD_LAST,
            "the last card must be discarded (go_out_by_hitting is off)",
        )
    meld = state.table[owner][index]
    for option in meld.hit_options(action.card, rules=state.variant.meld_rules):
        if option.value == action.value and option.end is action.end:
            return option.meld
    raise _illegal(
        state,
        action,
        Violation.HIT_DOES_NOT_FIT,
        f"{action.card} as {action.value} at end {action.end.value} "
        f"does not fit the {meld.group} {meld}",
    )


def _skip_targets(state: GameState, seat: int) -> tuple[int | None, ...]:
    """Who a skip discarded by ``seat`` may target; ``(None,)`` when nobody can be skipped."""
    players = state.players
    if state.variant.skip_target is SkipTarget.NEXT:
        nxt = _next_seat(state, seat)
        return (nxt,) if nxt != seat and not players[nxt].skipped else (None,)
    # rule C-20: at most one skip pending against a player
    targets = tuple(s for s in state.active_seats if s != seat and not players[s].skipped)
    return targets or (None,)


def _check_discard(state: GameState, action: Discard) -> None:
    _need_step(state, action, TurnStep.PLAY)
    if not isinstance(action.card, Card) or not _contains(
        state.players[action.player].hand, action.card
    ):
        raise _illegal(state, action, Violation.CARD_NOT_IN_HAND, f"{action.card} is not in hand")
    if action.card.kind is Kind.SKIP:
        targets = _skip_targets(state, action.player)
        if action.target not in targets:
            allowed = ", ".join("nobody" if t is None else seat_name(t) for t in targets)
            raise _illegal(
                state,
                action,
                Violation.BAD_SKIP_TARGET,
                f"this skip can target {allowed}",
            )
    elif action.target is not None:
        raise _illegal(state, action, Violation.BAD_SKIP_TARGET, "only a skip takes a target")


# ----------------------------------------------------------------------------- transitions


def _begin_turn(state: GameState, seat: int) -> GameState:
    """Hand the turn to ``seat``, spending pending skips (C-19, C-20) and reshuffling (C-16)."""
    players = state.players
    while players[seat].skipped:
        p = players[seat]
        players = (
            *players[:seat],
            PlayerState(p.hand, p.phase, p.laid_down, p.score, False),
            *players[seat + 1 :],
        )
        seat = _next_seat(state, seat)
    if state.draw_pile:
        step = TurnStep.DRAW
    elif len(state.discard_pile) > 1:
        step = TurnStep.RESHUFFLE  # rule C-16
    else:
        # Nothing left to draw or reshuffle: the hand ends without a winner (documented).
        return _end_hand(_evolve(state, players=players), went_out=None)
    return _evolve(state, players=players, turn=seat, step=step, laid_this_turn=False)


def _end_hand(state: GameState, went_out: int | None) -> GameState:
    """Score the hand, advance phases and start the next hand or end the game."""
    variant = state.variant
    if state.tiebreak:
        if went_out is not None and variant.tiebreak_win is TiebreakWin.GO_OUT:  # rule C-26
            return _evolve(state, step=TurnStep.OVER, winners=(went_out,))
        return _deal_hand(
            state, dealer=_next_seat(state, state.dealer), hand_number=state.hand_number + 1
        )
    scoring = variant.scoring
    last = len(variant.phases)
    players = []
    for seat, p in enumerate(state.players):
        score = p.score
        if went_out is not None and seat != went_out:
            score += scoring.hand_points(p.hand)  # rule C-23
        phase = p.phase + 1 if p.laid_down else p.phase  # rule C-22
        players.append(PlayerState(p.hand, phase, p.laid_down, score, False))
    done = [s for s, p in enumerate(players) if p.phase == last]
    after = _evolve(state, players=tuple(players))
    if done:  # rule C-24: the game ends after the hand in which phase 10 was completed
        best = min(players[s].score for s in done)
        winners = tuple(s for s in done if players[s].score == best)  # rule C-25
        if len(winners) == 1:
            return _evolve(after, step=TurnStep.OVER, winners=winners)
        tied = _evolve(after, tiebreak=winners)  # rule C-26: a tie-break hand
        return _deal_hand(
            tied, dealer=(state.dealer + 1) % len(players), hand_number=state.hand_number + 1
        )
    return _deal_hand(
        after, dealer=(state.dealer + 1) % len(players), hand_number=state.hand_number + 1
    )


def _apply_checked(state: GameState, action: Action) -> GameState:
    """Check ``action`` and, when legal, return the state after it."""
    _check_common(state, action)
    if isinstance(action, Deal):
        _check_chance_card(state, action, TurnStep.DEAL)
        active = state.active_seats
        first = active.index(_next_seat(state, state.dealer))
        seat = active[(first + state.dealt) % len(active)]
        p = state.players[seat]
        players = _with_player(
            state, seat, PlayerState(_insert(p.hand, action.card), p.phase, False, p.score, False)
        )
        dealt = state.dealt + 1
        done = dealt == len(active) * state.variant.hand_size
        return _evolve(
            state,
            players=players,
            draw_pile=_remove(state.draw_pile, action.card),
            dealt=dealt,
            step=TurnStep.TURN_UP if done else TurnStep.DEAL,
        )
    if isinstance(action, TurnUp):
        _check_chance_card(state, action, TurnStep.TURN_UP)
        first = _next_seat(state, state.dealer)
        players = state.players
        if action.card.kind is Kind.SKIP:  # rule C-21: the first player is skipped
            p = players[first]
            players = _with_player(state, first, PlayerState(p.hand, p.phase, False, p.score, True))
        turned = _evolve(
            state,
            players=players,
            draw_pile=_remove(state.draw_pile, action.card),
            discard_pile=(action.card,),
        )
        return _begin_turn(turned, first)
    if isinstance(action, Reveal):
        _check_chance_card(state, action, TurnStep.REVEAL)
        seat = state.turn
        p = state.players[seat]
        hand = _insert(p.hand, action.card)
        return _evolve(
            state,
            players=_with_player(
                state, seat, PlayerState(hand, p.phase, p.laid_down, p.score, p.skipped)
            ),
            draw_pile=_remove(state.draw_pile, action.card),
            step=TurnStep.PLAY,
        )
    if isinstance(action, Reshuffle):
        _need_step(state, action, TurnStep.RESHUFFLE)
        pile = state.discard_pile
        return _evolve(
            state,
            draw_pile=tuple(sorted(pile[:-1], key=_key)),
            discard_pile=pile[-1:],
            step=TurnStep.DRAW,
        )
    if isinstance(action, Draw):
        _check_draw(state, action)
        return _evolve(state, step=TurnStep.REVEAL)
    seat = action.player
    p = state.players[seat]
    if isinstance(action, TakeDiscard):
        _check_take(state, action)
        hand = _insert(p.hand, state.discard_pile[-1])
        return _evolve(
            state,
            players=_with_player(
                state, seat, PlayerState(hand, p.phase, p.laid_down, p.score, p.skipped)
            ),
            discard_pile=state.discard_pile[:-1],
            step=TurnStep.PLAY,
        )
    if isinstance(action, LayDown):
        rest = _check_laydown(state, action)
        melds = action.laydown.melds
        table = (*state.table[:seat], state.table[seat] + melds, *state.table[seat + 1 :])
        after = _evolve(
            state,
            players=_with_player(state, seat, PlayerState(rest, p.phase, True, p.score, p.skipped)),
            table=table,
            laid_this_turn=True,
        )
        if state.tiebreak and state.variant.tiebreak_win is TiebreakWin.LAYDOWN:
            return _evolve(after, step=TurnStep.OVER, winners=(seat,))  # rule C-26
        if not rest:  # rule C-15: out by playing the last card
            return _end_hand(after, went_out=seat)
        return after
    if isinstance(action, Hit):
        new_meld = _check_hit(state, action)
        owner, index = action.owner, action.meld
        row = state.table[owner]
        row = (*row[:index], new_meld, *row[index + 1 :])
        rest = _remove(p.hand, action.card)
        after = _evolve(
            state,
            players=_with_player(state, seat, PlayerState(rest, p.phase, True, p.score, p.skipped)),
            table=(*state.table[:owner], row, *state.table[owner + 1 :]),
        )
        if not rest:  # rule C-15: out by hitting the last card
            return _end_hand(after, went_out=seat)
        return after
    if isinstance(action, Discard):
        _check_discard(state, action)
        rest = _remove(p.hand, action.card)
        players = _with_player(
            state, seat, PlayerState(rest, p.phase, p.laid_down, p.score, p.skipped)
        )
        if action.target is not None:  # rule C-19: the target loses their next turn
            t = players[action.target]
            players = (
                *players[: action.target],
                PlayerState(t.hand, t.phase, t.laid_down, t.score, True),
                *players[action.target + 1 :],
            )
        after = _evolve(state, players=players, discard_pile=(*state.discard_pile, action.card))
        if not rest:  # rule C-13: discarding the last card ends the hand
            return _end_hand(after, went_out=seat)
        return _begin_turn(after, _next_seat(state, seat))
    raise AssertionError(action)  # pragma: no cover


# ----------------------------------------------------------------------------- public API


def apply(state: GameState, action: Action) -> GameState:
    """Return the state after ``action``; ``state`` itself is never changed.

    Raises:
        IllegalActionError: the action is not legal here; ``.code`` says why and the message
            quotes the action and the situation.
    """
    try:
        return _apply_checked(state, action)
    except (IllegalActionError, Phase10Error):
        raise
    except (AttributeError, TypeError, IndexError, ValueError) as exc:
        # Malformed actions (wrong field types, seats out of range) are illegal, not crashes.
        raise IllegalActionError(
            f"illegal action {action!r}: malformed ({exc})",
            code=Violation.UNKNOWN_ACTION,
            action=action,
        ) from None


def check(state: GameState, action: Action) -> None:
    """Raise :class:`~phase10.IllegalActionError` unless ``action`` is legal in ``state``.

    Raises:
        IllegalActionError: the action is not legal here.
    """
    apply(state, action)


def is_legal(state: GameState, action: Action) -> bool:
    """Whether ``action`` is legal in ``state`` (the same check as :func:`apply`)."""
    try:
        apply(state, action)
    except IllegalActionError:
        return False
    return True


def _laydowns(state: GameState, seat: int) -> Iterator[Laydown]:
    phase = state.current_phase(seat)
    player = state.players[seat]
    if phase is None or player.laid_down:
        return
    rules = state.variant.meld_rules
    hand = player.hand
    if find_laydown(hand, phase, rules=rules) is None:
        return
    keep_one = not state.variant.go_out_by_hitting
    for laydown in iter_laydowns(hand, phase, rules=rules):
        if keep_one and len(laydown.cards) >= len(hand):
            continue
        yield laydown


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every legal action of whoever acts next, each once, in a fixed order.

    At a chance node these are the possible chance outcomes (see
    :func:`~phase10.chance_outcomes` for their probabilities).

    >>> from phase10 import CLASSIC
    >>> state = new_game(CLASSIC, 2)
    >>> len(legal_actions(state))  # 48 distinct number cards, wild, skip
    50
    """
    step = state.step
    if step is TurnStep.OVER:
        return ()
    if step in CHANCE_STEPS:
        from phase10.chance import chance_outcomes

        return tuple(a for a, _ in chance_outcomes(state))
    seat = state.turn
    if step is TurnStep.DRAW:
        top = state.top_discard
        if top is not None and top.kind is not Kind.SKIP:
            return (Draw(seat), TakeDiscard(seat))
        return (Draw(seat),)
    player = state.players[seat]
    hand = player.hand
    variant = state.variant
    out: list[Action] = [LayDown(seat, x) for x in _laydowns(state, seat)]
    distinct = list(dict.fromkeys(hand))
    if player.laid_down and (len(hand) > 1 or variant.go_out_by_hitting):
        rules = variant.meld_rules
        others_ok = variant.hit_others_on_laydown_turn or not state.laid_this_turn
        for owner, row in enumerate(state.table):
            if owner != seat and not others_ok:
                continue
            for index, meld in enumerate(row):
                for card in distinct:
                    for option in meld.hit_options(card, rules=rules):
                        out.append(Hit(seat, owner, index, card, option.value, option.end))
    for card in distinct:
        if card.kind is Kind.SKIP:
            out.extend(Discard(seat, card, target) for target in _skip_targets(state, seat))
        else:
            out.append(Discard(seat, card))
    return tuple(out)
