"""Builders and checks shared by the engine and variant tests.

Every scenario is built from an explicit deal, never from luck: :func:`start` (or
:func:`deal` on a hand-built state) applies one ``Deal(card)`` per card, one at a time
round-robin from the player left of the dealer, skipping players who kept their hand under
Keep all (C-3, C-4, M-13), then a ``TurnUp(card)``; :func:`draw` applies ``Draw`` and an
explicit ``Reveal(card)``. Hand-built positions go through :func:`attrs.evolve` and
:meth:`GameState.validate` (:func:`set_players`).

:func:`play` and :func:`refuse` check, on every call, that ``apply`` leaves its input
untouched and that the cards are conserved (C-1).

The random-play part (:func:`check_state`, :func:`check_step`, :func:`check_refusals`,
:func:`check_every_legal_action`, :func:`play_random_game`) is shared by the seeded loops and
the Hypothesis state machine of ``tests/test_variants_props.py``.
"""

from __future__ import annotations

import copy
import math
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs
import pytest

from phase10 import (
    CLASSIC,
    Action,
    Advance,
    Announce,
    Card,
    ChanceAction,
    Deal,
    Discard,
    Draw,
    DrawTwo,
    End,
    GameState,
    GreedyBot,
    Hit,
    IllegalActionError,
    Keep,
    KeepHand,
    LayDown,
    LaydownStyle,
    MeldRules,
    Offer,
    Phase,
    PhaseMelds,
    PhaseOrder,
    Reshuffle,
    Reveal,
    TakeDiscard,
    TakeOffer,
    TurnStep,
    TurnUp,
    Variant,
    Violation,
    apply,
    chance_outcomes,
    check_meld,
    is_legal,
    legal_actions,
    new_game,
    parse_card,
    parse_cards,
    sample_chance,
    view,
)
from phase10._laydown_plan import compiled_plan
from phase10._laydown_search import counted_check, engine_laydowns
from phase10.limits import DEFAULT_LIMITS

__all__ = [
    "announce",
    "assert_conserved",
    "card",
    "cards",
    "check_every_legal_action",
    "check_refusals",
    "check_state",
    "check_step",
    "count_cards",
    "deal",
    "deal_actions",
    "dealing_order",
    "discard",
    "draw",
    "engine_lays_down",
    "hit",
    "lay",
    "laydown",
    "mutations",
    "play",
    "play_random_game",
    "progress_action",
    "random_action",
    "refuse",
    "set_players",
    "situation",
    "start",
    "take",
]

# ----------------------------------------------------------------------------- cards


def card(text: str) -> Card:
    """One card in notation (``R7``, ``W1-6:RG``, ``QH``, ``TT``)."""
    return parse_card(text)


def cards(text: str) -> tuple[Card, ...]:
    """Cards in notation, in the order written."""
    return parse_cards(text)


def count_cards(state: GameState) -> Counter[Card]:
    """Every card of the state, counted independently of :meth:`GameState.validate`.

    Hands, draw pile, discard pile, the blue action pile (M-11), a Take two draw (M-12),
    the cards offered after a Give five (M-15) and the melds on the table.
    """
    counted: Counter[Card] = Counter(state.draw_pile)
    counted.update(state.discard_pile)
    counted.update(state.action_pile)
    counted.update(state.drawn)
    counted.update(c for _, c in state.offers)
    for player in state.players:
        counted.update(player.hand)
    for row in state.table:
        for meld in row:
            counted.update(meld.cards)
    return counted


#: The counted deck of each ``deck_for`` tuple seen, by identity (the variant keeps its tuple;
#: counting 156 cards again at every step of a seeded game was a third of its checks).
_DECK_COUNTS: dict[int, tuple[tuple[Card, ...], Counter[Card]]] = {}


def _deck_count(deck: tuple[Card, ...]) -> Counter[Card]:
    known = _DECK_COUNTS.get(id(deck))
    if known is None or known[0] is not deck:
        known = _DECK_COUNTS[id(deck)] = (deck, Counter(deck))
    return known[1]


def assert_conserved(state: GameState) -> None:
    """The cards of ``state`` are exactly the variant's deck for this many players."""
    expected = _deck_count(state.variant.deck_for(state.num_players))
    actual = count_cards(state)
    assert expected == actual, (
        f"extra {sorted(map(str, (actual - expected).elements()))}, "
        f"missing {sorted(map(str, (expected - actual).elements()))}"
    )


# ----------------------------------------------------------------------------- dealing


def dealing_order(state: GameState) -> tuple[int, ...]:
    """The seats dealt to, in dealing order (C-3, C-4, M-13).

    The player left of the dealer first, then round the table; only the seats playing the
    hand (the tied players of a tie-break, C-26), and not those who kept their hand.
    """
    active = state.active_seats
    n = state.num_players
    first = next(s for k in range(1, n + 1) if (s := (state.dealer + k) % n) in active)
    i = active.index(first)
    return tuple(s for s in active[i:] + active[:i] if not state.players[s].kept)


def deal_actions(state: GameState, hands: Sequence[str], turn_up: str) -> tuple[ChanceAction, ...]:
    """The chance actions that deal ``hands`` (one notation string per seat) and turn up.

    Seats that are not dealt to (a kept hand, or outside a tie-break) get ``""``.
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
    """Apply an explicit deal and turn-up to a state about to deal (step DEAL or TURN_UP)."""
    if state.step not in (TurnStep.DEAL, TurnStep.TURN_UP) or state.dealt:
        raise ValueError(f"expected a state about to deal, got step {state.step.name}")
    return play(state, *deal_actions(state, hands, turn_up))


def set_players(state: GameState, **fields: Sequence[object]) -> GameState:
    """Set a field of every seat, e.g. ``phase=(9, 9)`` or ``completed=((0,), ())``.

    Meant for a state about to deal; the result is validated.
    """
    changes: list[dict[str, Any]] = [
        {name: values[seat] for name, values in fields.items()} for seat in range(state.num_players)
    ]
    players = tuple(attrs.evolve(p, **c) for p, c in zip(state.players, changes, strict=True))
    return attrs.evolve(state, players=players).validate()


def start(
    hands: Sequence[str],
    turn_up: str,
    *,
    variant: Variant = CLASSIC,
    dealer: int | None = None,
    **fields: Sequence[object],
) -> GameState:
    """A new game of ``variant`` (classic by default) with these hands dealt.

    The dealer defaults to the last seat, so seat 0 (``p1``) is dealt first and plays
    first. ``fields`` set each seat's progress beforehand (``phase=(9, 9)``).
    """
    n = len(hands)
    state = new_game(variant, n, dealer=n - 1 if dealer is None else dealer)
    if fields:
        state = set_players(state, **fields)
    return deal(state, hands, turn_up)


# ----------------------------------------------------------------------------- acting


def play(state: GameState, *actions: Action) -> GameState:
    """Apply ``actions`` in order; check that the input is untouched and cards conserved."""
    for action in actions:
        snapshot = copy.deepcopy(state)
        after = apply(state, action)
        assert snapshot == state, f"apply({action}) changed its input"
        state = after.validate()
        assert_conserved(state)
    return state


def draw(state: GameState, drawn: str) -> GameState:
    """The player to act draws from the draw pile, and chance reveals ``drawn``."""
    return play(state, Draw(state.turn), Reveal(card(drawn)))


def take(state: GameState) -> GameState:
    """The player to act takes the top of the discard pile."""
    return play(state, TakeDiscard(state.turn))


def discard(state: GameState, text: str, target: int | None = None) -> Discard:
    """A discard (or a played action card) by the player to act."""
    return Discard(state.turn, card(text), target)


def laydown(state: GameState, *groups: str, phase: Phase | None = None) -> PhaseMelds:
    """A laydown of ``phase`` (default: the current phase of the player to act).

    One notation string per group; a wild must be pinned (``W=7``) when the cards could be
    read in several ways.
    """
    target = state.current_phase(state.turn) if phase is None else phase
    assert target is not None
    melds = []
    for group, text in zip(target.groups, groups, strict=True):
        verdict = check_meld(text, group, rules=state.variant.meld_rules)
        if len(verdict.melds) != 1:
            raise ValueError(f"{text!r} as a {group}: {verdict}; pin the wilds (W=7)")
        melds.append(verdict.melds[0])
    return PhaseMelds(target, tuple(melds))


def lay(state: GameState, *groups: str, phase: Phase | None = None) -> LayDown:
    """A :class:`LayDown` by the player to act (see :func:`laydown`)."""
    return LayDown(state.turn, laydown(state, *groups, phase=phase))


def announce(state: GameState, *groups: str, keep: bool, phase: Phase | None = None) -> Announce:
    """An :class:`Announce` by the player to act ("10 Phases", T-4)."""
    return Announce(state.turn, laydown(state, *groups, phase=phase), keep)


def hit(state: GameState, owner: int, meld: int, text: str, end: End | None = None) -> Hit:
    """A hit by the player to act on meld ``meld`` (0-based) of seat ``owner``."""
    target = state.table[owner][meld]
    options = [
        o
        for o in target.hit_options(card(text), rules=state.variant.meld_rules)
        if end is None or o.end is end
    ]
    if len(options) != 1:
        raise ValueError(f"{text} fits {target} in {len(options)} ways; say which end")
    return Hit(state.turn, owner, meld, card(text), options[0].value, options[0].end)


def situation(state: GameState) -> str:
    """How refusal messages describe ``state``: whose turn and which step."""
    if state.is_over:
        return "game over"
    if state.is_chance:
        return f"chance to act, step {state.step.name}"
    return f"turn of p{(state.current_player or 0) + 1}, step {state.step.name}"


def refuse(state: GameState, action: object, code: Violation) -> str:
    """Assert that ``action`` is refused in ``state`` with ``code``; return the message.

    The refusal agrees with :func:`is_legal` and :func:`legal_actions`, the error carries the
    action, the message quotes the action and the situation, and ``state`` is unchanged.
    """
    before = hash(state)
    snapshot = copy.deepcopy(state)
    with pytest.raises(IllegalActionError) as info:
        apply(state, action)  # type: ignore[arg-type]
    error = info.value
    assert code == error.code, str(error)
    assert action is error.action
    message = str(error)
    assert message.startswith(f"illegal action '{action}': "), message
    assert message.endswith(f" ({situation(state)})"), message
    assert not is_legal(state, action)
    assert action not in legal_actions(state)
    assert snapshot == state
    assert before == hash(state)
    return message


# ----------------------------------------------------------------------------- random play


def random_action(state: GameState, rng: random.Random) -> Action:
    """A chance outcome with its probability, or a uniformly chosen legal action."""
    if state.is_chance:
        return sample_chance(state, rng)
    legal = legal_actions(state)
    return legal[int(rng.random() * len(legal))]


#: The player actions :func:`eager_action` prefers, so that laydowns, hits and Master's
#: action cards reach a hand's history within a short game.
EAGER = (LayDown, Announce, Hit, DrawTwo, Offer, TakeOffer, KeepHand)


def eager_action(state: GameState, rng: random.Random, *, targets: bool = False) -> Action:
    """A chance outcome, or a legal action chosen at random with a bias to :data:`EAGER`.

    Also takes the discard more often than at random, and with ``targets`` plays a skip
    on a target (C-19) more often.
    """
    if state.is_chance:
        return sample_chance(state, rng)
    legal = legal_actions(state)
    eager = [a for a in legal if isinstance(a, EAGER)]
    if eager and rng.random() < 0.8:
        return eager[int(rng.random() * len(eager))]
    takes = [a for a in legal if isinstance(a, TakeDiscard)]
    if takes and rng.random() < 0.4:
        return takes[0]
    if targets:
        aimed = [a for a in legal if isinstance(a, Discard) and a.target is not None]
        if aimed and rng.random() < 0.5:
            return aimed[0]
    return legal[int(rng.random() * len(legal))]


_GREEDY = GreedyBot()


def progress_action(state: GameState, rng: random.Random) -> Action:
    """A chance outcome, or :class:`~phase10.GreedyBot`'s action (a uniformly random legal
    one a quarter of the time).

    Seeded whole games driven by it make progress: a "10 Phases" game takes a few hundred
    steps instead of tens of thousands (uniformly random players rarely complete a phase,
    so their hands run to the turn bound, C-16), while the random quarter still reaches
    positions no sensible player would.
    """
    if state.is_chance:
        return sample_chance(state, rng)
    if rng.random() < 0.25:
        legal = legal_actions(state)
        return legal[int(rng.random() * len(legal))]
    seat = state.current_player
    assert seat is not None
    return _GREEDY.act(view(state, seat), rng)


def check_state(state: GameState, legal: Sequence[Action] | None = None) -> None:
    """Invariants every reachable state of every variant keeps.

    ``legal`` is ``legal_actions(state)`` when the caller has it already.
    """
    variant = state.variant
    n = state.num_players
    assert_conserved(state)
    phases = len(variant.phases)
    for p in state.players:
        assert 0 <= p.phase <= phases
        assert p.score >= 0
        if variant.phase_order is PhaseOrder.PICK:  # rule V-4: each phase once
            assert list(p.completed) == sorted(set(p.completed))
            assert all(0 <= i < phases for i in p.completed)
        else:
            assert p.completed == ()
        if not variant.action_cards:
            assert not (p.take_two or p.keep_all or p.kept)
    if variant.action_cards:  # rule M-11: action cards never on the discard pile
        assert not any(c.is_action or c.is_skip for c in state.discard_pile)
        assert all(c.is_action or c.is_skip for c in state.action_pile)
    else:
        assert (state.action_pile, state.drawn, state.offers) == ((), (), ())
    if variant.laydown_style is LaydownStyle.ANNOUNCE:  # rule T-4: nothing on the table
        assert all(row == () for row in state.table)
        # one long hand (T-5), unless it reached a bound (C-16)
        if variant.max_reshuffles is None and variant.max_hand_turns is None:
            assert state.hand_number == 1
    if variant.advance is Advance.EVERY_HAND:  # rule V-1: everybody advances every hand
        if state.tiebreak or state.is_over:
            assert state.phases == (phases,) * n
        else:
            assert state.phases == (state.hand_number - 1,) * n
    if state.is_over:
        assert state.current_player is None
        assert legal_actions(state) == ()
        assert state.winners
        if variant.declare_loser:  # rule T-6
            assert state.losers
            low = min(state.phases)
            assert all(state.phases[s] == low for s in state.losers)
        else:
            assert state.losers == ()
        return
    assert not state.winners
    if legal is None:
        legal = legal_actions(state)
    assert legal, f"no legal action at step {state.step.name}"
    assert len(set(legal)) == len(legal), "legal_actions lists an action twice"
    if state.is_chance:
        outcomes = chance_outcomes(state)
        assert tuple(a for a, _ in outcomes) == legal
        assert math.isclose(sum(p for _, p in outcomes), 1.0)
    else:
        actor = state.current_player
        assert actor is not None and 0 <= actor < n
        assert all(getattr(a, "player", None) == actor for a in legal)
    if state.step is TurnStep.OFFER:  # rule M-15: offers come from the others in turn
        assert state.current_player == state.next_offerer != state.turn


def check_step(before: GameState, action: Action, after: GameState) -> None:
    """Invariants of one transition (``apply`` already returned ``after``)."""
    assert after.hand_number >= before.hand_number
    for p, q in zip(before.players, after.players, strict=True):
        assert q.score >= p.score  # penalty points only grow
        if after.hand_number == before.hand_number:
            assert q.phase in (p.phase, p.phase + 1)
    if isinstance(action, Announce):  # rule T-4: one phase at a time
        assert after.players[action.player].phase == before.players[action.player].phase + 1


def _not_in_deck(variant: Variant) -> Card:
    deck = set(variant.deck)
    return next(c for c in cards("P7 B7 7H W") if c not in deck)


def mutations(state: GameState, legal: Sequence[Action], rng: random.Random) -> Iterator[object]:
    """Actions that may or may not be legal in ``state``: near misses of legal ones."""
    n = state.num_players
    turn = state.turn
    deck = state.variant.deck_for(n)
    some = deck[int(rng.random() * len(deck))]
    alien = _not_in_deck(state.variant)
    yield "p1 draw"
    yield None
    yield Draw(turn)
    yield TakeDiscard(turn)
    yield DrawTwo(turn)
    yield Discard(turn, some)
    yield Discard(turn, alien)
    yield Keep(turn, some)
    yield KeepHand(turn, True)
    yield TakeOffer(turn, (turn + 1) % n, some)
    yield Offer((turn + 1) % n, some)
    yield Reshuffle()
    yield Deal(alien)
    yield TurnUp(some)
    yield Reveal(alien)
    yield Draw(n)  # not a seat
    for action in rng.sample(list(legal), min(4, len(legal))):
        if isinstance(action, Deal | TurnUp | Reveal):
            yield type(action)(alien)
            continue
        if isinstance(action, Reshuffle):
            continue
        yield attrs.evolve(action, player=(action.player + 1) % n)
        if isinstance(action, Discard | Keep | Offer | TakeOffer):
            yield attrs.evolve(action, card=alien)
        if isinstance(action, Discard) and action.card.is_skip:
            yield attrs.evolve(action, target=action.player)
        if isinstance(action, Hit):
            yield attrs.evolve(action, meld=action.meld + 5)
            yield attrs.evolve(action, owner=n)
            yield attrs.evolve(action, end=End.LOW if action.end is End.HIGH else End.HIGH)
        if isinstance(action, LayDown | Announce):
            yield attrs.evolve(action, laydown=attrs.evolve(action.laydown, melds=()))


def check_refusals(state: GameState, candidates: Sequence[object]) -> int:
    """Every candidate not listed as legal is refused with a code; the state is unchanged.

    Returns how many were refused.
    """
    legal = set(legal_actions(state))
    before = hash(state)
    snapshot = attrs.evolve(state)
    refused = 0
    for action in candidates:
        if action in legal:
            continue
        with pytest.raises(IllegalActionError) as info:
            apply(state, action)  # type: ignore[arg-type]
        assert isinstance(info.value.code, Violation)
        assert info.value.action is action
        assert not is_legal(state, action)
        refused += 1
    assert snapshot == state
    assert before == hash(state)
    return refused


def check_every_legal_action(state: GameState, *, limit: int = 5000) -> None:
    """Every listed legal action (up to ``limit``) applies, conserving the cards."""
    snapshot = copy.deepcopy(state)
    for action in legal_actions(state)[:limit]:
        after = apply(state, action)
        assert_conserved(after)
        check_step(state, action, after)
    assert snapshot == state, "apply changed its input"


def play_random_game(
    variant: Variant,
    num_players: int,
    seed: str,
    *,
    max_hands: int,
    max_steps: int,
    full_every: int = 0,
    choose: Callable[[GameState, random.Random], Action] | None = None,
) -> tuple[GameState, int]:
    """Play a seeded game to its end, checking every state and step.

    The players choose uniformly at random among the legal actions, or by ``choose``
    (e.g. :func:`progress_action`). Every ``full_every`` steps (0: never) also apply every
    legal action, try refused near misses and compare the input with a deep copy. Returns
    the final state and the number of steps; fails if the game exceeds ``max_hands`` or
    ``max_steps``.
    """
    rng = random.Random(seed)
    state = new_game(variant, num_players, dealer=int(rng.random() * num_players))
    steps = 0
    while not state.is_over:
        if state.is_chance:
            legal: tuple[Action, ...] = ()
            action: Action = sample_chance(state, rng)
        elif choose is not None:
            legal = legal_actions(state)
            action = choose(state, rng)
        else:
            legal = legal_actions(state)
            action = legal[int(rng.random() * len(legal))]
        check_state(state, legal or None)
        if full_every and steps % full_every == 0:
            state.validate()
            check_every_legal_action(state)
            check_refusals(state, list(mutations(state, legal or legal_actions(state), rng)))
        after = apply(state, action)
        check_step(state, action, after)
        state = after
        steps += 1
        assert steps <= max_steps, f"{variant.name}: no end after {steps} steps"
        assert state.hand_number <= max_hands, f"{variant.name}: no end after {max_hands} hands"
    check_state(state.validate())
    return state, steps


def engine_lays_down(hand: tuple[Card, ...], phase: Phase, rules: MeldRules) -> bool:
    """Whether the engine finds ``hand`` lays ``phase`` down (C-9, C-10), as ``legal_actions``.

    Its existence check: the counted pre-check, then the walk of the listing, which yields
    a first laydown or none (the oracle is not asked first).
    """
    if not counted_check(hand, phase, rules, DEFAULT_LIMITS):
        return False
    minimal = compiled_plan(phase, rules).minimal
    return next(engine_laydowns(hand, phase, rules, minimal, DEFAULT_LIMITS), None) is not None
