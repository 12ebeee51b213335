"""Bots: programs that choose a player's action from a :class:`~phase10.PlayerView`.

A bot sees only what its seat may see (a :class:`~phase10.PlayerView`, never the full
:class:`~phase10.GameState`) and its own random number generator. Anything with a matching
``act`` method is a :class:`Bot`; no subclassing is needed.

>>> import random, phase10
>>> state, _ = phase10.play_chance(phase10.new_game(phase10.CLASSIC, 2), random.Random(4))
>>> seat = state.current_player
>>> action = GreedyBot().act(phase10.view(state, seat), random.Random(0))
>>> phase10.is_legal(state, action)
True
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, Protocol, cast, runtime_checkable

import attrs

from phase10._checks import is_whole
from phase10.actions import (
    Action,
    Announce,
    Discard,
    Draw,
    DrawTwo,
    Hit,
    Keep,
    KeepHand,
    LayDown,
    Offer,
    TakeDiscard,
    TakeOffer,
)
from phase10.analysis import (
    collecting,
    count_outs,
    helpful,
    next_player,
    phase_distance,
    unseen_cards,
    world_weight,
)
from phase10.cards import ActionKind, Card, Kind, sort_cards
from phase10.chance import play_chance
from phase10.errors import (
    ArgumentError,
    IllegalActionError,
    Phase10Error,
    SearchLimitError,
    Violation,
)
from phase10.groups import GroupType, Meld, Shape
from phase10.limits import current_limits, spend_steps, work_budget
from phase10.phases import Phase, PhaseMelds
from phase10.rules import apply, legal_actions, may_hit
from phase10.state import GameState, TurnStep
from phase10.variants import LaydownStyle, PhaseOrder
from phase10.views import PlayerView, sample_state, view

__all__ = [
    "Bot",
    "CandidateMoves",
    "CautiousBot",
    "Evaluation",
    "GreedyBot",
    "ISMCTSBot",
    "RandomBot",
    "StatePolicy",
    "greedy_policy",
    "search_value",
]


@runtime_checkable
class Bot(Protocol):
    """What :func:`phase10.simulate` and the ``play`` command need of a bot.

    Any object with this ``act`` method is a bot; there is no base class to inherit. To be
    used with a process pool, a bot must also be picklable (an ``attrs`` frozen class or a
    plain class defined at module level is).

    >>> import random
    >>> class FirstBot:
    ...     def act(self, view, rng):
    ...         return phase10.legal_actions(view)[0]
    >>> import phase10
    >>> isinstance(FirstBot(), Bot), isinstance(RandomBot(), Bot)
    (True, True)
    """

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        """Choose an action for the viewer, who is the player to act.

        Args:
            view: What the bot's seat can see; ``view.player`` is the seat to play.
            rng: The bot's own random number generator (seeded per game and seat by
                :func:`phase10.simulate`). Use only ``rng.random()`` for results that replay
                the same on every Python version.

        Returns:
            One of ``phase10.legal_actions(view)``.
        """
        ...


class StatePolicy(Protocol):
    """A policy that reads the full state: ``policy(state, rng)`` acts for its current player.

    Faster than a :class:`Bot` where the full state is at hand, as in a search's rollouts on
    a determinized state (:func:`greedy_policy` is one). It should look only at what the
    player to act could see, or the search it plays for cheats.
    """

    def __call__(self, state: GameState, rng: random.Random, /) -> Action:
        """One of ``phase10.legal_actions(state)``, for ``state.current_player``."""
        ...


class Evaluation(Protocol):
    """What a state is worth to a seat, higher better: ``evaluation(state, seat)``.

    :class:`ISMCTSBot` scores the end of each rollout with one (:func:`search_value` by
    default): a state of a hand under way, the deal of the next hand when the rollout
    ended the hand, or a finished game.
    """

    def __call__(self, state: GameState, seat: int, /) -> float:
        """The worth of ``state`` to ``seat``."""
        ...


class CandidateMoves(Protocol):
    """The actions worth comparing at a decision: ``candidates(view)``, the preferred first."""

    def __call__(self, view: PlayerView, /) -> tuple[Action, ...]:
        """Legal actions of ``view``, at least one, the one to play on a tie first."""
        ...


def _choices(view: PlayerView) -> tuple[Action, ...]:
    if not isinstance(view, PlayerView):
        raise ArgumentError(f"a bot needs a PlayerView, got {type(view).__name__}")
    actions = legal_actions(view)
    if not actions:
        raise IllegalActionError(
            f"p{view.player + 1} has nothing to do: it is not their turn (step {view.step.name})",
            code=Violation.NOT_YOUR_TURN,
        )
    return actions


@attrs.frozen
class RandomBot:
    """Plays a legal action chosen uniformly at random, with ``rng.random()`` only.

    >>> import random, phase10
    >>> state, _ = phase10.play_chance(phase10.new_game(phase10.CLASSIC, 2), random.Random(1))
    >>> v = phase10.view(state, state.current_player)
    >>> RandomBot().act(v, random.Random(3)) in phase10.legal_actions(v)
    True
    """

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        """A uniformly random legal action.

        Raises:
            ArgumentError: ``view`` is not a :class:`~phase10.PlayerView`.
            IllegalActionError: the viewer is not the player to act (code ``NOT_YOUR_TURN``).
        """
        actions = _choices(view)
        return actions[int(rng.random() * len(actions))]


@attrs.frozen
class GreedyBot:
    """Plays sensibly, one decision at a time, without looking ahead.

    Before its phase is down it keeps the cards that bring the hand closest to the phase:
    a hand's *distance* is the fewest wild cards that would complete the phase (found with
    the exact laydown search), and among hands at the same distance the better one has more
    *outs*, unseen cards that would shorten the distance. So the bot

    * takes the top discard when it shortens the distance (after its laydown: when the card
      can be hit), else draws (two, with a Take two in front);
    * lays its phase down as soon as it can, choosing the laydown that leaves the fewest
      points in hand once the rest is hit;
    * hits as much as it can, natural cards before wilds;
    * discards the least useful card: a skip first (on the leader: the opponent on the
      highest phase, then with the lowest score), then the card whose loss keeps the best
      distance and outs, the one worth the most points among equals;
    * in Phase 10 Master keeps the better card of a Take two draw, offers its least useful
      card and takes the most useful offer after a Give five, and keeps its hand under Keep
      all when that hand is close to its next phase; in "10 Phases" announces its phase as
      soon as it can, keeping the cards when they serve the next phase at least as well as
      a redraw would be expected to.

    ``rng`` is not used: the bot is deterministic. A decision has one work budget
    (``Limits.max_call_steps`` steps of laydown search); should it run out (only a custom
    variant's huge hand comes near it), the bot plays the first legal action.

    >>> import random, phase10
    >>> state, _ = phase10.play_chance(phase10.new_game(phase10.MASTER, 3), random.Random(2))
    >>> v = phase10.view(state, state.current_player)
    >>> GreedyBot().act(v, random.Random(0)) in phase10.legal_actions(v)
    True
    """

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        """The greedy choice among the legal actions of ``view``: the first of :meth:`rank`.

        Raises:
            ArgumentError: ``view`` is not a :class:`~phase10.PlayerView`.
            IllegalActionError: the viewer is not the player to act (code ``NOT_YOUR_TURN``).
        """
        return _greedy_decision(view, _choices(view), rank=False)[0]

    def rank(self, view: PlayerView) -> tuple[Action, ...]:
        """Every legal action of ``view``, best first by the greedy measures.

        The first is what :meth:`act` plays. A play step lists announces, then laydowns
        (fewest points left once the rest is hit first), hits (naturals first), then
        discards, each card by how little the hand misses it (a skip's targets the leader
        first); cards to keep or take come most useful first; at a draw or a Keep all
        decision the choice comes first and the others follow in their listed order. Other
        bots can start from it: try the greedy order's first few discards, say.

        >>> import random, phase10
        >>> state, _ = phase10.play_chance(phase10.new_game(phase10.CLASSIC, 2), random.Random(4))
        >>> v = phase10.view(state, state.current_player)
        >>> ranked = GreedyBot().rank(v)
        >>> ranked[0] == GreedyBot().act(v, random.Random(0))
        True
        >>> sorted(map(str, ranked)) == sorted(map(str, phase10.legal_actions(v)))
        True

        Raises:
            ArgumentError: ``view`` is not a :class:`~phase10.PlayerView`.
            IllegalActionError: the viewer is not the player to act (code ``NOT_YOUR_TURN``).
        """
        return _greedy_decision(view, _choices(view), rank=True)


def greedy_policy(state: GameState, rng: random.Random) -> Action:
    """:class:`GreedyBot`'s action for the player to act in ``state``, without a view.

    A *state-level policy*: the same action as ``GreedyBot().act(phase10.view(state,
    seat), rng)`` for the seat to act, read from the full state. It looks only at what
    that seat could see (its hand, the table, the piles, the public facts of the other
    seats; the unseen cards are counted as :func:`phase10.analysis.unseen_cards` counts
    them), so it does not cheat, but it skips building the :class:`~phase10.PlayerView`
    and the full state behind it that listing a view's legal actions takes. It is what
    :class:`ISMCTSBot`'s rollouts play by default, on their determinized states.

    >>> import random, phase10
    >>> state, _ = phase10.play_chance(phase10.new_game(phase10.CLASSIC, 2), random.Random(4))
    >>> seat = state.current_player
    >>> greedy_policy(state, random.Random(0)) == GreedyBot().act(
    ...     phase10.view(state, seat), random.Random(0))
    True

    Raises:
        ArgumentError: ``state`` is not a :class:`~phase10.GameState`.
        IllegalActionError: no player is to act: chance acts (code ``CHANCE_TO_ACT``) or
            the game is over (code ``GAME_OVER``).
    """
    if not isinstance(state, GameState):
        raise ArgumentError(f"greedy_policy needs a GameState, got {type(state).__name__}")
    seat = state.current_player
    if seat is None:
        raise IllegalActionError("the game is over: nobody is to act", code=Violation.GAME_OVER)
    if seat < 0:
        raise IllegalActionError(
            f"chance acts next (step {state.step.name}), not a player",
            code=Violation.CHANCE_TO_ACT,
        )
    return _greedy_decision(state, legal_actions(state), rank=False)[0]


def _greedy_decision(
    source: PlayerView | GameState, actions: tuple[Action, ...], *, rank: bool
) -> tuple[Action, ...]:
    """The greedy ranking of ``actions`` (its choice alone unless ``rank``), in one budget."""
    with work_budget(search_limit=_ENGINE) as decision:
        if len(actions) == 1:
            return actions
        try:
            greedy = _Greedy(source, actions)
            return greedy.ranked() if rank else (greedy.choose(),)
        except SearchLimitError:
            if not decision:  # a rollout of a search: the search decides what to do
                raise
            first = _out_of_budget(actions)
            return (first, *(a for a in actions if a != first)) if rank else (first,)


#: The steps weighing one laydown counts for (its cards left, their points), and asking a
#: meld whether a card fits it (once per meld and card a decision): about what as many
#: search steps cost, so that weighing a thousand laydowns stays within the budget.
_WEIGH_STEPS = 40
_FIT_STEPS = 8

#: The limit that bounds each laydown search of the bots (and the rules), named when it binds.
_ENGINE = "max_engine_search_nodes"


def _out_of_budget(actions: tuple[Action, ...]) -> Action:
    """The decision when the bot's work budget runs out: the first legal action.

    That is a laydown when there is one, else a hit, else the first discard (or the draw):
    only a custom variant's huge hand gets here (``Limits.max_call_steps``).
    """
    return actions[0]


# ----------------------------------------------------------------------------- the search


def _without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``hand`` (in canonical order) without one copy of ``card``."""
    i = hand.index(card)
    return hand[:i] + hand[i + 1 :]


def _with(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    return sort_cards((*hand, card))


def _open_phases(view: PlayerView | GameState, seat: int) -> tuple[Phase, ...]:
    """The phases ``seat`` may complete now (as :meth:`GameState.open_phases`)."""
    phases = view.variant.phases
    if view.tiebreak:
        return (phases[-1],)
    player = view.players[seat]
    if view.variant.phase_order is PhaseOrder.PICK:
        return tuple(p for i, p in enumerate(phases) if i not in player.completed)
    return (phases[player.phase],) if player.phase < len(phases) else ()


def _removal_rank(card: Card) -> int:
    """Which cards go first when nothing else decides: skips and actions, numbers, wilds."""
    if card.kind is Kind.WILD:
        return 2
    return 1 if card.kind is Kind.NUMBER else 0


def _laid_removal_rank(card: Card) -> int:
    """After the laydown: skips, then Take two / Keep all, numbers, Give five, wilds.

    A Give five brings a card back, so it does not shorten the hand.
    """
    if card.kind is Kind.SKIP:
        return 0
    if card.kind is Kind.ACTION:
        return 3 if card.action is ActionKind.GIVE_FIVE else 1
    return 4 if card.kind is Kind.WILD else 2


class _Greedy:
    """One decision of :class:`GreedyBot`: what the seat sees, its legal actions and facts.

    ``source`` is the seat's view, or a full state whose current player is the seat (a
    rollout's :func:`greedy_policy`): only what the seat could see of it is read.
    """

    def __init__(self, source: PlayerView | GameState, actions: Sequence[Action]):
        self.source = source
        self.actions = actions
        #: per group and shape: the hand's cards a meld of it takes, asked once per decision
        #: (laydown_key): the answer depends on nothing else of the meld (Meld.can_add)
        #: the hand's distinct cards are bits of a mask (_card_bits), in _hand_points' order
        self._fits: dict[tuple[GroupType, Shape], int] = {}
        self._fit_others: int | None = None
        self._points: dict[Card, tuple[int, int]] | None = None
        self._index: dict[Card, tuple[int, int]] | None = None
        self._bits: list[tuple[int, int, int]] | None = None
        #: per meld weighed: the hand's cards that fit it, its cards' bits and points
        self._melds: dict[Meld, tuple[int, tuple[tuple[int, int], ...]]] = {}
        #: per set of cards that fit the table: the points and copies of the hand's others
        self._outside: dict[int, tuple[int, int]] = {}
        self._outs: dict[tuple[tuple[Card, ...], int], int] = {}
        variant = source.variant
        self.variant = variant
        self.rules = variant.meld_rules
        if isinstance(source, GameState):
            seat = source.current_player
            assert seat is not None and seat >= 0
            self.me = seat
            self.hand = source.players[seat].hand
        else:
            self.me = source.player
            self.hand = source.hand
        self.players = source.players
        self.table = source.table
        self.step = source.step
        self.phases = _open_phases(source, self.me)
        self.announce = variant.laydown_style is LaydownStyle.ANNOUNCE
        # "laid": the phase is down, so cards are worth only what they score or hit
        self.laid = not self.phases or (not self.announce and self.players[self.me].laid_down)
        self._unseen: Counter[Card] | None = None
        #: each distinct card's first place in the hand (rest_after)
        self._first: dict[Card, int] | None = None

    # -- facts ------------------------------------------------------------------------

    def points(self, card: Card) -> int:
        return self.variant.scoring.card_points(card)

    def distance(self, hand: tuple[Card, ...], phases: Sequence[Phase] | None = None) -> int:
        phases = self.phases if phases is None else phases
        if not phases:
            return 0
        return min(phase_distance(hand, p, rules=self.rules) for p in phases)

    @property
    def unseen(self) -> Counter[Card]:
        """The cards the viewer has not seen: other hands and the draw pile."""
        if self._unseen is None:
            source = self.source
            if isinstance(source, GameState):
                self._unseen = unseen_cards(source, seat=self.me)
            else:
                self._unseen = unseen_cards(source)
        return self._unseen

    def outs(self, hand: tuple[Card, ...], distance: int) -> int:
        """How many unseen cards would bring ``hand`` closer than ``distance`` to a phase.

        Asked once per hand a decision: the greedy order and CautiousBot's weighing ask
        about the same hands.
        """
        if distance == 0:
            return 0
        key = (hand, distance)
        found = self._outs.get(key)
        if found is None:
            rules = self.rules
            found = self._outs[key] = max(
                (
                    count_outs(hand, phase, self.unseen, rules=rules)
                    for phase in self.phases
                    if phase_distance(hand, phase, rules=rules) == distance
                ),
                default=0,
            )
        return found

    def rest_after(self, laydown: PhaseMelds) -> tuple[Card, ...]:
        """The hand (in canonical order) without the cards ``laydown`` lays (it holds them)."""
        first = self._first
        if first is None:
            first = self._first = {}
            for i, c in enumerate(self.hand):
                first.setdefault(c, i)
        drop: set[int] = set()
        for meld in laydown.melds:
            for c in meld.cards:
                i = first[c]
                while i in drop:  # the next copy (copies are next to each other)
                    i += 1
                drop.add(i)
        return tuple([c for i, c in enumerate(self.hand) if i not in drop])

    def hittable(self, card: Card, table: Iterable[Meld] | None = None) -> bool:
        melds = self.melds() if table is None else table
        rules = self.rules
        return any(meld.hit_options(card, rules=rules) for meld in melds)

    def melds(self) -> tuple[Meld, ...]:
        return tuple(m for row in self.table for m in row)

    # -- choices ----------------------------------------------------------------------

    def choose(self) -> Action:
        """The greedy choice: the first of :meth:`ranked`, ranking no more than it needs."""
        if self.step is TurnStep.PLAY:
            return self.play_order(whole=False)[0]
        return self.ranked()[0]

    def ranked(self) -> tuple[Action, ...]:
        """Every legal action, the greedy choice first, then the next best, and so on.

        Within a kind the order is the greedy measure's (discards by :meth:`removal_order`,
        hits by :meth:`hit_key`, cards taken by :meth:`addition_key`); at a play step
        announces come first, then laydowns, hits and discards, as the greedy player
        prefers them. At a draw and a Keep all
        decision, the choice is first and the rest keep their listed order.
        """
        step = self.step
        actions = self.actions
        if step is TurnStep.DRAW:
            return _first(self.draw(), actions)
        if step is TurnStep.PLAY:
            return self.play_order()
        if step is TurnStep.KEEP or step is TurnStep.TAKE_OFFER:
            cards = [a.card for a in actions if isinstance(a, (Keep, TakeOffer))]
            key = self.addition_key(cards)
            return tuple(
                sorted(
                    actions,
                    key=lambda a: (0, key(a.card)) if isinstance(a, (Keep, TakeOffer)) else (1, ()),
                )
            )
        if step is TurnStep.OFFER:
            offers = [a.card for a in actions if isinstance(a, Offer)]
            place = {c: i for i, c in enumerate(self.removal_order(list(dict.fromkeys(offers))))}
            return tuple(
                sorted(actions, key=lambda a: place[a.card] if isinstance(a, Offer) else len(place))
            )
        if step is TurnStep.KEEP_HAND:
            keep = bool(self.phases) and self.distance(self.hand) <= 2
            return _first(
                next(a for a in actions if isinstance(a, KeepHand) and a.keep is keep), actions
            )
        return tuple(actions)  # pragma: no cover - every player step is handled above

    def draw(self) -> Action:
        top = self.source.top_discard
        take = next((a for a in self.actions if isinstance(a, TakeDiscard)), None)
        if take is not None and top is not None:
            if self.laid:
                helps = self.hittable(top)
            else:
                helps = top.is_wild or self.distance(_with(self.hand, top)) < self.distance(
                    self.hand
                )
            if helps:
                return take
        two = next((a for a in self.actions if isinstance(a, DrawTwo)), None)
        if two is not None:
            return two
        return next(a for a in self.actions if isinstance(a, Draw))

    def play_order(self, *, whole: bool = True) -> tuple[Action, ...]:
        """A play step's actions best first: announces, laydowns, hits, then discards.

        With ``whole=False`` only the first kind there is gets ranked and listed (what the
        choice needs).
        """
        actions = self.actions
        announces: list[Announce] = [a for a in actions if isinstance(a, Announce)]
        laydowns: list[LayDown] = [a for a in actions if isinstance(a, LayDown)]
        hits: list[Hit] = [a for a in actions if isinstance(a, Hit)]
        discards: list[Discard] = [a for a in actions if isinstance(a, Discard)]
        out: list[Action] = []
        if announces and not whole:
            out.append(self.first_announce(announces))
        elif announces:
            by_key: list[Announce] = sorted(announces, key=self.announce_key(announces))
            out.extend(by_key)
        if laydowns and (whole or not out):
            out.extend(self.laydown_order(laydowns))
        if hits and (whole or not out):
            hits.sort(key=self.hit_key)
            out.extend(hits)
        if whole or not out:
            out.extend(self.discard_order(discards))
        if not whole and out:
            return tuple(out)  # the choice is out[0]: the rest need not be listed
        known = set(out)
        out += [a for a in actions if a not in known]
        return tuple(out)

    def discard_order(self, discards: Sequence[Discard]) -> list[Discard]:
        """Discards by :meth:`removal_order` of their cards; a skip's target by :meth:`seat_key`."""
        if not discards:
            return []
        order = self.removal_order(list(dict.fromkeys(a.card for a in discards)))
        place = {c: i for i, c in enumerate(order)}
        none = (0, 0, 0, 0)

        def key(a: Discard) -> tuple[int, bool, tuple[int, int, int, int]]:
            target = a.target
            return (
                place[a.card],
                target is None,
                none if target is None else self.seat_key(target),
            )

        return sorted(discards, key=key)

    def seat_key(self, seat: int) -> tuple[int, int, int, int]:
        """The least key is the seat to skip first: highest phase, lowest score, next to play."""
        p = self.players[seat]
        return (-p.phase, -len(p.completed), p.score, (seat - self.me) % len(self.players))

    def leader(self, seats: Sequence[int]) -> int:
        """The seat to skip: the highest phase, then the lowest score, then the next to play."""
        return min(seats, key=self.seat_key)

    def removal_order(self, cards: Sequence[Card]) -> list[Card]:
        """``cards`` (distinct, from the hand) from the one to give up first to the last."""
        return sorted(cards, key=self.removal_key(cards))

    def removal_key(self, cards: Sequence[Card]) -> Callable[[Card], tuple[int, ...]]:
        """The key of :meth:`removal_order` over ``cards`` (distinct, from the hand)."""
        hand = self.hand
        if self.laid:
            return lambda c: (_laid_removal_rank(c), -self.points(c))
        after = {c: _without(hand, c) for c in cards}
        dist = {c: self.distance(after[c]) for c in cards}
        best = min(dist.values())
        outs = {c: self.outs(after[c], best) for c in cards if dist[c] == best}
        return lambda c: (dist[c], -outs.get(c, 0), _removal_rank(c), -self.points(c))

    def addition_key(self, cards: Sequence[Card]) -> Callable[[Card], tuple[int, ...]]:
        """The key of :meth:`best_addition` over ``cards``: the least key helps most."""
        hand = self.hand
        if self.laid:
            return lambda c: (not self.hittable(c), -_laid_removal_rank(c), self.points(c))
        after = {c: _with(hand, c) for c in cards}
        dist = {c: self.distance(after[c]) for c in cards}
        best = min(dist.values())
        outs = {c: self.outs(after[c], best) for c in cards if dist[c] == best}
        return lambda c: (dist[c], -outs.get(c, 0), -_removal_rank(c), self.points(c))

    def laydown_order(self, laydowns: Sequence[LayDown]) -> list[LayDown]:
        """The laydowns by :meth:`laydown_key`, of those the work budget lets it weigh.

        Weighing is counted in the decision's work budget (``Limits.max_call_steps``): when
        it runs out part way (only a hand of a thousand laydowns comes near it), those
        weighed so far come first, in key order, the first listed first among equals, then
        the rest as listed.
        """
        keys: list[tuple[int, int, int]] = []
        try:
            for action in laydowns:
                keys.append(self.laydown_key(action))
        except SearchLimitError:
            pass  # out of budget: the best weighed so far (or the first listed)
        weighed = sorted(range(len(keys)), key=keys.__getitem__)
        return [laydowns[i] for i in weighed] + list(laydowns[len(keys) :])

    def laydown_key(self, action: LayDown) -> tuple[int, int, int]:
        """Points left in hand once every card that fits the new table is hit, then cards.

        Raises:
            SearchLimitError: the decision's work budget has not the steps to weigh it.
        """
        spend_steps(_WEIGH_STEPS, "weighing a laydown")
        # the hand's distinct cards as bits: the cards that fit are a mask, and each meld
        # (the laydowns of a big hand share most of their melds) is read once a decision
        fitting = self._fit_others
        if fitting is None:
            fitting = 0
            if self.variant.hit_others_on_laydown_turn:
                for meld in self.melds():
                    fitting |= self._fitting(meld)
            self._fit_others = fitting
        melds = tuple(map(self._meld_bits, action.laydown.melds))
        for fit, _ in melds:
            fitting |= fit
        outside = self._outside.get(fitting)
        if outside is None:  # the hand's cards that fit nothing, before any is laid
            points = left = 0
            for bit, n, worth in self._hand_bits():
                if not fitting & bit:
                    points += n * worth
                    left += n
            outside = self._outside[fitting] = (points, left)
        points, left = outside
        laid = 0
        for _, cards in melds:  # a legal laydown lays copies the hand holds
            laid += len(cards)
            for bit, worth in cards:
                if not fitting & bit:
                    points -= worth
                    left -= 1
        return (points, left, -laid)

    def _hand_bits(self) -> list[tuple[int, int, int]]:
        """Each distinct card of the hand: its bit, its copies and the points of one."""
        found = self._bits
        if found is None:
            found = self._bits = [
                (1 << i, n, worth) for i, (n, worth) in enumerate(self._hand_points().values())
            ]
        return found

    def _meld_bits(self, meld: Meld) -> tuple[int, tuple[tuple[int, int], ...]]:
        """The hand's cards that fit ``meld`` (bits), and its cards' bits and points."""
        found = self._melds.get(meld)
        if found is None:
            fit = self._fitting(meld)
            assert self._index is not None  # _fitting made it
            found = self._melds[meld] = (fit, tuple(map(self._index.__getitem__, meld.cards)))
        return found

    def _card_bits(self) -> dict[Card, tuple[int, int]]:
        """Each distinct card of the hand: its bit and the points of one."""
        found = self._index
        if found is None:
            found = self._index = {
                c: (1 << i, worth) for i, (c, (_, worth)) in enumerate(self._hand_points().items())
            }
        return found

    def _hand_points(self) -> dict[Card, tuple[int, int]]:
        """Each distinct card of the hand: its copies and the points of one."""
        found = self._points
        if found is None:
            found = self._points = {c: (n, self.points(c)) for c, n in Counter(self.hand).items()}
        return found

    def _fitting(self, meld: Meld) -> int:
        """The distinct cards of the hand that can be hit on ``meld`` (C-14), as bits."""
        key = (meld.group, meld.shape)
        found = self._fits.get(key)
        if found is None:
            cards = self._card_bits()
            spend_steps(_FIT_STEPS * len(cards), "weighing a laydown")
            rules = self.rules
            found = 0
            for c, (bit, _) in cards.items():
                if meld.can_add(c, rules=rules):
                    found |= bit
            self._fits[key] = found
        return found

    def hit_key(self, action: Hit) -> tuple[bool, int, bool]:
        """Naturals before wilds; then the hit after which most other cards still fit."""
        rules = self.rules
        meld = self.table[action.owner][action.meld]
        new = next(
            o.meld
            for o in meld.hit_options(action.card, rules=rules)
            if o.value == action.value and o.end is action.end
        )
        table = [m for row in self.table for m in row if m is not meld]
        table.append(new)
        rest = _without(self.hand, action.card)
        follow = sum(1 for c in set(rest) if self.hittable(c, table))
        return (action.card.is_wild, -follow, action.owner != self.me)

    def upcoming(self) -> tuple[Phase, ...]:
        """'10 Phases' (T-4): the phase after the one the hand works on, if there is one.

        Announcing a phase keeps the hand (or redraws part of it) for the next phase, in
        the same hand; elsewhere a hand ends with its phase, and a picked phase (V-4) or a
        tie-break hand has no next one.
        """
        if not self.announce or self.laid or self.variant.phase_order is PhaseOrder.PICK:
            return ()
        if self.source.tiebreak:
            return ()
        phases = self.variant.phases
        after = self.players[self.me].phase + 1
        return (phases[after],) if after < len(phases) else ()

    def announce_key(self, announces: Sequence[Announce]) -> Callable[[Announce], tuple[int, int]]:
        """'10 Phases': announce, keeping the cards unless a redraw promises better.

        A redraw of ``k`` cards is counted as shortening the distance by ``k // 2``. On the
        last phase every announce wins, and they keep their listed order.
        """
        upcoming = self.upcoming()
        if not upcoming:
            return lambda a: (0, 0)  # the last phase: announcing it wins
        keep_distance = self.distance(self.hand, upcoming)

        def key(a: Announce) -> tuple[int, int]:
            if a.keep:
                return (keep_distance, 0)
            rest = self.rest_after(a.laydown)
            gain = len(a.laydown.cards) // 2
            return (max(0, self.distance(rest, upcoming) - gain), 1)

        return key

    def first_announce(self, announces: Sequence[Announce]) -> Announce:
        """The first of ``announces`` by :meth:`announce_key`, weighing no more than it needs.

        An announce that keeps the cards weighs the whole hand's distance to the next phase,
        one that redraws at least ``(0, 1)``: the first in listed order to reach the least
        key either can have wins, and those after it are not weighed.
        """
        key = self.announce_key(announces)
        upcoming = self.upcoming()
        least = min((0, 1), (self.distance(self.hand, upcoming), 0)) if upcoming else (0, 0)
        best, best_key = announces[0], key(announces[0])
        for a in announces[1:]:
            if best_key <= least:
                break
            k = key(a)
            if k < best_key:
                best, best_key = a, k
        return best


def _first(choice: Action, actions: Sequence[Action]) -> tuple[Action, ...]:
    """``choice``, then the other ``actions`` in their order."""
    return (choice, *(a for a in actions if a != choice))


# ----------------------------------------------------------------------------- settings


def _whole(minimum: int) -> Callable[[object, attrs.Attribute[Any], object], None]:
    """An attrs validator: a whole number of at least ``minimum``, else ArgumentError."""

    def check(_: object, field: attrs.Attribute[Any], value: object) -> None:
        if not is_whole(value, minimum):
            raise ArgumentError(f"{field.name} must be a whole number >= {minimum}, got {value!r}")

    return check


def _number(
    low: float | None = None, high: float | None = None
) -> Callable[[object, attrs.Attribute[Any], object], None]:
    """An attrs validator: a finite real number within ``low``..``high``, else ArgumentError."""

    def check(_: object, field: attrs.Attribute[Any], value: object) -> None:
        ok = (
            isinstance(value, (int, float))
            and not isinstance(value, bool)
            and math.isfinite(value)
            and (low is None or value >= low)
            and (high is None or value <= high)
        )
        if not ok:
            within = ""
            if low is not None:
                within = f" >= {low}" if high is None else f" from {low} to {high}"
            raise ArgumentError(f"{field.name} must be a finite number{within}, got {value!r}")

    return check


def _seconds(_: object, field: attrs.Attribute[Any], value: object) -> None:
    """An attrs validator: ``None`` or a finite number of seconds, 0 or more, else ArgumentError."""
    if value is None:
        return
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or not math.isfinite(value)
        or value < 0
    ):
        raise ArgumentError(f"{field.name} must be None or a finite number >= 0, got {value!r}")


# ----------------------------------------------------------------------------- CautiousBot


@attrs.frozen(kw_only=True)
class CautiousBot:
    """:class:`GreedyBot` that minds what its discard feeds the next player, and its way out.

    It plays as :class:`GreedyBot` everywhere but at a discard (and, for a spare, a draw:
    below), where it weighs each
    distinct card it may discard by what the hand loses and by how often the card would
    help the player who draws next:

    * before its phase is down, only the cards whose loss keeps the hand closest to the
      phase are weighed (as :class:`GreedyBot`), and each costs ``outs_weight`` a step per
      out (unseen card that would shorten that distance) it leaves the hand short of;
      once down, a card costs a hundredth of a step less per point it takes out of hand;
    * the next player to draw (:func:`phase10.analysis.next_player`: skipped seats pass)
      is dealt at random ``worlds`` times with :func:`phase10.sample_state`, which keeps
      the cards everybody knows they took from the discard pile in their hand; each deal
      is weighed by what they let go this hand (:func:`phase10.analysis.world_weight`
      with ``passed``, times ``declined`` when the card they last left on the discard
      pile would help the hand it deals them). A card *feeds* them when
      :func:`phase10.analysis.helpful` says it helps them: it shortens their hand's
      distance to their phase, or, once they are down, it fits the table (then in every
      deal). The weighted share of deals it feeds them in, times ``feed_weight``, is
      added to the loss;
    * a *spare* is kept: of the cards the phase cannot tell apart, each costs
      ``spare_weight`` a step of distance to the phase with one of its groups a card
      larger, so a card that the phase does not need but that is hit on its own group as
      soon as the phase is down (C-14) stays, one card fewer to go out with; once down, a
      number card that one more card hit on the table would let fit it (an 11 beside a
      run ending at 9) costs ``near_weight`` more to discard;
    * before its phase is down, a number card that fits a meld already on the table (any
      seat's) costs ``table_weight`` more to discard, among the cards the phase cannot
      tell apart: it is hit as soon as the phase is down (C-14), as a spare is;
    * the card of least loss goes, the greedy order breaking ties. A skip still goes
      first (it feeds nobody, C-19), on :class:`GreedyBot`'s leader: in four-player
      classic games, skipping the seat down with fewest cards instead won 31 of 150 games
      where the leader won 44 (docs/performance.md).

    At a draw it plays as :class:`GreedyBot` but for a spare on the discard pile before
    its phase is down: it takes that card (unless ``spare_weight`` is 0), where
    :class:`GreedyBot` draws blind as the card does not bring the phase closer.

    In '10 Phases' (announced phases, T-4) the hand goes on to the next phase once the
    current one is shown, so two more things count there: each discard also costs
    ``next_weight`` a step of the hand's distance to the next phase, and an announcement
    keeps its cards or redraws them by the distance to the next phase it leaves: the
    hand's own for keeping, for each distinct redraw the mean over ``redraws`` deals of
    as many cards from the unseen ones (the least wins, keeping first among equals).

    No rollouts: a decision costs a few laydown-distance look-ups per world and card, and
    none when the loss alone decides (feeding costs at most ``feed_weight``, so a card
    that loses more than that beyond the least loss is never weighed, and a card left
    alone is discarded without dealing any world). The bot is deterministic given ``rng``
    (one ``rng.random()`` seeds the worlds of a discard).

    >>> import random, phase10
    >>> state, _ = phase10.play_chance(phase10.new_game(phase10.CLASSIC, 2), random.Random(4))
    >>> v = phase10.view(state, state.current_player)
    >>> bot = CautiousBot()
    >>> bot.act(v, random.Random(1)) == bot.act(v, random.Random(1))
    True

    Attributes:
        worlds: How many deals of the hidden cards a discard is weighed on (at least 1).
        feed_weight: What feeding the next player in every world costs, in steps of
            distance to the phase.
        outs_weight: What one out is worth, in steps of distance.
        passed: How much less likely a deal is for each hidden card the next player holds
            although they let an equal card go this hand (discarded it or left it on the
            discard pile): :func:`phase10.analysis.world_weight`'s ``passed``; 1 ignores
            that evidence.
        declined: How much less likely a deal is when the card the next player last left
            on the discard pile (:attr:`phase10.analysis.Collecting.declined`) would help
            the hand it deals them: a player who takes what helps (as :class:`GreedyBot`
            does) would have taken it; 1 ignores that evidence.
        redraws: '10 Phases' (T-4): how many deals of the unseen cards weigh each way of
            redrawing an announced phase against keeping its cards (0 plays
            :class:`GreedyBot`'s choice).
        next_weight: '10 Phases' (T-4): what a step of distance to the phase after the
            current one costs a discard, in steps of the current phase's distance.
        spare_weight: What a step of distance to the phase with one group a card larger
            costs a discard before the phase is down, in steps of distance; 0 neither
            keeps spares nor takes them from the discard pile.
        near_weight: Once the phase is down, what discarding a number card costs that
            one more card hit on the table would let fit it, in steps of distance.
        table_weight: Before the phase is down, what discarding a number card costs that
            fits a meld on the table, in steps of distance; 0 ignores the table.
    """

    worlds: int = attrs.field(default=10, validator=_whole(1))
    feed_weight: float = attrs.field(default=1.5, validator=_number())
    outs_weight: float = attrs.field(default=0.03, validator=_number())
    passed: float = attrs.field(default=0.25, validator=_number(0.0, 1.0))
    declined: float = attrs.field(default=0.2, validator=_number(0.0, 1.0))
    redraws: int = attrs.field(default=16, validator=_whole(0))
    next_weight: float = attrs.field(default=0.5, validator=_number())
    spare_weight: float = attrs.field(default=1.0, validator=_number())
    near_weight: float = attrs.field(default=1.0, validator=_number())
    table_weight: float = attrs.field(default=1.0, validator=_number())

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        """The greedy action, or at a discard the card that costs least, feeding included.

        In '10 Phases', an announcement as the class docstring says.

        Raises:
            ArgumentError: ``view`` is not a :class:`~phase10.PlayerView`.
            IllegalActionError: the viewer is not the player to act (code ``NOT_YOUR_TURN``).
        """
        actions = _choices(view)
        with work_budget(search_limit=_ENGINE) as decision:
            if len(actions) == 1:
                return actions[0]
            try:
                greedy = _Greedy(view, actions)
                if greedy.step is TurnStep.DRAW and self.spare_weight:
                    return self._draw(greedy, view)
                if greedy.step is not TurnStep.PLAY:
                    return greedy.choose()
                order = greedy.play_order()
                if isinstance(order[0], Announce) and self.redraws:
                    return self._announce(greedy, order, rng)
                if not isinstance(order[0], Discard):
                    return order[0]
                return self._discard(
                    greedy, view, [a for a in order if isinstance(a, Discard)], rng
                )
            except SearchLimitError:
                if not decision:
                    raise
                return _out_of_budget(actions)

    def _announce(self, greedy: _Greedy, order: tuple[Action, ...], rng: random.Random) -> Action:
        """'10 Phases' (T-4): keep the announced cards or redraw, by the distance expected.

        Keeping is weighed by the hand's distance to the next phase; each distinct redraw by
        the mean distance of what is left plus as many cards dealt from the unseen ones,
        over ``redraws`` deals. The least wins, keeping first among equals, then the
        greedy order.
        """
        announces = [a for a in order if isinstance(a, Announce)]
        upcoming = greedy.upcoming()
        if not upcoming:
            return announces[0]  # the last phase: announcing it wins
        hand = greedy.hand
        pool = list(greedy.unseen.elements())
        seed = rng.random()
        rests = {a: None if a.keep else greedy.rest_after(a.laydown) for a in announces}
        expected: dict[tuple[Card, ...] | None, float] = {}
        for rest in rests.values():
            if rest in expected:
                continue
            if rest is None:
                expected[rest] = greedy.distance(hand, upcoming)
                continue
            k = len(hand) - len(rest)
            if len(pool) < k:
                expected[rest] = math.inf  # never in a real game: the stock is reshuffled
                continue
            total = 0
            for i in range(self.redraws):
                dealt = random.Random(f"{seed}:{i}").sample(pool, k)
                total += greedy.distance(sort_cards((*rest, *dealt)), upcoming)
            expected[rest] = total / self.redraws
        place = {a: i for i, a in enumerate(announces)}
        return min(announces, key=lambda a: (expected[rests[a]], not a.keep, place[a]))

    def _draw(self, greedy: _Greedy, view: PlayerView) -> Action:
        """GreedyBot's draw, but before the phase is down a spare on the discard pile is taken.

        A *spare* is a number card that fits the phase once a group of it grows by one
        (:func:`_spare_phases`): it does not bring the phase closer, but it is hit as soon
        as the phase is down (C-14), one card fewer to go out with.
        """
        choice = greedy.choose()
        if isinstance(choice, TakeDiscard) or greedy.laid:
            return choice
        take = next((a for a in greedy.actions if isinstance(a, TakeDiscard)), None)
        top = view.top_discard
        if take is None or top is None or top.kind is not Kind.NUMBER:
            return choice
        hand = greedy.hand
        bigger = _spare_phases(greedy.phases)
        if bigger and greedy.distance(_with(hand, top), bigger) < greedy.distance(hand, bigger):
            return take
        return choice

    def _discard(
        self, greedy: _Greedy, view: PlayerView, order: list[Discard], rng: random.Random
    ) -> Discard:
        """The discard of least loss plus feeding; ``order`` is the greedy order."""
        seed = rng.random()
        first = order[0]
        if first.card.kind is Kind.SKIP:
            return first  # it feeds nobody (C-19): on GreedyBot's leader
        cards = list(dict.fromkeys(a.card for a in order))
        if len(greedy.hand) == 1:
            return first  # going out: nobody draws it
        hand = greedy.hand
        if greedy.laid:
            loss = {c: -0.01 * greedy.points(c) for c in cards}
            if self.near_weight and len(cards) > 1:
                # keep what one more hit on the table would let the hand hit: the way out
                for c in _near_hits(greedy, cards):
                    loss[c] += self.near_weight
        else:
            # the distance first, as GreedyBot: a step is worth more than any number of
            # outs (a hand holds 20 or 30), and feeding is weighed against the outs only
            dist = {c: greedy.distance(_without(hand, c)) for c in cards}
            near = min(dist.values())
            cards = [c for c in cards if dist[c] == near]
            loss = {c: -self.outs_weight * greedy.outs(_without(hand, c), near) for c in cards}
            bigger = _spare_phases(greedy.phases) if self.spare_weight and len(cards) > 1 else ()
            if bigger:
                # of the cards the phase cannot tell apart, keep a spare: it is hit as
                # soon as the phase is down, one card fewer to go out with
                for c in cards:
                    loss[c] += self.spare_weight * greedy.distance(_without(hand, c), bigger)
            if self.table_weight and len(cards) > 1 and greedy.melds():
                # a card that fits a meld on the table is a hit as soon as the phase is
                # down (C-14), as a spare is: in four-player games the table is full
                for c in cards:
                    if c.kind is Kind.NUMBER and greedy.hittable(c):
                        loss[c] += self.table_weight
            upcoming = greedy.upcoming()
            if upcoming and self.next_weight:
                # '10 Phases' (T-4): the hand goes on to the next phase once this is shown
                for c in cards:
                    loss[c] += self.next_weight * greedy.distance(_without(hand, c), upcoming)
        # feeding costs at most feed_weight: a card that loses more than that beyond the
        # least loss can never be chosen, and a card left alone needs no worlds at all
        least = min(loss.values())
        cards = [c for c in cards if loss[c] <= least + abs(self.feed_weight)]
        if len(cards) == 1:
            return next(a for a in order if a.card == cards[0])
        feeds = _feeds(view, cards, next_player(view, view.player), self, seed)
        place = {c: i for i, c in enumerate(cards)}
        best = min(cards, key=lambda c: (loss[c] + self.feed_weight * feeds[c], place[c]))
        return next(a for a in order if a.card == best)


def _spare_phases(phases: Sequence[Phase]) -> tuple[Phase, ...]:
    """Each phase with one group a card larger, for the groups that have a ``size``.

    A hand as close to one of these as to its phase holds a *spare*: a card the phase
    does not need that is hit on its own group as soon as the phase is down (C-14). A
    custom group type whose ``size`` is not an attrs field is left as it is.
    """
    out: list[Phase] = []
    for phase in phases:
        for i, group in enumerate(phase.groups):
            kind: Any = type(group)
            if not attrs.has(kind) or "size" not in attrs.fields_dict(kind):
                continue
            try:
                bigger: GroupType = attrs.evolve(cast(Any, group), size=group.size + 1)
                groups = (*phase.groups[:i], bigger, *phase.groups[i + 1 :])
                out.append(attrs.evolve(phase, groups=groups))
            except Phase10Error:
                continue  # past the limits in force (max_group_size): no spare to count
    return tuple(out)


def _near_hits(greedy: _Greedy, cards: Sequence[Card]) -> set[Card]:
    """The number ``cards`` that one unseen number card hit first would let fit the table.

    A run on the table that ends at 6 takes an 8 once a 7 is hit on it (C-14): holding
    the 8 keeps a way out of the hand open that discarding it would close.
    """
    rules = greedy.rules
    wanted = [c for c in cards if c.kind is Kind.NUMBER]
    out: set[Card] = set()
    if not wanted:
        return out
    unseen = greedy.unseen
    for meld in greedy.melds():  # each fit asked is counted, as laydown_key's are
        spend_steps(_FIT_STEPS * len(unseen), "weighing a discard")
        for u in unseen:
            if u.kind is not Kind.NUMBER or not meld.can_add(u, rules=rules):
                continue
            for option in meld.hit_options(u, rules=rules):
                spend_steps(_FIT_STEPS * len(wanted), "weighing a discard")
                out.update(c for c in wanted if option.meld.can_add(c, rules=rules))
    return out


def _feeds(
    view: PlayerView, cards: Sequence[Card], seat: int, bot: CautiousBot, seed: float
) -> dict[Card, float]:
    """For each card, how likely it is to help ``seat`` (:func:`~phase10.analysis.helpful`).

    Certain for a seat that hits (it is down and the card fits the table); else the
    weighted share of ``bot.worlds`` deals of the hidden cards in which the card helps the
    seat's hand, each deal weighed by :func:`~phase10.analysis.world_weight`.
    """
    out = dict.fromkeys(cards, 0.0)
    if seat == view.player:
        return out
    if may_hit(view, seat):
        for c in helpful(view, seat, cards):
            out[c] = 1.0
        return out
    total = 0.0
    # the last card they left on the discard pile: a hand it would help is less likely
    declined = collecting(view, seat).declined[-1:] if bot.declined < 1 else ()
    for i in range(bot.worlds):
        world = sample_state(view, random.Random(f"{seed}:{i}"))
        w = world_weight(view, world, passed=bot.passed)
        if declined and w and helpful(world, seat, declined):
            w *= bot.declined
        if w:
            total += w
            for c in helpful(world, seat, cards):
                out[c] += w
    if total:
        for c in cards:
            out[c] /= total
    return out


# ----------------------------------------------------------------------------- ISMCTS


@attrs.frozen(kw_only=True)
class ISMCTSBot:
    """Information-set Monte Carlo tree search over the bot's view, with greedy rollouts.

    Each iteration deals the hidden cards at random with :func:`phase10.sample_state` (a
    *determinization*: one full state the view allows), walks down a tree of the bot's own
    decisions, expands one new decision, plays on with the rollout policy for everybody
    (``rollout``: by default :func:`greedy_policy`, :class:`GreedyBot`'s choices read from
    the state) until ``horizon`` turns have ended (or the hand), and scores the result with
    the evaluation (``evaluation``: by default :func:`search_value`, a heuristic: phases
    laid or how close each hand is to its phase, :func:`phase10.analysis.phase_distance`
    and :func:`phase10.analysis.count_outs`, and the points at risk, the bot's score minus
    the best opponent's). The tree is shared by all
    determinizations (single-observer ISMCTS): a decision's children are the bot's actions,
    chosen by UCB1 over the iterations in which they were available.

    The search branches where a greedy player's choice is most often wrong: at a discard
    before the bot's phase is down, among the ``width`` cards :class:`GreedyBot` would give
    up first that keep the hand as close to its phase as the greedy choice does. There the
    greedy choice looks only at the bot's own hand; the search also sees, in each
    determinization, whether the opponent takes the card from the discard pile (or, once
    down, hits it). Draws are searched only with ``search_draws=True``: in the measurements
    (docs/performance.md) a search of the draw at this depth chose worse than GreedyBot's
    rule. Laydowns, hits and the other steps follow :class:`GreedyBot`. The ``k``-th
    visit of every root action plays on the ``k``-th determinization with the same chance
    draws (common random numbers), so the actions are compared on the same guesses; the
    action played has the best mean score, the greedy choice winning ties.

    With the default ``time_limit=None`` the bot is deterministic: the same view and the
    same ``rng`` state give the same action (every determinization is seeded from one
    ``rng.random()`` draw). A ``time_limit`` stops the search early on a slow machine, and
    then the action depends on the machine's speed. A decision also has one work budget,
    counted in steps of laydown search, not seconds: ``iterations`` times
    ``Limits.max_call_steps`` for the whole search (the built-in games' decisions need a
    few million at most); a custom variant's huge hands stop the search when it runs out.

    >>> import random, phase10
    >>> state, _ = phase10.play_chance(phase10.new_game(phase10.CLASSIC, 2), random.Random(4))
    >>> v = phase10.view(state, state.current_player)
    >>> bot = ISMCTSBot(iterations=8)
    >>> bot.act(v, random.Random(1)) == bot.act(v, random.Random(1))
    True

    Attributes:
        iterations: Determinizations searched per decision (at least 1).
        time_limit: Seconds after which the search stops early (it always runs one
            iteration, so 0 means one), or ``None``.
        width: How many discards are searched (the greedy order's first).
        horizon: Turns played out after the decision before the heuristic scores the state.
        exploration: UCB1's exploration constant (0 or more).
        search_draws: Whether to search the draw (take the discard or not) too.
        evaluation: What a state at the end of a rollout is worth to a seat
            (:class:`Evaluation`, ``(state, seat) -> float``, higher better);
            ``None`` for :func:`search_value`.
        rollout: Who plays the rollouts, for every seat: a :class:`StatePolicy`
            (``(state, rng) -> action`` for the state's current player) or a :class:`Bot`
            (given each seat's view, which costs more); ``None`` for :func:`greedy_policy`.
        candidates: The actions the search compares at a decision of the bot's
            (:class:`CandidateMoves`, ``view -> actions``, legal in the view, the one to
            prefer on a tie first; a single action is played without a search); ``None``
            for the built-in choice above (``width``, ``search_draws``).

    Hooks are plain callables (module-level functions or frozen attrs instances, to keep
    the bot picklable), not subclasses:

    >>> def fewest_cards(state, seat):
    ...     return -len(state.players[seat].hand)
    >>> ISMCTSBot(iterations=4, evaluation=fewest_cards).act(v, random.Random(1)) in (
    ...     phase10.legal_actions(v))
    True
    """

    iterations: int = attrs.field(default=24, validator=_whole(1))
    time_limit: float | None = attrs.field(default=None, validator=_seconds)
    width: int = attrs.field(default=3, validator=_whole(1))
    horizon: int = attrs.field(default=2, validator=_whole(1))
    exploration: float = attrs.field(default=0.5, validator=_number(0.0))
    search_draws: bool = False
    evaluation: Evaluation | None = None
    rollout: StatePolicy | Bot | None = None
    candidates: CandidateMoves | None = None

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        """The action with the best mean score in the search from ``view``.

        Raises:
            ArgumentError: ``view`` is not a :class:`~phase10.PlayerView`.
            IllegalActionError: the viewer is not the player to act (code ``NOT_YOUR_TURN``).
        """
        # one budget for the whole search: what one call may spend, per determinization
        limits = current_limits()
        budget = limits.raised(max_call_steps=limits.max_call_steps * self.iterations)
        with work_budget(budget, search_limit=_ENGINE) as decision:
            actions = _choices(view)
            if len(actions) == 1:
                return actions[0]
            try:
                candidates = self._candidates(view, actions)
            except SearchLimitError:
                if not decision:
                    raise
                return _out_of_budget(actions)
            if len(candidates) == 1:
                return candidates[0]
            return _Search(self, view, rng).run(candidates)

    def _candidates(self, view: PlayerView, actions: tuple[Action, ...]) -> tuple[Action, ...]:
        """The hook's candidates (the first legal action if it gives none), or the built-in."""
        if self.candidates is None:
            return _candidates(_Greedy(view, actions), self.width, self.search_draws)
        return tuple(self.candidates(view)) or actions[:1]


def _candidates(greedy: _Greedy, width: int, draws: bool) -> tuple[Action, ...]:
    """The actions worth searching, the greedy choice first."""
    choice = greedy.choose()
    step = greedy.step
    if step is TurnStep.DRAW:
        return (choice, *(a for a in greedy.actions if a != choice)) if draws else (choice,)
    if step is not TurnStep.PLAY or not isinstance(choice, Discard) or greedy.laid:
        return (choice,)
    discards = [a for a in greedy.actions if isinstance(a, Discard)]
    order = greedy.removal_order(list(dict.fromkeys(a.card for a in discards)))
    hand = greedy.hand
    # a card that leaves the hand farther from its phase is never the better discard often
    # enough to be worth the iterations it would take
    keep = greedy.distance(_without(hand, choice.card))
    out: list[Action] = [choice]
    for card in order[:width]:
        if card == choice.card or greedy.distance(_without(hand, card)) > keep:
            continue
        options = [a for a in discards if a.card == card]
        targets = [a.target for a in options if a.target is not None]
        if targets:
            leader = greedy.leader(targets)
            out.append(next(a for a in options if a.target == leader))
        else:
            out.append(options[0])
    return tuple(out)


class _Node:
    """A decision of the searching player: per child action, visits, value and availability."""

    __slots__ = ("children",)

    def __init__(self) -> None:
        self.children: dict[Action, _Child] = {}


class _Child:
    __slots__ = ("avail", "node", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.node = _Node()


class _ViewPolicy:
    """A :class:`Bot` as a state-level policy: it is given the current player's view."""

    __slots__ = ("bot",)

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    def __call__(self, state: GameState, rng: random.Random) -> Action:
        seat = state.current_player
        assert seat is not None
        return self.bot.act(view(state, seat), rng)


class _Search:
    """One :meth:`ISMCTSBot.act`: the tree and the iterations."""

    def __init__(self, bot: ISMCTSBot, view: PlayerView, rng: random.Random):
        self.bot = bot
        self.view = view
        self.me = view.player
        self.seed = rng.random()
        self.evaluation: Evaluation = search_value if bot.evaluation is None else bot.evaluation
        rollout = bot.rollout
        self.policy: StatePolicy = (
            greedy_policy
            if rollout is None
            else _ViewPolicy(rollout)
            if isinstance(rollout, Bot)
            else rollout
        )

    def run(self, root_candidates: tuple[Action, ...]) -> Action:
        bot = self.bot
        root = _Node()
        deadline = None if bot.time_limit is None else time.perf_counter() + bot.time_limit
        for i in range(bot.iterations):
            if deadline is not None and i > 0 and time.perf_counter() > deadline:
                break
            try:
                self.iterate(root, root_candidates)
            except SearchLimitError:
                # the decision's work budget (Limits.max_call_steps) ran out: stop the
                # search as a time limit would; the iteration under way counts for nothing
                break
        # the best mean; the greedy choice (first) wins ties
        visited = [a for a in root_candidates if root.children[a].visits]
        if not visited:
            return root_candidates[0]
        return max(visited, key=lambda a: root.children[a].total / root.children[a].visits)

    def iterate(self, root: _Node, root_candidates: tuple[Action, ...]) -> None:
        # The k-th visit of every root action plays on the k-th determinization (common
        # random numbers): actions are compared on the same guesses and the same draws,
        # so the comparison is not drowned in the luck of the draw.
        first = self.select(root, root_candidates)
        r = random.Random(f"{self.seed}:{first.visits}")
        state = sample_state(self.view, r)
        start_hand = state.hand_number
        path: list[_Child] = [first]
        node = first.node
        action: Action | None = next(a for a in root_candidates if root.children[a] is first)
        candidates: tuple[Action, ...] | None = None
        turns = 0
        expanded = first.visits == 0
        while True:
            if action is None:
                if candidates is not None and not expanded:
                    child = self.select(node, candidates)
                    expanded = child.visits == 0
                    path.append(child)
                    action = next(a for a in candidates if node.children[a] is child)
                    node = child.node
                else:
                    action = self.policy(state, r)
            before = state.turn
            state = apply(state, action)
            action = None
            while state.is_chance and not state.is_over and state.hand_number == start_hand:
                state, _ = play_chance(state, r)
            if state.is_over or state.hand_number != start_hand:
                break
            if state.turn != before:
                turns += 1
                if turns >= self.bot.horizon:
                    break
            candidates = None
            if state.current_player == self.me and not expanded:
                v = view(state, self.me)
                actions = legal_actions(v)
                if len(actions) > 1:
                    candidates = self.bot._candidates(v, actions)
                    if len(candidates) == 1:
                        candidates = None
        value = self.evaluation(state, self.me)
        for child in path:
            child.visits += 1
            child.total += value

    def select(self, node: _Node, candidates: tuple[Action, ...]) -> _Child:
        children = node.children
        fresh: _Child | None = None
        for a in candidates:
            child = children.get(a)
            if child is None:
                child = children[a] = _Child()
            child.avail += 1
            if child.visits == 0 and fresh is None:
                fresh = child
        if fresh is not None:
            return fresh
        c = self.bot.exploration
        return max(
            (children[a] for a in candidates),
            key=lambda ch: ch.total / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits),
        )


# The outs (unseen cards that would bring the hand closer) are worth up to 0.09, just under
# a step of distance, half of it at _OUTS_HALF outs: the first outs count about a tenth of
# a step each. With less, the search gave the opponent the cards they were collecting to
# keep one more out (docs/performance.md).
_OUTS_WORTH: Final = 0.09
_OUTS_HALF: Final = 10


def search_value(state: GameState, seat: int) -> float:
    """:class:`ISMCTSBot`'s default evaluation: ``seat``'s progress less the best opponent's.

    A seat's progress is its phase, plus how far this hand has brought it (a phase down
    counts 0.6 to 1.0, the fewer cards left the more; a phase not down 0.6 less 0.1 a step
    of distance plus under 0.1 for its outs), less a thousandth a point in hand. At the
    deal of the next hand (the hand just ended) the phases count, less 0.002 a point
    scored; a finished game is 2 for a winner. Above 0 when ``seat`` leads.

    >>> import random, phase10
    >>> state, _ = phase10.play_chance(phase10.new_game(phase10.CLASSIC, 2), random.Random(4))
    >>> -1.0 < search_value(state, 0) < 1.0
    True
    """
    scores = [_progress(state, other) for other in range(state.num_players)]
    mine = scores[seat]
    return mine - max(s for other, s in enumerate(scores) if other != seat)


def _progress(state: GameState, seat: int) -> float:
    """The phase, plus how far this hand has brought it, minus the points at risk.

    A phase laid down counts 0.6 to 1.0 (the fewer cards left, the more); a phase not yet
    down counts less than any laid one: 0.6 less 0.1 a step of distance, plus under 0.1 for
    its outs. A laydown therefore always counts more than the hand before it.
    """
    player = state.players[seat]
    variant = state.variant
    if state.is_over:
        return 2.0 if seat in state.winners else 0.0
    if state.step is TurnStep.DEAL:
        # the hand is over (a search stops at the next deal): the phase counts, and the
        # points scored this hand
        return float(player.phase) - 0.002 * player.score
    points = variant.scoring.hand_points(player.hand)
    if player.laid_down or not state.open_phases(seat):
        return player.phase + 1.0 - 0.04 * min(len(player.hand), 10) - 0.001 * points
    rules = variant.meld_rules
    best = -1.0
    unseen: Counter[Card] | None = None
    for index in state.open_phases(seat):
        phase = variant.phases[index]
        d = phase_distance(player.hand, phase, rules=rules)
        value = 0.6 - 0.1 * d
        if d > 0:
            if unseen is None:
                unseen = Counter(state.draw_pile)
                for other, p in enumerate(state.players):
                    if other != seat:
                        unseen.update(p.hand)
            outs = count_outs(player.hand, phase, unseen, rules=rules)
            value += _OUTS_WORTH * outs / (outs + _OUTS_HALF)
        best = max(best, value)
    return player.phase + best - 0.001 * points
