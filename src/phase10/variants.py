"""Variants: the deck, the phases, the scoring and every rule option of one way to play."""

from __future__ import annotations

import enum
from typing import Any

import attrs

from phase10._checks import is_whole
from phase10.cards import Card, classic_deck
from phase10.errors import DefinitionError
from phase10.groups import CLASSIC_MELD_RULES, MeldRules, NaturalScope
from phase10.phases import CLASSIC_PHASES, Phase
from phase10.scoring import CLASSIC_SCORING, Scoring

__all__ = ["CLASSIC", "SkipTarget", "TiebreakWin", "Variant"]


class SkipTarget(enum.Enum):
    """Who a discarded skip is played on (rule option ``skip_target``, C-19)."""

    #: The discarder picks any opponent (the official rules).
    CHOSEN = "chosen"
    #: The next player in turn order.
    NEXT = "next"


class TiebreakWin(enum.Enum):
    """How the tie-break hand of C-26 is won (rule option ``tiebreak_win``)."""

    #: The first tied player to lay down the last phase wins at once.
    LAYDOWN = "laydown"
    #: The first tied player to go out wins.
    GO_OUT = "go-out"


def _check_phases(instance: Variant, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, tuple) or not value:
        raise DefinitionError(f"phases must be a non-empty tuple of Phase, got {value!r}")
    for phase in value:
        if not isinstance(phase, Phase):
            raise DefinitionError(f"phases must hold Phase objects, got {phase!r}")


def _check_deck(instance: Variant, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, tuple) or not all(isinstance(c, Card) for c in value):
        raise DefinitionError("deck must be a tuple of Card")


@attrs.frozen(kw_only=True, cache_hash=True)
class Variant:
    """One way to play: deck, phases, scoring and rule options, as one immutable value.

    Change options with :func:`attrs.evolve` or :meth:`with_options`; an impossible
    combination raises :class:`~phase10.DefinitionError` when the variant is built.

    >>> CLASSIC.phases == CLASSIC_PHASES
    True
    >>> CLASSIC.with_options(skip_target=SkipTarget.NEXT).skip_target
    <SkipTarget.NEXT: 'next'>

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
        hit_others_on_laydown_turn: Option ``hit_others_on_laydown_turn`` (C-14).
        go_out_by_hitting: Option ``go_out_by_hitting`` (C-15).
        tiebreak_win: Option ``tiebreak_win`` (C-26).

    Raises:
        DefinitionError: a field is out of range or the options cannot work together.
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
    hit_others_on_laydown_turn: bool = True
    go_out_by_hitting: bool = True
    tiebreak_win: TiebreakWin = TiebreakWin.LAYDOWN

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.meld_rules, MeldRules):
            raise DefinitionError(f"meld_rules must be a MeldRules, got {self.meld_rules!r}")
        if not isinstance(self.scoring, Scoring):
            raise DefinitionError(f"scoring must be a Scoring, got {self.scoring!r}")
        if not isinstance(self.skip_target, SkipTarget):
            raise DefinitionError(f"skip_target must be a SkipTarget, got {self.skip_target!r}")
        if not isinstance(self.tiebreak_win, TiebreakWin):
            raise DefinitionError(f"tiebreak_win must be a TiebreakWin, got {self.tiebreak_win!r}")
        for name in ("hit_others_on_laydown_turn", "go_out_by_hitting"):
            if not isinstance(getattr(self, name), bool):
                raise DefinitionError(f"{name} must be True or False")
        if not is_whole(self.hand_size, 1):
            raise DefinitionError(f"hand_size must be a whole number >= 1, got {self.hand_size!r}")
        if not is_whole(self.min_players, 2) or not is_whole(self.max_players, self.min_players):
            raise DefinitionError(
                f"players must satisfy 2 <= min_players <= max_players, "
                f"got {self.min_players!r}..{self.max_players!r}"
            )
        needed = self.max_players * self.hand_size + 2
        if len(self.deck) < needed:
            raise DefinitionError(
                f"a deck of {len(self.deck)} cards cannot deal {self.hand_size} cards to "
                f"{self.max_players} players and leave a draw and a discard pile "
                f"(needs at least {needed})"
            )

    @property
    def runs_wrap(self) -> bool:
        """Option ``runs_wrap`` (C-7): whether a run may continue from 12 to 1."""
        return self.meld_rules.runs_wrap

    @property
    def natural_minimum(self) -> NaturalScope:
        """Option ``natural_minimum`` (C-17): natural cards counted per group or per phase."""
        return self.meld_rules.natural_minimum

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


#: The classic 108-card game with the defaults of the rules digest (official Fundex options).
CLASSIC = Variant()
