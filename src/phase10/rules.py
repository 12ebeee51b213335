"""The rules of play: the only place that decides what is legal and what an action does.

:func:`legal_actions` lists, :func:`check` / :func:`is_legal` judge and :func:`apply`
performs. Every rule that both lists and judges lives in one named predicate below, which
returns the :class:`~phase10.Violation` that refuses an action, or ``None``:

- ``_draw_violation`` and ``_take_violation``: drawing (C-11, M-12) and taking the
  discard (C-19);
- ``_lay_down_violation``: whether the seat may lay down (or announce) a phase now (C-10,
  T-4);
- ``_hitting_violation`` and ``_hit_violation``: whether the seat may hit at all, and
  that meld (C-14 and its option ``hit_others_on_laydown_turn``);
- ``_go_out_violation``: whether a laydown or hit may play the last card (C-15 and its
  option ``go_out_by_hitting``).

:func:`legal_actions` lists only actions these predicates allow; the checks behind
:func:`apply` call the same predicates to refuse the others, and add what listing gets by
construction (the card is in hand, the laydown is valid, the hit fits). The chance
outcomes (:func:`chance_outcomes`, the samplers of :mod:`phase10.chance`) and the check of a
chance action share :func:`chance_draw` in the same way. A rule option is therefore read in
one place.
"""

from __future__ import annotations

import bisect
import operator
from collections import Counter
from collections.abc import Callable, Container, Iterable, Iterator, Sequence
from typing import Protocol

from phase10._checks import is_whole
from phase10._fast import (
    VALID_STATES,
    BoundedCache,
    IdentityCache,
    declare,
    lru_cache,
    make_evolve,
    reuse,
)
from phase10._laydown_search import counted_check, engine_laydowns, first_of
from phase10._members import (
    ACTION_GIVE_FIVE,
    ACTION_KEEP_ALL,
    ACTION_TAKE_TWO,
    ADVANCE_EVERY_HAND,
    KIND_ACTION,
    KIND_NUMBER,
    KIND_SKIP,
    LIMIT_ROUND,
    ORDER_PICK,
    STEP_DEAL,
    STEP_DRAW,
    STEP_DRAW_TWO,
    STEP_KEEP,
    STEP_KEEP_HAND,
    STEP_OFFER,
    STEP_OVER,
    STEP_PLAY,
    STEP_RESHUFFLE,
    STEP_REVEAL,
    STEP_TAKE_OFFER,
    STEP_TURN_UP,
    STYLE_ANNOUNCE,
    STYLE_TABLE,
    TARGET_NEXT,
    TIEBREAK_GO_OUT,
    TIEBREAK_LAYDOWN,
    UNSEEN_DEAL,
    UNSEEN_KEEP,
    UNSEEN_REVEAL,
    VIOLATION_ALREADY_LAID_DOWN,
    VIOLATION_CANNOT_TAKE_SKIP,
    VIOLATION_EMPTY_PILE,
    VIOLATION_HIT_NOT_ALLOWED_YET,
    VIOLATION_MUST_DISCARD_LAST,
    VIOLATION_NO_SUCH_MELD,
    VIOLATION_NO_TAKE_TWO,
    VIOLATION_PHASE_NOT_LAID_DOWN,
)
from phase10._written import Fault, laydown_fault
from phase10.actions import (
    CHANCE_ACTION_TYPES,
    PLAYER_ACTION_TYPES,
    Action,
    Announce,
    ChanceAction,
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
    action_target,
    seat_name,
)
from phase10.cards import Card
from phase10.errors import (
    ArgumentError,
    DefinitionError,
    IllegalActionError,
    InvalidStateError,
    LaydownError,
    Message,
    SearchLimitError,
    Violation,
)
from phase10.groups import Meld, MeldRules, group_message
from phase10.laydown import find_laydown
from phase10.limits import Limits, current_limits, steps_left, work_budget
from phase10.phases import PhaseMelds, phase_message
from phase10.state import Event, GameState, History, PlayerState, TurnStep, Unseen
from phase10.variants import (
    Variant,
)

__all__ = [
    "SeatStatus",
    "Seating",
    "Viewpoint",
    "apply",
    "chance_draw",
    "chance_outcomes",
    "check",
    "events_of",
    "hits_and_discards",
    "is_legal",
    "laydown_actions",
    "laydown_phases",
    "legal_actions",
    "may_hit",
    "may_take",
    "new_game",
    "to_discard_pile",
    "turn_order",
]


class Viewpoint(Protocol):
    """What :func:`legal_actions` takes besides a full state: a :class:`~phase10.PlayerView`.

    Its legal actions are those of :meth:`acting_state`, or none when that is ``None``.
    """

    def acting_state(self) -> GameState | None:
        """A full state with the same legal actions, or ``None`` when the holder does not act."""
        ...


class SeatStatus(Protocol):
    """The public flags of a seat that :func:`turn_order` and :func:`may_hit` read.

    A :class:`~phase10.PlayerState` or a :class:`~phase10.SeatView`.
    """

    @property
    def skipped(self) -> bool:
        """Whether a skip lies against the seat (C-20)."""
        ...

    @property
    def laid_down(self) -> bool:
        """Whether the seat laid down its phase this hand."""
        ...


class Seating(Protocol):
    """What :func:`turn_order` and :func:`may_hit` read of a game.

    A :class:`~phase10.GameState` or a :class:`~phase10.PlayerView`: both show every seat's
    pending skip and laid-down flag, and the tie-break seats.
    """

    @property
    def players(self) -> Sequence[SeatStatus]:
        """One status per seat."""
        ...

    @property
    def tiebreak(self) -> tuple[int, ...]:
        """The seats playing a tie-break hand (C-26); empty otherwise."""
        ...


#: How many cards a Give five collects (M-15).
_GIVE_FIVE = 5


#: A card's sort key, read in C: bisect calls its key once per comparison.
_key = operator.attrgetter("sort_key")


# A tuple with one item inserted, removed or replaced is built through a list: half the
# time of unpacking two slices into a new tuple (which builds a list first anyway).


def _insert(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    out = list(hand)
    out.insert(bisect.bisect_right(hand, card.sort_key, key=_key), card)
    return tuple(out)


def _remove(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``cards`` (in canonical order) without one copy of ``card``, which must be there."""
    # Bisect on the sort key: tuple.index would call Card.__eq__ on every card before it.
    return _remove_at(cards, bisect.bisect_left(cards, card.sort_key, key=_key))


def _remove_at(cards: tuple[Card, ...], i: int) -> tuple[Card, ...]:
    """``cards`` without the card at ``i`` (where a check found it: see :func:`_index`)."""
    out = list(cards)
    del out[i]
    return tuple(out)


def _index(cards: tuple[Card, ...], card: Card) -> int:
    """Where ``card`` is in ``cards`` (in canonical order), by bisection; -1 when it is not."""
    i = bisect.bisect_left(cards, card.sort_key, key=_key)
    return i if i < len(cards) and cards[i].sort_key == card.sort_key else -1


def _contains(cards: tuple[Card, ...], card: Card) -> bool:
    """Whether ``card`` is in ``cards`` (in canonical order), by bisection."""
    return _index(cards, card) >= 0


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


# Generated from the attrs fields (phase10._fast): attrs.evolve looks the fields up on
# every call, and this is the hot path of every apply(); an unknown key is a TypeError.
_VALID_GET = VALID_STATES.get
_VALID_MARK = VALID_STATES.mark
_pl = make_evolve(PlayerState)
_evolve = make_evolve(GameState)


def _forget(known: tuple[Card, ...], cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """``known`` without one copy of each of ``cards`` that it holds (cards left a hand)."""
    if not known:
        return known
    # Both are in canonical order: bisect on the sort key (``card in left`` and
    # ``left.remove`` would call Card.__eq__ on every card before it).
    left = list(known)
    for card in cards:
        key = card.sort_key
        i = bisect.bisect_left(left, key, key=_key)
        if i < len(left) and left[i].sort_key == key:
            del left[i]
    return tuple(left)


def _union(known: tuple[Card, ...], cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """The largest multiset both ``known`` and ``cards`` are part of (both are in the hand)."""
    need = Counter(cards)
    need.subtract(known)
    return tuple(sorted((*known, *need.elements()), key=_key))


_EMPTY = History()

# One Event per distinct public action, built once (phase10._fast.BoundedCache).
_EVENTS: BoundedCache[Action, Event] = BoundedCache(
    4096,
    name="_EVENTS",
    key="an action whose event names no hidden card",
    why="its history event is the same immutable value every time",
)


#: The action types tested on every apply, as tuples (``A | B`` would build a union per test).
_LAYDOWN_TYPES = (LayDown, Announce)
_DRAW_TYPES = (Draw, DrawTwo)


def _logged(state: GameState, action: Action) -> History:
    """The history with ``action``'s public event appended (not for hidden cards)."""
    if isinstance(action, _LAYDOWN_TYPES):
        # Laydowns of phases that differ only in name are equal but name different phases:
        # a cached event could carry another variant's phase (issue 23).
        return state.history.plus(Event(action=action))
    event = _EVENTS.get(action)
    if event is None:
        event = _EVENTS.put(action, Event(action=action))
    return state.history.plus(event)


# The events of cards only one seat saw, and of skipped seats: one per kind and seat.
_UNSEEN: dict[tuple[Unseen, int], Event] = {}
declare(
    "_UNSEEN",
    kind="dict",
    key="`(Unseen, seat)`",
    bound=None,
    why="three kinds times the seats of a game: a fixed set; events are immutable",
    table=_UNSEEN,
)
_SKIPPED: dict[int, Event] = {}
declare(
    "_SKIPPED",
    kind="dict",
    key="a seat",
    bound=None,
    why="one per seat of a game: a fixed set; events are immutable",
    table=_SKIPPED,
)


def _unseen(history: History, how: Unseen, seat: int) -> History:
    """``history`` with a card that only ``seat`` saw: who got it, never which card."""
    event = _UNSEEN.get((how, seat))
    if event is None:
        event = _UNSEEN.setdefault((how, seat), Event(unseen=how, to=seat))
    return history.plus(event)


def _skipped_event(seat: int) -> Event:
    event = _SKIPPED.get(seat)
    if event is None:
        event = _SKIPPED.setdefault(seat, Event(skipped=seat))
    return event


def _game_over(state: GameState, winners: tuple[int, ...]) -> GameState:
    """The game over, won by ``winners``, with its game-over event (C-24 to C-26, M-10)."""
    return _evolve(
        state,
        step=STEP_OVER,
        winners=winners,
        history=state.history.plus(Event(winners=winners)),
    )


def events_of(before: GameState, after: GameState) -> tuple[Event, ...]:
    """The events :func:`apply` recorded for the action that took ``before`` to ``after``.

    One action records one event or more: a discard that ends the hand adds the hand-over
    event (and the game-over event); a discard whose skip is spent at once adds the
    skipped seat. The first card of a hand starts the hand's history again.
    """
    old, new = before.history, after.history
    grown = len(new) - len(old)
    if grown > 0 and new.extends(old):
        return new[len(old) :]
    return tuple(new)


def _with_player(state: GameState, seat: int, player: PlayerState) -> tuple[PlayerState, ...]:
    players = list(state.players)
    players[seat] = player
    return tuple(players)


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
    state = _deal_hand(
        GameState(
            variant=variant,
            players=(PlayerState(),) * num_players,
            dealer=dealer,
            turn=dealer,
            step=STEP_DEAL,
            draw_pile=(),
            table=((),) * num_players,
        ),
        dealer=dealer,
        hand_number=1,
    )
    _VALID_MARK(state)  # valid by construction (see _fast.VALID_STATES)
    return state


def _next_seat(state: Seating, seat: int) -> int:
    """The next active seat clockwise (to the left) of ``seat`` (C-4)."""
    n = len(state.players)
    if not state.tiebreak:
        return (seat + 1) % n
    for k in range(1, n + 1):
        nxt = (seat + k) % n
        if nxt in state.tiebreak:
            return nxt
    return seat


def _receivers(state: GameState) -> tuple[int, ...]:
    """The seats dealt to this hand, in dealing order from the dealer's left (C-3, C-4).

    Players who kept their hand under Keep all are dealt nothing (M-13).
    """
    active = state.active_seats
    first = active.index(_next_seat(state, state.dealer))
    ordered = active[first:] + active[:first]
    return tuple(s for s in ordered if not state.players[s].kept)


def _deal_hand(state: GameState, *, dealer: int, hand_number: int) -> GameState:
    """Collect every card and get ready to deal a new hand (C-3, C-4, M-9)."""
    variant = state.variant
    players = tuple(
        PlayerState(
            hand=p.hand if p.kept else (),
            phase=p.phase,
            score=p.score,
            completed=p.completed,
            kept=p.kept,
            known=p.known if p.kept else (),
        )
        for p in state.players
    )
    pile = variant.deck_for(len(players))
    kept = [c for p in players for c in p.hand]
    if kept:
        pile = _remove_all(pile, tuple(kept)) or ()
    fresh = _evolve(
        state,
        players=players,
        dealer=dealer,
        step=STEP_DEAL,
        draw_pile=tuple(sorted(pile, key=_key)),
        discard_pile=(),
        table=((),) * len(players),
        hand_number=hand_number,
        dealt=0,
        laid_this_turn=False,
        action_pile=(),
        drawn=(),
        to_draw=0,
        receiver=None,
        offers=(),
        reshuffles=0,
        turns=0,
    )
    fresh = _evolve(fresh, turn=_next_seat(fresh, dealer))
    if not _receivers(fresh):  # everybody kept their hand: straight to the turn-up
        return _evolve(fresh, step=STEP_TURN_UP)
    return fresh


# ----------------------------------------------------------------------------- checks


def _where(state: GameState) -> str:
    who = state.current_player
    if state.is_over:
        return "game over"
    if who is None or who < 0:
        return f"chance to act, step {state.step.name}"
    return f"turn of {seat_name(who)}, step {state.step.name}"


def _said(key: str, **params: object) -> Message:
    return Message.of(key, **params)  # type: ignore[arg-type]


#: What a player is told who acts in the wrong step: what to do now, never the step's name.
_STEP_MESSAGES = {STEP_DRAW: "draw-first", STEP_PLAY: "already-drew"}


def _illegal(
    state: GameState, action: object, code: Violation, reason: str, said: Message | None = None
) -> IllegalActionError:
    return IllegalActionError(
        f"illegal action '{action}': {reason} ({_where(state)})",
        code=code,
        action=action,
        reason=reason,
        card=_card_of(action),
        target=action_target(action),
        said=said,
    )


def _card_of(action: object) -> Card | None:
    """The card an action plays (discards, hits, keeps...), the card its reason is about."""
    card = getattr(action, "card", None)
    return card if isinstance(card, Card) else None


def _bad_laydown(state: GameState, action: object, fault: Fault) -> LaydownError:
    """A refused laydown: an IllegalActionError (PHASE_NOT_COMPLETE) naming the failing groups."""
    return LaydownError(
        f"illegal action '{action}': {fault.reason} ({_where(state)})",
        action=action,
        problems=fault.problems,
        reason=fault.reason,
        problem=fault.problem,
        said=fault.said,
    )


# ----------------------------------------------------------------------------- predicates
#
# Each returns the Violation that refuses what it asks about, or None. legal_actions() and
# the checks below both call them: listing and judging cannot disagree about these rules.


def _draw_violation(state: GameState, seat: int, count: int) -> Violation | None:
    """Whether ``seat`` may draw ``count`` cards (1, or 2 with a Take two: M-12) now.

    The step (DRAW) is not checked here.
    """
    if count == 2 and not state.players[seat].take_two:  # rule M-12
        return VIOLATION_NO_TAKE_TWO
    if len(state.draw_pile) < count:  # cannot happen in a state built by apply(): see _begin_turn
        return VIOLATION_EMPTY_PILE
    return None


def _take_violation(state: GameState) -> Violation | None:
    """Whether the top of the discard pile may be taken (C-11, C-19); not the step."""
    top = state.top_discard
    if top is None:
        return VIOLATION_EMPTY_PILE
    if not may_take(top):  # rule C-19
        return VIOLATION_CANNOT_TAKE_SKIP
    return None


def may_take(card: Card) -> bool:
    """Whether ``card``, on top of the discard pile, may be taken (C-11): not a skip (C-19).

    >>> from phase10 import Card
    >>> may_take(Card.parse("R7")), may_take(Card.parse("W")), may_take(Card.parse("S"))
    (True, True, False)
    """
    return card.kind is not KIND_SKIP


def _lay_down_violation(state: GameState, seat: int) -> Violation | None:
    """Whether ``seat`` may lay down (or announce) a phase now; not the step or the phase.

    One phase per player per hand (C-10); when phases are announced, one per turn (a
    documented choice for T-4).
    """
    if state.variant.laydown_style is STYLE_ANNOUNCE:
        done = state.laid_this_turn
    else:
        done = state.players[seat].laid_down  # rule C-10
    return VIOLATION_ALREADY_LAID_DOWN if done else None


def _go_out_violation(state: GameState, cards_left: int) -> Violation | None:
    """Whether a laydown or hit (not a discard) may leave the player ``cards_left`` cards.

    Going out that way needs the option ``go_out_by_hitting`` (C-15); otherwise the last
    card must be discarded (C-13).
    """
    if cards_left <= 0 and not state.variant.go_out_by_hitting:  # rule C-15, option
        return VIOLATION_MUST_DISCARD_LAST
    return None


def _hitting_violation(state: Seating, seat: int) -> Violation | None:
    """Whether ``seat`` may hit at all: only after laying down their own phase (C-14)."""
    return None if state.players[seat].laid_down else VIOLATION_PHASE_NOT_LAID_DOWN


def _hit_violation(state: GameState, seat: int, owner: int, meld: int) -> Violation | None:
    """Whether ``seat`` may hit meld number ``meld`` (0-based) of ``owner`` now.

    Checks :func:`_hitting_violation`, that the meld exists, and that others' melds wait for
    the turn after laying down unless ``hit_others_on_laydown_turn`` (C-14, option). Not
    checked: the step, the card and whether it fits.
    """
    refused = _hitting_violation(state, seat)
    if refused is not None:
        return refused
    table = state.table
    if not (is_whole(owner, 0) and owner < len(table)) or not (
        is_whole(meld, 0) and meld < len(table[owner])
    ):
        return VIOLATION_NO_SUCH_MELD
    if owner != seat and state.laid_this_turn and not state.variant.hit_others_on_laydown_turn:
        return VIOLATION_HIT_NOT_ALLOWED_YET  # rule C-14, option
    return None


def may_hit(state: Seating, seat: int) -> bool:
    """Whether ``seat`` may hit melds on its turns this hand: it has laid down (C-14).

    Whether a given meld and card may be hit on the current turn depends on more (the meld
    must accept the card, :meth:`~phase10.Meld.can_add`, and the option
    ``hit_others_on_laydown_turn``); this is the part that holds for the seat's later turns
    too, so a bot can ask it of any seat, from a view.

    >>> import random, phase10
    >>> state, _ = phase10.play_chance(phase10.new_game(phase10.CLASSIC, 2), random.Random(0))
    >>> may_hit(state, 0), may_hit(phase10.view(state, 1), 0)
    (False, False)

    Raises:
        InvalidStateError: ``seat`` is not a seat of the game.
    """
    _need_seat(state, seat, "seat")
    return _hitting_violation(state, seat) is None


def _need_seat(state: Seating, seat: object, name: str) -> None:
    n = len(state.players)
    if not (is_whole(seat, 0) and isinstance(seat, int) and seat < n):
        raise InvalidStateError(f"{name} must be a seat from 0 to {n - 1}, got {seat!r}")


def turn_order(state: Seating, seat: int, *, skipping: int | None = None) -> tuple[int, ...]:
    """The seats whose turns follow the end of ``seat``'s turn, up to ``seat``'s next turn.

    As the rules hand the turn on: to the next seat to the left (C-4; in a tie-break hand,
    the next tied seat, C-26), and a seat with a skip against it loses its turn, which
    spends the skip (C-19, C-20, M-14). The first seat is the one that draws next after
    ``seat`` discards; the last is ``seat`` itself. ``skipping`` is the target of a skip
    ``seat`` discards now (not checked for legality: see :func:`legal_actions`), whose
    skip is then pending too. A hand ends when somebody goes out, so every seat of the hand
    is still playing. For a seat that does not play a tie-break hand: one round of the
    tied seats.

    >>> import random, phase10
    >>> state, _ = phase10.play_chance(phase10.new_game(phase10.CLASSIC, 3), random.Random(0))
    >>> turn_order(state, 0), turn_order(state, 0, skipping=1)
    ((1, 2, 0), (2, 0))

    Raises:
        InvalidStateError: ``seat`` or ``skipping`` is not a seat of the game.
    """
    _need_seat(state, seat, "seat")
    if skipping is not None:
        _need_seat(state, skipping, "skipping")
    players = state.players
    pending = {s for s, p in enumerate(players) if p.skipped}
    if skipping is not None:
        pending.add(skipping)
    # a seat out of a tie-break hand gets no turn: then one round of the tied seats
    rounds = len(state.tiebreak) if state.tiebreak and seat not in state.tiebreak else None
    order: list[int] = []
    at = seat
    # each seat loses at most one turn (one pending skip each), so two rounds are enough
    for _ in range(2 * len(players) + 1):
        at, lost = _skips_spent(state, _next_seat(state, at), pending)
        pending.difference_update(lost)
        order.append(at)
        if at == seat or len(order) == rounds:
            break
    return tuple(order)


def _skips_spent(state: Seating, seat: int, pending: Container[int]) -> tuple[int, tuple[int, ...]]:
    """Who plays when the turn passes to ``seat``, and the seats that lose it on the way.

    The one home of skip spending (C-19, C-20, M-14): each seat in ``pending`` that the
    turn reaches loses it, once, and hands it on (C-4, C-26). :func:`turn_order` and
    ``_begin_turn`` both follow it. At most one round of the seats.
    """
    lost: list[int] = []
    while seat in pending and seat not in lost:
        lost.append(seat)
        seat = _next_seat(state, seat)
    return seat, tuple(lost)


# Actions are immutable values, so the listing and the samplers reuse them instead of building
# (and validating) the same few again at every step; the caches are bounded.
_SAME_ACTION = "actions are immutable values, built and validated once"
_new_deal = reuse(Deal, maxsize=1024, name="_new_deal", key="a card", why=_SAME_ACTION)
_new_reveal = reuse(Reveal, maxsize=1024, name="_new_reveal", key="a card", why=_SAME_ACTION)
_new_draw = reuse(Draw, maxsize=64, name="_new_draw", key="a seat", why=_SAME_ACTION)
_new_take = reuse(TakeDiscard, maxsize=64, name="_new_take", key="a seat", why=_SAME_ACTION)
_new_discard = reuse(
    Discard, maxsize=4096, name="_new_discard", key="`(seat, card, target)`", why=_SAME_ACTION
)

_CARD_EVENT: dict[TurnStep, Callable[[Card], Deal | TurnUp | Reveal]] = {
    STEP_DEAL: _new_deal,
    STEP_TURN_UP: TurnUp,
    STEP_REVEAL: _new_reveal,
    STEP_DRAW_TWO: _new_reveal,
}


def chance_draw(
    state: GameState,
) -> tuple[Callable[[Card], Deal | TurnUp | Reveal], tuple[Card, ...]] | None:
    """At a chance node that draws a card: the action that draws and the cards it may draw.

    The cards are the draw pile (a multiset in canonical order, repeats included) less
    those that may not come (M-6); ``None`` when chance draws no card (a reshuffle, or a
    player's node).
    """
    make = _CARD_EVENT.get(state.step)
    if make is None:
        return None
    pile = state.draw_pile
    if state.step is STEP_TURN_UP and state.variant.turn_up_naturals_only:
        # rule M-6: a joker or action card turned up goes back; the next card is turned up
        pile = tuple(c for c in pile if c.kind is KIND_NUMBER)
    return make, pile


def chance_outcomes(state: GameState) -> tuple[tuple[ChanceAction, float], ...]:
    """Every chance outcome at a chance node with its probability (they sum to 1).

    The draw pile is a multiset whose order nobody knows, so each card dealt, turned up or
    drawn is an outcome weighted by how many copies remain. A reshuffle (C-16) has one
    outcome. At a player's node there are none.

    >>> from phase10 import CLASSIC, new_game
    >>> outcomes = chance_outcomes(new_game(CLASSIC, 2))
    >>> str(outcomes[0][0]), outcomes[0][1] == 2 / 108
    ('deal R1', True)
    """
    if state.step is STEP_RESHUFFLE:
        return ((Reshuffle(), 1.0),)
    drawn = chance_draw(state)
    if drawn is None:
        return ()
    make, pile = drawn
    total = len(pile)
    counts: dict[Card, int] = {}
    for card in pile:
        counts[card] = counts.get(card, 0) + 1
    return tuple((make(card), n / total) for card, n in counts.items())


# ----------------------------------------------------------------------------- checks


#: Whether an action of each of the action types is chance's (the player's types are the rest).
_IS_CHANCE: dict[type, bool] = {
    **{t: True for t in CHANCE_ACTION_TYPES},
    **{t: False for t in PLAYER_ACTION_TYPES},
}


def _check_common(state: GameState, action: object) -> bool:
    """Raise unless ``action`` is of the actor who acts now; whether chance acts."""
    step = state.step
    if step is STEP_OVER:
        raise _illegal(state, action, Violation.GAME_OVER, "the game is over", _said("game-over"))
    chance_action = _IS_CHANCE.get(type(action))  # the action types themselves, in one look-up
    if chance_action is None:  # a subclass, or no action at all
        chance_action = isinstance(action, CHANCE_ACTION_TYPES)
    # DRAW and PLAY, the players' commonest steps, are no chance step: no property call
    if step is not STEP_DRAW and step is not STEP_PLAY and state.is_chance:
        if not chance_action:
            raise _illegal(
                state,
                action,
                Violation.CHANCE_TO_ACT,
                "chance must act first (see chance_outcomes)",
                _said("chance-to-act"),
            )
        return True
    if chance_action:
        raise _illegal(
            state,
            action,
            Violation.NOT_CHANCE,
            "a player must act, not chance",
            _said("not-chance"),
        )
    if type(action) not in _IS_CHANCE and not isinstance(action, PLAYER_ACTION_TYPES):
        raise _illegal(
            state, action, Violation.UNKNOWN_ACTION, "not a phase10 action", _said("unknown-action")
        )
    # a player acts: at DRAW and PLAY it is the turn's (what current_player says, sooner)
    actor = state.turn if step is STEP_DRAW or step is STEP_PLAY else state.current_player
    # one of the player's types just tested (no typing.cast: a function call per action)
    if action.player != actor:  # type: ignore[attr-defined]
        raise _illegal(
            state,
            action,
            Violation.NOT_YOUR_TURN,
            f"it is {seat_name(actor or 0)}'s turn",
            _said("not-your-turn", seat=seat_name(actor or 0)),
        )
    return False


def _wrong_step(state: GameState, action: object, *steps: TurnStep) -> IllegalActionError:
    """The refusal of an action taken at another step than ``steps``, its own.

    Each check tests its step inline (``if state.step is not STEP_DRAW: raise
    _wrong_step(...)``): a call per action only to compare two members cost more than the
    test, and this stays the one place that words the refusal.
    """
    wanted = " or ".join(s.name for s in steps)
    return _illegal(
        state,
        action,
        Violation.WRONG_STEP,
        f"this action belongs to step {wanted}",
        _said(_STEP_MESSAGES.get(state.step, "not-now")),
    )


def _need_card(state: GameState, action: object, card: object, cards: tuple[Card, ...]) -> int:
    """Where ``card`` is in ``cards``; raises when it is not there."""
    i = _index(cards, card) if isinstance(card, Card) else -1
    if i < 0:
        raise _illegal(
            state,
            action,
            Violation.CARD_NOT_IN_HAND,
            f"{card} is not in hand",
            _said("card-not-in-hand", card=str(card)),
        )
    return i


def _check_chance_card(state: GameState, action: Deal | TurnUp | Reveal) -> int:
    """The card must be one of the outcomes (the caller checked the step): its draw pile index."""
    card = action.card
    drawn = chance_draw(state)
    pile = state.draw_pile
    if drawn is not None:
        if drawn[1] is pile:  # every card of the pile may come: one bisection finds it
            i = _index(pile, card)
            if i >= 0:
                return i
        elif _contains(drawn[1], card):
            return _index(pile, card)
    if _contains(pile, card):  # rule M-6
        raise _illegal(
            state,
            action,
            Violation.NOT_AN_OUTCOME,
            "the first discard must be a number card",
            _said("first-discard-number"),
        )
    raise _illegal(
        state,
        action,
        Violation.NOT_AN_OUTCOME,
        f"{card} is not in the draw pile",
        _said("not-in-draw-pile", card=str(card)),
    )


def _check_take(state: GameState, action: TakeDiscard) -> None:
    if state.step is not STEP_DRAW:
        raise _wrong_step(state, action, STEP_DRAW)
    refused = _take_violation(state)
    if refused is None:  # the common case first: no member of Violation read (slow on 3.11)
        return
    if refused is Violation.EMPTY_PILE:
        raise _illegal(
            state, action, refused, "the discard pile is empty", _said("discard-pile-empty")
        )
    raise _illegal(
        state,
        action,
        refused,
        "a skip cannot be taken from the discard pile",
        _said("no-skip-from-discard"),
    )


def _check_draw(state: GameState, action: Draw | DrawTwo) -> None:
    if state.step is not STEP_DRAW:
        raise _wrong_step(state, action, STEP_DRAW)
    two = isinstance(action, DrawTwo)
    refused = _draw_violation(state, action.player, 2 if two else 1)
    if refused is None:  # the common case first: no member of Violation read (slow on 3.11)
        return
    if refused is Violation.NO_TAKE_TWO:
        raise _illegal(
            state, action, refused, "drawing two needs a Take two in front", _said("no-take-two")
        )
    reason = "fewer than two cards to draw" if two else "the draw pile is empty"
    key = "too-few-to-draw-two" if two else "draw-pile-empty"
    raise _illegal(state, action, refused, reason, _said(key))


def _laydown_phase(state: GameState, action: LayDown | Announce) -> int:
    """Check the laydown against the player's open phases; return the phase index."""
    seat = action.player
    laydown = action.laydown
    phases = state.variant.phases
    open_ = state.open_phases(seat)
    # Rule C-10; the phase as the variant names it: a renamed copy is equal, but would put
    # a phase into the history that the variant cannot write (issue 23).
    index = next((i for i in open_ if phases[i].same_as(laydown.phase)), None)
    if index is None:
        wanted = " or ".join(str(phases[i]) for i in open_) or "nothing (all phases done)"
        reason = f"{seat_name(seat)} must lay down {wanted}, not {laydown.phase}"
        said = (
            _said("all-phases-done")
            if not open_
            else _said(
                "wrong-phase",
                wanted=tuple(phase_message(phases[i]) for i in open_),
                given=phase_message(laydown.phase),
            )
        )
        raise _bad_laydown(state, action, Fault(reason, None, said=said))
    fault = laydown_fault(laydown.melds, phases[index], state.variant.meld_rules)
    if fault is not None:
        raise _bad_laydown(state, action, fault)
    return index


def _check_laydown(state: GameState, action: LayDown) -> tuple[int, tuple[Card, ...]]:
    """Returns the phase index and the hand left after laying down."""
    if state.step is not STEP_PLAY:
        raise _wrong_step(state, action, STEP_PLAY)
    if state.variant.laydown_style is not STYLE_TABLE:
        raise _illegal(
            state,
            action,
            Violation.WRONG_STEP,
            "phases are announced, not laid",
            _said("announce-not-lay"),
        )
    refused = _lay_down_violation(state, action.player)
    if refused is not None:
        raise _illegal(
            state,
            action,
            refused,
            "the phase is already laid down this hand",
            _said("already-laid-down"),
        )
    index = _laydown_phase(state, action)
    rest = _remove_all(state.players[action.player].hand, action.laydown.cards)
    if rest is None:
        raise _illegal(state, action, Violation.CARD_NOT_IN_HAND, "those cards are not all in hand")
    refused = _go_out_violation(state, len(rest))
    if refused is not None:
        raise _illegal(
            state,
            action,
            refused,
            "the turn must end with a discard (go_out_by_hitting is off)",
            _said("must-discard-last"),
        )
    return index, rest


def _check_announce(state: GameState, action: Announce) -> tuple[int, tuple[Card, ...]]:
    if state.step is not STEP_PLAY:
        raise _wrong_step(state, action, STEP_PLAY)
    if state.variant.laydown_style is not STYLE_ANNOUNCE:
        raise _illegal(
            state,
            action,
            Violation.WRONG_STEP,
            "phases are laid down, not announced",
            _said("lay-not-announce"),
        )
    refused = _lay_down_violation(state, action.player)
    if refused is not None:
        raise _illegal(
            state,
            action,
            refused,
            "a phase was announced this turn already",
            _said("already-announced"),
        )
    index = _laydown_phase(state, action)
    for meld in action.laydown.melds:  # rule T-4: "those cards" are exactly the phase
        if len(meld.cards) != meld.group.size:
            raise _illegal(
                state,
                action,
                Violation.PHASE_NOT_COMPLETE,
                f"an announced {meld.group} shows exactly {meld.group.size} cards",
                _said("announce-exact", group=group_message(meld.group), count=meld.group.size),
            )
    rest = _remove_all(state.players[action.player].hand, action.laydown.cards)
    if rest is None:
        raise _illegal(state, action, Violation.CARD_NOT_IN_HAND, "those cards are not all in hand")
    return index, rest


_HIT_SAID = {
    Violation.PHASE_NOT_LAID_DOWN: Message.of("hit-before-laydown"),
    Violation.HIT_NOT_ALLOWED_YET: Message.of("hit-next-turn"),
}

_HIT_REASONS = {
    Violation.PHASE_NOT_LAID_DOWN: "hitting is allowed only after laying down one's own phase",
    Violation.HIT_NOT_ALLOWED_YET: "others' melds can be hit only from the turn after laying down",
}


def _check_hit(state: GameState, action: Hit) -> Meld:
    """Returns the meld after the hit."""
    if state.step is not STEP_PLAY:
        raise _wrong_step(state, action, STEP_PLAY)
    seat, owner, index = action.player, action.owner, action.meld
    refused = _hit_violation(state, seat, owner, index)
    if refused is not None:  # no member of Violation read otherwise (slow on 3.11)
        if refused is Violation.NO_SUCH_MELD:
            name = f"{seat_name(owner)}.{index + 1}"
            raise _illegal(
                state, action, refused, f"there is no meld {name}", _said("no-such-meld", meld=name)
            )
        raise _illegal(state, action, refused, _HIT_REASONS[refused], _HIT_SAID[refused])
    hand = state.players[seat].hand
    _need_card(state, action, action.card, hand)
    refused = _go_out_violation(state, len(hand) - 1)
    if refused is not None:
        raise _illegal(
            state,
            action,
            refused,
            "the last card must be discarded (go_out_by_hitting is off)",
            _said("must-discard-last"),
        )
    meld = state.table[owner][index]
    for option in meld.hit_options(action.card, rules=state.variant.meld_rules):
        if option.value == action.value and option.end is action.end:
            return option.meld
    raise _illegal(
        state,
        action,
        Violation.HIT_DOES_NOT_FIT,
        f"{action.card} as {action.value} at end {action.end.value} does not fit the "
        f"{meld.group} {meld}",
        _said("hit-no-fit", card=str(action.card), meld=f"{seat_name(owner)}.{index + 1}"),
    )


def _can_be_skipped(player: PlayerState) -> bool:
    """Whether a skip may be played on ``player`` now (C-20).

    Not while a skip is pending against them (C-20, M-14), nor, with option
    ``skip_limit=round``, while their :attr:`~PlayerState.skip_guard` still runs: a skip
    was played on them less than a round of turns ago.
    """
    return not player.skipped and not player.skip_guard


def _skip_targets(state: GameState, seat: int) -> tuple[int | None, ...]:
    """Who a skip discarded by ``seat`` may target; ``(None,)`` when nobody can be skipped."""
    players = state.players
    if len(players[seat].hand) == 1:
        # The last card ends the hand at once, so the skip has no one to skip (C-13; M-11:
        # a last action card goes to the blue pile without effect).
        return (None,)
    if state.variant.skip_target is TARGET_NEXT:
        nxt = _next_seat(state, seat)
        return (nxt,) if nxt != seat and _can_be_skipped(players[nxt]) else (None,)
    targets = tuple([s for s in state.active_seats if s != seat and _can_be_skipped(players[s])])
    return targets or (None,)


def _check_discard(state: GameState, action: Discard) -> int:
    """Raise unless ``action`` is legal; where its card is in the hand."""
    if state.step is not STEP_PLAY:
        raise _wrong_step(state, action, STEP_PLAY)
    at = _need_card(state, action, action.card, state.players[action.player].hand)
    if action.card.kind is KIND_SKIP:
        targets = _skip_targets(state, action.player)
        if action.target not in targets:
            allowed = ", ".join("nobody" if t is None else seat_name(t) for t in targets)
            named = tuple(seat_name(t) for t in targets if t is not None)
            said = (
                _said("skip-target", seats=named, count=len(named))
                if named
                else _said("skip-no-target")
            )
            raise _illegal(
                state, action, Violation.BAD_SKIP_TARGET, f"this skip can target {allowed}", said
            )
    elif action.target is not None:
        raise _illegal(
            state,
            action,
            Violation.BAD_SKIP_TARGET,
            "only a skip takes a target",
            _said("only-skip-targets"),
        )
    return at


# ----------------------------------------------------------------------------- transitions


def _begin_turn(
    state: GameState,
    seat: int,
    *,
    players: tuple[PlayerState, ...],
    history: History,
    draw_pile: tuple[Card, ...] | None = None,
    discard_pile: tuple[Card, ...] | None = None,
    action_pile: tuple[Card, ...] | None = None,
) -> GameState:
    """Hand the turn to ``seat``, spending pending skips and reshuffling if needed.

    ``players``, ``history`` and the piles are what the action that ends the turn made of
    ``state``'s fields (a pile not given is ``state``'s): they go into the evolve that
    begins the next turn, one evolve per step instead of two. Named parameters, not
    ``**changes``: a keyword dict built and unpacked again cost more than the evolve saved.

    Rules C-19, C-20 and M-14 (skips), C-16 (the reshuffle). The one place a hand ends
    without a winner: nothing is left to draw, or the hand bound ``max_hand_turns`` (C-16,
    a library choice) is reached.
    """
    # rule C-20, skip_limit=round: each turn taken or lost counts down every skip guard (a
    # guard is 0 under any other skip limit: GameState.problems refuses it)
    guarded = False
    if state.variant.skip_limit is LIMIT_ROUND:  # a loop: any() of a generator costs more
        for p in players:
            if p.skip_guard:
                guarded = True
                break
    if players[seat].skipped:
        pending = {s for s, p in enumerate(players) if p.skipped}
        seat, lost = _skips_spent(state, seat, pending)
        for s in lost:  # each seat the rules skip, recorded as it is skipped
            players = (*players[:s], _pl(players[s], skipped=False), *players[s + 1 :])
            history = history.plus(_skipped_event(s))
            if guarded:
                players = _count_turn(players)
    if guarded:
        players = _count_turn(players)
    if draw_pile is None:
        draw_pile = state.draw_pile
    if discard_pile is None:
        discard_pile = state.discard_pile
    if action_pile is None:
        action_pile = state.action_pile
    step: TurnStep | None = None  # nothing left to draw or reshuffle
    if draw_pile:
        step = STEP_DRAW
    elif _can_reshuffle(_evolve(state, discard_pile=discard_pile)):
        step = STEP_RESHUFFLE  # rule C-16
    limit = state.variant.max_hand_turns
    if step is None or (limit is not None and state.turns >= limit):
        # Nothing left to draw or reshuffle, or the hand bound reached (C-16, a library
        # choice): the hand ends without a winner (documented).
        ended = _evolve(
            state,
            players=players,
            history=history,
            draw_pile=draw_pile,
            discard_pile=discard_pile,
            action_pile=action_pile,
        )
        return _end_hand(ended, went_out=None)
    return _evolve(
        state,
        players=players,
        history=history,
        turn=seat,
        step=step,
        laid_this_turn=False,
        to_draw=0,
        receiver=None,
        turns=state.turns + 1,
        draw_pile=draw_pile,
        discard_pile=discard_pile,
        action_pile=action_pile,
    )


def _count_turn(players: tuple[PlayerState, ...]) -> tuple[PlayerState, ...]:
    """One more turn taken or lost: every running skip guard counts it (C-20)."""
    return tuple(_pl(p, skip_guard=p.skip_guard - 1) if p.skip_guard else p for p in players)


def _skip_on(state: GameState, players: tuple[PlayerState, ...], t: int) -> tuple[PlayerState, ...]:
    """``players`` with a skip played on seat ``t`` (C-19, C-20, C-21, M-14).

    With ``skip_limit=round`` the skip also guards ``t`` until every seat of the hand has
    taken or lost one turn.
    """
    guard = len(state.active_seats) if state.variant.skip_limit is LIMIT_ROUND else 0
    return (*players[:t], _pl(players[t], skipped=True, skip_guard=guard), *players[t + 1 :])


def _can_reshuffle(state: GameState) -> bool:
    """Whether the discard pile can become a new draw pile (C-16).

    Not when it holds only its top card, nor once the hand has gone through the draw pile
    ``variant.max_reshuffles`` times: then the hand ends without a winner (documented).
    """
    limit = state.variant.max_reshuffles
    return len(state.discard_pile) > 1 and (limit is None or state.reshuffles < limit)


def _after_reveals(state: GameState) -> GameState:
    """Where play goes once the cards of a REVEAL step are all drawn."""
    if state.receiver is not None:  # the giver of a Give five has drawn (M-15)
        # _begin_turn sets receiver and to_draw (and _end_hand deals a new hand)
        return _begin_turn(
            state,
            _next_seat(state, state.turn),
            players=state.players,
            history=state.history,
        )
    return _evolve(state, step=STEP_PLAY, to_draw=0)


def _reveal_step(state: GameState) -> GameState:
    """Enter the REVEAL step for ``state.to_draw`` cards, reshuffling first if needed."""
    if state.draw_pile:
        return _evolve(state, step=STEP_REVEAL)
    if _can_reshuffle(state):
        return _evolve(state, step=STEP_RESHUFFLE)  # rule C-16
    return _after_reveals(state)  # nothing left to draw: the draw is cut short


def _winners(state: GameState, seats: list[int]) -> GameState:
    """End the game among ``seats`` (C-25), or start a tie-break hand (C-26)."""
    players = state.players
    best = min(players[s].score for s in seats)
    winners = tuple(s for s in seats if players[s].score == best)  # rules C-25, M-10, V-1
    if len(winners) == 1 or not state.variant.tiebreak_hand:
        return _game_over(state, winners)
    tied = _evolve(state, tiebreak=winners)  # rule C-26: a tie-break hand
    return _deal_hand(
        tied, dealer=(state.dealer + 1) % len(players), hand_number=state.hand_number + 1
    )


def _end_hand(state: GameState, went_out: int | None) -> GameState:
    """Score the hand, advance phases and start the next hand or end the game."""
    variant = state.variant
    if state.tiebreak:
        ended = state.history.plus(
            Event(hand_over=state.hand_number, went_out=went_out, scores=state.scores)
        )
        state = _evolve(state, history=ended)
        if went_out is not None and variant.tiebreak_win is TIEBREAK_GO_OUT:  # rule C-26
            return _game_over(state, (went_out,))
        return _deal_hand(
            state, dealer=_next_seat(state, state.dealer), hand_number=state.hand_number + 1
        )
    scoring = variant.scoring
    last = len(variant.phases)
    every_hand = variant.advance is ADVANCE_EVERY_HAND
    pick = variant.phase_order is ORDER_PICK
    players = []
    for seat, p in enumerate(state.players):
        score = p.score
        if went_out is not None and seat != went_out:
            score += scoring.hand_points(p.hand)  # rules C-23, M-8
        if pick:
            phase = len(p.completed)  # rule V-4
        elif every_hand or p.laid_down:
            phase = p.phase + 1  # rules C-22, V-1
        else:
            phase = p.phase
        players.append(
            PlayerState(
                p.hand,
                phase,
                p.laid_down,
                score,
                completed=p.completed,
                # rule M-13: only a holder with cards left has a hand to keep
                keep_all=p.keep_all and went_out is not None and bool(p.hand),
            )
        )
    scores = tuple(p.score for p in players)
    hand_over = Event(hand_over=state.hand_number, went_out=went_out, scores=scores)
    after = _evolve(state, players=tuple(players), history=state.history.plus(hand_over))
    if variant.max_hands is not None and state.hand_number >= variant.max_hands:
        # rule C-24, option max_hands (seed 001): the lowest total of all wins (C-26 ties)
        return _winners(after, list(range(len(players))))
    done = [s for s, p in enumerate(players) if p.phase >= last]
    if done:  # rules C-24, M-10: the game ends after the hand in which a player finished
        return _winners(after, done)
    return _next_hand(after)


def _next_hand(state: GameState) -> GameState:
    """Let Keep all holders decide (M-13), then deal the next hand."""
    for seat, p in enumerate(state.players):
        if p.keep_all:
            return _evolve(state, step=STEP_KEEP_HAND, turn=seat)
    return _deal_hand(
        state, dealer=(state.dealer + 1) % len(state.players), hand_number=state.hand_number + 1
    )


def _discard_to(state: GameState, card: Card) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The (discard pile, action pile) after ``card`` is put away.

    Action cards and Master's skips go to the blue pile (M-11), the rest on the discard
    pile (C-13).
    """
    if not to_discard_pile(state.variant, card):
        return state.discard_pile, _insert(state.action_pile, card)
    return state.discard_pile + (card,), state.action_pile  # noqa: RUF005 - faster in C


def to_discard_pile(variant: Variant, card: Card) -> bool:
    """Whether ``card``, discarded, goes on the discard pile (C-13), where it can be taken.

    Not in Phase 10 Master for its action cards and skips: they go to the blue pile (M-11).

    >>> import phase10
    >>> skip = phase10.Card.parse("S")
    >>> to_discard_pile(phase10.CLASSIC, skip), to_discard_pile(phase10.MASTER, skip)
    (True, False)
    """
    return not (variant.action_cards and (card.kind is KIND_ACTION or card.kind is KIND_SKIP))


def _apply_chance(state: GameState, action: Action) -> GameState:
    step = state.step
    if isinstance(action, Reveal):  # the most common chance action in play: tested first
        if step is not STEP_REVEAL and step is not STEP_DRAW_TWO:
            raise _wrong_step(state, action, STEP_REVEAL, STEP_DRAW_TWO)
        pile = _remove_at(state.draw_pile, _check_chance_card(state, action))
        if step is STEP_DRAW_TWO:  # rule M-12: two cards, one to keep
            drawn = (*state.drawn, action.card)
            nxt = STEP_KEEP if len(drawn) == 2 else STEP_DRAW_TWO
            history = _unseen(state.history, UNSEEN_REVEAL, state.turn)
            return _evolve(state, draw_pile=pile, drawn=drawn, step=nxt, history=history)
        seat = state.turn if state.receiver is None else state.receiver
        p = state.players[seat]
        players = _with_player(state, seat, _pl(p, hand=_insert(p.hand, action.card)))
        history = _unseen(state.history, UNSEEN_REVEAL, seat)
        left = state.to_draw - 1
        if left <= 0 and state.receiver is None:
            # the player's own last card: straight to PLAY, what _after_reveals does, in
            # one evolve rather than two
            return _evolve(
                state,
                players=players,
                draw_pile=pile,
                to_draw=0,
                step=STEP_PLAY,
                history=history,
            )
        after = _evolve(state, players=players, draw_pile=pile, to_draw=left, history=history)
        if left > 0:
            return _reveal_step(after)
        return _after_reveals(after)
    if isinstance(action, Deal):
        if state.step is not STEP_DEAL:
            raise _wrong_step(state, action, STEP_DEAL)
        at = _check_chance_card(state, action)
        receivers = _receivers(state)
        seat = receivers[state.dealt % len(receivers)]
        p = state.players[seat]
        dealt = state.dealt + 1
        done = dealt == len(receivers) * state.variant.hand_size
        # the first card of a hand starts its history; the hand before ends it (C-3)
        history = state.history if state.dealt else _EMPTY
        return _evolve(
            state,
            players=_with_player(state, seat, _pl(p, hand=_insert(p.hand, action.card))),
            draw_pile=_remove_at(state.draw_pile, at),
            dealt=dealt,
            step=STEP_TURN_UP if done else STEP_DEAL,
            history=_unseen(history, UNSEEN_DEAL, seat),
        )
    if isinstance(action, TurnUp):
        if state.step is not STEP_TURN_UP:
            raise _wrong_step(state, action, STEP_TURN_UP)
        at = _check_chance_card(state, action)
        first = _next_seat(state, state.dealer)
        players = tuple(_pl(p, kept=False) if p.kept else p for p in state.players)
        if action.card.kind is KIND_SKIP:  # rule C-21: the first player is skipped
            players = _skip_on(state, players, first)
        if not state.dealt:  # nobody was dealt (every hand kept, M-13): a new history
            state = _evolve(state, history=_EMPTY)
        return _begin_turn(
            state,
            first,
            players=players,
            history=_logged(state, action),
            draw_pile=_remove_at(state.draw_pile, at),
            discard_pile=(action.card,),
        )
    if isinstance(action, Reshuffle):
        if state.step is not STEP_RESHUFFLE:
            raise _wrong_step(state, action, STEP_RESHUFFLE)
        pile = state.discard_pile
        after = _evolve(
            state,
            draw_pile=tuple(sorted(pile[:-1], key=_key)),
            discard_pile=pile[-1:],
            step=STEP_REVEAL if state.to_draw > 0 else STEP_DRAW,
            reshuffles=state.reshuffles + 1,
            history=_logged(state, action),
        )
        return after
    raise AssertionError(action)  # pragma: no cover


def _apply_checked(state: GameState, action: Action) -> GameState:
    """Check ``action`` and, when legal, return the state after it."""
    if _check_common(state, action):  # chance acts
        return _apply_chance(state, action)
    if type(action) is Discard:  # the most common action: before the other types' tests
        return _discard(state, action)
    if isinstance(action, _DRAW_TYPES):
        _check_draw(state, action)
        if isinstance(action, DrawTwo):
            return _evolve(state, step=STEP_DRAW_TWO, drawn=(), history=_logged(state, action))
        return _evolve(state, step=STEP_REVEAL, to_draw=1, history=_logged(state, action))
    assert isinstance(action, PLAYER_ACTION_TYPES)
    seat = action.player
    p = state.players[seat]
    if isinstance(action, TakeDiscard):
        _check_take(state, action)
        top = state.discard_pile[-1]
        hand = _insert(p.hand, top)
        return _evolve(
            state,
            players=_with_player(state, seat, _pl(p, hand=hand, known=_insert(p.known, top))),
            discard_pile=state.discard_pile[:-1],
            step=STEP_PLAY,
            history=state.history.plus(Event(action=action, card=top)),
        )
    if isinstance(action, LayDown):
        index, rest = _check_laydown(state, action)
        melds = action.laydown.melds
        table = (*state.table[:seat], state.table[seat] + melds, *state.table[seat + 1 :])
        completed = p.completed
        if state.variant.phase_order is ORDER_PICK:  # rule V-4
            completed = tuple(sorted((*completed, index)))
        after = _evolve(
            state,
            players=_with_player(
                state,
                seat,
                _pl(
                    p,
                    hand=rest,
                    laid_down=True,
                    completed=completed,
                    known=_forget(p.known, action.laydown.cards),
                ),
            ),
            table=table,
            laid_this_turn=True,
            history=_logged(state, action),
        )
        if state.tiebreak and state.variant.tiebreak_win is TIEBREAK_LAYDOWN:
            return _game_over(after, (seat,))  # rule C-26
        if state.variant.end_at_last_phase and _finished(state.variant, p.phase, completed):
            # rule T-5 (ten-phases-rummy): the game ends now, scored as if seat went out
            return _end_hand(after, went_out=seat)
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
            players=_with_player(
                state, seat, _pl(p, hand=rest, known=_forget(p.known, (action.card,)))
            ),
            table=(*state.table[:owner], row, *state.table[owner + 1 :]),
            history=_logged(state, action),
        )
        if not rest:  # rule C-15: out by hitting the last card
            return _end_hand(after, went_out=seat)
        return after
    if isinstance(action, Discard):
        return _discard(state, action)
    if isinstance(action, Announce):
        return _announce(state, action)
    return _apply_master(state, action)


def _finished(variant: Variant, phase: int, completed: tuple[int, ...]) -> bool:
    """Whether a player on ``phase`` (0-based) who just laid it down has done every phase."""
    if variant.phase_order is ORDER_PICK:  # rule V-4
        return len(completed) == len(variant.phases)
    return phase + 1 >= len(variant.phases)


def _discard(state: GameState, action: Discard) -> GameState:
    at = _check_discard(state, action)
    seat = action.player
    p = state.players[seat]
    card = action.card
    rest = _remove_at(p.hand, at)
    discards, blue = _discard_to(state, card)
    player = _pl(p, hand=rest, known=_forget(p.known, (card,)))
    action_kind = card.action if state.variant.action_cards and rest else None
    if action_kind is ACTION_TAKE_TWO:  # rule M-12
        player = _pl(player, take_two=True)
    elif action_kind is ACTION_KEEP_ALL:  # rule M-13
        player = _pl(player, keep_all=True)
    players = _with_player(state, seat, player)
    if action.target is not None:  # rules C-19, M-14: the target loses their next turn
        players = _skip_on(state, players, action.target)
    history = _logged(state, action)
    if not rest:  # rules C-13, M-11: the last card ends the hand
        after = _evolve(
            state, players=players, discard_pile=discards, action_pile=blue, history=history
        )
        return _end_hand(after, went_out=seat)
    if action_kind is ACTION_GIVE_FIVE:  # rule M-15: opponents offer cards
        return _evolve(
            state,
            players=players,
            discard_pile=discards,
            action_pile=blue,
            history=history,
            step=STEP_OFFER,
            offers=(),
        )
    return _begin_turn(
        state,
        _next_seat(state, seat),
        players=players,
        history=history,
        discard_pile=discards,
        action_pile=blue,
    )


def _announce(state: GameState, action: Announce) -> GameState:
    index, rest = _check_announce(state, action)
    seat = action.player
    p = state.players[seat]
    variant = state.variant
    phase = index + 1
    if phase == len(variant.phases):  # rule T-5: completing the last phase ends the game
        players = tuple(
            _pl(q, phase=phase, score=q.score)
            if s == seat
            else _pl(q, score=q.score + variant.scoring.hand_points(q.hand))
            for s, q in enumerate(state.players)
        )
        return _game_over(_evolve(state, players=players, history=_logged(state, action)), (seat,))
    if action.keep:  # rule T-4: keep playing with those cards
        return _evolve(
            state,
            players=_with_player(
                state, seat, _pl(p, phase=phase, known=_union(p.known, action.laydown.cards))
            ),
            laid_this_turn=True,
            history=_logged(state, action),
        )
    # rule T-4: discard them all and draw as many
    cards = action.laydown.cards
    after = _evolve(
        state,
        players=_with_player(
            state, seat, _pl(p, hand=rest, phase=phase, known=_forget(p.known, cards))
        ),
        discard_pile=(*state.discard_pile, *cards),
        laid_this_turn=True,
        to_draw=len(cards),
        receiver=None,
        history=_logged(state, action),
    )
    return _reveal_step(after)


def _apply_master(state: GameState, action: Action) -> GameState:
    if isinstance(action, Keep):
        if state.step is not STEP_KEEP:
            raise _wrong_step(state, action, STEP_KEEP)
        if action.card not in state.drawn:
            raise _illegal(
                state, action, Violation.CARD_NOT_IN_HAND, f"{action.card} was not drawn"
            )
        seat = action.player
        p = state.players[seat]
        other = state.drawn[1] if state.drawn[0] == action.card else state.drawn[0]
        discards, blue = _discard_to(state, other)  # rule M-12: the other is discarded
        return _evolve(
            state,
            players=_with_player(state, seat, _pl(p, hand=_insert(p.hand, action.card))),
            discard_pile=discards,
            action_pile=blue,
            drawn=(),
            step=STEP_PLAY,
            history=_unseen(state.history, UNSEEN_KEEP, seat),
        )
    if isinstance(action, Offer):
        if state.step is not STEP_OFFER:
            raise _wrong_step(state, action, STEP_OFFER)
        seat = action.player
        p = state.players[seat]
        _need_card(state, action, action.card, p.hand)
        offers = (*state.offers, (seat, action.card))
        after = _evolve(
            state,
            players=_with_player(
                state,
                seat,
                _pl(p, hand=_remove(p.hand, action.card), known=_forget(p.known, (action.card,))),
            ),
            offers=offers,
            history=_logged(state, action),
        )
        if len(offers) == _GIVE_FIVE or after.next_offerer == state.turn:
            return _evolve(after, step=STEP_TAKE_OFFER)
        return after
    if isinstance(action, TakeOffer):
        if state.step is not STEP_TAKE_OFFER:
            raise _wrong_step(state, action, STEP_TAKE_OFFER)
        chosen = (action.owner, action.card)
        if chosen not in state.offers:
            raise _illegal(
                state,
                action,
                Violation.CARD_NOT_IN_HAND,
                f"{seat_name(action.owner)} did not offer {action.card}",
            )
        players = list(state.players)
        returned = list(state.offers)
        returned.remove(chosen)
        for owner, card in returned:  # rule M-15: the others take their cards back
            back = players[owner]
            players[owner] = _pl(
                back, hand=_insert(back.hand, card), known=_insert(back.known, card)
            )
        me = players[state.turn]
        players[state.turn] = _pl(
            me, hand=_insert(me.hand, action.card), known=_insert(me.known, action.card)
        )
        after = _evolve(
            state,
            players=tuple(players),
            offers=(),
            to_draw=1,
            receiver=action.owner,
            history=_logged(state, action),
        )
        return _reveal_step(after)  # rule M-15: the owner draws a card
    if isinstance(action, KeepHand):
        if state.step is not STEP_KEEP_HAND:
            raise _wrong_step(state, action, STEP_KEEP_HAND)
        seat = action.player
        p = state.players[seat]
        after = _evolve(
            state,
            players=_with_player(state, seat, _pl(p, keep_all=False, kept=action.keep)),
            history=_logged(state, action),
        )
        return _next_hand(after)  # rule M-13
    raise _illegal(state, action, Violation.WRONG_STEP, "not an action of this step")


# ----------------------------------------------------------------------------- public API


def apply(state: GameState, action: Action) -> GameState:
    """Return the state after ``action``; ``state`` itself is never changed.

    Raises:
        IllegalActionError: the action is not legal here; ``.code`` says why and the message
            quotes the action and the situation.
        ArgumentError: ``state`` is not a :class:`~phase10.GameState` (a
            :class:`~phase10.PlayerView` has hidden cards, so nothing can be applied to it).
    """
    if not isinstance(state, GameState):
        raise ArgumentError(f"apply() needs a GameState, got {type(state).__name__}")
    after = _apply_checked(state, action)
    # a legal action keeps a valid state valid: the one way an engine state stays marked
    marked = _VALID_GET(id(state))
    if marked is not None and marked() is state:
        _VALID_MARK(after)
    return after


def check(state: GameState, action: Action) -> None:
    """Raise :class:`~phase10.IllegalActionError` unless ``action`` is legal in ``state``.

    Raises:
        IllegalActionError: the action is not legal here.
        ArgumentError: ``state`` is not a :class:`~phase10.GameState`.
    """
    apply(state, action)


def is_legal(state: GameState, action: Action) -> bool:
    """Whether ``action`` is legal in ``state`` (the same check as :func:`apply`).

    Raises:
        ArgumentError: ``state`` is not a :class:`~phase10.GameState`.
    """
    try:
        apply(state, action)
    except IllegalActionError:
        return False
    return True


def legal_actions(state: GameState | Viewpoint) -> tuple[Action, ...]:
    """Every legal action of whoever acts next, each once, in a fixed order.

    At a chance node these are the possible chance outcomes (see :func:`chance_outcomes`
    for their probabilities). Given a :class:`~phase10.PlayerView`, the viewer's legal
    actions when it is their turn (the same as on the full state), and none otherwise.

    >>> from phase10 import CLASSIC
    >>> state = new_game(CLASSIC, 2)
    >>> len(legal_actions(state))  # 48 distinct number cards, wild, skip
    50

    Raises:
        ArgumentError: ``state`` is neither a :class:`~phase10.GameState` nor a
            :class:`~phase10.PlayerView` (nor has an ``acting_state()`` method).
        InvalidStateError: ``state`` is an inconsistent view.
    """
    if not isinstance(state, GameState):
        acting = getattr(state, "acting_state", None)
        if acting is None:
            raise ArgumentError(
                f"legal_actions() needs a GameState or PlayerView, got {type(state).__name__}"
            )
        full = acting()
        return () if full is None else legal_actions(full)
    step = state.step
    seat = state.turn
    if step is STEP_PLAY:  # PLAY and DRAW first: the commonest, neither chance's nor over
        passed = () if _lay_down_violation(state, seat) is not None else _listable(state, seat)
        if not passed:
            return hits_and_discards(state)  # no laydown to search for: no budget needed
        with work_budget(search_limit=_ENGINE):  # one budget for both (no nested one)
            laydowns = _laydown_actions(state, _laydowns(state, seat, most=_most(), passed=passed))
            return (*laydowns, *hits_and_discards(state))
    if step is STEP_DRAW:
        out: list[Action] = []
        if _draw_violation(state, seat, 1) is None:
            out.append(_new_draw(seat))
        if _take_violation(state) is None:
            out.append(_new_take(seat))
        if _draw_violation(state, seat, 2) is None:
            out.append(DrawTwo(seat))
        return tuple(out)
    if step is STEP_OVER:
        return ()
    if state.is_chance:
        return tuple(a for a, _ in chance_outcomes(state))
    return _master_choices(state)


def _listable(state: GameState, seat: int) -> tuple[int, ...]:
    """The open phases of ``seat`` the counted pre-check lets through (C-9, C-10).

    The first part of the existence check :func:`_laydowns` makes of every open phase
    (:func:`~phase10._laydown_search.counted_check`): no search, so no budget is opened for
    it, and most hands stop here. The listing is given the answer (``passed``) rather than
    asking again.
    """
    variant = state.variant
    hand = state.players[seat].hand
    rules = variant.meld_rules
    limits = current_limits()
    passed: tuple[int, ...] = ()
    for index in state.open_phases(seat):  # one open phase but under V-4
        if counted_check(hand, variant.phases[index], rules, limits):
            passed = (*passed, index)
    return passed


#: The limit that bounds each laydown search of the rules (and the bots): named when it binds.
_ENGINE = "max_engine_search_nodes"


def _laydowns(
    state: GameState,
    seat: int,
    *,
    only: int | None = None,
    most: int | None = None,
    passed: tuple[int, ...] | None = None,
) -> Iterator[PhaseMelds]:
    """The laydowns (or announcements) ``seat`` may make now, of phase ``only`` if given.

    At most ``most`` of them found (the first of the search order, within the call's work
    budget: see :func:`~phase10.first_laydowns`), or every one when ``most`` is ``None``.
    The caller checked that ``seat`` may lay down now (:func:`_lay_down_violation`).
    ``passed``: the open phases the counted pre-check let through, when the caller asked it
    (:func:`_listable`); they are not asked again.
    """
    variant = state.variant
    announce = variant.laydown_style is STYLE_ANNOUNCE
    rules = variant.meld_rules
    hand = state.players[seat].hand
    limits = _search_limits(current_limits())
    if passed is None:
        indices = [i for i in state.open_phases(seat) if only is None or i == only]
    else:
        indices = [i for i in passed if only is None or i == only]
    for k, index in enumerate(indices):
        phase = variant.phases[index]
        # the counted pre-check rejects most hands at once; a hand it lets through goes
        # straight to the walk, which asks the oracle before each later group and so lists
        # exactly the laydowns there are (none when there are none)
        if passed is None and not counted_check(hand, phase, rules, limits):
            continue
        # rule T-4: an announcement shows exactly the phase (see _check_announce)
        listed: Iterable[PhaseMelds]
        if most is None:
            listed = engine_laydowns(hand, phase, rules, announce, limits)
        else:
            if most <= 0:
                return
            left = steps_left()
            if left is not None and k < len(indices) - 1:
                # leave the open phases after this one half of what is left (V-4)
                listed_limits = limits.raised(max_search_nodes=max(left // 2, 1))
            else:
                listed_limits = limits
            try:
                # first_laydowns of the hand the check above found a laydown in
                listed = first_of(
                    engine_laydowns(hand, phase, rules, announce, listed_limits), most
                )
            except SearchLimitError:
                # issue 22, "a legal position must never make the engine raise": when the
                # budget runs out before this phase's first laydown (only a custom phase of
                # many groups on a huge hand), the listing offers none of it; apply still
                # accepts a legal one, and the exact listing still raises
                continue
            most -= len(listed)
        for laydown in listed:
            # an announcement keeps its cards or draws as many: it never goes out; the cards
            # a laydown plays are counted per meld (laydown.cards would sort them all)
            if announce or (
                _go_out_violation(state, len(hand) - sum([len(m.cards) for m in laydown.melds]))
                is None
            ):
                yield laydown


@lru_cache(maxsize=8, key="a `Limits`", why="the raised limits are a value of the limits only")
def _search_limits(limits: Limits) -> Limits:
    """The limits of the rules' own laydown searches, which list every laydown of a hand."""
    return limits.raised(max_search_nodes=limits.max_engine_search_nodes)


def laydown_actions(
    state: GameState, *, phase: int | None = None, exact: bool = False
) -> tuple[LayDown | Announce, ...]:
    """The legal laydowns (or announcements) at a PLAY step, of one phase index if given.

    The first part of :func:`legal_actions` at a PLAY step, in the same order: every
    distinct laydown of a real hand, and for a huge one the first
    ``Limits.max_listed_laydowns`` of the search order, as many as the call's work budget
    (``Limits.max_call_steps``) finds (:func:`~phase10.first_laydowns`). :func:`apply`
    accepts every legal laydown, listed or not. When the budget runs out before a phase's
    first laydown is found (only a custom phase of many groups on a huge hand), that phase
    gets no laydown in the list and the call still answers: a legal position never makes
    the listing raise (issue 22). ``exact=True`` lists every one, however many (the work
    budget still bounds the call).

    Raises:
        SearchLimitError: with ``exact=True``, the call's work budget ran out before the
            last laydown was found (never in the built-in games' real hands); the error
            names the limit to raise.
    """
    if state.step is not STEP_PLAY:
        return ()
    with work_budget(search_limit=_ENGINE):
        return _listed_laydowns(state, phase, exact=exact)


def _listed_laydowns(
    state: GameState, phase: int | None, *, exact: bool
) -> tuple[LayDown | Announce, ...]:
    """:func:`laydown_actions` at a PLAY step, within the work budget the caller opened."""
    seat = state.turn
    if _lay_down_violation(state, seat) is not None:  # as _laydowns: nothing to list
        return ()
    most = None if exact else _most()
    return _laydown_actions(state, _laydowns(state, seat, only=phase, most=most))


def _most() -> int:
    """How many laydowns a listing that is not exact offers at most."""
    return current_limits().max_listed_laydowns


def _laydown_actions(
    state: GameState, laydowns: Iterable[PhaseMelds]
) -> tuple[LayDown | Announce, ...]:
    """The actions of the player to act for ``laydowns``: laydowns, or announcements (T-4)."""
    seat = state.turn
    if state.variant.laydown_style is STYLE_ANNOUNCE:
        return tuple(Announce(seat, x, keep) for x in laydowns for keep in (True, False))
    return tuple([LayDown(seat, x) for x in laydowns])


def laydown_phases(state: GameState) -> tuple[int, ...]:
    """The indices of the phases the player to act can lay down (or announce) now.

    The phases of :func:`laydown_actions`, found without listing every laydown: a phase
    whose first laydown the call's work budget cannot find is left out, as there.
    """
    if state.step is not STEP_PLAY:
        return ()
    seat = state.turn
    if _lay_down_violation(state, seat) is not None:
        return ()
    variant = state.variant
    hand = state.players[seat].hand
    announce = variant.laydown_style is STYLE_ANNOUNCE
    found = []
    for i in state.open_phases(seat):
        phase = variant.phases[i]
        if (announce and variant.meld_rules.naturals_in_runs > 1) or (
            not announce and _go_out_violation(state, len(hand) - phase.size) is not None
        ):
            # find_laydown's laydown may be longer than an announcement shows, or the
            # smallest laydown may play every card: list them
            with work_budget(search_limit=_ENGINE):
                ok = next(iter(_laydowns(state, seat, only=i, most=1)), None) is not None
        else:
            with work_budget(search_limit=_ENGINE):
                try:
                    ok = (
                        find_laydown(
                            hand,
                            phase,
                            rules=variant.meld_rules,
                            limits=_search_limits(current_limits()),
                        )
                        is not None
                    )
                except SearchLimitError:  # out of budget: as laydown_actions lists none
                    ok = False
        if ok:
            found.append(i)
    return tuple(found)


def hits_and_discards(state: GameState) -> tuple[Action, ...]:
    """The rest of :func:`legal_actions` at a PLAY step, in the same order: hits, then discards."""
    seat = state.turn
    variant = state.variant
    hand = state.players[seat].hand
    out: list[Action] = []
    distinct: Sequence[Card] = hand  # the hand, or its distinct cards once hits need them
    if _hitting_violation(state, seat) is None and _go_out_violation(state, len(hand) - 1) is None:
        distinct = _distinct(hand)
        rules = variant.meld_rules
        ids = {id(card) for card in distinct}
        for owner, row in enumerate(state.table):
            # whether a meld of the row may be hit depends on its owner, not on which meld
            # it is (_hit_violation): asked once per row
            if not row or _hit_violation(state, seat, owner, 0) is not None:
                continue
            for index, meld in enumerate(row):
                listed, hitting = _listed_hits(meld, rules, (seat, owner, index))
                if listed.keys() >= ids:  # every card of the hand was asked here before
                    if not hitting.keys().isdisjoint(ids):
                        for card in distinct:
                            hits = hitting.get(id(card))
                            if hits is not None:
                                out.extend(hits)
                    continue
                for card in distinct:
                    known = listed.get(id(card))
                    if known is None or known[0] is not card:
                        hits = tuple(
                            Hit(seat, owner, index, card, option.value, option.end)
                            for option in meld.hit_options(card, rules=rules)
                        )
                        if len(listed) < _MAX_HITS_PER_PLACE:
                            listed[id(card)] = (card, hits)
                            if hits:
                                hitting[id(card)] = hits
                    else:
                        hits = known[1]
                    out.extend(hits)
    discards_of = _DISCARDS.get
    append = out.append
    skip = KIND_SKIP
    last = None
    for card in distinct:
        key = card.sort_key
        if key == last:  # equal cards side by side (canonical order): one discard of them
            continue
        last = key
        discards = discards_of(id(card))
        # a skip is never stored: its discards depend on whom it may target now
        if discards is not None:
            try:  # no len() per card: a try costs nothing in Python 3.11 until it catches
                append(discards[seat])
                continue
            except IndexError:  # stored for a game of fewer seats: stored again below
                pass
        if card.kind is skip:
            out.extend(_new_discard(seat, card, target) for target in _skip_targets(state, seat))
        else:
            seats = range(max(seat + 1, len(state.players)))
            discards = _DISCARDS.put(card, tuple(_new_discard(s, card) for s in seats))
            out.append(discards[seat])
    return tuple(out)


def _distinct(hand: tuple[Card, ...]) -> list[Card]:
    """The distinct cards of ``hand`` (in canonical order: equal cards side by side)."""
    out: list[Card] = []
    last = None
    for card in hand:
        key = card.sort_key
        if key != last:
            out.append(card)
            last = key
    return out


# The discards of each card, one per seat, and each meld's hits per place and card, built
# once: listing them hashes no card and validates no action again.
_DISCARDS: IdentityCache[tuple[Discard, ...]] = IdentityCache(
    4096,
    name="_DISCARDS",
    key="identity of a `Card` held in a hand",
    why="identity cache; the discard of a card by a seat is the same immutable action every time",
)
#: Per place (seat, owner, meld index): the hits of each card, by the card's identity, with
#: the card itself kept (and compared) so that an id is never read for another object; and
#: the same for only the cards that have a hit there (most cards of a hand have none).
_Placed = dict[int, tuple[Card, tuple[Hit, ...]]]
_Hitting = dict[int, tuple[Hit, ...]]
_HITS: IdentityCache[tuple[MeldRules, dict[tuple[int, int, int], tuple[_Placed, _Hitting]]]] = (
    IdentityCache(
        4096,
        name="_HITS",
        key="identity of a `Meld` on the table (with tuple cards and values); per entry, "
        "`(seat, owner, index)` and then a card's identity, at most 64 and 1,024 of them",
        why="identity cache; the `MeldRules` are stored with the entry and compared by identity, "
        "each card is kept with its hits and compared by identity, and the hits of a card on a "
        "frozen meld under the same rules never change",
    )
)
_MAX_PLACES_PER_MELD = 64
_MAX_HITS_PER_PLACE = 1024


def _listed_hits(
    meld: Meld, rules: MeldRules, place: tuple[int, int, int]
) -> tuple[_Placed, _Hitting]:
    """The hits of ``meld`` at ``place`` already built under ``rules`` (to read and fill).

    Every card asked, with its hits; and the cards with a hit, by identity (each of them
    kept alive in the first).
    """
    known = _HITS.get(id(meld))
    if known is None or known[0] is not rules or len(known[1]) >= _MAX_PLACES_PER_MELD:
        known = (rules, {})
        if type(meld.cards) is tuple and type(meld.values) is tuple:  # frozen all through
            _HITS.put(meld, known)
    places = known[1]
    listed = places.get(place)
    if listed is None:
        listed = places[place] = ({}, {})
    return listed


def _master_choices(state: GameState) -> tuple[Action, ...]:
    step = state.step
    if step is STEP_KEEP:
        return tuple(Keep(state.turn, c) for c in dict.fromkeys(state.drawn))
    if step is STEP_OFFER:
        seat = state.next_offerer
        return tuple(Offer(seat, c) for c in dict.fromkeys(state.players[seat].hand))
    if step is STEP_TAKE_OFFER:
        return tuple(TakeOffer(state.turn, o, c) for o, c in dict.fromkeys(state.offers))
    if step is STEP_KEEP_HAND:
        return (KeepHand(state.turn, True), KeepHand(state.turn, False))
    return ()  # pragma: no cover
