"""Helpers for engine tests: explicit deals, scripted turns and refused actions.

Every scenario is built from an explicit deal, never from luck: :func:`start` applies one
``Deal(card)`` per card in dealing order (the player left of the dealer first, one card at a
time round-robin, C-3/C-4), then a ``TurnUp(card)``; :func:`draw` applies ``Draw`` and an
explicit ``Reveal(card)``. Hand-built positions go through :func:`attrs.evolve` and
:meth:`GameState.validate`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import attrs
import pytest

from phase10 import (
    CLASSIC,
    Action,
    Card,
    ChanceAction,
    Deal,
    Discard,
    Draw,
    End,
    GameState,
    Hit,
    IllegalActionError,
    LayDown,
    Phase,
    PhaseMelds,
    Reveal,
    TakeDiscard,
    TurnStep,
    TurnUp,
    Variant,
    Violation,
    apply,
    check_meld,
    is_legal,
    legal_actions,
    new_game,
    parse_card,
    parse_cards,
)

__all__ = [
    "all_cards",
    "card",
    "cards",
    "deal",
    "deal_actions",
    "dealing_order",
    "discard",
    "draw",
    "hit",
    "lay",
    "play",
    "refuse",
    "situation",
    "start",
    "take",
    "with_players",
]


def card(text: str) -> Card:
    """One card in notation (``R7``, ``W``, ``S``)."""
    return parse_card(text)


def cards(text: str) -> tuple[Card, ...]:
    """Cards in notation, in the order written."""
    return parse_cards(text)


def all_cards(state: GameState) -> Counter[Card]:
    """Every card of the state: hands, draw pile, discard pile and table melds (C-1)."""
    counted: Counter[Card] = Counter(state.draw_pile)
    counted.update(state.discard_pile)
    for player in state.players:
        counted.update(player.hand)
    for row in state.table:
        for meld in row:
            counted.update(meld.cards)
    return counted


def with_players(
    state: GameState, *, phase: Sequence[int] | None = None, score: Sequence[int] | None = None
) -> GameState:
    """Set every seat's phase index and/or score, e.g. ``phase=(9, 9)``; validated.

    Meant for a state at the start of a hand (step DEAL), as :func:`start` uses it.
    """
    players = tuple(
        attrs.evolve(
            p,
            phase=p.phase if phase is None else phase[seat],
            score=p.score if score is None else score[seat],
        )
        for seat, p in enumerate(state.players)
    )
    return attrs.evolve(state, players=players).validate()


def dealing_order(state: GameState) -> tuple[int, ...]:
    """The seats in the order they receive cards: left of the dealer first (C-3, C-4).

    Only the seats playing the hand are dealt to (the tied players of a tie-break, C-26).
    """
    active = state.active_seats
    n = state.num_players
    first = next(s for k in range(1, n + 1) if (s := (state.dealer + k) % n) in active)
    i = active.index(first)
    return active[i:] + active[:i]


def deal_actions(state: GameState, hands: Sequence[str], turn_up: str) -> tuple[ChanceAction, ...]:
    """The chance actions that deal ``hands`` (one notation string per seat) and turn up.

    Seats that are not dealt to (outside a tie-break) get ``""``.
    """
    if len(hands) != state.num_players:
        raise ValueError(f"give one hand per seat ({state.num_players}), got {len(hands)}")
    order = dealing_order(state)
    parsed = [cards(h) for h in hands]
    size = state.variant.hand_size
    for seat, hand in enumerate(parsed):
        expected = size if seat in order else 0
        if len(hand) != expected:
            raise ValueError(f"seat {seat} must be dealt {expected} cards, got {hands[seat]!r}")
    out: list[ChanceAction] = [Deal(parsed[seat][r]) for r in range(size) for seat in order]
    out.append(TurnUp(card(turn_up)))
    return tuple(out)


def deal(state: GameState, hands: Sequence[str], turn_up: str) -> GameState:
    """Apply an explicit deal and turn-up to a state at the start of a hand (step DEAL)."""
    if state.step is not TurnStep.DEAL or state.dealt:
        raise ValueError(f"expected a state about to deal, got step {state.step.name}")
    return play(state, *deal_actions(state, hands, turn_up))


def start(
    hands: Sequence[str],
    turn_up: str,
    *,
    variant: Variant = CLASSIC,
    dealer: int | None = None,
    phase: Sequence[int] | None = None,
    score: Sequence[int] | None = None,
) -> GameState:
    """A new game with these hands dealt; the dealer defaults to the last seat, so seat 0
    (``p1``) plays first. ``phase`` and ``score`` set each seat's progress beforehand.
    """
    n = len(hands)
    state = new_game(variant, n, dealer=n - 1 if dealer is None else dealer)
    if phase is not None or score is not None:
        state = with_players(state, phase=phase, score=score)
    return deal(state, hands, turn_up)


def play(state: GameState, *actions: Action) -> GameState:
    """Apply ``actions`` in order, checking every intermediate state."""
    for action in actions:
        state = apply(state, action).validate()
    return state


def draw(state: GameState, drawn: str) -> GameState:
    """The player to act draws from the draw pile, and chance reveals ``drawn``."""
    return play(state, Draw(state.turn), Reveal(card(drawn)))


def take(state: GameState) -> GameState:
    """The player to act takes the top of the discard pile."""
    return play(state, TakeDiscard(state.turn))


def discard(state: GameState, text: str, target: int | None = None) -> Discard:
    """A discard by the player to act."""
    return Discard(state.turn, card(text), target)


def lay(state: GameState, *groups: str, phase: Phase | None = None) -> LayDown:
    """A laydown by the player to act: one notation string per group of the phase.

    ``phase`` defaults to the player's current phase. A wild must be pinned (``W=7``) when
    the cards could be read several ways.
    """
    seat = state.turn
    target = state.current_phase(seat) if phase is None else phase
    assert target is not None
    melds = []
    for group, text in zip(target.groups, groups, strict=True):
        verdict = check_meld(text, group, rules=state.variant.meld_rules)
        if len(verdict.melds) != 1:
            raise ValueError(f"{text!r} as a {group}: {verdict}; pin the wilds (W=7)")
        melds.append(verdict.melds[0])
    return LayDown(seat, PhaseMelds(target, tuple(melds)))


def hit(state: GameState, owner: int, meld: int, text: str, end: End | None = None) -> Hit:
    """A hit by the player to act on meld ``meld`` (0-based) of seat ``owner``.

    The value is the only one the card can take there (at ``end``, when given).
    """
    target = state.table[owner][meld]
    options = [
        o
        for o in target.hit_options(card(text), rules=state.variant.meld_rules)
        if end is None or o.end is end
    ]
    if len(options) != 1:
        raise ValueError(f"{text} fits {target} in {len(options)} ways; say which end")
    option = options[0]
    return Hit(state.turn, owner, meld, card(text), option.value, option.end)


def situation(state: GameState) -> str:
    """How refusal messages describe ``state``: whose turn and which step."""
    if state.is_over:
        return "game over"
    if state.is_chance:
        return f"chance to act, step {state.step.name}"
    return f"turn of p{state.turn + 1}, step {state.step.name}"


def refuse(state: GameState, action: Action, code: Violation) -> str:
    """Assert that ``action`` is refused in ``state`` with ``code``; return the message.

    Also checks that the refusal agrees with :func:`is_legal` and :func:`legal_actions`,
    that the error carries the action, that the message quotes the action and the
    situation, and that ``state`` is unchanged.
    """
    before = hash(state)
    snapshot = attrs.evolve(state)
    with pytest.raises(IllegalActionError) as info:
        apply(state, action)
    error = info.value
    assert code == error.code
    assert action == error.action
    message = str(error)
    assert message.startswith(f"illegal action '{action}': "), message
    assert message.endswith(f" ({situation(state)})"), message
    assert not is_legal(state, action)
    assert action not in legal_actions(state)
    assert snapshot == state
    assert before == hash(state)
    return message
