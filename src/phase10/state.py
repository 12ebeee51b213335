"""The game state: an immutable snapshot of a whole game, from the deal to the winner."""

from __future__ import annotations

import enum
import functools
from collections import Counter
from typing import Final

import attrs

from phase10 import _pictures
from phase10.cards import Card
from phase10.errors import InvalidStateError
from phase10.groups import Meld
from phase10.phases import Phase
from phase10.variants import PhaseOrder, Variant

__all__ = ["CHANCE", "GameState", "PlayerState", "TurnStep"]

#: :attr:`GameState.current_player` when chance acts next (as in OpenSpiel).
CHANCE: Final = -1


class TurnStep(enum.Enum):
    """What happens next in the game.

    Player steps: DRAW, PLAY, and in Phase 10 Master KEEP, OFFER, TAKE_OFFER, KEEP_HAND.
    Chance steps: DEAL, TURN_UP, REVEAL, DRAW_TWO, RESHUFFLE. OVER when the game has ended.
    """

    DEAL = "deal"
    TURN_UP = "turn-up"
    DRAW = "draw"
    REVEAL = "reveal"
    RESHUFFLE = "reshuffle"
    PLAY = "play"
    DRAW_TWO = "draw-two"
    KEEP = "keep"
    OFFER = "offer"
    TAKE_OFFER = "take-offer"
    KEEP_HAND = "keep-hand"
    OVER = "over"

    def __repr__(self) -> str:
        return f"TurnStep.{self.name}"


CHANCE_STEPS: Final = frozenset(
    {TurnStep.DEAL, TurnStep.TURN_UP, TurnStep.REVEAL, TurnStep.RESHUFFLE, TurnStep.DRAW_TWO}
)


@functools.lru_cache(maxsize=64)
def _deck_counts(variant: Variant, players: int) -> Counter[Card]:
    return Counter(variant.deck_for(players))


@attrs.frozen(cache_hash=True)
class PlayerState:
    """One seat's part of the state.

    Attributes:
        hand: Cards in hand, in canonical order.
        phase: 0-based index of the phase the player is working on; equals the number of
            phases once the last one is completed.
        laid_down: Whether the player laid down their phase this hand.
        score: Total penalty points so far (C-23; low is good).
        skipped: Whether a skip lies against the player, to be spent on their next turn (C-20).
        completed: Indices of the phases completed, for pick-a-phase (V-4); empty otherwise.
        take_two: Phase 10 Master: a Take two lies in front of the player (M-12).
        keep_all: Phase 10 Master: a Keep all lies in front of the player (M-13).
        kept: Phase 10 Master: the player kept their hand from the last hand (M-13).
    """

    hand: tuple[Card, ...] = ()
    phase: int = 0
    laid_down: bool = False
    score: int = 0
    skipped: bool = False
    completed: tuple[int, ...] = ()
    take_two: bool = False
    keep_all: bool = False
    kept: bool = False


@attrs.frozen(cache_hash=True)
class GameState:
    """A whole game at one moment. Immutable: :func:`phase10.apply` returns a new state.

    Build the first state with :func:`phase10.new_game`.

    Attributes:
        variant: The rules in force.
        players: One :class:`PlayerState` per seat.
        dealer: The dealer's seat this hand (C-4).
        turn: The seat whose turn it is (during the deal: the first player to act).
        step: What happens next.
        draw_pile: The draw pile as a multiset in canonical order (its order is unknown to
            everybody; each draw is a chance event).
        discard_pile: The discard pile, bottom first; the last card is the top.
        table: The melds each seat has laid down this hand, in the order laid.
        hand_number: 1 for the first hand of the game.
        dealt: Cards dealt so far this hand.
        laid_this_turn: Whether the player to act laid down their phase this turn.
        tiebreak: The seats playing a tie-break hand (C-26); empty otherwise.
        winners: The winning seats once the game is over.
        action_pile: Phase 10 Master's blue pile of played action cards (M-11).
        drawn: The two cards of a Take two draw, before one is kept (M-12).
        to_draw: Cards still to be drawn by chance in the current REVEAL step.
        receiver: Who gets the revealed cards when it is not the player to act (M-15).
        offers: The cards offered after a Give five, as (seat, card) pairs (M-15).
        reshuffles: How many times the discard pile was reshuffled this hand (C-16).
    """

    variant: Variant
    players: tuple[PlayerState, ...]
    dealer: int
    turn: int
    step: TurnStep
    draw_pile: tuple[Card, ...]
    discard_pile: tuple[Card, ...] = ()
    table: tuple[tuple[Meld, ...], ...] = ()
    hand_number: int = 1
    dealt: int = 0
    laid_this_turn: bool = False
    tiebreak: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    action_pile: tuple[Card, ...] = ()
    drawn: tuple[Card, ...] = ()
    to_draw: int = 0
    receiver: int | None = None
    offers: tuple[tuple[int, Card], ...] = ()
    reshuffles: int = 0

    @property
    def num_players(self) -> int:
        """Number of seats."""
        return len(self.players)

    def _repr_svg_(self) -> str | None:
        """The picture a notebook shows (drawn by :mod:`phase10.svg`); ``repr()`` is unchanged."""
        return _pictures.picture(self)

    @property
    def current_player(self) -> int | None:
        """The seat that must act, :data:`CHANCE` when chance acts, ``None`` when over."""
        step = self.step
        if step is TurnStep.DRAW or step is TurnStep.PLAY:
            return self.turn
        if step in CHANCE_STEPS:
            return CHANCE
        if step is TurnStep.OVER:
            return None
        if step is TurnStep.OFFER:
            return self.next_offerer
        return self.turn

    @property
    def is_chance(self) -> bool:
        """Whether chance acts next."""
        return self.step in CHANCE_STEPS

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.step is TurnStep.OVER

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's total penalty points."""
        return tuple(p.score for p in self.players)

    @property
    def phases(self) -> tuple[int, ...]:
        """Each seat's 0-based phase index (the number of phases completed)."""
        return tuple(p.phase for p in self.players)

    @property
    def losers(self) -> tuple[int, ...]:
        """The loser(s) of a finished game with ``declare_loser`` (T-6); empty otherwise.

        Among the players on the lowest phase, those with the most points.
        """
        if not self.is_over or not self.variant.declare_loser:
            return ()
        low = min(p.phase for p in self.players)
        behind = [s for s, p in enumerate(self.players) if p.phase == low]
        worst = max(self.players[s].score for s in behind)
        return tuple(s for s in behind if self.players[s].score == worst)

    @property
    def active_seats(self) -> tuple[int, ...]:
        """The seats playing this hand: everybody, or the tied players of a tie-break."""
        return self.tiebreak or tuple(range(len(self.players)))

    @property
    def next_offerer(self) -> int:
        """After a Give five: the opponent who offers next (M-15).

        Offers go in seat order from the left neighbour, passing over players with no cards.
        """
        n = len(self.players)
        last = self.offers[-1][0] if self.offers else self.turn
        for k in range(1, n + 1):
            seat = (last + k) % n
            if seat != self.turn and self.players[seat].hand and seat in self.active_seats:
                return seat
        return self.turn

    @property
    def top_discard(self) -> Card | None:
        """The top card of the discard pile, if any."""
        return self.discard_pile[-1] if self.discard_pile else None

    def current_phase(self, seat: int) -> Phase | None:
        """The phase ``seat`` must lay down next (``None`` once all are done).

        With pick-a-phase (V-4) this is the first phase still open; see :meth:`open_phases`.
        """
        open_ = self.open_phases(seat)
        return self.variant.phases[open_[0]] if open_ else None

    def open_phases(self, seat: int) -> tuple[int, ...]:
        """Indices of the phases ``seat`` may lay down now (several only with V-4)."""
        phases = self.variant.phases
        if self.tiebreak:
            return (len(phases) - 1,)
        player = self.players[seat]
        if self.variant.phase_order is PhaseOrder.PICK:
            return tuple(i for i in range(len(phases)) if i not in player.completed)
        return (player.phase,) if player.phase < len(phases) else ()

    def validate(self) -> GameState:
        """Check the invariants of a hand-built state and return it.

        Raises:
            InvalidStateError: cards are missing or duplicated, or a field is out of range.
        """
        n = len(self.players)
        variant = self.variant
        if not variant.min_players <= n <= variant.max_players:
            raise InvalidStateError(
                f"{n} players; the variant allows {variant.min_players}-{variant.max_players}"
            )
        for name in ("dealer", "turn"):
            if not 0 <= getattr(self, name) < n:
                raise InvalidStateError(f"{name} {getattr(self, name)} is not a seat of {n}")
        if len(self.table) not in (0, n):
            raise InvalidStateError(f"table has {len(self.table)} rows for {n} players")
        # The rules bisect hands and piles by sort key (rules._contains / _remove), so a
        # hand-built state out of canonical order would refuse cards it holds: refuse it here.
        piles = {"draw pile": self.draw_pile, "action pile": self.action_pile}
        piles.update({f"hand of p{s + 1}": p.hand for s, p in enumerate(self.players)})
        for what, cards in piles.items():
            keys = [c.sort_key for c in cards]
            if keys != sorted(keys):
                raise InvalidStateError(f"the {what} is not in canonical order (see sort_cards)")
        counted: Counter[Card] = Counter(self.draw_pile)
        counted.update(self.discard_pile)
        counted.update(self.action_pile)
        counted.update(self.drawn)
        counted.update(card for _, card in self.offers)
        for p in self.players:
            counted.update(p.hand)
            if not 0 <= p.phase <= len(variant.phases):
                raise InvalidStateError(f"phase index {p.phase} out of range")
        for row in self.table:
            for meld in row:
                counted.update(meld.cards)
                problem = meld.problem(rules=variant.meld_rules)
                if problem is not None:
                    raise InvalidStateError(f"meld {meld} on the table is invalid: {problem}")
        deck = _deck_counts(variant, n)
        if dict.__ne__(counted, deck):  # Counter's own == is written in Python
            extra = counted - deck
            missing = deck - counted
            raise InvalidStateError(
                "cards are not conserved: "
                f"extra {sorted(map(str, extra.elements()))}, "
                f"missing {sorted(map(str, missing.elements()))}"
            )
        return self
