"""Phases: ordered lists of group types a player must lay down together (C-5, C-9, C-10)."""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from phase10.errors import DefinitionError
from phase10.groups import ColorGroupOf, GroupType, RunOf, SetOf

__all__ = ["CLASSIC_PHASES", "Phase"]


def _to_groups(value: Iterable[GroupType]) -> tuple[GroupType, ...]:
    if isinstance(value, str) or not isinstance(value, Iterable):  # type: ignore[unreachable,redundant-expr]
        raise DefinitionError(f"a phase needs an iterable of group types, got {value!r}")
    return tuple(value)


def _check_groups(instance: Phase, attribute: attrs.Attribute[object], value: object) -> None:
    assert isinstance(value, tuple)
    if not value:
        raise DefinitionError("a phase needs at least one group")
    for group in value:
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
    """

    groups: tuple[GroupType, ...] = attrs.field(converter=_to_groups, validator=_check_groups)
    name: str = attrs.field(default="", kw_only=True)

    def __str__(self) -> str:
        return self.name or " + ".join(str(g) for g in self.groups)

    @property
    def size(self) -> int:
        """The fewest cards that complete the phase."""
        return sum(g.size for g in self.groups)


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
