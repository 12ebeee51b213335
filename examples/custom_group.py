"""A user-defined group type, "all even numbers", used in a phase of its own.

phase10 needs no subclassing for this: a group type is any hashable object with a ``size``
and a ``shapes(rules)`` method (the :class:`phase10.GroupType` protocol). A frozen attrs
class gives value equality and hashing for free.

Run it with ``python examples/custom_group.py``.
"""

from __future__ import annotations

import attrs

import phase10
from phase10 import MeldRules, Pattern, Phase, Repeat, RunOf, Shape


@attrs.frozen
class EvenOf:
    """At least ``size`` cards with even numbers (2, 4, ..., 12), any colours, mixed numbers.

    A wild in the group stands for "some even number": the group does not fix which.
    """

    size: int

    def __str__(self) -> str:
        return f"group of {self.size} even numbers"

    def shapes(self, rules: MeldRules) -> tuple[Shape, ...]:
        """One shape: any number of cards, each of which must show an even number."""
        evens = frozenset(n for n in range(2, rules.max_number + 1, 2))
        return (Repeat(Pattern(numbers=evens)),)


#: A house phase: four even cards and a run of three.
EVENS_AND_RUN = Phase((EvenOf(4), RunOf(3)), name="4 evens + 1 run of 3")


def main() -> None:
    """Check a few melds and hands against the custom group and phase."""
    group = EvenOf(4)
    print(f"{group!r} is a GroupType: {isinstance(group, phase10.GroupType)}")
    for cards in ("R2 B4 G8 Y12", "R2 B4 W G10", "R2 B4 G8 R9", "R2 B4 G6", "W W W W"):
        print(f"  {cards:<14} {phase10.check_meld(cards, group)}")

    print(f"phase: {EVENS_AND_RUN} (at least {EVENS_AND_RUN.size} cards)")
    for hand in ("R2 B4 G6 Y8 R1 B3 W S", "R2 B4 G6 R10 R1 B3 G5 Y7", "R2 B4 R1 B3 G9 W S"):
        laydown = phase10.find_laydown(hand, EVENS_AND_RUN)
        print(f"  {hand:<26} {laydown if laydown is not None else 'no laydown'}")
    print(f"  why not: {phase10.explain('R2 B4 R1 B3 G9 W S', EVENS_AND_RUN)}")

    meld = phase10.check_meld("R2 B4 G8 Y12", group).melds[0]
    print(f"hit on {meld}: Y10 fits {meld.can_add(phase10.Card.parse('Y10'))}, ", end="")
    print(f"Y9 fits {meld.can_add(phase10.Card.parse('Y9'))}")
    print(f"after hitting a wild: {meld.add(phase10.WILD)}")


if __name__ == "__main__":
    main()
