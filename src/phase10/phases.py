"""Phases: ordered lists of group types a player must lay down together (C-5, C-9, C-10)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence

import attrs

from phase10 import _pictures
from phase10.cards import Card, Color, sort_cards
from phase10.errors import DefinitionError, InvalidMeldError, MeldProblem, Message, NotationError
from phase10.groups import (
    CLASSIC_MELD_RULES,
    ColorGroupOf,
    ColorRunOf,
    GroupType,
    Meld,
    MeldRules,
    RedOrBlackOf,
    Repeat,
    RunOf,
    SetOf,
    Shape,
    group_message,
)
from phase10.limits import DEFAULT_LIMITS, Limits, check_limit, use_limits

__all__ = [
    "CLASSIC_PHASES",
    "MASTER_PHASES",
    "TEN_PHASES_PHASES",
    "Phase",
    "PhaseMelds",
    "meld_colors",
    "meld_order",
    "phase_message",
]


def _to_groups(value: Iterable[GroupType]) -> tuple[GroupType, ...]:
    if isinstance(value, str) or not isinstance(value, Iterable):  # type: ignore[unreachable,redundant-expr]
        raise DefinitionError(f"a phase needs an iterable of group types, got {value!r}")
    return tuple(value)


def _check_groups(instance: Phase, attribute: attrs.Attribute[object], value: object) -> None:
    assert isinstance(value, tuple)
    if not value:
        raise DefinitionError("a phase needs at least one group")
    check_limit(len(value), "max_groups_per_phase", "groups")
    for i, group in enumerate(value):
        if not isinstance(group, GroupType):
            raise DefinitionError(
                f"{group!r} is not a group type: it needs a 'size' and a 'shapes(rules)' method"
            )
        try:
            hash(group)
        except TypeError:
            raise DefinitionError(
                f"group type {group!r} must be hashable (use @attrs.frozen)"
            ) from None
        size = group.size
        if type(size) is int:
            check_limit(size, "max_group_size", f"groups[{i}].size")


def phase_message(phase: Phase) -> Message:
    """What ``phase`` asks for, as a :class:`~phase10.Message` to translate.

    Equal groups side by side are counted ("2 sets of 3"); a phase that wants its groups in
    different colours (T-3) says so.

    >>> phase_message(CLASSIC_PHASES[0]).text(), phase_message(CLASSIC_PHASES[1]).text()
    ('2 sets of 3', 'set of 3 and run of 4')
    """
    parts: list[Message] = []
    groups = phase.groups
    i = 0
    while i < len(groups):
        j = i
        while j < len(groups) and groups[j] == groups[i]:
            j += 1
        parts.append(group_message(groups[i], j - i))
        i = j
    key = "phase.distinct" if phase.distinct_colors else "phase.groups"
    return Message.of(key, groups=tuple(parts))


@attrs.frozen(cache_hash=True)
class Phase:
    """An ordered tuple of group types, all laid down at once (C-10), with a display name.

    >>> phase = Phase((SetOf(3), RunOf(4)))
    >>> str(phase)
    'set of 3 + run of 4'
    >>> str(CLASSIC_PHASES[0]), len(CLASSIC_PHASES)
    ('2 sets of 3', 10)

    Raises:
        DefinitionError: ``groups`` is empty or holds something that is not a group type.
        LimitError: more groups than ``max_groups_per_phase``, or a group larger than
            ``max_group_size``, of the limits in force (:func:`phase10.use_limits`).
    """

    groups: tuple[GroupType, ...] = attrs.field(converter=_to_groups, validator=_check_groups)
    # The name is for display only: phases with the same groups are the same phase.
    name: str = attrs.field(default="", kw_only=True, eq=False)
    distinct_colors: bool = attrs.field(default=False, kw_only=True)

    def __str__(self) -> str:
        return self.name or " + ".join(str(g) for g in self.groups)

    def same_as(self, other: object) -> bool:
        """Whether ``other`` is this very phase, its name included.

        Phases with the same groups are equal (the name is for display), but a laydown
        names its phase, and two phases of a variant may differ only in name: the engine
        takes a laydown only of the phase named as the variant names it (issue 23), and
        notation and encoding find a laydown's phase the same way.

        >>> renamed = Phase(CLASSIC_PHASES[0].groups, name="two triples")
        >>> renamed == CLASSIC_PHASES[0], renamed.same_as(CLASSIC_PHASES[0])
        (True, False)
        """
        return isinstance(other, Phase) and self == other and self.name == other.name

    def problem(
        self, melds: Sequence[Meld], *, rules: MeldRules = CLASSIC_MELD_RULES
    ) -> str | None:
        """Why ``melds`` (one per group, valid on their own) do not make this phase together.

        Two conditions concern the phase as a whole. With ``natural_minimum=PHASE`` (the
        classic default, C-17) the melds together hold at least
        :meth:`~phase10.MeldRules.phase_naturals_needed` natural cards, so wilds alone are
        never a laydown. With ``distinct_colors`` the groups that are of one colour are of
        different colours (one suit + another suit, T-3). This is the one place both are
        checked: the laydown search prunes by the same numbers and the engine calls it.

        >>> from phase10.groups import check_meld
        >>> wilds = check_meld("W W W W W W W", RunOf(7)).melds[0]
        >>> CLASSIC_PHASES[3].problem((wilds,))
        'the phase needs at least 1 natural card, these melds hold 0'
        """
        found = self.check(melds, rules=rules)
        return None if found is None else found[1]

    def check(
        self, melds: Sequence[Meld], *, rules: MeldRules = CLASSIC_MELD_RULES
    ) -> tuple[MeldProblem, str] | None:
        """:meth:`problem` with its machine-readable reason, or ``None`` when the melds fit.

        >>> from phase10.groups import check_meld
        >>> wilds = check_meld("W W W W W W W", RunOf(7)).melds[0]
        >>> CLASSIC_PHASES[3].check((wilds,))[0]
        MeldProblem.TOO_FEW_NATURALS
        """
        need = rules.phase_naturals_needed()
        if need:
            held = sum(m.naturals for m in melds)
            if held < need:  # rule C-17, option natural_minimum = phase
                noun = "natural card" if need == 1 else "natural cards"
                return (
                    MeldProblem.TOO_FEW_NATURALS,
                    f"the phase needs at least {need} {noun}, these melds hold {held}",
                )
        if not self.distinct_colors:
            return None
        seen: set[Color] = set()
        for meld in melds:
            colors = meld_colors(meld.shape)
            if colors is None:
                continue
            if not seen.isdisjoint(colors):  # rule T-3
                return (
                    MeldProblem.SHARED_COLOR,
                    "the groups of this phase must be of different colours",
                )
            seen |= colors
        return None

    @classmethod
    def parse(
        cls,
        text: str,
        *,
        groups: Mapping[str, Callable[[int], GroupType]] | None = None,
        limits: Limits = DEFAULT_LIMITS,
    ) -> Phase:
        """Build a phase from words, e.g. ``"set 3 + run 4"`` or ``"2 sets of 4"``.

        Each part is ``[count] kind [of] size``; the kinds are ``set`` (or ``pair`` for a
        set of 2), ``run``, ``colour`` / ``color`` (a colour group), ``colour run`` /
        ``color run`` / ``same-colour run`` (a same-colour run), and ``N cards of one colour``.
        ``groups`` adds kinds of your own: a name mapped to a function of the size.

        >>> Phase.parse("set 3 + run 4") == CLASSIC_PHASES[1]
        True
        >>> str(Phase.parse("2 sets of 4"))
        'set of 4 + set of 4'
        >>> str(Phase.parse("4 pairs + colour run 3"))
        'set of 2 + set of 2 + set of 2 + set of 2 + same-colour run of 3'

        Counts and sizes are written in ASCII digits; the text, the count of groups and their
        sizes are checked against ``limits`` before any group is built.

        Raises:
            NotationError: the text names an unknown kind or has no size.
            LimitError: the text is longer than ``limits.max_text_length``, or asks for more
                groups than ``max_groups_per_phase`` or a group larger than ``max_group_size``.
        """
        with use_limits(limits):
            return _parse_phase(text, dict(groups or {}), limits)

    @property
    def size(self) -> int:
        """The fewest cards that complete the phase."""
        return sum(g.size for g in self.groups)


@attrs.frozen(cache_hash=True, repr=False)
class PhaseMelds:
    """A whole phase laid down at once: one meld per group of the phase, in phase order.

    ``str()`` writes the melds separated by ``" | "``. Melds for equal groups of the phase
    (the two sets of phase 1) are kept in a canonical order, so the same laydown written in
    another order is equal. Whether the melds make the phase (one valid meld per group) is
    for the rules to say (:func:`phase10.check`): notation reads a laydown before it knows.

    Raises:
        InvalidMeldError: ``melds`` is not a tuple of :class:`~phase10.Meld`.
    """

    phase: Phase
    melds: tuple[Meld, ...]

    def __attrs_post_init__(self) -> None:
        groups = self.phase.groups if isinstance(self.phase, Phase) else ()  # type: ignore[redundant-expr]
        melds = self.melds
        if not isinstance(melds, tuple) or not all(isinstance(m, Meld) for m in melds):  # type: ignore[redundant-expr]
            raise InvalidMeldError(f"a laydown's melds must be a tuple of Meld, got {melds!r}")
        if len(groups) != len(melds) or len(set(groups)) == len(groups):
            return
        ordered = list(melds)
        for group in set(groups):
            places = [i for i, g in enumerate(groups) if g == group]
            if len(places) > 1:
                chosen = sorted((melds[i] for i in places), key=meld_order)
                for i, meld in zip(places, chosen, strict=True):
                    ordered[i] = meld
        object.__setattr__(self, "melds", tuple(ordered))

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card laid down, in canonical order."""
        return sort_cards(c for m in self.melds for c in m.cards)

    def __str__(self) -> str:
        return " | ".join(str(m) for m in self.melds)

    def __repr__(self) -> str:
        """``PhaseMelds.of(phase, 'melds')``, or every field where that would not give it back.

        :meth:`of` reads each meld with :meth:`Meld.of <phase10.Meld.of>`, so the short form
        gives the laydown back exactly when each meld's repr is its short form.
        """
        if len(self.melds) == len(self.phase.groups) and all(
            repr(m).startswith("Meld.of(") for m in self.melds
        ):
            return f"PhaseMelds.of({self.phase!r}, {str(self)!r})"
        return f"PhaseMelds(phase={self.phase!r}, melds={self.melds!r})"

    @classmethod
    def of(cls, phase: Phase, text: str, *, rules: MeldRules = CLASSIC_MELD_RULES) -> PhaseMelds:
        """The laydown of ``phase`` written ``text``: its melds separated by ``|``, in phase order.

        Each meld is read by :meth:`Meld.of <phase10.Meld.of>` for its group of the phase.
        Whether the melds make the phase is for :meth:`Phase.problem` and the rules to say,
        as for any laydown. This is the form ``repr()`` writes.

        >>> laydown = PhaseMelds.of(CLASSIC_PHASES[1], "R7 B7 W=7 | G2 G3 G4 Y5")
        >>> str(laydown.melds[1].group), eval(repr(laydown)) == laydown
        ('run of 4', True)

        Raises:
            NotationError: a meld is not card notation of the rules' game.
            InvalidMeldError: ``text`` holds another number of melds than the phase has
                groups, or a meld is no meld of its group as written.
        """
        parts = text.split("|")
        if len(parts) != len(phase.groups):
            raise InvalidMeldError(
                f"{text!r} holds {len(parts)} melds; the phase {phase} has "
                f"{len(phase.groups)} groups"
            )
        return cls(
            phase,
            tuple(
                Meld.of(group, part, rules=rules)
                for group, part in zip(phase.groups, parts, strict=True)
            ),
        )

    def _repr_svg_(self) -> str | None:
        """The picture a notebook shows (drawn by :mod:`phase10.svg`); ``repr()`` is unchanged."""
        return _pictures.picture(self)


def meld_order(meld: Meld) -> tuple[tuple[object, str], ...]:
    """The canonical order of melds for equal groups of one phase: by cards, then wild values."""
    return tuple([(c.sort_key, str(v)) for c, v in zip(meld.cards, meld.values, strict=True)])


def meld_colors(shape: Shape) -> frozenset[Color] | None:
    """The colours a group of this shape is restricted to (``None``: any colour)."""
    if isinstance(shape, Repeat):
        return shape.pattern.colors
    colors: frozenset[Color] | None = None
    for pattern in shape.patterns:
        if pattern.colors is not None:
            colors = pattern.colors if colors is None else colors | pattern.colors
    return colors


_KINDS: dict[str, Callable[[int], GroupType]] = {
    "set": SetOf,
    "run": RunOf,
    "colour": ColorGroupOf,
    "color": ColorGroupOf,
    "colour group": ColorGroupOf,
    "color group": ColorGroupOf,
    "colour run": ColorRunOf,
    "color run": ColorRunOf,
    "same-colour run": ColorRunOf,
    "same-color run": ColorRunOf,
}
_PART_RE = re.compile(
    r"(?:(?P<count>[0-9]+)\s+)?(?P<kind>[a-z][a-z -]*?)s?(?:\s+of)?\s+(?P<size>[0-9]+)",
    re.IGNORECASE,
)
_CARDS_RE = re.compile(r"(?:(?P<count>[0-9]+)\s+)?(?P<size>[0-9]+)\s+cards?\s+of\s+one\s+colou?r")
_PAIRS_RE = re.compile(r"(?P<count>[0-9]+)?\s*pairs?")


def _number(digits: str | None, limit: str, path: str, text: str, limits: Limits) -> int:
    """A count or size of a phase text, checked before it is converted or used."""
    if digits is None:
        return 1
    # int() of a long run of digits is itself slow: 19 digits are past any sane limit
    value = int(digits[:19])
    if len(digits) > 19:
        value = 10**19
    return check_limit(value, limit, path, limits, where=f" in {text[:80]!r}")


def _parse_phase(text: str, extra: dict[str, Callable[[int], GroupType]], limits: Limits) -> Phase:
    if not isinstance(text, str) or not text.strip():  # type: ignore[redundant-expr]
        raise NotationError(
            f"expected a phase such as 'set 3 + run 4', got {text!r}", text=str(text)
        )
    check_limit(len(text), "max_text_length", "text", limits)
    kinds = {**_KINDS, **{k.lower(): v for k, v in extra.items()}}
    groups: list[GroupType] = []
    position = 0
    for part in text.split("+"):
        words = " ".join(part.lower().split())
        start = position + len(part) - len(part.lstrip())
        position += len(part) + 1
        if (m := _CARDS_RE.fullmatch(words)) is not None:
            size = _number(m["size"], "max_group_size", "size", text, limits)
            count = _number(m["count"], "max_groups_per_phase", "count", text, limits)
            groups += [ColorGroupOf(size)] * count
            check_limit(
                len(groups), "max_groups_per_phase", "groups", limits, where=f" in {text[:80]!r}"
            )
            continue
        if (m := _PAIRS_RE.fullmatch(words)) is not None:
            groups += [SetOf(2)] * _number(
                m["count"], "max_groups_per_phase", "count", text, limits
            )
            check_limit(
                len(groups), "max_groups_per_phase", "groups", limits, where=f" in {text[:80]!r}"
            )
            continue
        m = _PART_RE.fullmatch(words)
        kind = m["kind"].strip() if m is not None else ""
        make = kinds.get(kind) or kinds.get(kind.rstrip("s"))
        if m is None or make is None:
            known = ", ".join(sorted(kinds))
            raise NotationError(
                f"bad phase part {part.strip()!r} at position {start} in {text!r}: expected "
                f"'[count] kind [of] size' with a kind among {known}, or 'N cards of one colour'",
                text=text,
                token=part.strip(),
                position=start,
            )
        size = _number(m["size"], "max_group_size", "size", text, limits)
        count = _number(m["count"], "max_groups_per_phase", "count", text, limits)
        try:
            groups += [make(size)] * count
        except DefinitionError as exc:
            raise NotationError(
                f"bad phase part {part.strip()!r} in {text!r}: {exc}",
                text=text,
                token=part.strip(),
                position=start,
            ) from None
        check_limit(
            len(groups), "max_groups_per_phase", "groups", limits, where=f" in {text[:80]!r}"
        )
    return Phase(tuple(groups))


#: The ten phases of the classic game (C-5), indexed 0-9 (phase 1 is ``CLASSIC_PHASES[0]``).
CLASSIC_PHASES: tuple[Phase, ...] = (
    Phase((SetOf(3), SetOf(3)), name="2 sets of 3"),
    Phase((SetOf(3), RunOf(4)), name="1 set of 3 + 1 run of 4"),
    Phase((SetOf(4), RunOf(4)), name="1 set of 4 + 1 run of 4"),
    Phase((RunOf(7),), name="1 run of 7"),
    Phase((RunOf(8),), name="1 run of 8"),
    Phase((RunOf(9),), name="1 run of 9"),
    Phase((SetOf(4), SetOf(4)), name="2 sets of 4"),
    Phase((ColorGroupOf(7),), name="7 cards of one colour"),
    Phase((SetOf(5), SetOf(2)), name="1 set of 5 + 1 set of 2"),
    Phase((SetOf(5), SetOf(3)), name="1 set of 5 + 1 set of 3"),
)

#: The ten phases of Phase 10 Master (M-5).
MASTER_PHASES: tuple[Phase, ...] = (
    Phase((SetOf(2),) * 4, name="4 pairs"),
    Phase((ColorGroupOf(6),), name="6 cards of one colour"),
    Phase((SetOf(4), RunOf(4)), name="1 set of 4 + 1 run of 4"),
    Phase((RunOf(8),), name="1 run of 8"),
    Phase((ColorGroupOf(7),), name="7 cards of one colour"),
    Phase((RunOf(9),), name="1 run of 9"),
    Phase((SetOf(4), SetOf(4)), name="2 sets of 4"),
    Phase((ColorRunOf(4), SetOf(3)), name="1 same-colour run of 4 + 1 set of 3"),
    Phase((SetOf(5), SetOf(3)), name="1 set of 5 + 1 set of 3"),
    Phase((SetOf(5), ColorRunOf(3)), name="1 set of 5 + 1 same-colour run of 3"),
)

#: The ten phases of "10 Phases" with standard cards (T-3); suits play the part of colours.
TEN_PHASES_PHASES: tuple[Phase, ...] = (
    Phase((SetOf(3), RunOf(3)), name="1 set of 3 + 1 run of 3"),
    Phase((SetOf(3), RunOf(4)), name="1 set of 3 + 1 run of 4"),
    Phase((SetOf(3), SetOf(3)), name="2 sets of 3"),
    Phase((RunOf(6),), name="1 run of 6"),
    Phase((RunOf(7),), name="1 run of 7"),
    Phase((RunOf(8),), name="1 run of 8"),
    Phase((RedOrBlackOf(8),), name="8 cards of one colour (red or black)"),
    Phase(
        (ColorRunOf(4), ColorRunOf(4)),
        name="1 run of 4 in one suit + 1 run of 4 in another suit",
        distinct_colors=True,
    ),
    Phase(
        (ColorRunOf(5), ColorRunOf(3)),
        name="1 run of 5 in one suit + 1 run of 3 in another suit",
        distinct_colors=True,
    ),
    Phase(
        (ColorRunOf(5), ColorRunOf(4)),
        name="1 run of 5 in one suit + 1 run of 4 in another suit",
        distinct_colors=True,
    ),
)
