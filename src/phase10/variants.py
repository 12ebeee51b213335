"""Variants: the deck, the phases, the scoring and every rule option of one way to play."""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any

import attrs

from phase10._checks import is_whole
from phase10._enums import member_repr
from phase10._fast import lru_cache
from phase10._messages import Message
from phase10.cards import (
    MASTER_COLORS,
    SUITS,
    WILD,
    Card,
    classic_deck,
    master_deck,
    sort_cards,
    standard_deck,
)
from phase10.errors import DefinitionError, SearchLimitError
from phase10.groups import CLASSIC_MELD_RULES, MeldRules, NaturalScope
from phase10.laydown import find_laydown
from phase10.limits import check_limit, current_limits
from phase10.phases import CLASSIC_PHASES, MASTER_PHASES, TEN_PHASES_PHASES, Phase
from phase10.scoring import CLASSIC_SCORING, Scoring

__all__ = [
    "CLASSIC",
    "MASTER",
    "TEN_PHASES",
    "TEN_PHASES_RUMMY",
    "Advance",
    "LaydownStyle",
    "PhaseOrder",
    "SkipLimit",
    "SkipTarget",
    "TiebreakWin",
    "Variant",
    "built_in_name",
    "find_variant",
    "variant_names",
]


class SkipTarget(enum.Enum):
    """Who a discarded skip is played on (rule option ``skip_target``, C-19)."""

    #: The discarder picks any opponent (the official rules).
    CHOSEN = "chosen"
    #: The next player in turn order.
    NEXT = "next"

    __repr__ = member_repr


class SkipLimit(enum.Enum):
    """How often a player may be skipped (rule option ``skip_limit``, C-20)."""

    #: One skip per player per round: once a skip is played on a player, no other skip may
    #: be played on them until every seat of the hand has taken or lost one turn since
    #: (seed 002).
    ROUND = "round"
    #: At most one skip pending: a player may be skipped again as soon as the skip against
    #: them is spent (Phase 10 Master's M-14).
    PENDING = "pending"

    __repr__ = member_repr


class TiebreakWin(enum.Enum):
    """How the tie-break hand of C-26 is won (rule option ``tiebreak_win``)."""

    #: The first tied player to lay down the last phase wins at once.
    LAYDOWN = "laydown"
    #: The first tied player to go out wins.
    GO_OUT = "go-out"

    __repr__ = member_repr


class PhaseOrder(enum.Enum):
    """In which order players complete the phases."""

    #: Strictly in order (C-5).
    IN_ORDER = "in-order"
    #: Pick-a-phase: any phase not yet completed, each once (V-4).
    PICK = "pick"

    __repr__ = member_repr


class Advance(enum.Enum):
    """Who moves on to the next phase when a hand ends."""

    #: Those who laid down their phase this hand (C-22).
    COMPLETED = "completed"
    #: Everybody, every hand: fixed hands (V-1).
    EVERY_HAND = "every-hand"

    __repr__ = member_repr


class LaydownStyle(enum.Enum):
    """What completing a phase looks like."""

    #: The phase is laid down on the table and can be hit on (C-10, C-14).
    TABLE = "table"
    #: The phase is announced and shown from hand; the game is one long hand ("10 Phases",
    #: T-4, T-5).
    ANNOUNCE = "announce"

    __repr__ = member_repr


def _check_phases(instance: Variant, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, tuple) or not value:
        raise DefinitionError(f"phases must be a non-empty tuple of Phase, got {value!r}")
    for phase in value:
        if not isinstance(phase, Phase):
            raise DefinitionError(f"phases must hold Phase objects, got {phase!r}")


def _check_deck(instance: Variant, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, tuple) or not all(isinstance(c, Card) for c in value):
        raise DefinitionError("deck must be a tuple of Card")


@attrs.frozen(kw_only=True, cache_hash=True, repr=False)
class Variant:
    """One way to play: deck, phases, scoring and rule options, as one immutable value.

    Change options with :func:`attrs.evolve` or :meth:`with_options`; an impossible
    combination raises :class:`~phase10.DefinitionError` when the variant is built.

    >>> CLASSIC.phases == CLASSIC_PHASES
    True
    >>> CLASSIC.with_options(skip_target=SkipTarget.NEXT).skip_target
    SkipTarget.NEXT

    Attributes:
        name: A short name ("classic").
        deck: Every card in play (C-1), in canonical order.
        phases: The phases, completed in order (C-5).
        meld_rules: What makes a meld valid; holds the options ``runs_wrap`` and
            ``natural_minimum``.
        scoring: Penalty points of cards left in hand (C-23).
        hand_size: Cards dealt to each player (C-3).
        min_players: Fewest players (C-2).
        max_players: Most players (C-2).
        skip_target: Option ``skip_target`` (C-19).
        skip_limit: Option ``skip_limit`` (C-20): one skip per player per round (the
            default) or only one pending at a time (Phase 10 Master, M-14).
        hit_others_on_laydown_turn: Option ``hit_others_on_laydown_turn`` (C-14).
        go_out_by_hitting: Option ``go_out_by_hitting`` (C-15).
        tiebreak_win: Option ``tiebreak_win`` (C-26).
        tiebreak_hand: Whether a tie for the win is played off in a tie-break hand (C-26);
            without, the tied players share the win (M-10).
        phase_order: In order (C-5) or pick-a-phase (V-4).
        advance: Who advances when a hand ends (C-22, V-1).
        laydown_style: Lay phases on the table (classic) or announce them ("10 Phases", T-4).
        turn_up_naturals_only: The first discard is never a wild or action card (M-6).
        action_cards: Phase 10 Master's action cards and blue pile are in play (M-11 to M-15).
        decks_per_player: How many copies of :attr:`deck` are shuffled together per player
            ("10 Phases", T-1: one 52-card deck a player); ``0`` (the default) plays
            :attr:`deck` once whatever the number of players. :meth:`deck_for` applies it.
        jokers_per_player: Extra wilds shuffled in per player ("10 Phases", T-1).
        declare_loser: Name a loser at the end ("10 Phases", T-6).
        end_at_last_phase: The game ends the moment a player lays down their last phase,
            the hand unfinished: that player scores 0 and the others the cards in hand (T-5,
            ``ten-phases-rummy``). Otherwise the hand is played out (C-24). Announced phases
            (T-4) always end the game at once.
        max_reshuffles: How many times one hand may reshuffle the discard pile (C-16) before
            it ends without a winner; ``None`` (the default) for no limit. Phase 10 Master
            sets 10: there, legal play can leave a hand that nobody can ever go out of.
        max_hands: Option ``max_hands`` (C-24): after this many hands (tie-break hands
            not counted) the game ends and the lowest total of all players wins, ties
            played off as C-26; phases progress as usual (C-22, not V-1). A player who
            completes the last phase in an earlier hand ends the game as C-24 says.
            ``None`` (the default) plays until a player completes the last phase; seed
            001's short classic text plays 10 (the built-in ``classic-10-hands``).
        max_hand_turns: The hand bound (C-16, a library choice): a hand that has lasted
            this many turns ends without a winner, scored like a hand with nothing left to
            draw (nobody scores, laid phases count), so that every hand ends: legal play
            can reach a position nobody can ever go out of, and taking the discard and
            discarding it again never reshuffles. Every built-in variant sets 1,000, far
            beyond a real hand (a few dozen turns); ``None`` for no bound.

    Raises:
        DefinitionError: a field is out of range or the options cannot work together.
        LimitError: ``max_players``, ``hand_size``, ``jokers_per_player``, the number of
            phases or the cards in play are above the limits in force
            (:func:`phase10.use_limits`); a phase is so hard to search that
            checking it can be completed passes ``max_search_nodes``.
    """

    name: str = "classic"
    deck: tuple[Card, ...] = attrs.field(factory=classic_deck, validator=_check_deck)
    phases: tuple[Phase, ...] = attrs.field(default=CLASSIC_PHASES, validator=_check_phases)
    meld_rules: MeldRules = CLASSIC_MELD_RULES
    scoring: Scoring = CLASSIC_SCORING
    hand_size: int = 10
    min_players: int = 2
    max_players: int = 6
    skip_target: SkipTarget = SkipTarget.CHOSEN
    skip_limit: SkipLimit = SkipLimit.ROUND
    hit_others_on_laydown_turn: bool = True
    go_out_by_hitting: bool = False
    tiebreak_win: TiebreakWin = TiebreakWin.LAYDOWN
    tiebreak_hand: bool = True
    phase_order: PhaseOrder = PhaseOrder.IN_ORDER
    advance: Advance = Advance.COMPLETED
    laydown_style: LaydownStyle = LaydownStyle.TABLE
    turn_up_naturals_only: bool = False
    action_cards: bool = False
    jokers_per_player: int = 0
    decks_per_player: int = 0
    declare_loser: bool = False
    end_at_last_phase: bool = False
    max_reshuffles: int | None = None
    max_hand_turns: int | None = 1000
    max_hands: int | None = None

    def __repr__(self) -> str:
        # A built-in variant reads back as its name; a custom one lists its fields.
        if self.name in _BUILT_IN and built_in_name(self) is not None:
            return f"find_variant({self.name!r})"
        fields = ", ".join(f"{a.name}={getattr(self, a.name)!r}" for a in attrs.fields(Variant))
        return f"Variant({fields})"

    def deck_for(self, num_players: int) -> tuple[Card, ...]:
        """The cards in play with ``num_players`` players, in canonical order (T-1).

        With ``decks_per_player`` the deck is repeated that many times per player, so
        identical cards occur; with ``jokers_per_player`` wilds are added per player.

        >>> len(TEN_PHASES.deck_for(2)), TEN_PHASES.deck_for(2).count(Card.parse("5H"))
        (108, 2)
        """
        if not self.jokers_per_player and not self.decks_per_player:
            return self.deck
        return _deck_for(self.deck, self.decks_per_player, self.jokers_per_player, num_players)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.meld_rules, MeldRules):
            raise DefinitionError(f"meld_rules must be a MeldRules, got {self.meld_rules!r}")
        # MeldRules does not type-check these two options itself, so with_options(
        # natural_minimum="phase") used to build a variant that silently played per group.
        if not isinstance(self.meld_rules.runs_wrap, bool):
            raise DefinitionError(f"runs_wrap must be True or False, got {self.runs_wrap!r}")
        if not isinstance(self.meld_rules.natural_minimum, NaturalScope):
            raise DefinitionError(
                f"natural_minimum must be a NaturalScope, got {self.natural_minimum!r}"
            )
        if not isinstance(self.scoring, Scoring):
            raise DefinitionError(f"scoring must be a Scoring, got {self.scoring!r}")
        if not isinstance(self.skip_target, SkipTarget):
            raise DefinitionError(f"skip_target must be a SkipTarget, got {self.skip_target!r}")
        if not isinstance(self.skip_limit, SkipLimit):
            raise DefinitionError(f"skip_limit must be a SkipLimit, got {self.skip_limit!r}")
        if not isinstance(self.tiebreak_win, TiebreakWin):
            raise DefinitionError(f"tiebreak_win must be a TiebreakWin, got {self.tiebreak_win!r}")
        for name, kind in (
            ("phase_order", PhaseOrder),
            ("advance", Advance),
            ("laydown_style", LaydownStyle),
        ):
            if not isinstance(getattr(self, name), kind):
                raise DefinitionError(
                    f"{name} must be a {kind.__name__}, got {getattr(self, name)!r}"
                )
        if self.max_reshuffles is not None and not is_whole(self.max_reshuffles, 0):
            raise DefinitionError(
                f"max_reshuffles must be None or a whole number >= 0, got {self.max_reshuffles!r}"
            )
        if self.max_hand_turns is not None and not is_whole(self.max_hand_turns, 1):
            raise DefinitionError(
                f"max_hand_turns must be None or a whole number >= 1, got {self.max_hand_turns!r}"
            )
        if self.max_hands is not None and not is_whole(self.max_hands, 1):
            raise DefinitionError(
                f"max_hands must be None or a whole number >= 1, got {self.max_hands!r}"
            )
        if not is_whole(self.jokers_per_player, 0):
            raise DefinitionError(
                f"jokers_per_player must be a whole number >= 0, got {self.jokers_per_player!r}"
            )
        if not is_whole(self.decks_per_player, 0):
            raise DefinitionError(
                f"decks_per_player must be a whole number >= 0, got {self.decks_per_player!r}"
            )
        if self.end_at_last_phase is True and self.advance is Advance.EVERY_HAND:
            raise DefinitionError(
                "ending the game when a player lays down the last phase (end_at_last_phase) "
                "needs advance=COMPLETED: with advance=EVERY_HAND a hand may end with several "
                "players past the last phase"
            )
        if self.phase_order is PhaseOrder.PICK and self.advance is Advance.EVERY_HAND:
            raise DefinitionError(
                "pick-a-phase (phase_order=PICK) lets each player choose the phase; it cannot "
                "be combined with everybody advancing every hand (advance=EVERY_HAND)"
            )
        if self.laydown_style is LaydownStyle.ANNOUNCE and (
            self.phase_order is not PhaseOrder.IN_ORDER or self.advance is not Advance.COMPLETED
        ):
            raise DefinitionError(
                "announced phases (laydown_style=ANNOUNCE) are completed in order within one "
                "long hand: phase_order must be IN_ORDER and advance COMPLETED"
            )
        for name in (
            "hit_others_on_laydown_turn",
            "go_out_by_hitting",
            "tiebreak_hand",
            "turn_up_naturals_only",
            "action_cards",
            "declare_loser",
            "end_at_last_phase",
        ):
            if not isinstance(getattr(self, name), bool):
                raise DefinitionError(f"{name} must be True or False")
        if not is_whole(self.hand_size, 1):
            raise DefinitionError(f"hand_size must be a whole number >= 1, got {self.hand_size!r}")
        if not is_whole(self.min_players, 2) or not is_whole(self.max_players, self.min_players):
            raise DefinitionError(
                f"players must satisfy 2 <= min_players <= max_players, "
                f"got {self.min_players!r}..{self.max_players!r}"
            )
        _check_limits(self)
        for players in (self.min_players, self.max_players):
            needed = players * self.hand_size + 2
            deck = self.deck_for(players)
            if len(deck) < needed:
                raise DefinitionError(
                    f"a deck of {len(deck)} cards cannot deal {self.hand_size} cards to "
                    f"{players} players and leave a draw and a discard pile "
                    f"(needs at least {needed})"
                )
        game = self.meld_rules.game
        for card in sorted(set(self.deck_for(self.max_players))):
            if not game.has(card):  # the rules would refuse it in every meld and hand
                raise DefinitionError(
                    f"the deck holds {card}, which is not a card of {game.name} (the game "
                    "meld_rules' colours and max_number describe)"
                )
        check_limit(self.max_players, "max_players", "max_players")
        check_limit(self.hand_size, "max_hand_size", "hand_size")
        _check_possible(self)

    @property
    def runs_wrap(self) -> bool:
        """Option ``runs_wrap`` (C-7): whether a run may continue from 12 to 1."""
        return self.meld_rules.runs_wrap

    @property
    def natural_minimum(self) -> NaturalScope:
        """Option ``natural_minimum`` (C-17): natural cards counted per phase, group or not."""
        return self.meld_rules.natural_minimum

    def describe(self, *, lang: str = "en") -> tuple[str, ...]:
        """The rules of this variant in plain sentences, each citing its rule IDs.

        Every sentence is written from the variant's options, so that what a player is told
        (``phase10 play``'s ``help``, the docs) is what the engine plays. The phases are
        not listed (see :attr:`phases`). The sentences are :meth:`rule_messages` rendered in
        ``lang`` (``en``, ``hu``, ``ru``, ``ro`` or ``es``; English for any other code).

        >>> CLASSIC.describe(lang="es")[-1].startswith("Puntuación:")
        True

        >>> phase = "the phase laid down needs at least one natural card (C-17)"
        >>> any(phase in s for s in CLASSIC.describe())
        True
        >>> per_group = CLASSIC.with_options(natural_minimum=NaturalScope.GROUP)
        >>> any("every group needs at least one natural card" in s for s in per_group.describe())
        True
        """
        return tuple(message.text(lang) for message in _describe(self))

    def rule_messages(self) -> tuple[Message, ...]:
        """The sentences of :meth:`describe` as data: a message id and parameters each.

        An app renders them in a player's language with ``Message.text(lang)`` or from
        its own catalogue keyed on the ids (:doc:`/howto/messages`).

        >>> CLASSIC.rule_messages()[0].id
        'rules.turn.table'
        """
        return _describe(self)

    def with_options(self, **options: Any) -> Variant:
        """Return a copy with rule options changed by name.

        Accepts every field of :class:`Variant` plus ``runs_wrap`` and ``natural_minimum``,
        which live in :attr:`meld_rules`.

        >>> CLASSIC.with_options(runs_wrap=True).runs_wrap
        True

        Raises:
            DefinitionError: an unknown option, or a value the variant refuses.
        """
        meld_changes = {k: options.pop(k) for k in ("runs_wrap", "natural_minimum") if k in options}
        known = {a.name for a in attrs.fields(Variant)}
        unknown = sorted(set(options) - known)
        if unknown:
            raise DefinitionError(
                f"unknown option(s) {', '.join(unknown)}; known: "
                f"{', '.join(sorted(known | {'runs_wrap', 'natural_minimum'}))}"
            )
        if meld_changes:
            try:
                options["meld_rules"] = attrs.evolve(
                    options.get("meld_rules", self.meld_rules), **meld_changes
                )
            except (TypeError, ValueError) as exc:
                raise DefinitionError(str(exc)) from None
        return attrs.evolve(self, **options)


def _turn_sentences(variant: Variant) -> list[Message]:
    if variant.laydown_style is LaydownStyle.ANNOUNCE:
        return [Message.of("rules.turn.announce"), Message.of("rules.turn.announce-phase")]
    out = [Message.of("rules.turn.table")]
    out.append(
        Message.of("rules.hit.any" if variant.hit_others_on_laydown_turn else "rules.hit.own")
    )
    if variant.go_out_by_hitting:
        out.append(Message.of("rules.out.any"))
    elif variant.action_cards:
        out.append(Message.of("rules.out.action"))
    else:
        out.append(Message.of("rules.out.discard"))
    return out


def _hand_sentences(variant: Variant) -> list[Message]:
    if variant.laydown_style is LaydownStyle.ANNOUNCE:
        return []
    if variant.advance is Advance.EVERY_HAND:
        return [Message.of("rules.hand.everybody")]
    return [Message.of("rules.hand.laid-down")]


def _end_sentences(variant: Variant) -> list[Message]:
    last = Message.of("rules.last.ten" if len(variant.phases) == 10 else "rules.last.last")
    if variant.laydown_style is LaydownStyle.ANNOUNCE:
        out = [Message.of("rules.end.announce", last=last)]
    elif variant.end_at_last_phase:
        out = [Message.of("rules.end.at-last", last=last)]
    elif variant.advance is Advance.EVERY_HAND:
        out = [Message.of("rules.end.every-hand", last=last)]
    elif variant.phase_order is PhaseOrder.PICK:
        out = [Message.of("rules.end.pick")]
    else:
        out = [Message.of("rules.end.last", last=last)]
    if variant.max_hands is not None:
        out.append(Message.of("rules.end.max-hands", count=variant.max_hands))
    # an announcement or end_at_last_phase ends the game for one player: nobody ties
    if variant.laydown_style is LaydownStyle.TABLE and not variant.end_at_last_phase:
        if variant.tiebreak_hand:
            out.append(Message.of("rules.end.tie-break", last=last))
        else:
            out.append(Message.of("rules.end.share"))
    if variant.declare_loser:
        out.append(Message.of("rules.end.loser"))
    return out


def _group_sentences(variant: Variant) -> list[Message]:
    rules = variant.meld_rules
    wrap = (
        Message.of("rules.wrap.yes", max=rules.max_number)
        if rules.runs_wrap
        else Message.of("rules.wrap.no")
    )
    colours = Message.of("rules.colours.suits" if rules.colors == SUITS else "rules.colours.one")
    out = [Message.of("rules.groups", wrap=wrap, colours=colours)]
    ranged = any(c.is_wild and c.wild_numbers is not None for c in variant.deck)
    wild = Message.of("rules.wild.ranged" if ranged else "rules.wild.any")
    scope = rules.natural_minimum
    if scope is NaturalScope.NONE:
        out.append(Message.of("rules.natural.none", wild=wild))
    elif scope is NaturalScope.PHASE:
        out.append(Message.of("rules.natural.phase", wild=wild))
    elif rules.naturals_in_sets == rules.naturals_in_runs == 1:
        out.append(Message.of("rules.natural.group", wild=wild))
    else:
        out.append(
            Message.of(
                "rules.natural.counts",
                wild=wild,
                sets=_word(rules.naturals_in_sets),
                runs=_word(rules.naturals_in_runs),
            )
        )
    return out


def _word(n: int) -> Message | int:
    return Message.of(f"rules.word.{n}") if n < 4 else n


def _card_sentences(variant: Variant) -> list[Message]:
    out = []
    if any(c.is_skip for c in variant.deck):
        out.append(
            Message.of(
                "rules.skip.next" if variant.skip_target is SkipTarget.NEXT else "rules.skip.chosen"
            )
        )
        out.append(
            Message.of(
                "rules.skip.round" if variant.skip_limit is SkipLimit.ROUND else "rules.skip.one"
            )
        )
    if variant.action_cards:
        out.append(Message.of("rules.action-cards"))
    return out


def _bound_sentences(variant: Variant) -> list[Message]:
    out = []
    if variant.max_reshuffles is not None:
        out.append(Message.of("rules.reshuffles", count=variant.max_reshuffles))
    if variant.max_hand_turns is not None:
        out.append(Message.of("rules.hand-turns", count=variant.max_hand_turns))
    return out


def _scoring_sentence(variant: Variant) -> Message:
    scoring = variant.scoring
    points: Message
    if scoring.per_card is not None:
        points = Message.of("rules.points.per-card", count=scoring.per_card)
    else:
        numbers = {
            "low": scoring.low,
            "below": scoring.high_from - 1,
            "high": scoring.high,
            "high_from": scoring.high_from,
            "wild": scoring.wild,
        }
        if any(c.is_skip for c in variant.deck):
            points = Message.of("rules.points.numbers-skip", skip=scoring.skip, **numbers)
        else:
            points = Message.of("rules.points.numbers", **numbers)
    announce = variant.laydown_style is LaydownStyle.ANNOUNCE
    first = Message.of("rules.first.winner" if announce else "rules.first.out")
    return Message.of("rules.scoring", first=first, points=points)


@lru_cache(
    maxsize=64,
    key="a `Variant`",
    why="the rule sentences are derived from the variant's options only",
)
def _describe(variant: Variant) -> tuple[Message, ...]:
    return (
        *_turn_sentences(variant),
        *_hand_sentences(variant),
        *_end_sentences(variant),
        *_group_sentences(variant),
        *_card_sentences(variant),
        *_bound_sentences(variant),
        _scoring_sentence(variant),
    )


@lru_cache(
    maxsize=64,
    key="`(deck, decks_per_player, jokers_per_player, players)`",
    why="a deck is a tuple of immutable cards derived from these only",
)
def _deck_for(
    deck: tuple[Card, ...], decks_per_player: int, jokers_per_player: int, num_players: int
) -> tuple[Card, ...]:
    copies = decks_per_player * num_players if decks_per_player else 1  # rule T-1
    return sort_cards(deck * copies + (WILD,) * (jokers_per_player * num_players))


def _check_limits(variant: Variant) -> None:
    """Refuse numbers above the limits in force, before the deck is built or searched.

    Too many players or cards dealt for the deck are a DefinitionError (checked next); the
    limits on them apply to decks large enough.
    """
    limits = current_limits()
    check_limit(variant.jokers_per_player, "max_jokers", "jokers_per_player", limits)
    check_limit(len(variant.phases), "max_phases", "phases", limits)
    check_limit(len(variant.deck), "max_deck_size", "deck", limits)
    copies = variant.decks_per_player * variant.max_players if variant.decks_per_player else 1
    check_limit(
        len(variant.deck) * copies + variant.jokers_per_player * variant.max_players,
        "max_deck_size",
        "deck",
        limits,
        where=" (with decks_per_player and jokers_per_player for max_players)",
    )


#: The (deck, phase, meld rules) of the variants this module defines at import, which are
#: not searched then (that search was half of ``import phase10``): the tests check that
#: each of them can be completed (tests/test_variants.py), and a variant made later of
#: the same three, as the shortened built-in variants are, is not searched either.
_DEFINED: set[tuple[tuple[Card, ...], Phase, MeldRules]] = set()
_defining = True  # while this module defines CLASSIC, MASTER and the '10 Phases' games


def _check_possible(variant: Variant) -> None:
    """Refuse phases that no hand can ever complete with this deck."""
    deck = variant.deck_for(variant.max_players)
    most = variant.hand_size + 1
    # one budget shared by the phases, but at least a fifth of it each: the built-in decks
    # need under 1,000 steps a phase, large custom decks and phases some 15,000
    nodes = current_limits().max_search_nodes
    budget = max(nodes // len(variant.phases), nodes // 5, 1)
    for number, phase in enumerate(variant.phases, 1):
        if phase.size > most:
            raise DefinitionError(
                f"phase {number} ({phase}) needs {phase.size} cards, but a player never holds "
                f"more than {most}"
            )
        known = (deck, phase, variant.meld_rules)
        if _defining:
            _DEFINED.add(known)
        if known in _DEFINED:
            continue
        try:
            found = _possible(deck, phase, variant.meld_rules, budget)
        except SearchLimitError as exc:
            raise SearchLimitError(
                f"phases[{number - 1}]: checking that phase {number} ({phase}) can be completed "
                f"with this deck took more than {budget} search steps (its share of "
                "Limits.max_search_nodes)",
                path=f"phases[{number - 1}]",
                limit=exc.limit,
                maximum=exc.maximum,
                value=exc.value,
            ) from None
        if found is None:
            raise DefinitionError(
                f"phase {number} ({phase}) can never be completed: no {most} cards of this deck "
                "form it"
            )


@lru_cache(
    maxsize=256,
    key="`(deck, Phase, MeldRules, budget)`",
    why="whether a deck can ever complete a phase follows from these only",
)
def _possible(deck: tuple[Card, ...], phase: Phase, rules: MeldRules, budget: int) -> object:
    limits = current_limits().raised(max_search_nodes=budget)
    return find_laydown(deck, phase, rules=rules, limits=limits)


#: The classic 108-card game with the defaults of the rules digest (official Fundex options).
CLASSIC = Variant()


#: Phase 10 Master (M-1 to M-15): ranged jokers, action cards, 1 point a card.
MASTER = Variant(
    name="master",
    deck=master_deck(),
    phases=MASTER_PHASES,
    # rule M-4: every set holds a natural card and every run two, each group on its own
    meld_rules=MeldRules(
        colors=MASTER_COLORS, naturals_in_runs=2, natural_minimum=NaturalScope.GROUP
    ),
    scoring=Scoring(per_card=1),  # rule M-8
    turn_up_naturals_only=True,  # rule M-6
    action_cards=True,  # rules M-11 to M-15
    skip_limit=SkipLimit.PENDING,  # rule M-14: at most one skip in front of a player
    tiebreak_hand=False,  # rule M-10: ties go to fewer penalty points
    go_out_by_hitting=False,  # rule M-7: every turn ends with a discard or an action card
    max_reshuffles=10,  # a kept two-card hand can deadlock a hand (documented)
)

#: "10 Phases" with a standard 52-card deck and 2 jokers per player (T-1 to T-6).
TEN_PHASES = Variant(
    name="ten-phases",
    deck=standard_deck(jokers=0),
    decks_per_player=1,  # rule T-1
    jokers_per_player=2,  # rule T-1
    phases=TEN_PHASES_PHASES,
    # rule T-3: A low only; rule T-1: jokers are free cards, with no natural-card minimum
    meld_rules=MeldRules(max_number=13, colors=SUITS, natural_minimum=NaturalScope.NONE),
    scoring=Scoring(low=5, high=10, high_from=10, wild=25, skip=0),  # rule T-5
    max_players=4,  # rule T-1
    laydown_style=LaydownStyle.ANNOUNCE,  # rule T-4
    tiebreak_hand=False,
    declare_loser=True,  # rule T-6
)

#: "10 Phases" played rummy-style (T-4): T-1's decks, T-3's phases laid on the table and hit
#: on as in C-12 to C-15, hands ending when a player goes out; the game ends the moment a
#: player lays down phase 10, scored as T-5, with a loser (T-6).
TEN_PHASES_RUMMY = TEN_PHASES.with_options(
    name="ten-phases-rummy",
    laydown_style=LaydownStyle.TABLE,  # rule T-4, the rummy-style variant
    end_at_last_phase=True,  # rule T-5: the game ends when a player completes phase 10
)
_defining = False


def _classic_first(n: int) -> Variant:
    return CLASSIC.with_options(name=f"classic-first-{n}", phases=CLASSIC_PHASES[:n])


def _master_first(n: int) -> Variant:
    # V-2 applied to Master: a library addition (no seed shortens Master), for short games
    # to test and train on
    return MASTER.with_options(name=f"master-first-{n}", phases=MASTER.phases[:n])


#: The shortened forms find_variant knows: ``PREFIX-N`` plays the first N phases of a game.
_FIRST_N: dict[str, tuple[Callable[[int], Variant], int]] = {
    "classic-first-": (_classic_first, len(CLASSIC_PHASES)),
    "master-first-": (_master_first, len(MASTER.phases)),
}


_BUILT_IN: dict[str, Callable[[], Variant]] = {
    "classic": lambda: CLASSIC,
    "classic-fixed-hands": lambda: CLASSIC.with_options(  # rule V-1
        name="classic-fixed-hands", advance=Advance.EVERY_HAND
    ),
    "classic-first-5": lambda: _classic_first(5),  # rule V-2
    "classic-first-8": lambda: _classic_first(8),  # rule V-2
    "classic-even": lambda: CLASSIC.with_options(  # rule V-3
        name="classic-even", phases=CLASSIC_PHASES[1::2]
    ),
    "classic-odd": lambda: CLASSIC.with_options(  # rule V-3
        name="classic-odd", phases=CLASSIC_PHASES[0::2]
    ),
    "classic-pick": lambda: CLASSIC.with_options(  # rule V-4
        name="classic-pick", phase_order=PhaseOrder.PICK
    ),
    # rule C-24, seed 001's short classic text: the fewest points after 10 hands wins
    "classic-10-hands": lambda: CLASSIC.with_options(name="classic-10-hands", max_hands=10),
    "master": lambda: MASTER,
    "ten-phases": lambda: TEN_PHASES,
    "ten-phases-rummy": lambda: TEN_PHASES_RUMMY,
}


def variant_names(*, shortened: bool = False) -> tuple[str, ...]:
    """The names :func:`find_variant` knows, built-in variants first.

    With ``shortened``, every ``classic-first-N`` and ``master-first-N`` too: each name as
    a variant of that name writes it (the names a JSON document may give).

    >>> variant_names()[:3]
    ('classic', 'classic-fixed-hands', 'classic-first-5')
    >>> len(variant_names(shortened=True)) - len(variant_names())
    18
    """
    names = dict.fromkeys(_BUILT_IN)
    if shortened:
        names.update(
            dict.fromkeys(
                f"{p}{n}" for p, (_, most) in _FIRST_N.items() for n in range(1, most + 1)
            )
        )
    return tuple(names)


def built_in_name(variant: Variant) -> str | None:
    """The name of the built-in variant ``variant`` is, its phases' names included, or ``None``.

    A variant is equal to another whatever its phases are called (the names are for
    display), but a laydown names its phase: a built-in variant with a phase renamed is
    a custom variant, written in full in JSON and records (issue 23).

    >>> built_in_name(CLASSIC), built_in_name(CLASSIC.with_options(max_hands=3))
    ('classic', None)
    """
    name = variant.name
    try:
        found = find_variant(name)
    except DefinitionError:
        return None
    if found.name != name or not (found is variant or found == variant):
        return None
    same = all(a.same_as(b) for a, b in zip(found.phases, variant.phases, strict=True))
    return name if same else None


@lru_cache(
    maxsize=64,
    key="a variant name",
    why="the built-in variants are immutable values; an unknown name raises, so is not kept",
)
def find_variant(name: str) -> Variant:
    """A built-in variant by name; ``classic-first-N`` stops after phase N (V-2).

    ``master-first-N`` plays the first N phases of Phase 10 Master (V-2 applied to Master,
    a library addition: short Master games to test and train on).

    >>> find_variant("master").name
    'master'
    >>> len(find_variant("classic-first-3").phases)
    3
    >>> find_variant("master-first-1").phases[0].name
    '4 pairs'

    Raises:
        DefinitionError: no variant has that name.
    """
    if not isinstance(name, str):
        raise DefinitionError(f"a variant name is a str, got {name!r}")
    key = name.strip().lower()
    if key in _BUILT_IN:
        return _BUILT_IN[key]()
    for prefix, (make, most) in _FIRST_N.items():
        digits = key[len(prefix) :]
        written = key.startswith(prefix) and digits.isascii() and digits.isdigit()
        if written and len(digits) < 4 and 1 <= int(digits) <= most:
            return make(int(digits))
    shortened = " and ".join(f"{p}N for N from 1 to {most}" for p, (_, most) in _FIRST_N.items())
    raise DefinitionError(
        f"unknown variant {name!r}; known: {', '.join(variant_names())} (and {shortened})"
    )
